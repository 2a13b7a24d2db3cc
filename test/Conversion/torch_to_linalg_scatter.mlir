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

// -----

// scatter.src along dim 1 with a dynamic number of index columns:
// result[i][index[i][j]] = src[i][j], the last write winning.
// CHECK-LABEL: func.func @scatter_src(
// CHECK-DAG:     %[[SRC:.*]] = torch_c.to_builtin_tensor %arg2 : !torch.vtensor<[2,4],f32> -> tensor<2x4xf32>
// CHECK-DAG:     %[[IDX:.*]] = torch_c.to_builtin_tensor %arg1 : !torch.vtensor<[2,?],si64> -> tensor<2x?xi64>
// CHECK-DAG:     %[[SELF:.*]] = torch_c.to_builtin_tensor %arg0 : !torch.vtensor<[3,5],f32> -> tensor<3x5xf32>
// CHECK:         %[[COLS:.*]] = tensor.dim %[[IDX]], %c1 : tensor<2x?xi64>
// CHECK:         scf.for %[[I:.*]] = %c0 to %c2 step %c1 iter_args(%[[OUTER:.*]] = %[[SELF]]) -> (tensor<3x5xf32>)
// CHECK:           scf.for %[[J:.*]] = %c0 to %[[COLS]] step %c1 iter_args(%[[ACC:.*]] = %[[OUTER]]) -> (tensor<3x5xf32>)
// CHECK:             %[[K:.*]] = tensor.extract %[[IDX]][%[[I]], %[[J]]] : tensor<2x?xi64>
// CHECK:             %[[KX:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK:             %[[V:.*]] = tensor.extract %[[SRC]][%[[I]], %[[J]]] : tensor<2x4xf32>
// CHECK:             tensor.insert %[[V]] into %[[ACC]][%[[I]], %[[KX]]] : tensor<3x5xf32>
// CHECK-NOT:     torch.aten.scatter.src
func.func @scatter_src(%self: !torch.vtensor<[3,5],f32>, %index: !torch.vtensor<[2,?],si64>, %src: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[3,5],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.scatter.src %self, %int1, %index, %src : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[2,?],si64>, !torch.vtensor<[2,4],f32> -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// scatter.value: the Python scalar (2.5, converted to the si32 result) is
// written at each index.
// CHECK-LABEL: func.func @scatter_value(
// CHECK:         %[[F:.*]] = torch_c.to_f64 %{{.*}}
// CHECK:         scf.for %[[I:.*]] = %c0 to %c2 step %c1 iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<4xi32>)
// CHECK:           %[[K:.*]] = tensor.extract %{{.*}}[%[[I]]] : tensor<2xi64>
// CHECK:           %[[KX:.*]] = arith.index_cast %[[K]] : i64 to index
// CHECK:           %[[V:.*]] = arith.fptosi %[[F]] : f64 to i32
// CHECK:           tensor.insert %[[V]] into %[[ACC]][%[[KX]]] : tensor<4xi32>
// CHECK-NOT:     torch.aten.scatter.value
func.func @scatter_value(%self: !torch.vtensor<[4],si32>, %index: !torch.vtensor<[2],si64>) -> !torch.vtensor<[4],si32> {
  %int0 = torch.constant.int 0
  %f = torch.constant.float 2.500000e+00
  %0 = torch.aten.scatter.value %self, %int0, %index, %f : !torch.vtensor<[4],si32>, !torch.int, !torch.vtensor<[2],si64>, !torch.float -> !torch.vtensor<[4],si32>
  return %0 : !torch.vtensor<[4],si32>
}

// -----

// index_put.hacked_twin (a list of tensors, not optional ones) with two index
// tensors and accumulate: self[i[k], j[k]] += values[k], each index wrapped
// by its dim's size (5, 3).
// CHECK-LABEL: func.func @index_put_hacked_twin(
// CHECK-DAG:     %[[VALUES:.*]] = torch_c.to_builtin_tensor %arg3 : !torch.vtensor<[2],f32> -> tensor<2xf32>
// CHECK-DAG:     %[[I:.*]] = torch_c.to_builtin_tensor %arg1 : !torch.vtensor<[2],si64> -> tensor<2xi64>
// CHECK-DAG:     %[[J:.*]] = torch_c.to_builtin_tensor %arg2 : !torch.vtensor<[2],si64> -> tensor<2xi64>
// CHECK:         scf.for %[[K:.*]] = %c0 to %c2 step %c1 iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<5x3xf32>)
// CHECK:           %[[IK:.*]] = tensor.extract %[[I]][%[[K]]] : tensor<2xi64>
// CHECK:           %[[INEG:.*]] = arith.cmpi slt, %[[IK]], %c0_i64 : i64
// CHECK:           %[[IW:.*]] = arith.addi %[[IK]], %c5_i64 : i64
// CHECK:           %[[IV:.*]] = arith.select %[[INEG]], %[[IW]], %[[IK]] : i64
// CHECK:           %[[ROW:.*]] = arith.index_cast %[[IV]] : i64 to index
// CHECK:           %[[JK:.*]] = tensor.extract %[[J]][%[[K]]] : tensor<2xi64>
// CHECK:           %[[JNEG:.*]] = arith.cmpi slt, %[[JK]], %c0_i64 : i64
// CHECK:           %[[JW:.*]] = arith.addi %[[JK]], %c3_i64 : i64
// CHECK:           %[[JV:.*]] = arith.select %[[JNEG]], %[[JW]], %[[JK]] : i64
// CHECK:           %[[COL:.*]] = arith.index_cast %[[JV]] : i64 to index
// CHECK:           %[[V:.*]] = tensor.extract %[[VALUES]][%[[K]]] : tensor<2xf32>
// CHECK:           %[[OLD:.*]] = tensor.extract %[[ACC]][%[[ROW]], %[[COL]]] : tensor<5x3xf32>
// CHECK:           %[[SUM:.*]] = arith.addf %[[V]], %[[OLD]] : f32
// CHECK:           tensor.insert %[[SUM]] into %[[ACC]][%[[ROW]], %[[COL]]] : tensor<5x3xf32>
// CHECK-NOT:     torch.aten.index_put
func.func @index_put_hacked_twin(%self: !torch.vtensor<[5,3],f32>, %i: !torch.vtensor<[2],si64>, %j: !torch.vtensor<[2],si64>, %v: !torch.vtensor<[2],f32>) -> !torch.vtensor<[5,3],f32> {
  %true = torch.constant.bool true
  %l = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor>
  %0 = torch.aten.index_put.hacked_twin %self, %l, %v, %true : !torch.vtensor<[5,3],f32>, !torch.list<vtensor>, !torch.vtensor<[2],f32>, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %0 : !torch.vtensor<[5,3],f32>
}
