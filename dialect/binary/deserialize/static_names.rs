//! The template context's interned names of static strings (op names,
//! property names, mnemonics), found by the string's address: a small
//! direct-mapped table of the names met lately in front of a map of all
//! of them (see [`super::Reader::static_ident`]); and the attribute names
//! of decorations, snake-cased, by the address of the decoration's name
//! (see [`super::Reader::decoration_name`]), the cases of enum values
//! (see [`super::Reader::enum_value_attr`]), op names by op (see
//! [`super::Reader::op_ident`]), and the property names of module-level
//! facts' ops (see [`super::properties::Property`]).

use super::properties::PROPERTY_COUNT;
use crate::grammar::{Op, OperandKind, OP_COUNT};
use crate::ir::{FastMap, Ident};

/// Bits of a slot index in the direct-mapped table.
const SLOT_BITS: u32 = 9;

/// A static string's address and length.
type Key = (usize, usize);

/// Interned names by the address of the static string they spell.
pub(super) struct StaticNames {
    /// The name last found for each slot (a key of address 0, which no
    /// string has, marks an empty slot).
    recent: Box<[(Key, Ident)]>,
    all: FastMap<Key, Ident>,
    snake_cased: FastMap<Key, Ident>,
    enum_cases: FastMap<(OperandKind, u32), Ident>,
    /// The op name each op is spelled with, by op.
    op_names: Box<[Option<Ident>]>,
    /// The interned property names, by property, once found.
    property_names: Option<[Ident; PROPERTY_COUNT]>,
}

impl Default for StaticNames {
    fn default() -> Self {
        StaticNames {
            recent: vec![((0, 0), Ident(0)); 1 << SLOT_BITS].into(),
            all: FastMap::default(),
            snake_cased: FastMap::default(),
            enum_cases: FastMap::default(),
            op_names: vec![None; OP_COUNT].into(),
            property_names: None,
        }
    }
}

impl StaticNames {
    /// The name noted for `name` if it is in its slot of the recent ones.
    #[inline]
    pub(super) fn recent(&self, name: &'static str) -> Option<Ident> {
        let key = key_of(name);
        let (found, ident) = self.recent[slot_of(key)];
        (found == key).then_some(ident)
    }

    /// The name noted for `name`, if any, put in its slot of the recent
    /// ones.
    pub(super) fn get(&mut self, name: &'static str) -> Option<Ident> {
        let key = key_of(name);
        let ident = *self.all.get(&key)?;
        self.recent[slot_of(key)] = (key, ident);
        Some(ident)
    }

    /// Notes that `name` is interned as `ident`.
    pub(super) fn insert(&mut self, name: &'static str, ident: Ident) {
        let key = key_of(name);
        self.recent[slot_of(key)] = (key, ident);
        self.all.insert(key, ident);
    }

    /// The name noted for `name` snake-cased, if any.
    pub(super) fn snake_cased(&self, name: &'static str) -> Option<Ident> {
        self.snake_cased.get(&key_of(name)).copied()
    }

    /// Notes that `name` snake-cased is interned as `ident`.
    pub(super) fn insert_snake_cased(&mut self, name: &'static str, ident: Ident) {
        self.snake_cased.insert(key_of(name), ident);
    }

    /// The name noted for the case of enum `value` of `kind`, if any.
    pub(super) fn enum_case(&self, kind: OperandKind, value: u32) -> Option<Ident> {
        self.enum_cases.get(&(kind, value)).copied()
    }

    /// Notes that the case of enum `value` of `kind` is interned as `ident`.
    pub(super) fn insert_enum_case(&mut self, kind: OperandKind, value: u32, ident: Ident) {
        self.enum_cases.insert((kind, value), ident);
    }
}

impl StaticNames {
    /// The name noted for `op`'s op name, if any.
    #[inline]
    pub(super) fn op_name(&self, op: Op) -> Option<Ident> {
        self.op_names[op as usize]
    }

    /// Notes that `op`'s op name is interned as `ident`.
    pub(super) fn insert_op_name(&mut self, op: Op, ident: Ident) {
        self.op_names[op as usize] = Some(ident);
    }

    /// The interned property names, by property, if noted.
    #[inline]
    pub(super) fn property_names(&self) -> Option<[Ident; PROPERTY_COUNT]> {
        self.property_names
    }

    /// Notes the interned property names, by property.
    pub(super) fn set_property_names(&mut self, names: [Ident; PROPERTY_COUNT]) {
        self.property_names = Some(names);
    }
}

fn key_of(name: &'static str) -> Key {
    (name.as_ptr() as usize, name.len())
}

/// The slot of `key`: the top bits of its address times an odd constant.
fn slot_of(key: Key) -> usize {
    let mixed = (key.0 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (mixed >> (64 - SLOT_BITS)) as usize
}
