//! `spirv-dialect translate`, as `mlir-translate` does it:
//! `--deserialize-spirv` (binary → MLIR text), `--serialize-spirv` (MLIR
//! text → binary; the input's single `spirv.module`, or with
//! `--no-implicit-module` the top-level op itself) and
//! `--test-spirv-roundtrip` (text → binary → text; `-debug` writes every
//! op's source position as an `OpLine` on the way, as
//! `--spirv-emit-debug-info` does for `--serialize-spirv`;
//! `--split-input-file` round-trips each `// -----` chunk on its own).
//! Modules are verified before they are written.

use crate::io::{read_input, read_text, write_output};
use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::{serialize_with, SerializeOptions};
use spirv_dialect::binary::{words_from_bytes, words_to_bytes};
use spirv_dialect::ir::{Context, Op};
use spirv_dialect::text::diagnostics::{render, Source};
use spirv_dialect::text::split::split_input_file;
use spirv_dialect::text::{parse_module, parse_single_op, print_op, PrintOptions};

const USAGE: &str =
    "usage: spirv-dialect translate --deserialize-spirv IN.spv [-o OUT.mlir] [PRINT]
       spirv-dialect translate --serialize-spirv IN.mlir [-o OUT.spv] [--no-implicit-module] [--spirv-emit-debug-info]
       spirv-dialect translate --test-spirv-roundtrip[-debug] IN.mlir [-o OUT.mlir] [--split-input-file] [PRINT]
PRINT: --mlir-print-op-generic, --mlir-print-debuginfo";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Deserialize,
    Serialize,
    Roundtrip,
}

struct Options {
    mode: Mode,
    input: String,
    output: Option<String>,
    print: PrintOptions,
    implicit_module: bool,
    serialize: SerializeOptions,
    split: bool,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut mode = None;
    let mut input = None;
    let mut output = None;
    let mut print = PrintOptions::default();
    let mut implicit_module = true;
    let mut serialize = SerializeOptions::default();
    let mut split = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.trim_start_matches('-') {
            "deserialize-spirv" => mode = Some(Mode::Deserialize),
            "serialize-spirv" => mode = Some(Mode::Serialize),
            "test-spirv-roundtrip" => mode = Some(Mode::Roundtrip),
            "test-spirv-roundtrip-debug" => {
                mode = Some(Mode::Roundtrip);
                serialize.emit_debug_info = true;
            }
            "spirv-emit-debug-info" => serialize.emit_debug_info = true,
            "split-input-file" => split = true,
            "mlir-print-op-generic" => print.generic = true,
            "mlir-print-debuginfo" => print.debuginfo = true,
            "no-implicit-module" => implicit_module = false,
            "o" => output = Some(args.next().ok_or("`-o` needs a file name")?.clone()),
            _ if arg.starts_with('-') && arg != "-" => {
                return Err(format!("unknown option `{arg}`\n{USAGE}"))
            }
            _ if input.is_none() => input = Some(arg.clone()),
            _ => return Err(format!("unexpected argument `{arg}`")),
        }
    }
    match (mode, input) {
        (Some(mode), Some(input)) => Ok(Options {
            mode,
            input,
            output,
            print,
            implicit_module,
            serialize,
            split,
        }),
        _ => Err(USAGE.to_string()),
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    let o = parse_args(args)?;
    let input = &o.input;
    if o.mode == Mode::Deserialize {
        let bytes = read_input(input)?;
        let words = words_from_bytes(&bytes).map_err(|e| format!("{input}: {e}"))?;
        let (ctx, module) = deserialize(&words).map_err(|e| format!("{input}: {e}"))?;
        let text = printed(&ctx, module, &o)?;
        return write_output(o.output.as_deref(), text.as_bytes());
    }
    let source = read_text(input)?;
    let chunks = match o.split {
        true => split_input_file(&source),
        false => vec![(1, source.as_str())],
    };
    if o.mode == Mode::Serialize {
        let [(first_line, chunk)] = chunks[..] else {
            return Err(
                "--split-input-file writes text: use it with --test-spirv-roundtrip".into(),
            );
        };
        let words = serialized(&Source::new(input, chunk, first_line), &o)?;
        return write_output(o.output.as_deref(), &words_to_bytes(&words));
    }
    // Each chunk's output, or its error; all chunks run.
    let mut outputs = Vec::new();
    let mut errors = Vec::new();
    for (first_line, chunk) in chunks {
        let source = Source::new(input, chunk, first_line);
        let result = serialized(&source, &o).and_then(|words| {
            let (ctx, module) =
                deserialize(&words).map_err(|e| format!("{input}: reading back: {e}"))?;
            printed(&ctx, module, &o)
        });
        match result {
            Ok(text) => outputs.push(text),
            Err(e) => errors.push(e),
        }
    }
    // mlir-translate puts an empty line between the chunks' outputs.
    write_output(o.output.as_deref(), outputs.join("\n").as_bytes())?;
    match errors.is_empty() {
        true => Ok(()),
        false => Err(errors.join("\n")),
    }
}

/// The words of the module `source` holds, parsed and verified.
fn serialized(source: &Source, o: &Options) -> Result<Vec<u32>, String> {
    let syntax = spirv_dialect::dialects::syntax();
    let mut ctx = spirv_dialect::dialects::context();
    let parse = match o.implicit_module {
        true => parse_module,
        false => parse_single_op,
    };
    let top = parse(
        &mut ctx,
        &syntax,
        source.text,
        source.name,
        source.first_line,
    )
    .map_err(|d| render(&ctx, &d, *source))?;
    spirv_dialect::verify::verify(&ctx, top).map_err(|d| render(&ctx, &d, *source))?;
    let module = spirv_module(&ctx, top, o.implicit_module)?;
    serialize_with(&ctx, module, o.serialize).map_err(|e| format!("{}: {e}", source.name))
}

/// A deserialized module, verified and printed (ending, as mlir-translate's
/// output does, with the module's closing line).
fn printed(ctx: &Context, module: Op, o: &Options) -> Result<String, String> {
    let input = &o.input;
    spirv_dialect::verify::verify(ctx, module)
        .map_err(|d| format!("{input}: {}", render(ctx, &d, Source::new(input, "", 1))))?;
    Ok(print_op(
        ctx,
        &spirv_dialect::dialects::syntax(),
        module,
        o.print,
    ))
}

/// The `spirv.module` to serialize: `top` itself without an implicit
/// module (the buffer's single op), else the single `spirv.module` inside
/// it.
fn spirv_module(ctx: &Context, top: Op, implicit_module: bool) -> Result<Op, String> {
    if !implicit_module && ctx.op_name_str(top) != "spirv.module" {
        let found = ctx.op_name_str(top);
        return Err(format!("expected a 'spirv.module' op, got '{found}'"));
    }
    let inner = || {
        let region = ctx.regions(top).first()?;
        let block = ctx.region_blocks(*region).first()?;
        let mut modules = ctx
            .block_ops(*block)
            .filter(|&op| ctx.op_name_str(op) == "spirv.module");
        let first = modules.next()?;
        modules.next().is_none().then_some(first)
    };
    let module = match ctx.op_name_str(top) {
        "spirv.module" => Some(top),
        _ if implicit_module => inner(),
        _ => None,
    };
    module.ok_or_else(|| "expected exactly one spirv.module".to_string())
}
