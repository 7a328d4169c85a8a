//! Constant instructions → the `value` attributes `spirv.Constant` and
//! `spirv.SpecConstant` carry: integers sign-extended from their width,
//! floats as their bits, vectors as dense elements, other composites as
//! arrays, `OpConstantNull` as the type's zero. Constants no attribute
//! holds (samplers, null pointers, composites with `OpUndef`
//! constituents) become their instruction's op at each use.

use super::carry::id_of;
use super::function::Properties;
use super::{Global, Reader};
use crate::binary::{DecodeError, Operand};
use crate::grammar::Op;
use crate::ir::{Attr, Builder, OpSpec, Param, Type, TypeData, Value};
use crate::spirv::constant_fits;
use crate::spirv::types::Member;

/// The most constituents a composite constant may have (an instruction
/// holds at most 65535 words).
const MAX_CONSTITUENTS: usize = 0xffff;

impl Reader<'_, '_> {
    /// The value attribute and type of constant instruction `index`; an
    /// error for one no attribute holds.
    pub(super) fn constant(&mut self, index: u32) -> Result<(Attr, Type), DecodeError> {
        match self.constant_or_op(index)? {
            (Some(attr), ty) => Ok((attr, ty)),
            (None, _) => Err(self
                .view
                .error(index, "a constant no attribute holds".into())),
        }
    }

    /// The value attribute (`None` where no attribute holds it) and type of
    /// constant instruction `index`. No attribute holds an `OpConstantNull`
    /// of a type without a zero attribute (a pointer, an event, a struct
    /// holding one), an `OpConstantComposite` of such constants or
    /// `OpUndef`s, or a constant instruction other than the scalar and
    /// composite ones (`OpConstantSampler`, a replicated composite, ...):
    /// each use makes its op ([`Reader::constant_instruction`]).
    pub(super) fn constant_or_op(
        &mut self,
        index: u32,
    ) -> Result<(Option<Attr>, Type), DecodeError> {
        let inst = self.view.insts[index as usize];
        let ty = self.type_of_id(index, Some(inst.result_type))?;
        let operands = self.operands(index);
        let attr = match inst.op {
            Op::ConstantTrue | Op::SpecConstantTrue => self.ctx.bool_attr(true),
            Op::ConstantFalse | Op::SpecConstantFalse => self.ctx.bool_attr(false),
            Op::Constant | Op::SpecConstant => match operands.first() {
                Some(Operand::Number { bits, .. }) => self.scalar(index, ty, *bits)?,
                Some(Operand::Integer(word)) => self.scalar(index, ty, u64::from(*word))?,
                _ => return Err(self.view.error(index, "constant without a value".into())),
            },
            Op::ConstantComposite => {
                let mut elems = Vec::with_capacity(operands.len());
                for operand in operands {
                    let Operand::Id(id) = operand else { continue };
                    match self.globals.get(*id) {
                        Some(Global::Constant(attr, _)) => elems.push(attr),
                        Some(Global::Undef(_) | Global::Instruction(..)) => return Ok((None, ty)),
                        _ => {
                            let message = format!("constituent %{id} is not a constant");
                            return Err(self.view.error(index, message));
                        }
                    }
                }
                let attr = self.composite(ty, elems);
                if !constant_fits(&self.ctx, attr, ty) {
                    let message = "constituents that do not fit the composite's type".into();
                    return Err(self.view.error(index, message));
                }
                attr
            }
            Op::ConstantNull => match self.zero(ty) {
                Some(zero) => zero,
                None => return Ok((None, ty)),
            },
            _ => return Ok((None, ty)),
        };
        Ok((Some(attr), ty))
    }

    /// The op a constant no attribute holds (instruction `index`, of type
    /// `ty`, see [`Reader::constant_or_op`]) stands for where instruction
    /// `at` uses it, made at `builder`: its instruction's op, operands as
    /// properties (`spirv.ConstantSampler`) or, where they are ids (a
    /// composite), values materialized before it.
    pub(super) fn constant_instruction(
        &mut self,
        builder: &Builder,
        at: u32,
        index: u32,
        ty: Type,
    ) -> Result<Value, DecodeError> {
        let inst = self.view.insts[index as usize];
        let mut constituents = Vec::new();
        let mut props = Properties::new();
        let operands = self.operands(index);
        if operands.iter().any(|o| id_of(o).is_some()) {
            for id in operands.iter().filter_map(id_of) {
                match self.materialize_global(builder, at, id)? {
                    Some(value) => constituents.push(value),
                    None => {
                        let message = format!("constituent %{id} is not a constant");
                        return Err(self.view.error(index, message));
                    }
                }
            }
        } else {
            props = self.operand_props(index, inst.op.info().operands, operands)?;
        }
        let mut spec = OpSpec::new(self.static_ident(inst.op.info().mlir_name), self.line);
        spec.operands = constituents;
        spec.result_types = vec![ty];
        spec.properties = (!props.is_empty()).then(|| self.properties(&props));
        let op = builder.create_from(&mut self.ctx, spec);
        Ok(self.ctx.results(op)[0])
    }

    /// A scalar constant of `ty` from its words `bits`: a type narrower
    /// than a word takes its low bits, the others zero (or, for an
    /// integer, copies of its sign bit).
    fn scalar(&mut self, index: u32, ty: Type, bits: u64) -> Result<Attr, DecodeError> {
        let (width, integer) = match *self.ctx.type_data(ty) {
            TypeData::Integer { width, .. } => (width, true),
            TypeData::Float(kind) => (kind.width(), false),
            _ => {
                let message = "constant of a non-scalar type".into();
                return Err(self.view.error(index, message));
            }
        };
        let shift = 128 - width.min(64);
        let sign_extended = (i128::from(bits) << shift) >> shift;
        let high_bits_clear = width >= 32 || bits >> width == 0;
        if !(high_bits_clear || integer && sign_extended as u32 as u64 == bits) {
            let message = format!("{bits:#x} has bits set beyond its type's {width}");
            return Err(self.view.error(index, message));
        }
        Ok(match integer {
            true => self.ctx.integer_attr(ty, sign_extended),
            false => self.ctx.float_attr(ty, bits),
        })
    }

    fn composite(&mut self, ty: Type, elems: Vec<Attr>) -> Attr {
        match self.ctx.type_data(ty) {
            TypeData::Vector { .. } => self.ctx.dense_elements_attr(ty, elems),
            _ => self.ctx.array_attr(elems),
        }
    }

    /// The zero value of `ty`, where the IR can spell one and it has at
    /// most [`MAX_CONSTITUENTS`] constituents at each level (equal
    /// constituents share one interned attribute).
    fn zero(&mut self, ty: Type) -> Option<Attr> {
        match self.ctx.type_data(ty).clone() {
            TypeData::Integer { width: 1, .. } => Some(self.ctx.bool_attr(false)),
            TypeData::Integer { .. } => Some(self.ctx.integer_attr(ty, 0)),
            TypeData::Float(_) => Some(self.ctx.float_attr(ty, 0)),
            TypeData::Vector { elem, shape, .. } => {
                let zero = self.zero(elem)?;
                let count = shape.iter().product::<u64>() as usize;
                if count > MAX_CONSTITUENTS {
                    return None;
                }
                Some(self.ctx.dense_elements_attr(ty, vec![zero; count]))
            }
            TypeData::Dialect(data) => {
                let elems: Vec<Type> = match (self.ctx.str(data.mnemonic), &data.params[..]) {
                    ("array" | "matrix", [Param::Int(n), Param::Type(elem), ..])
                        if (*n as usize) <= MAX_CONSTITUENTS =>
                    {
                        let (n, elem) = (*n as usize, *elem);
                        let zero = self.zero(elem)?;
                        return Some(self.ctx.array_attr(vec![zero; n]));
                    }
                    ("struct", params) => Member::types(params)?.collect(),
                    _ => return None,
                };
                let zeros =
                    (elems.into_iter().map(|e| self.zero(e))).collect::<Option<Vec<_>>>()?;
                Some(self.ctx.array_attr(zeros))
            }
            _ => None,
        }
    }

    /// The value of a 32-bit integer constant `id`.
    pub(super) fn constant_u32(&self, id: u32) -> Option<u32> {
        let index = self.view.def(id)?;
        if self.view.insts[index as usize].op != Op::Constant {
            return None;
        }
        match self.operands(index).first()? {
            Operand::Integer(v) => Some(*v),
            Operand::Number { bits, .. } => Some(*bits as u32),
            _ => None,
        }
    }
}
