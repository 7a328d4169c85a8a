//! The module view with every instruction's operands decoded:
//! [`ModuleView::index_decoded`] indexes the module, then decodes each
//! instruction's operands in a pass of its own (a smaller loop than one
//! doing both), then checks the ids they use against the definitions.

use super::{ModuleView, Section, NONE};
use crate::binary::op_traits::OpTraits;
use crate::binary::{DecodeError, DecodedOperand, DecodedOperands, Decoder, Operand};
use crate::grammar::Op;
use std::ops::Range;

impl<'w> ModuleView<'w> {
    /// [`ModuleView::index`] of `words`, with the operands of every
    /// instruction decoded, and whether every id they use passes
    /// [`ModuleView::check_uses`]'s rules, checked on the decoded ids.
    /// The check looks at every id [`ModuleView::check_uses`] does (and no
    /// fewer), so when it passes that check passes too; when it fails, that
    /// check names the problem. An instruction whose operands do not decode
    /// is the error [`crate::binary::decode_operands`] gives.
    pub fn index_decoded(words: &'w [u32]) -> Result<(Self, DecodedModule), DecodeError> {
        let view = ModuleView::index(words)?;
        let mut decoder = Decoder::for_indexing(&view);
        let mut decoded = DecodedOperands::with_room(words.len());
        // A layout error anywhere comes before an operand one; the first
        // instruction whose operands do not decode ends the decoding.
        let all = OpTraits::all();
        let failed = (view.insts.iter().zip(0..)).find_map(|(inst, index)| {
            let traits = &all[inst.op as usize];
            (decoder.decode_indexed(&view, inst, index, traits, &mut decoded)).err()
        });
        let decoded = match failed {
            Some(error) => Err(error),
            None => {
                decoded.finish();
                let passed = view.decoded_uses_pass(&decoded);
                Ok((decoded, passed))
            }
        };
        Ok((view, decoded))
    }

    /// [`ModuleView::check_uses`]'s rules applied to the `decoded` operands
    /// and the result type of every instruction: every id used is defined;
    /// in the globals section, defined earlier (or announced by an earlier
    /// `OpTypeForwardPointer`), but by ops that may look ahead. Result
    /// types all defined before their users pass without a look.
    fn decoded_uses_pass(&self, decoded: &DecodedOperands) -> bool {
        let globals = self.section_range(Section::Globals);
        let end = self.insts.len() as u32;
        let result_types_pass = self.result_types_defined_before
            || (self.result_types_defined(0..globals.start)
                && self.result_types_defined(globals.end..end)
                && self.globals_result_types_defined_before(decoded, globals.clone()));
        result_types_pass
            && self.globals_uses_defined_before(decoded, globals.clone())
            && self.uses_defined(decoded, 0..globals.start)
            && self.uses_defined(decoded, globals.end..end)
    }

    /// Whether the result type of every instruction of `range` that has
    /// one is defined (anywhere).
    #[cold]
    fn result_types_defined(&self, range: Range<u32>) -> bool {
        let all = OpTraits::all();
        (self.insts[range.start as usize..range.end as usize].iter()).all(|inst| {
            !all[inst.op as usize].has_result_type
                || self.defs.index_or_none(inst.result_type) != NONE
        })
    }

    /// Whether every id the operands of the instructions `range` use is
    /// defined (anywhere), checked in one run, four operands a step.
    fn uses_defined(&self, decoded: &DecodedOperands, range: Range<u32>) -> bool {
        let range = range.start as usize..range.end as usize;
        let defined = |operand: &DecodedOperand| match *operand {
            Operand::Id(id) => self.defs.index_or_none(id) != NONE,
            _ => true,
        };
        let mut fours = decoded.of_all(range).chunks_exact(4);
        (fours.by_ref()).all(|four| four.iter().all(defined))
            && fours.remainder().iter().all(defined)
    }

    /// Whether the result type of every globals-section instruction of
    /// `range` that has one is defined before its user, or else
    /// [`ModuleView::defined_ahead`].
    #[cold]
    fn globals_result_types_defined_before(
        &self,
        decoded: &DecodedOperands,
        range: Range<u32>,
    ) -> bool {
        let mut forward_pointers = None;
        let all = OpTraits::all();
        range.clone().all(|index| {
            let inst = &self.insts[index as usize];
            let id = inst.result_type;
            !all[inst.op as usize].has_result_type
                || self.defs.index_or_none(id) < index
                || self.defined_ahead(decoded, &range, &mut forward_pointers, index, id)
        })
    }

    /// Whether every id the operands of the globals-section instructions
    /// `range` use is defined before its user, or else
    /// [`ModuleView::defined_ahead`], checked in one run over the
    /// operands: an instruction before the user is one whose operands end
    /// by the operand's position.
    fn globals_uses_defined_before(&self, decoded: &DecodedOperands, range: Range<u32>) -> bool {
        let mut forward_pointers = None;
        let first = decoded.starts[range.start as usize] as usize;
        let operands = decoded.of_all(range.start as usize..range.end as usize);
        (operands.iter().zip(first..)).all(|(operand, at)| match *operand {
            Operand::Id(id) => {
                let def = self.defs.index_or_none(id) as usize;
                (decoded.starts.get(def + 1)).is_some_and(|&end| end as usize <= at) || {
                    // The user: the last instruction whose operands start by `at`.
                    let starts = &decoded.starts[range.start as usize..range.end as usize];
                    let index =
                        range.start + starts.partition_point(|&s| s as usize <= at) as u32 - 1;
                    self.defined_ahead(decoded, &range, &mut forward_pointers, index, id)
                }
            }
            _ => true,
        })
    }

    /// Whether `id`, used by the globals-section instruction `index` (of
    /// the section's `range`) and not defined before it, is defined and
    /// either used by an op that may look ahead or announced by an earlier
    /// `OpTypeForwardPointer` (all of them, by instruction index, found
    /// once in `forward_pointers`).
    #[cold]
    fn defined_ahead(
        &self,
        decoded: &DecodedOperands,
        range: &Range<u32>,
        forward_pointers: &mut Option<Vec<(u32, u32)>>,
        index: u32,
        id: u32,
    ) -> bool {
        if self.defs.index_or_none(id) == NONE {
            return false;
        }
        if OpTraits::of(self.insts[index as usize].op).forward_refs {
            return true;
        }
        if let [_, Operand::ExtInst(op), rest @ ..] = decoded.of(index as usize) {
            // Every operand naming `id` must be one that may look ahead.
            let mut positions = (rest.iter().enumerate())
                .filter(|(_, o)| **o == Operand::Id(id))
                .map(|(at, _)| at)
                .peekable();
            if positions.peek().is_some() && positions.all(|at| super::looks_ahead(*op, at)) {
                return true;
            }
        }
        let forward_pointers = forward_pointers.get_or_insert_with(|| {
            (range.clone())
                .filter(|&at| self.insts[at as usize].op == Op::TypeForwardPointer)
                .filter_map(|at| match decoded.of(at as usize).first() {
                    Some(&Operand::Id(pointer)) => Some((at, pointer)),
                    _ => None,
                })
                .collect()
        });
        (forward_pointers.iter()).any(|&(at, pointer)| at < index && pointer == id)
    }
}

/// The decoded operands of a module and whether its uses pass the check
/// ([`ModuleView::index_decoded`]), or the first instruction whose operands
/// do not decode.
pub type DecodedModule = Result<(DecodedOperands, bool), DecodeError>;
