//! Runs the MLIR-style test files in `tests/mlir/`. Each file starts with
//! `// ARGS: opt ...` (the `spirv-dialect` command line, the file's path is
//! appended) and may say `// EXIT: N` (default 0); `CHECK` directives are
//! matched against stdout and `ERR` directives against stderr.

mod filecheck;

use std::path::Path;
use std::process::Command;

fn run_file(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let args_line = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("// ARGS:"))
        .ok_or("missing `// ARGS:` line")?;
    let expected_exit: i32 = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("// EXIT:"))
        .map(|s| s.trim().parse().unwrap_or(-1))
        .unwrap_or(0);
    let mut args: Vec<&str> = args_line.split_whitespace().collect();
    let path_str = path.to_str().ok_or("non-UTF-8 path")?;
    args.push(path_str);
    let output = Command::new(env!("CARGO_BIN_EXE_spirv-dialect"))
        .args(&args)
        .output()
        .map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let code = output.status.code().unwrap_or(-1);
    if code != expected_exit {
        return Err(format!(
            "exit status {code}, expected {expected_exit}\nstderr:\n{stderr}"
        ));
    }
    filecheck::check(&text, "CHECK", &stdout).map_err(|e| format!("{e}\nstdout:\n{stdout}"))?;
    filecheck::check(&text, "ERR", &stderr).map_err(|e| format!("{e}\nstderr:\n{stderr}"))
}

#[test]
fn mlir_test_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mlir");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/mlir exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no test files in {}", dir.display());
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| run_file(f).err().map(|e| format!("{}: {e}", f.display())))
        .collect();
    println!("{} .mlir files, {} failed", files.len(), failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
