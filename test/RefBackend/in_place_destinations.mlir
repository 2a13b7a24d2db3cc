// RUN: torch-mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(refback-in-place-destinations))' | FileCheck %s

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

// A fill that one op writes into and another reads is left to
// bufferization (one writer needs no fill of its own).
// CHECK-LABEL: func.func @reader_and_writer
// CHECK:         %[[F:.*]] = linalg.fill
// CHECK-NOT:     linalg.fill
// CHECK:         linalg.generic {{.*}} ins(%[[F]] : {{.*}}) outs(%[[F]] :
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

// A loop that writes into an argument is no fill.
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

// -----

// A pad as refback-tile-and-vectorize leaves it: the fill of the padded
// tensor ahead of the ops that make the source, and the source inserted
// into its interior. Those ops (the fill of a product's accumulator, the
// product) then write into the interior's slice instead of tensor.empty,
// and bufferization copies nothing.
// CHECK-LABEL: func.func @padded_product
// CHECK:         %[[PADDED:.*]] = linalg.fill {{.*}} -> tensor<6x10xf32>
// CHECK:         %[[INTERIOR:.*]] = tensor.extract_slice %[[PADDED]][1, 1] [4, 8] [1, 1]
// CHECK:         %[[ZERO:.*]] = linalg.fill ins(%{{.*}}) outs(%[[INTERIOR]] : tensor<4x8xf32>)
// CHECK:         %[[P:.*]] = linalg.matmul {{.*}} outs(%[[ZERO]] :
// CHECK:         tensor.insert_slice %[[P]] into %[[PADDED]][1, 1] [4, 8] [1, 1]
func.func @padded_product(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>) -> tensor<6x10xf32> {
  %zero = arith.constant 0.0 : f32
  %pe = tensor.empty() : tensor<6x10xf32>
  %padded = linalg.fill ins(%zero : f32) outs(%pe : tensor<6x10xf32>) -> tensor<6x10xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %p = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = tensor.insert_slice %p into %padded[1, 1] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<6x10xf32>
  return %r : tensor<6x10xf32>
}

// -----

// A destination defined after the ops that make the source (the fill here
// comes last), or a source that is an argument: left as they are.
// CHECK-LABEL: func.func @late_destination
// CHECK-NOT:     tensor.extract_slice
// CHECK:         return
func.func @late_destination(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>, %x: tensor<4x8xf32>)
    -> (tensor<6x10xf32>, tensor<6x10xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %p = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  %pe = tensor.empty() : tensor<6x10xf32>
  %padded = linalg.fill ins(%zero : f32) outs(%pe : tensor<6x10xf32>) -> tensor<6x10xf32>
  %r = tensor.insert_slice %p into %padded[1, 1] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<6x10xf32>
  %pe2 = tensor.empty() : tensor<6x10xf32>
  %padded2 = linalg.fill ins(%zero : f32) outs(%pe2 : tensor<6x10xf32>) -> tensor<6x10xf32>
  %s = tensor.insert_slice %x into %padded2[1, 1] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<6x10xf32>
  return %r, %s : tensor<6x10xf32>, tensor<6x10xf32>
}

// -----

// The source has a second reader after the insert (a residual): it reads
// the interior of the padded tensor instead, so that the insert is the
// source's only use and is written in place.
// CHECK-LABEL: func.func @residual
// CHECK:         %[[PADDED:.*]] = linalg.fill {{.*}} -> tensor<6x10xf32>
// CHECK:         %[[SLICE:.*]] = tensor.extract_slice %[[PADDED]][1, 1] [4, 8] [1, 1]
// CHECK:         %[[P:.*]] = linalg.matmul {{.*}} outs(%{{.*}} :
// CHECK:         %[[INSERTED:.*]] = tensor.insert_slice %[[P]] into %[[PADDED]][1, 1] [4, 8] [1, 1]
// CHECK:         %[[INTERIOR:.*]] = tensor.extract_slice %[[INSERTED]][1, 1] [4, 8] [1, 1]
// CHECK:         linalg.generic {{.*}} ins(%[[INTERIOR]] :
func.func @residual(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>) -> (tensor<6x10xf32>, tensor<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %pe = tensor.empty() : tensor<6x10xf32>
  %padded = linalg.fill ins(%zero : f32) outs(%pe : tensor<6x10xf32>) -> tensor<6x10xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %p = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = tensor.insert_slice %p into %padded[1, 1] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<6x10xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %r, %relu : tensor<6x10xf32>, tensor<4x8xf32>
}
