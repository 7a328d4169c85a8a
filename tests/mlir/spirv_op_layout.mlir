// ARGS: opt --split-input-file --verify-diagnostics
// Every grammar op is registered: result counts and SSA operand bounds come
// from the grammar's operand layout, type rules from the op's class.
// Required attributes follow MLIR 19.

func.func @too_few_operands(%a: i32) {
  // expected-error @+1 {{'spirv.IAdd' op expected 2 operands, but found 1}}
  %0 = "spirv.IAdd"(%a) : (i32) -> i32
  spirv.Return
}

// -----

func.func @missing_result(%a: i32) {
  // expected-error @+1 {{'spirv.IAdd' op requires one result}}
  "spirv.IAdd"(%a, %a) : (i32, i32) -> ()
  spirv.Return
}

// -----

func.func @result_on_store(%p: !spirv.ptr<i32, Function>, %a: i32) {
  // expected-error @+1 {{'spirv.Store' op requires zero results}}
  %0 = "spirv.Store"(%p, %a) : (!spirv.ptr<i32, Function>, i32) -> i32
  spirv.Return
}

// -----

func.func @extended_instruction_result(%a: f32) {
  // expected-error @+1 {{'spirv.GL.FAbs' op requires one result}}
  "spirv.GL.FAbs"(%a) : (f32) -> ()
  spirv.Return
}

// -----

func.func @access_chain_without_base() {
  // expected-error @+1 {{'spirv.AccessChain' op expected 1 or more operands, but found 0}}
  %0 = "spirv.AccessChain"() : () -> !spirv.ptr<i32, Function>
  spirv.Return
}

// -----

func.func @optional_operand_bound(%a: i32) {
  // expected-error @+1 {{'spirv.Variable' op expected at most 1 operands, but found 2}}
  %0 = "spirv.Variable"(%a, %a) <{storage_class = #spirv.storage_class<Function>}> : (i32, i32) -> !spirv.ptr<i32, Function>
  spirv.Return
}

// -----

func.func @mixed_arithmetic_types(%a: i32, %b: i64) {
  // expected-error @+1 {{'spirv.IAdd' op requires the same type for all operands and results}}
  %0 = "spirv.IAdd"(%a, %b) : (i32, i64) -> i32
  spirv.Return
}

// -----

// SPIR-V lets integer arithmetic mix signed and unsigned operands of one
// width (glslang and slang emit `OpIAdd %int %a_int %b_uint`).
func.func @mixed_signedness(%a: i32, %b: si32, %v: vector<2xui32>, %w: vector<2xi32>) {
  %0 = "spirv.IAdd"(%a, %b) : (i32, si32) -> si32
  %1 = "spirv.IEqual"(%v, %w) : (vector<2xui32>, vector<2xi32>) -> vector<2xi1>
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

// -----

func.func @constant_without_value() {
  // expected-error @+1 {{'spirv.Constant' op requires attribute 'value'}}
  %0 = "spirv.Constant"() : () -> i32
  spirv.Return
}

// -----

func.func @shuffle_without_components(%v: vector<2xf32>) {
  // expected-error @+1 {{'spirv.VectorShuffle' op requires attribute 'components'}}
  %0 = "spirv.VectorShuffle"(%v, %v) : (vector<2xf32>, vector<2xf32>) -> vector<2xf32>
  spirv.Return
}

// -----

// expected-error @+1 {{'spirv.module' op requires attribute 'memory_model'}}
"spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>}> ({
}) : () -> ()

// -----

func.func @loop_without_control() {
  // expected-error @+1 {{'spirv.mlir.loop' op requires attribute 'loop_control'}}
  "spirv.mlir.loop"() ({
  }) : () -> ()
  spirv.Return
}
