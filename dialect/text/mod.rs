//! MLIR's textual syntax: lexer, parser and printer for the generic form of
//! every op, custom assembly formats, dialect syntax hooks, and diagnostics
//! rendered against the source.

pub mod builtin_formats;
pub mod diagnostics;
pub mod format;
mod format_signature;
mod format_spec;
pub mod lexer;
mod location;
pub mod parse_attrs;
mod parse_ops;
pub mod parse_types;
pub mod parser;
pub mod print_attrs;
pub mod printer;
pub mod split;
pub mod syntax;

pub use parser::{parse_module, parse_single_op, PResult, Parser};
pub use printer::{print_op, PrintOptions, Printer};
pub use syntax::{DialectSyntax, Syntax};
