//! Assembler and disassembler tests on hand-written modules and mutated
//! text; the corpus acceptance runs live in tests/spvasm_corpus.rs.

use super::*;

const MODULE: &str = r#"; SPIR-V
; Version: 1.3
; Generator: Khronos Glslang Reference Front End; 11
; Bound: 40
; Schema: 0
               OpCapability Shader
               OpCapability Int64
          %1 = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint Fragment %2 "main"
               OpExecutionMode %2 OriginUpperLeft
               OpName %2 "ma\"in\\"
               OpDecorate %3 ArrayStride 16
          %4 = OpTypeVoid
          %5 = OpTypeFunction %4
          %6 = OpTypeFloat 32
          %7 = OpTypeInt 64 1
          %8 = OpTypeInt 32 0
          %9 = OpConstant %6 -0x1.8p+128
         %10 = OpConstant %7 -9223372036854775808
         %11 = OpConstant %8 4294967295
         %12 = OpSpecConstantOp %8 IAdd %11 %11
          %3 = OpTypeArray %6 %11
         %13 = OpTypePointer Function %6
          %2 = OpFunction %4 None %5
         %14 = OpLabel
         %15 = OpVariable %13 Function
         %16 = OpLoad %6 %15 Aligned|Nontemporal 4
         %17 = OpExtInst %6 %1 Sqrt %16
               OpSelectionMerge %18 None
               OpSwitch %10 %18 -1 %19 !7 %18
         %19 = OpLabel
               OpBranch %18
         %18 = OpLabel
               OpReturn
               OpFunctionEnd
"#;

fn raw() -> DisassembleOptions {
    DisassembleOptions {
        raw_ids: true,
        ..DisassembleOptions::default()
    }
}

#[test]
fn assembly_round_trips_through_binary() {
    let words = assemble(MODULE, &AssembleOptions::default()).expect("assembles");
    assert_eq!(&words[1..5], &[0x0001_0300, (8 << 16) | 11, 40, 0]);
    let text = disassemble(&words, raw()).expect("disassembles");
    let expected = MODULE.replace("!7", "7");
    assert_eq!(text, expected);
}

#[test]
fn named_ids_are_numbered_by_first_appearance() {
    let text = "OpCapability Shader\nOpMemoryModel Logical GLSL450\n%float = OpTypeFloat 32\n%7 = OpTypePointer Function %float\n";
    let words = assemble(text, &AssembleOptions::default()).expect("assembles");
    // %float is 1 and %7 is 2, as spirv-as numbers them; the bound follows.
    assert_eq!(words[3], 3);
    assert_eq!(&words[words.len() - 4..], &[0x0004_0020, 2, 7, 1]);
    let kept = assemble(
        text,
        &AssembleOptions {
            preserve_numeric_ids: true,
            ..Default::default()
        },
    )
    .expect("assembles");
    assert_eq!(&kept[kept.len() - 4..], &[0x0004_0020, 7, 7, 1]);
}

#[test]
fn friendly_names_follow_types_constants_and_builtins() {
    let text = "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpDecorate %pos BuiltIn Position\nOpName %s \"a b\"\n%s = OpTypeStruct %uint\n%uint = OpTypeInt 32 0\n%v = OpTypeVector %uint 4\n%p = OpTypePointer Output %v\n%pos = OpVariable %p Output\n%c = OpConstant %uint 3\n%x = OpUndef %uint\n";
    let words = assemble(text, &AssembleOptions::default()).expect("assembles");
    let out = disassemble(
        &words,
        DisassembleOptions {
            header: false,
            ..Default::default()
        },
    )
    .expect("disassembles");
    for line in [
        "OpDecorate %gl_Position BuiltIn Position",
        "%a_b = OpTypeStruct %uint",
        "%v4uint = OpTypeVector %uint 4",
        "%_ptr_Output_v4uint = OpTypePointer Output %v4uint",
        "%uint_3 = OpConstant %uint 3",
        "%7 = OpUndef %uint",
    ] {
        assert!(
            out.lines().any(|l| l.trim_start() == line),
            "missing `{line}` in\n{out}"
        );
    }
}

#[test]
fn bad_text_is_a_located_error() {
    let cases = [
        (
            "OpCapability Shader\nOpFoo\n",
            (2, 1),
            "unknown opcode `OpFoo`",
        ),
        (
            "OpCapability Shadr\n",
            (1, 14),
            "`Shadr` is not a Capability enumerant",
        ),
        ("OpMemoryModel Logical\n", (1, 22), "missing an operand"),
        (
            "%1 = OpTypeInt 32 1\n%2 = OpIAdd %1 %3 %3\n",
            (2, 16),
            "never defined",
        ),
        (
            "%1 = OpTypeInt 8 0\n%2 = OpConstant %1 256\n",
            (2, 20),
            "does not fit",
        ),
        ("%1 = OpTypeVoid 7\n", (1, 17), "too many operands"),
        ("OpName %1 \"x\n", (1, 11), "unterminated string"),
        ("%1 = OpCapability Shader\n", (1, 1), "has no result id"),
    ];
    for (text, at, message) in cases {
        let error = assemble(text, &AssembleOptions::default()).expect_err(text);
        assert_eq!(error.line_col(text), at, "{text}: {error}");
        assert!(error.message.contains(message), "{text}: {error}");
    }
    let rendered = assemble("OpCapability Shadr\n", &AssembleOptions::default())
        .expect_err("bad")
        .render("in.spvasm", "OpCapability Shadr\n");
    assert_eq!(rendered, "in.spvasm:1:14: error: `Shadr` is not a Capability enumerant\nOpCapability Shadr\n             ^");
}

#[test]
fn target_env_names_give_versions() {
    assert_eq!(target_env_version("spv1.4"), Some(0x0001_0400));
    assert_eq!(target_env_version("vulkan1.1"), Some(0x0001_0300));
    assert_eq!(target_env_version("spv2.0"), None);
}

#[test]
fn mutated_text_never_panics() {
    let mut rng = crate::binary::tests::XorShift(0x2545_f491_4f6c_dd1d);
    let base: Vec<char> = MODULE.chars().collect();
    let alphabet: Vec<char> = "%=\"!;|.-+0x9aOp \n\\".chars().collect();
    let mut rejected = 0;
    for _ in 0..4000 {
        let mut text = base.clone();
        for _ in 0..1 + rng.below(3) {
            if text.is_empty() {
                break;
            }
            let i = rng.below(text.len());
            match rng.below(3) {
                0 => {
                    text.remove(i);
                }
                1 => text.insert(i, alphabet[rng.below(alphabet.len())]),
                _ => text.truncate(i),
            }
        }
        let text: String = text.into_iter().collect();
        match assemble(&text, &AssembleOptions::default()) {
            Ok(words) => {
                disassemble(&words, raw()).expect("what assembles disassembles");
            }
            Err(error) => {
                error.render("fuzz.spvasm", &text);
                rejected += 1;
            }
        }
    }
    assert!(rejected > 0);
}

#[test]
fn mutated_corpus_binaries_disassemble_or_fail_cleanly() {
    use crate::binary::tests::{corpus, read_words, XorShift};
    let Some(files) = corpus() else { return };
    let mut rng = XorShift(0x0123_4567_89ab_cdef);
    let mut shown = 0;
    for path in files.iter().step_by(11) {
        let original = read_words(path);
        for _ in 0..30 {
            let mut words = original.clone();
            let i = rng.below(words.len());
            words[i] ^= 1 << rng.below(32);
            for options in [raw(), DisassembleOptions::default()] {
                if let Ok(text) = disassemble(&words, options) {
                    shown += 1;
                    // Raw-id text assembles back to the same instructions, or
                    // is refused (a mutation may define an id twice).
                    if options.raw_ids {
                        if let Ok(back) = assemble(&text, &AssembleOptions::default()) {
                            assert_eq!(back[5..], words[5..], "{}", path.display());
                        }
                    }
                }
            }
        }
    }
    assert!(shown > 0);
}
