//! The IR framework's API on real IR: interning, building, use lists,
//! replacing, erasing, moving, cloning, walks, symbols, the pass manager, and
//! verifier rules that text cannot reach (region isolation).

use spirv_dialect::dialects;
use spirv_dialect::ir::pass::{Pass, PassInfo, PassManager, PassRegistry};
use spirv_dialect::ir::{Builder, Context, Diagnostic, IrMapping, Op, OpSpec, WalkControl};
use spirv_dialect::text::{parse_module, print_op, PrintOptions};

fn parse(ctx: &mut Context, text: &str) -> Op {
    let syntax = dialects::syntax();
    parse_module(ctx, &syntax, text, "t.mlir", 1).expect("test input parses")
}

fn print(ctx: &Context, op: Op) -> String {
    print_op(
        ctx,
        &dialects::syntax(),
        op,
        PrintOptions {
            generic: true,
            ..Default::default()
        },
    )
}

#[test]
fn types_and_attributes_are_hash_consed() {
    let mut ctx = Context::new();
    let (a, b) = (ctx.int_type(32), ctx.int_type(32));
    assert_eq!(a, b);
    let v1 = ctx.vector_type(&[4], a);
    assert_eq!(v1, ctx.vector_type(&[4], b));
    assert_ne!(v1, ctx.vector_type(&[2], a));
    let (x, y) = (ctx.ident("x"), ctx.ident("y"));
    let one = ctx.integer_attr(a, 1);
    let d1 = ctx.dictionary_attr(vec![(y, one), (x, one)]);
    let d2 = ctx.dictionary_attr(vec![(x, one), (y, one)]);
    assert_eq!(d1, d2, "dictionaries are ordered by name");
    assert_eq!(ctx.dict_get(d1, "y"), Some(one));
}

#[test]
fn build_replace_erase_and_move() {
    let mut ctx = dialects::context();
    let module = parse(&mut ctx, "");
    let body = ctx.region_blocks(ctx.regions(module)[0])[0];
    let i32t = ctx.int_type(32);
    let b = Builder::at_end(body);
    let a = b.create(&mut ctx, "test.a", &[], &[i32t]);
    let c = b.create(&mut ctx, "test.c", &[], &[i32t]);
    let av = ctx.result(a, 0);
    let u1 = b.create(&mut ctx, "test.use", &[av, av], &[]);
    let u2 = b.create(&mut ctx, "test.use", &[av], &[]);
    assert_eq!(ctx.use_count(av), 3);
    assert_eq!(ctx.uses(av).len(), 3);
    let cv = ctx.result(c, 0);
    ctx.replace_all_uses(av, cv);
    assert!(ctx.uses(av).is_empty());
    assert_eq!(ctx.use_count(av), 0);
    assert_eq!(ctx.uses(cv).len(), 3);
    assert_eq!(ctx.use_count(cv), 3);
    ctx.erase_op(u1);
    assert_eq!(ctx.uses(cv).len(), 1);
    assert_eq!(ctx.use_count(cv), 1);
    assert_eq!(ctx.uses(cv)[0].op, u2);
    ctx.erase_op(a);
    ctx.move_op_before(u2, c);
    let names: Vec<&str> = ctx.block_ops(body).map(|o| ctx.op_name_str(o)).collect();
    assert_eq!(names, ["test.use", "test.c"]);
    assert!(
        spirv_dialect::verify::verify(&ctx, module).is_ok(),
        "graph region allows the use before def"
    );
}

#[test]
fn clone_remaps_nested_values_and_blocks() {
    let mut ctx = dialects::context();
    let text = r#"
      %x = "test.outer"() : () -> i32
      "test.holder"() ({
        %y = "test.def"(%x) : (i32) -> i32
        "test.br"(%y)[^bb1] : (i32) -> ()
      ^bb1:
        "test.use"(%y) : (i32) -> ()
      }) : () -> ()
    "#;
    let module = parse(&mut ctx, text);
    let body = ctx.region_blocks(ctx.regions(module)[0])[0];
    let holder = ctx.block_ops(body).nth(1).expect("holder");
    let outer = ctx.result(ctx.first_op(body).expect("outer"), 0);
    let outer_type = ctx.value_type(outer);
    let replacement = Builder::at_end(body).create(&mut ctx, "test.other", &[], &[outer_type]);
    let mut mapping = IrMapping::default();
    mapping.map_value(outer, ctx.result(replacement, 0));
    let copy = ctx.clone_op(holder, &mut mapping);
    ctx.append_op(body, copy);
    let copy_region = ctx.regions(copy)[0];
    let copy_blocks = ctx.region_blocks(copy_region).to_vec();
    let copy_def = ctx.first_op(copy_blocks[0]).expect("def");
    let copy_br = ctx.next_op(copy_def).expect("br");
    let copy_use = ctx.first_op(copy_blocks[1]).expect("use");
    // Outer values follow the mapping; inner ones refer to the copies.
    assert_eq!(ctx.operand(copy_def, 0), ctx.result(replacement, 0));
    assert_eq!(ctx.operand(copy_br, 0), ctx.result(copy_def, 0));
    assert_eq!(ctx.operand(copy_use, 0), ctx.result(copy_def, 0));
    assert_eq!(ctx.successors(copy_br)[0], copy_blocks[1]);
    assert_eq!(
        ctx.uses(outer).len(),
        1,
        "only the original still uses the outer value"
    );
    assert!(spirv_dialect::verify::verify(&ctx, module).is_ok());
}

#[test]
fn walks_visit_in_pre_and_post_order() {
    let mut ctx = dialects::context();
    let module = parse(
        &mut ctx,
        r#""t.a"() ({ "t.b"() : () -> () }) : () -> ()
"t.c"() : () -> ()"#,
    );
    let mut pre = Vec::new();
    ctx.walk_pre(module, &mut |o| {
        pre.push(ctx.op_name_str(o).to_string());
        WalkControl::Continue
    });
    let mut post = Vec::new();
    ctx.walk_post(module, &mut |o| {
        post.push(ctx.op_name_str(o).to_string());
        WalkControl::Continue
    });
    assert_eq!(pre, ["builtin.module", "t.a", "t.b", "t.c"]);
    assert_eq!(post, ["t.b", "t.a", "t.c", "builtin.module"]);
}

#[test]
fn symbol_references_resolve_through_nested_tables() {
    let mut ctx = dialects::context();
    let module = parse(
        &mut ctx,
        r#"module @inner { func.func private @f() }
"t.user"() {r = @inner::@f} : () -> ()"#,
    );
    let body = ctx.region_blocks(ctx.regions(module)[0])[0];
    let user = ctx.last_op(body).expect("user");
    let r = ctx.attr(user, "r").expect("attribute");
    let target = ctx.resolve_symbol_ref(user, r).expect("resolves");
    assert_eq!(ctx.op_name_str(target), "func.func");
}

/// Renames every `t.*` op to `t.renamed`.
struct Rename;

impl Pass for Rename {
    fn argument(&self) -> &'static str {
        "test-rename"
    }
    fn run(&mut self, ctx: &mut Context, op: Op) -> Result<(), Diagnostic> {
        let targets: Vec<Op> = ctx
            .ops_nested_in(op)
            .into_iter()
            .filter(|&o| ctx.op_name_str(o).starts_with("t."))
            .collect();
        for target in targets {
            let mut spec = OpSpec::new(ctx.ident("t.renamed"), ctx.op_loc(target));
            spec.operands = ctx.operands(target).collect();
            let new = ctx.create_op(spec);
            ctx.insert_op_before(target, new);
            ctx.erase_op(target);
        }
        Ok(())
    }
}

#[test]
fn pass_manager_takes_flags_and_pipelines() {
    let mut registry = PassRegistry::default();
    registry.register(PassInfo {
        argument: "test-rename",
        description: "rename t ops",
        create: |_| Ok(Box::new(Rename)),
    });
    let mut ctx = dialects::context();
    let module = parse(&mut ctx, r#"module @m { "t.x"() : () -> () }"#);
    let mut pm = PassManager::default();
    assert!(pm.add_flag(&registry, "--test-rename").expect("valid"));
    assert!(!pm.add_flag(&registry, "--no-such-pass").expect("valid"));
    pm.run(&mut ctx, module, &|c, o| {
        spirv_dialect::verify::verify(c, o)
    })
    .expect("runs");
    assert!(print(&ctx, module).contains("\"t.renamed\"()"));

    let mut ctx = dialects::context();
    let module = parse(&mut ctx, r#"module @m { "t.x"() : () -> () }"#);
    let mut pm = PassManager::default();
    assert!(pm
        .add_flag(&registry, "--pass-pipeline=builtin.module(test-rename)")
        .expect("valid"));
    assert!(pm
        .add_flag(&registry, "--pass-pipeline=builtin.module(nope)")
        .is_err());
    pm.run(&mut ctx, module, &|c, o| {
        spirv_dialect::verify::verify(c, o)
    })
    .expect("runs");
    assert!(print(&ctx, module).contains("\"t.renamed\"()"));
}

#[test]
fn isolated_regions_cannot_use_outer_values() {
    let mut ctx = dialects::context();
    let module = parse(
        &mut ctx,
        r#"%v = "t.def"() : () -> i32
func.func @f() {
  func.return
}"#,
    );
    let body = ctx.region_blocks(ctx.regions(module)[0])[0];
    let def = ctx.first_op(body).expect("def");
    let func = ctx.last_op(body).expect("func");
    let entry = ctx.region_blocks(ctx.regions(func)[0])[0];
    let ret = ctx.first_op(entry).expect("return");
    let v = ctx.result(def, 0);
    Builder::before(ret).create(&mut ctx, "t.use", &[v], &[]);
    let err = spirv_dialect::verify::verify(&ctx, module).expect_err("isolation is enforced");
    assert_eq!(
        err.message,
        "'t.use' op using value defined outside the region"
    );
    assert_eq!(
        err.notes[0].message,
        "required by region isolation constraints"
    );
}
