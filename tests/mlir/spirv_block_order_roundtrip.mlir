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

// -----

// Instructions before a selection stay in their block, which branches to
// a header block of its own (as mlir-translate-19 writes and reads it),
// rather than joining the header and leaving the construct as results.
// CHECK:      spirv.func @f(%arg0: i32) -> i32 "None" {
// CHECK-NEXT:   %0 = spirv.Variable : !spirv.ptr<i32, Function>
// CHECK-NEXT:   %cst1_i32 = spirv.Constant 1 : i32
// CHECK-NEXT:   %1 = spirv.IAdd %arg0, %cst1_i32 : i32
// CHECK-NEXT:   %cst1_i32_0 = spirv.Constant 1 : i32
// CHECK-NEXT:   %2 = spirv.SLessThan %1, %cst1_i32_0 : i32
// CHECK-NEXT:   spirv.Branch ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:   spirv.mlir.selection {
// CHECK-NEXT:     spirv.BranchConditional %2, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     spirv.Store "Function" %0, %1 : i32
// CHECK-NEXT:     spirv.Branch ^bb2
// CHECK-NEXT:   ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     spirv.mlir.merge
// CHECK-NEXT:   }
// CHECK-NEXT:   %3 = spirv.IMul %1, %1 : i32
// CHECK-NEXT:   spirv.Branch ^bb2
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   spirv.mlir.selection {
// CHECK-NEXT:     spirv.BranchConditional %2, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     spirv.Store "Function" %0, %3 : i32
// CHECK-NEXT:     spirv.Branch ^bb2
// CHECK-NEXT:   ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     spirv.mlir.merge
// CHECK-NEXT:   }
// CHECK-NEXT:   %4 = spirv.Load "Function" %0 : i32
// CHECK-NEXT:   spirv.ReturnValue %4 : i32
// CHECK-NEXT: }
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @f(%arg0: i32) -> i32 "None" {
    %one = spirv.Constant 1 : i32
    %x = spirv.IAdd %arg0, %one : i32
    %c = spirv.SLessThan %x, %one : i32
    %var = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.mlir.selection {
      spirv.BranchConditional %c, ^then, ^merge
    ^then:
      spirv.Store "Function" %var, %x : i32
      spirv.Branch ^merge
    ^merge:
      spirv.mlir.merge
    }
    %y = spirv.IMul %x, %x : i32
    spirv.mlir.selection {
      spirv.BranchConditional %c, ^then, ^merge
    ^then:
      spirv.Store "Function" %var, %y : i32
      spirv.Branch ^merge
    ^merge:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %var : i32
    spirv.ReturnValue %r : i32
  }
}
