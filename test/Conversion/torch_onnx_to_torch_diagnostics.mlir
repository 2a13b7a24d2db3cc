// convert-torch-onnx-to-torch's errors: each at the op, naming it.
// RUN: torch-mlir-opt %s -convert-torch-onnx-to-torch -split-input-file -verify-diagnostics

func.func @unknown_op(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  // expected-error @+1 {{onnx.NoSuchOp (opset 21): no conversion for this ONNX op}}
  %0 = torch.operator "onnx.NoSuchOp"(%x) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// A com.microsoft op keeps its domain, and is not taken for the standard op.
func.func @unknown_domain(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64, com.microsoft = 1 : si64}} {
  // expected-error @+1 {{onnx.com.microsoft.Relu: no conversion for ONNX domain 'com.microsoft'}}
  %0 = torch.operator "onnx.com.microsoft.Relu"(%x) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

func.func @too_new_opset(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 99 : si64}} {
  // expected-error @+1 {{onnx.Relu: the model's opset 99 is newer than any conversion knows (they were written against opsets up to 28)}}
  %0 = torch.operator "onnx.Relu"(%x) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// Add before opset 7 broadcast by attribute: a meaning not converted.
func.func @too_old_opset(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 6 : si64}} {
  // expected-error @+1 {{onnx.Add (opset 6): converted only from opset 7}}
  %0 = torch.operator "onnx.Add"(%x, %x) : (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

func.func @no_opset(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  // expected-error @+1 {{onnx.Relu: the function records no opset for the default domain}}
  %0 = torch.operator "onnx.Relu"(%x) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// An unranked result: the conversion names it rather than guess a rank.
func.func @unranked(%x: !torch.vtensor<*,f32>) -> !torch.vtensor<*,f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  // expected-error @+1 {{onnx.Relu (opset 21): the result's rank or dtype is unknown}}
  %0 = torch.operator "onnx.Relu"(%x) : (!torch.vtensor<*,f32>) -> !torch.vtensor<*,f32>
  return %0 : !torch.vtensor<*,f32>
}

// -----

// Axes known only at run time, and how many of them is unknown too.
func.func @runtime_axes(%x: !torch.vtensor<[3,3],f32>, %axes: !torch.vtensor<[?],si64>) -> !torch.vtensor<[3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  // expected-error @+1 {{onnx.ReduceSum (opset 18): axes given at run time must have a static length}}
  %0 = torch.operator "onnx.ReduceSum"(%x, %axes) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[3,3],f32>, !torch.vtensor<[?],si64>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// Ops of other namespaces are not this pass's.
func.func @not_onnx(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "aten.foo"(%x) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// Every node with no conversion is named, not only the first.
func.func @two_unknown_ops(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  // expected-error @+1 {{onnx.NoSuchOp (opset 21): no conversion for this ONNX op}}
  %0 = torch.operator "onnx.NoSuchOp"(%x) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  %1 = torch.operator "onnx.Relu"(%0) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  // expected-error @+1 {{onnx.AlsoNoSuchOp (opset 21): no conversion for this ONNX op}}
  %2 = torch.operator "onnx.AlsoNoSuchOp"(%1) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %2 : !torch.vtensor<[3],f32>
}

// -----

// A conversion that fails says why at the node, once: the driver's own
// "failed to legalize" is not repeated (verify-diagnostics fails on an
// unexpected error).
func.func @conversion_fails(%x: !torch.vtensor<[1,2,3],f32>, %w: !torch.vtensor<[1,12,2],f32>, %r: !torch.vtensor<[1,12,3],f32>) -> !torch.vtensor<[3,1,1,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 22 : si64}} {
  // expected-error @+1 {{onnx.GRU (opset 22): W [1, 12, 2] and R [1, 12, 3] do not fit hidden_size 4}}
  %0 = torch.operator "onnx.GRU"(%x, %w, %r) {torch.onnx.hidden_size = 4 : si64} : (!torch.vtensor<[1,2,3],f32>, !torch.vtensor<[1,12,2],f32>, !torch.vtensor<[1,12,3],f32>) -> !torch.vtensor<[3,1,1,4],f32>
  return %0 : !torch.vtensor<[3,1,1,4],f32>
}

// -----

// Dropout before opset 7 trains unless is_test=1 (its default is 0):
// random dropping is not converted, rather than taken for inference.
func.func @dropout_training_before_opset_7(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 6 : si64}} {
  // expected-error @+1 {{onnx.Dropout (opset 6): is_test must be 1 (or the ratio 0): random dropping is not converted}}
  %0 = torch.operator "onnx.Dropout"(%x) {torch.onnx.ratio = 2.500000e-01 : f32} : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}
