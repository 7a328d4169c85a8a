//! SPIR-V types as MLIR 19 spells them, stored as dialect types whose
//! parameters are listed per mnemonic below:
//! - `array<N x T[, stride=S][, spec_length=@L]>`: `[Int N, Type T, Int S
//!   (0: none)]`, plus `Ident L` when the length is the spec constant `@L`
//!   (N is then its default value)
//! - `rtarray<T[, stride=S]>`: `[Type T, Int S]`
//! - `ptr<T, StorageClass[, stride=S]>`: `[Type T, Ident class]`, plus
//!   `Int S` when the pointer type is decorated `ArrayStride` (an extension:
//!   MLIR's pointer type has no stride)
//! - `matrix<N x ColumnType>`: `[Int N, Type column]`
//! - `sampled_image<ImageType>`: `[Type image]`
//! - `image<T, Dim, Depth, Arrayed, Sampling, SamplerUse, Format>`:
//!   `[Type T, Ident ×6]`
//! - `coopmatrix<RxCxT, Scope, Use>`: `[Int R, Int C, Type T, Ident, Ident]`
//! - `struct<...>`: `[Ident name ("" when literal), List members]` where a
//!   member is `List[Type, Int offset (-1: none), List decorations]`, plus
//!   `Ident name` when it has one (see [`Member`]), and a
//!   decoration is `List[Ident name]`, `List[Ident name, Int value]` or,
//!   for string decorations, `List[Ident name, Attr string]`; a
//!   recursive reference `struct<Name>` is `[Ident name]` alone. A third
//!   parameter `Ident Block` (`struct<(...), Block>`, an extension) marks a
//!   struct decorated `Block` that no variable's storage class implies (one
//!   reached through `PhysicalStorageBuffer` pointers).
//! - `pipe<ReadOnly>`: `[Ident access_qualifier]` (OpenCL pipes).
//! - `sampler`, `event`, `acceleration_structure`, ... (see
//!   [`OPAQUE_TYPES`]): no parameters.

use super::{parse_enum_case, NAMESPACE};
use crate::grammar::{find_kind, Op as GrammarOp, OperandKind};
use crate::ir::{DialectData, Ident, Param, Type};
use crate::text::lexer::Tok;
use crate::text::{PResult, Parser, Printer};
use std::fmt::Write;
use std::sync::OnceLock;

pub(crate) const DEPTH: [&str; 3] = ["NoDepth", "IsDepth", "DepthUnknown"];
pub(crate) const ARRAYED: [&str; 2] = ["NonArrayed", "Arrayed"];
pub(crate) const SAMPLING: [&str; 2] = ["SingleSampled", "MultiSampled"];
pub(crate) const SAMPLER_USE: [&str; 3] = ["SamplerUnknown", "NeedSampler", "NoSampler"];
const COOP_MATRIX_USE: [&str; 3] = ["MatrixA", "MatrixB", "MatrixAcc"];

/// The untyped pointer type (`!spirv.untyped_ptr<Class>`,
/// SPV_KHR_untyped_pointers), found by name once: older grammars lack it.
pub fn untyped_pointer_op() -> Option<GrammarOp> {
    static OP: OnceLock<Option<GrammarOp>> = OnceLock::new();
    *OP.get_or_init(|| GrammarOp::from_name("OpTypeUntypedPointerKHR"))
}

/// The untyped variable (a `spirv.GlobalVariable` of an untyped pointer
/// type, its `data_type` what it holds), found by name once.
pub fn untyped_variable_op() -> Option<GrammarOp> {
    static OP: OnceLock<Option<GrammarOp>> = OnceLock::new();
    *OP.get_or_init(|| GrammarOp::from_name("OpUntypedVariableKHR"))
}

/// Why an untyped pointer or variable cannot be written.
pub const NO_UNTYPED_POINTERS: &str = "the grammar has no untyped pointers";

/// Parameterless opaque types: grammar name and `!spirv.` mnemonic.
pub const OPAQUE_TYPES: [(&str, &str); 9] = [
    ("OpTypeSampler", "sampler"),
    ("OpTypeEvent", "event"),
    ("OpTypeDeviceEvent", "device_event"),
    ("OpTypeReserveId", "reserve_id"),
    ("OpTypeQueue", "queue"),
    ("OpTypePipeStorage", "pipe_storage"),
    ("OpTypeNamedBarrier", "named_barrier"),
    ("OpTypeAccelerationStructureKHR", "acceleration_structure"),
    ("OpTypeRayQueryKHR", "ray_query"),
];

/// Types MLIR 19 defines that are kept as their text (they round-trip
/// verbatim; nothing here reads their parameters).
pub const KEPT_AS_TEXT: [&str; 1] = ["jointmatrix"];

fn kind(name: &str) -> OperandKind {
    match find_kind(name) {
        Ok(k) => k,
        Err(e) => unreachable!("the grammar defines {name}: {e}"),
    }
}

pub(crate) fn parse(p: &mut Parser, mnemonic: &str) -> PResult<Type> {
    let loc = p.loc();
    let params = match mnemonic {
        "array" => {
            p.expect(Tok::Less, "'<'")?;
            let n = parse_count(p, "element count")?;
            let elem = p.parse_type()?;
            let (stride, spec_length) = parse_array_tail(p)?;
            let mut params = vec![Param::Int(n as i64), Param::Type(elem), Param::Int(stride)];
            params.extend(spec_length.map(|l| ident(p, &l)));
            params
        }
        "rtarray" => {
            p.expect(Tok::Less, "'<'")?;
            let elem = p.parse_type()?;
            let stride = parse_stride(p)?;
            vec![Param::Type(elem), Param::Int(stride)]
        }
        "ptr" => {
            p.expect(Tok::Less, "'<'")?;
            let pointee = p.parse_type()?;
            p.expect(Tok::Comma, "','")?;
            let class = parse_enum_case(p, kind("StorageClass"))?;
            let stride = parse_stride(p)?;
            let mut params = vec![Param::Type(pointee), ident(p, &class)];
            params.extend((stride != 0).then_some(Param::Int(stride)));
            params
        }
        "untyped_ptr" => {
            p.expect(Tok::Less, "'<'")?;
            let class = parse_enum_case(p, kind("StorageClass"))?;
            let stride = parse_stride(p)?;
            let mut params = vec![ident(p, &class)];
            params.extend((stride != 0).then_some(Param::Int(stride)));
            params
        }
        "matrix" => {
            p.expect(Tok::Less, "'<'")?;
            let n = parse_count(p, "column count")?;
            let column = p.parse_type()?;
            p.expect(Tok::Greater, "'>'")?;
            vec![Param::Int(n as i64), Param::Type(column)]
        }
        "sampled_image" => {
            p.expect(Tok::Less, "'<'")?;
            let image = p.parse_type()?;
            p.expect(Tok::Greater, "'>'")?;
            vec![Param::Type(image)]
        }
        "pipe" => {
            p.expect(Tok::Less, "'<'")?;
            let access = parse_enum_case(p, kind("AccessQualifier"))?;
            p.expect(Tok::Greater, "'>'")?;
            vec![ident(p, &access)]
        }
        "image" => parse_image(p)?,
        "coopmatrix" => {
            p.expect(Tok::Less, "'<'")?;
            let (shape, scalable) = p.parse_dimension_list()?;
            if shape.len() != 2 || scalable != 0 {
                return Err(p.error_at(loc, "cooperative matrices have two fixed dimensions"));
            }
            let elem = p.parse_type()?;
            p.expect(Tok::Comma, "','")?;
            let scope = parse_enum_case(p, kind("Scope"))?;
            p.expect(Tok::Comma, "','")?;
            let usage = parse_keyword_of(p, &COOP_MATRIX_USE, "matrix use")?;
            p.expect(Tok::Greater, "'>'")?;
            let scope = ident(p, &scope);
            vec![
                Param::Int(shape[0] as i64),
                Param::Int(shape[1] as i64),
                Param::Type(elem),
                scope,
                usage,
            ]
        }
        "struct" => parse_struct(p)?,
        _ if OPAQUE_TYPES.iter().any(|t| t.1 == mnemonic) => Vec::new(),
        _ => return Err(p.error_at(loc, format!("unknown SPIR-V type: {mnemonic}"))),
    };
    Ok(p.ctx.dialect_type(NAMESPACE, mnemonic, params))
}

/// A struct member as the struct type's parameters hold it.
#[derive(Clone, Copy, Debug)]
pub struct Member<'a> {
    pub ty: Type,
    /// The `Offset` decoration; -1 for none.
    pub offset: i64,
    /// Each `List[Ident decoration]`, `List[Ident, Int value]` or
    /// `List[Ident, Attr string]`.
    pub decorations: &'a [Param],
    /// The member's name (`OpMemberName`): debug information, printed with
    /// `--mlir-print-debuginfo` (`(position: vector<4xf32> [0])`).
    pub name: Option<Ident>,
}

impl<'a> Member<'a> {
    /// The member parameter `param` holds.
    pub fn of(param: &'a Param) -> Option<Self> {
        let Param::List(parts) = param else {
            return None;
        };
        let (ty, offset, decorations, name) = match &parts[..] {
            [Param::Type(t), Param::Int(o), Param::List(d)] => (*t, *o, d, None),
            [Param::Type(t), Param::Int(o), Param::List(d), Param::Ident(n)] => {
                (*t, *o, d, Some(*n))
            }
            _ => return None,
        };
        Some(Member {
            ty,
            offset,
            decorations,
            name,
        })
    }

    /// The member types of the struct type `params` (a struct's
    /// parameters), or None for any other.
    pub fn types(params: &'a [Param]) -> Option<impl Iterator<Item = Type> + 'a> {
        match params {
            [_, Param::List(members), ..] => {
                Some(members.iter().filter_map(|m| Member::of(m).map(|m| m.ty)))
            }
            _ => None,
        }
    }

    /// The parameter holding a member.
    pub fn param(ty: Type, offset: i64, decorations: Vec<Param>, name: Option<Ident>) -> Param {
        let (ty, offset) = (Param::Type(ty), Param::Int(offset));
        let decorations = Param::List(decorations.into());
        Param::List(match name {
            Some(name) => Box::new([ty, offset, decorations, Param::Ident(name)]),
            None => Box::new([ty, offset, decorations]),
        })
    }
}

/// `N x` before an array's element or a matrix's column type, spaced as
/// printed (`4 x f32`) or not (`4xf32`, which MLIR reads too).
fn parse_count(p: &mut Parser, what: &str) -> PResult<u32> {
    let rest = p.rest_from_token().as_bytes();
    let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 && rest.get(digits) == Some(&b'x') {
        let loc = p.loc();
        let (shape, _) = p.parse_dimension_list()?;
        return match shape[..] {
            [n] => u32::try_from(n).map_err(|_| p.error_at(loc, format!("{what} is out of range"))),
            _ => Err(p.error_at(loc, format!("expected one {what}"))),
        };
    }
    let n = p.parse_u32(what)?;
    p.expect_keyword("x")?;
    Ok(n)
}

fn ident(p: &mut Parser, s: &str) -> Param {
    Param::Ident(p.ctx.ident(s))
}

/// `, stride=S>` or `>`; 0 means no stride.
fn parse_stride(p: &mut Parser) -> PResult<i64> {
    let mut stride = 0;
    if p.eat(Tok::Comma) {
        p.expect_keyword("stride")?;
        p.expect(Tok::Equal, "'='")?;
        stride = p.parse_u32("stride")? as i64;
        if stride == 0 {
            return Err(p.error_here("ArrayStride must be greater than zero"));
        }
    }
    p.expect(Tok::Greater, "'>'")?;
    Ok(stride)
}

/// The tail of an array type: `[, stride=S][, spec_length=@L]>`.
fn parse_array_tail(p: &mut Parser) -> PResult<(i64, Option<String>)> {
    let mut stride = 0;
    if p.eat(Tok::Comma) {
        if p.eat_keyword("spec_length") {
            return Ok((0, Some(parse_spec_length(p)?)));
        }
        p.expect_keyword("stride")?;
        p.expect(Tok::Equal, "'='")?;
        stride = p.parse_u32("stride")? as i64;
        if stride == 0 {
            return Err(p.error_here("ArrayStride must be greater than zero"));
        }
        if p.eat(Tok::Comma) {
            p.expect_keyword("spec_length")?;
            return Ok((stride, Some(parse_spec_length(p)?)));
        }
    }
    p.expect(Tok::Greater, "'>'")?;
    Ok((stride, None))
}

/// `=@L>` after `spec_length`.
fn parse_spec_length(p: &mut Parser) -> PResult<String> {
    p.expect(Tok::Equal, "'='")?;
    if p.kind() != Tok::AtId {
        return Err(p.error_here("expected the @symbol of a spec constant"));
    }
    let symbol = p.parse_symbol_name()?;
    p.expect(Tok::Greater, "'>'")?;
    Ok(p.ctx.str(symbol).to_string())
}

fn parse_keyword_of(p: &mut Parser, choices: &[&str], what: &str) -> PResult<Param> {
    let text = p.text();
    if p.kind() == Tok::BareId && choices.contains(&text) {
        p.advance();
        return Ok(ident(p, text));
    }
    Err(p.error_here(format!("expected {what} ({})", choices.join(", "))))
}

fn parse_image(p: &mut Parser) -> PResult<Vec<Param>> {
    p.expect(Tok::Less, "'<'")?;
    let elem = p.parse_type()?;
    p.expect(Tok::Comma, "','")?;
    // Dimensions spelled as MLIR does: a `Dim` prefix on names that start with a digit.
    let dim_text = p.text();
    let grammar_name = dim_text
        .strip_prefix("Dim")
        .filter(|d| d.starts_with(|c: char| c.is_ascii_digit()));
    let dim_ok = p.kind() == Tok::BareId
        && kind("Dim")
            .info()
            .enumerant_named(grammar_name.unwrap_or(dim_text))
            .is_some();
    if !dim_ok {
        return Err(p.error_here(
            "expected an image dimension (Dim1D, Dim2D, Dim3D, Cube, Rect, Buffer, SubpassData)",
        ));
    }
    p.advance();
    let dim = ident(p, dim_text);
    let mut params = vec![Param::Type(elem), dim];
    for (choices, what) in [
        (&DEPTH[..], "depth"),
        (&ARRAYED[..], "arrayed"),
        (&SAMPLING[..], "sampling"),
        (&SAMPLER_USE[..], "sampler use"),
    ] {
        p.expect(Tok::Comma, "','")?;
        params.push(parse_keyword_of(p, choices, what)?);
    }
    p.expect(Tok::Comma, "','")?;
    let format = parse_enum_case(p, kind("ImageFormat"))?;
    params.push(ident(p, &format));
    p.expect(Tok::Greater, "'>'")?;
    Ok(params)
}

fn parse_struct(p: &mut Parser) -> PResult<Vec<Param>> {
    p.expect(Tok::Less, "'<'")?;
    let mut name = String::new();
    if matches!(p.kind(), Tok::BareId | Tok::String) {
        name = match p.kind() {
            Tok::String => p.parse_string_literal()?,
            _ => {
                let bare = p.text().to_string();
                p.advance();
                bare
            }
        };
        if p.eat(Tok::Greater) {
            return Ok(vec![ident(p, &name)]);
        }
        p.expect(Tok::Comma, "','")?;
    }
    let members = p.parse_delimited(
        Tok::LParen,
        Tok::RParen,
        "'(' before struct members",
        parse_member,
    )?;
    let mut params = vec![ident(p, &name), Param::List(members.into())];
    if p.eat(Tok::Comma) {
        p.expect_keyword("Block")?;
        params.push(ident(p, "Block"));
    }
    p.expect(Tok::Greater, "'>'")?;
    Ok(params)
}

/// `[name:] type [offset, Decoration, Decoration=value]`.
fn parse_member(p: &mut Parser) -> PResult<Param> {
    let named = match p.kind() {
        Tok::String => true,
        Tok::BareId => p.peek_next_kind() == Tok::Colon,
        _ => false,
    };
    let mut name = None;
    if named {
        let text = match p.kind() {
            Tok::String => p.parse_string_literal()?,
            _ => {
                let bare = p.text().to_string();
                p.advance();
                bare
            }
        };
        name = Some(p.ctx.ident(&text));
        p.expect(Tok::Colon, "':' after the member name")?;
    }
    let ty = p.parse_type()?;
    let mut offset = -1i64;
    let mut decorations = Vec::new();
    if p.eat(Tok::LSquare) {
        let mut first = true;
        loop {
            if first && p.kind() == Tok::Integer {
                offset = p.parse_u32("member offset")? as i64;
            } else {
                let name = parse_enum_case(p, kind("Decoration"))?;
                let mut decoration = vec![ident(p, &name)];
                if p.eat(Tok::Equal) && p.kind() == Tok::String {
                    let value = p.parse_string_literal()?;
                    decoration.push(Param::Attr(p.ctx.string_attr(&value)));
                } else if p.kind() != Tok::Comma && p.kind() != Tok::RSquare {
                    decoration.push(Param::Int(p.parse_u32("decoration value")? as i64));
                }
                decorations.push(Param::List(decoration.into()));
            }
            first = false;
            if !p.eat(Tok::Comma) {
                break;
            }
        }
        p.expect(Tok::RSquare, "']' after member decorations")?;
    }
    Ok(Member::param(ty, offset, decorations, name))
}

pub(crate) fn print(p: &mut Printer, data: &DialectData) {
    let ctx = p.ctx;
    let mnemonic = ctx.str(data.mnemonic);
    let _ = write!(p.out, "{NAMESPACE}.{mnemonic}");
    match (mnemonic, &data.params[..]) {
        ("array", [Param::Int(n), Param::Type(t), Param::Int(stride), rest @ ..]) => {
            let _ = write!(p.out, "<{n} x ");
            p.print_type(*t);
            if *stride != 0 {
                let _ = write!(p.out, ", stride={stride}");
            }
            if let [Param::Ident(length)] = rest {
                p.write(", spec_length=");
                p.print_symbol_name(*length);
            }
            p.write(">");
        }
        ("ptr", [Param::Type(t), Param::Ident(class), rest @ ..]) => {
            p.write("<");
            p.print_type(*t);
            let _ = write!(p.out, ", {}", ctx.str(*class));
            if let [Param::Int(stride)] = rest {
                let _ = write!(p.out, ", stride={stride}");
            }
            p.write(">");
        }
        ("untyped_ptr", [Param::Ident(class), rest @ ..]) => {
            let _ = write!(p.out, "<{}", ctx.str(*class));
            if let [Param::Int(stride)] = rest {
                let _ = write!(p.out, ", stride={stride}");
            }
            p.write(">");
        }
        ("rtarray", [Param::Type(t), Param::Int(stride)]) => {
            p.write("<");
            p.print_type(*t);
            print_stride(p, *stride);
        }
        ("matrix", [Param::Int(n), Param::Type(t)]) => {
            let _ = write!(p.out, "<{n} x ");
            p.print_type(*t);
            p.write(">");
        }
        ("coopmatrix", [Param::Int(r), Param::Int(c), Param::Type(t), rest @ ..]) => {
            let _ = write!(p.out, "<{r}x{c}x");
            p.print_type(*t);
            print_tail(p, rest);
        }
        ("struct", [Param::Ident(name)]) => {
            p.write("<");
            print_struct_name(p, ctx.str(*name));
            p.write(">");
        }
        ("pipe", [Param::Ident(access)]) => {
            let _ = write!(p.out, "<{}>", ctx.str(*access));
        }
        ("struct", [Param::Ident(name), Param::List(members), rest @ ..]) => {
            print_struct(p, ctx.str(*name), members);
            if let [Param::Ident(decoration)] = rest {
                let _ = write!(p.out, ", {}", ctx.str(*decoration));
            }
            p.write(">");
        }
        (_, [Param::Type(first), rest @ ..]) => {
            p.write("<");
            p.print_type(*first);
            print_tail(p, rest);
        }
        _ => {}
    }
}

/// `, a, b>` for identifier parameters.
fn print_tail(p: &mut Printer, rest: &[Param]) {
    for param in rest {
        if let Param::Ident(i) = param {
            p.write(", ");
            p.write(p.ctx.str(*i));
        }
    }
    p.write(">");
}

fn print_stride(p: &mut Printer, stride: i64) {
    if stride != 0 {
        let _ = write!(p.out, ", stride={stride}");
    }
    p.write(">");
}

/// A struct's or member's name, quoted unless it is a bare identifier
/// (compilers name structs `_Array_std140_matrix<float,4,4>2`).
fn print_struct_name(p: &mut Printer, name: &str) {
    if crate::text::print_attrs::is_bare_identifier(name) {
        p.write(name);
    } else {
        p.write("\"");
        crate::text::print_attrs::escape_into(name, &mut p.out);
        p.write("\"");
    }
}

fn print_struct(p: &mut Printer, name: &str, members: &[Param]) {
    p.write("<");
    if !name.is_empty() {
        print_struct_name(p, name);
        p.write(", ");
    }
    p.write("(");
    for (i, member) in members.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let Some(Member {
            ty,
            offset,
            decorations,
            name,
        }) = Member::of(member)
        else {
            continue;
        };
        if let Some(name) = name.filter(|_| p.options.debuginfo) {
            let ctx = p.ctx;
            print_struct_name(p, ctx.str(name));
            p.write(": ");
        }
        p.print_type(ty);
        if offset < 0 && decorations.is_empty() {
            continue;
        }
        p.write(" [");
        let mut first = true;
        if offset >= 0 {
            let _ = write!(p.out, "{offset}");
            first = false;
        }
        for d in decorations.iter() {
            let Param::List(d) = d else { continue };
            if !first {
                p.write(", ");
            }
            first = false;
            if let Some(Param::Ident(n)) = d.first() {
                p.write(p.ctx.str(*n));
            }
            match d.get(1) {
                Some(Param::Int(v)) => {
                    let _ = write!(p.out, "={v}");
                }
                Some(Param::Attr(value)) => {
                    p.write("=");
                    p.print_attr(*value);
                }
                _ => {}
            }
        }
        p.write("]");
    }
    p.write(")");
}

/// The storage class of a `!spirv.untyped_ptr`.
pub fn as_untyped_pointer(ctx: &crate::ir::Context, ty: Type) -> Option<&str> {
    match &ctx.as_dialect_type(ty, NAMESPACE, "untyped_ptr")?.params[..] {
        [Param::Ident(class), ..] => Some(ctx.str(*class)),
        _ => None,
    }
}

/// The storage class of a `!spirv.ptr` or a `!spirv.untyped_ptr`.
pub fn pointer_class(ctx: &crate::ir::Context, ty: Type) -> Option<&str> {
    (as_pointer(ctx, ty).map(|(_, class)| class)).or_else(|| as_untyped_pointer(ctx, ty))
}

/// `(pointee, storage class)` of a `!spirv.ptr`.
pub fn as_pointer(ctx: &crate::ir::Context, ty: Type) -> Option<(Type, &str)> {
    match &ctx.as_dialect_type(ty, NAMESPACE, "ptr")?.params[..] {
        [Param::Type(t), Param::Ident(class), ..] => Some((*t, ctx.str(*class))),
        _ => None,
    }
}
