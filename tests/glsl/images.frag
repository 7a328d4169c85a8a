#version 450
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 outColor;
layout(binding = 0) uniform texture2D t2;
layout(binding = 1) uniform sampler s;
layout(binding = 2) uniform samplerCube cube;
layout(binding = 3) uniform sampler2DArrayShadow shadow;
layout(binding = 4) uniform sampler3D vol;
layout(binding = 5, rgba8) uniform readonly image2D img;
layout(binding = 6) uniform usamplerBuffer texels;
layout(input_attachment_index = 0, binding = 7) uniform subpassInput prev;
void main() {
    vec4 a = texture(sampler2D(t2, s), uv);
    a += textureLod(cube, vec3(uv, 1.0), 2.0);
    a += textureGrad(vol, vec3(uv, 0.5), vec3(0.1), vec3(0.2));
    a += textureOffset(sampler2D(t2, s), uv, ivec2(1, -1));
    a.x += texture(shadow, vec4(uv, 0.0, 0.5));
    a += imageLoad(img, ivec2(uv * 16.0));
    a += vec4(texelFetch(texels, int(uv.x * 100.0)));
    a += textureGather(sampler2D(t2, s), uv, 1);
    a += subpassLoad(prev);
    a.xy += vec2(textureSize(cube, 0)) + vec2(textureQueryLod(sampler2D(t2, s), uv));
    outColor = a;
}
