// ARGS: opt --mlir-print-op-generic
// In the generic form MLIR 19 numbers values uniquely across the module.

// CHECK:      %0 = "foo.op"() : () -> i32
// CHECK:      ^bb0(%arg2: i32, %arg3: i32):
// CHECK-NEXT:   %3 = "foo.op"(%arg2) : (i32) -> i32
// CHECK:      ^bb1(%4: i32):  // pred: ^bb0
// CHECK:      "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// CHECK-NEXT: ^bb0(%arg0: i32):
// CHECK-NEXT:   %2:2 = "foo.two"() : () -> (i32, i32)
// CHECK:        ^bb0(%arg1: i32):
// CHECK:        "func.return"(%arg0) : (i32) -> ()
// CHECK:      %1 = "foo.op"() : () -> i32
"foo.top"() ({
  %a = "foo.op"() : () -> i32
  "foo.region"() ({
  ^bb0(%x: i32, %y: i32):
    %b = "foo.op"(%x) : (i32) -> i32
    "foo.br"()[^bb1, ^bb2] : () -> ()
  ^bb1(%z: i32):
    "foo.ret"(%z) : (i32) -> ()
  ^bb2:
    "foo.ret"(%a) : (i32) -> ()
  }) : () -> ()
  func.func @f(%q: i32) -> i32 {
    %m:2 = "foo.two"() : () -> (i32, i32)
    "foo.r"(%m#1) ({ ^bb0(%w: i32): "foo.x"(%w) : (i32) -> () }) : (i32) -> ()
    return %q : i32
  }
  %c = "foo.op"() : () -> i32
}) : () -> ()
