//! `define-inst` / `define-enum`: scaffolds for refining one op or enum by hand.
use std::path::{Path, PathBuf};

use crate::model::Model;
use crate::Error;

pub fn define_inst(
    _model: &Model,
    _root: &Path,
    _category: &str,
    _op: &str,
) -> Result<Vec<PathBuf>, Error> {
    Err(Error::new("define-inst: todo".into()))
}

pub fn define_enum(_model: &Model, _root: &Path, _kind: &str) -> Result<Vec<PathBuf>, Error> {
    Err(Error::new("define-enum: todo".into()))
}
