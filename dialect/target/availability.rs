//! Availability of IR ops: what a `spirv.*` op needs from a target
//! environment — its own grammar record, the records of the enum attributes
//! it carries (`#spirv.scope<QueueFamily>`), and hand-written rules for the
//! types it uses (bit widths, storage classes, matrices, images, cooperative
//! matrices) — and where the target environment of an op comes from.

use super::{Missing, Requirements, TargetEnv};
use crate::grammar::{Availability, Capability, Category, Op};
use crate::ir::{Attr, AttrData, Context, Param, Type, TypeData};
use crate::spirv::types::{as_pointer, Member};
use crate::spirv::{attributes::vce_of, enum_kind, non_semantic, NAMESPACE};

/// The attribute name a target environment is attached under.
pub const TARGET_ENV_ATTR: &str = "spirv.target_env";

/// The nearest `spirv.target_env` attribute on `op` or its ancestors.
pub fn lookup_target_env_attr(ctx: &Context, op: crate::ir::Op) -> Option<Attr> {
    let mut current = Some(op);
    while let Some(o) = current {
        if let Some(attr) = ctx.attr(o, TARGET_ENV_ATTR) {
            return Some(attr);
        }
        current = ctx.parent_op(o);
    }
    None
}

/// A `#spirv.target_env` attribute as plain data (its VCE; the device and
/// limits keep their defaults unless given).
pub fn target_env_of(ctx: &Context, attr: Attr) -> Option<TargetEnv> {
    let AttrData::Dialect(d) = ctx.attr_data(attr) else {
        return None;
    };
    if ctx.str(d.dialect) != NAMESPACE || ctx.str(d.mnemonic) != "target_env" {
        return None;
    }
    let Some(Param::Attr(vce)) = d.params.first() else {
        return None;
    };
    let mut env = TargetEnv::new(vce_of(ctx, *vce)?);
    if let Some(Param::Ident(api)) = d.params.get(1) {
        env.client_api = match ctx.str(*api) {
            "Metal" => super::ClientApi::Metal,
            "OpenCL" => super::ClientApi::OpenCL,
            "Vulkan" => super::ClientApi::Vulkan,
            "WebGPU" => super::ClientApi::WebGPU,
            _ => super::ClientApi::Unknown,
        };
    }
    Some(env)
}

/// The target environment that applies at `op`, or MLIR's default.
pub fn lookup_target_env_or_default(ctx: &Context, op: crate::ir::Op) -> TargetEnv {
    lookup_target_env_attr(ctx, op)
        .and_then(|attr| target_env_of(ctx, attr))
        .unwrap_or_default()
}

/// The grammar record of `case` of the enum an attribute mnemonic names
/// (every set flag of a bit enum), or None for attributes that are no enum.
fn enum_records(ctx: &Context, attr: Attr) -> Option<Vec<(String, &'static Availability)>> {
    let AttrData::Dialect(d) = ctx.attr_data(attr) else {
        return None;
    };
    if ctx.str(d.dialect) != NAMESPACE {
        return None;
    }
    let kind = enum_kind(ctx.str(d.mnemonic))?.info();
    let [Param::Ident(case)] = &d.params[..] else {
        return None;
    };
    let text = ctx.str(*case);
    let cases: Vec<&str> = match kind.category {
        Category::BitEnum => text.split('|').collect(),
        _ => vec![text],
    };
    Some(
        cases
            .into_iter()
            .filter_map(|c| kind.enumerant_named(c))
            .map(|e| (format!("{} {}", kind.name, e.name), &e.availability))
            .collect(),
    )
}

/// Records what an enum attribute needs; other attributes need nothing
/// (arrays and dictionaries are searched for enum attributes).
pub fn require_attr(ctx: &Context, attr: Attr, needs: &mut Requirements) -> Result<(), Missing> {
    if let Some(records) = enum_records(ctx, attr) {
        for (what, availability) in records {
            needs.require(&what, availability)?;
        }
        return Ok(());
    }
    match ctx.attr_data(attr) {
        AttrData::Array(items) => {
            for item in items.iter() {
                require_attr(ctx, *item, needs)?;
            }
        }
        AttrData::Dictionary(entries) => {
            for (_, value) in entries.iter() {
                require_attr(ctx, *value, needs)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// A capability's own record (its version or extension), then the
/// capability itself.
fn require_capability(
    what: &str,
    capability: Capability,
    needs: &mut Requirements,
) -> Result<(), Missing> {
    needs.require_capability(what, capability)
}

/// The capability a scalar of `bits` needs in `storage` (a storage class
/// name), where the 8/16-bit storage capabilities replace the arithmetic
/// ones; None when it needs nothing.
pub(crate) fn scalar_capability(
    bits: u32,
    is_float: bool,
    storage: Option<&str>,
) -> Option<&'static str> {
    match (bits, storage) {
        (8, Some("StorageBuffer")) => Some("StorageBuffer8BitAccess"),
        (8, Some("Uniform")) => Some("UniformAndStorageBuffer8BitAccess"),
        (8, Some("PushConstant")) => Some("StoragePushConstant8"),
        (16, Some("StorageBuffer")) => Some("StorageBuffer16BitAccess"),
        (16, Some("Uniform")) => Some("StorageUniform16"),
        (16, Some("PushConstant")) => Some("StoragePushConstant16"),
        (16, Some("Input" | "Output")) => Some("StorageInputOutput16"),
        (8, _) => Some("Int8"),
        (16, _) if is_float => Some("Float16"),
        (16, _) => Some("Int16"),
        (64, _) if is_float => Some("Float64"),
        (64, _) => Some("Int64"),
        _ => None,
    }
}

fn capability_named(name: &str) -> Result<Capability, Missing> {
    name.parse().map_err(|_| Missing::Capability {
        what: format!("capability {name}"),
        any_of: Vec::new(),
    })
}

/// The grammar record of the type-declaring instruction `name`.
fn require_type_op(name: &str, what: &str, needs: &mut Requirements) -> Result<(), Missing> {
    match Op::from_name(name) {
        Some(op) => needs.require(what, &op.info().availability),
        None => Ok(()),
    }
}

/// A short name of `ty` for messages: `i64`, `f16`, `vector<8x...>`,
/// `!spirv.matrix`, and the storage class its values live in.
fn describe(ctx: &Context, ty: Type, storage: Option<&str>) -> String {
    let kind = match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => format!("i{width}"),
        TypeData::Float(kind) => kind.keyword().to_string(),
        TypeData::Vector { shape, .. } => format!(
            "vector<{}x...>",
            shape
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join("x")
        ),
        TypeData::Dialect(d) => format!("!{}.{}", ctx.str(d.dialect), ctx.str(d.mnemonic)),
        _ => "type".to_string(),
    };
    match storage {
        Some(class) => format!("{kind} in {class} storage"),
        None => kind,
    }
}

/// Records what `ty` needs when its values live in `storage` (None: not
/// behind a pointer).
fn require_type_in(
    ctx: &Context,
    ty: Type,
    storage: Option<&str>,
    needs: &mut Requirements,
) -> Result<(), Missing> {
    let what = || describe(ctx, ty, storage);
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => {
            if let Some(name) = scalar_capability(*width, false, storage) {
                require_capability(&what(), capability_named(name)?, needs)?;
            }
        }
        TypeData::Float(kind) => {
            if let Some(name) = scalar_capability(kind.width(), true, storage) {
                require_capability(&what(), capability_named(name)?, needs)?;
            }
        }
        TypeData::Vector { shape, elem, .. } => {
            if shape.iter().product::<u64>() > 4 {
                require_capability(&what(), Capability::Vector16, needs)?;
            }
            require_type_in(ctx, *elem, storage, needs)?;
        }
        TypeData::Function { inputs, results } => {
            for t in inputs.iter().chain(results.iter()) {
                require_type_in(ctx, *t, storage, needs)?;
            }
        }
        TypeData::Dialect(d) if ctx.str(d.dialect) == NAMESPACE => {
            require_spirv_type(ctx, ty, ctx.str(d.mnemonic), &d.params, storage, needs)?;
        }
        _ => {}
    }
    Ok(())
}

fn require_spirv_type(
    ctx: &Context,
    ty: Type,
    mnemonic: &str,
    params: &[Param],
    storage: Option<&str>,
    needs: &mut Requirements,
) -> Result<(), Missing> {
    let what = describe(ctx, ty, storage);
    match (mnemonic, params) {
        ("ptr", [Param::Type(pointee), Param::Ident(class), ..]) => {
            let class = ctx.str(*class);
            if let Some(e) =
                enum_kind("storage_class").and_then(|k| k.info().enumerant_named(class))
            {
                needs.require(&format!("StorageClass {class}"), &e.availability)?;
            }
            require_type_in(ctx, *pointee, Some(class), needs)?;
        }
        ("untyped_ptr", [Param::Ident(class), ..]) => {
            require_type_op("spirv.TypeUntypedPointerKHR", &what, needs)?;
            let class = ctx.str(*class);
            if let Some(e) =
                enum_kind("storage_class").and_then(|k| k.info().enumerant_named(class))
            {
                needs.require(&format!("StorageClass {class}"), &e.availability)?;
            }
        }
        ("matrix", [_, Param::Type(column)]) => {
            require_type_op("spirv.TypeMatrix", &what, needs)?;
            require_type_in(ctx, *column, storage, needs)?;
        }
        ("coopmatrix", [_, _, Param::Type(elem), Param::Ident(scope), _]) => {
            require_type_op("spirv.TypeCooperativeMatrixKHR", &what, needs)?;
            if let Some(e) =
                enum_kind("scope").and_then(|k| k.info().enumerant_named(ctx.str(*scope)))
            {
                needs.require(&format!("Scope {}", e.name), &e.availability)?;
            }
            require_type_in(ctx, *elem, storage, needs)?;
        }
        ("image", [Param::Type(elem), cases @ ..]) => {
            require_type_in(ctx, *elem, storage, needs)?;
            // Dim and ImageFormat carry capabilities (Sampled1D, StorageImage...).
            let kinds = ["dim", "", "", "", "", "image_format"];
            for (kind, case) in kinds.iter().zip(cases) {
                let Param::Ident(case) = case else { continue };
                // MLIR spells the numbered dimensions Dim1D/Dim2D/Dim3D.
                let case = ctx.str(*case);
                let named = |name: &str| enum_kind(kind)?.info().enumerant_named(name);
                let record = named(case).or_else(|| named(case.strip_prefix("Dim")?));
                if let Some(e) = record {
                    needs.require(&format!("{what} ({})", e.name), &e.availability)?;
                }
            }
        }
        ("sampled_image", [Param::Type(image)]) => require_type_in(ctx, *image, storage, needs)?,
        ("pipe", _) => require_type_op("spirv.TypePipe", &what, needs)?,
        ("array" | "rtarray", _) => {
            for p in params {
                if let Param::Type(t) = p {
                    require_type_in(ctx, *t, storage, needs)?;
                }
            }
        }
        ("struct", params) => {
            for member in Member::types(params).into_iter().flatten() {
                require_type_in(ctx, member, storage, needs)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Records what a value of type `ty` needs.
pub fn require_type(ctx: &Context, ty: Type, needs: &mut Requirements) -> Result<(), Missing> {
    require_type_in(ctx, ty, None, needs)
}

/// Records what `op` needs: its own grammar record (for `spirv.*` ops), its
/// enum attributes and properties, the types of its operands and results,
/// and types held in its attributes (a global variable's pointer type).
pub fn require_op(
    ctx: &Context,
    op: crate::ir::Op,
    needs: &mut Requirements,
) -> Result<(), Missing> {
    let name = ctx.op_name_str(op);
    if let Some(grammar_op) = Op::from_name(name) {
        needs.require(&format!("'{name}'"), &grammar_op.info().availability)?;
        if non_semantic::is_non_semantic_set(non_semantic::set_name(ctx, op, grammar_op)) {
            needs.require(&format!("'{name}'"), &NON_SEMANTIC_SETS)?;
        }
    }
    let dicts = [ctx.properties(op), Some(ctx.attributes(op))];
    for dict in dicts.into_iter().flatten() {
        for &(key, value) in ctx.dict_entries(dict) {
            if ctx.str(key) == TARGET_ENV_ATTR || ctx.str(key) == "vce_triple" {
                continue;
            }
            require_attr(ctx, value, needs)?;
            if let Some(ty) = ctx.as_type_attr(value) {
                require_type(ctx, ty, needs)?;
            }
        }
    }
    for v in ctx.operands(op).chain(ctx.results(op).iter().copied()) {
        require_type(ctx, ctx.value_type(v), needs)?;
    }
    if name == "spirv.EntryPoint" {
        require_entry_point_interface(ctx, op, needs)?;
    }
    require_decorations(ctx, op, needs)
}

/// The record of the decoration an attribute named `key` stands for
/// (`non_uniform` → `NonUniform`).
fn decoration_record(key: &str) -> Option<(&'static str, &'static Availability)> {
    let wanted: String = key.chars().filter(|&c| c != '_').collect();
    enum_kind("decoration")?
        .info()
        .enumerants
        .iter()
        .find(|e| e.name.eq_ignore_ascii_case(&wanted))
        .map(|e| (e.name, &e.availability))
}

/// Decorations whose values a global variable holds as properties.
const VARIABLE_DECORATIONS: [&str; 4] = ["binding", "descriptor_set", "location", "built_in"];

/// Records what the decorations an op carries as attributes need: a
/// `built_in = "Name"` (its BuiltIn's record) and attributes named after
/// a decoration (`non_uniform`, `no_perspective`, ...), and a global
/// variable's decoration properties.
fn require_decorations(
    ctx: &Context,
    op: crate::ir::Op,
    needs: &mut Requirements,
) -> Result<(), Missing> {
    let mut entries: Vec<(crate::ir::Ident, Attr)> = ctx.dict_entries(ctx.attributes(op)).to_vec();
    if ctx.op_name_str(op) == "spirv.GlobalVariable" {
        if let Some(properties) = ctx.properties(op) {
            entries.extend(
                ctx.dict_entries(properties)
                    .iter()
                    .filter(|(k, _)| VARIABLE_DECORATIONS.contains(&ctx.str(*k))),
            );
        }
    }
    for (key, value) in entries {
        let key = ctx.str(key);
        if key == "built_in" {
            let built_in = ctx
                .as_string_attr(value)
                .and_then(|name| enum_kind("built_in")?.info().enumerant_named(name));
            match built_in {
                // spirv-val lets glslang declare these in gl_PerVertex
                // without the capability; require it only where allowed.
                Some(e) if matches!(e.name, "ClipDistance" | "CullDistance") => {
                    let what = format!("BuiltIn {}", e.name);
                    if needs.clone().require(&what, &e.availability).is_ok() {
                        needs.require(&what, &e.availability)?;
                    }
                }
                Some(e) => needs.require(&format!("BuiltIn {}", e.name), &e.availability)?,
                None => {}
            }
            continue;
        }
        if key.contains('.') {
            continue; // a dialect attribute, not a decoration
        }
        if let Some((name, availability)) = decoration_record(key) {
            needs.require(&format!("Decoration {name}"), availability)?;
        }
    }
    Ok(())
}

/// A `NonSemantic.*` instruction set needs SPIR-V 1.6 or
/// `SPV_KHR_non_semantic_info` (a rule of the specification, not a
/// grammar record).
static NON_SEMANTIC_SETS: Availability = Availability {
    extensions: &[crate::grammar::Extension::SPV_KHR_non_semantic_info],
    ..crate::grammar::tables::since(1, 6)
};

/// Before SPIR-V 1.4 an entry point's interface may list only `Input` and
/// `Output` variables (a validation rule, not an availability record).
static INTERFACE_OF_ANY_CLASS: Availability = crate::grammar::tables::since(1, 4);

/// Records what an entry point's interface needs: SPIR-V 1.4 when it lists
/// a variable of a storage class other than `Input` and `Output`.
pub fn require_entry_point_interface(
    ctx: &Context,
    entry_point: crate::ir::Op,
    needs: &mut Requirements,
) -> Result<(), Missing> {
    let Some(interface) = ctx.attr(entry_point, "interface").or_else(|| {
        ctx.properties(entry_point)
            .and_then(|p| ctx.dict_get(p, "interface"))
    }) else {
        return Ok(());
    };
    let AttrData::Array(refs) = ctx.attr_data(interface) else {
        return Ok(());
    };
    for &reference in refs.iter() {
        let Some(variable) = ctx.resolve_symbol_ref(entry_point, reference) else {
            continue;
        };
        let class = ctx
            .properties(variable)
            .and_then(|p| ctx.dict_get(p, "type"))
            .or_else(|| ctx.attr(variable, "type"))
            .and_then(|t| ctx.as_type_attr(t))
            .and_then(|t| as_pointer(ctx, t).map(|(_, class)| class.to_string()));
        if let Some(class) = class.filter(|c| c != "Input" && c != "Output") {
            needs.require(
                &format!("an entry point interface listing a {class} variable"),
                &INTERFACE_OF_ANY_CLASS,
            )?;
        }
    }
    Ok(())
}

/// Whether `op`, with its operands' and results' types, is legal under
/// `env`: the conversion target's question.
pub fn check_legal(ctx: &Context, op: crate::ir::Op, env: &TargetEnv) -> Result<(), Missing> {
    require_op(ctx, op, &mut Requirements::new(env))
}
