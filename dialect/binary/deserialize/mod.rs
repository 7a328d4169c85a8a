//! Binary → IR: a `spirv.module` op built from a module's words, following
//! MLIR 19's conventions. The module header, capabilities, extensions and
//! memory model become the module's attributes; types become IR types;
//! constants, global variables, spec constants and `OpUndef`s are module
//! facts materialized at each use (`spirv.Constant`, `spirv.mlir.addressof`,
//! `spirv.mlir.referenceof`, `spirv.Undef`, `spirv.SpecConstantOperation`);
//! decorations and names become attributes and symbol names (id operands
//! as `@symbol`s or constant values); entry points and execution modes
//! become `spirv.EntryPoint` / `spirv.ExecutionMode(Id)`; functions keep
//! their structured constructs as selection and loop regions (see
//! the `function` and `regions` modules).
//!
//! Debug instructions (`OpSource`, `OpString`, `OpLine`, ...) and
//! non-semantic extended instructions are kept (see the `debug` module). `OpName`s
//! become symbol and struct names, `OpMemberName`s struct member names,
//! and name locations of function values
//! and of symbols that could not take their name (an entry point's
//! function is named by its entry point, clashing names get a suffix).

mod carry;
mod constants;
mod debug;
mod function;
mod globals;
mod properties;
mod regions;
mod spec_ops;
mod static_names;
mod tables;
mod types;

use super::id_table::{IdTable, OwnedTable};
use super::module::{ModuleView, Section};
use super::{DecodeError, DecodedOperand as Operand, DecodedOperands};
use crate::grammar::{Op, OperandKind};
use crate::ir::Param;
use crate::ir::{Attr, AttrData, Block, Builder, Context, DialectData, Ident, Location};
use crate::ir::{FastMap, FastSet};
use crate::ir::{OpParts, OpSpec};
use crate::ir::{Type, Value};
use crate::spirv::types::{ARRAYED, DEPTH, OPAQUE_TYPES, SAMPLER_USE, SAMPLING};
use crate::spirv::{conventions, NAMESPACE};
use smallvec::SmallVec;
use tables::IdTables;

/// What a module-level id stands for where a function uses it; symbols
/// by their names.
#[derive(Clone, Copy, Debug)]
enum Global {
    Constant(Attr, Type),
    Variable(Ident, Type),
    SpecConstant(Ident, Type),
    /// An `OpSpecConstantOp` (its instruction index) used only in
    /// functions: a `spirv.SpecConstantOperation` at each use.
    SpecOperation(u32),
    Undef(Type),
    /// A constant no attribute holds (its instruction index and type): an
    /// `OpConstantSampler`, or an `OpConstantNull` of a pointer, an event,
    /// ...: the op its instruction names at each use.
    Instruction(u32, Type),
    Function(Ident),
}

/// Decorations by name, with their operands.
type Decorations<'v> = SmallVec<[(&'static str, &'v [Operand]); 2]>;

/// An id's decorations as attributes (see [`Reader::decoration_attrs`]),
/// most lists short enough to need no allocation.
type DecorationAttrs = SmallVec<[(Ident, Attr); 4]>;

/// One struct member's decorations, as [`Reader::member_decorations`] gives
/// them.
type MemberDecorations<'v> = SmallVec<[(&'static str, &'v [Operand]); 8]>;

/// How many small values [`Reader::i32_attr`] keeps the attributes of.
const SMALL_I32S: usize = 32;

/// The op a module-level fact becomes where a function uses it.
#[derive(Clone, Copy)]
struct Materialized {
    name: Ident,
    ty: Type,
    properties: Option<Attr>,
}

/// The state of one deserialization.
struct Reader<'v, 'w> {
    view: &'v ModuleView<'w>,
    decoded: &'v DecodedOperands,
    ctx: Context,
    module_body: Block,
    types: IdTable<Type>,
    /// The values of the function being read, by id, each with the number
    /// of its function (see [`function::Scope`]).
    function_values: OwnedTable<Value>,
    /// `OpName`s by target id (their instruction indices; see
    /// [`Reader::name`]).
    names: IdTable<u32>,
    /// `OpMemberName`s by (struct id, member): their instruction indices.
    member_names: FastMap<(u32, u32), u32>,
    /// Decorated ids: where their decorations are in `decoration_lists`.
    decorations: IdTable<u32>,
    decoration_lists: Vec<Decorations<'v>>,
    member_decorations: FastMap<(u32, u32), tables::MemberDecorationIndices>,
    globals: IdTable<Global>,
    /// The op each materialized global becomes at a use, built at its first
    /// use and reused after.
    materializations: IdTable<Materialized>,
    /// The op names and properties of instructions carried before (see
    /// [`Reader::carried`]).
    carried_before: FastMap<carry::CarriedKey, (Op, Option<Attr>)>,
    /// See [`Reader::static_ident`].
    static_idents: static_names::StaticNames,
    /// Enum attributes made so far, with their kind and value (a module
    /// uses few: a short list needs no table).
    enum_attrs: SmallVec<[(OperandKind, u32, Attr); 8]>,
    /// `OpSpecConstantOp` results that module-level instructions use (array
    /// lengths, composite constituents): these get a symbol.
    module_level_uses: FastSet<u32>,
    /// Structs whose members are being converted, with their names, for
    /// recursive references through forward-declared pointers.
    open_structs: Vec<(u32, Ident)>,
    /// Symbol names of global variables, spec constants and functions.
    symbols: IdTable<Ident>,
    /// The symbols that are not their id's `OpName`, with that name (see
    /// [`Reader::keep_symbol_op_names`]).
    renamed_symbols: SmallVec<[(Ident, &'v str); 4]>,
    /// The names in `symbols` (see [`Reader::assign_symbols`]).
    taken_symbols: tables::IdentSet,
    /// Functions' first entry points by instruction index (see
    /// [`Reader::assign_symbols`]).
    entry_points: FastMap<u32, u32>,
    /// The globals that may take a symbol (see [`Reader::scan_globals`]).
    symbol_sources: Vec<u32>,
    /// See [`Reader::global_symbol_ref`].
    symbol_refs: IdTable<Attr>,
    /// How deep types declared later are being converted early.
    forward_depth: u32,
    /// The location the last `OpLine` gives the ops that follow.
    line: Location,
    /// Structs decorated `Block` that `PhysicalStorageBuffer` pointers
    /// point to.
    buffer_reference_blocks: FastSet<u32>,
    /// The type of the `i32` attributes literals and positions become.
    i32_type: Type,
    /// The interned names of [`properties::Property`]s, by property.
    property_names: [Ident; properties::PROPERTY_COUNT],
    /// The interned name of the `spirv` dialect, which every type and
    /// enum attribute the reader makes names.
    namespace: Ident,
    /// The `none` type, once a type has used it.
    none_type: Option<Type>,
    /// The unit attribute, once a decoration has used it.
    unit_attr: Option<Attr>,
    /// The `i32` attributes of small values, once used (see
    /// [`Reader::i32_attr`]).
    small_i32s: [Option<Attr>; SMALL_I32S],
    /// See [`Reader::branch_properties`].
    branch_properties: FastMap<[i64; 3], Attr>,
    /// The memory of the last function's [`function::Scope`] tables, for
    /// the next one's.
    pending: FastMap<u32, Value>,
    block_positions: Vec<u32>,
}

thread_local! {
    /// The template context's interned static names (see
    /// [`Reader::static_ident`]) by their address, which a reader takes
    /// and gives back: every module's context is a clone of the template
    /// (see [`crate::dialects::context`]), where they name the same
    /// strings.
    static TEMPLATE_IDENTS: std::cell::Cell<Option<static_names::StaticNames>> =
        std::cell::Cell::default();
}

/// Reads `words` into a context holding one `spirv.module` op.
pub fn deserialize(words: &[u32]) -> Result<(Context, crate::ir::Op), DecodeError> {
    let (view, decoded) = ModuleView::index_decoded(words)?;
    // Uses are checked on the decoded operands; the full check (which
    // reads the words again) only names a problem, first as before.
    let decoded = match decoded {
        Ok((decoded, true)) => decoded,
        decoded => {
            view.check_uses()?;
            decoded?.0
        }
    };
    // Room for the attributes, types and strings reading adds, in
    // proportion to the module's size, beside those every module has.
    let insts = view.insts.len();
    let mut ctx =
        crate::dialects::context_with_room(64 + insts / 2, 24 + insts / 8, 16 + insts / 4);
    // Up to about one op and one value per instruction (more where
    // constants are materialized at many uses), a block per few.
    ctx.reserve(insts + insts / 4, insts + insts / 8);
    ctx.reserve_regions(4 + insts / 4, 4 + insts / 16);
    let mut spec = OpSpec::new(ctx.ident("spirv.module"), Default::default());
    spec.num_regions = 1;
    let module = ctx.create_op(spec);
    let region = ctx.regions(module)[0];
    let module_body = ctx.create_block(&[]);
    ctx.append_block(region, module_body);
    // Real modules number their ids densely; a malformed bound is not
    // trusted beyond the module's size.
    let id_room = view.header.bound.min(words.len() as u32);
    let i32_type = ctx.int_type(32);
    // Room for every id in the names only where some instruction is named.
    let names_room = match view.section_range(Section::DebugNames).is_empty() {
        true => 0,
        false => id_room,
    };
    let tables = IdTables::take_kept(id_room, names_room);
    let mut reader = Reader {
        view: &view,
        decoded: &decoded,
        ctx,
        module_body,
        types: tables.types,
        function_values: tables.function_values,
        names: tables.names,
        member_names: tables.member_names,
        decorations: tables.decorations,
        decoration_lists: tables::recycled(tables.decoration_lists),
        member_decorations: tables.member_decorations,
        globals: tables.globals,
        module_level_uses: tables.module_level_uses,
        materializations: tables.materializations,
        enum_attrs: SmallVec::new(),
        static_idents: TEMPLATE_IDENTS.take().unwrap_or_default(),
        carried_before: tables.carried_before,
        open_structs: tables.open_structs,
        symbols: tables.symbols,
        renamed_symbols: SmallVec::new(),
        taken_symbols: tables.taken_symbols,
        entry_points: tables.entry_points,
        symbol_sources: tables.symbol_sources,
        symbol_refs: tables.symbol_refs,
        forward_depth: 0,
        line: Location::UNKNOWN,
        buffer_reference_blocks: tables.buffer_reference_blocks,
        i32_type,
        property_names: [Ident(0); properties::PROPERTY_COUNT],
        namespace: Ident(0),
        none_type: None,
        unit_attr: None,
        small_i32s: [None; SMALL_I32S],
        branch_properties: tables.branch_properties,
        pending: tables.pending,
        block_positions: tables.block_positions,
    };
    reader.property_names = reader.property_idents();
    reader.namespace = reader.static_ident(NAMESPACE);
    let read = reader.read_module(module);
    TEMPLATE_IDENTS.set(Some(reader.static_idents));
    IdTables {
        names: reader.names,
        types: reader.types,
        function_values: reader.function_values,
        decorations: reader.decorations,
        globals: reader.globals,
        materializations: reader.materializations,
        symbol_refs: reader.symbol_refs,
        carried_before: reader.carried_before,
        symbols: reader.symbols,
        taken_symbols: reader.taken_symbols,
        entry_points: reader.entry_points,
        symbol_sources: reader.symbol_sources,
        branch_properties: reader.branch_properties,
        member_names: reader.member_names,
        member_decorations: reader.member_decorations,
        module_level_uses: reader.module_level_uses,
        buffer_reference_blocks: reader.buffer_reference_blocks,
        pending: reader.pending,
        block_positions: reader.block_positions,
        decoration_lists: tables::recycled(reader.decoration_lists),
        open_structs: reader.open_structs,
    }
    .keep();
    read.map(|()| (reader.ctx, module))
}

/// The names of SPIR-V versions 1.0 to 1.6 in a `vce` attribute.
const VERSIONS: [&str; 7] = ["v1.0", "v1.1", "v1.2", "v1.3", "v1.4", "v1.5", "v1.6"];

/// The keyword of an image type field, `""` when out of range.
fn image_field(cases: &[&'static str], value: Option<u32>) -> &'static str {
    value.and_then(|v| cases.get(v as usize)).map_or("", |s| s)
}

/// Names reading gives every module that no dialect registers (property
/// names, type mnemonics, keywords, decorations as attribute names, SPIR-V
/// versions), interned in the template context (see
/// [`crate::dialects::context`]) so that each module finds them there
/// instead of interning them again.
pub(crate) fn intern_names(ctx: &mut Context) {
    const NAMES: &str = "vce vce_triple sym_name type value variable spec_const \
        default_value spec_id constituents initializer initial_value binding descriptor_set \
        location block buffer_block fn interface values function_type arg_attrs \
        linkage_attributes spirv.decoration operandSegmentSizes branch_weights \
        case_operand_segments literals result_type array rtarray ptr matrix image \
        sampled_image struct";
    let opaque_types = OPAQUE_TYPES.iter().map(|t| t.1);
    let image_fields = [&DEPTH[..], &ARRAYED, &SAMPLING, &SAMPLER_USE].concat();
    let names = NAMES.split_whitespace().chain([NAMESPACE]);
    let names = names.chain(properties::PROPERTY_NAMES);
    for name in names.chain(opaque_types).chain(image_fields) {
        ctx.ident(name);
    }
    for version in VERSIONS {
        ctx.ident(version);
    }
    for dim in OperandKind::Dim.info().enumerants {
        ctx.ident(image_dim(dim.name));
    }
    for decoration in OperandKind::Decoration.info().enumerants {
        ctx.ident(&snake(decoration.name));
    }
}

/// MLIR's keyword for image dimension `name`: `Dim1D`, `Dim2D`, `Dim3D`
/// for the numeric ones (`1D`, `2D`, `3D`).
fn image_dim(name: &'static str) -> &'static str {
    match name {
        "1D" => "Dim1D",
        "2D" => "Dim2D",
        "3D" => "Dim3D",
        other => other,
    }
}

pub use crate::spirv::conventions::snake;

/// Interns `{prefix}_{number}`, spelled without the formatting machinery
/// (which costs several times the interning).
fn numbered_ident(ctx: &mut Context, prefix: &str, number: u32) -> Ident {
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    let mut rest = number;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let mut text: SmallVec<[u8; 64]> = SmallVec::new();
    text.extend_from_slice(prefix.as_bytes());
    text.push(b'_');
    text.extend_from_slice(&digits[start..]);
    // A `str` and ASCII digits: valid UTF-8 (checked word by word).
    match std::str::from_utf8(&text) {
        Ok(text) => ctx.ident(text),
        Err(_) => unreachable!("a str and ASCII digits are UTF-8"),
    }
}

impl<'v, 'w> Reader<'v, 'w> {
    /// Everything but the module op itself, made already.
    fn read_module(&mut self, module: crate::ir::Op) -> Result<(), DecodeError> {
        self.read_annotations()?;
        self.module_attributes(module)?;
        self.scan_globals();
        self.assign_symbols();
        self.read_debug_sources()?;
        self.read_globals()?;
        self.read_functions()?;
        self.read_entry_points()?;
        self.keep_symbol_op_names();
        Ok(())
    }

    /// The decoded operands of instruction `index` (result type and result
    /// excluded).
    fn operands(&self, index: u32) -> &'v [Operand] {
        self.decoded.of(index as usize)
    }

    fn section_indices(&self, section: Section) -> std::ops::Range<u32> {
        self.view.section_range(section)
    }

    /// Names and decorations, by target id; an error for a decoration
    /// taking ids outside `OpDecorateId` (which takes only those).
    fn read_annotations(&mut self) -> Result<(), DecodeError> {
        let names = self.section_indices(Section::DebugNames);
        let annotations = self.section_indices(Section::Annotations);
        // At most a list per annotation (the memory is kept between
        // modules, like the member tables', which grow as they need).
        self.decoration_lists.reserve(annotations.len());
        for index in names {
            let operands = self.operands(index);
            match operands {
                [Operand::Id(id), Operand::String(name)] if !name.is_empty() => {
                    self.names.insert(*id, index);
                }
                [Operand::Id(id), Operand::Integer(member), Operand::String(name)]
                    if !name.is_empty() =>
                {
                    self.member_names.insert((*id, *member), index);
                }
                _ => {}
            }
        }
        for index in annotations {
            let op = self.view.insts[index as usize].op;
            let operands = self.operands(index);
            // The decoration's parameters: ids exactly in an OpDecorateId.
            let parameters = match op {
                Op::Decorate | Op::DecorateId | Op::DecorateString => operands.get(2..),
                Op::MemberDecorate | Op::MemberDecorateString => operands.get(3..),
                _ => None,
            };
            if let Some(parameters) = parameters {
                let takes_ids = parameters.iter().any(|o| matches!(o, Operand::Id(_)));
                if takes_ids != (op == Op::DecorateId) {
                    let message = match takes_ids {
                        true => "a decoration taking ids outside OpDecorateId",
                        false => "OpDecorateId with a decoration taking no ids",
                    };
                    return Err(self.view.error(index, message.into()));
                }
                if op == Op::DecorateId {
                    self.note_decoration_ids(index, parameters)?;
                }
            }
            match (op, operands) {
                (
                    Op::Decorate | Op::DecorateId | Op::DecorateString,
                    [Operand::Id(id), rest @ ..],
                ) => {
                    if let Some((name, values)) = decoration(rest) {
                        let slot = match self.decorations.get(*id) {
                            Some(slot) => slot,
                            None => {
                                let slot = self.decoration_lists.len() as u32;
                                self.decoration_lists.push(Decorations::new());
                                self.decorations.insert(*id, slot);
                                slot
                            }
                        };
                        self.decoration_lists[slot as usize].push((name, values));
                    }
                }
                (
                    Op::MemberDecorate | Op::MemberDecorateString,
                    [Operand::Id(id), Operand::Integer(member), rest @ ..],
                ) => {
                    if let Some((name, _)) = decoration(rest) {
                        let key = (*id, *member);
                        self.member_decorations
                            .entry(key)
                            .or_default()
                            .push((name, index));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Checks the ids `OpDecorateId` `index` takes (`parameters`), noting
    /// the spec-constant operations among them as used at module level.
    fn note_decoration_ids(
        &mut self,
        index: u32,
        parameters: &[Operand],
    ) -> Result<(), DecodeError> {
        for id in parameters.iter().filter_map(carry::id_of) {
            self.check_module_level_id(index, id, false)?;
            if spec_ops::is_spec_op(self.view, id) {
                self.module_level_uses.insert(id);
            }
        }
        Ok(())
    }

    /// The `OpName` of `id`, if it has a non-empty one.
    #[inline]
    fn name(&self, id: u32) -> Option<&'v str> {
        match self.operands(self.names.get(id)?) {
            [_, Operand::String(name)] => Some(self.decoded.text(*name)),
            _ => None,
        }
    }

    /// `id`'s decorations, each with its first integer value.
    fn decorations(&self, id: u32) -> impl Iterator<Item = (&'static str, Option<u32>)> + '_ {
        with_first_values(self.decorations_of(id))
    }

    /// `id`'s decorations with their operands.
    #[inline]
    fn decorations_of(&self, id: u32) -> &[(&'static str, &'v [Operand])] {
        match self.decorations.get(id) {
            Some(slot) => &self.decoration_lists[slot as usize],
            None => &[],
        }
    }

    /// Whether `id` has decorations.
    fn is_decorated(&self, id: u32) -> bool {
        self.decorations.contains(id)
    }

    /// The decorations of member `member` of struct `id` (copied out, with
    /// room for many without allocating).
    fn member_decorations(&self, id: u32, member: u32) -> MemberDecorations<'v> {
        let found = self.member_decorations.get(&(id, member));
        // A member decoration's values follow the struct, member and
        // decoration operands.
        let values = |index: u32| self.operands(index).get(3..).unwrap_or_default();
        found.map_or_else(SmallVec::new, |d| {
            d.iter()
                .map(|&(name, index)| (name, values(index)))
                .collect()
        })
    }

    /// `id`'s decorations as attributes (`relaxed_precision`, `built_in =
    /// "Position"`, `location = 0 : i32`), less those named in `skip`.
    fn decoration_attrs(&mut self, id: u32, skip: &[&str]) -> DecorationAttrs {
        let mut out = DecorationAttrs::new();
        let Some(slot) = self.decorations.get(id) else {
            return out;
        };
        for at in 0..self.decoration_lists[slot as usize].len() {
            let (name, values) = self.decoration_lists[slot as usize][at];
            if skip.contains(&name) {
                continue;
            }
            // A decoration of several operands holds them in order.
            let attr = match values {
                [] => self.unit_attr(),
                [value] => self.decoration_value(value),
                values => {
                    let items = values.iter().map(|v| self.decoration_value(v)).collect();
                    self.ctx.array_attr(items)
                }
            };
            out.push((self.decoration_name(name), attr));
        }
        out
    }

    /// The attribute name of decoration `name` (`relaxed_precision` for
    /// `RelaxedPrecision`), found by the address of `name` after its first
    /// use on this thread when the template has it.
    fn decoration_name(&mut self, name: &'static str) -> Ident {
        if let Some(ident) = self.static_idents.snake_cased(name) {
            return ident;
        }
        let ident = self.ctx.ident(&snake(name));
        if self.ctx.is_shared(ident) {
            self.static_idents.insert_snake_cased(name, ident);
        }
        ident
    }

    /// One operand of a decoration as an attribute: an enumerant's name, a
    /// string, what an id stands for, or an `i32`.
    fn decoration_value(&mut self, value: &Operand) -> Attr {
        match value {
            Operand::Enum { kind, value } => {
                let case = kind.enumerant(*value).map_or("", |e| e.name);
                let case = self.static_ident(case);
                self.string_attr(case)
            }
            Operand::String(s) => self.ctx.string_attr(self.decoded.text(*s)),
            Operand::Id(operand) => self.id_attr(*operand),
            other => self.i32_attr(literal_u32(other).unwrap_or(0) as i32),
        }
    }

    /// MLIR's `linkage_attributes` property for `id`'s `LinkageAttributes`
    /// decoration (`#spirv.linkage_attributes<linkage_name = "f",
    /// linkage_type = <Export>>`), and the decorations it leaves to the
    /// others.
    fn linkage_attributes(&mut self, id: u32) -> (Option<Attr>, &'static [&'static str]) {
        let found = self.decorations_of(id).iter();
        let linkage = found
            .into_iter()
            .find(|(name, _)| *name == "LinkageAttributes");
        let Some(&(_, [Operand::String(name), Operand::Enum { kind, value }])) = linkage else {
            return (None, &[]);
        };
        let Some(linkage_type) = kind.enumerant(*value) else {
            return (None, &[]);
        };
        let mut body = String::from(".linkage_attributes<linkage_name = \"");
        crate::text::print_attrs::escape_into(self.decoded.text(*name), &mut body);
        body += &format!("\", linkage_type = <{}>>", linkage_type.name);
        let attr = self.ctx.opaque_attr(NAMESPACE, &body);
        (Some(attr), &["LinkageAttributes"])
    }

    fn module_attributes(&mut self, module: crate::ir::Op) -> Result<(), DecodeError> {
        let capabilities = self.section_indices(Section::Capabilities);
        let mut caps = Vec::with_capacity(capabilities.len());
        for index in capabilities {
            if let [Operand::Enum { kind, value }] = self.operands(index) {
                let name = kind.enumerant(*value).map_or("", |e| e.name);
                caps.push(Param::Ident(self.static_ident(name)));
            }
        }
        let extensions = self.section_indices(Section::Extensions);
        let mut exts = Vec::with_capacity(extensions.len());
        for index in extensions {
            if let [Operand::String(name)] = self.operands(index) {
                exts.push(Param::Ident(self.ctx.ident(self.decoded.text(*name))));
            }
        }
        let version = self.view.header.version;
        let (major, minor) = ((version >> 16) & 0xff, (version >> 8) & 0xff);
        let version = match VERSIONS.get(minor as usize) {
            Some(name) if major == 1 => self.static_ident(name),
            _ => {
                let message = format!("SPIR-V {major}.{minor} is not a version 1.0 to 1.6");
                return Err(DecodeError::at(1, None, message));
            }
        };
        let version = Param::Ident(version);
        let vce = DialectData {
            dialect: self.namespace,
            mnemonic: self.static_ident("vce"),
            params: Box::new([version, Param::List(caps.into()), Param::List(exts.into())]),
        };
        let vce = self.ctx.intern_attr(AttrData::Dialect(vce));
        let model = self.section_indices(Section::MemoryModel);
        let Some(model_index) = model.clone().next() else {
            return Err(DecodeError::at(
                5,
                None,
                "the module has no OpMemoryModel".into(),
            ));
        };
        let operands = self.operands(model_index);
        // In name order as the grammar orders the operands
        // (`addressing_model`, `memory_model`), `vce_triple` last.
        let mut props: SmallVec<[(Ident, Attr); 4]> = SmallVec::new();
        for operand in operands {
            if let Operand::Enum { kind, value } = operand {
                let case = kind.enumerant(*value).map_or("", |e| e.name);
                let case = self.static_ident(case);
                let mnemonic = conventions::attribute_mnemonic(*kind);
                let attr = self.enum_attr(mnemonic, case);
                props.push((self.static_ident(mnemonic), attr));
            }
        }
        props.push((self.static_ident("vce_triple"), vce));
        let dict = self.ctx.dictionary_attr_of(&props);
        self.ctx.set_properties(module, Some(dict));
        Ok(())
    }

    /// The enum attribute of `value` as a case of `kind`
    /// (`#spirv.memory_access<Aligned>`), made once per module.
    fn enum_value_attr(&mut self, kind: OperandKind, value: u32) -> Attr {
        let made = self.enum_attrs.iter().find(|e| e.0 == kind && e.1 == value);
        if let Some(&(_, _, attr)) = made {
            return attr;
        }
        let case = self.enum_case(kind, value);
        let attr = self.enum_attr(conventions::attribute_mnemonic(kind), case);
        self.enum_attrs.push((kind, value, attr));
        attr
    }

    /// The interned name of enum `value`'s case of `kind` (MLIR's
    /// spelling, see [`conventions::enum_case`]), found without spelling
    /// it after its first use on this thread where the template has it.
    fn enum_case(&mut self, kind: OperandKind, value: u32) -> Ident {
        if let Some(case) = self.static_idents.enum_case(kind, value) {
            return case;
        }
        let case = self.ctx.ident(&conventions::enum_case(kind, value));
        if self.ctx.is_shared(case) {
            self.static_idents.insert_enum_case(kind, value, case);
        }
        case
    }

    /// `#spirv.<mnemonic><case>`.
    fn enum_attr(&mut self, mnemonic: &'static str, case: Ident) -> Attr {
        let data = DialectData {
            dialect: self.namespace,
            mnemonic: self.static_ident(mnemonic),
            params: Box::new([Param::Ident(case)]),
        };
        self.ctx.intern_attr(AttrData::Dialect(data))
    }

    /// A module-level op appended to the module's body.
    fn module_op(
        &mut self,
        name: &'static str,
        props: &[(&'static str, Attr)],
        attrs: &[(Ident, Attr)],
    ) {
        let properties = self.properties(props);
        self.module_op_of(name, properties, attrs)
    }

    /// [`Reader::module_op`] of a property dictionary made already: an op
    /// without operands, results or regions, made by the plain path.
    fn module_op_of(&mut self, name: &'static str, properties: Attr, attrs: &[(Ident, Attr)]) {
        let mut parts = OpParts::new(self.static_ident(name), self.line);
        parts.properties = Some(properties);
        if !attrs.is_empty() {
            parts.attributes = Some(self.ctx.dictionary_attr_of(attrs));
        }
        self.ctx.append_plain_op(self.module_body, parts);
    }

    /// The interned name of an op or property name spelled by a static
    /// string, found by the string's address after its first use in any
    /// module this thread reads (see [`TEMPLATE_IDENTS`]).
    #[inline]
    fn static_ident(&mut self, name: &'static str) -> Ident {
        match self.static_idents.recent(name) {
            Some(ident) => ident,
            None => self.find_static_ident(name),
        }
    }

    /// The interned op name of `op` (`spirv.IAdd`), found by the op after
    /// its first use on this thread.
    #[inline]
    fn op_ident(&mut self, op: Op) -> Ident {
        match self.static_idents.op_name(op) {
            Some(ident) => ident,
            None => self.find_op_ident(op),
        }
    }

    /// [`Reader::op_ident`] of an op not met before.
    #[inline(never)]
    fn find_op_ident(&mut self, op: Op) -> Ident {
        let ident = self.static_ident(op.info().mlir_name);
        if self.ctx.is_shared(ident) {
            self.static_idents.insert_op_name(op, ident);
        }
        ident
    }

    /// [`Reader::static_ident`] of a name not among the recent ones.
    #[inline(never)]
    fn find_static_ident(&mut self, name: &'static str) -> Ident {
        if let Some(ident) = self.static_idents.get(name) {
            return ident;
        }
        let ident = self.ctx.ident(name);
        if self.ctx.is_shared(ident) {
            self.static_idents.insert(name, ident);
        }
        ident
    }

    /// An id operand of a module-level instruction (`OpDecorateId`,
    /// `OpExecutionModeId`) as an attribute: `@symbol` for a variable, spec
    /// constant or spec-constant operation, a type, else the value of a
    /// constant.
    fn id_attr(&mut self, id: u32) -> Attr {
        if let Some(symbol) = self.symbols.get(id) {
            return self.symbol_ref(symbol);
        }
        if let Some(Global::Constant(attr, _)) = self.globals.get(id) {
            return attr;
        }
        if let Some(ty) = self.types.get(id) {
            return self.ctx.type_attr(ty);
        }
        let constant = (self.view.def(id))
            .filter(|&d| self.view.insts[d as usize].op.info().class == "Constant-Creation");
        match constant.map(|d| self.constant(d)) {
            Some(Ok((attr, _))) => attr,
            // Never where reading goes on: callers check that `id` is a
            // symbol or a constant (see `Reader::check_module_level_id`),
            // and reading the constant in its place fails the same way.
            _ => self.unit_attr(),
        }
    }

    /// `@symbol` of the global variable, spec constant or function `id`,
    /// made at its first use.
    fn global_symbol_ref(&mut self, id: u32) -> Option<Attr> {
        if let Some(attr) = self.symbol_refs.get(id) {
            return Some(attr);
        }
        let name = match self.globals.get(id)? {
            Global::Variable(name, _) | Global::SpecConstant(name, _) | Global::Function(name) => {
                name
            }
            _ => return None,
        };
        let attr = self.symbol_ref(name);
        self.symbol_refs.insert(id, attr);
        Some(attr)
    }

    /// `@name`.
    fn symbol_ref(&mut self, name: Ident) -> Attr {
        let nested = Box::default();
        self.ctx
            .intern_attr(AttrData::SymbolRef { root: name, nested })
    }

    /// The unit attribute, interned at its first use in the module.
    fn unit_attr(&mut self) -> Attr {
        *(self.unit_attr).get_or_insert_with(|| self.ctx.unit_attr())
    }

    /// The `i32` attribute of `value`, for a value below [`SMALL_I32S`]
    /// interned at its first use in the module only (most literals are
    /// small, and the same few recur).
    fn i32_attr(&mut self, value: i32) -> Attr {
        let slot = usize::try_from(value).ok().filter(|&v| v < SMALL_I32S);
        if let Some(Some(attr)) = slot.map(|at| self.small_i32s[at]) {
            return attr;
        }
        let i32_type = self.i32_type;
        let attr = self.ctx.integer_attr(i32_type, i128::from(value));
        if let Some(at) = slot {
            self.small_i32s[at] = Some(attr);
        }
        attr
    }

    /// The string attribute of an interned string.
    fn string_attr(&mut self, s: Ident) -> Attr {
        self.ctx.intern_attr(AttrData::String(s))
    }

    /// The symbol [`Reader::assign_symbols`] gave `id`.
    fn symbol(&mut self, id: u32) -> Ident {
        match self.symbols.get(id) {
            Some(symbol) => symbol,
            None => numbered_ident(&mut self.ctx, "spirv", id),
        }
    }

    /// Creates a result value's IR op in a function at `builder`.
    /// Creates an op with one result at `builder`; its result.
    fn create_one(&mut self, builder: &Builder, spec: OpSpec) -> Value {
        let op = builder.create_from(&mut self.ctx, spec);
        self.ctx.results(op)[0]
    }
}

/// The decoration's name and its operands.
fn decoration(operands: &[Operand]) -> Option<(&'static str, &[Operand])> {
    let [Operand::Enum { kind, value }, rest @ ..] = operands else {
        return None;
    };
    Some((kind.enumerant(*value)?.name, rest))
}

/// Decorations, each with its first integer value.
fn with_first_values<'a>(
    decorations: &'a [(&'static str, &'a [Operand])],
) -> impl Iterator<Item = (&'static str, Option<u32>)> + 'a {
    (decorations.iter()).map(|&(name, values)| (name, values.iter().find_map(literal_u32)))
}

fn literal_u32(operand: &Operand) -> Option<u32> {
    match operand {
        Operand::Integer(v) => Some(*v),
        Operand::Number { bits, .. } => Some(*bits as u32),
        Operand::Enum { value, .. } => Some(*value),
        _ => None,
    }
}
