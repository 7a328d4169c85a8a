// ARGS: opt
// EXIT: 1
// An error at an op whose location names another file (a SPIR-V module's
// source, kept by OpLine) names that position and quotes no line of this
// buffer.

func.func @f() {
  "func.return"() : () -> () loc("shader.glsl":12:3)
  "foo.after"() : () -> ()
}

// ERR: shader.glsl:12:3: error: 'func.return' op must be the last operation in the parent block
// ERR-NOT: func.return
// CHECK-NOT: foo
