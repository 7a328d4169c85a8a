//! Parsing ops (generic and custom forms, result binding, trailing
//! locations) and regions with their blocks, on the parser core.

use super::lexer::Tok;
use super::location::LocTarget;
use super::parser::{parse_int_text, ArgDecl, PResult, ParsedOp, Parser, MAX_DEPTH};
use crate::ir::{Block, Ident, Location, Op, OpSpec, OpTraits, Type, Value};

impl<'s, 'c> Parser<'s, 'c> {
    // ----- ops ------------------------------------------------------------

    /// Parses one op and appends it to `block`.
    pub(super) fn parse_op_into(&mut self, block: Block) -> PResult<()> {
        let mut results: Vec<(&'s str, u32, Location)> = Vec::new();
        if self.tok.kind == Tok::PercentId {
            results = self.parse_comma_list(|p| {
                let (name, loc) = (p.id_body(), p.loc());
                p.expect(Tok::PercentId, "SSA value name")?;
                let mut count = 1;
                if p.eat(Tok::Colon) {
                    count = p.parse_u32("result group count")?;
                    if count == 0 {
                        return Err(
                            p.error_at(loc, "expected named operation to have at least 1 result")
                        );
                    }
                }
                Ok((name, count, loc))
            })?;
            self.expect(Tok::Equal, "'=' after SSA name list")?;
        }
        // An op is located at its name, as in MLIR.
        let loc = self.loc();
        let parsed = match self.tok.kind {
            Tok::String => self.parse_generic_op(loc)?,
            Tok::BareId => {
                let bound = results.iter().map(|r| r.1 as usize).sum();
                self.parse_custom_op(loc, bound)?
            }
            _ => return Err(self.error_here("expected operation name in quotes")),
        };
        let debug_loc = self.parse_optional_location()?;
        let op = self.finish_op(parsed)?;
        self.locate(LocTarget::Op(op), debug_loc);
        let declared: u32 = results.iter().map(|r| r.1).sum();
        let produced = self.ctx.results(op).len();
        if !results.is_empty() && declared as usize != produced {
            return Err(self.error_at(
                loc,
                format!("operation defines {produced} results but was provided {declared} to bind"),
            ));
        }
        let mut next = 0;
        for (name, count, name_loc) in results {
            let values: Vec<Value> = self.ctx.results(op)[next..next + count as usize].to_vec();
            self.define(name, &values, name_loc)?;
            next += count as usize;
        }
        self.ctx.append_op(block, op);
        Ok(())
    }

    /// Parses a decimal integer that fits in u32.
    pub fn parse_u32(&mut self, what: &str) -> PResult<u32> {
        if self.tok.kind != Tok::Integer {
            return Err(self.error_here(format!("expected {what}")));
        }
        let value = parse_int_text(self.text()).and_then(|v| u32::try_from(v).ok());
        let value = value.ok_or_else(|| self.error_here(format!("{what} is out of range")))?;
        self.advance();
        Ok(value)
    }

    /// Parses an op in generic form without result names and creates it,
    /// detached (custom forms that wrap an op, as
    /// `spirv.SpecConstantOperation wraps "spirv.IAdd"(...)`).
    pub fn parse_detached_generic_op(&mut self) -> PResult<Op> {
        let loc = self.loc();
        if self.tok.kind != Tok::String {
            return Err(self.error_here("expected operation name in quotes"));
        }
        let parsed = self.parse_generic_op(loc)?;
        self.finish_op(parsed)
    }

    /// Sets the discardable attributes `attrs` of an op in generic form,
    /// moving those its custom format knows as inherent into its
    /// properties (as MLIR does for registered ops).
    fn move_inherent_attrs(&mut self, spec: &mut OpSpec, attrs: crate::ir::Attr) {
        let syntax = self.syntax;
        let Some(format) = syntax.format(self.ctx.str(spec.name)) else {
            spec.attributes = Some(attrs);
            return;
        };
        let entries = self.ctx.dict_entries(attrs).to_vec();
        let (inherent, rest): (Vec<_>, Vec<_>) = entries
            .into_iter()
            .partition(|(n, _)| format.is_inherent(self.ctx.str(*n)));
        if inherent.is_empty() {
            spec.attributes = Some(attrs);
            return;
        }
        let mut props = spec
            .properties
            .map(|p| self.ctx.dict_entries(p).to_vec())
            .unwrap_or_default();
        props.extend(inherent);
        spec.properties = Some(self.ctx.dictionary_attr(props));
        spec.attributes = Some(self.ctx.dictionary_attr(rest));
    }

    fn parse_generic_op(&mut self, loc: Location) -> PResult<ParsedOp<'s>> {
        let name = self.parse_string_ident()?;
        if self.ctx.str(name).is_empty() {
            return Err(self.error_at(loc, "empty operation name is invalid"));
        }
        let mut parsed = ParsedOp {
            spec: OpSpec::new(name, loc),
            operands: Vec::new(),
            operand_types: Vec::new(),
            regions: Vec::new(),
        };
        parsed.operands =
            self.parse_delimited(Tok::LParen, Tok::RParen, "'(' to start operand list", |p| {
                p.parse_operand_ref()
            })?;
        if self.tok.kind == Tok::LSquare {
            parsed.spec.successors =
                self.parse_delimited(Tok::LSquare, Tok::RSquare, "'['", |p| p.parse_successor())?;
        }
        if self.eat(Tok::Less) {
            parsed.spec.properties = Some(self.parse_attribute()?);
            self.expect(Tok::Greater, "'>' to close properties")?;
        }
        if self.tok.kind == Tok::LParen {
            parsed.regions = self.parse_delimited(Tok::LParen, Tok::RParen, "'('", |p| {
                p.parse_region_blocks(&[], name)
            })?;
        }
        if self.tok.kind == Tok::LBrace {
            let attrs = self.parse_attr_dict()?;
            self.move_inherent_attrs(&mut parsed.spec, attrs);
        }
        self.expect(Tok::Colon, "':' followed by operation type")?;
        let type_loc = self.loc();
        let ty = self.parse_type()?;
        let Some((inputs, results)) = self.ctx.as_function(ty) else {
            return Err(self.error_at(type_loc, "expected function type"));
        };
        parsed.operand_types = inputs.to_vec();
        parsed.spec.result_types = results.to_vec();
        if parsed.operand_types.len() != parsed.operands.len() {
            return Err(self.error_at(
                type_loc,
                format!(
                    "expected {} operand type{} but had {}",
                    parsed.operands.len(),
                    if parsed.operands.len() == 1 { "" } else { "s" },
                    parsed.operand_types.len()
                ),
            ));
        }
        Ok(parsed)
    }

    fn parse_custom_op(&mut self, loc: Location, bound_results: usize) -> PResult<ParsedOp<'s>> {
        let text = self.text();
        let syntax = self.syntax;
        let default = self.default_dialects.last().copied().flatten();
        let candidates = [None, default, Some("builtin")];
        let found = candidates.iter().find_map(|prefix| {
            let full = match prefix {
                None => text.to_string(),
                Some(d) => format!("{d}.{text}"),
            };
            syntax.format(&full).map(|f| (full, f))
        });
        let Some((full, format)) = found else {
            return Err(self.error_here(format!("custom op '{text}' is unknown")));
        };
        self.advance();
        let name = self.ctx.ident(&full);
        format.parse(self, name, loc, bound_results)
    }

    /// Whether ops named `name` are registered as isolated from above.
    pub fn is_isolated(&self, name: Ident) -> bool {
        self.ctx
            .op_info(name)
            .is_some_and(|i| i.traits.contains(OpTraits::ISOLATED_FROM_ABOVE))
    }

    /// Resolves operands and creates the op with its regions.
    pub fn finish_op(&mut self, parsed: ParsedOp<'s>) -> PResult<Op> {
        let ParsedOp {
            mut spec,
            operands,
            operand_types,
            regions,
        } = parsed;
        spec.num_regions = regions.len();
        spec.operands = Vec::with_capacity(operands.len());
        for (r, ty) in operands.into_iter().zip(operand_types) {
            spec.operands.push(self.resolve_operand(r, ty)?);
        }
        let op = self.ctx.create_op(spec);
        for (i, blocks) in regions.into_iter().enumerate() {
            let region = self.ctx.regions(op)[i];
            for block in blocks {
                self.ctx.append_block(region, block);
            }
        }
        Ok(op)
    }

    // ----- regions and blocks ----------------------------------------------

    /// Parses `{ blocks }` into detached blocks; `entry_args` (from a custom
    /// signature) become the entry block's arguments.
    /// `owner` names the op holding the region (its traits decide isolation;
    /// its syntax may give a default dialect for custom op names inside).
    pub fn parse_region_blocks(
        &mut self,
        entry_args: &[ArgDecl<'s>],
        owner: Ident,
    ) -> PResult<Vec<Block>> {
        let isolated = self.is_isolated(owner);
        let syntax = self.syntax;
        self.default_dialects
            .push(syntax.default_dialect(self.ctx.str(owner)));
        let blocks = self.parse_region_body(entry_args, isolated);
        self.default_dialects.pop();
        blocks
    }

    fn parse_region_body(
        &mut self,
        entry_args: &[ArgDecl<'s>],
        isolated: bool,
    ) -> PResult<Vec<Block>> {
        let open_loc = self.loc();
        self.expect(Tok::LBrace, "'{' to begin a region")?;
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error_at(open_loc, "regions nest too deeply"));
        }
        self.push_scope(isolated);
        let mut blocks = Vec::new();
        let starts_unlabelled = !matches!(self.tok.kind, Tok::CaretId | Tok::RBrace);
        if starts_unlabelled || !entry_args.is_empty() {
            if !entry_args.is_empty() && self.tok.kind == Tok::CaretId {
                return Err(self.error_here("invalid block name in region with named arguments"));
            }
            let types: Vec<Type> = entry_args.iter().map(|a| a.ty).collect();
            let entry = self.ctx.create_block(&types);
            for (i, arg) in entry_args.iter().enumerate() {
                let value = self.ctx.block_args(entry)[i];
                self.define(arg.name, &[value], arg.loc)?;
                self.locate(LocTarget::Arg(value), arg.debug_loc);
            }
            self.parse_block_body(entry)?;
            blocks.push(entry);
        }
        while self.tok.kind == Tok::CaretId {
            blocks.push(self.parse_labelled_block()?);
        }
        self.expect(
            Tok::RBrace,
            "'}' to end a region (or an operation or block label)",
        )?;
        self.pop_scope()?;
        self.depth -= 1;
        Ok(blocks)
    }

    fn parse_labelled_block(&mut self) -> PResult<Block> {
        let (name, loc) = (self.id_body(), self.loc());
        self.advance();
        let (block, defined) = self.block_named(name, loc);
        if defined {
            return Err(self.error_at(loc, format!("redefinition of block '^{name}'")));
        }
        if let Some(entry) = self.scopes.last_mut().and_then(|s| s.blocks.get_mut(name)) {
            entry.1 = true;
        }
        if self.tok.kind == Tok::LParen {
            let args = self.parse_delimited(Tok::LParen, Tok::RParen, "'('", |p| {
                let mut arg = p.parse_arg_decl()?;
                // `%a: t {attributes} loc(...)`
                let attrs = match p.kind() {
                    Tok::LBrace => Some(p.parse_attr_dict()?),
                    _ => None,
                };
                if arg.debug_loc.is_none() {
                    arg.debug_loc = p.parse_optional_location()?;
                }
                Ok((arg, attrs))
            })?;
            for (arg, attrs) in args {
                let value = self.ctx.add_block_arg(block, arg.ty);
                self.define(arg.name, &[value], arg.loc)?;
                self.locate(LocTarget::Arg(value), arg.debug_loc);
                self.ctx.set_arg_attrs(value, attrs);
            }
        }
        self.expect(Tok::Colon, "':' after block name")?;
        self.parse_block_body(block)?;
        Ok(block)
    }

    /// Parses `%name : type` (with an optional trailing location).
    pub fn parse_arg_decl(&mut self) -> PResult<ArgDecl<'s>> {
        let (name, loc) = (self.id_body(), self.loc());
        self.expect(Tok::PercentId, "SSA value name")?;
        self.expect(Tok::Colon, "':' and type for SSA value")?;
        let ty = self.parse_type()?;
        let debug_loc = self.parse_optional_location()?;
        Ok(ArgDecl {
            name,
            ty,
            loc,
            debug_loc,
        })
    }

    fn parse_block_body(&mut self, block: Block) -> PResult<()> {
        while !matches!(self.tok.kind, Tok::CaretId | Tok::RBrace | Tok::Eof) {
            self.parse_op_into(block)?;
        }
        Ok(())
    }
}
