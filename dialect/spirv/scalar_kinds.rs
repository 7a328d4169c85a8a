//! The kinds of scalar SPIR-V fixes for some operands and results, beyond
//! the shapes [`super::op_table`] relates: conversions take and give
//! integers or floats as their names say, shifts take integers, and
//! `spirv.SampledImage` joins an image and a sampler into a sampled image
//! of that image, and under `Logical` addressing a bitcast keeps pointers
//! pointers. Also which ops a `built_in` decoration may name: variables
//! and constants (struct members carry theirs in their type).

use super::formats_support::enum_case;
use super::type_checks::{same_type, spirv_type, Component};
use super::types::as_pointer;
use crate::grammar::Op as GrammarOp;
use crate::ir::{Context, Op, Param, Type};

type Checked = Result<(), String>;

/// Checks `op`, an instance of `grammar_op`, by the rule of its kind;
/// ops without one pass.
pub(super) fn check(ctx: &Context, op: Op, grammar_op: GrammarOp) -> Checked {
    use Component::{Float, Integer};
    use GrammarOp as G;
    match grammar_op {
        G::ConvertFToU | G::ConvertFToS => conversion(ctx, op, Float, Integer),
        G::ConvertSToF | G::ConvertUToF => conversion(ctx, op, Integer, Float),
        G::UConvert | G::SConvert => conversion(ctx, op, Integer, Integer),
        G::FConvert => conversion(ctx, op, Float, Float),
        G::ShiftLeftLogical | G::ShiftRightLogical | G::ShiftRightArithmetic => {
            match (ctx.operands(op)).all(|v| holds(ctx, ctx.value_type(v), Integer)) {
                true => Ok(()),
                false => {
                    Err("the base and the shift are not scalars or vectors of integers".into())
                }
            }
        }
        G::SampledImage => sampled_image(ctx, op),
        G::Bitcast => pointer_bitcast(ctx, op),
        _ => Ok(()),
    }
}

/// Whether `ty` is a scalar of `kind`, a vector of them or a cooperative
/// matrix of them.
fn holds(ctx: &Context, ty: Type, kind: Component) -> bool {
    match spirv_type(ctx, ty) {
        Some(("coopmatrix", [_, _, Param::Type(elem), ..])) => kind.is_scalar(ctx, *elem),
        _ => kind.holds_scalars_of(ctx, ty),
    }
}

/// A conversion's operand holds scalars of kind `from`, its result of
/// kind `to`.
fn conversion(ctx: &Context, op: Op, from: Component, to: Component) -> Checked {
    let operand = ctx.operands(op).next().map(|v| ctx.value_type(v));
    let result = ctx.results(op).first().map(|&r| ctx.value_type(r));
    if operand.is_some_and(|ty| !holds(ctx, ty, from)) {
        return Err(format!(
            "the operand is not a scalar or vector of {}",
            from.name()
        ));
    }
    match result.is_some_and(|ty| !holds(ctx, ty, to)) {
        true => Err(format!(
            "the result is not a scalar or vector of {}",
            to.name()
        )),
        false => Ok(()),
    }
}

/// `spirv.SampledImage`'s operands are an image and a sampler, its result
/// a sampled image of that image.
fn sampled_image(ctx: &Context, op: Op) -> Checked {
    let operands: Vec<Type> = ctx.operands(op).map(|v| ctx.value_type(v)).collect();
    let mnemonic = |index: usize| operands.get(index).and_then(|&ty| spirv_type(ctx, ty));
    if !matches!(mnemonic(0), Some(("image", _))) {
        return Err("the image operand is not a !spirv.image".into());
    }
    if !matches!(mnemonic(1), Some(("sampler", _))) {
        return Err("the sampler operand is not a !spirv.sampler".into());
    }
    let result = ctx.results(op).first().map(|&r| ctx.value_type(r));
    match result.and_then(|ty| spirv_type(ctx, ty)) {
        Some(("sampled_image", [Param::Type(image)])) if same_type(ctx, *image, operands[0]) => {
            Ok(())
        }
        _ => Err("the result is not a sampled image of the image operand's type".into()),
    }
}

/// In a module of `Logical` addressing, a bitcast casts a pointer only to
/// a pointer, and makes a pointer only of a pointer: such pointers have no
/// bits to reinterpret.
fn pointer_bitcast(ctx: &Context, op: Op) -> Checked {
    let is_pointer = |ty| as_pointer(ctx, ty).is_some();
    let operand = ctx
        .operands(op)
        .next()
        .map(|v| is_pointer(ctx.value_type(v)));
    let result = ctx
        .results(op)
        .first()
        .map(|&r| is_pointer(ctx.value_type(r)));
    match (operand, result) {
        (Some(from), Some(to)) if from != to && in_logical_module(ctx, op) => {
            Err("casts between a pointer and a non-pointer under `Logical` addressing".into())
        }
        _ => Ok(()),
    }
}

/// Whether the `spirv.module` holding `op` has `Logical` addressing.
fn in_logical_module(ctx: &Context, op: Op) -> bool {
    let mut ancestor = ctx.parent_op(op);
    while let Some(candidate) = ancestor {
        if ctx.op_name_str(candidate) == "spirv.module" {
            return enum_case(ctx, candidate, "addressing_model") == Some("Logical");
        }
        ancestor = ctx.parent_op(candidate);
    }
    false
}

/// Only a variable or a constant carries a `built_in` decoration.
pub(super) fn verify_built_in_target(ctx: &Context, op: Op) -> Checked {
    if ctx.attr(op, "built_in").is_none() {
        return Ok(());
    }
    let name = ctx.op_name_str(op);
    let short = name.strip_prefix("spirv.").unwrap_or(name);
    let takes_it = matches!(
        short,
        "GlobalVariable" | "Variable" | "mlir.spec_constant_op"
    ) || short.starts_with("Constant")
        || short.starts_with("SpecConstant");
    match takes_it {
        true => Ok(()),
        false => Err("a `built_in` decoration names neither a variable nor a constant".into()),
    }
}
