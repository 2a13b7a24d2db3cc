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

