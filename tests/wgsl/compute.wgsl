// Storage buffers, a runtime-sized array, atomics, workgroup memory,
// barriers, integer division and a loop with `continuing`.
struct Params {
    count: u32,
    scale: f32,
    offsets: array<vec4<i32>, 4>,
}

struct Histogram {
    total: atomic<u32>,
    bins: array<atomic<u32>, 16>,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> input: array<f32>;
@group(0) @binding(2) var<storage, read_write> output: array<f32>;
@group(0) @binding(3) var<storage, read_write> histogram: Histogram;

var<workgroup> tile: array<f32, 64>;
var<workgroup> tile_max: atomic<i32>;

fn bin_of(value: f32) -> u32 {
    let clamped = clamp(value, 0.0, 0.999);
    return u32(clamped * 16.0);
}

@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
    @builtin(num_workgroups) groups: vec3<u32>,
) {
    let n = min(params.count, arrayLength(&input));
    var value = 0.0;
    if gid.x < n {
        value = input[gid.x] * params.scale;
    }
    tile[lid] = value;
    atomicMax(&tile_max, i32(value));
    workgroupBarrier();
    var stride = 32u;
    loop {
        if stride == 0u {
            break;
        }
        if lid < stride {
            tile[lid] += tile[lid + stride];
        }
        workgroupBarrier();
        continuing {
            stride = stride / 2u;
        }
    }
    if lid == 0u {
        let slot = gid.x / 64u;
        if slot < arrayLength(&output) {
            output[slot] = tile[0] / f32(max(groups.x, 1u));
        }
    }
    let bin = bin_of(fract(value));
    atomicAdd(&histogram.total, 1u);
    let previous = atomicAdd(&histogram.bins[bin], 1u);
    if previous % 7u == 3u {
        let offset = params.offsets[previous & 3u];
        atomicSub(&histogram.bins[(bin + u32(offset.y)) % 16u], 0u);
    }
    let exchanged = atomicCompareExchangeWeak(&histogram.total, 0u, 1u);
    if exchanged.exchanged {
        storageBarrier();
    }
}
