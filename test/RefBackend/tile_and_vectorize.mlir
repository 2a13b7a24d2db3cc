// RUN: torch-mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(refback-tile-and-vectorize{vector-bits=512}))' | FileCheck %s
// RUN: torch-mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(refback-tile-and-vectorize{vector-bits=256 threads=2}))' | FileCheck %s --check-prefix=AVX2

// A matrix product: register tiles of 8 rows by two registers of columns,
// one step of k, the column tiles outside the row tiles; the accumulator is
// read before the k loop, carried through it as a vector (only) and written
// after it.
// CHECK-LABEL: func.func @matmul
// CHECK:         scf.for {{.*}} step %c32
// CHECK:           scf.for {{.*}} step %c8
// CHECK:             %[[ACC:.*]] = vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// CHECK:             scf.for {{.*}} iter_args(%[[CARRIED:.*]] = %[[ACC]]) -> (vector<8x32xf32>)
// CHECK:               vector.transfer_read {{.*}} : tensor<8x1xf32>, vector<8x1xf32>
// CHECK:               vector.transfer_read {{.*}} : tensor<1x32xf32>, vector<32xf32>
// CHECK:               vector.contract {{.*}}, %[[CARRIED]] : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK-NOT:           linalg.matmul
// CHECK:             vector.transfer_write {{.*}} : vector<8x32xf32>, tensor<8x32xf32>
// AVX2-LABEL: func.func @matmul
// AVX2:         vector.contract {{.*}} : vector<8x1xf32>, vector<1x16xf32> into vector<8x16xf32>
func.func @matmul(%a: tensor<16x8xf32>, %b: tensor<8x64xf32>, %c: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x64xf32>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

// -----

// Sizes that miss the tile: the full tile and the static remainder row
// are vector code; the last column, a dynamic slice of the peeled loop,
// stays a linalg op (scalar loops later).
// CHECK-LABEL: func.func @matmul_odd
// CHECK:         vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK:         vector.contract {{.*}} : vector<1xf32>, vector<1x32xf32> into vector<32xf32>
// CHECK:         linalg.matmul ins({{.*}} : tensor<?x1xf32>, tensor<1x1xf32>) outs({{.*}} : tensor<?x1xf32>)
func.func @matmul_odd(%a: tensor<9x3xf32>, %b: tensor<3x33xf32>, %c: tensor<9x33xf32>) -> tensor<9x33xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<9x3xf32>, tensor<3x33xf32>) outs(%c : tensor<9x33xf32>) -> tensor<9x33xf32>
  return %r : tensor<9x33xf32>
}

// -----

// Elementwise: one register along the innermost loop, then the remainder.
// CHECK-LABEL: func.func @tanh
// CHECK:         scf.for
// CHECK:           math.tanh {{.*}} : vector<16xf32>
// CHECK:           math.tanh {{.*}} : vector<1xf32>
// CHECK-NOT:     linalg.generic
// AVX2-LABEL: func.func @tanh
// AVX2:           math.tanh {{.*}} : vector<8xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @tanh(%x: tensor<7x17xf32>) -> tensor<7x17xf32> {
  %e = tensor.empty() : tensor<7x17xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<7x17xf32>) outs(%e : tensor<7x17xf32>) {
  ^bb0(%in: f32, %o: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<7x17xf32>
  return %r : tensor<7x17xf32>
}

// -----

// Rows narrower than a register (a late CNN stage's 8x8 and its padded
// 10x10) take the widest power of two lanes in them, down to 4: 8 lanes and
// a remainder of 2 here (its static size makes it a vector too). A row of 3
// stays scalar.
// CHECK-LABEL: func.func @narrow_rows
// CHECK:         scf.for
// CHECK:           math.tanh {{.*}} : vector<8xf32>
// CHECK:           math.tanh {{.*}} : vector<2xf32>
// CHECK-NOT:     linalg.generic
// CHECK-LABEL: func.func @rows_of_3
// CHECK-NOT:     vector.
// CHECK:         linalg.generic
// CHECK-NOT:     vector.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @narrow_rows(%x: tensor<64x10xf32>) -> tensor<64x10xf32> {
  %e = tensor.empty() : tensor<64x10xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x10xf32>) outs(%e : tensor<64x10xf32>) {
  ^bb0(%in: f32, %o: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<64x10xf32>
  return %r : tensor<64x10xf32>
}
func.func @rows_of_3(%x: tensor<64x3xf32>) -> tensor<64x3xf32> {
  %e = tensor.empty() : tensor<64x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x3xf32>) outs(%e : tensor<64x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<64x3xf32>
  return %r : tensor<64x3xf32>
}

// -----

// A reduction along the innermost loop takes 8 registers a step; its
// scalar accumulator is carried through the loop.
// CHECK-LABEL: func.func @row_sum
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (vector<1xf32>)
// CHECK:           vector.multi_reduction <add>, {{.*}} [2] : vector<1x1x128xf32> to vector<1x1xf32>
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @row_sum(%x: tensor<4x1x256xf32>, %init: tensor<4x1xf32>) -> tensor<4x1xf32> {
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<4x1x256xf32>) outs(%init : tensor<4x1xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// -----

// So does a row's max whose result is [rows] (not [rows, 1]): the rows
// are not read 16 at a time, a column of them in each step (a gather).
// CHECK-LABEL: func.func @row_max
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (vector<1xf32>)
// CHECK:           vector.multi_reduction <maximumf>, {{.*}} [1] : vector<1x128xf32> to vector<1xf32>
func.func @row_max(%x: tensor<64x256xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x256xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %m = arith.maximumf %a, %acc : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

// i1 vectors are bit-packed, i1 memrefs are not: left alone.
// CHECK-LABEL: func.func @bools
// CHECK-NOT:     vector
// CHECK:         linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @bools(%x: tensor<7x64xi1>) -> tensor<7x64xi1> {
  %e = tensor.empty() : tensor<7x64xi1>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<7x64xi1>) outs(%e : tensor<7x64xi1>) {
  ^bb0(%in: i1, %o: i1):
    %true = arith.constant true
    %not = arith.xori %in, %true : i1
    linalg.yield %not : i1
  } -> tensor<7x64xi1>
  return %r : tensor<7x64xi1>
}

// -----

// A convolution is left alone (refback-convolutions-to-products, which runs
// before, makes the products this pass tiles).
// CHECK-LABEL: func.func @conv
// CHECK-NOT:     scf.for
// CHECK:         linalg.conv_2d_nchw_fchw
// CHECK-NOT:     scf.for
func.func @conv(%x: tensor<1x3x10x10xf32>, %w: tensor<8x3x3x3xf32>, %o: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x3x10x10xf32>, tensor<8x3x3x3xf32>) outs(%o : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}

// -----

// A right operand larger than 32 KiB (64 x 256 floats) is packed: the
// loop over column panels copies each panel (64 x 16) a row of vectors at a
// time, and the register tiles read the copy. With threads, that panel loop
// of an op of 32,768 iterations or more is marked for refback-parallelize;
// a small op's loops are not.
// AVX2-LABEL: func.func @big
// AVX2:         scf.for {{.*}} step %c16
// AVX2:           %[[PANEL:.*]] = scf.for {{.*}} -> (tensor<64x16xf32>)
// AVX2:             vector.transfer_read {{.*}} : tensor<64x16xf32>, vector<16xf32>
// AVX2:             vector.transfer_write {{.*}} : vector<16xf32>, tensor<64x16xf32>
// AVX2:           scf.for {{.*}} step %c8
// AVX2:             tensor.extract_slice %[[PANEL]]
// AVX2:             vector.contract
// AVX2:         } {refback.parallel}
// AVX2-LABEL: func.func @small
// AVX2-NOT:     refback.parallel
// CHECK-LABEL: func.func @big
// CHECK-NOT:     refback.parallel
func.func @big(%a: tensor<256x64xf32>, %b: tensor<64x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<256x64xf32>, tensor<64x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
func.func @small(%a: tensor<16x8xf32>, %b: tensor<8x64xf32>, %c: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<16x8xf32>, tensor<8x64xf32>) outs(%c : tensor<16x64xf32>) -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

// -----

// Fewer rows than a register tile (a batch of 4) take a tile of all of
// them. Fewer columns than a register (10 classes) would take one of all of
// them, but an accumulator the k loop carries is a power of two wide (LLVM
// scalarizes a loop-carried vector of 10 floats): the product is split into
// its first 8 columns and its last 2, each tiled on its own.
// CHECK-LABEL: func.func @few_rows
// CHECK:         vector.contract {{.*}} : vector<4x1xf32>, vector<1x32xf32> into vector<4x32xf32>
// CHECK-NOT:     linalg.matmul
// CHECK-LABEL: func.func @few_columns
// CHECK:         vector.contract {{.*}} : vector<8x1xf32>, vector<1x8xf32> into vector<8x8xf32>
// CHECK:         tensor.insert_slice {{.*}}[0, 0] [16, 8] [1, 1] : tensor<16x8xf32> into tensor<16x10xf32>
// CHECK:         vector.contract {{.*}} : vector<8x1xf32>, vector<1x2xf32> into vector<8x2xf32>
// CHECK:         tensor.insert_slice {{.*}}[0, 8] [16, 2] [1, 1] : tensor<16x2xf32> into tensor<16x10xf32>
// CHECK-NOT:     linalg.matmul
func.func @few_rows(%a: tensor<4x16xf32>, %b: tensor<16x64xf32>, %c: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x64xf32>) outs(%c : tensor<4x64xf32>) -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
}
func.func @few_columns(%a: tensor<16x64xf32>, %b: tensor<64x10xf32>, %c: tensor<16x10xf32>) -> tensor<16x10xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<16x64xf32>, tensor<64x10xf32>) outs(%c : tensor<16x10xf32>) -> tensor<16x10xf32>
  return %r : tensor<16x10xf32>
}

// -----

// A batched product packs each batch's matrix by panels too (an im2col
// product of a batch of images): the panel loops run over the batch and the
// columns, and the copy reads one batch's rows.
// AVX2-LABEL: func.func @batch_packed
// AVX2:         } {refback.parallel}
// CHECK-LABEL: func.func @batch_packed
// CHECK:         scf.for {{.*}} step %c1
// CHECK:           scf.for {{.*}} step %c32
// CHECK:             %[[PANEL:.*]] = scf.for {{.*}} -> (tensor<1x64x32xf32>)
// CHECK:               vector.transfer_read {{.*}} : tensor<1x64x32xf32>, vector<32xf32>
// CHECK:             scf.for {{.*}} step %c8
// CHECK:               tensor.extract_slice %[[PANEL]]
// CHECK:               vector.contract
func.func @batch_packed(%a: tensor<2x16x64xf32>, %b: tensor<2x64x256xf32>, %c: tensor<2x16x256xf32>) -> tensor<2x16x256xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x16x64xf32>, tensor<2x64x256xf32>) outs(%c : tensor<2x16x256xf32>) -> tensor<2x16x256xf32>
  return %r : tensor<2x16x256xf32>
}

// -----

// A pad (a convolution's zero border) becomes a fill of the result,
// vectorized, and loops that copy the source into its interior a row at a
// time, each row a vector.
// CHECK-LABEL: func.func @pad
// CHECK-SAME:      (%[[X:.*]]: tensor<2x4x16x16xf32>)
// CHECK-NOT:     tensor.pad
// CHECK:         vector.transfer_write %{{.*}} : vector<16xf32>, tensor<1x1x1x16xf32>
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK:               %[[ROW:.*]] = vector.transfer_read %[[X]]{{.*}} : tensor<2x4x16x16xf32>, vector<16xf32>
// CHECK:               vector.transfer_write %[[ROW]], {{.*}}, %c1] {{.*}} : vector<16xf32>, tensor<2x4x18x34xf32>
// CHECK-NOT:     tensor.pad
// CHECK:         return
func.func @pad(%x: tensor<2x4x16x16xf32>) -> tensor<2x4x18x34xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 17] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<2x4x16x16xf32> to tensor<2x4x18x34xf32>
  return %p : tensor<2x4x18x34xf32>
}

// -----

// A pad of what an op writes into a tensor.empty (a ReLU before the next
// convolution) becomes the fill, ahead of that empty, and an insert of the
// source into its interior: refback-in-place-destinations then has the op
// write there, and nothing is copied.
// CHECK-LABEL: func.func @pad_of_an_op
// CHECK:         %[[FILLED:.*]] = scf.for {{.*}} -> (tensor<4x18x18xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x16x16xf32>
// CHECK:         %[[RELU:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[E]])
// CHECK:           arith.maximumf {{.*}} : vector<16xf32>
// CHECK:         tensor.insert_slice %[[RELU]] into %[[FILLED]][0, 1, 1] [4, 16, 16] [1, 1, 1]
// CHECK-NOT:     tensor.pad
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @pad_of_an_op(%x: tensor<4x16x16xf32>) -> tensor<4x18x18xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16x16xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<4x16x16xf32>) outs(%e : tensor<4x16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x16x16xf32>
  %p = tensor.pad %r low[0, 1, 1] high[0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<4x16x16xf32> to tensor<4x18x18xf32>
  return %p : tensor<4x18x18xf32>
}
