//! SPIR-V assembly text in the syntax of SPIRV-Tools' `spirv-as` and
//! `spirv-dis`: a table-driven assembler and disassembler over the shared
//! instruction codec.

mod assemble;
mod disassemble;
mod lexer;
mod lookup;
mod names;
mod numbers;

pub use assemble::{assemble, AssembleOptions};
pub use disassemble::{disassemble, DisassembleOptions};
pub use lexer::AsmError;

use crate::binary::Header;

/// The SPIR-V version word a `--target-env` name implies (`spv1.3`,
/// `vulkan1.2`, `universal1.5`, `opengl4.5`, `opencl2.1`).
pub fn target_env_version(name: &str) -> Option<u32> {
    let (major, minor) = match name {
        "vulkan1.0" | "opengl4.0" | "opengl4.1" | "opengl4.2" | "opengl4.3" | "opengl4.5" => (1, 0),
        "vulkan1.1" => (1, 3),
        "vulkan1.1spv1.4" => (1, 4),
        "vulkan1.2" => (1, 5),
        "vulkan1.3" | "vulkan1.4" => (1, 6),
        "opencl1.2" | "opencl2.0" | "opencl1.2embedded" | "opencl2.0embedded" => (1, 0),
        "opencl2.1" | "opencl2.1embedded" => (1, 0),
        "opencl2.2" | "opencl2.2embedded" => (1, 2),
        _ => {
            let version = name
                .strip_prefix("spv")
                .or_else(|| name.strip_prefix("universal"))?;
            let (major, minor) = version.split_once('.')?;
            let (major, minor): (u32, u32) = (major.parse().ok()?, minor.parse().ok()?);
            if major != 1 || minor > 6 {
                return None;
            }
            (major, minor)
        }
    };
    Some(Header::version_word(major, minor))
}

#[cfg(test)]
mod tests;
