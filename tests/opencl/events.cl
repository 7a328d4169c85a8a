__kernel void events(__global const float4 *src, __global float4 *dst, __local float4 *tile) {
  event_t e = async_work_group_copy(tile, src + get_group_id(0) * 64, 64, 0);
  wait_group_events(1, &e);
  size_t l = get_local_id(0);
  dst[get_global_id(0)] = tile[l].wzyx + shuffle(tile[l], (uint4)(3, 2, 1, 0));
  prefetch(src, 16);
  mem_fence(CLK_GLOBAL_MEM_FENCE);
}
