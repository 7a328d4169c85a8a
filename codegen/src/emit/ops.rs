//! `ops.rs`: the `Op` kind of every instruction of every set, the `OPS` table
//! (names, opcode, class, operand layout, availability) and the instruction
//! sets with their opcode → op indexes. Operand layouts shared by several ops
//! are emitted once.

use proc_macro2::Literal;
use quote::quote;

use super::{availability, ident, operands, rust_file};
use crate::model::{Model, Operand};

pub fn emit(model: &Model) -> Result<String, crate::Error> {
    let variants = model.ops().map(|(_, op)| {
        let doc = format!("`{}` ({}): `{}`", op.mlir_name, op.opcode, op.grammar_name);
        let name = ident(&op.rust_name);
        quote!(#[doc = #doc] #name)
    });
    let count = model.ops().count();
    let all_variants = model.ops().map(|(_, op)| ident(&op.rust_name));

    let mut layouts: Vec<&[Operand]> = Vec::new();
    let mut layout_of = Vec::new();
    for (_, op) in model.ops() {
        let index = match layouts.iter().position(|l| *l == op.operands.as_slice()) {
            Some(i) => i,
            None => {
                layouts.push(&op.operands);
                layouts.len() - 1
            }
        };
        layout_of.push(ident(&format!("LAYOUT_{index}")));
    }
    let layout_consts = layouts.iter().enumerate().map(|(i, layout)| {
        let name = ident(&format!("LAYOUT_{i}"));
        let items = operands(layout);
        quote!(const #name: &[OperandInfo] = #items;)
    });

    let infos = model.ops().zip(&layout_of).map(|((_, op), layout)| {
        let (mlir, grammar, class) = (&op.mlir_name, &op.grammar_name, &op.class);
        let opcode = Literal::u32_unsuffixed(op.opcode);
        let aliases = &op.aliases;
        let avail = availability(&op.availability);
        quote!(OpInfo::new(#mlir, #grammar, #opcode, #class, #layout, &[#(#aliases),*], #avail))
    });

    let mut first = 0usize;
    let sets: Vec<_> = model
        .sets
        .iter()
        .map(|set| {
            let variant = ident(&set.rust_name);
            let (import, namespace, file) = (&set.import_name, &set.namespace, &set.file);
            let revision = Literal::u32_unsuffixed(set.revision.unwrap_or(0));
            let version = Literal::u32_unsuffixed(set.version.unwrap_or(0));
            let (start, end) = (first, first + set.ops.len());
            first = end;
            let len = set.ops.iter().map(|o| o.opcode as usize + 1).max().unwrap_or(0);
            let index = ident(&format!("{}_BY_OPCODE", set.rust_name.to_ascii_uppercase()));
            let doc = if set.import_name.is_empty() {
                "The core instruction set.".to_string()
            } else {
                format!("`{}` (`spirv.{}.*`), from `{}`.", set.import_name, set.namespace, set.file)
            };
            (
                quote!(#[doc = #doc] #variant),
                quote!(InstSetInfo::new(#import, #namespace, #file, #version, #revision, #start..#end, &#index)),
                quote!(static #index: [u16; #len] = opcode_index(&OP_DATA, #start, #end);),
            )
        })
        .collect();
    let set_variants = sets.iter().map(|s| &s.0);
    let set_infos = sets.iter().map(|s| &s.1);
    let set_indexes = sets.iter().map(|s| &s.2);
    let set_count = model.sets.len();
    let set_all = model.sets.iter().map(|s| ident(&s.rust_name));
    let tokens = quote! {
        use crate::grammar::tables::{always, many, one, opcode_index, opt, since, InstSetInfo, OpInfo, OperandInfo};
        use crate::grammar::{Capability as C, Extension as E, OperandKind as K};

        /// An instruction of the core set or of an extended instruction set.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        #[repr(u16)]
        pub enum Op { #(#variants),* }

        /// How many op kinds there are.
        pub const OP_COUNT: usize = #count;

        impl Op {
            /// Every op, in table order: `Op::ALL[i]` is described by `OPS[i]`.
            pub const ALL: [Op; OP_COUNT] = [#(Op::#all_variants),*];
        }

        #(#layout_consts)*

        const OP_DATA: [OpInfo; OP_COUNT] = [#(#infos),*];

        /// Every op, in instruction-set then opcode order; `OPS[op as usize]` describes `op`.
        pub static OPS: [OpInfo; OP_COUNT] = OP_DATA;

        /// An instruction set: the core one or one imported with `OpExtInstImport`.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub enum InstSet { #(#set_variants),* }

        impl InstSet {
            /// Every instruction set, in table order.
            pub const ALL: [InstSet; #set_count] = [#(InstSet::#set_all),*];
        }

        /// Every instruction set; `INST_SETS[set as usize]` describes `set`.
        pub static INST_SETS: [InstSetInfo; #set_count] = [#(#set_infos),*];

        #(#set_indexes)*
    };
    rust_file(
        "Op kinds, their operand layouts and availability, and the instruction sets.",
        tokens,
    )
}
