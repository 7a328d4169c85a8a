//! MLIR 19's custom assembly forms of the spirv ops, as data: one format
//! spec (see `text::format`) per class of ops, driving both parser and
//! printer, with the `custom<...>` directives a declarative spec cannot
//! say hand-written beside them (`formats_*.rs`). Ops not listed keep the
//! generic form.

use super::op_classes::{
    ATOMICS, FUNCTIONAL, GROUP_OPERATIONS, NON_UNIFORM_EXCHANGES, NON_UNIFORM_OPERATIONS,
    RELATIONAL, RESHAPING_CONVERSIONS, SHAPE_PRESERVING_CONVERSIONS, SHIFTS, UNIFORM_TYPE,
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
    ("custom<TypedOperands> attr-dict", &["GL.FMix", "GL.Ldexp"]),
    ("custom<ImageTypedOperands> attr-dict", &["ImageDrefGather"]),
    (
        "operands attr-dict `:` custom<BitFieldTypes>",
        &["BitFieldInsert", "BitFieldSExtract", "BitFieldUExtract"],
    ),
    (
        "operands attr-dict `:` custom<StructResult>",
        &["IAddCarry", "ISubBorrow", "SMulExtended", "UMulExtended"],
    ),
    (
        "operands attr-dict `:` custom<OperandTypeToResult>",
        &["Dot", "Transpose", "ImageQuerySize", "GL.FrexpStruct"],
    ),
    (
        "operands custom<OptionalAngledEnum>($format) attr-dict `:` custom<OperandTypeToResult>",
        &["SDot", "UDot", "SUDot", "SDotAccSat", "UDotAccSat", "SUDotAccSat"],
    ),
    (
        "operands attr-dict `:` type(operands) `->` type(results)",
        &["MatrixTimesMatrix"],
    ),
    (
        "operands custom<OptionalAngledEnum>($matrix_operands) attr-dict `:` \
         custom<OperandTypesToResult>",
        &["KHR.CooperativeMatrixMulAdd"],
    ),
    (
        "operands `,` custom<AngledEnum>($matrix_layout) custom<OptionalAngledEnum>($memory_operand) \
         attr-dict `:` type(operands) `->` type(results)",
        &["KHR.CooperativeMatrixLoad"],
    ),
    (
        "operands `,` custom<AngledEnum>($matrix_layout) custom<OptionalAngledEnum>($memory_operand) \
         attr-dict `:` type(operands)",
        &["KHR.CooperativeMatrixStore"],
    ),
    (
        "attr-dict `:` $cooperative_matrix_type custom<I32Result>",
        &["KHR.CooperativeMatrixLength"],
    ),
    ("operands attr-dict `:` custom<ImageOfSampled>", &["Image"]),
    ("operands attr-dict `:` custom<PrintfTypes>", &["CL.printf"]),
    (
        "custom<DynamicIndex> attr-dict",
        &["VectorExtractDynamic", "VectorInsertDynamic"],
    ),
    (
        "custom<AngledEnum>($memory_scope, $semantics) operands attr-dict `:` custom<PointeeResult>",
        ATOMICS,
    ),
    (
        "custom<AngledEnum>($memory_scope, $equal_semantics, $unequal_semantics) operands \
         attr-dict `:` custom<PointeeResult>",
        &["AtomicCompareExchange", "AtomicCompareExchangeWeak"],
    ),
    (
        "custom<AngledEnumList>($execution_scope, $memory_scope, $memory_semantics) attr-dict",
        &["ControlBarrier"],
    ),
    (
        "custom<AngledEnumList>($memory_scope, $memory_semantics) attr-dict",
        &["MemoryBarrier"],
    ),
    (
        "custom<AngledEnum>($execution_scope, $group_operation) operands attr-dict `:` type(all)",
        GROUP_OPERATIONS,
    ),
    (
        "custom<AngledEnum>($execution_scope) operands attr-dict `:` custom<ResultOfFirst>",
        &["GroupBroadcast"],
    ),
    (
        "custom<AngledEnum>($execution_scope) operands attr-dict `:` custom<ResultOfFirst>",
        NON_UNIFORM_EXCHANGES,
    ),
    (
        "custom<NonUniformReduction>($execution_scope, $group_operation)",
        NON_UNIFORM_OPERATIONS,
    ),
    (
        "custom<AngledEnum>($execution_scope) attr-dict `:` type(results)",
        &["GroupNonUniformElect"],
    ),
    (
        "custom<AngledEnum>($execution_scope) operands attr-dict custom<BoolOperands>",
        &["GroupNonUniformBallot"],
    ),
    (
        "operands attr-dict custom<BoolOperands>",
        &["KHR.SubgroupBallot", "KHR.AssumeTrue"],
    ),
    (
        "operands attr-dict custom<DefinedOperandTypes>",
        &["INTEL.SubgroupBlockRead", "INTEL.SubgroupBlockWrite"],
    ),
    ("attr-dict `:` type(results)", &["Undef"]),
    (
        "custom<CopyMemory>($memory_access, $alignment, $source_memory_access, $source_alignment)",
        &["CopyMemory"],
    ),
    (
        "symbol($sym_name) custom<SpecId>($spec_id) discardable($spec_id) `=` $default_value \
         attr-dict",
        &["SpecConstant"],
    ),
    (
        "symbol($sym_name) custom<Constituents>($constituents) attr-dict `:` $type",
        &["SpecConstantComposite"],
    ),
    ("$spec_const attr-dict `:` type(results)", &["mlir.referenceof"]),
    ("custom<WrappedOp> attr-dict", &["SpecConstantOperation"]),
    ("attr-dict", &["Return", "Unreachable"]),
    ("(operands `:` type(operands))? attr-dict", &["mlir.merge"]),
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
         custom<QuotedEnum>($function_control) properties($linkage_attributes) \
         attr-dict-with-keyword region",
        &["func"],
    ),
    (
        "symbol($sym_name) \
         custom<VariableDecorations>($initializer, $initial_value, $descriptor_set, $binding, \
         $built_in) \
         properties($location, $builtin, $linkage_attributes, $data_type) discardable($built_in) attr-dict \
         `:` $type",
        &["GlobalVariable"],
    ),
    (
        "custom<QuotedEnum>($execution_model) custom<EntryPointSymbols>($fn, $interface)",
        &["EntryPoint"],
    ),
    (
        "$fn custom<QuotedEnum>($execution_mode) custom<ExecutionModeValues>($values) attr-dict",
        &["ExecutionMode"],
    ),
    ("custom<ConstantValue>($value) attr-dict", &["Constant"]),
    // The attributes after the region: a control's parameters
    // (`PartialCount 4` as `literal_integer = 4`), result decorations.
    ("custom<Control>($loop_control) region attr-dict", &["mlir.loop"]),
    (
        "custom<Control>($selection_control) region attr-dict",
        &["mlir.selection"],
    ),
    ("custom<Load>($memory_access, $alignment)", &["Load"]),
    ("custom<Store>($memory_access, $alignment)", &["Store"]),
    (
        "custom<Variable>($storage_class, $descriptor_set, $binding) discardable($built_in)",
        &["Variable"],
    ),
    (
        "custom<AccessChain>",
        &["AccessChain", "PtrAccessChain", "InBoundsPtrAccessChain"],
    ),
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
    super::formats_scoped::register(syntax);
    for &(spec, names) in CLASSES {
        for name in names {
            let name = format!("spirv.{name}");
            let spec = format!("{spec}{}", carried_properties(&name));
            syntax.add_format(&name, &spec)?;
        }
    }
    Ok(())
}

/// ` properties($a, ...)` naming the properties that can carry operands of
/// the instruction named `name` (a construct's, of its merge instruction;
/// see [`super::conventions::property_names`]),
/// so that an attribute dictionary parses them into the properties, as it
/// prints them (a `MakePointerAvailable` scope, say, has no place of its
/// own in a custom form).
fn carried_properties(name: &str) -> String {
    // A construct carries its merge instruction's operands.
    let name = match name {
        "spirv.mlir.loop" => "spirv.LoopMerge",
        "spirv.mlir.selection" => "spirv.SelectionMerge",
        other => other,
    };
    let Some(op) = crate::grammar::Op::from_name(name) else {
        return String::new();
    };
    let mut names: Vec<&str> = super::conventions::property_names(op).collect();
    names.sort_unstable();
    names.dedup();
    if names.is_empty() {
        return String::new();
    }
    let list: Vec<String> = names.iter().map(|n| format!("${n}")).collect();
    format!(" properties({})", list.join(", "))
}

/// The ops with a custom form, by full name.
pub fn custom_form_ops() -> impl Iterator<Item = String> {
    CLASSES
        .iter()
        .flat_map(|(_, names)| names.iter().map(|n| format!("spirv.{n}")))
}
