//! The op registry: what dialects declare about their ops (traits and an
//! op-specific verifier) so dialect-agnostic code (verifier, printer, symbol
//! tables, passes) can reason about them. Ops nobody registered are still
//! valid IR; the framework then assumes as little as MLIR does.

use super::context::{Context, Ident, Op};
use super::hash::FastMap;
use std::sync::Arc;

/// Structural properties of an op, as a bit set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct OpTraits(u32);

impl OpTraits {
    pub const NONE: OpTraits = OpTraits(0);
    /// Regions may not use values defined outside the op.
    pub const ISOLATED_FROM_ABOVE: OpTraits = OpTraits(1);
    /// The op ends a block.
    pub const TERMINATOR: OpTraits = OpTraits(1 << 1);
    /// Blocks of the op's regions need no terminator.
    pub const NO_TERMINATOR: OpTraits = OpTraits(1 << 2);
    /// The op's single region holds a symbol table.
    pub const SYMBOL_TABLE: OpTraits = OpTraits(1 << 3);
    /// The op defines a symbol through its `sym_name` attribute.
    pub const SYMBOL: OpTraits = OpTraits(1 << 4);
    /// Each region has at most one block.
    pub const SINGLE_BLOCK: OpTraits = OpTraits(1 << 5);
    /// Regions are graph regions: no dominance requirement between ops.
    pub const GRAPH_REGION: OpTraits = OpTraits(1 << 6);

    pub const fn union(self, other: OpTraits) -> OpTraits {
        OpTraits(self.0 | other.0)
    }
    pub const fn contains(self, other: OpTraits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for OpTraits {
    type Output = OpTraits;
    fn bitor(self, rhs: OpTraits) -> OpTraits {
        self.union(rhs)
    }
}

/// An op-specific verification rule; the message names the rule broken.
pub type VerifyFn = fn(&Context, Op) -> Result<(), String>;

/// A rule on what an op's symbol references name, given a way to resolve
/// them (`resolve` maps a symbol reference attribute to the op it names).
pub type SymbolUsesFn =
    fn(&Context, Op, &mut dyn FnMut(super::Attr) -> Option<Op>) -> Result<(), String>;

/// Which operands of a branch op are forwarded to successor `index`.
pub type SuccessorOperandsFn = fn(&Context, Op, usize) -> std::ops::Range<usize>;

/// What a dialect declares about one op.
#[derive(Clone, Debug)]
pub struct OpInfo {
    pub traits: OpTraits,
    pub verify: Option<VerifyFn>,
    pub successor_operands: Option<SuccessorOperandsFn>,
    /// Checked by the verifier once the op's references resolve.
    pub symbol_uses: Option<SymbolUsesFn>,
}

/// Shared between a context and its clones until one of them registers
/// another op (copy on write), so cloning a populated context is cheap.
#[derive(Default, Clone)]
pub(crate) struct OpRegistry {
    infos: Arc<FastMap<Ident, OpInfo>>,
}

impl Context {
    /// Declares an op (a later declaration of the same name replaces it).
    pub fn register_op(&mut self, name: &str, traits: OpTraits, verify: Option<VerifyFn>) {
        let name = self.ident(name);
        Arc::make_mut(&mut self.registry.infos).insert(
            name,
            OpInfo {
                traits,
                verify,
                successor_operands: None,
                symbol_uses: None,
            },
        );
    }

    /// Declares which operands a registered branch op forwards to its
    /// successors (the verifier checks them against the block arguments).
    pub fn register_successor_operands(&mut self, name: &str, f: SuccessorOperandsFn) {
        let name = self.ident(name);
        if let Some(info) = Arc::make_mut(&mut self.registry.infos).get_mut(&name) {
            info.successor_operands = Some(f);
        }
    }

    /// Declares the rule a registered op's symbol uses follow.
    pub fn register_symbol_uses(&mut self, name: &str, f: SymbolUsesFn) {
        let name = self.ident(name);
        if let Some(info) = Arc::make_mut(&mut self.registry.infos).get_mut(&name) {
            info.symbol_uses = Some(f);
        }
    }

    /// The declaration of an op name, if registered.
    pub fn op_info(&self, name: Ident) -> Option<&OpInfo> {
        self.registry.infos.get(&name)
    }

    pub fn is_registered(&self, op: Op) -> bool {
        self.op_info(self.op_name(op)).is_some()
    }

    /// Whether `op` is registered with all of `traits`.
    pub fn has_traits(&self, op: Op, traits: OpTraits) -> bool {
        self.op_info(self.op_name(op))
            .is_some_and(|i| i.traits.contains(traits))
    }
}

/// The sizes in an op's `operandSegmentSizes` property, when they add up to
/// its operand count.
pub fn operand_segments(ctx: &Context, op: Op) -> Option<Vec<usize>> {
    let attr = ctx.attr(op, "operandSegmentSizes")?;
    match ctx.attr_data(attr) {
        super::AttrData::DenseArray { values, .. } if values.iter().all(|&v| v >= 0) => {
            let sizes: Vec<usize> = values.iter().map(|&v| v as usize).collect();
            (sizes.iter().sum::<usize>() == ctx.num_operands(op)).then_some(sizes)
        }
        _ => None,
    }
}

/// Successor operands of a branch whose operands are segmented as
/// `[leading operands, successor 0's, successor 1's, ...]`.
pub fn segmented_successor_operands(ctx: &Context, op: Op, index: usize) -> std::ops::Range<usize> {
    match operand_segments(ctx, op) {
        Some(sizes) if index + 1 < sizes.len() => {
            let start: usize = sizes[..index + 1].iter().sum();
            start..start + sizes[index + 1]
        }
        _ => 0..0,
    }
}
