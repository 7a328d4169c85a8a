__kernel void vectors(__global float8 *a, __global int16 *b, __global double3 *c) {
  size_t i = get_global_id(0);
  float8 v = a[i];
  v.s0123 = v.s4567 * v.even.xyzw.xxyy.xyzw;
  a[i] = v + (float8)(dot(v.lo, v.hi)) + cross(v.lo, v.hi).xyzwxyzw;
  int16 w = b[i];
  b[i] = w.sfedcba9876543210 + (int16)(w.s7) + as_int16(abs_diff(w, (int16)3).s0123456789abcdef);
  c[i] = normalize(c[i]) + mix(c[i], (double3)(1.0), 0.25) + native_exp(c[i].x);
}
