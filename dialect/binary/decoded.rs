//! Where decoded operands keep their literal strings: each in a `String`
//! of its own ([`OwnedTexts`], for [`super::Instruction`]s), or all of a
//! module's in one buffer that its [`DecodedOperands`] own, an operand
//! holding a [`TextRange`] of it ([`ModuleTexts`]); and the module-wide
//! operand list itself.

use super::module::kept;
use super::Operand;
use std::ops::Range;

/// Where a decoder puts the literal strings it reads.
pub trait TextSink {
    /// What an [`Operand::String`] holds of a string.
    type Text;
    /// Reads the literal string at the start of `words`: what an operand
    /// holds of it, and the words it takes.
    fn read(&mut self, words: &[u32]) -> Result<(Self::Text, usize), &'static str>;
    /// The text `text` holds.
    fn text<'a>(&'a self, text: &'a Self::Text) -> &'a str;
}

/// Strings as `String`s of their own.
pub struct OwnedTexts;

impl TextSink for OwnedTexts {
    type Text = String;

    fn read(&mut self, words: &[u32]) -> Result<(String, usize), &'static str> {
        decode_string(words)
    }

    fn text<'a>(&'a self, text: &'a String) -> &'a str {
        text
    }
}

/// Where a literal string of a module's [`DecodedOperands`] is in their
/// text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextRange {
    start: u32,
    len: u32,
}

impl TextRange {
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// An operand of [`DecodedOperands`].
pub type DecodedOperand = Operand<TextRange>;

/// The text of all the literal strings of a module's operands, one after
/// another.
pub struct ModuleTexts {
    text: String,
    /// The bytes of the string being read (kept for the next).
    scratch: Vec<u8>,
}

impl TextSink for ModuleTexts {
    type Text = TextRange;

    fn read(&mut self, words: &[u32]) -> Result<(TextRange, usize), &'static str> {
        self.scratch.clear();
        let used = string_bytes(words, &mut self.scratch)?;
        let text = std::str::from_utf8(&self.scratch).map_err(|_| NOT_UTF8)?;
        let start = self.text.len() as u32;
        self.text.push_str(text);
        let len = text.len() as u32;
        Ok((TextRange { start, len }, used))
    }

    fn text<'a>(&'a self, text: &'a TextRange) -> &'a str {
        self.get(*text)
    }
}

impl ModuleTexts {
    /// The text `text` holds.
    fn get(&self, text: TextRange) -> &str {
        let (start, end) = (text.start as usize, (text.start + text.len) as usize);
        self.text.get(start..end).unwrap_or_default()
    }
}

const NOT_UTF8: &str = "the literal string is not valid UTF-8";

/// The literal string at the start of `words`, and the words it takes.
pub(crate) fn decode_string(words: &[u32]) -> Result<(String, usize), &'static str> {
    let mut bytes = Vec::with_capacity(words.len() * 4);
    let used = string_bytes(words, &mut bytes)?;
    let text = String::from_utf8(bytes).map_err(|_| NOT_UTF8)?;
    Ok((text, used))
}

/// Appends the bytes of the literal string at the start of `words` (its
/// NUL and padding checked, not its UTF-8) to `bytes`; returns the words
/// it takes.
fn string_bytes(words: &[u32], bytes: &mut Vec<u8>) -> Result<usize, &'static str> {
    for (used, word) in words.iter().enumerate() {
        let word = word.to_le_bytes();
        if let Some(nul) = word.iter().position(|&b| b == 0) {
            if word[nul..].iter().any(|&b| b != 0) {
                return Err("the literal string's padding is not zero");
            }
            bytes.extend_from_slice(&word[..nul]);
            return Ok(used + 1);
        }
        bytes.extend_from_slice(&word);
    }
    Err("the literal string has no terminating NUL within the instruction")
}

/// The operands of every instruction of a module (result types and results
/// excluded) in one list, found by instruction index.
pub struct DecodedOperands {
    pub(super) operands: Vec<DecodedOperand>,
    /// Where each instruction's operands start, and where the last ends.
    pub(super) starts: Vec<u32>,
    pub(super) texts: ModuleTexts,
}

impl DecodedOperands {
    /// An empty list with room for a module of `words` words (instructions
    /// average well over four words in real modules).
    pub(crate) fn with_room(words: usize) -> Self {
        let mut decoded = DecodedOperands {
            operands: kept::take(&kept::OPERANDS, words / 2),
            starts: kept::take(&kept::STARTS, words / 4),
            texts: ModuleTexts {
                // An empty buffer is valid UTF-8.
                text: String::from_utf8(kept::take(&kept::TEXT, words)).unwrap_or_default(),
                scratch: kept::take(&kept::TEXT_SCRATCH, 0),
            },
        };
        decoded.starts.push(0);
        decoded
    }

    /// The number of instructions.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The operands of the instructions `indices`, one's after the other's.
    pub(crate) fn of_all(&self, indices: Range<usize>) -> &[DecodedOperand] {
        let (start, end) = (self.starts[indices.start], self.starts[indices.end]);
        &self.operands[start as usize..end as usize]
    }

    /// The operands of instruction `index`.
    pub fn of(&self, index: usize) -> &[DecodedOperand] {
        match self.starts[index..index + 2] {
            [start, end] => &self.operands[start as usize..end as usize],
            _ => &[],
        }
    }

    /// The text of the literal string `text` of these operands.
    pub fn text(&self, text: TextRange) -> &str {
        self.texts.get(text)
    }
}

impl Drop for DecodedOperands {
    /// Keeps the list's buffers for the next module on this thread.
    fn drop(&mut self) {
        kept::keep(&kept::OPERANDS, std::mem::take(&mut self.operands));
        kept::keep(&kept::STARTS, std::mem::take(&mut self.starts));
        let text = std::mem::take(&mut self.texts.text).into_bytes();
        kept::keep(&kept::TEXT, text);
        kept::keep(&kept::TEXT_SCRATCH, std::mem::take(&mut self.texts.scratch));
    }
}
