// ARGS: opt
// Result names MLIR gives addresses and constants in custom form: symbol
// names sanitized (spaces to `_`, other characters to their hex code, a
// leading digit guarded) and conflicts suffixed.
// The CHECK lines are mlir-opt-19's output for this file, which opt prints
// byte for byte.
// CHECK: module {
// CHECK-NEXT: spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
// CHECK-NEXT: spirv.GlobalVariable @"a b" : !spirv.ptr<f32, Private>
// CHECK-NEXT: spirv.GlobalVariable @"1x" : !spirv.ptr<f32, Private>
// CHECK-NEXT: spirv.GlobalVariable @"a-b$c.d" : !spirv.ptr<f32, Private>
// CHECK-NEXT: spirv.GlobalVariable @"x(y;" : !spirv.ptr<f32, Private>
// CHECK-NEXT: spirv.GlobalVariable @x_addr : !spirv.ptr<f32, Private>
// CHECK-NEXT: spirv.func @f() "None" {
// CHECK-NEXT: %a_b_addr = spirv.mlir.addressof @"a b" : !spirv.ptr<f32, Private>
// CHECK-NEXT: %_1x_addr = spirv.mlir.addressof @"1x" : !spirv.ptr<f32, Private>
// CHECK-NEXT: %a-b$c.d_addr = spirv.mlir.addressof @"a-b$c.d" : !spirv.ptr<f32, Private>
// CHECK-NEXT: %x28y3B_addr = spirv.mlir.addressof @"x(y;" : !spirv.ptr<f32, Private>
// CHECK-NEXT: %a_b_addr_0 = spirv.mlir.addressof @"a b" : !spirv.ptr<f32, Private>
// CHECK-NEXT: %x_addr_addr = spirv.mlir.addressof @x_addr : !spirv.ptr<f32, Private>
// CHECK-NEXT: %cst-5_i8 = spirv.Constant -5 : i8
// CHECK-NEXT: %cst200_ui8 = spirv.Constant 200 : ui8
// CHECK-NEXT: %cst_vec_2xi1 = spirv.Constant dense<true> : vector<2xi1>
// CHECK-NEXT: %cst_f16 = spirv.Constant 1.500000e+00 : f16
// CHECK-NEXT: %cst_vec_2xui16 = spirv.Constant dense<[1, 2]> : vector<2xui16>
// CHECK-NEXT: spirv.Return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @"a b" : !spirv.ptr<f32, Private>
  spirv.GlobalVariable @"1x" : !spirv.ptr<f32, Private>
  spirv.GlobalVariable @"a-b$c.d" : !spirv.ptr<f32, Private>
  spirv.GlobalVariable @"x(y;" : !spirv.ptr<f32, Private>
  spirv.GlobalVariable @x_addr : !spirv.ptr<f32, Private>
  spirv.func @f() "None" {
    %0 = spirv.mlir.addressof @"a b" : !spirv.ptr<f32, Private>
    %1 = spirv.mlir.addressof @"1x" : !spirv.ptr<f32, Private>
    %2 = spirv.mlir.addressof @"a-b$c.d" : !spirv.ptr<f32, Private>
    %3 = spirv.mlir.addressof @"x(y;" : !spirv.ptr<f32, Private>
    %4 = spirv.mlir.addressof @"a b" : !spirv.ptr<f32, Private>
    %5 = spirv.mlir.addressof @x_addr : !spirv.ptr<f32, Private>
    %6 = spirv.Constant -5 : i8
    %7 = spirv.Constant 200 : ui8
    %8 = spirv.Constant dense<1> : vector<2xi1>
    %9 = spirv.Constant 1.5 : f16
    %10 = spirv.Constant dense<[1, 2]> : vector<2xui16>
    spirv.Return
  }
}
