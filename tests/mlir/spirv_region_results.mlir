// ARGS: opt
// Selection and loop regions yield values through spirv.mlir.merge (what
// the deserializer builds for merge-block phis and values used after a
// construct); the merge op prints what it yields. An integer op mixing
// signedness, which SPIR-V allows, prints in generic form: its custom form
// has room for one type only.

// CHECK: %0 = "spirv.mlir.selection"() <{selection_control = #spirv.selection_control<None>}> ({
// CHECK: spirv.BranchConditional %arg0, ^bb1, ^bb2(%arg1 : si32)
// CHECK: %2 = spirv.SNegate %arg1 : si32
// CHECK: spirv.Branch ^bb2(%2 : si32)
// CHECK: ^bb2(%3: si32):
// CHECK: spirv.mlir.merge %3 : si32
// CHECK: }) : () -> si32
// CHECK: %1 = "spirv.IAdd"(%0, %arg2) : (si32, i32) -> si32
// CHECK: spirv.ReturnValue %1 : si32

"spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>, vce_triple = #spirv.vce<v1.0, [Shader], []>}> ({
  "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i1, si32, i32) -> si32, sym_name = "f"}> ({
  ^bb0(%c: i1, %a: si32, %b: i32):
    %r = "spirv.mlir.selection"() <{selection_control = #spirv.selection_control<None>}> ({
      "spirv.BranchConditional"(%c, %a)[^then, ^merge] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, si32) -> ()
    ^then:
      %n = "spirv.SNegate"(%a) : (si32) -> si32
      "spirv.Branch"(%n)[^merge] : (si32) -> ()
    ^merge(%m: si32):
      "spirv.mlir.merge"(%m) : (si32) -> ()
    }) : () -> si32
    %s = "spirv.IAdd"(%r, %b) : (si32, i32) -> si32
    "spirv.ReturnValue"(%s) : (si32) -> ()
  }) : () -> ()
}) : () -> ()
