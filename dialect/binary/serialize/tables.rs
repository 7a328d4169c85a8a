//! The writer's look-up tables: what an op name stands for (its role in
//! the binary, its grammar op, what the writing walk does with it), each
//! grammar op's operand plan, ids kept by the index of the handle they
//! belong to, and ids of module-level declarations by their words.

use super::regions::{LOOP, MERGE, SELECTION, VARIABLE};
use super::Writer;
use crate::grammar::{InstSet, Op, OperandInfo, Quantifier, OP_COUNT};
use crate::ir::hash::FastHasher;
use crate::ir::{Attr, Block, Ident, OpTraits, Type, Value};
use crate::spirv::conventions::{self, Carrier, Form};
use std::hash::Hasher;
use std::marker::PhantomData;
use std::ops::Index;
use std::sync::OnceLock;

/// What an op stands for in the binary, told by its name.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) enum Role {
    GlobalVariable,
    SpecConstant,
    SpecConstantComposite,
    /// `spirv.mlir.spec_constant_op`, a named `OpSpecConstantOp`.
    NamedSpecOperation,
    Func,
    EntryPoint,
    ExecutionMode,
    ExecutionModeId,
    /// `spirv.Constant`, standing for a module-level constant.
    Constant,
    /// `spirv.mlir.addressof`, standing for a global variable.
    AddressOf,
    /// `spirv.mlir.referenceof`, standing for a spec constant.
    ReferenceOf,
    /// `spirv.Undef`, standing for a module-level `OpUndef`.
    Undef,
    /// An op of a constant instruction other than `spirv.Constant`
    /// (`spirv.ConstantNull`, `spirv.ConstantSampler`,
    /// `spirv.ConstantComposite`, ...): a module-level constant no
    /// attribute holds, its instruction's operands as properties or, for a
    /// composite, its constituents as operands.
    ConstantInstruction,
    /// `spirv.SpecConstantOperation`, standing for an `OpSpecConstantOp`.
    SpecConstantOperation,
    Selection,
    Loop,
    /// `spirv.mlir.merge`, which writes nothing.
    Merge,
    /// `spirv.Variable`, written at the top of the entry block.
    Variable,
    Branch,
    BranchConditional,
    Switch,
    /// Any other op: the instruction its name gives.
    #[default]
    Instruction,
}

impl Role {
    /// Ops that stand for a module-level id and emit nothing in the function.
    pub(super) fn is_materialized(self) -> bool {
        matches!(
            self,
            Role::Constant
                | Role::AddressOf
                | Role::ReferenceOf
                | Role::Undef
                | Role::ConstantInstruction
                | Role::SpecConstantOperation
        )
    }

    pub(super) fn is_construct(self) -> bool {
        matches!(self, Role::Selection | Role::Loop)
    }
}

/// The role of the op named `text`.
fn role_of(text: &str) -> Role {
    match text {
        "spirv.GlobalVariable" => Role::GlobalVariable,
        "spirv.SpecConstant" => Role::SpecConstant,
        "spirv.SpecConstantComposite" => Role::SpecConstantComposite,
        "spirv.mlir.spec_constant_op" => Role::NamedSpecOperation,
        "spirv.func" => Role::Func,
        "spirv.EntryPoint" => Role::EntryPoint,
        "spirv.ExecutionMode" => Role::ExecutionMode,
        "spirv.ExecutionModeId" => Role::ExecutionModeId,
        "spirv.Constant" => Role::Constant,
        "spirv.mlir.addressof" => Role::AddressOf,
        "spirv.mlir.referenceof" => Role::ReferenceOf,
        "spirv.Undef" => Role::Undef,
        "spirv.SpecConstantOperation" => Role::SpecConstantOperation,
        SELECTION => Role::Selection,
        LOOP => Role::Loop,
        MERGE => Role::Merge,
        // A function's untyped variable (SPV_KHR_untyped_pointers) opens
        // the entry block as its typed variables do.
        VARIABLE | "spirv.KHR.UntypedVariable" => Role::Variable,
        "spirv.Branch" => Role::Branch,
        "spirv.BranchConditional" => Role::BranchConditional,
        "spirv.Switch" => Role::Switch,
        _ => Role::Instruction,
    }
}

/// What the writer needs to know of an op name, worked out once per name.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct OpClass {
    pub(super) role: Role,
    /// The plan of the grammar op the name spells.
    pub(super) plan: Option<&'static Plan>,
    /// What the writing walk does with the op.
    pub(super) step: Step,
}

impl OpClass {
    /// Whether `op` (of this class) is an instruction of a non-semantic
    /// or debug-information set, which the deserializer places at a
    /// block's start apart from the construct it may precede.
    pub(super) fn is_debug_inst(self, ctx: &crate::ir::Context, op: crate::ir::Op) -> bool {
        use crate::spirv::non_semantic::{is_debug_set, set_name};
        (self.plan).is_some_and(|plan| is_debug_set(set_name(ctx, op, plan.op)))
    }
}

/// What the writing walk over a block's ops does with an op, told by its
/// role and whether it ends a block.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) enum Step {
    /// Writes the instruction its name gives (most ops).
    #[default]
    Write,
    /// Ends the block: writes the merge instruction of the construct the
    /// block heads, then the instruction its name gives.
    End,
    /// Ends the block writing only that merge instruction
    /// (`spirv.mlir.merge`).
    EndUnwritten,
    /// Writes its construct: header, blocks and continuation.
    Construct,
    /// Writes nothing where it stands: a variable (written at the top of
    /// the entry block), or an op standing for a module-level id.
    Skip,
}

impl Step {
    /// The step for an op of `role`, ending its block where `terminator`.
    fn of(role: Role, terminator: bool) -> Step {
        let written = !matches!(role, Role::Merge | Role::Variable);
        match (terminator, written) {
            _ if role.is_construct() => Step::Construct,
            _ if role.is_materialized() => Step::Skip,
            (false, true) => Step::Write,
            (true, true) => Step::End,
            (true, false) => Step::EndUnwritten,
            (false, false) => Step::Skip,
        }
    }
}

/// A grammar op, its set, its operands after its result type and
/// result, each with its carrier, and how many values it takes where
/// they are all its operands ([`conventions::value_operand_counts`]).
#[derive(Debug)]
pub(super) struct Plan {
    pub(super) op: Op,
    pub(super) set: InstSet,
    /// Each operand with its carrier, and the name of the property
    /// holding it as the dialects' template context interns it (`None`
    /// where the template holds no such name, or there is no template).
    pub(super) steps: Box<[(&'static OperandInfo, Carrier, Option<Ident>)]>,
    pub(super) value_counts: Option<conventions::ValueCounts>,
    /// Where the operands are values taken once each, then one variadic
    /// literal from a property named unlike them
    /// (`OpCompositeExtract`'s indices): how many values.
    pub(super) literal_tail: Option<usize>,
}

/// The plan of `op`, worked out on first use.
pub(super) fn plan(op: Op) -> &'static Plan {
    static PLANS: OnceLock<Box<[OnceLock<Plan>]>> = OnceLock::new();
    let plans = PLANS.get_or_init(|| (0..OP_COUNT).map(|_| OnceLock::new()).collect());
    plans[op as usize].get_or_init(|| {
        let template = crate::dialects::template();
        let name = |info, carrier| template?.lookup_ident(property_name(info, carrier));
        let steps: Box<[_]> = (conventions::operand_table(op).iter())
            .map(|&(info, carrier)| (info, carrier, name(info, carrier)))
            .collect();
        Plan {
            op,
            set: op.inst_set(),
            literal_tail: literal_tail(&steps),
            steps,
            value_counts: conventions::value_operand_counts(op),
        }
    })
}

/// [`Plan::literal_tail`] of the plan with `steps`.
fn literal_tail(steps: &[(&'static OperandInfo, Carrier, Option<Ident>)]) -> Option<usize> {
    let ((tail, tail_carrier, _), values) = steps.split_last()?;
    let tail_name = property_name(tail, *tail_carrier);
    let literal = matches!(tail_carrier.form, Form::Literal | Form::LiteralArray)
        && tail.quantifier == Quantifier::Variadic;
    let plain_values = values.iter().all(|&(info, carrier, _)| {
        carrier.form == Form::Value
            && info.quantifier == Quantifier::One
            && property_name(info, carrier) != tail_name
    });
    (literal && plain_values).then_some(values.len())
}

/// The property holding an operand: its carrier's, or for a value the
/// operand's own name (which may hold a type or symbol instead).
pub(super) fn property_name(info: &OperandInfo, carrier: Carrier) -> &'static str {
    match carrier.form {
        Form::Value => info.name,
        _ => carrier.name,
    }
}

/// What an [`HandleTable`] is keyed by.
pub(super) trait Slot: Copy {
    fn slot(self) -> usize;
}

/// Handles are keyed by their index.
macro_rules! slot_by_index {
    ($($handle:ty),*) => {
        $(impl Slot for $handle {
            fn slot(self) -> usize {
                self.index()
            }
        })*
    };
}

slot_by_index!(Value, Type, Ident, Block, Attr, crate::ir::Op);

/// Ids are keyed by themselves.
impl Slot for u32 {
    fn slot(self) -> usize {
        self as usize
    }
}

/// Ids (or other facts) by the index of what they name. Each entry
/// carries the stamp of the table's use that wrote it (a function, for
/// values and labels; a module, for the rest), so the next use starts
/// empty without clearing.
pub(super) struct HandleTable<K, V = u32> {
    entries: Vec<(u32, V)>,
    stamp: u32,
    key: PhantomData<K>,
}

impl<K: Slot, V: Copy + Default> Default for HandleTable<K, V> {
    fn default() -> Self {
        HandleTable {
            entries: Vec::new(),
            stamp: 1,
            key: PhantomData,
        }
    }
}

impl<K: Slot, V: Copy + Default> HandleTable<K, V> {
    pub(super) fn get(&self, key: &K) -> Option<&V> {
        match self.entries.get(key.slot()) {
            Some((stamp, id)) if *stamp == self.stamp => Some(id),
            _ => None,
        }
    }

    #[inline]
    pub(super) fn insert(&mut self, key: K, id: V) {
        let slot = key.slot();
        match self.entries.get_mut(slot) {
            Some(entry) => *entry = (self.stamp, id),
            None => self.grow(slot, id),
        }
    }

    /// [`Self::insert`] past the end of the entries.
    #[cold]
    fn grow(&mut self, slot: usize, id: V) {
        self.entries.resize(slot, (0, V::default()));
        self.entries.push((self.stamp, id));
    }

    /// Forgets every entry. After 2^32 - 1 uses the stamps start again
    /// at 1, the entries dropped: none written before may read as current.
    pub(super) fn clear(&mut self) {
        if next_stamp(&mut self.stamp) {
            self.entries.clear();
        }
    }
}

/// Moves `stamp` on to the next use's; `true` where the stamps were spent
/// and it starts again at 1, so that the caller drops what it holds.
#[inline]
fn next_stamp(stamp: &mut u32) -> bool {
    *stamp = stamp.wrapping_add(1);
    let spent = *stamp == 0;
    if spent {
        *stamp = 1;
    }
    spent
}

impl<K: Slot, V: Copy + Default> Index<&K> for HandleTable<K, V> {
    type Output = V;
    fn index(&self, key: &K) -> &V {
        match self.get(key) {
            Some(id) => id,
            None => unreachable!("ids are assigned before they are used"),
        }
    }
}

/// Ids by the words declaring them (an instruction's first word, result
/// type and operands): the keys are the declaring instructions themselves,
/// where they stand in the globals section. An open-addressing table
/// probed slot by slot, kept at most half full; each slot carries the
/// stamp of the module that wrote it, so the next module starts empty
/// without clearing. A module declares a few dozen globals, each for the
/// first time nearly always: one hash of its words and a probe or two.
pub(super) struct Declarations {
    slots: Vec<Declaration>,
    /// The slots the current module holds.
    len: usize,
    stamp: u32,
}

/// The stamp of the module that wrote it, the hash of its words less the
/// result id (the high half), where in the globals its instruction
/// starts, and its id.
#[derive(Clone, Copy, Default)]
struct Declaration {
    stamp: u32,
    hash: u32,
    start: u32,
    id: u32,
}

/// The slots a table starts with.
const FIRST_SLOTS: usize = 64;

impl Default for Declarations {
    fn default() -> Self {
        Declarations {
            slots: Vec::new(),
            len: 0,
            stamp: 1,
        }
    }
}

impl Declarations {
    /// The id declared by the instruction starting with `first_word`, of
    /// `result_type` (if any) and `operands`; where none is, `None`, that
    /// instruction declaring `id` now appended to `globals`.
    #[inline(always)]
    pub(super) fn find_or_declare(
        &mut self,
        globals: &mut Vec<u32>,
        first_word: u32,
        result_type: Option<u32>,
        operands: &[u32],
        id: u32,
    ) -> Option<u32> {
        // Word by word: no byte buffer to fill for a length not a multiple
        // of eight bytes.
        let mut hasher = FastHasher::default();
        hasher.write_u32(first_word);
        result_type.iter().for_each(|&word| hasher.write_u32(word));
        operands.iter().for_each(|&word| hasher.write_u32(word));
        let hash = (hasher.finish() >> 32) as u32;
        let typed = result_type.as_slice();
        // Room for one more, so that a probe always ends at a free slot.
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut index = hash as usize & mask;
        loop {
            let slot = self.slots[index];
            if slot.stamp != self.stamp {
                break;
            }
            // The first word holds the opcode and the count: an
            // instruction it matches has the same layout.
            let words = &globals[slot.start as usize..];
            if slot.hash == hash
                && words[0] == first_word
                && words[1..=typed.len()] == *typed
                && words[2 + typed.len()..][..operands.len()] == *operands
            {
                return Some(slot.id);
            }
            index = (index + 1) & mask;
        }
        self.slots[index] = Declaration {
            stamp: self.stamp,
            hash,
            start: globals.len() as u32,
            id,
        };
        self.len += 1;
        push_instruction(globals, first_word, result_type, id, operands);
        None
    }

    /// Doubles the slots (or makes the first), placing the current
    /// module's anew.
    #[cold]
    fn grow(&mut self) {
        let doubled = vec![Declaration::default(); (2 * self.slots.len()).max(FIRST_SLOTS)];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|s| s.stamp == self.stamp) {
            let mut index = slot.hash as usize & mask;
            while self.slots[index].stamp == self.stamp {
                index = (index + 1) & mask;
            }
            self.slots[index] = slot;
        }
    }

    /// Forgets every declaration. After 2^32 - 1 modules the stamps
    /// start again at 1, the slots dropped: none written before may read
    /// as the current module's.
    pub(super) fn clear(&mut self) {
        self.len = 0;
        if next_stamp(&mut self.stamp) {
            self.slots.clear();
        }
    }
}

/// Appends to `buf` the instruction starting with `first_word` that
/// declares `id` (of `result_type`, if any) with `operands`: a short one
/// (nearly every type and constant) as one array, room made once.
#[inline(always)]
pub(super) fn push_instruction(
    buf: &mut Vec<u32>,
    first_word: u32,
    result_type: Option<u32>,
    id: u32,
    operands: &[u32],
) {
    match (result_type, operands) {
        (None, []) => buf.extend_from_slice(&[first_word, id]),
        (None, &[a]) => buf.extend_from_slice(&[first_word, id, a]),
        (None, &[a, b]) => buf.extend_from_slice(&[first_word, id, a, b]),
        (None, &[a, b, c]) => buf.extend_from_slice(&[first_word, id, a, b, c]),
        (Some(ty), &[a]) => buf.extend_from_slice(&[first_word, ty, id, a]),
        (Some(ty), &[a, b]) => buf.extend_from_slice(&[first_word, ty, id, a, b]),
        (Some(ty), &[a, b, c]) => buf.extend_from_slice(&[first_word, ty, id, a, b, c]),
        _ => {
            buf.reserve(3 + operands.len());
            buf.push(first_word);
            buf.extend(result_type);
            buf.push(id);
            buf.extend_from_slice(operands);
        }
    }
}

impl Writer<'_> {
    /// What the name of `op` stands for.
    #[inline]
    pub(super) fn class(&mut self, op: crate::ir::Op) -> OpClass {
        self.class_named(self.ctx.op_name(op))
    }

    /// What op name `name` stands for.
    #[inline]
    pub(super) fn class_named(&mut self, name: Ident) -> OpClass {
        match self.classes.get(&name) {
            Some(class) => *class,
            None => self.classify(name),
        }
    }

    /// What op name `name` stands for, remembered for the module (and the
    /// next ones, where [`Writer::shares_template`] says).
    #[cold]
    fn classify(&mut self, name: Ident) -> OpClass {
        let text = self.ctx.str(name);
        let (role, plan) = match self.pool.names.get(name.index()) {
            Some(Some(known)) if *known.0 == *text => (known.1, known.2),
            _ => {
                let plan = Op::from_name(text).map(plan);
                let role = match (role_of(text), plan) {
                    (Role::Instruction, Some(p)) if p.op.info().class == "Constant-Creation" => {
                        Role::ConstantInstruction
                    }
                    (role, _) => role,
                };
                let named = (role, plan);
                if self.pool.names.len() <= name.index() {
                    self.pool.names.resize_with(name.index() + 1, || None);
                }
                self.pool.names[name.index()] = Some((text.into(), named.0, named.1));
                named
            }
        };
        let terminator =
            (self.ctx.op_info(name)).is_some_and(|i| i.traits.contains(OpTraits::TERMINATOR));
        let class = OpClass {
            role,
            plan,
            step: Step::of(role, terminator),
        };
        // Kept for the next modules too: a name of the template only.
        if !self.shares_template || self.ctx.is_shared(name) {
            self.classes.insert(name, class);
        }
        class
    }
}

#[cfg(test)]
mod tests {
    use super::{Declarations, HandleTable};

    /// Entries the table grew past (stamp 0) and entries of earlier uses
    /// stay forgotten when the stamp wraps around.
    #[test]
    fn handle_table_stamps_wrap_around_empty() {
        let mut table = HandleTable::<u32> {
            stamp: u32::MAX - 1,
            ..HandleTable::default()
        };
        table.insert(4, 40);
        table.clear();
        table.insert(6, 60);
        assert_eq!(table.get(&4), None);
        table.clear();
        assert_eq!(table.stamp, 1);
        for key in 0..8 {
            assert_eq!(table.get(&key), None, "key {key} after the wrap");
        }
        table.insert(2, 20);
        assert_eq!(table.get(&2), Some(&20));
        assert_eq!(table.get(&0), None);
    }

    /// Slots never written (stamp 0) and those of earlier modules stay
    /// free when the stamp wraps around.
    #[test]
    fn declaration_stamps_wrap_around_empty() {
        let mut declared = Declarations {
            stamp: u32::MAX,
            ..Declarations::default()
        };
        let mut globals = Vec::new();
        let first_word = (3 << 16) | 21;
        assert_eq!(
            declared.find_or_declare(&mut globals, first_word, None, &[32, 0], 1),
            None
        );
        declared.clear();
        globals.clear();
        let current = declared.slots.iter().filter(|s| s.stamp == declared.stamp);
        assert_eq!(
            current.count(),
            0,
            "a slot reads as declared after the wrap"
        );
        assert_eq!(
            declared.find_or_declare(&mut globals, first_word, None, &[32, 0], 2),
            None
        );
        assert_eq!(globals, [first_word, 2, 32, 0]);
        assert_eq!(
            declared.find_or_declare(&mut globals, first_word, None, &[32, 0], 3),
            Some(2)
        );
    }
}
