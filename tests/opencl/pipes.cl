__kernel void producer(__write_only pipe int out, __global const int *src) {
  int v = src[get_global_id(0)];
  write_pipe(out, &v);
  reserve_id_t r = reserve_write_pipe(out, 2);
  if (is_valid_reserve_id(r)) {
    write_pipe(out, r, 0, &v);
    commit_write_pipe(out, r);
  }
}
__kernel void consumer(__read_only pipe int in, __global int *dst) {
  int v;
  if (read_pipe(in, &v) == 0) dst[get_global_id(0)] = v + get_pipe_num_packets(in);
}
