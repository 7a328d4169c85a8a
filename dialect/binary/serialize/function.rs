//! Functions: `OpFunction`, the entry block's arguments as parameters,
//! one `OpLabel` per block with its arguments as `OpPhi`s (incoming values
//! gathered from the branches that pass them), and each op as the
//! instruction its name gives, operands laid out by the grammar from the
//! op's operands and properties ([`crate::spirv::conventions`], the
//! inverse of the deserializer's mapping). A `spirv.mlir.selection` /
//! `spirv.mlir.loop` becomes its header block carrying `OpSelectionMerge`
//! / `OpLoopMerge` (the loop's continue target is its region's second to
//! last block), its region's blocks, and a continuation block that every
//! branch to the region's merge block reaches, whose phis are the op's
//! results.

use super::regions::{
    construct_blocks, function_variables, is_construct, opens_loop, Yields, MERGE, VARIABLE,
};
use super::{emit, instruction, kind, SerializeError, Writer};
use crate::binary::Instruction;
use crate::binary::Operand;
use crate::grammar::{InstSet, Op, OperandInfo, Quantifier};
use crate::ir::{AttrData, Block, OpTraits, Value};
use crate::ir::{FastMap, FastSet};
use crate::spirv::conventions::{self, Carrier, Form};

/// Ops that stand for a module-level id and emit nothing in the function.
const MATERIALIZED: [&str; 5] = [
    "spirv.Constant",
    "spirv.mlir.addressof",
    "spirv.mlir.referenceof",
    "spirv.Undef",
    "spirv.SpecConstantOperation",
];

/// One function's ids: values and block labels.
pub(super) struct Ids {
    pub(super) values: FastMap<Value, u32>,
    /// The label a branch to each block lands on.
    pub(super) labels: FastMap<Block, u32>,
    /// Per label: the (predecessor label, values passed) of each incoming edge.
    pub(super) incoming: FastMap<u32, Vec<(u32, Vec<Value>)>>,
    /// Per construct op: the label of the block after it.
    pub(super) continuations: FastMap<crate::ir::Op, u32>,
    /// The block the entry block only branches to, when nothing else
    /// does: both are one binary block (the inverse of the deserializer's
    /// entry block in front of a construct it heads).
    pub(super) entry_successor: Option<Block>,
    /// Loops whose op opens a block that only passes its arguments on to
    /// the loop header: that block and the header are one binary block.
    pub(super) merged_loops: FastSet<crate::ir::Op>,
    /// Construct results that every edge into the continuation yields
    /// the same value for: that value, so no phi is needed (pointers
    /// defined inside a loop and used after it stay plain ids).
    pub(super) aliases: FastMap<Value, Value>,
}

impl Writer<'_> {
    pub(super) fn function(&mut self, func: crate::ir::Op) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let id = self.symbols[&self.sym_name(func)?];
        let fn_type = self
            .prop(func, "function_type")
            .and_then(|a| ctx.as_type_attr(a))
            .ok_or("spirv.func without function_type")?;
        let Some((inputs, results)) = ctx.as_function(fn_type) else {
            return Err("function_type is not a function type".into());
        };
        let (inputs, results) = (inputs.to_vec(), results.to_vec());
        let fn_type_id = self.type_id(fn_type)?;
        let ret = match results.first() {
            Some(&r) => self.type_id(r)?,
            None => self.declare(Op::TypeVoid, None, vec![])?,
        };
        let control = match self.prop(func, "function_control") {
            Some(attr) => self.enum_operand(attr, kind("FunctionControl"))?,
            None => Operand::Enum {
                kind: kind("FunctionControl"),
                value: 0,
            },
        };
        let mut body = Vec::new();
        emit(
            &mut body,
            &instruction(
                Op::Function,
                Some(ret),
                Some(id),
                vec![control, Operand::Id(fn_type_id)],
            ),
        )?;
        self.decorate(id, ctx.attributes(func))?;
        let region = ctx.regions(func).first().copied();
        let blocks: Vec<Block> = region
            .map(|r| ctx.region_blocks(r).to_vec())
            .unwrap_or_default();
        let ids = self.assign_ids(&blocks)?;
        match blocks.first() {
            Some(&entry) => {
                for &arg in ctx.block_args(entry) {
                    let ty = self.type_id(ctx.value_type(arg))?;
                    emit(
                        &mut body,
                        &instruction(
                            Op::FunctionParameter,
                            Some(ty),
                            Some(ids.values[&arg]),
                            vec![],
                        ),
                    )?;
                }
            }
            None => {
                for input in inputs {
                    let ty = self.type_id(input)?;
                    let param = self.fresh();
                    emit(
                        &mut body,
                        &instruction(Op::FunctionParameter, Some(ty), Some(param), vec![]),
                    )?;
                }
            }
        }
        if let Some((&entry, mut rest)) = blocks.split_first() {
            // Function variables open the entry block wherever their ops
            // sit (a construct's region when the entry block heads one).
            emit(
                &mut body,
                &instruction(Op::Label, None, Some(ids.labels[&entry]), vec![]),
            )?;
            self.line = crate::ir::Location::UNKNOWN;
            for variable in function_variables(ctx, &blocks) {
                self.op(&mut body, &ids, variable)?;
            }
            match ids.entry_successor {
                Some(next) => {
                    self.block_ops(&mut body, &ids, next, None)?;
                    rest = &rest[1..];
                }
                None => self.block_ops(&mut body, &ids, entry, None)?,
            }
            for &block in rest {
                self.labeled_block(&mut body, &ids, block, true, None)?;
            }
        }
        emit(&mut body, &instruction(Op::FunctionEnd, None, None, vec![]))?;
        self.out.functions.extend(body);
        Ok(())
    }

    /// Ids for every block, block argument and op result, in nested
    /// regions too; the incoming edges of every label.
    fn assign_ids(&mut self, blocks: &[Block]) -> Result<Ids, SerializeError> {
        let mut ids = Ids {
            values: FastMap::default(),
            labels: FastMap::default(),
            incoming: FastMap::default(),
            continuations: FastMap::default(),
            merged_loops: FastSet::default(),
            aliases: FastMap::default(),
            entry_successor: None,
        };
        self.name_blocks(&mut ids, blocks)?;
        for &block in blocks {
            let label = ids.labels[&block];
            self.record_edges(&mut ids, block, label)?;
        }
        ids.entry_successor = self.entry_fallthrough(&mut ids, blocks);
        for (&op, continuation) in &ids.continuations {
            let incoming = ids
                .incoming
                .get(continuation)
                .map_or(&[][..], Vec::as_slice);
            let yields = Yields::of(self.ctx, op)?;
            for (i, &result) in self.ctx.results(op).iter().enumerate() {
                let mut values = incoming.iter().map(|(_, passed)| yields.pick(i, passed));
                let first = values.next().flatten();
                if first.is_some() && values.all(|v| v == first) {
                    ids.aliases.insert(result, first.unwrap_or(result));
                }
            }
        }
        Ok(ids)
    }

    /// Labels and value ids for `blocks` and the regions they hold; a
    /// region's merge block takes the label of the block after its op.
    fn name_blocks(&mut self, ids: &mut Ids, blocks: &[Block]) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        for &block in blocks {
            let label = self.fresh();
            ids.labels.entry(block).or_insert(label);
        }
        for &block in blocks {
            for &arg in ctx.block_args(block) {
                let id = self.fresh();
                ids.values.insert(arg, id);
            }
            for op in ctx.block_ops(block) {
                let name = ctx.op_name_str(op);
                if MATERIALIZED.contains(&name) {
                    let id = self.materialized(op, &ids.values)?;
                    ids.values.insert(ctx.result(op, 0), id);
                    continue;
                }
                for &result in ctx.results(op) {
                    let id = self.fresh();
                    ids.values.insert(result, id);
                }
                if is_construct(name) {
                    let inner = construct_blocks(ctx, op)?;
                    let continuation = self.fresh();
                    ids.continuations.insert(op, continuation);
                    ids.labels.insert(inner[inner.len() - 1], continuation);
                    self.name_blocks(ids, &inner)?;
                    if Some(block) != blocks.first().copied() && opens_loop(ctx, block, op, &inner)
                    {
                        ids.merged_loops.insert(op);
                        ids.labels.insert(inner[1], ids.labels[&block]);
                    }
                }
            }
        }
        Ok(())
    }

    /// The edges leaving `block`, whose instructions start in the binary
    /// block labelled `label` (a region's first block continues the block
    /// holding its op; the ops after a construct open its continuation).
    fn record_edges(
        &mut self,
        ids: &mut Ids,
        block: Block,
        mut label: u32,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        for op in ctx.block_ops(block) {
            if is_construct(ctx.op_name_str(op)) {
                let inner = construct_blocks(ctx, op)?;
                if !ids.merged_loops.contains(&op) {
                    self.record_edges(ids, inner[0], label)?;
                }
                for &b in &inner[1..inner.len() - 1] {
                    let own = ids.labels[&b];
                    self.record_edges(ids, b, own)?;
                }
                label = ids.continuations[&op];
                continue;
            }
            let successors = ctx.successors(op);
            if successors.is_empty() {
                continue;
            }
            let groups = self.successor_operands(op)?;
            for (target, values) in successors.iter().zip(groups) {
                let target = ids.labels[target];
                ids.incoming
                    .entry(target)
                    .or_default()
                    .push((label, values));
            }
        }
        Ok(())
    }

    /// `OpLabel`, the block's arguments as phis (`with_phis`: all but the
    /// entry block's), then its ops; `merge`, the merge instruction of the
    /// construct the block heads, goes before its terminator.
    pub(super) fn labeled_block(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        block: Block,
        with_phis: bool,
        merge: Option<Instruction>,
    ) -> Result<(), SerializeError> {
        let label = ids.labels[&block];
        let merged =
            (self.ctx.block_ops(block).next()).is_some_and(|op| ids.merged_loops.contains(&op));
        if merged {
            // The loop header's label and phis stand for this block's.
            return self.block_ops(body, ids, block, merge);
        }
        emit(body, &instruction(Op::Label, None, Some(label), vec![]))?;
        self.line = crate::ir::Location::UNKNOWN;
        if with_phis {
            let args = self.ctx.block_args(block).to_vec();
            self.phis(body, ids, label, &args, |i, passed| passed.get(i).copied())?;
        }
        self.block_ops(body, ids, block, merge)
    }

    /// The ops of `block`, constructs as their header, blocks and
    /// continuation.
    pub(super) fn block_ops(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        block: Block,
        mut merge: Option<Instruction>,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        for op in ctx.block_ops(block) {
            let name = ctx.op_name_str(op);
            if is_construct(name) {
                self.construct(body, ids, op)?;
                continue;
            }
            if ctx
                .op_info(ctx.op_name(op))
                .is_some_and(|i| i.traits.contains(OpTraits::TERMINATOR))
            {
                if let Some(merge) = merge.take() {
                    emit(body, &merge)?;
                }
            }
            if name != MERGE && name != VARIABLE {
                self.op(body, ids, op)?;
            }
        }
        Ok(())
    }

    /// The module-level id a materialization op stands for; `values` holds
    /// the ids of the values before it.
    pub(super) fn materialized(
        &mut self,
        op: crate::ir::Op,
        values: &FastMap<Value, u32>,
    ) -> Result<u32, SerializeError> {
        let ctx = self.ctx;
        let Some(&result) = ctx.results(op).first() else {
            return Err(format!("{} without a result", ctx.op_name_str(op)));
        };
        let ty = ctx.value_type(result);
        match ctx.op_name_str(op) {
            "spirv.Constant" => {
                let value = self
                    .prop(op, "value")
                    .ok_or("spirv.Constant without a value")?;
                self.constant_id(ty, value)
            }
            "spirv.mlir.addressof" => self.symbol_id(self.prop(op, "variable")),
            "spirv.mlir.referenceof" => self.symbol_id(self.prop(op, "spec_const")),
            "spirv.SpecConstantOperation" => self.spec_operation(op, values, None),
            _ => self.undef_id(ty),
        }
    }

    /// The operands a branch passes to each successor.
    fn successor_operands(&self, op: crate::ir::Op) -> Result<Vec<Vec<Value>>, SerializeError> {
        let ctx = self.ctx;
        let operands: Vec<Value> = ctx.operands(op).collect();
        let segments = |name: &str| -> Vec<usize> {
            match self.prop(op, name).map(|a| ctx.attr_data(a)) {
                Some(AttrData::DenseArray { values, .. }) => {
                    values.iter().map(|&v| v as usize).collect()
                }
                _ => Vec::new(),
            }
        };
        let sizes: Vec<usize> = match ctx.op_name_str(op) {
            "spirv.Branch" => vec![operands.len()],
            "spirv.BranchConditional" => segments("operandSegmentSizes")[1..].to_vec(),
            "spirv.Switch" => {
                let mut sizes = vec![segments("operandSegmentSizes").get(1).copied().unwrap_or(0)];
                sizes.extend(segments("case_operand_segments"));
                sizes
            }
            other => return Err(format!("{other} has successors")),
        };
        let mut start = operands.len() - sizes.iter().sum::<usize>();
        let mut groups = Vec::new();
        for size in sizes {
            groups.push(operands[start..start + size].to_vec());
            start += size;
        }
        Ok(groups)
    }

    /// An `OpPhi` for each of `values` at the block labelled `label`: the
    /// value of the `i`-th along each incoming edge is `pick(i, passed)`
    /// of what the edge passes.
    pub(super) fn phis(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        label: u32,
        values: &[Value],
        pick: impl Fn(usize, &[Value]) -> Option<Value>,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let incoming = ids.incoming.get(&label).map(Vec::as_slice).unwrap_or(&[]);
        for (i, &phi) in values.iter().enumerate() {
            let ty = self.type_id(ctx.value_type(phi))?;
            let mut operands = Vec::new();
            for (pred, passed) in incoming {
                let value = pick(i, passed).ok_or("a branch passes too few block arguments")?;
                operands.push(Operand::Id(self.value_id(ids, value)?));
                operands.push(Operand::Id(*pred));
            }
            emit(
                body,
                &instruction(Op::Phi, Some(ty), Some(ids.values[&phi]), operands),
            )?;
        }
        Ok(())
    }

    pub(super) fn value_id(&self, ids: &Ids, mut value: Value) -> Result<u32, SerializeError> {
        while let Some(&aliased) = ids.aliases.get(&value) {
            if aliased == value {
                break;
            }
            value = aliased;
        }
        ids.values
            .get(&value)
            .copied()
            .ok_or_else(|| "a value defined outside the function".to_string())
    }

    fn op(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        op: crate::ir::Op,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let name = ctx.op_name_str(op);
        if MATERIALIZED.contains(&name) {
            return Ok(());
        }
        let grammar_op = Op::from_name(name).ok_or_else(|| format!("unknown op {name}"))?;
        let result = ctx.results(op).first().map(|r| ids.values[r]);
        let result_type = match ctx.results(op).first() {
            Some(&r) => Some(self.type_id(ctx.value_type(r))?),
            None => None,
        };
        let operands = match name {
            "spirv.Branch" | "spirv.BranchConditional" | "spirv.Switch" => {
                self.branch_operands(ids, op)?
            }
            _ => self.operands(ids, op, grammar_op)?,
        };
        let set = grammar_op.inst_set();
        let inst = if set == InstSet::Core {
            instruction(grammar_op, result_type, result, operands)
        } else {
            let mut all = vec![
                Operand::Id(self.ext_set(set)?),
                Operand::ExtInst(grammar_op),
            ];
            all.extend(operands);
            instruction(Op::ExtInst, result_type, result, all)
        };
        self.line(body, ctx.op_loc(op))?;
        emit(body, &inst)?;
        if let Some(id) = result {
            self.decorate(id, ctx.attributes(op))?;
        }
        Ok(())
    }

    fn branch_operands(
        &mut self,
        ids: &Ids,
        op: crate::ir::Op,
    ) -> Result<Vec<Operand>, SerializeError> {
        let ctx = self.ctx;
        let label = |b: &Block| Operand::Id(ids.labels[b]);
        let successors = ctx.successors(op);
        let mut operands = Vec::new();
        match ctx.op_name_str(op) {
            "spirv.Branch" => operands.push(label(&successors[0])),
            "spirv.BranchConditional" => {
                operands.push(Operand::Id(self.value_id(ids, ctx.operand(op, 0))?));
                operands.extend(successors.iter().map(label));
                if let Some(AttrData::Array(weights)) =
                    self.prop(op, "branch_weights").map(|a| ctx.attr_data(a))
                {
                    for w in weights.iter() {
                        operands.push(Operand::Integer(ctx.as_int_attr(*w).unwrap_or(0) as u32));
                    }
                }
            }
            _ => {
                let selector = ctx.operand(op, 0);
                operands.push(Operand::Id(self.value_id(ids, selector)?));
                operands.push(label(&successors[0]));
                let ty = ctx.value_type(selector);
                let literals = match self.prop(op, "literals").map(|a| ctx.attr_data(a)) {
                    Some(AttrData::Array(literals)) => literals.to_vec(),
                    _ => Vec::new(),
                };
                for (literal, target) in literals.iter().zip(&successors[1..]) {
                    let bits = ctx.as_int_attr(*literal).unwrap_or(0) as u64;
                    operands.push(self.number(ty, bits)?);
                    operands.push(label(target));
                }
            }
        }
        Ok(operands)
    }

    /// The operands of a generic op in grammar order: values for id
    /// operands, properties (by enum kind or operand name) for the rest.
    pub(super) fn operands(
        &mut self,
        ids: &Ids,
        op: crate::ir::Op,
        grammar_op: Op,
    ) -> Result<Vec<Operand>, SerializeError> {
        let ctx = self.ctx;
        let values: Vec<Value> = ctx.operands(op).collect();
        let mut next_value = 0;
        let mut taken: FastMap<&'static str, usize> = FastMap::default();
        let mut out = Vec::new();
        let infos = (grammar_op.info().operands.iter()).filter(|i| !conventions::is_result(i.kind));
        for info in infos {
            let carrier = conventions::carrier(grammar_op, info);
            let repeat = info.quantifier == Quantifier::Variadic;
            let optional = info.quantifier != Quantifier::One;
            loop {
                let before = out.len();
                self.operand(
                    ids,
                    op,
                    info,
                    carrier,
                    &values,
                    &mut next_value,
                    &mut taken,
                    &mut out,
                )?;
                let took = out.len() > before;
                if !took && !optional {
                    return Err(format!(
                        "{}: no value for operand `{}`",
                        ctx.op_name_str(op),
                        info.name
                    ));
                }
                if !took || !repeat {
                    break;
                }
            }
        }
        if next_value < values.len() {
            return Err(format!(
                "{}: {} operands left over",
                ctx.op_name_str(op),
                values.len() - next_value
            ));
        }
        Ok(out)
    }

    /// One operand for `info` (with its enumerant's parameters), if any is
    /// left, read from where `carrier` says the op keeps it.
    #[allow(clippy::too_many_arguments)]
    fn operand(
        &mut self,
        ids: &Ids,
        op: crate::ir::Op,
        info: &OperandInfo,
        carrier: Carrier,
        values: &[Value],
        next_value: &mut usize,
        taken: &mut FastMap<&'static str, usize>,
        out: &mut Vec<Operand>,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        if carrier.form == Form::Value {
            if let Some(attr) = self.prop(op, info.name) {
                let n = taken.entry(info.name).or_insert(0);
                let item = match ctx.attr_data(attr) {
                    AttrData::Array(items) => items.get(*n).copied(),
                    _ if *n == 0 => Some(attr),
                    _ => None,
                };
                *n += 1;
                let id = match item.map(|a| (a, ctx.attr_data(a))) {
                    Some((_, AttrData::Type(ty))) => self.type_id(*ty)?,
                    Some((a, AttrData::SymbolRef { .. })) => self.symbol_id(Some(a))?,
                    Some(_) => return Err(format!("unsupported value of operand `{}`", info.name)),
                    None => return Ok(()),
                };
                out.push(Operand::Id(id));
                return Ok(());
            }
            if let Some(&value) = values.get(*next_value) {
                *next_value += 1;
                out.push(Operand::Id(self.value_id(ids, value)?));
            }
            return Ok(());
        }
        if carrier.form == Form::BlockPosition && is_construct(ctx.op_name_str(op)) {
            out.push(Operand::Id(self.construct_target(ids, op, carrier.name)?));
            return Ok(());
        }
        let Some(attr) = self.prop(op, carrier.name) else {
            return Ok(());
        };
        let n = taken.entry(carrier.name).or_insert(0);
        let attr = match ctx.attr_data(attr) {
            AttrData::Array(items) => items.get(*n).copied(),
            _ if *n == 0 => Some(attr),
            _ => None,
        };
        *n += 1;
        let Some(attr) = attr else { return Ok(()) };
        let unsupported = || format!("unsupported value of operand `{}`", carrier.name);
        match carrier.form {
            Form::Value => {}
            Form::Symbol => out.push(Operand::Id(self.symbol_id(Some(attr))?)),
            Form::Type => {
                let ty = ctx.as_type_attr(attr).ok_or_else(unsupported)?;
                out.push(Operand::Id(self.type_id(ty)?));
            }
            Form::BlockPosition => {
                let position = ctx.as_int_attr(attr).ok_or_else(unsupported)?;
                let region = ctx.parent_block(op).and_then(|b| ctx.block_parent(b));
                let blocks = region.map_or(&[][..], |r| ctx.region_blocks(r));
                let block = usize::try_from(position)
                    .ok()
                    .and_then(|p| blocks.get(p))
                    .ok_or("block index out of range")?;
                out.push(Operand::Id(ids.labels[block]));
            }
            Form::ConstantEnum(kind) => {
                let Operand::Enum { value, .. } = self.enum_operand(attr, kind)? else {
                    return Err(unsupported());
                };
                out.push(Operand::Id(self.u32_constant_id(value)?));
            }
            Form::Enum => {
                let operand = self.enum_operand(attr, info.kind)?;
                let Operand::Enum { value, .. } = operand else {
                    return Ok(());
                };
                out.push(operand);
                for enumerant in conventions::named_enumerants(info.kind, value) {
                    for param in enumerant.parameters {
                        let param_carrier = conventions::parameter_carrier(carrier, param);
                        self.operand(
                            ids,
                            op,
                            param,
                            param_carrier,
                            values,
                            next_value,
                            taken,
                            out,
                        )?;
                    }
                }
            }
            Form::Literal | Form::LiteralArray => match ctx.attr_data(attr) {
                AttrData::Integer { value, .. } => {
                    let value = *value as u64;
                    out.push(Operand::Integer(value as u32));
                    if value > u64::from(u32::MAX) && (value as i64) >= 0 {
                        out.push(Operand::Integer((value >> 32) as u32));
                    }
                }
                AttrData::String(s) => out.push(Operand::String(ctx.str(*s).into())),
                _ => return Err(unsupported()),
            },
        }
        Ok(())
    }

    /// The id of a 32-bit unsigned integer constant (a scope or memory
    /// semantics), shared with equal constants of the module.
    fn u32_constant_id(&mut self, value: u32) -> Result<u32, SerializeError> {
        let int = self.declare(
            Op::TypeInt,
            None,
            vec![Operand::Integer(32), Operand::Integer(0)],
        )?;
        let number = Operand::Number {
            bits: u64::from(value),
            ty: crate::binary::NumberType::Int {
                width: 32,
                signed: false,
            },
        };
        self.declare(Op::Constant, Some(int), vec![number])
    }
}
