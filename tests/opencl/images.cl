__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__kernel void images(read_only image2d_t src, write_only image2d_t dst, read_only image1d_buffer_t buf,
                     read_write image3d_t vol) {
  int2 pos = (int2)(get_global_id(0), get_global_id(1));
  float4 c = read_imagef(src, smp, pos) + read_imagef(buf, pos.x);
  uint4 v = read_imageui(vol, (int4)(pos, 0, 0));
  write_imagef(dst, pos, c + convert_float4(v) + (float4)(get_image_width(src), get_image_height(src), 0, 0));
}
