enable wgpu_binding_array;
enable dual_source_blending;
enable clip_distances;

// Arrays of bindings indexed by non-uniform values, storage textures read
// and written, multisampled and integer textures, gathers with offsets,
// clip distances and two blend sources.
struct Material {
    texture_index: u32,
    roughness: f32,
}

@group(0) @binding(0) var textures: binding_array<texture_2d<f32>, 8>;
@group(0) @binding(1) var samplers: binding_array<sampler, 4>;
@group(0) @binding(2) var<storage, read> materials: array<Material>;
@group(0) @binding(3) var image: texture_storage_2d<rgba8unorm, read_write>;
@group(0) @binding(4) var samples: texture_multisampled_2d<f32>;
@group(0) @binding(5) var ids: texture_2d<u32>;
@group(0) @binding(6) var volume: texture_3d<f32>;

struct Varyings {
    @builtin(position) position: vec4<f32>,
    @builtin(clip_distances) clip: array<f32, 2>,
    @location(0) @interpolate(flat) material: u32,
    @location(1) uv: vec2<f32>,
}

struct Interpolated {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(flat) material: u32,
    @location(1) uv: vec2<f32>,
}

@vertex
fn vs_main(@location(0) position: vec4<f32>, @location(1) material: u32) -> Varyings {
    var out: Varyings;
    out.position = position;
    out.clip = array<f32, 2>(position.x, -position.y);
    out.material = material;
    out.uv = position.xy * 0.5 + vec2<f32>(0.5);
    return out;
}

struct Blended {
    @location(0) @blend_src(0) color: vec4<f32>,
    @location(0) @blend_src(1) weight: vec4<f32>,
}

@fragment
fn fs_main(in: Interpolated) -> Blended {
    let material = materials[in.material];
    let index = material.texture_index;
    let base = textureSample(textures[index], samplers[index % 4u], in.uv);
    let gathered = textureGather(1, textures[0], samplers[0], in.uv, vec2<i32>(1, -1));
    let coordinate = vec2<i32>(in.position.xy);
    let stored = textureLoad(image, coordinate);
    textureStore(image, coordinate, stored * 0.5 + base * 0.5);
    var resolved = vec4<f32>(0.0);
    for (var s = 0; s < i32(textureNumSamples(samples)); s++) {
        resolved += textureLoad(samples, coordinate, s);
    }
    let id = textureLoad(ids, coordinate, 0).r;
    let fog = textureSampleGrad(volume, samplers[1], vec3<f32>(in.uv, material.roughness), vec3<f32>(0.01), vec3<f32>(0.02)).r;
    var out: Blended;
    out.color = base + gathered * fog + resolved / 4.0;
    out.weight = vec4<f32>(f32(id & 255u) / 255.0);
    return out;
}
