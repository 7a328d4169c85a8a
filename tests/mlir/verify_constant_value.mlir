// ARGS: opt --split-input-file --verify-diagnostics
// A constant's value is a value of its result's type: a scalar or vector
// of that very type, or for an array, matrix or struct, one value per
// element or member, each of its type.

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @fits() "None" {
    %0 = spirv.Constant 2 : si32
    %1 = spirv.Constant dense<[1.0, 2.0]> : vector<2xf32>
    %2 = spirv.Constant [0 : si32, dense<0> : vector<2xsi32>] : !spirv.struct<(si32, vector<2xsi32>)>
    %3 = spirv.Constant [1.0 : f32, 2.0 : f32] : !spirv.array<2 x f32>
    %4 = spirv.Constant [[true, false], [false, true]] : !spirv.array<2 x !spirv.array<2 x i1>>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @scalar() -> f32 "None" {
    // expected-error @+1 {{'spirv.Constant' op `value` is not a value of the result's type}}
    %0 = "spirv.Constant"() <{value = 1 : i32}> : () -> f32
    spirv.ReturnValue %0 : f32
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @vector() -> vector<2xf32> "None" {
    // expected-error @+1 {{'spirv.Constant' op `value` is not a value of the result's type}}
    %0 = "spirv.Constant"() <{value = 1.0 : f32}> : () -> vector<2xf32>
    spirv.ReturnValue %0 : vector<2xf32>
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @array_too_short() "None" {
    // expected-error @+1 {{'spirv.Constant' op `value` is not a value of the result's type}}
    %0 = "spirv.Constant"() <{value = [1.0 : f32]}> : () -> !spirv.array<2 x f32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @member_of_another_type() "None" {
    // expected-error @+1 {{'spirv.Constant' op `value` is not a value of the result's type}}
    %0 = "spirv.Constant"() <{value = [0 : si32, 1 : si32]}> : () -> !spirv.struct<(si32, f32)>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @struct_too_long() "None" {
    // expected-error @+1 {{'spirv.Constant' op `value` is not a value of the result's type}}
    %0 = "spirv.Constant"() <{value = [0 : si32, 1 : si32]}> : () -> !spirv.struct<(si32)>
    spirv.Return
  }
}
