//! Runs the project's AmberScript tests on a real Vulkan device (lavapipe in
//! CI) with the Khronos validation layer when installed: every script under
//! `tests/amber/` must pass with no validation message, and the scripts
//! under `tests/amber_negative/` must skip, fail or be rejected as named.

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
