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
//! - `properties($a, ...)` names inherent attributes that an `attr-dict`
//!   parses into the op's properties (prints nothing itself);
//! - `discardable($a, ...)` names attributes a directive prints that are
//!   discardable (not kept in the properties);
//! - `custom<Name>($a, ...)` a hand-written directive registered with
//!   [`super::Syntax::add_directive`], printing and parsing the attributes
//!   it names (and whatever else of the op it chooses);
//! - `( ... )?` an optional group, present when its first non-literal
//!   element has something to print (parsed when the next token can start it).
//!
//! Parsing a custom form learns the result count from the names bound to it
//! (`%0 = ...`, `%0:2 = ...`) when no directive gives result types.

use super::format_signature::{parse_signature, print_signature};
use super::format_spec::{collect_attrs, compile_seq, split_spec};
use super::lexer::Tok;
use super::parser::{ArgDecl, PResult, ParsedOp, Parser};
use super::printer::Printer;
use crate::ir::{Attr, AttrData, Ident, Location, Op, OpSpec, Type};

/// Prints a hand-written piece of a custom form, writing its own leading
/// space; gets the attribute names the directive was given.
pub type PrintDirective = fn(&mut Printer, Op, &[String]);
/// Parses a hand-written piece of a custom form into the parse state.
pub type ParseDirective =
    for<'s> fn(&mut Parser<'s, '_>, &mut FormState<'s>, &[String]) -> PResult<()>;

/// Whether a directive can print `op` given its attribute names (an op
/// that verification would reject may lack what it prints).
pub type PrintableCheck = fn(&crate::ir::Context, Op, &[String]) -> bool;

/// A `custom<Name>` directive: its printer and parser, and the check that
/// the op has what it prints (`None`: always; an op failing it prints in
/// generic form).
#[derive(Clone, Copy)]
pub struct Directive {
    pub print: PrintDirective,
    pub parse: ParseDirective,
    pub required: Option<PrintableCheck>,
}

impl std::fmt::Debug for Directive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Directive")
    }
}

#[derive(Clone, Debug)]
pub(super) enum Elem {
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
    Properties(Vec<String>),
    Discardable(Vec<String>),
    Custom(Directive, Vec<String>),
}

/// A compiled custom assembly format.
#[derive(Clone, Debug)]
pub struct OpFormat {
    elems: Vec<Elem>,
    /// Attributes printed by their own directives (excluded from attr-dict).
    named_attrs: Vec<String>,
    /// Attributes an attr-dict parses into the properties.
    inherent: Vec<String>,
    /// Attributes directives print that are not properties.
    discardable: Vec<String>,
}

impl OpFormat {
    /// Compiles a spec (see the module docs).
    /// Compiles a spec (see the module docs); `directive` looks up the
    /// `custom<Name>` directives.
    pub fn compile(
        spec: &str,
        directive: &dyn Fn(&str) -> Option<Directive>,
    ) -> Result<OpFormat, String> {
        let tokens = split_spec(spec)?;
        let mut pos = 0;
        let elems = compile_seq(&tokens, &mut pos, false, directive)?;
        let mut named_attrs = Vec::new();
        let mut inherent = Vec::new();
        let mut discardable = Vec::new();
        collect_attrs(&elems, &mut named_attrs, &mut inherent, &mut discardable);
        Ok(OpFormat {
            elems,
            named_attrs,
            inherent,
            discardable,
        })
    }

    /// Whether `name` is an inherent attribute of the op (kept in its
    /// properties): one the format prints or declares inherent, and not
    /// declared discardable.
    pub fn is_inherent(&self, name: &str) -> bool {
        self.named_attrs
            .iter()
            .chain(&self.inherent)
            .any(|n| n == name)
            && !self.discardable.iter().any(|n| n == name)
    }

    /// Whether `op` has what this format prints: the attributes its
    /// directives require outside optional groups. (Ops that fail verification
    /// may lack them; they print in generic form.)
    pub fn can_print(&self, ctx: &crate::ir::Context, op: Op) -> bool {
        self.elems.iter().all(|elem| match elem {
            Elem::Attr(name) | Elem::Signature(name) => ctx.attr(op, name).is_some(),
            Elem::Symbol(name) => (ctx.attr(op, name))
                .is_some_and(|a| matches!(ctx.attr_data(a), AttrData::String(_))),
            Elem::Custom(directive, names) => {
                directive.required.map_or(true, |ok| ok(ctx, op, names))
            }
            // One type printed for all operands and results.
            Elem::SameType => all_same(
                (ctx.operands(op).map(|v| ctx.value_type(v)))
                    .chain(ctx.results(op).iter().map(|&r| ctx.value_type(r))),
            ),
            _ => true,
        })
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
                    st.emit(p, false);
                    print_dict_entries(p, &entries, *keyword);
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
            Elem::Properties(_) | Elem::Discardable(_) => {}
            Elem::Custom(directive, names) => {
                st.after_open = false;
                (directive.print)(p, op, names);
            }
        }
    }

    fn has_signature(&self) -> bool {
        self.elems.iter().any(|e| matches!(e, Elem::Signature(_)))
    }

    /// Attributes for `attr-dict`: properties and discardable attributes not
    /// printed by another directive, sorted by name.
    fn dict_entries(&self, p: &Printer, op: Op) -> Vec<(Ident, Attr)> {
        attr_dict_entries(p, op, &|name| self.named_attrs.iter().any(|n| n == name))
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
        let mut st = FormState {
            parsed: ParsedOp {
                spec: OpSpec::new(name, loc),
                operands: Vec::new(),
                operand_types: Vec::new(),
                regions: Vec::new(),
            },
            props: Vec::new(),
            attrs: Vec::new(),
            results_known: false,
            entry_args: Vec::new(),
            bound_results,
        };
        self.parse_seq(p, &self.elems, &mut st)?;
        let FormState {
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
        if !attrs.is_empty() {
            parsed.spec.attributes = Some(p.ctx.dictionary_attr(attrs));
        }
        Ok(parsed)
    }

    fn parse_seq<'s>(
        &self,
        p: &mut Parser<'s, '_>,
        elems: &[Elem],
        st: &mut FormState<'s>,
    ) -> PResult<()> {
        for elem in elems {
            self.parse_elem(p, elem, st)?;
        }
        Ok(())
    }

    fn parse_elem<'s>(
        &self,
        p: &mut Parser<'s, '_>,
        elem: &Elem,
        st: &mut FormState<'s>,
    ) -> PResult<()> {
        let bound = st.bound_results;
        match elem {
            Elem::Literal(lit) if lit == " " => {}
            Elem::Literal(lit) => parse_literal(p, lit)?,
            Elem::Operands => {
                // A comma not followed by a value ends the list (what
                // follows belongs to the next element).
                if p.kind() == Tok::PercentId {
                    st.parsed.operands.push(p.parse_operand_ref()?);
                    while p.kind() == Tok::Comma && p.peek_next_kind() == Tok::PercentId {
                        p.advance();
                        st.parsed.operands.push(p.parse_operand_ref()?);
                    }
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
                let signature = parse_signature(p)?;
                let value = p.ctx.type_attr(signature.ty);
                st.set_prop(p.ctx, name, value);
                for (key, dicts) in [
                    ("arg_attrs", signature.arg_attrs),
                    ("res_attrs", signature.res_attrs),
                ] {
                    if dicts.iter().any(|&d| !p.ctx.dict_entries(d).is_empty()) {
                        let value = p.ctx.array_attr(dicts);
                        st.set_prop(p.ctx, key, value);
                    }
                }
                st.entry_args = signature.args;
            }
            Elem::AttrDict { keyword } => {
                let inherent = |name: &str| {
                    self.named_attrs
                        .iter()
                        .chain(&self.inherent)
                        .any(|a| a == name)
                };
                parse_attr_dict_into(p, st, &inherent, *keyword)?;
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
                    self.parse_seq(p, group, st)?;
                }
            }
            Elem::Properties(_) | Elem::Discardable(_) => {}
            Elem::Custom(directive, names) => (directive.parse)(p, st, names)?,
        }
        Ok(())
    }
}

/// The attributes of `op` (properties and discardable ones) an attribute
/// dictionary prints: all but those `printed_elsewhere`, sorted by name.
pub fn attr_dict_entries(
    p: &Printer,
    op: Op,
    printed_elsewhere: &dyn Fn(&str) -> bool,
) -> Vec<(Ident, Attr)> {
    let ctx = p.ctx;
    let props = ctx
        .properties(op)
        .map(|a| ctx.dict_entries(a))
        .unwrap_or(&[]);
    let mut entries: Vec<(Ident, Attr)> = props
        .iter()
        .chain(ctx.dict_entries(ctx.attributes(op)))
        .filter(|(name, _)| !printed_elsewhere(ctx.str(*name)))
        .copied()
        .collect();
    entries.sort_by(|a, b| ctx.str(a.0).cmp(ctx.str(b.0)));
    entries
}

/// Prints ` {a = 1, b}` (` attributes {...}` with `keyword`); nothing when
/// `entries` is empty.
pub fn print_dict_entries(p: &mut Printer, entries: &[(Ident, Attr)], keyword: bool) {
    if entries.is_empty() {
        return;
    }
    let ctx = p.ctx;
    p.write(if keyword { " attributes {" } else { " {" });
    for (i, &(name, value)) in entries.iter().enumerate() {
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

/// Parses an optional attribute dictionary (after `attributes` with
/// `keyword`): the `inherent` names go to the properties, the rest are
/// discardable attributes.
pub fn parse_attr_dict_into(
    p: &mut Parser,
    st: &mut FormState,
    inherent: &dyn Fn(&str) -> bool,
    keyword: bool,
) -> PResult<()> {
    let present = if keyword {
        p.eat_keyword("attributes")
    } else {
        p.kind() == Tok::LBrace
    };
    if present {
        let dict = p.parse_attr_dict()?;
        let entries: Vec<(Ident, Attr)> = p.ctx.dict_entries(dict).to_vec();
        let (props, attrs): (Vec<_>, Vec<_>) = entries
            .into_iter()
            .partition(|(n, _)| inherent(p.ctx.str(*n)));
        st.props.extend(props);
        st.attrs.extend(attrs);
    }
    Ok(())
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

/// What parsing a custom form has gathered so far; custom directives fill
/// it in.
pub struct FormState<'s> {
    pub parsed: ParsedOp<'s>,
    /// Entry-block arguments declared by a signature.
    pub entry_args: Vec<ArgDecl<'s>>,
    /// Inherent attributes (kept in the op's properties).
    pub props: Vec<(Ident, Attr)>,
    /// Discardable attributes.
    pub attrs: Vec<(Ident, Attr)>,
    /// Whether the result types are known.
    pub results_known: bool,
    /// How many result names are bound to the op.
    pub bound_results: usize,
}

impl FormState<'_> {
    /// Records the inherent attribute `name`.
    pub fn set_prop(&mut self, ctx: &mut crate::ir::Context, name: &str, value: Attr) {
        let name = ctx.ident(name);
        self.props.push((name, value));
    }

    /// Records the discardable attribute `name`.
    pub fn set_attr(&mut self, ctx: &mut crate::ir::Context, name: &str, value: Attr) {
        let name = ctx.ident(name);
        self.attrs.push((name, value));
    }

    /// Sets the result types (one per bound name when the op may have none).
    pub fn set_results(&mut self, types: Vec<Type>) {
        self.parsed.spec.result_types = types;
        self.results_known = true;
    }
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
        Some(
            Elem::Attr(_)
            | Elem::Optional(_)
            | Elem::Properties(_)
            | Elem::Discardable(_)
            | Elem::Custom(..),
        )
        | None => false,
    }
}

/// Whether every type `types` yields is the same.
pub fn all_same(mut types: impl Iterator<Item = Type>) -> bool {
    let first = types.next();
    types.all(|t| Some(t) == first)
}
