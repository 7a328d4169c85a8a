//! Debug information and the text form over the corpus (../shared/corpus):
//! every module printed (custom and generic form, with locations), parsed
//! back and serialized writes the words the binary round trip writes, and
//! printing with locations is a fixpoint. Value names (`OpName` of
//! function values, kept as name locations), member names
//! (`OpMemberName`, kept in struct types) and source positions (`OpLine`,
//! kept as file locations) survive binary → IR → binary.
//!
//! Names that have no place in the IR are counted by what they name and
//! must be of the kinds README lists: block labels (blocks carry no
//! location), types other than structs (structural), structs whose name
//! another struct has (renamed), an id's earlier names (it keeps its last),
//! module-level constants and `OpUndef`s (materialized at each use). The
//! corpus has no `OpLine`; a module assembled here has them.

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::{serialize, serialize_with, SerializeOptions};
use spirv_dialect::binary::{decode_module, words_from_bytes, Operand};
use spirv_dialect::grammar::Op;
use spirv_dialect::text::{parse_single_op, print_op, PrintOptions};
use std::collections::BTreeMap;
mod support;

/// What a module's debug information says: the names of ids, by the
/// opcode of what they name, and its `OpLine`s (file, line, column).
#[derive(Default, PartialEq, Debug)]
struct DebugInfo {
    names: BTreeMap<String, Vec<String>>,
    /// `OpMemberName`s: (member, name).
    member_names: Vec<(u32, String)>,
    lines: Vec<(String, u32, u32)>,
}

fn debug_info(words: &[u32]) -> Result<DebugInfo, String> {
    let (_, instructions) = decode_module(words).map_err(|e| e.message)?;
    let defs: BTreeMap<u32, Op> = (instructions.iter())
        .filter_map(|i| i.result.map(|r| (r, i.op)))
        .collect();
    let strings: BTreeMap<u32, &str> = (instructions.iter())
        .filter_map(|i| match (i.op, i.result, i.operands.first()) {
            (Op::String, Some(id), Some(Operand::String(s))) => Some((id, s.as_str())),
            _ => None,
        })
        .collect();
    let mut struct_names: BTreeMap<&str, usize> = BTreeMap::new();
    let mut last_names: BTreeMap<u32, &str> = BTreeMap::new();
    for inst in &instructions {
        if let (Op::Name, [Operand::Id(target), Operand::String(name)]) =
            (inst.op, &inst.operands[..])
        {
            if defs.get(target) == Some(&Op::TypeStruct) {
                *struct_names.entry(name.as_str()).or_default() += 1;
            }
            if !name.is_empty() {
                last_names.insert(*target, name);
            }
        }
    }
    let mut info = DebugInfo::default();
    let mut member_names = BTreeMap::new();
    // The same name given to an id twice says it once.
    let mut named = std::collections::BTreeSet::new();
    for inst in &instructions {
        match (inst.op, &inst.operands[..]) {
            (Op::Name, [Operand::Id(target), Operand::String(name)])
                if !name.is_empty() && named.insert((*target, name)) =>
            {
                let kind = match defs.get(target) {
                    _ if last_names[target] != name => "an id's earlier name (it keeps its last)",
                    Some(Op::TypeStruct) if struct_names[name.as_str()] > 1 => {
                        "OpTypeStruct (a name several structs have)"
                    }
                    Some(op) if op.info().class == "Type-Declaration" && *op != Op::TypeStruct => {
                        "types other than structs"
                    }
                    Some(op) => op.info().grammar_name,
                    None => "(undefined)",
                };
                info.names
                    .entry(kind.to_string())
                    .or_default()
                    .push(name.clone());
            }
            (
                Op::MemberName,
                [Operand::Id(id), Operand::Integer(member), Operand::String(name)],
            ) => {
                member_names.insert((*id, *member), name.clone());
            }
            (Op::Line, [Operand::Id(file), Operand::Integer(line), Operand::Integer(col)]) => {
                let file = strings.get(file).copied().unwrap_or_default().to_string();
                info.lines.push((file, *line, *col));
            }
            _ => {}
        }
    }
    for names in info.names.values_mut() {
        names.sort();
    }
    info.lines.sort();
    // A member named twice keeps its last name; structs declared twice
    // alike are one type in the IR.
    info.member_names = (member_names.into_iter())
        .map(|((_, member), name)| (member, name))
        .collect();
    info.member_names.sort();
    info.member_names.dedup();
    Ok(info)
}

/// What names no place in the IR holds may name.
const UNKEPT: [&str; 10] = [
    "OpLabel",
    "an id's earlier name (it keeps its last)",
    "types other than structs",
    "OpTypeStruct (a name several structs have)",
    "OpConstant",
    "OpConstantComposite",
    "OpConstantTrue",
    "OpConstantFalse",
    "OpConstantNull",
    "OpUndef",
];

/// The module printed with `options`, parsed back and printed again: the
/// parsed context and module, or why that failed.
fn reparse(
    words: &[u32],
    options: PrintOptions,
) -> Result<(spirv_dialect::ir::Context, spirv_dialect::ir::Op), String> {
    let (ctx, module) = deserialize(words).map_err(|e| e.message)?;
    support::reparsed(&ctx, module, options)
}

/// The module's words written back through the text form printed with
/// `options`.
fn through_text(words: &[u32], options: PrintOptions) -> Result<Vec<u32>, String> {
    let (parsed, module) = reparse(words, options)?;
    serialize(&parsed, module).map_err(|e| format!("serialize the parsed text: {e}"))
}

const DEBUGINFO: PrintOptions = PrintOptions {
    generic: false,
    debuginfo: true,
};

/// Per module: the names it lost, by the opcode of what they named, or an
/// error.
fn check(words: &[u32]) -> Result<BTreeMap<String, Vec<String>>, String> {
    let original = debug_info(words)?;
    let (ctx, module) = deserialize(words).map_err(|e| e.message)?;
    let written = serialize(&ctx, module).map_err(|e| e.to_string())?;
    let kept = debug_info(&written)?;
    if original.member_names != kept.member_names {
        let missing: Vec<_> = (original.member_names.iter())
            .filter(|n| !kept.member_names.contains(n))
            .collect();
        return Err(format!(
            "OpMemberNames differ: {} written for {} read, not written: {missing:?}",
            kept.member_names.len(),
            original.member_names.len()
        ));
    }
    if original.lines != kept.lines {
        return Err(format!(
            "OpLines differ: {} written for {} read",
            kept.lines.len(),
            original.lines.len()
        ));
    }
    let mut lost: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (kind, names) in &original.names {
        let mut left = kept.names.values().flatten().collect::<Vec<_>>();
        for name in names {
            match left.iter().position(|n| *n == name) {
                Some(at) => {
                    left.swap_remove(at);
                }
                None => lost.entry(kind.clone()).or_default().push(name.clone()),
            }
        }
    }
    // The text path writes what the binary path writes, in custom and
    // generic form.
    for options in [
        DEBUGINFO,
        PrintOptions {
            generic: true,
            ..DEBUGINFO
        },
    ] {
        if through_text(words, options)? != written {
            return Err(format!("the text path ({options:?}) writes other words"));
        }
    }
    Ok(lost)
}

#[test]
fn corpus_debug_info_survives() {
    let Some(files) = support::corpus_or_skip() else {
        return;
    };
    let modules: Vec<Vec<u32>> = (files.iter())
        .filter_map(|f| std::fs::read(f).ok())
        .filter_map(|b| words_from_bytes(&b).ok())
        .filter(|w| deserialize(w).is_ok())
        .collect();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let results = support::parallel_filter_map(&modules, workers, |w| Some(check(w)));
    let mut lost: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut errors = Vec::new();
    let (mut names, mut member_names, mut lines) = (0, 0, 0);
    for (words, result) in modules.iter().zip(&results) {
        match result {
            Ok(file_lost) => {
                for (kind, names) in file_lost {
                    lost.entry(kind.clone())
                        .or_default()
                        .extend(names.iter().cloned());
                }
                let info = debug_info(words).unwrap_or_default();
                names += info.names.values().map(Vec::len).sum::<usize>();
                member_names += info.member_names.len();
                lines += info.lines.len();
            }
            Err(e) => errors.push(e.clone()),
        }
    }
    println!(
        "{} modules, {names} names, {member_names} member names (all kept) and {lines} OpLines \
         read; the text form writes the same words",
        modules.len()
    );
    for (kind, names) in &lost {
        println!(
            "  names of {kind} not kept: {} (e.g. {:?})",
            names.len(),
            &names[..names.len().min(4)]
        );
    }
    assert!(
        errors.is_empty(),
        "{} modules: {:?}",
        errors.len(),
        &errors[..errors.len().min(5)]
    );
    let unexpected: Vec<_> = lost
        .keys()
        .filter(|k| !UNKEPT.contains(&k.as_str()))
        .collect();
    assert!(unexpected.is_empty(), "names of {unexpected:?} are lost");
    assert!(names > 0, "the corpus has names to keep");
}

/// A module with source positions (the corpus has none), one of a global
/// variable among them, and names on a parameter, a phi, a function
/// variable and an op result.
const WITH_LINES: &str = r#"
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %file = OpString "shader.comp"
               OpSource GLSL 450 %file
               OpName %main "main"
               OpName %counter "counter"
               OpName %twice "twice"
               OpName %x "x"
               OpName %sum "sum"
               OpName %merged "merged"
               OpName %slot "slot"
       %void = OpTypeVoid
       %bool = OpTypeBool
        %int = OpTypeInt 32 1
    %ptr_int = OpTypePointer Function %int
%ptr_private = OpTypePointer Private %int
               OpLine %file 2 1
    %counter = OpVariable %ptr_private Private
               OpNoLine
     %fn_int = OpTypeFunction %int %int
    %fn_void = OpTypeFunction %void
       %true = OpConstantTrue %bool
          %1 = OpConstant %int 1
      %twice = OpFunction %int None %fn_int
          %x = OpFunctionParameter %int
      %entry = OpLabel
       %slot = OpVariable %ptr_int Function
               OpLine %file 3 5
        %sum = OpIAdd %int %x %x
               OpStore %slot %sum
               OpLine %file 4 1
               OpSelectionMerge %join None
               OpBranchConditional %true %then %join
       %then = OpLabel
               OpLine %file 5 9
        %inc = OpIAdd %int %sum %1
               OpBranch %join
       %join = OpLabel
     %merged = OpPhi %int %sum %entry %inc %then
               OpNoLine
               OpReturnValue %merged
               OpFunctionEnd
       %main = OpFunction %void None %fn_void
         %l0 = OpLabel
               OpReturn
               OpFunctionEnd
"#;

#[test]
fn lines_and_value_names_survive_both_paths() {
    let options = spirv_dialect::spvasm::AssembleOptions {
        version: Some(0x0001_0000),
        ..Default::default()
    };
    let words = spirv_dialect::spvasm::assemble(WITH_LINES, &options).expect("assembles");
    let original = debug_info(&words).expect("decodes");
    assert_eq!(original.lines.len(), 4);
    let (ctx, module) = deserialize(&words).expect("deserializes");
    let kept = debug_info(&serialize(&ctx, module).expect("serializes")).expect("decodes");
    assert_eq!(kept, original, "binary path");
    let text_path = through_text(&words, DEBUGINFO).expect("the text path works");
    let text_path = debug_info(&text_path).expect("decodes");
    assert_eq!(text_path, original, "text path");
    let syntax = spirv_dialect::dialects::syntax();
    let options = PrintOptions {
        debuginfo: true,
        ..Default::default()
    };
    let text = print_op(&ctx, &syntax, module, options);
    for expected in [
        r#"(%arg0: si32 loc("x"))"#,
        r#"loc("sum"("shader.comp":3:5))"#,
        r#"loc("shader.comp":5:9)"#,
        r#"loc("slot")"#,
        r#"loc("merged")"#,
        r#"spirv.GlobalVariable @counter : !spirv.ptr<si32, Private> loc("shader.comp":2:1)"#,
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
}

/// Source positions of a module written as text become `OpLine`s (with an
/// `OpString` per file) when serializing with debug information, and read
/// back as the same locations; without it, only positions in files the
/// module names by a `spirv.String` are written.
#[test]
fn text_positions_become_lines_with_debug_info() {
    let text = r#"spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @f(%arg0: i32) -> i32 "None" {
    %0 = spirv.IAdd %arg0, %arg0 : i32
    %1 = spirv.IMul %0, %arg0 : i32 loc("other.glsl":7:3)
    spirv.ReturnValue %1 : i32
  }
}
"#;
    let syntax = spirv_dialect::dialects::syntax();
    let mut ctx = spirv_dialect::dialects::context();
    let module = parse_single_op(&mut ctx, &syntax, text, "in.mlir", 1).expect("parses");
    let plain = serialize(&ctx, module).expect("serializes");
    assert!(debug_info(&plain).expect("decodes").lines.is_empty());
    let options = SerializeOptions {
        emit_debug_info: true,
    };
    let words = serialize_with(&ctx, module, options).expect("serializes");
    let lines = debug_info(&words).expect("decodes").lines;
    // The function's position, then its ops'.
    let expected = [
        ("in.mlir", 2, 3),
        ("in.mlir", 3, 10),
        ("in.mlir", 5, 5),
        ("other.glsl", 7, 3),
    ];
    let expected: Vec<_> = (expected.iter())
        .map(|&(file, line, col)| (file.to_string(), line, col))
        .collect();
    assert_eq!(lines, expected);
    let (read, module) = deserialize(&words).expect("deserializes");
    let printed = print_op(&read, &syntax, module, DEBUGINFO);
    for expected in [
        r#"spirv.IAdd %arg0, %arg0 : i32 loc("in.mlir":3:10)"#,
        r#"spirv.IMul %0, %arg0 : i32 loc("other.glsl":7:3)"#,
        r#"} loc("in.mlir":2:3)"#,
    ] {
        assert!(
            printed.contains(expected),
            "{expected} missing from:\n{printed}"
        );
    }
}

/// Every op's text position written as an `OpLine` (`--spirv-emit-debug-info`)
/// keeps merge instructions right before their branches: the position of a
/// header's branch goes before its merge instruction. Every fourth corpus
/// module, printed without locations (so each op takes its position in the
/// text), parsed back and written so, passes spirv-val where the original
/// does.
#[test]
fn corpus_text_positions_write_valid_lines() {
    let Some(files) = support::corpus_or_skip() else {
        return;
    };
    let Some(tools) = support::spirv_tools() else {
        println!("spirv-val is not installed: skipped");
        return;
    };
    let val = tools.join("spirv-val");
    let modules: Vec<(Vec<u32>, std::path::PathBuf)> = (files.iter().step_by(4))
        .filter_map(|f| Some((words_from_bytes(&std::fs::read(f).ok()?).ok()?, val.clone())))
        .filter(|(words, _)| deserialize(words).is_ok())
        .collect();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let results = support::parallel_filter_map(&modules, workers, |(words, val)| {
        let options = SerializeOptions {
            emit_debug_info: true,
        };
        let (ctx, module) = match reparse(words, PrintOptions::default()) {
            Ok(parsed) => parsed,
            Err(e) => return Some(Err(e)),
        };
        let out = match serialize_with(&ctx, module, options) {
            Ok(out) => out,
            Err(e) => return Some(Err(e)),
        };
        let env = support::target_env(words);
        match support::spirv_val_complaint(val, &out, &env) {
            // A module spirv-val rejects as it is says nothing here.
            Some(_) if support::spirv_val_complaint(val, words, &env).is_some() => None,
            Some(complaint) => Some(Err(complaint)),
            None => Some(debug_info(&out).map(|info| info.lines.len())),
        }
    });
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    let lines: usize = results.iter().filter_map(|r| r.as_ref().ok()).sum();
    println!(
        "{} modules spirv-val accepts written with {lines} OpLines from their text positions, \
         {} rejected",
        results.len(),
        failures.len()
    );
    assert!(lines > 0, "no OpLine written");
    assert!(
        failures.is_empty(),
        "{} rejected, the first: {}",
        failures.len(),
        failures[0]
    );
}

/// What a binary may hold that the text form must spell out to keep: an
/// extension the grammar does not know (quoted in the `vce` attribute),
/// descriptor set and binding numbers past `i32` (words, which the `i32`
/// attributes hold as their bits) and an array length's specialization
/// constant named by no bare identifier (a quoted symbol). Each survives
/// the text form.
#[test]
fn unknown_extensions_and_large_bindings_survive_the_text_form() {
    let source = r#"
               OpCapability Shader
               OpExtension "SPV_XYZ_not_in_the_grammar"
               OpExtension "SPV_KHR_storage_buffer_storage_class"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %length "length of the array"
               OpDecorate %buffer DescriptorSet 4294967295
               OpDecorate %buffer Binding 2147483651
               OpDecorate %block Block
               OpMemberDecorate %block 0 Offset 0
               OpMemberDecorate %block 1 Offset 16
               OpDecorate %array ArrayStride 4
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
       %uint = OpTypeInt 32 0
     %length = OpSpecConstant %uint 4
      %array = OpTypeArray %float %length
      %block = OpTypeStruct %float %array
        %ptr = OpTypePointer StorageBuffer %block
     %buffer = OpVariable %ptr StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
"#;
    let options = spirv_dialect::spvasm::AssembleOptions::default();
    let words = spirv_dialect::spvasm::assemble(source, &options).expect("assembles");
    let (ctx, module) = deserialize(&words).expect("reads");
    let text = print_op(
        &ctx,
        &spirv_dialect::dialects::syntax(),
        module,
        PrintOptions::default(),
    );
    assert!(
        text.contains(r#"[SPV_KHR_storage_buffer_storage_class, "SPV_XYZ_not_in_the_grammar"]"#)
            || text.contains(
                r#"["SPV_XYZ_not_in_the_grammar", SPV_KHR_storage_buffer_storage_class]"#
            ),
        "{text}"
    );
    assert!(text.contains("bind(4294967295, 2147483651)"), "{text}");
    assert!(
        text.contains(r#"spec_length=@"length of the array">"#),
        "{text}"
    );
    let written = serialize(&ctx, module).expect("writes");
    assert_eq!(
        through_text(&words, PrintOptions::default()),
        Ok(written.clone())
    );
    let generic = PrintOptions {
        generic: true,
        debuginfo: false,
    };
    assert_eq!(through_text(&words, generic), Ok(written));
}

/// Debug instructions where compilers and `spirv-opt` put them outside
/// blocks: an `OpLine` ending the globals or between functions (the
/// position of the function after it), a non-semantic instruction before
/// a function's first label, between a terminator and the next label, and
/// after the last terminator.
const LOOSE_DEBUG_INSTRUCTIONS: &str = r#"
               OpCapability Shader
               OpExtension "SPV_KHR_non_semantic_info"
        %dbg = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %file = OpString "loose.comp"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
       %true = OpConstantTrue %bool
               OpLine %file 3 1
     %helper = OpFunction %void None %fn
         %n0 = OpExtInst %void %dbg DebugNoLine
         %h0 = OpLabel
               OpSelectionMerge %h2 None
               OpBranchConditional %true %h1 %h2
         %h1 = OpLabel
               OpBranch %h2
         %n1 = OpExtInst %void %dbg DebugNoScope
         %h2 = OpLabel
               OpReturn
         %n2 = OpExtInst %void %dbg DebugNoScope
               OpFunctionEnd
               OpLine %file 9 1
       %main = OpFunction %void None %fn
         %m0 = OpLabel
          %c = OpFunctionCall %void %helper
               OpReturn
               OpFunctionEnd
"#;

/// The instructions of [`LOOSE_DEBUG_INSTRUCTIONS`] are read (each
/// function at the position of the `OpLine` before it, the non-semantic
/// instructions in the blocks nearest them) and written: spirv-val accepts
/// the output, which reads back to the same text, locations included.
#[test]
fn debug_instructions_outside_blocks_are_kept() {
    use spirv_dialect::spvasm::{assemble, disassemble, AssembleOptions, DisassembleOptions};
    let words = assemble(LOOSE_DEBUG_INSTRUCTIONS, &AssembleOptions::default()).expect("assembles");
    let val = support::spirv_tools().map(|tools| tools.join("spirv-val"));
    if val.is_none() {
        println!("skipped: spirv-val (SPIRV-Tools 2025) is not installed");
    }
    let written =
        support::checked_round_trip(val.as_deref(), &words, "spv1.6").expect("round trip");
    let (ctx, module) = deserialize(&words).expect("deserializes");
    let text = print_op(&ctx, &spirv_dialect::dialects::syntax(), module, DEBUGINFO);
    support::assert_contains(
        &text,
        &[
            "} loc(\"loose.comp\":3:1)\n  spirv.func @main()",
            "} loc(\"loose.comp\":9:1)\n  spirv.EntryPoint",
            "\"spirv.NonSemanticShaderDebugInfo100.DebugNoLine\"()",
        ],
    );
    assert_eq!(text.matches("DebugNoScope").count(), 2, "{text}");
    let listing = disassemble(&written, DisassembleOptions::default()).expect("disassembles");
    let before_functions: Vec<&str> = (listing.lines().zip(listing.lines().skip(1)))
        .filter(|(_, next)| next.contains("OpFunction "))
        .map(|(line, _)| line.trim())
        .collect();
    assert_eq!(
        before_functions,
        ["OpLine %1 3 1", "OpLine %1 9 1"],
        "{listing}"
    );
    assert_eq!(listing.matches("DebugNoScope").count(), 2, "{listing}");
    assert_eq!(listing.matches("DebugNoLine").count(), 1, "{listing}");
}
