// A barrier between a write and a read of another invocation's element,
// math functions lowered to GLSL.std.450, float and integer conversions.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels attributes {sym_visibility = "private"} {
    gpu.func @mirror(%in: memref<32xf32, #spirv.storage_class<StorageBuffer>>, %out: memref<32xf32, #spirv.storage_class<StorageBuffer>>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %i = gpu.thread_id x
      %v = memref.load %in[%i] : memref<32xf32, #spirv.storage_class<StorageBuffer>>
      memref.store %v, %out[%i] : memref<32xf32, #spirv.storage_class<StorageBuffer>>
      gpu.barrier
      %c31 = arith.constant 31 : index
      %j = arith.subi %c31, %i : index
      %w = memref.load %out[%j] : memref<32xf32, #spirv.storage_class<StorageBuffer>>
      %e = math.exp %w : f32
      %s = math.sqrt %e : f32
      %f = math.floor %s : f32
      %a = math.absf %f : f32
      %back = arith.fptosi %w : f32 to i32
      %again = arith.sitofp %back : i32 to f32
      %m = arith.addf %a, %again : f32
      %n = arith.negf %m : f32
      gpu.barrier
      memref.store %n, %out[%i] : memref<32xf32, #spirv.storage_class<StorageBuffer>>
      gpu.return
    }
  }
}
