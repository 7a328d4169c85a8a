//! The IR context: it owns every string, type, attribute, op, block, region
//! and value, hands out `Copy` u32 handles to them, and holds the op registry.
//! Strings, types and attributes are hash-consed: equal contents give equal
//! handles, and handles are numbered in creation order (deterministic).

use super::attributes::AttrData;
use super::hash::FastMap;
use super::interner::StringInterner;
use super::kept::{self, Storage};
use super::registry::OpRegistry;
use super::types::TypeData;
use super::uses::UseLists;

macro_rules! handle {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub struct $name(pub(crate) u32);
        impl $name {
            /// The handle's index in its arena (stable for the context's life).
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

handle!(
    /// An interned string (op names, attribute names, symbol names, ...).
    Ident
);
handle!(
    /// An interned type.
    Type
);
handle!(
    /// An interned attribute.
    Attr
);
handle!(
    /// An operation.
    Op
);
handle!(
    /// A block of a region.
    Block
);
handle!(
    /// A region of an operation.
    Region
);
handle!(
    /// An SSA value: an op result or a block argument.
    Value
);

/// Where an op or block argument comes from: a source position (1-based
/// line and column) in a named buffer, `line == 0` meaning unknown, and
/// optionally a name given to the position (MLIR's `loc("name"(...))`;
/// SPIR-V's `OpName` of a value).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Location {
    pub file: Option<Ident>,
    pub line: u32,
    pub col: u32,
    pub name: Option<Ident>,
}

impl Location {
    pub const UNKNOWN: Location = Location {
        file: None,
        line: 0,
        col: 0,
        name: None,
    };

    /// This location with the name `name`.
    pub fn named(self, name: Ident) -> Location {
        Location {
            name: Some(name),
            ..self
        }
    }
}

/// Owner of all IR storage. A clone is an independent context with the same
/// contents (handles carry over); see [`Context::share_strings`] for making
/// clones of a populated context cheap.
#[derive(Clone)]
pub struct Context {
    pub(crate) strings: StringInterner,
    /// Types, attributes, ops, blocks, regions and values.
    pub(crate) store: Storage,
    pub(crate) registry: OpRegistry,
    /// The empty dictionary, which every op without attributes holds.
    pub(crate) empty_dictionary: Attr,
    /// The locations of block arguments that have one (see
    /// [`Context::arg_loc`]).
    pub(crate) arg_locs: FastMap<Value, Location>,
    /// The attributes of block arguments that have some (see
    /// [`Context::arg_attrs`]).
    pub(crate) arg_attrs: FastMap<Value, Attr>,
    /// The values' use lists, once made.
    pub(crate) use_lists: UseLists,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// A context with the builtin dialect's ops registered.
    pub fn new() -> Self {
        let mut ctx = Context {
            strings: StringInterner::default(),
            store: Storage::default(),
            registry: OpRegistry::default(),
            empty_dictionary: Attr(0),
            arg_locs: FastMap::default(),
            arg_attrs: FastMap::default(),
            use_lists: UseLists::default(),
        };
        ctx.empty_dictionary =
            ctx.intern_attr(super::attributes::AttrData::Dictionary(Default::default()));
        super::builtin::register(&mut ctx);
        ctx
    }

    /// Interns `s`.
    pub fn ident(&mut self, s: &str) -> Ident {
        Ident(self.strings.intern(s))
    }

    /// The interned string, if `s` was ever interned (no insertion).
    pub fn lookup_ident(&self, s: &str) -> Option<Ident> {
        self.strings.lookup(s).map(Ident)
    }

    /// The text of an interned string.
    #[inline]
    pub fn str(&self, id: Ident) -> &str {
        self.strings.get(id.0)
    }

    /// The UTF-8 bytes of an interned string: for readers that need no
    /// `&str`, quicker than [`Context::str`].
    #[inline]
    pub(crate) fn str_bytes(&self, id: Ident) -> &[u8] {
        self.strings.bytes(id.0)
    }

    /// Whether `id` was interned before [`Context::share_strings`]: the
    /// same string in every clone of this context.
    pub fn is_shared(&self, id: Ident) -> bool {
        self.strings.is_shared(id.0)
    }

    /// Moves the strings interned so far into storage that clones of this
    /// context share instead of copying (for a template context cloned per
    /// use).
    pub fn share_strings(&mut self) {
        self.strings.share();
    }

    /// A clone of this context with room for `attrs` more attributes,
    /// `types` more types and `strings` more strings, made at that size
    /// rather than cloned and then grown, in the memory the last context
    /// dropped on this thread left (for a template cloned per use).
    pub fn clone_with_room(&self, attrs: usize, types: usize, strings: usize) -> Context {
        let (spare_strings, spare) = kept::take_kept();
        Context {
            strings: self.strings.clone_with_room(spare_strings, strings),
            store: self.store.clone_with_room(spare, attrs, types),
            registry: self.registry.clone(),
            empty_dictionary: self.empty_dictionary,
            arg_locs: self.arg_locs.clone(),
            arg_attrs: self.arg_attrs.clone(),
            use_lists: self.use_lists.clone(),
        }
    }

    #[inline]
    pub(crate) fn intern_type(&mut self, data: TypeData) -> Type {
        Type(self.store.types.intern(data))
    }

    #[inline]
    pub(crate) fn intern_attr(&mut self, data: AttrData) -> Attr {
        Attr(self.store.attrs.intern(data))
    }

    /// The contents of a type.
    pub fn type_data(&self, ty: Type) -> &TypeData {
        self.store.types.get(ty.0)
    }

    /// The contents of an attribute.
    pub fn attr_data(&self, attr: Attr) -> &AttrData {
        self.store.attrs.get(attr.0)
    }
}
