// ARGS: opt --verify-diagnostics --split-input-file
// EXIT: 1
// --verify-diagnostics reports expectations nobody met and diagnostics
// nobody expected, and fails.

func.func @f() {
  // expected-error @+1 {{a message that is not produced}}
  func.return
}

// -----

"foo.use"(%nope) : (i32) -> ()

// ERR: verify_diagnostics_mismatch.mlir:7:6: error: expected error "a message that is not produced" was not produced
// ERR: verify_diagnostics_mismatch.mlir:13:11: error: unexpected error: use of undeclared SSA value name '%nope'
// The chunk that verified is still printed.
// CHECK: func.func @f()
