// torch-decompose-complex-ops on gradient ops: elementwise derivatives,
// softmax's, convolution's (a transposed convolution and a convolution),
// max pooling's (a scatter-add through the indices).
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops -split-input-file | FileCheck %s

// threshold_backward: grad where x > threshold, else 0.
// CHECK-LABEL: func.func @threshold_backward(
// CHECK:         %[[C:.*]] = torch.aten.gt.Scalar %arg1, %float2.500000e-01
// CHECK:         %[[R:.*]] = torch.aten.where.ScalarOther %[[C]], %arg0, %float0.000000e00
// CHECK:         return %[[R]]
func.func @threshold_backward(%g: !torch.vtensor<[3,4],f32>, %x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %t = torch.constant.float 2.500000e-01
  %0 = torch.aten.threshold_backward %g, %x, %t : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.float -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// _softmax_backward_data(grad, y): y * (grad - sum(grad * y, dim, keepdim)).
// CHECK-LABEL: func.func @softmax_backward(
// CHECK:         %[[P:.*]] = torch.aten.mul.Tensor %arg0, %arg1
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[P]], %{{.*}}, %true, %none {{.*}} -> !torch.vtensor<[3,1],f32>
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %arg0, %[[S]]
// CHECK:         %[[R:.*]] = torch.aten.mul.Tensor %arg1, %[[D]]
// CHECK:         return %[[R]]
func.func @softmax_backward(%g: !torch.vtensor<[3,4],f32>, %y: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int1 = torch.constant.int 1
  %int6 = torch.constant.int 6
  %0 = torch.aten._softmax_backward_data %g, %y, %int1, %int6 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// convolution_backward, stride 2, padding 1: the input's gradient is the
// transposed convolution (no padding: [1,2,9,9]) cropped by 1 in front and
// to 8 at the back (two slices); the weight's a convolution of input^T by grad^T with
// stride 1 and dilation 2, cut from 4x4 to the 3x3 kernel; the bias's a sum.
// CHECK-LABEL: func.func @convolution_backward(
// CHECK:         %[[T:.*]] = torch.aten.convolution %arg0, %arg2, %none, {{.*}}, %true, {{.*}} -> !torch.vtensor<[1,2,9,9],f32>
// CHECK:         %[[T1:.*]] = torch.aten.slice.Tensor %[[T]], %int3, %int1, %int9, %int1
// CHECK:         %[[GI:.*]] = torch.aten.slice.Tensor %[[T1]], %int2, %int1, %int9, %int1 {{.*}} -> !torch.vtensor<[1,2,8,8],f32>
// CHECK-NOT:     torch.aten.constant_pad_nd
// CHECK:         %[[XT:.*]] = torch.aten.transpose.int %arg1, %int0, %int1 {{.*}} -> !torch.vtensor<[2,1,8,8],f32>
// CHECK:         %[[GT:.*]] = torch.aten.transpose.int %arg0, %int0, %int1 {{.*}} -> !torch.vtensor<[3,1,4,4],f32>
// CHECK:         %[[C:.*]] = torch.aten.convolution %[[XT]], %[[GT]], %none, {{.*}}, %false, {{.*}} -> !torch.vtensor<[2,3,4,4],f32>
// CHECK:         torch.aten.slice.Tensor %[[C]], %int2, %int0, %int3, %int1
// CHECK:         %[[W:.*]] = torch.aten.slice.Tensor %{{.*}}, %int3, %int0, %int3, %int1
// CHECK:         %[[GW:.*]] = torch.aten.transpose.int %[[W]], %int0, %int1 {{.*}} -> !torch.vtensor<[3,2,3,3],f32>
// CHECK:         %[[GB:.*]] = torch.aten.sum.dim_IntList %arg0, {{.*}} -> !torch.vtensor<[3],f32>
// CHECK:         return %[[GI]], %[[GW]], %[[GB]]
func.func @convolution_backward(%g: !torch.vtensor<[1,3,4,4],f32>, %x: !torch.vtensor<[1,2,8,8],f32>, %w: !torch.vtensor<[3,2,3,3],f32>) -> (!torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.vtensor<[3],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %bias = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %stride = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %padding = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %dilation = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %outpad = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %mask = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.convolution_backward %g, %x, %w, %bias, %stride, %padding, %dilation, %false, %outpad, %int1, %mask : !torch.vtensor<[1,3,4,4],f32>, !torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.vtensor<[3],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[1,2,8,8],f32>, !torch.vtensor<[3,2,3,3],f32>, !torch.vtensor<[3],f32>
}

// -----

// A grouped convolution's gradient is not decomposed (yet): it stays.
// CHECK-LABEL: func.func @grouped_convolution_backward(
// CHECK:         torch.aten.convolution_backward
func.func @grouped_convolution_backward(%g: !torch.vtensor<[1,4,4,4],f32>, %x: !torch.vtensor<[1,4,6,6],f32>, %w: !torch.vtensor<[4,2,3,3],f32>) -> !torch.vtensor<[1,4,6,6],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %mask = torch.prim.ListConstruct %true, %false, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %0:3 = torch.aten.convolution_backward %g, %x, %w, %none, %ones, %zeros, %ones, %false, %zeros, %int2, %mask : !torch.vtensor<[1,4,4,4],f32>, !torch.vtensor<[1,4,6,6],f32>, !torch.vtensor<[4,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,4,6,6],f32>, !torch.none, !torch.none
  return %0#0 : !torch.vtensor<[1,4,6,6],f32>
}

// -----

// max_pool2d_with_indices_backward: grad added into zeros at the indices,
// over the flattened spatial dims.
// CHECK-LABEL: func.func @max_pool2d_backward(
// CHECK:         %[[Z:.*]] = torch.aten.zeros_like %arg1
// CHECK:         %[[ZF:.*]] = torch.aten.flatten.using_ints %[[Z]], %int2, %int3 {{.*}} -> !torch.vtensor<[1,2,16],f32>
// CHECK:         %[[I:.*]] = torch.aten.flatten.using_ints %arg2, %int2, %int3 {{.*}} -> !torch.vtensor<[1,2,4],si64>
// CHECK:         %[[G:.*]] = torch.aten.flatten.using_ints %arg0, %int2, %int3 {{.*}} -> !torch.vtensor<[1,2,4],f32>
// CHECK:         %[[S:.*]] = torch.aten.scatter_add %[[ZF]], %int2, %[[I]], %[[G]]
// CHECK:         torch.aten.view %[[S]]
func.func @max_pool2d_backward(%g: !torch.vtensor<[1,2,2,2],f32>, %x: !torch.vtensor<[1,2,4,4],f32>, %i: !torch.vtensor<[1,2,2,2],si64>) -> !torch.vtensor<[1,2,4,4],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.max_pool2d_with_indices_backward %g, %x, %k, %k, %p, %d, %false, %i : !torch.vtensor<[1,2,2,2],f32>, !torch.vtensor<[1,2,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.vtensor<[1,2,2,2],si64> -> !torch.vtensor<[1,2,4,4],f32>
  return %0 : !torch.vtensor<[1,2,4,4],f32>
}
