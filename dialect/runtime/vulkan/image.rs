//! Device images for storage-image, sampled-image and combined
//! image-sampler slots: 1D, 2D or 3D, arrayed or cubes, optimally tiled in
//! device memory, kept in the `GENERAL` layout for their whole life (valid
//! for shader storage, sampling and transfers alike), so the streams'
//! global memory barriers order every access. Contents go in and out
//! through buffers. Also the formats images are made with, and what a
//! sampler is made of.

use super::context::{Context, Shared};
use super::memory::Buffer;
use super::stream::Stream;
use super::RuntimeError;
use crate::runtime::interface::TexelKind;
use ash::vk;
use std::rc::Rc;

/// What an image is made of. [`ImageDesc::new`] describes a plain image
/// (one layer, not arrayed, not a cube).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageDesc {
    pub format: vk::Format,
    /// 1, 2 or 3.
    pub dimensions: u32,
    /// Width, height and depth in texels (1 for the dimensions the image
    /// lacks).
    pub extent: [u32; 3],
    /// Array layers; a cube's six faces are six layers each.
    pub layers: u32,
    /// Read as an array (`image2DArray`, `samplerCubeArray`).
    pub arrayed: bool,
    /// A cube: 2D, square, six faces per cube.
    pub cube: bool,
}

/// How a sampler reads: filters, what coordinates outside the image give,
/// level-of-detail range, normalized coordinates, depth comparison. The
/// default reads the nearest texel, clamps to the edge and takes
/// normalized coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SamplerDesc {
    pub mag_filter: vk::Filter,
    pub min_filter: vk::Filter,
    /// U, V and W.
    pub address_modes: [vk::SamplerAddressMode; 3],
    pub border_color: vk::BorderColor,
    pub min_lod: f32,
    pub max_lod: f32,
    pub normalized_coordinates: bool,
    /// The depth comparison, when the sampler compares.
    pub compare: Option<vk::CompareOp>,
}

impl Default for SamplerDesc {
    fn default() -> Self {
        SamplerDesc {
            mag_filter: vk::Filter::NEAREST,
            min_filter: vk::Filter::NEAREST,
            address_modes: [vk::SamplerAddressMode::CLAMP_TO_EDGE; 3],
            border_color: vk::BorderColor::FLOAT_TRANSPARENT_BLACK,
            min_lod: 0.0,
            max_lod: 0.0,
            normalized_coordinates: true,
            compare: None,
        }
    }
}

impl SamplerDesc {
    pub(crate) fn create_info(&self) -> vk::SamplerCreateInfo<'static> {
        let [u, v, w] = self.address_modes;
        vk::SamplerCreateInfo::default()
            .mag_filter(self.mag_filter)
            .min_filter(self.min_filter)
            .mipmap_mode(vk::SamplerMipmapMode::NEAREST)
            .address_mode_u(u)
            .address_mode_v(v)
            .address_mode_w(w)
            .border_color(self.border_color)
            .min_lod(self.min_lod)
            .max_lod(self.max_lod)
            .unnormalized_coordinates(!self.normalized_coordinates)
            .compare_enable(self.compare.is_some())
            .compare_op(self.compare.unwrap_or(vk::CompareOp::NEVER))
    }
}

pub(crate) struct ImageInner {
    shared: Rc<Shared>,
    pub(crate) image: vk::Image,
    memory: vk::DeviceMemory,
    pub(crate) view: vk::ImageView,
    pub(crate) desc: ImageDesc,
    /// What the format allows here: storage, sampling (always transfers).
    pub(crate) usage: vk::ImageUsageFlags,
}

impl Drop for ImageInner {
    fn drop(&mut self) {
        if self.shared.hung.get() {
            return;
        }
        // SAFETY: streams and binding groups keep a clone of every image
        // they use until their work completes; null handles are no-ops.
        unsafe {
            let device = &self.shared.device;
            device.destroy_image_view(self.view, None);
            device.destroy_image(self.image, None);
            device.free_memory(self.memory, None);
        }
    }
}

/// An image a kernel reads or writes; cloning shares it.
#[derive(Clone)]
pub struct Image(pub(crate) Rc<ImageInner>);

/// The formats images and texel buffers are made with here: texel size in
/// bytes and how kernels read the texels.
const FORMATS: &[(vk::Format, u64, TexelKind)] = {
    use vk::Format as F;
    use TexelKind::{Float, Signed, Unsigned};
    &[
        (F::R8_UINT, 1, Unsigned),
        (F::R8_SINT, 1, Signed),
        (F::R8_UNORM, 1, Float),
        (F::R8_SNORM, 1, Float),
        (F::R8G8_UINT, 2, Unsigned),
        (F::R8G8_SINT, 2, Signed),
        (F::R8G8_UNORM, 2, Float),
        (F::R8G8_SNORM, 2, Float),
        (F::R16_UINT, 2, Unsigned),
        (F::R16_SINT, 2, Signed),
        (F::R16_SFLOAT, 2, Float),
        (F::R16_UNORM, 2, Float),
        (F::R16_SNORM, 2, Float),
        (F::R8G8B8A8_UINT, 4, Unsigned),
        (F::R8G8B8A8_SINT, 4, Signed),
        (F::R8G8B8A8_UNORM, 4, Float),
        (F::R8G8B8A8_SNORM, 4, Float),
        (F::R16G16_UINT, 4, Unsigned),
        (F::R16G16_SINT, 4, Signed),
        (F::R16G16_SFLOAT, 4, Float),
        (F::R16G16_UNORM, 4, Float),
        (F::R32_UINT, 4, Unsigned),
        (F::R32_SINT, 4, Signed),
        (F::R32_SFLOAT, 4, Float),
        (F::A2B10G10R10_UNORM_PACK32, 4, Float),
        (F::A2B10G10R10_UINT_PACK32, 4, Unsigned),
        (F::B10G11R11_UFLOAT_PACK32, 4, Float),
        (F::R16G16B16A16_UINT, 8, Unsigned),
        (F::R16G16B16A16_SINT, 8, Signed),
        (F::R16G16B16A16_SFLOAT, 8, Float),
        (F::R16G16B16A16_UNORM, 8, Float),
        (F::R16G16B16A16_SNORM, 8, Float),
        (F::R32G32_UINT, 8, Unsigned),
        (F::R32G32_SINT, 8, Signed),
        (F::R32G32_SFLOAT, 8, Float),
        (F::R32G32B32_UINT, 12, Unsigned),
        (F::R32G32B32_SINT, 12, Signed),
        (F::R32G32B32_SFLOAT, 12, Float),
        (F::R32G32B32A32_UINT, 16, Unsigned),
        (F::R32G32B32A32_SINT, 16, Signed),
        (F::R32G32B32A32_SFLOAT, 16, Float),
    ]
};

/// Texel size in bytes of `format`, if images and texel buffers are made
/// with it here.
pub(crate) fn texel_bytes(format: vk::Format) -> Option<u64> {
    FORMATS.iter().find(|f| f.0 == format).map(|f| f.1)
}

/// How a kernel reads texels of `format`, if images are made with it here.
pub fn texel_kind(format: vk::Format) -> Option<TexelKind> {
    FORMATS.iter().find(|f| f.0 == format).map(|f| f.2)
}

/// The Vulkan format of a SPIR-V `ImageFormat` (`None` for `Unknown` and
/// the formats Vulkan lacks).
pub fn image_format(spirv_format: u32) -> Option<vk::Format> {
    use vk::Format as F;
    Some(match spirv_format {
        1 => F::R32G32B32A32_SFLOAT,
        2 => F::R16G16B16A16_SFLOAT,
        3 => F::R32_SFLOAT,
        4 => F::R8G8B8A8_UNORM,
        5 => F::R8G8B8A8_SNORM,
        6 => F::R32G32_SFLOAT,
        7 => F::R16G16_SFLOAT,
        8 => F::B10G11R11_UFLOAT_PACK32,
        9 => F::R16_SFLOAT,
        10 => F::R16G16B16A16_UNORM,
        11 => F::A2B10G10R10_UNORM_PACK32,
        12 => F::R16G16_UNORM,
        13 => F::R8G8_UNORM,
        14 => F::R16_UNORM,
        15 => F::R8_UNORM,
        16 => F::R16G16B16A16_SNORM,
        18 => F::R8G8_SNORM,
        20 => F::R8_SNORM,
        21 => F::R32G32B32A32_SINT,
        22 => F::R16G16B16A16_SINT,
        23 => F::R8G8B8A8_SINT,
        24 => F::R32_SINT,
        25 => F::R32G32_SINT,
        26 => F::R16G16_SINT,
        27 => F::R8G8_SINT,
        28 => F::R16_SINT,
        29 => F::R8_SINT,
        30 => F::R32G32B32A32_UINT,
        31 => F::R16G16B16A16_UINT,
        32 => F::R8G8B8A8_UINT,
        33 => F::R32_UINT,
        34 => F::A2B10G10R10_UINT_PACK32,
        35 => F::R32G32_UINT,
        36 => F::R16G16_UINT,
        37 => F::R8G8_UINT,
        38 => F::R16_UINT,
        39 => F::R8_UINT,
        _ => return None,
    })
}

fn failed(what: String) -> impl Fn(vk::Result) -> RuntimeError {
    move |e| RuntimeError::Failed(format!("{what}: {e}"))
}

/// A device-local memory type among `allowed`, else any of them.
fn pick_memory_type(memory: &vk::PhysicalDeviceMemoryProperties, allowed: u32) -> Option<u32> {
    let types = &memory.memory_types[..memory.memory_type_count as usize];
    let usable = |index: &usize| allowed & (1 << index) != 0;
    let local = |index: &usize| {
        (types[*index].property_flags).contains(vk::MemoryPropertyFlags::DEVICE_LOCAL)
    };
    (0..types.len())
        .filter(usable)
        .find(local)
        .or_else(|| (0..types.len()).find(usable))
        .map(|i| i as u32)
}

impl ImageDesc {
    /// A plain image: one layer, not arrayed, not a cube.
    pub fn new(format: vk::Format, dimensions: u32, extent: [u32; 3]) -> ImageDesc {
        ImageDesc {
            format,
            dimensions,
            extent,
            layers: 1,
            arrayed: false,
            cube: false,
        }
    }

    fn check(&self) -> Result<(), RuntimeError> {
        let [width, height, depth] = self.extent;
        let lacking = match self.dimensions {
            1 => height == 1 && depth == 1,
            2 => depth == 1,
            3 => true,
            _ => false,
        };
        if !lacking || self.extent.contains(&0) {
            return Err(RuntimeError::Failed(format!(
                "a {}D image cannot be {width}x{height}x{depth} texels",
                self.dimensions
            )));
        }
        let faces = if self.cube { 6 } else { 1 };
        let layers_fit = match self.arrayed {
            true => self.layers > 0 && self.layers % faces == 0 && self.dimensions < 3,
            false => self.layers == faces,
        };
        if !layers_fit {
            return Err(RuntimeError::Failed(format!(
                "a{} {}D image{} cannot have {} layers",
                if self.arrayed { "n arrayed" } else { "" },
                self.dimensions,
                if self.cube { " cube" } else { "" },
                self.layers
            )));
        }
        if self.cube && (self.dimensions != 2 || width != height) {
            return Err(RuntimeError::Failed(format!(
                "a cube's faces are square 2D images, not {width}x{height}x{depth}"
            )));
        }
        Ok(())
    }

    /// Bytes the image's texels take, tightly packed, layer after layer
    /// (`None` for a format of unknown texel size, or a size past `u64`).
    pub fn byte_size(&self) -> Option<u64> {
        (self.extent.iter().chain([&self.layers]))
            .try_fold(texel_bytes(self.format)?, |bytes, &e| {
                bytes.checked_mul(u64::from(e))
            })
    }

    fn types(&self) -> (vk::ImageType, vk::ImageViewType) {
        use vk::ImageViewType as View;
        let image = match self.dimensions {
            1 => vk::ImageType::TYPE_1D,
            2 => vk::ImageType::TYPE_2D,
            _ => vk::ImageType::TYPE_3D,
        };
        let view = match (self.dimensions, self.cube, self.arrayed) {
            (_, true, false) => View::CUBE,
            (_, true, true) => View::CUBE_ARRAY,
            (1, _, false) => View::TYPE_1D,
            (1, _, true) => View::TYPE_1D_ARRAY,
            (2, _, false) => View::TYPE_2D,
            (2, _, true) => View::TYPE_2D_ARRAY,
            _ => View::TYPE_3D,
        };
        (image, view)
    }

    /// Every layer of the image's only mip level.
    pub(crate) fn whole(&self) -> vk::ImageSubresourceRange {
        vk::ImageSubresourceRange {
            aspect_mask: vk::ImageAspectFlags::COLOR,
            base_mip_level: 0,
            level_count: 1,
            base_array_layer: 0,
            layer_count: self.layers,
        }
    }
}

impl Image {
    /// A zero-filled image.
    pub fn new(context: &Context, desc: ImageDesc) -> Result<Image, RuntimeError> {
        let image = Image::create(context, desc)?;
        let mut stream = Stream::new(context)?;
        stream.prepare_image(&image)?;
        stream.finish()?;
        Ok(image)
    }

    /// An image holding `bytes`: its texels, tightly packed, x fastest.
    pub fn with_data(
        context: &Context,
        desc: ImageDesc,
        bytes: &[u8],
    ) -> Result<Image, RuntimeError> {
        let image = Image::create(context, desc)?;
        let size = image.byte_size();
        if bytes.len() as u64 != size {
            return Err(RuntimeError::Failed(format!(
                "{} bytes given for an image of {size} bytes",
                bytes.len()
            )));
        }
        let staging = Buffer::with_data(context, bytes)?;
        let mut stream = Stream::new(context)?;
        stream.prepare_image(&image)?;
        stream.copy_to_image(&staging, &image)?;
        stream.finish()?;
        Ok(image)
    }

    /// A copy of the image's texels, tightly packed, x fastest.
    pub fn read(&self, context: &Context) -> Result<Vec<u8>, RuntimeError> {
        let staging = Buffer::new(context, self.byte_size())?;
        let mut stream = Stream::new(context)?;
        stream.copy_from_image(self, &staging)?;
        stream.finish()?;
        let mut bytes = staging.read();
        bytes.truncate(self.byte_size() as usize);
        Ok(bytes)
    }

    pub fn desc(&self) -> ImageDesc {
        self.0.desc
    }

    /// Bytes the image's texels take, tightly packed.
    pub fn byte_size(&self) -> u64 {
        // Images are made only of formats with a known texel size.
        self.0.desc.byte_size().unwrap_or(0)
    }

    pub(crate) fn keep_alive(&self) -> Rc<dyn std::any::Any> {
        self.0.clone()
    }

    /// The image, its memory and view, in the `UNDEFINED` layout.
    fn create(context: &Context, desc: ImageDesc) -> Result<Image, RuntimeError> {
        desc.check()?;
        if texel_bytes(desc.format).is_none() {
            return Err(RuntimeError::Unsupported(format!(
                "images of format {:?}",
                desc.format
            )));
        }
        if desc.byte_size().is_none() {
            return Err(RuntimeError::Failed(format!(
                "a {:?} image is too large",
                desc.extent
            )));
        }
        let shared = &context.shared;
        let limits = &shared.properties.limits;
        let largest = match (desc.dimensions, desc.cube) {
            (_, true) => limits.max_image_dimension_cube,
            (1, _) => limits.max_image_dimension1_d,
            (2, _) => limits.max_image_dimension2_d,
            _ => limits.max_image_dimension3_d,
        };
        if desc.layers > limits.max_image_array_layers {
            return Err(RuntimeError::Failed(format!(
                "{} layers pass the device's limit of {}",
                desc.layers, limits.max_image_array_layers
            )));
        }
        if desc.extent.iter().any(|&e| e > largest) {
            return Err(RuntimeError::Failed(format!(
                "a {:?} image passes the device's largest {}D image side, {largest}",
                desc.extent, desc.dimensions
            )));
        }
        // SAFETY: plain query on the device's own physical device.
        let features = unsafe {
            (shared.instance)
                .get_physical_device_format_properties(shared.physical, desc.format)
                .optimal_tiling_features
        };
        let transfer_usage = vk::ImageUsageFlags::TRANSFER_SRC | vk::ImageUsageFlags::TRANSFER_DST;
        let mut usage = transfer_usage;
        for (feature, use_as) in [
            (
                vk::FormatFeatureFlags::STORAGE_IMAGE,
                vk::ImageUsageFlags::STORAGE,
            ),
            (
                vk::FormatFeatureFlags::SAMPLED_IMAGE,
                vk::ImageUsageFlags::SAMPLED,
            ),
        ] {
            if features.contains(feature) {
                usage |= use_as;
            }
        }
        let transfers = vk::FormatFeatureFlags::TRANSFER_SRC | vk::FormatFeatureFlags::TRANSFER_DST;
        if !features.contains(transfers) || usage == transfer_usage {
            return Err(RuntimeError::Unsupported(format!(
                "{:?} images on this device (format features {features:?})",
                desc.format
            )));
        }
        let (image_type, view_type) = desc.types();
        let [width, height, depth] = desc.extent;
        let info = vk::ImageCreateInfo::default()
            .image_type(image_type)
            .format(desc.format)
            .extent(vk::Extent3D {
                width,
                height,
                depth,
            })
            .mip_levels(1)
            .array_layers(desc.layers)
            .flags(match desc.cube {
                true => vk::ImageCreateFlags::CUBE_COMPATIBLE,
                false => vk::ImageCreateFlags::empty(),
            })
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(usage)
            .sharing_mode(vk::SharingMode::EXCLUSIVE)
            .initial_layout(vk::ImageLayout::UNDEFINED);
        let device = &shared.device;
        let mut inner = ImageInner {
            shared: shared.clone(),
            image: vk::Image::null(),
            memory: vk::DeviceMemory::null(),
            view: vk::ImageView::null(),
            desc,
            usage,
        };
        // SAFETY: valid device; every handle created lands in `inner`, whose
        // Drop destroys it.
        unsafe {
            inner.image = (device.create_image(&info, None))
                .map_err(failed(format!("creating a {width}x{height}x{depth} image")))?;
            let requirements = device.get_image_memory_requirements(inner.image);
            let memory_type = pick_memory_type(&shared.memory, requirements.memory_type_bits)
                .ok_or_else(|| RuntimeError::Failed("no memory type for images".into()))?;
            let allocate = vk::MemoryAllocateInfo::default()
                .allocation_size(requirements.size)
                .memory_type_index(memory_type);
            inner.memory = (device.allocate_memory(&allocate, None)).map_err(failed(format!(
                "allocating {} bytes of image memory",
                requirements.size
            )))?;
            (device.bind_image_memory(inner.image, inner.memory, 0))
                .map_err(failed("binding image memory".into()))?;
            let view_info = vk::ImageViewCreateInfo::default()
                .image(inner.image)
                .view_type(view_type)
                .format(desc.format)
                .subresource_range(desc.whole());
            inner.view = (device.create_image_view(&view_info, None))
                .map_err(failed("creating an image view".into()))?;
        }
        Ok(Image(Rc::new(inner)))
    }
}
