//! The pass manager: passes are registered under MLIR-style flag names
//! (`--symbol-dce`, `--some-pass=opt=1`) and can be nested on ops of a given
//! name with MLIR's textual pipelines
//! (`--pass-pipeline=builtin.module(spirv.module(some-pass{opt=1}))`).

use super::context::{Context, Op};
use super::diagnostic::Diagnostic;

/// A transformation run on one op.
pub trait Pass {
    /// The flag name, e.g. `symbol-dce`.
    fn argument(&self) -> &'static str;
    fn run(&mut self, ctx: &mut Context, op: Op) -> Result<(), Diagnostic>;
}

/// How to build a pass from its options text (`a=1 b=2`, possibly empty).
pub type PassFactory = fn(&str) -> Result<Box<dyn Pass>, String>;

/// A registered pass.
#[derive(Clone, Copy)]
pub struct PassInfo {
    pub argument: &'static str,
    pub description: &'static str,
    pub create: PassFactory,
}

/// The passes a tool knows, by flag name.
#[derive(Default, Clone)]
pub struct PassRegistry {
    infos: Vec<PassInfo>,
}

impl PassRegistry {
    pub fn register(&mut self, info: PassInfo) {
        self.infos.retain(|i| i.argument != info.argument);
        self.infos.push(info);
    }
    pub fn lookup(&self, argument: &str) -> Option<&PassInfo> {
        self.infos.iter().find(|i| i.argument == argument)
    }
    pub fn infos(&self) -> &[PassInfo] {
        &self.infos
    }
}

enum Item {
    Pass(Box<dyn Pass>),
    /// Runs on every op with this name directly nested in the current op.
    Nested(String, Vec<Item>),
}

/// An ordered pipeline of passes.
#[derive(Default)]
pub struct PassManager {
    items: Vec<Item>,
}

/// Checks the IR between passes (the verifier, normally).
pub type Checker<'a> = &'a dyn Fn(&Context, Op) -> Result<(), Diagnostic>;

impl PassManager {
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Adds the pass named by one flag (`--name` or `--name=options`), or
    /// every pass of a `--pass-pipeline=...`. Returns false when the flag
    /// names no pass.
    pub fn add_flag(&mut self, registry: &PassRegistry, flag: &str) -> Result<bool, String> {
        let Some(body) = flag.strip_prefix("--").or_else(|| flag.strip_prefix('-')) else {
            return Ok(false);
        };
        if let Some(pipeline) = body.strip_prefix("pass-pipeline=") {
            let pipeline = pipeline.trim_matches(|c| c == '"' || c == '\'');
            let mut parser = PipelineParser {
                text: pipeline,
                pos: 0,
                registry,
            };
            let items = parser.parse_list(None)?;
            self.items.extend(items);
            return Ok(true);
        }
        let (name, options) = body.split_once('=').unwrap_or((body, ""));
        let Some(info) = registry.lookup(name) else {
            return Ok(false);
        };
        self.items
            .push(Item::Pass((info.create)(options.trim_matches('"'))?));
        Ok(true)
    }

    /// Runs the pipeline on `op`, checking the IR after each pass. A
    /// top-level nested pipeline anchored on `op`'s own name (as in
    /// `builtin.module(...)`) runs on `op` itself.
    pub fn run(&mut self, ctx: &mut Context, op: Op, check: Checker) -> Result<(), Diagnostic> {
        for item in &mut self.items {
            match item {
                Item::Nested(anchor, nested) if ctx.op_name_str(op) == anchor => {
                    run_items(nested, ctx, op, check)?;
                }
                other => run_items(std::slice::from_mut(other), ctx, op, check)?,
            }
        }
        Ok(())
    }
}

fn run_items(
    items: &mut [Item],
    ctx: &mut Context,
    op: Op,
    check: Checker,
) -> Result<(), Diagnostic> {
    for item in items {
        match item {
            Item::Pass(pass) => {
                pass.run(ctx, op)?;
                check(ctx, op)?;
            }
            Item::Nested(anchor, nested) => {
                let mut targets = Vec::new();
                for &region in ctx.regions(op) {
                    for &block in ctx.region_blocks(region) {
                        targets.extend(
                            ctx.block_ops(block)
                                .filter(|&o| ctx.op_name_str(o) == anchor),
                        );
                    }
                }
                for target in targets {
                    run_items(nested, ctx, target, check)?;
                }
            }
        }
    }
    Ok(())
}

/// Parses `anchor(pass{opts}, anchor2(pass2))` lists.
struct PipelineParser<'a> {
    text: &'a str,
    pos: usize,
    registry: &'a PassRegistry,
}

impl PipelineParser<'_> {
    fn parse_list(&mut self, close: Option<char>) -> Result<Vec<Item>, String> {
        let mut items = Vec::new();
        loop {
            self.skip_spaces();
            let start = self.pos;
            let rest = &self.text[start..];
            let len = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
                .unwrap_or(rest.len());
            if len == 0 {
                return Err(format!(
                    "expected a pass or op name at offset {start} of the pipeline"
                ));
            }
            let name = &rest[..len];
            self.pos += len;
            match self.peek() {
                Some('(') => {
                    self.pos += 1;
                    let nested = self.parse_list(Some(')'))?;
                    items.push(Item::Nested(name.to_string(), nested));
                }
                next => {
                    let mut options = "";
                    if next == Some('{') {
                        let body = &self.text[self.pos + 1..];
                        let end = body.find('}').ok_or("unterminated `{` in pass options")?;
                        options = &body[..end];
                        self.pos += end + 2;
                    }
                    let info = self
                        .registry
                        .lookup(name)
                        .ok_or(format!("unknown pass `{name}`"))?;
                    items.push(Item::Pass((info.create)(options)?));
                }
            }
            self.skip_spaces();
            match (self.peek(), close) {
                (Some(','), _) => self.pos += 1,
                (Some(c), Some(expected)) if c == expected => {
                    self.pos += 1;
                    return Ok(items);
                }
                (None, None) => return Ok(items),
                (found, _) => {
                    return Err(format!(
                        "unexpected {found:?} at offset {} of the pipeline",
                        self.pos
                    ));
                }
            }
        }
    }
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }
    fn skip_spaces(&mut self) {
        while self.peek() == Some(' ') {
            self.pos += 1;
        }
    }
}
