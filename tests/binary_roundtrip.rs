//! Binary → IR over the whole corpus (../shared/corpus): for every file
//! SPIRV-Tools 2025's `spirv-val` accepts (in the universal environment of
//! the module's version), deserialization succeeds, the module verifies,
//! and printing it is deterministic. Failures are grouped by reason; the
//! test asserts the count reached so far as a floor.

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::words_from_bytes;
use spirv_dialect::text::{print_op, PrintOptions};
mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// Files of the corpus deserialized and verified when this floor was set.
const DESERIALIZED_FLOOR: usize = 942;

/// `spv1.N` for the module's header version.
fn target_env(words: &[u32]) -> String {
    let version = words.get(1).copied().unwrap_or(0);
    format!("spv1.{}", (version >> 8) & 0xff)
}

fn spirv_val_accepts(tools: &Path, file: &Path, env: &str) -> bool {
    Command::new(tools.join("spirv-val"))
        .args(["--target-env", env])
        .arg(file)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The reason `file` fails, or `None` when it passes.
fn check(file: &Path) -> Option<String> {
    let bytes = std::fs::read(file).ok()?;
    let words = match words_from_bytes(&bytes) {
        Ok(words) => words,
        Err(e) => return Some(format!("not words: {e}")),
    };
    let (ctx, module) = match deserialize(&words) {
        Ok(result) => result,
        Err(e) => {
            return Some(format!(
                "deserialize: {} ({})",
                e.message,
                e.instruction.unwrap_or("-")
            ))
        }
    };
    if let Err(d) = spirv_dialect::verify::verify(&ctx, module) {
        return Some(format!("verify: {}", d.message));
    }
    let syntax = spirv_dialect::dialects::syntax();
    let first = print_op(&ctx, &syntax, module, PrintOptions::default());
    let (ctx2, module2) = deserialize(&words).ok()?;
    if print_op(&ctx2, &syntax, module2, PrintOptions::default()) != first {
        return Some("printing is not deterministic".into());
    }
    None
}

/// Strips ids and numbers so failures group by kind.
fn reason_class(reason: &str) -> String {
    reason
        .split_whitespace()
        .map(|w| {
            if w.contains(|c: char| c.is_ascii_digit()) {
                "N"
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn corpus_binaries_deserialize_and_verify() {
    let files = match support::corpus() {
        Ok(files) if !files.is_empty() => files,
        _ => {
            println!("skipped: ../shared/corpus is absent");
            return;
        }
    };
    let Some(tools) = support::spirv_tools() else {
        println!("skipped: SPIRV-Tools 2025 (spirv-val) is not installed");
        return;
    };
    let queue = Mutex::new(files.clone());
    let results: Mutex<Vec<(PathBuf, Option<Option<String>>)>> = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(file) = queue.lock().ok().and_then(|mut q| q.pop()) {
                    let words = std::fs::read(&file)
                        .ok()
                        .and_then(|b| words_from_bytes(&b).ok());
                    let env = words.as_deref().map_or("spv1.0".to_string(), target_env);
                    let outcome = spirv_val_accepts(&tools, &file, &env).then(|| check(&file));
                    if let Ok(mut r) = results.lock() {
                        r.push((file, outcome));
                    }
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    let rejected = results.iter().filter(|r| r.1.is_none()).count();
    let mut passed = 0;
    let mut failures: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (file, outcome) in &results {
        match outcome {
            Some(None) => passed += 1,
            Some(Some(reason)) => {
                let name = file
                    .file_name()
                    .map_or(String::new(), |n| n.to_string_lossy().into());
                failures.entry(reason_class(reason)).or_default().push(name);
            }
            None => {}
        }
    }
    println!(
        "{} files: spirv-val rejects {rejected}; of the {} accepted, {passed} deserialize and verify",
        results.len(),
        results.len() - rejected
    );
    let mut classes: Vec<_> = failures.iter().collect();
    classes.sort_by_key(|c| std::cmp::Reverse(c.1.len()));
    for (reason, names) in classes {
        println!("  {:4} {reason} (e.g. {})", names.len(), names[0]);
    }
    assert!(
        passed >= DESERIALIZED_FLOOR,
        "{passed} files deserialize and verify; the floor is {DESERIALIZED_FLOOR}"
    );
}
