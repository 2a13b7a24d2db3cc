// torch-decompose-complex-ops on elementwise ops PyTorch defines by a
// formula of others.
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops -split-input-file | FileCheck %s

// signbit reads the sign bit (a bitcast to si32), so -0.0 counts.
// CHECK-LABEL: func.func @signbit(
// CHECK:         %[[B:.*]] = torch.aten.view.dtype %arg0, %int3 {{.*}} -> !torch.vtensor<[4],si32>
// CHECK:         %[[R:.*]] = torch.aten.lt.Scalar %[[B]], %int0
// CHECK:         return %[[R]]
func.func @signbit(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.signbit %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// logaddexp: max + log1p(exp(-|a - b|)), a + ln 2 where a == b.
// CHECK-LABEL: func.func @logaddexp(
// CHECK:         %[[M:.*]] = torch.aten.maximum %arg0, %arg1
// CHECK:         torch.aten.log1p
// CHECK:         %[[E:.*]] = torch.aten.eq.Tensor %arg0, %arg1
// CHECK:         %[[S:.*]] = torch.aten.add.Scalar %arg0, %float6.931472e-01
// CHECK:         torch.aten.where.self %[[E]], %[[S]],
func.func @logaddexp(%a: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %0 = torch.aten.logaddexp %a, %b : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// isclose(a, b, rtol, atol): a == b, or |a - b| finite (e - e == 0, isfinite
// decomposed too) and within atol + rtol |b|.
// CHECK-LABEL: func.func @isclose(
// CHECK:         torch.aten.eq.Tensor %arg0, %arg1
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[ERR:.*]], %[[ERR]]
// CHECK:         torch.aten.eq.Scalar %[[D]], %float0.000000e00
// CHECK:         torch.aten.le.Tensor
// CHECK:         torch.aten.logical_or
// CHECK-NOT:     torch.aten.isclose
func.func @isclose(%a: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],i1> {
  %rtol = torch.constant.float 1.000000e-05
  %atol = torch.constant.float 1.000000e-08
  %false = torch.constant.bool false
  %0 = torch.aten.isclose %a, %b, %rtol, %atol, %false : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[3],i1>
  return %0 : !torch.vtensor<[3],i1>
}
