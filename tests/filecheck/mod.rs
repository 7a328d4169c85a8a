//! A FileCheck subset for the `.mlir` tests: `PREFIX:`, `PREFIX-NEXT:`,
//! `PREFIX-SAME:`, `PREFIX-LABEL:`, `PREFIX-NOT:` and `PREFIX-EMPTY:`
//! directives, `{{regex}}` islands, and FileCheck's whitespace rule (runs of
//! spaces and tabs match any run of horizontal whitespace).

use spirv_dialect::support::pattern::{from_check_text, Pattern};

#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Plain,
    Next,
    Same,
    Label,
    Not,
    Empty,
}

struct Directive {
    kind: Kind,
    pattern: Pattern,
    text: String,
    line: usize,
}

/// Collapses horizontal whitespace runs to one space.
fn canonical(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        if c == ' ' || c == '\t' {
            space = true;
        } else {
            if space {
                out.push(' ');
            }
            space = false;
            out.push(c);
        }
    }
    if space {
        out.push(' ');
    }
    out
}

fn directives(check_file: &str, prefix: &str) -> Result<Vec<Directive>, String> {
    let mut out = Vec::new();
    for (index, line) in check_file.lines().enumerate() {
        let Some(pos) = line.find(prefix) else {
            continue;
        };
        let before = &line[..pos];
        if before
            .chars()
            .last()
            .is_some_and(|c| c.is_alphanumeric() || c == '-')
        {
            continue;
        }
        let after = &line[pos + prefix.len()..];
        let kinds = [
            ("-NEXT:", Kind::Next),
            ("-SAME:", Kind::Same),
            ("-LABEL:", Kind::Label),
            ("-NOT:", Kind::Not),
            ("-EMPTY:", Kind::Empty),
            (":", Kind::Plain),
        ];
        let Some((kind, body)) = kinds
            .iter()
            .find_map(|(s, k)| after.strip_prefix(s).map(|b| (*k, b)))
        else {
            continue;
        };
        let text = canonical(body.trim());
        let pattern = from_check_text(&text).map_err(|e| format!("line {}: {e}", index + 1))?;
        out.push(Directive {
            kind,
            pattern,
            text,
            line: index + 1,
        });
    }
    Ok(out)
}

/// Checks `input` against the `prefix` directives of `check_file`.
pub fn check(check_file: &str, prefix: &str, input: &str) -> Result<(), String> {
    let directives = directives(check_file, prefix)?;
    let lines: Vec<String> = input.lines().map(canonical).collect();
    // Position: (line index, byte offset in that line) after the last match.
    let mut pos: (usize, usize) = (0, 0);
    let mut matched_any = false;
    let mut pending_not: Vec<&Directive> = Vec::new();
    let fail = |d: &Directive, why: &str| {
        Err(format!(
            "{prefix} directive at line {} `{}`: {why}",
            d.line, d.text
        ))
    };
    for d in &directives {
        let found = match d.kind {
            Kind::Not => {
                pending_not.push(d);
                continue;
            }
            Kind::Empty => {
                let line = if matched_any { pos.0 + 1 } else { pos.0 };
                match lines.get(line) {
                    Some(l) if l.is_empty() => Some((line, 0)),
                    _ => return fail(d, "expected an empty line"),
                }
            }
            Kind::Same => {
                let line = lines.get(pos.0).map(String::as_str).unwrap_or("");
                d.pattern
                    .find(&line[pos.1.min(line.len())..])
                    .map(|(_, e)| (pos.0, pos.1 + e))
            }
            Kind::Next => {
                let next = if matched_any { pos.0 + 1 } else { pos.0 };
                lines
                    .get(next)
                    .and_then(|l| d.pattern.find(l))
                    .map(|(_, e)| (next, e))
            }
            Kind::Plain | Kind::Label => {
                let mut hit = None;
                for (i, line) in lines.iter().enumerate().skip(pos.0) {
                    let from = if i == pos.0 { pos.1.min(line.len()) } else { 0 };
                    if let Some((_, e)) = d.pattern.find(&line[from..]) {
                        hit = Some((i, from + e));
                        break;
                    }
                }
                hit
            }
        };
        let Some(found) = found else {
            return fail(d, &format!("no match from output line {}", pos.0 + 1));
        };
        check_nots(&pending_not, &lines, pos, found, prefix)?;
        pending_not.clear();
        pos = found;
        matched_any = true;
    }
    check_nots(&pending_not, &lines, pos, (lines.len(), 0), prefix)
}

/// No NOT pattern may match between `from` and `to`.
fn check_nots(
    nots: &[&Directive],
    lines: &[String],
    from: (usize, usize),
    to: (usize, usize),
    prefix: &str,
) -> Result<(), String> {
    for d in nots {
        for i in from.0..=to.0.min(lines.len().saturating_sub(1)) {
            let Some(line) = lines.get(i) else { break };
            let start = if i == from.0 {
                from.1.min(line.len())
            } else {
                0
            };
            let end = if i == to.0 {
                to.1.min(line.len()).max(start)
            } else {
                line.len()
            };
            if d.pattern.is_match(&line[start..end]) {
                return Err(format!(
                    "{prefix}-NOT at line {} `{}` matched output line {}",
                    d.line,
                    d.text,
                    i + 1
                ));
            }
        }
    }
    Ok(())
}
