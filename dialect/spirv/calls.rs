//! The type rules tying ops to functions and to the symbols they use: a
//! `spirv.func`'s entry block takes its parameters; `spirv.ReturnValue`
//! returns the
//! enclosing function's result type and `spirv.Return` ends only a
//! function without one; `spirv.FunctionCall` passes the callee's
//! parameter types and yields its result type; `spirv.mlir.addressof` has
//! the type of the variable it names, `spirv.mlir.referenceof` that of the
//! specialization constant. Also the condition of
//! `spirv.BranchConditional`, a bool.

use super::type_checks::same_type;
use crate::func::verify_entry_block;
use crate::ir::{Attr, AttrData, Context, Op, Type, TypeData};

/// The inputs and results of the `spirv.func` `function` (`None` when it
/// is not one or has no function type).
fn signature(ctx: &Context, function: Op) -> Option<(&[Type], &[Type])> {
    if ctx.op_name_str(function) != "spirv.func" {
        return None;
    }
    let ty = ctx.as_type_attr(ctx.attr(function, "function_type")?)?;
    match ctx.type_data(ty) {
        TypeData::Function { inputs, results } => Some((inputs, results)),
        _ => None,
    }
}

/// The result types of the function enclosing `op`.
fn enclosing_results(ctx: &Context, op: Op) -> Option<&[Type]> {
    let mut at = ctx.parent_op(op);
    while let Some(parent) = at {
        if let Some((_, results)) = signature(ctx, parent) {
            return Some(results);
        }
        at = ctx.parent_op(parent);
    }
    None
}

/// Whether `types` are `expected`, one by one.
fn all_same(ctx: &Context, types: impl ExactSizeIterator<Item = Type>, expected: &[Type]) -> bool {
    types.len() == expected.len() && types.zip(expected).all(|(a, &b)| same_type(ctx, a, b))
}

/// `spirv.func`: the entry block's arguments are the parameters, one by
/// one (a function without a body is only declared).
pub(super) fn verify_function(ctx: &Context, op: Op) -> Result<(), String> {
    let Some((inputs, _)) = signature(ctx, op) else {
        return Err("requires a function type".into());
    };
    verify_entry_block(ctx, op, inputs, |a, b| same_type(ctx, a, b))
}

/// `spirv.ReturnValue`: the value is of the function's result type.
pub(super) fn verify_return_value(ctx: &Context, op: Op) -> Result<(), String> {
    let returned = ctx.operands(op).map(|v| ctx.value_type(v));
    match enclosing_results(ctx, op) {
        Some(results) if !all_same(ctx, returned, results) => {
            Err("the returned value's type is not the function's result type".into())
        }
        _ => Ok(()),
    }
}

/// `spirv.Return`: the function returns nothing.
pub(super) fn verify_return(ctx: &Context, op: Op) -> Result<(), String> {
    match enclosing_results(ctx, op) {
        Some(results) if !results.is_empty() => {
            Err("cannot be used in functions returning a value".into())
        }
        _ => Ok(()),
    }
}

/// `spirv.BranchConditional`: the condition is a bool.
pub(super) fn verify_condition(ctx: &Context, op: Op) -> Result<(), String> {
    match ctx.operands(op).next() {
        Some(condition) if !ctx.is_bool_type(ctx.value_type(condition)) => {
            Err("the condition is not a bool".into())
        }
        _ => Ok(()),
    }
}

/// `spirv.FunctionCall`: the arguments are of the callee's parameter
/// types and the results of its result types.
pub(super) fn verify_call(
    ctx: &Context,
    op: Op,
    resolve: &mut dyn FnMut(Attr) -> Option<Op>,
) -> Result<(), String> {
    let callee = ctx.attr(op, "callee").and_then(resolve);
    let Some((inputs, results)) = callee.and_then(|f| signature(ctx, f)) else {
        return Err("the callee is not a function".into());
    };
    if !all_same(ctx, ctx.operands(op).map(|v| ctx.value_type(v)), inputs) {
        return Err("the arguments' types are not the callee's parameter types".into());
    }
    let returned = ctx.results(op).iter().map(|&v| ctx.value_type(v));
    match all_same(ctx, returned, results) {
        true => Ok(()),
        false => Err("the results' types are not the callee's result types".into()),
    }
}

/// `spirv.mlir.addressof` and `spirv.mlir.referenceof`: the result has
/// the type of the global variable (its pointer type) or specialization
/// constant the op names.
pub(super) fn verify_reference(
    ctx: &Context,
    op: Op,
    resolve: &mut dyn FnMut(Attr) -> Option<Op>,
) -> Result<(), String> {
    let (name, kinds) = match ctx.op_name_str(op) {
        "spirv.mlir.addressof" => ("variable", "a global variable"),
        _ => ("spec_const", "a specialization constant"),
    };
    let Some(target) = ctx.attr(op, name).and_then(resolve) else {
        return Err(format!("does not name {kinds}"));
    };
    let type_attr = |name| ctx.attr(target, name).and_then(|a| ctx.as_type_attr(a));
    let expected = match ctx.op_name_str(target) {
        "spirv.GlobalVariable" if name == "variable" => type_attr("type"),
        "spirv.SpecConstant" if name == "spec_const" => {
            match ctx.attr(target, "default_value").map(|a| ctx.attr_data(a)) {
                Some(AttrData::Integer { ty, .. } | AttrData::Float { ty, .. }) => Some(*ty),
                _ => None,
            }
        }
        "spirv.SpecConstantComposite" | "spirv.mlir.spec_constant_op" if name == "spec_const" => {
            type_attr("type")
        }
        _ => return Err(format!("does not name {kinds}")),
    };
    let result = ctx.results(op).first().map(|&r| ctx.value_type(r));
    match (result, expected) {
        (Some(result), Some(expected)) if !same_type(ctx, result, expected) => {
            Err("the result's type is not the type of the symbol it names".into())
        }
        _ => Ok(()),
    }
}
