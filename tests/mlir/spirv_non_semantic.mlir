// ARGS: opt --split-input-file --verify-diagnostics
// `spirv.ExtInst` carries an instruction of a non-semantic set the grammar
// does not describe: `set` names the set, `instruction` the instruction;
// `operands` lists its operands in order where some are no SSA operands
// (`unit` standing for each SSA operand). At module level it is a symbol
// with a `result_type`; in a function it has one result.

// CHECK: "spirv.ExtInst"() <{instruction = 3 : i32, operands = [1.000000e+00 : f32, f32, @v, dense<[1, 2]> : vector<2xi32>], result_type = none, set = "NonSemantic.Foo", sym_name = "spirv_debug_0"}> : () -> ()
// CHECK: "spirv.ExtInst"() <{instruction = 4 : i32, result_type = none, set = "NonSemantic.Foo", sym_name = "spirv_debug_1"}> : () -> ()
// CHECK: %0 = "spirv.ExtInst"(%cst_f32) <{instruction = 5 : i32, operands = [unit, @spirv_debug_0, @main], set = "NonSemantic.Foo"}> : (f32) -> none
// CHECK: %1 = "spirv.ExtInst"(%cst_f32, %0) <{instruction = -1 : i32, set = "NonSemantic.Bar.2"}> : (f32, none) -> none
spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  spirv.GlobalVariable @v : !spirv.ptr<f32, Private>
  "spirv.ExtInst"() <{instruction = 3 : i32, operands = [1.000000e+00 : f32, f32, @v, dense<[1, 2]> : vector<2xi32>], result_type = none, set = "NonSemantic.Foo", sym_name = "spirv_debug_0"}> : () -> ()
  "spirv.ExtInst"() <{instruction = 4 : i32, result_type = none, set = "NonSemantic.Foo", sym_name = "spirv_debug_1"}> : () -> ()
  spirv.func @main() "None" {
    %0 = spirv.Constant 1.000000e+00 : f32
    %1 = "spirv.ExtInst"(%0) <{instruction = 5 : i32, operands = [unit, @spirv_debug_0, @main], set = "NonSemantic.Foo"}> : (f32) -> none
    %2 = "spirv.ExtInst"(%0, %1) <{instruction = -1 : i32, set = "NonSemantic.Bar.2"}> : (f32, none) -> none
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @no_set() "None" {
    // expected-error @+1 {{'spirv.ExtInst' op requires a string attribute 'set' (the instruction set's import name)}}
    %0 = "spirv.ExtInst"() <{instruction = 1 : i32}> : () -> none
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @semantic_set() "None" {
    // expected-error @+1 {{'spirv.ExtInst' op 'set' "Foo.std" is no non-semantic instruction set (NonSemantic.*), the only sets kept without the grammar describing them}}
    %0 = "spirv.ExtInst"() <{instruction = 1 : i32, set = "Foo.std"}> : () -> none
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @described_set() "None" {
    // expected-error @+1 {{'spirv.ExtInst' op the grammar describes "NonSemantic.DebugPrintf": its instructions are the spirv.NonSemanticDebugPrintf.* ops}}
    %0 = "spirv.ExtInst"() <{instruction = 1 : i32, set = "NonSemantic.DebugPrintf"}> : () -> none
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @no_instruction() "None" {
    // expected-error @+1 {{'spirv.ExtInst' op requires an integer attribute 'instruction' (the instruction's number)}}
    %0 = "spirv.ExtInst"() <{set = "NonSemantic.Foo"}> : () -> none
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @wide_instruction() "None" {
    // expected-error @+1 {{'spirv.ExtInst' op 'instruction' 4294967296 is no 32-bit instruction number}}
    %0 = "spirv.ExtInst"() <{instruction = 4294967296 : i64, set = "NonSemantic.Foo"}> : () -> none
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @no_result() "None" {
    // expected-error @+1 {{'spirv.ExtInst' op requires one result}}
    "spirv.ExtInst"() <{instruction = 1 : i32, set = "NonSemantic.Foo"}> : () -> ()
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  // expected-error @+1 {{'spirv.ExtInst' op a module-level instruction (with 'sym_name') takes no SSA operands and has no results}}
  %0 = "spirv.ExtInst"() <{instruction = 1 : i32, result_type = none, set = "NonSemantic.Foo", sym_name = "d"}> : () -> none
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  // expected-error @+1 {{'spirv.ExtInst' op requires a type attribute 'result_type' at module level}}
  "spirv.ExtInst"() <{instruction = 1 : i32, set = "NonSemantic.Foo", sym_name = "d"}> : () -> ()
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  // expected-error @+1 {{'spirv.ExtInst' op 'operands' must be an array}}
  "spirv.ExtInst"() <{instruction = 1 : i32, operands = f32, result_type = none, set = "NonSemantic.Foo", sym_name = "d"}> : () -> ()
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  // expected-error @+1 {{'spirv.ExtInst' op 'operands' holds types, symbols, scalar and vector constants and `unit`s (each standing for an SSA operand), nothing else}}
  "spirv.ExtInst"() <{instruction = 1 : i32, operands = ["text"], result_type = none, set = "NonSemantic.Foo", sym_name = "d"}> : () -> ()
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  // expected-error @+1 {{'spirv.ExtInst' op 'operands' holds 1 `unit`s (SSA operands) for 0 SSA operands}}
  "spirv.ExtInst"() <{instruction = 1 : i32, operands = [unit], result_type = none, set = "NonSemantic.Foo", sym_name = "d"}> : () -> ()
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  spirv.func @too_few_units() "None" {
    %0 = spirv.Constant 1.000000e+00 : f32
    // expected-error @+1 {{'spirv.ExtInst' op 'operands' holds 1 `unit`s (SSA operands) for 2 SSA operands}}
    %1 = "spirv.ExtInst"(%0, %0) <{instruction = 1 : i32, operands = [unit, f32], set = "NonSemantic.Foo"}> : (f32, f32) -> none
    spirv.Return
  }
}

// -----

// An instruction of a described set at module level names its result type.
spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  // expected-error @+1 {{'spirv.NonSemanticDebugPrintf.DebugPrintf' op requires a type attribute 'result_type' at module level}}
  "spirv.NonSemanticDebugPrintf.DebugPrintf"() <{sym_name = "spirv_debug_0"}> : () -> ()
}
