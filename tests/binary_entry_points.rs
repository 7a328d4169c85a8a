//! Entry points keep their names through a round trip: one function that
//! is two entry points, two functions that are entry points of one name
//! in different execution models, and a function whose `OpName` is an
//! entry point's name (as `llvm-spirv` names a kernel's body). An entry
//! point whose name is not its function's symbol carries it as its `name`
//! property, OpEntryPoint's Name operand (printed in the generic form:
//! MLIR's custom form has no place for it); two entry points of one
//! execution model and name are a verifier error.

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::spvasm::{assemble, AssembleOptions};
use support::assert_contains;
mod support;

const ENTRY_POINTS: &str = r#"
; Version: 1.5
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "first" %out
               OpEntryPoint GLCompute %main "second" %out
               OpEntryPoint Vertex %vert "main" %pos
               OpEntryPoint Fragment %frag "main" %color
               OpExecutionMode %main LocalSize 1 1 1
               OpExecutionMode %frag OriginUpperLeft
               OpName %helper "first"
               OpName %vert "vertex_main"
               OpDecorate %pos BuiltIn Position
               OpDecorate %color Location 0
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 0
               OpDecorate %block Block
               OpMemberDecorate %block 0 Offset 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
    %float_1 = OpConstant %float 1
       %vec4 = OpTypeVector %float 4
       %one4 = OpConstantComposite %vec4 %float_1 %float_1 %float_1 %float_1
    %out_ptr = OpTypePointer Output %vec4
      %block = OpTypeStruct %float
  %block_ptr = OpTypePointer StorageBuffer %block
  %float_ptr = OpTypePointer StorageBuffer %float
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
        %pos = OpVariable %out_ptr Output
      %color = OpVariable %out_ptr Output
        %out = OpVariable %block_ptr StorageBuffer
     %helper = OpFunction %void None %fn
         %l0 = OpLabel
          %p = OpAccessChain %float_ptr %out %uint_0
               OpStore %p %float_1
               OpReturn
               OpFunctionEnd
       %main = OpFunction %void None %fn
         %l1 = OpLabel
          %c = OpFunctionCall %void %helper
               OpReturn
               OpFunctionEnd
       %vert = OpFunction %void None %fn
         %l2 = OpLabel
               OpStore %pos %one4
               OpReturn
               OpFunctionEnd
       %frag = OpFunction %void None %fn
         %l3 = OpLabel
               OpStore %color %one4
               OpReturn
               OpFunctionEnd
"#;

#[test]
fn entry_point_names_are_kept() {
    let words = assemble(ENTRY_POINTS, &AssembleOptions::default()).expect("assemble");
    let (ctx, module) = deserialize(&words).expect("deserialize");
    assert_contains(
        &support::print_module(&ctx, module),
        &[
            // The entry point's function takes its name; the function
            // named so in the binary gets the suffix.
            "spirv.func @first_0()",
            "spirv.EntryPoint \"GLCompute\" @first, @spirv_var_2\n",
            // MLIR's custom form has no place for the name: the generic
            // form carries it.
            "\"spirv.EntryPoint\"() <{execution_model = #spirv.execution_model<GLCompute>, \
             fn = @first, interface = [@spirv_var_2], name = \"second\"}> : () -> ()",
            "spirv.EntryPoint \"Vertex\" @main, @spirv_var_4\n",
            "\"spirv.EntryPoint\"() <{execution_model = #spirv.execution_model<Fragment>, \
             fn = @main_0, interface = [@spirv_var_6], name = \"main\"}> : () -> ()",
        ],
    );
    let val = support::spirv_val_or_note();
    let written = support::checked_round_trip(val.as_deref(), &words, "vulkan1.2")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        support::entry_points(&written),
        [
            (0, "main".to_string()),
            (4, "main".to_string()),
            (5, "first".to_string()),
            (5, "second".to_string()),
        ]
    );
}

#[test]
fn entry_points_of_one_model_and_name_are_errors() {
    let words = assemble(ENTRY_POINTS, &AssembleOptions::default()).expect("assemble");
    let (ctx, module) = deserialize(&words).expect("deserialize");
    for (from, to) in [
        (", name = \"second\"", ""),
        (", name = \"second\"", ", name = \"first\""),
        (", name = \"second\"", ", name = 2 : i32"),
    ] {
        let text = support::print_module(&ctx, module).replace(from, to);
        let (parsed, op) = support::parsed(&text);
        let error = spirv_dialect::verify::verify(&parsed, op).expect_err(to);
        assert!(
            error
                .message
                .contains("a second entry point of this execution model named \"first\"")
                || error
                    .message
                    .contains("'name', when present, to be a string"),
            "{to}: {}",
            error.message
        );
    }
}
