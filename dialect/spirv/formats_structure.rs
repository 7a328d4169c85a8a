//! Custom forms of the structure ops that a declarative spec cannot say:
//! `spirv.GlobalVariable`'s decorations, entry points and execution modes,
//! constants (and the result names MLIR gives them), structured control
//! flow's `control(...)`, and conditional branches with weights and
//! successor operands.

use super::formats_support::{
    enum_attr, enum_case, has_attrs, has_enums, int_of, parse_enum, parse_word, word_of, Spelling,
};
use crate::ir::{Attr, AttrData, Context, Op, Type, TypeData};
use crate::text::format::{Directive, FormState};
use crate::text::lexer::Tok;
use crate::text::{PResult, Parser, Printer, Syntax};
use std::fmt::Write;

pub(super) fn register(syntax: &mut Syntax) {
    let directives: [(&'static str, Directive); 9] = [
        (
            "WrappedOp",
            Directive {
                print: print_wrapped_op,
                parse: parse_wrapped_op,
                required: None,
            },
        ),
        (
            "SpecId",
            Directive {
                print: print_spec_id,
                parse: parse_spec_id,
                required: None,
            },
        ),
        (
            "Constituents",
            Directive {
                print: print_constituents,
                parse: parse_constituents,
                required: None,
            },
        ),
        (
            "VariableDecorations",
            Directive {
                print: print_variable_decorations,
                parse: parse_variable_decorations,
                required: None,
            },
        ),
        (
            "EntryPointSymbols",
            Directive {
                print: print_entry_point_symbols,
                parse: parse_entry_point_symbols,
                required: Some(entry_point_prints),
            },
        ),
        (
            "ExecutionModeValues",
            Directive {
                print: print_execution_mode_values,
                parse: parse_execution_mode_values,
                required: Some(has_attrs),
            },
        ),
        (
            "ConstantValue",
            Directive {
                print: print_constant_value,
                parse: parse_constant_value,
                required: Some(has_attrs),
            },
        ),
        (
            "Control",
            Directive {
                print: print_control,
                parse: parse_control,
                // MLIR 19's selection and loop forms have no results.
                required: Some(|ctx, op, names| {
                    has_enums(ctx, op, names) && ctx.results(op).is_empty()
                }),
            },
        ),
        (
            "ConditionalSuccessors",
            Directive {
                print: print_conditional_successors,
                parse: parse_conditional_successors,
                required: Some(conditional_successors_are_spelled),
            },
        ),
    ];
    for (name, directive) in directives {
        syntax.add_directive(name, directive);
    }
    syntax.add_result_namer("spirv.Constant", constant_name);
    syntax.add_result_namer("spirv.mlir.addressof", |ctx, op| {
        symbol_of(ctx, op, "variable").map(|s| format!("{s}_addr"))
    });
}

fn symbol_of<'c>(ctx: &'c Context, op: Op, name: &str) -> Option<&'c str> {
    match ctx.attr_data(ctx.attr(op, name)?) {
        AttrData::SymbolRef { root, .. } => Some(ctx.str(*root)),
        AttrData::String(s) => Some(ctx.str(*s)),
        _ => None,
    }
}

// ----- spirv.GlobalVariable / spirv.Variable ---------------------------------

/// ` initializer(@sym)` (given `$initializer`), ` bind(set, binding)` and
/// ` built_in("Name")`: the decorations MLIR prints before the attribute
/// dictionary of a variable; and ` initial_value(0 : i32)` (given
/// `$initial_value`), a constant initializer, which MLIR cannot express.
pub(super) fn print_variable_decorations(p: &mut Printer, op: Op, names: &[String]) {
    let ctx = p.ctx;
    for keyword in ["initializer", "initial_value"] {
        if names.iter().any(|n| n == keyword) {
            if let Some(init) = ctx.attr(op, keyword) {
                p.write(" ");
                p.write(keyword);
                p.write("(");
                p.print_attr(init);
                p.write(")");
            }
        }
    }
    let set = ctx.attr(op, "descriptor_set").and_then(|a| word_of(ctx, a));
    let binding = ctx.attr(op, "binding").and_then(|a| word_of(ctx, a));
    if let (Some(set), Some(binding)) = (set, binding) {
        let _ = write!(p.out, " bind({set}, {binding})");
    }
    if let Some(built_in) = ctx.attr(op, "built_in").and_then(|a| ctx.as_string_attr(a)) {
        let _ = write!(p.out, " built_in(\"{built_in}\")");
    }
}

pub(super) fn parse_variable_decorations(
    p: &mut Parser,
    st: &mut FormState,
    names: &[String],
) -> PResult<()> {
    for keyword in ["initializer", "initial_value"] {
        if names.iter().any(|n| n == keyword) && p.eat_keyword(keyword) {
            p.expect(Tok::LParen, "'('")?;
            let init = p.parse_attribute()?;
            p.expect(Tok::RParen, "')'")?;
            st.set_prop(p.ctx, keyword, init);
        }
    }
    if p.eat_keyword("bind") {
        p.expect(Tok::LParen, "'('")?;
        let set = parse_word(p, "descriptor set")?;
        p.expect(Tok::Comma, "','")?;
        let binding = parse_word(p, "binding")?;
        p.expect(Tok::RParen, "')'")?;
        st.set_prop(p.ctx, "descriptor_set", set);
        st.set_prop(p.ctx, "binding", binding);
    }
    if p.eat_keyword("built_in") {
        p.expect(Tok::LParen, "'('")?;
        let name = p.parse_string_literal()?;
        p.expect(Tok::RParen, "')'")?;
        let value = p.ctx.string_attr(&name);
        st.set_attr(p.ctx, "built_in", value);
    }
    Ok(())
}

// ----- spirv.EntryPoint / spirv.ExecutionMode ----------------------------------

/// MLIR's custom form of `spirv.EntryPoint` has neither its `name` nor an
/// attribute dictionary: one with either prints in the generic form.
fn entry_point_prints(ctx: &Context, op: Op, names: &[String]) -> bool {
    has_attrs(ctx, op, names)
        && ctx.attr(op, "name").is_none()
        && ctx.dict_entries(ctx.attributes(op)).is_empty()
}

/// ` @fn, @var, ...`: the entry function and its interface variables.
fn print_entry_point_symbols(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    if let Some(f) = ctx.attr(op, "fn") {
        p.write(" ");
        p.print_attr(f);
    }
    if let Some(AttrData::Array(vars)) = ctx.attr(op, "interface").map(|a| ctx.attr_data(a)) {
        for &var in vars.iter() {
            p.write(", ");
            p.print_attr(var);
        }
    }
}

fn parse_entry_point_symbols(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let f = parse_symbol_ref(p)?;
    st.set_prop(p.ctx, "fn", f);
    let mut vars = Vec::new();
    while p.eat(Tok::Comma) {
        vars.push(parse_symbol_ref(p)?);
    }
    let interface = p.ctx.array_attr(vars);
    st.set_prop(p.ctx, "interface", interface);
    Ok(())
}

fn parse_symbol_ref(p: &mut Parser) -> PResult<Attr> {
    if p.kind() != Tok::AtId {
        return Err(p.error_here("expected symbol reference"));
    }
    p.parse_attribute()
}

/// `, 8, 1, 1`: an execution mode's literal operands.
fn print_execution_mode_values(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    if let Some(AttrData::Array(values)) = ctx.attr(op, "values").map(|a| ctx.attr_data(a)) {
        for &v in values.iter() {
            if let Some(n) = int_of(ctx, v) {
                let _ = write!(p.out, ", {n}");
            }
        }
    }
}

fn parse_execution_mode_values(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let i32_type = p.ctx.int_type(32);
    let mut values = Vec::new();
    while p.eat(Tok::Comma) {
        let negative = p.eat(Tok::Minus);
        let n = i128::from(p.parse_u32("execution mode value")?);
        values.push(p.ctx.integer_attr(i32_type, if negative { -n } else { n }));
    }
    let values = p.ctx.array_attr(values);
    st.set_prop(p.ctx, "values", values);
    Ok(())
}

// ----- spirv.Constant / spirv.SpecConstant -------------------------------------

fn is_spirv_array(ctx: &Context, ty: Type) -> bool {
    ctx.as_dialect_type(ty, super::NAMESPACE, "array").is_some()
}

/// ` value` (with ` : type` after an array value, whose elements carry
/// their own types).
fn print_constant_value(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    let Some(value) = ctx.attr(op, "value") else {
        return;
    };
    p.write(" ");
    p.print_attr(value);
    if let Some(&result) = ctx.results(op).first() {
        let ty = ctx.value_type(result);
        // An array attribute (a struct's members) carries no type either.
        let untyped = matches!(ctx.attr_data(value), AttrData::Array(_));
        if is_spirv_array(ctx, ty) || untyped {
            p.write(" : ");
            p.print_type(ty);
        }
    }
}

fn parse_constant_value(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    let loc = p.loc();
    let value = p.parse_attribute()?;
    let ty = match p.ctx.attr_data(value) {
        AttrData::Integer { ty, .. } | AttrData::Float { ty, .. } => *ty,
        AttrData::DenseElements { ty, .. } => *ty,
        AttrData::Array(_) => {
            p.expect(Tok::Colon, "':' and the array type")?;
            p.parse_type()?
        }
        _ => return Err(p.error_at(loc, "expected a typed constant value")),
    };
    st.set_prop(p.ctx, "value", value);
    st.set_results(vec![ty]);
    Ok(())
}

/// MLIR's names for constants: `%true`/`%false`, `%cst42_i32`, `%cst_f32`,
/// `%cst_vec_4xf32`, else `%cst`.
fn constant_name(ctx: &Context, op: Op) -> Option<String> {
    let ty = ctx.value_type(*ctx.results(op).first()?);
    let value = ctx.attr(op, "value")?;
    let mut name = String::from("cst");
    if let AttrData::Integer { value, .. } = ctx.attr_data(value) {
        if let Some((1, _)) = ctx.as_integer(ty) {
            return Some(if *value != 0 { "true" } else { "false" }.into());
        }
        let _ = write!(name, "{value}");
    }
    let scalar_name = |t: Type| match ctx.type_data(t) {
        TypeData::Integer { .. } | TypeData::Float(_) => Some(builtin_type_name(ctx, t)),
        _ => None,
    };
    if let Some(text) = scalar_name(ty) {
        let _ = write!(name, "_{text}");
    }
    if let TypeData::Vector { shape, elem, .. } = ctx.type_data(ty) {
        let _ = write!(name, "_vec_{}", shape.first().copied().unwrap_or(0));
        if let Some(text) = scalar_name(*elem) {
            let _ = write!(name, "x{text}");
        }
    }
    Some(name)
}

/// `i32`, `si8`, `f16`: the spelling of a builtin scalar type.
fn builtin_type_name(ctx: &Context, ty: Type) -> String {
    crate::text::printer::type_to_string(ctx, &Syntax::default(), ty)
}

/// ` spec_id(N)` when the spec constant has one.
fn print_spec_id(p: &mut Printer, op: Op, _: &[String]) {
    if let Some(id) = p.ctx.attr(op, "spec_id").and_then(|a| int_of(p.ctx, a)) {
        let _ = write!(p.out, " spec_id({id})");
    }
}

fn parse_spec_id(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    if p.eat_keyword("spec_id") {
        p.expect(Tok::LParen, "'('")?;
        let id = p.parse_u32("specialization id")?;
        p.expect(Tok::RParen, "')'")?;
        let i64_type = p.ctx.int_type(64);
        let id = p.ctx.integer_attr(i64_type, id.into());
        st.set_attr(p.ctx, "spec_id", id);
    }
    Ok(())
}

/// ` (@a, @b)`: a composite spec constant's constituents.
fn print_constituents(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    let Some(AttrData::Array(items)) = ctx.attr(op, "constituents").map(|a| ctx.attr_data(a))
    else {
        return;
    };
    p.write(" (");
    for (i, &item) in items.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_attr(item);
    }
    p.write(")");
}

fn parse_constituents(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    // Spec constants by symbol; a constituent that is a plain constant in
    // the binary is kept as its value.
    let items = p.parse_delimited(Tok::LParen, Tok::RParen, "'('", |p| p.parse_attribute())?;
    let items = p.ctx.array_attr(items);
    st.set_prop(p.ctx, "constituents", items);
    Ok(())
}

/// ` wraps "spirv.IAdd"(...) : ...`: the op a
/// `spirv.SpecConstantOperation` region holds before its
/// `spirv.mlir.yield`, in generic form.
fn print_wrapped_op(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    let wrapped = ctx
        .regions(op)
        .first()
        .and_then(|&r| ctx.region_blocks(r).first().copied())
        .and_then(|b| ctx.first_op(b));
    if let Some(wrapped) = wrapped {
        p.write(" wraps ");
        p.print_generic_body(wrapped);
    }
}

fn parse_wrapped_op(p: &mut Parser, st: &mut FormState, _: &[String]) -> PResult<()> {
    p.expect_keyword("wraps")?;
    let wrapped = p.parse_detached_generic_op()?;
    let results = p.ctx.results(wrapped).to_vec();
    let result_types: Vec<Type> = results.iter().map(|&r| p.ctx.value_type(r)).collect();
    let block = p.ctx.create_block(&[]);
    p.ctx.append_op(block, wrapped);
    let mut spec = crate::ir::OpSpec::new(p.ctx.ident("spirv.mlir.yield"), p.loc());
    spec.operands = results;
    let yield_op = p.ctx.create_op(spec);
    p.ctx.append_op(block, yield_op);
    st.parsed.regions.push(vec![block]);
    st.set_results(result_types);
    Ok(())
}

// ----- spirv.mlir.loop / spirv.mlir.selection ----------------------------------

/// ` control(Unroll)` unless the control is `None`.
fn print_control(p: &mut Printer, op: Op, names: &[String]) {
    let Some(name) = names.first() else { return };
    if let Some(case) = enum_case(p.ctx, op, name).filter(|&c| c != "None") {
        let _ = write!(p.out, " control({case})");
    }
}

fn parse_control(p: &mut Parser, st: &mut FormState, names: &[String]) -> PResult<()> {
    let Some(name) = names.first() else {
        return Ok(());
    };
    let control = if p.eat_keyword("control") {
        p.expect(Tok::LParen, "'('")?;
        let control = parse_enum(p, name, Spelling::Bare)?;
        p.expect(Tok::RParen, "')'")?;
        control
    } else {
        enum_attr(p.ctx, name, "None")
    };
    st.set_prop(p.ctx, name, control);
    Ok(())
}

// ----- spirv.BranchConditional -------------------------------------------------

/// ` %cond [w1, w2], ^t(%a : i32), ^f`.
fn print_conditional_successors(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    let operands: Vec<_> = ctx.operands(op).collect();
    let Some((&condition, rest)) = operands.split_first() else {
        return;
    };
    p.write(" ");
    p.print_value(condition);
    if let Some(AttrData::Array(weights)) = ctx.attr(op, "branch_weights").map(|a| ctx.attr_data(a))
    {
        p.write(" [");
        for (i, &w) in weights.iter().enumerate() {
            let sep = if i > 0 { ", " } else { "" };
            let _ = write!(p.out, "{sep}{}", int_of(ctx, w).unwrap_or(0));
        }
        p.write("]");
    }
    let true_count = segment_sizes(ctx, op).get(1).copied().unwrap_or(0);
    let (true_args, false_args) = rest.split_at(true_count.min(rest.len()));
    for (&block, args) in ctx.successors(op).iter().zip([true_args, false_args]) {
        p.write(", ");
        p.print_block_name(block);
        if !args.is_empty() {
            p.write("(");
            p.print_value_list(args.iter().copied());
            p.write(" : ");
            p.print_type_list(args.iter().map(|&v| ctx.value_type(v)));
            p.write(")");
        }
    }
}

/// Whether the custom form can spell the branch: a condition, two
/// successors, and segment sizes that split the operands after the
/// condition between them (otherwise it prints in generic form).
fn conditional_successors_are_spelled(ctx: &Context, op: Op, _: &[String]) -> bool {
    let sizes = segment_sizes(ctx, op);
    ctx.successors(op).len() == 2
        && matches!(sizes[..], [1, t, f] if 1 + t + f == ctx.num_operands(op))
}

/// `operandSegmentSizes` as numbers.
fn segment_sizes(ctx: &Context, op: Op) -> Vec<usize> {
    match ctx
        .attr(op, "operandSegmentSizes")
        .map(|a| ctx.attr_data(a))
    {
        Some(AttrData::DenseArray { values, .. }) => {
            values.iter().map(|&v| v.max(0) as usize).collect()
        }
        _ => Vec::new(),
    }
}

fn parse_conditional_successors<'s>(
    p: &mut Parser<'s, '_>,
    st: &mut FormState<'s>,
    _: &[String],
) -> PResult<()> {
    let bool_type = p.ctx.int_type(1);
    st.parsed.operands.push(p.parse_operand_ref()?);
    st.parsed.operand_types.push(bool_type);
    if p.kind() == Tok::LSquare {
        let i32_type = p.ctx.int_type(32);
        let weights = p.parse_delimited(Tok::LSquare, Tok::RSquare, "'['", |p| {
            let w = p.parse_u32("branch weight")?;
            Ok(p.ctx.integer_attr(i32_type, w.into()))
        })?;
        let weights = p.ctx.array_attr(weights);
        st.set_prop(p.ctx, "branch_weights", weights);
    }
    let mut sizes = vec![1i64];
    for _ in 0..2 {
        p.expect(Tok::Comma, "','")?;
        st.parsed.spec.successors.push(p.parse_successor()?);
        let mut count = 0;
        if p.kind() == Tok::LParen {
            p.advance();
            let args = p.parse_comma_list(|p| p.parse_operand_ref())?;
            p.expect(Tok::Colon, "':'")?;
            let types = p.parse_type_list()?;
            p.expect(Tok::RParen, "')'")?;
            if args.len() != types.len() {
                return Err(p.error_here(format!(
                    "{} operands present, but expected {}",
                    args.len(),
                    types.len()
                )));
            }
            count = args.len();
            st.parsed.operands.extend(args);
            st.parsed.operand_types.extend(types);
        }
        sizes.push(count as i64);
    }
    let i32_type = p.ctx.int_type(32);
    let sizes = p.ctx.dense_array_attr(i32_type, sizes);
    st.set_prop(p.ctx, "operandSegmentSizes", sizes);
    Ok(())
}
