// convert-torch-to-linalg, elementwise ops: one linalg.generic each, operands
// broadcast to the result (a static 1 stretches), computed in the result's
// dtype; comparisons in the promoted operand type.
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
