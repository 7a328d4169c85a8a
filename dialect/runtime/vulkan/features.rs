//! Device feature support by name, as AmberScript's `DEVICE_FEATURE` spells
//! it: a bare `VkPhysicalDeviceFeatures` member (`shaderInt64`), or
//! `Structure.member` for the features Vulkan 1.1–1.3 promoted
//! (`Float16Int8Features.shaderFloat16`, `SubgroupSizeControl.subgroupSizeControl`),
//! and the subgroup operations and stages the device reports
//! (`SubgroupSupportedOperations.arithmetic`, `SubgroupSupportedStages.compute`).

use ash::vk;

/// Whether the device has a named feature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FeatureSupport {
    Supported,
    Unsupported,
    /// The name is not one this runtime knows how to query.
    Unknown,
}

/// Everything the device reported: its features (all of which the context
/// enables) and its subgroup capabilities.
#[derive(Clone, Copy, Default)]
pub struct DeviceFeatures {
    pub core: vk::PhysicalDeviceFeatures,
    pub v11: vk::PhysicalDeviceVulkan11Features<'static>,
    pub v12: vk::PhysicalDeviceVulkan12Features<'static>,
    pub v13: vk::PhysicalDeviceVulkan13Features<'static>,
    pub subgroup_operations: vk::SubgroupFeatureFlags,
    pub subgroup_stages: vk::ShaderStageFlags,
    /// Vulkan 1.2 properties, for the float-controls ones `DEVICE_PROPERTY` names.
    pub v12_properties: vk::PhysicalDeviceVulkan12Properties<'static>,
}

impl DeviceFeatures {
    /// Looks a feature up by its AmberScript name.
    pub fn lookup(&self, name: &str) -> FeatureSupport {
        let found = match name.split_once('.') {
            None => core_feature(&self.core, name).map(|b| b == vk::TRUE),
            Some(("SubgroupSupportedOperations", member)) => {
                subgroup_operation(member).map(|flag| self.subgroup_operations.contains(flag))
            }
            Some(("SubgroupSupportedStages", member)) => {
                subgroup_stage(member).map(|flag| self.subgroup_stages.contains(flag))
            }
            Some((_, member)) => v11_feature(&self.v11, member)
                .or_else(|| v12_feature(&self.v12, member))
                .or_else(|| v13_feature(&self.v13, member))
                .map(|b| b == vk::TRUE),
        };
        match found {
            Some(true) => FeatureSupport::Supported,
            Some(false) => FeatureSupport::Unsupported,
            None => FeatureSupport::Unknown,
        }
    }
}

impl DeviceFeatures {
    /// Looks a `DEVICE_PROPERTY` up (`FloatControlsProperties.shaderDenormPreserveFloat16`).
    pub fn lookup_property(&self, name: &str) -> FeatureSupport {
        let p = &self.v12_properties;
        let value = match name.strip_prefix("FloatControlsProperties.") {
            Some("shaderSignedZeroInfNanPreserveFloat16") => {
                p.shader_signed_zero_inf_nan_preserve_float16
            }
            Some("shaderSignedZeroInfNanPreserveFloat32") => {
                p.shader_signed_zero_inf_nan_preserve_float32
            }
            Some("shaderSignedZeroInfNanPreserveFloat64") => {
                p.shader_signed_zero_inf_nan_preserve_float64
            }
            Some("shaderDenormPreserveFloat16") => p.shader_denorm_preserve_float16,
            Some("shaderDenormPreserveFloat32") => p.shader_denorm_preserve_float32,
            Some("shaderDenormPreserveFloat64") => p.shader_denorm_preserve_float64,
            Some("shaderDenormFlushToZeroFloat16") => p.shader_denorm_flush_to_zero_float16,
            Some("shaderDenormFlushToZeroFloat32") => p.shader_denorm_flush_to_zero_float32,
            Some("shaderDenormFlushToZeroFloat64") => p.shader_denorm_flush_to_zero_float64,
            Some("shaderRoundingModeRTEFloat16") => p.shader_rounding_mode_rte_float16,
            Some("shaderRoundingModeRTEFloat32") => p.shader_rounding_mode_rte_float32,
            Some("shaderRoundingModeRTEFloat64") => p.shader_rounding_mode_rte_float64,
            Some("shaderRoundingModeRTZFloat16") => p.shader_rounding_mode_rtz_float16,
            Some("shaderRoundingModeRTZFloat32") => p.shader_rounding_mode_rtz_float32,
            Some("shaderRoundingModeRTZFloat64") => p.shader_rounding_mode_rtz_float64,
            _ => return FeatureSupport::Unknown,
        };
        if value == vk::TRUE {
            FeatureSupport::Supported
        } else {
            FeatureSupport::Unsupported
        }
    }
}

fn subgroup_operation(name: &str) -> Option<vk::SubgroupFeatureFlags> {
    Some(match name {
        "basic" => vk::SubgroupFeatureFlags::BASIC,
        "vote" => vk::SubgroupFeatureFlags::VOTE,
        "arithmetic" => vk::SubgroupFeatureFlags::ARITHMETIC,
        "ballot" => vk::SubgroupFeatureFlags::BALLOT,
        "shuffle" => vk::SubgroupFeatureFlags::SHUFFLE,
        "shuffleRelative" => vk::SubgroupFeatureFlags::SHUFFLE_RELATIVE,
        "clustered" => vk::SubgroupFeatureFlags::CLUSTERED,
        "quad" => vk::SubgroupFeatureFlags::QUAD,
        _ => return None,
    })
}

fn subgroup_stage(name: &str) -> Option<vk::ShaderStageFlags> {
    Some(match name {
        "vertex" => vk::ShaderStageFlags::VERTEX,
        "tessellationControl" => vk::ShaderStageFlags::TESSELLATION_CONTROL,
        "tessellationEvaluation" => vk::ShaderStageFlags::TESSELLATION_EVALUATION,
        "geometry" => vk::ShaderStageFlags::GEOMETRY,
        "fragment" => vk::ShaderStageFlags::FRAGMENT,
        "compute" => vk::ShaderStageFlags::COMPUTE,
        _ => return None,
    })
}

/// `PhysicalDeviceFeatures` members by their Vulkan (camelCase) names.
fn core_feature(f: &vk::PhysicalDeviceFeatures, name: &str) -> Option<vk::Bool32> {
    Some(match name {
        "robustBufferAccess" => f.robust_buffer_access,
        "fullDrawIndexUint32" => f.full_draw_index_uint32,
        "imageCubeArray" => f.image_cube_array,
        "independentBlend" => f.independent_blend,
        "geometryShader" => f.geometry_shader,
        "tessellationShader" => f.tessellation_shader,
        "sampleRateShading" => f.sample_rate_shading,
        "dualSrcBlend" => f.dual_src_blend,
        "logicOp" => f.logic_op,
        "multiDrawIndirect" => f.multi_draw_indirect,
        "drawIndirectFirstInstance" => f.draw_indirect_first_instance,
        "depthClamp" => f.depth_clamp,
        "depthBiasClamp" => f.depth_bias_clamp,
        "fillModeNonSolid" => f.fill_mode_non_solid,
        "depthBounds" => f.depth_bounds,
        "wideLines" => f.wide_lines,
        "largePoints" => f.large_points,
        "alphaToOne" => f.alpha_to_one,
        "multiViewport" => f.multi_viewport,
        "samplerAnisotropy" => f.sampler_anisotropy,
        "textureCompressionEtc2" => f.texture_compression_etc2,
        "textureCompressionAstcLdr" => f.texture_compression_astc_ldr,
        "textureCompressionBc" => f.texture_compression_bc,
        "occlusionQueryPrecise" => f.occlusion_query_precise,
        "pipelineStatisticsQuery" => f.pipeline_statistics_query,
        "vertexPipelineStoresAndAtomics" => f.vertex_pipeline_stores_and_atomics,
        "fragmentStoresAndAtomics" => f.fragment_stores_and_atomics,
        "shaderTessellationAndGeometryPointSize" => f.shader_tessellation_and_geometry_point_size,
        "shaderImageGatherExtended" => f.shader_image_gather_extended,
        "shaderStorageImageExtendedFormats" => f.shader_storage_image_extended_formats,
        "shaderStorageImageMultisample" => f.shader_storage_image_multisample,
        "shaderStorageImageReadWithoutFormat" => f.shader_storage_image_read_without_format,
        "shaderStorageImageWriteWithoutFormat" => f.shader_storage_image_write_without_format,
        "shaderUniformBufferArrayDynamicIndexing" => f.shader_uniform_buffer_array_dynamic_indexing,
        "shaderSampledImageArrayDynamicIndexing" => f.shader_sampled_image_array_dynamic_indexing,
        "shaderStorageBufferArrayDynamicIndexing" => f.shader_storage_buffer_array_dynamic_indexing,
        "shaderStorageImageArrayDynamicIndexing" => f.shader_storage_image_array_dynamic_indexing,
        "shaderClipDistance" => f.shader_clip_distance,
        "shaderCullDistance" => f.shader_cull_distance,
        "shaderFloat64" => f.shader_float64,
        "shaderInt64" => f.shader_int64,
        "shaderInt16" => f.shader_int16,
        "shaderResourceResidency" => f.shader_resource_residency,
        "shaderResourceMinLod" => f.shader_resource_min_lod,
        "sparseBinding" => f.sparse_binding,
        "sparseResidencyBuffer" => f.sparse_residency_buffer,
        "sparseResidencyImage2D" => f.sparse_residency_image2_d,
        "sparseResidencyImage3D" => f.sparse_residency_image3_d,
        "sparseResidency2Samples" => f.sparse_residency2_samples,
        "sparseResidency4Samples" => f.sparse_residency4_samples,
        "sparseResidency8Samples" => f.sparse_residency8_samples,
        "sparseResidency16Samples" => f.sparse_residency16_samples,
        "sparseResidencyAliased" => f.sparse_residency_aliased,
        "variableMultisampleRate" => f.variable_multisample_rate,
        "inheritedQueries" => f.inherited_queries,
        _ => return None,
    })
}

/// `PhysicalDeviceVulkan11Features` members by their Vulkan (camelCase) names.
fn v11_feature(f: &vk::PhysicalDeviceVulkan11Features, name: &str) -> Option<vk::Bool32> {
    Some(match name {
        "storageBuffer16BitAccess" => f.storage_buffer16_bit_access,
        "uniformAndStorageBuffer16BitAccess" => f.uniform_and_storage_buffer16_bit_access,
        "storagePushConstant16" => f.storage_push_constant16,
        "storageInputOutput16" => f.storage_input_output16,
        "multiview" => f.multiview,
        "multiviewGeometryShader" => f.multiview_geometry_shader,
        "multiviewTessellationShader" => f.multiview_tessellation_shader,
        "variablePointersStorageBuffer" => f.variable_pointers_storage_buffer,
        "variablePointers" => f.variable_pointers,
        "protectedMemory" => f.protected_memory,
        "samplerYcbcrConversion" => f.sampler_ycbcr_conversion,
        "shaderDrawParameters" => f.shader_draw_parameters,
        _ => return None,
    })
}

/// `PhysicalDeviceVulkan12Features` members by their Vulkan (camelCase) names.
fn v12_feature(f: &vk::PhysicalDeviceVulkan12Features, name: &str) -> Option<vk::Bool32> {
    Some(match name {
        "samplerMirrorClampToEdge" => f.sampler_mirror_clamp_to_edge,
        "drawIndirectCount" => f.draw_indirect_count,
        "storageBuffer8BitAccess" => f.storage_buffer8_bit_access,
        "uniformAndStorageBuffer8BitAccess" => f.uniform_and_storage_buffer8_bit_access,
        "storagePushConstant8" => f.storage_push_constant8,
        "shaderBufferInt64Atomics" => f.shader_buffer_int64_atomics,
        "shaderSharedInt64Atomics" => f.shader_shared_int64_atomics,
        "shaderFloat16" => f.shader_float16,
        "shaderInt8" => f.shader_int8,
        "descriptorIndexing" => f.descriptor_indexing,
        "shaderInputAttachmentArrayDynamicIndexing" => {
            f.shader_input_attachment_array_dynamic_indexing
        }
        "shaderUniformTexelBufferArrayDynamicIndexing" => {
            f.shader_uniform_texel_buffer_array_dynamic_indexing
        }
        "shaderStorageTexelBufferArrayDynamicIndexing" => {
            f.shader_storage_texel_buffer_array_dynamic_indexing
        }
        "shaderUniformBufferArrayNonUniformIndexing" => {
            f.shader_uniform_buffer_array_non_uniform_indexing
        }
        "shaderSampledImageArrayNonUniformIndexing" => {
            f.shader_sampled_image_array_non_uniform_indexing
        }
        "shaderStorageBufferArrayNonUniformIndexing" => {
            f.shader_storage_buffer_array_non_uniform_indexing
        }
        "shaderStorageImageArrayNonUniformIndexing" => {
            f.shader_storage_image_array_non_uniform_indexing
        }
        "shaderInputAttachmentArrayNonUniformIndexing" => {
            f.shader_input_attachment_array_non_uniform_indexing
        }
        "shaderUniformTexelBufferArrayNonUniformIndexing" => {
            f.shader_uniform_texel_buffer_array_non_uniform_indexing
        }
        "shaderStorageTexelBufferArrayNonUniformIndexing" => {
            f.shader_storage_texel_buffer_array_non_uniform_indexing
        }
        "descriptorBindingUniformBufferUpdateAfterBind" => {
            f.descriptor_binding_uniform_buffer_update_after_bind
        }
        "descriptorBindingSampledImageUpdateAfterBind" => {
            f.descriptor_binding_sampled_image_update_after_bind
        }
        "descriptorBindingStorageImageUpdateAfterBind" => {
            f.descriptor_binding_storage_image_update_after_bind
        }
        "descriptorBindingStorageBufferUpdateAfterBind" => {
            f.descriptor_binding_storage_buffer_update_after_bind
        }
        "descriptorBindingUniformTexelBufferUpdateAfterBind" => {
            f.descriptor_binding_uniform_texel_buffer_update_after_bind
        }
        "descriptorBindingStorageTexelBufferUpdateAfterBind" => {
            f.descriptor_binding_storage_texel_buffer_update_after_bind
        }
        "descriptorBindingUpdateUnusedWhilePending" => {
            f.descriptor_binding_update_unused_while_pending
        }
        "descriptorBindingPartiallyBound" => f.descriptor_binding_partially_bound,
        "descriptorBindingVariableDescriptorCount" => {
            f.descriptor_binding_variable_descriptor_count
        }
        "runtimeDescriptorArray" => f.runtime_descriptor_array,
        "samplerFilterMinmax" => f.sampler_filter_minmax,
        "scalarBlockLayout" => f.scalar_block_layout,
        "imagelessFramebuffer" => f.imageless_framebuffer,
        "uniformBufferStandardLayout" => f.uniform_buffer_standard_layout,
        "shaderSubgroupExtendedTypes" => f.shader_subgroup_extended_types,
        "separateDepthStencilLayouts" => f.separate_depth_stencil_layouts,
        "hostQueryReset" => f.host_query_reset,
        "timelineSemaphore" => f.timeline_semaphore,
        "bufferDeviceAddress" => f.buffer_device_address,
        "bufferDeviceAddressCaptureReplay" => f.buffer_device_address_capture_replay,
        "bufferDeviceAddressMultiDevice" => f.buffer_device_address_multi_device,
        "vulkanMemoryModel" => f.vulkan_memory_model,
        "vulkanMemoryModelDeviceScope" => f.vulkan_memory_model_device_scope,
        "vulkanMemoryModelAvailabilityVisibilityChains" => {
            f.vulkan_memory_model_availability_visibility_chains
        }
        "shaderOutputViewportIndex" => f.shader_output_viewport_index,
        "shaderOutputLayer" => f.shader_output_layer,
        "subgroupBroadcastDynamicId" => f.subgroup_broadcast_dynamic_id,
        _ => return None,
    })
}

/// `PhysicalDeviceVulkan13Features` members by their Vulkan (camelCase) names.
fn v13_feature(f: &vk::PhysicalDeviceVulkan13Features, name: &str) -> Option<vk::Bool32> {
    Some(match name {
        "robustImageAccess" => f.robust_image_access,
        "inlineUniformBlock" => f.inline_uniform_block,
        "descriptorBindingInlineUniformBlockUpdateAfterBind" => {
            f.descriptor_binding_inline_uniform_block_update_after_bind
        }
        "pipelineCreationCacheControl" => f.pipeline_creation_cache_control,
        "privateData" => f.private_data,
        "shaderDemoteToHelperInvocation" => f.shader_demote_to_helper_invocation,
        "shaderTerminateInvocation" => f.shader_terminate_invocation,
        "subgroupSizeControl" => f.subgroup_size_control,
        "computeFullSubgroups" => f.compute_full_subgroups,
        "synchronization2" => f.synchronization2,
        "textureCompressionAstcHdr" => f.texture_compression_astc_hdr,
        "shaderZeroInitializeWorkgroupMemory" => f.shader_zero_initialize_workgroup_memory,
        "dynamicRendering" => f.dynamic_rendering,
        "shaderIntegerDotProduct" => f.shader_integer_dot_product,
        "maintenance4" => f.maintenance4,
        _ => return None,
    })
}
