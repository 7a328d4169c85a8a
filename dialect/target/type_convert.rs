//! Converting builtin types to SPIR-V types for a target environment:
//! `index` to `i32` or `i64`, integers and floats kept when the target has
//! their capability (8/16-bit integers otherwise emulated as `i32` when
//! asked, anything else rejected), vectors of 2 to 4 elements (8 and 16 with
//! `Vector16`), and buffers (a memref-like shape of elements in a storage
//! class) to `!spirv.ptr<!spirv.struct<(!spirv.array<N x T, stride=S> [0])>,
//! Class>`, laid out by Vulkan's rules where the class needs explicit layout.

use super::availability::scalar_capability;
use super::layout::{rules_for_storage_class, Shape};
use super::TargetEnv;
use crate::grammar::Capability;
use crate::ir::{Context, Param, Type, TypeData};
use crate::spirv::types::Member;
use crate::spirv::NAMESPACE;

/// Choices MLIR's converter offers too.
#[derive(Clone, Copy, Debug, Default)]
pub struct TypeConverterOptions {
    /// `index` becomes `i64` (needs `Int64`) instead of `i32`.
    pub use_64bit_index: bool,
    /// 8/16-bit integers the target cannot hold become `i32`.
    pub emulate_narrow_integers: bool,
}

/// Converts types for one target environment.
pub struct TypeConverter<'a> {
    pub env: &'a TargetEnv,
    pub options: TypeConverterOptions,
}

impl TypeConverter<'_> {
    fn allows(&self, name: &str) -> bool {
        name.parse::<Capability>()
            .is_ok_and(|c| self.env.allows_capability(c))
    }

    /// A scalar of `bits` (in `storage`, when behind a pointer): the
    /// width to use, or why there is none.
    fn scalar_width(
        &self,
        bits: u32,
        is_float: bool,
        storage: Option<&str>,
    ) -> Result<u32, String> {
        let Some(needed) = scalar_capability(bits, is_float, storage) else {
            return Ok(bits);
        };
        if self.allows(needed) {
            return Ok(bits);
        }
        let kind = if is_float { "float" } else { "integer" };
        if !is_float && bits < 32 && self.options.emulate_narrow_integers {
            return Ok(32);
        }
        let place = storage
            .map(|c| format!(" in {c} storage"))
            .unwrap_or_default();
        Err(format!(
            "a {bits}-bit {kind}{place} needs the {needed} capability, which the target does not allow"
        ))
    }

    /// The SPIR-V type for a value of builtin type `ty`.
    pub fn convert(&self, ctx: &mut Context, ty: Type) -> Result<Type, String> {
        self.convert_in(ctx, ty, None)
    }

    fn convert_in(
        &self,
        ctx: &mut Context,
        ty: Type,
        storage: Option<&str>,
    ) -> Result<Type, String> {
        match ctx.type_data(ty).clone() {
            TypeData::Index => {
                let bits = if self.options.use_64bit_index { 64 } else { 32 };
                let width = self.scalar_width(bits, false, storage)?;
                Ok(ctx.int_type(width))
            }
            TypeData::Integer { width: 1, .. } => Ok(ty),
            TypeData::Integer { width, signedness } => {
                let converted = self.scalar_width(width, false, storage)?;
                Ok(if converted == width {
                    ty
                } else {
                    ctx.integer_type(converted, signedness)
                })
            }
            TypeData::Float(kind) => {
                self.scalar_width(kind.width(), true, storage)?;
                Ok(ty)
            }
            TypeData::Vector {
                shape,
                elem,
                scalable,
            } => {
                let count: u64 = shape.iter().product();
                let allowed = match count {
                    2..=4 => true,
                    8 | 16 => self.env.allows_capability(Capability::Vector16),
                    _ => false,
                };
                if shape.len() != 1 || scalable != 0 || !allowed {
                    return Err(format!(
                        "a vector of {count} elements has no SPIR-V type in this target"
                    ));
                }
                let elem = self.convert_in(ctx, elem, storage)?;
                Ok(ctx.vector_type(&[count], elem))
            }
            TypeData::Dialect(d) if ctx.str(d.dialect) == NAMESPACE => Ok(ty),
            _ => Err("this type has no SPIR-V counterpart".to_string()),
        }
    }

    /// The pointer type for a buffer of `elem` with static `shape` (None: a
    /// runtime-sized buffer) in storage class `class`.
    pub fn convert_buffer(
        &self,
        ctx: &mut Context,
        shape: Option<&[u64]>,
        elem: Type,
        class: &str,
    ) -> Result<Type, String> {
        let elem = self.convert_in(ctx, elem, Some(class))?;
        let rules = rules_for_storage_class(class);
        let stride = match rules {
            Some(rules) => element_shape(ctx, elem)?.array_stride(rules) as i64,
            None => 0,
        };
        let array = match shape {
            Some(dims) => {
                let count = dims.iter().product::<u64>();
                let count = i64::try_from(count)
                    .ok()
                    .filter(|c| *c > 0 && *c <= i64::from(u32::MAX))
                    .ok_or_else(|| {
                        format!("a buffer of {count} elements has no SPIR-V array type")
                    })?;
                ctx.dialect_type(
                    NAMESPACE,
                    "array",
                    vec![Param::Int(count), Param::Type(elem), Param::Int(stride)],
                )
            }
            None => ctx.dialect_type(
                NAMESPACE,
                "rtarray",
                vec![Param::Type(elem), Param::Int(stride)],
            ),
        };
        let offset = if rules.is_some() { 0 } else { -1 };
        let member = Member::param(array, offset, Vec::new(), None);
        let empty = ctx.ident("");
        let block = ctx.dialect_type(
            NAMESPACE,
            "struct",
            vec![Param::Ident(empty), Param::List(vec![member].into())],
        );
        let class = ctx.ident(class);
        Ok(ctx.dialect_type(
            NAMESPACE,
            "ptr",
            vec![Param::Type(block), Param::Ident(class)],
        ))
    }
}

/// The layout shape of a converted buffer element (a scalar or vector).
fn element_shape(ctx: &Context, ty: Type) -> Result<Shape, String> {
    let bytes = |t: Type| match ctx.type_data(t) {
        TypeData::Integer { width, .. } => Ok(width.div_ceil(8)),
        TypeData::Float(kind) => Ok(kind.width() / 8),
        _ => Err("buffer elements are scalars or vectors".to_string()),
    };
    match ctx.type_data(ty) {
        TypeData::Vector { shape, elem, .. } => Ok(Shape::Vector {
            count: shape.iter().product::<u64>() as u32,
            scalar: bytes(*elem)?,
        }),
        _ => Ok(Shape::Scalar(bytes(ty)?)),
    }
}
