//! Instructions of non-semantic sets the grammar does not describe, in a
//! small hand-written module: kept as `spirv.ExtInst` with their set,
//! number and operands, at module level and in functions. Each module
//! deserializes, verifies, serializes to a module `spirv-val` accepts that
//! still holds the instructions, and reads back to the same text (also
//! when the text is parsed again); an unknown set that is not
//! non-semantic, and an `OpUndef` named at module level, are errors. A
//! spec-constant operation that module-level instructions name keeps a
//! symbol they refer to.

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::serialize;
use spirv_dialect::spvasm::{assemble, AssembleOptions};
use support::{assert_contains, checked_module_round_trip as round_trip};
mod support;

const UNKNOWN_NON_SEMANTIC: &str = r#"
; Version: 1.3
               OpCapability Shader
               OpExtension "SPV_KHR_non_semantic_info"
        %foo = OpExtInstImport "NonSemantic.Foo"
        %bar = OpExtInstImport "NonSemantic.Bar.2"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %text = OpString "kernel"
               OpName %var "var"
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
        %ptr = OpTypePointer Private %float
        %one = OpConstant %float 1
         %v2 = OpTypeVector %float 2
        %vec = OpConstantComposite %v2 %one %one
        %var = OpVariable %ptr Private
      %first = OpExtInst %void %foo 3 %one %float %vec
     %second = OpExtInst %void %foo 4 %first %var %text
      %empty = OpExtInst %void %bar 4294967295
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %x = OpFAdd %float %one %one
          %y = OpExtInst %void %foo 5 %x %second %main %float
          %z = OpExtInst %void %bar 6 %y %x %var
               OpReturn
               OpFunctionEnd
"#;

#[test]
fn instructions_of_unknown_non_semantic_sets_are_kept() {
    let (text, listing) = round_trip(UNKNOWN_NON_SEMANTIC, "spv1.3", &[]);
    assert_contains(
        &text,
        &[
            "\"spirv.ExtInst\"() <{instruction = 3 : i32, operands = [1.000000e+00 : f32, f32, \
             dense<1.000000e+00> : vector<2xf32>], \
             result_type = none, set = \"NonSemantic.Foo\", sym_name = \"spirv_debug_0\"}>",
            "\"spirv.ExtInst\"() <{instruction = 4 : i32, operands = [@spirv_debug_0, @var, \
             @spirv_string_0], result_type = none, set = \"NonSemantic.Foo\", sym_name = \"spirv_debug_1\"}>",
            "\"spirv.ExtInst\"() <{instruction = -1 : i32, result_type = none, \
             set = \"NonSemantic.Bar.2\", sym_name = \"spirv_debug_2\"}>",
            "<{instruction = 5 : i32, operands = [unit, @spirv_debug_1, @main, f32], \
             set = \"NonSemantic.Foo\"}> : (f32) -> none",
            "<{instruction = 6 : i32, set = \"NonSemantic.Bar.2\"}> : \
             (none, f32, !spirv.ptr<f32, Private>) -> none",
        ],
    );
    // One import per set, and every instruction in its place.
    for import in [
        "OpExtInstImport \"NonSemantic.Foo\"",
        "OpExtInstImport \"NonSemantic.Bar.2\"",
    ] {
        assert_eq!(listing.matches(import).count(), 1, "{listing}");
    }
    let positions: Vec<usize> = [
        "OpVariable",
        " 3 %",
        " 4 %",
        " 4294967295",
        "OpFunction ",
        "OpFAdd",
        " 5 %",
        " 6 %",
    ]
    .iter()
    .map(|needle| {
        listing
            .find(needle)
            .unwrap_or_else(|| panic!("no {needle} in\n{listing}"))
    })
    .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{listing}");
    let (parsed, module) = support::parsed(&text);
    spirv_dialect::verify::verify(&parsed, module).expect("the text verifies");
    // Written again, the words are the same.
    let words = assemble(UNKNOWN_NON_SEMANTIC, &AssembleOptions::default()).expect("assemble");
    let (ctx, module) = deserialize(&words).expect("deserialize");
    let written = serialize(&ctx, module).expect("serialize");
    let (read, module) = deserialize(&written).expect("read back");
    assert_eq!(serialize(&read, module).expect("serialize again"), written);
}

/// An instruction of an unknown set that is not non-semantic (which may
/// not be dropped) in a function is an error.
#[test]
fn instructions_of_unknown_semantic_sets_are_errors() {
    let source = (UNKNOWN_NON_SEMANTIC.replace("\"NonSemantic.Bar.2\"", "\"Bar.std\""))
        .replace("%empty = OpExtInst %void %bar 4294967295", "");
    let words = assemble(&source, &AssembleOptions::default()).expect("assemble");
    let error = deserialize(&words)
        .map(drop)
        .expect_err("an unknown semantic set");
    assert!(
        error.message.contains("instruction set \"Bar.std\""),
        "{}",
        error.message
    );
}

/// An id no attribute stands for (an `OpUndef`) named by a module-level
/// instruction is an error naming it: an instruction of an unknown or of a
/// described non-semantic set, an `OpDecorateId`, an `OpExecutionModeId`.
#[test]
fn undefined_values_named_at_module_level_are_errors() {
    let undef = "%undef = OpUndef %uint\n";
    let cases = [
        UNKNOWN_NON_SEMANTIC.replace(
            "%empty = OpExtInst %void %bar 4294967295",
            "%uint = OpTypeInt 32 0\n%undef = OpUndef %uint\n\
             %empty = OpExtInst %void %bar 4294967295 %undef",
        ),
        SPEC_OPERATION_NAMED.replace(
            "%note = OpExtInst %void %foo 1 %size %one",
            &format!("{undef}%note = OpExtInst %void %foo 1 %size %undef"),
        ),
        SPEC_OPERATION_NAMED
            .replace(
                "%one = OpConstant %uint 1",
                &format!("%one = OpConstant %uint 1\n{undef}"),
            )
            .replace("AlignmentId %size", "AlignmentId %undef"),
        SPEC_OPERATION_NAMED
            .replace(
                "%one = OpConstant %uint 1",
                &format!("%one = OpConstant %uint 1\n{undef}"),
            )
            .replace(
                "LocalSizeId %size %one %one",
                "LocalSizeId %size %undef %one",
            ),
    ];
    for source in cases {
        let words = assemble(&source, &AssembleOptions::default()).expect("assemble");
        let error = deserialize(&words)
            .map(drop)
            .expect_err("an undefined value");
        assert!(
            error
                .message
                .contains("(OpUndef) of a module-level instruction is no"),
            "{}",
            error.message
        );
    }
}

/// A Kernel module whose spec-constant operation `%size` a non-semantic
/// instruction, an `OpDecorateId` and an `OpExecutionModeId` name.
const SPEC_OPERATION_NAMED: &str = r#"
; Version: 1.6
               OpCapability Addresses
               OpCapability Kernel
               OpExtension "SPV_KHR_non_semantic_info"
        %foo = OpExtInstImport "NonSemantic.Foo"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %main "main"
               OpExecutionModeId %main LocalSizeId %size %one %one
               OpName %size "size"
               OpDecorate %spec SpecId 3
               OpDecorateId %param AlignmentId %size
       %uint = OpTypeInt 32 0
        %one = OpConstant %uint 1
       %spec = OpSpecConstant %uint 8
       %size = OpSpecConstantOp %uint IAdd %spec %one
       %void = OpTypeVoid
        %ptr = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %ptr
       %note = OpExtInst %void %foo 1 %size %one
       %main = OpFunction %void None %fn
      %param = OpFunctionParameter %ptr
      %entry = OpLabel
               OpStore %param %size
               OpReturn
               OpFunctionEnd
"#;

/// Module-level instructions naming a spec-constant operation refer to its
/// symbol (they read its id as a number before), and are written naming
/// it again.
#[test]
fn spec_constant_operations_named_at_module_level_keep_a_symbol() {
    let (text, listing) = round_trip(SPEC_OPERATION_NAMED, "spv1.6", &[]);
    assert_contains(
        &text,
        &[
            "\"spirv.mlir.spec_constant_op\"() <{sym_name = \"size\", type = i32}>",
            "operands = [@size, 1 : i32]",
            "{alignment_id = @size}",
            "values = [@size, 1 : i32, 1 : i32]",
        ],
    );
    assert_contains(
        &listing,
        &[
            "LocalSizeId %size %uint_1 %uint_1",
            "AlignmentId %size",
            "OpExtInst %void %8 1 %size %uint_1",
        ],
    );
}
