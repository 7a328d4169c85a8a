//! WGSL shaders as wgpu compiles them (`wgsl`: each `tests/wgsl/*.wgsl`
//! written by naga's SPIR-V back end under several option sets). naga
//! writes control flow its own way (a loop per WGSL loop with the
//! continuing block as continue target, an entry block that only branches
//! on, wrapper functions for division, selections guarding checked
//! accesses). Every module spirv-val accepts deserializes, verifies,
//! serializes to a module spirv-val accepts, reads back to the same text
//! (with locations) and writes the same words through the text form.

mod support;
mod wgsl;

#[test]
fn wgsl_shaders_round_trip() {
    let Some(val) = support::spirv_tools().map(|tools| tools.join("spirv-val")) else {
        println!("skipped: spirv-val (SPIRV-Tools 2025) is not installed");
        return;
    };
    let shaders = wgsl::compiled_all();
    let (mut checked, mut failures) = (0, Vec::new());
    for shader in &shaders {
        let (name, words) = (&shader.name, &shader.words);
        let env = support::target_env(words);
        if let Some(complaint) = support::spirv_val_complaint(&val, words, &env) {
            println!("left out: spirv-val rejects naga's {name}: {complaint}");
            continue;
        }
        checked += 1;
        if let Err(e) = support::checked_round_trip(Some(&val), words, &env) {
            failures.push(format!("{name}: {e}"));
        }
    }
    let summary = format!(
        "{} shaders in {} settings: {checked} modules checked, {} round-trip",
        shaders.len() / wgsl::SETTINGS.len(),
        wgsl::SETTINGS.len(),
        checked - failures.len()
    );
    // naga writes the subgroup capability into a SPIR-V 1.0 module.
    support::assert_round_trips(&summary, checked, shaders.len() - 1, &failures);
}
