//! Random unstructured control flow, as OpenCL-style kernels have it: a
//! function of random blocks without merge instructions (branches back and
//! forth, irreducible cycles, switches and conditional branches with
//! shared targets, returns, blocks no path reaches) and phis at every
//! block, taking values of the edge's source block and its dominators.
//! Each module spirv-val accepts deserializes to a plain CFG, serializes to
//! a module spirv-val accepts, reads back to the same text and writes the
//! same words through the text form; and a small interpreter of the instructions the modules
//! use runs the function before and after for several arguments and gets
//! the same results. A `fuel` variable decremented by every block bounds
//! each run; the accumulator `acc` records the values computed on the way,
//! and phis and selects of pointers choose which of two variables blocks
//! store to.
//! `RANDOM_CFG_SEED=N RANDOM_CFG_COUNT=M` runs other and more modules.

mod interpreter;
mod support;

use interpreter::{run, ARGUMENTS};
use spirv_dialect::spvasm::{assemble, AssembleOptions};

const RANDOM_CFGS: u64 = 200;

/// How a block ends.
enum Exit {
    Branch(usize),
    Conditional(usize, usize),
    /// Default, then the targets of cases 0, 1, 2 (some).
    Switch(usize, Vec<usize>),
    Return,
}

/// A module with one random-CFG function `f(a, b)` and a kernel calling it.
fn random_module(seed: u64) -> String {
    let mut below = support::below_from(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let nodes = 2 + below(9);
    // Node 0 is the entry block, which no branch may target.
    let mut exits: Vec<Exit> = Vec::new();
    for k in 0..=nodes {
        let exit = match below(if k == 0 { 2 } else { 7 }) {
            0 | 2 => Exit::Branch(1 + below(nodes)),
            1 | 3 => Exit::Conditional(1 + below(nodes), 1 + below(nodes)),
            4 | 5 => {
                let cases = 1 + below(3);
                let default = 1 + below(nodes);
                Exit::Switch(default, (0..cases).map(|_| 1 + below(nodes)).collect())
            }
            _ => Exit::Return,
        };
        exits.push(exit);
    }
    let successors = |exit: &Exit| -> Vec<usize> {
        let mut targets = match exit {
            Exit::Branch(t) => vec![*t],
            Exit::Conditional(t, f) => vec![*t, *f],
            Exit::Switch(d, cases) => std::iter::once(*d).chain(cases.iter().copied()).collect(),
            Exit::Return => Vec::new(),
        };
        targets.sort_unstable();
        targets.dedup();
        targets
    };
    // Blocks in reverse postorder from the entry, successors visited in a
    // random order (every block after its dominators); unreachable ones
    // after them.
    let mut postorder = Vec::new();
    let mut seen = vec![false; nodes + 1];
    let mut stack = vec![(0, successors(&exits[0]))];
    seen[0] = true;
    while let Some((node, pending)) = stack.last_mut() {
        if pending.is_empty() {
            postorder.push(*node);
            stack.pop();
            continue;
        }
        let next = pending.remove(below(pending.len()));
        if !seen[next] {
            seen[next] = true;
            stack.push((next, successors(&exits[next])));
        }
    }
    let reachable = seen;
    let mut order: Vec<usize> = postorder.into_iter().rev().collect();
    order.extend((1..=nodes).filter(|&k| !reachable[k]));
    let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); nodes + 1];
    for (k, exit) in exits.iter().enumerate() {
        for s in successors(exit) {
            predecessors[s].push(k);
        }
    }
    let phis: Vec<usize> = (0..=nodes).map(|k| usize::from(k > 0) * below(3)).collect();
    let dominators = dominators(&predecessors, &reachable);
    // Pointer phis choosing one of the variables `s0` and `s1`, where every
    // path comes from the entry (which defines them).
    let pointer_phi: Vec<bool> = (0..=nodes)
        .map(|k| {
            let sources_reachable = predecessors[k].iter().all(|&p| reachable[p]);
            k > 0 && reachable[k] && sources_reachable && below(2) == 0
        })
        .collect();
    // Each body (in block order, dominators first): its instructions, the
    // values it defines and those live at its end (its own, its
    // dominators', the parameters and constants).
    let constants = ["%u0", "%u1", "%u2", "%u3", "%u5", "%u7", "%big"];
    let mut bodies = vec![String::new(); nodes + 1];
    let mut defined: Vec<Vec<String>> = vec![Vec::new(); nodes + 1];
    let mut live_at_end = vec![Vec::new(); nodes + 1];
    for &k in &order {
        let mut pool: Vec<String> = ["%a", "%b"].iter().map(|s| s.to_string()).collect();
        pool.extend(constants.iter().map(|s| s.to_string()));
        for &d in dominators[k].iter().filter(|&&d| d != k) {
            pool.extend(defined[d].iter().cloned());
        }
        let first_own = pool.len();
        pool.extend((0..phis[k]).map(|i| format!("%p{k}_{i}")));
        let mut body = String::new();
        if pointer_phi[k] {
            body += &format!("%ql{k} = OpLoad %uint %q{k}\n");
            pool.push(format!("%ql{k}"));
        }
        let pick = |pool: &[String], below: &mut dyn FnMut(usize) -> usize| {
            pool[below(pool.len())].clone()
        };
        let values = if k == 0 { 2 } else { 1 + below(4) };
        for i in 0..values {
            let name = match k {
                0 => format!("%e{i}"),
                _ => format!("%v{k}_{i}"),
            };
            let (x, y) = (pick(&pool, &mut below), pick(&pool, &mut below));
            let line = match below(7) {
                0 => format!("{name} = OpIAdd %uint {x} {y}"),
                1 => format!("{name} = OpISub %uint {x} {y}"),
                2 => format!("{name} = OpIMul %uint {x} {y}"),
                3 => format!("{name} = OpBitwiseXor %uint {x} {y}"),
                4 => format!("{name} = OpShiftRightLogical %uint {x} %u1"),
                5 => format!("{name} = OpBitwiseAnd %uint {x} {y}"),
                _ => format!("{name}_c = OpULessThan %bool {x} {y}\n{name} = OpSelect %uint {name}_c {x} {y}"),
            };
            body += &line;
            body.push('\n');
            pool.push(name);
        }
        if pointer_phi[k] {
            let v = pick(&pool, &mut below);
            body += &format!("OpStore %q{k} {v}\n");
        } else if reachable[k] && k > 0 && below(3) == 0 {
            let (x, y, v) = (
                pick(&pool, &mut below),
                pick(&pool, &mut below),
                pick(&pool, &mut below),
            );
            body += &format!(
                "%qc{k} = OpULessThan %bool {x} {y}\n%qs{k} = OpSelect %ptr %qc{k} %s0 %s1\n\
                 OpStore %qs{k} {v}\n"
            );
        }
        if k > 0 && below(2) == 0 {
            let v = pick(&pool, &mut below);
            body += &format!(
                "%acc{k}_l = OpLoad %uint %acc\n%acc{k}_m = OpIMul %uint %acc{k}_l %u3\n\
                 %acc{k}_n = OpIAdd %uint %acc{k}_m {v}\nOpStore %acc %acc{k}_n\n"
            );
        }
        let (x, y) = (pick(&pool, &mut below), pick(&pool, &mut below));
        body += &match &exits[k] {
            Exit::Branch(t) => format!("OpBranch %c{t}\n"),
            Exit::Conditional(t, f) => format!(
                "%t{k} = OpSGreaterThan %bool {x} {y}\nOpBranchConditional %t{k} %c{t} %c{f}\n"
            ),
            Exit::Switch(default, cases) => {
                let cases: String = (cases.iter().enumerate())
                    .map(|(i, t)| format!(" {i} %c{t}"))
                    .collect();
                format!("%w{k} = OpBitwiseAnd %uint {x} %u3\nOpSwitch %w{k} %c{default}{cases}\n")
            }
            Exit::Return => format!("OpReturnValue {x}\n"),
        };
        bodies[k] = body;
        defined[k] = pool[first_own..].to_vec();
        live_at_end[k] = pool;
    }
    let mut out = String::from(
        "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical32 OpenCL\n\
         OpEntryPoint Kernel %kernel \"kernel\"\n\
         %void = OpTypeVoid\n%bool = OpTypeBool\n%uint = OpTypeInt 32 0\n\
         %ptr = OpTypePointer Function %uint\n\
         %u0 = OpConstant %uint 0\n%u1 = OpConstant %uint 1\n%u2 = OpConstant %uint 2\n\
         %u3 = OpConstant %uint 3\n%u5 = OpConstant %uint 5\n%u7 = OpConstant %uint 7\n\
         %big = OpConstant %uint 2654435769\n%u40 = OpConstant %uint 40\n\
         %fn = OpTypeFunction %uint %uint %uint\n%kernel_fn = OpTypeFunction %void\n\
         %f = OpFunction %uint None %fn\n%a = OpFunctionParameter %uint\n\
         %b = OpFunctionParameter %uint\n%c0 = OpLabel\n\
         %fuel = OpVariable %ptr Function\n%acc = OpVariable %ptr Function\n\
         %s0 = OpVariable %ptr Function\n%s1 = OpVariable %ptr Function\n\
         OpStore %fuel %u40\nOpStore %acc %a\nOpStore %s0 %b\nOpStore %s1 %u7\n",
    );
    out += &bodies[0];
    for &k in order.iter().filter(|&&k| k > 0) {
        out += &format!("%c{k} = OpLabel\n");
        for i in 0..phis[k] {
            let incoming: String = (predecessors[k].iter())
                .map(|&p| {
                    let pool = &live_at_end[p];
                    let label = if p == 0 {
                        "%c0".to_string()
                    } else {
                        format!("%b{p}")
                    };
                    format!(" {} {label}", pool[below(pool.len())])
                })
                .collect();
            out += &format!("%p{k}_{i} = OpPhi %uint{incoming}\n");
        }
        if pointer_phi[k] {
            let incoming: String = (predecessors[k].iter())
                .map(|&p| match p {
                    0 => format!(" %s{} %c0", below(2)),
                    _ => format!(" %s{} %b{p}", below(2)),
                })
                .collect();
            out += &format!("%q{k} = OpPhi %ptr{incoming}\n");
        }
        out += &format!(
            "%fl{k} = OpLoad %uint %fuel\n%fd{k} = OpISub %uint %fl{k} %u1\n\
             OpStore %fuel %fd{k}\n%fz{k} = OpIEqual %bool %fd{k} %u0\n\
             OpBranchConditional %fz{k} %out %b{k}\n%b{k} = OpLabel\n"
        );
        out += &bodies[k];
    }
    out += "%out = OpLabel\n%acc_end = OpLoad %uint %acc\n%s0_end = OpLoad %uint %s0\n\
            %s1_end = OpLoad %uint %s1\n%scaled = OpIMul %uint %acc_end %u5\n\
            %mixed = OpBitwiseXor %uint %s0_end %s1_end\n%result = OpIAdd %uint %scaled %mixed\n\
            OpReturnValue %result\nOpFunctionEnd\n\
            %kernel = OpFunction %void None %kernel_fn\n%start = OpLabel\n\
            %call = OpFunctionCall %uint %f %u3 %u5\nOpReturn\nOpFunctionEnd\n";
    out
}

/// The nodes dominating each node (itself included); unreachable nodes
/// count only themselves.
fn dominators(predecessors: &[Vec<usize>], reachable: &[bool]) -> Vec<Vec<usize>> {
    let count = predecessors.len();
    let mut sets: Vec<Vec<bool>> = (0..count)
        .map(|k| {
            (0..count)
                .map(|d| d == k || (k > 0 && reachable[k]))
                .collect()
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for k in (1..count).filter(|&k| reachable[k]) {
            let mut set: Vec<bool> = (0..count).map(|d| d == k).collect();
            for d in (0..count).filter(|&d| d != k) {
                set[d] = (predecessors[k].iter())
                    .filter(|&&p| reachable[p])
                    .all(|&p| sets[p][d]);
            }
            if set != sets[k] {
                sets[k] = set;
                changed = true;
            }
        }
    }
    (sets.iter())
        .map(|set| (0..count).filter(|&d| set[d]).collect())
        .collect()
}

/// A loop summing 0..10 computes 45: the interpreter follows phis, branches
/// and back edges.
#[test]
fn interpreter_runs_a_loop() {
    let source = "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical32 OpenCL\n\
        %uint = OpTypeInt 32 0\n%bool = OpTypeBool\n%u0 = OpConstant %uint 0\n\
        %u1 = OpConstant %uint 1\n%fn = OpTypeFunction %uint %uint %uint\n\
        %f = OpFunction %uint None %fn\n%n = OpFunctionParameter %uint\n\
        %step = OpFunctionParameter %uint\n%entry = OpLabel\nOpBranch %head\n\
        %head = OpLabel\n%i = OpPhi %uint %u0 %entry %next %head\n\
        %sum = OpPhi %uint %u0 %entry %more %head\n%more = OpIAdd %uint %sum %i\n\
        %next = OpIAdd %uint %i %step\n%done = OpULessThan %bool %next %n\n\
        OpBranchConditional %done %head %exit\n%exit = OpLabel\nOpReturnValue %more\n\
        OpFunctionEnd\n";
    let words = assemble(source, &AssembleOptions::default()).expect("assembles");
    assert_eq!(run(&words, [10, 1]), Ok(45));
    assert_eq!(run(&words, [10, 3]), Ok(18));
}

#[test]
fn random_unstructured_cfgs_round_trip_and_compute_the_same() {
    let val = support::spirv_tools().map(|dir| dir.join("spirv-val"));
    if val.is_none() {
        println!("spirv-val is not installed: the modules are not validated");
    }
    // Modules round-tripped, runs compared, and modules whose results
    // depend on their arguments.
    let (mut checked, mut runs, mut varying) = (0, 0, 0);
    let mut with_pointer_phis = 0;
    for seed in support::seeds("RANDOM_CFG", RANDOM_CFGS) {
        let source = random_module(seed);
        // SPIR-V 1.5: a conditional branch may go to one block both ways.
        let options = AssembleOptions {
            version: Some(0x0001_0500),
            ..AssembleOptions::default()
        };
        let words = assemble(&source, &options)
            .unwrap_or_else(|e| panic!("module {seed} does not assemble: {e:?}\n{source}"));
        let env = "spv1.5";
        if let Some(val) = &val {
            if let Some(complaint) = support::spirv_val_complaint(val, &words, env) {
                panic!("spirv-val rejects random module {seed}: {complaint}\n{source}");
            }
        }
        let text = support::deserialized_generic(&words)
            .unwrap_or_else(|e| panic!("module {seed}: {e}\n{source}"));
        assert!(
            !text.contains("spirv.mlir.selection") && !text.contains("spirv.mlir.loop"),
            "module {seed} without merge instructions reads as a plain CFG:\n{text}"
        );
        let written = support::checked_round_trip(val.as_deref(), &words, env)
            .unwrap_or_else(|e| panic!("module {seed}: {e}\n{source}\n{text}"));
        let mut results = Vec::new();
        for args in ARGUMENTS {
            let before = run(&words, args);
            assert!(
                before.is_ok(),
                "module {seed} on {args:?}: {before:?}\n{source}"
            );
            assert_eq!(
                run(&written, args),
                before,
                "module {seed} on {args:?} computes another result after the round trip\n{source}\n{text}"
            );
            results.extend(before);
            runs += 1;
        }
        varying += usize::from(results.iter().any(|r| *r != results[0]));
        with_pointer_phis += usize::from(source.contains("OpPhi %ptr"));
        checked += 1;
    }
    println!(
        "{checked} random unstructured functions ({with_pointer_phis} with pointer phis) \
         round-trip; {runs} runs give the same results ({varying} functions' results depend on \
         their arguments)"
    );
    assert!(
        varying * 2 > checked,
        "too few results depend on the arguments"
    );
}
