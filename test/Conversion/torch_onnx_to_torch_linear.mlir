// convert-torch-onnx-to-torch: MatMul, Gemm, Conv, pooling, Resize.
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
