typedef struct { float4 pos; int id; char tag[3]; } Item;

__constant float weights[4] = {0.1f, 0.2f, 0.3f, 0.4f};

__kernel void memory(__global Item *items, __local float *scratch, __global float *out,
                     __global atomic_int *counter) {
  size_t lid = get_local_id(0), gid = get_global_id(0);
  __global Item *p = items + gid;
  scratch[lid] = p->pos.x * weights[lid & 3] + (float)p->tag[1];
  barrier(CLK_LOCAL_MEM_FENCE);
  float sum = 0.0f;
  for (size_t i = 0; i < get_local_size(0); ++i) sum += scratch[i];
  out[gid] = sum + length(p->pos) + native_sqrt(fabs(sum)) + fma(sum, 2.0f, 1.0f);
  atomic_fetch_add_explicit(counter, 1, memory_order_relaxed, memory_scope_device);
  float4 v = vload4(0, out);
  vstore4(v * 2.0f, 1, out);
}
