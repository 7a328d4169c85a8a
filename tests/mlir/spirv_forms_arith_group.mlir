// ARGS: opt
// MLIR 19 custom forms of arithmetic with struct results, dot products,
// matrix, atomic, bit-field, group, non-uniform, CL, GL and cooperative
// matrix ops, parsed from generic input.
// The CHECK lines are mlir-opt-19's output for this file, which opt prints
// byte for byte (tests/mlir_interop.rs also compares the two directly, in
// custom and generic form).
// CHECK: module {
// CHECK-NEXT: spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader, Int64, Groups, GroupNonUniformArithmetic, CooperativeMatrixKHR, DotProduct, DotProductInput4x8BitPacked, Kernel, Addresses, GenericPointer, AtomicFloat32AddEXT, SubgroupBallotKHR, SubgroupBufferBlockIOINTEL, ExpectAssumeKHR], [SPV_KHR_cooperative_matrix]> {
// CHECK-NEXT: spirv.func @f(%arg0: i32, %arg1: f32, %arg2: vector<4xf32>, %arg3: vector<4xi32>, %arg4: !spirv.ptr<i32, StorageBuffer>, %arg5: i1, %arg6: !spirv.matrix<4 x vector<4xf32>>, %arg7: !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>, %arg8: !spirv.ptr<f32, StorageBuffer>, %arg9: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %arg10: vector<2xf32>) "None" {
// CHECK-NEXT: %0 = spirv.IAddCarry %arg0, %arg0 : !spirv.struct<(i32, i32)>
// CHECK-NEXT: %1 = spirv.SMulExtended %arg0, %arg0 : !spirv.struct<(i32, i32)>
// CHECK-NEXT: %2 = spirv.SDot %arg0, %arg0, <PackedVectorFormat4x8Bit> : i32 -> i32
// CHECK-NEXT: %3 = spirv.SDotAccSat %arg0, %arg0, %arg0, <PackedVectorFormat4x8Bit> : i32 -> i32
// CHECK-NEXT: %4 = spirv.MatrixTimesMatrix %arg6, %arg6 : !spirv.matrix<4 x vector<4xf32>>, !spirv.matrix<4 x vector<4xf32>> -> !spirv.matrix<4 x vector<4xf32>>
// CHECK-NEXT: %5 = spirv.MatrixTimesScalar %arg6, %arg1 : !spirv.matrix<4 x vector<4xf32>>, f32
// CHECK-NEXT: %6 = spirv.Transpose %arg6 : !spirv.matrix<4 x vector<4xf32>> -> !spirv.matrix<4 x vector<4xf32>>
// CHECK-NEXT: %7 = spirv.AtomicCompareExchange <Device> <AcquireRelease> <Acquire> %arg4, %arg0, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %8 = spirv.AtomicIIncrement <Device> <None> %arg4 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %9 = spirv.EXT.AtomicFAdd <Device> <None> %arg8, %arg1 : !spirv.ptr<f32, StorageBuffer>
// CHECK-NEXT: %10 = spirv.AtomicExchange <Device> <None> %arg4, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %11 = spirv.BitFieldSExtract %arg0, %arg0, %arg0 : i32, i32, i32
// CHECK-NEXT: %12 = spirv.GL.FindUMsb %arg0 : i32
// CHECK-NEXT: %13 = spirv.GL.Ldexp %arg1 : f32, %arg0 : i32 -> f32
// CHECK-NEXT: %14 = spirv.GroupIAdd <Workgroup> <Reduce> %arg0 : i32
// CHECK-NEXT: %15 = spirv.KHR.GroupFMul <Workgroup> <Reduce> %arg1 : f32
// CHECK-NEXT: %16 = spirv.KHR.SubgroupBallot %arg5 : vector<4xi32>
// CHECK-NEXT: %17 = spirv.INTEL.SubgroupBlockRead %arg4 : i32
// CHECK-NEXT: spirv.INTEL.SubgroupBlockWrite %arg4, %arg0 : i32
// CHECK-NEXT: %18 = spirv.Image %arg9 : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
// CHECK-NEXT: %19 = spirv.Undef : i32
// CHECK-NEXT: %20 = spirv.InBoundsPtrAccessChain %arg4[%arg0] : !spirv.ptr<i32, StorageBuffer>, i32
// CHECK-NEXT: spirv.KHR.AssumeTrue %arg5
// CHECK-NEXT: %21 = spirv.GroupNonUniformElect <Subgroup> : i1
// CHECK-NEXT: %cst1_i32 = spirv.Constant 1 : i32
// CHECK-NEXT: %22 = spirv.GroupNonUniformBroadcast <Subgroup> %arg1, %cst1_i32 : f32, i32
// CHECK-NEXT: %23 = spirv.GroupNonUniformShuffle <Subgroup> %arg1, %arg0 : f32, i32
// CHECK-NEXT: %24 = spirv.GroupNonUniformFAdd "Workgroup" "ClusteredReduce" %arg1 cluster_size(%cst1_i32) : f32
// CHECK-NEXT: %25 = spirv.GroupNonUniformLogicalAnd "Subgroup" "Reduce" %arg5 : i1
// CHECK-NEXT: %26 = spirv.CL.fma %arg1, %arg1, %arg1 : f32
// CHECK-NEXT: %27 = spirv.CL.pow %arg1, %arg1 : f32
// CHECK-NEXT: %28 = spirv.CL.s_abs %arg0 : i32
// CHECK-NEXT: %29 = spirv.Ordered %arg1, %arg1 : f32
// CHECK-NEXT: %30 = spirv.Unordered %arg1, %arg1 : f32
// CHECK-NEXT: %31 = spirv.GL.FrexpStruct %arg1 : f32 -> !spirv.struct<(f32, i32)>
// CHECK-NEXT: %32 = spirv.KHR.CooperativeMatrixLoad %arg8, %arg0, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, i32 -> !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>
// CHECK-NEXT: spirv.KHR.CooperativeMatrixStore %arg8, %arg7, %arg0, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>, i32
// CHECK-NEXT: spirv.CopyMemory  "StorageBuffer" %arg4,  "StorageBuffer" %arg4,  : i32
// CHECK-NEXT: %33 = spirv.VectorTimesScalar %arg2, %arg1 : (vector<4xf32>, f32) -> vector<4xf32>
// CHECK-NEXT: %34 = spirv.ISubBorrow %arg0, %arg0 : !spirv.struct<(i32, i32)>
// CHECK-NEXT: %35 = spirv.UDot %arg0, %arg0, <PackedVectorFormat4x8Bit> : i32 -> i32
// CHECK-NEXT: %36 = spirv.GL.Fma %arg1, %arg1, %arg1 : f32
// CHECK-NEXT: %37 = spirv.GroupNonUniformShuffleDown <Subgroup> %arg1, %arg0 : f32, i32
// CHECK-NEXT: %38 = spirv.GroupNonUniformIMul "Subgroup" "Reduce" %arg0 : i32
// CHECK-NEXT: %39 = spirv.GroupSMax <Workgroup> <Reduce> %arg0 : i32
// CHECK-NEXT: %40 = spirv.CL.mix %arg1, %arg1, %arg1 : f32
// CHECK-NEXT: %41 = spirv.CL.atan2 %arg1, %arg1 : f32
// CHECK-NEXT: %42 = spirv.BitFieldInsert %arg0, %arg0, %arg0, %arg0 : i32, i32, i32
// CHECK-NEXT: %43 = spirv.UMulExtended %arg0, %arg0 : !spirv.struct<(i32, i32)>
// CHECK-NEXT: spirv.Return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader, Int64, Groups, GroupNonUniformArithmetic, CooperativeMatrixKHR, DotProduct, DotProductInput4x8BitPacked, Kernel, Addresses, GenericPointer, AtomicFloat32AddEXT, SubgroupBallotKHR, SubgroupBufferBlockIOINTEL, ExpectAssumeKHR], [SPV_KHR_cooperative_matrix]> {
  spirv.func @f(%i: i32, %f: f32, %v: vector<4xf32>, %vi: vector<4xi32>, %p: !spirv.ptr<i32, StorageBuffer>, %b: i1, %m: !spirv.matrix<4 x vector<4xf32>>, %cm: !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>, %pf: !spirv.ptr<f32, StorageBuffer>, %img: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %v2: vector<2xf32>) "None" {
    %0 = "spirv.IAddCarry"(%i, %i) : (i32, i32) -> !spirv.struct<(i32, i32)>
    %1 = "spirv.SMulExtended"(%i, %i) : (i32, i32) -> !spirv.struct<(i32, i32)>
    %2 = "spirv.SDot"(%i, %i) {format = #spirv.packed_vector_format<PackedVectorFormat4x8Bit>} : (i32, i32) -> i32
    %3 = "spirv.SDotAccSat"(%i, %i, %i) {format = #spirv.packed_vector_format<PackedVectorFormat4x8Bit>} : (i32, i32, i32) -> i32
    %4 = "spirv.MatrixTimesMatrix"(%m, %m) : (!spirv.matrix<4 x vector<4xf32>>, !spirv.matrix<4 x vector<4xf32>>) -> !spirv.matrix<4 x vector<4xf32>>
    %5 = "spirv.MatrixTimesScalar"(%m, %f) : (!spirv.matrix<4 x vector<4xf32>>, f32) -> !spirv.matrix<4 x vector<4xf32>>
    %6 = "spirv.Transpose"(%m) : (!spirv.matrix<4 x vector<4xf32>>) -> !spirv.matrix<4 x vector<4xf32>>
    %7 = "spirv.AtomicCompareExchange"(%p, %i, %i) {memory_scope = #spirv.scope<Device>, equal_semantics = #spirv.memory_semantics<AcquireRelease>, unequal_semantics = #spirv.memory_semantics<Acquire>} : (!spirv.ptr<i32, StorageBuffer>, i32, i32) -> i32
    %8 = "spirv.AtomicIIncrement"(%p) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<None>} : (!spirv.ptr<i32, StorageBuffer>) -> i32
    %9 = "spirv.EXT.AtomicFAdd"(%pf, %f) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<None>} : (!spirv.ptr<f32, StorageBuffer>, f32) -> f32
    %10 = "spirv.AtomicExchange"(%p, %i) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<None>} : (!spirv.ptr<i32, StorageBuffer>, i32) -> i32
    %11 = "spirv.BitFieldSExtract"(%i, %i, %i) : (i32, i32, i32) -> i32
    %12 = "spirv.GL.FindUMsb"(%i) : (i32) -> i32
    %13 = "spirv.GL.Ldexp"(%f, %i) : (f32, i32) -> f32
    %14 = "spirv.GroupIAdd"(%i) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<Reduce>} : (i32) -> i32
    %15 = "spirv.KHR.GroupFMul"(%f) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<Reduce>} : (f32) -> f32
    %16 = "spirv.KHR.SubgroupBallot"(%b) : (i1) -> vector<4xi32>
    %17 = "spirv.INTEL.SubgroupBlockRead"(%p) : (!spirv.ptr<i32, StorageBuffer>) -> i32
    "spirv.INTEL.SubgroupBlockWrite"(%p, %i) : (!spirv.ptr<i32, StorageBuffer>, i32) -> ()
    %18 = "spirv.Image"(%img) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>) -> !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>
    %19 = spirv.Undef : i32
    %20 = "spirv.InBoundsPtrAccessChain"(%p, %i) : (!spirv.ptr<i32, StorageBuffer>, i32) -> !spirv.ptr<i32, StorageBuffer>
    "spirv.KHR.AssumeTrue"(%b) : (i1) -> ()
    %22 = "spirv.GroupNonUniformElect"() {execution_scope = #spirv.scope<Subgroup>} : () -> i1
    %ci = spirv.Constant 1 : i32
    %23 = "spirv.GroupNonUniformBroadcast"(%f, %ci) {execution_scope = #spirv.scope<Subgroup>} : (f32, i32) -> f32
    %24 = "spirv.GroupNonUniformShuffle"(%f, %i) {execution_scope = #spirv.scope<Subgroup>} : (f32, i32) -> f32
    %25 = "spirv.GroupNonUniformFAdd"(%f, %ci) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<ClusteredReduce>} : (f32, i32) -> f32
    %26 = "spirv.GroupNonUniformLogicalAnd"(%b) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<Reduce>} : (i1) -> i1
    %27 = "spirv.CL.fma"(%f, %f, %f) : (f32, f32, f32) -> f32
    %28 = "spirv.CL.pow"(%f, %f) : (f32, f32) -> f32
    %29 = "spirv.CL.s_abs"(%i) : (i32) -> i32
    %30 = "spirv.Ordered"(%f, %f) : (f32, f32) -> i1
    %31 = "spirv.Unordered"(%f, %f) : (f32, f32) -> i1
    %32 = "spirv.GL.FrexpStruct"(%f) : (f32) -> !spirv.struct<(f32, i32)>
    %33 = "spirv.KHR.CooperativeMatrixLoad"(%pf, %i) {matrix_layout = #spirv.coop_matrix_layout_khr<RowMajor>} : (!spirv.ptr<f32, StorageBuffer>, i32) -> !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>
    "spirv.KHR.CooperativeMatrixStore"(%pf, %cm, %i) {matrix_layout = #spirv.coop_matrix_layout_khr<RowMajor>} : (!spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>, i32) -> ()
    "spirv.CopyMemory"(%p, %p) : (!spirv.ptr<i32, StorageBuffer>, !spirv.ptr<i32, StorageBuffer>) -> ()
    %35 = "spirv.VectorTimesScalar"(%v, %f) : (vector<4xf32>, f32) -> vector<4xf32>
    %36 = "spirv.ISubBorrow"(%i, %i) : (i32, i32) -> !spirv.struct<(i32, i32)>
    %37 = "spirv.UDot"(%i, %i) {format = #spirv.packed_vector_format<PackedVectorFormat4x8Bit>} : (i32, i32) -> i32
    %38 = "spirv.GL.Fma"(%f, %f, %f) : (f32, f32, f32) -> f32
    %39 = "spirv.GroupNonUniformShuffleDown"(%f, %i) {execution_scope = #spirv.scope<Subgroup>} : (f32, i32) -> f32
    %40 = "spirv.GroupNonUniformIMul"(%i) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<Reduce>} : (i32) -> i32
    %41 = "spirv.GroupSMax"(%i) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<Reduce>} : (i32) -> i32
    %42 = "spirv.CL.mix"(%f, %f, %f) : (f32, f32, f32) -> f32
    %43 = "spirv.CL.atan2"(%f, %f) : (f32, f32) -> f32
    %44 = "spirv.BitFieldInsert"(%i, %i, %i, %i) : (i32, i32, i32, i32) -> i32
    %45 = "spirv.UMulExtended"(%i, %i) : (i32, i32) -> !spirv.struct<(i32, i32)>
    spirv.Return
  }
}
