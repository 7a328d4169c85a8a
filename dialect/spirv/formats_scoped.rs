//! Custom-form pieces of the ops that act across invocations: atomics
//! (whose value types follow from the pointer), barriers, group and
//! non-uniform group operations, and the ops whose operand types their text
//! leaves to the operands' definitions (`spirv.INTEL.SubgroupBlockRead`).

use super::formats_support::{
    enum_case, has_enums, parse_enum, parse_pointer_type, print_enum, Spelling,
};
use super::types::as_pointer;
use crate::ir::{Context, Op};
use crate::text::format::{Directive, FormState};
use crate::text::lexer::Tok;
use crate::text::parser::OperandRef;
use crate::text::{PResult, Parser, Printer, Syntax};

pub(super) fn register(syntax: &mut Syntax) {
    let directives: [(&'static str, Directive); 7] = [
        (
            "AngledEnumList",
            Directive {
                print: print_angled_enum_list,
                parse: parse_angled_enum_list,
                required: Some(has_enums),
            },
        ),
        (
            "PointeeResult",
            Directive {
                print: |p, op, _| print_operand_type(p, op, 0),
                parse: parse_pointee_result,
                required: Some(operands_and_results_are_pointee),
            },
        ),
        (
            "NonUniformReduction",
            Directive {
                print: print_non_uniform_reduction,
                parse: parse_non_uniform_reduction,
                required: Some(has_enums),
            },
        ),
        (
            "BoolOperands",
            Directive {
                print: print_result_type,
                parse: parse_bool_operands,
                required: None,
            },
        ),
        (
            "DefinedOperandTypes",
            Directive {
                print: print_value_type,
                parse: parse_defined_operand_types,
                required: None,
            },
        ),
        (
            "I32Result",
            Directive {
                print: |_, _, _| {},
                parse: |p, st, _| {
                    let i32_type = p.ctx.int_type(32);
                    st.set_results(vec![i32_type]);
                    Ok(())
                },
                required: None,
            },
        ),
        (
            "ImageOfSampled",
            Directive {
                print: |p, op, _| print_operand_type(p, op, 0),
                parse: parse_image_of_sampled,
                required: None,
            },
        ),
    ];
    for (name, directive) in directives {
        syntax.add_directive(name, directive);
    }
}

fn print_operand_type(p: &mut Printer, op: Op, index: usize) {
    if let Some(v) = p.ctx.operands(op).nth(index) {
        p.write(" ");
        p.print_type(p.ctx.value_type(v));
    }
}

fn print_result_type(p: &mut Printer, op: Op, _: &[String]) {
    if let Some(&r) = p.ctx.results(op).first() {
        p.write(" : ");
        p.print_type(p.ctx.value_type(r));
    }
}

/// ` <A>, <B>, <C>`: enum attributes separated by commas (barriers).
fn print_angled_enum_list(p: &mut Printer, op: Op, names: &[String]) {
    for (i, name) in names.iter().enumerate() {
        if let Some(case) = enum_case(p.ctx, op, name) {
            if i > 0 {
                p.write(",");
            }
            print_enum(p, case, Spelling::Angled);
        }
    }
}

fn parse_angled_enum_list(p: &mut Parser, st: &mut FormState, names: &[String]) -> PResult<()> {
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            p.expect(Tok::Comma, "','")?;
        }
        let attr = parse_enum(p, name, Spelling::Angled)?;
        st.set_prop(p.ctx, name, attr);
    }
    Ok(())
}

/// The pointer's type: the other operands and the result have its
/// pointee type (atomics).
/// Whether the operands after the pointer and the results are all of the
/// pointer's pointee type, the one type the form spells (an atomic adding
/// a signed value to an unsigned counter prints in generic form).
fn operands_and_results_are_pointee(ctx: &Context, op: Op, _: &[String]) -> bool {
    let mut operands = ctx.operands(op);
    let pointee = operands
        .next()
        .and_then(|v| as_pointer(ctx, ctx.value_type(v)));
    let Some((pointee, _)) = pointee else {
        return false;
    };
    operands.all(|v| ctx.value_type(v) == pointee)
        && ctx
            .results(op)
            .iter()
            .all(|&r| ctx.value_type(r) == pointee)
}

fn parse_pointee_result(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let (ptr, pointee, _) = parse_pointer_type(p)?;
    let mut types = vec![pointee; st.parsed.operands.len()];
    if let Some(first) = types.first_mut() {
        *first = ptr;
    }
    st.parsed.operand_types = types;
    let results = if st.bound_results > 0 {
        vec![pointee]
    } else {
        Vec::new()
    };
    st.set_results(results);
    Ok(())
}

/// ` "Subgroup" "Reduce" %x cluster_size(%n) : T`: a non-uniform
/// reduction, scan or clustered reduction.
fn print_non_uniform_reduction(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    for name in ["execution_scope", "group_operation"] {
        if let Some(case) = enum_case(ctx, op, name) {
            print_enum(p, case, Spelling::Quoted);
        }
    }
    let operands: Vec<_> = ctx.operands(op).collect();
    if let Some(&value) = operands.first() {
        p.write(" ");
        p.print_value(value);
        if let Some(&cluster) = operands.get(1) {
            p.write(" cluster_size(");
            p.print_value(cluster);
            p.write(")");
        }
        crate::text::format::print_dict_entries(
            p,
            &crate::text::format::attr_dict_entries(p, op, &|n| {
                n == "execution_scope" || n == "group_operation"
            }),
            false,
        );
        p.write(" : ");
        p.print_type(ctx.value_type(value));
    }
}

fn parse_non_uniform_reduction<'s>(
    p: &mut Parser<'s, '_>,
    st: &mut FormState<'s>,
    _: &[String],
) -> PResult<()> {
    for name in ["execution_scope", "group_operation"] {
        let attr = parse_enum(p, name, Spelling::Quoted)?;
        st.set_prop(p.ctx, name, attr);
    }
    let value = p.parse_operand_ref()?;
    let mut cluster = None;
    if p.eat_keyword("cluster_size") {
        p.expect(Tok::LParen, "'('")?;
        cluster = Some(p.parse_operand_ref()?);
        p.expect(Tok::RParen, "')'")?;
    }
    crate::text::format::parse_attr_dict_into(p, st, &|_| false, false)?;
    p.expect(Tok::Colon, "':'")?;
    let ty = p.parse_type()?;
    st.parsed.operands.push(value);
    st.parsed.operand_types.push(ty);
    if let Some(cluster) = cluster {
        let cluster_type = defined_type(p, &cluster).unwrap_or_else(|| p.ctx.int_type(32));
        st.parsed.operands.push(cluster);
        st.parsed.operand_types.push(cluster_type);
    }
    st.set_results(vec![ty]);
    Ok(())
}

/// Bool operands (`spirv.KHR.SubgroupBallot %b : vector<4xi32>`,
/// `spirv.KHR.AssumeTrue %b`) and the result type when there is one.
fn parse_bool_operands(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let i1 = p.ctx.int_type(1);
    st.parsed.operand_types = vec![i1; st.parsed.operands.len()];
    if st.bound_results > 0 {
        p.expect(Tok::Colon, "':'")?;
        let ty = p.parse_type()?;
        st.set_results(vec![ty]);
    } else {
        st.set_results(Vec::new());
    }
    Ok(())
}

/// ` : T` of the value read or written.
fn print_value_type(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    let value = ctx
        .results(op)
        .first()
        .copied()
        .or_else(|| ctx.operands(op).nth(1));
    if let Some(v) = value {
        p.write(" : ");
        p.print_type(ctx.value_type(v));
    }
}

/// `: T` after operands whose types are their definitions' (a pointer
/// and, when writing, a value of type `T`).
fn parse_defined_operand_types(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    p.expect(Tok::Colon, "':'")?;
    let ty = p.parse_type()?;
    let mut types = Vec::new();
    for (i, operand) in st.parsed.operands.iter().enumerate() {
        let defined = match i {
            0 => defined_type(p, operand).ok_or_else(|| {
                p.error_at(
                    operand.loc,
                    "the pointer operand must be defined before its use",
                )
            })?,
            _ => ty,
        };
        types.push(defined);
    }
    st.parsed.operand_types = types;
    let results = if st.bound_results > 0 {
        vec![ty]
    } else {
        Vec::new()
    };
    st.set_results(results);
    Ok(())
}

fn defined_type(p: &Parser, r: &OperandRef) -> Option<crate::ir::Type> {
    p.lookup_defined(r).map(|v| p.ctx.value_type(v))
}

/// The sampled image's type: the result is its image type.
fn parse_image_of_sampled(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let loc = p.loc();
    let sampled = p.parse_type()?;
    let image = p
        .ctx
        .as_dialect_type(sampled, super::NAMESPACE, "sampled_image")
        .and_then(|d| match d.params.first() {
            Some(crate::ir::Param::Type(t)) => Some(*t),
            _ => None,
        })
        .ok_or_else(|| p.error_at(loc, "expected a !spirv.sampled_image type"))?;
    st.parsed.operand_types = vec![sampled];
    st.set_results(vec![image]);
    Ok(())
}
