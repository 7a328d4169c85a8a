// ARGS: translate --serialize-spirv -o /dev/null
// EXIT: 1
// Two cases of a switch heading a selection pass one block different
// structs: a phi takes one value per predecessor, and the header would
// choose between them by OpSelect, which takes composites only from
// SPIR-V 1.4; nothing is written.
// ERR: error: {{.*}}spirv.Switch: two edges from one block to another pass different values (argument 0, of type !spirv.struct<(i32, i32)>){{.*}}OpSelect, which takes composites only from SPIR-V 1.4

spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader, Linkage], []> {
  spirv.func @pick(%arg0: i32, %a: !spirv.struct<(i32, i32)>, %b: !spirv.struct<(i32, i32)>) -> i32 "None" {
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.mlir.selection {
      "spirv.Switch"(%arg0, %a, %b)[^bb1, ^bb1] <{case_operand_segments = array<i32: 1>, literals = [0 : i32], operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, !spirv.struct<(i32, i32)>, !spirv.struct<(i32, i32)>) -> ()
    ^bb1(%0: !spirv.struct<(i32, i32)>):
      %x = spirv.CompositeExtract %0[0 : i32] : !spirv.struct<(i32, i32)>
      spirv.Store "Function" %v, %x : i32
      spirv.Branch ^bb2
    ^bb2:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %v : i32
    spirv.ReturnValue %r : i32
  }
}
