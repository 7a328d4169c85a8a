//! Look-ups by name for people: an op or operand kind named on the command
//! line, with the closest names offered when the name is unknown.

use super::{Op, OperandKind, OPERAND_KINDS};

/// Up to five `candidates` closest to `name` (case-insensitive edit distance,
/// with or without the `spirv.` prefix).
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let wanted = name.to_ascii_lowercase();
    let distance = |candidate: &str| {
        let full = candidate.to_ascii_lowercase();
        let short = full.strip_prefix("spirv.").unwrap_or(&full);
        strsim::levenshtein(&wanted, &full).min(strsim::levenshtein(&wanted, short))
    };
    let mut scored: Vec<(usize, &str)> = candidates.map(|c| (distance(c), c)).collect();
    scored.sort();
    scored.into_iter().take(5).map(|(_, c)| c).collect()
}

/// The op named `name` (`spirv.IAdd`, `IAdd`, `OpIAdd`, `GL.Log`), or an
/// error listing the closest names.
pub fn find_op(name: &str) -> Result<Op, String> {
    let candidates = [
        name.to_string(),
        format!("spirv.{name}"),
        format!("Op{name}"),
    ];
    if let Some(op) = candidates.iter().find_map(|c| Op::from_name(c)) {
        return Ok(op);
    }
    let near = closest(name, Op::ALL.iter().map(|op| op.mlir_name()));
    Err(format!("unknown op `{name}`; closest: {}", near.join(", ")))
}

/// The operand kind named `name`, or an error listing the closest names.
pub fn find_kind(name: &str) -> Result<OperandKind, String> {
    if let Some(i) = OPERAND_KINDS.iter().position(|k| k.name == name) {
        return Ok(OperandKind::ALL[i]);
    }
    let near = closest(name, OPERAND_KINDS.iter().map(|k| k.name));
    Err(format!(
        "unknown operand kind `{name}`; closest: {}",
        near.join(", ")
    ))
}
