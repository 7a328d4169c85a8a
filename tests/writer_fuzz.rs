//! The writer on IR a faulty pass could leave behind: corpus modules, read,
//! then changed at random (an operand replaced by any value of the module,
//! a successor by any block, properties or attributes by another op's, an
//! op without used results erased), and written. Serializing never panics:
//! it gives words or an error. Where the verifier accepts the changed
//! module and the writer gives words, they decode as a module.
//! `WRITER_FUZZ_SEED=N WRITER_FUZZ_COUNT=M` runs other and more cases (a
//! failing case `K` again alone with `WRITER_FUZZ_SEED=K WRITER_FUZZ_COUNT=1`).

mod support;

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::serialize;
use spirv_dialect::binary::{decode_module, words_from_bytes};
use spirv_dialect::ir::{Block, Context, Op, Value, WalkControl};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Changed modules written per run.
const CASES: u64 = 400;

/// Every op, value and block of `module`, in walk order.
fn contents(ctx: &Context, module: Op) -> (Vec<Op>, Vec<Value>, Vec<Block>) {
    let (mut ops, mut values, mut blocks) = (Vec::new(), Vec::new(), Vec::new());
    ctx.walk_pre(module, &mut |op| {
        ops.push(op);
        values.extend_from_slice(ctx.results(op));
        for &region in ctx.regions(op) {
            for &block in ctx.region_blocks(region) {
                blocks.push(block);
                values.extend_from_slice(ctx.block_args(block));
            }
        }
        WalkControl::Continue
    });
    (ops, values, blocks)
}

/// Applies one random change to `module`; what it did, for the report.
fn change(ctx: &mut Context, module: Op, below: &mut impl FnMut(usize) -> usize) -> String {
    let (ops, values, blocks) = contents(ctx, module);
    // The module op itself is left alone.
    let op = ops[1 + below(ops.len() - 1)];
    let name = ctx.op_name_str(op).to_string();
    match below(5) {
        0 if ctx.num_operands(op) > 0 => {
            let index = below(ctx.num_operands(op));
            ctx.set_operand(op, index, values[below(values.len())]);
            format!("operand {index} of {name} replaced")
        }
        1 if !ctx.successors(op).is_empty() => {
            let index = below(ctx.successors(op).len());
            ctx.set_successor(op, index, blocks[below(blocks.len())]);
            format!("successor {index} of {name} replaced")
        }
        2 => {
            let other = ops[1 + below(ops.len() - 1)];
            ctx.set_properties(op, ctx.properties(other));
            format!("properties of {name} taken from {}", ctx.op_name_str(other))
        }
        3 => {
            let other = ops[1 + below(ops.len() - 1)];
            ctx.set_attributes(op, ctx.attributes(other));
            format!("attributes of {name} taken from {}", ctx.op_name_str(other))
        }
        _ if ctx.results(op).iter().all(|&r| ctx.use_count(r) == 0) => {
            ctx.erase_op(op);
            format!("{name} erased")
        }
        _ => "nothing changed".to_string(),
    }
}

#[test]
fn changed_modules_write_or_fail_without_panicking() {
    let Some(files) = support::corpus_or_skip() else {
        return;
    };
    let modules: Vec<Vec<u32>> = (files.iter())
        .filter_map(|f| words_from_bytes(&std::fs::read(f).ok()?).ok())
        .filter(|words| deserialize(words).is_ok())
        .collect();
    let (mut count, mut written, mut failed, mut verified) = (0, 0, 0, 0);
    for case in support::seeds("WRITER_FUZZ", CASES) {
        count += 1;
        let mut below = support::below_from(case.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let words = &modules[below(modules.len())];
        let (mut ctx, module) = deserialize(words).expect("read before");
        let changes: Vec<String> = (0..1 + below(3))
            .map(|_| change(&mut ctx, module, &mut below))
            .collect();
        let verifies = spirv_dialect::verify::verify(&ctx, module).is_ok();
        let result = catch_unwind(AssertUnwindSafe(|| serialize(&ctx, module)));
        let Ok(result) = result else {
            panic!("case {case}: serializing panicked after {changes:?}");
        };
        match result {
            Ok(out) => {
                written += 1;
                if verifies {
                    verified += 1;
                    let decoded = decode_module(&out);
                    assert!(
                        decoded.is_ok(),
                        "case {case}: verified, written, undecodable after {changes:?}: {:?}",
                        decoded.err().map(|e| e.message)
                    );
                }
            }
            Err(message) => {
                failed += 1;
                assert!(!message.is_empty(), "case {case}: an empty error");
            }
        }
    }
    println!(
        "{count} changed modules: {written} written ({verified} of them verified), \
         {failed} failed with an error, none panicked"
    );
}
