//! Per-opcode facts the module view consults for every instruction,
//! computed once from the grammar tables into one table indexed by core
//! opcode: the op, its result ids, the module section it belongs in, whether
//! it ends a block, and — for the many ops whose operands are fixed ids and
//! one-word literals — which words are ids, so uses are read without walking
//! the grammar.

use super::module::Section;
use crate::grammar::{Category, InstSet, Op, OperandKind, Quantifier};
use std::sync::OnceLock;

/// What may follow an op's fixed operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tail {
    Nothing,
    /// Any number of ids (a variadic id operand).
    Ids,
    /// Any number of one-word literals.
    Literals,
    /// A string ending the instruction.
    String,
    /// Something that needs the grammar walk when present.
    Walk,
}

/// What the view needs to know about one op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpTraits {
    pub op: Op,
    pub has_result_type: bool,
    pub has_result: bool,
    /// The module-level section; `None` for ops only valid in functions (and `OpNop`).
    pub section: Option<Section>,
    pub terminator: bool,
    /// May name ids defined later in the globals section.
    pub forward_refs: bool,
    /// The leading operands that are each one word (ids and one-word
    /// literals); [`Self::WALK`] when the layout needs the grammar walk.
    pub fixed: u8,
    /// Bit `i` set: fixed operand word `i` is an id (result ids included).
    pub id_mask: u32,
    /// Fixed operand words holding an enum: (word index, kind); the fast
    /// path holds only while their values take no parameters.
    pub enums: [(u8, OperandKind); 2],
    pub enum_count: u8,
    pub tail: Tail,
}

impl OpTraits {
    /// `fixed` of an op whose operands always need the grammar walk.
    pub const WALK: u8 = u8::MAX;

    /// The traits of the core op with `opcode`.
    pub fn core(opcode: u32) -> Option<&'static OpTraits> {
        Op::from_opcode(InstSet::Core, opcode).map(OpTraits::of)
    }

    /// The traits of `op`.
    pub fn of(op: Op) -> &'static OpTraits {
        static TABLE: OnceLock<Vec<OpTraits>> = OnceLock::new();
        let table = TABLE.get_or_init(|| Op::ALL.iter().map(|&op| compute(op)).collect());
        &table[op as usize]
    }
}

fn compute(op: Op) -> OpTraits {
    let info = op.info();
    let layout = simple_layout(op).unwrap_or(SimpleLayout {
        fixed: OpTraits::WALK,
        id_mask: 0,
        enums: [(0, OperandKind::IdRef); 2],
        enum_count: 0,
        tail: Tail::Walk,
    });
    OpTraits {
        op,
        has_result_type: info.has_result_type,
        has_result: info.has_result,
        section: Section::of(op),
        terminator: matches!(
            op,
            Op::Branch
                | Op::BranchConditional
                | Op::Switch
                | Op::Return
                | Op::ReturnValue
                | Op::Kill
                | Op::Unreachable
                | Op::TerminateInvocation
                | Op::IgnoreIntersectionKHR
                | Op::TerminateRayKHR
                | Op::EmitMeshTasksEXT
        ),
        forward_refs: op == Op::TypeForwardPointer
            || info.grammar_name == "OpExtInstWithForwardRefsKHR",
        fixed: layout.fixed,
        id_mask: layout.id_mask,
        enums: layout.enums,
        enum_count: layout.enum_count,
        tail: layout.tail,
    }
}

struct SimpleLayout {
    fixed: u8,
    id_mask: u32,
    enums: [(u8, OperandKind); 2],
    enum_count: u8,
    tail: Tail,
}

/// Fixed one-word operands (ids, literals, enums), then at most one
/// optional or variadic operand, or a string.
fn simple_layout(op: Op) -> Option<SimpleLayout> {
    let operands = op.info().operands;
    let mut layout = SimpleLayout {
        fixed: 0,
        id_mask: 0,
        enums: [(0, OperandKind::IdRef); 2],
        enum_count: 0,
        tail: Tail::Nothing,
    };
    for (i, info) in operands.iter().enumerate() {
        let kind = info.kind;
        let id = matches!(
            kind,
            OperandKind::IdResultType
                | OperandKind::IdResult
                | OperandKind::IdRef
                | OperandKind::IdScope
                | OperandKind::IdMemorySemantics
        );
        let literal = matches!(kind, OperandKind::LiteralInteger) && op != Op::Switch;
        let category = kind.info().category;
        let is_enum = matches!(category, Category::ValueEnum | Category::BitEnum);
        let last = i + 1 == operands.len();
        match info.quantifier {
            _ if layout.fixed >= 32 => return None,
            Quantifier::One if id || literal => {
                layout.id_mask |= u32::from(id) << layout.fixed;
                layout.fixed += 1;
            }
            Quantifier::One if is_enum && layout.enum_count < 2 => {
                layout.enums[usize::from(layout.enum_count)] = (layout.fixed, kind);
                layout.enum_count += 1;
                layout.fixed += 1;
            }
            // OpConstant's value: one word, and a second for 64-bit types.
            Quantifier::One if kind == OperandKind::LiteralContextDependentNumber && last => {
                layout.fixed += 1;
                layout.tail = Tail::Literals;
            }
            Quantifier::One if kind == OperandKind::LiteralString && last => {
                layout.tail = Tail::String;
            }
            Quantifier::One => return None,
            _ if !last => return None,
            Quantifier::Variadic if id => layout.tail = Tail::Ids,
            Quantifier::Variadic if literal => layout.tail = Tail::Literals,
            _ => layout.tail = Tail::Walk,
        }
    }
    Some(layout)
}

impl OpTraits {
    /// Whether the instruction at `words[start..end]` can skip the grammar
    /// walk: its word count fits the fixed layout and its enums take no
    /// parameters (unknown values are left to the walk to report).
    pub fn fits(&self, words: &[u32], start: usize, end: usize) -> bool {
        if self.fixed == Self::WALK {
            return false;
        }
        let count = end - start - 1;
        let fixed = usize::from(self.fixed);
        let shape = match self.tail {
            Tail::Nothing | Tail::Walk => count == fixed,
            Tail::Ids | Tail::Literals => count >= fixed,
            Tail::String => count > fixed && string_fills(&words[start + 1 + fixed..end]),
        };
        shape
            && self.enums[..usize::from(self.enum_count)]
                .iter()
                .all(|&(at, kind)| plain_enum(kind, words[start + 1 + usize::from(at)]))
    }
}

/// Whether `words` hold exactly one NUL-terminated string.
fn string_fills(words: &[u32]) -> bool {
    let has_nul = |w: &u32| w.to_le_bytes().contains(&0);
    match words.split_last() {
        Some((last, rest)) => has_nul(last) && !rest.iter().any(has_nul),
        None => false,
    }
}

/// Whether `value` is a known value (or set of bits) of `kind` taking no parameters.
fn plain_enum(kind: OperandKind, value: u32) -> bool {
    let info = kind.info();
    match info.category {
        Category::ValueEnum => info
            .enumerant(value)
            .is_some_and(|e| e.parameters.is_empty()),
        _ => {
            let mut rest = value;
            for e in info.enumerants.iter().filter(|e| e.value & value != 0) {
                if !e.parameters.is_empty() || e.value & !value != 0 {
                    return false;
                }
                rest &= !e.value;
            }
            rest == 0
        }
    }
}
