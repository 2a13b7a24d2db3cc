// convert-torch-onnx-to-torch: the Reduce* ops, Softmax, ArgMax and ArgMin,
// Hardmax, TopK, CumSum and CumProd, Unique.
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


// -----

// ReduceMin (axes an operand from opset 18) is amin; keepdims=0 drops the
// dim.
// CHECK-LABEL: func.func @reduce_min
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
// CHECK:         torch.aten.amin %arg0, %[[DIMS]], %false : !torch.vtensor<[3,5,7],si32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3,7],si32>
// CHECK-NOT:     torch.operator
func.func @reduce_min(%x: !torch.vtensor<[3,5,7],si32>) -> !torch.vtensor<[3,7],si32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %axes = torch.vtensor.literal(dense<[1]> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.ReduceMin"(%x, %axes) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[3,5,7],si32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,7],si32>
  return %0 : !torch.vtensor<[3,7],si32>
}

// -----

// ReduceProd over two dims: one prod.dim_int each, the last dim first so
// the other's index holds.
// CHECK-LABEL: func.func @reduce_prod
// CHECK-DAG:     %[[TWO:.*]] = torch.constant.int 2
// CHECK:         %[[P:.*]] = torch.aten.prod.dim_int %arg0, %[[TWO]], %true, %none{{.*}} -> !torch.vtensor<[3,5,1],f32>
// CHECK-DAG:     %[[ZERO:.*]] = torch.constant.int 0
// CHECK:         torch.aten.prod.dim_int %[[P]], %[[ZERO]], %true{{.*}} -> !torch.vtensor<[1,5,1],f32>
// CHECK-NOT:     torch.operator
func.func @reduce_prod(%x: !torch.vtensor<[3,5,7],f32>) -> !torch.vtensor<[1,5,1],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.ReduceProd"(%x) {torch.onnx.axes = [0 : si64, -1 : si64]} : (!torch.vtensor<[3,5,7],f32>) -> !torch.vtensor<[1,5,1],f32>
  return %0 : !torch.vtensor<[1,5,1],f32>
}

// -----

// ReduceL1 of floats: linalg_vector_norm of ord 1 (the sum of |x| once the
// middle end breaks it down).
// CHECK-LABEL: func.func @reduce_l1
// CHECK-DAG:     %[[ORD:.*]] = torch.constant.float 1.000000e+00
// CHECK-DAG:     %[[DIMS:.*]] = torch.prim.ListConstruct %int1 :
// CHECK:         torch.aten.linalg_vector_norm %arg0, %[[ORD]], %[[DIMS]], %true, %none : !torch.vtensor<[3,5],f32>, !torch.float, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3,1],f32>
// CHECK-NOT:     torch.operator
func.func @reduce_l1(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[3,1],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %axes = torch.vtensor.literal(dense<[1]> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.ReduceL1"(%x, %axes) : (!torch.vtensor<[3,5],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,1],f32>
  return %0 : !torch.vtensor<[3,1],f32>
}

// -----

// With noop_with_empty_axes and no axes nothing is reduced; ReduceL1 is
// then |x|, as ONNX's reference computes it.
// CHECK-LABEL: func.func @reduce_l1_noop
// CHECK:         %[[ABS:.*]] = torch.aten.abs %arg0 : !torch.vtensor<[3,5],f32> -> !torch.vtensor<[3,5],f32>
// CHECK-NOT:     torch.aten.sum
// CHECK:         return %[[ABS]]
func.func @reduce_l1_noop(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[3,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.ReduceL1"(%x, %none) {torch.onnx.noop_with_empty_axes = 1 : si64} : (!torch.vtensor<[3,5],f32>, !torch.none) -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// ReduceL2 with no axes reduces them all: linalg_vector_norm of ord 2 over
// both dims, to a 0-d result without keepdims.
// CHECK-LABEL: func.func @reduce_l2_all
// CHECK-DAG:     %[[ORD:.*]] = torch.constant.float 2.000000e+00
// CHECK-DAG:     %[[DIMS:.*]] = torch.prim.ListConstruct %int0, %int1 :
// CHECK:         %[[NORM:.*]] = torch.aten.linalg_vector_norm %arg0, %[[ORD]], %[[DIMS]], %false, %none : {{.*}} -> !torch.vtensor<[],f32>
// CHECK:         return %[[NORM]]
func.func @reduce_l2_all(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.ReduceL2"(%x) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[3,5],f32>) -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// ReduceSumSquare: the sum of x * x, no root.
// CHECK-LABEL: func.func @reduce_sum_square
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %arg0, %arg0
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int0 :
// CHECK:         %[[SUM:.*]] = torch.aten.sum.dim_IntList %[[SQ]], %[[DIMS]], %false, %none{{.*}} -> !torch.vtensor<[5],f32>
// CHECK-NOT:     torch.aten.sqrt
// CHECK:         return %[[SUM]]
func.func @reduce_sum_square(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %axes = torch.vtensor.literal(dense<[0]> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.ReduceSumSquare"(%x, %axes) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[3,5],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}

// -----

// ReduceLogSum: log of the sum.
// CHECK-LABEL: func.func @reduce_log_sum
// CHECK:         %[[SUM:.*]] = torch.aten.sum.dim_IntList %arg0, %{{.*}}, %true, %none{{.*}} -> !torch.vtensor<[3,1],f32>
// CHECK:         %[[LOG:.*]] = torch.aten.log %[[SUM]] : !torch.vtensor<[3,1],f32> -> !torch.vtensor<[3,1],f32>
// CHECK:         return %[[LOG]]
func.func @reduce_log_sum(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[3,1],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.ReduceLogSum"(%x) {torch.onnx.axes = [1 : si64]} : (!torch.vtensor<[3,5],f32>) -> !torch.vtensor<[3,1],f32>
  return %0 : !torch.vtensor<[3,1],f32>
}

// -----

// ReduceLogSumExp: ATen's logsumexp, here over the last axis (-1); the
// middle end subtracts the max before exp (no exp of x here, which
// overflows f32 above ~88).
// CHECK-LABEL: func.func @reduce_log_sum_exp
// CHECK-NOT:     torch.aten.exp
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int1 :
// CHECK:         %[[LSE:.*]] = torch.aten.logsumexp %arg0, %[[DIMS]], %true : !torch.vtensor<[3,5],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3,1],f32>
// CHECK:         return %[[LSE]]
func.func @reduce_log_sum_exp(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[3,1],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %axes = torch.vtensor.literal(dense<[-1]> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.ReduceLogSumExp"(%x, %axes) : (!torch.vtensor<[3,5],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,1],f32>
  return %0 : !torch.vtensor<[3,1],f32>
}

// -----

// Half precision: logsumexp in f32, rounded once at the end.
// CHECK-LABEL: func.func @reduce_log_sum_exp_f16
// CHECK:         %[[X:.*]] = torch.aten.to.dtype %arg0, %int6{{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK:         %[[LSE:.*]] = torch.aten.logsumexp %[[X]], %{{.*}}, %false{{[_0-9]*}} : {{.*}} -> !torch.vtensor<[2],f32>
// CHECK:         %[[Y:.*]] = torch.aten.to.dtype %[[LSE]], %int5{{.*}} -> !torch.vtensor<[2],f16>
// CHECK:         return %[[Y]]
func.func @reduce_log_sum_exp_f16(%x: !torch.vtensor<[2,5],f16>) -> !torch.vtensor<[2],f16>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.ReduceLogSumExp"(%x) {torch.onnx.axes = [1 : si64], torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[2,5],f16>) -> !torch.vtensor<[2],f16>
  return %0 : !torch.vtensor<[2],f16>
}

// -----

// Integers: logsumexp in f64 (as ONNX's reference computes it), then
// converted back.
// CHECK-LABEL: func.func @reduce_log_sum_exp_si32
// CHECK:         %[[X:.*]] = torch.aten.to.dtype %arg0, %int7{{.*}} -> !torch.vtensor<[2,5],f64>
// CHECK:         %[[LSE:.*]] = torch.aten.logsumexp %[[X]], {{.*}} -> !torch.vtensor<[2,1],f64>
// CHECK:         %[[Y:.*]] = torch.aten.to.dtype %[[LSE]], %int3{{.*}} -> !torch.vtensor<[2,1],si32>
// CHECK:         return %[[Y]]
func.func @reduce_log_sum_exp_si32(%x: !torch.vtensor<[2,5],si32>) -> !torch.vtensor<[2,1],si32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %axes = torch.vtensor.literal(dense<[1]> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.ReduceLogSumExp"(%x, %axes) : (!torch.vtensor<[2,5],si32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[2,1],si32>
  return %0 : !torch.vtensor<[2,1],si32>
}

// -----

// Axes at run time (the input's sizes not static): one logsumexp per dim an
// axis names, each stable on its own.
// CHECK-LABEL: func.func @reduce_log_sum_exp_runtime_axes
// CHECK-NOT:     torch.aten.exp
// CHECK:         torch.prim.If %{{.*}} -> (!torch.vtensor<[?,3],f32>) {
// CHECK:           torch.aten.logsumexp %arg0, %{{.*}}, %true{{[_0-9]*}} : {{.*}} -> !torch.vtensor<[1,3],f32>
// CHECK:         torch.prim.If %{{.*}} -> (!torch.vtensor<[?,?],f32>) {
// CHECK:           torch.aten.logsumexp %{{.*}}, %{{.*}}, %true{{[_0-9]*}} : {{.*}} -> !torch.vtensor<[?,1],f32>
// CHECK-NOT:     torch.aten.exp
func.func @reduce_log_sum_exp_runtime_axes(%x: !torch.vtensor<[?,3],f32>, %axes: !torch.vtensor<[1],si64>) -> !torch.vtensor<[?,?],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0 = torch.operator "onnx.ReduceLogSumExp"(%x, %axes) : (!torch.vtensor<[?,3],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

// Over no axes (noop_with_empty_axes) the reduction is the identity but the
// steps around it are not, as ONNX's reference computes them: ReduceL2 is
// sqrt(x * x) = |x|.
// CHECK-LABEL: func.func @reduce_l2_noop
// CHECK:         %[[ABS:.*]] = torch.aten.abs %arg0 : !torch.vtensor<[3,5],f32> -> !torch.vtensor<[3,5],f32>
// CHECK-NOT:     torch.aten.mul.Tensor
// CHECK:         return %[[ABS]]
func.func @reduce_l2_noop(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[3,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.ReduceL2"(%x, %none) {torch.onnx.noop_with_empty_axes = 1 : si64} : (!torch.vtensor<[3,5],f32>, !torch.none) -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// Axes of no elements given at run time are no axes all the same.
// CHECK-LABEL: func.func @reduce_l2_noop_empty_axes_at_run_time
// CHECK:         %[[ABS:.*]] = torch.aten.abs %arg0 : !torch.vtensor<[3,5],f32> -> !torch.vtensor<[3,5],f32>
// CHECK-NOT:     torch.prim.If
// CHECK:         return %[[ABS]]
func.func @reduce_l2_noop_empty_axes_at_run_time(%x: !torch.vtensor<[3,5],f32>, %axes: !torch.vtensor<[0],si64>) -> !torch.vtensor<[3,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0 = torch.operator "onnx.ReduceL2"(%x, %axes) {torch.onnx.keepdims = 0 : si64, torch.onnx.noop_with_empty_axes = 1 : si64} : (!torch.vtensor<[3,5],f32>, !torch.vtensor<[0],si64>) -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// ReduceLogSum over no axes: log(x).
// CHECK-LABEL: func.func @reduce_log_sum_noop
// CHECK:         %[[LOG:.*]] = torch.aten.log %arg0 : !torch.vtensor<[3,5],f32> -> !torch.vtensor<[3,5],f32>
// CHECK:         return %[[LOG]]
func.func @reduce_log_sum_noop(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[3,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.ReduceLogSum"(%x, %none) {torch.onnx.noop_with_empty_axes = 1 : si64} : (!torch.vtensor<[3,5],f32>, !torch.none) -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// ReduceLogSumExp over no axes: log(exp(x)) = x itself.
// CHECK-LABEL: func.func @reduce_log_sum_exp_noop
// CHECK-NOT:     torch.aten.exp
// CHECK-NOT:     torch.aten.log
// CHECK:         return %arg0
func.func @reduce_log_sum_exp_noop(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[3,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.ReduceLogSumExp"(%x, %none) {torch.onnx.noop_with_empty_axes = 1 : si64} : (!torch.vtensor<[3,5],f32>, !torch.none) -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// ReduceL2 of half precision: the norm in f32 (x * x overflows f16 above
// 256), rounded once.
// CHECK-LABEL: func.func @reduce_l2_f16
// CHECK:         %[[X:.*]] = torch.aten.to.dtype %arg0, %int6{{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK:         %[[NORM:.*]] = torch.aten.linalg_vector_norm %[[X]], {{.*}} -> !torch.vtensor<[2,1],f32>
// CHECK:         %[[Y:.*]] = torch.aten.to.dtype %[[NORM]], %int5{{.*}} -> !torch.vtensor<[2,1],f16>
// CHECK:         return %[[Y]]
func.func @reduce_l2_f16(%x: !torch.vtensor<[2,5],f16>) -> !torch.vtensor<[2,1],f16>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.ReduceL2"(%x) {torch.onnx.axes = [1 : si64]} : (!torch.vtensor<[2,5],f16>) -> !torch.vtensor<[2,1],f16>
  return %0 : !torch.vtensor<[2,1],f16>
}

// -----

// Integer ReduceL2 (linalg_vector_norm takes floats): sqrt of the sum of
// x * x.
// CHECK-LABEL: func.func @reduce_l2_si32
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %arg0, %arg0 : {{.*}} -> !torch.vtensor<[2,5],si32>
// CHECK:         %[[SUM:.*]] = torch.aten.sum.dim_IntList %[[SQ]], {{.*}} -> !torch.vtensor<[2,1],si32>
// CHECK:         %[[ROOT:.*]] = torch.aten.sqrt %[[SUM]] : !torch.vtensor<[2,1],si32> -> !torch.vtensor<[2,1],si32>
// CHECK:         return %[[ROOT]]
func.func @reduce_l2_si32(%x: !torch.vtensor<[2,5],si32>) -> !torch.vtensor<[2,1],si32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.ReduceL2"(%x) {torch.onnx.axes = [1 : si64]} : (!torch.vtensor<[2,5],si32>) -> !torch.vtensor<[2,1],si32>
  return %0 : !torch.vtensor<[2,1],si32>
}

// -----

// ArgMin: argmin along the axis (0 by default), keepdims=0 drops it.
// CHECK-LABEL: func.func @argmin
// CHECK-DAG:     %[[ZERO:.*]] = torch.constant.int 0
// CHECK:         torch.aten.argmin %arg0, %[[ZERO]], %false : !torch.vtensor<[3,5],f32>, !torch.int, !torch.bool -> !torch.vtensor<[5],si64>
// CHECK-NOT:     torch.operator
func.func @argmin(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[5],si64>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.ArgMin"(%x) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[3,5],f32>) -> !torch.vtensor<[5],si64>
  return %0 : !torch.vtensor<[5],si64>
}

// -----

// CumProd (opset 26), reverse and exclusive: the dim reversed, shifted by
// one with a 1 in front (pad, then slice back to 5), cumprod, reversed back.
// CHECK-LABEL: func.func @cumprod_reverse_exclusive
// CHECK:         %[[REV:.*]] = torch.vtensor.literal(dense<[4, 3, 2, 1, 0]> : tensor<5xsi64>)
// CHECK:         %[[R:.*]] = torch.aten.index_select %arg0, %{{.*}}, %[[REV]] : {{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK-DAG:     %[[PADS:.*]] = torch.prim.ListConstruct %int1{{.*}}, %int0{{.*}}, %int0{{.*}}, %int0{{.*}} :
// CHECK-DAG:     %[[ONE:.*]] = torch.constant.float 1.000000e+00
// CHECK:         %[[PADDED:.*]] = torch.aten.constant_pad_nd %[[R]], %[[PADS]], %[[ONE]] : {{.*}} -> !torch.vtensor<[2,6],f32>
// CHECK:         %[[SHIFTED:.*]] = torch.aten.slice.Tensor %[[PADDED]], %{{.*}}, %int0{{.*}}, %int5, %{{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK:         %[[PROD:.*]] = torch.aten.cumprod %[[SHIFTED]], %int1{{.*}}, %none
// CHECK:         torch.aten.index_select %[[PROD]], %int1{{.*}}, %{{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK-NOT:     torch.operator
func.func @cumprod_reverse_exclusive(%x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 26 : si64}} {
  %axis = torch.vtensor.literal(dense<1> : tensor<si64>) : !torch.vtensor<[],si64>
  %0 = torch.operator "onnx.CumProd"(%x, %axis) {torch.onnx.exclusive = 1 : si64, torch.onnx.reverse = 1 : si64} : (!torch.vtensor<[2,5],f32>, !torch.vtensor<[],si64>) -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// Hardmax (opset 13, axis 1): 1 where the position along the axis is the
// first argmax, compared against a [1,5,1] iota; the mask cast to f32.
// CHECK-LABEL: func.func @hardmax
// CHECK:         %[[IOTA:.*]] = torch.vtensor.literal(dense<{{\[\[\[}}0], [1], [2], [3], [4]]]> : tensor<1x5x1xsi64>)
// CHECK:         %[[FIRST:.*]] = torch.aten.argmax %arg0, %int1, %true : {{.*}} -> !torch.vtensor<[2,1,3],si64>
// CHECK:         %[[MASK:.*]] = torch.aten.eq.Tensor %[[IOTA]], %[[FIRST]] : !torch.vtensor<[1,5,1],si64>, !torch.vtensor<[2,1,3],si64> -> !torch.vtensor<[2,5,3],i1>
// CHECK:         torch.aten.to.dtype %[[MASK]], %int6{{.*}} -> !torch.vtensor<[2,5,3],f32>
// CHECK-NOT:     torch.operator
func.func @hardmax(%x: !torch.vtensor<[2,5,3],f32>) -> !torch.vtensor<[2,5,3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Hardmax"(%x) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[2,5,3],f32>) -> !torch.vtensor<[2,5,3],f32>
  return %0 : !torch.vtensor<[2,5,3],f32>
}

// -----

// TopK (K an operand from opset 10): aten.topk along the last axis, smallest
// first (largest=0), sorted.
// CHECK-LABEL: func.func @topk_smallest
// CHECK-DAG:     %[[K:.*]] = torch.constant.int 2
// CHECK-DAG:     %[[AXIS:.*]] = torch.constant.int 1
// CHECK-DAG:     %[[LARGEST:.*]] = torch.constant.bool false
// CHECK-DAG:     %[[SORTED:.*]] = torch.constant.bool true
// CHECK:         %[[V:.*]], %[[I:.*]] = torch.aten.topk %arg0, %[[K]], %[[AXIS]], %[[LARGEST]], %[[SORTED]] : {{.*}} -> !torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],si64>
// CHECK:         return %[[V]], %[[I]]
func.func @topk_smallest(%x: !torch.vtensor<[3,7],f32>) -> (!torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],si64>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 11 : si64}} {
  %k = torch.vtensor.literal(dense<2> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %0:2 = torch.operator "onnx.TopK"(%x, %k) {torch.onnx.largest = 0 : si64} : (!torch.vtensor<[3,7],f32>, !torch.vtensor<[1],si64>) -> (!torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],si64>)
  return %0#0, %0#1 : !torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],si64>
}
