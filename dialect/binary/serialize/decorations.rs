//! Decorations written from attributes: `OpDecorate`, `OpDecorateId` and
//! `OpDecorateString` for decoration attributes (`relaxed_precision`,
//! `built_in = "Position"`, several operands in an array), and
//! `LinkageAttributes` from MLIR's `linkage_attributes` property.

use super::enums::{enum_value, enumerant_named};
use super::types::emit_instruction;
use super::{begin, camel, encode_string, finish};
use super::{SerializeError, Writer, BLOCK_MARKERS};
use crate::grammar::{Category, Decoration, EnumerantInfo, Op, OperandKind};
use crate::ir::{Attr, AttrData, Ident};

impl Writer<'_> {
    /// `OpDecorate %id Decoration [value]`.
    pub(super) fn decorate_with(
        &mut self,
        id: u32,
        decoration: Decoration,
        value: Option<u32>,
    ) -> Result<(), SerializeError> {
        self.decorate_with_value(id, decoration as u32, value)
    }

    /// `OpDecorate %id case [value]`, the `Decoration` valued `case`.
    pub(super) fn decorate_with_value(
        &mut self,
        id: u32,
        case: u32,
        value: Option<u32>,
    ) -> Result<(), SerializeError> {
        let annotations = &mut self.out.annotations;
        match value {
            Some(value) => emit_instruction(annotations, Op::Decorate, None, id, &[case, value]),
            None => emit_instruction(annotations, Op::Decorate, None, id, &[case]),
        }
    }

    /// `OpDecorate`s for an op's decoration attributes; inlined, so that
    /// an op without any (most) costs no call.
    #[inline(always)]
    pub(super) fn decorate(&mut self, id: u32, attrs: Attr) -> Result<(), SerializeError> {
        for &(name, value) in self.ctx.dict_entries(attrs) {
            self.decorate_entry(id, name, value)?;
        }
        Ok(())
    }

    /// A function's decorations: its attributes that name one. Others
    /// (`workgroup_attributions` that MLIR's GPU conversion leaves, an
    /// entry-point ABI the target does not allow in full) are not written,
    /// as MLIR's serializer writes none of a function's attributes.
    pub(super) fn decorate_function(&mut self, id: u32, attrs: Attr) -> Result<(), SerializeError> {
        for &(name, value) in self.ctx.dict_entries(attrs) {
            if self.decoration_named(name).is_some() {
                self.decorate_entry(id, name, value)?;
            }
        }
        Ok(())
    }

    /// The `OpDecorate` (`OpDecorateId`, `OpDecorateString`) for the
    /// decoration attribute `name = value`.
    pub(super) fn decorate_entry(
        &mut self,
        id: u32,
        name: Ident,
        value: Attr,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        if BLOCK_MARKERS.contains(&ctx.str(name)) {
            return Ok(());
        }
        let Some(case) = self.decoration_named(name) else {
            return Err(format!("unknown decoration {}", camel(ctx.str(name))));
        };
        // A decoration of several operands holds them in an array.
        let values = match ctx.attr_data(value) {
            AttrData::Unit => &[][..],
            AttrData::Array(items) if case.parameters.len() > 1 => &items[..],
            _ => std::slice::from_ref(&value),
        };
        // Decorations taking only strings (`UserSemantic`) are written by
        // `OpDecorateString`.
        let strings_only = (case.parameters.iter()).all(|p| p.kind == OperandKind::LiteralString);
        let mut op = match strings_only && !case.parameters.is_empty() {
            true => Op::DecorateString,
            false => Op::Decorate,
        };
        // Most decorations take one integer or nothing: appended as one
        // array of known length.
        if op == Op::Decorate {
            let annotations = &mut self.out.annotations;
            match (values, case.parameters) {
                ([], _) | (_, []) => {
                    return emit_instruction(annotations, op, None, id, &[case.value]);
                }
                ([value], [param, ..]) if param.kind.info().category != Category::Id => {
                    if let AttrData::Integer { value, .. } = ctx.attr_data(*value) {
                        let operands = [case.value, *value as u32];
                        return emit_instruction(annotations, op, None, id, &operands);
                    }
                }
                _ => {}
            }
        }
        // Written in place: an error abandons the whole module.
        let start = begin(&mut self.out.annotations);
        self.out.annotations.extend([id, case.value]);
        for (&value, param) in values.iter().zip(case.parameters) {
            let word = match ctx.attr_data(value) {
                _ if param.kind.info().category == Category::Id => {
                    op = Op::DecorateId;
                    self.attr_id(value)?
                }
                AttrData::Integer { value, .. } => *value as u32,
                AttrData::String(s) if param.kind == OperandKind::LiteralString => {
                    encode_string(ctx.str(*s), &mut self.out.annotations);
                    continue;
                }
                AttrData::String(_) => self.enum_attr_value(value, param.kind)?,
                _ => {
                    let name = camel(ctx.str(name));
                    return Err(format!("unsupported value of decoration {name}"));
                }
            };
            self.out.annotations.push(word);
        }
        finish(&mut self.out.annotations, start, op)
    }

    /// The `LinkageAttributes` decoration MLIR's `linkage_attributes`
    /// property of an op (`#spirv.linkage_attributes<linkage_name = "f",
    /// linkage_type = <Export>>`), `linkage`, gives symbol `id`.
    pub(super) fn decorate_linkage(
        &mut self,
        id: u32,
        linkage: Attr,
    ) -> Result<(), SerializeError> {
        let body = match self.ctx.attr_data(linkage) {
            AttrData::Opaque { body, .. } => self.ctx.str(*body),
            _ => return Err("linkage_attributes is not a #spirv.linkage_attributes".into()),
        };
        let unreadable = || format!("unreadable linkage attributes `{body}`");
        let name = (body.split_once("linkage_name = \""))
            .and_then(|(_, rest)| rest.split_once('"'))
            .and_then(|(name, _)| crate::text::parse_attrs::unescape(name))
            .ok_or_else(unreadable)?;
        let linkage_type = (body.split_once("linkage_type = <"))
            .and_then(|(_, rest)| rest.split_once('>'))
            .and_then(|(case, _)| enum_value(OperandKind::LinkageType, case))
            .ok_or_else(unreadable)?;
        let decoration = Decoration::LinkageAttributes as u32;
        let annotations = &mut self.out.annotations;
        let start = begin(annotations);
        annotations.extend([id, decoration]);
        encode_string(&name, annotations);
        annotations.push(linkage_type);
        finish(annotations, start, Op::Decorate)
    }

    /// The `Decoration` enumerant a decoration attribute's name
    /// (`relaxed_precision`) names, remembered per name.
    pub(super) fn decoration_named(&mut self, name: Ident) -> Option<&'static EnumerantInfo> {
        if let Some(case) = self
            .pool
            .decorations
            .get(self.ctx, self.shares_template, name)
        {
            return *case;
        }
        let case = enumerant_named(OperandKind::Decoration, &camel(self.ctx.str(name)));
        (self.pool.decorations).learn(self.ctx, self.shares_template, name, case);
        case
    }

    /// The module-level id `attr` stands for in `OpDecorateId`,
    /// `OpExecutionModeId` and module-level non-semantic instructions: a
    /// symbol's, a type's, or a scalar or vector constant's (declared on
    /// first use).
    pub(super) fn attr_id(&mut self, attr: Attr) -> Result<u32, SerializeError> {
        match *self.ctx.attr_data(attr) {
            AttrData::SymbolRef { .. } => self.symbol_id(Some(attr)),
            AttrData::Integer { ty, .. }
            | AttrData::Float { ty, .. }
            | AttrData::DenseElements { ty, .. } => self.constant_id(ty, attr),
            AttrData::Type(ty) => self.type_id(ty),
            _ => Err(
                "expected a symbol, a type or a scalar or vector constant as an id operand".into(),
            ),
        }
    }
}
