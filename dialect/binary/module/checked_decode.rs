//! Indexing and decoding in one pass: [`ModuleView::index_decoded`] decodes
//! each instruction's operands as it is indexed, and checks the ids they
//! use against the definitions seen so far, leaving the ids used before
//! their definition to be checked once the whole module is indexed.

use super::{Inst, ModuleView};
use crate::binary::op_traits::OpTraits;
use crate::binary::{DecodeError, DecodedOperands, Decoder, Header, Operand};
use crate::grammar::Op;

impl<'w> ModuleView<'w> {
    /// [`ModuleView::index`] of `words`, with the operands of every
    /// instruction decoded in the same pass, and whether every id they use
    /// passes [`ModuleView::check_uses`]'s rules, checked on the decoded ids
    /// as each instruction is decoded. The check looks at every id
    /// [`ModuleView::check_uses`] does (and no fewer), so when it passes that
    /// check passes too; when it fails, that check names the problem. An
    /// instruction whose operands do not decode is the error
    /// [`crate::binary::decode_operands`] gives.
    pub fn index_decoded(words: &'w [u32]) -> Result<(Self, DecodedModule), DecodeError> {
        let header = Header::read(words)?;
        let mut decoder = Decoder::for_indexing(words);
        let mut decoded = DecodedOperands::with_room(words.len());
        let mut uses = UseCheck {
            // Names and decorations, used before the definitions they
            // describe, take a word in twenty or so.
            pending: Vec::with_capacity(words.len() / 16),
            ..UseCheck::default()
        };
        let mut failure = None;
        let view =
            ModuleView::index_with(words, header, |view, inst, index, traits, in_globals| {
                if failure.is_some() {
                    return;
                }
                match decoder.decode_indexed(view, inst, traits, &mut decoded) {
                    Ok(operands) => uses.check(view, inst, index, traits, in_globals, operands),
                    Err(error) => failure = Some(error),
                }
            })?;
        let decoded = match failure {
            Some(error) => Err(error),
            None => Ok((decoded, uses.passed(&view))),
        };
        Ok((view, decoded))
    }
}

/// The decoded operands of a module and whether its uses pass the check
/// ([`ModuleView::index_decoded`]), or the first instruction whose operands
/// do not decode.
pub type DecodedModule = Result<(DecodedOperands, bool), DecodeError>;

/// [`ModuleView::check_uses`]'s rules applied to decoded ids as the
/// instructions are indexed: an id not yet defined must be defined later
/// (outside the globals section, or announced by `OpTypeForwardPointer`).
#[derive(Default)]
struct UseCheck {
    forward_pointers: Vec<u32>,
    /// Ids used before their definition, to be defined by the end.
    pending: Vec<u32>,
    failed: bool,
}

impl UseCheck {
    /// Checks the ids instruction `inst`, at `index`, uses, its `operands`
    /// decoded.
    #[inline(always)]
    fn check(
        &mut self,
        view: &ModuleView,
        inst: &Inst,
        index: u32,
        traits: &OpTraits,
        in_globals: bool,
        operands: &[Operand],
    ) {
        if self.failed {
            return;
        }
        let ordered = in_globals && !traits.forward_refs;
        if traits.has_result_type {
            self.check_id(view, index, ordered, inst.result_type);
        }
        for operand in operands {
            if let Operand::Id(id) = *operand {
                self.check_id(view, index, ordered, id);
            }
        }
        if let (Op::TypeForwardPointer, Some(Operand::Id(pointer))) = (inst.op, operands.first()) {
            self.forward_pointers.push(*pointer);
        }
    }

    /// Checks one id instruction `index` uses; `ordered`: it must be
    /// defined before.
    #[inline(always)]
    fn check_id(&mut self, view: &ModuleView, index: u32, ordered: bool, id: u32) {
        match view.defs.get(id) {
            Some(def) if !ordered || def < index => {}
            _ if ordered && !self.forward_pointers.contains(&id) => self.failed = true,
            Some(_) => {}
            None => self.pending.push(id),
        }
    }

    /// Whether every id checked passed, once the whole module is indexed.
    fn passed(&self, view: &ModuleView) -> bool {
        !self.failed && self.pending.iter().all(|&id| view.defs.get(id).is_some())
    }
}
