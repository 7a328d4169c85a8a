// ARGS: opt --split-input-file --verify-diagnostics
// Module-level rules of entry points and execution modes: an entry point
// names a defined function returning nothing and taking nothing (unless a
// Kernel) and lists global variables as its interface (Input and Output
// ones before SPIR-V 1.4; from 1.4 each once and every one it uses); an
// execution mode names an entry point's function, suits its execution
// models and is given once; with the Shader capability (implied ones
// counted), models ask for one or at most one mode of some groups.

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @color : !spirv.ptr<vector<4xf32>, Output>
  spirv.GlobalVariable @coord : !spirv.ptr<vector<4xf32>, Input>
  spirv.GlobalVariable @priv : !spirv.ptr<f32, Private>
  spirv.func @main() "None" {
    %0 = spirv.mlir.addressof @priv : !spirv.ptr<f32, Private>
    spirv.Return
  }
  spirv.func @compute() "None" {
    spirv.Return
  }
  spirv.EntryPoint "Fragment" @main, @color, @coord, @color
  spirv.EntryPoint "GLCompute" @compute
  spirv.ExecutionMode @main "OriginUpperLeft"
  spirv.ExecutionMode @main "DepthLess"
  spirv.ExecutionMode @compute "LocalSize", 8, 1, 1
}

// -----

spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64], []> {
  spirv.func @kernel(%n: i32) "None" {
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @kernel
  spirv.ExecutionMode @kernel "LocalSizeHint", 4, 1, 1
  spirv.ExecutionMode @kernel "ContractionOff"
}

// -----

// From SPIR-V 1.4 on, an interface lists every global variable, whatever
// its storage class, that the entry point's function or its callees use.
spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [Shader], []> {
  spirv.GlobalVariable @buffer bind(0, 0) : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
  spirv.GlobalVariable @priv : !spirv.ptr<f32, Private>
  spirv.GlobalVariable @unused : !spirv.ptr<f32, Private>
  spirv.func @helper() "None" {
    %0 = spirv.mlir.addressof @buffer : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
    %1 = spirv.Constant 0 : i32
    %2 = spirv.AccessChain %0[%1] : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>, i32 -> !spirv.ptr<f32, StorageBuffer>
    spirv.Return
  }
  spirv.func @main() "None" {
    %0 = spirv.mlir.addressof @priv : !spirv.ptr<f32, Private>
    %1 = spirv.Load "Private" %0 : f32
    // An address nothing uses is no use of the variable in the binary.
    %2 = spirv.mlir.addressof @unused : !spirv.ptr<f32, Private>
    spirv.FunctionCall @helper() : () -> ()
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @priv, @buffer
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}

// -----

// A function a kernel query or a device-side enqueue names runs apart from
// the entry point: the interface need not list what it uses.
spirv.module Physical64 OpenCL requires #spirv.vce<v1.4, [Kernel, Addresses, Int64, Int8, GenericPointer, DeviceEnqueue], []> {
  spirv.GlobalVariable @data : !spirv.ptr<f32, CrossWorkgroup>
  spirv.func @block_invoke(%arg0: !spirv.ptr<i8, Generic>) "None" {
    %0 = spirv.mlir.addressof @data : !spirv.ptr<f32, CrossWorkgroup>
    %1 = spirv.Load "CrossWorkgroup" %0 : f32
    spirv.Return
  }
  spirv.func @main(%arg0: !spirv.ptr<i8, Generic>) "None" {
    %0 = spirv.Constant 8 : i32
    %1 = "spirv.GetKernelWorkGroupSize"(%arg0, %0, %0) <{invoke = @block_invoke}> : (!spirv.ptr<i8, Generic>, i32, i32) -> i32
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @main
}

// -----

// Geometry implies Shader; a float-controls mode may be given once per width.
spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [Geometry, DenormPreserve, Float16], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "Geometry" @main
  spirv.ExecutionMode @main "InputPoints"
  spirv.ExecutionMode @main "OutputPoints"
  spirv.ExecutionMode @main "OutputVertices", 1
  spirv.ExecutionMode @main "Invocations", 2
  spirv.ExecutionMode @main "DenormPreserve", 16
  spirv.ExecutionMode @main "DenormPreserve", 32
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @main : !spirv.ptr<f32, Input>
  // expected-error @+1 {{'spirv.EntryPoint' op does not name a function}}
  spirv.EntryPoint "GLCompute" @main
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @decl() "None" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "decl", linkage_type = <Import>>}
  // expected-error @+1 {{'spirv.EntryPoint' op names @decl, a function declared without a body}}
  spirv.EntryPoint "GLCompute" @decl
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() -> f32 "None" {
    %0 = spirv.Constant 1.0 : f32
    spirv.ReturnValue %0 : f32
  }
  // expected-error @+1 {{'spirv.EntryPoint' op names @main, a function that returns a value}}
  spirv.EntryPoint "GLCompute" @main
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main(%a: i32) "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op names @main, a function that takes parameters (only a Kernel's may)}}
  spirv.EntryPoint "GLCompute" @main
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op lists @main, which is not a global variable, in its interface}}
  spirv.EntryPoint "GLCompute" @main, @main
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  spirv.GlobalVariable @priv : !spirv.ptr<f32, Private>
  spirv.func @main() "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op lists @priv, a Private variable, in its interface: before SPIR-V 1.4 an interface holds Input and Output variables only}}
  spirv.EntryPoint "GLCompute" @main, @priv
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [Shader], []> {
  spirv.GlobalVariable @out : !spirv.ptr<vector<4xf32>, Output>
  spirv.func @main() "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op lists @out in its interface more than once (SPIR-V 1.4 and later)}}
  spirv.EntryPoint "Fragment" @main, @out, @out
  spirv.ExecutionMode @main "OriginUpperLeft"
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.5, [Shader], []> {
  spirv.GlobalVariable @priv : !spirv.ptr<f32, Private>
  spirv.func @helper() "None" {
    %0 = spirv.mlir.addressof @priv : !spirv.ptr<f32, Private>
    %1 = spirv.Load "Private" %0 : f32
    spirv.Return
  }
  spirv.func @main() "None" {
    spirv.FunctionCall @helper() : () -> ()
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op does not list @priv in its interface, though @main uses it (from SPIR-V 1.4 on, an interface lists every global variable its entry point uses)}}
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.func @other() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  // expected-error @+1 {{'spirv.ExecutionMode' op names @other, which no spirv.EntryPoint names}}
  spirv.ExecutionMode @other "LocalSize", 1, 1, 1
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "Fragment" @main
  spirv.ExecutionMode @main "OriginUpperLeft"
  // expected-error @+1 {{'spirv.ExecutionMode' op execution mode LocalSize is for GLCompute, Kernel, TaskNV, MeshNV, TaskEXT, MeshEXT entry points, but @main is a Fragment one}}
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}

// -----

// An entry point's function may serve several models: a mode suits each.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "Fragment" @main
  spirv.EntryPoint "GLCompute" @main
  // expected-error @+1 {{'spirv.ExecutionMode' op execution mode OriginUpperLeft is for Fragment entry points, but @main is a GLCompute one}}
  spirv.ExecutionMode @main "OriginUpperLeft"
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Kernel], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  // expected-error @+1 {{'spirv.ExecutionMode' op execution mode LocalSizeHint is for Kernel entry points, but @main is a GLCompute one}}
  spirv.ExecutionMode @main "LocalSizeHint", 1, 1, 1
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op a Fragment entry point gives exactly one of the execution modes OriginUpperLeft, OriginLowerLeft, but @main has none}}
  spirv.EntryPoint "Fragment" @main
  spirv.ExecutionMode @main "DepthReplacing"
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op a Fragment entry point gives exactly one of the execution modes OriginUpperLeft, OriginLowerLeft, but @main has OriginUpperLeft and OriginLowerLeft}}
  spirv.EntryPoint "Fragment" @main
  spirv.ExecutionMode @main "OriginUpperLeft"
  spirv.ExecutionMode @main "OriginLowerLeft"
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op a Fragment entry point gives at most one of the execution modes DepthGreater, DepthLess, DepthUnchanged, but @main has DepthGreater and DepthLess}}
  spirv.EntryPoint "Fragment" @main
  spirv.ExecutionMode @main "OriginLowerLeft"
  spirv.ExecutionMode @main "DepthLess"
  spirv.ExecutionMode @main "DepthGreater"
}

// -----

// Tessellation implies Shader.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Tessellation], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op a TessellationEvaluation entry point gives at most one of the execution modes Triangles, Quads, Isolines, but @main has Triangles and Quads}}
  spirv.EntryPoint "TessellationEvaluation" @main
  spirv.ExecutionMode @main "Quads"
  spirv.ExecutionMode @main "Triangles"
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Geometry], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op a Geometry entry point gives exactly one of the execution modes OutputPoints, OutputLineStrip, OutputTriangleStrip, but @main has none}}
  spirv.EntryPoint "Geometry" @main
  spirv.ExecutionMode @main "InputPoints"
  spirv.ExecutionMode @main "OutputVertices", 1
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
  // expected-error @+1 {{'spirv.ExecutionMode' op gives @main the execution mode LocalSize again}}
  spirv.ExecutionMode @main "LocalSize", 2, 1, 1
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [Shader, DenormPreserve], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
  spirv.ExecutionMode @main "DenormPreserve", 32
  // expected-error @+1 {{'spirv.ExecutionMode' op gives @main the execution mode DenormPreserve again}}
  spirv.ExecutionMode @main "DenormPreserve", 32
}

// -----

// MeshShadingEXT implies Shader.
spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [MeshShadingEXT], [SPV_EXT_mesh_shader]> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "MeshEXT" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
  spirv.ExecutionMode @main "OutputVertices", 3
  spirv.ExecutionMode @main "OutputPrimitivesEXT", 1
  spirv.ExecutionMode @main "OutputTrianglesEXT"
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [MeshShadingEXT], [SPV_EXT_mesh_shader]> {
  spirv.func @main() "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op a MeshEXT entry point gives exactly one of the execution modes OutputPoints, OutputLinesEXT, OutputTrianglesEXT, but @main has none}}
  spirv.EntryPoint "MeshEXT" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
  spirv.ExecutionMode @main "OutputVertices", 3
  spirv.ExecutionMode @main "OutputPrimitivesEXT", 1
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [MeshShadingEXT], [SPV_EXT_mesh_shader]> {
  spirv.func @main() "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op a MeshEXT entry point gives the execution mode OutputVertices, but @main has none}}
  spirv.EntryPoint "MeshEXT" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
  spirv.ExecutionMode @main "OutputPrimitivesEXT", 1
  spirv.ExecutionMode @main "OutputPoints"
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  // expected-error @+1 {{'spirv.ExecutionMode' op execution mode LocalSize takes 3 values, but 2 are given}}
  spirv.ExecutionMode @main "LocalSize", 1, 1
}

// -----

// Ids go in spirv.ExecutionModeId, literals in spirv.ExecutionMode.
spirv.module Logical GLSL450 requires #spirv.vce<v1.2, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  // expected-error @+1 {{execution mode LocalSizeId takes ids: it belongs in a spirv.ExecutionModeId}}
  spirv.ExecutionMode @main "LocalSizeId", 1, 1, 1
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.2, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  // expected-error @+1 {{execution mode LocalSize takes literals: it belongs in a spirv.ExecutionMode}}
  "spirv.ExecutionModeId"() <{execution_mode = #spirv.execution_mode<LocalSize>, fn = @main, values = [1 : i32, 1 : i32, 1 : i32]}> : () -> ()
}
