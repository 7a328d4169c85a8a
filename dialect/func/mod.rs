//! The `func` dialect's core: `func.func` (an isolated symbol with a
//! function type and an optional body), `func.return` and `func.call`, with
//! their verifiers and MLIR's custom forms.

use crate::ir::{Context, Op, OpTraits, Type};
use crate::text::Syntax;

pub const FUNC: &str = "func.func";
pub const RETURN: &str = "func.return";
pub const CALL: &str = "func.call";

/// Registers the ops.
pub fn register_ops(ctx: &mut Context) {
    ctx.register_op(
        FUNC,
        OpTraits::ISOLATED_FROM_ABOVE | OpTraits::SYMBOL,
        Some(verify_func),
    );
    ctx.register_op(RETURN, OpTraits::TERMINATOR, Some(verify_return));
    ctx.register_op(CALL, OpTraits::NONE, Some(verify_call));
}

/// Registers the ops' custom forms.
pub fn register_syntax(syntax: &mut Syntax) -> Result<(), String> {
    syntax.set_default_dialect(FUNC, "func");
    syntax.add_format(
        FUNC,
        "visibility($sym_visibility) symbol($sym_name) function-signature($function_type) attr-dict-with-keyword region",
    )?;
    syntax.add_format(RETURN, "attr-dict (operands `:` type(operands))?")?;
    syntax.add_format(
        CALL,
        "$callee `(` operands `)` attr-dict `:` functional-type(operands, results)",
    )
}

/// The function type of a `func.func`-like op.
fn function_type(ctx: &Context, op: Op) -> Result<(Vec<Type>, Vec<Type>), String> {
    let ty = ctx
        .attr(op, "function_type")
        .and_then(|a| ctx.as_type_attr(a))
        .ok_or("requires a 'function_type' type attribute")?;
    let (inputs, results) = ctx
        .as_function(ty)
        .ok_or("requires 'function_type' to be a function type")?;
    Ok((inputs.to_vec(), results.to_vec()))
}

fn verify_func(ctx: &Context, op: Op) -> Result<(), String> {
    let (inputs, _) = function_type(ctx, op)?;
    if ctx.symbol_name(op).is_none() {
        return Err("requires a 'sym_name' string attribute".into());
    }
    let Some(&body) = ctx.regions(op).first() else {
        return Err("requires one region".into());
    };
    let visibility = ctx
        .attr(op, "sym_visibility")
        .and_then(|a| ctx.as_string_attr(a));
    if ctx.region_blocks(body).is_empty() && matches!(visibility, None | Some("public")) {
        return Err("symbol declaration cannot have public visibility".into());
    }
    if !ctx.results(op).is_empty() {
        return Err("requires zero results".into());
    }
    verify_entry_block(ctx, op, &inputs, |a, b| a == b)
}

/// A function's entry block (where it has a body) takes its parameters,
/// `inputs`, one by one: of the same types by `same`.
pub(crate) fn verify_entry_block(
    ctx: &Context,
    function: Op,
    inputs: &[Type],
    same: impl Fn(Type, Type) -> bool,
) -> Result<(), String> {
    let entry = ctx.regions(function).first();
    let Some(&entry) = entry.and_then(|&r| ctx.region_blocks(r).first()) else {
        return Ok(());
    };
    let args = ctx.block_args(entry);
    if args.len() != inputs.len() {
        return Err(format!(
            "entry block must have {} arguments to match function signature",
            inputs.len()
        ));
    }
    for (i, (&arg, &ty)) in args.iter().zip(inputs).enumerate() {
        if !same(ctx.value_type(arg), ty) {
            return Err(format!(
                "type of entry block argument #{i} must match the signature"
            ));
        }
    }
    Ok(())
}

fn verify_return(ctx: &Context, op: Op) -> Result<(), String> {
    let parent = ctx.parent_op(op).filter(|&p| ctx.op_name_str(p) == FUNC);
    let Some(parent) = parent else {
        return Err("expects parent op 'func.func'".into());
    };
    if !ctx.results(op).is_empty() {
        return Err("requires zero results".into());
    }
    let (_, results) = function_type(ctx, parent)?;
    let operands: Vec<_> = ctx.operands(op).map(|v| ctx.value_type(v)).collect();
    if operands.len() != results.len() {
        return Err(format!(
            "has {} operands, but enclosing function returns {}",
            operands.len(),
            results.len()
        ));
    }
    if let Some(i) = operands.iter().zip(&results).position(|(a, b)| a != b) {
        return Err(format!(
            "type of return operand {i} doesn't match function result type"
        ));
    }
    Ok(())
}

fn verify_call(ctx: &Context, op: Op) -> Result<(), String> {
    let callee = ctx
        .attr(op, "callee")
        .ok_or("requires a 'callee' symbol reference attribute")?;
    let Some(target) = ctx.resolve_symbol_ref(op, callee) else {
        return Err("callee does not reference a valid function".into());
    };
    if ctx.op_name_str(target) != FUNC {
        return Err("callee does not reference a 'func.func'".into());
    }
    let (inputs, results) = function_type(ctx, target)?;
    let operands: Vec<_> = ctx.operands(op).map(|v| ctx.value_type(v)).collect();
    let produced: Vec<_> = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
    if operands != inputs {
        return Err("operand types do not match the callee's signature".into());
    }
    if produced != results {
        return Err("result types do not match the callee's signature".into());
    }
    Ok(())
}
