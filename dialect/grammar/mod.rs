//! The SPIR-V grammar as static tables: op kinds, operand layouts, enums and
//! availability, generated from `grammar-json/` (see `generated/` for a copy),
//! with the look-ups the rest of the crate uses.

mod enum_support;
mod generated;
pub mod generators;
mod lookup;
pub mod tables;

use crate::ir::FastMap;
use std::sync::OnceLock;

pub use enum_support::{
    format_bits, format_bits_widest, parse_bits, BitEnum, UnknownEnumerant, ValueEnum,
};
pub use generated::enums::*;
pub use generated::kinds::{OperandKind, OPERAND_KINDS};
pub use generated::ops::{InstSet, Op, INST_SETS, OPS, OP_COUNT};
pub use lookup::{closest, find_kind, find_op};
pub use tables::{
    Availability, Category, EnumerantInfo, InstSetInfo, OpInfo, OperandInfo, OperandKindInfo,
    Quantifier, Version,
};

impl Op {
    /// The table entry describing this op.
    pub fn info(self) -> &'static OpInfo {
        &OPS[self as usize]
    }

    /// `spirv.IAdd`, `spirv.GL.Log`.
    pub fn mlir_name(self) -> &'static str {
        self.info().mlir_name
    }

    /// The instruction set this op belongs to.
    pub fn inst_set(self) -> InstSet {
        let index = self as usize;
        InstSet::ALL
            .into_iter()
            .find(|set| set.info().ops.contains(&index))
            .unwrap_or(InstSet::Core)
    }

    /// The op with this opcode (or extended-instruction number) in `set`,
    /// by direct index.
    pub fn from_opcode(set: InstSet, opcode: u32) -> Option<Op> {
        let index = *set.info().by_opcode.get(opcode as usize)?;
        Op::ALL.get(usize::from(index)).copied()
    }

    /// The op spelled `name`: its MLIR name (`spirv.IAdd`), its grammar name
    /// (`OpIAdd`) or one of the grammar's aliases, for core ops.
    pub fn from_name(name: &str) -> Option<Op> {
        static BY_NAME: OnceLock<FastMap<&'static str, Op>> = OnceLock::new();
        let map = BY_NAME.get_or_init(|| {
            // Room for every op's two names (aliases are few) up front.
            let mut map = FastMap::with_capacity_and_hasher(2 * Op::ALL.len(), Default::default());
            for op in Op::ALL {
                let info = op.info();
                map.insert(info.mlir_name, op);
                if op.inst_set() == InstSet::Core {
                    map.insert(info.grammar_name, op);
                    for alias in info.aliases {
                        map.insert(*alias, op);
                    }
                }
            }
            map
        });
        map.get(name).copied()
    }
}

impl InstSet {
    pub fn info(self) -> &'static InstSetInfo {
        &INST_SETS[self as usize]
    }

    /// The set an `OpExtInstImport` names: exact import name first, then a
    /// case-insensitive match.
    pub fn from_import_name(name: &str) -> Option<InstSet> {
        let sets = InstSet::ALL.into_iter().filter(|s| *s != InstSet::Core);
        let mut fallback = None;
        for set in sets {
            let import = set.info().import_name;
            if import == name {
                return Some(set);
            }
            if import.eq_ignore_ascii_case(name) {
                fallback = Some(set);
            }
        }
        fallback
    }

    /// The set whose instructions' names and operands an `OpExtInstImport`
    /// of `name` takes, as SPIRV-Tools reads them: [`Self::from_import_name`],
    /// else a set whose import name ends with its revision imported at
    /// another revision (`NonSemantic.ClspvReflection.6` takes revision 7's
    /// names). The IR keeps such an import as the generic `spirv.ExtInst`.
    pub fn naming_instructions_of(name: &str) -> Option<InstSet> {
        let numbered =
            |revision: &str| !revision.is_empty() && revision.bytes().all(|b| b.is_ascii_digit());
        InstSet::from_import_name(name).or_else(|| {
            let (stem, revision) = name.rsplit_once('.')?;
            if !numbered(revision) {
                return None;
            }
            (InstSet::ALL.into_iter()).find(|set| {
                let info = set.info();
                info.import_name.rsplit_once('.')
                    == Some((stem, info.revision.to_string().as_str()))
            })
        })
    }

    /// The set whose MLIR namespace is `namespace` (`GL` → GLSL.std.450).
    pub fn from_namespace(namespace: &str) -> Option<InstSet> {
        InstSet::ALL
            .into_iter()
            .find(|s| *s != InstSet::Core && s.info().namespace == namespace)
    }
}

impl Capability {
    /// The capabilities this one implicitly declares (`Shader` → `Matrix`).
    pub fn implied(self) -> &'static [Capability] {
        self.availability().capabilities
    }

    /// `capabilities` with everything they imply, transitively, sorted.
    pub fn closure(capabilities: &[Capability]) -> Vec<Capability> {
        let mut all: Vec<Capability> = capabilities.to_vec();
        let mut i = 0;
        while i < all.len() {
            for implied in all[i].implied() {
                if !all.contains(implied) {
                    all.push(*implied);
                }
            }
            i += 1;
        }
        all.sort();
        all
    }
}

#[cfg(test)]
mod tests;
