//! `--spirv-rewrite-inserts`: a chain of `spirv.CompositeInsert`s that
//! fills every element of a composite in order (indices 0, 1, ..., N-1,
//! each inserting into the previous one's result) becomes one
//! `spirv.CompositeConstruct` of the inserted objects, placed where the
//! last insert was. Inserts of the chain left without uses are erased.

use crate::ir::pass::Pass;
use crate::ir::{AttrData, Builder, Context, Diagnostic, Op, Param, Type, TypeData, WalkControl};
use crate::spirv::NAMESPACE;

use super::{build, has_shape, property};

pub struct RewriteInserts;

impl Pass for RewriteInserts {
    fn argument(&self) -> &'static str {
        "spirv-rewrite-inserts"
    }

    fn run(&mut self, ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
        let mut inserts = Vec::new();
        ctx.walk_post(op, &mut |o| {
            if ctx.op_name_str(o) == "spirv.CompositeInsert" {
                inserts.push(o);
            }
            WalkControl::Continue
        });
        let chains: Vec<Vec<Op>> = inserts
            .into_iter()
            .filter_map(|o| insertion_chain(ctx, o))
            .collect();
        for chain in chains {
            rewrite_chain(ctx, &chain);
        }
        Ok(())
    }
}

/// The single index of an insert, or None for nested indices.
fn single_index(ctx: &Context, insert: Op) -> Option<i128> {
    if !has_shape(ctx, insert, 2, 1) {
        return None;
    }
    let indices = property(ctx, insert, "indices")?;
    match ctx.attr_data(indices) {
        AttrData::Array(items) if items.len() == 1 => ctx.as_int_attr(items[0]),
        _ => None,
    }
}

/// How many elements a composite type has.
fn element_count(ctx: &Context, ty: Type) -> Option<i128> {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, .. } => Some(shape.iter().product::<u64>() as i128),
        TypeData::Dialect(d) if ctx.str(d.dialect) == NAMESPACE => {
            match (ctx.str(d.mnemonic), &d.params[..]) {
                ("array", [Param::Int(n), ..]) => Some(*n as i128),
                ("struct", [_, Param::List(members)]) => Some(members.len() as i128),
                ("matrix", [Param::Int(columns), ..]) => Some(*columns as i128),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The inserts of indices 0..N-1 ending at `last` (which inserts index
/// N-1 of an N-element composite), first to last.
fn insertion_chain(ctx: &Context, last: Op) -> Option<Vec<Op>> {
    let mut index = single_index(ctx, last)?;
    let composite = ctx.operand(last, 1);
    let count = element_count(ctx, ctx.value_type(composite))?;
    if index + 1 != count {
        return None;
    }
    let mut chain = vec![last];
    let mut current = last;
    while index > 0 {
        let previous = match ctx.value_def(ctx.operand(current, 1)) {
            crate::ir::ValueDef::Result { op, .. } => op,
            _ => return None,
        };
        index -= 1;
        if ctx.op_name_str(previous) != "spirv.CompositeInsert"
            || single_index(ctx, previous) != Some(index)
        {
            return None;
        }
        chain.push(previous);
        current = previous;
    }
    chain.reverse();
    Some(chain)
}

fn rewrite_chain(ctx: &mut Context, chain: &[Op]) {
    let last = *chain.last().expect("a chain has inserts");
    let result = ctx.result(last, 0);
    let ty = ctx.value_type(result);
    let objects: Vec<_> = chain.iter().map(|&i| ctx.operand(i, 0)).collect();
    let mut builder = Builder::before(last);
    builder.loc = ctx.op_loc(last);
    let construct = build(
        ctx,
        &builder,
        "spirv.CompositeConstruct",
        &objects,
        Vec::new(),
        &[ty],
    );
    let constructed = ctx.result(construct, 0);
    ctx.replace_all_uses(result, constructed);
    for &insert in chain.iter().rev() {
        if ctx.uses(ctx.result(insert, 0)).is_empty() {
            ctx.erase_op(insert);
        }
    }
}
