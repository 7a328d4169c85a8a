//! The memory of the last context dropped on a thread, kept for the next
//! context cloned from a template there (see [`Context::clone_with_room`]):
//! reading module after module then reuses one set of buffers instead of
//! allocating and freeing them for each module.

use super::attributes::AttrData;
use super::context::{Block, Context, Region, Value};
use super::interner::{Interner, LocalStrings};
use super::structure::{BlockData, OpData, RegionData, ValueData};
use super::types::TypeData;
use hashbrown::HashTable;
use std::cell::Cell;

/// The most bytes of room one kept buffer may hold; a larger one is freed.
const KEPT_BYTES: usize = 4 << 20;

/// Whether a buffer with `room_bytes` of room is worth keeping for the
/// next user on its thread (a larger one is freed): the one size cap of
/// the memory kept between modules, here and in the binary reader.
pub(crate) fn worth_keeping(room_bytes: usize) -> bool {
    room_bytes <= KEPT_BYTES
}

thread_local! {
    static KEPT: Cell<Option<(LocalStrings, Storage)>> = const { Cell::new(None) };
}

/// A buffer whose memory can be kept once emptied.
pub(crate) trait Buffer: Default {
    /// The bytes its room takes.
    fn room_bytes(&self) -> usize;
    /// Drops its contents, keeping its room.
    fn clear(&mut self);
}

impl<T> Buffer for Vec<T> {
    fn room_bytes(&self) -> usize {
        self.capacity() * std::mem::size_of::<T>()
    }
    fn clear(&mut self) {
        Vec::clear(self);
    }
}

impl Buffer for String {
    fn room_bytes(&self) -> usize {
        self.capacity()
    }
    fn clear(&mut self) {
        String::clear(self);
    }
}

impl<T> Buffer for HashTable<T> {
    fn room_bytes(&self) -> usize {
        self.capacity() * (std::mem::size_of::<T>() + 1)
    }
    fn clear(&mut self) {
        HashTable::clear(self);
    }
}

/// `buffer` emptied, its room kept unless larger than [`KEPT_BYTES`].
pub(crate) fn emptied<B: Buffer>(mut buffer: B) -> B {
    match worth_keeping(buffer.room_bytes()) {
        false => B::default(),
        true => {
            buffer.clear();
            buffer
        }
    }
}

/// `buffer` holding a copy of `items`, in the buffer's own room.
fn refilled<T: Clone>(mut buffer: Vec<T>, items: &[T]) -> Vec<T> {
    buffer.clear();
    buffer.extend_from_slice(items);
    buffer
}

/// A context's interned types and attributes and its ops, blocks,
/// regions and values, with their lists.
#[derive(Clone, Default)]
pub(crate) struct Storage {
    pub(crate) types: Interner<TypeData>,
    pub(crate) attrs: Interner<AttrData>,
    pub(crate) ops: Vec<OpData>,
    pub(crate) blocks: Vec<BlockData>,
    pub(crate) regions: Vec<RegionData>,
    pub(crate) values: Vec<ValueData>,
    /// Every op's results, each op's in one run (see `OpData::results`).
    pub(crate) result_lists: Vec<Value>,
    /// Every op's regions, each op's in one run (see `OpData::regions`).
    pub(crate) region_lists: Vec<Region>,
    /// Every op's successors, each op's in one run (see
    /// `OpData::successors`).
    pub(crate) successor_lists: Vec<Block>,
}

impl Storage {
    /// A copy of this storage made in `spare`'s memory, with room for
    /// `attrs` more attributes and `types` more types.
    pub(crate) fn clone_with_room(&self, spare: Storage, attrs: usize, types: usize) -> Storage {
        Storage {
            types: self.types.clone_with_room(spare.types, types),
            attrs: self.attrs.clone_with_room(spare.attrs, attrs),
            ops: refilled(spare.ops, &self.ops),
            blocks: refilled(spare.blocks, &self.blocks),
            regions: refilled(spare.regions, &self.regions),
            values: refilled(spare.values, &self.values),
            result_lists: refilled(spare.result_lists, &self.result_lists),
            region_lists: refilled(spare.region_lists, &self.region_lists),
            successor_lists: refilled(spare.successor_lists, &self.successor_lists),
        }
    }

    /// This storage's memory, emptied, where it is worth keeping.
    fn emptied(self) -> Storage {
        Storage {
            types: self.types.emptied(),
            attrs: self.attrs.emptied(),
            ops: emptied(self.ops),
            blocks: emptied(self.blocks),
            regions: emptied(self.regions),
            values: emptied(self.values),
            result_lists: emptied(self.result_lists),
            region_lists: emptied(self.region_lists),
            successor_lists: emptied(self.successor_lists),
        }
    }
}

/// The strings and storage kept on this thread, or none (empty buffers).
pub(crate) fn take_kept() -> (LocalStrings, Storage) {
    (KEPT.try_with(Cell::take).ok().flatten()).unwrap_or_default()
}

impl Drop for Context {
    /// Keeps the context's buffers, emptied, for the next context cloned
    /// on this thread.
    fn drop(&mut self) {
        let strings = self.strings.take_local().emptied();
        let storage = std::mem::take(&mut self.store).emptied();
        // During the thread's teardown nothing is kept.
        let _ = KEPT.try_with(move |kept| kept.set(Some((strings, storage))));
    }
}
