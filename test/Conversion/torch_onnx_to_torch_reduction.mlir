// convert-torch-onnx-to-torch: reductions, Softmax, ArgMax, TopK, CumSum.
// RUN: torch-mlir-opt %s -convert-torch-onnx-to-torch -split-input-file | FileCheck %s

// Axes as an operand from opset 13 (ReduceSum), read from a literal.
// CHECK-LABEL: func.func @reduce_sum
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
// CHECK:         torch.aten.sum.dim_IntList %arg0, %[[DIMS]], %false, %none : {{.*}} -> !torch.vtensor<[2,4],f32>
func.func @reduce_sum(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %axes = torch.vtensor.literal(dense<[-2]> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.ReduceSum"(%x, %axes) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

// Before opset 18, ReduceMean's axes are an attribute.
// CHECK-LABEL: func.func @reduce_mean_attribute
// CHECK:         torch.aten.mean.dim %arg0, %{{.*}}, %true, %none : {{.*}} -> !torch.vtensor<[1,3,1],f32>
func.func @reduce_mean_attribute(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[1,3,1],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.ReduceMean"(%x) {torch.onnx.axes = [0 : si64, 2 : si64]} : (!torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[1,3,1],f32>
  return %0 : !torch.vtensor<[1,3,1],f32>
}

// -----

// Axes at run time with keepdims: the result's 1s say which.
// CHECK-LABEL: func.func @reduce_max_runtime_axes
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
// CHECK:         torch.aten.amax %arg0, %[[DIMS]], %true
func.func @reduce_max_runtime_axes(%x: !torch.vtensor<[2,3],f32>, %axes: !torch.vtensor<[1],si64>) -> !torch.vtensor<[1,3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0 = torch.operator "onnx.ReduceMax"(%x, %axes) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1,3],f32>
  return %0 : !torch.vtensor<[1,3],f32>
}

// -----

// Softmax over one axis (from opset 13): ATen's softmax.int, which the
// middle end breaks down.
// CHECK-LABEL: func.func @softmax
// CHECK:         %[[ONE:.*]] = torch.constant.int 1
// CHECK:         torch.aten.softmax.int %arg0, %[[ONE]], %none : !torch.vtensor<[2,5],f32>, !torch.int, !torch.none -> !torch.vtensor<[2,5],f32>
func.func @softmax(%x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Softmax"(%x) : (!torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// LogSoftmax: log_softmax.int.
// CHECK-LABEL: func.func @log_softmax
// CHECK:         torch.aten.log_softmax.int %arg0
func.func @log_softmax(%x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.LogSoftmax"(%x) : (!torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// Before opset 13 the dims from `axis` on are one row: over several dims,
// shifted by the max.
// CHECK-LABEL: func.func @softmax_rows
// CHECK:         %[[MAX:.*]] = torch.aten.amax %arg0, {{.*}} -> !torch.vtensor<[2,1,1],f32>
// CHECK:         %[[SHIFTED:.*]] = torch.aten.sub.Tensor %arg0, %[[MAX]]
// CHECK:         %[[EXP:.*]] = torch.aten.exp %[[SHIFTED]]
// CHECK:         %[[SUM:.*]] = torch.aten.sum.dim_IntList %[[EXP]]
// CHECK:         torch.aten.div.Tensor %[[EXP]], %[[SUM]]
// CHECK-NOT:     torch.aten.softmax.int
func.func @softmax_rows(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 11 : si64}} {
  %0 = torch.operator "onnx.Softmax"(%x) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// Half precision computes in f32 and rounds once.
// CHECK-LABEL: func.func @softmax_f16
// CHECK:         torch.aten.to.dtype %arg0, %int6, {{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK:         torch.aten.softmax.int {{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK:         torch.aten.to.dtype %{{.*}}, %int5, {{.*}} -> !torch.vtensor<[2,5],f16>
func.func @softmax_f16(%x: !torch.vtensor<[2,5],f16>) -> !torch.vtensor<[2,5],f16>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Softmax"(%x) : (!torch.vtensor<[2,5],f16>) -> !torch.vtensor<[2,5],f16>
  return %0 : !torch.vtensor<[2,5],f16>
}

// -----

// The last maximum: the first of the reversed dim, counted back.
// CHECK-LABEL: func.func @argmax_last
// CHECK:         %[[REV:.*]] = torch.aten.index_select %arg0, {{.*}} -> !torch.vtensor<[2,4],f32>
// CHECK:         %[[FIRST:.*]] = torch.aten.argmax %[[REV]]
// CHECK:         %[[THREE:.*]] = torch.constant.int 3
// CHECK:         torch.aten.rsub.Scalar %[[FIRST]], %[[THREE]]
func.func @argmax_last(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,1],si64>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.ArgMax"(%x) {torch.onnx.axis = 1 : si64, torch.onnx.select_last_index = 1 : si64} : (!torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,1],si64>
  return %0 : !torch.vtensor<[2,1],si64>
}

// -----

// CHECK-LABEL: func.func @cumsum_exclusive
// CHECK:         %[[SUM:.*]] = torch.aten.cumsum %arg0, %int0, %none
// CHECK:         torch.aten.sub.Tensor %[[SUM]], %arg0
func.func @cumsum_exclusive(%x: !torch.vtensor<[5],f32>) -> !torch.vtensor<[5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 14 : si64}} {
  %axis = torch.vtensor.literal(dense<0> : tensor<si64>) : !torch.vtensor<[],si64>
  %0 = torch.operator "onnx.CumSum"(%x, %axis) {torch.onnx.exclusive = 1 : si64} : (!torch.vtensor<[5],f32>, !torch.vtensor<[],si64>) -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}

// -----

// Axes at run time without keepdims, the result's shape not saying which:
// each dim reduced in a prim.If where an axis names it, then a reshape to
// the sizes of the dims kept.
// CHECK-LABEL: func.func @reduce_sum_runtime_axes_dropped
// CHECK:         %[[AXIS:.*]] = torch.aten.Int.Tensor
// CHECK:         torch.aten._assert_scalar
// CHECK:         %[[HITS:.*]] = torch.aten.gt.int %{{.*}}, %int0
// CHECK:         %[[R0:.*]] = torch.prim.If %[[HITS]] -> (!torch.vtensor<[?,2,2],f32>) {
// CHECK:           torch.aten.sum.dim_IntList %arg0, %{{.*}}, %true{{.*}} -> !torch.vtensor<[1,2,2],f32>
// CHECK:         } else {
// CHECK:         %[[R1:.*]] = torch.prim.If %{{.*}} -> (!torch.vtensor<[?,?,2],f32>) {
// CHECK:         %[[R2:.*]] = torch.prim.If %{{.*}} -> (!torch.vtensor<[?,?,?],f32>) {
// CHECK:         torch.aten.reshape %[[R2]], %{{.*}} : !torch.vtensor<[?,?,?],f32>, !torch.list<int> -> !torch.vtensor<[3,2],f32>
func.func @reduce_sum_runtime_axes_dropped(%x: !torch.vtensor<[3,2,2],f32>, %axes: !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,2],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.ReduceSum"(%x, %axes) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[3,2,2],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}

// -----

// CumSum's axis at run time: one prim.If per dim but the last.
// CHECK-LABEL: func.func @cumsum_runtime_axis
// CHECK:         %[[AXIS:.*]] = torch.aten.Int.Tensor %arg1 : !torch.vtensor<[],si64> -> !torch.int
// CHECK:         torch.prim.If %{{.*}} -> (!torch.vtensor<[2,3],f32>) {
// CHECK:           torch.aten.cumsum %arg0, %int0
// CHECK:         } else {
// CHECK:           torch.aten.cumsum %arg0, %int1
// CHECK-NOT:     torch.prim.If {{.*}} ->
func.func @cumsum_runtime_axis(%x: !torch.vtensor<[2,3],f32>, %axis: !torch.vtensor<[],si64>) -> !torch.vtensor<[2,3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 14 : si64}} {
  %0 = torch.operator "onnx.CumSum"(%x, %axis) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[],si64>) -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// Unique by pairwise comparison: equal slices, the first occurrences (no
// earlier equal one), their ranks among the distinct ones, sorted.
// CHECK-LABEL: func.func @unique_sorted
// CHECK:         %[[DIFFERS:.*]] = torch.aten.ne.Tensor %{{.*}} -> !torch.vtensor<[5,5,1],i1>
// CHECK:         %[[ANY:.*]] = torch.aten.any.dim %[[DIFFERS]], %int2
// CHECK:         %[[EQUAL:.*]] = torch.aten.logical_not %[[ANY]]
// CHECK:         torch.vtensor.literal(dense<{{.*}}> : tensor<5x5xi1>)
// CHECK:         %[[FIRSTS:.*]] = torch.aten.nonzero
// CHECK:         torch.aten.sort
// CHECK:         torch.aten.scatter.src
func.func @unique_sorted(%x: !torch.vtensor<[5],f32>) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[?],si64>, !torch.vtensor<[5],si64>, !torch.vtensor<[?],si64>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 11 : si64}} {
  %0:4 = torch.operator "onnx.Unique"(%x) : (!torch.vtensor<[5],f32>) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[?],si64>, !torch.vtensor<[5],si64>, !torch.vtensor<[?],si64>)
  return %0#0, %0#1, %0#2, %0#3 : !torch.vtensor<[?],f32>, !torch.vtensor<[?],si64>, !torch.vtensor<[5],si64>, !torch.vtensor<[?],si64>
}

