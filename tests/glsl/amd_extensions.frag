#version 450
// Instructions of the four AMD extended instruction sets.
#extension GL_AMD_shader_trinary_minmax : require
#extension GL_AMD_gcn_shader : require
#extension GL_AMD_shader_ballot : require
#extension GL_AMD_shader_explicit_vertex_parameter : require
#extension GL_ARB_gpu_shader_int64 : require

layout(location = 0) in vec3 direction;
layout(location = 1) __explicitInterpAMD in vec4 color;
layout(location = 2) flat in int lane;
layout(location = 0) out vec4 result;

void main() {
    float largest = max3(direction.x, direction.y, direction.z);
    ivec2 middle = mid3(ivec2(lane), ivec2(1, 2), ivec2(3, -4));
    float face = cubeFaceIndexAMD(direction);
    vec2 coord = cubeFaceCoordAMD(direction);
    uint64_t clock = timeAMD();
    float least = minInvocationsAMD(largest);
    int total = addInvocationsNonUniformAMD(lane);
    float swizzled = swizzleInvocationsAMD(least, uvec4(1, 0, 3, 2));
    float masked = swizzleInvocationsMaskedAMD(least, uvec3(31, 0, 1));
    float written = writeInvocationAMD(swizzled, masked, 0u);
    uint counted = mbcntAMD(uint64_t(clock));
    vec4 vertex = interpolateAtVertexAMD(color, 1u);
    result = vertex + vec4(largest + face + float(middle.x + total) + written,
                           coord, float(counted));
}
