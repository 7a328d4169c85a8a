//! `spirv-dialect run FILE.amber|DIR|- [--backend vulkan|cpu] [--validate] [--timings] [--device D]`:
//! runs AmberScript compute tests; exit status 0 pass, 1 fail, 77 skip, 2 usage or parse error.

use spirv_dialect::amber::{run_path, run_source, RunOptions};
use std::path::PathBuf;

pub const USAGE: &str =
    "usage: spirv-dialect run FILE.amber|DIR|- [--backend vulkan|cpu] [--validate] [--timings] [--device INDEX|NAME]";

/// Runs the subcommand; returns the exit status.
pub fn main(args: &[String]) -> u8 {
    let mut options = RunOptions::default();
    let mut target: Option<PathBuf> = None;
    let mut backend = "vulkan".to_string();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--backend" | "--device" => {
                let Some(value) = rest.next() else {
                    eprintln!("error: `{arg}` needs a value\n{USAGE}");
                    return 2;
                };
                if arg == "--backend" {
                    backend = value.clone();
                } else {
                    options.device = Some(value.clone());
                }
            }
            "--validate" => options.validation = true,
            "--timings" => options.timings = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return 0;
            }
            flag if flag.starts_with('-') && flag != "-" => {
                eprintln!("error: unknown option `{flag}`\n{USAGE}");
                return 2;
            }
            path if target.is_none() => target = Some(PathBuf::from(path)),
            extra => {
                eprintln!("error: unexpected argument `{extra}`\n{USAGE}");
                return 2;
            }
        }
    }
    match backend.as_str() {
        "vulkan" => {}
        "cpu" => {
            eprintln!("error: the CPU (LLVM) backend is not built yet; use `--backend vulkan`");
            return 2;
        }
        other => {
            eprintln!("error: unknown backend `{other}` (expected vulkan or cpu)\n{USAGE}");
            return 2;
        }
    }
    let Some(target) = target else {
        eprintln!("error: no script given\n{USAGE}");
        return 2;
    };
    let stdout = std::io::stdout();
    if target.as_os_str() == "-" {
        let mut source = String::new();
        if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut source) {
            eprintln!("error: cannot read the script from stdin: {e}");
            return 2;
        }
        return run_source(&source, "<stdin>", &options, &mut stdout.lock()).exit_code();
    }
    if !target.exists() {
        eprintln!("error: {}: no such file or directory", target.display());
        return 2;
    }
    run_path(&target, &options, &mut stdout.lock())
}
