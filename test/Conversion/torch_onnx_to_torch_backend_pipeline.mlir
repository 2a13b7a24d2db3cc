// torch-onnx-to-torch-backend-pipeline: the ONNX conversion, then the middle
// end the FX road runs (its decompositions), keeping the ops a backend names.
// RUN: torch-mlir-opt %s -split-input-file -torch-onnx-to-torch-backend-pipeline | FileCheck %s
// RUN: torch-mlir-opt %s -split-input-file '-torch-onnx-to-torch-backend-pipeline=backend-legal-ops=aten.softmax.int' | FileCheck %s --check-prefix=LEGAL

// Softmax converts to softmax.int, which the middle end breaks down (max
// subtracted first); a backend that keeps softmax.int gets it whole.
// CHECK-LABEL: func.func @softmax
// CHECK:         torch.aten.amax
// CHECK:         torch.aten.exp
// CHECK:         torch.aten.sum.dim_IntList
// CHECK:         torch.aten.div.Tensor
// CHECK-NOT:     torch.aten.softmax.int
// LEGAL-LABEL:   func.func @softmax
// LEGAL:         torch.aten.softmax.int %arg0
// LEGAL-NOT:     torch.aten.exp
func.func @softmax(%x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Softmax"(%x) : (!torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// HardSwish: hardswish, which the middle end writes as x * hardsigmoid(x).
// CHECK-LABEL: func.func @hard_swish
// CHECK-NOT:     torch.aten.hardswish
// CHECK:         torch.aten.hardtanh
// CHECK:         torch.aten.mul.Tensor %arg0
func.func @hard_swish(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 14 : si64}} {
  %0 = torch.operator "onnx.HardSwish"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// LayerNormalization with its statistics used: native_layer_norm, which the
// middle end breaks down (its mean and rsqrt are the outputs).
// CHECK-LABEL: func.func @layer_norm
// CHECK-NOT:     torch.aten.native_layer_norm
// CHECK:         torch.aten.mean.dim
// CHECK:         torch.aten.rsqrt
// CHECK-NOT:     torch.aten.native_layer_norm
func.func @layer_norm(%x: !torch.vtensor<[2,3,4],f32>, %scale: !torch.vtensor<[4],f32>, %bias: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[2,3,1],f32>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 17 : si64}} {
  %0:3 = torch.operator "onnx.LayerNormalization"(%x, %scale, %bias) : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[2,3,1],f32>)
  return %0#0, %0#1, %0#2 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,1],f32>, !torch.vtensor<[2,3,1],f32>
}

// -----

// Trilu: triu, which the middle end writes as a where over col - row >= k.
// CHECK-LABEL: func.func @trilu
// CHECK-NOT:     torch.aten.triu
// CHECK:         torch.aten.ge.Scalar
// CHECK:         torch.aten.where.ScalarOther
// CHECK-NOT:     torch.aten.triu
func.func @trilu(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 14 : si64}} {
  %0 = torch.operator "onnx.Trilu"(%x) : (!torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}
