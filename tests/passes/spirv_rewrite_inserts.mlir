// PASS: --spirv-rewrite-inserts
// Shared input of the differential test against mlir-opt-19 (MLIR's generic form): complete chains on vectors, structs and arrays, shared prefixes, incomplete chains.
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (f32, f32, f32, vector<3xf32>) -> vector<3xf32>, sym_name = "f"}> ({
    ^bb0(%arg4: f32, %arg5: f32, %arg6: f32, %arg7: vector<3xf32>):
      %4 = "spirv.CompositeInsert"(%arg4, %arg7) <{indices = [0 : i32]}> : (f32, vector<3xf32>) -> vector<3xf32>
      %5 = "spirv.CompositeInsert"(%arg5, %4) <{indices = [1 : i32]}> : (f32, vector<3xf32>) -> vector<3xf32>
      %6 = "spirv.CompositeInsert"(%arg6, %5) <{indices = [2 : i32]}> : (f32, vector<3xf32>) -> vector<3xf32>
      %7 = "spirv.CompositeInsert"(%arg6, %4) <{indices = [1 : i32]}> : (f32, vector<3xf32>) -> vector<3xf32>
      %8 = "spirv.CompositeInsert"(%arg4, %7) <{indices = [2 : i32]}> : (f32, vector<3xf32>) -> vector<3xf32>
      %9 = "spirv.FAdd"(%6, %8) : (vector<3xf32>, vector<3xf32>) -> vector<3xf32>
      %10 = "spirv.CompositeInsert"(%arg4, %arg7) <{indices = [1 : i32]}> : (f32, vector<3xf32>) -> vector<3xf32>
      %11 = "spirv.CompositeInsert"(%arg5, %10) <{indices = [2 : i32]}> : (f32, vector<3xf32>) -> vector<3xf32>
      %12 = "spirv.FAdd"(%9, %11) : (vector<3xf32>, vector<3xf32>) -> vector<3xf32>
      %13 = "spirv.FAdd"(%12, %4) : (vector<3xf32>, vector<3xf32>) -> vector<3xf32>
      "spirv.ReturnValue"(%13) : (vector<3xf32>) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, !spirv.struct<(i32, f32)>, f32, !spirv.array<2 x i32>) -> !spirv.array<2 x i32>, sym_name = "g"}> ({
    ^bb0(%arg0: i32, %arg1: !spirv.struct<(i32, f32)>, %arg2: f32, %arg3: !spirv.array<2 x i32>):
      %0 = "spirv.CompositeInsert"(%arg0, %arg1) <{indices = [0 : i32]}> : (i32, !spirv.struct<(i32, f32)>) -> !spirv.struct<(i32, f32)>
      %1 = "spirv.CompositeInsert"(%arg2, %0) <{indices = [1 : i32]}> : (f32, !spirv.struct<(i32, f32)>) -> !spirv.struct<(i32, f32)>
      %2 = "spirv.CompositeInsert"(%arg0, %arg3) <{indices = [0 : i32]}> : (i32, !spirv.array<2 x i32>) -> !spirv.array<2 x i32>
      %3 = "spirv.CompositeInsert"(%arg0, %2) <{indices = [1 : i32]}> : (i32, !spirv.array<2 x i32>) -> !spirv.array<2 x i32>
      "spirv.ReturnValue"(%3) : (!spirv.array<2 x i32>) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (vector<2xf32>, vector<2xf32>, !spirv.matrix<2 x vector<2xf32>>) -> !spirv.matrix<2 x vector<2xf32>>, sym_name = "matrix"}> ({
    ^bb0(%arg8: vector<2xf32>, %arg9: vector<2xf32>, %arg10: !spirv.matrix<2 x vector<2xf32>>):
      %7 = "spirv.CompositeInsert"(%arg8, %arg10) <{indices = [0 : i32]}> : (vector<2xf32>, !spirv.matrix<2 x vector<2xf32>>) -> !spirv.matrix<2 x vector<2xf32>>
      %8 = "spirv.CompositeInsert"(%arg9, %7) <{indices = [1 : i32]}> : (vector<2xf32>, !spirv.matrix<2 x vector<2xf32>>) -> !spirv.matrix<2 x vector<2xf32>>
      "spirv.ReturnValue"(%8) : (!spirv.matrix<2 x vector<2xf32>>) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (f32, !spirv.struct<(vector<2xf32>, f32)>) -> !spirv.struct<(vector<2xf32>, f32)>, sym_name = "nested"}> ({
    ^bb0(%arg6: f32, %arg7: !spirv.struct<(vector<2xf32>, f32)>):
      %5 = "spirv.CompositeInsert"(%arg6, %arg7) <{indices = [0 : i32, 0 : i32]}> : (f32, !spirv.struct<(vector<2xf32>, f32)>) -> !spirv.struct<(vector<2xf32>, f32)>
      %6 = "spirv.CompositeInsert"(%arg6, %5) <{indices = [1 : i32]}> : (f32, !spirv.struct<(vector<2xf32>, f32)>) -> !spirv.struct<(vector<2xf32>, f32)>
      "spirv.ReturnValue"(%6) : (!spirv.struct<(vector<2xf32>, f32)>) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (f32, f32, vector<2xf32>) -> vector<2xf32>, sym_name = "out_of_order"}> ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: vector<2xf32>):
      %2 = "spirv.CompositeInsert"(%arg3, %arg5) <{indices = [1 : i32]}> : (f32, vector<2xf32>) -> vector<2xf32>
      %3 = "spirv.CompositeInsert"(%arg4, %2) <{indices = [0 : i32]}> : (f32, vector<2xf32>) -> vector<2xf32>
      %4 = "spirv.CompositeInsert"(%arg4, %3) <{indices = [1 : i32]}> : (f32, vector<2xf32>) -> vector<2xf32>
      "spirv.ReturnValue"(%4) : (vector<2xf32>) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (f32, vector<2xf32>, i1) -> vector<2xf32>, sym_name = "in_loop"}> ({
    ^bb0(%arg0: f32, %arg1: vector<2xf32>, %arg2: i1):
      "spirv.Branch"()[^bb1] : () -> ()
    ^bb1:  // 2 preds: ^bb0, ^bb1
      %0 = "spirv.CompositeInsert"(%arg0, %arg1) <{indices = [0 : i32]}> : (f32, vector<2xf32>) -> vector<2xf32>
      %1 = "spirv.CompositeInsert"(%arg0, %0) <{indices = [1 : i32]}> : (f32, vector<2xf32>) -> vector<2xf32>
      "spirv.BranchConditional"(%arg2)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
    ^bb2:  // pred: ^bb1
      "spirv.ReturnValue"(%1) : (vector<2xf32>) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()

