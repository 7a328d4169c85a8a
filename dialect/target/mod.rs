//! Versions, capabilities and extensions: target environments (what a
//! device accepts) and the requirements engine that checks ops, enum cases
//! and types against one and deduces the minimal version/capabilities/
//! extensions (VCE) a module needs; what IR ops need (`availability`), the
//! layout rules of interface blocks, and the type converter from builtin
//! types to SPIR-V types.

pub mod availability;
mod env;
pub mod layout;
mod requirements;
pub mod type_convert;

pub use env::{ClientApi, DeviceType, ResourceLimits, TargetEnv, Vce, Vendor};
pub use requirements::{Missing, Requirements};

#[cfg(test)]
mod convert_tests;
#[cfg(test)]
mod tests;
