//! Structured constructs of one function, recognised from its
//! `OpSelectionMerge` / `OpLoopMerge` headers, and how each maps onto
//! `spirv.mlir.selection` / `spirv.mlir.loop` regions.
//!
//! A construct's region holds the blocks the header structurally dominates
//! minus those its merge block dominates (for a loop this takes in the
//! continue construct). The layout the IR builder follows:
//! - selection: the header's phis are arguments of the enclosing block
//!   holding the op; the region's first block holds the header's
//!   instructions and terminator; the region's last block is a
//!   `spirv.mlir.merge` block that every branch to the merge block targets;
//! - loop: a fresh entry block branching to the header (passing the header
//!   phis' values from outside the loop), the header and the other region
//!   blocks in binary order, then the `spirv.mlir.merge` block;
//! - the merge block's own instructions follow the op in the enclosing block;
//!   its phis become the op's results, yielded by `spirv.mlir.merge`.
//!
//! A construct regions cannot express (a branch leaving it other than to its
//! merge block: a break or continue to an enclosing construct; a block
//! entered from outside; a back edge from outside the continue construct;
//! overlap with its parent) is kept inline in its parent's blocks, with the
//! reason; its header keeps the merge instruction, so serialization can
//! restore it. A loop whose header is its own continue target needs a
//! continue block made for it. A function without merge instructions keeps
//! a plain CFG.

mod obstacle;

pub use obstacle::{Obstacle, ObstacleKind};

use super::cfg::{Adjacency, Cfg};
use super::module::NONE;
use super::{DecodedOperand, DecodedOperands, Operand};
use crate::grammar::Op;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstructKind {
    Selection,
    Loop,
}

/// One selection or loop construct; blocks are function block numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Construct {
    pub kind: ConstructKind,
    pub header: u32,
    pub merge: u32,
    /// The loop's continue target; [`NONE`] for a selection.
    pub continue_target: u32,
    /// The enclosing construct (an index into [`Structure::constructs`]).
    pub parent: u32,
    /// Every block of the construct, header first, then in binary order.
    pub blocks: Vec<u32>,
    /// Empty when the construct maps onto a region.
    pub obstacles: Vec<Obstacle>,
    /// Ids defined inside the region and used outside it, which the op must
    /// yield as results (beside the merge block's phis).
    pub escaping: Vec<u32>,
    /// The number of phis of the merge block, which become op results but
    /// for the trivial ones.
    pub merge_phis: usize,
    /// Per merge phi: the id it stands for when it is trivial, every
    /// incoming value being that one id defined inside the region. The id
    /// escapes the construct (as [`Construct::escaping`] lists), so that
    /// the phi-less binary written back reads as the same op.
    pub trivial_phis: Vec<Option<u32>>,
    /// The merge block also has predecessors outside the construct, so its
    /// instructions need a block of their own after the op.
    pub merge_shared: bool,
}

impl Construct {
    pub fn is_region(&self) -> bool {
        self.obstacles.is_empty()
    }
}

/// How a function's blocks map onto the IR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lowering {
    /// No merge instructions: the blocks stay a plain CFG.
    PlainCfg,
    /// Every construct becomes a region.
    Regions,
    /// Some constructs become regions; the others stay inline.
    Mixed,
}

/// The construct tree of one function.
#[derive(Debug)]
pub struct Structure {
    /// Outer constructs before the ones they contain.
    pub constructs: Vec<Construct>,
    /// Per block: the innermost construct holding it, [`NONE`] at function level.
    pub innermost: Vec<u32>,
    /// Per construct: where it and the constructs inside it lie in a
    /// preorder of the construct tree (its own position, and one past
    /// its last descendant's).
    spans: Vec<(u32, u32)>,
    /// Memory kept for the next structure's spans (see
    /// [`fill_preorder_spans`]).
    next_inside: Vec<u32>,
    /// Constructs of earlier structures not in use, kept for their lists'
    /// memory.
    spare: Vec<Construct>,
    /// The room of the block lists of `constructs` and `spare`, in entries.
    block_room: usize,
}

impl Structure {
    /// Recognises the constructs of `cfg`'s function, whose instructions'
    /// operands `operands` holds; `described` tells the ids that carry
    /// names or decorations (a merge phi of one value stays a phi when it
    /// does, so that they are kept).
    pub fn analyze(
        cfg: &Cfg,
        operands: &DecodedOperands,
        described: &dyn Fn(u32) -> bool,
    ) -> Structure {
        let mut structure = Structure::shape(cfg);
        structure.find_escaping_values(cfg, operands, described);
        structure
    }

    /// The constructs, their nesting and obstacles, without reading any
    /// operand: [`Construct::escaping`] stays empty, for a reader that
    /// tracks where each value is used itself.
    pub fn shape(cfg: &Cfg) -> Structure {
        let n = cfg.len() as u32;
        let Kept {
            mut constructs,
            mut innermost,
            mut spans,
            mut next_inside,
            mut spare,
            mut block_room,
        } = KEPT.take();
        // The constructs of earlier structures are set up anew, their
        // lists' memory reused (their room only grows).
        spare.append(&mut constructs);
        for &header in cfg.headers() {
            let construct = match spare.pop() {
                Some(mut construct) => {
                    block_room -= construct.blocks.capacity();
                    construct.set_up(cfg, header);
                    construct
                }
                None => Construct::new(cfg, header),
            };
            block_room += construct.blocks.capacity();
            constructs.push(construct);
        }
        // Larger first: a construct contains only smaller ones.
        // (Headers differ, so the order is the same as a stable sort's.)
        constructs.sort_unstable_by_key(|c| (std::cmp::Reverse(c.blocks.len()), c.header));
        innermost.clear();
        innermost.resize(n as usize, NONE);
        for (k, construct) in constructs.iter_mut().enumerate() {
            construct.parent = innermost[construct.header as usize];
            for &b in &construct.blocks {
                innermost[b as usize] = k as u32;
            }
        }
        fill_preorder_spans(&constructs, &mut spans, &mut next_inside);
        let mut structure = Structure {
            spans,
            constructs,
            innermost,
            next_inside,
            spare,
            block_room,
        };
        for k in 0..structure.constructs.len() {
            let mut obstacles = std::mem::take(&mut structure.constructs[k].obstacles);
            structure.find_obstacles(cfg, k, &mut obstacles);
            structure.constructs[k].obstacles = obstacles;
            structure.merge_facts(cfg, k);
        }
        structure
    }

    /// Whether block `b` is in construct `k`.
    pub fn contains(&self, k: u32, b: u32) -> bool {
        let innermost = self.innermost[b as usize];
        let (Some(&(start, end)), Some(&(at, _))) = (
            self.spans.get(k as usize),
            self.spans.get(innermost as usize),
        ) else {
            return false;
        };
        start <= at && at < end
    }

    /// The number of region constructs holding block `b`.
    fn regions_holding(&self, b: u32) -> usize {
        let mut at = self.innermost[b as usize];
        let mut count = 0;
        while at != NONE {
            let construct = &self.constructs[at as usize];
            count += usize::from(construct.is_region());
            at = construct.parent;
        }
        count
    }

    /// The nearest construct holding block `b` that maps onto a region;
    /// [`NONE`] for the function body.
    pub fn region_of(&self, b: u32) -> u32 {
        self.nearest_region(self.innermost[b as usize])
    }

    /// `construct` if it maps onto a region, else its nearest such ancestor.
    fn nearest_region(&self, construct: u32) -> u32 {
        let mut at = construct;
        while at != NONE && !self.constructs[at as usize].is_region() {
            at = self.constructs[at as usize].parent;
        }
        at
    }

    /// The region whose blocks hold the op of region construct `k`.
    pub fn enclosing_region(&self, k: u32) -> u32 {
        self.nearest_region(self.constructs[k as usize].parent)
    }

    /// The region construct headed by block `b`, if any.
    pub fn region_headed_by(&self, b: u32) -> Option<u32> {
        let k = self.innermost[b as usize];
        let construct = self.constructs.get(k as usize)?;
        (construct.header == b && construct.is_region()).then_some(k)
    }

    /// The blocks laid out in each region, in one pass over the blocks
    /// (see [`RegionLayout::blocks`]).
    pub fn region_layout(&self) -> RegionLayout {
        let function = self.constructs.len() as u32;
        let slot = |region: u32| if region == NONE { function } else { region };
        let LayoutKept {
            mut placed,
            mut blocks,
        } = LAYOUT_KEPT.take();
        placed.clear();
        placed.reserve(self.innermost.len() + self.constructs.len());
        for (k, construct) in (0u32..).zip(&self.constructs) {
            if construct.is_region() {
                placed.push((k, construct.header));
            }
        }
        for b in 0..self.innermost.len() as u32 {
            // A region's header is already listed, first.
            let own = slot(self.region_of(b));
            if own == function || self.constructs[own as usize].header != b {
                placed.push((own, b));
            }
            if let Some(k) = self.region_headed_by(b) {
                placed.push((slot(self.enclosing_region(k)), b));
            }
        }
        blocks.fill(self.constructs.len() + 1, &placed);
        RegionLayout {
            function,
            blocks,
            placed,
        }
    }

    /// Whether every construct maps onto a region.
    pub fn fully_structured(&self) -> bool {
        self.constructs.iter().all(Construct::is_region)
    }

    pub fn lowering(&self) -> Lowering {
        match () {
            _ if self.constructs.is_empty() => Lowering::PlainCfg,
            _ if self.fully_structured() => Lowering::Regions,
            _ => Lowering::Mixed,
        }
    }

    /// Lists in `obstacles` (emptied first) what keeps construct `k` from
    /// being a region.
    fn find_obstacles(&self, cfg: &Cfg, k: usize, obstacles: &mut Vec<Obstacle>) {
        obstacles.clear();
        let construct = &self.constructs[k];
        let inside = |b: u32| self.contains(k as u32, b);
        let mut note = |block: u32, kind: ObstacleKind| {
            obstacles.push(Obstacle {
                block: cfg.label(block),
                kind,
            })
        };
        let header = cfg.label(construct.header);
        if construct.merge == construct.header {
            note(construct.header, ObstacleKind::HeaderIsMerge);
        }
        if construct.kind == ConstructKind::Loop {
            let target = construct.continue_target;
            if target == construct.merge {
                note(target, ObstacleKind::ContinueIsMerge);
            } else if !inside(target) {
                note(target, ObstacleKind::ContinueOutsideLoop { header });
            }
        }
        if construct.parent != NONE {
            let parent = &self.constructs[construct.parent as usize];
            if let Some(&b) = (self.leaves_parent(cfg, construct, parent))
                .then(|| {
                    construct
                        .blocks
                        .iter()
                        .find(|&&b| cfg.dominates(parent.merge, b))
                })
                .flatten()
            {
                let parent_header = cfg.label(parent.header);
                note(b, ObstacleKind::LeavesParent { parent_header });
            }
        }
        for &b in &construct.blocks {
            for &s in cfg.successors(b) {
                if !inside(s) && s != construct.merge {
                    note(b, self.describe_exit(cfg, construct, s));
                }
            }
            for &p in cfg.predecessors(b) {
                if b != construct.header && !inside(p) {
                    let source = cfg.label(p);
                    note(b, ObstacleKind::EnteredFromOutside { header, source });
                }
                let back_edge = b == construct.header && inside(p);
                if back_edge
                    && construct.kind == ConstructKind::Loop
                    && !cfg.dominates(construct.continue_target, p)
                {
                    note(p, ObstacleKind::BackEdgeOutsideContinue { header });
                }
                if back_edge && construct.kind == ConstructKind::Selection {
                    note(p, ObstacleKind::SelectionBackEdge { header });
                }
            }
        }
    }

    /// Whether `parent`'s merge block dominates a block of `construct`:
    /// one that dominates its header, or one its header dominates and its
    /// own merge block does not (the construct's blocks being those its
    /// header dominates and its merge block does not).
    fn leaves_parent(&self, cfg: &Cfg, construct: &Construct, parent: &Construct) -> bool {
        let (header, merge) = (construct.header, construct.merge);
        cfg.dominates(parent.merge, header)
            || cfg.dominates(header, parent.merge) && !cfg.dominates(merge, parent.merge)
    }

    /// Says what an exit from `construct` to block `target` is: a break or
    /// continue to an enclosing construct, or some other branch.
    fn describe_exit(&self, cfg: &Cfg, construct: &Construct, target: u32) -> ObstacleKind {
        let header = cfg.label(construct.header);
        let label = cfg.label(target);
        let mut at = construct.parent;
        while at != NONE {
            let outer = &self.constructs[at as usize];
            let outer_header = cfg.label(outer.header);
            if outer.merge == target {
                return ObstacleKind::BreaksOut {
                    header,
                    target: label,
                    outer_header,
                };
            }
            if outer.continue_target == target {
                return ObstacleKind::ContinuesOut {
                    header,
                    target: label,
                    outer_header,
                };
            }
            at = outer.parent;
        }
        ObstacleKind::BranchesOut {
            header,
            target: label,
        }
    }

    fn merge_facts(&mut self, cfg: &Cfg, k: usize) {
        let merge = self.constructs[k].merge;
        let merge_phis = cfg.phis(merge).count();
        let merge_shared = cfg
            .predecessors(merge)
            .iter()
            .any(|&p| !self.contains(k as u32, p));
        let construct = &mut self.constructs[k];
        construct.merge_phis = merge_phis;
        construct.merge_shared = merge_shared;
    }

    /// Records, per region construct, the ids defined inside it and used
    /// outside (a phi's use counts at the end of the predecessor it names),
    /// in the order they are defined.
    fn find_escaping_values(
        &mut self,
        cfg: &Cfg,
        operands: &DecodedOperands,
        described: &dyn Fn(u32) -> bool,
    ) {
        if self.constructs.is_empty() {
            return;
        }
        let regions = self.constructs.iter().filter(|c| c.is_region()).count();
        if regions > 0 {
            self.note_uses(cfg, operands, regions);
        }
        self.find_trivial_phis(cfg, described);
        // In order of definition, which writing the op back keeps (the
        // order of first use depends on where blocks after it are placed).
        // Every id noted has a defining instruction, whose result it is:
        // sorted as instruction indices, then read back.
        for construct in &mut self.constructs {
            let escaping = &mut construct.escaping;
            for id in escaping.iter_mut() {
                *id = cfg.view.def(*id).unwrap_or(NONE);
            }
            escaping.sort_unstable();
            escaping.dedup();
            for def in escaping.iter_mut() {
                *def = cfg.view.insts[*def as usize].result;
            }
        }
    }

    /// Notes every use of a value that may leave one of the `regions`
    /// region constructs.
    fn note_uses(&mut self, cfg: &Cfg, operands: &DecodedOperands, regions: usize) {
        for u in 0..cfg.len() as u32 {
            // A phi's operands are (value, parent) pairs, each value used in
            // its parent.
            for phi in cfg.phis(u) {
                for pair in operands.of(phi as usize).chunks_exact(2) {
                    if let [Operand::Id(value), Operand::Id(parent)] = *pair {
                        let at = cfg.block_of_label(parent).unwrap_or(u);
                        self.note_use(cfg, value, at);
                    }
                }
            }
            // Another use lets a value escape only the regions that do not
            // hold its block.
            if self.regions_holding(u) == regions {
                continue;
            }
            let block = cfg.blocks[u as usize];
            // Debug and non-semantic instructions may sit among the phis.
            for index in block.start + 1..block.phi_end {
                if cfg.view.insts[index as usize].op != Op::Phi {
                    self.note_operand_uses(cfg, operands.of(index as usize), u);
                }
            }
            // The rest in one run: the ids the merge instruction and the
            // branches name are labels, which escape nothing.
            let rest = block.phi_end as usize..block.terminator as usize + 1;
            self.note_operand_uses(cfg, operands.of_all(rest), u);
        }
    }

    /// Notes the uses of the ids among `operands` in block `at`.
    fn note_operand_uses(&mut self, cfg: &Cfg, operands: &[DecodedOperand], at: u32) {
        for operand in operands {
            if let Operand::Id(id) = *operand {
                self.note_use(cfg, id, at);
            }
        }
    }

    /// Marks the trivial merge phis of each region construct (see
    /// [`Construct::trivial_phis`]; a `described` phi is not) and adds the
    /// ids they stand for to its escaping ones.
    fn find_trivial_phis(&mut self, cfg: &Cfg, described: &dyn Fn(u32) -> bool) {
        for k in 0..self.constructs.len() {
            let construct = &mut self.constructs[k];
            let (merge, merge_shared) = (construct.merge, construct.merge_shared);
            let can_be_trivial = construct.is_region() && !merge_shared;
            let mut trivial = std::mem::take(&mut construct.trivial_phis);
            trivial.clear();
            for phi in cfg.phis(merge) {
                trivial.push(None);
                if !can_be_trivial || described(cfg.view.insts[phi as usize].result) {
                    continue;
                }
                // The CFG has checked that the phi names each predecessor
                // once and nothing else: its values are those entering
                // from each predecessor.
                let values = cfg.view.operand_words(phi)[2..].chunks_exact(2);
                let mut values = values.map(|pair| pair[0]);
                let first = values.next();
                let Some(id) = first.filter(|&id| values.all(|v| v == id)) else {
                    continue;
                };
                if self.defined_inside(cfg, id, k as u32) {
                    *trivial.last_mut().expect("pushed above") = Some(id);
                    let escaping = &mut self.constructs[k].escaping;
                    if !escaping.contains(&id) {
                        escaping.push(id);
                    }
                }
            }
            let construct = &mut self.constructs[k];
            construct.merge_phis = trivial.iter().filter(|t| t.is_none()).count();
            construct.trivial_phis = trivial;
        }
    }

    /// Whether value `id` is defined inside region construct `k` (a
    /// selection header's phis lie outside: they are the arguments of the
    /// block holding the op).
    fn defined_inside(&self, cfg: &Cfg, id: u32, k: u32) -> bool {
        self.definition(cfg, id)
            .is_some_and(|(d, is_phi)| self.contains(k, d) && !self.hoisted(k, d, is_phi))
    }

    /// The block defining value `id`, and whether a phi defines it; `None`
    /// for labels and `OpUndef`s (values at each use) and global ids.
    fn definition(&self, cfg: &Cfg, id: u32) -> Option<(u32, bool)> {
        let (def, block) = defining_block(cfg, id)?;
        Some((block, defines_phi(cfg, def)?))
    }

    /// Whether a phi of block `d` (`is_phi`) is a selection header's phi of
    /// construct `k`.
    fn hoisted(&self, k: u32, d: u32, is_phi: bool) -> bool {
        let construct = &self.constructs[k as usize];
        construct.kind == ConstructKind::Selection && construct.header == d && is_phi
    }

    // Called for every id a scanned instruction uses.
    #[inline(always)]
    fn note_use(&mut self, cfg: &Cfg, id: u32, at: u32) {
        let Some((def, d)) = defining_block(cfg, id) else {
            return;
        };
        let mut k = self.innermost[d as usize];
        // A value of a function-level block, or used in its own block,
        // escapes nothing.
        if k == NONE || d == at {
            return;
        }
        let Some(is_phi) = defines_phi(cfg, def) else {
            return;
        };
        while k != NONE && !self.contains(k, at) {
            let hoisted = self.hoisted(k, d, is_phi);
            let construct = &mut self.constructs[k as usize];
            if construct.is_region() && !hoisted {
                construct.escaping.push(id);
            }
            k = construct.parent;
        }
    }
}

/// The blocks laid out in each region of a [`Structure`].
#[derive(Debug)]
pub struct RegionLayout {
    /// The slot of the function body; a region construct's slot is its index.
    function: u32,
    blocks: Adjacency,
    /// The (slot, block) pairs `blocks` was made of, kept for their memory.
    placed: Vec<(u32, u32)>,
}

impl Drop for RegionLayout {
    /// Keeps this layout's memory for the next one made on this thread,
    /// unless its placements take too much room to keep (see
    /// `crate::ir::worth_keeping`).
    fn drop(&mut self) {
        let room = self.placed.capacity() * std::mem::size_of::<(u32, u32)>();
        if crate::ir::worth_keeping(room) {
            LAYOUT_KEPT.set(LayoutKept {
                placed: std::mem::take(&mut self.placed),
                blocks: std::mem::take(&mut self.blocks),
            });
        }
    }
}

/// The memory of a region layout dropped, for the next one.
#[derive(Default)]
struct LayoutKept {
    placed: Vec<(u32, u32)>,
    blocks: Adjacency,
}

thread_local! {
    /// The memory of the last region layout dropped on this thread, which
    /// the next one reuses.
    static LAYOUT_KEPT: std::cell::Cell<LayoutKept> = std::cell::Cell::default();
}

impl RegionLayout {
    /// The blocks laid out in `region` (a region construct, or [`NONE`]
    /// for the function body), in binary order with the region's header
    /// first. The header of a nested region is listed in both: in the
    /// enclosing region it is the block holding its phis (as arguments),
    /// for a selection its instructions, then the nested op and the
    /// instructions of the nested merge block; in its own region, the
    /// header proper (only the terminator, for a selection).
    pub fn blocks(&self, region: u32) -> &[u32] {
        self.blocks.of(if region == NONE {
            self.function
        } else {
            region
        })
    }
}

/// The instruction defining `id` and the block holding it; `None` for ids
/// defined outside the function's blocks.
#[inline(always)]
fn defining_block(cfg: &Cfg, id: u32) -> Option<(u32, u32)> {
    let def = cfg.view.def(id)?;
    Some((def, cfg.block_of_inst(def)?))
}

/// Whether instruction `def`, defining a value of a block, is a phi;
/// `None` for labels and `OpUndef`s (values at each use).
#[inline(always)]
fn defines_phi(cfg: &Cfg, def: u32) -> Option<bool> {
    match cfg.view.insts[def as usize].op {
        Op::Label | Op::Undef => None,
        op => Some(op == Op::Phi),
    }
}

/// Makes `spans` hold each construct's span in a preorder of the
/// construct tree: its own position and one past its last descendant's
/// (`constructs` lists parents before their children); `next_inside` is
/// memory to work in.
fn fill_preorder_spans(
    constructs: &[Construct],
    spans: &mut Vec<(u32, u32)>,
    next_inside: &mut Vec<u32>,
) {
    // Sizes first, as the spans' ends.
    spans.clear();
    spans.resize(constructs.len(), (0, 1));
    for (k, construct) in constructs.iter().enumerate().rev() {
        if construct.parent != NONE {
            spans[construct.parent as usize].1 += spans[k].1;
        }
    }
    // The next free position at function level and inside each construct.
    let mut next_outer = 0;
    next_inside.clear();
    next_inside.resize(constructs.len(), 0);
    for (k, construct) in constructs.iter().enumerate() {
        let next = match construct.parent {
            NONE => &mut next_outer,
            parent => &mut next_inside[parent as usize],
        };
        let (start, size) = (*next, spans[k].1);
        *next += size;
        next_inside[k] = start + 1;
        spans[k] = (start, start + size);
    }
}

impl Construct {
    /// The construct headed by block `header` of `cfg`.
    fn new(cfg: &Cfg, header: u32) -> Construct {
        let mut construct = Construct {
            kind: ConstructKind::Selection,
            header,
            merge: NONE,
            continue_target: NONE,
            parent: NONE,
            blocks: Vec::new(),
            obstacles: Vec::new(),
            escaping: Vec::new(),
            merge_phis: 0,
            trivial_phis: Vec::new(),
            merge_shared: false,
        };
        construct.set_up(cfg, header);
        construct
    }

    /// Makes this the construct headed by block `header` of `cfg`, before
    /// its nesting and obstacles are known, reusing its lists' memory.
    fn set_up(&mut self, cfg: &Cfg, header: u32) {
        let merge = cfg.merge_of(header);
        let continue_target = cfg.continue_of(header);
        self.kind = match continue_target {
            NONE => ConstructKind::Selection,
            _ => ConstructKind::Loop,
        };
        (self.header, self.merge, self.continue_target) = (header, merge, continue_target);
        self.parent = NONE;
        let (before, after) = cfg.dominated_outside(header, merge);
        let blocks = &mut self.blocks;
        blocks.clear();
        blocks.reserve(before.len() + after.len() + 1);
        blocks.push(header);
        blocks.extend_from_slice(before.get(1..).unwrap_or_default());
        blocks.extend_from_slice(after);
        blocks[1..].sort_unstable();
        self.obstacles.clear();
        self.escaping.clear();
        self.merge_phis = 0;
        self.trivial_phis.clear();
        self.merge_shared = false;
    }
}

impl Drop for Structure {
    /// Keeps this structure's memory for the next one made on this
    /// thread, unless its block entries take too much room to keep (see
    /// `crate::ir::worth_keeping`).
    fn drop(&mut self) {
        let entries = self.innermost.capacity() + self.block_room;
        if !crate::ir::worth_keeping(entries * std::mem::size_of::<u32>()) {
            return;
        }
        KEPT.set(Kept {
            constructs: std::mem::take(&mut self.constructs),
            innermost: std::mem::take(&mut self.innermost),
            spans: std::mem::take(&mut self.spans),
            next_inside: std::mem::take(&mut self.next_inside),
            spare: std::mem::take(&mut self.spare),
            block_room: self.block_room,
        });
    }
}

/// The memory of a structure dropped, for the next one.
#[derive(Default)]
struct Kept {
    constructs: Vec<Construct>,
    innermost: Vec<u32>,
    spans: Vec<(u32, u32)>,
    next_inside: Vec<u32>,
    spare: Vec<Construct>,
    block_room: usize,
}

thread_local! {
    /// The memory of the last structure dropped on this thread, which the
    /// next one reuses.
    static KEPT: std::cell::Cell<Kept> = std::cell::Cell::default();
}
