//! Custom-form pieces of composite and value ops whose text gives fewer
//! types than the op has: composite extraction and insertion (the element
//! type follows from the static indices), selects, shifts and comparisons
//! (result types follow from operand types), and operands each followed by
//! their type (`spirv.GL.FMix %x : f32, %y : f32, %a : f32 -> f32`).

use super::formats_support::{
    bool_of_shape, composite_element, enum_case, has_attrs, int_of, parse_enum, print_enum,
    Spelling,
};
use crate::ir::{AttrData, Context, Op, Type};
use crate::text::format::{Directive, FormState};
use crate::text::lexer::Tok;
use crate::text::{PResult, Parser, Printer, Syntax};

pub(super) fn register(syntax: &mut Syntax) {
    let directives: [(&'static str, Directive); 5] = [
        (
            "CompositeIndices",
            Directive {
                print: print_composite_indices,
                parse: parse_composite_indices,
                required: Some(has_attrs),
            },
        ),
        (
            "ExtractedType",
            Directive {
                print: |p, op, _| print_operand_type(p, op, 0),
                parse: parse_extracted_type,
                required: None,
            },
        ),
        (
            "SelectTypes",
            Directive {
                print: print_select_types,
                parse: |p, st, _| parse_operand_types(p, st, ResultRule::Last),
                required: Some(values_share_result_type),
            },
        ),
        (
            "ResultOfFirst",
            Directive {
                print: print_operand_types,
                parse: |p, st, _| parse_operand_types(p, st, ResultRule::First),
                required: Some(result_is_first_operand_type),
            },
        ),
        (
            "CompareType",
            Directive {
                print: |p, op, _| print_operand_type(p, op, 0),
                parse: parse_compare_type,
                // One type printed for both operands.
                required: Some(|ctx, op, _| {
                    crate::text::format::all_same(ctx.operands(op).map(|v| ctx.value_type(v)))
                }),
            },
        ),
    ];
    for (name, directive) in directives {
        syntax.add_directive(name, directive);
    }
    let more: [(&'static str, Directive); 7] = [
        (
            "BitFieldTypes",
            Directive {
                print: print_bit_field_types,
                parse: parse_bit_field_types,
                required: Some(bases_share_result_type),
            },
        ),
        (
            "StructResult",
            Directive {
                print: print_result_type,
                parse: parse_struct_result,
                required: Some(operands_are_struct_members),
            },
        ),
        (
            "OperandTypeToResult",
            Directive {
                print: print_operand_type_to_result,
                parse: parse_operand_type_to_result,
                required: Some(operands_share_a_type),
            },
        ),
        (
            "OperandTypesToResult",
            Directive {
                print: print_operand_types_to_result,
                parse: parse_operand_types_to_result,
                required: None,
            },
        ),
        (
            "PrintfTypes",
            Directive {
                print: print_printf_types,
                parse: parse_printf_types,
                required: None,
            },
        ),
        (
            "DynamicIndex",
            Directive {
                print: print_dynamic_index,
                parse: parse_dynamic_index,
                required: None,
            },
        ),
        (
            "OptionalAngledEnum",
            Directive {
                print: print_optional_angled_enum,
                parse: parse_optional_angled_enum,
                required: None,
            },
        ),
    ];
    for (name, directive) in more {
        syntax.add_directive(name, directive);
    }
    syntax.add_directive(
        "InsertTypes",
        Directive {
            print: print_insert_types,
            parse: parse_insert_types,
            required: None,
        },
    );
    syntax.add_directive(
        "TypedOperands",
        Directive {
            print: |p, op, _| print_typed_operands(p, op, ""),
            parse: parse_typed_operands,
            required: None,
        },
    );
    // Image ops leave a space for their (absent) image operands.
    syntax.add_directive(
        "ImageTypedOperands",
        Directive {
            print: |p, op, _| print_typed_operands(p, op, " "),
            parse: parse_typed_operands,
            required: None,
        },
    );
}

/// `[0 : i32, 1 : i32]` right after the composite operand.
fn print_composite_indices(p: &mut Printer, op: Op, names: &[String]) {
    let Some(attr) = names.first().and_then(|n| p.ctx.attr(op, n)) else {
        return;
    };
    p.print_attr(attr);
}

fn parse_composite_indices(p: &mut Parser, st: &mut FormState, names: &[String]) -> PResult<()> {
    let Some(name) = names.first() else {
        return Ok(());
    };
    if p.kind() != Tok::LSquare {
        return Err(p.error_here("expected '[' and the indices"));
    }
    let indices = p.parse_attribute()?;
    st.set_prop(p.ctx, name, indices);
    Ok(())
}

/// ` type` of operand `index`.
fn print_operand_type(p: &mut Printer, op: Op, index: usize) {
    if let Some(v) = p.ctx.operands(op).nth(index) {
        p.write(" ");
        p.print_type(p.ctx.value_type(v));
    }
}

/// The composite's type: the result is the element the `indices` name.
fn parse_extracted_type(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let loc = p.loc();
    let composite = p.parse_type()?;
    let indices = st
        .props
        .iter()
        .find(|(n, _)| p.ctx.str(*n) == "indices")
        .map(|&(_, a)| a);
    let indices: Vec<i128> = match indices.map(|a| p.ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items.iter().filter_map(|&a| int_of(p.ctx, a)).collect(),
        _ => Vec::new(),
    };
    let mut ty = composite;
    for index in indices {
        ty = composite_element(p.ctx, ty, index)
            .ok_or_else(|| p.error_at(loc, format!("index {index} is out of bounds")))?;
    }
    st.parsed.operand_types = vec![composite];
    st.set_results(vec![ty]);
    Ok(())
}

/// ` t1, t2`: every operand's type.
fn print_operand_types(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_type_list(ctx.operands(op).map(|v| ctx.value_type(v)));
}

/// ` i1, i32`: the condition's type and the selected values'.
fn print_select_types(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_type_list(ctx.operands(op).take(2).map(|v| ctx.value_type(v)));
}

/// ` f32 into vector<4xf32>`: the inserted object's and the composite's
/// types (the result is the composite's).
fn print_insert_types(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    let types: Vec<_> = ctx.operands(op).map(|v| ctx.value_type(v)).collect();
    if let [object, composite] = types[..] {
        p.write(" ");
        p.print_type(object);
        p.write(" into ");
        p.print_type(composite);
    }
}

fn parse_insert_types(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let object = p.parse_type()?;
    p.expect_keyword("into")?;
    let composite = p.parse_type()?;
    st.parsed.operand_types = vec![object, composite];
    st.set_results(vec![composite]);
    Ok(())
}

/// The types of `op`'s operands.
fn operand_types(ctx: &Context, op: Op) -> Vec<Type> {
    ctx.operands(op).map(|v| ctx.value_type(v)).collect()
}

/// The type of `op`'s first result.
fn result_type(ctx: &Context, op: Op) -> Option<Type> {
    ctx.results(op).first().map(|&r| ctx.value_type(r))
}

// What each type-deriving form needs to print an op (otherwise it prints
// in generic form): the types it leaves out are the ones it derives.
// Integer operands may differ in signedness from each other and from the
// result in SPIR-V (a shift of an unsigned value by a signed amount giving
// a signed one), which these forms cannot spell.

/// `spirv.Select`: the values and the result share one type.
fn values_share_result_type(ctx: &Context, op: Op, _: &[String]) -> bool {
    let types = operand_types(ctx, op);
    let result = result_type(ctx, op);
    types.len() > 1 && types[1..].iter().all(|&t| Some(t) == result)
}

/// Shifts: the result has the first operand's type.
fn result_is_first_operand_type(ctx: &Context, op: Op, _: &[String]) -> bool {
    operand_types(ctx, op).first().copied() == result_type(ctx, op)
}

/// Bit-field ops: the base operands (all but offset and count) and the
/// result share one type.
fn bases_share_result_type(ctx: &Context, op: Op, _: &[String]) -> bool {
    let types = operand_types(ctx, op);
    let result = result_type(ctx, op);
    types.len() >= 2 && types[..types.len() - 2].iter().all(|&t| Some(t) == result)
}

/// Extended arithmetic: every operand has the type of the result struct's
/// members.
fn operands_are_struct_members(ctx: &Context, op: Op, _: &[String]) -> bool {
    let member = result_type(ctx, op).and_then(|r| composite_element(ctx, r, 0));
    member.is_some() && operand_types(ctx, op).iter().all(|&t| Some(t) == member)
}

/// One type printed for the operands (a `DotAccSat` accumulator has the
/// result's).
fn operands_share_a_type(ctx: &Context, op: Op, _: &[String]) -> bool {
    let mut types = operand_types(ctx, op);
    if ctx.op_name_str(op).ends_with("DotAccSat") && types.pop() != result_type(ctx, op) {
        return false;
    }
    crate::text::format::all_same(types.into_iter())
}

/// Which listed type the result takes.
#[derive(Clone, Copy)]
enum ResultRule {
    First,
    /// The last listed type, shared by the operands after the first
    /// (`spirv.Select %c, %a, %b : i1, i32`).
    Last,
}

fn parse_operand_types(p: &mut Parser, st: &mut FormState, rule: ResultRule) -> PResult<()> {
    let loc = p.loc();
    let types = p.parse_type_list()?;
    let operands = st.parsed.operands.len();
    let (operand_types, result) = match rule {
        ResultRule::First => (types.clone(), types.first().copied()),
        ResultRule::Last => {
            let [condition, value] = types[..] else {
                return Err(p.error_at(loc, "expected the condition's and the values' types"));
            };
            let mut all = vec![condition];
            all.resize(operands.max(1), value);
            (all, Some(value))
        }
    };
    if operand_types.len() != operands {
        return Err(p.error_at(
            loc,
            format!(
                "{operands} operands present, but expected {}",
                operand_types.len()
            ),
        ));
    }
    st.parsed.operand_types = operand_types;
    st.set_results(result.into_iter().collect());
    Ok(())
}

/// The operands' shared type; the result is a bool of its shape.
fn parse_compare_type(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let ty = p.parse_type()?;
    st.parsed.operand_types = vec![ty; st.parsed.operands.len()];
    let result = bool_of_shape(p.ctx, ty);
    st.set_results(vec![result]);
    Ok(())
}

/// ` %a : t, %b : t -> result` (`gap` before the arrow).
fn print_typed_operands(p: &mut Printer, op: Op, gap: &str) {
    let ctx = p.ctx;
    for (i, v) in ctx.operands(op).enumerate() {
        p.write(if i > 0 { ", " } else { " " });
        p.print_value(v);
        p.write(" : ");
        p.print_type(ctx.value_type(v));
    }
    if let Some(&r) = ctx.results(op).first() {
        p.write(gap);
        p.write(" -> ");
        p.print_type(ctx.value_type(r));
    }
}

fn parse_typed_operands<'s>(
    p: &mut Parser<'s, '_>,
    st: &mut FormState<'s>,
    _: &[String],
) -> PResult<()> {
    let entries = p.parse_comma_list(|p| {
        let operand = p.parse_operand_ref()?;
        p.expect(Tok::Colon, "':'")?;
        Ok((operand, p.parse_type()?))
    })?;
    for (operand, ty) in entries {
        st.parsed.operands.push(operand);
        st.parsed.operand_types.push(ty);
    }
    p.expect(Tok::Arrow, "'->'")?;
    let result = p.parse_type()?;
    st.set_results(vec![result]);
    Ok(())
}

/// ` i32, i32, i32`: the base's, the offset's and the count's types
/// (`spirv.BitFieldInsert` shares the base type with the inserted value).
fn print_bit_field_types(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    let types: Vec<_> = ctx.operands(op).map(|v| ctx.value_type(v)).collect();
    if types.len() >= 3 {
        p.write(" ");
        let (base, rest) = (types[0], &types[types.len() - 2..]);
        p.print_type_list(std::iter::once(base).chain(rest.iter().copied()));
    }
}

fn parse_bit_field_types(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let loc = p.loc();
    let types = p.parse_type_list()?;
    let operands = st.parsed.operands.len();
    let [base, offset, count] = types[..] else {
        return Err(p.error_at(loc, "expected the base, offset and count types"));
    };
    let mut operand_types = vec![base; operands.saturating_sub(2)];
    operand_types.extend([offset, count]);
    st.parsed.operand_types = operand_types;
    st.set_results(vec![base]);
    Ok(())
}

/// ` type` of the result.
fn print_result_type(p: &mut Printer, op: Op, _: &[String]) {
    if let Some(&r) = p.ctx.results(op).first() {
        p.write(" ");
        p.print_type(p.ctx.value_type(r));
    }
}

/// A `!spirv.struct<(T, T)>` result whose members are the operands' type.
fn parse_struct_result(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let loc = p.loc();
    let ty = p.parse_type()?;
    let member = composite_element(p.ctx, ty, 0)
        .ok_or_else(|| p.error_at(loc, "expected a struct type with members"))?;
    st.parsed.operand_types = vec![member; st.parsed.operands.len()];
    st.set_results(vec![ty]);
    Ok(())
}

/// ` T -> R`: the operands' shared type and the result type.
fn print_operand_type_to_result(p: &mut Printer, op: Op, _: &[String]) {
    print_operand_type(p, op, 0);
    if let Some(&r) = p.ctx.results(op).first() {
        p.write(" -> ");
        p.print_type(p.ctx.value_type(r));
    }
}

fn parse_operand_type_to_result(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let ty = p.parse_type()?;
    p.expect(Tok::Arrow, "'->'")?;
    let result = p.parse_type()?;
    // An accumulator after the operands has the result's type.
    let mut types = vec![ty; st.parsed.operands.len()];
    if p.ctx.str(st.parsed.spec.name).ends_with("DotAccSat") {
        if let Some(last) = types.last_mut() {
            *last = result;
        }
    }
    st.parsed.operand_types = types;
    st.set_results(vec![result]);
    Ok(())
}

/// ` A, B -> R`: the types of all operands but an accumulator of the
/// result's type (`spirv.KHR.CooperativeMatrixMulAdd`), then the result's.
fn print_operand_types_to_result(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    let Some(&r) = ctx.results(op).first() else {
        return;
    };
    let result = ctx.value_type(r);
    let mut types: Vec<_> = ctx.operands(op).map(|v| ctx.value_type(v)).collect();
    if is_mul_add(ctx.op_name_str(op)) {
        types.pop();
    }
    p.write(" ");
    p.print_type_list(types);
    p.write(" -> ");
    p.print_type(result);
}

fn is_mul_add(name: &str) -> bool {
    name == "spirv.KHR.CooperativeMatrixMulAdd"
}

fn parse_operand_types_to_result(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let mut types = p.parse_type_list()?;
    p.expect(Tok::Arrow, "'->'")?;
    let result = p.parse_type()?;
    if is_mul_add(p.ctx.str(st.parsed.spec.name)) {
        types.push(result);
    }
    st.parsed.operand_types = types;
    st.set_results(vec![result]);
    Ok(())
}

/// ` (fmt, (args...)) -> R` of `spirv.CL.printf`.
fn print_printf_types(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    let types: Vec<_> = ctx.operands(op).map(|v| ctx.value_type(v)).collect();
    let Some((&format, args)) = types.split_first() else {
        return;
    };
    p.write(" (");
    p.print_type(format);
    p.write(", (");
    p.print_type_list(args.iter().copied());
    p.write(")) -> ");
    if let Some(&r) = ctx.results(op).first() {
        p.print_type(ctx.value_type(r));
    }
}

fn parse_printf_types(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    p.expect(Tok::LParen, "'('")?;
    let mut types = vec![p.parse_type()?];
    p.expect(Tok::Comma, "','")?;
    p.expect(Tok::LParen, "'('")?;
    if p.kind() != Tok::RParen {
        types.extend(p.parse_type_list()?);
    }
    p.expect(Tok::RParen, "')'")?;
    p.expect(Tok::RParen, "')'")?;
    p.expect(Tok::Arrow, "'->'")?;
    let result = p.parse_type()?;
    st.parsed.operand_types = types;
    st.set_results(vec![result]);
    Ok(())
}

/// `%v[%i] : vector<4xf32>, i32` (extract from `(vector, index)`) and
/// `%x, %v[%i] : vector<4xf32>, i32` (insert into `(vector, component,
/// index)`): the index in brackets after the vector; the types are the
/// vector's and the index's.
fn print_dynamic_index(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    let operands: Vec<_> = ctx.operands(op).collect();
    let (vector, component, index) = match operands[..] {
        [vector, index] => (vector, None, index),
        [vector, component, index] => (vector, Some(component), index),
        _ => return,
    };
    p.write(" ");
    if let Some(component) = component {
        p.print_value(component);
        p.write(", ");
    }
    p.print_value(vector);
    p.write("[");
    p.print_value(index);
    p.write("] : ");
    p.print_type_list([ctx.value_type(vector), ctx.value_type(index)]);
}

fn parse_dynamic_index<'s>(
    p: &mut Parser<'s, '_>,
    st: &mut FormState<'s>,
    _: &[String],
) -> PResult<()> {
    let mut values = p.parse_comma_list(|p| p.parse_operand_ref())?;
    p.expect(Tok::LSquare, "'['")?;
    let index = p.parse_operand_ref()?;
    p.expect(Tok::RSquare, "']'")?;
    p.expect(Tok::Colon, "':'")?;
    let vector = p.parse_type()?;
    p.expect(Tok::Comma, "','")?;
    let index_type = p.parse_type()?;
    let elem = composite_element(p.ctx, vector, 0)
        .ok_or_else(|| p.error_here("expected a vector type"))?;
    let (types, result) = match values.len() {
        1 => (vec![vector, index_type], elem),
        2 => {
            values.swap(0, 1);
            (vec![vector, elem, index_type], vector)
        }
        n => return Err(p.error_here(format!("expected 1 or 2 values before '[', found {n}"))),
    };
    st.parsed.operands.extend(values);
    st.parsed.operands.push(index);
    st.parsed.operand_types = types;
    st.set_results(vec![result]);
    Ok(())
}

/// `, <Case>` for each named enum attribute present (optional operands
/// of the dot products and cooperative matrix ops).
fn print_optional_angled_enum(p: &mut Printer, op: Op, names: &[String]) {
    for name in names {
        if let Some(case) = enum_case(p.ctx, op, name) {
            p.write(",");
            print_enum(p, case, Spelling::Angled);
        }
    }
}

fn parse_optional_angled_enum(p: &mut Parser, st: &mut FormState, names: &[String]) -> PResult<()> {
    for name in names {
        if p.kind() == Tok::Comma && p.peek_next_kind() == Tok::Less {
            p.advance();
            let attr = parse_enum(p, name, Spelling::Angled)?;
            st.set_prop(p.ctx, name, attr);
        }
    }
    Ok(())
}
