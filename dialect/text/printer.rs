//! The MLIR printer: ops in generic form (or through a custom format), with
//! value and block names assigned as MLIR 19 assigns them.
//!
//! Naming: regions are numbered from a stack seeded with the top op's
//! regions; each popped region numbers its blocks `^bb0..` and its values
//! (entry-block arguments `%argN`, other block arguments and op results
//! `%N`), then pushes the regions of its ops. In the generic form the
//! counters run on across the whole print (MLIR's unique ids); in custom
//! form each region restarts from the counters its parent had when it was
//! pushed.
//!
//! In custom form, ops with a result namer (see [`Syntax::add_result_namer`])
//! name their result instead of numbering it; a name already used in the
//! region or an enclosing one gets the suffix `_N` from a conflict counter
//! kept like the value counters.

use super::syntax::Syntax;
use crate::ir::hash::FastMap;
use crate::ir::{Block, Context, Op, Region, Type, Value};

/// Printing choices.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Print every op in generic form (`--mlir-print-op-generic`).
    pub generic: bool,
    /// Print the location of every op and block argument
    /// (`--mlir-print-debuginfo`).
    pub debuginfo: bool,
}

#[derive(Clone, Copy)]
enum ValueName {
    Arg(u32),
    /// A single result or block argument `%N`.
    Plain(u32),
    /// Result `#index` of a multi-result op.
    Grouped(u32, u32),
    /// A name given by the op's result namer (an index into `names`).
    Named(u32),
}

/// The counters a region's numbering starts from.
#[derive(Clone, Copy)]
struct Counters {
    value: u32,
    arg: u32,
    conflict: u32,
}

/// Names used in one region, seen by the regions nested in it.
struct NameScope {
    parent: Option<usize>,
    used: std::collections::HashSet<String>,
}

/// Output buffer plus naming state; custom formats and dialect hooks print
/// through it.
pub struct Printer<'a> {
    pub ctx: &'a Context,
    pub syntax: &'a Syntax,
    pub out: String,
    pub options: PrintOptions,
    indent: usize,
    values: FastMap<Value, ValueName>,
    blocks: FastMap<Block, u32>,
    names: Vec<String>,
    scopes: Vec<NameScope>,
}

/// Prints `op` (normally a module) followed by a newline.
pub fn print_op(ctx: &Context, syntax: &Syntax, op: Op, options: PrintOptions) -> String {
    let mut p = Printer::new(ctx, syntax, options);
    p.number_names(op);
    p.print_operation(op);
    p.out.push('\n');
    p.out
}

/// A type as text (for messages).
pub fn type_to_string(ctx: &Context, syntax: &Syntax, ty: Type) -> String {
    let mut p = Printer::new(ctx, syntax, PrintOptions::default());
    p.print_type(ty);
    p.out
}

/// An attribute as text (for messages).
pub fn attr_to_string(ctx: &Context, syntax: &Syntax, attr: crate::ir::Attr) -> String {
    let mut p = Printer::new(ctx, syntax, PrintOptions::default());
    p.print_attr(attr);
    p.out
}

impl<'a> Printer<'a> {
    pub fn new(ctx: &'a Context, syntax: &'a Syntax, options: PrintOptions) -> Self {
        Printer {
            ctx,
            syntax,
            out: String::new(),
            options,
            indent: 0,
            values: FastMap::default(),
            blocks: FastMap::default(),
            names: Vec::new(),
            scopes: Vec::new(),
        }
    }

    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    // ----- naming -----------------------------------------------------------

    fn number_names(&mut self, top: Op) {
        let mut next = Counters {
            value: 0,
            arg: 0,
            conflict: 0,
        };
        self.scopes.push(NameScope {
            parent: None,
            used: Default::default(),
        });
        self.number_results(top, &mut next, 0);
        let mut stack: Vec<(Region, Counters, usize)> = self
            .ctx
            .regions(top)
            .iter()
            .map(|&r| (r, next, 0))
            .collect();
        while let Some((region, start, parent_scope)) = stack.pop() {
            if !self.options.generic {
                next = start;
            }
            let scope = self.scopes.len();
            self.scopes.push(NameScope {
                parent: Some(parent_scope),
                used: Default::default(),
            });
            let blocks = self.ctx.region_blocks(region);
            for (i, &block) in blocks.iter().enumerate() {
                self.blocks.insert(block, i as u32);
            }
            for (i, &block) in blocks.iter().enumerate() {
                for &arg in self.ctx.block_args(block) {
                    let name = if i == 0 {
                        next.arg += 1;
                        ValueName::Arg(next.arg - 1)
                    } else {
                        next.value += 1;
                        ValueName::Plain(next.value - 1)
                    };
                    self.values.insert(arg, name);
                }
                for op in self.ctx.block_ops(block) {
                    self.number_results(op, &mut next, scope);
                }
            }
            for &block in blocks {
                for op in self.ctx.block_ops(block) {
                    for &r in self.ctx.regions(op) {
                        stack.push((r, next, scope));
                    }
                }
            }
        }
    }

    fn number_results(&mut self, op: Op, next: &mut Counters, scope: usize) {
        let results = self.ctx.results(op);
        if results.is_empty() {
            return;
        }
        let namer = if self.options.generic {
            None
        } else {
            self.syntax.result_namer(self.ctx.op_name_str(op))
        };
        if let (&[result], Some(name)) = (results, namer.and_then(|n| n(self.ctx, op))) {
            let name = self.unique_name(&sanitize_name(&name), &mut next.conflict, scope);
            self.values
                .insert(result, ValueName::Named(self.names.len() as u32));
            self.names.push(name);
            return;
        }
        for (i, &r) in results.iter().enumerate() {
            self.values.insert(
                r,
                if results.len() == 1 {
                    ValueName::Plain(next.value)
                } else {
                    ValueName::Grouped(next.value, i as u32)
                },
            );
        }
        next.value += 1;
    }

    /// `name`, or `name_N` with the next free conflict number when `name`
    /// is taken in `scope` or an enclosing one; recorded in `scope`.
    fn unique_name(&mut self, name: &str, conflict: &mut u32, scope: usize) -> String {
        let taken = |scopes: &[NameScope], candidate: &str| {
            let mut at = Some(scope);
            while let Some(s) = at {
                if scopes[s].used.contains(candidate) {
                    return true;
                }
                at = scopes[s].parent;
            }
            false
        };
        let mut unique = name.to_string();
        while taken(&self.scopes, &unique) {
            unique = format!("{name}_{conflict}");
            *conflict += 1;
        }
        self.scopes[scope].used.insert(unique.clone());
        unique
    }

    /// Prints a value's name (`%3`, `%arg0`, `%5#1`).
    pub fn print_value(&mut self, v: Value) {
        use std::fmt::Write;
        match self.values.get(&v) {
            Some(ValueName::Arg(n)) => {
                let _ = write!(self.out, "%arg{n}");
            }
            Some(ValueName::Plain(n)) => {
                let _ = write!(self.out, "%{n}");
            }
            Some(ValueName::Grouped(n, i)) => {
                let _ = write!(self.out, "%{n}#{i}");
            }
            Some(ValueName::Named(i)) => {
                self.out.push('%');
                self.out.push_str(&self.names[*i as usize]);
            }
            None => self.out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }

    pub fn print_block_name(&mut self, block: Block) {
        use std::fmt::Write;
        match self.blocks.get(&block) {
            Some(n) => {
                let _ = write!(self.out, "^bb{n}");
            }
            None => self.out.push_str("<<UNKNOWN BLOCK>>"),
        }
    }

    /// Prints values separated by `, `.
    pub fn print_value_list(&mut self, values: impl IntoIterator<Item = Value>) {
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_value(v);
        }
    }

    /// Prints types separated by `, `.
    pub fn print_type_list(&mut self, types: impl IntoIterator<Item = Type>) {
        for (i, t) in types.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(t);
        }
    }

    // ----- ops --------------------------------------------------------------

    fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push(' ');
        }
    }

    /// Prints an op (results, then its generic or custom form) without a
    /// trailing newline.
    pub fn print_operation(&mut self, op: Op) {
        let results = self.ctx.results(op);
        if let Some(&first) = results.first() {
            use std::fmt::Write;
            match self.values.get(&first) {
                Some(&ValueName::Grouped(n, _)) => {
                    let _ = write!(self.out, "%{n}:{}", results.len());
                }
                _ => self.print_value(first),
            }
            self.out.push_str(" = ");
        }
        let custom = (!self.options.generic)
            .then(|| (self.syntax).format_for(self.ctx, self.ctx.op_name_str(op), op))
            .flatten();
        match custom {
            Some(format) => format.print(self, op),
            None => self.print_generic_body(op),
        }
        self.print_trailing_location(self.ctx.op_loc(op));
    }

    /// Prints `op` in generic form, without its result names.
    pub fn print_generic_body(&mut self, op: Op) {
        let ctx = self.ctx;
        self.out.push('"');
        super::print_attrs::escape_into(ctx.op_name_str(op), &mut self.out);
        self.out.push_str("\"(");
        self.print_value_list(ctx.operands(op));
        self.out.push(')');
        let successors = ctx.successors(op);
        if !successors.is_empty() {
            self.out.push('[');
            for (i, &b) in successors.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_block_name(b);
            }
            self.out.push(']');
        }
        if let Some(props) = ctx.properties(op) {
            self.out.push_str(" <");
            self.print_attr(props);
            self.out.push('>');
        }
        let regions = ctx.regions(op);
        if !regions.is_empty() {
            self.out.push_str(" (");
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region(r, true, true);
            }
            self.out.push(')');
        }
        let attrs = ctx.attributes(op);
        if !ctx.dict_entries(attrs).is_empty() {
            self.out.push(' ');
            self.print_attr(attrs);
        }
        self.out.push_str(" : (");
        self.print_type_list(ctx.operands(op).map(|v| ctx.value_type(v)));
        self.out.push_str(") -> ");
        let result_types: Vec<Type> = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
        self.print_result_types(&result_types);
    }

    /// `{ blocks }`; the entry block's label is printed when it has
    /// arguments (and `entry_label` is set) or when it is empty (and
    /// `empty_label` is set, as in the generic form).
    pub fn print_region(&mut self, region: Region, entry_label: bool, empty_label: bool) {
        let ctx = self.ctx;
        self.out.push('{');
        let blocks = ctx.region_blocks(region);
        let mut preds: FastMap<Block, Vec<u32>> = FastMap::default();
        if blocks.len() > 1 {
            for (i, &block) in blocks.iter().enumerate() {
                for op in ctx.block_ops(block) {
                    for &s in ctx.successors(op) {
                        preds.entry(s).or_default().push(i as u32);
                    }
                }
            }
        }
        for (i, &block) in blocks.iter().enumerate() {
            let empty = ctx.first_op(block).is_none();
            let has_args = !ctx.block_args(block).is_empty();
            if i > 0 || (entry_label && has_args) || (empty && empty_label) {
                self.newline();
                self.print_block_label(block);
                if i > 0 {
                    self.print_pred_comment(preds.get_mut(&block));
                }
            }
            self.indent += 2;
            for op in ctx.block_ops(block) {
                self.newline();
                self.print_operation(op);
            }
            self.indent -= 2;
        }
        self.newline();
        self.out.push('}');
    }

    fn print_block_label(&mut self, block: Block) {
        let ctx = self.ctx;
        self.print_block_name(block);
        let args = ctx.block_args(block);
        if !args.is_empty() {
            self.out.push('(');
            for (i, &a) in args.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_value(a);
                self.out.push_str(": ");
                self.print_type(ctx.value_type(a));
                if let Some(attrs) = ctx.arg_attrs(a) {
                    self.out.push(' ');
                    self.print_attr(attrs);
                }
                self.print_trailing_location(ctx.arg_loc(a));
            }
            self.out.push(')');
        }
        self.out.push(':');
    }

    fn print_pred_comment(&mut self, preds: Option<&mut Vec<u32>>) {
        use std::fmt::Write;
        match preds {
            None => self.out.push_str("  // no predecessors"),
            Some(list) if list.len() == 1 => {
                let _ = write!(self.out, "  // pred: ^bb{}", list[0]);
            }
            Some(list) => {
                list.sort_unstable();
                let _ = write!(self.out, "  // {} preds: ", list.len());
                for (i, p) in list.iter().enumerate() {
                    let sep = if i > 0 { ", " } else { "" };
                    let _ = write!(self.out, "{sep}^bb{p}");
                }
            }
        }
    }

    /// Result types after `->`: one non-function type bare, else in parens.
    pub fn print_result_types(&mut self, types: &[Type]) {
        let bare = types.len() == 1 && self.ctx.as_function(types[0]).is_none();
        if bare {
            self.print_type(types[0]);
        } else {
            self.out.push('(');
            self.print_type_list(types.iter().copied());
            self.out.push(')');
        }
    }
}

/// A result name as MLIR keeps it: spaces become `_`, other characters
/// outside `[A-Za-z0-9_$.-]` their hex code (`(` → `28`), and a name that
/// would start with a digit gets a `_` before it (MLIR checks the first
/// character before encoding, so `@x` gives it the unparsable `40x`).
fn sanitize_name(name: &str) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(name.len() + 1);
    for c in name.chars() {
        match c {
            c if c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-') => out.push(c),
            ' ' => out.push('_'),
            c => {
                let mut buf = [0u8; 4];
                for byte in c.encode_utf8(&mut buf).bytes() {
                    let _ = write!(out, "{byte:02X}");
                }
            }
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}
