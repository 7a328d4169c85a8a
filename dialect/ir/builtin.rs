//! The builtin dialect's ops: `builtin.module` (a symbol table without
//! terminators) and `builtin.unrealized_conversion_cast`.

use super::context::{Context, Op};
use super::registry::OpTraits;

pub const MODULE: &str = "builtin.module";

pub(crate) fn register(ctx: &mut Context) {
    ctx.register_op(
        MODULE,
        OpTraits::ISOLATED_FROM_ABOVE
            | OpTraits::NO_TERMINATOR
            | OpTraits::SYMBOL_TABLE
            | OpTraits::SINGLE_BLOCK
            | OpTraits::GRAPH_REGION,
        Some(verify_module),
    );
    ctx.register_op("builtin.unrealized_conversion_cast", OpTraits::NONE, None);
}

fn verify_module(ctx: &Context, op: Op) -> Result<(), String> {
    let regions = ctx.regions(op);
    if regions.len() != 1 {
        return Err("requires one region".into());
    }
    if ctx.num_operands(op) != 0 || !ctx.results(op).is_empty() {
        return Err("requires zero operands and zero results".into());
    }
    let blocks = ctx.region_blocks(regions[0]);
    if blocks.len() != 1 {
        return Err("expects a single block in its region".into());
    }
    if !ctx.block_args(blocks[0]).is_empty() {
        return Err("expects its body block to have no arguments".into());
    }
    Ok(())
}
