//! How an instruction's operands are carried by its op: the op name, the
//! SSA operands and the property dictionary ([`crate::spirv::conventions`]),
//! with a fast path for instructions whose operands are all values and
//! recipes that replay the properties of instructions carried before.

use super::function::{enum_value, Properties, Scope};
use super::Reader;
use crate::binary::{DecodeError, DecodedOperand as Operand};
use crate::grammar::{Category, Op, OperandKind};
use crate::ir::FastMap;
use crate::ir::{Attr, Builder, Value};
use crate::spirv::conventions::{self, Carrier, Form};
use smallvec::SmallVec;
use std::cell::Cell;

/// How an instruction's operands are carried by its op, beside its SSA
/// operands ([`Values`]).
#[derive(Clone, Copy)]
pub(super) struct Carried {
    /// The op whose op name the op takes.
    pub named_by: Op,
    /// The property dictionary, when there are properties.
    pub properties: Option<Attr>,
}

/// An op's SSA operands, inline for most ops.
pub(super) type Values = SmallVec<[Value; 4]>;

/// An instruction's op and operands with its ids left out (see
/// [`carried_key`]), packed into 128 bits: the op and `with_positions` in
/// the low 17 bits, then per operand a field that starts with a tag that
/// is never zero (an id: the tag alone; an integer below 2^18, or an
/// enumerant below 2^18 with its kind, after it), so that different
/// operand lists make different keys.
pub(super) type CarriedKey = u128;

/// The key under which [`Reader::carried`] remembers how an instruction of
/// `op` with these operands is carried, blocks named by position or not,
/// when its ids are all SSA operands (or all blocks left out): the
/// carriers depend on the op and on the operands other than ids, which the
/// key holds. `None` for an extended instruction (the key holds neither
/// its set nor its instruction), for operands it does not hold (strings,
/// numbers, larger literals) or too many of them.
#[inline(always)]
fn carried_key(op: Op, with_positions: bool, operands: &[Operand]) -> Option<CarriedKey> {
    const LITERAL_BITS: u32 = 18;
    if op == Op::ExtInst {
        return None;
    }
    let mut key = op as u128 | u128::from(with_positions) << 16;
    let mut at = 17;
    for operand in operands {
        let (field, width) = match *operand {
            Operand::Id(_) => (1, 2),
            Operand::Integer(value) if value < 1 << LITERAL_BITS => {
                (2 | u128::from(value) << 2, 2 + LITERAL_BITS)
            }
            Operand::Enum { kind, value }
                if (kind as u32) < 1 << 8 && value < 1 << LITERAL_BITS =>
            {
                (
                    3 | (kind as u128) << 2 | u128::from(value) << 10,
                    10 + LITERAL_BITS,
                )
            }
            _ => return None,
        };
        if at + width > 128 {
            return None;
        }
        key |= field << at;
        at += width;
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
/// its op name and its properties, made of its literals.
pub(super) struct Recipe {
    named_by: Op,
    properties: Box<[RecipeProperty]>,
}

/// One property of a [`Recipe`]: its name and its literals in operand
/// order, an array when there are several or the name always takes one.
struct RecipeProperty {
    name: &'static str,
    array: bool,
    literals: SmallVec<[Literal; 1]>,
}

impl Recipe {
    /// The recipe of an op named by `named_by` whose properties are made
    /// of `literals` by name, in operand order; `always_arrays` as for
    /// [`Reader::merge_lists`], which the recipe replays.
    fn new(
        named_by: Op,
        literals: &[(&'static str, Literal)],
        always_arrays: &[&'static str],
    ) -> Recipe {
        let mut properties: Vec<RecipeProperty> = Vec::new();
        for &(name, literal) in literals {
            match properties.iter_mut().find(|p| p.name == name) {
                Some(property) => {
                    property.array = true;
                    property.literals.push(literal);
                }
                None => properties.push(RecipeProperty {
                    name,
                    array: always_arrays.contains(&name),
                    literals: smallvec::smallvec![literal],
                }),
            }
        }
        Recipe {
            named_by,
            properties: properties.into(),
        }
    }
}

/// Recipes by key.
pub(super) type Recipes = FastMap<CarriedKey, Recipe>;

/// The most recipes kept (keys hold literals, so their number has no
/// bound of its own).
const MAX_RECIPES: usize = 1 << 12;

thread_local! {
    /// The recipes of the instructions carried in the modules read before
    /// on this thread, which a reader takes and gives back: a module
    /// carrying an instruction like an earlier module makes its
    /// attributes from the recipe, without the carriers.
    pub(super) static RECIPES: Cell<Recipes> = Cell::default();
}

impl Reader<'_, '_> {
    /// The op name and properties that carry instruction `index`'s
    /// operands (see [`conventions`]), its SSA operands pushed onto
    /// `values`; blocks named by position only `with_positions`. Kept
    /// inline: most instructions, all of whose operands are values, need
    /// no more.
    #[inline(always)]
    pub(super) fn carried(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        index: u32,
        with_positions: bool,
        values: &mut Values,
    ) -> Result<Carried, DecodeError> {
        let operands = self.operands(index);
        if let Some(named_by) = self.values_only(scope, builder, index, operands, values)? {
            return Ok(Carried {
                named_by,
                properties: None,
            });
        }
        let known = self.carried_like_before(scope, index, operands, with_positions);
        let Some((named_by, properties)) = known else {
            return self.carry_operands(scope, builder, index, operands, with_positions, values);
        };
        // Its ids are its SSA operands (or, without positions, blocks
        // left out).
        for id in operands.iter().filter_map(id_of).filter(|_| with_positions) {
            values.push(self.value_operand(scope, builder, index, id)?);
        }
        Ok(Carried {
            named_by,
            properties,
        })
    }

    /// The op name and properties of instruction `index` when one of its
    /// key (see [`carried_key`]) was carried before: in this module, or in
    /// an earlier one (its recipe replayed).
    #[inline(always)]
    fn carried_like_before(
        &mut self,
        scope: &Scope,
        index: u32,
        operands: &[Operand],
        with_positions: bool,
    ) -> Option<(Op, Option<Attr>)> {
        let op = self.view.insts[index as usize].op;
        let key = carried_key(op, with_positions, operands)?;
        if let Some(&known) = self.carried_before.get(&key) {
            return Some(known);
        }
        let recipe = scope.recipes.get(&key)?;
        let known = (recipe.named_by, self.replayed(recipe));
        self.carried_before.insert(key, known);
        Some(known)
    }

    /// [`Reader::carried`] of an instruction not carried before: by the
    /// carriers of its operands, noting how under its key (see
    /// [`carried_key`]) for the next.
    #[cold]
    #[inline(never)]
    fn carry_operands(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        index: u32,
        operands: &[Operand],
        with_positions: bool,
        values: &mut Values,
    ) -> Result<Carried, DecodeError> {
        let inst = self.view.insts[index as usize];
        let key = carried_key(inst.op, with_positions, operands);
        let carriers = match operands {
            _ if inst.op == Op::ExtInst
                && !matches!(operands.get(1), Some(Operand::ExtInst(_))) =>
            {
                return self.unknown_set_inst(scope, builder, index, operands, values);
            }
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
                    let Some(block) = scope.position_of(self.view, *id) else {
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
                    if !names_enumerants(kind, value) {
                        let kind = kind.info().name;
                        let message = format!("%{id} holds {value}, which is no {kind} value");
                        return Err(self.view.error(index, message));
                    }
                    self.enum_value_attr(kind, value)
                }
                (_, Operand::String(s)) => self.ctx.string_attr(self.decoded.text(*s)),
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
                let recipe = Recipe::new(named_by, &literals, &always_arrays);
                scope.recipes.insert(key, recipe);
            }
            self.carried_before.insert(key, (named_by, properties));
        }
        Ok(Carried {
            named_by,
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
            Literal::Integer(v) => self.i32_attr(v as i32),
            Literal::Number(bits) => {
                let i64_type = self.ctx.int_type(64);
                self.ctx.integer_attr(i64_type, i128::from(bits as i64))
            }
        }
    }

    /// The properties `recipe` gives, made in this module.
    fn replayed(&mut self, recipe: &Recipe) -> Option<Attr> {
        let mut props = Properties::new();
        for property in recipe.properties.iter() {
            let mut attrs = (property.literals.iter()).map(|&literal| self.literal_attr(literal));
            let attr = match property.array {
                true => {
                    // On the stack: the array is interned from a borrow.
                    let attrs: SmallVec<[Attr; 8]> = attrs.collect();
                    self.ctx.array_attr_of(&attrs)
                }
                false => attrs.next()?,
            };
            props.push((property.name, attr));
        }
        (!props.is_empty()).then(|| self.properties(&props))
    }

    /// The operands of an instruction that are all ids, each carried as
    /// an SSA value (see [`conventions::value_operand_counts`]): their
    /// values pushed onto `values`, with no walk of the carriers, and the
    /// op naming the op. For an `OpExtInst`, the operands of its
    /// instruction, none naming a debug symbol. `None` leaves the
    /// instruction to the carriers.
    #[inline(always)]
    fn values_only(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        index: u32,
        operands: &[Operand],
        values: &mut Values,
    ) -> Result<Option<Op>, DecodeError> {
        let (op, operands, extended) = match (self.view.insts[index as usize].op, operands) {
            (Op::ExtInst, [Operand::Id(_), Operand::ExtInst(ext), rest @ ..]) => (*ext, rest, true),
            (Op::ExtInst, _) => return Ok(None),
            (op, operands) => (op, operands, false),
        };
        let Some((fewest, most)) = conventions::value_operand_counts(op) else {
            return Ok(None);
        };
        let count = operands.len();
        if count < fewest || most.is_some_and(|most| count > most) {
            return Ok(None);
        }
        for operand in operands {
            match *operand {
                Operand::Id(id) if !(extended && self.is_debug_reference(id)) => {}
                _ => return Ok(None),
            }
        }
        for id in operands.iter().filter_map(id_of) {
            values.push(self.value_operand(scope, builder, index, id)?);
        }
        Ok(Some(op))
    }

    /// The value id operand `id` of instruction `index` stands for: kept
    /// inline for a value of the function or a module fact used before,
    /// the common cases.
    #[inline(always)]
    pub(super) fn value_operand(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        index: u32,
        id: u32,
    ) -> Result<Value, DecodeError> {
        if let Some(value) = scope.value(id) {
            return Ok(value);
        }
        match self.materializations.get(id) {
            // A module fact used before in this module: its op again.
            Some(made) => Ok(self.create_materialized(builder, made)),
            // A function's values are never types (ids are defined once).
            None if self.types.contains(id) => Err(self
                .view
                .error(index, format!("type %{id} used as a value"))),
            None => self.value_not_met(scope, builder, index, id),
        }
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
}

pub(super) fn id_of(operand: &Operand) -> Option<u32> {
    match operand {
        Operand::Id(id) => Some(*id),
        _ => None,
    }
}

/// Whether `value` is a value of enum `kind`: one of its enumerants, or
/// for a bit enum, bits each of which one names.
fn names_enumerants(kind: OperandKind, value: u32) -> bool {
    match kind.info().category {
        Category::BitEnum => kind.unknown_bits(value) == 0,
        _ => kind.enumerant(value).is_some(),
    }
}
