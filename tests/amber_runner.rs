//! Runs the project's AmberScript tests on a real Vulkan device (lavapipe in
//! CI) with the Khronos validation layer when installed: every script under
//! `tests/amber/` must pass with no validation message, and the scripts
//! under `tests/amber_negative/` must skip, fail or be rejected as named.
//! The parser also takes mutations of every script (tokens dropped,
//! repeated, swapped for keywords and odd values, text cut short) and
//! answers each with a script or an error, never a panic.

mod support;

use spirv_dialect::amber::parser::parse;
use spirv_dialect::amber::{run_file, FileResult, Outcome, RunOptions, EXIT_SKIP};
use spirv_dialect::runtime::vulkan::{Context, ContextOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn scripts(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "amber"))
        .collect();
    found.sort();
    found
}

/// Why these tests cannot run here, if they cannot.
fn unavailable() -> Option<String> {
    let validating = ContextOptions {
        validation: true,
        ..ContextOptions::default()
    };
    match Context::new(&validating) {
        Err(e) => return Some(format!("no Vulkan device: {e}")),
        Ok(context) if !context.validation_active() => {
            eprintln!("note: the Khronos validation layer is not installed; running without it")
        }
        Ok(_) => {}
    }
    if spirv_dialect::amber::shader::find_tool("glslangValidator").is_none() {
        return Some("glslangValidator is not installed".into());
    }
    None
}

fn validating() -> RunOptions {
    RunOptions {
        validation: true,
        ..RunOptions::default()
    }
}

fn run(path: &Path) -> (FileResult, String) {
    let mut out = Vec::new();
    let result = run_file(path, &validating(), &mut out);
    (result, String::from_utf8_lossy(&out).into_owned())
}

#[test]
fn acceptance_scripts_pass_with_validation() {
    if let Some(reason) = unavailable() {
        eprintln!("skipped: {reason}");
        return;
    }
    let all = scripts("tests/amber");
    assert!(
        all.len() >= 12,
        "expected the acceptance scripts, found {}",
        all.len()
    );
    for path in all {
        let (result, output) = run(&path);
        assert_eq!(
            result,
            FileResult::Ran(Outcome::Pass {
                expectations: output.matches(": pass: ").count()
            }),
            "{output}"
        );
        assert!(!output.contains("validation:"), "{output}");
    }
}

#[test]
fn negative_scripts_skip_fail_or_are_rejected() {
    if let Some(reason) = unavailable() {
        eprintln!("skipped: {reason}");
        return;
    }
    for (dir, code, needle) in [
        ("tests/amber_negative/skip", EXIT_SKIP, "SKIP ("),
        ("tests/amber_negative/parse_errors", 2, ": error: "),
        ("tests/amber_negative/failing", 1, "FAIL"),
    ] {
        for path in scripts(dir) {
            let (result, output) = run(&path);
            assert_eq!(result.exit_code(), code, "{}:\n{output}", path.display());
            assert!(output.contains(needle), "{output}");
        }
    }
    for (script, expected) in [
        ("failing/wrong_value.amber", "data[2]: expected == 6, got 5"),
        (
            "failing/eq_buffer_mismatch.amber",
            "2 of 4 values differ; first at a[2]: expected 30, got 3",
        ),
        (
            "failing/eq_buffer_mismatch.amber",
            "different formats (int32 STD430 and float STD430)",
        ),
        (
            "failing/eq_buffer_mismatch.amber",
            "FAIL (3 of 4 expectations failed",
        ),
        (
            "failing/fence_timeout.amber",
            "did not finish within 200 ms (fence timeout)",
        ),
        ("failing/copy_size_mismatch.amber", "buffers differ in size"),
        (
            "failing/image_format_mismatch.amber",
            "a R32_SFLOAT image is bound at set 0 binding 0, where the kernel declares R32_UINT",
        ),
        (
            "parse_errors/image_bound_as_buffer.amber",
            "9:25: error: `texels` is an IMAGE: it binds as storage_image",
        ),
        (
            "parse_errors/combined_without_sampler.amber",
            "combined_image_sampler needs `SAMPLER name`",
        ),
        (
            "parse_errors/image_data_count.amber",
            "2:7: error: image `texels` takes 4 values, 3 given",
        ),
        (
            "parse_errors/bad_value.amber",
            "bad_value.amber:2:35: error: `300` is not a valid uint8 value",
        ),
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/amber_negative")
            .join(script);
        let (_, output) = run(&path);
        assert!(output.contains(expected), "{script}: {output}");
    }
}

#[test]
fn output_is_deterministic() {
    if let Some(reason) = unavailable() {
        eprintln!("skipped: {reason}");
        return;
    }
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/amber/run_sequence.amber"
    ));
    assert_eq!(run(path).1, run(path).1);
}

#[test]
fn command_line_exit_statuses() {
    let binary = env!("CARGO_BIN_EXE_spirv-dialect");
    let root = env!("CARGO_MANIFEST_DIR");
    let status = |args: &[&str]| {
        Command::new(binary)
            .args(args)
            .current_dir(root)
            .output()
            .expect("run binary")
    };
    let cpu = status(&["run", "tests/amber/vector_add.amber", "--backend", "cpu"]);
    assert_eq!(cpu.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&cpu.stderr).contains("not built yet"));
    assert_eq!(status(&["run"]).status.code(), Some(2));
    assert_eq!(
        status(&["run", "tests/amber_negative/parse_errors/no_header.amber"])
            .status
            .code(),
        Some(2)
    );
    if let Some(reason) = unavailable() {
        eprintln!("skipped (device part): {reason}");
        return;
    }
    let mut piped = Command::new(binary)
        .args(["run", "-"])
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run binary");
    let script = std::fs::read(Path::new(root).join("tests/amber/atomics.amber")).expect("script");
    piped
        .stdin
        .take()
        .expect("stdin")
        .write_all(&script)
        .expect("write script");
    let piped = piped.wait_with_output().expect("wait");
    assert_eq!(piped.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&piped.stdout).contains("<stdin>: PASS (2 expectations)"));
    let timed = status(&["run", "tests/amber/run_sequence.amber", "--timings"]);
    let timed = String::from_utf8_lossy(&timed.stdout);
    assert_eq!(timed.matches(": kernel time ").count(), 6, "{timed}");
    let no_driver = Command::new(binary)
        .args(["run", "tests/amber/vector_add.amber"])
        .env("VK_DRIVER_FILES", "/nonexistent/icd.json")
        .current_dir(root)
        .output()
        .expect("run binary");
    assert_eq!(no_driver.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&no_driver.stdout).contains(": error: "));
    let no_device = status(&[
        "run",
        "tests/amber/vector_add.amber",
        "--device",
        "no-such-gpu",
    ]);
    assert!(String::from_utf8_lossy(&no_device.stdout)
        .contains("no Vulkan device matches `no-such-gpu`"));
    assert_eq!(
        status(&["run", "tests/amber_negative/skip"]).status.code(),
        Some(77)
    );
    assert_eq!(
        status(&["run", "tests/amber_negative/failing/wrong_value.amber"])
            .status
            .code(),
        Some(1)
    );
    let all = status(&["run", "tests/amber", "--validate"]);
    let text = String::from_utf8_lossy(&all.stdout);
    assert_eq!(all.status.code(), Some(0), "{text}");
    assert!(
        text.contains(" failed, 0 skipped") || text.contains(" 0 failed,"),
        "{text}"
    );
}

/// Words a mutation puts in place of a token: keywords out of place,
/// numbers out of range, names never declared.
const MUTATION_WORDS: &[&str] = &[
    "IMAGE",
    "SAMPLER",
    "BUFFER",
    "BIND",
    "AS",
    "END",
    "DATA",
    "FILL",
    "SIZE",
    "DIM_1D",
    "DIM_3D",
    "WIDTH",
    "HEIGHT",
    "DEPTH",
    "storage_image",
    "combined_image_sampler",
    "SERIES_FROM",
    "INC_BY",
    "DESCRIPTOR_SET",
    "BINDING",
    "RUN",
    "EXPECT",
    "IDX",
    "EQ",
    "TOLERANCE",
    "COPY",
    "TO",
    "STRUCT",
    "PIPELINE",
    "compute",
    "0",
    "-1",
    "4294967296",
    "1e40",
    "nan",
    "0x",
    "R32_SFLOAT",
    "vec3<float>",
    "mat4x4<double>",
    "unknown",
    "#",
];

#[test]
fn parser_answers_mutated_scripts_without_panicking() {
    let mut below = support::below_from(0x5eed_a3be);
    let (mut parsed, mut rejected) = (0, 0);
    let dirs = ["tests/amber", "tests/amber_negative/parse_errors"];
    for path in dirs.iter().flat_map(|dir| scripts(dir)) {
        let text = std::fs::read_to_string(&path).expect("read script");
        let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split(' ').collect()).collect();
        for _ in 0..1000 {
            let mut lines = lines.clone();
            for _ in 0..1 + below(3) {
                let line = below(lines.len());
                let tokens = &mut lines[line];
                if tokens.is_empty() {
                    continue;
                }
                let at = below(tokens.len());
                match below(4) {
                    0 => {
                        tokens.remove(at);
                    }
                    1 => tokens.insert(at, tokens[at]),
                    2 => tokens[at] = MUTATION_WORDS[below(MUTATION_WORDS.len())],
                    _ => {
                        let other = below(lines.len());
                        lines.swap(line, other);
                    }
                }
            }
            let mut mutated: String = (lines.iter())
                .map(|tokens| tokens.join(" ") + "\n")
                .collect();
            if below(8) == 0 {
                let cut = below(mutated.len());
                let cut = (0..=cut).rev().find(|&c| mutated.is_char_boundary(c));
                mutated.truncate(cut.unwrap_or(0));
            }
            match parse(&mutated) {
                Ok(_) => parsed += 1,
                Err(_) => rejected += 1,
            }
        }
    }
    println!("mutated scripts: {parsed} parsed, {rejected} rejected with an error");
    assert!(
        parsed > 0 && rejected > 0,
        "{parsed} parsed, {rejected} rejected"
    );
}
