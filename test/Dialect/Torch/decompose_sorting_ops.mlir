// torch-decompose-complex-ops on sorting and searching: argsort, kthvalue
// and median take a stable sort; bucketize and searchsorted count the
// boundaries below each element; histc counts each element's bin.
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

// -----

// searchsorted.Tensor, an operator, on a 1-D sequence: for each x, how many
// of the sequence are < x (left); with side "right" how many are <= x, as
// si32 (out_int32).
// CHECK-LABEL: func.func @searchsorted(
// CHECK-SAME:      %[[S:.*]]: !torch.vtensor<[5],f32>, %[[X:.*]]: !torch.vtensor<[2,3],f32>)
// CHECK:         %[[C:.*]] = torch.aten.unsqueeze %[[X]], %int-1 : {{.*}} -> !torch.vtensor<[2,3,1],f32>
// CHECK:         %[[LT:.*]] = torch.aten.lt.Tensor %[[S]], %[[C]] : {{.*}} -> !torch.vtensor<[2,3,5],i1>
// CHECK:         %[[N:.*]] = torch.aten.to.dtype %[[LT]], %int4, {{.*}} -> !torch.vtensor<[2,3,5],si64>
// CHECK:         %[[R0:.*]] = torch.aten.sum.dim_IntList %[[N]], %{{.*}}, %false, %none : {{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK:         %[[C1:.*]] = torch.aten.unsqueeze %[[X]], %int-1
// CHECK:         %[[LE:.*]] = torch.aten.le.Tensor %[[S]], %[[C1]] : {{.*}} -> !torch.vtensor<[2,3,5],i1>
// CHECK:         %[[N1:.*]] = torch.aten.to.dtype %[[LE]], %int3, {{.*}} -> !torch.vtensor<[2,3,5],si32>
// CHECK:         %[[R1:.*]] = torch.aten.sum.dim_IntList %[[N1]], %{{.*}}, %false, %none : {{.*}} -> !torch.vtensor<[2,3],si32>
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.operator
func.func @searchsorted(%s: !torch.vtensor<[5],f32>, %x: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],si32>) {
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %right = torch.constant.str "right"
  %0 = torch.operator "aten.searchsorted.Tensor"(%s, %x, %false, %false, %none, %none) : (!torch.vtensor<[5],f32>, !torch.vtensor<[2,3],f32>, !torch.bool, !torch.bool, !torch.none, !torch.none) -> !torch.vtensor<[2,3],si64>
  %1 = torch.operator "aten.searchsorted.Tensor"(%s, %x, %true, %false, %right, %none) : (!torch.vtensor<[5],f32>, !torch.vtensor<[2,3],f32>, !torch.bool, !torch.bool, !torch.str, !torch.none) -> !torch.vtensor<[2,3],si32>
  return %0, %1 : !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],si32>
}

// -----

// histc, an operator, 4 bins over [-1, 3]: bin floor((x + 1) * 1) clamped
// to [0, 3] (so x = 3 lands in the last), -1 for x outside [-1, 3]; each
// bin's count of matches, in x's dtype.
// CHECK-LABEL: func.func @histc(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3],f32>)
// CHECK:         %[[F:.*]] = torch.aten.flatten.using_ints %[[X]], %int0, %int1 : {{.*}} -> !torch.vtensor<[6],f32>
// CHECK:         %[[SH:.*]] = torch.aten.sub.Scalar %[[F]], %float-1.000000e00, %int1
// CHECK:         %[[SC:.*]] = torch.aten.mul.Scalar %[[SH]], %float1.000000e00
// CHECK:         %[[FL:.*]] = torch.aten.floor %[[SC]]
// CHECK:         %[[I:.*]] = torch.aten.to.dtype %[[FL]], %int4, {{.*}} -> !torch.vtensor<[6],si64>
// CHECK:         %[[BIN:.*]] = torch.aten.clamp %[[I]], %int0, %int3
// CHECK:         %[[GE:.*]] = torch.aten.ge.Scalar %[[F]], %float-1.000000e00
// CHECK:         %[[LE:.*]] = torch.aten.le.Scalar %[[F]], %float3.000000e00
// CHECK:         %[[IN:.*]] = torch.aten.logical_and %[[GE]], %[[LE]]
// CHECK:         %[[B:.*]] = torch.aten.where.ScalarOther %[[IN]], %[[BIN]], %int-1
// CHECK:         %[[COL:.*]] = torch.aten.unsqueeze %[[B]], %int1 : {{.*}} -> !torch.vtensor<[6,1],si64>
// CHECK:         %[[ALL:.*]] = torch.aten.arange.start_step %int0, %int4, {{.*}} -> !torch.vtensor<[4],si64>
// CHECK:         %[[HIT:.*]] = torch.aten.eq.Tensor %[[COL]], %[[ALL]] : {{.*}} -> !torch.vtensor<[6,4],i1>
// CHECK:         %[[HF:.*]] = torch.aten.to.dtype %[[HIT]], %int6, {{.*}} -> !torch.vtensor<[6,4],f32>
// CHECK:         %[[R:.*]] = torch.aten.sum.dim_IntList %[[HF]], %{{.*}}, %false, %none : {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.operator
func.func @histc(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4],f32> {
  %int4 = torch.constant.int 4
  %lo = torch.constant.float -1.000000e+00
  %hi = torch.constant.float 3.000000e+00
  %0 = torch.operator "aten.histc"(%x, %int4, %lo, %hi) : (!torch.vtensor<[2,3],f32>, !torch.int, !torch.float, !torch.float) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
