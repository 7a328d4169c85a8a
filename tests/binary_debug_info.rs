//! The two debug-information sets that are not non-semantic,
//! `OpenCL.DebugInfo.100` (what `llvm-spirv -g` writes) and `DebugInfo`,
//! in hand-written kernels spirv-val accepts: their module-level
//! instructions become symbols among the globals, those in functions ops
//! with a result, literal enumerants enum attributes of the set's own
//! kinds (`#spirv.opencl_debuginfo100_debug_info_flags<...>`), and the
//! operands spirv-val lets look ahead (`DebugFunction`'s function,
//! `DebugTypeComposite`'s members) may name what comes later. Each module
//! deserializes, verifies, serializes to a module spirv-val accepts with
//! every debug instruction kept, and reads back to the same text; an id
//! named ahead anywhere else is an error. Mutations of the modules read
//! without panics.

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::serialize;
use spirv_dialect::spvasm::{assemble, AssembleOptions};
use support::{assert_contains, checked_module_round_trip as round_trip};
mod support;

const OPENCL_DEBUG_INFO: &str = r#"
; Version: 1.1
               OpCapability Addresses
               OpCapability Linkage
               OpCapability Kernel
               OpCapability Int64
          %1 = OpExtInstImport "OpenCL.std"
      %debug = OpExtInstImport "OpenCL.DebugInfo.100"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %scale "scale"
       %file = OpString "/src/scale.cl"
       %text = OpString "kernel void scale(global float *p, int n) { ... }"
   %float_nm = OpString "float"
     %int_nm = OpString "int"
    %pair_nm = OpString "pair"
   %first_nm = OpString "first"
    %mode_nm = OpString "mode"
    %fast_nm = OpString "fast"
    %slow_nm = OpString "slow"
   %scale_nm = OpString "scale"
       %p_nm = OpString "p"
               OpSource OpenCL_C 200000
               OpName %scale "scale"
               OpName %p "p"
               OpName %n "n"
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
    %uint_32 = OpConstant %uint 32
     %uint_0 = OpConstant %uint 0
     %uint_1 = OpConstant %uint 1
     %uint_8 = OpConstant %uint 8
       %void = OpTypeVoid
      %float = OpTypeFloat 32
     %global = OpTypePointer CrossWorkgroup %float
       %fnty = OpTypeFunction %void %global %uint
    %private = OpTypePointer Function %global
       %none = OpExtInst %void %debug DebugInfoNone
     %source = OpExtInst %void %debug DebugSource %file %text
       %unit = OpExtInst %void %debug DebugCompilationUnit 65536 5 %source OpenCL_C
    %t_float = OpExtInst %void %debug DebugTypeBasic %float_nm %uint_32 Float
      %t_int = OpExtInst %void %debug DebugTypeBasic %int_nm %uint_32 Signed
    %t_const = OpExtInst %void %debug DebugTypeQualifier %t_float ConstType
      %t_ptr = OpExtInst %void %debug DebugTypePointer %t_float CrossWorkgroup None
     %t_pair = OpExtInst %void %debug DebugTypeComposite %pair_nm Structure %source 2 8 %unit %pair_nm %uint_8 FlagIsPublic|FlagTypePassByValue %t_first
    %t_first = OpExtInst %void %debug DebugTypeMember %first_nm %t_float %source 2 20 %t_pair %uint_0 %uint_32 FlagIsPublic
     %t_mode = OpExtInst %void %debug DebugTypeEnum %mode_nm %t_int %source 3 6 %unit %uint_32 None %uint_0 %fast_nm %uint_1 %slow_nm
       %t_fn = OpExtInst %void %debug DebugTypeFunction None %void %t_ptr %t_int
     %d_func = OpExtInst %void %debug DebugFunction %scale_nm %t_fn %source 4 0 %unit %scale_nm FlagIsDefinition|FlagPrototyped 4 %scale
    %d_block = OpExtInst %void %debug DebugLexicalBlock %source 4 40 %d_func
      %d_var = OpExtInst %void %debug DebugLocalVariable %p_nm %t_ptr %source 4 0 %d_func None 1
     %deref = OpExtInst %void %debug DebugOperation Deref
     %plus8 = OpExtInst %void %debug DebugOperation PlusUconst 8
       %expr = OpExtInst %void %debug DebugExpression %deref %plus8
      %scale = OpFunction %void None %fnty
          %p = OpFunctionParameter %global
          %n = OpFunctionParameter %uint
      %entry = OpLabel
       %slot = OpVariable %private Function
         %s0 = OpExtInst %void %debug DebugScope %d_func
               OpLine %file 4 0
               OpStore %slot %p
         %dd = OpExtInst %void %debug DebugDeclare %d_var %slot %expr
         %s1 = OpExtInst %void %debug DebugScope %d_block
         %pp = OpLoad %global %slot
          %x = OpLoad %float %pp
         %dv = OpExtInst %void %debug DebugValue %d_var %pp %expr
         %y = OpExtInst %float %1 fabs %x
               OpStore %pp %y
         %ns = OpExtInst %void %debug DebugNoScope
               OpNoLine
               OpReturn
               OpFunctionEnd
"#;

const LEGACY_DEBUG_INFO: &str = r#"
; Version: 1.0
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Linkage
      %debug = OpExtInstImport "DebugInfo"
               OpMemoryModel Physical32 OpenCL
               OpEntryPoint Kernel %main "main"
       %file = OpString "legacy.cl"
     %int_nm = OpString "int"
    %pair_nm = OpString "pair"
   %first_nm = OpString "first"
    %main_nm = OpString "main"
       %uint = OpTypeInt 32 0
    %uint_32 = OpConstant %uint 32
     %uint_0 = OpConstant %uint 0
       %void = OpTypeVoid
       %fnty = OpTypeFunction %void
       %unit = OpExtInst %void %debug DebugCompilationUnit %file 65536 4
      %t_int = OpExtInst %void %debug DebugTypeBasic %int_nm %uint_32 Signed
     %t_pair = OpExtInst %void %debug DebugTypeComposite %pair_nm Structure %file 1 8 %unit %uint_32 FlagIsPublic %t_first
    %t_first = OpExtInst %void %debug DebugTypeMember %first_nm %t_int %file 1 20 %t_pair %uint_0 %uint_32 FlagIsPublic
       %t_fn = OpExtInst %void %debug DebugTypeFunction %void
     %d_main = OpExtInst %void %debug DebugFunction %main_nm %t_fn %file 2 0 %unit %main_nm FlagIsDefinition 2 %main
       %main = OpFunction %void None %fnty
      %entry = OpLabel
      %scope = OpExtInst %void %debug DebugScope %d_main
               OpReturn
               OpFunctionEnd
"#;

/// Asserts that `source`'s instructions of `set` are all written.
fn assert_written_alike(source: &str, set: &str) {
    let words = assemble(source, &AssembleOptions::default()).expect("assemble");
    let (ctx, module) = deserialize(&words).expect("deserialize");
    let written = serialize(&ctx, module).expect("serialize");
    let count = support::ext_instructions(&words, set);
    assert!(count > 0, "no instruction of {set}");
    assert_eq!(support::ext_instructions(&written, set), count, "{set}");
}

#[test]
fn opencl_debug_info_is_kept() {
    let (text, listing) = round_trip(OPENCL_DEBUG_INFO, "spv1.1", &[]);
    assert_contains(
        &text,
        &[
            "\"spirv.OpenCLDebugInfo100.DebugSource\"() <{file = @spirv_string_0, \
             result_type = none, sym_name = \"spirv_debug_1\", text = @spirv_string_1}>",
            // A bit enum of the set's own kind; `FlagIsPublic` is two bits.
            "#spirv.opencl_debuginfo100_debug_info_flags<FlagIsPublic|FlagTypePassByValue>",
            "debug_composite_type = #spirv.debug_composite_type<Structure>",
            // The member named before it is defined, the function before
            // its definition.
            "members = @spirv_debug_8",
            "function = @scale",
            // An enum's values and names in pairs: constants and strings.
            "values = [0 : i32, @spirv_string_7, 1 : i32, @spirv_string_8]",
            "#spirv.opencl_debuginfo100_debug_operation<PlusUconst>, operands = 8 : i32",
            "\"spirv.OpenCLDebugInfo100.DebugDeclare\"(%0) <{expression = @spirv_debug_16, \
             local_variable = @spirv_debug_13}>",
            "\"spirv.OpenCLDebugInfo100.DebugNoScope\"() : () -> none",
        ],
    );
    assert_written_alike(OPENCL_DEBUG_INFO, "OpenCL.DebugInfo.100");
    assert!(
        listing.contains("FlagIsDefinition|FlagPrototyped 4 %scale"),
        "{listing}"
    );
}

#[test]
fn legacy_debug_info_is_kept() {
    let (text, _) = round_trip(LEGACY_DEBUG_INFO, "spv1.0", &[]);
    assert_contains(
        &text,
        &[
            "\"spirv.DebugInfo.DebugCompilationUnit\"() <{dwarf_version = 4 : i32",
            "#spirv.debuginfo_debug_info_flags<FlagIsPublic>",
            "members = @spirv_debug_3",
            "function = @main",
            "\"spirv.DebugInfo.DebugScope\"() <{scope = @spirv_debug_5}> : () -> none",
        ],
    );
    assert_written_alike(LEGACY_DEBUG_INFO, "DebugInfo");
}

/// A debug instruction before a block's phis opens the block's body
/// (the phis are its arguments) and is written after them.
#[test]
fn debug_instructions_before_phis_are_kept() {
    let source = OPENCL_DEBUG_INFO
        .replace(
            "       %void = OpTypeVoid",
            "       %void = OpTypeVoid\n       %bool = OpTypeBool",
        )
        .replace(
            "         %ns = OpExtInst %void %debug DebugNoScope",
            "      %small = OpULessThan %bool %n %uint_8
               OpBranchConditional %small %then %join
       %then = OpLabel
               OpBranch %join
       %join = OpLabel
         %s2 = OpExtInst %void %debug DebugScope %d_block
               OpLine %file 5 0
     %picked = OpPhi %uint %uint_1 %then %uint_0 %entry
         %ns = OpExtInst %void %debug DebugNoScope",
        );
    let (text, listing) = round_trip(&source, "spv1.1", &[]);
    assert_contains(
        &text,
        &["^bb2(%9: i32):  // 2 preds: ^bb0, ^bb1\n    \
           %10 = \"spirv.OpenCLDebugInfo100.DebugScope\"() <{scope = @spirv_debug_12}>"],
    );
    let join = listing.split("OpPhi").nth(1).expect("a phi");
    assert!(join.contains("DebugScope"), "{listing}");
    assert_written_alike(&source, "OpenCL.DebugInfo.100");
}

/// Only the operands spirv-val lets look ahead may: a size, a parent or a
/// function named elsewhere before its definition is an error at its word.
#[test]
fn ids_named_ahead_elsewhere_are_errors() {
    let cases = [
        // The function as the debug function's type.
        (
            "DebugFunction %scale_nm %t_fn",
            "DebugFunction %scale_nm %scale",
        ),
        // A member's parent defined after it.
        (
            "%t_first = OpExtInst %void %debug DebugTypeMember %first_nm %t_float %source 2 20 %t_pair",
            "%t_first = OpExtInst %void %debug DebugTypeMember %first_nm %t_float %source 2 20 %t_mode",
        ),
        // A composite's size.
        (
            "%uint_8 FlagIsPublic|FlagTypePassByValue %t_first",
            "%t_first FlagIsPublic|FlagTypePassByValue %t_first",
        ),
    ];
    for (from, to) in cases {
        assert!(OPENCL_DEBUG_INFO.contains(from), "{from}");
        let source = OPENCL_DEBUG_INFO.replace(from, to);
        let words = assemble(&source, &AssembleOptions::default()).expect("assemble");
        let error = deserialize(&words).map(drop).expect_err(to);
        assert!(
            error.message.contains("is used before its definition")
                && error.instruction == Some("OpExtInst"),
            "{to}: {}",
            error.message
        );
    }
}

/// Mutations of the modules (bit flips, truncations, word counts, small
/// values) read without panics; what reads and verifies prints, parses
/// back and writes words that read back (`DEBUG_INFO_FUZZ_SEED`,
/// `DEBUG_INFO_FUZZ_COUNT` for longer runs).
#[test]
fn mutated_debug_info_modules_read_without_panics() {
    let modules: Vec<Vec<u32>> = [OPENCL_DEBUG_INFO, LEGACY_DEBUG_INFO]
        .iter()
        .map(|source| assemble(source, &AssembleOptions::default()).expect("assemble"))
        .collect();
    let (read, verified) = support::mutated_modules_read("DEBUG_INFO_FUZZ", &modules, 3000);
    println!("mutated debug-information modules: {read} read, {verified} verify");
    assert!(verified > 0, "no mutation read verified");
}
