// torch-decompose-complex-ops on products and distances: dot, mv, outer,
// baddbmm, bilinear (an einsum), _trilinear (products and a sum), trace, and
// the cdist operators (a vector norm of the pairwise differences).
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops -split-input-file | FileCheck %s

// dot(a, b) = sum(a * b), to a 0-d tensor.
// CHECK-LABEL: func.func @dot(
// CHECK-SAME:      %[[A:.*]]: !torch.vtensor<[5],f32>, %[[B:.*]]: !torch.vtensor<[5],f32>)
// CHECK:         %[[P:.*]] = torch.aten.mul.Tensor %[[A]], %[[B]] : {{.*}} -> !torch.vtensor<[5],f32>
// CHECK:         %[[S:.*]] = torch.aten.sum %[[P]], %none : {{.*}} -> !torch.vtensor<[],f32>
// CHECK:         return %[[S]]
// CHECK-NOT:     torch.aten.dot
func.func @dot(%a: !torch.vtensor<[5],f32>, %b: !torch.vtensor<[5],f32>) -> !torch.vtensor<[],f32> {
  %0 = torch.aten.dot %a, %b : !torch.vtensor<[5],f32>, !torch.vtensor<[5],f32> -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// mv(m, v) is matmul, itself decomposed: v as a [5, 1] column, mm with the
// dynamic rows, the unit dim squeezed.
// CHECK-LABEL: func.func @mv(
// CHECK-SAME:      %[[M:.*]]: !torch.vtensor<[?,5],f32>, %[[V:.*]]: !torch.vtensor<[5],f32>)
// CHECK:         %[[C:.*]] = torch.aten.unsqueeze %[[V]], %int-1 : {{.*}} -> !torch.vtensor<[5,1],f32>
// CHECK:         %[[P:.*]] = torch.aten.mm %[[M]], %[[C]] : {{.*}} -> !torch.vtensor<[?,1],f32>
// CHECK:         %[[R:.*]] = torch.aten.squeeze.dim %[[P]], %int-1 : {{.*}} -> !torch.vtensor<[?],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.mv
// CHECK-NOT:     torch.aten.matmul
func.func @mv(%m: !torch.vtensor<[?,5],f32>, %v: !torch.vtensor<[5],f32>) -> !torch.vtensor<[?],f32> {
  %0 = torch.aten.mv %m, %v : !torch.vtensor<[?,5],f32>, !torch.vtensor<[5],f32> -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// outer(a, b) = a[:, None] * b.
// CHECK-LABEL: func.func @outer(
// CHECK-SAME:      %[[A:.*]]: !torch.vtensor<[3],f32>, %[[B:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[C:.*]] = torch.aten.unsqueeze %[[A]], %int1 : {{.*}} -> !torch.vtensor<[3,1],f32>
// CHECK:         %[[R:.*]] = torch.aten.mul.Tensor %[[C]], %[[B]] : {{.*}} -> !torch.vtensor<[3,4],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.outer
func.func @outer(%a: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[3,4],f32> {
  %0 = torch.aten.outer %a, %b : !torch.vtensor<[3],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// baddbmm(s, b1, b2, beta 0.5, alpha 2) = 2 * bmm(b1, b2) + 0.5 * s; with
// beta 0 and alpha 1 it is bmm alone (s not read: its NaNs do not leak).
// CHECK-LABEL: func.func @baddbmm(
// CHECK-SAME:      %[[S:.*]]: !torch.vtensor<[2,3,5],f32>, %[[A:.*]]: !torch.vtensor<[2,3,4],f32>, %[[B:.*]]: !torch.vtensor<[2,4,5],f32>)
// CHECK:         %[[P:.*]] = torch.aten.bmm %[[A]], %[[B]] : {{.*}} -> !torch.vtensor<[2,3,5],f32>
// CHECK:         %[[PA:.*]] = torch.aten.mul.Scalar %[[P]], %int2
// CHECK:         %[[SB:.*]] = torch.aten.mul.Scalar %[[S]], %float5.000000e-01
// CHECK:         %[[R0:.*]] = torch.aten.add.Tensor %[[PA]], %[[SB]], %int1
// CHECK:         %[[R1:.*]] = torch.aten.bmm %[[A]], %[[B]]
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.baddbmm
func.func @baddbmm(%s: !torch.vtensor<[2,3,5],f32>, %a: !torch.vtensor<[2,3,4],f32>, %b: !torch.vtensor<[2,4,5],f32>) -> (!torch.vtensor<[2,3,5],f32>, !torch.vtensor<[2,3,5],f32>) {
  %beta = torch.constant.float 5.000000e-01
  %alpha = torch.constant.int 2
  %zero = torch.constant.int 0
  %one = torch.constant.int 1
  %0 = torch.aten.baddbmm %s, %a, %b, %beta, %alpha : !torch.vtensor<[2,3,5],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,4,5],f32>, !torch.float, !torch.int -> !torch.vtensor<[2,3,5],f32>
  %1 = torch.aten.baddbmm %s, %a, %b, %zero, %one : !torch.vtensor<[2,3,5],f32>, !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,4,5],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,3,5],f32>
  return %0, %1 : !torch.vtensor<[2,3,5],f32>, !torch.vtensor<[2,3,5],f32>
}

// -----

// bilinear(x1 [2,3,4], x2 [2,3,5], w [6,4,5], b): the leading dims joined
// ([6, 4], [6, 5]), einsum "ni,oij,nj->no" (decomposed too: the product over
// n, i, o, j summed over i and j), viewed back as [2, 3, 6], plus b.
// CHECK-LABEL: func.func @bilinear(
// CHECK-SAME:      %[[X1:.*]]: !torch.vtensor<[2,3,4],f32>, %[[X2:.*]]: !torch.vtensor<[2,3,5],f32>, %[[W:.*]]: !torch.vtensor<[6,4,5],f32>, %[[B:.*]]: !torch.vtensor<[6],f32>)
// CHECK:         %[[F1:.*]] = torch.aten.view %[[X1]], {{.*}} -> !torch.vtensor<[6,4],f32>
// CHECK:         %[[F2:.*]] = torch.aten.view %[[X2]], {{.*}} -> !torch.vtensor<[6,5],f32>
// CHECK:         %[[WP:.*]] = torch.aten.permute %[[W]], {{.*}} -> !torch.vtensor<[4,6,5],f32>
// CHECK:         %[[P:.*]] = torch.aten.mul.Tensor {{.*}} -> !torch.vtensor<[6,4,6,5],f32>
// CHECK:         %[[Q:.*]] = torch.aten.mul.Tensor %[[P]], {{.*}} -> !torch.vtensor<[6,4,6,5],f32>
// CHECK:         %[[D:.*]] = torch.prim.ListConstruct %int1, %int3
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[Q]], %[[D]], %false, %none {{.*}} -> !torch.vtensor<[6,6],f32>
// CHECK:         %[[V:.*]] = torch.aten.view {{.*}} -> !torch.vtensor<[2,3,6],f32>
// CHECK:         %[[R:.*]] = torch.aten.add.Tensor %[[V]], %[[B]], %int1
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.bilinear
// CHECK-NOT:     torch.aten.einsum
func.func @bilinear(%x1: !torch.vtensor<[2,3,4],f32>, %x2: !torch.vtensor<[2,3,5],f32>, %w: !torch.vtensor<[6,4,5],f32>, %b: !torch.vtensor<[6],f32>) -> !torch.vtensor<[2,3,6],f32> {
  %0 = torch.aten.bilinear %x1, %x2, %w, %b : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,5],f32>, !torch.vtensor<[6,4,5],f32>, !torch.vtensor<[6],f32> -> !torch.vtensor<[2,3,6],f32>
  return %0 : !torch.vtensor<[2,3,6],f32>
}

// -----

// trace: sum of the diagonal (min(3, 5) = 3 long) in the result's dtype
// (4: si64).
// CHECK-LABEL: func.func @trace(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,5],si64>)
// CHECK:         %[[D:.*]] = torch.aten.diagonal %[[X]], %int0, %int0, %int1 : {{.*}} -> !torch.vtensor<[3],si64>
// CHECK:         %[[S:.*]] = torch.aten.sum %[[D]], %int4 : {{.*}} -> !torch.vtensor<[],si64>
// CHECK:         return %[[S]]
// CHECK-NOT:     torch.aten.trace
func.func @trace(%x: !torch.vtensor<[3,5],si64>) -> !torch.vtensor<[],si64> {
  %0 = torch.aten.trace %x : !torch.vtensor<[3,5],si64> -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// -----

// cdist, an operator: x1[..., :, None, :] - x2[..., None, :, :], then the
// p-norm over the last dim (p = 2, decomposed: sqrt(sum(d * d))).
// CHECK-LABEL: func.func @cdist(
// CHECK-SAME:      %[[A:.*]]: !torch.vtensor<[2,3,4],f32>, %[[B:.*]]: !torch.vtensor<[2,5,4],f32>)
// CHECK:         %[[L:.*]] = torch.aten.unsqueeze %[[A]], %int2 : {{.*}} -> !torch.vtensor<[2,3,1,4],f32>
// CHECK:         %[[R:.*]] = torch.aten.unsqueeze %[[B]], %int1 : {{.*}} -> !torch.vtensor<[2,1,5,4],f32>
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[L]], %[[R]], %int1 : {{.*}} -> !torch.vtensor<[2,3,5,4],f32>
// CHECK:         %[[DIM:.*]] = torch.prim.ListConstruct %int3
// CHECK:         %[[SQ:.*]] = torch.aten.mul.Tensor %[[D]], %[[D]]
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[SQ]], %[[DIM]], %false, %none {{.*}} -> !torch.vtensor<[2,3,5],f32>
// CHECK:         %[[N:.*]] = torch.aten.sqrt %[[S]]
// CHECK:         return %[[N]]
// CHECK-NOT:     torch.operator
func.func @cdist(%a: !torch.vtensor<[2,3,4],f32>, %b: !torch.vtensor<[2,5,4],f32>) -> !torch.vtensor<[2,3,5],f32> {
  %p = torch.constant.float 2.000000e+00
  %none = torch.constant.none
  %0 = torch.operator "aten.cdist"(%a, %b, %p, %none) : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,5,4],f32>, !torch.float, !torch.none) -> !torch.vtensor<[2,3,5],f32>
  return %0 : !torch.vtensor<[2,3,5],f32>
}

// -----

// _cdist_forward, an operator, unbatched with p = 1: sum(|d|) over the last dim.
// CHECK-LABEL: func.func @cdist_forward(
// CHECK-SAME:      %[[A:.*]]: !torch.vtensor<[3,4],f32>, %[[B:.*]]: !torch.vtensor<[5,4],f32>)
// CHECK:         %[[L:.*]] = torch.aten.unsqueeze %[[A]], %int1 : {{.*}} -> !torch.vtensor<[3,1,4],f32>
// CHECK:         %[[R:.*]] = torch.aten.unsqueeze %[[B]], %int0 : {{.*}} -> !torch.vtensor<[1,5,4],f32>
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[L]], %[[R]], %int1 : {{.*}} -> !torch.vtensor<[3,5,4],f32>
// CHECK:         %[[DIM:.*]] = torch.prim.ListConstruct %int2
// CHECK:         %[[M:.*]] = torch.aten.abs %[[D]]
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[M]], %[[DIM]], %false, %none {{.*}} -> !torch.vtensor<[3,5],f32>
// CHECK:         return %[[S]]
// CHECK-NOT:     torch.operator
func.func @cdist_forward(%a: !torch.vtensor<[3,4],f32>, %b: !torch.vtensor<[5,4],f32>) -> !torch.vtensor<[3,5],f32> {
  %p = torch.constant.float 1.000000e+00
  %none = torch.constant.none
  %0 = torch.operator "aten._cdist_forward"(%a, %b, %p, %none) : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[5,4],f32>, !torch.float, !torch.none) -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// _trilinear (bilinear's ATen form), expand dims {2}, {1} and {1, 0} (a set,
// inserted in increasing order), summed over dims 1 and 2: the inputs with
// their unit dims, multiplied, then the sum drops the summed dims.
// CHECK-LABEL: func.func @trilinear(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4,5],f32>, %[[Y:.*]]: !torch.vtensor<[4,3],f32>, %[[Z:.*]]: !torch.vtensor<[3],f32>)
// CHECK:         %[[XE:.*]] = torch.aten.unsqueeze %[[X]], %int2 : {{.*}} -> !torch.vtensor<[4,5,1],f32>
// CHECK:         %[[YE:.*]] = torch.aten.unsqueeze %[[Y]], %int1 : {{.*}} -> !torch.vtensor<[4,1,3],f32>
// CHECK:         %[[Z0:.*]] = torch.aten.unsqueeze %[[Z]], %int0 : {{.*}} -> !torch.vtensor<[1,3],f32>
// CHECK:         %[[ZE:.*]] = torch.aten.unsqueeze %[[Z0]], %int1 : {{.*}} -> !torch.vtensor<[1,1,3],f32>
// CHECK:         %[[P:.*]] = torch.aten.mul.Tensor %[[XE]], %[[YE]] : {{.*}} -> !torch.vtensor<[4,5,3],f32>
// CHECK:         %[[Q:.*]] = torch.aten.mul.Tensor %[[P]], %[[ZE]] : {{.*}} -> !torch.vtensor<[4,5,3],f32>
// CHECK:         %[[S:.*]] = torch.aten.sum.dim_IntList %[[Q]], %{{.*}}, %false, %none : {{.*}} -> !torch.vtensor<[4],f32>
// CHECK:         return %[[S]]
// CHECK-NOT:     torch.aten._trilinear
func.func @trilinear(%x: !torch.vtensor<[4,5],f32>, %y: !torch.vtensor<[4,3],f32>, %z: !torch.vtensor<[3],f32>) -> !torch.vtensor<[4],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %e1 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %e2 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %e3 = torch.prim.ListConstruct %int1, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %sum = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten._trilinear %x, %y, %z, %e1, %e2, %e3, %sum, %int1 : !torch.vtensor<[4,5],f32>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
