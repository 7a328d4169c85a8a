//! `--spirv-unify-aliased-resource`: global variables marked `aliased`
//! that share a descriptor set and binding, each a struct holding one
//! runtime array of scalars or vectors, are merged into one canonical
//! variable, and every access through the others is rewritten to go
//! through it:
//!
//! - canonical: when any element type is a vector, the vector of fewest
//!   bytes (all vector sizes a multiple of it, all scalar widths a multiple
//!   of its component's); otherwise the narrowest scalar (all widths a
//!   multiple of it); otherwise the set is left alone;
//! - `spirv.mlir.addressof` names the canonical variable;
//! - `spirv.AccessChain` keeps its indices for equal element sizes, scales
//!   the last one up (`IMul`) when the old element is wider, or splits it
//!   into vector and component (`SDiv`, `SMod`) when a scalar is read from
//!   a vector buffer;
//! - `spirv.Load` of a wider element loads each narrower piece and builds
//!   the value (`CompositeConstruct`, `Bitcast`); same-width scalars are
//!   bitcast;
//! - `spirv.Store` is rewritten for same-width scalars only.
//!
//! Other accesses are errors naming the op. A binding left with a single
//! variable loses its `aliased` mark.

use std::collections::HashMap;

use crate::ir::pass::Pass;
use crate::ir::{Builder, Context, Diagnostic, Op, Param, Type, TypeData, Value};
use crate::spirv::type_checks::constant_value;
use crate::spirv::types::as_pointer;
use crate::spirv::NAMESPACE;

use super::{body, build, defining_op, has_shape, pointer_type, property, symbol_name};

pub struct UnifyAliasedResource;

impl Pass for UnifyAliasedResource {
    fn argument(&self) -> &'static str {
        "spirv-unify-aliased-resource"
    }

    fn run(&mut self, ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
        super::each_spirv_module(ctx, op, unify_module)
    }
}

fn variable_type(ctx: &Context, variable: Op) -> Option<Type> {
    property(ctx, variable, "type").and_then(|t| ctx.as_type_attr(t))
}

/// The aliased variables of `module` by (set, binding), in module order.
fn aliased_variables(ctx: &Context, module_body: crate::ir::Block) -> Vec<((i128, i128), Vec<Op>)> {
    let mut groups: Vec<((i128, i128), Vec<Op>)> = Vec::new();
    for op in ctx.block_ops(module_body) {
        if ctx.op_name_str(op) != "spirv.GlobalVariable" || ctx.attr(op, "aliased").is_none() {
            continue;
        }
        let number = |name| property(ctx, op, name).and_then(|a| ctx.as_int_attr(a));
        let (Some(set), Some(binding)) = (number("descriptor_set"), number("binding")) else {
            continue;
        };
        match groups.iter_mut().find(|(key, _)| *key == (set, binding)) {
            Some((_, members)) => members.push(op),
            None => groups.push(((set, binding), vec![op])),
        }
    }
    groups
}

/// The element type of the runtime array in `!spirv.ptr<!spirv.struct<(
/// !spirv.rtarray<T>)>>`.
fn runtime_array_element(ctx: &Context, pointer: Type) -> Option<Type> {
    let (pointee, _) = as_pointer(ctx, pointer)?;
    let strukt = ctx.as_dialect_type(pointee, NAMESPACE, "struct")?;
    let [_, Param::List(members)] = &strukt.params[..] else {
        return None;
    };
    let [Param::List(member)] = &members[..] else {
        return None;
    };
    let Some(Param::Type(array)) = member.first() else {
        return None;
    };
    match &ctx.as_dialect_type(*array, NAMESPACE, "rtarray")?.params[..] {
        [Param::Type(elem), ..] => Some(*elem),
        _ => None,
    }
}

fn scalar_bits(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_data(ty) {
        TypeData::Integer { width, .. } => Some(*width),
        TypeData::Float(kind) => Some(kind.width()),
        _ => None,
    }
}

/// `(component count, component bits)` of a vector type.
fn vector_shape(ctx: &Context, ty: Type) -> Option<(u32, u32)> {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, elem, .. } => Some((
            shape.iter().product::<u64>() as u32,
            scalar_bits(ctx, *elem)?,
        )),
        _ => None,
    }
}

fn size_in_bytes(ctx: &Context, ty: Type) -> Option<u32> {
    match vector_shape(ctx, ty) {
        Some((count, bits)) => Some(count * bits / 8),
        None => Some(scalar_bits(ctx, ty)? / 8),
    }
}

/// Which of `elements` (scalars or vectors) the others can be accessed
/// through, if any.
fn canonical_index(ctx: &Context, elements: &[Type]) -> Option<usize> {
    let mut component_bits = Vec::new();
    let mut vectors: Vec<(usize, u32)> = Vec::new();
    for (index, &ty) in elements.iter().enumerate() {
        match vector_shape(ctx, ty) {
            Some((count, bits)) => {
                if count % 2 != 0 {
                    return None; // odd-sized vectors have their own layout rules
                }
                component_bits.push(bits);
                vectors.push((index, count * bits));
            }
            None => component_bits.push(scalar_bits(ctx, ty)?),
        }
    }
    // `min_by_key` picks the first of equal minima, as MLIR does.
    if let Some((index, bits)) = vectors.iter().copied().min_by_key(|&(_, bits)| bits) {
        if vectors.iter().any(|(_, v)| v % bits != 0) {
            return None;
        }
        let base = component_bits[index];
        return component_bits
            .iter()
            .all(|b| b % base == 0)
            .then_some(index);
    }
    let (index, bits) = component_bits
        .iter()
        .copied()
        .enumerate()
        .min_by_key(|&(_, bits)| bits)?;
    component_bits
        .iter()
        .all(|b| b % bits == 0)
        .then_some(index)
}

/// A merged binding: its canonical variable and the element types.
struct Unified {
    canonical: Op,
    element: HashMap<Op, Type>,
}

fn unify_module(ctx: &mut Context, module: Op) -> Result<(), Diagnostic> {
    let Some(module_body) = body(ctx, module) else {
        return Ok(());
    };
    let mut unified_of: HashMap<Op, usize> = HashMap::new();
    let mut sets = Vec::new();
    for (_, members) in aliased_variables(ctx, module_body) {
        if members.len() < 2 {
            continue;
        }
        let elements: Option<Vec<Type>> = members
            .iter()
            .map(|&v| variable_type(ctx, v).and_then(|t| runtime_array_element(ctx, t)))
            .collect();
        let Some(elements) = elements else { continue };
        let Some(index) = canonical_index(ctx, &elements) else {
            continue;
        };
        for &m in &members {
            unified_of.insert(m, sets.len());
        }
        sets.push(Unified {
            canonical: members[index],
            element: members.iter().copied().zip(elements).collect(),
        });
    }
    let mut rewrite = Rewrite {
        unified_of,
        sets,
        replaced: HashMap::new(),
        erase: Vec::new(),
    };
    let ops: Vec<Op> = ctx.ops_nested_in(module);
    for op in ops {
        rewrite.visit(ctx, op)?;
    }
    for (&old, &new) in &rewrite.replaced {
        ctx.replace_all_uses(old, new);
    }
    for &op in rewrite.erase.iter().rev() {
        ctx.erase_op(op);
    }
    for (_, members) in aliased_variables(ctx, module_body) {
        if let [single] = members[..] {
            ctx.set_attr(single, "aliased", None);
        }
    }
    Ok(())
}

struct Rewrite {
    unified_of: HashMap<Op, usize>,
    sets: Vec<Unified>,
    /// Old results and the values replacing them.
    replaced: HashMap<Value, Value>,
    /// Ops replaced, in program order.
    erase: Vec<Op>,
}

/// The type `indices` select inside `ty` (struct members by constant index).
fn indexed_type(ctx: &Context, mut ty: Type, indices: &[Value]) -> Option<Type> {
    for &index in indices {
        ty = match ctx.type_data(ty) {
            TypeData::Vector { elem, .. } => *elem,
            TypeData::Dialect(d) if ctx.str(d.dialect) == NAMESPACE => {
                match (ctx.str(d.mnemonic), &d.params[..]) {
                    ("array", [_, Param::Type(elem), ..])
                    | ("rtarray", [Param::Type(elem), ..]) => *elem,
                    ("matrix", [_, Param::Type(column)]) => *column,
                    ("struct", [_, Param::List(members)]) => {
                        let i = usize::try_from(constant_value(ctx, index)?).ok()?;
                        match members.get(i)? {
                            Param::List(parts) => match parts.first()? {
                                Param::Type(t) => *t,
                                _ => return None,
                            },
                            _ => return None,
                        }
                    }
                    _ => return None,
                }
            }
            _ => return None,
        };
    }
    Some(ty)
}

impl Rewrite {
    /// The unified set and source variable behind `op`'s pointer chain:
    /// `op` is (or its pointer comes from) an addressof of a variable to
    /// be replaced.
    fn source_variable(&self, ctx: &Context, address: Op) -> Option<(usize, Op)> {
        if ctx.op_name_str(address) != "spirv.mlir.addressof" {
            return None;
        }
        let reference = property(ctx, address, "variable")?;
        let variable = ctx.resolve_symbol_ref(address, reference)?;
        let set = *self.unified_of.get(&variable)?;
        (self.sets[set].canonical != variable).then_some((set, variable))
    }

    fn new_value(&self, old: Value) -> Value {
        self.replaced.get(&old).copied().unwrap_or(old)
    }

    fn visit(&mut self, ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
        match ctx.op_name_str(op) {
            "spirv.GlobalVariable" => {
                if let Some(&set) = self.unified_of.get(&op) {
                    if self.sets[set].canonical != op {
                        self.erase.push(op);
                    }
                }
                Ok(())
            }
            "spirv.mlir.addressof" => {
                if !has_shape(ctx, op, 0, 1) {
                    return Ok(());
                }
                let Some((set, _)) = self.source_variable(ctx, op) else {
                    return Ok(());
                };
                let canonical = self.sets[set].canonical;
                let name = symbol_name(ctx, canonical);
                let ty = variable_type(ctx, canonical).expect("unified variables have types");
                let reference = ctx.symbol_ref_attr(&name, &[]);
                let new = self.create(
                    ctx,
                    op,
                    "spirv.mlir.addressof",
                    &[],
                    vec![("variable", reference)],
                    ty,
                );
                self.replace(ctx, op, new);
                Ok(())
            }
            "spirv.AccessChain" => {
                if ctx.num_operands(op) == 0 || ctx.results(op).len() != 1 {
                    return Ok(());
                }
                let Some(base) = defining_op(ctx, ctx.operand(op, 0)) else {
                    return Ok(());
                };
                let Some((set, source)) = self.source_variable(ctx, base) else {
                    return Ok(());
                };
                self.rewrite_access_chain(ctx, op, set, source)
            }
            "spirv.Load" | "spirv.Store" => {
                let well_formed = match ctx.op_name_str(op) {
                    "spirv.Load" => has_shape(ctx, op, 1, 1),
                    _ => has_shape(ctx, op, 2, 0),
                };
                if !well_formed {
                    return Ok(());
                }
                let pointer = ctx.operand(op, 0);
                let chain = defining_op(ctx, pointer);
                let unified = chain.is_some_and(|c| {
                    self.replaced.contains_key(&pointer)
                        && matches!(
                            ctx.op_name_str(c),
                            "spirv.AccessChain" | "spirv.mlir.addressof"
                        )
                });
                if !unified {
                    return Ok(());
                }
                if ctx.op_name_str(op) == "spirv.Load" {
                    self.rewrite_load(ctx, op)
                } else {
                    self.rewrite_store(ctx, op)
                }
            }
            _ => Ok(()),
        }
    }

    fn create(
        &mut self,
        ctx: &mut Context,
        before: Op,
        name: &str,
        operands: &[Value],
        properties: Vec<(&str, crate::ir::Attr)>,
        result: Type,
    ) -> Value {
        let mut builder = Builder::before(before);
        builder.loc = ctx.op_loc(before);
        let op = build(ctx, &builder, name, operands, properties, &[result]);
        ctx.result(op, 0)
    }

    fn replace(&mut self, ctx: &Context, op: Op, new: Value) {
        self.replaced.insert(ctx.result(op, 0), new);
        self.erase.push(op);
    }

    fn constant(&mut self, ctx: &mut Context, before: Op, ty: Type, value: i128) -> Value {
        let attr = ctx.integer_attr(ty, value);
        self.create(
            ctx,
            before,
            "spirv.Constant",
            &[],
            vec![("value", attr)],
            ty,
        )
    }

    fn rewrite_access_chain(
        &mut self,
        ctx: &mut Context,
        op: Op,
        set: usize,
        source: Op,
    ) -> Result<(), Diagnostic> {
        let unified = &self.sets[set];
        let (src, dst) = (
            unified.element[&source],
            unified.element[&unified.canonical],
        );
        let base = self.new_value(ctx.operand(op, 0));
        let mut indices: Vec<Value> = ctx.operands(op).skip(1).collect();
        let same_width_scalars =
            scalar_bits(ctx, src).is_some() && scalar_bits(ctx, src) == scalar_bits(ctx, dst);
        let (src_bytes, dst_bytes) = (size_in_bytes(ctx, src), size_in_bytes(ctx, dst));
        let src_scalar = scalar_bits(ctx, src).is_some();
        let dst_scalar = scalar_bits(ctx, dst).is_some();
        if src == dst || same_width_scalars {
            // indices stay
        } else if let (Some(src_bytes), Some(dst_bytes), Some(&last)) =
            (src_bytes, dst_bytes, indices.last())
        {
            let index_type = ctx.value_type(last);
            if src_scalar && !dst_scalar {
                let ratio = self.constant(ctx, op, index_type, (dst_bytes / src_bytes) as i128);
                let vector = self.create(ctx, op, "spirv.SDiv", &[last, ratio], vec![], index_type);
                let component =
                    self.create(ctx, op, "spirv.SMod", &[last, ratio], vec![], index_type);
                *indices.last_mut().expect("has a last index") = vector;
                indices.push(component);
            } else if src_scalar == dst_scalar {
                let ratio = self.constant(ctx, op, index_type, (src_bytes / dst_bytes) as i128);
                let scaled = self.create(ctx, op, "spirv.IMul", &[last, ratio], vec![], index_type);
                *indices.last_mut().expect("has a last index") = scaled;
            } else {
                return Err(unsupported(ctx, op));
            }
        } else {
            return Err(unsupported(ctx, op));
        }
        let new = self
            .access_chain(ctx, op, base, &indices)
            .ok_or_else(|| unsupported(ctx, op))?;
        self.replace(ctx, op, new);
        Ok(())
    }

    /// A new access chain from `base` with `indices`, before `before`.
    fn access_chain(
        &mut self,
        ctx: &mut Context,
        before: Op,
        base: Value,
        indices: &[Value],
    ) -> Option<Value> {
        let (pointee, class) =
            as_pointer(ctx, ctx.value_type(base)).map(|(p, c)| (p, c.to_string()))?;
        let element = indexed_type(ctx, pointee, indices)?;
        let ty = pointer_type(ctx, element, &class);
        let mut operands = vec![base];
        operands.extend_from_slice(indices);
        Some(self.create(ctx, before, "spirv.AccessChain", &operands, vec![], ty))
    }

    fn rewrite_load(&mut self, ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
        let pointer = self.new_value(ctx.operand(op, 0));
        let src = ctx.value_type(ctx.result(op, 0));
        let dst = as_pointer(ctx, ctx.value_type(pointer))
            .map(|(p, _)| p)
            .ok_or_else(|| unsupported(ctx, op))?;
        let loaded = self.create(ctx, op, "spirv.Load", &[pointer], vec![], dst);
        if src == dst {
            self.replace(ctx, op, loaded);
            return Ok(());
        }
        let (src_bits, dst_bits) = (scalar_bits(ctx, src), scalar_bits(ctx, dst));
        if src_bits.is_some() && src_bits == dst_bits {
            let cast = self.create(ctx, op, "spirv.Bitcast", &[loaded], vec![], src);
            self.replace(ctx, op, cast);
            return Ok(());
        }
        let src_vector = vector_shape(ctx, src);
        let dst_vector = vector_shape(ctx, dst);
        let comparable = (src_bits.is_some() && dst_bits.is_some())
            || (src_vector.is_some() && dst_vector.is_some());
        let (Some(src_bytes), Some(dst_bytes)) = (size_in_bytes(ctx, src), size_in_bytes(ctx, dst))
        else {
            return Err(unsupported(ctx, op));
        };
        let ratio = src_bytes / dst_bytes.max(1);
        if !comparable || !(2..=4).contains(&ratio) || src_bytes % dst_bytes != 0 {
            return Err(unsupported(ctx, op));
        }
        let chain = defining_op(ctx, pointer)
            .filter(|&c| ctx.op_name_str(c) == "spirv.AccessChain")
            .ok_or_else(|| unsupported(ctx, op))?;
        let base = ctx.operand(chain, 0);
        let mut indices: Vec<Value> = ctx.operands(chain).skip(1).collect();
        let i32_type = ctx.int_type(32);
        let one = self.constant(ctx, op, i32_type, 1);
        let mut components = vec![loaded];
        for _ in 1..ratio {
            let last = *indices.last().ok_or_else(|| unsupported(ctx, op))?;
            let next = self.create(ctx, op, "spirv.IAdd", &[last, one], vec![], i32_type);
            *indices.last_mut().expect("has a last index") = next;
            let piece = self
                .access_chain(ctx, op, base, &indices)
                .ok_or_else(|| unsupported(ctx, op))?;
            components.push(self.create(ctx, op, "spirv.Load", &[piece], vec![], dst));
        }
        let vector_type = match (src_vector, dst_vector) {
            (Some(_), _) => src,
            (None, _) => ctx.vector_type(&[ratio as u64], dst),
        };
        if let (Some((_, src_component_bits)), Some(_)) = (src_vector, dst_vector) {
            let src_component = match ctx.type_data(src) {
                TypeData::Vector { elem, .. } => *elem,
                _ => src,
            };
            let dst_component = match ctx.type_data(dst) {
                TypeData::Vector { elem, .. } => *elem,
                _ => dst,
            };
            if src_component != dst_component {
                let count = dst_bytes / (src_component_bits / 8);
                let cast_type = if count > 1 {
                    ctx.vector_type(&[count as u64], src_component)
                } else {
                    src_component
                };
                for c in components.iter_mut() {
                    *c = self.create(ctx, op, "spirv.Bitcast", &[*c], vec![], cast_type);
                }
            }
        }
        let mut value = self.create(
            ctx,
            op,
            "spirv.CompositeConstruct",
            &components,
            vec![],
            vector_type,
        );
        if src_vector.is_none() {
            value = self.create(ctx, op, "spirv.Bitcast", &[value], vec![], src);
        }
        self.replace(ctx, op, value);
        Ok(())
    }

    fn rewrite_store(&mut self, ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
        let old_pointer = ctx.operand(op, 0);
        let pointer = self.new_value(old_pointer);
        let src = as_pointer(ctx, ctx.value_type(old_pointer)).map(|(p, _)| p);
        let dst = as_pointer(ctx, ctx.value_type(pointer)).map(|(p, _)| p);
        let (Some(src), Some(dst)) = (src, dst) else {
            return Err(unsupported(ctx, op));
        };
        let (src_bits, dst_bits) = (scalar_bits(ctx, src), scalar_bits(ctx, dst));
        if src_bits.is_none() || src_bits != dst_bits {
            return Err(unsupported(ctx, op));
        }
        let mut value = self.new_value(ctx.operand(op, 1));
        if src != dst {
            value = self.create(ctx, op, "spirv.Bitcast", &[value], vec![], dst);
        }
        let mut builder = Builder::before(op);
        builder.loc = ctx.op_loc(op);
        let properties = ctx.properties(op);
        let attributes = ctx.attributes(op);
        let store = build(ctx, &builder, "spirv.Store", &[pointer, value], vec![], &[]);
        ctx.set_properties(store, properties);
        ctx.set_attributes(store, attributes);
        self.erase.push(op);
        Ok(())
    }
}

fn unsupported(ctx: &Context, op: Op) -> Diagnostic {
    Diagnostic::error(
        ctx.op_loc(op),
        format!("'{}' op cannot be rewritten to access the unified aliased resource: its element types differ in a way the unification does not support", ctx.op_name_str(op)),
    )
}
