//! The spec-update flow: a copy of the workspace with `grammar-json/`
//! replaced by the older grammar in ../shared builds with plain `cargo build`
//! and lists fewer ops; putting the newest grammar back builds again.

use std::path::{Path, PathBuf};
use std::process::Command;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create dir");
    for entry in std::fs::read_dir(from).expect("read dir").flatten() {
        // Cargo build directories (they carry a CACHEDIR.TAG) are not copied.
        if entry.path().join("CACHEDIR.TAG").exists() {
            continue;
        }
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        if src.is_dir() {
            copy_dir(&src, &dst);
        } else {
            std::fs::copy(&src, &dst).expect("copy file");
        }
    }
}

fn replace_grammar(workspace: &Path, grammar: &Path) {
    let dir = workspace.join("grammar-json");
    std::fs::remove_dir_all(&dir).expect("remove grammar-json");
    copy_dir(grammar, &dir);
}

/// Builds the copy and returns the number of core ops it lists.
fn build_and_count(workspace: &Path, target: &Path) -> usize {
    let status = Command::new(env!("CARGO"))
        .args(["build", "--offline", "--quiet", "--bin", "spirv-dialect"])
        .current_dir(workspace)
        .env("CARGO_TARGET_DIR", target)
        .status()
        .expect("run cargo");
    assert!(
        status.success(),
        "cargo build failed in {}",
        workspace.display()
    );
    let output = Command::new(target.join("debug/spirv-dialect"))
        .args(["info", "ops", "--json"])
        .output()
        .expect("run the built spirv-dialect");
    assert!(output.status.success());
    let ops: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    ops.as_array()
        .expect("list")
        .iter()
        .filter(|op| op["grammar_file"] == "spirv.core.grammar.json")
        .count()
}

#[test]
fn older_grammar_builds_and_newer_comes_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let older = root.join("../shared/grammar/unified-1.6.1");
    if !older.is_dir() {
        println!("skipped: {} is absent", older.display());
        return;
    }
    let workspace =
        std::env::temp_dir().join(format!("spirv-dialect-spec-update-{}", std::process::id()));
    std::fs::create_dir_all(&workspace).expect("temp dir");
    for entry in std::fs::read_dir(root).expect("workspace").flatten() {
        let name = entry.file_name();
        if name == ".git" || entry.path().join("CACHEDIR.TAG").exists() {
            continue;
        }
        let dst = workspace.join(&name);
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &dst);
        } else {
            std::fs::copy(entry.path(), &dst).expect("copy");
        }
    }
    // A target directory kept between runs, so only our crate is rebuilt.
    let target: PathBuf = root.join("target/spec-update");

    replace_grammar(&workspace, &older);
    let older_core = build_and_count(&workspace, &target);
    replace_grammar(&workspace, &root.join("grammar-json"));
    let newer_core = build_and_count(&workspace, &target);
    std::fs::remove_dir_all(&workspace).ok();

    // 1.6.1 lists 703 core entries, 11 of them aliases of another entry's opcode.
    assert_eq!(older_core, 692);
    assert_eq!(newer_core, 876);
    println!("core ops: {older_core} with unified-1.6.1 (703 entries, 11 aliases), {newer_core} with unified-1.6.7");
}
