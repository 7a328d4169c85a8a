//! Differential tests of the SPIR-V passes against `mlir-opt-19`: each file
//! in `tests/passes/` names its pass on a `// PASS:` line and holds chunks
//! (split at `// -----`) in MLIR's generic form. Both tools run the pass on
//! each chunk and print generic form (MLIR's outcomes are recorded under
//! `tests/passes/expected/`, checked against mlir-opt-19 where it is
//! installed and used in its place where it is not; `PASSES_BLESS=1`
//! rewrites them); the outputs must be equal once every
//! `#spirv.vce` is made canonical (capabilities expanded by implication,
//! lists sorted: we leave implied capabilities out and order lists by value,
//! MLIR lists them as it meets them). Where MLIR reports an error, we must
//! report one on the same line. Value and block names are compared after
//! renaming them in order of appearance.
//!
//! Where we deliberately differ, the shared inputs stay clear: layout
//! follows Vulkan's rules per storage class (MLIR 19 uses std430 for
//! `Uniform` too, and gives arrays of 3-vectors a stride of 12);
//! `--spirv-update-vce` also counts decorations held as attributes
//! (`built_in`), which MLIR ignores, and, where a target allows both,
//! raises the version rather than adding an extension the version already
//! includes (MLIR adds the extension, even one the target does not list);
//! the greedy driver folds only CompositeExtract of CompositeConstruct,
//! where MLIR runs every op's folder and simplifies regions;
//! `--spirv-lower-abi-attrs` adds to an entry point's interface the
//! variables the functions it calls use and, from a SPIR-V 1.4 target on,
//! variables of every storage class (MLIR lists the inputs and outputs
//! whose address the entry function takes).

mod support;

use spirv_dialect::grammar::{Capability, Extension};
use spirv_dialect::text::split::split_input_file;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn tool_present(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

fn run(program: &str, args: &[&str], input: &str) -> Output {
    support::run_piped(Path::new(program), args, input.as_bytes()).unwrap_or_else(|e| panic!("{e}"))
}

/// The names in `[A, B]`.
fn list(text: &str) -> Vec<&str> {
    text.trim()
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// `text` with every `#spirv.vce<v, [caps], [exts]>` canonical.
fn canonical_vce(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#spirv.vce<") {
        out.push_str(&rest[..at]);
        let body_start = at + "#spirv.vce<".len();
        let Some(len) = rest[body_start..].find('>') else {
            break;
        };
        let body = &rest[body_start..body_start + len];
        let (version, lists) = body.split_once(',').unwrap_or((body, ""));
        let (caps, exts) = lists.split_once("],").unwrap_or((lists, ""));
        let caps: Vec<Capability> = list(caps).iter().filter_map(|c| c.parse().ok()).collect();
        let mut caps: Vec<String> = Capability::closure(&caps)
            .iter()
            .map(|c| c.to_string())
            .collect();
        caps.sort();
        let mut exts: Vec<String> = list(exts)
            .iter()
            .filter_map(|e| e.parse::<Extension>().ok())
            .map(|e| e.name().to_string())
            .collect();
        exts.sort();
        out.push_str(&format!(
            "#spirv.vce<{version}, [{}], [{}]>",
            caps.join(", "),
            exts.join(", ")
        ));
        rest = &rest[body_start + len + 1..];
    }
    out.push_str(rest);
    out
}

/// `text` with SSA values and block labels renamed in order of first
/// appearance (`%v0`, `%v1`, ..., `^b0`, ...): MLIR numbers values by
/// scopes that the printed form does not show.
fn canonical_names(text: &str) -> String {
    let mut names: std::collections::HashMap<String, String> = Default::default();
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let sigil = (c == '%' || c == '^') && (i == 0 || !chars[i - 1].is_alphanumeric());
        if !sigil {
            out.push(c);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        let name: String = chars[start..i].iter().collect();
        if name.len() == 1 {
            out.push_str(&name);
            continue;
        }
        let next = names.len();
        let prefix = if c == '%' { "%v" } else { "^b" };
        let renamed = names
            .entry(name)
            .or_insert_with(|| format!("{prefix}{next}"));
        out.push_str(renamed);
    }
    out
}

/// The line of the first error in `stderr` (`<stdin>:L:C: error: ...`),
/// or of the first remark where a failure reports none (MLIR fails some
/// passes with a remark only). Columns are not compared: MLIR places an op
/// with results at its name, we at its first result.
fn first_error_line(stderr: &str) -> Option<String> {
    let (line, label) = [": error:", ": remark:"]
        .iter()
        .find_map(|label| Some((stderr.lines().find(|l| l.contains(label))?, *label)))?;
    let loc = line.split(label).next()?;
    let mut parts = loc.rsplitn(3, ':');
    let _column = parts.next()?;
    Some(parts.next()?.to_string())
}

/// What a tool made of a chunk: its output (canonical names and VCEs),
/// or the line of its first error.
#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    Printed(String),
    FailedAt(Option<String>),
}

fn outcome(out: &Output) -> Outcome {
    if out.status.success() {
        let text = String::from_utf8_lossy(&out.stdout);
        Outcome::Printed(canonical_names(&canonical_vce(&text)))
    } else {
        Outcome::FailedAt(first_error_line(&String::from_utf8_lossy(&out.stderr)))
    }
}

/// Separates the chunks' outcomes in a recorded file.
const RECORD_SEPARATOR: &str = "// =====\n";

fn record_text(outcomes: &[Outcome]) -> String {
    outcomes
        .iter()
        .map(|o| match o {
            Outcome::Printed(text) => text.clone(),
            Outcome::FailedAt(line) => format!(
                "// mlir-opt-19 fails at line {}\n",
                line.as_deref().unwrap_or("?")
            ),
        })
        .collect::<Vec<_>>()
        .join(RECORD_SEPARATOR)
}

fn parse_record(text: &str) -> Vec<Outcome> {
    text.split(RECORD_SEPARATOR)
        .map(
            |chunk| match chunk.strip_prefix("// mlir-opt-19 fails at line ") {
                Some(line) => {
                    let line = line.trim();
                    Outcome::FailedAt((line != "?").then(|| line.to_string()))
                }
                None => Outcome::Printed(chunk.to_string()),
            },
        )
        .collect()
}

/// Where MLIR's outcomes for an input are recorded, so that the
/// comparison still runs where mlir-opt-19 is not installed.
fn record_path(input: &Path) -> std::path::PathBuf {
    let name = input.file_stem().unwrap_or_default().to_string_lossy();
    input
        .parent()
        .unwrap_or(Path::new("."))
        .join("expected")
        .join(format!("{name}.txt"))
}

/// MLIR's outcome for each chunk: from mlir-opt-19 when it is installed
/// (checked against the record, or written to it with PASSES_BLESS=1),
/// else from the record.
fn mlir_outcomes(path: &Path, pass: &str, chunks: &[(u32, &str)]) -> Result<Vec<Outcome>, String> {
    let record = record_path(path);
    if !tool_present("mlir-opt-19") {
        let text =
            std::fs::read_to_string(&record).map_err(|e| format!("{}: {e}", record.display()))?;
        return Ok(parse_record(&text));
    }
    let live: Vec<Outcome> = chunks
        .iter()
        .map(|(_, chunk)| {
            outcome(&run(
                "mlir-opt-19",
                &[pass, "--mlir-print-op-generic", "-"],
                chunk,
            ))
        })
        .collect();
    let text = record_text(&live);
    if std::env::var_os("PASSES_BLESS").is_some() {
        std::fs::write(&record, &text).map_err(|e| format!("{}: {e}", record.display()))?;
    } else if std::fs::read_to_string(&record).ok().as_deref() != Some(text.as_str()) {
        return Err(format!(
            "{}: the recorded outcomes are not what mlir-opt-19 gives; rerun with PASSES_BLESS=1",
            record.display()
        ));
    }
    Ok(live)
}

/// Compares our outcome on every chunk of `file` with MLIR's; returns the
/// chunk count.
fn compare_file(path: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let pass = text
        .lines()
        .find_map(|l| l.strip_prefix("// PASS:"))
        .ok_or("missing `// PASS:` line")?
        .trim();
    let ours = env!("CARGO_BIN_EXE_spirv-dialect");
    let chunks = split_input_file(&text);
    let expected_all = mlir_outcomes(path, pass, &chunks)?;
    if expected_all.len() != chunks.len() {
        return Err(format!(
            "{}: {} recorded outcomes for {} chunks",
            path.display(),
            expected_all.len(),
            chunks.len()
        ));
    }
    for ((first_line, chunk), expected) in chunks.iter().zip(expected_all) {
        let own = run(ours, &["opt", pass, "--mlir-print-op-generic", "-"], chunk);
        let got = outcome(&own);
        if got == expected {
            continue;
        }
        let where_ = format!("{}:{first_line}", path.display());
        return Err(match (expected, got) {
            (Outcome::Printed(expected), Outcome::Printed(got)) => {
                format!("{where_}: outputs differ\n--- mlir-opt-19\n{expected}\n--- ours\n{got}")
            }
            (expected, got) => format!(
                "{where_}: mlir-opt-19 gives {expected:?}, we {got:?}:\n{}",
                String::from_utf8_lossy(&own.stderr)
            ),
        });
    }
    Ok(chunks.len())
}

/// The `.mlir` files directly in `dir` (relative to the crate), sorted.
fn mlir_files(dir: &str) -> (std::path::PathBuf, Vec<std::path::PathBuf>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    (dir, files)
}

#[test]
fn passes_match_mlir_opt_19() {
    if !tool_present("mlir-opt-19") {
        println!("mlir-opt-19 is not installed: comparing with its recorded outcomes");
    }
    let (dir, files) = mlir_files("tests/passes");
    let mut failures = Vec::new();
    let mut total = 0;
    for file in &files {
        match compare_file(file) {
            Ok(n) => {
                println!("{}: {n} chunks agree with mlir-opt-19", file.display());
                total += n;
            }
            Err(e) => failures.push(e),
        }
    }
    println!(
        "{total} chunks in {} files agree with mlir-opt-19",
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(total > 0, "no differential inputs in {}", dir.display());
}

/// Diagnostics of ours that MLIR does not give: each file under
/// `tests/passes/diagnostics/` names its flags on a `// RUN:` line and
/// carries `expected-error` comments that `opt --verify-diagnostics` checks.
#[test]
fn own_pass_diagnostics_are_reported() {
    let (dir, files) = mlir_files("tests/passes/diagnostics");
    let ours = env!("CARGO_BIN_EXE_spirv-dialect");
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let flags: Vec<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix("// RUN:"))
            .unwrap_or_else(|| panic!("{}: missing `// RUN:` line", file.display()))
            .split_whitespace()
            .collect();
        let mut args = vec!["opt"];
        args.extend(&flags);
        args.push("-");
        let out = run(ours, &args, &text);
        assert!(
            out.status.success(),
            "{}: {}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        println!("{}: diagnostics as expected", file.display());
    }
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
}

#[test]
fn canonical_names_follow_first_appearance() {
    let a = canonical_names("^bb0(%arg4: i32):\n  %7 = \"spirv.IAdd\"(%arg4, %arg4)");
    let b = canonical_names("^bb0(%arg0: i32):\n  %1 = \"spirv.IAdd\"(%arg0, %arg0)");
    assert_eq!(a, b);
    assert!(a.contains("(%v1, %v1)"), "{a}");
}

#[test]
fn canonical_vce_expands_implied_capabilities() {
    let a = canonical_vce("#spirv.vce<v1.0, [Vector16, Addresses, Kernel], []>");
    let b = canonical_vce("#spirv.vce<v1.0, [Addresses, Vector16], []>");
    assert_eq!(a, b);
    assert!(a.contains("Kernel"), "{a}");
}
