//! The parsed form of an AmberScript compute test: requirements, shaders,
//! buffers and images with their initial bytes, samplers, pipelines and the
//! command list.

use super::data::{DataType, Number};
use super::element::{ElementFormat, StructDecl};
use super::lexer::Loc;

/// How a shader's text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShaderFormat {
    Glsl,
    SpirvAsm,
    SpirvHex,
}

#[derive(Clone, Debug)]
pub struct Shader {
    pub name: String,
    pub format: ShaderFormat,
    pub target_env: Option<String>,
    pub source: String,
    pub loc: Loc,
}

#[derive(Clone, Debug)]
pub struct BufferDecl {
    pub name: String,
    pub format: ElementFormat,
    /// The element type, unless it is a `STRUCT`.
    pub plain: Option<DataType>,
    pub initial: Vec<u8>,
    /// The shape of an `IMAGE` (its texels are the elements, x fastest).
    pub image: Option<ImageDecl>,
}

/// The shape an `IMAGE` declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageDecl {
    /// 1, 2 or 3.
    pub dimensions: u32,
    /// Width, height, depth (1 where the image has no such dimension).
    pub extent: [u32; 3],
    pub loc: Loc,
}

/// A `SAMPLER`. Its enums hold Vulkan's values, which follow the order
/// AmberScript lists their names in.
#[derive(Clone, Debug, PartialEq)]
pub struct SamplerDecl {
    pub name: String,
    pub mag_filter: u32,
    pub min_filter: u32,
    /// U, V, W.
    pub address_modes: [u32; 3],
    pub border_color: u32,
    pub min_lod: f32,
    pub max_lod: f32,
    pub normalized_coordinates: bool,
    pub compare: Option<u32>,
}

/// How a pipeline binds a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BindKind {
    Storage,
    Uniform,
    StorageDynamic,
    UniformDynamic,
    StorageTexel,
    UniformTexel,
    StorageImage,
    SampledImage,
    CombinedImageSampler,
    Sampler,
}

/// One buffer of a `BIND BUFFER` or `BIND BUFFER_ARRAY`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundBufferDecl {
    pub buffer: usize,
    pub dynamic_offset: u32,
    pub descriptor_offset: u64,
    pub descriptor_range: Option<u64>,
}

#[derive(Clone, Debug)]
pub struct BindDecl {
    pub kind: BindKind,
    pub set: u32,
    pub binding: u32,
    /// The buffers or images bound (none for a sampler).
    pub buffers: Vec<BoundBufferDecl>,
    /// The sampler of a sampler or combined image-sampler binding.
    pub sampler: Option<usize>,
    pub loc: Loc,
}

/// `SUBGROUP` settings of the compute shader.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SubgroupDecl {
    pub fully_populated: bool,
    pub varying_size: bool,
    pub required_size: Option<RequiredSize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequiredSize {
    Exactly(u32),
    Min,
    Max,
}

#[derive(Clone, Debug)]
pub struct PipelineDecl {
    pub name: String,
    pub shader: Option<usize>,
    pub entry_point: String,
    pub specialization: Vec<(u32, [u8; 4])>,
    pub optimizations: Vec<String>,
    pub bindings: Vec<BindDecl>,
    pub push_constant: Option<usize>,
    pub subgroup: SubgroupDecl,
    pub loc: Loc,
}

/// A comparison of `EXPECT ... IDX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    pub value: f64,
    pub percent: bool,
}

#[derive(Clone, Debug)]
pub enum Expectation {
    Values {
        buffer: usize,
        offset: u64,
        comparison: Comparison,
        tolerance: Option<Tolerance>,
        values: Vec<Number>,
    },
    EqualBuffer {
        actual: usize,
        expected: usize,
    },
    RmseBuffer {
        actual: usize,
        expected: usize,
        tolerance: f64,
    },
}

#[derive(Clone, Debug)]
pub enum Command {
    Run {
        pipeline: usize,
        groups: [u32; 3],
        loc: Loc,
    },
    Copy {
        from: usize,
        to: usize,
        loc: Loc,
    },
    Expect {
        expectation: Expectation,
        text: String,
        loc: Loc,
    },
    Repeat {
        count: u32,
        body: Vec<Command>,
    },
}

/// A whole script.
#[derive(Clone, Debug, Default)]
pub struct Script {
    pub device_features: Vec<(String, Loc)>,
    pub device_properties: Vec<(String, Loc)>,
    pub device_extensions: Vec<String>,
    pub instance_extensions: Vec<String>,
    pub fence_timeout_ms: Option<u32>,
    pub structs: Vec<StructDecl>,
    pub shaders: Vec<Shader>,
    pub buffers: Vec<BufferDecl>,
    pub samplers: Vec<SamplerDecl>,
    pub pipelines: Vec<PipelineDecl>,
    pub commands: Vec<Command>,
}
