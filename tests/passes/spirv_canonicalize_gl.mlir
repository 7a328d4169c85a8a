// PASS: --spirv-canonicalize-gl
// Shared input of the differential test against mlir-opt-19 (MLIR's generic form): clamps over each comparison kind, the mirrored binding, near misses (mixed comparisons, other shapes), a select still used elsewhere, constants made unique and hoisted across blocks, unused pure ops erased (some using one value twice), ops with effects kept.
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (f32, i32) -> f32, sym_name = "f"}> ({
    ^bb0(%arg0: f32, %arg1: i32):
      %0 = "spirv.Constant"() <{value = 3.000000e+00 : f32}> : () -> f32
      %1 = "spirv.Constant"() <{value = 1.000000e+00 : f32}> : () -> f32
      %2 = "spirv.Constant"() <{value = 2.000000e+00 : f32}> : () -> f32
      %3 = "spirv.FOrdLessThan"(%1, %arg0) : (f32, f32) -> i1
      %4 = "spirv.Select"(%3, %arg0, %1) : (i1, f32, f32) -> f32
      %5 = "spirv.FOrdLessThan"(%4, %2) : (f32, f32) -> i1
      %6 = "spirv.Select"(%5, %4, %2) : (i1, f32, f32) -> f32
      %7 = "spirv.Constant"() <{value = 5 : i32}> : () -> i32
      %8 = "spirv.Constant"() <{value = 1 : i32}> : () -> i32
      %9 = "spirv.IAdd"(%arg1, %7) : (i32, i32) -> i32
      %10 = "spirv.Constant"() <{value = 1.000000e+00 : f32}> : () -> f32
      %11 = "spirv.FAdd"(%6, %10) : (f32, f32) -> f32
      "spirv.ReturnValue"(%11) : (f32) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, i32) -> i32, sym_name = "f"}> ({
    ^bb0(%arg0: i32, %arg1: i32):
      %0 = "spirv.IAdd"(%arg0, %arg1) : (i32, i32) -> i32
      %1 = "spirv.Constant"() <{value = 7 : i32}> : () -> i32
      %2 = "spirv.IMul"(%0, %1) : (i32, i32) -> i32
      %3 = "spirv.Constant"() <{value = 9 : i32}> : () -> i32
      %4 = "spirv.Constant"() <{value = 7 : i32}> : () -> i32
      %5 = "spirv.IMul"(%2, %3) : (i32, i32) -> i32
      %6 = "spirv.IMul"(%5, %4) : (i32, i32) -> i32
      "spirv.ReturnValue"(%6) : (i32) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (vector<2xi32>, vector<2xi32>, vector<2xi32>) -> vector<2xi32>, sym_name = "shape2"}> ({
    ^bb0(%arg18: vector<2xi32>, %arg19: vector<2xi32>, %arg20: vector<2xi32>):
      %28 = "spirv.SLessThanEqual"(%arg18, %arg19) : (vector<2xi32>, vector<2xi32>) -> vector<2xi1>
      %29 = "spirv.Select"(%28, %arg19, %arg18) : (vector<2xi1>, vector<2xi32>, vector<2xi32>) -> vector<2xi32>
      %30 = "spirv.SLessThanEqual"(%arg20, %29) : (vector<2xi32>, vector<2xi32>) -> vector<2xi1>
      %31 = "spirv.Select"(%30, %arg20, %29) : (vector<2xi1>, vector<2xi32>, vector<2xi32>) -> vector<2xi32>
      "spirv.ReturnValue"(%31) : (vector<2xi32>) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, i32, i32) -> i32, sym_name = "unsigned"}> ({
    ^bb0(%arg15: i32, %arg16: i32, %arg17: i32):
      %24 = "spirv.ULessThan"(%arg16, %arg15) : (i32, i32) -> i1
      %25 = "spirv.Select"(%24, %arg15, %arg16) : (i1, i32, i32) -> i32
      %26 = "spirv.ULessThan"(%25, %arg17) : (i32, i32) -> i1
      %27 = "spirv.Select"(%26, %25, %arg17) : (i1, i32, i32) -> i32
      "spirv.ReturnValue"(%27) : (i32) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, i32, i32) -> i32, sym_name = "mixed"}> ({
    ^bb0(%arg12: i32, %arg13: i32, %arg14: i32):
      %20 = "spirv.ULessThan"(%arg13, %arg12) : (i32, i32) -> i1
      %21 = "spirv.Select"(%20, %arg12, %arg13) : (i1, i32, i32) -> i32
      %22 = "spirv.SLessThan"(%21, %arg14) : (i32, i32) -> i1
      %23 = "spirv.Select"(%22, %21, %arg14) : (i1, i32, i32) -> i32
      "spirv.ReturnValue"(%23) : (i32) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (f32, f32, f32) -> f32, sym_name = "swapped"}> ({
    ^bb0(%arg9: f32, %arg10: f32, %arg11: f32):
      %16 = "spirv.FOrdLessThanEqual"(%arg9, %arg10) : (f32, f32) -> i1
      %17 = "spirv.Select"(%16, %arg9, %arg10) : (i1, f32, f32) -> f32
      %18 = "spirv.FOrdLessThanEqual"(%17, %arg11) : (f32, f32) -> i1
      %19 = "spirv.Select"(%18, %17, %arg11) : (i1, f32, f32) -> f32
      "spirv.ReturnValue"(%19) : (f32) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (f32, f32, f32) -> f32, sym_name = "shared"}> ({
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %11 = "spirv.FOrdLessThan"(%arg7, %arg6) : (f32, f32) -> i1
      %12 = "spirv.Select"(%11, %arg6, %arg7) : (i1, f32, f32) -> f32
      %13 = "spirv.FOrdLessThan"(%12, %arg8) : (f32, f32) -> i1
      %14 = "spirv.Select"(%13, %12, %arg8) : (i1, f32, f32) -> f32
      %15 = "spirv.FAdd"(%14, %12) : (f32, f32) -> f32
      "spirv.ReturnValue"(%15) : (f32) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (f32, f32, f32) -> f32, sym_name = "reversed"}> ({
    ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
      %7 = "spirv.FOrdLessThanEqual"(%arg3, %arg4) : (f32, f32) -> i1
      %8 = "spirv.Select"(%7, %arg4, %arg3) : (i1, f32, f32) -> f32
      %9 = "spirv.FOrdLessThanEqual"(%8, %arg5) : (f32, f32) -> i1
      %10 = "spirv.Select"(%9, %8, %arg5) : (i1, f32, f32) -> f32
      "spirv.ReturnValue"(%10) : (f32) -> ()
    }) : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, i32, i32) -> i32, sym_name = "loop"}> ({
    ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
      %0 = "spirv.Constant"() <{value = 4 : i32}> : () -> i32
      "spirv.Branch"()[^bb1] : () -> ()
    ^bb1:  // pred: ^bb0
      %1 = "spirv.SLessThan"(%arg1, %arg0) : (i32, i32) -> i1
      %2 = "spirv.Select"(%1, %arg0, %arg1) : (i1, i32, i32) -> i32
      %3 = "spirv.SLessThan"(%2, %arg2) : (i32, i32) -> i1
      %4 = "spirv.Select"(%3, %2, %arg2) : (i1, i32, i32) -> i32
      %5 = "spirv.Constant"() <{value = 4 : i32}> : () -> i32
      %6 = "spirv.IMul"(%4, %5) : (i32, i32) -> i32
      "spirv.ReturnValue"(%6) : (i32) -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{sym_name = "v", type = !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>}> : () -> ()
    "spirv.GlobalVariable"() <{sym_name = "u", type = !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>}> : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32, vector<4xf32>, !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>) -> (), sym_name = "f"}> ({
    ^bb0(%arg0: i32, %arg1: vector<4xf32>, %arg2: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %arg3: vector<2xf32>):
      %0 = "spirv.mlir.addressof"() <{variable = @v}> : () -> !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
      %1 = "spirv.Constant"() <{value = 0 : i32}> : () -> i32
      %2 = "spirv.AccessChain"(%0, %1) : (!spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>, i32) -> !spirv.ptr<f32, StorageBuffer>
      %3 = "spirv.Load"(%2) : (!spirv.ptr<f32, StorageBuffer>) -> f32
      %4 = "spirv.mlir.addressof"() <{variable = @u}> : () -> !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
      %5 = "spirv.VectorShuffle"(%arg1, %arg1) <{components = [1 : i32, 0 : i32]}> : (vector<4xf32>, vector<4xf32>) -> vector<2xf32>
      %6 = "spirv.Dot"(%arg1, %arg1) : (vector<4xf32>, vector<4xf32>) -> f32
      %7 = "spirv.GL.Sqrt"(%6) : (f32) -> f32
      %8 = "spirv.ConvertFToS"(%6) : (f32) -> i32
      %9 = "spirv.IsNan"(%6) : (f32) -> i1
      %10 = "spirv.GroupNonUniformElect"() <{execution_scope = #spirv.scope<Subgroup>}> : () -> i1
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()

