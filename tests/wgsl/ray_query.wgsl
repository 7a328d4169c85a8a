enable wgpu_ray_query;

// A ray query walked to its end in a loop, candidate triangles committed,
// and the committed intersection read back.
@group(0) @binding(0) var scene: acceleration_structure;
@group(0) @binding(1) var<storage, read_write> hits: array<vec4<f32>>;

@compute @workgroup_size(8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var query: ray_query;
    let origin = vec3<f32>(f32(id.x), 0.0, -1.0);
    let flags = RAY_FLAG_CULL_BACK_FACING | RAY_FLAG_SKIP_AABBS;
    rayQueryInitialize(&query, scene, RayDesc(flags, 0xffu, 0.01, 100.0, origin, vec3<f32>(0.0, 0.0, 1.0)));
    while rayQueryProceed(&query) {
        let candidate = rayQueryGetCandidateIntersection(&query);
        if candidate.kind == RAY_QUERY_INTERSECTION_TRIANGLE && candidate.barycentrics.x < 0.5 {
            rayQueryConfirmIntersection(&query);
        }
    }
    let hit = rayQueryGetCommittedIntersection(&query);
    var result = vec4<f32>(-1.0);
    if hit.kind != RAY_QUERY_INTERSECTION_NONE {
        result = vec4<f32>(hit.t, hit.barycentrics, f32(hit.instance_custom_data + hit.primitive_index));
    }
    hits[id.x] = result;
}
