//! Binary ⇄ IR work counted rather than timed: the instructions the CPU
//! executes for one pass over the corpus, ours and rspirv 0.13's side by
//! side, as callgrind counts them. The counts do not move with the load on
//! the machine, so small changes show where wall times are too noisy.
//! Prints a markdown section and writes it into BENCHMARKS.md as
//! `## Binary ⇄ IR: instructions executed`, keeping other sections.
//!
//! `cargo bench --bench binary_work` (needs ../shared/corpus and
//! valgrind). Each side runs in a process of its own under callgrind, once
//! with one pass and once with three; half the difference is one pass,
//! reading the corpus and preparing the input left out.

#[path = "../tests/support/mod.rs"]
mod support;

use rspirv::binary::Assemble;
use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::serialize;
use spirv_dialect::binary::{decode_module, words_from_bytes};
use std::hint::black_box;
use std::path::Path;
use std::process::Command;

const SECTION: &str = "## Binary ⇄ IR: instructions executed";

/// Each side: its argument and its row's label.
const SIDES: [(&str, &str); 4] = [
    ("deserialize", "binary → IR: ours (`binary::deserialize`)"),
    ("load_words", "binary → IR: rspirv `dr::load_words`"),
    ("serialize", "IR → binary: ours (`binary::serialize`)"),
    ("assemble", "IR → binary: rspirv `assemble`"),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match &args[..] {
        [side, passes] if SIDES.iter().any(|s| s.0 == side) => {
            run_side(side, passes.parse().unwrap_or(1));
        }
        _ => measure(),
    }
}

/// The corpus modules both readers accept.
fn modules() -> Vec<Vec<u32>> {
    let files = support::corpus().unwrap_or_default();
    (files.iter())
        .filter_map(|f| std::fs::read(f).ok())
        .filter_map(|b| words_from_bytes(&b).ok())
        .filter(|w| deserialize(w).is_ok() && rspirv::dr::load_words(w).is_ok())
        .collect()
}

/// `passes` passes of one side over the corpus, after preparing its input.
fn run_side(side: &str, passes: usize) {
    let modules = modules();
    match side {
        "deserialize" => (0..passes).for_each(|_| {
            for words in &modules {
                black_box(deserialize(words).map(|r| r.1).ok());
            }
        }),
        "load_words" => (0..passes).for_each(|_| {
            for words in &modules {
                black_box(rspirv::dr::load_words(words).ok());
            }
        }),
        "serialize" => {
            let irs: Vec<_> = modules.iter().filter_map(|w| deserialize(w).ok()).collect();
            (0..passes).for_each(|_| {
                for (ctx, module) in &irs {
                    black_box(serialize(ctx, *module).map(|w| w.len()).ok());
                }
            });
        }
        _ => {
            let loaded: Vec<_> = (modules.iter())
                .filter_map(|w| rspirv::dr::load_words(w).ok())
                .collect();
            (0..passes).for_each(|_| {
                for module in &loaded {
                    black_box(module.assemble().len());
                }
            });
        }
    }
}

/// The instructions callgrind counts for `side` run with `passes` passes.
fn counted(side: &str, passes: usize) -> Result<u64, String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let output = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(me)
        .args([side, &passes.to_string()])
        .output()
        .map_err(|e| format!("valgrind: {e}"))?;
    let report = String::from_utf8_lossy(&output.stderr);
    let refs = report.lines().find_map(|line| {
        line.split_once("refs:")
            .map(|(_, n)| n.trim().replace(',', ""))
    });
    refs.and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("no count from valgrind for {side}:\n{report}"))
}

fn measure() {
    let Some(_) = support::corpus_or_skip() else {
        return;
    };
    if Command::new("valgrind").arg("--version").output().is_err() {
        println!("skipped: valgrind is absent");
        return;
    }
    let modules = modules();
    let words: usize = modules.iter().map(Vec::len).sum();
    let instructions: usize = (modules.iter())
        .filter_map(|w| decode_module(w).ok())
        .map(|m| m.1.len())
        .sum();
    let mut per_pass = Vec::new();
    for (side, _) in SIDES {
        let one = counted(side, 1).unwrap_or_else(|e| panic!("{e}"));
        let three = counted(side, 3).unwrap_or_else(|e| panic!("{e}"));
        per_pass.push(three.saturating_sub(one) / 2);
    }
    let mut section = format!(
        "{SECTION}\n\n`cargo bench --bench binary_work`: CPU instructions executed (callgrind) \
         for one pass over the {} corpus modules both sides read ({words} words, {instructions} \
         SPIR-V instructions), each side in a process of its own; reading the corpus and \
         preparing each side's input are left out.\n\n\
         | what | instructions per pass | per SPIR-V instruction |\n|---|---:|---:|\n",
        modules.len()
    );
    for ((_, label), count) in SIDES.iter().zip(&per_pass) {
        let each = *count as f64 / instructions.max(1) as f64;
        section.push_str(&format!("| {label} | {count} | {each:.0} |\n"));
    }
    let ratio = |peer: u64, ours: u64| peer as f64 / ours.max(1) as f64;
    let each = |count: u64, share: f64| count as f64 / share / instructions.max(1) as f64;
    section.push_str(&format!(
        "\nrspirv executes {:.2}× our instruction count reading and {:.2}× writing \
         (above 1 means we execute fewer). At equal instructions per cycle, reading \
         5× as fast as rspirv leaves {:.0} instructions per SPIR-V instruction, and \
         writing 2× as fast {:.0}.\n",
        ratio(per_pass[1], per_pass[0]),
        ratio(per_pass[3], per_pass[2]),
        each(per_pass[1], 5.0),
        each(per_pass[3], 2.0),
    ));
    print!("{section}");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("BENCHMARKS.md");
    let old = std::fs::read_to_string(&path).unwrap_or_else(|_| "# Benchmarks\n".to_string());
    let new = support::replace_section(&old, SECTION, &section);
    std::fs::write(&path, new).expect("BENCHMARKS.md is writable");
}
