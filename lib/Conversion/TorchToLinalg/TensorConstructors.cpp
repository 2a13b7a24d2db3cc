//===- TensorConstructors.cpp - full, zeros, ones, empty, arange ----------===//
//
// New tensors: a linalg.fill of tensor.empty (empty tensors are zero-filled,
// so that nothing reads uninitialized memory), and arange as a linalg.generic
// on the index.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "torch-mlir/Conversion/Utils.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::conversion;
using namespace mlir::torch::Torch;
using namespace mlir::torch::torch_to_linalg;

namespace {

/// The sizes of a new tensor: static ones from its type, dynamic ones from
/// the size list (`sizeList`) or, for *_like ops, from `like`.
std::optional<SmallVector<OpFoldResult>>
newTensorSizes(OpBuilder &b, Location loc, const TypeConverter *converter,
               RankedTensorType type, Value sizeList, Value like) {
  if (like)
    return getSizes(b, loc, like);
  SmallVector<OpFoldResult> sizes;
  std::optional<SmallVector<Value>> elements;
  if (!type.hasStaticShape()) {
    elements = listElements(sizeList);
    if (!elements || static_cast<int64_t>(elements->size()) != type.getRank())
      return std::nullopt;
  }
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (!type.isDynamicDim(i)) {
      sizes.push_back(b.getIndexAttr(type.getDimSize(i)));
      continue;
    }
    Value size = converter->materializeTargetConversion(b, loc, b.getI64Type(),
                                                        (*elements)[i]);
    if (!size)
      return std::nullopt;
    sizes.push_back(i64ToIndex(b, loc, size));
  }
  return sizes;
}

/// Ops making a tensor filled with one value. `Fill` is the operand index of
/// the fill value, or -1 for zero / -2 for one; `Sizes` the index of the size
/// list, `Like` the index of the tensor whose shape is copied (-1: none).
template <typename OpTy, int Fill, int Sizes, int Like>
class ConvertFilled : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result is not ranked");
    Location loc = op.getLoc();
    ValueRange operands = adaptor.getOperands();
    Value like = Like >= 0 ? operands[Like] : Value();
    if (like && !isa<RankedTensorType>(like.getType()))
      return rewriter.notifyMatchFailure(op, "not a ranked tensor");
    std::optional<SmallVector<OpFoldResult>> sizes =
        newTensorSizes(rewriter, loc, this->getTypeConverter(), resultType,
                       Sizes >= 0 ? op->getOperand(Sizes) : Value(), like);
    if (!sizes)
      return rewriter.notifyMatchFailure(op, "sizes are not a list of ints");
    Type element = resultType.getElementType();
    Value fill;
    if constexpr (Fill >= 0) {
      fill = operands[Fill];
      if (!fill.getType().isIntOrFloat())
        return rewriter.notifyMatchFailure(op, "fill value is not a scalar");
    } else {
      fill = scalarConstant(rewriter, loc, element, Fill == -2 ? 1 : 0);
    }
    rewriter.replaceOp(op,
                       filledTensor(rewriter, loc, resultType, *sizes, fill));
    return success();
  }
};

/// arange(end), arange.start(start, end), arange.start_step(start, end,
/// step): element i is start + i * step, computed in the result's dtype
/// (f64 first for float results).
template <typename OpTy>
class ConvertArange : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    if (!resultType || resultType.getRank() != 1)
      return rewriter.notifyMatchFailure(op, "result is not 1-D");
    Location loc = op.getLoc();
    ValueRange operands = adaptor.getOperands();
    Type f64 = rewriter.getF64Type();
    Value start = scalarConstant(rewriter, loc, f64, 0);
    Value end, step = scalarConstant(rewriter, loc, f64, 1);
    if constexpr (std::is_same_v<OpTy, AtenArangeOp>) {
      end = operands[0];
    } else {
      start = operands[0];
      end = operands[1];
      if constexpr (std::is_same_v<OpTy, AtenArangeStartStepOp>)
        step = operands[2];
    }
    for (Value v : {start, end, step})
      if (!v.getType().isIntOrFloat())
        return rewriter.notifyMatchFailure(op, "bounds are not scalars");
    start = castScalar(rewriter, loc, start, f64);
    end = castScalar(rewriter, loc, end, f64);
    step = castScalar(rewriter, loc, step, f64);
    SmallVector<OpFoldResult> sizes;
    if (resultType.isDynamicDim(0)) {
      // max(ceil((end - start) / step), 0)
      Value length = rewriter.create<math::CeilOp>(
          loc, rewriter.create<arith::DivFOp>(
                   loc, rewriter.create<arith::SubFOp>(loc, end, start), step));
      length = rewriter.create<arith::MaximumFOp>(
          loc, length, scalarConstant(rewriter, loc, f64, 0));
      sizes.push_back(i64ToIndex(rewriter, loc,
                                 rewriter.create<arith::FPToSIOp>(
                                     loc, rewriter.getI64Type(), length)));
    } else {
      sizes.push_back(rewriter.getIndexAttr(resultType.getDimSize(0)));
    }
    Value init = emptyTensor(rewriter, loc, resultType, sizes);
    Type element = resultType.getElementType();
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, ValueRange{}, init,
        SmallVector<AffineMap>{rewriter.getMultiDimIdentityMap(1)},
        SmallVector<utils::IteratorType>{utils::IteratorType::parallel},
        [&](OpBuilder &b, Location l, ValueRange) {
          Value i = castScalar(b, l, b.create<linalg::IndexOp>(l, 0), f64);
          Value value = b.create<arith::AddFOp>(
              l, start, b.create<arith::MulFOp>(l, i, step));
          b.create<linalg::YieldOp>(l, castScalar(b, l, value, element));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void mlir::torch::torch_to_linalg::populateTensorConstructorPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      // full(size, fill_value, ...); zeros/ones/empty(size, ...)
      ConvertFilled<AtenFullOp, 1, 0, -1>,
      ConvertFilled<AtenZerosOp, -1, 0, -1>,
      ConvertFilled<AtenOnesOp, -2, 0, -1>,
      ConvertFilled<AtenEmptyMemoryFormatOp, -1, 0, -1>,
      // empty_permuted(size, physical_layout, ...): the layout only orders
      // strides, which value tensors do not have.
      ConvertFilled<AtenEmptyPermutedOp, -1, 0, -1>,
      // full_like(self, fill_value, ...); zeros_like/ones_like/empty_like(self)
      ConvertFilled<AtenFullLikeOp, 1, -1, 0>,
      ConvertFilled<AtenZerosLikeOp, -1, -1, 0>,
      ConvertFilled<AtenOnesLikeOp, -2, -1, 0>,
      ConvertFilled<AtenEmptyLikeOp, -1, -1, 0>,
      // new_full(self, size, fill_value); new_zeros/new_ones/new_empty(self,
      // size)
      ConvertFilled<AtenNewFullOp, 2, 1, -1>,
      ConvertFilled<AtenNewZerosOp, -1, 1, -1>,
      ConvertFilled<AtenNewOnesOp, -2, 1, -1>,
      ConvertFilled<AtenNewEmptyOp, -1, 1, -1>, ConvertArange<AtenArangeOp>,
      ConvertArange<AtenArangeStartOp>, ConvertArange<AtenArangeStartStepOp>>(
      converter, context);
}
