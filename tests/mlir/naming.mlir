// ARGS: opt
// Value and block names follow MLIR 19: regions are numbered from a stack
// (last op's regions first), entry-block arguments are %argN, and custom
// forms restart numbering in each region from its parent's counters.

// CHECK:      module {
// CHECK-NEXT:   "foo.top"() ({
// CHECK-NEXT:     %0 = "foo.op"() : () -> i32
// CHECK-NEXT:     "foo.region"() ({
// CHECK-NEXT:     ^bb0(%arg0: i32, %arg1: i32):
// CHECK-NEXT:       %2 = "foo.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:       "foo.br"()[^bb1, ^bb2] : () -> ()
// CHECK-NEXT:     ^bb1(%3: i32):  // pred: ^bb0
// CHECK-NEXT:       "foo.ret"(%3) : (i32) -> ()
// CHECK-NEXT:     ^bb2:  // pred: ^bb0
// CHECK-NEXT:       "foo.ret"(%0) : (i32) -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:       %2:2 = "foo.two"() : () -> (i32, i32)
// CHECK-NEXT:       "foo.r"(%2#1) ({
// CHECK-NEXT:       ^bb0(%arg1: i32):
// CHECK-NEXT:         "foo.x"(%arg1) : (i32) -> ()
// CHECK-NEXT:       }) : (i32) -> ()
// CHECK-NEXT:       return %arg0 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = "foo.op"() : () -> i32
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }
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
  "func.func"() <{sym_name = "f", function_type = (i32) -> i32}> ({
  ^bb0(%q: i32):
    %m:2 = "foo.two"() : () -> (i32, i32)
    "foo.r"(%m#1) ({ ^bb0(%w: i32): "foo.x"(%w) : (i32) -> () }) : (i32) -> ()
    "func.return"(%q) : (i32) -> ()
  }) : () -> ()
  %c = "foo.op"() : () -> i32
}) : () -> ()
