//! Types and constants, uniqued into the globals section on first use.
//! A named struct's id is reserved before its members are written, so a
//! member pointing back to it (`!spirv.ptr<!spirv.struct<Name>, Class>`)
//! becomes an `OpTypeForwardPointer` whose `OpTypePointer` follows the
//! struct; pointer strides and spec-constant array lengths are written as
//! the deserializer reads them.

use super::enums::enum_value;
use super::tables::{push_instruction, HandleTable};
use super::{begin, finish, SerializeError, Writer};
use crate::binary::{encode_string, TooManyWords};
use crate::grammar::{Decoration, Op, OperandKind};
use crate::ir::{
    Attr, AttrData, Context, FloatKind, Ident, Param, Signedness, Type, TypeData, Value, ValueDef,
};
use crate::spirv::types::{untyped_pointer_op, Member, NO_UNTYPED_POINTERS, OPAQUE_TYPES};
use smallvec::SmallVec;
use std::sync::OnceLock;

/// The operand words of a type or constant, gathered before it is
/// declared.
pub(super) type Words = SmallVec<[u32; 8]>;

/// The operand words `first`, gathered in one go (pushing them one by one
/// costs a call each).
#[inline(always)]
pub(super) fn words<const N: usize>(first: [u32; N]) -> Words {
    let mut buf = [0; 8];
    buf[..N].copy_from_slice(&first);
    Words::from_buf_and_len(buf, N)
}

/// The most constituents a composite constant may have (an instruction
/// holds at most 65535 words).
const MAX_CONSTITUENTS: usize = 0xffff;

/// Storage classes whose structs are interface blocks.
const BLOCK_CLASSES: [&str; 5] = [
    "Uniform",
    "StorageBuffer",
    "PushConstant",
    "PhysicalStorageBuffer",
    "ShaderRecordBufferKHR",
];

const IMAGE_FIELDS: [&[&str]; 4] = [
    &["NoDepth", "IsDepth", "DepthUnknown"],
    &["NonArrayed", "Arrayed"],
    &["SingleSampled", "MultiSampled"],
    &["SamplerUnknown", "NeedSampler", "NoSampler"],
];

/// The interned names of the `spirv` types the writer looks for: their
/// handles compare where their text would (`None` where the context lacks
/// the name, and so any such type).
#[derive(Clone, Copy)]
pub(super) struct TypeNames {
    pub(super) spirv: Option<Ident>,
    pub(super) ptr: Option<Ident>,
    pub(super) structure: Option<Ident>,
}

impl TypeNames {
    /// The names as `ctx` interns them: as the dialects' template context
    /// does, looked up once, where `ctx` shares its names and the
    /// template holds them all.
    pub(super) fn of(ctx: &Context, shares_template: bool) -> Self {
        static TEMPLATE: OnceLock<Option<TypeNames>> = OnceLock::new();
        let template = shares_template.then(|| {
            TEMPLATE.get_or_init(|| {
                let names = crate::dialects::template().map(TypeNames::looked_up);
                names.filter(TypeNames::all_found)
            })
        });
        match template {
            Some(&Some(names)) => names,
            _ => TypeNames::looked_up(ctx),
        }
    }

    fn looked_up(ctx: &Context) -> Self {
        TypeNames {
            spirv: ctx.lookup_ident("spirv"),
            ptr: ctx.lookup_ident("ptr"),
            structure: ctx.lookup_ident("struct"),
        }
    }

    /// Whether the context holds every name: one lacking a name may
    /// intern it later, unlike its clones.
    fn all_found(&self) -> bool {
        self.spirv.is_some() && self.ptr.is_some() && self.structure.is_some()
    }
}

impl<'c> Writer<'c> {
    /// The parameters of `ty` when it is a `spirv` type named `mnemonic`
    /// (one of [`TypeNames`]).
    pub(super) fn spirv_params(&self, ty: Type, mnemonic: Option<Ident>) -> Option<&'c [Param]> {
        match self.ctx.type_data(ty) {
            TypeData::Dialect(d)
                if Some(d.mnemonic) == mnemonic && Some(d.dialect) == self.type_names.spirv =>
            {
                Some(&d.params)
            }
            _ => None,
        }
    }

    /// The pointee and storage class of `ty` when it is a `spirv` pointer.
    pub(super) fn pointer_parts(&self, ty: Type) -> Option<(Type, Ident)> {
        match self.spirv_params(ty, self.type_names.ptr)? {
            [Param::Type(pointee), Param::Ident(class), ..] => Some((*pointee, *class)),
            _ => None,
        }
    }

    /// The id of `ty`, declared on first use.
    #[inline(always)]
    pub(super) fn type_id(&mut self, ty: Type) -> Result<u32, SerializeError> {
        match self.types.get(&ty) {
            Some(&id) => Ok(id),
            None => self.declare_type(ty),
        }
    }

    /// Declares `ty`, met for the first time; its id.
    fn declare_type(&mut self, ty: Type) -> Result<u32, SerializeError> {
        let ctx = self.ctx;
        let (op, operands) = match ctx.type_data(ty) {
            TypeData::None => {
                let id = self.declare(Op::TypeVoid, None, &[])?;
                self.types.insert(ty, id);
                return Ok(id);
            }
            TypeData::Integer { width: 1, .. } => (Op::TypeBool, Words::new()),
            TypeData::Integer { width, signedness } => (
                Op::TypeInt,
                words([*width, u32::from(*signedness == Signedness::Signed)]),
            ),
            TypeData::Float(kind @ (FloatKind::F16 | FloatKind::F32 | FloatKind::F64)) => {
                (Op::TypeFloat, words([kind.width()]))
            }
            TypeData::Vector { shape, elem, .. } if shape.len() == 1 => {
                let elem = self.type_id(*elem)?;
                (Op::TypeVector, words([elem, shape[0] as u32]))
            }
            TypeData::Function { inputs, results } => {
                let ret = match results.first() {
                    Some(&r) => self.type_id(r)?,
                    None => self.declare(Op::TypeVoid, None, &[])?,
                };
                let mut operands: Words = words([ret]);
                for &input in inputs.iter() {
                    operands.push(self.type_id(input)?);
                }
                (Op::TypeFunction, operands)
            }
            TypeData::Dialect(d) if Some(d.dialect) == self.type_names.spirv => {
                return match &d.params[..] {
                    [Param::Type(pointee), Param::Ident(class), rest @ ..]
                        if Some(d.mnemonic) == self.type_names.ptr =>
                    {
                        self.pointer_type(ty, *pointee, *class, rest)
                    }
                    params => self.spirv_type(ty, ctx.str(d.mnemonic), params),
                };
            }
            _ => return Err("unsupported type".into()),
        };
        let id = self.declare(op, None, &operands)?;
        self.types.insert(ty, id);
        Ok(id)
    }

    /// The id of the global `op` with `operands`, declared once; inlined,
    /// the operands staying where their caller made them.
    #[inline(always)]
    pub(super) fn declare(
        &mut self,
        op: Op,
        result_type: Option<u32>,
        operands: &[u32],
    ) -> Result<u32, SerializeError> {
        let first_word = first_word(op, result_type, operands).map_err(|count| {
            // Too long even without its result id, it is told as such.
            let told = if count > 0x10000 { count - 1 } else { count };
            too_many_words(op, told)
        })?;
        let id = self.next_id;
        let globals = &mut self.out.globals;
        match (self.declared).find_or_declare(globals, first_word, result_type, operands, id) {
            Some(found) => Ok(found),
            None => {
                self.next_id += 1;
                Ok(id)
            }
        }
    }

    /// Writes `op` declaring `id` (of `result_type`, if any) with
    /// `operands` into the globals.
    #[inline(always)]
    pub(super) fn emit_global(
        &mut self,
        op: Op,
        result_type: Option<u32>,
        id: u32,
        operands: &[u32],
    ) -> Result<(), SerializeError> {
        emit_instruction(&mut self.out.globals, op, result_type, id, operands)
    }

    fn spirv_type(
        &mut self,
        ty: Type,
        mnemonic: &str,
        params: &'c [Param],
    ) -> Result<u32, SerializeError> {
        let mut stride = 0;
        let (op, operands) = match (mnemonic, params) {
            ("array", [Param::Int(_), Param::Type(elem), Param::Int(s), Param::Ident(length)]) => {
                stride = *s;
                let elem = self.type_id(*elem)?;
                let length = (self.pool.symbols.get(length).copied()).ok_or_else(|| {
                    let length = self.ctx.str(*length);
                    format!("unknown spec constant @{length} as array length")
                })?;
                (Op::TypeArray, words([elem, length]))
            }
            ("array", [Param::Int(n), Param::Type(elem), Param::Int(s)]) => {
                stride = *s;
                let elem = self.type_id(*elem)?;
                let length = self.u32_constant_id(*n as u32)?;
                (Op::TypeArray, words([elem, length]))
            }
            ("rtarray", [Param::Type(elem), Param::Int(s)]) => {
                stride = *s;
                (Op::TypeRuntimeArray, words([self.type_id(*elem)?]))
            }
            ("matrix", [Param::Int(n), Param::Type(column)]) => {
                (Op::TypeMatrix, words([self.type_id(*column)?, *n as u32]))
            }
            ("sampled_image", [Param::Type(image)]) => {
                (Op::TypeSampledImage, words([self.type_id(*image)?]))
            }
            ("untyped_ptr", [Param::Ident(class), rest @ ..]) => {
                stride = match rest {
                    [Param::Int(s)] => *s,
                    _ => 0,
                };
                let class = (self.named_value(OperandKind::StorageClass, *class))
                    .ok_or("unknown storage class")?;
                let op = untyped_pointer_op().ok_or(NO_UNTYPED_POINTERS)?;
                (op, words([class]))
            }
            ("pipe", [Param::Ident(access)]) => {
                let access = self.named_enum(OperandKind::AccessQualifier, *access)?;
                (Op::TypePipe, words([access]))
            }
            (
                "image",
                [Param::Type(sampled), Param::Ident(dim), fields @ .., Param::Ident(format)],
            ) => {
                let mut operands: Words = words([self.type_id(*sampled)?]);
                let dim = self.ctx.str(*dim);
                let dim = dim.strip_prefix("Dim").unwrap_or(dim);
                let dim = enum_value(OperandKind::Dim, dim).ok_or("unknown image dimension")?;
                operands.push(dim);
                for (field, cases) in fields.iter().zip(IMAGE_FIELDS) {
                    let Param::Ident(field) = field else {
                        return Err("bad image type".into());
                    };
                    let value = cases
                        .iter()
                        .position(|c| *c == self.ctx.str(*field))
                        .ok_or("bad image field")?;
                    operands.push(value as u32);
                }
                operands.push(self.named_enum(OperandKind::ImageFormat, *format)?);
                (Op::TypeImage, operands)
            }
            ("struct", [Param::Ident(name), Param::List(members), rest @ ..]) => {
                let block = matches!(rest, [Param::Ident(d)] if self.ctx.str(*d) == "Block");
                return self.struct_type(ty, *name, members, block);
            }
            (_, []) => {
                let opaque = OPAQUE_TYPES.iter().find(|t| t.1 == mnemonic);
                let op = opaque.and_then(|t| Op::from_name(t.0));
                (
                    op.ok_or_else(|| format!("unsupported type !spirv.{mnemonic}"))?,
                    Words::new(),
                )
            }
            _ => return Err(format!("unsupported type !spirv.{mnemonic}")),
        };
        self.declare_spirv_type(ty, op, &operands, stride)
    }

    /// Declares pointer type `ty` to `pointee` in storage class `class`,
    /// with the stride `rest` may hold.
    fn pointer_type(
        &mut self,
        ty: Type,
        pointee: Type,
        class: Ident,
        rest: &[Param],
    ) -> Result<u32, SerializeError> {
        let class =
            (self.named_value(OperandKind::StorageClass, class)).ok_or("unknown storage class")?;
        let stride = match rest {
            [Param::Int(s)] => *s,
            _ => 0,
        };
        if let Some(open) = self.open_struct(pointee)? {
            return self.forward_pointer(ty, open, class, stride);
        }
        let pointee_id = self.type_id(pointee)?;
        if let Some(&id) = self.forward_pointers.get(&(pointee_id, class, stride)) {
            self.types.insert(ty, id);
            return Ok(id);
        }
        self.declare_spirv_type(ty, Op::TypePointer, &[class, pointee_id], stride)
    }

    /// Declares `spirv` type `ty` as `op` with `operands`, unless declaring
    /// its operands did. A type with a nonzero `stride` (its `ArrayStride`)
    /// gets an id of its own, shared with no other. Inlined into its two
    /// callers, for pointer types and for the other `spirv` types.
    #[inline(always)]
    fn declare_spirv_type(
        &mut self,
        ty: Type,
        op: Op,
        operands: &[u32],
        stride: i64,
    ) -> Result<u32, SerializeError> {
        if let Some(&id) = self.types.get(&ty) {
            return Ok(id);
        }
        let id = match stride {
            0 => self.declare(op, None, operands)?,
            _ => {
                let id = self.fresh();
                self.emit_global(op, None, id, operands)?;
                self.decorate_with(id, Decoration::ArrayStride, Some(stride as u32))?;
                id
            }
        };
        self.types.insert(ty, id);
        Ok(id)
    }

    /// Declares struct type `ty` named `name` with the struct parameters
    /// `members`, decorated `Block` where `block` says; its id.
    fn struct_type(
        &mut self,
        ty: Type,
        name: Ident,
        members: &'c [Param],
        block: bool,
    ) -> Result<u32, SerializeError> {
        let id = self.fresh();
        self.open_structs.push((name, id));
        let operands = self.struct_members(members);
        self.open_structs.pop();
        let operands = operands?;
        if let Some(&id) = self.types.get(&ty) {
            return Ok(id);
        }
        self.emit_global(Op::TypeStruct, None, id, &operands)?;
        self.types.insert(ty, id);
        self.close_forward_pointers(id)?;
        if block && self.mark_block(id) {
            self.decorate_with(id, Decoration::Block, None)?;
        }
        let ctx = self.ctx;
        let members = members.iter().filter_map(Member::of);
        for (index, m) in members.enumerate() {
            let member = (id, index as u32);
            if let Some(name) = m.name {
                self.emit_member_name(member, ctx.str_bytes(name));
            }
            if m.offset >= 0 {
                let offset = Decoration::Offset as u32;
                self.member_decoration(member, offset, Some(m.offset as u32), None)?;
            }
            for d in m.decorations.iter() {
                let Param::List(parts) = d else { continue };
                let Some(Param::Ident(name)) = parts.first() else {
                    continue;
                };
                let (word, text) = match parts.get(1) {
                    Some(Param::Int(v)) => (Some(*v as u32), None),
                    Some(Param::Attr(s)) => {
                        let s = ctx.as_string_attr(*s).ok_or("bad member decoration")?;
                        (None, Some(s))
                    }
                    _ => (None, None),
                };
                let decoration = (self.named_value(OperandKind::Decoration, *name))
                    .ok_or_else(|| format!("unknown member decoration {}", ctx.str(*name)))?;
                self.member_decoration(member, decoration, word, text)?;
            }
        }
        let name = ctx.str_bytes(name);
        if !name.is_empty() {
            self.emit_name(id, name);
        }
        Ok(id)
    }

    /// `OpMemberDecorate` (`OpMemberDecorateString` with `text`) of
    /// member (struct id, index) with the `Decoration` valued `decoration`.
    fn member_decoration(
        &mut self,
        (id, index): (u32, u32),
        decoration: u32,
        word: Option<u32>,
        text: Option<&str>,
    ) -> Result<(), SerializeError> {
        let annotations = &mut self.out.annotations;
        // Without text, one array of known length.
        let Some(text) = text else {
            let op = Op::MemberDecorate;
            return match word {
                Some(word) => {
                    emit_instruction(annotations, op, None, id, &[index, decoration, word])
                }
                None => emit_instruction(annotations, op, None, id, &[index, decoration]),
            };
        };
        let start = begin(annotations);
        annotations.extend([id, index, decoration]);
        annotations.extend(word);
        encode_string(text, annotations);
        finish(annotations, start, Op::MemberDecorateString)
    }

    /// The member type ids of a struct type's `members`.
    fn struct_members(&mut self, members: &'c [Param]) -> Result<Words, SerializeError> {
        let mut operands = Words::new();
        for member in members.iter() {
            let member = Member::of(member).ok_or("bad struct member")?;
            operands.push(self.type_id(member.ty)?);
        }
        Ok(operands)
    }

    /// The reserved id of the struct being written that `pointee` (a
    /// recursive reference `!spirv.struct<Name>`) names; `None` for any
    /// other type.
    fn open_struct(&self, pointee: Type) -> Result<Option<u32>, SerializeError> {
        let Some([Param::Ident(name)]) = self.spirv_params(pointee, self.type_names.structure)
        else {
            return Ok(None);
        };
        match self.open_structs.iter().rev().find(|s| s.0 == *name) {
            Some(&(_, id)) => Ok(Some(id)),
            None => {
                let name = self.ctx.str(*name);
                Err(format!(
                    "!spirv.struct<{name}> outside the definition of {name}"
                ))
            }
        }
    }

    /// `OpTypeForwardPointer` for pointer type `ty` to the struct being
    /// written as `open`; its `OpTypePointer` follows the struct.
    fn forward_pointer(
        &mut self,
        ty: Type,
        open: u32,
        class: u32,
        stride: i64,
    ) -> Result<u32, SerializeError> {
        if let Some(&id) = self.forward_pointers.get(&(open, class, stride)) {
            self.types.insert(ty, id);
            return Ok(id);
        }
        let id = self.fresh();
        self.emit_global(Op::TypeForwardPointer, None, id, &[class])?;
        self.forward_pointers.insert((open, class, stride), id);
        self.pending_pointers.push((id, open, class, stride));
        self.types.insert(ty, id);
        Ok(id)
    }

    /// Declares the forward-declared pointers to struct `id`, just written.
    fn close_forward_pointers(&mut self, id: u32) -> Result<(), SerializeError> {
        if self.pending_pointers.is_empty() {
            return Ok(());
        }
        let (closing, pending) = std::mem::take(&mut self.pending_pointers)
            .into_iter()
            .partition(|p| p.1 == id);
        self.pending_pointers = pending;
        for (pointer, pointee, class, stride) in closing {
            self.emit_global(Op::TypePointer, None, pointer, &[class, pointee])?;
            if stride > 0 {
                self.decorate_with(pointer, Decoration::ArrayStride, Some(stride as u32))?;
            }
        }
        Ok(())
    }

    /// The storage class of untyped pointer type `ty`.
    pub(super) fn untyped_pointer_class(&self, ty: Type) -> Option<Ident> {
        match &self
            .ctx
            .as_dialect_type(ty, crate::spirv::NAMESPACE, "untyped_ptr")?
            .params[..]
        {
            [Param::Ident(class), ..] => Some(*class),
            _ => None,
        }
    }

    /// Decorates `Block` the struct a global variable in storage class
    /// `class` holds (`pointee`), where its storage class makes it an
    /// interface block (or, for inputs and outputs, where it has built-in
    /// members); `BufferBlock` or `Block` where the variable's `marker`
    /// says so.
    pub(super) fn decorate_interface_block(
        &mut self,
        pointee: Type,
        class: Ident,
        marker: Option<&str>,
    ) -> Result<(), SerializeError> {
        let class = self.ctx.str(class);
        let pointee = self.outermost_struct(pointee);
        let Some(params) = self.spirv_params(pointee, self.type_names.structure) else {
            return Ok(());
        };
        let built_in_members = match params {
            [_, Param::List(members), ..] => members.iter().any(|m| self.has_built_in(m)),
            _ => false,
        };
        let interface = BLOCK_CLASSES.contains(&class)
            || (matches!(class, "Input" | "Output") && built_in_members);
        let decoration = match marker {
            Some("buffer_block") => Decoration::BufferBlock,
            Some(_) => Decoration::Block,
            None if interface => Decoration::Block,
            None => return Ok(()),
        };
        let id = self.type_id(pointee)?;
        if self.mark_block(id) {
            self.decorate_with(id, decoration, None)?;
        }
        Ok(())
    }

    /// Marks struct `id` decorated `Block`; whether it was not yet.
    fn mark_block(&mut self, id: u32) -> bool {
        let marked = self.pool.blocks.get(&id).is_some();
        self.pool.blocks.insert(id, true);
        !marked
    }

    /// Whether a struct member's decorations include `BuiltIn`.
    fn has_built_in(&self, member: &Param) -> bool {
        let Some(member) = Member::of(member) else {
            return false;
        };
        member.decorations.iter().any(|d| match d {
            Param::List(parts) => {
                matches!(parts.first(), Some(Param::Ident(n)) if self.ctx.str(*n) == "BuiltIn")
            }
            _ => false,
        })
    }

    /// The struct inside (arrays of) `ty`, or `ty`.
    fn outermost_struct(&self, ty: Type) -> Type {
        match self.ctx.type_data(ty) {
            TypeData::Dialect(d) if matches!(self.ctx.str(d.mnemonic), "array" | "rtarray") => {
                match d.params.iter().find_map(|p| match p {
                    Param::Type(t) => Some(*t),
                    _ => None,
                }) {
                    Some(elem) => self.outermost_struct(elem),
                    None => ty,
                }
            }
            _ => ty,
        }
    }

    /// The id of constant `value` of type `ty`, declared on first use.
    #[inline(always)]
    pub(super) fn constant_id(&mut self, ty: Type, value: Attr) -> Result<u32, SerializeError> {
        match self.constants.get(&value) {
            Some(&Some((of, id))) if of == ty => Ok(id),
            _ => self.declare_constant(ty, value),
        }
    }

    /// Declares constant `value` of type `ty`, met for the first time; its
    /// id.
    fn declare_constant(&mut self, ty: Type, value: Attr) -> Result<u32, SerializeError> {
        let ty_id = self.type_id(ty)?;
        let ctx = self.ctx;
        let (op, operands) = match ctx.attr_data(value) {
            AttrData::Integer { value: v, .. } if ctx.as_integer(ty).is_some_and(|i| i.0 == 1) => (
                if *v != 0 {
                    Op::ConstantTrue
                } else {
                    Op::ConstantFalse
                },
                Words::new(),
            ),
            AttrData::Integer { value: v, .. } => (Op::Constant, self.number_words(ty, *v as u64)?),
            AttrData::Float { bits, .. } => (Op::Constant, self.number_words(ty, *bits)?),
            AttrData::DenseElements { elems, .. } => {
                let TypeData::Vector { shape, elem, .. } = ctx.type_data(ty) else {
                    return Err("dense elements of a non-vector type".into());
                };
                let count = shape.iter().product::<u64>() as usize;
                if count > MAX_CONSTITUENTS {
                    return Err(format!("a vector constant of {count} elements"));
                }
                let mut operands = Words::with_capacity(count);
                for i in 0..count {
                    let e = *elems
                        .get(if elems.len() == 1 { 0 } else { i })
                        .ok_or("a vector constant with too few elements")?;
                    operands.push(self.constant_id(*elem, e)?);
                }
                (Op::ConstantComposite, operands)
            }
            AttrData::Array(elems) => {
                let element_types = self.element_types(ty, elems.len())?;
                let mut operands = Words::with_capacity(elems.len());
                for (e, t) in elems.iter().zip(element_types) {
                    operands.push(self.constant_id(t, *e)?);
                }
                (Op::ConstantComposite, operands)
            }
            _ => return Err("unsupported constant value".into()),
        };
        let id = self.declare(op, Some(ty_id), &operands)?;
        self.constants.insert(value, Some((ty, id)));
        Ok(id)
    }

    /// The types of the `count` constituents of composite type `ty`.
    pub(super) fn element_types(
        &self,
        ty: Type,
        count: usize,
    ) -> Result<Vec<Type>, SerializeError> {
        let TypeData::Dialect(d) = self.ctx.type_data(ty) else {
            return Err("a composite constant of a non-composite type".into());
        };
        match (self.ctx.str(d.mnemonic), &d.params[..]) {
            ("array" | "matrix", [_, Param::Type(elem), ..]) => Ok(vec![*elem; count]),
            ("struct", params) if Member::types(params).is_some() => {
                Ok(Member::types(params).into_iter().flatten().collect())
            }
            _ => Err("a composite constant of an unsupported type".into()),
        }
    }

    /// The id of the constant instruction `op` of type `ty` stands for
    /// (`spirv.ConstantNull`, `spirv.ConstantSampler`,
    /// `spirv.ConstantComposite`, ...), declared once: its operands from
    /// `op`'s properties or, where it has some, the ids (in `values`) of
    /// its operands, each of which must stand for a module-level id.
    pub(super) fn constant_instruction_id(
        &mut self,
        op: crate::ir::Op,
        ty: Type,
        values: &HandleTable<Value>,
    ) -> Result<u32, SerializeError> {
        let ctx = self.ctx;
        let name = ctx.op_name_str(op);
        let grammar_op = (self.class(op).plan.map(|p| p.op))
            .ok_or_else(|| format!("{name} names no instruction"))?;
        let ty_id = self.type_id(ty)?;
        let mut operands = std::mem::take(&mut self.pool.debug_words);
        operands.clear();
        // Its operands are values (a composite's constituents) or properties.
        let mut written = match ctx.num_operands(op) {
            0 => self.prop_words(op, grammar_op, &mut operands).map(drop),
            _ => Ok(()),
        };
        for value in ctx.operands(op) {
            let module_level = match ctx.value_def(value) {
                ValueDef::Result { op, .. } => self.class(op).role.is_materialized(),
                _ => false,
            };
            match values.get(&value) {
                Some(&id) if module_level => operands.push(id),
                _ => {
                    written = Err(format!("{name} takes a value that is no constant"));
                    break;
                }
            }
        }
        let id = written.and_then(|()| self.declare(grammar_op, Some(ty_id), &operands));
        self.pool.debug_words = operands;
        id
    }

    /// The id of an `OpUndef` of `ty`.
    pub(super) fn undef_id(&mut self, ty: Type) -> Result<u32, SerializeError> {
        if let Some(&id) = self.pool.undefs.get(&ty) {
            return Ok(id);
        }
        let ty_id = self.type_id(ty)?;
        let id = self.declare(Op::Undef, Some(ty_id), &[])?;
        self.pool.undefs.insert(ty, id);
        Ok(id)
    }
}

/// Why an instruction of `op` of `count` words cannot be written.
#[cold]
/// The first word (word count and opcode) of an instruction of `op`
/// declaring an id, of `result_type` if any, with `operands`; the word
/// count where it does not fit.
#[inline(always)]
fn first_word(op: Op, result_type: Option<u32>, operands: &[u32]) -> Result<u32, usize> {
    let count = 2 + usize::from(result_type.is_some()) + operands.len();
    match count {
        0..=0xffff => Ok(((count as u32) << 16) | op.info().opcode),
        _ => Err(count),
    }
}

/// Appends to `buf` the instruction of `op` for `id` (of `result_type`,
/// if any) with `operands`, whose first word is worked out beforehand.
#[inline(always)]
pub(super) fn emit_instruction(
    buf: &mut Vec<u32>,
    op: Op,
    result_type: Option<u32>,
    id: u32,
    operands: &[u32],
) -> Result<(), SerializeError> {
    let first_word =
        first_word(op, result_type, operands).map_err(|count| too_many_words(op, count))?;
    push_instruction(buf, first_word, result_type, id, operands);
    Ok(())
}

fn too_many_words(op: Op, count: usize) -> SerializeError {
    format!("{}: {}", op.info().grammar_name, TooManyWords(count))
}
