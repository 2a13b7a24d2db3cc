// convert-torch-to-linalg, reductions: one linalg.generic with reduction
// iterators into an accumulator holding the identity; keepdim expands back.
// max/min.dim and argmax/argmin carry an index accumulator too; cumsum and
// cumprod reduce over an extra loop along the scanned dim.
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

// -----

// sum over everything with dtype=int64 widens each si32 element before
// adding, into a 0-d i64 accumulator from 0; prod starts from 1 and
// multiplies.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ALL:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @sum_and_prod(
// CHECK:         %[[ZERO:.*]] = linalg.fill ins(%c0_i64 : i64) outs(%{{.*}} : tensor<i64>)
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[ALL]]], iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<3x?xi32>) outs(%[[ZERO]] : tensor<i64>)
// CHECK:         ^bb0(%[[X:.*]]: i32, %[[ACC:.*]]: i64):
// CHECK:           %[[W:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK:           arith.addi %[[W]], %[[ACC]] : i64
// CHECK:         %[[ONE:.*]] = linalg.fill ins(%c1_i32 : i32) outs(%{{.*}} : tensor<i32>)
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[ALL]]], iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<3x?xi32>) outs(%[[ONE]] : tensor<i32>)
// CHECK:         ^bb0(%[[Y:.*]]: i32, %[[PACC:.*]]: i32):
// CHECK:           arith.muli %[[Y]], %[[PACC]] : i32
// CHECK-NOT:     torch.aten
func.func @sum_and_prod(%x: !torch.vtensor<[3,?],si32>) -> (!torch.vtensor<[],si64>, !torch.vtensor<[],si32>) {
  %none = torch.constant.none
  %int4 = torch.constant.int 4
  %0 = torch.aten.sum %x, %int4 : !torch.vtensor<[3,?],si32>, !torch.int -> !torch.vtensor<[],si64>
  %1 = torch.aten.prod %x, %none : !torch.vtensor<[3,?],si32>, !torch.none -> !torch.vtensor<[],si32>
  return %0, %1 : !torch.vtensor<[],si64>, !torch.vtensor<[],si32>
}

// -----

// prod.dim_int over dim 0 with keepdim: a product from 1 along the rows,
// then the size-1 dim put back.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @prod_dim_int(
// CHECK:         %[[ONE:.*]] = linalg.fill ins(%cst : f32) outs(%{{.*}} : tensor<5xf32>)
// CHECK:         %[[P:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<3x5xf32>) outs(%[[ONE]] : tensor<5xf32>)
// CHECK:           arith.mulf
// CHECK:         tensor.expand_shape %[[P]] {{\[}}[0, 1]] output_shape [1, 5] : tensor<5xf32> into tensor<1x5xf32>
func.func @prod_dim_int(%x: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[1,5],f32> {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %0 = torch.aten.prod.dim_int %x, %int0, %true, %none : !torch.vtensor<[3,5],f32>, !torch.int, !torch.bool, !torch.none -> !torch.vtensor<[1,5],f32>
  return %0 : !torch.vtensor<[1,5],f32>
}

// -----

// mean.dim over dims [1, -1] of a [?, 3, 5]: sums over both, divided by
// 3 * 5 = 15.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-LABEL: func.func @mean_dim(
// CHECK-DAG:     %[[COUNT:.*]] = arith.constant 1.500000e+01 : f32
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction", "reduction"]} ins(%{{.*}} : tensor<?x3x5xf32>) outs(%{{.*}} : tensor<?xf32>)
// CHECK:           arith.addf
// CHECK:         linalg.generic {{.*}} ins(%[[SUM]] : tensor<?xf32>)
// CHECK:         ^bb0(%[[S:.*]]: f32, %{{.*}}: f32):
// CHECK:           arith.divf %[[S]], %[[COUNT]] : f32
func.func @mean_dim(%x: !torch.vtensor<[?,3,5],f32>) -> !torch.vtensor<[?],f32> {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %dims = torch.prim.ListConstruct %int1, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.mean.dim %x, %dims, %false, %none : !torch.vtensor<[?,3,5],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// Integer amin (keepdim), max and min of all elements: the accumulators
// start from the dtype's largest / smallest value; signed min / max.
// CHECK-LABEL: func.func @amin_max_min(
// CHECK-DAG:     %[[LOWEST:.*]] = arith.constant -9223372036854775808 : i64
// CHECK-DAG:     %[[HIGHEST:.*]] = arith.constant 9223372036854775807 : i64
// CHECK:         linalg.fill ins(%[[HIGHEST]] : i64) outs(%{{.*}} : tensor<3xi64>)
// CHECK:         %[[AMIN:.*]] = linalg.generic
// CHECK:           arith.minsi
// CHECK:         tensor.expand_shape %[[AMIN]] {{\[}}[0, 1]] output_shape [3, 1] : tensor<3xi64> into tensor<3x1xi64>
// CHECK:         linalg.fill ins(%[[LOWEST]] : i64) outs(%{{.*}} : tensor<i64>)
// CHECK:         linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]
// CHECK:           arith.maxsi
// CHECK:         linalg.fill ins(%[[HIGHEST]] : i64) outs(%{{.*}} : tensor<i64>)
// CHECK:         linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]
// CHECK:           arith.minsi
// CHECK-NOT:     torch.aten
func.func @amin_max_min(%x: !torch.vtensor<[3,5],si64>) -> (!torch.vtensor<[3,1],si64>, !torch.vtensor<[],si64>, !torch.vtensor<[],si64>) {
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.amin %x, %dims, %true : !torch.vtensor<[3,5],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3,1],si64>
  %1 = torch.aten.max %x : !torch.vtensor<[3,5],si64> -> !torch.vtensor<[],si64>
  %2 = torch.aten.min %x : !torch.vtensor<[3,5],si64> -> !torch.vtensor<[],si64>
  return %0, %1, %2 : !torch.vtensor<[3,1],si64>, !torch.vtensor<[],si64>, !torch.vtensor<[],si64>
}

// -----

// any / all reduce truth values (x != 0) with or from false / and from true;
// all.dim of ui8 gives ui8 (0 or 1).
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ALL:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG:   #[[ROWS:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG:   #[[COLS:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @any_all(
// CHECK:         linalg.fill ins(%false : i1) outs(%{{.*}} : tensor<i1>)
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[ALL]]], iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<3x5xf32>)
// CHECK:         ^bb0(%[[A:.*]]: f32, %[[AACC:.*]]: i1):
// CHECK:           %[[ANZ:.*]] = arith.cmpf une, %[[A]], %cst : f32
// CHECK:           arith.ori %[[ANZ]], %[[AACC]] : i1
// CHECK:         linalg.fill ins(%false : i1) outs(%{{.*}} : tensor<3xi1>)
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[ROWS]]], iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<3x5xi1>)
// CHECK:         ^bb0(%[[B:.*]]: i1, %[[BACC:.*]]: i1):
// CHECK:           arith.ori %[[B]], %[[BACC]] : i1
// CHECK:         %[[DIMS:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[ALL]]], iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<3x5xf32>)
// CHECK:           arith.ori
// CHECK:         tensor.expand_shape %[[DIMS]] [] output_shape [1, 1] : tensor<i1> into tensor<1x1xi1>
// CHECK:         linalg.fill ins(%true : i1) outs(%{{.*}} : tensor<i1>)
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[ALL]]], iterator_types = ["reduction", "reduction"]} ins(%{{.*}} : tensor<3x5xi1>)
// CHECK:           arith.andi
// CHECK:         linalg.fill ins(%true : i1) outs(%{{.*}} : tensor<5xi1>)
// CHECK:         %[[U:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[COLS]]], iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<3x5xi8>)
// CHECK:         ^bb0(%[[C:.*]]: i8, %[[CACC:.*]]: i1):
// CHECK:           %[[CNZ:.*]] = arith.cmpi ne, %[[C]], %c0_i8 : i8
// CHECK:           arith.andi %[[CNZ]], %[[CACC]] : i1
// CHECK:         linalg.generic {{.*}} ins(%[[U]] : tensor<5xi1>) outs(%{{.*}} : tensor<5xi8>)
// CHECK:           arith.extui %{{.*}} : i1 to i8
// CHECK-NOT:     torch.aten
func.func @any_all(%x: !torch.vtensor<[3,5],f32>, %b: !torch.vtensor<[3,5],i1>, %u: !torch.vtensor<[3,5],ui8>) -> (!torch.vtensor<[],i1>, !torch.vtensor<[3],i1>, !torch.vtensor<[1,1],i1>, !torch.vtensor<[],i1>, !torch.vtensor<[5],ui8>) {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %dims = torch.prim.ListConstruct %int0, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.any %x : !torch.vtensor<[3,5],f32> -> !torch.vtensor<[],i1>
  %1 = torch.aten.any.dim %b, %int1, %false : !torch.vtensor<[3,5],i1>, !torch.int, !torch.bool -> !torch.vtensor<[3],i1>
  %2 = torch.aten.any.dims %x, %dims, %true : !torch.vtensor<[3,5],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,1],i1>
  %3 = torch.aten.all %b : !torch.vtensor<[3,5],i1> -> !torch.vtensor<[],i1>
  %4 = torch.aten.all.dim %u, %int0, %false : !torch.vtensor<[3,5],ui8>, !torch.int, !torch.bool -> !torch.vtensor<[5],ui8>
  return %0, %1, %2, %3, %4 : !torch.vtensor<[],i1>, !torch.vtensor<[3],i1>, !torch.vtensor<[1,1],i1>, !torch.vtensor<[],i1>, !torch.vtensor<[5],ui8>
}

// -----

// argmax along dim 1 (keepdim): a value and an index accumulator; an element
// wins when greater, or NaN over a number, or it is the first. argmin with
// dim None collapses the input first and compares with olt.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @argmax_argmin(
// CHECK:         %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]], #[[OUT]]], iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<3x?xf32>) outs(%{{.*}}, %{{.*}} : tensor<3xf32>, tensor<3xi64>)
// CHECK:         ^bb0(%[[X:.*]]: f32, %[[BEST:.*]]: f32, %[[BESTI:.*]]: i64):
// CHECK:           %[[J:.*]] = linalg.index 1 : index
// CHECK:           %[[JI:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK:           %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[BEST]] : f32
// CHECK:           %[[XNAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK:           %[[BNUM:.*]] = arith.cmpf ord, %[[BEST]], %[[BEST]] : f32
// CHECK:           %[[NANWINS:.*]] = arith.andi %[[XNAN]], %[[BNUM]] : i1
// CHECK:           %[[BETTER:.*]] = arith.ori %[[GT]], %[[NANWINS]] : i1
// CHECK:           %[[FIRST:.*]] = arith.cmpi eq, %[[JI]], %c0_i64 : i64
// CHECK:           %[[TAKE:.*]] = arith.ori %[[BETTER]], %[[FIRST]] : i1
// CHECK:           %[[V:.*]] = arith.select %[[TAKE]], %[[X]], %[[BEST]] : f32
// CHECK:           %[[I:.*]] = arith.select %[[TAKE]], %[[JI]], %[[BESTI]] : i64
// CHECK:           linalg.yield %[[V]], %[[I]] : f32, i64
// CHECK:         tensor.expand_shape %[[R]]#1 {{\[}}[0, 1]] output_shape [3, 1] : tensor<3xi64> into tensor<3x1xi64>
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<3x?xf32> into tensor<?xf32>
// CHECK:         %[[M:.*]]:2 = linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[FLAT]] : tensor<?xf32>) outs(%{{.*}}, %{{.*}} : tensor<f32>, tensor<i64>)
// CHECK:           arith.cmpf olt
// CHECK:         torch_c.from_builtin_tensor %[[M]]#1 : tensor<i64>
func.func @argmax_argmin(%x: !torch.vtensor<[3,?],f32>) -> (!torch.vtensor<[3,1],si64>, !torch.vtensor<[],si64>) {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0 = torch.aten.argmax %x, %int1, %true : !torch.vtensor<[3,?],f32>, !torch.int, !torch.bool -> !torch.vtensor<[3,1],si64>
  %1 = torch.aten.argmin %x, %none, %false : !torch.vtensor<[3,?],f32>, !torch.none, !torch.bool -> !torch.vtensor<[],si64>
  return %0, %1 : !torch.vtensor<[3,1],si64>, !torch.vtensor<[],si64>
}

// -----

// min.dim of integers: values from the largest i32, signed less-than, and
// both results returned.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @min_dim(
// CHECK:         %[[V0:.*]] = linalg.fill ins(%c2147483647_i32 : i32) outs(%{{.*}} : tensor<5xi32>)
// CHECK:         %[[I0:.*]] = linalg.fill ins(%c0_i64 : i64) outs(%{{.*}} : tensor<5xi64>)
// CHECK:         %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]], #[[OUT]]], iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<4x5xi32>) outs(%[[V0]], %[[I0]] : tensor<5xi32>, tensor<5xi64>)
// CHECK:         ^bb0(%[[X:.*]]: i32, %[[BEST:.*]]: i32, %{{.*}}: i64):
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           arith.cmpi slt, %[[X]], %[[BEST]] : i32
// CHECK-DAG:     torch_c.from_builtin_tensor %[[R]]#0 : tensor<5xi32>
// CHECK-DAG:     torch_c.from_builtin_tensor %[[R]]#1 : tensor<5xi64>
func.func @min_dim(%x: !torch.vtensor<[4,5],si32>) -> (!torch.vtensor<[5],si32>, !torch.vtensor<[5],si64>) {
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %v, %i = torch.aten.min.dim %x, %int0, %false : !torch.vtensor<[4,5],si32>, !torch.int, !torch.bool -> !torch.vtensor<[5],si32>, !torch.vtensor<[5],si64>
  return %v, %i : !torch.vtensor<[5],si32>, !torch.vtensor<[5],si64>
}

// -----

// cumsum along a dynamic dim with dtype=int64: out[i][k] sums in[i][j] for
// j <= k (a reduction loop over j), each widened to i64; cumprod multiplies,
// the later elements contributing 1.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @cumsum_cumprod(
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[N:.*]] = tensor.dim %{{.*}}, %c1 : tensor<3x?xi32>
// CHECK:         %[[E:.*]] = tensor.empty(%[[N]]) : tensor<3x?xi64>
// CHECK:         %[[Z:.*]] = linalg.fill ins(%c0_i64 : i64) outs(%[[E]] : tensor<3x?xi64>)
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<3x?xi32>) outs(%[[Z]] : tensor<3x?xi64>)
// CHECK:         ^bb0(%[[X:.*]]: i32, %[[ACC:.*]]: i64):
// CHECK:           %[[K:.*]] = linalg.index 1 : index
// CHECK:           %[[J:.*]] = linalg.index 2 : index
// CHECK:           %[[BEFORE:.*]] = arith.cmpi ule, %[[J]], %[[K]] : index
// CHECK:           %[[W:.*]] = arith.extsi %[[X]] : i32 to i64
// CHECK:           %[[T:.*]] = arith.select %[[BEFORE]], %[[W]], %c0_i64 : i64
// CHECK:           arith.addi %[[T]], %[[ACC]] : i64
// CHECK:         ^bb0(%[[Y:.*]]: f32, %[[PACC:.*]]: f32):
// CHECK:           %[[PB:.*]] = arith.cmpi ule
// CHECK:           %[[PT:.*]] = arith.select %[[PB]], %[[Y]], %[[ONE]] : f32
// CHECK:           arith.mulf %[[PT]], %[[PACC]] : f32
// CHECK-NOT:     torch.aten
func.func @cumsum_cumprod(%x: !torch.vtensor<[3,?],si32>, %y: !torch.vtensor<[4],f32>) -> (!torch.vtensor<[3,?],si64>, !torch.vtensor<[4],f32>) {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %int4 = torch.constant.int 4
  %none = torch.constant.none
  %0 = torch.aten.cumsum %x, %int1, %int4 : !torch.vtensor<[3,?],si32>, !torch.int, !torch.int -> !torch.vtensor<[3,?],si64>
  %1 = torch.aten.cumprod %y, %int0, %none : !torch.vtensor<[4],f32>, !torch.int, !torch.none -> !torch.vtensor<[4],f32>
  return %0, %1 : !torch.vtensor<[3,?],si64>, !torch.vtensor<[4],f32>
}
