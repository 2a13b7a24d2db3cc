// RUN: torch-mlir-opt %s -pass-pipeline='builtin.module(func.func(refback-fuse-elementwise))' | FileCheck %s

// A ReLU feeding an elementwise op fuses into it; one feeding a matrix
// product along k does not (fused, it would run once per output column).
// CHECK-LABEL: func.func @relu_then_product
// CHECK:         %[[RELU:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK:           arith.maximumf
// CHECK:           arith.mulf
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:        ins(%[[RELU]], %{{.*}} : tensor<16x32xf32>, tensor<32x8xf32>)
// CHECK-NOT:       arith.maximumf
#id = affine_map<(i, k) -> (i, k)>
#lhs = affine_map<(i, j, k) -> (i, k)>
#rhs = affine_map<(i, j, k) -> (k, j)>
#out = affine_map<(i, j, k) -> (i, j)>
func.func @relu_then_product(%x: tensor<16x32xf32>, %w: tensor<32x8xf32>, %acc: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<16x32xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%relu : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.mulf %in, %two : f32
    linalg.yield %m : f32
  } -> tensor<16x32xf32>
  %r = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%scaled, %w : tensor<16x32xf32>, tensor<32x8xf32>) outs(%acc : tensor<16x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

// A batched product of one matrix broadcast along the batch (PyTorch's
// matmul of a transposed 3-D input by a weight) is one product of the
// stacked rows; the broadcast is not built. (The reshapes around that
// product then fold into it: the batch and the rows are two m dimensions.)
// CHECK-LABEL: func.func @product_of_broadcast
// CHECK-SAME:      (%[[X:.*]]: tensor<128x4x256xf32>, %[[W:.*]]: tensor<256x768xf32>
// CHECK-NOT:     linalg.batch_matmul
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]], %[[W]] : tensor<128x4x256xf32>, tensor<256x768xf32>) outs({{.*}} : tensor<128x4x768xf32>)
// CHECK-NOT:     tensor<128x256x768xf32>
// CHECK-LABEL: func.func @product_per_batch
// CHECK:         linalg.batch_matmul
#row = affine_map<(b, k, n) -> (k, n)>
#all = affine_map<(b, k, n) -> (b, k, n)>
func.func @product_of_broadcast(%x: tensor<128x4x256xf32>, %w: tensor<256x768xf32>) -> tensor<128x4x768xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256x768xf32>
  %wide = linalg.generic {indexing_maps = [#row, #all], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%w : tensor<256x768xf32>) outs(%e : tensor<128x256x768xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<128x256x768xf32>
  %acc0 = tensor.empty() : tensor<128x4x768xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%acc0 : tensor<128x4x768xf32>) -> tensor<128x4x768xf32>
  %r = linalg.batch_matmul ins(%x, %wide : tensor<128x4x256xf32>, tensor<128x256x768xf32>) outs(%acc : tensor<128x4x768xf32>) -> tensor<128x4x768xf32>
  return %r : tensor<128x4x768xf32>
}
func.func @product_per_batch(%x: tensor<8x4x16xf32>, %w: tensor<8x16x32xf32>, %acc: tensor<8x4x32xf32>) -> tensor<8x4x32xf32> {
  %r = linalg.batch_matmul ins(%x, %w : tensor<8x4x16xf32>, tensor<8x16x32xf32>) outs(%acc : tensor<8x4x32xf32>) -> tensor<8x4x32xf32>
  return %r : tensor<8x4x32xf32>
}

// The same with a dynamic batch and rows (no reshape of them is needed).
// CHECK-LABEL: func.func @product_of_broadcast_dynamic
// CHECK-SAME:      (%[[X:.*]]: tensor<?x?x16xf32>, %[[W:.*]]: tensor<16x32xf32>
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]], %[[W]] : tensor<?x?x16xf32>, tensor<16x32xf32>) outs({{.*}} : tensor<?x?x32xf32>)
// CHECK-NOT:     linalg.batch_matmul
func.func @product_of_broadcast_dynamic(%x: tensor<?x?x16xf32>, %w: tensor<16x32xf32>, %acc: tensor<?x?x32xf32>) -> tensor<?x?x32xf32> {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x16xf32>
  %e = tensor.empty(%b) : tensor<?x16x32xf32>
  %wide = linalg.broadcast ins(%w : tensor<16x32xf32>) outs(%e : tensor<?x16x32xf32>) dimensions = [0]
  %r = linalg.batch_matmul ins(%x, %wide : tensor<?x?x16xf32>, tensor<?x16x32xf32>) outs(%acc : tensor<?x?x32xf32>) -> tensor<?x?x32xf32>
  return %r : tensor<?x?x32xf32>
}

// A row's max reading its input through an expansion by a unit dimension
// (what reshape propagation gives) reads the input itself, the unit
// dimension dropped from its map. Where the unit dimension's loop is
// indexed nowhere else, the expansion stays.
// CHECK-LABEL: func.func @read_through_unit_expansion
// CHECK-SAME:      (%[[X:.*]]: tensor<64x256xf32>
// CHECK-NOT:     tensor.expand_shape
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:        ins(%[[X]] : tensor<64x256xf32>) outs({{.*}} : tensor<64x1xf32>)
// CHECK-LABEL: func.func @unit_loop_indexed_once
// CHECK:         tensor.expand_shape
func.func @read_through_unit_expansion(%x: tensor<64x256xf32>, %init: tensor<64x1xf32>) -> tensor<64x1xf32> {
  %wide = tensor.expand_shape %x [[0, 1], [2]] output_shape [64, 1, 256] : tensor<64x256xf32> into tensor<64x1x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%wide : tensor<64x1x256xf32>) outs(%init : tensor<64x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<64x1xf32>
  return %r : tensor<64x1xf32>
}
func.func @unit_loop_indexed_once(%x: tensor<64x256xf32>, %init: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %wide = tensor.expand_shape %x [[0, 1], [2]] output_shape [64, 1, 256] : tensor<64x256xf32> into tensor<64x1x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>],
                       iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%wide : tensor<64x1x256xf32>) outs(%init : tensor<64x256xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}

// A dense_resource constant (the ONNX importer's weights) only a transpose
// reads: transposed once, at compile time, as dense elements are; a resource
// read otherwise stays a resource.
// CHECK-LABEL: func.func @transposed_resource(
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[T:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK:         linalg.matmul ins(%arg0, %[[T]] :
func.func @transposed_resource(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %w = arith.constant dense_resource<weights> : tensor<2x2xf32>
  %0 = tensor.empty() : tensor<2x2xf32>
  %t = linalg.transpose ins(%w : tensor<2x2xf32>) outs(%0 : tensor<2x2xf32>) permutation = [1, 0]
  %zero = arith.constant 0.0 : f32
  %acc = linalg.fill ins(%zero : f32) outs(%0 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %y = linalg.matmul ins(%x, %t : tensor<2x2xf32>, tensor<2x2xf32>) outs(%acc : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @resource_read_whole(
// CHECK:         arith.constant dense_resource<weights2>
func.func @resource_read_whole(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %w = arith.constant dense_resource<weights2> : tensor<2x2xf32>
  %0 = tensor.empty() : tensor<2x2xf32>
  %zero = arith.constant 0.0 : f32
  %acc = linalg.fill ins(%zero : f32) outs(%0 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %y = linalg.matmul ins(%x, %w : tensor<2x2xf32>, tensor<2x2xf32>) outs(%acc : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F000000400000404000008040",
      weights2: "0x040000000000803F000000400000404000008040"
    }
  }
#-}
