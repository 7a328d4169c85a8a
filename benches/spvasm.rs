//! Assembler and disassembler throughput over the whole corpus, side by
//! side with SPIRV-Tools' `spirv-as`/`spirv-dis` in the same run: the
//! library in-process, and both command lines one process per file (how
//! the tools are used). Prints a markdown section and writes it into
//! BENCHMARKS.md as `## Assembler and disassembler`, keeping other sections.
//!
//! `cargo bench --bench spvasm` (needs ../shared/corpus; the SPIRV-Tools
//! rows need SPIRV-Tools 2025 in the cmeel prefix or on PATH).

#[path = "../tests/support/mod.rs"]
mod support;

use spirv_dialect::binary::{decode_module, encode_module, words_from_bytes};
use spirv_dialect::spvasm::{assemble, disassemble, AssembleOptions, DisassembleOptions};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const SECTION: &str = "## Assembler and disassembler";
/// Each measurement is the best of this many passes over the corpus.
const PASSES: usize = 3;

/// The best wall time of `PASSES` runs of `pass`.
fn best(mut pass: impl FnMut()) -> Duration {
    (0..PASSES)
        .map(|_| {
            let start = Instant::now();
            pass();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn run(command: &mut Command) {
    let status = command
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
    assert!(status.is_ok(), "could not run {command:?}");
}

/// A command line run once per input file.
struct ProcessJob<'a> {
    name: &'a str,
    /// `None` when the tool is absent.
    program: Option<PathBuf>,
    command: &'a [&'a str],
    inputs: &'a [PathBuf],
    output: &'a Path,
    bytes: usize,
}

struct Row {
    what: String,
    time: Duration,
    bytes: usize,
    files: usize,
}

fn main() {
    let files = match support::corpus() {
        Ok(files) if !files.is_empty() => files,
        _ => {
            println!("skipped: no corpus at {}", support::corpus_root().display());
            return;
        }
    };
    let binaries: Vec<Vec<u32>> = files
        .iter()
        .map(|f| words_from_bytes(&std::fs::read(f).expect("readable")).expect("whole words"))
        .collect();
    let texts: Vec<String> = binaries
        .iter()
        .map(|w| disassemble(w, DisassembleOptions::default()).expect("corpus disassembles"))
        .collect();
    let binary_bytes: usize = binaries.iter().map(|w| w.len() * 4).sum();
    let text_bytes: usize = texts.iter().map(String::len).sum();
    let n = files.len();
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string());
    let mut rows = Vec::new();
    let mut row = |what: &str, bytes, files, time| {
        rows.push(Row {
            what: what.to_string(),
            time,
            bytes,
            files,
        });
    };

    let t = best(|| {
        for words in &binaries {
            let (header, insts) = decode_module(words).expect("decodes");
            std::hint::black_box(encode_module(&header, &insts).expect("encodes"));
        }
    });
    row("library: decode + encode (codec)", binary_bytes, n, t);
    let t = best(|| {
        for words in &binaries {
            std::hint::black_box(disassemble(words, DisassembleOptions::default()).expect("dis"));
        }
    });
    row("library: disassemble (friendly names)", binary_bytes, n, t);
    let t = best(|| {
        for text in &texts {
            std::hint::black_box(assemble(text, &AssembleOptions::default()).expect("as"));
        }
    });
    row("library: assemble", text_bytes, n, t);

    // Command lines, one process per file.
    let scratch = std::env::temp_dir().join(format!("spvasm-bench-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch dir");
    let text_files: Vec<PathBuf> = texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let path = scratch.join(format!("{i}.spvasm"));
            std::fs::write(&path, text).expect("scratch write");
            path
        })
        .collect();
    let out_spv = scratch.join("out.spv");
    let out_txt = scratch.join("out.spvasm");
    let ours = Path::new(env!("CARGO_BIN_EXE_spirv-dialect"));
    let tools = support::spirv_tools();
    let job = |name, program: Option<PathBuf>, command, inputs, output, bytes| ProcessJob {
        name,
        program,
        command,
        inputs,
        output,
        bytes,
    };
    let jobs = [
        job(
            "`spirv-dialect dis`",
            Some(ours.to_path_buf()),
            &["dis"][..],
            &files[..],
            &out_txt,
            binary_bytes,
        ),
        job(
            "`spirv-dis`",
            tools.as_ref().map(|t| t.join("spirv-dis")),
            &[],
            &files,
            &out_txt,
            binary_bytes,
        ),
        job(
            "`spirv-dialect as`",
            Some(ours.to_path_buf()),
            &["as"],
            &text_files,
            &out_spv,
            text_bytes,
        ),
        job(
            "`spirv-as`",
            tools.as_ref().map(|t| t.join("spirv-as")),
            &[],
            &text_files,
            &out_spv,
            text_bytes,
        ),
    ];
    // Passes interleave the jobs, so a busy machine slows them alike.
    let jobs: Vec<ProcessJob> = jobs
        .into_iter()
        .filter(|job| job.program.is_some())
        .collect();
    let mut times = vec![Duration::MAX; jobs.len()];
    for _ in 0..PASSES {
        for (job, time) in jobs.iter().zip(&mut times) {
            let Some(program) = &job.program else {
                continue;
            };
            let start = Instant::now();
            for input in job.inputs {
                run(Command::new(program)
                    .args(job.command)
                    .arg(input)
                    .arg("-o")
                    .arg(job.output));
            }
            *time = (*time).min(start.elapsed());
        }
    }
    for (job, time) in jobs.iter().zip(times) {
        row(
            &format!("{}, a process per file", job.name),
            job.bytes,
            n,
            time,
        );
    }
    let _ = std::fs::remove_dir_all(&scratch);

    let mut section = format!(
        "{SECTION}\n\n`cargo bench --bench spvasm`: the whole corpus ({n} files, {:.1} MB of binary, {:.1} MB of \
         disassembly), single-threaded, best of {PASSES} passes, in one run on {cores} cores (load average \
         {load} at the start). The text assembled is our default disassembly (friendly names); the \
         process-per-file rows are dominated by process start-up.{}\n\n| what | time | files/s | MB/s |\n|---|---:|---:|---:|\n",
        binary_bytes as f64 / 1e6,
        text_bytes as f64 / 1e6,
        if tools.is_none() { " SPIRV-Tools 2025 was not found: its rows are missing." } else { "" },
    );
    for r in &rows {
        let secs = r.time.as_secs_f64();
        section.push_str(&format!(
            "| {} | {:.3} s | {:.0} | {:.1} |\n",
            r.what,
            secs,
            r.files as f64 / secs,
            r.bytes as f64 / 1e6 / secs
        ));
    }
    print!("{section}");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("BENCHMARKS.md");
    let old = std::fs::read_to_string(&path).unwrap_or_else(|_| "# Benchmarks\n".to_string());
    std::fs::write(&path, support::replace_section(&old, SECTION, &section))
        .expect("BENCHMARKS.md is writable");
}
