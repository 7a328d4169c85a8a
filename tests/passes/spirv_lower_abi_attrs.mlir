// PASS: --spirv-lower-abi-attrs
// Shared input of the differential test against mlir-opt-19 (MLIR's generic form): scalar and struct arguments, Vulkan and Kernel targets, interface variables, execution modes the target does not allow, and the errors (no target env, no execution model, a non-entry function, a vector argument).
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{arg_attrs = [{spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), StorageBuffer>}, {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}], function_control = #spirv.function_control<None>, function_type = (f32, !spirv.ptr<!spirv.struct<(!spirv.array<12 x f32>)>, StorageBuffer>) -> (), sym_name = "kernel"}> ({
    ^bb0(%arg0: f32, %arg1: !spirv.ptr<!spirv.struct<(!spirv.array<12 x f32>)>, StorageBuffer>):
      %0 = "spirv.Constant"() <{value = 0 : i32}> : () -> i32
      %1 = "spirv.AccessChain"(%arg1, %0, %0) : (!spirv.ptr<!spirv.struct<(!spirv.array<12 x f32>)>, StorageBuffer>, i32, i32) -> !spirv.ptr<f32, StorageBuffer>
      "spirv.Store"(%1, %arg0) : (!spirv.ptr<f32, StorageBuffer>, f32) -> ()
      "spirv.Return"() : () -> ()
    }) {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{arg_attrs = [{spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}, {spirv.interface_var_abi = #spirv.interface_var_abi<(1, 0), StorageBuffer>}, {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 2)>}], function_control = #spirv.function_control<None>, function_type = (!spirv.ptr<!spirv.struct<(!spirv.array<12 x f32>)>, StorageBuffer>, i32, !spirv.ptr<!spirv.struct<(!spirv.array<12 x f32, stride=4> [0])>, StorageBuffer>) -> (), sym_name = "k"}> ({
    ^bb0(%arg0: !spirv.ptr<!spirv.struct<(!spirv.array<12 x f32>)>, StorageBuffer>, %arg1: i32, %arg2: !spirv.ptr<!spirv.struct<(!spirv.array<12 x f32, stride=4> [0])>, StorageBuffer>):
      %0 = "spirv.Constant"() <{value = 0 : i32}> : () -> i32
      %1 = "spirv.AccessChain"(%arg0, %0, %0) : (!spirv.ptr<!spirv.struct<(!spirv.array<12 x f32>)>, StorageBuffer>, i32, i32) -> !spirv.ptr<f32, StorageBuffer>
      %2 = "spirv.AccessChain"(%arg2, %0, %arg1) : (!spirv.ptr<!spirv.struct<(!spirv.array<12 x f32, stride=4> [0])>, StorageBuffer>, i32, i32) -> !spirv.ptr<f32, StorageBuffer>
      %3 = "spirv.Load"(%2) : (!spirv.ptr<f32, StorageBuffer>) -> f32
      %4 = "spirv.FAdd"(%3, %3) : (f32, f32) -> f32
      "spirv.Store"(%1, %4) : (!spirv.ptr<f32, StorageBuffer>, f32) -> ()
      "spirv.Return"() : () -> ()
    }) {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 2, 1], subgroup_size = 16>} : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "helper"}> ({
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Int64], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Physical32>, memory_model = #spirv.memory_model<OpenCL>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "k"}> ({
      "spirv.Return"() : () -> ()
    }) {spirv.entry_point_abi = #spirv.entry_point_abi<>} : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{sym_name = "gid", type = !spirv.ptr<vector<3xi32>, Input>}> {built_in = "GlobalInvocationId"} : () -> ()
    "spirv.GlobalVariable"() <{sym_name = "sb", type = !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>}> : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "k"}> ({
      %0 = "spirv.mlir.addressof"() <{variable = @gid}> : () -> !spirv.ptr<vector<3xi32>, Input>
      %1 = "spirv.mlir.addressof"() <{variable = @sb}> : () -> !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
      %2 = "spirv.mlir.addressof"() <{variable = @gid}> : () -> !spirv.ptr<vector<3xi32>, Input>
      "spirv.Return"() : () -> ()
    }) {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 2, 1], subgroup_size = 16, target_width = 32>} : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, SubgroupDispatch, Kernel], []>, #spirv.resource_limits<>>} : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Physical64>, memory_model = #spirv.memory_model<OpenCL>}> ({
    "spirv.func"() <{arg_attrs = [{spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), CrossWorkgroup>}, {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}], function_control = #spirv.function_control<None>, function_type = (i32, !spirv.ptr<!spirv.struct<(!spirv.array<4 x vector<4xf32>>, f32)>, CrossWorkgroup>) -> (), sym_name = "kernel"}> ({
    ^bb0(%arg0: i32, %arg1: !spirv.ptr<!spirv.struct<(!spirv.array<4 x vector<4xf32>>, f32)>, CrossWorkgroup>):
      "spirv.Return"() : () -> ()
    }) {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64], []>, #spirv.resource_limits<>>} : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{sym_name = "in", type = !spirv.ptr<vector<3xi32>, Input>}> {built_in = "LocalInvocationId"} : () -> ()
    "spirv.GlobalVariable"() <{sym_name = "out", type = !spirv.ptr<f32, Output>}> : () -> ()
    "spirv.func"() <{arg_attrs = [{spirv.interface_var_abi = #spirv.interface_var_abi<(1, 2)>}, {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}], function_control = #spirv.function_control<None>, function_type = (!spirv.ptr<!spirv.struct<(vector<2xf32>, f32, !spirv.rtarray<vector<4xf16>>)>, StorageBuffer>, !spirv.ptr<!spirv.struct<(!spirv.array<3 x f32>, vector<3xf32>)>, StorageBuffer>) -> (), sym_name = "first"}> ({
    ^bb0(%arg1: !spirv.ptr<!spirv.struct<(vector<2xf32>, f32, !spirv.rtarray<vector<4xf16>>)>, StorageBuffer>, %arg2: !spirv.ptr<!spirv.struct<(!spirv.array<3 x f32>, vector<3xf32>)>, StorageBuffer>):
      %1 = "spirv.mlir.addressof"() <{variable = @out}> : () -> !spirv.ptr<f32, Output>
      %2 = "spirv.mlir.addressof"() <{variable = @in}> : () -> !spirv.ptr<vector<3xi32>, Input>
      %3 = "spirv.mlir.addressof"() <{variable = @out}> : () -> !spirv.ptr<f32, Output>
      "spirv.Return"() : () -> ()
    }) {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 8, 1]>} : () -> ()
    "spirv.func"() <{arg_attrs = [{spirv.interface_var_abi = #spirv.interface_var_abi<(1, 2), PushConstant>}], function_control = #spirv.function_control<None>, function_type = (f16) -> (), sym_name = "second"}> ({
    ^bb0(%arg0: f16):
      %0 = "spirv.FAdd"(%arg0, %arg0) : (f16, f16) -> f16
      "spirv.Return"() : () -> ()
    }) {spirv.entry_point_abi = #spirv.entry_point_abi<>} : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Float16], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{arg_attrs = [{spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), StorageBuffer>}], function_control = #spirv.function_control<None>, function_type = (f32) -> (), sym_name = "nodefault"}> ({
    ^bb0(%arg0: f32):
      "spirv.Return"() : () -> ()
    }) {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [2, 2, 2], subgroup_size = 8>} : () -> ()
  }) : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "nomodel"}> ({
      "spirv.Return"() : () -> ()
    }) {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Int8], []>, #spirv.resource_limits<>>} : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{arg_attrs = [{spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}], function_control = #spirv.function_control<None>, function_type = (vector<4xf32>) -> (), sym_name = "vec"}> ({
    ^bb0(%arg0: vector<4xf32>):
      "spirv.Return"() : () -> ()
    }) {spirv.entry_point_abi = #spirv.entry_point_abi<>} : () -> ()
  }) : () -> ()
}) : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{arg_attrs = [{spirv.interface_var_abi = #spirv.interface_var_abi<(0, 3), StorageBuffer>}], function_control = #spirv.function_control<None>, function_type = (f32) -> (), sym_name = "nonentry"}> ({
    ^bb0(%arg0: f32):
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} : () -> ()

