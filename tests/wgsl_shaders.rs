//! WGSL shaders as wgpu compiles them: each `tests/wgsl/*.wgsl` parsed and
//! validated by naga and written by naga's SPIR-V back end under several
//! option sets (SPIR-V 1.0 with debug information, `OpLine` and the source
//! text; 1.3 with read-zero-skip-write bounds checks (where naga has them) and raw integer
//! division; 1.5 without bounds checks or loop bounding). naga writes
//! control flow its own way (a loop per WGSL loop with the continuing
//! block as continue target, wrapper functions for division, selections
//! guarding every checked access). Every module spirv-val accepts
//! deserializes, verifies, serializes to a module spirv-val accepts,
//! reads back to the same text (with locations) and writes the same
//! words through the text form.

mod support;

use naga::back::spv;
use naga::proc::{BoundsCheckPolicies, BoundsCheckPolicy};

/// One way of writing a module: a name, the SPIR-V version and the options
/// that differ from naga's defaults.
struct Setting {
    name: &'static str,
    version: (u8, u8),
    debug: bool,
    bounds: BoundsCheckPolicy,
    loop_bounding: bool,
    division_checks: bool,
}

const SETTINGS: [Setting; 3] = [
    Setting {
        name: "1.0, debug information",
        version: (1, 0),
        debug: true,
        bounds: BoundsCheckPolicy::Restrict,
        loop_bounding: true,
        division_checks: true,
    },
    Setting {
        name: "1.3, read-zero-skip-write",
        version: (1, 3),
        debug: false,
        bounds: BoundsCheckPolicy::ReadZeroSkipWrite,
        loop_bounding: true,
        division_checks: false,
    },
    Setting {
        name: "1.5, unchecked",
        version: (1, 5),
        debug: false,
        bounds: BoundsCheckPolicy::Unchecked,
        loop_bounding: false,
        division_checks: true,
    },
];

/// `source` (read from `file_name`) compiled by naga with `setting`;
/// naga's complaint when it rejects the shader.
fn compile(source: &str, file_name: &str, setting: &Setting) -> Result<Vec<u32>, String> {
    let module = naga::front::wgsl::parse_str(source).map_err(|e| e.emit_to_string(source))?;
    let mut validator = naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    );
    validator
        .subgroup_stages(naga::valid::ShaderStages::all())
        .subgroup_operations(naga::valid::SubgroupOperationSet::all());
    let info = validator
        .validate(&module)
        .map_err(|e| format!("naga's validator: {:?}", e.as_inner()))?;
    let mut flags = spv::WriterFlags::ADJUST_COORDINATE_SPACE
        | spv::WriterFlags::LABEL_VARYINGS
        | spv::WriterFlags::CLAMP_FRAG_DEPTH;
    flags.set(spv::WriterFlags::DEBUG, setting.debug);
    let debug_info = setting.debug.then_some(spv::DebugInfo {
        source_code: source,
        file_name,
        language: naga::back::spv::SourceLanguage::WGSL,
    });
    let bounds = setting.bounds;
    // naga checks atomics in buffers and arrays of bindings only by
    // restricting their indices.
    let restricted = match bounds {
        BoundsCheckPolicy::ReadZeroSkipWrite => BoundsCheckPolicy::Restrict,
        other => other,
    };
    let options = spv::Options {
        lang_version: setting.version,
        flags,
        bounds_check_policies: BoundsCheckPolicies {
            index: bounds,
            buffer: restricted,
            image_load: bounds,
            binding_array: restricted,
        },
        force_loop_bounding: setting.loop_bounding,
        emit_int_div_checks: setting.division_checks,
        debug_info,
        ..spv::Options::default()
    };
    spv::write_vec(&module, &info, &options, None).map_err(|e| format!("naga's writer: {e}"))
}

#[test]
fn wgsl_shaders_round_trip() {
    let Some(val) = support::spirv_tools().map(|tools| tools.join("spirv-val")) else {
        println!("skipped: spirv-val (SPIRV-Tools 2025) is not installed");
        return;
    };
    let sources = support::test_sources("wgsl", "wgsl");
    let (mut checked, mut failures) = (0, Vec::new());
    for source in &sources {
        let text = std::fs::read_to_string(source).expect("a WGSL source");
        let file_name = source.display().to_string();
        for setting in &SETTINGS {
            let name = format!("{file_name} ({})", setting.name);
            let words = compile(&text, &file_name, setting)
                .unwrap_or_else(|e| panic!("naga rejects {name}: {e}"));
            let env = support::target_env(&words);
            if let Some(complaint) = support::spirv_val_complaint(&val, &words, &env) {
                println!("left out: spirv-val rejects naga's {name}: {complaint}");
                continue;
            }
            checked += 1;
            if let Err(e) = support::checked_round_trip(Some(&val), &words, &env) {
                failures.push(format!("{name}: {e}"));
            }
        }
    }
    let summary = format!(
        "{} shaders in {} settings: {checked} modules checked, {} round-trip",
        sources.len(),
        SETTINGS.len(),
        checked - failures.len()
    );
    // naga writes the subgroup capability into a SPIR-V 1.0 module.
    let least = sources.len() * SETTINGS.len() - 1;
    support::assert_round_trips(&summary, checked, least, &failures);
}
