//! Flows that change the workspace, run on a copy of it: the spec update (a
//! copy with `grammar-json/` replaced by the older grammar in ../shared
//! builds with plain `cargo build` and lists fewer ops; putting the newest
//! grammar back builds again), and `define-inst`/`define-enum` scaffolds,
//! which must compile into the crate as written.

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

/// A copy of the workspace (without `.git` and build directories) in a
/// fresh temporary folder.
fn copy_workspace(root: &Path, purpose: &str) -> PathBuf {
    let workspace =
        std::env::temp_dir().join(format!("spirv-dialect-{purpose}-{}", std::process::id()));
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
    workspace
}

fn cargo(workspace: &Path, target: &Path, args: &[&str]) {
    let status = Command::new(env!("CARGO"))
        .args(args)
        .current_dir(workspace)
        .env("CARGO_TARGET_DIR", target)
        .status()
        .expect("run cargo");
    assert!(
        status.success(),
        "cargo {args:?} failed in {}",
        workspace.display()
    );
}

/// Builds the copy and returns the number of core ops it lists.
fn build_and_count(workspace: &Path, target: &Path) -> usize {
    cargo(
        workspace,
        target,
        &["build", "--offline", "--quiet", "--bin", "spirv-dialect"],
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
    let workspace = copy_workspace(root, "spec-update");
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

#[test]
fn define_inst_and_define_enum_scaffolds_compile() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = copy_workspace(root, "scaffold");
    let target: PathBuf = root.join("target/spec-update");
    let codegen = ["run", "--offline", "--quiet", "-p", "codegen", "--"];
    for command in [
        &["define-inst", "arithmetic", "OpIAdd"][..],
        &["define-inst", "arithmetic", "OpISub"],
        &["define-inst", "gl", "spirv.GL.Log"],
        &["define-enum", "StorageClass"],
    ] {
        cargo(&workspace, &target, &[&codegen[..], command].concat());
    }
    cargo(
        &workspace,
        &target,
        &["build", "--offline", "--quiet", "--lib"],
    );
    let catalog = std::fs::read_to_string(workspace.join("dialect/spirv/refine/catalog.rs"))
        .expect("catalog");
    std::fs::remove_dir_all(&workspace).ok();
    assert!(
        catalog.contains("&[arithmetic::REFINEMENTS, gl::REFINEMENTS]"),
        "{catalog}"
    );
    assert!(catalog.contains("&[enums::REFINEMENTS]"), "{catalog}");
}
