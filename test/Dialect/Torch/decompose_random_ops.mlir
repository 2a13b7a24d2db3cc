// torch-decompose-complex-ops on random ops: each becomes arithmetic on
// aten.uniform over an empty tensor of the result's type (convert-torch-to-
// linalg lowers that one op; each uniform draws its own seed).
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops -split-input-file | FileCheck %s

// rand_like with a dtype: uniform [0, 1) of the result's dtype (7: f64).
// CHECK-LABEL: func.func @rand_like(
// CHECK:         %[[E:.*]] = torch.aten.empty_like %arg0, %int7{{.*}} -> !torch.vtensor<[3,4],f64>
// CHECK:         %[[U:.*]] = torch.aten.uniform %[[E]], %float0.000000e00, %float1.000000e00, %none
// CHECK:         return %[[U]]
func.func @rand_like(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f64> {
  %none = torch.constant.none
  %int7 = torch.constant.int 7
  %0 = torch.aten.rand_like %x, %int7, %none, %none, %none, %none : !torch.vtensor<[3,4],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3,4],f64>
  return %0 : !torch.vtensor<[3,4],f64>
}

// -----

// native_dropout in training, p = 0.25: mask = u < 0.75, output = x * mask /
// 0.75.
// CHECK-LABEL: func.func @native_dropout(
// CHECK:         %[[U:.*]] = torch.aten.uniform
// CHECK:         %[[M:.*]] = torch.aten.lt.Scalar %[[U]], %float7.500000e-01
// CHECK:         %[[F:.*]] = torch.aten.to.dtype %[[M]], %int6
// CHECK:         %[[K:.*]] = torch.aten.mul.Tensor %arg0, %[[F]]
// CHECK:         %[[S:.*]] = torch.aten.mul.Scalar %[[K]], %float1.333333e00
// CHECK:         return %[[S]], %[[M]]
func.func @native_dropout(%x: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>) {
  %p = torch.constant.float 2.500000e-01
  %true = torch.constant.bool true
  %0:2 = torch.aten.native_dropout %x, %p, %true : !torch.vtensor<[3,4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>
  return %0#0, %0#1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],i1>
}

// -----

// randn: Box-Muller of two independent uniforms.
// CHECK-LABEL: func.func @randn(
// CHECK-COUNT-2: torch.aten.uniform
// CHECK:         torch.aten.log
// CHECK:         torch.aten.sqrt
// CHECK:         torch.aten.cos
// CHECK-NOT:     torch.aten.randn
func.func @randn() -> !torch.vtensor<[2,5],f32> {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %int5 = torch.constant.int 5
  %size = torch.prim.ListConstruct %int2, %int5 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.randn %size, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// An explicit generator stays: the module owns the only one.
// CHECK-LABEL: func.func @with_generator(
// CHECK:         torch.aten.bernoulli.p %arg0, %{{.*}}, %arg1
func.func @with_generator(%x: !torch.vtensor<[3],f32>, %g: !torch.Generator) -> !torch.vtensor<[3],f32> {
  %p = torch.constant.float 5.000000e-01
  %0 = torch.aten.bernoulli.p %x, %p, %g : !torch.vtensor<[3],f32>, !torch.float, !torch.Generator -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}
