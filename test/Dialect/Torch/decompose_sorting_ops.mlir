// torch-decompose-complex-ops on sorting and searching: argsort, kthvalue
// and median take a stable sort; bucketize and searchsorted count the
// boundaries below each element.
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @argsort(
// CHECK:         %[[V:.*]], %[[I:.*]] = torch.aten.sort.stable %{{.*}}, %true, %int-1, %true
// CHECK:         return %[[I]]
func.func @argsort(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],si64> {
  %int-1 = torch.constant.int -1
  %true = torch.constant.bool true
  %0 = torch.aten.argsort %x, %int-1, %true : !torch.vtensor<[3,4],f32>, !torch.int, !torch.bool -> !torch.vtensor<[3,4],si64>
  return %0 : !torch.vtensor<[3,4],si64>
}

// -----

// kthvalue: the (k-1)-th of the sorted values and indices, dim squeezed.
// CHECK-LABEL: func.func @kthvalue(
// CHECK:         %[[V:.*]], %[[I:.*]] = torch.aten.sort.stable %{{.*}}, %true, %int1, %false
// CHECK:         %[[A:.*]] = torch.aten.slice.Tensor %[[V]], %int1, %int1, %int2, %int1
// CHECK:         torch.aten.squeeze.dim %[[A]], %int1 {{.*}} -> !torch.vtensor<[3],f32>
// CHECK:         %[[B:.*]] = torch.aten.slice.Tensor %[[I]], %int1, %int1, %int2, %int1
// CHECK:         torch.aten.squeeze.dim %[[B]], %int1 {{.*}} -> !torch.vtensor<[3],si64>
func.func @kthvalue(%x: !torch.vtensor<[3,5],f32>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %0:2 = torch.aten.kthvalue %x, %int2, %int1, %false : !torch.vtensor<[3,5],f32>, !torch.int, !torch.int, !torch.bool -> !torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>
  return %0#0, %0#1 : !torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>
}

// -----

// median.dim, an operator: n = 4, so the 2nd smallest, kept.
// CHECK-LABEL: func.func @median(
// CHECK:         torch.aten.sort.stable
// CHECK:         torch.aten.slice.Tensor %{{.*}}, %int0, %int1, %int2, %int1{{.*}} -> !torch.vtensor<[1,3],f32>
// CHECK-NOT:     torch.operator
func.func @median(%x: !torch.vtensor<[4,3],f32>) -> (!torch.vtensor<[1,3],f32>, !torch.vtensor<[1,3],si64>) {
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %0:2 = torch.operator "aten.median.dim"(%x, %int0, %true) : (!torch.vtensor<[4,3],f32>, !torch.int, !torch.bool) -> (!torch.vtensor<[1,3],f32>, !torch.vtensor<[1,3],si64>)
  return %0#0, %0#1 : !torch.vtensor<[1,3],f32>, !torch.vtensor<[1,3],si64>
}

// -----

// bucketize, right: boundaries <= x, counted along a new last dim.
// CHECK-LABEL: func.func @bucketize(
// CHECK:         %[[C:.*]] = torch.aten.unsqueeze %{{.*}}, %int-1 {{.*}} -> !torch.vtensor<[2,3,1],f32>
// CHECK:         %[[M:.*]] = torch.aten.le.Tensor %{{.*}}, %[[C]] {{.*}} -> !torch.vtensor<[2,3,5],i1>
// CHECK:         %[[N:.*]] = torch.aten.to.dtype %[[M]], %int3{{.*}} -> !torch.vtensor<[2,3,5],si32>
// CHECK:         torch.aten.sum.dim_IntList %[[N]], {{.*}} -> !torch.vtensor<[2,3],si32>
func.func @bucketize(%x: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[5],f32>) -> !torch.vtensor<[2,3],si32> {
  %true = torch.constant.bool true
  %0 = torch.aten.bucketize.Tensor %x, %b, %true, %true : !torch.vtensor<[2,3],f32>, !torch.vtensor<[5],f32>, !torch.bool, !torch.bool -> !torch.vtensor<[2,3],si32>
  return %0 : !torch.vtensor<[2,3],si32>
}
