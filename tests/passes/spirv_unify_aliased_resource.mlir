// PASS: --spirv-unify-aliased-resource
// Shared input of the differential test against mlir-opt-19 (MLIR's generic form): scalar and vector canonical resources, loads and stores of narrower, wider and same-width elements, sets that cannot be unified (odd vectors, fixed arrays, no aliased mark), a lone aliased variable, and an unsupported store.
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{binding = 1 : i32, descriptor_set = 0 : i32, sym_name = "var01s", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 1 : i32, descriptor_set = 0 : i32, sym_name = "var01v", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 1 : i32, descriptor_set = 0 : i32, sym_name = "var01i", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32) -> f32, sym_name = "load_scalar"}> ({
    ^bb0(%arg2: i32):
      %8 = "spirv.Constant"() <{value = 0 : i32}> : () -> i32
      %9 = "spirv.mlir.addressof"() <{variable = @var01s}> : () -> !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
      %10 = "spirv.AccessChain"(%9, %8, %arg2) : (!spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32) -> !spirv.ptr<f32, StorageBuffer>
      %11 = "spirv.Load"(%10) : (!spirv.ptr<f32, StorageBuffer>) -> f32
      "spirv.ReturnValue"(%11) : (f32) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32) -> vector<4xf32>, sym_name = "load_vector"}> ({
    ^bb0(%arg1: i32):
      %4 = "spirv.Constant"() <{value = 0 : i32}> : () -> i32
      %5 = "spirv.mlir.addressof"() <{variable = @var01v}> : () -> !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>
      %6 = "spirv.AccessChain"(%5, %4, %arg1) : (!spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>, i32, i32) -> !spirv.ptr<vector<4xf32>, StorageBuffer>
      %7 = "spirv.Load"(%6) : (!spirv.ptr<vector<4xf32>, StorageBuffer>) -> vector<4xf32>
      "spirv.Store"(%6, %7) : (!spirv.ptr<vector<4xf32>, StorageBuffer>, vector<4xf32>) -> ()
      "spirv.ReturnValue"(%7) : (vector<4xf32>) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32) -> i32, sym_name = "load_int"}> ({
    ^bb0(%arg0: i32):
      %0 = "spirv.Constant"() <{value = 0 : i32}> : () -> i32
      %1 = "spirv.mlir.addressof"() <{variable = @var01i}> : () -> !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
      %2 = "spirv.AccessChain"(%1, %0, %arg0) : (!spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32) -> !spirv.ptr<i32, StorageBuffer>
      %3 = "spirv.Load"(%2) : (!spirv.ptr<i32, StorageBuffer>) -> i32
      "spirv.Store"(%2, %3) : (!spirv.ptr<i32, StorageBuffer>, i32) -> ()
      "spirv.ReturnValue"(%3) : (i32) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{binding = 0 : i32, descriptor_set = 1 : i32, sym_name = "a", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 0 : i32, descriptor_set = 1 : i32, sym_name = "b", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<f64, stride=8> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 0 : i32, descriptor_set = 1 : i32, sym_name = "c", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xi32>, stride=16> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 0 : i32, descriptor_set = 2 : i32, sym_name = "lone", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 0 : i32, descriptor_set = 3 : i32, sym_name = "s16", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<i16, stride=2> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 0 : i32, descriptor_set = 3 : i32, sym_name = "s64", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, i32) -> f64, sym_name = "f"}> ({
    ^bb0(%arg0: i32, %arg1: i32):
      %0 = "spirv.Constant"() <{value = 0 : i32}> : () -> i32
      %1 = "spirv.mlir.addressof"() <{variable = @b}> : () -> !spirv.ptr<!spirv.struct<(!spirv.rtarray<f64, stride=8> [0])>, StorageBuffer>
      %2 = "spirv.AccessChain"(%1, %0, %arg0) : (!spirv.ptr<!spirv.struct<(!spirv.rtarray<f64, stride=8> [0])>, StorageBuffer>, i32, i32) -> !spirv.ptr<f64, StorageBuffer>
      %3 = "spirv.Load"(%2) : (!spirv.ptr<f64, StorageBuffer>) -> f64
      %4 = "spirv.mlir.addressof"() <{variable = @c}> : () -> !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xi32>, stride=16> [0])>, StorageBuffer>
      %5 = "spirv.AccessChain"(%4, %0, %arg1) : (!spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xi32>, stride=16> [0])>, StorageBuffer>, i32, i32) -> !spirv.ptr<vector<4xi32>, StorageBuffer>
      %6 = "spirv.Load"(%5) : (!spirv.ptr<vector<4xi32>, StorageBuffer>) -> vector<4xi32>
      %7 = "spirv.mlir.addressof"() <{variable = @s64}> : () -> !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>
      %8 = "spirv.AccessChain"(%7, %0, %arg1) : (!spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>, i32, i32) -> !spirv.ptr<i64, StorageBuffer>
      %9 = "spirv.Load"(%8) : (!spirv.ptr<i64, StorageBuffer>) -> i64
      %10 = "spirv.mlir.addressof"() <{variable = @lone}> : () -> !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
      "spirv.ReturnValue"(%3) : (f64) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{binding = 0 : i32, descriptor_set = 0 : i32, sym_name = "odd0", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<3xf32>, stride=16> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 0 : i32, descriptor_set = 0 : i32, sym_name = "odd1", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 1 : i32, descriptor_set = 0 : i32, sym_name = "plain0", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>}> : () -> ()
    "spirv.GlobalVariable"() <{binding = 1 : i32, descriptor_set = 0 : i32, sym_name = "plain1", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>}> : () -> ()
    "spirv.GlobalVariable"() <{binding = 2 : i32, descriptor_set = 0 : i32, sym_name = "only", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 3 : i32, descriptor_set = 0 : i32, sym_name = "f32s", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 3 : i32, descriptor_set = 0 : i32, sym_name = "i32s", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 3 : i32, descriptor_set = 0 : i32, sym_name = "v2i32", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xi32>, stride=8> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 4 : i32, descriptor_set = 0 : i32, sym_name = "notrt", type = !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32, stride=4> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 4 : i32, descriptor_set = 0 : i32, sym_name = "notrt2", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, i32) -> f32, sym_name = "f"}> ({
    ^bb0(%arg0: i32, %arg1: i32):
      %0 = "spirv.Constant"() <{value = 0 : i32}> : () -> i32
      %1 = "spirv.mlir.addressof"() <{variable = @i32s}> : () -> !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
      %2 = "spirv.AccessChain"(%1, %0, %arg0) : (!spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32) -> !spirv.ptr<i32, StorageBuffer>
      "spirv.Store"(%2, %arg1) <{memory_access = #spirv.memory_access<Volatile>}> : (!spirv.ptr<i32, StorageBuffer>, i32) -> ()
      %3 = "spirv.mlir.addressof"() <{variable = @f32s}> : () -> !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
      %4 = "spirv.AccessChain"(%3, %0, %arg0) : (!spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32) -> !spirv.ptr<f32, StorageBuffer>
      %5 = "spirv.Load"(%4) <{memory_access = #spirv.memory_access<Volatile>}> : (!spirv.ptr<f32, StorageBuffer>) -> f32
      %6 = "spirv.mlir.addressof"() <{variable = @v2i32}> : () -> !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xi32>, stride=8> [0])>, StorageBuffer>
      %7 = "spirv.AccessChain"(%6, %0, %arg0) : (!spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xi32>, stride=8> [0])>, StorageBuffer>, i32, i32) -> !spirv.ptr<vector<2xi32>, StorageBuffer>
      %8 = "spirv.Load"(%7) : (!spirv.ptr<vector<2xi32>, StorageBuffer>) -> vector<2xi32>
      %9 = "spirv.mlir.addressof"() <{variable = @odd1}> : () -> !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
      "spirv.ReturnValue"(%5) : (f32) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{binding = 0 : i32, descriptor_set = 0 : i32, sym_name = "a", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<2xf32>, stride=8> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.GlobalVariable"() <{binding = 0 : i32, descriptor_set = 0 : i32, sym_name = "b", type = !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>}> {aliased} : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, vector<4xf32>) -> (), sym_name = "f"}> ({
    ^bb0(%arg0: i32, %arg1: vector<4xf32>):
      %0 = "spirv.Constant"() <{value = 0 : i32}> : () -> i32
      %1 = "spirv.mlir.addressof"() <{variable = @b}> : () -> !spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>
      %2 = "spirv.AccessChain"(%1, %0, %arg0) : (!spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<4xf32>, stride=16> [0])>, StorageBuffer>, i32, i32) -> !spirv.ptr<vector<4xf32>, StorageBuffer>
      "spirv.Store"(%2, %arg1) : (!spirv.ptr<vector<4xf32>, StorageBuffer>, vector<4xf32>) -> ()
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()

