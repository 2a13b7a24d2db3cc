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

// max_pool2d over planes known only at run time (3x3, stride 2, padding 1):
// each output plane is (in + 2 - 2 - 1) / 2 + 1, the flat indices count rows
// of the input's run-time width.
// CHECK-LABEL: func.func @max_pool2d_dynamic_planes(
// CHECK:         tensor.pad %{{.*}} low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK:         %[[H:.*]] = tensor.dim %{{.*}}, %c2 : tensor<1x3x?x?xf32>
// CHECK:         %[[HR:.*]] = arith.addi %[[H]], %c-1 : index
// CHECK:         arith.divsi %[[HR]], %c2 : index
// CHECK:         linalg.generic
// CHECK:         } -> (tensor<1x3x?x?xf32>, tensor<1x3x?x?xi64>)
func.func @max_pool2d_dynamic_planes(%x: !torch.vtensor<[1,3,?,?],f32>) -> (!torch.vtensor<[1,3,?,?],f32>, !torch.vtensor<[1,3,?,?],si64>) {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %values, %indices = torch.aten.max_pool2d_with_indices %x, %k, %s, %p, %d, %false : !torch.vtensor<[1,3,?,?],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,3,?,?],f32>, !torch.vtensor<[1,3,?,?],si64>
  return %values, %indices : !torch.vtensor<[1,3,?,?],f32>, !torch.vtensor<[1,3,?,?],si64>
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

// -----

// arange(5) as f32: element i is 0 + i. arange.start(1.5, n) as si64: its
// length, known at run time, is max(ceil(n - 1.5), 0); element i is
// 1.5 + i, truncated to i64.
// CHECK-LABEL: func.func @arange_end_and_start(
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG:     %[[N:.*]] = torch_c.to_i64 %arg0
// CHECK-DAG:     %[[START:.*]] = torch_c.to_f64 %{{.*}}
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<5xf32>)
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           %[[II:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK:           %[[IF:.*]] = arith.sitofp %[[II]] : i64 to f64
// CHECK:           %[[V:.*]] = arith.addf %[[IF]], %[[ZERO]] : f64
// CHECK:           arith.truncf %[[V]] : f64 to f32
// CHECK:         %[[END:.*]] = arith.sitofp %[[N]] : i64 to f64
// CHECK:         %[[SPAN:.*]] = arith.subf %[[END]], %[[START]] : f64
// CHECK:         %[[UP:.*]] = math.ceil %[[SPAN]] : f64
// CHECK:         %[[LEN:.*]] = arith.maximumf %[[UP]], %[[ZERO]] : f64
// CHECK:         %[[LENI:.*]] = arith.fptosi %[[LEN]] : f64 to i64
// CHECK:         %[[LENX:.*]] = arith.index_cast %[[LENI]] : i64 to index
// CHECK:         %[[E:.*]] = tensor.empty(%[[LENX]]) : tensor<?xi64>
// CHECK:         linalg.generic {{.*}} outs(%[[E]] : tensor<?xi64>)
// CHECK:           %[[J:.*]] = arith.sitofp %{{.*}} : i64 to f64
// CHECK:           %[[W:.*]] = arith.addf %[[START]], %[[J]] : f64
// CHECK:           arith.fptosi %[[W]] : f64 to i64
// CHECK-NOT:     torch.aten
func.func @arange_end_and_start(%n: !torch.int) -> (!torch.vtensor<[5],f32>, !torch.vtensor<[?],si64>) {
  %none = torch.constant.none
  %int5 = torch.constant.int 5
  %f = torch.constant.float 1.500000e+00
  %0 = torch.aten.arange %int5, %none, %none, %none, %none : !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],f32>
  %1 = torch.aten.arange.start %f, %n, %none, %none, %none, %none : !torch.float, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?],si64>
  return %0, %1 : !torch.vtensor<[5],f32>, !torch.vtensor<[?],si64>
}

// -----

// ones / zeros / empty.memory_format / empty_permuted: a fill (1, 0, and 0
// for the empty ones, never left uninitialized) of a tensor whose dynamic
// size is the list's element; empty_permuted's layout only orders strides.
// CHECK-LABEL: func.func @sized_fills(
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:     %[[HZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK:         %[[N0:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:         %[[E0:.*]] = tensor.empty(%[[N0]]) : tensor<?x3xf32>
// CHECK:         linalg.fill ins(%[[ONE]] : f32) outs(%[[E0]] : tensor<?x3xf32>)
// CHECK:         %[[N1:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:         %[[E1:.*]] = tensor.empty(%[[N1]]) : tensor<2x?xi64>
// CHECK:         linalg.fill ins(%c0_i64 : i64) outs(%[[E1]] : tensor<2x?xi64>)
// CHECK:         %[[E2:.*]] = tensor.empty(%{{.*}}) : tensor<?xf16>
// CHECK:         linalg.fill ins(%[[HZERO]] : f16) outs(%[[E2]] : tensor<?xf16>)
// CHECK:         %[[E3:.*]] = tensor.empty(%{{.*}}) : tensor<?x4xi1>
// CHECK:         linalg.fill ins(%false : i1) outs(%[[E3]] : tensor<?x4xi1>)
// CHECK-NOT:     torch.aten
func.func @sized_fills(%n: !torch.int) -> (!torch.vtensor<[?,3],f32>, !torch.vtensor<[2,?],si64>, !torch.vtensor<[?],f16>, !torch.vtensor<[?,4],i1>) {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int5 = torch.constant.int 5
  %int11 = torch.constant.int 11
  %s0 = torch.prim.ListConstruct %n, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s1 = torch.prim.ListConstruct %int2, %n : (!torch.int, !torch.int) -> !torch.list<int>
  %s2 = torch.prim.ListConstruct %n : (!torch.int) -> !torch.list<int>
  %s3 = torch.prim.ListConstruct %n, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %perm = torch.prim.ListConstruct %int1, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.ones %s0, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?,3],f32>
  %1 = torch.aten.zeros %s1, %int4, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,?],si64>
  %2 = torch.aten.empty.memory_format %s2, %int5, %none, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?],f16>
  %3 = torch.aten.empty_permuted %s3, %perm, %int11, %none, %none, %none : !torch.list<int>, !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?,4],i1>
  return %0, %1, %2, %3 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[2,?],si64>, !torch.vtensor<[?],f16>, !torch.vtensor<[?,4],i1>
}

// -----

// *_like: the input's (dynamic) shape, filled with the value in the result's
// dtype: full_like 2.5, zeros_like as si64, ones_like, empty_like as f64.
// CHECK-LABEL: func.func @like_fills(
// CHECK-DAG:     %[[F64ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[X:.*]] = torch_c.to_builtin_tensor %{{.*}} -> tensor<?x3xf32>
// CHECK:         %[[V:.*]] = torch_c.to_f64 %{{.*}}
// CHECK:         %[[N0:.*]] = tensor.dim %[[X]], %c0 : tensor<?x3xf32>
// CHECK:         %[[E0:.*]] = tensor.empty(%[[N0]]) : tensor<?x3xf32>
// CHECK:         %[[V32:.*]] = arith.truncf %[[V]] : f64 to f32
// CHECK:         linalg.fill ins(%[[V32]] : f32) outs(%[[E0]] : tensor<?x3xf32>)
// CHECK:         %[[N1:.*]] = tensor.dim %[[X]], %c0
// CHECK:         %[[E1:.*]] = tensor.empty(%[[N1]]) : tensor<?x3xi64>
// CHECK:         linalg.fill ins(%c0_i64 : i64) outs(%[[E1]] : tensor<?x3xi64>)
// CHECK:         %[[E2:.*]] = tensor.empty(%{{.*}}) : tensor<?x3xf32>
// CHECK:         linalg.fill ins(%[[ONE]] : f32) outs(%[[E2]] : tensor<?x3xf32>)
// CHECK:         %[[E3:.*]] = tensor.empty(%{{.*}}) : tensor<?x3xf64>
// CHECK:         linalg.fill ins(%[[F64ZERO]] : f64) outs(%[[E3]] : tensor<?x3xf64>)
// CHECK-NOT:     torch.aten
func.func @like_fills(%x: !torch.vtensor<[?,3],f32>) -> (!torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],si64>, !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f64>) {
  %none = torch.constant.none
  %int4 = torch.constant.int 4
  %int7 = torch.constant.int 7
  %f = torch.constant.float 2.500000e+00
  %0 = torch.aten.full_like %x, %f, %none, %none, %none, %none, %none : !torch.vtensor<[?,3],f32>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?,3],f32>
  %1 = torch.aten.zeros_like %x, %int4, %none, %none, %none, %none : !torch.vtensor<[?,3],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?,3],si64>
  %2 = torch.aten.ones_like %x, %none, %none, %none, %none, %none : !torch.vtensor<[?,3],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?,3],f32>
  %3 = torch.aten.empty_like %x, %int7, %none, %none, %none, %none : !torch.vtensor<[?,3],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?,3],f64>
  return %0, %1, %2, %3 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],si64>, !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f64>
}

// -----

// new_*: the size list's shape (not self's), self's dtype unless one is
// given: new_full -9 as i32, new_zeros, new_ones of a static [3], new_empty
// as f32.
// CHECK-LABEL: func.func @new_fills(
// CHECK-DAG:     %[[FZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[V:.*]] = torch_c.to_i64 %{{.*}}
// CHECK:         %[[N:.*]] = torch_c.to_i64 %arg1
// CHECK:         %[[NX:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK:         %[[E0:.*]] = tensor.empty(%[[NX]]) : tensor<?x2xi32>
// CHECK:         %[[V32:.*]] = arith.trunci %[[V]] : i64 to i32
// CHECK:         linalg.fill ins(%[[V32]] : i32) outs(%[[E0]] : tensor<?x2xi32>)
// CHECK:         %[[E1:.*]] = tensor.empty(%{{.*}}) : tensor<?xi32>
// CHECK:         linalg.fill ins(%c0_i32 : i32) outs(%[[E1]] : tensor<?xi32>)
// CHECK:         %[[E2:.*]] = tensor.empty() : tensor<3xi32>
// CHECK:         linalg.fill ins(%c1_i32 : i32) outs(%[[E2]] : tensor<3xi32>)
// CHECK:         %[[E3:.*]] = tensor.empty(%{{.*}}) : tensor<?xf32>
// CHECK:         linalg.fill ins(%[[FZERO]] : f32) outs(%[[E3]] : tensor<?xf32>)
// CHECK-NOT:     torch.aten
func.func @new_fills(%x: !torch.vtensor<[2],si32>, %n: !torch.int) -> (!torch.vtensor<[?,2],si32>, !torch.vtensor<[?],si32>, !torch.vtensor<[3],si32>, !torch.vtensor<[?],f32>) {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int6 = torch.constant.int 6
  %int-9 = torch.constant.int -9
  %s0 = torch.prim.ListConstruct %n, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %s1 = torch.prim.ListConstruct %n : (!torch.int) -> !torch.list<int>
  %s2 = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.new_full %x, %s0, %int-9, %none, %none, %none, %none : !torch.vtensor<[2],si32>, !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?,2],si32>
  %1 = torch.aten.new_zeros %x, %s1, %none, %none, %none, %none : !torch.vtensor<[2],si32>, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?],si32>
  %2 = torch.aten.new_ones %x, %s2, %none, %none, %none, %none : !torch.vtensor<[2],si32>, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],si32>
  %3 = torch.aten.new_empty %x, %s1, %int6, %none, %none, %none : !torch.vtensor<[2],si32>, !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[?,2],si32>, !torch.vtensor<[?],si32>, !torch.vtensor<[3],si32>, !torch.vtensor<[?],f32>
}

// -----

// max_pool1d, kernel 3, stride 2, padding 1, dilation 2, on a dynamic batch:
// the input padded by 1 with -inf on both sides, read at o * 2 + k * 2;
// values only (maximumf, which NaN wins).
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2 + d3 * 2)>
// CHECK-DAG:   #[[WIN:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @max_pool1d(
// CHECK-DAG:     %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[PAD:.*]] = tensor.pad %{{.*}} low[0, 0, 1] high[0, 0, 1]
// CHECK:           tensor.yield %[[NEGINF]] : f32
// CHECK:         } : tensor<?x2x7xf32> to tensor<?x2x9xf32>
// CHECK:         %[[W:.*]] = tensor.empty() : tensor<3xf32>
// CHECK:         %[[N:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x2x7xf32>
// CHECK:         %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x2x3xf32>
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[NEGINF]] : f32) outs(%[[E]] : tensor<?x2x3xf32>)
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[PAD]], %[[W]] : tensor<?x2x9xf32>, tensor<3xf32>) outs(%[[INIT]] : tensor<?x2x3xf32>)
// CHECK:           arith.maximumf
// CHECK-NOT:     torch.aten.max_pool1d
func.func @max_pool1d(%x: !torch.vtensor<[?,2,7],f32>) -> !torch.vtensor<[?,2,3],f32> {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.max_pool1d %x, %k, %s, %p, %d, %false : !torch.vtensor<[?,2,7],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,2,3],f32>
  return %0 : !torch.vtensor<[?,2,3],f32>
}

// -----

// max_pool1d_with_indices of integers, kernel 2, stride 2, ceil_mode: 7
// inputs give 4 windows, the last reading one past the end, so the input is
// padded high by 1 with the lowest i32. An element wins when signed-greater
// or when no index is set yet (-1); its index is o * 2 + k.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2 + d3)>
// CHECK-LABEL: func.func @max_pool1d_with_indices(
// CHECK-DAG:     %[[LOWEST:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG:     %[[UNSET:.*]] = arith.constant -1 : i64
// CHECK:         %[[PAD:.*]] = tensor.pad %{{.*}} low[0, 0, 0] high[0, 0, 1]
// CHECK:           tensor.yield %[[LOWEST]] : i32
// CHECK:         } : tensor<1x2x7xi32> to tensor<1x2x8xi32>
// CHECK:         %[[V0:.*]] = linalg.fill ins(%[[LOWEST]] : i32) outs(%{{.*}} : tensor<1x2x4xi32>)
// CHECK:         %[[I0:.*]] = linalg.fill ins(%[[UNSET]] : i64) outs(%{{.*}} : tensor<1x2x4xi64>)
// CHECK:         %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[IN]], #{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[PAD]], %{{.*}} : tensor<1x2x8xi32>, tensor<2xi32>) outs(%[[V0]], %[[I0]] : tensor<1x2x4xi32>, tensor<1x2x4xi64>)
// CHECK:         ^bb0(%[[X:.*]]: i32, %{{.*}}: i32, %[[BEST:.*]]: i32, %[[BESTI:.*]]: i64):
// CHECK:           %[[O:.*]] = linalg.index 2 : index
// CHECK:           %[[K:.*]] = linalg.index 3 : index
// CHECK:           %[[OS:.*]] = arith.muli %[[O]], %c2 : index
// CHECK:           %[[AT:.*]] = arith.addi %[[OS]], %[[K]] : index
// CHECK:           %[[ATI:.*]] = arith.index_cast %[[AT]] : index to i64
// CHECK:           %[[GT:.*]] = arith.cmpi sgt, %[[X]], %[[BEST]] : i32
// CHECK:           %[[NONE:.*]] = arith.cmpi slt, %[[BESTI]], %c0_i64 : i64
// CHECK:           %[[TAKE:.*]] = arith.ori %[[GT]], %[[NONE]] : i1
// CHECK:           arith.select %[[TAKE]], %[[X]], %[[BEST]] : i32
// CHECK:           arith.select %[[TAKE]], %[[ATI]], %[[BESTI]] : i64
// CHECK-DAG:     torch_c.from_builtin_tensor %[[R]]#0
// CHECK-DAG:     torch_c.from_builtin_tensor %[[R]]#1
func.func @max_pool1d_with_indices(%x: !torch.vtensor<[1,2,7],si32>) -> (!torch.vtensor<[1,2,4],si32>, !torch.vtensor<[1,2,4],si64>) {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %k = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0, %1 = torch.aten.max_pool1d_with_indices %x, %k, %k, %p, %d, %true : !torch.vtensor<[1,2,7],si32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,2,4],si32>, !torch.vtensor<[1,2,4],si64>
  return %0, %1 : !torch.vtensor<[1,2,4],si32>, !torch.vtensor<[1,2,4],si64>
}

// -----

// max_pool2d 3x3 stride 2 of a 5x5 plane: no padding needed, so the input
// is read directly.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// CHECK-DAG:   #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-LABEL: func.func @max_pool2d_values(
// CHECK:         %[[X:.*]] = torch_c.to_builtin_tensor %{{.*}} -> tensor<1x3x5x5xf32>
// CHECK-NOT:     tensor.pad
// CHECK:         %[[W:.*]] = tensor.empty() : tensor<3x3xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[X]], %[[W]] : tensor<1x3x5x5xf32>, tensor<3x3xf32>) outs(%{{.*}} : tensor<1x3x2x2xf32>)
// CHECK:           arith.maximumf
func.func @max_pool2d_values(%x: !torch.vtensor<[1,3,5,5],f32>) -> !torch.vtensor<[1,3,2,2],f32> {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.max_pool2d %x, %k, %s, %p, %d, %false : !torch.vtensor<[1,3,5,5],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,3,2,2],f32>
  return %0 : !torch.vtensor<[1,3,2,2],f32>
}

// -----

// max_pool3d with an empty stride (the kernel's), and max_pool3d_with_indices:
// the flat index into the 4x4x4 plane is ((d * 4) + h) * 4 + w.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2 * 2 + d5, d3 * 2 + d6, d4 * 2 + d7)>
// CHECK-DAG:   #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>
// CHECK-LABEL: func.func @max_pool3d(
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<1x1x4x4x4xf32>, tensor<2x2x2xf32>) outs(%{{.*}} : tensor<1x1x2x2x2xf32>)
// CHECK:           arith.maximumf
// CHECK:         %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #{{.*}}, #{{.*}}]
// CHECK:           %[[D:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK:           %[[H:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK:           %[[DH:.*]] = arith.muli %[[D]], %c4_i64 : i64
// CHECK:           %[[DHH:.*]] = arith.addi %[[DH]], %[[H]] : i64
// CHECK:           %[[W:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK:           %[[DHW:.*]] = arith.muli %[[DHH]], %c4_i64 : i64
// CHECK:           %[[FLAT:.*]] = arith.addi %[[DHW]], %[[W]] : i64
// CHECK:           arith.cmpf ogt
// CHECK:           arith.cmpf uno
// CHECK:           arith.select %{{.*}}, %[[FLAT]], %{{.*}} : i64
// CHECK:         } -> (tensor<1x1x2x2x2xf32>, tensor<1x1x2x2x2xi64>)
// CHECK-NOT:     torch.aten.max_pool3d
func.func @max_pool3d(%x: !torch.vtensor<[1,1,4,4,4],f32>) -> (!torch.vtensor<[1,1,2,2,2],f32>, !torch.vtensor<[1,1,2,2,2],f32>, !torch.vtensor<[1,1,2,2,2],si64>) {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int2, %int2, %int2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0, %int0 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %e = torch.prim.ListConstruct  : () -> !torch.list<int>
  %0 = torch.aten.max_pool3d %x, %k, %e, %p, %d, %false : !torch.vtensor<[1,1,4,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,1,2,2,2],f32>
  %1, %2 = torch.aten.max_pool3d_with_indices %x, %k, %k, %p, %d, %false : !torch.vtensor<[1,1,4,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,1,2,2,2],f32>, !torch.vtensor<[1,1,2,2,2],si64>
  return %0, %1, %2 : !torch.vtensor<[1,1,2,2,2],f32>, !torch.vtensor<[1,1,2,2,2],f32>, !torch.vtensor<[1,1,2,2,2],si64>
}

// -----

// avg_pool1d, kernel 3, stride 2, padding 1, count_include_pad = false: the
// zero-padded sums divided by each window's count of real inputs,
// min(o * 2 - 1 + 3, 8) clipped to 7, minus max(o * 2 - 1, 0).
// CHECK-LABEL: func.func @avg_pool1d(
// CHECK:         %[[PAD:.*]] = tensor.pad %{{.*}} low[0, 0, 1] high[0, 0, 1]
// CHECK:         } : tensor<2x3x7xf32> to tensor<2x3x9xf32>
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[PAD]], %{{.*}} : tensor<2x3x9xf32>, tensor<3xf32>) outs(%{{.*}} : tensor<2x3x4xf32>)
// CHECK:           arith.addf
// CHECK:         linalg.generic {{.*}} ins(%[[SUM]] : tensor<2x3x4xf32>)
// CHECK:         ^bb0(%[[S:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[O:.*]] = linalg.index 2 : index
// CHECK:           %[[OI:.*]] = arith.index_cast %[[O]] : index to i64
// CHECK:           %[[OS:.*]] = arith.muli %[[OI]], %c2_i64 : i64
// CHECK:           %[[START:.*]] = arith.subi %[[OS]], %c1_i64 : i64
// CHECK:           %[[END:.*]] = arith.addi %[[OS]], %c2_i64 : i64
// CHECK:           %[[ENDP:.*]] = arith.minsi %[[END]], %c8_i64 : i64
// CHECK:           %[[STARTC:.*]] = arith.maxsi %[[START]], %c0_i64 : i64
// CHECK:           %[[ENDC:.*]] = arith.minsi %[[ENDP]], %c7_i64 : i64
// CHECK:           %[[COUNT:.*]] = arith.subi %[[ENDC]], %[[STARTC]] : i64
// CHECK:           %[[CF:.*]] = arith.sitofp %[[COUNT]] : i64 to f32
// CHECK:           arith.divf %[[S]], %[[CF]] : f32
func.func @avg_pool1d(%x: !torch.vtensor<[2,3,7],f32>) -> !torch.vtensor<[2,3,4],f32> {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.avg_pool1d %x, %k, %s, %p, %false, %false : !torch.vtensor<[2,3,7],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

// -----

// avg_pool3d with divisor_override 5: every sum divided by 5, whatever the
// window.
// CHECK-LABEL: func.func @avg_pool3d_divisor(
// CHECK-DAG:     %[[FIVE:.*]] = arith.constant 5.000000e+00 : f32
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<1x2x4x4x4xf32>, tensor<2x2x2xf32>)
// CHECK:           arith.addf
// CHECK:         linalg.generic {{.*}} ins(%[[SUM]] : tensor<1x2x2x2x2xf32>)
// CHECK:         ^bb0(%[[S:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[Q:.*]] = arith.divf %[[S]], %[[FIVE]] : f32
// CHECK-NEXT:      linalg.yield %[[Q]]
func.func @avg_pool3d_divisor(%x: !torch.vtensor<[1,2,4,4,4],f32>) -> !torch.vtensor<[1,2,2,2,2],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int5 = torch.constant.int 5
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %k = torch.prim.ListConstruct %int2, %int2, %int2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0, %int0 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.avg_pool3d %x, %k, %k, %p, %false, %true, %int5 : !torch.vtensor<[1,2,4,4,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.int -> !torch.vtensor<[1,2,2,2,2],f32>
  return %0 : !torch.vtensor<[1,2,2,2,2],f32>
}

// -----

// avg_pool2d over planes known only at run time: the count of each window,
// clipped to the input, reads the input's run-time size.
// CHECK-LABEL: func.func @avg_pool2d_dynamic_planes(
// CHECK:         linalg.fill
// CHECK:         %[[H:.*]] = tensor.dim %{{.*}}, %c2 : tensor<1x1x?x?xf32>
// CHECK:         %[[HI:.*]] = arith.index_cast %[[H]] : index to i64
// CHECK:         linalg.generic
// CHECK:           arith.addi %[[HI]], %c1_i64 : i64
// CHECK:           arith.minsi
// CHECK:           arith.divf
func.func @avg_pool2d_dynamic_planes(%x: !torch.vtensor<[1,1,?,?],f32>) -> !torch.vtensor<[1,1,?,?],f32> {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.avg_pool2d %x, %k, %s, %p, %false, %true, %none : !torch.vtensor<[1,1,?,?],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1,1,?,?],f32>
  return %0 : !torch.vtensor<[1,1,?,?],f32>
}
