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
//! results. A branch with several edges into one block is written as
//! [`super::naming::JoinedEdges`] says where the plain instruction cannot
//! stand; a switch heading a selection keeps its edges, the header
//! choosing what they pass ([`super::switch_selects`]).

use super::enums::enum_value;
use super::naming::{Edge, Ids, JoinedEdges, OpRecord};
use super::properties::Property;
use super::regions::{dominance_order, Incoming};
use super::tables::{HandleTable, Role, Step};
use super::{begin, finish, SerializeError, Writer};
use crate::grammar::{InstSet, Op, OperandKind};
use crate::ir::{Attr, AttrData, Block, Value, ValueDef};

impl Writer<'_> {
    pub(super) fn function(&mut self, func: crate::ir::Op) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let id = self.symbol_of(func)?;
        let fn_type = self
            .property(func, Property::FunctionType)
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
        let control = match self.property(func, Property::FunctionControl) {
            Some(attr) => self.enum_attr_value(attr, OperandKind::FunctionControl)?,
            None => 0,
        };
        let mut body = std::mem::take(&mut self.out.functions);
        // The function's own position, as an `OpLine` before it.
        self.line = crate::ir::Location::UNKNOWN;
        let loc = ctx.op_loc(func);
        if self.line_needed(loc) {
            if let Err(e) = self.position_line(&mut body, loc) {
                self.out.functions = body;
                return Err(e);
            }
        }
        emit_words(&mut body, Op::Function, &[ret, id, control, fn_type_id]);
        if let Some(linkage) = self.property(func, Property::LinkageAttributes) {
            self.decorate_linkage(id, linkage)?;
        }
        self.decorate_function(id, ctx.attributes(func))?;
        let region = ctx.regions(func).first().copied();
        let blocks = region.map_or(&[][..], |r| ctx.region_blocks(r));
        let mut ids = self.pool.spare_ids.take().unwrap_or_default();
        let blocks = &dominance_order(ctx, blocks, &mut ids.block_positions)[..];
        self.lines = self.lines_possible();
        self.assign_ids(&mut ids, blocks)?;
        // MLIR's per-argument attributes: the parameters' decorations.
        let arg_attrs = match self
            .property(func, Property::ArgAttrs)
            .map(|a| ctx.attr_data(a))
        {
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
                let mut holding = std::mem::take(&mut ids.variable_blocks);
                let mut pending = std::mem::take(&mut ids.pending_blocks);
                let (held, walk) = (&mut holding, &mut pending);
                function_variables(self.ctx, &ids, blocks, &mut variables, held, walk);
                (ids.variable_blocks, ids.pending_blocks) = (holding, pending);
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
        self.pool.spare_ids = Some(ids);
        Ok(())
    }

    /// `OpLabel`, the block's arguments as phis (`with_phis`: all but the
    /// entry block's), then its ops; `merge`, the construct the block
    /// heads and its merge instruction, goes before its terminator.
    pub(super) fn labeled_block(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        block: Block,
        with_phis: bool,
        merge: Option<(crate::ir::Op, Op)>,
    ) -> Result<(), SerializeError> {
        let label = ids.labels[&block];
        // A loop merged into its block is the block's first op (not left
        // out of the records).
        let merged = (ids.block_records(block).1.first())
            .is_some_and(|first| ids.merged_loops.get(&first.op).is_some());
        if merged {
            // The loop header's label and phis stand for this block's.
            return self.block_ops(body, ids, block, merge);
        }
        emit_words(body, Op::Label, &[label]);
        self.line = crate::ir::Location::UNKNOWN;
        if with_phis {
            let args = self.ctx.block_args(block);
            self.phis(body, ids, label, args, |i| Some(Incoming::Argument(i)))?;
        }
        self.block_ops(body, ids, block, merge)
    }

    /// The ops of `block`, constructs as their header, blocks and
    /// continuation; `merge`, the construct the block heads and its merge
    /// instruction, is written before the terminator.
    pub(super) fn block_ops(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        block: Block,
        mut merge: Option<(crate::ir::Op, Op)>,
    ) -> Result<(), SerializeError> {
        let (start, records) = ids.block_records(block);
        let mut at = 0;
        let mut terminated = false;
        while let Some(record) = records.get(at) {
            at += 1;
            let step = record.class.step;
            if step == Step::Write {
                self.op(body, ids, record)?;
                continue;
            }
            match step {
                Step::Construct => {
                    self.construct(body, ids, record.op, record.class.role)?;
                    at = record.after as usize - start;
                }
                Step::End | Step::EndUnwritten => {
                    terminated = true;
                    if let Some((construct, merge_op)) = merge.take() {
                        let branch = (step == Step::End).then_some(record.op);
                        if let Some(branch) = branch.filter(|_| !ids.selected_arguments.is_empty())
                        {
                            self.switch_selects(body, ids, branch)?;
                        }
                        self.merge_instruction(body, ids, construct, merge_op, branch)?;
                    }
                    if step == Step::End {
                        match ids.joined_edges.is_empty() {
                            true => self.op(body, ids, record)?,
                            false => self.terminator(body, ids, record)?,
                        }
                    }
                }
                Step::Write | Step::Skip => {}
            }
        }
        match terminated {
            true => Ok(()),
            false => Err("a block ends without a terminator (a branch, a return or \
                          `spirv.mlir.merge`)"
                .into()),
        }
    }

    /// An `OpPhi` for each of `values` at the block labelled `label`: the
    /// value of the `i`-th along each incoming edge comes from where
    /// `incoming(i)` says (an argument the edge passes is the id
    /// [`Ids::passed_id`] gives).
    pub(super) fn phis(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        label: u32,
        values: &[Value],
        incoming: impl Fn(usize) -> Option<Incoming>,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let edges = ids.incoming(label);
        for (i, &phi) in values.iter().enumerate() {
            let ty = self.type_id(ctx.value_type(phi))?;
            let start = begin(body);
            body.push(ty);
            body.push(ids.values[&phi]);
            let source = incoming(i);
            for Edge { from, passed, .. } in edges {
                let joined = match ids.joined_edges.is_empty() {
                    true => None,
                    false => ids.joined_phi(*from, i),
                };
                let value = match (joined, source) {
                    (Some(phi), _) => Some(phi),
                    (None, Some(Incoming::Argument(n))) if n < passed.len() => {
                        ids.passed_id(passed.start + n)
                    }
                    (None, Some(Incoming::Value(value))) => ids.values.get(&value).copied(),
                    (None, _) => return Err("a branch passes too few block arguments".into()),
                };
                let value =
                    value.ok_or("OpPhi: a branch passes a value defined outside the function")?;
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
                    let name = kind.enumerant(case).map_or("", |e| e.name);
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

    /// The id of `value` (of the value it stands for, where aliased),
    /// an operand of `user`.
    #[inline]
    pub(super) fn value_id(
        &self,
        ids: &Ids,
        user: crate::ir::Op,
        value: Value,
    ) -> Result<u32, SerializeError> {
        match ids.values.get(&value) {
            Some(&id) => Ok(id),
            None => Err(outside_value(self.ctx, user)),
        }
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
            // MLIR's call of a function returning nothing has no result;
            // the instruction has one, of type void.
            None if grammar_op == Op::FunctionCall => Some(self.void_result()?),
            None => None,
        };
        // One look-up of the op for its location, attributes, values and
        // properties.
        let data = &ctx.store.ops[op.index()];
        let (loc, attrs) = (crate::ir::Location::from(data.loc), data.attributes);
        if self.lines {
            self.op_line(body, op, grammar_op, loc)?;
        }
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
            _ if grammar_op == Op::ExtInst => self.unknown_set_operands(op, Some(ids), body)?,
            _ => match self.direct_operands(body, ids, (&data.operands, data.properties), plan) {
                Some(written) => written.map_err(|OutsideValue| outside_value(ctx, op))?,
                None => self.operands(body, ids, op, plan)?,
            },
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
            if attrs != ctx.empty_dictionary() {
                self.decorate(id, attrs)?;
            }
            self.name_value(id, loc);
        }
        Ok(())
    }

    /// A fresh result id and the void type's id, for a call without a
    /// result.
    #[cold]
    #[inline(never)]
    fn void_result(&mut self) -> Result<(u32, u32), SerializeError> {
        let void = self.declare(Op::TypeVoid, None, &[])?;
        Ok((self.fresh(), void))
    }

    /// Terminator `record` of a function some of whose branches have
    /// several edges into one block ([`JoinedEdges`]): as its entry says,
    /// or as any other op.
    #[cold]
    #[inline(never)]
    fn terminator(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        record: &OpRecord,
    ) -> Result<(), SerializeError> {
        match ids.joined_edges.iter().find(|(op, _)| *op == record.op) {
            Some(&(_, joined)) => self.joined_branch(body, ids, record, joined),
            None => self.op(body, ids, record),
        }
    }

    /// Branch `record`, with several edges into one block, as `joined`
    /// says: an `OpBranch`; or the branch (after an `OpSelectionMerge`
    /// where it heads a selection) with the labels of blocks of its own
    /// for the edges they forward, those blocks after it.
    fn joined_branch(
        &mut self,
        body: &mut Vec<u32>,
        ids: &Ids,
        record: &OpRecord,
        joined: JoinedEdges,
    ) -> Result<(), SerializeError> {
        let merge = match joined {
            JoinedEdges::Unconditional { target } => {
                emit_words(body, Op::Branch, &[target]);
                return Ok(());
            }
            JoinedEdges::Forwarded {
                target,
                selection_merge,
                ..
            } => selection_merge.then_some(target),
            JoinedEdges::Joined { join, .. } => Some(join),
            JoinedEdges::ForwardedCases { .. } => None,
        };
        if let Some(merge) = merge {
            if self.lines {
                self.line(body, self.ctx.op_loc(record.op))?;
            }
            emit_words(body, Op::SelectionMerge, &[merge, 0]);
        }
        let start = body.len();
        self.op(body, ids, record)?;
        // The branch follows the `OpLine` (`OpNoLine`) written before it,
        // if any: its labels lie after a conditional branch's condition,
        // and after a switch's selector and default, each case's after its
        // literal.
        let mut branch = start;
        let debug_line = [Op::Line.info().opcode, Op::NoLine.info().opcode];
        while debug_line.contains(&(body[branch] & 0xffff)) {
            branch += (body[branch] >> 16) as usize;
        }
        match joined {
            JoinedEdges::Forwarded {
                through, target, ..
            } => {
                body[branch + 3] = through;
                emit_words(body, Op::Label, &[through]);
                emit_words(body, Op::Branch, &[target]);
            }
            JoinedEdges::ForwardedCases { .. } => {
                let cases = ids.forwarded_cases_of(record.op);
                let case_words = (body[branch] >> 16) as usize - 3;
                let case_count = self.ctx.successors(record.op).len() - 1;
                let case_width = case_words / case_count;
                for case in cases {
                    body[branch + 2 + case.successor as usize * case_width] = case.through;
                }
                for case in cases {
                    emit_words(body, Op::Label, &[case.through]);
                    emit_words(body, Op::Branch, &[case.target]);
                }
            }
            JoinedEdges::Joined {
                from,
                through,
                join,
                target,
                first_phi,
                taken,
                not_taken,
            } => {
                (body[branch + 2], body[branch + 3]) = (join, through);
                emit_words(body, Op::Label, &[through]);
                emit_words(body, Op::Branch, &[join]);
                emit_words(body, Op::Label, &[join]);
                let runs = (taken.0..taken.1).zip(not_taken.0..not_taken.1);
                for (phi, (taken, not_taken)) in (first_phi..).zip(runs) {
                    let (taken, not_taken) =
                        (ids.passed[taken as usize], ids.passed[not_taken as usize]);
                    let ty = self.type_id(self.ctx.value_type(taken))?;
                    let taken = self.value_id(ids, record.op, taken)?;
                    let not_taken = self.value_id(ids, record.op, not_taken)?;
                    emit_words(body, Op::Phi, &[ty, phi, taken, from, not_taken, through]);
                }
                emit_words(body, Op::Branch, &[target]);
            }
            JoinedEdges::Unconditional { .. } => {}
        }
        self.line = crate::ir::Location::UNKNOWN;
        Ok(())
    }

    /// The `OpLine` (`OpNoLine`) before `op`, an instruction `grammar_op`
    /// at `loc`, where positions may be written: a merge instruction kept
    /// as an op takes the position of the branch ending its block, which
    /// it must come right before.
    #[inline(never)]
    fn op_line(
        &mut self,
        body: &mut Vec<u32>,
        op: crate::ir::Op,
        grammar_op: Op,
        loc: crate::ir::Location,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let loc = match grammar_op {
            Op::SelectionMerge | Op::LoopMerge => (ctx.parent_block(op))
                .and_then(|block| ctx.last_op(block))
                .map_or(loc, |branch| ctx.op_loc(branch)),
            _ => loc,
        };
        self.line(body, loc)
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
        let takes = match role {
            Role::Branch => successors.len() == 1,
            Role::BranchConditional => successors.len() == 2,
            _ => !successors.is_empty(),
        };
        if !takes {
            let name = ctx.op_name_str(op);
            return Err(format!("{name} with {} successors", successors.len()));
        }
        match role {
            Role::Branch => body.push(ids.labels[&successors[0]]),
            Role::BranchConditional => {
                body.push(self.value_id(ids, op, ctx.operand(op, 0))?);
                body.extend(successors.iter().map(|b| ids.labels[b]));
                if let Some(AttrData::Array(weights)) =
                    (self.property(op, Property::BranchWeights)).map(|a| ctx.attr_data(a))
                {
                    for w in weights.iter() {
                        let weight = (ctx.as_int_attr(*w))
                            .ok_or("spirv.BranchConditional: a branch weight is not an integer")?;
                        body.push(weight as u32);
                    }
                }
            }
            _ => {
                let selector = ctx.operand(op, 0);
                body.push(self.value_id(ids, op, selector)?);
                body.push(ids.labels[&successors[0]]);
                let ty = ctx.value_type(selector);
                let literals = match (self.prop(op, "literals")).map(|a| ctx.attr_data(a)) {
                    Some(AttrData::Array(literals)) => &literals[..],
                    _ => &[],
                };
                let targets = &successors[1..];
                if literals.len() != targets.len() {
                    return Err(format!(
                        "spirv.Switch with {} case literals for {} case targets",
                        literals.len(),
                        targets.len()
                    ));
                }
                for (literal, target) in literals.iter().zip(targets) {
                    let bits = (ctx.as_int_attr(*literal))
                        .ok_or("spirv.Switch: a case literal is not an integer")?;
                    let bits = bits as u64;
                    body.extend(self.number_words(ty, bits)?);
                    body.push(ids.labels[target]);
                }
            }
        }
        Ok(())
    }
}

/// A value without an id in the function being written, taken by an op
/// that [`outside_value`] names.
pub(super) struct OutsideValue;

/// The error of `user` taking a value without an id in the function being
/// written.
#[cold]
#[inline(never)]
pub(super) fn outside_value(ctx: &crate::ir::Context, user: crate::ir::Op) -> SerializeError {
    let name = ctx.op_name_str(user);
    format!("{name}: a value defined outside the function")
}

/// Appends the instruction of `op` whose operands (result type and
/// result included) are the ids `words`, of which no instruction has
/// more than a few.
pub(super) fn emit_words(buf: &mut Vec<u32>, op: Op, words: &[u32]) {
    buf.push(((words.len() as u32 + 1) << 16) | op.info().opcode);
    buf.extend_from_slice(words);
}

/// The records of the `spirv.Variable` ops of a function's blocks and of
/// the constructs they hold, in order, into `variables` (which holds them
/// in the order met while naming): SPIR-V wants them all in the entry
/// block. Only the blocks holding one, noted in `holding`, are walked,
/// those still to walk kept in `pending`.
fn function_variables(
    ctx: &crate::ir::Context,
    ids: &Ids,
    blocks: &[Block],
    variables: &mut Vec<OpRecord>,
    holding: &mut HandleTable<Block, ()>,
    pending: &mut Vec<Block>,
) {
    holding.clear();
    for variable in variables.iter() {
        // The variable's block and those holding its construct, up to one
        // already noted (with those above it).
        let mut block = ctx.parent_block(variable.op);
        while let Some(at) = block.filter(|b| holding.get(b).is_none()) {
            holding.insert(at, ());
            let construct = ctx.block_parent(at).and_then(|r| ctx.region_parent(r));
            block = construct.and_then(|op| ctx.parent_block(op));
        }
    }
    variables.clear();
    pending.clear();
    pending.extend(blocks.iter().rev());
    while let Some(block) = pending.pop() {
        if holding.get(&block).is_none() {
            continue;
        }
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
