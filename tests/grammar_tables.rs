//! `spirv-dialect info ops --json` lists every instruction of every grammar
//! file in `grammar-json/` with exactly the grammar's availability data.
//! Checked against the JSON files themselves, not against the generator.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().map_or_else(Vec::new, |a| {
        a.iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect()
    })
}

/// The grammar's capability aliases, resolved to their canonical names.
fn capability_names(core: &Value) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    let kinds = core["operand_kinds"].as_array().expect("operand_kinds");
    let capability = kinds
        .iter()
        .find(|k| k["kind"] == "Capability")
        .expect("Capability kind");
    let mut by_value: BTreeMap<u64, String> = BTreeMap::new();
    for e in capability["enumerants"].as_array().expect("enumerants") {
        let name = e["enumerant"].as_str().expect("name").to_string();
        let value = e["value"].as_u64().expect("value");
        let canonical = by_value
            .entry(value)
            .or_insert_with(|| name.clone())
            .clone();
        names.insert(name, canonical.clone());
        for alias in strings(&e["aliases"]) {
            names.insert(alias, canonical.clone());
        }
    }
    names
}

fn version(value: &Value) -> Value {
    match value.as_str() {
        Some("None") | None => Value::Null,
        Some(v) => Value::String(v.to_string()),
    }
}

#[test]
fn info_ops_json_matches_every_grammar_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new(env!("CARGO_BIN_EXE_spirv-dialect"))
        .args(["info", "ops", "--json"])
        .output()
        .expect("run spirv-dialect");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let listed: Value = serde_json::from_slice(&output.stdout).expect("valid JSON");
    let listed = listed.as_array().expect("a list of ops");
    let by_entry: BTreeMap<(String, u64), &Value> = listed
        .iter()
        .map(|op| {
            (
                (
                    op["grammar_file"].as_str().unwrap_or("").to_string(),
                    op["opcode"].as_u64().unwrap_or(0),
                ),
                op,
            )
        })
        .collect();
    assert_eq!(
        by_entry.len(),
        listed.len(),
        "one entry per (grammar file, opcode)"
    );

    let core = read_json(&root.join("grammar-json/spirv.core.grammar.json"));
    let capabilities = capability_names(&core);
    let mut files: Vec<_> = std::fs::read_dir(root.join("grammar-json"))
        .expect("grammar-json")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();

    let mut checked = 0;
    for file in &files {
        let grammar = read_json(file);
        for inst in grammar["instructions"].as_array().expect("instructions") {
            let opname = inst["opname"].as_str().expect("opname");
            let opcode = inst["opcode"].as_u64().expect("opcode");
            let file_name = file
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or("")
                .to_string();
            let op = by_entry
                .get(&(file_name.clone(), opcode))
                .unwrap_or_else(|| panic!("{}: {opname} ({opcode}) is not listed", file.display()));
            if op["grammar_name"] != opname {
                // The older grammar format lists an alias as its own entry with the same opcode.
                assert!(
                    strings(&op["aliases"]).iter().any(|a| a == opname),
                    "{opname}: neither name nor alias"
                );
                continue;
            }
            checked += 1;
            let operands = inst["operands"].as_array().cloned().unwrap_or_default();
            let listed_operands = op["operands"].as_array().expect("operands");
            assert_eq!(
                operands.len(),
                listed_operands.len(),
                "{opname}: operand count"
            );
            // A kind several files define differently carries its file's
            // words (`OpenclDebuginfo100DebugInfoFlags`).
            let stem =
                (file_name.strip_prefix("extinst.")).and_then(|n| n.strip_suffix(".grammar.json"));
            let prefix = stem.map(|stem| {
                (stem.split(['.', '-', '_']))
                    .map(|w| w[..1].to_uppercase() + &w[1..])
                    .collect::<String>()
            });
            for (o, l) in operands.iter().zip(listed_operands) {
                let grammar_kind = o["kind"].as_str().expect("kind");
                let listed_kind = l["kind"].as_str().expect("kind");
                let qualified = prefix.as_ref().map(|p| format!("{p}{grammar_kind}"));
                assert!(
                    listed_kind == grammar_kind || Some(listed_kind) == qualified.as_deref(),
                    "{opname}: operand kind {listed_kind}, not {grammar_kind}"
                );
                assert_eq!(
                    o["quantifier"].as_str().unwrap_or(""),
                    l["quantifier"],
                    "{opname}: quantifier"
                );
                let name = l["name"].as_str().unwrap_or("");
                let numbered = name
                    .strip_prefix("argument_")
                    .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()));
                assert!(
                    !name.is_empty() && !numbered,
                    "{opname}: operand name `{name}`"
                );
            }
            assert_eq!(
                version(&inst["version"]),
                op["min_version"],
                "{opname}: min version"
            );
            assert_eq!(
                version(&inst["lastVersion"]),
                op["max_version"],
                "{opname}: max version"
            );
            let mut expected_caps: Vec<String> = strings(&inst["capabilities"])
                .iter()
                .map(|c| capabilities.get(c).cloned().unwrap_or(c.clone()))
                .collect();
            expected_caps.dedup();
            assert_eq!(
                expected_caps,
                strings(&op["capabilities"]),
                "{opname}: capabilities"
            );
            assert_eq!(
                strings(&inst["extensions"]),
                strings(&op["extensions"]),
                "{opname}: extensions"
            );
            assert_eq!(
                inst["provisional"].as_bool().unwrap_or(false),
                op["provisional"],
                "{opname}: provisional"
            );
        }
    }
    assert_eq!(
        checked,
        listed.len(),
        "every listed op comes from a grammar entry"
    );
    println!(
        "{checked} ops checked against {} grammar files",
        files.len()
    );
}
