//! Compiling a custom assembly format spec (see `format`) into elements.

use super::format::{Directive, Elem};

/// The attributes printed by directives (`named`), those only declared
/// inherent (`inherent`) and those declared discardable.
pub(super) fn collect_attrs(
    elems: &[Elem],
    named: &mut Vec<String>,
    inherent: &mut Vec<String>,
    discardable: &mut Vec<String>,
) {
    for e in elems {
        match e {
            Elem::Signature(n) => {
                named.extend([n.clone(), "arg_attrs".into(), "res_attrs".into()]);
            }
            Elem::Attr(n) | Elem::Symbol(n) | Elem::Visibility(n) => named.push(n.clone()),
            Elem::Custom(_, names) => named.extend(names.iter().cloned()),
            Elem::Properties(names) => inherent.extend(names.iter().cloned()),
            Elem::Discardable(names) => discardable.extend(names.iter().cloned()),
            Elem::Optional(g) => collect_attrs(g, named, inherent, discardable),
            _ => {}
        }
    }
}

/// Splits a spec into words, backtick literals and parentheses.
pub(super) fn split_spec(spec: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut chars = spec.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            ' ' | '\n' | '\t' => {}
            '`' => {
                let rest = &spec[i + 1..];
                let end = rest.find('`').ok_or("unterminated literal")?;
                out.push(format!("`{}", &rest[..end]));
                for _ in 0..=end {
                    chars.next();
                }
            }
            '(' | ')' | ',' => {
                let mut tok = c.to_string();
                if c == ')' && chars.peek().map(|p| p.1) == Some('?') {
                    chars.next();
                    tok.push('?');
                }
                out.push(tok);
            }
            _ => {
                let rest = &spec[i..];
                let len = rest
                    .find([' ', '(', ')', ',', '`', '\n', '\t'])
                    .unwrap_or(rest.len());
                out.push(rest[..len].to_string());
                for _ in 1..len {
                    chars.next();
                }
            }
        }
    }
    Ok(out)
}

pub(super) fn compile_seq(
    tokens: &[String],
    pos: &mut usize,
    in_group: bool,
    directive: &dyn Fn(&str) -> Option<Directive>,
) -> Result<Vec<Elem>, String> {
    let mut elems = Vec::new();
    while *pos < tokens.len() {
        let tok = tokens[*pos].as_str();
        *pos += 1;
        let elem = match tok {
            ")?" if in_group => return Ok(elems),
            "(" => {
                let group = compile_seq(tokens, pos, true, directive)?;
                if group.is_empty() {
                    return Err("empty optional group".into());
                }
                Elem::Optional(group)
            }
            "operands" => Elem::Operands,
            "successors" => Elem::Successors,
            "regions" => Elem::Regions,
            "region" => Elem::Region,
            "attr-dict" => Elem::AttrDict { keyword: false },
            "attr-dict-with-keyword" => Elem::AttrDict { keyword: true },
            "properties" => {
                let args = directive_args(tokens, pos)?;
                Elem::Properties(attr_names(&args)?)
            }
            "discardable" => {
                let args = directive_args(tokens, pos)?;
                Elem::Discardable(attr_names(&args)?)
            }
            _ if tok.starts_with("custom<") && tok.ends_with('>') => {
                let name = &tok["custom<".len()..tok.len() - 1];
                let found = directive(name).ok_or(format!("unknown directive `custom<{name}>`"))?;
                let args = if tokens.get(*pos).map(String::as_str) == Some("(") {
                    directive_args(tokens, pos)?
                } else {
                    Vec::new()
                };
                Elem::Custom(found, attr_names(&args)?)
            }
            "type" | "symbol" | "functional-type" | "function-signature" | "visibility" => {
                let args = directive_args(tokens, pos)?;
                match (tok, args.as_slice()) {
                    ("type", [a]) if a == "operands" => Elem::OperandTypes,
                    ("type", [a]) if a == "results" => Elem::ResultTypes,
                    ("type", [a]) if a == "all" => Elem::SameType,
                    ("symbol", [a]) if a.starts_with('$') => Elem::Symbol(a[1..].to_string()),
                    ("function-signature", [a]) if a.starts_with('$') => {
                        Elem::Signature(a[1..].to_string())
                    }
                    ("visibility", [a]) if a.starts_with('$') => {
                        Elem::Visibility(a[1..].to_string())
                    }
                    ("functional-type", [a, b]) if a == "operands" && b == "results" => {
                        Elem::FunctionalType
                    }
                    _ => return Err(format!("bad arguments to `{tok}`: {args:?}")),
                }
            }
            _ if tok.starts_with('`') => Elem::Literal(tok[1..].to_string()),
            _ if tok.starts_with('$') && tok.len() > 1 => Elem::Attr(tok[1..].to_string()),
            _ => return Err(format!("unknown format element `{tok}`")),
        };
        elems.push(elem);
    }
    if in_group {
        return Err("optional group is not closed with `)?`".into());
    }
    Ok(elems)
}

fn directive_args(tokens: &[String], pos: &mut usize) -> Result<Vec<String>, String> {
    if tokens.get(*pos).map(String::as_str) != Some("(") {
        return Err("expected `(` after directive".into());
    }
    *pos += 1;
    let mut args = Vec::new();
    loop {
        match tokens.get(*pos).map(String::as_str) {
            Some(")") => {
                *pos += 1;
                return Ok(args);
            }
            Some(",") => *pos += 1,
            Some(arg) => {
                args.push(arg.to_string());
                *pos += 1;
            }
            None => return Err("unterminated directive arguments".into()),
        }
    }
}

/// `$a, $b` → `a`, `b`.
fn attr_names(args: &[String]) -> Result<Vec<String>, String> {
    args.iter()
        .map(|a| {
            a.strip_prefix('$')
                .filter(|n| !n.is_empty())
                .map(str::to_string)
                .ok_or(format!("expected `$name`, found `{a}`"))
        })
        .collect()
}
