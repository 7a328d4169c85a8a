//! `OpType*` → IR types, spelled as MLIR 19 spells them: `i1` for bool,
//! `iN`/`siN` for signless/signed integers, `none` for void, builtin vectors
//! and function types, and `!spirv.*` for the rest (array strides and struct
//! member offsets and decorations folded into the type).

use super::Reader;
use crate::binary::module::Inst;
use crate::binary::{DecodeError, Operand};
use crate::grammar::Op;
use crate::ir::{FloatKind, Param, Signedness, Type};
use crate::spirv::NAMESPACE;

/// Parameterless opaque types: grammar name and `!spirv.` mnemonic.
pub const OPAQUE_TYPES: [(&str, &str); 7] = [
    ("OpTypeSampler", "sampler"),
    ("OpTypeEvent", "event"),
    ("OpTypeDeviceEvent", "device_event"),
    ("OpTypeReserveId", "reserve_id"),
    ("OpTypeQueue", "queue"),
    ("OpTypeAccelerationStructureKHR", "acceleration_structure"),
    ("OpTypeRayQueryKHR", "ray_query"),
];

impl Reader<'_, '_> {
    /// Converts every type declaration of the globals section, in order.
    pub(super) fn read_type(&mut self, index: u32, inst: &Inst) -> Result<(), DecodeError> {
        let operands = &self.decoded[index as usize].operands;
        let lit = |i: usize| match operands.get(i) {
            Some(Operand::Integer(v)) => Some(*v),
            Some(Operand::Number { bits, .. }) => Some(*bits as u32),
            _ => None,
        };
        let id = |i: usize| match operands.get(i) {
            Some(Operand::Id(v)) => Some(*v),
            _ => None,
        };
        let enum_name = |i: usize| match operands.get(i) {
            Some(Operand::Enum { kind, value }) => {
                kind.info().enumerant(*value).map(|e| e.name.to_string())
            }
            _ => None,
        };
        let bad = |what: &str| self.view.error(index, format!("unsupported {what}"));
        let ty = match inst.op {
            Op::TypeVoid => self.ctx.none_type(),
            Op::TypeBool => self.ctx.int_type(1),
            Op::TypeInt => {
                let width = lit(0).ok_or_else(|| bad("integer width"))?;
                let signedness = match lit(1) {
                    Some(1) => Signedness::Signed,
                    _ => Signedness::Signless,
                };
                self.ctx.integer_type(width, signedness)
            }
            Op::TypeFloat => {
                let kind = match lit(0) {
                    Some(16) => FloatKind::F16,
                    Some(32) => FloatKind::F32,
                    Some(64) => FloatKind::F64,
                    _ => return Err(bad("float width")),
                };
                self.ctx.float_type(kind)
            }
            Op::TypeVector => {
                let elem = self.type_of_id(index, id(0))?;
                let n = lit(1).ok_or_else(|| bad("vector size"))?;
                self.ctx.vector_type(&[u64::from(n)], elem)
            }
            Op::TypeMatrix => {
                let column = self.type_of_id(index, id(0))?;
                let n = lit(1).ok_or_else(|| bad("matrix size"))?;
                self.spirv_type("matrix", vec![Param::Int(n.into()), Param::Type(column)])
            }
            Op::TypeArray => {
                let elem = self.type_of_id(index, id(0))?;
                let length = id(1).and_then(|c| self.constant_u32(c));
                let n = length.ok_or_else(|| bad("array length (not a plain constant)"))?;
                let stride = self.stride(inst.result);
                self.spirv_type(
                    "array",
                    vec![Param::Int(n.into()), Param::Type(elem), Param::Int(stride)],
                )
            }
            Op::TypeRuntimeArray => {
                let elem = self.type_of_id(index, id(0))?;
                let stride = self.stride(inst.result);
                self.spirv_type("rtarray", vec![Param::Type(elem), Param::Int(stride)])
            }
            Op::TypePointer => {
                let class = enum_name(0).ok_or_else(|| bad("storage class"))?;
                let pointee = self.type_of_id(index, id(1))?;
                let class = Param::Ident(self.ctx.ident(&class));
                self.spirv_type("ptr", vec![Param::Type(pointee), class])
            }
            Op::TypeSampledImage => {
                let image = self.type_of_id(index, id(0))?;
                self.spirv_type("sampled_image", vec![Param::Type(image)])
            }
            Op::TypeImage => {
                let sampled = self.type_of_id(index, id(0))?;
                let mut params = vec![Param::Type(sampled)];
                let dim = enum_name(1).ok_or_else(|| bad("image dimension"))?;
                // MLIR spells the numeric dimensions `Dim1D`, `Dim2D`, `Dim3D`.
                let dim = match dim.starts_with(|c: char| c.is_ascii_digit()) {
                    true => format!("Dim{dim}"),
                    false => dim,
                };
                let format = enum_name(6).ok_or_else(|| bad("image format"))?;
                let fields = [
                    dim,
                    super::image_field(&["NoDepth", "IsDepth", "DepthUnknown"], lit(2)),
                    super::image_field(&["NonArrayed", "Arrayed"], lit(3)),
                    super::image_field(&["SingleSampled", "MultiSampled"], lit(4)),
                    super::image_field(&["SamplerUnknown", "NeedSampler", "NoSampler"], lit(5)),
                    format,
                ];
                if fields.iter().any(String::is_empty) {
                    return Err(bad("image operand"));
                }
                params.extend(fields.iter().map(|f| Param::Ident(self.ctx.ident(f))));
                self.spirv_type("image", params)
            }
            Op::TypeStruct => self.struct_type(index, inst.result)?,
            Op::TypeFunction => {
                let ids: Vec<u32> = operands
                    .iter()
                    .filter_map(|o| match o {
                        Operand::Id(v) => Some(*v),
                        _ => None,
                    })
                    .collect();
                let ret = self.type_of_id(index, ids.first().copied())?;
                let params = (ids.iter().skip(1))
                    .map(|&p| self.type_of_id(index, Some(p)))
                    .collect::<Result<Vec<_>, _>>()?;
                let none = self.ctx.none_type();
                let results: &[Type] = if ret == none { &[] } else { &[ret] };
                self.ctx.function_type(&params, results)
            }
            op => {
                let name = op.info().grammar_name;
                let Some(&(_, mnemonic)) = OPAQUE_TYPES.iter().find(|t| t.0 == name) else {
                    return Err(bad("type"));
                };
                self.spirv_type(mnemonic, vec![])
            }
        };
        self.types.insert(inst.result, ty);
        Ok(())
    }

    fn spirv_type(&mut self, mnemonic: &str, params: Vec<Param>) -> Type {
        self.ctx.dialect_type(NAMESPACE, mnemonic, params)
    }

    /// The type declared as `id`.
    pub(super) fn type_of_id(&self, at: u32, id: Option<u32>) -> Result<Type, DecodeError> {
        id.and_then(|id| self.types.get(&id).copied())
            .ok_or_else(|| self.view.error(at, "expected a type id".to_string()))
    }

    fn stride(&self, id: u32) -> i64 {
        self.decorations(id)
            .find(|d| d.0 == "ArrayStride")
            .and_then(|d| d.1.first().copied())
            .map_or(0, i64::from)
    }

    fn struct_type(&mut self, index: u32, id: u32) -> Result<Type, DecodeError> {
        let member_types: Vec<u32> = (self.decoded[index as usize].operands.iter())
            .filter_map(|o| match o {
                Operand::Id(v) => Some(*v),
                _ => None,
            })
            .collect();
        let mut members = Vec::with_capacity(member_types.len());
        for (i, &member) in member_types.iter().enumerate() {
            let ty = self.type_of_id(index, Some(member))?;
            let mut offset = -1;
            let mut decorations = Vec::new();
            for (name, values) in self.member_decorations(id, i as u32) {
                match (name, values.first()) {
                    ("Offset", Some(&v)) => offset = i64::from(v),
                    _ => {
                        let mut decoration = vec![Param::Ident(self.ctx.ident(name))];
                        decoration.extend(values.first().map(|&v| Param::Int(v.into())));
                        decorations.push(Param::List(decoration.into()));
                    }
                }
            }
            let member = vec![
                Param::Type(ty),
                Param::Int(offset),
                Param::List(decorations.into()),
            ];
            members.push(Param::List(member.into()));
        }
        let name = self.names.get(&id).cloned().unwrap_or_default();
        let name = Param::Ident(self.ctx.ident(&name));
        Ok(self.spirv_type("struct", vec![name, Param::List(members.into())]))
    }
}
