// ARGS: opt
// MLIR 19 custom forms of pointer casts, conversions, image queries,
// printf, copies with memory access (as MLIR spaces them), spec constants
// and a linked function declaration.
// The CHECK lines are mlir-opt-19's output for this file, which opt prints
// byte for byte (tests/mlir_interop.rs also compares the two directly, in
// custom and generic form).
// CHECK: module {
// CHECK-NEXT: spirv.module Physical64 OpenCL requires #spirv.vce<v1.6, [Kernel, Addresses, GenericPointer, Int64, Int16, Float16, CooperativeMatrixKHR, Shader, ImageQuery, Sampled1D, Linkage], [SPV_KHR_cooperative_matrix]> {
// CHECK-NEXT: spirv.SpecConstant @sc1 = 1 : i32
// CHECK-NEXT: spirv.func @f(%arg0: i32, %arg1: f32, %arg2: vector<4xf32>, %arg3: !spirv.matrix<4 x vector<4xf32>>, %arg4: !spirv.ptr<f32, CrossWorkgroup>, %arg5: !spirv.ptr<f32, Generic>, %arg6: i16, %arg7: !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>, %arg8: !spirv.coopmatrix<8x8xf32, Subgroup, MatrixB>, %arg9: !spirv.coopmatrix<8x8xf32, Subgroup, MatrixAcc>, %arg10: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Unknown>, %arg11: !spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %arg12: vector<2xf32>, %arg13: !spirv.ptr<f32, CrossWorkgroup>) "None" {
// CHECK-NEXT: %0 = "spirv.MatrixTimesVector"(%arg3, %arg2) : (!spirv.matrix<4 x vector<4xf32>>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %1 = "spirv.VectorTimesMatrix"(%arg2, %arg3) : (vector<4xf32>, !spirv.matrix<4 x vector<4xf32>>) -> vector<4xf32>
// CHECK-NEXT: %2 = spirv.PtrCastToGeneric %arg4 : !spirv.ptr<f32, CrossWorkgroup> to !spirv.ptr<f32, Generic>
// CHECK-NEXT: %3 = spirv.GenericCastToPtr %arg5 : !spirv.ptr<f32, Generic> to !spirv.ptr<f32, CrossWorkgroup>
// CHECK-NEXT: %4 = spirv.GenericCastToPtrExplicit %arg5 : !spirv.ptr<f32, Generic> to !spirv.ptr<f32, CrossWorkgroup>
// CHECK-NEXT: %5 = spirv.INTEL.ConvertBF16ToF %arg6 : i16 to f32
// CHECK-NEXT: %6 = spirv.INTEL.ConvertFToBF16 %arg1 : f32 to i16
// CHECK-NEXT: %7 = spirv.KHR.CooperativeMatrixMulAdd %arg7, %arg8, %arg9 : !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>, !spirv.coopmatrix<8x8xf32, Subgroup, MatrixB> -> !spirv.coopmatrix<8x8xf32, Subgroup, MatrixAcc>
// CHECK-NEXT: %8 = spirv.ImageQuerySize %arg10 : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Unknown> -> vector<2xi32>
// CHECK-NEXT: %9 = spirv.ImageDrefGather %arg11 : !spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %arg12 : vector<2xf32>, %arg1 : f32  -> vector<4xf32>
// CHECK-NEXT: %10 = spirv.CL.printf %arg4, %arg0 : (!spirv.ptr<f32, CrossWorkgroup>, (i32)) -> i32
// CHECK-NEXT: %11 = spirv.Undef : i32
// CHECK-NEXT: %12 = spirv.VectorExtractDynamic %arg2[%arg0] : vector<4xf32>, i32
// CHECK-NEXT: %13 = spirv.mlir.referenceof @sc1 : i32
// CHECK-NEXT: spirv.CopyMemory  "CrossWorkgroup" %arg4,  "CrossWorkgroup" %arg13 ["Volatile"],  ["Volatile"] : f32
// CHECK-NEXT: spirv.CopyMemory  "CrossWorkgroup" %arg4,  "CrossWorkgroup" %arg13,  ["Volatile"] : f32
// CHECK-NEXT: %14 = spirv.KHR.CooperativeMatrixLoad %arg4, %arg0, <RowMajor>, <Volatile> : !spirv.ptr<f32, CrossWorkgroup>, i32 -> !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>
// CHECK-NEXT: %15 = spirv.Load "CrossWorkgroup" %arg4 ["Volatile|Aligned", 8] : f32
// CHECK-NEXT: %16 = spirv.Undef : !spirv.struct<(f32)>
// CHECK-NEXT: spirv.Return
// CHECK-NEXT: }
// CHECK-NEXT: spirv.func @decl(i32) -> i32 "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "decl", linkage_type = <Import>>}
// CHECK-NEXT: }
// CHECK-NEXT: }

spirv.module Physical64 OpenCL requires #spirv.vce<v1.6, [Kernel, Addresses, GenericPointer, Int64, Int16, Float16, CooperativeMatrixKHR, Shader, ImageQuery, Sampled1D, Linkage], [SPV_KHR_cooperative_matrix]> {
  spirv.SpecConstant @sc1 = 1 : i32
  spirv.func @f(%i: i32, %f: f32, %v: vector<4xf32>, %m: !spirv.matrix<4 x vector<4xf32>>, %pc: !spirv.ptr<f32, CrossWorkgroup>, %pg: !spirv.ptr<f32, Generic>, %s: i16, %a: !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>, %b: !spirv.coopmatrix<8x8xf32, Subgroup, MatrixB>, %c: !spirv.coopmatrix<8x8xf32, Subgroup, MatrixAcc>, %img: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Unknown>, %simg: !spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %v2: vector<2xf32>, %pc2: !spirv.ptr<f32, CrossWorkgroup>) "None" {
    %0 = "spirv.MatrixTimesVector"(%m, %v) : (!spirv.matrix<4 x vector<4xf32>>, vector<4xf32>) -> vector<4xf32>
    %1 = "spirv.VectorTimesMatrix"(%v, %m) : (vector<4xf32>, !spirv.matrix<4 x vector<4xf32>>) -> vector<4xf32>
    %3 = "spirv.PtrCastToGeneric"(%pc) : (!spirv.ptr<f32, CrossWorkgroup>) -> !spirv.ptr<f32, Generic>
    %4 = "spirv.GenericCastToPtr"(%pg) : (!spirv.ptr<f32, Generic>) -> !spirv.ptr<f32, CrossWorkgroup>
    %5 = "spirv.GenericCastToPtrExplicit"(%pg) : (!spirv.ptr<f32, Generic>) -> !spirv.ptr<f32, CrossWorkgroup>
    %6 = "spirv.INTEL.ConvertBF16ToF"(%s) : (i16) -> f32
    %7 = "spirv.INTEL.ConvertFToBF16"(%f) : (f32) -> i16
    %8 = "spirv.KHR.CooperativeMatrixMulAdd"(%a, %b, %c) : (!spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>, !spirv.coopmatrix<8x8xf32, Subgroup, MatrixB>, !spirv.coopmatrix<8x8xf32, Subgroup, MatrixAcc>) -> !spirv.coopmatrix<8x8xf32, Subgroup, MatrixAcc>
    %9 = "spirv.ImageQuerySize"(%img) : (!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Unknown>) -> vector<2xi32>
    %10 = "spirv.ImageDrefGather"(%simg, %v2, %f) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>, f32) -> vector<4xf32>
    %11 = "spirv.CL.printf"(%pc, %i) : (!spirv.ptr<f32, CrossWorkgroup>, i32) -> i32
    %12 = spirv.Undef : i32
    %13 = "spirv.VectorExtractDynamic"(%v, %i) : (vector<4xf32>, i32) -> f32
    %14 = "spirv.mlir.referenceof"() {spec_const = @sc1} : () -> i32
    "spirv.CopyMemory"(%pc, %pc2) {memory_access = #spirv.memory_access<Volatile>} : (!spirv.ptr<f32, CrossWorkgroup>, !spirv.ptr<f32, CrossWorkgroup>) -> ()
    "spirv.CopyMemory"(%pc, %pc2) {source_memory_access = #spirv.memory_access<Volatile>} : (!spirv.ptr<f32, CrossWorkgroup>, !spirv.ptr<f32, CrossWorkgroup>) -> ()
    %15 = "spirv.KHR.CooperativeMatrixLoad"(%pc, %i) {matrix_layout = #spirv.coop_matrix_layout_khr<RowMajor>, memory_operand = #spirv.memory_access<Volatile>} : (!spirv.ptr<f32, CrossWorkgroup>, i32) -> !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>
    %16 = "spirv.Load"(%pc) {memory_access = #spirv.memory_access<Volatile|Aligned>, alignment = 8 : i32} : (!spirv.ptr<f32, CrossWorkgroup>) -> f32
    %17 = "spirv.Undef"() : () -> !spirv.struct<(f32)>
    spirv.Return
  }
  spirv.func @decl(i32) -> i32 "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "decl", linkage_type = <Import>>}
}
