__kernel void loops(__global int *a, int n, int m) {
  int i = 0, j;
outer:
  for (; i < n; ++i) {
    j = 0;
    while (1) {
      if (a[i * m + j] == 0) { a[i] = -1; break; }
      if (j++ >= m) break;
      if (a[j] < 0) return;
    }
    do { a[i] += j; } while (--j > 0 && a[i] < 100);
  }
  #pragma unroll 4
  for (int k = 0; k < 8; ++k) a[k] = a[k] * k + clamp(a[k], -3, 3);
}
