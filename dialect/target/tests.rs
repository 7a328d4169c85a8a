use super::*;
use crate::grammar::{Capability, Extension, Op, Scope, StorageClass, ValueEnum, Version};

fn env(version: (u8, u8), caps: &[Capability], exts: &[Extension]) -> TargetEnv {
    TargetEnv::new(Vce::new(
        Version::new(version.0, version.1),
        caps.to_vec(),
        exts.to_vec(),
    ))
}

#[test]
fn default_target_is_mlirs() {
    let default = TargetEnv::default();
    assert_eq!(default.vce.version, Version::new(1, 0));
    assert_eq!(default.vce.capabilities, [Capability::Shader]);
    assert_eq!(default.limits.max_compute_workgroup_size, [128, 128, 64]);
    assert!(
        default.allows_capability(Capability::Matrix),
        "Shader implies Matrix"
    );
}

#[test]
fn enum_operands_change_what_an_op_needs() {
    // ControlBarrier needs nothing special with Subgroup scope, but
    // VulkanMemoryModel with QueueFamily.
    let target = env((1, 5), &[Capability::Shader], &[]);
    let mut needs = Requirements::new(&target);
    needs
        .require(
            "spirv.ControlBarrier",
            &Op::ControlBarrier.info().availability,
        )
        .unwrap();
    needs
        .require("Scope Subgroup", Scope::Subgroup.availability())
        .unwrap();
    let missing = needs
        .require("Scope QueueFamily", Scope::QueueFamily.availability())
        .unwrap_err();
    assert!(
        missing.to_string().contains("VulkanMemoryModel"),
        "{missing}"
    );
}

#[test]
fn versions_and_extensions_are_alternatives() {
    // StorageBuffer is core in 1.3, or an extension before.
    let storage_buffer = StorageClass::StorageBuffer.availability();
    let mut old = Requirements::new(&env(
        (1, 0),
        &[Capability::Shader],
        &[Extension::SPV_KHR_storage_buffer_storage_class],
    ));
    old.require("StorageBuffer", storage_buffer).unwrap();
    let vce = old.deduce();
    assert_eq!(vce.version, Version::new(1, 0));
    assert_eq!(
        vce.extensions,
        [Extension::SPV_KHR_storage_buffer_storage_class]
    );
    assert_eq!(vce.capabilities, [Capability::Shader]);

    let mut new = Requirements::new(&env((1, 3), &[Capability::Shader], &[]));
    new.require("StorageBuffer", storage_buffer).unwrap();
    assert_eq!(new.deduce().version, Version::new(1, 3));
    assert!(new.deduce().extensions.is_empty());

    let mut none = Requirements::new(&env((1, 0), &[Capability::Shader], &[]));
    let missing = none.require("StorageBuffer", storage_buffer).unwrap_err();
    assert!(
        matches!(missing, Missing::Version { needs, .. } if needs == Version::new(1, 3)),
        "{missing}"
    );
}

#[test]
fn ops_too_new_for_the_target_are_named() {
    let mut needs = Requirements::new(&env((1, 0), &[Capability::Shader], &[]));
    let missing = needs
        .require(
            "spirv.GroupNonUniformIAdd",
            &Op::GroupNonUniformIAdd.info().availability,
        )
        .unwrap_err();
    assert_eq!(
        missing.to_string(),
        "spirv.GroupNonUniformIAdd needs SPIR-V 1.3, but the target is SPIR-V 1.0"
    );
}

#[test]
fn implied_capabilities_are_not_listed() {
    let mut needs = Requirements::new(&TargetEnv::permissive(Version::new(1, 6)));
    needs
        .require_capability("shader", Capability::Shader)
        .unwrap();
    needs
        .require_capability("matrix", Capability::Matrix)
        .unwrap();
    needs
        .require_capability("int64", Capability::Int64)
        .unwrap();
    assert_eq!(
        needs.deduce().capabilities,
        [Capability::Shader, Capability::Int64]
    );
}

#[test]
fn recorded_capabilities_satisfy_later_any_of_lists() {
    let mut needs = Requirements::new(&TargetEnv::permissive(Version::new(1, 6)));
    needs
        .require_capability("clustered", Capability::GroupNonUniformClustered)
        .unwrap();
    needs
        .require(
            "spirv.GroupNonUniformIAdd",
            &Op::GroupNonUniformIAdd.info().availability,
        )
        .unwrap();
    assert_eq!(
        needs.deduce().capabilities,
        [Capability::GroupNonUniformClustered]
    );
}

mod layout {
    use crate::target::layout::{struct_offsets, Rules, Shape};

    fn vec(count: u32) -> Shape {
        Shape::Vector { count, scalar: 4 }
    }

    #[test]
    fn std430_packs_scalars_after_vec3() {
        // struct { vec3 a; float b; vec2 c; float d[3]; }
        let members = vec![
            vec(3),
            Shape::Scalar(4),
            vec(2),
            Shape::Array {
                length: Some(3),
                element: Box::new(Shape::Scalar(4)),
            },
        ];
        assert_eq!(struct_offsets(&members, Rules::Std430), [0, 12, 16, 24]);
        assert_eq!(Shape::Scalar(4).array_stride(Rules::Std430), 4);
    }

    #[test]
    fn std140_rounds_arrays_and_structs_to_16() {
        let members = vec![
            Shape::Scalar(4),
            Shape::Array {
                length: Some(2),
                element: Box::new(Shape::Scalar(4)),
            },
            Shape::Struct(vec![Shape::Scalar(4)]),
            Shape::Scalar(4),
        ];
        assert_eq!(struct_offsets(&members, Rules::Std140), [0, 16, 48, 64]);
        assert_eq!(Shape::Scalar(4).array_stride(Rules::Std140), 16);
    }

    #[test]
    fn matrices_use_their_column_vectors() {
        let mat3 = Shape::Matrix {
            columns: 3,
            rows: 3,
            scalar: 4,
            row_major: false,
        };
        assert_eq!(mat3.matrix_stride(Rules::Std430), Some(16));
        assert_eq!(mat3.size(Rules::Std430), 48);
        let mat2 = Shape::Matrix {
            columns: 2,
            rows: 2,
            scalar: 4,
            row_major: false,
        };
        assert_eq!(mat2.matrix_stride(Rules::Std430), Some(8));
        assert_eq!(mat2.matrix_stride(Rules::Std140), Some(16));
        let members = vec![Shape::Scalar(4), mat2, Shape::Scalar(4)];
        assert_eq!(struct_offsets(&members, Rules::Std140), [0, 16, 48]);
        assert_eq!(struct_offsets(&members, Rules::Std430), [0, 8, 24]);
    }

    #[test]
    fn doubles_align_to_eight() {
        let members = vec![
            Shape::Scalar(4),
            Shape::Scalar(8),
            Shape::Vector {
                count: 3,
                scalar: 8,
            },
            Shape::Scalar(4),
        ];
        assert_eq!(struct_offsets(&members, Rules::Std430), [0, 8, 32, 56]);
    }
}
