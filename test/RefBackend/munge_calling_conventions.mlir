// RUN: torch-mlir-opt %s -refback-munge-calling-conventions -split-input-file -verify-diagnostics | FileCheck %s

// Results go to one callback per function, memrefs as unranked ones, scalars
// as they are; every return gets the call. Both functions get the C interface.
// CHECK-LABEL: func.func private @refback_results_two(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @two(
// CHECK-SAME:      %[[X:.*]]: memref<?xf32>, %[[C:.*]]: i1) attributes {llvm.emit_c_interface} {
// CHECK:         cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK:       ^bb1:
// CHECK:         %[[U1:.*]] = memref.cast %[[X]] : memref<?xf32> to memref<*xf32>
// CHECK:         call @refback_results_two(%[[U1]], %{{.*}}) : (memref<*xf32>, i64) -> ()
// CHECK-NEXT:    return{{$}}
// CHECK:       ^bb2:
// CHECK:         call @refback_results_two(%{{.*}}, %{{.*}}) : (memref<*xf32>, i64) -> ()
// CHECK-NEXT:    return{{$}}
func.func @two(%x: memref<?xf32>, %c: i1) -> (memref<?xf32>, i64) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %one = arith.constant 1 : i64
  return %x, %one : memref<?xf32>, i64
^bb2:
  %two = arith.constant 2 : i64
  return %x, %two : memref<?xf32>, i64
}

// No results: the C interface, no callback. Private functions are left alone.
// CHECK-LABEL: func.func @none(%{{.*}}: memref<2x3xi8>) attributes {llvm.emit_c_interface}
// CHECK-NOT:   refback_results_none
// CHECK-LABEL: func.func private @helper(%{{.*}}: memref<2xf32>) -> memref<2xf32> {
func.func @none(%x: memref<2x3xi8>) {
  return
}
func.func private @helper(%x: memref<2xf32>) -> memref<2xf32> {
  return %x : memref<2xf32>
}

// -----

// The results' attributes (an importer's names for their dimensions) go with
// the results; the arguments' stay.
// CHECK-LABEL: func.func @named_dims(
// CHECK-SAME:      %{{.*}}: memref<?x16xf32> {onnx.dim_params = ["N", ""]}) attributes {llvm.emit_c_interface} {
func.func @named_dims(%x: memref<?x16xf32> {onnx.dim_params = ["N", ""]}) -> (memref<?x16xf32> {onnx.dim_params = ["N", ""]}) {
  return %x : memref<?x16xf32>
}

// -----

// expected-error @+1 {{'func.func' op result #0 has type 'index', which the reference backend cannot return}}
func.func @index_result(%i: index) -> index {
  return %i : index
}

// -----

// expected-error @+1 {{'func.func' op cannot declare its results callback: the symbol 'refback_results_f' already exists}}
func.func @f(%x: memref<2xf32>) -> memref<2xf32> {
  return %x : memref<2xf32>
}
func.func private @refback_results_f(memref<*xf32>)
