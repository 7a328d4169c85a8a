//! Structured control flow through the binary ⇄ IR round trip, shape by
//! shape: small GLSL shaders compiled by glslang (nested and consecutive
//! selections, loops with `continue` and `break`, early returns, switch
//! with fallthrough, do-while), real corpus modules, and an OpenCL-style
//! kernel without merge instructions. For each: the deserialized module
//! verifies, holds the expected `spirv.mlir.selection` / `spirv.mlir.loop`
//! regions and merge instructions kept inline (constructs a region cannot
//! express: a `break` or `continue` out of a nested selection), serializes
//! to a module `spirv-val` accepts, and reads back to the same text.

mod support;

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::serialize;
use spirv_dialect::binary::{words_from_bytes, words_to_bytes};
use spirv_dialect::spvasm::{assemble, AssembleOptions};

/// How many of each construct form a module holds.
#[derive(Debug, PartialEq, Eq)]
struct Shape {
    selections: usize,
    loops: usize,
    /// Merge instructions kept as ops (constructs left inline).
    inline_merges: usize,
}

fn shape(text: &str) -> Shape {
    let count = |needle: &str| text.matches(needle).count();
    Shape {
        selections: count("\"spirv.mlir.selection\""),
        loops: count("\"spirv.mlir.loop\""),
        inline_merges: count("\"spirv.SelectionMerge\"") + count("\"spirv.LoopMerge\""),
    }
}

/// Deserializes, checks the shape, serializes, validates in `env` and
/// reads back; returns the printed text.
fn round_trip(words: &[u32], env: &str, expected: &Shape) -> String {
    let text = support::deserialized_generic(words).expect("deserializes and verifies");
    assert_eq!(&shape(&text), expected, "shape of:\n{text}");
    let (ctx, module) = deserialize(words).expect("deserializes");
    let written = serialize(&ctx, module).expect("serializes");
    if let Some(tools) = support::spirv_tools() {
        let output = support::run_piped(
            &tools.join("spirv-val"),
            &["--target-env", env, "-"],
            &words_to_bytes(&written),
        )
        .expect("spirv-val runs");
        assert!(
            output.status.success(),
            "spirv-val rejects the output: {}\n{text}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let again = support::deserialized_generic(&written).expect("the output deserializes");
    assert_eq!(again, text, "reading the output back prints the same text");
    text
}

/// `source` compiled by glslang as a `stage` shader, or `None` (after
/// saying so) when glslang is absent.
fn glsl(stage: &str, source: &str) -> Option<Vec<u32>> {
    let Some(glslang) = support::tool("glslangValidator") else {
        println!("skipped: glslangValidator is not installed");
        return None;
    };
    let dir = std::env::temp_dir().join(format!("control_flow_shapes_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let name = format!("{:x}", source.len() * 31 + stage.len());
    let (src, spv) = (
        dir.join(format!("{name}.{stage}")),
        dir.join(format!("{name}.spv")),
    );
    std::fs::write(&src, source).expect("write shader");
    let status = std::process::Command::new(glslang)
        .args(["-V", "--target-env", "vulkan1.1", "-S", stage, "-o"])
        .arg(&spv)
        .arg(&src)
        .stdout(std::process::Stdio::null())
        .status()
        .expect("glslang runs");
    assert!(status.success(), "glslang compiles the shader");
    let words = words_from_bytes(&std::fs::read(&spv).expect("read spv")).expect("words");
    Some(words)
}

#[test]
fn loops_with_continue_break_and_early_return() {
    let source = r#"#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { int data[]; };
void main() {
  int acc = 0;
  for (int i = 0; i < 16; ++i) {
    if (data[i] < 0) continue;
    if (data[i] > 100) break;
    if (data[i] == 7) return;
    acc += data[i];
  }
  int j = 0;
  do { j += acc; } while (j < 100);
  data[0] = acc + j;
}
"#;
    let Some(words) = glsl("comp", source) else {
        return;
    };
    // The `return` selection is a region; the `continue` and `break` ones
    // leave their construct and stay inline in the loop's region.
    let text = round_trip(
        &words,
        "vulkan1.1",
        &Shape {
            selections: 1,
            loops: 2,
            inline_merges: 2,
        },
    );
    assert!(text.contains("\"spirv.Return\""));
}

#[test]
fn nested_consecutive_selections_and_switch() {
    let source = r#"#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { int data[]; };
void main() {
  int acc = data[1];
  switch (acc & 3) {
    case 0: acc += 1; break;
    case 1: acc *= 2;
    case 2: acc -= 3; break;
    default: acc = 0;
  }
  if (acc > 2) { if (acc > 5) { acc = 5; } else { acc = 4; } }
  if (acc < 0) { acc = 0; }
  data[0] = acc;
}
"#;
    let Some(words) = glsl("comp", source) else {
        return;
    };
    let text = round_trip(
        &words,
        "vulkan1.1",
        &Shape {
            selections: 4,
            loops: 0,
            inline_merges: 0,
        },
    );
    assert!(text.contains("\"spirv.Switch\""));
}

#[test]
fn values_flow_out_of_constructs_as_results() {
    // The ternary is a selection storing to a variable; `&&` is a
    // selection whose merge block phi becomes the op's result; the second
    // ternary is an `OpSelect`.
    let source = r#"#version 450
layout(location = 0) in float v;
layout(location = 0) out vec4 color;
void main() {
  float x = v > 0.5 ? sin(v) : cos(v);
  bool both = v > 0.1 && v < 0.9;
  color = vec4(x, both ? 1.0 : 0.0, 0.0, 1.0);
}
"#;
    let Some(words) = glsl("frag", source) else {
        return;
    };
    let text = round_trip(
        &words,
        "vulkan1.1",
        &Shape {
            selections: 2,
            loops: 0,
            inline_merges: 0,
        },
    );
    // The `&&` merge block's phi is the selection's result.
    assert!(text.contains("= \"spirv.mlir.selection\""), "{text}");
    assert!(text.contains("spirv.mlir.merge\"("), "{text}");
}

#[test]
fn kernel_without_merge_instructions_keeps_a_plain_cfg() {
    let source = r#"
               OpCapability Addresses
               OpCapability Kernel
               OpMemoryModel Physical32 OpenCL
               OpEntryPoint Kernel %k "k"
       %void = OpTypeVoid
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
    %uint_10 = OpConstant %uint 10
         %fn = OpTypeFunction %void
          %k = OpFunction %void None %fn
      %entry = OpLabel
               OpBranch %head
       %head = OpLabel
          %i = OpPhi %uint %uint_0 %entry %next %body
       %done = OpUGreaterThanEqual %bool %i %uint_10
               OpBranchConditional %done %exit %body
       %body = OpLabel
       %next = OpIAdd %uint %i %uint_1
               OpBranch %head
       %exit = OpLabel
               OpReturn
               OpFunctionEnd
"#;
    let words = assemble(source, &AssembleOptions::default()).expect("assembles");
    let text = round_trip(
        &words,
        "spv1.6",
        &Shape {
            selections: 0,
            loops: 0,
            inline_merges: 0,
        },
    );
    assert!(text.contains("\"spirv.BranchConditional\""));
}

/// The labels (blocks) of a binary module.
fn labels(words: &[u32]) -> usize {
    let text = spirv_dialect::spvasm::disassemble(words, Default::default()).expect("disassembles");
    text.matches("OpLabel").count()
}

#[test]
fn branch_only_entry_blocks_are_kept() {
    // An entry block only branching on, as naga writes every function: to
    // a plain block, and to a selection header. The first keeps its two
    // blocks; the second reads as an entry block heading the selection
    // does (MLIR's layout), which writes the header as the entry block.
    let module = |after_entry: &str| {
        format!(
            r#"
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
       %bool = OpTypeBool
       %true = OpConstantTrue %bool
         %fn = OpTypeFunction %void
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpBranch %next
       %next = OpLabel
{after_entry}
               OpFunctionEnd
"#
        )
    };
    let plain = module("               OpReturn");
    let selection = module(
        "               OpSelectionMerge %merge None
               OpBranchConditional %true %then %merge
       %then = OpLabel
               OpBranch %merge
      %merge = OpLabel
               OpReturn",
    );
    for (source, selections, labels_written) in [(&plain, 0, 2), (&selection, 1, 3)] {
        let words = assemble(source, &AssembleOptions::default()).expect("assembles");
        let expected = Shape {
            selections,
            loops: 0,
            inline_merges: 0,
        };
        let text = round_trip(&words, "spv1.6", &expected);
        assert_eq!(
            text.matches("\"spirv.Branch\"").count(),
            1 + selections,
            "{text}"
        );
        let (ctx, op) = deserialize(&words).expect("deserializes");
        let written = serialize(&ctx, op).expect("serializes");
        assert_eq!(labels(&written), labels_written, "{text}");
    }
}

#[test]
fn corpus_modules_of_each_shape() {
    let root = support::corpus_root();
    let cases = [
        // A loop followed by a selection headed by the loop's merge block.
        (
            "spirv-tools-fuzz/graphicsfuzz_009.spv",
            Shape {
                selections: 1,
                loops: 1,
                inline_merges: 0,
            },
        ),
        // The entry block heads a selection with nested selections.
        (
            "spirv-tools-fuzz/graphicsfuzz_050.spv",
            Shape {
                selections: 2,
                loops: 0,
                inline_merges: 0,
            },
        ),
    ];
    for (file, expected) in cases {
        let path = root.join(file);
        let Ok(bytes) = std::fs::read(&path) else {
            println!("skipped: {} is absent", path.display());
            continue;
        };
        let words = words_from_bytes(&bytes).expect("words");
        let env = format!("spv1.{}", (words[1] >> 8) & 0xff);
        round_trip(&words, &env, &expected);
    }
}

/// A merge block phi taking one value along every edge: defined inside the
/// selection, the phi stands for that value (the op yields it, and the
/// module written back has no phi); defined before the selection, or named
/// and decorated, the phi is the op's result and is written back as a phi
/// (with its name and decorations).
#[test]
fn merge_phis_of_one_value_read_back_the_same() {
    for (value_before_selection, described) in [(false, false), (true, false), (false, true)] {
        let (before, in_header) = match value_before_selection {
            true => ("%x = OpIAdd %uint %a %uint_1", ""),
            false => ("", "%x = OpIAdd %uint %a %uint_1"),
        };
        let annotations = match described {
            true => "OpName %p \"picked\"\nOpDecorate %p RelaxedPrecision",
            false => "",
        };
        let source = format!(
            r#"
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               {annotations}
       %void = OpTypeVoid
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
     %uint_1 = OpConstant %uint 1
     %uint_7 = OpConstant %uint 7
         %fn = OpTypeFunction %uint %uint
      %main_fn = OpTypeFunction %void
          %f = OpFunction %uint None %fn
          %a = OpFunctionParameter %uint
      %entry = OpLabel
               {before}
               OpBranch %header
     %header = OpLabel
               {in_header}
          %c = OpULessThan %bool %a %uint_7
               OpSelectionMerge %merge None
               OpBranchConditional %c %then %merge
       %then = OpLabel
               OpBranch %merge
      %merge = OpLabel
          %p = OpPhi %uint %x %header %x %then
          %r = OpIMul %uint %p %p
               OpReturnValue %r
               OpFunctionEnd
       %main = OpFunction %void None %main_fn
      %start = OpLabel
               OpReturn
               OpFunctionEnd
"#
        );
        let words = assemble(&source, &AssembleOptions::default()).expect("assembles");
        let shape = Shape {
            selections: 1,
            loops: 0,
            inline_merges: 0,
        };
        let text = round_trip(&words, "spv1.6", &shape);
        // Either way the phi's uses read the selection's result.
        assert!(text.contains("= \"spirv.mlir.selection\""), "{text}");
        let (ctx, module) = deserialize(&words).expect("deserializes");
        let written = serialize(&ctx, module).expect("serializes");
        let kept = value_before_selection || described;
        assert_eq!(phis(&written), usize::from(kept), "{text}");
        if described {
            assert!(text.contains("relaxed_precision"), "{text}");
            let listing = spirv_dialect::spvasm::disassemble(&written, Default::default())
                .expect("disassembles");
            assert!(listing.contains("OpName %picked \"picked\""), "{listing}");
        }
    }
}

/// The number of `OpPhi` instructions in a module.
fn phis(words: &[u32]) -> usize {
    const OP_PHI: u32 = 245;
    let mut at = 5;
    let mut count = 0;
    while at < words.len() {
        count += usize::from(words[at] & 0xffff == OP_PHI);
        at += (words[at] >> 16).max(1) as usize;
    }
    count
}
