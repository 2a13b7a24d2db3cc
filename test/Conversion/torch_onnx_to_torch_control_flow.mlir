// convert-torch-onnx-to-torch: If.
// RUN: torch-mlir-opt %s -convert-torch-onnx-to-torch -split-input-file -verify-diagnostics | FileCheck %s

// The condition's element picks the branch: then_branch is region 1 (the
// importer orders regions by attribute name), and a branch that knows more of
// the shape than the output is cast to it.
// CHECK-LABEL: func.func @if
// CHECK:         %[[FLAG:.*]] = torch.aten.Bool.Tensor %arg0 : !torch.vtensor<[1],i1> -> !torch.bool
// CHECK:         %[[IF:.*]] = torch.prim.If %[[FLAG]] -> (!torch.vtensor<[?],f32>) {
// CHECK:           %[[RELU:.*]] = torch.aten.relu %arg1
// CHECK:           %[[CAST:.*]] = torch.tensor_static_info_cast %[[RELU]] : !torch.vtensor<[3],f32> to !torch.vtensor<[?],f32>
// CHECK:           torch.prim.If.yield %[[CAST]] : !torch.vtensor<[?],f32>
// CHECK:         } else {
// CHECK:           %[[NEG:.*]] = torch.aten.neg %arg1
// CHECK:           torch.prim.If.yield {{.*}} : !torch.vtensor<[?],f32>
// CHECK:         }
// CHECK:         return %[[IF]]
func.func @if(%c: !torch.vtensor<[1],i1>, %x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[?],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.If"(%c) : (!torch.vtensor<[1],i1>) -> !torch.vtensor<[?],f32> {
    %1 = torch.operator "onnx.Neg"(%x) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
    torch.operator_terminator %1 : !torch.vtensor<[3],f32>
  }, {
    %1 = torch.operator "onnx.Relu"(%x) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
    torch.operator_terminator %1 : !torch.vtensor<[3],f32>
  }
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// An output that is not a tensor (here a sequence) is named, not guessed.
func.func @if_of_a_sequence(%c: !torch.vtensor<[],i1>, %x: !torch.list<vtensor<[3],f32>>) -> !torch.list<vtensor<[3],f32>>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  // expected-error @+1 {{onnx.If (opset 21): output 0 is not a tensor of known rank and dtype}}
  %0 = torch.operator "onnx.If"(%c) : (!torch.vtensor<[],i1>) -> !torch.list<vtensor<[3],f32>> {
    torch.operator_terminator %x : !torch.list<vtensor<[3],f32>>
  }, {
    torch.operator_terminator %x : !torch.list<vtensor<[3],f32>>
  }
  return %0 : !torch.list<vtensor<[3],f32>>
}
