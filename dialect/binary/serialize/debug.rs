//! Debug and non-semantic ops (as [`crate::binary::deserialize`] keeps
//! them) written back: `spirv.String` and `spirv.Source*` into the debug
//! section, `spirv.ModuleProcessed` after the names, module-level
//! non-semantic instructions as `OpExtInst`s in the globals section, the
//! operands of a generic `spirv.ExtInst` (an instruction of a non-semantic
//! set the grammar does not describe, [`crate::spirv::non_semantic`]) at
//! module level and in functions, and op locations in functions (and a
//! function's own, before its `OpFunction`) as `OpLine`s (where the
//! location's file is a `spirv.String` of the module:
//! a module parsed from text carries positions in its own text, which are
//! not written).

use super::naming::Ids;
use super::{begin, finish, SerializeError, Writer};
use crate::binary::encode_string;
use crate::binary::operands::{visit_operands, OperandContext, OperandVisitor};
use crate::grammar::{Category, InstSet, Op, Quantifier};
use crate::ir::{AttrData, Ident, Location, Value};
use crate::spirv::conventions::attribute_mnemonic;
use crate::spirv::non_semantic::is_debug_set;

/// Core debug instructions kept as module-level ops.
const DEBUG_OPS: [Op; 5] = [
    Op::String,
    Op::Source,
    Op::SourceContinued,
    Op::SourceExtension,
    Op::ModuleProcessed,
];

impl Writer<'_> {
    /// The instruction a module-level debug op stands for.
    pub(super) fn debug_instruction(&mut self, op: crate::ir::Op) -> Option<Op> {
        let plan = self.class(op).plan?;
        let debug_set = is_debug_set(plan.set.info().import_name);
        (DEBUG_OPS.contains(&plan.op) || debug_set || plan.op == Op::ExtInst).then_some(plan.op)
    }

    /// Writes module-level debug op `op`, which stands for `grammar_op`.
    pub(super) fn debug_op(
        &mut self,
        op: crate::ir::Op,
        grammar_op: Op,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let result = match self.property(op, super::properties::Property::SymName) {
            Some(_) => Some(self.symbol_of(op)?),
            None => None,
        };
        let result_type = match self
            .prop(op, "result_type")
            .and_then(|t| ctx.as_type_attr(t))
        {
            Some(ty) => Some(self.type_id(ty)?),
            None => None,
        };
        let extended = grammar_op == Op::ExtInst || grammar_op.inst_set() != InstSet::Core;
        if extended && (result.is_none() || result_type.is_none()) {
            let name = ctx.op_name_str(op);
            return Err(format!(
                "{name} at module level without `sym_name` or `result_type`"
            ));
        }
        let mut operands = std::mem::take(&mut self.pool.debug_words);
        operands.clear();
        let written = match grammar_op {
            Op::ExtInst => (self.unknown_set_operands(op, None, &mut operands)).map(|()| None),
            _ => self.prop_words(op, grammar_op, &mut operands),
        };
        let written = written.and_then(|text| {
            if let (Some(text), Some(id)) = (text, result) {
                self.strings.entry(ctx.str(text).to_string()).or_insert(id);
                self.line_file = None;
            }
            self.emit_debug(grammar_op, result_type, result, &operands)
        });
        self.pool.debug_words = operands;
        written
    }

    /// Appends the instruction of debug op `grammar_op` (an `OpExtInst`
    /// for a non-semantic set's) with the words `operands` (for a generic
    /// `OpExtInst`, from its set on) to its section.
    fn emit_debug(
        &mut self,
        grammar_op: Op,
        result_type: Option<u32>,
        result: Option<u32>,
        operands: &[u32],
    ) -> Result<(), SerializeError> {
        let set = grammar_op.inst_set();
        let ext_set = match set {
            InstSet::Core => None,
            _ => Some(self.ext_set(set)?),
        };
        let out = match grammar_op {
            Op::ModuleProcessed => &mut self.out.module_processed,
            _ if DEBUG_OPS.contains(&grammar_op) => &mut self.out.sources,
            // One after a function in the module follows it (clspv's
            // reflection names the kernels after them).
            _ if !self.out.functions.is_empty() => &mut self.out.functions,
            _ => &mut self.out.globals,
        };
        let start = begin(out);
        out.extend(result_type);
        out.extend(result);
        if let Some(ext_set) = ext_set {
            out.extend([ext_set, grammar_op.info().opcode]);
        }
        out.extend_from_slice(operands);
        if let Some(ext_set) = ext_set {
            // Words made from properties: they must be the instruction's
            // operands (an enumerant's parameters included).
            let context = OneSet(ext_set, set);
            let fits = visit_operands(out, start, out.len(), Op::ExtInst, &context, &mut Unseen);
            if let Err(e) = fits {
                out.truncate(start);
                let name = grammar_op.info().grammar_name;
                return Err(format!(
                    "{name}: its properties are no operands of it: {}",
                    e.message
                ));
            }
        }
        finish(out, start, ext_set.map_or(grammar_op, |_| Op::ExtInst))
    }

    /// The words of the operands of `grammar_op` from `op`'s properties,
    /// named as the deserializer names them, into `out`; for an
    /// `OpString`, its text.
    pub(super) fn prop_words(
        &mut self,
        op: crate::ir::Op,
        grammar_op: Op,
        out: &mut Vec<u32>,
    ) -> Result<Option<Ident>, SerializeError> {
        let ctx = self.ctx;
        let mut string = None;
        let infos = (grammar_op.info().operands.iter())
            .filter(|i| !matches!(i.kind.info().name, "IdResultType" | "IdResult"));
        for (at, info) in infos.enumerate() {
            let kind_info = info.kind.info();
            let key = match kind_info.category {
                Category::ValueEnum | Category::BitEnum => attribute_mnemonic(info.kind),
                _ => info.name,
            };
            let attr = match self.prop(op, key) {
                Some(attr) => attr,
                None if info.quantifier == Quantifier::One => {
                    let name = ctx.op_name_str(op);
                    return Err(format!("{name} without `{key}`"));
                }
                None => continue,
            };
            let items = match ctx.attr_data(attr) {
                AttrData::Array(items) if info.quantifier == Quantifier::Variadic => &items[..],
                _ => std::slice::from_ref(&attr),
            };
            for (position, &item) in items.iter().enumerate() {
                // A composite kind's items (`PairIdRefIdRef`) take its bases in turn.
                let category = match kind_info.bases {
                    [] => kind_info.category,
                    bases => bases[position % bases.len()].info().category,
                };
                let word = match (category, ctx.attr_data(item)) {
                    (Category::Id, AttrData::Type(ty)) => self.type_id(*ty)?,
                    (Category::Id, _) => self.attr_id(item)?,
                    (Category::ValueEnum | Category::BitEnum, _) => {
                        self.enum_attr_value(item, info.kind)?
                    }
                    (_, AttrData::String(s)) => {
                        if at == 0 && grammar_op == Op::String {
                            string = Some(*s);
                        }
                        encode_string(ctx.str(*s), out);
                        continue;
                    }
                    (_, AttrData::Integer { value, .. }) => *value as u32,
                    _ => return Err(format!("unsupported value of operand `{key}`")),
                };
                out.push(word);
            }
        }
        Ok(string)
    }

    /// The words of generic `spirv.ExtInst` `op` after its result into
    /// `out`: the id of its set's `OpExtInstImport`, its instruction's
    /// number, and its operands: the items of `operands` (for each `unit`,
    /// the id of its next value by `ids`), else its values.
    pub(super) fn unknown_set_operands(
        &mut self,
        op: crate::ir::Op,
        ids: Option<&Ids>,
        out: &mut Vec<u32>,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let set = self.prop(op, "set").and_then(|a| ctx.as_string_attr(a));
        let set = set.ok_or("spirv.ExtInst without a string `set`")?;
        let number = self
            .prop(op, "instruction")
            .and_then(|a| ctx.as_int_attr(a));
        let number = number.ok_or("spirv.ExtInst without an integer `instruction`")?;
        let slot = out.len();
        out.extend([0, number as u32]);
        let mut values = ctx.operands(op);
        match self.prop(op, "operands").map(|a| ctx.attr_data(a)) {
            Some(AttrData::Array(items)) => {
                for &item in items.iter() {
                    let word = match ctx.attr_data(item) {
                        AttrData::Unit => {
                            let value = (values.next())
                                .ok_or("spirv.ExtInst: more `unit`s in `operands` than values")?;
                            self.unknown_set_value(ids, op, value)?
                        }
                        _ => self.attr_id(item)?,
                    };
                    out.push(word);
                }
            }
            Some(_) => return Err("spirv.ExtInst: `operands` is not an array".into()),
            None => {
                for value in values.by_ref() {
                    out.push(self.unknown_set_value(ids, op, value)?);
                }
            }
        }
        if values.next().is_some() {
            return Err("spirv.ExtInst: fewer `unit`s in `operands` than values".into());
        }
        out[slot] = self.ext_set_named(set)?;
        Ok(())
    }

    /// The id of `value`, an operand of generic `spirv.ExtInst` `op`, by
    /// `ids` (none at module level, where the op takes no values).
    fn unknown_set_value(
        &self,
        ids: Option<&Ids>,
        op: crate::ir::Op,
        value: Value,
    ) -> Result<u32, SerializeError> {
        match ids {
            Some(ids) => self.value_id(ids, op, value),
            None => Err("spirv.ExtInst at module level with values".into()),
        }
    }

    /// Whether an `OpLine` may be written: a file has an `OpString` id,
    /// or one is made for each file met. Otherwise every position is
    /// unknown, as is the last one given, and [`Self::line`] writes
    /// nothing.
    pub(super) fn lines_possible(&self) -> bool {
        self.options.emit_debug_info || !self.strings.is_empty()
    }

    /// An `OpLine` (or `OpNoLine`) into `body` where `loc`'s position
    /// differs from the one the last gave (a name is written as `OpName`).
    #[inline]
    pub(super) fn line(
        &mut self,
        body: &mut Vec<u32>,
        loc: Location,
    ) -> Result<(), SerializeError> {
        if !self.line_needed(loc) {
            return Ok(());
        }
        self.position_line(body, loc)
    }

    /// Whether `loc` may need an `OpLine` (or `OpNoLine`): without a
    /// file, the position is unknown, nothing to write after an unknown
    /// one (the last position, known, has a file).
    #[inline(always)]
    pub(super) fn line_needed(&self, loc: Location) -> bool {
        loc.file.is_some() || self.line.file.is_some()
    }

    /// [`Self::line`] for a position that may differ from the last.
    pub(super) fn position_line(
        &mut self,
        body: &mut Vec<u32>,
        loc: Location,
    ) -> Result<(), SerializeError> {
        let file = loc.file.and_then(|f| self.line_file_id(f));
        let loc = match file {
            Some(_) if loc.line > 0 => Location { name: None, ..loc },
            _ => Location::UNKNOWN,
        };
        if loc == self.line {
            return Ok(());
        }
        self.line = loc;
        let start = begin(body);
        match file {
            Some(file) if loc != Location::UNKNOWN => {
                body.extend([file, loc.line, loc.col]);
                finish(body, start, Op::Line)
            }
            _ => finish(body, start, Op::NoLine),
        }
    }

    /// The id of the `OpString` holding the text of `file`, remembered
    /// for the last file asked for; when emitting debug information, a new
    /// one where the module has none.
    fn line_file_id(&mut self, file: Ident) -> Option<u32> {
        match self.line_file {
            Some((last, id)) if last == file => id,
            _ => {
                let text = self.ctx.str(file);
                let id = match self.strings.get(text) {
                    Some(&id) => Some(id),
                    None if self.options.emit_debug_info => Some(self.new_string(text)),
                    None => None,
                };
                self.line_file = Some((file, id));
                id
            }
        }
    }

    /// A new `OpString` holding `text`.
    fn new_string(&mut self, text: &str) -> u32 {
        let id = self.fresh();
        let sources = &mut self.out.sources;
        let start = begin(sources);
        sources.push(id);
        encode_string(text, sources);
        let _ = finish(sources, start, Op::String);
        self.strings.insert(text.to_string(), id);
        id
    }
}

/// The one extended set a module-level debug instruction names, for
/// checking its words against its grammar.
struct OneSet(u32, InstSet);

impl OperandContext for OneSet {
    fn ext_set(&self, id: u32) -> Option<Option<InstSet>> {
        (id == self.0).then_some(Some(self.1))
    }

    fn value_literal_words(&self, _id: u32) -> Option<usize> {
        None
    }
}

/// A walk that only checks the words fit.
struct Unseen;

impl OperandVisitor for Unseen {}
