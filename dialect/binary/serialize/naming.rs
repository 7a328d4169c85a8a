//! The first walk over a function's ops: an id for every block label,
//! block argument and op result (nested regions' too, in the order the
//! writer has always given them), the edges between binary blocks with the
//! values they pass, the construct results that need no phi, and a record
//! of each op for the writing walk ([`super::function`]).

use super::properties::Property;
use super::regions::{
    construct_blocks, construct_place, defined_within, heads_construct, opens_loop, Yields, LOOP,
};
use super::switch_selects::{SelectChoice, SelectedArgument};
use super::tables::{HandleTable, OpClass, Role};
use super::{SerializeError, Writer};
use crate::ir::{Attr, AttrData, Block, Type, Value, ValueDef};
use crate::spirv::conventions::RESULT_DECORATIONS;
use std::ops::Range;

/// An edge between binary blocks.
#[derive(Default)]
pub(super) struct Edge {
    /// The label the edge lands on.
    pub(super) target: u32,
    /// The label of the block it leaves.
    pub(super) from: u32,
    /// Where in [`Ids::passed`] the values it passes are.
    pub(super) passed: Range<usize>,
}

/// How a branch with several edges into one block is written where the
/// plain instruction cannot stand: a conditional branch whose two
/// successors are one block, a switch whose cases pass one block
/// different values.
#[derive(Clone, Copy)]
pub(super) enum JoinedEdges {
    /// Its false edge goes through a block of its own, labelled
    /// `through`, that only branches to `target`; with
    /// `selection_merge`, the branch heads a selection merging there.
    Forwarded {
        through: u32,
        target: u32,
        selection_merge: bool,
    },
    /// As an `OpBranch` to `target`: both edges pass the same values.
    Unconditional { target: u32 },
    /// Two edges back to loop header `target` passing different values:
    /// the branch, in the block labelled `from`, heads a selection whose
    /// true edge lands on the block labelled `join` and false edge goes
    /// through the block labelled `through` to it; that block, the one
    /// back-edge block, takes the values each edge passes (the runs
    /// `taken` and `not_taken` of [`Ids::passed`]) in phis whose ids
    /// start at `first_phi`, and passes them on to the header.
    Joined {
        from: u32,
        through: u32,
        join: u32,
        target: u32,
        first_phi: u32,
        taken: (u32, u32),
        not_taken: (u32, u32),
    },
    /// A switch whose cases in the run `cases` of
    /// [`Ids::forwarded_cases`] go through blocks of their own.
    ForwardedCases { cases: (u32, u32) },
}

/// A switch's edge that goes through a block of its own, labelled
/// `through`, that only branches to `target`.
#[derive(Clone, Copy)]
pub(super) struct ForwardedCase {
    /// The edge's successor index in the switch.
    pub(super) successor: u32,
    pub(super) through: u32,
    pub(super) target: u32,
}

/// What the naming walk learnt of an op, for the writing walk.
#[derive(Clone, Copy)]
pub(super) struct OpRecord {
    pub(super) op: crate::ir::Op,
    pub(super) class: OpClass,
    /// The id and type of the op's first result, if any.
    pub(super) result: Option<(u32, Type)>,
    /// For a construct: where in [`Ids::records`] the ops after it in
    /// its block are, past those of its blocks.
    pub(super) after: u32,
}

/// One function's ids: values and block labels.
#[derive(Default)]
pub(super) struct Ids {
    pub(super) values: HandleTable<Value>,
    /// The label a branch to each block lands on.
    pub(super) labels: HandleTable<Block>,
    /// The function's edges, those into each label together (in branch
    /// order).
    pub(super) edges: Vec<Edge>,
    /// Per label: where in `edges` the edges into it are.
    incoming: HandleTable<u32, (u32, u32)>,
    /// The storage `edges` are grouped into, kept for the next function.
    grouped_edges: Vec<Edge>,
    /// The values the edges pass, one run per edge.
    pub(super) passed: Vec<Value>,
    /// The function's branches in order, each with the block whose
    /// label the binary block holding it carries.
    branches: Vec<(crate::ir::Op, Block)>,
    /// Per construct op: the label of the block after it.
    pub(super) continuations: HandleTable<crate::ir::Op>,
    /// The construct ops, in the order met while naming.
    pub(super) constructs: Vec<crate::ir::Op>,
    /// The block the entry block only branches to, when nothing else
    /// does: both are one binary block (the inverse of the deserializer's
    /// entry block in front of a construct it heads).
    pub(super) entry_successor: Option<Block>,
    /// Loops whose op opens a block that only passes its arguments on to
    /// the loop header: that block and the header are one binary block.
    pub(super) merged_loops: HandleTable<crate::ir::Op, ()>,
    /// Selections after instructions in their binary block: the block
    /// branches to a header of its own, the label of the region's first
    /// block (as MLIR's serializer writes every selection), so the
    /// instructions stay outside the construct when read back.
    pub(super) split_selections: HandleTable<crate::ir::Op, ()>,
    /// Loop back-edge blocks folded into their headers (see
    /// [`Writer::fold_forwarding_continues`]): not written.
    pub(super) folded_continues: HandleTable<Block, ()>,
    /// Each op in the order met while naming: a block's ops, each
    /// construct's followed by those of its blocks; materialization ops,
    /// which write nothing, left out.
    records: Vec<OpRecord>,
    /// Per block: where in `records` its ops are (with its constructs').
    block_records: HandleTable<Block, (u32, u32)>,
    /// The function's `spirv.Variable` ops in the order met while naming.
    pub(super) variables: Vec<OpRecord>,
    /// Per properties of a constant or symbol reference: its role, type
    /// and the module-level id it stands for (ops alike stand for one).
    materialized: HandleTable<Attr, Option<(Role, Type, u32)>>,
    /// Whether a variable sits in a construct's region, where the order
    /// met while naming need not be the order they are written in.
    pub(super) nested_variables: bool,
    /// The blocks holding a variable, in their own ops or a construct's,
    /// while the variables are put in the order they are written in.
    pub(super) variable_blocks: HandleTable<Block, ()>,
    /// The blocks still to walk while the variables are put in order.
    pub(super) pending_blocks: Vec<Block>,
    /// Each block's position among the function's, while they are put
    /// in dominance order.
    pub(super) block_positions: HandleTable<Block>,
    /// Construct results that every edge into the continuation yields
    /// the same value for: that value, so no phi is needed (pointers
    /// defined inside a loop and used after it stay plain ids).
    pub(super) aliases: HandleTable<Value, Option<Value>>,
    /// The construct results in `aliases`, in the order found.
    aliased: Vec<Value>,
    /// Branches with several edges into one block, written otherwise
    /// than as the plain instruction.
    pub(super) joined_edges: Vec<(crate::ir::Op, JoinedEdges)>,
    /// The switch edges [`JoinedEdges::ForwardedCases`] name.
    pub(super) forwarded_cases: Vec<ForwardedCase>,
    /// The block arguments that switches heading a selection choose by
    /// a chain of selects, in the order of the switches.
    pub(super) selected_arguments: Vec<SelectedArgument>,
    /// The values those chains choose among, one run per chain.
    pub(super) select_choices: Vec<SelectChoice>,
    /// Per slot of `passed`: the id passed there instead of the value's
    /// (a select chain's result).
    pub(super) passed_instead: HandleTable<u32>,
}

impl Ids {
    /// Groups the edges by the label they land on, keeping branch order
    /// among those into one label, and notes each label's run: a counting
    /// sort, the runs in the order their labels are first landed on.
    fn group_edges(&mut self) {
        /// The start of a label's run before it is placed.
        const UNPLACED: u32 = u32::MAX;
        let incoming = &mut self.incoming;
        for edge in &self.edges {
            let count = incoming.get(&edge.target).map_or(0, |run| run.1);
            incoming.insert(edge.target, (UNPLACED, count + 1));
        }
        // Each run starts where the one before it ends; until the edges
        // are placed, its end is where the next edge into it goes.
        let mut end = 0;
        for edge in &self.edges {
            let (start, count) = incoming[&edge.target];
            if start == UNPLACED {
                incoming.insert(edge.target, (end, end));
                end += count;
            }
        }
        let mut grouped = std::mem::take(&mut self.grouped_edges);
        grouped.clear();
        grouped.resize_with(self.edges.len(), Edge::default);
        for edge in self.edges.drain(..) {
            let (start, at) = incoming[&edge.target];
            incoming.insert(edge.target, (start, at + 1));
            grouped[at as usize] = edge;
        }
        self.grouped_edges = std::mem::replace(&mut self.edges, grouped);
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

    /// The id of the `index`-th phi of the join block labelled `from`
    /// ([`JoinedEdges::Joined`]), if `from` labels one.
    pub(super) fn joined_phi(&self, from: u32, index: usize) -> Option<u32> {
        self.joined_edges
            .iter()
            .find_map(|&(_, joined)| match joined {
                JoinedEdges::Joined {
                    join, first_phi, ..
                } if join == from => Some(first_phi + index as u32),
                _ => None,
            })
    }

    /// The edges of switch `op` that go through blocks of their own.
    pub(super) fn forwarded_cases_of(&self, op: crate::ir::Op) -> &[ForwardedCase] {
        let cases = self
            .joined_edges
            .iter()
            .find_map(|&(switch, joined)| match joined {
                JoinedEdges::ForwardedCases { cases } if switch == op => Some(cases),
                _ => None,
            });
        let (start, end) = cases.unwrap_or_default();
        &self.forwarded_cases[start as usize..end as usize]
    }

    /// Whether edges `one` and `other` pass the same ids (values
    /// materialized apart, one constant at two uses, pass one id).
    fn pass_alike(&self, one: &Edge, other: &Edge) -> bool {
        let id = |value: &Value| self.values.get(value).copied();
        let (one, other) = (
            &self.passed[one.passed.clone()],
            &self.passed[other.passed.clone()],
        );
        one.len() == other.len() && one.iter().zip(other).all(|(a, b)| a == b || id(a) == id(b))
    }

    /// The id passed in slot `slot` of [`Ids::passed`]: the value's,
    /// unless a select chain's is passed instead; none for a value
    /// without an id in the function.
    #[inline]
    pub(super) fn passed_id(&self, slot: usize) -> Option<u32> {
        match self.passed_instead.get(&(slot as u32)) {
            Some(&id) => Some(id),
            None => self.values.get(&self.passed[slot]).copied(),
        }
    }

    /// Every edge, into any label.
    pub(super) fn edges_mut(&mut self) -> &mut [Edge] {
        &mut self.edges
    }
}

impl Writer<'_> {
    /// Ids for every block, block argument and op result, in nested
    /// regions too; the incoming edges of every label.
    pub(super) fn assign_ids(
        &mut self,
        ids: &mut Ids,
        blocks: &[Block],
    ) -> Result<(), SerializeError> {
        ids.values.clear();
        ids.labels.clear();
        ids.edges.clear();
        ids.incoming.clear();
        ids.passed.clear();
        ids.continuations.clear();
        ids.constructs.clear();
        ids.merged_loops.clear();
        ids.split_selections.clear();
        ids.folded_continues.clear();
        ids.aliases.clear();
        ids.aliased.clear();
        ids.joined_edges.clear();
        ids.forwarded_cases.clear();
        ids.selected_arguments.clear();
        ids.select_choices.clear();
        ids.passed_instead.clear();
        ids.branches.clear();
        ids.variables.clear();
        ids.records.clear();
        ids.block_records.clear();
        ids.materialized.clear();
        ids.nested_variables = false;
        self.name_blocks(ids, blocks, blocks.first().copied(), false)?;
        let branches = std::mem::take(&mut ids.branches);
        for &(op, source) in &branches {
            let label = ids.labels[&source];
            self.record_branch(ids, op, label)?;
        }
        ids.branches = branches;
        ids.group_edges();
        self.fold_forwarding_continues(ids);
        ids.entry_successor = self.entry_fallthrough(ids, blocks);
        let passed = &ids.passed;
        for &op in &ids.constructs {
            let incoming = &ids.edges[ids.incoming_run(ids.continuations[&op])];
            let yields = Yields::of(self.ctx, op);
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
                let described = || {
                    self.ctx.value_loc(result).name.is_some()
                        || self.result_decorations(op, i).is_some()
                };
                if inside && values.all(|v| v == first) && !described() {
                    ids.aliases.insert(result, Some(first.unwrap_or(result)));
                    ids.aliased.push(result);
                }
            }
        }
        // An aliased result takes the id of the value it stands for (at
        // the end of a chain of aliases), so a use looks up its id alone.
        for &result in &ids.aliased {
            let mut value = result;
            while let Some(&Some(next)) = ids.aliases.get(&value) {
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
            // Whether the binary block holding the op has an instruction
            // of an op before it (since its label or the last construct's
            // continuation).
            let mut written = false;
            for op in ctx.block_ops(block) {
                let parts = OpParts::of(ctx, op);
                let class = self.class_named(parts.name);
                let role = class.role;
                let mut record = OpRecord {
                    op,
                    class,
                    result: None,
                    after: 0,
                };
                if role.is_materialized() {
                    self.name_materialized(ids, op, role)?;
                    continue;
                }
                for (i, &result) in parts.results.iter().enumerate() {
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
                    ids.constructs.push(op);
                    let merge = inner[inner.len() - 1];
                    ids.labels.insert(merge, continuation);
                    let merged = i != 0 && opens_loop(ctx, block, op, inner);
                    let split = written && role == Role::Selection;
                    let region_entry = match split {
                        true => Some(inner[0]),
                        false => source.filter(|_| !merged),
                    };
                    self.name_blocks(ids, inner, region_entry, true)?;
                    ids.records[at].after = ids.records.len() as u32;
                    if merged {
                        ids.merged_loops.insert(op, ());
                        let label = ids.labels[&block];
                        ids.labels.insert(inner[1], label);
                    }
                    if split {
                        ids.split_selections.insert(op, ());
                    }
                    source = source.map(|_| merge);
                    written = false;
                    continue;
                }
                if !written && role == Role::Instruction {
                    written = !class.is_debug_inst(ctx, op);
                }
                if let Some(source) = source.filter(|_| parts.has_successors) {
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
        &mut self,
        ids: &mut Ids,
        op: crate::ir::Op,
        label: u32,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let segments = |name| match self.property(op, name).map(|a| ctx.attr_data(a)) {
            Some(AttrData::DenseArray { values, .. }) => &values[..],
            _ => &[],
        };
        let count = ctx.num_operands(op);
        let name = ctx.op_name_str(op);
        // The first successor's operand count where it is not in `rest`.
        let (first, rest): (Option<i64>, &[i64]) = match name {
            "spirv.Branch" => (Some(count as i64), &[]),
            "spirv.BranchConditional" => {
                let sizes = segments(Property::OperandSegmentSizes);
                (None, sizes.get(1..).unwrap_or_default())
            }
            "spirv.Switch" => {
                let default = segments(Property::OperandSegmentSizes).get(1).copied();
                (
                    Some(default.unwrap_or(0)),
                    segments(Property::CaseOperandSegments),
                )
            }
            other => return Err(format!("{other} has successors")),
        };
        let sizes = || first.into_iter().chain(rest.iter().copied());
        let successors = ctx.successors(op);
        let passed = sizes().try_fold(0usize, |sum, size| {
            let size = usize::try_from(size).ok()?;
            sum.checked_add(size).filter(|&sum| sum <= count)
        });
        let (Some(passed), true) = (passed, sizes().count() == successors.len()) else {
            return Err(format!(
                "{name}: its operand segment sizes do not give each of its {} successors \
                 a run of its {count} operands",
                successors.len()
            ));
        };
        let mut start = count - passed;
        for (target, size) in successors.iter().zip(sizes().map(|size| size as usize)) {
            // Every later look-up of a successor's label finds one.
            let Some(&target) = ids.labels.get(target) else {
                return Err(format!("{name}: a successor outside the function"));
            };
            let at = ids.passed.len();
            ids.passed
                .extend((start..start + size).map(|i| ctx.operand(op, i)));
            start += size;
            ids.edges.push(Edge {
                target,
                from: label,
                passed: at..ids.passed.len(),
            });
        }
        match successors {
            [first, second] if first == second && name == "spirv.BranchConditional" => {
                self.join_edges(ids, op, *first)
            }
            _ if name == "spirv.Switch" && heads_construct(ctx, op) => {
                self.select_switch_arguments(ids, op, successors.len())
            }
            _ if name == "spirv.Switch" => {
                self.forward_switch_cases(ids, op, label, successors.len());
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Switch `op`, in the block labelled `label`, whose `count` edges are
    /// the last ones recorded: a case passing a block other values than
    /// the first edge into it goes through a block of its own (a phi takes
    /// one value per predecessor). Only where the switch heads no
    /// selection: a case block branching on to another case's would fall
    /// through, which a selection allows from one case at most.
    fn forward_switch_cases(&mut self, ids: &mut Ids, op: crate::ir::Op, label: u32, count: usize) {
        let first_edge = ids.edges.len() - count;
        let first_case = ids.forwarded_cases.len() as u32;
        for successor in 1..count {
            let edges = &ids.edges[first_edge..];
            let edge = &edges[successor];
            let Some(earlier) = (edges[..successor].iter())
                .find(|earlier| earlier.target == edge.target && earlier.from == label)
            else {
                continue;
            };
            if ids.pass_alike(earlier, edge) {
                continue;
            }
            let (through, target) = (self.fresh(), edge.target);
            ids.edges[first_edge + successor].from = through;
            let case = ForwardedCase {
                successor: successor as u32,
                through,
                target,
            };
            ids.forwarded_cases.push(case);
        }
        let end = ids.forwarded_cases.len() as u32;
        if end > first_case {
            let written = JoinedEdges::ForwardedCases {
                cases: (first_case, end),
            };
            ids.joined_edges.push((op, written));
        }
    }

    /// Conditional branch `op`, whose two edges (the last ones recorded)
    /// land on `target`, where the edges pass different values (a phi
    /// takes one value per predecessor) or the module is SPIR-V 1.6 or
    /// later (where the two labels must differ). Passing the same values,
    /// a branch that heads no construct, or goes back to a loop header,
    /// becomes an `OpBranch`. Two edges back to a loop header (which takes
    /// one back-edge block) passing different values meet in a block of
    /// their own, see [`JoinedEdges::Joined`]. Otherwise the false edge
    /// goes through a block of its own, and a branch that heads no
    /// construct heads a selection merging at `target` unless that is a
    /// loop's continue target (a branch there needs none).
    fn join_edges(
        &mut self,
        ids: &mut Ids,
        op: crate::ir::Op,
        target: Block,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let [.., taken, not_taken] = &ids.edges[..] else {
            return Ok(());
        };
        let alike = ids.pass_alike(taken, not_taken);
        if alike && self.version < VERSION_1_6 {
            return Ok(());
        }
        let (label, from) = (taken.target, taken.from);
        let run = |edge: &Edge| (edge.passed.start as u32, edge.passed.end as u32);
        let (taken, not_taken) = (run(taken), run(not_taken));
        let heads = heads_construct(ctx, op);
        let written = match construct_place(ctx, target) {
            _ if alike && !heads => JoinedEdges::Unconditional { target: label },
            Some((LOOP, 1, _)) if alike => JoinedEdges::Unconditional { target: label },
            Some((LOOP, 1, _)) if heads => {
                return Err(
                    "spirv.BranchConditional: a construct's header whose two edges \
                            lead back to the loop header pass different values"
                        .into(),
                )
            }
            Some((LOOP, 1, _)) => {
                let (through, join) = (self.fresh(), self.fresh());
                let first_phi = self.next_id;
                self.next_id += taken.1 - taken.0;
                JoinedEdges::Joined {
                    from,
                    through,
                    join,
                    target: label,
                    first_phi,
                    taken,
                    not_taken,
                }
            }
            place => JoinedEdges::Forwarded {
                through: self.fresh(),
                target: label,
                selection_merge: !heads && !matches!(place, Some((LOOP, at, len)) if at + 2 == len),
            },
        };
        match written {
            JoinedEdges::Unconditional { .. } => drop(ids.edges.pop()),
            JoinedEdges::Forwarded { through, .. } => {
                if let Some(edge) = ids.edges.last_mut() {
                    edge.from = through;
                }
            }
            JoinedEdges::ForwardedCases { .. } => {}
            JoinedEdges::Joined { join, .. } => {
                // One edge into the header, from the join block, passing
                // its phis (see `Ids::joined_phi`).
                ids.edges.pop();
                if let Some(edge) = ids.edges.last_mut() {
                    edge.from = join;
                    edge.passed = 0..0;
                }
            }
        }
        ids.joined_edges.push((op, written));
        Ok(())
    }

    /// Gives the result of materialization op `op` the module-level id it
    /// stands for, looked up once per properties for a constant or symbol
    /// reference.
    #[inline(always)]
    fn name_materialized(
        &mut self,
        ids: &mut Ids,
        op: crate::ir::Op,
        role: Role,
    ) -> Result<(), SerializeError> {
        let ctx = self.ctx;
        let Some(&result) = ctx.results(op).first() else {
            return self.materialized_as(op, role, &ids.values).map(drop);
        };
        let ty = ctx.value_type(result);
        let by_properties = matches!(role, Role::Constant | Role::AddressOf | Role::ReferenceOf);
        let key = ctx.properties(op).filter(|_| by_properties);
        let known = match key.and_then(|props| ids.materialized.get(&props)) {
            Some(&Some((of, of_type, id))) if of == role && of_type == ty => Some(id),
            _ => None,
        };
        let id = match known {
            Some(id) => id,
            None => {
                let id = self.materialized_as(op, role, &ids.values)?;
                if let Some(props) = key {
                    ids.materialized.insert(props, Some((role, ty, id)));
                }
                id
            }
        };
        ids.values.insert(result, id);
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
            Role::ConstantInstruction => self.constant_instruction_id(op, ty, values),
            _ => self.undef_id(ty),
        }
    }

    /// The decorations of result `index` of construct `op`, if any.
    pub(super) fn result_decorations(&self, op: crate::ir::Op, index: usize) -> Option<Attr> {
        let ctx = self.ctx;
        let decorations = match ctx.attr(op, RESULT_DECORATIONS).map(|a| ctx.attr_data(a)) {
            Some(AttrData::Array(per_result)) => per_result.get(index).copied(),
            _ => None,
        };
        decorations.filter(|&d| !ctx.dict_entries(d).is_empty())
    }
}

/// What the naming walk reads of an op, read through one look-up of its
/// record.
struct OpParts<'c> {
    name: crate::ir::Ident,
    results: &'c [Value],
    has_successors: bool,
}

impl<'c> OpParts<'c> {
    #[inline(always)]
    fn of(ctx: &'c crate::ir::Context, op: crate::ir::Op) -> OpParts<'c> {
        let data = &ctx.store.ops[op.index()];
        let (start, len) = data.results;
        OpParts {
            name: data.name,
            results: &ctx.store.result_lists[start as usize..][..len as usize],
            has_successors: data.successors.1 != 0,
        }
    }
}

/// The version word of SPIR-V 1.6, from which a conditional branch's two
/// labels must differ.
const VERSION_1_6: u32 = 0x0001_0600;
