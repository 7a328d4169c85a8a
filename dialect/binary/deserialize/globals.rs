//! The globals section: types, constants, spec constants (see
//! [`super::spec_ops`] for the composite and operation ones), `OpUndef`s
//! and module-level variables, then function symbols and entry points.

use super::properties::{Property, PropertySet};
use super::tables::IdentSet;
use super::{Global, Reader};
use crate::binary::module::Section;
use crate::binary::{DecodeError, Operand};
use crate::grammar::Op;
use crate::ir::{Attr, FastMap, Ident};
use crate::spirv::types::{untyped_pointer_op, untyped_variable_op};
use smallvec::SmallVec;

/// Decorations a `spirv.GlobalVariable` keeps as properties.
/// The name a symbol takes when no name of its own is free: prefix and
/// number (`spirv_var_12`).
type Fallback = (&'static str, u32);

const VARIABLE_PROPERTIES: [&str; 3] = ["Binding", "DescriptorSet", "Location"];
/// [`VARIABLE_PROPERTIES`] and the decoration a `linkage_attributes`
/// property stands for.
const VARIABLE_PROPERTIES_AND_LINKAGE: [&str; 4] =
    ["Binding", "DescriptorSet", "Location", "LinkageAttributes"];
/// The property each of [`VARIABLE_PROPERTIES`] becomes.
const VARIABLE_PROPERTY_KEYS: [Property; 3] = [
    Property::Binding,
    Property::DescriptorSet,
    Property::Location,
];

impl<'v> Reader<'v, '_> {
    pub(super) fn read_globals(&mut self) -> Result<(), DecodeError> {
        for index in self.section_indices(Section::Globals) {
            let inst = self.view.insts[index as usize];
            let class = inst.op.info().class;
            match inst.op {
                Op::Line | Op::NoLine => self.track_line(index),
                Op::Nop => {}
                Op::ExtInst if self.is_debug_inst(index) => self.debug_op(index)?,
                Op::Variable => self.global_variable(index)?,
                Op::Undef => {
                    let ty = self.type_of_id(index, Some(inst.result_type))?;
                    self.globals.insert(inst.result, Global::Undef(ty));
                }
                Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse => {
                    self.spec_constant(index)?
                }
                Op::SpecConstantOp => self.spec_constant_op(index)?,
                Op::SpecConstantComposite => self.spec_constant_composite(index)?,
                _ if class == "Type-Declaration" => self.read_type(index, &inst)?,
                _ if class == "Constant-Creation" => {
                    let (attr, ty) = match self.constant_or_op(index)? {
                        (Some(attr), ty) => (attr, ty),
                        (None, ty) => {
                            self.globals
                                .insert(inst.result, Global::Instruction(index, ty));
                            continue;
                        }
                    };
                    self.globals.insert(inst.result, Global::Constant(attr, ty));
                    if self.is_decorated(inst.result) {
                        self.decorated_constant(inst.result, attr, ty);
                    }
                }
                op if is_untyped_variable(op) => self.global_variable(index)?,
                _ => {
                    return Err(self
                        .view
                        .error(index, "unsupported module-level instruction".into()))
                }
            }
        }
        for function in &self.view.functions {
            let id = self.view.insts[function.def as usize].result;
            let symbol = self.symbol(id);
            self.globals.insert(id, Global::Function(symbol));
        }
        Ok(())
    }

    /// One pass over the globals section before it is read: the
    /// spec-constant operations that module-level instructions use (see
    /// [`Reader::note_module_level_uses`]), the structs that buffer
    /// references point to (see [`Reader::note_buffer_reference`]), and the
    /// instructions that may take a symbol, for [`Reader::assign_symbols`].
    pub(super) fn scan_globals(&mut self) {
        let mut depths = FastMap::default();
        let mut symbol_sources = std::mem::take(&mut self.symbol_sources);
        symbol_sources.clear();
        for index in self.section_indices(Section::Globals) {
            let inst = self.view.insts[index as usize];
            match inst.op {
                Op::TypePointer => self.note_buffer_reference(index),
                Op::TypeArray => self.note_module_level_uses(index, &inst, &mut depths),
                Op::Variable | Op::SpecConstantComposite | Op::SpecConstantOp => {
                    symbol_sources.push(index);
                    self.note_module_level_uses(index, &inst, &mut depths);
                }
                op if is_untyped_variable(op) => {
                    symbol_sources.push(index);
                    self.note_module_level_uses(index, &inst, &mut depths);
                }
                Op::ExtInst => {
                    symbol_sources.push(index);
                    // Only an earlier spec-constant operation can be named.
                    if !depths.is_empty() {
                        self.note_module_level_uses(index, &inst, &mut depths);
                    }
                }
                Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse | Op::String => {
                    symbol_sources.push(index)
                }
                _ => {}
            }
        }
        self.symbol_sources = symbol_sources;
        // A module without spec-constant operations needs no look.
        let modes = match depths.is_empty() {
            true => 0..0,
            false => self.section_indices(Section::ExecutionModes),
        };
        for index in modes {
            let inst = self.view.insts[index as usize];
            if inst.op == Op::ExecutionModeId {
                self.note_module_level_uses(index, &inst, &mut depths);
            }
        }
    }

    /// Names every symbol up front (so decorations can refer to variables
    /// declared later): first the functions of entry points, after their
    /// first entry point (the serializer writes the symbol as the entry
    /// point's name); then debug symbols, global variables, spec constants
    /// and the other functions, in module order, by their `OpName`
    /// (`name_0`, `name_1`, ... when another symbol took it), else
    /// `prefix_<id>`.
    pub(super) fn assign_symbols(&mut self) {
        // The globals that may take a symbol (see [`Reader::scan_globals`]).
        let globals = std::mem::take(&mut self.symbol_sources);
        let sources = self.section_indices(Section::DebugSources);
        let mut taken = std::mem::take(&mut self.taken_symbols);
        // Entry points' functions first, in module order: an entry point's
        // name is what a runtime finds it by, an `OpName` only debug
        // information (kept when the symbol differs).
        let mut entry_points = std::mem::take(&mut self.entry_points);
        for index in self.section_indices(Section::EntryPoints) {
            if let [_, Operand::Id(function), Operand::String(_), ..] = self.operands(index) {
                entry_points.entry(*function).or_insert(index);
            }
        }
        let mut entry_functions: SmallVec<[u32; 4]> = SmallVec::new();
        for function in &self.view.functions {
            let id = self.view.insts[function.def as usize].result;
            let entry = entry_points
                .get(&id)
                .and_then(|&index| match self.operands(index) {
                    [_, _, Operand::String(name), ..] if !name.is_empty() => {
                        Some(self.decoded.text(*name))
                    }
                    _ => None,
                });
            if let Some(entry) = entry {
                let op_name = self.name(id);
                let candidates: SmallVec<[&str; 2]> =
                    std::iter::once(entry).chain(op_name).collect();
                self.assign_symbol(&mut taken, id, &candidates, op_name, ("spirv_fn", id));
                entry_functions.push(id);
            }
        }
        let (mut strings, mut debug) = (0, 0);
        let after_functions = self.view.after_functions.iter().copied();
        for index in sources
            .chain(globals.iter().copied())
            .chain(after_functions)
        {
            if !self.is_debug_symbol(index) {
                continue;
            }
            let inst = self.view.insts[index as usize];
            let fallback = match inst.op {
                Op::String => ("spirv_string", strings),
                _ => ("spirv_debug", debug),
            };
            match inst.op {
                Op::String => strings += 1,
                _ => debug += 1,
            }
            let op_name = self.name(inst.result);
            self.assign_symbol(&mut taken, inst.result, &[], op_name, fallback);
        }
        for &index in &globals {
            let inst = self.view.insts[index as usize];
            let prefix = match inst.op {
                Op::Variable => "spirv_var",
                op if is_untyped_variable(op) => "spirv_var",
                Op::SpecConstant
                | Op::SpecConstantTrue
                | Op::SpecConstantFalse
                | Op::SpecConstantComposite => "spirv_spec_const",
                Op::SpecConstantOp if self.module_level_uses.contains(&inst.result) => {
                    "spirv_spec_op"
                }
                _ => continue,
            };
            let op_name = self.name(inst.result);
            let candidates: SmallVec<[&str; 1]> = op_name.into_iter().collect();
            let fallback = (prefix, inst.result);
            self.assign_symbol(&mut taken, inst.result, &candidates, op_name, fallback);
        }
        for function in &self.view.functions {
            let id = self.view.insts[function.def as usize].result;
            if !entry_functions.contains(&id) {
                let op_name = self.name(id);
                let candidates: SmallVec<[&str; 1]> = op_name.into_iter().collect();
                self.assign_symbol(&mut taken, id, &candidates, op_name, ("spirv_fn", id));
            }
        }
        entry_points.clear();
        self.entry_points = entry_points;
        self.taken_symbols = taken;
        self.symbol_sources = globals;
    }

    /// Gives `id` the first of `candidates` no other symbol took, else the
    /// first free suffix of the first (which, unlike the id, the module
    /// keeps when written back), else `prefix_number`. (A taken name is
    /// interned already: interning the names tried adds only the one
    /// chosen.) A symbol that is not `op_name`, the id's `OpName`, is
    /// noted with it for [`Reader::keep_symbol_op_names`].
    fn assign_symbol(
        &mut self,
        taken: &mut IdentSet,
        id: u32,
        candidates: &[&str],
        op_name: Option<&'v str>,
        (prefix, number): Fallback,
    ) {
        let ctx = &mut self.ctx;
        let free = (candidates.iter().map(|n| ctx.ident(n))).find(|n| !taken.contains(*n));
        let name = match (free, candidates.first()) {
            (Some(name), _) => name,
            (None, Some(wanted)) => {
                let mut n = 0;
                loop {
                    let name = super::numbered_ident(ctx, wanted, n);
                    if !taken.contains(name) {
                        break name;
                    }
                    n += 1;
                }
            }
            (None, None) => super::numbered_ident(ctx, prefix, number),
        };
        taken.insert(name);
        self.symbols.insert(id, name);
        if let Some(op_name) = op_name.filter(|n| n.as_bytes() != self.ctx.str_bytes(name)) {
            self.renamed_symbols.push((name, op_name));
        }
    }

    /// Symbol ops whose symbol is not their `OpName` keep the name as
    /// their location's.
    pub(super) fn keep_symbol_op_names(&mut self) {
        let mut renamed = std::mem::take(&mut self.renamed_symbols);
        if renamed.is_empty() {
            return;
        }
        renamed.sort_unstable_by_key(|r| r.0);
        let sym_name = self.static_ident("sym_name");
        let mut next = self.ctx.first_op(self.module_body);
        while let Some(op) = next {
            next = self.ctx.next_op(op);
            let props = self.ctx.properties(op);
            let symbol = props.and_then(|p| self.ctx.dict_get_ident(p, sym_name));
            let name = symbol.and_then(|s| match *self.ctx.attr_data(s) {
                crate::ir::AttrData::String(s) => renamed.binary_search_by_key(&s, |r| r.0).ok(),
                _ => None,
            });
            if let Some(at) = name {
                let name = self.ctx.ident(renamed[at].1);
                let loc = self.ctx.op_loc(op).named(name);
                self.ctx.set_op_loc(op, loc);
            }
        }
    }

    /// A decorated constant (`BuiltIn WorkgroupSize`, `RelaxedPrecision`),
    /// which may have no use to carry its decorations: a module-level
    /// `spirv.Constant` holding them as attributes.
    fn decorated_constant(&mut self, id: u32, value: Attr, ty: crate::ir::Type) {
        let attrs = self.decoration_attrs(id, &[]);
        let mut spec = crate::ir::OpSpec::new(self.static_ident("spirv.Constant"), self.line);
        spec.result_types = vec![ty];
        spec.properties = Some(self.property_dictionary_of(Property::Value, value));
        spec.attributes = Some(self.ctx.dictionary_attr_of(&attrs));
        crate::ir::Builder::at_end(self.module_body).create_from(&mut self.ctx, spec);
    }

    /// Whether instruction `index` is an `OpExtInst` of a debug set
    /// (non-semantic or debug-information).
    pub(super) fn is_debug_inst(&self, index: u32) -> bool {
        self.view.is_debug_inst(&self.view.insts[index as usize])
    }

    /// A module-level `OpVariable`, or `OpUntypedVariableKHR` (whose data
    /// type becomes `data_type`), as a `spirv.GlobalVariable`.
    fn global_variable(&mut self, index: u32) -> Result<(), DecodeError> {
        let inst = self.view.insts[index as usize];
        let untyped = inst.op != Op::Variable;
        let function_storage = 7;
        if let Some(Operand::Enum { value, .. }) = self.operands(index).first() {
            if *value == function_storage {
                let message = "a Function-storage variable outside a function".to_string();
                return Err(self.view.error(index, message));
            }
        }
        let ty = self.type_of_id(index, Some(inst.result_type))?;
        // The storage class operands of the variable and its pointer type.
        let storage_class = |index: u32| match self.operands(index).first() {
            Some(Operand::Enum { value, .. }) => Some(*value),
            _ => None,
        };
        let pointer = self.view.def(inst.result_type);
        let pointer_op = |p: u32| match untyped {
            false => self.view.insts[p as usize].op == Op::TypePointer,
            true => Some(self.view.insts[p as usize].op) == untyped_pointer_op(),
        };
        let pointed = pointer.filter(|&p| pointer_op(p));
        let declared = storage_class(index);
        if declared.is_none() || pointed.and_then(storage_class) != declared {
            let message = "a storage class other than its pointer type's".to_string();
            return Err(self.view.error(index, message));
        }
        let name = self.symbol(inst.result);
        let mut props = PropertySet::new();
        props.set(Property::SymName, self.string_attr(name));
        props.set(Property::Type, self.ctx.type_attr(ty));
        let properties: SmallVec<[(usize, u32); 4]> = (self.decorations(inst.result))
            .filter_map(|(decoration, value)| {
                let property = VARIABLE_PROPERTIES.iter().position(|&p| p == decoration);
                property.zip(value)
            })
            .collect();
        for (property, v) in properties {
            let attr = self.i32_attr(v as i32);
            props.set(VARIABLE_PROPERTY_KEYS[property], attr);
        }
        // An untyped variable's data type comes before its initializer.
        let mut initializer = 1;
        if untyped {
            if let Some(Operand::Id(data)) = self.operands(index).get(1) {
                let data_type = self.type_of_id(index, Some(*data))?;
                props.set(Property::DataType, self.ctx.type_attr(data_type));
            }
            initializer = 2;
        }
        // A symbol initializer as MLIR has it, or a constant's value.
        if let Some(Operand::Id(init)) = self.operands(index).get(initializer) {
            match self.globals.get(*init) {
                Some(Global::Variable(..) | Global::SpecConstant(..)) => {
                    if let Some(symbol) = self.global_symbol_ref(*init) {
                        props.set(Property::Initializer, symbol);
                    }
                }
                Some(Global::Constant(value, _)) => props.set(Property::InitialValue, value),
                _ => {
                    let message = format!("initializer %{init} is not a constant or a variable");
                    return Err(self.view.error(index, message));
                }
            }
        }
        let (linkage, decorated) = self.linkage_attributes(inst.result);
        if let Some(linkage) = linkage {
            props.set(Property::LinkageAttributes, linkage);
        }
        let skip: &[&str] = match decorated {
            [] => &VARIABLE_PROPERTIES,
            _ => &VARIABLE_PROPERTIES_AND_LINKAGE,
        };
        let mut attrs = self.decoration_attrs(inst.result, skip);
        attrs.extend(self.block_marker(inst.result_type));
        let props = self.property_dictionary(&props);
        self.module_op_of("spirv.GlobalVariable", props, &attrs);
        self.globals.insert(inst.result, Global::Variable(name, ty));
        Ok(())
    }

    /// `buffer_block` when the struct a variable of pointer type `ty`
    /// points to (through arrays) is decorated `BufferBlock`, `block` when
    /// it is a `Block` of inputs or outputs: the decorations the serializer
    /// cannot derive from the storage class.
    fn block_marker(&mut self, ty: u32) -> Option<(Ident, Attr)> {
        let pointer = self.view.def(ty)?;
        let (class, mut pointee) = match self.operands(pointer) {
            [Operand::Enum { value, .. }, Operand::Id(pointee)] => (*value, *pointee),
            _ => return None,
        };
        while let Some(def) = self.view.def(pointee) {
            match (self.view.insts[def as usize].op, self.operands(def).first()) {
                (Op::TypeArray | Op::TypeRuntimeArray, Some(Operand::Id(elem))) => pointee = *elem,
                _ => break,
            }
        }
        let block = (self.decorations(pointee).map(|d| d.0))
            .find(|d| matches!(*d, "Block" | "BufferBlock"));
        let (input, output) = (1, 3);
        let marker = match block {
            Some("BufferBlock") => "buffer_block",
            Some(_) if class == input || class == output => "block",
            _ => return None,
        };
        Some((self.static_ident(marker), self.unit_attr()))
    }

    fn spec_constant(&mut self, index: u32) -> Result<(), DecodeError> {
        let inst = self.view.insts[index as usize];
        let (value, ty) = self.constant(index)?;
        let name = self.symbol(inst.result);
        let mut props = PropertySet::new();
        props.set(Property::SymName, self.string_attr(name));
        props.set(Property::DefaultValue, value);
        let attrs = self.decoration_attrs(inst.result, &["SpecId"]);
        let spec_id = self.decorations(inst.result).find(|d| d.0 == "SpecId");
        if let Some(id) = spec_id.and_then(|d| d.1) {
            let i32_type = self.i32_type;
            let id = self.ctx.integer_attr(i32_type, i128::from(id));
            props.set(Property::SpecId, id);
        }
        let props = self.property_dictionary(&props);
        self.module_op_of("spirv.SpecConstant", props, &attrs);
        self.globals
            .insert(inst.result, Global::SpecConstant(name, ty));
        Ok(())
    }

    /// `spirv.EntryPoint` and `spirv.ExecutionMode` ops, after the functions.
    pub(super) fn read_entry_points(&mut self) -> Result<(), DecodeError> {
        for index in self.section_indices(Section::EntryPoints) {
            let operands = self.operands(index);
            let [Operand::Enum { kind, value }, Operand::Id(function), Operand::String(name), interface @ ..] =
                operands
            else {
                return Err(self.view.error(index, "unsupported entry point".into()));
            };
            let case = kind.enumerant(*value).map_or("", |e| e.name);
            let case = self.static_ident(case);
            let model = self.enum_attr("execution_model", case);
            let callee = self.function_symbol(index, *function)?;
            let mut refs: SmallVec<[Attr; 8]> = SmallVec::new();
            for id in interface {
                let Operand::Id(id) = id else { continue };
                match self.globals.get(*id) {
                    Some(Global::Variable(..)) => refs.extend(self.global_symbol_ref(*id)),
                    _ => {
                        return Err(self
                            .view
                            .error(index, format!("interface %{id} is no global variable")))
                    }
                }
            }
            let mut props = PropertySet::new();
            props.set(Property::ExecutionModel, model);
            props.set(Property::Fn, callee);
            props.set(Property::Interface, self.ctx.array_attr_of(&refs));
            // A name other than the function's symbol (a function that is
            // several entry points, or one whose name another symbol took).
            let name = self.decoded.text(*name);
            if self.symbols.get(*function).map(|s| self.ctx.str(s)) != Some(name) {
                props.set(Property::Name, self.ctx.string_attr(name));
            }
            let props = self.property_dictionary(&props);
            self.module_op_of("spirv.EntryPoint", props, &[]);
        }
        for index in self.section_indices(Section::ExecutionModes) {
            let operands = self.operands(index);
            let [Operand::Id(function), Operand::Enum { kind, value }, values @ ..] = operands
            else {
                return Err(self.view.error(index, "unsupported execution mode".into()));
            };
            let case = kind.enumerant(*value).map_or("", |e| e.name);
            let case = self.static_ident(case);
            let mode = self.enum_attr("execution_mode", case);
            let callee = self.function_symbol(index, *function)?;
            let with_ids = self.view.insts[index as usize].op == Op::ExecutionModeId;
            let takes_ids = values.iter().any(|v| matches!(v, Operand::Id(_)));
            if !values.is_empty() && takes_ids != with_ids {
                let message = match takes_ids {
                    true => "an execution mode taking ids outside OpExecutionModeId",
                    false => "OpExecutionModeId with an execution mode taking no ids",
                };
                return Err(self.view.error(index, message.into()));
            }
            let mut attrs: SmallVec<[Attr; 4]> = SmallVec::new();
            for value in values {
                attrs.push(match (value, with_ids) {
                    (Operand::Id(id), true) => {
                        // A type among them: `FPFastMathDefault`'s target.
                        self.check_module_level_id(index, *id, true)?;
                        self.id_attr(*id)
                    }
                    _ => self.i32_attr(super::literal_u32(value).unwrap_or(0) as i32),
                });
            }
            let mut props = PropertySet::new();
            props.set(Property::ExecutionMode, mode);
            props.set(Property::Fn, callee);
            props.set(Property::Values, self.ctx.array_attr_of(&attrs));
            let props = self.property_dictionary(&props);
            let name = match with_ids {
                true => "spirv.ExecutionModeId",
                false => "spirv.ExecutionMode",
            };
            self.module_op_of(name, props, &[]);
        }
        Ok(())
    }

    /// `@name` of function `id`.
    pub(super) fn function_symbol(&mut self, at: u32, id: u32) -> Result<Attr, DecodeError> {
        let symbol = match self.globals.get(id) {
            Some(Global::Function(_)) => self.global_symbol_ref(id),
            _ => None,
        };
        symbol.ok_or_else(|| self.view.error(at, format!("%{id} is no function")))
    }
}

/// Whether `op` is `OpUntypedVariableKHR` (SPV_KHR_untyped_pointers),
/// compared rather than matched: older grammars lack it.
pub(super) fn is_untyped_variable(op: Op) -> bool {
    Some(op) == untyped_variable_op()
}
