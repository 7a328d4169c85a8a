// ARGS: opt --split-input-file --verify-diagnostics
// Symbol tables: unique names, and references that resolve.

// expected-note @+1 {{see existing symbol definition here}}
func.func private @twice()
// expected-error @+1 {{'func.func' op redefinition of symbol named 'twice'}}
func.func private @twice()

// -----

// expected-error @+1 {{'func.func' op symbol reference '@nowhere' does not resolve}}
func.func @refers() attributes {target = [@nowhere]} {
  func.return
}

// -----

func.func @caller() {
  // expected-error @+1 {{'func.call' op callee does not reference a valid function}}
  func.call @absent() : () -> ()
  func.return
}

// -----

func.func @typed(%x: i32) {
  // expected-error @+1 {{'func.call' op operand types do not match the callee's signature}}
  func.call @typed() : () -> ()
  func.return
}

// -----

// Nested references resolve through nested symbol tables.
module @outer {
  module @inner {
    func.func private @leaf()
  }
  func.func @use() attributes {target = @inner::@leaf} {
    func.return
  }
}

// -----

// SPIR-V symbol users resolve inside their spirv.module.
"spirv.module"() <{addressing_model = #spirv.addressing_model<Logical>, memory_model = #spirv.memory_model<GLSL450>}> ({
  "spirv.GlobalVariable"() <{sym_name = "present", type = !spirv.ptr<f32, Input>}> : () -> ()
  "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "main"}> ({
    %0 = "spirv.mlir.addressof"() <{variable = @present}> : () -> !spirv.ptr<f32, Input>
    // expected-error @+1 {{'spirv.mlir.addressof' op symbol reference '@missing' does not resolve}}
    %1 = "spirv.mlir.addressof"() <{variable = @missing}> : () -> !spirv.ptr<f32, Input>
    "spirv.Return"() : () -> ()
  }) : () -> ()
}) : () -> ()
