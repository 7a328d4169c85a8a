// ARGS: opt
// Every member of the op families that share a form: non-uniform and group
// reductions and scans, atomics, shuffles, dot products, CL and GL math.
// The CHECK lines are mlir-opt-19's output for this file, which opt prints
// byte for byte.
// CHECK: module {
// CHECK-NEXT: spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader, Kernel, Groups, GroupNonUniformArithmetic, GroupNonUniformShuffleRelative, GroupNonUniformShuffle, GroupUniformArithmeticKHR, DotProduct, DotProductInput4x8Bit, Int8], [SPV_KHR_uniform_group_instructions]> {
// CHECK-NEXT: spirv.func @f(%arg0: i32, %arg1: f32, %arg2: i1, %arg3: !spirv.ptr<i32, StorageBuffer>, %arg4: vector<2xi32>, %arg5: vector<4xi8>) "None" {
// CHECK-NEXT: %0 = spirv.GroupNonUniformBitwiseAnd "Subgroup" "InclusiveScan" %arg0 : i32
// CHECK-NEXT: %1 = spirv.GroupNonUniformBitwiseOr "Subgroup" "InclusiveScan" %arg0 : i32
// CHECK-NEXT: %2 = spirv.GroupNonUniformBitwiseXor "Subgroup" "InclusiveScan" %arg0 : i32
// CHECK-NEXT: %3 = spirv.GroupNonUniformIAdd "Subgroup" "InclusiveScan" %arg0 : i32
// CHECK-NEXT: %4 = spirv.GroupNonUniformIMul "Subgroup" "InclusiveScan" %arg0 : i32
// CHECK-NEXT: %5 = spirv.GroupNonUniformSMax "Subgroup" "InclusiveScan" %arg0 : i32
// CHECK-NEXT: %6 = spirv.GroupNonUniformSMin "Subgroup" "InclusiveScan" %arg0 : i32
// CHECK-NEXT: %7 = spirv.GroupNonUniformUMax "Subgroup" "InclusiveScan" %arg0 : i32
// CHECK-NEXT: %8 = spirv.GroupNonUniformUMin "Subgroup" "InclusiveScan" %arg0 : i32
// CHECK-NEXT: %9 = spirv.GroupNonUniformFAdd "Subgroup" "Reduce" %arg1 : f32
// CHECK-NEXT: %10 = spirv.GroupNonUniformFMax "Subgroup" "Reduce" %arg1 : f32
// CHECK-NEXT: %11 = spirv.GroupNonUniformFMin "Subgroup" "Reduce" %arg1 : f32
// CHECK-NEXT: %12 = spirv.GroupNonUniformFMul "Subgroup" "Reduce" %arg1 : f32
// CHECK-NEXT: %13 = spirv.GroupNonUniformLogicalAnd "Subgroup" "Reduce" %arg2 : i1
// CHECK-NEXT: %14 = spirv.GroupNonUniformLogicalOr "Subgroup" "Reduce" %arg2 : i1
// CHECK-NEXT: %15 = spirv.GroupNonUniformLogicalXor "Subgroup" "Reduce" %arg2 : i1
// CHECK-NEXT: %16 = spirv.AtomicAnd <Device> <AcquireRelease> %arg3, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %17 = spirv.AtomicIAdd <Device> <AcquireRelease> %arg3, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %18 = spirv.AtomicISub <Device> <AcquireRelease> %arg3, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %19 = spirv.AtomicOr <Device> <AcquireRelease> %arg3, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %20 = spirv.AtomicSMax <Device> <AcquireRelease> %arg3, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %21 = spirv.AtomicSMin <Device> <AcquireRelease> %arg3, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %22 = spirv.AtomicUMax <Device> <AcquireRelease> %arg3, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %23 = spirv.AtomicUMin <Device> <AcquireRelease> %arg3, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %24 = spirv.AtomicXor <Device> <AcquireRelease> %arg3, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %25 = spirv.AtomicExchange <Device> <AcquireRelease> %arg3, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %26 = spirv.AtomicIDecrement <Device> <None> %arg3 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %27 = spirv.AtomicCompareExchangeWeak <Device> <None> <None> %arg3, %arg0, %arg0 : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT: %28 = spirv.GroupFAdd <Workgroup> <ExclusiveScan> %arg1 : f32
// CHECK-NEXT: %29 = spirv.GroupFMax <Workgroup> <ExclusiveScan> %arg1 : f32
// CHECK-NEXT: %30 = spirv.GroupFMin <Workgroup> <ExclusiveScan> %arg1 : f32
// CHECK-NEXT: %31 = spirv.KHR.GroupFMul <Workgroup> <ExclusiveScan> %arg1 : f32
// CHECK-NEXT: %32 = spirv.GroupIAdd <Workgroup> <Reduce> %arg0 : i32
// CHECK-NEXT: %33 = spirv.GroupSMax <Workgroup> <Reduce> %arg0 : i32
// CHECK-NEXT: %34 = spirv.GroupSMin <Workgroup> <Reduce> %arg0 : i32
// CHECK-NEXT: %35 = spirv.GroupUMax <Workgroup> <Reduce> %arg0 : i32
// CHECK-NEXT: %36 = spirv.GroupUMin <Workgroup> <Reduce> %arg0 : i32
// CHECK-NEXT: %37 = spirv.KHR.GroupIMul <Workgroup> <Reduce> %arg0 : i32
// CHECK-NEXT: %38 = spirv.GroupNonUniformShuffleUp <Subgroup> %arg1, %arg0 : f32, i32
// CHECK-NEXT: %39 = spirv.GroupNonUniformShuffleXor <Subgroup> %arg1, %arg0 : f32, i32
// CHECK-NEXT: %40 = spirv.BitFieldUExtract %arg4, %arg0, %arg0 : vector<2xi32>, i32, i32
// CHECK-NEXT: %41 = spirv.SUDot %arg5, %arg5 : vector<4xi8> -> i32
// CHECK-NEXT: %42 = spirv.UDotAccSat %arg5, %arg5, %arg0 : vector<4xi8> -> i32
// CHECK-NEXT: %43 = spirv.SUDotAccSat %arg5, %arg5, %arg0 : vector<4xi8> -> i32
// CHECK-NEXT: %44 = spirv.CL.acos %arg1 : f32
// CHECK-NEXT: %45 = spirv.CL.ceil %arg1 : f32
// CHECK-NEXT: %46 = spirv.CL.erf %arg1 : f32
// CHECK-NEXT: %47 = spirv.CL.exp %arg1 : f32
// CHECK-NEXT: %48 = spirv.CL.floor %arg1 : f32
// CHECK-NEXT: %49 = spirv.CL.log %arg1 : f32
// CHECK-NEXT: %50 = spirv.CL.rint %arg1 : f32
// CHECK-NEXT: %51 = spirv.CL.round %arg1 : f32
// CHECK-NEXT: %52 = spirv.CL.rsqrt %arg1 : f32
// CHECK-NEXT: %53 = spirv.CL.sin %arg1 : f32
// CHECK-NEXT: %54 = spirv.CL.sqrt %arg1 : f32
// CHECK-NEXT: %55 = spirv.CL.tanh %arg1 : f32
// CHECK-NEXT: %56 = spirv.CL.fmax %arg1, %arg1 : f32
// CHECK-NEXT: %57 = spirv.CL.fmin %arg1, %arg1 : f32
// CHECK-NEXT: %58 = spirv.CL.s_max %arg0, %arg0 : i32
// CHECK-NEXT: %59 = spirv.CL.s_min %arg0, %arg0 : i32
// CHECK-NEXT: %60 = spirv.CL.u_max %arg0, %arg0 : i32
// CHECK-NEXT: %61 = spirv.CL.u_min %arg0, %arg0 : i32
// CHECK-NEXT: %62 = spirv.GL.Exp %arg1 : f32
// CHECK-NEXT: %63 = spirv.GL.Log %arg1 : f32
// CHECK-NEXT: %64 = spirv.GL.Sqrt %arg1 : f32
// CHECK-NEXT: %65 = spirv.GL.InverseSqrt %arg1 : f32
// CHECK-NEXT: %66 = spirv.GL.Floor %arg1 : f32
// CHECK-NEXT: %67 = spirv.GL.Ceil %arg1 : f32
// CHECK-NEXT: %68 = spirv.GL.FSign %arg1 : f32
// CHECK-NEXT: %69 = spirv.GL.Round %arg1 : f32
// CHECK-NEXT: %70 = spirv.GL.RoundEven %arg1 : f32
// CHECK-NEXT: %71 = spirv.GL.SAbs %arg0 : i32
// CHECK-NEXT: %72 = spirv.GL.SSign %arg0 : i32
// CHECK-NEXT: %73 = spirv.GL.UClamp %arg0, %arg0, %arg0 : i32
// CHECK-NEXT: %74 = spirv.GL.SClamp %arg0, %arg0, %arg0 : i32
// CHECK-NEXT: spirv.Return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader, Kernel, Groups, GroupNonUniformArithmetic, GroupNonUniformShuffleRelative, GroupNonUniformShuffle, GroupUniformArithmeticKHR, DotProduct, DotProductInput4x8Bit, Int8], [SPV_KHR_uniform_group_instructions]> {
  spirv.func @f(%i: i32, %f: f32, %b: i1, %p: !spirv.ptr<i32, StorageBuffer>, %v: vector<2xi32>, %vb: vector<4xi8>) "None" {
    %r0 = "spirv.GroupNonUniformBitwiseAnd"(%i) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<InclusiveScan>} : (i32) -> i32
    %r1 = "spirv.GroupNonUniformBitwiseOr"(%i) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<InclusiveScan>} : (i32) -> i32
    %r2 = "spirv.GroupNonUniformBitwiseXor"(%i) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<InclusiveScan>} : (i32) -> i32
    %r3 = "spirv.GroupNonUniformIAdd"(%i) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<InclusiveScan>} : (i32) -> i32
    %r4 = "spirv.GroupNonUniformIMul"(%i) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<InclusiveScan>} : (i32) -> i32
    %r5 = "spirv.GroupNonUniformSMax"(%i) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<InclusiveScan>} : (i32) -> i32
    %r6 = "spirv.GroupNonUniformSMin"(%i) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<InclusiveScan>} : (i32) -> i32
    %r7 = "spirv.GroupNonUniformUMax"(%i) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<InclusiveScan>} : (i32) -> i32
    %r8 = "spirv.GroupNonUniformUMin"(%i) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<InclusiveScan>} : (i32) -> i32
    %r9 = "spirv.GroupNonUniformFAdd"(%f) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<Reduce>} : (f32) -> f32
    %r10 = "spirv.GroupNonUniformFMax"(%f) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<Reduce>} : (f32) -> f32
    %r11 = "spirv.GroupNonUniformFMin"(%f) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<Reduce>} : (f32) -> f32
    %r12 = "spirv.GroupNonUniformFMul"(%f) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<Reduce>} : (f32) -> f32
    %r13 = "spirv.GroupNonUniformLogicalAnd"(%b) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<Reduce>} : (i1) -> i1
    %r14 = "spirv.GroupNonUniformLogicalOr"(%b) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<Reduce>} : (i1) -> i1
    %r15 = "spirv.GroupNonUniformLogicalXor"(%b) {execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<Reduce>} : (i1) -> i1
    %r16 = "spirv.AtomicAnd"(%p, %i) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<AcquireRelease>} : (!spirv.ptr<i32, StorageBuffer>, i32) -> i32
    %r17 = "spirv.AtomicIAdd"(%p, %i) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<AcquireRelease>} : (!spirv.ptr<i32, StorageBuffer>, i32) -> i32
    %r18 = "spirv.AtomicISub"(%p, %i) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<AcquireRelease>} : (!spirv.ptr<i32, StorageBuffer>, i32) -> i32
    %r19 = "spirv.AtomicOr"(%p, %i) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<AcquireRelease>} : (!spirv.ptr<i32, StorageBuffer>, i32) -> i32
    %r20 = "spirv.AtomicSMax"(%p, %i) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<AcquireRelease>} : (!spirv.ptr<i32, StorageBuffer>, i32) -> i32
    %r21 = "spirv.AtomicSMin"(%p, %i) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<AcquireRelease>} : (!spirv.ptr<i32, StorageBuffer>, i32) -> i32
    %r22 = "spirv.AtomicUMax"(%p, %i) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<AcquireRelease>} : (!spirv.ptr<i32, StorageBuffer>, i32) -> i32
    %r23 = "spirv.AtomicUMin"(%p, %i) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<AcquireRelease>} : (!spirv.ptr<i32, StorageBuffer>, i32) -> i32
    %r24 = "spirv.AtomicXor"(%p, %i) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<AcquireRelease>} : (!spirv.ptr<i32, StorageBuffer>, i32) -> i32
    %r25 = "spirv.AtomicExchange"(%p, %i) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<AcquireRelease>} : (!spirv.ptr<i32, StorageBuffer>, i32) -> i32
    %r26 = "spirv.AtomicIDecrement"(%p) {memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<None>} : (!spirv.ptr<i32, StorageBuffer>) -> i32
    %r27 = "spirv.AtomicCompareExchangeWeak"(%p, %i, %i) {memory_scope = #spirv.scope<Device>, equal_semantics = #spirv.memory_semantics<None>, unequal_semantics = #spirv.memory_semantics<None>} : (!spirv.ptr<i32, StorageBuffer>, i32, i32) -> i32
    %r28 = "spirv.GroupFAdd"(%f) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<ExclusiveScan>} : (f32) -> f32
    %r29 = "spirv.GroupFMax"(%f) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<ExclusiveScan>} : (f32) -> f32
    %r30 = "spirv.GroupFMin"(%f) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<ExclusiveScan>} : (f32) -> f32
    %r31 = "spirv.KHR.GroupFMul"(%f) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<ExclusiveScan>} : (f32) -> f32
    %r32 = "spirv.GroupIAdd"(%i) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<Reduce>} : (i32) -> i32
    %r33 = "spirv.GroupSMax"(%i) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<Reduce>} : (i32) -> i32
    %r34 = "spirv.GroupSMin"(%i) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<Reduce>} : (i32) -> i32
    %r35 = "spirv.GroupUMax"(%i) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<Reduce>} : (i32) -> i32
    %r36 = "spirv.GroupUMin"(%i) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<Reduce>} : (i32) -> i32
    %r37 = "spirv.KHR.GroupIMul"(%i) {execution_scope = #spirv.scope<Workgroup>, group_operation = #spirv.group_operation<Reduce>} : (i32) -> i32
    %r38 = "spirv.GroupNonUniformShuffleUp"(%f, %i) {execution_scope = #spirv.scope<Subgroup>} : (f32, i32) -> f32
    %r39 = "spirv.GroupNonUniformShuffleXor"(%f, %i) {execution_scope = #spirv.scope<Subgroup>} : (f32, i32) -> f32
    %r40 = "spirv.BitFieldUExtract"(%v, %i, %i) : (vector<2xi32>, i32, i32) -> vector<2xi32>
    %r41 = "spirv.SUDot"(%vb, %vb) : (vector<4xi8>, vector<4xi8>) -> i32
    %r42 = "spirv.UDotAccSat"(%vb, %vb, %i) : (vector<4xi8>, vector<4xi8>, i32) -> i32
    %r43 = "spirv.SUDotAccSat"(%vb, %vb, %i) : (vector<4xi8>, vector<4xi8>, i32) -> i32
    %r44 = "spirv.CL.acos"(%f) : (f32) -> f32
    %r45 = "spirv.CL.ceil"(%f) : (f32) -> f32
    %r46 = "spirv.CL.erf"(%f) : (f32) -> f32
    %r47 = "spirv.CL.exp"(%f) : (f32) -> f32
    %r48 = "spirv.CL.floor"(%f) : (f32) -> f32
    %r49 = "spirv.CL.log"(%f) : (f32) -> f32
    %r50 = "spirv.CL.rint"(%f) : (f32) -> f32
    %r51 = "spirv.CL.round"(%f) : (f32) -> f32
    %r52 = "spirv.CL.rsqrt"(%f) : (f32) -> f32
    %r53 = "spirv.CL.sin"(%f) : (f32) -> f32
    %r54 = "spirv.CL.sqrt"(%f) : (f32) -> f32
    %r55 = "spirv.CL.tanh"(%f) : (f32) -> f32
    %r56 = "spirv.CL.fmax"(%f, %f) : (f32, f32) -> f32
    %r57 = "spirv.CL.fmin"(%f, %f) : (f32, f32) -> f32
    %r58 = "spirv.CL.s_max"(%i, %i) : (i32, i32) -> i32
    %r59 = "spirv.CL.s_min"(%i, %i) : (i32, i32) -> i32
    %r60 = "spirv.CL.u_max"(%i, %i) : (i32, i32) -> i32
    %r61 = "spirv.CL.u_min"(%i, %i) : (i32, i32) -> i32
    %r62 = "spirv.GL.Exp"(%f) : (f32) -> f32
    %r63 = "spirv.GL.Log"(%f) : (f32) -> f32
    %r64 = "spirv.GL.Sqrt"(%f) : (f32) -> f32
    %r65 = "spirv.GL.InverseSqrt"(%f) : (f32) -> f32
    %r66 = "spirv.GL.Floor"(%f) : (f32) -> f32
    %r67 = "spirv.GL.Ceil"(%f) : (f32) -> f32
    %r68 = "spirv.GL.FSign"(%f) : (f32) -> f32
    %r69 = "spirv.GL.Round"(%f) : (f32) -> f32
    %r70 = "spirv.GL.RoundEven"(%f) : (f32) -> f32
    %r71 = "spirv.GL.SAbs"(%i) : (i32) -> i32
    %r72 = "spirv.GL.SSign"(%i) : (i32) -> i32
    %r73 = "spirv.GL.UClamp"(%i, %i, %i) : (i32, i32, i32) -> i32
    %r74 = "spirv.GL.SClamp"(%i, %i, %i) : (i32, i32, i32) -> i32
    spirv.Return
  }
}
