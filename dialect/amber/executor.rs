//! Runs a parsed script on the Vulkan runtime: checks its requirements
//! (a missing feature or extension skips it), compiles its shaders, makes
//! its buffers and images (each image mirrored in a buffer that EXPECT and
//! COPY read), builds each pipeline once and reuses it for every RUN,
//! batches RUNs and COPYs into one submission until an EXPECT needs the
//! results, and reports each EXPECT and any validation message.

use super::data::{DataType, Scalar};
use super::expect::{check, BufferView};
use super::lexer::Loc;
use super::script::*;
use super::shader::{compile, ShaderError};
use super::{Outcome, RunError, RunOptions};
use crate::runtime::vulkan::{
    AddressMode, Binding, BindingGroup, BorderColor, BoundBuffer, Buffer, CompareOp, Context,
    ContextOptions, DescriptorKind, FeatureSupport, Image, ImageDesc, Kernel, KernelDesc,
    RuntimeError, SamplerDesc, SamplerFilter, Slot, Stream, SubgroupControl, TexelFormat,
};
use std::io::Write;
use std::time::Duration;

/// A pipeline's runtime objects, made at its first RUN.
struct Built {
    kernel: Kernel,
    group: Option<BindingGroup>,
}

/// Why execution stopped early.
enum Halt {
    Skip(String),
    Error(RunError),
}

impl From<RunError> for Halt {
    fn from(error: RunError) -> Halt {
        Halt::Error(error)
    }
}

struct Executor<'a> {
    script: &'a Script,
    file: &'a str,
    out: &'a mut dyn Write,
    /// Print each RUN's kernel time (from timestamp queries) when its work completes.
    timings: bool,
    /// Lines of the RUNs recorded since the last submission, in order.
    pending_runs: Vec<usize>,
    context: Context,
    stream: Stream,
    /// Every buffer's contents; for an `IMAGE`, a copy of its texels,
    /// refreshed after each RUN that binds it as a storage image.
    buffers: Vec<Buffer>,
    /// The image of each `IMAGE`.
    images: Vec<Option<Image>>,
    pipelines: Vec<Option<Built>>,
    expectations: usize,
    failures: usize,
}

/// A runtime error with no script position (device setup).
fn unplaced(error: RuntimeError) -> RunError {
    RunError {
        loc: None,
        message: error.to_string(),
    }
}

fn at(loc: Loc) -> impl Fn(RuntimeError) -> RunError {
    move |e| RunError {
        loc: Some(loc),
        message: e.to_string(),
    }
}

/// The texel format of a buffer's element type, for texel-buffer bindings.
fn texel_format(data_type: DataType) -> Option<TexelFormat> {
    use TexelFormat as F;
    if data_type.columns != 1 {
        return None;
    }
    let by_rows = |formats: [F; 4]| formats.get(data_type.rows as usize - 1).copied();
    match data_type.scalar {
        Scalar::U8 => by_rows([F::R8_UINT, F::R8G8_UINT, F::R8G8B8_UINT, F::R8G8B8A8_UINT]),
        Scalar::I8 => by_rows([F::R8_SINT, F::R8G8_SINT, F::R8G8B8_SINT, F::R8G8B8A8_SINT]),
        Scalar::U16 => by_rows([
            F::R16_UINT,
            F::R16G16_UINT,
            F::R16G16B16_UINT,
            F::R16G16B16A16_UINT,
        ]),
        Scalar::I16 => by_rows([
            F::R16_SINT,
            F::R16G16_SINT,
            F::R16G16B16_SINT,
            F::R16G16B16A16_SINT,
        ]),
        Scalar::F16 => by_rows([
            F::R16_SFLOAT,
            F::R16G16_SFLOAT,
            F::R16G16B16_SFLOAT,
            F::R16G16B16A16_SFLOAT,
        ]),
        Scalar::U32 => by_rows([
            F::R32_UINT,
            F::R32G32_UINT,
            F::R32G32B32_UINT,
            F::R32G32B32A32_UINT,
        ]),
        Scalar::I32 => by_rows([
            F::R32_SINT,
            F::R32G32_SINT,
            F::R32G32B32_SINT,
            F::R32G32B32A32_SINT,
        ]),
        Scalar::F32 => by_rows([
            F::R32_SFLOAT,
            F::R32G32_SFLOAT,
            F::R32G32B32_SFLOAT,
            F::R32G32B32A32_SFLOAT,
        ]),
        Scalar::U64 | Scalar::I64 | Scalar::F64 => None,
    }
}

/// The runtime descriptor kind of a `BIND`; texel buffers take their
/// format from the (first) bound buffer's type.
fn descriptor_kind(script: &Script, bind: &BindDecl) -> Result<DescriptorKind, RunError> {
    let texel = || {
        let buffer = &script.buffers[bind.buffers[0].buffer];
        buffer.plain.and_then(texel_format).ok_or_else(|| RunError {
            loc: Some(bind.loc),
            message: format!(
                "a buffer of {} cannot be a texel buffer",
                buffer.format.name
            ),
        })
    };
    Ok(match bind.kind {
        BindKind::Storage => DescriptorKind::Storage,
        BindKind::Uniform => DescriptorKind::Uniform,
        BindKind::StorageDynamic => DescriptorKind::StorageDynamic,
        BindKind::UniformDynamic => DescriptorKind::UniformDynamic,
        BindKind::StorageTexel => DescriptorKind::StorageTexel(texel()?),
        BindKind::UniformTexel => DescriptorKind::UniformTexel(texel()?),
        BindKind::StorageImage => DescriptorKind::StorageImage,
        BindKind::SampledImage => DescriptorKind::SampledImage,
        BindKind::CombinedImageSampler => DescriptorKind::CombinedImageSampler,
        BindKind::Sampler => DescriptorKind::Sampler,
    })
}

/// The runtime image of an `IMAGE`, holding its initial texels.
fn make_image(
    context: &Context,
    buffer: &BufferDecl,
    image: &ImageDecl,
) -> Result<Image, RunError> {
    let error = |message: String| RunError {
        loc: Some(image.loc),
        message,
    };
    let format = (buffer.plain.and_then(texel_format))
        .filter(|&format| {
            let texel = ImageDesc::new(format, 1, [1; 3]);
            texel.byte_size() == Some(u64::from(buffer.format.stride))
        })
        .ok_or_else(|| {
            error(format!(
                "image `{}`: texels of {} are not an image format here",
                buffer.name, buffer.format.name
            ))
        })?;
    let desc = ImageDesc::new(format, image.dimensions, image.extent);
    Image::with_data(context, desc, &buffer.initial)
        .map_err(|e| error(format!("image `{}`: {e}", buffer.name)))
}

/// The runtime form of a `SAMPLER`.
fn sampler_desc(sampler: &SamplerDecl) -> SamplerDesc {
    let raw = |value: u32| value as i32;
    SamplerDesc {
        mag_filter: SamplerFilter::from_raw(raw(sampler.mag_filter)),
        min_filter: SamplerFilter::from_raw(raw(sampler.min_filter)),
        address_modes: sampler.address_modes.map(|m| AddressMode::from_raw(raw(m))),
        border_color: BorderColor::from_raw(raw(sampler.border_color)),
        min_lod: sampler.min_lod,
        max_lod: sampler.max_lod,
        normalized_coordinates: sampler.normalized_coordinates,
        compare: sampler.compare.map(|op| CompareOp::from_raw(raw(op))),
    }
}

/// A runtime error about `pipeline`: the device lacking something skips the
/// script, anything else is an error at the pipeline's line.
fn halt_for(pipeline: &PipelineDecl) -> impl Fn(RuntimeError) -> Halt + '_ {
    move |error| match error {
        RuntimeError::Unsupported(reason) => Halt::Skip(reason),
        other => Halt::Error(RunError {
            loc: Some(pipeline.loc),
            message: format!("pipeline `{}`: {other}", pipeline.name),
        }),
    }
}

/// Runs `script`; progress lines go to `out`.
pub fn execute(
    script: &Script,
    file: &str,
    options: &RunOptions,
    out: &mut dyn Write,
) -> Result<Outcome, RunError> {
    let context_options = ContextOptions {
        device: options.device.clone(),
        validation: options.validation,
        device_extensions: script.device_extensions.clone(),
        instance_extensions: script.instance_extensions.clone(),
        fence_timeout: script
            .fence_timeout_ms
            .map_or(ContextOptions::default().fence_timeout, |ms| {
                Duration::from_millis(u64::from(ms))
            }),
    };
    let context = match Context::new(&context_options) {
        Ok(context) => context,
        Err(RuntimeError::Unsupported(reason)) => return Ok(Outcome::Skip(reason)),
        Err(e) => return Err(unplaced(e)),
    };
    if let Some(reason) = missing_requirement(script, &context) {
        return Ok(Outcome::Skip(reason));
    }
    let buffers = script
        .buffers
        .iter()
        .map(|b| Buffer::with_data(&context, &b.initial))
        .collect::<Result<Vec<_>, _>>()
        .map_err(unplaced)?;
    let images = (script.buffers.iter())
        .map(|b| {
            b.image
                .map(|image| make_image(&context, b, &image))
                .transpose()
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut stream = Stream::new(&context).map_err(unplaced)?;
    stream.set_timing(options.timings);
    let mut executor = Executor {
        script,
        file,
        out,
        timings: options.timings,
        pending_runs: Vec::new(),
        context,
        stream,
        buffers,
        images,
        pipelines: script.pipelines.iter().map(|_| None).collect(),
        expectations: 0,
        failures: 0,
    };
    match executor.run_all(&script.commands) {
        Ok(()) => executor.finish(),
        Err(Halt::Skip(reason)) => Ok(Outcome::Skip(reason)),
        Err(Halt::Error(error)) => Err(error),
    }
}

fn missing_requirement(script: &Script, context: &Context) -> Option<String> {
    let features = script
        .device_features
        .iter()
        .map(|(name, _)| ("feature", name, context.feature(name)));
    let properties = script
        .device_properties
        .iter()
        .map(|(name, _)| ("property", name, context.property(name)));
    features
        .chain(properties)
        .find_map(|(what, name, support)| match support {
            FeatureSupport::Supported => None,
            FeatureSupport::Unsupported => Some(format!("device lacks {what} {name}")),
            FeatureSupport::Unknown => {
                Some(format!("{what} {name} is not one this runner can check"))
            }
        })
}

impl Executor<'_> {
    fn run_all(&mut self, commands: &[Command]) -> Result<(), Halt> {
        for command in commands {
            match command {
                Command::Run {
                    pipeline,
                    groups,
                    loc,
                } => self.run(*pipeline, *groups, *loc)?,
                Command::Copy { from, to, loc } => self.copy(*from, *to, *loc)?,
                Command::Expect {
                    expectation,
                    text,
                    loc,
                } => self.expect(expectation, text, *loc)?,
                Command::Repeat { count, body } => {
                    for _ in 0..*count {
                        self.run_all(body)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn build(&self, index: usize) -> Result<Kernel, Halt> {
        let pipeline = &self.script.pipelines[index];
        let shader = &self.script.shaders[pipeline.shader.unwrap_or_default()];
        let words = compile(shader, &pipeline.optimizations).map_err(|e| match e {
            ShaderError::ToolMissing(reason) => Halt::Skip(reason),
            ShaderError::Failed(message) => Halt::Error(RunError {
                loc: Some(shader.loc),
                message: format!("shader `{}`: {message}", shader.name),
            }),
        })?;
        let range = self.context.subgroup_size_range().unwrap_or((0, 0));
        let subgroup = SubgroupControl {
            required_size: pipeline.subgroup.required_size.map(|size| match size {
                RequiredSize::Exactly(n) => n,
                RequiredSize::Min => range.0,
                RequiredSize::Max => range.1,
            }),
            full_subgroups: pipeline.subgroup.fully_populated,
            varying_size: pipeline.subgroup.varying_size,
        };
        let desc = KernelDesc {
            spirv: &words,
            entry_point: &pipeline.entry_point,
            slots: pipeline
                .bindings
                .iter()
                .map(|b| {
                    let kind = descriptor_kind(self.script, b)?;
                    Ok(Slot {
                        set: b.set,
                        binding: b.binding,
                        kind,
                    })
                })
                .collect::<Result<_, RunError>>()?,
            specialization: pipeline.specialization.clone(),
            push_constant_size: pipeline
                .push_constant
                .map_or(0, |b| self.script.buffers[b].initial.len() as u32),
            subgroup,
        };
        Kernel::new(&self.context, &desc).map_err(halt_for(pipeline))
    }

    fn bind(&self, index: usize, kernel: &Kernel) -> Result<BindingGroup, Halt> {
        let pipeline = &self.script.pipelines[index];
        let bindings: Vec<Binding> = pipeline
            .bindings
            .iter()
            .map(|b| {
                let (images, buffers): (Vec<_>, Vec<_>) =
                    (b.buffers.iter()).partition(|bound| self.images[bound.buffer].is_some());
                Binding {
                    set: b.set,
                    binding: b.binding,
                    buffers: buffers
                        .into_iter()
                        .map(|bound| BoundBuffer {
                            buffer: self.buffers[bound.buffer].clone(),
                            offset: bound.descriptor_offset,
                            range: bound.descriptor_range,
                            dynamic_offset: bound.dynamic_offset,
                        })
                        .collect(),
                    images: (images.into_iter())
                        .filter_map(|bound| self.images[bound.buffer].clone())
                        .collect(),
                    sampler: b.sampler.map(|s| sampler_desc(&self.script.samplers[s])),
                }
            })
            .collect();
        kernel.bind(&bindings).map_err(halt_for(pipeline))
    }

    fn run(&mut self, index: usize, groups: [u32; 3], loc: Loc) -> Result<(), Halt> {
        if self.pipelines[index].is_none() {
            let kernel = self.build(index)?;
            self.pipelines[index] = Some(Built {
                kernel,
                group: None,
            });
        }
        if self.pipelines[index]
            .as_ref()
            .is_some_and(|b| b.group.is_none())
        {
            let kernel = self.pipelines[index]
                .as_ref()
                .map(|b| b.kernel.clone())
                .ok_or_else(|| RunError {
                    loc: Some(loc),
                    message: "pipeline was not built".into(),
                })?;
            let group = self.bind(index, &kernel)?;
            if let Some(built) = self.pipelines[index].as_mut() {
                built.group = Some(group);
            }
        }
        let push = match self.script.pipelines[index].push_constant {
            Some(buffer) => {
                self.flush().map_err(at(loc))?;
                let mut bytes = self.buffers[buffer].read();
                bytes.truncate(self.script.buffers[buffer].initial.len());
                bytes
            }
            None => Vec::new(),
        };
        let Some(Built {
            kernel,
            group: Some(group),
        }) = &self.pipelines[index]
        else {
            return Err(RunError {
                loc: Some(loc),
                message: "pipeline was not built".into(),
            }
            .into());
        };
        self.stream
            .dispatch(kernel, group, &push, groups)
            .map_err(at(loc))?;
        self.pending_runs.push(loc.line);
        // What the kernel wrote to its storage images, for EXPECT and COPY.
        let written = (self.script.pipelines[index].bindings.iter())
            .filter(|b| b.kind == BindKind::StorageImage)
            .flat_map(|b| &b.buffers);
        for bound in written {
            if let Some(image) = &self.images[bound.buffer] {
                (self.stream)
                    .copy_from_image(image, &self.buffers[bound.buffer])
                    .map_err(at(loc))?;
            }
        }
        Ok(())
    }

    fn copy(&mut self, from: usize, to: usize, loc: Loc) -> Result<(), RunError> {
        let (source, target) = (&self.buffers[from], &self.buffers[to]);
        let names = (
            &self.script.buffers[from].name,
            &self.script.buffers[to].name,
        );
        let (from_size, to_size) = (
            self.script.buffers[from].initial.len(),
            self.script.buffers[to].initial.len(),
        );
        if from_size != to_size {
            return Err(RunError {
                loc: Some(loc),
                message: format!(
                    "cannot copy `{}` ({} bytes) to `{}` ({} bytes): buffers differ in size",
                    names.0, from_size, names.1, to_size
                ),
            });
        }
        self.stream
            .copy(source, target, from_size as u64)
            .map_err(at(loc))?;
        match &self.images[to] {
            Some(image) => self.stream.copy_to_image(target, image).map_err(at(loc)),
            None => Ok(()),
        }
    }

    fn expect(&mut self, expectation: &Expectation, text: &str, loc: Loc) -> Result<(), RunError> {
        self.flush().map_err(at(loc))?;
        let contents: Vec<Vec<u8>> = self
            .buffers
            .iter()
            .zip(&self.script.buffers)
            .map(|(buffer, decl)| {
                // Device buffers are at least 4 bytes; the script sees its own size.
                let mut bytes = buffer.read();
                bytes.truncate(decl.initial.len());
                bytes
            })
            .collect();
        let views: Vec<BufferView> = self
            .script
            .buffers
            .iter()
            .zip(&contents)
            .map(|(decl, bytes)| BufferView {
                name: &decl.name,
                format: &decl.format,
                bytes,
            })
            .collect();
        self.expectations += 1;
        let line = match check(expectation, &views) {
            Ok(()) => format!("{}:{}: pass: {text}", self.file, loc.line),
            Err(reason) => {
                self.failures += 1;
                format!("{}:{}: FAIL: {text}\n    {reason}", self.file, loc.line)
            }
        };
        let _ = writeln!(self.out, "{line}");
        Ok(())
    }

    /// Submits recorded work and waits; with `timings`, prints each RUN's kernel time.
    fn flush(&mut self) -> Result<(), RuntimeError> {
        let times = self.stream.finish()?;
        let runs = std::mem::take(&mut self.pending_runs);
        if self.timings {
            for (line, time) in runs.iter().zip(&times) {
                let micros = time.as_secs_f64() * 1e6;
                let _ = writeln!(self.out, "{}:{line}: kernel time {micros:.1} us", self.file);
            }
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<Outcome, RunError> {
        self.flush().map_err(unplaced)?;
        let messages = self.context.take_validation_messages();
        for message in &messages {
            let _ = writeln!(self.out, "{}: validation: {message}", self.file);
        }
        if self.failures > 0 || !messages.is_empty() {
            Ok(Outcome::Fail {
                failed: self.failures,
                total: self.expectations,
                validation_messages: messages.len(),
            })
        } else {
            Ok(Outcome::Pass {
                expectations: self.expectations,
            })
        }
    }
}
