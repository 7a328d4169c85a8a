//! Binding groups: the descriptor sets (and texel-buffer views, samplers)
//! that attach buffers and images to a kernel's (set, binding) slots,
//! checked against what the kernel declares — every slot bound, array
//! lengths, offsets aligned, ranges inside the buffer and large enough for
//! the kernel's block, images of the dimensions and format its image type
//! names and usable that way.

use super::image::{image_format, texel_bytes, texel_kind, Image, SamplerDesc};
use super::kernel::{vk_error, DescriptorKind, Kernel, Slot, SlotInfo};
use super::memory::Buffer;
use super::RuntimeError;
use ash::vk;
use std::collections::BTreeMap;

/// A buffer range attached to one descriptor.
#[derive(Clone)]
pub struct BoundBuffer {
    pub buffer: Buffer,
    pub offset: u64,
    /// `None` covers the buffer from `offset` to its end.
    pub range: Option<u64>,
    /// Dynamic offset, for the dynamic descriptor kinds.
    pub dynamic_offset: u32,
}

/// What one slot is bound to: buffers (one, or one per element of a buffer
/// array) for buffer slots, images for image slots; the sampler of sampler
/// and combined image-sampler slots (the default one when `None`).
#[derive(Clone, Default)]
pub struct Binding {
    pub set: u32,
    pub binding: u32,
    pub buffers: Vec<BoundBuffer>,
    pub images: Vec<Image>,
    pub sampler: Option<SamplerDesc>,
}

/// Descriptor sets tying buffers to a kernel's slots.
pub struct BindingGroup {
    pub(crate) kernel: Kernel,
    pool: vk::DescriptorPool,
    views: Vec<vk::BufferView>,
    pub(crate) sets: Vec<vk::DescriptorSet>,
    /// Dynamic offsets per set, in binding then array-element order.
    pub(crate) dynamic_offsets: Vec<Vec<u32>>,
    pub(crate) buffers: Vec<Buffer>,
    pub(crate) images: Vec<Image>,
    /// The samplers of the sampler and combined image-sampler slots.
    samplers: Vec<vk::Sampler>,
}

impl Drop for BindingGroup {
    fn drop(&mut self) {
        let shared = &self.kernel.0.shared;
        if shared.hung.get() {
            return;
        }
        // SAFETY: streams keep the group's buffers and kernel alive, and the
        // owner drops a group only after the streams using it finished.
        unsafe {
            for view in &self.views {
                shared.device.destroy_buffer_view(*view, None);
            }
            for sampler in &self.samplers {
                shared.device.destroy_sampler(*sampler, None);
            }
            shared.device.destroy_descriptor_pool(self.pool, None);
        }
    }
}

fn check_bound(
    info: &SlotInfo,
    bound: &BoundBuffer,
    limits: &vk::PhysicalDeviceLimits,
) -> Result<u64, RuntimeError> {
    let Slot { set, binding, kind } = info.slot;
    let size = bound.buffer.size();
    if bound.offset >= size {
        return Err(RuntimeError::Failed(format!(
            "descriptor offset {} is past the end of the {size}-byte buffer at set {set} binding {binding}",
            bound.offset
        )));
    }
    let alignment = match kind {
        DescriptorKind::Storage | DescriptorKind::StorageDynamic => {
            limits.min_storage_buffer_offset_alignment
        }
        DescriptorKind::Uniform | DescriptorKind::UniformDynamic => {
            limits.min_uniform_buffer_offset_alignment
        }
        DescriptorKind::StorageTexel(_) | DescriptorKind::UniformTexel(_) => {
            limits.min_texel_buffer_offset_alignment
        }
        // Image and sampler slots hold no buffers.
        DescriptorKind::StorageImage
        | DescriptorKind::SampledImage
        | DescriptorKind::CombinedImageSampler
        | DescriptorKind::Sampler => 1,
    };
    if bound.offset % alignment.max(1) != 0
        || u64::from(bound.dynamic_offset) % alignment.max(1) != 0
    {
        return Err(RuntimeError::Failed(format!(
            "offsets at set {set} binding {binding} must be multiples of {alignment} on this device"
        )));
    }
    // Without an explicit range a descriptor reaches to the end of the
    // buffer, counting its dynamic offset.
    let mut range = bound
        .range
        .unwrap_or_else(|| (size - bound.offset).saturating_sub(u64::from(bound.dynamic_offset)));
    if let Some(format) = kind.texel_format() {
        let texel = texel_bytes(format).ok_or_else(|| {
            RuntimeError::Unsupported(format!("texel buffers of format {format:?}"))
        })?;
        range -= range % texel;
    }
    let reach = bound.offset + range + u64::from(bound.dynamic_offset);
    if range == 0 || reach > size {
        return Err(RuntimeError::Failed(format!(
            "range {range} at offset {} (dynamic offset {}) does not fit the {size}-byte buffer at set {set} binding {binding}",
            bound.offset, bound.dynamic_offset
        )));
    }
    if range < info.min_size {
        return Err(RuntimeError::Failed(format!(
            "the buffer at set {set} binding {binding} offers {range} bytes but the kernel's block needs {}",
            info.min_size
        )));
    }
    Ok(range)
}

/// Checks `image` against what slot `info` asks of it.
fn check_image(info: &SlotInfo, image: &Image) -> Result<(), RuntimeError> {
    let Slot { set, binding, kind } = info.slot;
    let desc = image.desc();
    if let Some(shape) = info.image {
        let of = |dimensions, arrayed, cube| {
            let kind = if cube {
                "cube".into()
            } else {
                format!("{dimensions}D")
            };
            format!("{}{kind}", if arrayed { "arrayed " } else { "" })
        };
        let given = of(desc.dimensions, desc.arrayed, desc.cube);
        let read = of(shape.dimensions, shape.arrayed, shape.cube);
        if given != read {
            return Err(RuntimeError::Failed(format!(
                "a {given} image is bound at set {set} binding {binding}, where the kernel reads {read} images"
            )));
        }
        let declared = image_format(shape.format);
        if declared.is_some_and(|format| format != desc.format) {
            return Err(RuntimeError::Failed(format!(
                "a {:?} image is bound at set {set} binding {binding}, where the kernel declares {:?}",
                desc.format,
                declared.unwrap_or_default()
            )));
        }
        if texel_kind(desc.format) != Some(shape.texels) {
            return Err(RuntimeError::Failed(format!(
                "a {:?} image is bound at set {set} binding {binding}, where the kernel reads {:?} texels",
                desc.format, shape.texels
            )));
        }
    }
    let usage = match kind {
        DescriptorKind::StorageImage => vk::ImageUsageFlags::STORAGE,
        _ => vk::ImageUsageFlags::SAMPLED,
    };
    if !image.0.usage.contains(usage) {
        return Err(RuntimeError::Unsupported(format!(
            "{:?} images as {usage:?} images (set {set} binding {binding}) on this device",
            desc.format
        )));
    }
    Ok(())
}

/// Checks what `binding` holds for slot `info`: the byte range of each
/// buffer, or nothing for images and samplers.
fn check_binding(
    info: &SlotInfo,
    binding: &Binding,
    limits: &vk::PhysicalDeviceLimits,
) -> Result<Vec<u64>, RuntimeError> {
    let Slot {
        set,
        binding: at,
        kind,
    } = info.slot;
    let (held, what, other) = match kind {
        DescriptorKind::Sampler => (0, "images", binding.images.len() + binding.buffers.len()),
        _ if kind.takes_images() => (binding.images.len(), "images", binding.buffers.len()),
        _ => (binding.buffers.len(), "buffers", binding.images.len()),
    };
    let wanted = match kind {
        DescriptorKind::Sampler => 0,
        _ => info.count as usize,
    };
    if other > 0 {
        return Err(RuntimeError::Failed(format!(
            "descriptor set {set} binding {at} takes {what} only (a {kind:?} slot)"
        )));
    }
    if held != wanted {
        return Err(RuntimeError::Failed(format!(
            "descriptor set {set} binding {at} holds {wanted} {what} but {held} were bound"
        )));
    }
    for image in &binding.images {
        check_image(info, image)?;
    }
    (binding.buffers.iter())
        .map(|b| check_bound(info, b, limits))
        .collect()
}

/// What one descriptor write points at.
enum WriteSource {
    Buffers(Vec<vk::DescriptorBufferInfo>),
    Views(Vec<vk::BufferView>),
    Images(Vec<vk::DescriptorImageInfo>),
}

impl BindingGroup {
    pub(crate) fn new(kernel: &Kernel, bindings: &[Binding]) -> Result<BindingGroup, RuntimeError> {
        let inner = &kernel.0;
        let shared = &inner.shared;
        for binding in bindings {
            if !inner
                .slots
                .iter()
                .any(|s| s.slot.set == binding.set && s.slot.binding == binding.binding)
            {
                return Err(RuntimeError::Failed(format!(
                    "the kernel declares no buffer at descriptor set {} binding {}",
                    binding.set, binding.binding
                )));
            }
        }
        let mut planned = Vec::new();
        let unbound = Binding::default();
        for info in &inner.slots {
            let binding = bindings
                .iter()
                .find(|b| b.set == info.slot.set && b.binding == info.slot.binding);
            let binding = match binding {
                Some(binding) => binding,
                None if info.slot.kind == DescriptorKind::Sampler => &unbound,
                None => {
                    let what = match info.slot.kind.takes_images() {
                        true => "image",
                        false => "buffer",
                    };
                    return Err(RuntimeError::Failed(format!(
                        "the kernel uses descriptor set {} binding {} but no {what} is bound there",
                        info.slot.set, info.slot.binding
                    )));
                }
            };
            let ranges = check_binding(info, binding, &shared.properties.limits)?;
            planned.push((info, binding, ranges));
        }
        let mut pool_sizes: BTreeMap<i32, u32> = BTreeMap::new();
        for info in &inner.slots {
            *pool_sizes.entry(info.slot.kind.vk().as_raw()).or_default() += info.count;
        }
        let sizes: Vec<vk::DescriptorPoolSize> = pool_sizes
            .iter()
            .map(|(kind, count)| {
                vk::DescriptorPoolSize::default()
                    .ty(vk::DescriptorType::from_raw(*kind))
                    .descriptor_count(*count)
            })
            .collect();
        let device = &shared.device;
        let set_count = inner.set_layouts.len() as u32;
        let pool = if set_count == 0 {
            vk::DescriptorPool::null()
        } else {
            let info = vk::DescriptorPoolCreateInfo::default()
                .max_sets(set_count)
                .pool_sizes(&sizes);
            // SAFETY: valid device; the pool is owned by the returned group.
            unsafe { device.create_descriptor_pool(&info, None) }
                .map_err(vk_error("creating a descriptor pool".into()))?
        };
        let mut group = BindingGroup {
            kernel: kernel.clone(),
            pool,
            views: Vec::new(),
            sets: Vec::new(),
            dynamic_offsets: vec![Vec::new(); set_count as usize],
            buffers: Vec::new(),
            images: Vec::new(),
            samplers: Vec::new(),
        };
        if set_count > 0 {
            let allocate = vk::DescriptorSetAllocateInfo::default()
                .descriptor_pool(pool)
                .set_layouts(&inner.set_layouts);
            // SAFETY: the pool was sized for exactly these sets.
            group.sets = unsafe { device.allocate_descriptor_sets(&allocate) }
                .map_err(vk_error("allocating descriptor sets".into()))?;
        }
        let mut sources = Vec::new();
        for (info, binding, ranges) in &planned {
            let kind = info.slot.kind;
            let sampler = match kind.takes_sampler() {
                true => group.sampler(&binding.sampler.unwrap_or_default(), info.slot)?,
                false => vk::Sampler::null(),
            };
            let source = match kind.texel_format() {
                None if kind == DescriptorKind::Sampler => WriteSource::Images(
                    (0..info.count)
                        .map(|_| vk::DescriptorImageInfo::default().sampler(sampler))
                        .collect(),
                ),
                None if kind.takes_images() => WriteSource::Images(
                    (binding.images.iter())
                        .map(|image| {
                            vk::DescriptorImageInfo::default()
                                .sampler(sampler)
                                .image_view(image.0.view)
                                .image_layout(vk::ImageLayout::GENERAL)
                        })
                        .collect(),
                ),
                None => WriteSource::Buffers(
                    binding
                        .buffers
                        .iter()
                        .zip(ranges)
                        .map(|(b, range)| {
                            vk::DescriptorBufferInfo::default()
                                .buffer(b.buffer.handle())
                                .offset(b.offset)
                                .range(*range)
                        })
                        .collect(),
                ),
                Some(format) => {
                    let mut views = Vec::new();
                    for (b, range) in binding.buffers.iter().zip(ranges) {
                        let view = group.texel_view(info.slot, format, b, *range)?;
                        views.push(view);
                    }
                    WriteSource::Views(views)
                }
            };
            sources.push(source);
        }
        let writes: Vec<vk::WriteDescriptorSet> = planned
            .iter()
            .zip(&sources)
            .map(|((info, _, _), source)| {
                let write = vk::WriteDescriptorSet::default()
                    .dst_set(group.sets[info.slot.set as usize])
                    .dst_binding(info.slot.binding)
                    .descriptor_type(info.slot.kind.vk());
                match source {
                    WriteSource::Buffers(buffer_infos) => write.buffer_info(buffer_infos),
                    WriteSource::Views(views) => write.texel_buffer_view(views),
                    WriteSource::Images(images) => write.image_info(images),
                }
            })
            .collect();
        // SAFETY: every write targets a set of this group with a matching type.
        unsafe { device.update_descriptor_sets(&writes, &[]) };
        for (info, binding, _) in &planned {
            for bound in &binding.buffers {
                if info.slot.kind.is_dynamic() {
                    group.dynamic_offsets[info.slot.set as usize].push(bound.dynamic_offset);
                }
                group.buffers.push(bound.buffer.clone());
            }
            group.images.extend(binding.images.iter().cloned());
        }
        Ok(group)
    }

    /// A sampler made as `desc` says, owned by the group.
    fn sampler(&mut self, desc: &SamplerDesc, slot: Slot) -> Result<vk::Sampler, RuntimeError> {
        let device = &self.kernel.0.shared.device;
        // SAFETY: valid device; the sampler is destroyed with the group.
        let sampler = unsafe { device.create_sampler(&desc.create_info(), None) }.map_err(
            vk_error(format!(
                "creating the sampler at set {} binding {}",
                slot.set, slot.binding
            )),
        )?;
        self.samplers.push(sampler);
        Ok(sampler)
    }

    /// A view of `bound` as texels of `format`, owned by the group.
    fn texel_view(
        &mut self,
        slot: Slot,
        format: vk::Format,
        bound: &BoundBuffer,
        range: u64,
    ) -> Result<vk::BufferView, RuntimeError> {
        let shared = &self.kernel.0.shared;
        let needed = match slot.kind {
            DescriptorKind::StorageTexel(_) => vk::FormatFeatureFlags::STORAGE_TEXEL_BUFFER,
            _ => vk::FormatFeatureFlags::UNIFORM_TEXEL_BUFFER,
        };
        // SAFETY: plain query on the device's own physical device.
        let properties = unsafe {
            shared
                .instance
                .get_physical_device_format_properties(shared.physical, format)
        };
        if !properties.buffer_features.contains(needed) {
            return Err(RuntimeError::Unsupported(format!(
                "{format:?} texel buffers ({needed:?}) on this device"
            )));
        }
        let info = vk::BufferViewCreateInfo::default()
            .buffer(bound.buffer.handle())
            .format(format)
            .offset(bound.offset)
            .range(range);
        // SAFETY: the range was checked against the buffer; the view is destroyed with the group.
        let view =
            unsafe { shared.device.create_buffer_view(&info, None) }.map_err(vk_error(format!(
                "creating a texel view at set {} binding {}",
                slot.set, slot.binding
            )))?;
        self.views.push(view);
        Ok(view)
    }
}
