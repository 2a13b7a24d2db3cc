// torch-decompose-complex-ops on statistics over dims: var, std and
// var_mean (centered first, then the sum of squares over count -
// correction), linalg_vector_norm by its ord, logcumsumexp shifted by the
// max, and count_nonzero as a sum of x != 0.
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops -split-input-file | FileCheck %s

// var.correction over dims [1, 2] of [3, ?, 5], correction 0, keepdim: the
// count size(1) * 5 is known only at run time, so the divisor is an int
// computed from aten.size.int.
// CHECK-LABEL: func.func @var_correction(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,?,5],f32>)
// CHECK:         %[[N:.*]] = torch.aten.size.int %[[X]], %int1
// CHECK:         %[[C:.*]] = torch.aten.mul.int %[[N]], %int5
// CHECK:         %[[DOF:.*]] = torch.aten.sub.int %[[C]], %int0
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int1, %int2
// CHECK:         %[[M:.*]] = torch.aten.mean.dim %[[X]], %[[DIMS]], %true, %none : {{.*}} -> !torch.vtensor<[3,1,1],f32>
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[X]], %[[M]], %int1
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[D]], %[[D]]
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[SQ]], %[[DIMS]], %true, %none : {{.*}} -> !torch.vtensor<[3,1,1],f32>
// CHECK:         %[[V:.*]] = torch.aten.div.Scalar %[[S]], %[[DOF]]
// CHECK:         return %[[V]]
// CHECK-NOT:     torch.aten.var.correction
func.func @var_correction(%x: !torch.vtensor<[3,?,5],f32>) -> !torch.vtensor<[3,1,1],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %c = torch.constant.int 0
  %dims = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.var.correction %x, %dims, %c, %true : !torch.vtensor<[3,?,5],f32>, !torch.list<int>, !torch.int, !torch.bool -> !torch.vtensor<[3,1,1],f32>
  return %0 : !torch.vtensor<[3,1,1],f32>
}

// -----

// var.dim over dim -1 (5 elements), unbiased: divided by 4; the dim not kept.
// CHECK-LABEL: func.func @var_dim(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4,5],f32>)
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int1
// CHECK:         %[[M:.*]] = torch.aten.mean.dim %[[X]], %[[DIMS]], %true, %none : {{.*}} -> !torch.vtensor<[4,1],f32>
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[X]], %[[M]], %int1
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[D]], %[[D]]
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[SQ]], %[[DIMS]], %false, %none : {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         %[[V:.*]] = torch.aten.div.Scalar %[[S]], %float4.000000e00
// CHECK:         return %[[V]]
// CHECK-NOT:     torch.aten.var.dim
func.func @var_dim(%x: !torch.vtensor<[4,5],f32>) -> !torch.vtensor<[4],f32> {
  %int-1 = torch.constant.int -1
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %dims = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.var.dim %x, %dims, %true, %false : !torch.vtensor<[4,5],f32>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// std.correction over all dims (None), correction 1.5: sqrt(sum / (20 - 1.5)).
// CHECK-LABEL: func.func @std_correction(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4,5],f32>)
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int0, %int1
// CHECK:         %[[M:.*]] = torch.aten.mean.dim %[[X]], %[[DIMS]], %true, %none : {{.*}} -> !torch.vtensor<[1,1],f32>
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[X]], %[[M]], %int1
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[D]], %[[D]]
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[SQ]], %[[DIMS]], %false, %none : {{.*}} -> !torch.vtensor<[],f32>
// CHECK:         %[[V:.*]] = torch.aten.div.Scalar %[[S]], %float1.850000e01
// CHECK:         %[[R:.*]] = torch.aten.sqrt %[[V]]
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.std.correction
func.func @std_correction(%x: !torch.vtensor<[4,5],f32>) -> !torch.vtensor<[],f32> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %c = torch.constant.float 1.500000e+00
  %0 = torch.aten.std.correction %x, %none, %c, %false : !torch.vtensor<[4,5],f32>, !torch.none, !torch.float, !torch.bool -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// std.dim over dim 0, biased (unbiased false: divided by the count 4), kept.
// CHECK-LABEL: func.func @std_dim(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4,5],f32>)
// CHECK:         %[[DIMS:.*]] = torch.prim.ListConstruct %int0
// CHECK:         %[[M:.*]] = torch.aten.mean.dim %[[X]], %[[DIMS]], %true, %none : {{.*}} -> !torch.vtensor<[1,5],f32>
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[X]], %[[M]], %int1
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[D]], %[[D]]
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[SQ]], %[[DIMS]], %true, %none : {{.*}} -> !torch.vtensor<[1,5],f32>
// CHECK:         %[[V:.*]] = torch.aten.div.Scalar %[[S]], %float4.000000e00
// CHECK:         %[[R:.*]] = torch.aten.sqrt %[[V]] : {{.*}} -> !torch.vtensor<[1,5],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.std.dim
func.func @std_dim(%x: !torch.vtensor<[4,5],f32>) -> !torch.vtensor<[1,5],f32> {
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %dims = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.std.dim %x, %dims, %false, %true : !torch.vtensor<[4,5],f32>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[1,5],f32>
  return %0 : !torch.vtensor<[1,5],f32>
}

// -----

// var_mean.correction over a dynamic dim, correction None (1): divided by
// size(1) - 1; the mean is the centering one, its dim squeezed.
// CHECK-LABEL: func.func @var_mean_correction(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,?],f32>)
// CHECK:         %[[N:.*]] = torch.aten.size.int %[[X]], %int1
// CHECK:         %[[DOF:.*]] = torch.aten.sub.int %[[N]], %int1
// CHECK:         %[[M:.*]] = torch.aten.mean.dim %[[X]], %{{.*}}, %true, %none : {{.*}} -> !torch.vtensor<[2,1],f32>
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[X]], %[[M]], %int1
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[D]], %[[D]]
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[SQ]], %{{.*}}, %false, %none : {{.*}} -> !torch.vtensor<[2],f32>
// CHECK:         %[[V:.*]] = torch.aten.div.Scalar %[[S]], %[[DOF]]
// CHECK:         %[[MS:.*]] = torch.aten.squeeze.dim %[[M]], %int1 : {{.*}} -> !torch.vtensor<[2],f32>
// CHECK:         return %[[V]], %[[MS]]
// CHECK-NOT:     torch.aten.var_mean.correction
func.func @var_mean_correction(%x: !torch.vtensor<[2,?],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>) {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %false = torch.constant.bool false
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0:2 = torch.aten.var_mean.correction %x, %dims, %none, %false : !torch.vtensor<[2,?],f32>, !torch.list<int>, !torch.none, !torch.bool -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
  return %0#0, %0#1 : !torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>
}

// -----

// var_mean.dim, unbiased, keepdim: (sum / 2, the kept mean).
// CHECK-LABEL: func.func @var_mean_dim(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3],f32>)
// CHECK:         %[[M:.*]] = torch.aten.mean.dim %[[X]], %{{.*}}, %true, %none : {{.*}} -> !torch.vtensor<[2,1],f32>
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[X]], %[[M]], %int1
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[D]], %[[D]]
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[SQ]], %{{.*}}, %true, %none : {{.*}} -> !torch.vtensor<[2,1],f32>
// CHECK:         %[[V:.*]] = torch.aten.div.Scalar %[[S]], %float2.000000e00
// CHECK:         return %[[V]], %[[M]]
// CHECK-NOT:     torch.aten.var_mean.dim
func.func @var_mean_dim(%x: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>) {
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0:2 = torch.aten.var_mean.dim %x, %dims, %true, %true : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>
  return %0#0, %0#1 : !torch.vtensor<[2,1],f32>, !torch.vtensor<[2,1],f32>
}

// -----

// linalg_vector_norm by ord: 3 is sum(|x|^3)^(1/3); inf is amax(|x|) (kept
// dim); 0 counts the nonzeros (over all dims: None); 1 is sum(|x|).
// CHECK-LABEL: func.func @linalg_vector_norm(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,4],f32>)
// CHECK:         %[[A0:.*]] = torch.aten.abs %[[X]]
// CHECK:         %[[P:.*]] = torch.aten.pow.Tensor_Scalar %[[A0]], %float3.000000e00
// CHECK:         %[[S0:.*]] = torch.aten.sum.dim_IntList %[[P]], %{{.*}}, %false, %none : {{.*}} -> !torch.vtensor<[3],f32>
// CHECK:         %[[R0:.*]] = torch.aten.pow.Tensor_Scalar %[[S0]], %float3.333333e-01
// CHECK:         %[[A1:.*]] = torch.aten.abs %[[X]]
// CHECK:         %[[R1:.*]] = torch.aten.amax %[[A1]], %{{.*}}, %true : {{.*}} -> !torch.vtensor<[1,4],f32>
// CHECK:         %[[ALL:.*]] = torch.prim.ListConstruct %int0, %int1
// CHECK:         %[[NZ:.*]] = torch.aten.ne.Scalar %[[X]], %float0.000000e00
// CHECK:         %[[F:.*]] = torch.aten.to.dtype %[[NZ]], %int6, {{.*}} -> !torch.vtensor<[3,4],f32>
// CHECK:         %[[R2:.*]] = torch.aten.sum.dim_IntList %[[F]], %[[ALL]], %false, %none : {{.*}} -> !torch.vtensor<[],f32>
// CHECK:         %[[A3:.*]] = torch.aten.abs %[[X]]
// CHECK:         %[[R3:.*]] = torch.aten.sum.dim_IntList %[[A3]], %{{.*}}, %false, %none : {{.*}} -> !torch.vtensor<[3],f32>
// CHECK:         return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
// CHECK-NOT:     torch.aten.linalg_vector_norm
func.func @linalg_vector_norm(%x: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[1,4],f32>, !torch.vtensor<[],f32>, !torch.vtensor<[3],f32>) {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %p3 = torch.constant.float 3.000000e+00
  %inf = torch.constant.float 0x7FF0000000000000
  %d1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %d0 = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.linalg_vector_norm %x, %p3, %d1, %false, %none : !torch.vtensor<[3,4],f32>, !torch.float, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3],f32>
  %1 = torch.aten.linalg_vector_norm %x, %inf, %d0, %true, %none : !torch.vtensor<[3,4],f32>, !torch.float, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[1,4],f32>
  %2 = torch.aten.linalg_vector_norm %x, %int0, %none, %false, %none : !torch.vtensor<[3,4],f32>, !torch.int, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[],f32>
  %3 = torch.aten.linalg_vector_norm %x, %int1, %d1, %false, %none : !torch.vtensor<[3,4],f32>, !torch.int, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[3],f32>, !torch.vtensor<[1,4],f32>, !torch.vtensor<[],f32>, !torch.vtensor<[3],f32>
}

// -----

// logcumsumexp along the last dim: m = amax over the dim (0 where |m| is
// inf), log(cumsum(exp(x - m))) + m.
// CHECK-LABEL: func.func @logcumsumexp(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,5],f32>)
// CHECK:         %[[MAX:.*]] = torch.aten.amax %[[X]], %{{.*}}, %true : {{.*}} -> !torch.vtensor<[?,1],f32>
// CHECK:         %[[ABS:.*]] = torch.aten.abs %[[MAX]]
// CHECK:         %[[INF:.*]] = torch.aten.eq.Scalar %[[ABS]], %floatinf
// CHECK:         %[[M:.*]] = torch.aten.masked_fill.Scalar %[[MAX]], %[[INF]], %float0.000000e00
// CHECK:         %[[S:.*]] = torch.aten.sub.Tensor %[[X]], %[[M]], %int1
// CHECK:         %[[E:.*]] = torch.aten.exp %[[S]]
// CHECK:         %[[C:.*]] = torch.aten.cumsum %[[E]], %int1, %none : {{.*}} -> !torch.vtensor<[?,5],f32>
// CHECK:         %[[L:.*]] = torch.aten.log %[[C]]
// CHECK:         %[[R:.*]] = torch.aten.add.Tensor %[[L]], %[[M]], %int1
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.logcumsumexp
func.func @logcumsumexp(%x: !torch.vtensor<[?,5],f32>) -> !torch.vtensor<[?,5],f32> {
  %int-1 = torch.constant.int -1
  %0 = torch.aten.logcumsumexp %x, %int-1 : !torch.vtensor<[?,5],f32>, !torch.int -> !torch.vtensor<[?,5],f32>
  return %0 : !torch.vtensor<[?,5],f32>
}

// -----

// count_nonzero: sum(x != 0) as si64 (4); over all dims (None), one dim,
// or a dim list (dim_IntList).
// CHECK-LABEL: func.func @count_nonzero(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,4],f32>)
// CHECK:         %[[N0:.*]] = torch.aten.ne.Scalar %[[X]], %int0 : {{.*}} -> !torch.vtensor<[3,4],i1>
// CHECK:         %[[R0:.*]] = torch.aten.sum %[[N0]], %int4 : {{.*}} -> !torch.vtensor<[],si64>
// CHECK:         %[[N1:.*]] = torch.aten.ne.Scalar %[[X]], %int0
// CHECK:         %[[D1:.*]] = torch.prim.ListConstruct %int0
// CHECK:         %[[R1:.*]] = torch.aten.sum.dim_IntList %[[N1]], %[[D1]], %false, %int4 : {{.*}} -> !torch.vtensor<[4],si64>
// CHECK:         %[[N2:.*]] = torch.aten.ne.Scalar %[[X]], %int0
// CHECK:         %[[R2:.*]] = torch.aten.sum.dim_IntList %[[N2]], %{{.*}}, %false, %int4 : {{.*}} -> !torch.vtensor<[3],si64>
// CHECK:         return %[[R0]], %[[R1]], %[[R2]]
// CHECK-NOT:     torch.aten.count_nonzero
func.func @count_nonzero(%x: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[],si64>, !torch.vtensor<[4],si64>, !torch.vtensor<[3],si64>) {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.count_nonzero %x, %none : !torch.vtensor<[3,4],f32>, !torch.none -> !torch.vtensor<[],si64>
  %1 = torch.aten.count_nonzero %x, %int0 : !torch.vtensor<[3,4],f32>, !torch.int -> !torch.vtensor<[4],si64>
  %2 = torch.aten.count_nonzero.dim_IntList %x, %d : !torch.vtensor<[3,4],f32>, !torch.list<int> -> !torch.vtensor<[3],si64>
  return %0, %1, %2 : !torch.vtensor<[],si64>, !torch.vtensor<[4],si64>, !torch.vtensor<[3],si64>
}
