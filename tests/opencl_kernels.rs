//! OpenCL C kernels as a real compiler writes them: each `tests/opencl/*.cl`
//! compiled by clang 15 (OpenCL C 2.0, `spir64`) at `-O0` and `-O2` and
//! translated by `llvm-spirv-15` into Kernel modules of Physical64
//! addressing whose control flow has no merge instructions: OpenCL.std
//! calls, constant samplers, null pointers, composites with `OpUndef`
//! constituents, program-scope variables, generic pointers, events,
//! atomics, `printf`, pipes, device-side enqueue, sub-groups, structs and
//! unions by value, loop controls with parameters. Every module
//! spirv-val accepts deserializes, verifies, serializes to a module
//! spirv-val accepts, reads back to the same text (with locations) and
//! writes the same words through the text form, as does each module
//! spirv-val rejects as the translator wrote it that reads. What the tools
//! reject, and what does not read of those, is listed and left out.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Kernels are compiled with these levels.
const LEVELS: [&str; 2] = ["-O0", "-O2"];

/// The options that compile with debug information (DWARF 5 with the
/// source embedded, which `llvm-spirv` writes as `OpenCL.DebugInfo.100`).
const DEBUG_INFORMATION: [&str; 4] = ["-O0", "-g", "-gdwarf-5", "-gembed-source"];

/// `source` compiled with `options` and translated to SPIR-V; the tools'
/// complaint when either fails.
fn compile(
    clang: &Path,
    translator: &Path,
    source: &Path,
    options: &[&str],
) -> Result<Vec<u32>, String> {
    let scratch = std::env::temp_dir().join(format!(
        "opencl-{}-{}{}",
        std::process::id(),
        source
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
        options.concat()
    ));
    std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
    let (bitcode, spirv) = (scratch.join("kernel.bc"), scratch.join("kernel.spv"));
    let run = |command: &mut Command, what: &str| -> Result<(), String> {
        let out = command.output().map_err(|e| format!("{what}: {e}"))?;
        match out.status.success() {
            true => Ok(()),
            false => {
                let text = String::from_utf8_lossy(&out.stderr);
                Err(format!(
                    "{what}: {}",
                    text.lines().next().unwrap_or("failed")
                ))
            }
        }
    };
    let compiled = run(
        Command::new(clang)
            .args(["-c", "-target", "spir64", "-cl-std=CL2.0", "-emit-llvm"])
            .args(options)
            .args(["-Xclang", "-finclude-default-header"])
            .arg("-cl-ext=+cl_khr_fp16,+cl_khr_fp64,+cl_khr_subgroups")
            .arg(source)
            .arg("-o")
            .arg(&bitcode),
        "clang-15",
    )
    .and_then(|()| {
        run(
            Command::new(translator).arg(&bitcode).arg("-o").arg(&spirv),
            "llvm-spirv-15",
        )
    })
    .and_then(|()| support::read_words(&spirv).ok_or_else(|| "no SPIR-V written".into()));
    let _ = std::fs::remove_dir_all(&scratch);
    compiled
}

/// clang 15, llvm-spirv 15 and spirv-val, or `None` after saying which is
/// missing.
fn tools() -> Option<(PathBuf, PathBuf, PathBuf)> {
    let (Some(clang), Some(translator)) =
        (support::tool("clang-15"), support::tool("llvm-spirv-15"))
    else {
        println!("skipped: clang-15 or llvm-spirv-15 not found");
        return None;
    };
    let Some(val) = support::spirv_tools().map(|tools| tools.join("spirv-val")) else {
        println!("skipped: spirv-val (SPIRV-Tools 2025) is not installed");
        return None;
    };
    Some((clang, translator, val))
}

#[test]
fn opencl_kernels_round_trip() {
    let Some((clang, translator, val)) = tools() else {
        return;
    };
    let sources = support::test_sources("opencl", "cl");
    let (mut checked, mut failures) = (0, Vec::new());
    for source in &sources {
        for level in LEVELS {
            let name = format!("{} ({level})", source.display());
            let words = match compile(&clang, &translator, source, &[level]) {
                Ok(words) => words,
                Err(complaint) => {
                    println!("left out: {name}: {complaint}");
                    continue;
                }
            };
            // A module spirv-val rejects (the translator decorates some
            // ids twice, or gives two headers one merge block) counts when
            // it reads: what it is written to must be valid.
            let env = support::target_env(&words);
            if let Some(complaint) = support::spirv_val_complaint(&val, &words, &env) {
                println!("spirv-val rejects the translator's {name}: {complaint}");
                if let Err(e) = spirv_dialect::binary::deserialize::deserialize(&words) {
                    println!("left out: {name}: {}", e.message);
                    continue;
                }
            }
            checked += 1;
            if let Err(e) = support::checked_round_trip(Some(&val), &words, &env) {
                failures.push(format!("{name}: {e}"));
            }
        }
    }
    let summary = format!(
        "{} kernels at {} levels: {checked} modules checked, {} round-trip",
        sources.len(),
        LEVELS.len(),
        checked - failures.len()
    );
    // The translator's `-O2` module of `loops.cl` is invalid.
    let least = sources.len() * LEVELS.len() - 1;
    support::assert_round_trips(&summary, checked, least, &failures);
}

/// The kernels compiled with debug information: `llvm-spirv-15` writes
/// `OpenCL.DebugInfo.100`, and many of its modules break that set's rules
/// (storage class -1, undefined ids, `DebugInfoNone` for a void return
/// type). A module that reads is written with every debug instruction and
/// reads back to the same text (locations included), valid where it was;
/// one that does not read is one spirv-val rejects too.
#[test]
fn opencl_kernels_with_debug_information_round_trip() {
    let Some((clang, translator, val)) = tools() else {
        return;
    };
    let sources = support::test_sources("opencl", "cl");
    let (mut read, mut failures) = (0, Vec::new());
    for source in &sources {
        let name = source.display();
        let words = match compile(&clang, &translator, source, &DEBUG_INFORMATION) {
            Ok(words) => words,
            Err(complaint) => {
                println!("left out: {name}: {complaint}");
                continue;
            }
        };
        let env = support::target_env(&words);
        let complaint = support::spirv_val_complaint(&val, &words, &env);
        if let Err(e) = spirv_dialect::binary::deserialize::deserialize(&words) {
            match &complaint {
                Some(complaint) => println!(
                    "does not read: {name}: {} (spirv-val: {complaint})",
                    e.message
                ),
                None => failures.push(format!("{name}: valid, yet {}", e.message)),
            }
            continue;
        }
        read += 1;
        let valid = complaint.is_none().then_some(val.as_path());
        match support::checked_round_trip(valid, &words, &env) {
            Ok(written) => {
                let set = "OpenCL.DebugInfo.100";
                let (before, after) = (
                    support::ext_instructions(&words, set),
                    support::ext_instructions(&written, set),
                );
                if before == 0 || before != after {
                    failures.push(format!(
                        "{name}: {before} debug instructions, {after} written"
                    ));
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    let summary = format!(
        "{} kernels with debug information: {read} read, {} round-trip",
        sources.len(),
        read - failures.len().min(read)
    );
    // The translator writes at least the plain kernels' debug
    // information by the set's rules.
    support::assert_round_trips(&summary, read, sources.len() / 2, &failures);
}
