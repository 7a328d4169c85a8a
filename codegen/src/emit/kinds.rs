//! `kinds.rs`: the `OperandKind` of every operand kind, with its category,
//! composite bases and, for enums, each enumerant's value, aliases,
//! parameters and availability.

use quote::quote;

use super::{availability, ident, operands, rust_file};
use crate::model::Model;

pub fn emit(model: &Model) -> Result<String, crate::Error> {
    let variants = model.kinds.iter().map(|k| {
        let name = ident(&k.name);
        let doc = format!("`{}` ({})", k.name, k.category.name());
        quote!(#[doc = #doc] #name)
    });
    let count = model.kinds.len();
    let all = model.kinds.iter().map(|k| ident(&k.name));
    let infos = model.kinds.iter().map(|k| {
                let name = &k.name;
        let category = ident(k.category.name());
        let doc = &k.doc;
        let bases = k.bases.iter().map(|b| ident(b));
        let enumerants = k.enumerants.iter().map(|e| {
            let (name, aliases) = (&e.name, &e.aliases);
            let value = proc_macro2::Literal::u32_unsuffixed(e.value);
            let params = operands(&e.parameters);
            let avail = availability(&e.availability);
            quote!(enumerant(#name, #value, &[#(#aliases),*], #params, #avail))
        });
        quote! {
            OperandKindInfo::new(#name, Category::#category, #doc, &[#(K::#bases),*], &[#(#enumerants),*])
        }
    });
    let tokens = quote! {
        use crate::grammar::tables::{always, enumerant, many, one, opt, since, Category, OperandKindInfo};
        use crate::grammar::{Capability as C, Extension as E};

        /// The kind of an operand, as the grammar names it.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub enum OperandKind { #(#variants),* }

        impl OperandKind {
            /// Every operand kind, in table order.
            pub const ALL: [OperandKind; #count] = [#(OperandKind::#all),*];
        }

        use OperandKind as K;

        /// Every operand kind; `OPERAND_KINDS[kind as usize]` describes `kind`.
        pub static OPERAND_KINDS: [OperandKindInfo; #count] = [#(#infos),*];
    };
    rust_file(
        "Operand kinds and the enumerants of the enum kinds.",
        tokens,
    )
}
