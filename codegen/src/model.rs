//! The cleaned grammar the emitters work from: every instruction set with its
//! ops in opcode order, every operand kind with its enumerants in value order,
//! aliases folded into the entry they name, names derived, availability parsed.

/// A `major.minor` SPIR-V version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Version {
    pub major: u8,
    pub minor: u8,
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Availability {
    pub min_version: Option<Version>,
    pub last_version: Option<Version>,
    pub capabilities: Vec<String>,
    pub extensions: Vec<String>,
    pub provisional: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    One,
    Optional,
    Variadic,
}

impl Quantifier {
    pub fn symbol(self) -> &'static str {
        match self {
            Quantifier::One => "",
            Quantifier::Optional => "?",
            Quantifier::Variadic => "*",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operand {
    /// snake_case, unique within its op or enumerant.
    pub name: String,
    /// The name as the grammar spells it, if it has one.
    pub grammar_name: Option<String>,
    pub kind: String,
    pub quantifier: Quantifier,
}

#[derive(Clone, Debug)]
pub struct Op {
    /// `OpIAdd`, `Round`, `s_abs`.
    pub grammar_name: String,
    /// `spirv.IAdd`, `spirv.GL.Round`, `spirv.CL.s_abs`.
    pub mlir_name: String,
    /// The `Op` variant: `IAdd`, `GlRound`, `ClSAbs`.
    pub rust_name: String,
    pub opcode: u32,
    pub class: String,
    pub operands: Vec<Operand>,
    pub aliases: Vec<String>,
    pub availability: Availability,
}

impl Op {
    pub fn has_result_type(&self) -> bool {
        self.operands.iter().any(|o| o.kind == "IdResultType")
    }
    pub fn has_result(&self) -> bool {
        self.operands.iter().any(|o| o.kind == "IdResult")
    }
}

#[derive(Clone, Debug)]
pub struct InstSet {
    /// The grammar file this set came from.
    pub file: String,
    /// The string `OpExtInstImport` names (empty for the core set).
    pub import_name: String,
    /// The MLIR namespace under `spirv.` (empty for the core set).
    pub namespace: String,
    /// The `InstSet` variant.
    pub rust_name: String,
    pub version: Option<u32>,
    pub revision: Option<u32>,
    pub ops: Vec<Op>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    ValueEnum,
    BitEnum,
    Literal,
    Id,
    Composite,
}

impl Category {
    pub fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "ValueEnum" => Category::ValueEnum,
            "BitEnum" => Category::BitEnum,
            "Literal" => Category::Literal,
            "Id" => Category::Id,
            "Composite" => Category::Composite,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            Category::ValueEnum => "ValueEnum",
            Category::BitEnum => "BitEnum",
            Category::Literal => "Literal",
            Category::Id => "Id",
            Category::Composite => "Composite",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Enumerant {
    pub name: String,
    pub rust_name: String,
    pub value: u32,
    pub aliases: Vec<String>,
    pub parameters: Vec<Operand>,
    pub availability: Availability,
}

#[derive(Clone, Debug)]
pub struct OperandKind {
    pub name: String,
    pub category: Category,
    pub doc: String,
    pub bases: Vec<String>,
    /// In value order; empty for non-enum kinds.
    pub enumerants: Vec<Enumerant>,
    /// The grammar file that defines it.
    pub file: String,
}

impl OperandKind {
    /// Whether `other` has the same category, bases and enumerants.
    pub fn defines_alike(&self, other: &OperandKind) -> bool {
        self.category == other.category
            && self.bases == other.bases
            && self.enumerants == other.enumerants
    }
}

#[derive(Clone, Debug)]
pub struct Model {
    pub core_version: Version,
    pub core_revision: u32,
    /// The core set first, then extended sets in file-name order.
    pub sets: Vec<InstSet>,
    /// Core kinds in grammar order, then those of extended sets.
    pub kinds: Vec<OperandKind>,
    /// Every extension named anywhere in the grammar, sorted.
    pub extensions: Vec<String>,
}

impl Model {
    pub fn kind(&self, name: &str) -> Option<&OperandKind> {
        self.kinds.iter().find(|k| k.name == name)
    }
    pub fn ops(&self) -> impl Iterator<Item = (&InstSet, &Op)> {
        self.sets
            .iter()
            .flat_map(|s| s.ops.iter().map(move |o| (s, o)))
    }
}
