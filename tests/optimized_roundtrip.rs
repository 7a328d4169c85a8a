//! SPIRV-Tools' optimizer output as input: corpus modules rewritten by
//! `spirv-opt` reach the reader in shapes compilers rarely emit unoptimized:
//! phis everywhere after SSA rewriting, values defined inside a construct
//! and used after it, returns turned into breaks out of a wrapping loop,
//! unrolled and peeled loops, merged blocks, selects instead of branches.
//! Every module of the corpus that spirv-val accepts goes through each
//! of `support::OPTIMIZER_PIPELINES`; each result spirv-val accepts must
//! deserialize, verify, serialize to a module spirv-val accepts in the
//! same target environment, and read back to the same text; printed
//! (custom and generic form, with locations) and parsed back, it must
//! serialize to the same words.
//!
//! The shaders in `tests/glsl` (GLSL, and HLSL as glslang reads it:
//! `name.stage.hlsl`), compiled here by glslang, bring what the corpus
//! lacks (physical storage buffer pointers to a recursive struct,
//! 8/16/64-bit arithmetic, subgroup operations and atomics, switch
//! fallthrough, `do`/`while` with `continue`, every kind of image and
//! sampler, specialization constants and operations on them, descriptor
//! indexing and demote, geometry, tessellation, mesh, task and ray
//! tracing stages, ray queries, the four AMD extended instruction sets;
//! HLSL's structured, byte-address and append
//! buffers, wave operations, integer operands of mixed signedness) through
//! the same checks, as compiled and as each pipeline rewrites them; and
//! compiled again with debug information (`-gVS`).

mod random_kernels;
mod support;

use spirv_dialect::binary::words_from_bytes;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The SPIRV-Tools directory, found once for every worker.
fn tools() -> Option<&'static Path> {
    static TOOLS: OnceLock<Option<PathBuf>> = OnceLock::new();
    TOOLS.get_or_init(support::spirv_tools).as_deref()
}

/// [`support::checked_round_trip`] under spirv-val.
fn round_trip(tools: &Path, words: &[u32], env: &str) -> Result<(), String> {
    support::checked_round_trip(Some(&tools.join("spirv-val")), words, env).map(|_| ())
}

/// What each optimizer pipeline makes of `words`, checked as
/// [`round_trip`] does: the outcome per pipeline that gave a valid module,
/// failures naming `name`.
fn check_pipelines(
    tools: &Path,
    name: &str,
    words: &[u32],
    env: &str,
) -> Vec<(&'static str, Result<(), String>)> {
    (support::OPTIMIZER_PIPELINES.iter())
        .filter_map(|&(pipeline, flags)| {
            let optimized = support::spirv_opt(tools, words, env, flags)?;
            let outcome =
                round_trip(tools, &optimized, env).map_err(|e| format!("{name} ({pipeline}): {e}"));
            Some((pipeline, outcome))
        })
        .collect()
}

/// Per pipeline: whether the module it gave round-trips (`None` when the
/// optimizer gave nothing valid), for one corpus file.
fn check_file(file: &PathBuf) -> Option<Vec<(&'static str, Result<(), String>)>> {
    let tools = tools()?;
    let words = words_from_bytes(&std::fs::read(file).ok()?).ok()?;
    let env = support::target_env(&words);
    let valid = support::spirv_val_complaint(&tools.join("spirv-val"), &words, &env).is_none();
    valid.then_some(())?;
    Some(check_pipelines(
        tools,
        &file.display().to_string(),
        &words,
        &env,
    ))
}

#[test]
fn optimized_corpus_modules_round_trip() {
    let Some(files) = support::corpus_or_skip() else {
        return;
    };
    if tools().is_none() {
        println!("skipped: SPIRV-Tools 2025 (spirv-opt, spirv-val) not found");
        return;
    }
    let outcomes: Vec<_> = support::parallel_filter_map(&files, 2, check_file)
        .into_iter()
        .flatten()
        .collect();
    for (name, _) in support::OPTIMIZER_PIPELINES {
        let of_pipeline = outcomes.iter().filter(|(n, _)| *n == name);
        let passed = of_pipeline.clone().filter(|(_, r)| r.is_ok()).count();
        println!(
            "spirv-opt {name}: {} optimized modules, {passed} round-trip",
            of_pipeline.count()
        );
    }
    let failures: Vec<&String> = outcomes
        .iter()
        .filter_map(|(_, r)| r.as_ref().err())
        .collect();
    for failure in &failures {
        println!("  {failure}");
    }
    assert!(
        outcomes.len() > 1000,
        "only {} optimized modules",
        outcomes.len()
    );
    assert!(
        failures.is_empty(),
        "{} optimized modules fail",
        failures.len()
    );
}

/// The shaders of `tests/glsl` compiled by glslang (GLSL for Vulkan 1.2,
/// HLSL for 1.1), without and with debug information: each, and what
/// each optimizer pipeline makes of it, round-trips.
#[test]
fn glsl_shaders_round_trip() {
    let (Some(tools), Some(glslang)) = (tools(), support::tool("glslangValidator")) else {
        println!("skipped: SPIRV-Tools 2025 or glslangValidator not found");
        return;
    };
    let mut shaders = support::compiled_test_shaders(&glslang, &[]);
    // With glslang's debug information (NonSemantic.Shader.DebugInfo.100,
    // `OpLine`s before functions, non-semantic instructions before a
    // function's first label), where spirv-val accepts what it writes.
    let val = tools.join("spirv-val");
    for mut shader in support::compiled_test_shaders(&glslang, &["-gVS"]) {
        shader.name.push_str(" (-gVS)");
        match support::spirv_val_complaint(&val, &shader.words, shader.env) {
            None => shaders.push(shader),
            Some(complaint) => println!("left out: {}: spirv-val: {complaint}", shader.name),
        }
    }
    let mut outcomes = Vec::new();
    for shader in &shaders {
        let (name, words, env) = (&shader.name, &shader.words, shader.env);
        outcomes.push((
            "-",
            round_trip(tools, words, env).map_err(|e| format!("{name}: {e}")),
        ));
        outcomes.extend(check_pipelines(tools, name, words, env));
    }
    let failures: Vec<&String> = (outcomes.iter())
        .filter_map(|(_, r)| r.as_ref().err())
        .collect();
    println!(
        "{} shaders compiled, {} modules with the pipelines' output, {} round-trip",
        shaders.len(),
        outcomes.len(),
        outcomes.len() - failures.len()
    );
    for failure in &failures {
        println!("  {failure}");
    }
    assert!(outcomes.len() >= 3 * shaders.len(), "few pipelines applied");
    assert!(failures.is_empty(), "{} modules fail", failures.len());
}

/// Random GLSL and HLSL kernels of structured control flow
/// (`random_kernels`; tests/vulkan_semantics.rs runs the same seeds), as
/// glslang compiles them and as each pipeline rewrites them, round-trip,
/// by the binary and by the text.
#[test]
fn random_kernels_round_trip() {
    let (Some(tools), Some(glslang)) = (tools(), support::tool("glslangValidator")) else {
        println!("skipped: SPIRV-Tools 2025 or glslangValidator not found");
        return;
    };
    let mut outcomes = Vec::new();
    for seed in 0..RANDOM_KERNELS {
        for kernel in random_kernels::compiled_all(&glslang, seed) {
            let (name, words) = (&kernel.name, &kernel.words);
            let outcome = round_trip(tools, words, "spv1.3")
                .map_err(|e| format!("{name}: {e}\n{}", kernel.source));
            outcomes.push(("-", outcome));
            outcomes.extend(check_pipelines(tools, name, words, "spv1.3"));
        }
    }
    let failures: Vec<&String> = (outcomes.iter())
        .filter_map(|(_, r)| r.as_ref().err())
        .collect();
    println!(
        "{RANDOM_KERNELS} random kernels (the GLSL ones by glslang and naga), {} modules with \
         the pipelines' output, {} round-trip",
        outcomes.len(),
        outcomes.len() - failures.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(
        outcomes.len() as u64 >= 4 * RANDOM_KERNELS,
        "few pipelines applied"
    );
}

/// Random kernels checked (tests/vulkan_semantics.rs runs as many).
const RANDOM_KERNELS: u64 = 32;
