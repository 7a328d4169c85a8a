//! Deserialization then serialization keeps what a module means: every
//! corpus binary and its round trip have the same instruction streams
//! modulo id renumbering and section order: the same capabilities,
//! extensions, memory model, entry points (names included) and execution
//! modes; the same global variables, spec constants and functions in the
//! same order with the same decorations; every function body instruction
//! for instruction, ids renamed by order of definition, with types and
//! constants named by their structure and decorations (zero constants,
//! `OpConstantNull` or not, as one; `OpUndef`s by type; array lengths by
//! value; an `OpPhi`'s incoming pairs in any order) and each carrying the
//! location the last `OpLine` gave it; the decorated types and constants,
//! used or not; the debug sources, strings and processes; the module-level
//! non-semantic instructions in order. Names (tests/text_and_debug_info.rs
//! compares them), `OpNop` and `OpTypeForwardPointer` (written only where a
//! struct is recursive) are left out. tests/vulkan_semantics.rs runs the
//! compute shaders among them.

use spirv_dialect::binary::{decode_module, Instruction, Operand};
use spirv_dialect::grammar::Op;
use std::collections::{BTreeMap, BTreeSet, HashMap};
mod support;

/// Corpus files whose instruction streams survive the round trip.
const SAME_STREAMS_FLOOR: usize = 1080;
/// Instructions left out of the comparison: names (only those of symbols
/// and structs are kept), `OpNop`, forward pointers (written only for
/// recursive structs), and lines, which are compared as the locations of
/// the instructions after them.
fn is_skipped(inst: &Instruction) -> bool {
    matches!(
        inst.op,
        Op::Name | Op::MemberName | Op::Nop | Op::TypeForwardPointer | Op::Line | Op::NoLine
    )
}

/// A module's semantic content with ids replaced by canonical names.
#[derive(Debug, PartialEq, Default)]
struct Canonical {
    header: BTreeSet<String>,
    entry_points: BTreeSet<String>,
    execution_modes: BTreeSet<String>,
    /// Decorated types and constants, by structure (decorations included).
    structural: BTreeSet<String>,
    /// Global variables, spec constants and functions, in order.
    globals: Vec<String>,
    /// Decorations of everything but types, by canonical target.
    decorations: BTreeMap<String, Vec<String>>,
    functions: Vec<Vec<String>>,
}

struct Canonicalizer<'a> {
    insts: &'a [Instruction],
    defs: HashMap<u32, usize>,
    decorations: HashMap<u32, Vec<&'a Instruction>>,
    names: HashMap<u32, String>,
    in_progress: BTreeSet<u32>,
}

impl Canonicalizer<'_> {
    /// The canonical name of `id`.
    fn key(&mut self, id: u32) -> String {
        if let Some(key) = self.names.get(&id) {
            return key.clone();
        }
        let Some(&index) = self.defs.get(&id) else {
            return format!("undefined%{id}");
        };
        if !self.in_progress.insert(id) {
            return "recursive".into();
        }
        let inst = &self.insts[index];
        let mut key = format!("{}(", inst.op.info().grammar_name);
        if let Some(ty) = inst.result_type {
            key += &self.key(ty);
            key += ";";
        }
        match (inst.op, &inst.operands[..]) {
            // An array's length is its value, whatever the integer type.
            (Op::TypeArray, [Operand::Id(elem), Operand::Id(length)]) => {
                let length = match self.defs.get(length).map(|&d| &self.insts[d]) {
                    Some(def) if def.op == Op::Constant => match def.operands.first() {
                        Some(Operand::Number { bits, .. }) => format!("#{bits:x}"),
                        other => format!("{other:?}"),
                    },
                    _ => self.key(*length),
                };
                key += &format!("{},{length}", self.key(*elem));
            }
            _ => key += &self.operands(&inst.operands),
        }
        key += ")";
        if self.is_zero(inst, &key) {
            key = format!(
                "Zero({})",
                inst.result_type.map_or(String::new(), |t| self.key(t))
            );
        }
        let mut decorations: Vec<String> = (self.decorations.get(&id).cloned())
            .unwrap_or_default()
            .iter()
            .map(|d| format!("{:?}", &d.operands[1..]))
            .collect();
        decorations.sort();
        for d in decorations {
            key += &d;
        }
        self.in_progress.remove(&id);
        self.names.insert(id, key.clone());
        key
    }

    /// Whether constant `inst` (keyed `key` so far) is its type's zero:
    /// `OpConstantNull` and the constants spelling zero are one value.
    fn is_zero(&mut self, inst: &Instruction, key: &str) -> bool {
        match (inst.op, &inst.operands[..]) {
            (Op::ConstantNull | Op::ConstantFalse, _) => true,
            (Op::Constant, [Operand::Number { bits: 0, .. }] | [Operand::Integer(0)]) => true,
            (Op::ConstantComposite, operands) => {
                !operands.is_empty()
                    && (operands.iter()).all(|o| matches!(o, Operand::Id(_)))
                    && key.matches("Zero(").count() > 0
                    && operands.iter().all(|o| match o {
                        Operand::Id(id) => self.key(*id).starts_with("Zero("),
                        _ => false,
                    })
            }
            _ => false,
        }
    }

    fn operands(&mut self, operands: &[Operand]) -> String {
        let mut out = String::new();
        for operand in operands {
            match operand {
                Operand::Id(id) => out += &self.key(*id),
                Operand::Number { bits, .. } => out += &format!("#{bits:x}"),
                other => out += &format!("{other:?}"),
            }
            out += ",";
        }
        out
    }

    /// `inst` with canonical ids (an `OpPhi`'s incoming pairs sorted).
    fn render(&mut self, inst: &Instruction) -> String {
        if inst.op == Op::Phi {
            let mut pairs: Vec<String> = (inst.operands.chunks(2))
                .map(|pair| self.operands(pair))
                .collect();
            pairs.sort();
            let result = inst.result.map_or(String::new(), |r| self.key(r));
            let ty = inst.result_type.map_or(String::new(), |t| self.key(t));
            return format!("{result} = OpPhi {ty} {}", pairs.concat());
        }
        let mut out = inst.op.info().grammar_name.to_string();
        if let Some(ty) = inst.result_type {
            out = format!("{out} {}", self.key(ty));
        }
        if let Some(r) = inst.result {
            out = format!("{} = {out}", self.key(r));
        }
        format!("{out} {}", self.operands(&inst.operands))
    }
}

fn canonical(words: &[u32]) -> Result<Canonical, String> {
    let (_, insts) = decode_module(words).map_err(|e| e.message)?;
    let mut c = Canonicalizer {
        insts: &insts,
        defs: HashMap::new(),
        decorations: HashMap::new(),
        names: HashMap::new(),
        in_progress: BTreeSet::new(),
    };
    let (mut variables, mut specs, mut functions) = (0, 0, 0);
    let mut in_function: Option<usize> = None;
    let mut locals = 0;
    for (index, inst) in insts.iter().enumerate() {
        if let Some(r) = inst.result {
            c.defs.insert(r, index);
        }
        match inst.op {
            Op::Function => {
                c.names
                    .insert(inst.result.unwrap_or(0), format!("fn#{functions}"));
                in_function = Some(functions);
                functions += 1;
                locals = 0;
                continue;
            }
            Op::FunctionEnd => in_function = None,
            Op::ExtInstImport => {
                if let (Some(r), Some(Operand::String(name))) = (inst.result, inst.operands.first())
                {
                    c.names.insert(r, format!("import:{name}"));
                }
            }
            Op::String => {
                if let (Some(r), Some(Operand::String(text))) = (inst.result, inst.operands.first())
                {
                    c.names.insert(r, format!("string:{text:?}"));
                }
            }
            Op::Decorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorate
            | Op::MemberDecorateString => {
                if let Some(Operand::Id(target)) = inst.operands.first() {
                    c.decorations.entry(*target).or_default().push(inst);
                }
            }
            _ => {}
        }
        let Some(r) = inst.result else { continue };
        if inst.op == Op::Undef || is_skipped(inst) {
            continue;
        }
        if let Some(f) = in_function {
            c.names.insert(r, format!("f{f}:{locals}"));
            locals += 1;
        } else if inst.op == Op::Variable {
            c.names.insert(r, format!("var#{variables}"));
            variables += 1;
        } else if matches!(
            inst.op,
            Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse
        ) {
            c.names.insert(r, format!("spec#{specs}"));
            specs += 1;
        }
    }
    let mut out = Canonical::default();
    let mut body: Option<Vec<String>> = None;
    let mut line = String::new();
    for inst in &insts {
        match inst.op {
            Op::Line => line = format!(" @{}", c.operands(&inst.operands)),
            Op::NoLine | Op::Label => line.clear(),
            _ => {}
        }
        if is_skipped(inst) {
            continue;
        }
        match inst.op {
            Op::Source
            | Op::SourceContinued
            | Op::SourceExtension
            | Op::String
            | Op::ModuleProcessed => {
                out.header.insert(c.render(inst));
            }
            // Imports are compared where instructions use them, by name.
            Op::ExtInstImport => {}
            Op::Capability | Op::Extension | Op::MemoryModel => {
                out.header.insert(c.render(inst));
            }
            Op::EntryPoint => {
                let mut operands = inst.operands.clone();
                let interface = operands.split_off(3.min(operands.len()));
                let mut interface: Vec<String> = (interface.iter())
                    .map(|o| c.operands(std::slice::from_ref(o)))
                    .collect();
                interface.sort();
                out.entry_points
                    .insert(format!("{} {interface:?}", c.operands(&operands)));
            }
            Op::ExecutionMode | Op::ExecutionModeId => {
                out.execution_modes.insert(c.render(inst));
            }
            Op::Decorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorate
            | Op::MemberDecorateString => {
                let Some(Operand::Id(target)) = inst.operands.first() else {
                    continue;
                };
                let is_type = (c.defs.get(target))
                    .is_some_and(|&d| insts[d].op.info().class == "Type-Declaration");
                if !is_type {
                    let target = c.key(*target);
                    let rest = c.operands(&inst.operands[1..]);
                    out.decorations.entry(target).or_default().push(rest);
                }
            }
            Op::Function => {
                out.globals.push(c.render(inst));
                body = Some(Vec::new());
            }
            Op::FunctionEnd => out.functions.extend(body.take()),
            Op::Undef => {}
            _ if body.is_some() => {
                let rendered = c.render(inst) + &line;
                body.get_or_insert_with(Vec::new).push(rendered);
            }
            Op::Variable
            | Op::SpecConstant
            | Op::SpecConstantTrue
            | Op::SpecConstantFalse
            | Op::ExtInst => {
                out.globals.push(c.render(inst));
            }
            // Types and constants are compared where they are used; those
            // decorated on their own (`BuiltIn WorkgroupSize`) here too.
            _ => match inst.result {
                Some(r) if c.decorations.contains_key(&r) => {
                    out.structural.insert(c.key(r));
                }
                _ => {}
            },
        }
    }
    for list in out.decorations.values_mut() {
        list.sort();
    }
    Ok(out)
}

/// The first difference between two canonical modules.
fn difference(a: &Canonical, b: &Canonical) -> Option<String> {
    fn sets(what: &str, a: &BTreeSet<String>, b: &BTreeSet<String>) -> Option<String> {
        let lost = a.difference(b).next();
        let gained = b.difference(a).next();
        match (lost, gained) {
            (None, None) => None,
            _ => Some(format!("{what}: lost {lost:?}, gained {gained:?}")),
        }
    }
    sets("header", &a.header, &b.header)
        .or_else(|| sets("entry points", &a.entry_points, &b.entry_points))
        .or_else(|| sets("execution modes", &a.execution_modes, &b.execution_modes))
        .or_else(|| sets("types and constants", &a.structural, &b.structural))
        .or_else(|| {
            (a.globals != b.globals).then(|| {
                let at = (a.globals.iter().zip(&b.globals)).position(|(x, y)| x != y);
                format!(
                    "globals differ at {at:?}: {:?} vs {:?}",
                    at.map(|i| &a.globals[i]),
                    at.map(|i| &b.globals[i])
                )
            })
        })
        .or_else(|| {
            (a.decorations != b.decorations).then(|| {
                let target = (a.decorations.iter())
                    .find(|(k, v)| b.decorations.get(*k) != Some(v))
                    .map(|(k, _)| k.clone());
                format!("decorations of {target:?} differ")
            })
        })
        .or_else(|| {
            (a.functions.len() != b.functions.len()).then(|| "function count differs".to_string())
        })
        .or_else(|| {
            a.functions.iter().zip(&b.functions).find_map(|(x, y)| {
                let at = x.iter().zip(y).position(|(p, q)| p != q);
                match at {
                    Some(i) => Some(format!("function body: {:?} vs {:?}", x[i], y[i])),
                    None if x.len() != y.len() => Some("function length differs".into()),
                    None => None,
                }
            })
        })
}

#[test]
fn round_trip_keeps_instruction_streams() {
    let Some(files) = support::corpus_or_skip() else {
        return;
    };
    let (mut same, mut compared) = (0, 0);
    let mut differences: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in &files {
        let Some(words) = support::read_words(file) else {
            continue;
        };
        let Some(written) = support::round_trip(&words) else {
            continue;
        };
        let Ok(original) = canonical(&words) else {
            continue;
        };
        compared += 1;
        let result = canonical(&written).map_err(|e| format!("written module: {e}"));
        match result.map(|w| difference(&original, &w)) {
            Ok(None) => same += 1,
            Ok(Some(d)) | Err(d) => {
                let class: String = d.chars().take(60).collect();
                let name = file.strip_prefix(support::corpus_root()).unwrap_or(file);
                let entry = differences.entry(class).or_default();
                entry.push(format!("{}: {d}", name.display()));
            }
        }
    }
    println!("{compared} round trips compared, {same} with the same instruction streams");
    for (class, files) in &differences {
        println!("  {:4} {class}\n       e.g. {}", files.len(), files[0]);
    }
    assert!(
        same >= SAME_STREAMS_FLOOR,
        "{same} files keep their instruction streams; the floor is {SAME_STREAMS_FLOOR}"
    );
}
