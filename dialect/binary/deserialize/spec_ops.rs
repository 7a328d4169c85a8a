//! Module facts a function uses, materialized where it uses them, and the
//! spec constants built from other constants:
//! - `OpSpecConstantOp` becomes, as MLIR 19 reads it, a
//!   `spirv.SpecConstantOperation` at each use whose region wraps the op it
//!   applies (`spirv.IAdd`, ...) and yields its result through
//!   `spirv.mlir.yield`; the wrapped op's operands are materialized just
//!   before it. One that a module-level instruction uses (an array length,
//!   a composite constituent) gets a symbol instead: a module-level
//!   `spirv.mlir.spec_constant_op @name : type` whose region holds the
//!   same materialization, referenced through `spirv.mlir.referenceof`.
//! - `OpSpecConstantComposite` becomes `spirv.SpecConstantComposite @name
//!   (constituents) : type`; a constituent that is a plain constant (MLIR
//!   accepts only spec constants) is kept as its value attribute.

use super::carry::id_of;
use super::function::enum_value;
use super::properties::Property;
use super::Materialized;
use super::{Global, Reader};
use crate::binary::module::{Inst, ModuleView};
use crate::binary::{DecodeError, Operand};
use crate::grammar::Op;
use crate::ir::FastMap;
use crate::ir::{Attr, Builder, OpParts, OpSpec, Value};
use crate::spirv::conventions::{self, Form};
use smallvec::SmallVec;

/// How deep default values of nested `OpSpecConstantOp`s are evaluated.
const MAX_EVALUATION_DEPTH: u32 = 32;

/// How deep `OpSpecConstantOp`s nest in one materialization; deeper ones
/// get symbols.
const MAX_MATERIALIZED_DEPTH: u32 = 8;

impl Reader<'_, '_> {
    /// Records the `OpSpecConstantOp` results that module-level
    /// instruction `index` uses (see [`Reader::scan_globals`]), `depths`
    /// holding how deep each spec-constant operation so far nests others.
    /// Also names the spec-constant operations nested deeper than
    /// [`MAX_MATERIALIZED_DEPTH`] in others, which each use would otherwise
    /// materialize again (exponentially many ops for a chain).
    pub(super) fn note_module_level_uses(
        &mut self,
        index: u32,
        inst: &Inst,
        depths: &mut FastMap<u32, u32>,
    ) {
        let is_spec_op = |id: &u32| is_spec_op(self.view, *id);
        let operands = self.operands(index);
        let used: SmallVec<[u32; 4]> = match inst.op {
            Op::TypeArray => operands.get(1).and_then(id_of).into_iter().collect(),
            Op::SpecConstantComposite | Op::Variable => operands.iter().filter_map(id_of).collect(),
            op if super::globals::is_untyped_variable(op) => {
                operands.iter().filter_map(id_of).collect()
            }
            // The ids after the set and instruction, or the function and
            // the mode.
            Op::ExtInst | Op::ExecutionModeId => {
                operands.iter().skip(2).filter_map(id_of).collect()
            }
            Op::SpecConstantOp => {
                let nested: SmallVec<[u32; 4]> = operands
                    .iter()
                    .filter_map(id_of)
                    .filter(is_spec_op)
                    .collect();
                let depth = 1
                    + (nested.iter())
                        .map(|id| depths.get(id).copied().unwrap_or(0))
                        .max()
                        .unwrap_or(0);
                if depth <= MAX_MATERIALIZED_DEPTH {
                    depths.insert(inst.result, depth);
                    return;
                }
                depths.insert(inst.result, 1);
                nested
            }
            _ => return,
        };
        for id in used.into_iter().filter(is_spec_op) {
            self.module_level_uses.insert(id);
            depths.insert(id, 0);
        }
    }

    /// The value of module-level `id` materialized at `builder` where
    /// instruction `at` uses it; `None` when `id` is no module fact.
    pub(super) fn materialize_global(
        &mut self,
        builder: &Builder,
        at: u32,
        id: u32,
    ) -> Result<Option<Value>, DecodeError> {
        if let Some(made) = self.materializations.get(id) {
            return Ok(Some(self.create_materialized(builder, made)));
        }
        let (name, ty, prop) = match self.globals.get(id) {
            Some(Global::Constant(attr, ty)) => {
                ("spirv.Constant", ty, Some((Property::Value, attr)))
            }
            Some(Global::Variable(_, ty)) => {
                let symbol = self.global_symbol_ref(id);
                let prop = symbol.map(|s| (Property::Variable, s));
                ("spirv.mlir.addressof", ty, prop)
            }
            Some(Global::SpecConstant(_, ty)) => {
                let symbol = self.global_symbol_ref(id);
                let prop = symbol.map(|s| (Property::SpecConst, s));
                ("spirv.mlir.referenceof", ty, prop)
            }
            Some(Global::SpecOperation(index)) => {
                return self.spec_operation(builder, index).map(Some)
            }
            Some(Global::Undef(ty)) => ("spirv.Undef", ty, None),
            Some(Global::Instruction(index, ty)) => {
                return self.constant_instruction(builder, at, index, ty).map(Some)
            }
            Some(Global::Function(_)) => {
                return Err(self
                    .view
                    .error(at, format!("function %{id} used as a value")));
            }
            None => return Ok(None),
        };
        let made = Materialized {
            name: self.static_ident(name),
            ty,
            properties: prop.map(|(property, value)| self.property_dictionary_of(property, value)),
        };
        self.materializations.insert(id, made);
        Ok(Some(self.create_materialized(builder, made)))
    }

    /// A use op of a module-level fact at `builder`; its result.
    pub(super) fn create_materialized(&mut self, builder: &Builder, made: Materialized) -> Value {
        let mut parts = OpParts::new(made.name, self.line);
        parts.result_types = std::slice::from_ref(&made.ty);
        parts.properties = made.properties;
        let result = builder.create_plain(&mut self.ctx, parts);
        result.expect("a materialized op has a result")
    }

    /// `OpSpecConstantOp` `index` at module level: a symbol when a
    /// module-level instruction uses it, else materialized at each use.
    pub(super) fn spec_constant_op(&mut self, index: u32) -> Result<(), DecodeError> {
        let inst = self.view.insts[index as usize];
        let ty = self.type_of_id(index, Some(inst.result_type))?;
        if !self.module_level_uses.contains(&inst.result) {
            self.globals
                .insert(inst.result, Global::SpecOperation(index));
            return Ok(());
        }
        let name = self.symbol(inst.result);
        let props = vec![
            ("sym_name", self.string_attr(name)),
            ("type", self.ctx.type_attr(ty)),
        ];
        let mut spec = OpSpec::new(
            self.static_ident("spirv.mlir.spec_constant_op"),
            Default::default(),
        );
        spec.properties = Some(self.properties(&props));
        spec.num_regions = 1;
        let op = Builder::at_end(self.module_body).create_from(&mut self.ctx, spec);
        self.in_new_block(op, |reader, builder| reader.spec_operation(builder, index))?;
        self.globals
            .insert(inst.result, Global::SpecConstant(name, ty));
        Ok(())
    }

    /// Fills the single region of `op` with one block: what `body` builds,
    /// then `spirv.mlir.yield` of the value it returns.
    fn in_new_block(
        &mut self,
        op: crate::ir::Op,
        body: impl FnOnce(&mut Self, &Builder) -> Result<Value, DecodeError>,
    ) -> Result<Value, DecodeError> {
        let region = self.ctx.regions(op)[0];
        let block = self.ctx.create_block(&[]);
        self.ctx.append_block(region, block);
        let builder = Builder::at_end(block);
        let value = body(self, &builder)?;
        let spec = self.spec("spirv.mlir.yield", vec![value], vec![], Vec::new());
        builder.create_from(&mut self.ctx, spec);
        Ok(value)
    }

    /// A `spirv.SpecConstantOperation` for `OpSpecConstantOp` `index` at
    /// `builder`, its operands materialized before it.
    pub(super) fn spec_operation(
        &mut self,
        builder: &Builder,
        index: u32,
    ) -> Result<Value, DecodeError> {
        let inst = self.view.insts[index as usize];
        let ty = self.type_of_id(index, Some(inst.result_type))?;
        let operands = self.operands(index);
        let [Operand::SpecOp(wrapped), rest @ ..] = operands else {
            return Err(self
                .view
                .error(index, "OpSpecConstantOp without an opcode".into()));
        };
        let carriers = conventions::decoded_carriers(*wrapped, rest.iter().map(enum_value));
        let mut values = Vec::new();
        let mut lists: Vec<(&'static str, Attr)> = Vec::new();
        let mut always_arrays = Vec::new();
        for (operand, carrier) in rest.iter().zip(carriers) {
            match operand {
                Operand::Id(id) => {
                    let defined_before = self.view.def(*id).is_some_and(|d| d < index);
                    let value = match defined_before {
                        true => self.materialize_global(builder, index, *id)?,
                        false => None,
                    };
                    let message = format!("%{id} is no constant defined before this one");
                    values.push(value.ok_or_else(|| self.view.error(index, message))?);
                }
                Operand::Integer(v) => {
                    let attr = self.i32_attr(*v as i32);
                    if carrier.form == Form::LiteralArray {
                        always_arrays.push(carrier.name);
                    }
                    lists.push((carrier.name, attr));
                }
                _ => {
                    let message = "unsupported operand of OpSpecConstantOp".to_string();
                    return Err(self.view.error(index, message));
                }
            }
        }
        let props = self.merge_lists(&lists, &always_arrays);
        let mut spec = self.spec("spirv.SpecConstantOperation", vec![], vec![ty], vec![]);
        spec.num_regions = 1;
        let op = builder.create_from(&mut self.ctx, spec);
        let name = wrapped.info().mlir_name;
        self.in_new_block(op, |reader, inner| {
            let spec = reader.spec(name, values, vec![ty], props);
            Ok(reader.create_one(inner, spec))
        })?;
        Ok(self.ctx.results(op)[0])
    }

    /// `OpSpecConstantComposite` `index` as a `spirv.SpecConstantComposite`.
    pub(super) fn spec_constant_composite(&mut self, index: u32) -> Result<(), DecodeError> {
        let inst = self.view.insts[index as usize];
        let ty = self.type_of_id(index, Some(inst.result_type))?;
        let name = self.symbol(inst.result);
        let mut constituents = Vec::new();
        for id in self.operands(index).iter().filter_map(id_of) {
            let attr = match self.globals.get(id) {
                Some(Global::SpecConstant(..)) => self.global_symbol_ref(id),
                Some(Global::Constant(attr, _)) => Some(attr),
                _ => None,
            };
            let Some(attr) = attr else {
                let message = format!("constituent %{id} is no constant");
                return Err(self.view.error(index, message));
            };
            constituents.push(attr);
        }
        let props = [
            ("constituents", self.ctx.array_attr(constituents)),
            ("sym_name", self.string_attr(name)),
            ("type", self.ctx.type_attr(ty)),
        ];
        let attrs = self.decoration_attrs(inst.result, &[]);
        self.module_op("spirv.SpecConstantComposite", &props, &attrs);
        self.globals
            .insert(inst.result, Global::SpecConstant(name, ty));
        Ok(())
    }

    /// The default value of integer spec constant `id`: its literal, or the
    /// integer arithmetic of an `OpSpecConstantOp` on default values.
    pub(super) fn spec_default(&self, id: u32, depth: u32) -> Option<u64> {
        let index = self.view.def(id)?;
        let operands = self.operands(index);
        match (self.view.insts[index as usize].op, operands) {
            (Op::Constant | Op::SpecConstant, [Operand::Integer(v)]) => Some(u64::from(*v)),
            (Op::Constant | Op::SpecConstant, [Operand::Number { bits, .. }]) => Some(*bits),
            (Op::SpecConstantOp, [Operand::SpecOp(op), Operand::Id(a), Operand::Id(b)])
                if depth < MAX_EVALUATION_DEPTH =>
            {
                let (a, b) = (
                    self.spec_default(*a, depth + 1)?,
                    self.spec_default(*b, depth + 1)?,
                );
                match op {
                    Op::IAdd => Some(a.wrapping_add(b)),
                    Op::ISub => Some(a.wrapping_sub(b)),
                    Op::IMul => Some(a.wrapping_mul(b)),
                    Op::UDiv | Op::SDiv => a.checked_div(b),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// Whether `id` is the result of an `OpSpecConstantOp`.
pub(super) fn is_spec_op(view: &ModuleView, id: u32) -> bool {
    view.def_inst(id).map(|d| d.op) == Some(Op::SpecConstantOp)
}
