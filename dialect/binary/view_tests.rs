//! Tests of the module view, CFG and construct recognition: the whole
//! corpus, mutated corpus binaries, and small modules for each shape.

use super::cfg::Cfg;
use super::module::{ModuleView, Section, NONE};
use super::structurize::{ConstructKind, Lowering, Structure};
use super::*;
use crate::grammar::Op;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every `.spv` under ../shared/corpus with its words, sorted; `None` (after
/// saying so) when absent.
fn corpus() -> Option<Vec<(PathBuf, Vec<u32>)>> {
    let files = super::tests::corpus()?;
    Some(
        files
            .into_iter()
            .map(|path| {
                let words = super::tests::read_words(&path);
                (path, words)
            })
            .collect(),
    )
}

/// Everything the analysis produces for one module, or the first error.
fn analyze(words: &[u32]) -> Result<Vec<Structure>, DecodeError> {
    let (view, decoded) = ModuleView::index_decoded(words)?;
    let (operands, _) = decoded?;
    let mut structures = Vec::new();
    for function in &view.functions {
        let cfg = Cfg::new(&view, function)?;
        structures.push(Structure::analyze(&cfg, &operands, &|_| false));
    }
    Ok(structures)
}

#[test]
fn every_decodable_corpus_file_is_indexed_like_the_codec_reads_it() {
    let Some(files) = corpus() else { return };
    let mut indexed = 0;
    for (path, words) in &files {
        let Ok((_, decoded)) = decode_module(words) else {
            continue;
        };
        let view = ModuleView::new(words).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(view.insts.len(), decoded.len(), "{}", path.display());
        for (inst, full) in view.insts.iter().zip(&decoded) {
            assert_eq!(inst.op, full.op);
            assert_eq!(inst.result, full.result.unwrap_or(0));
            assert_eq!(inst.result_type, full.result_type.unwrap_or(0));
        }
        // Sections tile the module in layout order.
        let mut next = 0;
        for section in Section::ALL {
            let range = view.section_range(section);
            if !range.is_empty() {
                assert_eq!(range.start, next, "{}: {section:?}", path.display());
                next = range.end;
            }
            let placed = view.section(section).iter();
            for inst in placed.filter(|_| section != Section::Functions) {
                let home = Section::of(inst.op);
                assert!(
                    home == Some(section) || inst.op == Op::Nop,
                    "{}",
                    path.display()
                );
            }
        }
        assert_eq!(next as usize, view.insts.len(), "{}", path.display());
        indexed += 1;
    }
    println!(
        "indexed and sectioned {indexed} of {} corpus files",
        files.len()
    );
    assert!(indexed > 0);
}

/// Counts of how the corpus's functions map onto regions.
#[derive(Default)]
struct StructureCounts {
    functions: usize,
    straight_line: usize,
    plain_branching: usize,
    regions: usize,
    regions_yielding: usize,
    partial: usize,
    constructs: usize,
    inline_constructs: usize,
    self_continuing_loops: usize,
    shared_merges: usize,
    escaping_constructs: usize,
    merge_phi_constructs: usize,
    reasons: BTreeMap<String, usize>,
}

impl StructureCounts {
    fn add(&mut self, cfg: &Cfg, structure: &Structure, function: u32, path: &Path) {
        self.functions += 1;
        self.constructs += structure.constructs.len();
        let c = &structure.constructs;
        self.self_continuing_loops += c.iter().filter(|c| c.continue_target == c.header).count();
        self.shared_merges += c.iter().filter(|c| c.merge_shared).count();
        self.escaping_constructs += c.iter().filter(|c| !c.escaping.is_empty()).count();
        self.merge_phi_constructs += c.iter().filter(|c| c.merge_phis > 0).count();
        let branching = (0..cfg.len() as u32).any(|b| cfg.successors(b).len() > 1);
        match structure.lowering() {
            Lowering::PlainCfg if branching => self.plain_branching += 1,
            Lowering::PlainCfg => self.straight_line += 1,
            Lowering::Mixed => {
                self.partial += 1;
                for construct in c.iter().filter(|c| !c.is_region()) {
                    self.inline_constructs += 1;
                    let obstacle = &construct.obstacles[0];
                    if std::env::var("SHOW_OBSTACLES").is_ok() {
                        println!("{}: function %{function}: {obstacle:?}", path.display());
                    }
                    let reason = obstacle.reason();
                    let kind = reason.split(" %").next().unwrap_or(&reason);
                    *self
                        .reasons
                        .entry(format!("{:?} {kind}", construct.kind))
                        .or_default() += 1;
                }
            }
            Lowering::Regions if c.iter().any(|c| !c.escaping.is_empty() || c.merge_phis > 0) => {
                self.regions_yielding += 1
            }
            Lowering::Regions => self.regions += 1,
        }
    }
}

#[test]
fn corpus_constructs_are_consistent() {
    let Some(files) = corpus() else { return };
    let mut counts = StructureCounts::default();
    for (path, words) in &files {
        let Ok((view, decoded)) = ModuleView::index_decoded(words) else {
            continue;
        };
        let fail = |e: DecodeError| -> ! { panic!("{}: {e}", path.display()) };
        let (operands, _) = decoded.unwrap_or_else(|e| fail(e));
        for function in view.functions.iter().filter(|f| !f.blocks.is_empty()) {
            let cfg = Cfg::new(&view, function).unwrap_or_else(|e| fail(e));
            let structure = Structure::analyze(&cfg, &operands, &|_| false);
            check_tree(&cfg, &structure, path);
            counts.add(
                &cfg,
                &structure,
                view.insts[function.def as usize].result,
                path,
            );
        }
    }
    let c = &counts;
    println!(
        "{} function definitions: {} straight-line, {} branching without merge instructions \
         (plain CFG), {} with constructs all mapping onto regions as they are, {} onto regions \
         that yield values, {} keeping some constructs inline",
        c.functions, c.straight_line, c.plain_branching, c.regions, c.regions_yielding, c.partial
    );
    println!(
        "{} constructs, {} inline; {} loops continue at their header; {} merge blocks also \
         entered from outside their construct; {} regions with values used past them, {} with \
         merge-block phis",
        c.constructs,
        c.inline_constructs,
        c.self_continuing_loops,
        c.shared_merges,
        c.escaping_constructs,
        c.merge_phi_constructs
    );
    for (reason, count) in &c.reasons {
        println!("  inline {count}× — {reason}");
    }
    assert!(c.functions > 0);
}

/// The tree's invariants: one innermost construct per block, headers
/// dominating their blocks, merge blocks outside and continue targets inside.
fn check_tree(cfg: &Cfg, structure: &Structure, path: &Path) {
    let at = |what: &str| format!("{}: {what}", path.display());
    for (k, construct) in structure.constructs.iter().enumerate() {
        let k = k as u32;
        assert_eq!(
            structure.innermost[construct.header as usize],
            k,
            "{}",
            at("header")
        );
        assert!(
            !structure.contains(k, construct.merge),
            "{}",
            at("merge inside")
        );
        if construct.kind == ConstructKind::Loop {
            assert!(
                structure.contains(k, construct.continue_target),
                "{}",
                at("continue")
            );
        }
        for &b in &construct.blocks {
            assert!(cfg.dominates(construct.header, b), "{}", at("dominance"));
            assert!(structure.contains(k, b), "{}", at("membership"));
        }
        if construct.parent != NONE {
            assert!(
                structure.contains(construct.parent, construct.header),
                "{}",
                at("parent")
            );
        }
    }
    // The regions partition the blocks, but for nested region headers,
    // listed in their own region and in the enclosing one, where the
    // nested merge block is laid out too (unless it heads a region itself).
    let mut laid_out = vec![0; cfg.len()];
    let regions: Vec<u32> = (0..structure.constructs.len() as u32)
        .filter(|&k| structure.constructs[k as usize].is_region())
        .collect();
    let layout = structure.region_layout();
    for &region in regions.iter().chain(&[NONE]) {
        for &b in layout.blocks(region) {
            laid_out[b as usize] += 1;
        }
    }
    for (b, &times) in laid_out.iter().enumerate() {
        let expected = 1 + usize::from(structure.region_headed_by(b as u32).is_some());
        assert_eq!(times, expected, "{}", at("layout"));
    }
    for &k in &regions {
        let construct = &structure.constructs[k as usize];
        let enclosing = structure.enclosing_region(k);
        let merge_place = match structure.region_headed_by(construct.merge) {
            Some(next) => structure.enclosing_region(next),
            None => structure.region_of(construct.merge),
        };
        assert_eq!(merge_place, enclosing, "{}", at("merge region"));
    }
    for b in 0..cfg.len() as u32 {
        let owners = structure
            .constructs
            .iter()
            .enumerate()
            .filter(|(k, c)| c.blocks.contains(&b) && structure.innermost[b as usize] == *k as u32)
            .count();
        let expected = usize::from(structure.innermost[b as usize] != NONE);
        assert_eq!(owners, expected, "{}", at("innermost"));
    }
}

/// A deterministic generator for the mutation test.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % below.max(1)
    }
}

#[test]
fn mutated_corpus_binaries_give_errors_not_panics() {
    let Some(files) = corpus() else { return };
    let mut rng = Lcg(0x5eed);
    let (mut runs, mut rejected) = (0, 0);
    for (_, words) in files.iter().step_by(7) {
        for round in 0..12 {
            let mut mutated = words.clone();
            let at = Header::WORDS + rng.next(mutated.len() - Header::WORDS);
            match round % 4 {
                0 => mutated[at] ^= 1 << rng.next(32),
                1 => mutated.truncate(at),
                2 => mutated[at] = (mutated[at] & 0xffff) | ((rng.next(12) as u32) << 16),
                _ => mutated[at] = rng.next(1 << 12) as u32,
            }
            runs += 1;
            rejected += usize::from(analyze(&mutated).is_err());
            // The CFG and constructs over a view whose operands are unchecked.
            let view = ModuleView::index(&mutated);
            if let Ok(view) = &view {
                for function in &view.functions {
                    let _ = Cfg::new(view, function).map(|cfg| Structure::shape(&cfg));
                }
            }
        }
    }
    println!("{runs} mutated modules, {rejected} rejected with an error, none panicked");
}

/// The words `spirv-as` makes of `text`; `None` (after saying so) without it.
fn assemble(text: &str) -> Option<Vec<u32>> {
    let dir = std::env::temp_dir().join(format!("view-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let name = format!(
        "{:016x}",
        text.bytes()
            .fold(0u64, |h, b| h.wrapping_mul(31) ^ u64::from(b))
    );
    let (source, binary) = (
        dir.join(format!("{name}.spvasm")),
        dir.join(format!("{name}.spv")),
    );
    std::fs::write(&source, text).ok()?;
    let run = Command::new("spirv-as")
        .args(["--target-env", "spv1.5", "-o"])
        .arg(&binary)
        .arg(&source)
        .output();
    let Ok(output) = run else {
        println!("skipped: spirv-as is not available");
        return None;
    };
    assert!(
        output.status.success(),
        "spirv-as: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&binary).ok()?;
    words_from_bytes(&bytes).ok()
}

const PRELUDE: &str = "
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%int = OpTypeInt 32 1
%c = OpUndef %bool
%zero = OpConstant %int 0
%one = OpConstant %int 1
%main = OpFunction %void None %fn
%entry = OpLabel
";

/// The single function of `PRELUDE` + `body`, analysed.
fn shape(body: &str) -> Option<(Vec<u32>, Structure)> {
    let words = assemble(&format!("{PRELUDE}{body}OpFunctionEnd\n"))?;
    let (view, decoded) = ModuleView::index_decoded(&words).unwrap_or_else(|e| panic!("{e}"));
    let (operands, _) = decoded.unwrap_or_else(|e| panic!("{e}"));
    let cfg = Cfg::new(&view, &view.functions[0]).unwrap_or_else(|e| panic!("{e}"));
    let structure = Structure::analyze(&cfg, &operands, &|_| false);
    Some((words.clone(), structure))
}

#[test]
fn if_else_with_merge_phi_is_one_selection_region() {
    let Some((_, s)) = shape(
        "OpSelectionMerge %m None
         OpBranchConditional %c %t %f
         %t = OpLabel
         OpBranch %m
         %f = OpLabel
         OpBranch %m
         %m = OpLabel
         %x = OpPhi %int %one %t %zero %f
         OpReturn
",
    ) else {
        return;
    };
    assert_eq!(s.constructs.len(), 1);
    let selection = &s.constructs[0];
    assert_eq!(selection.kind, ConstructKind::Selection);
    assert_eq!((selection.header, selection.merge), (0, 3));
    assert_eq!(selection.blocks, [0, 1, 2]);
    assert!(selection.is_region());
    assert_eq!(selection.merge_phis, 1);
    assert_eq!(s.innermost, [0, 0, 0, NONE]);
}

#[test]
fn break_inside_a_loop_keeps_the_if_inline_and_the_loop_a_region() {
    let Some((_, s)) = shape(
        "OpBranch %h
         %h = OpLabel
         %i = OpPhi %int %zero %entry %next %cont
         OpLoopMerge %exit %cont None
         OpBranch %body
         %body = OpLabel
         OpSelectionMerge %join None
         OpBranchConditional %c %brk %join
         %brk = OpLabel
         OpBranch %exit
         %join = OpLabel
         OpBranch %cont
         %cont = OpLabel
         %next = OpIAdd %int %i %one
         OpBranch %h
         %exit = OpLabel
         %use = OpIAdd %int %i %one
         OpReturn
",
    ) else {
        return;
    };
    assert_eq!(s.constructs.len(), 2);
    let (outer, inner) = (&s.constructs[0], &s.constructs[1]);
    assert_eq!(outer.kind, ConstructKind::Loop);
    assert_eq!(
        (outer.header, outer.continue_target, outer.merge),
        (1, 5, 6)
    );
    assert!(outer.is_region(), "{:?}", outer.obstacles);
    assert_eq!(outer.blocks, [1, 2, 3, 4, 5]);
    // %i is defined by the header's phi and used after the loop.
    assert_eq!(outer.escaping.len(), 1, "{:?}", outer.escaping);
    assert_eq!(inner.kind, ConstructKind::Selection);
    assert_eq!(inner.parent, 0);
    assert!(!inner.is_region());
    assert!(
        inner.obstacles[0].reason().starts_with("breaks out"),
        "{:?}",
        inner.obstacles
    );
}

#[test]
fn switch_with_early_return_and_consecutive_selections() {
    let Some((_, s)) = shape(
        "OpSelectionMerge %m1 None
         OpSwitch %one %d 1 %a 2 %b
         %a = OpLabel
         OpReturn
         %b = OpLabel
         OpBranch %m1
         %d = OpLabel
         OpBranch %m1
         %m1 = OpLabel
         OpSelectionMerge %m2 None
         OpBranchConditional %c %t %m2
         %t = OpLabel
         OpBranch %m2
         %m2 = OpLabel
         OpReturn
",
    ) else {
        return;
    };
    assert_eq!(s.constructs.len(), 2);
    assert!(s.fully_structured());
    let switch = s
        .constructs
        .iter()
        .find(|c| c.header == 0)
        .expect("switch construct");
    assert_eq!(switch.blocks, [0, 1, 2, 3]);
    let second = s
        .constructs
        .iter()
        .find(|c| c.header == 4)
        .expect("second selection");
    assert_eq!(
        (second.blocks.as_slice(), second.merge, second.parent),
        (&[4, 5][..], 6, NONE)
    );
}

#[test]
fn nested_loops_and_a_self_continuing_header() {
    let Some((_, s)) = shape(
        "OpBranch %h1
         %h1 = OpLabel
         OpLoopMerge %x1 %c1 None
         OpBranchConditional %c %h2 %x1
         %h2 = OpLabel
         OpLoopMerge %x2 %h2 None
         OpBranchConditional %c %h2 %x2
         %x2 = OpLabel
         OpBranch %c1
         %c1 = OpLabel
         OpBranch %h1
         %x1 = OpLabel
         OpReturn
",
    ) else {
        return;
    };
    assert!(s.fully_structured());
    let inner = s
        .constructs
        .iter()
        .find(|c| c.header == 2)
        .expect("inner loop");
    assert_eq!(
        (inner.continue_target, inner.blocks.as_slice()),
        (2, &[2][..])
    );
    assert_eq!(s.constructs[inner.parent as usize].header, 1);
}

#[test]
fn continue_kill_and_an_unreachable_merge_inside_a_loop() {
    // for (;;) { if (c) continue; if (c) discard; else return; } with a
    // two-block continue construct.
    let Some((_, s)) = shape(
        "OpBranch %h
         %h = OpLabel
         OpLoopMerge %exit %cont None
         OpBranch %body
         %body = OpLabel
         OpSelectionMerge %next None
         OpBranchConditional %c %cont %next
         %next = OpLabel
         OpSelectionMerge %dead None
         OpBranchConditional %c %kill %ret
         %kill = OpLabel
         OpKill
         %ret = OpLabel
         OpReturn
         %dead = OpLabel
         OpUnreachable
         %cont = OpLabel
         OpBranch %latch
         %latch = OpLabel
         OpBranch %h
         %exit = OpLabel
         OpReturn
",
    ) else {
        return;
    };
    let find = |header: u32| {
        s.constructs
            .iter()
            .position(|c| c.header == header)
            .expect("construct")
    };
    let (lp, first, second) = (find(1), find(2), find(3));
    let lp_construct = &s.constructs[lp];
    assert!(lp_construct.is_region(), "{:?}", lp_construct.obstacles);
    assert_eq!((lp_construct.continue_target, lp_construct.merge), (7, 9));
    // The continue construct (%cont, %latch) is in the loop's region.
    assert_eq!(lp_construct.blocks, [1, 2, 3, 4, 5, 6, 7, 8]);
    let first = &s.constructs[first];
    assert!(
        first.obstacles[0].reason().starts_with("continues out"),
        "{:?}",
        first.obstacles
    );
    // Kill and return inside a selection, whose merge block is unreachable.
    let second = &s.constructs[second];
    assert!(second.is_region(), "{:?}", second.obstacles);
    assert_eq!(
        (second.blocks.as_slice(), second.merge),
        (&[3, 4, 5][..], 6)
    );
    assert_eq!(s.region_of(6), lp as u32);
}

#[test]
fn kernels_without_merges_keep_a_plain_cfg() {
    let text = "
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%c = OpUndef %bool
%k = OpFunction %void None %fn
%a = OpLabel
OpBranch %b
%b = OpLabel
OpBranchConditional %c %b %d
%d = OpLabel
OpBranchConditional %c %a2 %e
%a2 = OpLabel
OpBranch %b
%e = OpLabel
OpReturn
OpFunctionEnd
";
    let Some(words) = assemble(text) else { return };
    let view = ModuleView::new(&words).unwrap_or_else(|e| panic!("{e}"));
    let cfg = Cfg::new(&view, &view.functions[0]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(cfg.successors(2), [3, 4]);
    assert_eq!(cfg.predecessors(1), [0, 1, 3]);
    assert_eq!(cfg.idom, [NONE, 0, 1, 2, 2]);
    assert!(Structure::shape(&cfg).constructs.is_empty());
}

#[test]
fn phis_become_branch_arguments() {
    let text = format!(
        "{PRELUDE}OpSelectionMerge %m None
         OpBranchConditional %c %t %m
         %t = OpLabel
         OpBranch %m
         %m = OpLabel
         %x = OpPhi %int %one %t %zero %entry
         %y = OpPhi %int %zero %t %one %entry
         OpReturn
         OpFunctionEnd
"
    );
    let Some(words) = assemble(&text) else { return };
    let view = ModuleView::new(&words).unwrap_or_else(|e| panic!("{e}"));
    let cfg = Cfg::new(&view, &view.functions[0]).unwrap_or_else(|e| panic!("{e}"));
    let constants: Vec<u32> = (view.section(Section::Globals).iter())
        .filter(|inst| inst.op == Op::Constant)
        .map(|inst| inst.result)
        .collect();
    let (zero, one) = (constants[0], constants[1]);
    assert_eq!(cfg.phi_arguments(2, 1).collect::<Vec<_>>(), [one, zero]);
    assert_eq!(cfg.phi_arguments(2, 0).collect::<Vec<_>>(), [zero, one]);
}

/// The error `ModuleView::new` gives for `text`.
fn view_error(text: &str) -> Option<DecodeError> {
    let words = assemble(text)?;
    Some(ModuleView::new(&words).expect_err("the module is malformed"))
}

#[test]
fn misplaced_and_undefined_ids_are_errors_with_offsets() {
    let Some(late_capability) = view_error(
        "OpMemoryModel Logical GLSL450
         OpCapability Shader
",
    ) else {
        return;
    };
    assert_eq!(
        (late_capability.offset, late_capability.instruction),
        (8, Some("OpCapability"))
    );
    assert!(late_capability.message.contains("Capabilities section"));

    let undefined =
        view_error("OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpName %ghost \"g\"\n");
    let undefined = undefined.expect("assembled");
    assert_eq!(undefined.instruction, Some("OpName"));
    assert!(undefined.message.contains("never defined"), "{undefined}");

    let early = view_error(
        "OpCapability Shader\nOpMemoryModel Logical GLSL450
         %ptr = OpTypePointer Function %int
         %int = OpTypeInt 32 1
",
    );
    let early = early.expect("assembled");
    assert!(early.message.contains("before its definition"), "{early}");

    let forward =
        "OpCapability Shader\nOpCapability Addresses\nOpCapability PhysicalStorageBufferAddresses
OpMemoryModel PhysicalStorageBuffer64 GLSL450
OpTypeForwardPointer %ptr PhysicalStorageBuffer
%int = OpTypeInt 32 1
%node = OpTypeStruct %int %ptr
%ptr = OpTypePointer PhysicalStorageBuffer %node
";
    let words = assemble(forward).expect("assembled");
    ModuleView::new(&words).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn truncated_and_phi_misplaced_modules_are_errors() {
    let Some(words) = assemble(&format!("{PRELUDE}OpReturn\nOpFunctionEnd\n")) else {
        return;
    };
    let cut = &words[..words.len() - 1];
    let error = ModuleView::new(cut).expect_err("truncated");
    assert!(error.message.contains("OpFunctionEnd"), "{error}");
    let mut long = words.clone();
    let last = long.len() - 1;
    long[last] = (5 << 16) | (long[last] & 0xffff);
    let error = ModuleView::new(&long).expect_err("word count past the end");
    assert_eq!(
        (error.offset, error.instruction),
        (last, Some("OpFunctionEnd"))
    );

    let late_phi = format!(
        "{PRELUDE}OpBranch %b\n%b = OpLabel\n%s = OpIAdd %int %one %one\n%p = OpPhi %int %one %entry\nOpReturn\nOpFunctionEnd\n"
    );
    let error = view_error(&late_phi).expect("assembled");
    assert_eq!(error.instruction, Some("OpPhi"));
}

#[test]
#[ignore = "throughput measurement; run with --ignored --nocapture"]
fn module_view_throughput() {
    let Some(files) = corpus() else { return };
    let files: Vec<_> = files
        .into_iter()
        .filter(|(_, w)| ModuleView::new(w).is_ok())
        .collect();
    let bytes: usize = files.iter().map(|(_, w)| w.len() * 4).sum();
    // The fastest of several rounds, in time on the CPU: the machine may be
    // busy with other work. Rounds of several passes span many scheduler
    // ticks, which is how often the CPU time advances.
    const PASSES: usize = 8;
    let fastest = |work: &dyn Fn(&[u32]) -> usize| {
        (0..10)
            .map(|_| {
                let start = (thread_cpu_seconds(), std::time::Instant::now());
                for (_, words) in files.iter().cycle().take(files.len() * PASSES) {
                    std::hint::black_box(work(words));
                }
                (
                    thread_cpu_seconds() - start.0,
                    start.1.elapsed().as_secs_f64(),
                )
            })
            .fold((f64::INFINITY, f64::INFINITY), |a, b| {
                (a.0.min(b.0), a.1.min(b.1))
            })
    };
    let index_s = fastest(&|words| ModuleView::index(words).map(|v| v.insts.len()).unwrap_or(0));
    let view_s = fastest(&|words| ModuleView::new(words).map(|v| v.insts.len()).unwrap_or(0));
    let all_s = fastest(&|words| analyze(words).map(|s| s.len()).unwrap_or(0));
    let shape_s = fastest(&|words| {
        let Ok(view) = ModuleView::index(words) else {
            return 0;
        };
        let shapes = view
            .functions
            .iter()
            .map(|f| Cfg::new(&view, f).map(|cfg| Structure::shape(&cfg)));
        shapes.filter(Result::is_ok).count()
    });
    let rspirv_s = fastest(&|words| {
        rspirv::dr::load_words(words)
            .map(|m| m.types_global_values.len())
            .unwrap_or(0)
    });
    let mb = (bytes * PASSES) as f64 / 1e6;
    println!(
        "{} files, {:.2} MB: index {:.0} MB/s of CPU time ({:.0} MB/s wall); \
         index + operand checks {:.0} MB/s of CPU time ({:.0} MB/s wall); \
         view + CFG + constructs {:.0} MB/s of CPU time ({:.0} MB/s wall); \
         index + CFG + construct shapes {:.0} MB/s of CPU time ({:.0} MB/s wall); \
         rspirv::dr::load_words {:.0} MB/s of CPU time ({:.0} MB/s wall)",
        files.len(),
        bytes as f64 / 1e6,
        mb / index_s.0,
        mb / index_s.1,
        mb / view_s.0,
        mb / view_s.1,
        mb / all_s.0,
        mb / all_s.1,
        mb / shape_s.0,
        mb / shape_s.1,
        mb / rspirv_s.0,
        mb / rspirv_s.1
    );
}

/// Seconds this thread has run on a CPU (Linux); 0 where unknown, so the
/// wall-clock figure is the one to read.
fn thread_cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let nanos: f64 = stat
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0.0);
    nanos / 1e9
}
