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

// -----

// lerp(a, b, w) = a + w * (b - a): w a Scalar (mul.Scalar) or a tensor
// broadcast to the result (mul.Tensor).
// CHECK-LABEL: func.func @lerp(
// CHECK-SAME:      %[[A:.*]]: !torch.vtensor<[3,4],f32>, %[[B:.*]]: !torch.vtensor<[3,4],f32>, %[[W:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[B]], %[[A]], %int1
// CHECK:         %[[S:.*]] = torch.aten.mul.Scalar %[[D]], %float2.500000e-01
// CHECK:         %[[R0:.*]] = torch.aten.add.Tensor %[[A]], %[[S]], %int1
// CHECK:         %[[D1:.*]] = torch.aten.sub.Tensor %[[B]], %[[A]], %int1
// CHECK:         %[[T:.*]] = torch.aten.mul.Tensor %[[W]], %[[D1]] : !torch.vtensor<[4],f32>, !torch.vtensor<[3,4],f32> -> !torch.vtensor<[3,4],f32>
// CHECK:         %[[R1:.*]] = torch.aten.add.Tensor %[[A]], %[[T]], %int1
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.lerp
func.func @lerp(%a: !torch.vtensor<[3,4],f32>, %b: !torch.vtensor<[3,4],f32>, %w: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>) {
  %f = torch.constant.float 2.500000e-01
  %0 = torch.aten.lerp.Scalar %a, %b, %f : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.float -> !torch.vtensor<[3,4],f32>
  %1 = torch.aten.lerp.Tensor %a, %b, %w : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[3,4],f32>
  return %0, %1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>
}

// -----

// addcmul(s, t1, t2, v) = s + v * (t1 * t2), addcdiv with t1 / t2; t1 and
// t2 broadcast to the result's [3, 4].
// CHECK-LABEL: func.func @addcmul_addcdiv(
// CHECK-SAME:      %[[S:.*]]: !torch.vtensor<[3,4],f32>, %[[T1:.*]]: !torch.vtensor<[3,1],f32>, %[[T2:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[P:.*]] = torch.aten.mul.Tensor %[[T1]], %[[T2]] : {{.*}} -> !torch.vtensor<[3,4],f32>
// CHECK:         %[[PV:.*]] = torch.aten.mul.Scalar %[[P]], %float5.000000e-01
// CHECK:         %[[R0:.*]] = torch.aten.add.Tensor %[[S]], %[[PV]], %int1
// CHECK:         %[[Q:.*]] = torch.aten.div.Tensor %[[T1]], %[[T2]] : {{.*}} -> !torch.vtensor<[3,4],f32>
// CHECK:         %[[QV:.*]] = torch.aten.mul.Scalar %[[Q]], %float5.000000e-01
// CHECK:         %[[R1:.*]] = torch.aten.add.Tensor %[[S]], %[[QV]], %int1
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.addcmul
// CHECK-NOT:     torch.aten.addcdiv
func.func @addcmul_addcdiv(%s: !torch.vtensor<[3,4],f32>, %t1: !torch.vtensor<[3,1],f32>, %t2: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>) {
  %f = torch.constant.float 5.000000e-01
  %0 = torch.aten.addcmul %s, %t1, %t2, %f : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,1],f32>, !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[3,4],f32>
  %1 = torch.aten.addcdiv %s, %t1, %t2, %f : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,1],f32>, !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[3,4],f32>
  return %0, %1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],f32>
}

// -----

// threshold(x, 0.1, 20): x where x > 0.1, else 20.
// CHECK-LABEL: func.func @threshold(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,4],f32>)
// CHECK:         %[[C:.*]] = torch.aten.gt.Scalar %[[X]], %float1.000000e-01 : {{.*}} -> !torch.vtensor<[?,4],i1>
// CHECK:         %[[R:.*]] = torch.aten.where.ScalarOther %[[C]], %[[X]], %float2.000000e01
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.threshold
func.func @threshold(%x: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %th = torch.constant.float 1.000000e-01
  %v = torch.constant.float 2.000000e+01
  %0 = torch.aten.threshold %x, %th, %v : !torch.vtensor<[?,4],f32>, !torch.float, !torch.float -> !torch.vtensor<[?,4],f32>
  return %0 : !torch.vtensor<[?,4],f32>
}

// -----

// logit(x, eps) = log(z / (1 - z)), z = clamp(x, eps, 1 - eps); with no
// eps, z = x.
// CHECK-LABEL: func.func @logit(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[5],f32>)
// CHECK:         %[[Z:.*]] = torch.aten.clamp %[[X]], %float1.000000e-02, %float9.900000e-01
// CHECK:         %[[C:.*]] = torch.aten.rsub.Scalar %[[Z]], %float1.000000e00, %int1
// CHECK:         %[[Q:.*]] = torch.aten.div.Tensor %[[Z]], %[[C]]
// CHECK:         %[[R0:.*]] = torch.aten.log %[[Q]]
// CHECK:         %[[C1:.*]] = torch.aten.rsub.Scalar %[[X]], %float1.000000e00, %int1
// CHECK:         %[[Q1:.*]] = torch.aten.div.Tensor %[[X]], %[[C1]]
// CHECK:         %[[R1:.*]] = torch.aten.log %[[Q1]]
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.logit
func.func @logit(%x: !torch.vtensor<[5],f32>) -> (!torch.vtensor<[5],f32>, !torch.vtensor<[5],f32>) {
  %eps = torch.constant.float 1.000000e-02
  %none = torch.constant.none
  %0 = torch.aten.logit %x, %eps : !torch.vtensor<[5],f32>, !torch.float -> !torch.vtensor<[5],f32>
  %1 = torch.aten.logit %x, %none : !torch.vtensor<[5],f32>, !torch.none -> !torch.vtensor<[5],f32>
  return %0, %1 : !torch.vtensor<[5],f32>, !torch.vtensor<[5],f32>
}

// -----

// nan_to_num: -inf, +inf, then NaN replaced in turn. Given values are used
// (nan 1, posinf 100); None takes the dtype's largest finite values (f32:
// -3.4e38 for -inf; f16: +-65504) and 0 for NaN.
// CHECK-LABEL: func.func @nan_to_num(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[5],f32>, %[[Y:.*]]: !torch.vtensor<[5],f16>)
// CHECK:         %[[NI:.*]] = torch.aten.eq.Scalar %[[X]], %float-inf
// CHECK:         %[[A:.*]] = torch.aten.where.ScalarSelf %[[NI]], %float-3.402823e38, %[[X]]
// CHECK:         %[[PI:.*]] = torch.aten.eq.Scalar %[[X]], %floatinf
// CHECK:         %[[B:.*]] = torch.aten.where.ScalarSelf %[[PI]], %float1.000000e02, %[[A]]
// CHECK:         %[[N:.*]] = torch.aten.isnan %[[X]]
// CHECK:         %[[R0:.*]] = torch.aten.where.ScalarSelf %[[N]], %float1.000000e00, %[[B]] : {{.*}} -> !torch.vtensor<[5],f32>
// CHECK:         %[[NI1:.*]] = torch.aten.eq.Scalar %[[Y]], %float-inf
// CHECK:         %[[A1:.*]] = torch.aten.where.ScalarSelf %[[NI1]], %float-6.550400e04, %[[Y]]
// CHECK:         %[[PI1:.*]] = torch.aten.eq.Scalar %[[Y]], %floatinf
// CHECK:         %[[B1:.*]] = torch.aten.where.ScalarSelf %[[PI1]], %float6.550400e04, %[[A1]]
// CHECK:         %[[N1:.*]] = torch.aten.isnan %[[Y]]
// CHECK:         %[[R1:.*]] = torch.aten.where.ScalarSelf %[[N1]], %float0.000000e00, %[[B1]] : {{.*}} -> !torch.vtensor<[5],f16>
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.nan_to_num
func.func @nan_to_num(%x: !torch.vtensor<[5],f32>, %y: !torch.vtensor<[5],f16>) -> (!torch.vtensor<[5],f32>, !torch.vtensor<[5],f16>) {
  %nan = torch.constant.float 1.000000e+00
  %none = torch.constant.none
  %pos = torch.constant.float 1.000000e+02
  %0 = torch.aten.nan_to_num %x, %nan, %pos, %none : !torch.vtensor<[5],f32>, !torch.float, !torch.float, !torch.none -> !torch.vtensor<[5],f32>
  %1 = torch.aten.nan_to_num %y, %none, %none, %none : !torch.vtensor<[5],f16>, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],f16>
  return %0, %1 : !torch.vtensor<[5],f32>, !torch.vtensor<[5],f16>
}

// -----

// zero (x.zero_()'s value form) fills with 0.
// CHECK-LABEL: func.func @zero(
// CHECK:         %[[ZERO:.*]] = torch.constant.int 0
// CHECK:         torch.aten.fill.Scalar %{{.*}}, %[[ZERO]] : !torch.vtensor<[2,3],si32>, !torch.int -> !torch.vtensor<[2,3],si32>
func.func @zero(%x: !torch.vtensor<[2,3],si32>) -> !torch.vtensor<[2,3],si32> {
  %0 = torch.aten.zero %x : !torch.vtensor<[2,3],si32> -> !torch.vtensor<[2,3],si32>
  return %0 : !torch.vtensor<[2,3],si32>
}
