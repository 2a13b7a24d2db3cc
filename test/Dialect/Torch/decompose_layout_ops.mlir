// torch-decompose-complex-ops on ops that split, join, repeat, pad, reorder
// or mask elements, and on the constructors built from arange.
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops -split-input-file | FileCheck %s
// RUN: torch-mlir-opt %s -torch-decompose-complex-ops="legal-ops=aten.split.Tensor" -split-input-file | FileCheck %s --check-prefix=LEGAL

// split.Tensor read by a ListUnpack: one slice per piece, the last clamped.
// CHECK-LABEL: func.func @split_unpacked(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,5],f32>)
// CHECK-NOT:     torch.aten.split.Tensor
// CHECK:         %[[A:.*]] = torch.aten.slice.Tensor %[[X]], %int1, %int0, %int2, %int1{{.*}} -> !torch.vtensor<[3,2],f32>
// CHECK:         %[[B:.*]] = torch.aten.slice.Tensor %[[X]], %int1, %int2, %int4, %int1{{.*}} -> !torch.vtensor<[3,2],f32>
// CHECK:         %[[C:.*]] = torch.aten.slice.Tensor %[[X]], %int1, %int4, %int6, %int1{{.*}} -> !torch.vtensor<[3,1],f32>
// CHECK:         return %[[A]], %[[B]], %[[C]]
// LEGAL-LABEL: func.func @split_unpacked(
// LEGAL:         torch.aten.split.Tensor
// LEGAL:         torch.prim.ListUnpack
func.func @split_unpacked(%x: !torch.vtensor<[3,5],f32>) -> (!torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],f32>, !torch.vtensor<[3,1],f32>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0 = torch.aten.split.Tensor %x, %int2, %int1 : !torch.vtensor<[3,5],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %1:3 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],f32>, !torch.vtensor<[3,1],f32>
  return %1#0, %1#1, %1#2 : !torch.vtensor<[3,2],f32>, !torch.vtensor<[3,2],f32>, !torch.vtensor<[3,1],f32>
}

// -----

// unbind.int: one select per piece.
// CHECK-LABEL: func.func @unbind(
// CHECK:         torch.aten.select.int %{{.*}}, %int0, %int0{{.*}} -> !torch.vtensor<[?],f32>
// CHECK:         torch.aten.select.int %{{.*}}, %int0, %int1{{.*}} -> !torch.vtensor<[?],f32>
// CHECK-NOT:     torch.aten.unbind.int
func.func @unbind(%x: !torch.vtensor<[2,?],f32>) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>) {
  %int0 = torch.constant.int 0
  %0 = torch.aten.unbind.int %x, %int0 : !torch.vtensor<[2,?],f32>, !torch.int -> !torch.list<vtensor>
  %1:2 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>
  return %1#0, %1#1 : !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>
}

// -----

// stack: each unsqueezed at the dim, then cat.
// CHECK-LABEL: func.func @stack(
// CHECK:         %[[A:.*]] = torch.aten.unsqueeze %{{.*}}, %int1 : {{.*}} -> !torch.vtensor<[2,1,3],f32>
// CHECK:         %[[B:.*]] = torch.aten.unsqueeze %{{.*}}, %int1 : {{.*}} -> !torch.vtensor<[2,1,3],f32>
// CHECK:         %[[L:.*]] = torch.prim.ListConstruct %[[A]], %[[B]]
// CHECK:         torch.aten.cat %[[L]], %int1{{.*}} -> !torch.vtensor<[2,2,3],f32>
func.func @stack(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,2,3],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.list<vtensor>
  %1 = torch.aten.stack %0, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,2,3],f32>
  return %1 : !torch.vtensor<[2,2,3],f32>
}

// -----

// repeat with a new leading dim and a dynamic one: a unit dim before each
// dim, expanded to the repeats, viewed as the products.
// CHECK-LABEL: func.func @repeat(
// CHECK:         %[[V:.*]] = torch.aten.view {{.*}} -> !torch.vtensor<[1,1,1,?,1,3],f32>
// CHECK:         %[[E:.*]] = torch.aten.expand %[[V]], {{.*}} -> !torch.vtensor<[2,1,1,?,2,3],f32>
// CHECK:         %[[N:.*]] = torch.prim.ListConstruct %int2, %{{.*}}, %int6
// CHECK:         torch.aten.view %[[E]], %[[N]] {{.*}} -> !torch.vtensor<[2,?,6],f32>
func.func @repeat(%x: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[2,?,6],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0 = torch.prim.ListConstruct %int2, %int1, %int2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.repeat %x, %0 : !torch.vtensor<[?,3],f32>, !torch.list<int> -> !torch.vtensor<[2,?,6],f32>
  return %1 : !torch.vtensor<[2,?,6],f32>
}

// -----

// pad: constant is constant_pad_nd; reflect reads arange(-1, n + 2) folded
// back into [0, n) along the last dim.
// CHECK-LABEL: func.func @pad_constant(
// CHECK:         torch.aten.constant_pad_nd
// CHECK-LABEL: func.func @pad_reflect(
// CHECK:         %[[I:.*]] = torch.aten.arange.start_step %int-1, %int7, {{.*}} -> !torch.vtensor<[8],si64>
// CHECK:         torch.aten.abs %[[I]]
// CHECK:         torch.aten.rsub.Scalar
// CHECK:         torch.aten.abs
// CHECK:         %[[J:.*]] = torch.aten.rsub.Scalar
// CHECK:         torch.aten.index_select %{{.*}}, %int1, %[[J]] {{.*}} -> !torch.vtensor<[2,8],f32>
// CHECK-NOT:     torch.aten.pad
func.func @pad_constant(%x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,8],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %str = torch.constant.str "constant"
  %float = torch.constant.float 1.5
  %0 = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.pad %x, %0, %str, %float : !torch.vtensor<[2,5],f32>, !torch.list<int>, !torch.str, !torch.float -> !torch.vtensor<[2,8],f32>
  return %1 : !torch.vtensor<[2,8],f32>
}
func.func @pad_reflect(%x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,8],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %str = torch.constant.str "reflect"
  %0 = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.pad %x, %0, %str, %none : !torch.vtensor<[2,5],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[2,8],f32>
  return %1 : !torch.vtensor<[2,8],f32>
}

// -----

// tril: x where col - row <= diagonal, else 0.
// CHECK-LABEL: func.func @tril(
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor {{.*}} -> !torch.vtensor<[3,4],si64>
// CHECK:         %[[K:.*]] = torch.aten.le.Scalar %[[D]], %int1
// CHECK:         torch.aten.where.ScalarOther %[[K]], %{{.*}}, %int0
func.func @tril(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.tril %x, %int1 : !torch.vtensor<[2,3,4],f32>, !torch.int -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// eye.m: (col == row) as the result's dtype.
// CHECK-LABEL: func.func @eye(
// CHECK:         %[[M:.*]] = torch.aten.eq.Tensor {{.*}} -> !torch.vtensor<[3,4],i1>
// CHECK:         torch.aten.to.dtype %[[M]], %int6{{.*}} -> !torch.vtensor<[3,4],f32>
func.func @eye() -> !torch.vtensor<[3,4],f32> {
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int6 = torch.constant.int 6
  %none = torch.constant.none
  %0 = torch.aten.eye.m %int3, %int4, %int6, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// roll: read at (i - shift) mod n.
// CHECK-LABEL: func.func @roll(
// CHECK:         %[[I:.*]] = torch.aten.arange.start_step
// CHECK:         %[[S:.*]] = torch.aten.sub.Scalar %[[I]], %int2
// CHECK:         %[[M:.*]] = torch.aten.remainder.Scalar %[[S]], %int5
// CHECK:         torch.aten.index_select %{{.*}}, %int1, %[[M]]
func.func @roll(%x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %2 = torch.aten.roll %x, %0, %1 : !torch.vtensor<[2,5],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[2,5],f32>
  return %2 : !torch.vtensor<[2,5],f32>
}

// -----

// constant_pad_nd with a negative pad: the crop as a slice first.
// CHECK-LABEL: func.func @pad_negative(
// CHECK:         %[[S:.*]] = torch.aten.slice.Tensor %{{.*}}, %int1, %int1, %int5, %int1{{.*}} -> !torch.vtensor<[2,4],f32>
// CHECK:         torch.aten.constant_pad_nd %[[S]], {{.*}} -> !torch.vtensor<[2,6],f32>
func.func @pad_negative(%x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,6],f32> {
  %int-1 = torch.constant.int -1
  %int2 = torch.constant.int 2
  %float0 = torch.constant.float 0.000000e+00
  %0 = torch.prim.ListConstruct %int-1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.constant_pad_nd %x, %0, %float0 : !torch.vtensor<[2,5],f32>, !torch.list<int>, !torch.float -> !torch.vtensor<[2,6],f32>
  return %1 : !torch.vtensor<[2,6],f32>
}

// -----

// index_add, an operator: scatter_add of the index spread over the source.
// CHECK-LABEL: func.func @index_add(
// CHECK:         %[[V:.*]] = torch.aten.view %{{.*}} -> !torch.vtensor<[1,2],si64>
// CHECK:         %[[E:.*]] = torch.aten.expand %[[V]], {{.*}} -> !torch.vtensor<[3,2],si64>
// CHECK:         torch.aten.scatter_add %{{.*}}, %int1, %[[E]], %{{.*}} -> !torch.vtensor<[3,4],f32>
func.func @index_add(%x: !torch.vtensor<[3,4],f32>, %i: !torch.vtensor<[2],si64>, %s: !torch.vtensor<[3,2],f32>) -> !torch.vtensor<[3,4],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.operator "aten.index_add"(%x, %int1, %i, %s, %int1) : (!torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[2],si64>, !torch.vtensor<[3,2],f32>, !torch.int) -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// PyTorch's prims (upstream's importer writes them): squeeze as squeeze.dim
// from the last dim down, collapse as flatten, split_dim as a view.
// CHECK-LABEL: func.func @prims(
// CHECK:         torch.aten.squeeze.dim %{{.*}}, %int2 {{.*}} -> !torch.vtensor<[1,3],f32>
// CHECK:         torch.aten.squeeze.dim %{{.*}}, %int0 {{.*}} -> !torch.vtensor<[3],f32>
// CHECK:         torch.aten.flatten.using_ints %{{.*}}, %int0, %int1 {{.*}} -> !torch.vtensor<[6],f32>
// CHECK:         %[[L:.*]] = torch.prim.ListConstruct %int3, %int-1
// CHECK:         torch.aten.view %{{.*}}, %[[L]] {{.*}} -> !torch.vtensor<[3,2],f32>
// CHECK-NOT:     torch.prims
func.func @prims(%x: !torch.vtensor<[1,3,1],f32>, %y: !torch.vtensor<[2,3],f32>, %z: !torch.vtensor<[6],f32>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[6],f32>, !torch.vtensor<[3,2],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %0 = torch.prim.ListConstruct %int2, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prims.squeeze %x, %0 : !torch.vtensor<[1,3,1],f32>, !torch.list<int> -> !torch.vtensor<[3],f32>
  %2 = torch.prims.collapse %y, %int0, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[6],f32>
  %3 = torch.prims.split_dim %z, %int0, %int3 : !torch.vtensor<[6],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,2],f32>
  return %1, %2, %3 : !torch.vtensor<[3],f32>, !torch.vtensor<[6],f32>, !torch.vtensor<[3,2],f32>
}
