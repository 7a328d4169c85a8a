//! The resource interface of a compute kernel, read from its SPIR-V binary:
//! which (descriptor set, binding) pairs it declares, of which kind, how many
//! descriptors each holds (buffer arrays) and the least byte size each block
//! needs; its push-constant block size; its entry points and workgroup size.
//! The runtime checks a dispatch's resources against this before Vulkan sees
//! them, so a mismatch is a clear error rather than undefined behaviour.

use std::collections::HashMap;
use std::fmt;

/// How a kernel reaches a descriptor-bound resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceKind {
    /// A `StorageBuffer` variable, or a `Uniform` one whose block is a `BufferBlock`.
    StorageBuffer,
    /// A `Uniform` variable whose type is a `Block`.
    UniformBuffer,
    /// A `UniformConstant` buffer image read through a sampler-less view (`samplerBuffer`).
    UniformTexelBuffer,
    /// A `UniformConstant` buffer image read and written as storage (`imageBuffer`).
    StorageTexelBuffer,
    /// A 1D, 2D, 3D or cube image, arrayed or not, read and written as
    /// storage (`image2D`, `RWTexture2D`).
    StorageImage(ImageShape),
    /// Such an image read without a sampler (`texture2D`, `Texture2D`).
    SampledImage(ImageShape),
    /// An image with its sampler (`sampler2D`).
    CombinedImageSampler(ImageShape),
    /// A sampler alone (`sampler`, `SamplerState`).
    Sampler,
    /// Other opaque `UniformConstant` resources: multisampled, rectangle
    /// and subpass images, acceleration structures.
    Opaque,
}

/// What an image resource's type says of the images it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageShape {
    /// 1, 2 or 3 dimensions (2 for a cube).
    pub dimensions: u32,
    pub arrayed: bool,
    pub cube: bool,
    /// The SPIR-V `ImageFormat` (0: `Unknown`, any format the device can
    /// use that way).
    pub format: u32,
    /// What the kernel reads texels as (its image type's sampled type).
    pub texels: TexelKind,
}

/// How texels are read: as floats (float, normalized and packed float
/// formats), signed or unsigned integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TexelKind {
    Float,
    Signed,
    Unsigned,
}

impl ImageShape {
    /// The shape of a single-sampled image of SPIR-V `Dim` `dim` (1D, 2D,
    /// 3D or cube; a 3D one not arrayed).
    fn of(
        dim: u32,
        arrayed: u32,
        multisampled: u32,
        format: u32,
        texels: TexelKind,
    ) -> Option<ImageShape> {
        let arrayed = arrayed != 0;
        let dimensions = match dim {
            0 | 1 => dim + 1,
            2 if !arrayed => 3,
            3 => 2,
            _ => return None,
        };
        (multisampled == 0).then_some(ImageShape {
            dimensions,
            arrayed,
            cube: dim == 3,
            format,
            texels,
        })
    }
}

/// One descriptor binding the kernel declares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceBinding {
    pub set: u32,
    pub binding: u32,
    pub kind: ResourceKind,
    /// Number of descriptors: 1, or the length of a buffer array.
    pub count: u32,
    /// Bytes the block needs at least (its fixed part; a trailing runtime array counts zero).
    pub min_size: u64,
}

/// An `OpEntryPoint` and what its execution modes say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryPoint {
    pub name: String,
    /// SPIR-V execution model number (5 is GLCompute).
    pub execution_model: u32,
    /// `LocalSize` literal values when the module gives them.
    pub local_size: Option<[u32; 3]>,
}

/// Everything the runtime needs to know about a module's host interface.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelInterface {
    pub entry_points: Vec<EntryPoint>,
    pub bindings: Vec<ResourceBinding>,
    /// Size in bytes of the push-constant block, when the module declares one.
    pub push_constant_size: Option<u32>,
}

/// A malformed binary, with the word offset where reading stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InterfaceError {
    pub word: usize,
    pub message: String,
}

impl fmt::Display for InterfaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "word {}: {}", self.word, self.message)
    }
}

impl std::error::Error for InterfaceError {}

const MAGIC: u32 = 0x0723_0203;
const EXECUTION_MODEL_GL_COMPUTE: u32 = 5;
/// `Dim` operand of `OpTypeImage` for buffer images (texel buffers).
const DIM_BUFFER: u32 = 5;

mod op {
    pub const ENTRY_POINT: u16 = 15;
    pub const EXECUTION_MODE: u16 = 16;
    pub const TYPE_BOOL: u16 = 20;
    pub const TYPE_INT: u16 = 21;
    pub const TYPE_FLOAT: u16 = 22;
    pub const TYPE_VECTOR: u16 = 23;
    pub const TYPE_MATRIX: u16 = 24;
    pub const TYPE_IMAGE: u16 = 25;
    pub const TYPE_SAMPLER: u16 = 26;
    pub const TYPE_SAMPLED_IMAGE: u16 = 27;
    pub const TYPE_ARRAY: u16 = 28;
    pub const TYPE_RUNTIME_ARRAY: u16 = 29;
    pub const TYPE_STRUCT: u16 = 30;
    pub const TYPE_POINTER: u16 = 32;
    pub const CONSTANT: u16 = 43;
    pub const SPEC_CONSTANT: u16 = 50;
    pub const VARIABLE: u16 = 59;
    pub const DECORATE: u16 = 71;
    pub const MEMBER_DECORATE: u16 = 72;
}

mod decoration {
    pub const BUFFER_BLOCK: u32 = 3;
    pub const ARRAY_STRIDE: u32 = 6;
    pub const MATRIX_STRIDE: u32 = 7;
    pub const BINDING: u32 = 33;
    pub const DESCRIPTOR_SET: u32 = 34;
    pub const OFFSET: u32 = 35;
}

mod storage_class {
    pub const UNIFORM_CONSTANT: u32 = 0;
    pub const UNIFORM: u32 = 2;
    pub const PUSH_CONSTANT: u32 = 9;
    pub const STORAGE_BUFFER: u32 = 12;
}

#[derive(Clone, Debug)]
enum Type {
    Scalar {
        bytes: u32,
        kind: TexelKind,
    },
    Vector {
        component: u32,
        count: u32,
    },
    Matrix {
        columns: u32,
    },
    Array {
        element: u32,
        length_id: u32,
    },
    RuntimeArray,
    Struct {
        members: Vec<u32>,
    },
    Pointer {
        pointee: u32,
    },
    Image {
        sampled_type: u32,
        dim: u32,
        arrayed: u32,
        multisampled: u32,
        sampled: u32,
        format: u32,
    },
    SampledImage {
        image: u32,
    },
    Sampler,
    Other,
}

#[derive(Default)]
struct Module {
    types: HashMap<u32, Type>,
    constants: HashMap<u32, u64>,
    decorations: HashMap<u32, Vec<(u32, u32)>>,
    member_decorations: HashMap<(u32, u32), Vec<(u32, u32)>>,
    variables: Vec<(u32, u32, u32)>,
    entry_points: Vec<(u32, EntryPoint)>,
    local_sizes: HashMap<u32, [u32; 3]>,
}

impl Module {
    fn decoration(&self, id: u32, kind: u32) -> Option<u32> {
        self.decorations
            .get(&id)?
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, v)| *v)
    }

    fn has_decoration(&self, id: u32, kind: u32) -> bool {
        self.decorations
            .get(&id)
            .is_some_and(|d| d.iter().any(|(k, _)| *k == kind))
    }

    fn member_decoration(&self, id: u32, member: u32, kind: u32) -> Option<u32> {
        self.member_decorations
            .get(&(id, member))?
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, v)| *v)
    }

    /// How a `UniformConstant` variable of type `id` is bound.
    fn opaque_kind(&self, id: u32) -> ResourceKind {
        let (image, combined) = match self.types.get(&id) {
            Some(Type::SampledImage { image }) => (self.types.get(image), true),
            Some(Type::Sampler) => return ResourceKind::Sampler,
            other => (other, false),
        };
        let Some(&Type::Image {
            sampled_type,
            dim,
            arrayed,
            multisampled,
            sampled,
            format,
        }) = image
        else {
            return ResourceKind::Opaque;
        };
        let texels = match self.types.get(&sampled_type) {
            Some(&Type::Scalar { kind, .. }) => kind,
            _ => TexelKind::Float,
        };
        let shape = ImageShape::of(dim, arrayed, multisampled, format, texels);
        match (dim, sampled, combined, shape) {
            // `samplerBuffer` is a sampled image of a buffer image.
            (DIM_BUFFER, 1, _, _) => ResourceKind::UniformTexelBuffer,
            (DIM_BUFFER, 2, false, _) => ResourceKind::StorageTexelBuffer,
            (_, _, true, Some(shape)) => ResourceKind::CombinedImageSampler(shape),
            (_, 1, false, Some(shape)) => ResourceKind::SampledImage(shape),
            (_, 2, false, Some(shape)) => ResourceKind::StorageImage(shape),
            _ => ResourceKind::Opaque,
        }
    }

    /// Byte size of a value of type `id` in an explicitly laid out block;
    /// `matrix_stride` comes from the member that holds a matrix.
    fn size_of(&self, id: u32, matrix_stride: Option<u32>, depth: u32) -> u64 {
        if depth > 64 {
            return 0;
        }
        match self.types.get(&id) {
            Some(Type::Scalar { bytes, .. }) => u64::from(*bytes),
            Some(Type::Vector { component, count }) => {
                self.size_of(*component, None, depth + 1) * u64::from(*count)
            }
            Some(Type::Matrix { columns }) => {
                u64::from(matrix_stride.unwrap_or(16)) * u64::from(*columns)
            }
            Some(Type::Array { element, length_id }) => {
                let length = self.constants.get(length_id).copied().unwrap_or(1);
                let stride = match self.decoration(id, decoration::ARRAY_STRIDE) {
                    Some(stride) => u64::from(stride),
                    None => self.size_of(*element, matrix_stride, depth + 1),
                };
                stride * length
            }
            Some(Type::RuntimeArray) => 0,
            Some(Type::Struct { members }) => (0..members.len() as u32)
                .map(|index| {
                    let offset = self
                        .member_decoration(id, index, decoration::OFFSET)
                        .unwrap_or(0);
                    let stride = self.member_decoration(id, index, decoration::MATRIX_STRIDE);
                    u64::from(offset) + self.size_of(members[index as usize], stride, depth + 1)
                })
                .max()
                .unwrap_or(0),
            _ => 0,
        }
    }
}

fn literal_string(words: &[u32]) -> (String, usize) {
    let mut bytes = Vec::new();
    for (index, word) in words.iter().enumerate() {
        for byte in word.to_le_bytes() {
            if byte == 0 {
                return (String::from_utf8_lossy(&bytes).into_owned(), index + 1);
            }
            bytes.push(byte);
        }
    }
    (String::from_utf8_lossy(&bytes).into_owned(), words.len())
}

/// Turns little-endian bytes into words, checking the length.
pub fn words_from_bytes(bytes: &[u8]) -> Result<Vec<u32>, InterfaceError> {
    if bytes.len() % 4 != 0 {
        return Err(InterfaceError {
            word: bytes.len() / 4,
            message: format!(
                "binary is {} bytes, not a whole number of words",
                bytes.len()
            ),
        });
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// Reads the host interface of a SPIR-V module.
pub fn reflect(words: &[u32]) -> Result<KernelInterface, InterfaceError> {
    if words.len() < 5 {
        return Err(InterfaceError {
            word: 0,
            message: "binary shorter than its 5-word header".into(),
        });
    }
    if words[0] != MAGIC {
        return Err(InterfaceError {
            word: 0,
            message: format!(
                "bad magic number {:#010x} (expected {MAGIC:#010x})",
                words[0]
            ),
        });
    }
    let mut module = Module::default();
    let mut at = 5;
    while at < words.len() {
        let word_count = (words[at] >> 16) as usize;
        let opcode = (words[at] & 0xffff) as u16;
        if word_count == 0 || at + word_count > words.len() {
            return Err(InterfaceError {
                word: at,
                message: format!("instruction with word count {word_count} runs past the end"),
            });
        }
        read_instruction(&mut module, opcode, &words[at + 1..at + word_count]);
        at += word_count;
    }
    Ok(assemble_interface(&module))
}

fn read_instruction(module: &mut Module, opcode: u16, operands: &[u32]) {
    let operand = |index: usize| operands.get(index).copied().unwrap_or(0);
    match opcode {
        op::ENTRY_POINT if operands.len() >= 3 => {
            let (name, _) = literal_string(&operands[2..]);
            module.entry_points.push((
                operand(1),
                EntryPoint {
                    name,
                    execution_model: operand(0),
                    local_size: None,
                },
            ));
        }
        op::EXECUTION_MODE if operands.len() >= 5 && operand(1) == 17 => {
            module
                .local_sizes
                .insert(operand(0), [operand(2), operand(3), operand(4)]);
        }
        op::TYPE_BOOL => {
            let kind = TexelKind::Unsigned;
            module
                .types
                .insert(operand(0), Type::Scalar { bytes: 4, kind });
        }
        op::TYPE_INT | op::TYPE_FLOAT => {
            let kind = match (opcode, operand(2)) {
                (op::TYPE_FLOAT, _) => TexelKind::Float,
                (_, 0) => TexelKind::Unsigned,
                _ => TexelKind::Signed,
            };
            let bytes = operand(1) / 8;
            module
                .types
                .insert(operand(0), Type::Scalar { bytes, kind });
        }
        op::TYPE_VECTOR => {
            module.types.insert(
                operand(0),
                Type::Vector {
                    component: operand(1),
                    count: operand(2),
                },
            );
        }
        op::TYPE_IMAGE if operands.len() >= 7 => {
            module.types.insert(
                operand(0),
                Type::Image {
                    sampled_type: operand(1),
                    dim: operand(2),
                    arrayed: operand(4),
                    multisampled: operand(5),
                    sampled: operand(6),
                    format: operand(7),
                },
            );
        }
        op::TYPE_SAMPLER => {
            module.types.insert(operand(0), Type::Sampler);
        }
        op::TYPE_SAMPLED_IMAGE => {
            module
                .types
                .insert(operand(0), Type::SampledImage { image: operand(1) });
        }
        op::TYPE_MATRIX => {
            module.types.insert(
                operand(0),
                Type::Matrix {
                    columns: operand(2),
                },
            );
        }
        op::TYPE_ARRAY => {
            module.types.insert(
                operand(0),
                Type::Array {
                    element: operand(1),
                    length_id: operand(2),
                },
            );
        }
        op::TYPE_RUNTIME_ARRAY => {
            module.types.insert(operand(0), Type::RuntimeArray);
        }
        op::TYPE_STRUCT if !operands.is_empty() => {
            module.types.insert(
                operand(0),
                Type::Struct {
                    members: operands[1..].to_vec(),
                },
            );
        }
        op::TYPE_POINTER => {
            module.types.insert(
                operand(0),
                Type::Pointer {
                    pointee: operand(2),
                },
            );
        }
        op::CONSTANT | op::SPEC_CONSTANT if operands.len() >= 3 => {
            let high = operands.get(3).map_or(0, |w| u64::from(*w) << 32);
            module
                .constants
                .insert(operand(1), u64::from(operand(2)) | high);
        }
        op::VARIABLE if operands.len() >= 3 => {
            module.variables.push((operand(0), operand(1), operand(2)));
        }
        op::DECORATE if operands.len() >= 2 => {
            module
                .decorations
                .entry(operand(0))
                .or_default()
                .push((operand(1), operand(2)));
        }
        op::MEMBER_DECORATE if operands.len() >= 3 => {
            module
                .member_decorations
                .entry((operand(0), operand(1)))
                .or_default()
                .push((operand(2), operand(3)));
        }
        _ if (19..=39).contains(&opcode) && !operands.is_empty() => {
            module.types.entry(operand(0)).or_insert(Type::Other);
        }
        _ => {}
    }
}

fn assemble_interface(module: &Module) -> KernelInterface {
    let mut interface = KernelInterface {
        entry_points: module
            .entry_points
            .iter()
            .map(|(id, entry)| EntryPoint {
                local_size: module.local_sizes.get(id).copied(),
                ..entry.clone()
            })
            .collect(),
        ..KernelInterface::default()
    };
    for &(pointer_type, id, storage) in &module.variables {
        let pointee = match module.types.get(&pointer_type) {
            Some(Type::Pointer { pointee }) => *pointee,
            _ => continue,
        };
        if storage == storage_class::PUSH_CONSTANT {
            let size = module.size_of(pointee, None, 0) as u32;
            interface.push_constant_size =
                Some(interface.push_constant_size.unwrap_or(0).max(size));
            continue;
        }
        let (Some(set), Some(binding)) = (
            module.decoration(id, decoration::DESCRIPTOR_SET),
            module.decoration(id, decoration::BINDING),
        ) else {
            continue;
        };
        let (block, count) = match module.types.get(&pointee) {
            Some(Type::Array { element, length_id }) => (
                *element,
                module.constants.get(length_id).copied().unwrap_or(1) as u32,
            ),
            Some(Type::RuntimeArray) => (pointee, 0),
            _ => (pointee, 1),
        };
        let kind = match storage {
            storage_class::STORAGE_BUFFER => ResourceKind::StorageBuffer,
            storage_class::UNIFORM if module.has_decoration(block, decoration::BUFFER_BLOCK) => {
                ResourceKind::StorageBuffer
            }
            storage_class::UNIFORM => ResourceKind::UniformBuffer,
            storage_class::UNIFORM_CONSTANT => module.opaque_kind(block),
            _ => continue,
        };
        let is_block = matches!(
            kind,
            ResourceKind::StorageBuffer | ResourceKind::UniformBuffer
        );
        let min_size = if is_block {
            module.size_of(block, None, 0)
        } else {
            0
        };
        interface.bindings.push(ResourceBinding {
            set,
            binding,
            kind,
            count,
            min_size,
        });
    }
    interface.bindings.sort_by_key(|b| (b.set, b.binding));
    interface
}

impl KernelInterface {
    /// The entry point called `name` for the compute stage.
    pub fn compute_entry_point(&self, name: &str) -> Option<&EntryPoint> {
        self.entry_points
            .iter()
            .find(|e| e.name == name && e.execution_model == EXECUTION_MODEL_GL_COMPUTE)
    }

    /// The binding at (set, binding), when the kernel declares it.
    pub fn binding(&self, set: u32, binding: u32) -> Option<&ResourceBinding> {
        self.bindings
            .iter()
            .find(|b| b.set == set && b.binding == binding)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_magic_and_truncation() {
        assert!(reflect(&[1, 2, 3, 4, 5])
            .unwrap_err()
            .message
            .contains("magic"));
        let truncated = [MAGIC, 0x0001_0000, 0, 10, 0, (9 << 16) | 17];
        assert_eq!(reflect(&truncated).unwrap_err().word, 5);
        assert!(words_from_bytes(&[1, 2, 3]).is_err());
    }
}
