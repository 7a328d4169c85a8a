//! A small greedy pattern-rewrite driver shared by the rewrite passes
//! (`--spirv-canonicalize-gl`, `--spirv-webgpu-prepare`), ordered the way
//! MLIR's greedy driver orders its work so that results print alike:
//!
//! - first, in program order, every `spirv.Constant` is made unique within
//!   its function (a repeat is replaced by the first) and moved to the top
//!   of the function's entry block unless it already heads it (or follows
//!   a constant that does);
//! - then ops are visited from the last to the first: a side-effect-free
//!   op whose results are unused is erased (and the ops defining its
//!   operands are visited again), a `spirv.CompositeExtract` of a
//!   `spirv.CompositeConstruct` folds to the constructed element, and
//!   otherwise the patterns are tried in turn; the ops a pattern creates
//!   and the users of the values it replaced are visited next, the last
//!   created first (constants among them stay where they
//!   were created until the next sweep);
//! - the whole is repeated until a sweep changes nothing.

use std::collections::{HashMap, HashSet};

use crate::grammar::Op as GrammarOp;
use crate::ir::{Attr, Builder, Context, Op, OpTraits, Type, Value};

use super::{build, defining_op, has_shape, property};

/// Creates ops before the op being rewritten and remembers them.
pub(super) struct Rewriter {
    builder: Builder,
    created: Vec<Op>,
}

impl Rewriter {
    fn new(ctx: &Context, root: Op) -> Self {
        let mut builder = Builder::before(root);
        builder.loc = ctx.op_loc(root);
        Rewriter {
            builder,
            created: Vec::new(),
        }
    }

    /// Creates `name` with `operands`, `properties` and one result of type
    /// `result`; returns the result.
    pub fn create(
        &mut self,
        ctx: &mut Context,
        name: &str,
        operands: &[Value],
        properties: Vec<(&str, Attr)>,
        result: Type,
    ) -> Value {
        let op = build(ctx, &self.builder, name, operands, properties, &[result]);
        self.created.push(op);
        ctx.result(op, 0)
    }

    /// A `spirv.Constant` holding `value` of type `ty`.
    pub fn constant(&mut self, ctx: &mut Context, value: Attr, ty: Type) -> Value {
        self.create(ctx, "spirv.Constant", &[], vec![("value", value)], ty)
    }
}

/// A rewrite: given an op, either leaves the IR alone and returns None, or
/// creates ops through the rewriter and returns the values replacing the
/// op's results.
pub(super) type Pattern = fn(&mut Context, Op, &mut Rewriter) -> Option<Vec<Value>>;

/// Whether an op has no side effects, so that it may go once unused.
fn is_pure(ctx: &Context, op: Op) -> bool {
    let name = ctx.op_name_str(op);
    if matches!(
        name,
        "spirv.Constant" | "spirv.mlir.addressof" | "spirv.AccessChain" | "spirv.Undef"
    ) {
        return true;
    }
    let Some(grammar_op) = GrammarOp::from_name(name) else {
        return false;
    };
    matches!(
        grammar_op.info().class,
        "Arithmetic"
            | "Bit"
            | "Relational_and_Logical"
            | "Conversion"
            | "Composite"
            | "GLSL.std.450"
            | "OpenCL.std"
    )
}

fn is_dead(ctx: &Context, op: Op) -> bool {
    is_pure(ctx, op) && ctx.results(op).iter().all(|&r| ctx.uses(r).is_empty())
}

/// The constants kept so far, by function, value and type.
#[derive(Default)]
struct Constants {
    kept: HashMap<(Op, Attr, Type), Op>,
    owned: HashSet<Op>,
}

impl Constants {
    /// The nearest isolated ancestor of `op` (a function) and its entry block.
    fn scope(ctx: &Context, op: Op) -> Option<(Op, crate::ir::Block)> {
        let mut current = ctx.parent_op(op);
        while let Some(o) = current {
            let isolated = ctx
                .op_info(ctx.op_name(o))
                .is_some_and(|i| i.traits.contains(OpTraits::ISOLATED_FROM_ABOVE));
            if isolated {
                return Some((o, super::body(ctx, o)?));
            }
            current = ctx.parent_op(o);
        }
        None
    }

    fn is_kept(&self, ctx: &Context, op: Op) -> bool {
        ctx.op_name_str(op) == "spirv.Constant" && self.owned.contains(&op)
    }

    /// Makes `constant` unique and hoisted; returns false when it was
    /// replaced by an earlier one (and erased).
    fn insert(&mut self, ctx: &mut Context, constant: Op) -> bool {
        let Some((scope, entry)) = Self::scope(ctx, constant) else {
            return true;
        };
        let Some(value) = property(ctx, constant, "value") else {
            return true;
        };
        // The operands of an op a spirv.SpecConstantOperation wraps stay
        // just before it: serialization reads them there.
        let wrapped_use = (ctx.uses(ctx.result(constant, 0)).iter()).any(|u| {
            ctx.parent_op(u.op)
                .is_some_and(|p| ctx.op_name_str(p) == "spirv.SpecConstantOperation")
        });
        if wrapped_use {
            return true;
        }
        let ty = ctx.value_type(ctx.result(constant, 0));
        if let Some(&existing) = self.kept.get(&(scope, value, ty)) {
            if existing != constant {
                let (from, to) = (ctx.result(constant, 0), ctx.result(existing, 0));
                ctx.replace_all_uses(from, to);
                ctx.erase_op(constant);
                return false;
            }
            return true;
        }
        let heads = ctx.parent_block(constant) == Some(entry)
            && match ctx.prev_op(constant) {
                None => true,
                Some(prev) => self.is_kept(ctx, prev),
            };
        if !heads {
            if let Some(first) = ctx.first_op(entry) {
                ctx.move_op_before(constant, first);
            }
        }
        self.kept.insert((scope, value, ty), constant);
        self.owned.insert(constant);
        true
    }
}

/// Folds `spirv.CompositeExtract` of a `spirv.CompositeConstruct` (one
/// index, one constituent per element) to the constituent.
fn fold(ctx: &Context, op: Op) -> Option<Value> {
    if ctx.op_name_str(op) != "spirv.CompositeExtract" || !has_shape(ctx, op, 1, 1) {
        return None;
    }
    let indices = property(ctx, op, "indices")?;
    let crate::ir::AttrData::Array(indices) = ctx.attr_data(indices) else {
        return None;
    };
    let [index] = indices[..] else { return None };
    let index = usize::try_from(ctx.as_int_attr(index)?).ok()?;
    let construct = defining_op(ctx, ctx.operand(op, 0))?;
    if ctx.op_name_str(construct) != "spirv.CompositeConstruct" {
        return None;
    }
    let element = ctx.operands(construct).nth(index)?;
    (ctx.value_type(element) == ctx.value_type(ctx.result(op, 0))).then_some(element)
}

/// Erases `op`, queueing the ops that defined its operands.
fn erase(ctx: &mut Context, op: Op, worklist: &mut Vec<Op>) {
    let defs: Vec<Op> = ctx
        .operands(op)
        .filter_map(|v| defining_op(ctx, v))
        .collect();
    ctx.erase_op(op);
    worklist.extend(defs);
}

/// Replaces the results of `op` by `values` and erases it.
fn replace(ctx: &mut Context, op: Op, values: &[Value], worklist: &mut Vec<Op>) {
    for (from, &to) in ctx.results(op).to_vec().into_iter().zip(values) {
        worklist.extend(ctx.uses(from).iter().map(|u| u.op));
        ctx.replace_all_uses(from, to);
    }
    erase(ctx, op, worklist);
}

/// One sweep; returns whether anything changed.
fn sweep(ctx: &mut Context, root: Op, patterns: &[Pattern]) -> bool {
    let mut constants = Constants::default();
    let mut changed = false;
    let mut worklist = Vec::new();
    for op in ctx.ops_nested_in(root) {
        if op == root {
            continue;
        }
        if ctx.op_name_str(op) == "spirv.Constant" && has_shape(ctx, op, 0, 1) {
            let before = (ctx.parent_block(op), ctx.prev_op(op));
            if !constants.insert(ctx, op) {
                changed = true;
                continue;
            }
            changed |= before != (ctx.parent_block(op), ctx.prev_op(op));
        }
        worklist.push(op);
    }
    // Children come after parents in `ops_nested_in`; visit the last first.
    while let Some(op) = worklist.pop() {
        if ctx.parent_block(op).is_none() {
            continue; // erased
        }
        if is_dead(ctx, op) {
            erase(ctx, op, &mut worklist);
            changed = true;
            continue;
        }
        if ctx.op_name_str(op) == "spirv.Constant" {
            continue;
        }
        if let Some(value) = fold(ctx, op) {
            replace(ctx, op, &[value], &mut worklist);
            changed = true;
            continue;
        }
        for pattern in patterns {
            let mut rewriter = Rewriter::new(ctx, op);
            let Some(values) = pattern(ctx, op, &mut rewriter) else {
                continue;
            };
            replace(ctx, op, &values, &mut worklist);
            worklist.extend(&rewriter.created);
            changed = true;
            break;
        }
    }
    changed
}

/// Applies `patterns` under `root` until nothing changes (at most ten
/// sweeps, as MLIR's driver).
pub(super) fn apply_patterns(ctx: &mut Context, root: Op, patterns: &[Pattern]) {
    for _ in 0..10 {
        if !sweep(ctx, root, patterns) {
            break;
        }
    }
}
