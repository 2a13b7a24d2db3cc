//===- Utils.cpp - What conversions out of Torch share --------------------===//

#include "torch-mlir/Conversion/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/APFloat.h"

#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::torch;

namespace mlir::torch::conversion {

namespace {

/// What converting to and from a float8 type needs to know of it, read off
/// its APFloat semantics. LLVM has no float8 types (they lower to i8), so
/// those conversions are done on the bits.
struct Float8Format {
  int mantissaBits, exponentMin, exponentMax, bias;
  double largest;              // the largest finite value
  uint32_t nan;                // the bits of its NaN
  std::optional<uint32_t> inf; // of +infinity, if it has one
  bool signedZero;             // whether it has a -0 (FNUZ types do not)
  SmallVector<uint32_t> nans, infinities; // every such bit pattern
};

Float8Format float8Format(FloatType type) {
  const llvm::fltSemantics &sem = type.getFloatSemantics();
  Float8Format f;
  f.mantissaBits = APFloat::semanticsPrecision(sem) - 1;
  f.exponentMin = APFloat::semanticsMinExponent(sem);
  f.exponentMax = APFloat::semanticsMaxExponent(sem);
  f.bias = 1 - f.exponentMin;
  f.largest = APFloat::getLargest(sem).convertToDouble();
  f.nan = APFloat::getQNaN(sem).bitcastToAPInt().getZExtValue();
  APFloat inf = APFloat::getInf(sem);
  if (inf.isInfinity())
    f.inf = inf.bitcastToAPInt().getZExtValue();
  f.signedZero = APFloat::getZero(sem, /*Negative=*/true).isNegative();
  for (uint32_t bits = 0; bits < 256; ++bits) {
    APFloat v(sem, APInt(8, bits));
    if (v.isNaN())
      f.nans.push_back(bits);
    else if (v.isInfinity())
      f.infinities.push_back(bits);
  }
  return f;
}

bool isFloat8(Type type) {
  auto f = dyn_cast<FloatType>(type);
  return f && f.getWidth() == 8;
}

/// A float8 value as f32 (exactly): its fields reassembled as an f32 (a
/// normal number) or scaled (a subnormal one); NaNs and infinities by their
/// patterns.
Value float8ToF32(OpBuilder &b, Location loc, Value value) {
  Float8Format f = float8Format(cast<FloatType>(value.getType()));
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto c = [&](int64_t v) { return scalarConstant(b, loc, i32, v); };
  Value bits = b.create<arith::ExtUIOp>(
      loc, i32, b.create<arith::BitcastOp>(loc, b.getI8Type(), value));
  Value sign = b.create<arith::ShRUIOp>(loc, bits, c(7));
  Value exponent = b.create<arith::AndIOp>(
      loc, b.create<arith::ShRUIOp>(loc, bits, c(f.mantissaBits)),
      c((1 << (7 - f.mantissaBits)) - 1));
  Value mantissa =
      b.create<arith::AndIOp>(loc, bits, c((1 << f.mantissaBits) - 1));
  Value normalBits = b.create<arith::OrIOp>(
      loc,
      b.create<arith::OrIOp>(
          loc, b.create<arith::ShLIOp>(loc, sign, c(31)),
          b.create<arith::ShLIOp>(
              loc, b.create<arith::AddIOp>(loc, exponent, c(127 - f.bias)),
              c(23))),
      b.create<arith::ShLIOp>(loc, mantissa, c(23 - f.mantissaBits)));
  Value normal = b.create<arith::BitcastOp>(loc, f32, normalBits);
  Value subnormal = b.create<arith::MulFOp>(
      loc, b.create<arith::UIToFPOp>(loc, f32, mantissa),
      scalarConstant(b, loc, f32,
                     std::ldexp(1.0, f.exponentMin - f.mantissaBits)));
  Value negative =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, sign, c(0));
  subnormal = b.create<arith::SelectOp>(
      loc, negative, b.create<arith::NegFOp>(loc, subnormal), subnormal);
  Value isSubnormal =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, exponent, c(0));
  Value result = b.create<arith::SelectOp>(loc, isSubnormal, subnormal, normal);
  auto special = [&](ArrayRef<uint32_t> patterns, auto valueOf) {
    for (uint32_t pattern : patterns)
      result = b.create<arith::SelectOp>(
          loc,
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, bits,
                                  c(pattern)),
          scalarConstant(b, loc, f32, valueOf(pattern)), result);
  };
  special(f.nans, [](uint32_t) { return std::nan(""); });
  special(f.infinities, [](uint32_t p) {
    return p & 0x80 ? -std::numeric_limits<double>::infinity()
                    : std::numeric_limits<double>::infinity();
  });
  return result;
}

/// An f32 rounded to the nearest float8 value (ties to even), as ml_dtypes
/// and ONNX's reference do: the magnitude is rounded to a multiple of the
/// float8 spacing at its exponent (adding and taking away 2^23 times the
/// spacing rounds in f32's own round-to-nearest-even), then encoded.
/// Beyond the largest finite value: infinity if the type has one, else NaN.
Value f32ToFloat8(OpBuilder &b, Location loc, Value value, FloatType to) {
  Float8Format f = float8Format(to);
  Type i32 = b.getI32Type(), f32 = b.getF32Type();
  auto c = [&](int64_t v) { return scalarConstant(b, loc, i32, v); };
  Value bits = b.create<arith::BitcastOp>(loc, i32, value);
  Value sign = b.create<arith::ShRUIOp>(loc, bits, c(31));
  Value magnitudeBits = b.create<arith::AndIOp>(loc, bits, c(0x7fffffff));
  Value magnitude = b.create<arith::BitcastOp>(loc, f32, magnitudeBits);
  // The exponent the float8 value has (subnormals: the smallest one).
  Value exponent = b.create<arith::SubIOp>(
      loc, b.create<arith::ShRUIOp>(loc, magnitudeBits, c(23)), c(127));
  exponent = b.create<arith::MaxSIOp>(loc, exponent, c(f.exponentMin));
  exponent = b.create<arith::MinSIOp>(loc, exponent, c(f.exponentMax + 1));
  // 2^(exponent - mantissaBits + 23), built as f32 bits.
  Value shifter = b.create<arith::BitcastOp>(
      loc, f32,
      b.create<arith::ShLIOp>(
          loc,
          b.create<arith::AddIOp>(loc, exponent, c(127 + 23 - f.mantissaBits)),
          c(23)));
  Value rounded = b.create<arith::SubFOp>(
      loc, b.create<arith::AddFOp>(loc, magnitude, shifter), shifter);
  Value roundedBits = b.create<arith::BitcastOp>(loc, i32, rounded);
  Value roundedExponent = b.create<arith::SubIOp>(
      loc, b.create<arith::ShRUIOp>(loc, roundedBits, c(23)), c(127));
  Value normal = b.create<arith::OrIOp>(
      loc,
      b.create<arith::ShLIOp>(
          loc, b.create<arith::AddIOp>(loc, roundedExponent, c(f.bias)),
          c(f.mantissaBits)),
      b.create<arith::AndIOp>(
          loc,
          b.create<arith::ShRUIOp>(loc, roundedBits, c(23 - f.mantissaBits)),
          c((1 << f.mantissaBits) - 1)));
  Value subnormal = b.create<arith::FPToUIOp>(
      loc, i32,
      b.create<arith::MulFOp>(
          loc, rounded,
          scalarConstant(b, loc, f32,
                         std::ldexp(1.0, f.mantissaBits - f.exponentMin))));
  Value isNormal = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge,
                                           roundedExponent, c(f.exponentMin));
  Value encoded = b.create<arith::SelectOp>(loc, isNormal, normal, subnormal);
  Value signBit = b.create<arith::ShLIOp>(loc, sign, c(7));
  Value signedEncoded = b.create<arith::OrIOp>(loc, encoded, signBit);
  if (!f.signedZero) // a zero is +0, whatever its sign
    signedEncoded = b.create<arith::SelectOp>(
        loc,
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, encoded, c(0)),
        encoded, signedEncoded);
  Value overflow =
      b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OGT, rounded,
                              scalarConstant(b, loc, f32, f.largest));
  Value overflowed =
      f.inf ? Value(b.create<arith::OrIOp>(loc, c(*f.inf), signBit)) : c(f.nan);
  Value result =
      b.create<arith::SelectOp>(loc, overflow, overflowed, signedEncoded);
  Value isNan =
      b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::UNO, value, value);
  result = b.create<arith::SelectOp>(loc, isNan, c(f.nan), result);
  return b.create<arith::BitcastOp>(
      loc, to, b.create<arith::TruncIOp>(loc, b.getI8Type(), result));
}

} // namespace

Value castScalar(OpBuilder &b, Location loc, Value value, Type to,
                 bool fromUnsigned, bool toUnsigned) {
  Type from = value.getType();
  if (from == to)
    return value;
  fromUnsigned = fromUnsigned && isa<IntegerType>(from);
  if (isFloat8(from)) {
    value = float8ToF32(b, loc, value);
    return castScalar(b, loc, value, to, false, toUnsigned);
  }
  if (isFloat8(to))
    return f32ToFloat8(b, loc,
                       castScalar(b, loc, value, b.getF32Type(), fromUnsigned),
                       cast<FloatType>(to));
  if (to.isInteger(1)) {
    if (isa<FloatType>(from))
      return b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::UNE, value,
                                     scalarConstant(b, loc, from, 0));
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, value,
                                   scalarConstant(b, loc, from, 0));
  }
  if (auto toFloat = dyn_cast<FloatType>(to)) {
    if (auto fromFloat = dyn_cast<FloatType>(from)) {
      if (fromFloat.getWidth() < toFloat.getWidth())
        return b.create<arith::ExtFOp>(loc, to, value);
      if (fromFloat.getWidth() > toFloat.getWidth()) {
        // f64 to a 16-bit float goes through f32: LLVM would call
        // compiler-rt's __truncdfhf2, which a JIT does not have. (Rounding
        // twice differs from once only for an f64 within 2^-29 of a tie.)
        if (fromFloat.getWidth() == 64 && toFloat.getWidth() == 16)
          value = b.create<arith::TruncFOp>(loc, b.getF32Type(), value);
        return b.create<arith::TruncFOp>(loc, to, value);
      }
      // f16 <-> bf16: through f32.
      Value wide = b.create<arith::ExtFOp>(loc, b.getF32Type(), value);
      return b.create<arith::TruncFOp>(loc, to, wide);
    }
    if (from.isInteger(1) || fromUnsigned)
      return b.create<arith::UIToFPOp>(loc, to, value);
    if (from.isIndex())
      value = indexToI64(b, loc, value);
    return b.create<arith::SIToFPOp>(loc, to, value);
  }
  if (to.isIndex())
    return b.create<arith::IndexCastOp>(loc, to, value);
  auto toInt = cast<IntegerType>(to);
  if (isa<FloatType>(from))
    return toUnsigned ? b.create<arith::FPToUIOp>(loc, to, value).getResult()
                      : b.create<arith::FPToSIOp>(loc, to, value).getResult();
  if (from.isIndex())
    return b.create<arith::IndexCastOp>(loc, to, value);
  auto fromInt = cast<IntegerType>(from);
  if (fromInt.getWidth() > toInt.getWidth())
    return b.create<arith::TruncIOp>(loc, to, value);
  if (fromInt.getWidth() == 1 || fromUnsigned)
    return b.create<arith::ExtUIOp>(loc, to, value);
  return b.create<arith::ExtSIOp>(loc, to, value);
}

bool isUnsignedTensor(Value torchValue) {
  auto type = dyn_cast<Torch::BaseTensorType>(torchValue.getType());
  return type && type.hasDtype() && type.getDtype().isUnsignedInteger();
}

Value scalarConstant(OpBuilder &b, Location loc, Type type, double value) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return b.create<arith::ConstantOp>(loc, b.getFloatAttr(floatType, value));
  if (type.isIndex())
    return b.create<arith::ConstantIndexOp>(loc, static_cast<int64_t>(value));
  return b.create<arith::ConstantOp>(
      loc, b.getIntegerAttr(type, static_cast<int64_t>(value)));
}

SmallVector<OpFoldResult> getSizes(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<OpFoldResult> sizes;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (type.isDynamicDim(i))
      sizes.push_back(b.create<tensor::DimOp>(loc, tensor, i).getResult());
    else
      sizes.push_back(b.getIndexAttr(type.getDimSize(i)));
  }
  return sizes;
}

Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                  ArrayRef<OpFoldResult> sizes) {
  SmallVector<Value> dynamic;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (type.isDynamicDim(i))
      dynamic.push_back(getValueOrCreateConstantIndexOp(b, loc, sizes[i]));
  return b.create<tensor::EmptyOp>(loc, type, dynamic);
}

Value filledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                   ArrayRef<OpFoldResult> sizes, Value fill) {
  Value empty = emptyTensor(b, loc, type, sizes);
  fill = castScalar(b, loc, fill, type.getElementType());
  return b.create<linalg::FillOp>(loc, fill, empty).getResult(0);
}

Value indexToI64(OpBuilder &b, Location loc, Value index) {
  return b.create<arith::IndexCastOp>(loc, b.getI64Type(), index);
}

Value i64ToIndex(OpBuilder &b, Location loc, Value i64) {
  return b.create<arith::IndexCastOp>(loc, b.getIndexType(), i64);
}

Value wrapIndex(OpBuilder &b, Location loc, Value index, Value size) {
  Type i64 = b.getI64Type();
  index = castScalar(b, loc, index, i64);
  Value negative = b.create<arith::CmpIOp>(
      loc, arith::CmpIPredicate::slt, index, scalarConstant(b, loc, i64, 0));
  Value wrapped = b.create<arith::SelectOp>(
      loc, negative,
      b.create<arith::AddIOp>(loc, index, indexToI64(b, loc, size)), index);
  return i64ToIndex(b, loc, wrapped);
}

RankedTensorType convertedTensorType(const TypeConverter *converter,
                                     Value torchValue) {
  return dyn_cast_or_null<RankedTensorType>(
      converter->convertType(torchValue.getType()));
}

ElementsAttr builtinLiteral(Torch::ValueTensorLiteralOp literal,
                            RankedTensorType type) {
  auto value = cast<ElementsAttr>(literal.getValue());
  if (value.getType() == type)
    return value;
  if (auto dense = dyn_cast<DenseElementsAttr>(value))
    return DenseElementsAttr::getFromRawBuffer(type, dense.getRawData());
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value))
    return DenseResourceElementsAttr::get(type, resource.getRawHandle());
  return {};
}

} // namespace mlir::torch::conversion
