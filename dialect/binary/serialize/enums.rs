//! Enumerant values: those enum and string attributes name, remembered
//! per attribute for the module, and those interned names spell,
//! remembered per name ([`LearnedNames`]); those of other names looked up in
//! a per-kind index.

use super::{SerializeError, Writer};
use crate::grammar::{Category, EnumerantInfo, OperandKind};
use crate::ir::{Attr, AttrData, Context, FastMap, Ident, Param};
use std::sync::OnceLock;

impl Writer<'_> {
    /// The value of the enumerant an enum attribute
    /// (`#spirv.storage_class<Input>`) or a string attribute names, as an
    /// operand of `kind`, remembered per attribute.
    pub(super) fn enum_word(
        &mut self,
        attr: Attr,
        kind: OperandKind,
    ) -> Result<u32, SerializeError> {
        if let Some(&value) = self.pool.enum_words.get(&(attr, kind)) {
            return Ok(value);
        }
        let value = self.enum_attr_value(attr, kind)?;
        self.pool.enum_words.insert((attr, kind), value);
        Ok(value)
    }

    /// Inlined, its error made by a cold call.
    #[inline(always)]
    pub(super) fn enum_attr_value(
        &mut self,
        attr: Attr,
        kind: OperandKind,
    ) -> Result<u32, SerializeError> {
        let case = match self.ctx.attr_data(attr) {
            AttrData::Dialect(d) => match d.params.first() {
                Some(Param::Ident(case)) => Some(*case),
                _ => None,
            },
            AttrData::String(s) => Some(*s),
            _ => None,
        };
        let value = match case {
            Some(case) => self.named_value(kind, case),
            None => enum_value(kind, ""),
        };
        value.ok_or_else(|| self.not_an_enumerant(kind, case))
    }

    /// The error of `case` (none: the empty name) naming no enumerant of
    /// `kind`.
    #[cold]
    #[inline(never)]
    fn not_an_enumerant(&self, kind: OperandKind, case: Option<Ident>) -> SerializeError {
        let case = case.map_or("", |c| self.ctx.str(c));
        format!("`{case}` is not a {}", kind.info().name)
    }

    /// The enumerant `case` of the grammar kind `kind`.
    pub(super) fn named_enum(
        &mut self,
        kind: OperandKind,
        case: Ident,
    ) -> Result<u32, SerializeError> {
        (self.named_value(kind, case)).ok_or_else(|| self.not_an_enumerant(kind, Some(case)))
    }

    /// The value of the enumerant of `kind` the interned `case` spells (see
    /// [`enum_value`]), remembered per name: for the kind it was last
    /// looked up as, and a few others (`None` spells one in many bit
    /// enums). Inlined: the look-up of a name met before is a few
    /// loads.
    #[inline(always)]
    pub(super) fn named_value(&mut self, kind: OperandKind, case: Ident) -> Option<u32> {
        match (self.pool.known_values).get(self.ctx, self.shares_template, case) {
            Some(known) if known.last.0 == kind => known.last.1,
            known => {
                let known = known.copied();
                self.other_value(kind, case, known)
            }
        }
    }

    /// [`Self::named_value`] of a name not last looked up as `kind`,
    /// what is `known` of it: its value as an earlier kind, or looked up
    /// and remembered (the oldest kind forgotten when all places are
    /// taken).
    #[cold]
    fn other_value(
        &mut self,
        kind: OperandKind,
        case: Ident,
        known: Option<KindValues>,
    ) -> Option<u32> {
        let earlier = known.map_or([None; EARLIER_KINDS], |k| k.earlier);
        if let Some((_, value)) = earlier.into_iter().flatten().find(|e| e.0 == kind) {
            return value;
        }
        let value = enum_value(kind, self.ctx.str(case));
        let mut learned = KindValues {
            last: (kind, value),
            earlier: [None; EARLIER_KINDS],
        };
        if let Some(known) = known {
            learned.earlier[0] = Some(known.last);
            learned.earlier[1..].copy_from_slice(&known.earlier[..EARLIER_KINDS - 1]);
        }
        (self.pool.known_values).learn(self.ctx, self.shares_template, case, learned);
        value
    }
}

/// How many kinds besides the last a name's values are remembered for.
const EARLIER_KINDS: usize = 3;

/// The values an interned name spells as the kinds of enumerant it was
/// looked up as: the last kind's, and the earlier ones' (latest first).
#[derive(Clone, Copy)]
pub(super) struct KindValues {
    last: (OperandKind, Option<u32>),
    earlier: [Option<(OperandKind, Option<u32>)>; EARLIER_KINDS],
}

/// What the writer learned of interned names, by the name's index, with
/// the name's text. Kept from one module to the next: contexts cloned from
/// one template share the indices of the template's names, so a later
/// module only confirms the text, or not even that where it shares them too.
pub(super) struct LearnedNames<T> {
    entries: Vec<Option<LearnedName<T>>>,
}

struct LearnedName<T> {
    text: Box<str>,
    /// Whether the name is one of the dialects' template context's,
    /// learned in a context sharing them: the same text in every such
    /// context.
    template: bool,
    fact: T,
}

impl<T> Default for LearnedNames<T> {
    fn default() -> Self {
        LearnedNames {
            entries: Vec::new(),
        }
    }
}

impl<T: Copy> LearnedNames<T> {
    /// What was learned of `name`, if it was learned of the same text; a
    /// context that `shares_template` need not confirm a template name.
    #[inline]
    pub(super) fn get(&self, ctx: &Context, shares_template: bool, name: Ident) -> Option<&T> {
        match self.entries.get(name.index()) {
            Some(Some(known))
                if (known.template && shares_template) || *known.text == *ctx.str(name) =>
            {
                Some(&known.fact)
            }
            _ => None,
        }
    }

    /// Remembers `fact` of `name`.
    pub(super) fn learn(&mut self, ctx: &Context, shares_template: bool, name: Ident, fact: T) {
        if self.entries.len() <= name.index() {
            self.entries.resize_with(name.index() + 1, || None);
        }
        self.entries[name.index()] = Some(LearnedName {
            text: ctx.str(name).into(),
            template: shares_template && ctx.is_shared(name),
            fact,
        });
    }
}

/// The value of `case` in `kind` (`A|B` for bit enums).
pub(super) fn enum_value(kind: OperandKind, case: &str) -> Option<u32> {
    let info = kind.info();
    match info.category {
        Category::BitEnum => crate::grammar::parse_bits(info, case).ok(),
        _ => enumerant_named(kind, case).map(|e| e.value),
    }
}

/// The enumerant of `kind` spelled `case` or one of its aliases (the
/// first in the grammar's order), by a per-kind index built on first use.
pub(super) fn enumerant_named(kind: OperandKind, case: &str) -> Option<&'static EnumerantInfo> {
    type Index = FastMap<&'static str, &'static EnumerantInfo>;
    static INDEXES: OnceLock<Box<[OnceLock<Index>]>> = OnceLock::new();
    let indexes =
        INDEXES.get_or_init(|| OperandKind::ALL.iter().map(|_| OnceLock::new()).collect());
    let index = indexes[kind as usize].get_or_init(|| {
        // Room for every enumerant's name (aliases are few) up front.
        let enumerants = kind.info().enumerants.len();
        let mut index = Index::with_capacity_and_hasher(enumerants, Default::default());
        for enumerant in kind.info().enumerants {
            for &name in std::iter::once(&enumerant.name).chain(enumerant.aliases) {
                index.entry(name).or_insert(enumerant);
            }
        }
        index
    });
    index.get(case).copied()
}
