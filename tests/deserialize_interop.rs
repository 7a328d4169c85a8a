//! Our deserializer beside MLIR 19's: for every corpus module that
//! `mlir-translate-19 --deserialize-spirv` accepts, `mlir-opt-19` prints
//! MLIR's result in generic form, and we print ours (also generic) from the
//! same binary. After dropping the builtin module wrapper, comments and
//! indentation, the debug instructions MLIR drops (`spirv.Source`,
//! `spirv.String`, ...), and numbering SSA values by first appearance, the texts
//! are compared line for line: ops, attributes, types, regions
//! (`spirv.mlir.selection` / `spirv.mlir.loop`) and block structure. We
//! must deserialize every module MLIR does; the number printing the same
//! text is a floor; the modules that differ are listed with their first
//! differing line (known: block order inside some regions, the order of
//! member decorations, which MLIR takes from a hash map, and the
//! decorations of phis and parameters, which MLIR drops).

mod support;

use spirv_dialect::binary::words_from_bytes;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Modules MLIR 19 deserializes (about 115; `mlir-translate-19` crashes
/// on a few now and then, so the count moves a little between runs).
const MLIR_FLOOR: usize = 105;
/// Of those, modules whose text equals MLIR's (108 of 114–116 when set;
/// the floor leaves room for the modules MLIR crashes on in a run).
const SAME_TEXT_FLOOR: usize = 104;

/// MLIR's generic text for one binary, when MLIR can deserialize it.
fn mlir_generic(translate: &Path, opt: &Path, spv: &Path) -> Option<String> {
    let deserialized = Command::new(translate)
        .arg("--deserialize-spirv")
        .arg(spv)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !deserialized.status.success() {
        return None;
    }
    let output =
        support::run_piped(opt, &["--mlir-print-op-generic", "-"], &deserialized.stdout).ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8(output.stdout).ok())
        .flatten()
}

/// Our generic text for one binary.
fn our_generic(spv: &Path) -> Result<String, String> {
    let bytes = std::fs::read(spv).map_err(|e| e.to_string())?;
    let words = words_from_bytes(&bytes).map_err(|e| e.to_string())?;
    support::deserialized_generic(&words)
}

/// The lines that carry meaning: no builtin module wrapper, comments,
/// indentation or blank lines; SSA values numbered by first appearance.
fn canonical(text: &str) -> Vec<String> {
    let mut lines: Vec<&str> = text
        .lines()
        .map(|line| line.split(" //").next().unwrap_or("").trim())
        .filter(|line| !line.is_empty() && !is_debug_op(line))
        .collect();
    let wrapped = matches!(
        (lines.first(), lines.last()),
        (Some(&"module {"), Some(&"}"))
            | (Some(&"\"builtin.module\"() ({"), Some(&"}) : () -> ()"))
    );
    if wrapped {
        lines = lines[1..lines.len() - 1].to_vec();
    }
    let mut numbers: HashMap<String, usize> = HashMap::new();
    lines
        .into_iter()
        .map(|line| renumber(&without_block_markers(line), &mut numbers))
        .collect()
}

/// `line` without the `block` / `buffer_block` markers we keep on
/// variables whose struct the binary decorates `Block` or `BufferBlock`
/// where MLIR 19 derives the decoration from the storage class.
fn without_block_markers(line: &str) -> String {
    let mut line = line.to_string();
    for marker in ["buffer_block", "block"] {
        line = line
            .replace(&format!(" {{{marker}}}"), "")
            .replace(&format!("{{{marker}, "), "{")
            .replace(&format!(", {marker}}}"), "}")
            .replace(&format!(", {marker}, "), ", ");
    }
    line
}

/// Debug and non-semantic instructions, which we keep as ops and MLIR 19
/// drops.
fn is_debug_op(line: &str) -> bool {
    let op = match line.starts_with('%') {
        true => line.split_once(" = ").map_or(line, |(_, op)| op),
        false => line,
    };
    [
        "\"spirv.Source",
        "\"spirv.String\"",
        "\"spirv.ModuleProcessed\"",
        "\"spirv.NonSemantic",
    ]
    .iter()
    .any(|prefix| op.starts_with(prefix))
}

/// `line` with each `%N` value replaced by its order of first appearance.
fn renumber(line: &str, numbers: &mut HashMap<String, usize>) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        let digits = tail
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(tail.len());
        if digits == 0 {
            out.push('%');
            rest = tail;
            continue;
        }
        let next = numbers.len();
        let n = *numbers.entry(tail[..digits].to_string()).or_insert(next);
        out.push_str(&format!("%v{n}"));
        rest = &tail[digits..];
    }
    out.push_str(rest);
    out
}

#[test]
fn deserialized_text_matches_mlir_19() {
    let (Some(_), Some(_)) = (
        support::tool("mlir-translate-19"),
        support::tool("mlir-opt-19"),
    ) else {
        println!("skipped: mlir-translate-19 / mlir-opt-19 not installed");
        return;
    };
    let files = match support::corpus() {
        Ok(files) if !files.is_empty() => files,
        _ => {
            println!("skipped: ../shared/corpus is absent");
            return;
        }
    };
    // Most of the time is MLIR's tools: run them on a few threads.
    let modules: Vec<(PathBuf, String)> = support::parallel_filter_map(&files, 4, |f| {
        let translate = support::tool("mlir-translate-19")?;
        let opt = support::tool("mlir-opt-19")?;
        mlir_generic(&translate, &opt, f).map(|text| (f.clone(), text))
    });

    let mut deserialized = 0;
    let mut same = 0;
    let mut differences = Vec::new();
    for (path, theirs) in &modules {
        let name = path.display();
        let ours = match our_generic(path) {
            Ok(text) => text,
            Err(e) => {
                differences.push(format!("{name}: we do not deserialize it: {e}"));
                continue;
            }
        };
        deserialized += 1;
        let (ours, theirs) = (canonical(&ours), canonical(theirs));
        if ours == theirs {
            same += 1;
            continue;
        }
        let line = (ours.iter().zip(&theirs))
            .position(|(a, b)| a != b)
            .unwrap_or(ours.len().min(theirs.len()));
        differences.push(format!(
            "{name}: line {}: ours `{}`, MLIR's `{}`",
            line + 1,
            ours.get(line).map_or("<end>", String::as_str),
            theirs.get(line).map_or("<end>", String::as_str),
        ));
    }
    println!(
        "{} corpus modules MLIR 19 deserializes: we deserialize {deserialized}, {same} print the same text",
        modules.len()
    );
    for difference in &differences {
        println!("  {difference}");
    }
    assert!(
        modules.len() >= MLIR_FLOOR,
        "MLIR deserialized {}; expected at least {MLIR_FLOOR}",
        modules.len()
    );
    assert_eq!(
        deserialized,
        modules.len(),
        "we deserialize every module MLIR does"
    );
    assert!(
        same >= SAME_TEXT_FLOOR,
        "{same} print MLIR's text; the floor is {SAME_TEXT_FLOOR}"
    );
}

#[test]
fn canonical_text_ignores_names_comments_and_the_module_wrapper() {
    let mlir =
        "\"builtin.module\"() ({\n  %3 = \"spirv.X\"(%7) : (i32) -> i32 // note\n}) : () -> ()\n";
    let ours = "%0 = \"spirv.X\"(%1) : (i32) -> i32\n";
    assert_eq!(canonical(mlir), canonical(ours));
    assert_ne!(canonical("%0 = f(%0)"), canonical("%0 = f(%1)"));
}
