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


// -----

// celu(x, alpha) = elu(x, alpha, scale 1, input_scale 1 / alpha), here
// alpha 2 and a dynamic dim.
// CHECK-LABEL: func.func @celu(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,?],f32>)
// CHECK:         %[[A:.*]] = torch.constant.float 2.000000e+00
// CHECK:         %[[ONE:.*]] = torch.constant.int 1
// CHECK:         %[[INV:.*]] = torch.constant.float 5.000000e-01
// CHECK:         %[[R:.*]] = torch.aten.elu %[[X]], %[[A]], %[[ONE]], %[[INV]] : {{.*}} -> !torch.vtensor<[3,?],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.celu
func.func @celu(%x: !torch.vtensor<[3,?],f32>) -> !torch.vtensor<[3,?],f32> {
  %alpha = torch.constant.float 2.000000e+00
  %0 = torch.aten.celu %x, %alpha : !torch.vtensor<[3,?],f32>, !torch.float -> !torch.vtensor<[3,?],f32>
  return %0 : !torch.vtensor<[3,?],f32>
}

// -----

// floor_divide rounds toward -inf: div.Tensor_mode "floor" (broadcasting
// kept).
// CHECK-LABEL: func.func @floor_divide(
// CHECK-SAME:      %[[A:.*]]: !torch.vtensor<[3,5],si64>, %[[B:.*]]: !torch.vtensor<[5],si64>)
// CHECK:         %[[F:.*]] = torch.constant.str "floor"
// CHECK:         %[[R:.*]] = torch.aten.div.Tensor_mode %[[A]], %[[B]], %[[F]] : {{.*}} -> !torch.vtensor<[3,5],si64>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.floor_divide
func.func @floor_divide(%a: !torch.vtensor<[3,5],si64>, %b: !torch.vtensor<[5],si64>) -> !torch.vtensor<[3,5],si64> {
  %0 = torch.aten.floor_divide %a, %b : !torch.vtensor<[3,5],si64>, !torch.vtensor<[5],si64> -> !torch.vtensor<[3,5],si64>
  return %0 : !torch.vtensor<[3,5],si64>
}

// -----

// Python's a & b and a | b on tensors are bitwise_and / bitwise_or.
// CHECK-LABEL: func.func @and_or_tensor(
// CHECK-SAME:      %[[A:.*]]: !torch.vtensor<[4],si32>, %[[B:.*]]: !torch.vtensor<[4],si32>)
// CHECK:         %[[AND:.*]] = torch.aten.bitwise_and.Tensor %[[A]], %[[B]] : {{.*}} -> !torch.vtensor<[4],si32>
// CHECK:         %[[OR:.*]] = torch.aten.bitwise_or.Tensor %[[A]], %[[B]] : {{.*}} -> !torch.vtensor<[4],si32>
// CHECK:         return %[[AND]], %[[OR]]
// CHECK-NOT:     torch.aten.__and__.Tensor
// CHECK-NOT:     torch.aten.__or__.Tensor
func.func @and_or_tensor(%a: !torch.vtensor<[4],si32>, %b: !torch.vtensor<[4],si32>) -> (!torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>) {
  %0 = torch.aten.__and__.Tensor %a, %b : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32> -> !torch.vtensor<[4],si32>
  %1 = torch.aten.__or__.Tensor %a, %b : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32> -> !torch.vtensor<[4],si32>
  return %0, %1 : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>
}

// -----

// x << 3 and x >> 3: the shift amount as a 0-d tensor of x's dtype (4:
// si64), then the bitwise shift ops.
// CHECK-LABEL: func.func @shift_scalar(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3],si64>)
// CHECK:         %[[L:.*]] = torch.aten.scalar_tensor %int3, %int4, {{.*}} -> !torch.vtensor<[],si64>
// CHECK:         %[[SL:.*]] = torch.aten.bitwise_left_shift.Tensor %[[X]], %[[L]] : {{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK:         %[[R:.*]] = torch.aten.scalar_tensor %int3, %int4, {{.*}} -> !torch.vtensor<[],si64>
// CHECK:         %[[SR:.*]] = torch.aten.bitwise_right_shift.Tensor %[[X]], %[[R]] : {{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK:         return %[[SL]], %[[SR]]
// CHECK-NOT:     torch.aten.__lshift__.Scalar
// CHECK-NOT:     torch.aten.__rshift__.Scalar
func.func @shift_scalar(%x: !torch.vtensor<[2,3],si64>) -> (!torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],si64>) {
  %int3 = torch.constant.int 3
  %0 = torch.aten.__lshift__.Scalar %x, %int3 : !torch.vtensor<[2,3],si64>, !torch.int -> !torch.vtensor<[2,3],si64>
  %1 = torch.aten.__rshift__.Scalar %x, %int3 : !torch.vtensor<[2,3],si64>, !torch.int -> !torch.vtensor<[2,3],si64>
  return %0, %1 : !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],si64>
}

// -----

// round(x, decimals=2) = round(x * 100) / 100; decimals=-1 divides first:
// round(x / 10) * 10.
// CHECK-LABEL: func.func @round_decimals(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[M:.*]] = torch.aten.mul.Scalar %[[X]], %float1.000000e02
// CHECK:         %[[R:.*]] = torch.aten.round %[[M]]
// CHECK:         %[[A:.*]] = torch.aten.div.Scalar %[[R]], %float1.000000e02
// CHECK:         %[[D:.*]] = torch.aten.div.Scalar %[[X]], %float1.000000e01
// CHECK:         %[[R2:.*]] = torch.aten.round %[[D]]
// CHECK:         %[[B:.*]] = torch.aten.mul.Scalar %[[R2]], %float1.000000e01
// CHECK:         return %[[A]], %[[B]]
// CHECK-NOT:     torch.aten.round.decimals
func.func @round_decimals(%x: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>) {
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %0 = torch.aten.round.decimals %x, %int2 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  %1 = torch.aten.round.decimals %x, %int-1 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>
}

// -----

// rrelu outside training is leaky_relu with the mean slope (0.125 + 0.375) / 2.
// CHECK-LABEL: func.func @rrelu_eval(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[R:.*]] = torch.aten.leaky_relu %[[X]], %float2.500000e-01
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.rrelu
func.func @rrelu_eval(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %lower = torch.constant.float 1.250000e-01
  %upper = torch.constant.float 3.750000e-01
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.rrelu %x, %lower, %upper, %false, %none : !torch.vtensor<[4],f32>, !torch.float, !torch.float, !torch.bool, !torch.none -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// prelu with one weight per channel: the weight viewed as [1, 3, 1] along
// dim 1; x where x > 0, else w * x. A single weight broadcasts as it is.
// CHECK-LABEL: func.func @prelu(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3,5],f32>, %[[W:.*]]: !torch.vtensor<[3],f32>)
// CHECK:         %[[S:.*]] = torch.prim.ListConstruct %int1, %int-1, %int1
// CHECK:         %[[V:.*]] = torch.aten.view %[[W]], %[[S]] : {{.*}} -> !torch.vtensor<[1,3,1],f32>
// CHECK:         %[[M:.*]] = torch.aten.mul.Tensor %[[X]], %[[V]] : {{.*}} -> !torch.vtensor<[2,3,5],f32>
// CHECK:         %[[P:.*]] = torch.aten.gt.Scalar %[[X]], %int0 : {{.*}} -> !torch.vtensor<[2,3,5],i1>
// CHECK:         %[[R:.*]] = torch.aten.where.self %[[P]], %[[X]], %[[M]]
// CHECK:         return %[[R]]
// CHECK-LABEL: func.func @prelu_single(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3],f32>, %[[W:.*]]: !torch.vtensor<[1],f32>)
// CHECK-NOT:     torch.aten.view
// CHECK:         %[[M:.*]] = torch.aten.mul.Tensor %[[X]], %[[W]]
// CHECK:         %[[P:.*]] = torch.aten.gt.Scalar %[[X]], %int0
// CHECK:         torch.aten.where.self %[[P]], %[[X]], %[[M]]
// CHECK-NOT:     torch.aten.prelu
func.func @prelu(%x: !torch.vtensor<[2,3,5],f32>, %w: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,5],f32> {
  %0 = torch.aten.prelu %x, %w : !torch.vtensor<[2,3,5],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[2,3,5],f32>
  return %0 : !torch.vtensor<[2,3,5],f32>
}
func.func @prelu_single(%x: !torch.vtensor<[2,3],f32>, %w: !torch.vtensor<[1],f32>) -> !torch.vtensor<[2,3],f32> {
  %0 = torch.aten.prelu %x, %w : !torch.vtensor<[2,3],f32>, !torch.vtensor<[1],f32> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// glu along the last dim (6 = 2 * 3): the first half times sigmoid of the
// second.
// CHECK-LABEL: func.func @glu(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,6],f32>)
// CHECK:         %[[B:.*]] = torch.aten.slice.Tensor %[[X]], %int1, %int3, %int6, %int1 : {{.*}} -> !torch.vtensor<[3,3],f32>
// CHECK:         %[[G:.*]] = torch.aten.sigmoid %[[B]]
// CHECK:         %[[A:.*]] = torch.aten.slice.Tensor %[[X]], %int1, %int0, %int3, %int1 : {{.*}} -> !torch.vtensor<[3,3],f32>
// CHECK:         %[[R:.*]] = torch.aten.mul.Tensor %[[A]], %[[G]]
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.glu
func.func @glu(%x: !torch.vtensor<[3,6],f32>) -> !torch.vtensor<[3,3],f32> {
  %int-1 = torch.constant.int -1
  %0 = torch.aten.glu %x, %int-1 : !torch.vtensor<[3,6],f32>, !torch.int -> !torch.vtensor<[3,3],f32>
  return %0 : !torch.vtensor<[3,3],f32>
}
