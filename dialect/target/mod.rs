//! Versions, capabilities and extensions: target environments (what a
//! device accepts) and the requirements engine that checks ops, enum cases
//! and types against one and deduces the minimal version/capabilities/
//! extensions (VCE) a module needs.

mod env;
pub mod layout;
mod requirements;

pub use env::{ClientApi, DeviceType, ResourceLimits, TargetEnv, Vce, Vendor};
pub use requirements::{Missing, Requirements};

#[cfg(test)]
mod tests;
