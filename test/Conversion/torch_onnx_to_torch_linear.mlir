// convert-torch-onnx-to-torch: MatMul, Gemm, Einsum, Conv, the integer and
// quantized products, pooling, the normalizations and LRN, Resize, Upsample,
// GridSample.
// RUN: torch-mlir-opt %s -convert-torch-onnx-to-torch -split-input-file | FileCheck %s

// Batch dims broadcast, then one bmm.
// CHECK-LABEL: func.func @matmul_batched
// CHECK:         torch.aten.broadcast_to {{.*}} -> !torch.vtensor<[2,3,4],f32>
// CHECK:         torch.aten.bmm {{.*}} : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,4,5],f32> -> !torch.vtensor<[2,3,5],f32>
func.func @matmul_batched(%a: !torch.vtensor<[3,4],f32>, %b: !torch.vtensor<[2,4,5],f32>) -> !torch.vtensor<[2,3,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.MatMul"(%a, %b) : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[2,4,5],f32>) -> !torch.vtensor<[2,3,5],f32>
  return %0 : !torch.vtensor<[2,3,5],f32>
}

// -----

// Gemm is addmm: beta * C + alpha * A' B'.
// CHECK-LABEL: func.func @gemm
// CHECK:         %[[BT:.*]] = torch.aten.transpose.int %arg1, {{.*}} -> !torch.vtensor<[4,5],f32>
// CHECK-DAG:     %[[TWO:.*]] = torch.constant.float 2.000000e+00
// CHECK-DAG:     %[[HALF:.*]] = torch.constant.float 5.000000e-01
// CHECK:         torch.aten.addmm %arg2, %arg0, %[[BT]], %[[TWO]], %[[HALF]]
func.func @gemm(%a: !torch.vtensor<[3,4],f32>, %b: !torch.vtensor<[5,4],f32>, %c: !torch.vtensor<[5],f32>) -> !torch.vtensor<[3,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Gemm"(%a, %b, %c) {torch.onnx.alpha = 0.5 : f32, torch.onnx.beta = 2.0 : f32, torch.onnx.transB = 1 : si64} : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[5,4],f32>, !torch.vtensor<[5],f32>) -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// Without C (or with beta 0): mm, scaled by alpha.
// CHECK-LABEL: func.func @gemm_without_c
// CHECK:         %[[MM:.*]] = torch.aten.mm %arg0, %arg1
// CHECK:         torch.aten.mul.Scalar %[[MM]]
// CHECK-NOT:     torch.aten.addmm
func.func @gemm_without_c(%a: !torch.vtensor<[3,4],f32>, %b: !torch.vtensor<[4,5],f32>) -> !torch.vtensor<[3,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Gemm"(%a, %b, %none) {torch.onnx.alpha = 3.0 : f32} : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[4,5],f32>, !torch.none) -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// Asymmetric pads: padded first, then ATen's symmetric padding is 0.
// CHECK-LABEL: func.func @conv_asymmetric_pads
// CHECK:         %[[PADDED:.*]] = torch.aten.constant_pad_nd %arg0, {{.*}} -> !torch.vtensor<[1,1,6,7],f32>
// CHECK:         torch.aten.convolution %[[PADDED]], %arg1, {{.*}} : !torch.vtensor<[1,1,6,7],f32>, {{.*}} -> !torch.vtensor<[1,2,4,5],f32>
func.func @conv_asymmetric_pads(%x: !torch.vtensor<[1,1,5,5],f32>, %w: !torch.vtensor<[2,1,3,3],f32>) -> !torch.vtensor<[1,2,4,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 11 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Conv"(%x, %w, %none) {torch.onnx.pads = [1 : si64, 1 : si64, 0 : si64, 1 : si64]} : (!torch.vtensor<[1,1,5,5],f32>, !torch.vtensor<[2,1,3,3],f32>, !torch.none) -> !torch.vtensor<[1,2,4,5],f32>
  return %0 : !torch.vtensor<[1,2,4,5],f32>
}

// -----

// Grouped 1-D convolutions go through 2-D ones.
// CHECK-LABEL: func.func @conv1d_grouped
// CHECK:         torch.aten.convolution {{.*}} : !torch.vtensor<[1,4,1,8],f32>, !torch.vtensor<[4,2,1,3],f32>{{.*}} -> !torch.vtensor<[1,4,1,6],f32>
func.func @conv1d_grouped(%x: !torch.vtensor<[1,4,8],f32>, %w: !torch.vtensor<[4,2,3],f32>) -> !torch.vtensor<[1,4,6],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 11 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Conv"(%x, %w, %none) {torch.onnx.group = 2 : si64} : (!torch.vtensor<[1,4,8],f32>, !torch.vtensor<[4,2,3],f32>, !torch.none) -> !torch.vtensor<[1,4,6],f32>
  return %0 : !torch.vtensor<[1,4,6],f32>
}

// -----

// Nearest Resize with scales at run time: coordinates from the scale,
// rounded as nearest_mode says, then index_select.
// CHECK-LABEL: func.func @resize_nearest
// CHECK:         torch.aten.slice.Tensor %arg1, {{.*}} -> !torch.vtensor<[1],f32>
// CHECK:         torch.aten.div.Tensor {{.*}} -> !torch.vtensor<[6],f64>
// CHECK:         torch.aten.floor
// CHECK:         torch.aten.index_select {{.*}} -> !torch.vtensor<[1,1,6,2],f32>
func.func @resize_nearest(%x: !torch.vtensor<[1,1,3,2],f32>, %scales: !torch.vtensor<[4],f32>) -> !torch.vtensor<[1,1,6,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 19 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Resize"(%x, %none, %scales) {torch.onnx.mode = "nearest", torch.onnx.nearest_mode = "floor", torch.onnx.coordinate_transformation_mode = "asymmetric"} : (!torch.vtensor<[1,1,3,2],f32>, !torch.none, !torch.vtensor<[4],f32>) -> !torch.vtensor<[1,1,6,4],f32>
  return %0 : !torch.vtensor<[1,1,6,4],f32>
}

// -----

// QLinearMatMul: the integers less their zero points, multiplied exactly in
// f64; the multiplier a_scale * b_scale / y_scale in the scales' dtype; then
// plus y's zero point, rounded half to even, clamped to uint8.
// CHECK-LABEL: func.func @qlinear_matmul
// CHECK:         %[[A:.*]] = torch.aten.sub.Tensor %{{.*}} : !torch.vtensor<[2,4],f64>, !torch.vtensor<[],f64>, !torch.int -> !torch.vtensor<[2,4],f64>
// CHECK:         %[[B:.*]] = torch.aten.sub.Tensor %{{.*}} : !torch.vtensor<[4,3],f64>, !torch.vtensor<[],f64>, !torch.int -> !torch.vtensor<[4,3],f64>
// CHECK:         %[[C:.*]] = torch.aten.mm %[[A]], %[[B]] : !torch.vtensor<[2,4],f64>, !torch.vtensor<[4,3],f64> -> !torch.vtensor<[2,3],f64>
// CHECK:         torch.aten.mul.Tensor %arg1, %arg4 : !torch.vtensor<[],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[],f32>
// CHECK:         torch.aten.div.Tensor
// CHECK:         torch.aten.round
// CHECK:         %[[Y:.*]] = torch.aten.clamp %{{.*}}, %float0{{.*}}, %float2.550000e02
// CHECK:         torch.aten.to.dtype %[[Y]], %int0
func.func @qlinear_matmul(%a: !torch.vtensor<[2,4],ui8>, %as: !torch.vtensor<[],f32>, %az: !torch.vtensor<[],ui8>, %b: !torch.vtensor<[4,3],ui8>, %bs: !torch.vtensor<[],f32>, %bz: !torch.vtensor<[],ui8>, %ys: !torch.vtensor<[],f32>, %yz: !torch.vtensor<[],ui8>) -> !torch.vtensor<[2,3],ui8>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 10 : si64}} {
  %0 = torch.operator "onnx.QLinearMatMul"(%a, %as, %az, %b, %bs, %bz, %ys, %yz) : (!torch.vtensor<[2,4],ui8>, !torch.vtensor<[],f32>, !torch.vtensor<[],ui8>, !torch.vtensor<[4,3],ui8>, !torch.vtensor<[],f32>, !torch.vtensor<[],ui8>, !torch.vtensor<[],f32>, !torch.vtensor<[],ui8>) -> !torch.vtensor<[2,3],ui8>
  return %0 : !torch.vtensor<[2,3],ui8>
}

// -----

// ConvInteger with a per-channel weight zero point: shaped [M, 1, 1, 1],
// the convolution in f64, the result int32.
// CHECK-LABEL: func.func @conv_integer_per_channel
// CHECK:         torch.aten.reshape %arg3, %{{.*}} -> !torch.vtensor<[2,1,1,1],si8>
// CHECK:         %[[W:.*]] = torch.aten.sub.Tensor %{{.*}} : !torch.vtensor<[2,1,2,2],f64>, !torch.vtensor<[2,1,1,1],f64>, !torch.int -> !torch.vtensor<[2,1,2,2],f64>
// CHECK:         %[[Y:.*]] = torch.aten.convolution %{{.*}}, %[[W]], %none{{.*}} -> !torch.vtensor<[1,2,2,2],f64>
// CHECK:         torch.aten.to.dtype %[[Y]], %int3
func.func @conv_integer_per_channel(%x: !torch.vtensor<[1,1,3,3],ui8>, %w: !torch.vtensor<[2,1,2,2],si8>, %xz: !torch.vtensor<[],ui8>, %wz: !torch.vtensor<[2],si8>) -> !torch.vtensor<[1,2,2,2],si32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 10 : si64}} {
  %0 = torch.operator "onnx.ConvInteger"(%x, %w, %xz, %wz) : (!torch.vtensor<[1,1,3,3],ui8>, !torch.vtensor<[2,1,2,2],si8>, !torch.vtensor<[],ui8>, !torch.vtensor<[2],si8>) -> !torch.vtensor<[1,2,2,2],si32>
  return %0 : !torch.vtensor<[1,2,2,2],si32>
}

// -----

// GridSample, nearest with border padding: per axis (y from the grid's
// second coordinate, then x) the pixel coordinate, rounded, clamped where
// it falls outside; then one gather from X as [N, C, pixels].
// CHECK-LABEL: func.func @grid_sample_nearest
// CHECK:         %[[GY:.*]] = torch.aten.select.int %arg1, %int3, %int1
// CHECK:         torch.aten.round
// CHECK:         %[[Y:.*]] = torch.aten.to.dtype %{{.*}} -> !torch.vtensor<[1,5,6],si64>
// CHECK:         %[[GX:.*]] = torch.aten.select.int %arg1, %int3{{[_0-9]*}}, %int0
// CHECK:         %[[X:.*]] = torch.aten.to.dtype %{{.*}} -> !torch.vtensor<[1,5,6],si64>
// CHECK:         %[[FLAT:.*]] = torch.aten.reshape %arg0, %{{.*}} -> !torch.vtensor<[1,2,12],f32>
// CHECK:         torch.aten.mul.Scalar %[[Y]], %int4
// CHECK:         %[[INDEX:.*]] = torch.aten.broadcast_to %{{.*}} -> !torch.vtensor<[1,2,30],si64>
// CHECK:         torch.aten.gather %[[FLAT]], %int2{{[_0-9]*}}, %[[INDEX]], %false{{.*}} -> !torch.vtensor<[1,2,30],f32>
func.func @grid_sample_nearest(%x: !torch.vtensor<[1,2,3,4],f32>, %g: !torch.vtensor<[1,5,6,2],f32>) -> !torch.vtensor<[1,2,5,6],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 20 : si64}} {
  %0 = torch.operator "onnx.GridSample"(%x, %g) {torch.onnx.mode = "nearest", torch.onnx.padding_mode = "border"} : (!torch.vtensor<[1,2,3,4],f32>, !torch.vtensor<[1,5,6,2],f32>) -> !torch.vtensor<[1,2,5,6],f32>
  return %0 : !torch.vtensor<[1,2,5,6],f32>
}

// -----

// AveragePool with dilations: window sums by a convolution of ones over
// [N * C, 1, ...], divided by each window's count (a literal).
// CHECK-LABEL: func.func @average_pool_dilated
// CHECK:         %[[ONES:.*]] = torch.aten.ones %{{.*}} -> !torch.vtensor<[1,1,2,2],f32>
// CHECK:         %[[SUM:.*]] = torch.aten.convolution %{{.*}}, %[[ONES]], %none{{.*}} -> !torch.vtensor<[1,1,2,2],f32>
// CHECK:         torch.vtensor.literal(dense<4.000000e+00> : tensor<1x1x2x2xf64>)
// CHECK:         torch.aten.div.Tensor
func.func @average_pool_dilated(%x: !torch.vtensor<[1,1,4,4],f32>) -> !torch.vtensor<[1,1,2,2],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 22 : si64}} {
  %0 = torch.operator "onnx.AveragePool"(%x) {torch.onnx.kernel_shape = [2 : si64, 2 : si64], torch.onnx.dilations = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,1,4,4],f32>) -> !torch.vtensor<[1,1,2,2],f32>
  return %0 : !torch.vtensor<[1,1,2,2],f32>
}

// -----

// MaxUnpool: the values scattered at their flat indices into zeros of the
// unpooled shape, then padded at the end to output_shape's.
// CHECK-LABEL: func.func @max_unpool
// CHECK:         %[[ZEROS:.*]] = torch.aten.zeros %{{.*}} -> !torch.vtensor<[16],f32>
// CHECK:         %[[Y:.*]] = torch.aten.scatter.src %[[ZEROS]], %int0{{[_0-9]*}}, %{{.*}}, %{{.*}} -> !torch.vtensor<[16],f32>
// CHECK:         %[[U:.*]] = torch.aten.reshape %[[Y]], %{{.*}} -> !torch.vtensor<[1,1,4,4],f32>
// CHECK:         torch.aten.constant_pad_nd %[[U]], %{{.*}} -> !torch.vtensor<[1,1,5,5],f32>
func.func @max_unpool(%x: !torch.vtensor<[1,1,2,2],f32>, %i: !torch.vtensor<[1,1,2,2],si64>, %shape: !torch.vtensor<[4],si64>) -> !torch.vtensor<[1,1,5,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 11 : si64}} {
  %0 = torch.operator "onnx.MaxUnpool"(%x, %i, %shape) {torch.onnx.kernel_shape = [2 : si64, 2 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,1,2,2],f32>, !torch.vtensor<[1,1,2,2],si64>, !torch.vtensor<[4],si64>) -> !torch.vtensor<[1,1,5,5],f32>
  return %0 : !torch.vtensor<[1,1,5,5],f32>
}

// -----

// keep_aspect_ratio_policy not_larger: one scale for both axes, the smaller
// of size / input size, computed from the sizes as they arrive.
// CHECK-LABEL: func.func @resize_not_larger
// CHECK:         %[[RATIOS:.*]] = torch.aten.div.Tensor %{{.*}}, %{{.*}} : !torch.vtensor<[2],f64>, !torch.vtensor<[2],f64> -> !torch.vtensor<[2],f64>
// CHECK:         %[[SCALE:.*]] = torch.aten.amin %[[RATIOS]], %{{.*}}, %true
// CHECK:         torch.aten.div.Tensor %{{.*}}, %[[SCALE]]
func.func @resize_not_larger(%x: !torch.vtensor<[1,1,2,4],f32>, %sizes: !torch.vtensor<[2],si64>) -> !torch.vtensor<[1,1,1,2],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 19 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Resize"(%x, %none, %none, %sizes) {torch.onnx.axes = [2 : si64, 3 : si64], torch.onnx.keep_aspect_ratio_policy = "not_larger"} : (!torch.vtensor<[1,1,2,4],f32>, !torch.none, !torch.none, !torch.vtensor<[2],si64>) -> !torch.vtensor<[1,1,1,2],f32>
  return %0 : !torch.vtensor<[1,1,1,2],f32>
}

// -----

// tf_crop_and_resize: coordinates from the region of interest; positions
// outside the input take extrapolation_value.
// CHECK-LABEL: func.func @resize_crop
// CHECK:         torch.aten.slice.Tensor %arg1, %int0{{[_0-9]*}}, %int0{{[_0-9]*}}, %int1
// CHECK:         torch.aten.slice.Tensor %arg1, %int0{{[_0-9]*}}, %int1{{[_0-9]*}}, %int2
// CHECK:         %[[OUTSIDE:.*]] = torch.aten.logical_or
// CHECK:         torch.aten.where.ScalarSelf %{{.*}}, %float1.000000e01
func.func @resize_crop(%x: !torch.vtensor<[4],f32>, %roi: !torch.vtensor<[2],f32>, %sizes: !torch.vtensor<[1],si64>) -> !torch.vtensor<[3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 19 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Resize"(%x, %roi, %none, %sizes) {torch.onnx.coordinate_transformation_mode = "tf_crop_and_resize", torch.onnx.mode = "linear", torch.onnx.extrapolation_value = 1.000000e+01 : f32} : (!torch.vtensor<[4],f32>, !torch.vtensor<[2],f32>, !torch.none, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// A grouped ConvTranspose: each group's input channels, W's rows and bias
// through their own transposed convolution, concatenated.
// CHECK-LABEL: func.func @conv_transpose_grouped
// CHECK:         %[[A:.*]] = torch.aten.convolution %{{.*}} -> !torch.vtensor<[1,1,4,4],f32>
// CHECK:         %[[B:.*]] = torch.aten.convolution %{{.*}} -> !torch.vtensor<[1,1,4,4],f32>
// CHECK:         %[[BOTH:.*]] = torch.prim.ListConstruct %[[A]], %[[B]]
// CHECK:         torch.aten.cat %[[BOTH]], %int1{{[_0-9]*}} : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[1,2,4,4],f32>
func.func @conv_transpose_grouped(%x: !torch.vtensor<[1,2,3,3],f32>, %w: !torch.vtensor<[2,1,2,2],f32>) -> !torch.vtensor<[1,2,4,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 17 : si64}} {
  %0 = torch.operator "onnx.ConvTranspose"(%x, %w) {torch.onnx.group = 2 : si64} : (!torch.vtensor<[1,2,3,3],f32>, !torch.vtensor<[2,1,2,2],f32>) -> !torch.vtensor<[1,2,4,4],f32>
  return %0 : !torch.vtensor<[1,2,4,4],f32>
}


// -----

// InstanceNormalization: ATen's instance_norm from the input's statistics.
// CHECK-LABEL: func.func @instance_norm
// CHECK:         %[[TRUE:.*]] = torch.constant.bool true
// CHECK:         torch.aten.instance_norm %arg0, %arg1, %arg2, %none{{.*}}, %none{{.*}}, %[[TRUE]], {{.*}} -> !torch.vtensor<[2,3,4,4],f32>
func.func @instance_norm(%x: !torch.vtensor<[2,3,4,4],f32>, %s: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 6 : si64}} {
  %0 = torch.operator "onnx.InstanceNormalization"(%x, %s, %b) {torch.onnx.epsilon = 1.0e-3 : f32} : (!torch.vtensor<[2,3,4,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4,4],f32>
  return %0 : !torch.vtensor<[2,3,4,4],f32>
}

// -----

// BatchNormalization outside training: ATen's batch_norm (training false).
// CHECK-LABEL: func.func @batch_norm_inference
// CHECK:         %[[FALSE:.*]] = torch.constant.bool false
// CHECK:         torch.aten.batch_norm %arg0, %arg1, %arg2, %arg3, %arg4, %[[FALSE]], {{.*}} -> !torch.vtensor<[2,3,4],f32>
func.func @batch_norm_inference(%x: !torch.vtensor<[2,3,4],f32>, %s: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>, %m: !torch.vtensor<[3],f32>, %v: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 15 : si64}} {
  %0 = torch.operator "onnx.BatchNormalization"(%x, %s, %b, %m, %v) : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// Einsum: ATen's einsum, the equation as given.
// CHECK-LABEL: func.func @einsum
// CHECK:         %[[EQ:.*]] = torch.constant.str "ij,jk->ik"
// CHECK:         %[[LIST:.*]] = torch.prim.ListConstruct %arg0, %arg1
// CHECK:         torch.aten.einsum %[[EQ]], %[[LIST]], %none {{.*}} -> !torch.vtensor<[3,5],f32>
func.func @einsum(%a: !torch.vtensor<[3,4],f32>, %b: !torch.vtensor<[4,5],f32>) -> !torch.vtensor<[3,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 12 : si64}} {
  %0 = torch.operator "onnx.Einsum"(%a, %b) {torch.onnx.equation = "ij,jk->ik"} : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[4,5],f32>) -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// GlobalAveragePool and GlobalMaxPool reduce every spatial dim (2 and 3),
// keeping them as 1s: mean.dim and amax.
// CHECK-LABEL: func.func @global_pools
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int2, %int3 :
// CHECK:         %[[AVG:.*]] = torch.aten.mean.dim %arg0, %[[DIMS]], %true, %none : !torch.vtensor<[2,3,5,7],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,3,1,1],f32>
// CHECK:         %[[DIMS2:.*]] = torch.prim.ListConstruct %int2{{[_0-9]*}}, %int3{{[_0-9]*}} :
// CHECK:         %[[MAX:.*]] = torch.aten.amax %arg0, %[[DIMS2]], %true{{[_0-9]*}} : !torch.vtensor<[2,3,5,7],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,3,1,1],f32>
// CHECK:         return %[[AVG]], %[[MAX]]
func.func @global_pools(%x: !torch.vtensor<[2,3,5,7],f32>) -> (!torch.vtensor<[2,3,1,1],f32>, !torch.vtensor<[2,3,1,1],f32>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.GlobalAveragePool"(%x) : (!torch.vtensor<[2,3,5,7],f32>) -> !torch.vtensor<[2,3,1,1],f32>
  %1 = torch.operator "onnx.GlobalMaxPool"(%x) : (!torch.vtensor<[2,3,5,7],f32>) -> !torch.vtensor<[2,3,1,1],f32>
  return %0, %1 : !torch.vtensor<[2,3,1,1],f32>, !torch.vtensor<[2,3,1,1],f32>
}

// -----

// LRN (size 4): the squares' window over channels as an average pool (zero
// padding counted) over [N, 1, C, H, W], the channels padded 1 before and 2
// after; then x / (bias + alpha * that)^beta (the average is the sum / size,
// as ONNX's alpha / size wants).
// CHECK-LABEL: func.func @lrn
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %arg0, %arg0
// CHECK:         %[[FIVE:.*]] = torch.aten.reshape %[[SQ]], %{{.*}} -> !torch.vtensor<[1,1,5,3,3],f32>
// CHECK:         %[[PADS:.*]] = torch.prim.ListConstruct %int0, %int0{{[_0-9]*}}, %int0{{[_0-9]*}}, %int0{{[_0-9]*}}, %int1{{[_0-9]*}}, %int2 :
// CHECK:         %[[PADDED:.*]] = torch.aten.constant_pad_nd %[[FIVE]], %[[PADS]], %{{.*}} -> !torch.vtensor<[1,1,8,3,3],f32>
// CHECK:         %[[KERNEL:.*]] = torch.prim.ListConstruct %int4, %int1{{[_0-9]*}}, %int1{{[_0-9]*}} :
// CHECK:         %[[AVG:.*]] = torch.aten.avg_pool3d %[[PADDED]], %[[KERNEL]], %{{.*}}, %{{.*}}, %false, %true, %none {{.*}} -> !torch.vtensor<[1,1,5,3,3],f32>
// CHECK:         %[[WINDOW:.*]] = torch.aten.reshape %[[AVG]], %{{.*}} -> !torch.vtensor<[1,5,3,3],f32>
// CHECK-DAG:     %[[ALPHA:.*]] = torch.constant.float 1.9999999494757503E-4
// CHECK:         %[[SCALED:.*]] = torch.aten.mul.Scalar %[[WINDOW]], %[[ALPHA]]
// CHECK-DAG:     %[[BIAS:.*]] = torch.constant.float 2.000000e+00
// CHECK:         %[[BASE:.*]] = torch.aten.add.Scalar %[[SCALED]], %[[BIAS]]
// CHECK-DAG:     %[[BETA:.*]] = torch.constant.float 5.000000e-01
// CHECK:         %[[DEN:.*]] = torch.aten.pow.Tensor_Scalar %[[BASE]], %[[BETA]]
// CHECK:         torch.aten.div.Tensor %arg0, %[[DEN]] : {{.*}} -> !torch.vtensor<[1,5,3,3],f32>
// CHECK-NOT:     torch.operator
func.func @lrn(%x: !torch.vtensor<[1,5,3,3],f32>) -> !torch.vtensor<[1,5,3,3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.LRN"(%x) {torch.onnx.size = 4 : si64, torch.onnx.alpha = 2.0e-4 : f32, torch.onnx.beta = 0.5 : f32, torch.onnx.bias = 2.0 : f32} : (!torch.vtensor<[1,5,3,3],f32>) -> !torch.vtensor<[1,5,3,3],f32>
  return %0 : !torch.vtensor<[1,5,3,3],f32>
}

// -----

// LayerNormalization over the dims from axis 1 on, Mean and InvStdDev used:
// aten.native_layer_norm (which the middle end breaks down), its statistics
// over the dims kept.
// CHECK-LABEL: func.func @layer_norm
// CHECK-NOT:     torch.aten.mean.dim
// CHECK-DAG:     %[[EPS:.*]] = torch.constant.float 0.0010000000474974513
// CHECK-DAG:     %[[SHAPE:.*]] = torch.prim.ListConstruct %{{.*}}, %{{.*}} : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK:         %[[Y:[^ ,]+]], %[[MEAN:[^ ,]+]], %[[RSTD:[^ ,]+]] = torch.aten.native_layer_norm %arg0, %[[SHAPE]], %arg1, %arg2, %[[EPS]] : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.float -> !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,1,1],f32>, !torch.vtensor<[2,1,1],f32>
// CHECK:         return %[[Y]], %[[MEAN]], %[[RSTD]]
// CHECK-NOT:     torch.aten.rsqrt
func.func @layer_norm(%x: !torch.vtensor<[2,3,4],f32>, %scale: !torch.vtensor<[3,4],f32>, %bias: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,1,1],f32>, !torch.vtensor<[2,1,1],f32>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 17 : si64}} {
  %0:3 = torch.operator "onnx.LayerNormalization"(%x, %scale, %bias) {torch.onnx.axis = 1 : si64, torch.onnx.epsilon = 1.0e-3 : f32} : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,1,1],f32>, !torch.vtensor<[2,1,1],f32>)
  return %0#0, %0#1, %0#2 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,1,1],f32>, !torch.vtensor<[2,1,1],f32>
}

// -----

// LayerNormalization whose Mean and InvStdDev go unused (the default axis,
// the last): aten.layer_norm.
// CHECK-LABEL: func.func @layer_norm_y_only
// CHECK-NOT:     torch.aten.mean.dim
// CHECK:         %[[SHAPE:.*]] = torch.prim.ListConstruct %{{.*}} : (!torch.int) -> !torch.list<int>
// CHECK:         %[[Y:.*]] = torch.aten.layer_norm %arg0, %[[SHAPE]], %arg1, %arg2, %{{.*}}, %{{.*}} : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4],f32>
// CHECK:         return %[[Y]]
// CHECK-NOT:     torch.aten.native_layer_norm
func.func @layer_norm_y_only(%x: !torch.vtensor<[2,3,4],f32>, %scale: !torch.vtensor<[4],f32>, %bias: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 17 : si64}} {
  %0:3 = torch.operator "onnx.LayerNormalization"(%x, %scale, %bias) : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[2,3,1],f32>)
  return %0#0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// LayerNormalization whose Scale and B broadcast (one element each), which
// ATen's weight and bias do not: (x - mean) * rsqrt(var + epsilon), times
// Scale, plus B, written out.
// CHECK-LABEL: func.func @layer_norm_broadcast_scale
// CHECK:         %[[MEAN:.*]] = torch.aten.mean.dim %arg0, %{{.*}}, %true, %none {{.*}} -> !torch.vtensor<[2,3,1],f32>
// CHECK:         %[[CENTERED:.*]] = torch.aten.sub.Tensor %arg0, %[[MEAN]], %{{.*}} -> !torch.vtensor<[2,3,4],f32>
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[CENTERED]], %[[CENTERED]]
// CHECK:         %[[VAR:.*]] = torch.aten.mean.dim %[[SQ]], %{{.*}} -> !torch.vtensor<[2,3,1],f32>
// CHECK:         %[[SHIFTED:.*]] = torch.aten.add.Scalar %[[VAR]]
// CHECK:         %[[RSTD:.*]] = torch.aten.rsqrt %[[SHIFTED]] : !torch.vtensor<[2,3,1],f32> -> !torch.vtensor<[2,3,1],f32>
// CHECK:         %[[NORMED:.*]] = torch.aten.mul.Tensor %[[CENTERED]], %[[RSTD]]
// CHECK:         %[[SCALED:.*]] = torch.aten.mul.Tensor %[[NORMED]], %arg1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[1],f32> -> !torch.vtensor<[2,3,4],f32>
// CHECK:         %[[Y:.*]] = torch.aten.add.Tensor %[[SCALED]], %arg2, %{{.*}} -> !torch.vtensor<[2,3,4],f32>
// CHECK:         return %[[Y]]
// CHECK-NOT:     torch.aten.layer_norm
func.func @layer_norm_broadcast_scale(%x: !torch.vtensor<[2,3,4],f32>, %scale: !torch.vtensor<[1],f32>, %bias: !torch.vtensor<[1],f32>) -> !torch.vtensor<[2,3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 17 : si64}} {
  %0 = torch.operator "onnx.LayerNormalization"(%x, %scale, %bias) : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[1],f32>, !torch.vtensor<[1],f32>) -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// com.microsoft's SkipLayerNormalization: the sum x + skip + bias, then
// aten.layer_norm over the last dim with gamma and beta.
// CHECK-LABEL: func.func @skip_layer_norm
// CHECK:         %[[PARTIAL:.*]] = torch.aten.add.Tensor %arg0, %arg1, %{{.*}} -> !torch.vtensor<[2,3,8],f32>
// CHECK:         %[[SUM:.*]] = torch.aten.add.Tensor %[[PARTIAL]], %arg4, %{{.*}} -> !torch.vtensor<[2,3,8],f32>
// CHECK:         %[[Y:.*]] = torch.aten.layer_norm %[[SUM]], %{{.*}}, %arg2, %arg3, %{{.*}}, %{{.*}} : !torch.vtensor<[2,3,8],f32>, !torch.list<int>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,3,8],f32>
// CHECK:         return %[[Y]]
// CHECK-NOT:     torch.aten.mean.dim
func.func @skip_layer_norm(%x: !torch.vtensor<[2,3,8],f32>, %skip: !torch.vtensor<[2,3,8],f32>, %gamma: !torch.vtensor<[8],f32>, %beta: !torch.vtensor<[8],f32>, %bias: !torch.vtensor<[8],f32>) -> !torch.vtensor<[2,3,8],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 17 : si64, com.microsoft = 1 : si64}} {
  %0 = torch.operator "onnx.com.microsoft.SkipLayerNormalization"(%x, %skip, %gamma, %beta, %bias) {torch.onnx.epsilon = 9.99999974E-6 : f32} : (!torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>) -> !torch.vtensor<[2,3,8],f32>
  return %0 : !torch.vtensor<[2,3,8],f32>
}

// -----

// com.microsoft's SkipSimplifiedLayerNormalization: the sum's RMS
// normalization, s * rsqrt(mean(s^2) + epsilon) times gamma, written out
// (the middle end does not break aten.rms_norm down).
// CHECK-LABEL: func.func @skip_simplified_layer_norm
// CHECK:         %[[SUM:.*]] = torch.aten.add.Tensor %arg0, %arg1, %{{.*}} -> !torch.vtensor<[2,3,8],f32>
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[SUM]], %[[SUM]]
// CHECK:         %[[MS:.*]] = torch.aten.mean.dim %[[SQ]], %{{.*}} -> !torch.vtensor<[2,3,1],f32>
// CHECK:         %[[SHIFTED:.*]] = torch.aten.add.Scalar %[[MS]]
// CHECK:         %[[RMS:.*]] = torch.aten.rsqrt %[[SHIFTED]]
// CHECK:         %[[NORMED:.*]] = torch.aten.mul.Tensor %[[SUM]], %[[RMS]]
// CHECK:         %[[Y:.*]] = torch.aten.mul.Tensor %[[NORMED]], %arg2 : !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[8],f32> -> !torch.vtensor<[2,3,8],f32>
// CHECK:         return %[[Y]]
// CHECK-NOT:     torch.aten.rms_norm
func.func @skip_simplified_layer_norm(%x: !torch.vtensor<[2,3,8],f32>, %skip: !torch.vtensor<[2,3,8],f32>, %gamma: !torch.vtensor<[8],f32>) -> !torch.vtensor<[2,3,8],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 17 : si64, com.microsoft = 1 : si64}} {
  %0 = torch.operator "onnx.com.microsoft.SkipSimplifiedLayerNormalization"(%x, %skip, %gamma) {torch.onnx.epsilon = 9.99999997E-7 : f32} : (!torch.vtensor<[2,3,8],f32>, !torch.vtensor<[2,3,8],f32>, !torch.vtensor<[8],f32>) -> !torch.vtensor<[2,3,8],f32>
  return %0 : !torch.vtensor<[2,3,8],f32>
}

// -----

// LpNormalization, p = 1 along axis 0: x / sum(|x|), 0 where that norm is 0.
// CHECK-LABEL: func.func @lp_normalization_l1
// CHECK:         %[[ABS:.*]] = torch.aten.abs %arg0
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int0 :
// CHECK:         %[[NORM:.*]] = torch.aten.sum.dim_IntList %[[ABS]], %[[DIMS]], %true, %none {{.*}} -> !torch.vtensor<[1,5],f32>
// CHECK:         %[[ZERO:.*]] = torch.aten.eq.Scalar %[[NORM]], %{{.*}} -> !torch.vtensor<[1,5],i1>
// CHECK:         %[[DIV:.*]] = torch.aten.div.Tensor %arg0, %[[NORM]] : !torch.vtensor<[2,5],f32>, !torch.vtensor<[1,5],f32> -> !torch.vtensor<[2,5],f32>
// CHECK:         torch.aten.where.ScalarSelf %[[ZERO]], %{{.*}}, %[[DIV]] : {{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK-NOT:     torch.operator
func.func @lp_normalization_l1(%x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.LpNormalization"(%x) {torch.onnx.p = 1 : si64, torch.onnx.axis = 0 : si64} : (!torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// LpNormalization's defaults (p = 2, the last axis): the norm is the sqrt of
// the sum of squares.
// CHECK-LABEL: func.func @lp_normalization_l2
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %arg0, %arg0
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int1 :
// CHECK:         %[[SUM:.*]] = torch.aten.sum.dim_IntList %[[SQ]], %[[DIMS]], %true, %none {{.*}} -> !torch.vtensor<[2,1],f32>
// CHECK:         %[[NORM:.*]] = torch.aten.sqrt %[[SUM]]
// CHECK:         %[[ZERO:.*]] = torch.aten.eq.Scalar %[[NORM]]
// CHECK:         %[[DIV:.*]] = torch.aten.div.Tensor %arg0, %[[NORM]]
// CHECK:         torch.aten.where.ScalarSelf %[[ZERO]], %{{.*}}, %[[DIV]]
func.func @lp_normalization_l2(%x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.LpNormalization"(%x) : (!torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// LpPool (p = 3, kernel 3, stride 2): |x|^3 summed over each window by a
// convolution of ones over [N * C, 1, L], then the cube root.
// CHECK-LABEL: func.func @lp_pool
// CHECK:         %[[ABS:.*]] = torch.aten.abs %arg0
// CHECK-DAG:     %[[P:.*]] = torch.constant.float 3.000000e+00
// CHECK:         %[[POW:.*]] = torch.aten.pow.Tensor_Scalar %[[ABS]], %[[P]]
// CHECK:         %[[FLAT:.*]] = torch.aten.reshape %{{.*}} -> !torch.vtensor<[2,1,5],f32>
// CHECK:         %[[ONES:.*]] = torch.aten.ones %{{.*}} -> !torch.vtensor<[1,1,3],f32>
// CHECK:         %[[STRIDES:.*]] = torch.prim.ListConstruct %int2{{[_0-9]*}} :
// CHECK:         %[[SUM:.*]] = torch.aten.convolution %[[FLAT]], %[[ONES]], %{{.*}}, %[[STRIDES]], {{.*}} -> !torch.vtensor<[2,1,2],f32>
// CHECK:         %[[BACK:.*]] = torch.aten.reshape %[[SUM]], %{{.*}} -> !torch.vtensor<[1,2,2],f32>
// CHECK-DAG:     %[[THIRD:.*]] = torch.constant.float 0.33333333333333331
// CHECK:         torch.aten.pow.Tensor_Scalar %[[BACK]], %[[THIRD]] : {{.*}} -> !torch.vtensor<[1,2,2],f32>
// CHECK-NOT:     torch.operator
func.func @lp_pool(%x: !torch.vtensor<[1,2,5],f32>) -> !torch.vtensor<[1,2,2],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0 = torch.operator "onnx.LpPool"(%x) {torch.onnx.kernel_shape = [3 : si64], torch.onnx.strides = [2 : si64], torch.onnx.p = 3 : si64} : (!torch.vtensor<[1,2,5],f32>) -> !torch.vtensor<[1,2,2],f32>
  return %0 : !torch.vtensor<[1,2,2],f32>
}

// -----

// MatMulInteger: A and B less their zero points (B's per column), as f64,
// one mm, then int32.
// CHECK-LABEL: func.func @matmul_integer
// CHECK:         %[[AF:.*]] = torch.aten.to.dtype %arg0, %int7{{.*}} -> !torch.vtensor<[3,4],f64>
// CHECK:         %[[AZ:.*]] = torch.aten.to.dtype %arg2, %int7{{.*}} -> !torch.vtensor<[],f64>
// CHECK:         %[[A:.*]] = torch.aten.sub.Tensor %[[AF]], %[[AZ]], %{{.*}} -> !torch.vtensor<[3,4],f64>
// CHECK:         %[[BF:.*]] = torch.aten.to.dtype %arg1, %int7{{.*}} -> !torch.vtensor<[4,5],f64>
// CHECK:         %[[BZ:.*]] = torch.aten.to.dtype %arg3, %int7{{.*}} -> !torch.vtensor<[5],f64>
// CHECK:         %[[B:.*]] = torch.aten.sub.Tensor %[[BF]], %[[BZ]], %{{.*}} : !torch.vtensor<[4,5],f64>, !torch.vtensor<[5],f64>, !torch.int -> !torch.vtensor<[4,5],f64>
// CHECK:         %[[C:.*]] = torch.aten.mm %[[A]], %[[B]] : !torch.vtensor<[3,4],f64>, !torch.vtensor<[4,5],f64> -> !torch.vtensor<[3,5],f64>
// CHECK:         %[[R:.*]] = torch.aten.reshape %[[C]]
// CHECK:         torch.aten.to.dtype %[[R]], %int3{{.*}} -> !torch.vtensor<[3,5],si32>
// CHECK-NOT:     torch.operator
func.func @matmul_integer(%a: !torch.vtensor<[3,4],ui8>, %b: !torch.vtensor<[4,5],ui8>, %az: !torch.vtensor<[],ui8>, %bz: !torch.vtensor<[5],ui8>) -> !torch.vtensor<[3,5],si32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 10 : si64}} {
  %0 = torch.operator "onnx.MatMulInteger"(%a, %b, %az, %bz) : (!torch.vtensor<[3,4],ui8>, !torch.vtensor<[4,5],ui8>, !torch.vtensor<[],ui8>, !torch.vtensor<[5],ui8>) -> !torch.vtensor<[3,5],si32>
  return %0 : !torch.vtensor<[3,5],si32>
}

// -----

// MaxPool with symmetric pads: max_pool2d with ONNX's kernel, strides and
// the begins as ATen's padding.
// CHECK-LABEL: func.func @max_pool
// CHECK:         %[[KERNEL:.*]] = torch.prim.ListConstruct %int3, %int3{{[_0-9]*}} :
// CHECK:         %[[STRIDES:.*]] = torch.prim.ListConstruct %int2, %int2{{[_0-9]*}} :
// CHECK:         %[[PADS:.*]] = torch.prim.ListConstruct %int1, %int0 :
// CHECK:         torch.aten.max_pool2d %arg0, %[[KERNEL]], %[[STRIDES]], %[[PADS]], %{{.*}}, %false : {{.*}} -> !torch.vtensor<[1,1,3,2],f32>
// CHECK-NOT:     torch.aten.constant_pad_nd
// CHECK-NOT:     torch.operator
func.func @max_pool(%x: !torch.vtensor<[1,1,5,5],f32>) -> !torch.vtensor<[1,1,3,2],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 12 : si64}} {
  %0 = torch.operator "onnx.MaxPool"(%x) {torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.strides = [2 : si64, 2 : si64], torch.onnx.pads = [1 : si64, 0 : si64, 1 : si64, 0 : si64]} : (!torch.vtensor<[1,1,5,5],f32>) -> !torch.vtensor<[1,1,3,2],f32>
  return %0 : !torch.vtensor<[1,1,3,2],f32>
}

// -----

// MaxPool with auto_pad SAME_UPPER (kernel 2 on 5: one pad, at the end):
// padded with -inf first, then max_pool2d with no padding of its own.
// CHECK-LABEL: func.func @max_pool_same_upper
// CHECK:         %[[PADS:.*]] = torch.prim.ListConstruct %int0, %int1, %int0{{[_0-9]*}}, %int1{{[_0-9]*}} :
// CHECK:         %[[NEGINF:.*]] = torch.constant.float 0xFFF0000000000000
// CHECK:         %[[PADDED:.*]] = torch.aten.constant_pad_nd %arg0, %[[PADS]], %[[NEGINF]] : {{.*}} -> !torch.vtensor<[1,1,6,6],f32>
// CHECK:         torch.aten.max_pool2d %[[PADDED]], {{.*}} -> !torch.vtensor<[1,1,5,5],f32>
// CHECK-NOT:     torch.operator
func.func @max_pool_same_upper(%x: !torch.vtensor<[1,1,5,5],f32>) -> !torch.vtensor<[1,1,5,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 12 : si64}} {
  %0 = torch.operator "onnx.MaxPool"(%x) {torch.onnx.kernel_shape = [2 : si64, 2 : si64], torch.onnx.auto_pad = "SAME_UPPER"} : (!torch.vtensor<[1,1,5,5],f32>) -> !torch.vtensor<[1,1,5,5],f32>
  return %0 : !torch.vtensor<[1,1,5,5],f32>
}

// -----

// QLinearConv with per-channel w_scale and w_zero_point: exact convolution
// in f64 of the integers less their zero points (w's shaped [2,1,1,1]), B
// as its bias; then times x_scale * w_scale / y_scale ([2] shaped [2,1,1]
// along the result's channels), plus y_zero_point, rounded, clamped to ui8.
// CHECK-LABEL: func.func @qlinear_conv_per_channel
// CHECK:         %[[WZ:.*]] = torch.aten.reshape %arg5, %{{.*}} -> !torch.vtensor<[2,1,1,1],si8>
// CHECK:         %[[BIAS:.*]] = torch.aten.to.dtype %arg8, %int7{{.*}} -> !torch.vtensor<[2],f64>
// CHECK:         %[[X:.*]] = torch.aten.sub.Tensor %{{.*}} -> !torch.vtensor<[1,1,4,4],f64>
// CHECK:         %[[W:.*]] = torch.aten.sub.Tensor %{{.*}} : !torch.vtensor<[2,1,3,3],f64>, !torch.vtensor<[2,1,1,1],f64>, !torch.int -> !torch.vtensor<[2,1,3,3],f64>
// CHECK:         %[[ACC:.*]] = torch.aten.convolution %[[X]], %[[W]], %[[BIAS]], {{.*}} -> !torch.vtensor<[1,2,2,2],f64>
// CHECK:         %[[XW:.*]] = torch.aten.mul.Tensor %arg1, %arg4 : !torch.vtensor<[],f32>, !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
// CHECK:         %[[M:.*]] = torch.aten.div.Tensor %[[XW]], %arg6 : !torch.vtensor<[2],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[2],f32>
// CHECK:         %[[M64:.*]] = torch.aten.to.dtype %[[M]], %int7{{.*}} -> !torch.vtensor<[2],f64>
// CHECK:         %[[MC:.*]] = torch.aten.reshape %[[M64]], %{{.*}} -> !torch.vtensor<[2,1,1],f64>
// CHECK:         %[[Y:.*]] = torch.aten.mul.Tensor %[[ACC]], %[[MC]] : !torch.vtensor<[1,2,2,2],f64>, !torch.vtensor<[2,1,1],f64> -> !torch.vtensor<[1,2,2,2],f64>
// CHECK:         %[[YZ:.*]] = torch.aten.to.dtype %arg7, %int7{{.*}} -> !torch.vtensor<[],f64>
// CHECK:         %[[SHIFTED:.*]] = torch.aten.add.Tensor %[[Y]], %[[YZ]]
// CHECK:         %[[ROUNDED:.*]] = torch.aten.round %[[SHIFTED]]
// CHECK-DAG:     %[[LO:.*]] = torch.constant.float 0.000000e+00
// CHECK-DAG:     %[[HI:.*]] = torch.constant.float 2.550000e+02
// CHECK:         %[[CLAMPED:.*]] = torch.aten.clamp %[[ROUNDED]], %[[LO]], %[[HI]]
// CHECK:         torch.aten.to.dtype %[[CLAMPED]], %int0{{.*}} -> !torch.vtensor<[1,2,2,2],ui8>
// CHECK-NOT:     torch.operator
func.func @qlinear_conv_per_channel(%x: !torch.vtensor<[1,1,4,4],ui8>, %xs: !torch.vtensor<[],f32>, %xz: !torch.vtensor<[],ui8>, %w: !torch.vtensor<[2,1,3,3],si8>, %ws: !torch.vtensor<[2],f32>, %wz: !torch.vtensor<[2],si8>, %ys: !torch.vtensor<[],f32>, %yz: !torch.vtensor<[],ui8>, %b: !torch.vtensor<[2],si32>) -> !torch.vtensor<[1,2,2,2],ui8>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 10 : si64}} {
  %0 = torch.operator "onnx.QLinearConv"(%x, %xs, %xz, %w, %ws, %wz, %ys, %yz, %b) : (!torch.vtensor<[1,1,4,4],ui8>, !torch.vtensor<[],f32>, !torch.vtensor<[],ui8>, !torch.vtensor<[2,1,3,3],si8>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],si8>, !torch.vtensor<[],f32>, !torch.vtensor<[],ui8>, !torch.vtensor<[2],si32>) -> !torch.vtensor<[1,2,2,2],ui8>
  return %0 : !torch.vtensor<[1,2,2,2],ui8>
}

// -----

// Upsample (opset 9, scales an operand), nearest: per resized axis the
// source positions floor(x / scale), clamped into the input, by index_select;
// the axes of scale 1 are left alone.
// CHECK-LABEL: func.func @upsample_nearest
// CHECK-NOT:     torch.aten.index_select %arg0, %int0
// CHECK:         %[[S2:.*]] = torch.vtensor.literal(dense<2.000000e+00> : tensor<1xf64>)
// CHECK:         %[[IOTA:.*]] = torch.vtensor.literal(dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<4xf64>)
// CHECK:         %[[C:.*]] = torch.aten.div.Tensor %[[IOTA]], %[[S2]]
// CHECK:         %[[F:.*]] = torch.aten.floor %[[C]]
// CHECK:         %[[I:.*]] = torch.aten.to.dtype %[[F]], %int4{{.*}} -> !torch.vtensor<[4],si64>
// CHECK:         %[[CI:.*]] = torch.aten.clamp %[[I]], %int0{{[_0-9]*}}, %int1{{[_0-9]*}} :
// CHECK:         %[[H:.*]] = torch.aten.index_select %arg0, %int2{{[_0-9]*}}, %[[CI]] : !torch.vtensor<[1,1,2,3],f32>, !torch.int, !torch.vtensor<[4],si64> -> !torch.vtensor<[1,1,4,3],f32>
// CHECK:         torch.aten.index_select %[[H]], %int3{{[_0-9]*}}, %{{.*}} : !torch.vtensor<[1,1,4,3],f32>, !torch.int, !torch.vtensor<[6],si64> -> !torch.vtensor<[1,1,4,6],f32>
// CHECK-NOT:     torch.operator
func.func @upsample_nearest(%x: !torch.vtensor<[1,1,2,3],f32>) -> !torch.vtensor<[1,1,4,6],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 9 : si64}} {
  %scales = torch.vtensor.literal(dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %0 = torch.operator "onnx.Upsample"(%x, %scales) : (!torch.vtensor<[1,1,2,3],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[1,1,4,6],f32>
  return %0 : !torch.vtensor<[1,1,4,6],f32>
}

// -----

// Upsample (opset 7, scales an attribute), linear: the two neighbours
// (floor and floor + 1, clamped) blended by the fraction.
// CHECK-LABEL: func.func @upsample_linear
// CHECK:         %[[C:.*]] = torch.aten.div.Tensor {{.*}} -> !torch.vtensor<[6],f64>
// CHECK:         %[[LOW:.*]] = torch.aten.floor %[[C]]
// CHECK:         %[[FRAC:.*]] = torch.aten.sub.Tensor %[[C]], %[[LOW]]
// CHECK:         %[[A:.*]] = torch.aten.index_select %arg0, %int1{{[_0-9]*}}, %{{.*}} -> !torch.vtensor<[1,6],f32>
// CHECK:         %[[B:.*]] = torch.aten.index_select %arg0, %int1{{[_0-9]*}}, %{{.*}} -> !torch.vtensor<[1,6],f32>
// CHECK:         %[[W:.*]] = torch.aten.reshape %[[FRAC]], %{{.*}} -> !torch.vtensor<[1,6],f64>
// CHECK:         %[[WF:.*]] = torch.aten.to.dtype %[[W]], %int6{{.*}} -> !torch.vtensor<[1,6],f32>
// CHECK:         %[[DIFF:.*]] = torch.aten.sub.Tensor %[[B]], %[[A]]
// CHECK:         %[[STEP:.*]] = torch.aten.mul.Tensor %[[DIFF]], %[[WF]]
// CHECK:         torch.aten.add.Tensor %[[A]], %[[STEP]], %{{.*}} -> !torch.vtensor<[1,6],f32>
func.func @upsample_linear(%x: !torch.vtensor<[1,3],f32>) -> !torch.vtensor<[1,6],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 7 : si64}} {
  %0 = torch.operator "onnx.Upsample"(%x) {torch.onnx.mode = "linear", torch.onnx.scales = [1.0 : f32, 2.0 : f32]} : (!torch.vtensor<[1,3],f32>) -> !torch.vtensor<[1,6],f32>
  return %0 : !torch.vtensor<[1,6],f32>
}
