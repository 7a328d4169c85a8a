//! Walks over nested ops in pre-order and post-order.

use super::context::{Context, Op};

/// What a walk callback asks for next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WalkControl {
    Continue,
    /// Do not visit the ops nested in this one (pre-order only).
    Skip,
    Stop,
}

impl Context {
    /// Visits `op` and everything nested in it, parents before children.
    /// Returns false when the callback stopped the walk.
    pub fn walk_pre(&self, op: Op, f: &mut dyn FnMut(Op) -> WalkControl) -> bool {
        match f(op) {
            WalkControl::Stop => return false,
            WalkControl::Skip => return true,
            WalkControl::Continue => {}
        }
        for &region in self.regions(op) {
            for &block in self.region_blocks(region) {
                for child in self.block_ops(block) {
                    if !self.walk_pre(child, f) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Visits everything nested in `op`, then `op`: children before parents.
    pub fn walk_post(&self, op: Op, f: &mut dyn FnMut(Op) -> WalkControl) -> bool {
        for &region in self.regions(op) {
            for &block in self.region_blocks(region) {
                for child in self.block_ops(block) {
                    if !self.walk_post(child, f) {
                        return false;
                    }
                }
            }
        }
        f(op) != WalkControl::Stop
    }

    /// `op` and every op nested in it, in pre-order.
    pub fn ops_nested_in(&self, op: Op) -> Vec<Op> {
        let mut out = Vec::new();
        self.walk_pre(op, &mut |o| {
            out.push(o);
            WalkControl::Continue
        });
        out
    }
}
