//! The module-level rules of entry points and execution modes, checked once
//! the symbols they name resolve. `spirv.EntryPoint` names a defined
//! `spirv.func` that returns nothing and, unless its model is `Kernel`,
//! takes nothing; its interface names global variables: before SPIR-V 1.4
//! `Input` and `Output` ones only, from 1.4 on each at most once and every
//! one its function and the functions it calls use. `spirv.ExecutionMode`
//! and `spirv.ExecutionModeId` name an entry point's function, give a mode
//! once (a mode with a target width or type once per operands) and, for
//! the modes [`MODE_MODELS`] lists, only for the execution models it
//! names. In a module with the `Shader` capability (implied ones counted),
//! an entry point gives one or at most one mode of the groups
//! [`MODE_GROUPS`] lists for its model: a `Fragment` one exactly one of
//! `OriginUpperLeft` and `OriginLowerLeft`. A module without a
//! `#spirv.vce` has no version: the interface rules that depend on it are
//! left out, and it counts as having the `Shader` capability.

use super::attributes::vce_of;
use super::formats_support::enum_case;
use super::types::as_pointer;
use crate::grammar::{
    Capability, Category, ExecutionMode as Mode, ExecutionModel as Model, ValueEnum, Version,
};
use crate::ir::{Attr, AttrData, Context, Op, TypeData, WalkControl};

/// The version from which an interface lists every global variable its
/// entry point uses, each once, of any storage class.
pub const FULL_INTERFACE: Version = Version::new(1, 4);

const TESSELLATION: &[Model] = &[Model::TessellationControl, Model::TessellationEvaluation];

/// Mesh shading's output modes, by value: older grammars name them
/// `…NV`, newer ones `…EXT`.
const OUTPUT_LINES: u32 = 5269;
const OUTPUT_PRIMITIVES: u32 = 5270;
const OUTPUT_TRIANGLES: u32 = 5298;

/// The execution models the SPIR-V specification limits some modes to;
/// modes not listed are not checked.
const MODE_MODELS: &[(&[u32], &[Model])] = &[
    (
        &[
            Mode::OriginUpperLeft as u32,
            Mode::OriginLowerLeft as u32,
            Mode::PixelCenterInteger as u32,
            Mode::EarlyFragmentTests as u32,
            Mode::DepthReplacing as u32,
            Mode::DepthGreater as u32,
            Mode::DepthLess as u32,
            Mode::DepthUnchanged as u32,
        ],
        &[Model::Fragment],
    ),
    (
        &[
            Mode::Invocations as u32,
            Mode::InputPoints as u32,
            Mode::InputLines as u32,
            Mode::InputLinesAdjacency as u32,
            Mode::InputTrianglesAdjacency as u32,
            Mode::OutputLineStrip as u32,
            Mode::OutputTriangleStrip as u32,
        ],
        &[Model::Geometry],
    ),
    (
        &[Mode::OutputPoints as u32],
        &[Model::Geometry, Model::MeshNV, Model::MeshEXT],
    ),
    (
        &[
            Mode::SpacingEqual as u32,
            Mode::SpacingFractionalEven as u32,
            Mode::SpacingFractionalOdd as u32,
            Mode::VertexOrderCw as u32,
            Mode::VertexOrderCcw as u32,
            Mode::PointMode as u32,
            Mode::Quads as u32,
            Mode::Isolines as u32,
        ],
        TESSELLATION,
    ),
    (
        &[Mode::Triangles as u32],
        &[
            Model::Geometry,
            Model::TessellationControl,
            Model::TessellationEvaluation,
        ],
    ),
    (
        &[Mode::OutputVertices as u32],
        &[
            Model::Geometry,
            Model::TessellationControl,
            Model::TessellationEvaluation,
            Model::MeshNV,
            Model::MeshEXT,
        ],
    ),
    (
        &[Mode::LocalSize as u32, Mode::LocalSizeId as u32],
        &[
            Model::GLCompute,
            Model::Kernel,
            Model::TaskNV,
            Model::MeshNV,
            Model::TaskEXT,
            Model::MeshEXT,
        ],
    ),
    (
        &[
            Mode::LocalSizeHint as u32,
            Mode::LocalSizeHintId as u32,
            Mode::VecTypeHint as u32,
            Mode::ContractionOff as u32,
        ],
        &[Model::Kernel],
    ),
    (
        &[OUTPUT_PRIMITIVES, OUTPUT_LINES, OUTPUT_TRIANGLES],
        &[Model::MeshNV, Model::MeshEXT],
    ),
];

/// How many modes of a group an entry point gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    ExactlyOne,
    AtMostOne,
}

/// Groups of modes an entry point of the models listed gives exactly one
/// or at most one of, in a module with the `Shader` capability.
const MODE_GROUPS: &[(&[Model], Count, &[u32])] = &[
    (
        &[Model::Fragment],
        Count::ExactlyOne,
        &[Mode::OriginUpperLeft as u32, Mode::OriginLowerLeft as u32],
    ),
    (
        &[Model::Fragment],
        Count::AtMostOne,
        &[
            Mode::DepthGreater as u32,
            Mode::DepthLess as u32,
            Mode::DepthUnchanged as u32,
        ],
    ),
    (
        &[Model::Geometry],
        Count::ExactlyOne,
        &[
            Mode::InputPoints as u32,
            Mode::InputLines as u32,
            Mode::InputLinesAdjacency as u32,
            Mode::Triangles as u32,
            Mode::InputTrianglesAdjacency as u32,
        ],
    ),
    (
        &[Model::Geometry],
        Count::ExactlyOne,
        &[
            Mode::OutputPoints as u32,
            Mode::OutputLineStrip as u32,
            Mode::OutputTriangleStrip as u32,
        ],
    ),
    (
        TESSELLATION,
        Count::AtMostOne,
        &[
            Mode::SpacingEqual as u32,
            Mode::SpacingFractionalEven as u32,
            Mode::SpacingFractionalOdd as u32,
        ],
    ),
    (
        TESSELLATION,
        Count::AtMostOne,
        &[
            Mode::Triangles as u32,
            Mode::Quads as u32,
            Mode::Isolines as u32,
        ],
    ),
    (
        TESSELLATION,
        Count::AtMostOne,
        &[Mode::VertexOrderCw as u32, Mode::VertexOrderCcw as u32],
    ),
    (
        &[Model::MeshEXT],
        Count::ExactlyOne,
        &[Mode::OutputPoints as u32, OUTPUT_LINES, OUTPUT_TRIANGLES],
    ),
    (
        &[Model::MeshEXT],
        Count::ExactlyOne,
        &[Mode::OutputVertices as u32],
    ),
    (&[Model::MeshEXT], Count::ExactlyOne, &[OUTPUT_PRIMITIVES]),
];

/// What the enclosing module's `#spirv.vce` says about the rules here.
struct ModuleFacts {
    /// `None` without a `#spirv.vce`.
    version: Option<Version>,
    /// The module declares `Shader` or a capability implying it (or says
    /// nothing of its capabilities).
    shader: bool,
}

impl ModuleFacts {
    /// The facts of the module holding `op`.
    fn of_parent(ctx: &Context, op: Op) -> ModuleFacts {
        let vce = ctx
            .parent_op(op)
            .and_then(|module| ctx.attr(module, "vce_triple"))
            .and_then(|attr| vce_of(ctx, attr));
        match vce {
            Some(vce) => ModuleFacts {
                version: Some(vce.version),
                shader: Capability::closure(&vce.capabilities).contains(&Capability::Shader),
            },
            None => ModuleFacts {
                version: None,
                shader: true,
            },
        }
    }
}

/// The ops beside `op` in its block.
fn siblings(ctx: &Context, op: Op) -> impl Iterator<Item = Op> + '_ {
    ctx.parent_block(op)
        .into_iter()
        .flat_map(|block| ctx.block_ops(block))
}

/// Whether `op` gives an execution mode.
fn is_mode_op(ctx: &Context, op: Op) -> bool {
    matches!(
        ctx.op_name_str(op),
        "spirv.ExecutionMode" | "spirv.ExecutionModeId"
    )
}

/// The execution model an entry point declares.
fn model_of(ctx: &Context, op: Op) -> Option<Model> {
    enum_case(ctx, op, "execution_model")?.parse().ok()
}

/// The execution mode an execution-mode op gives.
fn mode_of(ctx: &Context, op: Op) -> Option<Mode> {
    enum_case(ctx, op, "execution_mode")?.parse().ok()
}

/// The name of the symbol `op` defines.
fn name_of(ctx: &Context, op: Op) -> &str {
    ctx.symbol_name(op).map_or("", |name| ctx.str(name))
}

/// The name entry point `op` has: its `name` property, else its
/// function's symbol `function_name`; None when `name` is no string.
fn entry_name<'c>(ctx: &'c Context, op: Op, function_name: &'c str) -> Option<&'c str> {
    match ctx.attr(op, "name") {
        Some(name) => ctx.as_string_attr(name),
        None => Some(function_name),
    }
}

/// A symbol reference as the text spells it (`@main`).
fn symbol_text(ctx: &Context, reference: Attr) -> String {
    crate::text::printer::attr_to_string(ctx, &crate::text::Syntax::default(), reference)
}

/// Modes one entry point may give more than once, with other operands:
/// those whose first operand is the width or type they apply to.
fn once_per_operands(mode: Mode) -> bool {
    (mode.info().parameters.first())
        .is_some_and(|p| matches!(p.name, "target_width" | "target_type"))
}

/// `spirv.EntryPoint`: its function, its interface and, with the `Shader`
/// capability, the modes its model asks for.
pub(super) fn verify_entry_point(
    ctx: &Context,
    op: Op,
    resolve: &mut dyn FnMut(Attr) -> Option<Op>,
) -> Result<(), String> {
    let model = model_of(ctx, op);
    let function = ctx.attr(op, "fn").and_then(&mut *resolve);
    let Some(function) = function.filter(|&f| ctx.op_name_str(f) == "spirv.func") else {
        return Err("does not name a function".into());
    };
    let name = name_of(ctx, function);
    let Some(own_name) = entry_name(ctx, op, name) else {
        return Err("requires 'name', when present, to be a string attribute".into());
    };
    let same = (siblings(ctx, op))
        .filter(|&other| other != op && ctx.op_name_str(other) == "spirv.EntryPoint")
        .filter(|&other| model_of(ctx, other) == model)
        .find(|&other| {
            let function = ctx.attr(other, "fn").and_then(&mut *resolve);
            let function_name = function.map_or("", |f| name_of(ctx, f));
            entry_name(ctx, other, function_name) == Some(own_name)
        });
    if same.is_some() {
        return Err(format!(
            "is a second entry point of this execution model named \"{own_name}\""
        ));
    }
    let defined =
        (ctx.regions(function).first()).is_some_and(|&r| !ctx.region_blocks(r).is_empty());
    if !defined {
        return Err(format!("names @{name}, a function declared without a body"));
    }
    let ty = ctx
        .attr(function, "function_type")
        .and_then(|t| ctx.as_type_attr(t));
    if let Some(TypeData::Function { inputs, results }) = ty.map(|t| ctx.type_data(t)) {
        if !results.is_empty() {
            return Err(format!("names @{name}, a function that returns a value"));
        }
        if !inputs.is_empty() && model != Some(Model::Kernel) {
            return Err(format!(
                "names @{name}, a function that takes parameters (only a Kernel's may)"
            ));
        }
    }
    let facts = ModuleFacts::of_parent(ctx, op);
    let listed = verify_interface(ctx, op, resolve, facts.version)?;
    if facts.version.is_some_and(|v| v >= FULL_INTERFACE) {
        if let Some(unlisted) = used_variables(ctx, function, resolve)
            .into_iter()
            .find(|v| !listed.contains(v))
        {
            return Err(format!(
                "does not list @{} in its interface, though @{name} uses it (from SPIR-V 1.4 on, \
                 an interface lists every global variable its entry point uses)",
                name_of(ctx, unlisted)
            ));
        }
    }
    match model {
        Some(model) if facts.shader => verify_mode_groups(ctx, op, model, name),
        _ => Ok(()),
    }
}

/// The interface's variables, in order; each a global variable, listed
/// once from SPIR-V 1.4 on and an `Input` or `Output` one before.
fn verify_interface(
    ctx: &Context,
    op: Op,
    resolve: &mut dyn FnMut(Attr) -> Option<Op>,
    version: Option<Version>,
) -> Result<Vec<Op>, String> {
    let mut listed = Vec::new();
    let entries: &[Attr] = match ctx.attr(op, "interface").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(entries)) => entries,
        _ => &[],
    };
    for &entry in entries {
        let variable = resolve(entry).filter(|&v| ctx.op_name_str(v) == "spirv.GlobalVariable");
        let Some(variable) = variable else {
            return Err(format!(
                "lists {}, which is not a global variable, in its interface",
                symbol_text(ctx, entry)
            ));
        };
        let name = name_of(ctx, variable);
        match version {
            Some(v) if v >= FULL_INTERFACE && listed.contains(&variable) => {
                return Err(format!(
                    "lists @{name} in its interface more than once (SPIR-V 1.4 and later)"
                ));
            }
            Some(v) if v < FULL_INTERFACE => {
                let ty = ctx.attr(variable, "type").and_then(|t| ctx.as_type_attr(t));
                match ty.and_then(|t| as_pointer(ctx, t)) {
                    Some((_, "Input" | "Output")) => {}
                    Some((_, class)) => {
                        return Err(format!(
                            "lists @{name}, a {class} variable, in its interface: before SPIR-V \
                             1.4 an interface holds Input and Output variables only"
                        ))
                    }
                    None => {}
                }
            }
            _ => {}
        }
        listed.push(variable);
    }
    Ok(listed)
}

/// The global variables `function` and the functions it calls name where
/// the binary names them too, in the order they are first met. Only calls
/// lead into other functions: a function a device-side enqueue or a debug
/// instruction names runs apart, or not at all.
pub fn used_variables(
    ctx: &Context,
    function: Op,
    resolve: &mut dyn FnMut(Attr) -> Option<Op>,
) -> Vec<Op> {
    let mut variables = Vec::new();
    let mut functions = vec![function];
    // Each symbol named, and whether a call names it.
    let mut refs: Vec<(Attr, bool)> = Vec::new();
    let mut named = Vec::new();
    let mut next = 0;
    while let Some(&current) = functions.get(next) {
        next += 1;
        ctx.walk_pre(current, &mut |inner| {
            // An address nothing uses writes no instruction.
            let unused_address = ctx.op_name_str(inner) == "spirv.mlir.addressof"
                && ctx.results(inner).iter().all(|&r| ctx.use_count(r) == 0);
            if inner != current && !unused_address {
                ctx.symbol_refs(inner, &mut named);
                let call = ctx.op_name_str(inner) == "spirv.FunctionCall";
                refs.extend(named.drain(..).map(|symbol| (symbol, call)));
            }
            WalkControl::Continue
        });
        for (symbol, call) in refs.drain(..) {
            let Some(symbol) = resolve(symbol) else {
                continue;
            };
            let list = match ctx.op_name_str(symbol) {
                "spirv.GlobalVariable" => &mut variables,
                "spirv.func" if call => &mut functions,
                _ => continue,
            };
            if !list.contains(&symbol) {
                list.push(symbol);
            }
        }
    }
    variables
}

/// The modes the execution-mode ops beside `entry_point` give its
/// function.
fn modes_of_function(ctx: &Context, entry_point: Op) -> Vec<Mode> {
    let function = ctx.attr(entry_point, "fn");
    siblings(ctx, entry_point)
        .filter(|&o| is_mode_op(ctx, o) && ctx.attr(o, "fn") == function)
        .filter_map(|o| mode_of(ctx, o))
        .collect()
}

/// The name of the execution mode of `value` in this grammar.
fn mode_name(value: u32) -> String {
    Mode::from_value(value).map_or(value.to_string(), |mode| mode.to_string())
}

/// The groups of modes `model` asks for one, or at most one, of.
fn verify_mode_groups(ctx: &Context, op: Op, model: Model, name: &str) -> Result<(), String> {
    let modes = modes_of_function(ctx, op);
    for &(models, count, group) in MODE_GROUPS {
        if !models.contains(&model) {
            continue;
        }
        let given: Vec<String> = group
            .iter()
            .filter(|&&value| modes.iter().any(|m| m.value() == value))
            .map(|&value| mode_name(value))
            .collect();
        let fits = match count {
            Count::ExactlyOne => given.len() == 1,
            Count::AtMostOne => given.len() <= 1,
        };
        if !fits {
            let group: Vec<String> = group.iter().map(|&value| mode_name(value)).collect();
            let asked = match (count, &group[..]) {
                (Count::ExactlyOne, [only]) => format!("the execution mode {only}"),
                (Count::ExactlyOne, _) => {
                    format!("exactly one of the execution modes {}", group.join(", "))
                }
                (Count::AtMostOne, _) => {
                    format!("at most one of the execution modes {}", group.join(", "))
                }
            };
            let given = match given.is_empty() {
                true => "none".to_string(),
                false => given.join(" and "),
            };
            return Err(format!(
                "a {model} entry point gives {asked}, but @{name} has {given}"
            ));
        }
    }
    Ok(())
}

/// `spirv.ExecutionMode` and `spirv.ExecutionModeId`: the function is an
/// entry point's; the mode suits each of its execution models and is not
/// given before.
pub(super) fn verify_execution_mode(
    ctx: &Context,
    op: Op,
    _resolve: &mut dyn FnMut(Attr) -> Option<Op>,
) -> Result<(), String> {
    let function = ctx.attr(op, "fn");
    let models: Vec<Model> = siblings(ctx, op)
        .filter(|&o| ctx.op_name_str(o) == "spirv.EntryPoint" && ctx.attr(o, "fn") == function)
        .filter_map(|o| model_of(ctx, o))
        .collect();
    let function_name = || function.map_or(String::new(), |f| symbol_text(ctx, f));
    if models.is_empty() {
        return Err(format!(
            "names {}, which no spirv.EntryPoint names",
            function_name()
        ));
    }
    let Some(mode) = mode_of(ctx, op) else {
        return Ok(());
    };
    let given = match ctx.attr(op, "values").map(|v| ctx.attr_data(v)) {
        Some(AttrData::Array(values)) => values.len(),
        Some(_) => 1,
        None => 0,
    };
    let takes = mode.info().parameters.len();
    if given != takes {
        return Err(format!(
            "execution mode {mode} takes {takes} values, but {given} are given"
        ));
    }
    // Ids go in `spirv.ExecutionModeId` only, literals in `spirv.ExecutionMode`.
    let parameters = mode.info().parameters.iter();
    let takes_ids = parameters
        .map(|p| p.kind.info().category)
        .any(|c| c == Category::Id);
    let with_ids = ctx.op_name_str(op) == "spirv.ExecutionModeId";
    if takes > 0 && takes_ids != with_ids {
        let (what, belongs) = match takes_ids {
            true => ("ids", "spirv.ExecutionModeId"),
            false => ("literals", "spirv.ExecutionMode"),
        };
        return Err(format!(
            "execution mode {mode} takes {what}: it belongs in a {belongs}"
        ));
    }
    let allowed = MODE_MODELS
        .iter()
        .find(|(modes, _)| modes.contains(&mode.value()))
        .map(|&(_, allowed)| allowed);
    if let Some(allowed) = allowed {
        if let Some(model) = models.iter().find(|m| !allowed.contains(m)) {
            let allowed: Vec<String> = allowed.iter().map(|m| m.to_string()).collect();
            return Err(format!(
                "execution mode {mode} is for {} entry points, but {} is a {model} one",
                allowed.join(", "),
                function_name()
            ));
        }
    }
    let same_operands = once_per_operands(mode);
    let given_before = siblings(ctx, op).take_while(|&o| o != op).any(|o| {
        is_mode_op(ctx, o)
            && ctx.attr(o, "fn") == function
            && mode_of(ctx, o) == Some(mode)
            && (!same_operands || ctx.attr(o, "values") == ctx.attr(op, "values"))
    });
    match given_before {
        true => Err(format!(
            "gives {} the execution mode {mode} again",
            function_name()
        )),
        false => Ok(()),
    }
}
