//===- Utils.cpp - What conversions out of Torch share --------------------===//

#include "torch-mlir/Conversion/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch;

namespace mlir::torch::conversion {

std::optional<int64_t> getConstantInt(Value value) {
  IntegerAttr attr;
  if (value && matchPattern(value, m_Constant(&attr)))
    return attr.getValue().getSExtValue();
  return std::nullopt;
}

std::optional<double> getConstantFloat(Value value) {
  FloatAttr attr;
  if (value && matchPattern(value, m_Constant(&attr)))
    return attr.getValueAsDouble();
  if (std::optional<int64_t> i = getConstantInt(value))
    return static_cast<double>(*i);
  return std::nullopt;
}

std::optional<bool> getConstantBool(Value value) {
  BoolAttr attr;
  if (value && matchPattern(value, m_Constant(&attr)))
    return attr.getValue();
  return std::nullopt;
}

std::optional<StringRef> getConstantString(Value value) {
  if (auto op = value.getDefiningOp<Torch::ConstantStrOp>())
    return op.getValue();
  return std::nullopt;
}

bool isNone(Value value) {
  return value && (isa<Torch::NoneType>(value.getType()) ||
                   value.getDefiningOp<Torch::ConstantNoneOp>());
}

std::optional<SmallVector<Value>> getListElements(Value list) {
  auto construct = list.getDefiningOp<Torch::PrimListConstructOp>();
  if (!construct)
    return std::nullopt;
  return SmallVector<Value>(construct.getElements());
}

std::optional<SmallVector<int64_t>> getConstantIntList(Value list) {
  std::optional<SmallVector<Value>> elements = getListElements(list);
  if (!elements)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (Value element : *elements) {
    std::optional<int64_t> value = getConstantInt(element);
    if (!value)
      return std::nullopt;
    values.push_back(*value);
  }
  return values;
}

std::optional<int64_t> normalizeDim(int64_t dim, int64_t rank) {
  if (dim < 0)
    dim += rank;
  if (dim < 0 || dim >= std::max<int64_t>(rank, 1))
    return std::nullopt;
  return dim;
}

std::optional<int64_t> getConstantDim(Value dim, int64_t rank) {
  std::optional<int64_t> value = getConstantInt(dim);
  return value ? normalizeDim(*value, rank) : std::nullopt;
}

Value castScalar(OpBuilder &b, Location loc, Value value, Type to) {
  Type from = value.getType();
  if (from == to)
    return value;
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
    if (from.isInteger(1))
      return b.create<arith::UIToFPOp>(loc, to, value);
    if (from.isIndex())
      value = indexToI64(b, loc, value);
    return b.create<arith::SIToFPOp>(loc, to, value);
  }
  if (to.isIndex())
    return b.create<arith::IndexCastOp>(loc, to, value);
  auto toInt = cast<IntegerType>(to);
  if (isa<FloatType>(from))
    return b.create<arith::FPToSIOp>(loc, to, value);
  if (from.isIndex())
    return b.create<arith::IndexCastOp>(loc, to, value);
  auto fromInt = cast<IntegerType>(from);
  if (fromInt.getWidth() > toInt.getWidth())
    return b.create<arith::TruncIOp>(loc, to, value);
  if (fromInt.getWidth() == 1)
    return b.create<arith::ExtUIOp>(loc, to, value);
  return b.create<arith::ExtSIOp>(loc, to, value);
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

} // namespace mlir::torch::conversion
