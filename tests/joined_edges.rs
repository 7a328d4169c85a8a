//! Conditional branches whose two successors are one block: with
//! different values along the two edges (one phi entry per predecessor
//! cannot hold both), or in SPIR-V 1.6 and later (whose two labels must
//! differ). The writer sends the false edge through a block of its own,
//! heading a selection where the branch headed none, or writes an
//! `OpBranch` where both edges pass the same values; two edges back to a
//! loop header meet in a block of their own first. Each function is
//! written at SPIR-V 1.0 and 1.6, validated by spirv-val, run in the
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
    let val = support::spirv_tools().map(|dir| dir.join("spirv-val"));
    if val.is_none() {
        println!("spirv-val is not installed: the modules are not validated");
    }
    let mut ops = Vec::new();
    for version in ["1.0", "1.6"] {
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
    assert_eq!(count(&ops, Op::Label), 4, "{ops:?}");
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
    assert_eq!(count(&ops, Op::Label), 4);
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
        let (ctx, module) = support::parsed(&module(version, function));
        let error = serialize(&ctx, module).expect_err("no binary");
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
