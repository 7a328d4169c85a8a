//! Fast string-keyed maps, and the name → value tables the assembler reads text with: core opcodes,
//! enumerants per operand kind, and instructions per extended set. Each
//! table is built on first use with a cheap string hash, so a short
//! assembly run builds only the few it needs.

use crate::grammar::{InstSet, Op, OperandKind, INST_SETS, OPERAND_KINDS, OPS};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

/// FNV-1a: names and ids are short, so a fast hash beats SipHash here.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut hash = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for byte in bytes {
            hash = (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = hash;
    }
}

/// A map hashed with [`Fnv`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;
/// A set hashed with [`Fnv`].
pub type FastSet<K> = std::collections::HashSet<K, BuildHasherDefault<Fnv>>;

type NameTable<V> = FastMap<&'static str, V>;

/// One lazily built table per index (operand kind, instruction set).
fn table_at<V>(
    tables: &'static OnceLock<Vec<OnceLock<NameTable<V>>>>,
    count: usize,
    index: usize,
    build: impl FnOnce() -> NameTable<V>,
) -> &'static NameTable<V> {
    let tables = tables.get_or_init(|| (0..count).map(|_| OnceLock::new()).collect());
    tables[index].get_or_init(build)
}

/// A core op by its grammar name or alias (`OpIAdd`).
pub fn core_op(name: &str) -> Option<Op> {
    static OPS_BY_NAME: OnceLock<NameTable<Op>> = OnceLock::new();
    let table = OPS_BY_NAME.get_or_init(|| {
        let mut table = NameTable::default();
        for op in &Op::ALL[InstSet::Core.info().ops.clone()] {
            let info = op.info();
            table.insert(info.grammar_name, *op);
            for alias in info.aliases {
                table.insert(*alias, *op);
            }
        }
        table
    });
    table.get(name).copied()
}

/// `Op` followed by a capital starts an instruction (enumerants such as
/// `OptNoneEXT` do not).
pub fn looks_like_opcode(word: &str) -> bool {
    word.strip_prefix("Op")
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
}

/// An enumerant's value by kind and name or alias.
pub fn enumerant_value(kind: OperandKind, name: &str) -> Option<u32> {
    static ENUMERANTS: OnceLock<Vec<OnceLock<NameTable<u32>>>> = OnceLock::new();
    let table = table_at(&ENUMERANTS, OPERAND_KINDS.len(), kind as usize, || {
        let mut table = NameTable::default();
        for e in kind.info().enumerants {
            table.insert(e.name, e.value);
            for alias in e.aliases {
                table.insert(*alias, e.value);
            }
        }
        table
    });
    table.get(name).copied()
}

/// An extended instruction's number by set and name.
pub fn ext_inst_number(set: InstSet, name: &str) -> Option<u32> {
    static INSTRUCTIONS: OnceLock<Vec<OnceLock<NameTable<u32>>>> = OnceLock::new();
    let table = table_at(&INSTRUCTIONS, INST_SETS.len(), set as usize, || {
        let ops = &OPS[set.info().ops.clone()];
        ops.iter()
            .map(|info| (info.grammar_name, info.opcode))
            .collect()
    });
    table.get(name).copied()
}
