// RUN: torch-mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(refback-lower-vectors))' | FileCheck %s

// An 8x1 by 1x32 contraction on buffers: one FMA of a broadcast element by
// the row per accumulator row, with 1-D loads and stores.
// CHECK-LABEL: func.func @outer_product
// CHECK-NOT:     vector.contract
// CHECK-NOT:     vector.outerproduct
// CHECK-COUNT-8: vector.fma {{.*}} : vector<32xf32>
// CHECK-NOT:     vector.transfer_read
// CHECK:         vector.store {{.*}} : memref<8x32xf32>, vector<32xf32>
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#acc = affine_map<(m, n, k) -> (m, n)>
func.func @outer_product(%a: memref<8x1xf32>, %b: memref<1x32xf32>, %c: memref<8x32xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %x = vector.transfer_read %a[%c0, %c0], %zero {in_bounds = [true, true]} : memref<8x1xf32>, vector<8x1xf32>
  %y = vector.transfer_read %b[%c0, %c0], %zero {in_bounds = [true, true]} : memref<1x32xf32>, vector<1x32xf32>
  %z = vector.transfer_read %c[%c0, %c0], %zero {in_bounds = [true, true]} : memref<8x32xf32>, vector<8x32xf32>
  %r = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %x, %y, %z : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
  vector.transfer_write %r, %c[%c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<8x32xf32>
  return
}

// -----

// f32 math on vectors becomes polynomial arithmetic; scalar math stays for
// libm.
// CHECK-LABEL: func.func @tanh
// CHECK-NOT:     math.tanh {{.*}} : vector<16xf32>
// CHECK:         math.tanh {{.*}} : f32
func.func @tanh(%v: vector<16xf32>, %s: f32) -> (vector<16xf32>, f32) {
  %a = math.tanh %v : vector<16xf32>
  %b = math.tanh %s : f32
  return %a, %b : vector<16xf32>, f32
}

// -----

// A division of a vector by a broadcast scalar (a softmax's row sum) is a
// multiplication by the scalar's reciprocal; one by a vector, and an
// integer division, stay.
// CHECK-LABEL: func.func @divisions
// CHECK-SAME:      (%[[X:.*]]: vector<16xf32>, %[[S:.*]]: f32, %[[V:.*]]: vector<16xf32>, %[[I:.*]]: vector<16xi32>, %[[J:.*]]: i32)
// CHECK:         %[[R:.*]] = arith.divf %{{.*}}, %[[S]] : f32
// CHECK:         %[[RR:.*]] = vector.splat %[[R]] : vector<16xf32>
// CHECK:         %[[Q:.*]] = arith.mulf %[[X]], %[[RR]] : vector<16xf32>
// CHECK:         arith.divf %[[Q]], %[[V]] : vector<16xf32>
// CHECK:         arith.divsi %[[I]], %{{.*}} : vector<16xi32>
func.func @divisions(%x: vector<16xf32>, %s: f32, %v: vector<16xf32>, %i: vector<16xi32>, %j: i32)
    -> (vector<16xf32>, vector<16xi32>) {
  %b = vector.broadcast %s : f32 to vector<16xf32>
  %q = arith.divf %x, %b : vector<16xf32>
  %r = arith.divf %q, %v : vector<16xf32>
  %bj = vector.broadcast %j : i32 to vector<16xi32>
  %k = arith.divsi %i, %bj : vector<16xi32>
  return %r, %k : vector<16xf32>, vector<16xi32>
}
