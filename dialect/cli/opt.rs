//! `spirv-dialect opt`: parse MLIR text, verify it, run passes named by
//! MLIR-style flags, and print it, as `mlir-opt` does. Supports
//! `--split-input-file`, `--verify-diagnostics`, `--mlir-print-op-generic`
//! and `-o OUT`; `-` is stdin/stdout. Reported errors exit with status 1.

use crate::expected::{check_expectations, Expectations};
use crate::io::{read_text, write_output};
use spirv_dialect::ir::pass::{PassManager, PassRegistry};
use spirv_dialect::ir::{Context, Diagnostic};
use spirv_dialect::text::diagnostics::{render, Source};
use spirv_dialect::text::split::{split_input_file, SPLIT_MARKER};
use spirv_dialect::text::{parse_module, print_op, PrintOptions, Syntax};

struct Options {
    input: String,
    output: String,
    split: bool,
    verify_diagnostics: bool,
    print: PrintOptions,
    pass_flags: Vec<String>,
}

fn parse_args(args: &[String], registry: &PassRegistry) -> Result<Options, String> {
    let mut o = Options {
        input: String::new(),
        output: "-".into(),
        split: false,
        verify_diagnostics: false,
        print: PrintOptions::default(),
        pass_flags: Vec::new(),
    };
    let mut probe = PassManager::default();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "--split-input-file" | "-split-input-file" => o.split = true,
            "--verify-diagnostics" | "-verify-diagnostics" => o.verify_diagnostics = true,
            "--mlir-print-op-generic" | "-mlir-print-op-generic" => o.print.generic = true,
            "--mlir-print-debuginfo" | "-mlir-print-debuginfo" => o.print.debuginfo = true,
            "--allow-unregistered-dialect" | "-allow-unregistered-dialect" => {}
            "-o" => {
                i += 1;
                o.output = args.get(i).ok_or("`-o` needs a file name")?.clone();
            }
            "-" => o.input = "-".into(),
            _ if a.starts_with('-') => {
                if !probe.add_flag(registry, a)? {
                    return Err(format!("unknown option `{a}`"));
                }
                o.pass_flags.push(a.to_string());
            }
            _ if o.input.is_empty() => o.input = a.to_string(),
            _ => return Err(format!("unexpected argument `{a}`")),
        }
        i += 1;
    }
    if o.input.is_empty() {
        return Err("usage: spirv-dialect opt IN.mlir [--split-input-file] [--verify-diagnostics] [--mlir-print-op-generic] [--mlir-print-debuginfo] [--PASS ...] [-o OUT]".into());
    }
    Ok(o)
}

/// The passes `opt` knows.
fn pass_registry() -> PassRegistry {
    let mut registry = PassRegistry::default();
    spirv_dialect::transforms::register(&mut registry);
    registry
}

pub fn run(args: &[String]) -> Result<(), String> {
    let registry = pass_registry();
    let options = parse_args(args, &registry)?;
    let source = read_text(&options.input)?;
    let file_name = if options.input == "-" {
        "<stdin>"
    } else {
        options.input.as_str()
    };
    let syntax = spirv_dialect::dialects::syntax();
    let chunks = if options.split {
        split_input_file(&source)
    } else {
        vec![(1, source.as_str())]
    };
    let mut outputs = Vec::new();
    let mut stderr = String::new();
    let mut failed = false;
    for (first_line, chunk) in chunks {
        let mut ctx = spirv_dialect::dialects::context();
        let result = process_chunk(
            &mut ctx, &syntax, chunk, file_name, first_line, &options, &registry,
        );
        if options.verify_diagnostics {
            let expectations = Expectations::scan(chunk, first_line);
            let produced: Vec<Diagnostic> = match &result {
                Ok(_) => Vec::new(),
                Err(d) => flatten(d),
            };
            let problems = check_expectations(&ctx, file_name, &expectations, &produced);
            if !problems.is_empty() {
                failed = true;
                for p in problems {
                    stderr.push_str(&render(&ctx, &p, Source::new(file_name, chunk, first_line)));
                }
            }
            if let Ok(text) = result {
                outputs.push(text);
            }
            continue;
        }
        match result {
            Ok(text) => outputs.push(text),
            Err(d) => {
                failed = true;
                stderr.push_str(&render(&ctx, &d, Source::new(file_name, chunk, first_line)));
            }
        }
    }
    let text = outputs.join(&format!("{SPLIT_MARKER}\n"));
    write_output(Some(&options.output), text.as_bytes())?;
    eprint!("{stderr}");
    if failed {
        let _ = std::io::Write::flush(&mut std::io::stdout());
        std::process::exit(1);
    }
    Ok(())
}

fn process_chunk(
    ctx: &mut Context,
    syntax: &Syntax,
    chunk: &str,
    file_name: &str,
    first_line: u32,
    options: &Options,
    registry: &PassRegistry,
) -> Result<String, Diagnostic> {
    let module = parse_module(ctx, syntax, chunk, file_name, first_line)?;
    spirv_dialect::verify::verify(ctx, module)?;
    let mut passes = PassManager::default();
    for flag in &options.pass_flags {
        passes
            .add_flag(registry, flag)
            .map_err(|e| Diagnostic::error(ctx.op_loc(module), e))?;
    }
    passes.run(ctx, module, &|c, op| spirv_dialect::verify::verify(c, op))?;
    let mut text = print_op(ctx, syntax, module, options.print);
    text.push('\n');
    Ok(text)
}

/// A diagnostic followed by its notes, as separate diagnostics.
fn flatten(d: &Diagnostic) -> Vec<Diagnostic> {
    let mut out = vec![Diagnostic {
        notes: Vec::new(),
        ..d.clone()
    }];
    out.extend(d.notes.iter().cloned());
    out
}
