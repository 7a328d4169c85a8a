// ARGS: opt --split-input-file --verify-diagnostics
// Kinds of scalar SPIR-V fixes: conversions take and give integers or
// floats as their names say, shifts take integers, access chain indices
// are integer scalars, a sampled image joins an image and a sampler,
// under Logical addressing a bitcast keeps pointers pointers; a
// `built_in` decoration names a variable or a constant.

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage, Int64, Float64], []> {
  spirv.GlobalVariable @id built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @a : !spirv.ptr<!spirv.array<4 x f32>, Private>
  spirv.func @fits(%i: i32, %u: i64, %f: f32, %vi: vector<2xi32>, %vf: vector<2xf32>, %img: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, %s: !spirv.sampler, %m: !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>) "None" {
    %0 = spirv.ConvertSToF %i : i32 to f32
    %1 = spirv.ConvertUToF %vi : vector<2xi32> to vector<2xf32>
    %2 = spirv.ConvertFToS %f : f32 to i32
    %3 = spirv.ConvertFToU %vf : vector<2xf32> to vector<2xi32>
    %4 = spirv.SConvert %i : i32 to i64
    %5 = spirv.UConvert %u : i64 to i32
    %6 = spirv.FConvert %f : f32 to f64
    %7 = "spirv.ConvertFToS"(%m) : (!spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>) -> !spirv.coopmatrix<8x8xi32, Subgroup, MatrixA>
    %8 = spirv.ShiftLeftLogical %vi, %vi : vector<2xi32>, vector<2xi32>
    %9 = spirv.ShiftRightArithmetic %u, %i : i64, i32
    %10 = spirv.mlir.addressof @a : !spirv.ptr<!spirv.array<4 x f32>, Private>
    %11 = spirv.AccessChain %10[%u] : !spirv.ptr<!spirv.array<4 x f32>, Private>, i64 -> !spirv.ptr<f32, Private>
    %12 = "spirv.SampledImage"(%img, %s) : (!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, !spirv.sampler) -> !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    %13 = spirv.Variable {built_in = "Position"} : !spirv.ptr<f32, Function>
    %14 = "spirv.Constant"() <{value = dense<1> : vector<3xi32>}> {built_in = "WorkgroupSize"} : () -> vector<3xi32>
    spirv.Return
  }
}

// -----

spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Linkage, Int64], []> {
  spirv.func @fits(%p: !spirv.ptr<i32, CrossWorkgroup>) "None" {
    %0 = "spirv.Bitcast"(%p) : (!spirv.ptr<i32, CrossWorkgroup>) -> i64
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<i32, Function>) "None" {
    // expected-error @+1 {{'spirv.Bitcast' op casts between a pointer and a non-pointer under `Logical` addressing}}
    %0 = "spirv.Bitcast"(%p) : (!spirv.ptr<i32, Function>) -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%f: f32) "None" {
    // expected-error @+1 {{'spirv.ConvertSToF' op the operand is not a scalar or vector of integers}}
    %0 = "spirv.ConvertSToF"(%f) : (f32) -> f32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%b: vector<2xi1>) "None" {
    // expected-error @+1 {{'spirv.ConvertUToF' op the operand is not a scalar or vector of integers}}
    %0 = "spirv.ConvertUToF"(%b) : (vector<2xi1>) -> vector<2xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%f: f32) "None" {
    // expected-error @+1 {{'spirv.ConvertFToS' op the result is not a scalar or vector of integers}}
    %0 = "spirv.ConvertFToS"(%f) : (f32) -> f32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage, Float64], []> {
  spirv.func @bad(%i: i32) "None" {
    // expected-error @+1 {{'spirv.FConvert' op the operand is not a scalar or vector of floats}}
    %0 = "spirv.FConvert"(%i) : (i32) -> f64
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%i: i32, %f: f32) "None" {
    // expected-error @+1 {{'spirv.ShiftLeftLogical' op the base and the shift are not scalars or vectors of integers}}
    %0 = "spirv.ShiftLeftLogical"(%i, %f) : (i32, f32) -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%p: !spirv.ptr<!spirv.array<4 x f32>, Function>, %f: f32) "None" {
    // expected-error @+1 {{'spirv.AccessChain' op an index is not an integer scalar}}
    %0 = "spirv.AccessChain"(%p, %f) : (!spirv.ptr<!spirv.array<4 x f32>, Function>, f32) -> !spirv.ptr<f32, Function>
    spirv.Return
  }
}

// -----

spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64], []> {
  spirv.func @bad(%p: !spirv.ptr<f32, CrossWorkgroup>, %b: i1) "None" {
    // expected-error @+1 {{'spirv.PtrAccessChain' op an index is not an integer scalar}}
    %0 = "spirv.PtrAccessChain"(%p, %b) : (!spirv.ptr<f32, CrossWorkgroup>, i1) -> !spirv.ptr<f32, CrossWorkgroup>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%img: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, %f: f32) "None" {
    // expected-error @+1 {{'spirv.SampledImage' op the sampler operand is not a !spirv.sampler}}
    %0 = "spirv.SampledImage"(%img, %f) : (!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, f32) -> !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%s: !spirv.sampler, %f: f32) "None" {
    // expected-error @+1 {{'spirv.SampledImage' op the image operand is not a !spirv.image}}
    %0 = "spirv.SampledImage"(%f, %s) : (f32, !spirv.sampler) -> !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%img: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, %s: !spirv.sampler) "None" {
    // expected-error @+1 {{'spirv.SampledImage' op the result is not a sampled image of the image operand's type}}
    %0 = "spirv.SampledImage"(%img, %s) : (!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, !spirv.sampler) -> !spirv.sampled_image<!spirv.image<i32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @bad(%i: i32) "None" {
    // expected-error @+1 {{'spirv.IAdd' op a `built_in` decoration names neither a variable nor a constant}}
    %0 = spirv.IAdd %i, %i {built_in = "Position"} : i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  // expected-error @+1 {{'spirv.func' op a `built_in` decoration names neither a variable nor a constant}}
  spirv.func @bad() "None" attributes {built_in = "Position"} {
    spirv.Return
  }
}
