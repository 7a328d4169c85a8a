//! MLIR 19's custom assembly forms of the spirv ops, as data: one format
//! spec (see `text::format`) per class of ops, driving both parser and
//! printer, with the `custom<...>` directives a declarative spec cannot
//! say hand-written beside them (`formats_*.rs`). Ops not listed keep the
//! generic form.

use super::op_classes::{
    FUNCTIONAL, RELATIONAL, RESHAPING_CONVERSIONS, SHAPE_PRESERVING_CONVERSIONS, SHIFTS,
    UNIFORM_TYPE,
};
use crate::text::Syntax;

/// The spec of each class, and the ops (by name without `spirv.`) with
/// forms of their own.
const CLASSES: &[(&str, &[&str])] = &[
    ("operands attr-dict `:` type(all)", UNIFORM_TYPE),
    (
        "operands attr-dict `:` type(operands) `to` type(results)",
        SHAPE_PRESERVING_CONVERSIONS,
    ),
    (
        "operands attr-dict `:` type(operands) `to` type(results)",
        RESHAPING_CONVERSIONS,
    ),
    (
        "operands attr-dict `:` functional-type(operands, results)",
        FUNCTIONAL,
    ),
    ("operands attr-dict `:` custom<CompareType>", RELATIONAL),
    ("operands attr-dict `:` custom<ResultOfFirst>", SHIFTS),
    ("operands attr-dict `:` custom<SelectTypes>", &["Select"]),
    ("custom<TypedOperands> attr-dict", &["GL.FMix"]),
    (
        "attr-dict",
        &["Return", "Unreachable", "Kill", "mlir.merge"],
    ),
    ("operands attr-dict `:` type(operands)", &["ReturnValue"]),
    (
        "successors (`(` operands `:` type(operands) `)`)? attr-dict",
        &["Branch"],
    ),
    (
        "custom<ConditionalSuccessors>($branch_weights, $operandSegmentSizes) attr-dict",
        &["BranchConditional"],
    ),
    ("$variable attr-dict `:` type(results)", &["mlir.addressof"]),
    (
        "$callee `(` operands `)` attr-dict `:` functional-type(operands, results)",
        &["FunctionCall"],
    ),
    (
        "(symbol($sym_name))? custom<BareEnum>($addressing_model, $memory_model) \
         (`requires` $vce_triple)? attr-dict-with-keyword region",
        &["module"],
    ),
    (
        "symbol($sym_name) function-signature($function_type) \
         custom<QuotedEnum>($function_control) attr-dict-with-keyword region",
        &["func"],
    ),
    (
        "symbol($sym_name) \
         custom<VariableDecorations>($initializer, $descriptor_set, $binding, $built_in) \
         properties($location, $builtin, $linkage_attributes) attr-dict `:` $type",
        &["GlobalVariable"],
    ),
    (
        "custom<QuotedEnum>($execution_model) custom<EntryPointSymbols>($fn, $interface) \
         attr-dict",
        &["EntryPoint"],
    ),
    (
        "$fn custom<QuotedEnum>($execution_mode) custom<ExecutionModeValues>($values) attr-dict",
        &["ExecutionMode"],
    ),
    ("custom<ConstantValue>($value) attr-dict", &["Constant"]),
    ("custom<Control>($loop_control) region", &["mlir.loop"]),
    (
        "custom<Control>($selection_control) region",
        &["mlir.selection"],
    ),
    ("custom<Load>", &["Load"]),
    ("custom<Store>", &["Store"]),
    ("custom<Variable>", &["Variable"]),
    ("custom<AccessChain>", &["AccessChain", "PtrAccessChain"]),
    (
        "operands custom<CompositeIndices>($indices) attr-dict `:` custom<ExtractedType>",
        &["CompositeExtract"],
    ),
    (
        "operands custom<CompositeIndices>($indices) attr-dict `:` custom<InsertTypes>",
        &["CompositeInsert"],
    ),
    (
        "$components operands attr-dict `:` type(operands) `->` type(results)",
        &["VectorShuffle"],
    ),
];

/// Declares every listed op's custom form (and the directives and result
/// names they use); fails on a malformed spec.
pub fn register(syntax: &mut Syntax) -> Result<(), String> {
    super::formats_support::register_enum_directives(syntax);
    super::formats_structure::register(syntax);
    super::formats_memory::register(syntax);
    super::formats_composite::register(syntax);
    for &(spec, names) in CLASSES {
        for name in names {
            syntax.add_format(&format!("spirv.{name}"), spec)?;
        }
    }
    Ok(())
}

/// The ops with a custom form, by full name.
pub fn custom_form_ops() -> impl Iterator<Item = String> {
    CLASSES
        .iter()
        .flat_map(|(_, names)| names.iter().map(|n| format!("spirv.{n}")))
}
