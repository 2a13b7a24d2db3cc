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

// -----

// _unsafe_view is a view: [2, 6] collapsed to 12 elements, expanded to
// [3, 4].
// CHECK-LABEL: func.func @unsafe_view(
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<2x6xf32> into tensor<12xf32>
// CHECK:         tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [3, 4] : tensor<12xf32> into tensor<3x4xf32>
// CHECK-NOT:     torch.aten._unsafe_view
func.func @unsafe_view(%x: !torch.vtensor<[2,6],f32>) -> !torch.vtensor<[3,4],f32> {
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %s = torch.prim.ListConstruct %int3, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten._unsafe_view %x, %s : !torch.vtensor<[2,6],f32>, !torch.list<int> -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// squeeze drops every static 1 (the dynamic size stays, from tensor.dim);
// squeeze.dim -2 only dim 2.
// CHECK-LABEL: func.func @squeeze(
// CHECK:         %[[X:.*]] = torch_c.to_builtin_tensor %{{.*}} -> tensor<1x?x1x3xf32>
// CHECK:         %[[N:.*]] = tensor.dim %[[X]], %c1 : tensor<1x?x1x3xf32>
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2, 3]] : tensor<1x?x1x3xf32> into tensor<?xf32>
// CHECK:         tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [%[[N]], 3] : tensor<?xf32> into tensor<?x3xf32>
// CHECK:         tensor.collapse_shape %[[X]] {{\[}}[0], [1], [2, 3]] : tensor<1x?x1x3xf32> into tensor<1x?x3xf32>
// CHECK-NOT:     torch.aten.squeeze
func.func @squeeze(%x: !torch.vtensor<[1,?,1,3],f32>) -> (!torch.vtensor<[?,3],f32>, !torch.vtensor<[1,?,3],f32>) {
  %int-2 = torch.constant.int -2
  %0 = torch.aten.squeeze %x : !torch.vtensor<[1,?,1,3],f32> -> !torch.vtensor<[?,3],f32>
  %1 = torch.aten.squeeze.dim %x, %int-2 : !torch.vtensor<[1,?,1,3],f32>, !torch.int -> !torch.vtensor<[1,?,3],f32>
  return %0, %1 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[1,?,3],f32>
}

// -----

// t of a 2-D tensor swaps its dims (the dynamic one carried over); of a
// 1-D tensor it is the input.
// CHECK-LABEL: func.func @t(
// CHECK-DAG:     %[[V:.*]] = torch_c.to_builtin_tensor %{{.*}} : !torch.vtensor<[5],f32> -> tensor<5xf32>
// CHECK-DAG:     %[[M:.*]] = torch_c.to_builtin_tensor %{{.*}} : !torch.vtensor<[?,3],f32> -> tensor<?x3xf32>
// CHECK:         %[[N:.*]] = tensor.dim %[[M]], %c0 : tensor<?x3xf32>
// CHECK:         %[[E:.*]] = tensor.empty(%[[N]]) : tensor<3x?xf32>
// CHECK:         linalg.transpose ins(%[[M]] : tensor<?x3xf32>) outs(%[[E]] : tensor<3x?xf32>) permutation = [1, 0]
// CHECK:         torch_c.from_builtin_tensor %[[V]] : tensor<5xf32>
// CHECK-NOT:     torch.aten.t
func.func @t(%x: !torch.vtensor<[?,3],f32>, %y: !torch.vtensor<[5],f32>) -> (!torch.vtensor<[3,?],f32>, !torch.vtensor<[5],f32>) {
  %0 = torch.aten.t %x : !torch.vtensor<[?,3],f32> -> !torch.vtensor<[3,?],f32>
  %1 = torch.aten.t %y : !torch.vtensor<[5],f32> -> !torch.vtensor<[5],f32>
  return %0, %1 : !torch.vtensor<[3,?],f32>, !torch.vtensor<[5],f32>
}

// -----

// expand [3, 1] to [2, -1, 4]: a new leading dim, -1 keeps 3, the static 1
// stretches (read at 0). expand of a [?] to [n, 5]: the input's size is
// known only at run time, so it must be 1 or 5 (checked), and is read at
// index 0 when it is 1.
// CHECK-DAG:   #[[STRETCH:.*]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-DAG:   #[[ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @expand(
// CHECK:         linalg.generic {indexing_maps = [#[[STRETCH]], #[[ID3]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}} : tensor<3x1xf32>) outs(%{{.*}} : tensor<2x3x4xf32>)
// CHECK:         %[[D:.*]] = tensor.dim %[[Y:.*]], %c0 : tensor<?xf32>
// CHECK:         %[[N:.*]] = torch_c.to_i64 %arg2
// CHECK:         %[[NX:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK:         %[[ONE:.*]] = arith.cmpi eq, %[[D]], %c1 : index
// CHECK:         %[[SAME:.*]] = arith.cmpi eq, %[[D]], %c5 : index
// CHECK:         %[[OK:.*]] = arith.ori %[[ONE]], %[[SAME]] : i1
// CHECK:         cf.assert %[[OK]], "expand: dimension 0 of the input is neither 1 nor the size asked for"
// CHECK:         %[[E:.*]] = tensor.empty(%[[NX]]) : tensor<?x5xf32>
// CHECK:         linalg.generic {{.*}} outs(%[[E]] : tensor<?x5xf32>)
// CHECK:           %[[J:.*]] = linalg.index 1 : index
// CHECK:           %[[AT:.*]] = arith.select %[[ONE]], %c0, %[[J]] : index
// CHECK:           tensor.extract %[[Y]][%[[AT]]] : tensor<?xf32>
// CHECK-NOT:     torch.aten.expand
func.func @expand(%x: !torch.vtensor<[3,1],f32>, %y: !torch.vtensor<[?],f32>, %n: !torch.int) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[?,5],f32>) {
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %int4 = torch.constant.int 4
  %int5 = torch.constant.int 5
  %false = torch.constant.bool false
  %s = torch.prim.ListConstruct %int2, %int-1, %int4 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.expand %x, %s, %false : !torch.vtensor<[3,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  %s2 = torch.prim.ListConstruct %n, %int5 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.expand %y, %s2, %false : !torch.vtensor<[?],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,5],f32>
  return %0, %1 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[?,5],f32>
}

// -----

// gather along dim 1: out[i][j] = self[i][index[i][j]], over the index's
// (dynamic) shape.
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @gather(
// CHECK-DAG:     %[[IDX:.*]] = torch_c.to_builtin_tensor %{{.*}} : !torch.vtensor<[3,?],si64> -> tensor<3x?xi64>
// CHECK-DAG:     %[[SELF:.*]] = torch_c.to_builtin_tensor %{{.*}} : !torch.vtensor<[3,5],f32> -> tensor<3x5xf32>
// CHECK:         %[[N:.*]] = tensor.dim %[[IDX]], %c1 : tensor<3x?xi64>
// CHECK:         %[[E:.*]] = tensor.empty(%[[N]]) : tensor<3x?xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[IDX]] : tensor<3x?xi64>) outs(%[[E]] : tensor<3x?xf32>)
// CHECK:         ^bb0(%[[K:.*]]: i64, %{{.*}}: f32):
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           %[[KX:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK:           %[[V:.*]] = tensor.extract %[[SELF]][%[[I]], %[[KX]]] : tensor<3x5xf32>
// CHECK:           linalg.yield %[[V]] : f32
// CHECK-NOT:     torch.aten.gather
func.func @gather(%x: !torch.vtensor<[3,5],f32>, %i: !torch.vtensor<[3,?],si64>) -> !torch.vtensor<[3,?],f32> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %0 = torch.aten.gather %x, %int1, %i, %false : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,?],si64>, !torch.bool -> !torch.vtensor<[3,?],f32>
  return %0 : !torch.vtensor<[3,?],f32>
}

// -----

// index_select along dim 1 with si32 indices: the index dim replaces dim 1,
// the others read at their own position.
// CHECK-DAG:   #[[IDXMAP:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @index_select(
// CHECK-DAG:     %[[SELF:.*]] = torch_c.to_builtin_tensor %{{.*}} : !torch.vtensor<[4,5,6],f32> -> tensor<4x5x6xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[IDXMAP]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}} : tensor<2xi32>) outs(%{{.*}} : tensor<4x2x6xf32>)
// CHECK:         ^bb0(%[[K:.*]]: i32, %{{.*}}: f32):
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           %[[KX:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK:           %[[J:.*]] = linalg.index 2 : index
// CHECK:           tensor.extract %[[SELF]][%[[I]], %[[KX]], %[[J]]] : tensor<4x5x6xf32>
// CHECK-NOT:     torch.aten.index_select
func.func @index_select(%x: !torch.vtensor<[4,5,6],f32>, %i: !torch.vtensor<[2],si32>) -> !torch.vtensor<[4,2,6],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.index_select %x, %int1, %i : !torch.vtensor<[4,5,6],f32>, !torch.int, !torch.vtensor<[2],si32> -> !torch.vtensor<[4,2,6],f32>
  return %0 : !torch.vtensor<[4,2,6],f32>
}

// -----

// index.Tensor with [None, a, b], a [2, 1] and b [3] broadcast to [2, 3]:
// result [4, 2, 3]; a's size-1 dim stretches; negative indices wrap by the
// indexed dims' sizes (5 and 6).
// CHECK-DAG:   #[[A:.*]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-DAG:   #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @index_tensor(
// CHECK:         %[[SELF:.*]] = torch_c.to_builtin_tensor %{{.*}} : !torch.vtensor<[4,5,6],f32> -> tensor<4x5x6xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.*}}, %{{.*}} : tensor<2x1xi64>, tensor<3xi64>) outs(%{{.*}} : tensor<4x2x3xf32>)
// CHECK:         ^bb0(%[[IA:.*]]: i64, %[[IB:.*]]: i64, %{{.*}}: f32):
// CHECK:           %[[D0:.*]] = linalg.index 0 : index
// CHECK:           %[[ANEG:.*]] = arith.cmpi slt, %[[IA]], %c0_i64 : i64
// CHECK:           %[[AWRAP:.*]] = arith.addi %[[IA]], %c5_i64 : i64
// CHECK:           %[[AV:.*]] = arith.select %[[ANEG]], %[[AWRAP]], %[[IA]] : i64
// CHECK:           %[[AX:.*]] = arith.index_cast %[[AV]] : i64 to index
// CHECK:           %[[BNEG:.*]] = arith.cmpi slt, %[[IB]], %c0_i64 : i64
// CHECK:           %[[BWRAP:.*]] = arith.addi %[[IB]], %c6_i64 : i64
// CHECK:           %[[BV:.*]] = arith.select %[[BNEG]], %[[BWRAP]], %[[IB]] : i64
// CHECK:           %[[BX:.*]] = arith.index_cast %[[BV]] : i64 to index
// CHECK:           tensor.extract %[[SELF]][%[[D0]], %[[AX]], %[[BX]]] : tensor<4x5x6xf32>
// CHECK-NOT:     torch.aten.index.Tensor
func.func @index_tensor(%x: !torch.vtensor<[4,5,6],f32>, %a: !torch.vtensor<[2,1],si64>, %b: !torch.vtensor<[3],si64>) -> !torch.vtensor<[4,2,3],f32> {
  %none = torch.constant.none
  %l = torch.prim.ListConstruct %none, %a, %b : (!torch.none, !torch.vtensor<[2,1],si64>, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index.Tensor %x, %l : !torch.vtensor<[4,5,6],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[4,2,3],f32>
  return %0 : !torch.vtensor<[4,2,3],f32>
}

// -----

// constant_pad_nd: the pad list (1, 2, 0, 1) pads the last dim by 1 low and
// 2 high, the one before by 0 and 1, with the value in the input's dtype.
// CHECK-LABEL: func.func @constant_pad_nd(
// CHECK:         %[[V:.*]] = torch_c.to_f64 %{{.*}}
// CHECK:         %[[V32:.*]] = arith.truncf %[[V]] : f64 to f32
// CHECK:         tensor.pad %{{.*}} low[0, 0, 1] high[0, 1, 2]
// CHECK:           tensor.yield %[[V32]] : f32
// CHECK:         } : tensor<2x?x3xf32> to tensor<2x?x6xf32>
// CHECK-NOT:     torch.aten.constant_pad_nd
func.func @constant_pad_nd(%x: !torch.vtensor<[2,?,3],f32>) -> !torch.vtensor<[2,?,6],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %f = torch.constant.float -5.000000e-01
  %p = torch.prim.ListConstruct %int1, %int2, %int0, %int1 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.constant_pad_nd %x, %p, %f : !torch.vtensor<[2,?,3],f32>, !torch.list<int>, !torch.float -> !torch.vtensor<[2,?,6],f32>
  return %0 : !torch.vtensor<[2,?,6],f32>
}

// -----

// The _copy forms of strided views, of a [3, 4] read flat:
// as_strided_copy([2, 2], [3, 1], offset 1) reads 1 + 3i + j;
// diagonal_copy(dim1 = -1, dim2 = 0) reads 5i (stride 4 + 1);
// unfold_copy(dim 1, size 2, step 2) reads 4i + 2w + k.
// CHECK-LABEL: func.func @strided_copies(
// CHECK:         %[[F0:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<3x4xf32> into tensor<12xf32>
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x2xf32>)
// CHECK:           %[[I0:.*]] = linalg.index 0 : index
// CHECK:           %[[R0:.*]] = arith.muli %[[I0]], %c3 : index
// CHECK:           %[[O0:.*]] = arith.addi %[[R0]], %c1 : index
// CHECK:           %[[J0:.*]] = linalg.index 1 : index
// CHECK:           %[[A0:.*]] = arith.addi %[[O0]], %[[J0]] : index
// CHECK:           tensor.extract %[[F0]][%[[A0]]] : tensor<12xf32>
// CHECK:         %[[F1:.*]] = tensor.collapse_shape
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<3xf32>)
// CHECK:           %[[I1:.*]] = linalg.index 0 : index
// CHECK:           %[[A1:.*]] = arith.muli %[[I1]], %c5 : index
// CHECK:           tensor.extract %[[F1]][%[[A1]]] : tensor<12xf32>
// CHECK:         %[[F2:.*]] = tensor.collapse_shape
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<3x2x2xf32>)
// CHECK:           %[[I2:.*]] = linalg.index 0 : index
// CHECK:           %[[R2:.*]] = arith.muli %[[I2]], %c4 : index
// CHECK:           %[[W2:.*]] = linalg.index 1 : index
// CHECK:           %[[WS:.*]] = arith.muli %[[W2]], %c2 : index
// CHECK:           %[[RW:.*]] = arith.addi %[[R2]], %[[WS]] : index
// CHECK:           %[[K2:.*]] = linalg.index 2 : index
// CHECK:           %[[A2:.*]] = arith.addi %[[RW]], %[[K2]] : index
// CHECK:           tensor.extract %[[F2]][%[[A2]]] : tensor<12xf32>
// CHECK-NOT:     torch.aten
func.func @strided_copies(%x: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[2,2],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3,2,2],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int-1 = torch.constant.int -1
  %size = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %stride = torch.prim.ListConstruct %int3, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.as_strided_copy %x, %size, %stride, %int1 : !torch.vtensor<[3,4],f32>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[2,2],f32>
  %1 = torch.aten.diagonal_copy %x, %int0, %int-1, %int0 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[3],f32>
  %2 = torch.aten.unfold_copy %x, %int1, %int2, %int2 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[3,2,2],f32>
  return %0, %1, %2 : !torch.vtensor<[2,2],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3,2,2],f32>
}

// -----

// narrow, movedim.int and numpy_T have no lowering of their own in this pass
// and stay; as_strided of any of them stays too, since it would read the
// storage the view reordered or offset.
// CHECK-LABEL: func.func @as_strided_of_more_views(
// CHECK:         %[[N:.*]] = torch.aten.narrow
// CHECK:         %[[M:.*]] = torch.aten.movedim.int
// CHECK:         %[[T:.*]] = torch.aten.numpy_T
// CHECK:         torch.aten.as_strided %[[N]]
// CHECK:         torch.aten.as_strided %[[M]]
// CHECK:         torch.aten.as_strided %[[T]]
// CHECK-NOT:     linalg.generic
func.func @as_strided_of_more_views(%x: !torch.vtensor<[4,6],f32>) -> (!torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %n = torch.aten.narrow %x, %int1, %int1, %int2 : !torch.vtensor<[4,6],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,2],f32>
  %m = torch.aten.movedim.int %x, %int0, %int1 : !torch.vtensor<[4,6],f32>, !torch.int, !torch.int -> !torch.vtensor<[6,4],f32>
  %t = torch.aten.numpy_T %x : !torch.vtensor<[4,6],f32> -> !torch.vtensor<[6,4],f32>
  %size = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %stride = torch.prim.ListConstruct %int2, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.as_strided %n, %size, %stride, %none : !torch.vtensor<[4,2],f32>, !torch.list<int>, !torch.list<int>, !torch.none -> !torch.vtensor<[2,2],f32>
  %1 = torch.aten.as_strided %m, %size, %stride, %none : !torch.vtensor<[6,4],f32>, !torch.list<int>, !torch.list<int>, !torch.none -> !torch.vtensor<[2,2],f32>
  %2 = torch.aten.as_strided %t, %size, %stride, %none : !torch.vtensor<[6,4],f32>, !torch.list<int>, !torch.list<int>, !torch.none -> !torch.vtensor<[2,2],f32>
  return %0, %1, %2 : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],f32>
}
