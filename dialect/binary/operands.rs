//! A zero-allocation walk over one instruction's operands, straight from the
//! module's words: each operand is reported to an [`OperandVisitor`] by kind
//! and word position, following the grammar's quantifiers, composite kinds,
//! enumerant parameters, `OpExtInst`'s set and `OpSpecConstantOp`'s opcode.

use super::DecodeError;
use crate::grammar::{Category, InstSet, Op, OperandInfo, OperandKind, Quantifier};
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
    walk.list(op.info().operands, false)?;
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

    fn list(
        &mut self,
        list: &'static [OperandInfo],
        skip_results: bool,
    ) -> Result<(), DecodeError> {
        for info in list {
            if skip_results
                && matches!(info.kind, OperandKind::IdResultType | OperandKind::IdResult)
            {
                continue;
            }
            match info.quantifier {
                Quantifier::One => self.operand(info.kind)?,
                Quantifier::Optional if self.pos < self.end => self.operand(info.kind)?,
                Quantifier::Optional => {}
                Quantifier::Variadic => {
                    while self.pos < self.end {
                        self.operand(info.kind)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn operand(&mut self, kind: OperandKind) -> Result<(), DecodeError> {
        use OperandKind as K;
        match kind {
            K::IdResultType | K::IdResult | K::IdRef | K::IdScope | K::IdMemorySemantics => {
                let (at, _) = self.word()?;
                self.visitor.id(kind, at);
            }
            K::PairLiteralIntegerIdRef if self.op == Op::Switch => {
                // OpSwitch: opcode word, selector, default, then the pairs.
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
                self.visitor.literal(K::LiteralInteger, words);
                let (at, _) = self.word()?;
                self.visitor.id(K::IdRef, at);
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
            K::LiteralExtInstInteger => self.ext_inst()?,
            K::LiteralSpecConstantOpInteger => {
                let (at, opcode) = self.word()?;
                let op = Op::from_opcode(InstSet::Core, opcode).ok_or_else(|| {
                    self.error(at, &format!("unknown opcode {opcode} in OpSpecConstantOp"))
                })?;
                self.visitor.spec_op(op, at);
                self.list(op.info().operands, true)?;
            }
            _ => match kind.info().category {
                Category::ValueEnum => self.value_enum(kind)?,
                Category::BitEnum => self.bit_enum(kind)?,
                Category::Composite => {
                    for base in kind.info().bases {
                        self.operand(*base)?;
                    }
                }
                Category::Literal | Category::Id => {
                    let words = self.take(1)?;
                    self.visitor.literal(kind, words);
                }
            },
        }
        Ok(())
    }

    fn ext_inst(&mut self) -> Result<(), DecodeError> {
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
                self.list(op.info().operands, false)
            }
            None => {
                self.visitor.ext_inst(None, at);
                let rest = self.take(self.end - self.pos)?;
                self.visitor.literal(OperandKind::LiteralInteger, rest);
                Ok(())
            }
        }
    }

    fn value_enum(&mut self, kind: OperandKind) -> Result<(), DecodeError> {
        let info = kind.info();
        let (at, value) = self.word()?;
        let enumerant = info
            .enumerant(value)
            .ok_or_else(|| self.error(at, &format!("{value} is not a {} value", info.name)))?;
        self.visitor.enumerant(kind, value);
        self.list(enumerant.parameters, false)
    }

    fn bit_enum(&mut self, kind: OperandKind) -> Result<(), DecodeError> {
        let info = kind.info();
        let (at, bits) = self.word()?;
        let known = info.enumerants.iter().fold(0, |all, e| all | e.value);
        if bits & !known != 0 {
            let unknown = bits & !known;
            return Err(self.error(at, &format!("{unknown:#x} names no {} bit", info.name)));
        }
        self.visitor.enumerant(kind, bits);
        for enumerant in info.enumerants {
            if enumerant.value != 0 && bits & enumerant.value == enumerant.value {
                self.list(enumerant.parameters, false)?;
            }
        }
        Ok(())
    }
}
