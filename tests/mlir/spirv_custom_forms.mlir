// ARGS: opt
// MLIR 19's custom forms of the spirv op classes declared in
// dialect/spirv/formats.rs print and parse back; the CHECK lines are
// mlir-opt-19's output for this file, which opt prints byte for byte.
// CHECK: module {
// CHECK-NEXT: spirv.module Logical GLSL450 {
// CHECK-NEXT: spirv.GlobalVariable @g : !spirv.ptr<f32, Private>
// CHECK-NEXT: spirv.func @f(%arg0: i32, %arg1: f32, %arg2: vector<3xf32>) -> i32 "None" {
// CHECK-NEXT: %0 = spirv.IAdd %arg0, %arg0 : i32
// CHECK-NEXT: %1 = spirv.BitwiseXor %0, %arg0 : i32
// CHECK-NEXT: %2 = spirv.Not %1 : i32
// CHECK-NEXT: %3 = spirv.FMod %arg1, %arg1 : f32
// CHECK-NEXT: %4 = spirv.GL.FAbs %arg1 : f32
// CHECK-NEXT: %5 = spirv.GL.FClamp %arg2, %arg2, %arg2 : vector<3xf32>
// CHECK-NEXT: %6 = spirv.ConvertSToF %0 : i32 to f32
// CHECK-NEXT: %7 = spirv.Bitcast %6 : f32 to i32
// CHECK-NEXT: %8 = spirv.CompositeConstruct %6, %arg1, %arg1 : (f32, f32, f32) -> vector<3xf32>
// CHECK-NEXT: %9 = spirv.VectorTimesScalar %8, %arg1 : (vector<3xf32>, f32) -> vector<3xf32>
// CHECK-NEXT: %g_addr = spirv.mlir.addressof @g : !spirv.ptr<f32, Private>
// CHECK-NEXT: %10 = spirv.FunctionCall @f(%0, %arg1, %arg2) : (i32, f32, vector<3xf32>) -> i32
// CHECK-NEXT: spirv.Branch ^bb1(%0 : i32)
// CHECK-NEXT: ^bb1(%11: i32):  // pred: ^bb0
// CHECK-NEXT: spirv.mlir.loop {
// CHECK-NEXT: spirv.Branch ^bb1
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: spirv.Branch ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: spirv.Branch ^bb1
// CHECK-NEXT: ^bb3:  // no predecessors
// CHECK-NEXT: spirv.mlir.merge
// CHECK-NEXT: }
// CHECK-NEXT: spirv.ReturnValue %11 : i32
// CHECK-NEXT: }
// CHECK-NEXT: spirv.func @g2() "None" {
// CHECK-NEXT: spirv.Return
// CHECK-NEXT: ^bb1:  // no predecessors
// CHECK-NEXT: spirv.Unreachable
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }


"spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
  "spirv.GlobalVariable"() <{sym_name = "g", type = !spirv.ptr<f32, Private>}> : () -> ()
  "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, f32, vector<3xf32>) -> i32, sym_name = "f"}> ({
  ^bb0(%a: i32, %b: f32, %v: vector<3xf32>):
    %0 = spirv.IAdd %a, %a : i32
    %1 = spirv.BitwiseXor %0, %a : i32
    %2 = spirv.Not %1 : i32
    %3 = spirv.FMod %b, %b : f32
    %4 = spirv.GL.FAbs %b : f32
    %5 = spirv.GL.FClamp %v, %v, %v : vector<3xf32>
    %6 = spirv.ConvertSToF %0 : i32 to f32
    %7 = spirv.Bitcast %6 : f32 to i32
    %8 = spirv.CompositeConstruct %6, %b, %b : (f32, f32, f32) -> vector<3xf32>
    %9 = spirv.VectorTimesScalar %8, %b : (vector<3xf32>, f32) -> vector<3xf32>
    %10 = spirv.mlir.addressof @g : !spirv.ptr<f32, Private>
    %11 = spirv.FunctionCall @f(%0, %b, %v) : (i32, f32, vector<3xf32>) -> i32
    spirv.Branch ^bb1(%0 : i32)
  ^bb1(%x: i32):
    "spirv.mlir.loop"() <{loop_control = #spirv.loop_control<None>}> ({
      spirv.Branch ^bb1
    ^bb1:
      spirv.Branch ^bb2
    ^bb2:
      spirv.Branch ^bb1
    ^bb3:
      spirv.mlir.merge
    }) : () -> ()
    spirv.ReturnValue %x : i32
  }) : () -> ()
  "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "g2"}> ({
    spirv.Return
  ^bb1:
    spirv.Unreachable
  }) : () -> ()
}) : () -> ()
