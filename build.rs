//! Runs the grammar generator (`codegen`) over `grammar-json/` into `OUT_DIR`.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=grammar-json");
    println!("cargo:rerun-if-changed=codegen");
    let root = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let outputs = match codegen::generate(&root.join("grammar-json")) {
        Ok(outputs) => outputs,
        Err(e) => {
            eprintln!("error: grammar-json: {e}");
            std::process::exit(1);
        }
    };
    if let Err(e) = codegen::write_outputs(&out, &outputs) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
