//! The MLIR parser core: tokens, diagnostics, ops in generic and custom form,
//! regions, blocks and SSA name scopes (with forward references). Types and
//! attributes are parsed in `parse_types.rs` and `parse_attrs.rs`.

use super::lexer::{Lexer, Tok, Token};
use super::location::{LocExpr, LocTarget};
use super::syntax::Syntax;
use crate::ir::builtin::MODULE;
use crate::ir::hash::FastMap;
use crate::ir::{Attr, Block, Context, Diagnostic, Ident, Location, Op, OpSpec, Type, Value};

pub type PResult<T> = Result<T, Diagnostic>;

/// Deepest region nesting accepted (keeps recursion bounded on any input).
pub(super) const MAX_DEPTH: u32 = 128;

/// A `%name` or `%name#N` operand not yet given its type.
#[derive(Clone, Copy, Debug)]
pub struct OperandRef<'s> {
    pub name: &'s str,
    pub number: u32,
    pub loc: Location,
}

/// A block argument declared in a block label or a custom signature.
#[derive(Clone, Copy, Debug)]
pub struct ArgDecl<'s> {
    pub name: &'s str,
    pub ty: Type,
    pub loc: Location,
    /// The location written after it (`loc(...)`), as an index into the
    /// parser's location expressions.
    pub debug_loc: Option<u32>,
}

/// An op parsed but not yet created: custom formats fill one in.
pub struct ParsedOp<'s> {
    pub spec: OpSpec,
    pub operands: Vec<OperandRef<'s>>,
    pub operand_types: Vec<Type>,
    pub regions: Vec<Vec<Block>>,
}

pub(super) struct Scope<'s> {
    pub(super) isolated: bool,
    /// name → (start, len) into `Parser::defined`.
    pub(super) values: FastMap<&'s str, (u32, u32)>,
    pub(super) forward: FastMap<(&'s str, u32), (Value, Location)>,
    pub(super) forward_order: Vec<(&'s str, u32)>,
    /// Block labels of the region being parsed: (block, defined, first use).
    pub(super) blocks: FastMap<&'s str, (Block, bool, Location)>,
}

/// Parser over one buffer, creating IR in a context.
pub struct Parser<'s, 'c> {
    pub ctx: &'c mut Context,
    pub syntax: &'c Syntax,
    pub(super) src: &'s str,
    pub(super) lex: Lexer<'s>,
    pub(super) tok: Token,
    pub(super) file: Option<Ident>,
    pub(super) line_offset: u32,
    pub(super) scopes: Vec<Scope<'s>>,
    pub(super) defined: Vec<Value>,
    pub(crate) type_aliases: FastMap<&'s str, Type>,
    pub(crate) attr_aliases: FastMap<&'s str, Attr>,
    /// Locations as written (see [`super::location`]), the aliases
    /// defined so far, and what each written location belongs to.
    pub(super) loc_exprs: Vec<LocExpr<'s>>,
    pub(super) loc_aliases: FastMap<&'s str, u32>,
    pub(super) pending_locs: Vec<(LocTarget, u32)>,
    pub(super) depth: u32,
    /// Default dialect of each enclosing region's owner (innermost last).
    pub(super) default_dialects: Vec<Option<&'c str>>,
}

/// Parses a whole buffer into a `builtin.module` (wrapping the top-level ops
/// in one unless the buffer is a single module). `first_line` numbers the
/// buffer's first line (for `--split-input-file` chunks).
pub fn parse_module(
    ctx: &mut Context,
    syntax: &Syntax,
    src: &str,
    file: &str,
    first_line: u32,
) -> PResult<Op> {
    let mut p = Parser::new(ctx, syntax, src, file, first_line);
    p.parse_top_level()
}

/// Parses a buffer holding exactly one top-level op (MLIR's
/// `--no-implicit-module`) and returns it, detached.
pub fn parse_single_op(
    ctx: &mut Context,
    syntax: &Syntax,
    src: &str,
    file: &str,
    first_line: u32,
) -> PResult<Op> {
    let mut p = Parser::new(ctx, syntax, src, file, first_line);
    let block = p.parse_top_level_ops()?;
    let ops: Vec<Op> = p.ctx.block_ops(block).collect();
    match ops[..] {
        [single] => {
            p.ctx.detach_op(single);
            Ok(single)
        }
        _ => {
            let at = ops.get(1).map_or_else(|| p.loc(), |&op| p.ctx.op_loc(op));
            let message = format!(
                "expected exactly one top-level operation, found {}",
                ops.len()
            );
            Err(p.error_at(at, message))
        }
    }
}

impl<'s, 'c> Parser<'s, 'c> {
    pub fn new(
        ctx: &'c mut Context,
        syntax: &'c Syntax,
        src: &'s str,
        file: &str,
        first_line: u32,
    ) -> Self {
        let file = Some(ctx.ident(file));
        let mut lex = Lexer::new(src);
        let tok = lex.next_token();
        Parser {
            ctx,
            syntax,
            src,
            lex,
            tok,
            file,
            line_offset: first_line.saturating_sub(1),
            scopes: Vec::new(),
            defined: Vec::new(),
            type_aliases: FastMap::default(),
            attr_aliases: FastMap::default(),
            loc_exprs: Vec::new(),
            loc_aliases: FastMap::default(),
            pending_locs: Vec::new(),
            depth: 0,
            default_dialects: Vec::new(),
        }
    }

    // ----- tokens ---------------------------------------------------------

    pub fn token(&self) -> Token {
        self.tok
    }
    pub fn kind(&self) -> Tok {
        self.tok.kind
    }
    /// The current token's text.
    pub fn text(&self) -> &'s str {
        &self.src[self.tok.start as usize..self.tok.end as usize]
    }
    /// The current token's text after its sigil (`%`, `^`, `#`, `!`, `@`).
    pub fn id_body(&self) -> &'s str {
        self.text().get(1..).unwrap_or("")
    }

    /// The kind of the token after the current one.
    pub fn peek_next_kind(&self) -> Tok {
        self.lex.clone().next_token().kind
    }
    pub fn advance(&mut self) {
        self.tok = self.lex.next_token();
    }
    /// Consumes the current token if it is of `kind`.
    pub fn eat(&mut self, kind: Tok) -> bool {
        if self.tok.kind == kind {
            self.advance();
            true
        } else {
            false
        }
    }
    /// Consumes a token of `kind` or fails with "expected `what`".
    pub fn expect(&mut self, kind: Tok, what: &str) -> PResult<()> {
        if self.eat(kind) {
            Ok(())
        } else {
            Err(self.error_here(format!("expected {what}")))
        }
    }
    /// Whether the current token is the bare keyword `kw`.
    pub fn is_keyword(&self, kw: &str) -> bool {
        self.tok.kind == Tok::BareId && self.text() == kw
    }
    pub fn eat_keyword(&mut self, kw: &str) -> bool {
        if self.is_keyword(kw) {
            self.advance();
            true
        } else {
            false
        }
    }
    pub fn expect_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.eat_keyword(kw) {
            Ok(())
        } else {
            Err(self.error_here(format!("expected '{kw}'")))
        }
    }
    /// Parses a bare identifier.
    pub fn parse_bare_id(&mut self, what: &str) -> PResult<&'s str> {
        if self.tok.kind != Tok::BareId {
            return Err(self.error_here(format!("expected {what}")));
        }
        let text = self.text();
        self.advance();
        Ok(text)
    }

    /// The location of the current token.
    pub fn loc(&self) -> Location {
        self.loc_of(self.tok)
    }
    pub fn loc_of(&self, tok: Token) -> Location {
        Location {
            file: self.file,
            line: tok.line + self.line_offset,
            col: tok.col,
            name: None,
        }
    }
    pub fn error_at(&self, loc: Location, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(loc, message)
    }
    pub fn error_here(&self, message: impl Into<String>) -> Diagnostic {
        let message = message.into();
        let message = match self.tok.kind {
            Tok::Error => format!("{message} (found an invalid or unterminated token)"),
            Tok::Eof => format!("{message} (found end of input)"),
            _ => message,
        };
        Diagnostic::error(self.loc(), message)
    }

    /// Raw access for syntax that does not tokenize the usual way
    /// (`4x4xf32` shapes, opaque dialect bodies): the source from the
    /// current token's start.
    pub(crate) fn rest_from_token(&self) -> &'s str {
        &self.src[self.tok.start as usize..]
    }
    /// Skips `n` bytes from the current token's start (on one line) and lexes anew.
    pub(crate) fn skip_raw(&mut self, n: usize) {
        let t = self.tok;
        self.lex
            .reset_to(t.start as usize + n, t.line, t.col + n as u32);
        self.advance();
    }
    /// Whether the current token starts right where the previous one ended.
    pub(crate) fn touches(&self, prev_end: u32) -> bool {
        self.tok.start == prev_end
    }
    /// Scans a balanced `<...>` starting at the current token (a `<`) and
    /// returns its text.
    pub(crate) fn take_balanced(&mut self) -> PResult<&'s str> {
        let t = self.tok;
        let start = t.start as usize;
        self.lex.reset_to(start, t.line, t.col);
        match self.lex.skip_balanced() {
            Some(end) => {
                self.advance();
                Ok(&self.src[start..end])
            }
            None => Err(self.error_at(
                self.loc_of(t),
                "unbalanced '<' in dialect type or attribute body",
            )),
        }
    }

    /// Runs `f` one nesting level deeper, failing past the nesting limit.
    pub fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error_here("nesting is too deep"));
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    /// Parses `elem (',' elem)*`.
    pub fn parse_comma_list<T>(
        &mut self,
        mut elem: impl FnMut(&mut Self) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        let mut out = vec![elem(self)?];
        while self.eat(Tok::Comma) {
            out.push(elem(self)?);
        }
        Ok(out)
    }

    /// Parses `open (elem (',' elem)*)? close`.
    pub fn parse_delimited<T>(
        &mut self,
        open: Tok,
        close: Tok,
        what: &str,
        elem: impl FnMut(&mut Self) -> PResult<T>,
    ) -> PResult<Vec<T>> {
        self.expect(open, what)?;
        if self.eat(close) {
            return Ok(Vec::new());
        }
        let items = self.parse_comma_list(elem)?;
        self.expect(close, &format!("',' or closing delimiter in {what}"))?;
        Ok(items)
    }

    // ----- top level ------------------------------------------------------

    fn parse_top_level(&mut self) -> PResult<Op> {
        let block = self.parse_top_level_ops()?;
        let ops: Vec<Op> = self.ctx.block_ops(block).collect();
        if let [single] = ops[..] {
            if self.ctx.op_name_str(single) == MODULE {
                self.ctx.detach_op(single);
                return Ok(single);
            }
        }
        let mut spec = OpSpec::new(
            self.ctx.ident(MODULE),
            Location {
                file: self.file,
                line: 0,
                col: 0,
                name: None,
            },
        );
        spec.num_regions = 1;
        let module = self.ctx.create_op(spec);
        let region = self.ctx.regions(module)[0];
        self.ctx.append_block(region, block);
        Ok(module)
    }

    /// The buffer's top-level ops, in a detached block.
    fn parse_top_level_ops(&mut self) -> PResult<Block> {
        self.push_scope(false);
        let block = self.ctx.create_block(&[]);
        loop {
            match self.tok.kind {
                Tok::Eof => break,
                Tok::HashId if self.is_alias_definition() => self.parse_attr_alias_def()?,
                Tok::ExclaimId if self.is_alias_definition() => self.parse_type_alias_def()?,
                Tok::FileMetadataBegin => self.skip_file_metadata()?,
                _ => self.parse_op_into(block)?,
            }
        }
        self.pop_scope()?;
        self.resolve_locations()?;
        Ok(block)
    }

    fn is_alias_definition(&self) -> bool {
        let name = self.text();
        !name[1..].contains('.') && {
            let mut look = self.lex.clone();
            look.next_token().kind == Tok::Equal
        }
    }

    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let (name, loc) = (self.id_body(), self.loc());
        self.advance();
        self.expect(Tok::Equal, "'='")?;
        if self.is_keyword("loc") {
            return self.parse_location_alias(name, loc);
        }
        let attr = self.parse_attribute()?;
        if self.attr_aliases.insert(name, attr).is_some() {
            return Err(self.error_at(loc, format!("redefinition of attribute alias id '{name}'")));
        }
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let (name, loc) = (self.id_body(), self.loc());
        self.advance();
        self.expect(Tok::Equal, "'='")?;
        let ty = self.parse_type()?;
        if self.type_aliases.insert(name, ty).is_some() {
            return Err(self.error_at(loc, format!("redefinition of type alias id '{name}'")));
        }
        Ok(())
    }

    fn skip_file_metadata(&mut self) -> PResult<()> {
        let loc = self.loc();
        while !matches!(self.tok.kind, Tok::FileMetadataEnd | Tok::Eof) {
            self.advance();
        }
        if !self.eat(Tok::FileMetadataEnd) {
            return Err(self.error_at(loc, "unterminated file metadata dictionary"));
        }
        Ok(())
    }

    // ----- scopes ---------------------------------------------------------

    pub(super) fn push_scope(&mut self, isolated: bool) {
        self.scopes.push(Scope {
            isolated,
            values: FastMap::default(),
            forward: FastMap::default(),
            forward_order: Vec::new(),
            blocks: FastMap::default(),
        });
    }

    /// Closes a region scope: unresolved forward references move outwards
    /// (or are errors at an isolation boundary or the top level).
    pub(super) fn pop_scope(&mut self) -> PResult<()> {
        let scope = self.scopes.pop().expect("scope stack is balanced");
        let mut undefined: Vec<_> = scope
            .blocks
            .iter()
            .filter(|(_, b)| !b.1)
            .map(|(n, b)| (b.2, *n))
            .collect();
        undefined.sort_by_key(|(loc, _)| (loc.line, loc.col));
        if let Some((loc, name)) = undefined.first() {
            return Err(self.error_at(*loc, format!("reference to an undefined block '^{name}'")));
        }
        for key in scope.forward_order {
            let Some(&(value, loc)) = scope.forward.get(&key) else {
                continue;
            };
            match self.scopes.last_mut() {
                Some(parent) if !scope.isolated => {
                    if let Some(&(existing, _)) = parent.forward.get(&key) {
                        self.ctx.replace_all_uses(value, existing);
                    } else {
                        parent.forward.insert(key, (value, loc));
                        parent.forward_order.push(key);
                    }
                }
                _ => {
                    let name = ref_text(key.0, key.1);
                    return Err(
                        self.error_at(loc, format!("use of undeclared SSA value name '{name}'"))
                    );
                }
            }
        }
        Ok(())
    }

    /// Binds `name` to `values` in the innermost scope, resolving forward
    /// references to it.
    pub(super) fn define(&mut self, name: &'s str, values: &[Value], loc: Location) -> PResult<()> {
        let start = self.defined.len() as u32;
        self.defined.extend_from_slice(values);
        let scope = self.scopes.last_mut().expect("a scope is open");
        if scope
            .values
            .insert(name, (start, values.len() as u32))
            .is_some()
        {
            return Err(self.error_at(loc, format!("redefinition of SSA value '%{name}'")));
        }
        for (i, &value) in values.iter().enumerate() {
            let scope = self.scopes.last_mut().expect("a scope is open");
            if let Some((placeholder, use_loc)) = scope.forward.remove(&(name, i as u32)) {
                let (want, have) = (self.ctx.value_type(placeholder), self.ctx.value_type(value));
                if want != have {
                    return Err(self.type_mismatch(use_loc, name, i as u32, have, want));
                }
                self.ctx.replace_all_uses(placeholder, value);
            }
        }
        Ok(())
    }

    fn type_mismatch(
        &self,
        loc: Location,
        name: &str,
        number: u32,
        def: Type,
        used: Type,
    ) -> Diagnostic {
        let def = super::printer::type_to_string(self.ctx, self.syntax, def);
        let used = super::printer::type_to_string(self.ctx, self.syntax, used);
        let name = ref_text(name, number);
        self.error_at(
            loc,
            format!(
                "use of value '{name}' expects different type than prior uses: '{used}' vs '{def}'"
            ),
        )
    }

    /// Parses `%name` or `%name#N`.
    pub fn parse_operand_ref(&mut self) -> PResult<OperandRef<'s>> {
        if self.tok.kind != Tok::PercentId {
            return Err(self.error_here("expected SSA operand"));
        }
        let (name, loc) = (self.id_body(), self.loc());
        let end = self.tok.end;
        self.advance();
        let mut number = 0;
        if self.tok.kind == Tok::HashId && self.touches(end) {
            number = self
                .id_body()
                .parse()
                .map_err(|_| self.error_here("invalid SSA value result number"))?;
            self.advance();
        }
        Ok(OperandRef { name, number, loc })
    }

    /// The value `r` names when it is already defined (no forward
    /// reference is made): custom forms that derive a type from an
    /// operand's definition look it up.
    pub fn lookup_defined(&self, r: &OperandRef<'s>) -> Option<Value> {
        for scope in self.scopes.iter().rev() {
            if let Some(&(start, len)) = scope.values.get(r.name) {
                return (r.number < len).then(|| self.defined[(start + r.number) as usize]);
            }
            if scope.isolated {
                break;
            }
        }
        None
    }

    /// The value `r` names, which must have type `ty`.
    pub fn resolve_operand(&mut self, r: OperandRef<'s>, ty: Type) -> PResult<Value> {
        for scope in self.scopes.iter().rev() {
            if let Some(&(start, len)) = scope.values.get(r.name) {
                if r.number >= len {
                    return Err(self.error_at(
                        r.loc,
                        format!("reference to invalid result number '{}'", r.number),
                    ));
                }
                let value = self.defined[(start + r.number) as usize];
                let have = self.ctx.value_type(value);
                if have != ty {
                    return Err(self.type_mismatch(r.loc, r.name, r.number, have, ty));
                }
                return Ok(value);
            }
            if scope.isolated {
                break;
            }
        }
        let key = (r.name, r.number);
        let scope = self.scopes.last().expect("a scope is open");
        if let Some(&(placeholder, _)) = scope.forward.get(&key) {
            let have = self.ctx.value_type(placeholder);
            if have != ty {
                return Err(self.type_mismatch(r.loc, r.name, r.number, have, ty));
            }
            return Ok(placeholder);
        }
        let placeholder = self.ctx.create_placeholder(ty);
        let scope = self.scopes.last_mut().expect("a scope is open");
        scope.forward.insert(key, (placeholder, r.loc));
        scope.forward_order.push(key);
        Ok(placeholder)
    }

    /// Parses `^name` as a successor reference.
    pub fn parse_successor(&mut self) -> PResult<Block> {
        if self.tok.kind != Tok::CaretId {
            return Err(self.error_here("expected block name"));
        }
        let (name, loc) = (self.id_body(), self.loc());
        self.advance();
        Ok(self.block_named(name, loc).0)
    }

    pub(super) fn block_named(&mut self, name: &'s str, loc: Location) -> (Block, bool) {
        let existing = self.scopes.last().and_then(|s| s.blocks.get(name).copied());
        match existing {
            Some((block, defined, _)) => (block, defined),
            None => {
                let block = self.ctx.create_block(&[]);
                let scope = self.scopes.last_mut().expect("a scope is open");
                scope.blocks.insert(name, (block, false, loc));
                (block, false)
            }
        }
    }
}

/// `%name` or `%name#N` as written.
fn ref_text(name: &str, number: u32) -> String {
    if number == 0 {
        format!("%{name}")
    } else {
        format!("%{name}#{number}")
    }
}

/// Parses decimal or `0x` hex integer text.
pub fn parse_int_text(text: &str) -> Option<u128> {
    match text.strip_prefix("0x") {
        Some(hex) => u128::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}
