//! Numeric literals in assembly text: integers of any width and signedness,
//! and IEEE floats of 16, 32 and 64 bits — printed the way the SPIR-V
//! assembly convention does (shortest-exact decimal for normal values, hex
//! floats for half precision, subnormals, infinities and NaNs) and parsed
//! back to the same bits.

use crate::binary::NumberType;
use std::fmt::Write;

/// Exponent and fraction widths of the float formats literals may take.
fn float_layout(width: u32) -> Option<(u32, u32)> {
    match width {
        16 => Some((5, 10)),
        32 => Some((8, 23)),
        64 => Some((11, 52)),
        _ => None,
    }
}

/// Appends the literal `bits` of type `ty`.
pub fn format_number(out: &mut String, bits: u64, ty: NumberType) {
    match ty {
        NumberType::Int { width, signed } => {
            let shift = 64 - width.min(64);
            if signed {
                let _ = write!(out, "{}", ((bits << shift) as i64) >> shift);
            } else {
                let _ = write!(out, "{}", (bits << shift) >> shift);
            }
        }
        NumberType::Float { width: 32 } => {
            let value = f32::from_bits(bits as u32);
            if value == 0.0 || value.is_normal() {
                general(out, f64::from(value), 9);
            } else {
                hex_float(out, bits, 8, 23);
            }
        }
        NumberType::Float { width: 64 } => {
            let value = f64::from_bits(bits);
            if value == 0.0 || value.is_normal() {
                general(out, value, 17);
            } else {
                hex_float(out, bits, 11, 52);
            }
        }
        NumberType::Float { width } => match float_layout(width) {
            Some((exponent, fraction)) => hex_float(out, bits, exponent, fraction),
            None => {
                let _ = write!(out, "{bits}");
            }
        },
    }
}

/// C's `%.{precision}g`.
fn general(out: &mut String, value: f64, precision: usize) {
    if value == 0.0 {
        out.push_str(if value.is_sign_negative() { "-0" } else { "0" });
        return;
    }
    let scientific = format!("{:.*e}", precision - 1, value);
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if exponent < -4 || exponent >= precision as i32 {
        out.push_str(trim_fraction(mantissa));
        let sign = if exponent < 0 { '-' } else { '+' };
        let _ = write!(out, "e{sign}{:02}", exponent.abs());
    } else {
        let decimals = (precision as i32 - 1 - exponent) as usize;
        out.push_str(trim_fraction(&format!("{value:.decimals$}")));
    }
}

/// `1.500` → `1.5`, `2.000` → `2`.
fn trim_fraction(text: &str) -> &str {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        text
    }
}

/// `-0x1.8p+3`: normalized, trailing zero digits dropped.
fn hex_float(out: &mut String, bits: u64, exponent_bits: u32, fraction_bits: u32) {
    let sign = bits >> (exponent_bits + fraction_bits) & 1 == 1;
    let biased = (bits >> fraction_bits) & ((1 << exponent_bits) - 1);
    let mut fraction = bits & ((1 << fraction_bits) - 1);
    let bias = (1i64 << (exponent_bits - 1)) - 1;
    if sign {
        out.push('-');
    }
    if biased == 0 && fraction == 0 {
        out.push_str("0x0p+0");
        return;
    }
    let mut exponent = biased as i64 - bias;
    if biased == 0 {
        exponent = 1 - bias;
        while fraction & (1 << fraction_bits) == 0 {
            fraction <<= 1;
            exponent -= 1;
        }
        fraction &= (1 << fraction_bits) - 1;
    }
    let pad = (4 - fraction_bits % 4) % 4;
    let digits = ((fraction_bits + pad) / 4) as usize;
    let hex = format!("{:0digits$x}", fraction << pad);
    let hex = hex.trim_end_matches('0');
    out.push_str("0x1");
    if !hex.is_empty() {
        out.push('.');
        out.push_str(hex);
    }
    let sign = if exponent < 0 { '-' } else { '+' };
    let _ = write!(out, "p{sign}{}", exponent.abs());
}

/// Parses `text` as a literal of type `ty`: its bits, or what is wrong.
pub fn parse_number(text: &str, ty: NumberType) -> Result<u64, String> {
    match ty {
        NumberType::Int { width, signed } => parse_int(text, width, signed),
        NumberType::Float { width } => parse_float(text, width),
    }
}

/// An unsigned one-word literal, decimal or `0x` hex.
pub fn parse_word(text: &str) -> Result<u32, String> {
    let bits = parse_int(text, 32, false)?;
    Ok(bits as u32)
}

fn parse_int(text: &str, width: u32, signed: bool) -> Result<u64, String> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (hex, digits) = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(rest) => (true, rest),
        None => (false, digits),
    };
    let valid = !digits.is_empty()
        && digits.chars().all(|c| {
            if hex {
                c.is_ascii_hexdigit()
            } else {
                c.is_ascii_digit()
            }
        });
    let magnitude = valid
        .then(|| u128::from_str_radix(digits, if hex { 16 } else { 10 }).ok())
        .flatten()
        .ok_or_else(|| format!("`{text}` is not an integer"))?;
    let kind = if signed { "signed" } else { "unsigned" };
    let out_of_range = || format!("{text} does not fit a {width}-bit {kind} integer");
    let width_max = 1u128 << width.min(64);
    if negative {
        if !signed {
            return Err(format!("{text} is negative; the type is unsigned"));
        }
        if magnitude > width_max / 2 {
            return Err(out_of_range());
        }
        // Narrow signed values are stored sign-extended to the word.
        let value = -(magnitude as i128) as i64;
        return Ok(if width <= 32 {
            u64::from(value as u32)
        } else {
            value as u64
        });
    }
    // Hex spells bit patterns; decimal spells values.
    let limit = if signed && !hex {
        width_max / 2
    } else {
        width_max
    };
    if magnitude >= limit {
        return Err(out_of_range());
    }
    Ok(magnitude as u64)
}

fn parse_float(text: &str, width: u32) -> Result<u64, String> {
    let Some((exponent_bits, fraction_bits)) = float_layout(width) else {
        // Formats without a layout here are written as their bits.
        return parse_int(text, width, false);
    };
    let not_float = || format!("`{text}` is not a floating-point number");
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let sign_bit = u64::from(negative) << (width - 1);
    if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        let (mantissa, exponent) = parse_hex_float(hex).ok_or_else(not_float)?;
        let bits = round_to_format(mantissa, exponent, exponent_bits, fraction_bits, true)
            .ok_or_else(|| format!("{text} is out of range for a {width}-bit float"))?;
        return Ok(sign_bit | bits);
    }
    if !body.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        return Err(not_float());
    }
    let value: f64 = body.parse().map_err(|_| not_float())?;
    let bits = match width {
        64 => Some(value.to_bits()).filter(|_| value.is_finite()),
        32 => Some(u64::from((value as f32).to_bits())).filter(|_| (value as f32).is_finite()),
        _ => {
            let bits = value.to_bits();
            let biased = ((bits >> 52) & 0x7ff) as i64;
            let mantissa =
                u128::from(bits & ((1 << 52) - 1)) | if biased == 0 { 0 } else { 1 << 52 };
            let exponent = biased.max(1) - 1075;
            round_to_format(mantissa, exponent, exponent_bits, fraction_bits, false)
        }
    };
    Ok(sign_bit | bits.ok_or_else(|| format!("{text} is out of range for a {width}-bit float"))?)
}

/// `1.8p+3` (after `0x`) as `mantissa × 2^exponent`.
fn parse_hex_float(text: &str) -> Option<(u128, i64)> {
    let (digits, exponent) = match text.split_once(['p', 'P']) {
        Some((digits, exponent)) => (
            digits,
            // An i32 exponent keeps the arithmetic below far from overflow.
            i64::from(
                exponent
                    .strip_prefix('+')
                    .unwrap_or(exponent)
                    .parse::<i32>()
                    .ok()?,
            ),
        ),
        None => (text, 0),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let mut mantissa: u128 = 0;
    let mut exponent = exponent;
    for (i, c) in whole.chars().chain(fraction.chars()).enumerate() {
        let digit = c.to_digit(16)?;
        if mantissa >> 120 != 0 {
            // Digits beyond 120 bits cannot change a 64-bit result except as
            // a sticky bit.
            mantissa |= u128::from(digit != 0);
            if i < whole.len() {
                exponent += 4;
            }
            continue;
        }
        mantissa = (mantissa << 4) | u128::from(digit);
        if i >= whole.len() {
            exponent -= 4;
        }
    }
    Some((mantissa, exponent))
}

/// Rounds `mantissa × 2^exponent` (to nearest, ties to even) into a float
/// format's exponent and fraction bits. With `exact_specials`, a value
/// whose exponent is one past the largest finite one spells an infinity
/// (fraction zero) or a NaN (the fraction bits), as hex floats print them.
fn round_to_format(
    mantissa: u128,
    exponent: i64,
    exponent_bits: u32,
    fraction_bits: u32,
    exact_specials: bool,
) -> Option<u64> {
    if mantissa == 0 {
        return Some(0);
    }
    let bias = (1i64 << (exponent_bits - 1)) - 1;
    let max_biased = (1i64 << exponent_bits) - 1;
    let top = 127 - i64::from(mantissa.leading_zeros());
    let value_exponent = exponent + top;
    if exact_specials && value_exponent == bias + 1 {
        let fraction = mantissa & !(1u128 << top);
        let shift = i64::from(fraction_bits) - top;
        let fraction = if shift >= 0 {
            fraction << shift
        } else {
            if fraction & ((1u128 << -shift) - 1) != 0 {
                return None;
            }
            fraction >> -shift
        };
        return Some(((max_biased as u64) << fraction_bits) | fraction as u64);
    }
    // The value is m × 2^q with m holding the fraction bits plus the implicit one.
    let mut q =
        (value_exponent - i64::from(fraction_bits)).max(1 - bias - i64::from(fraction_bits));
    let mut m = shift_round(mantissa, exponent - q);
    if m >> (fraction_bits + 1) != 0 {
        m >>= 1;
        q += 1;
    }
    let normal = m >> fraction_bits != 0;
    let biased = if normal {
        q + i64::from(fraction_bits) + bias
    } else {
        0
    };
    if biased >= max_biased {
        return None;
    }
    let fraction = (m as u64) & ((1 << fraction_bits) - 1);
    Some(((biased as u64) << fraction_bits) | fraction)
}

/// `value × 2^shift`, rounding to nearest even when bits fall off.
fn shift_round(value: u128, shift: i64) -> u128 {
    if shift >= 0 {
        return value << shift.min(127);
    }
    let drop = (-shift).min(127) as u32;
    if -shift > 127 {
        return 0;
    }
    let kept = value >> drop;
    let rest = value & ((1u128 << drop) - 1);
    let half = 1u128 << (drop - 1);
    if rest > half || (rest == half && kept & 1 == 1) {
        kept + 1
    } else {
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(bits: u64, ty: NumberType) -> String {
        let mut out = String::new();
        format_number(&mut out, bits, ty);
        out
    }

    const HALF: NumberType = NumberType::Float { width: 16 };
    const FLOAT: NumberType = NumberType::Float { width: 32 };
    const DOUBLE: NumberType = NumberType::Float { width: 64 };

    #[test]
    fn floats_print_as_the_assembly_convention_does() {
        let cases: [(&str, NumberType, &str); 14] = [
            ("-0.5", FLOAT, "-0.5"),
            ("1e-10", FLOAT, "1.00000001e-10"),
            ("1e20", FLOAT, "1.00000002e+20"),
            ("123456789", FLOAT, "123456792"),
            ("0x1p+128", FLOAT, "0x1p+128"),
            ("-0x1.8p+128", FLOAT, "-0x1.8p+128"),
            ("0x1p-149", FLOAT, "0x1p-149"),
            ("0x1.8p-127", FLOAT, "0x1.8p-127"),
            ("-0", FLOAT, "-0"),
            ("1.5", HALF, "0x1.8p+0"),
            ("0.1", HALF, "0x1.998p-4"),
            ("0x1p-24", HALF, "0x1p-24"),
            ("0.1", DOUBLE, "0.10000000000000001"),
            ("1e300", DOUBLE, "1.0000000000000001e+300"),
        ];
        for (text, ty, printed) in cases {
            let bits = parse_number(text, ty).expect(text);
            assert_eq!(show(bits, ty), printed, "{text}");
            assert_eq!(parse_number(printed, ty), Ok(bits), "{printed}");
        }
    }

    #[test]
    fn integers_respect_width_and_sign() {
        let int8 = NumberType::Int {
            width: 8,
            signed: true,
        };
        let uint64 = NumberType::Int {
            width: 64,
            signed: false,
        };
        let int64 = NumberType::Int {
            width: 64,
            signed: true,
        };
        assert_eq!(parse_number("-5", int8), Ok(0xffff_fffb));
        assert_eq!(show(0xffff_fffb, int8), "-5");
        assert!(parse_number("128", int8).is_err());
        assert!(parse_number("-1", uint64).is_err());
        assert_eq!(parse_number("18446744073709551615", uint64), Ok(u64::MAX));
        assert_eq!(show(1 << 63, int64), "-9223372036854775808");
        assert!(parse_number("1.5", int64).is_err());
        assert!(parse_number("1e39", FLOAT).is_err());
        assert!(parse_number("0x1p+9223372036854775807", FLOAT).is_err());
        assert!(parse_number("0x1p-99999", DOUBLE) == Ok(0));
    }
}
