//! The `as` and `dis` subcommands end to end: files in, files out, and
//! located errors on stderr.

use std::path::PathBuf;
use std::process::Command;

fn cli() -> Command {
    Command::new(env!("CARGO_BIN_EXE_spirv-dialect"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spvasm-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

#[test]
fn as_then_dis_round_trips_through_files() {
    let text = "; SPIR-V\n; Version: 1.0\n; Generator: Khronos; 0\n; Bound: 3\n; Schema: 0\n               OpCapability Shader\n               OpMemoryModel Logical GLSL450\n          %1 = OpTypeVoid\n          %2 = OpTypeFunction %1\n";
    let (input, binary, output) = (
        scratch("in.spvasm"),
        scratch("out.spv"),
        scratch("out.spvasm"),
    );
    std::fs::write(&input, text).expect("write");
    let status = cli()
        .arg("as")
        .arg(&input)
        .arg("-o")
        .arg(&binary)
        .status()
        .expect("runs");
    assert!(status.success());
    let status = cli()
        .args(["dis", "--raw-id"])
        .arg(&binary)
        .arg("-o")
        .arg(&output)
        .status()
        .expect("runs");
    assert!(status.success());
    assert_eq!(std::fs::read_to_string(&output).expect("read"), text);
    let out = cli()
        .args(["as", "--target-env", "vulkan1.1"])
        .arg(&input)
        .arg("-o")
        .arg(&binary)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read(&binary).expect("read")[4..8], [0, 3, 1, 0]);
}

#[test]
fn errors_name_file_line_and_column() {
    let input = scratch("bad.spvasm");
    std::fs::write(&input, "OpCapability Shader\n%1 = OpTypeInt 32 2 7\n").expect("write");
    let out = cli()
        .arg("as")
        .arg(&input)
        .arg("-o")
        .arg(scratch("bad.spv"))
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let expected = format!("{}:2:21: error: too many operands for OpTypeInt\n%1 = OpTypeInt 32 2 7\n                    ^\n", input.display());
    assert_eq!(stderr, expected);
    let truncated = scratch("short.spv");
    std::fs::write(
        &truncated,
        [
            3, 2, 35, 7, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0,
        ],
    )
    .expect("write");
    let out = cli().arg("dis").arg(&truncated).output().expect("runs");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("word 5 (OpNop): word count 9 runs past the end"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
