// Built-in functions that become GLSL.std.450 instructions or core
// arithmetic: trigonometry, exponentials, vector geometry, matrices, bit
// operations, packing, and integer and float conversions.
@group(0) @binding(0) var<storage, read_write> floats: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> ints: array<vec4<i32>>;
@group(0) @binding(2) var<storage, read_write> matrices: array<mat3x3<f32>>;

@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x + id.y * 8u;
    let v = floats[i];
    let w = ints[i];
    var f = vec4<f32>(
        pow(abs(v.x), 2.5) + exp2(v.y) + log(abs(v.z) + 1.0),
        atan2(v.y, v.x) + asin(clamp(v.w, -1.0, 1.0)) + tanh(v.x),
        smoothstep(0.0, 1.0, v.z) + step(0.5, v.w) + fma(v.x, v.y, v.z),
        inverseSqrt(abs(v.w) + 1.0) + trunc(v.x) + round(v.y) + sign(v.z),
    );
    f = f + vec4<f32>(cross(v.xyz, f.xyz), dot(v, f)) + faceForward(v, f, v);
    f = f + vec4<f32>(distance(v, f), length(v), degrees(v.x), radians(v.y));
    let m = matrices[i];
    let t = transpose(m) * m + mat3x3<f32>(v.xyz, f.xyz, v.yzw) * determinant(m);
    matrices[i] = t;
    let u = bitcast<vec4<u32>>(w);
    var r = vec4<i32>(
        countOneBits(w.x) + i32(reverseBits(u.y)),
        firstLeadingBit(w.y) + firstTrailingBit(w.z),
        extractBits(w.z, 3u, 5u) + insertBits(w.w, w.x, 2u, 4u),
        i32(countLeadingZeros(u.w) + countTrailingZeros(u.x)),
    );
    r = r + vec4<i32>(w / max(abs(w.yzwx), vec4<i32>(1))) + (w % (w.wxyz | vec4<i32>(1))) + (w << vec4<u32>(2u)) + (w >> u.zwxy % vec4<u32>(31u));
    let packed = pack4x8snorm(v) ^ pack2x16float(v.xy) ^ pack4x8unorm(f) ^ pack2x16unorm(f.zw);
    f = f + unpack4x8snorm(packed) + vec4<f32>(unpack2x16float(packed), unpack2x16snorm(packed));
    f = f + vec4<f32>(ldexp(v.x, w.y & 7), modf(v.y).fract, frexp(v.z).fract, quantizeToF16(v.w));
    let any_nan = any(f != f) || all(w == vec4<i32>(0));
    floats[i] = select(f, vec4<f32>(0.0), any_nan);
    ints[i] = r + vec4<i32>(dot4I8Packed(u.x, u.y), i32(dot4U8Packed(u.z, u.w)), abs(w.x), clamp(w.y, -4, 4));
}
