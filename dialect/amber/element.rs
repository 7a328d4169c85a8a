//! The memory plan of one buffer element: which scalar sits at which byte
//! offset and how far apart elements are. Plain types get theirs from
//! STD140/STD430 rules; `STRUCT` types from the same rules applied member by
//! member (with `OFFSET`, `MATRIX_STRIDE` and `STRIDE` overriding them).

use super::data::{decode, encode, DataType, Layout, Number, Scalar};

/// One scalar of an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Component {
    pub offset: u32,
    pub scalar: Scalar,
}

/// Where each scalar of an element lives, and the element stride.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementFormat {
    /// The type as the script names it, with its layout (`vec3<float> STD430`).
    pub name: String,
    pub components: Vec<Component>,
    pub stride: u32,
}

/// A `STRUCT` member's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemberType {
    Plain(DataType),
    /// Index into the script's structs.
    Struct(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberDecl {
    pub name: String,
    pub member_type: MemberType,
    pub offset: Option<u32>,
    pub matrix_stride: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructDecl {
    pub name: String,
    pub stride: Option<u32>,
    pub members: Vec<MemberDecl>,
}

/// A laid-out struct: its scalars, alignment and size.
struct Placed {
    components: Vec<Component>,
    alignment: u32,
    size: u32,
}

fn place_struct(structs: &[StructDecl], index: usize, layout: Layout) -> Placed {
    let mut components = Vec::new();
    let mut alignment = 1;
    let mut cursor: u32 = 0;
    for member in &structs[index].members {
        let (member_components, member_alignment, member_size) = match &member.member_type {
            MemberType::Plain(data_type) => {
                let column_stride = member
                    .matrix_stride
                    .unwrap_or_else(|| data_type.column_stride(layout));
                let offsets = data_type.component_offsets_with(column_stride);
                let components = offsets.into_iter().map(|offset| Component {
                    offset,
                    scalar: data_type.scalar,
                });
                let size = if data_type.columns > 1 {
                    column_stride * data_type.columns
                } else {
                    data_type.rows * data_type.scalar.bytes()
                };
                (
                    components.collect::<Vec<_>>(),
                    data_type.alignment(layout),
                    size,
                )
            }
            MemberType::Struct(inner) => {
                let placed = place_struct(structs, *inner, layout);
                (placed.components, placed.alignment, placed.size)
            }
        };
        let offset = member
            .offset
            .unwrap_or_else(|| cursor.next_multiple_of(member_alignment));
        components.extend(member_components.into_iter().map(|c| Component {
            offset: c.offset + offset,
            ..c
        }));
        alignment = alignment.max(member_alignment);
        cursor = offset + member_size;
    }
    if layout == Layout::Std140 {
        alignment = alignment.max(16);
    }
    Placed {
        components,
        alignment,
        size: cursor.next_multiple_of(alignment),
    }
}

impl ElementFormat {
    /// The format of a plain type.
    pub fn plain(data_type: DataType, layout: Layout) -> ElementFormat {
        let components = data_type
            .component_offsets(layout)
            .into_iter()
            .map(|offset| Component {
                offset,
                scalar: data_type.scalar,
            })
            .collect();
        ElementFormat {
            name: format!("{data_type} {layout}"),
            components,
            stride: data_type.stride(layout),
        }
    }

    /// The format of struct `index` of `structs`.
    pub fn of_struct(structs: &[StructDecl], index: usize, layout: Layout) -> ElementFormat {
        let placed = place_struct(structs, index, layout);
        let stride = structs[index].stride.unwrap_or(placed.size).max(1);
        ElementFormat {
            name: format!("{} {layout}", structs[index].name),
            components: placed.components,
            stride,
        }
    }

    /// The scalar type of the `index`th value, counting across elements.
    pub fn scalar_of(&self, index: usize) -> Scalar {
        self.components[index % self.components.len()].scalar
    }

    /// Lays `values` out as consecutive elements; a trailing partial element is zero-filled.
    pub fn pack(&self, values: &[Number]) -> Vec<u8> {
        let per_element = self.components.len();
        let elements = values.len().div_ceil(per_element);
        let stride = self.stride as usize;
        let mut bytes = vec![0u8; elements * stride];
        for (index, value) in values.iter().enumerate() {
            let component = self.components[index % per_element];
            let at = (index / per_element) * stride + component.offset as usize;
            encode(*value, component.scalar, &mut bytes[at..]);
        }
        bytes
    }

    /// Every component value of whole elements in `bytes`, in order.
    pub fn unpack(&self, bytes: &[u8]) -> Vec<Number> {
        bytes
            .chunks_exact(self.stride as usize)
            .flat_map(|element| {
                self.components.iter().map(move |c| {
                    let start = c.offset as usize;
                    decode(&element[start..start + c.scalar.bytes() as usize], c.scalar)
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(name: &str, type_name: &str) -> MemberDecl {
        MemberDecl {
            name: name.into(),
            member_type: MemberType::Plain(DataType::parse(type_name).unwrap()),
            offset: None,
            matrix_stride: None,
        }
    }

    #[test]
    fn structs_follow_block_layout_rules() {
        let inner = StructDecl {
            name: "inner".into(),
            stride: None,
            members: vec![member("a", "uint8")],
        };
        let outer = StructDecl {
            name: "outer".into(),
            stride: None,
            members: vec![
                member("x", "vec3<float>"),
                member("y", "float"),
                MemberDecl {
                    member_type: MemberType::Struct(0),
                    ..member("z", "int32")
                },
                member("w", "mat2x2<float>"),
            ],
        };
        let structs = [inner, outer];
        let std430 = ElementFormat::of_struct(&structs, 1, Layout::Std430);
        let offsets: Vec<u32> = std430.components.iter().map(|c| c.offset).collect();
        assert_eq!(offsets, vec![0, 4, 8, 12, 16, 24, 28, 32, 36]);
        assert_eq!(std430.stride, 48);
        let std140 = ElementFormat::of_struct(&structs, 1, Layout::Std140);
        let offsets: Vec<u32> = std140.components.iter().map(|c| c.offset).collect();
        assert_eq!(offsets, vec![0, 4, 8, 12, 16, 32, 36, 48, 52]);
        assert_eq!(std140.stride, 64);
        let values = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0].map(Number::Float);
        let mut with_byte = values;
        with_byte[4] = Number::Int(5);
        assert_eq!(std430.unpack(&std430.pack(&with_byte)), with_byte.to_vec());
    }
}
