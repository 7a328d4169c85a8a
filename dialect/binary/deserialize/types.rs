//! `OpType*` → IR types, spelled as MLIR 19 spells them: `i1` for bool,
//! `iN`/`siN` for signless/signed integers, `none` for void, builtin vectors
//! and function types, and `!spirv.*` for the rest (array strides and struct
//! member offsets and decorations folded into the type). Pointer types
//! keep an `ArrayStride` decoration as a stride; an array whose length is a
//! spec constant names it (`spec_length=@sym`). `OpTypeForwardPointer`
//! declares nothing by itself: a struct member that uses a pointer declared
//! later converts that pointer there, and a pointer back to a struct being
//! converted is `!spirv.ptr<!spirv.struct<Name>, Class>`, the struct's
//! recursive reference (such a struct without an `OpName` is named
//! `struct_<id>`).

use super::Reader;
use crate::binary::module::Inst;
use crate::binary::{DecodeError, Operand};
use crate::grammar::Op;
use crate::ir::types::MAX_INT_WIDTH;
use crate::ir::{DialectData, FloatKind, Param, Signedness, Type, TypeData};
use crate::spirv::types::{
    untyped_pointer_op, Member, ARRAYED, DEPTH, OPAQUE_TYPES, SAMPLER_USE, SAMPLING,
};
use smallvec::SmallVec;

/// How many structs deep forward-declared pointers may nest.
const MAX_OPEN_STRUCTS: usize = 64;

/// How many types declared later one type may reach through others.
const MAX_FORWARD_DEPTH: u32 = 256;

impl Reader<'_, '_> {
    /// Converts every type declaration of the globals section, in order.
    pub(super) fn read_type(&mut self, index: u32, inst: &Inst) -> Result<(), DecodeError> {
        if inst.op == Op::TypeForwardPointer || self.types.contains(inst.result) {
            return Ok(());
        }
        let operands = self.operands(index);
        let view = self.view;
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
            Some(Operand::Enum { kind, value }) => kind.enumerant(*value).map(|e| e.name),
            _ => None,
        };
        let bad = |what: &str| view.error(index, format!("unsupported {what}"));
        let ty = match inst.op {
            Op::TypeVoid => self.none_type(),
            Op::TypeBool => self.ctx.int_type(1),
            Op::TypeInt => {
                // One bit is a bool, which SPIR-V types apart.
                let width = lit(0)
                    .filter(|width| (2..=MAX_INT_WIDTH).contains(width))
                    .ok_or_else(|| bad("integer width"))?;
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
                let elem = self.forward_type(index, id(0))?;
                let scalar = matches!(
                    self.ctx.type_data(elem),
                    TypeData::Integer { .. } | TypeData::Float(_)
                );
                if !scalar {
                    return Err(bad("vector component type"));
                }
                // At least two components, as SPIR-V has vectors.
                let n = lit(1)
                    .filter(|&n| n >= 2)
                    .ok_or_else(|| bad("vector size"))?;
                self.ctx.vector_type(&[u64::from(n)], elem)
            }
            Op::TypeMatrix => {
                let column = self.forward_type(index, id(0))?;
                if !matches!(self.ctx.type_data(column), TypeData::Vector { .. }) {
                    return Err(bad("matrix column type"));
                }
                let n = lit(1)
                    .filter(|&n| n >= 2)
                    .ok_or_else(|| bad("matrix size"))?;
                self.spirv_type("matrix", vec![Param::Int(n.into()), Param::Type(column)])
            }
            Op::TypeArray => {
                let elem = self.forward_type(index, id(0))?;
                let length = id(1).ok_or_else(|| bad("array length"))?;
                let stride = self.stride(inst.result);
                let spec_length = match self.globals.get(length) {
                    Some(super::Global::SpecConstant(symbol, _)) => Some(symbol),
                    _ => None,
                };
                let n = match &spec_length {
                    None => self.constant_u32(length),
                    Some(_) => Some(self.spec_default(length, 0).unwrap_or(1) as u32),
                };
                let n = n.ok_or_else(|| bad("array length (not an integer constant)"))?;
                let (n, elem, stride) =
                    (Param::Int(n.into()), Param::Type(elem), Param::Int(stride));
                let params = match spec_length {
                    Some(symbol) => vec![n, elem, stride, Param::Ident(symbol)],
                    None => vec![n, elem, stride],
                };
                self.spirv_type("array", params)
            }
            Op::TypeRuntimeArray => {
                let elem = self.forward_type(index, id(0))?;
                let stride = self.stride(inst.result);
                self.spirv_type("rtarray", vec![Param::Type(elem), Param::Int(stride)])
            }
            Op::TypePointer => {
                let class = enum_name(0).ok_or_else(|| bad("storage class"))?;
                let pointee = self.forward_type(index, id(1))?;
                let class = Param::Ident(self.static_ident(class));
                let params = match self.stride(inst.result) {
                    0 => vec![Param::Type(pointee), class],
                    stride => vec![Param::Type(pointee), class, Param::Int(stride)],
                };
                self.spirv_type("ptr", params)
            }
            Op::TypeSampledImage => {
                let image = self.type_of_id(index, id(0))?;
                self.spirv_type("sampled_image", vec![Param::Type(image)])
            }
            Op::TypePipe => {
                let access = match operands {
                    [Operand::Enum { kind, value }] => self.enum_case(*kind, *value),
                    _ => return Err(bad("pipe access qualifier")),
                };
                self.spirv_type("pipe", vec![Param::Ident(access)])
            }
            Op::TypeImage => {
                let sampled = self.type_of_id(index, id(0))?;
                let mut params = Vec::with_capacity(7);
                params.push(Param::Type(sampled));
                let dim = enum_name(1).ok_or_else(|| bad("image dimension"))?;
                let format = enum_name(6).ok_or_else(|| bad("image format"))?;
                let dim = super::image_dim(dim);
                let fields = [
                    dim,
                    super::image_field(&DEPTH, lit(2)),
                    super::image_field(&ARRAYED, lit(3)),
                    super::image_field(&SAMPLING, lit(4)),
                    super::image_field(&SAMPLER_USE, lit(5)),
                    format,
                ];
                if fields.iter().any(|f| f.is_empty()) {
                    return Err(bad("image operand"));
                }
                params.extend(fields.iter().map(|f| Param::Ident(self.static_ident(f))));
                self.spirv_type("image", params)
            }
            Op::TypeStruct => self.struct_type(index, inst.result)?,
            Op::TypeFunction => {
                let mut types = SmallVec::<[Type; 8]>::new();
                for operand in operands {
                    if let Operand::Id(v) = operand {
                        types.push(self.type_of_id(index, Some(*v))?);
                    }
                }
                let (ret, params) = match types.split_first() {
                    Some((ret, params)) => (*ret, params),
                    None => (self.type_of_id(index, None)?, &[][..]),
                };
                let none = self.none_type();
                let results: &[Type] = if ret == none { &[] } else { &[ret] };
                self.ctx.function_type(params, results)
            }
            // Named, not matched: grammars before SPV_KHR_untyped_pointers
            // lack the op.
            op if Some(op) == untyped_pointer_op() => {
                let class = enum_name(0).ok_or_else(|| bad("storage class"))?;
                let class = Param::Ident(self.static_ident(class));
                let params = match self.stride(inst.result) {
                    0 => vec![class],
                    stride => vec![class, Param::Int(stride)],
                };
                self.spirv_type("untyped_ptr", params)
            }
            op => {
                let name = op.info().grammar_name;
                let Some(&(_, mnemonic)) = OPAQUE_TYPES.iter().find(|t| t.0 == name) else {
                    return Err(bad("type"));
                };
                self.spirv_type(mnemonic, vec![])
            }
        };
        if inst.op != Op::TypeStruct && self.is_decorated(inst.result) {
            self.check_type_decorations(index, inst.result, ty)?;
        }
        self.types.insert(inst.result, ty);
        Ok(())
    }

    /// Fails at instruction `index` when type `id` (read as `ty`, no
    /// struct) carries a decoration its type does not hold: any but the
    /// `ArrayStride` of an array or pointer type.
    #[cold]
    #[inline(never)]
    fn check_type_decorations(&self, index: u32, id: u32, ty: Type) -> Result<(), DecodeError> {
        let strided = match self.ctx.type_data(ty) {
            TypeData::Dialect(d) => matches!(
                self.ctx.str(d.mnemonic),
                "array" | "rtarray" | "ptr" | "untyped_ptr"
            ),
            _ => false,
        };
        let kept = |name: &str| strided && name == "ArrayStride";
        match self.decorations(id).find(|d| !kept(d.0)) {
            Some((name, _)) => {
                let message = format!("unsupported decoration {name} on a type");
                Err(self.view.error(index, message))
            }
            None => Ok(()),
        }
    }

    fn spirv_type(&mut self, mnemonic: &'static str, params: Vec<Param>) -> Type {
        let data = DialectData {
            dialect: self.namespace,
            mnemonic: self.static_ident(mnemonic),
            params: params.into(),
        };
        self.ctx.intern_type(TypeData::Dialect(data))
    }

    /// The `none` type, interned at its first use in the module.
    fn none_type(&mut self) -> Type {
        *(self.none_type).get_or_insert_with(|| self.ctx.none_type())
    }

    /// The type declared as `id`.
    #[inline]
    pub(super) fn type_of_id(&self, at: u32, id: Option<u32>) -> Result<Type, DecodeError> {
        match id.and_then(|id| self.types.get(id)) {
            Some(ty) => Ok(ty),
            None => Err(self.no_type_error(at)),
        }
    }

    /// The error for instruction `at`, which names no type where one is due.
    #[cold]
    #[inline(never)]
    fn no_type_error(&self, at: u32) -> DecodeError {
        self.view.error(at, "expected a type id".to_string())
    }

    fn stride(&self, id: u32) -> i64 {
        self.decorations(id)
            .find(|d| d.0 == "ArrayStride")
            .and_then(|d| d.1)
            .map_or(0, i64::from)
    }

    fn struct_type(&mut self, index: u32, id: u32) -> Result<Type, DecodeError> {
        let member_types: SmallVec<[u32; 16]> = (self.operands(index).iter())
            .filter_map(|o| match o {
                Operand::Id(v) => Some(*v),
                _ => None,
            })
            .collect();
        let name = match self.name(id) {
            Some(name) => self.ctx.ident(name),
            None if member_types.iter().any(|m| !self.types.contains(*m)) => {
                super::numbered_ident(&mut self.ctx, "struct", id)
            }
            None => self.ctx.ident(""),
        };
        if self.open_structs.len() >= MAX_OPEN_STRUCTS {
            return Err(self.view.error(index, "structs nest too deep".into()));
        }
        self.open_structs.push((id, name));
        let members = self.struct_members(index, id, &member_types);
        self.open_structs.pop();
        let mut params = vec![Param::Ident(name), Param::List(members?.into())];
        if self.buffer_reference_blocks.contains(&id) {
            params.push(Param::Ident(self.ctx.ident("Block")));
        }
        Ok(self.spirv_type("struct", params))
    }

    /// Records the struct decorated `Block` that `PhysicalStorageBuffer`
    /// pointer type `index` points to, if any: no variable's storage class
    /// implies its `Block`, so its type keeps it.
    pub(super) fn note_buffer_reference(&mut self, index: u32) {
        let physical_storage_buffer = 5349;
        let pointee = match self.operands(index) {
            [Operand::Enum { value, .. }, Operand::Id(pointee)]
                if *value == physical_storage_buffer =>
            {
                *pointee
            }
            _ => return,
        };
        if self.decorations(pointee).any(|d| d.0 == "Block") {
            self.buffer_reference_blocks.insert(pointee);
        }
    }

    /// The members of struct `id` (instruction `index`) as type parameters.
    fn struct_members(
        &mut self,
        index: u32,
        id: u32,
        member_types: &[u32],
    ) -> Result<Vec<Param>, DecodeError> {
        let mut members = Vec::with_capacity(member_types.len());
        for (i, &member) in member_types.iter().enumerate() {
            let ty = self.forward_type(index, Some(member))?;
            let mut offset = -1;
            let found = self.member_decorations(id, i as u32);
            // Room for all but the offset, which is no decoration here.
            let others = found.iter().filter(|d| d.0 != "Offset").count();
            let mut decorations = Vec::with_capacity(others);
            for (name, values) in found {
                let value = match values.first() {
                    Some(Operand::String(s)) => {
                        Some(Param::Attr(self.ctx.string_attr(self.decoded.text(*s))))
                    }
                    Some(other) => super::literal_u32(other).map(|v| Param::Int(v.into())),
                    None => None,
                };
                let decoration = match (name, value) {
                    ("Offset", Some(Param::Int(v))) => {
                        offset = v;
                        continue;
                    }
                    (_, None) => Box::new([Param::Ident(self.static_ident(name))]) as Box<[_]>,
                    (_, Some(value)) => Box::new([Param::Ident(self.static_ident(name)), value]),
                };
                decorations.push(Param::List(decoration));
            }
            let name = match self
                .member_names
                .get(&(id, i as u32))
                .map(|&n| self.operands(n))
            {
                Some([_, _, Operand::String(name)]) => {
                    Some(self.ctx.ident(self.decoded.text(*name)))
                }
                _ => None,
            };
            members.push(Member::param(ty, offset, decorations, name));
        }
        Ok(members)
    }

    /// The type `id` where type instruction `at` uses it; a type not
    /// converted yet (reached through `OpTypeForwardPointer`) is converted
    /// now, and a struct being converted is its recursive reference.
    #[inline]
    fn forward_type(&mut self, at: u32, id: Option<u32>) -> Result<Type, DecodeError> {
        match id.and_then(|id| self.types.get(id)) {
            Some(ty) => Ok(ty),
            None => self.type_declared_later(at, id),
        }
    }

    /// [`Reader::forward_type`] of a type not converted yet.
    #[inline(never)]
    fn type_declared_later(&mut self, at: u32, id: Option<u32>) -> Result<Type, DecodeError> {
        let Some(id) = id.filter(|id| !self.types.contains(*id)) else {
            return self.type_of_id(at, id);
        };
        if let Some(&(_, name)) = self.open_structs.iter().find(|s| s.0 == id) {
            return Ok(self.spirv_type("struct", vec![Param::Ident(name)]));
        }
        let Some(def) = self.view.def(id).filter(|&d| {
            let op = self.view.insts[d as usize].op;
            op != Op::TypeForwardPointer && op.info().class == "Type-Declaration"
        }) else {
            return self.type_of_id(at, Some(id));
        };
        if self.forward_depth >= MAX_FORWARD_DEPTH {
            return Err(self
                .view
                .error(at, "types declared later nest too deep".into()));
        }
        let inst = self.view.insts[def as usize];
        self.forward_depth += 1;
        let read = self.read_type(def, &inst);
        self.forward_depth -= 1;
        read?;
        let ty = self.type_of_id(at, Some(id))?;
        // A pointer to a struct being converted is converted again, in full,
        // where it is declared.
        let pointee = match self.operands(def).get(1) {
            Some(Operand::Id(pointee)) => *pointee,
            _ => 0,
        };
        if self.open_structs.iter().any(|s| s.0 == pointee) {
            self.types.remove(id);
        }
        Ok(ty)
    }
}
