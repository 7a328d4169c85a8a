//! The `translate` subcommand end to end through pipes: `-` reads stdin
//! and writes stdout, so a binary deserialized to text and that text
//! serialized again give the module back; bad input on stdin is a located
//! error and exit status 1.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `spirv-dialect translate ARGS` with `input` on stdin.
fn translate(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spirv-dialect"))
        .arg("translate")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input).expect("writes stdin");
    drop(stdin);
    child.wait_with_output().expect("finishes")
}

const MODULE: &str = r#"spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}
"#;

#[test]
fn text_and_binary_go_through_pipes() {
    let binary = translate(&["--serialize-spirv", "-", "-o", "-"], MODULE.as_bytes());
    assert!(
        binary.status.success(),
        "{}",
        String::from_utf8_lossy(&binary.stderr)
    );
    assert_eq!(&binary.stdout[..4], &0x0723_0203u32.to_le_bytes());
    let text = translate(&["--deserialize-spirv", "-"], &binary.stdout);
    assert!(
        text.status.success(),
        "{}",
        String::from_utf8_lossy(&text.stderr)
    );
    let text = String::from_utf8(text.stdout).expect("text");
    assert_eq!(text.trim_end(), MODULE.trim_end());
}

#[test]
fn bad_input_on_stdin_is_a_located_error() {
    let out = translate(&["--deserialize-spirv", "-"], b"not spir-v, clearly!");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("-: word 0: "), "{stderr}");
    let out = translate(&["--serialize-spirv", "-"], b"spirv.module Logical {\n");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("-:1:"), "{stderr}");
}
