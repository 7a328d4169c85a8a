//! The `cf` dialect's branches: `cf.br` (forwards all operands) and
//! `cf.cond_br` (an i1 condition, then the operands of each successor, split
//! by `operandSegmentSizes`).

use crate::ir::{AttrData, Context, Op, OpTraits, TypeData};
use std::ops::Range;

pub const BR: &str = "cf.br";
pub const COND_BR: &str = "cf.cond_br";

/// Registers the ops.
pub fn register(ctx: &mut Context) {
    ctx.register_op(BR, OpTraits::TERMINATOR, Some(verify_br));
    ctx.register_successor_operands(BR, |ctx, op, _| 0..ctx.num_operands(op));
    ctx.register_op(COND_BR, OpTraits::TERMINATOR, Some(verify_cond_br));
    ctx.register_successor_operands(COND_BR, cond_br_operands);
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

/// `[condition, true operands, false operands]` sizes, when well formed.
fn segments(ctx: &Context, op: Op) -> Option<[usize; 3]> {
    let attr = ctx.attr(op, "operandSegmentSizes")?;
    match ctx.attr_data(attr) {
        AttrData::DenseArray { values, .. }
            if values.len() == 3 && values.iter().all(|&v| v >= 0) =>
        {
            let sizes = [values[0] as usize, values[1] as usize, values[2] as usize];
            (sizes.iter().sum::<usize>() == ctx.num_operands(op)).then_some(sizes)
        }
        _ => None,
    }
}

fn cond_br_operands(ctx: &Context, op: Op, index: usize) -> Range<usize> {
    match segments(ctx, op) {
        Some([c, t, _]) if index == 0 => c..c + t,
        Some([c, t, f]) => c + t..c + t + f,
        None => 0..0,
    }
}

fn verify_cond_br(ctx: &Context, op: Op) -> Result<(), String> {
    if ctx.successors(op).len() != 2 {
        return Err(format!(
            "requires 2 successors but found {}",
            ctx.successors(op).len()
        ));
    }
    let sizes = segments(ctx, op).ok_or(
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
