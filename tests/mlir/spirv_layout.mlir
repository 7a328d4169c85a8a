// ARGS: opt --split-input-file --decorate-spirv-composite-type-layout --mlir-print-op-generic
// --decorate-spirv-composite-type-layout: Vulkan's std140 for Uniform
// blocks and std430 for storage buffers and push constants (MLIR 19 lays
// both out with its own rules, so these cases are not compared with it).

// std140 rounds arrays, structs and matrices up to 16 bytes; matrix
// members get a MatrixStride.
// CHECK: !spirv.ptr<!spirv.struct<(f32 [0], !spirv.array<3 x f32, stride=16> [16], vector<3xf32> [64], f32 [76], !spirv.struct<(f32 [0])> [80], !spirv.matrix<2 x vector<2xf32>> [96, MatrixStride=16], f64 [128])>, Uniform>
"spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
  "spirv.GlobalVariable"() <{sym_name = "u", type = !spirv.ptr<!spirv.struct<(f32, !spirv.array<3 x f32>, vector<3xf32>, f32, !spirv.struct<(f32)>, !spirv.matrix<2 x vector<2xf32>>, f64)>, Uniform>}> : () -> ()
}) : () -> ()

// -----

// std430 arrays of 3-vectors step by 16; values and function types
// naming the pointer change with the variable.
// CHECK: type = !spirv.ptr<!spirv.struct<(i32 [0], !spirv.rtarray<vector<3xf32>, stride=16> [16])>, StorageBuffer>
// CHECK: function_type = (!spirv.ptr<!spirv.struct<(i32 [0], !spirv.rtarray<vector<3xf32>, stride=16> [16])>, StorageBuffer>) -> ()
// CHECK: "spirv.mlir.addressof"() <{variable = @s}> : () -> !spirv.ptr<!spirv.struct<(i32 [0], !spirv.rtarray<vector<3xf32>, stride=16> [16])>, StorageBuffer>
"spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
  "spirv.GlobalVariable"() <{sym_name = "s", type = !spirv.ptr<!spirv.struct<(i32, !spirv.rtarray<vector<3xf32>>)>, StorageBuffer>}> : () -> ()
  "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (!spirv.ptr<!spirv.struct<(i32, !spirv.rtarray<vector<3xf32>>)>, StorageBuffer>) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: !spirv.ptr<!spirv.struct<(i32, !spirv.rtarray<vector<3xf32>>)>, StorageBuffer>):
    %0 = "spirv.mlir.addressof"() <{variable = @s}> : () -> !spirv.ptr<!spirv.struct<(i32, !spirv.rtarray<vector<3xf32>>)>, StorageBuffer>
    "spirv.Return"() : () -> ()
  }) : () -> ()
}) : () -> ()
