// ARGS: opt
// Recursive and empty identified structs, member decorations, a joint matrix
// kept as text, a selection with its control and branch weights, and the
// terminators: spirv.Unreachable has a custom form, spirv.Kill (not an op in
// MLIR 19) stays generic.
// The CHECK lines are mlir-opt-19's output for this file, which opt prints
// byte for byte.
// CHECK: module {
// CHECK-NEXT: spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Addresses, Linkage], []> {
// CHECK-NEXT: spirv.GlobalVariable @a : !spirv.ptr<!spirv.struct<S, (f32, !spirv.ptr<!spirv.struct<S>, StorageBuffer>)>, StorageBuffer>
// CHECK-NEXT: spirv.GlobalVariable @d : !spirv.ptr<!spirv.struct<empty, ()>, StorageBuffer>
// CHECK-NEXT: spirv.GlobalVariable @e : !spirv.ptr<!spirv.struct<(f32 [0, NonWritable], i32 [4])>, StorageBuffer>
// CHECK-NEXT: }
// CHECK-NEXT: spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
// CHECK-NEXT: spirv.func @f() "None" {
// CHECK-NEXT: "spirv.Kill"() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: spirv.func @g() "None" {
// CHECK-NEXT: spirv.Return
// CHECK-NEXT: ^bb1:  // no predecessors
// CHECK-NEXT: spirv.Unreachable
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @joint(!spirv.jointmatrix<8x16xi32, RowMajor, Subgroup>)
// CHECK-NEXT: spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
// CHECK-NEXT: spirv.func @selection(%arg0: i1) "None" {
// CHECK-NEXT: spirv.mlir.selection control(Flatten) {
// CHECK-NEXT: spirv.BranchConditional %arg0 [3, 1], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: spirv.Branch ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: spirv.mlir.merge
// CHECK-NEXT: }
// CHECK-NEXT: spirv.Return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Addresses, Linkage], []> {
  spirv.GlobalVariable @a : !spirv.ptr<!spirv.struct<S, (f32, !spirv.ptr<!spirv.struct<S>, StorageBuffer>)>, StorageBuffer>
  spirv.GlobalVariable @d : !spirv.ptr<!spirv.struct<empty, ()>, StorageBuffer>
  spirv.GlobalVariable @e : !spirv.ptr<!spirv.struct<(f32 [0, NonWritable], i32 [4])>, StorageBuffer>
}

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @f() "None" {
    "spirv.Kill"() : () -> ()
  }
  spirv.func @g() "None" {
    spirv.Return
  ^bb1:
    "spirv.Unreachable"() : () -> ()
  }
}

// MLIR 19's joint matrix type is kept as its text.
func.func private @joint(!spirv.jointmatrix<8x16xi32, RowMajor, Subgroup>)

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @selection(%c: i1) "None" {
    spirv.mlir.selection control(Flatten) {
      spirv.BranchConditional %c [3, 1], ^bb1, ^bb2
    ^bb1:
      spirv.Branch ^bb2
    ^bb2:
      spirv.mlir.merge
    }
    spirv.Return
  }
}
