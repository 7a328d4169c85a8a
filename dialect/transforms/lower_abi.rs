//! `--spirv-lower-abi-attrs`: turns the shader-interface ABI attributes into
//! SPIR-V. Each argument of an entry function carrying
//! `spirv.interface_var_abi` becomes a `spirv.GlobalVariable` bound to its
//! descriptor set and binding (scalars wrapped in a struct in the given
//! storage class, struct pointees given Vulkan layout); the body reads it
//! through `spirv.mlir.addressof` (then an access chain and load for
//! scalars, or a bitcast where layout changed the pointer type) and the
//! function loses its arguments. `spirv.entry_point_abi` becomes a
//! `spirv.EntryPoint` (GLCompute under `Shader`, Kernel under `Kernel`,
//! whichever the target environment lists first; its interface the
//! `Input` and `Output` variables the entry point and the functions it
//! calls use, and from a SPIR-V 1.4 target on every global variable they
//! use, as SPIR-V 1.4 asks where MLIR 19 lists inputs and outputs only)
//! and the execution modes
//! the target allows (`LocalSize`, `SubgroupSize`,
//! `SignedZeroInfNanPreserve`); fields it does not allow stay on the
//! attribute. Two arguments bound to one set and binding with different
//! types are an error.

use std::collections::HashMap;

use super::layout::laid_out_struct;
use super::{body, build, pointer_type, property, set_property, symbol_name};
use crate::grammar::Version;
use crate::ir::pass::Pass;
use crate::ir::{
    Attr, AttrData, Block, Builder, Context, Diagnostic, Op, OpSpec, Param, Type, TypeData,
    WalkControl,
};
use crate::spirv::types::as_pointer;
use crate::spirv::{enum_kind, NAMESPACE};
use crate::spirv::{used_variables, FULL_INTERFACE};
use crate::target::availability::{lookup_target_env_attr, lookup_target_env_or_default};
use crate::target::TargetEnv;

pub struct LowerAbiAttributes;

const INTERFACE_VAR_ABI: &str = "spirv.interface_var_abi";
const ENTRY_POINT_ABI: &str = "spirv.entry_point_abi";

impl Pass for LowerAbiAttributes {
    fn argument(&self) -> &'static str {
        "spirv-lower-abi-attrs"
    }

    fn run(&mut self, ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
        super::each_spirv_module(ctx, op, lower_module)
    }
}

/// `#spirv.interface_var_abi<(set, binding)[, class]>` as plain data.
struct InterfaceVarAbi {
    set: i64,
    binding: i64,
    class: Option<String>,
}

fn interface_var_abi(ctx: &Context, attr: Attr) -> Option<InterfaceVarAbi> {
    let AttrData::Dialect(d) = ctx.attr_data(attr) else {
        return None;
    };
    if ctx.str(d.dialect) != NAMESPACE || ctx.str(d.mnemonic) != "interface_var_abi" {
        return None;
    }
    match &d.params[..] {
        [Param::Int(set), Param::Int(binding), Param::Ident(class)] => Some(InterfaceVarAbi {
            set: *set,
            binding: *binding,
            class: Some(ctx.str(*class).to_string()).filter(|c| !c.is_empty()),
        }),
        _ => None,
    }
}

fn lower_module(ctx: &mut Context, module: Op) -> Result<(), Diagnostic> {
    if lookup_target_env_attr(ctx, module).is_none() {
        return Err(Diagnostic::error(
            ctx.op_loc(module),
            "'spirv.module' op missing SPIR-V target env attribute",
        ));
    }
    let Some(module_body) = body(ctx, module) else {
        return Ok(());
    };
    let functions: Vec<Op> = ctx
        .block_ops(module_body)
        .filter(|&o| ctx.op_name_str(o) == "spirv.func")
        .collect();
    for &function in &functions {
        lower_arguments(ctx, function)?;
    }
    for &function in &functions {
        if ctx.attr(function, ENTRY_POINT_ABI).is_some() {
            lower_entry_point(ctx, module_body, function)?;
        }
    }
    Ok(())
}

/// The resource type each (set, binding) of one entry point got, and the
/// argument that chose it. (Different entry points may bind different
/// resources at one binding: a pipeline uses only one of them.)
#[derive(Default)]
struct Bindings {
    types: HashMap<(i64, i64), (Type, String)>,
}

impl Bindings {
    fn claim(
        &mut self,
        ctx: &Context,
        abi: &InterfaceVarAbi,
        ty: Type,
        who: String,
    ) -> Result<(), String> {
        match self.types.get(&(abi.set, abi.binding)) {
            Some((other, first)) if *other != ty => {
                let syntax = crate::dialects::syntax();
                let show = |t| crate::text::printer::type_to_string(ctx, &syntax, t);
                Err(format!(
                    "{who} is bound to descriptor set {} binding {} with type {}, but {first} is bound there with type {}",
                    abi.set,
                    abi.binding,
                    show(ty),
                    show(*other)
                ))
            }
            Some(_) => Ok(()),
            None => {
                self.types.insert((abi.set, abi.binding), (ty, who));
                Ok(())
            }
        }
    }
}

fn is_scalar(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_data(ty),
        TypeData::Integer { .. } | TypeData::Float(_)
    )
}

fn is_scalar_or_vector(ctx: &Context, ty: Type) -> bool {
    match ctx.type_data(ty) {
        TypeData::Vector { elem, .. } => is_scalar(ctx, *elem),
        _ => is_scalar(ctx, ty),
    }
}

/// The type of the global variable that replaces an argument of type `ty`.
fn resource_type(ctx: &mut Context, ty: Type, abi: &InterfaceVarAbi) -> Result<Type, String> {
    let (pointee, class) = match &abi.class {
        Some(_) if !is_scalar(ctx, ty) => {
            return Err(format!(
                "'{INTERFACE_VAR_ABI}' attribute cannot specify storage class when attaching to a non-scalar value"
            ))
        }
        Some(class) => {
            let name = ctx.ident("");
            let member = Param::List(vec![Param::Type(ty), Param::Int(-1), Param::List(vec![].into())].into());
            let wrapped = ctx.dialect_type(
                NAMESPACE,
                "struct",
                vec![Param::Ident(name), Param::List(vec![member].into())],
            );
            (wrapped, class.clone())
        }
        None if is_scalar_or_vector(ctx, ty) => {
            return Err(format!(
                "a scalar or vector argument needs a storage class in its '{INTERFACE_VAR_ABI}'"
            ))
        }
        None => {
            let (pointee, class) = as_pointer(ctx, ty)
                .map(|(p, c)| (p, c.to_string()))
                .ok_or("an argument lowered to a resource must be a scalar or a !spirv.ptr")?;
            if ctx.as_dialect_type(pointee, NAMESPACE, "struct").is_none() {
                return Err("a pointer argument lowered to a resource must point to a !spirv.struct".into());
            }
            (pointee, class)
        }
    };
    let pointee = laid_out_struct(ctx, pointee, &class);
    Ok(pointer_type(ctx, pointee, &class))
}

/// Replaces the arguments of an entry function by global variables.
fn lower_arguments(ctx: &mut Context, function: Op) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(function);
    let abis: Vec<Option<InterfaceVarAbi>> = match property(ctx, function, "arg_attrs") {
        Some(arg_attrs) => match ctx.attr_data(arg_attrs) {
            AttrData::Array(dicts) => dicts
                .iter()
                .map(|&d| {
                    ctx.dict_get(d, INTERFACE_VAR_ABI)
                        .and_then(|a| interface_var_abi(ctx, a))
                })
                .collect(),
            _ => Vec::new(),
        },
        None => Vec::new(),
    };
    if abis.iter().all(Option::is_none) {
        return Ok(());
    }
    let fail = |message: String| Diagnostic::error(loc, format!("'spirv.func' op {message}"));
    if ctx.attr(function, ENTRY_POINT_ABI).is_none() {
        return Err(fail(format!(
            "has arguments with '{INTERFACE_VAR_ABI}' but no '{ENTRY_POINT_ABI}': only entry point arguments can be lowered"
        )));
    }
    let function_type = property(ctx, function, "function_type")
        .and_then(|a| ctx.as_type_attr(a))
        .ok_or_else(|| fail("has no function type".into()))?;
    let (inputs, results) = ctx
        .as_function(function_type)
        .map(|(i, r)| (i.to_vec(), r.to_vec()))
        .ok_or_else(|| fail("has no function type".into()))?;
    let entry = body(ctx, function).ok_or_else(|| fail("has no body".into()))?;
    let name = symbol_name(ctx, function);
    let mut bindings = Bindings::default();
    let mut variables = Vec::new();
    for (index, &ty) in inputs.iter().enumerate() {
        let abi = abis
            .get(index)
            .and_then(Option::as_ref)
            .ok_or_else(|| fail(format!("argument {index} has no '{INTERFACE_VAR_ABI}'")))?;
        let var_type =
            resource_type(ctx, ty, abi).map_err(|e| fail(format!("argument {index}: {e}")))?;
        bindings
            .claim(ctx, abi, var_type, format!("argument {index}"))
            .map_err(fail)?;
        let var_name = format!("{name}_arg_{index}");
        create_global_variable(ctx, function, &var_name, var_type, abi);
        variables.push((var_name, var_type));
    }
    // Each argument's replacement goes at the top of the body, the last
    // argument's first, as MLIR orders them.
    let mut builder = match ctx.first_op(entry) {
        Some(first) => Builder::before(first),
        None => Builder::at_end(entry),
    };
    builder.loc = loc;
    let args = ctx.block_args(entry).to_vec();
    for index in (0..inputs.len()).rev() {
        let (var_name, var_type) = &variables[index];
        let used = !ctx.uses(args[index]).is_empty();
        let replacement = read_variable(ctx, &builder, var_name, *var_type, inputs[index], used);
        ctx.replace_all_uses(args[index], replacement);
    }
    ctx.clear_block_args(entry);
    let lowered = ctx.function_type(&[], &results);
    let lowered = ctx.type_attr(lowered);
    set_property(ctx, function, "function_type", Some(lowered));
    set_property(ctx, function, "arg_attrs", None);
    Ok(())
}

fn i32_attr(ctx: &mut Context, value: i64) -> Attr {
    let i32 = ctx.int_type(32);
    ctx.integer_attr(i32, value as i128)
}

fn create_global_variable(
    ctx: &mut Context,
    function: Op,
    name: &str,
    ty: Type,
    abi: &InterfaceVarAbi,
) {
    let entries = [
        ("binding", i32_attr(ctx, abi.binding)),
        ("descriptor_set", i32_attr(ctx, abi.set)),
        ("sym_name", ctx.string_attr(name)),
        ("type", ctx.type_attr(ty)),
    ];
    let entries = entries
        .into_iter()
        .map(|(k, v)| (ctx.ident(k), v))
        .collect();
    let mut spec = OpSpec::new(ctx.ident("spirv.GlobalVariable"), ctx.op_loc(function));
    spec.properties = Some(ctx.dictionary_attr(entries));
    let variable = ctx.create_op(spec);
    ctx.insert_op_before(function, variable);
}

/// Creates a one-result op at the builder's point; returns its result.
fn create(
    ctx: &mut Context,
    builder: &Builder,
    name: &str,
    operands: &[crate::ir::Value],
    properties: Vec<(&str, Attr)>,
    result: Type,
) -> crate::ir::Value {
    let op = build(ctx, builder, name, operands, properties, &[result]);
    ctx.result(op, 0)
}

/// The value standing for an argument of type `arg_type` now held in the
/// variable `name`: its address, a bitcast of it where layout changed the
/// type and the argument is `used`, or the loaded scalar.
fn read_variable(
    ctx: &mut Context,
    builder: &Builder,
    name: &str,
    var_type: Type,
    arg_type: Type,
    used: bool,
) -> crate::ir::Value {
    let reference = ctx.symbol_ref_attr(name, &[]);
    let address = create(
        ctx,
        builder,
        "spirv.mlir.addressof",
        &[],
        vec![("variable", reference)],
        var_type,
    );
    if is_scalar_or_vector(ctx, arg_type) {
        let class = as_pointer(ctx, var_type)
            .map(|(_, c)| c.to_string())
            .unwrap_or_default();
        let index_type = ctx.int_type(32);
        let zero = i32_attr(ctx, 0);
        let zero = create(
            ctx,
            builder,
            "spirv.Constant",
            &[],
            vec![("value", zero)],
            index_type,
        );
        let element = pointer_type(ctx, arg_type, &class);
        let chain = create(
            ctx,
            builder,
            "spirv.AccessChain",
            &[address, zero],
            vec![],
            element,
        );
        return create(ctx, builder, "spirv.Load", &[chain], vec![], arg_type);
    }
    if var_type == arg_type || !used {
        return address;
    }
    create(ctx, builder, "spirv.Bitcast", &[address], vec![], arg_type)
}

/// The execution model the target environment selects: the first of
/// `Kernel` and `Shader` among its capabilities as written.
fn execution_model(ctx: &Context, function: Op) -> Option<&'static str> {
    let Some(env) = lookup_target_env_attr(ctx, function) else {
        return Some("GLCompute");
    };
    let AttrData::Dialect(d) = ctx.attr_data(env) else {
        return None;
    };
    let Some(Param::Attr(vce)) = d.params.first() else {
        return None;
    };
    let AttrData::Dialect(vce) = ctx.attr_data(*vce) else {
        return None;
    };
    let Some(Param::List(capabilities)) = vce.params.get(1) else {
        return None;
    };
    capabilities.iter().find_map(|c| match c {
        Param::Ident(c) if ctx.str(*c) == "Kernel" => Some("Kernel"),
        Param::Ident(c) if ctx.str(*c) == "Shader" => Some("GLCompute"),
        _ => None,
    })
}

/// An entry point's interface: the global variables `function` takes
/// the address of (in order, as MLIR lists them), then those the functions
/// it calls use; before SPIR-V 1.4 (`version`), only the `Input` and
/// `Output` ones.
fn interface_variables(ctx: &mut Context, function: Op, version: Version) -> Vec<Attr> {
    let mut variables = Vec::new();
    ctx.walk_pre(function, &mut |o| {
        let named = (ctx.op_name_str(o) == "spirv.mlir.addressof")
            .then(|| property(ctx, o, "variable"))
            .flatten();
        let variable = named.and_then(|reference| ctx.resolve_symbol_ref(o, reference));
        if let Some(variable) = variable.filter(|v| !variables.contains(v)) {
            variables.push(variable);
        }
        WalkControl::Continue
    });
    let mut resolve = |reference| ctx.resolve_symbol_ref(function, reference);
    for variable in used_variables(ctx, function, &mut resolve) {
        if !variables.contains(&variable) {
            variables.push(variable);
        }
    }
    let listed = |&variable: &Op| {
        let class = property(ctx, variable, "type")
            .and_then(|t| ctx.as_type_attr(t))
            .and_then(|t| as_pointer(ctx, t).map(|(_, c)| c));
        version >= FULL_INTERFACE || matches!(class, Some("Input" | "Output"))
    };
    let names: Vec<String> = (variables.iter())
        .filter(|v| listed(v))
        .map(|&v| symbol_name(ctx, v))
        .collect();
    names.iter().map(|n| ctx.symbol_ref_attr(n, &[])).collect()
}

/// Whether the target allows execution mode `mode`.
fn allows_mode(env: &TargetEnv, mode: &str) -> bool {
    let Some(record) = enum_kind("execution_mode").and_then(|k| k.info().enumerant_named(mode))
    else {
        return false;
    };
    let capabilities = record.availability.capabilities;
    capabilities.is_empty() || capabilities.iter().any(|&c| env.allows_capability(c))
}

fn enum_attr(ctx: &mut Context, kind: &str, case: &str) -> Attr {
    let case = ctx.ident(case);
    ctx.dialect_attr(NAMESPACE, kind, vec![Param::Ident(case)])
}

fn lower_entry_point(
    ctx: &mut Context,
    module_body: Block,
    function: Op,
) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(function);
    let model = execution_model(ctx, function).ok_or_else(|| {
        Diagnostic::error(
            loc,
            "'spirv.func' op cannot lower its entry point: the target environment allows neither Shader nor Kernel, so no execution model can be chosen",
        )
    })?;
    let env = lookup_target_env_or_default(ctx, function);
    let fn_ref = ctx.symbol_ref_attr(&symbol_name(ctx, function), &[]);
    let interface = interface_variables(ctx, function, env.vce.version);
    let builder = Builder {
        loc,
        ..Builder::at_end(module_body)
    };
    let entries = vec![
        ("execution_model", enum_attr(ctx, "execution_model", model)),
        ("fn", fn_ref),
        ("interface", ctx.array_attr(interface)),
    ];
    build(ctx, &builder, "spirv.EntryPoint", &[], entries, &[]);
    let Some(abi) = ctx.attr(function, ENTRY_POINT_ABI) else {
        return Ok(());
    };
    let fields = match ctx.attr_data(abi) {
        AttrData::Dialect(d) => d.params.to_vec(),
        _ => Vec::new(),
    };
    let mut kept = Vec::new();
    for field in fields {
        let Param::List(kv) = &field else { continue };
        let [Param::Ident(key), value] = &kv[..] else {
            continue;
        };
        let mode = match ctx.str(*key) {
            "workgroup_size" => "LocalSize",
            "subgroup_size" => "SubgroupSize",
            "target_width" => "SignedZeroInfNanPreserve",
            _ => {
                kept.push(field.clone());
                continue;
            }
        };
        if !allows_mode(&env, mode) {
            kept.push(field.clone());
            continue;
        }
        let numbers: Vec<i64> = match value {
            Param::Int(n) => vec![*n],
            Param::List(items) => items
                .iter()
                .filter_map(|i| match i {
                    Param::Int(n) => Some(*n),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        let values = numbers.into_iter().map(|n| i32_attr(ctx, n)).collect();
        let entries = vec![
            ("execution_mode", enum_attr(ctx, "execution_mode", mode)),
            ("fn", fn_ref),
            ("values", ctx.array_attr(values)),
        ];
        build(ctx, &builder, "spirv.ExecutionMode", &[], entries, &[]);
    }
    let remaining = if kept.is_empty() {
        None
    } else {
        Some(ctx.dialect_attr(NAMESPACE, "entry_point_abi", kept))
    };
    ctx.set_attr(function, ENTRY_POINT_ABI, remaining);
    Ok(())
}
