// convert-torch-to-linalg, the elementwise ops of one math or arith op (or a
// short formula) each: one linalg.generic, its body what the op computes.
// RUN: torch-mlir-opt %s -convert-torch-to-linalg -canonicalize -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @acos(
// CHECK:         linalg.generic
// CHECK:           math.acos
// CHECK:           linalg.yield
func.func @acos(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.acos %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @acosh(
// CHECK:         linalg.generic
// CHECK:           math.acosh
// CHECK:           linalg.yield
func.func @acosh(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.acosh %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @asin(
// CHECK:         linalg.generic
// CHECK:           math.asin
// CHECK:           linalg.yield
func.func @asin(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.asin %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @asinh(
// CHECK:         linalg.generic
// CHECK:           math.asinh
// CHECK:           linalg.yield
func.func @asinh(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.asinh %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @atan(
// CHECK:         linalg.generic
// CHECK:           math.atan
// CHECK:           linalg.yield
func.func @atan(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.atan %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @atanh(
// CHECK:         linalg.generic
// CHECK:           math.atanh
// CHECK:           linalg.yield
func.func @atanh(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.atanh %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @ceil(
// CHECK:         linalg.generic
// CHECK:           math.ceil
// CHECK:           linalg.yield
func.func @ceil(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.ceil %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @cos(
// CHECK:         linalg.generic
// CHECK:           math.cos
// CHECK:           linalg.yield
func.func @cos(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.cos %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @cosh(
// CHECK:         linalg.generic
// CHECK:           math.cosh
// CHECK:           linalg.yield
func.func @cosh(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.cosh %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @erf(
// CHECK:         linalg.generic
// CHECK:           math.erf
// CHECK:           linalg.yield
func.func @erf(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.erf %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @exp2(
// CHECK:         linalg.generic
// CHECK:           math.exp2
// CHECK:           linalg.yield
func.func @exp2(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.exp2 %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @expm1(
// CHECK:         linalg.generic
// CHECK:           math.expm1
// CHECK:           linalg.yield
func.func @expm1(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.expm1 %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @floor(
// CHECK:         linalg.generic
// CHECK:           math.floor
// CHECK:           linalg.yield
func.func @floor(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.floor %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @log(
// CHECK:         linalg.generic
// CHECK:           math.log
// CHECK:           linalg.yield
func.func @log(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.log %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @log10(
// CHECK:         linalg.generic
// CHECK:           math.log10
// CHECK:           linalg.yield
func.func @log10(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.log10 %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @log1p(
// CHECK:         linalg.generic
// CHECK:           math.log1p
// CHECK:           linalg.yield
func.func @log1p(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.log1p %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @log2(
// CHECK:         linalg.generic
// CHECK:           math.log2
// CHECK:           linalg.yield
func.func @log2(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.log2 %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @neg(
// CHECK:         linalg.generic
// CHECK:           arith.negf
// CHECK:           linalg.yield
func.func @neg(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.neg %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @reciprocal(
// CHECK:         linalg.generic
// CHECK:           arith.divf
// CHECK:           linalg.yield
func.func @reciprocal(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.reciprocal %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @round(
// CHECK:         linalg.generic
// CHECK:           math.roundeven
// CHECK:           linalg.yield
func.func @round(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.round %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @rsqrt(
// CHECK:         linalg.generic
// CHECK:           math.rsqrt
// CHECK:           linalg.yield
func.func @rsqrt(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.rsqrt %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @sigmoid(
// CHECK:         linalg.generic
// CHECK:           arith.negf
// CHECK:           math.exp
// CHECK:           arith.addf
// CHECK:           arith.divf
// CHECK:           linalg.yield
func.func @sigmoid(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.sigmoid %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @sign(
// CHECK:         linalg.generic
// CHECK:           arith.cmpf olt
// CHECK:           arith.cmpf ogt
// CHECK:           arith.select
// CHECK:           arith.select
// CHECK:           linalg.yield
func.func @sign(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.sign %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @silu(
// CHECK:         linalg.generic
// CHECK:           arith.negf
// CHECK:           math.exp
// CHECK:           arith.addf
// CHECK:           arith.divf
// CHECK:           arith.mulf
// CHECK:           linalg.yield
func.func @silu(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.silu %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @sin(
// CHECK:         linalg.generic
// CHECK:           math.sin
// CHECK:           linalg.yield
func.func @sin(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.sin %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @sinh(
// CHECK:         linalg.generic
// CHECK:           math.sinh
// CHECK:           linalg.yield
func.func @sinh(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.sinh %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @sqrt(
// CHECK:         linalg.generic
// CHECK:           math.sqrt
// CHECK:           linalg.yield
func.func @sqrt(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.sqrt %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @tan(
// CHECK:         linalg.generic
// CHECK:           math.tan
// CHECK:           linalg.yield
func.func @tan(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.tan %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @tanh(
// CHECK:         linalg.generic
// CHECK:           math.tanh
// CHECK:           linalg.yield
func.func @tanh(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.tanh %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @trunc(
// CHECK:         linalg.generic
// CHECK:           math.trunc
// CHECK:           linalg.yield
func.func @trunc(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.trunc %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @logical_not(
// CHECK:         linalg.generic
// CHECK:           arith.xori
// CHECK:           linalg.yield
func.func @logical_not(%x: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.logical_not %x : !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @bitwise_not(
// CHECK:         linalg.generic
// CHECK:           arith.xori
// CHECK:           linalg.yield
func.func @bitwise_not(%x: !torch.vtensor<[4],i1>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.bitwise_not %x : !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @isnan(
// CHECK:         linalg.generic
// CHECK:           arith.cmpf uno
// CHECK:           linalg.yield
func.func @isnan(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.isnan %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @sub_Tensor(
// CHECK:         linalg.generic
// CHECK:           arith.subf
// CHECK:           linalg.yield
func.func @sub_Tensor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %one = torch.constant.int 1
  %0 = torch.aten.sub.Tensor %x, %y, %one : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @atan2(
// CHECK:         linalg.generic
// CHECK:           math.atan2
// CHECK:           linalg.yield
func.func @atan2(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.atan2 %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @maximum(
// CHECK:         linalg.generic
// CHECK:           arith.maximumf
// CHECK:           linalg.yield
func.func @maximum(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.maximum %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @minimum(
// CHECK:         linalg.generic
// CHECK:           arith.minimumf
// CHECK:           linalg.yield
func.func @minimum(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.minimum %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @pow_Tensor_Tensor(
// CHECK:         linalg.generic
// CHECK:           math.powf
// CHECK:           linalg.yield
func.func @pow_Tensor_Tensor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.pow.Tensor_Tensor %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @eq_Tensor(
// CHECK:         linalg.generic
// CHECK:           arith.cmpf oeq
// CHECK:           linalg.yield
func.func @eq_Tensor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.eq.Tensor %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @ge_Tensor(
// CHECK:         linalg.generic
// CHECK:           arith.cmpf oge
// CHECK:           linalg.yield
func.func @ge_Tensor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.ge.Tensor %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @gt_Tensor(
// CHECK:         linalg.generic
// CHECK:           arith.cmpf ogt
// CHECK:           linalg.yield
func.func @gt_Tensor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.gt.Tensor %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @le_Tensor(
// CHECK:         linalg.generic
// CHECK:           arith.cmpf ole
// CHECK:           linalg.yield
func.func @le_Tensor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.le.Tensor %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @lt_Tensor(
// CHECK:         linalg.generic
// CHECK:           arith.cmpf olt
// CHECK:           linalg.yield
func.func @lt_Tensor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.lt.Tensor %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @ne_Tensor(
// CHECK:         linalg.generic
// CHECK:           arith.cmpf une
// CHECK:           linalg.yield
func.func @ne_Tensor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.ne.Tensor %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @fmod_Tensor(
// CHECK:         linalg.generic
// CHECK:           arith.remf
// CHECK:           linalg.yield
func.func @fmod_Tensor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.fmod.Tensor %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @remainder_Tensor(
// CHECK:         linalg.generic
// CHECK:           arith.remf
// CHECK:           arith.cmpf une
// CHECK:           arith.cmpf olt
// CHECK:           arith.cmpf olt
// CHECK:           arith.xori
// CHECK:           arith.andi
// CHECK:           arith.addf
// CHECK:           arith.select
// CHECK:           linalg.yield
func.func @remainder_Tensor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.aten.remainder.Tensor %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// CHECK-LABEL: func.func @logical_and(
// CHECK:         linalg.generic
// CHECK:           arith.cmpf une
// CHECK:           arith.cmpf une
// CHECK:           arith.andi
// CHECK:           linalg.yield
func.func @logical_and(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.logical_and %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @logical_or(
// CHECK:         linalg.generic
// CHECK:           arith.cmpf une
// CHECK:           arith.cmpf une
// CHECK:           arith.ori
// CHECK:           linalg.yield
func.func @logical_or(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.logical_or %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

// -----

// CHECK-LABEL: func.func @logical_xor(
// CHECK:         linalg.generic
// CHECK:           arith.cmpf une
// CHECK:           arith.cmpf une
// CHECK:           arith.xori
// CHECK:           linalg.yield
func.func @logical_xor(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],i1> {
  %0 = torch.aten.logical_xor %x, %y : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],i1>
  return %0 : !torch.vtensor<[4],i1>
}

