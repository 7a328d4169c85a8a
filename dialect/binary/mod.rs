//! The SPIR-V binary form at the instruction level: the module header and a
//! grammar-wide instruction codec (words ⇄ [`Instruction`]) shared by the
//! assembler, the disassembler and the module (de)serializer.

mod decode;
mod decoded;
mod grammar_walk;
mod header;
mod id_table;
mod instruction;
mod walk;

pub mod cfg;
pub mod deserialize;
pub mod module;
pub mod op_traits;
pub mod operands;
pub mod serialize;
pub mod structurize;

pub use decode::{decode_module, decode_operands, DecodeError, Decoder};
pub use decoded::{DecodedOperand, DecodedOperands, TextRange};
pub use header::{words_from_bytes, words_to_bytes, Header, MAGIC};
pub use instruction::{
    encode_module, encode_string, finish_instruction, Instruction, NumberType, Operand,
    TooManyWords,
};
pub use walk::{ModuleContext, OperandSource, OperandWalker};

#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod view_tests;
