//! Rendering diagnostics against source text: `file:line:col: error: msg`,
//! then the source line and a caret under the column.

use crate::ir::{Context, Diagnostic};

/// A text buffer diagnostics point into: its name, its text and its first
/// line number (greater than 1 for a `--split-input-file` chunk passed
/// alone).
#[derive(Clone, Copy)]
pub struct Source<'a> {
    pub name: &'a str,
    pub text: &'a str,
    pub first_line: u32,
}

impl<'a> Source<'a> {
    pub fn new(name: &'a str, text: &'a str, first_line: u32) -> Self {
        Source {
            name,
            text,
            first_line,
        }
    }
}

/// Renders `diag` (and its notes) as MLIR's tools do, quoting the line of
/// `src` a location in it points at (locations elsewhere, as a SPIR-V
/// module's source file, are named only).
pub fn render(ctx: &Context, diag: &Diagnostic, src: Source) -> String {
    let mut out = String::new();
    render_one(ctx, diag, src, &mut out);
    for note in &diag.notes {
        render_one(ctx, note, src, &mut out);
    }
    out
}

fn render_one(ctx: &Context, diag: &Diagnostic, src: Source, out: &mut String) {
    use std::fmt::Write;
    let loc = diag.loc;
    let label = diag.severity.label();
    if loc.line == 0 {
        let _ = writeln!(out, "{}: {label}: {}", file_name(ctx, diag), diag.message);
        return;
    }
    let _ = writeln!(
        out,
        "{}:{}:{}: {label}: {}",
        file_name(ctx, diag),
        loc.line,
        loc.col,
        diag.message
    );
    if file_name(ctx, diag) != src.name {
        return;
    }
    let index = loc.line.saturating_sub(src.first_line) as usize;
    if let Some(line) = src.text.lines().nth(index) {
        let _ = writeln!(out, "{line}");
        let caret_col = line
            .char_indices()
            .take_while(|(i, _)| *i + 1 < loc.col as usize)
            .map(|(_, c)| if c == '\t' { '\t' } else { ' ' })
            .collect::<String>();
        let _ = writeln!(out, "{caret_col}^");
    }
}

fn file_name<'c>(ctx: &'c Context, diag: &Diagnostic) -> &'c str {
    diag.loc.file.map(|f| ctx.str(f)).unwrap_or("<unknown>")
}
