//! The extension point for dialect syntax: a dialect plugs in parse and print
//! hooks for its types (`!ns.x<...>`) and attributes (`#ns.x<...>`), and ops
//! declare custom assembly formats. Dialects without registered syntax still
//! round-trip: their types and attributes are kept as opaque text.

use super::format::{Directive, OpFormat};
use super::parser::{PResult, Parser};
use super::printer::Printer;
use crate::ir::hash::FastMap;
use crate::ir::{Attr, DialectData, Type};

/// Parse and print hooks for one dialect namespace.
pub trait DialectSyntax {
    /// The namespace, e.g. `spirv`.
    fn namespace(&self) -> &'static str;
    /// Parses the rest of `!ns.mnemonic...`; the parser stands just after
    /// the `!ns.mnemonic` token.
    fn parse_type(&self, p: &mut Parser, mnemonic: &str) -> PResult<Type>;
    /// Prints a type of this dialect without the leading `!`.
    fn print_type(&self, p: &mut Printer, data: &DialectData);
    /// Parses the rest of `#ns.mnemonic...`.
    fn parse_attr(&self, p: &mut Parser, mnemonic: &str) -> PResult<Attr>;
    /// Prints an attribute of this dialect without the leading `#`.
    fn print_attr(&self, p: &mut Printer, data: &DialectData);
    /// Whether the hooks parse types named `mnemonic`; others are kept as
    /// opaque text.
    fn has_type(&self, _mnemonic: &str) -> bool {
        true
    }
    /// Whether the hooks parse attributes named `mnemonic`; others are kept
    /// as opaque text.
    fn has_attr(&self, _mnemonic: &str) -> bool {
        true
    }
}

/// Dialect syntax hooks and custom op formats known to a parser and printer.
#[derive(Default)]
pub struct Syntax {
    dialects: FastMap<&'static str, Box<dyn DialectSyntax>>,
    formats: FastMap<Box<str>, OpFormat>,
    default_dialects: FastMap<Box<str>, &'static str>,
    directives: FastMap<&'static str, Directive>,
    result_namers: FastMap<Box<str>, ResultNamer>,
}

/// Names an op's single result as MLIR's `getAsmResultNames` does
/// (`%cst_f32`, `%var_addr`); `None` keeps the number.
pub type ResultNamer = fn(&crate::ir::Context, crate::ir::Op) -> Option<String>;

impl Syntax {
    /// The builtin custom forms (`module`).
    pub fn new() -> Self {
        let mut syntax = Syntax::default();
        super::builtin_formats::register(&mut syntax);
        syntax
    }

    pub fn add_dialect(&mut self, dialect: Box<dyn DialectSyntax>) {
        self.dialects.insert(dialect.namespace(), dialect);
    }

    pub fn dialect(&self, namespace: &str) -> Option<&dyn DialectSyntax> {
        self.dialects.get(namespace).map(|d| d.as_ref())
    }

    /// Declares the custom form of op `name` from a format spec (see
    /// [`OpFormat`]); fails on a malformed spec.
    pub fn add_format(&mut self, name: &str, spec: &str) -> Result<(), String> {
        let directives = &self.directives;
        let format = OpFormat::compile(spec, &|d| directives.get(d).copied())
            .map_err(|e| format!("format of `{name}`: {e}"))?;
        self.formats.insert(name.into(), format);
        Ok(())
    }

    /// Registers a `custom<name>` directive for the formats added after.
    pub fn add_directive(&mut self, name: &'static str, directive: Directive) {
        self.directives.insert(name, directive);
    }

    /// Names the result of ops named `op` in custom-form output.
    pub fn add_result_namer(&mut self, op: &str, namer: ResultNamer) {
        self.result_namers.insert(op.into(), namer);
    }

    pub fn result_namer(&self, op: &str) -> Option<ResultNamer> {
        self.result_namers.get(op).copied()
    }

    pub fn format(&self, name: &str) -> Option<&OpFormat> {
        self.formats.get(name)
    }

    /// The custom form to print `op` (named `name`) with, if it can spell it.
    pub fn format_for(
        &self,
        ctx: &crate::ir::Context,
        name: &str,
        op: crate::ir::Op,
    ) -> Option<&OpFormat> {
        let format = self.formats.get(name)?;
        format.can_print(ctx, op).then_some(format)
    }

    /// Inside regions of op `owner`, custom op names of `dialect` may drop
    /// their `dialect.` prefix (as `return` inside `func.func`).
    pub fn set_default_dialect(&mut self, owner: &str, dialect: &'static str) {
        self.default_dialects.insert(owner.into(), dialect);
    }

    pub fn default_dialect(&self, owner: &str) -> Option<&'static str> {
        self.default_dialects.get(owner).copied()
    }
}
