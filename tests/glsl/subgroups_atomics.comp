#version 460
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_vote : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint values[]; };
layout(std430, binding = 1) buffer Counters { uint total; uint maxv; int minv; uint hist[16]; };
layout(binding = 2, r32ui) uniform uimage2D img;
shared uint tile[64];
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = values[i];
    tile[gl_LocalInvocationIndex] = v;
    memoryBarrierShared();
    barrier();
    uint sum = subgroupAdd(v);
    uint mx = subgroupMax(v);
    uvec4 ballot = subgroupBallot(v > 10u);
    uint lanes = subgroupBallotBitCount(ballot);
    uint other = subgroupShuffleXor(v, 1u);
    if (subgroupElect()) {
        atomicAdd(total, sum);
        atomicMax(maxv, mx);
    }
    if (subgroupAll(v != 0u)) {
        atomicMin(minv, int(other));
    }
    atomicExchange(hist[v & 15u], lanes);
    uint old = atomicCompSwap(hist[0], 0u, tile[(gl_LocalInvocationIndex + 1u) % 64u]);
    imageAtomicAdd(img, ivec2(i % 8u, i / 8u), old);
    groupMemoryBarrier();
}
