//! Deep copies of ops, with a mapping from original to copied values and
//! blocks.

use super::context::{Block, Context, Op, Value};
use super::hash::FastMap;
use super::structure::OpSpec;

/// Original → copy correspondences built while cloning (and pre-seeded by
/// callers to substitute values).
#[derive(Default, Debug)]
pub struct IrMapping {
    values: FastMap<Value, Value>,
    blocks: FastMap<Block, Block>,
}

impl IrMapping {
    pub fn map_value(&mut self, from: Value, to: Value) {
        self.values.insert(from, to);
    }
    pub fn map_block(&mut self, from: Block, to: Block) {
        self.blocks.insert(from, to);
    }
    pub fn value(&self, v: Value) -> Value {
        self.values.get(&v).copied().unwrap_or(v)
    }
    pub fn block(&self, b: Block) -> Block {
        self.blocks.get(&b).copied().unwrap_or(b)
    }
}

impl Context {
    /// A detached deep copy of `op`. Operands defined inside `op` refer to
    /// their copies; others are looked up in `mapping` (kept when absent).
    pub fn clone_op(&mut self, op: Op, mapping: &mut IrMapping) -> Op {
        let mut copies = Vec::new();
        let copy = self.clone_structure(op, mapping, &mut copies);
        // Operands may refer to values defined later (other blocks, graph
        // regions): remap once every copy exists.
        for c in copies {
            for i in 0..self.num_operands(c) {
                let old = self.operand(c, i);
                let new = mapping.value(old);
                if new != old {
                    self.set_operand(c, i, new);
                }
            }
            for i in 0..self.successors(c).len() {
                let b = mapping.block(self.successors(c)[i]);
                self.set_successor(c, i, b);
            }
        }
        copy
    }

    fn clone_structure(&mut self, op: Op, mapping: &mut IrMapping, copies: &mut Vec<Op>) -> Op {
        let data = &self.store.ops[op.index()];
        let spec = OpSpec {
            name: data.name,
            loc: data.loc.into(),
            operands: data.operands.to_vec(),
            result_types: (self.results(op).iter())
                .map(|&r| self.value_type(r))
                .collect(),
            properties: self.properties(op),
            attributes: Some(data.attributes),
            num_regions: self.regions(op).len(),
            successors: self.successors(op).to_vec(),
        };
        let copy = self.create_op(spec);
        copies.push(copy);
        for i in 0..self.results(op).len() {
            mapping.map_value(self.result(op, i), self.result(copy, i));
        }
        for r in 0..self.regions(op).len() {
            let (from, to) = (self.regions(op)[r], self.regions(copy)[r]);
            let blocks = self.region_blocks(from).to_vec();
            for &block in &blocks {
                let types: Vec<_> = self
                    .block_args(block)
                    .iter()
                    .map(|&a| self.value_type(a))
                    .collect();
                let new_block = self.create_block(&types);
                for (i, &arg) in self.block_args(block).to_vec().iter().enumerate() {
                    let copy = self.block_args(new_block)[i];
                    mapping.map_value(arg, copy);
                    self.set_arg_loc(copy, self.arg_loc(arg));
                    self.set_arg_attrs(copy, self.arg_attrs(arg));
                }
                mapping.map_block(block, new_block);
                self.append_block(to, new_block);
            }
            for block in blocks {
                let new_block = mapping.block(block);
                for child in self.block_ops(block).collect::<Vec<_>>() {
                    let c = self.clone_structure(child, mapping, copies);
                    self.append_op(new_block, c);
                }
            }
        }
        copy
    }
}
