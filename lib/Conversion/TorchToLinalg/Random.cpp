//===- Random.cpp - aten.uniform, the one random op that lowers -----------===//
//
// Every random op decomposes into aten.uniform (torch-decompose-complex-ops,
// DecomposeRandom.cpp). aten.uniform becomes a linalg.generic whose element
// is a hash of the element's position and a seed, the seed one draw of the
// module's generator (torch_c.get_next_seed; the backend keeps its state).
// A counter-based generator: no element depends on another, so the loops
// stay parallel, and one seed gives one stream whatever the iteration order.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "torch-mlir/Conversion/Utils.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/TorchConversion/IR/TorchConversionOps.h"

#include <cmath>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::conversion;
using namespace mlir::torch::Torch;
using namespace mlir::torch::torch_to_linalg;

namespace {

Value i64Constant(OpBuilder &b, Location loc, uint64_t value) {
  return b.create<arith::ConstantOp>(
      loc, b.getI64IntegerAttr(static_cast<int64_t>(value)));
}

/// SplitMix64's output function of `seed + (index + 1) * golden`: 64 bits
/// that look independent for neighbouring indices and seeds.
Value mix(OpBuilder &b, Location loc, Value seed, Value index) {
  auto xorShift = [&](Value z, uint64_t shift) {
    Value shifted =
        b.create<arith::ShRUIOp>(loc, z, i64Constant(b, loc, shift));
    return b.create<arith::XOrIOp>(loc, z, shifted);
  };
  Value one = i64Constant(b, loc, 1);
  Value counter = b.create<arith::AddIOp>(loc, index, one);
  Value z = b.create<arith::AddIOp>(
      loc, seed,
      b.create<arith::MulIOp>(loc, counter,
                              i64Constant(b, loc, 0x9E3779B97F4A7C15ull)));
  z = b.create<arith::MulIOp>(loc, xorShift(z, 30),
                              i64Constant(b, loc, 0xBF58476D1CE4E5B9ull));
  z = b.create<arith::MulIOp>(loc, xorShift(z, 27),
                              i64Constant(b, loc, 0x94D049BB133111EBull));
  return xorShift(z, 31);
}

/// The significand width of a float type, implicit bit included: a uniform
/// value in [0, 1) is that many random bits scaled, so that it is exact in
/// the type and never rounds up to 1.
unsigned significandBits(Type type) {
  return cast<mlir::FloatType>(type).getFPMantissaWidth();
}

/// uniform(self, from, to, generator=None): a tensor of self's shape and
/// dtype (a float one), each element from + (to - from) * u with u uniform
/// in [0, 1).
class ConvertUniform : public OpConversionPattern<AtenUniformOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenUniformOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<Torch::NoneType>(op.getGenerator().getType()))
      return rewriter.notifyMatchFailure(
          op, "a generator argument (the module owns the only one)");
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    auto self = dyn_cast<RankedTensorType>(adaptor.getSelf().getType());
    if (!resultType || !self ||
        !isa<mlir::FloatType>(resultType.getElementType()))
      return rewriter.notifyMatchFailure(op, "not a ranked float tensor");
    Location loc = op.getLoc();
    Type f64 = rewriter.getF64Type();
    Value from = castScalar(rewriter, loc, adaptor.getFrom(), f64);
    Value to = castScalar(rewriter, loc, adaptor.getTo(), f64);
    Value seed = rewriter.create<TorchConversion::GetNextSeedOp>(
        loc, rewriter.getI64Type());
    SmallVector<OpFoldResult> sizes =
        getSizes(rewriter, loc, adaptor.getSelf());
    int64_t rank = resultType.getRank();
    SmallVector<Value> sizeValues;
    for (OpFoldResult size : sizes)
      sizeValues.push_back(
          getValueOrCreateConstantIndexOp(rewriter, loc, size));
    Type element = resultType.getElementType();
    unsigned bits = significandBits(element);
    Value init = emptyTensor(rewriter, loc, resultType, sizes);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, ValueRange{}, init,
        SmallVector<AffineMap>{rewriter.getMultiDimIdentityMap(rank)},
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange) {
          // The element's row-major position.
          Value position = b.create<arith::ConstantIndexOp>(l, 0);
          for (int64_t d = 0; d < rank; ++d)
            position = b.create<arith::AddIOp>(
                l, b.create<arith::MulIOp>(l, position, sizeValues[d]),
                b.create<linalg::IndexOp>(l, d));
          Value hashed = mix(b, l, seed, indexToI64(b, l, position));
          Value top =
              b.create<arith::ShRUIOp>(l, hashed, i64Constant(b, l, 64 - bits));
          Value unit = b.create<arith::MulFOp>(
              l, b.create<arith::UIToFPOp>(l, f64, top),
              scalarConstant(b, l, f64, std::ldexp(1.0, -int(bits))));
          Value value = b.create<arith::AddFOp>(
              l, from,
              b.create<arith::MulFOp>(l, b.create<arith::SubFOp>(l, to, from),
                                      unit));
          b.create<linalg::YieldOp>(l, castScalar(b, l, value, element));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void mlir::torch::torch_to_linalg::populateRandomPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertUniform>(converter, patterns.getContext());
}
