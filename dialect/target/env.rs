//! Target environments: `#spirv.vce<...>` and `#spirv.target_env<...>` as
//! plain data, with MLIR's defaults.

use crate::grammar::{Capability, Extension, ValueEnum, Version};

/// A SPIR-V version with the capabilities and extensions a module declares
/// or a target allows (`#spirv.vce<v1.3, [Shader], [SPV_KHR_8bit_storage]>`).
/// Lists are kept sorted and without repeats.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Vce {
    pub version: Version,
    pub capabilities: Vec<Capability>,
    pub extensions: Vec<Extension>,
}

impl Vce {
    pub fn new(
        version: Version,
        mut capabilities: Vec<Capability>,
        mut extensions: Vec<Extension>,
    ) -> Self {
        capabilities.sort();
        capabilities.dedup();
        extensions.sort();
        extensions.dedup();
        Vce {
            version,
            capabilities,
            extensions,
        }
    }
}

/// The client API a target environment is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ClientApi {
    #[default]
    Unknown,
    Metal,
    OpenCL,
    Vulkan,
    WebGPU,
}

/// The device vendor named in `#spirv.target_env<..., AMD:DiscreteGPU:1, ...>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Vendor {
    AMD,
    Apple,
    ARM,
    Imagination,
    Intel,
    NVIDIA,
    Qualcomm,
    SwiftShader,
    #[default]
    Unknown,
}

/// The device type named in a target environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DeviceType {
    DiscreteGPU,
    IntegratedGPU,
    CPU,
    #[default]
    Unknown,
}

/// The device limits that affect code generation
/// (`#spirv.resource_limits<...>`), with MLIR's defaults (the Vulkan
/// required minimums, and a subgroup of 32).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ResourceLimits {
    pub max_compute_shared_memory_size: u32,
    pub max_compute_workgroup_invocations: u32,
    pub max_compute_workgroup_size: [u32; 3],
    pub subgroup_size: u32,
    pub min_subgroup_size: Option<u32>,
    pub max_subgroup_size: Option<u32>,
}

impl Default for ResourceLimits {
    fn default() -> Self {
        ResourceLimits {
            max_compute_shared_memory_size: 16384,
            max_compute_workgroup_invocations: 128,
            max_compute_workgroup_size: [128, 128, 64],
            subgroup_size: 32,
            min_subgroup_size: None,
            max_subgroup_size: None,
        }
    }
}

/// What a target accepts: its VCE, client API, device and limits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TargetEnv {
    pub vce: Vce,
    pub client_api: ClientApi,
    pub vendor: Vendor,
    pub device_type: DeviceType,
    pub device_id: Option<u32>,
    pub limits: ResourceLimits,
}

impl Default for TargetEnv {
    /// MLIR's default: SPIR-V 1.0, `Shader`, `SPV_KHR_storage_buffer_storage_class`.
    fn default() -> Self {
        TargetEnv::new(Vce::new(
            Version::new(1, 0),
            vec![Capability::Shader],
            vec![Extension::SPV_KHR_storage_buffer_storage_class],
        ))
    }
}

impl TargetEnv {
    pub fn new(vce: Vce) -> Self {
        TargetEnv {
            vce,
            client_api: ClientApi::Unknown,
            vendor: Vendor::Unknown,
            device_type: DeviceType::Unknown,
            device_id: None,
            limits: ResourceLimits::default(),
        }
    }

    /// A target that accepts everything of `version`: every capability and
    /// extension the grammar knows.
    pub fn permissive(version: Version) -> Self {
        let capabilities = Capability::VARIANTS.to_vec();
        TargetEnv::new(Vce::new(version, capabilities, Extension::ALL.to_vec()))
    }

    /// The allowed capabilities, with everything they imply.
    pub fn allowed_capabilities(&self) -> Vec<Capability> {
        Capability::closure(&self.vce.capabilities)
    }

    pub fn allows_capability(&self, capability: Capability) -> bool {
        self.allowed_capabilities()
            .binary_search(&capability)
            .is_ok()
    }

    pub fn allows_extension(&self, extension: Extension) -> bool {
        self.vce.extensions.binary_search(&extension).is_ok()
    }
}
