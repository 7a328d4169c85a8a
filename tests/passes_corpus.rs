//! `--spirv-update-vce` on real modules: every corpus binary that
//! `mlir-translate-19 --deserialize-spirv` accepts is put under a target
//! that allows everything of its own version; our pass deduces the VCE,
//! `mlir-translate-19 --serialize-spirv` writes the result, and spirv-val
//! must accept it. Minimality: each deduced capability and extension is
//! dropped in turn and spirv-val should then reject the module; the ones
//! it still accepts are listed (rules spirv-val does not check). Modules
//! that MLIR's own deserialize/serialize round trip leaves invalid are
//! counted and left out.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

struct Tools {
    translate: PathBuf,
    opt: PathBuf,
    val: PathBuf,
}

impl Tools {
    fn deserialize(&self, spv: &Path) -> Option<String> {
        let out = Command::new(&self.translate)
            .arg("--deserialize-spirv")
            .arg(spv)
            .output()
            .ok()?;
        if !out.status.success() {
            return None;
        }
        let generic =
            support::run_piped(&self.opt, &["--mlir-print-op-generic", "-"], &out.stdout).ok()?;
        generic
            .status
            .success()
            .then(|| String::from_utf8_lossy(&generic.stdout).into_owned())
    }

    /// Serializes a top-level `spirv.module` and validates the binary.
    fn validates(&self, spirv_module: &str, scratch: &Path) -> Result<bool, String> {
        let out = support::run_piped(
            &self.translate,
            &[
                "--no-implicit-module",
                "--serialize-spirv",
                "-",
                "-o",
                &scratch.display().to_string(),
            ],
            spirv_module.as_bytes(),
        )?;
        if !out.status.success() {
            return Err(format!(
                "mlir-translate-19 cannot serialize: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let status = Command::new(&self.val)
            .arg(scratch)
            .output()
            .map_err(|e| e.to_string())?;
        Ok(status.status.success())
    }
}

/// `#spirv.vce<v1.N, [caps], [exts]>` split into its parts.
fn vce_parts(text: &str) -> Option<(String, Vec<String>, Vec<String>)> {
    let start = text.find("vce_triple = #spirv.vce<")? + "vce_triple = #spirv.vce<".len();
    let body = &text[start..start + text[start..].find('>')?];
    let (version, lists) = body.split_once(", ")?;
    let (caps, exts) = lists.split_once("], ")?;
    let names = |l: &str| -> Vec<String> {
        l.trim_matches(|c| c == '[' || c == ']')
            .split(", ")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    };
    Some((version.to_string(), names(caps), names(exts)))
}

fn with_vce(text: &str, version: &str, caps: &[String], exts: &[String]) -> String {
    let start = text.find("vce_triple = #spirv.vce<").unwrap_or(0);
    let end = start + text[start..].find('>').unwrap_or(0) + 1;
    format!(
        "{}vce_triple = #spirv.vce<{version}, [{}], [{}]>{}",
        &text[..start],
        caps.join(", "),
        exts.join(", "),
        &text[end..]
    )
}

/// The permissive target environment attribute for `version`.
fn permissive_env(version: &str) -> String {
    use spirv_dialect::grammar::{Capability, Extension, ValueEnum};
    let caps: Vec<&str> = Capability::VARIANTS.iter().map(|c| c.name()).collect();
    let exts: Vec<&str> = Extension::ALL.iter().map(|e| e.name()).collect();
    format!(
        "#spirv.target_env<#spirv.vce<{version}, [{}], [{}]>, #spirv.resource_limits<>>",
        caps.join(", "),
        exts.join(", ")
    )
}

/// The `spirv.module` alone: the generic text without the enclosing
/// `builtin.module`'s first and last lines.
fn inner_module(generic: &str) -> String {
    let lines: Vec<&str> = generic.trim_end().lines().collect();
    lines[1.min(lines.len())..lines.len().saturating_sub(1)].join("\n")
}

#[derive(Default)]
struct Figures {
    modules: usize,
    deserialized: usize,
    invalid_round_trip: usize,
    valid: usize,
    dropped: usize,
    rejected: usize,
    unchecked: Vec<String>,
    failures: Vec<String>,
}

fn check_module(tools: &Tools, spv: &Path, scratch: &Path, figures: &mut Figures) {
    let Some(generic) = tools.deserialize(spv) else {
        return;
    };
    figures.deserialized += 1;
    let name = spv.display().to_string();
    // Modules MLIR's own round trip leaves invalid say nothing about the pass.
    if !matches!(tools.validates(&inner_module(&generic), scratch), Ok(true)) {
        figures.invalid_round_trip += 1;
        return;
    }
    let Some((version, _, _)) = vce_parts(&generic) else {
        figures.failures.push(format!("{name}: no vce_triple"));
        return;
    };
    // Put the module under a target that allows everything of its version.
    let body = generic.trim_end();
    let Some(cut) = body.rfind("}) : () -> ()") else {
        figures.failures.push(format!("{name}: unexpected layout"));
        return;
    };
    let input = format!(
        "{}}}) {{spirv.target_env = {}}} : () -> ()\n",
        &body[..cut],
        permissive_env(&version)
    );
    let ours = env!("CARGO_BIN_EXE_spirv-dialect");
    let out = match support::run_piped(
        Path::new(ours),
        &["opt", "--spirv-update-vce", "--mlir-print-op-generic", "-"],
        input.as_bytes(),
    ) {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).into_owned(),
        Ok(out) => {
            let err = String::from_utf8_lossy(&out.stderr);
            figures.failures.push(format!("{name}: {err}"));
            return;
        }
        Err(e) => {
            figures.failures.push(format!("{name}: {e}"));
            return;
        }
    };
    let module = inner_module(&out);
    let Some((version, caps, exts)) = vce_parts(&module) else {
        figures.failures.push(format!("{name}: no deduced vce"));
        return;
    };
    match tools.validates(&module, scratch) {
        Ok(true) => figures.valid += 1,
        Ok(false) => {
            figures.failures.push(format!(
                "{name}: spirv-val rejects the deduced {caps:?} {exts:?}"
            ));
            return;
        }
        Err(e) => {
            figures.failures.push(format!("{name}: {e}"));
            return;
        }
    }
    for i in 0..caps.len() + exts.len() {
        let (mut c, mut e) = (caps.clone(), exts.clone());
        let dropped = if i < caps.len() {
            c.remove(i)
        } else {
            e.remove(i - caps.len())
        };
        figures.dropped += 1;
        match tools.validates(&with_vce(&module, &version, &c, &e), scratch) {
            Ok(false) => figures.rejected += 1,
            Ok(true) => figures.unchecked.push(format!("{name}: {dropped}")),
            Err(_) => figures.rejected += 1,
        }
    }
}

#[test]
fn update_vce_on_the_corpus_validates_and_is_minimal() {
    let (Some(translate), Some(opt)) = (
        support::tool("mlir-translate-19"),
        support::tool("mlir-opt-19"),
    ) else {
        println!("skipped: mlir-translate-19 / mlir-opt-19 are not installed");
        return;
    };
    let Some(val) = support::spirv_tools().map(|bin| bin.join("spirv-val")) else {
        println!("skipped: spirv-val is not installed");
        return;
    };
    let files = match support::corpus() {
        Ok(files) => files,
        Err(e) => {
            println!("skipped: {e}");
            return;
        }
    };
    let tools = Tools {
        translate,
        opt,
        val,
    };
    let scratch = std::env::temp_dir().join(format!("update-vce-{}.spv", std::process::id()));
    let mut figures = Figures::default();
    for spv in &files {
        figures.modules += 1;
        check_module(&tools, spv, &scratch, &mut figures);
    }
    let _ = std::fs::remove_file(&scratch);
    println!(
        "{} modules, {} deserialized by MLIR ({} invalid after MLIR's own round trip), {} valid after --spirv-update-vce; {} of {} dropped capabilities/extensions rejected by spirv-val",
        figures.modules,
        figures.deserialized,
        figures.invalid_round_trip,
        figures.valid,
        figures.rejected,
        figures.dropped
    );
    for u in &figures.unchecked {
        println!("spirv-val accepts without {u}");
    }
    assert!(
        figures.failures.is_empty(),
        "{}",
        figures.failures.join("\n")
    );
}
