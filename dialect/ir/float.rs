//! Conversions between f64 and the encodings of the builtin float formats
//! (IEEE half, bfloat16, single, double), rounding to nearest-even.

use super::types::FloatKind;

/// Encodes `value` in `kind`'s format (as the low bits of the result).
pub fn encode(kind: FloatKind, value: f64) -> u64 {
    match kind {
        FloatKind::F64 => value.to_bits(),
        FloatKind::F32 => (value as f32).to_bits() as u64,
        FloatKind::BF16 => bf16_from_f32(value as f32) as u64,
        FloatKind::F16 => f16_from_f64(value) as u64,
    }
}

/// Decodes `bits` of `kind`'s format to f64 (exactly).
pub fn decode(kind: FloatKind, bits: u64) -> f64 {
    match kind {
        FloatKind::F64 => f64::from_bits(bits),
        FloatKind::F32 => f32::from_bits(bits as u32) as f64,
        FloatKind::BF16 => f32::from_bits((bits as u32 & 0xFFFF) << 16) as f64,
        FloatKind::F16 => f16_to_f64(bits as u16),
    }
}

fn bf16_from_f32(value: f32) -> u16 {
    let bits = value.to_bits();
    if value.is_nan() {
        return ((bits >> 16) as u16) | 0x40;
    }
    let round = 0x7FFF + ((bits >> 16) & 1);
    (bits.wrapping_add(round) >> 16) as u16
}

fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1F) as i32;
    let frac = (h & 0x3FF) as f64;
    match exp {
        0 => sign * frac * 2f64.powi(-24),
        31 if frac == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        _ => sign * (1.0 + frac / 1024.0) * 2f64.powi(exp - 15),
    }
}

fn f16_from_f64(value: f64) -> u16 {
    let sign: u16 = if value.is_sign_negative() { 0x8000 } else { 0 };
    if value.is_nan() {
        return 0x7E00;
    }
    let a = value.abs();
    if a.is_infinite() || a >= 65520.0 {
        return sign | 0x7C00;
    }
    // Scale into units of the smallest subnormal (2^-24) or of the exponent's ulp.
    let exp = if a == 0.0 {
        -15
    } else {
        a.log2().floor() as i32
    };
    let (biased, ulp) = if exp < -14 {
        (0, -24)
    } else {
        (exp + 15, exp - 10)
    };
    let scaled = a / 2f64.powi(ulp);
    let mut mant = round_half_even(scaled) as u32;
    let mut biased = biased as u32;
    if biased == 0 {
        if mant >= 0x400 {
            biased = 1;
            mant -= 0x400;
        }
    } else {
        if mant >= 0x800 {
            mant >>= 1;
            biased += 1;
        }
        mant -= 0x400;
    }
    if biased >= 31 {
        return sign | 0x7C00;
    }
    sign | ((biased as u16) << 10) | mant as u16
}

fn round_half_even(x: f64) -> f64 {
    let floor = x.floor();
    let diff = x - floor;
    if diff > 0.5 || (diff == 0.5 && floor % 2.0 != 0.0) {
        floor + 1.0
    } else {
        floor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_precision_round_trips() {
        for bits in [0x3C00u16, 0x0001, 0x03FF, 0x0400, 0x7BFF, 0xC000, 0x3555] {
            let value = decode(FloatKind::F16, bits as u64);
            assert_eq!(encode(FloatKind::F16, value), bits as u64, "{bits:#x}");
        }
        assert_eq!(encode(FloatKind::F16, 1.0 / 3.0), 0x3555);
        assert_eq!(encode(FloatKind::BF16, 3.3), 0x4053);
    }
}
