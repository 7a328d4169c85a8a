//! A small interpreter of SPIR-V functions on 32-bit integers: enough of
//! the instruction set (integer arithmetic and comparisons, selects, phis,
//! function variables and pointers to them, branches, switches, merge
//! instructions, composites built and taken apart) to run the random
//! functions of `unstructured_cfgs` and `structured_cfgs` before and after
//! a round trip and compare results. Wider integers keep their low 32
//! bits; a composite's value is its components, kept apart from the
//! 32-bit values.

use spirv_dialect::binary::{decode_module, Instruction, Operand};
use spirv_dialect::grammar::Op;
use std::collections::HashMap;

/// Arguments each function runs with.
pub const ARGUMENTS: [[u32; 2]; 6] = [
    [0, 0],
    [1, 2],
    [7, 3],
    [40, 41],
    [0xffff_fff0, 5],
    [0x1234_5678, 0x9abc_def0],
];

/// Runs the first function with two parameters in `words` on `args`: its
/// returned value, or why it cannot run.
pub fn run(words: &[u32], args: [u32; 2]) -> Result<u32, String> {
    let (_, insts) = decode_module(words).map_err(|e| e.message)?;
    let start = (insts.windows(3))
        .position(|w| {
            w[0].op == Op::Function
                && w[1].op == Op::FunctionParameter
                && w[2].op == Op::FunctionParameter
        })
        .ok_or("no function of two parameters")?;
    let mut values: HashMap<u32, u32> = HashMap::new();
    for inst in &insts[..start] {
        let value = match (inst.op, inst.operands.first()) {
            (Op::Constant, Some(Operand::Number { bits, .. })) => *bits as u32,
            (Op::ConstantNull | Op::ConstantFalse, _) => 0,
            (Op::ConstantTrue, _) => 1,
            _ => continue,
        };
        values.insert(inst.result.unwrap_or(0), value);
    }
    let mut labels = HashMap::new();
    for (i, inst) in insts.iter().enumerate().skip(start) {
        match inst.op {
            Op::Label => _ = labels.insert(inst.result.unwrap_or(0), i),
            Op::FunctionEnd => break,
            _ => {}
        }
    }
    for (i, arg) in args.iter().enumerate() {
        values.insert(insts[start + 1 + i].result.unwrap_or(0), *arg);
    }
    let id = |operand: Option<&Operand>| match operand {
        Some(Operand::Id(id)) => Ok(*id),
        other => Err(format!("expected an id, found {other:?}")),
    };
    let mut memory: HashMap<u32, u32> = HashMap::new();
    // The components of the values that are composites, by id.
    let mut composites: HashMap<u32, Vec<u32>> = HashMap::new();
    let (mut previous, mut current) = (0, insts[start + 3].result.unwrap_or(0));
    let mut at = start + 4;
    for _ in 0..1_000_000 {
        let inst: &Instruction = &insts[at];
        let get = |n: usize| -> Result<u32, String> {
            let operand = id(inst.operands.get(n))?;
            (values.get(&operand).copied()).ok_or(format!("%{operand} has no value"))
        };
        let value = match inst.op {
            Op::Phi => {
                // The block's phis all read the values from before it.
                let mut phis = Vec::new();
                while insts[at].op == Op::Phi {
                    let mut pairs = insts[at].operands.chunks(2);
                    let pair = pairs.find(|p| id(p.get(1)) == Ok(previous));
                    let incoming = pair.ok_or("no incoming value for the edge taken")?;
                    let incoming = id(incoming.first())?;
                    let value = values.get(&incoming).copied();
                    let components = composites.get(&incoming).cloned();
                    phis.push((insts[at].result.unwrap_or(0), value, components));
                    at += 1;
                }
                for (result, value, components) in phis {
                    values.insert(result, value.ok_or("an incoming value has none")?);
                    match components {
                        Some(components) => composites.insert(result, components),
                        None => composites.remove(&result),
                    };
                }
                continue;
            }
            Op::IAdd => get(0)?.wrapping_add(get(1)?),
            Op::ISub => get(0)?.wrapping_sub(get(1)?),
            Op::IMul => get(0)?.wrapping_mul(get(1)?),
            Op::BitwiseXor => get(0)? ^ get(1)?,
            Op::BitwiseAnd | Op::LogicalAnd => get(0)? & get(1)?,
            Op::BitwiseOr | Op::LogicalOr => get(0)? | get(1)?,
            Op::Not => !get(0)?,
            Op::LogicalNot => u32::from(get(0)? == 0),
            Op::SNegate => get(0)?.wrapping_neg(),
            Op::ShiftRightLogical => get(0)?.wrapping_shr(get(1)?),
            Op::ShiftRightArithmetic => (get(0)? as i32).wrapping_shr(get(1)?) as u32,
            Op::ShiftLeftLogical => get(0)?.wrapping_shl(get(1)?),
            Op::ULessThan => u32::from(get(0)? < get(1)?),
            Op::ULessThanEqual => u32::from(get(0)? <= get(1)?),
            Op::UGreaterThan => u32::from(get(0)? > get(1)?),
            Op::UGreaterThanEqual => u32::from(get(0)? >= get(1)?),
            Op::SLessThan => u32::from((get(0)? as i32) < (get(1)? as i32)),
            Op::SLessThanEqual => u32::from((get(0)? as i32) <= (get(1)? as i32)),
            Op::SGreaterThan => u32::from((get(0)? as i32) > (get(1)? as i32)),
            Op::SGreaterThanEqual => u32::from((get(0)? as i32) >= (get(1)? as i32)),
            Op::IEqual | Op::LogicalEqual => u32::from(get(0)? == get(1)?),
            Op::INotEqual | Op::LogicalNotEqual => u32::from(get(0)? != get(1)?),
            Op::CopyObject | Op::SConvert | Op::UConvert => get(0)?,
            Op::CompositeConstruct => {
                let count = inst.operands.len();
                let components = (0..count).map(get).collect::<Result<Vec<_>, _>>()?;
                composites.insert(inst.result.unwrap_or(0), components);
                0
            }
            Op::CompositeExtract => {
                let composite = id(inst.operands.first())?;
                let index = match inst.operands.get(1) {
                    Some(Operand::Integer(index)) => *index as usize,
                    other => return Err(format!("expected an index, found {other:?}")),
                };
                let components = composites.get(&composite).ok_or("not a composite")?;
                *components
                    .get(index)
                    .ok_or("an index past the composite's end")?
            }
            // A vector condition chooses per component.
            Op::Select if composites.contains_key(&id(inst.operands.first())?) => {
                let pick = |n: usize| {
                    let operand = id(inst.operands.get(n))?;
                    composites
                        .get(&operand)
                        .ok_or("not a composite".to_string())
                };
                let (condition, one, other) = (pick(0)?, pick(1)?, pick(2)?);
                let chosen = (condition.iter().zip(one.iter().zip(other)))
                    .map(|(&c, (&one, &other))| if c != 0 { one } else { other })
                    .collect();
                composites.insert(inst.result.unwrap_or(0), chosen);
                0
            }
            // Any value will do; both runs take the same.
            Op::Undef => 0,
            Op::Select => {
                let chosen = id(inst.operands.get(if get(0)? != 0 { 1 } else { 2 }))?;
                let result = inst.result.unwrap_or(0);
                match composites.get(&chosen).cloned() {
                    Some(components) => composites.insert(result, components),
                    None => composites.remove(&result),
                };
                values
                    .get(&chosen)
                    .copied()
                    .ok_or(format!("%{chosen} has no value"))?
            }
            // A variable's address is its id.
            Op::Variable => inst.result.unwrap_or(0),
            Op::Load => {
                let address = get(0)?;
                memory
                    .get(&address)
                    .copied()
                    .ok_or("a load before any store")?
            }
            Op::Store => {
                memory.insert(get(0)?, get(1)?);
                at += 1;
                continue;
            }
            Op::ReturnValue => return get(0),
            Op::Name | Op::Line | Op::NoLine | Op::Nop | Op::SelectionMerge | Op::LoopMerge => {
                at += 1;
                continue;
            }
            Op::Branch | Op::BranchConditional | Op::Switch => {
                let target = match inst.op {
                    Op::Branch => id(inst.operands.first())?,
                    Op::BranchConditional if get(0)? != 0 => id(inst.operands.get(1))?,
                    Op::BranchConditional => id(inst.operands.get(2))?,
                    _ => switch_target(inst, get(0)?)?,
                };
                (previous, current) = (current, target);
                at = 1 + labels.get(&target).ok_or(format!("no block %{target}"))?;
                continue;
            }
            other => return Err(format!("the interpreter does not run {other:?}")),
        };
        values.insert(inst.result.unwrap_or(0), value);
        at += 1;
    }
    Err("ran past its step budget".into())
}

/// The block an `OpSwitch` on `selector` goes to.
fn switch_target(inst: &Instruction, selector: u32) -> Result<u32, String> {
    let case = inst.operands[2..].chunks(2).find_map(|case| match case {
        [Operand::Number { bits, .. }, Operand::Id(label)] if *bits as u32 == selector => {
            Some(*label)
        }
        _ => None,
    });
    match (case, inst.operands.get(1)) {
        (Some(label), _) | (None, Some(&Operand::Id(label))) => Ok(label),
        _ => Err("a switch without a default".into()),
    }
}
