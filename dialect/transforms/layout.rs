//! `--decorate-spirv-composite-type-layout`: gives the structs behind
//! pointers in interface storage classes an explicit layout — member
//! `Offset`s, `ArrayStride`s and `MatrixStride`s — by Vulkan's rules
//! (std140 for `Uniform`, std430 for `StorageBuffer`, `PushConstant` and
//! `PhysicalStorageBuffer`; see `target::layout`). Structs that already
//! carry offsets keep them. Every type naming such a pointer (variables,
//! values, function signatures) is rewritten alike.

use crate::ir::pass::Pass;
use crate::ir::{Context, Diagnostic, Op, Param, Type, TypeData};
use crate::spirv::types::Member;
use crate::spirv::NAMESPACE;
use crate::target::layout::{rules_for_storage_class, struct_offsets, Rules, Shape};

pub struct DecorateCompositeTypeLayout;

impl Pass for DecorateCompositeTypeLayout {
    fn argument(&self) -> &'static str {
        "decorate-spirv-composite-type-layout"
    }

    fn run(&mut self, ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
        for module in super::spirv_modules(ctx, op) {
            for inner in ctx.ops_nested_in(module) {
                decorate_op(ctx, inner);
            }
        }
        Ok(())
    }
}

fn decorate_op(ctx: &mut Context, op: Op) {
    // A `BufferBlock` storage buffer (SPIR-V before 1.3) is a Uniform
    // variable laid out std430.
    let buffer_block =
        ctx.op_name_str(op) == "spirv.GlobalVariable" && ctx.attr(op, "buffer_block").is_some();
    let values: Vec<_> = ctx.results(op).to_vec();
    let mut all = values;
    for &region in ctx.regions(op).to_vec().iter() {
        for &block in ctx.region_blocks(region).to_vec().iter() {
            all.extend_from_slice(ctx.block_args(block));
        }
    }
    for v in all {
        let ty = ctx.value_type(v);
        let new = decorate_type(ctx, ty, None);
        if new != ty {
            ctx.set_value_type(v, new);
        }
    }
    let rules = buffer_block.then_some(Rules::Std430);
    if let Some(properties) = ctx.properties(op) {
        let properties = decorate_type_attrs(ctx, properties, rules);
        ctx.set_properties(op, Some(properties));
    }
    let attributes = ctx.attributes(op);
    let attributes = decorate_type_attrs(ctx, attributes, rules);
    ctx.set_attributes(op, attributes);
}

/// `dict` with the types its type attributes hold decorated (under
/// `rules` instead of their storage class's, when given).
fn decorate_type_attrs(
    ctx: &mut Context,
    dict: crate::ir::Attr,
    rules: Option<Rules>,
) -> crate::ir::Attr {
    let mut result = dict;
    for (key, value) in ctx.dict_entries(dict).to_vec() {
        let Some(ty) = ctx.as_type_attr(value) else {
            continue;
        };
        let new = decorate_type(ctx, ty, rules);
        if new != ty {
            let attr = ctx.type_attr(new);
            result = ctx.dict_with(result, key, Some(attr));
        }
    }
    result
}

/// `ty` with every interface pointer's pointee laid out, under `rules`
/// when given, else its storage class's.
fn decorate_type(ctx: &mut Context, ty: Type, rules: Option<Rules>) -> Type {
    match ctx.type_data(ty).clone() {
        TypeData::Function { inputs, results } => {
            let inputs: Vec<Type> = inputs
                .iter()
                .map(|&t| decorate_type(ctx, t, None))
                .collect();
            let results: Vec<Type> = results
                .iter()
                .map(|&t| decorate_type(ctx, t, None))
                .collect();
            ctx.function_type(&inputs, &results)
        }
        TypeData::Dialect(d) if ctx.str(d.dialect) == NAMESPACE && ctx.str(d.mnemonic) == "ptr" => {
            let [Param::Type(pointee), Param::Ident(class)] = &d.params[..] else {
                return ty;
            };
            let Some(rules) = rules.or_else(|| rules_for_storage_class(ctx.str(*class))) else {
                return ty;
            };
            let pointee = match ctx.as_dialect_type(*pointee, NAMESPACE, "struct") {
                Some(_) => lay_out(ctx, *pointee, rules).0,
                None => *pointee,
            };
            ctx.dialect_type(
                NAMESPACE,
                "ptr",
                vec![Param::Type(pointee), Param::Ident(*class)],
            )
        }
        _ => ty,
    }
}

/// A struct pointee laid out for `class` (std430 where the class has no
/// explicit layout of its own), as the ABI lowering gives resource variables.
pub(super) fn laid_out_struct(ctx: &mut Context, ty: Type, class: &str) -> Type {
    let rules = rules_for_storage_class(class).unwrap_or(Rules::Std430);
    lay_out(ctx, ty, rules).0
}

/// `ty` with explicit layout under `rules`, and its layout shape.
fn lay_out(ctx: &mut Context, ty: Type, rules: Rules) -> (Type, Shape) {
    match ctx.type_data(ty).clone() {
        TypeData::Integer { width, .. } => (ty, Shape::Scalar(width.div_ceil(8))),
        TypeData::Float(kind) => (ty, Shape::Scalar(kind.width() / 8)),
        TypeData::Vector { shape, elem, .. } => {
            let scalar = scalar_bytes(ctx, elem);
            let count = shape.iter().product::<u64>() as u32;
            (ty, Shape::Vector { count, scalar })
        }
        TypeData::Dialect(d) if ctx.str(d.dialect) == NAMESPACE => {
            let mnemonic = ctx.str(d.mnemonic).to_string();
            lay_out_spirv(ctx, ty, &mnemonic, &d.params, rules)
        }
        _ => (ty, Shape::Scalar(4)),
    }
}

fn scalar_bytes(ctx: &Context, ty: Type) -> u32 {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => width.div_ceil(8),
        TypeData::Float(kind) => kind.width() / 8,
        _ => 4,
    }
}

fn lay_out_spirv(
    ctx: &mut Context,
    ty: Type,
    mnemonic: &str,
    params: &[Param],
    rules: Rules,
) -> (Type, Shape) {
    match (mnemonic, params) {
        ("array", [Param::Int(n), Param::Type(elem), _, spec_length @ ..]) => {
            let (elem, shape) = lay_out(ctx, *elem, rules);
            let stride = shape.array_stride(rules);
            let mut array_params =
                vec![Param::Int(*n), Param::Type(elem), Param::Int(stride as i64)];
            array_params.extend(spec_length.iter().cloned());
            let array = ctx.dialect_type(NAMESPACE, "array", array_params);
            let length = Some(*n as u32);
            let element = Box::new(shape);
            (array, Shape::Array { length, element })
        }
        ("rtarray", [Param::Type(elem), _]) => {
            let (elem, shape) = lay_out(ctx, *elem, rules);
            let stride = shape.array_stride(rules);
            let array = ctx.dialect_type(
                NAMESPACE,
                "rtarray",
                vec![Param::Type(elem), Param::Int(stride as i64)],
            );
            let element = Box::new(shape);
            (
                array,
                Shape::Array {
                    length: None,
                    element,
                },
            )
        }
        ("matrix", [Param::Int(columns), Param::Type(column)]) => {
            let (rows, scalar) = match ctx.type_data(*column) {
                TypeData::Vector { shape, elem, .. } => (
                    shape.iter().product::<u64>() as u32,
                    scalar_bytes(ctx, *elem),
                ),
                _ => (1, 4),
            };
            let columns = *columns as u32;
            let row_major = false;
            (
                ty,
                Shape::Matrix {
                    columns,
                    rows,
                    scalar,
                    row_major,
                },
            )
        }
        ("struct", [Param::Ident(name), Param::List(members), ..]) => {
            lay_out_struct(ctx, ty, *name, members, rules)
        }
        // Physical storage buffer addresses are 64-bit.
        ("ptr", [_, Param::Ident(class), ..]) if ctx.str(*class) == "PhysicalStorageBuffer" => {
            (ty, Shape::Scalar(8))
        }
        _ => (ty, Shape::Scalar(4)),
    }
}

fn decoration_name<'a>(ctx: &'a Context, decoration: &Param) -> Option<&'a str> {
    match decoration {
        Param::List(parts) => match parts.first() {
            Some(Param::Ident(name)) => Some(ctx.str(*name)),
            _ => None,
        },
        _ => None,
    }
}

fn lay_out_struct(
    ctx: &mut Context,
    ty: Type,
    name: crate::ir::Ident,
    members: &[Param],
    rules: Rules,
) -> (Type, Shape) {
    let parts: Vec<Member> = members.iter().filter_map(Member::of).collect();
    let already_laid_out = parts.iter().any(|m| m.offset >= 0);
    let mut laid_out = Vec::new();
    let mut shapes = Vec::new();
    for member in &parts {
        let row_major =
            (member.decorations.iter()).any(|d| decoration_name(ctx, d) == Some("RowMajor"));
        let (member, mut shape) = lay_out(ctx, member.ty, rules);
        set_row_major(&mut shape, row_major);
        laid_out.push(member);
        shapes.push(shape);
    }
    let shape = Shape::Struct(shapes.clone());
    if already_laid_out {
        return (ty, shape);
    }
    let offsets = struct_offsets(&shapes, rules);
    let mut new_members = Vec::new();
    for ((member, offset), (laid, shape)) in
        parts.iter().zip(&offsets).zip(laid_out.iter().zip(&shapes))
    {
        let mut decorations = member.decorations.to_vec();
        if let Some(stride) = innermost_matrix(shape).and_then(|m| m.matrix_stride(rules)) {
            let has_stride = decorations
                .iter()
                .any(|d| decoration_name(ctx, d) == Some("MatrixStride"));
            if !has_stride {
                let key = ctx.ident("MatrixStride");
                decorations.push(Param::List(
                    vec![Param::Ident(key), Param::Int(stride as i64)].into(),
                ));
            }
        }
        new_members.push(Member::param(
            *laid,
            *offset as i64,
            decorations,
            member.name,
        ));
    }
    let new = ctx.dialect_type(
        NAMESPACE,
        "struct",
        vec![Param::Ident(name), Param::List(new_members.into())],
    );
    (new, shape)
}

/// The matrix a member is made of, through arrays.
fn innermost_matrix(shape: &Shape) -> Option<&Shape> {
    match shape {
        Shape::Matrix { .. } => Some(shape),
        Shape::Array { element, .. } => innermost_matrix(element),
        _ => None,
    }
}

fn set_row_major(shape: &mut Shape, value: bool) {
    match shape {
        Shape::Matrix { row_major, .. } => *row_major = value,
        Shape::Array { element, .. } => set_row_major(element, value),
        _ => {}
    }
}
