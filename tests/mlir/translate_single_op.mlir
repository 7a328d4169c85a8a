// ARGS: translate --test-spirv-roundtrip --no-implicit-module
// EXIT: 1
// Without an implicit module the buffer must hold exactly one op, the
// spirv.module.

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
}
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
}

// ERR: {{.*}}translate_single_op.mlir:8:1: error: expected exactly one top-level operation, found 2
// CHECK-NOT: spirv
