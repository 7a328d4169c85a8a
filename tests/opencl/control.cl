int collatz(int n) {
  int steps = 0;
  while (n != 1) {
    if (n & 1) n = 3 * n + 1; else n /= 2;
    if (++steps > 1000) break;
  }
  return steps;
}

__kernel void control(__global int *out, __global const int *in, int n) {
  size_t gid = get_global_id(0);
  int acc = 0;
  for (int i = 0; i < n; ++i) {
    if (in[i] < 0) continue;
    switch (in[i]) {
      case 0: acc += 1;
      case 1: acc *= 2; break;
      case 3: acc -= in[i]; goto done;
      case 6: acc += 7; break;
      case 100: acc = 0; break;
      default: acc ^= i;
    }
    if (acc > 1000) break;
  }
done:
  out[gid] = acc + collatz((int)gid + 1);
}
