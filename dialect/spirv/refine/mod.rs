//! Hand-written refinements of the generated ops and enums: what the grammar
//! cannot say (a custom assembly form, extra verification, a doc note).
//! `cargo run -p codegen -- define-inst <category> <OpName>` writes one
//! module per op under `<category>/` and `define-enum <Kind>` one per enum
//! under `enums/`; the listings in each folder's `mod.rs` and in `catalog.rs`
//! are rewritten by those commands from the files present.

mod catalog;

use crate::grammar::{Op, OperandKind};
use crate::ir::registry::VerifyFn;
use crate::ir::{Context, OpTraits};
use crate::text::Syntax;

/// The refinement of one op.
#[derive(Clone, Copy, Debug)]
pub struct OpRefinement {
    pub op: Op,
    /// The custom assembly form (a format spec, see `text::format`); `None`
    /// keeps the generic form.
    pub assembly_format: Option<&'static str>,
    /// Rules beyond the operand layout; the error names the rule broken.
    pub verify: Option<VerifyFn>,
    /// A note for the op's reference documentation.
    pub doc_note: &'static str,
}

/// The refinement of one enum attribute.
#[derive(Clone, Copy, Debug)]
pub struct EnumRefinement {
    pub kind: OperandKind,
    /// The attribute mnemonic under `#spirv.`.
    pub mnemonic: &'static str,
    /// A note for the enum's reference documentation.
    pub doc_note: &'static str,
}

/// Every op refinement, category by category.
pub fn op_refinements() -> impl Iterator<Item = &'static OpRefinement> {
    catalog::OPS.iter().flat_map(|category| category.iter())
}

/// Every enum refinement.
pub fn enum_refinements() -> impl Iterator<Item = &'static EnumRefinement> {
    catalog::ENUMS.iter().flat_map(|list| list.iter())
}

/// Adds the refined verifiers to the ops' registrations (traits kept).
pub fn register_verifiers(ctx: &mut Context) {
    for refinement in op_refinements() {
        if let Some(verify) = refinement.verify {
            let name = refinement.op.mlir_name();
            let ident = ctx.ident(name);
            let traits = ctx
                .op_info(ident)
                .map_or(OpTraits::NONE, |info| info.traits);
            ctx.register_op(name, traits, Some(verify));
        }
    }
}

/// Adds the refined assembly formats to the syntax; fails on a malformed spec.
pub fn register_formats(syntax: &mut Syntax) -> Result<(), String> {
    for refinement in op_refinements() {
        if let Some(spec) = refinement.assembly_format {
            syntax.add_format(refinement.op.mlir_name(), spec)?;
        }
    }
    Ok(())
}
