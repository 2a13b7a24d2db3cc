// convert-torch-to-linalg, matrix products and convolution.
// RUN: torch-mlir-opt %s -convert-torch-to-linalg -canonicalize -split-input-file | FileCheck %s

// mm with a dynamic dimension: a zero-filled accumulator of the right size.
// CHECK-LABEL: func.func @mm_dynamic(
// CHECK:         %[[A:.*]] = torch_c.to_builtin_tensor %{{.*}} -> tensor<?x8xf32>
// CHECK:         %[[M:.*]] = tensor.dim %[[A]], %c0
// CHECK:         %[[INIT:.*]] = tensor.empty(%[[M]]) : tensor<?x4xf32>
// CHECK:         %[[ZERO:.*]] = linalg.fill ins(%cst : f32) outs(%[[INIT]] : tensor<?x4xf32>)
// CHECK:         linalg.matmul ins(%[[A]], %{{.*}} : tensor<?x8xf32>, tensor<8x4xf32>) outs(%[[ZERO]] : tensor<?x4xf32>)
func.func @mm_dynamic(%a: !torch.vtensor<[?,8],f32>, %b: !torch.vtensor<[8,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %0 = torch.aten.mm %a, %b : !torch.vtensor<[?,8],f32>, !torch.vtensor<[8,4],f32> -> !torch.vtensor<[?,4],f32>
  return %0 : !torch.vtensor<[?,4],f32>
}

// -----

// addmm: the product plus the broadcast bias (beta = alpha = 1 multiply nothing).
// CHECK-LABEL: func.func @addmm(
// CHECK:         %[[P:.*]] = linalg.matmul
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[P]] : tensor<4xf32>, tensor<2x4xf32>)
// CHECK-NEXT:    ^bb0(%[[BIAS:.*]]: f32, %[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[BIAS]], %[[X]]
// CHECK-NEXT:      linalg.yield %[[S]]
func.func @addmm(%bias: !torch.vtensor<[4],f32>, %a: !torch.vtensor<[2,8],f32>, %b: !torch.vtensor<[8,4],f32>) -> !torch.vtensor<[2,4],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.addmm %bias, %a, %b, %int1, %int1 : !torch.vtensor<[4],f32>, !torch.vtensor<[2,8],f32>, !torch.vtensor<[8,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

// CHECK-LABEL: func.func @bmm(
// CHECK:         linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<3x2x8xf32>, tensor<3x8x4xf32>)
func.func @bmm(%a: !torch.vtensor<[3,2,8],f32>, %b: !torch.vtensor<[3,8,4],f32>) -> !torch.vtensor<[3,2,4],f32> {
  %0 = torch.aten.bmm %a, %b : !torch.vtensor<[3,2,8],f32>, !torch.vtensor<[3,8,4],f32> -> !torch.vtensor<[3,2,4],f32>
  return %0 : !torch.vtensor<[3,2,4],f32>
}

// -----

// 2-D convolution with padding 1 and stride 2: the input padded with zeros,
// then linalg's NCHW/FCHW convolution, then the bias along the channels.
// CHECK-LABEL: func.func @conv2d(
// CHECK:         %[[PAD:.*]] = tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:         tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
// CHECK:         %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
// CHECK-SAME:      ins(%[[PAD]], %{{.*}} : tensor<1x3x10x10xf32>, tensor<5x3x3x3xf32>)
// CHECK:         %[[B:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2]] output_shape [5, 1, 1] : tensor<5xf32> into tensor<5x1x1xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[CONV]], %[[B]] : tensor<1x5x4x4xf32>, tensor<5x1x1xf32>)
func.func @conv2d(%x: !torch.vtensor<[1,3,8,8],f32>, %w: !torch.vtensor<[5,3,3,3],f32>, %b: !torch.vtensor<[5],f32>) -> !torch.vtensor<[1,5,4,4],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %stride = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %padding = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %dilation = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %outpad = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.convolution %x, %w, %b, %stride, %padding, %dilation, %false, %outpad, %int1 : !torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[5,3,3,3],f32>, !torch.vtensor<[5],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,5,4,4],f32>
  return %0 : !torch.vtensor<[1,5,4,4],f32>
}

// -----

// Grouped: channels split into groups, the g-indexed convolution, merged back.
// CHECK-LABEL: func.func @conv2d_groups(
// CHECK:         tensor.expand_shape {{.*}} : tensor<1x4x5x5xf32> into tensor<1x2x2x5x5xf32>
// CHECK:         tensor.expand_shape {{.*}} : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
// CHECK:         linalg.conv_2d_ngchw_gfchw
// CHECK:         tensor.collapse_shape {{.*}} : tensor<1x2x3x3x3xf32> into tensor<1x6x3x3xf32>
func.func @conv2d_groups(%x: !torch.vtensor<[1,4,5,5],f32>, %w: !torch.vtensor<[6,2,3,3],f32>) -> !torch.vtensor<[1,6,3,3],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %none = torch.constant.none
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.convolution %x, %w, %none, %ones, %zeros, %ones, %false, %zeros, %int2 : !torch.vtensor<[1,4,5,5],f32>, !torch.vtensor<[6,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,6,3,3],f32>
  return %0 : !torch.vtensor<[1,6,3,3],f32>
}

// -----

// Transposed, stride 2: the input spread out by the stride into zeros, padded
// by k - 1 = 2 on each side, then a stride-1 convolution with the weight's
// channels swapped and its window flipped (kh -> 2 - kh).
// CHECK-DAG:   #[[FLIP:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d0, -d2 + 2, -d3 + 2)>
// CHECK-LABEL: func.func @conv_transpose2d(
// CHECK:         %[[SPREAD:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 2, 2] [1, 3, 4, 4] [1, 1, 2, 2] : tensor<1x3x4x4xf32> into tensor<1x3x11x11xf32>
// CHECK:         %[[W:.*]] = linalg.generic {indexing_maps = [#[[FLIP]], #{{.*}}]
// CHECK-SAME:      ins(%{{.*}} : tensor<3x2x3x3xf32>) outs(%{{.*}} : tensor<2x3x3x3xf32>)
// CHECK:         linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
// CHECK-SAME:      ins(%[[SPREAD]], %[[W]] : tensor<1x3x11x11xf32>, tensor<2x3x3x3xf32>)
func.func @conv_transpose2d(%x: !torch.vtensor<[1,3,4,4],f32>, %w: !torch.vtensor<[3,2,3,3],f32>) -> !torch.vtensor<[1,2,9,9],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %none = torch.constant.none
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.convolution %x, %w, %none, %s, %zeros, %ones, %true, %zeros, %int1 : !torch.vtensor<[1,3,4,4],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,9,9],f32>
  return %0 : !torch.vtensor<[1,2,9,9],f32>
}

// -----

// f16 products accumulate in f32 and round once at the end, as PyTorch's CPU
// kernels do (an f16 accumulator drifts past rtol 1e-3 over long rows).
// CHECK-LABEL: func.func @mm_f16(
// CHECK:         %[[ACC:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4xf32>)
// CHECK:         %[[P:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<2x64xf16>, tensor<64x4xf16>) outs(%[[ACC]] : tensor<2x4xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[P]] : tensor<2x4xf32>) outs(%{{.*}} : tensor<2x4xf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to f16
func.func @mm_f16(%a: !torch.vtensor<[2,64],f16>, %b: !torch.vtensor<[64,4],f16>) -> !torch.vtensor<[2,4],f16> {
  %0 = torch.aten.mm %a, %b : !torch.vtensor<[2,64],f16>, !torch.vtensor<[64,4],f16> -> !torch.vtensor<[2,4],f16>
  return %0 : !torch.vtensor<[2,4],f16>
}

// -----

// An f16 convolution without bias: accumulated in f32, rounded once.
// CHECK-LABEL: func.func @conv2d_f16(
// CHECK:         %[[C:.*]] = linalg.conv_2d_nchw_fchw {{.*}} outs(%{{.*}} : tensor<1x2x2x2xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[C]] : tensor<1x2x2x2xf32>) outs(%{{.*}} : tensor<1x2x2x2xf16>)
// CHECK:           arith.truncf
func.func @conv2d_f16(%x: !torch.vtensor<[1,3,4,4],f16>, %w: !torch.vtensor<[2,3,3,3],f16>) -> !torch.vtensor<[1,2,2,2],f16> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %none = torch.constant.none
  %stride = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %pad = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.convolution %x, %w, %none, %stride, %pad, %stride, %false, %pad, %int1 : !torch.vtensor<[1,3,4,4],f16>, !torch.vtensor<[2,3,3,3],f16>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,2,2],f16>
  return %0 : !torch.vtensor<[1,2,2,2],f16>
}
