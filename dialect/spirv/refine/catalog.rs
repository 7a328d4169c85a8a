//! The refinement listing, rewritten by `define-inst`/`define-enum` from the
//! folders present. Do not edit by hand.

use super::{EnumRefinement, OpRefinement};

pub const OPS: &[&[OpRefinement]] = &[];

pub const ENUMS: &[&[EnumRefinement]] = &[];
