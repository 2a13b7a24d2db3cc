// convert-torch-onnx-to-torch: shapes, constants and data movement.
// RUN: torch-mlir-opt %s -convert-torch-onnx-to-torch -split-input-file | FileCheck %s

// Reshape takes the result's shape, whatever its shape operand was.
// CHECK-LABEL: func.func @reshape
// CHECK:         %[[SHAPE:.*]] = torch.prim.ListConstruct %{{.*}}, %{{.*}} : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK:         torch.aten.reshape %arg0, %[[SHAPE]] : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[6,4],f32>
func.func @reshape(%x: !torch.vtensor<[2,3,4],f32>, %shape: !torch.vtensor<[2],si64>) -> !torch.vtensor<[6,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Reshape"(%x, %shape) : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[6,4],f32>
  return %0 : !torch.vtensor<[6,4],f32>
}

// -----

// One dynamic dimension is left to reshape as -1.
// CHECK-LABEL: func.func @reshape_dynamic
// CHECK:         %[[M1:.*]] = torch.constant.int -1
// CHECK:         %[[FOUR:.*]] = torch.constant.int 4
// CHECK:         torch.prim.ListConstruct %[[M1]], %[[FOUR]]
func.func @reshape_dynamic(%x: !torch.vtensor<[?,2,2],f32>, %shape: !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Reshape"(%x, %shape) : (!torch.vtensor<[?,2,2],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,4],f32>
  return %0 : !torch.vtensor<[?,4],f32>
}

// -----

// Constant operands are read from literals (dense or dense_resource).
// CHECK-LABEL: func.func @slice
// CHECK:         %[[S:.*]] = torch.aten.slice.Tensor %arg0, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : {{.*}} -> !torch.vtensor<[2,10],f32>
// CHECK:         torch.aten.slice.Tensor %[[S]], {{.*}} -> !torch.vtensor<[2,3],f32>
func.func @slice(%x: !torch.vtensor<[20,10],f32>) -> !torch.vtensor<[2,3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %starts = torch.vtensor.literal(dense<[0, 2]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %ends = torch.vtensor.literal(dense<[4, 8]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %axes = torch.vtensor.literal(dense_resource<axes> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %steps = torch.vtensor.literal(dense<[2, 2]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
  %0 = torch.operator "onnx.Slice"(%x, %starts, %ends, %axes, %steps) : (!torch.vtensor<[20,10],f32>, !torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

{-#
  dialect_resources: {
    builtin: {
      axes: "0x0800000000000000000000000100000000000000"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @constant_of_shape
// CHECK:         torch.vtensor.literal(dense<7> : tensor<2x3xsi32>) : !torch.vtensor<[2,3],si32>
func.func @constant_of_shape(%shape: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,3],si32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.ConstantOfShape"(%shape) {torch.onnx.value = dense<7> : tensor<1xsi32>} : (!torch.vtensor<[2],si64>) -> !torch.vtensor<[2,3],si32>
  return %0 : !torch.vtensor<[2,3],si32>
}

// -----

// Shape of a static tensor is a literal (start and end as in opset 15).
// CHECK-LABEL: func.func @shape
// CHECK:         torch.vtensor.literal(dense<[3, 4]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
func.func @shape(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2],si64>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Shape"(%x) {torch.onnx.start = 1 : si64} : (!torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}

// -----

// Gather: the indices flattened, wrapped where negative, one index_select.
// CHECK-LABEL: func.func @gather
// CHECK:         %[[FLAT:.*]] = torch.aten.reshape %arg1, {{.*}} -> !torch.vtensor<[4],si64>
// CHECK:         %[[NEG:.*]] = torch.aten.lt.Scalar %[[FLAT]]
// CHECK:         %[[WRAPPED:.*]] = torch.aten.where.self %[[NEG]]
// CHECK:         %[[PICKED:.*]] = torch.aten.index_select %arg0, %{{.*}}, %[[WRAPPED]] : {{.*}} -> !torch.vtensor<[5,4],f32>
// CHECK:         torch.aten.reshape %[[PICKED]], {{.*}} -> !torch.vtensor<[5,2,2],f32>
func.func @gather(%x: !torch.vtensor<[5,6],f32>, %i: !torch.vtensor<[2,2],si64>) -> !torch.vtensor<[5,2,2],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Gather"(%x, %i) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[5,6],f32>, !torch.vtensor<[2,2],si64>) -> !torch.vtensor<[5,2,2],f32>
  return %0 : !torch.vtensor<[5,2,2],f32>
}

// -----

// Pad: ONNX's begins-then-ends to ATen's pairs from the last dim.
// CHECK-LABEL: func.func @pad
// CHECK:         %[[PADS:.*]] = torch.prim.ListConstruct %int3, %int4, %int1, %int2
// CHECK:         torch.aten.constant_pad_nd %arg0, %[[PADS]]
func.func @pad(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[5,10],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %pads = torch.vtensor.literal(dense<[1, 3, 2, 4]> : tensor<4xsi64>) : !torch.vtensor<[4],si64>
  %none = torch.constant.none
  %0 = torch.operator "onnx.Pad"(%x, %pads, %none) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[4],si64>, !torch.none) -> !torch.vtensor<[5,10],f32>
  return %0 : !torch.vtensor<[5,10],f32>
}

// -----

// Compress without an axis: the flattened input, the condition's nonzero
// positions selected (a condition longer than the input is refused as it
// runs).
// CHECK-LABEL: func.func @compress_flat
// CHECK:         %[[FLAT:.*]] = torch.aten.reshape %arg0, %{{.*}} -> !torch.vtensor<[6],f32>
// CHECK:         torch.aten._assert_scalar
// CHECK:         %[[HITS:.*]] = torch.aten.nonzero %arg1 : !torch.vtensor<[4],i1> -> !torch.vtensor<[?,1],si64>
// CHECK:         %[[INDEX:.*]] = torch.aten.select.int %[[HITS]], %int1{{[_0-9]*}}, %int0
// CHECK:         torch.aten.index_select %[[FLAT]], %int0{{[_0-9]*}}, %[[INDEX]] : !torch.vtensor<[6],f32>, !torch.int, !torch.vtensor<[?],si64> -> !torch.vtensor<[?],f32>
func.func @compress_flat(%x: !torch.vtensor<[2,3],f32>, %c: !torch.vtensor<[4],i1>) -> !torch.vtensor<[?],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 11 : si64}} {
  %0 = torch.operator "onnx.Compress"(%x, %c) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[4],i1>) -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// NonZero: aten.nonzero transposed to ONNX's [rank, count].
// CHECK-LABEL: func.func @nonzero
// CHECK:         %[[I:.*]] = torch.aten.nonzero %arg0 : !torch.vtensor<[2,3],si32> -> !torch.vtensor<[?,2],si64>
// CHECK:         torch.aten.transpose.int %[[I]], %int0, %int1 : !torch.vtensor<[?,2],si64>, !torch.int, !torch.int -> !torch.vtensor<[2,?],si64>
func.func @nonzero(%x: !torch.vtensor<[2,3],si32>) -> !torch.vtensor<[2,?],si64>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.NonZero"(%x) : (!torch.vtensor<[2,3],si32>) -> !torch.vtensor<[2,?],si64>
  return %0 : !torch.vtensor<[2,?],si64>
}

// -----

// ScatterND with reduction max: each index as a row of the data as [P, S],
// then scatter_reduce "amax" of the updates' rows.
// CHECK-LABEL: func.func @scatter_nd_max
// CHECK:         %[[ROW:.*]] = torch.aten.broadcast_to %{{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK:         %[[MODE:.*]] = torch.constant.str "amax"
// CHECK:         torch.aten.scatter_reduce.two %{{.*}}, %int0{{[_0-9]*}}, %[[ROW]], %{{.*}}, %[[MODE]], %true
func.func @scatter_nd_max(%d: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2,1],si64>, %u: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4,3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0 = torch.operator "onnx.ScatterND"(%d, %i, %u) {torch.onnx.reduction = "max"} : (!torch.vtensor<[4,3],f32>, !torch.vtensor<[2,1],si64>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// Tile's repeats at run time: read as !torch.int values, checked not
// negative, then the same broadcast and reshape.
// CHECK-LABEL: func.func @tile_run_time
// CHECK:         %[[R:.*]] = torch.aten.Int.Tensor
// CHECK:         torch.aten._assert_scalar
// CHECK:         torch.aten.broadcast_to %{{.*}} -> !torch.vtensor<[?,2,?,3],f32>
// CHECK:         torch.aten.reshape %{{.*}} -> !torch.vtensor<[?,?],f32>
func.func @tile_run_time(%x: !torch.vtensor<[2,3],f32>, %r: !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,?],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Tile"(%x, %r) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

// TensorScatter, circular: positions write index + 0..U-1 modulo the
// cache's length, broadcast to the update's shape, then scatter.
// CHECK-LABEL: func.func @tensor_scatter_circular
// CHECK:         %[[STEPS:.*]] = torch.aten.arange %int2{{.*}} -> !torch.vtensor<[2],si64>
// CHECK:         %[[AT:.*]] = torch.aten.add.Tensor %{{.*}}, %[[STEPS]], %int1{{.*}} -> !torch.vtensor<[2,2],si64>
// CHECK:         torch.aten.remainder.Scalar %[[AT]], %int4
// CHECK:         %[[INDEX:.*]] = torch.aten.broadcast_to %{{.*}} -> !torch.vtensor<[2,1,2,3],si64>
// CHECK:         torch.aten.scatter.src %arg0, %int2{{[_0-9]*}}, %[[INDEX]], %arg1
func.func @tensor_scatter_circular(%past: !torch.vtensor<[2,1,4,3],f32>, %update: !torch.vtensor<[2,1,2,3],f32>, %at: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,1,4,3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 24 : si64}} {
  %0 = torch.operator "onnx.TensorScatter"(%past, %update, %at) {torch.onnx.mode = "circular"} : (!torch.vtensor<[2,1,4,3],f32>, !torch.vtensor<[2,1,2,3],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[2,1,4,3],f32>
  return %0 : !torch.vtensor<[2,1,4,3],f32>
}


// -----

// Concat is aten.cat of the operands' list, a negative axis counted from
// the end.
// CHECK-LABEL: func.func @concat
// CHECK:         %[[LIST:.*]] = torch.prim.ListConstruct %arg0, %arg1, %arg2 : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,5],f32>, !torch.vtensor<[2,1],f32>) -> !torch.list<vtensor>
// CHECK-DAG:     %[[AXIS:.*]] = torch.constant.int 1
// CHECK:         torch.aten.cat %[[LIST]], %[[AXIS]] : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,9],f32>
// CHECK-NOT:     torch.operator
func.func @concat(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,5],f32>, %c: !torch.vtensor<[2,1],f32>) -> !torch.vtensor<[2,9],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Concat"(%a, %b, %c) {torch.onnx.axis = -1 : si64} : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,5],f32>, !torch.vtensor<[2,1],f32>) -> !torch.vtensor<[2,9],f32>
  return %0 : !torch.vtensor<[2,9],f32>
}

// -----

// Constant becomes a literal of the result's type, from each form of value.
// CHECK-LABEL: func.func @constant
// CHECK-DAG:     %[[INTS:.*]] = torch.vtensor.literal(dense<[3, -1]> : tensor<2xsi64>) : !torch.vtensor<[2],si64>
// CHECK-DAG:     %[[FLOAT:.*]] = torch.vtensor.literal(dense<2.500000e+00> : tensor<f32>) : !torch.vtensor<[],f32>
// CHECK-DAG:     %[[TENSOR:.*]] = torch.vtensor.literal(dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>) : !torch.vtensor<[2,2],f32>
// CHECK-DAG:     %[[FLOATS:.*]] = torch.vtensor.literal(dense<[1.000000e+00, 5.000000e-01, -2.000000e+00]> : tensor<3xf32>) : !torch.vtensor<[3],f32>
// CHECK-DAG:     %[[INT:.*]] = torch.vtensor.literal(dense<7> : tensor<si64>) : !torch.vtensor<[],si64>
// CHECK:         return %[[INTS]], %[[FLOAT]], %[[TENSOR]], %[[FLOATS]], %[[INT]]
// CHECK-NOT:     torch.operator
func.func @constant() -> (!torch.vtensor<[2],si64>, !torch.vtensor<[],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[],si64>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value_ints = [3 : si64, -1 : si64]} : () -> !torch.vtensor<[2],si64>
  %1 = torch.operator "onnx.Constant"() {torch.onnx.value_float = 2.5 : f32} : () -> !torch.vtensor<[],f32>
  %2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> !torch.vtensor<[2,2],f32>
  %3 = torch.operator "onnx.Constant"() {torch.onnx.value_floats = [1.0 : f32, 0.5 : f32, -2.0 : f32]} : () -> !torch.vtensor<[3],f32>
  %4 = torch.operator "onnx.Constant"() {torch.onnx.value_int = 7 : si64} : () -> !torch.vtensor<[],si64>
  return %0, %1, %2, %3, %4 : !torch.vtensor<[2],si64>, !torch.vtensor<[],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[],si64>
}

// -----

// Dropout in inference (training_mode a constant false): the input itself,
// and a mask of all true.
// CHECK-LABEL: func.func @dropout_inference
// CHECK:         %[[MASK:.*]] = torch.vtensor.literal(dense<true> : tensor<3x4xi1>) : !torch.vtensor<[3,4],i1>
// CHECK:         return %arg0, %[[MASK]]
// CHECK-NOT:     torch.operator
func.func @dropout_inference(%x: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %ratio = torch.vtensor.literal(dense<0.5> : tensor<f32>) : !torch.vtensor<[],f32>
  %training = torch.vtensor.literal(dense<false> : tensor<i1>) : !torch.vtensor<[],i1>
  %0:2 = torch.operator "onnx.Dropout"(%x, %ratio, %training) : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[],f32>, !torch.vtensor<[],i1>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>)
  return %0#0, %0#1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>
}

// -----

// Dropout at opsets 7 to 9: the mask has the input's float type, and is
// ones of it.
// CHECK-LABEL: func.func @dropout_float_mask
// CHECK:         %[[MASK:.*]] = torch.vtensor.literal(dense<1.000000e+00> : tensor<3x4xf32>) : !torch.vtensor<[3,4],f32>
// CHECK:         return %arg0, %[[MASK]]
// CHECK-NOT:     torch.operator
func.func @dropout_float_mask(%x: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 7 : si64}} {
  %0:2 = torch.operator "onnx.Dropout"(%x) {torch.onnx.ratio = 5.000000e-01 : f32} : (!torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>)
  return %0#0, %0#1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>
}

// -----

// Before opset 7, is_test=1 is inference: the input, and a mask of f16
// ones.
// CHECK-LABEL: func.func @dropout_is_test
// CHECK:         %[[MASK:.*]] = torch.vtensor.literal(dense<1.000000e+00> : tensor<2xf16>) : !torch.vtensor<[2],f16>
// CHECK:         return %arg0, %[[MASK]]
func.func @dropout_is_test(%x: !torch.vtensor<[2],f16>) -> (!torch.vtensor<[2],f16>, !torch.vtensor<[2],f16>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 6 : si64}} {
  %0:2 = torch.operator "onnx.Dropout"(%x) {torch.onnx.is_test = 1 : si64} : (!torch.vtensor<[2],f16>) -> (!torch.vtensor<[2],f16>, !torch.vtensor<[2],f16>)
  return %0#0, %0#1 : !torch.vtensor<[2],f16>, !torch.vtensor<[2],f16>
}

// -----

// Training (is_test=0, the default before opset 7) with a ratio of 0 drops
// nothing: the input itself.
// CHECK-LABEL: func.func @dropout_training_ratio_zero
// CHECK:         return %arg0
// CHECK-NOT:     torch.operator
func.func @dropout_training_ratio_zero(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 6 : si64}} {
  %0 = torch.operator "onnx.Dropout"(%x) {torch.onnx.ratio = 0.000000e+00 : f32} : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// EyeLike: a literal of the result's shape and dtype, ones on the k-th
// diagonal (k = 1: above the main one).
// CHECK-LABEL: func.func @eye_like
// CHECK:         %[[EYE:.*]] = torch.vtensor.literal(dense<{{\[\[}}0.000000e+00, 1.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00, 1.000000e+00]]> : tensor<3x4xf32>) : !torch.vtensor<[3,4],f32>
// CHECK:         return %[[EYE]]
// CHECK-NOT:     torch.operator
func.func @eye_like(%x: !torch.vtensor<[3,4],si32>) -> !torch.vtensor<[3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.EyeLike"(%x) {torch.onnx.k = 1 : si64, torch.onnx.dtype = 1 : si64} : (!torch.vtensor<[3,4],si32>) -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// Flatten (axis 1 by default) is a reshape to the result; one dynamic size
// is left as -1.
// CHECK-LABEL: func.func @flatten
// CHECK-DAG:     %[[M1:.*]] = torch.constant.int -1
// CHECK-DAG:     %[[REST:.*]] = torch.constant.int 15
// CHECK:         %[[SHAPE:.*]] = torch.prim.ListConstruct %[[M1]], %[[REST]]
// CHECK:         torch.aten.reshape %arg0, %[[SHAPE]] : !torch.vtensor<[?,3,5],f32>, !torch.list<int> -> !torch.vtensor<[?,15],f32>
// CHECK-NOT:     torch.operator
func.func @flatten(%x: !torch.vtensor<[?,3,5],f32>) -> !torch.vtensor<[?,15],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Flatten"(%x) : (!torch.vtensor<[?,3,5],f32>) -> !torch.vtensor<[?,15],f32>
  return %0 : !torch.vtensor<[?,15],f32>
}

// -----

// Two dynamic sizes: each the product of its dims' sizes (axis 2: dims 0
// and 1, then dim 2), read with size.int; products by 1 fold away.
// CHECK-LABEL: func.func @flatten_two_dynamic
// CHECK:         %[[D0:.*]] = torch.aten.size.int %arg0, %int0
// CHECK:         %[[ROWS:.*]] = torch.aten.mul.int %[[D0]], %int3
// CHECK:         %[[D2:.*]] = torch.aten.size.int %arg0, %int2
// CHECK-NOT:     torch.aten.mul.int
// CHECK:         %[[SHAPE:.*]] = torch.prim.ListConstruct %[[ROWS]], %[[D2]]
// CHECK:         torch.aten.reshape %arg0, %[[SHAPE]] : !torch.vtensor<[?,3,?],f32>, !torch.list<int> -> !torch.vtensor<[?,?],f32>
func.func @flatten_two_dynamic(%x: !torch.vtensor<[?,3,?],f32>) -> !torch.vtensor<[?,?],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Flatten"(%x) {torch.onnx.axis = 2 : si64} : (!torch.vtensor<[?,3,?],f32>) -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

// GatherElements: negative indices wrapped by the axis' size (3), then
// aten.gather.
// CHECK-LABEL: func.func @gather_elements
// CHECK:         %[[NEG:.*]] = torch.aten.lt.Scalar %arg1, %{{.*}} : !torch.vtensor<[2,4],si64>, !torch.int -> !torch.vtensor<[2,4],i1>
// CHECK:         %[[SHIFTED:.*]] = torch.aten.add.Scalar %arg1, %int3, %{{.*}}
// CHECK:         %[[INDEX:.*]] = torch.aten.where.self %[[NEG]], %[[SHIFTED]], %arg1
// CHECK:         torch.aten.gather %arg0, %int0{{.*}}, %[[INDEX]], %false : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,4],si64>, !torch.bool -> !torch.vtensor<[2,4],f32>
// CHECK-NOT:     torch.operator
func.func @gather_elements(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2,4],si64>) -> !torch.vtensor<[2,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.GatherElements"(%x, %i) : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[2,4],si64>) -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

// GatherND: the indices' last dim split into one index tensor per data dim
// (select.int along it), then aten.index.Tensor.
// CHECK-LABEL: func.func @gather_nd
// CHECK:         %[[I0:.*]] = torch.aten.select.int %arg1, %int1, %int0 : !torch.vtensor<[5,2],si64>, !torch.int, !torch.int -> !torch.vtensor<[5],si64>
// CHECK:         %[[I1:.*]] = torch.aten.select.int %arg1, %{{.*}}, %{{.*}} : !torch.vtensor<[5,2],si64>, !torch.int, !torch.int -> !torch.vtensor<[5],si64>
// CHECK:         %[[LIST:.*]] = torch.prim.ListConstruct %[[I0]], %[[I1]] : {{.*}} -> !torch.list<optional<vtensor>>
// CHECK:         torch.aten.index.Tensor %arg0, %[[LIST]] : !torch.vtensor<[2,3,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[5,4],f32>
// CHECK-NOT:     torch.operator
func.func @gather_nd(%x: !torch.vtensor<[2,3,4],f32>, %i: !torch.vtensor<[5,2],si64>) -> !torch.vtensor<[5,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.GatherND"(%x, %i) : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[5,2],si64>) -> !torch.vtensor<[5,4],f32>
  return %0 : !torch.vtensor<[5,4],f32>
}

// -----

// GatherND with batch_dims=1: the batch dim indexed by an arange over it,
// matched with each batch's index.
// CHECK-LABEL: func.func @gather_nd_batch
// CHECK:         %[[I0:.*]] = torch.aten.select.int %arg1, %int1, %int0 : !torch.vtensor<[2,1],si64>, !torch.int, !torch.int -> !torch.vtensor<[2],si64>
// CHECK:         %[[RANGE:.*]] = torch.aten.arange %int2, %int4, {{.*}} -> !torch.vtensor<[2],si64>
// CHECK:         %[[BATCH:.*]] = torch.aten.reshape %[[RANGE]], %{{.*}} -> !torch.vtensor<[2],si64>
// CHECK:         %[[LIST:.*]] = torch.prim.ListConstruct %[[BATCH]], %[[I0]] : {{.*}} -> !torch.list<optional<vtensor>>
// CHECK:         torch.aten.index.Tensor %arg0, %[[LIST]] : !torch.vtensor<[2,3,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,4],f32>
func.func @gather_nd_batch(%x: !torch.vtensor<[2,3,4],f32>, %i: !torch.vtensor<[2,1],si64>) -> !torch.vtensor<[2,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.GatherND"(%x, %i) {torch.onnx.batch_dims = 1 : si64} : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,1],si64>) -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

// OneHot along axis 1 (depth 5, from the result): negative indices wrapped
// by the depth, compared with a [1,5,1] iota; on_value (values[1]) where
// equal, off_value (values[0]) elsewhere.
// CHECK-LABEL: func.func @one_hot
// CHECK:         %[[NEG:.*]] = torch.aten.lt.Scalar %arg0, %{{.*}}
// CHECK:         %[[SHIFTED:.*]] = torch.aten.add.Scalar %arg0, %int5, %{{.*}}
// CHECK:         %[[WRAPPED:.*]] = torch.aten.where.self %[[NEG]], %[[SHIFTED]], %arg0
// CHECK:         %[[IDX:.*]] = torch.aten.reshape %[[WRAPPED]], %{{.*}} -> !torch.vtensor<[2,1,3],si64>
// CHECK:         %[[IOTA:.*]] = torch.vtensor.literal(dense<{{\[\[\[}}0], [1], [2], [3], [4]]]> : tensor<1x5x1xsi64>)
// CHECK:         %[[MASK:.*]] = torch.aten.eq.Tensor %[[IOTA]], %[[IDX]] : {{.*}} -> !torch.vtensor<[2,5,3],i1>
// CHECK:         %[[ON:.*]] = torch.aten.slice.Tensor %arg2, %{{.*}}, %int1{{.*}}, %int2{{.*}}, %{{.*}} -> !torch.vtensor<[1],f32>
// CHECK:         %[[OFF:.*]] = torch.aten.slice.Tensor %arg2, %{{.*}}, %int0{{.*}}, %int1{{.*}}, %{{.*}} -> !torch.vtensor<[1],f32>
// CHECK:         torch.aten.where.self %[[MASK]], %[[ON]], %[[OFF]] : {{.*}} -> !torch.vtensor<[2,5,3],f32>
// CHECK-NOT:     torch.operator
func.func @one_hot(%i: !torch.vtensor<[2,3],si64>, %depth: !torch.vtensor<[],si64>, %values: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2,5,3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 11 : si64}} {
  %0 = torch.operator "onnx.OneHot"(%i, %depth, %values) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[2,3],si64>, !torch.vtensor<[],si64>, !torch.vtensor<[2],f32>) -> !torch.vtensor<[2,5,3],f32>
  return %0 : !torch.vtensor<[2,5,3],f32>
}

// -----

// ScatterElements without a reduction: the indices wrapped by the axis'
// size, then scatter.src.
// CHECK-LABEL: func.func @scatter_elements
// CHECK:         %[[NEG:.*]] = torch.aten.lt.Scalar %arg1
// CHECK:         %[[SHIFTED:.*]] = torch.aten.add.Scalar %arg1, %int3
// CHECK:         %[[INDEX:.*]] = torch.aten.where.self %[[NEG]], %[[SHIFTED]], %arg1
// CHECK:         torch.aten.scatter.src %arg0, %int0{{.*}}, %[[INDEX]], %arg2 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2,4],si64>, !torch.vtensor<[2,4],f32> -> !torch.vtensor<[3,4],f32>
// CHECK-NOT:     torch.operator
func.func @scatter_elements(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2,4],si64>, %u: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0 = torch.operator "onnx.ScatterElements"(%x, %i, %u) : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[2,4],si64>, !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// ScatterElements with reduction "mul": scatter_reduce.two "prod", the
// data's own values included.
// CHECK-LABEL: func.func @scatter_elements_mul
// CHECK:         %[[INDEX:.*]] = torch.aten.where.self
// CHECK-DAG:     %[[PROD:.*]] = torch.constant.str "prod"
// CHECK-DAG:     %[[SELF:.*]] = torch.constant.bool true
// CHECK:         torch.aten.scatter_reduce.two %arg0, %{{.*}}, %[[INDEX]], %arg2, %[[PROD]], %[[SELF]] : {{.*}} -> !torch.vtensor<[3,4],f32>
// CHECK-NOT:     torch.operator
func.func @scatter_elements_mul(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2,4],si64>, %u: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0 = torch.operator "onnx.ScatterElements"(%x, %i, %u) {torch.onnx.reduction = "mul"} : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[2,4],si64>, !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// Scatter (opset 9, ScatterElements' old name) along axis 1, int32
// indices wrapped by that axis' size (4).
// CHECK-LABEL: func.func @scatter
// CHECK:         %[[SHIFTED:.*]] = torch.aten.add.Scalar %arg1, %int4
// CHECK:         %[[INDEX:.*]] = torch.aten.where.self %{{.*}}, %[[SHIFTED]], %arg1
// CHECK:         torch.aten.scatter.src %arg0, %int1{{.*}}, %[[INDEX]], %arg2 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[3,2],si32>, !torch.vtensor<[3,2],f32> -> !torch.vtensor<[3,4],f32>
// CHECK-NOT:     torch.operator
func.func @scatter(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[3,2],si32>, %u: !torch.vtensor<[3,2],f32>) -> !torch.vtensor<[3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 9 : si64}} {
  %0 = torch.operator "onnx.Scatter"(%x, %i, %u) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,2],si32>, !torch.vtensor<[3,2],f32>) -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// Squeeze with axes (an operand from opset 13): a reshape to the result,
// the dynamic size as -1.
// CHECK-LABEL: func.func @squeeze
// CHECK-DAG:     %[[M1:.*]] = torch.constant.int -1
// CHECK-DAG:     %[[ONE:.*]] = torch.constant.int 1
// CHECK-DAG:     %[[FOUR:.*]] = torch.constant.int 4
// CHECK:         %[[SHAPE:.*]] = torch.prim.ListConstruct %[[M1]], %[[ONE]], %[[FOUR]]
// CHECK:         torch.aten.reshape %arg0, %[[SHAPE]] : !torch.vtensor<[1,?,1,4],f32>, !torch.list<int> -> !torch.vtensor<[?,1,4],f32>
// CHECK-NOT:     torch.operator
func.func @squeeze(%x: !torch.vtensor<[1,?,1,4],f32>) -> !torch.vtensor<[?,1,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %axes = torch.vtensor.literal(dense<[0]> : tensor<1xsi64>) : !torch.vtensor<[1],si64>
  %0 = torch.operator "onnx.Squeeze"(%x, %axes) : (!torch.vtensor<[1,?,1,4],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[?,1,4],f32>
  return %0 : !torch.vtensor<[?,1,4],f32>
}

// -----

// Squeeze without axes (opset 11) drops the static 1s; the two dynamic
// sizes are the input's dims 1 and 3.
// CHECK-LABEL: func.func @squeeze_ones
// CHECK:         %[[D1:.*]] = torch.aten.size.int %arg0, %int1
// CHECK:         %[[D3:.*]] = torch.aten.size.int %arg0, %int3
// CHECK:         %[[SHAPE:.*]] = torch.prim.ListConstruct %[[D1]], %[[D3]]
// CHECK:         torch.aten.reshape %arg0, %[[SHAPE]] : !torch.vtensor<[1,?,1,?],f32>, !torch.list<int> -> !torch.vtensor<[?,?],f32>
func.func @squeeze_ones(%x: !torch.vtensor<[1,?,1,?],f32>) -> !torch.vtensor<[?,?],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 11 : si64}} {
  %0 = torch.operator "onnx.Squeeze"(%x) : (!torch.vtensor<[1,?,1,?],f32>) -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

// Transpose is permute: the dims reversed without perm, else perm.
// CHECK-LABEL: func.func @transpose
// CHECK:         %[[REVERSED:.*]] = torch.prim.ListConstruct %int2, %int1, %int0 :
// CHECK:         %[[A:.*]] = torch.aten.permute %arg0, %[[REVERSED]] : !torch.vtensor<[2,3,5],f32>, !torch.list<int> -> !torch.vtensor<[5,3,2],f32>
// CHECK:         %[[PERM:.*]] = torch.prim.ListConstruct %int1{{.*}}, %int2{{.*}}, %int0{{.*}} :
// CHECK:         %[[B:.*]] = torch.aten.permute %arg0, %[[PERM]] : !torch.vtensor<[2,3,5],f32>, !torch.list<int> -> !torch.vtensor<[3,5,2],f32>
// CHECK:         return %[[A]], %[[B]]
func.func @transpose(%x: !torch.vtensor<[2,3,5],f32>) -> (!torch.vtensor<[5,3,2],f32>, !torch.vtensor<[3,5,2],f32>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Transpose"(%x) : (!torch.vtensor<[2,3,5],f32>) -> !torch.vtensor<[5,3,2],f32>
  %1 = torch.operator "onnx.Transpose"(%x) {torch.onnx.perm = [1 : si64, 2 : si64, 0 : si64]} : (!torch.vtensor<[2,3,5],f32>) -> !torch.vtensor<[3,5,2],f32>
  return %0, %1 : !torch.vtensor<[5,3,2],f32>, !torch.vtensor<[3,5,2],f32>
}

// -----

// Trilu, lower with k = -1: aten.tril over the last two dims (kept where
// col - row <= -1, 0 elsewhere), which the middle end breaks down.
// CHECK-LABEL: func.func @trilu_lower
// CHECK:         %[[K:.*]] = torch.constant.int -1
// CHECK:         torch.aten.tril %arg0, %[[K]] : !torch.vtensor<[2,3,4],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32>
// CHECK-NOT:     torch.aten.where.ScalarOther
// CHECK-NOT:     torch.operator
func.func @trilu_lower(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 14 : si64}} {
  %k = torch.vtensor.literal(dense<-1> : tensor<si64>) : !torch.vtensor<[],si64>
  %0 = torch.operator "onnx.Trilu"(%x, %k) {torch.onnx.upper = 0 : si64} : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[],si64>) -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// Trilu, upper (the default) with k at run time: aten.triu by the 0-d k's
// element.
// CHECK-LABEL: func.func @trilu_upper_run_time_k
// CHECK:         %[[K:.*]] = torch.aten.Int.Tensor %arg1 : !torch.vtensor<[],si64> -> !torch.int
// CHECK:         torch.aten.triu %arg0, %[[K]] : !torch.vtensor<[3,4],si32>, !torch.int -> !torch.vtensor<[3,4],si32>
// CHECK-NOT:     torch.aten.where.ScalarOther
func.func @trilu_upper_run_time_k(%x: !torch.vtensor<[3,4],si32>, %k: !torch.vtensor<[],si64>) -> !torch.vtensor<[3,4],si32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 14 : si64}} {
  %0 = torch.operator "onnx.Trilu"(%x, %k) : (!torch.vtensor<[3,4],si32>, !torch.vtensor<[],si64>) -> !torch.vtensor<[3,4],si32>
  return %0 : !torch.vtensor<[3,4],si32>
}
