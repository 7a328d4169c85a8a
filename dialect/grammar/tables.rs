//! The types of the generated tables, and the `const fn` constructors the
//! generated files are written with.

use super::{Capability, Extension, OperandKind};
use std::ops::Range;

/// A `major.minor` SPIR-V version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version {
    pub major: u8,
    pub minor: u8,
}

impl Version {
    pub const fn new(major: u8, minor: u8) -> Self {
        Version { major, minor }
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// What an op or enumerant needs, exactly as the grammar states it: a
/// version range, and any one of `capabilities` and of `extensions`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Availability {
    pub min_version: Option<Version>,
    pub last_version: Option<Version>,
    pub capabilities: &'static [Capability],
    pub extensions: &'static [Extension],
    pub provisional: bool,
}

/// No requirement at all (extended instructions, literal kinds).
pub const fn always() -> Availability {
    Availability {
        min_version: None,
        last_version: None,
        capabilities: &[],
        extensions: &[],
        provisional: false,
    }
}

/// Available from SPIR-V `major.minor` on.
pub const fn since(major: u8, minor: u8) -> Availability {
    Availability {
        min_version: Some(Version::new(major, minor)),
        ..always()
    }
}

impl Availability {
    /// Removed after SPIR-V `major.minor`.
    pub const fn until(self, major: u8, minor: u8) -> Self {
        Availability {
            last_version: Some(Version::new(major, minor)),
            ..self
        }
    }
    /// Needs any one of `capabilities`.
    pub const fn caps(self, capabilities: &'static [Capability]) -> Self {
        Availability {
            capabilities,
            ..self
        }
    }
    /// Needs any one of `extensions`.
    pub const fn exts(self, extensions: &'static [Extension]) -> Self {
        Availability { extensions, ..self }
    }
    /// Part of a provisional extension.
    pub const fn provisional(self) -> Self {
        Availability {
            provisional: true,
            ..self
        }
    }
}

/// How many times an operand may appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    One,
    Optional,
    Variadic,
}

impl Quantifier {
    /// The grammar's spelling: ``, `?` or `*`.
    pub fn symbol(self) -> &'static str {
        match self {
            Quantifier::One => "",
            Quantifier::Optional => "?",
            Quantifier::Variadic => "*",
        }
    }
}

/// One operand of an op or of an enumerant's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandInfo {
    /// Readable snake_case name derived from the grammar (`result_type`, `pointer`).
    pub name: &'static str,
    pub kind: OperandKind,
    pub quantifier: Quantifier,
}

pub const fn one(name: &'static str, kind: OperandKind) -> OperandInfo {
    OperandInfo {
        name,
        kind,
        quantifier: Quantifier::One,
    }
}
pub const fn opt(name: &'static str, kind: OperandKind) -> OperandInfo {
    OperandInfo {
        name,
        kind,
        quantifier: Quantifier::Optional,
    }
}
pub const fn many(name: &'static str, kind: OperandKind) -> OperandInfo {
    OperandInfo {
        name,
        kind,
        quantifier: Quantifier::Variadic,
    }
}

/// An op kind: its names, opcode, class, operand layout and availability.
#[derive(Clone, Copy, Debug)]
pub struct OpInfo {
    /// `spirv.IAdd`, `spirv.GL.Log`, `spirv.KHR.SubgroupBallot`.
    pub mlir_name: &'static str,
    /// The grammar's name: `OpIAdd`, `Log`.
    pub grammar_name: &'static str,
    /// The opcode, or the instruction number within an extended set.
    pub opcode: u32,
    /// The grammar's class (`Arithmetic`, ...); an extended set's import name.
    pub class: &'static str,
    pub operands: &'static [OperandInfo],
    /// Other spellings of the same instruction (`OpDecorateStringGOOGLE`).
    pub aliases: &'static [&'static str],
    pub availability: Availability,
    pub has_result_type: bool,
    pub has_result: bool,
}

impl OpInfo {
    pub const fn new(
        mlir_name: &'static str,
        grammar_name: &'static str,
        opcode: u32,
        class: &'static str,
        operands: &'static [OperandInfo],
        aliases: &'static [&'static str],
        availability: Availability,
    ) -> Self {
        let mut has_result_type = false;
        let mut has_result = false;
        let mut i = 0;
        while i < operands.len() {
            match operands[i].kind {
                OperandKind::IdResultType => has_result_type = true,
                OperandKind::IdResult => has_result = true,
                _ => {}
            }
            i += 1;
        }
        OpInfo {
            mlir_name,
            grammar_name,
            opcode,
            class,
            operands,
            aliases,
            availability,
            has_result_type,
            has_result,
        }
    }
}

/// An instruction set: its import name, MLIR namespace, grammar file, and
/// where its ops sit in `OPS`.
#[derive(Clone, Debug)]
pub struct InstSetInfo {
    /// The string of `OpExtInstImport`; empty for the core set.
    pub import_name: &'static str,
    /// The namespace under `spirv.` (`GL`); empty for the core set.
    pub namespace: &'static str,
    pub grammar_file: &'static str,
    /// The grammar's `version` and `revision` fields.
    pub version: u32,
    pub revision: u32,
    /// The range of `OPS` holding this set's ops, in opcode order.
    pub ops: Range<usize>,
    /// Opcode → index into `OPS`, `u16::MAX` where no op has that opcode.
    pub by_opcode: &'static [u16],
}

impl InstSetInfo {
    pub const fn new(
        import_name: &'static str,
        namespace: &'static str,
        grammar_file: &'static str,
        version: u32,
        revision: u32,
        ops: Range<usize>,
        by_opcode: &'static [u16],
    ) -> Self {
        InstSetInfo {
            import_name,
            namespace,
            grammar_file,
            version,
            revision,
            ops,
            by_opcode,
        }
    }
}

/// Builds a set's opcode → op index at compile time from its slice of the op table.
pub const fn opcode_index<const N: usize>(ops: &[OpInfo], start: usize, end: usize) -> [u16; N] {
    let mut index = [u16::MAX; N];
    let mut i = start;
    while i < end {
        index[ops[i].opcode as usize] = i as u16;
        i += 1;
    }
    index
}

/// The category of an operand kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    ValueEnum,
    BitEnum,
    Literal,
    Id,
    Composite,
}

/// One enumerant of a value or bit enum.
#[derive(Clone, Copy, Debug)]
pub struct EnumerantInfo {
    pub name: &'static str,
    pub value: u32,
    pub aliases: &'static [&'static str],
    /// Operands that follow the enumerant when it is used (`Decoration Offset` takes a literal).
    pub parameters: &'static [OperandInfo],
    pub availability: Availability,
}

pub const fn enumerant(
    name: &'static str,
    value: u32,
    aliases: &'static [&'static str],
    parameters: &'static [OperandInfo],
    availability: Availability,
) -> EnumerantInfo {
    EnumerantInfo {
        name,
        value,
        aliases,
        parameters,
        availability,
    }
}

/// An operand kind: its name, category, composite bases and enumerants.
#[derive(Clone, Copy, Debug)]
pub struct OperandKindInfo {
    pub name: &'static str,
    pub category: Category,
    pub doc: &'static str,
    /// The kinds a `Composite` kind is made of (`PairLiteralIntegerIdRef`).
    pub bases: &'static [OperandKind],
    /// In value order.
    pub enumerants: &'static [EnumerantInfo],
}

impl OperandKindInfo {
    pub const fn new(
        name: &'static str,
        category: Category,
        doc: &'static str,
        bases: &'static [OperandKind],
        enumerants: &'static [EnumerantInfo],
    ) -> Self {
        OperandKindInfo {
            name,
            category,
            doc,
            bases,
            enumerants,
        }
    }

    /// The enumerant with `value`, by binary search.
    pub fn enumerant(&self, value: u32) -> Option<&'static EnumerantInfo> {
        let i = self
            .enumerants
            .binary_search_by_key(&value, |e| e.value)
            .ok()?;
        Some(&self.enumerants[i])
    }

    /// The enumerant spelled `name` or one of its aliases.
    pub fn enumerant_named(&self, name: &str) -> Option<&'static EnumerantInfo> {
        self.enumerants
            .iter()
            .find(|e| e.name == name || e.aliases.contains(&name))
    }
}
