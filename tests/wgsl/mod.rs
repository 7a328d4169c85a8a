//! The WGSL shaders of `tests/wgsl` as naga, wgpu's shader translator,
//! writes them for Vulkan, under several option sets: SPIR-V 1.0 with
//! debug information (`OpString`, `OpSource` with the text, `OpLine`); 1.3
//! with read-zero-skip-write bounds checks (where naga has them) and raw
//! integer division; 1.5 without bounds checks or loop bounding.

use naga::back::spv;
use naga::proc::{BoundsCheckPolicies, BoundsCheckPolicy};

/// One way of writing a module: a name, the SPIR-V version and the options
/// that differ from naga's defaults.
pub struct Setting {
    pub name: &'static str,
    version: (u8, u8),
    debug: bool,
    bounds: BoundsCheckPolicy,
    loop_bounding: bool,
    division_checks: bool,
}

pub const SETTINGS: [Setting; 3] = [
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

/// A WGSL shader as naga compiles it with one setting: a name (the file
/// and the setting) and the words.
pub struct Compiled {
    pub name: String,
    pub words: Vec<u32>,
}

/// Every shader of `tests/wgsl` in every setting, in file order; panics
/// naming the shader where naga rejects one.
pub fn compiled_all() -> Vec<Compiled> {
    let sources = crate::support::test_sources("wgsl", "wgsl");
    let mut compiled = Vec::new();
    for source in &sources {
        let text = std::fs::read_to_string(source).expect("a WGSL source");
        let file_name = source.display().to_string();
        for setting in &SETTINGS {
            let name = format!("{file_name} ({})", setting.name);
            let words = compile(&text, &file_name, setting)
                .unwrap_or_else(|e| panic!("naga rejects {name}: {e}"));
            compiled.push(Compiled { name, words });
        }
    }
    compiled
}
