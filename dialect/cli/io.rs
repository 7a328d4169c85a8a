//! Reading a command's input and writing its output, `-` being stdin and
//! stdout.

use std::io::{Read, Write};

/// The bytes of `path`, or of stdin for `-`.
pub fn read_input(path: &str) -> Result<Vec<u8>, String> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("reading stdin: {e}"))?;
        return Ok(bytes);
    }
    std::fs::read(path).map_err(|e| format!("cannot read `{path}`: {e}"))
}

/// The text of `path`, or of stdin for `-`.
pub fn read_text(path: &str) -> Result<String, String> {
    let shown = if path == "-" { "stdin" } else { path };
    String::from_utf8(read_input(path)?).map_err(|_| format!("{shown} is not UTF-8 text"))
}

/// Writes `bytes` to `path`, or to stdout for `-` or no path.
pub fn write_output(path: Option<&str>, bytes: &[u8]) -> Result<(), String> {
    match path {
        None | Some("-") => std::io::stdout()
            .lock()
            .write_all(bytes)
            .map_err(|e| format!("writing stdout: {e}")),
        Some(path) => {
            std::fs::write(path, bytes).map_err(|e| format!("cannot write `{path}`: {e}"))
        }
    }
}
