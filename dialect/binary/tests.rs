//! Codec tests over the real corpus: word-for-word round trips, and
//! mutated binaries that must yield errors, never panics.

use super::*;
use std::path::{Path, PathBuf};

/// Every `.spv` under ../shared/corpus, sorted; `None` (after saying so) when absent.
pub(crate) fn corpus() -> Option<Vec<PathBuf>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !root.is_dir() {
        println!("skipped: {} is absent", root.display());
        return None;
    }
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).ok()?.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "spv") {
                files.push(path);
            }
        }
    }
    files.sort();
    Some(files)
}

pub(crate) fn read_words(path: &Path) -> Vec<u32> {
    let bytes = std::fs::read(path).expect("corpus file is readable");
    words_from_bytes(&bytes).expect("corpus file is whole words")
}

#[test]
fn decode_then_encode_reproduces_every_corpus_binary() {
    let Some(files) = corpus() else { return };
    let mut failures = Vec::new();
    for path in &files {
        let words = read_words(path);
        match decode_module(&words).map(|(header, insts)| encode_module(&header, &insts)) {
            Ok(Ok(encoded)) if encoded == words => {}
            Ok(Ok(_)) => failures.push(format!("{}: re-encoding differs", path.display())),
            Ok(Err(e)) => failures.push(format!("{}: {e}", path.display())),
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn context_dependent_literals_follow_their_type() {
    // OpTypeInt 64 1; OpTypeFloat 16; OpConstant of each; OpSwitch on a 64-bit selector.
    let words = [
        MAGIC,
        0x0001_0000,
        0,
        10,
        0,
        0x0004_0015,
        1,
        64,
        1,
        0x0003_0016,
        2,
        16,
        0x0005_002b,
        1,
        3,
        0xffff_fffe,
        0xffff_ffff,
        0x0004_002b,
        2,
        4,
        0x3c00,
        0x0006_00fb,
        3,
        5,
        7,
        0,
        6,
    ];
    let (_, insts) = decode_module(&words).expect("valid module");
    let int64 = NumberType::Int {
        width: 64,
        signed: true,
    };
    assert_eq!(
        insts[2].operands,
        vec![Operand::Number {
            bits: u64::MAX - 1,
            ty: int64
        }]
    );
    let half = NumberType::Float { width: 16 };
    assert_eq!(
        insts[3].operands,
        vec![Operand::Number {
            bits: 0x3c00,
            ty: half
        }]
    );
    assert_eq!(insts[4].operands[2], Operand::Number { bits: 7, ty: int64 });
    assert_eq!(
        encode_module(&Header::read(&words).unwrap(), &insts).unwrap(),
        words
    );
}

#[test]
fn malformed_words_are_errors_with_offsets() {
    let header = [MAGIC, 0x0001_0000, 0, 10, 0];
    let cases: [(&[u32], usize, &str); 4] = [
        (&[0x0001_ffff], 5, "unknown opcode 65535"),
        (&[0x0009_0011, 1], 5, "runs past the end"),
        (&[0x0002_0011, 99], 6, "99 is not a Capability value"),
        (&[0x0003_0005, 1, 0x6161_6161], 7, "no terminating NUL"),
    ];
    for (body, offset, message) in cases {
        let words: Vec<u32> = header.iter().chain(body).copied().collect();
        let error = decode_module(&words).expect_err("malformed");
        assert_eq!(error.offset, offset, "{error}");
        assert!(error.message.contains(message), "{error}");
    }
}

#[test]
fn big_endian_modules_read_as_little_endian_ones() {
    let words = [MAGIC, 0x0001_0000, 0, 1, 0, 0x0002_0011, 1];
    let big: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
    assert_eq!(words_from_bytes(&big).unwrap(), words);
    assert_eq!(words_from_bytes(&words_to_bytes(&words)).unwrap(), words);
    assert!(words_from_bytes(&big[..7]).is_err());
}

/// A xorshift generator: deterministic mutations without dependencies.
pub(crate) struct XorShift(pub u64);

impl XorShift {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn mutated_corpus_binaries_never_panic() {
    let Some(files) = corpus() else { return };
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let (mut decoded, mut rejected) = (0, 0);
    // Mutated modules whose uses are rejected, and accepted.
    let mut checked_uses = [0, 0];
    for path in files.iter().step_by(7) {
        let original = read_words(path);
        for _ in 0..40 {
            let mut words = original.clone();
            match rng.below(4) {
                0 => {
                    let i = rng.below(words.len());
                    words[i] ^= 1 << rng.below(32);
                }
                1 => words.truncate(rng.below(words.len())),
                2 => {
                    let i = Header::WORDS + rng.below(words.len() - Header::WORDS);
                    words[i] = (words[i] & 0xffff) | ((rng.below(12) as u32) << 16);
                }
                _ => {
                    let i = rng.below(words.len());
                    words[i] = rng.next() as u32;
                }
            }
            // The check of uses on decoded operands agrees with the one
            // that reads the words.
            if let Ok((view, decoded)) = module::ModuleView::index_decoded(&words) {
                assert_eq!(
                    decoded.as_ref().map(|d| d.0.len()).map_err(Clone::clone),
                    decode_operands(&words).map(|d| d.len()),
                    "{}",
                    path.display()
                );
                if let Ok((_, defined)) = decoded {
                    let full = view.check_uses().is_ok();
                    assert_eq!(defined, full, "{}", path.display());
                    checked_uses[usize::from(full)] += 1;
                }
            }
            match decode_module(&words) {
                Ok((header, insts)) => {
                    decoded += 1;
                    // Whatever decodes must encode back to the same words.
                    assert_eq!(
                        encode_module(&header, &insts).ok(),
                        Some(words),
                        "{}",
                        path.display()
                    );
                }
                Err(_) => rejected += 1,
            }
        }
    }
    assert!(
        rejected > 0 && decoded > 0 && checked_uses.iter().all(|&n| n > 0),
        "decoded {decoded}, rejected {rejected}, uses rejected and accepted {checked_uses:?}"
    );
}
