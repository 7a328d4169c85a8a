// ARGS: opt
// MLIR 19 custom forms of structure, memory, composite, atomic, barrier and
// control-flow ops, parsed from generic input.
// The CHECK lines are mlir-opt-19's output for this file, which opt prints
// byte for byte (tests/mlir_interop.rs also compares the two directly, in
// custom and generic form).
// CHECK: module {
// CHECK-NEXT: spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Float64], []> {
// CHECK-NEXT: spirv.GlobalVariable @a bind(0, 1) {aliased} : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
// CHECK-NEXT: spirv.GlobalVariable @b built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
// CHECK-NEXT: spirv.SpecConstant @sc1 = 1 : i32
// CHECK-NEXT: spirv.SpecConstant @sc2 spec_id(5) = true
// CHECK-NEXT: spirv.SpecConstantComposite @scc (@sc1, @sc1) : !spirv.array<2 x i32>
// CHECK-NEXT: spirv.GlobalVariable @c initializer(@sc1) : !spirv.ptr<i32, Private>
// CHECK-NEXT: spirv.func @f(%arg0: i32 {foo.foo = 1 : i32}, %arg1: !spirv.ptr<f32, Function>) -> (i32 {foo.bar}) "Inline|Pure" attributes {x = 2 : i32} {
// CHECK-NEXT: %0 = spirv.Load "Function" %arg1 ["Aligned", 4] : f32
// CHECK-NEXT: %1 = spirv.Load "Function" %arg1 ["Volatile"] : f32
// CHECK-NEXT: spirv.Store "Function" %arg1, %0 ["Volatile"] : f32
// CHECK-NEXT: %cst_f32 = spirv.Constant 1.000000e+00 : f32
// CHECK-NEXT: %2 = spirv.Variable init(%cst_f32) : !spirv.ptr<f32, Function>
// CHECK-NEXT: spirv.CopyMemory  "Function" %2,  "Function" %arg1 ["Aligned", 4],  ["Aligned", 4] : f32
// CHECK-NEXT: %cst_vec_2xi32 = spirv.Constant dense<[1, 2]> : vector<2xi32>
// CHECK-NEXT: %cst1_i32 = spirv.Constant 1 : i32
// CHECK-NEXT: %true = spirv.Constant true
// CHECK-NEXT: %3 = spirv.CompositeInsert %cst1_i32, %cst_vec_2xi32[0 : i32] : i32 into vector<2xi32>
// CHECK-NEXT: %4 = spirv.VectorExtractDynamic %cst_vec_2xi32[%cst1_i32] : vector<2xi32>, i32
// CHECK-NEXT: %5 = spirv.VectorInsertDynamic %cst1_i32, %cst_vec_2xi32[%cst1_i32] : vector<2xi32>, i32
// CHECK-NEXT: %6 = spirv.Select %true, %cst1_i32, %cst1_i32 : i1, i32
// CHECK-NEXT: %7 = spirv.Variable : !spirv.ptr<i32, Function>
// CHECK-NEXT: %8 = spirv.AtomicIAdd <Device> <None> %7, %cst1_i32 : !spirv.ptr<i32, Function>
// CHECK-NEXT: spirv.ControlBarrier <Workgroup>, <Device>, <AcquireRelease|WorkgroupMemory>
// CHECK-NEXT: spirv.MemoryBarrier <Device>, <None>
// CHECK-NEXT: %9 = spirv.GroupNonUniformIAdd "Subgroup" "Reduce" %cst1_i32 : i32
// CHECK-NEXT: %10 = spirv.GroupNonUniformBallot <Subgroup> %true : vector<4xi32>
// CHECK-NEXT: %11 = spirv.IsNan %0 : f32
// CHECK-NEXT: %12 = spirv.PtrAccessChain %arg1[%cst1_i32] : !spirv.ptr<f32, Function>, i32
// CHECK-NEXT: %13 = spirv.Undef : f32
// CHECK-NEXT: %14 = spirv.CL.fabs %0 : f32
// CHECK-NEXT: %15 = spirv.GL.FrexpStruct %0 : f32 -> !spirv.struct<(f32, i32)>
// CHECK-NEXT: %cst_vec_2xf32 = spirv.Constant dense<1.000000e+00> : vector<2xf32>
// CHECK-NEXT: %16 = spirv.Dot %cst_vec_2xf32, %cst_vec_2xf32 : vector<2xf32> -> f32
// CHECK-NEXT: %17 = spirv.SpecConstantOperation wraps "spirv.IAdd"(%cst1_i32, %cst1_i32) : (i32, i32) -> i32
// CHECK-NEXT: %18 = spirv.BitFieldInsert %cst1_i32, %cst1_i32, %cst1_i32, %cst1_i32 : i32, i32, i32
// CHECK-NEXT: %19 = spirv.BitCount %cst1_i32 : i32
// CHECK-NEXT: %20 = spirv.GroupBroadcast <Workgroup> %cst1_i32, %cst1_i32 : i32, i32
// CHECK-NEXT: %21 = spirv.mlir.referenceof @sc1 : i32
// CHECK-NEXT: %22 = spirv.IAddCarry %cst1_i32, %cst1_i32 : !spirv.struct<(i32, i32)>
// CHECK-NEXT: %23 = spirv.Ordered %0, %0 : f32
// CHECK-NEXT: %24 = spirv.IsInf %0 : f32
// CHECK-NEXT: spirv.BranchConditional %true [1, 2], ^bb1(%cst1_i32 : i32), ^bb2(%cst1_i32 : i32)
// CHECK-NEXT: ^bb1(%25: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: "spirv.Switch"(%cst1_i32, %cst1_i32, %cst1_i32)[^bb2, ^bb1] {case_operand_segments = array<i32: 1>, literals = dense<5> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 1, 1>} : (i32, i32, i32) -> ()
// CHECK-NEXT: ^bb2(%26: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: spirv.ReturnValue %cst1_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: spirv.func @g() "None" {
// CHECK-NEXT: spirv.mlir.loop control(Unroll) {
// CHECK-NEXT: spirv.Branch ^bb1
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: spirv.Branch ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: spirv.Branch ^bb1
// CHECK-NEXT: ^bb3:  // no predecessors
// CHECK-NEXT: spirv.mlir.merge
// CHECK-NEXT: }
// CHECK-NEXT: spirv.Return
// CHECK-NEXT: }
// CHECK-NEXT: spirv.EntryPoint "GLCompute" @g
// CHECK-NEXT: spirv.ExecutionMode @g "LocalSize", 8, 1, 1
// CHECK-NEXT: }
// CHECK-NEXT: }

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Float64], []> {
  spirv.GlobalVariable @a bind(0, 1) {aliased} : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
  spirv.GlobalVariable @b built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.SpecConstant @sc1 = 1 : i32
  spirv.SpecConstant @sc2 spec_id(5) = true
  spirv.SpecConstantComposite @scc (@sc1, @sc1) : !spirv.array<2 x i32>
  spirv.GlobalVariable @c initializer(@sc1) : !spirv.ptr<i32, Private>
  spirv.func @f(%arg0: i32 {foo.foo = 1 : i32}, %arg1: !spirv.ptr<f32, Function>) -> (i32 {foo.bar}) "Inline|Pure" attributes {x = 2 : i32} {
    %0 = "spirv.Load"(%arg1) {memory_access = #spirv.memory_access<Aligned>, alignment = 4 : i32} : (!spirv.ptr<f32, Function>) -> f32
    %1 = "spirv.Load"(%arg1) {memory_access = #spirv.memory_access<Volatile>} : (!spirv.ptr<f32, Function>) -> f32
    "spirv.Store"(%arg1, %0) {memory_access = #spirv.memory_access<Volatile>} : (!spirv.ptr<f32, Function>, f32) -> ()
    %cf = spirv.Constant 1.0 : f32
    %2 = "spirv.Variable"(%cf) {storage_class = #spirv.storage_class<Function>} : (f32) -> !spirv.ptr<f32, Function>
    "spirv.CopyMemory"(%2, %arg1) {memory_access = #spirv.memory_access<Aligned>, alignment = 4 : i32} : (!spirv.ptr<f32, Function>, !spirv.ptr<f32, Function>) -> ()
    %c = spirv.Constant dense<[1, 2]> : vector<2xi32>
    %c1 = spirv.Constant 1 : i32
    %b1 = spirv.Constant true
    %3 = "spirv.CompositeInsert"(%c1, %c) {indices = [0 : i32]} : (i32, vector<2xi32>) -> vector<2xi32>
    %4 = "spirv.VectorExtractDynamic"(%c, %c1) : (vector<2xi32>, i32) -> i32
    %5 = "spirv.VectorInsertDynamic"(%c, %c1, %c1) : (vector<2xi32>, i32, i32) -> vector<2xi32>
    %6 = "spirv.Select"(%b1, %c1, %c1) : (i1, i32, i32) -> i32
    %iv = spirv.Variable : !spirv.ptr<i32, Function>
    %7 = "spirv.AtomicIAdd"(%iv, %c1) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<None>} : (!spirv.ptr<i32, Function>, i32) -> i32
    "spirv.ControlBarrier"() {execution_scope = #spirv.scope<Workgroup>, memory_scope = #spirv.scope<Device>, memory_semantics = #spirv.memory_semantics<AcquireRelease|WorkgroupMemory>} : () -> ()
    "spirv.MemoryBarrier"() {memory_scope = #spirv.scope<Device>, memory_semantics = #spirv.memory_semantics<None>} : () -> ()
    %8 = "spirv.GroupNonUniformIAdd"(%c1) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<Reduce>} : (i32) -> i32
    %9 = "spirv.GroupNonUniformBallot"(%b1) {execution_scope = #spirv.scope<Subgroup>} : (i1) -> vector<4xi32>
    %10 = "spirv.IsNan"(%0) : (f32) -> i1
    %11 = "spirv.PtrAccessChain"(%arg1, %c1) : (!spirv.ptr<f32, Function>, i32) -> !spirv.ptr<f32, Function>
    %12 = "spirv.Undef"() : () -> f32
    %13 = "spirv.CL.fabs"(%0) : (f32) -> f32
    %14 = "spirv.GL.FrexpStruct"(%0) : (f32) -> !spirv.struct<(f32, i32)>
    %fv = spirv.Constant dense<1.0> : vector<2xf32>
    %15 = "spirv.Dot"(%fv, %fv) : (vector<2xf32>, vector<2xf32>) -> f32
    %16 = "spirv.SpecConstantOperation"() ({
      %x = "spirv.IAdd"(%c1, %c1) : (i32, i32) -> i32
      "spirv.mlir.yield"(%x) : (i32) -> ()
    }) : () -> i32
    %17 = "spirv.BitFieldInsert"(%c1, %c1, %c1, %c1) : (i32, i32, i32, i32) -> i32
    %18 = "spirv.BitCount"(%c1) : (i32) -> i32
    %19 = "spirv.GroupBroadcast"(%c1, %c1) {execution_scope = #spirv.scope<Workgroup>} : (i32, i32) -> i32
    %20 = "spirv.mlir.referenceof"() {spec_const = @sc1} : () -> i32
    %21 = "spirv.IAddCarry"(%c1, %c1) : (i32, i32) -> !spirv.struct<(i32, i32)>
    %22 = "spirv.Ordered"(%0, %0) : (f32, f32) -> i1
    %23 = "spirv.IsInf"(%0) : (f32) -> i1
    "spirv.BranchConditional"(%b1, %c1, %c1)[^bb1, ^bb2] {branch_weights = [1 : i32, 2 : i32], operandSegmentSizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
  ^bb1(%p: i32):
    "spirv.Switch"(%c1, %c1, %c1)[^bb2, ^bb1] {literals = dense<[5]> : vector<1xi32>, case_operand_segments = array<i32: 1>, operandSegmentSizes = array<i32: 1, 1, 1>} : (i32, i32, i32) -> ()
  ^bb2(%q: i32):
    spirv.ReturnValue %c1 : i32
  }
  spirv.func @g() "None" {
    spirv.mlir.loop control(Unroll) {
      spirv.Branch ^bb1
    ^bb1:
      spirv.Branch ^bb2
    ^bb2:
      spirv.Branch ^bb1
    ^bb3:
      spirv.mlir.merge
    }
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @g
  spirv.ExecutionMode @g "LocalSize", 8, 1, 1
}
