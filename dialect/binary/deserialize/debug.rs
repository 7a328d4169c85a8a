//! Debug and non-semantic instructions, kept as ops MLIR 19 has no form
//! for (it drops them):
//! - `OpString`, `OpSource`, `OpSourceContinued`, `OpSourceExtension` and
//!   `OpModuleProcessed` become module-level `spirv.String`, `spirv.Source`,
//!   ... ops; an `OpString` is a symbol (`spirv_string_<n>`, numbered in
//!   module order) that `OpSource`'s `file` and other instructions name.
//! - A non-semantic `OpExtInst` at module level (`DebugSource`,
//!   `DebugTypeBasic`, ... of `NonSemantic.Shader.DebugInfo.100`) becomes
//!   the module-level op of its instruction
//!   (`spirv.NonSemanticShaderDebugInfo100.DebugTypeBasic`), a symbol
//!   (`spirv_debug_<n>`) with its result type as `result_type`; in a
//!   function, one becomes that op with its result like any other.
//! - Operands of these ops follow the function convention: enumerants
//!   under their kind's snake-case name, literals and ids under the
//!   grammar operand's name; an id is a type, an `@symbol` (string, debug
//!   instruction, variable, spec constant, function) or a constant value.
//! - An instruction of a non-semantic set the grammar does not describe
//!   (`NonSemantic.ClspvReflection.5`, ...) becomes the generic
//!   `spirv.ExtInst` naming the set and the instruction, its operands in
//!   order ([`crate::spirv::non_semantic`]), in the same places: a symbol
//!   at module level, an op with its result in a function. An instruction
//!   of an unknown set that is not non-semantic is an error.
//! - `OpLine` gives the ops after it in its block the location
//!   `file:line:col` (`file` the `OpString`'s text); `OpNoLine` ends it.
//!   One ending the globals or between functions gives the next
//!   `spirv.func` its location.
//! - A non-semantic instruction outside a function's blocks is read into
//!   the nearest: before the first label, at the start of the entry block;
//!   after a terminator, at the start of the next block; after the last
//!   terminator, before it. One after `OpFunctionEnd` (clspv's reflection)
//!   is a module-level op after the function's.
//! - `OpenCL.DebugInfo.100` and `DebugInfo` instructions are read as the
//!   non-semantic ones are.

use super::carry::{Carried, Values};
use super::function::{Properties, Scope};
use super::Reader;
use crate::binary::module::Section;
use crate::binary::{DecodeError, DecodedOperand as Operand};
use crate::grammar::{Op, OperandInfo};
use crate::ir::{Attr, Builder, Location};
use crate::spirv::conventions;
use smallvec::SmallVec;

impl Reader<'_, '_> {
    /// Whether instruction `index` is kept as a debug op at module level.
    pub(super) fn is_debug_symbol(&self, index: u32) -> bool {
        let inst = &self.view.insts[index as usize];
        inst.op == Op::String || (inst.op == Op::ExtInst && self.is_debug_inst(index))
    }

    /// The module's debug sources and processes, as module-level ops ahead
    /// of the globals.
    pub(super) fn read_debug_sources(&mut self) -> Result<(), DecodeError> {
        let sources = self.section_indices(Section::DebugSources);
        for index in sources.chain(self.section_indices(Section::ModuleProcessed)) {
            self.debug_op(index)?;
        }
        Ok(())
    }

    /// A module-level debug or non-semantic instruction as an op.
    pub(super) fn debug_op(&mut self, index: u32) -> Result<(), DecodeError> {
        let inst = self.view.insts[index as usize];
        let operands = self.operands(index);
        let (name, mut props) = match (inst.op, operands) {
            (Op::ExtInst, [_, Operand::ExtInst(op), rest @ ..]) => {
                let info = op.info();
                (
                    info.mlir_name,
                    self.operand_props(index, info.operands, rest)?,
                )
            }
            (Op::ExtInst, _) => {
                let (mut props, rest) = self.unknown_set_props(index, operands)?;
                let mut items: SmallVec<[Attr; 8]> = SmallVec::new();
                for operand in rest {
                    let id = self.unknown_set_operand(index, operand)?;
                    self.check_module_level_id(index, id, true)?;
                    items.push(self.operand_attr(id));
                }
                if !items.is_empty() {
                    props.push(("operands", self.ctx.array_attr_of(&items)));
                }
                (Op::ExtInst.info().mlir_name, props)
            }
            (op, all) => (
                op.info().mlir_name,
                self.operand_props(index, op.info().operands, all)?,
            ),
        };
        if inst.result != 0 {
            let symbol = self.symbol(inst.result);
            props.push(("sym_name", self.string_attr(symbol)));
        }
        if inst.result_type != 0 {
            let ty = self.type_of_id(index, Some(inst.result_type))?;
            props.push(("result_type", self.ctx.type_attr(ty)));
        }
        self.module_op(name, &props, &[]);
        Ok(())
    }

    /// Properties for the operands of a module-level instruction.
    pub(super) fn operand_props(
        &mut self,
        index: u32,
        infos: &'static [OperandInfo],
        operands: &[Operand],
    ) -> Result<Properties, DecodeError> {
        let infos: SmallVec<[&OperandInfo; 16]> = (infos.iter())
            .filter(|i| !matches!(i.kind.info().name, "IdResultType" | "IdResult"))
            .collect();
        let mut lists: SmallVec<[(&'static str, Attr); 16]> = SmallVec::new();
        for (position, operand) in operands.iter().enumerate() {
            let info = infos.get(position.min(infos.len().saturating_sub(1)));
            let label = info.map_or("operand", |i| i.name);
            let attr = match operand {
                Operand::Id(id) => {
                    self.check_module_level_id(index, *id, true)?;
                    self.operand_attr(*id)
                }
                Operand::Integer(v) => self.i32_attr(*v as i32),
                Operand::Number { bits, .. } => {
                    let i64_type = self.ctx.int_type(64);
                    self.ctx.integer_attr(i64_type, i128::from(*bits as i64))
                }
                Operand::String(s) => self.ctx.string_attr(self.decoded.text(*s)),
                Operand::Enum { kind, value } => {
                    let attr = self.enum_value_attr(*kind, *value);
                    lists.push((conventions::attribute_mnemonic(*kind), attr));
                    continue;
                }
                _ => {
                    let message = "unsupported operand of a debug instruction".to_string();
                    return Err(self.view.error(index, message));
                }
            };
            lists.push((label, attr));
        }
        Ok(self.merge_lists(&lists, &[]))
    }

    /// The attribute id operand `id` of a module-level instruction is
    /// carried as: a type, an `@symbol` or a constant value.
    fn operand_attr(&mut self, id: u32) -> Attr {
        match self.types.get(id) {
            Some(ty) => self.ctx.type_attr(ty),
            None => self.id_attr(id),
        }
    }

    /// The `set` and `instruction` properties of `OpExtInst` `index`
    /// (`operands`) of a set the grammar does not describe, and its
    /// instruction's operands; an error unless the set is non-semantic.
    fn unknown_set_props<'o>(
        &mut self,
        index: u32,
        operands: &'o [Operand],
    ) -> Result<(Properties, &'o [Operand]), DecodeError> {
        let [Operand::Id(set), Operand::Integer(number), rest @ ..] = operands else {
            let message = "an OpExtInst without its set and instruction".to_string();
            return Err(self.view.error(index, message));
        };
        let name = match self.view.def(*set).map(|d| self.operands(d)) {
            Some([Operand::String(name)]) => self.decoded.text(*name),
            _ => "",
        };
        if !self.view.is_debug_set(*set) {
            let message = format!(
                "an instruction of the unknown instruction set \"{name}\", which is not \
                 non-semantic"
            );
            return Err(self.view.error(index, message));
        }
        let name = self.ctx.string_attr(name);
        let mut props = Properties::new();
        props.push(("instruction", self.i32_attr(*number as i32)));
        props.push(("set", name));
        Ok((props, rest))
    }

    /// The id `operand` of an instruction of an unknown set (whose
    /// operands are all ids) is.
    fn unknown_set_operand(&self, index: u32, operand: &Operand) -> Result<u32, DecodeError> {
        match operand {
            Operand::Id(id) => Ok(*id),
            _ => {
                let message = "an operand of an unknown set's instruction is not an id".into();
                Err(self.view.error(index, message))
            }
        }
    }

    /// An error unless id operand `id` of module-level instruction `index`
    /// (an `OpDecorateId`, `OpExecutionModeId` or non-semantic `OpExtInst`)
    /// is something an attribute stands for: an `@symbol` (variable, spec
    /// constant, spec-constant operation, function, string, debug
    /// instruction), a scalar or vector constant, or, where `types` allows,
    /// a type. Nothing stands for an `OpUndef` or a struct or array
    /// constant there.
    pub(super) fn check_module_level_id(
        &self,
        index: u32,
        id: u32,
        types: bool,
    ) -> Result<(), DecodeError> {
        let Some(def) = self.view.def_inst(id) else {
            return Err(self.view.error(index, format!("%{id} is never defined")));
        };
        let scalar_or_vector = |ty: u32| {
            (self.view.def_inst(ty)).is_some_and(|t| {
                matches!(
                    t.op,
                    Op::TypeBool | Op::TypeInt | Op::TypeFloat | Op::TypeVector
                )
            })
        };
        let stands_for = match def.op {
            Op::Variable
            | Op::SpecConstant
            | Op::SpecConstantTrue
            | Op::SpecConstantFalse
            | Op::SpecConstantComposite
            | Op::SpecConstantOp
            | Op::Function
            | Op::String
            | Op::ExtInst => true,
            op if super::globals::is_untyped_variable(op) => true,
            _ => match def.op.info().class {
                "Type-Declaration" => types,
                "Constant-Creation" => scalar_or_vector(def.result_type),
                _ => false,
            },
        };
        if stands_for {
            return Ok(());
        }
        let message = format!(
            "operand %{id} ({}) of a module-level instruction is no {}symbol, scalar or \
             vector constant",
            def.op.info().grammar_name,
            if types { "type, " } else { "" }
        );
        Err(self.view.error(index, message))
    }

    /// Instruction `index` (`operands`) of a non-semantic set the grammar
    /// does not describe, in a function: a `spirv.ExtInst` whose SSA
    /// operands, pushed onto `values`, are its operands that are values of
    /// the function; `operands` lists every operand in order (`unit` for
    /// each value) where some are not (types, `@symbol`s of strings, debug
    /// instructions and functions).
    pub(super) fn unknown_set_inst(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        index: u32,
        operands: &[Operand],
        values: &mut Values,
    ) -> Result<Carried, DecodeError> {
        let (mut props, rest) = self.unknown_set_props(index, operands)?;
        let mut items: SmallVec<[Attr; 8]> = SmallVec::new();
        let mut only_values = true;
        for operand in rest {
            let id = self.unknown_set_operand(index, operand)?;
            let attr = match self.types.get(id) {
                Some(ty) => self.ctx.type_attr(ty),
                None if self.is_debug_reference(id) => self.id_attr(id),
                None => {
                    values.push(self.value_operand(scope, builder, index, id)?);
                    items.push(self.unit_attr());
                    continue;
                }
            };
            only_values = false;
            items.push(attr);
        }
        if !only_values {
            props.push(("operands", self.ctx.array_attr_of(&items)));
        }
        Ok(Carried {
            named_by: Op::ExtInst,
            properties: Some(self.properties(&props)),
        })
    }

    /// `OpLine` / `OpNoLine` at `index`: the location of the ops after it.
    pub(super) fn track_line(&mut self, index: u32) {
        let operands = self.operands(index);
        self.line = match operands {
            [Operand::Id(file), Operand::Integer(line), Operand::Integer(col)] => {
                let file = self
                    .view
                    .def(*file)
                    .and_then(|d| match self.operands(d).first() {
                        Some(Operand::String(s)) => Some(self.decoded.text(*s)),
                        _ => None,
                    });
                Location {
                    file: file.map(|f| self.ctx.ident(f)),
                    line: *line,
                    col: *col,
                    name: None,
                }
            }
            _ => Location::UNKNOWN,
        };
    }

    /// Whether id operand `id` of a non-semantic instruction in a function
    /// names no value there (a string, a debug instruction at module level,
    /// a function) and is an attribute instead.
    pub(super) fn is_debug_reference(&self, id: u32) -> bool {
        let Some(def) = self.view.def(id) else {
            return false;
        };
        let op = self.view.insts[def as usize].op;
        (self.is_debug_symbol(def) && !self.in_function(def)) || op == Op::Function
    }

    /// The name of operand `position` of an `OpExtInst` of `ext` (counting
    /// the set and the instruction) as the extended instruction names it.
    pub(super) fn ext_operand_name(ext: Op, position: usize) -> &'static str {
        let mut infos = (ext.info().operands.iter())
            .filter(|i| !matches!(i.kind.info().name, "IdResultType" | "IdResult"));
        let count = infos.clone().count();
        let at = position.saturating_sub(2).min(count.saturating_sub(1));
        infos.nth(at).map_or("operands", |i| i.name)
    }

    /// Whether instruction `index` lies in a function.
    fn in_function(&self, index: u32) -> bool {
        let functions = self.section_indices(Section::Functions);
        functions.contains(&index)
    }
}
