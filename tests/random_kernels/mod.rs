//! Random GLSL and HLSL compute kernels of data-dependent structured
//! control flow:
//! nested `if`/`else`, `for`, `while` and `do`/`while` loops with `break`
//! and `continue`, `switch` with fallthrough and `break`s out of cases (and
//! `continue`s out of a switch in a loop), early returns from the entry
//! point and from a helper with loops of its own that it calls; and in the
//! entry point a local array indexed by data, a two-component vector with
//! swizzles, a bool kept across branches, an `inout` parameter and a struct
//! passed to and returned from a function; conditions joined by `&&` and
//! `||`, nested conditional expressions, bit-counting built-ins, and
//! control-flow attributes (unroll, flatten) on loops and `if`s. Every loop is bounded, and the arithmetic
//! is defined for every input (wrapping `+`, `-`, `*`, bit operations,
//! shifts by one), so each kernel terminates with results that depend only
//! on its buffer contents.

/// The language a kernel is written in; the statements read the same in
/// both.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Glsl,
    Hlsl,
}

/// A random kernel as glslang compiles it for Vulkan 1.1 (SPIR-V 1.3):
/// its name, source and words. Even seeds are GLSL, odd ones HLSL, which
/// glslang's HLSL front end compiles to control flow of other shapes.
pub struct Compiled {
    pub name: String,
    pub source: String,
    pub words: Vec<u32>,
}

/// The kernel of `seed` compiled by `glslang`.
fn compiled(glslang: &std::path::Path, seed: u64) -> Compiled {
    let (language, file) = match seed % 2 {
        0 => (Language::Glsl, "random.comp"),
        _ => (Language::Hlsl, "random.comp.hlsl"),
    };
    let source = kernel(seed, language);
    let words = crate::support::compile_shader(glslang, &source, file, "vulkan1.1", &[])
        .unwrap_or_else(|e| panic!("glslang rejects random kernel {seed}: {e}\n{source}"));
    Compiled {
        name: format!("random kernel {seed} ({file})"),
        source,
        words,
    }
}

/// The kernel of `seed` as glslang compiles it and, for GLSL, as naga does.
pub fn compiled_all(glslang: &std::path::Path, seed: u64) -> Vec<Compiled> {
    let mut all = vec![compiled(glslang, seed)];
    if seed % 2 == 0 {
        all.push(compiled_by_naga(seed).unwrap_or_else(|e| panic!("random kernel {seed}: {e}")));
    }
    all
}

/// The GLSL kernel of `seed` as naga, a third compiler, makes it: its
/// own shapes of structured control flow, function variables with
/// initializers, and private globals. naga's GLSL front end takes no
/// control-flow attributes, so the kernel is written without them.
pub fn compiled_by_naga(seed: u64) -> Result<Compiled, String> {
    let source = generated(seed, Language::Glsl, false);
    let mut frontend = naga::front::glsl::Frontend::default();
    let options = naga::front::glsl::Options::from(naga::ShaderStage::Compute);
    let module = (frontend.parse(&options, &source)).map_err(|e| format!("naga: {e:?}"))?;
    let flags = naga::valid::ValidationFlags::all();
    let capabilities = naga::valid::Capabilities::all();
    let info = (naga::valid::Validator::new(flags, capabilities).validate(&module))
        .map_err(|e| format!("naga: {e:?}"))?;
    let options = naga::back::spv::Options::default();
    let words = naga::back::spv::write_vec(&module, &info, &options, None)
        .map_err(|e| format!("naga: {e:?}"))?;
    Ok(Compiled {
        name: format!("random kernel {seed} (random.comp by naga)"),
        source,
        words,
    })
}

/// A kernel's source made from `seed`.
pub fn kernel(seed: u64, language: Language) -> String {
    generated(seed, language, true)
}

/// A kernel's source made from `seed`, with control-flow attributes or
/// without.
fn generated(seed: u64, language: Language, attributes: bool) -> String {
    let mut generator = Generator {
        language,
        attributes,
        state: seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1,
        out: String::new(),
        loops: 0,
        statements: 0,
    };
    generator.source()
}

struct Generator {
    language: Language,
    /// Whether loops and `if`s may carry control-flow attributes.
    attributes: bool,
    state: u64,
    out: String,
    /// Loop counters declared so far (each loop gets its own).
    loops: usize,
    /// Statements written so far, to bound the kernel's size.
    statements: usize,
}

const VARIABLES: [&str; 3] = ["a", "b", "c"];

/// Where a statement is: which jumps it may take, and in which function.
#[derive(Clone, Copy)]
struct Place {
    /// Inside a loop or a switch.
    breaks: bool,
    /// Inside a loop.
    continues: bool,
    /// In `main` (returns store a result first; `mixed` may be called),
    /// else in `mixed`.
    in_main: bool,
}
const MOST_STATEMENTS: usize = 60;

impl Generator {
    fn below(&mut self, n: u64) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state % n
    }

    fn variable(&mut self) -> &'static str {
        VARIABLES[self.below(3) as usize]
    }

    fn line(&mut self, depth: usize, text: &str) {
        self.out.push_str(&"    ".repeat(depth));
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn source(&mut self) -> String {
        let vector = self.vector();
        if self.language == Language::Glsl {
            self.out.push_str("#version 450\n");
            if self.attributes {
                self.out
                    .push_str("#extension GL_EXT_control_flow_attributes : require\n");
            }
        }
        self.out.push_str(match self.language {
            Language::Glsl => {
                "layout(local_size_x = 64) in;\n\
                 layout(std430, set = 0, binding = 0) buffer Data { int values[]; };\n\
                 layout(std430, set = 0, binding = 1) buffer Results { int results[]; };\n"
            }
            Language::Hlsl => {
                "RWStructuredBuffer<int> values : register(u0);\n\
                 RWStructuredBuffer<int> results : register(u1);\n"
            }
        });
        self.out
            .push_str("int mixed(int a, int b) {\n    int c = a ^ 5;\n");
        let helper = Place {
            breaks: false,
            continues: false,
            in_main: false,
        };
        self.block(1, 2, helper);
        self.out.push_str("    return a * 3 + b - c;\n}\n");
        self.out
            .push_str("void bump(inout int x, int y) {\n    x = x * 3 + y;\n}\n");
        self.out.push_str(&format!(
            "struct Pair {{\n    int x;\n    {vector} y;\n}};\n\
             Pair shifted(Pair p, int k) {{\n    p.x += k / 3;\n    p.y = p.y.yx - {vector}(k, p.x);\n    return p;\n}}\n"
        ));
        self.out.push_str(match self.language {
            Language::Glsl => "void main() {\n    uint i = gl_GlobalInvocationID.x;\n",
            Language::Hlsl => {
                "[numthreads(64, 1, 1)]\n\
                 void main(uint3 id : SV_DispatchThreadID) {\n    uint i = id.x;\n"
            }
        });
        self.out.push_str("    int a = values[i] + int(i);\n");
        self.out
            .push_str("    int b = values[(i * 7u) % 64u] - 8;\n");
        self.out.push_str("    int c = int(i & 3u);\n");
        self.out.push_str("    int arr[4];\n");
        self.out
            .push_str("    arr[0] = a;\n    arr[1] = b;\n    arr[2] = c;\n    arr[3] = 7;\n");
        self.out
            .push_str(&format!("    {vector} v = {vector}(a, b);\n"));
        self.out.push_str("    bool flag = a > b;\n");
        self.out
            .push_str("    Pair pair;\n    pair.x = c;\n    pair.y = v;\n");
        let main = Place {
            in_main: true,
            ..helper
        };
        self.block(1, 4, main);
        self.out
            .push_str("    results[i] = a * 31 + b * 7 + c + arr[0] + arr[3] * 5 + v.x - v.y + (flag ? 1 : 0) + pair.x * 11 + pair.y.y;\n}\n");
        std::mem::take(&mut self.out)
    }

    /// A few statements at `depth` in `place`, nesting at most `nesting`
    /// deeper.
    fn block(&mut self, depth: usize, nesting: usize, place: Place) {
        let count = 1 + self.below(4);
        for _ in 0..count {
            self.statement(depth, nesting, place);
        }
    }

    fn statement(&mut self, depth: usize, nesting: usize, place: Place) {
        let in_loop = place.breaks || place.continues;
        let in_main = place.in_main;
        if in_main && self.below(4) == 0 {
            self.statements += 1;
            return self.entry_point_statement(depth);
        }
        let in_loop_body = Place {
            breaks: true,
            continues: true,
            ..place
        };
        self.statements += 1;
        let nests = nesting > 0 && self.statements < MOST_STATEMENTS;
        let choice = self.below(if nests { 12 } else { 4 });
        match choice {
            0 | 1 => {
                let (x, e) = (self.variable(), self.expression());
                self.line(depth, &format!("{x} = {e};"));
            }
            2 if in_loop => {
                let jump = match (place.breaks, place.continues) {
                    (true, true) => ["break", "continue"][self.below(2) as usize],
                    (true, false) => "break",
                    _ => "continue",
                };
                let c = self.condition();
                self.line(depth, &format!("if ({c}) {{ {jump}; }}"));
            }
            2 if in_main => {
                let (c, e) = (self.condition(), self.expression());
                self.line(depth, &format!("if ({c}) {{ results[i] = {e}; return; }}"));
            }
            2 => {
                let (c, e) = (self.condition(), self.expression());
                self.line(depth, &format!("if ({c}) {{ return {e}; }}"));
            }
            3 if in_main => {
                let (x, y, z) = (self.variable(), self.variable(), self.variable());
                self.line(depth, &format!("{x} += mixed({y}, {z});"));
            }
            3 => {
                let (x, y) = (self.variable(), self.variable());
                self.line(depth, &format!("{x} = {x} * 5 + ({y} >> 1);"));
            }
            4..=6 => {
                let c = match in_main && self.below(4) == 0 {
                    true => [
                        "flag",
                        "flag && a > b",
                        "!flag || (c & 1) == 1",
                        "mixed(a, c) > b || flag",
                    ][self.below(4) as usize]
                        .to_string(),
                    false => self.condition(),
                };
                let hint = self.hint(["flatten", "dont_flatten"], ["flatten", "branch"]);
                self.line(depth, &format!("{hint}if ({c}) {{"));
                self.block(depth + 1, nesting - 1, place);
                if self.below(2) == 0 {
                    self.line(depth, "} else {");
                    self.block(depth + 1, nesting - 1, place);
                }
                self.line(depth, "}");
            }
            7 | 8 => {
                let (k, bound) = (self.counter(), 1 + self.below(4));
                let hint = self.loop_hint();
                self.line(
                    depth,
                    &format!("{hint}for (int {k} = 0; {k} < {bound}; {k}++) {{"),
                );
                let x = self.variable();
                self.line(depth + 1, &format!("{x} += {k};"));
                self.block(depth + 1, nesting - 1, in_loop_body);
                self.line(depth, "}");
            }
            9 => {
                let (k, bound) = (self.counter(), 1 + self.below(4));
                self.line(depth, &format!("int {k} = 0;"));
                let (c, hint) = (self.condition(), self.loop_hint());
                if self.below(2) == 0 {
                    self.line(depth, &format!("{hint}while ({k} < {bound}) {{"));
                    self.line(depth + 1, &format!("{k}++;"));
                    self.block(depth + 1, nesting - 1, in_loop_body);
                    self.line(depth, "}");
                } else {
                    self.line(depth, &format!("{hint}do {{"));
                    self.line(depth + 1, &format!("{k}++;"));
                    self.block(depth + 1, nesting - 1, in_loop_body);
                    self.line(depth, &format!("}} while ({k} < {bound} && ({c}));"));
                }
            }
            _ => {
                let x = self.variable();
                self.line(depth, &format!("switch ({x} & 3) {{"));
                for case in ["case 0:", "case 1:", "case 2:", "default:"] {
                    self.line(depth, case);
                    // A `break` here leaves the switch; a `continue`, the
                    // loop around it.
                    let case = Place {
                        breaks: true,
                        ..place
                    };
                    self.block(depth + 1, nesting - 1, case);
                    if self.below(3) != 0 {
                        self.line(depth + 1, "break;");
                    }
                }
                self.line(depth, "}");
            }
        }
    }

    /// A statement of the entry point's array, vector, bool or `inout` call.
    fn entry_point_statement(&mut self, depth: usize) {
        let (x, y, e) = (self.variable(), self.variable(), self.expression());
        let vector = self.vector();
        let text = match self.below(10) {
            7 => format!("pair = shifted(pair, {e});"),
            8 => format!("{x} += pair.y.x - pair.x;"),
            9 => format!("pair.y.y = {x} / 3;"),
            0 => format!("arr[{x} & 3] = {e};"),
            1 => format!("{x} = arr[{y} & 3] + {x};"),
            2 => format!("v = v.yx + {vector}({x}, 1);"),
            3 => format!("{x} ^= v.x - v.y;"),
            4 => "flag = !flag;".to_string(),
            5 => format!("flag = flag != ({x} > {y});"),
            _ => format!("bump({x}, {e});"),
        };
        self.line(depth, &text);
    }

    fn vector(&self) -> &'static str {
        match self.language {
            Language::Glsl => "ivec2",
            Language::Hlsl => "int2",
        }
    }

    /// Now and then a control-flow attribute (GLSL's
    /// `GL_EXT_control_flow_attributes` or HLSL's), which becomes the
    /// construct's selection or loop control.
    fn hint(&mut self, glsl: [&str; 2], hlsl: [&str; 2]) -> String {
        let pick = self.below(6) as usize;
        match (pick, self.language) {
            _ if !self.attributes => String::new(),
            (2.., _) => String::new(),
            (_, Language::Glsl) => format!("[[{}]] ", glsl[pick]),
            (_, Language::Hlsl) => format!("[{}] ", hlsl[pick]),
        }
    }

    fn loop_hint(&mut self) -> String {
        self.hint(["unroll", "dont_unroll"], ["unroll", "loop"])
    }

    fn counter(&mut self) -> String {
        self.loops += 1;
        format!("k{}", self.loops)
    }

    fn expression(&mut self) -> String {
        let (x, y) = (self.variable(), self.variable());
        let constant = self.below(9) as i64 - 4;
        match self.below(11) {
            8 => {
                let c = self.condition();
                format!("(({c}) ? {x} : {y} - 1)")
            }
            10 => {
                let [count, msb, reverse] = match self.language {
                    Language::Glsl => ["bitCount", "findMSB", "bitfieldReverse"],
                    Language::Hlsl => ["countbits", "firstbithigh", "reversebits"],
                };
                match self.below(3) {
                    0 => format!("int({count}(uint({x}))) + {y}"),
                    1 => format!("int({msb}({x})) - {y}"),
                    _ => format!("int({reverse}(uint({x}))) ^ {y}"),
                }
            }
            9 => {
                let (c, d) = (self.comparison(), self.comparison());
                format!("(({c}) ? {x} * 2 : (({d}) ? {y} : {constant}))")
            }
            0 => format!("{x} + {y} + {constant}"),
            1 => format!("{x} * 3 - {y}"),
            2 => format!("{x} ^ ({y} << 1)"),
            3 => format!("({x} >> 1) + ({y} & 15)"),
            4 => format!("min({x}, {y}) + {constant}"),
            5 => format!("max({x}, {y} - 2)"),
            6 => format!("{x} - {y} * {constant}"),
            _ => format!("abs({x} & 255) - {y}"),
        }
    }

    /// A comparison, or two joined by `&&` or `||` (short-circuit
    /// evaluation, which becomes a selection with a merge phi).
    fn condition(&mut self) -> String {
        match self.below(7) {
            5 => {
                let (l, r) = (self.comparison(), self.comparison());
                format!("({l}) && ({r})")
            }
            6 => {
                let (l, r) = (self.comparison(), self.comparison());
                format!("({l}) || !({r})")
            }
            _ => self.comparison(),
        }
    }

    fn comparison(&mut self) -> String {
        let (x, y) = (self.variable(), self.variable());
        let constant = self.below(16);
        match self.below(5) {
            0 => format!("({x} & 3) == {}", constant & 3),
            1 => format!("{x} > {y}"),
            2 => format!("({x} ^ {y}) < {constant}"),
            3 => format!("{x} != {y} + 1"),
            _ => format!("({x} & 1) == 1"),
        }
    }
}
