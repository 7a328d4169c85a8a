//! Instructions of non-semantic sets the grammar does not describe, in a
//! small hand-written module: kept as `spirv.ExtInst` with their set,
//! number and operands, at module level and in functions. Each module
//! deserializes, verifies, serializes to a module `spirv-val` accepts that
//! still holds the instructions, and reads back to the same text (also
//! when the text is parsed again); an unknown set that is not
//! non-semantic, and an `OpUndef` named at module level, are errors. A
//! spec-constant operation that module-level instructions name keeps a
//! symbol they refer to. clspv's reflection, written after the functions
//! it names, stays there: as the ops of the set the grammar describes
//! under its current import name, as `spirv.ExtInst` under another.

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

/// Two kernels as clspv writes them: each followed by the reflection
/// instructions naming it.
const CLSPV_REFLECTION: &str = r#"
; Version: 1.0
               OpCapability Shader
               OpExtension "SPV_KHR_storage_buffer_storage_class"
               OpExtension "SPV_KHR_non_semantic_info"
 %reflection = OpExtInstImport "NonSemantic.ClspvReflection.7"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %fill "fill" %id
               OpEntryPoint GLCompute %copy "copy" %id
               OpExecutionMode %fill LocalSize 64 1 1
               OpExecutionMode %copy LocalSize 64 1 1
  %fill_name = OpString "fill"
  %copy_name = OpString "copy"
   %out_name = OpString "out"
    %in_name = OpString "in"
               OpDecorate %id BuiltIn GlobalInvocationId
               OpDecorate %rta ArrayStride 4
               OpMemberDecorate %buffer 0 Offset 0
               OpDecorate %buffer Block
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
               OpDecorate %in DescriptorSet 0
               OpDecorate %in Binding 1
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_2 = OpConstant %uint 2
    %uint_64 = OpConstant %uint 64
        %rta = OpTypeRuntimeArray %uint
     %buffer = OpTypeStruct %rta
 %buffer_ptr = OpTypePointer StorageBuffer %buffer
   %elem_ptr = OpTypePointer StorageBuffer %uint
      %v3int = OpTypeVector %uint 3
     %id_ptr = OpTypePointer Input %v3int
   %uint_ptr = OpTypePointer Input %uint
       %void = OpTypeVoid
       %fnty = OpTypeFunction %void
        %out = OpVariable %buffer_ptr StorageBuffer
         %in = OpVariable %buffer_ptr StorageBuffer
         %id = OpVariable %id_ptr Input
       %fill = OpFunction %void None %fnty
         %l0 = OpLabel
         %x0 = OpAccessChain %uint_ptr %id %uint_0
         %i0 = OpLoad %uint %x0
         %p0 = OpAccessChain %elem_ptr %out %uint_0 %i0
               OpStore %p0 %i0
               OpReturn
               OpFunctionEnd
  %fill_info = OpExtInst %void %reflection Kernel %fill %fill_name %uint_1
   %out_info = OpExtInst %void %reflection ArgumentInfo %out_name
  %fill_args = OpExtInst %void %reflection ArgumentStorageBuffer %fill_info %uint_0 %uint_0 %uint_0 %out_info
       %copy = OpFunction %void None %fnty
         %l1 = OpLabel
         %x1 = OpAccessChain %uint_ptr %id %uint_0
         %i1 = OpLoad %uint %x1
         %q1 = OpAccessChain %elem_ptr %in %uint_0 %i1
         %v1 = OpLoad %uint %q1
         %p1 = OpAccessChain %elem_ptr %out %uint_0 %i1
               OpStore %p1 %v1
               OpReturn
               OpFunctionEnd
  %copy_info = OpExtInst %void %reflection Kernel %copy %copy_name %uint_2
    %in_info = OpExtInst %void %reflection ArgumentInfo %in_name
  %copy_out  = OpExtInst %void %reflection ArgumentStorageBuffer %copy_info %uint_0 %uint_0 %uint_0 %out_info
  %copy_in   = OpExtInst %void %reflection ArgumentStorageBuffer %copy_info %uint_1 %uint_0 %uint_1 %in_info
  %workgroup = OpExtInst %void %reflection SpecConstantWorkgroupSize %uint_0 %uint_1 %uint_2
"#;

#[test]
fn reflection_after_functions_stays_there() {
    for (import, op) in [
        (
            "NonSemantic.ClspvReflection.7",
            "\"spirv.NonSemanticClspvReflection.Kernel\"() <{kernel = @copy",
        ),
        (
            "NonSemantic.ClspvReflection.6",
            "\"spirv.ExtInst\"() <{instruction = 1 : i32, operands = [@copy",
        ),
    ] {
        // The assembler and disassembler name an older revision's
        // instructions by the grammar's, as SPIRV-Tools does.
        let source = CLSPV_REFLECTION.replace("NonSemantic.ClspvReflection.7", import);
        let (text, listing) = round_trip(&source, "vulkan1.0", &[]);
        assert_contains(&text, &[op]);
        let fill = text.find("spirv.func @fill").expect("fill");
        let copy = text.find("spirv.func @copy").expect("copy");
        let reflection = text.find(op).expect("copy's reflection");
        assert!(fill < copy && copy < reflection, "{text}");
        assert_eq!(
            listing.matches(&format!("\"{import}\"")).count(),
            1,
            "{listing}"
        );
        // Each kernel's reflection follows its function.
        let kernels: Vec<&str> = (listing.split("OpFunctionEnd").skip(1))
            .map(|after| after.split("OpFunction ").next().unwrap_or(""))
            .collect();
        assert!(
            kernels[0].contains("Kernel %fill") && kernels[1].contains("Kernel %copy"),
            "{listing}"
        );
        assert_eq!(kernels[1].matches("OpExtInst").count(), 5, "{listing}");
    }
}
