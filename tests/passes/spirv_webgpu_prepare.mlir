// PASS: --spirv-webgpu-prepare
// Shared input of the differential test against mlir-opt-19 (MLIR's generic form): UMulExtended/SMulExtended on scalars and vectors, IAddCarry, IsInf/IsNan, expansions not at the top of a function, chained expansions whose constants merge, and types other than 32-bit integers left alone.
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, i32) -> !spirv.struct<(i32, i32)>, sym_name = "umul"}> ({
    ^bb0(%arg6: i32, %arg7: i32):
      %4 = "spirv.UMulExtended"(%arg6, %arg7) : (i32, i32) -> !spirv.struct<(i32, i32)>
      "spirv.ReturnValue"(%4) : (!spirv.struct<(i32, i32)>) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (vector<2xi32>, vector<2xi32>) -> !spirv.struct<(vector<2xi32>, vector<2xi32>)>, sym_name = "smul"}> ({
    ^bb0(%arg4: vector<2xi32>, %arg5: vector<2xi32>):
      %3 = "spirv.SMulExtended"(%arg4, %arg5) : (vector<2xi32>, vector<2xi32>) -> !spirv.struct<(vector<2xi32>, vector<2xi32>)>
      "spirv.ReturnValue"(%3) : (!spirv.struct<(vector<2xi32>, vector<2xi32>)>) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, i32) -> !spirv.struct<(i32, i32)>, sym_name = "carry"}> ({
    ^bb0(%arg2: i32, %arg3: i32):
      %2 = "spirv.IAddCarry"(%arg2, %arg3) : (i32, i32) -> !spirv.struct<(i32, i32)>
      "spirv.ReturnValue"(%2) : (!spirv.struct<(i32, i32)>) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (f32) -> i1, sym_name = "isinf"}> ({
    ^bb0(%arg1: f32):
      %1 = "spirv.IsInf"(%arg1) : (f32) -> i1
      "spirv.ReturnValue"(%1) : (i1) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (vector<3xf32>) -> vector<3xi1>, sym_name = "isnan"}> ({
    ^bb0(%arg0: vector<3xf32>):
      %0 = "spirv.IsNan"(%arg0) : (vector<3xf32>) -> vector<3xi1>
      "spirv.ReturnValue"(%0) : (vector<3xi1>) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, i32) -> !spirv.struct<(i32, i32)>, sym_name = "carry"}> ({
    ^bb0(%arg5: i32, %arg6: i32):
      %8 = "spirv.IMul"(%arg5, %arg6) : (i32, i32) -> i32
      %9 = "spirv.IAddCarry"(%8, %arg6) : (i32, i32) -> !spirv.struct<(i32, i32)>
      %10 = "spirv.CompositeExtract"(%9) <{indices = [1 : i32]}> : (!spirv.struct<(i32, i32)>) -> i32
      %11 = "spirv.IAddCarry"(%10, %arg6) : (i32, i32) -> !spirv.struct<(i32, i32)>
      "spirv.ReturnValue"(%9) : (!spirv.struct<(i32, i32)>) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (vector<2xi32>, vector<2xi32>) -> !spirv.struct<(vector<2xi32>, vector<2xi32>)>, sym_name = "carry2"}> ({
    ^bb0(%arg3: vector<2xi32>, %arg4: vector<2xi32>):
      %4 = "spirv.IMul"(%arg3, %arg4) : (vector<2xi32>, vector<2xi32>) -> vector<2xi32>
      %5 = "spirv.IAddCarry"(%4, %arg4) : (vector<2xi32>, vector<2xi32>) -> !spirv.struct<(vector<2xi32>, vector<2xi32>)>
      %6 = "spirv.CompositeExtract"(%5) <{indices = [0 : i32]}> : (!spirv.struct<(vector<2xi32>, vector<2xi32>)>) -> vector<2xi32>
      %7 = "spirv.IAddCarry"(%6, %arg4) : (vector<2xi32>, vector<2xi32>) -> !spirv.struct<(vector<2xi32>, vector<2xi32>)>
      "spirv.ReturnValue"(%7) : (!spirv.struct<(vector<2xi32>, vector<2xi32>)>) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, i32, f32) -> i1, sym_name = "m"}> ({
    ^bb0(%arg0: i32, %arg1: i32, %arg2: f32):
      %0 = "spirv.IMul"(%arg0, %arg1) : (i32, i32) -> i32
      %1 = "spirv.UMulExtended"(%0, %arg1) : (i32, i32) -> !spirv.struct<(i32, i32)>
      %2 = "spirv.IsInf"(%arg2) : (f32) -> i1
      %3 = "spirv.IsNan"(%arg2) : (f32) -> i1
      "spirv.ReturnValue"(%2) : (i1) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i16, i16, i64, i64) -> !spirv.struct<(i16, i16)>, sym_name = "narrow"}> ({
    ^bb0(%arg2: i16, %arg3: i16, %arg4: i64, %arg5: i64):
      %4 = "spirv.UMulExtended"(%arg2, %arg3) : (i16, i16) -> !spirv.struct<(i16, i16)>
      %5 = "spirv.IAddCarry"(%arg4, %arg5) : (i64, i64) -> !spirv.struct<(i64, i64)>
      %6 = "spirv.SMulExtended"(%arg4, %arg5) : (i64, i64) -> !spirv.struct<(i64, i64)>
      "spirv.ReturnValue"(%4) : (!spirv.struct<(i16, i16)>) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, i32) -> i32, sym_name = "twice"}> ({
    ^bb0(%arg0: i32, %arg1: i32):
      %0 = "spirv.SMulExtended"(%arg0, %arg1) : (i32, i32) -> !spirv.struct<(i32, i32)>
      %1 = "spirv.CompositeExtract"(%0) <{indices = [1 : i32]}> : (!spirv.struct<(i32, i32)>) -> i32
      %2 = "spirv.UMulExtended"(%1, %arg0) : (i32, i32) -> !spirv.struct<(i32, i32)>
      %3 = "spirv.CompositeExtract"(%2) <{indices = [0 : i32]}> : (!spirv.struct<(i32, i32)>) -> i32
      "spirv.ReturnValue"(%3) : (i32) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()

