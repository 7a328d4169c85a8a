//! The generated part of the grammar tables: `build.rs` writes them into
//! `OUT_DIR` from `grammar-json/`; `generated/` holds a checked-in copy.
#![allow(
    non_upper_case_globals,
    non_camel_case_types,
    unused_imports,
    clippy::all,
    clippy::pedantic
)]

/// Op kinds, operand layouts, availability, instruction sets.
pub mod ops {
    include!(concat!(env!("OUT_DIR"), "/ops.rs"));
}

/// Operand kinds and enumerant tables.
pub mod kinds {
    include!(concat!(env!("OUT_DIR"), "/kinds.rs"));
}

/// Value enums, bit enums and extensions as Rust types.
pub mod enums {
    use crate::grammar::enum_support::{bit_enum, extensions, value_enum};
    include!(concat!(env!("OUT_DIR"), "/enums.rs"));
}
