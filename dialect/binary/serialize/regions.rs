//! Structured control flow in the binary: a `spirv.mlir.selection` /
//! `spirv.mlir.loop` becomes its header block carrying `OpSelectionMerge`
//! / `OpLoopMerge` (a loop's continue target is its region's second to
//! last block), its region's blocks, and a continuation block reached by
//! every branch to the region's merge block, whose phis are the op's
//! results; the inverses of the deserializer's layout (an entry block
//! only branching to a construct's block, a block only entering a loop,
//! a back-edge block only forwarding to a header that is its own continue
//! target).

use super::function::emit_words;
use super::naming::Ids;
use super::tables::{plan, HandleTable, Plan, Role};
use super::{begin, finish, SerializeError, Writer};
use crate::grammar::Op;
use crate::ir::{AttrData, Block, Context, Value, ValueDef};
use crate::spirv::conventions::{self, Form};
use smallvec::SmallVec;
use std::borrow::Cow;

pub(super) const SELECTION: &str = "spirv.mlir.selection";
pub(super) const LOOP: &str = "spirv.mlir.loop";
pub(super) const MERGE: &str = "spirv.mlir.merge";
pub(super) const VARIABLE: &str = "spirv.Variable";

/// What a construct's `spirv.mlir.merge` yields, in terms of its merge
/// block's arguments.
pub(super) struct Yields<'c> {
    ctx: &'c Context,
    merge_args: &'c [Value],
    /// The merge block's last op, whose operands are yielded.
    merge: Option<crate::ir::Op>,
}

impl<'c> Yields<'c> {
    /// What construct `op`, checked while naming, yields.
    pub(super) fn of(ctx: &'c Context, op: crate::ir::Op) -> Yields<'c> {
        let merge = named_construct_blocks(ctx, op).last().copied();
        Yields {
            ctx,
            merge_args: merge.map_or(&[], |merge| ctx.block_args(merge)),
            merge: merge.and_then(|merge| ctx.last_op(merge)),
        }
    }

    /// Where the `i`-th yielded value comes from along an edge to the
    /// merge block.
    pub(super) fn incoming(&self, i: usize) -> Option<Incoming> {
        let ctx = self.ctx;
        let merge = self.merge.filter(|&m| i < ctx.num_operands(m))?;
        let value = ctx.operand(merge, i);
        match self.merge_args.iter().position(|&a| a == value) {
            Some(j) => Some(Incoming::Argument(j)),
            None => Some(Incoming::Value(value)),
        }
    }

    /// The `i`-th yielded value along an edge passing `passed` to the
    /// merge block.
    pub(super) fn pick(&self, i: usize, passed: &[Value]) -> Option<Value> {
        match self.incoming(i)? {
            Incoming::Argument(j) => passed.get(j).copied(),
            Incoming::Value(value) => Some(value),
        }
    }
}

/// Where the value a phi takes along an edge comes from.
#[derive(Clone, Copy)]
pub(super) enum Incoming {
    /// What the edge passes as the target block's `n`-th argument.
    Argument(usize),
    /// This value, along every edge.
    Value(Value),
}

/// `op` is a loop opening `block`, and `block` only hands its arguments,
/// unchanged and used nowhere else, to the loop header through the
/// region's entry block.
pub(super) fn opens_loop(ctx: &Context, block: Block, op: crate::ir::Op, inner: &[Block]) -> bool {
    ctx.op_name_str(op) == LOOP
        && ctx.block_ops(block).next() == Some(op)
        && forwarding_branch(ctx, inner[0], ctx.block_args(block), inner[1]).is_some()
}

/// The branch that is `from`'s only op when it goes to `to` alone passing
/// `args` unchanged, each used nowhere else.
fn forwarding_branch(
    ctx: &Context,
    from: Block,
    args: &[Value],
    to: Block,
) -> Option<crate::ir::Op> {
    only_op(ctx, from).filter(|&branch| {
        ctx.successors(branch) == [to]
            && ctx.operands(branch).eq(args.iter().copied())
            && args.iter().all(|&a| ctx.use_count(a) == 1)
    })
}

/// The op of a block holding just one.
fn only_op(ctx: &Context, block: Block) -> Option<crate::ir::Op> {
    let first = ctx.first_op(block)?;
    (ctx.last_op(block) == Some(first)).then_some(first)
}

/// The blocks of a construct op's region: at least a first and a merge block.
pub(super) fn construct_blocks(
    ctx: &Context,
    op: crate::ir::Op,
) -> Result<&[Block], SerializeError> {
    let blocks = named_construct_blocks(ctx, op);
    let least = if ctx.op_name_str(op) == LOOP { 4 } else { 2 };
    if blocks.len() < least {
        return Err(format!(
            "{} needs at least {least} blocks",
            ctx.op_name_str(op)
        ));
    }
    Ok(blocks)
}

/// The blocks of construct `op`'s region, as [`construct_blocks`] checked
/// them while naming (the walks after it need not check them again).
pub(super) fn named_construct_blocks(ctx: &Context, op: crate::ir::Op) -> &[Block] {
    match ctx.regions(op) {
        [region] => ctx.region_blocks(*region),
        _ => &[],
    }
}

impl Writer<'_> {
    /// The block after the entry block when the entry block holds only a
    /// branch to it without arguments, nothing else branches to it and it
    /// opens with a selection (the deserializer's layout of an entry block
    /// heading a selection); its label becomes the entry block's. Any
    /// other branch-only entry block is written as it is.
    pub(super) fn entry_fallthrough(&self, ids: &mut Ids, blocks: &[Block]) -> Option<Block> {
        let ctx = self.ctx;
        let (&entry, rest) = blocks.split_first()?;
        let next = *rest.first()?;
        let branch = only_op(ctx, entry)?;
        let opens_selection = ctx
            .first_op(next)
            .is_some_and(|op| ctx.op_name_str(op) == SELECTION);
        let plain_branch = ctx.op_name_str(branch) == "spirv.Branch"
            && ctx.successors(branch) == [next]
            && ctx.num_operands(branch) == 0
            && ctx.block_args(next).is_empty()
            && opens_selection;
        let next_label = ids.labels[&next];
        if !plain_branch || ids.incoming(next_label).len() != 1 {
            return None;
        }
        let entry_label = ids.labels[&entry];
        ids.drop_incoming(next_label);
        for edge in ids.edges_mut() {
            if edge.from == next_label {
                edge.from = entry_label;
            }
        }
        ids.labels.insert(next, entry_label);
        Some(next)
    }

    /// Folds each loop's back-edge block that only hands its arguments,
    /// unchanged and used nowhere else, to the header, when the header
    /// alone branches to it (the deserializer's fresh block for a header
    /// that is its own continue target): the header becomes its own
    /// continue target, its phis taking along that edge what it passed
    /// the folded block.
    pub(super) fn fold_forwarding_continues(&self, ids: &mut Ids) {
        let ctx = self.ctx;
        let mut loops: Vec<crate::ir::Op> = (ids.constructs.iter())
            .copied()
            .filter(|&op| ctx.op_name_str(op) == LOOP)
            .collect();
        loops.sort_unstable();
        for op in loops {
            let inner = named_construct_blocks(ctx, op);
            let (header, back_edge) = (inner[1], inner[inner.len() - 2]);
            let forwards = forwarding_branch(ctx, back_edge, ctx.block_args(back_edge), header)
                .is_some_and(|branch| ctx.op_name_str(branch) == "spirv.Branch");
            // The header's own label must hold its terminator: no
            // construct inside it continues it under another label.
            let header_is_one_block = ctx.block_ops(header).all(|o| ctx.regions(o).is_empty());
            if back_edge == header || !header_is_one_block || !forwards {
                continue;
            }
            let (header_label, back_label) = (ids.labels[&header], ids.labels[&back_edge]);
            let passed = match ids.incoming(back_label) {
                [edge] if edge.from == header_label => edge.passed.clone(),
                _ => continue,
            };
            ids.drop_incoming(back_label);
            for edge in ids.incoming_mut(header_label) {
                if edge.from == back_label {
                    edge.from = header_label;
                    edge.passed = passed.clone();
                }
            }
            ids.labels.insert(back_edge, header_label);
            ids.folded_continues.insert(back_edge, ());
        }
    }

    /// A `spirv.mlir.selection` / `spirv.mlir.loop` as binary blocks: its
    /// first block continues the current one (a selection header, or the
    /// branch into a loop header carrying `OpLoopMerge`), then its blocks,
    /// then the continuation, whose phis are the op's results. Not
    /// inlined: the walk over a block's ops stays small for the ops
    /// around constructs, which are many more.
    #[inline(never)]
    pub(super) fn construct(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        op: crate::ir::Op,
        role: Role,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let inner = named_construct_blocks(ctx, op);
        let is_loop = role == Role::Loop;
        let merge_op = if is_loop {
            Op::LoopMerge
        } else {
            Op::SelectionMerge
        };
        let merge = Some((op, merge_op));
        let last = inner.len() - 1;
        if is_loop {
            if ids.merged_loops.get(&op).is_none() {
                self.block_ops(body, ids, inner[0], None)?;
            }
            self.labeled_block(body, ids, inner[1], true, merge)?;
            for &b in &inner[2..last] {
                if ids.folded_continues.get(&b).is_none() {
                    self.labeled_block(body, ids, b, true, None)?;
                }
            }
        } else {
            if ids.split_selections.get(&op).is_some() {
                let header = ids.labels[&inner[0]];
                emit_words(body, Op::Branch, &[header]);
                emit_words(body, Op::Label, &[header]);
                self.line = crate::ir::Location::UNKNOWN;
            }
            self.block_ops(body, ids, inner[0], merge)?;
            for &b in &inner[1..last] {
                self.labeled_block(body, ids, b, true, None)?;
            }
        }
        let continuation = ids.continuations[&op];
        emit_words(body, Op::Label, &[continuation]);
        self.line = crate::ir::Location::UNKNOWN;
        let yields = Yields::of(ctx, op);
        // A construct has a few results: their lists stay on the stack.
        let results: SmallVec<[Value; 4]> = (ctx.results(op).iter())
            .copied()
            .filter(|r| ids.aliases.get(r).is_none())
            .collect();
        let positions: SmallVec<[usize; 4]> = (ctx.results(op).iter())
            .enumerate()
            .filter(|(_, r)| ids.aliases.get(r).is_none())
            .map(|(i, _)| i)
            .collect();
        self.phis(body, ids, continuation, &results, |i| {
            yields.incoming(positions[i])
        })
    }

    /// The merge instruction `merge_op` of construct `op`, into `body`:
    /// its targets and control word, read directly where the construct's
    /// properties are that control alone, else by the plan's steps; after
    /// the position of `branch`, the header's branch, where positions may
    /// be written. Not inlined into the walk over a block's ops, which
    /// writes one at most.
    #[inline(never)]
    pub(super) fn merge_instruction(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        op: crate::ir::Op,
        merge_op: Op,
        branch: Option<crate::ir::Op>,
    ) -> Result<(), SerializeError> {
        // The branch's position goes before the merge instruction, which
        // must come right before it.
        if let Some(branch) = branch.filter(|_| self.lines) {
            self.line(body, self.ctx.op_loc(branch))?;
        }
        let start = begin(body);
        let plan = plan(merge_op);
        match self.plain_control(op, plan)? {
            Some(control) => {
                body.push(ids.continuations[&op]);
                if merge_op == Op::LoopMerge {
                    body.push(self.construct_target(ids, op, "continue_target")?);
                }
                body.push(control);
            }
            None => self.operands(body, ids, op, plan)?,
        }
        finish(body, start, merge_op)
    }

    /// The control word of construct `op` where its only property is the
    /// last operand of merge instruction `plan`, an enumerant taking no
    /// parameters, and it has no operands.
    fn plain_control(
        &mut self,
        op: crate::ir::Op,
        plan: &Plan,
    ) -> Result<Option<u32>, SerializeError> {
        let ctx = self.ctx;
        let Some(&(info, carrier, handle)) = plan.steps.last() else {
            return Ok(None);
        };
        let entries = ctx.properties(op).map_or(&[][..], |p| ctx.dict_entries(p));
        let Some(attr) = self.only_property(entries, carrier.name, handle) else {
            return Ok(None);
        };
        let single = !matches!(ctx.attr_data(attr), AttrData::Array(_));
        if carrier.form != Form::Enum || !single || ctx.num_operands(op) != 0 {
            return Ok(None);
        }
        let value = self.enum_word(attr, info.kind)?;
        let plain =
            conventions::named_enumerants(info.kind, value).all(|e| e.parameters.is_empty());
        Ok(plain.then_some(value))
    }

    /// The region-shape targets of a construct's merge instruction: the
    /// continuation, and a loop's second to last block.
    pub(super) fn construct_target(
        &self,
        ids: &Ids,
        op: crate::ir::Op,
        name: &str,
    ) -> Result<u32, SerializeError> {
        let inner = named_construct_blocks(self.ctx, op);
        match name {
            "continue_target" if inner.len() >= 4 => Ok(ids.labels[&inner[inner.len() - 2]]),
            "merge_block" => Ok(ids.continuations[&op]),
            _ => Err(format!(
                "{} has no block for `{name}`",
                self.ctx.op_name_str(op)
            )),
        }
    }
}

/// A function's `blocks` in an order where every block comes after its
/// dominators, as SPIR-V requires (MLIR's IR lets them come in any order):
/// their own order when it already is one (every reachable block after one
/// of its predecessors, which puts its dominators before it), else reverse
/// post-order from the entry block, unreachable blocks last. `positions`
/// is storage kept between functions, for each block's position.
pub(super) fn dominance_order<'c>(
    ctx: &'c Context,
    blocks: &'c [Block],
    positions: &mut HandleTable<Block>,
) -> Cow<'c, [Block]> {
    // With the entry block first, two blocks are always in order.
    if blocks.len() <= 2 {
        return Cow::Borrowed(blocks);
    }
    positions.clear();
    for (i, &block) in blocks.iter().enumerate() {
        positions.insert(block, i as u32);
    }
    let successors = |block: Block| {
        let targets = ctx.last_op(block).map_or(&[][..], |op| ctx.successors(op));
        (targets.iter()).filter_map(|t| positions.get(t).map(|&i| i as usize))
    };
    // Most often every block after the entry block has a predecessor
    // before it (all are then reachable): one pass tells.
    let mut reached: SmallVec<[bool; 32]> = SmallVec::from_elem(false, blocks.len());
    let mut each_after_a_predecessor = true;
    for (i, &block) in blocks.iter().enumerate() {
        if i != 0 && !reached[i] {
            each_after_a_predecessor = false;
            break;
        }
        for next in successors(block) {
            reached[next] |= next > i;
        }
    }
    if each_after_a_predecessor {
        return Cow::Borrowed(blocks);
    }
    let successors: Vec<SmallVec<[usize; 2]>> =
        blocks.iter().map(|&b| successors(b).collect()).collect();
    // Reverse post-order from the entry block; each stack entry is a block
    // and how many of its successors are left to visit.
    let mut seen = vec![false; blocks.len()];
    let mut post_order = Vec::with_capacity(blocks.len());
    seen[0] = true;
    let mut stack = vec![(0, successors[0].len())];
    while let Some((block, left)) = stack.last_mut() {
        if *left == 0 {
            post_order.push(*block);
            stack.pop();
            continue;
        }
        *left -= 1;
        let next = successors[*block][*left];
        if !seen[next] {
            seen[next] = true;
            stack.push((next, successors[next].len()));
        }
    }
    let mut earliest_predecessor = vec![usize::MAX; blocks.len()];
    for (i, targets) in successors.iter().enumerate() {
        for &next in targets {
            earliest_predecessor[next] = earliest_predecessor[next].min(i);
        }
    }
    let in_order = (1..blocks.len()).all(|i| !seen[i] || earliest_predecessor[i] < i);
    if in_order {
        return Cow::Borrowed(blocks);
    }
    let reachable = post_order.iter().rev().map(|&i| blocks[i]);
    let unreachable = (blocks.iter().enumerate())
        .filter(|&(i, _)| !seen[i])
        .map(|(_, &b)| b);
    Cow::Owned(reachable.chain(unreachable).collect())
}

/// Where `block` lies in a construct: the construct op's name, the
/// block's position in its region and the region's number of blocks.
pub(super) fn construct_place(ctx: &Context, block: Block) -> Option<(&str, usize, usize)> {
    let region = ctx.block_parent(block)?;
    let name = ctx.op_name_str(ctx.region_parent(region)?);
    let blocks = ctx.region_blocks(region);
    let at = blocks.iter().position(|&b| b == block)?;
    Some((name, at, blocks.len()))
}

/// Whether `op` is the terminator of a construct's header: the first
/// block of a selection, or a loop's header.
pub(super) fn heads_construct(ctx: &Context, op: crate::ir::Op) -> bool {
    ctx.parent_block(op).is_some_and(|block| {
        matches!(
            construct_place(ctx, block),
            Some((SELECTION, 0, _)) | Some((LOOP, 1, _))
        )
    })
}

/// Whether `value` is defined in a region of `op` (at any depth).
pub(super) fn defined_within(ctx: &Context, value: Value, op: crate::ir::Op) -> bool {
    let mut at = match ctx.value_def(value) {
        ValueDef::Result { op: def, .. } => ctx.parent_op(def),
        ValueDef::Argument { block, .. } => {
            (ctx.block_parent(block)).and_then(|region| ctx.region_parent(region))
        }
        ValueDef::Placeholder => None,
    };
    while let Some(parent) = at {
        if parent == op {
            return true;
        }
        at = ctx.parent_op(parent);
    }
    false
}
