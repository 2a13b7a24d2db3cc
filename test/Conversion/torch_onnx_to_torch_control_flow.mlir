// convert-torch-onnx-to-torch: If, Loop, Scan.
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

// -----

// Scan: a loop over the scan input's 4 slices carrying the state and the
// scan output, which starts as zeros and gets slice i written in iteration i.
// CHECK-LABEL: func.func @scan
// CHECK:         %[[ZEROS:.*]] = torch.aten.zeros {{.*}} -> !torch.vtensor<[4,2],f32>
// CHECK:         %[[LOOP:.*]]:2 = torch.prim.Loop %int4{{.*}}, %true, init(%arg0, %[[ZEROS]]) {
// CHECK:         ^bb0(%[[I:.*]]: !torch.int, %[[S:.*]]: !torch.vtensor<[2],f32>, %[[ACC:.*]]: !torch.vtensor<[4,2],f32>):
// CHECK:           %[[XT:.*]] = torch.aten.select.int %arg1, %int0{{.*}}, %[[I]] : !torch.vtensor<[4,2],f32>, !torch.int, !torch.int -> !torch.vtensor<[2],f32>
// CHECK:           %[[S2:.*]] = torch.aten.add.Tensor %[[S]], %[[XT]]
// CHECK:           %[[ROW:.*]] = torch.aten.unsqueeze %[[S2]], %int0{{.*}} -> !torch.vtensor<[1,2],f32>
// CHECK:           %[[END:.*]] = torch.aten.add.int %[[I]], %int1
// CHECK:           %[[NEXT:.*]] = torch.aten.slice_scatter %[[ACC]], %[[ROW]], %int0{{.*}}, %[[I]], %[[END]], %int1
// CHECK:           torch.prim.Loop.condition %true, iter(%[[S2]], %[[NEXT]] : !torch.vtensor<[2],f32>, !torch.vtensor<[4,2],f32>)
// CHECK:         }
// CHECK:         return %[[LOOP]]#0, %[[LOOP]]#1
func.func @scan(%s0: !torch.vtensor<[2],f32>, %x: !torch.vtensor<[4,2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[4,2],f32>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 16 : si64}} {
  %0:2 = torch.operator "onnx.Scan"(%s0, %x) {torch.onnx.num_scan_inputs = 1 : si64} : (!torch.vtensor<[2],f32>, !torch.vtensor<[4,2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[4,2],f32>) {
  ^bb0(%s: !torch.vtensor<[2],f32>, %xt: !torch.vtensor<[2],f32>):
    %1 = torch.operator "onnx.Add"(%s, %xt) : (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
    torch.operator_terminator %1, %1 : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
  }
  return %0#0, %0#1 : !torch.vtensor<[2],f32>, !torch.vtensor<[4,2],f32>
}

// -----

// The scan length must be static: the outputs it stacks are built up front.
func.func @scan_of_unknown_length(%s0: !torch.vtensor<[2],f32>, %x: !torch.vtensor<[?,2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[?,2],f32>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 16 : si64}} {
  // expected-error @+1 {{onnx.Scan (opset 16): output 1 is not a tensor of static shape and a Torch dtype}}
  %0:2 = torch.operator "onnx.Scan"(%s0, %x) {torch.onnx.num_scan_inputs = 1 : si64} : (!torch.vtensor<[2],f32>, !torch.vtensor<[?,2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[?,2],f32>) {
  ^bb0(%s: !torch.vtensor<[2],f32>, %xt: !torch.vtensor<[2],f32>):
    torch.operator_terminator %s, %xt : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
  }
  return %0#0, %0#1 : !torch.vtensor<[2],f32>, !torch.vtensor<[?,2],f32>
}

// -----

// Loop with a trip count and a condition from the body: the iteration number
// becomes a tensor, the body's condition input a literal true (it is true
// whenever the body runs), and its condition output the loop's.
// CHECK-LABEL: func.func @loop_while
// CHECK-DAG:     %[[N:.*]] = torch.aten.Int.Tensor %arg0 : !torch.vtensor<[],si64> -> !torch.int
// CHECK-DAG:     %[[GO:.*]] = torch.aten.Bool.Tensor %arg1 : !torch.vtensor<[],i1> -> !torch.bool
// CHECK:         torch.prim.Loop %[[N]], %[[GO]], init(%arg2) {
// CHECK:         ^bb0(%[[I:.*]]: !torch.int, %[[V:.*]]: !torch.vtensor<[2],f32>):
// CHECK:           %[[IT:.*]] = torch.prim.NumToTensor.Scalar %[[I]] : !torch.int -> !torch.vtensor<[],si64>
// CHECK:           %[[LESS:.*]] = torch.aten.lt.Tensor
// CHECK:           %[[NEXT:.*]] = torch.aten.Bool.Tensor %[[LESS]]
// CHECK:           torch.prim.Loop.condition %[[NEXT]], iter(
func.func @loop_while(%n: !torch.vtensor<[],si64>, %c: !torch.vtensor<[],i1>, %v0: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 16 : si64}} {
  %0 = torch.operator "onnx.Loop"(%n, %c, %v0) : (!torch.vtensor<[],si64>, !torch.vtensor<[],i1>, !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  ^bb0(%i: !torch.vtensor<[],si64>, %cond: !torch.vtensor<[],i1>, %v: !torch.vtensor<[2],f32>):
    %1 = torch.operator "onnx.Cast"(%i) {torch.onnx.to = 1 : si64} : (!torch.vtensor<[],si64>) -> !torch.vtensor<[],f32>
    %2 = torch.operator "onnx.Add"(%v, %1) : (!torch.vtensor<[2],f32>, !torch.vtensor<[],f32>) -> !torch.vtensor<[2],f32>
    %3 = torch.operator "onnx.ReduceSum"(%2) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[],f32>
    %4 = torch.operator "onnx.Less"(%3, %1) : (!torch.vtensor<[],f32>, !torch.vtensor<[],f32>) -> !torch.vtensor<[],i1>
    torch.operator_terminator %4, %2 : !torch.vtensor<[],i1>, !torch.vtensor<[2],f32>
  }
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// A scan output's size is the trip count: it must be constant.
func.func @loop_scan_output_of_unknown_size(%n: !torch.vtensor<[],si64>, %v0: !torch.vtensor<[2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[?,2],f32>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 16 : si64}} {
  %none = torch.constant.none
  // expected-error @+1 {{onnx.Loop (opset 16): scan output 0 needs a constant trip count, a loop that never stops early, and a static shape with a Torch dtype}}
  %0:2 = torch.operator "onnx.Loop"(%n, %none, %v0) : (!torch.vtensor<[],si64>, !torch.none, !torch.vtensor<[2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[?,2],f32>) {
  ^bb0(%i: !torch.vtensor<[],si64>, %cond: !torch.vtensor<[],i1>, %v: !torch.vtensor<[2],f32>):
    torch.operator_terminator %cond, %v, %v : !torch.vtensor<[],i1>, !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
  }
  return %0#0, %0#1 : !torch.vtensor<[2],f32>, !torch.vtensor<[?,2],f32>
}

// -----

// A scan output slice of unknown rank is named (its stacking needs the rank).
func.func @loop_scan_slice_of_unknown_rank(%v0: !torch.vtensor<[2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[3,2],f32>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 16 : si64}} {
  %n = torch.vtensor.literal(dense<3> : tensor<si64>) : !torch.vtensor<[],si64>
  %none = torch.constant.none
  // expected-error @+1 {{onnx.Loop (opset 16): the body's slice of scan output 0 has no known rank and dtype}}
  %0:2 = torch.operator "onnx.Loop"(%n, %none, %v0) : (!torch.vtensor<[],si64>, !torch.none, !torch.vtensor<[2],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[3,2],f32>) {
  ^bb0(%i: !torch.vtensor<[],si64>, %cond: !torch.vtensor<[],i1>, %v: !torch.vtensor<[2],f32>):
    %1 = torch.tensor_static_info_cast %v : !torch.vtensor<[2],f32> to !torch.vtensor<*,f32>
    torch.operator_terminator %cond, %v, %1 : !torch.vtensor<[],i1>, !torch.vtensor<[2],f32>, !torch.vtensor<*,f32>
  }
  return %0#0, %0#1 : !torch.vtensor<[2],f32>, !torch.vtensor<[3,2],f32>
}
