//! Conditional branches whose two successors are one block: with
//! different values along the two edges (one phi entry per predecessor
//! cannot hold both), or in SPIR-V 1.6 and later (whose two labels must
//! differ). The writer sends the false edge through a block of its own,
//! heading a selection where the branch headed none, or writes an
//! `OpBranch` where both edges pass the same values; two edges back to a
//! loop header meet in a block of their own first. A switch heading a
//! selection whose edges pass one block different values has its header
//! choose them by `OpSelect`s on the selector, where the module lets
//! `OpSelect` take their type. Each function is written at SPIR-V 1.0 and
//! 1.6 (or the versions a test names), validated by spirv-val, run in the
//! interpreter of `interpreter` against the results it must give, and
//! read back and written again to the same results.

mod interpreter;
mod support;

use interpreter::{run, ARGUMENTS};
use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::{serialize, serialize_with, SerializeOptions};

/// Positions written as `OpLine`s, so that one may stand before a branch.
const WITH_LINES: SerializeOptions = SerializeOptions {
    emit_debug_info: true,
};
use spirv_dialect::binary::{Instruction, Operand};
use spirv_dialect::grammar::Op;

/// The header of a shader module of SPIR-V `{version}`.
const SHADER: &str = "Logical GLSL450 requires #spirv.vce<v{version}, [Shader, Linkage], []>";

/// The header of an OpenCL-style kernel module of SPIR-V `{version}`,
/// whose control flow needs no structure.
const KERNEL: &str =
    "Physical32 OpenCL requires #spirv.vce<v{version}, [Addresses, Kernel, Linkage], []>";

/// A shader module of SPIR-V `version` holding `function`.
fn module(version: &str, function: &str) -> String {
    module_as(SHADER, version, function)
}

/// A module with header `header` of SPIR-V `version` holding `function`.
fn module_as(header: &str, version: &str, function: &str) -> String {
    let header = header.replace("{version}", version);
    format!("spirv.module {header} {{\n{function}\n}}\n")
}

/// The words of `function` in a module of each version, checked by
/// spirv-val, run on every argument pair against `expected`, and read
/// back and written again to the same results; the instructions of the
/// SPIR-V 1.6 module.
fn written_and_run(function: &str, expected: fn(i32, i32) -> i32) -> Vec<Op> {
    written_and_run_as(SHADER, function, expected)
}

/// [`written_and_run`] in modules with header `header`.
fn written_and_run_as(header: &str, function: &str, expected: fn(i32, i32) -> i32) -> Vec<Op> {
    written_and_run_at(header, ["1.0", "1.6"], function, expected)
}

/// [`written_and_run`] in modules with header `header` of SPIR-V
/// `versions`; the instructions of the last.
fn written_and_run_at(
    header: &str,
    versions: [&str; 2],
    function: &str,
    expected: fn(i32, i32) -> i32,
) -> Vec<Op> {
    let val = support::spirv_tools().map(|dir| dir.join("spirv-val"));
    if val.is_none() {
        println!("spirv-val is not installed: the modules are not validated");
    }
    let mut ops = Vec::new();
    for version in versions {
        let (ctx, module) = support::parsed(&module_as(header, version, function));
        let words = serialize_with(&ctx, module, WITH_LINES)
            .unwrap_or_else(|e| panic!("v{version}: {e:?}"));
        let (read_ctx, read) = deserialize(&words).expect("the written module reads back");
        let again =
            serialize_with(&read_ctx, read, WITH_LINES).expect("the module read back writes");
        for (which, words) in [("written", &words), ("rewritten", &again)] {
            if let Some(val) = &val {
                let complaint =
                    support::spirv_val_complaint(val, words, &support::target_env(words));
                assert_eq!(complaint, None, "v{version}, {which}");
            }
            for [a, b] in ARGUMENTS {
                let got = run(words, [a, b]).unwrap_or_else(|e| panic!("v{version}: {e}"));
                let want = expected(a as i32, b as i32) as u32;
                assert_eq!(got, want, "v{version}, {which}, arguments {a} and {b}");
            }
        }
        let (_, insts) = spirv_dialect::binary::decode_module(&words).expect("decodes");
        ops = insts.iter().map(|inst| inst.op).collect();
    }
    ops
}

/// Whether some `OpBranchConditional` among the words of `function`,
/// written at SPIR-V 1.0, names one label twice.
fn names_one_label_twice(function: &str) -> bool {
    let (ctx, module) = support::parsed(&module("1.0", function));
    let words = serialize(&ctx, module).expect("writes");
    let (_, insts) = spirv_dialect::binary::decode_module(&words).expect("decodes");
    insts
        .iter()
        .any(|inst| inst.op == Op::BranchConditional && inst.operands[1] == inst.operands[2])
}

/// The instructions of the words of `function` in a module with header
/// `header` of SPIR-V `version`.
fn instructions(header: &str, version: &str, function: &str) -> Vec<Instruction> {
    let (ctx, module) = support::parsed(&module_as(header, version, function));
    let words = serialize(&ctx, module).unwrap_or_else(|e| panic!("v{version}: {e}"));
    spirv_dialect::binary::decode_module(&words)
        .expect("decodes")
        .1
}

/// The error writing `function` in a shader module of SPIR-V `version`
/// gives (no binary).
fn write_error(version: &str, function: &str) -> String {
    let (ctx, module) = support::parsed(&module(version, function));
    serialize(&ctx, module).expect_err("no binary")
}

/// Whether `second` comes right after `first` somewhere in `ops`.
fn follows(ops: &[Op], first: Op, second: Op) -> bool {
    ops.windows(2).any(|pair| pair == [first, second])
}

fn count(ops: &[Op], op: Op) -> usize {
    ops.iter().filter(|&&o| o == op).count()
}

/// A selection header branching to one block with either argument: the
/// false edge goes through a block of its own inside the selection.
#[test]
fn a_selection_header_passing_different_values() {
    let function = r#"
  spirv.func @smaller(%a: i32, %b: i32) -> i32 "None" {
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    %c = spirv.SLessThan %a, %b : i32
    spirv.mlir.selection {
      spirv.BranchConditional %c, ^bb1(%a : i32), ^bb1(%b : i32) loc("smaller.glsl":4:9)
    ^bb1(%x: i32):
      spirv.Store "Function" %v, %x : i32
      spirv.Branch ^bb2
    ^bb2:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }"#;
    let ops = written_and_run(function, |a, b| a.min(b));
    assert_eq!(count(&ops, Op::SelectionMerge), 1);
    // The branch's position goes before the merge instruction.
    assert!(follows(&ops, Op::Line, Op::SelectionMerge), "{ops:?}");
    // The entry block's instructions come before the selection: it
    // branches to a header block of its own.
    assert_eq!(count(&ops, Op::Label), 5, "{ops:?}");
}

/// A block heading no construct, branching to an ordinary block with
/// either argument: it heads a selection merging at that block.
#[test]
fn a_plain_block_passing_different_values_heads_a_selection() {
    let function = r#"
  spirv.func @pick(%a: i32, %b: i32) -> i32 "None" {
    %zero = spirv.Constant 0 : i32
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.Store "Function" %v, %zero : i32
    %c = spirv.SLessThan %a, %b : i32
    %d = spirv.IEqual %a, %zero : i32
    spirv.mlir.selection {
      spirv.BranchConditional %c, ^bb1, ^bb3
    ^bb1:
      spirv.BranchConditional %d, ^bb2(%a : i32), ^bb2(%b : i32)
    ^bb2(%x: i32):
      spirv.Store "Function" %v, %x : i32
      spirv.Branch ^bb3
    ^bb3:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }"#;
    let ops = written_and_run(function, |a, b| match (a < b, a == 0) {
        (true, true) => a,
        (true, false) => b,
        (false, _) => 0,
    });
    assert_eq!(count(&ops, Op::SelectionMerge), 2);
}

/// A loop body branching to the continue target with either sum: the
/// false edge goes through a block of its own, no selection needed.
#[test]
fn a_branch_to_the_continue_target_passing_different_values() {
    let function = r#"
  spirv.func @sums(%a: i32, %b: i32) -> i32 "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %two = spirv.Constant 2 : i32
    %four = spirv.Constant 4 : i32
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.Store "Function" %v, %zero : i32
    spirv.mlir.loop {
      spirv.Branch ^header(%zero, %zero : i32, i32)
    ^header(%i: i32, %s: i32):
      %more = spirv.SLessThan %i, %four : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %x = spirv.IAdd %s, %a : i32
      %y = spirv.IAdd %s, %b : i32
      %early = spirv.SLessThan %i, %two : i32
      spirv.BranchConditional %early, ^continue(%x : i32), ^continue(%y : i32)
    ^continue(%n: i32):
      spirv.Store "Function" %v, %n : i32
      %next = spirv.IAdd %i, %one : i32
      spirv.Branch ^header(%next, %n : i32, i32)
    ^merge:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }"#;
    let ops = written_and_run(function, |a, b| {
        a.wrapping_mul(2).wrapping_add(b.wrapping_mul(2))
    });
    assert_eq!(count(&ops, Op::SelectionMerge), 0);
}

/// Both edges passing the same values: kept as they are before SPIR-V
/// 1.6; from 1.6 an `OpBranch` from a block heading nothing, back to a
/// loop header too, and a block of its own for a selection header's
/// false edge.
#[test]
fn edges_passing_the_same_values() {
    let plain = r#"
  spirv.func @same(%a: i32, %b: i32) -> i32 "None" {
    %c = spirv.SLessThan %a, %b : i32
    spirv.BranchConditional %c, ^bb1(%a : i32), ^bb1(%a : i32)
  ^bb1(%x: i32):
    spirv.ReturnValue %x : i32
  }"#;
    assert!(names_one_label_twice(plain));
    let ops = written_and_run(plain, |a, _| a);
    assert_eq!(count(&ops, Op::BranchConditional), 0);

    // One constant at two uses is one id, however materialized.
    let constants = r#"
  spirv.func @constants(%a: i32, %b: i32) -> i32 "None" {
    %c = spirv.SLessThan %a, %b : i32
    %one = spirv.Constant 1 : i32
    %also_one = spirv.Constant 1 : i32
    spirv.BranchConditional %c, ^bb1(%one : i32), ^bb1(%also_one : i32)
  ^bb1(%x: i32):
    spirv.ReturnValue %x : i32
  }"#;
    assert!(names_one_label_twice(constants));
    written_and_run(constants, |_, _| 1);

    let back_edge = r#"
  spirv.func @count(%a: i32, %b: i32) -> i32 "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %three = spirv.Constant 3 : i32
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.Store "Function" %v, %zero : i32
    %c = spirv.SLessThan %a, %b : i32
    spirv.mlir.loop {
      spirv.Branch ^header(%zero : i32)
    ^header(%i: i32):
      %more = spirv.SLessThan %i, %three : i32
      spirv.BranchConditional %more, ^continue, ^merge
    ^continue:
      %next = spirv.IAdd %i, %one : i32
      spirv.Store "Function" %v, %next : i32
      spirv.BranchConditional %c, ^header(%next : i32), ^header(%next : i32)
    ^merge:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }"#;
    assert!(names_one_label_twice(back_edge));
    let ops = written_and_run(back_edge, |_, _| 3);
    assert_eq!(count(&ops, Op::BranchConditional), 1);

    let header = r#"
  spirv.func @header(%a: i32, %b: i32) -> i32 "None" {
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    %c = spirv.SLessThan %a, %b : i32
    spirv.mlir.selection {
      spirv.BranchConditional %c, ^bb1, ^bb1
    ^bb1:
      spirv.Store "Function" %v, %b : i32
      spirv.Branch ^bb2
    ^bb2:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }"#;
    assert!(names_one_label_twice(header));
    let ops = written_and_run(header, |_, b| b);
    assert_eq!(count(&ops, Op::BranchConditional), 1);
    // The header's instructions come first: a header block of its own.
    assert_eq!(count(&ops, Op::Label), 5);
}

/// Two edges back to a loop header passing different values meet in a
/// block of their own, the one back-edge block, whose phis pass them on.
#[test]
fn two_edges_back_to_a_loop_header_passing_different_values_meet_first() {
    let function = r#"
  spirv.func @steps(%a: i32, %b: i32) -> i32 "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %two = spirv.Constant 2 : i32
    %five = spirv.Constant 5 : i32
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.Store "Function" %v, %zero : i32
    spirv.mlir.loop {
      spirv.Branch ^header(%zero, %zero : i32, i32)
    ^header(%i: i32, %s: i32):
      %more = spirv.SLessThan %i, %five : i32
      spirv.BranchConditional %more, ^continue, ^merge
    ^continue:
      %next = spirv.IAdd %i, %one : i32
      %x = spirv.IAdd %s, %a : i32
      %y = spirv.IAdd %s, %b : i32
      spirv.Store "Function" %v, %s : i32
      %early = spirv.SLessThan %i, %two : i32
      spirv.BranchConditional %early, ^header(%next, %x : i32, i32), ^header(%next, %y : i32, i32)
    ^merge:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }"#;
    // The stored sum is the one before the last step: a, a, b, b added.
    let ops = written_and_run(function, |a, b| {
        a.wrapping_mul(2).wrapping_add(b.wrapping_mul(2))
    });
    assert_eq!(count(&ops, Op::SelectionMerge), 1);
    assert_eq!(count(&ops, Op::Phi), 4, "{ops:?}");
}

/// A loop header whose two edges back to itself pass different values
/// heads the loop already: an error naming the branch, no binary.
#[test]
fn a_header_passing_different_values_back_to_itself_fails() {
    let function = r#"
  spirv.func @f(%a: i32, %b: i32) -> i32 "None" {
    %zero = spirv.Constant 0 : i32
    %c = spirv.SLessThan %a, %b : i32
    spirv.mlir.loop {
      spirv.Branch ^header(%zero : i32)
    ^header(%i: i32):
      spirv.BranchConditional %c, ^header(%a : i32), ^header(%b : i32)
    ^continue:
      spirv.Branch ^header(%zero : i32)
    ^merge:
      spirv.mlir.merge
    }
    spirv.ReturnValue %zero : i32
  }"#;
    for version in ["1.0", "1.6"] {
        let error = write_error(version, function);
        assert!(error.contains("spirv.BranchConditional"), "{error}");
        assert!(error.contains("loop header"), "{error}");
    }
}

/// Switch cases of a kernel (no structure needed) passing one block
/// other values than its first edge: each goes through a block of its own.
#[test]
fn switch_cases_passing_one_block_different_values() {
    let function = r#"
  spirv.func @cases(%a: i32, %b: i32) -> i32 "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %sum = spirv.IAdd %a, %b : i32
    %rest = spirv.BitwiseAnd %a, %one : i32
    "spirv.Switch"(%rest, %a, %b, %sum, %a)[^bb1, ^bb1, ^bb1, ^bb1] <{case_operand_segments = array<i32: 1, 1, 1>, literals = [0 : i32, 1 : i32, 7 : i32], operandSegmentSizes = array<i32: 1, 1, 3>}> : (i32, i32, i32, i32, i32) -> () loc("cases.cl":7:3)
  ^bb1(%x: i32):
    spirv.ReturnValue %x : i32
  }"#;
    // Default and case 7 (never taken) pass `a`, case 0 `b`, case 1 the sum.
    let ops = written_and_run_as(KERNEL, function, |a, b| match a & 1 {
        0 => b,
        _ => a.wrapping_add(b),
    });
    assert_eq!(count(&ops, Op::Label), 4, "{ops:?}");
    assert!(follows(&ops, Op::Line, Op::Switch), "{ops:?}");
}

/// A switch heading a selection whose cases pass one block different
/// values: the header chooses the value by `OpSelect`s on the selector
/// before its merge instruction (after the switch's position), the last
/// case's value where none before it matches.
#[test]
fn switch_header_cases_passing_one_block_different_values_select_it() {
    let function = r#"
  spirv.func @cases(%a: i32, %b: i32) -> i32 "None" {
    %three = spirv.Constant 3 : i32
    %sum = spirv.IAdd %a, %b : i32
    %rest = spirv.BitwiseAnd %a, %three : i32
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.mlir.selection {
      "spirv.Switch"(%rest, %a, %sum)[^bb2, ^bb1, ^bb1] <{case_operand_segments = array<i32: 1, 1>, literals = [0 : i32, 1 : i32], operandSegmentSizes = array<i32: 1, 0, 2>}> : (i32, i32, i32) -> () loc("cases.glsl":5:7)
    ^bb1(%x: i32):
      spirv.Store "Function" %v, %x : i32
      spirv.Branch ^bb3
    ^bb2:
      spirv.Store "Function" %v, %b : i32
      spirv.Branch ^bb3
    ^bb3:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }"#;
    let ops = written_and_run(function, |a, b| match a & 3 {
        0 => a,
        1 => a.wrapping_add(b),
        _ => b,
    });
    assert_eq!((count(&ops, Op::IEqual), count(&ops, Op::Select)), (1, 1));
    assert!(follows(&ops, Op::Line, Op::IEqual), "{ops:?}");
    assert!(follows(&ops, Op::Select, Op::SelectionMerge), "{ops:?}");
    assert!(follows(&ops, Op::SelectionMerge, Op::Switch), "{ops:?}");
    // The header's instructions come first: a header block of its own.
    assert_eq!(count(&ops, Op::Label), 5, "{ops:?}");
}

/// The default and a case passing the merge block (the selection's
/// result) different values, another case the default's: the chain ends
/// with the default's value and skips the case passing it too.
#[test]
fn switch_header_default_and_case_passing_the_merge_block_different_values() {
    let function = r#"
  spirv.func @result(%a: i32, %b: i32) -> i32 "None" {
    %three = spirv.Constant 3 : i32
    %rest = spirv.BitwiseAnd %a, %three : i32
    %r = "spirv.mlir.selection"() <{selection_control = #spirv.selection_control<None>}> ({
      "spirv.Switch"(%rest, %a, %b, %a)[^bb1, ^bb1, ^bb1] <{case_operand_segments = array<i32: 1, 1>, literals = [2 : i32, 3 : i32], operandSegmentSizes = array<i32: 1, 1, 2>}> : (i32, i32, i32, i32) -> ()
    ^bb1(%x: i32):
      spirv.mlir.merge %x : i32
    }) : () -> i32
    spirv.ReturnValue %r : i32
  }"#;
    let ops = written_and_run(function, |a, b| if a & 3 == 2 { b } else { a });
    assert_eq!((count(&ops, Op::IEqual), count(&ops, Op::Select)), (1, 1));
    // Default and cases alike passing the same value need no select.
    let alike = function.replace("(%rest, %a, %b, %a)", "(%rest, %a, %a, %a)");
    let ops = written_and_run(&alike, |a, _| a);
    assert_eq!((count(&ops, Op::IEqual), count(&ops, Op::Select)), (0, 0));
}

/// A 64-bit selector: its cases' literals compared as 64-bit constants,
/// their words as the switch writes them.
#[test]
fn switch_header_with_a_64_bit_selector_selects_by_64_bit_literals() {
    let header = "Logical GLSL450 requires #spirv.vce<v{version}, [Shader, Int64, Linkage], []>";
    let function = r#"
  spirv.func @wide(%a: i32, %b: i32) -> i32 "None" {
    %three = spirv.Constant 3 : i32
    %sum = spirv.IAdd %a, %b : i32
    %rest = spirv.BitwiseAnd %a, %three : i32
    %wide = spirv.SConvert %rest : i32 to i64
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.mlir.selection {
      "spirv.Switch"(%wide, %a, %b, %sum)[^bb2, ^bb1, ^bb1, ^bb1] <{case_operand_segments = array<i32: 1, 1, 1>, literals = [1 : i64, -1 : i64, 2 : i64], operandSegmentSizes = array<i32: 1, 0, 3>}> : (i64, i32, i32, i32) -> ()
    ^bb1(%x: i32):
      spirv.Store "Function" %v, %x : i32
      spirv.Branch ^bb3
    ^bb2:
      spirv.Store "Function" %v, %three : i32
      spirv.Branch ^bb3
    ^bb3:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }"#;
    let ops = written_and_run_as(header, function, |a, b| match a & 3 {
        1 => a,
        2 => a.wrapping_add(b),
        _ => 3,
    });
    assert_eq!((count(&ops, Op::IEqual), count(&ops, Op::Select)), (2, 2));
    // The constant each `OpIEqual` compares with is the 64-bit one of its
    // case: -1 in two words, all ones.
    let insts = instructions(header, "1.0", function);
    let constant = |id: u32| {
        let inst = insts.iter().find(|inst| inst.result == Some(id));
        match inst.map(|inst| (inst.op, &inst.operands[..])) {
            Some((Op::Constant, [Operand::Number { bits, .. }])) => *bits,
            other => panic!("%{id} is not a constant: {other:?}"),
        }
    };
    let compared: Vec<u64> = (insts.iter())
        .filter(|inst| inst.op == Op::IEqual)
        .map(|inst| match inst.operands[..] {
            [_, Operand::Id(literal)] => constant(literal),
            _ => panic!("{inst:?}"),
        })
        .collect();
    assert_eq!(compared, [u64::MAX, 1]);
    let switch = insts
        .iter()
        .find(|inst| inst.op == Op::Switch)
        .expect("a switch");
    let literal_bits: Vec<u64> = (switch.operands.iter())
        .filter_map(|operand| match operand {
            Operand::Number { bits, .. } => Some(*bits),
            _ => None,
        })
        .collect();
    assert_eq!(literal_bits, [1, u64::MAX, 2]);
}

/// Vectors: before SPIR-V 1.4 the condition is a vector of booleans as
/// long as the value, from 1.4 the case's comparison itself.
#[test]
fn switch_header_cases_passing_one_block_different_vectors() {
    let function = r#"
  spirv.func @vectors(%a: i32, %b: i32) -> i32 "None" {
    %three = spirv.Constant 3 : i32
    %rest = spirv.BitwiseAnd %a, %three : i32
    %ab = spirv.CompositeConstruct %a, %b : (i32, i32) -> vector<2xi32>
    %ba = spirv.CompositeConstruct %b, %a : (i32, i32) -> vector<2xi32>
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.mlir.selection {
      "spirv.Switch"(%rest, %ab, %ba)[^bb1, ^bb1] <{case_operand_segments = array<i32: 1>, literals = [1 : i32], operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, vector<2xi32>, vector<2xi32>) -> ()
    ^bb1(%x: vector<2xi32>):
      %first = spirv.CompositeExtract %x[0 : i32] : vector<2xi32>
      spirv.Store "Function" %v, %first : i32
      spirv.Branch ^bb2
    ^bb2:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }"#;
    let ops = written_and_run(function, |a, b| if a & 3 == 1 { b } else { a });
    // At 1.6 the comparison is the condition.
    assert!(follows(&ops, Op::IEqual, Op::Select), "{ops:?}");
    let ops: Vec<Op> = (instructions(SHADER, "1.0", function).iter())
        .map(|inst| inst.op)
        .collect();
    assert!(follows(&ops, Op::IEqual, Op::CompositeConstruct), "{ops:?}");
    assert!(follows(&ops, Op::CompositeConstruct, Op::Select), "{ops:?}");
}

/// A struct: `OpSelect` takes composites from SPIR-V 1.4; before, an
/// error naming the switch, the argument and its type.
#[test]
fn switch_header_cases_passing_one_block_different_structs_from_1_4() {
    let function = r#"
  spirv.func @structs(%a: i32, %b: i32) -> i32 "None" {
    %three = spirv.Constant 3 : i32
    %rest = spirv.BitwiseAnd %a, %three : i32
    %ab = spirv.CompositeConstruct %a, %b : (i32, i32) -> !spirv.struct<(i32, i32)>
    %ba = spirv.CompositeConstruct %b, %a : (i32, i32) -> !spirv.struct<(i32, i32)>
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.mlir.selection {
      "spirv.Switch"(%rest, %ab, %ba)[^bb1, ^bb1] <{case_operand_segments = array<i32: 1>, literals = [1 : i32], operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, !spirv.struct<(i32, i32)>, !spirv.struct<(i32, i32)>) -> ()
    ^bb1(%x: !spirv.struct<(i32, i32)>):
      %second = spirv.CompositeExtract %x[1 : i32] : !spirv.struct<(i32, i32)>
      spirv.Store "Function" %v, %second : i32
      spirv.Branch ^bb2
    ^bb2:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }"#;
    written_and_run_at(SHADER, ["1.4", "1.6"], function, |a, b| {
        if a & 3 == 1 {
            a
        } else {
            b
        }
    });
    for version in ["1.0", "1.3"] {
        let error = write_error(version, function);
        assert!(error.starts_with("spirv.Switch:"), "{error}");
        assert!(
            error.contains("argument 0, of type !spirv.struct<(i32, i32)>"),
            "{error}"
        );
        assert!(error.contains("SPIR-V 1.4"), "{error}");
    }
}

/// Pointers: `OpSelect` takes them where the addressing is physical (a
/// kernel's); a shader's logical pointers to function variables, never.
#[test]
fn switch_header_cases_passing_one_block_different_pointers() {
    let function = r#"
  spirv.func @pointers(%a: i32, %b: i32) -> i32 "None" {
    %three = spirv.Constant 3 : i32
    %rest = spirv.BitwiseAnd %a, %three : i32
    %p = spirv.Variable : !spirv.ptr<i32, Function>
    %q = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.Store "Function" %p, %a : i32
    spirv.Store "Function" %q, %b : i32
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.mlir.selection {
      "spirv.Switch"(%rest, %p, %q)[^bb1, ^bb1] <{case_operand_segments = array<i32: 1>, literals = [1 : i32], operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, !spirv.ptr<i32, Function>, !spirv.ptr<i32, Function>) -> ()
    ^bb1(%x: !spirv.ptr<i32, Function>):
      %loaded = spirv.Load "Function" %x : i32
      spirv.Store "Function" %v, %loaded : i32
      spirv.Branch ^bb2
    ^bb2:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }"#;
    let ops = written_and_run_as(KERNEL, function, |a, b| if a & 3 == 1 { b } else { a });
    assert_eq!(count(&ops, Op::Select), 1);
    for version in ["1.0", "1.6"] {
        let error = write_error(version, function);
        assert!(error.contains("!spirv.ptr<i32, Function>"), "{error}");
        assert!(error.contains("VariablePointers"), "{error}");
    }
}

/// Logical pointers: `OpSelect` takes those of the `StorageBuffer` class
/// with either variable-pointers capability, those of the `Workgroup` class
/// with `VariablePointers` alone (written, validated, read back and
/// written again); otherwise an error.
#[test]
fn switch_header_cases_passing_one_block_different_logical_pointers() {
    let function = r#"
  spirv.GlobalVariable @data {binding} : !spirv.ptr<!spirv.struct<({members})>, {class}>
  spirv.func @pointers(%a: i32, %b: i32) -> i32 "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %three = spirv.Constant 3 : i32
    %rest = spirv.BitwiseAnd %a, %three : i32
    %base = spirv.mlir.addressof @data : !spirv.ptr<!spirv.struct<({members})>, {class}>
    %p = spirv.AccessChain %base[%zero] : !spirv.ptr<!spirv.struct<({members})>, {class}>, i32
    %q = spirv.AccessChain %base[%one] : !spirv.ptr<!spirv.struct<({members})>, {class}>, i32
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.mlir.selection {
      "spirv.Switch"(%rest, %p, %q)[^bb1, ^bb1] <{case_operand_segments = array<i32: 1>, literals = [1 : i32], operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, !spirv.ptr<i32, {class}>, !spirv.ptr<i32, {class}>) -> ()
    ^bb1(%x: !spirv.ptr<i32, {class}>):
      %loaded = spirv.Load "{class}" %x : i32
      spirv.Store "Function" %v, %loaded : i32
      spirv.Branch ^bb2
    ^bb2:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }"#;
    let val = support::spirv_tools().map(|dir| dir.join("spirv-val"));
    for (capability, class, selects) in [
        ("VariablePointers", "StorageBuffer", true),
        ("VariablePointersStorageBuffer", "StorageBuffer", true),
        ("VariablePointers", "Workgroup", true),
        ("VariablePointersStorageBuffer", "Workgroup", false),
        ("Int64", "StorageBuffer", false),
    ] {
        let (binding, members) = match class {
            "StorageBuffer" => ("bind(0, 0)", "i32 [0], i32 [4]"),
            _ => ("", "i32, i32"),
        };
        let function = (function.replace("{binding}", binding))
            .replace("{members}", members)
            .replace("{class}", class);
        let header = format!(
            "Logical GLSL450 requires #spirv.vce<v{{version}}, [Shader, {capability}, Linkage], []>"
        );
        let (ctx, module) = support::parsed(&module_as(&header, "1.6", &function));
        let written = serialize(&ctx, module);
        let words = match (written, selects) {
            (Ok(words), true) => words,
            (Err(error), false) => {
                assert!(
                    error.contains(&format!("!spirv.ptr<i32, {class}>")),
                    "{error}"
                );
                continue;
            }
            (written, _) => panic!("{capability}, {class}: {written:?}"),
        };
        let (read_ctx, read) = deserialize(&words).expect("the written module reads back");
        let again = serialize(&read_ctx, read).expect("the module read back writes");
        for words in [&words, &again] {
            if let Some(val) = &val {
                let complaint = support::spirv_val_complaint(val, words, "spv1.6");
                assert_eq!(complaint, None, "{capability}, {class}");
            }
            let (_, insts) = spirv_dialect::binary::decode_module(words).expect("decodes");
            assert_eq!(
                count(&insts.iter().map(|i| i.op).collect::<Vec<_>>(), Op::Select),
                1
            );
        }
    }
}
