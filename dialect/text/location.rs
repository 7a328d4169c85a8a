//! Locations in text: `loc(...)` after an op or a block argument, and
//! location aliases (`#loc = loc(...)`), which MLIR prints after the
//! module and so may be used before they are defined.
//!
//! Forms read: `unknown`, `"file":line:col`, `"name"` and
//! `"name"(location)`, `callsite(callee at caller)` (kept as the callee),
//! `fused<meta>[a, b, ...]` (kept as the first), `#alias`. Forms printed
//! (with `--mlir-print-debuginfo`): the first four, inline.

use super::lexer::Tok;
use super::parser::{PResult, Parser};
use super::printer::Printer;
use crate::ir::{Location, Op, Value};

/// A location as written, before aliases are resolved (indices into
/// [`Parser::loc_exprs`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum LocExpr<'s> {
    Known(Location),
    /// `#name`, referred to at the position given.
    Alias(&'s str, Location),
    /// A name over the location at the index.
    Named(crate::ir::Ident, u32),
}

/// What a written location belongs to.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LocTarget {
    Op(Op),
    Arg(Value),
}

/// How deep aliases may refer to aliases (a cycle is an error).
const MAX_ALIAS_DEPTH: u32 = 64;

impl<'s> Parser<'s, '_> {
    /// `loc(...)` if the next token starts one: the index of its
    /// expression.
    pub(super) fn parse_optional_location(&mut self) -> PResult<Option<u32>> {
        if !self.is_keyword("loc") {
            return Ok(None);
        }
        self.advance();
        self.expect(Tok::LParen, "'(' in location")?;
        let expr = self.parse_location_body()?;
        self.expect(Tok::RParen, "')' after location")?;
        Ok(Some(expr))
    }

    fn parse_location_body(&mut self) -> PResult<u32> {
        let at = self.loc();
        let expr = match self.kind() {
            Tok::HashId => {
                let name = self.id_body();
                self.advance();
                LocExpr::Alias(name, at)
            }
            Tok::String => {
                let text = self.parse_string_literal()?;
                let text = self.ctx.ident(&text);
                if self.eat(Tok::Colon) {
                    let line = self.parse_u32("line number")?;
                    self.expect(Tok::Colon, "':' and column number")?;
                    let col = self.parse_u32("column number")?;
                    LocExpr::Known(Location {
                        file: Some(text),
                        line,
                        col,
                        name: None,
                    })
                } else if self.eat(Tok::LParen) {
                    let child = self.parse_location_body()?;
                    self.expect(Tok::RParen, "')' after child location")?;
                    LocExpr::Named(text, child)
                } else {
                    LocExpr::Named(text, self.known_location(Location::UNKNOWN))
                }
            }
            Tok::BareId if self.eat_keyword("unknown") => LocExpr::Known(Location::UNKNOWN),
            Tok::BareId if self.eat_keyword("callsite") => {
                self.expect(Tok::LParen, "'(' in callsite location")?;
                let callee = self.parse_location_body()?;
                if !self.eat_keyword("at") {
                    return Err(self.error_here("expected 'at' in callsite location"));
                }
                self.parse_location_body()?;
                self.expect(Tok::RParen, "')' after callsite location")?;
                return Ok(callee);
            }
            Tok::BareId if self.eat_keyword("fused") => {
                if self.eat(Tok::Less) {
                    self.parse_attribute()?;
                    self.expect(Tok::Greater, "'>' after fused location metadata")?;
                }
                let parts = self.parse_delimited(
                    Tok::LSquare,
                    Tok::RSquare,
                    "'[' in fused location",
                    |p| p.parse_location_body(),
                )?;
                return Ok(match parts.first() {
                    Some(&first) => first,
                    None => self.known_location(Location::UNKNOWN),
                });
            }
            _ => return Err(self.error_here("expected location instance")),
        };
        self.loc_exprs.push(expr);
        Ok(self.loc_exprs.len() as u32 - 1)
    }

    fn known_location(&mut self, loc: Location) -> u32 {
        self.loc_exprs.push(LocExpr::Known(loc));
        self.loc_exprs.len() as u32 - 1
    }

    /// Gives `target` the location written at `expr` once aliases are
    /// known (see [`Parser::resolve_locations`]).
    pub(super) fn locate(&mut self, target: LocTarget, expr: Option<u32>) {
        if let Some(expr) = expr {
            self.pending_locs.push((target, expr));
        }
    }

    /// `#name = loc(...)` after `#name =`.
    pub(super) fn parse_location_alias(&mut self, name: &'s str, at: Location) -> PResult<()> {
        let expr = self.parse_optional_location()?;
        let expr = expr.ok_or_else(|| self.error_here("expected location"))?;
        if self.loc_aliases.insert(name, expr).is_some() {
            return Err(self.error_at(at, format!("redefinition of location alias id '{name}'")));
        }
        Ok(())
    }

    /// Sets every location written so far on its op or argument.
    pub(super) fn resolve_locations(&mut self) -> PResult<()> {
        for (target, expr) in std::mem::take(&mut self.pending_locs) {
            let loc = self.resolve(expr, 0)?;
            match target {
                LocTarget::Op(op) => self.ctx.set_op_loc(op, loc),
                LocTarget::Arg(arg) => self.ctx.set_arg_loc(arg, loc),
            }
        }
        Ok(())
    }

    fn resolve(&self, expr: u32, depth: u32) -> PResult<Location> {
        match self.loc_exprs[expr as usize] {
            LocExpr::Known(loc) => Ok(loc),
            LocExpr::Named(name, child) => Ok(self.resolve(child, depth)?.named(name)),
            LocExpr::Alias(name, at) => {
                let Some(&target) = self.loc_aliases.get(name) else {
                    return Err(self.error_at(at, format!("undefined location alias '#{name}'")));
                };
                if depth >= MAX_ALIAS_DEPTH {
                    return Err(
                        self.error_at(at, format!("location alias '#{name}' refers to itself"))
                    );
                }
                self.resolve(target, depth + 1)
            }
        }
    }
}

impl Printer<'_> {
    /// ` loc(...)` when printing debug information.
    pub fn print_trailing_location(&mut self, loc: Location) {
        if !self.options.debuginfo {
            return;
        }
        let ctx = self.ctx;
        self.out.push_str(" loc(");
        match loc.name {
            Some(name) => {
                self.print_quoted(ctx.str(name));
                if has_position(loc) {
                    self.out.push('(');
                    self.print_position(loc);
                    self.out.push(')');
                }
            }
            None if has_position(loc) => self.print_position(loc),
            None => self.out.push_str("unknown"),
        }
        self.out.push(')');
    }

    /// `"file":line:col`.
    fn print_position(&mut self, loc: Location) {
        use std::fmt::Write;
        let ctx = self.ctx;
        self.print_quoted(loc.file.map_or("", |f| ctx.str(f)));
        let _ = write!(self.out, ":{}:{}", loc.line, loc.col);
    }

    fn print_quoted(&mut self, text: &str) {
        self.out.push('"');
        super::print_attrs::escape_into(text, &mut self.out);
        self.out.push('"');
    }
}

/// Whether `loc` names a place in a file (a buffer's own location is line
/// 0 of it, as MLIR gives the module it wraps a buffer in).
fn has_position(loc: Location) -> bool {
    loc.file.is_some() || loc.line > 0
}
