//! `enums.rs`: one Rust type per value or bit enum of the grammar, and the
//! `Extension` enum of every extension the grammar names. The types are
//! declared through the hand-written `value_enum!`/`bit_enum!` macros, so this
//! file is data: names and values.

use proc_macro2::Literal;
use quote::quote;

use super::{ident, rust_file};
use crate::model::{Category, Model};

pub fn emit(model: &Model) -> Result<String, crate::Error> {
    let enums = model.kinds.iter().filter_map(|kind| {
        let macro_name = match kind.category {
            Category::ValueEnum => ident("value_enum"),
            Category::BitEnum => ident("bit_enum"),
            _ => return None,
        };
        let name = ident(&kind.name);
        let doc = format!("The `{}` operand kind ({}).", kind.name, kind.file);
        let cases = kind.enumerants.iter().map(|e| {
            let variant = ident(&e.rust_name);
            let value = match kind.category {
                Category::BitEnum => format!("{:#x}", e.value)
                    .parse()
                    .unwrap_or_else(|_| Literal::u32_unsuffixed(e.value)),
                _ => Literal::u32_unsuffixed(e.value),
            };
            quote!(#variant = #value)
        });
        Some(quote! {
            #macro_name! { #[doc = #doc] #name { #(#cases),* } }
        })
    });
    let extensions = model.extensions.iter().map(|e| ident(e));
    let tokens = quote! {
        #(#enums)*

        extensions! { #(#extensions),* }
    };
    rust_file(
        "The grammar's value and bit enums, and its extensions.",
        tokens,
    )
}
