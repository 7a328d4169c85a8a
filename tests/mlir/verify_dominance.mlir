// ARGS: opt --split-input-file --verify-diagnostics
// SSA dominance: definitions must dominate uses in SSA-CFG regions.

func.func @use_before_def_in_block() {
  // expected-error @+1 {{'foo.use' op operand #0 does not dominate this use}}
  "foo.use"(%v) : (i32) -> ()
  // expected-note @+1 {{operand defined here}}
  %v = "foo.def"() : () -> i32
  func.return
}

// -----

func.func @def_in_a_non_dominating_block(%c: i1) {
  "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  // expected-note @+1 {{operand defined here}}
  %x = "foo.def"() : () -> i32
  "cf.br"()[^bb2] : () -> ()
^bb2:
  // expected-error @+1 {{'foo.use' op operand #0 does not dominate this use}}
  "foo.use"(%x) : (i32) -> ()
  func.return
}

// -----

func.func @nested_use_of_a_later_value() {
  // expected-error @+1 {{'foo.use' op operand #0 does not dominate this use}}
  "foo.wrap"() ({ "foo.use"(%late) : (i32) -> () }) : () -> ()
  // expected-note @+1 {{operand defined here}}
  %late = "foo.def"() : () -> i32
  func.return
}

// -----

// A dominating definition in an earlier block, and a value used inside a
// nested region, are fine.
func.func @dominating(%c: i1) -> i32 {
  %x = "foo.def"() : () -> i32
  "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  "foo.wrap"() ({ "foo.use"(%x) : (i32) -> () }) : () -> ()
  "cf.br"()[^bb2] : () -> ()
^bb2:
  func.return %x : i32
}

// -----

func.func @below_and_above() {
  // expected-error @below {{'foo.use' op operand #0 does not dominate this use}}
  "foo.use"(%v) : (i32) -> ()
  %v = "foo.def"() : () -> i32
  // expected-note @above {{operand defined here}}
  func.return
}
