//! GPU kernels written in MLIR's upstream dialects (`gpu`, `arith`, `scf`,
//! `memref`, `math`) in `tests/mlir_kernels`, converted to the SPIR-V
//! dialect by `mlir-opt-19` (`--convert-math-to-spirv
//! --convert-gpu-to-spirv`), then lowered and written twice: by us (our
//! `--spirv-lower-abi-attrs --spirv-update-vce`, our serializer) and by
//! MLIR 19 (the same passes, `mlir-translate-19 --serialize-spirv`). The
//! SPIR-V dialect text MLIR's conversions print is what a user of MLIR's
//! SPIR-V dialect hands us.

use crate::support::stdout_of;
use std::path::Path;

/// One kernel written both ways.
pub struct Converted {
    pub name: String,
    /// Our passes' and serializer's words.
    pub ours: Vec<u32>,
    /// MLIR 19's passes' and serializer's words.
    pub mlir: Vec<u32>,
}

/// The `spirv.module` op of a module's text: from its first line to the
/// enclosing module's closing brace.
fn spirv_module(text: &str) -> Result<&str, String> {
    let start = text.find("spirv.module").ok_or("no spirv.module")?;
    let end = text
        .rfind('}')
        .filter(|&end| end > start)
        .ok_or("no enclosing module")?;
    Ok(&text[start..end])
}

fn words(bytes: &[u8]) -> Result<Vec<u32>, String> {
    spirv_dialect::binary::words_from_bytes(bytes).map_err(|e| e.to_string())
}

/// `source` converted by MLIR and written by both tools.
fn convert(source: &Path, opt: &Path, translate: &Path) -> Result<(Vec<u32>, Vec<u32>), String> {
    let source = source.display().to_string();
    let conversion = [
        "--convert-math-to-spirv",
        "--convert-gpu-to-spirv",
        "--symbol-dce",
        source.as_str(),
    ];
    let converted = stdout_of(opt, &conversion, &[])?;
    let ours = Path::new(env!("CARGO_BIN_EXE_spirv-dialect"));
    let passes = ["--spirv-lower-abi-attrs", "--spirv-update-vce"];
    let lowered = stdout_of(ours, &[&["opt", "-"][..], &passes].concat(), &converted)?;
    let serialize = ["translate", "--serialize-spirv", "-", "-o", "-"];
    let our_words = words(&stdout_of(ours, &serialize, &lowered)?)?;
    let lowered = stdout_of(opt, &[&["-"][..], &passes].concat(), &converted)?;
    let lowered = String::from_utf8_lossy(&lowered);
    let module = spirv_module(&lowered)?;
    let serialize = ["--no-implicit-module", "--serialize-spirv", "-", "-o", "-"];
    let mlir_words = words(&stdout_of(translate, &serialize, module.as_bytes())?)?;
    Ok((our_words, mlir_words))
}

/// Every kernel of `tests/mlir_kernels`, written both ways, or `None`
/// (after saying so) without MLIR 19's tools; panics naming the kernel
/// where a step fails.
pub fn converted_all() -> Option<Vec<Converted>> {
    let (Some(opt), Some(translate)) = (
        crate::support::tool("mlir-opt-19"),
        crate::support::tool("mlir-translate-19"),
    ) else {
        println!("skipped: mlir-opt-19 or mlir-translate-19 not found");
        return None;
    };
    let mut converted = Vec::new();
    for source in crate::support::test_sources("mlir_kernels", "mlir") {
        let name = source.display().to_string();
        let (ours, mlir) =
            convert(&source, &opt, &translate).unwrap_or_else(|e| panic!("{name}: {e}"));
        converted.push(Converted { name, ours, mlir });
    }
    Some(converted)
}
