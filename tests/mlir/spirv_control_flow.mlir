// ARGS: opt --split-input-file --verify-diagnostics
// Region shapes of spirv.mlir.selection and spirv.mlir.loop, one failing
// case per rule, after a well-formed selection and loop. Conditional
// branches and the constructs are in generic form.

func.func @well_formed(%cond: i1) {
  "spirv.mlir.selection"() <{selection_control = #spirv.selection_control<None>}> ({
    "spirv.BranchConditional"(%cond)[^then, ^merge] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^then:
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }) : () -> ()
  "spirv.mlir.loop"() <{loop_control = #spirv.loop_control<None>}> ({
    spirv.Branch ^header
  ^header:
    "spirv.BranchConditional"(%cond)[^body, ^merge] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^body:
    spirv.Branch ^continue
  ^continue:
    spirv.Branch ^header
  ^merge:
    spirv.mlir.merge
  }) : () -> ()
  spirv.Return
}

// -----

func.func @selection_without_merge_block() {
  // expected-error @+1 {{'spirv.mlir.selection' op must have a selection header block}}
  "spirv.mlir.selection"() <{selection_control = #spirv.selection_control<None>}> ({
    spirv.mlir.merge
  }) : () -> ()
  spirv.Return
}

// -----

func.func @selection_header_without_conditional_branch() {
  // expected-error @+1 {{'spirv.mlir.selection' op the selection header block must end in 'spirv.BranchConditional' or 'spirv.Switch'}}
  "spirv.mlir.selection"() <{selection_control = #spirv.selection_control<None>}> ({
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }) : () -> ()
  spirv.Return
}

// -----

func.func @merge_block_with_other_ops(%cond: i1, %n: i32) {
  // expected-error @+1 {{'spirv.mlir.selection' op last block must be the merge block with only one 'spirv.mlir.merge' op}}
  "spirv.mlir.selection"() <{selection_control = #spirv.selection_control<None>}> ({
    "spirv.BranchConditional"(%cond)[^merge, ^merge] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^merge:
    %0 = spirv.IAdd %n, %n : i32
    spirv.mlir.merge
  }) : () -> ()
  spirv.Return
}

// -----

func.func @merge_outside_the_merge_block(%cond: i1) {
  "spirv.mlir.selection"() <{selection_control = #spirv.selection_control<None>}> ({
    "spirv.BranchConditional"(%cond)[^early, ^merge] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^early:
    // expected-error @+1 {{'spirv.mlir.merge' op can only be used in the last block of 'spirv.mlir.selection' or 'spirv.mlir.loop'}}
    spirv.mlir.merge
  ^merge:
    spirv.mlir.merge
  }) : () -> ()
  spirv.Return
}

// -----

func.func @merge_outside_a_construct() {
  // expected-error @+1 {{'spirv.mlir.merge' op expected parent op to be 'spirv.mlir.selection' or 'spirv.mlir.loop'}}
  spirv.mlir.merge
}

// -----

func.func @loop_with_three_blocks(%cond: i1) {
  // expected-error @+1 {{'spirv.mlir.loop' op must have an entry block, a loop header block, a loop continue block and a merge block}}
  "spirv.mlir.loop"() <{loop_control = #spirv.loop_control<None>}> ({
    spirv.Branch ^header
  ^header:
    "spirv.BranchConditional"(%cond)[^header, ^merge] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^merge:
    spirv.mlir.merge
  }) : () -> ()
  spirv.Return
}

// -----

func.func @loop_entry_not_to_header(%cond: i1) {
  // expected-error @+1 {{'spirv.mlir.loop' op entry block must only have one 'spirv.Branch' op to the second block}}
  "spirv.mlir.loop"() <{loop_control = #spirv.loop_control<None>}> ({
    "spirv.BranchConditional"(%cond)[^header, ^merge] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^header:
    spirv.Branch ^continue
  ^continue:
    spirv.Branch ^header
  ^merge:
    spirv.mlir.merge
  }) : () -> ()
  spirv.Return
}

// -----

func.func @loop_continue_not_to_header(%cond: i1) {
  // expected-error @+1 {{'spirv.mlir.loop' op second to last block must be the loop continue block that branches to the loop header block}}
  "spirv.mlir.loop"() <{loop_control = #spirv.loop_control<None>}> ({
    spirv.Branch ^header
  ^header:
    "spirv.BranchConditional"(%cond)[^continue, ^merge] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^continue:
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }) : () -> ()
  spirv.Return
}

// -----

func.func @loop_body_back_to_header(%cond: i1) {
  // expected-error @+1 {{'spirv.mlir.loop' op can only have the entry and loop continue block branching to the loop header block}}
  "spirv.mlir.loop"() <{loop_control = #spirv.loop_control<None>}> ({
    spirv.Branch ^header
  ^header:
    "spirv.BranchConditional"(%cond)[^body, ^merge] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^body:
    spirv.Branch ^header
  ^continue:
    spirv.Branch ^header
  ^merge:
    spirv.mlir.merge
  }) : () -> ()
  spirv.Return
}

// -----

func.func @loop_merge_block_with_other_ops(%cond: i1) {
  // expected-error @+1 {{'spirv.mlir.loop' op last block must be the merge block with only one 'spirv.mlir.merge' op}}
  "spirv.mlir.loop"() <{loop_control = #spirv.loop_control<None>}> ({
    spirv.Branch ^header
  ^header:
    "spirv.BranchConditional"(%cond)[^continue, ^merge] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^continue:
    spirv.Branch ^header
  ^merge:
    spirv.Return
  }) : () -> ()
  spirv.Return
}
