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

use super::syntax::Syntax;
use crate::ir::hash::FastMap;
use crate::ir::{Block, Context, Op, Region, Type, Value};

/// Printing choices.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Print every op in generic form (`--mlir-print-op-generic`).
    pub generic: bool,
}

#[derive(Clone, Copy)]
enum ValueName {
    Arg(u32),
    /// A single result or block argument `%N`.
    Plain(u32),
    /// Result `#index` of a multi-result op.
    Grouped(u32, u32),
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
        }
    }

    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    // ----- naming -----------------------------------------------------------

    fn number_names(&mut self, top: Op) {
        let (mut next_value, mut next_arg) = (0u32, 0u32);
        self.number_results(top, &mut next_value);
        let mut stack: Vec<(Region, u32, u32)> = self
            .ctx
            .regions(top)
            .iter()
            .map(|&r| (r, next_value, next_arg))
            .collect();
        while let Some((region, value_id, arg_id)) = stack.pop() {
            if !self.options.generic {
                (next_value, next_arg) = (value_id, arg_id);
            }
            let blocks = self.ctx.region_blocks(region);
            for (i, &block) in blocks.iter().enumerate() {
                self.blocks.insert(block, i as u32);
            }
            for (i, &block) in blocks.iter().enumerate() {
                for &arg in self.ctx.block_args(block) {
                    let name = if i == 0 {
                        next_arg += 1;
                        ValueName::Arg(next_arg - 1)
                    } else {
                        next_value += 1;
                        ValueName::Plain(next_value - 1)
                    };
                    self.values.insert(arg, name);
                }
                for op in self.ctx.block_ops(block) {
                    self.number_results(op, &mut next_value);
                }
            }
            for &block in blocks {
                for op in self.ctx.block_ops(block) {
                    for &r in self.ctx.regions(op) {
                        stack.push((r, next_value, next_arg));
                    }
                }
            }
        }
    }

    fn number_results(&mut self, op: Op, next_value: &mut u32) {
        let results = self.ctx.results(op);
        if results.is_empty() {
            return;
        }
        for (i, &r) in results.iter().enumerate() {
            self.values.insert(
                r,
                if results.len() == 1 {
                    ValueName::Plain(*next_value)
                } else {
                    ValueName::Grouped(*next_value, i as u32)
                },
            );
        }
        *next_value += 1;
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
        if !self.options.generic {
            let format = self.syntax.format(self.ctx.op_name_str(op));
            if let Some(format) = format.filter(|f| f.represents(self.ctx, op)) {
                format.print(self, op);
                return;
            }
        }
        self.print_generic_body(op);
    }

    fn print_generic_body(&mut self, op: Op) {
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
