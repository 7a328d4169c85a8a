//! Every grammar op in the IR's op registry, table-driven: the result count
//! and the bounds on SSA operands come from the grammar's operand layout,
//! and per-class type rules (data below) check operand and result types;
//! the rules of ops whose types relate through their structure are in
//! [`super::type_checks`], the kinds of scalar some ops take and give in
//! [`super::scalar_kinds`].
//!
//! MLIR's conventions, as data: only `IdRef` operands are SSA operands.
//! Result types and results are the op's results; scopes and memory
//! semantics (`IdScope`, `IdMemorySemantics`, constants in SPIR-V) become
//! enum attributes, as do literals and enumerants (`memory_access`,
//! `indices`, `execution_mode`). The structure ops registered by
//! [`super::ops`] keep their own declarations; `spirv.ExtInst`, an
//! instruction of a non-semantic set the grammar does not describe,
//! follows the rules of [`super::non_semantic`].

use super::conventions::{self, Carrier};
use super::formats_support::constant_fits;
use super::non_semantic;
use super::op_classes::{
    RELATIONAL, REQUIRED_ATTRIBUTES, SHAPE_PRESERVING_CONVERSIONS, UNIFORM_TYPE,
    UNIFORM_TYPE_GENERIC_ONLY, UNIFORM_TYPE_OWN_FORM,
};
use super::scalar_kinds;
use super::type_checks;
use crate::binary::op_traits::OpTraits as BinaryTraits;
use crate::grammar::{InstSet, Op as GrammarOp, Quantifier};
use crate::ir::{Context, Op, OpTraits, Type, TypeData};

/// How a class of ops relates operand and result types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TypeRule {
    /// Every operand and the result share one type (`spirv.IAdd`).
    Uniform,
    /// Operands share one type; the result is a bool of the same shape
    /// (`spirv.SLessThan`).
    BoolOfOperandShape,
    /// One operand; the result has the operand's shape (`spirv.ConvertSToF`).
    ShapePreserving,
}

/// The ops of each type rule (see [`super::op_classes`]).
const TYPE_RULES: &[(TypeRule, &[&str])] = &[
    (TypeRule::Uniform, UNIFORM_TYPE),
    (TypeRule::Uniform, UNIFORM_TYPE_OWN_FORM),
    (TypeRule::Uniform, UNIFORM_TYPE_GENERIC_ONLY),
    (TypeRule::BoolOfOperandShape, RELATIONAL),
    (TypeRule::ShapePreserving, SHAPE_PRESERVING_CONVERSIONS),
];

/// Registers every grammar op not declared yet: its terminator trait and
/// the layout verifier.
pub fn register_grammar_ops(ctx: &mut Context) {
    for op in GrammarOp::ALL {
        let name = op.mlir_name();
        let ident = ctx.ident(name);
        if ctx.op_info(ident).is_some() {
            continue;
        }
        let traits = if BinaryTraits::of(op).terminator {
            OpTraits::TERMINATOR
        } else {
            OpTraits::NONE
        };
        ctx.register_op(name, traits, Some(verify_layout));
    }
}

/// How many SSA operands an op takes: at least `min`, at most `max`
/// (`None`: unbounded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandBounds {
    pub min: usize,
    pub max: Option<usize>,
}

/// The SSA operand bounds of `op`: its operands carried as values (see
/// [`super::conventions`]); enumerants with id parameters (`Lod` of the
/// image operands) leave the bound open.
pub fn operand_bounds(op: GrammarOp) -> OperandBounds {
    let mut bounds = OperandBounds {
        min: 0,
        max: Some(0),
    };
    for operand in op.info().operands {
        if conventions::is_result(operand.kind) {
            continue;
        }
        if conventions::has_value_parameters(operand.kind) {
            bounds.max = None;
        }
        if conventions::carrier(op, operand) != Carrier::VALUE {
            continue;
        }
        match operand.quantifier {
            Quantifier::One => {
                bounds.min += 1;
                bounds.max = bounds.max.map(|m| m + 1);
            }
            Quantifier::Optional => bounds.max = bounds.max.map(|m| m + 1),
            Quantifier::Variadic => bounds.max = None,
        }
    }
    bounds
}

/// The op carries every inherent attribute MLIR requires of it.
pub fn verify_required_attributes(ctx: &Context, op: Op) -> Result<(), String> {
    let Some(short) = ctx.op_name_str(op).strip_prefix("spirv.") else {
        return Ok(());
    };
    let required = REQUIRED_ATTRIBUTES
        .iter()
        .find(|(name, _)| *name == short)
        .map_or(&[][..], |(_, attrs)| attrs);
    match required.iter().find(|attr| ctx.attr(op, attr).is_none()) {
        Some(missing) => Err(format!("requires attribute '{missing}'")),
        None => Ok(()),
    }
}

/// The op carries every inherent attribute MLIR requires of it, and a
/// `built_in` decoration only where SPIR-V allows one.
pub fn verify_attributes(ctx: &Context, op: Op) -> Result<(), String> {
    verify_required_attributes(ctx, op)?;
    scalar_kinds::verify_built_in_target(ctx, op)
}

/// The type rule of the op named `name`, if its class has one.
fn type_rule(name: &str) -> Option<TypeRule> {
    let short = name.strip_prefix("spirv.")?;
    TYPE_RULES
        .iter()
        .find(|(_, names)| names.contains(&short))
        .map(|&(rule, _)| rule)
}

fn verify_layout(ctx: &Context, op: Op) -> Result<(), String> {
    let name = ctx.op_name_str(op);
    verify_attributes(ctx, op)?;
    let Some(grammar_op) = GrammarOp::from_name(name) else {
        return Ok(());
    };
    if grammar_op == GrammarOp::ExtInst {
        return non_semantic::verify_ext_inst(ctx, op);
    }
    // A debug instruction at module level (`OpString`, a non-semantic
    // extended instruction) is a symbol whose operands are attributes;
    // an extended one names its result type.
    let debug_set = non_semantic::is_debug_set(grammar_op.inst_set().info().import_name);
    if (grammar_op == GrammarOp::String || debug_set) && ctx.attr(op, "sym_name").is_some() {
        let typed = (ctx.attr(op, "result_type")).is_some_and(|t| ctx.as_type_attr(t).is_some());
        if debug_set && !typed {
            return Err("requires a type attribute 'result_type' at module level".into());
        }
        return Ok(());
    }
    // Extended instructions always produce a result (through `OpExtInst`).
    let expected_results =
        usize::from(grammar_op.info().has_result || grammar_op.inst_set() != InstSet::Core);
    let results = ctx.results(op).len();
    if results != expected_results {
        let expected = if expected_results == 1 {
            "one result"
        } else {
            "zero results"
        };
        return Err(format!("requires {expected}"));
    }
    if debug_set {
        // Their id operands may name debug symbols, carried as attributes.
        return Ok(());
    }
    let bounds = operand_bounds(grammar_op);
    let operands = ctx.num_operands(op);
    match bounds.max {
        Some(max) if bounds.min == max && operands != max => {
            return Err(format!("expected {max} operands, but found {operands}"));
        }
        Some(max) if operands > max => {
            return Err(format!(
                "expected at most {max} operands, but found {operands}"
            ));
        }
        _ if operands < bounds.min => {
            return Err(format!(
                "expected {} or more operands, but found {operands}",
                bounds.min
            ));
        }
        _ => {}
    }
    // An operand every instruction has, carried as an attribute, must be
    // there (a storage class is also implied by a pointer type: MLIR's
    // casts leave it out).
    for operand in grammar_op.info().operands {
        let carrier = conventions::carrier(grammar_op, operand);
        let required = operand.quantifier == Quantifier::One
            && !conventions::is_result(operand.kind)
            && carrier != Carrier::VALUE
            && operand.kind.info().name != "StorageClass";
        if required && ctx.attr(op, carrier.name).is_none() {
            return Err(format!("requires attribute '{}'", carrier.name));
        }
    }
    if name == "spirv.Constant" {
        verify_constant_value(ctx, op)?;
    }
    if let Some(rule) = type_rule(name) {
        check_types(ctx, op, rule)?;
    }
    type_checks::check(ctx, op, grammar_op)?;
    scalar_kinds::check(ctx, op, grammar_op)
}

/// A constant's `value` is a value of its result's type.
fn verify_constant_value(ctx: &Context, op: Op) -> Result<(), String> {
    let (Some(value), Some(&result)) = (ctx.attr(op, "value"), ctx.results(op).first()) else {
        return Ok(());
    };
    match constant_fits(ctx, value, ctx.value_type(result)) {
        true => Ok(()),
        false => Err("`value` is not a value of the result's type".into()),
    }
}

fn check_types(ctx: &Context, op: Op, rule: TypeRule) -> Result<(), String> {
    let operand_types: Vec<Type> = ctx.operands(op).map(|v| ctx.value_type(v)).collect();
    let result_type = ctx.results(op).first().map(|&r| ctx.value_type(r));
    let all_same = (operand_types.windows(2)).all(|w| same_but_signedness(ctx, w[0], w[1]));
    match (rule, operand_types.first(), result_type) {
        (TypeRule::Uniform, Some(&first), Some(result))
            if !all_same || !same_but_signedness(ctx, first, result) =>
        {
            Err("requires the same type for all operands and results".into())
        }
        (TypeRule::BoolOfOperandShape, Some(_), Some(_)) if !all_same => {
            Err("requires all operands to have the same type".into())
        }
        (TypeRule::BoolOfOperandShape, Some(&first), Some(result))
            if !is_bool_of_shape(ctx, result, &shape(ctx, first)) =>
        {
            Err("result must be a bool (or vector of bool) of the operands' shape".into())
        }
        (TypeRule::ShapePreserving, Some(&first), Some(result))
            if shape(ctx, first) != shape(ctx, result) =>
        {
            Err("requires the same shape for all operands and results".into())
        }
        _ => Ok(()),
    }
}

/// The types are equal, or integer types (or vectors of them) of one
/// width and shape that differ only in signedness: SPIR-V lets integer
/// arithmetic and comparisons mix signed and unsigned operands
/// (`OpIAdd %int %a_int %b_uint`), where MLIR asks for one type.
fn same_but_signedness(ctx: &Context, a: Type, b: Type) -> bool {
    let scalar = |ty| match ctx.type_data(ty) {
        TypeData::Vector { shape, elem, .. } => (shape.to_vec(), *elem),
        _ => (Vec::new(), ty),
    };
    let ((shape_a, elem_a), (shape_b, elem_b)) = (scalar(a), scalar(b));
    a == b
        || shape_a == shape_b
            && matches!(
                (ctx.as_integer(elem_a), ctx.as_integer(elem_b)),
                (Some((wa, _)), Some((wb, _))) if wa == wb
            )
}

/// A vector type's dimensions; empty for scalars.
fn shape(ctx: &Context, ty: Type) -> Vec<u64> {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, .. } => shape.to_vec(),
        _ => Vec::new(),
    }
}

fn is_bool_of_shape(ctx: &Context, ty: Type, expected: &[u64]) -> bool {
    let elem = match ctx.type_data(ty) {
        TypeData::Vector { shape, elem, .. } if shape.as_ref() == expected => *elem,
        TypeData::Vector { .. } => return false,
        _ if expected.is_empty() => ty,
        _ => return false,
    };
    matches!(ctx.type_data(elem), TypeData::Integer { width: 1, .. })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_grammar_op_is_registered() {
        let mut ctx = crate::dialects::context();
        let registered = GrammarOp::ALL
            .iter()
            .filter(|op| {
                let ident = ctx.ident(op.mlir_name());
                ctx.op_info(ident).is_some()
            })
            .count();
        assert_eq!(registered, GrammarOp::ALL.len());
    }

    #[test]
    fn operand_bounds_follow_quantifiers() {
        let bounds = |name| operand_bounds(GrammarOp::from_name(name).expect("grammar op"));
        let exactly = |n| OperandBounds {
            min: n,
            max: Some(n),
        };
        assert_eq!(bounds("spirv.IAdd"), exactly(2));
        // Scopes and semantics are attributes.
        assert_eq!(bounds("spirv.AtomicIAdd"), exactly(2));
        assert_eq!(bounds("spirv.ControlBarrier"), exactly(0));
        // Image operands bring their ids (`Lod`) as operands.
        assert_eq!(
            bounds("spirv.ImageSampleExplicitLod"),
            OperandBounds { min: 2, max: None }
        );
        assert_eq!(bounds("spirv.GL.FAbs"), exactly(1));
        assert_eq!(
            bounds("spirv.Variable"),
            OperandBounds {
                min: 0,
                max: Some(1)
            }
        );
        assert_eq!(
            bounds("spirv.AccessChain"),
            OperandBounds { min: 1, max: None }
        );
    }
}
