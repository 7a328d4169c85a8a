// ARGS: translate --serialize-spirv -o /dev/null
// EXIT: 1
// Two cases of a switch heading a selection reach one block, which becomes
// one phi entry for the switch's block: passing two different values there
// cannot be written (a block of its own for one case would fall through
// into the other's, which a selection allows from one case at most), and
// nothing is.
// ERR: error: {{.*}}two edges from one block to another pass different values

spirv.module Logical GLSL450 requires #spirv.vce<v1.5, [Shader, Linkage], []> {
  spirv.func @pick(%arg0: i32) -> i32 "None" {
    %one = spirv.Constant 1 : i32
    %two = spirv.Constant 2 : i32
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.mlir.selection {
      "spirv.Switch"(%arg0, %one, %two)[^bb2, ^bb2, ^bb1] <{case_operand_segments = array<i32: 1, 0>, literals = [0 : i32, 1 : i32], operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
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
