//! A switch heading a selection whose edges pass one block different
//! values for an argument: a phi takes one value per predecessor, and
//! sending a case through a block of its own would make it fall through
//! into another case's block (a selection allows that from one case at
//! most). The header chooses the value instead, by a chain of `OpSelect`s
//! on the selector written before its merge instruction:
//! `Select(IEqual(selector, c1), v1, Select(IEqual(selector, c2), v2, …
//! v_last))`, the last value the default's where the default is among the
//! edges; the block's phi takes the chain's result from the header.

use super::enums::enum_value;
use super::function::emit_words;
use super::naming::Ids;
use super::properties::Property;
use super::{SerializeError, Writer};
use crate::grammar::{Op, OperandKind};
use crate::ir::{AttrData, Param, Type, TypeData};
use crate::spirv::types::Member;
use smallvec::SmallVec;

/// A block argument that edges of a switch heading a selection pass
/// different values, chosen in the header by a chain of `OpSelect`s.
#[derive(Clone, Copy)]
pub(super) struct SelectedArgument {
    /// The switch.
    pub(super) switch: crate::ir::Op,
    /// The id of the chain's outermost select, which the block's phi
    /// takes along the edge from the header.
    pub(super) id: u32,
    /// Where in [`Ids::select_choices`] the values the chain chooses
    /// among are.
    pub(super) choices: (u32, u32),
}

/// One value a select chain chooses: the one that the switch's edge
/// `successor` passes, in slot `slot` of [`Ids::passed`]. The chain's last
/// is chosen where the selector matches none of the cases before it.
#[derive(Clone, Copy)]
pub(super) struct SelectChoice {
    pub(super) successor: u32,
    pub(super) slot: u32,
}

/// The version word of SPIR-V 1.4, from which `OpSelect` takes composites
/// and a scalar condition for a vector.
const VERSION_1_4: u32 = 0x0001_0400;

impl Writer<'_> {
    /// Switch `op`, heading a selection, whose `count` edges are the last
    /// ones recorded: each argument that several edges into one block
    /// pass different values (ids) for becomes a [`SelectedArgument`],
    /// every edge into the block passing the chain's result in its slot.
    /// Of the edges passing the value the chain ends with, only that last
    /// one is among its choices.
    pub(super) fn select_switch_arguments(
        &mut self,
        ids: &mut Ids,
        op: crate::ir::Op,
        count: usize,
    ) -> Result<(), SerializeError> {
        let first_edge = ids.edges.len() - count;
        for successor in 0..count {
            let edges = &ids.edges[first_edge..];
            let target = edges[successor].target;
            if edges[..successor].iter().any(|edge| edge.target == target) {
                continue;
            }
            // The cases in order, then the default.
            let order: SmallVec<[usize; 8]> = (1..count)
                .chain([0])
                .filter(|&s| edges[s].target == target)
                .collect();
            let runs: SmallVec<[(usize, usize); 8]> = (order.iter())
                .map(|&s| (edges[s].passed.start, edges[s].passed.len()))
                .collect();
            // An edge passing more values than another passes, those past
            // the other's run go to no argument.
            let width = runs.iter().map(|&(_, len)| len).min().unwrap_or(0);
            let &[_, .., (last_start, _)] = &runs[..] else {
                continue;
            };
            for position in 0..width {
                let id_at = |start: usize| ids.values.get(&ids.passed[start + position]).copied();
                let last_id = id_at(last_start);
                if runs.iter().all(|&(start, _)| id_at(start) == last_id) {
                    continue;
                }
                let ty = self.ctx.value_type(ids.passed[last_start + position]);
                self.check_selectable(op, ty, position)?;
                let id = self.fresh();
                let first_choice = ids.select_choices.len() as u32;
                for (at, (&successor, &(start, _))) in order.iter().zip(&runs).enumerate() {
                    let slot = (start + position) as u32;
                    ids.passed_instead.insert(slot, id);
                    if at + 1 == order.len() || id_at(start) != last_id {
                        let successor = successor as u32;
                        ids.select_choices.push(SelectChoice { successor, slot });
                    }
                }
                let choices = (first_choice, ids.select_choices.len() as u32);
                ids.selected_arguments.push(SelectedArgument {
                    switch: op,
                    id,
                    choices,
                });
            }
        }
        Ok(())
    }

    /// The select chains of the [`SelectedArgument`]s of switch `op`,
    /// into `body` before the merge instruction (after the switch's
    /// position, where positions may be written): each case's `IEqual`
    /// (spread over a vector of booleans for a vector before SPIR-V 1.4)
    /// made once, its literal a constant of the selector's type.
    pub(super) fn switch_selects(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        op: crate::ir::Op,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let mut arguments = (ids.selected_arguments.iter()).filter(|a| a.switch == op);
        let Some(first) = arguments.next() else {
            return Ok(());
        };
        if self.lines {
            self.line(body, ctx.op_loc(op))?;
        }
        let selector = ctx.operand(op, 0);
        let selector_id = self.value_id(ids, op, selector)?;
        let literals = match (self.prop(op, "literals")).map(|a| ctx.attr_data(a)) {
            Some(AttrData::Array(literals)) => &literals[..],
            _ => &[],
        };
        let boolean = self.declare(Op::TypeBool, None, &[])?;
        // The conditions made so far: successor, lanes (0 for a scalar)
        // and id.
        let mut conditions: SmallVec<[(u32, u32, u32); 8]> = SmallVec::new();
        for argument in std::iter::once(first).chain(arguments) {
            let choices =
                &ids.select_choices[argument.choices.0 as usize..argument.choices.1 as usize];
            let Some((last, rest)) = choices.split_last() else {
                continue;
            };
            let value = |choice: &SelectChoice| ids.passed[choice.slot as usize];
            let ty = ctx.value_type(value(last));
            let type_id = self.type_id(ty)?;
            let lanes = match ctx.type_data(ty) {
                TypeData::Vector { shape, .. } if self.version < VERSION_1_4 => shape[0] as u32,
                _ => 0,
            };
            let mut chosen = self.value_id(ids, op, value(last))?;
            for (at, choice) in rest.iter().enumerate().rev() {
                let known = |conditions: &[(u32, u32, u32)], lanes: u32| {
                    (conditions.iter())
                        .find(|c| (c.0, c.1) == (choice.successor, lanes))
                        .map(|c| c.2)
                };
                let scalar = match known(&conditions, 0) {
                    Some(id) => id,
                    None => {
                        let literal = (choice.successor as usize)
                            .checked_sub(1)
                            .and_then(|case| literals.get(case))
                            .ok_or("spirv.Switch with fewer case literals than case targets")?;
                        let constant = self.constant_id(ctx.value_type(selector), *literal)?;
                        let id = self.fresh();
                        emit_words(body, Op::IEqual, &[boolean, id, selector_id, constant]);
                        conditions.push((choice.successor, 0, id));
                        id
                    }
                };
                let condition = match (lanes, known(&conditions, lanes)) {
                    (0, _) => scalar,
                    (_, Some(id)) => id,
                    (lanes, None) => {
                        let vector = self.declare(Op::TypeVector, None, &[boolean, lanes])?;
                        let id = self.fresh();
                        let mut words: SmallVec<[u32; 6]> = SmallVec::from_slice(&[vector, id]);
                        words.extend((0..lanes).map(|_| scalar));
                        emit_words(body, Op::CompositeConstruct, &words);
                        conditions.push((choice.successor, lanes, id));
                        id
                    }
                };
                let result = if at == 0 { argument.id } else { self.fresh() };
                let picked = self.value_id(ids, op, value(choice))?;
                emit_words(
                    body,
                    Op::Select,
                    &[type_id, result, condition, picked, chosen],
                );
                chosen = result;
            }
        }
        Ok(())
    }

    /// An error unless `OpSelect` may choose between values of `ty` in
    /// this module, passed as argument `position` by edges of switch `op`.
    fn check_selectable(
        &mut self,
        op: crate::ir::Op,
        ty: Type,
        position: usize,
    ) -> Result<(), SerializeError> {
        let Some(reason) = self.select_refusal(op, ty)? else {
            return Ok(());
        };
        let syntax = crate::dialects::syntax();
        let ty = crate::text::printer::type_to_string(self.ctx, &syntax, ty);
        Err(format!(
            "{}: two edges from one block to another pass different values (argument \
             {position}, of type {ty}), which a phi (one entry per predecessor) cannot \
             express; heading a selection, the switch would choose between them by \
             OpSelect, which {reason}",
            self.ctx.op_name_str(op)
        ))
    }

    /// Why `OpSelect` may not choose between values of `ty` in the module
    /// holding `op`, if it may not.
    fn select_refusal(
        &mut self,
        op: crate::ir::Op,
        ty: Type,
    ) -> Result<Option<&'static str>, SerializeError> {
        let ctx = self.ctx;
        let (mnemonic, params) = match ctx.type_data(ty) {
            TypeData::Integer { .. } | TypeData::Float(_) | TypeData::Vector { .. } => {
                return Ok(None)
            }
            TypeData::Dialect(d) if Some(d.dialect) == self.type_names.spirv => {
                (ctx.str(d.mnemonic), &d.params[..])
            }
            _ => return Ok(Some("takes no values of that type")),
        };
        let elements: SmallVec<[Type; 8]> = match (mnemonic, params) {
            ("ptr", _) => return self.pointer_select_refusal(op, ty),
            ("array", [_, Param::Type(elem), ..]) | ("matrix", [_, Param::Type(elem)]) => {
                SmallVec::from_slice(&[*elem])
            }
            ("struct", params) => match Member::types(params) {
                Some(members) => members.collect(),
                None => return Ok(Some("takes no values of that type")),
            },
            _ => return Ok(Some("takes no values of that type")),
        };
        if self.version < VERSION_1_4 {
            return Ok(Some("takes composites only from SPIR-V 1.4"));
        }
        for element in elements {
            if let Some(reason) = self.select_refusal(op, element)? {
                return Ok(Some(reason));
            }
        }
        Ok(None)
    }

    /// Why `OpSelect` may not choose between pointers of type `ty` in the
    /// module holding `op`, if it may not: where the addressing model
    /// makes them logical pointers, it takes those of the `StorageBuffer`
    /// storage class with the `VariablePointersStorageBuffer` or
    /// `VariablePointers` capability, those of the `Workgroup` class with
    /// the latter.
    fn pointer_select_refusal(
        &mut self,
        op: crate::ir::Op,
        ty: Type,
    ) -> Result<Option<&'static str>, SerializeError> {
        let ctx = self.ctx;
        let mut module = ctx.parent_op(op);
        while let Some(at) = module.filter(|&m| ctx.op_name_str(m) != "spirv.module") {
            module = ctx.parent_op(at);
        }
        let module = module.ok_or("a function outside a spirv.module")?;
        let addressing = (self.property(module, Property::AddressingModel))
            .ok_or("spirv.module without addressing_model")?;
        let kind = OperandKind::AddressingModel;
        let addressing = self.enum_attr_value(addressing, kind)?;
        let class = match self.pointer_parts(ty) {
            Some((_, class)) => ctx.str(class),
            None => return Ok(Some("takes no values of that type")),
        };
        let physical = match addressing {
            a if Some(a) == enum_value(kind, "PhysicalStorageBuffer64") => {
                class == "PhysicalStorageBuffer"
            }
            a => a != enum_value(kind, "Logical").unwrap_or(0),
        };
        if physical {
            return Ok(None);
        }
        let capabilities =
            match (self.property(module, Property::VceTriple)).map(|vce| ctx.attr_data(vce)) {
                Some(AttrData::Dialect(d)) => match &d.params[..] {
                    [_, Param::List(capabilities), ..] => &capabilities[..],
                    _ => &[],
                },
                _ => &[],
            };
        let declares = |name: &str| {
            (capabilities.iter()).any(|c| matches!(c, Param::Ident(c) if ctx.str(*c) == name))
        };
        let allowed = match class {
            "StorageBuffer" => {
                declares("VariablePointers") || declares("VariablePointersStorageBuffer")
            }
            "Workgroup" => declares("VariablePointers"),
            _ => false,
        };
        Ok((!allowed).then_some(
            "takes logical pointers only of the StorageBuffer storage class (with the \
             VariablePointersStorageBuffer or VariablePointers capability) or the \
             Workgroup class (with VariablePointers)",
        ))
    }
}
