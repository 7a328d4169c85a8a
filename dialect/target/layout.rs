//! Vulkan's explicit layout rules for interface blocks: the `Offset`,
//! `ArrayStride` and `MatrixStride` that std140 (uniform buffers) and std430
//! (storage buffers, push constants) give each member, computed on a small
//! shape description so that passes and tests can share them.

/// The shape of a type, as far as layout is concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A scalar of this many bytes.
    Scalar(u32),
    /// `count` scalars of `scalar` bytes.
    Vector {
        count: u32,
        scalar: u32,
    },
    /// `columns` column vectors of `rows` scalars of `scalar` bytes.
    Matrix {
        columns: u32,
        rows: u32,
        scalar: u32,
        row_major: bool,
    },
    /// `length` elements, or a runtime array when `None`.
    Array {
        length: Option<u32>,
        element: Box<Shape>,
    },
    Struct(Vec<Shape>),
}

/// Which set of layout rules applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// Uniform buffers: arrays and structs round up to 16 bytes.
    Std140,
    /// Storage buffers and push constants.
    Std430,
}

/// The rules a storage class with explicit layout uses: std140 for
/// `Uniform`, std430 for storage buffers and push constants; None for the
/// classes without explicit layout.
pub fn rules_for_storage_class(class: &str) -> Option<Rules> {
    match class {
        "Uniform" => Some(Rules::Std140),
        "StorageBuffer" | "PushConstant" | "PhysicalStorageBuffer" => Some(Rules::Std430),
        _ => None,
    }
}

fn round_up(value: u32, align: u32) -> u32 {
    value.div_ceil(align.max(1)) * align.max(1)
}

fn vector_align(count: u32, scalar: u32) -> u32 {
    if count == 2 {
        2 * scalar
    } else {
        4 * scalar
    }
}

impl Shape {
    /// The vectors a matrix is laid out as: columns, or rows when row-major.
    fn matrix_vector(&self) -> Option<(u32, u32, u32)> {
        match *self {
            Shape::Matrix {
                columns,
                rows,
                scalar,
                row_major: false,
            } => Some((columns, rows, scalar)),
            Shape::Matrix {
                columns,
                rows,
                scalar,
                row_major: true,
            } => Some((rows, columns, scalar)),
            _ => None,
        }
    }

    /// The base alignment under `rules`.
    pub fn align(&self, rules: Rules) -> u32 {
        let align = match self {
            Shape::Scalar(bytes) => *bytes,
            Shape::Vector { count, scalar } => vector_align(*count, *scalar),
            Shape::Matrix { .. } => {
                let (_, count, scalar) = self.matrix_vector().unwrap_or((1, 1, 4));
                vector_align(count, scalar)
            }
            Shape::Array { element, .. } => element.align(rules),
            Shape::Struct(members) => members.iter().map(|m| m.align(rules)).max().unwrap_or(1),
        };
        match (rules, self) {
            (Rules::Std140, Shape::Array { .. } | Shape::Struct(_) | Shape::Matrix { .. }) => {
                round_up(align, 16)
            }
            _ => align,
        }
    }

    /// The size in bytes; a runtime array counts as empty.
    pub fn size(&self, rules: Rules) -> u32 {
        match self {
            Shape::Scalar(bytes) => *bytes,
            Shape::Vector { count, scalar } => count * scalar,
            Shape::Matrix { .. } => {
                let (vectors, _, _) = self.matrix_vector().unwrap_or((1, 1, 4));
                vectors * self.matrix_stride(rules).unwrap_or(0)
            }
            Shape::Array { length, element } => length.unwrap_or(0) * element.array_stride(rules),
            Shape::Struct(members) => {
                let end = members
                    .iter()
                    .zip(struct_offsets(members, rules))
                    .map(|(m, o)| o + m.size(rules))
                    .max();
                round_up(end.unwrap_or(0), self.align(rules))
            }
        }
    }

    /// The `ArrayStride` of an array of this element.
    pub fn array_stride(&self, rules: Rules) -> u32 {
        let stride = round_up(self.size(rules), self.align(rules));
        match rules {
            Rules::Std140 => round_up(stride, 16),
            Rules::Std430 => stride,
        }
    }

    /// The `MatrixStride` of a matrix: the distance between its column (or,
    /// row-major, row) vectors.
    pub fn matrix_stride(&self, rules: Rules) -> Option<u32> {
        let (_, count, scalar) = self.matrix_vector()?;
        let align = vector_align(count, scalar);
        Some(match rules {
            Rules::Std140 => round_up(align, 16),
            Rules::Std430 => align,
        })
    }
}

/// The `Offset` of each member of a struct.
pub fn struct_offsets(members: &[Shape], rules: Rules) -> Vec<u32> {
    let mut offset = 0;
    members
        .iter()
        .map(|member| {
            let at = round_up(offset, member.align(rules));
            offset = at + member.size(rules);
            at
        })
        .collect()
}
