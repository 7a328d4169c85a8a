//! Hash-consing storage for a context's strings, types and attributes:
//! each distinct item is stored once and named by its insertion index, so
//! equal contents give equal handles, numbered in creation order.
//!
//! Lookups hash an item once and compare candidates in place; an item
//! that is already interned is found from a borrowed form of it (see
//! [`Interner::find_or_insert`]) without building an owned one first.

use super::hash::FastHasher;
use super::kept::emptied;
use hashbrown::hash_table::Entry;
use hashbrown::HashTable;
use std::hash::{BuildHasher, BuildHasherDefault, Hash};
use std::sync::Arc;

/// The hash every interner uses.
pub(crate) fn hash_of<H: Hash + ?Sized>(value: &H) -> u64 {
    BuildHasherDefault::<FastHasher>::default().hash_one(value)
}

/// An item an [`Interner`] can store: its hash decides where it is looked
/// up, so an item and every borrowed form of it must hash alike.
pub(crate) trait Internable: Eq {
    fn intern_hash(&self) -> u64;
}

/// Items by index, and a table of (hash, index) over them.
#[derive(Clone)]
pub(crate) struct Interner<T> {
    items: Vec<T>,
    table: HashTable<(u64, u32)>,
}

impl<T: Internable> Interner<T> {
    /// The index of `item`, stored now if new: [`Interner::find_or_insert`]
    /// for an owned item, written out so that the item is moved once.
    #[inline(always)]
    pub(crate) fn intern(&mut self, item: T) -> u32 {
        let hash = item.intern_hash();
        let items = &mut self.items;
        let entry = self.table.entry(
            hash,
            |&(h, id)| h == hash && items[id as usize] == item,
            |&(h, _)| h,
        );
        match entry {
            Entry::Occupied(found) => found.get().1,
            Entry::Vacant(vacant) => {
                let id = items.len() as u32;
                items.push(item);
                vacant.insert((hash, id));
                id
            }
        }
    }

    /// The index of the item of hash `hash` that `eq` finds equal to
    /// `key`, else of the item `make` builds from `key`, stored now: the
    /// table is probed once either way, and nothing is built for an item
    /// found.
    #[inline(always)]
    pub(crate) fn find_or_insert<K>(
        &mut self,
        hash: u64,
        key: K,
        eq: impl Fn(&K, &T) -> bool,
        make: impl FnOnce(K) -> T,
    ) -> u32 {
        let items = &mut self.items;
        let entry = self.table.entry(
            hash,
            |&(h, id)| h == hash && eq(&key, &items[id as usize]),
            |&(h, _)| h,
        );
        match entry {
            Entry::Occupied(found) => found.get().1,
            Entry::Vacant(vacant) => {
                let id = items.len() as u32;
                items.push(make(key));
                vacant.insert((hash, id));
                id
            }
        }
    }

    pub(crate) fn get(&self, id: u32) -> &T {
        &self.items[id as usize]
    }

    /// A clone made in `spare`'s memory, with room for `additional` more
    /// items (reserved at that size rather than grown to it).
    pub(crate) fn clone_with_room(&self, spare: Self, additional: usize) -> Self
    where
        T: Clone,
    {
        let Interner {
            mut items,
            mut table,
        } = spare;
        items.clear();
        table.clear();
        let room = self.items.len() + additional;
        items.reserve(room);
        items.extend_from_slice(&self.items);
        table.reserve(room, |&(h, _)| h);
        for &entry in &self.table {
            table.insert_unique(entry.0, entry, |&(h, _)| h);
        }
        Interner { items, table }
    }

    /// This interner's memory, emptied, where it is worth keeping.
    pub(crate) fn emptied(self) -> Self {
        Interner {
            items: emptied(self.items),
            table: emptied(self.table),
        }
    }
}

impl<T> Default for Interner<T> {
    fn default() -> Self {
        Interner {
            items: Vec::new(),
            table: HashTable::new(),
        }
    }
}

/// Where a [`Strings`] keeps the text of its strings, by index.
pub(crate) trait Texts: Clone + Default {
    fn len(&self) -> usize;
    fn get(&self, index: usize) -> &str;
    /// The bytes of the string at `index`: [`Texts::get`] without the
    /// checks that it starts and ends on character boundaries.
    fn bytes(&self, index: usize) -> &[u8];
    fn push(&mut self, s: &str);
    /// Makes room for `additional` more strings.
    fn reserve(&mut self, additional: usize);
}

/// Each string in an allocation of its own: the quickest to read, for the
/// shared base, which is built once.
impl Texts for Vec<Box<str>> {
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline]
    fn get(&self, index: usize) -> &str {
        &self[index]
    }
    #[inline]
    fn bytes(&self, index: usize) -> &[u8] {
        self[index].as_bytes()
    }
    fn push(&mut self, s: &str) {
        Vec::push(self, s.into());
    }
    fn reserve(&mut self, additional: usize) {
        Vec::reserve(self, additional);
    }
}

/// Strings laid end to end in one buffer, each named by its span there:
/// adding a string allocates nothing of its own, and dropping them frees
/// one buffer.
#[derive(Clone, Default)]
pub(crate) struct TextBuffer {
    text: String,
    spans: Vec<(u32, u32)>,
}

/// Bytes of text room reserved per string a clone expects to intern.
const TEXT_ROOM_PER_STRING: usize = 8;

impl Texts for TextBuffer {
    fn len(&self) -> usize {
        self.spans.len()
    }
    // Kept out of line, so that reading a shared string, the common case,
    // stays small enough to inline.
    #[inline(never)]
    fn get(&self, index: usize) -> &str {
        let (start, end) = self.spans[index];
        &self.text[start as usize..end as usize]
    }
    #[inline]
    fn bytes(&self, index: usize) -> &[u8] {
        let (start, end) = self.spans[index];
        &self.text.as_bytes()[start as usize..end as usize]
    }
    fn push(&mut self, s: &str) {
        let start = self.text.len() as u32;
        self.text.push_str(s);
        self.spans.push((start, self.text.len() as u32));
    }
    fn reserve(&mut self, additional: usize) {
        self.text.reserve(additional * TEXT_ROOM_PER_STRING);
        self.spans.reserve(additional);
    }
}

/// Strings, numbered in insertion order, with a table over them.
#[derive(Clone, Default)]
pub(crate) struct Strings<T> {
    texts: T,
    table: HashTable<(u64, u32)>,
}

/// The strings a context interns after its shared base.
pub(crate) type LocalStrings = Strings<TextBuffer>;

impl<T: Texts> Strings<T> {
    fn len(&self) -> usize {
        self.texts.len()
    }

    #[inline]
    fn get(&self, index: usize) -> &str {
        self.texts.get(index)
    }

    /// The index of `s` (of hash `hash`) here, if present.
    fn find(&self, hash: u64, s: &str) -> Option<usize> {
        (self.table)
            .find(hash, |&(h, i)| h == hash && self.get(i as usize) == s)
            .map(|&(_, i)| i as usize)
    }

    fn reserve(&mut self, additional: usize) {
        self.texts.reserve(additional);
        self.table.reserve(additional, |&(h, _)| h);
    }

    fn push(&mut self, hash: u64, s: &str) {
        let index = self.texts.len() as u32;
        self.texts.push(s);
        self.table.insert_unique(hash, (hash, index), |&(h, _)| h);
    }
}

impl LocalStrings {
    /// These strings' memory, emptied, where it is worth keeping.
    pub(crate) fn emptied(self) -> Self {
        Strings {
            texts: TextBuffer {
                text: emptied(self.texts.text),
                spans: emptied(self.texts.spans),
            },
            table: emptied(self.table),
        }
    }
}

/// The string interner. Strings interned before [`StringInterner::share`]
/// live in a base that clones of the context share without copying; later
/// strings are numbered after the base.
#[derive(Clone, Default)]
pub(crate) struct StringInterner {
    shared: Arc<Strings<Vec<Box<str>>>>,
    local: LocalStrings,
}

impl StringInterner {
    pub(crate) fn lookup(&self, s: &str) -> Option<u32> {
        self.find(hash_of(s), s)
    }

    fn find(&self, hash: u64, s: &str) -> Option<u32> {
        let base = self.shared.len();
        let index =
            (self.shared.find(hash, s)).or_else(|| self.local.find(hash, s).map(|i| base + i))?;
        Some(index as u32)
    }

    pub(crate) fn intern(&mut self, s: &str) -> u32 {
        let hash = hash_of(s);
        if let Some(id) = self.find(hash, s) {
            return id;
        }
        self.local.push(hash, s);
        (self.shared.len() + self.local.len() - 1) as u32
    }

    pub(crate) fn is_shared(&self, id: u32) -> bool {
        (id as usize) < self.shared.len()
    }

    #[inline]
    pub(crate) fn get(&self, id: u32) -> &str {
        let base = self.shared.len();
        match (id as usize).checked_sub(base) {
            None => self.shared.get(id as usize),
            Some(local) => self.local.get(local),
        }
    }

    /// The bytes of string `id`: cheaper than its text ([`Self::get`])
    /// for a string of this interner's own, which is not checked again
    /// for character boundaries.
    #[inline]
    pub(crate) fn bytes(&self, id: u32) -> &[u8] {
        let base = self.shared.len();
        match (id as usize).checked_sub(base) {
            None => self.shared.texts.bytes(id as usize),
            Some(local) => self.local.texts.bytes(local),
        }
    }

    /// A clone made in `spare`'s memory, with room for `additional` more
    /// strings of its own.
    pub(crate) fn clone_with_room(&self, spare: LocalStrings, additional: usize) -> Self {
        let mut local = spare.emptied();
        local.reserve(self.local.len() + additional);
        for index in 0..self.local.len() {
            let s = self.local.get(index);
            local.push(hash_of(s), s);
        }
        StringInterner {
            shared: Arc::clone(&self.shared),
            local,
        }
    }

    /// The strings of this interner's own, taken out (the shared base
    /// stays).
    pub(crate) fn take_local(&mut self) -> LocalStrings {
        std::mem::take(&mut self.local)
    }

    /// Moves every string into the shared base (numbers are kept). The
    /// base's table is left at most half full: every string a clone
    /// interns is looked up there first, and lookups that miss stop
    /// sooner in a sparse table.
    pub(crate) fn share(&mut self) {
        let local = std::mem::take(&mut self.local);
        let shared = Arc::make_mut(&mut self.shared);
        for index in 0..local.len() {
            let s = local.get(index);
            shared.push(hash_of(s), s);
        }
        let room = shared.len();
        shared.table.reserve(room, |&(h, _)| h);
    }
}
