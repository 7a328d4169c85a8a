enable f16;

// 16-bit floats in a storage buffer, subgroup operations (reductions,
// scans, ballots, shuffles, votes, quad broadcasts) and
// workgroupUniformLoad.
struct Halfs {
    values: array<vec4<f16>>,
}

@group(0) @binding(0) var<storage, read_write> halfs: Halfs;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;

var<workgroup> shared_count: u32;

@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) id: vec3<u32>,
    @builtin(subgroup_invocation_id) lane: u32,
    @builtin(subgroup_size) width: u32,
    @builtin(local_invocation_index) local: u32,
) {
    if local == 0u {
        shared_count = 0u;
    }
    let count = workgroupUniformLoad(&shared_count);
    let h = halfs.values[id.x];
    let scaled = h * f16(1.5) + vec4<f16>(f16(count));
    halfs.values[id.x] = scaled;
    let total = subgroupAdd(u32(h.x));
    let exclusive = subgroupExclusiveAdd(lane);
    let ballot = subgroupBallot(h.y > f16(0.0));
    let first = subgroupBroadcastFirst(total);
    let shuffled = subgroupShuffleXor(exclusive, 1u);
    let voted = subgroupAll(lane < width) && subgroupAny(h.z < f16(0.0));
    subgroupBarrier();
    let leader = subgroupBroadcastFirst(lane);
    if lane == leader {
        sums[id.x / max(width, 1u)] = first + ballot.x + shuffled + select(0u, 1u, voted) + subgroupMax(lane) + quadBroadcast(lane, 0u);
    }
}
