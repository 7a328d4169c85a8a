//! AmberScript's compute subset: parse a script ([`parser`]), run it on the
//! Vulkan runtime, and report each EXPECT plus a summary. A directory runs
//! every `*.amber` below it. Outcomes map to exit statuses: 0 pass, 1 fail,
//! 77 skipped (the device lacks a feature or extension), 2 parse error.

pub mod data;
pub mod element;
#[cfg(feature = "vulkan")]
mod executor;
#[cfg(feature = "vulkan")]
mod expect;
mod image_parser;
pub mod lexer;
pub mod parser;
mod pipeline_parser;
pub mod script;
pub mod shader;
mod struct_parser;

use lexer::Loc;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Exit status of a skipped test, as automake and Amber use it.
pub const EXIT_SKIP: u8 = 77;

/// How to run scripts.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Load the Khronos validation layer; any message it reports fails the script.
    pub validation: bool,
    /// Device index or name part (see `runtime::vulkan::ContextOptions::device`).
    pub device: Option<String>,
    /// Print each RUN's kernel time from timestamp queries (output then
    /// differs run to run).
    pub timings: bool,
}

/// What running one script came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Pass {
        expectations: usize,
    },
    Fail {
        failed: usize,
        total: usize,
        validation_messages: usize,
    },
    Skip(String),
}

/// An error while running (not a failed expectation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunError {
    pub loc: Option<Loc>,
    pub message: String,
}

/// The result of one file, ready to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileResult {
    Ran(Outcome),
    ParseError(String),
    Error(String),
}

impl FileResult {
    pub fn exit_code(&self) -> u8 {
        match self {
            FileResult::Ran(Outcome::Pass { .. }) => 0,
            FileResult::Ran(Outcome::Skip(_)) => EXIT_SKIP,
            FileResult::ParseError(_) => 2,
            FileResult::Ran(Outcome::Fail { .. }) | FileResult::Error(_) => 1,
        }
    }
}

#[cfg(feature = "vulkan")]
fn execute(
    script: &script::Script,
    file: &str,
    options: &RunOptions,
    out: &mut dyn Write,
) -> Result<Outcome, RunError> {
    executor::execute(script, file, options, out)
}

#[cfg(not(feature = "vulkan"))]
fn execute(
    _: &script::Script,
    _: &str,
    _: &RunOptions,
    _: &mut dyn Write,
) -> Result<Outcome, RunError> {
    Err(RunError {
        loc: None,
        message: "this build has no Vulkan runtime (enable the `vulkan` feature)".into(),
    })
}

/// Parses and runs one script's text, writing EXPECT lines and a summary to `out`.
pub fn run_source(
    source: &str,
    file: &str,
    options: &RunOptions,
    out: &mut dyn Write,
) -> FileResult {
    let script = match parser::parse(source) {
        Ok(script) => script,
        Err(error) => {
            let rendered = error.render(file, source);
            let _ = writeln!(out, "{rendered}");
            return FileResult::ParseError(rendered);
        }
    };
    let result = match execute(&script, file, options, out) {
        Ok(outcome) => FileResult::Ran(outcome),
        Err(RunError { loc, message }) => {
            let rendered = match loc {
                Some(loc) => format!("{file}:{}: error: {message}", loc.line),
                None => format!("{file}: error: {message}"),
            };
            let _ = writeln!(out, "{rendered}");
            FileResult::Error(rendered)
        }
    };
    let summary = match &result {
        FileResult::Ran(Outcome::Pass { expectations }) => {
            format!("PASS ({expectations} expectations)")
        }
        FileResult::Ran(Outcome::Fail {
            failed,
            total,
            validation_messages,
        }) => {
            format!("FAIL ({failed} of {total} expectations failed, {validation_messages} validation messages)")
        }
        FileResult::Ran(Outcome::Skip(reason)) => format!("SKIP ({reason})"),
        _ => "FAIL (error)".to_string(),
    };
    let _ = writeln!(out, "{file}: {summary}");
    result
}

/// Runs one script file.
pub fn run_file(path: &Path, options: &RunOptions, out: &mut dyn Write) -> FileResult {
    let file = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(source) => run_source(&source, &file, options, out),
        Err(e) => {
            let message = format!("{file}: error: cannot read: {e}");
            let _ = writeln!(out, "{message}");
            FileResult::Error(message)
        }
    }
}

fn collect_scripts(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_scripts(&path, found)?;
        } else if path.extension().is_some_and(|e| e == "amber") {
            found.push(path);
        }
    }
    Ok(())
}

/// Runs a file, or every `*.amber` below a directory (in name order) with a
/// totals line; returns the exit status.
pub fn run_path(path: &Path, options: &RunOptions, out: &mut dyn Write) -> u8 {
    if !path.is_dir() {
        return run_file(path, options, out).exit_code();
    }
    let mut scripts = Vec::new();
    if let Err(e) = collect_scripts(path, &mut scripts) {
        let _ = writeln!(out, "{}: error: cannot list: {e}", path.display());
        return 1;
    }
    scripts.sort();
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for script in &scripts {
        match run_file(script, options, out).exit_code() {
            0 => passed += 1,
            EXIT_SKIP => skipped += 1,
            _ => failed += 1,
        }
    }
    let _ = writeln!(
        out,
        "{} scripts: {passed} passed, {failed} failed, {skipped} skipped",
        scripts.len()
    );
    if failed > 0 {
        1
    } else if passed == 0 && skipped > 0 {
        EXIT_SKIP
    } else {
        0
    }
}
