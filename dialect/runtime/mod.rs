//! Runtimes that execute SPIR-V compute kernels: the kernel interface read
//! from a binary ([`interface`]) and, behind the `vulkan` feature, a Vulkan
//! dispatch runtime on `ash` ([`vulkan`]).

pub mod interface;
#[cfg(feature = "vulkan")]
pub mod vulkan;
