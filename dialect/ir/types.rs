//! Types: the builtin kinds (integers, index, floats, none, vectors, function
//! types, tuples), dialect-defined kinds (a dialect name, a mnemonic and a
//! parameter list the dialect interprets) and opaque dialect types (text kept
//! verbatim for dialects nobody registered).

use super::context::{Attr, Context, Ident, Type};
use super::interner::{hash_of, Internable};

/// Signedness of an integer type: `iN`, `siN`, `uiN`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// The widest integer type (MLIR's limit).
pub const MAX_INT_WIDTH: u32 = 1 << 24;

/// The builtin floating-point formats.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    F16,
    BF16,
    F32,
    F64,
}

impl FloatKind {
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
        }
    }
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
        }
    }
}

/// One parameter of a dialect type or attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Param {
    Type(Type),
    Attr(Attr),
    Int(i64),
    Ident(Ident),
    List(Box<[Param]>),
}

/// A dialect-defined type or attribute: `!dialect.mnemonic<params>`; the
/// owning dialect's syntax hooks give the parameters their meaning.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct DialectData {
    pub dialect: Ident,
    pub mnemonic: Ident,
    pub params: Box<[Param]>,
}

/// The contents of a type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeData {
    Integer {
        width: u32,
        signedness: Signedness,
    },
    Index,
    Float(FloatKind),
    None,
    /// `vector<4x[8]xf32>`: `scalable` has bit `i` set when dimension `i` is scalable.
    Vector {
        shape: Box<[u64]>,
        scalable: u64,
        elem: Type,
    },
    Function {
        inputs: Box<[Type]>,
        results: Box<[Type]>,
    },
    Tuple(Box<[Type]>),
    Dialect(DialectData),
    /// `!dialect.body` of a dialect without registered syntax; `body` is the
    /// text after `dialect.`, kept verbatim.
    Opaque {
        dialect: Ident,
        body: Ident,
    },
}

impl Context {
    pub fn integer_type(&mut self, width: u32, signedness: Signedness) -> Type {
        self.intern_type(TypeData::Integer { width, signedness })
    }
    /// Signless `iN`.
    pub fn int_type(&mut self, width: u32) -> Type {
        self.integer_type(width, Signedness::Signless)
    }
    pub fn index_type(&mut self) -> Type {
        self.intern_type(TypeData::Index)
    }
    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        self.intern_type(TypeData::Float(kind))
    }
    pub fn none_type(&mut self) -> Type {
        self.intern_type(TypeData::None)
    }
    pub fn vector_type(&mut self, shape: &[u64], elem: Type) -> Type {
        self.intern_type(TypeData::Vector {
            shape: shape.into(),
            scalable: 0,
            elem,
        })
    }
    pub fn function_type(&mut self, inputs: &[Type], results: &[Type]) -> Type {
        self.intern_type(TypeData::Function {
            inputs: inputs.into(),
            results: results.into(),
        })
    }
    pub fn tuple_type(&mut self, elems: &[Type]) -> Type {
        self.intern_type(TypeData::Tuple(elems.into()))
    }
    /// A dialect-defined type; the dialect's syntax hooks print it.
    pub fn dialect_type(&mut self, dialect: &str, mnemonic: &str, params: Vec<Param>) -> Type {
        let data = DialectData {
            dialect: self.ident(dialect),
            mnemonic: self.ident(mnemonic),
            params: params.into(),
        };
        self.intern_type(TypeData::Dialect(data))
    }
    pub fn opaque_type(&mut self, dialect: &str, body: &str) -> Type {
        let data = TypeData::Opaque {
            dialect: self.ident(dialect),
            body: self.ident(body),
        };
        self.intern_type(data)
    }

    /// `(width, signedness)` of an integer type.
    pub fn as_integer(&self, ty: Type) -> Option<(u32, Signedness)> {
        match *self.type_data(ty) {
            TypeData::Integer { width, signedness } => Some((width, signedness)),
            _ => None,
        }
    }
    pub fn as_float(&self, ty: Type) -> Option<FloatKind> {
        match *self.type_data(ty) {
            TypeData::Float(kind) => Some(kind),
            _ => None,
        }
    }
    /// `(inputs, results)` of a function type.
    pub fn as_function(&self, ty: Type) -> Option<(&[Type], &[Type])> {
        match self.type_data(ty) {
            TypeData::Function { inputs, results } => Some((inputs, results)),
            _ => None,
        }
    }
    /// The dialect data of a type of dialect `dialect` with `mnemonic`.
    pub fn as_dialect_type(&self, ty: Type, dialect: &str, mnemonic: &str) -> Option<&DialectData> {
        match self.type_data(ty) {
            TypeData::Dialect(d)
                if self.str(d.dialect) == dialect && self.str(d.mnemonic) == mnemonic =>
            {
                Some(d)
            }
            _ => None,
        }
    }
}

impl Internable for TypeData {
    #[inline]
    fn intern_hash(&self) -> u64 {
        hash_of(self)
    }
}
