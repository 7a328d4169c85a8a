//! The `spirv` dialect's syntax: its types (`!spirv.ptr<...>`, arrays,
//! structs, images, matrices, cooperative matrices) and attributes (enum
//! attributes, `#spirv.vce`, `#spirv.target_env`, ABI attributes), plugged
//! into the text layer through its dialect hooks and checked against the
//! grammar's enums; its ops (every grammar op registered from its operand
//! layout, structure ops, region-shape rules, the module-level rules of
//! entry points and execution modes) and their custom forms.

pub mod attributes;
mod calls;
pub mod control_flow;
pub mod conventions;
mod entry_points;
pub use entry_points::{used_variables, FULL_INTERFACE};
pub mod formats;
mod formats_composite;
mod formats_memory;
mod formats_scoped;
mod formats_structure;
mod formats_support;
pub(crate) use formats_support::constant_fits;
mod access_chains;
pub mod non_semantic;
pub mod op_classes;
pub mod op_table;
pub mod ops;
pub mod refine;
mod scalar_kinds;
pub mod type_checks;
pub mod types;

use crate::grammar::{find_kind, Category, OperandKind};
use crate::ir::{Attr, DialectData, Type};
use crate::text::{DialectSyntax, PResult, Parser, Printer};

pub const NAMESPACE: &str = "spirv";

/// The hooks registered for the `spirv` namespace.
pub struct SpirvSyntax;

impl DialectSyntax for SpirvSyntax {
    fn namespace(&self) -> &'static str {
        NAMESPACE
    }
    fn parse_type(&self, p: &mut Parser, mnemonic: &str) -> PResult<Type> {
        types::parse(p, mnemonic)
    }
    fn print_type(&self, p: &mut Printer, data: &DialectData) {
        types::print(p, data)
    }
    fn parse_attr(&self, p: &mut Parser, mnemonic: &str) -> PResult<Attr> {
        attributes::parse(p, mnemonic)
    }
    fn print_attr(&self, p: &mut Printer, data: &DialectData) {
        attributes::print(p, data)
    }
    fn has_type(&self, mnemonic: &str) -> bool {
        !types::KEPT_AS_TEXT.contains(&mnemonic)
    }
    fn has_attr(&self, mnemonic: &str) -> bool {
        !attributes::KEPT_AS_TEXT.contains(&mnemonic)
    }
}

/// The grammar enum an attribute mnemonic names: `storage_class` →
/// `StorageClass`, `memory_access` → `MemoryAccess`.
pub fn enum_kind(mnemonic: &str) -> Option<OperandKind> {
    // MLIR's own mnemonics for the cooperative matrix enums.
    let mnemonic = match mnemonic {
        "coop_matrix_layout_khr" => "cooperative_matrix_layout",
        "cooperative_matrix_operands_khr" => "cooperative_matrix_operands",
        other => other,
    };
    let camel: String = mnemonic
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect();
    let kind = find_kind(&camel).ok()?;
    matches!(
        kind.info().category,
        Category::ValueEnum | Category::BitEnum
    )
    .then_some(kind)
}

/// Parses an enumerant of `kind` (`Input`, or `Volatile|Aligned` for bit
/// enums) and returns its canonical spelling.
pub fn parse_enum_case(p: &mut Parser, kind: OperandKind) -> PResult<String> {
    let rest = p.rest_from_token();
    let len = rest
        .find(|c: char| {
            !(c.is_ascii_alphanumeric()
                || c == '_'
                || (c == '|' && kind.info().category == Category::BitEnum))
        })
        .unwrap_or(rest.len());
    let text = &rest[..len];
    let Some(canonical) = canonical_enum_case(kind, text).filter(|_| len > 0) else {
        return Err(p.error_here(format!(
            "'{text}' is not a valid {} value",
            kind.info().name
        )));
    };
    p.skip_raw(len);
    Ok(canonical)
}

/// The spelling MLIR prints for the enumerant `text` of `kind` (bit enums
/// as [`conventions::bits_spelling`] gives them); `None` when `text` names
/// no enumerant.
pub fn canonical_enum_case(kind: OperandKind, text: &str) -> Option<String> {
    let info = kind.info();
    match info.category {
        Category::BitEnum => {
            let bits = crate::grammar::parse_bits(info, text).ok()?;
            Some(conventions::bits_spelling(info, bits))
        }
        // MLIR drops the `KHR` suffix of the cooperative matrix layouts.
        _ if info.name == "CooperativeMatrixLayout" => {
            let khr = format!("{}KHR", text.strip_suffix("KHR").unwrap_or(text));
            info.enumerant_named(&khr)
                .map(|e| e.name.trim_end_matches("KHR").to_string())
        }
        _ => info.enumerant_named(text).map(|e| e.name.to_string()),
    }
}
