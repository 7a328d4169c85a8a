//! Tests of IR-op availability and the type converter.

use super::availability::{check_legal, lookup_target_env_or_default};
use super::type_convert::{TypeConverter, TypeConverterOptions};
use super::{TargetEnv, Vce};
use crate::grammar::{Capability, Extension, Version};
use crate::ir::{Context, FloatKind, Op};
use crate::text::printer::type_to_string;

fn env(minor: u8, caps: &[Capability], exts: &[Extension]) -> TargetEnv {
    TargetEnv::new(Vce::new(
        Version::new(1, minor),
        caps.to_vec(),
        exts.to_vec(),
    ))
}

/// The first op named `name` in `text` (MLIR generic form).
fn parse(text: &str) -> (Context, Op) {
    let mut ctx = crate::dialects::context();
    let syntax = crate::dialects::syntax();
    let module = crate::text::parse_module(&mut ctx, &syntax, text, "test.mlir", 1)
        .unwrap_or_else(|d| panic!("{}", d.message));
    (ctx, module)
}

fn find(ctx: &Context, root: Op, name: &str) -> Op {
    ctx.ops_nested_in(root)
        .into_iter()
        .find(|&o| ctx.op_name_str(o) == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

const BARRIER: &str = r#""spirv.ControlBarrier"() <{execution_scope = #spirv.scope<Subgroup>, memory_scope = #spirv.scope<SCOPE>, memory_semantics = #spirv.memory_semantics<AcquireRelease>}> : () -> ()"#;

#[test]
fn enum_attributes_decide_whether_an_op_is_legal() {
    let target = env(5, &[Capability::Shader], &[]);
    let (ctx, module) = parse(&BARRIER.replace("SCOPE", "Subgroup"));
    let barrier = find(&ctx, module, "spirv.ControlBarrier");
    assert_eq!(check_legal(&ctx, barrier, &target), Ok(()));
    let (ctx, module) = parse(&BARRIER.replace("SCOPE", "QueueFamily"));
    let barrier = find(&ctx, module, "spirv.ControlBarrier");
    let missing = check_legal(&ctx, barrier, &target).unwrap_err();
    assert!(
        missing.to_string().contains("VulkanMemoryModel"),
        "{missing}"
    );
    let with_model = env(5, &[Capability::Shader, Capability::VulkanMemoryModel], &[]);
    assert_eq!(check_legal(&ctx, barrier, &with_model), Ok(()));
}

#[test]
fn value_types_and_storage_classes_are_checked() {
    let text = r#""spirv.GlobalVariable"() <{sym_name = "v", type = !spirv.ptr<!spirv.struct<(i8 [0])>, StorageBuffer>}> : () -> ()"#;
    let (ctx, module) = parse(text);
    let var = find(&ctx, module, "spirv.GlobalVariable");
    // 8-bit values in a storage buffer need the 8-bit storage capability,
    // not Int8.
    let int8_only = env(5, &[Capability::Shader, Capability::Int8], &[]);
    let missing = check_legal(&ctx, var, &int8_only).unwrap_err();
    assert!(
        missing.to_string().contains("StorageBuffer8BitAccess"),
        "{missing}"
    );
    let storage = env(
        5,
        &[Capability::Shader, Capability::StorageBuffer8BitAccess],
        &[],
    );
    assert_eq!(check_legal(&ctx, var, &storage), Ok(()));
}

#[test]
fn target_env_comes_from_the_nearest_parent_or_the_default() {
    let text = format!(
        r#""builtin.module"() ({{ {} }}) {{spirv.target_env = #spirv.target_env<#spirv.vce<v1.4, [Shader, Int64], []>, #spirv.resource_limits<>>}} : () -> ()"#,
        BARRIER.replace("SCOPE", "Subgroup")
    );
    let (ctx, module) = parse(&text);
    let barrier = find(&ctx, module, "spirv.ControlBarrier");
    let found = lookup_target_env_or_default(&ctx, barrier);
    assert_eq!(found.vce.version, Version::new(1, 4));
    assert!(found.allows_capability(Capability::Int64));
    let (ctx, module) = parse(&BARRIER.replace("SCOPE", "Subgroup"));
    let barrier = find(&ctx, module, "spirv.ControlBarrier");
    assert_eq!(
        lookup_target_env_or_default(&ctx, barrier),
        TargetEnv::default()
    );
}

fn converter(env: &TargetEnv, use_64bit_index: bool, emulate: bool) -> TypeConverter<'_> {
    TypeConverter {
        env,
        options: TypeConverterOptions {
            use_64bit_index,
            emulate_narrow_integers: emulate,
        },
    }
}

#[test]
fn index_width_and_narrow_integers_follow_the_options() {
    let mut ctx = crate::dialects::context();
    let shader = env(0, &[Capability::Shader], &[]);
    let index = ctx.index_type();
    let i32_ = ctx.int_type(32);
    assert_eq!(
        converter(&shader, false, false).convert(&mut ctx, index),
        Ok(i32_)
    );
    let err = converter(&shader, true, false)
        .convert(&mut ctx, index)
        .unwrap_err();
    assert!(err.contains("Int64"), "{err}");
    let with_int64 = env(0, &[Capability::Shader, Capability::Int64], &[]);
    let i64_ = ctx.int_type(64);
    assert_eq!(
        converter(&with_int64, true, false).convert(&mut ctx, index),
        Ok(i64_)
    );

    let i8_ = ctx.int_type(8);
    let err = converter(&shader, false, false)
        .convert(&mut ctx, i8_)
        .unwrap_err();
    assert!(err.contains("Int8"), "{err}");
    assert_eq!(
        converter(&shader, false, true).convert(&mut ctx, i8_),
        Ok(i32_)
    );
    let f64_ = ctx.float_type(FloatKind::F64);
    assert!(
        converter(&shader, false, true)
            .convert(&mut ctx, f64_)
            .is_err(),
        "floats are not emulated"
    );
    let v5 = ctx.vector_type(&[5], i32_);
    assert!(converter(&shader, false, false)
        .convert(&mut ctx, v5)
        .is_err());
}

#[test]
fn buffers_become_laid_out_pointers_to_blocks() {
    let mut ctx = crate::dialects::context();
    let syntax = crate::dialects::syntax();
    let shader = env(
        3,
        &[Capability::Shader, Capability::StorageBuffer16BitAccess],
        &[],
    );
    let convert = converter(&shader, false, false);
    let f32_ = ctx.float_type(FloatKind::F32);
    let ty = convert
        .convert_buffer(&mut ctx, Some(&[2, 3]), f32_, "StorageBuffer")
        .unwrap();
    assert_eq!(
        type_to_string(&ctx, &syntax, ty),
        "!spirv.ptr<!spirv.struct<(!spirv.array<6 x f32, stride=4> [0])>, StorageBuffer>"
    );
    let vec3 = ctx.vector_type(&[3], f32_);
    let ty = convert
        .convert_buffer(&mut ctx, None, vec3, "Uniform")
        .unwrap();
    assert_eq!(
        type_to_string(&ctx, &syntax, ty),
        "!spirv.ptr<!spirv.struct<(!spirv.rtarray<vector<3xf32>, stride=16> [0])>, Uniform>"
    );
    // f16 may live in a storage buffer with the 16-bit storage capability
    // alone, but not in workgroup memory without Float16.
    let f16_ = ctx.float_type(FloatKind::F16);
    assert!(convert
        .convert_buffer(&mut ctx, Some(&[4]), f16_, "StorageBuffer")
        .is_ok());
    let err = convert
        .convert_buffer(&mut ctx, Some(&[4]), f16_, "Workgroup")
        .unwrap_err();
    assert!(err.contains("Float16"), "{err}");
    let ty = convert
        .convert_buffer(&mut ctx, Some(&[4]), f32_, "Workgroup")
        .unwrap();
    assert_eq!(
        type_to_string(&ctx, &syntax, ty),
        "!spirv.ptr<!spirv.struct<(!spirv.array<4 x f32>)>, Workgroup>"
    );
}
