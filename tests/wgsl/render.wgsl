// A vertex and a fragment stage: built-ins, interpolation, sampled and
// depth textures, a discard, derivatives and a storage texture.
struct Camera {
    view_projection: mat4x4<f32>,
    eye: vec3<f32>,
    time: f32,
}

struct VertexOut {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) @interpolate(flat) layer: u32,
    @location(2) @interpolate(linear, centroid) normal: vec3<f32>,
    @location(3) @interpolate(perspective, sample) tint: vec4<f32>,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(1) @binding(0) var albedo: texture_2d_array<f32>;
@group(1) @binding(1) var albedo_sampler: sampler;
@group(1) @binding(2) var shadow: texture_depth_2d;
@group(1) @binding(3) var shadow_sampler: sampler_comparison;
@group(1) @binding(4) var environment: texture_cube<f32>;
@group(1) @binding(5) var counts: texture_storage_2d<r32uint, write>;

@vertex
fn vs_main(
    @builtin(vertex_index) vertex: u32,
    @builtin(instance_index) instance: u32,
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
) -> VertexOut {
    var out: VertexOut;
    let corner = vec2<f32>(f32(vertex & 1u), f32((vertex >> 1u) & 1u));
    out.position = camera.view_projection * vec4<f32>(position + vec3<f32>(f32(instance)), 1.0);
    out.uv = corner;
    out.layer = instance % 4u;
    out.normal = normalize(normal);
    out.tint = vec4<f32>(sin(camera.time), cos(camera.time), 0.5, 1.0);
    return out;
}

struct FragmentOut {
    @location(0) color: vec4<f32>,
    @builtin(frag_depth) depth: f32,
}

@fragment
fn fs_main(in: VertexOut, @builtin(front_facing) front: bool, @builtin(sample_index) sample: u32) -> FragmentOut {
    let base = textureSample(albedo, albedo_sampler, in.uv, i32(in.layer));
    if base.a < 0.1 {
        discard;
    }
    let lit = textureSampleCompare(shadow, shadow_sampler, in.uv, in.position.z);
    let reflected = reflect(normalize(in.position.xyz - camera.eye), in.normal);
    let sky = textureSampleLevel(environment, albedo_sampler, reflected, 2.0);
    let edge = fwidth(in.uv.x) + dpdxFine(in.uv.y) + dpdyCoarse(in.uv.x);
    let size = textureDimensions(albedo, 0);
    let texel = textureLoad(albedo, vec2<i32>(in.uv * vec2<f32>(size)), 0, 0);
    textureStore(counts, vec2<i32>(in.position.xy), vec4<u32>(sample, 0u, 0u, 0u));
    var out: FragmentOut;
    out.color = mix(base * lit, sky, select(0.25, 0.75, front)) * in.tint + texel * edge;
    out.depth = saturate(in.position.z + f32(textureNumLayers(albedo)) * 0.0);
    return out;
}
