//! The module view with every instruction's operands decoded:
//! [`ModuleView::index_decoded`] indexes the module, then decodes each
//! instruction's operands in a pass of its own (a smaller loop than one
//! doing both), then checks the ids they use against the definitions.

use super::{Inst, ModuleView, Section, NONE};
use crate::binary::op_traits::OpTraits;
use crate::binary::{DecodeError, DecodedOperands, Decoder, Operand};
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
        let mut decoder = Decoder::for_indexing(words, view.header.bound);
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
                let passed = view.decoded_uses_pass(&decoded);
                Ok((decoded, passed))
            }
        };
        Ok((view, decoded))
    }

    /// [`ModuleView::check_uses`]'s rules applied to the `decoded` operands
    /// of every instruction and its result type: every id
    /// used is defined; in the globals section, defined earlier (or
    /// announced by an earlier `OpTypeForwardPointer`), but by ops that may
    /// look ahead.
    fn decoded_uses_pass(&self, decoded: &DecodedOperands) -> bool {
        let globals = self.section_range(Section::Globals);
        let end = self.insts.len() as u32;
        self.uses_defined(decoded, 0..globals.start)
            && self.globals_uses_defined_before(decoded, globals.clone())
            && self.uses_defined(decoded, globals.end..end)
    }

    /// Whether every id the instructions `range` use is defined (anywhere):
    /// their result types, then all their operands in one run.
    fn uses_defined(&self, decoded: &DecodedOperands, range: Range<u32>) -> bool {
        let range = range.start as usize..range.end as usize;
        let defined = |id: u32| self.defs.index_or_none(id) != NONE;
        let all = OpTraits::all();
        // A result type of 0 is none, or (never defined) an undefined one.
        let result_type_defined = |inst: &Inst| match inst.result_type {
            0 => !all[inst.op as usize].has_result_type,
            id => defined(id),
        };
        (self.insts[range.clone()].iter()).all(result_type_defined)
            && (decoded.of_all(range).iter()).all(|operand| match *operand {
                Operand::Id(id) => defined(id),
                _ => true,
            })
    }

    /// Whether every id the globals-section instructions `range` use is
    /// defined before its user, or announced by an earlier
    /// `OpTypeForwardPointer` (and defined), or used by an op that may look
    /// ahead (and defined).
    #[inline(never)]
    fn globals_uses_defined_before(&self, decoded: &DecodedOperands, range: Range<u32>) -> bool {
        let mut forward_pointers = Vec::new();
        let all = OpTraits::all();
        for index in range {
            let inst = &self.insts[index as usize];
            let traits = &all[inst.op as usize];
            // Every definition comes before `NONE`.
            let before = if traits.forward_refs { NONE } else { index };
            let defined = |id: u32| {
                self.defs.index_or_none(id) < before || self.announced(&forward_pointers, id)
            };
            if traits.has_result_type && !defined(inst.result_type) {
                return false;
            }
            let operands = decoded.of(index as usize);
            for operand in operands {
                match *operand {
                    Operand::Id(id) if !defined(id) => return false,
                    _ => {}
                }
            }
            if let (Op::TypeForwardPointer, Some(&Operand::Id(pointer))) =
                (inst.op, operands.first())
            {
                forward_pointers.push(pointer);
            }
        }
        true
    }

    /// Whether `id`, defined at or after its use, was announced by an
    /// `OpTypeForwardPointer` (of `forward_pointers`) and is defined.
    #[cold]
    fn announced(&self, forward_pointers: &[u32], id: u32) -> bool {
        self.defs.index_or_none(id) != NONE && forward_pointers.contains(&id)
    }
}

/// The decoded operands of a module and whether its uses pass the check
/// ([`ModuleView::index_decoded`]), or the first instruction whose operands
/// do not decode.
pub type DecodedModule = Result<(DecodedOperands, bool), DecodeError>;
