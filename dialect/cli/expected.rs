//! `--verify-diagnostics`: `expected-error`/`-warning`/`-note`/`-remark`
//! comments (with `@+N`, `@-N`, `@above`, `@below`, and `-re` for `{{regex}}`
//! islands) must match the diagnostics produced, one for one.

use spirv_dialect::ir::{Context, Diagnostic, Location, Severity};
use spirv_dialect::support::pattern::{from_check_text, Pattern};

/// One expected diagnostic.
pub struct Expected {
    severity: Option<Severity>,
    /// The line the diagnostic must be reported on.
    line: u32,
    /// Where the comment is (for "was not produced").
    at: (u32, u32),
    text: String,
    pattern: Pattern,
}

pub struct Expectations {
    list: Vec<Expected>,
    malformed: Vec<(u32, u32, String)>,
}

const KINDS: [(&str, Option<Severity>); 4] = [
    ("expected-error", Some(Severity::Error)),
    ("expected-warning", Some(Severity::Warning)),
    ("expected-note", Some(Severity::Note)),
    ("expected-remark", None),
];

impl Expectations {
    /// Collects the expectations written in `chunk`, whose first line is `first_line`.
    pub fn scan(chunk: &str, first_line: u32) -> Expectations {
        let mut list = Vec::new();
        let mut malformed = Vec::new();
        for (index, line) in chunk.lines().enumerate() {
            let line_no = first_line + index as u32;
            for (kind, severity) in KINDS {
                let Some(pos) = line.find(kind) else { continue };
                let col = line[..pos].chars().count() as u32 + 1;
                let mut rest = &line[pos + kind.len()..];
                let regex = rest.starts_with("-re");
                if regex {
                    rest = &rest[3..];
                }
                let mut target = line_no;
                if let Some(after) = rest.trim_start().strip_prefix('@') {
                    let end = after
                        .find(|c: char| c.is_whitespace() || c == '{')
                        .unwrap_or(after.len());
                    let spec = &after[..end];
                    target = match spec {
                        "above" => line_no.saturating_sub(1),
                        "below" => line_no + 1,
                        _ => match spec.parse::<i64>() {
                            Ok(delta) => (line_no as i64 + delta).max(0) as u32,
                            Err(_) => {
                                malformed.push((
                                    line_no,
                                    col,
                                    format!("invalid location `@{spec}`"),
                                ));
                                break;
                            }
                        },
                    };
                    rest = &after[end..];
                }
                let rest = rest.trim_start();
                let (Some(open), Some(close)) = (rest.find("{{"), rest.rfind("}}")) else {
                    malformed.push((
                        line_no,
                        col,
                        "expected '{{' and '}}' around the expected message".into(),
                    ));
                    break;
                };
                if close < open + 2 {
                    malformed.push((
                        line_no,
                        col,
                        "expected '{{' and '}}' around the expected message".into(),
                    ));
                    break;
                }
                let text = &rest[open + 2..close];
                let pattern = if regex {
                    from_check_text(text)
                } else {
                    Ok(Pattern::literal(text))
                };
                match pattern {
                    Ok(pattern) => list.push(Expected {
                        severity,
                        line: target,
                        at: (line_no, col),
                        text: text.to_string(),
                        pattern,
                    }),
                    Err(e) => malformed.push((line_no, col, e)),
                }
                break;
            }
        }
        Expectations { list, malformed }
    }
}

/// The problems with `produced` against `expected`, as diagnostics to report.
pub fn check_expectations(
    ctx: &Context,
    file_name: &str,
    expected: &Expectations,
    produced: &[Diagnostic],
) -> Vec<Diagnostic> {
    let file = ctx.lookup_ident(file_name);
    let at = |(line, col): (u32, u32)| Location {
        file,
        line,
        col,
        name: None,
    };
    let mut problems: Vec<Diagnostic> = expected
        .malformed
        .iter()
        .map(|(l, c, m)| Diagnostic::error(at((*l, *c)), m.clone()))
        .collect();
    let mut matched = vec![false; expected.list.len()];
    for d in produced {
        let hit = expected.list.iter().enumerate().position(|(i, e)| {
            !matched[i]
                && e.severity == Some(d.severity)
                && e.line == d.loc.line
                && e.pattern.is_match(&d.message)
        });
        match hit {
            Some(i) => matched[i] = true,
            None => problems.push(Diagnostic::error(
                d.loc,
                format!("unexpected {}: {}", d.severity.label(), d.message),
            )),
        }
    }
    for (e, done) in expected.list.iter().zip(&matched) {
        if !done {
            let kind = e.severity.map(|s| s.label()).unwrap_or("remark");
            problems.push(Diagnostic::error(
                at(e.at),
                format!("expected {kind} \"{}\" was not produced", e.text),
            ));
        }
    }
    problems
}
