//! SPIR-V passes, registered under MLIR's flag names: `--spirv-update-vce`
//! (deduce a module's minimal version/capabilities/extensions),
//! `--decorate-spirv-composite-type-layout` (Vulkan explicit layout),
//! `--spirv-lower-abi-attrs` (shader interface ABI to SPIR-V),
//! `--spirv-rewrite-inserts` (insert chains to constructs),
//! `--spirv-unify-aliased-resource` (one variable per binding), and, on a
//! shared greedy rewrite driver, `--spirv-canonicalize-gl` (clamps) and
//! `--spirv-webgpu-prepare` (expansions WGSL needs).

mod canonicalize_gl;
mod greedy;
mod layout;
mod lower_abi;
mod rewrite_inserts;
mod unify_aliased;
mod update_vce;
mod webgpu_prepare;

use crate::ir::pass::{Pass, PassInfo, PassRegistry};
use crate::ir::{Attr, Block, Builder, Context, Diagnostic, Op, OpSpec, Type, Value};

pub use canonicalize_gl::CanonicalizeGl;
pub use layout::DecorateCompositeTypeLayout;
pub use lower_abi::LowerAbiAttributes;
pub use rewrite_inserts::RewriteInserts;
pub use unify_aliased::UnifyAliasedResource;
pub use update_vce::UpdateVce;
pub use webgpu_prepare::WebGpuPrepare;

/// The `spirv.module` ops a pass run on `op` works on: `op` itself, or the
/// ones nested in it.
fn spirv_modules(ctx: &Context, op: Op) -> Vec<Op> {
    ctx.ops_nested_in(op)
        .into_iter()
        .filter(|&o| ctx.op_name_str(o) == "spirv.module")
        .collect()
}

/// An inherent attribute (property) of `op`, or a discardable one.
fn property(ctx: &Context, op: Op, name: &str) -> Option<Attr> {
    ctx.properties(op)
        .and_then(|p| ctx.dict_get(p, name))
        .or_else(|| ctx.attr(op, name))
}

/// Sets (or with None removes) the property `name` of `op`.
fn set_property(ctx: &mut Context, op: Op, name: &str, value: Option<Attr>) {
    let properties = match ctx.properties(op) {
        Some(dict) => dict,
        None => ctx.empty_dictionary(),
    };
    let key = ctx.ident(name);
    let properties = ctx.dict_with(properties, key, value);
    ctx.set_properties(op, Some(properties));
}

/// The first block of `op`'s first region.
fn body(ctx: &Context, op: Op) -> Option<Block> {
    let region = *ctx.regions(op).first()?;
    ctx.region_blocks(region).first().copied()
}

/// Creates an op with properties at the builder's point.
fn build(
    ctx: &mut Context,
    builder: &Builder,
    name: &str,
    operands: &[Value],
    properties: Vec<(&str, Attr)>,
    result_types: &[Type],
) -> Op {
    let mut spec = OpSpec::new(ctx.ident(name), builder.loc);
    spec.operands = operands.to_vec();
    spec.result_types = result_types.to_vec();
    if !properties.is_empty() {
        let entries = properties
            .into_iter()
            .map(|(k, v)| (ctx.ident(k), v))
            .collect();
        spec.properties = Some(ctx.dictionary_attr(entries));
    }
    builder.create_from(ctx, spec)
}

/// Runs `lower` on each `spirv.module` at or under `op`.
fn each_spirv_module(
    ctx: &mut Context,
    op: Op,
    lower: fn(&mut Context, Op) -> Result<(), Diagnostic>,
) -> Result<(), Diagnostic> {
    for module in spirv_modules(ctx, op) {
        lower(ctx, module)?;
    }
    Ok(())
}

/// Whether `op` has `operands` operands and `results` results (generic
/// text may give an op any number; the passes look only at well-formed ones).
fn has_shape(ctx: &Context, op: Op, operands: usize, results: usize) -> bool {
    ctx.num_operands(op) == operands && ctx.results(op).len() == results
}

/// The op whose result `value` is, if any.
fn defining_op(ctx: &Context, value: Value) -> Option<Op> {
    match ctx.value_def(value) {
        crate::ir::ValueDef::Result { op, .. } => Some(op),
        _ => None,
    }
}

/// `!spirv.ptr<pointee, class>`.
fn pointer_type(ctx: &mut Context, pointee: Type, class: &str) -> Type {
    let class = ctx.ident(class);
    ctx.dialect_type(
        crate::spirv::NAMESPACE,
        "ptr",
        vec![
            crate::ir::Param::Type(pointee),
            crate::ir::Param::Ident(class),
        ],
    )
}

/// The `sym_name` of a symbol op ("" when it has none).
fn symbol_name(ctx: &Context, op: Op) -> String {
    property(ctx, op, "sym_name")
        .and_then(|a| ctx.as_string_attr(a))
        .unwrap_or_default()
        .to_string()
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
        "spirv-canonicalize-gl",
        "Canonicalize GLSL ops: clamps written as selects over comparisons",
        CanonicalizeGl
    );
    register_plain!(
        registry,
        "spirv-webgpu-prepare",
        "Prepare SPIR-V to target WebGPU by expanding unsupported ops and replacing with supported ones",
        WebGpuPrepare
    );
    register_plain!(
        registry,
        "spirv-unify-aliased-resource",
        "Unify access of multiple aliased resources into access of one single resource",
        UnifyAliasedResource
    );
    register_plain!(
        registry,
        "decorate-spirv-composite-type-layout",
        "Decorate SPIR-V composite types in interface storage classes with Vulkan layout",
        DecorateCompositeTypeLayout
    );
}
