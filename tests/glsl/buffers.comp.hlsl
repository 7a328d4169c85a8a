struct Particle { float4 pos; float4 vel; };
cbuffer Params : register(b0) { float dt; uint count; float2 pad; };
StructuredBuffer<Particle> input : register(t1);
RWStructuredBuffer<Particle> output : register(u2);
RWByteAddressBuffer raw : register(u3);
AppendStructuredBuffer<uint> appended : register(u4);
groupshared float4 shared_pos[64];
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    uint n, stride;
    input.GetDimensions(n, stride);
    // Every invocation writes its slot before the barrier: none reads
    // workgroup memory nothing wrote.
    bool active = id.x < min(n, count);
    float4 pos = 0;
    if (active) pos = input[id.x].pos;
    shared_pos[gi] = pos;
    GroupMemoryBarrierWithGroupSync();
    if (!active) return;
    Particle p = input[id.x];
    float4 acc = 0;
    [loop] for (uint j = 0; j < 64; ++j) {
        float4 d = shared_pos[j] - p.pos;
        acc += d * rsqrt(dot(d, d) + 0.01);
        if (acc.w > 100.0) break;
    }
    p.vel += acc * dt;
    p.pos += p.vel * dt;
    output[id.x] = p;
    uint old;
    raw.InterlockedAdd(0, 1u, old);
    raw.Store(4 + 4 * (id.x % 16), asuint(WaveActiveSum(p.pos.x)));
    if (WaveIsFirstLane()) appended.Append(old);
}
