// ARGS: opt --split-input-file --verify-diagnostics
// Every grammar op is registered: result counts and SSA operand bounds come
// from the grammar's operand layout, type rules from the op's class.

func.func @too_few_operands(%a: i32) {
  // expected-error @+1 {{'spirv.IAdd' op expected 2 operands, but found 1}}
  %0 = "spirv.IAdd"(%a) : (i32) -> i32
  spirv.Return
}

// -----

func.func @missing_result(%a: i32) {
  // expected-error @+1 {{'spirv.IAdd' op requires 1 result(s), but found 0}}
  "spirv.IAdd"(%a, %a) : (i32, i32) -> ()
  spirv.Return
}

// -----

func.func @result_on_store(%p: !spirv.ptr<i32, Function>, %a: i32) {
  // expected-error @+1 {{'spirv.Store' op requires 0 result(s), but found 1}}
  %0 = "spirv.Store"(%p, %a) : (!spirv.ptr<i32, Function>, i32) -> i32
  spirv.Return
}

// -----

func.func @extended_instruction_result(%a: f32) {
  // expected-error @+1 {{'spirv.GL.FAbs' op requires 1 result(s), but found 0}}
  "spirv.GL.FAbs"(%a) : (f32) -> ()
  spirv.Return
}

// -----

func.func @access_chain_without_base() {
  // expected-error @+1 {{'spirv.AccessChain' op expected at least 1 operands, but found 0}}
  %0 = "spirv.AccessChain"() : () -> !spirv.ptr<i32, Function>
  spirv.Return
}

// -----

func.func @optional_operand_bound(%a: i32) {
  // expected-error @+1 {{'spirv.Variable' op expected at most 1 operands, but found 2}}
  %0 = "spirv.Variable"(%a, %a) : (i32, i32) -> !spirv.ptr<i32, Function>
  spirv.Return
}

// -----

func.func @mixed_arithmetic_types(%a: i32, %b: si32) {
  // expected-error @+1 {{'spirv.IAdd' op requires the same type for all operands and results}}
  %0 = "spirv.IAdd"(%a, %b) : (i32, si32) -> i32
  spirv.Return
}

// -----

func.func @relational_result_not_bool(%a: i32) {
  // expected-error @+1 {{'spirv.SLessThan' op result must be a bool (or vector of bool) of the operands' shape}}
  %0 = "spirv.SLessThan"(%a, %a) : (i32, i32) -> i32
  spirv.Return
}

// -----

func.func @relational_operand_types(%a: i32, %b: i64) {
  // expected-error @+1 {{'spirv.IEqual' op requires all operands to have the same type}}
  %0 = "spirv.IEqual"(%a, %b) : (i32, i64) -> i1
  spirv.Return
}

// -----

func.func @conversion_shape(%a: vector<2xi32>) {
  // expected-error @+1 {{'spirv.ConvertSToF' op requires the same shape for all operands and results}}
  %0 = "spirv.ConvertSToF"(%a) : (vector<2xi32>) -> vector<3xf32>
  spirv.Return
}
