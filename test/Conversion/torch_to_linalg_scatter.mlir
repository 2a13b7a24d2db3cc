// convert-torch-to-linalg, writes through index tensors: loops that thread
// the result through tensor.extract / tensor.insert, in index order.
// RUN: torch-mlir-opt %s -convert-torch-to-linalg -canonicalize -split-input-file | FileCheck %s

// scatter_add over a dynamic number of index rows: result[index[i][j]][j] += src[i][j].
// CHECK-LABEL: func.func @scatter_add(
// CHECK:         %[[SELF:.*]] = torch_c.to_builtin_tensor %arg0 : !torch.vtensor<[3,4],f32> -> tensor<3x4xf32>
// CHECK:         %[[ROWS:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x4xi64>
// CHECK:         scf.for %[[I:.*]] = %c0 to %[[ROWS]] step %c1 iter_args(%[[OUTER:.*]] = %[[SELF]]) -> (tensor<3x4xf32>)
// CHECK:           scf.for %[[J:.*]] = %c0 to %c4 step %c1 iter_args(%[[ACC:.*]] = %[[OUTER]]) -> (tensor<3x4xf32>)
// CHECK:             %[[IDX:.*]] = tensor.extract %{{.*}}[%[[I]], %[[J]]] : tensor<?x4xi64>
// CHECK:             %[[AT:.*]] = arith.index_cast %[[IDX]] : i64 to index
// CHECK:             %[[SRC:.*]] = tensor.extract %{{.*}}[%[[I]], %[[J]]] : tensor<?x4xf32>
// CHECK:             %[[OLD:.*]] = tensor.extract %[[ACC]][%[[AT]], %[[J]]] : tensor<3x4xf32>
// CHECK:             %[[SUM:.*]] = arith.addf %[[SRC]], %[[OLD]] : f32
// CHECK:             tensor.insert %[[SUM]] into %[[ACC]][%[[AT]], %[[J]]] : tensor<3x4xf32>
func.func @scatter_add(%self: !torch.vtensor<[3,4],f32>, %index: !torch.vtensor<[?,4],si64>, %src: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[3,4],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.scatter_add %self, %int0, %index, %src : !torch.vtensor<[3,4],f32>, !torch.int, !torch.vtensor<[?,4],si64>, !torch.vtensor<[?,4],f32> -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// include_self=false: a first loop writes the reduction's identity (-inf for
// amax) where values land, a second one reduces into it.
// CHECK-LABEL: func.func @scatter_reduce_amax_exclude_self(
// CHECK:         %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[STARTED:.*]] = scf.for
// CHECK:           tensor.insert %[[NEG_INF]] into
// CHECK:         scf.for %{{.*}} iter_args(%{{.*}} = %[[STARTED]])
// CHECK:           arith.maximumf
// CHECK:           tensor.insert
func.func @scatter_reduce_amax_exclude_self(%self: !torch.vtensor<[3],f32>, %index: !torch.vtensor<[5],si64>, %src: !torch.vtensor<[5],f32>) -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "amax"
  %false = torch.constant.bool false
  %0 = torch.aten.scatter_reduce.two %self, %int0, %index, %src, %str, %false : !torch.vtensor<[3],f32>, !torch.int, !torch.vtensor<[5],si64>, !torch.vtensor<[5],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// index_put of rows: negative indices wrap (+5), the value row is broadcast.
// CHECK-LABEL: func.func @index_put_rows(
// CHECK:         scf.for %[[I:.*]] = %c0 to %c2
// CHECK:           scf.for %[[J:.*]] = %c0 to %c3 {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK:             %[[IDX:.*]] = tensor.extract %{{.*}}[%[[I]]] : tensor<2xi64>
// CHECK:             %[[NEG:.*]] = arith.cmpi slt, %[[IDX]], %c0_i64 : i64
// CHECK:             %[[WRAPPED:.*]] = arith.addi %[[IDX]], %c5_i64 : i64
// CHECK:             %[[ROW:.*]] = arith.select %[[NEG]], %[[WRAPPED]], %[[IDX]] : i64
// CHECK:             %[[AT:.*]] = arith.index_cast %[[ROW]] : i64 to index
// CHECK:             %[[V:.*]] = tensor.extract %{{.*}}[%[[J]]] : tensor<3xf32>
// CHECK:             tensor.insert %[[V]] into %[[ACC]][%[[AT]], %[[J]]] : tensor<5x3xf32>
func.func @index_put_rows(%self: !torch.vtensor<[5,3],f32>, %index: !torch.vtensor<[2],si64>, %values: !torch.vtensor<[3],f32>) -> !torch.vtensor<[5,3],f32> {
  %false = torch.constant.bool false
  %indices = torch.prim.ListConstruct %index : (!torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index_put %self, %indices, %values, %false : !torch.vtensor<[5,3],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3],f32>, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %0 : !torch.vtensor<[5,3],f32>
}

// -----

// self[mask] = value (one value): a select, no loop.
// CHECK-LABEL: func.func @index_put_mask(
// CHECK-NOT:     scf.for
// CHECK:         %[[V:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK:         linalg.generic
// CHECK:         ^bb0(%[[OLD:.*]]: f32, %[[M:.*]]: i1, %{{.*}}: f32):
// CHECK:           arith.select %[[M]], %[[V]], %[[OLD]] : f32
func.func @index_put_mask(%self: !torch.vtensor<[3,4],f32>, %mask: !torch.vtensor<[3,4],i1>, %value: !torch.vtensor<[],f32>) -> !torch.vtensor<[3,4],f32> {
  %false = torch.constant.bool false
  %indices = torch.prim.ListConstruct %mask : (!torch.vtensor<[3,4],i1>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index_put %self, %indices, %value, %false : !torch.vtensor<[3,4],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[],f32>, !torch.bool -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}
