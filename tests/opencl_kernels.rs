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

use std::path::Path;
use std::process::Command;

/// Kernels are compiled with these levels.
const LEVELS: [&str; 2] = ["-O0", "-O2"];

/// `source` compiled at `level` and translated to SPIR-V; the tools'
/// complaint when either fails.
fn compile(
    clang: &Path,
    translator: &Path,
    source: &Path,
    level: &str,
) -> Result<Vec<u32>, String> {
    let scratch = std::env::temp_dir().join(format!(
        "opencl-{}-{}{level}",
        std::process::id(),
        source
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
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
            .args([
                "-c",
                "-target",
                "spir64",
                "-cl-std=CL2.0",
                level,
                "-emit-llvm",
            ])
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

#[test]
fn opencl_kernels_round_trip() {
    let (Some(clang), Some(translator)) =
        (support::tool("clang-15"), support::tool("llvm-spirv-15"))
    else {
        println!("skipped: clang-15 or llvm-spirv-15 not found");
        return;
    };
    let val = support::spirv_tools().map(|tools| tools.join("spirv-val"));
    let Some(val) = val else {
        println!("skipped: spirv-val (SPIRV-Tools 2025) is not installed");
        return;
    };
    let sources = support::test_sources("opencl", "cl");
    let (mut checked, mut failures) = (0, Vec::new());
    for source in &sources {
        for level in LEVELS {
            let name = format!("{} ({level})", source.display());
            let words = match compile(&clang, &translator, source, level) {
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
