// ARGS: opt --split-input-file --verify-diagnostics --mlir-print-op-generic
// SPIR-V dialect types and attributes parse through the spirv hooks and
// print as MLIR 19 prints them.

// CHECK: "test.types"() {a = !spirv.array<4 x f32, stride=16>, b = !spirv.rtarray<i32>, c = !spirv.ptr<!spirv.struct<S, (!spirv.ptr<!spirv.struct<S>, StorageBuffer>)>, PhysicalStorageBuffer>, d = !spirv.struct<(f32 [0, NonWritable], vector<4xf32> [16, Offset=16])>, e = !spirv.matrix<3 x vector<3xf32>>, f = !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>, g = !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>, h = !spirv.struct<()>, i = !spirv.struct<Empty, ()>}
"test.types"() {a = !spirv.array< 4 x f32, stride = 16 >, b = !spirv.rtarray<i32>, c = !spirv.ptr<!spirv.struct<S, (!spirv.ptr<!spirv.struct<S>, StorageBuffer>)>, PhysicalStorageBuffer>, d = !spirv.struct<(f32 [0, NonWritable], vector<4xf32> [16, Offset=16])>, e = !spirv.matrix<3 x vector<3xf32>>, f = !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>, g = !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>, h = !spirv.struct<()>, i = !spirv.struct<Empty, ()>} : () -> ()

// -----

// CHECK: "test.attrs"() {a = #spirv.vce<v1.3, [Shader, GroupNonUniform], [SPV_KHR_storage_buffer_storage_class]>, b = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, api=Vulkan, NVIDIA:DiscreteGPU:42, #spirv.resource_limits<max_compute_workgroup_size = [1, 2, 3], subgroup_size = 64>>, c = #spirv.interface_var_abi<(0, 1), StorageBuffer>, d = #spirv.entry_point_abi<workgroup_size = [8, 4, 1], subgroup_size = 16>, e = #spirv.memory_access<Volatile|Aligned>, f = #spirv.storage_class<Input>, g = #spirv.resource_limits<>}
"test.attrs"() {a = #spirv.vce<v1.3, [Shader, GroupNonUniform], [SPV_KHR_storage_buffer_storage_class]>, b = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, api=Vulkan, NVIDIA:DiscreteGPU:42, #spirv.resource_limits<subgroup_size = 64, max_compute_workgroup_size = [1, 2, 3], max_compute_workgroup_invocations = 128>>, c = #spirv.interface_var_abi<(0, 1), StorageBuffer>, d = #spirv.entry_point_abi<subgroup_size = 16, workgroup_size = [8, 4, 1]>, e = #spirv.memory_access<Aligned|Volatile>, f = #spirv.storage_class<Input>, g = #spirv.resource_limits<max_compute_shared_memory_size = 16384>} : () -> ()

// -----

// expected-error @+1 {{'Inptu' is not a valid StorageClass value}}
"test.bad"() {a = !spirv.ptr<f32, Inptu>} : () -> ()

// -----

// expected-error @+1 {{unknown SPIR-V type: pointer}}
"test.bad"() {a = !spirv.pointer<f32>} : () -> ()

// -----

// expected-error @+1 {{expected a SPIR-V version (v1.0 to v1.6)}}
"test.bad"() {a = #spirv.vce<v2.0, [Shader], []>} : () -> ()

// -----

// expected-error @+1 {{unknown extension 'SPV_NOT_REAL'}}
"test.bad"() {a = #spirv.vce<v1.0, [Shader], [SPV_NOT_REAL]>} : () -> ()

// -----

// expected-error @+1 {{'Bogus' is not a valid Decoration value}}
"test.bad"() {a = !spirv.struct<(f32 [0, Bogus])>} : () -> ()

// -----

// expected-error @+1 {{ArrayStride must be greater than zero}}
"test.bad"() {a = !spirv.array<4 x f32, stride=0>} : () -> ()

// -----

// expected-error @+1 {{unknown SPIR-V attribute: not_an_enum}}
"test.bad"() {a = #spirv.not_an_enum<X>} : () -> ()

// -----

// Dialects without registered syntax keep their text verbatim.
// CHECK: "test.opaque"() {a = !other.thing<[1, {x}], "s>", (i32) -> i32>, b = #other<anything goes>}
"test.opaque"() {a = !other.thing<[1, {x}], "s>", (i32) -> i32>, b = #other<anything goes>} : () -> ()
