//! Small utilities shared by the command line and the test drivers.

pub mod pattern;
