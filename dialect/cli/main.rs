//! The `spirv-dialect` command line: one binary whose subcommands and flags
//! follow MLIR's tools (see README.md for the contract).

mod info;

use std::process::ExitCode;

const USAGE: &str = "usage: spirv-dialect <command> [args]

commands:
  info op NAME | info enum KIND | info ops --json   availability look-up
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match command.as_str() {
        "-h" | "--help" | "help" => {
            print!("{USAGE}");
            Ok(())
        }
        "info" => info::run(rest),
        other => Err(format!("unknown command `{other}`\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
