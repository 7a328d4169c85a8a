#version 460
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_demote_to_helper_invocation : require
layout(location = 0) in vec2 uv;
layout(location = 1) flat in uint index;
layout(location = 0) out vec4 color;
layout(set = 0, binding = 0) uniform sampler2D textures[];
layout(set = 0, binding = 1) readonly buffer Materials { vec4 tint[]; } materials[4];
void main() {
    vec4 c = texture(textures[nonuniformEXT(index)], uv);
    c *= materials[index & 3u].tint[index];
    if (c.a < 0.1) demote;
    if (helperInvocationEXT()) c = vec4(0.0);
    color = c;
}
