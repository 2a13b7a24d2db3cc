// convert-torch-to-linalg, elementwise ops: one linalg.generic each, operands
// broadcast to the result (a static 1 stretches), computed in the result's
// dtype; comparisons in the promoted operand type. Also casts and copies,
// the bridges between tensors and Python scalars, and the erased
// _assert_tensor_metadata.
// RUN: torch-mlir-opt %s -convert-torch-to-linalg -canonicalize -split-input-file | FileCheck %s

// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @add_broadcast_alpha(
// CHECK-DAG:     %[[A:.*]] = torch_c.to_builtin_tensor %{{.*}} : !torch.vtensor<[?,4],f32> -> tensor<?x4xf32>
// CHECK-DAG:     %[[B:.*]] = torch_c.to_builtin_tensor %{{.*}} : !torch.vtensor<[4],f32> -> tensor<4xf32>
// CHECK:         %[[N:.*]] = tensor.dim %[[A]], %c0
// CHECK:         %[[INIT:.*]] = tensor.empty(%[[N]]) : tensor<?x4xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:      ins(%[[A]], %[[B]] : tensor<?x4xf32>, tensor<4xf32>) outs(%[[INIT]] : tensor<?x4xf32>)
// CHECK:         ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[ALPHA:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK:           %[[SCALED:.*]] = arith.mulf %[[Y]], %[[ALPHA]]
// CHECK:           %[[SUM:.*]] = arith.addf %[[X]], %[[SCALED]]
// CHECK:           linalg.yield %[[SUM]]
func.func @add_broadcast_alpha(%a: !torch.vtensor<[?,4],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[?,4],f32> {
  %alpha = torch.constant.float 2.500000e+00
  %0 = torch.aten.add.Tensor %a, %b, %alpha : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32>, !torch.float -> !torch.vtensor<[?,4],f32>
  return %0 : !torch.vtensor<[?,4],f32>
}

// -----

// A size-1 dimension stretches to the other operand's size.
// CHECK-DAG:   #[[STRETCH:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @mul_stretch_int(
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #[[STRETCH]], #{{.*}}]
// CHECK:           arith.muli %{{.*}}, %{{.*}} : i64
func.func @mul_stretch_int(%a: !torch.vtensor<[3,4],si64>, %b: !torch.vtensor<[1,4],si64>) -> !torch.vtensor<[3,4],si64> {
  %0 = torch.aten.mul.Tensor %a, %b : !torch.vtensor<[3,4],si64>, !torch.vtensor<[1,4],si64> -> !torch.vtensor<[3,4],si64>
  return %0 : !torch.vtensor<[3,4],si64>
}

// -----

// int / int is true division: both operands become the float result type.
// CHECK-LABEL: func.func @div_ints_to_float(
// CHECK:         ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: f32):
// CHECK-DAG:       %[[FX:.*]] = arith.sitofp %[[X]] : i32 to f32
// CHECK-DAG:       %[[FY:.*]] = arith.sitofp %[[Y]] : i32 to f32
// CHECK:           arith.divf %[[FX]], %[[FY]]
func.func @div_ints_to_float(%a: !torch.vtensor<[4],si32>, %b: !torch.vtensor<[4],si32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.div.Tensor %a, %b : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// An int tensor compared with a float scalar compares as floats (f32).
// CHECK-LABEL: func.func @gt_int_tensor_float_scalar(
// CHECK:         ^bb0(%[[X:.*]]: i64, %{{.*}}: i1):
// CHECK:           %[[FX:.*]] = arith.sitofp %[[X]] : i64 to f32
// CHECK:           %[[C:.*]] = arith.cmpf ogt, %[[FX]], %{{.*}} : f32
// CHECK:           linalg.yield %[[C]] : i1
func.func @gt_int_tensor_float_scalar(%a: !torch.vtensor<[4],si64>) -> !torch.vtensor<[4],i1> {
  %half = torch.constant.float 5.000000e-01
  %0 = torch.aten.gt.Scalar %a, %half : !torch.vtensor<[4],si64>, !torch.float -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// relu keeps NaN: a select on an unordered comparison, not a max.
// CHECK-LABEL: func.func @relu(
// CHECK:           %[[C:.*]] = arith.cmpf ugt, %[[X:.*]], %[[ZERO:.*]] : f32
// CHECK:           arith.select %[[C]], %[[X]], %[[ZERO]]
func.func @relu(%a: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %0 = torch.aten.relu %a : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// where: the condition stays i1, the values take the result type; a cast is
// an elementwise copy into the new dtype.
// CHECK-LABEL: func.func @where_and_cast(
// CHECK:         ^bb0(%[[C:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:           arith.select %[[C]], %[[X]], %[[Y]] : f32
// CHECK:         ^bb0(%[[V:.*]]: f32, %{{.*}}: f16):
// CHECK:           arith.truncf %[[V]] : f32 to f16
func.func @where_and_cast(%c: !torch.vtensor<[4],i1>, %a: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f16> {
  %0 = torch.aten.where.self %c, %a, %b : !torch.vtensor<[4],i1>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %int5 = torch.constant.int 5
  %false = torch.constant.bool false
  %none = torch.constant.none
  %1 = torch.aten.to.dtype %0, %int5, %false, %false, %none : !torch.vtensor<[4],f32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[4],f16>
  return %1 : !torch.vtensor<[4],f16>
}

// -----

// float8 has no LLVM type: casts to and from it work on its bits (rounding
// f32 by adding and taking away a power of two; reading the fields back),
// with no arith.truncf/extf of a float8 type left.
// CHECK-LABEL: func.func @float8_casts(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f8E4M3FN):
// CHECK:           arith.bitcast %[[X]] : f32 to i32
// CHECK:           arith.addf
// CHECK:           arith.subf
// CHECK:           %[[BITS:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:           arith.bitcast %[[BITS]] : i8 to f8E4M3FN
// CHECK:         ^bb0(%[[Y:.*]]: f8E4M3FN, %{{.*}}: f32):
// CHECK:           arith.bitcast %[[Y]] : f8E4M3FN to i8
// CHECK-NOT:     arith.truncf
// CHECK-NOT:     arith.extf
func.func @float8_casts(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int24 = torch.constant.int 24
  %int6 = torch.constant.int 6
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.aten.to.dtype %a, %int24, %false, %false, %none : !torch.vtensor<[4],f32>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[4],f8E4M3FN>
  %1 = torch.aten.to.dtype %0, %int6, %false, %false, %none : !torch.vtensor<[4],f8E4M3FN>, !torch.int, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[4],f32>
  return %1 : !torch.vtensor<[4],f32>
}

// -----

// gelu, exact: 0.5 * x * (1 + erf(x / sqrt(2))).
// CHECK-LABEL: func.func @gelu(
// CHECK:           math.erf
func.func @gelu(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %none = torch.constant.str "none"
  %0 = torch.aten.gelu %a, %none : !torch.vtensor<[4],f32>, !torch.str -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// Tensor <-> Python scalar bridges.
// CHECK-LABEL: func.func @scalar_bridges(
// CHECK:         %[[E:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK:         torch_c.from_i1 %[[E]]
// CHECK:         %[[T:.*]] = tensor.from_elements %{{.*}} : tensor<i64>
// CHECK:         torch_c.from_builtin_tensor %[[T]]
func.func @scalar_bridges(%a: !torch.vtensor<[],i1>, %i: !torch.int) -> (!torch.bool, !torch.vtensor<[],si64>) {
  %0 = torch.aten.Bool.Tensor %a : !torch.vtensor<[],i1> -> !torch.bool
  %1 = torch.prim.NumToTensor.Scalar %i : !torch.int -> !torch.vtensor<[],si64>
  return %0, %1 : !torch.bool, !torch.vtensor<[],si64>
}

// -----

// What has no lowering stays, for the contract check to name.
// CHECK-LABEL: func.func @no_lowering_stays(
// CHECK:         torch.operator "aten.special_bessel_j0"
func.func @no_lowering_stays(%a: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.operator "aten.special_bessel_j0"(%a) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// Copies that keep the dtype (clone, detach, lift_fresh_copy, alias,
// contiguous) are the input itself: the identity generic folds away.
// CHECK-LABEL: func.func @same_dtype_copies(
// CHECK:         %[[X:.*]] = torch_c.to_builtin_tensor %{{.*}} : !torch.vtensor<[2,3],f32> -> tensor<2x3xf32>
// CHECK-COUNT-5: torch_c.from_builtin_tensor %[[X]] : tensor<2x3xf32>
// CHECK-NOT:     torch.aten
func.func @same_dtype_copies(%x: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %0 = torch.aten.clone %x, %none : !torch.vtensor<[2,3],f32>, !torch.none -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.detach %0 : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %2 = torch.aten.lift_fresh_copy %1 : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %3 = torch.aten.alias %2 : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %4 = torch.aten.contiguous %3, %int0 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0, %1, %2, %3, %4 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
}

// -----

// Casts to the result's dtype: _to_copy f32 -> si64, type_as f32 -> si32
// (the other tensor's shape plays no part), to.dtype_layout f32 -> f16, and
// to.other from ui8, which converts as unsigned.
// CHECK-LABEL: func.func @casts(
// CHECK:         ^bb0(%[[A:.*]]: f32, %{{.*}}: i64):
// CHECK:           arith.fptosi %[[A]] : f32 to i64
// CHECK:         } -> tensor<2x3xi64>
// CHECK:         ^bb0(%[[B:.*]]: f32, %{{.*}}: i32):
// CHECK:           arith.fptosi %[[B]] : f32 to i32
// CHECK:         } -> tensor<2x3xi32>
// CHECK:         ^bb0(%[[C:.*]]: f32, %{{.*}}: f16):
// CHECK:           arith.truncf %[[C]] : f32 to f16
// CHECK:         ^bb0(%[[D:.*]]: i8, %{{.*}}: f32):
// CHECK:           arith.uitofp %[[D]] : i8 to f32
// CHECK:         } -> tensor<3xf32>
// CHECK-NOT:     torch.aten
func.func @casts(%x: !torch.vtensor<[2,3],f32>, %y: !torch.vtensor<[4],si32>, %u: !torch.vtensor<[3],ui8>) -> (!torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],si32>, !torch.vtensor<[2,3],f16>, !torch.vtensor<[3],f32>) {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %int4 = torch.constant.int 4
  %int5 = torch.constant.int 5
  %0 = torch.aten._to_copy %x, %int4, %none, %none, %none, %false, %none : !torch.vtensor<[2,3],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none -> !torch.vtensor<[2,3],si64>
  %1 = torch.aten.type_as %x, %y : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4],si32> -> !torch.vtensor<[2,3],si32>
  %2 = torch.aten.to.dtype_layout %x, %int5, %none, %none, %none, %false, %false, %none : !torch.vtensor<[2,3],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[2,3],f16>
  %3 = torch.aten.to.other %u, %x, %false, %false, %none : !torch.vtensor<[3],ui8>, !torch.vtensor<[2,3],f32>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[3],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],si32>, !torch.vtensor<[2,3],f16>, !torch.vtensor<[3],f32>
}

// -----

// dropout in eval mode (train = false) is the input; in training mode it
// stays (it needs random numbers).
// CHECK-LABEL: func.func @dropout(
// CHECK:         %[[X:.*]] = torch_c.to_builtin_tensor %[[ARG:.*]] : !torch.vtensor<[2,3],f32> -> tensor<2x3xf32>
// CHECK:         %[[EVAL:.*]] = torch_c.from_builtin_tensor %[[X]]
// CHECK:         %[[TRAIN:.*]] = torch.aten.dropout %[[ARG]], %{{.*}}, %true
// CHECK:         return %[[EVAL]], %[[TRAIN]]
func.func @dropout(%x: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) {
  %float = torch.constant.float 5.000000e-01
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %0 = torch.aten.dropout %x, %float, %false : !torch.vtensor<[2,3],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.dropout %x, %float, %true : !torch.vtensor<[2,3],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,3],f32>
  return %0, %1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
}

// -----

// Tensor -> Python scalar: element 0 (of any rank), widened to the scalar's
// type: signed for si32, unsigned for ui8, extf for f16.
// CHECK-LABEL: func.func @tensor_to_scalars(
// CHECK:         %[[F:.*]] = tensor.extract %{{.*}}[] : tensor<f64>
// CHECK:         torch_c.from_f64 %[[F]]
// CHECK:         %[[I:.*]] = tensor.extract %{{.*}}[%c0] : tensor<1xi32>
// CHECK:         %[[IW:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK:         torch_c.from_i64 %[[IW]]
// CHECK:         %[[U:.*]] = tensor.extract %{{.*}}[] : tensor<i8>
// CHECK:         %[[UW:.*]] = arith.extui %[[U]] : i8 to i64
// CHECK:         torch_c.from_i64 %[[UW]]
// CHECK:         %[[H:.*]] = tensor.extract %{{.*}}[%c0, %c0] : tensor<1x1xf16>
// CHECK:         %[[HW:.*]] = arith.extf %[[H]] : f16 to f64
// CHECK:         torch_c.from_f64 %[[HW]]
// CHECK:         %[[J:.*]] = tensor.extract %{{.*}}[] : tensor<i64>
// CHECK:         torch_c.from_i64 %[[J]]
// CHECK-NOT:     torch.aten
func.func @tensor_to_scalars(%f: !torch.vtensor<[],f64>, %i: !torch.vtensor<[1],si32>, %u: !torch.vtensor<[],ui8>, %h: !torch.vtensor<[1,1],f16>, %j: !torch.vtensor<[],si64>) -> (!torch.float, !torch.int, !torch.int, !torch.float, !torch.int) {
  %0 = torch.aten.Float.Tensor %f : !torch.vtensor<[],f64> -> !torch.float
  %1 = torch.aten.Int.Tensor %i : !torch.vtensor<[1],si32> -> !torch.int
  %2 = torch.aten.item %u : !torch.vtensor<[],ui8> -> !torch.int
  %3 = torch.aten.ScalarImplicit %h : !torch.vtensor<[1,1],f16> -> !torch.float
  %4 = torch.aten.item %j : !torch.vtensor<[],si64> -> !torch.int
  return %0, %1, %2, %3, %4 : !torch.float, !torch.int, !torch.int, !torch.float, !torch.int
}

// -----

// Python scalar -> 0-d tensor of the result's dtype: scalar_tensor of an int
// as f32, tensor.int as si32, tensor.float as f64, tensor.bool.
// CHECK-LABEL: func.func @scalars_to_tensors(
// CHECK-DAG:     %[[B:.*]] = torch_c.to_i1 %arg2
// CHECK-DAG:     %[[F:.*]] = torch_c.to_f64 %arg1
// CHECK-DAG:     %[[I:.*]] = torch_c.to_i64 %arg0
// CHECK:         %[[IF:.*]] = arith.sitofp %[[I]] : i64 to f32
// CHECK:         tensor.from_elements %[[IF]] : tensor<f32>
// CHECK:         %[[IT:.*]] = arith.trunci %[[I]] : i64 to i32
// CHECK:         tensor.from_elements %[[IT]] : tensor<i32>
// CHECK:         tensor.from_elements %[[F]] : tensor<f64>
// CHECK:         tensor.from_elements %[[B]] : tensor<i1>
// CHECK-NOT:     torch.aten
func.func @scalars_to_tensors(%i: !torch.int, %f: !torch.float, %b: !torch.bool) -> (!torch.vtensor<[],f32>, !torch.vtensor<[],si32>, !torch.vtensor<[],f64>, !torch.vtensor<[],i1>) {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %int3 = torch.constant.int 3
  %int6 = torch.constant.int 6
  %int7 = torch.constant.int 7
  %0 = torch.aten.scalar_tensor %i, %int6, %none, %none, %none : !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[],f32>
  %1 = torch.aten.tensor.int %i, %int3, %none, %false : !torch.int, !torch.int, !torch.none, !torch.bool -> !torch.vtensor<[],si32>
  %2 = torch.aten.tensor.float %f, %int7, %none, %false : !torch.float, !torch.int, !torch.none, !torch.bool -> !torch.vtensor<[],f64>
  %3 = torch.aten.tensor.bool %b, %none, %none, %false : !torch.bool, !torch.none, !torch.none, !torch.bool -> !torch.vtensor<[],i1>
  return %0, %1, %2, %3 : !torch.vtensor<[],f32>, !torch.vtensor<[],si32>, !torch.vtensor<[],f64>, !torch.vtensor<[],i1>
}

// -----

// _assert_tensor_metadata checks what a value tensor's type already states:
// it is erased.
// CHECK-LABEL: func.func @assert_tensor_metadata(
// CHECK-NOT:     torch.aten._assert_tensor_metadata
// CHECK:         return %arg0
func.func @assert_tensor_metadata(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %int6 = torch.constant.int 6
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %size = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  torch.aten._assert_tensor_metadata %x, %size, %none, %int6, %none, %none : !torch.vtensor<[2,3],f32>, !torch.list<int>, !torch.none, !torch.int, !torch.none, !torch.none
  return %x : !torch.vtensor<[2,3],f32>
}
