// ARGS: opt --split-input-file --verify-diagnostics
// A global variable's constant initializer holds a value of the type the
// variable points to, and does not come beside a symbol initializer; the
// variable is not of Function storage.

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @scalar initial_value(2 : si32) : !spirv.ptr<si32, Private>
  spirv.GlobalVariable @vector initial_value(dense<[1, 2]> : vector<2xsi32>) : !spirv.ptr<vector<2xsi32>, Private>
  spirv.GlobalVariable @pair initial_value([0 : si32, dense<0> : vector<2xsi32>]) : !spirv.ptr<!spirv.struct<(si32, vector<2xsi32>)>, Private>
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // expected-error @+1 {{'spirv.GlobalVariable' op `initial_value` is not a value of the type the variable points to}}
  spirv.GlobalVariable @wrong initial_value(2 : i32) : !spirv.ptr<si32, Private>
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // expected-error @+1 {{'spirv.GlobalVariable' op `initial_value` is not a value of the type the variable points to}}
  spirv.GlobalVariable @scalar_of_struct initial_value(0 : si32) : !spirv.ptr<!spirv.struct<(si32)>, Private>
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @other : !spirv.ptr<si32, Private>
  // expected-error @+1 {{'spirv.GlobalVariable' op has both an `initializer` and an `initial_value`}}
  spirv.GlobalVariable @both initializer(@other) initial_value(1 : si32) : !spirv.ptr<si32, Private>
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // expected-error @+1 {{'spirv.GlobalVariable' op storage class cannot be 'Function'}}
  spirv.GlobalVariable @in_a_function : !spirv.ptr<si32, Function>
}
