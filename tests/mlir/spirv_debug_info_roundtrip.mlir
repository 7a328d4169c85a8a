// ARGS: translate --split-input-file --no-implicit-module --test-spirv-roundtrip
// Debug information beyond NonSemantic.Shader.DebugInfo.100 and entry
// point names round-trip through the binary form: each chunk prints back
// as it reads.

// OpenCL.DebugInfo.100 (what llvm-spirv -g writes): module-level symbols
// among the globals, a composite naming its member ahead and a function
// naming its definition ahead, bit enums of the set's own kinds, scopes
// and declarations in the function.
// CHECK: "spirv.OpenCLDebugInfo100.DebugTypeComposite"() <{column = 8 : i32, debug_composite_type = #spirv.debug_composite_type<Structure>, line = 2 : i32, linkage_name = @spirv_string_4, members = @spirv_debug_8, name = @spirv_string_4, opencl_debuginfo100_debug_info_flags = #spirv.opencl_debuginfo100_debug_info_flags<FlagIsPublic|FlagTypePassByValue>, parent = @spirv_debug_2, result_type = none, size = 8 : i32, source = @spirv_debug_1, sym_name = "spirv_debug_7"}> : () -> ()
// CHECK: "spirv.OpenCLDebugInfo100.DebugTypeMember"() <{column = 20 : i32, line = 2 : i32, name = @spirv_string_5, offset = 0 : i32, opencl_debuginfo100_debug_info_flags = #spirv.opencl_debuginfo100_debug_info_flags<FlagIsPublic>, parent = @spirv_debug_7, result_type = none, size = 32 : i32, source = @spirv_debug_1, sym_name = "spirv_debug_8", type = @spirv_debug_3}> : () -> ()
// CHECK: "spirv.OpenCLDebugInfo100.DebugTypeEnum"() <{column = 6 : i32, line = 3 : i32, name = @spirv_string_6, opencl_debuginfo100_debug_info_flags = #spirv.opencl_debuginfo100_debug_info_flags<None>, parent = @spirv_debug_2, result_type = none, size = 32 : i32, source = @spirv_debug_1, sym_name = "spirv_debug_9", underlying_type = @spirv_debug_4, values = [0 : i32, @spirv_string_7, 1 : i32, @spirv_string_8]}> : () -> ()
// CHECK: "spirv.OpenCLDebugInfo100.DebugFunction"() <{column = 0 : i32, function = @scale, line = 4 : i32, linkage_name = @spirv_string_9, name = @spirv_string_9, opencl_debuginfo100_debug_info_flags = #spirv.opencl_debuginfo100_debug_info_flags<FlagIsDefinition|FlagPrototyped>, parent = @spirv_debug_2, result_type = none, scope_line = 4 : i32, source = @spirv_debug_1, sym_name = "spirv_debug_11", type = @spirv_debug_10}> : () -> ()
// CHECK: "spirv.OpenCLDebugInfo100.DebugOperation"() <{opencl_debuginfo100_debug_operation = #spirv.opencl_debuginfo100_debug_operation<PlusUconst>, operands = 8 : i32, result_type = none, sym_name = "spirv_debug_15"}> : () -> ()
// CHECK: %2 = "spirv.OpenCLDebugInfo100.DebugDeclare"(%0) <{expression = @spirv_debug_16, local_variable = @spirv_debug_13}> : (!spirv.ptr<!spirv.ptr<f32, CrossWorkgroup>, Function>) -> none
// CHECK: %6 = "spirv.OpenCLDebugInfo100.DebugValue"(%4) <{expression = @spirv_debug_16, local_variable = @spirv_debug_13}> : (!spirv.ptr<f32, CrossWorkgroup>) -> none
// CHECK: %8 = "spirv.OpenCLDebugInfo100.DebugNoScope"() : () -> none
spirv.module Physical64 OpenCL requires #spirv.vce<v1.1, [Addresses, Linkage, Kernel, Int64], []> {
  "spirv.String"() <{string = "/src/scale.cl", sym_name = "spirv_string_0"}> : () -> ()
  "spirv.String"() <{string = "kernel void scale(global float *p, int n) { ... }", sym_name = "spirv_string_1"}> : () -> ()
  "spirv.String"() <{string = "float", sym_name = "spirv_string_2"}> : () -> ()
  "spirv.String"() <{string = "int", sym_name = "spirv_string_3"}> : () -> ()
  "spirv.String"() <{string = "pair", sym_name = "spirv_string_4"}> : () -> ()
  "spirv.String"() <{string = "first", sym_name = "spirv_string_5"}> : () -> ()
  "spirv.String"() <{string = "mode", sym_name = "spirv_string_6"}> : () -> ()
  "spirv.String"() <{string = "fast", sym_name = "spirv_string_7"}> : () -> ()
  "spirv.String"() <{string = "slow", sym_name = "spirv_string_8"}> : () -> ()
  "spirv.String"() <{string = "scale", sym_name = "spirv_string_9"}> : () -> ()
  "spirv.String"() <{string = "p", sym_name = "spirv_string_10"}> : () -> ()
  "spirv.Source"() <{source_language = #spirv.source_language<OpenCL_C>, version = 200000 : i32}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugInfoNone"() <{result_type = none, sym_name = "spirv_debug_0"}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugSource"() <{file = @spirv_string_0, result_type = none, sym_name = "spirv_debug_1", text = @spirv_string_1}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugCompilationUnit"() <{dwarf_version = 5 : i32, result_type = none, source = @spirv_debug_1, source_language = #spirv.source_language<OpenCL_C>, sym_name = "spirv_debug_2", version = 65536 : i32}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugTypeBasic"() <{name = @spirv_string_2, opencl_debuginfo100_debug_base_type_attribute_encoding = #spirv.opencl_debuginfo100_debug_base_type_attribute_encoding<Float>, result_type = none, size = 32 : i32, sym_name = "spirv_debug_3"}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugTypeBasic"() <{name = @spirv_string_3, opencl_debuginfo100_debug_base_type_attribute_encoding = #spirv.opencl_debuginfo100_debug_base_type_attribute_encoding<Signed>, result_type = none, size = 32 : i32, sym_name = "spirv_debug_4"}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugTypeQualifier"() <{base_type = @spirv_debug_3, opencl_debuginfo100_debug_type_qualifier = #spirv.opencl_debuginfo100_debug_type_qualifier<ConstType>, result_type = none, sym_name = "spirv_debug_5"}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugTypePointer"() <{base_type = @spirv_debug_3, opencl_debuginfo100_debug_info_flags = #spirv.opencl_debuginfo100_debug_info_flags<None>, result_type = none, storage_class = #spirv.storage_class<CrossWorkgroup>, sym_name = "spirv_debug_6"}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugTypeComposite"() <{column = 8 : i32, debug_composite_type = #spirv.debug_composite_type<Structure>, line = 2 : i32, linkage_name = @spirv_string_4, members = @spirv_debug_8, name = @spirv_string_4, opencl_debuginfo100_debug_info_flags = #spirv.opencl_debuginfo100_debug_info_flags<FlagIsPublic|FlagTypePassByValue>, parent = @spirv_debug_2, result_type = none, size = 8 : i32, source = @spirv_debug_1, sym_name = "spirv_debug_7"}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugTypeMember"() <{column = 20 : i32, line = 2 : i32, name = @spirv_string_5, offset = 0 : i32, opencl_debuginfo100_debug_info_flags = #spirv.opencl_debuginfo100_debug_info_flags<FlagIsPublic>, parent = @spirv_debug_7, result_type = none, size = 32 : i32, source = @spirv_debug_1, sym_name = "spirv_debug_8", type = @spirv_debug_3}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugTypeEnum"() <{column = 6 : i32, line = 3 : i32, name = @spirv_string_6, opencl_debuginfo100_debug_info_flags = #spirv.opencl_debuginfo100_debug_info_flags<None>, parent = @spirv_debug_2, result_type = none, size = 32 : i32, source = @spirv_debug_1, sym_name = "spirv_debug_9", underlying_type = @spirv_debug_4, values = [0 : i32, @spirv_string_7, 1 : i32, @spirv_string_8]}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugTypeFunction"() <{opencl_debuginfo100_debug_info_flags = #spirv.opencl_debuginfo100_debug_info_flags<None>, parameter_types = [@spirv_debug_6, @spirv_debug_4], result_type = none, return_type = none, sym_name = "spirv_debug_10"}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugFunction"() <{column = 0 : i32, function = @scale, line = 4 : i32, linkage_name = @spirv_string_9, name = @spirv_string_9, opencl_debuginfo100_debug_info_flags = #spirv.opencl_debuginfo100_debug_info_flags<FlagIsDefinition|FlagPrototyped>, parent = @spirv_debug_2, result_type = none, scope_line = 4 : i32, source = @spirv_debug_1, sym_name = "spirv_debug_11", type = @spirv_debug_10}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugLexicalBlock"() <{column = 40 : i32, line = 4 : i32, parent = @spirv_debug_11, result_type = none, source = @spirv_debug_1, sym_name = "spirv_debug_12"}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugLocalVariable"() <{arg_number = 1 : i32, column = 0 : i32, line = 4 : i32, name = @spirv_string_10, opencl_debuginfo100_debug_info_flags = #spirv.opencl_debuginfo100_debug_info_flags<None>, parent = @spirv_debug_11, result_type = none, source = @spirv_debug_1, sym_name = "spirv_debug_13", type = @spirv_debug_6}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugOperation"() <{opencl_debuginfo100_debug_operation = #spirv.opencl_debuginfo100_debug_operation<Deref>, result_type = none, sym_name = "spirv_debug_14"}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugOperation"() <{opencl_debuginfo100_debug_operation = #spirv.opencl_debuginfo100_debug_operation<PlusUconst>, operands = 8 : i32, result_type = none, sym_name = "spirv_debug_15"}> : () -> ()
  "spirv.OpenCLDebugInfo100.DebugExpression"() <{operands = [@spirv_debug_14, @spirv_debug_15], result_type = none, sym_name = "spirv_debug_16"}> : () -> ()
  spirv.func @scale(%arg0: !spirv.ptr<f32, CrossWorkgroup>, %arg1: i32) "None" {
    %0 = spirv.Variable : !spirv.ptr<!spirv.ptr<f32, CrossWorkgroup>, Function>
    %1 = "spirv.OpenCLDebugInfo100.DebugScope"() <{scope = @spirv_debug_11}> : () -> none
    spirv.Store "Function" %0, %arg0 : !spirv.ptr<f32, CrossWorkgroup>
    %2 = "spirv.OpenCLDebugInfo100.DebugDeclare"(%0) <{expression = @spirv_debug_16, local_variable = @spirv_debug_13}> : (!spirv.ptr<!spirv.ptr<f32, CrossWorkgroup>, Function>) -> none
    %3 = "spirv.OpenCLDebugInfo100.DebugScope"() <{scope = @spirv_debug_12}> : () -> none
    %4 = spirv.Load "Function" %0 : !spirv.ptr<f32, CrossWorkgroup>
    %5 = spirv.Load "CrossWorkgroup" %4 : f32
    %6 = "spirv.OpenCLDebugInfo100.DebugValue"(%4) <{expression = @spirv_debug_16, local_variable = @spirv_debug_13}> : (!spirv.ptr<f32, CrossWorkgroup>) -> none
    %7 = spirv.CL.fabs %5 : f32
    spirv.Store "CrossWorkgroup" %4, %7 : f32
    %8 = "spirv.OpenCLDebugInfo100.DebugNoScope"() : () -> none
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @scale
}

// -----

// clspv's reflection after the kernels it names stays after them.
// CHECK: spirv.func @fill() "None" {
// CHECK: "spirv.NonSemanticClspvReflection.Kernel"() <{kernel = @fill, name = @spirv_string_0, num_arguments = 1 : i32, result_type = none, sym_name = "spirv_debug_0"}> : () -> ()
// CHECK: spirv.func @copy() "None" {
// CHECK: "spirv.NonSemanticClspvReflection.Kernel"() <{kernel = @copy, name = @spirv_string_1, num_arguments = 2 : i32, result_type = none, sym_name = "spirv_debug_3"}> : () -> ()
// CHECK: "spirv.NonSemanticClspvReflection.SpecConstantWorkgroupSize"() <{result_type = none, sym_name = "spirv_debug_7", x = 0 : i32, y = 1 : i32, z = 2 : i32}> : () -> ()
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_non_semantic_info]> {
  "spirv.String"() <{string = "fill", sym_name = "spirv_string_0"}> : () -> ()
  "spirv.String"() <{string = "copy", sym_name = "spirv_string_1"}> : () -> ()
  "spirv.String"() <{string = "out", sym_name = "spirv_string_2"}> : () -> ()
  "spirv.String"() <{string = "in", sym_name = "spirv_string_3"}> : () -> ()
  spirv.GlobalVariable @spirv_var_11 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @spirv_var_12 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @spirv_var_3 built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @fill() "None" {
    %spirv_var_3_addr = spirv.mlir.addressof @spirv_var_3 : !spirv.ptr<vector<3xi32>, Input>
    %cst0_i32 = spirv.Constant 0 : i32
    %0 = spirv.AccessChain %spirv_var_3_addr[%cst0_i32] : !spirv.ptr<vector<3xi32>, Input>, i32
    %1 = spirv.Load "Input" %0 : i32
    %spirv_var_11_addr = spirv.mlir.addressof @spirv_var_11 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
    %cst0_i32_0 = spirv.Constant 0 : i32
    %2 = spirv.AccessChain %spirv_var_11_addr[%cst0_i32_0, %1] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32
    spirv.Store "StorageBuffer" %2, %1 : i32
    spirv.Return
  }
  "spirv.NonSemanticClspvReflection.Kernel"() <{kernel = @fill, name = @spirv_string_0, num_arguments = 1 : i32, result_type = none, sym_name = "spirv_debug_0"}> : () -> ()
  "spirv.NonSemanticClspvReflection.ArgumentInfo"() <{name = @spirv_string_2, result_type = none, sym_name = "spirv_debug_1"}> : () -> ()
  "spirv.NonSemanticClspvReflection.ArgumentStorageBuffer"() <{arg_info = @spirv_debug_1, binding = 0 : i32, decl = @spirv_debug_0, descriptor_set = 0 : i32, ordinal = 0 : i32, result_type = none, sym_name = "spirv_debug_2"}> : () -> ()
  spirv.func @copy() "None" {
    %spirv_var_3_addr = spirv.mlir.addressof @spirv_var_3 : !spirv.ptr<vector<3xi32>, Input>
    %cst0_i32 = spirv.Constant 0 : i32
    %0 = spirv.AccessChain %spirv_var_3_addr[%cst0_i32] : !spirv.ptr<vector<3xi32>, Input>, i32
    %1 = spirv.Load "Input" %0 : i32
    %spirv_var_12_addr = spirv.mlir.addressof @spirv_var_12 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
    %cst0_i32_0 = spirv.Constant 0 : i32
    %2 = spirv.AccessChain %spirv_var_12_addr[%cst0_i32_0, %1] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32
    %3 = spirv.Load "StorageBuffer" %2 : i32
    %spirv_var_11_addr = spirv.mlir.addressof @spirv_var_11 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>
    %cst0_i32_1 = spirv.Constant 0 : i32
    %4 = spirv.AccessChain %spirv_var_11_addr[%cst0_i32_1, %1] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32
    spirv.Store "StorageBuffer" %4, %3 : i32
    spirv.Return
  }
  "spirv.NonSemanticClspvReflection.Kernel"() <{kernel = @copy, name = @spirv_string_1, num_arguments = 2 : i32, result_type = none, sym_name = "spirv_debug_3"}> : () -> ()
  "spirv.NonSemanticClspvReflection.ArgumentInfo"() <{name = @spirv_string_3, result_type = none, sym_name = "spirv_debug_4"}> : () -> ()
  "spirv.NonSemanticClspvReflection.ArgumentStorageBuffer"() <{arg_info = @spirv_debug_1, binding = 0 : i32, decl = @spirv_debug_3, descriptor_set = 0 : i32, ordinal = 0 : i32, result_type = none, sym_name = "spirv_debug_5"}> : () -> ()
  "spirv.NonSemanticClspvReflection.ArgumentStorageBuffer"() <{arg_info = @spirv_debug_4, binding = 1 : i32, decl = @spirv_debug_3, descriptor_set = 0 : i32, ordinal = 1 : i32, result_type = none, sym_name = "spirv_debug_6"}> : () -> ()
  "spirv.NonSemanticClspvReflection.SpecConstantWorkgroupSize"() <{result_type = none, sym_name = "spirv_debug_7", x = 0 : i32, y = 1 : i32, z = 2 : i32}> : () -> ()
  spirv.EntryPoint "GLCompute" @fill, @spirv_var_3
  spirv.EntryPoint "GLCompute" @copy, @spirv_var_3
  spirv.ExecutionMode @fill "LocalSize", 64, 1, 1
  spirv.ExecutionMode @copy "LocalSize", 64, 1, 1
}

// -----

// A function that is two entry points, and two functions that are entry
// points named "main" in two models: the names other than the function's
// symbol are `name` properties, in the generic form.
// CHECK: spirv.EntryPoint "GLCompute" @first, @spirv_var_2
// CHECK: "spirv.EntryPoint"() <{execution_model = #spirv.execution_model<GLCompute>, fn = @first, interface = [@spirv_var_2], name = "second"}> : () -> ()
// CHECK: spirv.EntryPoint "Vertex" @main, @spirv_var_4
// CHECK: "spirv.EntryPoint"() <{execution_model = #spirv.execution_model<Fragment>, fn = @main_0, interface = [@spirv_var_6], name = "main"}> : () -> ()
spirv.module Logical GLSL450 requires #spirv.vce<v1.5, [Shader], []> {
  spirv.GlobalVariable @spirv_var_4 built_in("Position") : !spirv.ptr<vector<4xf32>, Output>
  spirv.GlobalVariable @spirv_var_6 {location = 0 : i32} : !spirv.ptr<vector<4xf32>, Output>
  spirv.GlobalVariable @spirv_var_2 bind(0, 0) : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
  spirv.func @first_0() "None" {
    %spirv_var_2_addr = spirv.mlir.addressof @spirv_var_2 : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
    %cst0_i32 = spirv.Constant 0 : i32
    %0 = spirv.AccessChain %spirv_var_2_addr[%cst0_i32] : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>, i32
    %cst_f32 = spirv.Constant 1.000000e+00 : f32
    spirv.Store "StorageBuffer" %0, %cst_f32 : f32
    spirv.Return
  }
  spirv.func @first() "None" {
    spirv.FunctionCall @first_0() : () -> ()
    spirv.Return
  }
  spirv.func @main() "None" {
    %spirv_var_4_addr = spirv.mlir.addressof @spirv_var_4 : !spirv.ptr<vector<4xf32>, Output>
    %cst_vec_4xf32 = spirv.Constant dense<1.000000e+00> : vector<4xf32>
    spirv.Store "Output" %spirv_var_4_addr, %cst_vec_4xf32 : vector<4xf32>
    spirv.Return
  }
  spirv.func @main_0() "None" {
    %spirv_var_6_addr = spirv.mlir.addressof @spirv_var_6 : !spirv.ptr<vector<4xf32>, Output>
    %cst_vec_4xf32 = spirv.Constant dense<1.000000e+00> : vector<4xf32>
    spirv.Store "Output" %spirv_var_6_addr, %cst_vec_4xf32 : vector<4xf32>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @first, @spirv_var_2
  "spirv.EntryPoint"() <{execution_model = #spirv.execution_model<GLCompute>, fn = @first, interface = [@spirv_var_2], name = "second"}> : () -> ()
  spirv.EntryPoint "Vertex" @main, @spirv_var_4
  "spirv.EntryPoint"() <{execution_model = #spirv.execution_model<Fragment>, fn = @main_0, interface = [@spirv_var_6], name = "main"}> : () -> ()
  spirv.ExecutionMode @first "LocalSize", 1, 1, 1
  spirv.ExecutionMode @main_0 "OriginUpperLeft"
}
