//! The region shapes of `spirv.mlir.selection` and `spirv.mlir.loop`: the
//! header, entry, continue and merge blocks as the dialect lays them out,
//! and `spirv.mlir.merge` confined to a construct's merge block.

use super::op_table::verify_attributes;
use crate::ir::{Block, Context, Op};

const MERGE: &str = "spirv.mlir.merge";
const SELECTION: &str = "spirv.mlir.selection";
const LOOP: &str = "spirv.mlir.loop";

/// `spirv.mlir.selection`: header first (ending in a conditional branch or
/// switch), merge block last; only the merge block holds the merge op.
pub fn verify_selection(ctx: &Context, op: Op) -> Result<(), String> {
    verify_attributes(ctx, op)?;
    let Some(blocks) = construct_blocks(ctx, op)? else {
        return Ok(());
    };
    if blocks.len() < 2 {
        return Err("must have a selection header block".into());
    }
    let header = terminator_name(ctx, blocks[0]);
    if !matches!(header, Some("spirv.BranchConditional" | "spirv.Switch")) {
        return Err(
            "the selection header block must end in 'spirv.BranchConditional' or 'spirv.Switch'"
                .into(),
        );
    }
    check_merge_block(ctx, &blocks)
}

/// `spirv.mlir.loop`: entry block branching to the header (second block),
/// continue block second to last and the only other block branching to
/// the header, merge block last (the entry block's only branch is to the
/// header, so it cannot exit early to the merge block).
pub fn verify_loop(ctx: &Context, op: Op) -> Result<(), String> {
    verify_attributes(ctx, op)?;
    let Some(blocks) = construct_blocks(ctx, op)? else {
        return Ok(());
    };
    if blocks.len() < 4 {
        return Err(
            "must have an entry block, a loop header block, a loop continue block and a merge block"
                .into(),
        );
    }
    let (entry, header) = (blocks[0], blocks[1]);
    let continue_block = blocks[blocks.len() - 2];
    let entry_branch = ctx
        .last_op(entry)
        .filter(|&t| ctx.op_name_str(t) == "spirv.Branch");
    if !entry_branch.is_some_and(|t| ctx.successors(t) == [header]) {
        return Err("entry block must only have one 'spirv.Branch' op to the second block".into());
    }
    if !branches_to(ctx, continue_block, header) {
        return Err("second to last block must be the loop continue block that branches to the loop header block".into());
    }
    for &block in &blocks[1..blocks.len() - 2] {
        if branches_to(ctx, block, header) {
            return Err(
                "can only have the entry and loop continue block branching to the loop header block"
                    .into(),
            );
        }
    }
    check_merge_block(ctx, &blocks)
}

/// `spirv.mlir.merge` sits in the last block of a selection or loop.
pub fn verify_merge(ctx: &Context, op: Op) -> Result<(), String> {
    let parent = ctx.parent_op(op).map(|p| ctx.op_name_str(p));
    if !matches!(parent, Some(SELECTION | LOOP)) {
        return Err("expected parent op to be 'spirv.mlir.selection' or 'spirv.mlir.loop'".into());
    }
    let block = ctx.parent_block(op);
    let region = block.and_then(|b| ctx.block_parent(b));
    let is_last = region.is_some_and(|r| ctx.region_blocks(r).last().copied() == block);
    if !is_last {
        return Err(
            "can only be used in the last block of 'spirv.mlir.selection' or 'spirv.mlir.loop'"
                .into(),
        );
    }
    Ok(())
}

/// The blocks of the construct's single region; `None` when it is empty
/// (a construct being built).
fn construct_blocks(ctx: &Context, op: Op) -> Result<Option<Vec<Block>>, String> {
    match ctx.regions(op) {
        [region] => {
            let blocks = ctx.region_blocks(*region);
            Ok((!blocks.is_empty()).then(|| blocks.to_vec()))
        }
        regions => Err(format!("expects one region, found {}", regions.len())),
    }
}

/// The last block holds only `spirv.mlir.merge` (which [`verify_merge`]
/// keeps out of every other block).
fn check_merge_block(ctx: &Context, blocks: &[Block]) -> Result<(), String> {
    let merge = *blocks.last().ok_or("the region has no blocks")?;
    let mut merge_ops = ctx.block_ops(merge);
    let only_merge = merge_ops
        .next()
        .is_some_and(|first| ctx.op_name_str(first) == MERGE)
        && merge_ops.next().is_none();
    if !only_merge {
        return Err(
            "last block must be the merge block with only one 'spirv.mlir.merge' op".into(),
        );
    }
    Ok(())
}

fn terminator_name(ctx: &Context, block: Block) -> Option<&str> {
    ctx.last_op(block).map(|t| ctx.op_name_str(t))
}

fn branches_to(ctx: &Context, from: Block, to: Block) -> bool {
    ctx.last_op(from)
        .is_some_and(|t| ctx.successors(t).contains(&to))
}
