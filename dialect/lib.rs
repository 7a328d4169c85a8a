//! spirv-dialect: an MLIR-style SPIR-V dialect in Rust.
//!
//! The op kinds, operand layouts, enums and availability tables come from the
//! Khronos grammar (`grammar-json/`) through the `codegen` crate, run by
//! `build.rs`; everything in this crate beside [`grammar`]'s generated part is
//! written by hand.

pub mod amber;
pub mod grammar;
pub mod runtime;
