//! The MLIR lexer: turns source bytes into tokens, tracking line and column
//! for diagnostics. Never fails: malformed input becomes an `Error` token the
//! parser reports.

/// Kinds of tokens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tok {
    Eof,
    /// A character the lexer does not understand, or an unterminated string.
    Error,
    BareId,
    /// `%name`, `%0`
    PercentId,
    /// `^bb0`
    CaretId,
    /// `#name`, `#dialect.x`, `#1`
    HashId,
    /// `!name`, `!dialect.x`
    ExclaimId,
    /// `@name`, `@"quoted"`
    AtId,
    Integer,
    Float,
    String,
    LParen,
    RParen,
    LBrace,
    RBrace,
    LSquare,
    RSquare,
    Less,
    Greater,
    Comma,
    Colon,
    Equal,
    Arrow,
    Minus,
    Plus,
    Star,
    Question,
    FileMetadataBegin,
    FileMetadataEnd,
}

/// A token: its kind, byte range and start position.
#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: Tok,
    pub start: u32,
    pub end: u32,
    pub line: u32,
    pub col: u32,
}

/// Lexer state over one buffer.
#[derive(Clone)]
pub struct Lexer<'s> {
    src: &'s [u8],
    pos: usize,
    line: u32,
    line_start: usize,
}

fn is_id_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_id_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

/// Characters of a suffix identifier (`%x`, `^bb`, `#a`, `!a` bodies).
fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

impl<'s> Lexer<'s> {
    pub fn new(src: &'s str) -> Self {
        Lexer {
            src: src.as_bytes(),
            pos: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// The byte offset of the next unread character.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Moves to byte offset `pos`, which must be at or after the start of
    /// the current line (positions handed out by this lexer are).
    pub fn reset_to(&mut self, pos: usize, line: u32, col: u32) {
        self.pos = pos;
        self.line = line;
        self.line_start = pos + 1 - col as usize;
    }

    fn peek(&self, ahead: usize) -> u8 {
        self.src.get(self.pos + ahead).copied().unwrap_or(0)
    }

    fn newline(&mut self) {
        self.line += 1;
        self.line_start = self.pos;
    }

    fn skip_trivia(&mut self) {
        while self.pos < self.src.len() {
            match self.src[self.pos] {
                b'\n' => {
                    self.pos += 1;
                    self.newline();
                }
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'/' if self.peek(1) == b'/' => {
                    while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// Lexes the next token.
    pub fn next_token(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        let line = self.line;
        let col = (start - self.line_start + 1) as u32;
        let kind = self.lex_kind();
        Token {
            kind,
            start: start as u32,
            end: self.pos as u32,
            line,
            col,
        }
    }

    fn lex_kind(&mut self) -> Tok {
        let Some(&c) = self.src.get(self.pos) else {
            return Tok::Eof;
        };
        self.pos += 1;
        match c {
            b'(' => Tok::LParen,
            b')' => Tok::RParen,
            b'{' if self.peek(0) == b'-' && self.peek(1) == b'#' => {
                self.pos += 2;
                Tok::FileMetadataBegin
            }
            b'{' => Tok::LBrace,
            b'}' => Tok::RBrace,
            b'[' => Tok::LSquare,
            b']' => Tok::RSquare,
            b'<' => Tok::Less,
            b'>' => Tok::Greater,
            b',' => Tok::Comma,
            b':' => Tok::Colon,
            b'=' => Tok::Equal,
            b'+' => Tok::Plus,
            b'*' => Tok::Star,
            b'?' => Tok::Question,
            b'-' if self.peek(0) == b'>' => {
                self.pos += 1;
                Tok::Arrow
            }
            b'-' => Tok::Minus,
            b'#' if self.peek(0) == b'-' && self.peek(1) == b'}' => {
                self.pos += 2;
                Tok::FileMetadataEnd
            }
            b'"' => self.lex_string(),
            b'%' => self.lex_prefixed(Tok::PercentId),
            b'^' => self.lex_prefixed(Tok::CaretId),
            b'#' => self.lex_prefixed(Tok::HashId),
            b'!' => self.lex_prefixed(Tok::ExclaimId),
            b'@' if self.peek(0) == b'"' => {
                self.pos += 1;
                match self.lex_string() {
                    Tok::String => Tok::AtId,
                    other => other,
                }
            }
            b'@' => self.lex_prefixed(Tok::AtId),
            b'0'..=b'9' => self.lex_number(c),
            c if is_id_start(c) => {
                while is_id_char(self.peek(0)) {
                    self.pos += 1;
                }
                Tok::BareId
            }
            _ => Tok::Error,
        }
    }

    fn lex_prefixed(&mut self, kind: Tok) -> Tok {
        let first = self.peek(0);
        if first.is_ascii_digit() {
            while self.peek(0).is_ascii_digit() {
                self.pos += 1;
            }
            return kind;
        }
        if !(first.is_ascii_alphabetic() || matches!(first, b'_' | b'$' | b'.' | b'-')) {
            return Tok::Error;
        }
        while is_suffix_char(self.peek(0)) {
            self.pos += 1;
        }
        kind
    }

    fn lex_number(&mut self, first: u8) -> Tok {
        if first == b'0' && self.peek(0) == b'x' && self.peek(1).is_ascii_hexdigit() {
            self.pos += 1;
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return Tok::Integer;
        }
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek(0) != b'.' {
            return Tok::Integer;
        }
        self.pos += 1;
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(0), b'e' | b'E')
            && (self.peek(1).is_ascii_digit()
                || (matches!(self.peek(1), b'+' | b'-') && self.peek(2).is_ascii_digit()))
        {
            self.pos += 2;
            while self.peek(0).is_ascii_digit() {
                self.pos += 1;
            }
        }
        Tok::Float
    }

    fn lex_string(&mut self) -> Tok {
        while let Some(&c) = self.src.get(self.pos) {
            self.pos += 1;
            match c {
                b'"' => return Tok::String,
                b'\\' if self.pos < self.src.len() => self.pos += 1,
                b'\n' => {
                    self.pos -= 1;
                    return Tok::Error;
                }
                _ => {}
            }
        }
        Tok::Error
    }

    /// Scans a balanced `<...>` body starting at the current position (which
    /// must be at `<`), for opaque dialect types and attributes. Returns the
    /// end offset, or None when unbalanced.
    pub fn skip_balanced(&mut self) -> Option<usize> {
        let mut stack: Vec<u8> = Vec::new();
        loop {
            let c = *self.src.get(self.pos)?;
            self.pos += 1;
            match c {
                b'<' | b'(' | b'[' | b'{' => stack.push(c),
                b'-' if self.peek(0) == b'>' => self.pos += 1,
                b'>' | b')' | b']' | b'}' => {
                    let open = stack.pop()?;
                    let expected = match open {
                        b'<' => b'>',
                        b'(' => b')',
                        b'[' => b']',
                        _ => b'}',
                    };
                    if c != expected {
                        return None;
                    }
                    if stack.is_empty() {
                        return Some(self.pos);
                    }
                }
                b'"' if self.lex_string() != Tok::String => return None,
                b'\n' => self.newline(),
                _ => {}
            }
        }
    }
}
