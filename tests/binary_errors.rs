//! Malformed binaries: deserialization fails with an error naming the word
//! offset and the instruction at fault, never a panic. Each case breaks one
//! thing in a small valid compute module: the header (truncated, bad
//! magic), an instruction's encoding (a word count past the end, an
//! unknown opcode), its ids (used but never defined, a forward reference
//! a module-level instruction may not make) or the module's layout (an
//! instruction in the wrong section), or content SPIR-V does not allow
//! (`contents_spirv_does_not_allow`).

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::DecodeError;
use spirv_dialect::spvasm::{assemble, AssembleOptions};

const MODULE: &str = r#"
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %spec SpecId 3
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %int = OpTypeInt 32 1
       %spec = OpSpecConstant %int 4
        %sum = OpSpecConstantOp %int IAdd %spec %spec
        %arr = OpTypeArray %int %sum
      %parr = OpTypePointer Function %arr
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %var = OpVariable %parr Function
          %x = OpIAdd %int %spec %sum
               OpReturn
               OpFunctionEnd
"#;

fn module() -> Vec<u32> {
    assemble(MODULE, &AssembleOptions::default()).expect("the test module assembles")
}

/// Word offsets of the module's instructions, with their opcodes.
fn instructions(words: &[u32]) -> Vec<(usize, u32)> {
    let mut out = Vec::new();
    let mut at = 5;
    while at < words.len() {
        out.push((at, words[at] & 0xffff));
        at += (words[at] >> 16).max(1) as usize;
    }
    out
}

/// The offset of the `nth` instruction with `opcode`.
fn offset_of(words: &[u32], opcode: u32, nth: usize) -> usize {
    let found = instructions(words)
        .into_iter()
        .filter(|i| i.1 == opcode)
        .nth(nth);
    found.expect("the test module has the instruction").0
}

/// Asserts that `e` points into the instruction `name` at word `at`
/// (its opcode word or the operand at fault).
fn assert_at(e: &DecodeError, at: usize, name: &str) {
    assert_eq!(e.instruction, Some(name), "{e}");
    assert!((at..at + 8).contains(&e.offset), "expected word {at}: {e}");
}

fn error(words: &[u32]) -> DecodeError {
    match deserialize(words) {
        Ok(_) => panic!("a malformed module was read"),
        Err(e) => e,
    }
}

const OP_TYPE_INT: u32 = 21;
const OP_TYPE_ARRAY: u32 = 28;
const OP_SPEC_CONSTANT_OP: u32 = 52;
const OP_FUNCTION: u32 = 54;
const OP_VARIABLE: u32 = 59;
const OP_DECORATE: u32 = 71;
const OP_IADD: u32 = 128;
const OP_CAPABILITY: u32 = 17;

#[test]
fn the_test_module_reads() {
    let words = module();
    let (ctx, module) = deserialize(&words).expect("deserialize");
    spirv_dialect::verify::verify(&ctx, module).expect("verify");
}

#[test]
fn truncated_input() {
    let words = module();
    let e = error(&words[..3]);
    assert!(e.offset <= 5, "{e}");
    assert!(e.message.contains("header"), "{e}");
    // Cut inside the last instruction (OpFunctionEnd has one word; cut the
    // OpReturn before it and the one-word instructions still parse, so cut
    // into the OpIAdd).
    let add = offset_of(&words, OP_IADD, 0);
    let e = error(&words[..add + 2]);
    assert_at(&e, add, "OpIAdd");
}

#[test]
fn bad_magic() {
    let mut words = module();
    words[0] = 0x0203_0723;
    let e = error(&words);
    assert_eq!(e.offset, 0, "{e}");
    assert!(e.message.contains("magic"), "{e}");
}

#[test]
fn word_count_past_the_end() {
    let mut words = module();
    let add = offset_of(&words, OP_IADD, 0);
    words[add] = (1000 << 16) | OP_IADD;
    let e = error(&words);
    assert_at(&e, add, "OpIAdd");
    let mut words = module();
    words[add] = OP_IADD;
    let e = error(&words);
    assert_eq!(e.offset, add, "a zero word count: {e}");
}

#[test]
fn unknown_opcode() {
    let mut words = module();
    let add = offset_of(&words, OP_IADD, 0);
    words[add] = (words[add] & 0xffff_0000) | 0x7ffe;
    let e = error(&words);
    assert_eq!(e.offset, add, "{e}");
    assert!(
        e.message.contains("32766"),
        "the message names the opcode: {e}"
    );
}

#[test]
fn id_used_but_never_defined() {
    // A bound one larger leaves the old bound an id nothing defines.
    let undefined = module()[3];
    let with_spare_id = || {
        let mut words = module();
        words[3] += 1;
        words
    };
    let mut words = with_spare_id();
    let add = offset_of(&words, OP_IADD, 0);
    words[add + 4] = undefined;
    let e = error(&words);
    assert_at(&e, add, "OpIAdd");
    assert!(e.message.contains(&format!("%{undefined}")), "{e}");

    // In module-level instructions: an array length, a spec-constant
    // operation's operand.
    for (opcode, operand, name) in [
        (OP_TYPE_ARRAY, 3, "OpTypeArray"),
        (OP_SPEC_CONSTANT_OP, 5, "OpSpecConstantOp"),
    ] {
        let mut words = with_spare_id();
        let at = offset_of(&words, opcode, 0);
        words[at + operand] = undefined;
        let e = error(&words);
        assert_at(&e, at, name);
    }
}

#[test]
fn ids_out_of_order_at_module_level() {
    // The spec-constant operation uses itself.
    let mut words = module();
    let at = offset_of(&words, OP_SPEC_CONSTANT_OP, 0);
    words[at + 4] = words[at + 2];
    let e = error(&words);
    assert_at(&e, at, "OpSpecConstantOp");
}

#[test]
fn instruction_in_the_wrong_section() {
    // A type declared inside the function.
    let mut words = module();
    let int = offset_of(&words, OP_TYPE_INT, 0);
    let int_inst: Vec<u32> = words[int..int + 4].to_vec();
    let add = offset_of(&words, OP_IADD, 0);
    let mut inside = int_inst.clone();
    inside[1] = words[3];
    words[3] += 1;
    words.splice(add..add, inside);
    let e = error(&words);
    assert_at(&e, add, "OpTypeInt");

    // A capability after the memory model, a decoration after the types.
    for (opcode, before) in [(OP_CAPABILITY, OP_DECORATE), (OP_DECORATE, OP_FUNCTION)] {
        let mut words = module();
        let from = offset_of(&words, opcode, 0);
        let len = (words[from] >> 16) as usize;
        let moved: Vec<u32> = words.drain(from..from + len).collect();
        let to = offset_of(&words, before, 0);
        words.splice(to..to, moved);
        let e = error(&words);
        let name = match opcode {
            OP_CAPABILITY => "OpCapability",
            _ => "OpDecorate",
        };
        assert_at(&e, to, name);
    }

    // A function-storage variable at module level.
    let mut words = module();
    let var = offset_of(&words, OP_VARIABLE, 0);
    let moved: Vec<u32> = words.drain(var..var + 4).collect();
    let function = offset_of(&words, OP_FUNCTION, 0);
    words.splice(function..function, moved);
    let e = error(&words);
    assert_at(&e, function, "OpVariable");
}

/// A module to break by adding `decorations`, `globals` and `body`
/// instructions.
fn module_with(decorations: &str, globals: &str, body: &str) -> Vec<u32> {
    let text = format!(
        r#"
               OpCapability Shader
               OpCapability Float16
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               {decorations}
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
       %half = OpTypeFloat 16
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
    %v2float = OpTypeVector %float 2
     %uint_2 = OpConstant %uint 2
    %float_1 = OpConstant %float 1
     %half_1 = OpConstant %half 1
      %int_1 = OpConstant %int 1
          %S = OpTypeStruct %float
         %pf = OpTypePointer Private %float
               {globals}
       %main = OpFunction %void None %fn
      %entry = OpLabel
               {body}
               OpReturn
               OpFunctionEnd
"#
    );
    assemble(&text, &AssembleOptions::default()).expect("the test module assembles")
}

/// Contents SPIR-V does not allow, which mutated binaries showed were read
/// into IR that did not print back or whose writing did not read back:
/// each is an error at its instruction.
#[test]
fn contents_spirv_does_not_allow() {
    assert!(deserialize(&module_with("", "", "")).is_ok());
    for (decorations, globals, body, name, fragment) in [
        (
            "",
            r#"%gl = OpExtInstImport "GLSL.std.451""#,
            "",
            "OpExtInstImport",
            "unknown extended instruction set \"GLSL.std.451\"",
        ),
        (
            "",
            "%v = OpConstantComposite %v2float %int_1 %float_1",
            "",
            "OpConstantComposite",
            "do not fit",
        ),
        (
            "",
            "%g = OpVariable %pf Output",
            "",
            "OpVariable",
            "storage class",
        ),
        (
            "",
            "%v1 = OpTypeVector %float 1",
            "",
            "OpTypeVector",
            "vector size",
        ),
        (
            "",
            "%vv = OpTypeVector %v2float 2",
            "",
            "OpTypeVector",
            "vector component type",
        ),
        (
            "",
            "%m = OpTypeMatrix %float 2",
            "",
            "OpTypeMatrix",
            "matrix column type",
        ),
        (
            "OpMemberDecorate %S 0 AlignmentId %uint_2",
            "",
            "",
            "OpMemberDecorate",
            "taking ids outside OpDecorateId",
        ),
        (
            "OpDecorateId %S Location 0",
            "",
            "",
            "OpDecorateId",
            "taking no ids",
        ),
        (
            "OpExecutionMode %main LocalSizeId %uint_2 %uint_2 %uint_2",
            "",
            "",
            "OpExecutionMode",
            "taking ids outside OpExecutionModeId",
        ),
        (
            "OpExecutionModeId %main LocalSizeHint 1 1 1",
            "",
            "",
            "OpExecutionModeId",
            "taking no ids",
        ),
        (
            "",
            "%bad = OpConstant %uint 99",
            "OpControlBarrier %bad %bad %uint_2",
            "OpControlBarrier",
            "holds 99, which is no Scope value",
        ),
    ] {
        let e = error(&module_with(decorations, globals, body));
        assert_eq!(e.instruction, Some(name), "{e}");
        assert!(e.message.contains(fragment), "{name}: {e}");
    }
    // A 16-bit float whose word has bits beyond its 16.
    let mut words = module_with("", "", "");
    let one = instructions(&words)
        .into_iter()
        .filter(|i| i.1 == 43)
        .nth(2)
        .expect("the half constant")
        .0;
    words[one + 3] |= 1 << 16;
    let e = error(&words);
    assert_at(&e, one, "OpConstant");
    assert!(e.message.contains("beyond its type's 16"), "{e}");
    // A switch on a float (which the assembler refuses to write).
    let mut words = module_with("", "", "OpSwitch %int_1 %next 1 %next\n%next = OpLabel");
    let constants: Vec<usize> = (instructions(&words).into_iter())
        .filter(|i| i.1 == 43)
        .map(|i| i.0)
        .collect();
    let switch = offset_of(&words, 251, 0);
    words[switch + 1] = words[constants[1] + 2];
    let e = error(&words);
    assert_at(&e, switch, "OpSwitch");
    assert!(e.message.contains("is not a scalar integer"), "{e}");
    // A version after 1.6.
    let mut words = module_with("", "", "");
    words[1] = 0x0001_0700;
    let e = error(&words);
    assert_eq!(e.offset, 1, "{e}");
    assert!(e.message.contains("SPIR-V 1.7"), "{e}");
}
