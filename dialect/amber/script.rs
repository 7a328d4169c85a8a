//! The parsed form of an AmberScript compute test: requirements, shaders,
//! buffers with their initial bytes, pipelines and the command list.

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
    pub buffers: Vec<BoundBufferDecl>,
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
    pub pipelines: Vec<PipelineDecl>,
    pub commands: Vec<Command>,
}
