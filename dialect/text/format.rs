//! Custom assembly formats: one declarative spec per op drives both its
//! printer and its parser.
//!
//! A spec is a sequence of elements separated by spaces:
//! - `` `lit` `` a punctuation or keyword literal (`` ` ` `` forces a space);
//! - `operands` all operands, comma-separated; `successors` all successors;
//! - `regions` all regions, comma-separated; `region` exactly one region,
//!   omitted from the text when it has no blocks;
//! - `attr-dict` / `attr-dict-with-keyword` the remaining attributes, as
//!   `{...}` or `attributes {...}` (omitted when empty);
//! - `$name` the attribute `name` (an inherent attribute, kept in the
//!   properties); `symbol($name)` a string attribute printed `@name`;
//!   `visibility($name)` an optional `private`/`nested`/`public` keyword;
//! - `function-signature($name)` a function type attribute printed as
//!   `(%arg0: i32, ...) -> results`, naming the entry-block arguments of the
//!   following `region` (plain types when the region is empty);
//! - `type(operands)`, `type(results)`, `type(all)` (one type shared by every
//!   operand and result), `functional-type(operands, results)`;
//! - `( ... )?` an optional group, present when its first non-literal
//!   element has something to print (parsed when the next token can start it).
//!
//! Parsing a custom form learns the result count from the names bound to it
//! (`%0 = ...`, `%0:2 = ...`) when no directive gives result types.

use super::lexer::Tok;
use super::parser::{ArgDecl, PResult, ParsedOp, Parser};
use super::printer::Printer;
use crate::ir::{Attr, AttrData, Ident, Location, Op, OpSpec, Type};

#[derive(Clone, Debug, PartialEq)]
enum Elem {
    Literal(String),
    Operands,
    Successors,
    Regions,
    Region,
    Signature(String),
    Visibility(String),
    AttrDict { keyword: bool },
    Attr(String),
    Symbol(String),
    OperandTypes,
    ResultTypes,
    SameType,
    FunctionalType,
    Optional(Vec<Elem>),
}

/// A compiled custom assembly format.
#[derive(Clone, Debug)]
pub struct OpFormat {
    elems: Vec<Elem>,
    /// Attributes printed by their own directives (excluded from attr-dict).
    named_attrs: Vec<String>,
}

impl OpFormat {
    /// Compiles a spec (see the module docs).
    pub fn compile(spec: &str) -> Result<OpFormat, String> {
        let tokens = split_spec(spec)?;
        let mut pos = 0;
        let elems = compile_seq(&tokens, &mut pos, false)?;
        let mut named_attrs = Vec::new();
        collect_attrs(&elems, &mut named_attrs);
        Ok(OpFormat { elems, named_attrs })
    }

    /// Whether this format can spell `op`: one shared type (`type(all)`)
    /// needs every operand and result to have it.
    pub fn represents(&self, ctx: &crate::ir::Context, op: Op) -> bool {
        if !uses_same_type(&self.elems) {
            return true;
        }
        let mut types = (ctx.operands(op).map(|v| ctx.value_type(v)))
            .chain(ctx.results(op).iter().map(|&r| ctx.value_type(r)));
        let first = types.next();
        types.all(|t| Some(t) == first)
    }

    /// Prints `op` (after its result names) in this format.
    pub fn print(&self, p: &mut Printer, op: Op) {
        let name = p.ctx.op_name_str(op);
        let default = p
            .ctx
            .parent_op(op)
            .and_then(|parent| p.syntax.default_dialect(p.ctx.op_name_str(parent)));
        let short = [default, Some("builtin")]
            .into_iter()
            .flatten()
            .find_map(|d| name.strip_prefix(d).and_then(|rest| rest.strip_prefix('.')));
        p.write(short.unwrap_or(name));
        let mut state = PrintState { after_open: false };
        self.print_seq(p, op, &self.elems, &mut state);
    }

    fn print_seq(&self, p: &mut Printer, op: Op, elems: &[Elem], st: &mut PrintState) {
        for elem in elems {
            self.print_elem(p, op, elem, st);
        }
    }

    fn print_elem(&self, p: &mut Printer, op: Op, elem: &Elem, st: &mut PrintState) {
        let ctx = p.ctx;
        match elem {
            Elem::Literal(lit) if lit == " " => p.write(" "),
            Elem::Literal(lit) => {
                let tight = matches!(lit.as_str(), "," | ")" | "]" | ">" | "(" | "[");
                st.emit(p, !tight);
                p.write(lit);
                st.after_open = matches!(lit.as_str(), "(" | "[" | "<");
            }
            Elem::Operands => {
                if ctx.num_operands(op) > 0 {
                    st.emit(p, true);
                    p.print_value_list(ctx.operands(op));
                }
            }
            Elem::Successors => {
                for (i, &b) in ctx.successors(op).iter().enumerate() {
                    st.emit(p, i == 0);
                    if i > 0 {
                        p.write(", ");
                    }
                    p.print_block_name(b);
                }
            }
            Elem::Regions => {
                for (i, &r) in ctx.regions(op).iter().enumerate() {
                    st.emit(p, i == 0);
                    if i > 0 {
                        p.write(", ");
                    }
                    p.print_region(r, true, false);
                }
            }
            Elem::Region => {
                if let Some(&r) = ctx.regions(op).first() {
                    if !ctx.region_blocks(r).is_empty() {
                        st.emit(p, true);
                        p.print_region(r, !self.has_signature(), false);
                    }
                }
            }
            Elem::Visibility(name) => {
                if let Some(v) = ctx.attr(op, name).and_then(|a| ctx.as_string_attr(a)) {
                    st.emit(p, true);
                    p.write(v);
                }
            }
            Elem::Signature(name) => {
                st.emit(p, false);
                print_signature(p, op, name);
            }
            Elem::AttrDict { keyword } => {
                let entries = self.dict_entries(p, op);
                if !entries.is_empty() {
                    st.emit(p, true);
                    if *keyword {
                        p.write("attributes ");
                    }
                    p.write("{");
                    for (i, (name, value)) in entries.into_iter().enumerate() {
                        if i > 0 {
                            p.write(", ");
                        }
                        p.print_attr_name(ctx.str(name));
                        if !matches!(ctx.attr_data(value), AttrData::Unit) {
                            p.write(" = ");
                            p.print_attr(value);
                        }
                    }
                    p.write("}");
                }
            }
            Elem::Attr(name) => {
                if let Some(a) = ctx.attr(op, name) {
                    st.emit(p, true);
                    p.print_attr(a);
                }
            }
            Elem::Symbol(name) => {
                if let Some(s) = ctx.attr(op, name).and_then(|a| match ctx.attr_data(a) {
                    AttrData::String(s) => Some(*s),
                    _ => None,
                }) {
                    st.emit(p, true);
                    p.print_symbol_name(s);
                }
            }
            Elem::OperandTypes => {
                if ctx.num_operands(op) > 0 {
                    st.emit(p, true);
                    p.print_type_list(ctx.operands(op).map(|v| ctx.value_type(v)));
                }
            }
            Elem::ResultTypes => {
                if !ctx.results(op).is_empty() {
                    st.emit(p, true);
                    p.print_type_list(ctx.results(op).iter().map(|&r| ctx.value_type(r)));
                }
            }
            Elem::SameType => {
                let first = ctx
                    .operands(op)
                    .next()
                    .or_else(|| ctx.results(op).first().copied());
                if let Some(v) = first {
                    st.emit(p, true);
                    p.print_type(ctx.value_type(v));
                }
            }
            Elem::FunctionalType => {
                st.emit(p, true);
                let inputs: Vec<Type> = ctx.operands(op).map(|v| ctx.value_type(v)).collect();
                let results: Vec<Type> =
                    ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
                p.write("(");
                p.print_type_list(inputs);
                p.write(") -> ");
                p.print_result_types(&results);
            }
            Elem::Optional(group) => {
                if self.group_present(p, op, group) {
                    self.print_seq(p, op, group, st);
                }
            }
        }
    }

    fn has_signature(&self) -> bool {
        self.elems.iter().any(|e| matches!(e, Elem::Signature(_)))
    }

    /// Attributes for `attr-dict`: properties and discardable attributes not
    /// printed by another directive, sorted by name.
    fn dict_entries(&self, p: &Printer, op: Op) -> Vec<(Ident, Attr)> {
        let ctx = p.ctx;
        let mut entries: Vec<(Ident, Attr)> = Vec::new();
        let props = ctx
            .properties(op)
            .map(|a| ctx.dict_entries(a))
            .unwrap_or(&[]);
        for &(name, value) in props.iter().chain(ctx.dict_entries(ctx.attributes(op))) {
            if !self.named_attrs.iter().any(|n| n == ctx.str(name)) {
                entries.push((name, value));
            }
        }
        entries.sort_by(|a, b| ctx.str(a.0).cmp(ctx.str(b.0)));
        entries
    }

    fn group_present(&self, p: &Printer, op: Op, group: &[Elem]) -> bool {
        let ctx = p.ctx;
        match group.iter().find(|e| !matches!(e, Elem::Literal(_))) {
            Some(Elem::Operands | Elem::OperandTypes) => ctx.num_operands(op) > 0,
            Some(Elem::ResultTypes) => !ctx.results(op).is_empty(),
            Some(Elem::Successors) => !ctx.successors(op).is_empty(),
            Some(Elem::Regions) => !ctx.regions(op).is_empty(),
            Some(Elem::Region) => ctx
                .regions(op)
                .first()
                .is_some_and(|&r| !ctx.region_blocks(r).is_empty()),
            Some(Elem::Signature(_)) => true,
            Some(Elem::Visibility(name)) => ctx.attr(op, name).is_some(),
            Some(Elem::AttrDict { .. }) => !self.dict_entries(p, op).is_empty(),
            Some(Elem::Attr(name) | Elem::Symbol(name)) => ctx.attr(op, name).is_some(),
            Some(Elem::SameType) => ctx.num_operands(op) + ctx.results(op).len() > 0,
            _ => true,
        }
    }

    /// Parses the custom form after the op name. `bound_results` is the
    /// number of result names bound to the op.
    pub fn parse<'s>(
        &self,
        p: &mut Parser<'s, '_>,
        name: Ident,
        loc: Location,
        bound_results: usize,
    ) -> PResult<ParsedOp<'s>> {
        let mut st = ParseState {
            parsed: ParsedOp {
                spec: OpSpec::new(name, loc),
                operands: Vec::new(),
                operand_types: Vec::new(),
                regions: Vec::new(),
            },
            props: Vec::new(),
            attrs: None,
            results_known: false,
            entry_args: Vec::new(),
        };
        self.parse_seq(p, &self.elems, &mut st, bound_results)?;
        let ParseState {
            mut parsed,
            props,
            attrs,
            results_known,
            ..
        } = st;
        if !results_known && bound_results > 0 {
            return Err(p.error_at(loc, "custom form gives no result types"));
        }
        if parsed.operand_types.len() != parsed.operands.len() {
            return Err(p.error_at(
                loc,
                format!(
                    "{} operands present, but expected {} types",
                    parsed.operands.len(),
                    parsed.operand_types.len()
                ),
            ));
        }
        if !props.is_empty() {
            parsed.spec.properties = Some(p.ctx.dictionary_attr(props));
        }
        parsed.spec.attributes = attrs;
        Ok(parsed)
    }

    fn parse_seq<'s>(
        &self,
        p: &mut Parser<'s, '_>,
        elems: &[Elem],
        st: &mut ParseState<'s>,
        bound: usize,
    ) -> PResult<()> {
        for elem in elems {
            self.parse_elem(p, elem, st, bound)?;
        }
        Ok(())
    }

    fn parse_elem<'s>(
        &self,
        p: &mut Parser<'s, '_>,
        elem: &Elem,
        st: &mut ParseState<'s>,
        bound: usize,
    ) -> PResult<()> {
        match elem {
            Elem::Literal(lit) if lit == " " => {}
            Elem::Literal(lit) => parse_literal(p, lit)?,
            Elem::Operands => {
                if p.kind() == Tok::PercentId {
                    st.parsed.operands = p.parse_comma_list(|p| p.parse_operand_ref())?;
                }
            }
            Elem::Successors => {
                if p.kind() == Tok::CaretId {
                    st.parsed.spec.successors = p.parse_comma_list(|p| p.parse_successor())?;
                }
            }
            Elem::Regions => {
                let single_block = p
                    .ctx
                    .op_info(st.parsed.spec.name)
                    .is_some_and(|i| i.traits.contains(crate::ir::OpTraits::SINGLE_BLOCK));
                while p.kind() == Tok::LBrace {
                    let mut blocks = p.parse_region_blocks(&[], st.parsed.spec.name)?;
                    if blocks.is_empty() && single_block {
                        // A single-block region always has its block, even when empty.
                        blocks.push(p.ctx.create_block(&[]));
                    }
                    st.parsed.regions.push(blocks);
                    if !p.eat(Tok::Comma) {
                        break;
                    }
                }
            }
            Elem::Region => {
                let blocks = if p.kind() == Tok::LBrace {
                    let mut blocks = p.parse_region_blocks(&st.entry_args, st.parsed.spec.name)?;
                    if blocks.is_empty() {
                        blocks.push(p.ctx.create_block(&[]));
                    }
                    blocks
                } else {
                    Vec::new()
                };
                st.parsed.regions.push(blocks);
            }
            Elem::Visibility(name) => {
                if let Some(kw) = ["private", "nested", "public"]
                    .into_iter()
                    .find(|k| p.is_keyword(k))
                {
                    p.advance();
                    let name = p.ctx.ident(name);
                    let value = p.ctx.string_attr(kw);
                    st.props.push((name, value));
                }
            }
            Elem::Signature(name) => {
                let (ty, args) = parse_signature(p)?;
                let name = p.ctx.ident(name);
                let value = p.ctx.type_attr(ty);
                st.props.push((name, value));
                st.entry_args = args;
            }
            Elem::AttrDict { keyword } => {
                let present = if *keyword {
                    p.eat_keyword("attributes")
                } else {
                    p.kind() == Tok::LBrace
                };
                if present {
                    let dict = p.parse_attr_dict()?;
                    let entries: Vec<(Ident, Attr)> = p.ctx.dict_entries(dict).to_vec();
                    let (props, attrs): (Vec<_>, Vec<_>) = entries
                        .into_iter()
                        .partition(|(n, _)| self.named_attrs.iter().any(|a| a == p.ctx.str(*n)));
                    st.props.extend(props);
                    st.attrs = Some(p.ctx.dictionary_attr(attrs));
                }
            }
            Elem::Attr(name) => {
                let value = p.parse_attribute()?;
                let name = p.ctx.ident(name);
                st.props.push((name, value));
            }
            Elem::Symbol(name) => {
                let sym = p.parse_symbol_name()?;
                let text = p.ctx.str(sym).to_string();
                let value = p.ctx.string_attr(&text);
                let name = p.ctx.ident(name);
                st.props.push((name, value));
            }
            Elem::OperandTypes => {
                if !st.parsed.operands.is_empty() {
                    st.parsed.operand_types = p.parse_type_list()?;
                }
            }
            Elem::ResultTypes => {
                st.parsed.spec.result_types = if bound > 0 {
                    p.parse_type_list()?
                } else {
                    Vec::new()
                };
                st.results_known = true;
            }
            Elem::SameType => {
                let ty = p.parse_type()?;
                st.parsed.operand_types = vec![ty; st.parsed.operands.len()];
                st.parsed.spec.result_types = vec![ty; bound];
                st.results_known = true;
            }
            Elem::FunctionalType => {
                let loc = p.loc();
                let ty = p.parse_function_type()?;
                let Some((inputs, results)) = p.ctx.as_function(ty) else {
                    return Err(p.error_at(loc, "expected function type"));
                };
                st.parsed.operand_types = inputs.to_vec();
                st.parsed.spec.result_types = results.to_vec();
                st.results_known = true;
            }
            Elem::Optional(group) => {
                if group_starts_here(p, group) {
                    self.parse_seq(p, group, st, bound)?;
                }
            }
        }
        Ok(())
    }
}

/// Spacing between printed elements: one space, except after an opening
/// bracket and before tight punctuation.
struct PrintState {
    after_open: bool,
}

impl PrintState {
    fn emit(&mut self, p: &mut Printer, wants_space: bool) {
        if wants_space && !self.after_open {
            p.write(" ");
        }
        self.after_open = false;
    }
}

struct ParseState<'s> {
    parsed: ParsedOp<'s>,
    entry_args: Vec<ArgDecl<'s>>,
    props: Vec<(Ident, Attr)>,
    attrs: Option<Attr>,
    results_known: bool,
}

/// `(%a: t, ...) -> results` from the function type attribute `name`,
/// naming the entry block's arguments when the op has a body.
fn print_signature(p: &mut Printer, op: Op, name: &str) {
    let ctx = p.ctx;
    let Some(ty) = ctx.attr(op, name).and_then(|a| ctx.as_type_attr(a)) else {
        return;
    };
    let Some((inputs, results)) = ctx.as_function(ty) else {
        return;
    };
    let entry = ctx
        .regions(op)
        .first()
        .and_then(|&r| ctx.region_blocks(r).first().copied());
    p.write("(");
    for (i, &input) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if let Some(&arg) = entry.and_then(|b| ctx.block_args(b).get(i)) {
            p.print_value(arg);
            p.write(": ");
        }
        p.print_type(input);
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        p.print_result_types(results);
    }
}

/// Parses `(%a: t, ...)` or `(t, ...)` and optional `-> results`.
fn parse_signature<'s>(p: &mut Parser<'s, '_>) -> PResult<(Type, Vec<ArgDecl<'s>>)> {
    let mut args = Vec::new();
    let mut inputs = Vec::new();
    let entries =
        p.parse_delimited(Tok::LParen, Tok::RParen, "'(' in function signature", |p| {
            if p.kind() == Tok::PercentId {
                let arg = p.parse_arg_decl()?;
                Ok((arg.ty, Some(arg)))
            } else {
                Ok((p.parse_type()?, None))
            }
        })?;
    let named = entries.iter().filter(|e| e.1.is_some()).count();
    if named != 0 && named != entries.len() {
        return Err(p.error_here("expected all function arguments to be named or none"));
    }
    for (ty, arg) in entries {
        inputs.push(ty);
        args.extend(arg);
    }
    let results = if p.eat(Tok::Arrow) {
        p.parse_function_results()?
    } else {
        Vec::new()
    };
    Ok((p.ctx.function_type(&inputs, &results), args))
}

fn parse_literal(p: &mut Parser, lit: &str) -> PResult<()> {
    let kind = literal_token(lit);
    match kind {
        Some(kind) => p.expect(kind, &format!("'{lit}'")),
        None => p.expect_keyword(lit),
    }
}

fn literal_token(lit: &str) -> Option<Tok> {
    Some(match lit {
        "(" => Tok::LParen,
        ")" => Tok::RParen,
        "{" => Tok::LBrace,
        "}" => Tok::RBrace,
        "[" => Tok::LSquare,
        "]" => Tok::RSquare,
        "<" => Tok::Less,
        ">" => Tok::Greater,
        "," => Tok::Comma,
        ":" => Tok::Colon,
        "=" => Tok::Equal,
        "->" => Tok::Arrow,
        "-" => Tok::Minus,
        "+" => Tok::Plus,
        "*" => Tok::Star,
        "?" => Tok::Question,
        _ => return None,
    })
}

/// Whether the current token can begin `group` (decided by its first element).
fn group_starts_here(p: &Parser, group: &[Elem]) -> bool {
    match group.first() {
        Some(Elem::Literal(lit)) => match literal_token(lit) {
            Some(kind) => p.kind() == kind,
            None => p.is_keyword(lit),
        },
        Some(Elem::Operands) => p.kind() == Tok::PercentId,
        Some(Elem::Successors) => p.kind() == Tok::CaretId,
        Some(Elem::Regions | Elem::Region) => p.kind() == Tok::LBrace,
        Some(Elem::Signature(_)) => p.kind() == Tok::LParen,
        Some(Elem::Visibility(_)) => ["private", "nested", "public"]
            .iter()
            .any(|k| p.is_keyword(k)),
        Some(Elem::AttrDict { keyword: false }) => p.kind() == Tok::LBrace,
        Some(Elem::AttrDict { keyword: true }) => p.is_keyword("attributes"),
        Some(Elem::Symbol(_)) => p.kind() == Tok::AtId,
        Some(Elem::OperandTypes | Elem::ResultTypes | Elem::SameType) => p.at_type(),
        Some(Elem::FunctionalType) => p.kind() == Tok::LParen,
        Some(Elem::Attr(_)) | Some(Elem::Optional(_)) | None => false,
    }
}

fn uses_same_type(elems: &[Elem]) -> bool {
    elems.iter().any(|e| match e {
        Elem::SameType => true,
        Elem::Optional(group) => uses_same_type(group),
        _ => false,
    })
}

fn collect_attrs(elems: &[Elem], out: &mut Vec<String>) {
    for e in elems {
        match e {
            Elem::Attr(n) | Elem::Symbol(n) | Elem::Signature(n) | Elem::Visibility(n) => {
                out.push(n.clone())
            }
            Elem::Optional(g) => collect_attrs(g, out),
            _ => {}
        }
    }
}

/// Splits a spec into words, backtick literals and parentheses.
fn split_spec(spec: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut chars = spec.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            ' ' | '\n' | '\t' => {}
            '`' => {
                let rest = &spec[i + 1..];
                let end = rest.find('`').ok_or("unterminated literal")?;
                out.push(format!("`{}", &rest[..end]));
                for _ in 0..=end {
                    chars.next();
                }
            }
            '(' | ')' | ',' => {
                let mut tok = c.to_string();
                if c == ')' && chars.peek().map(|p| p.1) == Some('?') {
                    chars.next();
                    tok.push('?');
                }
                out.push(tok);
            }
            _ => {
                let rest = &spec[i..];
                let len = rest
                    .find([' ', '(', ')', ',', '`', '\n', '\t'])
                    .unwrap_or(rest.len());
                out.push(rest[..len].to_string());
                for _ in 1..len {
                    chars.next();
                }
            }
        }
    }
    Ok(out)
}

fn compile_seq(tokens: &[String], pos: &mut usize, in_group: bool) -> Result<Vec<Elem>, String> {
    let mut elems = Vec::new();
    while *pos < tokens.len() {
        let tok = tokens[*pos].as_str();
        *pos += 1;
        let elem = match tok {
            ")?" if in_group => return Ok(elems),
            "(" => {
                let group = compile_seq(tokens, pos, true)?;
                if group.is_empty() {
                    return Err("empty optional group".into());
                }
                Elem::Optional(group)
            }
            "operands" => Elem::Operands,
            "successors" => Elem::Successors,
            "regions" => Elem::Regions,
            "region" => Elem::Region,
            "attr-dict" => Elem::AttrDict { keyword: false },
            "attr-dict-with-keyword" => Elem::AttrDict { keyword: true },
            "type" | "symbol" | "functional-type" | "function-signature" | "visibility" => {
                let args = directive_args(tokens, pos)?;
                match (tok, args.as_slice()) {
                    ("type", [a]) if a == "operands" => Elem::OperandTypes,
                    ("type", [a]) if a == "results" => Elem::ResultTypes,
                    ("type", [a]) if a == "all" => Elem::SameType,
                    ("symbol", [a]) if a.starts_with('$') => Elem::Symbol(a[1..].to_string()),
                    ("function-signature", [a]) if a.starts_with('$') => {
                        Elem::Signature(a[1..].to_string())
                    }
                    ("visibility", [a]) if a.starts_with('$') => {
                        Elem::Visibility(a[1..].to_string())
                    }
                    ("functional-type", [a, b]) if a == "operands" && b == "results" => {
                        Elem::FunctionalType
                    }
                    _ => return Err(format!("bad arguments to `{tok}`: {args:?}")),
                }
            }
            _ if tok.starts_with('`') => Elem::Literal(tok[1..].to_string()),
            _ if tok.starts_with('$') && tok.len() > 1 => Elem::Attr(tok[1..].to_string()),
            _ => return Err(format!("unknown format element `{tok}`")),
        };
        elems.push(elem);
    }
    if in_group {
        return Err("optional group is not closed with `)?`".into());
    }
    Ok(elems)
}

fn directive_args(tokens: &[String], pos: &mut usize) -> Result<Vec<String>, String> {
    if tokens.get(*pos).map(String::as_str) != Some("(") {
        return Err("expected `(` after directive".into());
    }
    *pos += 1;
    let mut args = Vec::new();
    loop {
        match tokens.get(*pos).map(String::as_str) {
            Some(")") => {
                *pos += 1;
                return Ok(args);
            }
            Some(",") => *pos += 1,
            Some(arg) => {
                args.push(arg.to_string());
                *pos += 1;
            }
            None => return Err("unterminated directive arguments".into()),
        }
    }
}
