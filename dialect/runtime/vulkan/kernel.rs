//! Compute kernels: shader module, descriptor-set layouts for every set the
//! kernel declares (not only set 0), push-constant range, specialization
//! constants and subgroup-size control, built once into a pipeline that any
//! number of dispatches reuse.

use super::binding::{Binding, BindingGroup};
use super::context::{Context, Shared};
use super::RuntimeError;
use crate::runtime::interface::{self, ImageShape, KernelInterface, ResourceBinding, ResourceKind};
use ash::vk;
use std::collections::BTreeMap;
use std::ffi::CString;
use std::rc::Rc;

/// The descriptor type the host binds at a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DescriptorKind {
    Storage,
    Uniform,
    StorageDynamic,
    UniformDynamic,
    /// A storage texel buffer (`imageBuffer`) whose texels have this format.
    StorageTexel(vk::Format),
    /// A uniform texel buffer (`samplerBuffer`) whose texels have this format.
    UniformTexel(vk::Format),
    /// A storage image (`image2D`).
    StorageImage,
    /// An image sampled without a sampler (`texture2D`).
    SampledImage,
    /// An image with a sampler (`sampler2D`); the binding group makes the
    /// sampler (nearest texel, clamped to the edge).
    CombinedImageSampler,
    /// A sampler alone, made by the binding group as for
    /// [`DescriptorKind::CombinedImageSampler`].
    Sampler,
}

impl DescriptorKind {
    pub(crate) fn vk(self) -> vk::DescriptorType {
        match self {
            DescriptorKind::Storage => vk::DescriptorType::STORAGE_BUFFER,
            DescriptorKind::Uniform => vk::DescriptorType::UNIFORM_BUFFER,
            DescriptorKind::StorageDynamic => vk::DescriptorType::STORAGE_BUFFER_DYNAMIC,
            DescriptorKind::UniformDynamic => vk::DescriptorType::UNIFORM_BUFFER_DYNAMIC,
            DescriptorKind::StorageTexel(_) => vk::DescriptorType::STORAGE_TEXEL_BUFFER,
            DescriptorKind::UniformTexel(_) => vk::DescriptorType::UNIFORM_TEXEL_BUFFER,
            DescriptorKind::StorageImage => vk::DescriptorType::STORAGE_IMAGE,
            DescriptorKind::SampledImage => vk::DescriptorType::SAMPLED_IMAGE,
            DescriptorKind::CombinedImageSampler => vk::DescriptorType::COMBINED_IMAGE_SAMPLER,
            DescriptorKind::Sampler => vk::DescriptorType::SAMPLER,
        }
    }

    /// Whether the slot takes images (else buffers, or nothing for a
    /// sampler).
    pub(crate) fn takes_images(self) -> bool {
        matches!(
            self,
            DescriptorKind::StorageImage
                | DescriptorKind::SampledImage
                | DescriptorKind::CombinedImageSampler
        )
    }

    /// Whether the binding group makes a sampler for the slot.
    pub(crate) fn takes_sampler(self) -> bool {
        matches!(
            self,
            DescriptorKind::CombinedImageSampler | DescriptorKind::Sampler
        )
    }

    /// The texel format, for the texel-buffer kinds.
    pub(crate) fn texel_format(self) -> Option<vk::Format> {
        match self {
            DescriptorKind::StorageTexel(format) | DescriptorKind::UniformTexel(format) => {
                Some(format)
            }
            _ => None,
        }
    }

    pub(crate) fn is_dynamic(self) -> bool {
        matches!(
            self,
            DescriptorKind::StorageDynamic | DescriptorKind::UniformDynamic
        )
    }

    fn matches(self, kind: ResourceKind) -> bool {
        match self {
            DescriptorKind::Storage | DescriptorKind::StorageDynamic => {
                kind == ResourceKind::StorageBuffer
            }
            DescriptorKind::Uniform | DescriptorKind::UniformDynamic => {
                kind == ResourceKind::UniformBuffer
            }
            DescriptorKind::StorageTexel(_) => kind == ResourceKind::StorageTexelBuffer,
            DescriptorKind::UniformTexel(_) => kind == ResourceKind::UniformTexelBuffer,
            DescriptorKind::StorageImage => matches!(kind, ResourceKind::StorageImage(_)),
            DescriptorKind::SampledImage => matches!(kind, ResourceKind::SampledImage(_)),
            DescriptorKind::CombinedImageSampler => {
                matches!(kind, ResourceKind::CombinedImageSampler(_))
            }
            DescriptorKind::Sampler => kind == ResourceKind::Sampler,
        }
    }

    /// The descriptor kind a declared resource takes when the host names
    /// none (texel buffers need a format only the host can give).
    fn implied_by(kind: ResourceKind) -> Option<DescriptorKind> {
        Some(match kind {
            ResourceKind::StorageBuffer => DescriptorKind::Storage,
            ResourceKind::UniformBuffer => DescriptorKind::Uniform,
            ResourceKind::StorageImage(_) => DescriptorKind::StorageImage,
            ResourceKind::SampledImage(_) => DescriptorKind::SampledImage,
            ResourceKind::CombinedImageSampler(_) => DescriptorKind::CombinedImageSampler,
            ResourceKind::Sampler => DescriptorKind::Sampler,
            ResourceKind::UniformTexelBuffer
            | ResourceKind::StorageTexelBuffer
            | ResourceKind::Opaque => return None,
        })
    }
}

/// A (set, binding) slot the host will fill, and with which descriptor type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub set: u32,
    pub binding: u32,
    pub kind: DescriptorKind,
}

/// Subgroup-size control for the compute stage (Vulkan 1.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SubgroupControl {
    pub required_size: Option<u32>,
    pub full_subgroups: bool,
    pub varying_size: bool,
}

/// Everything needed to build a kernel.
#[derive(Clone, Debug)]
pub struct KernelDesc<'a> {
    pub spirv: &'a [u32],
    pub entry_point: &'a str,
    pub slots: Vec<Slot>,
    /// (SpecId, 4-byte value) pairs.
    pub specialization: Vec<(u32, [u8; 4])>,
    /// Bytes the host pushes; the range is this or the kernel's block, whichever is larger.
    pub push_constant_size: u32,
    pub subgroup: SubgroupControl,
}

pub(crate) struct SlotInfo {
    pub(crate) slot: Slot,
    pub(crate) count: u32,
    pub(crate) min_size: u64,
    /// What the kernel's image type asks of the images bound here.
    pub(crate) image: Option<ImageShape>,
}

pub(crate) struct KernelInner {
    pub(crate) shared: Rc<Shared>,
    module: vk::ShaderModule,
    pub(crate) layout: vk::PipelineLayout,
    pub(crate) set_layouts: Vec<vk::DescriptorSetLayout>,
    pub(crate) pipeline: vk::Pipeline,
    pub(crate) slots: Vec<SlotInfo>,
    pub(crate) push_constant_size: u32,
}

impl Drop for KernelInner {
    fn drop(&mut self) {
        if self.shared.hung.get() {
            return;
        }
        // SAFETY: streams hold a clone until their work is done.
        unsafe {
            let device = &self.shared.device;
            device.destroy_pipeline(self.pipeline, None);
            device.destroy_pipeline_layout(self.layout, None);
            for layout in &self.set_layouts {
                device.destroy_descriptor_set_layout(*layout, None);
            }
            device.destroy_shader_module(self.module, None);
        }
    }
}

/// A compute pipeline ready for dispatch; cloning shares it.
#[derive(Clone)]
pub struct Kernel(pub(crate) Rc<KernelInner>);

pub(crate) fn vk_error(what: String) -> impl Fn(vk::Result) -> RuntimeError {
    move |e| RuntimeError::Failed(format!("{what}: {e}"))
}

impl SlotInfo {
    fn new(slot: Slot, declared: &ResourceBinding) -> SlotInfo {
        let image = match declared.kind {
            ResourceKind::StorageImage(shape)
            | ResourceKind::SampledImage(shape)
            | ResourceKind::CombinedImageSampler(shape) => Some(shape),
            _ => None,
        };
        SlotInfo {
            slot,
            count: declared.count.max(1),
            min_size: declared.min_size,
            image,
        }
    }
}

/// Checks the host's slots against what the kernel declares and merges the
/// two into the layout's binding list, ordered by (set, binding).
fn plan_slots(
    desc: &KernelDesc,
    interface: &KernelInterface,
) -> Result<Vec<SlotInfo>, RuntimeError> {
    let mut planned: BTreeMap<(u32, u32), SlotInfo> = BTreeMap::new();
    for slot in &desc.slots {
        let declared = interface.binding(slot.set, slot.binding).ok_or_else(|| {
            RuntimeError::Failed(format!(
                "the kernel declares no buffer at descriptor set {} binding {}",
                slot.set, slot.binding
            ))
        })?;
        if !slot.kind.matches(declared.kind) {
            return Err(RuntimeError::Failed(format!(
                "descriptor set {} binding {} is bound as {:?} but the kernel declares a {:?}",
                slot.set, slot.binding, slot.kind, declared.kind
            )));
        }
        planned.insert((slot.set, slot.binding), SlotInfo::new(*slot, declared));
    }
    for declared in &interface.bindings {
        let Some(kind) = DescriptorKind::implied_by(declared.kind) else {
            continue;
        };
        let slot = Slot {
            set: declared.set,
            binding: declared.binding,
            kind,
        };
        (planned.entry((declared.set, declared.binding))).or_insert(SlotInfo::new(slot, declared));
    }
    Ok(planned.into_values().collect())
}

impl Kernel {
    /// Builds the pipeline, checking the description against the kernel's interface.
    pub fn new(context: &Context, desc: &KernelDesc) -> Result<Kernel, RuntimeError> {
        let shared = &context.shared;
        let interface = interface::reflect(desc.spirv)
            .map_err(|e| RuntimeError::Failed(format!("malformed SPIR-V binary: {e}")))?;
        if interface.compute_entry_point(desc.entry_point).is_none() {
            let names: Vec<String> = interface
                .entry_points
                .iter()
                .map(|e| format!("`{}`", e.name))
                .collect();
            return Err(RuntimeError::Failed(format!(
                "the module has no compute entry point `{}` (entry points: {})",
                desc.entry_point,
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            )));
        }
        let slots = plan_slots(desc, &interface)?;
        let push_constant_size = interface
            .push_constant_size
            .unwrap_or(0)
            .max(desc.push_constant_size)
            .div_ceil(4)
            * 4;
        if push_constant_size > context.max_push_constants_size() {
            return Err(RuntimeError::Failed(format!(
                "push constants of {push_constant_size} bytes exceed the device limit of {}",
                context.max_push_constants_size()
            )));
        }
        let mut inner = KernelInner {
            shared: shared.clone(),
            module: vk::ShaderModule::null(),
            layout: vk::PipelineLayout::null(),
            set_layouts: Vec::new(),
            pipeline: vk::Pipeline::null(),
            slots,
            push_constant_size,
        };
        let device = &shared.device;
        // SAFETY: valid device; every handle created lands in `inner`, whose
        // Drop destroys it (destroying a null handle is a no-op).
        unsafe {
            inner.module = device
                .create_shader_module(
                    &vk::ShaderModuleCreateInfo::default().code(desc.spirv),
                    None,
                )
                .map_err(vk_error("the driver rejected the shader module".into()))?;
            let set_count = inner
                .slots
                .iter()
                .map(|s| s.slot.set + 1)
                .max()
                .unwrap_or(0);
            for set in 0..set_count {
                let bindings: Vec<vk::DescriptorSetLayoutBinding> = inner
                    .slots
                    .iter()
                    .filter(|s| s.slot.set == set)
                    .map(|s| {
                        vk::DescriptorSetLayoutBinding::default()
                            .binding(s.slot.binding)
                            .descriptor_type(s.slot.kind.vk())
                            .descriptor_count(s.count)
                            .stage_flags(vk::ShaderStageFlags::COMPUTE)
                    })
                    .collect();
                let info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings);
                let layout = device
                    .create_descriptor_set_layout(&info, None)
                    .map_err(vk_error(format!(
                        "creating the layout of descriptor set {set}"
                    )))?;
                inner.set_layouts.push(layout);
            }
            let ranges = [vk::PushConstantRange::default()
                .stage_flags(vk::ShaderStageFlags::COMPUTE)
                .size(push_constant_size)];
            let layout_info = vk::PipelineLayoutCreateInfo::default()
                .set_layouts(&inner.set_layouts)
                .push_constant_ranges(if push_constant_size > 0 { &ranges } else { &[] });
            inner.layout = device
                .create_pipeline_layout(&layout_info, None)
                .map_err(vk_error("creating the pipeline layout".into()))?;
            inner.pipeline = create_pipeline(context, &inner, desc)?;
        }
        Ok(Kernel(Rc::new(inner)))
    }

    /// Attaches buffers and images to slots, making a binding group for
    /// dispatches.
    pub fn bind(&self, bindings: &[Binding]) -> Result<BindingGroup, RuntimeError> {
        BindingGroup::new(self, bindings)
    }

    /// Bytes of push constants the pipeline layout holds.
    pub fn push_constant_size(&self) -> u32 {
        self.0.push_constant_size
    }
}

/// # Safety
/// `inner` holds a valid module and layout made from `context`'s device.
unsafe fn create_pipeline(
    context: &Context,
    inner: &KernelInner,
    desc: &KernelDesc,
) -> Result<vk::Pipeline, RuntimeError> {
    let entry = CString::new(desc.entry_point).map_err(|_| {
        RuntimeError::Failed(format!(
            "entry point name `{}` holds a NUL",
            desc.entry_point
        ))
    })?;
    let map_entries: Vec<vk::SpecializationMapEntry> = desc
        .specialization
        .iter()
        .enumerate()
        .map(|(i, (id, _))| {
            vk::SpecializationMapEntry::default()
                .constant_id(*id)
                .offset(4 * i as u32)
                .size(4)
        })
        .collect();
    let data: Vec<u8> = desc
        .specialization
        .iter()
        .flat_map(|(_, bytes)| *bytes)
        .collect();
    let specialization = vk::SpecializationInfo::default()
        .map_entries(&map_entries)
        .data(&data);
    let mut stage = vk::PipelineShaderStageCreateInfo::default()
        .stage(vk::ShaderStageFlags::COMPUTE)
        .module(inner.module)
        .name(&entry);
    if !map_entries.is_empty() {
        stage = stage.specialization_info(&specialization);
    }
    let control = desc.subgroup;
    if control != SubgroupControl::default() && context.subgroup_size_range().is_none() {
        return Err(RuntimeError::Unsupported(
            "subgroup size control needs a Vulkan 1.3 device".into(),
        ));
    }
    let mut flags = vk::PipelineShaderStageCreateFlags::empty();
    if control.full_subgroups {
        flags |= vk::PipelineShaderStageCreateFlags::REQUIRE_FULL_SUBGROUPS;
    }
    if control.varying_size {
        flags |= vk::PipelineShaderStageCreateFlags::ALLOW_VARYING_SUBGROUP_SIZE;
    }
    stage = stage.flags(flags);
    let mut required = vk::PipelineShaderStageRequiredSubgroupSizeCreateInfo::default();
    if let Some(size) = control.required_size {
        let (min, max) = context.subgroup_size_range().unwrap_or((0, 0));
        if !size.is_power_of_two() || size < min || size > max {
            return Err(RuntimeError::Unsupported(format!(
                "required subgroup size {size} is outside the device's range {min}..={max}"
            )));
        }
        required = required.required_subgroup_size(size);
        stage = stage.push_next(&mut required);
    }
    let info = [vk::ComputePipelineCreateInfo::default()
        .stage(stage)
        .layout(inner.layout)];
    // SAFETY: per the function's contract; all pointers live until the call returns.
    let pipelines = unsafe {
        context
            .shared
            .device
            .create_compute_pipelines(vk::PipelineCache::null(), &info, None)
    };
    match pipelines {
        Ok(p) => Ok(p[0]),
        Err((_, e)) => Err(RuntimeError::Failed(format!(
            "the driver rejected the compute pipeline: {e}"
        ))),
    }
}
