//! Generator of spirv-dialect's tables from the Khronos SPIR-V grammar.
