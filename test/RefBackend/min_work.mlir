// RUN: torch-mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(refback-tile-and-vectorize{vector-bits=512 min-work=4096}))' | FileCheck %s --check-prefix=TILES
// RUN: torch-mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(refback-fuse-rows{min-work=4096}))' | FileCheck %s --check-prefix=ROWS
// RUN: torch-mlir-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(refback-convolutions-to-products{min-work=4096}))' | FileCheck %s --check-prefix=CONV

// min-work: an op of fewer iteration points (a convolution's multiply-adds)
// than that is left to scalar loops; the trip counts of the loops around an
// op count too. (The pipeline's min-vector-work sets it; 0, each pass's
// default, takes every op.)

#id = affine_map<(d0, d1) -> (d0, d1)>

// 16x16 points: left alone.
// TILES-LABEL: func.func @small
// TILES-NOT:     vector.
// TILES:         linalg.generic
// TILES-NOT:     vector.
// TILES:         return
func.func @small(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<16x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = math.tanh %a : f32
    linalg.yield %t : f32
  } -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// The same op 16 times in a loop: 4096 points, vectorized.
// TILES-LABEL: func.func @in_a_loop
// TILES:         scf.for
// TILES:           vector.transfer_read {{.*}} vector<16xf32>
// TILES:           math.tanh {{.*}} : vector<16xf32>
func.func @in_a_loop(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %x) -> (tensor<16x16xf32>) {
    %e = tensor.empty() : tensor<16x16xf32>
    %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%acc : tensor<16x16xf32>) outs(%e : tensor<16x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %v = math.tanh %a : f32
      linalg.yield %v : f32
    } -> tensor<16x16xf32>
    scf.yield %t : tensor<16x16xf32>
  }
  return %r : tensor<16x16xf32>
}

// -----

#rows = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>
#in = affine_map<(d0, d1, d2) -> (d0, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>

// A row kernel whose root has 8x256 = 2048 points: left alone; one of
// 32x256 = 8192 is a kernel (of 16-row tiles).
// ROWS-LABEL: func.func @row_kernels
// ROWS-SAME:      (%[[SMALL:.*]]: tensor<8x256xf32>, %[[LARGE:.*]]: tensor<32x256xf32>)
// ROWS:         linalg.generic {{.*}} ins(%[[SMALL]] : tensor<8x256xf32>)
// ROWS:         linalg.generic {{.*}} ins(%[[SMALL]], {{.*}} : tensor<8x256xf32>, tensor<8x1xf32>)
// ROWS:         scf.for
// ROWS:           linalg.generic {{.*}} ins({{.*}} : tensor<16x256xf32>) outs({{.*}} : tensor<16x1xf32>)
func.func @row_kernels(%small: tensor<8x256xf32>, %large: tensor<32x256xf32>) -> (tensor<8x256xf32>, tensor<32x256xf32>) {
  %zero = arith.constant 0.0 : f32
  %s1 = tensor.empty() : tensor<8x1xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%s1 : tensor<8x1xf32>) -> tensor<8x1xf32>
  %ssum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%small : tensor<8x256xf32>) outs(%s0 : tensor<8x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.addf %a, %o : f32
    linalg.yield %v : f32
  } -> tensor<8x1xf32>
  %se = tensor.empty() : tensor<8x256xf32>
  %sdiv = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%small, %ssum : tensor<8x256xf32>, tensor<8x1xf32>) outs(%se : tensor<8x256xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %v = arith.divf %a, %s : f32
    linalg.yield %v : f32
  } -> tensor<8x256xf32>
  %l1 = tensor.empty() : tensor<32x1xf32>
  %l0 = linalg.fill ins(%zero : f32) outs(%l1 : tensor<32x1xf32>) -> tensor<32x1xf32>
  %lsum = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%large : tensor<32x256xf32>) outs(%l0 : tensor<32x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.addf %a, %o : f32
    linalg.yield %v : f32
  } -> tensor<32x1xf32>
  %le = tensor.empty() : tensor<32x256xf32>
  %ldiv = linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%large, %lsum : tensor<32x256xf32>, tensor<32x1xf32>) outs(%le : tensor<32x256xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %v = arith.divf %a, %s : f32
    linalg.yield %v : f32
  } -> tensor<32x256xf32>
  return %sdiv, %ldiv : tensor<8x256xf32>, tensor<32x256xf32>
}

// -----

// 1x4x4x4 outputs of 4x3x3 taps: 2304 multiply-adds, left alone; 8
// filters: 4608, a product (of the filter as a matrix).
// CONV-LABEL: func.func @convolutions
// CONV:         linalg.conv_2d_nchw_fchw {{.*}} -> tensor<1x4x4x4xf32>
// CONV:         tensor.collapse_shape {{.*}} : tensor<8x4x3x3xf32> into tensor<8x36xf32>
// CONV-NOT:     linalg.conv_2d_nchw_fchw
// CONV:         return
func.func @convolutions(%x: tensor<1x4x6x6xf32>, %w4: tensor<4x4x3x3xf32>, %o4: tensor<1x4x4x4xf32>,
                        %w8: tensor<8x4x3x3xf32>, %o8: tensor<1x8x4x4xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x8x4x4xf32>) {
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w4 : tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) outs(%o4 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %b = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w8 : tensor<1x4x6x6xf32>, tensor<8x4x3x3xf32>) outs(%o8 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %a, %b : tensor<1x4x4x4xf32>, tensor<1x8x4x4xf32>
}
