//! A builder: creates ops at an insertion point that follows the ops it inserts.

use super::context::{Block, Context, Location, Op, Region, Type, Value};
use super::structure::{OpParts, OpSpec};

/// Where the builder puts the next op.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InsertPoint {
    /// At the end of a block.
    End(Block),
    /// Just before an op.
    Before(Op),
    /// Nowhere: created ops stay detached.
    Detached,
}

/// Creates ops and blocks at an insertion point.
#[derive(Clone, Copy, Debug)]
pub struct Builder {
    pub point: InsertPoint,
    pub loc: Location,
}

impl Builder {
    pub fn at_end(block: Block) -> Self {
        Builder {
            point: InsertPoint::End(block),
            loc: Location::UNKNOWN,
        }
    }
    pub fn before(op: Op) -> Self {
        Builder {
            point: InsertPoint::Before(op),
            loc: Location::UNKNOWN,
        }
    }
    /// Just after `op` (before its successor, or at its block's end).
    pub fn after(ctx: &Context, op: Op) -> Self {
        let point = match (ctx.next_op(op), ctx.parent_block(op)) {
            (Some(next), _) => InsertPoint::Before(next),
            (None, Some(block)) => InsertPoint::End(block),
            (None, None) => InsertPoint::Detached,
        };
        Builder {
            point,
            loc: Location::UNKNOWN,
        }
    }

    /// Places a detached op at the insertion point.
    pub fn insert(&self, ctx: &mut Context, op: Op) -> Op {
        match self.point {
            InsertPoint::End(block) => ctx.append_op(block, op),
            InsertPoint::Before(anchor) => ctx.insert_op_before(anchor, op),
            InsertPoint::Detached => {}
        }
        op
    }

    /// Creates an op named `name` at the insertion point.
    pub fn create(
        &self,
        ctx: &mut Context,
        name: &str,
        operands: &[Value],
        result_types: &[Type],
    ) -> Op {
        let mut spec = OpSpec::new(ctx.ident(name), self.loc);
        spec.operands = operands.to_vec();
        spec.result_types = result_types.to_vec();
        self.create_from(ctx, spec)
    }

    /// Creates an op from a full spec at the insertion point.
    pub fn create_from(&self, ctx: &mut Context, spec: OpSpec) -> Op {
        self.create_from_parts(ctx, spec.parts())
    }

    /// Creates an op from borrowed parts at the insertion point.
    pub fn create_from_parts(&self, ctx: &mut Context, parts: OpParts) -> Op {
        match self.point {
            InsertPoint::End(block) => ctx.create_op_at_end(block, parts),
            _ => {
                let op = ctx.create_op_parts(parts);
                self.insert(ctx, op)
            }
        }
    }

    /// Creates from `parts` an op without regions or successors and with
    /// at most one result at the insertion point (see
    /// [`Context::append_plain_op`]); its result.
    pub(crate) fn create_plain(&self, ctx: &mut Context, parts: OpParts) -> Option<Value> {
        match self.point {
            InsertPoint::End(block) => ctx.append_plain_op(block, parts),
            _ => {
                let op = self.create_from_parts(ctx, parts);
                ctx.results(op).first().copied()
            }
        }
    }

    /// Appends a new block to `region` and moves the insertion point to its end.
    pub fn create_block(&mut self, ctx: &mut Context, region: Region, arg_types: &[Type]) -> Block {
        let block = ctx.create_block(arg_types);
        ctx.append_block(region, block);
        self.point = InsertPoint::End(block);
        block
    }
}
