//! Side-by-side benchmark of spirv-dialect's Vulkan runtime and wgpu (SPIR-V
//! passthrough) on the same device and the same SPIR-V kernels, in one run:
//! dispatch latency of an empty kernel with the pipeline reused (submit to
//! completion, µs) and throughput of a memory-bound copy kernel (GB/s).
//! The two are measured in alternating rounds so that load on the machine
//! falls on both alike. Writes the figures into the `## Vulkan runtime`
//! section of BENCHMARKS.md.

mod ours;
mod theirs;

use ours::Ours;
use spirv_dialect::amber::lexer::Loc;
use spirv_dialect::amber::script::{Shader, ShaderFormat};
use spirv_dialect::amber::shader::{compile, ShaderError};
use spirv_dialect::runtime::vulkan::{Context, ContextOptions};
use std::path::Path;
use std::time::{Duration, Instant};
use theirs::Theirs;

const EMPTY_KERNEL: &str = "#version 450
layout(local_size_x = 64) in;
void main() {}
";

const COPY_KERNEL: &str = "#version 450
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) readonly buffer Src { vec4 src[]; };
layout(set = 0, binding = 1) writeonly buffer Dst { vec4 dst[]; };
void main() { uint i = gl_GlobalInvocationID.x; dst[i] = src[i]; }
";

const ROUNDS: usize = 10;
const LATENCY_WARMUP: usize = 20;
const LATENCY_RUNS: usize = 300;
const COPY_RUNS: usize = 3;
const COPY_VEC4S: u64 = 4 * 1024 * 1024;
pub const COPY_BYTES: u64 = COPY_VEC4S * 16;
pub const COPY_GROUPS: u32 = (COPY_VEC4S / 256) as u32;

pub type Failure = Box<dyn std::error::Error>;

fn spirv(source: &str) -> Result<Vec<u32>, Failure> {
    let shader = Shader {
        name: "bench".into(),
        format: ShaderFormat::Glsl,
        target_env: None,
        source: source.into(),
        loc: Loc { line: 1, column: 1 },
    };
    compile(&shader, &[]).map_err(|e| match e {
        ShaderError::ToolMissing(m) | ShaderError::Failed(m) => m.into(),
    })
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Wall time of each of `runs` calls, after `warmup` untimed ones.
fn sample(
    runs: usize,
    warmup: usize,
    samples: &mut Vec<Duration>,
    mut once: impl FnMut() -> Result<(), Failure>,
) -> Result<(), Failure> {
    for _ in 0..warmup {
        once()?;
    }
    for _ in 0..runs {
        let start = Instant::now();
        once()?;
        samples.push(start.elapsed());
    }
    Ok(())
}

#[derive(Default)]
struct Samples {
    ours_latency: Vec<Duration>,
    ours_latency_timed: Vec<Duration>,
    wgpu_latency: Vec<Duration>,
    ours_copy: Vec<Duration>,
    ours_copy_gpu: Vec<Duration>,
    wgpu_copy: Vec<Duration>,
}

fn run_rounds(ours: &mut Ours, theirs: &Theirs) -> Result<Samples, Failure> {
    let mut s = Samples::default();
    for _ in 0..ROUNDS {
        ours.set_timing(false);
        sample(LATENCY_RUNS, LATENCY_WARMUP, &mut s.ours_latency, || {
            ours.empty_dispatch()
        })?;
        sample(LATENCY_RUNS, LATENCY_WARMUP, &mut s.wgpu_latency, || {
            theirs.empty_dispatch()
        })?;
        ours.set_timing(true);
        sample(
            LATENCY_RUNS,
            LATENCY_WARMUP,
            &mut s.ours_latency_timed,
            || ours.empty_dispatch(),
        )?;
        let gpu = &mut s.ours_copy_gpu;
        sample(COPY_RUNS, 1, &mut s.ours_copy, || {
            gpu.extend(ours.copy_dispatch()?);
            Ok(())
        })?;
        sample(COPY_RUNS, 1, &mut s.wgpu_copy, || theirs.copy_dispatch())?;
    }
    Ok(s)
}

fn gigabytes_per_second(time: Duration) -> f64 {
    (2 * COPY_BYTES) as f64 / time.as_secs_f64() / 1e9
}

fn section(device: &str, wgpu_label: &str, s: Samples) -> String {
    let micros = |samples: Vec<Duration>| format!("{:.1}", median(samples).as_secs_f64() * 1e6);
    let rate = |samples: Vec<Duration>| format!("{:.2}", gigabytes_per_second(median(samples)));
    let gpu = if s.ours_copy_gpu.is_empty() {
        String::new()
    } else {
        format!(" (GPU timestamps: {})", rate(s.ours_copy_gpu))
    };
    format!(
        "## Vulkan runtime\n\n\
         `./x bench-vulkan` (`cargo run --release --manifest-path bench/vulkan/Cargo.toml`) runs the\n\
         same SPIR-V kernels (compiled once by glslangValidator) through spirv-dialect's runtime and\n\
         through {wgpu_label} with SPIR-V passthrough, on one device in one run, in {ROUNDS}\n\
         alternating rounds. Latency: median wall time of record + submit + wait for one dispatch of\n\
         an empty 64-wide kernel, pipeline and bindings reused ({} samples each). Throughput: a copy\n\
         kernel over {} MiB, read + write counted ({} samples each). Streams take timestamp queries\n\
         only when asked (`Stream::set_timing(true)`): the first latency row is the default, the\n\
         second shows what the queries cost on this device.\n\n\
         Device: {device}\n\n\
         | measure | spirv-dialect | wgpu |\n\
         |---|---|---|\n\
         | empty-kernel dispatch latency (µs, median) | {} | {} |\n\
         | same, with timestamp queries around the dispatch (µs, median) | {} | — |\n\
         | memory-bound copy throughput (GB/s, median) | {}{gpu} | {} |\n",
        ROUNDS * LATENCY_RUNS,
        COPY_BYTES >> 20,
        ROUNDS * COPY_RUNS,
        micros(s.ours_latency),
        micros(s.wgpu_latency),
        micros(s.ours_latency_timed),
        rate(s.ours_copy),
        rate(s.wgpu_copy),
    )
}

/// Replaces (or appends) the `## Vulkan runtime` section, keeping the rest.
fn write_section(path: &Path, text: &str) -> std::io::Result<()> {
    let existing = std::fs::read_to_string(path).unwrap_or_else(|_| "# Benchmarks\n".to_string());
    let updated = match existing.find("## Vulkan runtime") {
        Some(start) => {
            let after = start + 2;
            let end = existing[after..]
                .find("\n## ")
                .map_or(existing.len(), |i| after + i + 1);
            format!("{}{text}{}", &existing[..start], &existing[end..])
        }
        None => format!("{}\n\n{text}", existing.trim_end_matches('\n')),
    };
    std::fs::write(path, updated)
}

fn main() -> Result<(), Failure> {
    let empty = spirv(EMPTY_KERNEL)?;
    let copy = spirv(COPY_KERNEL)?;
    let context = Context::new(&ContextOptions::default())?;
    let device = context.device_name();
    let mut ours = Ours::new(&context, &empty, &copy)?;
    let theirs = Theirs::new(&device, &empty, &copy)?;
    let samples = run_rounds(&mut ours, &theirs)?;
    let text = section(&device, &theirs.label, samples);
    print!("{text}");
    write_section(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../BENCHMARKS.md"),
        &text,
    )?;
    Ok(())
}
