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
