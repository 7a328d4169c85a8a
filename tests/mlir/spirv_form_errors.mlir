// ARGS: opt --split-input-file --verify-diagnostics
// Malformed spirv custom forms: each is rejected with a located error
// naming what the form expected.

spirv.func @bad_storage_class(%p: !spirv.ptr<f32, Function>) "None" {
  // expected-error @+1 {{invalid StorageClass attribute specification: "Bogus"}}
  %0 = spirv.Load "Bogus" %p : f32
  spirv.Return
}

// -----

spirv.func @bad_scope() "None" {
  // expected-error @+1 {{'Everywhere' is not a valid Scope value}}
  spirv.ControlBarrier <Everywhere>, <Device>, <None>
  spirv.Return
}

// -----

spirv.func @bad_semantics() "None" {
  // expected-error @+1 {{'Sometimes' is not a valid MemorySemantics value}}
  spirv.MemoryBarrier <Device>, <Sometimes>
  spirv.Return
}

// -----

spirv.func @struct_index_not_constant(%p: !spirv.ptr<!spirv.struct<(f32, i32)>, Function>, %i: i32) "None" {
  // expected-error @+1 {{cannot index into the type (struct indices must be defined by spirv.Constant)}}
  %0 = spirv.AccessChain %p[%i] : !spirv.ptr<!spirv.struct<(f32, i32)>, Function>, i32
  spirv.Return
}

// -----

spirv.func @access_chain_type_count(%p: !spirv.ptr<vector<4xf32>, Function>, %i: i32) "None" {
  // expected-error @+1 {{expected 2 types (the base pointer's and each index's), found 1}}
  %0 = spirv.AccessChain %p[%i] : !spirv.ptr<vector<4xf32>, Function>
  spirv.Return
}

// -----

spirv.func @extract_out_of_bounds(%s: !spirv.struct<(f32, i32)>) "None" {
  // expected-error @+1 {{index 5 is out of bounds}}
  %0 = spirv.CompositeExtract %s[5 : i32] : !spirv.struct<(f32, i32)>
  spirv.Return
}

// -----

spirv.func @atomic_needs_pointer(%v: i32) "None" {
  // expected-error @+1 {{expected a !spirv.ptr type}}
  %0 = spirv.AtomicIAdd <Device> <None> %v, %v : i32
  spirv.Return
}

// -----

spirv.func @bit_field_types(%a: i32) "None" {
  // expected-error @+1 {{expected the base, offset and count types}}
  %0 = spirv.BitFieldSExtract %a, %a, %a : i32, i32
  spirv.Return
}

// -----

spirv.func @image_of_non_sampled(%a: f32) "None" {
  // expected-error @+1 {{expected a !spirv.sampled_image type}}
  %0 = spirv.Image %a : f32
  spirv.Return
}

// -----

spirv.func @constant_without_type() "None" {
  // expected-error @+1 {{expected a typed constant value}}
  %0 = spirv.Constant "text"
  spirv.Return
}

// -----

spirv.func @block_read_forward_pointer() "None" {
  // expected-error @+1 {{the pointer operand must be defined before its use}}
  %0 = spirv.INTEL.SubgroupBlockRead %later : i32
  spirv.Return
}

// -----

spirv.func @struct_result_needs_struct(%a: i32) "None" {
  // expected-error @+1 {{expected a struct type with members}}
  %0 = spirv.IAddCarry %a, %a : i32
  spirv.Return
}

// -----

spirv.func @select_type_count(%c: i1, %a: i32) "None" {
  // expected-error @+1 {{expected the condition's and the values' types}}
  %0 = spirv.Select %c, %a, %a : i1, i32, i32
  spirv.Return
}

// -----

// expected-error @+1 {{invalid ExecutionModel attribute specification: "Bogus"}}
spirv.EntryPoint "Bogus" @main

// -----

spirv.func @typed_operands(%a: f32) "None" {
  // expected-error @+2 {{expected '->'}}
  %0 = spirv.GL.FMix %a : f32, %a : f32, %a : f32
  spirv.Return
}

// -----

spirv.func @loop_control() "None" {
  // expected-error @+1 {{'Sometimes' is not a valid LoopControl value}}
  spirv.mlir.loop control(Sometimes) {
    spirv.Branch ^bb1
  ^bb1:
    spirv.Branch ^bb2
  ^bb2:
    spirv.Branch ^bb1
  ^bb3:
    spirv.mlir.merge
  }
  spirv.Return
}

// -----

spirv.func @copy_memory_missing_comma(%a: !spirv.ptr<f32, Function>) "None" {
  // expected-error @+1 {{expected ','}}
  spirv.CopyMemory "Function" %a, "Function" %a : f32
  spirv.Return
}
