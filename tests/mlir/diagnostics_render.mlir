// ARGS: opt
// EXIT: 1
// Errors print as file:line:col, the source line, and a caret.

"foo.x"() : () -> ()
"foo.y"(%undefined) : (i32) -> ()

// ERR: {{.*}}diagnostics_render.mlir:6:9: error: use of undeclared SSA value name '%undefined'
// ERR-NEXT: "foo.y"(%undefined) : (i32) -> ()
// ERR-NEXT: {{^}} ^
// CHECK-NOT: foo
