//! spirv-dialect: an MLIR-style SPIR-V dialect in Rust.
//!
//! The op kinds, operand layouts, enums and availability tables come from the
//! Khronos grammar (`grammar-json/`) through the `codegen` crate, run by
//! `build.rs`; [`grammar`] wraps them with the look-ups everything else uses.

pub mod amber;
pub mod binary;
pub mod cf;
pub mod dialects;
pub mod func;
pub mod grammar;
pub mod ir;
pub mod runtime;
pub mod spirv;
pub mod spvasm;
pub mod support;
pub mod target;
pub mod text;
pub mod transforms;
pub mod verify;
