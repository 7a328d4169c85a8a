//! `spirv-dialect translate`: SPIR-V binary → MLIR text, as
//! `mlir-translate --deserialize-spirv` does. The module is verified before
//! it is printed.

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::words_from_bytes;
use spirv_dialect::text::diagnostics::render;
use spirv_dialect::text::{print_op, PrintOptions};

const USAGE: &str =
    "usage: spirv-dialect translate --deserialize-spirv IN.spv [-o OUT.mlir] [--mlir-print-op-generic]";

pub fn run(args: &[String]) -> Result<(), String> {
    let mut input = None;
    let mut output = None;
    let mut deserialize_flag = false;
    let mut print = PrintOptions::default();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--deserialize-spirv" | "-deserialize-spirv" => deserialize_flag = true,
            "--mlir-print-op-generic" | "-mlir-print-op-generic" => print.generic = true,
            "-o" => output = Some(args.next().ok_or("`-o` needs a file name")?.clone()),
            flag if flag.starts_with('-') => {
                return Err(format!("unknown option `{flag}`\n{USAGE}"))
            }
            path if input.is_none() => input = Some(path.to_string()),
            extra => return Err(format!("unexpected argument `{extra}`")),
        }
    }
    let (Some(input), true) = (input, deserialize_flag) else {
        return Err(USAGE.to_string());
    };
    let bytes = std::fs::read(&input).map_err(|e| format!("cannot read `{input}`: {e}"))?;
    let words = words_from_bytes(&bytes).map_err(|e| format!("{input}: {e}"))?;
    let (ctx, module) = deserialize(&words).map_err(|e| format!("{input}: {e}"))?;
    let syntax = spirv_dialect::dialects::syntax();
    if let Err(d) = spirv_dialect::verify::verify(&ctx, module) {
        return Err(format!("{input}: {}", render(&ctx, &d, "", 1)));
    }
    let mut text = print_op(&ctx, &syntax, module, print);
    text.push('\n');
    match output.as_deref() {
        None | Some("-") => std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes())
            .map_err(|e| format!("writing stdout: {e}")),
        Some(path) => std::fs::write(path, text).map_err(|e| format!("cannot write `{path}`: {e}")),
    }
}
