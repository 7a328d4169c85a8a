__kernel void atomics(__global int *g, __global uint *u, __local int *l, __global long *x) {
  atomic_add(g, 1);
  atomic_cmpxchg(u, 0u, 1u);
  atomic_max(g + 1, (int)get_global_id(0));
  atomic_xchg((volatile __global float *)g + 2, 1.0f);
  atom_inc(l);
  int expected = 0;
  atomic_compare_exchange_strong((volatile __global atomic_int *)g, &expected, 3);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_work_group);
  x[0] = get_global_linear_id() + get_enqueued_local_size(0) + get_num_groups(1) + get_work_dim();
}
