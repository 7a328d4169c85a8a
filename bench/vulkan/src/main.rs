//! Side-by-side benchmark of spirv-dialect's Vulkan runtime and wgpu (SPIR-V
//! passthrough) on the same device and the same SPIR-V kernels, in one run:
//! dispatch latency of an empty kernel with the pipeline reused (submit to
//! completion, µs) and throughput of a memory-bound copy kernel (GB/s).
//! Writes the figures into the `## Vulkan runtime` section of BENCHMARKS.md.

use spirv_dialect::amber::lexer::Loc;
use spirv_dialect::amber::script::{Shader, ShaderFormat};
use spirv_dialect::amber::shader::{compile, ShaderError};
use spirv_dialect::runtime::vulkan::{
    Binding, BoundBuffer, Buffer, Context, ContextOptions, DescriptorKind, Kernel, KernelDesc,
    Slot, Stream,
};
use std::path::Path;
use std::time::{Duration, Instant};

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

const LATENCY_WARMUP: usize = 100;
const LATENCY_RUNS: usize = 2000;
const COPY_VEC4S: u64 = 4 * 1024 * 1024;
const COPY_BYTES: u64 = COPY_VEC4S * 16;
const COPY_RUNS: usize = 15;

type Failure = Box<dyn std::error::Error>;

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

fn measure(
    runs: usize,
    warmup: usize,
    mut once: impl FnMut() -> Result<(), Failure>,
) -> Result<Duration, Failure> {
    for _ in 0..warmup {
        once()?;
    }
    let mut samples = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        once()?;
        samples.push(start.elapsed());
    }
    Ok(median(samples))
}

struct Figures {
    latency: Duration,
    /// Latency with timestamp queries around the dispatch (ours only).
    latency_timed: Option<Duration>,
    copy: Duration,
    copy_gpu: Option<Duration>,
}

fn ours(context: &Context, empty: &[u32], copy: &[u32]) -> Result<Figures, Failure> {
    let empty_kernel = Kernel::new(
        context,
        &KernelDesc {
            spirv: empty,
            entry_point: "main",
            slots: vec![],
            specialization: vec![],
            push_constant_size: 0,
            subgroup: Default::default(),
        },
    )?;
    let empty_group = empty_kernel.bind(&[])?;
    let mut stream = Stream::new(context)?;
    let dispatch_latency = |stream: &mut Stream| {
        measure(LATENCY_RUNS, LATENCY_WARMUP, || {
            stream.dispatch(&empty_kernel, &empty_group, &[], [1, 1, 1])?;
            stream.finish()?;
            Ok(())
        })
    };
    let latency_timed = dispatch_latency(&mut stream)?;
    stream.set_timing(false);
    let latency = dispatch_latency(&mut stream)?;
    stream.set_timing(true);
    let slots = (0..2)
        .map(|binding| Slot {
            set: 0,
            binding,
            kind: DescriptorKind::Storage,
        })
        .collect();
    let copy_kernel = Kernel::new(
        context,
        &KernelDesc {
            spirv: copy,
            entry_point: "main",
            slots,
            specialization: vec![],
            push_constant_size: 0,
            subgroup: Default::default(),
        },
    )?;
    let buffers = [
        Buffer::new(context, COPY_BYTES)?,
        Buffer::new(context, COPY_BYTES)?,
    ];
    let bindings: Vec<Binding> = buffers
        .iter()
        .enumerate()
        .map(|(i, buffer)| Binding {
            set: 0,
            binding: i as u32,
            buffers: vec![BoundBuffer {
                buffer: buffer.clone(),
                offset: 0,
                range: None,
                dynamic_offset: 0,
            }],
        })
        .collect();
    let copy_group = copy_kernel.bind(&bindings)?;
    let groups = [(COPY_VEC4S / 256) as u32, 1, 1];
    let mut gpu_times = Vec::new();
    let copy = measure(COPY_RUNS, 2, || {
        stream.dispatch(&copy_kernel, &copy_group, &[], groups)?;
        gpu_times.extend(stream.finish()?);
        Ok(())
    })?;
    let copy_gpu = (!gpu_times.is_empty()).then(|| median(gpu_times));
    Ok(Figures {
        latency,
        latency_timed: Some(latency_timed),
        copy,
        copy_gpu,
    })
}

fn storage_entry(binding: u32, read_only: bool) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

fn wgpu_pipeline(
    device: &wgpu::Device,
    words: &[u32],
    layout: Option<&wgpu::BindGroupLayout>,
    workgroup: u32,
) -> wgpu::ComputePipeline {
    let entry = [wgpu::PassthroughShaderEntryPoint {
        name: "main".into(),
        workgroup_size: (workgroup, 1, 1),
    }];
    let descriptor = wgpu::ShaderModuleDescriptorPassthrough {
        label: None,
        entry_points: entry.as_slice().into(),
        spirv: Some(words.into()),
        ..Default::default()
    };
    // SAFETY: the SPIR-V comes from glslang and was validated by the driver run above.
    let module = unsafe { device.create_shader_module_passthrough(descriptor) };
    let layouts: Vec<Option<&wgpu::BindGroupLayout>> = layout.into_iter().map(Some).collect();
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: None,
        bind_group_layouts: &layouts,
        immediate_size: 0,
    });
    device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: Some(&pipeline_layout),
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    })
}

fn wgpu_dispatch(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    pipeline: &wgpu::ComputePipeline,
    group: Option<&wgpu::BindGroup>,
    workgroups: u32,
) -> Result<(), Failure> {
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(pipeline);
        if let Some(group) = group {
            pass.set_bind_group(0, group, &[]);
        }
        pass.dispatch_workgroups(workgroups, 1, 1);
    }
    let index = queue.submit([encoder.finish()]);
    device.poll(wgpu::PollType::Wait {
        submission_index: Some(index),
        timeout: Some(Duration::from_secs(20)),
    })?;
    Ok(())
}

fn theirs(device_name: &str, empty: &[u32], copy: &[u32]) -> Result<(String, Figures), Failure> {
    let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle();
    descriptor.backends = wgpu::Backends::VULKAN;
    descriptor.flags = wgpu::InstanceFlags::empty();
    let instance = wgpu::Instance::new(descriptor);
    let adapters = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::VULKAN));
    let adapter = adapters
        .into_iter()
        .find(|a| a.get_info().name == device_name)
        .ok_or_else(|| format!("wgpu sees no Vulkan adapter named `{device_name}`"))?;
    let info = adapter.get_info();
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: None,
        required_features: wgpu::Features::PASSTHROUGH_SHADERS,
        required_limits: adapter.limits(),
        ..Default::default()
    }))?;
    let empty_pipeline = wgpu_pipeline(&device, empty, None, 64);
    let latency = measure(LATENCY_RUNS, LATENCY_WARMUP, || {
        wgpu_dispatch(&device, &queue, &empty_pipeline, None, 1)
    })?;
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: None,
        entries: &[storage_entry(0, true), storage_entry(1, false)],
    });
    let copy_pipeline = wgpu_pipeline(&device, copy, Some(&layout), 256);
    let buffers: Vec<wgpu::Buffer> = (0..2)
        .map(|_| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: COPY_BYTES,
                usage: wgpu::BufferUsages::STORAGE,
                mapped_at_creation: false,
            })
        })
        .collect();
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &layout,
        entries: &[
            wgpu::BindGroupEntry {
                binding: 0,
                resource: buffers[0].as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: buffers[1].as_entire_binding(),
            },
        ],
    });
    let workgroups = (COPY_VEC4S / 256) as u32;
    let copy = measure(COPY_RUNS, 2, || {
        wgpu_dispatch(&device, &queue, &copy_pipeline, Some(&group), workgroups)
    })?;
    Ok((
        format!("wgpu 30 ({:?} backend)", info.backend),
        Figures {
            latency,
            latency_timed: None,
            copy,
            copy_gpu: None,
        },
    ))
}

fn gigabytes_per_second(time: Duration) -> f64 {
    (2 * COPY_BYTES) as f64 / time.as_secs_f64() / 1e9
}

fn section(device: &str, wgpu_label: &str, ours: &Figures, theirs: &Figures) -> String {
    let micros = |d: Duration| d.as_secs_f64() * 1e6;
    let timed = ours
        .latency_timed
        .map_or("—".to_string(), |t| format!("{:.1}", micros(t)));
    let gpu = ours
        .copy_gpu
        .map(|t| format!(" (GPU timestamps: {:.2} GB/s)", gigabytes_per_second(t)))
        .unwrap_or_default();
    format!(
        "## Vulkan runtime\n\n\
         `cargo run --release --manifest-path bench/vulkan/Cargo.toml` (or `./x bench-vulkan`): the same\n\
         SPIR-V kernels (compiled once by glslangValidator) run through spirv-dialect's runtime and\n\
         through {wgpu_label} with SPIR-V passthrough, on one device in one run. Latency is the median\n\
         wall time of record + submit + wait for one dispatch of an empty 64-wide kernel, pipeline\n\
         and bindings reused ({LATENCY_RUNS} runs after {LATENCY_WARMUP} warm-up). Throughput is a\n\
         copy kernel over {} MiB (read + write counted), median of {COPY_RUNS} runs.\n\n\
         Device: {device}\n\n\
         | measure | spirv-dialect | wgpu |\n\
         |---|---|---|\n\
         | empty-kernel dispatch latency (µs, median) | {:.1} | {:.1} |\n\
         | same, with timestamp queries around the dispatch (µs, median) | {timed} | — |\n\
         | memory-bound copy throughput (GB/s, median) | {:.2}{gpu} | {:.2} |\n",
        COPY_BYTES >> 20,
        micros(ours.latency),
        micros(theirs.latency),
        gigabytes_per_second(ours.copy),
        gigabytes_per_second(theirs.copy),
    )
}

fn write_section(path: &Path, text: &str) -> std::io::Result<()> {
    let existing = std::fs::read_to_string(path).unwrap_or_else(|_| "# Benchmarks\n".to_string());
    let updated = match existing.find("## Vulkan runtime") {
        Some(start) => {
            let rest = &existing[start + 2..];
            let end = rest
                .find("\n## ")
                .map_or(existing.len(), |i| start + 2 + i + 1);
            format!("{}{text}{}", &existing[..start], &existing[end..])
        }
        None => format!(
            "{}\n{text}",
            existing.trim_end_matches('\n').to_string() + "\n"
        ),
    };
    std::fs::write(path, updated)
}

fn main() -> Result<(), Failure> {
    let empty = spirv(EMPTY_KERNEL)?;
    let copy = spirv(COPY_KERNEL)?;
    let context = Context::new(&ContextOptions::default())?;
    let device = context.device_name();
    let ours = ours(&context, &empty, &copy)?;
    let (wgpu_label, theirs) = theirs(&device, &empty, &copy)?;
    let text = section(&device, &wgpu_label, &ours, &theirs);
    print!("{text}");
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../BENCHMARKS.md");
    write_section(&target, &text)?;
    Ok(())
}
