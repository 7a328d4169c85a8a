//! Functions: `spirv.func` ops whose region holds the function's blocks,
//! structured constructs as `spirv.mlir.selection` / `spirv.mlir.loop`
//! ops with regions of their own (see [`super::regions`]). Function
//! parameters are the entry block's arguments; each block's `OpPhi`s are
//! its arguments, passed by the branches of its predecessors. Every other
//! instruction becomes the op its grammar name gives (`spirv.IAdd`,
//! `spirv.GL.Sqrt`), its operands carried as MLIR 19 carries them
//! ([`crate::spirv::conventions`]): ids as SSA operands, scopes and
//! semantics as enum attributes, enumerants and literals as properties
//! (`memory_access`, `alignment`, `indices`). A merge instruction whose
//! construct cannot be a region stays in its header block as a
//! `spirv.SelectionMerge` / `spirv.LoopMerge` op naming its merge block and
//! continue target by position in the region (`merge_block = 3 : i32`).

use super::regions::Body;
use super::{Global, Reader};
use crate::binary::cfg::Cfg;
use crate::binary::id_table::IdTable;
use crate::binary::module::Function;
use crate::binary::{DecodeError, Operand};
use crate::grammar::{Op, OperandKind};
use crate::ir::FastMap;
use crate::ir::{Attr, Block, Builder, OpParts, OpSpec, Type, Value, ValueDef};
use crate::spirv::conventions::{self, Carrier, Form};
use smallvec::SmallVec;
use std::cell::Cell;

/// How an instruction's operands are carried by its op.
pub(super) struct Carried {
    /// The op whose op name the op takes.
    pub named_by: Op,
    pub values: SmallVec<[Value; 4]>,
    /// The property dictionary, when there are properties.
    pub properties: Option<Attr>,
}

/// An instruction's op and operands with its ids left out (see
/// [`carried_key`]).
pub(super) type CarriedKey = SmallVec<[u64; 6]>;

/// Tags of the operands in a [`CarriedKey`].
const ID_TAG: u64 = 1 << 60;
const INTEGER_TAG: u64 = 2 << 60;
const ENUM_TAG: u64 = 3 << 60;
/// Followed by the number's bits.
const NUMBER_TAG: u64 = 4 << 60;

/// The key under which [`Reader::carried`] remembers how an instruction of
/// `op` with these operands is carried, blocks named by position or not,
/// when its ids are all SSA operands (or all blocks left out): the
/// carriers depend on the op and on the operands other than ids, which the
/// key holds. `None` for operands it does not hold (strings, an extended
/// instruction's set and number).
fn carried_key(op: Op, with_positions: bool, operands: &[Operand]) -> Option<CarriedKey> {
    let mut key = CarriedKey::new();
    key.push(op as u64 | u64::from(with_positions) << 32);
    for operand in operands {
        match *operand {
            Operand::Id(_) => key.push(ID_TAG),
            Operand::Integer(value) => key.push(INTEGER_TAG | u64::from(value)),
            Operand::Enum { kind, value } => {
                key.push(ENUM_TAG | (kind as u64) << 32 | u64::from(value));
            }
            Operand::Number { bits, .. } => key.extend([NUMBER_TAG, bits]),
            _ => return None,
        }
    }
    Some(key)
}

/// An operand other than an id that a property is made of.
#[derive(Clone, Copy)]
enum Literal {
    Enum(OperandKind, u32),
    Integer(u32),
    Number(u64),
}

/// How every instruction of a [`CarriedKey`] is carried, in any module:
/// its op name, the literals of its properties by name in operand order,
/// and the names that always take an array.
pub(super) struct Recipe {
    named_by: Op,
    literals: Box<[(&'static str, Literal)]>,
    always_arrays: Box<[&'static str]>,
}

/// Recipes by key.
type Recipes = FastMap<CarriedKey, Recipe>;

/// The most recipes kept (keys hold literals, so their number has no
/// bound of its own).
const MAX_RECIPES: usize = 1 << 12;

thread_local! {
    /// The recipes of the instructions carried in the modules read before
    /// on this thread, which a reader takes and gives back: a module
    /// carrying an instruction like an earlier module makes its
    /// attributes from the recipe, without the carriers.
    static RECIPES: Cell<Recipes> = Cell::default();
}

/// The parameter decorations MLIR reads as `spirv.decoration`.
const POINTER_DECORATIONS: [&str; 4] = ["Aliased", "Restrict", "AliasedPointer", "RestrictPointer"];

/// Properties by name, inline for most ops.
pub(super) type Properties = SmallVec<[(&'static str, Attr); 4]>;

/// Per-function state: values by id, and placeholders for ids used before
/// their definition (back-edge phi operands).
pub(super) struct Scope {
    /// Values by id, each with the number of its function: the table is
    /// the reader's, handed from function to function.
    values: IdTable<(u32, Value)>,
    function: u32,
    pub pending: FastMap<u32, Value>,
    /// Block label → the block's position in its region.
    pub labels: FastMap<u32, u32>,
    /// The recipes, handed from function to function.
    recipes: Recipes,
}

impl Scope {
    /// The value `id` names in this function.
    #[inline]
    pub fn value(&self, id: u32) -> Option<Value> {
        (self.values.get(id))
            .and_then(|(function, value)| (function == self.function).then_some(value))
    }

    #[inline(always)]
    pub fn set(&mut self, id: u32, value: Value) {
        self.values.insert(id, (self.function, value));
    }
}

impl Reader<'_, '_> {
    pub(super) fn read_functions(&mut self) -> Result<(), DecodeError> {
        let view = self.view;
        let mut recipes = RECIPES.take();
        let read = (view.functions.iter())
            .try_for_each(|function| self.read_function(function, &mut recipes));
        RECIPES.set(recipes);
        read
    }

    fn read_function(
        &mut self,
        function: &Function,
        recipes: &mut Recipes,
    ) -> Result<(), DecodeError> {
        let def = function.def;
        let inst = self.view.insts[def as usize];
        let operands = self.operands(def);
        let [Operand::Enum { kind, value }, Operand::Id(fn_type)] = operands else {
            return Err(self.view.error(def, "unsupported function operands".into()));
        };
        let fn_type = self.type_of_id(def, Some(*fn_type))?;
        let Some(Global::Function(name)) = self.globals.get(inst.result) else {
            return Err(self.view.error(def, "function without a symbol".into()));
        };
        let control = crate::grammar::format_bits(kind.info(), *value);
        let control = self.ctx.ident(&control);
        let mut props = vec![
            (
                "function_control",
                self.enum_attr("function_control", control),
            ),
            ("function_type", self.ctx.type_attr(fn_type)),
            ("sym_name", self.string_attr(name)),
        ];
        props.extend(self.parameter_attrs(function).map(|a| ("arg_attrs", a)));
        let (linkage, decorated) = self.linkage_attributes(inst.result);
        props.extend(linkage.map(|a| ("linkage_attributes", a)));
        let attrs = self.decoration_attrs(inst.result, decorated);
        let mut spec = OpSpec::new(self.static_ident("spirv.func"), Default::default());
        spec.properties = Some(self.properties(&props));
        if !attrs.is_empty() {
            spec.attributes = Some(self.ctx.dictionary_attr(attrs));
        }
        spec.num_regions = 1;
        let func = Builder::at_end(self.module_body).create_from(&mut self.ctx, spec);
        if function.blocks.is_empty() {
            return Ok(());
        }
        let region = self.ctx.regions(func)[0];
        let cfg = Cfg::new(self.view, function)?;
        let described = |id| self.names.contains(id) || self.is_decorated(id);
        let mut body = Body::new(&cfg, self.decoded, &described);
        let mut scope = Scope {
            values: std::mem::take(&mut self.function_values),
            function: def,
            pending: FastMap::default(),
            labels: FastMap::default(),
            recipes: std::mem::take(recipes),
        };
        let mut params = Vec::new();
        for param in function.params.clone() {
            let param_inst = self.view.insts[param as usize];
            if param_inst.op == Op::FunctionParameter {
                let ty = self.type_of_id(param, Some(param_inst.result_type))?;
                params.push((param_inst.result, ty));
            }
        }
        let read = self.read_body(&mut scope, &mut body, region, &params);
        *recipes = scope.recipes;
        read?;
        self.function_values = scope.values;
        if let Some((&id, _)) = scope.pending.iter().min_by_key(|e| e.0) {
            return Err(self
                .view
                .error(def, format!("%{id} is used but never defined")));
        }
        Ok(())
    }

    /// The decorations of `function`'s parameters as MLIR's `arg_attrs`
    /// (a dictionary per parameter), when any has some; one of
    /// [`POINTER_DECORATIONS`] as MLIR reads it
    /// (`spirv.decoration = #spirv.decoration<Aliased>`).
    fn parameter_attrs(&mut self, function: &Function) -> Option<Attr> {
        let params: Vec<u32> = (function.params.clone())
            .map(|index| self.view.insts[index as usize])
            .filter(|inst| inst.op == Op::FunctionParameter)
            .map(|inst| inst.result)
            .collect();
        if !params.iter().any(|id| self.is_decorated(*id)) {
            return None;
        }
        let dictionaries = (params.iter())
            .map(|&id| {
                // MLIR's form for the pointer decorations it knows; the
                // others as an op's decorations are.
                let pointer = self
                    .decorations(id)
                    .map(|d| d.0)
                    .find(|d| POINTER_DECORATIONS.contains(d));
                let skip: &[&str] = pointer.as_slice();
                let mut attrs = self.decoration_attrs(id, skip);
                if let Some(pointer) = pointer {
                    let pointer = self.static_ident(pointer);
                    let attr = self.enum_attr("decoration", pointer);
                    attrs.push((self.static_ident("spirv.decoration"), attr));
                }
                self.ctx.dictionary_attr(attrs)
            })
            .collect();
        Some(self.ctx.array_attr(dictionaries))
    }

    /// Makes `value` the value of `id` (once per result and phi, so kept
    /// inline in its callers).
    #[inline(always)]
    pub(super) fn define(&mut self, scope: &mut Scope, id: u32, value: Value) {
        // Only back edges' phi operands are used before their definition.
        if !scope.pending.is_empty() {
            if let Some(placeholder) = scope.pending.remove(&id) {
                self.ctx.replace_all_uses(placeholder, value);
            }
        }
        scope.set(id, value);
        if let Some(name) = self.name(id) {
            self.name_value(value, name);
        }
    }

    /// Gives `value` its `OpName` as the location of its op or argument.
    #[cold]
    fn name_value(&mut self, value: Value, name: &str) {
        let name = self.ctx.ident(name);
        match self.ctx.value_def(value) {
            ValueDef::Result { op, .. } => {
                let loc = self.ctx.op_loc(op).named(name);
                self.ctx.set_op_loc(op, loc);
            }
            _ => {
                let loc = self.ctx.arg_loc(value).named(name);
                self.ctx.set_arg_loc(value, loc);
            }
        }
    }

    /// The value of `id` where instruction `at` uses it: a function value, a
    /// placeholder for one defined later, or a module fact materialized at
    /// `builder`.
    fn value(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        at: u32,
        id: u32,
    ) -> Result<Value, DecodeError> {
        let pending = || match scope.pending.is_empty() {
            true => None,
            false => scope.pending.get(&id).copied(),
        };
        if let Some(value) = scope.value(id).or_else(pending) {
            return Ok(value);
        }
        // A module fact used before in this module: its op again.
        if let Some(made) = self.materializations.get(id) {
            return Ok(self.create_materialized(builder, made));
        }
        if let Some(value) = self.materialize_global(builder, at, id)? {
            return Ok(value);
        }
        let def = self.view.def_inst(id).copied();
        if let Some(undef) = def.filter(|d| d.op == Op::Undef) {
            // An `OpUndef` inside a function stands, like a module-level
            // one, for a `spirv.Undef` at each use (where writing the
            // module puts it at module level, reading it back finds the
            // same ops).
            let ty = self.type_of_id(at, Some(undef.result_type))?;
            self.globals.insert(id, Global::Undef(ty));
            if let Some(value) = self.materialize_global(builder, at, id)? {
                return Ok(value);
            }
        }
        let defined_later = def.is_some_and(|d| d.result_type != 0 && d.op != Op::ExtInst);
        let Some(def) = def.filter(|_| defined_later) else {
            let message = format!("%{id} cannot be used here (not a value of this function)");
            return Err(self.view.error(at, message));
        };
        let ty = self.type_of_id(at, Some(def.result_type))?;
        let placeholder = self.ctx.create_placeholder(ty);
        scope.pending.insert(id, placeholder);
        Ok(placeholder)
    }

    pub(super) fn spec(
        &mut self,
        name: &'static str,
        operands: Vec<Value>,
        results: Vec<Type>,
        props: impl IntoIterator<Item = (&'static str, Attr)>,
    ) -> OpSpec {
        let mut spec = OpSpec::new(self.static_ident(name), self.line);
        spec.operands = operands;
        spec.result_types = results;
        let props: Properties = props.into_iter().collect();
        if !props.is_empty() {
            spec.properties = Some(self.properties(&props));
        }
        spec
    }

    pub(super) fn read_instruction(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        index: u32,
    ) -> Result<(), DecodeError> {
        let inst = self.view.insts[index as usize];
        match inst.op {
            Op::Line | Op::NoLine => {
                self.track_line(index);
                return Ok(());
            }
            // Stands for a `spirv.Undef` at each use (see `Reader::value`).
            Op::Nop | Op::Undef => return Ok(()),
            _ => {}
        }
        let carried = self.carried(scope, builder, index, true)?;
        let mut attributes = None;
        if inst.result != 0 && self.is_decorated(inst.result) {
            let attrs = self.decoration_attrs(inst.result, &[]);
            attributes = (!attrs.is_empty()).then(|| self.ctx.dictionary_attr(attrs));
        }
        let result_type = match inst.result_type {
            0 => None,
            ty => Some(self.type_of_id(index, Some(ty))?),
        };
        if inst.result != 0 && result_type.is_none() {
            return Err(self.view.error(
                index,
                "unsupported instruction (a result without a type)".into(),
            ));
        }
        let mut parts = OpParts::new(self.op_ident(carried.named_by), self.line);
        parts.operands = &carried.values;
        parts.result_types = result_type.as_slice();
        parts.properties = carried.properties;
        parts.attributes = attributes;
        let op = builder.create_from_parts(&mut self.ctx, parts);
        if let Some(&value) = self.ctx.results(op).first() {
            self.define(scope, inst.result, value);
        }
        Ok(())
    }

    /// The op name, SSA operands and properties that carry instruction
    /// `index`'s operands (see [`conventions`]); blocks named by position
    /// only `with_positions`. Kept inline: most instructions, all of whose
    /// operands are values, need no more.
    #[inline(always)]
    pub(super) fn carried(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        index: u32,
        with_positions: bool,
    ) -> Result<Carried, DecodeError> {
        let operands = self.operands(index);
        match self.values_only(scope, builder, index, operands)? {
            Some(carried) => Ok(carried),
            None => self.carry_operands(scope, builder, index, operands, with_positions),
        }
    }

    /// [`Reader::carried`] of an instruction [`Reader::values_only`]
    /// leaves to the carriers.
    #[inline(never)]
    fn carry_operands(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        index: u32,
        operands: &[Operand],
        with_positions: bool,
    ) -> Result<Carried, DecodeError> {
        let inst = self.view.insts[index as usize];
        // An instruction carried like one read before takes its name and
        // properties; its ids are its SSA operands (or, without positions,
        // blocks left out).
        let mut key = carried_key(inst.op, with_positions, operands);
        let mut known = (key.as_ref())
            .and_then(|key| self.carried_before.get(key))
            .copied();
        if known.is_none() {
            // Carried in an earlier module: its attributes made again here.
            let recipe = key.as_ref().and_then(|key| scope.recipes.get(key));
            known = recipe.map(|recipe| (recipe.named_by, self.replayed(recipe)));
            if let Some((key, known)) = known.and_then(|known| Some((key.take()?, known))) {
                self.carried_before.insert(key, known);
            }
        }
        if let Some((named_by, properties)) = known {
            let mut values = SmallVec::new();
            for id in operands.iter().filter_map(id_of).filter(|_| with_positions) {
                values.push(self.value_operand(scope, builder, index, id)?);
            }
            return Ok(Carried {
                named_by,
                values,
                properties,
            });
        }
        let carriers = match operands {
            [_, Operand::ExtInst(ext), rest @ ..] if inst.op == Op::ExtInst => {
                let mut carriers = smallvec::smallvec![Carrier::VALUE; 2];
                carriers.extend(conventions::decoded_carriers(
                    *ext,
                    rest.iter().map(enum_value),
                ));
                carriers
            }
            _ => conventions::decoded_carriers(inst.op, operands.iter().map(enum_value)),
        };
        let mut named_by = inst.op;
        let mut values = SmallVec::new();
        let mut props = Properties::new();
        let mut lists = Properties::new();
        let mut always_arrays: SmallVec<[&'static str; 2]> = SmallVec::new();
        let mut literals: SmallVec<[(&'static str, Literal); 4]> = SmallVec::new();
        let mut blocks_left_out = 0;
        for (position, (operand, carrier)) in operands.iter().zip(carriers).enumerate() {
            let key = carrier.name;
            let attr = match (carrier.form, operand) {
                (_, Operand::Id(_)) if inst.op == Op::ExtInst && position == 0 => continue,
                (_, Operand::ExtInst(op)) => {
                    named_by = *op;
                    continue;
                }
                (_, Operand::Id(id)) if inst.op == Op::ExtInst && self.is_debug_reference(*id) => {
                    let label = match operands.get(1) {
                        Some(Operand::ExtInst(ext)) => Self::ext_operand_name(*ext, position),
                        _ => "operands",
                    };
                    let attr = self.id_attr(*id);
                    lists.push((label, attr));
                    continue;
                }
                (Form::Value, Operand::Id(id)) => {
                    values.push(self.value_operand(scope, builder, index, *id)?);
                    continue;
                }
                (Form::Symbol, Operand::Id(id)) => {
                    props.push((key, self.function_symbol(index, *id)?));
                    continue;
                }
                (Form::BlockPosition, Operand::Id(_)) if !with_positions => {
                    blocks_left_out += 1;
                    continue;
                }
                (Form::BlockPosition, Operand::Id(id)) => {
                    let Some(&block) = scope.labels.get(id) else {
                        let message = format!("%{id} is not a block of this function");
                        return Err(self.view.error(index, message));
                    };
                    let i32_type = self.i32_type;
                    self.ctx.integer_attr(i32_type, i128::from(block))
                }
                (Form::Type, Operand::Id(id)) => {
                    let ty = self.type_of_id(index, Some(*id))?;
                    self.ctx.type_attr(ty)
                }
                (Form::ConstantEnum(kind), Operand::Id(id)) => {
                    let Some(value) = self.constant_u32(*id) else {
                        let message = format!("%{id} is not a 32-bit integer constant");
                        return Err(self.view.error(index, message));
                    };
                    self.enum_value_attr(kind, value)
                }
                (_, Operand::String(s)) => self.ctx.string_attr(s),
                (_, Operand::SpecOp(_)) => {
                    return Err(self
                        .view
                        .error(index, "OpSpecConstantOp inside a function".into()));
                }
                (form, Operand::Id(id)) => {
                    let message = format!("%{id} cannot be carried as {form:?}");
                    return Err(self.view.error(index, message));
                }
                (_, &Operand::Enum { kind, value }) => {
                    self.literal(key, Literal::Enum(kind, value), &mut literals)
                }
                (_, &Operand::Integer(v)) => self.literal(key, Literal::Integer(v), &mut literals),
                (_, &Operand::Number { bits, .. }) => {
                    self.literal(key, Literal::Number(bits), &mut literals)
                }
            };
            if carrier.form == Form::LiteralArray {
                always_arrays.push(key);
            }
            lists.push((key, attr));
        }
        props.extend(self.merge_lists(&lists, &always_arrays));
        let properties = (!props.is_empty()).then(|| self.properties(&props));
        let ids = operands.iter().filter_map(id_of).count();
        let ids_carried = if with_positions {
            values.len()
        } else {
            blocks_left_out
        };
        if let Some(key) = key.filter(|_| ids_carried == ids) {
            if scope.recipes.len() < MAX_RECIPES {
                let recipe = Recipe {
                    named_by,
                    literals: literals.into_iter().collect(),
                    always_arrays: always_arrays.into_iter().collect(),
                };
                scope.recipes.insert(key.clone(), recipe);
            }
            self.carried_before.insert(key, (named_by, properties));
        }
        Ok(Carried {
            named_by,
            values,
            properties,
        })
    }

    /// [`Reader::literal_attr`], the literal noted under `name` in
    /// `literals`.
    fn literal(
        &mut self,
        name: &'static str,
        literal: Literal,
        literals: &mut SmallVec<[(&'static str, Literal); 4]>,
    ) -> Attr {
        literals.push((name, literal));
        self.literal_attr(literal)
    }

    /// The attribute `literal` is carried as.
    fn literal_attr(&mut self, literal: Literal) -> Attr {
        match literal {
            Literal::Enum(kind, value) => self.enum_value_attr(kind, value),
            Literal::Integer(v) => {
                let i32_type = self.i32_type;
                self.ctx.integer_attr(i32_type, i128::from(v as i32))
            }
            Literal::Number(bits) => {
                let i64_type = self.ctx.int_type(64);
                self.ctx.integer_attr(i64_type, i128::from(bits as i64))
            }
        }
    }

    /// The properties `recipe` gives, made in this module.
    fn replayed(&mut self, recipe: &Recipe) -> Option<Attr> {
        let lists: Properties = (recipe.literals.iter())
            .map(|&(name, literal)| (name, self.literal_attr(literal)))
            .collect();
        let props = self.merge_lists(&lists, &recipe.always_arrays);
        (!props.is_empty()).then(|| self.properties(&props))
    }

    /// The operands of an instruction that are all ids, each carried as
    /// an SSA value (see [`conventions::value_operand_counts`]): the
    /// values, with no walk of the carriers. For an `OpExtInst`, the
    /// operands of its instruction, none naming a debug symbol. `None`
    /// leaves the instruction to the carriers.
    #[inline(always)]
    fn values_only(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        index: u32,
        operands: &[Operand],
    ) -> Result<Option<Carried>, DecodeError> {
        let (op, operands, extended) = match (self.view.insts[index as usize].op, operands) {
            (Op::ExtInst, [Operand::Id(_), Operand::ExtInst(ext), rest @ ..]) => (*ext, rest, true),
            (Op::ExtInst, _) => return Ok(None),
            (op, operands) => (op, operands, false),
        };
        let Some((fewest, most)) = conventions::value_operand_counts(op) else {
            return Ok(None);
        };
        let count = operands.len();
        let fits = count >= fewest && most.map_or(true, |most| count <= most);
        let ids = || operands.iter().map(id_of);
        let carried_otherwise =
            |id: Option<u32>| id.map_or(true, |id| extended && self.is_debug_reference(id));
        if !fits || ids().any(carried_otherwise) {
            return Ok(None);
        }
        let mut values = SmallVec::new();
        for id in ids().flatten() {
            values.push(self.value_operand(scope, builder, index, id)?);
        }
        Ok(Some(Carried {
            named_by: op,
            values,
            properties: None,
        }))
    }

    /// The value id operand `id` of instruction `index` stands for.
    #[inline]
    fn value_operand(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        index: u32,
        id: u32,
    ) -> Result<Value, DecodeError> {
        // A function's values are never types (ids are defined once).
        if let Some(value) = scope.value(id) {
            return Ok(value);
        }
        if self.types.contains(id) {
            return Err(self
                .view
                .error(index, format!("type %{id} used as a value")));
        }
        self.value(scope, builder, index, id)
    }

    /// One property per name, in order of first appearance: a single
    /// attribute, or an array when the name repeats or always takes one.
    pub(super) fn merge_lists(
        &mut self,
        items: &[(&'static str, Attr)],
        always_arrays: &[&'static str],
    ) -> Properties {
        let mut merged = Properties::new();
        for (i, &(name, attr)) in items.iter().enumerate() {
            if items[..i].iter().any(|(earlier, _)| *earlier == name) {
                continue;
            }
            let mut same = items[i..].iter().filter(|(n, _)| *n == name);
            if same.clone().count() == 1 && !always_arrays.contains(&name) {
                merged.push((name, attr));
                continue;
            }
            let all = same.by_ref().map(|&(_, a)| a).collect();
            merged.push((name, self.ctx.array_attr(all)));
        }
        merged
    }

    pub(super) fn read_terminator(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        body: &Body,
        b: u32,
    ) -> Result<(), DecodeError> {
        let cfg = body.cfg;
        let index = cfg.blocks[b as usize].terminator;
        let op = self.view.insts[index as usize].op;
        if !matches!(op, Op::Branch | Op::BranchConditional | Op::Switch) {
            return self.read_instruction(scope, builder, index);
        }
        let operands = self.operands(index);
        let mut values: SmallVec<[Value; 4]> = SmallVec::new();
        let mut selector_type = None;
        if op != Op::Branch {
            // The condition or the selector.
            let id = operands.first().and_then(id_of).unwrap_or(0);
            let value = self.value(scope, builder, index, id)?;
            if op == Op::Switch {
                selector_type = Some(self.ctx.value_type(value));
            }
            values.push(value);
        }
        // The CFG has read the targets, in the terminator's order.
        let targets = cfg.successors(b);
        let mut successors: SmallVec<[Block; 2]> = SmallVec::new();
        let mut segments: SmallVec<[i64; 4]> = SmallVec::new();
        for &t in targets {
            let Some((block, escaping, trivial)) = body.target(b, t) else {
                let message = format!("%{} cannot be branched to from here", cfg.label(t));
                return Err(self.view.error(index, message));
            };
            // A region's merge block takes no value for its trivial phis.
            let mut skip = trivial.iter();
            let args = (cfg.phi_arguments(t, b))
                .filter(|_| !matches!(skip.next(), Some(Some(_))))
                .chain(escaping.iter().copied());
            let before = values.len();
            for id in args {
                values.push(self.value(scope, builder, index, id)?);
            }
            segments.push((values.len() - before) as i64);
            successors.push(block);
        }
        let i32_type = self.i32_type;
        let properties = match op {
            Op::BranchConditional => {
                let sizes = [1, segments[0], segments.get(1).copied().unwrap_or(0)];
                let mut weights = (operands[3..].iter().filter_map(super::literal_u32)).peekable();
                if weights.peek().is_none() {
                    Some(self.branch_properties(sizes))
                } else {
                    let sizes = self.ctx.dense_array_attr(i32_type, sizes.to_vec());
                    let weights: Vec<Attr> = weights
                        .map(|w| self.ctx.integer_attr(i32_type, i128::from(w as i32)))
                        .collect();
                    let weights = self.ctx.array_attr(weights);
                    Some(
                        self.properties(&[
                            ("operandSegmentSizes", sizes),
                            ("branch_weights", weights),
                        ]),
                    )
                }
            }
            Op::Switch => {
                let ty = selector_type.unwrap_or(i32_type);
                let literals: Vec<Attr> = (operands[2..].chunks(2))
                    .filter_map(|pair| match pair {
                        [literal, Operand::Id(_)] => Some(literal),
                        _ => None,
                    })
                    .map(|l| match l {
                        Operand::Number { bits, .. } => *bits,
                        other => u64::from(super::literal_u32(other).unwrap_or(0)),
                    })
                    .map(|bits| {
                        let width = self.ctx.as_integer(ty).map_or(32, |i| i.0).min(64);
                        let shift = 128 - width;
                        self.ctx
                            .integer_attr(ty, (i128::from(bits) << shift) >> shift)
                    })
                    .collect();
                let case_total: i64 = segments[1..].iter().sum();
                let sizes = vec![1, segments[0], case_total];
                let sizes = self.ctx.dense_array_attr(i32_type, sizes);
                let cases = self.ctx.dense_array_attr(i32_type, segments[1..].to_vec());
                let literals = self.ctx.array_attr(literals);
                Some(self.properties(&[
                    ("operandSegmentSizes", sizes),
                    ("case_operand_segments", cases),
                    ("literals", literals),
                ]))
            }
            _ => None,
        };
        let mut parts = OpParts::new(self.op_ident(op), self.line);
        parts.operands = &values;
        parts.properties = properties;
        parts.successors = &successors;
        builder.create_from_parts(&mut self.ctx, parts);
        Ok(())
    }

    /// The properties of an `OpBranchConditional` without weights passing
    /// `sizes` operands (condition, true and false arguments), made once.
    fn branch_properties(&mut self, sizes: [i64; 3]) -> Attr {
        if let Some(&attr) = self.branch_properties.get(&sizes) {
            return attr;
        }
        let sizes_attr = self.ctx.dense_array_attr(self.i32_type, sizes.to_vec());
        let attr = self.properties(&[("operandSegmentSizes", sizes_attr)]);
        self.branch_properties.insert(sizes, attr);
        attr
    }
}

fn id_of(operand: &Operand) -> Option<u32> {
    match operand {
        Operand::Id(id) => Some(*id),
        _ => None,
    }
}

/// The enum value of a decoded enumerant operand.
pub(super) fn enum_value(operand: &Operand) -> Option<u32> {
    match operand {
        Operand::Enum { value, .. } => Some(*value),
        _ => None,
    }
}
