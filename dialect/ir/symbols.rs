//! Symbol tables and symbol references: ops with the `SYMBOL_TABLE` trait own
//! a region whose ops may define symbols (a `sym_name` string attribute);
//! `@a::@b` references resolve through nested tables.

use super::attributes::AttrData;
use super::context::{Attr, Context, Ident, Op};
use super::hash::FastMap;
use super::registry::OpTraits;

/// The symbols defined directly in one symbol-table op, in definition order.
pub struct SymbolTable {
    by_name: FastMap<Ident, Op>,
}

/// The name under which an op defines a symbol.
pub const SYM_NAME: &str = "sym_name";

impl SymbolTable {
    /// Collects the symbols of `table`; fails on the first duplicate with
    /// `(name, first definition, redefinition)`.
    pub fn build(ctx: &Context, table: Op) -> Result<SymbolTable, (Ident, Op, Op)> {
        let mut by_name = FastMap::default();
        for &region in ctx.regions(table) {
            for &block in ctx.region_blocks(region) {
                for op in ctx.block_ops(block) {
                    if let Some(name) = ctx.symbol_name(op) {
                        if let Some(first) = by_name.insert(name, op) {
                            return Err((name, first, op));
                        }
                    }
                }
            }
        }
        Ok(SymbolTable { by_name })
    }

    pub fn lookup(&self, name: Ident) -> Option<Op> {
        self.by_name.get(&name).copied()
    }
}

impl Context {
    /// The symbol an op defines, if it has a string `sym_name`.
    pub fn symbol_name(&self, op: Op) -> Option<Ident> {
        match *self.attr_data(self.attr(op, SYM_NAME)?) {
            AttrData::String(s) => Some(s),
            _ => None,
        }
    }

    /// Appends to `out` every symbol reference `op`'s properties and
    /// attributes hold, those nested in arrays and dictionaries included.
    pub fn symbol_refs(&self, op: Op, out: &mut Vec<Attr>) {
        for dict in [self.properties(op), Some(self.attributes(op))]
            .into_iter()
            .flatten()
        {
            self.collect_symbol_refs(dict, out);
        }
    }

    fn collect_symbol_refs(&self, attr: Attr, out: &mut Vec<Attr>) {
        match self.attr_data(attr) {
            AttrData::SymbolRef { .. } => out.push(attr),
            AttrData::Array(elems) => elems.iter().for_each(|&e| self.collect_symbol_refs(e, out)),
            AttrData::Dictionary(entries) => entries
                .iter()
                .for_each(|&(_, e)| self.collect_symbol_refs(e, out)),
            _ => {}
        }
    }

    /// Whether `op` is a registered symbol-table op.
    pub fn is_symbol_table(&self, op: Op) -> bool {
        self.has_traits(op, OpTraits::SYMBOL_TABLE)
    }

    /// The closest symbol-table op enclosing `op` (not `op` itself).
    pub fn enclosing_symbol_table(&self, op: Op) -> Option<Op> {
        let mut cur = self.parent_op(op);
        while let Some(p) = cur {
            if self.is_symbol_table(p) {
                return Some(p);
            }
            cur = self.parent_op(p);
        }
        None
    }

    /// Resolves a symbol reference attribute seen from `from` (see
    /// [`SymbolTables::resolve`]).
    pub fn resolve_symbol_ref(&self, from: Op, reference: Attr) -> Option<Op> {
        SymbolTables::default().resolve(self, from, reference)
    }
}

/// Symbol tables built on demand and cached, for many look-ups.
#[derive(Default)]
pub struct SymbolTables {
    tables: FastMap<Op, SymbolTable>,
}

impl SymbolTables {
    /// The symbols of `table` (the first definition wins on duplicates).
    pub fn table(&mut self, ctx: &Context, table: Op) -> &SymbolTable {
        self.tables.entry(table).or_insert_with(|| {
            let mut by_name = FastMap::default();
            for &region in ctx.regions(table) {
                for &block in ctx.region_blocks(region) {
                    for op in ctx.block_ops(block) {
                        if let Some(name) = ctx.symbol_name(op) {
                            by_name.entry(name).or_insert(op);
                        }
                    }
                }
            }
            SymbolTable { by_name }
        })
    }

    /// Resolves a symbol reference seen from `from`: the root is searched in
    /// the nearest enclosing symbol table, then in the ones around it;
    /// nested names descend into nested tables.
    pub fn resolve(&mut self, ctx: &Context, from: Op, reference: Attr) -> Option<Op> {
        let AttrData::SymbolRef { root, nested } = ctx.attr_data(reference) else {
            return None;
        };
        let mut table = ctx.enclosing_symbol_table(from);
        while let Some(t) = table {
            if let Some(found) = self.table(ctx, t).lookup(*root) {
                return nested.iter().try_fold(found, |scope, &name| {
                    if ctx.is_symbol_table(scope) {
                        self.table(ctx, scope).lookup(name)
                    } else {
                        None
                    }
                });
            }
            table = ctx.enclosing_symbol_table(t);
        }
        None
    }
}
