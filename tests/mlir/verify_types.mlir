// ARGS: opt --split-input-file --verify-diagnostics
// Ops whose types relate through the types' structure verify when the
// types fit, and name the rule otherwise: loads, stores, variables and
// access chains; composites; selects; vector and matrix products; calls,
// returns and conditional branches; the image of a sampled image.

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @g(%x: f32) -> f32 "None" {
    spirv.ReturnValue %x : f32
  }
  spirv.func @h() "None" {
    spirv.Return
  }
  spirv.func @fits(%p: !spirv.ptr<f32, Function>, %s: !spirv.ptr<!spirv.struct<(f32, vector<2xf32>)>, Function>, %a: f32, %v: vector<2xf32>, %m: !spirv.matrix<3 x vector<2xf32>>, %c: i1, %cv: vector<2xi1>, %i: i32) "None" {
    %0 = "spirv.Load"(%p) : (!spirv.ptr<f32, Function>) -> f32
    "spirv.Store"(%p, %a) : (!spirv.ptr<f32, Function>, f32) -> ()
    %one = spirv.Constant 1 : i32
    %1 = "spirv.AccessChain"(%s, %one, %i) : (!spirv.ptr<!spirv.struct<(f32, vector<2xf32>)>, Function>, i32, i32) -> !spirv.ptr<f32, Function>
    %2 = "spirv.Load"(%s) : (!spirv.ptr<!spirv.struct<(f32, vector<2xf32>)>, Function>) -> !spirv.struct<(f32, vector<2xf32>)>
    %3 = "spirv.CompositeExtract"(%2) <{indices = [1 : i32, 0 : i32]}> : (!spirv.struct<(f32, vector<2xf32>)>) -> f32
    %4 = "spirv.CompositeInsert"(%v, %2) <{indices = [1 : i32]}> : (vector<2xf32>, !spirv.struct<(f32, vector<2xf32>)>) -> !spirv.struct<(f32, vector<2xf32>)>
    %5 = "spirv.CompositeConstruct"(%a, %v) : (f32, vector<2xf32>) -> !spirv.struct<(f32, vector<2xf32>)>
    %6 = "spirv.CompositeConstruct"(%a, %v) : (f32, vector<2xf32>) -> vector<3xf32>
    %7 = "spirv.VectorShuffle"(%v, %v) <{components = [0 : i32, 3 : i32, 1 : i32]}> : (vector<2xf32>, vector<2xf32>) -> vector<3xf32>
    %8 = "spirv.Select"(%c, %v, %v) : (i1, vector<2xf32>, vector<2xf32>) -> vector<2xf32>
    %9 = "spirv.Select"(%cv, %v, %v) : (vector<2xi1>, vector<2xf32>, vector<2xf32>) -> vector<2xf32>
    %10 = "spirv.Dot"(%v, %v) : (vector<2xf32>, vector<2xf32>) -> f32
    %11 = "spirv.VectorTimesScalar"(%v, %a) : (vector<2xf32>, f32) -> vector<2xf32>
    %12 = "spirv.MatrixTimesScalar"(%m, %a) : (!spirv.matrix<3 x vector<2xf32>>, f32) -> !spirv.matrix<3 x vector<2xf32>>
    %13 = "spirv.MatrixTimesVector"(%m, %6) : (!spirv.matrix<3 x vector<2xf32>>, vector<3xf32>) -> vector<2xf32>
    %14 = "spirv.VectorTimesMatrix"(%v, %m) : (vector<2xf32>, !spirv.matrix<3 x vector<2xf32>>) -> vector<3xf32>
    %15 = "spirv.Transpose"(%m) : (!spirv.matrix<3 x vector<2xf32>>) -> !spirv.matrix<2 x vector<3xf32>>
    %16 = "spirv.MatrixTimesMatrix"(%m, %15) : (!spirv.matrix<3 x vector<2xf32>>, !spirv.matrix<2 x vector<3xf32>>) -> !spirv.matrix<2 x vector<2xf32>>
    %17 = "spirv.OuterProduct"(%v, %6) : (vector<2xf32>, vector<3xf32>) -> !spirv.matrix<3 x vector<2xf32>>
    %18 = "spirv.VectorExtractDynamic"(%v, %i) : (vector<2xf32>, i32) -> f32
    %19 = "spirv.VectorInsertDynamic"(%v, %a, %i) : (vector<2xf32>, f32, i32) -> vector<2xf32>
    %20 = "spirv.Variable"(%a) <{storage_class = #spirv.storage_class<Function>}> : (f32) -> !spirv.ptr<f32, Function>
    %21 = spirv.FunctionCall @g(%a) : (f32) -> f32
    spirv.FunctionCall @h() : () -> ()
    "spirv.BranchConditional"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.Load' op the result's type is not the type its pointer points to}}
    %0 = "spirv.Load"(%p) : (!spirv.ptr<f32, Function>) -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.Store' op a value's type is not the type its pointer points to}}
    "spirv.Store"(%p, %i) : (!spirv.ptr<f32, Function>, i32) -> ()
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.Variable' op the initializer's type is not the type the variable points to}}
    %0 = "spirv.Variable"(%i) <{storage_class = #spirv.storage_class<Function>}> : (i32) -> !spirv.ptr<f32, Function>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%s: !spirv.ptr<!spirv.array<4 x vector<2xf32>>, Function>, %i: i32) "None" {
    // expected-error @+1 {{'spirv.AccessChain' op the result does not point to the type the indices select}}
    %0 = "spirv.AccessChain"(%s, %i) : (!spirv.ptr<!spirv.array<4 x vector<2xf32>>, Function>, i32) -> !spirv.ptr<f32, Function>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%s: !spirv.ptr<!spirv.struct<(f32, vector<2xf32>)>, Function>, %i: i32) "None" {
    // expected-error @+1 {{'spirv.AccessChain' op a struct member is selected by a non-constant}}
    %0 = "spirv.AccessChain"(%s, %i) : (!spirv.ptr<!spirv.struct<(f32, vector<2xf32>)>, Function>, i32) -> !spirv.ptr<f32, Function>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%s: !spirv.ptr<!spirv.struct<(f32, vector<2xf32>)>, Function>) "None" {
    %two = spirv.Constant 2 : i32
    // expected-error @+1 {{'spirv.AccessChain' op a struct member index is out of bounds}}
    %0 = "spirv.AccessChain"(%s, %two) : (!spirv.ptr<!spirv.struct<(f32, vector<2xf32>)>, Function>, i32) -> !spirv.ptr<f32, Function>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%s: !spirv.ptr<!spirv.struct<(f32, vector<2xf32>)>, Function>) "None" {
    %zero = spirv.Constant 0 : i32
    // expected-error @+1 {{'spirv.AccessChain' op the result's storage class is not its base's}}
    %0 = "spirv.AccessChain"(%s, %zero) : (!spirv.ptr<!spirv.struct<(f32, vector<2xf32>)>, Function>, i32) -> !spirv.ptr<f32, Private>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.CompositeExtract' op index 2 is out of bounds}}
    %0 = "spirv.CompositeExtract"(%v) <{indices = [2 : i32]}> : (vector<2xf32>) -> f32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.CompositeExtract' op the result's type is not the type the indices select}}
    %0 = "spirv.CompositeExtract"(%v) <{indices = [1 : i32]}> : (vector<2xf32>) -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.CompositeExtract' op indexes into a type that is not a composite}}
    %0 = "spirv.CompositeExtract"(%v) <{indices = [1 : i32, 0 : i32]}> : (vector<2xf32>) -> f32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.CompositeInsert' op the object's type is not the type the indices select}}
    %0 = "spirv.CompositeInsert"(%i, %v) <{indices = [0 : i32]}> : (i32, vector<2xf32>) -> vector<2xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.CompositeConstruct' op has 3 components for a vector of 2}}
    %0 = "spirv.CompositeConstruct"(%a, %v) : (f32, vector<2xf32>) -> vector<2xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.CompositeConstruct' op a constituent's type is not its element's type}}
    %0 = "spirv.CompositeConstruct"(%a, %a) : (f32, f32) -> !spirv.struct<(f32, vector<2xf32>)>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.CompositeConstruct' op has 1 constituents for a composite of 2}}
    %0 = "spirv.CompositeConstruct"(%a) : (f32) -> !spirv.array<2 x f32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.VectorShuffle' op selects 1 components for a vector of 2}}
    %0 = "spirv.VectorShuffle"(%v, %v) <{components = [0 : i32]}> : (vector<2xf32>, vector<2xf32>) -> vector<2xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.Select' op the condition is not a bool, or a vector of bool as long as the result}}
    %0 = "spirv.Select"(%a, %a, %a) : (f32, f32, f32) -> f32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.Select' op the objects' types are not the result's type}}
    %0 = "spirv.Select"(%c, %a, %i) : (i1, f32, i32) -> f32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.Dot' op requires two vectors of one type and a result of their element type}}
    %0 = "spirv.Dot"(%v, %v) : (vector<2xf32>, vector<2xf32>) -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.VectorTimesScalar' op requires the result of the composite's type and a scalar of its components' type}}
    %0 = "spirv.VectorTimesScalar"(%v, %i) : (vector<2xf32>, i32) -> vector<2xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%m: !spirv.matrix<3 x vector<2xf32>>, %v: vector<2xf32>) "None" {
    // expected-error @+1 {{'spirv.MatrixTimesVector' op the operands' and the result's shapes do not fit the product}}
    %0 = "spirv.MatrixTimesVector"(%m, %v) : (!spirv.matrix<3 x vector<2xf32>>, vector<2xf32>) -> vector<2xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%m: !spirv.matrix<3 x vector<2xf32>>) "None" {
    // expected-error @+1 {{'spirv.Transpose' op the operands' and the result's shapes do not fit the product}}
    %0 = "spirv.Transpose"(%m) : (!spirv.matrix<3 x vector<2xf32>>) -> !spirv.matrix<3 x vector<2xf32>>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.VectorInsertDynamic' op the component's type is not the vector's element type}}
    %0 = "spirv.VectorInsertDynamic"(%v, %i, %i) : (vector<2xf32>, i32, i32) -> vector<2xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%q: !spirv.ptr<i32, Workgroup>, %a: f32) "None" {
    // expected-error @+1 {{'spirv.AtomicIAdd' op a value's type is not the type its pointer points to}}
    %0 = "spirv.AtomicIAdd"(%q, %a) <{memory_scope = #spirv.scope<Device>, semantics = #spirv.memory_semantics<None>}> : (!spirv.ptr<i32, Workgroup>, f32) -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.BranchConditional' op the condition is not a bool}}
    "spirv.BranchConditional"(%i)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb1:
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) -> f32 "None" {
    // expected-error @+1 {{'spirv.ReturnValue' op the returned value's type is not the function's result type}}
    spirv.ReturnValue %i : i32
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) -> f32 "None" {
    // expected-error @+1 {{'spirv.Return' op cannot be used in functions returning a value}}
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @g(%x: f32) -> f32 "None" {
    spirv.ReturnValue %x : f32
  }
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.FunctionCall' op the arguments' types are not the callee's parameter types}}
    %0 = spirv.FunctionCall @g(%i) : (i32) -> f32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @g(%x: f32) -> f32 "None" {
    spirv.ReturnValue %x : f32
  }
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %a: f32, %i: i32, %v: vector<2xf32>, %c: i1) "None" {
    // expected-error @+1 {{'spirv.FunctionCall' op the results' types are not the callee's result types}}
    %0 = spirv.FunctionCall @g(%a) : (f32) -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  // expected-error @+1 {{'spirv.func' op entry block must have 1 arguments to match function signature}}
  "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32) -> (), sym_name = "bad"}> ({
  ^bb0(%a: i32, %b: i32):
    spirv.Return
  }) : () -> ()
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  // expected-error @+1 {{'spirv.func' op type of entry block argument #0 must match the signature}}
  "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = (i32) -> (), sym_name = "bad"}> ({
  ^bb0(%a: f32):
    spirv.Return
  }) : () -> ()
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%a: vector<2xf32>) "None" {
    %0 = "spirv.Bitcast"(%a) : (vector<2xf32>) -> i64
    // expected-error @+1 {{'spirv.Bitcast' op the operand has 64 bits and the result 32}}
    %1 = "spirv.Bitcast"(%a) : (vector<2xf32>) -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Function>, %q: !spirv.ptr<f32, Private>, %r: !spirv.ptr<i32, Function>) "None" {
    "spirv.CopyMemory"(%p, %q) : (!spirv.ptr<f32, Function>, !spirv.ptr<f32, Private>) -> ()
    // expected-error @+1 {{'spirv.CopyMemory' op the target and the source point to different types}}
    "spirv.CopyMemory"(%p, %r) : (!spirv.ptr<f32, Function>, !spirv.ptr<i32, Function>) -> ()
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader, Linkage, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]> {
  spirv.func @bad(%a: !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>, %b: !spirv.coopmatrix<8x8xf32, Subgroup, MatrixB>, %c: !spirv.coopmatrix<8x8xf32, Subgroup, MatrixAcc>) "None" {
    // expected-error @+1 {{'spirv.KHR.CooperativeMatrixMulAdd' op the result's type is not the accumulator's type}}
    %0 = "spirv.KHR.CooperativeMatrixMulAdd"(%a, %b, %c) : (!spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>, !spirv.coopmatrix<8x8xf32, Subgroup, MatrixB>, !spirv.coopmatrix<8x8xf32, Subgroup, MatrixAcc>) -> !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @lengths(%v: vector<3xf32>, %f: f32) "None" {
    %0 = "spirv.GL.Length"(%v) : (vector<3xf32>) -> f32
    %1 = "spirv.GL.Distance"(%f, %f) : (f32, f32) -> f32
    %2 = "spirv.GL.Normalize"(%v) : (vector<3xf32>) -> vector<3xf32>
    // expected-error @+1 {{'spirv.GL.Length' op requires operands of one type and a result of their component type}}
    %3 = "spirv.GL.Length"(%v) : (vector<3xf32>) -> vector<3xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%v: vector<3xf32>) "None" {
    // expected-error @+1 {{'spirv.GL.Normalize' op requires the same type for all operands and results}}
    %0 = "spirv.GL.Normalize"(%v) : (vector<3xf32>) -> vector<4xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.GlobalVariable @a : !spirv.ptr<f32, Private>
  spirv.GlobalVariable @b : !spirv.ptr<i32, Private>
  spirv.SpecConstant @s = 1 : i32
  spirv.func @bad() "None" {
    %0 = spirv.mlir.addressof @a : !spirv.ptr<f32, Private>
    %1 = spirv.mlir.referenceof @s : i32
    // expected-error @+1 {{'spirv.mlir.addressof' op the result's type is not the type of the symbol it names}}
    %2 = "spirv.mlir.addressof"() <{variable = @b}> : () -> !spirv.ptr<f32, Private>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.SpecConstant @s = 1 : i32
  spirv.func @bad() "None" {
    // expected-error @+1 {{'spirv.mlir.referenceof' op the result's type is not the type of the symbol it names}}
    %0 = "spirv.mlir.referenceof"() <{spec_const = @s}> : () -> f32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @f() "None" {
    spirv.Return
  }
  spirv.func @bad() "None" {
    // expected-error @+1 {{'spirv.mlir.addressof' op does not name a global variable}}
    %0 = "spirv.mlir.addressof"() <{variable = @f}> : () -> !spirv.ptr<f32, Private>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @images(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %img: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, %uv: vector<2xf32>, %ij: vector<2xi32>, %lod: f32) "None" {
    %0 = "spirv.ImageSampleImplicitLod"(%si, %uv) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>) -> vector<4xf32>
    %1 = "spirv.ImageFetch"(%img, %ij) : (!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, vector<2xi32>) -> vector<4xf32>
    // expected-error @+1 {{'spirv.ImageSampleImplicitLod' op the coordinate is not a scalar or vector of floats}}
    %2 = "spirv.ImageSampleImplicitLod"(%si, %ij) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xi32>) -> vector<4xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%img: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, %uv: vector<2xf32>) "None" {
    // expected-error @+1 {{'spirv.ImageSampleImplicitLod' op the first operand is not a !spirv.sampled_image}}
    %0 = "spirv.ImageSampleImplicitLod"(%img, %uv) : (!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, vector<2xf32>) -> vector<4xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%img: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, %uv: vector<2xf32>) "None" {
    // expected-error @+1 {{'spirv.ImageFetch' op the coordinate is not a scalar or vector of integers}}
    %0 = "spirv.ImageFetch"(%img, %uv) : (!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, vector<2xf32>) -> vector<4xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, Input>, %a: f32) "None" {
    // expected-error @+1 {{'spirv.Store' op stores into the read-only storage class Input}}
    "spirv.Store"(%p, %a) : (!spirv.ptr<f32, Input>, f32) -> ()
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @texels(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %uv: vector<2xf32>, %d: f32) "None" {
    %0 = "spirv.ImageSampleExplicitLod"(%si, %uv, %d) <{image_operands = #spirv.image_operands<Lod>}> : (!spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>, f32) -> vector<4xf32>
    %1 = "spirv.ImageSampleDrefImplicitLod"(%si, %uv, %d) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>, f32) -> f32
    // expected-error @+1 {{'spirv.ImageSampleImplicitLod' op the result is not a vector of four of the image's sampled type}}
    %2 = "spirv.ImageSampleImplicitLod"(%si, %uv) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>) -> vector<4xi32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %uv: vector<2xf32>, %d: f32) "None" {
    // expected-error @+1 {{'spirv.ImageSampleDrefImplicitLod' op the result is not the image's sampled type}}
    %0 = "spirv.ImageSampleDrefImplicitLod"(%si, %uv, %d) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>, f32) -> vector<4xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @image_of(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>) "None" {
    %0 = spirv.Image %si : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    // expected-error @+1 {{'spirv.Image' op the result's type is not the sampled image's image type}}
    %1 = "spirv.Image"(%si) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>) -> !spirv.image<i32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @image_of_pointer(%p: !spirv.ptr<f32, Function>) "None" {
    // expected-error @+1 {{'spirv.Image' op the first operand is not a !spirv.sampled_image}}
    %0 = "spirv.Image"(%p) : (!spirv.ptr<f32, Function>) -> !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>
    spirv.Return
  }
}

// -----

// An array length names a struct's last member, a runtime array, and
// gives a 32-bit integer.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @lengths(%p: !spirv.ptr<!spirv.struct<(i32 [0], !spirv.rtarray<i32, stride=4> [4])>, StorageBuffer>) "None" {
    %0 = "spirv.ArrayLength"(%p) <{array_member = 1 : i32}> : (!spirv.ptr<!spirv.struct<(i32 [0], !spirv.rtarray<i32, stride=4> [4])>, StorageBuffer>) -> i32
    // expected-error @+1 {{'spirv.ArrayLength' op member 0 is not the last member of a struct, a runtime array}}
    %1 = "spirv.ArrayLength"(%p) <{array_member = 0 : i32}> : (!spirv.ptr<!spirv.struct<(i32 [0], !spirv.rtarray<i32, stride=4> [4])>, StorageBuffer>) -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage, Int64], []> {
  spirv.func @wide(%p: !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>) "None" {
    // expected-error @+1 {{'spirv.ArrayLength' op the result is not a 32-bit integer}}
    %0 = "spirv.ArrayLength"(%p) <{array_member = 0 : i32}> : (!spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>) -> i64
    spirv.Return
  }
}
