//! Interop with MLIR 19 on real SPIR-V: every corpus module that
//! `mlir-translate-19 --deserialize-spirv` accepts is printed in generic form
//! by `mlir-opt-19`; we parse that text, verify it, and print it back (it
//! must be byte-identical, and a parse→print→parse fixpoint), and
//! `mlir-opt-19` must accept what we print, in generic and custom form.
//! Our custom-form print is compared with MLIR's (the count of identical
//! modules and the ops still lacking a custom form are reported).

mod support;

use spirv_dialect::dialects;
use spirv_dialect::support::files::files_with_extension;
use spirv_dialect::text::{parse_module, print_op, PrintOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// MLIR's text for one binary: its generic form, and its default (custom)
/// form as `mlir-translate-19` prints it, when MLIR can deserialize it.
fn mlir_texts(translate: &Path, opt: &Path, spv: &Path) -> Option<MlirTexts> {
    let deserialized = Command::new(translate)
        .arg("--deserialize-spirv")
        .arg(spv)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !deserialized.status.success() {
        return None;
    }
    let generic = run_with_stdin(opt, &["--mlir-print-op-generic", "-"], &deserialized.stdout);
    let custom = String::from_utf8(deserialized.stdout).ok()?;
    Some(MlirTexts {
        generic: generic.ok()?,
        custom,
    })
}

struct MlirTexts {
    generic: String,
    custom: String,
}

/// The `spirv` op names MLIR prints in custom form in `text`.
fn custom_form_op_names(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter_map(|line| {
        let line = line.trim_start();
        let op = match line.split_once(" = ") {
            Some((results, rest)) if results.starts_with('%') => rest,
            _ => line,
        };
        let name = op.split([' ', '(']).next()?;
        name.starts_with("spirv.").then_some(name)
    })
}

fn run_with_stdin(program: &Path, args: &[&str], input: &[u8]) -> Result<String, String> {
    let output = support::run_piped(program, args, input)?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    String::from_utf8(output.stdout).map_err(|e| e.to_string())
}

/// Our parse → verify → print of `text`, laid out as `opt` writes a file
/// (mlir-opt ends its output with an empty line).
fn round_trip(text: &str, name: &str, options: PrintOptions) -> Result<String, String> {
    let syntax = dialects::syntax();
    let mut ctx = dialects::context();
    let module = parse_module(&mut ctx, &syntax, text, name, 1)
        .map_err(|d| spirv_dialect::text::diagnostics::render(&ctx, &d, text, 1))?;
    spirv_dialect::verify::verify(&ctx, module)
        .map_err(|d| spirv_dialect::text::diagnostics::render(&ctx, &d, text, 1))?;
    Ok(print_op(&ctx, &syntax, module, options) + "\n")
}

#[test]
fn corpus_modules_round_trip_with_mlir_19() {
    let (Some(translate), Some(opt)) = (
        support::tool("mlir-translate-19"),
        support::tool("mlir-opt-19"),
    ) else {
        println!("skipped: mlir-translate-19 / mlir-opt-19 not installed");
        return;
    };
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let files = files_with_extension(&corpus, "spv");
    if files.is_empty() {
        println!("skipped: no corpus at {}", corpus.display());
        return;
    }
    // Deserialize on a few threads: most of the time is MLIR's tools.
    let workers = 4;
    let chunks: Vec<Vec<PathBuf>> = (0..workers)
        .map(|w| files.iter().skip(w).step_by(workers).cloned().collect())
        .collect();
    let handles: Vec<_> = chunks
        .into_iter()
        .map(|chunk| {
            let (translate, opt) = (translate.clone(), opt.clone());
            std::thread::spawn(move || {
                chunk
                    .into_iter()
                    .filter_map(|f| mlir_texts(&translate, &opt, &f).map(|t| (f, t)))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut modules: Vec<(PathBuf, MlirTexts)> = handles
        .into_iter()
        .flat_map(|h| h.join().expect("worker"))
        .collect();
    modules.sort_by(|a, b| a.0.cmp(&b.0));
    println!(
        "{} of {} corpus modules deserialize in MLIR 19",
        modules.len(),
        files.len()
    );
    assert!(
        modules.len() >= 100,
        "expected about 115 modules MLIR can deserialize, got {}",
        modules.len()
    );

    let generic = PrintOptions { generic: true };
    let mut ours_generic = Vec::new();
    let mut ours_custom = Vec::new();
    let mut failures = Vec::new();
    let mut custom_matches = 0;
    let syntax = dialects::syntax();
    let mut missing_forms = std::collections::BTreeSet::new();
    for (path, texts) in &modules {
        let name = path.display().to_string();
        let text = &texts.generic;
        missing_forms
            .extend(custom_form_op_names(&texts.custom).filter(|op| syntax.format(op).is_none()));
        let printed = match round_trip(text, &name, generic) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        if &printed != text {
            failures.push(format!("{name}: our generic print differs from MLIR's"));
        }
        match round_trip(&printed, &name, generic) {
            Ok(again) if again == printed => {}
            Ok(_) => failures.push(format!("{name}: parse→print→parse is not a fixpoint")),
            Err(e) => failures.push(format!("{name}: our output does not parse: {e}")),
        }
        match round_trip(text, &name, PrintOptions::default()) {
            Ok(custom) => {
                custom_matches += usize::from(custom == texts.custom);
                ours_custom.push(custom)
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
        ours_generic.push(printed);
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );

    // mlir-opt-19 must accept everything we print, in one split-file run per form.
    let separator = "// -----\n";
    let joined_generic = ours_generic.join(separator);
    let reparsed = run_with_stdin(
        &opt,
        &["--split-input-file", "--mlir-print-op-generic", "-"],
        joined_generic.as_bytes(),
    )
    .expect("mlir-opt-19 accepts our generic output");
    assert_eq!(
        reparsed, joined_generic,
        "mlir-opt-19 reprints our generic output unchanged"
    );
    let joined_custom = ours_custom.join(separator);
    let reparsed = run_with_stdin(
        &opt,
        &["--split-input-file", "--mlir-print-op-generic", "-"],
        joined_custom.as_bytes(),
    )
    .expect("mlir-opt-19 accepts our custom-form output");
    assert_eq!(
        reparsed, joined_generic,
        "our custom-form output means the same as the generic one"
    );
    println!(
        "{} modules: byte-identical generic round trip, fixpoint, accepted by mlir-opt-19",
        modules.len()
    );
    println!(
        "{custom_matches} of {} modules: our custom-form print equals MLIR's",
        modules.len()
    );
    println!(
        "{} ops MLIR prints in custom form still print generic here: {}",
        missing_forms.len(),
        missing_forms.into_iter().collect::<Vec<_>>().join(", ")
    );
}
