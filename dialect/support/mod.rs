//! Small utilities shared by the command line and the test drivers.

pub mod files;
pub mod pattern;
