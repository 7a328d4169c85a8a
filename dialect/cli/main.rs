//! The `spirv-dialect` command line: one binary whose subcommands and flags
//! follow MLIR's tools (see README.md for the contract).

mod asm;
mod expected;
mod info;
mod io;
mod opt;
mod run;
mod translate;

use std::process::ExitCode;

const USAGE: &str = "usage: spirv-dialect <command> [args]

commands:
  info op NAME | info enum KIND | info ops --json   availability look-up
  as IN.spvasm -o OUT.spv [--target-env ENV] [--preserve-numeric-ids]
                                                    assemble SPIR-V assembly text
  dis IN.spv [-o OUT] [--raw-id] [--no-header] [--no-indent]
                                                    disassemble a SPIR-V binary
  run FILE.amber|DIR [--backend vulkan|cpu]         run AmberScript compute tests
  translate --deserialize-spirv IN.spv | --serialize-spirv IN.mlir [--no-implicit-module]
            [--spirv-emit-debug-info] | --test-spirv-roundtrip[-debug] IN.mlir [-o OUT]
            [--split-input-file] [--mlir-print-debuginfo]   SPIR-V binary <-> MLIR text
  opt IN.mlir [--split-input-file] [--verify-diagnostics] [--mlir-print-op-generic]
      [--mlir-print-debuginfo] [-o OUT]
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
        "as" => asm::run_as(rest),
        "dis" => asm::run_dis(rest),
        "run" => return ExitCode::from(run::main(rest)),
        "opt" => opt::run(rest),
        "translate" => translate::run(rest),
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
