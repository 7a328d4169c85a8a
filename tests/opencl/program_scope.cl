global int counter = 5;
global float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
constant char message[] = "hello %d\n";
typedef struct { int a; float b; } Pair;
Pair make(int a) { Pair p = {a, (float)a * 0.5f}; return p; }
__kernel void program_scope(__global int *out, Pair in) {
  local int shared[16];
  shared[get_local_id(0) & 15] = counter + in.a;
  barrier(CLK_LOCAL_MEM_FENCE);
  Pair p = make(shared[0]);
  out[get_global_id(0)] = p.a + (int)table[get_global_id(0) & 3] + (int)in.b;
  counter += 1;
  printf(message, counter);
  float h = vload_half(0, (__global half *)out);
  vstore_half_rte(h * 2.0f, 1, (__global half *)out);
}
