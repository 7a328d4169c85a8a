//! The property names the writer reads by name, found by their handles
//! where the module's context shares the dialects' template context's
//! names (each such name is then interned once, under the template's
//! handle), else by their text.

use super::Writer;
use crate::ir::{Attr, Ident};
use std::sync::OnceLock;

/// A property the writer reads.
#[derive(Clone, Copy)]
pub(super) enum Property {
    SymName,
    FunctionType,
    FunctionControl,
    LinkageAttributes,
    ArgAttrs,
    OperandSegmentSizes,
    CaseOperandSegments,
    BranchWeights,
}

/// Every property, in the order of their handles.
const ALL: [Property; 8] = [
    Property::SymName,
    Property::FunctionType,
    Property::FunctionControl,
    Property::LinkageAttributes,
    Property::ArgAttrs,
    Property::OperandSegmentSizes,
    Property::CaseOperandSegments,
    Property::BranchWeights,
];

/// The handle of each property's name in the template context, by
/// [`Property`].
pub(super) type PropertyHandles = [Option<Ident>; ALL.len()];

impl Property {
    pub(super) fn text(self) -> &'static str {
        match self {
            Property::SymName => "sym_name",
            Property::FunctionType => "function_type",
            Property::FunctionControl => "function_control",
            Property::LinkageAttributes => "linkage_attributes",
            Property::ArgAttrs => "arg_attrs",
            Property::OperandSegmentSizes => "operandSegmentSizes",
            Property::CaseOperandSegments => "case_operand_segments",
            Property::BranchWeights => "branch_weights",
        }
    }
}

/// The properties' handles in the template context, looked up once
/// (`None` without a template).
pub(super) fn template_handles() -> Option<&'static PropertyHandles> {
    static HANDLES: OnceLock<Option<PropertyHandles>> = OnceLock::new();
    let handles = HANDLES.get_or_init(|| {
        let template = crate::dialects::template()?;
        Some(ALL.map(|property| template.lookup_ident(property.text())))
    });
    handles.as_ref()
}

impl Writer<'_> {
    /// The handle `property`'s name has here, where the template's is
    /// known to be it.
    #[inline(always)]
    fn handle(&self, property: Property) -> Option<Ident> {
        self.property_handles.and_then(|h| h[property as usize])
    }

    /// The property `property` of `op`.
    #[inline(always)]
    pub(super) fn property(&self, op: crate::ir::Op, property: Property) -> Option<Attr> {
        let props = self.ctx.properties(op)?;
        let mut entries = self.ctx.dict_entries(props).iter();
        let entry = match self.handle(property) {
            Some(handle) => entries.find(|e| e.0 == handle),
            None => entries.find(|e| self.ctx.str(e.0) == property.text()),
        };
        entry.map(|e| e.1)
    }
}
