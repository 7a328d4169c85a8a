// ARGS: opt --mlir-print-op-generic
// Every piece of the generic syntax, printed back in MLIR 19's spelling.

#map_like = {key = "v"}
!pair = tuple<i32, f32>

// CHECK-LABEL: "builtin.module"() ({
// CHECK-NEXT:    %0:2 = "test.two"() {alias = {key = "v"}} : () -> (i32, tuple<i32, f32>)
%a:2 = "test.two"() {alias = #map_like} : () -> (i32, !pair)
// CHECK-NEXT:    "test.use"(%0#1, %0#0) : (tuple<i32, f32>, i32) -> ()
"test.use"(%a#1, %a#0) : (!pair, i32) -> () loc("somewhere":1:2)
// The module body is a graph region: uses may come before definitions.
// CHECK-NEXT:    "test.use"(%1) : (i64) -> ()
"test.use"(%later) : (i64) -> ()
// CHECK-NEXT:    %1 = "test.def"() : () -> i64
%later = "test.def"() : () -> i64
// CHECK-NEXT:    "test.attrs"() <{inherent = 7 : i64}> {b = true, dense = dense<[1, -2]> : vector<2xsi8>, f = 1.500000e+00 : f32, h = 0x7FC00000 : f32, idx = 3 : index, s = "q\22\\\0A", splat = dense<2.500000e-01> : vector<4xf16>, sym = @a::@b, ty = vector<[4]x2xbf16>, u, ui = 255 : ui8, w = -1 : i8, xs = [1 : i32, [], array<i32: 1, 0>]}
"test.attrs"() <{inherent = 7}> {u, b = true, f = 1.5 : f32, h = 0x7FC00000 : f32, idx = 3 : index, s = "q\"\\\n", dense = dense<[1, -2]> : vector<2xsi8>, splat = dense<0.25> : vector<4xf16>, sym = @a::@b, ty = vector<[4]x2xbf16>, ui = 255 : ui8, w = 255 : i8, xs = [1 : i32, [], array<i32: 1, 0>]} : () -> ()
// CHECK-NEXT:    "test.cfg"() ({
// CHECK-NEXT:      %2 = "test.def"() : () -> i64
// CHECK-NEXT:      "test.br"()[^bb1] : () -> ()
// CHECK-NEXT:    ^bb1:  // 3 preds: ^bb0, ^bb1, ^bb1
// CHECK-NEXT:      "test.use"(%2) : (i64) -> ()
// CHECK-NEXT:      "test.cond"()[^bb1, ^bb1] : () -> ()
// CHECK-NEXT:    ^bb2(%3: i64):  // no predecessors
// CHECK-NEXT:      "test.end"(%3) : (i64) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:    ^bb0:
// CHECK-NEXT:    }) : () -> ()
"test.cfg"() ({
  %early = "test.def"() : () -> i64
  "test.br"()[^next] : () -> ()
^next:
  "test.use"(%early) : (i64) -> ()
  "test.cond"()[^next, ^next] : () -> ()
^dead(%arg : i64):
  "test.end"(%arg) : (i64) -> ()
}, {
^bb0:
}) : () -> ()
// CHECK-NEXT:    "test.fn"() <{type = (i32) -> ((i32) -> i32)}> : () -> ()
"test.fn"() <{type = (i32) -> ((i32) -> i32)}> : () -> ()
// CHECK-NEXT:  }) : () -> ()
