// Nested structs, arrays of structs, matrices, vectors of every scalar
// type, constant expressions and module-scope constants, composite access
// through pointers and dynamic indexing of local arrays.
const WEIGHTS = array<f32, 4>(0.1, 0.2, 0.3, 0.4);
const ORIGIN = vec3<f32>(0.0, 0.5, 1.0);

struct Light {
    color: vec3<f32>,
    intensity: f32,
    transform: mat4x3<f32>,
}

struct Scene {
    lights: array<Light, 3>,
    flags: vec4<u32>,
    enabled: array<vec2<i32>, 2>,
}

struct Sample {
    weight: f32,
    position: vec3<f32>,
}

@group(0) @binding(0) var<storage, read> scene: Scene;
@group(0) @binding(1) var<storage, read_write> results: array<Sample>;

fn shade(light: ptr<function, Light>, at: vec3<f32>) -> f32 {
    let local = (*light).transform * vec4<f32>(at, 1.0);
    return dot(local, (*light).color) * (*light).intensity;
}

@compute @workgroup_size(16)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var samples: array<Sample, 4>;
    var lights = scene.lights;
    for (var i = 0u; i < 4u; i++) {
        let position = ORIGIN + vec3<f32>(f32(i), f32(id.x), 0.0);
        var weight = WEIGHTS[i];
        for (var l = 0u; l < 3u; l++) {
            if (scene.flags[l % 4u] & (1u << l)) != 0u {
                var light = lights[l];
                weight += shade(&light, position);
            }
        }
        samples[i] = Sample(weight, position);
    }
    let pick = id.x % 4u;
    var best = samples[pick];
    let enabled = scene.enabled[id.x % 2u];
    if enabled.x > enabled.y {
        best.position = best.position.zyx;
    }
    let m = mat2x2<f32>(best.position.xy, best.position.yz);
    best.weight += (m * vec2<f32>(1.0, -1.0)).x;
    results[id.x] = best;
}
