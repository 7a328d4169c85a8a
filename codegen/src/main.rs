//! `cargo run -p codegen -- <command>`:
//! - `update`: regenerate `generated/` from `grammar-json/`;
//! - `check`: fail (with a diff summary) when `generated/` is stale;
//! - `time`: measure generation (best and median of 20 runs) and the size of
//!   what it generates;
//! - `define-inst <category> <OpName>` / `define-enum <Kind>`: write a
//!   refinement scaffold into the hand-written layer.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

const USAGE: &str = "usage: cargo run -p codegen -- update | check | time | define-inst <category> <OpName> | define-enum <Kind>";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = workspace_root();
    let grammar = root.join("grammar-json");
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["update"] => codegen::generate(&grammar)
            .and_then(|outputs| codegen::write_outputs(&root.join("generated"), &outputs))
            .map(|()| println!("generated/ updated from grammar-json/")),
        ["check"] => codegen::generate(&grammar).and_then(|outputs| {
            let stale = codegen::stale_outputs(&root.join("generated"), &outputs);
            if stale.is_empty() {
                println!("generated/ is up to date");
                Ok(())
            } else {
                Err(codegen::Error::new(format!(
                    "generated/ is stale ({}); run `cargo run -p codegen -- update`",
                    stale.join(", ")
                )))
            }
        }),
        ["time"] => time_generation(&grammar),
        ["define-inst", category, op] => codegen::load_model(&grammar)
            .and_then(|model| codegen::scaffold::define_inst(&model, &root, category, op))
            .map(|written| {
                written
                    .iter()
                    .for_each(|p| println!("wrote {}", p.display()))
            }),
        ["define-enum", kind] => codegen::load_model(&grammar)
            .and_then(|model| codegen::scaffold::define_enum(&model, &root, kind))
            .map(|written| {
                written
                    .iter()
                    .for_each(|p| println!("wrote {}", p.display()))
            }),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn time_generation(grammar: &Path) -> Result<(), codegen::Error> {
    let mut times = Vec::new();
    let mut outputs = Vec::new();
    for _ in 0..20 {
        let start = std::time::Instant::now();
        outputs = codegen::generate(grammar)?;
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "generate: best {:.1} ms, median {:.1} ms (20 runs)",
        times[0], times[10]
    );
    for output in &outputs {
        println!(
            "{}: {} lines, {} bytes",
            output.path,
            output.contents.lines().count(),
            output.contents.len()
        );
    }
    Ok(())
}
