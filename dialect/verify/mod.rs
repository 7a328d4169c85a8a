//! The structural verifier: op-specific rules from the registry, block
//! terminators, successors, region shapes, SSA dominance and region
//! isolation, symbol-table uniqueness and symbol-reference resolution. Every
//! failure is a diagnostic at the offending op naming the op and the rule.

mod dominance;
mod structure;
mod symbols;

use crate::ir::{Context, Diagnostic, Op};

/// Verifies `op` and everything nested in it; returns the first failure.
pub fn verify(ctx: &Context, op: Op) -> Result<(), Diagnostic> {
    structure::verify_structure(ctx, op)?;
    dominance::verify_dominance(ctx, op)?;
    symbols::verify_symbols(ctx, op)
}

/// `'name' op message` at the op's location.
pub(crate) fn op_error(ctx: &Context, op: Op, message: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(
        ctx.op_loc(op),
        format!("'{}' op {message}", ctx.op_name_str(op)),
    )
}
