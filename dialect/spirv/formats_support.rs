//! Pieces shared by the spirv custom forms: enum attributes spelled the
//! three ways MLIR's forms spell them (bare `Logical`, quoted `"Input"`,
//! angled `<Device>`), the `custom<...>` directives built on them, and the
//! type arithmetic forms use to recover types they leave out of the text.

use super::types::as_pointer;
use super::{canonical_enum_case, enum_kind, parse_enum_case, NAMESPACE};
use crate::ir::{Attr, AttrData, Context, Op, Param, Type, TypeData};
use crate::text::format::{Directive, FormState};
use crate::text::lexer::Tok;
use crate::text::{PResult, Parser, Printer, Syntax};

/// The case of the enum attribute `name` of `op`.
pub(super) fn enum_case<'c>(ctx: &'c Context, op: Op, name: &str) -> Option<&'c str> {
    enum_case_of(ctx, ctx.attr(op, name)?)
}

/// The case of an enum attribute (`#spirv.scope<Device>` → `Device`).
pub(super) fn enum_case_of(ctx: &Context, attr: Attr) -> Option<&str> {
    match ctx.attr_data(attr) {
        AttrData::Dialect(data) => match &data.params[..] {
            [Param::Ident(case)] => Some(ctx.str(*case)),
            _ => None,
        },
        _ => None,
    }
}

/// The enum attribute mnemonic an op attribute holds: scopes and memory
/// semantics are named after their role, other enums after their kind.
pub(super) fn enum_mnemonic(attr_name: &str) -> &str {
    match attr_name {
        n if n.ends_with("scope") => "scope",
        "semantics" | "equal_semantics" | "unequal_semantics" => "memory_semantics",
        "source_memory_access" | "memory_operand" => "memory_access",
        "format" => "packed_vector_format",
        "matrix_layout" => "coop_matrix_layout_khr",
        "matrix_operands" => "cooperative_matrix_operands_khr",
        n => n,
    }
}

/// The enum attribute `#spirv.<mnemonic><case>`.
pub(super) fn enum_attr(ctx: &mut Context, mnemonic: &str, case: &str) -> Attr {
    let case = Param::Ident(ctx.ident(case));
    ctx.dialect_attr(NAMESPACE, mnemonic, vec![case])
}

/// How an enum case is spelled in a custom form.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Spelling {
    /// `Logical`
    Bare,
    /// `"Input"`
    Quoted,
    /// `<Device>`
    Angled,
}

pub(super) fn print_enum(p: &mut Printer, case: &str, spelling: Spelling) {
    p.write(" ");
    match spelling {
        Spelling::Bare => p.write(case),
        Spelling::Quoted => {
            p.write("\"");
            p.write(case);
            p.write("\"");
        }
        Spelling::Angled => {
            p.write("<");
            p.write(case);
            p.write(">");
        }
    }
}

/// Parses an enum case of the attribute named `attr_name` spelled as
/// `spelling`, returning the attribute.
pub(super) fn parse_enum(p: &mut Parser, attr_name: &str, spelling: Spelling) -> PResult<Attr> {
    let mnemonic = enum_mnemonic(attr_name);
    let Some(kind) = enum_kind(mnemonic) else {
        return Err(p.error_here(format!("'{attr_name}' holds no SPIR-V enum")));
    };
    let case = match spelling {
        Spelling::Bare => parse_enum_case(p, kind)?,
        Spelling::Angled => {
            p.expect(Tok::Less, "'<'")?;
            let case = parse_enum_case(p, kind)?;
            p.expect(Tok::Greater, "'>'")?;
            case
        }
        Spelling::Quoted => {
            let loc = p.loc();
            let text = p.parse_string_literal()?;
            canonical_enum_case(kind, &text).ok_or_else(|| {
                p.error_at(
                    loc,
                    format!(
                        "invalid {} attribute specification: \"{text}\"",
                        kind.info().name
                    ),
                )
            })?
        }
    };
    Ok(enum_attr(p.ctx, mnemonic, &case))
}

fn print_enums(p: &mut Printer, op: Op, names: &[String], spelling: Spelling) {
    for name in names {
        if let Some(case) = enum_case(p.ctx, op, name) {
            print_enum(p, case, spelling);
        }
    }
}

fn parse_enums(
    p: &mut Parser,
    st: &mut FormState,
    names: &[String],
    spelling: Spelling,
) -> PResult<()> {
    for name in names {
        let attr = parse_enum(p, name, spelling)?;
        st.set_prop(p.ctx, name, attr);
    }
    Ok(())
}

/// `custom<BareEnum>($a, ...)`, `custom<QuotedEnum>(...)`,
/// `custom<AngledEnum>(...)`: each named enum attribute in turn.
pub(super) fn register_enum_directives(syntax: &mut Syntax) {
    syntax.add_directive(
        "BareEnum",
        Directive {
            print: |p, op, names| print_enums(p, op, names, Spelling::Bare),
            parse: |p, st, names| parse_enums(p, st, names, Spelling::Bare),
            required: Some(has_enums),
        },
    );
    syntax.add_directive(
        "QuotedEnum",
        Directive {
            print: |p, op, names| print_enums(p, op, names, Spelling::Quoted),
            parse: |p, st, names| parse_enums(p, st, names, Spelling::Quoted),
            required: Some(has_enums),
        },
    );
    syntax.add_directive(
        "AngledEnum",
        Directive {
            print: |p, op, names| print_enums(p, op, names, Spelling::Angled),
            parse: |p, st, names| parse_enums(p, st, names, Spelling::Angled),
            required: Some(has_enums),
        },
    );
}

/// `!spirv.ptr<pointee, class>`.
pub(super) fn pointer_type(ctx: &mut Context, pointee: Type, class: &str) -> Type {
    let class = Param::Ident(ctx.ident(class));
    ctx.dialect_type(NAMESPACE, "ptr", vec![Param::Type(pointee), class])
}

/// Parses a pointer type: its type, pointee and storage class, or an
/// error at the type.
pub(super) fn parse_pointer_type(p: &mut Parser) -> PResult<(Type, Type, String)> {
    let loc = p.loc();
    let ty = p.parse_type()?;
    match as_pointer(p.ctx, ty) {
        Some((pointee, class)) => Ok((ty, pointee, class.to_string())),
        None => Err(p.error_at(loc, "expected a !spirv.ptr type")),
    }
}

/// The element of a composite at `index` (`None` for a struct member out
/// of range or a non-composite): vectors, arrays, runtime arrays,
/// matrices, cooperative matrices and struct members.
pub(super) fn composite_element(ctx: &Context, ty: Type, index: i128) -> Option<Type> {
    if let TypeData::Vector { elem, .. } = ctx.type_data(ty) {
        return Some(*elem);
    }
    let TypeData::Dialect(data) = ctx.type_data(ty) else {
        return None;
    };
    if ctx.str(data.dialect) != NAMESPACE {
        return None;
    }
    match (ctx.str(data.mnemonic), &data.params[..]) {
        ("array", [_, Param::Type(elem), ..]) | ("rtarray", [Param::Type(elem), ..]) => Some(*elem),
        ("matrix", [_, Param::Type(column)]) => Some(*column),
        ("coopmatrix", [_, _, Param::Type(elem), ..]) => Some(*elem),
        ("struct", [_, Param::List(members), ..]) => {
            let member = members.get(usize::try_from(index).ok()?)?;
            match member {
                Param::List(parts) => match parts.first() {
                    Some(Param::Type(t)) => Some(*t),
                    _ => None,
                },
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether constant attribute `value` is a value of type `ty`: an
/// integer or float attribute of that very type, a dense attribute of it
/// whose elements (one, splat, or one per element) are of its element
/// type, or, for the dialect's composites (arrays, matrices, structs), an
/// array attribute whose elements are values of the composite's
/// elements, as many as an array or matrix has elements or a struct has
/// members.
pub(crate) fn constant_fits(ctx: &Context, value: Attr, ty: Type) -> bool {
    match ctx.attr_data(value) {
        AttrData::Integer { ty: own, .. } | AttrData::Float { ty: own, .. } => *own == ty,
        AttrData::DenseElements { ty: own, elems } => {
            let TypeData::Vector { shape, elem, .. } = ctx.type_data(ty) else {
                return *own == ty;
            };
            let count = shape.iter().product::<u64>();
            *own == ty
                && (elems.len() == 1 || elems.len() as u64 == count)
                && elems.iter().all(|&e| constant_fits(ctx, e, *elem))
        }
        AttrData::Array(elements) => {
            let TypeData::Dialect(data) = ctx.type_data(ty) else {
                return false;
            };
            let count = match (ctx.str(data.mnemonic), &data.params[..]) {
                ("array" | "matrix", [Param::Int(count), ..]) => usize::try_from(*count).ok(),
                ("struct", [_, Param::List(members), ..]) => Some(members.len()),
                _ => None,
            };
            let each_fits = (elements.iter().enumerate()).all(|(i, &element)| {
                composite_element(ctx, ty, i as i128)
                    .is_some_and(|element_type| constant_fits(ctx, element, element_type))
            });
            each_fits && count.map_or(true, |count| count == elements.len())
        }
        _ => false,
    }
}

/// The word an `i32` attribute holds as its bits (a decoration's or
/// memory operand's literal: a binding, an alignment), written unsigned.
pub(super) fn word_of(ctx: &Context, attr: Attr) -> Option<u32> {
    int_of(ctx, attr).map(|value| value as u32)
}

/// A word written unsigned ([`word_of`]), as the `i32` attribute holding
/// its bits.
pub(super) fn parse_word(p: &mut Parser, what: &str) -> PResult<Attr> {
    let word = p.parse_u32(what)?;
    let i32_type = p.ctx.int_type(32);
    Ok(p.ctx.integer_attr(i32_type, (word as i32).into()))
}

/// The integer an attribute holds (integer attributes only).
pub(super) fn int_of(ctx: &Context, attr: Attr) -> Option<i128> {
    match ctx.attr_data(attr) {
        AttrData::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// A bool (or vector of bool) of the shape of `ty`.
pub(super) fn bool_of_shape(ctx: &mut Context, ty: Type) -> Type {
    let i1 = ctx.int_type(1);
    match ctx.type_data(ty).clone() {
        TypeData::Vector { shape, .. } => ctx.vector_type(&shape, i1),
        _ => i1,
    }
}

/// Every named attribute is an enum attribute.
pub(super) fn has_enums(ctx: &Context, op: Op, names: &[String]) -> bool {
    names.iter().all(|n| enum_case(ctx, op, n).is_some())
}

/// Every named attribute is present.
pub(super) fn has_attrs(ctx: &Context, op: Op, names: &[String]) -> bool {
    names.iter().all(|n| ctx.attr(op, n).is_some())
}

/// The first operand is a pointer.
pub(super) fn first_operand_is_pointer(ctx: &Context, op: Op, _: &[String]) -> bool {
    ctx.operands(op)
        .next()
        .is_some_and(|v| as_pointer(ctx, ctx.value_type(v)).is_some())
}

/// Whether the first operand is a pointer and no pointer operand has an
/// array stride: forms that spell a pointer as its storage class and
/// pointee rebuild plain pointers only (others print in generic form).
pub(super) fn pointer_operands_are_plain(ctx: &Context, op: Op, names: &[String]) -> bool {
    let plain = |v| {
        let ptr = ctx.as_dialect_type(ctx.value_type(v), super::NAMESPACE, "ptr");
        ptr.map_or(true, |d| d.params.len() == 2)
    };
    first_operand_is_pointer(ctx, op, names) && ctx.operands(op).all(plain)
}

/// Whether a load, store or copy can be spelled with its one type: its
/// pointer operands are plain (see [`pointer_operands_are_plain`]) and
/// point to the loaded result's type, the stored value's type, or (a copy)
/// the same type. A struct named inside its own body (a recursive
/// reference) is a type of its own, so a load through a pointer to one
/// may give the full struct and print in generic form.
pub(super) fn memory_types_agree(ctx: &Context, op: Op, names: &[String]) -> bool {
    if !pointer_operands_are_plain(ctx, op, names) {
        return false;
    }
    let pointee = |v| as_pointer(ctx, ctx.value_type(v)).map(|(t, _)| t);
    let mut operands = ctx.operands(op);
    let Some(target) = operands.next().and_then(pointee) else {
        return false;
    };
    match (ctx.results(op).first(), operands.next()) {
        (Some(&loaded), _) => ctx.value_type(loaded) == target,
        (None, Some(source)) if ctx.op_name_str(op) == "spirv.CopyMemory" => {
            pointee(source) == Some(target)
        }
        (None, Some(stored)) => ctx.value_type(stored) == target,
        (None, None) => true,
    }
}
