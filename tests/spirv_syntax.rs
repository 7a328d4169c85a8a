//! The spirv dialect's attributes as data: `#spirv.vce` text ↔ the target
//! layer's `Vce`, and typed views of SPIR-V types.

use spirv_dialect::dialects;
use spirv_dialect::grammar::{Capability, Extension, Version};
use spirv_dialect::spirv::attributes::{vce_attr, vce_of};
use spirv_dialect::spirv::types::as_pointer;
use spirv_dialect::target::Vce;
use spirv_dialect::text::printer::attr_to_string;
use spirv_dialect::text::{parse_module, Parser};

#[test]
fn vce_attributes_convert_to_and_from_target_data() {
    let syntax = dialects::syntax();
    let mut ctx = dialects::context();
    let text = "#spirv.vce<v1.3, [Shader, Int64], [SPV_KHR_storage_buffer_storage_class]>";
    let attr = Parser::new(&mut ctx, &syntax, text, "a.mlir", 1)
        .parse_attribute()
        .expect("parses");
    let vce = vce_of(&ctx, attr).expect("a vce attribute");
    let expected = Vce::new(
        Version::new(1, 3),
        vec![Capability::Shader, Capability::Int64],
        vec![Extension::SPV_KHR_storage_buffer_storage_class],
    );
    assert_eq!(vce, expected);
    let built = vce_attr(&mut ctx, &vce);
    assert_eq!(
        attr_to_string(&ctx, &syntax, built),
        "#spirv.vce<v1.3, [Shader, Int64], [SPV_KHR_storage_buffer_storage_class]>"
    );
    assert_eq!(vce_of(&ctx, built), Some(expected));
}

#[test]
fn pointer_types_have_a_typed_view() {
    let syntax = dialects::syntax();
    let mut ctx = dialects::context();
    let module = parse_module(
        &mut ctx,
        &syntax,
        r#""t.v"() {t = !spirv.ptr<vector<4xf32>, Uniform>} : () -> ()"#,
        "p.mlir",
        1,
    )
    .expect("parses");
    let body = ctx.region_blocks(ctx.regions(module)[0])[0];
    let op = ctx.first_op(body).expect("op");
    let ty = ctx
        .attr(op, "t")
        .and_then(|a| ctx.as_type_attr(a))
        .expect("type attribute");
    let (pointee, class) = as_pointer(&ctx, ty).expect("a pointer");
    assert_eq!(class, "Uniform");
    let f32t = ctx.float_type(spirv_dialect::ir::FloatKind::F32);
    assert_eq!(pointee, ctx.vector_type(&[4], f32t));
}
