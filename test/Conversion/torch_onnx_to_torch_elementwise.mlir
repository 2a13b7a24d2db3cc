// convert-torch-onnx-to-torch: elementwise ops, activations, comparisons, Cast,
// QuantizeLinear and DequantizeLinear.
// RUN: torch-mlir-opt %s -convert-torch-onnx-to-torch -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @add
// CHECK:         %[[ONE:.*]] = torch.constant.int 1
// CHECK:         torch.aten.add.Tensor %arg0, %arg1, %[[ONE]] : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
// CHECK-NOT:     torch.operator
func.func @add(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 14 : si64}} {
  %0 = torch.operator "onnx.Add"(%a, %b) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// Integer Div rounds toward zero, float Div does not round.
// CHECK-LABEL: func.func @div
// CHECK:         %[[TRUNC:.*]] = torch.constant.str "trunc"
// CHECK:         torch.aten.div.Tensor_mode %arg0, %arg0, %[[TRUNC]] : {{.*}} -> !torch.vtensor<[4],si32>
// CHECK:         torch.aten.div.Tensor %arg1, %arg1 : {{.*}} -> !torch.vtensor<[4],f32>
func.func @div(%i: !torch.vtensor<[4],si32>, %f: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],si32>, !torch.vtensor<[4],f32>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 14 : si64}} {
  %0 = torch.operator "onnx.Div"(%i, %i) : (!torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>) -> !torch.vtensor<[4],si32>
  %1 = torch.operator "onnx.Div"(%f, %f) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[4],si32>, !torch.vtensor<[4],f32>
}

// -----

// Mod: fmod=1 keeps the dividend's sign, fmod=0 the divisor's.
// CHECK-LABEL: func.func @mod
// CHECK:         torch.aten.fmod.Tensor %arg0, %arg0
// CHECK:         torch.aten.remainder.Tensor %arg0, %arg0
func.func @mod(%i: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Mod"(%i, %i) {torch.onnx.fmod = 1 : si64} : (!torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],si64>
  %1 = torch.operator "onnx.Mod"(%i, %i) : (!torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],si64>
  return %0, %1 : !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>
}

// -----

// Clip's bounds: attributes up to opset 10, optional operands from 11.
// CHECK-LABEL: func.func @clip
// CHECK:         %[[LO:.*]] = torch.constant.float -1.000000e+00
// CHECK:         %[[NONE:.*]] = torch.constant.none
// CHECK:         torch.aten.clamp %arg0, %[[LO]], %[[NONE]]
func.func @clip(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 6 : si64}} {
  %0 = torch.operator "onnx.Clip"(%x) {torch.onnx.min = -1.0 : f32} : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// CHECK-LABEL: func.func @clip_operands
// CHECK:         torch.aten.clamp.Tensor %arg0, %{{.*}}, %arg1 : !torch.vtensor<[4],f32>, !torch.none, !torch.vtensor<[],f32>
func.func @clip_operands(%x: !torch.vtensor<[4],f32>, %hi: !torch.vtensor<[],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Clip"(%x, %none, %hi) : (!torch.vtensor<[4],f32>, !torch.none, !torch.vtensor<[],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @cast
// CHECK:         %[[F16:.*]] = torch.constant.int 5
// CHECK:         torch.aten.to.dtype %arg0, %[[F16]], {{.*}} -> !torch.vtensor<[4],f16>
func.func @cast(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f16>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Cast"(%x) {torch.onnx.to = 10 : si64} : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f16>
  return %0 : !torch.vtensor<[4],f16>
}

// -----

// Variadic Sum: one add per extra operand, each typed by its broadcast.
// CHECK-LABEL: func.func @sum
// CHECK:         %[[S:.*]] = torch.aten.add.Tensor %arg0, %arg1, %{{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK:         torch.aten.add.Tensor %[[S]], %arg2, %{{.*}} -> !torch.vtensor<[4,2,3],f32>
func.func @sum(%a: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[2,1],f32>, %c: !torch.vtensor<[4,1,1],f32>) -> !torch.vtensor<[4,2,3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 13 : si64}} {
  %0 = torch.operator "onnx.Sum"(%a, %b, %c) : (!torch.vtensor<[3],f32>, !torch.vtensor<[2,1],f32>, !torch.vtensor<[4,1,1],f32>) -> !torch.vtensor<[4,2,3],f32>
  return %0 : !torch.vtensor<[4,2,3],f32>
}

// -----

// Selu is an ELU with its own scale.
// CHECK-LABEL: func.func @selu
// CHECK:         %[[ALPHA:.*]] = torch.constant.float 2.000000e+00
// CHECK:         %[[GAMMA:.*]] = torch.constant.float 3.000000e+00
// CHECK:         %[[ONE:.*]] = torch.constant.float 1.000000e+00
// CHECK:         torch.aten.elu %arg0, %[[ALPHA]], %[[GAMMA]], %[[ONE]]
func.func @selu(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 6 : si64}} {
  %0 = torch.operator "onnx.Selu"(%x) {torch.onnx.alpha = 2.0 : f32, torch.onnx.gamma = 3.0 : f32} : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// A float cast to int4: truncated, 0 outside [-8, 7] (NaN too), then to
// the 4-bit type through int32.
// CHECK-LABEL: func.func @cast_to_int4
// CHECK:         %[[WHOLE:.*]] = torch.aten.trunc %arg0
// CHECK:         %[[LOW:.*]] = torch.aten.ge.Scalar %[[WHOLE]], %float-8
// CHECK:         %[[HIGH:.*]] = torch.aten.le.Scalar %[[WHOLE]], %float7
// CHECK:         %[[INSIDE:.*]] = torch.aten.logical_and %[[LOW]], %[[HIGH]]
// CHECK:         %[[KEPT:.*]] = torch.aten.where.ScalarOther %[[INSIDE]], %[[WHOLE]], %float0
// CHECK:         %[[I32:.*]] = torch.aten.to.dtype %[[KEPT]], %int3
// CHECK:         torch.aten.to.dtype %[[I32]], %int40{{.*}} -> !torch.vtensor<[5],si4>
func.func @cast_to_int4(%x: !torch.vtensor<[5],f32>) -> !torch.vtensor<[5],si4>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Cast"(%x) {torch.onnx.to = 22 : si64} : (!torch.vtensor<[5],f32>) -> !torch.vtensor<[5],si4>
  return %0 : !torch.vtensor<[5],si4>
}

// -----

// An op of ONNX Runtime's domain goes by "<domain>.<op>" and that domain's
// opset: com.microsoft's FastGelu, the tanh approximation of x + bias.
// CHECK-LABEL: func.func @contrib_fast_gelu
// CHECK:         %[[SUM:.*]] = torch.aten.add.Tensor %arg0, %arg1
// CHECK:         %[[TANH:.*]] = torch.constant.str "tanh"
// CHECK:         torch.aten.gelu %[[SUM]], %[[TANH]]
func.func @contrib_fast_gelu(%x: !torch.vtensor<[2,4],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 17 : si64, com.microsoft = 1 : si64}} {
  %0 = torch.operator "onnx.com.microsoft.FastGelu"(%x, %b) : (!torch.vtensor<[2,4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}


// -----

// HardSwish and Mish are ATen's ops, which the middle end breaks down.
// CHECK-LABEL: func.func @hard_swish_and_mish
// CHECK:         %[[HS:.*]] = torch.aten.hardswish %arg0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
// CHECK:         torch.aten.mish %[[HS]] : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
func.func @hard_swish_and_mish(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0 = torch.operator "onnx.HardSwish"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  %1 = torch.operator "onnx.Mish"(%0) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %1 : !torch.vtensor<[4],f32>
}

// -----

// PRelu: x where x >= 0, slope * x below (the slope broadcasting to x).
// CHECK-LABEL: func.func @prelu
// CHECK-DAG:     %[[ZERO:.*]] = torch.constant.float 0.000000e+00
// CHECK:         %[[NEG:.*]] = torch.aten.lt.Scalar %arg0, %[[ZERO]] : !torch.vtensor<[2,3,4],f32>, !torch.float -> !torch.vtensor<[2,3,4],i1>
// CHECK:         %[[SCALED:.*]] = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3,1],f32> -> !torch.vtensor<[2,3,4],f32>
// CHECK:         torch.aten.where.self %[[NEG]], %[[SCALED]], %arg0
// CHECK-NOT:     torch.operator
func.func @prelu(%x: !torch.vtensor<[2,3,4],f32>, %slope: !torch.vtensor<[3,1],f32>) -> !torch.vtensor<[2,3,4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 16 : si64}} {
  %0 = torch.operator "onnx.PRelu"(%x, %slope) : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3,1],f32>) -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// DequantizeLinear per axis (axis 1 by default): (x - zero_point) * scale,
// the [3] parameters reshaped to [1,3,1] to broadcast along the axis.
// CHECK-LABEL: func.func @dequantize_per_axis
// CHECK:         %[[X:.*]] = torch.aten.to.dtype %arg0, %int6{{.*}} -> !torch.vtensor<[2,3,5],f32>
// CHECK:         %[[ZP:.*]] = torch.aten.reshape %arg2, %{{.*}} : !torch.vtensor<[3],si8>, !torch.list<int> -> !torch.vtensor<[1,3,1],si8>
// CHECK:         %[[ZPF:.*]] = torch.aten.to.dtype %[[ZP]], %int6{{.*}} -> !torch.vtensor<[1,3,1],f32>
// CHECK:         %[[CENTERED:.*]] = torch.aten.sub.Tensor %[[X]], %[[ZPF]], %{{.*}} -> !torch.vtensor<[2,3,5],f32>
// CHECK:         %[[SCALE:.*]] = torch.aten.reshape %arg1, %{{.*}} : !torch.vtensor<[3],f32>, !torch.list<int> -> !torch.vtensor<[1,3,1],f32>
// CHECK:         torch.aten.mul.Tensor %[[CENTERED]], %[[SCALE]] : !torch.vtensor<[2,3,5],f32>, !torch.vtensor<[1,3,1],f32> -> !torch.vtensor<[2,3,5],f32>
// CHECK-NOT:     torch.operator
func.func @dequantize_per_axis(%x: !torch.vtensor<[2,3,5],si8>, %scale: !torch.vtensor<[3],f32>, %zp: !torch.vtensor<[3],si8>) -> !torch.vtensor<[2,3,5],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 19 : si64}} {
  %0 = torch.operator "onnx.DequantizeLinear"(%x, %scale, %zp) : (!torch.vtensor<[2,3,5],si8>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],si8>) -> !torch.vtensor<[2,3,5],f32>
  return %0 : !torch.vtensor<[2,3,5],f32>
}

// -----

// QuantizeLinear per tensor to si8: x / scale rounded (halves to even),
// plus the zero point, clamped to [-128, 127], then cast (dtype 1).
// CHECK-LABEL: func.func @quantize
// CHECK:         %[[DIV:.*]] = torch.aten.div.Tensor %arg0, %arg1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[],f32> -> !torch.vtensor<[2,3],f32>
// CHECK:         %[[ROUND:.*]] = torch.aten.round %[[DIV]]
// CHECK:         %[[ZP:.*]] = torch.aten.to.dtype %arg2, %int6{{.*}} -> !torch.vtensor<[],f32>
// CHECK:         %[[SHIFTED:.*]] = torch.aten.add.Tensor %[[ROUND]], %[[ZP]]
// CHECK-DAG:     %[[LO:.*]] = torch.constant.float -1.280000e+02
// CHECK-DAG:     %[[HI:.*]] = torch.constant.float 1.270000e+02
// CHECK:         %[[CLAMPED:.*]] = torch.aten.clamp %[[SHIFTED]], %[[LO]], %[[HI]]
// CHECK-DAG:     %[[SI8:.*]] = torch.constant.int 1
// CHECK:         torch.aten.to.dtype %[[CLAMPED]], %[[SI8]], {{.*}} -> !torch.vtensor<[2,3],si8>
// CHECK-NOT:     torch.operator
func.func @quantize(%x: !torch.vtensor<[2,3],f32>, %scale: !torch.vtensor<[],f32>, %zp: !torch.vtensor<[],si8>) -> !torch.vtensor<[2,3],si8>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 19 : si64}} {
  %0 = torch.operator "onnx.QuantizeLinear"(%x, %scale, %zp) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[],f32>, !torch.vtensor<[],si8>) -> !torch.vtensor<[2,3],si8>
  return %0 : !torch.vtensor<[2,3],si8>
}

// -----

// Blocked QuantizeLinear (opset 21): each [2,2] parameter repeated over its
// block of 3 along axis 1 (unsqueeze, broadcast, merge) before use; to ui8,
// clamped to [0, 255].
// CHECK-LABEL: func.func @quantize_blocked
// CHECK:         %[[S1:.*]] = torch.aten.unsqueeze %arg1, %{{.*}} -> !torch.vtensor<[2,2,1],f32>
// CHECK:         %[[S2:.*]] = torch.aten.broadcast_to %[[S1]], %{{.*}} -> !torch.vtensor<[2,2,3],f32>
// CHECK:         %[[S3:.*]] = torch.aten.reshape %[[S2]], %{{.*}} -> !torch.vtensor<[2,6],f32>
// CHECK:         %[[DIV:.*]] = torch.aten.div.Tensor %arg0, %[[S3]]
// CHECK:         torch.aten.unsqueeze %arg2, %{{.*}} -> !torch.vtensor<[2,2,1],ui8>
// CHECK-DAG:     %[[LO:.*]] = torch.constant.float 0.000000e+00
// CHECK-DAG:     %[[HI:.*]] = torch.constant.float 2.550000e+02
// CHECK:         torch.aten.clamp %{{.*}}, %[[LO]], %[[HI]]
// CHECK:         torch.aten.to.dtype {{.*}} -> !torch.vtensor<[2,6],ui8>
func.func @quantize_blocked(%x: !torch.vtensor<[2,6],f32>, %scale: !torch.vtensor<[2,2],f32>, %zp: !torch.vtensor<[2,2],ui8>) -> !torch.vtensor<[2,6],ui8>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.QuantizeLinear"(%x, %scale, %zp) {torch.onnx.axis = 1 : si64, torch.onnx.block_size = 3 : si64} : (!torch.vtensor<[2,6],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],ui8>) -> !torch.vtensor<[2,6],ui8>
  return %0 : !torch.vtensor<[2,6],ui8>
}
