// RUN: --spirv-update-vce --split-input-file --verify-diagnostics
// An op the target environment cannot support is an error naming the op,
// what it lacks (version, extension or capability) and where: through its
// decorations (a built-in, a decoration attribute), a type it uses, or an
// enum operand (a ControlBarrier is fine with Subgroup scope, not with
// QueueFamily under a target without VulkanMemoryModel).
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    // expected-error @+1 {{'spirv.GlobalVariable' is not available in the target environment: BuiltIn BaseVertex needs SPIR-V 1.3 or one of the extensions [SPV_KHR_shader_draw_parameters], but the target is SPIR-V 1.0 without them}}
    "spirv.GlobalVariable"() <{sym_name = "base", type = !spirv.ptr<i32, Input>}> {built_in = "BaseVertex"} : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, DrawParameters], []>, #spirv.resource_limits<>>} : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    // expected-error @+1 {{'spirv.GlobalVariable' is not available in the target environment: f16 in StorageBuffer storage needs SPIR-V 1.3 or one of the extensions [SPV_KHR_16bit_storage], but the target is SPIR-V 1.0 without them}}
    "spirv.GlobalVariable"() <{sym_name = "v", type = !spirv.ptr<!spirv.struct<(f16 [0])>, StorageBuffer>}> : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, StorageBuffer16BitAccess], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (f32) -> f32, sym_name = "f"}> ({
    ^bb0(%arg0: f32):
      // expected-error @+1 {{'spirv.FAdd' is not available in the target environment: Decoration NonUniform needs SPIR-V 1.5 or one of the extensions [SPV_EXT_descriptor_indexing], but the target is SPIR-V 1.4 without them}}
      %0 = "spirv.FAdd"(%arg0, %arg0) {non_uniform} : (f32, f32) -> f32
      "spirv.ReturnValue"(%0) : (f32) -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.4, [Shader], []>, #spirv.resource_limits<>>} : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      "spirv.ControlBarrier"() <{execution_scope = #spirv.scope<Subgroup>, memory_scope = #spirv.scope<Subgroup>, memory_semantics = #spirv.memory_semantics<AcquireRelease>}> : () -> ()
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader], []>, #spirv.resource_limits<>>} : () -> ()
// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      // expected-error @+1 {{'spirv.ControlBarrier' is not available in the target environment: Scope QueueFamily needs one of the capabilities [VulkanMemoryModel], which the target does not allow}}
      "spirv.ControlBarrier"() <{execution_scope = #spirv.scope<Workgroup>, memory_scope = #spirv.scope<QueueFamily>, memory_semantics = #spirv.memory_semantics<AcquireRelease>}> : () -> ()
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader], []>, #spirv.resource_limits<>>} : () -> ()
