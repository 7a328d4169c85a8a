//! Constants no attribute holds, each in a small hand-written module: a
//! constant sampler, null pointers and events, a composite with an
//! `OpUndef` constituent (as OpenCL compilers write them), a replicated
//! composite (`SPV_EXT_replicated_composites`), and a type among an
//! `OpExecutionModeId`'s operands (`FPFastMathDefault`). Each module
//! deserializes, verifies, serializes to a module `spirv-val` accepts that
//! still holds the instructions, and reads back to the same text (also
//! when the text is parsed again).

use support::{assert_contains, checked_module_round_trip as round_trip};
mod support;

const KERNEL_CONSTANTS: &str = r#"
; Version: 1.4
               OpCapability Addresses
               OpCapability Kernel
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %main "main"
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %v2int = OpTypeVector %uint 2
      %event = OpTypeEvent
        %ptr = OpTypePointer CrossWorkgroup %uint
     %ptrptr = OpTypePointer Function %ptr
    %evptr = OpTypePointer Function %event
         %fn = OpTypeFunction %void %ptr
     %uint_7 = OpConstant %uint 7
      %undef = OpUndef %uint
       %pair = OpConstantComposite %v2int %undef %uint_7
       %null = OpConstantNull %ptr
    %nullev = OpConstantNull %event
       %main = OpFunction %void None %fn
          %p = OpFunctionParameter %ptr
      %entry = OpLabel
       %slot = OpVariable %ptrptr Function
     %evslot = OpVariable %evptr Function
               OpStore %slot %null
               OpStore %evslot %nullev
          %x = OpCompositeExtract %uint %pair 1
         %eq = OpPtrEqual %bool %p %null
          %y = OpSelect %uint %eq %x %uint_7
               OpStore %p %y
               OpReturn
               OpFunctionEnd
"#;

/// Null pointers and events, and composites with `OpUndef` constituents
/// read as the ops their instructions name, used where the
/// binary uses them, and are written back once each.
#[test]
fn constants_without_attributes_are_kept() {
    let source = KERNEL_CONSTANTS.replace(
        "%fn = OpTypeFunction",
        "%bool = OpTypeBool\n%fn = OpTypeFunction",
    );
    let (text, listing) = round_trip(&source, "spv1.4", &[]);
    assert_contains(
        &text,
        &[
            "\"spirv.ConstantNull\"() : () -> !spirv.ptr<i32, CrossWorkgroup>",
            "\"spirv.ConstantNull\"() : () -> !spirv.event",
            "\"spirv.ConstantComposite\"(%",
            ": (i32, i32) -> vector<2xi32>",
        ],
    );
    for instruction in [
        "OpConstantNull %_ptr_CrossWorkgroup_uint",
        "OpConstantNull %Event",
        "OpConstantComposite %v2uint %",
        "OpUndef %uint",
    ] {
        assert_eq!(
            listing.matches(instruction).count(),
            1,
            "{instruction}:\n{listing}"
        );
    }
}

const SAMPLER_USED: &str = r#"
; Version: 1.4
               OpCapability Addresses
               OpCapability Kernel
               OpCapability LiteralSampler
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %main "main"
       %void = OpTypeVoid
    %sampler = OpTypeSampler
     %fnvoid = OpTypeFunction %void
      %fnsmp = OpTypeFunction %void %sampler
        %smp = OpConstantSampler %sampler Repeat 1 Linear
     %helper = OpFunction %void None %fnsmp
          %s = OpFunctionParameter %sampler
         %h0 = OpLabel
               OpReturn
               OpFunctionEnd
       %main = OpFunction %void None %fnvoid
      %entry = OpLabel
       %call = OpFunctionCall %void %helper %smp
      %again = OpFunctionCall %void %helper %smp
               OpReturn
               OpFunctionEnd
"#;

/// A constant sampler keeps its addressing mode, normalization and filter.
#[test]
fn constant_samplers_are_kept() {
    let (text, listing) = round_trip(SAMPLER_USED, "spv1.4", &[]);
    assert_contains(
        &text,
        &["\"spirv.ConstantSampler\"() <{param = 1 : i32, \
           sampler_addressing_mode = #spirv.sampler_addressing_mode<Repeat>, \
           sampler_filter_mode = #spirv.sampler_filter_mode<Linear>}> : () -> !spirv.sampler"],
    );
    assert_eq!(
        listing.matches("OpConstantSampler ").count(),
        1,
        "{listing}"
    );
    assert_contains(&listing, &["Repeat 1 Linear"]);
}

const NEWER_CONSTANTS: &str = r#"
; Version: 1.6
               OpCapability Shader
               OpCapability FloatControls2
               OpCapability ReplicatedCompositesEXT
               OpExtension "SPV_KHR_float_controls2"
               OpExtension "SPV_EXT_replicated_composites"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %out
               OpExecutionMode %main LocalSize 1 1 1
               OpExecutionModeId %main FPFastMathDefault %float %flags
               OpDecorate %block Block
               OpMemberDecorate %block 0 Offset 0
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
      %float = OpTypeFloat 32
       %vec4 = OpTypeVector %float 4
      %block = OpTypeStruct %vec4
        %ptr = OpTypePointer StorageBuffer %block
     %vecptr = OpTypePointer StorageBuffer %vec4
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
      %flags = OpConstant %uint 0x10000
        %out = OpVariable %ptr StorageBuffer
        %one = OpConstant %float 1
       %ones = OpConstantCompositeReplicateEXT %vec4 %one
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpAccessChain %vecptr %out %uint_0
          %x = OpCompositeConstructReplicateEXT %vec4 %one
          %y = OpFAdd %vec4 %x %ones
               OpStore %p %y
               OpReturn
               OpFunctionEnd
"#;

/// A replicated composite constant reads as its op over the materialized
/// constituent; `FPFastMathDefault`'s target type is a type attribute
/// (both read the id as a number, or not at all, before).
#[test]
fn replicated_composites_and_type_operands_are_kept() {
    let (text, listing) = round_trip(NEWER_CONSTANTS, "spv1.6", &[]);
    assert_contains(
        &text,
        &["values = [f32, 65536 : i32]", ": (f32) -> vector<4xf32>"],
    );
    assert_contains(
        &listing,
        &[
            "OpExecutionModeId %main FPFastMathDefault %float %uint_65536",
            "OpConstantCompositeReplicateEXT %v4float %float_1",
        ],
    );
}
