//! Instructions of non-semantic instruction sets (`SPV_KHR_non_semantic_info`,
//! core in SPIR-V 1.6), which a module may drop without changing what it
//! computes. An instruction of a set the grammar describes is its own op
//! (`spirv.NonSemanticDebugPrintf.DebugPrintf`); one of a set it does not
//! describe (a tool's own, or `NonSemantic.ClspvReflection.6`, an older
//! revision than the grammar's) is the generic
//! `spirv.ExtInst`, which names the set and the instruction:
//!
//! - `set`: the set's import name (`"NonSemantic.Foo"`);
//! - `instruction`: the instruction's number (`3 : i32`; one past
//!   `i32`'s range is read back as the `i32` of its bits, as other
//!   literals are);
//! - `operands`: the instruction's operands (all ids) in order, where some
//!   are no SSA operands: a type, an `@symbol` (a string, a module-level
//!   non-semantic instruction, a variable, a spec constant, a function), a
//!   scalar or vector constant value, or `unit` standing for the op's next
//!   SSA operand. Without it, the SSA operands are the instruction's
//!   operands.
//!
//! At module level the op is a symbol (`sym_name`) with its result type as
//! `result_type`, without SSA operands or results; in a function it has
//! one result.

use crate::grammar::{InstSet, Op as GrammarOp};
use crate::ir::{AttrData, Context, Op};

/// What every non-semantic set's import name starts with.
const PREFIX: &str = "NonSemantic.";

/// The debug-information sets that are not non-semantic. Their
/// instructions sit among the globals and in blocks as the non-semantic
/// ones do, and are kept the same way.
pub const DEBUG_INFO_SETS: [&str; 2] = ["DebugInfo", "OpenCL.DebugInfo.100"];

/// Whether the set imported as `import_name` is non-semantic.
pub fn is_non_semantic_set(import_name: &str) -> bool {
    import_name.starts_with(PREFIX)
}

/// Whether the instructions of the set imported as `import_name` are debug
/// instructions: a non-semantic set or one of [`DEBUG_INFO_SETS`]. At
/// module level one is a symbol (see the module documentation).
pub fn is_debug_set(import_name: &str) -> bool {
    is_non_semantic_set(import_name) || DEBUG_INFO_SETS.contains(&import_name)
}

/// The import name of the extended instruction set `op` (of grammar op
/// `grammar_op`) takes its instruction from: its grammar op's set, or a
/// `spirv.ExtInst`'s `set`; empty for a core instruction.
pub fn set_name(ctx: &Context, op: Op, grammar_op: GrammarOp) -> &str {
    match grammar_op {
        GrammarOp::ExtInst => {
            (ctx.attr(op, "set").and_then(|a| ctx.as_string_attr(a))).unwrap_or("")
        }
        _ => grammar_op.inst_set().info().import_name,
    }
}

/// The rules of a `spirv.ExtInst` (see the module documentation).
pub fn verify_ext_inst(ctx: &Context, op: Op) -> Result<(), String> {
    let set = (ctx.attr(op, "set").and_then(|a| ctx.as_string_attr(a)))
        .ok_or("requires a string attribute 'set' (the instruction set's import name)")?;
    if !is_non_semantic_set(set) {
        return Err(format!(
            "'set' \"{set}\" is no non-semantic instruction set ({PREFIX}*), the only sets \
             kept without the grammar describing them"
        ));
    }
    if let Some(known) = InstSet::from_import_name(set) {
        let namespace = known.info().namespace;
        return Err(format!(
            "the grammar describes \"{set}\": its instructions are the spirv.{namespace}.* ops"
        ));
    }
    let instruction = (ctx.attr(op, "instruction").and_then(|a| ctx.as_int_attr(a)))
        .ok_or("requires an integer attribute 'instruction' (the instruction's number)")?;
    if i32::try_from(instruction).is_err() && u32::try_from(instruction).is_err() {
        return Err(format!(
            "'instruction' {instruction} is no 32-bit instruction number"
        ));
    }
    let values = ctx.num_operands(op);
    let results = ctx.results(op).len();
    if ctx.attr(op, "sym_name").is_some() {
        if values > 0 || results > 0 {
            return Err(
                "a module-level instruction (with 'sym_name') takes no SSA operands \
                        and has no results"
                    .into(),
            );
        }
        if ctx
            .attr(op, "result_type")
            .and_then(|t| ctx.as_type_attr(t))
            .is_none()
        {
            return Err("requires a type attribute 'result_type' at module level".into());
        }
    } else if results != 1 {
        return Err("requires one result".into());
    }
    let Some(operands) = ctx.attr(op, "operands") else {
        return Ok(());
    };
    let AttrData::Array(items) = ctx.attr_data(operands) else {
        return Err("'operands' must be an array".into());
    };
    let mut units = 0;
    for &item in items.iter() {
        match ctx.attr_data(item) {
            AttrData::Unit => units += 1,
            AttrData::Type(_)
            | AttrData::SymbolRef { .. }
            | AttrData::Integer { .. }
            | AttrData::Float { .. }
            | AttrData::DenseElements { .. } => {}
            _ => {
                return Err(
                    "'operands' holds types, symbols, scalar and vector constants \
                            and `unit`s (each standing for an SSA operand), nothing else"
                        .into(),
                )
            }
        }
    }
    match units == values {
        true => Ok(()),
        false => Err(format!(
            "'operands' holds {units} `unit`s (SSA operands) for {values} SSA operands"
        )),
    }
}
