// convert-torch-to-linalg, views and data movement.
// RUN: torch-mlir-opt %s -convert-torch-to-linalg -canonicalize -split-input-file | FileCheck %s

// view with a dynamic size from the list: collapse to 1-D, expand to it. The
// size is known only at run time, so it may be -1 then (the element count
// over the other sizes), and the count is checked.
// CHECK-LABEL: func.func @view_dynamic(
// CHECK-SAME:    %{{.*}}: !torch.vtensor<[?,4],f32>, %[[N:.*]]: !torch.int)
// CHECK:         %[[NI:.*]] = torch_c.to_i64 %[[N]]
// CHECK:         %[[INFER:.*]] = arith.cmpi eq, %[[NI]], %c-1_i64 : i64
// CHECK:         %[[INFERRED:.*]] = arith.divsi
// CHECK:         %[[SIZE:.*]] = arith.select %[[INFER]], %[[INFERRED]], %[[NI]] : i64
// CHECK:         %[[NX:.*]] = arith.index_cast %[[SIZE]] : i64 to index
// CHECK:         cf.assert %{{.*}}, "view/reshape: the sizes asked for do not hold the input's element count"
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [%[[NX]], 2, 2] : tensor<?x4xf32> into tensor<?x2x2xf32>
func.func @view_dynamic(%a: !torch.vtensor<[?,4],f32>, %n: !torch.int) -> !torch.vtensor<[?,2,2],f32> {
  %int2 = torch.constant.int 2
  %size = torch.prim.ListConstruct %n, %int2, %int2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %a, %size : !torch.vtensor<[?,4],f32>, !torch.list<int> -> !torch.vtensor<[?,2,2],f32>
  return %0 : !torch.vtensor<[?,2,2],f32>
}

// -----

// CHECK-LABEL: func.func @permute(
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<2x3x4xf32>) outs(%{{.*}} : tensor<4x2x3xf32>) permutation = [2, 0, 1]
func.func @permute(%a: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[4,2,3],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %dims = torch.prim.ListConstruct %int2, %int0, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.permute %a, %dims : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[4,2,3],f32>
  return %0 : !torch.vtensor<[4,2,3],f32>
}

// -----

// slice [1:-1:2] of dim 1, and select of index -1 (counted from the end).
// CHECK-LABEL: func.func @slice_and_select(
// CHECK:         tensor.extract_slice %{{.*}}[0, 1] [3, 2] [1, 2] : tensor<3x6xf32> to tensor<3x2xf32>
// CHECK:         tensor.extract_slice %{{.*}}[2, 0] [1, 6] [1, 1] : tensor<3x6xf32> to tensor<6xf32>
func.func @slice_and_select(%a: !torch.vtensor<[3,6],f32>) -> (!torch.vtensor<[3,2],f32>, !torch.vtensor<[6],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %int2 = torch.constant.int 2
  %0 = torch.aten.slice.Tensor %a, %int1, %int1, %int-1, %int2 : !torch.vtensor<[3,6],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[3,2],f32>
  %1 = torch.aten.select.int %a, %int0, %int-1 : !torch.vtensor<[3,6],f32>, !torch.int, !torch.int -> !torch.vtensor<[6],f32>
  return %0, %1 : !torch.vtensor<[3,2],f32>, !torch.vtensor<[6],f32>
}

// -----

// slice_scatter of a [3,2] into a [3,6] along dim 1 from -5 (1, counted from
// the end) every 2nd column: an insert_slice at the normalized start.
// CHECK-LABEL: func.func @slice_scatter(
// CHECK:         %[[START:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:         tensor.insert_slice %{{.*}} into %{{.*}}[0, %[[START]]] [3, 2] [1, 2] : tensor<3x2xf32> into tensor<3x6xf32>
func.func @slice_scatter(%a: !torch.vtensor<[3,6],f32>, %b: !torch.vtensor<[3,2],f32>) -> !torch.vtensor<[3,6],f32> {
  %int1 = torch.constant.int 1
  %int-5 = torch.constant.int -5
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.aten.slice_scatter %a, %b, %int1, %int-5, %none, %int2 : !torch.vtensor<[3,6],f32>, !torch.vtensor<[3,2],f32>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[3,6],f32>
  return %0 : !torch.vtensor<[3,6],f32>
}

// -----

// view.dtype between types of one size: each element's bits; a bool reads
// as 0 or 1.
// CHECK-LABEL: func.func @view_dtype(
// CHECK:         arith.bitcast %{{.*}} : f32 to i32
// CHECK:         arith.extui %{{.*}} : i1 to i8
func.func @view_dtype(%a: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],i1>) -> (!torch.vtensor<[3],si32>, !torch.vtensor<[3],ui8>) {
  %int3 = torch.constant.int 3
  %int0 = torch.constant.int 0
  %0 = torch.aten.view.dtype %a, %int3 : !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[3],si32>
  %1 = torch.aten.view.dtype %b, %int0 : !torch.vtensor<[3],i1>, !torch.int -> !torch.vtensor<[3],ui8>
  return %0, %1 : !torch.vtensor<[3],si32>, !torch.vtensor<[3],ui8>
}

// -----

// cat along dim 1: each operand inserted at its offset.
// CHECK-LABEL: func.func @cat(
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x5xf32>
// CHECK:         %[[I:.*]] = tensor.insert_slice %{{.*}} into %[[E]][0, 0] [2, 2] [1, 1]
// CHECK:         tensor.insert_slice %{{.*}} into %[[I]][0, 2] [2, 3] [1, 1]
func.func @cat(%a: !torch.vtensor<[2,2],f32>, %b: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,5],f32> {
  %int1 = torch.constant.int 1
  %list = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2,2],f32>, !torch.vtensor<[2,3],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.cat %list, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// embedding: a gather over the indices' shape, one tensor.extract each.
// CHECK-LABEL: func.func @embedding(
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<2x3xi64>) outs(%{{.*}} : tensor<2x3x4xf32>)
// CHECK:           %[[ROW:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:           %[[COL:.*]] = linalg.index 2 : index
// CHECK:           tensor.extract %{{.*}}[%[[ROW]], %[[COL]]] : tensor<10x4xf32>
func.func @embedding(%w: !torch.vtensor<[10,4],f32>, %i: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[2,3,4],f32> {
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten.embedding %w, %i, %int-1, %false, %false : !torch.vtensor<[10,4],f32>, !torch.vtensor<[2,3],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// unsqueeze keeps the dynamic size; flattening it again gives the input back.
// CHECK-LABEL: func.func @unsqueeze_flatten(
// CHECK:         %[[X:.*]] = torch_c.to_builtin_tensor %{{.*}} -> tensor<?x3xf32>
// CHECK:         %[[U:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1, 2]] output_shape [%{{.*}}, 1, 3] : tensor<?x3xf32> into tensor<?x1x3xf32>
// CHECK-DAG:     torch_c.from_builtin_tensor %[[U]]
// CHECK-DAG:     torch_c.from_builtin_tensor %[[X]]
func.func @unsqueeze_flatten(%a: !torch.vtensor<[?,3],f32>) -> (!torch.vtensor<[?,1,3],f32>, !torch.vtensor<[?,3],f32>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0 = torch.aten.unsqueeze %a, %int1 : !torch.vtensor<[?,3],f32>, !torch.int -> !torch.vtensor<[?,1,3],f32>
  %1 = torch.aten.flatten.using_ints %0, %int1, %int2 : !torch.vtensor<[?,1,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,3],f32>
  return %0, %1 : !torch.vtensor<[?,1,3],f32>, !torch.vtensor<[?,3],f32>
}

// -----

// size.int is tensor.dim.
// CHECK-LABEL: func.func @size(
// CHECK:         %[[D:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x3xf32>
// CHECK:         %[[I:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK:         torch_c.from_i64 %[[I]]
func.func @size(%a: !torch.vtensor<[?,3],f32>) -> !torch.int {
  %int0 = torch.constant.int 0
  %0 = torch.aten.size.int %a, %int0 : !torch.vtensor<[?,3],f32>, !torch.int -> !torch.int
  return %0 : !torch.int
}

// -----

// as_strided: element (i, j) is flat element offset + i * 1 + j * 2 of the
// source, read by tensor.extract.
// CHECK-LABEL: func.func @as_strided(
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<3x4xf32> into tensor<12xf32>
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3xf32>)
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           %[[J:.*]] = linalg.index 1 : index
// CHECK:           %[[JS:.*]] = arith.muli %[[J]], %c2
// CHECK:           %[[AT:.*]] = arith.addi %{{.*}}, %[[JS]]
// CHECK:           tensor.extract %[[FLAT]][%[[AT]]] : tensor<12xf32>
func.func @as_strided(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[2,3],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %stride = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.as_strided %x, %size, %stride, %none : !torch.vtensor<[3,4],f32>, !torch.list<int>, !torch.list<int>, !torch.none -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// diagonal of a dynamic dim: its length is min(n - 0, 4 - 1) clamped at 0,
// stepping by both dims' strides (4 + 1), starting one column in.
// CHECK-LABEL: func.func @diagonal_dynamic(
// CHECK:         %[[N:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x4xf32>
// CHECK:         %[[LEFT:.*]] = arith.maxsi %[[N]], %c0 : index
// CHECK:         %[[LEN:.*]] = arith.minsi %[[LEFT]], %c3 : index
// CHECK:         %[[INIT:.*]] = tensor.empty(%[[LEN]]) : tensor<?xf32>
// CHECK:         linalg.generic {{.*}} outs(%[[INIT]] : tensor<?xf32>)
// CHECK:           %[[STEP:.*]] = arith.muli %{{.*}}, %c5
// CHECK:           arith.addi %[[STEP]], %c1
func.func @diagonal_dynamic(%x: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %0 = torch.aten.diagonal %x, %int1, %int0, %int1 : !torch.vtensor<[?,4],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// unfold(dim 1, size 3, step 2) of 7 columns: 3 windows, each read along the
// new last dim.
// CHECK-LABEL: func.func @unfold(
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3x3xf32>)
// CHECK:           arith.muli %{{.*}}, %c7
// CHECK:           arith.muli %{{.*}}, %c2
func.func @unfold(%x: !torch.vtensor<[2,7],f32>) -> !torch.vtensor<[2,3,3],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %0 = torch.aten.unfold %x, %int1, %int3, %int2 : !torch.vtensor<[2,7],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,3,3],f32>
  return %0 : !torch.vtensor<[2,3,3],f32>
}

// -----

// as_strided of a transposed value stays: it would read the storage the
// transpose shares with its input, which value semantics does not keep.
// CHECK-LABEL: func.func @as_strided_of_a_view(
// CHECK:         torch.aten.as_strided
func.func @as_strided_of_a_view(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3,2],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %none = torch.constant.none
  %t = torch.aten.transpose.int %x, %int0, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,2],f32>
  %size = torch.prim.ListConstruct %int3, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %stride = torch.prim.ListConstruct %int1, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.as_strided %t, %size, %stride, %none : !torch.vtensor<[3,2],f32>, !torch.list<int>, !torch.list<int>, !torch.none -> !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}
