#pragma OPENCL EXTENSION cl_khr_subgroups : enable
__kernel void subgroups(__global uint *out, __global const float *in) {
  size_t i = get_global_id(0);
  uint lane = get_sub_group_local_id();
  float v = in[i];
  float total = sub_group_reduce_add(v);
  float first = sub_group_broadcast(v, 0);
  float prefix = sub_group_scan_inclusive_max(v);
  int all_pos = sub_group_all(v > 0.0f);
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = lane + get_sub_group_size() + get_num_sub_groups() + (uint)(total + first + prefix) + all_pos;
  __attribute__((opencl_unroll_hint(4)))
  for (int k = 0; k < 16; ++k) out[i] += k * lane;
}
