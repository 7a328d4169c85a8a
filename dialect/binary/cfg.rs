//! One function's control-flow graph over a [`ModuleView`]: successors
//! (`OpBranch`, `OpBranchConditional`, `OpSwitch`), predecessors,
//! structural dominators (dominance over the CFG plus the header → merge
//! and header → continue edges, as the SPIR-V spec defines constructs) and
//! the `OpPhi` → block-argument mapping. Blocks are numbered by position
//! in the function. Dominators come from one pass over the blocks in that
//! order, which SPIR-V makes follow dominance; a CFG where it does not (or
//! an irreducible one) gets them by iteration over a reverse postorder.

use super::module::{kept, Block, Function, ModuleView, NONE};
use super::operands::OperandContext;
use super::DecodeError;
use crate::grammar::Op;

/// A function's CFG; block `i` is the function's `i`-th block.
#[derive(Debug)]
pub struct Cfg<'v> {
    pub view: &'v ModuleView<'v>,
    pub blocks: &'v [Block],
    /// The block holding each instruction from the first block's label on
    /// (`block_at[i - first]` for instruction `i`); [`NONE`] between blocks.
    /// Empty for a single block.
    block_at: Vec<u32>,
    first: u32,
    /// Per block: where its successor slots and structural successors
    /// end, its merge and continue targets, its span of `dom_order`.
    facts: Vec<BlockFacts>,
    /// Per block, one block's after the other's: its structural
    /// successors, that is its successor slots in terminator order (a
    /// target may repeat), then its merge and continue targets.
    succs: Vec<u32>,
    /// Distinct predecessors of each block, in block order.
    preds: Adjacency,
    /// Immediate structural dominator; [`NONE`] for the entry and the
    /// structurally unreachable blocks.
    pub idom: Vec<u32>,
    /// The reachable blocks in dominator-tree preorder: the blocks `b`
    /// dominates are `dom_order[facts[b].dom_start..facts[b].dom_end]`.
    dom_order: Vec<u32>,
    /// The blocks with a merge instruction, in block order.
    headers: Vec<u32>,
}

/// What the CFG records of one block.
#[derive(Clone, Copy, Debug)]
struct BlockFacts {
    /// Where its successor slots start and end in `succs`.
    succ_start: u32,
    succ_end: u32,
    /// The end of its structural successors in `succs`.
    structural_end: u32,
    /// Its merge and continue targets ([`NONE`] where absent).
    merge: u32,
    continue_target: u32,
    /// The blocks it dominates in `dom_order`; `dom_start` is [`NONE`]
    /// for an unreachable block.
    dom_start: u32,
    dom_end: u32,
}

impl BlockFacts {
    const UNKNOWN: BlockFacts = BlockFacts {
        succ_start: 0,
        succ_end: 0,
        structural_end: 0,
        merge: NONE,
        continue_target: NONE,
        dom_start: NONE,
        dom_end: NONE,
    };
}

impl<'v> Cfg<'v> {
    /// Builds the CFG of `function` and checks its branch targets and phis.
    pub fn new(view: &'v ModuleView<'v>, function: &Function) -> Result<Self, DecodeError> {
        let blocks = view.function_blocks(function);
        let n = blocks.len();
        let kept = KEPT.take();
        let mut cfg = Cfg {
            view,
            blocks,
            block_at: kept.block_at,
            first: blocks.first().map_or(0, |b| b.start),
            facts: kept.facts,
            succs: kept.succs,
            preds: kept.preds,
            idom: kept.idom,
            dom_order: kept.dom_order,
            headers: kept.headers,
        };
        fill_block_table(&mut cfg.block_at, blocks);
        cfg.facts.clear();
        cfg.facts.resize(n, BlockFacts::UNKNOWN);
        // The last block mostly returns; the others mostly branch.
        cfg.succs.clear();
        cfg.succs.reserve(n.saturating_sub(1) * 2);
        cfg.preds.start.clear();
        cfg.idom.clear();
        cfg.idom.resize(n, NONE);
        cfg.dom_order.clear();
        cfg.dom_order.reserve(n);
        cfg.headers.clear();
        for (b, block) in blocks.iter().enumerate() {
            cfg.facts[b].succ_start = cfg.succs.len() as u32;
            cfg.read_successors(block)?;
            cfg.facts[b].succ_end = cfg.succs.len() as u32;
            cfg.read_merge(b, block)?;
            cfg.facts[b].structural_end = cfg.succs.len() as u32;
        }
        if n == 1 && cfg.succs.is_empty() {
            // A single block with no branch: nothing to order or dominate.
            cfg.dom_order.push(0);
            (cfg.facts[0].dom_start, cfg.facts[0].dom_end) = (0, 1);
        } else if n > 0 {
            let mut scratch = SCRATCH.take();
            cfg.build_predecessors(&mut scratch);
            cfg.order_and_dominators(&mut scratch);
            SCRATCH.set(scratch);
        }
        for (b, block) in blocks.iter().enumerate() {
            if !block.phis().is_empty() {
                cfg.check_phis(b as u32)?;
            }
        }
        Ok(cfg)
    }

    pub fn len(&self) -> usize {
        self.blocks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// Successor slots of `block` in terminator order.
    pub fn successors(&self, block: u32) -> &[u32] {
        let facts = &self.facts[block as usize];
        &self.succs[facts.succ_start as usize..facts.succ_end as usize]
    }

    /// The structural successors of `block`: its successor slots, then its
    /// merge and continue targets.
    fn structural_successors(&self, block: u32) -> &[u32] {
        &self.succs[self.structural_range(block)]
    }

    /// Where `block`'s structural successors lie in `succs`.
    fn structural_range(&self, block: u32) -> std::ops::Range<usize> {
        let facts = &self.facts[block as usize];
        facts.succ_start as usize..facts.structural_end as usize
    }

    /// The blocks with a merge instruction (the construct headers), in
    /// block order.
    pub fn headers(&self) -> &[u32] {
        &self.headers
    }

    /// The merge target of header `block` ([`NONE`] for another block).
    pub fn merge_of(&self, block: u32) -> u32 {
        self.facts[block as usize].merge
    }

    /// The continue target of loop header `block` ([`NONE`] for another block).
    pub fn continue_of(&self, block: u32) -> u32 {
        self.facts[block as usize].continue_target
    }

    /// Distinct predecessors of `block`, in block order.
    pub fn predecessors(&self, block: u32) -> &[u32] {
        self.preds.of(block)
    }

    pub fn label(&self, block: u32) -> u32 {
        self.blocks[block as usize].label
    }

    /// The block with id `label` in this function.
    pub fn block_of_label(&self, label: u32) -> Option<u32> {
        let start = self.view.def(label)?;
        let block = self.block_of_inst(start)?;
        (self.blocks[block as usize].start == start).then_some(block)
    }

    /// The block holding instruction `index`, if it is in this function's blocks.
    pub fn block_of_inst(&self, index: u32) -> Option<u32> {
        let at = index.checked_sub(self.first)?;
        if let [single] = self.blocks {
            return (index <= single.terminator).then_some(0);
        }
        let block = *self.block_at.get(at as usize)?;
        (block != NONE).then_some(block)
    }

    /// Whether `a` structurally dominates `b` (every block dominates itself;
    /// nothing dominates an unreachable block but itself).
    pub fn dominates(&self, a: u32, b: u32) -> bool {
        if a == b {
            return true;
        }
        let at = self.facts[b as usize].dom_start;
        let a = &self.facts[a as usize];
        at != NONE && a.dom_start <= at && at < a.dom_end
    }

    /// The blocks `block` structurally dominates, itself first, in
    /// dominator-tree preorder; none when it is unreachable.
    pub fn dominated(&self, block: u32) -> &[u32] {
        match self.facts[block as usize] {
            BlockFacts {
                dom_start: NONE, ..
            } => &[],
            BlockFacts {
                dom_start, dom_end, ..
            } => &self.dom_order[dom_start as usize..dom_end as usize],
        }
    }

    /// The blocks `block` structurally dominates but `other` does not, in
    /// dominator-tree preorder (`block` first, unless `other` dominates
    /// it), in two runs: `other`'s subtree cut out of `block`'s.
    pub fn dominated_outside(&self, block: u32, other: u32) -> (&[u32], &[u32]) {
        if self.dominates(other, block) {
            return (&[], &[]);
        }
        let all = self.dominated(block);
        if !self.dominates(block, other) {
            return (all, &[]);
        }
        let start = self.facts[block as usize].dom_start;
        let inner = &self.facts[other as usize];
        let (cut, end) = (
            (inner.dom_start - start) as usize,
            (inner.dom_end - start) as usize,
        );
        (&all[..cut], &all[end..])
    }

    pub fn is_reachable(&self, block: u32) -> bool {
        self.facts[block as usize].dom_start != NONE
    }

    /// The values `block`'s phis take when entered from `pred`, in phi
    /// order: the operands `pred`'s branch passes as block arguments.
    pub fn phi_arguments(&self, block: u32, pred: u32) -> impl Iterator<Item = u32> + '_ {
        let pred_label = self.label(pred);
        self.phis(block).filter_map(move |phi| {
            let words = self.view.operand_words(phi);
            words[2..]
                .chunks_exact(2)
                .find(|pair| pair[1] == pred_label)
                .map(|pair| pair[0])
        })
    }

    /// The instruction indices of `block`'s `OpPhi`s.
    pub fn phis(&self, block: u32) -> impl Iterator<Item = u32> + '_ {
        let range = self.blocks[block as usize].phis();
        range.filter(|&i| self.view.insts[i as usize].op == Op::Phi)
    }

    /// The block of branch target `label`, named by instruction `at`.
    #[inline]
    fn target(&self, at: u32, label: u32) -> Result<u32, DecodeError> {
        match self.block_of_label(label) {
            Some(block) => Ok(block),
            None => Err(self.not_a_block(at, label)),
        }
    }

    /// The error for instruction `at` naming `label`, which is not a block
    /// of this function.
    #[cold]
    fn not_a_block(&self, at: u32, label: u32) -> DecodeError {
        (self.view).error(at, format!("%{label} is not a block of this function"))
    }

    fn read_successors(&mut self, block: &Block) -> Result<(), DecodeError> {
        let at = block.terminator;
        let words = self.view.operand_words(at);
        let inst = &self.view.insts[at as usize];
        let needed = match inst.op {
            Op::Branch => 1,
            Op::BranchConditional => 3,
            Op::Switch => 2,
            _ => 0,
        };
        if words.len() < needed {
            return Err(self.view.error(at, "missing branch targets".into()));
        }
        let targets: &[u32] = match inst.op {
            Op::Branch => &words[..1],
            Op::BranchConditional => &words[1..3],
            Op::Switch => {
                let selector = words[0];
                let literal = self.view.value_literal_words(selector).unwrap_or(1);
                let default = self.target(at, words[1])?;
                self.succs.push(default);
                for pair in words[2..].chunks_exact(literal + 1) {
                    let target = self.target(at, pair[literal])?;
                    self.succs.push(target);
                }
                &[]
            }
            _ => &[],
        };
        for &label in targets {
            let target = self.target(at, label)?;
            self.succs.push(target);
        }
        Ok(())
    }

    fn read_merge(&mut self, b: usize, block: &Block) -> Result<(), DecodeError> {
        if block.merge == NONE {
            return Ok(());
        }
        let words = self.view.operand_words(block.merge);
        let is_loop = self.view.insts[block.merge as usize].op == Op::LoopMerge;
        let targets = 1 + usize::from(is_loop);
        if words.len() < targets {
            return Err(self.view.error(block.merge, "missing merge targets".into()));
        }
        let merge = self.target(block.merge, words[0])?;
        self.facts[b].merge = merge;
        self.headers.push(b as u32);
        self.succs.push(merge);
        if is_loop {
            let continue_target = self.target(block.merge, words[1])?;
            self.facts[b].continue_target = continue_target;
            self.succs.push(continue_target);
        }
        Ok(())
    }

    fn build_predecessors(&mut self, scratch: &mut Scratch) {
        let n = self.len();
        if self.succs.is_empty() {
            // No edges: the empty lists.
            return;
        }
        let (edges, seen) = (&mut scratch.edges, &mut scratch.number);
        edges.clear();
        seen.clear();
        seen.resize(n, NONE);
        for b in 0..n as u32 {
            for &s in self.successors(b) {
                if seen[s as usize] != b {
                    seen[s as usize] = b;
                    edges.push((s, b));
                }
            }
        }
        self.preds.fill(n, edges);
    }

    fn order_and_dominators(&mut self, scratch: &mut Scratch) {
        let n = self.len();
        let Scratch {
            number,
            order,
            stack,
            edges,
            structural_preds,
        } = scratch;
        number.clear();
        number.resize(n, NONE);
        if !self.dominators_in_block_order(order, edges) {
            self.depth_first_order(order, number, stack);
            self.iterated_dominators(order, number, edges, structural_preds);
        }
        self.idom[0] = NONE;
        self.number_dominator_tree(order, number);
    }

    /// Sets the immediate dominators in one pass over the blocks in
    /// binary order (SPIR-V places a block after its dominators),
    /// following the edges to later blocks, and lists the blocks reached
    /// in `reached`. Says whether these are the dominators: every edge to
    /// an earlier block (or itself) leads to a block reached that
    /// dominates its source, so that no block is reached only through
    /// such an edge and none changes a dominator; `back_edges` is a buffer.
    fn dominators_in_block_order(
        &mut self,
        reached: &mut Vec<u32>,
        back_edges: &mut Vec<(u32, u32)>,
    ) -> bool {
        reached.clear();
        back_edges.clear();
        self.idom[0] = 0;
        for b in 0..self.len() as u32 {
            if self.idom[b as usize] == NONE {
                continue;
            }
            reached.push(b);
            for at in self.structural_range(b) {
                let s = self.succs[at];
                if s <= b {
                    back_edges.push((b, s));
                    continue;
                }
                self.idom[s as usize] = match self.idom[s as usize] {
                    NONE => b,
                    current => intersect(&self.idom, b, current, |x| x),
                };
            }
        }
        (back_edges.iter()).all(|&(source, target)| {
            self.idom[target as usize] != NONE
                && intersect(&self.idom, source, target, |x| x) == target
        })
    }

    /// Lists in `rpo` the blocks reachable from the entry block in
    /// reverse postorder of a depth-first search over the structural
    /// successors, and makes `number` hold their positions in it
    /// ([`NONE`] for the others); `stack` is a buffer.
    fn depth_first_order(
        &self,
        rpo: &mut Vec<u32>,
        number: &mut [u32],
        stack: &mut Vec<(u32, std::ops::Range<usize>)>,
    ) {
        // A block's number is [`VISITED`] once reached.
        rpo.clear();
        stack.clear();
        stack.push((0, self.structural_range(0)));
        number[0] = VISITED;
        while let Some((b, next)) = stack.last_mut() {
            match next.next() {
                Some(at) => {
                    let s = self.succs[at];
                    if number[s as usize] == NONE {
                        number[s as usize] = VISITED;
                        stack.push((s, self.structural_range(s)));
                    }
                }
                None => {
                    rpo.push(*b);
                    stack.pop();
                }
            }
        }
        rpo.reverse();
        for (i, &b) in rpo.iter().enumerate() {
            number[b as usize] = i as u32;
        }
    }

    /// Sets the immediate dominators of the blocks in `rpo` (reverse
    /// postorder; `number` their positions in it) by iterating to a fixed
    /// point, as any CFG needs; `edges` and `structural_preds` are buffers.
    fn iterated_dominators(
        &mut self,
        rpo: &[u32],
        number: &[u32],
        edges: &mut Vec<(u32, u32)>,
        structural_preds: &mut Adjacency,
    ) {
        edges.clear();
        for &b in rpo.iter() {
            edges.extend(self.structural_successors(b).iter().map(|&s| (s, b)));
        }
        structural_preds.fill(self.len(), edges);
        self.idom.fill(NONE);
        self.idom[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new_idom = NONE;
                for &p in structural_preds.of(b) {
                    if self.idom[p as usize] == NONE {
                        continue;
                    }
                    new_idom = match new_idom {
                        NONE => p,
                        current => intersect(&self.idom, p, current, |x| number[x as usize]),
                    };
                }
                if new_idom != self.idom[b as usize] {
                    self.idom[b as usize] = new_idom;
                    changed = true;
                }
            }
        }
    }

    /// Numbers the dominator tree in preorder, each block's children in
    /// the order of `order` (the reachable blocks, the entry block first,
    /// each after its immediate dominator); `sizes` is a buffer of one
    /// entry per block to reuse.
    fn number_dominator_tree(&mut self, order: &[u32], sizes: &mut [u32]) {
        // Subtree sizes: a block comes after its dominators in `order`.
        for &b in order {
            sizes[b as usize] = 1;
        }
        for &b in order.iter().skip(1).rev() {
            sizes[self.idom[b as usize] as usize] += sizes[b as usize];
        }
        // A child's subtree follows its parent and its earlier siblings'
        // subtrees; meanwhile `dom_end` is where a block's next child goes.
        self.dom_order.resize(order.len(), 0);
        (self.facts[0].dom_start, self.facts[0].dom_end) = (0, 1);
        for &b in order.iter().skip(1) {
            let parent = &mut self.facts[self.idom[b as usize] as usize];
            let start = parent.dom_end;
            parent.dom_end += sizes[b as usize];
            (
                self.facts[b as usize].dom_start,
                self.facts[b as usize].dom_end,
            ) = (start, start + 1);
            self.dom_order[start as usize] = b;
        }
        for &b in order {
            let facts = &mut self.facts[b as usize];
            facts.dom_end = facts.dom_start + sizes[b as usize];
        }
    }

    /// Each phi names every predecessor exactly once, and nothing else.
    fn check_phis(&self, block: u32) -> Result<(), DecodeError> {
        let preds = self.predecessors(block);
        for phi in self.phis(block) {
            let words = self.view.operand_words(phi);
            let pairs = &words[2..];
            if pairs.len() % 2 != 0 {
                return Err(self.view.error(phi, "odd number of phi operands".into()));
            }
            for pair in pairs.chunks_exact(2) {
                let named = self.block_of_label(pair[1]);
                if !named.is_some_and(|p| preds.contains(&p)) {
                    let message = format!("%{} is not a predecessor of this block", pair[1]);
                    return Err(self.view.error(phi, message));
                }
            }
            for &p in preds {
                let label = self.label(p);
                let times = pairs
                    .chunks_exact(2)
                    .filter(|pair| pair[1] == label)
                    .count();
                if times != 1 {
                    let message = format!("names predecessor %{label} {times} times");
                    return Err(self.view.error(phi, message));
                }
            }
        }
        Ok(())
    }
}

/// Makes `table` hold, per instruction from the first block's label to
/// the last terminator, the block holding it, [`NONE`] between blocks;
/// nothing for a single block.
fn fill_block_table(table: &mut Vec<u32>, blocks: &[Block]) {
    table.clear();
    let ([first, _, ..], Some(last)) = (blocks, blocks.last()) else {
        return;
    };
    table.resize((last.terminator - first.start + 1) as usize, NONE);
    for (b, block) in blocks.iter().enumerate() {
        let span = (block.start - first.start) as usize..=(block.terminator - first.start) as usize;
        table[span].fill(b as u32);
    }
}

impl Drop for Cfg<'_> {
    /// Keeps this CFG's memory for the next one built on this thread,
    /// unless its per-instruction table is too large to keep.
    fn drop(&mut self) {
        if !kept::fits(&self.block_at) {
            return;
        }
        KEPT.set(Kept {
            block_at: std::mem::take(&mut self.block_at),
            facts: std::mem::take(&mut self.facts),
            succs: std::mem::take(&mut self.succs),
            preds: std::mem::take(&mut self.preds),
            idom: std::mem::take(&mut self.idom),
            dom_order: std::mem::take(&mut self.dom_order),
            headers: std::mem::take(&mut self.headers),
        });
    }
}

/// The memory of a CFG dropped, for the next one.
#[derive(Default)]
struct Kept {
    block_at: Vec<u32>,
    facts: Vec<BlockFacts>,
    succs: Vec<u32>,
    preds: Adjacency,
    idom: Vec<u32>,
    dom_order: Vec<u32>,
    headers: Vec<u32>,
}

thread_local! {
    /// The memory of the last CFG dropped on this thread, which the next
    /// one reuses.
    static KEPT: std::cell::Cell<Kept> = std::cell::Cell::default();
}

thread_local! {
    /// The buffers the last CFG built on this thread worked in, which the
    /// next one reuses.
    static SCRATCH: std::cell::Cell<Scratch> = std::cell::Cell::default();
}

/// Buffers a CFG is built with and then drops.
#[derive(Default)]
struct Scratch {
    /// A number per block (see [`Cfg::depth_first_order`]), then the
    /// dominator subtrees' sizes.
    number: Vec<u32>,
    /// The reachable blocks, each after its dominators.
    order: Vec<u32>,
    /// The blocks being searched, with their structural successors not
    /// yet followed (positions in `succs`).
    stack: Vec<(u32, std::ops::Range<usize>)>,
    edges: Vec<(u32, u32)>,
    structural_preds: Adjacency,
}

/// Marks a block the depth-first search has reached.
const VISITED: u32 = NONE - 1;

/// The nearest common dominator of blocks `a` and `b`, by `idom`, where
/// `position` places every block after its dominators.
fn intersect(idom: &[u32], mut a: u32, mut b: u32, position: impl Fn(u32) -> u32) -> u32 {
    while a != b {
        while position(a) > position(b) {
            a = idom[a as usize];
        }
        while position(b) > position(a) {
            b = idom[b as usize];
        }
    }
    a
}

/// Adjacency lists in one array: node `i`'s neighbours are
/// `targets[start[i]..start[i + 1]]`, in the order the edges came.
#[derive(Debug, Default)]
pub(super) struct Adjacency {
    start: Vec<u32>,
    targets: Vec<u32>,
}

impl Adjacency {
    /// Makes these lists those of the `(node, neighbour)` pairs `edges`
    /// over nodes `0..n`, reusing their memory.
    pub(super) fn fill(&mut self, n: usize, edges: &[(u32, u32)]) {
        // Counted one slot ahead: while filling, `start[i + 1]` is where
        // node `i`'s next neighbour goes, and ends as the end of its list.
        let (start, targets) = (&mut self.start, &mut self.targets);
        start.clear();
        start.resize(n + 2, 0);
        for &(node, _) in edges {
            start[node as usize + 2] += 1;
        }
        for i in 2..n + 2 {
            start[i] += start[i - 1];
        }
        targets.clear();
        targets.resize(edges.len(), 0);
        for &(node, neighbour) in edges {
            let next = &mut start[node as usize + 1];
            targets[*next as usize] = neighbour;
            *next += 1;
        }
        start.pop();
    }

    /// `node`'s neighbours; none for every node of an empty (default) one.
    pub(super) fn of(&self, node: u32) -> &[u32] {
        let i = node as usize;
        match self.start.get(i..i + 2) {
            Some(&[start, end]) => &self.targets[start as usize..end as usize],
            _ => &[],
        }
    }
}
