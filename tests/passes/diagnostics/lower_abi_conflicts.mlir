// RUN: --spirv-lower-abi-attrs --split-input-file --verify-diagnostics
// Our own checks that MLIR does not make: the lowering would bind two
// resources of different types to one descriptor set and binding of one
// entry point.
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    // expected-error @+1 {{argument 1 is bound to descriptor set 0 binding 0 with type !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>, but argument 0 is bound there with type !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>}}
    "spirv.func"() <{arg_attrs = [{spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), StorageBuffer>}, {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), StorageBuffer>}], function_control = #spirv.function_control<None>, function_type = (f32, i32) -> (), sym_name = "k"}> ({
    ^bb0(%arg0: f32, %arg1: i32):
      "spirv.Return"() : () -> ()
    }) {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    // expected-error @+1 {{argument 2 is bound to descriptor set 1 binding 4 with type !spirv.ptr<!spirv.struct<(vector<4xf32> [0])>, StorageBuffer>, but argument 0 is bound there}}
    "spirv.func"() <{arg_attrs = [{spirv.interface_var_abi = #spirv.interface_var_abi<(1, 4)>}, {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}, {spirv.interface_var_abi = #spirv.interface_var_abi<(1, 4)>}], function_control = #spirv.function_control<None>, function_type = (!spirv.ptr<!spirv.struct<(!spirv.array<4 x f32>)>, StorageBuffer>, !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32>)>, StorageBuffer>, !spirv.ptr<!spirv.struct<(vector<4xf32>)>, StorageBuffer>) -> (), sym_name = "k"}> ({
    ^bb0(%arg0: !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32>)>, StorageBuffer>, %arg1: !spirv.ptr<!spirv.struct<(!spirv.array<4 x f32>)>, StorageBuffer>, %arg2: !spirv.ptr<!spirv.struct<(vector<4xf32>)>, StorageBuffer>):
      "spirv.Return"() : () -> ()
    }) {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} : () -> ()
