//! `define-inst` / `define-enum`: the counterpart of MLIR's `define_inst.sh`
//! and `define_enum.sh`. Each writes a refinement scaffold for one op or enum
//! into the hand-written layer (`dialect/spirv/refine/`) — hooks for a custom
//! assembly form, extra verification and a doc note — plus a round-trip test
//! stub under `tests/mlir/spirv/`, and registers the new module. Rendered with
//! askama from `codegen/templates/`.

use std::path::{Path, PathBuf};

use askama::Template;

use crate::model::{Model, Op, OperandKind};
use crate::naming::snake_case;
use crate::Error;

#[derive(Template)]
#[template(path = "define_inst.rs.txt", escape = "none")]
struct InstScaffold<'a> {
    op: &'a Op,
    rust_path: String,
    operands: Vec<String>,
}

#[derive(Template)]
#[template(path = "define_inst.mlir.txt", escape = "none")]
struct InstTest<'a> {
    op: &'a Op,
    snake: String,
}

#[derive(Template)]
#[template(path = "define_enum.rs.txt", escape = "none")]
struct EnumScaffold<'a> {
    kind: &'a OperandKind,
    mnemonic: String,
    first: String,
}

#[derive(Template)]
#[template(path = "define_enum.mlir.txt", escape = "none")]
struct EnumTest<'a> {
    kind: &'a OperandKind,
    mnemonic: String,
    first: String,
}

/// Up to five names closest to `wanted`.
fn closest<'a>(wanted: &str, names: impl Iterator<Item = &'a str>) -> String {
    let wanted = wanted.to_ascii_lowercase();
    let mut scored: Vec<(usize, &str)> = names
        .map(|n| (strsim::levenshtein(&wanted, &n.to_ascii_lowercase()), n))
        .collect();
    scored.sort();
    scored
        .into_iter()
        .take(5)
        .map(|(_, n)| n)
        .collect::<Vec<_>>()
        .join(", ")
}

fn check_category(category: &str) -> Result<(), Error> {
    let valid = !category.is_empty()
        && category.starts_with(|c: char| c.is_ascii_lowercase())
        && category
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if valid {
        Ok(())
    } else {
        Err(Error::new(format!(
            "category `{category}` must be a snake_case name, e.g. `arithmetic`"
        )))
    }
}

fn render(template: &impl Template, what: &str) -> Result<String, Error> {
    template
        .render()
        .map_err(|e| Error::new(format!("rendering {what}: {e}")))
}

/// Writes `path` unless it exists (a refinement already written by hand is
/// never overwritten).
fn write_new(path: &Path, text: &str) -> Result<(), Error> {
    if path.exists() {
        return Err(Error::new(format!(
            "{} already exists; not overwritten",
            path.display()
        )));
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| Error::new(format!("{}: {e}", parent.display())))?;
    }
    std::fs::write(path, text).map_err(|e| Error::new(format!("{}: {e}", path.display())))
}

fn write(path: &Path, text: &str) -> Result<(), Error> {
    std::fs::write(path, text).map_err(|e| Error::new(format!("{}: {e}", path.display())))
}

/// The sorted names of the entries of `dir` that `keep` accepts.
fn listing(dir: &Path, keep: impl Fn(&Path) -> Option<String>) -> Result<Vec<String>, Error> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| Error::new(format!("{}: {e}", dir.display())))?;
    let mut names: Vec<String> = entries.flatten().filter_map(|e| keep(&e.path())).collect();
    names.sort();
    Ok(names)
}

/// Rewrites `dir/mod.rs` to declare every refinement module in `dir` and
/// list their `REFINEMENT`s as `REFINEMENTS` of type `item`.
fn rewrite_folder_listing(dir: &Path, doc: &str, item: &str) -> Result<PathBuf, Error> {
    let modules = listing(dir, |p| {
        let stem = p.file_stem()?.to_str()?;
        (p.extension()? == "rs" && stem != "mod").then(|| stem.to_string())
    })?;
    let mut text = format!("//! {doc}\n//! Listing rewritten by `define-inst`/`define-enum`.\n\n");
    text.push_str(&format!("use super::{item};\n\n"));
    for module in &modules {
        text.push_str(&format!("pub mod {module};\n"));
    }
    let items: Vec<String> = modules.iter().map(|m| format!("{m}::REFINEMENT")).collect();
    text.push_str(&format!(
        "\npub const REFINEMENTS: &[{item}] = &[{}];\n",
        items.join(", ")
    ));
    let path = dir.join("mod.rs");
    write(&path, &text)?;
    Ok(path)
}

/// Rewrites `refine/catalog.rs` from the category folders present.
fn rewrite_catalog(refine: &Path) -> Result<PathBuf, Error> {
    let folders = listing(refine, |p| {
        p.is_dir()
            .then(|| p.file_name()?.to_str().map(str::to_string))
            .flatten()
    })?;
    let categories: Vec<&String> = folders.iter().filter(|f| f.as_str() != "enums").collect();
    let has_enums = folders.iter().any(|f| f == "enums");
    let mut text = String::from(
        "//! The refinement listing, rewritten by `define-inst`/`define-enum` from the\n//! folders present. Do not edit by hand.\n\nuse super::{EnumRefinement, OpRefinement};\n\n",
    );
    for folder in &folders {
        text.push_str(&format!(
            "#[path = \"{folder}/mod.rs\"]\npub mod {folder};\n"
        ));
    }
    let ops: Vec<String> = categories
        .iter()
        .map(|c| format!("{c}::REFINEMENTS"))
        .collect();
    text.push_str(&format!(
        "\npub const OPS: &[&[OpRefinement]] = &[{}];\n",
        ops.join(", ")
    ));
    let enums = if has_enums { "enums::REFINEMENTS" } else { "" };
    text.push_str(&format!(
        "\npub const ENUMS: &[&[EnumRefinement]] = &[{enums}];\n"
    ));
    let path = refine.join("catalog.rs");
    write(&path, &text)?;
    Ok(path)
}

/// Writes the scaffold for the op named `name` (`OpIAdd`, `IAdd`, `spirv.IAdd`,
/// `spirv.GL.Log`) under `category`; returns the files written.
pub fn define_inst(
    model: &Model,
    root: &Path,
    category: &str,
    name: &str,
) -> Result<Vec<PathBuf>, Error> {
    check_category(category)?;
    let op = model
        .ops()
        .map(|(_, op)| op)
        .find(|op| {
            op.grammar_name == name
                || op.mlir_name == name
                || op.mlir_name.strip_prefix("spirv.") == Some(name)
                || op.aliases.iter().any(|a| a == name)
        })
        .ok_or_else(|| {
            let names = model.ops().map(|(_, op)| op.grammar_name.as_str());
            Error::new(format!(
                "unknown instruction `{name}`; closest: {}",
                closest(name, names)
            ))
        })?;
    let snake = snake_case(&op.rust_name);
    let dir = root.join("dialect/spirv/refine").join(category);
    let source = dir.join(format!("{snake}.rs"));
    let test = root
        .join("tests/mlir/spirv")
        .join(category)
        .join(format!("{snake}.mlir"));
    let scaffold = InstScaffold {
        op,
        rust_path: format!("Op::{}", op.rust_name),
        operands: op
            .operands
            .iter()
            .map(|o| format!("{}: {}{}", o.name, o.kind, o.quantifier.symbol()))
            .collect(),
    };
    write_new(&source, &render(&scaffold, "the op scaffold")?)?;
    write_new(
        &test,
        &render(
            &InstTest {
                op,
                snake: snake.clone(),
            },
            "the op test stub",
        )?,
    )?;
    let module = rewrite_folder_listing(
        &dir,
        &format!("Hand-written refinements of the {category} ops."),
        "OpRefinement",
    )?;
    let catalog = rewrite_catalog(&root.join("dialect/spirv/refine"))?;
    Ok(vec![source, test, module, catalog])
}

/// Writes the scaffold for the enum operand kind `name`; returns the files written.
pub fn define_enum(model: &Model, root: &Path, name: &str) -> Result<Vec<PathBuf>, Error> {
    let kind = model
        .kinds
        .iter()
        .find(|k| k.name == name && !k.enumerants.is_empty())
        .ok_or_else(|| {
            let names = model
                .kinds
                .iter()
                .filter(|k| !k.enumerants.is_empty())
                .map(|k| k.name.as_str());
            Error::new(format!(
                "unknown enum operand kind `{name}`; closest: {}",
                closest(name, names)
            ))
        })?;
    let mnemonic = snake_case(&kind.name);
    let first = kind
        .enumerants
        .iter()
        .find(|e| e.value != 0)
        .or(kind.enumerants.first())
        .map(|e| e.name.clone())
        .unwrap_or_default();
    let dir = root.join("dialect/spirv/refine/enums");
    let source = dir.join(format!("{mnemonic}.rs"));
    let test = root
        .join("tests/mlir/spirv/enums")
        .join(format!("{mnemonic}.mlir"));
    let scaffold = EnumScaffold {
        kind,
        mnemonic: mnemonic.clone(),
        first: first.clone(),
    };
    write_new(&source, &render(&scaffold, "the enum scaffold")?)?;
    write_new(
        &test,
        &render(
            &EnumTest {
                kind,
                mnemonic: mnemonic.clone(),
                first,
            },
            "the enum test stub",
        )?,
    )?;
    let module = rewrite_folder_listing(
        &dir,
        "Hand-written refinements of enum attributes.",
        "EnumRefinement",
    )?;
    let catalog = rewrite_catalog(&root.join("dialect/spirv/refine"))?;
    Ok(vec![source, test, module, catalog])
}
