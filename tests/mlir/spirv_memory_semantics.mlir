// ARGS: opt
// The empty memory semantics prints as MLIR spells it, `None`, whether it
// was written `None` or with the grammar's name `Relaxed`.

// CHECK: spirv.MemoryBarrier <Device>, <None>
// CHECK-NEXT: spirv.MemoryBarrier <Device>, <None>
// CHECK-NEXT: spirv.MemoryBarrier <Device>, <Acquire|WorkgroupMemory>
func.func @f() {
  "spirv.MemoryBarrier"() <{memory_scope = #spirv.scope<Device>, memory_semantics = #spirv.memory_semantics<Relaxed>}> : () -> ()
  spirv.MemoryBarrier <Device>, <None>
  spirv.MemoryBarrier <Device>, <WorkgroupMemory|Acquire>
  return
}
