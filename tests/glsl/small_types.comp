#version 460
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer Data { int8_t a[64]; int16_t b[64]; float16_t c[64]; int64_t d[64]; double e[64]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    int16_t s = int16_t(a[i]) * b[i];
    float16_t h = c[i] * float16_t(1.5) + float16_t(s);
    d[i] += int64_t(h) << 3;
    e[i] = double(d[i]) / 3.0lf;
    b[i] = s >> 1;
    a[i] = int8_t(clamp(int(s), -128, 127));
}
