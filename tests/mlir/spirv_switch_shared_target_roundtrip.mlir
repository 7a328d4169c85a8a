// ARGS: translate --test-spirv-roundtrip
// The default and case 0 of a switch heading a selection reach one block
// passing different values, which becomes one phi entry for the switch's
// block (a block of their own for one of them would fall through into the
// other's, which a selection allows from one case at most): the header
// chooses the value by an OpSelect on the selector before its merge
// instruction, and the phi takes that. Case 1 goes through a block of its
// own, which falls through to theirs, so it comes right before case 0.
// Read back, the switch passes the select's result along both edges:
// 2 where the selector is 0 or 1, 1 otherwise.

// CHECK: %3 = spirv.IEqual %arg0, %cst0_i32 : i32
// CHECK: %cst2_i32 = spirv.Constant 2 : i32
// CHECK: %cst1_i32 = spirv.Constant 1 : i32
// CHECK: %4 = spirv.Select %3, %cst2_i32, %cst1_i32 : i1, i32
// CHECK: "spirv.Switch"(%arg0, %4, %4)[^bb2, ^bb1, ^bb2] <{case_operand_segments = array<i32: 0, 1>, literals = [1 : i32, 0 : i32], operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
// CHECK: ^bb1:
// CHECK: spirv.Branch ^bb2(%cst2_i32_0 : i32)
// CHECK: ^bb2(%5: i32):
// CHECK: spirv.Store "Function" %2, %5 : i32

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @pick(%arg0: i32) -> i32 "None" {
    %one = spirv.Constant 1 : i32
    %two = spirv.Constant 2 : i32
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.mlir.selection {
      "spirv.Switch"(%arg0, %one, %two)[^bb2, ^bb1, ^bb2] <{case_operand_segments = array<i32: 0, 1>, literals = [1 : i32, 0 : i32], operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
    ^bb1:
      spirv.Branch ^bb2(%two : i32)
    ^bb2(%0: i32):
      spirv.Store "Function" %v, %0 : i32
      spirv.Branch ^bb3
    ^bb3:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }
}
