//! Text front-end benchmark: every corpus module MLIR 19 can deserialize,
//! printed by `mlir-opt-19` in generic and in custom form, each form
//! concatenated with `// -----` (repeated to make one large file); then
//! parse+verify+print of each file in its own form by spirv-dialect (in
//! process) and by `mlir-opt-19 --split-input-file`, best of several runs
//! each, written to the `## Text (parse+verify+print)` section of
//! BENCHMARKS.md.
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

/// MLIR's text for one binary: its generic and its custom form.
fn mlir_texts(spv: &Path) -> Option<[String; 2]> {
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
    let print = |flags: &[&str]| {
        let out = Command::new("mlir-opt-19")
            .args(flags)
            .arg(&dir)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8(out.stdout).ok())
            .flatten()
    };
    Some([print(&["--mlir-print-op-generic"])?, print(&[])?])
}

/// Parse, verify and print every chunk, as `opt --split-input-file` does
/// (with `--mlir-print-op-generic` when `generic`); returns the output.
fn ours(text: &str, generic: bool) -> Result<String, String> {
    let syntax = dialects::syntax();
    let mut outputs = Vec::new();
    for (first_line, chunk) in split_input_file(text) {
        let mut ctx = dialects::context();
        let module = parse_module(&mut ctx, &syntax, chunk, "bench.mlir", first_line)
            .map_err(|d| d.message)?;
        spirv_dialect::verify::verify(&ctx, module).map_err(|d| d.message)?;
        outputs.push(print_op(&ctx, &syntax, module, PrintOptions { generic, ..PrintOptions::default() }) + "\n");
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
    let modules: Vec<[String; 2]> = files.iter().filter_map(|f| mlir_texts(f)).collect();
    if modules.is_empty() {
        eprintln!("skipped: mlir-translate-19 / mlir-opt-19 unavailable");
        return;
    }
    let chunks = modules.len() * repeat;
    let mut rows = String::new();
    let mut summary = Vec::new();
    let mut input_sizes = Vec::new();
    for (form, generic) in [("generic", true), ("custom", false)] {
        let index = usize::from(!generic);
        let texts: Vec<&str> = modules.iter().map(|m| m[index].as_str()).collect();
        let one_copy = texts.join(&format!("{SPLIT_MARKER}\n"));
        let text = vec![one_copy; repeat].join(&format!("{SPLIT_MARKER}\n"));
        let input = std::env::temp_dir().join(format!("spirv-dialect-bench-{form}.mlir"));
        std::fs::write(&input, &text).expect("write the benchmark input");
        let (ours_time, ours_out) = best(runs, || ours(&text, generic));
        let ours_out = ours_out.expect("spirv-dialect handles MLIR's output");
        let mut flags = vec!["--split-input-file"];
        if generic {
            flags.push("--mlir-print-op-generic");
        }
        let (mlir_time, mlir_out) = best(runs, || {
            Command::new("mlir-opt-19")
                .args(&flags)
                .arg(&input)
                .output()
                .expect("run mlir-opt-19")
        });
        let identical = mlir_out.stdout == ours_out.as_bytes();
        let mb = text.len() as f64 / 1e6;
        let rate = |d: Duration| mb / d.as_secs_f64();
        let speedup = mlir_time.as_secs_f64() / ours_time.as_secs_f64();
        input_sizes.push(format!("{mb:.2} MB in {form} form"));
        rows.push_str(&format!(
            "| {form} | spirv-dialect (in process: split, parse, verify, print) | {:.1} ms | {:.1} MB/s |\n\
             | {form} | `mlir-opt-19 {}` | {:.1} ms | {:.1} MB/s |\n",
            ours_time.as_secs_f64() * 1e3,
            rate(ours_time),
            flags.join(" "),
            mlir_time.as_secs_f64() * 1e3,
            rate(mlir_time),
        ));
        summary.push(format!(
            "{form} form {speedup:.2}× (outputs byte-identical: {})",
            if identical { "yes" } else { "no" }
        ));
    }
    // The share of our time spent creating a context (every op registered)
    // per chunk, as each chunk gets a fresh one.
    let (contexts_time, _) = best(runs, || {
        for _ in 0..chunks {
            std::hint::black_box(dialects::context());
        }
    });
    let section = format!(
        "{SECTION}\n\n\
         Input: the {} corpus modules that `mlir-translate-19 --deserialize-spirv` accepts, printed by \
         `mlir-opt-19` in generic and in custom form, each form concatenated with `// -----` and repeated \
         {repeat}× ({chunks} chunks; {}). Each tool reads the file of one form and prints that form. \
         Best of {runs} runs, same machine, same run (`cd bench/text && cargo run --release`); {}.\n\n\
         | form | tool | time | throughput |\n|---|---|---|---|\n{rows}\n\
         Speed-up: {}. Of spirv-dialect's time, creating the {chunks} fresh contexts (every op \
         registered) takes {:.1} ms per form.\n\
         (spirv-dialect's verifier checks structure, dominance, symbols and the ops' operand and type \
         rules; mlir-opt-19 also runs the SPIR-V ops' own verifiers.)\n",
        modules.len(),
        input_sizes.join(", "),
        machine_load(),
        summary.join("; "),
        contexts_time.as_secs_f64() * 1e3,
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

/// The 1-minute load average and the core count, when the OS tells them.
fn machine_load() -> String {
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string));
    let cores = std::thread::available_parallelism().map(|n| n.get()).ok();
    match (load, cores) {
        (Some(load), Some(cores)) => format!("load average {load} on {cores} cores"),
        _ => "machine load unknown".into(),
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
