__kernel void child(__global int *a) { a[get_global_id(0)] *= 2; }
__kernel void parent(__global int *a, int n) {
  queue_t q = get_default_queue();
  ndrange_t nd = ndrange_1D(n);
  clk_event_t done;
  enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, nd, 0, NULL, &done,
                 ^{ a[get_global_id(0)] += 1; });
  enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, nd, 1, &done, NULL, ^{ a[0] = 7; });
  release_event(done);
}
