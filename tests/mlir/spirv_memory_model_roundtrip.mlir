// ARGS: translate --no-implicit-module --test-spirv-roundtrip
// The scope a Vulkan memory model access makes its pointer available or
// visible to (the parameter of MakePointerAvailable / MakePointerVisible)
// is a property: the custom forms of spirv.Load and spirv.Store print it
// in their attribute dictionary, and a dictionary, in custom or generic
// form, reads it back into the properties, so it reaches the binary as
// the access's scope operand and reads back the same.

// CHECK:      spirv.module Logical Vulkan requires #spirv.vce<v1.5, [Shader, VulkanMemoryModel], []> {
// CHECK-NEXT:   spirv.func @h(%arg0: !spirv.ptr<f32, Workgroup>) "None" {
// CHECK-NEXT:     %0 = spirv.Load "Workgroup" %arg0 ["MakePointerVisible|NonPrivatePointer"] {id_scope = #spirv.scope<Workgroup>} : f32
// CHECK-NEXT:     spirv.Store "Workgroup" %arg0, %0 ["MakePointerAvailable|NonPrivatePointer"] {id_scope = #spirv.scope<Workgroup>} : f32
// CHECK-NEXT:     %1 = spirv.Load "Workgroup" %arg0 ["MakePointerVisible|NonPrivatePointer"] {id_scope = #spirv.scope<Device>} : f32
// CHECK-NEXT:     spirv.Return
// CHECK-NEXT:   }
// CHECK-NEXT: }

spirv.module Logical Vulkan requires #spirv.vce<v1.5, [Shader, VulkanMemoryModel], []> {
  spirv.func @h(%p: !spirv.ptr<f32, Workgroup>) "None" {
    %x = spirv.Load "Workgroup" %p ["MakePointerVisible|NonPrivatePointer"] {id_scope = #spirv.scope<Workgroup>} : f32
    spirv.Store "Workgroup" %p, %x ["MakePointerAvailable|NonPrivatePointer"] {id_scope = #spirv.scope<Workgroup>} : f32
    %y = "spirv.Load"(%p) {id_scope = #spirv.scope<Device>, memory_access = #spirv.memory_access<MakePointerVisible|NonPrivatePointer>} : (!spirv.ptr<f32, Workgroup>) -> f32
    spirv.Return
  }
}
