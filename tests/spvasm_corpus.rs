//! Acceptance of the assembler and disassembler over the whole corpus
//! (../shared/corpus), against SPIRV-Tools 2025's `spirv-as`/`spirv-dis`:
//! 1. our `dis --raw-id` then our `as` reproduces the binary;
//! 2. our `dis --raw-id` assembled by `spirv-as --preserve-numeric-ids` does too;
//! 3. `spirv-dis --raw-id` text assembled by our `as` does too;
//! 4. `spirv-dis` text (friendly names) assembled by our `as` equals what
//!    `spirv-as` makes of it;
//! 5. our default `dis` text equals `spirv-dis`'s.
//!
//! "Reproduces" compares every word but the header's generator word.
//! Files the SPIRV-Tools side rejects are counted apart, as are criterion 2
//! files whose only difference is a header bound above the largest id
//! (`spirv-as` always writes largest id + 1).

use spirv_dialect::binary::{words_from_bytes, Header};
use spirv_dialect::spvasm::{assemble, disassemble, AssembleOptions, DisassembleOptions};
mod support;

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Runs a tool with `input` on stdin; its stdout, or its stderr as the error.
fn pipe(tool: &Path, args: &[&str], input: &[u8]) -> Result<Vec<u8>, String> {
    let out = support::run_piped(tool, args, input)?;
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
    }
}

/// How one file fared on one criterion.
enum Outcome {
    Pass,
    /// SPIRV-Tools rejected the input or its own output.
    ToolRejects(String),
    /// Criterion 2 only: all words but the bound match.
    BoundOnly,
    Fail(String),
}

/// Compares all words but the generator word.
fn same_module(a: &[u32], b: &[u32]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .enumerate()
            .all(|(i, (x, y))| i == 2 || x == y)
}

fn compare(ours: &[u32], reference: &[u32]) -> Outcome {
    if same_module(ours, reference) {
        return Outcome::Pass;
    }
    let first = ours
        .iter()
        .zip(reference)
        .enumerate()
        .find(|(i, (x, y))| *i != 2 && x != y);
    Outcome::Fail(match first {
        Some((i, (x, y))) => format!("word {i}: {x:#x} vs {y:#x}"),
        None => format!("{} words vs {}", ours.len(), reference.len()),
    })
}

fn words(bytes: &[u8]) -> Result<Vec<u32>, String> {
    words_from_bytes(bytes).map_err(|e| e.to_string())
}

fn check_file(path: &Path, tools: &Path) -> [Outcome; 5] {
    let spirv_as = tools.join("spirv-as");
    let spirv_dis = tools.join("spirv-dis");
    let bytes = std::fs::read(path).expect("corpus file is readable");
    let original = words_from_bytes(&bytes).expect("corpus file is whole words");
    let header = Header::read(&original).expect("corpus file has a header");
    let (major, minor) = header.version_numbers();
    let env = format!("spv{major}.{minor}");
    let raw = DisassembleOptions {
        raw_ids: true,
        ..DisassembleOptions::default()
    };
    let ours_raw = disassemble(&original, raw);
    let ours_default = disassemble(&original, DisassembleOptions::default());
    let ours_as = |text: &str, options: &AssembleOptions| {
        assemble(text, options).map_err(|e| e.render("text", text))
    };
    let defaults = AssembleOptions::default();

    let c1 = match &ours_raw {
        Ok(text) => match ours_as(text, &defaults) {
            Ok(back) => compare(&back, &original),
            Err(e) => Outcome::Fail(e),
        },
        Err(e) => Outcome::Fail(e.to_string()),
    };
    let c2 = match &ours_raw {
        Ok(text) => match pipe(
            &spirv_as,
            &[
                "--preserve-numeric-ids",
                "--target-env",
                &env,
                "-o",
                "-",
                "-",
            ],
            text.as_bytes(),
        ) {
            Ok(out) => match words(&out).map(|back| compare(&back, &original)) {
                Ok(Outcome::Fail(why)) => {
                    let mut back = words(&out).unwrap_or_default();
                    if back.len() > 3 {
                        back[3] = original[3];
                    }
                    if same_module(&back, &original) {
                        Outcome::BoundOnly
                    } else {
                        Outcome::Fail(why)
                    }
                }
                Ok(outcome) => outcome,
                Err(e) => Outcome::Fail(e),
            },
            Err(e) => Outcome::ToolRejects(e),
        },
        Err(e) => Outcome::Fail(e.to_string()),
    };
    let c3 = match pipe(&spirv_dis, &["--raw-id", "-"], &bytes) {
        Ok(text) => match ours_as(&String::from_utf8_lossy(&text), &defaults) {
            Ok(back) => compare(&back, &original),
            Err(e) => Outcome::Fail(e),
        },
        Err(e) => Outcome::ToolRejects(e),
    };
    let friendly = pipe(&spirv_dis, &["-"], &bytes);
    let c4 = match &friendly {
        Ok(text) => match pipe(&spirv_as, &["--target-env", &env, "-o", "-", "-"], text) {
            Ok(reference) => {
                let options = AssembleOptions {
                    version: Some(header.version),
                    ..AssembleOptions::default()
                };
                match (
                    ours_as(&String::from_utf8_lossy(text), &options),
                    words(&reference),
                ) {
                    (Ok(ours), Ok(reference)) => compare(&ours, &reference),
                    (Err(e), _) | (_, Err(e)) => Outcome::Fail(e),
                }
            }
            Err(e) => Outcome::ToolRejects(e),
        },
        Err(e) => Outcome::ToolRejects(e.clone()),
    };
    let c5 = match (&friendly, &ours_default) {
        (Ok(reference), Ok(ours)) if reference == ours.as_bytes() => Outcome::Pass,
        (Ok(reference), Ok(ours)) => {
            let reference = String::from_utf8_lossy(reference);
            let line = reference
                .lines()
                .zip(ours.lines())
                .position(|(a, b)| a != b);
            Outcome::Fail(format!(
                "text differs from line {}",
                line.map_or(0, |l| l + 1)
            ))
        }
        (Err(e), _) => Outcome::ToolRejects(e.clone()),
        (_, Err(e)) => Outcome::Fail(e.to_string()),
    };
    [c1, c2, c3, c4, c5]
}

#[test]
fn corpus_round_trips_and_matches_spirv_tools() {
    let files = match support::corpus() {
        Ok(files) => files,
        Err(e) => {
            println!("skipped: the corpus is absent ({e})");
            return;
        }
    };
    let Some(tools) = support::spirv_tools() else {
        println!(
            "skipped: SPIRV-Tools 2025 spirv-as/spirv-dis not found on PATH or in the cmeel prefix"
        );
        return;
    };
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) * 2;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(path) = files.get(i) else { break };
                let outcome = check_file(path, &tools);
                results
                    .lock()
                    .expect("no thread panicked")
                    .push((i, outcome));
            });
        }
    });
    let mut results = results.into_inner().expect("no thread panicked");
    results.sort_by_key(|(i, _)| *i);
    let mut failures = Vec::new();
    for criterion in 0..5 {
        let (mut pass, mut rejects, mut bound_only) = (0, 0, 0);
        for (i, outcomes) in &results {
            let name = files[*i]
                .strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"))
                .unwrap_or(&files[*i]);
            match &outcomes[criterion] {
                Outcome::Pass => pass += 1,
                Outcome::ToolRejects(why) => {
                    rejects += 1;
                    println!(
                        "criterion {}: {}: SPIRV-Tools rejects it: {}",
                        criterion + 1,
                        name.display(),
                        why.lines().next().unwrap_or("")
                    );
                }
                Outcome::BoundOnly => bound_only += 1,
                Outcome::Fail(why) => failures.push(format!(
                    "criterion {}: {}: {why}",
                    criterion + 1,
                    name.display()
                )),
            }
        }
        println!(
            "criterion {}: {pass} of {} files pass; {rejects} rejected by SPIRV-Tools; {bound_only} differ only in the header bound",
            criterion + 1,
            files.len()
        );
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
