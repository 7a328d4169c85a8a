// ARGS: opt
// A named module with attributes, an exported global, spec constants with
// and without an id, nested array and 64-bit constants, and calls.
// The CHECK lines are mlir-opt-19's output for this file, which opt prints
// byte for byte.
// CHECK: module {
// CHECK-NEXT: spirv.module @named Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Linkage, Int64, Float64], []> attributes {foo.bar = 1 : i32} {
// CHECK-NEXT: spirv.GlobalVariable @g {linkage_attributes = #spirv.linkage_attributes<linkage_name = "g", linkage_type = <Export>>} : !spirv.ptr<f32, CrossWorkgroup>
// CHECK-NEXT: spirv.SpecConstant @f64 spec_id(3) = 2.500000e+00 : f64
// CHECK-NEXT: spirv.SpecConstant @b = false
// CHECK-NEXT: spirv.func @k(%arg0: !spirv.ptr<f32, CrossWorkgroup>) "DontInline" {
// CHECK-NEXT: %cst = spirv.Constant [[1 : i32, 2 : i32], [3 : i32, 4 : i32]] : !spirv.array<2 x !spirv.array<2 x i32>>
// CHECK-NEXT: %cst1_i64 = spirv.Constant 1 : i64
// CHECK-NEXT: %cst_f64 = spirv.Constant -1.000000e+10 : f64
// CHECK-NEXT: %0 = spirv.FunctionCall @k2(%arg0) : (!spirv.ptr<f32, CrossWorkgroup>) -> i32
// CHECK-NEXT: spirv.Return
// CHECK-NEXT: }
// CHECK-NEXT: spirv.func @k2(%arg0: !spirv.ptr<f32, CrossWorkgroup>) -> i32 "None" {
// CHECK-NEXT: %cst0_i32 = spirv.Constant 0 : i32
// CHECK-NEXT: spirv.ReturnValue %cst0_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }

spirv.module @named Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Linkage, Int64, Float64], []> attributes {foo.bar = 1 : i32} {
  spirv.GlobalVariable @g {linkage_attributes = #spirv.linkage_attributes<linkage_name = "g", linkage_type = <Export>>} : !spirv.ptr<f32, CrossWorkgroup>
  spirv.SpecConstant @f64 spec_id(3) = 2.5 : f64
  spirv.SpecConstant @b = false
  spirv.func @k(%a: !spirv.ptr<f32, CrossWorkgroup>) "DontInline" {
    %c = spirv.Constant [[1 : i32, 2 : i32], [3 : i32, 4 : i32]] : !spirv.array<2 x !spirv.array<2 x i32>>
    %e = spirv.Constant 1 : i64
    %f = spirv.Constant -1.0e+10 : f64
    %r = spirv.FunctionCall @k2(%a) : (!spirv.ptr<f32, CrossWorkgroup>) -> i32
    spirv.Return
  }
  spirv.func @k2(%a: !spirv.ptr<f32, CrossWorkgroup>) -> i32 "None" {
    %0 = spirv.Constant 0 : i32
    spirv.ReturnValue %0 : i32
  }
}
