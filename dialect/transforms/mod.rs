//! SPIR-V passes, registered under MLIR's flag names: `--spirv-update-vce`
//! (deduce a module's minimal version/capabilities/extensions) and
//! `--decorate-spirv-composite-type-layout` (Vulkan explicit layout).

mod layout;
mod lower_abi;
mod rewrite_inserts;
mod update_vce;

use crate::ir::pass::{Pass, PassInfo, PassRegistry};
use crate::ir::{Context, Op};

pub use layout::DecorateCompositeTypeLayout;
pub use lower_abi::LowerAbiAttributes;
pub use rewrite_inserts::RewriteInserts;
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

/// Registers a pass that takes no options under `$argument`.
macro_rules! register_plain {
    ($registry:expr, $argument:literal, $description:literal, $pass:expr) => {
        $registry.register(PassInfo {
            argument: $argument,
            description: $description,
            create: |options| {
                no_options($argument, options)?;
                Ok(Box::new($pass) as Box<dyn Pass>)
            },
        })
    };
}

/// Registers every SPIR-V pass.
pub fn register(registry: &mut PassRegistry) {
    register_plain!(
        registry,
        "spirv-update-vce",
        "Deduce and attach minimal (version, capabilities, extensions) requirements to spirv.module ops",
        UpdateVce
    );
    register_plain!(
        registry,
        "spirv-lower-abi-attrs",
        "Lower the shader interface ABI attributes to global variables, entry points and execution modes",
        LowerAbiAttributes
    );
    register_plain!(
        registry,
        "spirv-rewrite-inserts",
        "Rewrite sequential chains of spirv.CompositeInsert operations into spirv.CompositeConstruct operations",
        RewriteInserts
    );
    register_plain!(
        registry,
        "decorate-spirv-composite-type-layout",
        "Decorate SPIR-V composite types in interface storage classes with Vulkan layout",
        DecorateCompositeTypeLayout
    );
}
