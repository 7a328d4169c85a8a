//! Names derived from the grammar: readable snake_case operand names, MLIR op
//! names with vendor namespaces, Rust identifiers, and the names of extended
//! instruction sets that their file names do not carry.

/// The import names and MLIR namespaces of the extended instruction sets whose
/// file names do not spell them (`opencl.std.100` is imported as `OpenCL.std`).
/// A set missing here gets names derived from its file name. `{revision}`
/// stands for the grammar's revision in a set imported under a name that
/// carries it (clspv imports `NonSemantic.ClspvReflection.7`).
const KNOWN_SETS: &[(&str, &str, &str)] = &[
    ("glsl.std.450", "GLSL.std.450", "GL"),
    ("opencl.std.100", "OpenCL.std", "CL"),
    (
        "nonsemantic.shader.debuginfo.100",
        "NonSemantic.Shader.DebugInfo.100",
        "NonSemanticShaderDebugInfo100",
    ),
    (
        "nonsemantic.debugprintf",
        "NonSemantic.DebugPrintf",
        "NonSemanticDebugPrintf",
    ),
    (
        "opencl.debuginfo.100",
        "OpenCL.DebugInfo.100",
        "OpenCLDebugInfo100",
    ),
    ("debuginfo", "DebugInfo", "DebugInfo"),
    (
        "nonsemantic.debugbreak",
        "NonSemantic.DebugBreak",
        "NonSemanticDebugBreak",
    ),
    (
        "spv-amd-shader-ballot",
        "SPV_AMD_shader_ballot",
        "AMDShaderBallot",
    ),
    (
        "spv-amd-shader-explicit-vertex-parameter",
        "SPV_AMD_shader_explicit_vertex_parameter",
        "AMDShaderExplicitVertexParameter",
    ),
    (
        "spv-amd-shader-trinary-minmax",
        "SPV_AMD_shader_trinary_minmax",
        "AMDShaderTrinaryMinmax",
    ),
    ("spv-amd-gcn-shader", "SPV_AMD_gcn_shader", "AMDGcnShader"),
    (
        "nonsemantic.clspvreflection",
        "NonSemantic.ClspvReflection.{revision}",
        "NonSemanticClspvReflection",
    ),
    (
        "nonsemantic.vkspreflection",
        "NonSemantic.VkspReflection.{revision}",
        "NonSemanticVkspReflection",
    ),
    ("tosa.001000.1", "TOSA.001000.1", "TOSA"),
    (
        "arm.motion-engine.100",
        "Arm.MotionEngine.100",
        "ArmMotionEngine",
    ),
];

/// `(import name, namespace)` of the extended set in `extinst.<stem>.grammar.json`
/// of revision `revision`.
pub fn ext_set_names(stem: &str, revision: Option<u32>) -> (String, String) {
    if let Some((_, import, namespace)) = KNOWN_SETS.iter().find(|(s, _, _)| *s == stem) {
        let revision = revision.map_or_else(String::new, |r| r.to_string());
        return (
            import.replace("{revision}", &revision),
            namespace.to_string(),
        );
    }
    let words = stem_words(stem);
    (words.join("."), words.concat())
}

/// The prefix of an operand kind that extended set `extinst.<stem>` defines
/// apart from other files: its file name's words, capitalized
/// (`opencl.debuginfo.100` → `OpenclDebuginfo100`), so the kind's
/// snake-case spelling reads word by word.
pub fn kind_prefix(stem: &str) -> String {
    stem_words(stem).concat()
}

fn stem_words(stem: &str) -> Vec<String> {
    stem.split(['.', '-', '_'])
        .filter(|w| !w.is_empty())
        .map(capitalize)
        .collect()
}

fn capitalize(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The MLIR name of a core instruction: `OpIAdd` → `spirv.IAdd`, and a vendor
/// suffix becomes a namespace: `OpSubgroupBallotKHR` → `spirv.KHR.SubgroupBallot`.
/// `vendors` are the vendor tags found in the grammar's extension names.
pub fn core_mlir_name(opname: &str, vendors: &[String]) -> String {
    let base = opname.strip_prefix("Op").unwrap_or(opname);
    let vendor = vendors
        .iter()
        .filter(|v| base.len() > v.len() && base.ends_with(v.as_str()))
        .max_by_key(|v| v.len());
    match vendor {
        Some(v) => format!("spirv.{v}.{}", &base[..base.len() - v.len()]),
        None => format!("spirv.{base}"),
    }
}

/// A readable snake_case name for an operand, from its grammar name or, when it
/// has none, from its kind: `'Result Type'` → `result_type`, `IdResult` → `result`,
/// `Operand 1, Operand 2, ...` → `operands`, `D~ref~` → `d_ref`.
pub fn operand_name(grammar_name: Option<&str>, kind: &str) -> String {
    let Some(raw) = grammar_name else {
        return match kind {
            "IdResultType" => "result_type".into(),
            "IdResult" => "result".into(),
            _ => snake_case(kind),
        };
    };
    let mut text = raw.replace(['\'', '\n', '+'], " ").replace('~', " ");
    // AsciiDoc cross references: `<<Invocation,invocations>>` reads `invocations`.
    while let (Some(open), Some(close)) = (text.find("<<"), text.find(">>")) {
        if close < open {
            break;
        }
        let inner = &text[open + 2..close];
        let shown = inner.rsplit(',').next().unwrap_or(inner).to_string();
        text.replace_range(open..close + 2, &shown);
    }
    let is_list = text.contains("...");
    if is_list {
        let first = text.split([',', '.']).next().unwrap_or("").to_string();
        let words: Vec<&str> = first
            .split_whitespace()
            .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
            .collect();
        let mut name = snake_case(&words.join(" "));
        if !name.ends_with('s') {
            name.push('s');
        }
        return name;
    }
    snake_case(&text)
}

/// `ClusterSize` → `cluster_size`, `SBT Index` → `sbt_index`, `RayTMax` → `ray_t_max`.
pub fn snake_case(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_alphanumeric() {
            if c.is_ascii_uppercase() && i > 0 {
                let prev = chars[i - 1];
                let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
                if prev.is_ascii_lowercase()
                    || prev.is_ascii_digit() && !out.ends_with('_') && next_lower
                    || prev.is_ascii_uppercase() && next_lower
                {
                    out.push('_');
                }
            }
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    let trimmed = out.trim_matches('_').to_string();
    if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
        format!("_{trimmed}")
    } else {
        trimmed
    }
}

/// `s_abs` → `SAbs`, `Round` → `Round`: the CamelCase Rust spelling.
pub fn camel_case(text: &str) -> String {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(capitalize)
        .collect()
}

/// A Rust identifier for an enumerant: the spec's spelling, prefixed with its
/// kind when it starts with a digit (`Dim` `1D` → `Dim1D`).
pub fn enumerant_ident(kind: &str, name: &str) -> String {
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("{kind}{name}")
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operand_names_read_well() {
        assert_eq!(operand_name(None, "IdResultType"), "result_type");
        assert_eq!(operand_name(Some("'Result Type'"), "IdRef"), "result_type");
        assert_eq!(
            operand_name(Some("Operand 1, Operand 2, ..."), "IdRef"),
            "operands"
        );
        assert_eq!(
            operand_name(Some("'Member 0 type', +\n'member 1 type', +\n..."), "IdRef"),
            "member_types"
        );
        assert_eq!(operand_name(Some("ClusterSize"), "IdRef"), "cluster_size");
        assert_eq!(operand_name(Some("SBT Index"), "IdRef"), "sbt_index");
        assert_eq!(operand_name(Some("D~ref~"), "IdRef"), "d_ref");
        assert_eq!(
            operand_name(Some("Number of <<Invocation,invocations>>"), "IdRef"),
            "number_of_invocations"
        );
        assert_eq!(operand_name(None, "MemoryAccess"), "memory_access");
        assert_eq!(operand_name(Some("RayTMax"), "IdRef"), "ray_t_max");
        assert_eq!(
            operand_name(Some("DWARF Version"), "IdRef"),
            "dwarf_version"
        );
        assert_eq!(operand_name(Some("edge0"), "IdRef"), "edge0");
    }

    #[test]
    fn vendor_suffixes_become_namespaces() {
        let vendors = vec![
            "KHR".to_string(),
            "AMD".into(),
            "AMDX".into(),
            "NV".into(),
            "EXT".into(),
        ];
        assert_eq!(core_mlir_name("OpIAdd", &vendors), "spirv.IAdd");
        assert_eq!(
            core_mlir_name("OpSubgroupBallotKHR", &vendors),
            "spirv.KHR.SubgroupBallot"
        );
        assert_eq!(
            core_mlir_name("OpIsNodePayloadValidAMDX", &vendors),
            "spirv.AMDX.IsNodePayloadValid"
        );
        assert_eq!(
            core_mlir_name("OpAtomicFAddEXT", &vendors),
            "spirv.EXT.AtomicFAdd"
        );
    }
}
