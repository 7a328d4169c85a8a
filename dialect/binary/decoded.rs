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

    /// Where the string is in the text of all the strings.
    fn span(self) -> Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// An operand of [`DecodedOperands`].
pub type DecodedOperand = Operand<TextRange>;

/// The bytes of all the literal strings of a module's operands, one after
/// another, each checked to be UTF-8 as it is read (so that they all make
/// one text once read: [`DecodedOperands::finish`]).
pub struct ModuleTexts {
    bytes: Vec<u8>,
}

impl TextSink for ModuleTexts {
    type Text = TextRange;

    fn read(&mut self, words: &[u32]) -> Result<(TextRange, usize), &'static str> {
        let start = self.bytes.len();
        let read = string_bytes(words, &mut self.bytes).and_then(|(used, ascii)| {
            match ascii || std::str::from_utf8(&self.bytes[start..]).is_ok() {
                true => Ok(used),
                false => Err(NOT_UTF8),
            }
        });
        match read {
            Ok(used) => {
                let len = (self.bytes.len() - start) as u32;
                let start = start as u32;
                Ok((TextRange { start, len }, used))
            }
            Err(message) => {
                self.bytes.truncate(start);
                Err(message)
            }
        }
    }

    fn text<'a>(&'a self, text: &'a TextRange) -> &'a str {
        let bytes = self.bytes.get(text.span()).unwrap_or_default();
        std::str::from_utf8(bytes).unwrap_or_default()
    }
}

const NOT_UTF8: &str = "the literal string is not valid UTF-8";

/// The literal string at the start of `words`, and the words it takes.
pub(crate) fn decode_string(words: &[u32]) -> Result<(String, usize), &'static str> {
    let mut bytes = Vec::with_capacity(words.len() * 4);
    let (used, _) = string_bytes(words, &mut bytes)?;
    let text = String::from_utf8(bytes).map_err(|_| NOT_UTF8)?;
    Ok((text, used))
}

/// The high bit of each byte of a word.
const HIGH_BITS: u32 = 0x8080_8080;

/// Appends the bytes of the literal string at the start of `words` (its
/// NUL and padding checked, not its UTF-8) to `bytes`; returns the words
/// it takes and whether its bytes are all ASCII.
fn string_bytes(words: &[u32], bytes: &mut Vec<u8>) -> Result<(usize, bool), &'static str> {
    let mut high = 0;
    for (used, &word) in words.iter().enumerate() {
        // The lowest byte whose high bit this sets is the word's first NUL
        // (higher ones may be set falsely).
        let nuls = word.wrapping_sub(0x0101_0101) & !word & HIGH_BITS;
        high |= word;
        if nuls != 0 {
            let nul = nuls.trailing_zeros() / 8;
            if word >> (nul * 8) != 0 {
                return Err("the literal string's padding is not zero");
            }
            // (The whole word, then the NUL and padding off: no copy of a
            // varying length.)
            bytes.extend_from_slice(&word.to_le_bytes());
            bytes.truncate(bytes.len() - (4 - nul as usize));
            return Ok((used + 1, high & HIGH_BITS == 0));
        }
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    Err("the literal string has no terminating NUL within the instruction")
}

/// The operands of every instruction of a module (result types and results
/// excluded) in one list, found by instruction index.
pub struct DecodedOperands {
    pub(super) operands: Vec<DecodedOperand>,
    /// Where each instruction's operands start, and where the last ends.
    pub(super) starts: Vec<u32>,
    /// The strings as they are read.
    pub(super) texts: ModuleTexts,
    /// The strings, once all are read ([`Self::finish`]).
    text: String,
}

impl DecodedOperands {
    /// An empty list with room for a module of `words` words (instructions
    /// average well over four words in real modules).
    pub(crate) fn with_room(words: usize) -> Self {
        let mut decoded = DecodedOperands {
            operands: kept::take(&kept::OPERANDS, words / 2),
            starts: kept::take(&kept::STARTS, words / 4),
            texts: ModuleTexts {
                bytes: kept::take(&kept::TEXT, words),
            },
            text: String::new(),
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

    /// Makes the strings read (each valid UTF-8, so all of them too) one
    /// text, for [`Self::text`]; called once every operand is read.
    pub(crate) fn finish(&mut self) {
        let bytes = std::mem::take(&mut self.texts.bytes);
        self.text = String::from_utf8(bytes).unwrap_or_default();
    }

    /// The text of the literal string `text` of these operands.
    pub fn text(&self, text: TextRange) -> &str {
        self.text.get(text.span()).unwrap_or_default()
    }
}

impl Drop for DecodedOperands {
    /// Keeps the list's buffers for the next module on this thread.
    fn drop(&mut self) {
        kept::keep(&kept::OPERANDS, std::mem::take(&mut self.operands));
        kept::keep(&kept::STARTS, std::mem::take(&mut self.starts));
        let text = std::mem::take(&mut self.text).into_bytes();
        let bytes = std::mem::take(&mut self.texts.bytes);
        kept::keep(&kept::TEXT, if text.capacity() > 0 { text } else { bytes });
    }
}
