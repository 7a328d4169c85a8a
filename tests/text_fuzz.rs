//! Mutation fuzzing of the text front end: thousands of mutated `.mlir`
//! inputs (seeded deterministically from the test files) must never panic;
//! every input that parses and verifies must print to text that parses
//! back to the same print (a fixpoint), and what the writer writes of its
//! `spirv.module`s reads back. `TEXT_FUZZ_SEED`/`TEXT_FUZZ_COUNT`
//! choose other and more inputs.

use spirv_dialect::binary::deserialize::deserialize;
use spirv_dialect::binary::serialize::serialize;
use spirv_dialect::dialects;
use spirv_dialect::text::{parse_module, print_op, PrintOptions};
use std::path::Path;
mod support;

/// xorshift64*: deterministic and dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const FRAGMENTS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    ",",
    ":",
    "=",
    "->",
    "%0",
    "%x#1",
    "^bb0",
    "^bb1:",
    "\"",
    "\"a.b\"",
    "@f",
    "@\"q\"::@g",
    "#a",
    "#x.y<",
    "!t.u<1>",
    "dense<",
    "array<i32: 1>",
    "loc(",
    "loc(#l)",
    "#l = loc(",
    "loc(\"n\"(",
    "callsite(",
    " at ",
    "fused<",
    "unknown",
    "x: ",
    "0x7FC00000",
    "-",
    "1.5e3",
    "i1",
    "si8",
    "vector<4x",
    "tuple<",
    "() -> ()",
    "\n",
    " ",
    "// -----\n",
    "{-#",
    "#-}",
    "func.func",
    "module",
    "return",
    "%a:2 =",
    "\\",
    "true",
    "unit",
    "9999999999999999999999999999999999999999",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(5) {
            0 if !bytes.is_empty() => {
                let end = (at + 1 + rng.below(8)).min(bytes.len());
                bytes.drain(at.min(end)..end);
            }
            1 => {
                let frag = FRAGMENTS[rng.below(FRAGMENTS.len())];
                bytes.splice(at..at, frag.bytes());
            }
            2 if !bytes.is_empty() => {
                let start = rng.below(bytes.len());
                let end = (start + 1 + rng.below(40)).min(bytes.len());
                let slice = bytes[start..end].to_vec();
                bytes.splice(at..at, slice);
            }
            3 if at < bytes.len() => bytes[at] = (rng.next() % 128) as u8,
            _ => bytes.truncate(at),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Ok(true) when the input was valid and round-tripped, Ok(false) when it
/// was rejected with a diagnostic.
fn check_one(text: &str) -> Result<bool, String> {
    let syntax = dialects::syntax();
    let mut ctx = dialects::context();
    let Ok(module) = parse_module(&mut ctx, &syntax, text, "fuzz.mlir", 1) else {
        return Ok(false);
    };
    if spirv_dialect::verify::verify(&ctx, module).is_err() {
        return Ok(false);
    }
    for (generic, debuginfo) in [(true, false), (false, false), (false, true)] {
        let options = PrintOptions { generic, debuginfo };
        let printed = print_op(&ctx, &syntax, module, options);
        let mut ctx2 = dialects::context();
        let again = parse_module(&mut ctx2, &syntax, &printed, "printed.mlir", 1)
            .map_err(|d| format!("printed text does not parse: {}\n{printed}", d.message))?;
        let reprinted = print_op(&ctx2, &syntax, again, options);
        if reprinted != printed {
            return Err(format!("not a fixpoint:\n{printed}\n---\n{reprinted}"));
        }
    }
    // What the writer writes of a `spirv.module` reads back.
    let regions = ctx
        .regions(module)
        .iter()
        .flat_map(|&r| ctx.region_blocks(r));
    for op in regions.flat_map(|&b| ctx.block_ops(b)) {
        if ctx.op_name_str(op) != "spirv.module" {
            continue;
        }
        if let Ok(words) = serialize(&ctx, op) {
            deserialize(&words).map_err(|e| format!("the written words do not read back: {e}"))?;
        }
    }
    Ok(true)
}

#[test]
fn mutated_text_never_panics_and_round_trips() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mlir");
    let mut seeds: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/mlir exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .flat_map(|t| t.split("// -----").map(str::to_string).collect::<Vec<_>>())
        .collect();
    seeds.sort();
    let inputs = support::seeds("TEXT_FUZZ", 20_000);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ inputs.start);
    let (mut accepted, count) = (0, inputs.end - inputs.start);
    for i in inputs {
        let seed = &seeds[i as usize % seeds.len()];
        let input = mutate(&mut rng, seed);
        let outcome = std::panic::catch_unwind(|| check_one(&input));
        match outcome {
            Ok(Ok(valid)) => accepted += valid as usize,
            Ok(Err(e)) => panic!("input #{i}:\n{input}\n=> {e}"),
            Err(_) => panic!("panic on input #{i}:\n{input}"),
        }
    }
    println!(
        "{count} mutated inputs, none panicked; {accepted} valid ones round-tripped, \
         the rest were rejected"
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let syntax = dialects::syntax();
    for text in [
        format!(
            "\"a.b\"() {{x = {}1{}}} : () -> ()",
            "[".repeat(100_000),
            "]".repeat(100_000)
        ),
        format!(
            "\"a.b\"() {{x = {}i32{}}} : () -> ()",
            "tuple<".repeat(100_000),
            ">".repeat(100_000)
        ),
        "\"a.b\"() ({".repeat(50_000),
    ] {
        let mut ctx = dialects::context();
        let result = parse_module(&mut ctx, &syntax, &text, "deep.mlir", 1);
        assert!(result.is_err());
    }
}

#[test]
fn nesting_up_to_the_limit_parses_verifies_and_prints() {
    let syntax = dialects::syntax();
    let depth = 120;
    let text = format!(
        "{}\"a.leaf\"() : () -> (){}",
        "\"a.b\"() ({\n".repeat(depth),
        "\n}) : () -> ()".repeat(depth)
    );
    let mut ctx = dialects::context();
    let module =
        parse_module(&mut ctx, &syntax, &text, "deep.mlir", 1).expect("within the nesting limit");
    spirv_dialect::verify::verify(&ctx, module).expect("verifies");
    let printed = print_op(
        &ctx,
        &syntax,
        module,
        PrintOptions {
            generic: true,
            ..Default::default()
        },
    );
    assert_eq!(printed.matches("\"a.b\"").count(), depth);
}
