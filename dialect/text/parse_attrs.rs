//! Parsing attributes: literals (integers, floats, bools, strings, unit),
//! arrays, dense arrays, dictionaries, dense vector elements, symbol
//! references, types, `#alias` references and dialect attributes.

use super::lexer::Tok;
use super::parser::{parse_int_text, PResult, Parser};
use crate::ir::{Attr, AttrData, Ident, Signedness, Type, TypeData};

/// A number literal before its type is known.
#[derive(Clone, Copy)]
enum Number {
    Int {
        negative: bool,
        magnitude: u128,
        hex: bool,
    },
    Float(f64),
    Bool(bool),
}

/// A dense-elements literal: a number or a nested list.
enum DenseLiteral {
    Number(Number, crate::ir::Location),
    List(Vec<DenseLiteral>),
}

impl<'s> Parser<'s, '_> {
    /// Parses a string literal, unescaping `\\`, `\"`, `\n`, `\t` and `\XX`.
    pub fn parse_string_literal(&mut self) -> PResult<String> {
        if self.kind() != Tok::String {
            return Err(self.error_here("expected string literal"));
        }
        let text = self.text();
        let s = unescape(&text[1..text.len() - 1])
            .ok_or_else(|| self.error_here("invalid escape in string literal"))?;
        self.advance();
        Ok(s)
    }

    /// Parses a string literal straight into an interned string (no
    /// allocation unless it has escapes).
    pub fn parse_string_ident(&mut self) -> PResult<Ident> {
        if self.kind() != Tok::String {
            return Err(self.error_here("expected string literal"));
        }
        let text = self.text();
        let body = &text[1..text.len() - 1];
        let id = if body.contains('\\') {
            let s = unescape(body)
                .ok_or_else(|| self.error_here("invalid escape in string literal"))?;
            self.ctx.ident(&s)
        } else {
            self.ctx.ident(body)
        };
        self.advance();
        Ok(id)
    }

    /// Parses `@name` or `@"quoted"`, returning the name.
    pub fn parse_symbol_name(&mut self) -> PResult<Ident> {
        if self.kind() != Tok::AtId {
            return Err(self.error_here("expected symbol name"));
        }
        let text = self.id_body();
        let name = if let Some(quoted) = text.strip_prefix('"') {
            unescape(&quoted[..quoted.len() - 1])
                .ok_or_else(|| self.error_here("invalid escape in symbol name"))?
        } else {
            text.to_string()
        };
        self.advance();
        Ok(self.ctx.ident(&name))
    }

    /// Parses `{name = attr, unit_name, ...}`.
    pub fn parse_attr_dict(&mut self) -> PResult<Attr> {
        let mut seen = Vec::new();
        let entries = self.parse_delimited(
            Tok::LBrace,
            Tok::RBrace,
            "'{' in attribute dictionary",
            |p| {
                let loc = p.loc();
                let name = match p.kind() {
                    Tok::BareId => {
                        let n = p.ctx.ident(p.text());
                        p.advance();
                        n
                    }
                    Tok::String => p.parse_string_ident()?,
                    _ => return Err(p.error_here("expected attribute name")),
                };
                if p.ctx.str(name).is_empty() {
                    return Err(p.error_at(loc, "expected valid attribute name"));
                }
                let value = if p.eat(Tok::Equal) {
                    p.parse_attribute()?
                } else {
                    p.ctx.unit_attr()
                };
                Ok((name, value, loc))
            },
        )?;
        let mut list = Vec::with_capacity(entries.len());
        for (name, value, loc) in entries {
            if seen.contains(&name) {
                let text = self.ctx.str(name).to_string();
                return Err(self.error_at(
                    loc,
                    format!("duplicate key '{text}' in dictionary attribute"),
                ));
            }
            seen.push(name);
            list.push((name, value));
        }
        Ok(self.ctx.dictionary_attr(list))
    }

    /// Parses any attribute value.
    pub fn parse_attribute(&mut self) -> PResult<Attr> {
        self.nested(|p| p.parse_attribute_here())
    }

    fn parse_attribute_here(&mut self) -> PResult<Attr> {
        let loc = self.loc();
        match self.kind() {
            Tok::LBrace => self.parse_attr_dict(),
            Tok::LSquare => {
                let elems = self
                    .parse_delimited(Tok::LSquare, Tok::RSquare, "'['", |p| p.parse_attribute())?;
                Ok(self.ctx.array_attr(elems))
            }
            Tok::String => {
                let s = self.parse_string_ident()?;
                Ok(self.ctx.intern_attr(AttrData::String(s)))
            }
            Tok::AtId => self.parse_symbol_ref(),
            Tok::HashId => self.parse_dialect_or_alias_attr(),
            Tok::Integer | Tok::Float | Tok::Minus => {
                let number = self.parse_number()?;
                let ty = if self.eat(Tok::Colon) {
                    Some(self.parse_type()?)
                } else {
                    None
                };
                self.number_attr(number, ty, loc)
            }
            Tok::BareId => match self.text() {
                "true" | "false" => {
                    let value = self.text() == "true";
                    self.advance();
                    Ok(self.ctx.bool_attr(value))
                }
                "unit" => {
                    self.advance();
                    Ok(self.ctx.unit_attr())
                }
                "dense" => self.parse_dense_elements(),
                "array" => self.parse_dense_array(),
                _ if self.at_type() => {
                    let ty = self.parse_type()?;
                    Ok(self.ctx.type_attr(ty))
                }
                other => Err(self.error_here(format!("expected attribute value, found '{other}'"))),
            },
            Tok::LParen | Tok::ExclaimId => {
                let ty = self.parse_type()?;
                Ok(self.ctx.type_attr(ty))
            }
            _ => Err(self.error_here("expected attribute value")),
        }
    }

    fn parse_symbol_ref(&mut self) -> PResult<Attr> {
        let root = self.parse_symbol_name()?;
        let mut nested = Vec::new();
        while self.kind() == Tok::Colon && self.peek_next_kind() == Tok::Colon {
            self.advance();
            self.advance();
            nested.push(self.parse_symbol_name()?);
        }
        Ok(self.ctx.intern_attr(AttrData::SymbolRef {
            root,
            nested: nested.into(),
        }))
    }

    fn parse_dialect_or_alias_attr(&mut self) -> PResult<Attr> {
        self.parse_dialect_symbol(
            |p, name| p.attr_aliases.get(name).copied(),
            |hooks, p, mnemonic| hooks.parse_attr(p, mnemonic),
            |hooks, mnemonic| hooks.has_attr(mnemonic),
            |ctx, dialect, body| ctx.opaque_attr(dialect, body),
        )
    }

    fn parse_number(&mut self) -> PResult<Number> {
        let negative = self.eat(Tok::Minus);
        let text = self.text();
        let number = match self.kind() {
            Tok::Integer => {
                let magnitude = parse_int_text(text)
                    .ok_or_else(|| self.error_here("integer literal is too large"))?;
                Number::Int {
                    negative,
                    magnitude,
                    hex: text.starts_with("0x"),
                }
            }
            Tok::Float => {
                let value: f64 = text
                    .parse()
                    .map_err(|_| self.error_here("invalid float literal"))?;
                Number::Float(if negative { -value } else { value })
            }
            Tok::BareId if matches!(text, "true" | "false") => Number::Bool(text == "true"),
            _ => return Err(self.error_here("expected integer or float literal")),
        };
        self.advance();
        Ok(number)
    }

    /// A typed attribute from a literal: integers default to i64, floats to f64.
    fn number_attr(
        &mut self,
        number: Number,
        ty: Option<Type>,
        loc: crate::ir::Location,
    ) -> PResult<Attr> {
        let ty = match (ty, number) {
            (Some(ty), _) => ty,
            (None, Number::Float(_)) => self.ctx.float_type(crate::ir::FloatKind::F64),
            (None, _) => self.ctx.int_type(64),
        };
        self.typed_number(number, ty, loc)
    }

    fn typed_number(
        &mut self,
        number: Number,
        ty: Type,
        loc: crate::ir::Location,
    ) -> PResult<Attr> {
        match (self.ctx.type_data(ty).clone(), number) {
            (TypeData::Float(kind), Number::Float(v)) => Ok(self.ctx.float_attr_f64(kind, v)),
            (
                TypeData::Float(kind),
                Number::Int {
                    negative,
                    magnitude,
                    hex,
                },
            ) => {
                if hex {
                    if negative || magnitude >> kind.width() != 0 {
                        return Err(
                            self.error_at(loc, "hexadecimal float constant out of range for type")
                        );
                    }
                    return Ok(self.ctx.float_attr(ty, magnitude as u64));
                }
                let v = magnitude as f64;
                Ok(self.ctx.float_attr_f64(kind, if negative { -v } else { v }))
            }
            (
                TypeData::Integer { width, signedness },
                Number::Int {
                    negative,
                    magnitude,
                    ..
                },
            ) => {
                let value = fit_integer(width, signedness, negative, magnitude)
                    .map_err(|msg| self.error_at(loc, msg))?;
                Ok(self.ctx.integer_attr(ty, value))
            }
            (TypeData::Integer { width: 1, .. }, Number::Bool(b)) => Ok(self.ctx.bool_attr(b)),
            (
                TypeData::Index,
                Number::Int {
                    negative,
                    magnitude,
                    ..
                },
            ) => {
                let value = fit_integer(64, Signedness::Signed, negative, magnitude)
                    .map_err(|msg| self.error_at(loc, msg))?;
                Ok(self.ctx.integer_attr(ty, value))
            }
            (_, Number::Float(_)) => {
                Err(self.error_at(loc, "floating point value not valid for specified type"))
            }
            _ => Err(self.error_at(loc, "integer literal not valid for specified type")),
        }
    }

    /// `dense<literal> : vector<...>`.
    fn parse_dense_elements(&mut self) -> PResult<Attr> {
        self.advance();
        self.expect(Tok::Less, "'<' after 'dense'")?;
        let literal = if self.kind() == Tok::Greater {
            DenseLiteral::List(Vec::new())
        } else {
            self.parse_dense_literal(0)?
        };
        self.expect(Tok::Greater, "'>'")?;
        self.expect(Tok::Colon, "':' and a type after dense elements")?;
        let type_loc = self.loc();
        let ty = self.parse_type()?;
        let TypeData::Vector { shape, elem, .. } = self.ctx.type_data(ty).clone() else {
            return Err(self.error_at(type_loc, "dense elements need a vector type"));
        };
        let mut numbers = Vec::new();
        let splat = matches!(literal, DenseLiteral::Number(..));
        if !splat {
            check_shape(&literal, &shape, &mut numbers).map_err(|msg| {
                self.error_at(
                    type_loc,
                    format!("dense literal does not match the type's shape: {msg}"),
                )
            })?;
        } else if let DenseLiteral::Number(n, loc) = literal {
            numbers.push((n, loc));
        }
        let mut elems = Vec::with_capacity(numbers.len());
        for (n, loc) in numbers {
            elems.push(self.typed_number(n, elem, loc)?);
        }
        Ok(self.ctx.dense_elements_attr(ty, elems))
    }

    fn parse_dense_literal(&mut self, depth: u32) -> PResult<DenseLiteral> {
        if depth > 64 {
            return Err(self.error_here("dense literal nests too deeply"));
        }
        if self.kind() == Tok::LSquare {
            let items = self.parse_delimited(Tok::LSquare, Tok::RSquare, "'['", |p| {
                p.parse_dense_literal(depth + 1)
            })?;
            return Ok(DenseLiteral::List(items));
        }
        let loc = self.loc();
        Ok(DenseLiteral::Number(self.parse_number()?, loc))
    }

    /// `array<i32: 1, 2>` or `array<f32: 1.0>`.
    fn parse_dense_array(&mut self) -> PResult<Attr> {
        self.advance();
        self.expect(Tok::Less, "'<' after 'array'")?;
        let elem = self.parse_type()?;
        let mut values = Vec::new();
        if self.eat(Tok::Colon) {
            values = self.parse_comma_list(|p| {
                let loc = p.loc();
                let n = p.parse_number()?;
                let attr = p.typed_number(n, elem, loc)?;
                Ok(match *p.ctx.attr_data(attr) {
                    AttrData::Integer { value, .. } => value as i64,
                    AttrData::Float { bits, .. } => bits as i64,
                    _ => 0,
                })
            })?;
        }
        self.expect(Tok::Greater, "'>' to close an array attribute")?;
        let ok = matches!(
            self.ctx.type_data(elem),
            TypeData::Integer { .. } | TypeData::Float(_)
        );
        if !ok {
            return Err(self.error_here("dense array elements must be integers or floats"));
        }
        Ok(self.ctx.dense_array_attr(elem, values))
    }
}

/// Flattens a nested literal, checking it against `shape`.
fn check_shape(
    lit: &DenseLiteral,
    shape: &[u64],
    out: &mut Vec<(Number, crate::ir::Location)>,
) -> Result<(), String> {
    match (lit, shape.split_first()) {
        (DenseLiteral::Number(n, loc), None) => {
            out.push((*n, *loc));
            Ok(())
        }
        (DenseLiteral::List(items), Some((&dim, rest))) => {
            if items.len() as u64 != dim {
                return Err(format!("expected {dim} elements, found {}", items.len()));
            }
            items
                .iter()
                .try_for_each(|item| check_shape(item, rest, out))
        }
        (DenseLiteral::Number(..), Some(_)) => Err("expected a nested list".into()),
        (DenseLiteral::List(_), None) => Err("too many nesting levels".into()),
    }
}

/// The stored value of an integer literal of type `iN`/`siN`/`uiN`, or why it
/// does not fit.
pub fn fit_integer(
    width: u32,
    signedness: Signedness,
    negative: bool,
    magnitude: u128,
) -> Result<i128, String> {
    if width > 127 {
        return Err("integer attributes wider than 127 bits are not supported".into());
    }
    let out_of_range = || "integer constant out of range for attribute".to_string();
    let limit = 1u128 << width;
    match signedness {
        Signedness::Unsigned => {
            if negative {
                return Err("negative integer literal not valid for unsigned integer type".into());
            }
            if magnitude >= limit {
                return Err(out_of_range());
            }
            Ok(magnitude as i128)
        }
        _ => {
            let half = limit >> 1;
            if negative {
                if magnitude > half && !(width == 1 && magnitude == 1) {
                    return Err(out_of_range());
                }
                return Ok(sign_extend(width, (limit - magnitude) & (limit - 1)));
            }
            if magnitude >= limit
                || (signedness == Signedness::Signed && magnitude >= half && width > 1)
            {
                return Err(out_of_range());
            }
            Ok(sign_extend(width, magnitude))
        }
    }
}

fn sign_extend(width: u32, bits: u128) -> i128 {
    let shift = 128 - width;
    ((bits << shift) as i128) >> shift
}

/// Undoes MLIR string escapes.
pub fn unescape(body: &str) -> Option<String> {
    let bytes = body.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        i += 1;
        if c != b'\\' {
            out.push(c);
            continue;
        }
        let e = *bytes.get(i)?;
        i += 1;
        match e {
            b'\\' | b'"' => out.push(e),
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            _ => {
                let hex = std::str::from_utf8(bytes.get(i - 1..i + 1)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}
