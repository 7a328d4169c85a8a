//! Parsing types: builtin integer, index, float, none, vector, tuple and
//! function types, `!alias` references and dialect types (through the
//! dialect's hook, or kept opaque).

use super::lexer::Tok;
use super::parser::{PResult, Parser};
use super::syntax::DialectSyntax;
use crate::ir::types::MAX_INT_WIDTH;
use crate::ir::{Context, FloatKind, Signedness, Type};

impl<'s> Parser<'s, '_> {
    /// Whether the current token can start a type.
    pub fn at_type(&self) -> bool {
        match self.kind() {
            Tok::LParen | Tok::ExclaimId => true,
            Tok::BareId => is_type_keyword(self.text()),
            _ => false,
        }
    }

    pub fn parse_type(&mut self) -> PResult<Type> {
        self.nested(|p| p.parse_type_here())
    }

    fn parse_type_here(&mut self) -> PResult<Type> {
        match self.kind() {
            Tok::LParen => self.parse_function_type(),
            Tok::ExclaimId => self.parse_dialect_or_alias_type(),
            Tok::BareId => self.parse_builtin_type(),
            _ => Err(self.error_here("expected non-function type")),
        }
    }

    /// `(types) -> results`.
    pub fn parse_function_type(&mut self) -> PResult<Type> {
        let inputs =
            self.parse_delimited(Tok::LParen, Tok::RParen, "'(' in function type", |p| {
                p.parse_type()
            })?;
        self.expect(Tok::Arrow, "'->' in function type")?;
        let results = self.parse_function_results()?;
        Ok(self.ctx.function_type(&inputs, &results))
    }

    /// `(types)` or one non-function type.
    pub fn parse_function_results(&mut self) -> PResult<Vec<Type>> {
        if self.kind() == Tok::LParen {
            self.parse_delimited(Tok::LParen, Tok::RParen, "'('", |p| p.parse_type())
        } else {
            Ok(vec![self.parse_type()?])
        }
    }

    /// `type (',' type)*`.
    pub fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        self.parse_comma_list(|p| p.parse_type())
    }

    fn parse_builtin_type(&mut self) -> PResult<Type> {
        let text = self.text();
        let ty = match text {
            "index" => self.ctx.index_type(),
            "none" => self.ctx.none_type(),
            "f16" => self.ctx.float_type(FloatKind::F16),
            "bf16" => self.ctx.float_type(FloatKind::BF16),
            "f32" => self.ctx.float_type(FloatKind::F32),
            "f64" => self.ctx.float_type(FloatKind::F64),
            "vector" => {
                self.advance();
                return self.parse_vector_type();
            }
            "tuple" => {
                self.advance();
                let elems =
                    self.parse_delimited(Tok::Less, Tok::Greater, "'<' in tuple type", |p| {
                        p.parse_type()
                    })?;
                return Ok(self.ctx.tuple_type(&elems));
            }
            _ => match integer_keyword(text) {
                Some((width, signedness)) => {
                    if width == 0 || width > MAX_INT_WIDTH {
                        return Err(self.error_here(format!("invalid integer width in '{text}'")));
                    }
                    self.ctx.integer_type(width, signedness)
                }
                None => {
                    return Err(
                        self.error_here(format!("expected non-function type, found '{text}'"))
                    )
                }
            },
        };
        self.advance();
        Ok(ty)
    }

    /// `<4x[8]xf32>` after the `vector` keyword: the shape is scanned from
    /// the raw text since `4xf32` is not tokenized as dimensions.
    /// Parses `4x[8]x` (dimensions, each followed by `x`, scalable ones in
    /// brackets) up to the element type: scanned from the raw text since
    /// `4xf32` does not tokenize as dimensions. Returns the shape and the
    /// scalable-dimension bit set.
    pub fn parse_dimension_list(&mut self) -> PResult<(Vec<u64>, u64)> {
        let rest = self.rest_from_token().as_bytes();
        let mut shape = Vec::new();
        let mut scalable = 0u64;
        let mut i = 0;
        loop {
            let bracket = rest.get(i) == Some(&b'[');
            let digits_at = i + bracket as usize;
            let len = rest[digits_at..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            if len == 0 {
                break;
            }
            let dim: u64 = std::str::from_utf8(&rest[digits_at..digits_at + len])
                .ok()
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| self.error_here("dimension is too large"))?;
            let mut end = digits_at + len;
            if bracket {
                if rest.get(end) != Some(&b']') {
                    return Err(self.error_here("expected ']' after scalable dimension"));
                }
                end += 1;
                if shape.len() < 64 {
                    scalable |= 1 << shape.len();
                }
            }
            if rest.get(end) != Some(&b'x') {
                return Err(self.error_here("expected 'x' in dimension list"));
            }
            if dim == 0 {
                return Err(self.error_here("dimensions must be positive constants"));
            }
            shape.push(dim);
            i = end + 1;
        }
        if shape.is_empty() {
            return Err(self.error_here("expected dimension size"));
        }
        self.skip_raw(i);
        Ok((shape, scalable))
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        self.expect(Tok::Less, "'<' in vector type")?;
        let (shape, scalable) = self.parse_dimension_list()?;
        let elem = self.parse_type()?;
        self.expect(Tok::Greater, "'>' in vector type")?;
        let elem_ok = matches!(
            self.ctx.type_data(elem),
            crate::ir::TypeData::Integer { .. }
                | crate::ir::TypeData::Float(_)
                | crate::ir::TypeData::Index
        );
        if !elem_ok {
            return Err(self.error_here("vector elements must be int/index/float type"));
        }
        let data = crate::ir::TypeData::Vector {
            shape: shape.into(),
            scalable,
            elem,
        };
        Ok(self.ctx.intern_type(data))
    }

    fn parse_dialect_or_alias_type(&mut self) -> PResult<Type> {
        self.parse_dialect_symbol(
            |p, name| p.type_aliases.get(name).copied(),
            |hooks, p, mnemonic| hooks.parse_type(p, mnemonic),
            |hooks, mnemonic| hooks.has_type(mnemonic),
            |ctx, dialect, body| ctx.opaque_type(dialect, body),
        )
    }

    /// Parses `!name`/`#name` at the current token: an alias, a dialect
    /// type or attribute through its dialect's hook, or opaque text for a
    /// dialect (or a mnemonic of it) without registered syntax.
    pub(crate) fn parse_dialect_symbol<T>(
        &mut self,
        alias: impl Fn(&Self, &str) -> Option<T>,
        hook: impl Fn(&dyn DialectSyntax, &mut Self, &str) -> PResult<T>,
        known: impl Fn(&dyn DialectSyntax, &str) -> bool,
        opaque: impl Fn(&mut Context, &str, &str) -> T,
    ) -> PResult<T> {
        let tok = self.token();
        let name = self.id_body();
        self.advance();
        let (dialect, mnemonic) = match name.split_once('.') {
            Some(split) => split,
            None => {
                if let Some(found) = alias(self, name) {
                    return Ok(found);
                }
                if self.kind() != Tok::Less || !self.touches(tok.end) {
                    let message = format!("undefined symbol alias id '{name}'");
                    return Err(self.error_at(self.loc_of(tok), message));
                }
                (name, "")
            }
        };
        if let Some(hooks) = self.syntax.dialect(dialect) {
            if known(hooks, mnemonic) {
                return hook(hooks, self, mnemonic);
            }
        }
        let body = self.opaque_body(tok.end)?;
        let body = format!("{}{body}", &name[dialect.len()..]);
        Ok(opaque(self.ctx, dialect, &body))
    }

    /// The `<...>` directly after a dialect identifier, if any.
    pub(crate) fn opaque_body(&mut self, ident_end: u32) -> PResult<&'s str> {
        if self.kind() == Tok::Less && self.touches(ident_end) {
            self.take_balanced()
        } else {
            Ok("")
        }
    }
}

fn is_type_keyword(text: &str) -> bool {
    matches!(
        text,
        "index" | "none" | "f16" | "bf16" | "f32" | "f64" | "vector" | "tuple"
    ) || integer_keyword(text).is_some()
}

/// `i32` → (32, signless), `si8` → (8, signed), `ui1` → (1, unsigned).
fn integer_keyword(text: &str) -> Option<(u32, Signedness)> {
    let (digits, signedness) = if let Some(d) = text.strip_prefix("si") {
        (d, Signedness::Signed)
    } else if let Some(d) = text.strip_prefix("ui") {
        (d, Signedness::Unsigned)
    } else {
        (text.strip_prefix('i')?, Signedness::Signless)
    };
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some((digits.parse().unwrap_or(u32::MAX), signedness))
}
