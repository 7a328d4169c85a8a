//! A zero-allocation walk over one instruction's operands, straight from the
//! module's words: each operand is reported to an [`OperandVisitor`] by kind
//! and word position, in the order the shared grammar walk
//! (`binary::grammar_walk`) gives.

use super::grammar_walk::{walk_operands, OperandReader};
use super::DecodeError;
use crate::grammar::{InstSet, Op, OperandKind};
use std::ops::Range;

/// What an operand walk is told; every method defaults to ignoring it.
/// Word positions index the whole module.
pub trait OperandVisitor {
    /// An id operand of `kind` (`IdResultType`, `IdResult`, `IdRef`, ...) at `word`.
    fn id(&mut self, _kind: OperandKind, _word: usize) {}
    /// A numeric literal of `kind` spanning `words` (low word first).
    fn literal(&mut self, _kind: OperandKind, _words: Range<usize>) {}
    /// A NUL-terminated string spanning `words`.
    fn string(&mut self, _words: Range<usize>) {}
    /// A value- or bit-enum operand.
    fn enumerant(&mut self, _kind: OperandKind, _value: u32) {}
    /// The instruction number of `OpExtInst` at `word`: `op` is `None` for a
    /// set the grammar lacks, whose operands then come as one opaque literal.
    fn ext_inst(&mut self, _op: Option<Op>, _word: usize) {}
    /// The opcode `OpSpecConstantOp` applies, at `word`.
    fn spec_op(&mut self, _op: Op, _word: usize) {}
}

/// The module facts operand decoding depends on.
pub trait OperandContext {
    /// The set imported as `id`: `None` if `id` is no import, `Some(None)`
    /// for a set the grammar lacks.
    fn ext_set(&self, id: u32) -> Option<Option<InstSet>>;
    /// How many words a literal of the integer type of value `id` takes.
    fn value_literal_words(&self, id: u32) -> Option<usize>;
}

/// Walks the operands of the instruction of `op` whose words are
/// `words[start..end]` (`start` is its opcode word).
pub fn visit_operands<C: OperandContext, V: OperandVisitor>(
    words: &[u32],
    start: usize,
    end: usize,
    op: Op,
    context: &C,
    visitor: &mut V,
) -> Result<(), DecodeError> {
    let mut walk = Walk {
        words,
        start,
        pos: start + 1,
        end,
        op,
        context,
        visitor,
    };
    walk_operands(&mut walk, op.info().operands, false)?;
    if walk.pos != end {
        return Err(walk.error(walk.pos, "words left over after the operands"));
    }
    Ok(())
}

struct Walk<'a, C, V> {
    words: &'a [u32],
    /// The instruction's opcode word.
    start: usize,
    pos: usize,
    end: usize,
    op: Op,
    context: &'a C,
    visitor: &'a mut V,
}

impl<C: OperandContext, V: OperandVisitor> Walk<'_, C, V> {
    fn error(&self, word: usize, message: &str) -> DecodeError {
        DecodeError::at(word, Some(self.op.info().grammar_name), message.to_string())
    }

    /// Consumes `count` words, returning their range.
    fn take(&mut self, count: usize) -> Result<Range<usize>, DecodeError> {
        if self.end - self.pos < count {
            return Err(self.error(self.pos, "the instruction ends before all its operands"));
        }
        self.pos += count;
        Ok(self.pos - count..self.pos)
    }

    fn word(&mut self) -> Result<(usize, u32), DecodeError> {
        let at = self.take(1)?.start;
        Ok((at, self.words[at]))
    }
}

impl<C: OperandContext, V: OperandVisitor> OperandReader for Walk<'_, C, V> {
    type Error = DecodeError;

    fn at_end(&mut self) -> bool {
        self.pos >= self.end
    }

    fn leaf(&mut self, kind: OperandKind) -> Result<(), DecodeError> {
        use OperandKind as K;
        match kind {
            K::IdResultType | K::IdResult | K::IdRef | K::IdScope | K::IdMemorySemantics => {
                let (at, _) = self.word()?;
                self.visitor.id(kind, at);
            }
            // OpSwitch case labels take the width of the selector's type.
            K::LiteralInteger if self.op == Op::Switch => {
                let selector_id = self.words[self.start + 1];
                let count = self
                    .context
                    .value_literal_words(selector_id)
                    .ok_or_else(|| {
                        self.error(
                            self.pos,
                            &format!(
                                "the OpSwitch selector %{selector_id} is not a scalar integer"
                            ),
                        )
                    })?;
                let words = self.take(count)?;
                self.visitor.literal(kind, words);
            }
            // The value of OpConstant / OpSpecConstant: the rest of the instruction.
            K::LiteralContextDependentNumber => {
                if self.pos >= self.end {
                    return Err(self.error(self.pos, "the constant has no value words"));
                }
                let words = self.take(self.end - self.pos)?;
                self.visitor.literal(kind, words);
            }
            K::LiteralString => {
                let start = self.pos;
                loop {
                    let (_, word) = self.word()?;
                    if word.to_le_bytes().contains(&0) {
                        break;
                    }
                }
                self.visitor.string(start..self.pos);
            }
            _ => {
                let words = self.take(1)?;
                self.visitor.literal(kind, words);
            }
        }
        Ok(())
    }

    fn enumerant(&mut self, kind: OperandKind) -> Result<u32, DecodeError> {
        let (_, value) = self.word()?;
        self.visitor.enumerant(kind, value);
        Ok(value)
    }

    fn ext_inst(&mut self) -> Result<Option<Op>, DecodeError> {
        let set_id = self.words[self.pos - 1];
        let set = self.context.ext_set(set_id).ok_or_else(|| {
            self.error(
                self.pos - 1,
                &format!("%{set_id} is not an OpExtInstImport"),
            )
        })?;
        let (at, number) = self.word()?;
        match set {
            Some(set) => {
                let op = Op::from_opcode(set, number).ok_or_else(|| {
                    let name = set.info().import_name;
                    self.error(at, &format!("{name} has no instruction {number}"))
                })?;
                self.visitor.ext_inst(Some(op), at);
                Ok(Some(op))
            }
            None => {
                self.visitor.ext_inst(None, at);
                let rest = self.take(self.end - self.pos)?;
                self.visitor.literal(OperandKind::LiteralInteger, rest);
                Ok(None)
            }
        }
    }

    fn spec_op(&mut self) -> Result<Op, DecodeError> {
        let (at, opcode) = self.word()?;
        let op = Op::from_opcode(InstSet::Core, opcode).ok_or_else(|| {
            self.error(at, &format!("unknown opcode {opcode} in OpSpecConstantOp"))
        })?;
        self.visitor.spec_op(op, at);
        Ok(op)
    }

    /// At the word read last.
    fn error(&self, message: String) -> DecodeError {
        Walk::error(self, self.pos.saturating_sub(1), &message)
    }
}
