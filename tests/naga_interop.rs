//! naga, the shader translator under wgpu, as a second reader of what we
//! write: for every module naga's SPIR-V front end reads and its validator
//! accepts (corpus files, the shaders of `tests/glsl` compiled by glslang,
//! random kernels), the round trip is read and accepted too. A Rust
//! program handing our output to wgpu goes through this reader.

mod random_kernels;
mod support;

/// Corpus modules naga accepts, as measured; a drop means naga's reader
/// changed or the corpus did.
const NAGA_ACCEPTS_FLOOR: usize = 590;

/// Random kernels checked beside the corpus.
const RANDOM_KERNELS: u64 = 16;

/// Whether naga reads `words` and its validator accepts the module, or why
/// not (a panic inside naga counts as a refusal).
fn naga_accepts(words: &[u32]) -> Result<(), String> {
    let bytes = spirv_dialect::binary::words_to_bytes(words);
    let checked = std::panic::catch_unwind(|| {
        let options = naga::front::spv::Options::default();
        let module = naga::front::spv::parse_u8_slice(&bytes, &options)
            .map_err(|e| format!("naga does not read it: {e}"))?;
        let flags = naga::valid::ValidationFlags::all();
        let capabilities = naga::valid::Capabilities::all();
        (naga::valid::Validator::new(flags, capabilities).validate(&module))
            .map(|_| ())
            .map_err(|e| format!("naga's validator rejects it: {:?}", e.as_inner()))
    });
    checked.unwrap_or_else(|_| Err("naga panics".into()))
}

/// Tallies modules: how many naga accepts, and which round trips it
/// refuses although it accepts the original.
#[derive(Default)]
struct Tally {
    accepted: usize,
    refused_after: Vec<String>,
}

impl Tally {
    fn check(&mut self, name: &str, words: &[u32]) {
        if naga_accepts(words).is_err() {
            return;
        }
        self.accepted += 1;
        let Some(written) = support::round_trip(words) else {
            self.refused_after.push(format!("{name}: no round trip"));
            return;
        };
        if let Err(e) = naga_accepts(&written) {
            self.refused_after.push(format!("{name}: {e}"));
        }
    }
}

#[test]
fn naga_reads_what_we_write_wherever_it_reads_the_original() {
    let Some(files) = support::corpus_or_skip() else {
        return;
    };
    // naga prints a backtrace for panics it does not catch itself.
    std::panic::set_hook(Box::new(|_| {}));
    let mut corpus = Tally::default();
    for file in &files {
        if let Some(words) = support::read_words(file) {
            corpus.check(&file.display().to_string(), &words);
        }
    }
    let mut compiled = Tally::default();
    match support::tool("glslangValidator") {
        Some(glslang) => {
            for shader in support::compiled_test_shaders(&glslang, &[]) {
                compiled.check(&shader.name, &shader.words);
            }
            for seed in 0..RANDOM_KERNELS {
                for kernel in random_kernels::compiled_all(&glslang, seed) {
                    let described = format!("{}\n{}", kernel.name, kernel.source);
                    compiled.check(&described, &kernel.words);
                }
            }
        }
        None => println!("skipped: glslangValidator is not installed (compiled shaders)"),
    }
    let _ = std::panic::take_hook();
    println!(
        "naga accepts {} corpus modules and {} compiled shaders and random kernels; \
         it refuses {} of their round trips",
        corpus.accepted,
        compiled.accepted,
        corpus.refused_after.len() + compiled.refused_after.len()
    );
    let refused: Vec<&String> = corpus
        .refused_after
        .iter()
        .chain(&compiled.refused_after)
        .collect();
    assert!(refused.is_empty(), "{refused:#?}");
    assert!(
        corpus.accepted >= NAGA_ACCEPTS_FLOOR,
        "naga accepts {} corpus modules; the floor is {NAGA_ACCEPTS_FLOOR}",
        corpus.accepted
    );
}
