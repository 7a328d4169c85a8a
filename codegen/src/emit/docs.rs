//! `docs/ops.md`: the op reference, like `mlir-tblgen -gen-doc`: per
//! instruction set and class, each op's name, opcode, operands and
//! availability. Rendered with askama (`codegen/templates/ops.md`).

use askama::Template;

use crate::model::{Availability, Model};

#[derive(Template)]
#[template(path = "ops.md", escape = "none")]
struct OpsDoc<'a> {
    header: &'a str,
    core_version: String,
    sets: Vec<SetDoc>,
}

struct SetDoc {
    title: String,
    classes: Vec<ClassDoc>,
}

struct ClassDoc {
    name: String,
    ops: Vec<OpDoc>,
}

struct OpDoc {
    mlir_name: String,
    grammar_name: String,
    opcode: u32,
    aliases: String,
    operands: Vec<(String, String, String)>,
    availability: Vec<String>,
}

fn describe(a: &Availability) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(v) = a.min_version {
        lines.push(format!("version: {v}"));
    }
    if let Some(v) = a.last_version {
        lines.push(format!("last version: {v}"));
    }
    if !a.capabilities.is_empty() {
        lines.push(format!(
            "capabilities (any of): {}",
            a.capabilities.join(", ")
        ));
    }
    if !a.extensions.is_empty() {
        lines.push(format!("extensions (any of): {}", a.extensions.join(", ")));
    }
    if a.provisional {
        lines.push("provisional".into());
    }
    lines
}

pub fn emit(model: &Model) -> Result<String, crate::Error> {
    let sets = model
        .sets
        .iter()
        .map(|set| {
            let mut classes: Vec<ClassDoc> = Vec::new();
            for op in &set.ops {
                let doc = OpDoc {
                    mlir_name: op.mlir_name.clone(),
                    grammar_name: op.grammar_name.clone(),
                    opcode: op.opcode,
                    aliases: op.aliases.join(", "),
                    operands: op
                        .operands
                        .iter()
                        .map(|o| {
                            (
                                o.name.clone(),
                                o.kind.clone(),
                                o.quantifier.symbol().to_string(),
                            )
                        })
                        .collect(),
                    availability: describe(&op.availability),
                };
                match classes.iter_mut().find(|c| c.name == op.class) {
                    Some(class) => class.ops.push(doc),
                    None => classes.push(ClassDoc {
                        name: op.class.clone(),
                        ops: vec![doc],
                    }),
                }
            }
            classes.sort_by(|a, b| a.name.cmp(&b.name));
            let title = if set.import_name.is_empty() {
                "Core instructions (`spirv.*`)".to_string()
            } else {
                format!("{} (`spirv.{}.*`)", set.import_name, set.namespace)
            };
            SetDoc { title, classes }
        })
        .collect();
    let doc = OpsDoc {
        header: super::HEADER,
        core_version: format!("{} revision {}", model.core_version, model.core_revision),
        sets,
    };
    doc.render()
        .map_err(|e| crate::Error::new(format!("rendering docs/ops.md: {e}")))
}
