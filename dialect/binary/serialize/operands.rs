//! The operands of a generic op written in grammar order: values for id
//! operands, properties (by enum kind or operand name) for the rest, each
//! as the carrier the conventions give it says. Ops sharing a name,
//! properties and operand count share every word but their values' ids:
//! the words of the first are kept as a recipe the others follow.

use super::function::OutsideValue;
use super::naming::Ids;
use super::tables::{property_name, HandleTable, Plan};
use super::{encode_string, SerializeError, Writer};
use crate::grammar::{Op, OperandInfo, Quantifier};
use crate::ir::{Attr, AttrData, FastMap, Ident, Value};
use crate::spirv::conventions::{self, Carrier, Form};
use smallvec::SmallVec;
use std::ops::Range;

impl<'c> Writer<'c> {
    /// The operands of a generic op in grammar order, into `body`: values
    /// for id operands, properties (by enum kind or operand name) for the
    /// rest, by a kept recipe, else by the plan's steps. The walks try
    /// [`Self::direct_operands`] first, inlined, for the ops (most) it writes.
    #[inline(never)]
    pub(super) fn operands(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        op: crate::ir::Op,
        plan: &Plan,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let key = (
            ctx.op_name(op),
            ctx.properties(op),
            ctx.num_operands(op) as u32,
        );
        if let Some(run) = self.pool.recipes.by_properties(key) {
            return self.follow_recipe(body, ids, op, run);
        }
        if let Some(recipe) = self.pool.recipes.runs.get(&key) {
            if let Some(run) = recipe.clone() {
                self.pool.recipes.note(key, run.clone());
                return self.follow_recipe(body, ids, op, run);
            }
            return self.planned_operands(body, ids, op, plan).map(drop);
        }
        let start = body.len();
        let props = self.planned_operands(body, ids, op, plan)?;
        let run = (!props.placed).then(|| {
            let recipes = &mut self.pool.recipes;
            let first = recipes.words.len();
            let mut values = props.value_slots.iter().peekable();
            for (at, &word) in body[start..].iter().enumerate() {
                let slot = match values.next_if(|&&slot| slot as usize == start + at) {
                    Some(_) => RecipeWord::Value,
                    None => RecipeWord::Literal(word),
                };
                recipes.words.push(slot);
            }
            first as u32..recipes.words.len() as u32
        });
        if let Some(run) = &run {
            self.pool.recipes.note(key, run.clone());
        }
        self.pool.recipes.runs.insert(key, run);
        Ok(())
    }

    /// The operands of `op` as `run` of the kept recipes lays them out.
    #[inline(always)]
    fn follow_recipe(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        op: crate::ir::Op,
        run: Range<u32>,
    ) -> Result<(), SerializeError> {
        let mut values = self.ctx.operands(op);
        for slot in &self.pool.recipes.words[run.start as usize..run.end as usize] {
            match *slot {
                RecipeWord::Literal(word) => body.push(word),
                RecipeWord::Value => {
                    let value = values.next().ok_or("a recipe takes too many values")?;
                    body.push(self.value_id(ids, op, value)?);
                }
            }
        }
        Ok(())
    }

    /// The operands of an op the plan's steps need not be walked for:
    /// one without properties whose grammar op takes values only (see
    /// [`conventions::value_operand_counts`]), when it has as many as those
    /// take, each value's id in order; or one whose only property is the
    /// integers of its plan's [`Plan::literal_tail`], the values' ids then
    /// the integers. `None` leaves the op to the plan's steps;
    /// [`OutsideValue`] fails it. The op's `values` and `properties` come
    /// from the caller's look-up of the op.
    #[inline(always)]
    pub(super) fn direct_operands(
        &self,
        body: &mut Vec<u32>,
        ids: &Ids,
        (values, properties): (&[Value], Option<Attr>),
        plan: &Plan,
    ) -> Option<Result<(), OutsideValue>> {
        let ctx = self.ctx;
        let count = values.len();
        // Dictionaries are interned: an empty one is the empty dictionary.
        let literals = match properties.filter(|&p| p != ctx.empty_dictionary()) {
            None => {
                let (fewest, most) = plan.value_counts?;
                if count < fewest || most.is_some_and(|most| count > most) {
                    return None;
                }
                &[][..]
            }
            Some(properties) => self.literal_tail(count, plan, properties)?,
        };
        // Room is reserved once for all the ids; a value without one
        // fails the op after them, and with it the module (its words are
        // never given out).
        let mut outside = false;
        body.extend(values.iter().map(|value| match ids.values.get(value) {
            Some(&id) => id,
            None => {
                outside = true;
                0
            }
        }));
        for value in literals.iter().filter_map(|&item| ctx.as_int_attr(item)) {
            push_integer(body, value);
        }
        Some(match outside {
            false => Ok(()),
            true => Err(OutsideValue),
        })
    }

    /// The items of `properties`, those of an op with `count` values,
    /// where they are just an array of the integers of the literal of
    /// `plan`'s [`Plan::literal_tail`] and the op has the values before it.
    #[inline(always)]
    fn literal_tail(&self, count: usize, plan: &Plan, properties: Attr) -> Option<&'c [Attr]> {
        let ctx = self.ctx;
        let values = plan.literal_tail?;
        let (info, carrier, handle) = plan.steps[values];
        let entries = ctx.dict_entries(properties);
        let attr = self.only_property(entries, property_name(info, carrier), handle)?;
        let AttrData::Array(items) = ctx.attr_data(attr) else {
            return None;
        };
        let integers = items.iter().all(|&item| ctx.as_int_attr(item).is_some());
        (integers && count == values).then_some(items)
    }

    /// The operands of `op` by the steps of `plan`; the properties' state
    /// after them tells where the values went.
    fn planned_operands(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        op: crate::ir::Op,
        plan: &Plan,
    ) -> Result<Properties<'c>, SerializeError> {
        let ctx = self.ctx;
        let mut props = Properties {
            ctx,
            entries: ctx.properties(op).map_or(&[][..], |p| ctx.dict_entries(p)),
            by_handle: self.shares_template,
            taken: [0; 8],
            taken_beyond: Vec::new(),
            value_slots: SmallVec::new(),
            placed: false,
        };
        let mut next_value = 0;
        for &(info, carrier, name) in plan.steps.iter() {
            let repeat = info.quantifier == Quantifier::Variadic;
            let optional = info.quantifier != Quantifier::One;
            let step = Step {
                info,
                carrier,
                name,
            };
            loop {
                let before = body.len();
                self.operand(body, ids, op, step, &mut next_value, &mut props)?;
                let took = body.len() > before;
                if !took && !optional {
                    return Err(format!(
                        "{}: no value for operand `{}`",
                        ctx.op_name_str(op),
                        info.name
                    ));
                }
                if !took || !repeat {
                    break;
                }
            }
        }
        let values = ctx.num_operands(op);
        if next_value < values {
            return Err(format!(
                "{}: {} operands left over",
                ctx.op_name_str(op),
                values - next_value
            ));
        }
        Ok(props)
    }

    /// One operand for `info` (with its enumerant's parameters), if any
    /// is left, read from where `carrier` says the op keeps it: among its
    /// values, or its properties `props`.
    fn operand(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        op: crate::ir::Op,
        Step {
            info,
            carrier,
            name,
        }: Step,
        next_value: &mut usize,
        props: &mut Properties<'_>,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let attr = props.find(property_name(info, carrier), name);
        if carrier.form == Form::Value {
            if let Some((index, attr)) = attr {
                let n = props.take(index);
                let item = match ctx.attr_data(attr) {
                    AttrData::Array(items) => items.get(n).copied(),
                    _ if n == 0 => Some(attr),
                    _ => None,
                };
                let id = match item.map(|a| (a, ctx.attr_data(a))) {
                    Some((_, AttrData::Type(ty))) => self.type_id(*ty)?,
                    Some((a, AttrData::SymbolRef { .. })) => self.symbol_id(Some(a))?,
                    Some(_) => return Err(format!("unsupported value of operand `{}`", info.name)),
                    None => return Ok(()),
                };
                body.push(id);
                return Ok(());
            }
            if *next_value < ctx.num_operands(op) {
                let value = ctx.operand(op, *next_value);
                *next_value += 1;
                props.value_slots.push(body.len() as u32);
                body.push(self.value_id(ids, op, value)?);
            }
            return Ok(());
        }
        if carrier.form == Form::BlockPosition {
            props.placed = true;
        }
        if carrier.form == Form::BlockPosition && self.class(op).role.is_construct() {
            body.push(self.construct_target(ids, op, carrier.name)?);
            return Ok(());
        }
        let Some((index, attr)) = attr else {
            return Ok(());
        };
        let n = props.take(index);
        let attr = match ctx.attr_data(attr) {
            AttrData::Array(items) => items.get(n).copied(),
            _ if n == 0 => Some(attr),
            _ => None,
        };
        let Some(attr) = attr else { return Ok(()) };
        let unsupported = || format!("unsupported value of operand `{}`", carrier.name);
        match carrier.form {
            Form::Value => {}
            Form::Symbol => body.push(self.symbol_id(Some(attr))?),
            Form::Type => {
                let ty = ctx.as_type_attr(attr).ok_or_else(unsupported)?;
                body.push(self.type_id(ty)?);
            }
            Form::BlockPosition => {
                let position = ctx.as_int_attr(attr).ok_or_else(unsupported)?;
                let region = ctx.parent_block(op).and_then(|b| ctx.block_parent(b));
                let blocks = region.map_or(&[][..], |r| ctx.region_blocks(r));
                let block = usize::try_from(position)
                    .ok()
                    .and_then(|p| blocks.get(p))
                    .ok_or("block index out of range")?;
                body.push(ids.labels[block]);
            }
            Form::ConstantEnum(kind) => {
                let value = self.enum_word(attr, kind)?;
                body.push(self.u32_constant_id(value)?);
            }
            Form::Enum => {
                let value = self.enum_word(attr, info.kind)?;
                body.push(value);
                for enumerant in conventions::named_enumerants(info.kind, value) {
                    for param in enumerant.parameters {
                        let step = Step {
                            info: param,
                            carrier: conventions::parameter_carrier(carrier, param),
                            name: None,
                        };
                        // A parameter takes a word at least: none written
                        // is one the op lacks.
                        let before = body.len();
                        self.operand(body, ids, op, step, next_value, props)?;
                        if body.len() == before {
                            let op_name = ctx.op_name_str(op);
                            return Err(missing_parameter(
                                op_name,
                                enumerant.name,
                                step.carrier.name,
                            ));
                        }
                    }
                }
            }
            Form::Literal | Form::LiteralArray => match ctx.attr_data(attr) {
                AttrData::Integer { value, .. } => push_integer(body, *value),
                AttrData::String(s) => encode_string(ctx.str(*s), body),
                _ => return Err(unsupported()),
            },
        }
        Ok(())
    }

    /// The id of a 32-bit unsigned integer constant (a scope or memory
    /// semantics), shared with equal constants of the module.
    pub(super) fn u32_constant_id(&mut self, value: u32) -> Result<u32, SerializeError> {
        if let Some(&id) = self.pool.u32_constants.get(&value) {
            return Ok(id);
        }
        let int = self.declare(Op::TypeInt, None, &[32, 0])?;
        let id = self.declare(Op::Constant, Some(int), &[value])?;
        self.pool.u32_constants.insert(value, id);
        Ok(id)
    }
}

/// The error of op `op_name`'s enumerant whose parameter, carried under
/// `carrier` (a value where empty), the op does not have.
#[cold]
fn missing_parameter(op_name: &str, enumerant: &str, carrier: &str) -> SerializeError {
    match carrier {
        "" => format!("{op_name}: `{enumerant}` needs a value operand for its parameter"),
        name => format!("{op_name}: `{enumerant}` needs its parameter `{name}`"),
    }
}

/// Appends literal integer `value`: one word, or two for one past 32
/// bits that is not negative.
fn push_integer(body: &mut Vec<u32>, value: i128) {
    let value = value as u64;
    body.push(value as u32);
    if value > u64::from(u32::MAX) && (value as i64) >= 0 {
        body.push((value >> 32) as u32);
    }
}

/// The operand words kept for the ops sharing a name, properties and
/// operand count (the first's words, its values' ids left as slots), for
/// the module.
#[derive(Default)]
pub(super) struct Recipes {
    /// Per (op name, properties, operand count): where in `words` its
    /// recipe is; `None` where the words depend on the op's place (block
    /// positions).
    runs: FastMap<RecipeKey, Option<Range<u32>>>,
    /// Per properties: the op name, operand count and recipe of the last
    /// op with them that followed one.
    last: HandleTable<Attr, Option<(Ident, u32, u32, u32)>>,
    words: Vec<RecipeWord>,
}

/// Op name, properties and operand count.
type RecipeKey = (Ident, Option<Attr>, u32);

impl Recipes {
    /// The recipe of the ops of `key` when the last op with its
    /// properties followed it.
    fn by_properties(&self, (name, properties, count): RecipeKey) -> Option<Range<u32>> {
        match self.last.get(&properties?) {
            Some(&Some((n, c, start, end))) if n == name && c == count => Some(start..end),
            _ => None,
        }
    }

    /// Notes that the ops of `key` follow `run`.
    fn note(&mut self, (name, properties, count): RecipeKey, run: Range<u32>) {
        if let Some(properties) = properties {
            (self.last).insert(properties, Some((name, count, run.start, run.end)));
        }
    }

    /// Forgets every recipe.
    pub(super) fn clear(&mut self) {
        self.runs.clear();
        self.last.clear();
        self.words.clear();
    }
}

/// A word of a recipe: the same for every op following it, or the id of
/// the op's next value.
#[derive(Clone, Copy)]
enum RecipeWord {
    Literal(u32),
    Value,
}

/// An operand to write: its grammar operand, its carrier, and the name
/// of the property that may hold it as the template interns it.
#[derive(Clone, Copy)]
struct Step {
    info: &'static OperandInfo,
    carrier: Carrier,
    name: Option<Ident>,
}

/// An op's properties, with how many items of each the operands have
/// taken so far (an array property's are taken one by one), where the
/// values' ids went, and whether a word depends on the op's place.
struct Properties<'c> {
    ctx: &'c crate::ir::Context,
    entries: &'c [(crate::ir::Ident, Attr)],
    /// Whether the context shares the template's names: a name the
    /// template interns is then found by its handle.
    by_handle: bool,
    /// Items taken of the first eight properties.
    taken: [usize; 8],
    /// Items taken of the properties after those.
    taken_beyond: Vec<usize>,
    /// Where in the body each value's id went.
    value_slots: SmallVec<[u32; 8]>,
    /// A block position was written: the words hold the op's place.
    placed: bool,
}

impl Properties<'_> {
    /// The index and value of the property `name`, interned as `handle`
    /// in the template.
    fn find(&self, name: &str, handle: Option<Ident>) -> Option<(usize, Attr)> {
        let handle = handle.filter(|_| self.by_handle);
        let index = super::properties::position(self.ctx, self.entries, name, handle)?;
        Some((index, self.entries[index].1))
    }

    /// The index of the next item of the property at `index` to take,
    /// counted.
    fn take(&mut self, index: usize) -> usize {
        let taken = match self.taken.get_mut(index) {
            Some(taken) => taken,
            None => self.count_beyond(index - self.taken.len()),
        };
        *taken += 1;
        *taken - 1
    }

    /// The count of items taken of the property `beyond` after the
    /// first eight.
    #[cold]
    fn count_beyond(&mut self, beyond: usize) -> &mut usize {
        if self.taken_beyond.len() <= beyond {
            self.taken_beyond.resize(beyond + 1, 0);
        }
        &mut self.taken_beyond[beyond]
    }
}
