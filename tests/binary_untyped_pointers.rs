//! SPV_KHR_untyped_pointers through the binary ⇄ IR round trip: the
//! pointer type `!spirv.untyped_ptr<Class>`, module-level untyped variables
//! as `spirv.GlobalVariable`s whose `data_type` is what they hold (its
//! struct decorated `Block` where the storage class makes it a block, as
//! for typed pointers), function variables and untyped access chains with
//! their base type as a type attribute, and loads, stores and copies
//! through untyped pointers. Each hand-written module is valid for
//! spirv-val, and goes through `support::checked_round_trip`: it
//! deserializes, verifies, serializes to a module spirv-val accepts, reads
//! back to the same text and writes the same words through the text form.

mod support;

use spirv_dialect::spvasm::{assemble, AssembleOptions};

const HEADER: &str = "
               OpCapability UntypedPointersKHR
               OpExtension \"SPV_KHR_untyped_pointers\"";

/// A compute shader reading and writing a storage buffer and a push
/// constant block through untyped pointers.
const COMPUTE: &str = r#"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %buf %gid %push
               OpExecutionMode %main LocalSize 64 1 1
               OpMemberDecorate %block 0 Offset 0
               OpDecorate %block Block
               OpDecorate %rt ArrayStride 4
               OpMemberDecorate %params 0 Offset 0
               OpDecorate %params Block
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 1
               OpDecorate %gid BuiltIn GlobalInvocationId
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %float = OpTypeFloat 32
     %v3uint = OpTypeVector %uint 3
         %rt = OpTypeRuntimeArray %float
      %block = OpTypeStruct %rt
     %params = OpTypeStruct %float
     %uint_0 = OpConstant %uint 0
       %uptr = OpTypeUntypedPointerKHR StorageBuffer
  %uptr_push = OpTypeUntypedPointerKHR PushConstant
  %ptr_in_v3 = OpTypePointer Input %v3uint
        %buf = OpUntypedVariableKHR %uptr StorageBuffer %block
       %push = OpUntypedVariableKHR %uptr_push PushConstant %params
        %gid = OpVariable %ptr_in_v3 Input
         %fn = OpTypeFunction %void
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %id = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %id 0
       %elem = OpUntypedAccessChainKHR %uptr %block %buf %uint_0 %x
          %v = OpLoad %float %elem
      %scale = OpLoad %float %push
          %d = OpFMul %float %v %scale
               OpStore %elem %d
        %len = OpUntypedArrayLengthKHR %uint %block %buf 0
               OpReturn
               OpFunctionEnd
"#;

/// A kernel with untyped parameters, a workgroup array, an initialized
/// program-scope variable, function variables (one initialized), pointer
/// access chains and a sized copy.
const KERNEL: &str = r#"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %k "k" %scratch %table
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
      %float = OpTypeFloat 32
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_4 = OpConstant %uint 4
    %ulong_1 = OpConstant %ulong 1
    %float_1 = OpConstant %float 1
        %arr = OpTypeArray %float %uint_4
       %pair = OpTypeStruct %uint %float
   %uptr_cwg = OpTypeUntypedPointerKHR CrossWorkgroup
    %uptr_wg = OpTypeUntypedPointerKHR Workgroup
    %uptr_fn = OpTypeUntypedPointerKHR Function
    %scratch = OpUntypedVariableKHR %uptr_wg Workgroup %arr
      %table = OpUntypedVariableKHR %uptr_cwg CrossWorkgroup %uint %uint_4
       %kind = OpTypeFunction %void %uptr_cwg %uptr_cwg
          %k = OpFunction %void None %kind
        %out = OpFunctionParameter %uptr_cwg
         %in = OpFunctionParameter %uptr_cwg
      %entry = OpLabel
      %local = OpUntypedVariableKHR %uptr_fn Function %pair
        %cnt = OpUntypedVariableKHR %uptr_fn Function %uint %uint_1
      %first = OpUntypedPtrAccessChainKHR %uptr_cwg %float %in %ulong_1
          %v = OpLoad %float %first Aligned 4
     %member = OpUntypedInBoundsAccessChainKHR %uptr_fn %pair %local %uint_1
               OpStore %member %v
       %slot = OpUntypedAccessChainKHR %uptr_wg %arr %scratch %uint_1
               OpStore %slot %float_1
          %w = OpLoad %float %slot
          %s = OpFAdd %float %v %w
               OpStore %out %s Aligned 4
         %c0 = OpLoad %uint %cnt
         %t = OpLoad %uint %table
          %c = OpIAdd %uint %c0 %t
               OpCopyMemorySized %out %in %uint_4
      %inner = OpUntypedInBoundsPtrAccessChainKHR %uptr_cwg %pair %out %ulong_1 %uint_0
               OpStore %inner %c
               OpReturn
               OpFunctionEnd
"#;

fn module(capabilities: &str, body: &str) -> Vec<u32> {
    let source = format!("{capabilities}{HEADER}{body}");
    let options = AssembleOptions {
        version: Some(0x0001_0400),
        ..AssembleOptions::default()
    };
    assemble(&source, &options).expect("assembles")
}

#[test]
fn untyped_pointers_round_trip() {
    let val = support::spirv_val_or_note();
    let cases = [
        (
            "compute",
            module("               OpCapability Shader", COMPUTE),
            "vulkan1.3",
        ),
        (
            "kernel",
            module(
                "               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64",
                KERNEL,
            ),
            "spv1.4",
        ),
    ];
    for (name, words, env) in &cases {
        if let Some(complaint) = val
            .as_ref()
            .and_then(|v| support::spirv_val_complaint(v, words, env))
        {
            panic!("spirv-val rejects the {name} module: {complaint}");
        }
        support::checked_round_trip(val.as_deref(), words, env)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let text = support::deserialized_generic(words).expect("deserializes");
        support::assert_contains(
            &text,
            &[
                "!spirv.untyped_ptr<",
                "data_type = ",
                "base_type = ",
                "\"spirv.Load\"",
            ],
        );
    }
}

/// A function's untyped variable declared in a later block (text-made
/// IR) opens the entry block when written, as SPIR-V asks of every
/// function variable.
#[test]
fn function_untyped_variables_open_the_entry_block() {
    let text = r#"
spirv.module Physical64 OpenCL requires #spirv.vce<v1.4, [Addresses, Kernel, UntypedPointersKHR], [SPV_KHR_untyped_pointers]> {
  spirv.func @k(%out: !spirv.untyped_ptr<CrossWorkgroup>, %c: i1) "None" {
    %v = "spirv.Load"(%out) : (!spirv.untyped_ptr<CrossWorkgroup>) -> i32
    spirv.BranchConditional %c, ^a, ^b
  ^a:
    %local = "spirv.KHR.UntypedVariable"() <{data_type = i32, storage_class = #spirv.storage_class<Function>}> : () -> !spirv.untyped_ptr<Function>
    "spirv.Store"(%local, %v) : (!spirv.untyped_ptr<Function>, i32) -> ()
    %w = "spirv.Load"(%local) : (!spirv.untyped_ptr<Function>) -> i32
    "spirv.Store"(%out, %w) : (!spirv.untyped_ptr<CrossWorkgroup>, i32) -> ()
    spirv.Return
  ^b:
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @k
}"#;
    let (ctx, op) = support::parsed(text);
    let words = spirv_dialect::binary::serialize::serialize(&ctx, op).expect("serializes");
    let listing = spirv_dialect::spvasm::disassemble(&words, Default::default()).expect("listing");
    let body: Vec<&str> = listing
        .lines()
        .skip_while(|l| !l.contains("OpLabel"))
        .collect();
    assert!(body[1].contains("OpUntypedVariableKHR"), "{listing}");
    let val = support::spirv_val_or_note();
    if let Some(complaint) = val.and_then(|v| support::spirv_val_complaint(&v, &words, "spv1.4")) {
        panic!("spirv-val rejects the module: {complaint}\n{listing}");
    }
}

/// Mutations of both modules (bit flips, truncations, word counts, small
/// values) read without panics; what reads and verifies prints, parses
/// back and writes words that read back.
#[test]
fn mutated_untyped_modules_read_without_panics() {
    let modules = [
        module("               OpCapability Shader", COMPUTE),
        module("               OpCapability Kernel", KERNEL),
    ];
    let (read, verified) = support::mutated_modules_read("UNTYPED_FUZZ", &modules, 3000);
    println!("mutated untyped-pointer modules: {read} read, {verified} verify");
    assert!(verified > 0, "no mutation read verified");
}

#[test]
fn decorations_a_type_cannot_hold_are_errors() {
    // ArrayStride on a vector type has no place in `vector<4xf32>`.
    let words = module(
        "               OpCapability Shader",
        r#"
               OpMemoryModel Logical GLSL450
               OpDecorate %v4 ArrayStride 16
      %float = OpTypeFloat 32
         %v4 = OpTypeVector %float 4
"#,
    );
    let Err(error) = spirv_dialect::binary::deserialize::deserialize(&words) else {
        panic!("a vector type with an ArrayStride reads");
    };
    assert!(
        error
            .message
            .contains("unsupported decoration ArrayStride on a type"),
        "{}",
        error.message
    );
}

/// The verifier's rules for untyped access chains, on the kernel's text
/// with one chain's base type changed or left out.
#[test]
fn untyped_access_chains_verify_their_types() {
    let text = printed("               OpCapability Kernel", KERNEL);
    let chain = line_of(&text, "spirv.KHR.UntypedInBoundsAccessChain");
    let base_type = chain
        .split("base_type = ")
        .nth(1)
        .and_then(|t| t.split("}>").next());
    let base_type = base_type.expect("a base type").to_string();
    let cases = [
        // The member index leaves the struct.
        (
            chain.to_string(),
            chain.replace(&base_type, "f32"),
            "indexes into a type that is not a composite",
        ),
        (
            chain.to_string(),
            chain.replace(&base_type, "!spirv.struct<(i32)>"),
            "a struct member index is out of bounds",
        ),
        (
            chain.to_string(),
            chain.replace(&base_type, "1 : i32"),
            "'base_type'",
        ),
    ];
    for (from, to, expected) in cases {
        assert!(from != to, "{from}");
        let (parsed, op) = support::parsed(&text.replace(&from, &to));
        let error = spirv_dialect::verify::verify(&parsed, op).expect_err(&to);
        assert!(error.message.contains(expected), "{to}: {}", error.message);
    }
}

/// An untyped array length names its struct's last member, a runtime
/// array, through a pointer.
#[test]
fn untyped_array_lengths_verify_their_struct() {
    let text = printed("               OpCapability Shader", COMPUTE);
    let length = line_of(&text, "spirv.KHR.UntypedArrayLength");
    for (to, expected) in [
        (
            length.replace("array_member = 0 : i32", "array_member = 1 : i32"),
            "member 1 is not the last member of a struct, a runtime array",
        ),
        (
            length.replace("-> i32", "-> i64"),
            "the result is not a 32-bit integer",
        ),
    ] {
        assert!(to != length, "{length}");
        let (parsed, op) = support::parsed(&text.replace(length, &to));
        let error = spirv_dialect::verify::verify(&parsed, op).expect_err(&to);
        assert!(error.message.contains(expected), "{to}: {}", error.message);
    }
}

/// The module of `body` with `capabilities`, read and printed.
fn printed(capabilities: &str, body: &str) -> String {
    let words = module(capabilities, body);
    let (ctx, module) = spirv_dialect::binary::deserialize::deserialize(&words).expect("reads");
    support::print_module(&ctx, module)
}

/// The line of `text` holding `op`.
fn line_of<'t>(text: &'t str, op: &str) -> &'t str {
    (text.lines())
        .find(|line| line.contains(op))
        .unwrap_or_else(|| panic!("no {op} in\n{text}"))
}
