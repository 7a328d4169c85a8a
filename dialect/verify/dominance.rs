//! SSA dominance and region isolation: every operand must be defined by a
//! value visible at the use (not across an isolated-from-above op) and, in
//! SSA-CFG regions, the definition must dominate the use.

use super::op_error;
use crate::ir::hash::FastMap;
use crate::ir::{Block, Context, Diagnostic, Op, OpTraits, Region, Value, ValueDef, WalkControl};

/// Lazily computed facts: op order inside blocks and immediate dominators.
#[derive(Default)]
struct DomInfo {
    op_order: FastMap<Op, u32>,
    ordered_blocks: FastMap<Block, ()>,
    /// Per region: block → immediate dominator (entry maps to itself;
    /// unreachable blocks are absent).
    idoms: FastMap<Region, FastMap<Block, Block>>,
}

pub(super) fn verify_dominance(ctx: &Context, top: Op) -> Result<(), Diagnostic> {
    let mut info = DomInfo::default();
    let mut result = Ok(());
    ctx.walk_pre(top, &mut |op| {
        for (i, v) in ctx.operands(op).enumerate() {
            if let Err(d) = check_use(ctx, &mut info, op, i, v) {
                result = Err(d);
                return WalkControl::Stop;
            }
        }
        WalkControl::Continue
    });
    result
}

fn check_use(
    ctx: &Context,
    info: &mut DomInfo,
    user: Op,
    index: usize,
    v: Value,
) -> Result<(), Diagnostic> {
    let not_dominating = || {
        op_error(
            ctx,
            user,
            format!("operand #{index} does not dominate this use"),
        )
    };
    let def_block = match ctx.value_def(v) {
        ValueDef::Placeholder => {
            return Err(op_error(
                ctx,
                user,
                format!("operand #{index} is an undefined value"),
            ))
        }
        _ => ctx.value_block(v).ok_or_else(not_dominating)?,
    };
    let def_region = ctx.block_parent(def_block).ok_or_else(not_dominating)?;
    // Climb from the user to the op that sits directly in the defining region.
    let mut at = user;
    loop {
        let Some(block) = ctx.parent_block(at) else {
            return Err(not_dominating());
        };
        let region = ctx.block_parent(block).ok_or_else(not_dominating)?;
        if region == def_region {
            break;
        }
        let Some(parent) = ctx.region_parent(region) else {
            return Err(not_dominating());
        };
        if ctx.has_traits(parent, OpTraits::ISOLATED_FROM_ABOVE) {
            return Err(
                op_error(ctx, user, "using value defined outside the region").with_note(
                    ctx.op_loc(parent),
                    "required by region isolation constraints",
                ),
            );
        }
        at = parent;
    }
    let owner = ctx.region_parent(def_region);
    let graph = owner.is_some_and(|o| ctx.has_traits(o, OpTraits::GRAPH_REGION));
    if graph {
        return Ok(());
    }
    let use_block = ctx.parent_block(at).ok_or_else(not_dominating)?;
    if use_block == def_block {
        return match ctx.value_def(v) {
            ValueDef::Result { op: def, .. } => {
                if def == at || info.position(ctx, def) >= info.position(ctx, at) {
                    let err = not_dominating().with_note(ctx.op_loc(def), "operand defined here");
                    Err(err)
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        };
    }
    if info.dominates(ctx, def_region, def_block, use_block) {
        Ok(())
    } else {
        let note_loc = match ctx.value_def(v) {
            ValueDef::Result { op, .. } => ctx.op_loc(op),
            _ => ctx.op_loc(user),
        };
        Err(not_dominating().with_note(note_loc, "operand defined here"))
    }
}

impl DomInfo {
    fn position(&mut self, ctx: &Context, op: Op) -> u32 {
        if let Some(block) = ctx.parent_block(op) {
            if self.ordered_blocks.insert(block, ()).is_none() {
                for (i, o) in ctx.block_ops(block).enumerate() {
                    self.op_order.insert(o, i as u32);
                }
            }
        }
        self.op_order.get(&op).copied().unwrap_or(0)
    }

    /// Whether `a` dominates `b` (both in `region`); uses in unreachable
    /// blocks are dominated by everything.
    fn dominates(&mut self, ctx: &Context, region: Region, a: Block, b: Block) -> bool {
        let idoms = self
            .idoms
            .entry(region)
            .or_insert_with(|| compute_idoms(ctx, region));
        if !idoms.contains_key(&b) {
            return true;
        }
        let mut cur = b;
        loop {
            if cur == a {
                return true;
            }
            match idoms.get(&cur) {
                Some(&up) if up != cur => cur = up,
                _ => return false,
            }
        }
    }
}

/// Immediate dominators by the iterative algorithm of Cooper, Harvey and
/// Kennedy over reverse post-order.
fn compute_idoms(ctx: &Context, region: Region) -> FastMap<Block, Block> {
    let blocks = ctx.region_blocks(region);
    let mut idoms = FastMap::default();
    let Some(&entry) = blocks.first() else {
        return idoms;
    };
    let succs = |b: Block| -> Vec<Block> {
        ctx.last_op(b)
            .map(|t| ctx.successors(t).to_vec())
            .unwrap_or_default()
    };
    // Post-order by an explicit-stack DFS.
    let mut post = Vec::new();
    let mut visited: FastMap<Block, ()> = FastMap::default();
    let mut stack = vec![(entry, succs(entry), 0usize)];
    visited.insert(entry, ());
    while let Some((block, next, i)) = stack.last_mut() {
        if *i < next.len() {
            let s = next[*i];
            *i += 1;
            if visited.insert(s, ()).is_none() {
                let ss = succs(s);
                stack.push((s, ss, 0));
            }
        } else {
            post.push(*block);
            stack.pop();
        }
    }
    let order: FastMap<Block, usize> = post.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let mut preds: FastMap<Block, Vec<Block>> = FastMap::default();
    for &b in &post {
        for s in succs(b) {
            preds.entry(s).or_default().push(b);
        }
    }
    idoms.insert(entry, entry);
    let mut changed = true;
    while changed {
        changed = false;
        for &b in post.iter().rev().skip(1) {
            let mut new_idom: Option<Block> = None;
            for &p in preds.get(&b).map(Vec::as_slice).unwrap_or(&[]) {
                if !idoms.contains_key(&p) {
                    continue;
                }
                new_idom = Some(match new_idom {
                    None => p,
                    Some(cur) => intersect(&idoms, &order, p, cur),
                });
            }
            if let Some(n) = new_idom {
                if idoms.get(&b) != Some(&n) {
                    idoms.insert(b, n);
                    changed = true;
                }
            }
        }
    }
    idoms
}

fn intersect(
    idoms: &FastMap<Block, Block>,
    order: &FastMap<Block, usize>,
    mut a: Block,
    mut b: Block,
) -> Block {
    while a != b {
        while order[&a] < order[&b] {
            a = idoms[&a];
        }
        while order[&b] < order[&a] {
            b = idoms[&b];
        }
    }
    a
}
