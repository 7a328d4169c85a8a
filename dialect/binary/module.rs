//! A zero-copy view of a binary module: one pass indexes every instruction
//! (offset, op, result type and id) and splits the module into the logical
//! layout's sections, functions, parameters and blocks; a second pass checks
//! that every id used is defined where the layout allows (or, for a reader
//! that wants every operand decoded, a pass decodes them and another checks
//! the decoded ids). Nothing is copied out of the words and no instruction
//! gets an allocation of its own.

use super::decoded::decode_string;
use super::op_traits::{OpTraits, Tail};
use super::operands::{visit_operands, OperandContext, OperandVisitor};
use super::walk::ExtSets;
use super::{DecodeError, Header};
use crate::grammar::{InstSet, Op, OperandKind};
use crate::ir::FastMap;
use crate::spirv::non_semantic;
use smallvec::SmallVec;
use std::ops::Range;

mod checked_decode;
pub(crate) mod kept;

pub use checked_decode::DecodedModule;

/// "No instruction" in the `u32` instruction-index fields.
pub const NONE: u32 = u32::MAX;

/// One indexed instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inst {
    /// Word offset of the opcode word in the module.
    pub offset: u32,
    pub word_count: u16,
    pub op: Op,
    /// 0 when the op has no result type.
    pub result_type: u32,
    /// 0 when the op has no result.
    pub result: u32,
}

impl Inst {
    /// The word range of the whole instruction.
    pub fn span(&self) -> Range<usize> {
        self.offset as usize..self.offset as usize + usize::from(self.word_count)
    }

    pub fn name(&self) -> &'static str {
        self.op.info().grammar_name
    }
}

/// The module-level sections of the logical layout, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    Capabilities,
    Extensions,
    ExtInstImports,
    MemoryModel,
    EntryPoints,
    ExecutionModes,
    /// `OpString`, `OpSource`, `OpSourceContinued`, `OpSourceExtension`.
    DebugSources,
    /// `OpName`, `OpMemberName`.
    DebugNames,
    ModuleProcessed,
    /// Decorations of every form, decoration groups.
    Annotations,
    /// Types, constants, global variables, `OpUndef`, module-level debug
    /// lines and non-semantic instructions.
    Globals,
    /// Function declarations and definitions.
    Functions,
}

impl Section {
    pub const ALL: [Section; 12] = [
        Section::Capabilities,
        Section::Extensions,
        Section::ExtInstImports,
        Section::MemoryModel,
        Section::EntryPoints,
        Section::ExecutionModes,
        Section::DebugSources,
        Section::DebugNames,
        Section::ModuleProcessed,
        Section::Annotations,
        Section::Globals,
        Section::Functions,
    ];

    /// The section a module-level `op` belongs in; `None` for ops that go
    /// anywhere (`OpNop`) or only inside functions.
    pub fn of(op: Op) -> Option<Section> {
        use Op as O;
        Some(match op {
            O::Capability => Section::Capabilities,
            O::Extension => Section::Extensions,
            O::ExtInstImport => Section::ExtInstImports,
            O::MemoryModel => Section::MemoryModel,
            O::EntryPoint => Section::EntryPoints,
            O::ExecutionMode | O::ExecutionModeId => Section::ExecutionModes,
            O::String | O::SourceExtension | O::Source | O::SourceContinued => {
                Section::DebugSources
            }
            O::Name | O::MemberName => Section::DebugNames,
            O::ModuleProcessed => Section::ModuleProcessed,
            O::Decorate
            | O::MemberDecorate
            | O::DecorateId
            | O::DecorateString
            | O::MemberDecorateString
            | O::DecorationGroup
            | O::GroupDecorate
            | O::GroupMemberDecorate => Section::Annotations,
            O::Variable
            | O::Undef
            | O::Line
            | O::NoLine
            | O::ExtInst
            | O::AsmTargetINTEL
            | O::AsmINTEL
            | O::SamplerImageAddressingModeNV => Section::Globals,
            O::Function => Section::Functions,
            // Ops of extensions newer than some grammars this builds with.
            _ => match (op.info().grammar_name, op.info().class) {
                ("OpConditionalCapabilityINTEL", _) => Section::Capabilities,
                ("OpConditionalExtensionINTEL", _) => Section::Extensions,
                ("OpConditionalEntryPointINTEL", _) => Section::EntryPoints,
                ("OpUntypedVariableKHR" | "OpExtInstWithForwardRefsKHR", _) => Section::Globals,
                (_, "Type-Declaration" | "Constant-Creation") => Section::Globals,
                _ => return None,
            },
        })
    }
}

/// One function: its `OpFunction`, parameters and blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    /// Instruction index of `OpFunction`.
    pub def: u32,
    /// Instruction indices of the `OpFunctionParameter`s (and any debug
    /// lines and non-semantic instructions among them).
    pub params: Range<u32>,
    /// Indices into [`ModuleView::blocks`]; empty for a declaration.
    pub blocks: Range<u32>,
    /// Instruction index of `OpFunctionEnd`.
    pub end: u32,
}

/// One basic block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// The block's id.
    pub label: u32,
    /// Instruction index of `OpLabel`.
    pub start: u32,
    /// Instruction indices `phi_start..phi_end` span the block's `OpPhi`s
    /// (debug lines and non-semantic instructions may sit among them).
    pub phi_start: u32,
    pub phi_end: u32,
    /// Instruction index of `OpSelectionMerge` / `OpLoopMerge`, or [`NONE`].
    pub merge: u32,
    /// Instruction index of the terminator.
    pub terminator: u32,
}

impl Block {
    /// The instruction-index range spanning the block's phis; empty when none.
    pub fn phis(&self) -> Range<u32> {
        self.phi_start..self.phi_end
    }
}

/// Id → defining instruction index: dense for the ids a module plausibly
/// uses, a map beyond.
#[derive(Debug, Default)]
struct IdDefs {
    dense: Vec<u32>,
    sparse: FastMap<u32, u32>,
}

impl IdDefs {
    fn with_bound(bound: u32, words: usize) -> Self {
        let dense_len = (bound as usize).min(words + 64);
        let mut dense = kept::take(&kept::ID_DEFS, dense_len);
        dense.resize(dense_len, NONE);
        IdDefs {
            dense,
            sparse: FastMap::default(),
        }
    }

    fn get(&self, id: u32) -> Option<u32> {
        let index = self.index_or_none(id);
        (index != NONE).then_some(index)
    }

    /// The instruction index defining `id`; [`NONE`] when none does.
    #[inline(always)]
    fn index_or_none(&self, id: u32) -> u32 {
        match self.dense.get(id as usize) {
            Some(&index) => index,
            None => self.sparse_index_or_none(id),
        }
    }

    #[cold]
    fn sparse_index_or_none(&self, id: u32) -> u32 {
        self.sparse.get(&id).copied().unwrap_or(NONE)
    }

    /// Records `id` → `inst`; the earlier definition when `id` has one.
    #[inline(always)]
    fn insert(&mut self, id: u32, inst: u32) -> Option<u32> {
        match self.dense.get_mut(id as usize) {
            Some(slot) => Self::fill(slot, inst),
            None => self.insert_sparse(id, inst),
        }
    }

    #[cold]
    fn insert_sparse(&mut self, id: u32, inst: u32) -> Option<u32> {
        Self::fill(self.sparse.entry(id).or_insert(NONE), inst)
    }

    /// Sets an empty `slot` to `inst`; the earlier definition when not empty.
    #[inline(always)]
    fn fill(slot: &mut u32, inst: u32) -> Option<u32> {
        if *slot != NONE {
            return Some(*slot);
        }
        *slot = inst;
        None
    }
}

/// An indexed, sectioned module borrowing its words.
#[derive(Debug)]
pub struct ModuleView<'w> {
    pub words: &'w [u32],
    pub header: Header,
    pub insts: Vec<Inst>,
    /// Instruction-index range of each [`Section`], in `Section::ALL` order.
    sections: [Range<u32>; 12],
    pub functions: Vec<Function>,
    pub blocks: Vec<Block>,
    /// Module-level debug instructions after the first function (between
    /// functions or after the last, where clspv writes its reflection), in
    /// module order.
    pub after_functions: Vec<u32>,
    defs: IdDefs,
    /// Whether every instruction's result type is defined by an earlier
    /// instruction (which passes [`ModuleView::check_uses`]'s rules for
    /// it); false when some is not, or is an id beyond the dense table.
    result_types_defined_before: bool,
    /// The `OpExtInstImport`s: id, the set (`None` for one the grammar
    /// lacks), and whether its instructions are debug instructions
    /// ([`non_semantic::is_debug_set`]).
    ext_sets: SmallVec<[(u32, Option<InstSet>, bool); 2]>,
}

impl<'w> ModuleView<'w> {
    /// Indexes and checks `words`; every malformation is an error naming its
    /// word offset and instruction.
    pub fn new(words: &'w [u32]) -> Result<Self, DecodeError> {
        let view = ModuleView::index(words)?;
        view.check_uses()?;
        Ok(view)
    }

    /// Indexes `words` and checks their layout and definitions, but not
    /// the operands of each instruction: for a reader that resolves every
    /// operand itself and reports an id with no definition as
    /// [`ModuleView::check_uses`] would.
    pub fn index(words: &'w [u32]) -> Result<Self, DecodeError> {
        let header = Header::read(words)?;
        let mut view = ModuleView {
            words,
            header,
            // Instructions average over four words; real modules have a
            // block per hundred words or so, and fewer functions.
            insts: kept::take(&kept::INSTS, words.len() / 4),
            sections: Default::default(),
            functions: kept::take(&kept::FUNCTIONS, words.len() / 256),
            blocks: kept::take(&kept::BLOCKS, words.len() / 64),
            after_functions: Vec::new(),
            defs: IdDefs::with_bound(header.bound, words.len()),
            result_types_defined_before: true,
            ext_sets: SmallVec::new(),
        };
        let mut layout = Layout::default();
        let mut pos = Header::WORDS;
        let by_opcode = OpTraits::by_opcode();
        // The layout state an instruction that changes nothing continues
        // (see `OpTraits::continues`); it skips the layout pass.
        let mut state = 0;
        let mut result_types_defined_before = true;
        while pos < words.len() {
            let (inst, traits) = read_inst(words, pos, by_opcode)?;
            let index = view.insts.len() as u32;
            view.insts.push(inst);
            pos += usize::from(inst.word_count);
            if traits.has_result_type {
                // (A type beyond the dense table counts as not defined.)
                let def = view.defs.dense.get(inst.result_type as usize);
                result_types_defined_before &= def.is_some_and(|&def| def < index);
            }
            if traits.has_result {
                view.define(&inst, index)?;
            }
            if traits.continues & state == 0 {
                layout.place(&mut view, &inst, traits, index)?;
                state = layout.state();
            }
        }
        layout.finish(&mut view)?;
        view.result_types_defined_before = result_types_defined_before;
        Ok(view)
    }

    /// The instructions of `section`.
    pub fn section(&self, section: Section) -> &[Inst] {
        let range = &self.sections[section as usize];
        &self.insts[range.start as usize..range.end as usize]
    }

    /// The instruction-index range of `section`.
    pub fn section_range(&self, section: Section) -> Range<u32> {
        self.sections[section as usize].clone()
    }

    /// The instruction index defining `id`.
    pub fn def(&self, id: u32) -> Option<u32> {
        self.defs.get(id)
    }

    /// The instruction defining `id`.
    pub fn def_inst(&self, id: u32) -> Option<&Inst> {
        self.def(id).map(|i| &self.insts[i as usize])
    }

    /// The words of instruction `index` after its opcode word.
    pub fn operand_words(&self, index: u32) -> &'w [u32] {
        let span = self.insts[index as usize].span();
        &self.words[span.start + 1..span.end]
    }

    /// The blocks of `function`.
    pub fn function_blocks(&self, function: &Function) -> &[Block] {
        &self.blocks[function.blocks.start as usize..function.blocks.end as usize]
    }

    /// The error for instruction `index`.
    pub fn error(&self, index: u32, message: String) -> DecodeError {
        let inst = &self.insts[index as usize];
        DecodeError::at(inst.offset as usize, Some(inst.name()), message)
    }

    /// Walks the operands of instruction `index`.
    pub fn visit_operands<V: OperandVisitor>(
        &self,
        index: u32,
        visitor: &mut V,
    ) -> Result<(), DecodeError> {
        let inst = &self.insts[index as usize];
        let span = inst.span();
        visit_operands(self.words, span.start, span.end, inst.op, self, visitor)
    }

    /// The imported sets, as a decoder's context holds them.
    pub(crate) fn imported_sets(&self) -> ExtSets {
        self.ext_sets
            .iter()
            .map(|&(id, set, _)| (id, set))
            .collect()
    }

    /// Whether `set_id` imports a set of debug instructions: a
    /// non-semantic one or a debug-information one.
    pub fn is_debug_set(&self, set_id: u32) -> bool {
        self.ext_sets.iter().any(|e| e.0 == set_id && e.2)
    }

    /// Whether `inst` (an `OpExtInst`) is a debug instruction: one of a
    /// non-semantic or debug-information set.
    #[inline(always)]
    pub fn is_debug_inst(&self, inst: &Inst) -> bool {
        (self.words.get(inst.offset as usize + 3))
            .is_some_and(|&set| inst.word_count > 3 && self.is_debug_set(set))
    }

    #[inline(always)]
    fn define(&mut self, inst: &Inst, index: u32) -> Result<(), DecodeError> {
        let at =
            |message: String| DecodeError::at(inst.offset as usize, Some(inst.name()), message);
        let id = inst.result;
        if id == 0 || id >= self.header.bound {
            let bound = self.header.bound;
            return Err(at(format!(
                "result id %{id} is outside the bound 1..{bound}"
            )));
        }
        if let Some(first) = self.defs.insert(id, index) {
            let first = self.insts[first as usize].offset;
            return Err(at(format!(
                "%{id} is defined twice (first at word {first})"
            )));
        }
        if inst.op == Op::ExtInstImport {
            let operands = &self.words[inst.offset as usize + 2..inst.span().end];
            let (name, _) = decode_string(operands).map_err(|m| at(m.to_string()))?;
            let set = InstSet::from_import_name(&name);
            // A set nothing here describes can only be carried when it
            // may be dropped: a non-semantic one.
            if set.is_none() && !non_semantic::is_non_semantic_set(&name) {
                return Err(at(format!("unknown extended instruction set \"{name}\"")));
            }
            self.ext_sets
                .push((id, set, non_semantic::is_debug_set(&name)));
        }
        Ok(())
    }

    /// Calls `use_at` with the word position of every id instruction
    /// `index` uses (its result type included, its result id not), reading
    /// fixed layouts directly and walking the grammar for the rest.
    pub fn visit_uses(&self, index: u32, mut use_at: impl FnMut(usize)) -> Result<(), DecodeError> {
        let inst = &self.insts[index as usize];
        let traits = OpTraits::of(inst.op);
        let span = inst.span();
        if !traits.fits(self.words, span.start, span.end) {
            return self.visit_operands(index, &mut UseVisitor(use_at));
        }
        let result_at = usize::from(traits.has_result_type);
        let mut mask = traits.id_mask & !(u32::from(traits.has_result) << result_at);
        while mask != 0 {
            use_at(span.start + 1 + mask.trailing_zeros() as usize);
            mask &= mask - 1;
        }
        if matches!(traits.tail, Tail::Ids | Tail::IdPairs) {
            (span.start + 1 + usize::from(traits.fixed)..span.end).for_each(use_at);
        }
        Ok(())
    }

    /// Whether the operand at `word` of `inst` may name an id defined
    /// later though `inst` is in the globals section
    /// ([`looks_ahead`]).
    #[cold]
    fn names_ahead(&self, inst: &Inst, word: usize) -> bool {
        let start = inst.offset as usize;
        let op = match self.words.get(start + 3..start + 5) {
            Some(&[set, number]) if inst.op == Op::ExtInst => self
                .ext_set(set)
                .flatten()
                .and_then(|set| Op::from_opcode(set, number)),
            _ => None,
        };
        op.is_some_and(|op| looks_ahead(op, word.wrapping_sub(start + 5)))
    }

    /// Checks every operand: ids must be defined; in the globals section,
    /// defined earlier (`OpTypeForwardPointer` announces a pointer type,
    /// `OpExtInstWithForwardRefsKHR` may look ahead, and so may some
    /// operands of debug-information instructions: [`Self::names_ahead`]).
    pub fn check_uses(&self) -> Result<(), DecodeError> {
        let globals = self.section_range(Section::Globals);
        let mut forward_pointers: Vec<u32> = Vec::new();
        for index in 0..self.insts.len() as u32 {
            let inst = &self.insts[index as usize];
            let ordered = globals.contains(&index) && !OpTraits::of(inst.op).forward_refs;
            let before = if ordered { index } else { NONE };
            let mut bad = None;
            self.visit_uses(index, |word| {
                let id = self.words[word];
                let problem = match self.defs.get(id) {
                    None => Some(false),
                    Some(def)
                        if def >= before
                            && !forward_pointers.contains(&id)
                            && !self.names_ahead(inst, word) =>
                    {
                        Some(true)
                    }
                    Some(_) => None,
                };
                if let (None, Some(defined)) = (bad, problem) {
                    bad = Some((word, id, defined));
                }
            })?;
            if let Some((word, id, defined)) = bad {
                let message = match defined {
                    false => format!("%{id} is used but never defined"),
                    true => format!("%{id} is used before its definition"),
                };
                return Err(DecodeError::at(word, Some(inst.name()), message));
            }
            if inst.op == Op::TypeForwardPointer {
                forward_pointers.extend(self.operand_words(index).first());
            }
        }
        Ok(())
    }
}

/// Whether operand `position` of extended instruction `op` may name an id
/// defined later in the globals section: `DebugFunction`'s function or one
/// of `DebugTypeComposite`'s members, in the debug-information sets
/// ([`non_semantic::DEBUG_INFO_SETS`]), as spirv-val allows.
pub(crate) fn looks_ahead(op: Op, position: usize) -> bool {
    let info = op.info();
    if !non_semantic::DEBUG_INFO_SETS.contains(&op.inst_set().info().import_name) {
        return false;
    }
    let (name, variadic) = match info.grammar_name {
        "DebugFunction" => ("function", false),
        "DebugTypeComposite" => ("members", true),
        _ => return false,
    };
    (info.operands.iter().position(|o| o.name == name))
        .is_some_and(|at| position == at || (variadic && position > at))
}

impl Drop for ModuleView<'_> {
    /// Keeps the view's buffers for the next module on this thread.
    fn drop(&mut self) {
        kept::keep(&kept::INSTS, std::mem::take(&mut self.insts));
        kept::keep(&kept::FUNCTIONS, std::mem::take(&mut self.functions));
        kept::keep(&kept::BLOCKS, std::mem::take(&mut self.blocks));
        kept::keep(&kept::ID_DEFS, std::mem::take(&mut self.defs.dense));
    }
}

impl OperandContext for ModuleView<'_> {
    fn ext_set(&self, id: u32) -> Option<Option<InstSet>> {
        self.ext_sets.iter().find(|e| e.0 == id).map(|e| e.1)
    }

    fn value_literal_words(&self, id: u32) -> Option<usize> {
        let ty = self.def_inst(self.def_inst(id)?.result_type)?;
        if ty.op != Op::TypeInt || ty.word_count < 3 {
            return None;
        }
        match self.words[ty.offset as usize + 2] {
            1..=32 => Some(1),
            33..=64 => Some(2),
            _ => None,
        }
    }
}

/// Passes each used id's word position on (result ids are definitions).
struct UseVisitor<F>(F);

impl<F: FnMut(usize)> OperandVisitor for UseVisitor<F> {
    fn id(&mut self, kind: OperandKind, word: usize) {
        if kind != OperandKind::IdResult {
            (self.0)(word);
        }
    }
}

/// Reads the instruction whose opcode word is at `pos`.
#[inline(always)]
fn read_inst(
    words: &[u32],
    pos: usize,
    by_opcode: &[Option<&'static OpTraits>],
) -> Result<(Inst, &'static OpTraits), DecodeError> {
    let rest = &words[pos..];
    let first = rest[0];
    let count = (first >> 16) as usize;
    let traits = match by_opcode.get((first & 0xffff) as usize).copied().flatten() {
        Some(traits) if count != 0 && count <= rest.len() => traits,
        _ => return Err(bad_inst(words, pos)),
    };
    // The words after the opcode word, the result ids first.
    let operands = &rest[1..count];
    let has_result_type = usize::from(traits.has_result_type);
    if operands.len() < has_result_type + usize::from(traits.has_result) {
        return Err(bad_inst(words, pos));
    }
    let inst = Inst {
        offset: pos as u32,
        word_count: count as u16,
        op: traits.op,
        result_type: if traits.has_result_type {
            operands[0]
        } else {
            0
        },
        result: if traits.has_result {
            operands[has_result_type]
        } else {
            0
        },
    };
    Ok((inst, traits))
}

/// The error for the instruction at `pos`, whose word count or opcode
/// [`read_inst`] rejects.
#[cold]
fn bad_inst(words: &[u32], pos: usize) -> DecodeError {
    let first = words[pos];
    let (count, opcode) = ((first >> 16) as usize, first & 0xffff);
    let traits = OpTraits::core(opcode);
    let name = traits.map(|t| t.op.info().grammar_name);
    let left = words.len() - pos;
    let message = match traits {
        _ if count == 0 => "word count 0".to_string(),
        _ if count > left => {
            format!("word count {count} runs past the end of the module ({left} words left)")
        }
        None => return DecodeError::at(pos, None, format!("unknown opcode {opcode}")),
        Some(_) => format!("word count {count} leaves no room for the result ids"),
    };
    DecodeError::at(pos, name, message)
}

/// Where in the function structure the layout pass is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Place {
    #[default]
    Module,
    /// After `OpFunction`, taking parameters.
    Params,
    /// After a terminator or the parameters: an `OpLabel` or `OpFunctionEnd` comes next.
    BetweenBlocks,
    /// Inside a block, before any non-phi instruction.
    BlockPhis,
    BlockBody,
}

/// The layout pass: sections, then functions and their blocks.
#[derive(Default)]
struct Layout {
    section: Option<Section>,
    place: Place,
    function: Option<Function>,
    block: Option<Block>,
}

impl Layout {
    #[inline(always)]
    fn place(
        &mut self,
        view: &mut ModuleView,
        inst: &Inst,
        traits: &OpTraits,
        index: u32,
    ) -> Result<(), DecodeError> {
        let err =
            |message: String| DecodeError::at(inst.offset as usize, Some(inst.name()), message);
        match self.place {
            Place::BlockPhis | Place::BlockBody
                if traits.plain_in_block && matches!(&self.block, Some(b) if b.merge == NONE) =>
            {
                self.place = Place::BlockBody;
                Ok(())
            }
            Place::Module => self.module_level(view, inst, traits, index).map_err(err),
            Place::Params => match inst.op {
                Op::FunctionParameter => self.extend_params(index),
                Op::Label => self.open_block(inst, index),
                Op::FunctionEnd => self.close_function(view, index),
                Op::Line | Op::NoLine | Op::Nop => self.extend_params(index),
                _ => self.loose(view, inst, index),
            },
            Place::BetweenBlocks => match inst.op {
                Op::Label => self.open_block(inst, index),
                Op::FunctionEnd if self.function.as_ref().is_some_and(|f| !f.blocks.is_empty()) => {
                    self.close_function(view, index)
                }
                _ => self.loose(view, inst, index),
            },
            Place::BlockPhis | Place::BlockBody => {
                self.in_block(view, inst, traits, index).map_err(err)
            }
        }
    }

    #[inline(always)]
    fn module_level(
        &mut self,
        view: &mut ModuleView,
        inst: &Inst,
        traits: &OpTraits,
        index: u32,
    ) -> Result<(), String> {
        let Some(section) = traits.section else {
            if inst.op == Op::Nop {
                return Ok(());
            }
            return Err("only valid inside a function".to_string());
        };
        match self.section {
            Some(current) if section < current => {
                // Between functions: the position of the next.
                if current == Section::Functions && matches!(inst.op, Op::Line | Op::NoLine) {
                    return Ok(());
                }
                if current == Section::Functions
                    && inst.op == Op::ExtInst
                    && view.is_debug_inst(inst)
                {
                    view.after_functions.push(index);
                    return Ok(());
                }
                return Err(format!(
                    "belongs in the {section:?} section, which precedes the {current:?} section"
                ));
            }
            Some(current) if section == current => {}
            _ => {
                if let Some(current) = self.section {
                    view.sections[current as usize].end = index;
                }
                view.sections[section as usize] = index..index;
                self.section = Some(section);
            }
        }
        if section == Section::Functions {
            self.function = Some(Function {
                def: index,
                params: index + 1..index + 1,
                blocks: view.blocks.len() as u32..view.blocks.len() as u32,
                end: NONE,
            });
            self.place = Place::Params;
        }
        Ok(())
    }

    /// The layout state, as an [`OpTraits::continues`] bit: module level
    /// in a section before the functions, or a block body that ordinary
    /// instructions continue; 0 for any other.
    fn state(&self) -> u32 {
        match (self.place, &self.block, self.section) {
            (Place::Module, _, Some(section)) if section != Section::Functions => {
                OpTraits::in_section(section)
            }
            (Place::BlockBody, Some(block), _) if block.merge == NONE => OpTraits::IN_BLOCK_BODY,
            _ => 0,
        }
    }

    /// Instruction `inst` (at `index`) after a function's parameters or a
    /// block's terminator, where a label comes next: a non-semantic
    /// instruction (kept with the entry block, the next block, or the last
    /// one's terminator), else an error.
    #[cold]
    #[inline(never)]
    fn loose(&mut self, view: &ModuleView, inst: &Inst, index: u32) -> Result<(), DecodeError> {
        let non_semantic = inst.op == Op::ExtInst && view.is_debug_inst(inst);
        if non_semantic {
            return match self.place {
                Place::Params => self.extend_params(index),
                _ => Ok(()),
            };
        }
        let message = match self.place {
            Place::Params => "expected OpFunctionParameter, OpLabel or OpFunctionEnd",
            _ => "expected OpLabel after the block's terminator",
        };
        Err(DecodeError::at(
            inst.offset as usize,
            Some(inst.name()),
            message.into(),
        ))
    }

    fn extend_params(&mut self, index: u32) -> Result<(), DecodeError> {
        if let Some(function) = &mut self.function {
            function.params.end = index + 1;
        }
        Ok(())
    }

    fn open_block(&mut self, inst: &Inst, index: u32) -> Result<(), DecodeError> {
        self.block = Some(Block {
            label: inst.result,
            start: index,
            phi_start: index + 1,
            phi_end: index + 1,
            merge: NONE,
            terminator: NONE,
        });
        self.place = Place::BlockPhis;
        Ok(())
    }

    #[inline(always)]
    fn in_block(
        &mut self,
        view: &mut ModuleView,
        inst: &Inst,
        traits: &OpTraits,
        index: u32,
    ) -> Result<(), String> {
        let Some(block) = &mut self.block else {
            return Err("outside any block".to_string());
        };
        let transparent = match inst.op {
            Op::Line | Op::NoLine | Op::Nop => true,
            Op::ExtInst => view.is_debug_inst(inst),
            _ => false,
        };
        match inst.op {
            Op::Phi if self.place == Place::BlockPhis && block.phi_start == block.phi_end => {
                (block.phi_start, block.phi_end) = (index, index + 1);
            }
            Op::Phi if self.place == Place::BlockPhis => block.phi_end = index + 1,
            Op::Phi => return Err("OpPhi must precede the block's other instructions".into()),
            _ if transparent => {}
            Op::SelectionMerge | Op::LoopMerge if block.merge == NONE => {
                block.merge = index;
                self.place = Place::BlockBody;
            }
            _ if traits.terminator => {
                block.terminator = index;
                view.blocks.push(*block);
                self.block = None;
                self.place = Place::BetweenBlocks;
                if let Some(function) = &mut self.function {
                    function.blocks.end = view.blocks.len() as u32;
                }
                return Ok(());
            }
            Op::Label => return Err("the previous block has no terminator".into()),
            Op::FunctionEnd => return Err("the function's last block has no terminator".into()),
            Op::Function | Op::FunctionParameter => {
                return Err("only valid at the start of a function".into());
            }
            _ if block.merge != NONE => {
                return Err("only a terminator may follow a merge instruction".into());
            }
            _ if traits.module_only => return Err("only valid at module level".into()),
            _ => self.place = Place::BlockBody,
        }
        Ok(())
    }

    fn close_function(&mut self, view: &mut ModuleView, index: u32) -> Result<(), DecodeError> {
        if let Some(mut function) = self.function.take() {
            function.end = index;
            view.functions.push(function);
        }
        self.place = Place::Module;
        Ok(())
    }

    fn finish(&mut self, view: &mut ModuleView) -> Result<(), DecodeError> {
        let end = view.insts.len() as u32;
        if let Some(current) = self.section {
            view.sections[current as usize].end = end;
        }
        if self.place != Place::Module {
            let def = self.function.as_ref().map_or(0, |f| f.def);
            let id = view.insts[def as usize].result;
            return Err(view.error(def, format!("function %{id} has no OpFunctionEnd")));
        }
        Ok(())
    }
}
