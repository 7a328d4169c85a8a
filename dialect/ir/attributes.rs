//! Attributes: the builtin kinds (unit, integers and bools, floats, strings,
//! arrays, dense arrays, dictionaries, dense vector elements, symbol
//! references, types), dialect-defined kinds and opaque dialect attributes.

use super::context::{Attr, Context, Ident, Type};
use super::interner::{hash_of, Internable};
use super::types::{DialectData, FloatKind, Param, TypeData};
use smallvec::SmallVec;

/// The contents of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrData {
    Unit,
    /// An integer of an integer or index type; `i1` integers are the booleans.
    /// `value` is sign-extended for signless and signed types, zero-extended
    /// for unsigned ones.
    Integer {
        ty: Type,
        value: i128,
    },
    /// A float; `bits` is the value's encoding in the format of `ty`.
    Float {
        ty: Type,
        bits: u64,
    },
    String(Ident),
    Array(Box<[Attr]>),
    /// `array<i32: 1, 0, 0>`; values are sign-extended integers or float bits.
    DenseArray {
        elem: Type,
        values: Box<[i64]>,
    },
    /// Entries sorted by name, names unique.
    Dictionary(DictionaryEntries),
    /// `dense<...> : vector<...>`: one element when it is a splat, else every
    /// element in row-major order (each an Integer or Float attribute).
    DenseElements {
        ty: Type,
        elems: Box<[Attr]>,
    },
    /// `@root::@nested::@leaf`.
    SymbolRef {
        root: Ident,
        nested: Box<[Ident]>,
    },
    Type(Type),
    Dialect(DialectData),
    /// `#dialect.body` of a dialect without registered syntax.
    Opaque {
        dialect: Ident,
        body: Ident,
    },
}

/// A dictionary's entries, inline up to four (most property
/// dictionaries): those need no allocation of their own.
pub type DictionaryEntries = SmallVec<[(Ident, Attr); 4]>;

// Four inline entries fill the room an `i128`'s alignment leaves in an
// attribute record anyway (three take as much).
const _: () = assert!(std::mem::size_of::<AttrData>() <= 48);

impl Internable for AttrData {
    #[inline]
    fn intern_hash(&self) -> u64 {
        match self {
            AttrData::Array(items) => array_hash(items),
            AttrData::Dictionary(entries) => dictionary_hash(entries),
            other => hash_of(other),
        }
    }
}

/// The hash of an array attribute, owned or borrowed.
fn array_hash(items: &[Attr]) -> u64 {
    hash_of(&("array", items))
}

/// The hash of a dictionary attribute, owned or borrowed.
fn dictionary_hash(entries: &[(Ident, Attr)]) -> u64 {
    hash_of(&("dictionary", entries))
}

impl Context {
    pub fn unit_attr(&mut self) -> Attr {
        self.intern_attr(AttrData::Unit)
    }
    pub fn integer_attr(&mut self, ty: Type, value: i128) -> Attr {
        self.intern_attr(AttrData::Integer { ty, value })
    }
    pub fn bool_attr(&mut self, value: bool) -> Attr {
        let i1 = self.int_type(1);
        self.integer_attr(i1, if value { -1 } else { 0 })
    }
    pub fn float_attr(&mut self, ty: Type, bits: u64) -> Attr {
        self.intern_attr(AttrData::Float { ty, bits })
    }
    /// A float attribute of type `kind` holding `value` rounded to that format.
    pub fn float_attr_f64(&mut self, kind: FloatKind, value: f64) -> Attr {
        let ty = self.float_type(kind);
        self.float_attr(ty, super::float::encode(kind, value))
    }
    pub fn string_attr(&mut self, s: &str) -> Attr {
        let id = self.ident(s);
        self.intern_attr(AttrData::String(id))
    }
    pub fn array_attr(&mut self, elems: Vec<Attr>) -> Attr {
        self.array_attr_of(&elems)
    }
    /// [`Context::array_attr`] of borrowed elements (nothing is allocated
    /// when the array exists already).
    pub fn array_attr_of(&mut self, elems: &[Attr]) -> Attr {
        let hash = array_hash(elems);
        Attr(self.store.attrs.find_or_insert(
            hash,
            elems,
            |elems, a| matches!(a, AttrData::Array(e) if **e == **elems),
            |elems| AttrData::Array(elems.into()),
        ))
    }
    pub fn dense_array_attr(&mut self, elem: Type, values: Vec<i64>) -> Attr {
        self.intern_attr(AttrData::DenseArray {
            elem,
            values: values.into(),
        })
    }
    /// A dictionary of `entries`, sorted by name; a later duplicate name
    /// replaces an earlier one.
    pub fn dictionary_attr(&mut self, entries: Vec<(Ident, Attr)>) -> Attr {
        self.dictionary_attr_of(&entries)
    }
    /// [`Context::dictionary_attr`] of borrowed entries (nothing is
    /// allocated when the dictionary exists already).
    pub fn dictionary_attr_of(&mut self, entries: &[(Ident, Attr)]) -> Attr {
        match self.in_order(entries) {
            true => self.sorted_dictionary_attr(entries),
            false => {
                let ordered = self.ordered_entries(entries);
                self.sorted_dictionary_attr(&ordered)
            }
        }
    }
    /// Whether `entries` are sorted by name, names unique.
    fn in_order(&self, entries: &[(Ident, Attr)]) -> bool {
        (entries.windows(2)).all(|w| self.str(w[0].0) < self.str(w[1].0))
    }
    /// [`Context::dictionary_attr_of`] of entries already sorted by name,
    /// names unique.
    pub(crate) fn sorted_dictionary_attr(&mut self, unique: &[(Ident, Attr)]) -> Attr {
        debug_assert!(self.in_order(unique), "dictionary entries out of order");
        let hash = dictionary_hash(unique);
        Attr(self.store.attrs.find_or_insert(
            hash,
            unique,
            |unique, a| matches!(a, AttrData::Dictionary(e) if **e == **unique),
            |unique| AttrData::Dictionary(SmallVec::from_slice(unique)),
        ))
    }
    /// `entries` sorted by name, the last of equal names kept.
    fn ordered_entries(&self, entries: &[(Ident, Attr)]) -> SmallVec<[(Ident, Attr); 8]> {
        let mut sorted: SmallVec<[(Ident, Attr); 8]> = entries.into();
        sorted.sort_by(|a, b| self.str(a.0).cmp(self.str(b.0)));
        let mut unique: SmallVec<[(Ident, Attr); 8]> = SmallVec::with_capacity(sorted.len());
        for entry in sorted {
            match unique.last_mut() {
                Some(last) if last.0 == entry.0 => *last = entry,
                _ => unique.push(entry),
            }
        }
        unique
    }
    pub fn empty_dictionary(&self) -> Attr {
        self.empty_dictionary
    }
    /// Dense elements of vector type `ty`; equal elements collapse to a splat.
    pub fn dense_elements_attr(&mut self, ty: Type, mut elems: Vec<Attr>) -> Attr {
        if elems.len() > 1 && elems.iter().all(|&e| e == elems[0]) {
            elems.truncate(1);
        }
        self.intern_attr(AttrData::DenseElements {
            ty,
            elems: elems.into(),
        })
    }
    pub fn symbol_ref_attr(&mut self, root: &str, nested: &[&str]) -> Attr {
        let root = self.ident(root);
        let nested = nested.iter().map(|n| self.ident(n)).collect();
        self.intern_attr(AttrData::SymbolRef { root, nested })
    }
    pub fn type_attr(&mut self, ty: Type) -> Attr {
        self.intern_attr(AttrData::Type(ty))
    }
    pub fn dialect_attr(&mut self, dialect: &str, mnemonic: &str, params: Vec<Param>) -> Attr {
        let data = DialectData {
            dialect: self.ident(dialect),
            mnemonic: self.ident(mnemonic),
            params: params.into(),
        };
        self.intern_attr(AttrData::Dialect(data))
    }
    pub fn opaque_attr(&mut self, dialect: &str, body: &str) -> Attr {
        let data = AttrData::Opaque {
            dialect: self.ident(dialect),
            body: self.ident(body),
        };
        self.intern_attr(data)
    }

    /// The entries of a dictionary attribute (empty for anything else).
    pub fn dict_entries(&self, dict: Attr) -> &[(Ident, Attr)] {
        match self.attr_data(dict) {
            AttrData::Dictionary(entries) => entries,
            _ => &[],
        }
    }
    /// Looks `name` up in a dictionary attribute.
    pub fn dict_get(&self, dict: Attr, name: &str) -> Option<Attr> {
        let entries = self.dict_entries(dict);
        entries
            .binary_search_by(|(key, _)| self.str(*key).cmp(name))
            .ok()
            .map(|i| entries[i].1)
    }
    /// Looks the interned name `name` up in a dictionary attribute (no
    /// text compared).
    pub fn dict_get_ident(&self, dict: Attr, name: Ident) -> Option<Attr> {
        let entries = self.dict_entries(dict);
        entries.iter().find(|(key, _)| *key == name).map(|e| e.1)
    }
    /// `dict` with `name` set to `value` (or removed when `value` is None).
    pub fn dict_with(&mut self, dict: Attr, name: Ident, value: Option<Attr>) -> Attr {
        let mut entries: Vec<(Ident, Attr)> = self
            .dict_entries(dict)
            .iter()
            .copied()
            .filter(|(k, _)| *k != name)
            .collect();
        if let Some(value) = value {
            entries.push((name, value));
        }
        self.dictionary_attr(entries)
    }
    /// The value of an integer attribute.
    pub fn as_int_attr(&self, attr: Attr) -> Option<i128> {
        match *self.attr_data(attr) {
            AttrData::Integer { value, .. } => Some(value),
            _ => None,
        }
    }
    pub fn as_string_attr(&self, attr: Attr) -> Option<&str> {
        match *self.attr_data(attr) {
            AttrData::String(s) => Some(self.str(s)),
            _ => None,
        }
    }
    pub fn as_type_attr(&self, attr: Attr) -> Option<Type> {
        match *self.attr_data(attr) {
            AttrData::Type(ty) => Some(ty),
            _ => None,
        }
    }
    /// Whether `ty` is a builtin integer type of width 1 (the bool type).
    pub fn is_bool_type(&self, ty: Type) -> bool {
        matches!(self.type_data(ty), TypeData::Integer { width: 1, .. })
    }
}
