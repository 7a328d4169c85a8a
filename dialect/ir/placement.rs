//! Placement: linking ops into blocks and blocks into regions, moving
//! ops between them, and erasing ops and blocks with what they hold.

use super::context::{Block, Context, Op, Region};
use super::structure::{block_at, link, op_at, run, NONE};

impl Context {
    /// Appends a detached op at the end of `block`.
    pub fn append_op(&mut self, block: Block, op: Op) {
        let last = self.store.blocks[block.index()].last;
        self.link_op(block, last, None, op);
    }

    /// Makes `op` the last op of `block` as seen from the block and from
    /// the op before it, which it returns; the caller links `op` itself.
    pub(super) fn link_last(&mut self, block: Block, op: Op) -> Option<Op> {
        let block_data = &mut self.store.blocks[block.index()];
        let prev = block_data.last.replace(op);
        match prev {
            Some(p) => self.store.ops[p.index()].next = op.0,
            None => block_data.first = Some(op),
        }
        prev
    }

    /// Inserts a detached op just before `anchor`.
    pub fn insert_op_before(&mut self, anchor: Op, op: Op) {
        let block = (self.parent_block(anchor)).expect("insert_op_before: anchor is detached");
        let prev = self.prev_op(anchor);
        self.link_op(block, prev, Some(anchor), op);
    }

    /// Inserts a detached op just after `anchor`.
    pub fn insert_op_after(&mut self, anchor: Op, op: Op) {
        let block = (self.parent_block(anchor)).expect("insert_op_after: anchor is detached");
        let next = self.next_op(anchor);
        self.link_op(block, Some(anchor), next, op);
    }

    fn link_op(&mut self, block: Block, prev: Option<Op>, next: Option<Op>, op: Op) {
        debug_assert!(self.parent_block(op).is_none(), "op is already placed");
        let data = &mut self.store.ops[op.index()];
        data.parent = block.0;
        data.prev = link(prev.map(|p| p.0));
        data.next = link(next.map(|n| n.0));
        match prev {
            Some(p) => self.store.ops[p.index()].next = op.0,
            None => self.store.blocks[block.index()].first = Some(op),
        }
        match next {
            Some(n) => self.store.ops[n.index()].prev = op.0,
            None => self.store.blocks[block.index()].last = Some(op),
        }
    }

    /// Unlinks an op from its block, keeping it and its contents alive.
    pub fn detach_op(&mut self, op: Op) {
        let data = &mut self.store.ops[op.index()];
        let Some(block) = block_at(std::mem::replace(&mut data.parent, NONE)) else {
            return;
        };
        let prev = std::mem::replace(&mut data.prev, NONE);
        let next = std::mem::replace(&mut data.next, NONE);
        match op_at(prev) {
            Some(p) => self.store.ops[p.index()].next = next,
            None => self.store.blocks[block.index()].first = op_at(next),
        }
        match op_at(next) {
            Some(n) => self.store.ops[n.index()].prev = prev,
            None => self.store.blocks[block.index()].last = op_at(prev),
        }
    }

    /// Moves an op (placed or not) to just before `anchor`.
    pub fn move_op_before(&mut self, op: Op, anchor: Op) {
        self.detach_op(op);
        self.insert_op_before(anchor, op);
    }

    /// Moves an op (placed or not) to the end of `block`.
    pub fn move_op_to_end(&mut self, op: Op, block: Block) {
        self.detach_op(op);
        self.append_op(block, op);
    }

    /// Detaches and destroys an op with everything nested in it. Its results
    /// must have no uses left outside it.
    pub fn erase_op(&mut self, op: Op) {
        self.detach_op(op);
        self.destroy(self.ops_nested_in(op));
    }

    /// Drops all operands of `ops` (so uses among them vanish), then unlinks
    /// their regions.
    fn destroy(&mut self, ops: Vec<Op>) {
        for &op in &ops {
            self.clear_operands(op);
        }
        for op in ops {
            debug_assert!(
                (self.results(op).iter()).all(|&r| self.use_count(r) == 0),
                "erased op's results still have uses"
            );
            let data = &mut self.store.ops[op.index()];
            data.successors = (0, 0);
            let regions = std::mem::take(&mut data.regions);
            for at in run(regions) {
                let region = self.store.region_lists[at];
                for block in std::mem::take(&mut self.store.regions[region.index()].blocks) {
                    let b = &mut self.store.blocks[block.index()];
                    (b.first, b.last, b.parent) = (None, None, None);
                }
            }
        }
    }

    /// Appends a detached block to `region`.
    pub fn append_block(&mut self, region: Region, block: Block) {
        self.store.blocks[block.index()].parent = Some(region);
        self.store.regions[region.index()].blocks.push(block);
    }

    /// Makes room for `additional` more blocks in `region`.
    pub fn reserve_region_blocks(&mut self, region: Region, additional: usize) {
        self.store.regions[region.index()]
            .blocks
            .reserve(additional);
    }

    /// Removes a block from its region and destroys its contents.
    pub fn erase_block(&mut self, block: Block) {
        if let Some(region) = self.store.blocks[block.index()].parent.take() {
            self.store.regions[region.index()]
                .blocks
                .retain(|&b| b != block);
        }
        let mut ops = Vec::new();
        for op in self.block_ops(block).collect::<Vec<_>>() {
            ops.extend(self.ops_nested_in(op));
        }
        self.destroy(ops);
        let b = &mut self.store.blocks[block.index()];
        (b.first, b.last) = (None, None);
    }
}
