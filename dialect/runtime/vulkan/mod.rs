//! Vulkan compute runtime: a [`Context`] (instance, device, compute queue,
//! validation messages), [`Buffer`]s and [`Image`]s, [`Kernel`]s (pipelines reused across
//! dispatches) with their [`BindingGroup`]s, and [`Stream`]s that record
//! ordered dispatches with barriers and timestamps.
//!
//! The Vulkan loader is opened at run time, so a machine without
//! `libvulkan` gets an error from [`Context::new`], not a link failure.

mod binding;
mod context;
mod features;
mod image;
mod kernel;
mod memory;
mod stream;

pub use ash::vk::Format as TexelFormat;
pub use ash::vk::{
    BorderColor, CompareOp, Filter as SamplerFilter, SamplerAddressMode as AddressMode,
};
pub use binding::{Binding, BindingGroup, BoundBuffer};
pub use context::{Context, ContextOptions, DEVICE_ENV};
pub use features::FeatureSupport;
pub use image::{image_format, texel_kind, Image, ImageDesc, SamplerDesc};
pub use kernel::{DescriptorKind, Kernel, KernelDesc, Slot, SubgroupControl};
pub use memory::Buffer;
pub use stream::Stream;

use std::fmt;

/// Why the runtime could not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuntimeError {
    /// The device or loader lacks something the work needs (a feature, an
    /// extension, a subgroup size): the work cannot run here.
    Unsupported(String),
    /// Anything else: a bad request, a rejected shader, a Vulkan error.
    Failed(String),
}

impl fmt::Display for RuntimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuntimeError::Unsupported(message) => write!(f, "unsupported: {message}"),
            RuntimeError::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for RuntimeError {}
