// ARGS: opt
// Forms the deserializer produces beyond MLIR 19 print and read back:
// opaque types, a struct name that is no bare identifier (quoted, as
// MLIR's parser reads struct names), a struct constant (its type spelled,
// as for arrays), loads and stores through a pointer with an array stride
// (generic: the custom forms rebuild plain pointers only). Struct member
// names are debug information: read, printed with --mlir-print-debuginfo
// only. Decorations of phis and parameters (which MLIR drops) are block
// argument attributes and the function's arg_attrs.

// CHECK:      module {
// CHECK-NEXT:   spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
// CHECK-NEXT:     spirv.GlobalVariable @s : !spirv.ptr<!spirv.sampler, UniformConstant>
// CHECK-NEXT:     spirv.GlobalVariable @a : !spirv.ptr<!spirv.acceleration_structure, UniformConstant>
// CHECK-NEXT:     spirv.GlobalVariable @q : !spirv.ptr<!spirv.ray_query, Private>
// CHECK-NEXT:     spirv.GlobalVariable @m : !spirv.ptr<!spirv.struct<"_Array_std140_matrix<float,4,4>2", (f32 [0])>, Uniform>
// CHECK-NEXT:     spirv.GlobalVariable @n : !spirv.ptr<!spirv.struct<N, (f32 [0], f32 [4])>, Uniform>
// CHECK-NEXT:     spirv.func @f(%arg0: !spirv.ptr<f32, StorageBuffer, stride=4>) "None" {
// CHECK-NEXT:       %0 = spirv.Variable : !spirv.ptr<!spirv.struct<S, (f32, i32)>, Function>
// CHECK-NEXT:       %cst = spirv.Constant [1.000000e+00 : f32, 2 : i32] : !spirv.struct<S, (f32, i32)>
// CHECK-NEXT:       spirv.Store "Function" %0, %cst : !spirv.struct<S, (f32, i32)>
// CHECK-NEXT:       %1 = "spirv.Load"(%arg0) : (!spirv.ptr<f32, StorageBuffer, stride=4>) -> f32
// CHECK-NEXT:       "spirv.Store"(%arg0, %1) : (!spirv.ptr<f32, StorageBuffer, stride=4>, f32) -> ()
// CHECK-NEXT:       spirv.Return
// CHECK-NEXT:     }
// CHECK-NEXT:     spirv.func @g(%arg0: si32 {relaxed_precision}) "None" {
// CHECK-NEXT:       spirv.Branch ^bb1(%arg0 : si32)
// CHECK-NEXT:     ^bb1(%0: si32 {relaxed_precision}):  // pred: ^bb0
// CHECK-NEXT:       spirv.Return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @s : !spirv.ptr<!spirv.sampler, UniformConstant>
  spirv.GlobalVariable @a : !spirv.ptr<!spirv.acceleration_structure, UniformConstant>
  spirv.GlobalVariable @q : !spirv.ptr<!spirv.ray_query, Private>
  spirv.GlobalVariable @m : !spirv.ptr<!spirv.struct<"_Array_std140_matrix<float,4,4>2", (f32 [0])>, Uniform>
  spirv.GlobalVariable @n : !spirv.ptr<!spirv.struct<N, (x: f32 [0], "y z": f32 [4])>, Uniform>
  spirv.func @f(%p: !spirv.ptr<f32, StorageBuffer, stride=4>) "None" {
    %v = spirv.Variable : !spirv.ptr<!spirv.struct<S, (f32, i32)>, Function>
    %c = spirv.Constant [1.0 : f32, 2 : i32] : !spirv.struct<S, (f32, i32)>
    spirv.Store "Function" %v, %c : !spirv.struct<S, (f32, i32)>
    %x = "spirv.Load"(%p) : (!spirv.ptr<f32, StorageBuffer, stride=4>) -> f32
    "spirv.Store"(%p, %x) : (!spirv.ptr<f32, StorageBuffer, stride=4>, f32) -> ()
    spirv.Return
  }
  spirv.func @g(%x: si32 {relaxed_precision}) "None" {
    spirv.Branch ^bb1(%x : si32)
  ^bb1(%y: si32 {relaxed_precision}):
    spirv.Return
  }
}
