//! A function body's blocks as IR blocks and regions: each construct that
//! maps onto a region ([`Structure`]) becomes a `spirv.mlir.selection` /
//! `spirv.mlir.loop` op; the rest of the blocks stay a CFG.
//!
//! The layout (MLIR 19's, as its deserializer prints it):
//! - the op sits in the block standing for the header in the enclosing
//!   region; that block takes the header's phis as arguments (for a loop,
//!   the values entering from outside); when the header is the function's
//!   entry block, the entry block branches to the block holding the op;
//! - selection region: the header's instructions and terminator, the
//!   construct's other blocks in binary order, then a merge block holding
//!   only `spirv.mlir.merge`;
//! - loop region: an entry block branching to the header (passing the
//!   outer block's arguments), the header with its phis as arguments, the
//!   other blocks with the back-edge block last (a fresh one when the
//!   header is its own continue target), then the merge block;
//! - a branch to the construct's merge block from inside lands on the
//!   region's merge block, passing the merge block's phi values and the
//!   values defined inside and used after ([`Construct::escaping`]): they
//!   are the op's results;
//! - the merge block's instructions follow the op in the same block when
//!   only the construct reaches it; otherwise the op is followed by a branch
//!   to the merge block.
//!
//! A construct that cannot be a region keeps its merge instruction as an
//! op naming blocks of the enclosing region by position. When such a
//! target lies in another region, the function keeps a plain CFG.
//!
//! [`Construct::escaping`]: crate::binary::structurize::Construct::escaping

use super::carry::Values;
use super::function::Scope;
use super::Reader;
use crate::binary::cfg::Cfg;
use crate::binary::module::NONE;
use crate::binary::structurize::{ConstructKind, Obstacle, ObstacleKind, RegionLayout, Structure};
use crate::binary::{DecodeError, DecodedOperands};
use crate::grammar::Op;
use crate::ir::{AttrData, Block, Builder, OpParts, Region, Type, Value, ValueDef};
use crate::spirv::conventions::RESULT_DECORATIONS;
use smallvec::SmallVec;

/// Blocks of one region (binary or IR), inline for most regions.
type BlockList<T> = SmallVec<[T; 8]>;

/// The blocks a construct's region adds.
#[derive(Clone, Copy)]
struct RegionBlocks {
    /// The header inside the region (for a selection, the first block).
    header: Block,
    /// The fresh continue block of a loop whose header is its own
    /// continue target.
    continue_block: Option<Block>,
    merge: Block,
}

/// What the reader keeps of one binary block.
#[derive(Clone, Copy)]
struct Slot {
    /// Its IR block; `None` when its instructions follow a construct's op
    /// in the block before it.
    own: Option<Block>,
    /// Its instructions follow the op of the construct it merges (see
    /// [`absorbed_merges`]).
    absorbed: bool,
    /// The region construct it merges, once that region is made; [`NONE`]
    /// before.
    merged: u32,
}

impl Slot {
    const EMPTY: Slot = Slot {
        own: None,
        absorbed: false,
        merged: NONE,
    };
}

/// One function body being read.
pub(super) struct Body<'c, 'v> {
    pub cfg: &'c Cfg<'v>,
    structure: Structure,
    /// `None` without constructs: the body's blocks in binary order.
    layout: Option<RegionLayout>,
    /// Per binary block.
    slots: Vec<Slot>,
    regions: Vec<Option<RegionBlocks>>,
    /// Some construct stays inline: its merge op names blocks by position.
    inline_merges: bool,
}

impl Drop for Body<'_, '_> {
    /// Keeps the body's per-block and per-construct tables for the next
    /// one read on this thread, unless they take too much room to keep
    /// (see [`crate::ir::worth_keeping`]).
    fn drop(&mut self) {
        let room = self.slots.capacity() * std::mem::size_of::<Slot>()
            + self.regions.capacity() * std::mem::size_of::<Option<RegionBlocks>>();
        if crate::ir::worth_keeping(room) {
            KEPT.set((
                std::mem::take(&mut self.slots),
                std::mem::take(&mut self.regions),
            ));
        }
    }
}

thread_local! {
    /// The tables of the last body dropped on this thread, which the next
    /// one reuses.
    static KEPT: std::cell::Cell<(Vec<Slot>, Vec<Option<RegionBlocks>>)> =
        std::cell::Cell::default();
}

/// Where a branch lands: the IR block, the ids passed beyond the target's
/// phis, and per phi the id a trivial merge phi stands for.
pub(super) type Landing<'a> = (Block, &'a [u32], &'a [Option<u32>]);

impl<'c, 'v> Body<'c, 'v> {
    /// The constructs of `cfg`'s function that become regions; none when
    /// some construct kept inline names a block of another region.
    /// `operands`, `described`: see [`Structure::analyze`].
    pub fn new(
        cfg: &'c Cfg<'v>,
        operands: &DecodedOperands,
        described: &dyn Fn(u32) -> bool,
    ) -> Self {
        let mut structure = Structure::analyze(cfg, operands, described);
        let (mut slots, mut regions) = KEPT.take();
        slots.clear();
        slots.resize(cfg.len(), Slot::EMPTY);
        absorbed_merges(&structure, &mut slots);
        if !regions_fit(cfg, &structure, &slots) {
            for construct in &mut structure.constructs {
                construct.obstacles.push(Obstacle {
                    block: cfg.label(construct.header),
                    kind: ObstacleKind::InlineNamesOtherRegion,
                });
            }
            slots.fill(Slot::EMPTY);
        }
        let layout = (!structure.constructs.is_empty()).then(|| structure.region_layout());
        regions.clear();
        regions.resize(structure.constructs.len(), None);
        Body {
            cfg,
            regions,
            layout,
            inline_merges: !structure.fully_structured(),
            structure,
            slots,
        }
    }

    /// The IR block a branch from binary block `from` to `to` lands on,
    /// the ids it passes beyond `to`'s phis, and which of those phis take
    /// no value (a region's trivial merge phis; empty for none).
    pub fn target(&self, from: u32, to: u32) -> Option<Landing<'_>> {
        let slot = self.slots[to as usize];
        let k = slot.merged;
        if k != NONE && self.structure.contains(k, from) {
            let construct = &self.structure.constructs[k as usize];
            let merge = self.regions[k as usize]?.merge;
            return Some((merge, &construct.escaping, &construct.trivial_phis));
        }
        if let Some(k) = self.structure.region_headed_by(to) {
            if let Some(blocks) = self.regions[k as usize] {
                if self.structure.contains(k, from) {
                    let block = match blocks.continue_block {
                        Some(c) if from == to => c,
                        _ => blocks.header,
                    };
                    return Some((block, &[], &[]));
                }
            }
        }
        Some((slot.own?, &[], &[]))
    }

    /// The region where the block standing for `b` lies.
    fn placed_in(&self, b: u32) -> u32 {
        placed_in(&self.structure, b)
    }
}

/// Where the block standing for `b` lies: the enclosing region of the
/// region construct it heads, else its own region.
fn placed_in(structure: &Structure, b: u32) -> u32 {
    match structure.region_headed_by(b) {
        Some(k) => structure.enclosing_region(k),
        None => structure.region_of(b),
    }
}

/// Marks the merge blocks whose instructions follow their construct's op:
/// those only the construct reaches.
fn absorbed_merges(structure: &Structure, slots: &mut [Slot]) {
    for c in structure.constructs.iter().filter(|c| c.is_region()) {
        if !c.merge_shared {
            slots[c.merge as usize].absorbed = true;
        }
    }
}

/// Every merge instruction kept inline names blocks of its own region,
/// and every region's merge block lies in the enclosing region.
fn regions_fit(cfg: &Cfg, structure: &Structure, slots: &[Slot]) -> bool {
    let own_block_in = |b: u32, region: u32| {
        b != NONE && !slots[b as usize].absorbed && placed_in(structure, b) == region
    };
    structure.constructs.iter().enumerate().all(|(k, c)| {
        if c.is_region() {
            let outer = structure.enclosing_region(k as u32);
            let merge_placed = placed_in(structure, c.merge) == outer;
            let back_edges = (cfg.predecessors(c.header).iter())
                .filter(|&&p| structure.contains(k as u32, p))
                .count();
            let back_edge_placed = back_edge_owner(cfg, structure, slots, k as u32)
                .map_or(true, |b| placed_in(structure, b) == k as u32);
            merge_placed
                && (c.kind == ConstructKind::Selection || back_edges == 1 && back_edge_placed)
        } else {
            let region = structure.region_of(c.header);
            let continue_ok =
                c.kind == ConstructKind::Selection || own_block_in(c.continue_target, region);
            own_block_in(c.merge, region) && continue_ok
        }
    })
}

impl Reader<'_, '_> {
    /// Reads the function body into `region`: its blocks, and an op with a
    /// region for each construct that maps onto one. `params` are the
    /// function's parameters (id, type), `leading` the non-semantic
    /// instructions before its first label, read into the entry block.
    pub(super) fn read_body(
        &mut self,
        scope: &mut Scope,
        body: &mut Body,
        region: Region,
        params: &[(u32, Type)],
        leading: &[u32],
    ) -> Result<(), DecodeError> {
        scope.positions.clear();
        if body.inline_merges {
            scope.positions.resize(body.cfg.len(), NONE);
        }
        let listing = self.own_blocks(body, NONE);
        // Beside these, an entry block when the first holds a construct's op.
        self.ctx.reserve_region_blocks(region, listing.len() + 1);
        let param_types: Vec<Type> = params.iter().map(|&(_, ty)| ty).collect();
        let blocks = self.create_blocks(scope, body, region, &listing, &param_types)?;
        let entry = self.ctx.region_blocks(region).first().copied();
        if let Some(entry) = entry {
            let args = self.ctx.block_args(entry).to_vec();
            for (&(id, _), arg) in params.iter().zip(args) {
                self.define(scope, id, arg);
            }
            if !leading.is_empty() {
                let builder = Builder::at_end(entry);
                self.read_loose(scope, (entry, &builder), leading.iter().copied())?;
            }
            if blocks.first() != Some(&entry) {
                self.branch(entry, blocks[0], &[]);
            }
        }
        for (&b, &block) in listing.iter().zip(&blocks) {
            let skip = if Some(block) == entry {
                params.len()
            } else {
                0
            };
            let phis = self.ctx.block_args(block)[skip..].to_vec();
            self.read_block(scope, body, block, b, phis)?;
        }
        Ok(())
    }

    /// The binary blocks with a block of their own in `region`, in
    /// binary order (the region's header excluded).
    fn own_blocks(&self, body: &Body, region: u32) -> BlockList<u32> {
        let Some(layout) = &body.layout else {
            return (0..body.cfg.len() as u32).collect();
        };
        let header = usize::from(region != NONE);
        let blocks = layout.blocks(region)[header..].iter().copied();
        let own = |b: u32| !body.slots[b as usize].absorbed && body.placed_in(b) == region;
        blocks.filter(|&b| own(b)).collect()
    }

    /// A block per binary block of `listing`, with its phis as arguments
    /// (after `params` for the function's entry block), appended to
    /// `region` (room for them reserved); each block's position noted for
    /// the merge ops kept inline.
    fn create_blocks(
        &mut self,
        scope: &mut Scope,
        body: &mut Body,
        region: Region,
        listing: &[u32],
        params: &[Type],
    ) -> Result<BlockList<Block>, DecodeError> {
        let mut blocks = BlockList::with_capacity(listing.len());
        // Each block's argument types in turn.
        let mut types = Vec::new();
        for &b in listing {
            types.clear();
            if b == 0 {
                types.extend_from_slice(params);
                if body.structure.region_headed_by(b).is_some() {
                    // The function's entry block cannot hold the construct's
                    // op (MLIR's layout): it branches to a block that does.
                    let entry = self.ctx.create_block(&types);
                    self.ctx.append_block(region, entry);
                    types.clear();
                }
            }
            // Most blocks have no phis: known without a call.
            if !body.cfg.blocks[b as usize].phis().is_empty() {
                self.push_phi_types(body.cfg, b, &mut types)?;
            }
            let block = self.ctx.create_block(&types);
            self.ctx.append_block(region, block);
            if body.inline_merges {
                let position = self.ctx.region_blocks(region).len() - 1;
                scope.positions[b as usize] = position as u32;
            }
            body.slots[b as usize].own = Some(block);
            blocks.push(block);
        }
        Ok(blocks)
    }

    /// The types of block `b`'s phis.
    fn phi_types(&mut self, cfg: &Cfg, b: u32) -> Result<Vec<Type>, DecodeError> {
        let mut types = Vec::new();
        self.push_phi_types(cfg, b, &mut types)?;
        Ok(types)
    }

    /// Appends the types of block `b`'s phis to `types`.
    fn push_phi_types(
        &mut self,
        cfg: &Cfg,
        b: u32,
        types: &mut Vec<Type>,
    ) -> Result<(), DecodeError> {
        for phi in cfg.phis(b) {
            let ty = self.view.insts[phi as usize].result_type;
            types.push(self.type_of_id(phi, Some(ty))?);
        }
        Ok(())
    }

    /// Binary block `b` read into `block`, its phis taking `phis`: the op
    /// of the construct it heads, or its instructions and terminator.
    fn read_block(
        &mut self,
        scope: &mut Scope,
        body: &mut Body,
        block: Block,
        b: u32,
        phis: Vec<Value>,
    ) -> Result<(), DecodeError> {
        match body.structure.region_headed_by(b) {
            Some(k) => self.read_construct(scope, body, block, k, phis),
            None => self.read_plain_block(scope, body, block, b, phis, false),
        }
    }

    /// The decorations of phi `id`, which became `value`: a block
    /// argument's attributes, or for a construct's result the entry of its
    /// op's `result_decorations` (one dictionary per result), as an op's
    /// attributes say its result's.
    fn decorate_phi(&mut self, id: u32, value: Value) {
        if !self.is_decorated(id) {
            return;
        }
        let attrs = self.decoration_attrs(id, &[]);
        if attrs.is_empty() {
            return;
        }
        let attrs = self.ctx.dictionary_attr_of(&attrs);
        match self.ctx.value_def(value) {
            ValueDef::Result { op, index } => {
                let empty = self.ctx.empty_dictionary();
                let existing = self.ctx.attr(op, RESULT_DECORATIONS);
                let mut per_result = match existing.map(|a| self.ctx.attr_data(a)) {
                    Some(AttrData::Array(items)) => items.to_vec(),
                    _ => vec![empty; self.ctx.results(op).len()],
                };
                if let Some(slot) = per_result.get_mut(index as usize) {
                    *slot = attrs;
                }
                let array = self.ctx.array_attr(per_result);
                self.ctx.set_attr(op, RESULT_DECORATIONS, Some(array));
            }
            _ => self.ctx.set_arg_attrs(value, Some(attrs)),
        }
    }

    /// `b`'s instructions and terminator into `block`; a region header's
    /// merge instruction (`skip_merge`) is left to its op.
    fn read_plain_block(
        &mut self,
        scope: &mut Scope,
        body: &Body,
        block: Block,
        b: u32,
        phis: Vec<Value>,
        skip_merge: bool,
    ) -> Result<(), DecodeError> {
        let cfg = body.cfg;
        for (phi, value) in cfg.phis(b).zip(phis) {
            let id = self.view.insts[phi as usize].result;
            self.define(scope, id, value);
            self.decorate_phi(id, value);
        }
        let binary = cfg.blocks[b as usize];
        // A line applies up to the end of its block.
        self.line = crate::ir::Location::UNKNOWN;
        // Set up once for the block's instructions.
        let builder = Builder::at_end(block);
        let mut values = Values::new();
        // Non-semantic instructions after the previous block's terminator
        // open this block; those after the last block's, which end the
        // function, go before its terminator.
        let previous_end = match b {
            0 => binary.start,
            _ => cfg.blocks[b as usize - 1].terminator + 1,
        };
        let function_end = match b as usize + 1 == cfg.blocks.len() {
            true => self.loose_instructions_end(binary.terminator + 1),
            false => binary.terminator + 1,
        };
        if previous_end < binary.start {
            self.read_loose(scope, (block, &builder), previous_end..binary.start)?;
        }
        // Debug instructions before or among the phis open the body; the
        // phis are the block's arguments, the lines their locations.
        for index in binary.start + 1..binary.phi_end {
            let op = self.view.insts[index as usize].op;
            if !matches!(op, Op::Phi | Op::Line | Op::NoLine) {
                values.clear();
                self.read_instruction(scope, (block, &builder), index, &mut values)?;
            }
        }
        for index in binary.phi_end..binary.terminator {
            if skip_merge && index == binary.merge {
                continue;
            }
            values.clear();
            self.read_instruction(scope, (block, &builder), index, &mut values)?;
        }
        if binary.terminator + 1 < function_end {
            self.read_loose(
                scope,
                (block, &builder),
                binary.terminator + 1..function_end,
            )?;
        }
        self.read_terminator(scope, block, body, b)
    }

    /// The non-semantic instructions `loose` outside the function's blocks
    /// (before its first label, between blocks), into `at`.
    #[cold]
    fn read_loose(
        &mut self,
        scope: &mut Scope,
        at: (Block, &Builder),
        loose: impl IntoIterator<Item = u32>,
    ) -> Result<(), DecodeError> {
        let mut values = Values::new();
        for index in loose {
            values.clear();
            self.read_instruction(scope, at, index, &mut values)?;
        }
        Ok(())
    }

    /// Where the non-semantic instructions from `start` on, between a
    /// function's blocks, end.
    fn loose_instructions_end(&self, start: u32) -> u32 {
        let insts = &self.view.insts[start as usize..];
        start + insts.iter().take_while(|i| i.op == Op::ExtInst).count() as u32
    }

    /// Construct `k`'s op at the end of `block`, its region, and what
    /// follows it: the merge block's instructions, or a branch to them.
    fn read_construct(
        &mut self,
        scope: &mut Scope,
        body: &mut Body,
        block: Block,
        k: u32,
        phis: Vec<Value>,
    ) -> Result<(), DecodeError> {
        let construct = &body.structure.constructs[k as usize];
        let (header, merge_of, phi_results) =
            (construct.header, construct.merge, construct.merge_phis);
        let is_loop = construct.kind == ConstructKind::Loop;
        let cfg = body.cfg;
        let merge_index = cfg.blocks[header as usize].merge;
        let builder = Builder::at_end(block);
        let carried = self.carried(scope, &builder, merge_index, false, &mut Values::new())?;
        let mut result_types = self.phi_types(cfg, merge_of)?;
        let mut trivial = construct.trivial_phis.iter();
        result_types.retain(|_| !matches!(trivial.next(), Some(Some(_))));
        for &id in &construct.escaping {
            let ty = self.view.def_inst(id).map_or(0, |d| d.result_type);
            result_types.push(self.type_of_id(merge_index, Some(ty))?);
        }
        let name = if is_loop {
            "spirv.mlir.loop"
        } else {
            "spirv.mlir.selection"
        };
        let mut spec = self.spec(name, vec![], result_types.clone(), []);
        spec.properties = carried.properties;
        spec.num_regions = 1;
        let op = builder.create_from(&mut self.ctx, spec);
        let results = self.ctx.results(op).to_vec();
        let region = self.ctx.regions(op)[0];

        let mut listing = self.own_blocks(body, k);
        if is_loop {
            if let Some(last) = back_edge_owner(cfg, &body.structure, &body.slots, k) {
                listing.retain(|b| *b != last);
                listing.push(last);
            }
        }
        let self_loop = is_loop && cfg.successors(header).contains(&header);
        // The listed blocks, the first and merge blocks, a loop's header
        // and its continue block when made.
        let room = listing.len() + 2 + usize::from(is_loop) + usize::from(self_loop);
        self.ctx.reserve_region_blocks(region, room);
        let first = self.ctx.create_block(&[]);
        self.ctx.append_block(region, first);
        let header_block = if is_loop {
            let types = self.phi_types(cfg, header)?;
            let inner = self.ctx.create_block(&types);
            self.ctx.append_block(region, inner);
            inner
        } else {
            first
        };
        let blocks = self.create_blocks(scope, body, region, &listing, &[])?;
        let continue_block = if self_loop {
            let args = self.ctx.block_args(header_block).to_vec();
            let types: Vec<Type> = args.iter().map(|&a| self.ctx.value_type(a)).collect();
            let c = self.ctx.create_block(&types);
            self.ctx.append_block(region, c);
            Some(c)
        } else {
            None
        };
        let merge = self.ctx.create_block(&result_types);
        self.ctx.append_block(region, merge);
        body.regions[k as usize] = Some(RegionBlocks {
            header: header_block,
            continue_block,
            merge,
        });
        body.slots[merge_of as usize].merged = k;

        if is_loop {
            self.branch(first, header_block, &phis);
            let args = self.ctx.block_args(header_block).to_vec();
            self.read_plain_block(scope, body, header_block, header, args, true)?;
        } else {
            self.read_plain_block(scope, body, first, header, phis, true)?;
        }
        if let Some(c) = continue_block {
            let args = self.ctx.block_args(c).to_vec();
            self.branch(c, header_block, &args);
        }
        for (&b, &own) in listing.iter().zip(&blocks) {
            let args = self.ctx.block_args(own).to_vec();
            self.read_block(scope, body, own, b, args)?;
        }
        // The merge op by the plain op path, its operands on the stack.
        let yielded: SmallVec<[Value; 4]> = self.ctx.block_args(merge).into();
        let mut parts = OpParts::new(self.static_ident("spirv.mlir.merge"), self.line);
        parts.operands = &yielded;
        self.ctx.append_plain_op(merge, parts);

        let construct = &body.structure.constructs[k as usize];
        for (&id, &result) in construct.escaping.iter().zip(&results[phi_results..]) {
            scope.set(id, result);
        }
        // The merge block's phis: the results, but for trivial phis the
        // result of the id they stand for.
        let mut kept = results[..phi_results].iter();
        let merge_phis: Vec<Value> = (construct.trivial_phis.iter())
            .filter_map(|trivial| match trivial {
                Some(id) => scope.value(*id),
                None => kept.next().copied(),
            })
            .collect();
        match body.slots[merge_of as usize].own {
            Some(target) if construct.merge_shared => {
                self.branch(block, target, &merge_phis);
                Ok(())
            }
            _ => self.read_block(scope, body, block, merge_of, merge_phis),
        }
    }

    /// `spirv.Branch` from `from` to `to` passing `args`.
    fn branch(&mut self, from: Block, to: Block, args: &[Value]) {
        let mut parts = OpParts::new(self.static_ident("spirv.Branch"), self.line);
        parts.operands = args;
        parts.successors = std::slice::from_ref(&to);
        Builder::at_end(from).create_from_parts(&mut self.ctx, parts);
    }
}

/// The binary block whose IR block holds `b`'s instructions: `b`, or for
/// a merge block read after its construct's op, the block holding the op.
fn owner(structure: &Structure, slots: &[Slot], b: u32) -> u32 {
    let mut at = b;
    while slots[at as usize].absorbed {
        let Some(k) = (structure.constructs.iter())
            .position(|c| c.is_region() && c.merge == at && !c.merge_shared)
        else {
            break;
        };
        at = structure.constructs[k].header;
    }
    at
}

/// The block of loop `k` that branches back to its header (through the
/// IR block holding it), if another block than the header does.
fn back_edge_owner(cfg: &Cfg, structure: &Structure, slots: &[Slot], k: u32) -> Option<u32> {
    let header = structure.constructs[k as usize].header;
    (cfg.predecessors(header).iter())
        .copied()
        .find(|&p| p != header && structure.contains(k, p))
        .map(|p| owner(structure, slots, p))
}
