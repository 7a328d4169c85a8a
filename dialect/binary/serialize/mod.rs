//! IR → binary: a `spirv.module` (as [`super::deserialize`] builds it)
//! written back as SPIR-V words in the logical layout's section order.
//! Types and constants are uniqued into the globals section as they are
//! first needed; `spirv.Constant`, `spirv.mlir.addressof`,
//! `spirv.mlir.referenceof` and `spirv.Undef` emit no instruction of their
//! own but stand for the module-level id they name; symbols get `OpName`s;
//! decoration attributes become `OpDecorate`s. A struct that a pointer in
//! an interface storage class points to is decorated `Block`, the struct
//! type carrying no decorations of its own.

mod debug;
mod decorations;
mod enums;
mod function;
mod globals;
mod naming;
mod operands;
mod properties;
mod regions;
mod spec_ops;
mod switch_selects;
mod tables;
mod types;

use super::instruction::encode_string_bytes;
use super::{encode_string, finish_instruction, Header, Instruction, Operand};
use crate::grammar::{EnumerantInfo, InstSet, Op, OperandKind};
use crate::ir::FastMap;
use crate::ir::{Attr, AttrData, Context, Ident, Location, Type, TypeData};
use enums::LearnedNames;
use properties::{Property, PropertyHandles};
use std::cell::Cell;
use tables::{Declarations, HandleTable, OpClass, Role};
use types::{TypeNames, Words};

/// Attributes of a `spirv.GlobalVariable` that decorate the struct it
/// points to (`BufferBlock`, or `Block` on inputs and outputs) rather than
/// the variable.
const BLOCK_MARKERS: [&str; 2] = ["buffer_block", "block"];

/// Why a module cannot be written.
pub type SerializeError = String;

/// The module's sections, each its own word buffer.
#[derive(Default)]
struct Sections {
    capabilities: Vec<u32>,
    extensions: Vec<u32>,
    imports: Vec<u32>,
    memory_model: Vec<u32>,
    entry_points: Vec<u32>,
    execution_modes: Vec<u32>,
    sources: Vec<u32>,
    names: Vec<u32>,
    module_processed: Vec<u32>,
    annotations: Vec<u32>,
    globals: Vec<u32>,
    functions: Vec<u32>,
}

struct Writer<'c> {
    ctx: &'c Context,
    options: SerializeOptions,
    next_id: u32,
    /// The module's version word, as its header gives it.
    version: u32,
    out: Sections,
    types: HandleTable<Type>,
    constants: Constants,
    /// Non-struct types and constants by their encoding less the result id.
    declared: Declarations,
    /// What each op name stands for, by the name's index.
    classes: HandleTable<Ident, OpClass>,
    /// The other tables and buffers kept from one module to the next,
    /// boxed: a module moves the pointer and the tables above alone (the
    /// ones used per op, kept inline, and in the pool between modules).
    pool: Box<Pool>,
    /// Named structs being written, with their reserved ids.
    open_structs: Vec<(Ident, u32)>,
    /// The interned names of the types the writer looks for.
    type_names: TypeNames,
    /// Forward-declared pointers by (pointee struct id, storage class,
    /// stride).
    forward_pointers: FastMap<(u32, u32, i64), u32>,
    /// Forward-declared pointers whose `OpTypePointer` is still to be
    /// written: (pointer, pointee struct, storage class, stride).
    pending_pointers: Vec<(u32, u32, u32, i64)>,
    /// `OpString` ids by their text, for `OpLine`s.
    strings: FastMap<String, u32>,
    /// The location the last `OpLine` in the current block gave.
    line: Location,
    /// Whether the function being written may hold an `OpLine`
    /// ([`Self::lines_possible`] as it starts).
    lines: bool,
    /// The last file an op's location named, with its `OpString` id.
    line_file: Option<(Ident, Option<u32>)>,
    /// Whether the context shares the dialects' template context's names
    /// and registry: then [`Self::classes`] holds only the template's
    /// names and is kept for the next module that shares them too, and
    /// names the template holds need no confirming of their text.
    shares_template: bool,
    /// The handles of the properties' names, where the context shares
    /// the template's names.
    property_handles: Option<&'static PropertyHandles>,
}

/// Per value attribute: the type it was last declared a constant of, and
/// that constant's id (of another type, the constant is looked up by its
/// words).
type Constants = HandleTable<Attr, Option<(Type, u32)>>;

/// Per module-level op: the symbol it defines.
type SymbolNames = HandleTable<crate::ir::Op, Option<Ident>>;

/// Per interned name: the kinds of enumerant it was looked up as, each
/// with the value it spells there.
type KnownValues = LearnedNames<enums::KindValues>;

/// Per op-name index: the name's text, role and grammar op's plan.
type KnownNames = Vec<Option<(Box<str>, Role, Option<&'static tables::Plan>)>>;

/// The writer's tables and buffers, kept per thread from one module to
/// the next so that their storage is reused.
#[derive(Default)]
struct Pool {
    out: Sections,
    types: HandleTable<Type>,
    constants: Constants,
    undefs: HandleTable<Type>,
    symbols: HandleTable<Ident>,
    /// The `sym_name` of each module-level op defining a symbol.
    symbol_names: SymbolNames,
    /// The ids of the `OpExtInstImport`s written: of sets the grammar
    /// describes, and of the others by import name.
    ext_sets: Vec<(InstSet, u32)>,
    named_ext_sets: Vec<(Box<str>, u32)>,
    /// Non-struct types and constants by their encoding less the result id.
    declared: Declarations,
    /// Structs decorated `Block` (`true`), by id.
    blocks: HandleTable<u32, bool>,
    /// What each op name stands for, by the name's index.
    classes: HandleTable<Ident, OpClass>,
    /// Whether `classes` holds only the template context's names.
    template_classes: bool,
    /// The role and grammar op's plan of each op name met in earlier
    /// modules, by the name's index, with its text: contexts cloned from
    /// one template share their op names' indices, so a later module only
    /// confirms the text.
    names: KnownNames,
    /// Enumerant values of enum attributes, by attribute and kind.
    enum_words: FastMap<(Attr, OperandKind), u32>,
    /// Enumerant values of the interned names met, in earlier modules too.
    known_values: KnownValues,
    /// Ids of 32-bit unsigned integer constants, by value.
    u32_constants: FastMap<u32, u32>,
    /// `Decoration` enumerants by the attribute names naming them, met in
    /// earlier modules too.
    decorations: LearnedNames<Option<&'static EnumerantInfo>>,
    /// The tables of the last function written, for the next to reuse
    /// (boxed: taken and put back once per function).
    spare_ids: Option<Box<naming::Ids>>,
    /// The operand words of ops written from their plans, for the ops
    /// like them.
    recipes: operands::Recipes,
    /// The operand words of the module-level debug op being written.
    debug_words: Vec<u32>,
    /// [`Writer::open_structs`]' storage.
    open_structs: Vec<(Ident, u32)>,
}

thread_local! {
    static POOL: Cell<Option<Box<Pool>>> = const { Cell::new(None) };
}

/// The largest module (in words) whose writer storage is kept for the next.
const POOLED_MODULE_WORDS: usize = 1 << 20;

impl Sections {
    fn clear(&mut self) {
        for section in [
            &mut self.capabilities,
            &mut self.extensions,
            &mut self.imports,
            &mut self.memory_model,
            &mut self.entry_points,
            &mut self.execution_modes,
            &mut self.sources,
            &mut self.names,
            &mut self.module_processed,
            &mut self.annotations,
            &mut self.globals,
            &mut self.functions,
        ] {
            section.clear();
        }
    }
}

/// Serialization choices.
#[derive(Clone, Copy, Debug, Default)]
pub struct SerializeOptions {
    /// Write every op's source position as an `OpLine`, with an `OpString`
    /// for each file the module has none for (MLIR's `emitDebugInfo`);
    /// otherwise only positions in files the module names by a
    /// `spirv.String` (those read from `OpLine`s) are written.
    pub emit_debug_info: bool,
}

/// Writes `module` (a `spirv.module` op) as SPIR-V words.
pub fn serialize(ctx: &Context, module: crate::ir::Op) -> Result<Vec<u32>, SerializeError> {
    serialize_with(ctx, module, SerializeOptions::default())
}

/// Writes `module` (a `spirv.module` op) as SPIR-V words, as `options` say.
pub fn serialize_with(
    ctx: &Context,
    module: crate::ir::Op,
    options: SerializeOptions,
) -> Result<Vec<u32>, SerializeError> {
    if ctx.op_name_str(module) != "spirv.module" {
        return Err(format!(
            "expected a spirv.module, found {}",
            ctx.op_name_str(module)
        ));
    }
    let mut pool = POOL.take().unwrap_or_default();
    let template_classes = shares_template(ctx, ctx.op_name(module));
    if !(template_classes && pool.template_classes) {
        pool.classes.clear();
    }
    pool.template_classes = template_classes;
    let mut w = Writer {
        ctx,
        options,
        next_id: 1,
        version: 0,
        out: std::mem::take(&mut pool.out),
        types: std::mem::take(&mut pool.types),
        constants: std::mem::take(&mut pool.constants),
        declared: std::mem::take(&mut pool.declared),
        classes: std::mem::take(&mut pool.classes),
        open_structs: std::mem::take(&mut pool.open_structs),
        pool,
        type_names: TypeNames::of(ctx, template_classes),
        forward_pointers: FastMap::default(),
        pending_pointers: Vec::new(),
        strings: FastMap::default(),
        line: Location::UNKNOWN,
        lines: false,
        line_file: None,
        shares_template: template_classes,
        property_handles: template_classes
            .then(properties::template_handles)
            .flatten(),
    };
    let words = w.module(module);
    if words.as_ref().map_or(0, Vec::len) > POOLED_MODULE_WORDS {
        // The storage an unusually large module grew is given back.
        return words;
    }
    let mut pool = w.pool;
    pool.out = w.out;
    pool.types = w.types;
    pool.constants = w.constants;
    pool.declared = w.declared;
    pool.classes = w.classes;
    pool.open_structs = w.open_structs;
    pool.open_structs.clear();
    pool.out.clear();
    pool.types.clear();
    pool.undefs.clear();
    pool.constants.clear();
    pool.symbols.clear();
    pool.symbol_names.clear();
    pool.ext_sets.clear();
    pool.named_ext_sets.clear();
    pool.declared.clear();
    pool.blocks.clear();
    pool.enum_words.clear();
    pool.u32_constants.clear();
    pool.recipes.clear();
    POOL.set(Some(pool));
    words
}

/// Whether `ctx` shares the strings and op registry of the dialects'
/// template context (is a clone of it that has changed neither), told by
/// `name`, an op name there, being the very string and registry entry the
/// template holds: a context with storage of its own holds copies.
fn shares_template(ctx: &Context, name: Ident) -> bool {
    let Some(template) = crate::dialects::template() else {
        return false;
    };
    let same_info = match (ctx.op_info(name), template.op_info(name)) {
        (Some(info), Some(template_info)) => std::ptr::eq(info, template_info),
        _ => false,
    };
    same_info
        && ctx.is_shared(name)
        && template.is_shared(name)
        && std::ptr::eq(ctx.str(name).as_ptr(), template.str(name).as_ptr())
}

impl Writer<'_> {
    /// The words of `module`, a `spirv.module`.
    fn module(&mut self, module: crate::ir::Op) -> Result<Vec<u32>, SerializeError> {
        let ctx = self.ctx;
        let version = self.module_header(module)?;
        self.version = version;
        let body = ctx
            .regions(module)
            .first()
            .and_then(|r| ctx.region_blocks(*r).first().copied());
        let ops = || body.into_iter().flat_map(|b| ctx.block_ops(b));
        for op in ops() {
            let named = matches!(
                self.class(op).role,
                Role::GlobalVariable
                    | Role::SpecConstant
                    | Role::SpecConstantComposite
                    | Role::NamedSpecOperation
                    | Role::Func
            );
            let debug_symbol = !named
                && self.debug_instruction(op).is_some()
                && self.property(op, Property::SymName).is_some();
            if named || debug_symbol {
                let name = self.sym_ident(op)?;
                let id = self.fresh();
                self.pool.symbols.insert(name, id);
                self.pool.symbol_names.insert(op, Some(name));
                if named {
                    // A symbol that could not take its `OpName` keeps it
                    // in its location.
                    let name = ctx.op_loc(op).name.unwrap_or(name);
                    self.emit_name(id, ctx.str_bytes(name));
                }
            }
        }
        for op in ops() {
            match self.class(op).role {
                Role::GlobalVariable => self.global_variable(op)?,
                Role::SpecConstant => self.spec_constant(op)?,
                Role::SpecConstantComposite => self.spec_constant_composite(op)?,
                Role::Constant => self.decorated_constant(op)?,
                Role::NamedSpecOperation => self.named_spec_operation(op)?,
                Role::Func => self.function(op)?,
                Role::EntryPoint => self.entry_point(op)?,
                Role::ExecutionMode | Role::ExecutionModeId => self.execution_mode(op)?,
                _ => match self.debug_instruction(op) {
                    Some(grammar_op) => self.debug_op(op, grammar_op)?,
                    None => {
                        let name = ctx.op_name_str(op);
                        return Err(format!("unsupported module-level op {name}"));
                    }
                },
            }
        }
        let header = Header {
            version,
            generator: 0,
            bound: self.next_id,
            schema: 0,
        };
        let o = &self.out;
        let sections = [
            &o.capabilities,
            &o.extensions,
            &o.imports,
            &o.memory_model,
            &o.entry_points,
            &o.execution_modes,
            &o.sources,
            &o.names,
            &o.module_processed,
            &o.annotations,
            &o.globals,
            &o.functions,
        ];
        let size = sections.iter().map(|s| s.len()).sum::<usize>();
        let mut words = Vec::with_capacity(Header::WORDS + size);
        header.write(&mut words);
        for section in sections {
            words.extend_from_slice(section);
        }
        Ok(words)
    }
}

/// Appends `inst` to `buf`.
fn emit(buf: &mut Vec<u32>, inst: &Instruction) -> Result<(), SerializeError> {
    inst.encode(buf)
        .map_err(|e| format!("{}: {e}", inst.op.info().grammar_name))
}

/// Appends to `buf` the instruction of `op` with the words `head`, then the
/// string of UTF-8 bytes `name`; one too long for its word count is left
/// out.
#[inline(always)]
fn emit_named(buf: &mut Vec<u32>, op: Op, head: &[u32], name: &[u8]) {
    let count = 1 + head.len() + name.len() / 4 + 1;
    if count <= 0xffff {
        buf.push(((count as u32) << 16) | op.info().opcode);
        buf.extend_from_slice(head);
        encode_string_bytes(name, buf);
    }
}

/// Starts an instruction written word by word into `buf`: reserves the
/// word its count and opcode go in, and returns where it starts.
fn begin(buf: &mut Vec<u32>) -> usize {
    buf.push(0);
    buf.len() - 1
}

/// Completes the instruction of `op` begun at `start` in `buf`.
fn finish(buf: &mut Vec<u32>, start: usize, op: Op) -> Result<(), SerializeError> {
    finish_instruction(buf, start, op).map_err(|e| format!("{}: {e}", op.info().grammar_name))
}

fn instruction(
    op: Op,
    result_type: Option<u32>,
    result: Option<u32>,
    operands: Vec<Operand>,
) -> Instruction {
    Instruction {
        op,
        result_type,
        result,
        operands,
    }
}

/// `relaxed_precision` → `RelaxedPrecision`.
fn camel(name: &str) -> String {
    name.split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or(String::new(), |f| {
                f.to_ascii_uppercase().to_string() + c.as_str()
            })
        })
        .collect()
}

impl<'c> Writer<'c> {
    fn fresh(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id - 1
    }

    /// The `sym_name` of `op`; inlined, the error made by a call.
    #[inline(always)]
    fn sym_ident(&self, op: crate::ir::Op) -> Result<Ident, SerializeError> {
        match (self.property(op, Property::SymName)).map(|a| self.ctx.attr_data(a)) {
            Some(AttrData::String(name)) => Ok(*name),
            _ => Err(self.without_sym_name(op)),
        }
    }

    /// The error of `op` having no `sym_name`.
    #[cold]
    #[inline(never)]
    fn without_sym_name(&self, op: crate::ir::Op) -> SerializeError {
        format!("{} without a sym_name", self.ctx.op_name_str(op))
    }

    /// The id `op`'s `sym_name` was given.
    #[inline(always)]
    fn symbol_of(&self, op: crate::ir::Op) -> Result<u32, SerializeError> {
        let name = match self.pool.symbol_names.get(&op) {
            Some(&Some(name)) => name,
            _ => self.sym_ident(op)?,
        };
        match self.pool.symbols.get(&name) {
            Some(&id) => Ok(id),
            None => Err(self.unknown_symbol(name)),
        }
    }

    /// The error of a reference to symbol `name`, which no op defines.
    #[cold]
    #[inline(never)]
    fn unknown_symbol(&self, name: Ident) -> SerializeError {
        format!("unknown symbol @{}", self.ctx.str(name))
    }

    /// The properties `names` of `op`, found in one pass over them.
    fn props<const N: usize>(&self, op: crate::ir::Op, names: [&str; N]) -> [Option<Attr>; N] {
        let mut found = [None; N];
        let Some(props) = self.ctx.properties(op) else {
            return found;
        };
        for &(name, attr) in self.ctx.dict_entries(props) {
            let text = self.ctx.str(name);
            if let Some(i) = names.iter().position(|&n| n == text) {
                found[i] = found[i].or(Some(attr));
            }
        }
        found
    }

    /// The property `name` of `op` (see [`Self::prop_entry`]); inlined,
    /// so that comparing with a literal name needs no call.
    #[inline(always)]
    fn prop(&self, op: crate::ir::Op, name: &str) -> Option<Attr> {
        self.prop_entry(op, name).map(|e| e.1)
    }

    /// The property `name` of `op`, with the name as interned. Property
    /// dictionaries are short: a scan comparing lengths first beats
    /// hashing the name or a binary search comparing whole names.
    #[inline(always)]
    fn prop_entry(&self, op: crate::ir::Op, name: &str) -> Option<(Ident, Attr)> {
        let entries = self.ctx.dict_entries(self.ctx.properties(op)?);
        let at = properties::position(self.ctx, entries, name, None)?;
        Some(entries[at])
    }

    /// An `OpName` for value `id` when its location carries a name.
    #[inline]
    fn name_value(&mut self, id: u32, loc: Location) {
        if let Some(name) = loc.name {
            self.emit_name(id, self.ctx.str_bytes(name));
        }
    }

    fn emit_member_name(&mut self, (id, index): (u32, u32), name: &[u8]) {
        emit_named(&mut self.out.names, Op::MemberName, &[id, index], name);
    }

    fn emit_name(&mut self, id: u32, name: &[u8]) {
        emit_named(&mut self.out.names, Op::Name, &[id], name);
    }

    /// The `@symbol` a symbol-reference attribute names, as an id.
    #[inline(always)]
    fn symbol_id(&self, attr: Option<Attr>) -> Result<u32, SerializeError> {
        let Some(AttrData::SymbolRef { root, .. }) = attr.map(|a| self.ctx.attr_data(a)) else {
            return Err("expected a symbol reference".into());
        };
        match self.pool.symbols.get(root) {
            Some(&id) => Ok(id),
            None => Err(self.unknown_symbol(*root)),
        }
    }

    /// The word of storage class `class`.
    fn storage_class_word(&mut self, class: Ident) -> Result<u32, SerializeError> {
        let kind = OperandKind::StorageClass;
        match self.named_value(kind, class) {
            Some(value) => Ok(value),
            None => Err(format!("unknown storage class {}", self.ctx.str(class))),
        }
    }

    /// The words of a literal number of integer or float type `ty`: one,
    /// or two for 64-bit types; inlined, so that its few words are made
    /// where they are used.
    #[inline(always)]
    fn number_words(&self, ty: Type, bits: u64) -> Result<Words, SerializeError> {
        let number = match self.ctx.type_data(ty) {
            TypeData::Integer { width, signedness } => super::NumberType::Int {
                width: *width,
                signed: *signedness == crate::ir::Signedness::Signed,
            },
            TypeData::Float(kind) => super::NumberType::Float {
                width: kind.width(),
            },
            _ => return Err("a number of a non-scalar type".into()),
        };
        let bits = if number.width() < 64 {
            bits & ((1u64 << number.width()) - 1)
        } else {
            bits
        };
        let mut words = types::words([bits as u32]);
        if number.words() == 2 {
            words.push((bits >> 32) as u32);
        }
        Ok(words)
    }
}
