//! Rendering diagnostics against source text: `file:line:col: error: msg`,
//! then the source line and a caret under the column.

use crate::ir::{Context, Diagnostic};

/// Renders `diag` (and its notes) as MLIR's tools do; `src` is the buffer
/// the locations point into and `first_line` the buffer's first line number
/// (greater than 1 for a `--split-input-file` chunk passed alone).
pub fn render(ctx: &Context, diag: &Diagnostic, src: &str, first_line: u32) -> String {
    let mut out = String::new();
    render_one(ctx, diag, src, first_line, &mut out);
    for note in &diag.notes {
        render_one(ctx, note, src, first_line, &mut out);
    }
    out
}

fn render_one(ctx: &Context, diag: &Diagnostic, src: &str, first_line: u32, out: &mut String) {
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
    let index = loc.line.saturating_sub(first_line) as usize;
    if let Some(line) = src.lines().nth(index) {
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
