// torch-decompose-complex-ops on normalizations: batch_norm outside
// training (from the running statistics), instance_norm (from the input's
// own, per [N, C] slice), native_layer_norm (its mean and rstd returned too),
// each followed by the per-channel or per-element affine.
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops -split-input-file | FileCheck %s

// batch_norm outside training: (x - mean) * rsqrt(var + eps) * w + b, each
// [C] tensor viewed as [1, C, 1, 1]; a dynamic batch dim.
// CHECK-LABEL: func.func @batch_norm(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,3,4,5],f32>, %[[W:.*]]: !torch.vtensor<[3],f32>, %[[B:.*]]: !torch.vtensor<[3],f32>, %[[M:.*]]: !torch.vtensor<[3],f32>, %[[V:.*]]: !torch.vtensor<[3],f32>)
// CHECK:         %[[EPS:.*]] = torch.constant.float 1.000000e-05
// CHECK:         %[[VV:.*]] = torch.aten.view %[[V]], %{{.*}} -> !torch.vtensor<[1,3,1,1],f32>
// CHECK:         %[[VE:.*]] = torch.aten.add.Scalar %[[VV]], %[[EPS]], %int1
// CHECK:         %[[RS:.*]] = torch.aten.rsqrt %[[VE]]
// CHECK:         %[[MV:.*]] = torch.aten.view %[[M]], %{{.*}} -> !torch.vtensor<[1,3,1,1],f32>
// CHECK:         %[[C:.*]] = torch.aten.sub.Tensor %[[X]], %[[MV]], %int1 : {{.*}} -> !torch.vtensor<[?,3,4,5],f32>
// CHECK:         %[[N:.*]] = torch.aten.mul.Tensor %[[C]], %[[RS]]
// CHECK:         %[[WV:.*]] = torch.aten.view %[[W]], %{{.*}} -> !torch.vtensor<[1,3,1,1],f32>
// CHECK:         %[[NW:.*]] = torch.aten.mul.Tensor %[[N]], %[[WV]]
// CHECK:         %[[BV:.*]] = torch.aten.view %[[B]], %{{.*}} -> !torch.vtensor<[1,3,1,1],f32>
// CHECK:         %[[R:.*]] = torch.aten.add.Tensor %[[NW]], %[[BV]], %int1 : {{.*}} -> !torch.vtensor<[?,3,4,5],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.batch_norm
func.func @batch_norm(%x: !torch.vtensor<[?,3,4,5],f32>, %w: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>, %m: !torch.vtensor<[3],f32>, %v: !torch.vtensor<[3],f32>) -> !torch.vtensor<[?,3,4,5],f32> {
  %false = torch.constant.bool false
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0 = torch.aten.batch_norm %x, %w, %b, %m, %v, %false, %mom, %eps, %false : !torch.vtensor<[?,3,4,5],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[?,3,4,5],f32>
  return %0 : !torch.vtensor<[?,3,4,5],f32>
}

// -----

// A result that knows more than the input (Dynamo proved the planes are 1
// where the input's type says `?`): the arithmetic has the result's type.
// CHECK-LABEL: func.func @batch_norm_refined_result(
// CHECK:         torch.aten.sub.Tensor {{.*}} -> !torch.vtensor<[?,3,1,1],f32>
// CHECK:         %[[R:.*]] = torch.aten.mul.Tensor {{.*}} -> !torch.vtensor<[?,3,1,1],f32>
// CHECK:         return %[[R]]
func.func @batch_norm_refined_result(%x: !torch.vtensor<[?,3,?,?],f32>, %m: !torch.vtensor<[3],f32>, %v: !torch.vtensor<[3],f32>) -> !torch.vtensor<[?,3,1,1],f32> {
  %false = torch.constant.bool false
  %none = torch.constant.none
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0 = torch.aten.batch_norm %x, %none, %none, %m, %v, %false, %mom, %eps, %false : !torch.vtensor<[?,3,?,?],f32>, !torch.none, !torch.none, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[?,3,1,1],f32>
  return %0 : !torch.vtensor<[?,3,1,1],f32>
}

// -----

// batch_norm in training (batch statistics, running ones updated) stays.
// CHECK-LABEL: func.func @batch_norm_training(
// CHECK:         torch.aten.batch_norm
// CHECK-NOT:     torch.aten.rsqrt
func.func @batch_norm_training(%x: !torch.vtensor<[2,3],f32>, %m: !torch.vtensor<[3],f32>, %v: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3],f32> {
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0 = torch.aten.batch_norm %x, %none, %none, %m, %v, %true, %mom, %eps, %false : !torch.vtensor<[2,3],f32>, !torch.none, !torch.none, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// instance_norm from the input's statistics: each [N, C] slice normalized
// over the spatial dims [2, 3] (biased variance), then w and b as
// [1, C, 1, 1].
// CHECK-LABEL: func.func @instance_norm(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3,4,5],f32>, %[[W:.*]]: !torch.vtensor<[3],f32>, %[[B:.*]]: !torch.vtensor<[3],f32>)
// CHECK:         %[[D:.*]] = torch.prim.ListConstruct %int2, %int3
// CHECK:         %[[MEAN:.*]] = torch.aten.mean.dim %[[X]], %[[D]], %true, %none : {{.*}} -> !torch.vtensor<[2,3,1,1],f32>
// CHECK:         %[[C:.*]] = torch.aten.sub.Tensor %[[X]], %[[MEAN]], %int1
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[C]], %[[C]]
// CHECK:         %[[VAR:.*]] = torch.aten.mean.dim %[[SQ]], %[[D]], %true, %none : {{.*}} -> !torch.vtensor<[2,3,1,1],f32>
// CHECK:         %[[VE:.*]] = torch.aten.add.Scalar %[[VAR]], %float1.000000e-05, %int1
// CHECK:         %[[RS:.*]] = torch.aten.rsqrt %[[VE]]
// CHECK:         %[[N:.*]] = torch.aten.mul.Tensor %[[C]], %[[RS]]
// CHECK:         %[[WV:.*]] = torch.aten.view %[[W]], %{{.*}} -> !torch.vtensor<[1,3,1,1],f32>
// CHECK:         %[[NW:.*]] = torch.aten.mul.Tensor %[[N]], %[[WV]]
// CHECK:         %[[BV:.*]] = torch.aten.view %[[B]], %{{.*}} -> !torch.vtensor<[1,3,1,1],f32>
// CHECK:         %[[R:.*]] = torch.aten.add.Tensor %[[NW]], %[[BV]], %int1
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.instance_norm
func.func @instance_norm(%x: !torch.vtensor<[2,3,4,5],f32>, %w: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4,5],f32> {
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %mom = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %0 = torch.aten.instance_norm %x, %w, %b, %none, %none, %true, %mom, %eps, %false : !torch.vtensor<[2,3,4,5],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,3,4,5],f32>
  return %0 : !torch.vtensor<[2,3,4,5],f32>
}

// -----

// native_layer_norm over the last two dims ([3, 4]), weight, no bias:
// (normalized * w, mean, rsqrt(var + eps)), the statistics [2, 1, 1].
// CHECK-LABEL: func.func @native_layer_norm(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3,4],f32>, %[[W:.*]]: !torch.vtensor<[3,4],f32>)
// CHECK:         %[[D:.*]] = torch.prim.ListConstruct %int1, %int2
// CHECK:         %[[MEAN:.*]] = torch.aten.mean.dim %[[X]], %[[D]], %true, %none : {{.*}} -> !torch.vtensor<[2,1,1],f32>
// CHECK:         %[[C:.*]] = torch.aten.sub.Tensor %[[X]], %[[MEAN]], %int1
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[C]], %[[C]]
// CHECK:         %[[VAR:.*]] = torch.aten.mean.dim %[[SQ]], %[[D]], %true, %none
// CHECK:         %[[VE:.*]] = torch.aten.add.Scalar %[[VAR]], %float1.000000e-05, %int1
// CHECK:         %[[RS:.*]] = torch.aten.rsqrt %[[VE]] : {{.*}} -> !torch.vtensor<[2,1,1],f32>
// CHECK:         %[[N:.*]] = torch.aten.mul.Tensor %[[C]], %[[RS]]
// CHECK:         %[[R:.*]] = torch.aten.mul.Tensor %[[N]], %[[W]] : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3,4],f32>
// CHECK-NOT:     torch.aten.add.Tensor
// CHECK:         return %[[R]], %[[MEAN]], %[[RS]]
// CHECK-NOT:     torch.aten.native_layer_norm
func.func @native_layer_norm(%x: !torch.vtensor<[2,3,4],f32>, %w: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,1,1],f32>, !torch.vtensor<[2,1,1],f32>) {
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %none = torch.constant.none
  %eps = torch.constant.float 1.000000e-05
  %shape = torch.prim.ListConstruct %int3, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %0:3 = torch.aten.native_layer_norm %x, %shape, %w, %none, %eps : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.vtensor<[3,4],f32>, !torch.none, !torch.float -> !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,1,1],f32>, !torch.vtensor<[2,1,1],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,1,1],f32>, !torch.vtensor<[2,1,1],f32>
}
