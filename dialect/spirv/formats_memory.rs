//! Custom forms of the memory ops. Their text leaves pointer types out
//! (`spirv.Load "Input" %p : f32` loads through `!spirv.ptr<f32, Input>`)
//! or the result type (`spirv.AccessChain` derives it from the indices, the
//! struct ones read off the constants that define them), so the parsers
//! rebuild them.

use super::formats_structure::{parse_variable_decorations, print_variable_decorations};
use super::formats_support::{
    composite_element, enum_attr, enum_case, first_operand_is_pointer, memory_types_agree,
    parse_enum, parse_pointer_type, parse_word, pointer_type, print_enum, word_of, Spelling,
};
use super::type_checks::constant_value;
use crate::ir::{Context, Op, Type, TypeData, Value};
use crate::text::format::{
    attr_dict_entries, parse_attr_dict_into, print_dict_entries, Directive, FormState,
};
use crate::text::lexer::Tok;
use crate::text::parser::OperandRef;
use crate::text::{PResult, Parser, Printer, Syntax};
use std::fmt::Write;

pub(super) fn register(syntax: &mut Syntax) {
    let directives: [(&'static str, Directive); 5] = [
        (
            "CopyMemory",
            Directive {
                print: print_copy_memory,
                parse: parse_copy_memory,
                required: Some(memory_types_agree),
            },
        ),
        (
            "Load",
            Directive {
                print: print_load,
                parse: parse_load,
                required: Some(memory_types_agree),
            },
        ),
        (
            "Store",
            Directive {
                print: print_store,
                parse: parse_store,
                required: Some(memory_types_agree),
            },
        ),
        (
            "Variable",
            Directive {
                print: print_variable,
                parse: parse_variable,
                required: Some(result_is_pointer),
            },
        ),
        (
            "AccessChain",
            Directive {
                print: print_access_chain,
                parse: parse_access_chain,
                required: Some(first_operand_is_pointer),
            },
        ),
    ];
    for (name, directive) in directives {
        syntax.add_directive(name, directive);
    }
}

const MEMORY_ACCESS: [&str; 2] = ["memory_access", "alignment"];

/// ` "Class" %ptr` for the pointer operand `index`.
fn print_pointer_operand(p: &mut Printer, op: Op, index: usize) {
    let ctx = p.ctx;
    let Some(ptr) = ctx.operands(op).nth(index) else {
        return;
    };
    if let Some((_, class)) = super::types::as_pointer(ctx, ctx.value_type(ptr)) {
        print_enum(p, class, Spelling::Quoted);
    }
    p.write(" ");
    p.print_value(ptr);
}

fn parse_pointer_operand<'s>(p: &mut Parser<'s, '_>) -> PResult<(String, OperandRef<'s>)> {
    let class = parse_enum(p, "storage_class", Spelling::Quoted)?;
    let class = super::formats_support::enum_case_of(p.ctx, class)
        .unwrap_or_default()
        .to_string();
    Ok((class, p.parse_operand_ref()?))
}

/// ` ["Aligned", 4]`: the memory access attribute `access` and, when it
/// includes `Aligned`, the alignment `alignment`.
fn print_memory_access(p: &mut Printer, op: Op, access: &str, alignment: &str) {
    let ctx = p.ctx;
    let Some(case) = enum_case(ctx, op, access) else {
        return;
    };
    let _ = write!(p.out, " [\"{case}\"");
    if case.split('|').any(|c| c == "Aligned") {
        if let Some(n) = ctx.attr(op, alignment).and_then(|a| word_of(ctx, a)) {
            let _ = write!(p.out, ", {n}");
        }
    }
    p.write("]");
}

fn parse_memory_access(
    p: &mut Parser,
    st: &mut FormState,
    access: &str,
    alignment: &str,
) -> PResult<()> {
    if !p.eat(Tok::LSquare) {
        return Ok(());
    }
    let attr = parse_enum(p, access, Spelling::Quoted)?;
    st.set_prop(p.ctx, access, attr);
    if p.eat(Tok::Comma) {
        let n = parse_word(p, "alignment")?;
        st.set_prop(p.ctx, alignment, n);
    }
    p.expect(Tok::RSquare, "']'")
}

/// The attribute dictionary of `op` without the attributes in `printed`.
fn print_rest(p: &mut Printer, op: Op, printed: &[&str]) {
    let entries = attr_dict_entries(p, op, &|name| printed.contains(&name));
    print_dict_entries(p, &entries, false);
}

/// The attribute dictionary after a memory op's custom form: the
/// attributes in `printed` and those the op's format knows as inherent
/// (the properties carrying its instruction's operands) are properties.
fn parse_rest(p: &mut Parser, st: &mut FormState, printed: &[&str]) -> PResult<()> {
    let syntax = p.syntax;
    let format = syntax.format(p.ctx.str(st.parsed.spec.name));
    let inherent =
        |name: &str| printed.contains(&name) || format.is_some_and(|f| f.is_inherent(name));
    parse_attr_dict_into(p, st, &inherent, false)
}

fn print_value_type(p: &mut Printer, ty: Option<Type>) {
    if let Some(ty) = ty {
        p.write(" : ");
        p.print_type(ty);
    }
}

// ----- spirv.Load / spirv.Store ----------------------------------------------

fn print_load(p: &mut Printer, op: Op, _: &[String]) {
    print_pointer_operand(p, op, 0);
    print_memory_access(p, op, "memory_access", "alignment");
    print_rest(p, op, &MEMORY_ACCESS);
    let result = p.ctx.results(op).first().map(|&r| p.ctx.value_type(r));
    print_value_type(p, result);
}

fn parse_load<'s>(p: &mut Parser<'s, '_>, st: &mut FormState<'s>, _: &[String]) -> PResult<()> {
    let (class, ptr) = parse_pointer_operand(p)?;
    parse_memory_access(p, st, "memory_access", "alignment")?;
    parse_rest(p, st, &MEMORY_ACCESS)?;
    p.expect(Tok::Colon, "':'")?;
    let ty = p.parse_type()?;
    let ptr_type = pointer_type(p.ctx, ty, &class);
    st.parsed.operands.push(ptr);
    st.parsed.operand_types.push(ptr_type);
    st.set_results(vec![ty]);
    Ok(())
}

fn print_store(p: &mut Printer, op: Op, _: &[String]) {
    print_pointer_operand(p, op, 0);
    let value = p.ctx.operands(op).nth(1);
    if let Some(value) = value {
        p.write(", ");
        p.print_value(value);
    }
    print_memory_access(p, op, "memory_access", "alignment");
    print_rest(p, op, &MEMORY_ACCESS);
    print_value_type(p, value.map(|v| p.ctx.value_type(v)));
}

fn parse_store<'s>(p: &mut Parser<'s, '_>, st: &mut FormState<'s>, _: &[String]) -> PResult<()> {
    let (class, ptr) = parse_pointer_operand(p)?;
    p.expect(Tok::Comma, "','")?;
    let value = p.parse_operand_ref()?;
    parse_memory_access(p, st, "memory_access", "alignment")?;
    parse_rest(p, st, &MEMORY_ACCESS)?;
    p.expect(Tok::Colon, "':'")?;
    let ty = p.parse_type()?;
    let ptr_type = pointer_type(p.ctx, ty, &class);
    st.parsed.operands.extend([ptr, value]);
    st.parsed.operand_types.extend([ptr_type, ty]);
    st.set_results(Vec::new());
    Ok(())
}

// ----- spirv.Variable ----------------------------------------------------------

const VARIABLE_PRINTED: [&str; 4] = ["storage_class", "descriptor_set", "binding", "built_in"];

/// ` init(%x)`, decorations, attributes, ` : !spirv.ptr<...>`; the storage
/// class attribute comes from the pointer type.
fn print_variable(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    if let Some(init) = ctx.operands(op).next() {
        p.write(" init(");
        p.print_value(init);
        p.write(")");
    }
    print_variable_decorations(p, op, &[]);
    print_rest(p, op, &VARIABLE_PRINTED);
    let result = ctx.results(op).first().map(|&r| ctx.value_type(r));
    print_value_type(p, result);
}

fn parse_variable<'s>(p: &mut Parser<'s, '_>, st: &mut FormState<'s>, _: &[String]) -> PResult<()> {
    let mut init = None;
    if p.eat_keyword("init") {
        p.expect(Tok::LParen, "'('")?;
        init = Some(p.parse_operand_ref()?);
        p.expect(Tok::RParen, "')'")?;
    }
    parse_variable_decorations(p, st, &[])?;
    parse_rest(p, st, &VARIABLE_PRINTED)?;
    p.expect(Tok::Colon, "':'")?;
    let (ty, pointee, class) = parse_pointer_type(p)?;
    if let Some(init) = init {
        st.parsed.operands.push(init);
        st.parsed.operand_types.push(pointee);
    }
    let class = enum_attr(p.ctx, "storage_class", &class);
    st.set_prop(p.ctx, "storage_class", class);
    st.set_results(vec![ty]);
    Ok(())
}

// ----- spirv.AccessChain / spirv.PtrAccessChain ----------------------------------

/// ` %base[%i, ...] : !spirv.ptr<...>, i32, ...` (the result type is
/// derived).
fn print_access_chain(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    let operands: Vec<_> = ctx.operands(op).collect();
    let Some((&base, indices)) = operands.split_first() else {
        return;
    };
    p.write(" ");
    p.print_value(base);
    p.write("[");
    p.print_value_list(indices.iter().copied());
    p.write("]");
    print_rest(p, op, &[]);
    p.write(" : ");
    p.print_type_list(operands.iter().map(|&v| ctx.value_type(v)));
    // A result type the parser would not derive from the base (one with
    // an array stride, say) is spelled out after `->`.
    if !result_is_derived(ctx, op) {
        p.write(" -> ");
        p.print_type(ctx.value_type(ctx.result(op, 0)));
    }
}

fn parse_access_chain<'s>(
    p: &mut Parser<'s, '_>,
    st: &mut FormState<'s>,
    _: &[String],
) -> PResult<()> {
    let loc = p.loc();
    let base = p.parse_operand_ref()?;
    p.expect(Tok::LSquare, "'['")?;
    let indices = if p.kind() == Tok::RSquare {
        Vec::new()
    } else {
        p.parse_comma_list(|p| p.parse_operand_ref())?
    };
    p.expect(Tok::RSquare, "']'")?;
    parse_rest(p, st, &[])?;
    p.expect(Tok::Colon, "':'")?;
    let base_loc = p.loc();
    let types = p.parse_type_list()?;
    if types.len() != indices.len() + 1 {
        return Err(p.error_at(
            loc,
            format!(
                "expected {} types (the base pointer's and each index's), found {}",
                indices.len() + 1,
                types.len()
            ),
        ));
    }
    let Some((pointee, class)) = super::types::as_pointer(p.ctx, types[0]) else {
        return Err(p.error_at(base_loc, "expected a !spirv.ptr type"));
    };
    let class = class.to_string();
    // `spirv.PtrAccessChain`'s first index steps over elements of the base.
    let skip = usize::from(p.ctx.str(st.parsed.spec.name).ends_with("PtrAccessChain"));
    let result = if p.eat(Tok::Arrow) {
        p.parse_type()?
    } else if indices.len() == skip {
        types[0]
    } else {
        let mut ty = pointee;
        for index in indices.iter().skip(skip) {
            let value = constant_index(p, index);
            ty = composite_element(p.ctx, ty, value.unwrap_or(-1)).ok_or_else(|| {
                p.error_at(
                    index.loc,
                    "cannot index into the type (struct indices must be defined by spirv.Constant)",
                )
            })?;
        }
        pointer_type(p.ctx, ty, &class)
    };
    st.parsed.operands.push(base);
    st.parsed.operands.extend(indices);
    st.parsed.operand_types = types;
    st.set_results(vec![result]);
    Ok(())
}

/// The integer a `spirv.Constant` operand holds, when it is already
/// defined.
fn constant_index(p: &Parser, r: &OperandRef) -> Option<i128> {
    constant_value(p.ctx, p.lookup_defined(r)?)
}

/// Whether the custom form derives the access chain's result type from
/// its base and indices as the parser does: the base's pointee indexed by
/// each index (struct members by the constant defining the index) is the
/// result's pointee, in the base's storage class, without an array
/// stride. A struct named inside its own body (a recursive reference) is
/// a type of its own, so a chain into one may lead to another type.
fn result_is_derived(ctx: &Context, op: Op) -> bool {
    let operands: Vec<Value> = ctx.operands(op).collect();
    let Some((&base, indices)) = operands.split_first() else {
        return false;
    };
    let base_type = ctx.value_type(base);
    let result = ctx.value_type(ctx.result(op, 0));
    let pointers =
        (super::types::as_pointer(ctx, base_type)).zip(super::types::as_pointer(ctx, result));
    let Some(((pointee, class), (result_pointee, result_class))) = pointers else {
        return false;
    };
    let skip = usize::from(ctx.op_name_str(op).ends_with("PtrAccessChain"));
    if indices.len() <= skip {
        return result == base_type;
    }
    let mut ty = pointee;
    for &index in &indices[skip..] {
        match composite_element(ctx, ty, constant_value(ctx, index).unwrap_or(-1)) {
            Some(element) => ty = element,
            None => return false,
        }
    }
    let plain = matches!(ctx.type_data(result), TypeData::Dialect(d) if d.params.len() == 2);
    ty == result_pointee && class == result_class && plain
}

// ----- spirv.CopyMemory ----------------------------------------------------------

const COPY_PRINTED: [&str; 4] = [
    "memory_access",
    "alignment",
    "source_memory_access",
    "source_alignment",
];

/// `  "Class" %target,  "Class" %source [access],  [source access] : T`,
/// spaced as MLIR 19 spaces it; without a source access of its own the
/// target's is printed in its place (as MLIR does).
fn print_copy_memory(p: &mut Printer, op: Op, _: &[String]) {
    let ctx = p.ctx;
    p.write(" ");
    print_pointer_operand(p, op, 0);
    p.write(", ");
    print_pointer_operand(p, op, 1);
    print_memory_access(p, op, "memory_access", "alignment");
    p.write(", ");
    let source_access = if ctx.attr(op, "source_memory_access").is_some() {
        "source_memory_access"
    } else {
        "memory_access"
    };
    let source_alignment = if ctx.attr(op, "source_alignment").is_some() {
        "source_alignment"
    } else {
        "alignment"
    };
    print_memory_access(p, op, source_access, source_alignment);
    print_rest(p, op, &COPY_PRINTED);
    let pointee = ctx
        .operands(op)
        .next()
        .and_then(|v| super::types::as_pointer(ctx, ctx.value_type(v)))
        .map(|(t, _)| t);
    print_value_type(p, pointee);
}

fn parse_copy_memory<'s>(
    p: &mut Parser<'s, '_>,
    st: &mut FormState<'s>,
    _: &[String],
) -> PResult<()> {
    let (target_class, target) = parse_pointer_operand(p)?;
    p.expect(Tok::Comma, "','")?;
    let (source_class, source) = parse_pointer_operand(p)?;
    parse_memory_access(p, st, "memory_access", "alignment")?;
    p.expect(Tok::Comma, "','")?;
    parse_memory_access(p, st, "source_memory_access", "source_alignment")?;
    parse_rest(p, st, &COPY_PRINTED)?;
    p.expect(Tok::Colon, "':'")?;
    let ty = p.parse_type()?;
    let target_type = pointer_type(p.ctx, ty, &target_class);
    let source_type = pointer_type(p.ctx, ty, &source_class);
    st.parsed.operands.extend([target, source]);
    st.parsed.operand_types.extend([target_type, source_type]);
    st.set_results(Vec::new());
    Ok(())
}

/// The result is a pointer (`spirv.Variable`).
fn result_is_pointer(ctx: &crate::ir::Context, op: Op, _: &[String]) -> bool {
    ctx.results(op)
        .first()
        .is_some_and(|&r| super::types::as_pointer(ctx, ctx.value_type(r)).is_some())
}
