//! The grammar walk both operand readers share ([`super::operands`] over a
//! module's words, [`super::walk`] over words or assembly tokens): an op's
//! operands in grammar order, following quantifiers, composite kinds,
//! enumerant parameters, `OpExtInst`'s instruction and `OpSpecConstantOp`'s
//! opcode. How each operand is read, and what becomes of it, is the
//! [`OperandReader`]'s.

use crate::grammar::{Category, Op, OperandInfo, OperandKind, Quantifier};

/// One instruction's operands as a reader takes them.
pub(super) trait OperandReader {
    type Error;
    /// True when the instruction has no operands left.
    fn at_end(&mut self) -> bool;
    /// An operand of a kind with no structure of its own: an id, a literal
    /// or a string.
    fn leaf(&mut self, kind: OperandKind) -> Result<(), Self::Error>;
    /// A value- or bit-enum operand: its value or bits.
    fn enumerant(&mut self, kind: OperandKind) -> Result<u32, Self::Error>;
    /// `OpExtInst`'s instruction: its op, whose operands follow, or None for
    /// a set the grammar lacks (the reader has taken the rest).
    fn ext_inst(&mut self) -> Result<Option<Op>, Self::Error>;
    /// The opcode `OpSpecConstantOp` applies, whose operands (less its
    /// result type and result) follow.
    fn spec_op(&mut self) -> Result<Op, Self::Error>;
    /// An error about the operand read last.
    fn error(&self, message: String) -> Self::Error;
}

/// Reads the operands `list` describes; `skip_results` leaves out the
/// result type and result (an `OpSpecConstantOp`'s nested opcode).
pub(super) fn walk_operands<R: OperandReader>(
    reader: &mut R,
    list: &'static [OperandInfo],
    skip_results: bool,
) -> Result<(), R::Error> {
    for info in list {
        if skip_results && matches!(info.kind, OperandKind::IdResultType | OperandKind::IdResult) {
            continue;
        }
        match info.quantifier {
            Quantifier::One => walk_operand(reader, info.kind)?,
            Quantifier::Optional => {
                if !reader.at_end() {
                    walk_operand(reader, info.kind)?;
                }
            }
            Quantifier::Variadic => {
                while !reader.at_end() {
                    walk_operand(reader, info.kind)?;
                }
            }
        }
    }
    Ok(())
}

fn walk_operand<R: OperandReader>(reader: &mut R, kind: OperandKind) -> Result<(), R::Error> {
    use OperandKind as K;
    match kind {
        // The common leaves, without looking their kind up.
        K::IdResultType
        | K::IdResult
        | K::IdRef
        | K::IdScope
        | K::IdMemorySemantics
        | K::LiteralInteger
        | K::LiteralString
        | K::LiteralContextDependentNumber => reader.leaf(kind),
        K::LiteralExtInstInteger => match reader.ext_inst()? {
            Some(op) => walk_operands(reader, op.info().operands, false),
            None => Ok(()),
        },
        K::LiteralSpecConstantOpInteger => {
            let op = reader.spec_op()?;
            walk_operands(reader, op.info().operands, true)
        }
        _ => {
            let info = kind.info();
            match info.category {
                Category::ValueEnum => {
                    let value = reader.enumerant(kind)?;
                    let enumerant = info.enumerant(value).ok_or_else(|| {
                        reader.error(format!("{value} is not a {} value", info.name))
                    })?;
                    walk_operands(reader, enumerant.parameters, false)
                }
                Category::BitEnum => {
                    let bits = reader.enumerant(kind)?;
                    let unknown = kind.unknown_bits(bits);
                    if unknown != 0 {
                        let message = format!("{unknown:#x} names no {} bit", info.name);
                        return Err(reader.error(message));
                    }
                    for enumerant in info.enumerants {
                        if enumerant.value != 0 && bits & enumerant.value == enumerant.value {
                            walk_operands(reader, enumerant.parameters, false)?;
                        }
                    }
                    Ok(())
                }
                Category::Composite => {
                    for base in info.bases {
                        walk_operand(reader, *base)?;
                    }
                    Ok(())
                }
                Category::Literal | Category::Id => reader.leaf(kind),
            }
        }
    }
}
