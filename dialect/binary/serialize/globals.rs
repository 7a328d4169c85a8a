//! The module-level declarations: the header's capabilities, extensions,
//! imports and memory model, global variables, specialization constants,
//! entry points and execution modes.

use super::super::encode_string;
use super::super::instruction::encode_string_bytes;
use super::properties::Property;
use super::tables::Role;
use super::types::{words, Words};
use super::{begin, finish, function, SerializeError, Writer, BLOCK_MARKERS};
use crate::grammar::{Decoration, InstSet, Op, OperandKind};
use crate::ir::{AttrData, Param};
use crate::spirv::types::{untyped_variable_op, NO_UNTYPED_POINTERS};

impl Writer<'_> {
    /// Capabilities, extensions and the memory model; the header's version.
    pub(super) fn module_header(&mut self, module: crate::ir::Op) -> Result<u32, SerializeError> {
        let vce = self
            .property(module, Property::VceTriple)
            .ok_or("spirv.module without vce_triple")?;
        let AttrData::Dialect(d) = self.ctx.attr_data(vce) else {
            return Err("vce_triple is not a #spirv.vce".into());
        };
        let [Param::Ident(version), Param::List(caps), Param::List(exts)] = &d.params[..] else {
            return Err("vce_triple is not a #spirv.vce".into());
        };
        let minor: u32 = (self.ctx.str(*version).strip_prefix("v1."))
            .and_then(|m| m.parse().ok())
            .ok_or("bad vce version")?;
        let capability = OperandKind::Capability;
        for cap in caps.iter() {
            let Param::Ident(name) = cap else { continue };
            let Some(value) = self.named_value(capability, *name) else {
                return Err(format!("unknown capability {}", self.ctx.str(*name)));
            };
            function::emit_words(&mut self.out.capabilities, Op::Capability, &[value]);
        }
        for ext in exts.iter() {
            let Param::Ident(name) = ext else { continue };
            let extensions = &mut self.out.extensions;
            let start = begin(extensions);
            encode_string_bytes(self.ctx.str_bytes(*name), extensions);
            finish(extensions, start, Op::Extension)?;
        }
        let mut operands = [0; 2];
        for (word, (property, kind)) in operands.iter_mut().zip([
            (Property::AddressingModel, OperandKind::AddressingModel),
            (Property::MemoryModel, OperandKind::MemoryModel),
        ]) {
            let attr = self
                .property(module, property)
                .ok_or_else(|| format!("spirv.module without {}", property.name()))?;
            *word = self.enum_attr_value(attr, kind)?;
        }
        function::emit_words(&mut self.out.memory_model, Op::MemoryModel, &operands);
        Ok((1 << 16) | (minor << 8))
    }

    /// The id of the `OpExtInstImport` of `set`.
    pub(super) fn ext_set(&mut self, set: InstSet) -> Result<u32, SerializeError> {
        if let Some(&(_, id)) = self.pool.ext_sets.iter().find(|s| s.0 == set) {
            return Ok(id);
        }
        let id = self.import(set.info().import_name)?;
        self.pool.ext_sets.push((set, id));
        Ok(id)
    }

    /// The id of the `OpExtInstImport` of the set imported as `name`: one
    /// import per name.
    pub(super) fn ext_set_named(&mut self, name: &str) -> Result<u32, SerializeError> {
        if let Some(set) = InstSet::from_import_name(name) {
            return self.ext_set(set);
        }
        if let Some((_, id)) = self.pool.named_ext_sets.iter().find(|s| *s.0 == *name) {
            return Ok(*id);
        }
        let id = self.import(name)?;
        self.pool.named_ext_sets.push((name.into(), id));
        Ok(id)
    }

    /// A fresh id and the `OpExtInstImport` of `name` giving it.
    fn import(&mut self, name: &str) -> Result<u32, SerializeError> {
        let id = self.fresh();
        let imports = &mut self.out.imports;
        let start = begin(imports);
        imports.push(id);
        encode_string(name, imports);
        finish(imports, start, Op::ExtInstImport)?;
        Ok(id)
    }

    pub(super) fn global_variable(&mut self, op: crate::ir::Op) -> Result<(), SerializeError> {
        let id = self.symbol_of(op)?;
        let [ty, initializer, initial_value, descriptor_set, binding, location, linkage] = self
            .props(
                op,
                [
                    "type",
                    "initializer",
                    "initial_value",
                    "descriptor_set",
                    "binding",
                    "location",
                    "linkage_attributes",
                ],
            );
        let ty = ty
            .and_then(|t| self.ctx.as_type_attr(t))
            .ok_or("spirv.GlobalVariable without a type")?;
        // What the variable holds: the pointee, or an untyped pointer's
        // data type.
        let typed = self.pointer_parts(ty);
        let untyped = typed
            .is_none()
            .then(|| self.untyped_pointer_class(ty))
            .flatten();
        let data_type = match untyped {
            Some(_) => (self.prop(op, "data_type")).and_then(|t| self.ctx.as_type_attr(t)),
            None => None,
        };
        let (pointee, class) = match (typed, untyped) {
            (Some((pointee, class)), _) => (Some(pointee), class),
            (None, Some(class)) => (data_type, class),
            (None, None) => return Err("a variable's type is not a pointer".into()),
        };
        let class_word = self.storage_class_word(class)?;
        let ty_id = self.type_id(ty)?;
        let init = match (initializer, initial_value) {
            (Some(init), _) => Some(self.symbol_id(Some(init))?),
            (None, Some(value)) => {
                let pointee = pointee.ok_or("an untyped variable's value without a data_type")?;
                Some(self.constant_id(pointee, value)?)
            }
            (None, None) => None,
        };
        // The variable's source position, as an `OpLine` among the globals.
        let loc = self.ctx.op_loc(op);
        if self.line_needed(loc) {
            let mut globals = std::mem::take(&mut self.out.globals);
            let line = self.position_line(&mut globals, loc);
            self.out.globals = globals;
            line?;
        }
        match (untyped, init) {
            (None, Some(init)) => {
                self.emit_global(Op::Variable, Some(ty_id), id, &[class_word, init])?
            }
            (None, None) => self.emit_global(Op::Variable, Some(ty_id), id, &[class_word])?,
            (Some(_), init) => {
                let mut operands: Words = words([class_word]);
                if let Some(data_type) = data_type {
                    operands.push(self.type_id(data_type)?);
                }
                if let Some(init) = init {
                    if data_type.is_none() {
                        return Err("an untyped variable's initializer without a data_type".into());
                    }
                    operands.push(init);
                }
                let variable = untyped_variable_op().ok_or(NO_UNTYPED_POINTERS)?;
                self.emit_global(variable, Some(ty_id), id, &operands)?
            }
        }
        for (attr, decoration) in [
            (descriptor_set, Decoration::DescriptorSet),
            (binding, Decoration::Binding),
            (location, Decoration::Location),
        ] {
            if let Some(value) = attr.and_then(|a| self.ctx.as_int_attr(a)) {
                self.decorate_with(id, decoration, Some(value as u32))?;
            }
        }
        let attrs = self.ctx.attributes(op);
        // Scanned rather than searched: attribute dictionaries are short
        // (and most often empty, the one empty dictionary).
        let mut marker = None;
        if attrs != self.ctx.empty_dictionary() {
            let entries = self.ctx.dict_entries(attrs);
            let names = entries.iter().map(|e| self.ctx.str(e.0));
            marker = (BLOCK_MARKERS.into_iter()).find(|m| names.clone().any(|n| n == *m));
        }
        if let Some(pointee) = pointee {
            self.decorate_interface_block(pointee, class, marker)?;
        }
        if let Some(linkage) = linkage {
            self.decorate_linkage(id, linkage)?;
        }
        self.decorate(id, attrs)
    }

    pub(super) fn spec_constant(&mut self, op: crate::ir::Op) -> Result<(), SerializeError> {
        let id = self.symbol_of(op)?;
        let value = self
            .prop(op, "default_value")
            .ok_or("spirv.SpecConstant without a default_value")?;
        let (ty, inst, words) = match self.ctx.attr_data(value) {
            AttrData::Integer { ty, value }
                if self.ctx.as_integer(*ty).is_some_and(|i| i.0 == 1) =>
            {
                let op = if *value != 0 {
                    Op::SpecConstantTrue
                } else {
                    Op::SpecConstantFalse
                };
                (*ty, op, Words::new())
            }
            AttrData::Integer { ty, value } => (
                *ty,
                Op::SpecConstant,
                self.number_words(*ty, *value as u64)?,
            ),
            AttrData::Float { ty, bits } => (*ty, Op::SpecConstant, self.number_words(*ty, *bits)?),
            _ => return Err("unsupported spec constant value".into()),
        };
        let ty_id = self.type_id(ty)?;
        let globals = &mut self.out.globals;
        let start = begin(globals);
        globals.extend([ty_id, id]);
        globals.extend_from_slice(&words);
        finish(globals, start, inst)?;
        if let Some(spec_id) = self
            .prop(op, "spec_id")
            .and_then(|a| self.ctx.as_int_attr(a))
        {
            self.decorate_with(id, Decoration::SpecId, Some(spec_id as u32))?;
        }
        self.decorate(id, self.ctx.attributes(op))
    }

    /// A module-level `spirv.Constant`: the constant, with the decorations
    /// its attributes give.
    pub(super) fn decorated_constant(&mut self, op: crate::ir::Op) -> Result<(), SerializeError> {
        let value = self
            .prop(op, "value")
            .ok_or("spirv.Constant without a value")?;
        let results = self.ctx.results(op);
        let ty = (results.first().map(|&r| self.ctx.value_type(r)))
            .ok_or("spirv.Constant without a result")?;
        let id = self.constant_id(ty, value)?;
        self.decorate(id, self.ctx.attributes(op))
    }

    pub(super) fn entry_point(&mut self, op: crate::ir::Op) -> Result<(), SerializeError> {
        let model = self
            .property(op, Property::ExecutionModel)
            .ok_or("spirv.EntryPoint without execution_model")?;
        let model = self.enum_attr_value(model, OperandKind::ExecutionModel)?;
        let function = self.property(op, Property::Fn);
        let fn_id = self.symbol_id(function)?;
        let Some(AttrData::SymbolRef { root, .. }) = function.map(|a| self.ctx.attr_data(a)) else {
            return Err("spirv.EntryPoint without fn".into());
        };
        // Its own name when it has one, else the function's.
        let name = match self.ctx.attr(op, "name").map(|a| self.ctx.attr_data(a)) {
            Some(AttrData::String(name)) => *name,
            Some(_) => return Err("spirv.EntryPoint: `name` is not a string".into()),
            None => *root,
        };
        let start = begin(&mut self.out.entry_points);
        self.out.entry_points.extend([model, fn_id]);
        encode_string_bytes(self.ctx.str_bytes(name), &mut self.out.entry_points);
        if let Some(AttrData::Array(refs)) =
            (self.property(op, Property::Interface)).map(|a| self.ctx.attr_data(a))
        {
            for r in refs.iter() {
                let id = self.symbol_id(Some(*r))?;
                self.out.entry_points.push(id);
            }
        }
        finish(&mut self.out.entry_points, start, Op::EntryPoint)
    }

    pub(super) fn execution_mode(&mut self, op: crate::ir::Op) -> Result<(), SerializeError> {
        let fn_id = self.symbol_id(self.property(op, Property::Fn))?;
        let mode = self
            .property(op, Property::ExecutionMode)
            .ok_or("spirv.ExecutionMode without execution_mode")?;
        let mode = self.enum_attr_value(mode, OperandKind::ExecutionMode)?;
        let with_ids = self.class(op).role == Role::ExecutionModeId;
        let start = begin(&mut self.out.execution_modes);
        self.out.execution_modes.extend([fn_id, mode]);
        if let Some(AttrData::Array(values)) =
            (self.property(op, Property::Values)).map(|a| self.ctx.attr_data(a))
        {
            for &v in values.iter() {
                let word = match with_ids {
                    true => self.attr_id(v)?,
                    false => (self.ctx.as_int_attr(v))
                        .ok_or("spirv.ExecutionMode: a value is not an integer")?
                        as u32,
                };
                self.out.execution_modes.push(word);
            }
        }
        let inst = match with_ids {
            true => Op::ExecutionModeId,
            false => Op::ExecutionMode,
        };
        finish(&mut self.out.execution_modes, start, inst)
    }
}
