// convert-torch-to-linalg, reductions: one linalg.generic with reduction
// iterators into an accumulator holding the identity; keepdim expands back.
// RUN: torch-mlir-opt %s -convert-torch-to-linalg -canonicalize -split-input-file | FileCheck %s

// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @sum_keepdim(
// CHECK:         %[[ACC:.*]] = linalg.fill ins(%cst : f32) outs(%{{.*}} : tensor<?x4xf32>)
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME:      outs(%[[ACC]] : tensor<?x4xf32>)
// CHECK:           arith.addf
// CHECK:         tensor.expand_shape %[[SUM]] {{\[}}[0], [1, 2]] output_shape [%{{.*}}, 1, 4] : tensor<?x4xf32> into tensor<?x1x4xf32>
func.func @sum_keepdim(%a: !torch.vtensor<[?,3,4],f32>) -> !torch.vtensor<[?,1,4],f32> {
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.sum.dim_IntList %a, %dims, %true, %none : !torch.vtensor<[?,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?,1,4],f32>
  return %0 : !torch.vtensor<[?,1,4],f32>
}

// -----

// mean divides by the element count; amax starts from -inf.
// CHECK-LABEL: func.func @mean_and_amax(
// CHECK-DAG:     %[[N:.*]] = arith.constant 1.200000e+01 : f32
// CHECK-DAG:     %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         arith.addf
// CHECK:         arith.divf %{{.*}}, %[[N]]
// CHECK:         linalg.fill ins(%[[NEGINF]] : f32)
// CHECK:         arith.maximumf
func.func @mean_and_amax(%a: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[3],f32>) {
  %none = torch.constant.none
  %0 = torch.aten.mean %a, %none : !torch.vtensor<[3,4],f32>, !torch.none -> !torch.vtensor<[],f32>
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %dims = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %1 = torch.aten.amax %a, %dims, %false : !torch.vtensor<[3,4],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3],f32>
  return %0, %1 : !torch.vtensor<[],f32>, !torch.vtensor<[3],f32>
}

// -----

// max.dim: values and i64 indices from one generic; the first maximum wins.
// CHECK-LABEL: func.func @max_dim(
// CHECK:         %{{.*}}:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:           %[[I:.*]] = linalg.index 1 : index
// CHECK:           arith.cmpf ogt
// CHECK:         } -> (tensor<3xf32>, tensor<3xi64>)
func.func @max_dim(%a: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>) {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %values, %indices = torch.aten.max.dim %a, %int1, %false : !torch.vtensor<[3,4],f32>, !torch.int, !torch.bool -> !torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>
  return %values, %indices : !torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>
}
