// ARGS: opt --split-input-file --verify-diagnostics
// Malformed text: each chunk is rejected with a located error.

// expected-error @+1 {{use of undeclared SSA value name '%missing'}}
"foo.use"(%missing) : (i32) -> ()

// -----

%a = "foo.def"() : () -> i32
// expected-error @+1 {{redefinition of SSA value '%a'}}
%a = "foo.def"() : () -> i32

// -----

%v = "foo.def"() : () -> i32
// expected-error @+1 {{use of value '%v' expects different type than prior uses: 'f32' vs 'i32'}}
"foo.use"(%v) : (f32) -> ()

// -----

"foo.region"() ({
  // expected-error @+1 {{reference to an undefined block '^nowhere'}}
  "foo.br"()[^nowhere] : () -> ()
}) : () -> ()

// -----

%v = "foo.def"() : () -> i32
// expected-error @+1 {{expected 1 operand type but had 2}}
"foo.use"(%v) : (i32, i32) -> ()

// -----

// expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
%x:2 = "foo.def"() : () -> i32

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"foo.attr"() {x = 256 : i8} : () -> ()

// -----

// expected-error @+1 {{negative integer literal not valid for unsigned integer type}}
"foo.attr"() {x = -1 : ui8} : () -> ()

// -----

// expected-error @+1 {{duplicate key 'k' in dictionary attribute}}
"foo.attr"() {k = 1, k = 2} : () -> ()

// -----

// expected-error @+1 {{undefined symbol alias id 'nope'}}
"foo.attr"() {x = #nope} : () -> ()

// -----

// expected-error @+1 {{expected operation name in quotes}}
) "foo.x"() : () -> ()

// -----

// expected-error @+1 {{expected ':' followed by operation type}}
"foo.x"() "foo.y"

// -----

"foo.r"() ({
^bb1:
  "foo.x"() : () -> ()
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  "foo.x"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{dense literal does not match the type's shape: expected 2 elements, found 3}}
"foo.attr"() {x = dense<[1, 2, 3]> : vector<2xi32>} : () -> ()

// -----

// expected-error @+1 {{custom op 'no.such_op' is unknown}}
no.such_op %a

// -----

// expected-error @+1 {{undefined location alias '#nowhere'}}
"foo.op"() : () -> () loc(#nowhere)

// -----

// expected-error @+1 {{expected location instance}}
"foo.op"() : () -> () loc(42)

// -----

#a = loc("a.glsl":1:1)
// expected-error @+1 {{redefinition of location alias id 'a'}}
#a = loc("b.glsl":2:2)

// -----

// expected-error @+2 {{location alias '#b' refers to itself}}
"foo.op"() : () -> () loc(#b)
#b = loc("name"(#b))

// -----

// expected-error-re @+2 {{expected non-function type {{.*}} end of input}}
"foo.x"() :
