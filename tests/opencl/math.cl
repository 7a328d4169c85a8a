__kernel void mathk(__global float *f, __global int *k, __global uint *u) {
  size_t i = get_global_id(0);
  float x = f[i];
  int e;
  float fr = frexp(x, &e);
  float ip;
  float frac = fract(x, &ip);
  f[i] = sincos(x, &ip) + pown(x, 3) + rootn(x, 2) + ldexp(fr, e) + frac + half_divide(x, 3.0f) + nan(1u)
       + remquo(x, 2.0f, &e) + atan2pi(x, 1.0f) + hypot(x, x) + step(0.5f, x) + smoothstep(0.f, 1.f, x);
  k[i] = hadd(k[i], e) + mad24(k[i], 2, 1) + upsample((short)1, (ushort)2) + sub_sat(k[i], 5);
  u[i] = bitselect(u[i], ~u[i], 0xff00ff00u) + ctz(u[i]) + as_uint(x) + (u[i] << 3 | u[i] >> 29);
}
