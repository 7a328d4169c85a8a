//! From the grammar files on disk to the [`Model`]: parse, fold aliases (the
//! older grammar format lists an alias as a second entry with the same opcode
//! or value), derive names, parse availability, and order everything.

use std::collections::BTreeSet;
use std::path::Path;

use crate::grammar::{self, GrammarFile};
use crate::model::{
    Availability, Category, Enumerant, InstSet, Model, Op, Operand, OperandKind, Quantifier,
    Version,
};
use crate::naming;
use crate::Error;

const CORE_FILE: &str = "spirv.core.grammar.json";

/// Reads every grammar file in `dir` into a cleaned [`Model`].
pub fn load(dir: &Path) -> Result<Model, Error> {
    let mut ext_files = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| {
        Error::new(format!(
            "{}: cannot read grammar directory: {e}",
            dir.display()
        ))
    })?;
    for entry in entries {
        let name = entry
            .map_err(|e| Error::new(format!("{}: {e}", dir.display())))?
            .file_name()
            .to_string_lossy()
            .into_owned();
        if let Some(stem) = name
            .strip_prefix("extinst.")
            .and_then(|n| n.strip_suffix(".grammar.json"))
        {
            ext_files.push((name.clone(), stem.to_string()));
        }
    }
    ext_files.sort();

    let core = read_file(dir, CORE_FILE)?;
    let mut raw_sets = vec![(CORE_FILE.to_string(), None, core)];
    for (file, stem) in ext_files {
        let grammar = read_file(dir, &file)?;
        raw_sets.push((file, Some(stem), grammar));
    }

    let mut extensions = BTreeSet::new();
    for (_, _, g) in &raw_sets {
        for inst in &g.instructions {
            extensions.extend(inst.availability.extensions.iter().cloned());
        }
        for kind in &g.operand_kinds {
            for e in kind.enumerants.iter().flatten() {
                extensions.extend(e.availability.extensions.iter().cloned());
            }
        }
    }
    let vendors: Vec<String> = extensions
        .iter()
        .filter_map(|e| {
            e.strip_prefix("SPV_")?
                .split('_')
                .next()
                .map(str::to_string)
        })
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();

    let core_grammar = &raw_sets[0].2;
    let core_version = Version {
        major: core_grammar.major_version.unwrap_or(1) as u8,
        minor: core_grammar.minor_version.unwrap_or(0) as u8,
    };
    let core_revision = core_grammar.revision.unwrap_or(0);

    let mut set_kinds = Vec::new();
    for (file, stem, grammar) in &raw_sets {
        let cleaned = (grammar
            .operand_kinds
            .iter()
            .map(|kind| clean_kind(file, kind)))
        .collect::<Result<Vec<_>, _>>()?;
        set_kinds.push((stem.as_deref().map(naming::kind_prefix), cleaned));
    }
    let qualified = qualify_differing_kinds(&mut set_kinds);
    let mut kinds: Vec<OperandKind> = Vec::new();
    for (_, cleaned) in set_kinds {
        for kind in cleaned {
            if !kinds.iter().any(|k| k.name == kind.name) {
                kinds.push(kind);
            }
        }
    }
    let mut sets = Vec::new();
    for ((file, stem, grammar), renamed) in raw_sets.iter().zip(&qualified) {
        let mut set = clean_set(file, stem.as_deref(), grammar, &vendors)?;
        for operand in set.ops.iter_mut().flat_map(|op| &mut op.operands) {
            if let Some((_, name)) = renamed.iter().find(|(plain, _)| *plain == operand.kind) {
                operand.kind = name.clone();
            }
        }
        sets.push(set);
    }

    Ok(Model {
        core_version,
        core_revision,
        sets,
        kinds,
        extensions: extensions.into_iter().collect(),
    })
}

/// Gives an operand kind that several files define differently a name of
/// its own in each extended set defining it: the set's prefix
/// ([`naming::kind_prefix`]) before the grammar's name (`DebugInfoFlags` of
/// `extinst.opencl.debuginfo.100` becomes `OpenclDebuginfo100DebugInfoFlags`);
/// the core grammar's keeps its name.
/// Kinds defined alike by several files stay one kind. Returns each set's
/// renames, `(grammar name, new name)`, for its operands.
fn qualify_differing_kinds(
    set_kinds: &mut [(Option<String>, Vec<OperandKind>)],
) -> Vec<Vec<(String, String)>> {
    let differing: BTreeSet<String> = (set_kinds.iter().flat_map(|(_, kinds)| kinds))
        .filter(|kind| {
            (set_kinds.iter().flat_map(|(_, kinds)| kinds))
                .any(|other| other.name == kind.name && !other.defines_alike(kind))
        })
        .map(|kind| kind.name.clone())
        .collect();
    let mut renames = Vec::new();
    for (prefix, kinds) in set_kinds.iter_mut() {
        let mut renamed = Vec::new();
        if let Some(prefix) = prefix {
            for kind in kinds.iter_mut().filter(|k| differing.contains(&k.name)) {
                let name = format!("{prefix}{}", kind.name);
                renamed.push((std::mem::replace(&mut kind.name, name.clone()), name));
            }
        }
        renames.push(renamed);
    }
    renames
}

fn read_file(dir: &Path, file: &str) -> Result<GrammarFile, Error> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Error::new(format!("{}: cannot read: {e}", path.display())))?;
    serde_json::from_str(&text).map_err(|e| Error::new(format!("{}: {e}", path.display())))
}

fn clean_set(
    file: &str,
    stem: Option<&str>,
    grammar: &GrammarFile,
    vendors: &[String],
) -> Result<InstSet, Error> {
    let (import_name, namespace) = match stem {
        Some(stem) => naming::ext_set_names(stem, grammar.revision),
        None => (String::new(), String::new()),
    };
    let rust_name = match stem {
        None => "Core".to_string(),
        Some(_) => rust_prefix(&namespace),
    };
    let mut ops: Vec<Op> = Vec::new();
    for inst in &grammar.instructions {
        let at = || {
            format!(
                "{file}: instruction `{}` (opcode {})",
                inst.opname, inst.opcode
            )
        };
        let operands =
            clean_operands(&inst.operands).map_err(|e| Error::new(format!("{}: {e}", at())))?;
        let availability = clean_availability(&inst.availability)
            .map_err(|e| Error::new(format!("{}: {e}", at())))?;
        if let Some(existing) = ops.iter_mut().find(|o| o.opcode == inst.opcode) {
            let same_layout = existing
                .operands
                .iter()
                .map(|o| (&o.kind, o.quantifier))
                .eq(operands.iter().map(|o| (&o.kind, o.quantifier)));
            if !same_layout {
                return Err(Error::new(format!(
                    "{}: duplicate opcode {}: `{}` has the same opcode with a different operand layout",
                    at(),
                    inst.opcode,
                    existing.grammar_name
                )));
            }
            existing.aliases.push(inst.opname.clone());
            existing.aliases.extend(inst.aliases.iter().cloned());
            merge_availability(&mut existing.availability, &availability);
            continue;
        }
        let (mlir_name, op_rust_name) = match stem {
            None => (
                naming::core_mlir_name(&inst.opname, vendors),
                inst.opname
                    .strip_prefix("Op")
                    .unwrap_or(&inst.opname)
                    .to_string(),
            ),
            Some(_) => (
                format!("spirv.{namespace}.{}", inst.opname),
                format!("{rust_name}{}", naming::camel_case(&inst.opname)),
            ),
        };
        ops.push(Op {
            grammar_name: inst.opname.clone(),
            mlir_name,
            rust_name: op_rust_name,
            opcode: inst.opcode,
            class: inst.class.clone().unwrap_or_else(|| import_name.clone()),
            operands,
            aliases: inst.aliases.clone(),
            availability,
        });
    }
    ops.sort_by_key(|o| o.opcode);
    Ok(InstSet {
        file: file.to_string(),
        import_name,
        namespace,
        rust_name,
        version: grammar.version,
        revision: grammar.revision,
        ops,
    })
}

/// `GL` → `Gl`: the prefix of an extended set's `Op` variants.
fn rust_prefix(namespace: &str) -> String {
    if namespace.chars().all(|c| c.is_ascii_uppercase()) {
        let mut chars = namespace.chars();
        chars.next().map(|c| c.to_string()).unwrap_or_default()
            + &chars.as_str().to_ascii_lowercase()
    } else {
        namespace.to_string()
    }
}

fn clean_operands(operands: &[grammar::Operand]) -> Result<Vec<Operand>, String> {
    let mut out: Vec<Operand> = Vec::new();
    for operand in operands {
        let quantifier = match operand.quantifier.as_deref() {
            None => Quantifier::One,
            Some("?") => Quantifier::Optional,
            Some("*") => Quantifier::Variadic,
            Some(other) => {
                return Err(format!(
                    "operand of kind `{}`: unknown quantifier `{other}`",
                    operand.kind
                ))
            }
        };
        let base = naming::operand_name(operand.name.as_deref(), &operand.kind);
        let mut name = base.clone();
        let mut n = 2;
        while out.iter().any(|o| o.name == name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        out.push(Operand {
            name,
            grammar_name: operand.name.clone(),
            kind: operand.kind.clone(),
            quantifier,
        });
    }
    Ok(out)
}

fn clean_availability(raw: &grammar::Availability) -> Result<Availability, String> {
    Ok(Availability {
        min_version: parse_version(raw.version.as_deref())?,
        last_version: parse_version(raw.last_version.as_deref())?,
        capabilities: raw.capabilities.clone(),
        extensions: raw.extensions.clone(),
        provisional: raw.provisional,
    })
}

fn merge_availability(into: &mut Availability, from: &Availability) {
    for c in &from.capabilities {
        if !into.capabilities.contains(c) {
            into.capabilities.push(c.clone());
        }
    }
    for e in &from.extensions {
        if !into.extensions.contains(e) {
            into.extensions.push(e.clone());
        }
    }
}

/// `"1.3"` → 1.3; `"None"` (only through extensions) and absence → no version.
fn parse_version(text: Option<&str>) -> Result<Option<Version>, String> {
    let Some(text) = text else { return Ok(None) };
    if text == "None" {
        return Ok(None);
    }
    let parsed = text.split_once('.').and_then(|(major, minor)| {
        Some(Version {
            major: major.parse().ok()?,
            minor: minor.parse().ok()?,
        })
    });
    parsed
        .map(Some)
        .ok_or_else(|| format!("malformed version `{text}`"))
}

fn clean_kind(file: &str, kind: &grammar::OperandKind) -> Result<OperandKind, Error> {
    let at = |what: String| Error::new(format!("{file}: operand kind `{}`: {what}", kind.kind));
    let category = Category::parse(&kind.category)
        .ok_or_else(|| at(format!("unknown category `{}`", kind.category)))?;
    let is_enum = matches!(category, Category::ValueEnum | Category::BitEnum);
    if is_enum != kind.enumerants.is_some() {
        return Err(at(
            "enumerants must be given exactly for ValueEnum and BitEnum kinds".into(),
        ));
    }
    let mut enumerants: Vec<Enumerant> = Vec::new();
    for raw in kind.enumerants.iter().flatten() {
        let at_enumerant = |what: String| at(format!("enumerant `{}`: {what}", raw.enumerant));
        if raw.enumerant.is_empty()
            || !raw
                .enumerant
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(at_enumerant("malformed enumerant name".into()));
        }
        let value = match &raw.value {
            grammar::EnumValue::Number(n) => u32::try_from(*n).ok(),
            grammar::EnumValue::Text(t) => t
                .strip_prefix("0x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| t.parse().ok()),
        }
        .ok_or_else(|| at_enumerant(format!("malformed value {:?}", raw.value)))?;
        let parameters = clean_operands(&raw.parameters).map_err(at_enumerant)?;
        let availability = clean_availability(&raw.availability).map_err(at_enumerant)?;
        if let Some(existing) = enumerants.iter_mut().find(|e| e.value == value) {
            existing.aliases.push(raw.enumerant.clone());
            existing.aliases.extend(raw.aliases.iter().cloned());
            merge_availability(&mut existing.availability, &availability);
            continue;
        }
        enumerants.push(Enumerant {
            name: raw.enumerant.clone(),
            rust_name: naming::enumerant_ident(&kind.kind, &raw.enumerant),
            value,
            aliases: raw.aliases.clone(),
            parameters,
            availability,
        });
    }
    enumerants.sort_by_key(|e| e.value);
    Ok(OperandKind {
        name: kind.kind.clone(),
        category,
        doc: kind.doc.clone().unwrap_or_default(),
        bases: kind.bases.clone(),
        enumerants,
        file: file.to_string(),
    })
}

/// Rewrites capability references written with an alias (`DotProductKHR`) to
/// the canonical enumerant name, dropping repeats. Unknown names stay for the
/// model check to report.
pub fn canonicalize_capabilities(model: &mut Model) {
    let Some(capability) = model.kind("Capability") else {
        return;
    };
    let canonical: Vec<(String, String)> = capability
        .enumerants
        .iter()
        .flat_map(|e| e.aliases.iter().map(move |a| (a.clone(), e.name.clone())))
        .collect();
    let fix = |availability: &mut Availability| {
        let mut seen = Vec::new();
        for cap in availability.capabilities.drain(..) {
            let name = canonical
                .iter()
                .find(|(a, _)| *a == cap)
                .map_or(cap, |(_, c)| c.clone());
            if !seen.contains(&name) {
                seen.push(name);
            }
        }
        availability.capabilities = seen;
    };
    for set in &mut model.sets {
        for op in &mut set.ops {
            fix(&mut op.availability);
        }
    }
    for kind in &mut model.kinds {
        for e in &mut kind.enumerants {
            fix(&mut e.availability);
        }
    }
}
