//! The writer's errors for IR it cannot write: each malformed module fails
//! to serialize with an error naming the op at fault, never a panic and
//! never a binary with a made-up id or a dropped operand.

use spirv_dialect::binary::serialize::serialize;
mod support;

/// A value without an id in the function being written (one of another
/// function, which a pass may leave behind) fails the op using it, naming
/// it: no id 0 stands in for it.
#[test]
fn a_value_of_another_function_fails_the_op_using_it() {
    let text = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @f(%x: i32) -> i32 "None" {
    %a = spirv.IAdd %x, %x : i32
    spirv.ReturnValue %a : i32
  }
  spirv.func @g(%y: i32) -> i32 "None" {
    %b = spirv.IMul %y, %y : i32
    spirv.ReturnValue %b : i32
  }
}
"#;
    let (mut ctx, module) = support::parsed(text);
    let (add, mul) = (
        ops_named(&ctx, module, "spirv.IAdd")[0],
        ops_named(&ctx, module, "spirv.IMul")[0],
    );
    let other = ctx.result(add, 0);
    ctx.set_operand(mul, 1, other);
    assert_fails_naming(&ctx, module, "spirv.IMul");
}

/// The ops named `name` in `module`, in order.
fn ops_named(
    ctx: &spirv_dialect::ir::Context,
    module: spirv_dialect::ir::Op,
    name: &str,
) -> Vec<spirv_dialect::ir::Op> {
    let mut found = Vec::new();
    ctx.walk_pre(module, &mut |op| {
        if ctx.op_name_str(op) == name {
            found.push(op);
        }
        spirv_dialect::ir::walk::WalkControl::Continue
    });
    found
}

/// Asserts that `module` fails to serialize with an error naming `op`.
fn assert_fails_naming(ctx: &spirv_dialect::ir::Context, module: spirv_dialect::ir::Op, op: &str) {
    match serialize(ctx, module) {
        Ok(words) => panic!("a module in error was written: {words:?}"),
        Err(e) => assert!(e.contains(op), "the error names {op}: {e}"),
    }
}

/// A branch to a block of another function fails naming the branch,
/// never a panic.
#[test]
fn a_branch_to_another_function_fails_naming_the_branch() {
    let text = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @f() "None" {
    spirv.Branch ^next
  ^next:
    spirv.Return
  }
  spirv.func @g() "None" {
    spirv.Branch ^next
  ^next:
    spirv.Return
  }
}
"#;
    let (mut ctx, module) = support::parsed(text);
    let branches = ops_named(&ctx, module, "spirv.Branch");
    let elsewhere = ctx.successors(branches[0])[0];
    ctx.set_successor(branches[1], 0, elsewhere);
    assert_fails_naming(&ctx, module, "spirv.Branch");
}

/// A branch without a successor fails naming the branch, never a panic.
#[test]
fn a_branch_without_a_successor_fails_naming_the_branch() {
    let text = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @f() "None" {
    "spirv.Branch"() : () -> ()
  }
}
"#;
    let (ctx, module) = support::parsed(text);
    assert_fails_naming(&ctx, module, "spirv.Branch");
}

/// A switch whose case literals and case targets differ in number fails
/// naming the switch, rather than writing the cases the two have in common.
#[test]
fn a_switch_with_fewer_literals_than_cases_fails_naming_the_switch() {
    let switch = |literals: &str| {
        format!(
            r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {{
  spirv.func @f(%s: i32) "None" {{
    "spirv.Switch"(%s)[^d, ^a, ^b] <{{case_operand_segments = array<i32: 0, 0>, literals = [{literals}], operandSegmentSizes = array<i32: 1, 0, 0>}}> : (i32) -> ()
  ^d:
    spirv.Return
  ^a:
    spirv.Return
  ^b:
    spirv.Return
  }}
}}
"#
        )
    };
    let (ctx, module) = support::parsed(&switch("1 : i32, 2 : i32"));
    let words = serialize(&ctx, module).expect("a well-formed switch is written");
    assert!(!words.is_empty());
    let (ctx, module) = support::parsed(&switch("1 : i32"));
    assert_fails_naming(&ctx, module, "spirv.Switch");
}

/// A block that ends without a terminator, in a function or as a
/// selection's header, fails to serialize rather than running into the
/// next block's words (and, for a header, losing its merge instruction).
#[test]
fn a_block_without_a_terminator_fails() {
    let function = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @f() "None" {
    %a = spirv.Constant 1 : i32
  }
}
"#;
    let header = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @f(%c: i1) "None" {
    spirv.mlir.selection {
      %a = spirv.Constant 1 : i32
    ^then:
      spirv.Branch ^merge
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }
}
"#;
    for text in [function, header] {
        let (ctx, module) = support::parsed(text);
        match serialize(&ctx, module) {
            Ok(words) => panic!("a module in error was written: {words:?}"),
            Err(e) => assert!(e.contains("terminator"), "the error says why: {e}"),
        }
    }
}

/// A branch whose operand segment sizes are missing or add up to more
/// operands than it has fails naming the branch, never a panic.
#[test]
fn a_branch_with_bad_operand_segments_fails_naming_it() {
    let branch = |op: &str| {
        format!(
            r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {{
  spirv.func @f(%c: i1, %s: i32) "None" {{
    {op}
  ^a(%x: i32):
    spirv.Return
  ^b(%y: i32):
    spirv.Return
  }}
}}
"#
        )
    };
    let conditional = |properties: &str| {
        format!(
            r#""spirv.BranchConditional"(%c, %s, %s)[^a, ^b] {properties} : (i1, i32, i32) -> ()"#
        )
    };
    let switch = |segments: &str| {
        format!(
            r#""spirv.Switch"(%s, %s, %s)[^a, ^b] <{{case_operand_segments = array<i32: {segments}>, literals = [1 : i32], operandSegmentSizes = array<i32: 1, 1, 1>}}> : (i32, i32, i32) -> ()"#
        )
    };
    let well_formed = branch(&conditional(
        "<{operandSegmentSizes = array<i32: 1, 1, 1>}>",
    ));
    let (ctx, module) = support::parsed(&well_formed);
    serialize(&ctx, module).expect("a well-formed conditional branch is written");
    for op in [
        conditional(""),
        conditional("<{operandSegmentSizes = array<i32: 1, 2, 2>}>"),
        conditional("<{operandSegmentSizes = array<i32: 1, -1, 3>}>"),
    ] {
        let (ctx, module) = support::parsed(&branch(&op));
        assert_fails_naming(&ctx, module, "spirv.BranchConditional");
    }
    for segments in ["5", "-1"] {
        let (ctx, module) = support::parsed(&branch(&switch(segments)));
        assert_fails_naming(&ctx, module, "spirv.Switch");
    }
}

/// A `spirv.ExtInst` the verifier rejects (its `unit`s and values
/// disagree, it names no set, it stands at module level without a result
/// type) fails naming it: no operand dropped or made up.
#[test]
fn a_malformed_generic_ext_inst_fails_naming_it() {
    let in_function = [
        r#"%1 = "spirv.ExtInst"(%0, %0) <{instruction = 1 : i32, operands = [unit], set = "NonSemantic.Foo"}> : (f32, f32) -> none"#,
        r#"%1 = "spirv.ExtInst"(%0) <{instruction = 1 : i32, operands = [unit, unit], set = "NonSemantic.Foo"}> : (f32) -> none"#,
        r#"%1 = "spirv.ExtInst"(%0) <{instruction = 1 : i32}> : (f32) -> none"#,
    ];
    for op in in_function {
        let text = format!(
            r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {{
  spirv.func @f() "None" {{
    %0 = spirv.Constant 1.000000e+00 : f32
    {op}
    spirv.Return
  }}
}}
"#
        );
        let (ctx, module) = support::parsed(&text);
        assert_fails_naming(&ctx, module, "spirv.ExtInst");
    }
    let text = r#"
spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [Shader], []> {
  "spirv.ExtInst"() <{instruction = 1 : i32, set = "NonSemantic.Foo", sym_name = "d"}> : () -> ()
}
"#;
    let (ctx, module) = support::parsed(text);
    assert_fails_naming(&ctx, module, "spirv.ExtInst");
}

/// An access whose memory operand needs a parameter the op lacks (the
/// scope of `MakePointerAvailable`) fails naming the op and the
/// parameter, rather than writing an instruction cut short.
#[test]
fn a_memory_access_without_its_scope_fails_naming_it() {
    let store = |scope: &str| {
        format!(
            r#"
spirv.module Logical Vulkan requires #spirv.vce<v1.5, [Shader, VulkanMemoryModel, Linkage], []> {{
  spirv.func @h(%p: !spirv.ptr<f32, Workgroup>, %x: f32) "None" {{
    spirv.Store "Workgroup" %p, %x ["MakePointerAvailable|NonPrivatePointer"] {scope} : f32
    spirv.Return
  }}
}}
"#
        )
    };
    let (ctx, module) = support::parsed(&store("{id_scope = #spirv.scope<Workgroup>}"));
    serialize(&ctx, module).expect("a store with its scope is written");
    let (ctx, module) = support::parsed(&store(""));
    assert_fails_naming(&ctx, module, "spirv.Store");
    let error = serialize(&ctx, module).expect_err("no scope");
    assert!(
        error.contains("`MakePointerAvailable` needs its parameter"),
        "{error}"
    );
}

/// A module-level debug instruction whose properties leave out an
/// enumerant's parameter (`PlusUconst`'s offset) fails naming it; no
/// instruction short of its operands is written.
#[test]
fn a_debug_instruction_short_of_an_enumerant_parameter_fails() {
    let text = r#"
spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Addresses, Kernel, Linkage], []> {
  "spirv.OpenCLDebugInfo100.DebugOperation"() <{opencl_debuginfo100_debug_operation = #spirv.opencl_debuginfo100_debug_operation<PlusUconst>, result_type = none, sym_name = "spirv_debug_0"}> : () -> ()
}
"#;
    let (ctx, module) = support::parsed(text);
    assert_fails_naming(&ctx, module, "DebugOperation");
    let with_offset = text.replace(
        "result_type = none",
        "operands = 8 : i32, result_type = none",
    );
    let (ctx, module) = support::parsed(&with_offset);
    serialize(&ctx, module).expect("with its offset, it writes");
}
