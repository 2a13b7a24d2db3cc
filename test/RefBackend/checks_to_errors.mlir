// refback-checks-to-errors: a failed cf.assert of a public function calls
// refback_check_failed with its index and returns; the module lists the
// messages, each with its place.
// RUN: torch-mlir-opt %s -refback-checks-to-errors -split-input-file -verify-diagnostics | FileCheck %s

// CHECK:       module attributes {refback.checks = ["node_7: sizes differ", "{{.*}}checks_to_errors.mlir{{.*}}: too small"]}
// CHECK:         func.func private @refback_check_failed(i64) attributes {llvm.emit_c_interface}
// CHECK-LABEL:   func.func @main(
// CHECK:           %[[OK:.*]] = arith.cmpi eq
// CHECK:           cf.cond_br %[[OK]], ^[[REST:.*]], ^[[FAILED:.*]]
// CHECK:         ^[[FAILED]]:
// CHECK:           %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:           call @refback_check_failed(%[[ZERO]]) : (i64) -> ()
// CHECK-NEXT:      return
// CHECK:         ^[[REST]]:
// CHECK:           %[[BIG:.*]] = arith.cmpi ult
// CHECK:           cf.cond_br %[[BIG]], ^[[END:.*]], ^[[FAILED2:.*]]
// CHECK:         ^[[FAILED2]]:
// CHECK:           %[[ONE:.*]] = arith.constant 1 : i64
// CHECK:           call @refback_check_failed(%[[ONE]]) : (i64) -> ()
// CHECK-NEXT:      return
// CHECK:         ^[[END]]:
// CHECK-NEXT:      return
// CHECK-LABEL:   func.func private @helper(
// CHECK:           cf.assert %{{.*}}, "kept"
func.func @main(%a: index, %b: index) attributes {llvm.emit_c_interface} {
  %ok = arith.cmpi eq, %a, %b : index
  cf.assert %ok, "sizes differ" loc("node_7")
  %big = arith.cmpi ult, %a, %b : index
  cf.assert %big, "too small"
  return
}

// A private function's asserts stay.
func.func private @helper(%c: i1) {
  cf.assert %c, "kept"
  return
}

// -----

// expected-error @+1 {{has results: refback-checks-to-errors runs after refback-munge-calling-conventions}}
func.func @not_munged(%c: i1) -> i1 {
  cf.assert %c, "x"
  return %c : i1
}
