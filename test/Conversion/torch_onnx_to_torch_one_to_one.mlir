// convert-torch-onnx-to-torch: the one-to-one ops (elementwise math,
// activations, comparisons and logic, the bitwise ops and BitShift, CastLike,
// BitCast, Where, IsInf, ThresholdedRelu, HardSigmoid with PyTorch's alpha
// and beta), each the ATen op of its meaning, and the few written as others
// (Softsign, HardSigmoid with ONNX's own alpha and beta, Shrink, Mean).
// RUN: torch-mlir-opt %s -convert-torch-onnx-to-torch -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @abs(
// CHECK:         torch.aten.abs
// CHECK-NOT:     torch.operator
func.func @abs(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Abs"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @acos(
// CHECK:         torch.aten.acos
// CHECK-NOT:     torch.operator
func.func @acos(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Acos"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @acosh(
// CHECK:         torch.aten.acosh
// CHECK-NOT:     torch.operator
func.func @acosh(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Acosh"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @asin(
// CHECK:         torch.aten.asin
// CHECK-NOT:     torch.operator
func.func @asin(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Asin"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @asinh(
// CHECK:         torch.aten.asinh
// CHECK-NOT:     torch.operator
func.func @asinh(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Asinh"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @atan(
// CHECK:         torch.aten.atan
// CHECK-NOT:     torch.operator
func.func @atan(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Atan"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @atanh(
// CHECK:         torch.aten.atanh
// CHECK-NOT:     torch.operator
func.func @atanh(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Atanh"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @ceil(
// CHECK:         torch.aten.ceil
// CHECK-NOT:     torch.operator
func.func @ceil(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Ceil"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @cos(
// CHECK:         torch.aten.cos
// CHECK-NOT:     torch.operator
func.func @cos(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Cos"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @cosh(
// CHECK:         torch.aten.cosh
// CHECK-NOT:     torch.operator
func.func @cosh(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Cosh"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @erf(
// CHECK:         torch.aten.erf
// CHECK-NOT:     torch.operator
func.func @erf(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Erf"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @exp(
// CHECK:         torch.aten.exp
// CHECK-NOT:     torch.operator
func.func @exp(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Exp"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @floor(
// CHECK:         torch.aten.floor
// CHECK-NOT:     torch.operator
func.func @floor(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Floor"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @log(
// CHECK:         torch.aten.log
// CHECK-NOT:     torch.operator
func.func @log(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Log"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @reciprocal(
// CHECK:         torch.aten.reciprocal
// CHECK-NOT:     torch.operator
func.func @reciprocal(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Reciprocal"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @round(
// CHECK:         torch.aten.round
// CHECK-NOT:     torch.operator
func.func @round(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Round"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @sigmoid(
// CHECK:         torch.aten.sigmoid
// CHECK-NOT:     torch.operator
func.func @sigmoid(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Sigmoid"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @sign(
// CHECK:         torch.aten.sign
// CHECK-NOT:     torch.operator
func.func @sign(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Sign"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @sin(
// CHECK:         torch.aten.sin
// CHECK-NOT:     torch.operator
func.func @sin(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Sin"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @sinh(
// CHECK:         torch.aten.sinh
// CHECK-NOT:     torch.operator
func.func @sinh(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Sinh"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @sqrt(
// CHECK:         torch.aten.sqrt
// CHECK-NOT:     torch.operator
func.func @sqrt(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Sqrt"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @tan(
// CHECK:         torch.aten.tan
// CHECK-NOT:     torch.operator
func.func @tan(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Tan"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @tanh(
// CHECK:         torch.aten.tanh
// CHECK-NOT:     torch.operator
func.func @tanh(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Tanh"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @softplus(
// CHECK:         torch.aten.softplus
// CHECK-NOT:     torch.operator
func.func @softplus(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Softplus"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @softsign(
// CHECK:         torch.aten.abs
// CHECK:         torch.aten.add.Scalar
// CHECK:         torch.aten.div.Tensor
// CHECK-NOT:     torch.operator
func.func @softsign(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Softsign"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @isnan(
// CHECK:         torch.aten.isnan
// CHECK-NOT:     torch.operator
func.func @isnan(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.IsNaN"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// IsInf: aten.isinf (both signs, the default), aten.isposinf or
// aten.isneginf as detect_positive and detect_negative say; with neither,
// all false (x == NaN).
// CHECK-LABEL: func.func @isinf(
// CHECK-NOT:     torch.aten.abs
// CHECK:         %[[BOTH:.*]] = torch.aten.isinf %arg0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
// CHECK:         %[[POS:.*]] = torch.aten.isposinf %arg0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
// CHECK:         %[[NEG:.*]] = torch.aten.isneginf %arg0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
// CHECK:         %[[NONE:.*]] = torch.aten.eq.Scalar %arg0, %{{.*}} : !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[4],i1>
// CHECK:         return %[[BOTH]], %[[POS]], %[[NEG]], %[[NONE]]
// CHECK-NOT:     torch.operator
func.func @isinf(%x: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.IsInf"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
  %1 = torch.operator "onnx.IsInf"(%x) {torch.onnx.detect_negative = 0 : si64} : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
  %2 = torch.operator "onnx.IsInf"(%x) {torch.onnx.detect_positive = 0 : si64} : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
  %3 = torch.operator "onnx.IsInf"(%x) {torch.onnx.detect_negative = 0 : si64, torch.onnx.detect_positive = 0 : si64} : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
  return %0, %1, %2, %3 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @identity(
// CHECK-NEXT:    return %arg0
// CHECK-NOT:     torch.operator
func.func @identity(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Identity"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @elu(
// CHECK:         torch.aten.elu
// CHECK-NOT:     torch.operator
func.func @elu(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Elu"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @celu(
// CHECK:         torch.aten.elu
// CHECK-NOT:     torch.operator
func.func @celu(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Celu"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @leakyrelu(
// CHECK:         torch.aten.leaky_relu
// CHECK-NOT:     torch.operator
func.func @leakyrelu(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.LeakyRelu"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// HardSigmoid with ONNX's own alpha (0.2) and beta (0.5), which
// aten.hardsigmoid does not take: clamp(alpha * x + beta, 0, 1) written out.
// CHECK-LABEL: func.func @hardsigmoid(
// CHECK:         torch.aten.mul.Scalar
// CHECK:         torch.aten.add.Scalar
// CHECK:         torch.aten.clamp
// CHECK-NOT:     torch.aten.hardsigmoid
// CHECK-NOT:     torch.operator
func.func @hardsigmoid(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.HardSigmoid"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// HardSigmoid with PyTorch's alpha (1/6, to f32's precision) and beta (0.5):
// aten.hardsigmoid, which the middle end breaks down.
// CHECK-LABEL: func.func @hardsigmoid_pytorch(
// CHECK-NOT:     torch.aten.mul.Scalar
// CHECK:         torch.aten.hardsigmoid %arg0 : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
// CHECK-NOT:     torch.aten.clamp
// CHECK-NOT:     torch.operator
func.func @hardsigmoid_pytorch(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.HardSigmoid"(%x) {torch.onnx.alpha = 0.166666672 : f32, torch.onnx.beta = 5.000000e-01 : f32} : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// ThresholdedRelu: x > alpha ? x : 0, aten.threshold(x, alpha, 0).
// CHECK-LABEL: func.func @thresholdedrelu(
// CHECK-NOT:     torch.aten.gt.Scalar
// CHECK:         torch.aten.threshold %arg0, %{{.*}}, %{{.*}} : !torch.vtensor<[4],f32>, !torch.float, !torch.float -> !torch.vtensor<[4],f32>
// CHECK-NOT:     torch.aten.where.ScalarOther
// CHECK-NOT:     torch.operator
func.func @thresholdedrelu(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.ThresholdedRelu"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// Shrink is written out: aten.hardshrink (bias 0) and aten.softshrink (bias
// lambd) have its meaning, but the middle end breaks neither down.
// CHECK-LABEL: func.func @shrink(
// CHECK:         torch.aten.lt.Scalar
// CHECK:         torch.aten.gt.Scalar
// CHECK:         torch.aten.add.Scalar
// CHECK:         torch.aten.sub.Scalar
// CHECK:         torch.aten.where.ScalarOther
// CHECK:         torch.aten.where.self
// CHECK-NOT:     torch.operator
func.func @shrink(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Shrink"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @gelu(
// CHECK:         torch.aten.gelu
// CHECK-NOT:     torch.operator
func.func @gelu(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Gelu"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @sub(
// CHECK:         torch.aten.sub.Tensor
// CHECK-NOT:     torch.operator
func.func @sub(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Sub"(%x, %y) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @mul(
// CHECK:         torch.aten.mul.Tensor
// CHECK-NOT:     torch.operator
func.func @mul(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Mul"(%x, %y) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @pow(
// CHECK:         torch.aten.pow.Tensor_Tensor
// CHECK-NOT:     torch.operator
func.func @pow(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Pow"(%x, %y) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @equal(
// CHECK:         torch.aten.eq.Tensor
// CHECK-NOT:     torch.operator
func.func @equal(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Equal"(%x, %y) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @greater(
// CHECK:         torch.aten.gt.Tensor
// CHECK-NOT:     torch.operator
func.func @greater(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Greater"(%x, %y) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @greaterorequal(
// CHECK:         torch.aten.ge.Tensor
// CHECK-NOT:     torch.operator
func.func @greaterorequal(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.GreaterOrEqual"(%x, %y) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @lessorequal(
// CHECK:         torch.aten.le.Tensor
// CHECK-NOT:     torch.operator
func.func @lessorequal(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.LessOrEqual"(%x, %y) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @max(
// CHECK:         torch.aten.maximum
// CHECK-NOT:     torch.operator
func.func @max(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Max"(%x, %y) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @min(
// CHECK:         torch.aten.minimum
// CHECK-NOT:     torch.operator
func.func @min(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Min"(%x, %y) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @mean(
// CHECK:         torch.aten.add.Tensor
// CHECK:         torch.aten.div.Scalar
// CHECK-NOT:     torch.operator
func.func @mean(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Mean"(%x, %y) : (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @and(
// CHECK:         torch.aten.logical_and
// CHECK-NOT:     torch.operator
func.func @and(%x: !torch.vtensor<[4],i1>, %y: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.And"(%x, %y) : (!torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @or(
// CHECK:         torch.aten.logical_or
// CHECK-NOT:     torch.operator
func.func @or(%x: !torch.vtensor<[4],i1>, %y: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Or"(%x, %y) : (!torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @xor(
// CHECK:         torch.aten.logical_xor
// CHECK-NOT:     torch.operator
func.func @xor(%x: !torch.vtensor<[4],i1>, %y: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Xor"(%x, %y) : (!torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @not(
// CHECK:         torch.aten.logical_not
// CHECK-NOT:     torch.operator
func.func @not(%x: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 21 : si64}} {
  %0 = torch.operator "onnx.Not"(%x) : (!torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}


// -----

// The bitwise ops (opset 18) broadcast as ATen's do.
// CHECK-LABEL: func.func @bitwise_and(
// CHECK:         torch.aten.bitwise_and.Tensor %arg0, %arg1 : !torch.vtensor<[3,5],si32>, !torch.vtensor<[5],si32> -> !torch.vtensor<[3,5],si32>
// CHECK-NOT:     torch.operator
func.func @bitwise_and(%x: !torch.vtensor<[3,5],si32>, %y: !torch.vtensor<[5],si32>) -> !torch.vtensor<[3,5],si32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0 = torch.operator "onnx.BitwiseAnd"(%x, %y) : (!torch.vtensor<[3,5],si32>, !torch.vtensor<[5],si32>) -> !torch.vtensor<[3,5],si32>
  return %0 : !torch.vtensor<[3,5],si32>
}

// -----

// BitwiseOr: bitwise_or.Tensor.
// CHECK-LABEL: func.func @bitwise_or(
// CHECK:         torch.aten.bitwise_or.Tensor %arg0, %arg1 : !torch.vtensor<[3,5],ui8>, !torch.vtensor<[5],ui8> -> !torch.vtensor<[3,5],ui8>
// CHECK-NOT:     torch.operator
func.func @bitwise_or(%x: !torch.vtensor<[3,5],ui8>, %y: !torch.vtensor<[5],ui8>) -> !torch.vtensor<[3,5],ui8>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0 = torch.operator "onnx.BitwiseOr"(%x, %y) : (!torch.vtensor<[3,5],ui8>, !torch.vtensor<[5],ui8>) -> !torch.vtensor<[3,5],ui8>
  return %0 : !torch.vtensor<[3,5],ui8>
}

// -----

// BitwiseXor: bitwise_xor.Tensor.
// CHECK-LABEL: func.func @bitwise_xor(
// CHECK:         torch.aten.bitwise_xor.Tensor %arg0, %arg1 : !torch.vtensor<[3,5],si64>, !torch.vtensor<[3,5],si64> -> !torch.vtensor<[3,5],si64>
// CHECK-NOT:     torch.operator
func.func @bitwise_xor(%x: !torch.vtensor<[3,5],si64>, %y: !torch.vtensor<[3,5],si64>) -> !torch.vtensor<[3,5],si64>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0 = torch.operator "onnx.BitwiseXor"(%x, %y) : (!torch.vtensor<[3,5],si64>, !torch.vtensor<[3,5],si64>) -> !torch.vtensor<[3,5],si64>
  return %0 : !torch.vtensor<[3,5],si64>
}

// -----

// BitwiseNot: bitwise_not.
// CHECK-LABEL: func.func @bitwise_not(
// CHECK:         torch.aten.bitwise_not %arg0 : !torch.vtensor<[?,3],si16> -> !torch.vtensor<[?,3],si16>
// CHECK-NOT:     torch.operator
func.func @bitwise_not(%x: !torch.vtensor<[?,3],si16>) -> !torch.vtensor<[?,3],si16>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 18 : si64}} {
  %0 = torch.operator "onnx.BitwiseNot"(%x) : (!torch.vtensor<[?,3],si16>) -> !torch.vtensor<[?,3],si16>
  return %0 : !torch.vtensor<[?,3],si16>
}

// -----

// BitShift's direction picks the ATen shift (operands are unsigned, so the
// right shift is a logical one).
// CHECK-LABEL: func.func @bit_shift(
// CHECK:         %[[LEFT:.*]] = torch.aten.bitwise_left_shift.Tensor %arg0, %arg1 : !torch.vtensor<[3],ui8>, !torch.vtensor<[1],ui8> -> !torch.vtensor<[3],ui8>
// CHECK:         %[[RIGHT:.*]] = torch.aten.bitwise_right_shift.Tensor %arg0, %arg1 : !torch.vtensor<[3],ui8>, !torch.vtensor<[1],ui8> -> !torch.vtensor<[3],ui8>
// CHECK:         return %[[LEFT]], %[[RIGHT]]
// CHECK-NOT:     torch.operator
func.func @bit_shift(%x: !torch.vtensor<[3],ui8>, %y: !torch.vtensor<[1],ui8>) -> (!torch.vtensor<[3],ui8>, !torch.vtensor<[3],ui8>)
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 11 : si64}} {
  %0 = torch.operator "onnx.BitShift"(%x, %y) {torch.onnx.direction = "LEFT"} : (!torch.vtensor<[3],ui8>, !torch.vtensor<[1],ui8>) -> !torch.vtensor<[3],ui8>
  %1 = torch.operator "onnx.BitShift"(%x, %y) {torch.onnx.direction = "RIGHT"} : (!torch.vtensor<[3],ui8>, !torch.vtensor<[1],ui8>) -> !torch.vtensor<[3],ui8>
  return %0, %1 : !torch.vtensor<[3],ui8>, !torch.vtensor<[3],ui8>
}

// -----

// CastLike casts to the dtype of its second operand (the result's): si64 is
// Torch dtype 4; the second operand's values are not read.
// CHECK-LABEL: func.func @cast_like(
// CHECK-DAG:     %[[SI64:.*]] = torch.constant.int 4
// CHECK:         torch.aten.to.dtype %arg0, %[[SI64]], {{.*}} : !torch.vtensor<[3],f32>, {{.*}} -> !torch.vtensor<[3],si64>
// CHECK-NOT:     %arg1
// CHECK-NOT:     torch.operator
func.func @cast_like(%x: !torch.vtensor<[3],f32>, %like: !torch.vtensor<[1],si64>) -> !torch.vtensor<[3],si64>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 19 : si64}} {
  %0 = torch.operator "onnx.CastLike"(%x, %like) : (!torch.vtensor<[3],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// -----

// BitCast (opset 26) reinterprets the bits: view.dtype to si32 (dtype 3).
// CHECK-LABEL: func.func @bit_cast(
// CHECK-DAG:     %[[SI32:.*]] = torch.constant.int 3
// CHECK:         torch.aten.view.dtype %arg0, %[[SI32]] : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],si32>
// CHECK-NOT:     torch.aten.to.dtype
// CHECK-NOT:     torch.operator
func.func @bit_cast(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],si32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 26 : si64}} {
  %0 = torch.operator "onnx.BitCast"(%x) {torch.onnx.to = 6 : si64} : (!torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],si32>
  return %0 : !torch.vtensor<[2,3],si32>
}

// -----

// Where: where.self, the condition first, all three broadcasting.
// CHECK-LABEL: func.func @where(
// CHECK:         torch.aten.where.self %arg0, %arg1, %arg2 : !torch.vtensor<[2,1],i1>, !torch.vtensor<[3],f32>, !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
// CHECK-NOT:     torch.operator
func.func @where(%c: !torch.vtensor<[2,1],i1>, %x: !torch.vtensor<[3],f32>, %y: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
    attributes {torch.onnx_meta.opset_versions = {ai.onnx = 16 : si64}} {
  %0 = torch.operator "onnx.Where"(%c, %x, %y) : (!torch.vtensor<[2,1],i1>, !torch.vtensor<[3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}
