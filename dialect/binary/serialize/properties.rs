//! The property names the writer reads by name, found by their handles
//! where the module's context shares the dialects' template context's
//! names (each such name is then interned once, under the template's
//! handle), else by their text.

use super::Writer;
use crate::ir::{Attr, Context, Ident};
use std::sync::OnceLock;

/// A property the writer reads, by its name ([`Property::name`]).
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
    VceTriple,
    AddressingModel,
    MemoryModel,
    ExecutionModel,
    Fn,
    Interface,
    ExecutionMode,
    Values,
}

impl Property {
    /// The property's name.
    pub(super) fn name(self) -> &'static str {
        NAMES[self as usize]
    }
}

/// Each [`Property`]'s name, in the order of the variants.
const NAMES: [&str; 16] = [
    "sym_name",
    "function_type",
    "function_control",
    "linkage_attributes",
    "arg_attrs",
    "operandSegmentSizes",
    "case_operand_segments",
    "branch_weights",
    "vce_triple",
    "addressing_model",
    "memory_model",
    "execution_model",
    "fn",
    "interface",
    "execution_mode",
    "values",
];

/// The handle of each property's name in the template context, by
/// [`Property`].
pub(super) type PropertyHandles = [Option<Ident>; NAMES.len()];

/// The properties' handles in the template context, looked up once
/// (`None` without a template).
pub(super) fn template_handles() -> Option<&'static PropertyHandles> {
    static HANDLES: OnceLock<Option<PropertyHandles>> = OnceLock::new();
    let handles = HANDLES.get_or_init(|| {
        let template = crate::dialects::template()?;
        Some(NAMES.map(|name| template.lookup_ident(name)))
    });
    handles.as_ref()
}

/// The position among `entries` (a property dictionary's, short) of the
/// property `name`: compared by `handle`, its name's handle here, when
/// known, else by text.
#[inline(always)]
pub(super) fn position(
    ctx: &Context,
    entries: &[(Ident, Attr)],
    name: &str,
    handle: Option<Ident>,
) -> Option<usize> {
    let mut entries = entries.iter();
    match handle {
        Some(handle) => entries.position(|e| e.0 == handle),
        None => entries.position(|e| ctx.str(e.0) == name),
    }
}

impl Writer<'_> {
    /// The value of the one property among `entries` when it is the
    /// property `name` (interned as `handle` in the template); `None` for
    /// any other entries.
    #[inline(always)]
    pub(super) fn only_property(
        &self,
        entries: &[(Ident, Attr)],
        name: &str,
        handle: Option<Ident>,
    ) -> Option<Attr> {
        let &[(_, attr)] = entries else {
            return None;
        };
        let handle = handle.filter(|_| self.shares_template);
        position(self.ctx, entries, name, handle).map(|_| attr)
    }

    /// The handle `property`'s name has here, where the template's is
    /// known to be it.
    #[inline(always)]
    fn handle(&self, property: Property) -> Option<Ident> {
        self.property_handles.and_then(|h| h[property as usize])
    }

    /// The property `property` of `op`.
    #[inline(always)]
    pub(super) fn property(&self, op: crate::ir::Op, property: Property) -> Option<Attr> {
        let entries = self.ctx.dict_entries(self.ctx.properties(op)?);
        let at = position(self.ctx, entries, property.name(), self.handle(property))?;
        Some(entries[at].1)
    }
}
