typedef struct { float x, y; int tag; } Point;
typedef union { float f; uint u; } Bits;
typedef struct { Point a, b; Bits flags[2]; } Segment;
Point mid(Point a, Point b) { Point m = {(a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f, a.tag ^ b.tag}; return m; }
float len2(__private const Point *p) { return p->x * p->x + p->y * p->y; }
__kernel void structs(__global Segment *segs, __global Point *mids, __local Point *tmp) {
  size_t i = get_global_id(0);
  Segment s = segs[i];
  Point m = mid(s.a, s.b);
  tmp[get_local_id(0)] = m;
  barrier(CLK_LOCAL_MEM_FENCE);
  Bits b; b.f = len2(&m);
  s.flags[b.u & 1].u = b.u;
  segs[i] = s;
  mids[i] = tmp[(get_local_id(0) + 1) % get_local_size(0)];
  if (__builtin_expect(m.tag == 7, 0)) mids[i].tag = -1;
}
