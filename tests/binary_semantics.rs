//! Deserialization then serialization keeps what a module means.
//!
//! - Every corpus binary and its round trip have the same instruction
//!   streams modulo id renumbering and section order: the same
//!   capabilities, extensions, memory model, entry points (names included)
//!   and execution modes; the same global variables, spec constants and
//!   functions in the same order with the same decorations; every function
//!   body instruction for instruction, ids renamed by order of definition,
//!   with types and constants named by their structure and decorations
//!   (zero constants, `OpConstantNull` or not, as one; `OpUndef`s by type;
//!   array lengths by value; an `OpPhi`'s incoming pairs in any order) and
//!   each carrying the location the last `OpLine` gave it; the decorated
//!   types and constants, used or not; the debug sources, strings and
//!   processes; the module-level non-semantic instructions in order. Names
//!   (tests/text_and_debug_info.rs compares them), `OpNop` and
//!   `OpTypeForwardPointer` (written only where a struct is recursive) are
//!   left out.
//! - The corpus compute shaders (every module with a `GLCompute` entry
//!   point) whose resources are buffers, images and samplers run on
//!   Vulkan (lavapipe when no GPU), original and round trip, with the same
//!   deterministic contents in every buffer, image and push constant: the
//!   buffers and images afterwards are byte for byte the same; so do the
//!   same shaders as
//!   `support::OPTIMIZER_PIPELINES` rewrite them (phis, values flowing out
//!   of constructs, restructured control flow, 16-bit and relaxed
//!   precision, the Vulkan memory model; three rewrites left out, see
//!   [`NOT_RUN`]) and their round
//!   trips; and so do the compute shaders of `tests/glsl` as glslang
//!   compiles them (8/16/64-bit arithmetic, subgroups and atomics, spec
//!   constants, HLSL structured, byte-address and append buffers) and
//!   their rewrites. Without a Vulkan device this part prints
//!   `skipped: ...` and passes.

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::serialize;
use spirv_dialect::binary::{decode_module, words_from_bytes, Instruction, Operand};
use spirv_dialect::grammar::Op;
use spirv_dialect::runtime::interface::{reflect, ImageShape, ResourceKind, TexelKind};
use spirv_dialect::runtime::vulkan::{
    image_format, Binding, BoundBuffer, Buffer, Context, ContextOptions, Image, ImageDesc, Kernel,
    KernelDesc, Stream, TexelFormat,
};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
mod support;

/// Corpus files whose instruction streams survive the round trip.
const SAME_STREAMS_FLOOR: usize = 1080;
/// Corpus compute shaders run, original and round trip, with equal results
/// (all but one slang kernel lavapipe rejects).
const SAME_RESULTS_FLOOR: usize = 29;
/// Compute shaders not run as an optimizer pipeline rewrites them:
/// lavapipe (Mesa 22.3) crashes with a segmentation fault creating or
/// running these rewrites (16-bit and relaxed-precision float arithmetic),
/// though spirv-val accepts them for their Vulkan version.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "precision and types",
        "slang/computenbody/particle_calculate.comp.spv",
    ),
    (
        "precision and types",
        "hlsl/computeraytracing/raytracing.comp.spv",
    ),
    (
        "precision and types",
        "slang/computeraytracing/raytracing.comp.spv",
    ),
];
/// Rewritten compute shaders run, original and round trip, with equal
/// results (after each of `support::OPTIMIZER_PIPELINES`; the Vulkan memory
/// model applies to SPIR-V 1.3 and later only).
const REWRITTEN_SAME_RESULTS_FLOOR: usize = 84;
/// Compute shaders of `tests/glsl` run, as compiled and round-tripped,
/// with equal results, and their optimizer rewrites.
const COMPILED_SAME_RESULTS_FLOOR: (usize, usize) = (4, 16);

/// `words` deserialized and serialized again; `None` where either fails
/// (`binary_roundtrip` accounts for those).
fn round_trip(words: &[u32]) -> Option<Vec<u32>> {
    let (ctx, module) = deserialize(words).ok()?;
    serialize(&ctx, module).ok()
}

/// Instructions left out of the comparison: names (only those of symbols
/// and structs are kept), `OpNop`, forward pointers (written only for
/// recursive structs), and lines, which are compared as the locations of
/// the instructions after them.
fn is_skipped(inst: &Instruction) -> bool {
    matches!(
        inst.op,
        Op::Name | Op::MemberName | Op::Nop | Op::TypeForwardPointer | Op::Line | Op::NoLine
    )
}

/// A module's semantic content with ids replaced by canonical names.
#[derive(Debug, PartialEq, Default)]
struct Canonical {
    header: BTreeSet<String>,
    entry_points: BTreeSet<String>,
    execution_modes: BTreeSet<String>,
    /// Decorated types and constants, by structure (decorations included).
    structural: BTreeSet<String>,
    /// Global variables, spec constants and functions, in order.
    globals: Vec<String>,
    /// Decorations of everything but types, by canonical target.
    decorations: BTreeMap<String, Vec<String>>,
    functions: Vec<Vec<String>>,
}

struct Canonicalizer<'a> {
    insts: &'a [Instruction],
    defs: HashMap<u32, usize>,
    decorations: HashMap<u32, Vec<&'a Instruction>>,
    names: HashMap<u32, String>,
    in_progress: BTreeSet<u32>,
}

impl Canonicalizer<'_> {
    /// The canonical name of `id`.
    fn key(&mut self, id: u32) -> String {
        if let Some(key) = self.names.get(&id) {
            return key.clone();
        }
        let Some(&index) = self.defs.get(&id) else {
            return format!("undefined%{id}");
        };
        if !self.in_progress.insert(id) {
            return "recursive".into();
        }
        let inst = &self.insts[index];
        let mut key = format!("{}(", inst.op.info().grammar_name);
        if let Some(ty) = inst.result_type {
            key += &self.key(ty);
            key += ";";
        }
        match (inst.op, &inst.operands[..]) {
            // An array's length is its value, whatever the integer type.
            (Op::TypeArray, [Operand::Id(elem), Operand::Id(length)]) => {
                let length = match self.defs.get(length).map(|&d| &self.insts[d]) {
                    Some(def) if def.op == Op::Constant => match def.operands.first() {
                        Some(Operand::Number { bits, .. }) => format!("#{bits:x}"),
                        other => format!("{other:?}"),
                    },
                    _ => self.key(*length),
                };
                key += &format!("{},{length}", self.key(*elem));
            }
            _ => key += &self.operands(&inst.operands),
        }
        key += ")";
        if self.is_zero(inst, &key) {
            key = format!(
                "Zero({})",
                inst.result_type.map_or(String::new(), |t| self.key(t))
            );
        }
        let mut decorations: Vec<String> = (self.decorations.get(&id).cloned())
            .unwrap_or_default()
            .iter()
            .map(|d| format!("{:?}", &d.operands[1..]))
            .collect();
        decorations.sort();
        for d in decorations {
            key += &d;
        }
        self.in_progress.remove(&id);
        self.names.insert(id, key.clone());
        key
    }

    /// Whether constant `inst` (keyed `key` so far) is its type's zero:
    /// `OpConstantNull` and the constants spelling zero are one value.
    fn is_zero(&mut self, inst: &Instruction, key: &str) -> bool {
        match (inst.op, &inst.operands[..]) {
            (Op::ConstantNull | Op::ConstantFalse, _) => true,
            (Op::Constant, [Operand::Number { bits: 0, .. }] | [Operand::Integer(0)]) => true,
            (Op::ConstantComposite, operands) => {
                !operands.is_empty()
                    && (operands.iter()).all(|o| matches!(o, Operand::Id(_)))
                    && key.matches("Zero(").count() > 0
                    && operands.iter().all(|o| match o {
                        Operand::Id(id) => self.key(*id).starts_with("Zero("),
                        _ => false,
                    })
            }
            _ => false,
        }
    }

    fn operands(&mut self, operands: &[Operand]) -> String {
        let mut out = String::new();
        for operand in operands {
            match operand {
                Operand::Id(id) => out += &self.key(*id),
                Operand::Number { bits, .. } => out += &format!("#{bits:x}"),
                other => out += &format!("{other:?}"),
            }
            out += ",";
        }
        out
    }

    /// `inst` with canonical ids (an `OpPhi`'s incoming pairs sorted).
    fn render(&mut self, inst: &Instruction) -> String {
        if inst.op == Op::Phi {
            let mut pairs: Vec<String> = (inst.operands.chunks(2))
                .map(|pair| self.operands(pair))
                .collect();
            pairs.sort();
            let result = inst.result.map_or(String::new(), |r| self.key(r));
            let ty = inst.result_type.map_or(String::new(), |t| self.key(t));
            return format!("{result} = OpPhi {ty} {}", pairs.concat());
        }
        let mut out = inst.op.info().grammar_name.to_string();
        if let Some(ty) = inst.result_type {
            out = format!("{out} {}", self.key(ty));
        }
        if let Some(r) = inst.result {
            out = format!("{} = {out}", self.key(r));
        }
        format!("{out} {}", self.operands(&inst.operands))
    }
}

fn canonical(words: &[u32]) -> Result<Canonical, String> {
    let (_, insts) = decode_module(words).map_err(|e| e.message)?;
    let mut c = Canonicalizer {
        insts: &insts,
        defs: HashMap::new(),
        decorations: HashMap::new(),
        names: HashMap::new(),
        in_progress: BTreeSet::new(),
    };
    let (mut variables, mut specs, mut functions) = (0, 0, 0);
    let mut in_function: Option<usize> = None;
    let mut locals = 0;
    for (index, inst) in insts.iter().enumerate() {
        if let Some(r) = inst.result {
            c.defs.insert(r, index);
        }
        match inst.op {
            Op::Function => {
                c.names
                    .insert(inst.result.unwrap_or(0), format!("fn#{functions}"));
                in_function = Some(functions);
                functions += 1;
                locals = 0;
                continue;
            }
            Op::FunctionEnd => in_function = None,
            Op::ExtInstImport => {
                if let (Some(r), Some(Operand::String(name))) = (inst.result, inst.operands.first())
                {
                    c.names.insert(r, format!("import:{name}"));
                }
            }
            Op::String => {
                if let (Some(r), Some(Operand::String(text))) = (inst.result, inst.operands.first())
                {
                    c.names.insert(r, format!("string:{text:?}"));
                }
            }
            Op::Decorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorate
            | Op::MemberDecorateString => {
                if let Some(Operand::Id(target)) = inst.operands.first() {
                    c.decorations.entry(*target).or_default().push(inst);
                }
            }
            _ => {}
        }
        let Some(r) = inst.result else { continue };
        if inst.op == Op::Undef || is_skipped(inst) {
            continue;
        }
        if let Some(f) = in_function {
            c.names.insert(r, format!("f{f}:{locals}"));
            locals += 1;
        } else if inst.op == Op::Variable {
            c.names.insert(r, format!("var#{variables}"));
            variables += 1;
        } else if matches!(
            inst.op,
            Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse
        ) {
            c.names.insert(r, format!("spec#{specs}"));
            specs += 1;
        }
    }
    let mut out = Canonical::default();
    let mut body: Option<Vec<String>> = None;
    let mut line = String::new();
    for inst in &insts {
        match inst.op {
            Op::Line => line = format!(" @{}", c.operands(&inst.operands)),
            Op::NoLine | Op::Label => line.clear(),
            _ => {}
        }
        if is_skipped(inst) {
            continue;
        }
        match inst.op {
            Op::Source
            | Op::SourceContinued
            | Op::SourceExtension
            | Op::String
            | Op::ModuleProcessed => {
                out.header.insert(c.render(inst));
            }
            // Imports are compared where instructions use them, by name.
            Op::ExtInstImport => {}
            Op::Capability | Op::Extension | Op::MemoryModel => {
                out.header.insert(c.render(inst));
            }
            Op::EntryPoint => {
                let mut operands = inst.operands.clone();
                let interface = operands.split_off(3.min(operands.len()));
                let mut interface: Vec<String> = (interface.iter())
                    .map(|o| c.operands(std::slice::from_ref(o)))
                    .collect();
                interface.sort();
                out.entry_points
                    .insert(format!("{} {interface:?}", c.operands(&operands)));
            }
            Op::ExecutionMode | Op::ExecutionModeId => {
                out.execution_modes.insert(c.render(inst));
            }
            Op::Decorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorate
            | Op::MemberDecorateString => {
                let Some(Operand::Id(target)) = inst.operands.first() else {
                    continue;
                };
                let is_type = (c.defs.get(target))
                    .is_some_and(|&d| insts[d].op.info().class == "Type-Declaration");
                if !is_type {
                    let target = c.key(*target);
                    let rest = c.operands(&inst.operands[1..]);
                    out.decorations.entry(target).or_default().push(rest);
                }
            }
            Op::Function => {
                out.globals.push(c.render(inst));
                body = Some(Vec::new());
            }
            Op::FunctionEnd => out.functions.extend(body.take()),
            Op::Undef => {}
            _ if body.is_some() => {
                let rendered = c.render(inst) + &line;
                body.get_or_insert_with(Vec::new).push(rendered);
            }
            Op::Variable
            | Op::SpecConstant
            | Op::SpecConstantTrue
            | Op::SpecConstantFalse
            | Op::ExtInst => {
                out.globals.push(c.render(inst));
            }
            // Types and constants are compared where they are used; those
            // decorated on their own (`BuiltIn WorkgroupSize`) here too.
            _ => match inst.result {
                Some(r) if c.decorations.contains_key(&r) => {
                    out.structural.insert(c.key(r));
                }
                _ => {}
            },
        }
    }
    for list in out.decorations.values_mut() {
        list.sort();
    }
    Ok(out)
}

/// The first difference between two canonical modules.
fn difference(a: &Canonical, b: &Canonical) -> Option<String> {
    fn sets(what: &str, a: &BTreeSet<String>, b: &BTreeSet<String>) -> Option<String> {
        let lost = a.difference(b).next();
        let gained = b.difference(a).next();
        match (lost, gained) {
            (None, None) => None,
            _ => Some(format!("{what}: lost {lost:?}, gained {gained:?}")),
        }
    }
    sets("header", &a.header, &b.header)
        .or_else(|| sets("entry points", &a.entry_points, &b.entry_points))
        .or_else(|| sets("execution modes", &a.execution_modes, &b.execution_modes))
        .or_else(|| sets("types and constants", &a.structural, &b.structural))
        .or_else(|| {
            (a.globals != b.globals).then(|| {
                let at = (a.globals.iter().zip(&b.globals)).position(|(x, y)| x != y);
                format!(
                    "globals differ at {at:?}: {:?} vs {:?}",
                    at.map(|i| &a.globals[i]),
                    at.map(|i| &b.globals[i])
                )
            })
        })
        .or_else(|| {
            (a.decorations != b.decorations).then(|| {
                let target = (a.decorations.iter())
                    .find(|(k, v)| b.decorations.get(*k) != Some(v))
                    .map(|(k, _)| k.clone());
                format!("decorations of {target:?} differ")
            })
        })
        .or_else(|| {
            (a.functions.len() != b.functions.len()).then(|| "function count differs".to_string())
        })
        .or_else(|| {
            a.functions.iter().zip(&b.functions).find_map(|(x, y)| {
                let at = x.iter().zip(y).position(|(p, q)| p != q);
                match at {
                    Some(i) => Some(format!("function body: {:?} vs {:?}", x[i], y[i])),
                    None if x.len() != y.len() => Some("function length differs".into()),
                    None => None,
                }
            })
        })
}

#[test]
fn round_trip_keeps_instruction_streams() {
    let Some(files) = support::corpus_or_skip() else {
        return;
    };
    let (mut same, mut compared) = (0, 0);
    let mut differences: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in &files {
        let Some(words) = std::fs::read(file)
            .ok()
            .and_then(|b| words_from_bytes(&b).ok())
        else {
            continue;
        };
        let Some(written) = round_trip(&words) else {
            continue;
        };
        let Ok(original) = canonical(&words) else {
            continue;
        };
        compared += 1;
        let result = canonical(&written).map_err(|e| format!("written module: {e}"));
        match result.map(|w| difference(&original, &w)) {
            Ok(None) => same += 1,
            Ok(Some(d)) | Err(d) => {
                let class: String = d.chars().take(60).collect();
                let name = file.strip_prefix(support::corpus_root()).unwrap_or(file);
                let entry = differences.entry(class).or_default();
                entry.push(format!("{}: {d}", name.display()));
            }
        }
    }
    println!("{compared} round trips compared, {same} with the same instruction streams");
    for (class, files) in &differences {
        println!("  {:4} {class}\n       e.g. {}", files.len(), files[0]);
    }
    assert!(
        same >= SAME_STREAMS_FLOOR,
        "{same} files keep their instruction streams; the floor is {SAME_STREAMS_FLOOR}"
    );
}

/// The deterministic contents of every buffer and push-constant block:
/// small integers, so that values a kernel uses as indices or loop counts
/// stay in range.
fn contents(bytes: u64) -> Vec<u8> {
    (0..bytes.div_ceil(4))
        .flat_map(|i| ((i % 16) as u32 + 1).to_le_bytes())
        .collect()
}

/// Bytes past its fixed part each buffer gets, for trailing runtime arrays.
const RUNTIME_ARRAY_BYTES: u64 = 1 << 16;

/// Texels along each dimension of the images a kernel gets: a workgroup
/// of the corpus kernels covers 16x16.
const IMAGE_SIDE: u32 = 16;

/// The format of the images bound where a kernel's image type names none:
/// four 32-bit components of the kind the kernel reads.
fn unknown_format_stands_for(texels: TexelKind) -> TexelFormat {
    match texels {
        TexelKind::Float => TexelFormat::R32G32B32A32_SFLOAT,
        TexelKind::Signed => TexelFormat::R32G32B32A32_SINT,
        TexelKind::Unsigned => TexelFormat::R32G32B32A32_UINT,
    }
}

/// The deterministic contents of an image: texels of 32-bit float formats
/// hold fractions (`(i % 16 + 1) / 16`), others bytes counting up.
fn image_contents(desc: &ImageDesc) -> Vec<u8> {
    let bytes = desc.byte_size().unwrap_or(0) as usize;
    let floats = matches!(
        desc.format,
        TexelFormat::R32_SFLOAT | TexelFormat::R32G32_SFLOAT | TexelFormat::R32G32B32A32_SFLOAT
    );
    match floats {
        true => (0..bytes / 4)
            .flat_map(|i| ((i % 16 + 1) as f32 / 16.0).to_le_bytes())
            .collect(),
        false => (0..bytes).map(|i| (i % 251) as u8).collect(),
    }
}

/// An image for a kernel's image slot of `shape`, with its contents.
fn image_for(context: &Context, shape: ImageShape) -> Result<(Image, Vec<u8>), String> {
    let mut extent = [1; 3];
    extent[..shape.dimensions as usize].fill(IMAGE_SIDE);
    let format = image_format(shape.format).unwrap_or(unknown_format_stands_for(shape.texels));
    let faces = if shape.cube { 6 } else { 1 };
    let desc = ImageDesc {
        layers: faces * if shape.arrayed { 2 } else { 1 },
        arrayed: shape.arrayed,
        cube: shape.cube,
        ..ImageDesc::new(format, shape.dimensions, extent)
    };
    let contents = image_contents(&desc);
    let image = Image::with_data(context, desc, &contents).map_err(|e| e.to_string())?;
    Ok((image, contents))
}

/// The capability of pointers made from addresses.
const PHYSICAL_STORAGE_BUFFER_ADDRESSES: u32 = 5347;

/// Whether `words` declare `capability`.
fn declares_capability(words: &[u32], capability: u32) -> bool {
    decode_module(words).is_ok_and(|(_, instructions)| {
        (instructions.iter()).any(|i| {
            i.op == Op::Capability
                && i.operands.first()
                    == Some(&Operand::Enum {
                        kind: spirv_dialect::grammar::OperandKind::Capability,
                        value: capability,
                    })
        })
    })
}

/// A buffer's or image's bytes before and after a dispatch.
type BeforeAndAfter = (Vec<u8>, Vec<u8>);

/// What each buffer and image of one run of `spirv`'s compute entry point
/// held before and after a dispatch of one workgroup; `Err` when the
/// kernel cannot run here.
fn run(context: &Context, spirv: &[u32]) -> Result<Vec<BeforeAndAfter>, String> {
    if declares_capability(spirv, PHYSICAL_STORAGE_BUFFER_ADDRESSES) {
        return Err("buffer addresses would come from buffer contents".into());
    }
    let interface = reflect(spirv).map_err(|e| e.message)?;
    let entry = (interface.entry_points.iter())
        .find(|e| e.execution_model == 5)
        .ok_or("no compute entry point")?;
    if interface.bindings.is_empty() {
        return Err("no buffers to compare".into());
    }
    let mut bindings = Vec::new();
    let mut before = Vec::new();
    for resource in &interface.bindings {
        let (set, binding) = (resource.set, resource.binding);
        let mut bound = Binding {
            set,
            binding,
            ..Binding::default()
        };
        for _ in 0..resource.count.max(1) {
            match resource.kind {
                ResourceKind::StorageBuffer | ResourceKind::UniformBuffer => {
                    let contents = contents(resource.min_size + RUNTIME_ARRAY_BYTES);
                    let buffer =
                        Buffer::with_data(context, &contents).map_err(|e| e.to_string())?;
                    before.push(contents);
                    bound.buffers.push(BoundBuffer {
                        buffer,
                        offset: 0,
                        range: None,
                        dynamic_offset: 0,
                    });
                }
                ResourceKind::StorageImage(shape)
                | ResourceKind::SampledImage(shape)
                | ResourceKind::CombinedImageSampler(shape) => {
                    let (image, contents) = image_for(context, shape)?;
                    before.push(contents);
                    bound.images.push(image);
                }
                ResourceKind::Sampler => {}
                other => return Err(format!("a {other:?} resource")),
            }
        }
        bindings.push(bound);
    }
    let push = contents(u64::from(interface.push_constant_size.unwrap_or(0)));
    let kernel = Kernel::new(
        context,
        &KernelDesc {
            spirv,
            entry_point: &entry.name,
            slots: Vec::new(),
            specialization: Vec::new(),
            push_constant_size: push.len() as u32,
            subgroup: Default::default(),
        },
    )
    .map_err(|e| e.to_string())?;
    let group = kernel.bind(&bindings).map_err(|e| e.to_string())?;
    let mut stream = Stream::new(context).map_err(|e| e.to_string())?;
    (stream.dispatch(&kernel, &group, &push, [1, 1, 1])).map_err(|e| e.to_string())?;
    stream.finish().map_err(|e| e.to_string())?;
    let mut after = Vec::new();
    for binding in &bindings {
        after.extend(binding.buffers.iter().map(|b| b.buffer.read()));
        for image in &binding.images {
            after.push(image.read(context).map_err(|e| e.to_string())?);
        }
    }
    Ok(before.into_iter().zip(after).collect())
}

/// What comparing kernels and their round trips on Vulkan found.
#[derive(Default)]
struct Tally {
    /// Kernels (as given) with the same results, and how many of those
    /// wrote to their buffers or images.
    same: usize,
    wrote: usize,
    /// Optimizer rewrites of them with the same results.
    same_optimized: usize,
    different: Vec<String>,
    not_run: Vec<String>,
}

impl Tally {
    /// Compares `words` (named `name`, for SPIR-V environment `env`) and
    /// what each optimizer pipeline makes of it, but for the rewrites
    /// [`NOT_RUN`] lists.
    fn compare(&mut self, context: &Context, tools: Option<&Path>, name: &str, words: &[u32]) {
        let env = support::target_env(words);
        let optimized: Vec<(&str, Vec<u32>)> = match tools {
            Some(tools) => (support::OPTIMIZER_PIPELINES.iter())
                .filter(|(pipeline, _)| {
                    !NOT_RUN
                        .iter()
                        .any(|(p, f)| p == pipeline && name.ends_with(f))
                })
                .filter_map(|&(pipeline, flags)| {
                    Some((pipeline, support::spirv_opt(tools, words, &env, flags)?))
                })
                .collect(),
            None => Vec::new(),
        };
        match compare_on_vulkan(context, words) {
            Comparison::Same { wrote } => {
                self.same += 1;
                self.wrote += usize::from(wrote);
            }
            Comparison::NotRun(e) => self.not_run.push(format!("{name}: {e}")),
            Comparison::Different(e) => self.different.push(format!("{name}: {e}")),
        }
        for (pipeline, optimized) in optimized {
            match compare_on_vulkan(context, &optimized) {
                Comparison::Same { .. } => self.same_optimized += 1,
                Comparison::Different(e) => self
                    .different
                    .push(format!("{name} rewritten by spirv-opt {pipeline}: {e}")),
                Comparison::NotRun(_) => {}
            }
        }
    }

    /// Prints the tally; fails on any difference.
    fn report(&self, what: &str) {
        println!(
            "{what}: {} give the same results ({} of them write to their buffers or images), {} more as spirv-opt's pipelines rewrote them do, {} differ, {} not run here",
            self.same,
            self.wrote,
            self.same_optimized,
            self.different.len(),
            self.not_run.len()
        );
        for line in &self.not_run {
            println!("  not run: {line}");
        }
        assert!(self.different.is_empty(), "{:#?}", self.different);
    }
}

fn vulkan_or_skip() -> Option<Context> {
    match Context::new(&ContextOptions::default()) {
        Ok(context) => Some(context),
        Err(e) => {
            println!("skipped: no Vulkan device: {e}");
            None
        }
    }
}

fn is_compute(words: &[u32]) -> bool {
    reflect(words).is_ok_and(|i| i.entry_points.iter().any(|e| e.execution_model == 5))
}

#[test]
fn round_trip_computes_the_same_results_on_vulkan() {
    let Some(files) = support::corpus_or_skip() else {
        return;
    };
    let Some(context) = vulkan_or_skip() else {
        return;
    };
    let tools = support::spirv_tools();
    if tools.is_none() {
        println!("skipped: the optimized variants (SPIRV-Tools 2025 not found)");
    }
    let mut tally = Tally::default();
    for file in &files {
        let Some(words) = std::fs::read(file)
            .ok()
            .and_then(|b| words_from_bytes(&b).ok())
        else {
            continue;
        };
        if is_compute(&words) {
            let name = file.strip_prefix(support::corpus_root()).unwrap_or(file);
            let name = name.to_string_lossy();
            tally.compare(&context, tools.as_deref(), &name, &words);
        }
    }
    tally.report("corpus compute shaders");
    assert!(
        tally.wrote >= SAME_RESULTS_FLOOR / 2,
        "only {} kernels wrote to their buffers",
        tally.wrote
    );
    assert!(
        tally.same >= SAME_RESULTS_FLOOR,
        "{} compute shaders compared; the floor is {SAME_RESULTS_FLOOR}",
        tally.same
    );
    assert!(
        tools.is_none() || tally.same_optimized >= REWRITTEN_SAME_RESULTS_FLOOR,
        "{} rewritten compute shaders compared; the floor is {REWRITTEN_SAME_RESULTS_FLOOR}",
        tally.same_optimized
    );
}

/// The compute shaders of `tests/glsl` as glslang compiles them (8/16/64-bit
/// arithmetic, subgroups and atomics, spec constants, HLSL buffers), and
/// what the optimizer pipelines make of them, give the same results after
/// the round trip; those that take buffer addresses from buffer contents
/// or need acceleration structures are not run.
#[test]
fn compiled_compute_shaders_compute_the_same_results_on_vulkan() {
    let (Some(glslang), Some(tools)) = (support::tool("glslangValidator"), support::spirv_tools())
    else {
        println!("skipped: glslangValidator or SPIRV-Tools 2025 not found");
        return;
    };
    let Some(context) = vulkan_or_skip() else {
        return;
    };
    let mut tally = Tally::default();
    for shader in support::compiled_test_shaders(&glslang) {
        if is_compute(&shader.words) {
            tally.compare(&context, Some(&tools), &shader.name, &shader.words);
        }
    }
    tally.report("compiled compute shaders");
    assert!(
        tally.same >= COMPILED_SAME_RESULTS_FLOOR.0
            && tally.same_optimized >= COMPILED_SAME_RESULTS_FLOOR.1,
        "{} compiled compute shaders and {} rewrites compared; the floor is {COMPILED_SAME_RESULTS_FLOOR:?}",
        tally.same,
        tally.same_optimized
    );
}

/// How a kernel and its round trip compare on Vulkan.
enum Comparison {
    /// The same buffers afterwards; `wrote`: the kernel changed them.
    Same {
        wrote: bool,
    },
    Different(String),
    /// The original does not run here.
    NotRun(String),
}

/// Runs `words` and its round trip with the same inputs (a module that
/// does not round-trip is left to the other tests: `NotRun`).
fn compare_on_vulkan(context: &Context, words: &[u32]) -> Comparison {
    let Some(written) = round_trip(words) else {
        return Comparison::NotRun("no round trip".into());
    };
    let before = match run(context, words) {
        Ok(buffers) => buffers,
        Err(e) => return Comparison::NotRun(e),
    };
    match run(context, &written) {
        // Whether the kernel wrote anything: its buffers or images no
        // longer hold the contents they started with.
        Ok(after) if after == before => Comparison::Same {
            wrote: before.iter().any(|(start, end)| start != end),
        },
        Ok(_) => Comparison::Different("different buffers or images".into()),
        Err(e) => Comparison::Different(format!("the round trip fails: {e}")),
    }
}
