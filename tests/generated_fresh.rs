//! `generated/` is the checked-in copy of what the generator emits: it must
//! equal a fresh in-memory run, byte for byte, and the generator must give
//! the same bytes on every run.

use std::path::Path;

const UPDATE: &str = "cargo run -p codegen -- update";

#[test]
fn generated_copy_is_fresh() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let outputs = codegen::generate(&root.join("grammar-json")).expect("the grammar generates");
    let stale = codegen::stale_outputs(&root.join("generated"), &outputs);
    assert!(
        stale.is_empty(),
        "generated/ is stale: {}\nregenerate it with `{UPDATE}`",
        stale.join("; ")
    );
}

#[test]
fn generation_is_deterministic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let first = codegen::generate(&root.join("grammar-json")).expect("the grammar generates");
    let second = codegen::generate(&root.join("grammar-json")).expect("the grammar generates");
    assert_eq!(first, second);
}

#[test]
fn a_hand_edit_of_generated_is_detected() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let outputs = codegen::generate(&root.join("grammar-json")).expect("the grammar generates");
    let dir = std::env::temp_dir().join(format!("spirv-dialect-fresh-{}", std::process::id()));
    codegen::write_outputs(&dir, &outputs).expect("write a copy");
    assert!(codegen::stale_outputs(&dir, &outputs).is_empty());
    let ops = dir.join("ops.rs");
    let text = std::fs::read_to_string(&ops).expect("read ops.rs");
    std::fs::write(
        &ops,
        text.replacen("\"spirv.IAdd\"", "\"spirv.IAddEdited\"", 1),
    )
    .expect("edit ops.rs");
    let stale = codegen::stale_outputs(&dir, &outputs);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(stale.len(), 1);
    assert!(
        stale[0].starts_with("ops.rs differs from line"),
        "{stale:?}"
    );
}
