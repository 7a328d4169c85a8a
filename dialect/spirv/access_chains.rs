//! The type rules of access chains, typed (`spirv.AccessChain`,
//! `spirv.PtrAccessChain` and their in-bounds forms) and untyped
//! (SPV_KHR_untyped_pointers): what their indices select; and of the
//! array lengths, which select a struct's last member.

use super::formats_support::{composite_element, int_of};
use super::type_checks::{
    constant_value, is_struct_reference, same_type, spirv_type, Checked, Component, Types,
};
use super::types::{as_pointer, as_untyped_pointer, pointer_class};
use crate::ir::{Context, Op, Type};

/// An access chain's indices (its element too, if it has one) are integer
/// scalars; its result points, in its base's storage class, to what its
/// indices (past the first `skip`) select inside its base's pointee;
/// struct members are selected by constants.
pub(super) fn access_chain(ctx: &Context, op: Op, types: &Types, skip: usize) -> Checked {
    let base = types.typed_pointee()?;
    let (_, base_class) = as_pointer(ctx, types.operands[0]).unwrap_or((base, ""));
    let Some((pointee, class)) = types.result.and_then(|r| as_pointer(ctx, r)) else {
        return Err("the result is not a pointer".into());
    };
    if class != base_class {
        return Err("the result's storage class is not its base's".into());
    }
    match selected_type(ctx, op, base, skip)? {
        Some(ty) if !same_type(ctx, ty, pointee) => {
            Err("the result does not point to the type the indices select".into())
        }
        _ => Ok(()),
    }
}

/// An untyped access chain: its base is a pointer, its result an untyped
/// pointer of the base's storage class, and its indices select inside its
/// `base_type` as a typed chain's do inside its base's pointee.
pub(super) fn untyped_access_chain(ctx: &Context, op: Op, types: &Types, skip: usize) -> Checked {
    let base_class = (types.operands.first())
        .and_then(|&base| pointer_class(ctx, base))
        .ok_or("the base is not a pointer")?;
    let class = (types.result)
        .and_then(|r| as_untyped_pointer(ctx, r))
        .ok_or("the result is not an untyped pointer")?;
    if class != base_class {
        return Err("the result's storage class is not its base's".into());
    }
    let base_type = (ctx.attr(op, "base_type"))
        .and_then(|t| ctx.as_type_attr(t))
        .ok_or("requires a type attribute 'base_type'")?;
    selected_type(ctx, op, base_type, skip).map(drop)
}

/// The type the indices of access chain `op` (its operands after the
/// base, past the first `skip`) select inside `base`, checking that they
/// are integer scalars and select struct members by constants in bounds;
/// `None` where the walk reaches a struct reference.
fn selected_type(ctx: &Context, op: Op, base: Type, skip: usize) -> Result<Option<Type>, String> {
    if (ctx.operands(op).skip(1))
        .any(|index| !Component::Integer.is_scalar(ctx, ctx.value_type(index)))
    {
        return Err("an index is not an integer scalar".into());
    }
    let mut ty = base;
    for index in ctx.operands(op).skip(1 + skip) {
        if is_struct_reference(ctx, ty) {
            return Ok(None);
        }
        let is_struct = matches!(spirv_type(ctx, ty), Some(("struct", _)));
        let element = match constant_value(ctx, index) {
            Some(index) => composite_element(ctx, ty, index),
            None if is_struct => return Err("a struct member is selected by a non-constant".into()),
            None => composite_element(ctx, ty, 0),
        };
        match element {
            Some(element) => ty = element,
            None if is_struct => return Err("a struct member index is out of bounds".into()),
            None => return Err("indexes into a type that is not a composite".into()),
        }
    }
    Ok(Some(ty))
}

/// `spirv.ArrayLength` (`untyped`: `spirv.KHR.UntypedArrayLength`, whose
/// struct is its `structure` type attribute): its pointer operand points
/// to a struct whose last member, `array_member`, is a runtime array; its
/// result is a 32-bit integer.
pub(super) fn array_length(ctx: &Context, op: Op, types: &Types, untyped: bool) -> Checked {
    let structure = match untyped {
        true => (types.operands.first())
            .and_then(|&pointer| pointer_class(ctx, pointer))
            .ok_or("the pointer operand is not a pointer")
            .and_then(|_| {
                (ctx.attr(op, "structure"))
                    .and_then(|t| ctx.as_type_attr(t))
                    .ok_or("requires a type attribute 'structure'")
            })?,
        false => types.typed_pointee()?,
    };
    let member = (ctx.attr(op, "array_member"))
        .and_then(|a| int_of(ctx, a))
        .ok_or("requires an integer attribute 'array_member'")?;
    let last = (spirv_type(ctx, structure)).is_some_and(|(name, _)| name == "struct")
        && composite_element(ctx, structure, member + 1).is_none();
    let array = composite_element(ctx, structure, member).and_then(|m| spirv_type(ctx, m));
    if !last || !matches!(array, Some(("rtarray", _))) {
        return Err(format!(
            "member {member} is not the last member of a struct, a runtime array"
        ));
    }
    match (types.result).map(|r| ctx.type_data(r)) {
        Some(crate::ir::TypeData::Integer { width: 32, .. }) => Ok(()),
        _ => Err("the result is not a 32-bit integer".into()),
    }
}
