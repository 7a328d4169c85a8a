//! The registered SPIR-V generator ids (the header's generator word, high 16
//! bits) and the names the Khronos registry gives them, as `vendor tool`.

/// Names indexed by generator id.
const GENERATORS: &[&str] = &[
    "Khronos",
    "LunarG",
    "Valve",
    "Codeplay",
    "NVIDIA",
    "ARM",
    "Khronos LLVM/SPIR-V Translator",
    "Khronos SPIR-V Tools Assembler",
    "Khronos Glslang Reference Front End",
    "Qualcomm",
    "AMD",
    "Intel",
    "Imagination",
    "Google Shaderc over Glslang",
    "Google spiregg",
    "Google rspirv",
    "X-LEGEND Mesa-IR/SPIR-V Translator",
    "Khronos SPIR-V Tools Linker",
    "Wine VKD3D Shader Compiler",
    "Tellusim Clay Shader Compiler",
    "W3C WebGPU Group WHLSL Shader Translator",
    "Google Clspv",
    "LLVM MLIR SPIR-V Serializer",
    "Google Tint Compiler",
    "Google ANGLE Shader Compiler",
    "Netease Games Messiah Shader Compiler",
    "Xenia Xenia Emulator Microcode Translator",
    "Embark Studios Rust GPU Compiler Backend",
    "gfx-rs community Naga",
    "Mikkosoft Productions MSP Shader Compiler",
    "SpvGenTwo community SpvGenTwo SPIR-V IR Tools",
    "Google Skia SkSL",
    "TornadoVM Beehive SPIRV Toolkit",
    "DragonJoker ShaderWriter",
    "Rayan Hatout SPIRVSmith",
    "Saarland University Shady",
    "Taichi Graphics Taichi",
    "heroseh Hero C Compiler",
    "Meta SparkSL",
    "SirLynix Nazara ShaderLang Compiler",
    "Khronos Slang Compiler",
    "Zig Software Foundation Zig Compiler",
    "Rendong Liang spq",
    "LLVM LLVM SPIR-V Backend",
    "Robert Konrad Kongruent",
    "Kitsunebi Games Nuvk SPIR-V Emitter and DLSL compiler",
    "Nintendo",
    "ARM",
    "Goopax",
    "Icyllis Milica Arc3D Shader Compiler",
];

/// The registered name of generator `id`.
pub fn generator_name(id: u32) -> Option<&'static str> {
    GENERATORS.get(id as usize).copied()
}

/// The first generator id registered under `name`.
pub fn generator_id(name: &str) -> Option<u32> {
    GENERATORS.iter().position(|n| *n == name).map(|i| i as u32)
}
