//! The tables a reader keys by id, and its other tables that borrow
//! nothing from its module (or are kept empty, see [`recycled`]), kept on
//! the thread between modules so that the next reader reuses their memory.

use super::{carry, Global, Materialized};
use crate::binary::id_table::{IdTable, OwnedTable};
use crate::grammar::Op;
use crate::ir::{Attr, FastMap, FastSet, Ident, Type, Value};
use smallvec::SmallVec;

thread_local! {
    /// The id-keyed tables of the last reader on this thread, whose memory
    /// the next one reuses.
    static ID_TABLES: std::cell::Cell<IdTables> = std::cell::Cell::default();
}

/// A reader's id-keyed tables, and its other tables that borrow nothing
/// from its module.
#[derive(Default)]
pub(super) struct IdTables {
    pub(super) names: IdTable<u32>,
    pub(super) types: IdTable<Type>,
    pub(super) function_values: OwnedTable<Value>,
    pub(super) decorations: IdTable<u32>,
    pub(super) globals: IdTable<Global>,
    pub(super) materializations: IdTable<Materialized>,
    pub(super) symbol_refs: IdTable<Attr>,
    pub(super) carried_before: FastMap<carry::CarriedKey, (Op, Option<Attr>)>,
    pub(super) symbols: IdTable<Ident>,
    pub(super) taken_symbols: IdentSet,
    pub(super) entry_points: FastMap<u32, u32>,
    pub(super) symbol_sources: Vec<u32>,
    pub(super) branch_properties: FastMap<[i64; 3], Attr>,
    /// `OpMemberName`s by (struct id, member): their instruction indices.
    pub(super) member_names: FastMap<(u32, u32), u32>,
    pub(super) member_decorations: FastMap<(u32, u32), MemberDecorationIndices>,
    pub(super) module_level_uses: FastSet<u32>,
    pub(super) buffer_reference_blocks: FastSet<u32>,
    pub(super) pending: FastMap<u32, Value>,
    pub(super) block_positions: Vec<u32>,
    /// The memory of a reader's decoration lists (see [`recycled`]).
    pub(super) decoration_lists: Vec<super::Decorations<'static>>,
    pub(super) open_structs: Vec<(u32, Ident)>,
}

/// A set of interned names: one bit per name, at the name's index.
#[derive(Default)]
pub(super) struct IdentSet {
    words: Vec<u64>,
}

impl IdentSet {
    /// Whether `name` is in the set.
    #[inline]
    pub(super) fn contains(&self, name: Ident) -> bool {
        let (word, bit) = (name.index() / 64, name.index() % 64);
        self.words.get(word).is_some_and(|w| w >> bit & 1 != 0)
    }

    /// Adds `name` to the set.
    #[inline]
    pub(super) fn insert(&mut self, name: Ident) {
        let (word, bit) = (name.index() / 64, name.index() % 64);
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << bit;
    }

    /// Empties the set, keeping its memory.
    pub(super) fn clear(&mut self) {
        self.words.clear();
    }
}

/// One struct member's decorations by name, with the instruction index of
/// each (where its values are).
pub(super) type MemberDecorationIndices = SmallVec<[(&'static str, u32); 2]>;

/// The most ids the tables kept between modules hold room for (a
/// module with more gets tables of its own).
const KEPT_ID_ROOM: u32 = 1 << 16;

impl IdTables {
    /// The tables kept on this thread, emptied, with room for the ids
    /// below `bound` (below `names_bound` in the names).
    pub(super) fn take_kept(bound: u32, names_bound: u32) -> IdTables {
        let tables = match bound > KEPT_ID_ROOM {
            true => IdTables::default(),
            false => ID_TABLES.take(),
        };
        tables.emptied(bound, names_bound)
    }

    fn emptied(mut self, bound: u32, names_bound: u32) -> IdTables {
        self.names.reset(names_bound);
        self.types.reset(bound);
        self.function_values.reset(bound, Value(0));
        self.decorations.reset(bound);
        self.globals.reset(bound);
        self.materializations.reset(bound);
        self.symbol_refs.reset(bound);
        self.carried_before.clear();
        self.symbols.reset(bound);
        self.taken_symbols.clear();
        self.entry_points.clear();
        self.symbol_sources.clear();
        self.branch_properties.clear();
        self.member_names.clear();
        self.member_decorations.clear();
        self.module_level_uses.clear();
        self.buffer_reference_blocks.clear();
        self.pending.clear();
        self.block_positions.clear();
        self.open_structs.clear();
        self
    }

    /// Keeps these tables for the next reader on this thread, unless
    /// they grew past [`KEPT_ID_ROOM`].
    pub(super) fn keep(self) {
        if self.types.room() <= KEPT_ID_ROOM as usize {
            ID_TABLES.set(self);
        }
    }
}

/// `list`'s memory, emptied, as a list of another item type of the same
/// size and alignment (a reader's decoration lists borrow their module:
/// they are kept between modules empty, as lists borrowing nothing). The
/// standard library collects a vector into one of such an item type in
/// place, reusing its allocation.
pub(super) fn recycled<T, U>(mut list: Vec<T>) -> Vec<U> {
    list.clear();
    list.into_iter().map(|_| unreachable!("emptied")).collect()
}
