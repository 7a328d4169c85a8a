//! Structural rules: registered op verifiers, terminators, successors and
//! region shapes.

use super::op_error;
use crate::ir::{Context, Diagnostic, Op, OpTraits, WalkControl};

pub(super) fn verify_structure(ctx: &Context, top: Op) -> Result<(), Diagnostic> {
    let mut result = Ok(());
    ctx.walk_pre(top, &mut |op| match verify_op(ctx, op) {
        Ok(()) => WalkControl::Continue,
        Err(d) => {
            result = Err(d);
            WalkControl::Stop
        }
    });
    result
}

fn verify_successor_operands(
    ctx: &Context,
    op: Op,
    forwarded: crate::ir::registry::SuccessorOperandsFn,
) -> Result<(), Diagnostic> {
    for (index, &succ) in ctx.successors(op).iter().enumerate() {
        let range = forwarded(ctx, op, index);
        let args = ctx.block_args(succ);
        if range.end > ctx.num_operands(op) || range.len() != args.len() {
            let message = format!(
                "branch has {} operands for successor #{index}, but target block has {}",
                range.len(),
                args.len()
            );
            return Err(op_error(ctx, op, message));
        }
        for (k, i) in range.enumerate() {
            if ctx.value_type(ctx.operand(op, i)) != ctx.value_type(args[k]) {
                let message = format!("type mismatch for bb argument #{k} of successor #{index}");
                return Err(op_error(ctx, op, message));
            }
        }
    }
    Ok(())
}

fn verify_op(ctx: &Context, op: Op) -> Result<(), Diagnostic> {
    let info = ctx.op_info(ctx.op_name(op));
    let traits = info.map(|i| i.traits).unwrap_or_default();
    if !ctx.successors(op).is_empty() {
        if info.is_some() && !traits.contains(OpTraits::TERMINATOR) {
            return Err(op_error(ctx, op, "has successors but is not a terminator"));
        }
        let region = ctx.parent_block(op).and_then(|b| ctx.block_parent(b));
        for &succ in ctx.successors(op) {
            if ctx.block_parent(succ) != region || region.is_none() {
                return Err(op_error(
                    ctx,
                    op,
                    "reference to block defined in another region",
                ));
            }
            if ctx.is_entry_block(succ) {
                return Err(op_error(
                    ctx,
                    op,
                    "entry block of a region may not be a successor",
                ));
            }
        }
        if let Some(forwarded) = info.and_then(|i| i.successor_operands) {
            verify_successor_operands(ctx, op, forwarded)?;
        }
    }
    if traits.contains(OpTraits::TERMINATOR) {
        if let Some(_next) = ctx.next_op(op) {
            return Err(op_error(
                ctx,
                op,
                "must be the last operation in the parent block",
            ));
        }
    }
    for (index, &region) in ctx.regions(op).iter().enumerate() {
        let blocks = ctx.region_blocks(region);
        if traits.contains(OpTraits::SINGLE_BLOCK) && blocks.len() > 1 {
            return Err(op_error(
                ctx,
                op,
                format!("expects region #{index} to have 0 or 1 blocks"),
            ));
        }
        if info.is_none() || traits.contains(OpTraits::NO_TERMINATOR) {
            continue;
        }
        for &block in blocks {
            let Some(last) = ctx.last_op(block) else {
                return Err(op_error(
                    ctx,
                    op,
                    format!("region #{index} has an empty block: expected at least a terminator"),
                ));
            };
            let ends_ok = !ctx.is_registered(last) || ctx.has_traits(last, OpTraits::TERMINATOR);
            if !ends_ok {
                let message = "is not a terminator, but it ends a block that needs one";
                return Err(op_error(ctx, last, message));
            }
        }
    }
    if let Some(verify) = info.and_then(|i| i.verify) {
        verify(ctx, op).map_err(|message| op_error(ctx, op, message))?;
    }
    Ok(())
}
