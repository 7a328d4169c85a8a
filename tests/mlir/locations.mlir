// ARGS: opt --mlir-print-debuginfo
// Locations: every form MLIR 19 writes is read (file positions, names,
// unknown, call sites and fused locations, which keep their callee and
// their first part), aliases may be used before their definition after the
// module, and --mlir-print-debuginfo prints each op's and block argument's
// location inline (MLIR's --mlir-print-local-scope spelling), and struct
// member names (OpMemberName, debug information too).

// CHECK:      module {
// CHECK-NEXT:   "foo.top"() ({
// CHECK-NEXT:     %0 = "foo.op"() : () -> i32 loc("shader.glsl":3:7)
// CHECK-NEXT:     "foo.region"() ({
// CHECK-NEXT:     ^bb0(%arg0: i32 loc("x"), %arg1: i32 loc("y"("shader.glsl":10:1))):
// CHECK-NEXT:       "foo.use"(%arg0, %arg1) : (i32, i32) -> () loc("callee.glsl":1:2)
// CHECK-NEXT:     }) : () -> () loc("a.glsl":1:1)
// CHECK-NEXT:     func.func @f(%arg0: i32 {foo.attr} loc("param")) {
// CHECK-NEXT:       return loc(unknown)
// CHECK-NEXT:     } loc("shader.glsl":10:1)
// CHECK-NEXT:     "foo.v"() : () -> () loc("c.glsl":4:4)
// CHECK-NEXT:     "foo.w"() : () -> () loc("{{.*}}locations.mlir":34:3)
// CHECK-NEXT:     "foo.t"() : () -> !spirv.struct<S, (position: vector<4xf32> [0], "odd name": f32 [16], i32)> loc("{{.*}}locations.mlir":35:3)
// CHECK-NEXT:   }) : () -> () loc("top")
// CHECK-NEXT: } loc("{{.*}}locations.mlir":0:0)
"foo.top"() ({
  %a = "foo.op"() : () -> i32 loc("shader.glsl":3:7)
  "foo.region"() ({
  ^bb0(%x: i32 loc("x"), %y: i32 loc(#named)):
    "foo.use"(%x, %y) : (i32, i32) -> () loc(callsite("callee.glsl":1:2 at "caller.glsl":9:9))
  }) : () -> () loc(fused["a.glsl":1:1, "b.glsl":2:2])
  func.func @f(%arg0: i32 {foo.attr} loc("param")) {
    return loc(unknown)
  } loc(#file)
  "foo.v"() : () -> () loc(fused<"meta">["c.glsl":4:4])
  "foo.w"() : () -> ()
  "foo.t"() : () -> !spirv.struct<S, (position: vector<4xf32> [0], "odd name": f32 [16], i32)>
}) : () -> () loc("top")
#file = loc("shader.glsl":10:1)
#named = loc("y"(#file))
