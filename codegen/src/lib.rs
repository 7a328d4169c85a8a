//! Generator of spirv-dialect's tables from the Khronos SPIR-V grammar.
//!
//! Definitions apart from emitters: [`grammar`] models the JSON files as they
//! are, [`clean`] folds and orders them into the [`model`], [`check`] verifies
//! the model, and the [`emit`] modules write one file each. `build.rs` runs
//! [`generate`] into `OUT_DIR`; `cargo run -p codegen -- update` writes the
//! same bytes into `generated/`.

pub mod check;
pub mod clean;
pub mod emit;
pub mod grammar;
pub mod model;
pub mod naming;
#[cfg(feature = "docs")]
pub mod scaffold;

use std::path::Path;

/// A generator error: names the grammar file and entry at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(String);

impl Error {
    pub fn new(message: String) -> Self {
        Error(message)
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// One generated file: its path relative to the output directory, and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    pub path: &'static str,
    pub contents: String,
}

/// Reads, cleans and checks the grammar in `grammar_dir`.
pub fn load_model(grammar_dir: &Path) -> Result<model::Model, Error> {
    let mut model = clean::load(grammar_dir)?;
    clean::canonicalize_capabilities(&mut model);
    check::check(&model)?;
    Ok(model)
}

/// Generates every output file from the grammar in `grammar_dir`: the Rust
/// tables, and with the `docs` feature the op reference too.
pub fn generate(grammar_dir: &Path) -> Result<Vec<Output>, Error> {
    let model = load_model(grammar_dir)?;
    let tables = vec![
        Output {
            path: "ops.rs",
            contents: emit::ops::emit(&model)?,
        },
        Output {
            path: "kinds.rs",
            contents: emit::kinds::emit(&model)?,
        },
        Output {
            path: "enums.rs",
            contents: emit::enums::emit(&model)?,
        },
    ];
    #[cfg(feature = "docs")]
    let tables = {
        let mut outputs = tables;
        outputs.push(Output {
            path: "docs/ops.md",
            contents: emit::docs::emit(&model)?,
        });
        outputs
    };
    Ok(tables)
}

/// Writes `outputs` under `dir`, creating folders.
pub fn write_outputs(dir: &Path, outputs: &[Output]) -> Result<(), Error> {
    for output in outputs {
        let path = dir.join(output.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| Error::new(format!("{}: {e}", parent.display())))?;
        }
        std::fs::write(&path, &output.contents)
            .map_err(|e| Error::new(format!("{}: {e}", path.display())))?;
    }
    Ok(())
}

/// The outputs whose copy under `dir` is missing or differs, each with the
/// first differing line.
pub fn stale_outputs(dir: &Path, outputs: &[Output]) -> Vec<String> {
    outputs
        .iter()
        .filter_map(|output| {
            let on_disk = std::fs::read_to_string(dir.join(output.path)).unwrap_or_default();
            if on_disk == output.contents {
                return None;
            }
            let line = on_disk
                .lines()
                .zip(output.contents.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| on_disk.lines().count().min(output.contents.lines().count()));
            Some(format!("{} differs from line {}", output.path, line + 1))
        })
        .collect()
}
