//! MLIR 19's custom assembly forms of the spirv ops, as data: one format
//! spec (see `text::format`) per class of ops, driving both parser and
//! printer. Ops not listed keep the generic form.

use super::op_classes::{
    FUNCTIONAL, RESHAPING_CONVERSIONS, SHAPE_PRESERVING_CONVERSIONS, UNIFORM_TYPE,
};
use crate::text::Syntax;

/// The spec of each class, and the ops (by name without `spirv.`) with
/// forms of their own.
const CLASSES: &[(&str, &[&str])] = &[
    ("operands attr-dict `:` type(all)", UNIFORM_TYPE),
    (
        "operands attr-dict `:` type(operands) `to` type(results)",
        SHAPE_PRESERVING_CONVERSIONS,
    ),
    (
        "operands attr-dict `:` type(operands) `to` type(results)",
        RESHAPING_CONVERSIONS,
    ),
    (
        "operands attr-dict `:` functional-type(operands, results)",
        FUNCTIONAL,
    ),
    ("attr-dict", &["Return", "Unreachable", "Kill"]),
    ("(operands `:` type(operands))? attr-dict", &["mlir.merge"]),
    ("operands attr-dict `:` type(operands)", &["ReturnValue"]),
    (
        "successors (`(` operands `:` type(operands) `)`)? attr-dict",
        &["Branch"],
    ),
    ("$variable attr-dict `:` type(results)", &["mlir.addressof"]),
    (
        "$callee `(` operands `)` attr-dict `:` functional-type(operands, results)",
        &["FunctionCall"],
    ),
];

/// Declares every listed op's custom form; fails on a malformed spec.
pub fn register(syntax: &mut Syntax) -> Result<(), String> {
    for &(spec, names) in CLASSES {
        for name in names {
            syntax.add_format(&format!("spirv.{name}"), spec)?;
        }
    }
    Ok(())
}

/// The ops with a custom form, by full name.
pub fn custom_form_ops() -> impl Iterator<Item = String> {
    CLASSES
        .iter()
        .flat_map(|(_, names)| names.iter().map(|n| format!("spirv.{n}")))
}
