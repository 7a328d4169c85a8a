//! Checking EXPECT commands against buffer contents read back from the
//! device, with AmberScript's comparison rules: integers exact, floats equal
//! within a relative 1e-6 percent unless a TOLERANCE (absolute, or `%` of the
//! expected value) is given, ordered comparisons numeric.

use super::data::{decode, encode, Number, Scalar};
use super::element::ElementFormat;
use super::script::{Comparison, Expectation, Tolerance};

/// A buffer as read back: its element type, layout and bytes.
pub struct BufferView<'a> {
    pub name: &'a str,
    pub format: &'a ElementFormat,
    pub bytes: &'a [u8],
}

const DEFAULT_FLOAT_TOLERANCE: Tolerance = Tolerance {
    value: 0.000001,
    percent: true,
};

fn within(actual: f64, expected: f64, tolerance: Tolerance) -> bool {
    let allowed = if tolerance.percent {
        tolerance.value / 100.0 * expected.abs()
    } else {
        tolerance.value
    };
    (actual - expected).abs() <= allowed
}

fn holds(
    actual: Number,
    expected: Number,
    comparison: Comparison,
    tolerance: Option<Tolerance>,
) -> bool {
    if let Some(tolerance) = tolerance {
        return within(actual.as_f64(), expected.as_f64(), tolerance);
    }
    let equal = match (actual, expected) {
        (Number::Int(a), Number::Int(e)) => a == e,
        (a, e) => within(a.as_f64(), e.as_f64(), DEFAULT_FLOAT_TOLERANCE),
    };
    let order = match (actual, expected) {
        (Number::Int(a), Number::Int(e)) => a.partial_cmp(&e),
        (a, e) => a.as_f64().partial_cmp(&e.as_f64()),
    };
    use std::cmp::Ordering::*;
    match comparison {
        Comparison::Eq => equal,
        Comparison::Ne => !equal,
        Comparison::Lt => order == Some(Less),
        Comparison::Le => matches!(order, Some(Less | Equal)),
        Comparison::Gt => order == Some(Greater),
        Comparison::Ge => matches!(order, Some(Greater | Equal)),
    }
}

/// The expected value as the buffer's type stores it (so `-1` in a `uint32`
/// buffer means 4294967295, and floats round to the buffer's precision).
fn as_stored(value: Number, scalar: Scalar) -> Number {
    let mut bytes = [0u8; 8];
    encode(value, scalar, &mut bytes);
    decode(&bytes, scalar)
}

fn position(view: &BufferView, value_index: usize) -> String {
    let components = view.format.components.len();
    if components == 1 {
        format!("{}[{value_index}]", view.name)
    } else {
        format!(
            "{}[{}] component {}",
            view.name,
            value_index / components,
            value_index % components
        )
    }
}

fn symbol(comparison: Comparison) -> &'static str {
    match comparison {
        Comparison::Eq => "==",
        Comparison::Ne => "!=",
        Comparison::Lt => "<",
        Comparison::Le => "<=",
        Comparison::Gt => ">",
        Comparison::Ge => ">=",
    }
}

fn check_values(
    view: &BufferView,
    offset: u64,
    comparison: Comparison,
    tolerance: Option<Tolerance>,
    values: &[Number],
) -> Result<(), String> {
    let stride = u64::from(view.format.stride);
    if offset % stride != 0 {
        return Err(format!(
            "byte offset {offset} is not a multiple of the element size {stride}"
        ));
    }
    let start = (offset as usize).min(view.bytes.len());
    let actual = view.format.unpack(&view.bytes[start..]);
    if values.len() > actual.len() {
        return Err(format!(
            "{} values from byte offset {offset} read past the end of `{}` ({} bytes)",
            values.len(),
            view.name,
            view.bytes.len()
        ));
    }
    let first_index = (offset / stride) as usize * view.format.components.len();
    for (i, (expected, got)) in values.iter().zip(&actual).enumerate() {
        let expected = as_stored(*expected, view.format.scalar_of(i));
        if !holds(*got, expected, comparison, tolerance) {
            let tolerance_note = tolerance
                .map(|t| {
                    format!(
                        " (tolerance {}{})",
                        t.value,
                        if t.percent { "%" } else { "" }
                    )
                })
                .unwrap_or_default();
            return Err(format!(
                "{}: expected {} {expected}{tolerance_note}, got {got}",
                position(view, first_index + i),
                symbol(comparison)
            ));
        }
    }
    Ok(())
}

fn comparable<'a>(
    actual: &'a BufferView,
    expected: &'a BufferView,
) -> Result<(Vec<Number>, Vec<Number>), String> {
    if actual.format != expected.format {
        return Err(format!(
            "`{}` and `{}` have different formats ({} and {})",
            actual.name, expected.name, actual.format.name, expected.format.name
        ));
    }
    let a = actual.format.unpack(actual.bytes);
    let e = expected.format.unpack(expected.bytes);
    if a.len() != e.len() {
        return Err(format!(
            "`{}` holds {} values but `{}` holds {}",
            actual.name,
            a.len(),
            expected.name,
            e.len()
        ));
    }
    Ok((a, e))
}

/// Checks one expectation; `views` is indexed like the script's buffers.
pub fn check(expectation: &Expectation, views: &[BufferView]) -> Result<(), String> {
    match expectation {
        Expectation::Values {
            buffer,
            offset,
            comparison,
            tolerance,
            values,
        } => check_values(&views[*buffer], *offset, *comparison, *tolerance, values),
        Expectation::EqualBuffer { actual, expected } => {
            let (a, e) = comparable(&views[*actual], &views[*expected])?;
            // Equal means the same bits, as a byte comparison would say.
            let same = |x: Number, y: Number| match (x, y) {
                (Number::Float(x), Number::Float(y)) => x.to_bits() == y.to_bits(),
                (x, y) => x == y,
            };
            let mismatches: Vec<usize> = (0..a.len()).filter(|&i| !same(a[i], e[i])).collect();
            match mismatches.first() {
                None => Ok(()),
                Some(&first) => Err(format!(
                    "{} of {} values differ; first at {}: expected {}, got {}",
                    mismatches.len(),
                    a.len(),
                    position(&views[*actual], first),
                    e[first],
                    a[first]
                )),
            }
        }
        Expectation::RmseBuffer {
            actual,
            expected,
            tolerance,
        } => {
            let (a, e) = comparable(&views[*actual], &views[*expected])?;
            let squares: f64 = a
                .iter()
                .zip(&e)
                .map(|(x, y)| (x.as_f64() - y.as_f64()).powi(2))
                .sum();
            let rmse = if a.is_empty() {
                0.0
            } else {
                (squares / a.len() as f64).sqrt()
            };
            if rmse <= *tolerance {
                Ok(())
            } else {
                Err(format!(
                    "root mean square error {rmse} exceeds tolerance {tolerance}"
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::amber::data::{DataType, Layout};

    #[test]
    fn comparisons_follow_amber_rules() {
        let floats = ElementFormat::plain(DataType::parse("float").unwrap(), Layout::Std430);
        let bytes = floats.pack(&[Number::Float(1.0), Number::Float(2.5)]);
        let view = BufferView {
            name: "b",
            format: &floats,
            bytes: &bytes,
        };
        assert!(check_values(
            &view,
            0,
            Comparison::Eq,
            None,
            &[Number::Float(1.0), Number::Float(2.5)]
        )
        .is_ok());
        let error =
            check_values(&view, 4, Comparison::Eq, None, &[Number::Float(2.4)]).unwrap_err();
        assert!(error.contains("b[1]"), "{error}");
        let loose = Some(Tolerance {
            value: 10.0,
            percent: true,
        });
        assert!(check_values(&view, 4, Comparison::Eq, loose, &[Number::Float(2.4)]).is_ok());
        assert!(check_values(&view, 0, Comparison::Lt, None, &[Number::Float(1.5)]).is_ok());
        assert!(check_values(&view, 2, Comparison::Eq, None, &[Number::Float(1.0)]).is_err());
        assert!(check_values(
            &view,
            4,
            Comparison::Eq,
            None,
            &[Number::Float(2.5), Number::Float(0.0)]
        )
        .is_err());
        let uints = ElementFormat::plain(DataType::parse("uint32").unwrap(), Layout::Std430);
        let ones = uints.pack(&[Number::Int(0xffff_ffff)]);
        let view = BufferView {
            name: "u",
            format: &uints,
            bytes: &ones,
        };
        assert!(check_values(&view, 0, Comparison::Eq, None, &[Number::Int(-1)]).is_ok());
    }
}
