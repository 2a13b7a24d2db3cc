// convert-torch-onnx-to-torch: NonMaxSuppression.
// RUN: torch-mlir-opt %s -convert-torch-onnx-to-torch -split-input-file | FileCheck %s

// One batch, one class: the pairwise suppression, the scores sorted, a loop
// carrying the selected flags and their count, then the selected rows.
// CHECK-LABEL: func.func @nms
// CHECK:         %[[IOU:.*]] = torch.aten.div.Tensor %{{.*}} -> !torch.vtensor<[3,3],f32>
// CHECK:         %[[SUPPRESS:.*]] = torch.aten.logical_and %{{.*}} -> !torch.vtensor<[3,3],i1>
// CHECK:         %[[SORTED:.*]], %[[ORDER:.*]] = torch.aten.sort %{{.*}}, %int0{{[_0-9]*}}, %true
// CHECK:         %[[LOOP:.*]]:2 = torch.prim.Loop %int3{{[_0-9]*}}, %true{{[_0-9]*}}, init(%{{.*}}, %{{.*}}) {
// CHECK:           torch.aten.any
// CHECK:           torch.aten.lt.Scalar
// CHECK:           torch.prim.Loop.condition
// CHECK:         %[[WHERE:.*]] = torch.aten.nonzero %[[LOOP]]#0
// CHECK:         torch.aten.index_select %[[ORDER]], %int0{{[_0-9]*}}, %{{.*}}
// CHECK:         torch.aten.cat %{{.*}}, %int1{{[_0-9]*}} : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?,3],si64>
func.func @nms(%boxes: !torch.vtensor<[1,3,4],f32>, %scores: !torch.vtensor<[1,1,3],f32>, %max: !torch.vtensor<[1],si64>, %iou: !torch.vtensor<[1],f32>) -> !torch.vtensor<[?,3],si64>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 11 : si64}} {
  %0 = torch.operator "onnx.NonMaxSuppression"(%boxes, %scores, %max, %iou) : (!torch.vtensor<[1,3,4],f32>, !torch.vtensor<[1,1,3],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],f32>) -> !torch.vtensor<[?,3],si64>
  return %0 : !torch.vtensor<[?,3],si64>
}
