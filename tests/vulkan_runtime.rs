//! The Vulkan runtime used directly, on a real device (lavapipe in CI) with
//! the validation layer when installed: a kernel from the shared corpus with
//! a specialization constant, ordered dispatches across descriptor sets with
//! push constants and timestamps, and the errors for mismatched bindings.
//! The interface reader is also run over every binary of the corpus.
//!
//! Images: a kernel compiled by glslang reads a storage image, a sampled
//! image fetched without a sampler, a combined image-sampler (default and
//! unnormalized-coordinate samplers) and a sampled image through a separate
//! sampler, and writes a storage image whose texels are checked; images
//! copied through buffers on a stream; arrayed and cube images; the
//! interface reader's image kinds; and the errors for images that do not
//! fit their slot.

mod support;

use spirv_dialect::amber::shader::assemble;
use spirv_dialect::runtime::interface::{
    reflect, words_from_bytes, ImageShape, ResourceKind, TexelKind,
};
use spirv_dialect::runtime::vulkan::{
    image_format, texel_kind, Binding, BoundBuffer, Buffer, Context, ContextOptions,
    DescriptorKind, Image, ImageDesc, Kernel, KernelDesc, RuntimeError, SamplerDesc, Slot, Stream,
    TexelFormat,
};
use std::path::{Path, PathBuf};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");

fn context() -> Option<Context> {
    match Context::new(&ContextOptions {
        validation: true,
        ..ContextOptions::default()
    }) {
        Ok(context) => Some(context),
        Err(e) => {
            eprintln!("skipped: no Vulkan device: {e}");
            None
        }
    }
}

fn corpus_dir() -> Option<PathBuf> {
    let candidates = [PathBuf::from(CORPUS), PathBuf::from("/work/shared/corpus")];
    let found = candidates.into_iter().find(|p| p.is_dir());
    if found.is_none() {
        eprintln!("skipped: the shared SPIR-V corpus is absent");
    }
    found
}

fn words_of(path: &Path) -> Vec<u32> {
    words_from_bytes(&std::fs::read(path).expect("read corpus file")).expect("whole words")
}

fn storage(buffer: &Buffer, set: u32, binding: u32) -> Binding {
    Binding {
        set,
        binding,
        buffers: vec![BoundBuffer {
            buffer: buffer.clone(),
            offset: 0,
            range: None,
            dynamic_offset: 0,
        }],
        ..Binding::default()
    }
}

fn u32s(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn bytes_of(values: &[u32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// The message of an expected `RuntimeError::Failed`.
fn failure<T>(result: Result<T, RuntimeError>) -> String {
    match result {
        Err(RuntimeError::Failed(message)) => message,
        Err(other) => panic!("unexpected {other:?}"),
        Ok(_) => panic!("expected an error"),
    }
}

fn assert_clean(context: &Context) {
    let messages = context.take_validation_messages();
    assert!(messages.is_empty(), "validation messages: {messages:#?}");
}

#[test]
fn interface_reader_accepts_the_whole_corpus() {
    let Some(corpus) = corpus_dir() else { return };
    let mut files = Vec::new();
    let mut pending = vec![corpus];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("list corpus") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "spv") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 1000, "corpus has {} binaries", files.len());
    let mut compute_with_buffers = 0;
    for path in &files {
        let Ok(words) = words_from_bytes(&std::fs::read(path).expect("read")) else {
            continue;
        };
        // Fuzzed binaries may be malformed: an error is fine, a panic is not.
        if let Ok(interface) = reflect(&words) {
            if interface
                .entry_points
                .iter()
                .any(|e| e.execution_model == 5)
                && !interface.bindings.is_empty()
            {
                compute_with_buffers += 1;
            }
        }
    }
    assert!(
        compute_with_buffers > 10,
        "only {compute_with_buffers} compute kernels with buffers"
    );
    let headless = corpus_dir()
        .expect("corpus")
        .join("sascha-vulkan/glsl/computeheadless/headless.comp.spv");
    let interface = reflect(&words_of(&headless)).expect("reflect");
    assert_eq!(interface.bindings.len(), 1);
    assert_eq!(
        (interface.bindings[0].set, interface.bindings[0].binding),
        (0, 0)
    );
    assert_eq!(interface.bindings[0].kind, ResourceKind::StorageBuffer);
    assert_eq!(
        interface
            .compute_entry_point("main")
            .and_then(|e| e.local_size),
        Some([1, 1, 1])
    );
}

#[test]
fn corpus_kernel_runs_with_a_specialization_constant() {
    let Some(corpus) = corpus_dir() else { return };
    let Some(context) = context() else { return };
    let spirv = words_of(&corpus.join("sascha-vulkan/glsl/computeheadless/headless.comp.spv"));
    // SpecId 0 bounds the elements the kernel touches.
    let kernel = Kernel::new(
        &context,
        &KernelDesc {
            spirv: &spirv,
            entry_point: "main",
            slots: vec![Slot {
                set: 0,
                binding: 0,
                kind: DescriptorKind::Storage,
            }],
            specialization: vec![(0, 16u32.to_le_bytes())],
            push_constant_size: 0,
            subgroup: Default::default(),
        },
    )
    .expect("kernel");
    let input: Vec<u32> = (0..32).collect();
    let buffer = Buffer::with_data(&context, &bytes_of(&input)).expect("buffer");
    let group = kernel.bind(&[storage(&buffer, 0, 0)]).expect("bind");
    let mut stream = Stream::new(&context).expect("stream");
    stream
        .dispatch(&kernel, &group, &[], [32, 1, 1])
        .expect("dispatch");
    let times = stream.finish().expect("finish");
    let fibonacci = |n: u32| {
        (0..n)
            .fold((0u32, 1u32), |(a, b), _| (b, a.wrapping_add(b)))
            .0
    };
    let expected: Vec<u32> = (0..32)
        .map(|n| if n < 16 { fibonacci(n) } else { n })
        .collect();
    assert_eq!(u32s(&buffer.read()), expected);
    assert!(times.len() <= 1);
    assert_clean(&context);
}

const TWO_SETS: &str = "
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main \"main\" %gid
               OpExecutionMode %main LocalSize 4 1 1
               OpDecorate %gid BuiltIn GlobalInvocationId
               OpDecorate %rta ArrayStride 4
               OpMemberDecorate %Block 0 Offset 0
               OpDecorate %Block Block
               OpMemberDecorate %Push 0 Offset 0
               OpDecorate %Push Block
               OpDecorate %src DescriptorSet 0
               OpDecorate %src Binding 0
               OpDecorate %dst DescriptorSet 2
               OpDecorate %dst Binding 5
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
     %v3uint = OpTypeVector %uint 3
     %uint_0 = OpConstant %uint 0
        %rta = OpTypeRuntimeArray %uint
      %Block = OpTypeStruct %rta
       %Push = OpTypeStruct %uint
  %ptr_block = OpTypePointer StorageBuffer %Block
   %ptr_push = OpTypePointer PushConstant %Push
   %ptr_elem = OpTypePointer StorageBuffer %uint
 %ptr_pushed = OpTypePointer PushConstant %uint
    %ptr_gid = OpTypePointer Input %v3uint
   %ptr_uint = OpTypePointer Input %uint
        %src = OpVariable %ptr_block StorageBuffer
        %dst = OpVariable %ptr_block StorageBuffer
     %pushed = OpVariable %ptr_push PushConstant
        %gid = OpVariable %ptr_gid Input
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %gxp = OpAccessChain %ptr_uint %gid %uint_0
         %gx = OpLoad %uint %gxp
        %inp = OpAccessChain %ptr_elem %src %uint_0 %gx
         %in = OpLoad %uint %inp
         %ap = OpAccessChain %ptr_pushed %pushed %uint_0
     %addend = OpLoad %uint %ap
        %sum = OpIAdd %uint %in %addend
       %outp = OpAccessChain %ptr_elem %dst %uint_0 %gx
               OpStore %outp %sum
               OpReturn
               OpFunctionEnd
";

fn two_set_kernel(context: &Context) -> Option<(Vec<u32>, Kernel)> {
    let spirv = match assemble(TWO_SETS, Some("spv1.3")) {
        Ok(words) => words,
        Err(e) => {
            eprintln!("skipped: cannot assemble: {e:?}");
            return None;
        }
    };
    let kernel = Kernel::new(
        context,
        &KernelDesc {
            spirv: &spirv,
            entry_point: "main",
            slots: vec![
                Slot {
                    set: 0,
                    binding: 0,
                    kind: DescriptorKind::Storage,
                },
                Slot {
                    set: 2,
                    binding: 5,
                    kind: DescriptorKind::Storage,
                },
            ],
            specialization: vec![],
            push_constant_size: 4,
            subgroup: Default::default(),
        },
    )
    .expect("kernel");
    Some((spirv, kernel))
}

#[test]
fn ordered_dispatches_across_sets_with_push_constants() {
    let Some(context) = context() else { return };
    let Some((_, kernel)) = two_set_kernel(&context) else {
        return;
    };
    let a = Buffer::with_data(&context, &bytes_of(&[1, 2, 3, 4])).expect("a");
    let b = Buffer::new(&context, 16).expect("b");
    let forward = kernel
        .bind(&[storage(&a, 0, 0), storage(&b, 2, 5)])
        .expect("bind");
    let backward = kernel
        .bind(&[storage(&b, 0, 0), storage(&a, 2, 5)])
        .expect("bind");
    let mut stream = Stream::new(&context).expect("stream");
    // a -> b (+10), b -> a (+100), a -> b (+1000): each reads the previous write.
    stream
        .dispatch(&kernel, &forward, &10u32.to_le_bytes(), [1, 1, 1])
        .expect("first");
    stream
        .dispatch(&kernel, &backward, &100u32.to_le_bytes(), [1, 1, 1])
        .expect("second");
    stream
        .dispatch(&kernel, &forward, &1000u32.to_le_bytes(), [1, 1, 1])
        .expect("third");
    let times = stream.finish().expect("finish");
    assert_eq!(u32s(&a.read()), vec![111, 112, 113, 114]);
    assert_eq!(u32s(&b.read()), vec![1111, 1112, 1113, 1114]);
    assert!(times.is_empty() || times.len() == 3, "{times:?}");
    let copy = Buffer::new(&context, 16).expect("copy");
    stream.copy(&b, &copy, 16).expect("copy");
    stream.finish().expect("finish copy");
    assert_eq!(copy.read(), b.read());
    assert_clean(&context);
}

#[test]
fn mismatched_resources_are_clear_errors() {
    let Some(context) = context() else { return };
    let Some((spirv, kernel)) = two_set_kernel(&context) else {
        return;
    };
    let small = Buffer::new(&context, 16).expect("buffer");
    let undeclared = kernel.bind(&[
        storage(&small, 0, 0),
        storage(&small, 2, 5),
        storage(&small, 1, 1),
    ]);
    assert!(failure(undeclared).contains("declares no buffer at descriptor set 1 binding 1"));
    let missing = kernel.bind(&[storage(&small, 0, 0)]);
    assert!(failure(missing).contains("set 2 binding 5 but no buffer is bound"));
    let desc = |slots, entry_point| KernelDesc {
        spirv: &spirv,
        entry_point,
        slots,
        specialization: vec![],
        push_constant_size: 0,
        subgroup: Default::default(),
    };
    let wrong_kind = Kernel::new(
        &context,
        &desc(
            vec![Slot {
                set: 0,
                binding: 0,
                kind: DescriptorKind::Uniform,
            }],
            "main",
        ),
    );
    assert!(failure(wrong_kind).contains("bound as Uniform"));
    let no_entry = Kernel::new(&context, &desc(vec![], "other"));
    assert!(failure(no_entry).contains("no compute entry point `other`"));
    let garbage = Kernel::new(
        &context,
        &KernelDesc {
            spirv: &[1, 2, 3, 4, 5],
            ..desc(vec![], "main")
        },
    );
    assert!(failure(garbage).contains("malformed SPIR-V"));
    let group = kernel
        .bind(&[storage(&small, 0, 0), storage(&small, 2, 5)])
        .expect("bind");
    let mut stream = Stream::new(&context).expect("stream");
    let too_much_push = stream.dispatch(&kernel, &group, &[0; 8], [1, 1, 1]);
    assert!(failure(too_much_push).contains("push constants"));
    let too_many_groups = stream.dispatch(&kernel, &group, &[], [u32::MAX, 1, 1]);
    assert!(failure(too_many_groups).contains("exceeds the device limit"));
    assert_clean(&context);
}

const SIDE: u32 = 4;

const IMAGE_KERNEL: &str = r#"#version 450
#extension GL_EXT_samplerless_texture_functions : require
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D source;
layout(set = 0, binding = 1) uniform texture2D fetched;
layout(set = 0, binding = 2) uniform sampler2D sampled;
layout(set = 0, binding = 3) uniform sampler nearest;
layout(set = 1, binding = 0, r32ui) uniform writeonly uimage2D result;
void main() {
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    vec2 centre = (vec2(at) + 0.5) / 4.0;
    uint a = uint(imageLoad(source, at).r * 255.0 + 0.5);
    uint b = uint(texelFetch(fetched, at, 0).g);
    uint c = uint(textureLod(sampled, centre, 0.0).r);
    uint d = uint(textureLod(sampler2D(fetched, nearest), centre, 0.0).b);
    imageStore(result, at, uvec4(a + 100 * b + 10000 * c + 1000000 * d));
}
"#;

/// `IMAGE_KERNEL` compiled by glslang for Vulkan 1.1.
fn image_kernel_spirv() -> Option<Vec<u32>> {
    compiled(IMAGE_KERNEL)
}

/// GLSL compute shader `kernel` compiled by glslang for Vulkan 1.1.
fn compiled(kernel: &str) -> Option<Vec<u32>> {
    let Some(glslang) = support::tool("glslangValidator") else {
        println!("skipped: glslangValidator not found");
        return None;
    };
    Some(
        support::compile_shader(&glslang, kernel, "kernel.comp", "vulkan1.1", &[])
            .expect("compiles"),
    )
}

fn desc(format: TexelFormat) -> ImageDesc {
    ImageDesc::new(format, 2, [SIDE, SIDE, 1])
}

/// An image whose texel `i` (x fastest) holds `texel(i)`'s bytes.
fn image(context: &Context, format: TexelFormat, texel: impl Fn(u32) -> Vec<u8>) -> Image {
    let bytes: Vec<u8> = (0..SIDE * SIDE).flat_map(texel).collect();
    Image::with_data(context, desc(format), &bytes).expect("image")
}

fn floats(values: [f32; 4]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn images(context: &Context) -> [Image; 4] {
    [
        image(context, TexelFormat::R8G8B8A8_UNORM, |i| {
            vec![i as u8, 0, 0, 0]
        }),
        image(context, TexelFormat::R32G32B32A32_SFLOAT, |i| {
            floats([0.0, (i + 1) as f32, (i % 3) as f32, 0.0])
        }),
        image(context, TexelFormat::R32_SFLOAT, |i| {
            ((2 * i) as f32).to_le_bytes().to_vec()
        }),
        Image::new(context, desc(TexelFormat::R32_UINT)).expect("result image"),
    ]
}

fn bind(set: u32, binding: u32, images: &[&Image]) -> Binding {
    Binding {
        set,
        binding,
        buffers: Vec::new(),
        images: images.iter().map(|&i| i.clone()).collect(),
        sampler: None,
    }
}

fn image_kernel(context: &Context, spirv: &[u32]) -> Kernel {
    let desc = KernelDesc {
        spirv,
        entry_point: "main",
        slots: Vec::new(),
        specialization: Vec::new(),
        push_constant_size: 0,
        subgroup: Default::default(),
    };
    Kernel::new(context, &desc).expect("kernel")
}

#[test]
fn the_interface_names_each_image_kind() {
    let Some(spirv) = image_kernel_spirv() else {
        return;
    };
    let interface = reflect(&spirv).expect("reflect");
    let kinds: Vec<(u32, u32, ResourceKind)> = (interface.bindings.iter())
        .map(|b| (b.set, b.binding, b.kind))
        .collect();
    let shape = |format, texels| ImageShape {
        dimensions: 2,
        arrayed: false,
        cube: false,
        format,
        texels,
    };
    let float = TexelKind::Float;
    assert_eq!(
        kinds,
        [
            (0, 0, ResourceKind::StorageImage(shape(4, float))),
            (0, 1, ResourceKind::SampledImage(shape(0, float))),
            (0, 2, ResourceKind::CombinedImageSampler(shape(0, float))),
            (0, 3, ResourceKind::Sampler),
            (
                1,
                0,
                ResourceKind::StorageImage(shape(33, TexelKind::Unsigned))
            ),
        ]
    );
    assert_eq!(image_format(4), Some(TexelFormat::R8G8B8A8_UNORM));
    assert_eq!(image_format(33), Some(TexelFormat::R32_UINT));
    assert_eq!(image_format(0), None);
    assert_eq!(texel_kind(TexelFormat::R32_UINT), Some(TexelKind::Unsigned));
    assert_eq!(texel_kind(TexelFormat::R8G8B8A8_SNORM), Some(float));
    assert_eq!(texel_kind(TexelFormat::D32_SFLOAT), None);
}

#[test]
fn a_kernel_reads_and_writes_images() {
    let Some(context) = context() else { return };
    let Some(spirv) = image_kernel_spirv() else {
        return;
    };
    let kernel = image_kernel(&context, &spirv);
    let [source, fetched, sampled, result] = images(&context);
    let mut stream = Stream::new(&context).expect("stream");
    // The combined image-sampler reads texel centres with the default
    // sampler; with unnormalized coordinates the same coordinates (all
    // below 1) read texel 0.
    for unnormalized in [false, true] {
        let mut combined = bind(0, 2, &[&sampled]);
        combined.sampler = Some(SamplerDesc {
            normalized_coordinates: !unnormalized,
            ..SamplerDesc::default()
        });
        let group = kernel
            .bind(&[
                bind(0, 0, &[&source]),
                bind(0, 1, &[&fetched]),
                combined,
                bind(1, 0, &[&result]),
            ])
            .expect("bind");
        stream
            .dispatch(&kernel, &group, &[], [1, 1, 1])
            .expect("dispatch");
        stream.finish().expect("finish");
        let texels: Vec<u32> = (result.read(&context).expect("read").chunks_exact(4))
            .map(|t| u32::from_le_bytes([t[0], t[1], t[2], t[3]]))
            .collect();
        let sampled_at = |i: u32| if unnormalized { 0 } else { 2 * i };
        let expected: Vec<u32> = (0..SIDE * SIDE)
            .map(|i| i + 100 * (i + 1) + 10000 * sampled_at(i) + 1_000_000 * (i % 3))
            .collect();
        assert_eq!(texels, expected, "unnormalized coordinates: {unnormalized}");
    }
    // Through buffers on a stream: the result copied out, into another
    // image and back.
    let out = Buffer::new(&context, result.byte_size()).expect("buffer");
    let copy = Image::new(&context, desc(TexelFormat::R32_UINT)).expect("image");
    let back = Buffer::new(&context, result.byte_size()).expect("buffer");
    stream.copy_from_image(&result, &out).expect("copy out");
    stream.copy_to_image(&out, &copy).expect("copy in");
    stream.copy_from_image(&copy, &back).expect("copy back");
    stream.finish().expect("finish copies");
    assert_eq!(back.read(), result.read(&context).expect("read"));
    assert_clean(&context);
}

#[test]
fn images_that_do_not_fit_their_slot_are_clear_errors() {
    let Some(context) = context() else { return };
    let Some(spirv) = image_kernel_spirv() else {
        return;
    };
    let kernel = image_kernel(&context, &spirv);
    let [source, fetched, sampled, result] = images(&context);
    let bound = |source: &Image, result: Binding| {
        kernel.bind(&[
            bind(0, 0, &[source]),
            bind(0, 1, &[&fetched]),
            bind(0, 2, &[&sampled]),
            result,
        ])
    };
    let wrong_format = failure(bound(&fetched, bind(1, 0, &[&result])));
    assert!(
        wrong_format.contains("R32G32B32A32_SFLOAT image is bound at set 0 binding 0")
            && wrong_format.contains("declares R8G8B8A8_UNORM"),
        "{wrong_format}"
    );
    let fetched_as_integers = failure(kernel.bind(&[
        bind(0, 0, &[&source]),
        bind(0, 1, &[&result]),
        bind(0, 2, &[&sampled]),
        bind(1, 0, &[&result]),
    ]));
    assert!(
        fetched_as_integers.contains(
            "a R32_UINT image is bound at set 0 binding 1, where the kernel reads Float texels"
        ),
        "{fetched_as_integers}"
    );
    let line = Image::new(
        &context,
        ImageDesc::new(TexelFormat::R32_UINT, 1, [SIDE, 1, 1]),
    )
    .expect("1D image");
    let wrong_dimensions = failure(bound(&source, bind(1, 0, &[&line])));
    assert!(
        wrong_dimensions.contains("a 1D image is bound at set 1 binding 0"),
        "{wrong_dimensions}"
    );
    let missing = failure(kernel.bind(&[bind(0, 0, &[&source])]));
    assert!(
        missing.contains("set 0 binding 1 but no image is bound"),
        "{missing}"
    );
    let two = failure(bound(&source, bind(1, 0, &[&result, &result])));
    assert!(two.contains("holds 1 images but 2 were bound"), "{two}");
    let buffer = Buffer::new(&context, 64).expect("buffer");
    let mut buffer_binding = bind(1, 0, &[]);
    buffer_binding.buffers.push(BoundBuffer {
        buffer: buffer.clone(),
        offset: 0,
        range: None,
        dynamic_offset: 0,
    });
    let as_buffer = failure(bound(&source, buffer_binding));
    assert!(as_buffer.contains("takes images only"), "{as_buffer}");
    let flat = ImageDesc::new(TexelFormat::R32_UINT, 2, [SIDE, SIDE, 2]);
    let bad_extent = failure(Image::new(&context, flat));
    assert!(
        bad_extent.contains("a 2D image cannot be 4x4x2 texels"),
        "{bad_extent}"
    );
    let huge = ImageDesc::new(TexelFormat::R32_UINT, 2, [1 << 30, 1 << 30, 1]);
    let too_large = failure(Image::new(&context, huge));
    assert!(
        too_large.contains("passes the device's largest 2D image side"),
        "{too_large}"
    );
    let short = failure(Image::with_data(
        &context,
        desc(TexelFormat::R32_UINT),
        &[0; 8],
    ));
    assert!(
        short.contains("8 bytes given for an image of 64 bytes"),
        "{short}"
    );
    let mut stream = Stream::new(&context).expect("stream");
    let small = Buffer::new(&context, 8).expect("buffer");
    let overrun = failure(stream.copy_from_image(&result, &small));
    assert!(overrun.contains("cannot hold the 64 bytes"), "{overrun}");
    assert_clean(&context);
}

const LAYERED_KERNEL: &str = r#"#version 450
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, r32f) uniform readonly image2DArray layers;
layout(set = 0, binding = 1) uniform samplerCube sky;
layout(set = 0, binding = 2, r32f) uniform image2DArray sums;
void main() {
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    float below = imageLoad(layers, ivec3(at, 0)).r;
    float above = imageLoad(layers, ivec3(at, 1)).r;
    float west = textureLod(sky, vec3(-1.0, 0.0, 0.0), 0.0).r;
    imageStore(sums, ivec3(at, 1), vec4(below + above + west));
}
"#;

/// A `layers`-layer image of square `SIDE` faces whose texel `i` (x
/// fastest, layer after layer) holds `value(i)`.
fn layered(context: &Context, layers: u32, cube: bool, value: impl Fn(u32) -> f32) -> Image {
    let desc = ImageDesc {
        layers,
        arrayed: !cube,
        cube,
        ..ImageDesc::new(TexelFormat::R32_SFLOAT, 2, [SIDE, SIDE, 1])
    };
    let bytes: Vec<u8> = (0..SIDE * SIDE * layers)
        .flat_map(|i| value(i).to_le_bytes())
        .collect();
    Image::with_data(context, desc, &bytes).expect("layered image")
}

#[test]
fn arrayed_and_cube_images() {
    let Some(context) = context() else { return };
    let Some(spirv) = compiled(LAYERED_KERNEL) else {
        return;
    };
    let interface = reflect(&spirv).expect("reflect");
    let shapes: Vec<(bool, bool)> = (interface.bindings.iter())
        .map(|b| match b.kind {
            ResourceKind::StorageImage(s) | ResourceKind::CombinedImageSampler(s) => {
                (s.arrayed, s.cube)
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(shapes, [(true, false), (false, true), (true, false)]);
    let kernel = image_kernel(&context, &spirv);
    let face = SIDE * SIDE;
    let layers = layered(&context, 2, false, |i| i as f32);
    let sky = layered(&context, 6, true, |i| (1000 * (i / face + 1)) as f32);
    let sums = layered(&context, 2, false, |_| 0.0);
    let group = kernel
        .bind(&[
            bind(0, 0, &[&layers]),
            bind(0, 1, &[&sky]),
            bind(0, 2, &[&sums]),
        ])
        .expect("bind");
    let mut stream = Stream::new(&context).expect("stream");
    stream
        .dispatch(&kernel, &group, &[], [1, 1, 1])
        .expect("dispatch");
    stream.finish().expect("finish");
    let values: Vec<f32> = (sums.read(&context).expect("read").chunks_exact(4))
        .map(|t| f32::from_le_bytes([t[0], t[1], t[2], t[3]]))
        .collect();
    // Layer 1 holds each texel of both layers plus the -X face (face 1).
    let expected: Vec<f32> = (0..2 * face)
        .map(|i| match i < face {
            true => 0.0,
            false => ((i - face) + i + 2000) as f32,
        })
        .collect();
    assert_eq!(values, expected);
    let flat = Image::new(&context, desc(TexelFormat::R32_SFLOAT)).expect("image");
    let not_arrayed = failure(kernel.bind(&[
        bind(0, 0, &[&flat]),
        bind(0, 1, &[&sky]),
        bind(0, 2, &[&sums]),
    ]));
    assert!(
        not_arrayed.contains(
            "a 2D image is bound at set 0 binding 0, where the kernel reads arrayed 2D images"
        ),
        "{not_arrayed}"
    );
    let odd_cube = ImageDesc {
        layers: 5,
        cube: true,
        ..ImageDesc::new(TexelFormat::R32_SFLOAT, 2, [SIDE, SIDE, 1])
    };
    let five_faces = failure(Image::new(&context, odd_cube));
    assert!(
        five_faces.contains("a 2D image cube cannot have 5 layers"),
        "{five_faces}"
    );
    assert_clean(&context);
}
