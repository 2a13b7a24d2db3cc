// convert-torch-to-linalg with sizes known only at run time: computed with
// tensor.dim and index arithmetic, and checked with cf.assert where sizes
// must agree and the types cannot tell.
// RUN: torch-mlir-opt %s -convert-torch-to-linalg -canonicalize -split-input-file | FileCheck %s

// Two sizes from the list, one of them -1 at run time: the element count
// over the others, and a check that the count is kept.
// CHECK-LABEL: func.func @view_run_time_sizes(
// CHECK:         %[[A:.*]] = torch_c.to_i64 %arg1
// CHECK:         %[[B:.*]] = torch_c.to_i64 %arg2
// CHECK:         %[[A_INFER:.*]] = arith.cmpi eq, %[[A]], %c-1_i64 : i64
// CHECK:         %[[B_INFER:.*]] = arith.cmpi eq, %[[B]], %c-1_i64 : i64
// CHECK:         %[[INFERRED:.*]] = arith.divsi
// CHECK:         %[[A_SIZE:.*]] = arith.select %[[A_INFER]], %[[INFERRED]], %[[A]] : i64
// CHECK:         %[[B_SIZE:.*]] = arith.select %[[B_INFER]], %[[INFERRED]], %[[B]] : i64
// CHECK:         cf.assert %{{.*}}, "view/reshape: the sizes asked for do not hold the input's element count"
// CHECK:         %[[SHAPE:.*]] = tensor.from_elements %{{.*}}, %{{.*}}, %c4 : tensor<3xindex>
// CHECK:         tensor.reshape %{{.*}}(%[[SHAPE]]) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x4xf32>
func.func @view_run_time_sizes(%x: !torch.vtensor<[?,?],f32>, %a: !torch.int, %b: !torch.int) -> !torch.vtensor<[?,?,4],f32> {
  %int4 = torch.constant.int 4
  %list = torch.prim.ListConstruct %a, %b, %int4 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %list : !torch.vtensor<[?,?],f32>, !torch.list<int> -> !torch.vtensor<[?,?,4],f32>
  return %0 : !torch.vtensor<[?,?,4],f32>
}

// -----

// Operands whose sizes are known only at run time: the result's is the
// first that is not 1, each must be it or 1, and one that is 1 stretches
// (read at index 0 with tensor.extract).
// CHECK-LABEL: func.func @add_checks_sizes(
// CHECK:         %[[DA:.*]] = tensor.dim %[[A:.*]], %c0 : tensor<?x3xf32>
// CHECK:         %[[DB:.*]] = tensor.dim %[[B:.*]], %c0 : tensor<?x3xf32>
// CHECK:         %[[A_ONE:.*]] = arith.cmpi eq, %[[DA]], %c1 : index
// CHECK:         %[[SIZE:.*]] = arith.select %[[A_ONE]], %[[DB]], %[[DA]] : index
// CHECK:         %[[A_STRETCH:.*]] = arith.cmpi eq, %{{.*}}, %c1 : index
// CHECK:         cf.assert %{{.*}}, "operand 0's size along dimension 0 of the result is neither the result's size nor 1 (the operands do not broadcast)"
// CHECK:         %[[B_ONE:.*]] = arith.cmpi eq, %{{.*}}, %c1 : index
// CHECK:         cf.assert %{{.*}}, "operand 1's size along dimension 0 of the result is neither the result's size nor 1 (the operands do not broadcast)"
// CHECK:         tensor.empty(%[[SIZE]]) : tensor<?x3xf32>
// CHECK:         linalg.generic
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           %[[AI:.*]] = arith.select %[[A_STRETCH]], %c0, %[[I]] : index
// CHECK:           tensor.extract %[[A]][%[[AI]], %{{.*}}] : tensor<?x3xf32>
// CHECK:           arith.select %[[B_ONE]], %c0, %{{.*}} : index
// CHECK:           tensor.extract %[[B]]
func.func @add_checks_sizes(%a: !torch.vtensor<[?,3],f32>, %b: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?,3],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>, !torch.int -> !torch.vtensor<[?,3],f32>
  return %0 : !torch.vtensor<[?,3],f32>
}

// -----

// CHECK-LABEL: func.func @mm_checks_inner_sizes(
// CHECK:         %[[K1:.*]] = tensor.dim %{{.*}}, %c1 : tensor<2x?xf32>
// CHECK:         %[[K2:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x5xf32>
// CHECK:         %[[SAME:.*]] = arith.cmpi eq, %[[K1]], %[[K2]] : index
// CHECK:         cf.assert %[[SAME]], "matmul: the left operand's columns and the right operand's rows differ"
// CHECK:         linalg.matmul
func.func @mm_checks_inner_sizes(%a: !torch.vtensor<[2,?],f32>, %b: !torch.vtensor<[?,5],f32>) -> !torch.vtensor<[2,5],f32> {
  %0 = torch.aten.mm %a, %b : !torch.vtensor<[2,?],f32>, !torch.vtensor<[?,5],f32> -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// A size given at run time for a dimension of size 1; an input size known
// only at run time, kept.
// CHECK-LABEL: func.func @expand_run_time_size(
// CHECK:         %[[N:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:         tensor.empty(%{{.*}}, %[[N]]) : tensor<?x?xf32>
// CHECK:         linalg.generic {indexing_maps = [#map, #map1], {{.*}} ins(%{{.*}} : tensor<?x1xf32>)
func.func @expand_run_time_size(%x: !torch.vtensor<[?,1],f32>, %n: !torch.int) -> !torch.vtensor<[?,?],f32> {
  %m1 = torch.constant.int -1
  %list = torch.prim.ListConstruct %m1, %n : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.broadcast_to %x, %list : !torch.vtensor<[?,1],f32>, !torch.list<int> -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

// An input size known only at run time, expanded to a size given at run
// time: it stretches if it is 1, and must be that size otherwise.
// CHECK-LABEL: func.func @expand_stretch_at_run_time(
// CHECK:         %[[ONE:.*]] = arith.cmpi eq, %{{.*}}, %c1 : index
// CHECK:         cf.assert %{{.*}}, "expand: dimension 0 of the input is neither 1 nor the size asked for"
// CHECK:         linalg.generic {{.*}} outs(
// CHECK-NOT:       tensor.dim
// CHECK:           %[[AT:.*]] = arith.select %[[ONE]], %c0, %{{.*}} : index
// CHECK:           tensor.extract %{{.*}}[%[[AT]]] : tensor<?xf32>
func.func @expand_stretch_at_run_time(%x: !torch.vtensor<[?],f32>, %n: !torch.int) -> !torch.vtensor<[?],f32> {
  %list = torch.prim.ListConstruct %n : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.broadcast_to %x, %list : !torch.vtensor<[?],f32>, !torch.list<int> -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// CHECK-LABEL: func.func @shape_as_tensor(
// CHECK:         %[[D:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x3xf32>
// CHECK:         %[[DI:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK:         tensor.from_elements %[[DI]], %c3_i64 : tensor<2xi64>
func.func @shape_as_tensor(%x: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[2],si64> {
  %0 = torch.aten._shape_as_tensor %x : !torch.vtensor<[?,3],f32> -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}

// -----

// A static size claimed for one known only at run time is checked.
// CHECK-LABEL: func.func @static_info_cast(
// CHECK:         %[[D:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x3xf32>
// CHECK:         %[[OK:.*]] = arith.cmpi eq, %[[D]], %c4 : index
// CHECK:         cf.assert %[[OK]], "dimension 0 is not the static size 4 the program was compiled for"
// CHECK:         tensor.cast %{{.*}} : tensor<?x3xf32> to tensor<4x3xf32>
func.func @static_info_cast(%x: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %0 = torch.tensor_static_info_cast %x : !torch.vtensor<[?,3],f32> to !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// A permute whose result type knows a size its input's does not (an
// exporter's declared output shape): the size is checked, both sides of
// linalg.transpose are given it, and the result is cast back; a size only
// the input knows is cast away at the end.
// CHECK-LABEL: func.func @permute_declared_size(
// CHECK:         %[[IN:.*]] = torch_c.to_builtin_tensor %arg0 : !torch.vtensor<[?,?,4],f32> -> tensor<?x?x4xf32>
// CHECK:         %[[T:.*]] = tensor.dim %[[IN]], %c0 : tensor<?x?x4xf32>
// CHECK:         %[[OK:.*]] = arith.cmpi eq, %[[T]], %c5 : index
// CHECK:         cf.assert %[[OK]], "permute: input dimension 0 is not 5, the size the result's type gives it"
// CHECK:         %[[KNOWN:.*]] = tensor.cast %[[IN]] : tensor<?x?x4xf32> to tensor<5x?x4xf32>
// CHECK:         %[[INIT:.*]] = tensor.empty(%{{.*}}) : tensor<?x5x4xf32>
// CHECK:         %[[TR:.*]] = linalg.transpose ins(%[[KNOWN]] : tensor<5x?x4xf32>) outs(%[[INIT]] : tensor<?x5x4xf32>) permutation = [1, 0, 2]
// CHECK:         tensor.cast %[[TR]] : tensor<?x5x4xf32> to tensor<?x5x?xf32>
func.func @permute_declared_size(%a: !torch.vtensor<[?,?,4],f32>) -> !torch.vtensor<[?,5,?],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %dims = torch.prim.ListConstruct %int1, %int0, %int2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.permute %a, %dims : !torch.vtensor<[?,?,4],f32>, !torch.list<int> -> !torch.vtensor<[?,5,?],f32>
  return %0 : !torch.vtensor<[?,5,?],f32>
}

// -----

// A reshape of run-time sizes to a static shape: the element count checked,
// the flat tensor cast to the static length before the expand.
// CHECK-LABEL: func.func @reshape_dynamic_to_static(
// CHECK:         cf.assert %{{.*}}, "view/reshape: the input's element count differs from the result's static shape"
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2]] : tensor<?x?x?xf32> into tensor<?xf32>
// CHECK:         %[[CAST:.*]] = tensor.cast %[[FLAT]] : tensor<?xf32> to tensor<6xf32>
// CHECK:         tensor.expand_shape %[[CAST]] {{\[\[}}0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
func.func @reshape_dynamic_to_static(%x: !torch.vtensor<[?,?,?],f32>) -> !torch.vtensor<[3,2],f32> {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %0 = torch.prim.ListConstruct %int3, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.reshape %x, %0 : !torch.vtensor<[?,?,?],f32>, !torch.list<int> -> !torch.vtensor<[3,2],f32>
  return %1 : !torch.vtensor<[3,2],f32>
}
