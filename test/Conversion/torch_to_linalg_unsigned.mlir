// convert-torch-to-linalg on unsigned integers: ui8 converts to signless i8,
// so every comparison, max/min, division and widening of a ui8 must be the
// unsigned one (as the Torch dtype says), never the signed one.
// RUN: torch-mlir-opt %s -convert-torch-to-linalg -canonicalize -split-input-file | FileCheck %s

// ui8 extremes start from 0 (amax) and 255 (amin) and compare as unsigned:
// 200 is above 7, not below.
// CHECK-LABEL: func.func @amax_amin(
// CHECK-DAG:     %[[MAX:.*]] = arith.constant -1 : i8
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK:         linalg.fill ins(%[[ZERO]] : i8)
// CHECK:           arith.maxui
// CHECK:         linalg.fill ins(%[[MAX]] : i8)
// CHECK:           arith.minui
func.func @amax_amin(%a: !torch.vtensor<[3,4],ui8>) -> (!torch.vtensor<[3],ui8>, !torch.vtensor<[3],ui8>) {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.amax %a, %dims, %false : !torch.vtensor<[3,4],ui8>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3],ui8>
  %1 = torch.aten.amin %a, %dims, %false : !torch.vtensor<[3,4],ui8>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3],ui8>
  return %0, %1 : !torch.vtensor<[3],ui8>, !torch.vtensor<[3],ui8>
}

// -----

// max.dim (and argmax) of ui8: an unsigned comparison picks the best.
// CHECK-LABEL: func.func @max_dim(
// CHECK:         linalg.fill ins(%c0_i8 : i8)
// CHECK:           arith.cmpi ugt, %{{.*}}, %{{.*}} : i8
func.func @max_dim(%a: !torch.vtensor<[3,4],ui8>) -> (!torch.vtensor<[3],ui8>, !torch.vtensor<[3],si64>) {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %values, %indices = torch.aten.max.dim %a, %int1, %false : !torch.vtensor<[3,4],ui8>, !torch.int, !torch.bool -> !torch.vtensor<[3],ui8>, !torch.vtensor<[3],si64>
  return %values, %indices : !torch.vtensor<[3],ui8>, !torch.vtensor<[3],si64>
}

// -----

// sum of ui8 is si64: each element zero-extends (200 stays 200).
// CHECK-LABEL: func.func @sum(
// CHECK:           arith.extui %{{.*}} : i8 to i64
// CHECK-NOT:       arith.extsi
func.func @sum(%a: !torch.vtensor<[3,4],ui8>) -> !torch.vtensor<[],si64> {
  %none = torch.constant.none
  %0 = torch.aten.sum %a, %none : !torch.vtensor<[3,4],ui8>, !torch.none -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// -----

// clamp and comparisons with a Python int >= 128 (wrapped to the ui8 bit
// pattern, as PyTorch does) are unsigned.
// CHECK-LABEL: func.func @clamp_gt(
// CHECK:           arith.minui
// CHECK:           arith.cmpi ugt, %{{.*}}, %{{.*}} : i8
func.func @clamp_gt(%a: !torch.vtensor<[4],ui8>) -> (!torch.vtensor<[4],ui8>, !torch.vtensor<[4],i1>) {
  %none = torch.constant.none
  %int200 = torch.constant.int 200
  %0 = torch.aten.clamp %a, %none, %int200 : !torch.vtensor<[4],ui8>, !torch.none, !torch.int -> !torch.vtensor<[4],ui8>
  %1 = torch.aten.gt.Scalar %a, %int200 : !torch.vtensor<[4],ui8>, !torch.int -> !torch.vtensor<[4],i1>
  return %0, %1 : !torch.vtensor<[4],ui8>, !torch.vtensor<[4],i1>
}

// -----

// ui8 against si64 compares in i64, the ui8 zero-extended; against si8, in
// i16 (PyTorch's promotion of uint8 and int8).
// CHECK-LABEL: func.func @compare_mixed(
// CHECK:           %[[A:.*]] = arith.extui %{{.*}} : i8 to i64
// CHECK:           arith.cmpi slt, %[[A]], %{{.*}} : i64
// CHECK:           %[[U:.*]] = arith.extui %{{.*}} : i8 to i16
// CHECK:           %[[S:.*]] = arith.extsi %{{.*}} : i8 to i16
// CHECK:           arith.cmpi slt, %[[U]], %[[S]] : i16
func.func @compare_mixed(%a: !torch.vtensor<[4],ui8>, %b: !torch.vtensor<[4],si64>, %c: !torch.vtensor<[4],si8>) -> (!torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>) {
  %0 = torch.aten.lt.Tensor %a, %b : !torch.vtensor<[4],ui8>, !torch.vtensor<[4],si64> -> !torch.vtensor<[4],i1>
  %1 = torch.aten.lt.Tensor %a, %c : !torch.vtensor<[4],ui8>, !torch.vtensor<[4],si8> -> !torch.vtensor<[4],i1>
  return %0, %1 : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1>
}

// -----

// maximum, minimum, floor division and remainder of ui8 are unsigned; a ui8
// times a float converts as unsigned.
// CHECK-LABEL: func.func @max_min_div(
// CHECK:           arith.maxui
// CHECK:           arith.minui
// CHECK:           arith.divui
// CHECK:           arith.remui
// CHECK-NOT:       arith.cmpi slt
// CHECK:           arith.uitofp %{{.*}} : i8 to f32
func.func @max_min_div(%a: !torch.vtensor<[4],ui8>, %b: !torch.vtensor<[4],ui8>) -> (!torch.vtensor<[4],ui8>, !torch.vtensor<[4],ui8>, !torch.vtensor<[4],ui8>, !torch.vtensor<[4],ui8>, !torch.vtensor<[4],f32>) {
  %0 = torch.aten.maximum %a, %b : !torch.vtensor<[4],ui8>, !torch.vtensor<[4],ui8> -> !torch.vtensor<[4],ui8>
  %1 = torch.aten.minimum %a, %b : !torch.vtensor<[4],ui8>, !torch.vtensor<[4],ui8> -> !torch.vtensor<[4],ui8>
  %str = torch.constant.str "floor"
  %2 = torch.aten.div.Tensor_mode %a, %b, %str : !torch.vtensor<[4],ui8>, !torch.vtensor<[4],ui8>, !torch.str -> !torch.vtensor<[4],ui8>
  %3 = torch.aten.remainder.Tensor %a, %b : !torch.vtensor<[4],ui8>, !torch.vtensor<[4],ui8> -> !torch.vtensor<[4],ui8>
  %float = torch.constant.float 1.500000e+00
  %4 = torch.aten.mul.Scalar %a, %float : !torch.vtensor<[4],ui8>, !torch.float -> !torch.vtensor<[4],f32>
  return %0, %1, %2, %3, %4 : !torch.vtensor<[4],ui8>, !torch.vtensor<[4],ui8>, !torch.vtensor<[4],ui8>, !torch.vtensor<[4],ui8>, !torch.vtensor<[4],f32>
}

// -----

// sort of ui8 orders as unsigned.
// CHECK-LABEL: func.func @sort(
// CHECK:           arith.cmpi ult, %{{.*}}, %{{.*}} : i8
func.func @sort(%a: !torch.vtensor<[4],ui8>) -> (!torch.vtensor<[4],ui8>, !torch.vtensor<[4],si64>) {
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %values, %indices = torch.aten.sort %a, %int0, %false : !torch.vtensor<[4],ui8>, !torch.int, !torch.bool -> !torch.vtensor<[4],ui8>, !torch.vtensor<[4],si64>
  return %values, %indices : !torch.vtensor<[4],ui8>, !torch.vtensor<[4],si64>
}

// -----

// pow of ui8: the exponent converted to ui8 (-2 is 254), both zero-extended,
// the power truncated back (ATen's wrapping unsigned power).
// CHECK-LABEL: func.func @pow(
// CHECK:           %[[WB:.*]] = arith.extui %{{.*}} : i8 to i64
// CHECK:           %[[E:.*]] = arith.trunci %{{.*}} : i64 to i8
// CHECK:           %[[WE:.*]] = arith.extui %[[E]] : i8 to i64
// CHECK:           %[[P:.*]] = math.ipowi %[[WB]], %[[WE]] : i64
// CHECK:           arith.trunci %[[P]] : i64 to i8
func.func @pow(%a: !torch.vtensor<[4],ui8>, %b: !torch.vtensor<[],si64>) -> !torch.vtensor<[4],ui8> {
  %0 = torch.aten.pow.Tensor_Tensor %a, %b : !torch.vtensor<[4],ui8>, !torch.vtensor<[],si64> -> !torch.vtensor<[4],ui8>
  return %0 : !torch.vtensor<[4],ui8>
}
