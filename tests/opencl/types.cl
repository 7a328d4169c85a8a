#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void types(__global half *h, __global double *d, __global long *l, __global uchar4 *c,
                    __global short8 *s, __global ulong *u) {
  size_t i = get_global_id(0);
  h[i] = h[i] * (half)2.0;
  d[i] = sqrt(d[i]) + (double)l[i];
  l[i] = (long)d[i] >> 3;
  c[i] = convert_uchar4_sat(convert_float4(c[i]) * 1.5f);
  s[i] = rotate(s[i], (short8)1) + popcount(s[i]);
  u[i] = mul_hi(u[i], (ulong)l[i]) + clz(u[i]) + convert_ulong_rtz(d[i]);
  int2 q = (int2)(i, -i);
  l[i] += select(q, q * 2, q > 0).x + any(q > 3) + all(q < 10);
}
