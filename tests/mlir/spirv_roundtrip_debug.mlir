// ARGS: translate --test-spirv-roundtrip-debug --no-implicit-module --mlir-print-debuginfo
// The buffer's single op is the module (--no-implicit-module, as
// mlir-translate takes it). With debug information each op's position in
// this file (the function's too, before its OpFunction), or the location it
// was given, goes into the binary as an OpLine with an OpString per file and
// reads back as the op's location (ops are located at their name); the
// parameter's name location becomes an OpName and comes back too.

// CHECK:      spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
// CHECK-NEXT:   "spirv.String"() <{string = "{{.*}}spirv_roundtrip_debug.mlir", sym_name = "spirv_string_0"}> : () -> () loc(unknown)
// CHECK-NEXT:   "spirv.String"() <{string = "shader.glsl", sym_name = "spirv_string_1"}> : () -> () loc(unknown)
// CHECK-NEXT:   spirv.func @f(%arg0: i32 loc("x")) -> i32 "None" {
// CHECK-NEXT:     %0 = spirv.IAdd %arg0, %arg0 : i32 loc("{{.*}}spirv_roundtrip_debug.mlir":20:10)
// CHECK-NEXT:     %1 = spirv.IMul %0, %arg0 : i32 loc("shader.glsl":7:3)
// CHECK-NEXT:     spirv.ReturnValue %1 : i32 loc("{{.*}}spirv_roundtrip_debug.mlir":22:5)
// CHECK-NEXT:   } loc("{{.*}}spirv_roundtrip_debug.mlir":19:3)
// CHECK-NEXT: } loc(unknown)
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @f(%x: i32 loc("x")) -> i32 "None" {
    %0 = spirv.IAdd %x, %x : i32
    %1 = spirv.IMul %0, %x : i32 loc("shader.glsl":7:3)
    spirv.ReturnValue %1 : i32
  }
}
