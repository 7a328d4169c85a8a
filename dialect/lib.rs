//! spirv-dialect: an MLIR-style SPIR-V dialect in Rust.
//!
//! The op kinds, operand layouts, enums and availability tables come from the
//! Khronos grammar (`grammar-json/`) through the `codegen` crate, run by
//! `build.rs`; [`grammar`] wraps them with the look-ups everything else uses.

pub mod binary;
pub mod grammar;
pub mod target;
