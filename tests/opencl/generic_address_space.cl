void bump(int *p) { *p += 1; }
int pick(__generic int *a, __generic int *b, int which) { return which ? *a : *b; }
__kernel void gen(__global int *g, __local int *l) {
  int priv = 3;
  bump(&priv);
  bump(g + get_global_id(0));
  __generic int *gp = get_local_id(0) ? (__generic int *)l : (__generic int *)g;
  *gp = pick(gp, &priv, get_group_id(0) & 1);
  if (to_global(gp)) g[0] = 1;
  printf("value %d %f\n", priv, 1.5f);
  work_group_barrier(CLK_GLOBAL_MEM_FENCE);
  g[1] = sub_group_reduce_add(priv) + work_group_broadcast(priv, 0);
}
