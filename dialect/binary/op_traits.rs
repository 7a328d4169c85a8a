//! Per-opcode facts the module view consults for every instruction,
//! computed once from the grammar tables into one table indexed by core
//! opcode: the op, its result ids, the module section it belongs in, whether
//! it ends a block, and — for the many ops whose operands are fixed ids and
//! one-word literals — which words are ids, so uses are read without walking
//! the grammar.

use super::module::Section;
use crate::grammar::{Category, InstSet, Op, OperandInfo, OperandKind, Quantifier, OP_COUNT};
use std::sync::OnceLock;

/// What may follow an op's fixed operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tail {
    Nothing,
    /// Any number of ids (a variadic id operand).
    Ids,
    /// Any number of id pairs (`OpPhi`'s values and parents).
    IdPairs,
    /// Any number of one-word integer literals.
    Literals,
    /// The rest of a number whose width its type gives (`OpConstant`'s
    /// value), after its first word, the one fixed word after the result
    /// ids.
    Number,
    /// A string ending the instruction.
    String,
    /// Something that needs the grammar walk when present.
    Walk,
}

/// Which short path reads an op's operands, when the words fit it
/// (see [`OpTraits::shape`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// No fixed word is an enum and the tail holds ids, integer literals or
    /// nothing (a tail needing the walk absent): the operands past the
    /// result ids are the words themselves, as ids or integers.
    Words,
    /// Fixed words with enums, then nothing (or a parameter of the last).
    Enums,
    /// Fixed words ending with a number as wide as its type.
    Number,
    /// Fixed words, then a string.
    String,
    /// Only the grammar walk.
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
    /// Only valid at module level: a debug, annotation or other section
    /// before the globals, a type or a constant.
    pub module_only: bool,
    /// An ordinary instruction of a block body: valid there (before any
    /// merge instruction), and it neither ends the block nor is a phi, a
    /// merge, a debug line or an extended instruction.
    pub plain_in_block: bool,
    /// The layout states ([`OpTraits::in_section`], [`OpTraits::IN_BLOCK_BODY`])
    /// in which an instruction of this op changes nothing but the module's
    /// list: its section's at module level (before the functions), and a
    /// block body's (after the phis, before any merge) when
    /// [`Self::plain_in_block`].
    pub continues: u32,
    /// Defines what the decoding of later operands needs and the module
    /// view does not note: a numeric type (the width of literals).
    pub declares_for_decoding: bool,
    /// The leading operands that are each one word (ids and one-word
    /// literals); [`Self::WALK`] when the layout needs the grammar walk.
    pub fixed: u8,
    /// Bit `i` set: fixed operand word `i` is an id (result ids included).
    pub id_mask: u32,
    /// Fixed operand words holding an enum: (word index, kind); the fast
    /// path holds only while their values take no parameters.
    pub enums: [EnumOperand; 2],
    pub enum_count: u8,
    /// [`Shape::Words`]: bit `i` set when operand word `i` past the result
    /// ids is an id, bit 31 standing for every word from it on.
    pub word_ids: u32,
    /// Bit `i` set: fixed operand word `i` is one of [`Self::enums`].
    pub enum_mask: u32,
    pub tail: Tail,
    /// The bits that must be clear in the number of operand words past the
    /// fixed ones for the tail (other than a string) to fit: all of them
    /// where nothing may follow, none for ids, literals and numbers, the
    /// lowest for id pairs (see [`Self::fits_count`]).
    pub tail_count_mask: usize,
    /// Bit `v` set: the value enum ending the fixed words (nothing after
    /// them) takes exactly one parameter, a literal integer, when its
    /// value is `v` (below 128): `OpDecorate %x Location 3`.
    pub literal_parameter: u128,
    /// The short path the module reader tries first.
    pub shape: Shape,
}

/// An enum operand among an op's fixed words, with the values that take no
/// parameters precomputed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnumOperand {
    /// Operand word index.
    pub at: u8,
    pub kind: OperandKind,
    /// A bit enum (else a value enum).
    pub bits: bool,
    /// Value enums: bit `v` set when value `v` (below 128) is known and
    /// takes no parameters. Bit enums: the known bits that take none.
    pub plain: u128,
}

impl EnumOperand {
    fn new(at: u8, kind: OperandKind) -> Self {
        let info = kind.info();
        let plain = info
            .enumerants
            .iter()
            .filter(|e| e.parameters.is_empty())
            .map(|e| match info.category {
                Category::ValueEnum if e.value < 128 => 1u128 << e.value,
                Category::ValueEnum => 0,
                _ => u128::from(e.value),
            })
            .fold(0, |all, bits| all | bits);
        let bits = info.category == Category::BitEnum;
        EnumOperand {
            at,
            kind,
            bits,
            plain,
        }
    }

    /// Whether `value` is known and takes no parameters.
    pub(crate) fn is_plain(&self, value: u32) -> bool {
        if self.bits {
            u128::from(value) & !self.plain == 0
        } else if value < 128 {
            self.plain & (1 << value) != 0
        } else {
            (self.kind.enumerant(value)).is_some_and(|e| e.parameters.is_empty())
        }
    }
}

impl OpTraits {
    /// `fixed` of an op whose operands always need the grammar walk.
    pub const WALK: u8 = u8::MAX;

    /// The [`Self::continues`] bit of a block body, after its phis and
    /// before any merge instruction.
    pub const IN_BLOCK_BODY: u32 = 1 << Section::ALL.len();

    /// The [`Self::continues`] bit of module level in `section`.
    pub const fn in_section(section: Section) -> u32 {
        1 << section as u32
    }

    /// The traits of the core op with `opcode`.
    pub fn core(opcode: u32) -> Option<&'static OpTraits> {
        Self::by_opcode().get(opcode as usize).copied().flatten()
    }

    /// The traits of each core opcode, by opcode (`None` for an opcode no
    /// op has): for a loop to look up without [`OpTraits::core`]'s
    /// once-only initialization check.
    pub fn by_opcode() -> &'static [Option<&'static OpTraits>] {
        static BY_OPCODE: OnceLock<Vec<Option<&'static OpTraits>>> = OnceLock::new();
        BY_OPCODE.get_or_init(|| {
            let opcodes = InstSet::Core.info().by_opcode.len() as u32;
            let of_opcode = |opcode| Op::from_opcode(InstSet::Core, opcode).map(OpTraits::of);
            (0..opcodes).map(of_opcode).collect()
        })
    }

    /// The traits of `op`.
    pub fn of(op: Op) -> &'static OpTraits {
        &Self::all()[op as usize]
    }

    /// The traits of every op, by [`Op`] (see [`OpTraits::by_opcode`]); as
    /// long as there are ops, so that indexing it by an op needs no bounds
    /// check.
    pub fn all() -> &'static [OpTraits; OP_COUNT] {
        static TABLE: OnceLock<Box<[OpTraits; OP_COUNT]>> = OnceLock::new();
        TABLE.get_or_init(|| {
            let table: Box<[OpTraits]> = Op::ALL.iter().map(|&op| compute(op)).collect();
            match table.try_into() {
                Ok(table) => table,
                Err(_) => unreachable!("one entry per op"),
            }
        })
    }
}

/// The unused slots of [`OpTraits::enums`].
const NO_ENUM: EnumOperand = EnumOperand {
    at: 0,
    kind: OperandKind::IdRef,
    bits: false,
    plain: 0,
};

fn compute(op: Op) -> OpTraits {
    let info = op.info();
    let terminator = matches!(
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
    );
    let module_only = Section::of(op).is_some_and(|s| s < Section::Globals)
        || matches!(info.class, "Type-Declaration" | "Constant-Creation");
    let special_in_block = matches!(
        op,
        Op::Phi
            | Op::Line
            | Op::NoLine
            | Op::Nop
            | Op::ExtInst
            | Op::SelectionMerge
            | Op::LoopMerge
            | Op::Label
            | Op::FunctionEnd
            | Op::Function
            | Op::FunctionParameter
    );
    let plain_in_block = !(terminator || module_only || special_in_block);
    let layout = simple_layout(op).unwrap_or(SimpleLayout {
        fixed: OpTraits::WALK,
        id_mask: 0,
        enums: [NO_ENUM; 2],
        enum_count: 0,
        tail: Tail::Walk,
    });
    let results = u8::from(info.has_result_type) + u8::from(info.has_result);
    // (Every word from bit 31 on is of the tail's kind.)
    let one_word_only = layout.fixed != OpTraits::WALK
        && layout.fixed - results < 32
        && layout.enum_count == 0
        && !matches!(layout.tail, Tail::Number | Tail::String);
    let word_ids = match one_word_only {
        true => {
            let tail_ids = match layout.tail {
                Tail::Ids | Tail::IdPairs => u32::MAX << (layout.fixed - results),
                _ => 0,
            };
            layout.id_mask >> results | tail_ids
        }
        false => 0,
    };
    let shape = match layout.tail {
        _ if one_word_only => Shape::Words,
        _ if layout.fixed == OpTraits::WALK => Shape::Walk,
        Tail::Number => Shape::Number,
        Tail::String => Shape::String,
        Tail::Nothing | Tail::Walk => Shape::Enums,
        Tail::Ids | Tail::IdPairs | Tail::Literals => Shape::Walk,
    };
    OpTraits {
        op,
        has_result_type: info.has_result_type,
        has_result: info.has_result,
        section: Section::of(op),
        terminator,
        forward_refs: op == Op::TypeForwardPointer
            || info.grammar_name == "OpExtInstWithForwardRefsKHR",
        module_only,
        plain_in_block,
        continues: (Section::of(op).filter(|&s| s != Section::Functions))
            .map_or(0, OpTraits::in_section)
            | if plain_in_block {
                OpTraits::IN_BLOCK_BODY
            } else {
                0
            },
        declares_for_decoding: matches!(op, Op::TypeInt | Op::TypeFloat),
        fixed: layout.fixed,
        id_mask: layout.id_mask,
        word_ids,
        enums: layout.enums,
        enum_count: layout.enum_count,
        enum_mask: (layout.enums[..usize::from(layout.enum_count)].iter())
            .fold(0, |mask, e| mask | 1 << e.at),
        tail: layout.tail,
        tail_count_mask: match layout.tail {
            Tail::Nothing | Tail::Walk | Tail::String => usize::MAX,
            Tail::Ids | Tail::Literals | Tail::Number => 0,
            Tail::IdPairs => 1,
        },
        literal_parameter: literal_parameter(&layout),
        shape,
    }
}

/// [`OpTraits::literal_parameter`] of an op of `layout`.
fn literal_parameter(layout: &SimpleLayout) -> u128 {
    let enums = &layout.enums[..usize::from(layout.enum_count)];
    let Some(last) = enums.last() else { return 0 };
    let ends_fixed = usize::from(last.at) + 1 == usize::from(layout.fixed);
    if layout.fixed == OpTraits::WALK || layout.tail != Tail::Nothing || !ends_fixed || last.bits {
        return 0;
    }
    let one_literal = |parameters: &[OperandInfo]| match parameters {
        [only] => only.quantifier == Quantifier::One && only.kind == OperandKind::LiteralInteger,
        _ => false,
    };
    (last.kind.info().enumerants.iter())
        .filter(|e| e.value < 128 && one_literal(e.parameters))
        .fold(0, |all, e| all | 1u128 << e.value)
}

struct SimpleLayout {
    fixed: u8,
    id_mask: u32,
    enums: [EnumOperand; 2],
    enum_count: u8,
    tail: Tail,
}

/// Fixed one-word operands (ids, literals, enums), then at most one
/// optional or variadic operand, or a string.
fn simple_layout(op: Op) -> Option<SimpleLayout> {
    let info = op.info();
    let operands = info.operands;
    let results = u8::from(info.has_result_type) + u8::from(info.has_result);
    let mut layout = SimpleLayout {
        fixed: 0,
        id_mask: 0,
        enums: [NO_ENUM; 2],
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
                layout.enums[usize::from(layout.enum_count)] = EnumOperand::new(layout.fixed, kind);
                layout.enum_count += 1;
                layout.fixed += 1;
            }
            // OpConstant's value, right after the result ids: one word, and
            // a second for 64-bit types.
            Quantifier::One
                if kind == OperandKind::LiteralContextDependentNumber
                    && last
                    && layout.fixed == results =>
            {
                layout.fixed += 1;
                layout.tail = Tail::Number;
            }
            Quantifier::One if kind == OperandKind::LiteralString && last => {
                layout.tail = Tail::String;
            }
            Quantifier::One => return None,
            _ if !last => return None,
            Quantifier::Variadic if id => layout.tail = Tail::Ids,
            Quantifier::Variadic if kind == OperandKind::PairIdRefIdRef => {
                layout.tail = Tail::IdPairs
            }
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
        self.fits_operands(&words[start + 1..end])
    }

    /// [`Self::fits`] for an instruction's operand words (all but the
    /// opcode word).
    #[inline(always)]
    pub fn fits_operands(&self, operands: &[u32]) -> bool {
        if self.fixed == Self::WALK {
            return false;
        }
        let fixed = usize::from(self.fixed);
        let shape = match self.tail {
            Tail::String => operands.len() > fixed && string_fills(&operands[fixed..]),
            _ => self.fits_count(operands.len()),
        };
        shape && self.plain_enums(operands)
    }

    /// Whether the enums among the fixed words of `operands` (an
    /// instruction's operand words, as many as the fixed ones at least)
    /// take no parameters.
    #[inline(always)]
    pub fn plain_enums(&self, operands: &[u32]) -> bool {
        (self.enums[..usize::from(self.enum_count)].iter())
            .all(|e| e.is_plain(operands[usize::from(e.at)]))
    }

    /// Whether `count` operand words fit the layout's fixed words and its
    /// tail, one other than a string (whose fit [`Self::fits_operands`]
    /// checks), by [`Self::tail_count_mask`].
    #[inline(always)]
    pub fn fits_count(&self, count: usize) -> bool {
        (count.checked_sub(usize::from(self.fixed)))
            .is_some_and(|extra| extra & self.tail_count_mask == 0)
    }

    /// The parameters of the enum value ending the fixed words of an op
    /// with nothing after them (`OpDecorate %x Location 3`), when the
    /// words after the fixed ones are exactly those parameters, each one
    /// word: a literal integer or a known value of a value enum taking no
    /// parameters itself (`BuiltIn`), and the op's other enums take none.
    /// `None` otherwise (for values without parameters too).
    pub fn enum_parameters(&self, operands: &[u32]) -> Option<&'static [OperandInfo]> {
        let (last, others) = self.enums[..usize::from(self.enum_count)].split_last()?;
        let fixed = usize::from(self.fixed);
        let last_is_final = usize::from(last.at) + 1 == fixed;
        if self.fixed == Self::WALK || self.tail != Tail::Nothing || !last_is_final || last.bits {
            return None;
        }
        let words = operands.get(fixed..)?;
        let value = operands[usize::from(last.at)];
        let parameters = last.kind.enumerant(value)?.parameters;
        let one_word = |(info, &word): (&OperandInfo, &u32)| {
            info.quantifier == Quantifier::One
                && match info.kind {
                    OperandKind::LiteralInteger => true,
                    kind => {
                        let kind = kind.info();
                        kind.category == Category::ValueEnum
                            && kind
                                .enumerant(word)
                                .is_some_and(|e| e.parameters.is_empty())
                    }
                }
        };
        let fits = !parameters.is_empty()
            && parameters.len() == words.len()
            && parameters.iter().zip(words).all(one_word)
            && (others.iter()).all(|e| e.is_plain(operands[usize::from(e.at)]));
        fits.then_some(parameters)
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
