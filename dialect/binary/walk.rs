//! Reading instructions: given an op, the [`OperandWalker`] asks an
//! [`OperandSource`] (binary words or assembly tokens) for each operand in
//! the order the shared grammar walk ([`super::grammar_walk`]) gives, and
//! builds [`Operand`]s; literals whose width depends on a type get it from
//! the [`ModuleContext`] built from the instructions read so far.

use super::decoded::{OwnedTexts, TextSink};
use super::grammar_walk::{walk_operands, OperandReader};
use super::id_table::IdTable;
use super::{Instruction, NumberType, Operand};
use crate::grammar::{InstSet, Op, OperandKind};
use smallvec::SmallVec;
use std::cell::Cell;

/// Where operands come from; each method reads one operand of the kind named.
pub trait OperandSource {
    type Error;
    /// What a literal string operand holds (see [`Operand`]).
    type Text;
    /// True when the current instruction has no operands left.
    fn at_end(&mut self) -> bool;
    /// An id of `kind` (`IdResultType`, `IdResult`, `IdRef`, ...).
    fn id(&mut self, kind: OperandKind) -> Result<u32, Self::Error>;
    /// A one-word unsigned literal.
    fn integer(&mut self) -> Result<u32, Self::Error>;
    /// A literal encoded as `ty` says, low word first.
    fn number(&mut self, ty: NumberType) -> Result<u64, Self::Error>;
    fn string(&mut self) -> Result<Self::Text, Self::Error>;
    /// The value (or the bits) of an enum operand of `kind`.
    fn enumerant(&mut self, kind: OperandKind) -> Result<u32, Self::Error>;
    /// An extended instruction number; `set` is `None` for a set the grammar lacks.
    fn ext_inst(&mut self, set: Option<InstSet>) -> Result<u32, Self::Error>;
    /// The opcode of `OpSpecConstantOp`.
    fn spec_op(&mut self) -> Result<u32, Self::Error>;
    /// An error about the operand read last.
    fn error(&self, message: String) -> Self::Error;
}

/// What operand reading needs to know about earlier instructions: numeric
/// types, the type of each value, and the imported instruction sets.
#[derive(Debug, Default)]
pub struct ModuleContext {
    number_types: IdTable<NumberType>,
    value_types: IdTable<u32>,
    /// The imported sets by id (a module imports few), `None` for a set
    /// the grammar lacks.
    ext_sets: ExtSets,
}

thread_local! {
    /// The numeric-type table of the last context dropped on this thread,
    /// whose memory the next indexing context reuses.
    static KEPT_NUMBER_TYPES: Cell<IdTable<NumberType>> = Cell::default();
}

impl Drop for ModuleContext {
    /// Keeps the numeric types' memory for the next indexing context on
    /// this thread (unless too large to keep).
    fn drop(&mut self) {
        let number_types = std::mem::take(&mut self.number_types);
        let bytes = number_types.room() * std::mem::size_of::<Option<NumberType>>();
        if crate::ir::worth_keeping(bytes) {
            KEPT_NUMBER_TYPES.set(number_types);
        }
    }
}

/// Imported instruction sets: (id, the set, `None` for one the grammar
/// lacks), most modules' few without an allocation.
pub(crate) type ExtSets = SmallVec<[(u32, Option<InstSet>); 2]>;

impl ModuleContext {
    /// An empty context for a module whose ids are below `bound`.
    pub fn with_bound(bound: u32) -> Self {
        ModuleContext {
            number_types: IdTable::default(),
            value_types: IdTable::with_bound(bound),
            ext_sets: ExtSets::new(),
        }
    }

    /// An empty context for a module reader that tracks the types of
    /// values itself and knows the module's imported sets, `ext_sets`,
    /// already; its numeric types reuse the memory the last context on
    /// this thread left (see [`KEPT_NUMBER_TYPES`]).
    pub(crate) fn for_indexing(ext_sets: ExtSets) -> Self {
        let mut number_types = KEPT_NUMBER_TYPES.take();
        number_types.clear();
        ModuleContext {
            number_types,
            value_types: IdTable::default(),
            ext_sets,
        }
    }

    /// Notes what `inst` defines.
    pub fn record(&mut self, inst: &Instruction) {
        self.record_parts(inst.op, inst.result_type, inst.result, &inst.operands);
    }

    /// Notes what an instruction of `op` with these result ids and operands
    /// defines.
    #[inline]
    pub fn record_parts(
        &mut self,
        op: Op,
        result_type: Option<u32>,
        result: Option<u32>,
        operands: &[Operand],
    ) {
        self.record_read(op, (result_type, result), operands, &OwnedTexts);
    }

    /// [`Self::record_parts`] of operands whose strings are in `texts`.
    #[inline]
    pub(crate) fn record_read<S: TextSink>(
        &mut self,
        op: Op,
        (result_type, result): ResultIds,
        operands: &[Operand<S::Text>],
        texts: &S,
    ) {
        let Some(result) = result else { return };
        if let Some(ty) = result_type {
            self.value_types.insert(result, ty);
        }
        self.record_declaration(op, result, operands, texts);
    }

    /// Notes the numeric type or instruction set an instruction of `op`
    /// with these operands (their strings in `texts`) declares as `result`,
    /// if it declares one; the types of values are left to
    /// [`Self::note_value_type`].
    #[inline]
    pub(crate) fn record_declaration<S: TextSink>(
        &mut self,
        op: Op,
        result: u32,
        operands: &[Operand<S::Text>],
        texts: &S,
    ) {
        if matches!(op, Op::TypeInt | Op::TypeFloat | Op::ExtInstImport) {
            self.record_type_or_set(op, result, operands, texts);
        }
    }

    /// Notes that the value `id` is of type `ty`.
    pub(crate) fn note_value_type(&mut self, id: u32, ty: u32) {
        self.value_types.insert(id, ty);
    }

    /// Notes the numeric type or instruction set `result` names.
    fn record_type_or_set<S: TextSink>(
        &mut self,
        op: Op,
        result: u32,
        operands: &[Operand<S::Text>],
        texts: &S,
    ) {
        let width = match operands.first() {
            Some(Operand::Integer(width)) if (1..=64).contains(width) => *width,
            _ => 0,
        };
        match (op, operands.get(1)) {
            (Op::TypeInt, Some(Operand::Integer(signed))) if width > 0 => {
                let ty = NumberType::Int {
                    width,
                    signed: *signed != 0,
                };
                self.number_types.insert(result, ty);
            }
            (Op::TypeFloat, _) if width > 0 => {
                self.number_types
                    .insert(result, NumberType::Float { width });
            }
            (Op::ExtInstImport, _) => {
                if let Some(Operand::String(name)) = operands.first() {
                    let set = InstSet::naming_instructions_of(texts.text(name));
                    self.ext_sets.push((result, set));
                }
            }
            _ => {}
        }
    }

    /// The numeric type `type_id` names, if it is `OpTypeInt` or `OpTypeFloat`.
    pub fn number_type(&self, type_id: u32) -> Option<NumberType> {
        self.number_types.get(type_id)
    }

    /// The numeric type of the value `id`.
    pub fn value_number_type(&self, id: u32) -> Option<NumberType> {
        self.number_type(self.value_types.get(id)?)
    }

    /// The set imported as `id` (by its last import): `None` if `id` is no
    /// import, `Some(None)` for a set the grammar lacks.
    pub fn ext_set(&self, id: u32) -> Option<Option<InstSet>> {
        self.ext_sets.iter().rev().find(|e| e.0 == id).map(|e| e.1)
    }
}

/// Reads one instruction's operands from a source, in grammar order.
pub struct OperandWalker<'a, S: OperandSource> {
    source: &'a mut S,
    context: &'a ModuleContext,
    op: Op,
    result_type: Option<u32>,
    result: Option<u32>,
    /// Where the operands go; this instruction's start at `start`.
    operands: &'a mut Vec<Operand<S::Text>>,
    start: usize,
}

/// The result type and result ids of an instruction read by
/// [`OperandWalker::read_into`].
pub type ResultIds = (Option<u32>, Option<u32>);

impl<'a, S: OperandSource<Text = String>> OperandWalker<'a, S> {
    /// Reads every operand of `op` from `source`.
    pub fn read(
        source: &'a mut S,
        context: &'a ModuleContext,
        op: Op,
    ) -> Result<Instruction, S::Error> {
        let mut operands = Vec::with_capacity(op.info().operands.len());
        let (result_type, result) = OperandWalker::read_into(source, context, op, &mut operands)?;
        Ok(Instruction {
            op,
            result_type,
            result,
            operands,
        })
    }
}

impl<'a, S: OperandSource> OperandWalker<'a, S> {
    /// Reads every operand of `op` from `source`, appending all but the
    /// result type and result to `operands`; returns those two.
    pub fn read_into(
        source: &'a mut S,
        context: &'a ModuleContext,
        op: Op,
        operands: &'a mut Vec<Operand<S::Text>>,
    ) -> Result<ResultIds, S::Error> {
        let start = operands.len();
        let mut walker = OperandWalker {
            source,
            context,
            op,
            result_type: None,
            result: None,
            operands,
            start,
        };
        walk_operands(&mut walker, op.info().operands, false)?;
        Ok((walker.result_type, walker.result))
    }

    /// The operands read so far.
    fn read_so_far(&self) -> &[Operand<S::Text>] {
        &self.operands[self.start..]
    }

    fn push(&mut self, operand: Operand<S::Text>) {
        self.operands.push(operand);
    }

    fn number(&mut self, ty: NumberType) -> Result<(), S::Error> {
        let bits = self.source.number(ty)?;
        self.push(Operand::Number { bits, ty });
        Ok(())
    }
}

impl<S: OperandSource> OperandReader for OperandWalker<'_, S> {
    type Error = S::Error;

    fn at_end(&mut self) -> bool {
        self.source.at_end()
    }

    fn leaf(&mut self, kind: OperandKind) -> Result<(), S::Error> {
        use OperandKind as K;
        match kind {
            K::IdResultType => self.result_type = Some(self.source.id(kind)?),
            K::IdResult => self.result = Some(self.source.id(kind)?),
            K::IdRef | K::IdScope | K::IdMemorySemantics => {
                let id = self.source.id(kind)?;
                self.push(Operand::Id(id));
            }
            // OpSwitch case labels take the selector's type.
            K::LiteralInteger if self.op == Op::Switch => {
                let selector = match self.read_so_far().first() {
                    Some(Operand::Id(id)) => *id,
                    _ => 0,
                };
                let ty = self.context.value_number_type(selector);
                let ty = ty.filter(|ty| matches!(ty, NumberType::Int { .. }));
                let ty = ty.ok_or_else(|| {
                    self.source.error(format!(
                        "the OpSwitch selector %{selector} is not of a scalar integer type"
                    ))
                })?;
                self.number(ty)?;
            }
            K::LiteralInteger => {
                let value = self.source.integer()?;
                self.push(Operand::Integer(value));
            }
            // Newer grammars only: matched by name so older ones still build.
            kind if kind.info().name == "LiteralFloat" => {
                self.number(NumberType::Float { width: 32 })?
            }
            K::LiteralContextDependentNumber => {
                let type_id = self.result_type.unwrap_or(0);
                let ty = self.context.number_type(type_id).ok_or_else(|| {
                    self.source.error(format!(
                        "the literal's type %{type_id} is not a scalar numeric type"
                    ))
                })?;
                self.number(ty)?;
            }
            K::LiteralString => {
                let text = self.source.string()?;
                self.push(Operand::String(text));
            }
            _ => {
                return Err(self.source.error(format!(
                    "operand kind {} is not supported",
                    kind.info().name
                )));
            }
        }
        Ok(())
    }

    fn enumerant(&mut self, kind: OperandKind) -> Result<u32, S::Error> {
        let value = self.source.enumerant(kind)?;
        self.push(Operand::Enum { kind, value });
        Ok(value)
    }

    fn ext_inst(&mut self) -> Result<Option<Op>, S::Error> {
        let set_id = match self.read_so_far().last() {
            Some(Operand::Id(id)) => *id,
            _ => 0,
        };
        let set = self.context.ext_set(set_id).ok_or_else(|| {
            self.source
                .error(format!("%{set_id} is not an OpExtInstImport"))
        })?;
        let number = self.source.ext_inst(set)?;
        match set {
            Some(set) => {
                let op = Op::from_opcode(set, number).ok_or_else(|| {
                    let name = set.info().import_name;
                    self.source
                        .error(format!("{name} has no instruction {number}"))
                })?;
                self.push(Operand::ExtInst(op));
                Ok(Some(op))
            }
            None => {
                self.push(Operand::Integer(number));
                Ok(None)
            }
        }
    }

    fn spec_op(&mut self) -> Result<Op, S::Error> {
        let opcode = self.source.spec_op()?;
        let op = Op::from_opcode(InstSet::Core, opcode).ok_or_else(|| {
            self.source
                .error(format!("unknown opcode {opcode} in OpSpecConstantOp"))
        })?;
        self.push(Operand::SpecOp(op));
        Ok(op)
    }

    fn error(&self, message: String) -> S::Error {
        self.source.error(message)
    }
}
