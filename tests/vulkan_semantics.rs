//! Deserialization then serialization keeps what compute shaders compute:
//! the corpus compute shaders (every module with a `GLCompute` entry point)
//! whose resources are buffers, images and samplers run on Vulkan
//! (lavapipe when no GPU), original and round trip, with the same
//! deterministic contents in every buffer, image and push constant: the
//! buffers and images afterwards are byte for byte the same; so do the same
//! shaders as `support::OPTIMIZER_PIPELINES` rewrite them (phis, values
//! flowing out of constructs, restructured control flow, 16-bit and relaxed
//! precision, the Vulkan memory model; three rewrites left out, see
//! [`NOT_RUN`]) and their round trips; and so do the compute shaders of
//! `tests/glsl` as glslang compiles them (data-dependent control flow from
//! GLSL and HLSL: nested loops with break and continue, switch fallthrough,
//! early returns; 8/16/64-bit arithmetic, subgroups and atomics, spec
//! constants, HLSL structured, byte-address and append buffers) and their
//! rewrites; and so do the compute shaders of `tests/wgsl` as naga writes
//! them (`wgsl`) and their rewrites; and so do random kernels of
//! structured control flow (`random_kernels`) and their rewrites. GPU
//! kernels MLIR 19 converts to the SPIR-V dialect (`mlir_kernels`),
//! serialized by us and by MLIR, compute the same results. Without a Vulkan device these
//! tests print `skipped: ...` and pass.

use spirv_dialect::binary::{decode_module, Operand};
use spirv_dialect::grammar::Op;
use spirv_dialect::runtime::interface::{reflect, ImageShape, ResourceKind, TexelKind};
use spirv_dialect::runtime::vulkan::{
    image_format, Binding, BoundBuffer, Buffer, Context, ContextOptions, Image, ImageDesc, Kernel,
    KernelDesc, Stream, TexelFormat,
};
use std::path::{Path, PathBuf};
mod mlir_kernels;
mod random_kernels;
mod support;
mod wgsl;

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
const COMPILED_SAME_RESULTS_FLOOR: (usize, usize) = (6, 23);
/// WGSL compute shaders (as naga writes them in each setting) run, as
/// written and round-tripped, with equal results, and their optimizer
/// rewrites.
const WGSL_SAME_RESULTS_FLOOR: (usize, usize) = (17, 53);
/// Random kernels of structured control flow compiled, run and compared
/// with their round trips (and their optimizer rewrites).
const RANDOM_KERNELS: u64 = 32;

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

    /// At least `floor.0` kernels and `floor.1` of their rewrites gave the
    /// same results.
    fn assert_floor(&self, what: &str, floor: (usize, usize)) {
        assert!(
            self.same >= floor.0 && self.same_optimized >= floor.1,
            "{} {what} and {} rewrites compared; the floor is {floor:?}",
            self.same,
            self.same_optimized
        );
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
        let Some(words) = support::read_words(file) else {
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

/// glslang, SPIRV-Tools 2025 and a Vulkan device, or `None` after saying
/// which is missing.
fn compiler_and_vulkan_or_skip() -> Option<(PathBuf, PathBuf, Context)> {
    let (Some(glslang), Some(tools)) = (support::tool("glslangValidator"), support::spirv_tools())
    else {
        println!("skipped: glslangValidator or SPIRV-Tools 2025 not found");
        return None;
    };
    Some((glslang, tools, vulkan_or_skip()?))
}

/// The compute shaders of `tests/glsl` as glslang compiles them (control
/// flow, 8/16/64-bit arithmetic, subgroups and atomics, spec constants,
/// HLSL buffers), and what the optimizer pipelines make of them, give the
/// same results after the round trip; those that take buffer addresses
/// from buffer contents or need acceleration structures are not run.
#[test]
fn compiled_compute_shaders_compute_the_same_results_on_vulkan() {
    let Some((glslang, tools, context)) = compiler_and_vulkan_or_skip() else {
        return;
    };
    let mut tally = Tally::default();
    for shader in support::compiled_test_shaders(&glslang, &[]) {
        if is_compute(&shader.words) {
            tally.compare(&context, Some(&tools), &shader.name, &shader.words);
        }
    }
    tally.report("compiled compute shaders");
    tally.assert_floor("compiled compute shaders", COMPILED_SAME_RESULTS_FLOOR);
}

/// The compute shaders of `tests/wgsl` as naga writes them (entry blocks
/// that only branch on, bounds checks, division wrappers, `continuing`
/// blocks, 16-bit and 64-bit arithmetic, subgroups, atomics), and what the
/// optimizer pipelines make of them, give the same results after the round
/// trip; those spirv-val rejects or that need acceleration structures are
/// not run.
#[test]
fn wgsl_compute_shaders_compute_the_same_results_on_vulkan() {
    let Some(tools) = support::spirv_tools() else {
        println!("skipped: SPIRV-Tools 2025 not found");
        return;
    };
    let Some(context) = vulkan_or_skip() else {
        return;
    };
    let mut tally = Tally::default();
    for shader in wgsl::compiled_all() {
        let env = support::target_env(&shader.words);
        let valid = support::spirv_val_complaint(&tools.join("spirv-val"), &shader.words, &env);
        if is_compute(&shader.words) && valid.is_none() {
            tally.compare(&context, Some(&tools), &shader.name, &shader.words);
        }
    }
    tally.report("WGSL compute shaders");
    tally.assert_floor("WGSL compute shaders", WGSL_SAME_RESULTS_FLOOR);
}

/// The GPU kernels of `tests/mlir_kernels` as MLIR 19 converts them to
/// the SPIR-V dialect (`scf` loops and conditionals, integer and float
/// arithmetic, GLSL.std.450 math, barriers), written by our passes and
/// serializer and by MLIR's, compute the same results.
#[test]
fn converted_gpu_kernels_compute_as_mlir_19_writes_them() {
    let Some(kernels) = mlir_kernels::converted_all() else {
        return;
    };
    let Some(context) = vulkan_or_skip() else {
        return;
    };
    for kernel in &kernels {
        let name = &kernel.name;
        let mlir = run(&context, &kernel.mlir).unwrap_or_else(|e| panic!("{name} (MLIR's): {e}"));
        let ours = run(&context, &kernel.ours).unwrap_or_else(|e| panic!("{name} (ours): {e}"));
        assert!(
            ours == mlir,
            "{name}: our binary computes other results than MLIR's"
        );
        let wrote = ours.iter().any(|(start, end)| start != end);
        assert!(wrote, "{name} writes nothing: the comparison shows nothing");
    }
    println!(
        "{} converted GPU kernels: ours and MLIR's binaries compute the same",
        kernels.len()
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
    let Some(written) = support::round_trip(words) else {
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

/// Random kernels of data-dependent structured control flow (see
/// `random_kernels`), as glslang compiles them and as each optimizer
/// pipeline rewrites them, compute the same results after the round trip.
/// `RANDOM_KERNEL_SEED` and `RANDOM_KERNEL_COUNT` choose other kernels (the
/// first seed and how many) for longer runs; a kernel that differs is
/// printed.
#[test]
fn random_control_flow_computes_the_same_results_on_vulkan() {
    let Some((glslang, tools, context)) = compiler_and_vulkan_or_skip() else {
        return;
    };
    let (mut tally, mut kernels) = (Tally::default(), 0);
    for seed in support::seeds("RANDOM_KERNEL", RANDOM_KERNELS) {
        for kernel in random_kernels::compiled_all(&glslang, seed) {
            let differences = tally.different.len();
            tally.compare(&context, Some(&tools), &kernel.name, &kernel.words);
            if tally.different.len() > differences {
                println!("{}:\n{}", kernel.name, kernel.source);
            }
            kernels += 1;
        }
    }
    tally.report("random kernels (the GLSL ones by glslang and naga)");
    assert_eq!(tally.same, kernels, "{:#?}", tally.not_run);
    assert!(tally.same_optimized >= 3 * kernels);
}
