//! A small backtracking regular-expression matcher for test expectations
//! (`{{...}}` in `expected-error` comments and CHECK lines): literals, `.`,
//! character classes (`[a-z]`, `[^,]`, `\d`, `\w`, `\s`), escapes, the
//! quantifiers `*`, `+`, `?`, groups with alternation `(a|b)`, and the
//! anchors `^` and `$`.

/// A compiled pattern.
#[derive(Clone, Debug)]
pub struct Pattern {
    alternatives: Vec<Vec<Piece>>,
}

#[derive(Clone, Debug)]
enum Atom {
    Char(char),
    Any,
    Class {
        negated: bool,
        items: Vec<ClassItem>,
    },
    Group(Pattern),
    Start,
    End,
}

#[derive(Clone, Debug)]
enum ClassItem {
    Range(char, char),
    Digit,
    Word,
    Space,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Repeat {
    One,
    Star,
    Plus,
    Optional,
}

#[derive(Clone, Debug)]
struct Piece {
    atom: Atom,
    repeat: Repeat,
}

impl Pattern {
    /// Compiles `source`; fails on unbalanced groups or classes.
    pub fn new(source: &str) -> Result<Pattern, String> {
        let chars: Vec<char> = source.chars().collect();
        let mut pos = 0;
        let pattern = parse_alternatives(&chars, &mut pos)?;
        if pos != chars.len() {
            return Err(format!("unbalanced ')' in pattern `{source}`"));
        }
        Ok(pattern)
    }

    /// A pattern matching `text` literally.
    pub fn literal(text: &str) -> Pattern {
        let pieces = text
            .chars()
            .map(|c| Piece {
                atom: Atom::Char(c),
                repeat: Repeat::One,
            })
            .collect();
        Pattern {
            alternatives: vec![pieces],
        }
    }

    /// The first (leftmost, then longest-preferring) match in `text`, as
    /// char offsets converted to byte offsets.
    pub fn find(&self, text: &str) -> Option<(usize, usize)> {
        let chars: Vec<char> = text.chars().collect();
        let byte_at = |i: usize| {
            text.char_indices()
                .nth(i)
                .map(|(b, _)| b)
                .unwrap_or(text.len())
        };
        for start in 0..=chars.len() {
            if let Some(end) = self.match_at(&chars, start, &mut |e| Some(e)) {
                return Some((byte_at(start), byte_at(end)));
            }
        }
        None
    }

    pub fn is_match(&self, text: &str) -> bool {
        self.find(text).is_some()
    }

    fn match_at(
        &self,
        s: &[char],
        pos: usize,
        k: &mut dyn FnMut(usize) -> Option<usize>,
    ) -> Option<usize> {
        self.alternatives
            .iter()
            .find_map(|alt| match_seq(alt, s, pos, k))
    }
}

fn match_seq(
    pieces: &[Piece],
    s: &[char],
    pos: usize,
    k: &mut dyn FnMut(usize) -> Option<usize>,
) -> Option<usize> {
    let Some((first, rest)) = pieces.split_first() else {
        return k(pos);
    };
    let mut next = |p: usize| match_seq(rest, s, p, k);
    match first.repeat {
        Repeat::One => match_atom(&first.atom, s, pos, &mut next),
        Repeat::Optional => match_atom(&first.atom, s, pos, &mut next).or_else(|| next(pos)),
        Repeat::Star => match_star(&first.atom, s, pos, &mut next),
        Repeat::Plus => match_atom(&first.atom, s, pos, &mut |p| {
            match_star(&first.atom, s, p, &mut next)
        }),
    }
}

/// Greedy `atom*`: positions reachable by repeating, longest first.
fn match_star(
    atom: &Atom,
    s: &[char],
    pos: usize,
    k: &mut dyn FnMut(usize) -> Option<usize>,
) -> Option<usize> {
    let mut ends = vec![pos];
    let mut cur = pos;
    while let Some(next) = single_step(atom, s, cur) {
        if next == cur {
            break;
        }
        ends.push(next);
        cur = next;
    }
    ends.into_iter().rev().find_map(k)
}

/// One match of a simple atom (groups take their first match).
fn single_step(atom: &Atom, s: &[char], pos: usize) -> Option<usize> {
    match_atom(atom, s, pos, &mut |e| Some(e))
}

fn match_atom(
    atom: &Atom,
    s: &[char],
    pos: usize,
    k: &mut dyn FnMut(usize) -> Option<usize>,
) -> Option<usize> {
    match atom {
        Atom::Start => (pos == 0).then_some(pos).and_then(k),
        Atom::End => (pos == s.len()).then_some(pos).and_then(k),
        Atom::Group(p) => p.match_at(s, pos, k),
        _ => {
            let c = *s.get(pos)?;
            let ok = match atom {
                Atom::Char(x) => *x == c,
                Atom::Any => true,
                Atom::Class { negated, items } => items.iter().any(|i| class_has(i, c)) != *negated,
                _ => false,
            };
            if ok {
                k(pos + 1)
            } else {
                None
            }
        }
    }
}

fn class_has(item: &ClassItem, c: char) -> bool {
    match item {
        ClassItem::Range(a, b) => *a <= c && c <= *b,
        ClassItem::Digit => c.is_ascii_digit(),
        ClassItem::Word => c.is_alphanumeric() || c == '_',
        ClassItem::Space => c.is_whitespace(),
    }
}

fn parse_alternatives(s: &[char], pos: &mut usize) -> Result<Pattern, String> {
    let mut alternatives = vec![Vec::new()];
    while *pos < s.len() {
        let c = s[*pos];
        *pos += 1;
        let atom = match c {
            ')' => {
                *pos -= 1;
                break;
            }
            '|' => {
                alternatives.push(Vec::new());
                continue;
            }
            '(' => {
                let inner = parse_alternatives(s, pos)?;
                if s.get(*pos) != Some(&')') {
                    return Err("unbalanced '(' in pattern".into());
                }
                *pos += 1;
                Atom::Group(inner)
            }
            '.' => Atom::Any,
            '^' => Atom::Start,
            '$' => Atom::End,
            '[' => parse_class(s, pos)?,
            '\\' => {
                let e = *s.get(*pos).ok_or("trailing '\\' in pattern")?;
                *pos += 1;
                match escape_class(e) {
                    Some(item) => Atom::Class {
                        negated: false,
                        items: vec![item],
                    },
                    None => Atom::Char(e),
                }
            }
            _ => Atom::Char(c),
        };
        let repeat = match s.get(*pos) {
            Some('*') => Repeat::Star,
            Some('+') => Repeat::Plus,
            Some('?') => Repeat::Optional,
            _ => Repeat::One,
        };
        if repeat != Repeat::One {
            *pos += 1;
        }
        alternatives
            .last_mut()
            .expect("at least one alternative")
            .push(Piece { atom, repeat });
    }
    Ok(Pattern { alternatives })
}

fn escape_class(e: char) -> Option<ClassItem> {
    match e {
        'd' => Some(ClassItem::Digit),
        'w' => Some(ClassItem::Word),
        's' => Some(ClassItem::Space),
        _ => None,
    }
}

fn parse_class(s: &[char], pos: &mut usize) -> Result<Atom, String> {
    let negated = s.get(*pos) == Some(&'^');
    if negated {
        *pos += 1;
    }
    let mut items = Vec::new();
    let mut first = true;
    loop {
        let c = *s.get(*pos).ok_or("unterminated '[' in pattern")?;
        *pos += 1;
        if c == ']' && !first {
            break;
        }
        first = false;
        let lo = if c == '\\' {
            let e = *s.get(*pos).ok_or("trailing '\\' in pattern")?;
            *pos += 1;
            if let Some(item) = escape_class(e) {
                items.push(item);
                continue;
            }
            e
        } else {
            c
        };
        if s.get(*pos) == Some(&'-') && s.get(*pos + 1).is_some_and(|&n| n != ']') {
            let hi = s[*pos + 1];
            *pos += 2;
            items.push(ClassItem::Range(lo, hi));
        } else {
            items.push(ClassItem::Range(lo, lo));
        }
    }
    Ok(Atom::Class { negated, items })
}

/// Compiles FileCheck-style text: literal text with `{{regex}}` islands.
pub fn from_check_text(text: &str) -> Result<Pattern, String> {
    let mut source = String::new();
    let mut rest = text;
    while let Some(open) = rest.find("{{") {
        source.push_str(&escape_literal(&rest[..open]));
        let after = &rest[open + 2..];
        let close = after.find("}}").ok_or("unterminated '{{' in pattern")?;
        source.push('(');
        source.push_str(&after[..close]);
        source.push(')');
        rest = &after[close + 2..];
    }
    source.push_str(&escape_literal(rest));
    Pattern::new(&source)
}

/// `text` with every pattern metacharacter escaped.
pub fn escape_literal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if "\\.^$*+?()[]{}|".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_like_a_regex() {
        let p = Pattern::new("a[0-9]+b").unwrap();
        assert_eq!(p.find("xxa12b"), Some((2, 6)));
        assert!(!p.is_match("ab"));
        assert!(Pattern::new("^(foo|bar)$").unwrap().is_match("bar"));
        assert!(Pattern::new("x.*y").unwrap().is_match("x -> y"));
        assert!(Pattern::new("\\d\\d?").unwrap().is_match("7"));
        assert!(from_check_text("op {{.*}} (i32)")
            .unwrap()
            .is_match("op foo bar (i32)"));
        assert!(Pattern::new("[^,]*,").unwrap().is_match("abc,"));
    }
}
