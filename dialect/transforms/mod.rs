//! SPIR-V passes, registered under MLIR's flag names: `--spirv-update-vce`
//! (deduce a module's minimal version/capabilities/extensions) and
//! `--decorate-spirv-composite-type-layout` (Vulkan explicit layout).

mod layout;
mod update_vce;

use crate::ir::pass::{Pass, PassInfo, PassRegistry};
use crate::ir::{Context, Op};

pub use layout::DecorateCompositeTypeLayout;
pub use update_vce::UpdateVce;

/// The `spirv.module` ops a pass run on `op` works on: `op` itself, or the
/// ones nested in it.
fn spirv_modules(ctx: &Context, op: Op) -> Vec<Op> {
    ctx.ops_nested_in(op)
        .into_iter()
        .filter(|&o| ctx.op_name_str(o) == "spirv.module")
        .collect()
}

fn no_options(name: &str, options: &str) -> Result<(), String> {
    if options.trim().is_empty() {
        Ok(())
    } else {
        Err(format!("pass `{name}` takes no options, got `{options}`"))
    }
}

/// Registers every SPIR-V pass.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        argument: "spirv-update-vce",
        description: "Deduce and attach minimal (version, capabilities, extensions) requirements to spirv.module ops",
        create: |options| {
            no_options("spirv-update-vce", options)?;
            Ok(Box::new(UpdateVce) as Box<dyn Pass>)
        },
    });
    registry.register(PassInfo {
        argument: "decorate-spirv-composite-type-layout",
        description:
            "Decorate SPIR-V composite types in interface storage classes with Vulkan layout",
        create: |options| {
            no_options("decorate-spirv-composite-type-layout", options)?;
            Ok(Box::new(DecorateCompositeTypeLayout) as Box<dyn Pass>)
        },
    });
}
