//! Property dictionaries of the ops reading makes. Names given as static
//! strings are sorted as they come ([`Reader::properties`]); the ops of
//! module-level facts (global variables, spec constants, entry points,
//! execution modes, materialized uses) name theirs by [`Property`], whose
//! order is the names' order, so that their dictionaries are built
//! already sorted ([`Reader::property_dictionary`]) from names looked up
//! once per module.

use super::Reader;
use crate::ir::{Attr, Ident};
use smallvec::SmallVec;

/// The most properties [`Reader::properties`] sorts in place.
const MAX_SORTED_PROPERTIES: usize = 8;

/// The order of names: by first byte, then in full (the order of `str`s,
/// most often decided without comparing the rest).
fn name_order(a: &str, b: &str) -> std::cmp::Ordering {
    (a.as_bytes().first().cmp(&b.as_bytes().first())).then_with(|| a.cmp(b))
}

/// A property of a module-level fact's op, declared in the order of the
/// names (see [`PROPERTY_NAMES`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Property {
    Binding,
    DataType,
    DefaultValue,
    DescriptorSet,
    ExecutionMode,
    ExecutionModel,
    Fn,
    InitialValue,
    Initializer,
    Interface,
    LinkageAttributes,
    Location,
    Name,
    SpecConst,
    SpecId,
    SymName,
    Type,
    Value,
    Values,
    Variable,
}

/// How many [`Property`]s there are.
pub(super) const PROPERTY_COUNT: usize = 20;

/// The name of each [`Property`], by its number: in `str` order.
pub(super) const PROPERTY_NAMES: [&str; PROPERTY_COUNT] = [
    "binding",
    "data_type",
    "default_value",
    "descriptor_set",
    "execution_mode",
    "execution_model",
    "fn",
    "initial_value",
    "initializer",
    "interface",
    "linkage_attributes",
    "location",
    "name",
    "spec_const",
    "spec_id",
    "sym_name",
    "type",
    "value",
    "values",
    "variable",
];

/// Values of [`Property`]s; setting one again replaces its value.
pub(super) struct PropertySet {
    /// Bit `p` is set when property `p` has a value.
    present: u32,
    values: [Attr; PROPERTY_COUNT],
}

impl PropertySet {
    pub(super) fn new() -> Self {
        PropertySet {
            present: 0,
            values: [Attr(0); PROPERTY_COUNT],
        }
    }

    pub(super) fn set(&mut self, property: Property, value: Attr) {
        self.present |= 1 << property as u32;
        self.values[property as usize] = value;
    }
}

impl Reader<'_, '_> {
    /// The dictionary of the properties in `set`: entries in name order
    /// as they are.
    pub(super) fn property_dictionary(&mut self, set: &PropertySet) -> Attr {
        let mut entries = [(Ident(0), Attr(0)); PROPERTY_COUNT];
        let mut len = 0;
        let mut present = set.present;
        while present != 0 {
            let at = present.trailing_zeros() as usize;
            present &= present - 1;
            entries[len] = (self.property_names[at], set.values[at]);
            len += 1;
        }
        self.ctx.sorted_dictionary_attr(&entries[..len])
    }

    /// The dictionary of one property.
    pub(super) fn property_dictionary_of(&mut self, property: Property, value: Attr) -> Attr {
        let name = self.property_names[property as usize];
        self.ctx.sorted_dictionary_attr(&[(name, value)])
    }

    /// The interned [`PROPERTY_NAMES`], by property, noted on this thread
    /// once found in the template context (see [`Reader::static_ident`]).
    pub(super) fn property_idents(&mut self) -> [Ident; PROPERTY_COUNT] {
        if let Some(names) = self.static_idents.property_names() {
            return names;
        }
        let names = PROPERTY_NAMES.map(|name| self.static_ident(name));
        if names.iter().all(|&name| self.ctx.is_shared(name)) {
            self.static_idents.set_property_names(names);
        }
        names
    }

    /// A property dictionary whose names are static strings.
    /// A later duplicate name replaces an earlier one.
    pub(super) fn properties(&mut self, entries: &[(&'static str, Attr)]) -> Attr {
        match *entries {
            [(name, attr)] => {
                let name = self.static_ident(name);
                return self.ctx.sorted_dictionary_attr(&[(name, attr)]);
            }
            _ if entries.len() > MAX_SORTED_PROPERTIES => return self.unsorted_properties(entries),
            _ => {}
        }
        // Sorted by name as they come (usually in order already).
        let mut names = [""; MAX_SORTED_PROPERTIES];
        let mut sorted = [(Ident(0), Attr(0)); MAX_SORTED_PROPERTIES];
        for (len, &(name, attr)) in entries.iter().enumerate() {
            names[len] = name;
            sorted[len] = (self.static_ident(name), attr);
            let mut at = len;
            while at > 0 {
                match name_order(names[at - 1], name) {
                    std::cmp::Ordering::Less => break,
                    std::cmp::Ordering::Equal => return self.unsorted_properties(entries),
                    std::cmp::Ordering::Greater => {
                        names.swap(at - 1, at);
                        sorted.swap(at - 1, at);
                        at -= 1;
                    }
                }
            }
        }
        self.ctx.sorted_dictionary_attr(&sorted[..entries.len()])
    }

    /// [`Reader::properties`] of many entries, or of a name given twice.
    #[inline(never)]
    fn unsorted_properties(&mut self, entries: &[(&'static str, Attr)]) -> Attr {
        let mut named: SmallVec<[(Ident, Attr); 8]> = SmallVec::new();
        for &(name, attr) in entries {
            named.push((self.static_ident(name), attr));
        }
        self.ctx.dictionary_attr_of(&named)
    }
}

#[cfg(test)]
mod tests {
    use super::{Property, PROPERTY_COUNT, PROPERTY_NAMES};

    #[test]
    fn property_names_are_in_order() {
        assert!(PROPERTY_NAMES.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Property::Variable as usize + 1, PROPERTY_COUNT);
        assert_eq!(PROPERTY_NAMES[Property::SymName as usize], "sym_name");
        assert_eq!(
            PROPERTY_NAMES[Property::ExecutionModel as usize],
            "execution_model"
        );
    }
}
