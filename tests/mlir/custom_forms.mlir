// ARGS: opt --split-input-file
// Custom forms declared through the format DSL print and parse back.

// CHECK:      module @named attributes {test.tag = "t"} {
// CHECK-NEXT:   func.func @callee(%arg0: i32, %arg1: f32) -> (i32, f32) attributes {note} {
// CHECK-NEXT:     return %arg0, %arg1 : i32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @decl(i64)
// CHECK-NEXT:   func.func @caller() {
// CHECK-NEXT:     %0 = "foo.c"() : () -> i32
// CHECK-NEXT:     %1 = "foo.c"() : () -> f32
// CHECK-NEXT:     %2:2 = call @callee(%0, %1) : (i32, f32) -> (i32, f32)
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
module @named attributes {test.tag = "t"} {
  func.func @callee(%a: i32, %b: f32) -> (i32, f32) attributes {note} {
    func.return %a, %b : i32, f32
  }
  func.func private @decl(i64)
  func.func @caller() {
    %x = "foo.c"() : () -> i32
    %y = "foo.c"() : () -> f32
    %r:2 = call @callee(%x, %y) : (i32, f32) -> (i32, f32)
    return
  }
}

// -----

// CHECK: // {{-----}}
// CHECK-NEXT: module {
// CHECK-NEXT: }
module {
}
