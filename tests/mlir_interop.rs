//! Interop with MLIR 19 on real SPIR-V: every corpus module that
//! `mlir-translate-19 --deserialize-spirv` accepts is printed by
//! `mlir-opt-19` in generic and in custom form. We parse both texts,
//! verify them, and print each form back: every print must be
//! byte-identical to `mlir-opt-19`'s and a parse→print→parse fixpoint, and
//! `mlir-opt-19` must accept what we print, in generic and custom form.
//! GPU kernels MLIR 19's conversions lower to the SPIR-V dialect
//! (`mlir_kernels`) are lowered and serialized by us and by MLIR: both
//! binaries pass spirv-val, each tool reads the other's, and read back
//! they are one module but for the VCE.

mod mlir_kernels;
mod support;

use spirv_dialect::dialects;
use spirv_dialect::support::files::files_with_extension;
use spirv_dialect::text::diagnostics::{render, Source};
use spirv_dialect::text::{parse_module, print_op, PrintOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// MLIR's text for one binary: its generic and its default (custom) form
/// as `mlir-opt-19` prints them, when MLIR can deserialize it.
fn mlir_texts(translate: &Path, opt: &Path, spv: &Path) -> Option<MlirTexts> {
    // mlir-translate-19 is not deterministic on some corpus modules (the
    // same file crashes, is rejected or is read from one run to the next):
    // a failed run is tried again, twice.
    let deserialize = || {
        Command::new(translate)
            .arg("--deserialize-spirv")
            .arg(spv)
            .stderr(Stdio::null())
            .output()
            .ok()
    };
    let mut deserialized = deserialize()?;
    for _ in 0..2 {
        if deserialized.status.success() {
            break;
        }
        deserialized = deserialize()?;
    }
    if !deserialized.status.success() {
        return None;
    }
    let generic = run_with_stdin(opt, &["--mlir-print-op-generic", "-"], &deserialized.stdout);
    let custom = run_with_stdin(opt, &["-"], &deserialized.stdout);
    Some(MlirTexts {
        generic: generic.ok()?,
        custom: custom.ok()?,
    })
}

struct MlirTexts {
    generic: String,
    custom: String,
}

fn run_with_stdin(program: &Path, args: &[&str], input: &[u8]) -> Result<String, String> {
    let stdout = support::stdout_of(program, args, input)?;
    String::from_utf8(stdout).map_err(|e| e.to_string())
}

/// Our parse → verify → print of `text`, laid out as `opt` writes a file
/// (mlir-opt ends its output with an empty line).
fn round_trip(text: &str, name: &str, options: PrintOptions) -> Result<String, String> {
    let syntax = dialects::syntax();
    let mut ctx = dialects::context();
    let source = Source::new(name, text, 1);
    let module =
        parse_module(&mut ctx, &syntax, text, name, 1).map_err(|d| render(&ctx, &d, source))?;
    spirv_dialect::verify::verify(&ctx, module).map_err(|d| render(&ctx, &d, source))?;
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
        modules.len() >= 110,
        "expected about 115 modules MLIR can deserialize, got {}",
        modules.len()
    );

    let generic = PrintOptions {
        generic: true,
        ..Default::default()
    };
    let custom = PrintOptions::default();
    let mut ours_generic = Vec::new();
    let mut ours_custom = Vec::new();
    let mut failures = Vec::new();
    let mut check =
        |name: &str, what: &str, result: Result<String, String>, expected: &str| match result {
            Ok(printed) if printed == expected => Some(printed),
            Ok(_) => {
                failures.push(format!("{name}: {what} differs from mlir-opt-19's"));
                None
            }
            Err(e) => {
                failures.push(format!("{name}: {what}: {e}"));
                None
            }
        };
    for (path, texts) in &modules {
        let name = path.display().to_string();
        let (mlir_generic, mlir_custom) = (texts.generic.as_str(), texts.custom.as_str());
        // Both of MLIR's forms parse here and print back as MLIR prints them.
        let cases = [
            ("generic → generic", mlir_generic, generic, mlir_generic),
            ("custom → generic", mlir_custom, generic, mlir_generic),
            ("generic → custom", mlir_generic, custom, mlir_custom),
            ("custom → custom", mlir_custom, custom, mlir_custom),
        ];
        let printed: Vec<Option<String>> = cases
            .iter()
            .map(|&(what, input, options, expected)| {
                check(&name, what, round_trip(input, &name, options), expected)
            })
            .collect();
        // Parse → print → parse is a fixpoint in both forms.
        for (printed, options, out) in [
            (&printed[0], generic, &mut ours_generic),
            (&printed[2], custom, &mut ours_custom),
        ] {
            if let Some(printed) = printed {
                let again = round_trip(printed, &name, options);
                if check(&name, "fixpoint", again, printed).is_some() {
                    out.push(printed.clone());
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(ours_generic.len(), modules.len());
    assert_eq!(ours_custom.len(), modules.len());

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
        "{} modules: MLIR's generic and custom forms parse here and print back \
         byte-identical in both forms, fixpoint, accepted by mlir-opt-19",
        modules.len()
    );
}

/// The custom-form test files (`tests/mlir/spirv_forms_*.mlir`) print here
/// exactly as `mlir-opt-19` prints them, in custom and generic form, and
/// MLIR's custom print parses here back to the same text.
#[test]
fn custom_form_files_print_as_mlir_opt_19() {
    let Some(opt) = support::tool("mlir-opt-19") else {
        println!("skipped: mlir-opt-19 not installed");
        return;
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mlir");
    let files: Vec<PathBuf> = files_with_extension(&dir, "mlir")
        .into_iter()
        .filter(|f| {
            f.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("spirv_forms_"))
        })
        .collect();
    assert!(files.len() >= 3, "custom-form test files: {files:?}");
    let mut ops = 0;
    for file in &files {
        let name = file.display().to_string();
        let text = std::fs::read_to_string(file).expect("readable test file");
        for (options, args) in [
            (PrintOptions::default(), &["-"][..]),
            (
                PrintOptions {
                    generic: true,
                    ..Default::default()
                },
                &["--mlir-print-op-generic", "-"][..],
            ),
        ] {
            let expected = run_with_stdin(&opt, args, text.as_bytes())
                .unwrap_or_else(|e| panic!("mlir-opt-19 rejects {name}: {e}"));
            let ours = round_trip(&text, &name, options).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(ours, expected, "{name} ({args:?}) differs from mlir-opt-19");
            let again = round_trip(&expected, &name, options).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(again, expected, "{name}: MLIR's print does not print back");
        }
        let custom = run_with_stdin(&opt, &["-"], text.as_bytes()).unwrap_or_default();
        ops += custom
            .lines()
            .map(|l| l.trim_start())
            .map(|l| l.split_once(" = ").map_or(l, |(_, op)| op))
            .filter(|op| op.starts_with("spirv."))
            .count();
    }
    assert!(
        ops >= 240,
        "expected the form files to hold 240 or more custom-form ops, got {ops}"
    );
    println!(
        "{} files, {ops} spirv ops in custom form: custom and generic prints equal mlir-opt-19's",
        files.len()
    );
}

#[test]
fn converted_gpu_kernels_serialize_as_mlir_19_does() {
    let (Some(kernels), Some(tools)) = (mlir_kernels::converted_all(), support::spirv_tools())
    else {
        println!("skipped: MLIR 19's tools or SPIRV-Tools 2025 not found");
        return;
    };
    let translate = support::tool("mlir-translate-19").expect("found with mlir-opt-19");
    let val = tools.join("spirv-val");
    for kernel in &kernels {
        let name = &kernel.name;
        let mut texts = Vec::new();
        for (writer, words) in [("ours", &kernel.ours), ("MLIR's", &kernel.mlir)] {
            let complaint = support::spirv_val_complaint(&val, words, "vulkan1.1");
            assert!(
                complaint.is_none(),
                "{name}: spirv-val rejects {writer}: {complaint:?}"
            );
            let text = support::deserialized_generic(words)
                .unwrap_or_else(|e| panic!("{name}: we do not read {writer}: {e}"));
            texts.push(text);
            let bytes = spirv_dialect::binary::words_to_bytes(words);
            let read = run_with_stdin(&translate, &["--deserialize-spirv", "-"], &bytes);
            assert!(
                read.is_ok(),
                "{name}: MLIR does not read {writer}: {read:?}"
            );
        }
        // Read back, both binaries hold the same module but for its first
        // line: its VCE, where our --spirv-update-vce raises the version
        // rather than adding an extension the version includes.
        let body = |text: &String| text.lines().skip(1).collect::<Vec<_>>().join("\n");
        assert_eq!(
            body(&texts[0]),
            body(&texts[1]),
            "{name}: ours reads back otherwise"
        );
    }
    println!(
        "{} converted kernels: ours and MLIR's binaries valid, read by both, one module read back",
        kernels.len()
    );
}
