// RUN: torch-mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(refback-convolutions-to-products))' | FileCheck %s
// RUN: torch-mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(refback-convolutions-to-products{threads=2}))' | FileCheck %s --check-prefix=THREADS

// A 3x3 convolution at stride 1, 20 output columns: by row panels. For each
// batch and output row, the panel [c*kh*kw, 20] of input the filter taps
// read is copied by loops over (c, kh, kw), 16 columns to a vector (20 =
// 16 + 4), and the filter as a [f, c*kh*kw] matrix times the panel is added
// into the output row. With threads, the loop over batches is marked.
// CHECK-LABEL: func.func @conv3x3
// CHECK-SAME:      (%[[X:.*]]: tensor<2x3x22x22xf32>, %[[W:.*]]: tensor<8x3x3x3xf32>, %[[O:.*]]: tensor<2x8x20x20xf32>)
// CHECK:         %[[MATRIX:.*]] = tensor.collapse_shape %[[W]] {{\[}}[0], [1, 2, 3]] : tensor<8x3x3x3xf32> into tensor<8x27xf32>
// CHECK:         scf.for %[[N:.*]] = %c0 to %c2 step %c1 iter_args(%[[OUT:.*]] = %[[O]])
// CHECK:           scf.for %[[OH:.*]] = %c0 to %c20 step %{{.*}} iter_args(%[[ROW:.*]] = %[[OUT]])
// CHECK:             %[[EMPTY:.*]] = tensor.empty() : tensor<27x20xf32>
// CHECK:             %[[PANEL:.*]] = scf.for {{.*}} iter_args({{.*}} = %[[EMPTY]])
// CHECK:               scf.for
// CHECK:                 scf.for
// CHECK:                   vector.transfer_read %[[X]]{{.*}} : tensor<2x3x22x22xf32>, vector<16xf32>
// CHECK-NOT:               vector.shuffle
// CHECK:                   vector.transfer_write {{.*}} : vector<16xf32>, tensor<27x20xf32>
// CHECK:                   vector.transfer_read %[[X]]{{.*}} : tensor<2x3x22x22xf32>, vector<4xf32>
// CHECK:                   vector.transfer_write {{.*}} : vector<4xf32>, tensor<27x20xf32>
// CHECK:             %[[TILE:.*]] = tensor.extract_slice %[[ROW]][%[[N]], 0, %[[OH]], %c0{{.*}}] [1, 8, 1, 20] [1, 1, 1, 1] : tensor<2x8x20x20xf32> to tensor<8x1x20xf32>
// CHECK:             %[[FLAT:.*]] = tensor.collapse_shape %[[TILE]] {{\[}}[0], [1, 2]] : tensor<8x1x20xf32> into tensor<8x20xf32>
// CHECK:             %[[P:.*]] = linalg.matmul ins(%[[MATRIX]], %[[PANEL]] : tensor<8x27xf32>, tensor<27x20xf32>) outs(%[[FLAT]] : tensor<8x20xf32>)
// CHECK:             %[[BACK:.*]] = tensor.expand_shape %[[P]]
// CHECK:             tensor.insert_slice %[[BACK]] into %[[ROW]][%[[N]], 0, %[[OH]], %c0{{.*}}] [1, 8, 1, 20]
// CHECK-NOT:     linalg.conv_2d
// THREADS-LABEL: func.func @conv3x3
// THREADS:         scf.for {{.*}} to %c2
// THREADS:         } {refback.parallel}
func.func @conv3x3(%x: tensor<2x3x22x22xf32>, %w: tensor<8x3x3x3xf32>, %o: tensor<2x8x20x20xf32>) -> tensor<2x8x20x20xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x22x22xf32>, tensor<8x3x3x3xf32>) outs(%o : tensor<2x8x20x20xf32>) -> tensor<2x8x20x20xf32>
  return %r : tensor<2x8x20x20xf32>
}

// -----

// At stride 2, 16 columns of a panel are a read of 31 elements and a
// shuffle of every other one (the 17th column alone: a read of one).
// CHECK-LABEL: func.func @conv_stride2
// CHECK:         vector.transfer_read {{.*}} : tensor<1x4x35x35xf32>, vector<31xf32>
// CHECK:         vector.shuffle {{.*}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30] : vector<31xf32>, vector<31xf32>
// CHECK:         vector.transfer_write {{.*}} : vector<16xf32>, tensor<36x17xf32>
// CHECK:         vector.transfer_read {{.*}} : tensor<1x4x35x35xf32>, vector<1xf32>
// CHECK-NOT:     vector.shuffle
// CHECK:         vector.transfer_write {{.*}} : vector<1xf32>, tensor<36x17xf32>
// CHECK:         linalg.matmul ins({{.*}} : tensor<8x36xf32>, tensor<36x17xf32>)
func.func @conv_stride2(%x: tensor<1x4x35x35xf32>, %w: tensor<8x4x3x3xf32>, %o: tensor<1x8x17x17xf32>) -> tensor<1x8x17x17xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x4x35x35xf32>, tensor<8x4x3x3xf32>) outs(%o : tensor<1x8x17x17xf32>) -> tensor<1x8x17x17xf32>
  return %r : tensor<1x8x17x17xf32>
}

// -----

// Output rows of 8 columns: four rows to a panel of 32 columns; the output
// tile is those four rows, whole, as one [f, 32] matrix.
// CHECK-LABEL: func.func @narrow_rows
// CHECK:         scf.for {{.*}} = %c0 to %c8 step %c4
// CHECK:           tensor.empty() : tensor<144x32xf32>
// CHECK-COUNT-4:   vector.transfer_write {{.*}} : vector<8xf32>, tensor<144x32xf32>
// CHECK:           tensor.extract_slice {{.*}} [1, 16, 4, 8] [1, 1, 1, 1] : tensor<1x16x8x8xf32> to tensor<16x4x8xf32>
// CHECK:           tensor.collapse_shape {{.*}} : tensor<16x4x8xf32> into tensor<16x32xf32>
// CHECK:           linalg.matmul ins({{.*}} : tensor<16x144xf32>, tensor<144x32xf32>)
func.func @narrow_rows(%x: tensor<1x16x10x10xf32>, %w: tensor<16x16x3x3xf32>, %o: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x10x10xf32>, tensor<16x16x3x3xf32>) outs(%o : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %r : tensor<1x16x8x8xf32>
}

// -----

// Rows of 7 columns (which do not fill a panel evenly): the whole im2col
// tensor, [n, c*kh*kw, oh*ow], copied by loops over (n, c, kh, kw, oh), then
// one product batched along n.
// CHECK-LABEL: func.func @im2col
// CHECK-SAME:      (%[[X:.*]]: tensor<2x4x9x9xf32>, %[[W:.*]]: tensor<8x4x3x3xf32>, %[[O:.*]]: tensor<2x8x7x7xf32>)
// CHECK:         %[[MATRIX:.*]] = tensor.collapse_shape %[[W]]
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<2x36x49xf32>
// CHECK:         %[[COL:.*]] = scf.for {{.*}} iter_args({{.*}} = %[[EMPTY]])
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK:               scf.for
// CHECK:                 scf.for
// CHECK:                   vector.transfer_read %[[X]]{{.*}} : tensor<2x4x9x9xf32>, vector<7xf32>
// CHECK:                   vector.transfer_write {{.*}} : vector<7xf32>, tensor<2x36x49xf32>
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[O]] {{\[}}[0], [1], [2, 3]] : tensor<2x8x7x7xf32> into tensor<2x8x49xf32>
// CHECK:         %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME:        ins(%[[MATRIX]], %[[COL]] : tensor<8x36xf32>, tensor<2x36x49xf32>) outs(%[[FLAT]] : tensor<2x8x49xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         tensor.expand_shape %[[P]] {{\[}}[0], [1], [2, 3]] {{.*}} : tensor<2x8x49xf32> into tensor<2x8x7x7xf32>
func.func @im2col(%x: tensor<2x4x9x9xf32>, %w: tensor<8x4x3x3xf32>, %o: tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x4x9x9xf32>, tensor<8x4x3x3xf32>) outs(%o : tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32>
  return %r : tensor<2x8x7x7xf32>
}

// -----

// A 1x1 filter at stride 1 reads the input as it is: no im2col copy.
// CHECK-LABEL: func.func @conv1x1
// CHECK-SAME:      (%[[X:.*]]: tensor<2x16x7x7xf32>
// CHECK-NOT:     scf.for
// CHECK:         %[[COL:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1], [2, 3]] : tensor<2x16x7x7xf32> into tensor<2x16x49xf32>
// CHECK:         linalg.generic {{.*}} ins({{.*}}, %[[COL]] : tensor<32x16xf32>, tensor<2x16x49xf32>)
func.func @conv1x1(%x: tensor<2x16x7x7xf32>, %w: tensor<32x16x1x1xf32>, %o: tensor<2x32x7x7xf32>) -> tensor<2x32x7x7xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x16x7x7xf32>, tensor<32x16x1x1xf32>) outs(%o : tensor<2x32x7x7xf32>) -> tensor<2x32x7x7xf32>
  return %r : tensor<2x32x7x7xf32>
}

// -----

// Left alone: dilation, a dynamic batch, f16.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-3: linalg.conv_2d_nchw_fchw
func.func @left_alone(%x: tensor<1x4x9x9xf32>, %w: tensor<8x4x3x3xf32>, %o: tensor<1x8x5x5xf32>,
                      %xd: tensor<?x4x9x9xf32>, %od: tensor<?x8x7x7xf32>,
                      %xh: tensor<1x4x9x9xf16>, %wh: tensor<8x4x3x3xf16>, %oh: tensor<1x8x7x7xf16>)
    -> (tensor<1x8x5x5xf32>, tensor<?x8x7x7xf32>, tensor<1x8x7x7xf16>) {
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x4x9x9xf32>, tensor<8x4x3x3xf32>) outs(%o : tensor<1x8x5x5xf32>) -> tensor<1x8x5x5xf32>
  %b = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%xd, %w : tensor<?x4x9x9xf32>, tensor<8x4x3x3xf32>) outs(%od : tensor<?x8x7x7xf32>) -> tensor<?x8x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%xh, %wh : tensor<1x4x9x9xf16>, tensor<8x4x3x3xf16>) outs(%oh : tensor<1x8x7x7xf16>) -> tensor<1x8x7x7xf16>
  return %a, %b, %c : tensor<1x8x5x5xf32>, tensor<?x8x7x7xf32>, tensor<1x8x7x7xf16>
}

// -----

#all = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#channel = affine_map<(d0, d1, d2, d3) -> (d1)>

// An epilogue (a scale per channel and a ReLU, the convolution's only
// user) is computed by the row panels too: each product's tile, from a
// tile-sized fill, goes through a tile of it, inserted into its result;
// neither the convolution's result nor the epilogue over it is left.
// CHECK-LABEL: func.func @epilogue
// CHECK:         tensor.empty() : tensor<1x8x16x32xf32>
// CHECK:         linalg.fill
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<1x8x16x32xf32>
// CHECK:         scf.for {{.*}} iter_args(%[[OUT:.*]] = %[[EMPTY]])
// CHECK:           scf.for {{.*}} iter_args(%[[ROWS:.*]] = %[[OUT]])
// CHECK:             scf.for {{.*}} iter_args(%[[ROW:.*]] = %[[ROWS]])
// CHECK:             %[[ZEROS:.*]] = linalg.fill {{.*}} -> tensor<8x1x32xf32>
// CHECK:             %[[FLAT:.*]] = tensor.collapse_shape %[[ZEROS]]
// CHECK:             %[[P:.*]] = linalg.matmul {{.*}} outs(%[[FLAT]] : tensor<8x32xf32>)
// CHECK:             %[[TILE:.*]] = tensor.expand_shape %[[P]] {{\[}}[0, 1], [2, 3]] {{.*}} into tensor<1x8x1x32xf32>
// CHECK:             %[[SLICE:.*]] = tensor.extract_slice %[[ROW]]
// CHECK:             %[[R:.*]] = linalg.generic {{.*}} ins(%[[TILE]], %{{.*}} : tensor<1x8x1x32xf32>, tensor<8xf32>) outs(%[[SLICE]] : tensor<1x8x1x32xf32>)
// CHECK:               arith.maximumf
// CHECK:             tensor.insert_slice %[[R]] into %[[ROW]]
// CHECK-NOT:     linalg.conv_2d
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func @epilogue(%x: tensor<1x3x18x34xf32>, %w: tensor<8x3x3x3xf32>, %scale: tensor<8xf32>) -> tensor<1x8x16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x16x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x16x32xf32>) -> tensor<1x8x16x32xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x3x18x34xf32>, tensor<8x3x3x3xf32>) outs(%init : tensor<1x8x16x32xf32>) -> tensor<1x8x16x32xf32>
  %e2 = tensor.empty() : tensor<1x8x16x32xf32>
  %r = linalg.generic {indexing_maps = [#all, #channel, #all], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %scale : tensor<1x8x16x32xf32>, tensor<8xf32>) outs(%e2 : tensor<1x8x16x32xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %m = arith.mulf %a, %s : f32
    %z = arith.maximumf %m, %zero : f32
    linalg.yield %z : f32
  } -> tensor<1x8x16x32xf32>
  return %r : tensor<1x8x16x32xf32>
}

// -----

#all = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// A result with another use (here returned) is computed whole: the
// elementwise op stays after the loops.
// CHECK-LABEL: func.func @result_used_twice
// CHECK:         %[[CONV:.*]] = scf.for
// CHECK:         linalg.generic {{.*}} ins(%[[CONV]] :
func.func @result_used_twice(%x: tensor<1x3x18x34xf32>, %w: tensor<8x3x3x3xf32>, %o: tensor<1x8x16x32xf32>) -> (tensor<1x8x16x32xf32>, tensor<1x8x16x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x3x18x34xf32>, tensor<8x3x3x3xf32>) outs(%o : tensor<1x8x16x32xf32>) -> tensor<1x8x16x32xf32>
  %e = tensor.empty() : tensor<1x8x16x32xf32>
  %r = linalg.generic {indexing_maps = [#all, #all], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c : tensor<1x8x16x32xf32>) outs(%e : tensor<1x8x16x32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %z = arith.maximumf %a, %zero : f32
    linalg.yield %z : f32
  } -> tensor<1x8x16x32xf32>
  return %c, %r : tensor<1x8x16x32xf32>, tensor<1x8x16x32xf32>
}
