//! One decoded instruction, its typed operands, and the encoder back to words.

use super::Header;
use crate::grammar::{Op, OperandKind};

/// The type a context-dependent literal takes its encoding from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumberType {
    Int { width: u32, signed: bool },
    Float { width: u32 },
}

impl NumberType {
    pub fn width(self) -> u32 {
        match self {
            NumberType::Int { width, .. } | NumberType::Float { width } => width,
        }
    }

    /// How many words a literal of this type takes (1 or 2).
    pub fn words(self) -> usize {
        if self.width() > 32 {
            2
        } else {
            1
        }
    }
}

/// One operand, in binary order. Enumerant parameters follow their enum
/// operand as operands of their own. A literal string is a `Text`: a
/// `String`, or where the text is ([`super::DecodedOperand`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Operand<Text = String> {
    /// `IdRef`, `IdScope`, `IdMemorySemantics`.
    Id(u32),
    /// A one-word literal: `LiteralInteger`, or the instruction number of an
    /// unknown extended set.
    Integer(u32),
    /// A literal whose width and interpretation come from a type:
    /// `OpConstant` values, `OpSwitch` case labels, `LiteralFloat`. `bits`
    /// holds the words as written (low word first).
    Number {
        bits: u64,
        ty: NumberType,
    },
    String(Text),
    /// A value-enum or bit-enum operand.
    Enum {
        kind: OperandKind,
        value: u32,
    },
    /// The instruction of a known extended set (`OpExtInst`).
    ExtInst(Op),
    /// The opcode `OpSpecConstantOp` applies.
    SpecOp(Op),
}

/// One instruction: its op, result type and result ids, and every other operand.
#[derive(Clone, Debug, PartialEq)]
pub struct Instruction {
    pub op: Op,
    pub result_type: Option<u32>,
    pub result: Option<u32>,
    pub operands: Vec<Operand>,
}

impl Instruction {
    pub fn new(op: Op) -> Self {
        Instruction {
            op,
            result_type: None,
            result: None,
            operands: Vec::new(),
        }
    }

    /// Appends the instruction's words to `out`; fails (leaving `out` as it
    /// was) when they exceed the 65535 a word count can say.
    pub fn encode(&self, out: &mut Vec<u32>) -> Result<(), TooManyWords> {
        let start = out.len();
        out.push(0);
        out.extend(self.result_type);
        out.extend(self.result);
        for operand in &self.operands {
            operand.encode(out);
        }
        finish_instruction(out, start, self.op)
    }
}

impl Operand {
    /// Appends the operand's words to `out`.
    pub fn encode(&self, out: &mut Vec<u32>) {
        match self {
            Operand::Id(word) | Operand::Integer(word) => out.push(*word),
            Operand::Enum { value, .. } => out.push(*value),
            Operand::Number { bits, ty } => {
                out.push(*bits as u32);
                if ty.words() == 2 {
                    out.push((*bits >> 32) as u32);
                }
            }
            Operand::String(text) => encode_string(text, out),
            Operand::ExtInst(op) | Operand::SpecOp(op) => out.push(op.info().opcode),
        }
    }
}

/// Completes the instruction of `op` whose words `out` holds from `start`
/// on, the first one reserved: fills in its word count and opcode, or
/// fails (leaving `out` as it was before `start`) when the words exceed
/// the 65535 a word count can say.
pub fn finish_instruction(out: &mut Vec<u32>, start: usize, op: Op) -> Result<(), TooManyWords> {
    let count = out.len() - start;
    if count > 0xffff {
        out.truncate(start);
        return Err(TooManyWords(count));
    }
    out[start] = ((count as u32) << 16) | op.info().opcode;
    Ok(())
}

/// A literal string: UTF-8 bytes, NUL-terminated, zero-padded to a word.
#[inline]
pub fn encode_string(text: &str, out: &mut Vec<u32>) {
    encode_string_bytes(text.as_bytes(), out);
}

/// [`encode_string`] of a string's UTF-8 `bytes`.
#[inline]
pub(crate) fn encode_string_bytes(bytes: &[u8], out: &mut Vec<u32>) {
    let words = bytes.chunks_exact(4);
    // The last word: the bytes left, then the NUL and its padding.
    let rest = words.remainder();
    let last = (rest.iter().enumerate()).fold(0, |word, (i, &b)| word | u32::from(b) << (8 * i));
    // One extend of known length: room made once, no check per word.
    let full = words.map(|word| u32::from_le_bytes([word[0], word[1], word[2], word[3]]));
    out.extend(full.chain(std::iter::once(last)));
}

/// An instruction too long for its word count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyWords(pub usize);

impl std::fmt::Display for TooManyWords {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the instruction takes {} words; at most 65535 fit",
            self.0
        )
    }
}

/// A whole module: the header, then each instruction.
pub fn encode_module(
    header: &Header,
    instructions: &[Instruction],
) -> Result<Vec<u32>, TooManyWords> {
    let mut out = Vec::new();
    header.write(&mut out);
    for inst in instructions {
        inst.encode(&mut out)?;
    }
    Ok(out)
}
