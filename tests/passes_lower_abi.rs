//! `--spirv-lower-abi-attrs` then `--spirv-update-vce` and serialization:
//! an entry point whose function reads its ABI arguments, a private
//! variable and, through a function it calls, a built-in input. Under a
//! SPIR-V 1.5 target the entry point's interface lists every global
//! variable the call tree uses (SPIR-V 1.4 asks for them all; MLIR 19
//! lists inputs and outputs only, which spirv-val rejects once the
//! module's version is 1.4 or later); under a 1.3 target, the input read
//! in the called function. Both modules pass spirv-val.

mod support;

const MODULE: &str = r#"
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<VERSION, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  spirv.module Logical GLSL450 {
    spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
    spirv.GlobalVariable @counter : !spirv.ptr<i32, Private>
    spirv.func @invocation() -> i32 "None" {
      %g = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
      %id = spirv.Load "Input" %g : vector<3xi32>
      %x = spirv.CompositeExtract %id[0 : i32] : vector<3xi32>
      spirv.ReturnValue %x : i32
    }
    spirv.func @kernel(%scale: i32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0), StorageBuffer>}, %data: !spirv.ptr<!spirv.struct<(!spirv.array<12 x f32, stride=4> [0])>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}) "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [12, 1, 1]>} {
      %x = spirv.FunctionCall @invocation() : () -> i32
      %c = spirv.mlir.addressof @counter : !spirv.ptr<i32, Private>
      spirv.Store "Private" %c, %x : i32
      %i = spirv.IAdd %x, %scale : i32
      %zero = spirv.Constant 0 : i32
      %e = spirv.AccessChain %data[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<12 x f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
      %v = spirv.Load "StorageBuffer" %e : f32
      %w = spirv.FAdd %v, %v : f32
      spirv.Store "StorageBuffer" %e, %w : f32
      spirv.Return
    }
  }
}
"#;

/// `args` run on `input` by the `spirv-dialect` binary: its standard
/// output, or the failure.
fn spirv_dialect(args: &[&str], input: &[u8]) -> Vec<u8> {
    let tool = std::path::Path::new(env!("CARGO_BIN_EXE_spirv-dialect"));
    support::stdout_of(tool, args, input).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn lowered_entry_points_list_the_interface_their_version_asks_for() {
    let val = support::spirv_val_or_note();
    let cases = [
        (
            "v1.5",
            "@kernel, @kernel_arg_1, @kernel_arg_0, @counter, @gid",
            "vulkan1.2",
        ),
        ("v1.3", "@kernel, @gid\n", "vulkan1.1"),
    ];
    for (version, interface, env) in cases {
        let input = MODULE.replace("VERSION", version);
        let passes = ["opt", "-", "--spirv-lower-abi-attrs", "--spirv-update-vce"];
        let lowered = String::from_utf8(spirv_dialect(&passes, input.as_bytes())).expect("text");
        let entry_point = format!("spirv.EntryPoint \"GLCompute\" {interface}");
        assert!(lowered.contains(&entry_point), "{version}:\n{lowered}");
        let inner = lowered
            .find("spirv.module")
            .map(|at| &lowered[at..lowered.rfind('}').unwrap_or(lowered.len())])
            .expect("a spirv.module");
        let serialize = ["translate", "--serialize-spirv", "-", "-o", "-"];
        let bytes = spirv_dialect(&serialize, inner.as_bytes());
        let words = spirv_dialect::binary::words_from_bytes(&bytes).expect("whole words");
        if let Some(val) = &val {
            let complaint = support::spirv_val_complaint(val, &words, env);
            assert!(complaint.is_none(), "{version}: {complaint:?}\n{lowered}");
        }
    }
}
