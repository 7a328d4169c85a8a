//! `spirv-dialect as` and `spirv-dialect dis`: assembly text ⇄ binary.

use crate::io::{read_input, write_output};
use spirv_dialect::binary::{words_from_bytes, words_to_bytes};
use spirv_dialect::spvasm::{
    assemble, disassemble, target_env_version, AssembleOptions, DisassembleOptions,
};

/// The input path (`-` for stdin), `-o` path, and the flags left.
struct Paths {
    input: String,
    output: Option<String>,
    flags: Vec<String>,
}

fn split_paths(args: &[String]) -> Result<Paths, String> {
    let mut paths = Paths {
        input: String::new(),
        output: None,
        flags: Vec::new(),
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-o" => paths.output = Some(args.next().ok_or("-o needs a file name")?.clone()),
            "--target-env" => {
                paths.flags.push(arg.clone());
                paths.flags.push(
                    args.next()
                        .ok_or("--target-env needs an environment")?
                        .clone(),
                );
            }
            flag if flag.starts_with("--") => paths.flags.push(flag.to_string()),
            input if paths.input.is_empty() => paths.input = input.to_string(),
            extra => return Err(format!("unexpected argument `{extra}`")),
        }
    }
    if paths.input.is_empty() {
        return Err("no input file".to_string());
    }
    Ok(paths)
}

/// `as IN -o OUT`.
pub fn run_as(args: &[String]) -> Result<(), String> {
    let paths = split_paths(args)?;
    let mut options = AssembleOptions::default();
    let mut flags = paths.flags.iter();
    while let Some(flag) = flags.next() {
        match flag.as_str() {
            "--preserve-numeric-ids" => options.preserve_numeric_ids = true,
            "--target-env" => {
                let env = flags.next().ok_or("--target-env needs an environment")?;
                options.version = Some(
                    target_env_version(env)
                        .ok_or_else(|| format!("unknown target environment `{env}`"))?,
                );
            }
            other => return Err(format!("unknown option `{other}` for as")),
        }
    }
    let bytes = read_input(&paths.input)?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", paths.input))?;
    let words = match assemble(&text, &options) {
        Ok(words) => words,
        Err(error) => {
            // Located errors carry their own `file:line:col: error:` prefix.
            eprintln!("{}", error.render(&paths.input, &text));
            std::process::exit(1);
        }
    };
    let output = paths.output.as_deref().unwrap_or("out.spv");
    write_output(Some(output), &words_to_bytes(&words))
}

/// `dis IN [-o OUT]`.
pub fn run_dis(args: &[String]) -> Result<(), String> {
    let paths = split_paths(args)?;
    let mut options = DisassembleOptions::default();
    for flag in &paths.flags {
        match flag.as_str() {
            "--raw-id" => options.raw_ids = true,
            "--no-header" => options.header = false,
            "--no-indent" => options.indent = false,
            "--no-color" => {}
            other => return Err(format!("unknown option `{other}` for dis")),
        }
    }
    let bytes = read_input(&paths.input)?;
    let words = words_from_bytes(&bytes).map_err(|e| format!("{}: {e}", paths.input))?;
    let text = disassemble(&words, options).map_err(|e| format!("{}: {e}", paths.input))?;
    write_output(paths.output.as_deref(), text.as_bytes())
}
