// torch-decompose-complex-ops on ops that split, join, repeat, pad, reorder,
// mask, select or scatter elements, and on the constructors built from
// arange (or, for constant arguments, a literal).
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

// -----

// flip along a dynamic dim 0 and dim -1: each read at n - 1 - i (n from
// aten.size.int for the dynamic one, 4 - 1 = 3 for the static one).
// CHECK-LABEL: func.func @flip(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[?,3,4],f32>)
// CHECK:         %[[N:.*]] = torch.aten.size.int %[[X]], %int0
// CHECK:         %[[I:.*]] = torch.aten.arange.start_step %int0, %[[N]], {{.*}} -> !torch.vtensor<[?],si64>
// CHECK:         %[[N1:.*]] = torch.aten.size.int %[[X]], %int0
// CHECK:         %[[LAST:.*]] = torch.aten.sub.int %[[N1]], %int1
// CHECK:         %[[J:.*]] = torch.aten.rsub.Scalar %[[I]], %[[LAST]], %int1
// CHECK:         %[[A:.*]] = torch.aten.index_select %[[X]], %int0, %[[J]] : {{.*}} -> !torch.vtensor<[?,3,4],f32>
// CHECK:         %[[I2:.*]] = torch.aten.arange.start_step %int0, %int4, {{.*}} -> !torch.vtensor<[4],si64>
// CHECK:         %[[J2:.*]] = torch.aten.rsub.Scalar %[[I2]], %int3, %int1
// CHECK:         %[[R:.*]] = torch.aten.index_select %[[A]], %int2, %[[J2]] : {{.*}} -> !torch.vtensor<[?,3,4],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.flip
func.func @flip(%x: !torch.vtensor<[?,3,4],f32>) -> !torch.vtensor<[?,3,4],f32> {
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %d = torch.prim.ListConstruct %int0, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.flip %x, %d : !torch.vtensor<[?,3,4],f32>, !torch.list<int> -> !torch.vtensor<[?,3,4],f32>
  return %0 : !torch.vtensor<[?,3,4],f32>
}

// -----

// triu(x, -1) of a [4, 3] integer matrix: x where col - row >= -1, else 0.
// CHECK-LABEL: func.func @triu(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4,3],si32>)
// CHECK:         %[[R:.*]] = torch.aten.arange.start_step %int0, %int4, {{.*}} -> !torch.vtensor<[4],si64>
// CHECK:         %[[C:.*]] = torch.aten.arange.start_step %int0, %int3, {{.*}} -> !torch.vtensor<[3],si64>
// CHECK:         %[[RC:.*]] = torch.aten.unsqueeze %[[R]], %int1 : {{.*}} -> !torch.vtensor<[4,1],si64>
// CHECK:         %[[D:.*]] = torch.aten.sub.Tensor %[[C]], %[[RC]], %int1 : {{.*}} -> !torch.vtensor<[4,3],si64>
// CHECK:         %[[K:.*]] = torch.aten.ge.Scalar %[[D]], %int-1
// CHECK:         %[[W:.*]] = torch.aten.where.ScalarOther %[[K]], %[[X]], %int0 : {{.*}} -> !torch.vtensor<[4,3],si32>
// CHECK:         return %[[W]]
// CHECK-NOT:     torch.aten.triu
func.func @triu(%x: !torch.vtensor<[4,3],si32>) -> !torch.vtensor<[4,3],si32> {
  %int-1 = torch.constant.int -1
  %0 = torch.aten.triu %x, %int-1 : !torch.vtensor<[4,3],si32>, !torch.int -> !torch.vtensor<[4,3],si32>
  return %0 : !torch.vtensor<[4,3],si32>
}

// -----

// eye(3) of bool (11): the col == row mask itself, no cast.
// CHECK-LABEL: func.func @eye_bool(
// CHECK:         %[[R:.*]] = torch.aten.arange.start_step %int0, %int3, {{.*}} -> !torch.vtensor<[3],si64>
// CHECK:         %[[C:.*]] = torch.aten.arange.start_step %int0, %int3, {{.*}} -> !torch.vtensor<[3],si64>
// CHECK:         %[[RC:.*]] = torch.aten.unsqueeze %[[R]], %int1 : {{.*}} -> !torch.vtensor<[3,1],si64>
// CHECK:         %[[M:.*]] = torch.aten.eq.Tensor %[[RC]], %[[C]] : {{.*}} -> !torch.vtensor<[3,3],i1>
// CHECK-NOT:     torch.aten.to.dtype
// CHECK:         return %[[M]]
// CHECK-NOT:     torch.aten.eye
func.func @eye_bool() -> !torch.vtensor<[3,3],i1> {
  %int3 = torch.constant.int 3
  %int11 = torch.constant.int 11
  %none = torch.constant.none
  %0 = torch.aten.eye %int3, %int11, %none, %none, %none : !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3,3],i1>
  return %0 : !torch.vtensor<[3,3],i1>
}

// -----

// linspace(-1, 1, 5): step 0.5; the first half (i < 2) -1 + i * 0.5, the
// rest 1 - (4 - i) * 0.5, as PyTorch computes it.
// CHECK-LABEL: func.func @linspace(
// CHECK:         %[[I:.*]] = torch.aten.arange.start_step %int0, %int5, %int1, %int6, {{.*}} -> !torch.vtensor<[5],f32>
// CHECK:         %[[S:.*]] = torch.aten.mul.Scalar %[[I]], %float5.000000e-01
// CHECK:         %[[A:.*]] = torch.aten.add.Scalar %[[S]], %float-1.000000e00, %int1
// CHECK:         %[[BF:.*]] = torch.aten.rsub.Scalar %[[I]], %float4.000000e00, %int1
// CHECK:         %[[BS:.*]] = torch.aten.mul.Scalar %[[BF]], %float5.000000e-01
// CHECK:         %[[B:.*]] = torch.aten.rsub.Scalar %[[BS]], %float1.000000e00, %int1
// CHECK:         %[[H:.*]] = torch.aten.lt.Scalar %[[I]], %int2
// CHECK:         %[[R:.*]] = torch.aten.where.self %[[H]], %[[A]], %[[B]]
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.linspace
func.func @linspace() -> !torch.vtensor<[5],f32> {
  %int5 = torch.constant.int 5
  %start = torch.constant.float -1.000000e+00
  %end = torch.constant.float 1.000000e+00
  %none = torch.constant.none
  %0 = torch.aten.linspace %start, %end, %int5, %none, %none, %none, %none : !torch.float, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}

// -----

// tril_indices(3, 2) and triu_indices(3, 3, 1) of constants: literals of
// the (row, col) pairs, row by row.
// CHECK-LABEL: func.func @triangle_indices(
// CHECK:         %[[L:.*]] = torch.vtensor.literal(dense<{{\[}}[0, 1, 1, 2, 2], [0, 0, 1, 0, 1]]> : tensor<2x5xsi64>) : !torch.vtensor<[2,5],si64>
// CHECK:         %[[U:.*]] = torch.vtensor.literal(dense<{{\[}}[0, 0, 1], [1, 2, 2]]> : tensor<2x3xsi64>) : !torch.vtensor<[2,3],si64>
// CHECK:         return %[[L]], %[[U]]
// CHECK-NOT:     torch.aten.tril_indices
// CHECK-NOT:     torch.aten.triu_indices
func.func @triangle_indices() -> (!torch.vtensor<[2,5],si64>, !torch.vtensor<[2,3],si64>) {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int4 = torch.constant.int 4
  %none = torch.constant.none
  %0 = torch.aten.tril_indices %int3, %int2, %int0, %int4, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,5],si64>
  %1 = torch.aten.triu_indices %int3, %int3, %int1, %int4, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3],si64>
  return %0, %1 : !torch.vtensor<[2,5],si64>, !torch.vtensor<[2,3],si64>
}

// -----

// masked_select with a [4] mask broadcast to x's [3, 4]: both flattened, x
// read at nonzero(mask)'s column 0.
// CHECK-LABEL: func.func @masked_select(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,4],f32>, %[[M:.*]]: !torch.vtensor<[4],i1>)
// CHECK:         %[[S:.*]] = torch.prim.ListConstruct %int3, %int4
// CHECK:         %[[B:.*]] = torch.aten.broadcast_to %[[M]], %[[S]] : {{.*}} -> !torch.vtensor<[3,4],i1>
// CHECK:         %[[XF:.*]] = torch.aten.flatten.using_ints %[[X]], %int0, %int1 : {{.*}} -> !torch.vtensor<[12],f32>
// CHECK:         %[[MF:.*]] = torch.aten.flatten.using_ints %[[B]], %int0, %int1 : {{.*}} -> !torch.vtensor<[12],i1>
// CHECK:         %[[NZ:.*]] = torch.aten.nonzero %[[MF]] : {{.*}} -> !torch.vtensor<[?,1],si64>
// CHECK:         %[[I:.*]] = torch.aten.select.int %[[NZ]], %int1, %int0 : {{.*}} -> !torch.vtensor<[?],si64>
// CHECK:         %[[R:.*]] = torch.aten.index_select %[[XF]], %int0, %[[I]] : {{.*}} -> !torch.vtensor<[?],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.masked_select
func.func @masked_select(%x: !torch.vtensor<[3,4],f32>, %m: !torch.vtensor<[4],i1>) -> !torch.vtensor<[?],f32> {
  %0 = torch.aten.masked_select %x, %m : !torch.vtensor<[3,4],f32>, !torch.vtensor<[4],i1> -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// one_hot(x, 5) = (x[..., None] == arange(5)) as si64.
// CHECK-LABEL: func.func @one_hot(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[2,3],si64>)
// CHECK:         %[[C:.*]] = torch.aten.unsqueeze %[[X]], %int-1 : {{.*}} -> !torch.vtensor<[2,3,1],si64>
// CHECK:         %[[A:.*]] = torch.aten.arange.start_step %int0, %int5, {{.*}} -> !torch.vtensor<[5],si64>
// CHECK:         %[[E:.*]] = torch.aten.eq.Tensor %[[C]], %[[A]] : {{.*}} -> !torch.vtensor<[2,3,5],i1>
// CHECK:         %[[R:.*]] = torch.aten.to.dtype %[[E]], %int4, {{.*}} -> !torch.vtensor<[2,3,5],si64>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten.one_hot
func.func @one_hot(%x: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[2,3,5],si64> {
  %int5 = torch.constant.int 5
  %0 = torch.aten.one_hot %x, %int5 : !torch.vtensor<[2,3],si64>, !torch.int -> !torch.vtensor<[2,3,5],si64>
  return %0 : !torch.vtensor<[2,3,5],si64>
}

// -----

// index_put.hacked_twin with a mask beside an integer index: the mask's
// nonzero positions become its dim's integer index (the op itself stays,
// accumulating).
// CHECK-LABEL: func.func @index_put_hacked_twin(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4,3],f32>, %[[M:.*]]: !torch.vtensor<[4],i1>, %[[I:.*]]: !torch.vtensor<[2],si64>, %[[V:.*]]: !torch.vtensor<[2],f32>)
// CHECK:         %[[NZ:.*]] = torch.aten.nonzero %[[M]] : {{.*}} -> !torch.vtensor<[?,1],si64>
// CHECK:         %[[COL:.*]] = torch.aten.select.int %[[NZ]], %int1, %int0 : {{.*}} -> !torch.vtensor<[?],si64>
// CHECK:         %[[L:.*]] = torch.prim.ListConstruct %[[COL]], %[[I]] : (!torch.vtensor<[?],si64>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor>
// CHECK:         %[[R:.*]] = torch.aten.index_put.hacked_twin %[[X]], %[[L]], %[[V]], %true
// CHECK:         return %[[R]]
func.func @index_put_hacked_twin(%x: !torch.vtensor<[4,3],f32>, %m: !torch.vtensor<[4],i1>, %i: !torch.vtensor<[2],si64>, %v: !torch.vtensor<[2],f32>) -> !torch.vtensor<[4,3],f32> {
  %true = torch.constant.bool true
  %list = torch.prim.ListConstruct %m, %i : (!torch.vtensor<[4],i1>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor>
  %0 = torch.aten.index_put.hacked_twin %x, %list, %v, %true : !torch.vtensor<[4,3],f32>, !torch.list<vtensor>, !torch.vtensor<[2],f32>, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// _index_put_impl is index_put (unsafe dropped, accumulate kept).
// CHECK-LABEL: func.func @index_put_impl(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4,3],f32>, %[[I:.*]]: !torch.vtensor<[2],si64>, %[[V:.*]]: !torch.vtensor<[2,3],f32>)
// CHECK:         %[[L:.*]] = torch.prim.ListConstruct %[[I]]
// CHECK:         %[[R:.*]] = torch.aten.index_put %[[X]], %[[L]], %[[V]], %true : {{.*}} -> !torch.vtensor<[4,3],f32>
// CHECK:         return %[[R]]
// CHECK-NOT:     torch.aten._index_put_impl
func.func @index_put_impl(%x: !torch.vtensor<[4,3],f32>, %i: !torch.vtensor<[2],si64>, %v: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %list = torch.prim.ListConstruct %i : (!torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten._index_put_impl %x, %list, %v, %true, %false : !torch.vtensor<[4,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[2,3],f32>, !torch.bool, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// scatter.reduce "add" is scatter_reduce.two "sum" including self;
// scatter.value_reduce (an operator) "multiply" is scatter_reduce.two
// "prod" of the value filled to the index's shape.
// CHECK-LABEL: func.func @scatter_reduce(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3,5],f32>, %[[I:.*]]: !torch.vtensor<[2,5],si64>, %[[S:.*]]: !torch.vtensor<[2,5],f32>)
// CHECK-DAG:     %[[PROD:.*]] = torch.constant.str "prod"
// CHECK-DAG:     %[[SUM:.*]] = torch.constant.str "sum"
// CHECK:         %[[R0:.*]] = torch.aten.scatter_reduce.two %[[X]], %int0, %[[I]], %[[S]], %[[SUM]], %true : {{.*}} -> !torch.vtensor<[3,5],f32>
// CHECK:         %[[F:.*]] = torch.aten.full_like %[[I]], %float2.000000e00, %int6, {{.*}} -> !torch.vtensor<[2,5],f32>
// CHECK:         %[[R1:.*]] = torch.aten.scatter_reduce.two %[[X]], %int0, %[[I]], %[[F]], %[[PROD]], %true : {{.*}} -> !torch.vtensor<[3,5],f32>
// CHECK:         return %[[R0]], %[[R1]]
// CHECK-NOT:     torch.aten.scatter.reduce
// CHECK-NOT:     torch.operator
func.func @scatter_reduce(%x: !torch.vtensor<[3,5],f32>, %i: !torch.vtensor<[2,5],si64>, %s: !torch.vtensor<[2,5],f32>) -> (!torch.vtensor<[3,5],f32>, !torch.vtensor<[3,5],f32>) {
  %int0 = torch.constant.int 0
  %add = torch.constant.str "add"
  %mul = torch.constant.str "multiply"
  %f = torch.constant.float 2.000000e+00
  %0 = torch.aten.scatter.reduce %x, %int0, %i, %s, %add : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[2,5],si64>, !torch.vtensor<[2,5],f32>, !torch.str -> !torch.vtensor<[3,5],f32>
  %1 = torch.operator "aten.scatter.value_reduce"(%x, %int0, %i, %f, %mul) : (!torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[2,5],si64>, !torch.float, !torch.str) -> !torch.vtensor<[3,5],f32>
  return %0, %1 : !torch.vtensor<[3,5],f32>, !torch.vtensor<[3,5],f32>
}

// -----

// select_scatter is slice_scatter of the source unsqueezed at dim, over one
// index (a negative one counted from the end: here at run time).
// CHECK-LABEL: func.func @select_scatter(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[4,?],f32>, %[[SRC:.*]]: !torch.vtensor<[4],f32>)
// CHECK:         %[[SIZE:.*]] = torch.aten.size.int %[[X]], %{{.*}} : !torch.vtensor<[4,?],f32>, !torch.int -> !torch.int
// CHECK:         %[[START:.*]] = torch.aten.add.int %{{.*}}, %[[SIZE]]
// CHECK:         %[[ROW:.*]] = torch.aten.unsqueeze %[[SRC]], %{{.*}} : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4,1],f32>
// CHECK:         %[[END:.*]] = torch.aten.add.int %[[START]], %{{.*}}
// CHECK:         torch.aten.slice_scatter %[[X]], %[[ROW]], %{{.*}}, %[[START]], %[[END]], %{{.*}} : {{.*}} -> !torch.vtensor<[4,?],f32>
func.func @select_scatter(%x: !torch.vtensor<[4,?],f32>, %src: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4,?],f32> {
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %0 = torch.aten.select_scatter %x, %src, %int1, %int-1 : !torch.vtensor<[4,?],f32>, !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,?],f32>
  return %0 : !torch.vtensor<[4,?],f32>
}
