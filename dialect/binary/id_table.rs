//! Tables keyed by SPIR-V id: a vector indexed by id for the ids of
//! ordinary modules, a map for ids too large to index by.

use crate::ir::FastMap;

/// Ids below this are kept in vectors; larger ones (only in odd modules) in maps.
const DENSE_IDS: u32 = 1 << 20;

/// A table keyed by id.
#[derive(Debug)]
pub(crate) struct IdTable<T> {
    dense: Vec<Option<T>>,
    sparse: FastMap<u32, T>,
}

impl<T> Default for IdTable<T> {
    fn default() -> Self {
        IdTable {
            dense: Vec::new(),
            sparse: FastMap::default(),
        }
    }
}

impl<T: Copy> IdTable<T> {
    /// A table with room for the ids below `bound` (more are added as they
    /// come).
    pub(crate) fn with_bound(bound: u32) -> Self {
        IdTable {
            dense: vec![None; bound.min(DENSE_IDS) as usize],
            sparse: FastMap::default(),
        }
    }

    /// Empties the table, keeping its memory: the ids it takes are
    /// filled up to as they come.
    pub(crate) fn clear(&mut self) {
        self.dense.clear();
        self.sparse.clear();
    }

    /// Empties the table, leaving room for the ids below `bound`.
    pub(crate) fn reset(&mut self, bound: u32) {
        self.dense.clear();
        self.dense.resize(bound.min(DENSE_IDS) as usize, None);
        self.sparse.clear();
    }

    /// How many ids the table has room for without growing.
    pub(crate) fn room(&self) -> usize {
        self.dense.capacity()
    }

    #[inline(always)]
    pub(crate) fn insert(&mut self, id: u32, value: T) {
        match self.dense.get_mut(id as usize) {
            Some(slot) => *slot = Some(value),
            None => self.insert_beyond(id, value),
        }
    }

    /// [`IdTable::insert`] of an id past the dense ids so far: they grow
    /// to take it, or (too large) it goes in the map.
    #[cold]
    fn insert_beyond(&mut self, id: u32, value: T) {
        if id < DENSE_IDS {
            self.dense.resize(id as usize + 1, None);
            self.dense[id as usize] = Some(value);
        } else {
            self.sparse.insert(id, value);
        }
    }

    #[inline(always)]
    pub(crate) fn get(&self, id: u32) -> Option<T> {
        match self.dense.get(id as usize) {
            Some(value) => *value,
            None if id < DENSE_IDS => None,
            None => self.get_sparse(id),
        }
    }

    #[cold]
    fn get_sparse(&self, id: u32) -> Option<T> {
        self.sparse.get(&id).copied()
    }

    pub(crate) fn contains(&self, id: u32) -> bool {
        self.get(id).is_some()
    }

    pub(crate) fn remove(&mut self, id: u32) -> Option<T> {
        if id < DENSE_IDS {
            self.dense.get_mut(id as usize).and_then(Option::take)
        } else {
            self.sparse.remove(&id)
        }
    }
}

/// A table keyed by id whose entries each belong to one owner (a
/// function): an entry of another owner reads as absent, so that the next
/// owner starts without emptying the table, and a look-up compares one
/// word where an [`IdTable`] of (owner, value) pairs tests two.
#[derive(Debug)]
pub(crate) struct OwnedTable<T> {
    dense: Vec<(u32, T)>,
    sparse: FastMap<u32, (u32, T)>,
}

/// The owner of the entries not set since the table was emptied.
const NO_OWNER: u32 = u32::MAX;

impl<T: Copy> OwnedTable<T> {
    /// Empties the table, leaving room for the ids below `bound`; `vacant`
    /// fills the entries not set (never read).
    pub(crate) fn reset(&mut self, bound: u32, vacant: T) {
        self.dense.clear();
        self.dense
            .resize(bound.min(DENSE_IDS) as usize, (NO_OWNER, vacant));
        self.sparse.clear();
    }

    /// Makes `value` `owner`'s entry for `id` (an id beyond the room set
    /// aside goes in the map).
    #[inline(always)]
    pub(crate) fn insert(&mut self, id: u32, owner: u32, value: T) {
        match self.dense.get_mut(id as usize) {
            Some(slot) => *slot = (owner, value),
            None => self.insert_beyond(id, owner, value),
        }
    }

    #[cold]
    fn insert_beyond(&mut self, id: u32, owner: u32, value: T) {
        self.sparse.insert(id, (owner, value));
    }

    /// `owner`'s entry for `id`, if it set one.
    #[inline(always)]
    pub(crate) fn get(&self, id: u32, owner: u32) -> Option<T> {
        match self.dense.get(id as usize) {
            Some(&(set_by, value)) => (set_by == owner).then_some(value),
            None => self.get_sparse(id, owner),
        }
    }

    #[cold]
    fn get_sparse(&self, id: u32, owner: u32) -> Option<T> {
        (self.sparse.get(&id)).and_then(|&(set_by, value)| (set_by == owner).then_some(value))
    }
}

impl<T> Default for OwnedTable<T> {
    fn default() -> Self {
        OwnedTable {
            dense: Vec::new(),
            sparse: FastMap::default(),
        }
    }
}
