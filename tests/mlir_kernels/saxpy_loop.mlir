// A bounds-checked saxpy whose result runs through a loop carrying a
// value, with float compares and selects.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels attributes {sym_visibility = "private"} {
    gpu.func @saxpy(%a: f32, %x: memref<64xf32, #spirv.storage_class<StorageBuffer>>, %y: memref<64xf32, #spirv.storage_class<StorageBuffer>>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %t = arith.muli %bid, %bdim : index
      %i = arith.addi %t, %tid : index
      %c64 = arith.constant 64 : index
      %inside = arith.cmpi ult, %i, %c64 : index
      scf.if %inside {
        %xv = memref.load %x[%i] : memref<64xf32, #spirv.storage_class<StorageBuffer>>
        %yv = memref.load %y[%i] : memref<64xf32, #spirv.storage_class<StorageBuffer>>
        %ax = arith.mulf %a, %xv : f32
        %s = arith.addf %ax, %yv : f32
        %c0 = arith.constant 0 : index
        %c4 = arith.constant 4 : index
        %c1 = arith.constant 1 : index
        %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%v = %s) -> (f32) {
          %kk = arith.index_cast %k : index to i32
          %kf = arith.sitofp %kk : i32 to f32
          %nv = arith.addf %v, %kf : f32
          %big = arith.cmpf ogt, %nv, %a : f32
          %sel = arith.select %big, %a, %nv : f32
          scf.yield %sel : f32
        }
        memref.store %acc, %y[%i] : memref<64xf32, #spirv.storage_class<StorageBuffer>>
      }
      gpu.return
    }
  }
}
