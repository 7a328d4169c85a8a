//! `--spirv-canonicalize-gl`: recognises clamps written as two selects over
//! comparisons and turns them into GLSL.std.450 clamps:
//! `select(cmp(select(cmp(min, x), x, min), max), <that select>, max)`
//! becomes `spirv.GL.FClamp`/`SClamp`/`UClamp(x, min, max)` where both `cmp`
//! are the same of `FOrdLessThan[Equal]`, `SLessThan[Equal]`,
//! `ULessThan[Equal]`. Runs on the greedy driver, so unused pure ops go
//! and constants are made unique and hoisted.

use crate::ir::pass::Pass;
use crate::ir::{Context, Diagnostic, Op, Value, ValueDef};

use super::greedy::{apply_patterns, Pattern, Rewriter};
use super::has_shape;

pub struct CanonicalizeGl;

impl Pass for CanonicalizeGl {
    fn argument(&self) -> &'static str {
        "spirv-canonicalize-gl"
    }

    fn run(&mut self, ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
        let patterns: [Pattern; 1] = [clamp];
        apply_patterns(ctx, op, &patterns);
        Ok(())
    }
}

/// The clamp a comparison op stands for.
fn clamp_for(comparison: &str) -> Option<&'static str> {
    match comparison {
        "spirv.FOrdLessThan" | "spirv.FOrdLessThanEqual" => Some("spirv.GL.FClamp"),
        "spirv.SLessThan" | "spirv.SLessThanEqual" => Some("spirv.GL.SClamp"),
        "spirv.ULessThan" | "spirv.ULessThanEqual" => Some("spirv.GL.UClamp"),
        _ => None,
    }
}

/// `(condition-op, true value, false value)` of a `spirv.Select` result.
fn select_parts(ctx: &Context, value: Value) -> Option<(Op, Value, Value)> {
    let ValueDef::Result { op, .. } = ctx.value_def(value) else {
        return None;
    };
    select_of(ctx, op)
}

fn select_of(ctx: &Context, op: Op) -> Option<(Op, Value, Value)> {
    if ctx.op_name_str(op) != "spirv.Select" || !has_shape(ctx, op, 3, 1) {
        return None;
    }
    let ValueDef::Result { op: condition, .. } = ctx.value_def(ctx.operand(op, 0)) else {
        return None;
    };
    Some((condition, ctx.operand(op, 1), ctx.operand(op, 2)))
}

fn compared(ctx: &Context, comparison: Op) -> Option<(Value, Value)> {
    has_shape(ctx, comparison, 2, 1)
        .then(|| (ctx.operand(comparison, 0), ctx.operand(comparison, 1)))
}

/// `(x, min, max, clamp op)` when `root` has the clamp shape. Mirrored
/// shapes (`select(cmp(max, middle), max, middle)` and the like) are left
/// alone, as mlir-opt-19 leaves them.
fn clamp_operands(ctx: &Context, root: Op) -> Option<(Value, Value, Value, &'static str)> {
    let (outer_cmp, on_true, on_false) = select_of(ctx, root)?;
    let kind = ctx.op_name_str(outer_cmp);
    let clamp = clamp_for(kind)?;
    let (lhs, rhs) = compared(ctx, outer_cmp)?;
    if (on_true, on_false) != (lhs, rhs) {
        return None;
    }
    let same_kind = |cmp: Op| ctx.op_name_str(cmp) == kind;
    // select(cmp(middle, max), middle, max), middle = select(cmp(min, x), x, min)
    if let Some((inner_cmp, x, min)) = select_parts(ctx, lhs) {
        if same_kind(inner_cmp) && compared(ctx, inner_cmp) == Some((min, x)) {
            return Some((x, min, rhs, clamp));
        }
    }
    None
}

fn clamp(ctx: &mut Context, root: Op, rewriter: &mut Rewriter) -> Option<Vec<Value>> {
    let (x, min, max, clamp) = clamp_operands(ctx, root)?;
    let ty = ctx.value_type(ctx.result(root, 0));
    Some(vec![rewriter.create(
        ctx,
        clamp,
        &[x, min, max],
        Vec::new(),
        ty,
    )])
}
