//! Random structured control flow written straight in SPIR-V, in shapes a
//! compiler seldom writes: `break`s and `continue`s that leave nested
//! selections and switches for the loop's merge or continue target,
//! conditional ones without a selection of their own, returns from any
//! depth, switches whose cases fall through or go to the
//! merge block, `while`-style loops (the header tests) and `do`-style ones
//! (the continue construct tests), continue constructs holding a selection
//! of their own, merge blocks no path reaches (`OpUnreachable`),
//! phis at merge blocks of the values each edge brings, values of a loop
//! header used after the loop. Each function (exported through `LinkageAttributes`, so the optimizer keeps
//! it) is validated by spirv-val, round-trips by binary and text, and
//! computes the same results before and after in the interpreter of
//! `interpreter`; so does what spirv-opt's pipelines make of it, where the
//! interpreter runs their output. `RANDOM_STRUCTURED_SEED=N
//! RANDOM_STRUCTURED_COUNT=M` runs other and more functions.

mod interpreter;
mod support;

use interpreter::{run, ARGUMENTS};
use spirv_dialect::spvasm::{assemble, AssembleOptions};

const RANDOM_FUNCTIONS: u64 = 150;

/// The most statements a function gets.
const MOST_STATEMENTS: usize = 40;

/// Where jumps from a statement may go.
#[derive(Clone, Default)]
struct Place {
    /// The innermost loop's merge block and continue target.
    loop_exits: Option<(String, String)>,
    /// The innermost switch's merge block.
    switch_merge: Option<String>,
}

struct Lowering {
    below: Box<dyn FnMut(usize) -> usize>,
    out: String,
    next: usize,
    /// Loop counters, declared in the entry block.
    counters: Vec<String>,
    statements: usize,
    /// The block being written.
    current: String,
    /// Every branch to a merge block or continue target: the target, a
    /// value for the target's phi, and the block branching.
    edges: Vec<(String, String, String)>,
}

impl Lowering {
    fn below(&mut self, n: usize) -> usize {
        (self.below)(n)
    }

    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("%{prefix}{}", self.next)
    }

    fn line(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// Starts block `name`.
    fn label(&mut self, name: &str) {
        self.line(&format!("{name} = OpLabel"));
        self.current = name.to_string();
    }

    /// Records an edge from the current block to `target`, with a value
    /// computed here (before the branch and any merge instruction).
    fn edge(&mut self, target: &str) {
        let value = self.value();
        let edge = (target.to_string(), value, self.current.clone());
        self.edges.push(edge);
    }

    fn reached(&self, target: &str) -> bool {
        self.edges.iter().any(|(t, _, _)| t == target)
    }

    /// A variable's value or a constant.
    fn value(&mut self) -> String {
        if self.below(4) == 0 {
            return ["%u0", "%u1", "%u2", "%u3", "%u7"][self.below(5)].to_string();
        }
        let (t, x) = (self.fresh("t"), self.below(3));
        self.line(&format!("{t} = OpLoad %uint %x{x}"));
        t
    }

    fn condition(&mut self) -> String {
        let (a, b, c) = (self.value(), self.value(), self.fresh("c"));
        let compare = ["OpULessThan", "OpIEqual", "OpSGreaterThan"][self.below(3)];
        self.line(&format!("{c} = {compare} %bool {a} {b}"));
        c
    }

    fn assign(&mut self) {
        let (a, b, r) = (self.value(), self.value(), self.fresh("r"));
        let line = match self.below(6) {
            0 => format!("{r} = OpIAdd %uint {a} {b}"),
            1 => format!("{r} = OpISub %uint {a} {b}"),
            2 => format!("{r} = OpIMul %uint {a} {b}"),
            3 => format!("{r} = OpBitwiseXor %uint {a} {b}"),
            4 => format!("{r} = OpShiftRightLogical %uint {a} %u1"),
            _ => format!("{r} = OpBitwiseAnd %uint {a} {b}"),
        };
        self.line(&line);
        let x = self.below(3);
        self.line(&format!("OpStore %x{x} {r}"));
    }

    /// Statements in the current block; false when the last one jumped
    /// away (what would follow is unreachable, so nothing does).
    fn block(&mut self, depth: usize, place: &Place) -> bool {
        for _ in 0..1 + self.below(3) {
            if !self.statement(depth, place) {
                return false;
            }
        }
        true
    }

    fn statement(&mut self, depth: usize, place: &Place) -> bool {
        self.statements += 1;
        let nests = depth < 4 && self.statements < MOST_STATEMENTS;
        match self.below(if nests { 11 } else { 3 }) {
            2 => self.jump(place),
            10 => self.conditional_jump(place),
            3 | 4 => self.selection(depth, place),
            5 | 6 => self.looped(depth),
            7 => self.switch(depth, place),
            _ => {
                self.assign();
                true
            }
        }
    }

    /// A `break` (to the loop's or the switch's merge), a `continue` or a
    /// return.
    fn jump(&mut self, place: &Place) -> bool {
        let mut targets = Vec::new();
        if let Some((merge, continue_target)) = &place.loop_exits {
            targets.extend([merge.clone(), continue_target.clone()]);
        }
        targets.extend(place.switch_merge.clone());
        let pick = self.below(targets.len() + 1);
        match targets.get(pick) {
            Some(target) => {
                self.edge(target);
                self.line(&format!("OpBranch {target}"));
            }
            None => {
                let v = self.value();
                self.line(&format!("OpReturnValue {v}"));
            }
        }
        false
    }

    /// A conditional `break` or `continue` without a selection: the branch
    /// goes on in a new block when it is not taken.
    fn conditional_jump(&mut self, place: &Place) -> bool {
        let Some((merge, continue_target)) = place.loop_exits.clone() else {
            self.assign();
            return true;
        };
        let target = if self.below(2) == 0 {
            merge
        } else {
            continue_target
        };
        let (c, next) = (self.condition(), self.fresh("next"));
        self.edge(&target);
        self.line(&format!("OpBranchConditional {c} {target} {next}"));
        self.label(&next);
        true
    }

    fn selection(&mut self, depth: usize, place: &Place) -> bool {
        let c = self.condition();
        let (then, merge) = (self.fresh("then"), self.fresh("merge"));
        let with_else = self.below(2) == 0;
        let otherwise = if with_else {
            self.fresh("else")
        } else {
            merge.clone()
        };
        if !with_else {
            self.edge(&merge);
        }
        self.line(&format!("OpSelectionMerge {merge} None"));
        self.line(&format!("OpBranchConditional {c} {then} {otherwise}"));
        for (label, taken) in [(then, true), (otherwise, with_else)] {
            if taken {
                self.label(&label);
                if self.block(depth + 1, place) {
                    self.edge(&merge);
                    self.line(&format!("OpBranch {merge}"));
                }
            }
        }
        self.merge_block(&merge)
    }

    /// Opens `merge`, now and then with a phi of the values its edges
    /// bring, stored to a variable; a merge block no branch goes to ends
    /// there.
    fn merge_block(&mut self, merge: &str) -> bool {
        self.label(merge);
        if !self.reached(merge) {
            self.line("OpUnreachable");
            return false;
        }
        if self.below(2) == 0 {
            // One entry per block branching here (a switch may go here by
            // several cases).
            let mut entries: Vec<(String, String)> = Vec::new();
            for (target, value, from) in &self.edges {
                if target == merge && entries.iter().all(|(_, f)| f != from) {
                    entries.push((value.clone(), from.clone()));
                }
            }
            let phi = self.fresh("p");
            let pairs: String = entries.iter().map(|(v, f)| format!(" {v} {f}")).collect();
            self.line(&format!("{phi} = OpPhi %uint{pairs}"));
            let x = self.below(3);
            self.line(&format!("OpStore %x{x} {phi}"));
        }
        true
    }

    fn looped(&mut self, depth: usize) -> bool {
        let (header, body) = (self.fresh("header"), self.fresh("body"));
        let (continue_target, merge) = (self.fresh("continue"), self.fresh("lmerge"));
        let counter = self.fresh("n");
        self.counters.push(counter.clone());
        let bound = ["%u1", "%u2", "%u3"][self.below(3)];
        self.line(&format!("OpStore {counter} %u0"));
        self.line(&format!("OpBranch {header}"));
        self.label(&header);
        // A value of the header, which dominates the merge: used after the
        // loop, it leaves the loop construct as a result.
        let (seed, escaping) = (self.value(), self.fresh("h"));
        self.line(&format!("{escaping} = OpIMul %uint {seed} %u3"));
        let tests_first = self.below(2) == 0;
        if tests_first {
            let (n, more) = (self.fresh("t"), self.fresh("c"));
            self.line(&format!("{n} = OpLoad %uint {counter}"));
            self.line(&format!("{more} = OpULessThan %bool {n} {bound}"));
            self.edge(&merge);
            self.line(&format!("OpLoopMerge {merge} {continue_target} None"));
            self.line(&format!("OpBranchConditional {more} {body} {merge}"));
        } else {
            self.line(&format!("OpLoopMerge {merge} {continue_target} None"));
            self.line(&format!("OpBranch {body}"));
        }
        self.label(&body);
        let inner = Place {
            loop_exits: Some((merge.clone(), continue_target.clone())),
            switch_merge: None,
        };
        if self.block(depth + 1, &inner) {
            self.edge(&continue_target);
            self.line(&format!("OpBranch {continue_target}"));
        }
        // The continue construct: count, now and then through a selection
        // of its own, and go back (or, `do`-style, leave). Where no branch
        // continues, no path reaches it, nor its edge to the merge.
        let continued = self.reached(&continue_target);
        self.label(&continue_target);
        let (n, next) = (self.fresh("t"), self.fresh("r"));
        self.line(&format!("{n} = OpLoad %uint {counter}"));
        self.line(&format!("{next} = OpIAdd %uint {n} %u1"));
        self.line(&format!("OpStore {counter} {next}"));
        if self.below(3) == 0 {
            let c = self.condition();
            let (then, inner_merge) = (self.fresh("then"), self.fresh("merge"));
            self.line(&format!("OpSelectionMerge {inner_merge} None"));
            self.line(&format!("OpBranchConditional {c} {then} {inner_merge}"));
            self.label(&then);
            self.assign();
            self.line(&format!("OpBranch {inner_merge}"));
            self.label(&inner_merge);
        }
        if tests_first {
            self.line(&format!("OpBranch {header}"));
        } else {
            let done = self.fresh("c");
            self.line(&format!(
                "{done} = OpUGreaterThanEqual %bool {next} {bound}"
            ));
            if continued {
                self.edge(&merge);
            } else {
                // A phi entry all the same: the block is a predecessor.
                let edge = (merge.clone(), "%u0".to_string(), self.current.clone());
                self.edges.push(edge);
            }
            self.line(&format!("OpBranchConditional {done} {merge} {header}"));
        }
        let reached = self.merge_block(&merge);
        if reached && self.below(2) == 0 {
            let x = self.below(3);
            self.line(&format!("OpStore %x{x} {escaping}"));
        }
        reached
    }

    fn switch(&mut self, depth: usize, place: &Place) -> bool {
        let (v, selector) = (self.value(), self.fresh("s"));
        self.line(&format!("{selector} = OpBitwiseAnd %uint {v} %u3"));
        let merge = self.fresh("smerge");
        // Per case 0, 1, 2 and the default: its block, or the merge block.
        let targets: Vec<Option<String>> = (0..4)
            .map(|_| (self.below(4) != 0).then(|| self.fresh("case")))
            .collect();
        let label = |t: &Option<String>| t.clone().unwrap_or_else(|| merge.clone());
        let cases: String = (targets[..3].iter().enumerate())
            .map(|(i, t)| format!(" {i} {}", label(t)))
            .collect();
        if targets.iter().any(Option::is_none) {
            self.edge(&merge);
        }
        self.line(&format!("OpSelectionMerge {merge} None"));
        self.line(&format!(
            "OpSwitch {selector} {}{cases}",
            label(&targets[3])
        ));
        let inner = Place {
            switch_merge: Some(merge.clone()),
            ..place.clone()
        };
        for (i, target) in targets.iter().enumerate() {
            let Some(block) = target else { continue };
            self.label(block);
            if self.block(depth + 1, &inner) {
                // Fall through to the next case's block, or leave.
                let next = targets.get(i + 1).filter(|_| i < 2).cloned().flatten();
                match next.filter(|_| self.below(2) == 0) {
                    Some(next) => self.line(&format!("OpBranch {next}")),
                    None => {
                        self.edge(&merge);
                        self.line(&format!("OpBranch {merge}"));
                    }
                }
            }
        }
        self.merge_block(&merge)
    }
}

/// A module exporting one random function `f(a, b)` of structured control
/// flow over three variables.
fn random_module(seed: u64) -> String {
    let mut lowering = Lowering {
        below: Box::new(support::below_from(
            seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1,
        )),
        out: String::new(),
        next: 0,
        counters: Vec::new(),
        statements: 0,
        current: "%entry".to_string(),
        edges: Vec::new(),
    };
    let falls_through = lowering.block(0, &Place::default());
    if falls_through {
        let (x, y, r) = (lowering.value(), lowering.value(), lowering.fresh("r"));
        lowering.line(&format!("{r} = OpBitwiseXor %uint {x} {y}"));
        lowering.line(&format!("OpReturnValue {r}"));
    }
    let counters: String = (lowering.counters.iter())
        .map(|n| format!("{n} = OpVariable %ptr Function\n"))
        .collect();
    format!(
        "OpCapability Shader\nOpCapability Linkage\nOpMemoryModel Logical GLSL450\n\
         OpDecorate %f LinkageAttributes \"f\" Export\n\
         %void = OpTypeVoid\n%bool = OpTypeBool\n%uint = OpTypeInt 32 0\n\
         %ptr = OpTypePointer Function %uint\n\
         %u0 = OpConstant %uint 0\n%u1 = OpConstant %uint 1\n%u2 = OpConstant %uint 2\n\
         %u3 = OpConstant %uint 3\n%u7 = OpConstant %uint 7\n\
         %fn = OpTypeFunction %uint %uint %uint\n\
         %f = OpFunction %uint None %fn\n%a = OpFunctionParameter %uint\n\
         %b = OpFunctionParameter %uint\n%entry = OpLabel\n\
         %x0 = OpVariable %ptr Function\n%x1 = OpVariable %ptr Function\n\
         %x2 = OpVariable %ptr Function\n{counters}\
         OpStore %x0 %a\nOpStore %x1 %b\nOpStore %x2 %u7\n{}OpFunctionEnd\n",
        lowering.out
    )
}

/// Round-trips `words` and compares their results before and after;
/// `Ok(false)` when the interpreter cannot run them.
fn check(val: Option<&std::path::Path>, words: &[u32]) -> Result<bool, String> {
    let written = support::checked_round_trip(val, words, "spv1.6")?;
    for args in ARGUMENTS {
        let Ok(before) = run(words, args) else {
            return Ok(false);
        };
        let after = run(&written, args);
        if after != Ok(before) {
            return Err(format!("on {args:?}: {before} before, {after:?} after"));
        }
    }
    Ok(true)
}

#[test]
fn random_structured_functions_round_trip_and_compute_the_same() {
    let tools = support::spirv_tools();
    let val = tools.as_ref().map(|dir| dir.join("spirv-val"));
    if tools.is_none() {
        println!("SPIRV-Tools is not installed: the functions are neither validated nor optimized");
    }
    let (mut checked, mut inline, mut rewrites, mut rewrites_run) = (0, 0, 0, 0);
    for seed in support::seeds("RANDOM_STRUCTURED", RANDOM_FUNCTIONS) {
        let source = random_module(seed);
        let words = assemble(&source, &AssembleOptions::default())
            .unwrap_or_else(|e| panic!("function {seed} does not assemble: {e:?}\n{source}"));
        if let Some(val) = &val {
            if let Some(complaint) = support::spirv_val_complaint(val, &words, "spv1.6") {
                panic!("spirv-val rejects random function {seed}: {complaint}\n{source}");
            }
        }
        let text = support::deserialized_generic(&words).unwrap_or_else(|e| panic!("{e}"));
        inline += usize::from(text.contains("\"spirv.SelectionMerge\""));
        match check(val.as_deref(), &words) {
            Ok(true) => checked += 1,
            Ok(false) => panic!("function {seed} does not run:\n{source}"),
            Err(e) => panic!("function {seed}: {e}\n{source}\n{text}"),
        }
        for (pipeline, flags) in tools.iter().flat_map(|_| support::OPTIMIZER_PIPELINES) {
            let tools = tools.as_deref().unwrap_or(std::path::Path::new(""));
            let Some(optimized) = support::spirv_opt(tools, &words, "spv1.6", flags) else {
                continue;
            };
            rewrites += 1;
            match check(val.as_deref(), &optimized) {
                Ok(ran) => rewrites_run += usize::from(ran),
                Err(e) => panic!("function {seed} as `{pipeline}` rewrites it: {e}\n{source}"),
            }
        }
    }
    println!(
        "{checked} random structured functions ({inline} with constructs kept inline) and \
         {rewrites} rewrites round-trip; all {checked} and {rewrites_run} rewrites the \
         interpreter runs compute the same"
    );
}
