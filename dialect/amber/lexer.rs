//! AmberScript tokens: whitespace-separated words with their line and
//! column, `#` comments to the end of the line, end-of-line markers (some
//! commands end at the line's end), and raw shader text up to `END`.

use std::fmt;

/// A position in the script (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loc {
    pub line: usize,
    pub column: usize,
}

/// A script error with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub loc: Loc,
    pub message: String,
}

impl ParseError {
    pub fn new(loc: Loc, message: impl Into<String>) -> ParseError {
        ParseError {
            loc,
            message: message.into(),
        }
    }

    /// `file:line:col: error: message`, the source line and a caret.
    pub fn render(&self, file: &str, source: &str) -> String {
        let line_text = source
            .lines()
            .nth(self.loc.line.saturating_sub(1))
            .unwrap_or("");
        let caret = " ".repeat(self.loc.column.saturating_sub(1));
        format!(
            "{file}:{}:{}: error: {}\n{line_text}\n{caret}^",
            self.loc.line, self.loc.column, self.message
        )
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.loc.line, self.loc.column, self.message)
    }
}

/// A word of the script, or the end of a line or of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    Word(String),
    EndOfLine,
    EndOfFile,
}

/// A cursor over the script text.
pub struct Lexer<'a> {
    source: &'a str,
    at: usize,
    line: usize,
    column: usize,
}

impl<'a> Lexer<'a> {
    pub fn new(source: &'a str) -> Lexer<'a> {
        Lexer {
            source,
            at: 0,
            line: 1,
            column: 1,
        }
    }

    pub fn loc(&self) -> Loc {
        Loc {
            line: self.line,
            column: self.column,
        }
    }

    fn bump(&mut self, c: char) {
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
    }

    fn peek_char(&self) -> Option<char> {
        self.source[self.at..].chars().next()
    }

    /// Skips blanks and comments on the current line.
    fn skip_blanks(&mut self) {
        while let Some(c) = self.peek_char() {
            if c == '#' {
                while let Some(c) = self.peek_char().filter(|c| *c != '\n') {
                    self.bump(c);
                }
            } else if c != '\n' && c.is_whitespace() {
                self.bump(c);
            } else {
                break;
            }
        }
    }

    /// The next token and where it starts.
    pub fn next_token(&mut self) -> (Token, Loc) {
        self.skip_blanks();
        let loc = self.loc();
        match self.peek_char() {
            None => (Token::EndOfFile, loc),
            Some('\n') => {
                self.bump('\n');
                (Token::EndOfLine, loc)
            }
            Some(_) => {
                let start = self.at;
                while let Some(c) = self.peek_char().filter(|c| !c.is_whitespace()) {
                    self.bump(c);
                }
                (Token::Word(self.source[start..self.at].to_string()), loc)
            }
        }
    }

    /// The next token without consuming it.
    pub fn peek(&mut self) -> Token {
        let saved = (self.at, self.line, self.column);
        let (token, _) = self.next_token();
        (self.at, self.line, self.column) = saved;
        token
    }

    /// Raw lines up to a line whose first word is `END`, which is consumed
    /// along with the rest of its line. Returns the text and its first line.
    pub fn raw_until_end(&mut self) -> Option<(String, usize)> {
        // Drop the rest of the current line first.
        while let Some(c) = self.peek_char() {
            self.bump(c);
            if c == '\n' {
                break;
            }
        }
        let first_line = self.line;
        let start = self.at;
        loop {
            let line_start = self.at;
            let rest = &self.source[line_start..];
            if rest.is_empty() {
                return None;
            }
            let line = rest.split('\n').next().unwrap_or("");
            let first_word = line.split_whitespace().next().unwrap_or("");
            if first_word == "END" {
                let text = self.source[start..line_start].to_string();
                let end_column = line.len() - line.trim_start().len();
                for c in line[..end_column + 3].chars() {
                    self.bump(c);
                }
                return Some((text, first_line));
            }
            for c in line.chars() {
                self.bump(c);
            }
            if let Some('\n') = self.peek_char() {
                self.bump('\n');
            }
        }
    }
}
