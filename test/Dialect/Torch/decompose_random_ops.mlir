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

// -----

// bernoulli(x): 1 where a uniform [0, 1) value is below x, in x's dtype;
// bernoulli.Tensor of an integer self with f64 probabilities: the uniform
// in f32 (the integer result has no float type), compared with p, as si64.
// CHECK-LABEL: func.func @bernoulli(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,4],f32>, %[[P:.*]]: !torch.vtensor<[3,4],f64>, %[[Y:.*]]: !torch.vtensor<[3,4],si64>)
// CHECK:         %[[E:.*]] = torch.aten.empty_like %[[X]], %int6, {{.*}} -> !torch.vtensor<[3,4],f32>
// CHECK:         %[[U:.*]] = torch.aten.uniform %[[E]], %float0.000000e00, %float1.000000e00, %none
// CHECK:         %[[B:.*]] = torch.aten.lt.Tensor %[[U]], %[[X]] : {{.*}} -> !torch.vtensor<[3,4],i1>
// CHECK:         %[[R0:.*]] = torch.aten.to.dtype %[[B]], %int6, {{.*}} -> !torch.vtensor<[3,4],f32>
// CHECK:         %[[E1:.*]] = torch.aten.empty_like %[[Y]], %int6, {{.*}} -> !torch.vtensor<[3,4],f32>
// CHECK:         %[[U1:.*]] = torch.aten.uniform %[[E1]], %float0.000000e00, %float1.000000e00, %none
// CHECK:         %[[B1:.*]] = torch.aten.lt.Tensor %[[U1]], %[[P]] : {{.*}} -> !torch.vtensor<[3,4],i1>
// CHECK:         %[[R1:.*]] = torch.aten.to.dtype %[[B1]], %int4, {{.*}} -> !torch.vtensor<[3,4],si64>
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.bernoulli
func.func @bernoulli(%x: !torch.vtensor<[3,4],f32>, %p: !torch.vtensor<[3,4],f64>, %y: !torch.vtensor<[3,4],si64>) -> (!torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],si64>) {
  %none = torch.constant.none
  %0 = torch.aten.bernoulli %x, %none : !torch.vtensor<[3,4],f32>, !torch.none -> !torch.vtensor<[3,4],f32>
  %1 = torch.aten.bernoulli.Tensor %y, %p, %none : !torch.vtensor<[3,4],si64>, !torch.vtensor<[3,4],f64>, !torch.none -> !torch.vtensor<[3,4],si64>
  return %0, %1 : !torch.vtensor<[3,4],f32>, !torch.vtensor<[3,4],si64>
}

// -----

// dropout, p = 0.2: in training x * (u < 0.8) * 1.25; outside training, x.
// CHECK-LABEL: func.func @dropout(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,4],f32>)
// CHECK:         %[[E:.*]] = torch.aten.empty_like %[[X]]
// CHECK:         %[[U:.*]] = torch.aten.uniform %[[E]], %float0.000000e00, %float1.000000e00, %none
// CHECK:         %[[K:.*]] = torch.aten.lt.Scalar %[[U]], %float8.000000e-01 : {{.*}} -> !torch.vtensor<[?,4],i1>
// CHECK:         %[[F:.*]] = torch.aten.to.dtype %[[K]], %int6
// CHECK:         %[[M:.*]] = torch.aten.mul.Tensor %[[X]], %[[F]]
// CHECK:         %[[S:.*]] = torch.aten.mul.Scalar %[[M]], %float1.250000e00
// CHECK:         return %[[S]], %[[X]]
// CHECK-NOT:     torch.aten.dropout
func.func @dropout(%x: !torch.vtensor<[?,4],f32>) -> (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>) {
  %p = torch.constant.float 2.000000e-01
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0 = torch.aten.dropout %x, %p, %true : !torch.vtensor<[?,4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.dropout %x, %p, %false : !torch.vtensor<[?,4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[?,4],f32>
  return %0, %1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>
}

// -----

// exponential(x, lambd 2) = -log(1 - u) / 2.
// CHECK-LABEL: func.func @exponential(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[5],f32>)
// CHECK:         %[[E:.*]] = torch.aten.empty_like %[[X]], %int6
// CHECK:         %[[U:.*]] = torch.aten.uniform %[[E]], %float0.000000e00, %float1.000000e00, %none
// CHECK:         %[[C:.*]] = torch.aten.rsub.Scalar %[[U]], %int1, %int1
// CHECK:         %[[L:.*]] = torch.aten.log %[[C]]
// CHECK:         %[[N:.*]] = torch.aten.neg %[[L]]
// CHECK:         %[[R:.*]] = torch.aten.div.Scalar %[[N]], %float2.000000e00
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.exponential
func.func @exponential(%x: !torch.vtensor<[5],f32>) -> !torch.vtensor<[5],f32> {
  %l = torch.constant.float 2.000000e+00
  %none = torch.constant.none
  %0 = torch.aten.exponential %x, %l, %none : !torch.vtensor<[5],f32>, !torch.float, !torch.none -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}

// -----

// normal_functional(x, mean 1, std 3) = 1 + 3 * z, z by Box-Muller of two
// uniforms: sqrt(-2 log(1 - u1)) * cos(2 pi u2).
// CHECK-LABEL: func.func @normal_functional(
// CHECK:         %[[U1:.*]] = torch.aten.uniform
// CHECK:         %[[U2:.*]] = torch.aten.uniform
// CHECK:         %[[C:.*]] = torch.aten.rsub.Scalar %[[U1]], %int1, %int1
// CHECK:         %[[L:.*]] = torch.aten.log %[[C]]
// CHECK:         %[[L2:.*]] = torch.aten.mul.Scalar %[[L]], %float-2.000000e00
// CHECK:         %[[RAD:.*]] = torch.aten.sqrt %[[L2]]
// CHECK:         %[[ANG:.*]] = torch.aten.mul.Scalar %[[U2]], %float6.283185e00
// CHECK:         %[[COS:.*]] = torch.aten.cos %[[ANG]]
// CHECK:         %[[Z:.*]] = torch.aten.mul.Tensor %[[RAD]], %[[COS]]
// CHECK:         %[[S:.*]] = torch.aten.mul.Scalar %[[Z]], %float3.000000e00
// CHECK:         %[[R:.*]] = torch.aten.add.Scalar %[[S]], %float1.000000e00, %int1
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.normal_functional
func.func @normal_functional(%x: !torch.vtensor<[5],f32>) -> !torch.vtensor<[5],f32> {
  %m = torch.constant.float 1.000000e+00
  %s = torch.constant.float 3.000000e+00
  %none = torch.constant.none
  %0 = torch.aten.normal_functional %x, %m, %s, %none : !torch.vtensor<[5],f32>, !torch.float, !torch.float, !torch.none -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}

// -----

// rand(size): uniform [0, 1) over empty.memory_format of the sizes (the
// default dtype f32: 6).
// CHECK-LABEL: func.func @rand(
// CHECK:         %[[S:.*]] = torch.prim.ListConstruct %int2, %int3
// CHECK:         %[[E:.*]] = torch.aten.empty.memory_format %[[S]], %int6, {{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK:         %[[U:.*]] = torch.aten.uniform %[[E]], %float0.000000e00, %float1.000000e00, %none
// CHECK:         return %[[U]]
// CHECK-NOT:     torch.aten.rand
func.func @rand() -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %size = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.rand %size, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// randint(10, size) and randint.low(-5, 5, size): floor(uniform [low, high))
// drawn in f64, then the result's integer dtype (si64: 4, si32: 3).
// CHECK-LABEL: func.func @randint(
// CHECK:         %[[E0:.*]] = torch.aten.empty.memory_format %{{.*}}, %int7, {{.*}} -> !torch.vtensor<[2,3],f64>
// CHECK:         %[[U0:.*]] = torch.aten.uniform %[[E0]], %float0.000000e00, %float1.000000e01, %none
// CHECK:         %[[F0:.*]] = torch.aten.floor %[[U0]]
// CHECK:         %[[R0:.*]] = torch.aten.to.dtype %[[F0]], %int4, {{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK:         %[[E1:.*]] = torch.aten.empty.memory_format %{{.*}}, %int7, {{.*}} -> !torch.vtensor<[4],f64>
// CHECK:         %[[U1:.*]] = torch.aten.uniform %[[E1]], %float-5.000000e00, %float5.000000e00, %none
// CHECK:         %[[F1:.*]] = torch.aten.floor %[[U1]]
// CHECK:         %[[R1:.*]] = torch.aten.to.dtype %[[F1]], %int3, {{.*}} -> !torch.vtensor<[4],si32>
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.randint
func.func @randint() -> (!torch.vtensor<[2,3],si64>, !torch.vtensor<[4],si32>) {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int10 = torch.constant.int 10
  %int-5 = torch.constant.int -5
  %int5 = torch.constant.int 5
  %size = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %size2 = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.randint %int10, %size, %int4, %none, %none, %none : !torch.int, !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3],si64>
  %1 = torch.aten.randint.low %int-5, %int5, %size2, %int3, %none, %none, %none : !torch.int, !torch.int, !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4],si32>
  return %0, %1 : !torch.vtensor<[2,3],si64>, !torch.vtensor<[4],si32>
}

// -----

// randn_like of a dynamic shape: Box-Muller of two uniforms shaped like x.
// CHECK-LABEL: func.func @randn_like(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,?],f32>)
// CHECK:         %[[E1:.*]] = torch.aten.empty_like %[[X]], %int6
// CHECK:         %[[U1:.*]] = torch.aten.uniform %[[E1]], %float0.000000e00, %float1.000000e00, %none
// CHECK:         %[[E2:.*]] = torch.aten.empty_like %[[X]], %int6
// CHECK:         %[[U2:.*]] = torch.aten.uniform %[[E2]], %float0.000000e00, %float1.000000e00, %none
// CHECK:         %[[C:.*]] = torch.aten.rsub.Scalar %[[U1]], %int1, %int1
// CHECK:         %[[L:.*]] = torch.aten.log %[[C]]
// CHECK:         %[[RAD:.*]] = torch.aten.sqrt
// CHECK:         %[[ANG:.*]] = torch.aten.mul.Scalar %[[U2]], %float6.283185e00
// CHECK:         %[[COS:.*]] = torch.aten.cos %[[ANG]]
// CHECK:         %[[Z:.*]] = torch.aten.mul.Tensor %[[RAD]], %[[COS]] : {{.*}} -> !torch.vtensor<[3,?],f32>
// CHECK:         return %[[Z]]
// CHECK-NOT:     torch.aten.randn_like
func.func @randn_like(%x: !torch.vtensor<[3,?],f32>) -> !torch.vtensor<[3,?],f32> {
  %none = torch.constant.none
  %0 = torch.aten.randn_like %x, %none, %none, %none, %none, %none : !torch.vtensor<[3,?],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3,?],f32>
  return %0 : !torch.vtensor<[3,?],f32>
}

// -----

// rrelu in training: x where x >= 0, else x times a uniform [lower, upper)
// slope per element.
// CHECK-LABEL: func.func @rrelu_training(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[E:.*]] = torch.aten.empty_like %[[X]], %int6
// CHECK:         %[[U:.*]] = torch.aten.uniform %[[E]], %float1.250000e-01, %float3.750000e-01, %none
// CHECK:         %[[S:.*]] = torch.aten.mul.Tensor %[[X]], %[[U]]
// CHECK:         %[[P:.*]] = torch.aten.ge.Scalar %[[X]], %int0
// CHECK:         %[[R:.*]] = torch.aten.where.self %[[P]], %[[X]], %[[S]]
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.rrelu
func.func @rrelu_training(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %lower = torch.constant.float 1.250000e-01
  %upper = torch.constant.float 3.750000e-01
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0 = torch.aten.rrelu %x, %lower, %upper, %true, %none : !torch.vtensor<[4],f32>, !torch.float, !torch.float, !torch.bool, !torch.none -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
