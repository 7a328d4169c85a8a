//! Spec constants built from other constants: `spirv.SpecConstantComposite`
//! as `OpSpecConstantComposite`, and `spirv.SpecConstantOperation` (in a
//! function, or in a module-level `spirv.mlir.spec_constant_op`) as the
//! `OpSpecConstantOp` applying the op its region wraps. Unnamed ones are
//! uniqued by their encoding like other constants.

use super::tables::HandleTable;
use super::{emit, instruction, SerializeError, Writer};
use crate::binary::Operand;
use crate::grammar::{Category, Op};
use crate::ir::{AttrData, Type, TypeData, Value};
use crate::spirv::conventions;

impl Writer<'_> {
    pub(super) fn spec_constant_composite(
        &mut self,
        op: crate::ir::Op,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let id = self.symbol_of(op)?;
        let ty = (self.prop(op, "type").and_then(|t| ctx.as_type_attr(t)))
            .ok_or("spirv.SpecConstantComposite without a type")?;
        let constituents = match self.prop(op, "constituents").map(|a| ctx.attr_data(a)) {
            Some(AttrData::Array(items)) => items.to_vec(),
            _ => return Err("spirv.SpecConstantComposite without constituents".into()),
        };
        let element_types = match ctx.type_data(ty) {
            TypeData::Vector { elem, .. } => vec![*elem; constituents.len()],
            _ => self.element_types(ty, constituents.len())?,
        };
        let mut operands = Vec::with_capacity(constituents.len());
        for (&constituent, &elem) in constituents.iter().zip(&element_types) {
            let id = match ctx.attr_data(constituent) {
                AttrData::SymbolRef { .. } => self.symbol_id(Some(constituent))?,
                _ => self.constant_id(elem, constituent)?,
            };
            operands.push(Operand::Id(id));
        }
        let ty_id = self.type_id(ty)?;
        let inst = instruction(Op::SpecConstantComposite, Some(ty_id), Some(id), operands);
        emit(&mut self.out.globals, &inst)?;
        self.decorate(id, ctx.attributes(op))
    }

    /// A `spirv.mlir.spec_constant_op`: its region's materialized values,
    /// the last `spirv.SpecConstantOperation` taking the symbol's id.
    pub(super) fn named_spec_operation(&mut self, op: crate::ir::Op) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let id = self.symbol_of(op)?;
        let block = (ctx.regions(op).first())
            .and_then(|r| ctx.region_blocks(*r).first().copied())
            .ok_or("spirv.mlir.spec_constant_op without a body")?;
        let ops: Vec<crate::ir::Op> = ctx.block_ops(block).collect();
        let [materialized @ .., operation, _yield] = &ops[..] else {
            return Err("spirv.mlir.spec_constant_op without an operation".into());
        };
        let mut values = HandleTable::default();
        for &m in materialized {
            let value_id = self.materialized(m, &values)?;
            values.insert(ctx.result(m, 0), value_id);
        }
        self.spec_operation(*operation, &values, Some(id))?;
        Ok(())
    }

    /// The id of the `OpSpecConstantOp` a `spirv.SpecConstantOperation`
    /// stands for: `id` when given, else uniqued; `values` holds the ids of
    /// the wrapped op's operands.
    pub(super) fn spec_operation(
        &mut self,
        op: crate::ir::Op,
        values: &HandleTable<Value>,
        id: Option<u32>,
    ) -> Result<u32, SerializeError> {
        let ctx = self.ctx;
        let wrapped = (ctx.regions(op).first())
            .and_then(|r| ctx.region_blocks(*r).first().copied())
            .and_then(|b| ctx.block_ops(b).next())
            .ok_or("spirv.SpecConstantOperation without an op")?;
        let name = ctx.op_name_str(wrapped);
        let grammar_op = Op::from_name(name).ok_or_else(|| format!("unknown op {name}"))?;
        let mut operands = vec![Operand::SpecOp(grammar_op)];
        for value in ctx.operands(wrapped) {
            let value_id = values
                .get(&value)
                .ok_or("an operand of spirv.SpecConstantOperation defined elsewhere")?;
            operands.push(Operand::Id(*value_id));
        }
        for info in grammar_op.info().operands {
            if info.kind.info().category != Category::Literal {
                continue;
            }
            let name = conventions::carrier(grammar_op, info).name;
            let literals = match self.prop(wrapped, name).map(|a| ctx.attr_data(a)) {
                Some(AttrData::Array(items)) => items.to_vec(),
                Some(_) => self.prop(wrapped, name).into_iter().collect(),
                None => Vec::new(),
            };
            for literal in literals {
                let value = ctx.as_int_attr(literal).ok_or("a non-integer literal")?;
                operands.push(Operand::Integer(value as u32));
            }
        }
        let result = ctx.results(op).first().copied();
        let ty: Type =
            ctx.value_type(result.ok_or("spirv.SpecConstantOperation without a result")?);
        let ty_id = self.type_id(ty)?;
        match id {
            Some(id) => {
                let inst = instruction(Op::SpecConstantOp, Some(ty_id), Some(id), operands);
                emit(&mut self.out.globals, &inst)?;
                Ok(id)
            }
            None => {
                let mut words = Vec::new();
                operands
                    .iter()
                    .for_each(|operand| operand.encode(&mut words));
                self.declare(Op::SpecConstantOp, Some(ty_id), &words)
            }
        }
    }
}
