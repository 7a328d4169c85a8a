//! The spirv dialect's structure ops as the framework sees them: traits
//! (module and function isolation, symbols, terminators) and which branch
//! operands feed successor blocks. Ops that refer to symbols are declared so
//! the verifier resolves their references.

use super::calls::{
    verify_call, verify_condition, verify_function, verify_reference, verify_return,
    verify_return_value,
};
use super::control_flow::{verify_loop, verify_merge, verify_selection};
use super::entry_points::{verify_entry_point, verify_execution_mode};
use super::formats_support::constant_fits;
use super::op_table::verify_attributes;
use crate::ir::registry::{segmented_successor_operands, VerifyFn};
use crate::ir::{Context, OpTraits};

const MODULE: OpTraits = OpTraits::ISOLATED_FROM_ABOVE
    .union(OpTraits::SYMBOL_TABLE)
    .union(OpTraits::NO_TERMINATOR)
    .union(OpTraits::SINGLE_BLOCK)
    .union(OpTraits::SYMBOL);

/// Every declared op with its traits.
const OPS: &[(&str, OpTraits)] = &[
    ("spirv.module", MODULE),
    (
        "spirv.func",
        OpTraits::ISOLATED_FROM_ABOVE.union(OpTraits::SYMBOL),
    ),
    ("spirv.GlobalVariable", OpTraits::SYMBOL),
    ("spirv.SpecConstant", OpTraits::SYMBOL),
    ("spirv.SpecConstantComposite", OpTraits::SYMBOL),
    (
        "spirv.mlir.spec_constant_op",
        OpTraits::SYMBOL.union(OpTraits::SINGLE_BLOCK),
    ),
    ("spirv.SpecConstantOperation", OpTraits::SINGLE_BLOCK),
    ("spirv.mlir.yield", OpTraits::TERMINATOR),
    ("spirv.mlir.addressof", OpTraits::NONE),
    ("spirv.mlir.referenceof", OpTraits::NONE),
    ("spirv.EntryPoint", OpTraits::NONE),
    ("spirv.ExecutionMode", OpTraits::NONE),
    ("spirv.ExecutionModeId", OpTraits::NONE),
    ("spirv.FunctionCall", OpTraits::NONE),
    ("spirv.mlir.selection", OpTraits::NONE),
    ("spirv.mlir.loop", OpTraits::NONE),
    ("spirv.Return", OpTraits::TERMINATOR),
    ("spirv.ReturnValue", OpTraits::TERMINATOR),
    ("spirv.Unreachable", OpTraits::TERMINATOR),
    ("spirv.Kill", OpTraits::TERMINATOR),
    ("spirv.mlir.merge", OpTraits::TERMINATOR),
    ("spirv.Switch", OpTraits::TERMINATOR),
    ("spirv.Branch", OpTraits::TERMINATOR),
    ("spirv.BranchConditional", OpTraits::TERMINATOR),
];

/// Declared ops that define no value.
const WITHOUT_RESULTS: &[&str] = &[
    "spirv.module",
    "spirv.func",
    "spirv.GlobalVariable",
    "spirv.SpecConstant",
    "spirv.SpecConstantComposite",
    "spirv.mlir.spec_constant_op",
    "spirv.mlir.yield",
    "spirv.EntryPoint",
    "spirv.ExecutionMode",
    "spirv.ExecutionModeId",
    "spirv.Return",
    "spirv.ReturnValue",
    "spirv.Unreachable",
    "spirv.Kill",
    "spirv.mlir.merge",
    "spirv.Switch",
    "spirv.Branch",
    "spirv.BranchConditional",
];

/// The region-shape rules of the structured control flow ops, the type
/// rules of functions, returns and conditional branches; the required attributes of
/// the others.
fn verifier(name: &str) -> Option<VerifyFn> {
    match name {
        "spirv.mlir.selection" => Some(verify_selection),
        "spirv.mlir.loop" => Some(verify_loop),
        "spirv.mlir.merge" => Some(|ctx, op| {
            verify_without_results(ctx, op)?;
            verify_merge(ctx, op)
        }),
        "spirv.GlobalVariable" => Some(|ctx, op| {
            verify_without_results(ctx, op)?;
            verify_attributes(ctx, op)?;
            verify_global_storage(ctx, op)?;
            verify_initial_value(ctx, op)
        }),
        "spirv.func" => Some(|ctx, op| {
            verify_without_results(ctx, op)?;
            verify_attributes(ctx, op)?;
            verify_function(ctx, op)
        }),
        "spirv.ReturnValue" => Some(|ctx, op| {
            verify_without_results(ctx, op)?;
            verify_return_value(ctx, op)
        }),
        "spirv.Return" => Some(|ctx, op| {
            verify_without_results(ctx, op)?;
            verify_return(ctx, op)
        }),
        "spirv.BranchConditional" => Some(|ctx, op| {
            verify_without_results(ctx, op)?;
            verify_attributes(ctx, op)?;
            verify_condition(ctx, op)
        }),
        _ if WITHOUT_RESULTS.contains(&name) => Some(|ctx, op| {
            verify_without_results(ctx, op)?;
            verify_attributes(ctx, op)
        }),
        _ => Some(verify_attributes),
    }
}

/// A global variable's type is a pointer, to storage other than a
/// function's.
fn verify_global_storage(ctx: &Context, op: crate::ir::Op) -> Result<(), String> {
    let variable_type = ctx.attr(op, "type").and_then(|t| ctx.as_type_attr(t));
    let data_type = ctx.attr(op, "data_type");
    let class = variable_type.and_then(|t| super::types::pointer_class(ctx, t));
    let untyped = variable_type.and_then(|t| super::types::as_untyped_pointer(ctx, t));
    if data_type.is_some_and(|t| untyped.is_none() || ctx.as_type_attr(t).is_none()) {
        return Err("`data_type` is a type, given with an untyped pointer only".into());
    }
    match class {
        Some("Function") => Err("storage class cannot be 'Function'".into()),
        Some(_) => Ok(()),
        None => Err("type must be a pointer".into()),
    }
}

/// A global variable's constant initializer (`initial_value`) is a value
/// of the type the variable points to, and comes without a symbol
/// `initializer`.
fn verify_initial_value(ctx: &Context, op: crate::ir::Op) -> Result<(), String> {
    let Some(value) = ctx.attr(op, "initial_value") else {
        return Ok(());
    };
    if ctx.attr(op, "initializer").is_some() {
        return Err("has both an `initializer` and an `initial_value`".into());
    }
    let variable_type = ctx.attr(op, "type").and_then(|t| ctx.as_type_attr(t));
    let typed = variable_type.and_then(|t| super::types::as_pointer(ctx, t));
    // An untyped variable's value is of its data type.
    let data_type = ctx.attr(op, "data_type").and_then(|t| ctx.as_type_attr(t));
    let Some(pointee) = typed.map(|(pointee, _)| pointee).or(data_type) else {
        return Err("`initial_value` on a variable whose type is not a pointer".into());
    };
    match constant_fits(ctx, value, pointee) {
        true => Ok(()),
        false => Err("`initial_value` is not a value of the type the variable points to".into()),
    }
}

fn verify_without_results(ctx: &Context, op: crate::ir::Op) -> Result<(), String> {
    match ctx.results(op).len() {
        0 => Ok(()),
        n => Err(format!("requires zero results, but found {n}")),
    }
}

/// Registers the ops.
pub fn register_ops(ctx: &mut Context) {
    for &(name, traits) in OPS {
        ctx.register_op(name, traits, verifier(name));
    }
    ctx.register_successor_operands("spirv.Branch", |ctx, op, _| 0..ctx.num_operands(op));
    ctx.register_successor_operands("spirv.BranchConditional", segmented_successor_operands);
    ctx.register_symbol_uses("spirv.FunctionCall", verify_call);
    ctx.register_symbol_uses("spirv.mlir.addressof", verify_reference);
    ctx.register_symbol_uses("spirv.mlir.referenceof", verify_reference);
    ctx.register_symbol_uses("spirv.EntryPoint", verify_entry_point);
    ctx.register_symbol_uses("spirv.ExecutionMode", verify_execution_mode);
    ctx.register_symbol_uses("spirv.ExecutionModeId", verify_execution_mode);
}
