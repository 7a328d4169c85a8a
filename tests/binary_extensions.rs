//! The binary constructs the corpus rarely or never uses, each in a small
//! hand-written module: spec-constant operations and composites, arrays
//! with spec-constant lengths, recursive structs through forward pointers,
//! pointer strides, `OpExecutionModeId`, `OpDecorateId`,
//! `OpDecorateString` and `OpMemberDecorateString`, decorated phis and
//! parameters, variables initialized by constants, debug and non-semantic
//! instructions (those of sets the grammar does not describe are in
//! `tests/binary_non_semantic.rs`). Each module
//! deserializes, verifies, serializes to a module `spirv-val` accepts that
//! still holds the construct, and reads back to the same text (also when
//! the text is parsed again). Where MLIR 19 reads the module, `mlir-opt-19`
//! parses our text and prints the spec-constant ops as it prints its own.

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::serialize;
use spirv_dialect::binary::words_to_bytes;
use spirv_dialect::spvasm::{assemble, disassemble, AssembleOptions, DisassembleOptions};
use std::path::Path;
use support::{assert_contains, checked_module_round_trip as round_trip};
mod support;

const SPEC_OPS: &str = r#"
; Version: 1.3
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %a SpecId 0
               OpDecorate %b SpecId 1
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
               OpDecorate %Out BufferBlock
               OpMemberDecorate %Out 0 Offset 0
               OpMemberDecorate %Out 1 Offset 8
               OpDecorate %arr ArrayStride 4
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
      %v2int = OpTypeVector %int 2
      %int_1 = OpConstant %int 1
          %a = OpSpecConstant %int 3
          %b = OpSpecConstant %int 5
        %sum = OpSpecConstantOp %int IAdd %a %int_1
     %larger = OpSpecConstantOp %int IMul %sum %b
       %pair = OpSpecConstantComposite %v2int %a %int_1
        %arr = OpTypeArray %int %sum
        %Out = OpTypeStruct %v2int %arr
       %pOut = OpTypePointer Uniform %Out
      %pvec = OpTypePointer Uniform %v2int
        %out = OpVariable %pOut Uniform
      %int_0 = OpConstant %int 0
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpAccessChain %pvec %out %int_0
          %v = OpIAdd %v2int %pair %pair
          %x = OpCompositeInsert %v2int %larger %v 1
               OpStore %p %x
               OpReturn
               OpFunctionEnd
"#;

const RECURSIVE: &str = r#"
; Version: 1.5
               OpCapability Shader
               OpCapability PhysicalStorageBufferAddresses
               OpExtension "SPV_KHR_physical_storage_buffer"
               OpMemoryModel PhysicalStorageBuffer64 GLSL450
               OpEntryPoint GLCompute %main "main" %pc
               OpExecutionMode %main LocalSize 1 1 1
               OpName %Node "Node"
               OpDecorate %PC Block
               OpMemberDecorate %PC 0 Offset 0
               OpMemberDecorate %Node 0 Offset 0
               OpMemberDecorate %Node 1 Offset 8
               OpDecorate %ptr ArrayStride 16
               OpTypeForwardPointer %ptr PhysicalStorageBuffer
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
       %Node = OpTypeStruct %ptr %int
        %ptr = OpTypePointer PhysicalStorageBuffer %Node
         %PC = OpTypeStruct %ptr
        %ppc = OpTypePointer PushConstant %PC
       %pptr = OpTypePointer PushConstant %ptr
       %pint = OpTypePointer PhysicalStorageBuffer %int
      %int_0 = OpConstant %int 0
      %int_1 = OpConstant %int 1
         %pc = OpVariable %ppc PushConstant
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %a = OpAccessChain %pptr %pc %int_0
          %p = OpLoad %ptr %a
          %q = OpPtrAccessChain %ptr %p %int_1
          %f = OpAccessChain %pint %q %int_1
               OpStore %f %int_1 Aligned 4
               OpReturn
               OpFunctionEnd
"#;

const ID_DECORATIONS: &str = r#"
; Version: 1.5
               OpCapability Shader
               OpExtension "SPV_GOOGLE_hlsl_functionality1"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %buf %counter
               OpExecutionModeId %main LocalSizeId %c4 %c1 %spec
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
               OpDecorate %counter DescriptorSet 0
               OpDecorate %counter Binding 1
               OpDecorateId %buf CounterBuffer %counter
               OpDecorateString %buf UserSemantic "DATA"
               OpMemberDecorateString %S 0 UserSemantic "VALUE"
               OpMemberDecorate %S 0 Offset 0
               OpMemberDecorate %C 0 Offset 0
               OpDecorate %S Block
               OpDecorate %C Block
               OpDecorate %rta ArrayStride 4
               OpDecorate %spec SpecId 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
         %c4 = OpConstant %uint 4
         %c1 = OpConstant %uint 1
       %spec = OpSpecConstant %uint 1
        %rta = OpTypeRuntimeArray %uint
          %S = OpTypeStruct %rta
          %C = OpTypeStruct %uint
         %pS = OpTypePointer StorageBuffer %S
         %pC = OpTypePointer StorageBuffer %C
    %counter = OpVariable %pC StorageBuffer
        %buf = OpVariable %pS StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
"#;

const DEBUG_INFO: &str = r#"
; Version: 1.3
               OpCapability Shader
               OpExtension "SPV_KHR_non_semantic_info"
        %ext = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %file = OpString "shader.comp"
        %src = OpString "void main() {}"
     %tyname = OpString "uint"
               OpSource GLSL 450 %file "void main() {}"
               OpSourceExtension "GL_EXT_debug"
               OpModuleProcessed "client vulkan100"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %u32 = OpConstant %uint 32
         %u0 = OpConstant %uint 0
         %u1 = OpConstant %uint 1
         %u2 = OpConstant %uint 2
         %u4 = OpConstant %uint 4
         %u6 = OpConstant %uint 6
       %dsrc = OpExtInst %void %ext DebugSource %file %src
         %cu = OpExtInst %void %ext DebugCompilationUnit %u1 %u4 %dsrc %u2
     %tbasic = OpExtInst %void %ext DebugTypeBasic %tyname %u32 %u6 %u0
       %main = OpFunction %void None %fn
      %entry = OpLabel
      %scope = OpExtInst %void %ext DebugScope %cu
               OpLine %file 10 5
          %x = OpIAdd %uint %u1 %u2
               OpLine %file 11 7
          %y = OpIMul %uint %x %u2
               OpNoLine
               OpReturn
               OpFunctionEnd
"#;

/// The start of a SPIR-V 1.3 compute module with entry point `%main`.
const COMPUTE_1_3: &str = r#"
; Version: 1.3
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
"#;

#[test]
fn spec_constant_operations_composites_and_lengths() {
    let (text, listing) = round_trip(SPEC_OPS, "spv1.3", &[]);
    assert_contains(
        &text,
        &[
            "spec_length=@spirv_spec_op_",
            "\"spirv.mlir.spec_constant_op\"",
            "spirv.SpecConstantComposite @spirv_spec_const_",
            " (@spirv_spec_const_",
            "spirv.SpecConstantOperation wraps \"spirv.IAdd\"",
            "spirv.SpecConstantOperation wraps \"spirv.IMul\"",
            "\"spirv.mlir.yield\"",
            "buffer_block",
        ],
    );
    assert_contains(
        &listing,
        &[
            "OpSpecConstantOp %int IAdd",
            "OpSpecConstantOp %int IMul",
            "OpSpecConstantComposite %v2int",
            "BufferBlock",
            "OpTypeArray %int %",
        ],
    );
}

#[test]
fn recursive_structs_and_pointer_strides() {
    let (text, listing) = round_trip(RECURSIVE, "vulkan1.2", &[]);
    assert!(
        text.contains(
            "!spirv.struct<Node, (!spirv.ptr<!spirv.struct<Node>, PhysicalStorageBuffer, stride=16> [0], si32 [8])>"
        ),
        "{text}"
    );
    let forward = listing.find("OpTypeForwardPointer").expect(&listing);
    let node = listing.find("OpTypeStruct").expect(&listing);
    let pointer = listing
        .find("OpTypePointer PhysicalStorageBuffer %Node")
        .expect(&listing);
    assert!(forward < node && node < pointer, "{listing}");
    assert!(listing.contains("ArrayStride 16"), "{listing}");
}

#[test]
fn id_and_string_decorations_and_execution_modes() {
    let (text, listing) = round_trip(ID_DECORATIONS, "vulkan1.2", &["--allow-localsizeid"]);
    assert_contains(
        &text,
        &[
            "\"spirv.ExecutionModeId\"",
            "counter_buffer = @",
            "user_semantic = \"DATA\"",
            "UserSemantic=\"VALUE\"",
        ],
    );
    assert_contains(
        &listing,
        &[
            "OpExecutionModeId %main LocalSizeId %uint_4 %uint_1 %",
            "OpDecorateId %",
            "OpDecorateString %",
            "OpMemberDecorateString %",
        ],
    );
}

/// A decorated parameter, a decorated loop-header phi (a block argument)
/// and a decorated merge-block phi (a construct's result).
const DECORATED_PHIS: &str = r#"
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %x RelaxedPrecision
               OpDecorate %i RelaxedPrecision
               OpDecorate %picked RelaxedPrecision
       %void = OpTypeVoid
       %bool = OpTypeBool
        %int = OpTypeInt 32 1
     %fn_int = OpTypeFunction %int %int
    %fn_void = OpTypeFunction %void
       %true = OpConstantTrue %bool
          %0 = OpConstant %int 0
          %1 = OpConstant %int 1
       %loop = OpFunction %int None %fn_int
          %x = OpFunctionParameter %int
      %entry = OpLabel
               OpBranch %header
     %header = OpLabel
          %i = OpPhi %int %0 %entry %next %body
               OpLoopMerge %exit %body None
               OpBranchConditional %true %body %exit
       %body = OpLabel
       %next = OpIAdd %int %i %1
               OpBranch %header
       %exit = OpLabel
               OpSelectionMerge %join None
               OpBranchConditional %true %then %join
       %then = OpLabel
               OpBranch %join
       %join = OpLabel
     %picked = OpPhi %int %i %exit %x %then
               OpReturnValue %picked
               OpFunctionEnd
       %main = OpFunction %void None %fn_void
         %l0 = OpLabel
               OpReturn
               OpFunctionEnd
"#;

#[test]
fn decorations_of_phis_and_parameters_are_kept() {
    let (text, listing) = round_trip(DECORATED_PHIS, "spv1.6", &[]);
    assert_contains(
        &text,
        &[
            "si32 {relaxed_precision}) -> si32",
            ": si32 {relaxed_precision}):",
            "result_decorations = [{relaxed_precision}]",
        ],
    );
    assert_eq!(listing.matches("RelaxedPrecision").count(), 3, "{listing}");
}

/// MLIR's spelling of a parameter decoration is written too, and read back
/// in it; attributes of other dialects on a parameter are no decorations.
#[test]
fn mlir_parameter_decorations_are_written() {
    let text = r#"
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.func @f(%arg0: !spirv.ptr<i32, PhysicalStorageBuffer> {spirv.decoration = #spirv.decoration<Aliased>, test.other = 1 : i32}) "None" {
    spirv.Return
  }
}
"#;
    let (ctx, module) = support::parsed(text);
    let words = serialize(&ctx, module).expect("serializes");
    let listing = disassemble(&words, DisassembleOptions::default()).expect("disassembles");
    assert_contains(&listing, &[" Aliased\n"]);
    assert_eq!(listing.matches("OpDecorate").count(), 1, "{listing}");
    // Read back as MLIR reads it.
    let (read, module) = deserialize(&words).expect("deserializes");
    assert_contains(
        &support::print_module(&read, module),
        &["{spirv.decoration = #spirv.decoration<Aliased>}) \"None\""],
    );
}

/// A call of a function returning void has no result in the IR, as in
/// MLIR; it is written with a void result all the same (an
/// `OpFunctionCall` always has one), named by the call's location.
#[test]
fn mlir_calls_without_results_are_written_with_a_void_result() {
    let text = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @work() "None" {
    spirv.Return
  }
  spirv.func @main() "None" {
    spirv.FunctionCall @work() : () -> () loc("done")
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}
"#;
    let (ctx, module) = support::parsed(text);
    spirv_dialect::verify::verify(&ctx, module).expect("verifies");
    let words = serialize(&ctx, module).expect("serializes");
    match support::spirv_tools() {
        Some(tools) => {
            let complaint =
                support::spirv_val_complaint(&tools.join("spirv-val"), &words, "spv1.0");
            assert_eq!(complaint, None, "spirv-val rejects the written module");
        }
        None => println!("skipped: spirv-val (SPIRV-Tools 2025) is not installed"),
    }
    let listing = disassemble(&words, DisassembleOptions::default()).expect("disassembles");
    assert_contains(&listing, &["%done = OpFunctionCall %void %work\n"]);
    let (read, module) = deserialize(&words).expect("deserializes");
    spirv_dialect::verify::verify(&read, module).expect("the read module verifies");
    assert_contains(
        &support::print_module(&read, module),
        &["spirv.FunctionCall @work() : () -> ()\n"],
    );
    let written_again = serialize(&read, module).expect("serializes again");
    assert_eq!(
        written_again, words,
        "the read module writes the same words"
    );
}

#[test]
fn debug_and_non_semantic_instructions_are_kept() {
    let (text, listing) = round_trip(DEBUG_INFO, "vulkan1.1", &[]);
    assert_contains(
        &text,
        &[
            "\"spirv.String\"() <{string = \"shader.comp\", sym_name = \"spirv_string_0\"}>",
            "\"spirv.Source\"() <{file = @spirv_string_0",
            "\"spirv.SourceExtension\"",
            "\"spirv.ModuleProcessed\"",
            "\"spirv.NonSemanticShaderDebugInfo100.DebugCompilationUnit\"",
            "source = @spirv_debug_0",
            "\"spirv.NonSemanticShaderDebugInfo100.DebugScope\"() <{scope = @spirv_debug_1}>",
        ],
    );
    assert_contains(
        &listing,
        &[
            "OpSource GLSL 450 %",
            "OpSourceExtension \"GL_EXT_debug\"",
            "OpModuleProcessed \"client vulkan100\"",
            "DebugCompilationUnit %uint_1 %uint_4 %",
            "DebugScope",
        ],
    );
    // The locations: one line per located instruction, none after.
    let lines: Vec<&str> = (listing.lines())
        .map(str::trim)
        .filter(|l| l.starts_with("OpLine") || l.starts_with("OpNoLine"))
        .collect();
    assert_eq!(lines.len(), 3, "{listing}");
    assert!(
        lines[0].ends_with(" 10 5") && lines[1].ends_with(" 11 7"),
        "{listing}"
    );
    assert_eq!(lines[2], "OpNoLine");
}

/// Instructions of two non-semantic sets the grammar does not describe,
/// at module level and in a function, naming each other, constants, a
/// type, a string, a global variable, the function and function values.
/// A chain of 40 spec-constant operations, each adding the one before to
/// itself: materializing it at the use would take 2^40 ops, so the deeper
/// links get symbols and the module reads quickly and round-trips.
#[test]
fn deeply_nested_spec_constant_operations_get_symbols() {
    let mut source = COMPUTE_1_3.to_string()
        + r#"
               OpDecorate %s0 SpecId 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
         %s0 = OpSpecConstant %int 1
"#;
    for i in 1..=40 {
        let prev = i - 1;
        source += &format!("        %s{i} = OpSpecConstantOp %int IAdd %s{prev} %s{prev}\n");
    }
    source += r#"
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %x = OpIAdd %int %s40 %s40
               OpReturn
               OpFunctionEnd
"#;
    let (text, listing) = round_trip(&source, "spv1.3", &[]);
    let symbols = text.matches("\"spirv.mlir.spec_constant_op\"").count();
    assert!((4..=40).contains(&symbols), "{symbols} symbols in\n{text}");
    assert_eq!(listing.matches("OpSpecConstantOp").count(), 40, "{listing}");
}

/// Every module above, mutated word by word (a flipped bit, a changed
/// word count, a small value, a truncation), deserializes or fails with an
/// error, never a panic; what deserializes serializes without one.
#[test]
fn mutated_extension_modules_never_panic() {
    let mut below = support::below_from(0x9e37_79b9_7f4a_7c15_u64);
    let mut rejected = 0;
    for source in [SPEC_OPS, RECURSIVE, ID_DECORATIONS, DEBUG_INFO] {
        let original = assemble(source, &AssembleOptions::default()).expect("assemble");
        for round in 0..400 {
            let mut words = original.clone();
            let at = 5 + below(words.len() - 5);
            match round % 4 {
                0 => words[at] ^= 1 << below(32),
                1 => words[at] = (words[at] & 0xffff) | ((below(12) as u32) << 16),
                2 => words[at] = below(40) as u32,
                _ => words.truncate(at),
            }
            match deserialize(&words) {
                Ok((ctx, module)) => {
                    let _ = serialize(&ctx, module);
                }
                Err(_) => rejected += 1,
            }
        }
    }
    assert!(rejected > 0, "every mutation was read");
}

/// The lines of `text` naming one of `ops`, trimmed, with SSA names and
/// symbols left as printed.
fn lines_with(text: &str, ops: &[&str]) -> Vec<String> {
    (text.lines())
        .filter(|l| ops.iter().any(|op| l.contains(op)))
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn mlir_reads_our_spec_constant_operations_as_its_own() {
    let (Some(translate), Some(opt)) = (
        support::tool("mlir-translate-19"),
        support::tool("mlir-opt-19"),
    ) else {
        println!("skipped: mlir-translate-19 or mlir-opt-19 is not installed");
        return;
    };
    // MLIR 19 has no form for spec-constant array lengths, BufferBlock or
    // plain constants in composites: a module it can read.
    let source = COMPUTE_1_3.to_string()
        + r#"
               OpDecorate %a SpecId 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
      %v2int = OpTypeVector %int 2
          %a = OpSpecConstant %int 3
        %sum = OpSpecConstantOp %int IAdd %a %a
       %pair = OpSpecConstantComposite %v2int %a %a
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %x = OpIMul %int %sum %a
          %y = OpIAdd %v2int %pair %pair
               OpReturn
               OpFunctionEnd
"#;
    let words = assemble(&source, &AssembleOptions::default()).expect("assemble");
    let dir = std::env::temp_dir().join(format!("binary_extensions_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let binary = dir.join("spec.spv");
    std::fs::write(&binary, words_to_bytes(&words)).expect("write");
    let run = |program: &Path, args: &[&str], input: &[u8]| {
        let out = support::run_piped(program, args, input).expect("runs");
        assert!(
            out.status.success(),
            "{} fails: {}",
            program.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let binary_arg = binary.to_string_lossy().to_string();
    let theirs = run(&translate, &["--deserialize-spirv", &binary_arg], &[]);
    let (ctx, module) = deserialize(&words).expect("deserialize");
    let ours = run(&opt, &[], support::print_module(&ctx, module).as_bytes());
    let _ = std::fs::remove_dir_all(&dir);
    let ops = [
        "SpecConstantOperation",
        "SpecConstantComposite",
        "referenceof",
    ];
    let (ours, theirs) = (lines_with(&ours, &ops), lines_with(&theirs, &ops));
    assert!(!theirs.is_empty());
    assert_eq!(ours, theirs);
}

/// Blocks written as text before their dominator are serialized in an
/// order spirv-val accepts.
#[test]
fn blocks_before_their_dominator_are_reordered() {
    let text = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @late_dominator() "None" {
    spirv.Branch ^define
  ^use(%x: i32):
    spirv.Return
  ^define:
    %zero = spirv.Constant 0 : i32
    spirv.Branch ^use(%zero : i32)
  }
}
"#;
    let (ctx, module) = support::parsed(text);
    let words = serialize(&ctx, module).expect("serializes");
    let Some(tools) = support::spirv_tools() else {
        println!("skipped: spirv-val (SPIRV-Tools 2025) is not installed");
        return;
    };
    let complaint = support::spirv_val_complaint(&tools.join("spirv-val"), &words, "spv1.0");
    assert_eq!(complaint, None);
}

/// A loop whose header is its own continue target (one block looping on
/// itself, as optimizers leave counting loops): it reads with a fresh
/// back-edge block that only forwards the header's arguments, and writing
/// folds that block back, so the binary keeps one block, its phi taking
/// the next value from the header itself.
const SELF_LOOP: &str = r#"
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
       %bool = OpTypeBool
      %int_0 = OpConstant %int 0
      %int_1 = OpConstant %int 1
     %int_10 = OpConstant %int 10
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpBranch %header
     %header = OpLabel
          %i = OpPhi %int %int_0 %entry %next %header
       %next = OpIAdd %int %i %int_1
       %more = OpSLessThan %bool %next %int_10
               OpLoopMerge %merge %header None
               OpBranchConditional %more %header %merge
      %merge = OpLabel
               OpReturn
               OpFunctionEnd
"#;

#[test]
fn a_header_that_is_its_own_continue_target_stays_one_block() {
    let (text, listing) = round_trip(SELF_LOOP, "spv1.6", &[]);
    assert!(text.contains("spirv.mlir.loop"), "{text}");
    let labels = lines_with(&listing, &["OpLabel"]);
    assert_eq!(labels.len(), 3, "entry, header, merge:\n{listing}");
    let merge = lines_with(&listing, &["OpLoopMerge"]);
    let header = labels[1].split_whitespace().next().unwrap_or_default();
    assert_eq!(merge.len(), 1, "{listing}");
    assert!(
        merge[0].ends_with(&format!("{header} None")),
        "the header continues to itself: {}\n{listing}",
        merge[0]
    );
    let phis = lines_with(&listing, &["OpPhi"]);
    assert_eq!(phis.len(), 1, "{listing}");
    assert!(phis[0].ends_with(header), "{}", phis[0]);
}

/// Variables initialized by constants, as naga writes them: module-level
/// `Private` ones (a null struct, a vector, a scalar) keep the constant's
/// value as `initial_value`, function ones an `init` operand.
#[test]
fn variables_initialized_by_constants() {
    let source = COMPUTE_1_3.to_string()
        + r#"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
      %v2int = OpTypeVector %int 2
       %pair = OpTypeStruct %int %v2int
      %int_1 = OpConstant %int 1
      %int_2 = OpConstant %int 2
       %null = OpConstantNull %pair
        %vec = OpConstantComposite %v2int %int_1 %int_2
     %p_pair = OpTypePointer Private %pair
      %p_vec = OpTypePointer Private %v2int
      %p_int = OpTypePointer Private %int
     %f_int = OpTypePointer Function %int
          %a = OpVariable %p_pair Private %null
          %b = OpVariable %p_vec Private %vec
          %c = OpVariable %p_int Private %int_2
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %l = OpVariable %f_int Function %int_1
          %x = OpLoad %int %l
               OpStore %c %x
               OpReturn
               OpFunctionEnd
"#;
    let (text, listing) = round_trip(&source, "vulkan1.1", &[]);
    assert_contains(
        &text,
        &[
            "initial_value([0 : si32, dense<0> : vector<2xsi32>])",
            "initial_value(dense<[1, 2]> : vector<2xsi32>)",
            "initial_value(2 : si32)",
            "spirv.Variable init(",
        ],
    );
    let initialized = lines_with(&listing, &["OpVariable"]);
    assert_eq!(initialized.len(), 4, "{listing}");
    for line in &initialized {
        assert_eq!(line.split_whitespace().count(), 6, "an initializer: {line}");
    }
}

/// `LinkageAttributes` on a function and a variable read as MLIR's
/// `linkage_attributes` property and are written back with their linkage
/// type.
#[test]
fn linkage_attributes_are_kept() {
    let source = r#"
; Version: 1.5
               OpCapability Shader
               OpCapability Linkage
               OpMemoryModel Logical GLSL450
               OpDecorate %f LinkageAttributes "exported \"f\"" Export
               OpDecorate %g LinkageAttributes "g" Import
        %int = OpTypeInt 32 1
      %p_int = OpTypePointer Private %int
          %g = OpVariable %p_int Private
         %fn = OpTypeFunction %int %int
          %f = OpFunction %int None %fn
          %a = OpFunctionParameter %int
      %entry = OpLabel
          %v = OpLoad %int %g
          %r = OpIAdd %int %a %v
               OpReturnValue %r
               OpFunctionEnd
"#;
    let (text, listing) = round_trip(source, "spv1.5", &[]);
    assert_contains(
        &text,
        &[
            "linkage_attributes = #spirv.linkage_attributes<linkage_name = \"exported \\22f\\22\", linkage_type = <Export>>",
            "linkage_attributes = #spirv.linkage_attributes<linkage_name = \"g\", linkage_type = <Import>>",
        ],
    );
    assert_contains(
        &listing,
        &[
            "LinkageAttributes \"exported \\\"f\\\"\" Export",
            "LinkageAttributes \"g\" Import",
        ],
    );
}
