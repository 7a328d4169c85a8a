//! Operations, blocks, regions and values: their storage, creation and
//! accessors (placing ops in blocks and erasing them is in `placement.rs`;
//! the uses of values and changing operands, in `uses.rs`).
//!
//! Ops in a block form a doubly linked list (O(1) insertion and removal).

use super::context::{Attr, Block, Context, Ident, Location, Op, Region, Type, Value};
use smallvec::SmallVec;

/// Storage for the short lists that change after creation (an op's
/// operands, a value's uses): inline up to a few entries, so most need no
/// allocation of their own.
pub(crate) type Short<T, const N: usize> = SmallVec<[T; N]>;

/// What defines a value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueDef {
    Result {
        op: Op,
        index: u32,
    },
    Argument {
        block: Block,
        index: u32,
    },
    /// Not (yet) defined: a forward reference while parsing.
    Placeholder,
}

#[derive(Clone, Copy)]
pub(crate) struct ValueData {
    pub(crate) ty: Type,
    pub(crate) def: ValueDef,
    /// How many operands use the value (its use list is in `uses.rs`).
    pub(crate) use_count: u32,
}

/// An op's record, kept small: the ops of a module are walked often.
/// Its results, regions and successors lie in the context's shared lists
/// (their number never changes after creation; erasing empties them).
#[derive(Clone)]
pub(crate) struct OpData {
    pub(crate) name: Ident,
    pub(crate) attributes: Attr,
    pub(crate) properties: Option<Attr>,
    /// The block holding the op and its neighbours there ([`NONE`] for
    /// none).
    pub(crate) parent: u32,
    pub(crate) prev: u32,
    pub(crate) next: u32,
    /// Where the op's results start in the context's result list, and how
    /// many there are.
    pub(crate) results: (u32, u32),
    /// Where the op's regions start in the context's region list, and how
    /// many there are.
    pub(crate) regions: (u32, u32),
    /// Where the op's successors start in the context's successor list,
    /// and how many there are.
    pub(crate) successors: (u32, u32),
    pub(crate) loc: PackedLocation,
    pub(crate) operands: Short<Value, 6>,
}

/// A [`Location`] in 16 bytes: absent handles as [`NONE`].
#[derive(Clone, Copy)]
pub(crate) struct PackedLocation {
    file: u32,
    line: u32,
    col: u32,
    name: u32,
}

impl From<Location> for PackedLocation {
    fn from(loc: Location) -> Self {
        PackedLocation {
            file: link(loc.file.map(|f| f.0)),
            line: loc.line,
            col: loc.col,
            name: link(loc.name.map(|n| n.0)),
        }
    }
}

impl From<PackedLocation> for Location {
    fn from(loc: PackedLocation) -> Self {
        let ident = |handle| (handle != NONE).then_some(Ident(handle));
        Location {
            file: ident(loc.file),
            line: loc.line,
            col: loc.col,
            name: ident(loc.name),
        }
    }
}

/// The empty link of [`OpData::parent`], [`OpData::prev`], [`OpData::next`].
pub(super) const NONE: u32 = u32::MAX;

pub(super) fn link(handle: Option<u32>) -> u32 {
    handle.unwrap_or(NONE)
}

/// The positions of a run `(start, len)` in one of the context's shared
/// lists.
pub(super) fn run((start, len): (u32, u32)) -> std::ops::Range<usize> {
    start as usize..(start + len) as usize
}

/// Run `(start, len)` of the shared list `list`; an empty run, as most
/// ops' regions and successors are, without looking at the list.
#[inline]
fn listed<T>(list: &[T], (start, len): (u32, u32)) -> &[T] {
    match len {
        0 => &[],
        _ => &list[run((start, len))],
    }
}

pub(super) fn op_at(link: u32) -> Option<Op> {
    (link != NONE).then_some(Op(link))
}

pub(super) fn block_at(link: u32) -> Option<Block> {
    (link != NONE).then_some(Block(link))
}

#[derive(Clone)]
pub(crate) struct BlockData {
    pub(crate) args: Vec<Value>,
    pub(crate) first: Option<Op>,
    pub(crate) last: Option<Op>,
    pub(crate) parent: Option<Region>,
}

#[derive(Clone)]
pub(crate) struct RegionData {
    pub(crate) blocks: Vec<Block>,
    pub(crate) parent: Option<Op>,
}

/// Everything needed to create an op.
#[derive(Clone, Debug)]
pub struct OpSpec {
    pub name: Ident,
    pub loc: Location,
    pub operands: Vec<Value>,
    pub result_types: Vec<Type>,
    /// Inherent attributes printed as `<{...}>` in the generic form.
    pub properties: Option<Attr>,
    /// Discardable attributes (a dictionary); None means empty.
    pub attributes: Option<Attr>,
    pub num_regions: usize,
    pub successors: Vec<Block>,
}

/// Everything needed to create an op, borrowed (see [`OpSpec`]).
#[derive(Clone, Copy, Debug)]
pub struct OpParts<'a> {
    pub name: Ident,
    pub loc: Location,
    pub operands: &'a [Value],
    pub result_types: &'a [Type],
    pub properties: Option<Attr>,
    pub attributes: Option<Attr>,
    pub num_regions: usize,
    pub successors: &'a [Block],
}

impl<'a> OpParts<'a> {
    /// An op named `name` with nothing else yet.
    pub fn new(name: Ident, loc: Location) -> Self {
        OpParts {
            name,
            loc,
            operands: &[],
            result_types: &[],
            properties: None,
            attributes: None,
            num_regions: 0,
            successors: &[],
        }
    }
}

impl OpSpec {
    /// The spec's parts, borrowed.
    pub fn parts(&self) -> OpParts<'_> {
        OpParts {
            name: self.name,
            loc: self.loc,
            operands: &self.operands,
            result_types: &self.result_types,
            properties: self.properties,
            attributes: self.attributes,
            num_regions: self.num_regions,
            successors: &self.successors,
        }
    }

    pub fn new(name: Ident, loc: Location) -> Self {
        OpSpec {
            name,
            loc,
            operands: Vec::new(),
            result_types: Vec::new(),
            properties: None,
            attributes: None,
            num_regions: 0,
            successors: Vec::new(),
        }
    }
}

impl Context {
    // ----- creation -------------------------------------------------------

    /// Creates a detached op with empty regions.
    pub fn create_op(&mut self, spec: OpSpec) -> Op {
        self.create_op_parts(spec.parts())
    }

    /// Creates a detached op with empty regions from borrowed parts.
    pub fn create_op_parts(&mut self, parts: OpParts) -> Op {
        self.create_op_placed(parts, None)
    }

    /// Creates an op from borrowed parts at the end of `block`.
    pub fn create_op_at_end(&mut self, block: Block, parts: OpParts) -> Op {
        self.create_op_placed(parts, Some(block))
    }

    /// Creates an op from `parts`, linked in at the end of `block` as its
    /// record is made, or detached without a block.
    fn create_op_placed(&mut self, parts: OpParts, block: Option<Block>) -> Op {
        let op = Op(self.store.ops.len() as u32);
        let prev = block.and_then(|block| self.link_last(block, op));
        let results = (
            self.store.result_lists.len() as u32,
            parts.result_types.len() as u32,
        );
        for (i, &ty) in parts.result_types.iter().enumerate() {
            let index = i as u32;
            let value = self.new_value(ty, ValueDef::Result { op, index });
            self.store.result_lists.push(value);
        }
        // Most ops have no regions and no successors: nothing to list.
        let regions = match parts.num_regions {
            0 => (0, 0),
            n => {
                let start = self.store.region_lists.len() as u32;
                for _ in 0..n {
                    let region = self.new_region(Some(op));
                    self.store.region_lists.push(region);
                }
                (start, n as u32)
            }
        };
        let successors = match parts.successors {
            [] => (0, 0),
            blocks => {
                let start = self.store.successor_lists.len() as u32;
                self.store.successor_lists.extend_from_slice(blocks);
                (start, blocks.len() as u32)
            }
        };
        self.store.ops.push(OpData {
            name: parts.name,
            attributes: parts.attributes.unwrap_or(self.empty_dictionary),
            properties: parts.properties,
            parent: link(block.map(|b| b.0)),
            prev: link(prev.map(|p| p.0)),
            next: NONE,
            results,
            regions,
            successors,
            loc: parts.loc.into(),
            operands: Short::new(),
        });
        self.add_operands(op, parts.operands);
        op
    }

    /// Creates from `parts` at the end of `block` an op without regions or
    /// successors and with at most one result, which it returns: the
    /// common op, made without the general path's steps for those (inline:
    /// once per op read).
    #[inline(always)]
    pub(crate) fn append_plain_op(&mut self, block: Block, parts: OpParts) -> Option<Value> {
        debug_assert!(parts.num_regions == 0 && parts.successors.is_empty());
        debug_assert!(parts.result_types.len() <= 1);
        let op = Op(self.store.ops.len() as u32);
        let prev = self.link_last(block, op);
        let start = self.store.result_lists.len() as u32;
        let result = parts.result_types.first().map(|&ty| {
            let value = self.new_value(ty, ValueDef::Result { op, index: 0 });
            self.store.result_lists.push(value);
            value
        });
        self.store.ops.push(OpData {
            name: parts.name,
            attributes: parts.attributes.unwrap_or(self.empty_dictionary),
            properties: parts.properties,
            parent: block.0,
            prev: link(prev.map(|p| p.0)),
            next: NONE,
            results: (start, u32::from(result.is_some())),
            regions: (0, 0),
            successors: (0, 0),
            loc: parts.loc.into(),
            operands: Short::new(),
        });
        self.add_operands(op, parts.operands);
        result
    }

    /// Gives the new op `op` its `operands`, filled in place, and counts
    /// their uses (inline: once per op made).
    #[inline(always)]
    fn add_operands(&mut self, op: Op, operands: &[Value]) {
        let list = &mut self.store.ops[op.index()].operands;
        // The common short list fits inline: only a longer one needs room.
        if operands.len() > list.inline_size() {
            list.reserve_exact(operands.len());
        }
        for &value in operands {
            list.push(value);
        }
        self.count_uses(op, operands);
    }

    /// Makes room for `ops` more ops and `values` more values, for a caller
    /// that knows roughly how much IR it is about to build.
    pub fn reserve(&mut self, ops: usize, values: usize) {
        self.store.ops.reserve(ops);
        self.store.values.reserve(values);
        self.store.result_lists.reserve(values);
    }

    /// Makes room for `blocks` more blocks and `regions` more regions.
    pub fn reserve_regions(&mut self, blocks: usize, regions: usize) {
        self.store.blocks.reserve(blocks);
        self.store.regions.reserve(regions);
    }

    /// A detached block with arguments of `arg_types`.
    pub fn create_block(&mut self, arg_types: &[Type]) -> Block {
        let block = Block(self.store.blocks.len() as u32);
        self.store.blocks.push(BlockData {
            args: Vec::with_capacity(arg_types.len()),
            first: None,
            last: None,
            parent: None,
        });
        for &ty in arg_types {
            self.add_block_arg(block, ty);
        }
        block
    }

    /// A value with no definition, for forward references; define it by
    /// replacing its uses.
    pub fn create_placeholder(&mut self, ty: Type) -> Value {
        self.new_value(ty, ValueDef::Placeholder)
    }

    fn new_value(&mut self, ty: Type, def: ValueDef) -> Value {
        let v = Value(self.store.values.len() as u32);
        self.store.values.push(ValueData {
            ty,
            def,
            use_count: 0,
        });
        v
    }

    fn new_region(&mut self, parent: Option<Op>) -> Region {
        let r = Region(self.store.regions.len() as u32);
        self.store.regions.push(RegionData {
            blocks: Vec::new(),
            parent,
        });
        r
    }

    /// Removes every argument of `block`; none may have uses left.
    pub fn clear_block_args(&mut self, block: Block) {
        let args = std::mem::take(&mut self.store.blocks[block.index()].args);
        debug_assert!(
            args.iter().all(|&a| self.use_count(a) == 0),
            "cleared block arguments still have uses"
        );
    }

    pub fn add_block_arg(&mut self, block: Block, ty: Type) -> Value {
        let index = self.store.blocks[block.index()].args.len() as u32;
        let v = self.new_value(ty, ValueDef::Argument { block, index });
        self.store.blocks[block.index()].args.push(v);
        v
    }

    // ----- accessors ------------------------------------------------------

    pub fn op_name(&self, op: Op) -> Ident {
        self.store.ops[op.index()].name
    }
    pub fn op_name_str(&self, op: Op) -> &str {
        self.str(self.store.ops[op.index()].name)
    }
    pub fn op_loc(&self, op: Op) -> Location {
        self.store.ops[op.index()].loc.into()
    }
    pub fn set_op_loc(&mut self, op: Op, loc: Location) {
        self.store.ops[op.index()].loc = loc.into();
    }
    /// The location of block argument `arg` (unknown unless set).
    pub fn arg_loc(&self, arg: Value) -> Location {
        self.arg_locs.get(&arg).copied().unwrap_or_default()
    }
    pub fn set_arg_loc(&mut self, arg: Value, loc: Location) {
        if loc == Location::UNKNOWN {
            self.arg_locs.remove(&arg);
        } else {
            self.arg_locs.insert(arg, loc);
        }
    }
    /// The discardable attributes of block argument `arg` (a dictionary),
    /// if it has any: what an op's attributes say of its result, for a value
    /// no op defines (a SPIR-V phi's decorations).
    pub fn arg_attrs(&self, arg: Value) -> Option<Attr> {
        self.arg_attrs.get(&arg).copied()
    }
    pub fn set_arg_attrs(&mut self, arg: Value, attrs: Option<Attr>) {
        match attrs.filter(|&a| !self.dict_entries(a).is_empty()) {
            Some(attrs) => self.arg_attrs.insert(arg, attrs),
            None => self.arg_attrs.remove(&arg),
        };
    }
    /// The location of `value`: its op's for a result, its own for a block
    /// argument.
    pub fn value_loc(&self, value: Value) -> Location {
        match self.value_def(value) {
            ValueDef::Result { op, .. } => self.op_loc(op),
            _ => self.arg_loc(value),
        }
    }
    pub fn num_operands(&self, op: Op) -> usize {
        self.store.ops[op.index()].operands.len()
    }
    pub fn operand(&self, op: Op, index: usize) -> Value {
        self.store.ops[op.index()].operands[index]
    }
    pub fn operands(&self, op: Op) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.store.ops[op.index()].operands.iter().copied()
    }
    pub fn results(&self, op: Op) -> &[Value] {
        &self.store.result_lists[run(self.store.ops[op.index()].results)]
    }
    pub fn result(&self, op: Op, index: usize) -> Value {
        self.results(op)[index]
    }
    pub fn properties(&self, op: Op) -> Option<Attr> {
        self.store.ops[op.index()].properties
    }
    pub fn set_properties(&mut self, op: Op, properties: Option<Attr>) {
        self.store.ops[op.index()].properties = properties;
    }
    /// The discardable attribute dictionary.
    pub fn attributes(&self, op: Op) -> Attr {
        self.store.ops[op.index()].attributes
    }
    pub fn set_attributes(&mut self, op: Op, dict: Attr) {
        self.store.ops[op.index()].attributes = dict;
    }
    /// An attribute by name, from the properties first, then the dictionary.
    pub fn attr(&self, op: Op, name: &str) -> Option<Attr> {
        let data = &self.store.ops[op.index()];
        data.properties
            .and_then(|p| self.dict_get(p, name))
            .or_else(|| self.dict_get(data.attributes, name))
    }
    /// Sets (or with None removes) a discardable attribute.
    pub fn set_attr(&mut self, op: Op, name: &str, value: Option<Attr>) {
        let name = self.ident(name);
        let dict = self.store.ops[op.index()].attributes;
        let dict = self.dict_with(dict, name, value);
        self.store.ops[op.index()].attributes = dict;
    }
    pub fn regions(&self, op: Op) -> &[Region] {
        listed(&self.store.region_lists, self.store.ops[op.index()].regions)
    }
    pub fn successors(&self, op: Op) -> &[Block] {
        listed(
            &self.store.successor_lists,
            self.store.ops[op.index()].successors,
        )
    }
    pub fn set_successor(&mut self, op: Op, index: usize, block: Block) {
        let run = run(self.store.ops[op.index()].successors);
        self.store.successor_lists[run][index] = block;
    }
    pub fn parent_block(&self, op: Op) -> Option<Block> {
        block_at(self.store.ops[op.index()].parent)
    }
    /// The op holding the region that holds this op's block.
    pub fn parent_op(&self, op: Op) -> Option<Op> {
        let block = self.parent_block(op)?;
        let region = self.store.blocks[block.index()].parent?;
        self.store.regions[region.index()].parent
    }
    pub fn next_op(&self, op: Op) -> Option<Op> {
        op_at(self.store.ops[op.index()].next)
    }
    pub fn prev_op(&self, op: Op) -> Option<Op> {
        op_at(self.store.ops[op.index()].prev)
    }

    pub fn block_args(&self, block: Block) -> &[Value] {
        &self.store.blocks[block.index()].args
    }
    pub fn first_op(&self, block: Block) -> Option<Op> {
        self.store.blocks[block.index()].first
    }
    pub fn last_op(&self, block: Block) -> Option<Op> {
        self.store.blocks[block.index()].last
    }
    /// The ops of a block in order.
    pub fn block_ops(&self, block: Block) -> BlockOps<'_> {
        BlockOps {
            ctx: self,
            next: self.store.blocks[block.index()].first,
        }
    }
    pub fn block_parent(&self, block: Block) -> Option<Region> {
        self.store.blocks[block.index()].parent
    }
    pub fn region_blocks(&self, region: Region) -> &[Block] {
        &self.store.regions[region.index()].blocks
    }
    pub fn region_parent(&self, region: Region) -> Option<Op> {
        self.store.regions[region.index()].parent
    }
    /// Whether `block` is the first block of its region.
    pub fn is_entry_block(&self, block: Block) -> bool {
        self.block_parent(block)
            .is_some_and(|r| self.region_blocks(r).first() == Some(&block))
    }

    pub fn value_type(&self, v: Value) -> Type {
        self.store.values[v.index()].ty
    }
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.store.values[v.index()].ty = ty;
    }
    pub fn value_def(&self, v: Value) -> ValueDef {
        self.store.values[v.index()].def
    }
    /// The block in which a value is defined (None for detached ops and placeholders).
    pub fn value_block(&self, v: Value) -> Option<Block> {
        match self.value_def(v) {
            ValueDef::Result { op, .. } => self.parent_block(op),
            ValueDef::Argument { block, .. } => Some(block),
            ValueDef::Placeholder => None,
        }
    }
}

/// Iterator over the ops of a block.
pub struct BlockOps<'a> {
    ctx: &'a Context,
    next: Option<Op>,
}

impl Iterator for BlockOps<'_> {
    type Item = Op;
    fn next(&mut self) -> Option<Op> {
        let op = self.next?;
        self.next = op_at(self.ctx.store.ops[op.index()].next);
        Some(op)
    }
}
// Op records stay within 104 bytes, value records within 20.
const _: () = assert!(std::mem::size_of::<OpData>() <= 104);
const _: () = assert!(std::mem::size_of::<ValueData>() <= 20);
