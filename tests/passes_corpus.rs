//! The SPIR-V passes on real modules: every corpus binary that spirv-val
//! accepts and that our own deserialize/serialize round trip keeps valid.
//!
//! `--spirv-update-vce`: the module is put under a target that allows
//! what it declares (its version, capabilities and extensions, as the
//! device it was written for); the pass deduces the VCE; the module
//! written with it must pass spirv-val. Minimality: no deduced capability
//! is implied by another, and each deduced capability and extension is
//! dropped in turn — spirv-val must then reject the module, or the drop is
//! covered by a named grammar rule that spirv-val does not check
//! (`UNCHECKED_BY_SPIRV_VAL`).
//!
//! `--decorate-spirv-composite-type-layout`: in modules glslang wrote, the
//! `Offset`/`ArrayStride`/`MatrixStride` decorations of every interface
//! block (`Uniform`, `StorageBuffer`, `PushConstant` variables) are
//! stripped and the pass lays the block out again; the result must be the
//! layout glslang chose (`BufferBlock` storage buffers of SPIR-V 1.0, kept
//! as `buffer_block` variables, by std430 rules). Left out: blocks whose
//! source placed members explicitly (first member not at offset 0).
//!
//! The rewrite passes (`--spirv-canonicalize-gl`, `--spirv-webgpu-prepare`,
//! `--spirv-rewrite-inserts`, `--spirv-unify-aliased-resource`, the layout
//! pass) run on every module: no panic, the result verifies, and a changed
//! module still passes spirv-val.
//!
//! spirv-val runs on several threads.

mod support;

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::serialize;
use spirv_dialect::grammar::Capability;
use spirv_dialect::ir::pass::Pass;
use spirv_dialect::ir::{Context, Op, Param, Type, TypeData};
use spirv_dialect::spirv::attributes::{vce_attr, vce_of};
use spirv_dialect::target::Vce;
use spirv_dialect::transforms::{DecorateCompositeTypeLayout, UpdateVce};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Modules whose deduced VCE was checked when this floor was set.
const VCE_CHECKED_FLOOR: usize = 1082;
/// Interface blocks whose layout matched glslang's when this floor was set.
const LAYOUT_MATCHED_FLOOR: usize = 311;

/// Capabilities and extensions that a rule of the SPIR-V specification
/// requires and spirv-val (SPIRV-Tools 2025) does not check, so that a
/// module dropping them still validates: `(name, rule)`.
const UNCHECKED_BY_SPIRV_VAL: &[(&str, &str)] = &[
    (
        "ClipDistance",
        "SPIR-V BuiltIn ClipDistance requires capability ClipDistance; spirv-val exempts the decoration, which glslang emits in gl_PerVertex",
    ),
    (
        "CullDistance",
        "SPIR-V BuiltIn CullDistance requires capability CullDistance; spirv-val exempts the decoration, which glslang emits in gl_PerVertex",
    ),
];

/// The corpus files, or None (after saying why) when a tool or the corpus
/// is missing.
fn corpus_and_validator() -> Option<(Vec<PathBuf>, PathBuf)> {
    let Some(val) = support::spirv_tools().map(|bin| bin.join("spirv-val")) else {
        println!("skipped: spirv-val (SPIRV-Tools 2025) is not installed");
        return None;
    };
    match support::corpus() {
        Ok(files) if !files.is_empty() => Some((files, val)),
        Ok(_) => {
            println!("skipped: the corpus is empty");
            None
        }
        Err(e) => {
            println!("skipped: {e}");
            None
        }
    }
}

/// Whether spirv-val accepts `words` in `env`.
fn validates(val: &Path, words: &[u32], env: &str) -> bool {
    support::spirv_val_complaint(val, words, env).is_none()
}

/// A corpus module read by our deserializer, and its environment.
struct Module {
    name: String,
    words: Vec<u32>,
    env: String,
    ctx: Context,
    module: Op,
}

/// Why a corpus file takes no part.
enum Skip {
    /// spirv-val rejects the file itself.
    Invalid,
    /// Our deserializer does not read it.
    NotRead,
    /// Our own round trip leaves it invalid (says nothing of the pass).
    RoundTripInvalid,
}

fn read_module(val: &Path, file: &Path) -> Result<Module, Skip> {
    let words = support::read_words(file).ok_or(Skip::NotRead)?;
    let env = support::target_env(&words);
    if !validates(val, &words, &env) {
        return Err(Skip::Invalid);
    }
    let (ctx, module) = deserialize(&words).map_err(|_| Skip::NotRead)?;
    let written = serialize(&ctx, module).map_err(|_| Skip::RoundTripInvalid)?;
    if !validates(val, &written, &env) {
        return Err(Skip::RoundTripInvalid);
    }
    let name = file
        .strip_prefix(support::corpus_root())
        .unwrap_or(file)
        .display()
        .to_string();
    Ok(Module {
        name,
        words,
        env,
        ctx,
        module,
    })
}

/// Runs `check` on every corpus module on several threads; returns its
/// results and how many files were skipped for each reason.
fn for_each_module<T: Send>(
    files: &[PathBuf],
    val: &Path,
    check: impl Fn(Module) -> T + Sync,
) -> (Vec<T>, [usize; 3]) {
    let queue = Mutex::new(files.to_vec());
    let results = Mutex::new((Vec::new(), [0usize; 3]));
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().max(2));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(file) = queue.lock().ok().and_then(|mut q| q.pop()) {
                    let outcome = read_module(val, &file).map(&check);
                    if let Ok(mut r) = results.lock() {
                        match outcome {
                            Ok(t) => r.0.push(t),
                            Err(Skip::Invalid) => r.1[0] += 1,
                            Err(Skip::NotRead) => r.1[1] += 1,
                            Err(Skip::RoundTripInvalid) => r.1[2] += 1,
                        }
                    }
                }
            });
        }
    });
    results.into_inner().unwrap_or_default()
}

// ----- --spirv-update-vce ------------------------------------------------

/// `#spirv.target_env` allowing what `vce` declares.
fn target_env_allowing(ctx: &mut Context, vce: &Vce) -> spirv_dialect::ir::Attr {
    let vce = vce_attr(ctx, vce);
    let limits = ctx.dialect_attr("spirv", "resource_limits", Vec::new());
    let none = ctx.ident("");
    ctx.dialect_attr(
        "spirv",
        "target_env",
        vec![
            Param::Attr(vce),
            Param::Ident(none),
            Param::Ident(none),
            Param::Attr(limits),
        ],
    )
}

fn vce_property(ctx: &Context, module: Op) -> Option<Vce> {
    let properties = ctx.properties(module)?;
    vce_of(ctx, ctx.dict_get(properties, "vce_triple")?)
}

fn set_vce(ctx: &mut Context, module: Op, vce: &Vce) {
    let attr = vce_attr(ctx, vce);
    let properties = match ctx.properties(module) {
        Some(p) => p,
        None => ctx.empty_dictionary(),
    };
    let key = ctx.ident("vce_triple");
    let properties = ctx.dict_with(properties, key, Some(attr));
    ctx.set_properties(module, Some(properties));
}

#[derive(Default)]
struct VceOutcome {
    /// The module declares what `#spirv.vce` cannot hold (an extension the
    /// dialect does not know), so no target environment can describe it.
    undescribable: Option<String>,
    dropped: usize,
    rejected: usize,
    /// Drops spirv-val accepts, with the rule that requires them.
    unchecked: Vec<(String, &'static str)>,
    failures: Vec<String>,
}

fn check_vce(val: &Path, mut m: Module) -> VceOutcome {
    let mut outcome = VceOutcome::default();
    let name = m.name.clone();
    let Some(original) = vce_property(&m.ctx, m.module) else {
        outcome.undescribable = Some(name);
        return outcome;
    };
    let env = target_env_allowing(&mut m.ctx, &original);
    m.ctx.set_attr(m.module, "spirv.target_env", Some(env));
    if let Err(d) = UpdateVce.run(&mut m.ctx, m.module) {
        outcome.failures.push(format!("{name}: {}", d.message));
        return outcome;
    }
    m.ctx.set_attr(m.module, "spirv.target_env", None);
    let Some(deduced) = vce_property(&m.ctx, m.module) else {
        outcome
            .failures
            .push(format!("{name}: no deduced vce_triple"));
        return outcome;
    };
    for &c in &deduced.capabilities {
        let others: Vec<Capability> = deduced
            .capabilities
            .iter()
            .copied()
            .filter(|&o| o != c)
            .collect();
        if Capability::closure(&others).contains(&c) {
            outcome.failures.push(format!(
                "{name}: {c} is listed but implied by another capability"
            ));
        }
    }
    let write = |ctx: &mut Context, vce: &Vce| {
        set_vce(ctx, m.module, vce);
        serialize(ctx, m.module).map_err(|e| format!("{name}: serialize: {e}"))
    };
    match write(&mut m.ctx, &deduced).map(|words| support::spirv_val_complaint(val, &words, &m.env))
    {
        Ok(None) => {}
        Ok(Some(complaint)) => {
            outcome.failures.push(format!(
                "{name}: spirv-val rejects the deduced {} {:?} {:?} (was {} {:?} {:?}): {complaint}",
                deduced.version, deduced.capabilities, deduced.extensions, original.version, original.capabilities, original.extensions
            ));
            return outcome;
        }
        Err(e) => {
            outcome.failures.push(e);
            return outcome;
        }
    }
    let drops = deduced
        .capabilities
        .iter()
        .map(|c| c.to_string())
        .chain(deduced.extensions.iter().map(|e| e.name().to_string()));
    for dropped in drops.collect::<Vec<_>>() {
        let mut fewer = deduced.clone();
        fewer.capabilities.retain(|c| c.to_string() != dropped);
        fewer.extensions.retain(|e| e.name() != dropped);
        outcome.dropped += 1;
        let accepted = match write(&mut m.ctx, &fewer) {
            Ok(words) => validates(val, &words, &m.env),
            Err(e) => {
                outcome.failures.push(e);
                continue;
            }
        };
        if !accepted {
            outcome.rejected += 1;
            continue;
        }
        match UNCHECKED_BY_SPIRV_VAL.iter().find(|(n, _)| *n == dropped) {
            Some((_, rule)) => outcome.unchecked.push((format!("{name}: {dropped}"), rule)),
            None => outcome.failures.push(format!(
                "{name}: spirv-val accepts the module without {dropped}, and no rule says why it is needed"
            )),
        }
    }
    outcome
}

#[test]
fn update_vce_on_the_corpus_validates_and_is_minimal() {
    let Some((files, val)) = corpus_and_validator() else {
        return;
    };
    let (outcomes, skipped) = for_each_module(&files, &val, |m| check_vce(&val, m));
    let undescribable: Vec<_> = outcomes
        .iter()
        .filter_map(|o| o.undescribable.as_ref())
        .collect();
    let checked = outcomes
        .iter()
        .filter(|o| o.failures.is_empty() && o.undescribable.is_none())
        .count();
    let dropped: usize = outcomes.iter().map(|o| o.dropped).sum();
    let rejected: usize = outcomes.iter().map(|o| o.rejected).sum();
    let unchecked: Vec<_> = outcomes.iter().flat_map(|o| &o.unchecked).collect();
    let failures: Vec<_> = outcomes.iter().flat_map(|o| &o.failures).collect();
    println!(
        "{} files: {} rejected by spirv-val, {} not read, {} left invalid by our own round trip; {} modules, {} declaring an extension the dialect does not know, {checked} with a valid and minimal deduced VCE; {rejected} of {dropped} dropped capabilities/extensions rejected by spirv-val, {} required by rules spirv-val does not check",
        files.len(),
        skipped[0],
        skipped[1],
        skipped[2],
        outcomes.len(),
        undescribable.len(),
        unchecked.len()
    );
    for name in &undescribable {
        println!("  left out (unknown extension): {name}");
    }
    for (what, rule) in &unchecked {
        println!("  spirv-val accepts without {what} ({rule})");
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        checked >= VCE_CHECKED_FLOOR,
        "{checked} modules checked; the floor is {VCE_CHECKED_FLOOR}"
    );
}

// ----- --decorate-spirv-composite-type-layout ----------------------------

/// glslang's generator id in the header's generator word.
const GLSLANG: u32 = 8;

/// `ty` without explicit layout: no member offsets, strides or matrix
/// strides.
fn strip_layout(ctx: &mut Context, ty: Type) -> Type {
    let TypeData::Dialect(d) = ctx.type_data(ty).clone() else {
        return ty;
    };
    if ctx.str(d.dialect) != "spirv" {
        return ty;
    }
    let mnemonic = ctx.str(d.mnemonic).to_string();
    let params = match (mnemonic.as_str(), &d.params[..]) {
        ("array", [Param::Int(n), Param::Type(elem), _]) => {
            let elem = strip_layout(ctx, *elem);
            vec![Param::Int(*n), Param::Type(elem), Param::Int(0)]
        }
        ("rtarray", [Param::Type(elem), _]) => {
            vec![Param::Type(strip_layout(ctx, *elem)), Param::Int(0)]
        }
        ("struct", [name, Param::List(members)]) => {
            let mut stripped = Vec::new();
            for member in members.iter() {
                let Param::List(parts) = member else {
                    return ty;
                };
                let [Param::Type(t), _, Param::List(decorations)] = &parts[..] else {
                    return ty;
                };
                let t = strip_layout(ctx, *t);
                let kept: Vec<Param> = decorations
                    .iter()
                    .filter(|d| !matches!(d, Param::List(p) if matches!(p.first(), Some(Param::Ident(n)) if ctx.str(*n) == "MatrixStride")))
                    .cloned()
                    .collect();
                stripped.push(Param::List(
                    vec![Param::Type(t), Param::Int(-1), Param::List(kept.into())].into(),
                ));
            }
            vec![name.clone(), Param::List(stripped.into())]
        }
        _ => return ty,
    };
    ctx.dialect_type("spirv", &mnemonic, params)
}

/// The offset of a struct's first member, if it has one.
fn first_member_offset(ctx: &Context, ty: Type) -> Option<i64> {
    let strukt = ctx.as_dialect_type(ty, "spirv", "struct")?;
    let [_, Param::List(members)] = &strukt.params[..] else {
        return None;
    };
    match members.first()? {
        Param::List(parts) => match parts.get(1)? {
            Param::Int(offset) if *offset >= 0 => Some(*offset),
            _ => None,
        },
        _ => None,
    }
}

#[derive(Default)]
struct LayoutOutcome {
    blocks: usize,
    matched: usize,
    /// Blocks whose source placed members explicitly
    /// (`layout(offset = N)`: the first member is not at offset 0).
    explicit: usize,
    mismatches: Vec<String>,
}

const LAID_OUT_CLASSES: [&str; 3] = ["Uniform", "StorageBuffer", "PushConstant"];

fn check_layout(mut m: Module) -> LayoutOutcome {
    let mut outcome = LayoutOutcome::default();
    if m.words.get(2).map_or(true, |g| g >> 16 != GLSLANG) {
        return outcome;
    }
    let syntax = spirv_dialect::dialects::syntax();
    let mut variables = Vec::new();
    for op in m.ctx.ops_nested_in(m.module) {
        if m.ctx.op_name_str(op) != "spirv.GlobalVariable" {
            continue;
        }
        let Some(ty) = m
            .ctx
            .properties(op)
            .and_then(|p| m.ctx.dict_get(p, "type"))
            .and_then(|a| m.ctx.as_type_attr(a))
        else {
            continue;
        };
        let Some((pointee, class)) =
            spirv_dialect::spirv::types::as_pointer(&m.ctx, ty).map(|(p, c)| (p, c.to_string()))
        else {
            continue;
        };
        if !LAID_OUT_CLASSES.contains(&class.as_str())
            || m.ctx.as_dialect_type(pointee, "spirv", "struct").is_none()
        {
            continue;
        }
        if first_member_offset(&m.ctx, pointee).is_some_and(|o| o != 0) {
            outcome.explicit += 1;
            continue;
        }
        let stripped = strip_layout(&mut m.ctx, pointee);
        let class_id = m.ctx.ident(&class);
        let bare = m.ctx.dialect_type(
            "spirv",
            "ptr",
            vec![Param::Type(stripped), Param::Ident(class_id)],
        );
        let bare = m.ctx.type_attr(bare);
        let properties = m.ctx.properties(op).expect("a variable has properties");
        let key = m.ctx.ident("type");
        let properties = m.ctx.dict_with(properties, key, Some(bare));
        m.ctx.set_properties(op, Some(properties));
        variables.push((op, ty));
    }
    if variables.is_empty() {
        return outcome;
    }
    if let Err(d) = DecorateCompositeTypeLayout.run(&mut m.ctx, m.module) {
        outcome
            .mismatches
            .push(format!("{}: {}", m.name, d.message));
        return outcome;
    }
    for (op, glslang) in variables {
        outcome.blocks += 1;
        let ours = m
            .ctx
            .properties(op)
            .and_then(|p| m.ctx.dict_get(p, "type"))
            .and_then(|a| m.ctx.as_type_attr(a));
        if ours == Some(glslang) {
            outcome.matched += 1;
            continue;
        }
        let show = |t| spirv_dialect::text::printer::type_to_string(&m.ctx, &syntax, t);
        outcome.mismatches.push(format!(
            "{}:\n    glslang: {}\n    ours:    {}",
            m.name,
            show(glslang),
            ours.map_or("-".into(), show)
        ));
    }
    outcome
}

#[test]
fn layout_pass_matches_glslang_on_the_corpus() {
    let Some((files, val)) = corpus_and_validator() else {
        return;
    };
    let (outcomes, _) = for_each_module(&files, &val, check_layout);
    let blocks: usize = outcomes.iter().map(|o| o.blocks).sum();
    let matched: usize = outcomes.iter().map(|o| o.matched).sum();
    let explicit: usize = outcomes.iter().map(|o| o.explicit).sum();
    let mismatches: Vec<_> = outcomes.iter().flat_map(|o| &o.mismatches).collect();
    println!(
        "{blocks} interface blocks in modules glslang wrote: {matched} laid out as glslang did; left out: {explicit} blocks placed with explicit offsets"
    );
    for m in &mismatches {
        println!("  differs: {m}");
    }
    assert!(
        mismatches.is_empty(),
        "{} blocks laid out differently from glslang",
        mismatches.len()
    );
    assert!(
        matched >= LAYOUT_MATCHED_FLOOR,
        "{matched} blocks matched; the floor is {LAYOUT_MATCHED_FLOOR}"
    );
}

// ----- the rewrite passes ------------------------------------------------

/// Makes a pass to run.
type MakePass = fn() -> Box<dyn Pass>;

/// Runs each rewrite pass on a fresh copy of the module: it must not
/// panic, the result must verify, and where the written module changed
/// spirv-val must still accept it. Returns `(changed, failures)`.
fn check_rewrites(val: &Path, m: Module) -> (usize, Vec<String>) {
    use spirv_dialect::transforms::{
        CanonicalizeGl, RewriteInserts, UnifyAliasedResource, WebGpuPrepare,
    };
    let passes: [(&str, MakePass); 5] = [
        ("spirv-canonicalize-gl", || Box::new(CanonicalizeGl)),
        ("spirv-webgpu-prepare", || Box::new(WebGpuPrepare)),
        ("spirv-rewrite-inserts", || Box::new(RewriteInserts)),
        ("spirv-unify-aliased-resource", || {
            Box::new(UnifyAliasedResource)
        }),
        ("decorate-spirv-composite-type-layout", || {
            Box::new(DecorateCompositeTypeLayout)
        }),
    ];
    let before = serialize(&m.ctx, m.module).unwrap_or_default();
    let (mut changed, mut failures) = (0, Vec::new());
    for (flag, pass) in passes {
        let Ok((mut ctx, module)) = deserialize(&m.words) else {
            continue;
        };
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            pass().run(&mut ctx, module)
        }));
        let problem = match ran {
            Err(_) => Some("panicked".to_string()),
            Ok(Err(d)) => Some(d.message),
            Ok(Ok(())) => match spirv_dialect::verify::verify(&ctx, module) {
                Err(d) => Some(format!("the result does not verify: {}", d.message)),
                Ok(()) => match serialize(&ctx, module) {
                    Err(e) => Some(format!("serialize: {e}")),
                    Ok(words) if words == before => None,
                    Ok(words) => {
                        changed += 1;
                        support::spirv_val_complaint(val, &words, &m.env)
                            .map(|c| format!("spirv-val: {c}"))
                    }
                },
            },
        };
        if let Some(problem) = problem {
            failures.push(format!("{}: --{flag}: {problem}", m.name));
        }
    }
    (changed, failures)
}

#[test]
fn rewrite_passes_keep_corpus_modules_valid() {
    let Some((files, val)) = corpus_and_validator() else {
        return;
    };
    let (outcomes, _) = for_each_module(&files, &val, |m| check_rewrites(&val, m));
    let changed: usize = outcomes.iter().map(|o| o.0).sum();
    let failures: Vec<&String> = outcomes.iter().flat_map(|o| &o.1).collect();
    println!(
        "{} modules, 5 rewrite passes each: {changed} results changed the module and still validate; {} failures",
        outcomes.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{}",
        failures
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
