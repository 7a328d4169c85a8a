//! The model check that runs before anything is emitted: every name the
//! grammar references exists, and every generated identifier is unique.

use std::collections::BTreeMap;

use crate::model::{Availability, Category, Model, Operand};
use crate::Error;

pub fn check(model: &Model) -> Result<(), Error> {
    let capabilities: Vec<&str> = model
        .kind("Capability")
        .ok_or_else(|| Error::new("spirv.core.grammar.json: no `Capability` operand kind".into()))?
        .enumerants
        .iter()
        .map(|e| e.name.as_str())
        .collect();
    let check_availability = |at: &dyn Fn() -> String, a: &Availability| -> Result<(), Error> {
        for cap in &a.capabilities {
            if !capabilities.contains(&cap.as_str()) {
                return Err(Error::new(format!("{}: unknown capability `{cap}`", at())));
            }
        }
        if let (Some(min), Some(last)) = (a.min_version, a.last_version) {
            if last < min {
                return Err(Error::new(format!(
                    "{}: last version {last} precedes version {min}",
                    at()
                )));
            }
        }
        Ok(())
    };
    let check_operands = |at: &dyn Fn() -> String, operands: &[Operand]| -> Result<(), Error> {
        for operand in operands {
            if model.kind(&operand.kind).is_none() {
                return Err(Error::new(format!(
                    "{}: operand `{}` has unknown operand kind `{}`",
                    at(),
                    operand.name,
                    operand.kind
                )));
            }
        }
        Ok(())
    };

    for set in model.sets.iter().skip(1) {
        if set.import_name.is_empty() || set.import_name.ends_with('.') {
            return Err(Error::new(format!(
                "{}: no import name derived (`{}`): a set imported under a name \
                 that carries its revision needs the grammar's `revision`",
                set.file, set.import_name
            )));
        }
    }
    let mut mlir_names = BTreeMap::new();
    let mut rust_names = BTreeMap::new();
    for (set, op) in model.ops() {
        let at = || format!("{}: instruction `{}`", set.file, op.grammar_name);
        check_operands(&at, &op.operands)?;
        check_availability(&at, &op.availability)?;
        if let Some(other) = mlir_names.insert(op.mlir_name.clone(), op.grammar_name.clone()) {
            return Err(Error::new(format!(
                "{}: MLIR name `{}` is also derived for `{other}`",
                at(),
                op.mlir_name
            )));
        }
        if let Some(other) = rust_names.insert(op.rust_name.clone(), op.grammar_name.clone()) {
            return Err(Error::new(format!(
                "{}: Rust name `{}` is also derived for `{other}`",
                at(),
                op.rust_name
            )));
        }
    }

    let mut kind_names = BTreeMap::new();
    for kind in &model.kinds {
        let at = || format!("{}: operand kind `{}`", kind.file, kind.name);
        if kind_names.insert(kind.name.clone(), ()).is_some() {
            return Err(Error::new(format!("{}: defined twice", at())));
        }
        for base in &kind.bases {
            if model.kind(base).is_none() {
                return Err(Error::new(format!("{}: unknown base kind `{base}`", at())));
            }
        }
        if kind.category == Category::Composite && kind.bases.is_empty() {
            return Err(Error::new(format!(
                "{}: a Composite kind needs bases",
                at()
            )));
        }
        let mut idents = BTreeMap::new();
        for e in &kind.enumerants {
            let at_e = || format!("{}, enumerant `{}`", at(), e.name);
            check_operands(&at_e, &e.parameters)?;
            check_availability(&at_e, &e.availability)?;
            if idents.insert(e.rust_name.clone(), ()).is_some() {
                return Err(Error::new(format!(
                    "{}: identifier `{}` is not unique",
                    at_e(),
                    e.rust_name
                )));
            }
        }
    }
    Ok(())
}
