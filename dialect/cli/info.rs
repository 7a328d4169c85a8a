//! `spirv-dialect info op NAME | info enum KIND | info ops --json`:
//! availability look-up from the generated grammar tables.

use serde_json::{json, Value};
use spirv_dialect::grammar::{self, Availability, Category, Op, OperandInfo};

pub fn run(args: &[String]) -> Result<(), String> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["op", name] => {
            print!("{}", describe_op(grammar::find_op(name)?));
            Ok(())
        }
        ["enum", kind] => {
            print!("{}", describe_kind(grammar::find_kind(kind)?));
            Ok(())
        }
        ["ops", "--json"] => {
            let ops: Vec<Value> = Op::ALL.into_iter().map(op_json).collect();
            let text = serde_json::to_string_pretty(&ops).map_err(|e| e.to_string())?;
            println!("{text}");
            Ok(())
        }
        _ => Err("usage: spirv-dialect info op NAME | info enum KIND | info ops --json".into()),
    }
}

fn list<T: ToString>(items: &[T]) -> String {
    if items.is_empty() {
        return "-".into();
    }
    items
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn version(v: Option<grammar::Version>) -> String {
    v.map_or_else(|| "-".into(), |v| v.to_string())
}

fn availability_lines(a: &Availability, indent: &str) -> String {
    let mut text = format!(
        "{indent}min version: {}\n{indent}max version: {}\n{indent}capabilities (any of): {}\n{indent}extensions (any of): {}\n",
        version(a.min_version),
        version(a.last_version),
        list(a.capabilities),
        list(a.extensions),
    );
    if a.provisional {
        text.push_str(&format!("{indent}provisional\n"));
    }
    text
}

/// `    since 1.3; until 1.5; caps: A, B; exts: X` (only the parts that apply).
fn compact_availability(a: &Availability) -> String {
    let mut parts = Vec::new();
    if let Some(v) = a.min_version {
        parts.push(format!("since {v}"));
    }
    if let Some(v) = a.last_version {
        parts.push(format!("until {v}"));
    }
    if !a.capabilities.is_empty() {
        parts.push(format!("caps: {}", list(a.capabilities)));
    }
    if !a.extensions.is_empty() {
        parts.push(format!("exts: {}", list(a.extensions)));
    }
    if a.provisional {
        parts.push("provisional".into());
    }
    if parts.is_empty() {
        return String::new();
    }
    format!("    {}\n", parts.join("; "))
}

fn operand_line(o: &OperandInfo) -> String {
    format!(
        "{:<24} {}{}",
        o.name,
        o.kind.info().name,
        o.quantifier.symbol()
    )
}

fn describe_op(op: Op) -> String {
    let info = op.info();
    let set = op.inst_set().info();
    let mut text = format!(
        "{}  ({}, opcode {}, class {})\n",
        info.mlir_name, info.grammar_name, info.opcode, info.class
    );
    if !set.import_name.is_empty() {
        text.push_str(&format!(
            "instruction set: {} (OpExtInst)\n",
            set.import_name
        ));
    }
    if !info.aliases.is_empty() {
        text.push_str(&format!("aliases: {}\n", info.aliases.join(", ")));
    }
    text.push_str("operands:\n");
    for o in info.operands {
        text.push_str(&format!("  {}\n", operand_line(o)));
    }
    text + &availability_lines(&info.availability, "") + &enum_operand_cases(info.operands)
}

/// The enum an operand of `kind` holds: the kind itself, or for ids of
/// enum values (`IdScope`, `IdMemorySemantics`: enum attributes in the
/// dialect) the enum they name.
fn operand_enum(kind: grammar::OperandKind) -> Option<grammar::OperandKind> {
    let is_enum = |k: grammar::OperandKind| {
        matches!(k.info().category, Category::ValueEnum | Category::BitEnum)
    };
    if is_enum(kind) {
        return Some(kind);
    }
    let named = kind.info().name.strip_prefix("Id")?;
    grammar::find_kind(named).ok().filter(|&k| is_enum(k))
}

/// Whether a record asks for more than SPIR-V 1.0 offers.
fn adds_requirements(a: &Availability) -> bool {
    !a.capabilities.is_empty()
        || !a.extensions.is_empty()
        || a.last_version.is_some()
        || a.min_version
            .is_some_and(|v| v > grammar::Version::new(1, 0))
}

/// What the cases of an op's enum operands add to its own requirements:
/// `  Scope QueueFamily: since 1.5; caps: VulkanMemoryModel`.
fn enum_operand_cases(operands: &[OperandInfo]) -> String {
    let mut kinds: Vec<grammar::OperandKind> = Vec::new();
    for o in operands {
        if let Some(kind) = operand_enum(o.kind) {
            if !kinds.iter().any(|k| k.info().name == kind.info().name) {
                kinds.push(kind);
            }
        }
    }
    let mut text = String::new();
    for kind in kinds {
        let info = kind.info();
        for e in info
            .enumerants
            .iter()
            .filter(|e| adds_requirements(&e.availability))
        {
            let added = compact_availability(&e.availability);
            text.push_str(&format!(
                "  {} {}: {}",
                info.name,
                e.name,
                added.trim_start()
            ));
        }
    }
    if text.is_empty() {
        return text;
    }
    format!("enum operand cases that add requirements:\n{text}")
}

fn describe_kind(kind: grammar::OperandKind) -> String {
    let info = kind.info();
    let category = match info.category {
        Category::ValueEnum => "value enum",
        Category::BitEnum => "bit enum",
        Category::Literal => "literal",
        Category::Id => "id",
        Category::Composite => "composite",
    };
    let mut text = format!("{} ({category})\n", info.name);
    if !info.doc.is_empty() {
        text.push_str(&format!("{}\n", info.doc));
    }
    if !info.bases.is_empty() {
        let bases: Vec<&str> = info.bases.iter().map(|b| b.info().name).collect();
        text.push_str(&format!("made of: {}\n", bases.join(", ")));
    }
    for e in info.enumerants {
        let value = match info.category {
            Category::BitEnum => format!("{:#x}", e.value),
            _ => e.value.to_string(),
        };
        text.push_str(&format!("{} = {value}\n", e.name));
        if !e.aliases.is_empty() {
            text.push_str(&format!("    aliases: {}\n", e.aliases.join(", ")));
        }
        for p in e.parameters {
            text.push_str(&format!("    parameter: {}\n", operand_line(p)));
        }
        text.push_str(&compact_availability(&e.availability));
    }
    text
}

fn op_json(op: Op) -> Value {
    let info = op.info();
    let a = &info.availability;
    json!({
        "grammar_file": op.inst_set().info().grammar_file,
        "name": info.mlir_name,
        "grammar_name": info.grammar_name,
        "opcode": info.opcode,
        "class": info.class,
        "aliases": info.aliases,
        "operands": info.operands.iter().map(|o| json!({
            "name": o.name,
            "kind": o.kind.info().name,
            "quantifier": o.quantifier.symbol(),
        })).collect::<Vec<_>>(),
        "min_version": a.min_version.map(|v| v.to_string()),
        "max_version": a.last_version.map(|v| v.to_string()),
        "capabilities": a.capabilities.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "extensions": a.extensions.iter().map(|e| e.name()).collect::<Vec<_>>(),
        "provisional": a.provisional,
    })
}
