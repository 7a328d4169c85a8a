// ARGS: translate --split-input-file --no-implicit-module --test-spirv-roundtrip
// Each chunk round-trips on its own (outputs apart by an empty line, as
// mlir-translate writes them). Blocks the text lists before their
// dominator are written in reverse post-order, as SPIR-V requires, and
// read back in that order; blocks already in a valid order keep it.

// The entry block, which only branches on, stays a block of its own, as
// mlir-translate-19 keeps it.
// CHECK:      spirv.func @late_dominator() "None" {
// CHECK-NEXT:   spirv.Branch ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   %cst0_i32 = spirv.Constant 0 : i32
// CHECK-NEXT:   spirv.Branch ^bb2(%cst0_i32 : i32)
// CHECK-NEXT: ^bb2(%0: i32):  // pred: ^bb1
// CHECK-NEXT:   spirv.Return
// CHECK-NEXT: }
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @late_dominator() "None" {
    spirv.Branch ^define
  ^use(%x: i32):
    spirv.Return
  ^define:
    %zero = spirv.Constant 0 : i32
    spirv.Branch ^use(%zero : i32)
  }
}

// -----

// CHECK:      spirv.func @in_order(%arg0: i1) "None" {
// CHECK-NEXT:   spirv.BranchConditional %arg0, ^bb2, ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   spirv.Return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT:   spirv.Return
// CHECK-NEXT: }
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @in_order(%c: i1) "None" {
    spirv.BranchConditional %c, ^second, ^first
  ^first:
    spirv.Return
  ^second:
    spirv.Return
  }
}
