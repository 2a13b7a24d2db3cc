// torch-decompose-complex-ops, the elementwise ops PyTorch defines by others:
// each written as the ops of its definition (the op itself gone).
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @deg2rad(
// CHECK:         torch.aten.mul.Scalar
// CHECK-NOT:     torch.aten.deg2rad
func.func @deg2rad(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.deg2rad %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @frac(
// CHECK:         torch.aten.trunc
// CHECK:         torch.aten.sub.Tensor
// CHECK-NOT:     torch.aten.frac
func.func @frac(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.frac %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @hardsigmoid(
// CHECK:         torch.aten.add.Scalar
// CHECK:         torch.aten.hardtanh
// CHECK:         torch.aten.div.Scalar
// CHECK-NOT:     torch.aten.hardsigmoid
func.func @hardsigmoid(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.hardsigmoid %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @isinf(
// CHECK:         torch.aten.abs
// CHECK:         torch.aten.eq.Scalar
// CHECK-NOT:     torch.aten.isinf
func.func @isinf(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.isinf %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @isneginf(
// CHECK:         torch.aten.eq.Scalar
// CHECK-NOT:     torch.aten.isneginf
func.func @isneginf(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.isneginf %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @isposinf(
// CHECK:         torch.aten.eq.Scalar
// CHECK-NOT:     torch.aten.isposinf
func.func @isposinf(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.isposinf %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @isfinite(
// CHECK:         torch.aten.sub.Tensor
// CHECK:         torch.aten.eq.Scalar
// CHECK-NOT:     torch.aten.isfinite
func.func @isfinite(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.isfinite %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @log_sigmoid(
// CHECK:         torch.aten.neg
// CHECK:         torch.aten.softplus
// CHECK:         torch.aten.neg
// CHECK-NOT:     torch.aten.log_sigmoid
func.func @log_sigmoid(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.log_sigmoid %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @mish(
// CHECK:         torch.aten.softplus
// CHECK:         torch.aten.tanh
// CHECK:         torch.aten.mul.Tensor
// CHECK-NOT:     torch.aten.mish
func.func @mish(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.mish %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @rad2deg(
// CHECK:         torch.aten.mul.Scalar
// CHECK-NOT:     torch.aten.rad2deg
func.func @rad2deg(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.rad2deg %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @relu6(
// CHECK:         torch.aten.hardtanh
// CHECK-NOT:     torch.aten.relu6
func.func @relu6(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.relu6 %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @selu(
// CHECK:         torch.aten.elu
// CHECK-NOT:     torch.aten.selu
func.func @selu(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.selu %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @sgn(
// CHECK:         torch.aten.sign
// CHECK-NOT:     torch.aten.sgn
func.func @sgn(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.sgn %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @square(
// CHECK:         torch.aten.mul.Tensor
// CHECK-NOT:     torch.aten.square
func.func @square(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.square %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @copysign_Tensor(
// CHECK:         torch.aten.view.dtype
// CHECK:         torch.aten.lt.Scalar
// CHECK:         torch.aten.abs
// CHECK:         torch.aten.neg
// CHECK:         torch.aten.where.self
// CHECK-NOT:     torch.aten.copysign.Tensor
func.func @copysign_Tensor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.copysign.Tensor %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @fmax(
// CHECK:         torch.aten.maximum
// CHECK:         torch.aten.isnan
// CHECK:         torch.aten.isnan
// CHECK:         torch.aten.where.self
// CHECK:         torch.aten.where.self
// CHECK-NOT:     torch.aten.fmax
func.func @fmax(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.fmax %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @fmin(
// CHECK:         torch.aten.minimum
// CHECK:         torch.aten.isnan
// CHECK:         torch.aten.isnan
// CHECK:         torch.aten.where.self
// CHECK:         torch.aten.where.self
// CHECK-NOT:     torch.aten.fmin
func.func @fmin(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.fmin %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @heaviside(
// CHECK:         torch.aten.gt.Scalar
// CHECK:         torch.aten.to.dtype
// CHECK:         torch.aten.eq.Scalar
// CHECK:         torch.aten.where.self
// CHECK-NOT:     torch.aten.heaviside
func.func @heaviside(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.heaviside %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @xlogy_Tensor(
// CHECK:         torch.aten.eq.Scalar
// CHECK:         torch.aten.isnan
// CHECK:         torch.aten.logical_not
// CHECK:         torch.aten.logical_and
// CHECK:         torch.aten.log
// CHECK:         torch.aten.mul.Tensor
// CHECK:         torch.aten.where.ScalarSelf
// CHECK-NOT:     torch.aten.xlogy.Tensor
func.func @xlogy_Tensor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.xlogy.Tensor %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @logaddexp2(
// CHECK:         torch.aten.maximum
// CHECK:         torch.aten.sub.Tensor
// CHECK:         torch.aten.abs
// CHECK:         torch.aten.neg
// CHECK:         torch.aten.exp2
// CHECK:         torch.aten.log1p
// CHECK:         torch.aten.mul.Scalar
// CHECK:         torch.aten.eq.Tensor
// CHECK:         torch.aten.add.Scalar
// CHECK:         torch.aten.add.Tensor
// CHECK:         torch.aten.where.self
// CHECK-NOT:     torch.aten.logaddexp2
func.func @logaddexp2(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.logaddexp2 %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

