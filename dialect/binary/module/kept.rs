//! The buffers of the last module indexed on this thread (its
//! instructions, blocks, functions, id definitions and decoded operands
//! with their text),
//! kept when their owners drop so that the next module reuses their memory
//! instead of allocating (and faulting in) its own.

use super::{Block, Function, Inst};
use crate::binary::DecodedOperand;
use std::cell::Cell;
use std::thread::LocalKey;

thread_local! {
    pub(super) static INSTS: Cell<Vec<Inst>> = const { Cell::new(Vec::new()) };
    pub(super) static FUNCTIONS: Cell<Vec<Function>> = const { Cell::new(Vec::new()) };
    pub(super) static BLOCKS: Cell<Vec<Block>> = const { Cell::new(Vec::new()) };
    pub(super) static ID_DEFS: Cell<Vec<u32>> = const { Cell::new(Vec::new()) };
    pub(crate) static OPERANDS: Cell<Vec<DecodedOperand>> = const { Cell::new(Vec::new()) };
    pub(crate) static STARTS: Cell<Vec<u32>> = const { Cell::new(Vec::new()) };
    pub(crate) static TEXT: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
}

/// The buffer kept in `slot`, empty, with room for `room` items.
pub(crate) fn take<T>(slot: &'static LocalKey<Cell<Vec<T>>>, room: usize) -> Vec<T> {
    let mut buffer = slot.take();
    buffer.clear();
    buffer.reserve(room);
    buffer
}

/// Whether `buffer`'s memory is worth keeping (see
/// [`crate::ir::worth_keeping`]).
pub(crate) fn fits<T>(buffer: &Vec<T>) -> bool {
    crate::ir::worth_keeping(buffer.capacity() * std::mem::size_of::<T>())
}

/// Keeps `buffer`'s memory in `slot` (its items dropped), unless it is
/// too large to keep (see [`fits`]).
pub(crate) fn keep<T>(slot: &'static LocalKey<Cell<Vec<T>>>, mut buffer: Vec<T>) {
    if fits(&buffer) {
        buffer.clear();
        slot.set(buffer);
    }
}
