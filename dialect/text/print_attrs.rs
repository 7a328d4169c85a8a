//! Printing types and attributes as MLIR 19 prints them (float literals,
//! string escapes, symbol quoting, dense elements, dictionaries).

use super::printer::Printer;
use crate::ir::float;
use crate::ir::{Attr, AttrData, FloatKind, Ident, Signedness, Type, TypeData};
use std::fmt::Write;

impl Printer<'_> {
    pub fn print_type(&mut self, ty: Type) {
        let ctx = self.ctx;
        match ctx.type_data(ty) {
            TypeData::Integer { width, signedness } => {
                let prefix = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                let _ = write!(self.out, "{prefix}{width}");
            }
            TypeData::Index => self.out.push_str("index"),
            TypeData::Float(kind) => self.out.push_str(kind.keyword()),
            TypeData::None => self.out.push_str("none"),
            TypeData::Vector {
                shape,
                scalable,
                elem,
            } => {
                self.out.push_str("vector<");
                for (i, dim) in shape.iter().enumerate() {
                    if i < 64 && scalable & (1 << i) != 0 {
                        let _ = write!(self.out, "[{dim}]x");
                    } else {
                        let _ = write!(self.out, "{dim}x");
                    }
                }
                self.print_type(*elem);
                self.out.push('>');
            }
            TypeData::Function { inputs, results } => {
                self.out.push('(');
                self.print_type_list(inputs.iter().copied());
                self.out.push_str(") -> ");
                self.print_result_types(results);
            }
            TypeData::Tuple(elems) => {
                self.out.push_str("tuple<");
                self.print_type_list(elems.iter().copied());
                self.out.push('>');
            }
            TypeData::Dialect(data) => {
                self.out.push('!');
                match self.syntax.dialect(ctx.str(data.dialect)) {
                    Some(hooks) => hooks.print_type(self, data),
                    None => self.print_unregistered(data.dialect, data.mnemonic),
                }
            }
            TypeData::Opaque { dialect, body } => {
                let _ = write!(self.out, "!{}{}", ctx.str(*dialect), ctx.str(*body));
            }
        }
    }

    /// A dialect type or attribute whose dialect's hooks are not loaded.
    fn print_unregistered(&mut self, dialect: Ident, mnemonic: Ident) {
        let _ = write!(
            self.out,
            "{}.{}",
            self.ctx.str(dialect),
            self.ctx.str(mnemonic)
        );
    }

    pub fn print_attr(&mut self, attr: Attr) {
        let ctx = self.ctx;
        match ctx.attr_data(attr) {
            AttrData::Unit => self.out.push_str("unit"),
            AttrData::Integer { ty, value } => {
                self.print_int_value(*ty, *value);
                if !ctx.is_bool_type(*ty) {
                    self.out.push_str(" : ");
                    self.print_type(*ty);
                }
            }
            AttrData::Float { ty, bits } => {
                self.print_float_value(*ty, *bits);
                self.out.push_str(" : ");
                self.print_type(*ty);
            }
            AttrData::String(s) => self.print_string(ctx.str(*s)),
            AttrData::Array(elems) => {
                self.out.push('[');
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_attr(e);
                }
                self.out.push(']');
            }
            AttrData::DenseArray { elem, values } => {
                self.out.push_str("array<");
                self.print_type(*elem);
                for (i, &v) in values.iter().enumerate() {
                    self.out.push_str(if i == 0 { ": " } else { ", " });
                    match ctx.type_data(*elem) {
                        TypeData::Float(_) => self.print_float_value(*elem, v as u64),
                        _ => self.print_int_value(*elem, v as i128),
                    }
                }
                self.out.push('>');
            }
            AttrData::Dictionary(entries) => {
                self.out.push('{');
                for (i, &(name, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_attr_name(ctx.str(name));
                    if !matches!(ctx.attr_data(value), AttrData::Unit) {
                        self.out.push_str(" = ");
                        self.print_attr(value);
                    }
                }
                self.out.push('}');
            }
            AttrData::DenseElements { ty, elems } => {
                self.out.push_str("dense<");
                if let [single] = elems[..] {
                    self.print_element(single);
                } else if let TypeData::Vector { shape, .. } = ctx.type_data(*ty) {
                    let mut index = 0;
                    self.print_dense_dims(shape, elems, &mut index);
                }
                self.out.push_str("> : ");
                self.print_type(*ty);
            }
            AttrData::SymbolRef { root, nested } => {
                self.print_symbol_name(*root);
                for &n in nested.iter() {
                    self.out.push_str("::");
                    self.print_symbol_name(n);
                }
            }
            AttrData::Type(ty) => self.print_type(*ty),
            AttrData::Dialect(data) => {
                self.out.push('#');
                match self.syntax.dialect(ctx.str(data.dialect)) {
                    Some(hooks) => hooks.print_attr(self, data),
                    None => self.print_unregistered(data.dialect, data.mnemonic),
                }
            }
            AttrData::Opaque { dialect, body } => {
                let _ = write!(self.out, "#{}{}", ctx.str(*dialect), ctx.str(*body));
            }
        }
    }

    fn print_dense_dims(&mut self, shape: &[u64], elems: &[Attr], index: &mut usize) {
        self.out.push('[');
        for i in 0..shape[0] {
            if i > 0 {
                self.out.push_str(", ");
            }
            if shape.len() > 1 {
                self.print_dense_dims(&shape[1..], elems, index);
            } else if let Some(&e) = elems.get(*index) {
                self.print_element(e);
                *index += 1;
            }
        }
        self.out.push(']');
    }

    /// An element of a dense literal: the value without its type.
    fn print_element(&mut self, attr: Attr) {
        match *self.ctx.attr_data(attr) {
            AttrData::Integer { ty, value } => self.print_int_value(ty, value),
            AttrData::Float { ty, bits } => self.print_float_value(ty, bits),
            _ => self.print_attr(attr),
        }
    }

    fn print_int_value(&mut self, ty: Type, value: i128) {
        if self.ctx.is_bool_type(ty) {
            self.out.push_str(if value != 0 { "true" } else { "false" });
        } else {
            let _ = write!(self.out, "{value}");
        }
    }

    /// A float literal: `%e`-style with 6 digits when that reads back exactly,
    /// else the shortest exact-enough decimal, else hexadecimal bits.
    pub fn print_float_value(&mut self, ty: Type, bits: u64) {
        let kind = self.ctx.as_float(ty).unwrap_or(FloatKind::F64);
        self.out.push_str(&format_float(kind, bits));
    }

    /// `"..."` with MLIR's escapes.
    pub fn print_string(&mut self, s: &str) {
        self.out.push('"');
        escape_into(s, &mut self.out);
        self.out.push('"');
    }

    /// `@name`, quoted when not a bare identifier.
    pub fn print_symbol_name(&mut self, name: Ident) {
        let text = self.ctx.str(name);
        self.out.push('@');
        if is_bare_identifier(text) {
            self.out.push_str(text);
        } else {
            self.print_string(text);
        }
    }

    /// A dictionary key, quoted when not a bare identifier.
    pub fn print_attr_name(&mut self, name: &str) {
        if is_bare_identifier(name) {
            self.out.push_str(name);
        } else {
            self.print_string(name);
        }
    }
}

/// `[a-zA-Z_][a-zA-Z0-9_$.]*`
pub fn is_bare_identifier(s: &str) -> bool {
    let mut bytes = s.bytes();
    matches!(bytes.next(), Some(c) if c.is_ascii_alphabetic() || c == b'_')
        && bytes.all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
}

/// Appends `s` with MLIR's string escapes: `\\`, and `\XX` for `"` and
/// every byte outside printable ASCII.
pub fn escape_into(s: &str, out: &mut String) {
    for &b in s.as_bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\22"),
            0x20..=0x7E => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
}

/// Formats a float of `kind` as MLIR does.
pub fn format_float(kind: FloatKind, bits: u64) -> String {
    let value = float::decode(kind, bits);
    if value.is_finite() {
        let short = scientific_6(value);
        if reads_back(kind, &short, bits) {
            return short;
        }
        if let Some(long) = natural_precision(kind, value) {
            return long;
        }
    }
    let digits = (kind.width() / 4) as usize;
    format!("0x{:0digits$X}", bits & mask(kind.width()))
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

fn reads_back(kind: FloatKind, text: &str, bits: u64) -> bool {
    let parsed = match kind {
        FloatKind::F32 => text.parse::<f32>().map(|v| v.to_bits() as u64).ok(),
        _ => text.parse::<f64>().map(|v| float::encode(kind, v)).ok(),
    };
    parsed == Some(bits)
}

/// The significant digits of `value` (trailing zeros removed) and the
/// decimal exponent of the last one, limited to `precision` digits the way
/// LLVM's APFloat limits them: excess digits beyond a bit-count estimate are
/// truncated first, and what remains is rounded half-up.
fn decimal_digits(value: f64, precision: usize) -> (bool, String, i32) {
    let negative = value.is_sign_negative();
    let a = value.abs();
    if a == 0.0 {
        return (negative, "0".into(), 0);
    }
    // |value| = m * 2^e2 with m odd.
    let bits = a.to_bits();
    let (mut m, mut e2) = match (bits >> 52) as i32 {
        0 => (bits & ((1 << 52) - 1), -1074),
        biased => ((bits & ((1 << 52) - 1)) | (1 << 52), biased - 1075),
    };
    let tz = m.trailing_zeros();
    m >>= tz;
    e2 += tz as i32;
    // N = m * 2^e2 (e2 >= 0) or m * 5^-e2 with a decimal exponent of e2.
    let m_bits = 64 - m.leading_zeros() as i32;
    let (mut digits, mut exp, active_bits) = if e2 >= 0 {
        (format!("{a:.0}"), 0, m_bits + e2)
    } else {
        let k = (-e2) as usize;
        let fixed = format!("{a:.k$}");
        let digits: String = fixed.chars().filter(|c| c.is_ascii_digit()).collect();
        let digits = digits.trim_start_matches('0').to_string();
        let log2 = (m as f64).log2() + k as f64 * 5f64.log2();
        (digits, e2, log2.floor() as i32 + 1)
    };
    let bits_required = (precision * 196).div_ceil(59) as i32;
    if active_bits > bits_required {
        let removable = ((active_bits - bits_required) * 59 / 196) as usize;
        if removable > 0 && removable < digits.len() {
            digits.truncate(digits.len() - removable);
            exp += removable as i32;
        }
    }
    strip_zeros(&mut digits, &mut exp);
    if digits.len() > precision {
        let dropped = digits.len() - precision;
        let round_up = digits.as_bytes()[precision] >= b'5';
        digits.truncate(precision);
        exp += dropped as i32;
        if round_up {
            let mut bytes = digits.into_bytes();
            let mut i = bytes.len();
            loop {
                if i == 0 {
                    bytes.insert(0, b'1');
                    break;
                }
                i -= 1;
                if bytes[i] == b'9' {
                    bytes[i] = b'0';
                } else {
                    bytes[i] += 1;
                    break;
                }
            }
            digits = String::from_utf8(bytes).unwrap_or_default();
            if digits.len() > precision {
                digits.pop();
                exp += 1;
            }
        }
        strip_zeros(&mut digits, &mut exp);
    }
    (negative, digits, exp)
}

fn strip_zeros(digits: &mut String, exp: &mut i32) {
    while digits.len() > 1 && digits.ends_with('0') {
        digits.pop();
        *exp += 1;
    }
}

/// `d.dddddde±XX`: six significant digits padded to six decimals.
fn scientific_6(value: f64) -> String {
    let (negative, digits, last_exp) = decimal_digits(value, 6);
    let exp = last_exp + digits.len() as i32 - 1;
    let mut s = String::new();
    if negative {
        s.push('-');
    }
    s.push_str(&digits[..1]);
    s.push('.');
    s.push_str(&digits[1..]);
    for _ in digits.len() - 1..6 {
        s.push('0');
    }
    let _ = write!(s, "e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs());
    s
}

/// The format's natural precision, plain when at most three leading zeros
/// are needed, else `d.dddE±X`; None when it would read as an integer.
fn natural_precision(kind: FloatKind, value: f64) -> Option<String> {
    let mantissa_bits: usize = match kind {
        FloatKind::F16 => 11,
        FloatKind::BF16 => 8,
        FloatKind::F32 => 24,
        FloatKind::F64 => 53,
    };
    let precision = 2 + mantissa_bits * 59 / 196;
    let (negative, digits, exp) = decimal_digits(value, precision);
    let n = digits.len() as i32;
    let mut s = String::new();
    if negative {
        s.push('-');
    }
    let msd = exp + n - 1;
    if exp >= 0 {
        let scientific = exp > 3 || n + exp > precision as i32;
        if !scientific {
            return None;
        }
    } else if msd >= 0 {
        let point = (msd + 1) as usize;
        s.push_str(&digits[..point]);
        s.push('.');
        s.push_str(&digits[point..]);
        return Some(s);
    } else if -msd <= 3 {
        s.push_str("0.");
        for _ in 0..(-msd - 1) {
            s.push('0');
        }
        s.push_str(&digits);
        return Some(s);
    }
    s.push_str(&digits[..1]);
    s.push('.');
    if n == 1 {
        s.push('0');
    } else {
        s.push_str(&digits[1..]);
    }
    let _ = write!(s, "E{}{}", if msd < 0 { '-' } else { '+' }, msd.abs());
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_as_mlir_prints_them() {
        let f32_bits = |v: f32| v.to_bits() as u64;
        assert_eq!(format_float(FloatKind::F32, f32_bits(2.0)), "2.000000e+00");
        assert_eq!(
            format_float(FloatKind::F32, f32_bits(1.234567)),
            "1.23456705"
        );
        assert_eq!(
            format_float(FloatKind::F32, f32_bits(1.23457)),
            "1.234570e+00"
        );
        assert_eq!(
            format_float(FloatKind::F32, f32_bits(123456792.0)),
            "0x4CEB79A3"
        );
        assert_eq!(
            format_float(FloatKind::F32, f32_bits(0.001234567)),
            "0.00123456703"
        );
        assert_eq!(
            format_float(FloatKind::F32, f32_bits(12345.678)),
            "12345.6777"
        );
        assert_eq!(format_float(FloatKind::F32, f32_bits(-0.9)), "-0.899999976");
        assert_eq!(
            format_float(FloatKind::F64, 1.23456789e-10f64.to_bits()),
            "1.2345678900000001E-10"
        );
        assert_eq!(
            format_float(FloatKind::F64, 1.2345678900000001e20f64.to_bits()),
            "1.2345678900000001E+20"
        );
        assert_eq!(
            format_float(FloatKind::F64, (-0.0f64).to_bits()),
            "-0.000000e+00"
        );
        assert_eq!(format_float(FloatKind::F32, 0x7FC00000), "0x7FC00000");
        assert_eq!(format_float(FloatKind::F16, 0x4248), "3.140630e+00");
        assert_eq!(format_float(FloatKind::BF16, 0x3DCD), "1.000980e-01");
        assert_eq!(format_float(FloatKind::BF16, 0x4053), "3.296880e+00");
        assert_eq!(format_float(FloatKind::F32, f32_bits(0.4)), "4.000000e-01");
        assert_eq!(
            format_float(FloatKind::F32, f32_bits(6.666_666_5)),
            "6.66666651"
        );
        assert_eq!(
            format_float(FloatKind::F64, 0.1f64.to_bits()),
            "1.000000e-01"
        );
        assert_eq!(
            format_float(FloatKind::F64, 1e20f64.to_bits()),
            "1.000000e+20"
        );
        assert_eq!(
            format_float(FloatKind::F64, 123456789.123f64.to_bits()),
            "123456789.123"
        );
    }

    #[test]
    fn strings_escape_as_mlir() {
        let mut s = String::new();
        escape_into("a\"b\\c\n\u{1}é", &mut s);
        assert_eq!(s, "a\\22b\\\\c\\0A\\01\\C3\\A9");
    }
}
