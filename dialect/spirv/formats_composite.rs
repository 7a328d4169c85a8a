//! Custom-form pieces of composite and value ops whose text gives fewer
//! types than the op has: composite extraction and insertion (the element
//! type follows from the static indices), selects, shifts and comparisons
//! (result types follow from operand types), and operands each followed by
//! their type (`spirv.GL.FMix %x : f32, %y : f32, %a : f32 -> f32`).

use super::formats_support::{bool_of_shape, composite_element, int_of};
use crate::ir::{AttrData, Op};
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
            },
        ),
        (
            "ExtractedType",
            Directive {
                print: |p, op, _| print_operand_type(p, op, 0),
                parse: parse_extracted_type,
            },
        ),
        (
            "SelectTypes",
            Directive {
                print: print_select_types,
                parse: |p, st, _| parse_operand_types(p, st, ResultRule::Last),
            },
        ),
        (
            "ResultOfFirst",
            Directive {
                print: print_operand_types,
                parse: |p, st, _| parse_operand_types(p, st, ResultRule::First),
            },
        ),
        (
            "CompareType",
            Directive {
                print: |p, op, _| print_operand_type(p, op, 0),
                parse: parse_compare_type,
            },
        ),
    ];
    for (name, directive) in directives {
        syntax.add_directive(name, directive);
    }
    syntax.add_directive(
        "InsertTypes",
        Directive {
            print: print_insert_types,
            parse: parse_insert_types,
        },
    );
    syntax.add_directive(
        "TypedOperands",
        Directive {
            print: print_typed_operands,
            parse: parse_typed_operands,
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
            let last = types.last().copied();
            let mut all = types.clone();
            while all.len() < operands {
                all.extend(last);
            }
            (all, last)
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

/// ` %a : t, %b : t -> result`.
fn print_typed_operands(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    for (i, v) in ctx.operands(op).enumerate() {
        p.write(if i > 0 { ", " } else { " " });
        p.print_value(v);
        p.write(" : ");
        p.print_type(ctx.value_type(v));
    }
    if let Some(&r) = ctx.results(op).first() {
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
