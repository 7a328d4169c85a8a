//! The five-word module header and the byte ⇄ word conversion (either
//! endianness on input, little-endian on output).

use super::DecodeError;

/// The first word of every SPIR-V module.
pub const MAGIC: u32 = 0x0723_0203;

/// The words that precede the instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// `0x00MMmm00`: major and minor version.
    pub version: u32,
    /// Tool id in the high 16 bits, the tool's own version in the low 16.
    pub generator: u32,
    /// Every result id is below this.
    pub bound: u32,
    pub schema: u32,
}

impl Header {
    pub const WORDS: usize = 5;

    /// Reads the header from the first five words of a module.
    pub fn read(words: &[u32]) -> Result<Header, DecodeError> {
        if words.len() < Self::WORDS {
            return Err(DecodeError::at(
                words.len(),
                None,
                format!("the module has {} words; a header needs 5", words.len()),
            ));
        }
        if words[0] != MAGIC {
            return Err(DecodeError::at(
                0,
                None,
                format!("bad magic number {:#010x}", words[0]),
            ));
        }
        Ok(Header {
            version: words[1],
            generator: words[2],
            bound: words[3],
            schema: words[4],
        })
    }

    pub fn write(&self, out: &mut Vec<u32>) {
        out.extend([MAGIC, self.version, self.generator, self.bound, self.schema]);
    }

    /// `(major, minor)` of the version word.
    pub fn version_numbers(&self) -> (u32, u32) {
        ((self.version >> 16) & 0xff, (self.version >> 8) & 0xff)
    }

    pub fn version_word(major: u32, minor: u32) -> u32 {
        (major << 16) | (minor << 8)
    }
}

/// The words of a binary module, whichever byte order it was written in
/// (told by the magic number).
pub fn words_from_bytes(bytes: &[u8]) -> Result<Vec<u32>, DecodeError> {
    if bytes.len() % 4 != 0 {
        return Err(DecodeError::at(
            bytes.len() / 4,
            None,
            format!("{} bytes is not a whole number of words", bytes.len()),
        ));
    }
    let big_endian =
        bytes.len() >= 4 && u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) == MAGIC;
    let words = bytes.chunks_exact(4).map(|c| {
        let b = [c[0], c[1], c[2], c[3]];
        if big_endian {
            u32::from_be_bytes(b)
        } else {
            u32::from_le_bytes(b)
        }
    });
    Ok(words.collect())
}

/// Little-endian bytes of `words`.
pub fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}
