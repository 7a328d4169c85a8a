//! Tokens of assembly text (`%id`, `=`, words, `"strings"`, `!raw`;
//! `;` starts a comment), and the located error every assembly failure is.

/// An assembly error at a byte offset of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    pub offset: usize,
    pub message: String,
}

impl AsmError {
    pub fn new(offset: usize, message: impl Into<String>) -> Self {
        AsmError {
            offset,
            message: message.into(),
        }
    }

    /// 1-based line and column (in characters) of the error in `source`.
    pub fn line_col(&self, source: &str) -> (usize, usize) {
        let offset = self.offset.min(source.len());
        let before = source.get(..offset).unwrap_or(source);
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (
            before.matches('\n').count() + 1,
            before[line_start..].chars().count() + 1,
        )
    }

    /// `file:line:col: error: message`, the source line, and a caret under the column.
    pub fn render(&self, file: &str, source: &str) -> String {
        let (line, col) = self.line_col(source);
        let text = source.lines().nth(line - 1).unwrap_or("");
        let caret = " ".repeat(col - 1);
        format!(
            "{file}:{line}:{col}: error: {}\n{text}\n{caret}^",
            self.message
        )
    }
}

impl std::fmt::Display for AsmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for AsmError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// `%name`; the text excludes the `%`.
    Id,
    Equals,
    /// An opcode, enumerant, mask or number.
    Word,
    /// `"..."`; the text is between the quotes, escapes still in.
    String,
    /// `!123`; the text excludes the `!`.
    Raw,
}

#[derive(Clone, Copy, Debug)]
pub struct Token<'t> {
    pub kind: TokenKind,
    pub text: &'t str,
    /// Byte offset of the token's first character.
    pub offset: usize,
}

fn ends_word(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b';' || b == b'"'
}

/// Splits `source` into tokens.
pub fn tokenize(source: &str) -> Result<Vec<Token<'_>>, AsmError> {
    let bytes = source.as_bytes();
    let mut tokens = Vec::with_capacity(source.len() / 5);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if b == b';' {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        let token = |kind, text| Token {
            kind,
            text,
            offset: start,
        };
        match b {
            b'=' => {
                i += 1;
                tokens.push(token(TokenKind::Equals, "="));
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                if i >= bytes.len() {
                    return Err(AsmError::new(start, "unterminated string"));
                }
                tokens.push(token(TokenKind::String, &source[start + 1..i]));
                i += 1;
            }
            b'%' | b'!' => {
                i += 1;
                while i < bytes.len() && !ends_word(bytes[i]) && bytes[i] != b'=' {
                    i += 1;
                }
                if i == start + 1 {
                    return Err(AsmError::new(
                        start,
                        format!("`{}` must be followed by a name", b as char),
                    ));
                }
                let kind = if b == b'%' {
                    TokenKind::Id
                } else {
                    TokenKind::Raw
                };
                tokens.push(token(kind, &source[start + 1..i]));
            }
            _ => {
                while i < bytes.len() && !ends_word(bytes[i]) {
                    i += 1;
                }
                tokens.push(token(TokenKind::Word, &source[start..i]));
            }
        }
    }
    Ok(tokens)
}

/// The text of a string token with its escapes resolved (`\x` is `x`).
pub fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}
