//! `--spirv-update-vce`: replaces each `spirv.module`'s `vce_triple` with the
//! minimal version, capabilities and extensions its ops, enum attributes and
//! types need, chosen within the module's target environment. Capabilities
//! implied by another deduced one are left out. An op the target cannot
//! support is an error naming the op and what it lacks.

use crate::ir::pass::Pass;
use crate::ir::{Context, Diagnostic, Op, WalkControl};
use crate::spirv::attributes::vce_attr;
use crate::target::availability::{lookup_target_env_attr, require_op, target_env_of};
use crate::target::Requirements;

pub struct UpdateVce;

impl Pass for UpdateVce {
    fn argument(&self) -> &'static str {
        "spirv-update-vce"
    }

    fn run(&mut self, ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
        super::each_spirv_module(ctx, op, update_module)
    }
}

fn update_module(ctx: &mut Context, module: Op) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(module);
    let attr = lookup_target_env_attr(ctx, module)
        .ok_or_else(|| Diagnostic::error(loc, "missing 'spirv.target_env' attribute"))?;
    let env = target_env_of(ctx, attr)
        .ok_or_else(|| Diagnostic::error(loc, "'spirv.target_env' is not a #spirv.target_env"))?;
    let mut needs = Requirements::new(&env);
    // Children before parents, so that the innermost offending op is named.
    let mut ops = Vec::new();
    ctx.walk_post(module, &mut |o| {
        ops.push(o);
        WalkControl::Continue
    });
    for op in ops {
        require_op(ctx, op, &mut needs).map_err(|missing| {
            Diagnostic::error(
                ctx.op_loc(op),
                format!(
                    "'{}' is not available in the target environment: {missing}",
                    ctx.op_name_str(op)
                ),
            )
        })?;
    }
    let vce = vce_attr(ctx, &needs.deduce());
    let properties = match ctx.properties(module) {
        Some(dict) => dict,
        None => ctx.empty_dictionary(),
    };
    let key = ctx.ident("vce_triple");
    let properties = ctx.dict_with(properties, key, Some(vce));
    ctx.set_properties(module, Some(properties));
    Ok(())
}
