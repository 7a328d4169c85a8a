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

    /// An empty table with room set aside for the ids below `bound`, for
    /// a table that takes few ids: they are filled up to as they come,
    /// without growing it again.
    pub(crate) fn with_room(bound: u32) -> Self {
        IdTable {
            dense: Vec::with_capacity(bound.min(DENSE_IDS) as usize),
            sparse: FastMap::default(),
        }
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
