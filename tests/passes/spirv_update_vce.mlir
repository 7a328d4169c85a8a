// PASS: --spirv-update-vce
// Shared input of the differential test against mlir-opt-19 (MLIR's generic form).
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      %0 = "spirv.Constant"() <{value = true}> : () -> i1
      %1 = "spirv.GroupNonUniformBallot"(%0) <{execution_scope = #spirv.scope<Subgroup>}> : (i1) -> vector<4xi32>
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, GroupNonUniformBallot], []>, #spirv.resource_limits<>>} : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      %0 = "spirv.Constant"() <{value = 1 : i64}> : () -> i64
      %1 = "spirv.IAdd"(%0, %0) : (i64, i64) -> i64
      %2 = "spirv.Constant"() <{value = 1.000000e+00 : f64}> : () -> f64
      %3 = "spirv.FAdd"(%2, %2) : (f64, f64) -> f64
      %4 = "spirv.Constant"() <{value = 1 : i16}> : () -> i16
      %5 = "spirv.IMul"(%4, %4) : (i16, i16) -> i16
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, Int64, Float64, Int16, Int8], []>, #spirv.resource_limits<>>} : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      %0 = "spirv.Constant"() <{value = 1 : i8}> : () -> i8
      %1 = "spirv.ISub"(%0, %0) : (i8, i8) -> i8
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, Int64, Float64, Int16, Int8], []>, #spirv.resource_limits<>>} : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      "spirv.ControlBarrier"() <{execution_scope = #spirv.scope<Subgroup>, memory_scope = #spirv.scope<QueueFamily>, memory_semantics = #spirv.memory_semantics<AcquireRelease>}> : () -> ()
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, VulkanMemoryModel], []>, #spirv.resource_limits<>>} : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      %0 = "spirv.Constant"() <{value = 1 : i64}> : () -> i64
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      %0 = "spirv.Constant"() <{value = true}> : () -> i1
      %1 = "spirv.GroupNonUniformBallot"(%0) <{execution_scope = #spirv.scope<Subgroup>}> : (i1) -> vector<4xi32>
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, GroupNonUniformBallot], []>, #spirv.resource_limits<>>} : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Physical64>, memory_model = #spirv.memory_model<OpenCL>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      %0 = "spirv.Constant"() <{value = dense<1.000000e+00> : vector<8xf32>}> : () -> vector<8xf32>
      %1 = "spirv.FAdd"(%0, %0) : (vector<8xf32>, vector<8xf32>) -> vector<8xf32>
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64, Vector16], []>, #spirv.resource_limits<>>} : () -> ()

// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
      %0 = "spirv.Constant"() <{value = 1 : i32}> : () -> i32
      %1 = "spirv.GroupNonUniformIAdd"(%0) <{execution_scope = #spirv.scope<Subgroup>, group_operation = #spirv.group_operation<Reduce>}> : (i32) -> i32
      %2 = "spirv.Constant"() <{value = true}> : () -> i1
      %3 = "spirv.GroupNonUniformBallot"(%2) <{execution_scope = #spirv.scope<Subgroup>}> : (i1) -> vector<4xi32>
      "spirv.Return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic, GroupNonUniformBallot], []>, #spirv.resource_limits<>>} : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.GlobalVariable"() <{sym_name = "img", type = !spirv.ptr<!spirv.image<f32, Dim1D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rg16f>, UniformConstant>}> : () -> ()
    "spirv.GlobalVariable"() <{sym_name = "w", type = !spirv.ptr<i8, Workgroup>}> : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i1) -> i32, sym_name = "f"}> ({
    ^bb0(%arg0: i1):
      %0 = "spirv.KHR.SubgroupBallot"(%arg0) : (i1) -> vector<4xi32>
      %1 = "spirv.CompositeExtract"(%0) <{indices = [0 : i32]}> : (vector<4xi32>) -> i32
      "spirv.ReturnValue"(%1) : (i32) -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, Int8, Sampled1D, StorageImageExtendedFormats, SubgroupBallotKHR], [SPV_KHR_shader_ballot, SPV_KHR_8bit_storage]>, #spirv.resource_limits<>>} : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i1) -> i1, sym_name = "f"}> ({
    ^bb0(%arg0: i1):
      %0 = "spirv.GroupNonUniformElect"() <{execution_scope = #spirv.scope<Workgroup>}> : () -> i1
      "spirv.ReturnValue"(%0) : (i1) -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformBallot], []>, #spirv.resource_limits<>>} : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i64) -> i64, sym_name = "f"}> ({
    ^bb0(%arg0: i64):
      %0 = "spirv.IAdd"(%arg0, %arg0) : (i64, i64) -> i64
      "spirv.ReturnValue"(%0) : (i64) -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} : () -> ()


// -----
"builtin.module"() ({
  "spirv.module"() <{addressing_model = #spirv.addressing_model<Physical64>, memory_model = #spirv.memory_model<OpenCL>}> ({
    "spirv.GlobalVariable"() <{sym_name = "buf", type = !spirv.ptr<f16, CrossWorkgroup>}> : () -> ()
    "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (vector<8xi64>) -> vector<8xi64>, sym_name = "f"}> ({
    ^bb0(%arg0: vector<8xi64>):
      %0 = "spirv.IAdd"(%arg0, %arg0) : (vector<8xi64>, vector<8xi64>) -> vector<8xi64>
      "spirv.ReturnValue"(%0) : (vector<8xi64>) -> ()
    }) : () -> ()
  }) : () -> ()
}) {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int64, Float16Buffer, Vector16], []>, #spirv.resource_limits<>>} : () -> ()

