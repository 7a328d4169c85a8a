//! AmberScript buffer data types (`int8`..`uint64`, `float16`, `float`,
//! `double`, `vecN<T>`, `matCxR<T>`, `T[]`, and the `R32G32_SFLOAT`-style
//! format names), their STD140/STD430 memory layout, and the conversion of
//! values to and from buffer bytes.

use crate::target::layout::{Rules, Shape};

/// A scalar component type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    F32,
    F64,
}

impl Scalar {
    pub fn bytes(self) -> u32 {
        match self {
            Scalar::I8 | Scalar::U8 => 1,
            Scalar::I16 | Scalar::U16 | Scalar::F16 => 2,
            Scalar::I32 | Scalar::U32 | Scalar::F32 => 4,
            Scalar::I64 | Scalar::U64 | Scalar::F64 => 8,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::F32 | Scalar::F64)
    }

    fn name(self) -> &'static str {
        match self {
            Scalar::I8 => "int8",
            Scalar::I16 => "int16",
            Scalar::I32 => "int32",
            Scalar::I64 => "int64",
            Scalar::U8 => "uint8",
            Scalar::U16 => "uint16",
            Scalar::U32 => "uint32",
            Scalar::U64 => "uint64",
            Scalar::F16 => "float16",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
        }
    }

    fn from_name(name: &str) -> Option<Scalar> {
        Some(match name {
            "int8" => Scalar::I8,
            "int16" => Scalar::I16,
            "int32" => Scalar::I32,
            "int64" => Scalar::I64,
            "uint8" => Scalar::U8,
            "uint16" => Scalar::U16,
            "uint32" => Scalar::U32,
            "uint64" => Scalar::U64,
            "float16" => Scalar::F16,
            "float" => Scalar::F32,
            "double" => Scalar::F64,
            _ => return None,
        })
    }
}

/// Memory layout rule of a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    Std140,
    Std430,
}

impl Layout {
    /// The layout rules the runtime and the layout pass share.
    pub fn rules(self) -> Rules {
        match self {
            Layout::Std140 => Rules::Std140,
            Layout::Std430 => Rules::Std430,
        }
    }
}

/// A buffer's element type: `columns` vectors of `rows` scalars.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataType {
    pub scalar: Scalar,
    pub rows: u32,
    pub columns: u32,
}

fn generic_argument<'a>(text: &'a str, prefix: &str) -> Option<(&'a str, &'a str)> {
    let rest = text.strip_prefix(prefix)?;
    let (head, tail) = rest.split_once('<')?;
    Some((head, tail.strip_suffix('>')?))
}

fn format_type(name: &str) -> Option<DataType> {
    let (channels, kind) = name.rsplit_once('_')?;
    let scalar_of = |bits: u32| -> Option<Scalar> {
        Some(match (kind, bits) {
            ("SFLOAT", 16) => Scalar::F16,
            ("SFLOAT", 32) => Scalar::F32,
            ("SFLOAT", 64) => Scalar::F64,
            ("UINT", 8) => Scalar::U8,
            ("UINT", 16) => Scalar::U16,
            ("UINT", 32) => Scalar::U32,
            ("UINT", 64) => Scalar::U64,
            ("SINT", 8) => Scalar::I8,
            ("SINT", 16) => Scalar::I16,
            ("SINT", 32) => Scalar::I32,
            ("SINT", 64) => Scalar::I64,
            _ => return None,
        })
    };
    let mut widths = Vec::new();
    let mut rest = channels;
    for expected in ['R', 'G', 'B', 'A'] {
        let Some(tail) = rest.strip_prefix(expected) else {
            break;
        };
        let digits: String = tail.chars().take_while(char::is_ascii_digit).collect();
        widths.push(digits.parse::<u32>().ok()?);
        rest = &tail[digits.len()..];
    }
    if !rest.is_empty() || widths.is_empty() || widths.iter().any(|w| *w != widths[0]) {
        return None;
    }
    Some(DataType {
        scalar: scalar_of(widths[0])?,
        rows: widths.len() as u32,
        columns: 1,
    })
}

impl DataType {
    /// Parses a `DATA_TYPE` or `SPECIALIZE ... AS` type name.
    pub fn parse(text: &str) -> Option<DataType> {
        let text = text.strip_suffix("[]").unwrap_or(text);
        if let Some(scalar) = Scalar::from_name(text) {
            return Some(DataType {
                scalar,
                rows: 1,
                columns: 1,
            });
        }
        if let Some((size, inner)) = generic_argument(text, "vec") {
            let rows = size.parse().ok().filter(|n| (2..=4).contains(n))?;
            return Some(DataType {
                scalar: Scalar::from_name(inner)?,
                rows,
                columns: 1,
            });
        }
        if let Some((shape, inner)) = generic_argument(text, "mat") {
            let (columns, rows) = shape.split_once('x')?;
            let columns = columns.parse().ok().filter(|n| (2..=4).contains(n))?;
            let rows = rows.parse().ok().filter(|n| (2..=4).contains(n))?;
            return Some(DataType {
                scalar: Scalar::from_name(inner)?,
                rows,
                columns,
            });
        }
        format_type(text)
    }

    /// Values one element takes.
    pub fn components(&self) -> u32 {
        self.rows * self.columns
    }

    /// The shape the layout rules work on (a matrix is column-major).
    pub fn shape(&self) -> Shape {
        let scalar = self.scalar.bytes();
        match (self.columns, self.rows) {
            (1, 1) => Shape::Scalar(scalar),
            (1, count) => Shape::Vector { count, scalar },
            (columns, rows) => Shape::Matrix {
                columns,
                rows,
                scalar,
                row_major: false,
            },
        }
    }

    /// Alignment of a value of this type in a block (a matrix aligns as its columns).
    pub fn alignment(&self, layout: Layout) -> u32 {
        self.shape().align(layout.rules())
    }

    /// Bytes from one matrix column to the next (the vector size for non-matrices).
    pub fn column_stride(&self, layout: Layout) -> u32 {
        let shape = self.shape();
        let rules = layout.rules();
        shape
            .matrix_stride(rules)
            .unwrap_or_else(|| shape.size(rules))
    }

    /// Byte offset of each component, in value order, for a given column stride.
    pub fn component_offsets_with(&self, column_stride: u32) -> Vec<u32> {
        (0..self.columns)
            .flat_map(|c| (0..self.rows).map(move |r| c * column_stride + r * self.scalar.bytes()))
            .collect()
    }

    /// Byte offset of each component within an element, in value order.
    pub fn component_offsets(&self, layout: Layout) -> Vec<u32> {
        self.component_offsets_with(self.column_stride(layout))
    }

    /// Bytes from one element to the next in a buffer (an array of elements).
    pub fn stride(&self, layout: Layout) -> u32 {
        self.shape().array_stride(layout.rules())
    }
}

impl std::fmt::Display for DataType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let scalar = self.scalar.name();
        match (self.columns, self.rows) {
            (1, 1) => f.write_str(scalar),
            (1, rows) => write!(f, "vec{rows}<{scalar}>"),
            (columns, rows) => write!(f, "mat{columns}x{rows}<{scalar}>"),
        }
    }
}

impl std::fmt::Display for Layout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Layout::Std140 => "STD140",
            Layout::Std430 => "STD430",
        })
    }
}

/// A number as written in the script.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    Int(i128),
    Float(f64),
}

impl Number {
    /// Parses a literal for `scalar`: integers in decimal or `0x` hex, floats
    /// in any Rust float syntax (integers allowed).
    pub fn parse(text: &str, scalar: Scalar) -> Option<Number> {
        if scalar.is_float() {
            if let Some(bits) = parse_int(text) {
                if text.contains("0x") {
                    return Some(Number::Float(float_from_bits(bits as u64, scalar)));
                }
            }
            return text.parse::<f64>().ok().map(Number::Float);
        }
        // Integer buffers also take float literals (`FILL 0.0`), truncated.
        let value = parse_int(text).or_else(|| {
            text.parse::<f64>()
                .ok()
                .filter(|f| f.is_finite())
                .map(|f| f.trunc() as i128)
        })?;
        let bits = 8 * scalar.bytes();
        // Signed and unsigned types alike take any value whose bits fit.
        (-(1i128 << (bits - 1))..=(1i128 << bits) - 1)
            .contains(&value)
            .then_some(Number::Int(value))
    }

    pub fn as_f64(self) -> f64 {
        match self {
            Number::Int(i) => i as f64,
            Number::Float(f) => f,
        }
    }
}

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Number::Int(i) => write!(f, "{i}"),
            Number::Float(x) => write!(f, "{x}"),
        }
    }
}

/// Parses a decimal or `0x` hexadecimal integer, with an optional sign.
pub fn parse_int(text: &str) -> Option<i128> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let magnitude = match body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        Some(hex) => i128::from_str_radix(hex, 16).ok()?,
        None => body.parse::<i128>().ok()?,
    };
    Some(if negative { -magnitude } else { magnitude })
}

fn float_from_bits(bits: u64, scalar: Scalar) -> f64 {
    match scalar {
        Scalar::F16 => f16_to_f64(bits as u16),
        Scalar::F32 => f64::from(f32::from_bits(bits as u32)),
        _ => f64::from_bits(bits),
    }
}

fn f16_to_f64(bits: u16) -> f64 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exponent = i32::from((bits >> 10) & 0x1f);
    let mantissa = f64::from(bits & 0x3ff);
    sign * match exponent {
        0 => mantissa * 2f64.powi(-24),
        31 if mantissa == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + mantissa / 1024.0) * 2f64.powi(exponent - 15),
    }
}

fn f64_to_f16(value: f64) -> u16 {
    let bits = (value as f32).to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exponent = ((bits >> 23) & 0xff) as i32;
    let mantissa = bits & 0x7f_ffff;
    if exponent == 0xff {
        return sign | 0x7c00 | if mantissa != 0 { 0x200 } else { 0 };
    }
    let half_exponent = exponent - 127 + 15;
    if half_exponent >= 31 {
        return sign | 0x7c00;
    }
    if half_exponent <= 0 {
        if half_exponent < -10 {
            return sign;
        }
        let full = mantissa | 0x80_0000;
        let shift = (14 - half_exponent) as u32;
        let rounded = (full + (1 << (shift - 1))) >> shift;
        return sign | rounded as u16;
    }
    let rounded = u32::from(sign) | ((half_exponent as u32) << 10) | ((mantissa + 0x1000) >> 13);
    rounded as u16
}

/// Writes `value` as `scalar` at the start of `out`.
pub fn encode(value: Number, scalar: Scalar, out: &mut [u8]) {
    let size = scalar.bytes() as usize;
    let bytes: [u8; 8] = match (scalar, value) {
        (Scalar::F16, v) => u64::from(f64_to_f16(v.as_f64())).to_le_bytes(),
        (Scalar::F32, v) => u64::from((v.as_f64() as f32).to_bits()).to_le_bytes(),
        (Scalar::F64, v) => v.as_f64().to_bits().to_le_bytes(),
        (_, Number::Int(i)) => (i as u64).to_le_bytes(),
        (_, Number::Float(f)) => (f as i64 as u64).to_le_bytes(),
    };
    out[..size].copy_from_slice(&bytes[..size]);
}

/// Reads a `scalar` from the start of `bytes`.
pub fn decode(bytes: &[u8], scalar: Scalar) -> Number {
    let size = scalar.bytes() as usize;
    let mut raw = [0u8; 8];
    raw[..size].copy_from_slice(&bytes[..size]);
    let unsigned = u64::from_le_bytes(raw);
    let shift = 64 - 8 * size as u32;
    let signed = ((unsigned << shift) as i64) >> shift;
    match scalar {
        Scalar::F16 | Scalar::F32 | Scalar::F64 => Number::Float(float_from_bits(unsigned, scalar)),
        Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64 => Number::Int(i128::from(signed)),
        _ => Number::Int(i128::from(unsigned)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_follow_std140_and_std430() {
        let vec3 = DataType::parse("vec3<float>").unwrap();
        assert_eq!(vec3.stride(Layout::Std430), 16);
        assert_eq!(DataType::parse("int32").unwrap().stride(Layout::Std140), 16);
        assert_eq!(
            DataType::parse("vec2<double>")
                .unwrap()
                .stride(Layout::Std430),
            16
        );
        let mat = DataType::parse("mat2x3<float>").unwrap();
        assert_eq!(
            mat.component_offsets(Layout::Std430),
            vec![0, 4, 8, 16, 20, 24]
        );
        assert_eq!(mat.stride(Layout::Std430), 32);
        let mat2 = DataType::parse("mat2x2<float>").unwrap();
        assert_eq!(mat2.stride(Layout::Std430), 16);
        assert_eq!(mat2.stride(Layout::Std140), 32);
        assert_eq!(
            DataType::parse("R32G32_SFLOAT"),
            DataType::parse("vec2<float>")
        );
        assert!(DataType::parse("vec5<float>").is_none());
    }

    #[test]
    fn values_round_trip() {
        let t = DataType::parse("int16").unwrap();
        let format = crate::amber::element::ElementFormat::plain(t, Layout::Std430);
        let bytes = format.pack(&[Number::Int(-2), Number::Int(0x7fff)]);
        assert_eq!(
            format.unpack(&bytes),
            vec![Number::Int(-2), Number::Int(0x7fff)]
        );
        assert_eq!(f64_to_f16(1.5), 0x3e00);
        assert_eq!(f16_to_f64(0x3e00), 1.5);
        assert!(Number::parse("256", Scalar::U8).is_none());
        assert_eq!(Number::parse("0xff", Scalar::U8), Some(Number::Int(255)));
    }
}
