//! Text front-end benchmark: every corpus module MLIR 19 can deserialize,
//! printed in generic form by `mlir-opt-19`, concatenated with `// -----`
//! (repeated to make one large file); then parse+verify+print of that file
//! by spirv-dialect (in process) and by `mlir-opt-19 --split-input-file`,
//! best of several runs each, written to the `## Text (parse+verify+print)`
//! section of BENCHMARKS.md.
//!
//! `cargo run --release [-- --repeat N --runs R --no-write]`

use spirv_dialect::dialects;
use spirv_dialect::support::files::files_with_extension;
use spirv_dialect::text::split::{split_input_file, SPLIT_MARKER};
use spirv_dialect::text::{parse_module, print_op, PrintOptions};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SECTION: &str = "## Text (parse+verify+print)";

fn mlir_generic(spv: &Path) -> Option<String> {
    let de = Command::new("mlir-translate-19")
        .arg("--deserialize-spirv")
        .arg(spv)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !de.status.success() {
        return None;
    }
    let dir = std::env::temp_dir().join("spirv-dialect-bench-one.mlir");
    std::fs::write(&dir, &de.stdout).ok()?;
    let out = Command::new("mlir-opt-19")
        .arg("--mlir-print-op-generic")
        .arg(&dir)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8(out.stdout).ok())
        .flatten()
}

/// Parse, verify and print every chunk, as `opt --split-input-file
/// --mlir-print-op-generic` does; returns the output.
fn ours(text: &str) -> Result<String, String> {
    let syntax = dialects::syntax();
    let mut outputs = Vec::new();
    for (first_line, chunk) in split_input_file(text) {
        let mut ctx = dialects::context();
        let module = parse_module(&mut ctx, &syntax, chunk, "bench.mlir", first_line)
            .map_err(|d| d.message)?;
        spirv_dialect::verify::verify(&ctx, module).map_err(|d| d.message)?;
        outputs.push(print_op(&ctx, &syntax, module, PrintOptions { generic: true }) + "\n");
    }
    Ok(outputs.join(&format!("{SPLIT_MARKER}\n")))
}

fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let start = Instant::now();
        let out = f();
        best = best.min(start.elapsed());
        last = Some(out);
    }
    (best, last.expect("at least one run"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str, default: usize| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (repeat, runs) = (flag("--repeat", 10), flag("--runs", 5));
    let write = !args.iter().any(|a| a == "--no-write");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let files = files_with_extension(&root.join("../shared/corpus"), "spv");
    if files.is_empty() {
        eprintln!("skipped: no corpus in ../shared/corpus");
        return;
    }
    let modules: Vec<String> = files.iter().filter_map(|f| mlir_generic(f)).collect();
    if modules.is_empty() {
        eprintln!("skipped: mlir-translate-19 / mlir-opt-19 unavailable");
        return;
    }
    let one_copy = modules.join(&format!("{SPLIT_MARKER}\n"));
    let text = vec![one_copy; repeat].join(&format!("{SPLIT_MARKER}\n"));
    let input = std::env::temp_dir().join("spirv-dialect-bench-text.mlir");
    std::fs::write(&input, &text).expect("write the benchmark input");
    let chunks = modules.len() * repeat;
    let ops = text
        .lines()
        .filter(|l| l.trim_start().starts_with('"') || l.contains(" = \""))
        .count();

    let (ours_time, ours_out) = best(runs, || ours(&text));
    let ours_out = ours_out.expect("spirv-dialect handles MLIR's output");
    let (mlir_time, mlir_out) = best(runs, || {
        Command::new("mlir-opt-19")
            .args(["--split-input-file", "--mlir-print-op-generic"])
            .arg(&input)
            .output()
            .expect("run mlir-opt-19")
    });
    let identical = mlir_out.stdout == ours_out.as_bytes();
    let mb = text.len() as f64 / 1e6;
    let rate = |d: Duration| mb / d.as_secs_f64();
    let speedup = mlir_time.as_secs_f64() / ours_time.as_secs_f64();
    let section = format!(
        "{SECTION}\n\n\
         Input: the {} corpus modules that `mlir-translate-19 --deserialize-spirv` accepts, in MLIR's generic form, \
         concatenated with `// -----` and repeated {repeat}× ({chunks} chunks, {:.2} MB, about {ops} ops). \
         Best of {runs} runs, same machine, same run (`cd bench/text && cargo run --release`).\n\n\
         | tool | time | throughput |\n|---|---|---|\n\
         | spirv-dialect (in process: split, parse, verify, print generic) | {:.1} ms | {:.1} MB/s |\n\
         | `mlir-opt-19 --split-input-file --mlir-print-op-generic` | {:.1} ms | {:.1} MB/s |\n\n\
         Speed-up: {speedup:.2}×. Outputs byte-identical: {}.\n\
         (spirv-dialect's verifier checks structure, dominance and symbols; mlir-opt-19 also runs the SPIR-V ops' own verifiers.)\n",
        modules.len(),
        mb,
        ours_time.as_secs_f64() * 1e3,
        rate(ours_time),
        mlir_time.as_secs_f64() * 1e3,
        rate(mlir_time),
        if identical { "yes" } else { "no" },
    );
    print!("{section}");
    if write {
        let path = root.join("BENCHMARKS.md");
        let old = std::fs::read_to_string(&path).unwrap_or_else(|_| "# Benchmarks\n".into());
        let new = replace_section(&old, &section);
        std::fs::write(&path, new).expect("write BENCHMARKS.md");
        println!("wrote {}", path.display());
    }
}

/// `doc` with the text section replaced (or appended), other sections kept.
fn replace_section(doc: &str, section: &str) -> String {
    let Some(start) = doc.find(SECTION) else {
        return format!("{}\n\n{section}", doc.trim_end());
    };
    let after = &doc[start + SECTION.len()..];
    let end = after
        .find("\n## ")
        .map(|i| start + SECTION.len() + i + 1)
        .unwrap_or(doc.len());
    format!(
        "{}{section}{}{}",
        &doc[..start],
        if end < doc.len() { "\n" } else { "" },
        &doc[end..]
    )
}
