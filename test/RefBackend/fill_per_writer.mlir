// RUN: torch-mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(refback-fill-per-writer))' | FileCheck %s

// Two convolutions writing into one zero fill (CSE made one of two): each
// gets a fill of its own, so that neither bufferizes to a copy of it.
// CHECK-LABEL: func.func @two_writers
// CHECK:         %[[E:.*]] = tensor.empty
// CHECK:         %[[F1:.*]] = linalg.fill ins(%{{.*}}) outs(%[[E]]
// CHECK:         %[[F2:.*]] = linalg.fill ins(%{{.*}}) outs(%[[E]]
// CHECK:         linalg.conv_2d_nchw_fchw {{.*}} outs(%[[F2]]
// CHECK:         linalg.conv_2d_nchw_fchw {{.*}} outs(%[[F1]]
func.func @two_writers(%x: tensor<1x4x6x6xf32>, %w1: tensor<8x4x3x3xf32>, %w2: tensor<8x4x3x3xf32>)
    -> (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %a = linalg.conv_2d_nchw_fchw ins(%x, %w1 : tensor<1x4x6x6xf32>, tensor<8x4x3x3xf32>)
      outs(%f : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %b = linalg.conv_2d_nchw_fchw ins(%x, %w2 : tensor<1x4x6x6xf32>, tensor<8x4x3x3xf32>)
      outs(%f : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %a, %b : tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>
}

// -----

// The loop tiling made of a fill (its only tensor is tensor.empty) is
// cloned the same way, for the loops that copy two pads' rows into it.
// CHECK-LABEL: func.func @tiled_fill
// CHECK:         %[[F1:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[E:.*]]) -> (tensor<4x16xf32>)
// CHECK:         %[[F2:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[E]]) -> (tensor<4x16xf32>)
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[F2]])
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[F1]])
func.func @tiled_fill(%x: tensor<2x8xf32>, %y: tensor<2x8xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zeros = arith.constant dense<0.0> : vector<16xf32>
  %pad = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %f = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %e) -> (tensor<4x16xf32>) {
    %w = vector.transfer_write %zeros, %t[%i, %c0] {in_bounds = [true]} : vector<16xf32>, tensor<4x16xf32>
    scf.yield %w : tensor<4x16xf32>
  }
  %a = scf.for %i = %c0 to %c2 step %c1 iter_args(%t = %f) -> (tensor<4x16xf32>) {
    %r = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true]} : tensor<2x8xf32>, vector<8xf32>
    %w = vector.transfer_write %r, %t[%i, %c1] {in_bounds = [true]} : vector<8xf32>, tensor<4x16xf32>
    scf.yield %w : tensor<4x16xf32>
  }
  %b = scf.for %i = %c0 to %c2 step %c1 iter_args(%t = %f) -> (tensor<4x16xf32>) {
    %r = vector.transfer_read %y[%i, %c0], %pad {in_bounds = [true]} : tensor<2x8xf32>, vector<8xf32>
    %w = vector.transfer_write %r, %t[%i, %c1] {in_bounds = [true]} : vector<8xf32>, tensor<4x16xf32>
    scf.yield %w : tensor<4x16xf32>
  }
  return %a, %b : tensor<4x16xf32>, tensor<4x16xf32>
}

// -----

// A fill that one op writes into and another reads: the writer gets a
// clone, the reader keeps the original. A fill with one use, and a loop
// that reads an argument, are left as they are.
// CHECK-LABEL: func.func @reader_and_writer
// CHECK:         %[[F:.*]] = linalg.fill
// CHECK:         %[[G:.*]] = linalg.fill
// CHECK:         linalg.generic {{.*}} ins(%[[F]] : {{.*}}) outs(%[[G]] :
// CHECK-NOT:     linalg.fill
// CHECK:         return
#id = affine_map<(d0) -> (d0)>
func.func @reader_and_writer(%x: tensor<8xf32>) -> tensor<8xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%f : tensor<8xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %o : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @from_an_argument
// CHECK-COUNT-1: scf.for
// CHECK-NOT:     scf.for
func.func @from_an_argument(%x: tensor<4xf32>, %v: vector<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = scf.for %i = %c0 to %c1 step %c1 iter_args(%t = %x) -> (tensor<4xf32>) {
    %w = vector.transfer_write %v, %t[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  %e = tensor.empty() : tensor<4xf32>
  %c = linalg.copy ins(%f : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %d = linalg.copy ins(%c : tensor<4xf32>) outs(%f : tensor<4xf32>) -> tensor<4xf32>
  return %c, %d : tensor<4xf32>, tensor<4xf32>
}
