// PASS: --decorate-spirv-composite-type-layout
// Shared input of the differential test against mlir-opt-19 (MLIR's generic form).
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{sym_name = "s", type = !spirv.ptr<!spirv.struct<(i32, !spirv.rtarray<f32>)>, StorageBuffer>}> : () -> ()
    "spirv.GlobalVariable"() <{sym_name = "p", type = !spirv.ptr<!spirv.struct<(i32, vector<2xf32>, f32, vector<4xf32>)>, PushConstant>}> : () -> ()
    "spirv.GlobalVariable"() <{sym_name = "w", type = !spirv.ptr<!spirv.struct<(i32, vector<2xf32>)>, Workgroup>}> : () -> ()
    "spirv.GlobalVariable"() <{sym_name = "n", type = !spirv.ptr<!spirv.array<4 x f32>, StorageBuffer>}> : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      %0 = "spirv.mlir.addressof"() <{variable = @s}> : () -> !spirv.ptr<!spirv.struct<(i32, !spirv.rtarray<f32>)>, StorageBuffer>
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{sym_name = "s", type = !spirv.ptr<!spirv.struct<(f32, vector<3xf32>, f32, !spirv.struct<(f32, f64)>, f32, !spirv.array<4 x vector<2xf32>>)>, StorageBuffer>}> : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{sym_name = "s", type = !spirv.ptr<!spirv.struct<(i32 [0], f32 [8])>, StorageBuffer>}> : () -> ()
    "spirv.GlobalVariable"() <{sym_name = "t", type = !spirv.ptr<!spirv.struct<(!spirv.array<2 x !spirv.struct<(vector<4xf32>, i32)>>, i64)>, StorageBuffer>}> : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{sym_name = "s", type = !spirv.ptr<!spirv.struct<(f16, f32, i8, i16, vector<3xi16>, i32)>, PushConstant>}> : () -> ()
  }) : () -> ()
}) : () -> ()

