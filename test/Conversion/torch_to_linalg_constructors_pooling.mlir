// convert-torch-to-linalg: new tensors and pooling.
// RUN: torch-mlir-opt %s -convert-torch-to-linalg -canonicalize -split-input-file | FileCheck %s

// full with a dynamic size from the list, filled with the converted value.
// CHECK-LABEL: func.func @full_dynamic(
// CHECK-SAME:    %[[N:.*]]: !torch.int)
// CHECK:         %[[NI:.*]] = torch_c.to_i64 %[[N]]
// CHECK:         %[[NX:.*]] = arith.index_cast %[[NI]] : i64 to index
// CHECK:         %[[E:.*]] = tensor.empty(%[[NX]]) : tensor<?x2xf32>
// CHECK:         linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?x2xf32>)
func.func @full_dynamic(%n: !torch.int) -> !torch.vtensor<[?,2],f32> {
  %int2 = torch.constant.int 2
  %float = torch.constant.float 3.000000e+00
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %n, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.full %size, %float, %none, %none, %none, %none : !torch.list<int>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?,2],f32>
  return %0 : !torch.vtensor<[?,2],f32>
}

// -----

// arange(1, 7, 2): element i is start + i * step, computed in f64.
// CHECK-LABEL: func.func @arange(
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<3xi64>)
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:           arith.fptosi %{{.*}} : f64 to i64
func.func @arange() -> !torch.vtensor<[3],si64> {
  %int1 = torch.constant.int 1
  %int7 = torch.constant.int 7
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.aten.arange.start_step %int1, %int7, %int2, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// -----

// max_pool2d 2x2, stride 2, with indices: the input padded with -inf where
// needed (here nowhere), one generic over (N, C, OH, OW, KH, KW), the window
// dimensions reductions, the input read at oh * 2 + kh.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// CHECK-DAG:   #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-LABEL: func.func @max_pool2d(
// CHECK:         %[[W:.*]] = tensor.empty() : tensor<2x2xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME:      ins(%{{.*}}, %[[W]] : tensor<1x3x4x4xf32>, tensor<2x2xf32>)
// CHECK:         } -> (tensor<1x3x2x2xf32>, tensor<1x3x2x2xi64>)
func.func @max_pool2d(%x: !torch.vtensor<[1,3,4,4],f32>) -> (!torch.vtensor<[1,3,2,2],f32>, !torch.vtensor<[1,3,2,2],si64>) {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %values, %indices = torch.aten.max_pool2d_with_indices %x, %k, %k, %p, %d, %false : !torch.vtensor<[1,3,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,3,2,2],f32>, !torch.vtensor<[1,3,2,2],si64>
  return %values, %indices : !torch.vtensor<[1,3,2,2],f32>, !torch.vtensor<[1,3,2,2],si64>
}

// -----

// avg_pool2d with padding, count_include_pad: the padded input summed, then
// divided by each window's count.
// CHECK-LABEL: func.func @avg_pool2d(
// CHECK:         tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:           arith.addf
// CHECK:         linalg.generic
// CHECK:           arith.divf
func.func @avg_pool2d(%x: !torch.vtensor<[1,1,4,4],f32>) -> !torch.vtensor<[1,1,2,2],f32> {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.avg_pool2d %x, %k, %s, %p, %false, %true, %none : !torch.vtensor<[1,1,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1,1,2,2],f32>
  return %0 : !torch.vtensor<[1,1,2,2],f32>
}
