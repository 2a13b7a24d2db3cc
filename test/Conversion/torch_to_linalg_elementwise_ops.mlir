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


// -----

// add.Scalar: x + other * alpha, both Python scalars converted to f32 in the
// body.
// CHECK-LABEL: func.func @add_Scalar(
// CHECK:         %[[OTHER:.*]] = torch_c.to_f64 %{{.*}}
// CHECK:         %[[ALPHA:.*]] = torch_c.to_i64 %{{.*}}
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<?x5xf32>) outs(%{{.*}} : tensor<?x5xf32>)
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-DAG:       %[[O:.*]] = arith.truncf %[[OTHER]] : f64 to f32
// CHECK-DAG:       %[[A:.*]] = arith.sitofp %[[ALPHA]] : i64 to f32
// CHECK:           %[[SCALED:.*]] = arith.mulf %[[O]], %[[A]] : f32
// CHECK:           %[[SUM:.*]] = arith.addf %[[X]], %[[SCALED]] : f32
// CHECK:           linalg.yield %[[SUM]]
// CHECK-NOT:     torch.aten.add.Scalar
func.func @add_Scalar(%x: !torch.vtensor<[?,5],f32>) -> !torch.vtensor<[?,5],f32> {
  %float = torch.constant.float 1.500000e+00
  %int2 = torch.constant.int 2
  %0 = torch.aten.add.Scalar %x, %float, %int2 : !torch.vtensor<[?,5],f32>, !torch.float, !torch.int -> !torch.vtensor<[?,5],f32>
  return %0 : !torch.vtensor<[?,5],f32>
}

// -----

// sub.Scalar on integers with alpha 1: x - other, no multiplication.
// CHECK-LABEL: func.func @sub_Scalar(
// CHECK:         %[[OTHER:.*]] = torch_c.to_i64 %{{.*}}
// CHECK:         ^bb0(%[[X:.*]]: i64, %{{.*}}: i64):
// CHECK-NOT:       arith.muli
// CHECK:           %[[D:.*]] = arith.subi %[[X]], %[[OTHER]] : i64
// CHECK:           linalg.yield %[[D]]
func.func @sub_Scalar(%x: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],si64> {
  %int7 = torch.constant.int 7
  %int1 = torch.constant.int 1
  %0 = torch.aten.sub.Scalar %x, %int7, %int1 : !torch.vtensor<[3],si64>, !torch.int, !torch.int -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// -----

// rsub.Scalar(x, 2.0, alpha=3): other - x * alpha.
// CHECK-LABEL: func.func @rsub_Scalar(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-DAG:       %[[OTHER:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK-DAG:       %[[ALPHA:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK:           %[[SCALED:.*]] = arith.mulf %[[X]], %[[ALPHA]] : f32
// CHECK:           %[[D:.*]] = arith.subf %[[OTHER]], %[[SCALED]] : f32
// CHECK:           linalg.yield %[[D]]
func.func @rsub_Scalar(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %float = torch.constant.float 2.000000e+00
  %int3 = torch.constant.int 3
  %0 = torch.aten.rsub.Scalar %x, %float, %int3 : !torch.vtensor<[3],f32>, !torch.float, !torch.int -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// mul.Scalar of an si32 tensor: the int scalar truncated to i32.
// CHECK-LABEL: func.func @mul_Scalar(
// CHECK:         ^bb0(%[[X:.*]]: i32, %{{.*}}: i32):
// CHECK:           %[[S:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK:           %[[P:.*]] = arith.muli %[[X]], %[[S]] : i32
// CHECK:           linalg.yield %[[P]]
func.func @mul_Scalar(%x: !torch.vtensor<[3],si32>) -> !torch.vtensor<[3],si32> {
  %int3 = torch.constant.int 3
  %0 = torch.aten.mul.Scalar %x, %int3 : !torch.vtensor<[3],si32>, !torch.int -> !torch.vtensor<[3],si32>
  return %0 : !torch.vtensor<[3],si32>
}

// -----

// div.Scalar of integers is true division, in the float result type.
// CHECK-LABEL: func.func @div_Scalar(
// CHECK:         ^bb0(%[[X:.*]]: i64, %{{.*}}: f32):
// CHECK-DAG:       %[[FX:.*]] = arith.sitofp %[[X]] : i64 to f32
// CHECK-DAG:       %[[FS:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK:           %[[Q:.*]] = arith.divf %[[FX]], %[[FS]] : f32
// CHECK:           linalg.yield %[[Q]]
func.func @div_Scalar(%x: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],f32> {
  %int2 = torch.constant.int 2
  %0 = torch.aten.div.Scalar %x, %int2 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// div.Scalar_mode "floor" of integers rounds towards -inf (floordivsi, not
// divsi).
// CHECK-LABEL: func.func @div_Scalar_mode(
// CHECK:         %[[S:.*]] = torch_c.to_i64 %{{.*}}
// CHECK:         ^bb0(%[[X:.*]]: i64, %{{.*}}: i64):
// CHECK:           %[[Q:.*]] = arith.floordivsi %[[X]], %[[S]] : i64
// CHECK:           linalg.yield %[[Q]]
func.func @div_Scalar_mode(%x: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],si64> {
  %int-2 = torch.constant.int -2
  %str = torch.constant.str "floor"
  %0 = torch.aten.div.Scalar_mode %x, %int-2, %str : !torch.vtensor<[3],si64>, !torch.int, !torch.str -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// -----

// div.Tensor_mode "trunc": floats divide then truncate; integers divsi.
// CHECK-LABEL: func.func @div_Tensor_mode(
// CHECK:         ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[Q:.*]] = arith.divf %[[X]], %[[Y]] : f32
// CHECK:           %[[T:.*]] = math.trunc %[[Q]] : f32
// CHECK:           linalg.yield %[[T]]
// CHECK:         ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %{{.*}}: i32):
// CHECK:           %[[QI:.*]] = arith.divsi %[[A]], %[[B]] : i32
// CHECK:           linalg.yield %[[QI]]
func.func @div_Tensor_mode(%x: !torch.vtensor<[3],f32>, %y: !torch.vtensor<[3],f32>, %a: !torch.vtensor<[3],si32>, %b: !torch.vtensor<[3],si32>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],si32>) {
  %str = torch.constant.str "trunc"
  %0 = torch.aten.div.Tensor_mode %x, %y, %str : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.str -> !torch.vtensor<[3],f32>
  %1 = torch.aten.div.Tensor_mode %a, %b, %str : !torch.vtensor<[3],si32>, !torch.vtensor<[3],si32>, !torch.str -> !torch.vtensor<[3],si32>
  return %0, %1 : !torch.vtensor<[3],f32>, !torch.vtensor<[3],si32>
}

// -----

// pow.Scalar: the scalar base raised to each element.
// CHECK-LABEL: func.func @pow_Scalar(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[BASE:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK:           %[[P:.*]] = math.powf %[[BASE]], %[[X]] : f32
// CHECK:           linalg.yield %[[P]]
func.func @pow_Scalar(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %float = torch.constant.float 2.000000e+00
  %0 = torch.aten.pow.Scalar %float, %x : !torch.float, !torch.vtensor<[3],f32> -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// pow.Tensor_Scalar: exponent 2 is x * x, another float exponent powf, an
// integer tensor ipowi.
// CHECK-LABEL: func.func @pow_Tensor_Scalar(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:      linalg.yield %[[SQ]]
// CHECK:         ^bb0(%[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[E:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK:           math.powf %[[Y]], %[[E]] : f32
// CHECK:         ^bb0(%[[I:.*]]: i64, %{{.*}}: i64):
// CHECK:           math.ipowi %[[I]], %{{.*}} : i64
func.func @pow_Tensor_Scalar(%x: !torch.vtensor<[3],f32>, %y: !torch.vtensor<[3],si64>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>) {
  %float2 = torch.constant.float 2.000000e+00
  %float = torch.constant.float 5.000000e-01
  %int3 = torch.constant.int 3
  %0 = torch.aten.pow.Tensor_Scalar %x, %float2 : !torch.vtensor<[3],f32>, !torch.float -> !torch.vtensor<[3],f32>
  %1 = torch.aten.pow.Tensor_Scalar %x, %float : !torch.vtensor<[3],f32>, !torch.float -> !torch.vtensor<[3],f32>
  %2 = torch.aten.pow.Tensor_Scalar %y, %int3 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  return %0, %1, %2 : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>
}

// -----

// fmod.Scalar of integers: remsi (the sign of the dividend).
// CHECK-LABEL: func.func @fmod_Scalar(
// CHECK:         %[[S:.*]] = torch_c.to_i64 %{{.*}}
// CHECK:         ^bb0(%[[X:.*]]: i64, %{{.*}}: i64):
// CHECK:           %[[R:.*]] = arith.remsi %[[X]], %[[S]] : i64
// CHECK:           linalg.yield %[[R]]
func.func @fmod_Scalar(%x: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],si64> {
  %int3 = torch.constant.int 3
  %0 = torch.aten.fmod.Scalar %x, %int3 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// -----

// remainder.Scalar of integers takes the divisor's sign: a nonzero remainder
// whose sign differs from the divisor's gets the divisor added.
// CHECK-LABEL: func.func @remainder_Scalar(
// CHECK:         %[[S:.*]] = torch_c.to_i64 %{{.*}}
// CHECK:         ^bb0(%[[X:.*]]: i64, %{{.*}}: i64):
// CHECK:           %[[R:.*]] = arith.remsi %[[X]], %[[S]] : i64
// CHECK:           %[[NZ:.*]] = arith.cmpi ne, %[[R]], %c0_i64 : i64
// CHECK:           %[[RNEG:.*]] = arith.cmpi slt, %[[R]], %c0_i64 : i64
// CHECK:           %[[SNEG:.*]] = arith.cmpi slt, %[[S]], %c0_i64 : i64
// CHECK:           %[[DIFF:.*]] = arith.xori %[[RNEG]], %[[SNEG]] : i1
// CHECK:           %[[FIX:.*]] = arith.andi %[[NZ]], %[[DIFF]] : i1
// CHECK:           %[[ADDED:.*]] = arith.addi %[[R]], %[[S]] : i64
// CHECK:           %[[RES:.*]] = arith.select %[[FIX]], %[[ADDED]], %[[R]] : i64
// CHECK:           linalg.yield %[[RES]]
func.func @remainder_Scalar(%x: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],si64> {
  %int-3 = torch.constant.int -3
  %0 = torch.aten.remainder.Scalar %x, %int-3 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// -----

// Comparisons with a Python scalar, in the promoted type: si32 with an int
// stays i32 (the scalar truncated); si32 with a float compares as f32; f32
// with an int as f32; a bool tensor with an int as i64.
// CHECK-LABEL: func.func @compare_Scalar(
// CHECK:         ^bb0(%[[A:.*]]: i32, %{{.*}}: i1):
// CHECK:           %[[S0:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK:           arith.cmpi eq, %[[A]], %[[S0]] : i32
// CHECK:         ^bb0(%[[B:.*]]: f32, %{{.*}}: i1):
// CHECK:           %[[S1:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK:           arith.cmpf une, %[[B]], %[[S1]] : f32
// CHECK:         ^bb0(%[[C:.*]]: i32, %{{.*}}: i1):
// CHECK:           %[[FC:.*]] = arith.sitofp %[[C]] : i32 to f32
// CHECK:           %[[S2:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK:           arith.cmpf olt, %[[FC]], %[[S2]] : f32
// CHECK:         ^bb0(%[[D:.*]]: i32, %{{.*}}: i1):
// CHECK:           arith.cmpi sle, %[[D]], %{{.*}} : i32
// CHECK:         ^bb0(%[[E:.*]]: i1, %{{.*}}: i1):
// CHECK:           %[[WIDE:.*]] = arith.extui %[[E]] : i1 to i64
// CHECK:           arith.cmpi sge, %[[WIDE]], %{{.*}} : i64
// CHECK-NOT:     torch.aten
func.func @compare_Scalar(%x: !torch.vtensor<[3],si32>, %f: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],i1>) -> (!torch.vtensor<[3],i1>, !torch.vtensor<[3],i1>, !torch.vtensor<[3],i1>, !torch.vtensor<[3],i1>, !torch.vtensor<[3],i1>) {
  %int2 = torch.constant.int 2
  %float = torch.constant.float 2.500000e+00
  %0 = torch.aten.eq.Scalar %x, %int2 : !torch.vtensor<[3],si32>, !torch.int -> !torch.vtensor<[3],i1>
  %1 = torch.aten.ne.Scalar %f, %int2 : !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[3],i1>
  %2 = torch.aten.lt.Scalar %x, %float : !torch.vtensor<[3],si32>, !torch.float -> !torch.vtensor<[3],i1>
  %3 = torch.aten.le.Scalar %x, %int2 : !torch.vtensor<[3],si32>, !torch.int -> !torch.vtensor<[3],i1>
  %4 = torch.aten.ge.Scalar %b, %int2 : !torch.vtensor<[3],i1>, !torch.int -> !torch.vtensor<[3],i1>
  return %0, %1, %2, %3, %4 : !torch.vtensor<[3],i1>, !torch.vtensor<[3],i1>, !torch.vtensor<[3],i1>, !torch.vtensor<[3],i1>, !torch.vtensor<[3],i1>
}

// -----

// Bitwise and/or/xor of integers, with a scalar or a tensor.
// CHECK-LABEL: func.func @bitwise_and_or_xor(
// CHECK:         ^bb0(%[[X0:.*]]: i32, %{{.*}}: i32):
// CHECK:           %[[S:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK:           arith.andi %[[X0]], %[[S]] : i32
// CHECK:         ^bb0(%[[X1:.*]]: i32, %[[Y1:.*]]: i32, %{{.*}}: i32):
// CHECK:           arith.andi %[[X1]], %[[Y1]] : i32
// CHECK:         ^bb0(%[[X2:.*]]: i32, %[[Y2:.*]]: i32, %{{.*}}: i32):
// CHECK:           arith.ori %[[X2]], %[[Y2]] : i32
// CHECK:         ^bb0(%[[X3:.*]]: i32, %[[Y3:.*]]: i32, %{{.*}}: i32):
// CHECK:           arith.xori %[[X3]], %[[Y3]] : i32
// CHECK-NOT:     torch.aten
func.func @bitwise_and_or_xor(%x: !torch.vtensor<[3],si32>, %y: !torch.vtensor<[3],si32>) -> (!torch.vtensor<[3],si32>, !torch.vtensor<[3],si32>, !torch.vtensor<[3],si32>, !torch.vtensor<[3],si32>) {
  %int6 = torch.constant.int 6
  %0 = torch.aten.bitwise_and.Scalar %x, %int6 : !torch.vtensor<[3],si32>, !torch.int -> !torch.vtensor<[3],si32>
  %1 = torch.aten.bitwise_and.Tensor %x, %y : !torch.vtensor<[3],si32>, !torch.vtensor<[3],si32> -> !torch.vtensor<[3],si32>
  %2 = torch.aten.bitwise_or.Tensor %x, %y : !torch.vtensor<[3],si32>, !torch.vtensor<[3],si32> -> !torch.vtensor<[3],si32>
  %3 = torch.aten.bitwise_xor.Tensor %x, %y : !torch.vtensor<[3],si32>, !torch.vtensor<[3],si32> -> !torch.vtensor<[3],si32>
  return %0, %1, %2, %3 : !torch.vtensor<[3],si32>, !torch.vtensor<[3],si32>, !torch.vtensor<[3],si32>, !torch.vtensor<[3],si32>
}

// -----

// Shifts by the width or more (or negative, unsigned-compared) shift every
// bit out: 0 for a left shift; a signed right shift by 31 (the sign's
// copies); an unsigned (ui8) right shift is logical and gives 0.
// CHECK-LABEL: func.func @bitwise_shifts(
// CHECK:         ^bb0(%[[X0:.*]]: i32, %[[N0:.*]]: i32, %{{.*}}: i32):
// CHECK:           %[[IN0:.*]] = arith.cmpi ult, %[[N0]], %c32_i32 : i32
// CHECK:           %[[SH0:.*]] = arith.shli %[[X0]], %[[N0]] : i32
// CHECK:           arith.select %[[IN0]], %[[SH0]], %c0_i32 : i32
// CHECK:         ^bb0(%[[X1:.*]]: i32, %[[N1:.*]]: i32, %{{.*}}: i32):
// CHECK:           %[[IN1:.*]] = arith.cmpi ult, %[[N1]], %c32_i32 : i32
// CHECK:           %[[AMT:.*]] = arith.select %[[IN1]], %[[N1]], %c31_i32 : i32
// CHECK:           arith.shrsi %[[X1]], %[[AMT]] : i32
// CHECK:         ^bb0(%[[X2:.*]]: i8, %[[N2:.*]]: i8, %{{.*}}: i8):
// CHECK:           %[[IN2:.*]] = arith.cmpi ult, %[[N2]], %c8_i8 : i8
// CHECK:           %[[SH2:.*]] = arith.shrui %[[X2]], %[[N2]] : i8
// CHECK:           arith.select %[[IN2]], %[[SH2]], %c0_i8 : i8
func.func @bitwise_shifts(%x: !torch.vtensor<[3],si32>, %y: !torch.vtensor<[3],si32>, %u: !torch.vtensor<[3],ui8>, %v: !torch.vtensor<[3],ui8>) -> (!torch.vtensor<[3],si32>, !torch.vtensor<[3],si32>, !torch.vtensor<[3],ui8>) {
  %0 = torch.aten.bitwise_left_shift.Tensor %x, %y : !torch.vtensor<[3],si32>, !torch.vtensor<[3],si32> -> !torch.vtensor<[3],si32>
  %1 = torch.aten.bitwise_right_shift.Tensor %x, %y : !torch.vtensor<[3],si32>, !torch.vtensor<[3],si32> -> !torch.vtensor<[3],si32>
  %2 = torch.aten.bitwise_right_shift.Tensor %u, %v : !torch.vtensor<[3],ui8>, !torch.vtensor<[3],ui8> -> !torch.vtensor<[3],ui8>
  return %0, %1, %2 : !torch.vtensor<[3],si32>, !torch.vtensor<[3],si32>, !torch.vtensor<[3],ui8>
}

// -----

// clamp: max with the lower bound, then min with the upper (a None bound is
// skipped); clamp.Tensor's bounds broadcast ([1] stretches).
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG:   #[[ZERO:.*]] = affine_map<(d0) -> (0)>
// CHECK-LABEL: func.func @clamp(
// CHECK:         ^bb0(%[[X0:.*]]: f32, %{{.*}}: f32):
// CHECK-DAG:       %[[LO:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK-DAG:       %[[HI:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK:           %[[M:.*]] = arith.maximumf %[[X0]], %[[LO]] : f32
// CHECK:           arith.minimumf %[[M]], %[[HI]] : f32
// CHECK:         ^bb0(%[[X1:.*]]: f32, %{{.*}}: f32):
// CHECK-NOT:       arith.maximumf
// CHECK:           arith.minimumf %[[X1]], %{{.*}} : f32
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ZERO]], #[[ID]]]
// CHECK:         ^bb0(%[[X2:.*]]: f32, %[[L2:.*]]: f32, %[[H2:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[M2:.*]] = arith.maximumf %[[X2]], %[[L2]] : f32
// CHECK:           arith.minimumf %[[M2]], %[[H2]] : f32
func.func @clamp(%x: !torch.vtensor<[3],f32>, %lo: !torch.vtensor<[3],f32>, %hi: !torch.vtensor<[1],f32>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) {
  %none = torch.constant.none
  %float = torch.constant.float -1.000000e+00
  %int2 = torch.constant.int 2
  %0 = torch.aten.clamp %x, %float, %int2 : !torch.vtensor<[3],f32>, !torch.float, !torch.int -> !torch.vtensor<[3],f32>
  %1 = torch.aten.clamp %x, %none, %int2 : !torch.vtensor<[3],f32>, !torch.none, !torch.int -> !torch.vtensor<[3],f32>
  %2 = torch.aten.clamp.Tensor %x, %lo, %hi : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[1],f32> -> !torch.vtensor<[3],f32>
  return %0, %1, %2 : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
}

// -----

// clamp_min is a max, clamp_max a min (signed, for integers), with a scalar
// or a tensor bound.
// CHECK-LABEL: func.func @clamp_min_max(
// CHECK:         %[[B:.*]] = torch_c.to_i64 %{{.*}}
// CHECK:         ^bb0(%[[X0:.*]]: i64, %{{.*}}: i64):
// CHECK:           arith.maxsi %[[X0]], %[[B]] : i64
// CHECK:         ^bb0(%[[X1:.*]]: i64, %{{.*}}: i64):
// CHECK:           arith.minsi %[[X1]], %[[B]] : i64
// CHECK:         ^bb0(%[[X2:.*]]: i64, %[[T2:.*]]: i64, %{{.*}}: i64):
// CHECK:           arith.maxsi %[[X2]], %[[T2]] : i64
// CHECK:         ^bb0(%[[X3:.*]]: i64, %[[T3:.*]]: i64, %{{.*}}: i64):
// CHECK:           arith.minsi %[[X3]], %[[T3]] : i64
// CHECK-NOT:     torch.aten
func.func @clamp_min_max(%x: !torch.vtensor<[3],si64>, %t: !torch.vtensor<[3],si64>) -> (!torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>) {
  %int2 = torch.constant.int 2
  %0 = torch.aten.clamp_min %x, %int2 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  %1 = torch.aten.clamp_max %x, %int2 : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  %2 = torch.aten.clamp_min.Tensor %x, %t : !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64> -> !torch.vtensor<[3],si64>
  %3 = torch.aten.clamp_max.Tensor %x, %t : !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64> -> !torch.vtensor<[3],si64>
  return %0, %1, %2, %3 : !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>
}

// -----

// hardtanh(x, -1, 2): clamped between the two.
// CHECK-LABEL: func.func @hardtanh(
// CHECK:         %[[LO:.*]] = torch_c.to_f64 %{{.*}}
// CHECK:         %[[HI:.*]] = torch_c.to_f64 %{{.*}}
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-DAG:       %[[L:.*]] = arith.truncf %[[LO]] : f64 to f32
// CHECK-DAG:       %[[H:.*]] = arith.truncf %[[HI]] : f64 to f32
// CHECK:           %[[M:.*]] = arith.maximumf %[[X]], %[[L]] : f32
// CHECK:           %[[R:.*]] = arith.minimumf %[[M]], %[[H]] : f32
// CHECK:           linalg.yield %[[R]]
func.func @hardtanh(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %lo = torch.constant.float -1.000000e+00
  %hi = torch.constant.float 2.000000e+00
  %0 = torch.aten.hardtanh %x, %lo, %hi : !torch.vtensor<[3],f32>, !torch.float, !torch.float -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// leaky_relu: x where x > 0, else x * negative_slope.
// CHECK-LABEL: func.func @leaky_relu(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[POS:.*]] = arith.cmpf ogt, %[[X]], %cst : f32
// CHECK:           %[[SLOPE:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK:           %[[NEG:.*]] = arith.mulf %[[X]], %[[SLOPE]] : f32
// CHECK:           %[[R:.*]] = arith.select %[[POS]], %[[X]], %[[NEG]] : f32
// CHECK:           linalg.yield %[[R]]
func.func @leaky_relu(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %slope = torch.constant.float 1.000000e-01
  %0 = torch.aten.leaky_relu %x, %slope : !torch.vtensor<[3],f32>, !torch.float -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// elu(x, alpha=1.5, scale=2, input_scale=0.1):
// scale * (x > 0 ? x : alpha * expm1(x * input_scale)).
// CHECK-LABEL: func.func @elu(
// CHECK-DAG:     %[[INSCALE:.*]] = torch_c.to_f64 %float1.000000e-01
// CHECK-DAG:     %[[SCALE:.*]] = torch_c.to_f64 %float2.000000e00
// CHECK-DAG:     %[[ALPHA:.*]] = torch_c.to_f64 %float1.500000e00
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[IS:.*]] = arith.truncf %[[INSCALE]] : f64 to f32
// CHECK:           %[[XS:.*]] = arith.mulf %[[X]], %[[IS]] : f32
// CHECK:           %[[EM1:.*]] = math.expm1 %[[XS]] : f32
// CHECK:           %[[S:.*]] = arith.truncf %[[SCALE]] : f64 to f32
// CHECK:           %[[POS:.*]] = arith.cmpf ogt, %[[X]], %cst : f32
// CHECK:           %[[A:.*]] = arith.truncf %[[ALPHA]] : f64 to f32
// CHECK:           %[[NEG:.*]] = arith.mulf %[[A]], %[[EM1]] : f32
// CHECK:           %[[SEL:.*]] = arith.select %[[POS]], %[[X]], %[[NEG]] : f32
// CHECK:           %[[R:.*]] = arith.mulf %[[S]], %[[SEL]] : f32
// CHECK:           linalg.yield %[[R]]
func.func @elu(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %alpha = torch.constant.float 1.500000e+00
  %scale = torch.constant.float 2.000000e+00
  %input_scale = torch.constant.float 1.000000e-01
  %0 = torch.aten.elu %x, %alpha, %scale, %input_scale : !torch.vtensor<[3],f32>, !torch.float, !torch.float, !torch.float -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// softplus(x, beta=2, threshold=20): x where x * beta > threshold, else
// log1p(exp(x * beta)) / beta.
// CHECK-LABEL: func.func @softplus(
// CHECK:         ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[BETA:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK:           %[[XB:.*]] = arith.mulf %[[X]], %[[BETA]] : f32
// CHECK:           %[[E:.*]] = math.exp %[[XB]] : f32
// CHECK:           %[[L:.*]] = math.log1p %[[E]] : f32
// CHECK:           %[[SOFT:.*]] = arith.divf %[[L]], %[[BETA]] : f32
// CHECK:           %[[T:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK:           %[[OVER:.*]] = arith.cmpf ogt, %[[XB]], %[[T]] : f32
// CHECK:           %[[R:.*]] = arith.select %[[OVER]], %[[X]], %[[SOFT]] : f32
// CHECK:           linalg.yield %[[R]]
func.func @softplus(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %beta = torch.constant.float 2.000000e+00
  %threshold = torch.constant.float 2.000000e+01
  %0 = torch.aten.softplus %x, %beta, %threshold : !torch.vtensor<[3],f32>, !torch.float, !torch.float -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// where with scalar branches: the condition selects between the scalars
// (both converted to the f32 result), or between a scalar and the
// broadcast tensor ([3] read along the last dim).
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @where_scalars(
// CHECK:         %[[F:.*]] = torch_c.to_f64 %{{.*}}
// CHECK:         %[[I:.*]] = torch_c.to_i64 %{{.*}}
// CHECK:         ^bb0(%[[C0:.*]]: i1, %{{.*}}: f32):
// CHECK-DAG:       %[[F0:.*]] = arith.truncf %[[F]] : f64 to f32
// CHECK-DAG:       %[[I0:.*]] = arith.sitofp %[[I]] : i64 to f32
// CHECK:           arith.select %[[C0]], %[[F0]], %[[I0]] : f32
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]]
// CHECK:         ^bb0(%[[C1:.*]]: i1, %[[X1:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[F1:.*]] = arith.truncf %[[F]] : f64 to f32
// CHECK:           arith.select %[[C1]], %[[F1]], %[[X1]] : f32
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]]
// CHECK:         ^bb0(%[[C2:.*]]: i1, %[[X2:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[I2:.*]] = arith.sitofp %[[I]] : i64 to f32
// CHECK:           arith.select %[[C2]], %[[X2]], %[[I2]] : f32
// CHECK-NOT:     torch.aten
func.func @where_scalars(%c: !torch.vtensor<[2,3],i1>, %x: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) {
  %f = torch.constant.float 5.000000e-01
  %i = torch.constant.int 4
  %0 = torch.aten.where.Scalar %c, %f, %i : !torch.vtensor<[2,3],i1>, !torch.float, !torch.int -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.where.ScalarSelf %c, %f, %x : !torch.vtensor<[2,3],i1>, !torch.float, !torch.vtensor<[3],f32> -> !torch.vtensor<[2,3],f32>
  %2 = torch.aten.where.ScalarOther %c, %x, %i : !torch.vtensor<[2,3],i1>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0, %1, %2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
}

// -----

// masked_fill: the value where the (broadcast) mask is set, else self; the
// .Tensor form reads a 0-d value tensor.
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG:   #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @masked_fill(
// CHECK:         %[[V:.*]] = torch_c.to_i64 %{{.*}}
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]]
// CHECK:         ^bb0(%[[X0:.*]]: i64, %[[M0:.*]]: i1, %{{.*}}: i64):
// CHECK:           arith.select %[[M0]], %[[V]], %[[X0]] : i64
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[SCALAR]], #[[ID]]]
// CHECK:         ^bb0(%[[X1:.*]]: i64, %[[M1:.*]]: i1, %[[V1:.*]]: i64, %{{.*}}: i64):
// CHECK:           arith.select %[[M1]], %[[V1]], %[[X1]] : i64
// CHECK-NOT:     torch.aten
func.func @masked_fill(%x: !torch.vtensor<[2,3],si64>, %m: !torch.vtensor<[3],i1>, %v: !torch.vtensor<[],si64>) -> (!torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],si64>) {
  %i = torch.constant.int -7
  %0 = torch.aten.masked_fill.Scalar %x, %m, %i : !torch.vtensor<[2,3],si64>, !torch.vtensor<[3],i1>, !torch.int -> !torch.vtensor<[2,3],si64>
  %1 = torch.aten.masked_fill.Tensor %x, %m, %v : !torch.vtensor<[2,3],si64>, !torch.vtensor<[3],i1>, !torch.vtensor<[],si64> -> !torch.vtensor<[2,3],si64>
  return %0, %1 : !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],si64>
}

// -----

// fill.Scalar / fill.Tensor / copy: every element is the value (cast to the
// result dtype), over self's dynamic shape; copy broadcasts src.
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG:   #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @fill_and_copy(
// CHECK:         %[[V:.*]] = torch_c.to_i64 %{{.*}}
// CHECK:         %[[N:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x3xf32>
// CHECK:         tensor.empty(%[[N]]) : tensor<?x3xf32>
// CHECK:         ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// CHECK:           %[[F:.*]] = arith.sitofp %[[V]] : i64 to f32
// CHECK:           linalg.yield %[[F]] : f32
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[SCALAR]], #[[ID]]]
// CHECK:         ^bb0(%{{.*}}: f32, %[[T:.*]]: f64, %{{.*}}: f32):
// CHECK:           %[[TF:.*]] = arith.truncf %[[T]] : f64 to f32
// CHECK:           linalg.yield %[[TF]] : f32
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ID]]]
// CHECK:         ^bb0(%{{.*}}: f32, %[[S:.*]]: i32, %{{.*}}: f32):
// CHECK:           %[[SF:.*]] = arith.sitofp %[[S]] : i32 to f32
// CHECK:           linalg.yield %[[SF]] : f32
// CHECK-NOT:     torch.aten
func.func @fill_and_copy(%x: !torch.vtensor<[?,3],f32>, %v: !torch.vtensor<[],f64>, %s: !torch.vtensor<[3],si32>) -> (!torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>) {
  %i = torch.constant.int 3
  %false = torch.constant.bool false
  %0 = torch.aten.fill.Scalar %x, %i : !torch.vtensor<[?,3],f32>, !torch.int -> !torch.vtensor<[?,3],f32>
  %1 = torch.aten.fill.Tensor %x, %v : !torch.vtensor<[?,3],f32>, !torch.vtensor<[],f64> -> !torch.vtensor<[?,3],f32>
  %2 = torch.aten.copy %x, %s, %false : !torch.vtensor<[?,3],f32>, !torch.vtensor<[3],si32>, !torch.bool -> !torch.vtensor<[?,3],f32>
  return %0, %1, %2 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>
}
