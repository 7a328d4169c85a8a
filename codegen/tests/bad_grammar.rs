//! A malformed grammar stops the generator with an error that names the file
//! and the entry at fault, never a panic.

use std::path::PathBuf;

/// A minimal core grammar; `edit` rewrites its text before it is written.
fn grammar_dir(test: &str, edit: impl Fn(String) -> String) -> PathBuf {
    let core = r#"{
      "magic_number": "0x07230203", "major_version": 1, "minor_version": 6, "revision": 7,
      "instructions": [
        { "opname": "OpNop", "class": "Miscellaneous", "opcode": 0, "version": "1.0" },
        { "opname": "OpTypeVoid", "class": "Type-Declaration", "opcode": 19,
          "operands": [ { "kind": "IdResult" } ], "version": "1.0" },
        { "opname": "OpTypeBool", "class": "Type-Declaration", "opcode": 20,
          "operands": [ { "kind": "IdResult" } ], "capabilities": ["Shader"], "version": "1.0" }
      ],
      "operand_kinds": [
        { "category": "Id", "kind": "IdResult" },
        { "category": "ValueEnum", "kind": "Capability", "enumerants": [
          { "enumerant": "Matrix", "value": 0, "version": "1.0" },
          { "enumerant": "Shader", "value": 1, "capabilities": ["Matrix"], "version": "1.0" }
        ] }
      ]
    }"#;
    let dir = std::env::temp_dir().join(format!("codegen-bad-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("spirv.core.grammar.json"), edit(core.to_string()))
        .expect("write grammar");
    dir
}

fn error_of(test: &str, edit: impl Fn(String) -> String) -> String {
    let dir = grammar_dir(test, edit);
    let result = codegen::generate(&dir);
    std::fs::remove_dir_all(&dir).ok();
    match result {
        Ok(_) => panic!("{test}: the malformed grammar was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn the_minimal_grammar_generates() {
    let dir = grammar_dir("ok", |text| text);
    let outputs = codegen::generate(&dir);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(outputs.map(|o| o.len()), Ok(4));
}

#[test]
fn unknown_operand_kind_is_named() {
    let error = error_of("kind", |t| {
        t.replace(
            r#"{ "kind": "IdResult" } ], "capabilities""#,
            r#"{ "kind": "IdBogus" } ], "capabilities""#,
        )
    });
    assert!(error.contains("spirv.core.grammar.json"), "{error}");
    assert!(
        error.contains("OpTypeBool") && error.contains("IdBogus"),
        "{error}"
    );
}

#[test]
fn malformed_enumerant_is_named() {
    let error = error_of("enumerant", |t| {
        t.replace(
            r#""value": 1, "capabilities""#,
            r#""value": "0xZZ", "capabilities""#,
        )
    });
    assert!(
        error.contains("Capability")
            && error.contains("Shader")
            && error.contains("malformed value"),
        "{error}"
    );
    let error = error_of("enumerant-name", |t| {
        t.replace(r#""enumerant": "Shader""#, r#""enumerant": "Sha der""#)
    });
    assert!(error.contains("malformed enumerant name"), "{error}");
}

#[test]
fn duplicate_opcode_with_another_layout_is_named() {
    let error = error_of("opcode", |t| t.replace(r#""opcode": 20"#, r#""opcode": 0"#));
    assert!(
        error.contains("duplicate opcode 0")
            && error.contains("OpTypeBool")
            && error.contains("OpNop"),
        "{error}"
    );
}

#[test]
fn unknown_capability_and_bad_version_are_named() {
    let error = error_of("capability", |t| {
        t.replace(
            r#""capabilities": ["Shader"]"#,
            r#""capabilities": ["Shadr"]"#,
        )
    });
    assert!(
        error.contains("OpTypeBool") && error.contains("unknown capability `Shadr`"),
        "{error}"
    );
    let error = error_of("version", |t| {
        t.replacen(r#""version": "1.0""#, r#""version": "one""#, 1)
    });
    assert!(
        error.contains("OpNop") && error.contains("malformed version"),
        "{error}"
    );
}

#[test]
fn broken_json_names_the_file_and_position() {
    let error = error_of("json", |t| t.replacen('{', "{{", 2));
    assert!(
        error.contains("spirv.core.grammar.json") && error.contains("line"),
        "{error}"
    );
}
