//! Symbol rules: names are unique within a symbol table, and every symbol
//! reference attribute on a registered op resolves from the op's position,
//! and what it names fits the op's rule for its symbol uses.

use super::op_error;
use crate::ir::symbols::{SymbolTable, SymbolTables};
use crate::ir::{Context, Diagnostic, Op, WalkControl};

pub(super) fn verify_symbols(ctx: &Context, top: Op) -> Result<(), Diagnostic> {
    let mut tables = SymbolTables::default();
    let mut result = Ok(());
    let mut refs = Vec::new();
    ctx.walk_pre(top, &mut |op| {
        if ctx.is_symbol_table(op) {
            match SymbolTable::build(ctx, op) {
                Ok(_) => {}
                Err((name, first, second)) => {
                    let message = format!("redefinition of symbol named '{}'", ctx.str(name));
                    result = Err(op_error(ctx, second, message)
                        .with_note(ctx.op_loc(first), "see existing symbol definition here"));
                    return WalkControl::Stop;
                }
            }
        }
        refs.clear();
        // Only registered ops say what their references mean (an
        // unregistered op may hold its own symbol table).
        let Some(info) = ctx.op_info(ctx.op_name(op)) else {
            return WalkControl::Continue;
        };
        ctx.symbol_refs(op, &mut refs);
        for &r in &refs {
            if tables.resolve(ctx, op, r).is_none() {
                let text =
                    crate::text::printer::attr_to_string(ctx, &crate::text::Syntax::default(), r);
                result = Err(op_error(
                    ctx,
                    op,
                    format!("symbol reference '{text}' does not resolve"),
                ));
                return WalkControl::Stop;
            }
        }
        if let Some(check) = info.symbol_uses {
            if let Err(message) = check(ctx, op, &mut |r| tables.resolve(ctx, op, r)) {
                result = Err(op_error(ctx, op, message));
                return WalkControl::Stop;
            }
        }
        WalkControl::Continue
    });
    result
}
