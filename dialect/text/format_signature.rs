//! The `function-signature($name)` directive of custom formats:
//! `(%arg0: i32 {attrs}, ...) -> (results {attrs})`, printed from a
//! function type attribute and the `arg_attrs`/`res_attrs` arrays, and
//! parsed back into them and the entry block's arguments.

use super::lexer::Tok;
use super::parser::{ArgDecl, PResult, Parser};
use super::printer::Printer;
use crate::ir::{Attr, AttrData, Op, Type};

/// `(%a: t {attrs}, ...) -> results` from the function type attribute
/// `name` and the `arg_attrs`/`res_attrs` arrays of dictionaries, naming
/// the entry block's arguments when the op has a body.
pub(super) fn print_signature(p: &mut Printer, op: Op, name: &str) {
    let ctx = p.ctx;
    let Some(ty) = ctx.attr(op, name).and_then(|a| ctx.as_type_attr(a)) else {
        return;
    };
    let Some((inputs, results)) = ctx.as_function(ty) else {
        return;
    };
    let entry = ctx
        .regions(op)
        .first()
        .and_then(|&r| ctx.region_blocks(r).first().copied());
    let arg_attrs = signature_attrs(p, op, "arg_attrs");
    let res_attrs = signature_attrs(p, op, "res_attrs");
    p.write("(");
    for (i, &input) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if let Some(&arg) = entry.and_then(|b| ctx.block_args(b).get(i)) {
            p.print_value(arg);
            p.write(": ");
        }
        p.print_type(input);
        print_signature_dict(p, arg_attrs.get(i).copied());
        if let Some(&arg) = entry.and_then(|b| ctx.block_args(b).get(i)) {
            p.print_trailing_location(ctx.arg_loc(arg));
        }
    }
    p.write(")");
    if results.is_empty() {
        return;
    }
    p.write(" -> ");
    if res_attrs.iter().all(|&d| ctx.dict_entries(d).is_empty()) {
        p.print_result_types(results);
        return;
    }
    p.write("(");
    for (i, &result) in results.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(result);
        print_signature_dict(p, res_attrs.get(i).copied());
    }
    p.write(")");
}

/// The dictionaries of the array attribute `name` (`arg_attrs`).
fn signature_attrs(p: &Printer, op: Op, name: &str) -> Vec<Attr> {
    match p.ctx.attr(op, name).map(|a| p.ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items.to_vec(),
        _ => Vec::new(),
    }
}

fn print_signature_dict(p: &mut Printer, dict: Option<Attr>) {
    if let Some(dict) = dict.filter(|&d| !p.ctx.dict_entries(d).is_empty()) {
        p.write(" ");
        p.print_attr(dict);
    }
}

/// A parsed function signature: its type, the named entry arguments, and
/// the per-argument and per-result attribute dictionaries.
pub(super) struct Signature<'s> {
    pub(super) ty: Type,
    pub(super) args: Vec<ArgDecl<'s>>,
    pub(super) arg_attrs: Vec<Attr>,
    pub(super) res_attrs: Vec<Attr>,
}

/// Parses `(%a: t {attrs}, ...)` or `(t, ...)` and optional `-> results`
/// (`-> t` or `-> (t {attrs}, ...)`).
pub(super) fn parse_signature<'s>(p: &mut Parser<'s, '_>) -> PResult<Signature<'s>> {
    let mut args = Vec::new();
    let mut inputs = Vec::new();
    let mut arg_attrs = Vec::new();
    let entries =
        p.parse_delimited(Tok::LParen, Tok::RParen, "'(' in function signature", |p| {
            let (ty, mut arg) = if p.kind() == Tok::PercentId {
                let arg = p.parse_arg_decl()?;
                (arg.ty, Some(arg))
            } else {
                (p.parse_type()?, None)
            };
            let attrs = parse_signature_dict(p)?;
            // MLIR writes an argument's location after its attributes.
            if let Some(arg) = arg.as_mut().filter(|a| a.debug_loc.is_none()) {
                arg.debug_loc = p.parse_optional_location()?;
            }
            Ok((ty, arg, attrs))
        })?;
    let named = entries.iter().filter(|e| e.1.is_some()).count();
    if named != 0 && named != entries.len() {
        return Err(p.error_here("expected all function arguments to be named or none"));
    }
    for (ty, arg, attrs) in entries {
        inputs.push(ty);
        args.extend(arg);
        arg_attrs.push(attrs);
    }
    let mut results = Vec::new();
    let mut res_attrs = Vec::new();
    if p.eat(Tok::Arrow) {
        if p.kind() == Tok::LParen {
            let entries = p.parse_delimited(Tok::LParen, Tok::RParen, "'('", |p| {
                Ok((p.parse_type()?, parse_signature_dict(p)?))
            })?;
            for (ty, attrs) in entries {
                results.push(ty);
                res_attrs.push(attrs);
            }
        } else {
            results.push(p.parse_type()?);
        }
    }
    Ok(Signature {
        ty: p.ctx.function_type(&inputs, &results),
        args,
        arg_attrs,
        res_attrs,
    })
}

/// An optional `{...}` after a signature entry (an empty dictionary when
/// absent).
fn parse_signature_dict(p: &mut Parser) -> PResult<Attr> {
    if p.kind() == Tok::LBrace {
        p.parse_attr_dict()
    } else {
        Ok(p.ctx.empty_dictionary())
    }
}
