//! The traits shared by the generated enum types, and the macros the
//! generated `enums.rs` declares them with: `value_enum!` (a Rust enum per
//! value enum), `bit_enum!` (a flags newtype per bit enum) and `extensions!`.
//! Names, aliases and availability come from the `OPERAND_KINDS` table;
//! [`OperandKind::enumerant`] finds a kind's enumerant by value.

use super::tables::{Availability, EnumerantInfo, OperandKindInfo};
use super::{OperandKind, OPERAND_KINDS};
use std::sync::OnceLock;

/// A spelling that names no enumerant of a kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEnumerant {
    pub kind: &'static str,
    pub text: String,
}

impl std::fmt::Display for UnknownEnumerant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` is not a {} enumerant", self.text, self.kind)
    }
}

impl std::error::Error for UnknownEnumerant {}

/// A value enum: one enumerant at a time.
pub trait ValueEnum: Copy + 'static {
    const KIND: OperandKind;
    /// Every variant, in value order (parallel to the kind's enumerants).
    const VARIANTS: &'static [Self];
    fn value(self) -> u32;

    fn kind_info() -> &'static OperandKindInfo {
        Self::KIND.info()
    }
    fn from_value(value: u32) -> Option<Self> {
        let i = Self::kind_info()
            .enumerants
            .binary_search_by_key(&value, |e| e.value)
            .ok()?;
        Self::VARIANTS.get(i).copied()
    }
    fn from_name(name: &str) -> Option<Self> {
        let enumerants = Self::kind_info().enumerants;
        let i = enumerants
            .iter()
            .position(|e| e.name == name || e.aliases.contains(&name))?;
        Self::VARIANTS.get(i).copied()
    }
    fn info(self) -> &'static EnumerantInfo {
        let kind = Self::kind_info();
        let i = kind
            .enumerants
            .binary_search_by_key(&self.value(), |e| e.value);
        &kind.enumerants[i.unwrap_or_default()]
    }
    fn name(self) -> &'static str {
        self.info().name
    }
    fn availability(self) -> &'static Availability {
        &self.info().availability
    }
}

/// A bit enum: any combination of flags, some of which take parameters.
pub trait BitEnum: Copy + 'static {
    const KIND: OperandKind;
    fn bits(self) -> u32;
    fn from_bits(bits: u32) -> Self;

    fn kind_info() -> &'static OperandKindInfo {
        Self::KIND.info()
    }
    fn contains(self, other: Self) -> bool {
        self.bits() & other.bits() == other.bits()
    }
    /// The enumerants whose bits are set, in value order (the order their
    /// parameters follow in the binary); the zero enumerant when none is.
    fn enumerants(self) -> Vec<&'static EnumerantInfo> {
        let bits = self.bits();
        let all = Self::kind_info().enumerants;
        if bits == 0 {
            return all.iter().filter(|e| e.value == 0).collect();
        }
        all.iter()
            .filter(|e| e.value != 0 && bits & e.value == e.value)
            .collect()
    }
}

/// `Bias|Lod`, `None`, or a hexadecimal number for bits no enumerant names;
/// each enumerant in value order names the bits it adds, as spirv-dis
/// spells them (`FlagIsPublic`, 0x3, reads `FlagIsProtected|FlagIsPrivate`).
pub fn format_bits(kind: &OperandKindInfo, bits: u32) -> String {
    format_bits_choosing(kind, bits, false)
}

/// [`format_bits`] with an enumerant of several bits naming them before the
/// one-bit enumerants do (`FlagIsPublic`), the names in value order.
pub fn format_bits_widest(kind: &OperandKindInfo, bits: u32) -> String {
    format_bits_choosing(kind, bits, true)
}

fn format_bits_choosing(kind: &OperandKindInfo, bits: u32, widest: bool) -> String {
    let mut chosen: Vec<&EnumerantInfo> = Vec::new();
    let mut covered = 0u32;
    let several_bits = |e: &&EnumerantInfo| e.value.count_ones() > 1;
    let order = (kind.enumerants.iter().filter(|e| widest && several_bits(e))).chain(
        kind.enumerants
            .iter()
            .filter(|e| !widest || !several_bits(e)),
    );
    for e in order {
        if e.value != 0 && bits & e.value == e.value && covered & e.value != e.value {
            chosen.push(e);
            covered |= e.value;
        }
    }
    chosen.sort_by_key(|e| e.value);
    let mut parts: Vec<String> = chosen.iter().map(|e| e.name.to_string()).collect();
    if bits & !covered != 0 {
        parts.push(format!("{:#x}", bits & !covered));
    }
    if parts.is_empty() {
        return kind
            .enumerant(0)
            .map_or_else(|| "0x0".to_string(), |e| e.name.to_string());
    }
    parts.join("|")
}

/// Parses `Bias|Lod` (names, aliases or numbers joined by `|`).
pub fn parse_bits(kind: &OperandKindInfo, text: &str) -> Result<u32, UnknownEnumerant> {
    let mut bits = 0;
    for part in text.split('|').map(str::trim) {
        let value = match kind.enumerant_named(part) {
            Some(e) => Some(e.value),
            None => parse_number(part),
        };
        bits |= value.ok_or_else(|| UnknownEnumerant {
            kind: kind.name,
            text: part.to_string(),
        })?;
    }
    Ok(bits)
}

fn parse_number(text: &str) -> Option<u32> {
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

macro_rules! value_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $value:literal),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u32)]
        pub enum $name { $($variant = $value),* }

        impl $crate::grammar::ValueEnum for $name {
            const KIND: $crate::grammar::OperandKind = $crate::grammar::OperandKind::$name;
            const VARIANTS: &'static [Self] = &[$(Self::$variant),*];
            fn value(self) -> u32 {
                self as u32
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::grammar::ValueEnum::name(*self))
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}::{}", stringify!($name), self)
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::grammar::UnknownEnumerant;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                <Self as $crate::grammar::ValueEnum>::from_name(text)
                    .ok_or_else(|| $crate::grammar::UnknownEnumerant { kind: stringify!($name), text: text.to_string() })
            }
        }
    };
}

macro_rules! bit_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $value:literal),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct $name(pub u32);

        impl $name {
            $(pub const $variant: Self = Self($value);)*
        }

        impl $crate::grammar::BitEnum for $name {
            const KIND: $crate::grammar::OperandKind = $crate::grammar::OperandKind::$name;
            fn bits(self) -> u32 {
                self.0
            }
            fn from_bits(bits: u32) -> Self {
                Self(bits)
            }
        }

        impl std::ops::BitOr for $name {
            type Output = Self;
            fn bitor(self, other: Self) -> Self {
                Self(self.0 | other.0)
            }
        }

        impl std::ops::BitOrAssign for $name {
            fn bitor_assign(&mut self, other: Self) {
                self.0 |= other.0;
            }
        }

        impl std::ops::BitAnd for $name {
            type Output = Self;
            fn bitand(self, other: Self) -> Self {
                Self(self.0 & other.0)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&$crate::grammar::format_bits(
                    <Self as $crate::grammar::BitEnum>::kind_info(),
                    self.0,
                ))
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}({})", stringify!($name), self)
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::grammar::UnknownEnumerant;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                $crate::grammar::parse_bits(<Self as $crate::grammar::BitEnum>::kind_info(), text).map(Self)
            }
        }
    };
}

/// Extensions no grammar enumerant names, written here by hand: SPIR-V
/// defines them, and modules declare them (`SPV_KHR_non_semantic_info`
/// allows the `NonSemantic.*` instruction sets before SPIR-V 1.6).
macro_rules! extensions {
    ($($name:ident),* $(,)?) => {
        /// An extension the grammar names (`SPV_KHR_storage_buffer_storage_class`),
        /// or one of those written by hand beside them.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub enum Extension { $($name,)* SPV_KHR_non_semantic_info }

        impl Extension {
            /// Every extension: the grammar's sorted by name, then those
            /// written by hand.
            pub const ALL: &'static [Extension] =
                &[$(Extension::$name,)* Extension::SPV_KHR_non_semantic_info];
            const NAMES: &'static [&'static str] =
                &[$(stringify!($name),)* "SPV_KHR_non_semantic_info"];

            pub fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }
        }

        impl std::fmt::Display for Extension {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl std::str::FromStr for Extension {
            type Err = $crate::grammar::UnknownEnumerant;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                Self::NAMES
                    .iter()
                    .position(|name| *name == text)
                    .map(|i| Self::ALL[i])
                    .ok_or_else(|| $crate::grammar::UnknownEnumerant { kind: "extension", text: text.to_string() })
            }
        }
    };
}

pub(crate) use {bit_enum, extensions, value_enum};

/// The information about every operand kind, as a function of the kind.
impl OperandKind {
    pub fn info(self) -> &'static OperandKindInfo {
        &OPERAND_KINDS[self as usize]
    }

    /// The enumerant of this kind with `value`: by a table for values
    /// below `TABLED_VALUES` (those most operands have), else by
    /// [`OperandKindInfo::enumerant`]'s search.
    #[inline]
    pub fn enumerant(self, value: u32) -> Option<&'static EnumerantInfo> {
        let info = self.info();
        if value < TABLED_VALUES {
            let position = enumerant_positions()[self as usize][value as usize];
            return info.enumerants.get(usize::from(position).checked_sub(1)?);
        }
        info.enumerant(value)
    }

    /// The bits of `bits` that no enumerant of this (bit enum) kind names.
    pub fn unknown_bits(self, bits: u32) -> u32 {
        bits & !self
            .info()
            .enumerants
            .iter()
            .fold(0, |all, e| all | e.value)
    }
}

/// Enum values below this are found by [`OperandKind::enumerant`]'s table.
const TABLED_VALUES: u32 = 64;

/// Per operand kind, per value below [`TABLED_VALUES`]: one past the
/// position of its enumerant among the kind's, 0 for none (made at first
/// use).
fn enumerant_positions() -> &'static [[u16; TABLED_VALUES as usize]] {
    static POSITIONS: OnceLock<Vec<[u16; TABLED_VALUES as usize]>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut positions = vec![[0; TABLED_VALUES as usize]; OperandKind::ALL.len()];
        for kind in OperandKind::ALL {
            let info = kind.info();
            for (value, position) in (0..).zip(&mut positions[kind as usize]) {
                let found = info.enumerants.binary_search_by_key(&value, |e| e.value);
                *position = found.map_or(0, |at| at as u16 + 1);
            }
        }
        positions
    })
}
