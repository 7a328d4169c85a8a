//! `cargo run -p codegen -- <update|check|define-inst|define-enum>`.
fn main() {}
