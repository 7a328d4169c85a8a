//! The dialect-agnostic IR framework: a [`Context`] owning arenas of ops,
//! blocks, regions and values behind u32 handles, hash-consed types and
//! attributes, use counts and lists, a builder, walks, symbol tables, the op registry
//! through which dialects declare their ops, and the pass manager.

pub mod attributes;
pub mod builder;
pub mod builtin;
pub mod clone;
pub mod context;
pub mod diagnostic;
pub mod float;
pub mod hash;
mod interner;
mod kept;
pub use hash::{FastHasher, FastMap, FastSet};
pub(crate) use kept::worth_keeping;
pub mod pass;
mod placement;
pub mod registry;
pub mod structure;
pub mod symbols;
pub mod types;
mod uses;
pub mod walk;

pub use attributes::{AttrData, DictionaryEntries};
pub use builder::{Builder, InsertPoint};
pub use clone::IrMapping;
pub use context::{Attr, Block, Context, Ident, Location, Op, Region, Type, Value};
pub use diagnostic::{Diagnostic, Severity};
pub use registry::{OpInfo, OpTraits};
pub use structure::{OpParts, OpSpec, ValueDef};
pub use types::{DialectData, FloatKind, Param, Signedness, TypeData};
pub use uses::Use;
pub use walk::WalkControl;
