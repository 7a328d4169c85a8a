// ARGS: opt --split-input-file --verify-diagnostics
// Structural verifier rules, one failing case per chunk.

func.func private @g()
func.func @missing_terminator() {
  // expected-error @+1 {{'func.call' op is not a terminator, but it ends a block that needs one}}
  func.call @g() : () -> ()
}

// -----

func.func @empty_block() {
// expected-error @-1 {{'func.func' op region #0 has an empty block: expected at least a terminator}}
^bb0:
}

// -----

func.func @terminator_in_the_middle() {
  // expected-error @+1 {{'func.return' op must be the last operation in the parent block}}
  func.return
  "foo.after"() : () -> ()
}

// -----

// expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
"foo.holder"() ({ func.return }) : () -> ()

// -----

func.func @return_with_a_result(%x: i32) -> i32 {
  // expected-error @+1 {{'func.return' op requires zero results}}
  %0 = "func.return"(%x) : (i32) -> i32
}

// -----

func.func @wrong_result_count() -> i32 {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function returns 1}}
  func.return
}

// -----

func.func @branch_to_other_region() {
  "foo.region"() ({
  ^inner:
    "foo.x"() : () -> ()
  }) : () -> ()
  // expected-error @+1 {{reference to an undefined block '^inner'}}
  "cf.br"()[^inner] : () -> ()
}

// -----

func.func @successors_on_a_non_terminator() {
  // expected-error @+1 {{'func.call' op has successors but is not a terminator}}
  "func.call"()[^bb1] <{callee = @successors_on_a_non_terminator}> : () -> ()
  func.return
^bb1:
  func.return
}

// -----

func.func @branch_argument_count(%x: i32) {
  // expected-error @+1 {{'cf.br' op branch has 1 operands for successor #0, but target block has 2}}
  "cf.br"(%x)[^bb1] : (i32) -> ()
^bb1(%a: i32, %b: i32):
  func.return
}

// -----

func.func @branch_argument_type(%x: i32) {
  // expected-error @+1 {{'cf.br' op type mismatch for bb argument #0 of successor #0}}
  "cf.br"(%x)[^bb1] : (i32) -> ()
^bb1(%a: f32):
  func.return
}

// -----

func.func @condition_type(%x: i32) {
  // expected-error @+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer}}
  "cf.cond_br"(%x)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  func.return
}

// -----

func.func @branch_to_entry() {
^entry:
  // expected-error @+1 {{'cf.br' op entry block of a region may not be a successor}}
  "cf.br"()[^entry] : () -> ()
}

// -----

// expected-error @+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "foo.x"() : () -> ()
^bb1:
  "foo.y"() : () -> ()
}) : () -> ()

// -----

func.func @entry_arguments(%x: i32) {
  func.return
}
// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{sym_name = "mismatch", function_type = (i32) -> ()}> ({
  func.return
}) : () -> ()

// -----

"spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i1) -> (), sym_name = "f"}> ({
^bb0(%c: i1):
  // expected-error @+1 {{'spirv.BranchConditional' op branch has 0 operands for successor #0, but target block has 1}}
  "spirv.BranchConditional"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1(%x: i32):
  "spirv.Return"() : () -> ()
^bb2:
  "spirv.Return"() : () -> ()
}) : () -> ()
