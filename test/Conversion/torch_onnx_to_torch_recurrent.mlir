// convert-torch-onnx-to-torch: RNN, GRU, LSTM. Each direction is a
// torch.prim.Loop over the sequence (its length may be known only at run
// time) carrying the states and Y, whose slice t it writes.
// RUN: torch-mlir-opt %s -convert-torch-onnx-to-torch -split-input-file -verify-diagnostics | FileCheck %s

// LSTM, forward, sequence and batch dynamic, with biases: the weights are
// selected and transposed once, before the loop; a step is two mm's and the
// gates i, o, f, c as column slices; Y_c is not asked for.
// CHECK-LABEL: func.func @lstm
// CHECK:         %[[T:.*]] = torch.aten.size.int %arg0, %{{.*}} : !torch.vtensor<[?,?,2],f32>, !torch.int -> !torch.int
// CHECK:         %[[W:.*]] = torch.aten.transpose.int %{{.*}} -> !torch.vtensor<[2,12],f32>
// CHECK:         %[[R:.*]] = torch.aten.transpose.int %{{.*}} -> !torch.vtensor<[3,12],f32>
// CHECK:         %[[Y0:.*]] = torch.aten.zeros %{{.*}} -> !torch.vtensor<[?,?,3],f32>
// CHECK:         %[[LOOP:.*]]:3 = torch.prim.Loop %[[T]], %{{.*}}, init(%{{.*}}, %{{.*}}, %[[Y0]]) {
// CHECK:         ^bb0(%[[I:.*]]: !torch.int, %[[H:.*]]: !torch.vtensor<[?,3],f32>, %[[C:.*]]: !torch.vtensor<[?,3],f32>, %[[Y:.*]]: !torch.vtensor<[?,?,3],f32>):
// CHECK:           %[[XT:.*]] = torch.aten.select.int %arg0, %{{.*}}, %[[I]]
// CHECK:           torch.aten.mm %[[XT]], %[[W]]
// CHECK:           torch.aten.mm %[[H]], %[[R]]
// CHECK-COUNT-3:   torch.aten.slice.Tensor %{{.*}} -> !torch.vtensor<[?,3],f32>
// CHECK:           torch.aten.sigmoid
// CHECK:           torch.aten.sigmoid
// CHECK:           torch.aten.slice.Tensor %{{.*}} -> !torch.vtensor<[?,3],f32>
// CHECK:           torch.aten.tanh
// CHECK:           torch.aten.sigmoid
// CHECK:           torch.aten.tanh
// CHECK:           %[[NEXTY:.*]] = torch.aten.slice_scatter %[[Y]], %{{.*}}, %{{.*}}, %[[I]]
// CHECK:           torch.prim.Loop.condition %{{.*}}, iter(%{{.*}}, %{{.*}}, %[[NEXTY]] :
// CHECK:         %[[STACKED:.*]] = torch.aten.unsqueeze %[[LOOP]]#2, %{{.*}} -> !torch.vtensor<[?,1,?,3],f32>
// CHECK:         %[[HT:.*]] = torch.aten.unsqueeze %[[LOOP]]#0, %{{.*}} -> !torch.vtensor<[1,?,3],f32>
// CHECK:         return %[[STACKED]], %[[HT]]
func.func @lstm(%x: !torch.vtensor<[?,?,2],f32>, %w: !torch.vtensor<[1,12,2],f32>, %r: !torch.vtensor<[1,12,3],f32>, %b: !torch.vtensor<[1,24],f32>) -> (!torch.vtensor<[?,1,?,3],f32>, !torch.vtensor<[1,?,3],f32>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 22 : si64}} {
  %0:3 = torch.operator "onnx.LSTM"(%x, %w, %r, %b) {torch.onnx.hidden_size = 3 : si64} : (!torch.vtensor<[?,?,2],f32>, !torch.vtensor<[1,12,2],f32>, !torch.vtensor<[1,12,3],f32>, !torch.vtensor<[1,24],f32>) -> (!torch.vtensor<[?,1,?,3],f32>, !torch.vtensor<[1,?,3],f32>, !torch.none)
  return %0#0, %0#1 : !torch.vtensor<[?,1,?,3],f32>, !torch.vtensor<[1,?,3],f32>
}

// -----

// GRU, bidirectional, batch first (layout 1): X is transposed to [T, B, I];
// the reverse direction's step is T - 1 - i; Y stacks both directions and is
// permuted back to [B, T, D, H].
// CHECK-LABEL: func.func @gru_bidirectional
// CHECK:         %[[X:.*]] = torch.aten.transpose.int %arg0, %{{.*}}, %{{.*}} : !torch.vtensor<[2,4,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,2,3],f32>
// CHECK:         %[[FWD:.*]]:2 = torch.prim.Loop
// CHECK:           torch.aten.select.int %[[X]], %{{.*}}, %{{.*}} : !torch.vtensor<[4,2,3],f32>
// CHECK:         %[[BWD:.*]]:2 = torch.prim.Loop
// CHECK:         ^bb0(%[[I:.*]]: !torch.int,
// CHECK:           %[[LAST:.*]] = torch.aten.sub.int %{{.*}}, %{{.*}} : !torch.int, !torch.int -> !torch.int
// CHECK:           %[[STEP:.*]] = torch.aten.sub.int %[[LAST]], %[[I]]
// CHECK:           torch.aten.select.int %[[X]], %{{.*}}, %[[STEP]]
// CHECK:         torch.aten.cat %{{.*}} -> !torch.vtensor<[4,2,2,5],f32>
// CHECK:         torch.aten.permute %{{.*}} -> !torch.vtensor<[2,4,2,5],f32>
func.func @gru_bidirectional(%x: !torch.vtensor<[2,4,3],f32>, %w: !torch.vtensor<[2,15,3],f32>, %r: !torch.vtensor<[2,15,5],f32>) -> !torch.vtensor<[2,4,2,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 22 : si64}} {
  %0 = torch.operator "onnx.GRU"(%x, %w, %r) {torch.onnx.direction = "bidirectional", torch.onnx.hidden_size = 5 : si64, torch.onnx.layout = 1 : si64} : (!torch.vtensor<[2,4,3],f32>, !torch.vtensor<[2,15,3],f32>, !torch.vtensor<[2,15,5],f32>) -> !torch.vtensor<[2,4,2,5],f32>
  return %0 : !torch.vtensor<[2,4,2,5],f32>
}

// -----

// RNN with sequence_lens: a step past a sequence's length keeps its state
// and leaves Y zero. The activation list's names are read without regard to
// case; LeakyRelu takes the first alpha.
// CHECK-LABEL: func.func @rnn_lengths
// CHECK:         torch.prim.Loop
// CHECK:         ^bb0(%[[I:.*]]: !torch.int, %[[H:.*]]: !torch.vtensor<[3,4],f32>,
// CHECK:           %[[NEW:.*]] = torch.aten.leaky_relu %{{.*}}, %{{.*}} : !torch.vtensor<[3,4],f32>, !torch.float -> !torch.vtensor<[3,4],f32>
// CHECK:           %[[RUNNING:.*]] = torch.aten.gt.Scalar %arg3, %[[I]] : !torch.vtensor<[3],si32>, !torch.int -> !torch.vtensor<[3],i1>
// CHECK:           %[[MASK:.*]] = torch.aten.unsqueeze %[[RUNNING]], %{{.*}} -> !torch.vtensor<[3,1],i1>
// CHECK:           %[[KEPT:.*]] = torch.aten.where.self %[[MASK]], %[[NEW]], %[[H]]
// CHECK:           torch.aten.where.ScalarOther %[[MASK]], %[[NEW]], %{{.*}}
// CHECK:           torch.prim.Loop.condition %{{.*}}, iter(%[[KEPT]],
func.func @rnn_lengths(%x: !torch.vtensor<[5,3,2],f32>, %w: !torch.vtensor<[1,4,2],f32>, %r: !torch.vtensor<[1,4,4],f32>, %lengths: !torch.vtensor<[3],si32>) -> !torch.vtensor<[1,3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 22 : si64}} {
  %none = torch.constant.none
  %0:2 = torch.operator "onnx.RNN"(%x, %w, %r, %none, %lengths) {torch.onnx.activations = ["leakyrelu"], torch.onnx.activation_alpha = [2.000000e-01 : f32], torch.onnx.hidden_size = 4 : si64} : (!torch.vtensor<[5,3,2],f32>, !torch.vtensor<[1,4,2],f32>, !torch.vtensor<[1,4,4],f32>, !torch.none, !torch.vtensor<[3],si32>) -> (!torch.none, !torch.vtensor<[1,3,4],f32>)
  return %0#1 : !torch.vtensor<[1,3,4],f32>
}

// -----

// Run-time sequence lengths in the reverse direction are not converted.
func.func @reverse_lengths(%x: !torch.vtensor<[5,3,2],f32>, %w: !torch.vtensor<[1,4,2],f32>, %r: !torch.vtensor<[1,4,4],f32>, %lengths: !torch.vtensor<[3],si32>) -> !torch.vtensor<[1,3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 22 : si64}} {
  %none = torch.constant.none
  // expected-error @+1 {{onnx.RNN (opset 22): sequence_lens other than the sequence length are converted for the forward direction only}}
  %0:2 = torch.operator "onnx.RNN"(%x, %w, %r, %none, %lengths) {torch.onnx.direction = "reverse", torch.onnx.hidden_size = 4 : si64} : (!torch.vtensor<[5,3,2],f32>, !torch.vtensor<[1,4,2],f32>, !torch.vtensor<[1,4,4],f32>, !torch.none, !torch.vtensor<[3],si32>) -> (!torch.none, !torch.vtensor<[1,3,4],f32>)
  return %0#1 : !torch.vtensor<[1,3,4],f32>
}

// -----

// Weights that do not fit hidden_size are named, and so is an activation
// ONNX does not define.
func.func @misfit_weights(%x: !torch.vtensor<[5,3,2],f32>, %w: !torch.vtensor<[1,12,2],f32>, %r: !torch.vtensor<[1,12,3],f32>) -> !torch.vtensor<[1,3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 22 : si64}} {
  // expected-error @+1 {{onnx.GRU (opset 22): W [1, 12, 2] and R [1, 12, 3] do not fit hidden_size 4, 1 direction(s) and X's input size 2 (unknown sizes are -1)}}
  %0:2 = torch.operator "onnx.GRU"(%x, %w, %r) {torch.onnx.hidden_size = 4 : si64} : (!torch.vtensor<[5,3,2],f32>, !torch.vtensor<[1,12,2],f32>, !torch.vtensor<[1,12,3],f32>) -> (!torch.none, !torch.vtensor<[1,3,4],f32>)
  return %0#1 : !torch.vtensor<[1,3,4],f32>
}

// -----

func.func @unknown_activation(%x: !torch.vtensor<[5,3,2],f32>, %w: !torch.vtensor<[1,4,2],f32>, %r: !torch.vtensor<[1,4,4],f32>) -> !torch.vtensor<[1,3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 22 : si64}} {
  // expected-error @+1 {{onnx.RNN (opset 22): activation 'Swish' is not one ONNX defines}}
  %0:2 = torch.operator "onnx.RNN"(%x, %w, %r) {torch.onnx.activations = ["Swish"], torch.onnx.hidden_size = 4 : si64} : (!torch.vtensor<[5,3,2],f32>, !torch.vtensor<[1,4,2],f32>, !torch.vtensor<[1,4,4],f32>) -> (!torch.none, !torch.vtensor<[1,3,4],f32>)
  return %0#1 : !torch.vtensor<[1,3,4],f32>
}
