// Integer arithmetic of both signednesses, shifts, bit operations, min
// and max, remainders, a while loop and a two-dimensional buffer.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels attributes {sym_visibility = "private"} {
    gpu.func @integers(%data: memref<8x8xi32, #spirv.storage_class<StorageBuffer>>, %out: memref<64xi32, #spirv.storage_class<StorageBuffer>>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 8, 1]>} {
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %v = memref.load %data[%y, %x] : memref<8x8xi32, #spirv.storage_class<StorageBuffer>>
      %c3 = arith.constant 3 : i32
      %c7 = arith.constant 7 : i32
      %c1 = arith.constant 1 : i32
      %m = arith.muli %v, %c7 : i32
      %sh = arith.shli %m, %c3 : i32
      %shr = arith.shrsi %sh, %c1 : i32
      %ushr = arith.shrui %m, %c3 : i32
      %and = arith.andi %shr, %ushr : i32
      %or = arith.ori %and, %c7 : i32
      %xor = arith.xori %or, %v : i32
      %smax = arith.maxsi %xor, %v : i32
      %umin = arith.minui %smax, %m : i32
      %divisor = arith.ori %v, %c1 : i32
      %rem = arith.remsi %umin, %divisor : i32
      %div = arith.divui %umin, %divisor : i32
      %sum = arith.addi %rem, %div : i32
      %steps = scf.while (%n = %sum, %count = %c1) : (i32, i32) -> i32 {
        %c100 = arith.constant 100 : i32
        %more = arith.cmpi slt, %count, %c100 : i32
        %odd = arith.andi %n, %c1 : i32
        %isodd = arith.cmpi ne, %odd, %c1 : i32
        %go = arith.andi %more, %isodd : i1
        scf.condition(%go) %count : i32
      } do {
      ^bb0(%count: i32):
        %next = arith.addi %count, %c1 : i32
        %shifted = arith.shrui %count, %c1 : i32
        scf.yield %shifted, %next : i32, i32
      }
      %c8 = arith.constant 8 : index
      %row = arith.muli %y, %c8 : index
      %index = arith.addi %row, %x : index
      memref.store %steps, %out[%index] : memref<64xi32, #spirv.storage_class<StorageBuffer>>
      gpu.return
    }
  }
}
