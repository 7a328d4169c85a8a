//! Binary ⇄ IR over the whole corpus (../shared/corpus): for every file
//! SPIRV-Tools 2025's `spirv-val` accepts (in the universal environment of
//! the module's version), deserialization succeeds, the module verifies,
//! printing it is deterministic, serialization yields a module `spirv-val`
//! accepts in the same environment, and deserializing that prints the same
//! text (a fixpoint). Failures are grouped by reason; the test asserts the
//! counts reached so far as floors. An ignored test measures throughput
//! side by side with rspirv 0.13:
//! `cargo test --release --test binary_roundtrip -- --ignored --nocapture`.

use rspirv::binary::Assemble;
use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::serialize;
use spirv_dialect::binary::{decode_module, encode_module, words_from_bytes};
use spirv_dialect::text::{print_op, PrintOptions};
mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Instant;

/// Files of the corpus deserialized and verified when these floors were set.
const DESERIALIZED_FLOOR: usize = 1082;
/// Files that also serialize to a valid module and read back to the same text.
const ROUNDTRIP_FLOOR: usize = 1082;

fn spirv_val_accepts(tools: &Path, file: &Path, env: &str) -> bool {
    Command::new(tools.join("spirv-val"))
        .args(["--target-env", env])
        .arg(file)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// How far a valid file got.
enum Outcome {
    RoundTrips,
    /// Deserialized and verified, but the way back failed.
    Deserialized(String),
    Failed(String),
}

fn check(tools: &Path, words: &[u32], env: &str) -> Outcome {
    let (ctx, module) = match deserialize(words) {
        Ok(result) => result,
        Err(e) => {
            let at = e.instruction.unwrap_or("-");
            return Outcome::Failed(format!("deserialize: {} ({at})", e.message));
        }
    };
    if let Err(d) = spirv_dialect::verify::verify(&ctx, module) {
        return Outcome::Failed(format!("verify: {}", d.message));
    }
    let syntax = spirv_dialect::dialects::syntax();
    let print = |ctx: &spirv_dialect::ir::Context, module| {
        print_op(ctx, &syntax, module, PrintOptions::default())
    };
    let first = print(&ctx, module);
    match deserialize(words) {
        Ok((ctx2, module2)) if print(&ctx2, module2) == first => {}
        _ => return Outcome::Failed("printing is not deterministic".into()),
    }
    let written = match serialize(&ctx, module) {
        Ok(words) => words,
        Err(e) => return Outcome::Deserialized(format!("serialize: {e}")),
    };
    if let Some(complaint) = support::spirv_val_complaint(&tools.join("spirv-val"), &written, env) {
        return Outcome::Deserialized(format!("spirv-val rejects the output: {complaint}"));
    }
    match deserialize(&written) {
        Ok((ctx3, module3)) if print(&ctx3, module3) == first => Outcome::RoundTrips,
        Ok(_) => Outcome::Deserialized("reading the output back prints different text".into()),
        Err(e) => Outcome::Deserialized(format!("reading the output back: {}", e.message)),
    }
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
    let Some(files) = support::corpus_or_skip() else {
        return;
    };
    let Some(tools) = support::spirv_tools() else {
        println!("skipped: SPIRV-Tools 2025 (spirv-val) is not installed");
        return;
    };
    let queue = Mutex::new(files.clone());
    let results: Mutex<Vec<(PathBuf, Option<Outcome>)>> = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(file) = queue.lock().ok().and_then(|mut q| q.pop()) {
                    let words = std::fs::read(&file)
                        .ok()
                        .and_then(|b| words_from_bytes(&b).ok());
                    let env = words
                        .as_deref()
                        .map_or("spv1.0".to_string(), support::target_env);
                    let outcome = match &words {
                        Some(words) if spirv_val_accepts(&tools, &file, &env) => {
                            Some(check(&tools, words, &env))
                        }
                        _ => None,
                    };
                    if let Ok(mut r) = results.lock() {
                        r.push((file, outcome));
                    }
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    let rejected = results.iter().filter(|r| r.1.is_none()).count();
    let (mut passed, mut round_trips) = (0, 0);
    let mut failures: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (file, outcome) in &results {
        let reason = match outcome {
            Some(Outcome::RoundTrips) => {
                (passed, round_trips) = (passed + 1, round_trips + 1);
                continue;
            }
            Some(Outcome::Deserialized(reason)) => {
                passed += 1;
                reason
            }
            Some(Outcome::Failed(reason)) => reason,
            None => continue,
        };
        let name = file
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into());
        failures.entry(reason_class(reason)).or_default().push(name);
    }
    println!(
        "{} files: spirv-val rejects {rejected}; of the {} accepted, {passed} deserialize and verify, {round_trips} round-trip",
        results.len(),
        results.len() - rejected
    );
    let mut classes: Vec<_> = failures.iter().collect();
    classes.sort_by_key(|c| std::cmp::Reverse(c.1.len()));
    for (reason, names) in classes {
        println!("  {:4} {reason} (e.g. {})", names.len(), names[0]);
    }
    assert!(
        round_trips >= ROUNDTRIP_FLOOR,
        "{round_trips} files round-trip; the floor is {ROUNDTRIP_FLOOR}"
    );
    assert!(
        passed >= DESERIALIZED_FLOOR,
        "{passed} files deserialize and verify; the floor is {DESERIALIZED_FLOOR}"
    );
}

/// Throughput figures are the best of this many passes.
const PASSES: usize = 5;

/// The best wall time in seconds of `PASSES` runs of `pass`.
fn best(mut pass: impl FnMut()) -> f64 {
    (0..PASSES)
        .map(|_| {
            let start = Instant::now();
            pass();
            start.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
#[ignore = "throughput measurement; run with --ignored --nocapture"]
fn deserialize_and_serialize_throughput() {
    let Some(files) = support::corpus_or_skip() else {
        return;
    };
    let modules: Vec<Vec<u32>> = files
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .filter_map(|b| words_from_bytes(&b).ok())
        .filter(|w| deserialize(w).is_ok() && rspirv::dr::load_words(w).is_ok())
        .collect();
    let bytes: usize = modules.iter().map(|w| w.len() * 4).sum();
    let mb = bytes as f64 / 1e6;
    let ours_in = best(|| {
        for words in &modules {
            std::hint::black_box(deserialize(words).map(|r| r.1).ok());
        }
    });
    let theirs_in = best(|| {
        for words in &modules {
            std::hint::black_box(rspirv::dr::load_words(words).ok());
        }
    });
    let ours_ir: Vec<_> = modules.iter().filter_map(|w| deserialize(w).ok()).collect();
    let theirs_ir: Vec<_> = (modules.iter())
        .filter_map(|w| rspirv::dr::load_words(w).ok())
        .collect();
    let ours_out = best(|| {
        for (ctx, module) in &ours_ir {
            std::hint::black_box(serialize(ctx, *module).map(|w| w.len()).ok());
        }
    });
    let theirs_out = best(|| {
        for module in &theirs_ir {
            std::hint::black_box(module.assemble().len());
        }
    });
    // The instruction level, where rspirv's `dr` module sits: words ⇄ one
    // owned instruction per instruction, no IR.
    let decode_in = best(|| {
        for words in &modules {
            std::hint::black_box(decode_module(words).ok());
        }
    });
    let decoded: Vec<_> = modules
        .iter()
        .filter_map(|w| decode_module(w).ok())
        .collect();
    let encode_out = best(|| {
        for (header, instructions) in &decoded {
            std::hint::black_box(encode_module(header, instructions).map(|w| w.len()).ok());
        }
    });
    println!(
        "{} files, {mb:.2} MB, best of {PASSES} passes:\n\
         | binary → IR: ours | {ours_in:.3} s | {:.1} MB/s |\n\
         | binary → IR: rspirv dr::load_words | {theirs_in:.3} s | {:.1} MB/s |\n\
         | IR → binary: ours | {ours_out:.3} s | {:.1} MB/s |\n\
         | IR → binary: rspirv assemble | {theirs_out:.3} s | {:.1} MB/s |\n\
         | binary → instructions: ours decode_module | {decode_in:.3} s | {:.1} MB/s |\n\
         | instructions → binary: ours encode_module | {encode_out:.3} s | {:.1} MB/s |\n\
         ratios: deserialize {:.2}× rspirv, serialize {:.2}× rspirv; \
         instruction level: decode {:.2}×, encode {:.2}×",
        modules.len(),
        mb / ours_in,
        mb / theirs_in,
        mb / ours_out,
        mb / theirs_out,
        mb / decode_in,
        mb / encode_out,
        theirs_in / ours_in,
        theirs_out / ours_out,
        theirs_in / decode_in,
        theirs_out / encode_out,
    );
}

/// Opcodes of the constructs MLIR 19 has no form for, mutated more:
/// `OpTypeForwardPointer`, `OpSpecConstantComposite`, `OpSpecConstantOp`,
/// `OpTypeArray`, `OpTypePointer`, `OpDecorate` (strides, blocks),
/// `OpSource`, `OpString`, `OpExtInst` (non-semantic ones).
const EXTENSION_OPCODES: [u32; 9] = [39, 51, 52, 28, 32, 71, 3, 7, 12];

/// Word offsets of the instructions with one of `opcodes`.
fn offsets_of(words: &[u32], opcodes: &[u32]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut at = 5;
    while at < words.len() {
        if opcodes.contains(&(words[at] & 0xffff)) {
            out.push(at);
        }
        at += (words[at] >> 16).max(1) as usize;
    }
    out
}

/// Mutated corpus binaries (a flipped bit, a truncation, a changed word
/// count or operand) deserialize or fail with an error, never a panic.
/// What deserializes also serializes without one; what also verifies
/// prints text that parses back to the same print, and what it serializes
/// to reads back. Every eleventh file gets 30 mutations anywhere; the
/// files using spec-constant operations, forward pointers or debug strings
/// get 200 more, aimed at those instructions and the types, decorations
/// and debug instructions around them. `BINARY_FUZZ_SEED` and
/// `BINARY_FUZZ_COUNT` choose other and more passes over the corpus.
#[test]
fn mutated_binaries_deserialize_without_panics() {
    let Some(files) = support::corpus_or_skip() else {
        return;
    };
    let originals: Vec<Vec<u32>> = files
        .iter()
        .filter_map(|f| support::read_words(f))
        .collect();
    let (mut read, mut rejected, mut aimed, mut verified) = (0, 0, 0, 0);
    for pass in support::seeds("BINARY_FUZZ", 1) {
        let mut below =
            support::below_from(0x2545_f491_4f6c_dd1d_u64 ^ pass.wrapping_mul(0x9e37_79b9));
        for (index, original) in originals.iter().enumerate() {
            // Forward pointers, spec-constant operations, strings (debug info).
            let uses_extensions = !offsets_of(original, &[39, 52, 7]).is_empty();
            let targets = offsets_of(original, &EXTENSION_OPCODES);
            let rounds = match (index % 11 == pass as usize % 11, uses_extensions) {
                (_, true) => 230,
                (true, false) => 30,
                (false, false) => continue,
            };
            for round in 0..rounds {
                let mut words = original.clone();
                let at = match round >= 30 && !targets.is_empty() {
                    true => {
                        aimed += 1;
                        let start = targets[below(targets.len())];
                        (start + below(6)).min(words.len() - 1)
                    }
                    false => 5 + below(words.len() - 5),
                };
                support::mutate(&mut words, at, round, &mut below);
                match support::check_mutated(&words) {
                    Ok(support::Mutated::Rejected) => rejected += 1,
                    Ok(support::Mutated::Read) => read += 1,
                    Ok(support::Mutated::Verified) => (read, verified) = (read + 1, verified + 1),
                    Err(e) => panic!("pass {pass}, file #{index}, round {round}: {e}"),
                }
            }
        }
    }
    println!(
        "mutated binaries: {read} read ({verified} verify), {rejected} rejected with an error ({aimed} aimed at spec constants, forward pointers, arrays, pointers, decorations and debug instructions)"
    );
    assert!(rejected > 0, "every mutation was read");
    assert!(verified > 0, "no mutation read verified");
    assert!(
        aimed > 1000,
        "only {aimed} mutations aimed at the extensions"
    );
}

/// The writer keeps what it learns of op names from one module to the next
/// on a thread only while the modules' contexts are clones of the dialects'
/// template: modules parsed into a context of their own, written in between
/// on the same thread, come out as they do written alone.
#[test]
fn template_clones_and_contexts_of_their_own_write_alike() {
    let Some(files) = support::corpus_or_skip() else {
        return;
    };
    let syntax = spirv_dialect::dialects::syntax();
    let mut modules = Vec::new();
    for file in files.iter().step_by(25) {
        let Some(words) = support::read_words(file) else {
            continue;
        };
        let Ok((clone, module)) = deserialize(&words) else {
            continue;
        };
        // The same module in a context built apart from the template, its
        // names numbered otherwise.
        let text = print_op(&clone, &syntax, module, PrintOptions::default());
        let mut own = spirv_dialect::ir::Context::new();
        own.ident("a name the template does not hold");
        spirv_dialect::dialects::register_ops(&mut own);
        let parsed = spirv_dialect::text::parse_single_op(&mut own, &syntax, &text, "m", 1)
            .unwrap_or_else(|e| panic!("{}: {e:?}", file.display()));
        // Each written alone, on a thread of its own.
        let alone = std::thread::scope(|scope| {
            let first = scope.spawn(|| serialize(&clone, module).expect("writes"));
            let second = scope.spawn(|| serialize(&own, parsed).expect("writes"));
            (first.join().expect("joins"), second.join().expect("joins"))
        });
        modules.push((file.clone(), clone, module, own, parsed, alone));
    }
    assert!(modules.len() > 20, "too few corpus modules read");
    for round in 0..2 {
        for (file, clone, module, own, parsed, (clone_words, own_words)) in &modules {
            let what = format!("{} (round {round})", file.display());
            assert_eq!(
                &serialize(clone, *module).expect("writes"),
                clone_words,
                "{what}"
            );
            assert_eq!(
                &serialize(own, *parsed).expect("writes"),
                own_words,
                "{what}"
            );
        }
    }
}
