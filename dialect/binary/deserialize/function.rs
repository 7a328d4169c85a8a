//! Functions: `spirv.func` ops whose region holds the function's blocks,
//! structured constructs as `spirv.mlir.selection` / `spirv.mlir.loop`
//! ops with regions of their own (see [`super::regions`]). Function
//! parameters are the entry block's arguments; each block's `OpPhi`s are
//! its arguments, passed by the branches of its predecessors. Every other
//! instruction becomes the op its grammar name gives (`spirv.IAdd`,
//! `spirv.GL.Sqrt`), its operands carried as MLIR 19 carries them
//! ([`super::carry`]): ids as SSA operands, scopes and
//! semantics as enum attributes, enumerants and literals as properties
//! (`memory_access`, `alignment`, `indices`). A merge instruction whose
//! construct cannot be a region stays in its header block as a
//! `spirv.SelectionMerge` / `spirv.LoopMerge` op naming its merge block and
//! continue target by position in the region (`merge_block = 3 : i32`).

use super::carry::{id_of, Recipes, Values, RECIPES};
use super::regions::Body;
use super::{Global, Reader};
use crate::binary::cfg::Cfg;
use crate::binary::id_table::OwnedTable;
use crate::binary::module::{Function, ModuleView, NONE};
use crate::binary::{DecodeError, DecodedOperand as Operand};
use crate::grammar::Op;
use crate::ir::FastMap;
use crate::ir::{Attr, Block, Builder, OpParts, OpSpec, Type, Value, ValueDef};
use smallvec::SmallVec;
use std::ops::Range;

/// The parameter decorations MLIR reads as `spirv.decoration`.
const POINTER_DECORATIONS: [&str; 4] = ["Aliased", "Restrict", "AliasedPointer", "RestrictPointer"];

/// Properties by name, inline for most ops.
pub(super) type Properties = SmallVec<[(&'static str, Attr); 4]>;

/// Per-function state: values by id, and placeholders for ids used before
/// their definition (back-edge phi operands).
pub(super) struct Scope {
    /// Values by id, each owned by the number of its function: the table
    /// is the reader's, handed from function to function.
    values: OwnedTable<Value>,
    function: u32,
    pub pending: FastMap<u32, Value>,
    /// Per block of the function (by number), its position in its
    /// region; [`NONE`] for a block without an IR block of its own. Only
    /// filled where a merge instruction kept inline names blocks by
    /// position.
    pub positions: Vec<u32>,
    /// The function's blocks (indices into [`ModuleView::blocks`]).
    blocks: Range<u32>,
    /// The recipes, handed from function to function.
    pub(super) recipes: Recipes,
}

impl Scope {
    /// The value `id` names in this function.
    #[inline]
    pub fn value(&self, id: u32) -> Option<Value> {
        self.values.get(id, self.function)
    }

    #[inline(always)]
    pub fn set(&mut self, id: u32, value: Value) {
        self.values.insert(id, self.function, value);
    }

    /// The position in its region of the block labelled `label`, if that
    /// is a block of this function with an IR block of its own.
    pub fn position_of(&self, view: &ModuleView, label: u32) -> Option<u32> {
        let start = view.def(label)?;
        let blocks = &view.blocks[self.blocks.start as usize..self.blocks.end as usize];
        let b = blocks.binary_search_by_key(&start, |b| b.start).ok()?;
        self.positions
            .get(b)
            .copied()
            .filter(|&position| position != NONE)
    }
}

impl Reader<'_, '_> {
    pub(super) fn read_functions(&mut self) -> Result<(), DecodeError> {
        let view = self.view;
        let mut recipes = RECIPES.take();
        // The module-level debug instructions after each function follow
        // its op.
        let mut after = view.after_functions.iter().copied().peekable();
        let read = (view.functions.iter().enumerate()).try_for_each(|(at, function)| {
            self.read_function(function, &mut recipes)?;
            let next = view.functions.get(at + 1);
            let before_next = |index: &u32| next.map_or(true, |f| *index < f.def);
            while let Some(index) = after.next_if(before_next) {
                self.debug_op(index)?;
            }
            Ok(())
        });
        RECIPES.set(recipes);
        read
    }

    /// The position `OpFunction` `def` takes: the globals' last for the
    /// first function; for the others, what the lines after the previous
    /// function's end give.
    fn function_line(&mut self, def: u32) -> crate::ir::Location {
        let insts = &self.view.insts;
        let mut start = def as usize;
        while start > 0 && matches!(insts[start - 1].op, Op::Line | Op::NoLine | Op::Nop) {
            start -= 1;
        }
        if start > 0 && insts[start - 1].op == Op::FunctionEnd {
            self.line = crate::ir::Location::UNKNOWN;
            for index in start as u32..def {
                if insts[index as usize].op != Op::Nop {
                    self.track_line(index);
                }
            }
        }
        self.line
    }

    fn read_function(
        &mut self,
        function: &Function,
        recipes: &mut Recipes,
    ) -> Result<(), DecodeError> {
        let def = function.def;
        let inst = self.view.insts[def as usize];
        let operands = self.operands(def);
        let [Operand::Enum { kind, value }, Operand::Id(fn_type)] = operands else {
            return Err(self.view.error(def, "unsupported function operands".into()));
        };
        let fn_type = self.type_of_id(def, Some(*fn_type))?;
        let Some(Global::Function(name)) = self.globals.get(inst.result) else {
            return Err(self.view.error(def, "function without a symbol".into()));
        };
        let control = self.enum_case(*kind, *value);
        let mut props: Properties = smallvec::smallvec![
            (
                "function_control",
                self.enum_attr("function_control", control),
            ),
            ("function_type", self.ctx.type_attr(fn_type)),
            ("sym_name", self.string_attr(name)),
        ];
        props.extend(self.parameter_attrs(function).map(|a| ("arg_attrs", a)));
        let (linkage, decorated) = self.linkage_attributes(inst.result);
        props.extend(linkage.map(|a| ("linkage_attributes", a)));
        let attrs = self.decoration_attrs(inst.result, decorated);
        let loc = self.function_line(def);
        let mut spec = OpSpec::new(self.static_ident("spirv.func"), loc);
        spec.properties = Some(self.properties(&props));
        if !attrs.is_empty() {
            spec.attributes = Some(self.ctx.dictionary_attr_of(&attrs));
        }
        spec.num_regions = 1;
        let func = Builder::at_end(self.module_body).create_from(&mut self.ctx, spec);
        if function.blocks.is_empty() {
            return Ok(());
        }
        let region = self.ctx.regions(func)[0];
        let cfg = Cfg::new(self.view, function)?;
        let described = |id| self.names.contains(id) || self.is_decorated(id);
        let mut body = Body::new(&cfg, self.decoded, &described);
        let mut scope = Scope {
            values: std::mem::take(&mut self.function_values),
            function: def,
            pending: std::mem::take(&mut self.pending),
            positions: std::mem::take(&mut self.block_positions),
            blocks: function.blocks.clone(),
            recipes: std::mem::take(recipes),
        };
        scope.pending.clear();
        let mut params = Vec::new();
        // Non-semantic instructions before the first label open the entry
        // block.
        let mut leading = SmallVec::<[u32; 2]>::new();
        for param in function.params.clone() {
            let param_inst = self.view.insts[param as usize];
            match param_inst.op {
                Op::FunctionParameter => {
                    let ty = self.type_of_id(param, Some(param_inst.result_type))?;
                    params.push((param_inst.result, ty));
                }
                Op::ExtInst => leading.push(param),
                _ => {}
            }
        }
        let read = self.read_body(&mut scope, &mut body, region, &params, &leading);
        *recipes = scope.recipes;
        read?;
        self.function_values = scope.values;
        self.block_positions = scope.positions;
        if let Some((&id, _)) = scope.pending.iter().min_by_key(|e| e.0) {
            return Err(self
                .view
                .error(def, format!("%{id} is used but never defined")));
        }
        self.pending = scope.pending;
        Ok(())
    }

    /// The decorations of `function`'s parameters as MLIR's `arg_attrs`
    /// (a dictionary per parameter), when any has some; one of
    /// [`POINTER_DECORATIONS`] as MLIR reads it
    /// (`spirv.decoration = #spirv.decoration<Aliased>`).
    fn parameter_attrs(&mut self, function: &Function) -> Option<Attr> {
        let params: Vec<u32> = (function.params.clone())
            .map(|index| self.view.insts[index as usize])
            .filter(|inst| inst.op == Op::FunctionParameter)
            .map(|inst| inst.result)
            .collect();
        if !params.iter().any(|id| self.is_decorated(*id)) {
            return None;
        }
        let dictionaries = (params.iter())
            .map(|&id| {
                // MLIR's form for the pointer decorations it knows; the
                // others as an op's decorations are.
                let pointer = self
                    .decorations(id)
                    .map(|d| d.0)
                    .find(|d| POINTER_DECORATIONS.contains(d));
                let skip: &[&str] = pointer.as_slice();
                let mut attrs = self.decoration_attrs(id, skip);
                if let Some(pointer) = pointer {
                    let pointer = self.static_ident(pointer);
                    let attr = self.enum_attr("decoration", pointer);
                    attrs.push((self.static_ident("spirv.decoration"), attr));
                }
                self.ctx.dictionary_attr_of(&attrs)
            })
            .collect();
        Some(self.ctx.array_attr(dictionaries))
    }

    /// Makes `value` the value of `id` (once per result and phi, so kept
    /// inline in its callers).
    #[inline(always)]
    pub(super) fn define(&mut self, scope: &mut Scope, id: u32, value: Value) {
        // Only back edges' phi operands are used before their definition.
        if !scope.pending.is_empty() {
            if let Some(placeholder) = scope.pending.remove(&id) {
                self.ctx.replace_all_uses(placeholder, value);
            }
        }
        scope.set(id, value);
        // Most values have no name: known without a call.
        if !self.names.contains(id) {
            return;
        }
        if let Some(name) = self.name(id) {
            self.name_value(value, name);
        }
    }

    /// Gives `value` its `OpName` as the location of its op or argument.
    #[cold]
    fn name_value(&mut self, value: Value, name: &str) {
        let name = self.ctx.ident(name);
        match self.ctx.value_def(value) {
            ValueDef::Result { op, .. } => {
                let loc = self.ctx.op_loc(op).named(name);
                self.ctx.set_op_loc(op, loc);
            }
            _ => {
                let loc = self.ctx.arg_loc(value).named(name);
                self.ctx.set_arg_loc(value, loc);
            }
        }
    }

    /// The value of `id` where instruction `at` uses it: a function value, a
    /// placeholder for one defined later, or a module fact materialized at
    /// `builder`. Kept inline: the rest is out of line.
    #[inline]
    pub(super) fn value(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        at: u32,
        id: u32,
    ) -> Result<Value, DecodeError> {
        if let Some(value) = scope.value(id) {
            return Ok(value);
        }
        // A module fact used before in this module: its op again.
        if let Some(made) = self.materializations.get(id) {
            return Ok(self.create_materialized(builder, made));
        }
        self.value_not_met(scope, builder, at, id)
    }

    /// [`Reader::value`] of an id that is neither a value of the function
    /// so far nor a module fact materialized before: a placeholder, a
    /// module fact's first use, or an error.
    #[inline(never)]
    pub(super) fn value_not_met(
        &mut self,
        scope: &mut Scope,
        builder: &Builder,
        at: u32,
        id: u32,
    ) -> Result<Value, DecodeError> {
        if !scope.pending.is_empty() {
            if let Some(&placeholder) = scope.pending.get(&id) {
                return Ok(placeholder);
            }
        }
        if let Some(value) = self.materialize_global(builder, at, id)? {
            return Ok(value);
        }
        let def = self.view.def_inst(id).copied();
        if let Some(undef) = def.filter(|d| d.op == Op::Undef) {
            // An `OpUndef` inside a function stands, like a module-level
            // one, for a `spirv.Undef` at each use (where writing the
            // module puts it at module level, reading it back finds the
            // same ops).
            let ty = self.type_of_id(at, Some(undef.result_type))?;
            self.globals.insert(id, Global::Undef(ty));
            if let Some(value) = self.materialize_global(builder, at, id)? {
                return Ok(value);
            }
        }
        let defined_later = def.is_some_and(|d| d.result_type != 0 && d.op != Op::ExtInst);
        let Some(def) = def.filter(|_| defined_later) else {
            let message = format!("%{id} cannot be used here (not a value of this function)");
            return Err(self.view.error(at, message));
        };
        let ty = self.type_of_id(at, Some(def.result_type))?;
        let placeholder = self.ctx.create_placeholder(ty);
        scope.pending.insert(id, placeholder);
        Ok(placeholder)
    }

    pub(super) fn spec(
        &mut self,
        name: &'static str,
        operands: Vec<Value>,
        results: Vec<Type>,
        props: impl IntoIterator<Item = (&'static str, Attr)>,
    ) -> OpSpec {
        let mut spec = OpSpec::new(self.static_ident(name), self.line);
        spec.operands = operands;
        spec.result_types = results;
        let props: Properties = props.into_iter().collect();
        if !props.is_empty() {
            spec.properties = Some(self.properties(&props));
        }
        spec
    }

    /// Instruction `index` as an op at the end of `block`, where `builder`
    /// inserts (line and no-op instructions as nothing); `values` is room
    /// for its SSA operands, empty. Kept inline in its callers (the loop
    /// over a block's instructions, and a terminator without targets).
    #[inline(always)]
    pub(super) fn read_instruction(
        &mut self,
        scope: &mut Scope,
        (block, builder): (Block, &Builder),
        index: u32,
        values: &mut Values,
    ) -> Result<(), DecodeError> {
        let inst = self.view.insts[index as usize];
        match inst.op {
            Op::Line | Op::NoLine => {
                self.track_line(index);
                return Ok(());
            }
            // Stands for a `spirv.Undef` at each use (see `Reader::value`).
            Op::Nop | Op::Undef => return Ok(()),
            _ => {}
        }
        let carried = self.carried(scope, builder, index, true, values)?;
        let mut attributes = None;
        if inst.result != 0 && self.is_decorated(inst.result) {
            let attrs = self.decoration_attrs(inst.result, &[]);
            attributes = (!attrs.is_empty()).then(|| self.ctx.dictionary_attr_of(&attrs));
        }
        let result_type = match inst.result_type {
            0 => None,
            ty => Some(self.type_of_id(index, Some(ty))?),
        };
        if inst.result != 0 && result_type.is_none() {
            return Err(self.view.error(
                index,
                "unsupported instruction (a result without a type)".into(),
            ));
        }
        let mut parts = OpParts::new(self.op_ident(carried.named_by), self.line);
        parts.operands = values;
        parts.result_types = result_type.as_slice();
        parts.properties = carried.properties;
        parts.attributes = attributes;
        if inst.op == Op::FunctionCall && result_type.is_some() && result_type == self.none_type {
            return self.void_call(block, parts, inst.result);
        }
        if let Some(value) = self.ctx.append_plain_op(block, parts) {
            self.define(scope, inst.result, value);
        }
        Ok(())
    }

    /// A call of a function returning void, as MLIR has it: without a
    /// result (the writer gives the instruction a fresh one); the result
    /// id's `OpName` names the call's location.
    #[cold]
    #[inline(never)]
    fn void_call(&mut self, block: Block, mut parts: OpParts, id: u32) -> Result<(), DecodeError> {
        parts.result_types = &[];
        self.ctx.append_plain_op(block, parts);
        if let (Some(name), Some(op)) = (self.name(id), self.ctx.last_op(block)) {
            let loc = self.ctx.op_loc(op).named(self.ctx.ident(name));
            self.ctx.set_op_loc(op, loc);
        }
        Ok(())
    }

    pub(super) fn read_terminator(
        &mut self,
        scope: &mut Scope,
        block: Block,
        body: &Body,
        b: u32,
    ) -> Result<(), DecodeError> {
        let cfg = body.cfg;
        let index = cfg.blocks[b as usize].terminator;
        let op = self.view.insts[index as usize].op;
        if !matches!(op, Op::Branch | Op::BranchConditional | Op::Switch) {
            let builder = Builder::at_end(block);
            return self.read_instruction(scope, (block, &builder), index, &mut Values::new());
        }
        let builder = &Builder::at_end(block);
        let operands = self.operands(index);
        let mut values: SmallVec<[Value; 4]> = SmallVec::new();
        let mut selector_type = None;
        if op != Op::Branch {
            // The condition or the selector.
            let id = operands.first().and_then(id_of).unwrap_or(0);
            let value = self.value(scope, builder, index, id)?;
            if op == Op::Switch {
                selector_type = Some(self.ctx.value_type(value));
            }
            values.push(value);
        }
        // The CFG has read the targets, in the terminator's order.
        let targets = cfg.successors(b);
        let mut successors: SmallVec<[Block; 2]> = SmallVec::new();
        let mut segments: SmallVec<[i64; 4]> = SmallVec::new();
        for &t in targets {
            let Some((block, escaping, trivial)) = body.target(b, t) else {
                let message = format!("%{} cannot be branched to from here", cfg.label(t));
                return Err(self.view.error(index, message));
            };
            // A region's merge block takes no value for its trivial phis.
            let mut skip = trivial.iter();
            let args = (cfg.phi_arguments(t, b))
                .filter(|_| !matches!(skip.next(), Some(Some(_))))
                .chain(escaping.iter().copied());
            let before = values.len();
            for id in args {
                values.push(self.value(scope, builder, index, id)?);
            }
            segments.push((values.len() - before) as i64);
            successors.push(block);
        }
        let i32_type = self.i32_type;
        let properties = match op {
            Op::BranchConditional => {
                let sizes = [1, segments[0], segments.get(1).copied().unwrap_or(0)];
                let mut weights = (operands[3..].iter().filter_map(super::literal_u32)).peekable();
                if weights.peek().is_none() {
                    Some(self.branch_properties(sizes))
                } else {
                    let sizes = self.ctx.dense_array_attr(i32_type, sizes.to_vec());
                    let weights: Vec<Attr> = weights
                        .map(|w| self.ctx.integer_attr(i32_type, i128::from(w as i32)))
                        .collect();
                    let weights = self.ctx.array_attr(weights);
                    Some(
                        self.properties(&[
                            ("operandSegmentSizes", sizes),
                            ("branch_weights", weights),
                        ]),
                    )
                }
            }
            Op::Switch => {
                let ty = selector_type.unwrap_or(i32_type);
                let literals: Vec<Attr> = (operands[2..].chunks(2))
                    .filter_map(|pair| match pair {
                        [literal, Operand::Id(_)] => Some(literal),
                        _ => None,
                    })
                    .map(|l| match l {
                        Operand::Number { bits, .. } => *bits,
                        other => u64::from(super::literal_u32(other).unwrap_or(0)),
                    })
                    .map(|bits| {
                        let width = self.ctx.as_integer(ty).map_or(32, |i| i.0).min(64);
                        let shift = 128 - width;
                        self.ctx
                            .integer_attr(ty, (i128::from(bits) << shift) >> shift)
                    })
                    .collect();
                let case_total: i64 = segments[1..].iter().sum();
                let sizes = vec![1, segments[0], case_total];
                let sizes = self.ctx.dense_array_attr(i32_type, sizes);
                let cases = self.ctx.dense_array_attr(i32_type, segments[1..].to_vec());
                let literals = self.ctx.array_attr(literals);
                Some(self.properties(&[
                    ("operandSegmentSizes", sizes),
                    ("case_operand_segments", cases),
                    ("literals", literals),
                ]))
            }
            _ => None,
        };
        let mut parts = OpParts::new(self.op_ident(op), self.line);
        parts.operands = &values;
        parts.properties = properties;
        parts.successors = &successors;
        builder.create_from_parts(&mut self.ctx, parts);
        Ok(())
    }

    /// The properties of an `OpBranchConditional` without weights passing
    /// `sizes` operands (condition, true and false arguments), made once.
    fn branch_properties(&mut self, sizes: [i64; 3]) -> Attr {
        if let Some(&attr) = self.branch_properties.get(&sizes) {
            return attr;
        }
        let sizes_attr = self.ctx.dense_array_attr(self.i32_type, sizes.to_vec());
        let attr = self.properties(&[("operandSegmentSizes", sizes_attr)]);
        self.branch_properties.insert(sizes, attr);
        attr
    }
}

/// The enum value of a decoded enumerant operand.
pub(super) fn enum_value(operand: &Operand) -> Option<u32> {
    match operand {
        Operand::Enum { value, .. } => Some(*value),
        _ => None,
    }
}
