// convert-torch-to-linalg, sort, topk and nonzero: ranks from a comparison
// reduction, then a loop writing every element (and its index) at its rank;
// nonzero counts, then writes.
// RUN: torch-mlir-opt %s -convert-torch-to-linalg -canonicalize -split-input-file | FileCheck %s

// Descending along dim 1 of a dynamic-batch tensor. An element's rank counts
// the elements greater than it, NaNs (unordered) first, then equal ones that
// come earlier (a stable sort).
// CHECK-DAG:   #[[SELF:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[OTHER:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @sort_descending(
// CHECK:         %[[RANKS:.*]] = linalg.generic {indexing_maps = [#[[SELF]], #[[OTHER]], #[[SELF]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK:         ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[COUNT:.*]]: i64):
// CHECK-DAG:       arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK-DAG:       arith.cmpf ogt, %[[Y]], %[[X]] : f32
// CHECK-DAG:       %[[I:.*]] = linalg.index 1 : index
// CHECK-DAG:       %[[J:.*]] = linalg.index 2 : index
// CHECK:           arith.cmpi ult, %[[J]], %[[I]] : index
// CHECK:           arith.addi %[[COUNT]], %{{.*}} : i64
// CHECK:         %[[N:.*]] = tensor.dim
// CHECK:         scf.for %[[R:.*]] = %c0 to %[[N]] {{.*}} -> (tensor<?x5xf32>, tensor<?x5xi64>)
// CHECK:           scf.for %[[C:.*]] = %c0 to %c5 {{.*}} iter_args(%[[VALUES:.*]] = %{{.*}}, %[[INDICES:.*]] = %{{.*}})
// CHECK:             %[[RANK:.*]] = tensor.extract %[[RANKS]][%[[R]], %[[C]]] : tensor<?x5xi64>
// CHECK:             %[[AT:.*]] = arith.index_cast %[[RANK]] : i64 to index
// CHECK:             %[[V:.*]] = tensor.extract %{{.*}}[%[[R]], %[[C]]] : tensor<?x5xf32>
// CHECK:             %[[IDX:.*]] = arith.index_cast %[[C]] : index to i64
// CHECK:             tensor.insert %[[V]] into %[[VALUES]][%[[R]], %[[AT]]] : tensor<?x5xf32>
// CHECK:             tensor.insert %[[IDX]] into %[[INDICES]][%[[R]], %[[AT]]] : tensor<?x5xi64>
func.func @sort_descending(%x: !torch.vtensor<[?,5],f32>) -> (!torch.vtensor<[?,5],f32>, !torch.vtensor<[?,5],si64>) {
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %values, %indices = torch.aten.sort %x, %int1, %true : !torch.vtensor<[?,5],f32>, !torch.int, !torch.bool -> !torch.vtensor<[?,5],f32>, !torch.vtensor<[?,5],si64>
  return %values, %indices : !torch.vtensor<[?,5],f32>, !torch.vtensor<[?,5],si64>
}

// -----

// topk(2) of integers: only ranks below k are written, into a 3x2 result.
// CHECK-LABEL: func.func @topk(
// CHECK:         %[[K:.*]] = torch_c.to_i64 %int2
// CHECK:         linalg.generic
// CHECK:           arith.cmpi sgt
// CHECK:         tensor.empty() : tensor<3x2xi64>
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             %[[RANK:.*]] = tensor.extract
// CHECK:             %[[KEPT:.*]] = arith.cmpi slt, %[[RANK]], %[[K]] : i64
// CHECK:             scf.if %[[KEPT]] -> (tensor<3x2xi64>, tensor<3x2xi64>)
// CHECK:               tensor.insert
// CHECK:             } else {
func.func @topk(%x: !torch.vtensor<[3,6],si64>) -> (!torch.vtensor<[3,2],si64>, !torch.vtensor<[3,2],si64>) {
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %true = torch.constant.bool true
  %values, %indices = torch.aten.topk %x, %int2, %int-1, %true, %true : !torch.vtensor<[3,6],si64>, !torch.int, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[3,2],si64>, !torch.vtensor<[3,2],si64>
  return %values, %indices : !torch.vtensor<[3,2],si64>, !torch.vtensor<[3,2],si64>
}

// -----

// nonzero: one pass counts, a second writes each nonzero element's index at
// the next row of a [count, rank] tensor.
// CHECK-LABEL: func.func @nonzero(
// CHECK:         %[[COUNT:.*]] = scf.for %{{.*}} iter_args(%{{.*}} = %c0_i64) -> (i64) {
// CHECK:           arith.cmpf une
// CHECK:           arith.extui
// CHECK:         %[[ROWS:.*]] = arith.index_cast %[[COUNT]] : i64 to index
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%[[ROWS]]) : tensor<?x2xi64>
// CHECK:         scf.for %{{.*}} iter_args(%{{.*}} = %[[EMPTY]], %{{.*}} = %c0_i64) -> (tensor<?x2xi64>, i64) {
// CHECK:           scf.if %{{.*}} -> (tensor<?x2xi64>, i64) {
// CHECK:             tensor.insert %{{.*}} into %{{.*}}[%{{.*}}, %c0] : tensor<?x2xi64>
// CHECK:             tensor.insert %{{.*}} into %{{.*}}[%{{.*}}, %c1] : tensor<?x2xi64>
func.func @nonzero(%x: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?,2],si64> {
  %0 = torch.aten.nonzero %x : !torch.vtensor<[?,3],f32> -> !torch.vtensor<[?,2],si64>
  return %0 : !torch.vtensor<[?,2],si64>
}

// -----

// sort.stable, ascending, of integers: an element's rank counts the smaller
// ones (signed) and the equal ones before it; values and indices are written
// at the rank.
// CHECK-DAG:   #[[SELF:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG:   #[[OTHER:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @sort_stable(
// CHECK:         %[[X:.*]] = torch_c.to_builtin_tensor %{{.*}} -> tensor<4xi32>
// CHECK:         %[[RANKS:.*]] = linalg.generic {indexing_maps = [#[[SELF]], #[[OTHER]], #[[SELF]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[X]] : tensor<4xi32>, tensor<4xi32>)
// CHECK:         ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %[[COUNT:.*]]: i64):
// CHECK:           %[[EQ:.*]] = arith.cmpi eq, %[[B]], %[[A]] : i32
// CHECK:           %[[LT:.*]] = arith.cmpi slt, %[[B]], %[[A]] : i32
// CHECK:           %[[J:.*]] = linalg.index 1 : index
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           %[[EARLIER:.*]] = arith.cmpi ult, %[[J]], %[[I]] : index
// CHECK:           %[[TIE:.*]] = arith.andi %[[EQ]], %[[EARLIER]] : i1
// CHECK:           %[[BEFORE:.*]] = arith.ori %[[LT]], %[[TIE]] : i1
// CHECK:           %[[ONE:.*]] = arith.extui %[[BEFORE]] : i1 to i64
// CHECK:           arith.addi %[[COUNT]], %[[ONE]] : i64
// CHECK:         scf.for %[[K:.*]] = %c0 to %c4 step %c1 iter_args(%[[VALUES:.*]] = %{{.*}}, %[[INDICES:.*]] = %{{.*}})
// CHECK:           %[[R:.*]] = tensor.extract %[[RANKS]][%[[K]]] : tensor<4xi64>
// CHECK:           %[[AT:.*]] = arith.index_cast %[[R]] : i64 to index
// CHECK:           %[[V:.*]] = tensor.extract %[[X]][%[[K]]] : tensor<4xi32>
// CHECK:           %[[KI:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK:           tensor.insert %[[V]] into %[[VALUES]][%[[AT]]] : tensor<4xi32>
// CHECK:           tensor.insert %[[KI]] into %[[INDICES]][%[[AT]]] : tensor<4xi64>
// CHECK-NOT:     torch.aten.sort
func.func @sort_stable(%x: !torch.vtensor<[4],si32>) -> (!torch.vtensor<[4],si32>, !torch.vtensor<[4],si64>) {
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %v, %i = torch.aten.sort.stable %x, %true, %int0, %false : !torch.vtensor<[4],si32>, !torch.bool, !torch.int, !torch.bool -> !torch.vtensor<[4],si32>, !torch.vtensor<[4],si64>
  return %v, %i : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si64>
}
