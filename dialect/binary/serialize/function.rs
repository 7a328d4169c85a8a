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

use super::enums::enum_value;
use super::regions::{construct_blocks, dominance_order, opens_loop, Yields};
use super::tables::{HandleTable, OpClass, Role};
use super::{begin, finish, SerializeError, Writer};
use crate::grammar::{InstSet, Op, OperandKind};
use crate::ir::{Attr, AttrData, Block, Type, Value, ValueDef};
use crate::ir::{FastMap, FastSet};
use crate::spirv::conventions::RESULT_DECORATIONS;
use std::ops::Range;

/// An edge between binary blocks.
pub(super) struct Edge {
    /// The label the edge lands on.
    target: u32,
    /// The label of the block it leaves.
    pub(super) from: u32,
    /// Where in [`Ids::passed`] the values it passes are.
    pub(super) passed: Range<usize>,
}

/// What the naming walk learnt of an op, for the writing walk.
#[derive(Clone, Copy)]
pub(super) struct OpRecord {
    pub(super) op: crate::ir::Op,
    pub(super) class: OpClass,
    /// The id and type of the op's first result, if any.
    result: Option<(u32, Type)>,
    /// For a construct: where in [`Ids::records`] the ops after it in
    /// its block are, past those of its blocks.
    after: u32,
}

/// One function's ids: values and block labels.
#[derive(Default)]
pub(super) struct Ids {
    pub(super) values: HandleTable<Value>,
    /// The label a branch to each block lands on.
    pub(super) labels: HandleTable<Block>,
    /// The function's edges, those into each label together (in branch
    /// order).
    edges: Vec<Edge>,
    /// Per label: where in `edges` the edges into it are.
    incoming: HandleTable<u32, (u32, u32)>,
    /// The values the edges pass, one run per edge.
    passed: Vec<Value>,
    /// The function's branches in order, each with the block whose
    /// label the binary block holding it carries.
    branches: Vec<(crate::ir::Op, Block)>,
    /// Per construct op: the label of the block after it.
    pub(super) continuations: FastMap<crate::ir::Op, u32>,
    /// The block the entry block only branches to, when nothing else
    /// does: both are one binary block (the inverse of the deserializer's
    /// entry block in front of a construct it heads).
    pub(super) entry_successor: Option<Block>,
    /// Loops whose op opens a block that only passes its arguments on to
    /// the loop header: that block and the header are one binary block.
    pub(super) merged_loops: FastSet<crate::ir::Op>,
    /// Loop back-edge blocks folded into their headers (see
    /// [`Writer::fold_forwarding_continues`]): not written.
    pub(super) folded_continues: FastSet<Block>,
    /// Each op in the order met while naming: a block's ops, each
    /// construct's followed by those of its blocks.
    records: Vec<OpRecord>,
    /// Per block: where in `records` its ops are (with its constructs').
    block_records: HandleTable<Block, (u32, u32)>,
    /// The function's `spirv.Variable` ops in the order met while naming.
    variables: Vec<OpRecord>,
    /// Whether a variable sits in a construct's region, where the order
    /// met while naming need not be the order they are written in.
    nested_variables: bool,
    /// Construct results that every edge into the continuation yields
    /// the same value for: that value, so no phi is needed (pointers
    /// defined inside a loop and used after it stay plain ids).
    pub(super) aliases: FastMap<Value, Value>,
}

impl Ids {
    /// Sorts the edges by the label they land on, keeping branch order
    /// among those into one label, and notes each label's run.
    fn group_edges(&mut self) {
        self.edges.sort_by_key(|edge| edge.target);
        let mut start = 0;
        for run in self.edges.chunk_by(|a, b| a.target == b.target) {
            let end = start + run.len();
            (self.incoming).insert(run[0].target, (start as u32, end as u32));
            start = end;
        }
    }

    /// Where in `edges` the edges into `label` are.
    fn incoming_run(&self, label: u32) -> Range<usize> {
        let (start, end) = self.incoming.get(&label).copied().unwrap_or_default();
        start as usize..end as usize
    }

    /// The edges into `label`.
    pub(super) fn incoming(&self, label: u32) -> &[Edge] {
        &self.edges[self.incoming_run(label)]
    }

    /// The edges into `label`, to redirect.
    pub(super) fn incoming_mut(&mut self, label: u32) -> &mut [Edge] {
        let run = self.incoming_run(label);
        &mut self.edges[run]
    }

    /// Drops the edges into `label`.
    pub(super) fn drop_incoming(&mut self, label: u32) {
        self.incoming.insert(label, (0, 0));
    }

    /// The records of the ops of `block`, with its constructs' blocks',
    /// and where in `records` they start.
    pub(super) fn block_records(&self, block: Block) -> (usize, &[OpRecord]) {
        let (start, end) = self.block_records[&block];
        (start as usize, &self.records[start as usize..end as usize])
    }

    /// Every edge, into any label.
    pub(super) fn edges_mut(&mut self) -> &mut [Edge] {
        &mut self.edges
    }
}

impl Writer<'_> {
    pub(super) fn function(&mut self, func: crate::ir::Op) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let id = self.symbol_of(func)?;
        let fn_type = self
            .prop(func, "function_type")
            .and_then(|a| ctx.as_type_attr(a))
            .ok_or("spirv.func without function_type")?;
        let Some((inputs, results)) = ctx.as_function(fn_type) else {
            return Err("function_type is not a function type".into());
        };
        let fn_type_id = self.type_id(fn_type)?;
        let ret = match results.first() {
            Some(&r) => self.type_id(r)?,
            None => self.declare(Op::TypeVoid, None, &[])?,
        };
        let control = match self.prop(func, "function_control") {
            Some(attr) => self.enum_attr_value(attr, OperandKind::FunctionControl)?,
            None => 0,
        };
        let mut body = std::mem::take(&mut self.out.functions);
        emit_words(&mut body, Op::Function, &[ret, id, control, fn_type_id]);
        self.decorate_linkage(id, self.prop(func, "linkage_attributes"))?;
        self.decorate(id, ctx.attributes(func))?;
        let region = ctx.regions(func).first().copied();
        let blocks = region.map_or(&[][..], |r| ctx.region_blocks(r));
        let blocks = &dominance_order(ctx, blocks)[..];
        let mut ids = self.spare_ids.take().unwrap_or_default();
        self.assign_ids(&mut ids, blocks)?;
        // MLIR's per-argument attributes: the parameters' decorations.
        let arg_attrs = match self.prop(func, "arg_attrs").map(|a| ctx.attr_data(a)) {
            Some(AttrData::Array(dictionaries)) => &dictionaries[..],
            _ => &[],
        };
        match blocks.first() {
            Some(&entry) => {
                for (i, &arg) in ctx.block_args(entry).iter().enumerate() {
                    let ty = self.type_id(ctx.value_type(arg))?;
                    let param = ids.values[&arg];
                    emit_words(&mut body, Op::FunctionParameter, &[ty, param]);
                    if let Some(&attrs) = arg_attrs.get(i) {
                        self.decorate_parameter(param, attrs)?;
                    }
                    self.name_value(param, ctx.arg_loc(arg));
                }
            }
            None => {
                for &input in inputs {
                    let ty = self.type_id(input)?;
                    let param = self.fresh();
                    emit_words(&mut body, Op::FunctionParameter, &[ty, param]);
                }
            }
        }
        if let Some((&entry, mut rest)) = blocks.split_first() {
            // Function variables open the entry block wherever their ops
            // sit (a construct's region when the entry block heads one).
            emit_words(&mut body, Op::Label, &[ids.labels[&entry]]);
            self.line = crate::ir::Location::UNKNOWN;
            let mut variables = std::mem::take(&mut ids.variables);
            if ids.nested_variables {
                function_variables(self.ctx, &ids, blocks, &mut variables);
            }
            for variable in &variables {
                self.op(&mut body, &ids, variable)?;
            }
            ids.variables = variables;
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
        emit_words(&mut body, Op::FunctionEnd, &[]);
        self.out.functions = body;
        self.spare_ids = Some(ids);
        Ok(())
    }

    /// Ids for every block, block argument and op result, in nested
    /// regions too; the incoming edges of every label.
    fn assign_ids(&mut self, ids: &mut Ids, blocks: &[Block]) -> Result<(), SerializeError> {
        ids.values.clear();
        ids.labels.clear();
        ids.edges.clear();
        ids.incoming.clear();
        ids.passed.clear();
        ids.continuations.clear();
        ids.merged_loops.clear();
        ids.folded_continues.clear();
        ids.aliases.clear();
        ids.branches.clear();
        ids.variables.clear();
        ids.records.clear();
        ids.block_records.clear();
        ids.nested_variables = false;
        self.name_blocks(ids, blocks, blocks.first().copied(), false)?;
        let branches = std::mem::take(&mut ids.branches);
        for &(op, source) in &branches {
            let label = ids.labels[&source];
            self.record_branch(ids, op, label)?;
        }
        ids.branches = branches;
        ids.group_edges();
        self.fold_forwarding_continues(ids)?;
        ids.entry_successor = self.entry_fallthrough(ids, blocks);
        let passed = &ids.passed;
        for (&op, continuation) in &ids.continuations {
            let incoming = &ids.edges[ids.incoming_run(*continuation)];
            let yields = Yields::of(self.ctx, op)?;
            for (i, &result) in self.ctx.results(op).iter().enumerate() {
                let mut values =
                    (incoming.iter()).map(|edge| yields.pick(i, &passed[edge.passed.clone()]));
                let first = values.next().flatten();
                // A value defined inside the construct and passed alike
                // along every edge needs no phi (it dominates the merge);
                // one defined before it came from a phi of the binary, as
                // did a result with a name or decorations, or one passing
                // a module-level id (a constant) materialized inside.
                let inside = first.is_some_and(|v| {
                    let materialized = match self.ctx.value_def(v) {
                        ValueDef::Result { op, .. } => self.class(op).role.is_materialized(),
                        _ => false,
                    };
                    defined_within(self.ctx, v, op) && !materialized
                });
                let described = self.ctx.value_loc(result).name.is_some()
                    || self.result_decorations(op, i).is_some();
                if inside && !described && values.all(|v| v == first) {
                    ids.aliases.insert(result, first.unwrap_or(result));
                }
            }
        }
        // An aliased result takes the id of the value it stands for (at
        // the end of a chain of aliases), so a use looks up its id alone.
        for (&result, &aliased) in &ids.aliases {
            let mut value = aliased;
            while let Some(&next) = ids.aliases.get(&value) {
                if next == value {
                    break;
                }
                value = next;
            }
            if let Some(&id) = ids.values.get(&value) {
                ids.values.insert(result, id);
            }
        }
        Ok(())
    }

    /// Labels and value ids for `blocks` and the regions they hold; a
    /// region's merge block takes the label of the block after its op.
    /// Each branch is noted with the block whose label its binary block
    /// carries (a region's first block continues `entry`'s, none for a
    /// loop's entry block merged into the block holding it; the ops after
    /// a construct open its continuation, its merge block's label): the
    /// blocks of a construct (`in_construct`) leave out its merge block.
    fn name_blocks(
        &mut self,
        ids: &mut Ids,
        blocks: &[Block],
        entry: Option<Block>,
        in_construct: bool,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        for &block in blocks {
            let label = self.fresh();
            if ids.labels.get(&block).is_none() {
                ids.labels.insert(block, label);
            }
        }
        let last = blocks.len().wrapping_sub(1);
        for (i, &block) in blocks.iter().enumerate() {
            for &arg in ctx.block_args(block) {
                let id = self.fresh();
                ids.values.insert(arg, id);
            }
            let mut source = match i {
                0 => entry,
                _ if in_construct && i == last => None,
                _ => Some(block),
            };
            let first = ids.records.len() as u32;
            for op in ctx.block_ops(block) {
                let class = self.class(op);
                let role = class.role;
                let mut record = OpRecord {
                    op,
                    class,
                    result: None,
                    after: 0,
                };
                if role.is_materialized() {
                    let id = self.materialized_as(op, role, &ids.values)?;
                    ids.values.insert(ctx.result(op, 0), id);
                    ids.records.push(record);
                    continue;
                }
                for (i, &result) in ctx.results(op).iter().enumerate() {
                    let id = self.fresh();
                    ids.values.insert(result, id);
                    if i == 0 {
                        record.result = Some((id, ctx.value_type(result)));
                    }
                }
                if role == Role::Variable {
                    ids.variables.push(record);
                    ids.nested_variables |= in_construct;
                }
                let at = ids.records.len();
                ids.records.push(record);
                if role.is_construct() {
                    let inner = construct_blocks(ctx, op)?;
                    let continuation = self.fresh();
                    ids.continuations.insert(op, continuation);
                    let merge = inner[inner.len() - 1];
                    ids.labels.insert(merge, continuation);
                    let merged = i != 0 && opens_loop(ctx, block, op, inner);
                    self.name_blocks(ids, inner, source.filter(|_| !merged), true)?;
                    ids.records[at].after = ids.records.len() as u32;
                    if merged {
                        ids.merged_loops.insert(op);
                        let label = ids.labels[&block];
                        ids.labels.insert(inner[1], label);
                    }
                    source = source.map(|_| merge);
                    continue;
                }
                if let Some(source) = source.filter(|_| !ctx.successors(op).is_empty()) {
                    ids.branches.push((op, source));
                }
            }
            let end = ids.records.len() as u32;
            ids.block_records.insert(block, (first, end));
        }
        Ok(())
    }

    /// The edges of branch `op`, in the block labelled `label`, with the
    /// operands it passes to each successor.
    fn record_branch(
        &self,
        ids: &mut Ids,
        op: crate::ir::Op,
        label: u32,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let segments = |name: &str| match self.prop(op, name).map(|a| ctx.attr_data(a)) {
            Some(AttrData::DenseArray { values, .. }) => &values[..],
            _ => &[],
        };
        let count = ctx.num_operands(op);
        // The first successor's operand count where it is not in `rest`.
        let (first, rest): (Option<usize>, &[i64]) = match ctx.op_name_str(op) {
            "spirv.Branch" => (Some(count), &[]),
            "spirv.BranchConditional" => (None, &segments("operandSegmentSizes")[1..]),
            "spirv.Switch" => {
                let default = segments("operandSegmentSizes").get(1).copied();
                let default = default.map_or(0, |size| size as usize);
                (Some(default), segments("case_operand_segments"))
            }
            other => return Err(format!("{other} has successors")),
        };
        let sizes = || {
            first
                .into_iter()
                .chain(rest.iter().map(|&size| size as usize))
        };
        let mut start = count - sizes().sum::<usize>();
        for (target, size) in ctx.successors(op).iter().zip(sizes()) {
            let at = ids.passed.len();
            ids.passed
                .extend((start..start + size).map(|i| ctx.operand(op, i)));
            start += size;
            ids.edges.push(Edge {
                target: ids.labels[target],
                from: label,
                passed: at..ids.passed.len(),
            });
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
        merge: Option<Vec<u32>>,
    ) -> Result<(), SerializeError> {
        let label = ids.labels[&block];
        let merged = (ids.block_records(block).1.first())
            .is_some_and(|first| ids.merged_loops.contains(&first.op));
        if merged {
            // The loop header's label and phis stand for this block's.
            return self.block_ops(body, ids, block, merge);
        }
        emit_words(body, Op::Label, &[label]);
        self.line = crate::ir::Location::UNKNOWN;
        if with_phis {
            let args = self.ctx.block_args(block);
            self.phis(body, ids, label, args, |i, passed| passed.get(i).copied())?;
        }
        self.block_ops(body, ids, block, merge)
    }

    /// The ops of `block`, constructs as their header, blocks and
    /// continuation; `merge` holds the words of the merge instruction to
    /// write before the terminator.
    pub(super) fn block_ops(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        block: Block,
        mut merge: Option<Vec<u32>>,
    ) -> Result<(), SerializeError> {
        let (start, records) = ids.block_records(block);
        let mut at = 0;
        while let Some(record) = records.get(at) {
            at += 1;
            let class = record.class;
            if class.role.is_construct() {
                self.construct(body, ids, record.op, class.role)?;
                at = record.after as usize - start;
                continue;
            }
            if class.terminator {
                if let Some(merge) = merge.take() {
                    body.extend_from_slice(&merge);
                }
            }
            let written = !matches!(class.role, Role::Merge | Role::Variable);
            if written && !class.role.is_materialized() {
                self.op(body, ids, record)?;
            }
        }
        Ok(())
    }

    /// The module-level id a materialization op stands for; `values` holds
    /// the ids of the values before it.
    pub(super) fn materialized(
        &mut self,
        op: crate::ir::Op,
        values: &HandleTable<Value>,
    ) -> Result<u32, SerializeError> {
        let role = self.class(op).role;
        self.materialized_as(op, role, values)
    }

    /// [`Self::materialized`] for an op whose role is `role`.
    #[inline(always)]
    fn materialized_as(
        &mut self,
        op: crate::ir::Op,
        role: Role,
        values: &HandleTable<Value>,
    ) -> Result<u32, SerializeError> {
        let ctx = self.ctx;
        let Some(&result) = ctx.results(op).first() else {
            return Err(format!("{} without a result", ctx.op_name_str(op)));
        };
        let ty = ctx.value_type(result);
        match role {
            Role::Constant => {
                let value = (self.prop(op, "value")).ok_or("spirv.Constant without a value")?;
                self.constant_id(ty, value)
            }
            Role::AddressOf => {
                let variable = self.prop(op, "variable");
                self.symbol_id(variable)
            }
            Role::ReferenceOf => {
                let spec_const = self.prop(op, "spec_const");
                self.symbol_id(spec_const)
            }
            Role::SpecConstantOperation => self.spec_operation(op, values, None),
            _ => self.undef_id(ty),
        }
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
        let incoming = ids.incoming(label);
        for (i, &phi) in values.iter().enumerate() {
            let ty = self.type_id(ctx.value_type(phi))?;
            let start = begin(body);
            body.push(ty);
            body.push(ids.values[&phi]);
            for Edge { from, passed, .. } in incoming {
                let value = (pick(i, &ids.passed[passed.clone()]))
                    .ok_or("a branch passes too few block arguments")?;
                let value = self.value_id(ids, value)?;
                // Edges from one block (a switch's cases, a conditional
                // branch's two targets) are one entry, passing one value.
                let entries = body[start + 3..].chunks(2);
                match entries.into_iter().find(|entry| entry[1] == *from) {
                    Some(entry) if entry[0] == value => continue,
                    Some(_) => {
                        return Err("two edges from one block to another pass different \
                                    values, which a phi (one entry per predecessor) cannot \
                                    express"
                            .into())
                    }
                    None => body.extend([value, *from]),
                }
            }
            finish(body, start, Op::Phi)?;
            let id = ids.values[&phi];
            let attrs = match ctx.value_def(phi) {
                ValueDef::Result { op, index } => self.result_decorations(op, index as usize),
                _ => ctx.arg_attrs(phi),
            };
            if let Some(attrs) = attrs {
                self.decorate(id, attrs)?;
            }
            self.name_value(id, ctx.value_loc(phi));
        }
        Ok(())
    }

    /// `OpDecorate`s for a parameter's attributes: decoration attributes
    /// (`relaxed_precision`) and MLIR's `spirv.decoration =
    /// #spirv.decoration<Aliased>`; other dialects' attributes
    /// (`spirv.interface_var_abi`, which a pass lowers) are not decorations.
    fn decorate_parameter(&mut self, id: u32, attrs: Attr) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        for &(name, value) in ctx.dict_entries(attrs) {
            match ctx.str(name) {
                "spirv.decoration" => {
                    let kind = OperandKind::Decoration;
                    let case = self.enum_attr_value(value, kind)?;
                    let name = kind.info().enumerant(case).map_or("", |e| e.name);
                    let case = enum_value(kind, name)
                        .ok_or_else(|| format!("unknown decoration {name}"))?;
                    self.decorate_with_value(id, case, None)?;
                }
                text if text.contains('.') => {}
                _ => self.decorate_entry(id, name, value)?,
            }
        }
        Ok(())
    }

    /// The id of `value` (of the value it stands for, where aliased).
    #[inline]
    pub(super) fn value_id(&self, ids: &Ids, value: Value) -> Result<u32, SerializeError> {
        ids.values
            .get(&value)
            .copied()
            .ok_or_else(|| "a value defined outside the function".to_string())
    }

    /// The instruction of `op`, with its `OpLine`, decorations and name;
    /// inlined into the walks over the ops, which call it once per op.
    #[inline(always)]
    fn op(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        record: &OpRecord,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let OpRecord { op, class, .. } = *record;
        let plan = (class.plan).ok_or_else(|| format!("unknown op {}", ctx.op_name_str(op)))?;
        let grammar_op = plan.op;
        let typed_result = match record.result {
            Some((id, ty)) => Some((id, self.type_id(ty)?)),
            None => None,
        };
        let loc = ctx.op_loc(op);
        self.line(body, loc)?;
        let start = body.len();
        match typed_result {
            Some((id, ty)) => body.extend_from_slice(&[0, ty, id]),
            None => body.push(0),
        }
        let set = plan.set;
        // An extended instruction's set id follows the operands' ids.
        let set_slot = (set != InstSet::Core).then(|| {
            body.extend_from_slice(&[0, grammar_op.info().opcode]);
            body.len() - 2
        });
        match class.role {
            Role::Branch | Role::BranchConditional | Role::Switch => {
                self.branch_operands(body, ids, op, class.role)?
            }
            _ => self.operands(body, ids, op, plan)?,
        }
        let written = match set_slot {
            Some(slot) => {
                body[slot] = self.ext_set(set)?;
                Op::ExtInst
            }
            None => grammar_op,
        };
        finish(body, start, written)?;
        if let Some((id, _)) = typed_result {
            let attrs = ctx.attributes(op);
            if attrs != ctx.empty_dictionary() {
                self.decorate(id, attrs)?;
            }
            self.name_value(id, loc);
        }
        Ok(())
    }

    fn branch_operands(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        op: crate::ir::Op,
        role: Role,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let successors = ctx.successors(op);
        match role {
            Role::Branch => body.push(ids.labels[&successors[0]]),
            Role::BranchConditional => {
                body.push(self.value_id(ids, ctx.operand(op, 0))?);
                body.extend(successors.iter().map(|b| ids.labels[b]));
                if let Some(AttrData::Array(weights)) =
                    (self.prop(op, "branch_weights")).map(|a| ctx.attr_data(a))
                {
                    for w in weights.iter() {
                        body.push(ctx.as_int_attr(*w).unwrap_or(0) as u32);
                    }
                }
            }
            _ => {
                let selector = ctx.operand(op, 0);
                body.push(self.value_id(ids, selector)?);
                body.push(ids.labels[&successors[0]]);
                let ty = ctx.value_type(selector);
                if let Some(AttrData::Array(literals)) =
                    (self.prop(op, "literals")).map(|a| ctx.attr_data(a))
                {
                    for (literal, target) in literals.iter().zip(&successors[1..]) {
                        let bits = ctx.as_int_attr(*literal).unwrap_or(0) as u64;
                        body.extend(self.number_words(ty, bits)?);
                        body.push(ids.labels[target]);
                    }
                }
            }
        }
        Ok(())
    }
}

impl Writer<'_> {
    /// The decorations of result `index` of construct `op`, if any.
    fn result_decorations(&self, op: crate::ir::Op, index: usize) -> Option<Attr> {
        let ctx = self.ctx;
        let decorations = match ctx.attr(op, RESULT_DECORATIONS).map(|a| ctx.attr_data(a)) {
            Some(AttrData::Array(per_result)) => per_result.get(index).copied(),
            _ => None,
        };
        decorations.filter(|&d| !ctx.dict_entries(d).is_empty())
    }
}

/// Appends the instruction of `op` whose operands (result type and
/// result included) are the ids `words`, of which no instruction has
/// more than a few.
pub(super) fn emit_words(buf: &mut Vec<u32>, op: Op, words: &[u32]) {
    buf.push(((words.len() as u32 + 1) << 16) | op.info().opcode);
    buf.extend_from_slice(words);
}

/// The records of the `spirv.Variable` ops of a function's blocks and of
/// the constructs they hold, in order, into `variables`: SPIR-V wants them
/// all in the entry block.
fn function_variables(
    ctx: &crate::ir::Context,
    ids: &Ids,
    blocks: &[Block],
    variables: &mut Vec<OpRecord>,
) {
    variables.clear();
    let mut pending: Vec<Block> = blocks.iter().rev().copied().collect();
    while let Some(block) = pending.pop() {
        let (start, records) = ids.block_records(block);
        let mut at = 0;
        while let Some(record) = records.get(at) {
            at += 1;
            match record.class.role {
                Role::Variable => variables.push(*record),
                role if role.is_construct() => {
                    for &region in ctx.regions(record.op) {
                        pending.extend(ctx.region_blocks(region).iter().rev());
                    }
                    at = record.after as usize - start;
                }
                _ => {}
            }
        }
    }
}

/// Whether `value` is defined in a region of `op` (at any depth).
fn defined_within(ctx: &crate::ir::Context, value: Value, op: crate::ir::Op) -> bool {
    let mut at = match ctx.value_def(value) {
        ValueDef::Result { op: def, .. } => ctx.parent_op(def),
        ValueDef::Argument { block, .. } => {
            (ctx.block_parent(block)).and_then(|region| ctx.region_parent(region))
        }
        ValueDef::Placeholder => None,
    };
    while let Some(parent) = at {
        if parent == op {
            return true;
        }
        at = ctx.parent_op(parent);
    }
    false
}
