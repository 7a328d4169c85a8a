// ARGS: opt --split-input-file --verify-diagnostics --spirv-update-vce --mlir-print-op-generic
// --spirv-update-vce: the minimal version, capabilities and extensions,
// without capabilities another deduced one implies, chosen within the
// target environment; ops the target cannot support are errors naming
// the op and what it lacks.

// Vector16 implies Kernel, which the OpenCL memory model needs.
// CHECK: vce_triple = #spirv.vce<v1.0, [Addresses, Vector16], []>
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Physical64>, memory_model = #spirv.memory_model<OpenCL>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      %0 = "spirv.Constant"() <{value = dense<1.000000e+00> : vector<8xf32>}> : () -> vector<8xf32>
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Vector16], []>, #spirv.resource_limits<>>} : () -> ()

// -----

// 16-bit values in a storage buffer need the 16-bit storage capability
// (not Float16); before SPIR-V 1.3 through its extension, and the
// StorageBuffer class through its own.
// CHECK: vce_triple = #spirv.vce<v1.0, [Shader, StorageBuffer16BitAccess], [SPV_KHR_16bit_storage, SPV_KHR_storage_buffer_storage_class]>
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{sym_name = "v", type = !spirv.ptr<!spirv.struct<(f16 [0])>, StorageBuffer>}> : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, StorageBuffer16BitAccess, Float16], [SPV_KHR_16bit_storage, SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} : () -> ()

// -----

// From SPIR-V 1.3 on, the same needs no extension.
// CHECK: vce_triple = #spirv.vce<v1.3, [Shader, StorageBuffer16BitAccess], []>
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{sym_name = "v", type = !spirv.ptr<!spirv.struct<(f16 [0])>, StorageBuffer>}> : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, StorageBuffer16BitAccess], [SPV_KHR_16bit_storage, SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} : () -> ()

// -----

"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      // expected-error @+1 {{'spirv.ControlBarrier' is not available in the target environment: Scope QueueFamily needs one of the capabilities [VulkanMemoryModel], which the target does not allow}}
      "spirv.ControlBarrier"() <{execution_scope = #spirv.scope<Subgroup>, memory_scope = #spirv.scope<QueueFamily>, memory_semantics = #spirv.memory_semantics<AcquireRelease>}> : () -> ()
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader], []>, #spirv.resource_limits<>>} : () -> ()

// -----

"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    // expected-error @+1 {{'spirv.GlobalVariable' is not available in the target environment: StorageClass StorageBuffer needs SPIR-V 1.3 or one of the extensions [SPV_KHR_storage_buffer_storage_class, SPV_KHR_variable_pointers], but the target is SPIR-V 1.0 without them}}
    "spirv.GlobalVariable"() <{sym_name = "v", type = !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>}> : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} : () -> ()

// -----

// expected-error @+1 {{missing 'spirv.target_env' attribute}}
"spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
}) : () -> ()

// -----

// An entry point interface listing a storage buffer needs SPIR-V 1.4
// (before it, interfaces hold Input and Output variables only).
// CHECK: vce_triple = #spirv.vce<v1.4, [Shader], []>
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{binding = 0 : i32, descriptor_set = 0 : i32, sym_name = "v", type = !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>}> : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "main"}> ({
      "spirv.Return"() : () -> ()
    }) : () -> ()
    "spirv.EntryPoint"() <{execution_model = #spirv.execution_model<GLCompute>, fn = @main, interface = [@v]}> : () -> ()
    "spirv.ExecutionMode"() <{execution_mode = #spirv.execution_mode<LocalSize>, fn = @main, values = [1 : i32, 1 : i32, 1 : i32]}> : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader], []>, #spirv.resource_limits<>>} : () -> ()


// -----

// An instruction of a non-semantic set the grammar does not describe needs
// SPIR-V 1.6 or SPV_KHR_non_semantic_info, as one of a set it describes.
// CHECK: vce_triple = #spirv.vce<v1.0, [Shader], [SPV_KHR_non_semantic_info]>
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.ExtInst"() <{instruction = 1 : i32, result_type = none, set = "NonSemantic.Foo", sym_name = "d"}> : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_non_semantic_info]>, #spirv.resource_limits<>>} : () -> ()

// -----

"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      // expected-error @+1 {{'spirv.ExtInst' is not available in the target environment: 'spirv.ExtInst' needs SPIR-V 1.6 or one of the extensions [SPV_KHR_non_semantic_info], but the target is SPIR-V 1.5 without them}}
      %0 = "spirv.ExtInst"() <{instruction = 1 : i32, set = "NonSemantic.Foo"}> : () -> none
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader], []>, #spirv.resource_limits<>>} : () -> ()
