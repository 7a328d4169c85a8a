// 64-bit integers and floats, 64-bit atomics, and workgroup memory zeroed
// on entry.
struct Counters {
    low: atomic<u64>,
    high: atomic<u64>,
    total: atomic<u32>,
}

@group(0) @binding(0) var<storage, read_write> counters: Counters;
@group(0) @binding(1) var<storage, read_write> values: array<f64>;
@group(0) @binding(2) var<storage, read_write> keys: array<i64>;

var<workgroup> partial: array<u64, 32>;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) lane: u32) {
    let key = keys[id.x];
    let magnitude = u64(abs(key));
    partial[lane] = magnitude * 3lu + (magnitude >> 7u);
    workgroupBarrier();
    if lane == 0u {
        var sum = 0lu;
        for (var i = 0u; i < 32u; i++) {
            sum += partial[i];
        }
        atomicMax(&counters.high, sum);
        atomicMin(&counters.low, sum);
        atomicAdd(&counters.total, u32(sum & 0xfffflu));
    }
    let x = values[id.x];
    values[id.x] = x * 2.5lf + f64(key) / max(abs(x), 1.0lf);
    keys[id.x] = select(key, -key, key < 0li) + i64(countOneBits(magnitude));
}
