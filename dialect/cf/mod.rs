//! The `cf` dialect's branches: `cf.br` (forwards all operands) and
//! `cf.cond_br` (an i1 condition, then the operands of each successor, split
//! by `operandSegmentSizes`).

use crate::ir::registry::{operand_segments, segmented_successor_operands};
use crate::ir::{Context, Op, OpTraits, TypeData};

pub const BR: &str = "cf.br";
pub const COND_BR: &str = "cf.cond_br";

/// Registers the ops.
pub fn register(ctx: &mut Context) {
    ctx.register_op(BR, OpTraits::TERMINATOR, Some(verify_br));
    ctx.register_successor_operands(BR, |ctx, op, _| 0..ctx.num_operands(op));
    ctx.register_op(COND_BR, OpTraits::TERMINATOR, Some(verify_cond_br));
    ctx.register_successor_operands(COND_BR, segmented_successor_operands);
}

fn verify_br(ctx: &Context, op: Op) -> Result<(), String> {
    if ctx.successors(op).len() != 1 {
        return Err(format!(
            "requires 1 successor but found {}",
            ctx.successors(op).len()
        ));
    }
    Ok(())
}

fn verify_cond_br(ctx: &Context, op: Op) -> Result<(), String> {
    if ctx.successors(op).len() != 2 {
        return Err(format!(
            "requires 2 successors but found {}",
            ctx.successors(op).len()
        ));
    }
    let sizes = operand_segments(ctx, op).filter(|s| s.len() == 3).ok_or(
        "requires an 'operandSegmentSizes' array of 3 sizes that add up to the operand count",
    )?;
    if sizes[0] != 1 {
        return Err("requires exactly one condition operand".into());
    }
    let cond = ctx.value_type(ctx.operand(op, 0));
    if !matches!(ctx.type_data(cond), TypeData::Integer { width: 1, .. }) {
        return Err("operand #0 must be 1-bit signless integer".into());
    }
    Ok(())
}
