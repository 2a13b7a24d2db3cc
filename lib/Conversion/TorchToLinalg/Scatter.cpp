//===- Scatter.cpp - Writes through index tensors -------------------------===//
//
// scatter, scatter_add, scatter_reduce and index_put write elements at
// positions read from index tensors, so several writes may land on one
// element and their order matters. They lower to loops: scf.for over every
// element of the index (or broadcast index) shape, threading the result
// through tensor.extract / tensor.insert. One-shot bufferization turns that
// into in-place stores into one copy of `self`. Writes happen in index order,
// so accumulating forms sum duplicates like PyTorch does.
//
// A boolean mask index (`x[mask] = v` with one value) is a select instead.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "torch-mlir/Conversion/Utils.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::conversion;
using namespace mlir::torch::Torch;
using namespace mlir::torch::torch_to_linalg;

SmallVector<Value> mlir::torch::torch_to_linalg::forEachIndex(
    OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
    ValueRange carried,
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange,
                                    ValueRange)>
        body) {
  SmallVector<Value> lower, upper, steps;
  Value zero = b.create<arith::ConstantIndexOp>(loc, 0);
  Value one = b.create<arith::ConstantIndexOp>(loc, 1);
  for (OpFoldResult size : sizes) {
    lower.push_back(zero);
    upper.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
    steps.push_back(one);
  }
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lower, upper, steps, carried,
      [&](OpBuilder &nested, Location l, ValueRange ivs, ValueRange args) {
        return scf::ValueVector(body(nested, l, ivs, args));
      });
  return SmallVector<Value>(nest.results);
}

namespace {

/// How a write combines with the element already there: it replaces it, or
/// a reduction step takes it in.
using Combine = std::optional<ReductionKind>;
constexpr Combine Replace = std::nullopt;

std::optional<ReductionKind> parseReduce(StringRef reduce) {
  return llvm::StringSwitch<std::optional<ReductionKind>>(reduce)
      .Case("sum", ReductionKind::Sum)
      .Case("prod", ReductionKind::Prod)
      .Case("amax", ReductionKind::Max)
      .Case("amin", ReductionKind::Min)
      .Case("mean", ReductionKind::Mean)
      .Default(std::nullopt);
}

Value combine(OpBuilder &b, Location loc, Combine how, Value old, Value value,
              bool isUnsigned = false) {
  return how ? reductionStep(b, loc, *how, value, old, isUnsigned) : value;
}

/// `at` with its `dim` entry replaced by `index` (an integer element).
SmallVector<Value> replaced(OpBuilder &b, Location loc, ValueRange at,
                            int64_t dim, Value index) {
  SmallVector<Value> result(at);
  result[dim] = i64ToIndex(b, loc, castScalar(b, loc, index, b.getI64Type()));
  return result;
}

/// scatter.src/.value, scatter_add, scatter_reduce.two:
/// result[p with dim := index[p]] (op)= src[p] for every p of index's shape.
template <typename OpTy>
class ConvertScatter : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    Value self = adaptor.getSelf(), index = adaptor.getIndex();
    auto indexType = dyn_cast<RankedTensorType>(index.getType());
    if (!resultType || !isa<RankedTensorType>(self.getType()) || !indexType ||
        indexType.getRank() != resultType.getRank())
      return rewriter.notifyMatchFailure(op, "not ranked tensors of one rank");
    std::optional<int64_t> dim = constantDim(op.getDim(), resultType.getRank());
    if (!dim)
      return rewriter.notifyMatchFailure(op,
                                         "non-constant dim, or out of range");
    Combine how = Replace;
    bool includeSelf = true;
    Value src, value;
    if constexpr (std::is_same_v<OpTy, AtenScatterValueOp>) {
      value = adaptor.getValue();
      if (!value.getType().isIntOrFloat())
        return rewriter.notifyMatchFailure(op, "value is not a scalar");
    } else {
      src = adaptor.getSrc();
      if (!isa<RankedTensorType>(src.getType()))
        return rewriter.notifyMatchFailure(op, "src is not a ranked tensor");
    }
    if constexpr (std::is_same_v<OpTy, AtenScatterAddOp>)
      how = ReductionKind::Sum;
    if constexpr (std::is_same_v<OpTy, AtenScatterReduceTwoOp>) {
      std::optional<StringRef> reduce = constantString(op.getReduce());
      std::optional<ReductionKind> parsed =
          reduce ? parseReduce(*reduce) : std::nullopt;
      std::optional<bool> include = constantBool(op.getIncludeSelf());
      if (!parsed || !include)
        return rewriter.notifyMatchFailure(
            op, "reduce is not one of sum/prod/amax/amin/mean, or include_self "
                "is not a constant");
      how = *parsed;
      includeSelf = *include;
    }

    Location loc = op.getLoc();
    Type element = resultType.getElementType();
    Type i64 = rewriter.getI64Type();
    bool isUnsigned = isUnsignedTensor(op.getResult());
    bool srcUnsigned = isUnsignedTensor(op->getOperand(3)); // src or value
    self = castElements(rewriter, loc, self, element,
                        isUnsignedTensor(op.getSelf()));
    SmallVector<OpFoldResult> indexSizes = getSizes(rewriter, loc, index);
    auto target = [&](OpBuilder &b, Location l, ValueRange p) {
      return replaced(b, l, p, *dim, b.create<tensor::ExtractOp>(l, index, p));
    };
    Value result = self;
    if (!includeSelf) {
      // Every written element starts from the reduction's identity.
      result = forEachIndex(
          rewriter, loc, indexSizes, result,
          [&](OpBuilder &b, Location l, ValueRange p, ValueRange args) {
            Value start = reductionIdentity(b, l, *how, element, isUnsigned);
            return SmallVector<Value>{
                b.create<tensor::InsertOp>(l, start, args[0], target(b, l, p))};
          })[0];
    }
    // mean divides each written element by how many values it took.
    Value counts;
    SmallVector<OpFoldResult> resultSizes = getSizes(rewriter, loc, self);
    if (how == ReductionKind::Mean)
      counts = filledTensor(
          rewriter, loc, RankedTensorType::get(resultType.getShape(), i64),
          resultSizes, scalarConstant(rewriter, loc, i64, includeSelf ? 1 : 0));
    SmallVector<Value> carried{result};
    if (counts)
      carried.push_back(counts);
    SmallVector<Value> written = forEachIndex(
        rewriter, loc, indexSizes, carried,
        [&](OpBuilder &b, Location l, ValueRange p, ValueRange args) {
          SmallVector<Value> at = target(b, l, p);
          Value update =
              src ? b.create<tensor::ExtractOp>(l, src, p).getResult() : value;
          update = castScalar(b, l, update, element, srcUnsigned, isUnsigned);
          Value old = b.create<tensor::ExtractOp>(l, args[0], at);
          SmallVector<Value> next{b.create<tensor::InsertOp>(
              l, combine(b, l, how, old, update, isUnsigned), args[0], at)};
          if (args.size() > 1) {
            Value count = b.create<arith::AddIOp>(
                l, b.create<tensor::ExtractOp>(l, args[1], at),
                scalarConstant(b, l, i64, 1));
            next.push_back(b.create<tensor::InsertOp>(l, count, args[1], at));
          }
          return next;
        });
    result = written[0];
    if (how == ReductionKind::Mean) {
      // Untouched elements (count 0) keep self; integers divide with floor.
      result = buildElementwise(
          rewriter, loc, {result, written[1]}, resultType,
          [&](OpBuilder &b, Location l, ValueRange args) -> Value {
            Value count = args[1];
            Value zero = scalarConstant(b, l, i64, 0);
            Value touched = b.create<arith::CmpIOp>(
                l, arith::CmpIPredicate::sgt, count, zero);
            Value divisor =
                castScalar(b, l,
                           b.create<arith::SelectOp>(
                               l, touched, count, scalarConstant(b, l, i64, 1)),
                           element);
            if (isa<mlir::FloatType>(element))
              return b.create<arith::DivFOp>(l, args[0], divisor);
            if (isUnsigned)
              return b.create<arith::DivUIOp>(l, args[0], divisor);
            return b.create<arith::FloorDivSIOp>(l, args[0], divisor);
          });
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// index_put(self, indices, values, accumulate): the positions index.Tensor
/// would read, written with `values` broadcast to that shape. The index
/// tensors (the non-None entries) must be next to each other, as for
/// index.Tensor; negative indices wrap. One boolean mask with a one-element
/// `values` is a select.
template <typename OpTy>
class ConvertIndexPut : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter *converter = this->getTypeConverter();
    RankedTensorType resultType =
        convertedTensorType(converter, op.getResult());
    Value self = adaptor.getSelf(), values = adaptor.getValues();
    auto valuesType = dyn_cast<RankedTensorType>(values.getType());
    std::optional<SmallVector<Value>> elements = listElements(op.getIndices());
    std::optional<bool> accumulate = constantBool(op.getAccumulate());
    if (!resultType || !isa<RankedTensorType>(self.getType()) || !valuesType ||
        !elements || !accumulate)
      return rewriter.notifyMatchFailure(
          op, "not ranked tensors, indices not a list, or accumulate not a "
              "constant");
    Location loc = op.getLoc();
    int64_t first = -1;
    SmallVector<Value> indices;
    for (auto [i, entry] : llvm::enumerate(*elements)) {
      if (isNone(entry))
        continue;
      if (first < 0)
        first = i;
      else if (static_cast<int64_t>(i) !=
               first + static_cast<int64_t>(indices.size()))
        return rewriter.notifyMatchFailure(op,
                                           "index tensors are not adjacent");
      auto type = dyn_cast_or_null<RankedTensorType>(
          converter->convertType(entry.getType()));
      if (!type || !isa<IntegerType>(type.getElementType()))
        return rewriter.notifyMatchFailure(op, "an index is not an int or bool "
                                               "tensor");
      indices.push_back(
          converter->materializeTargetConversion(rewriter, loc, type, entry));
    }
    if (indices.empty())
      return rewriter.notifyMatchFailure(op, "no index tensor");
    Type element = resultType.getElementType();
    self = castElements(rewriter, loc, self, element,
                        isUnsignedTensor(op.getSelf()));
    values = castElements(rewriter, loc, values, element,
                          isUnsignedTensor(op.getValues()));
    // A mask among other indices (or written with many values) is for
    // torch-decompose-complex-ops to turn into integer indices; read as
    // integers here it would write out of bounds.
    if (llvm::any_of(indices, [](Value index) {
          return cast<RankedTensorType>(index.getType())
              .getElementType()
              .isInteger(1);
        })) {
      if (indices.size() != 1 || !valuesType.hasStaticShape() ||
          valuesType.getNumElements() != 1)
        return rewriter.notifyMatchFailure(
            op, "a boolean index is handled alone and with one value only");
      rewriter.replaceOp(op, maskedWrite(rewriter, loc, self, indices[0], first,
                                         values, *accumulate, resultType));
      return success();
    }

    // The written shape: self's leading dims, the index tensors' broadcast
    // shape, self's remaining dims (index.Tensor's result shape).
    int64_t count = indices.size();
    int64_t broadcastRank = 0;
    for (Value index : indices)
      broadcastRank = std::max<int64_t>(
          broadcastRank, cast<RankedTensorType>(index.getType()).getRank());
    SmallVector<OpFoldResult> selfSizes = getSizes(rewriter, loc, self);
    SmallVector<OpFoldResult> sizes(selfSizes.begin(),
                                    selfSizes.begin() + first);
    SmallVector<OpFoldResult> broadcastSizes(broadcastRank,
                                             rewriter.getIndexAttr(1));
    for (Value index : indices) {
      auto type = cast<RankedTensorType>(index.getType());
      int64_t offset = broadcastRank - type.getRank();
      SmallVector<OpFoldResult> indexSizes = getSizes(rewriter, loc, index);
      for (int64_t d = 0; d < type.getRank(); ++d)
        if (type.getDimSize(d) != 1)
          broadcastSizes[offset + d] = indexSizes[d];
    }
    sizes.append(broadcastSizes);
    sizes.append(selfSizes.begin() + first + count, selfSizes.end());
    int64_t loopRank = sizes.size();
    if (valuesType.getRank() > loopRank)
      return rewriter.notifyMatchFailure(op, "values do not broadcast");

    Value result = forEachIndex(
        rewriter, loc, sizes, self,
        [&](OpBuilder &b, Location l, ValueRange p, ValueRange args) {
          SmallVector<Value> at(p.begin(), p.begin() + first);
          for (int64_t k = 0; k < count; ++k) {
            Value idx = b.create<tensor::ExtractOp>(
                l, indices[k],
                broadcastPosition(b, l, indices[k],
                                  p.slice(first, broadcastRank)));
            at.push_back(wrapIndex(
                b, l, idx, b.create<tensor::DimOp>(l, args[0], first + k)));
          }
          for (Value iv : p.drop_front(first + broadcastRank))
            at.push_back(iv);
          Value update = b.create<tensor::ExtractOp>(
              l, values, broadcastPosition(b, l, values, p));
          if (*accumulate)
            update =
                combine(b, l, ReductionKind::Sum,
                        b.create<tensor::ExtractOp>(l, args[0], at), update);
          return SmallVector<Value>{
              b.create<tensor::InsertOp>(l, update, args[0], at)};
        })[0];
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  /// Where `tensor` (broadcast PyTorch's way, trailing dims aligned, static
  /// size-1 dims stretched) is read for position `p` of the broadcast shape.
  static SmallVector<Value> broadcastPosition(OpBuilder &b, Location loc,
                                              Value tensor, ValueRange p) {
    auto type = cast<RankedTensorType>(tensor.getType());
    int64_t offset = p.size() - type.getRank();
    SmallVector<Value> at;
    for (int64_t d = 0; d < type.getRank(); ++d)
      at.push_back(type.getDimSize(d) == 1
                       ? b.create<arith::ConstantIndexOp>(loc, 0).getResult()
                       : p[offset + d]);
    return at;
  }

  /// self[mask] (op)= value: a select over self's elements, the mask covering
  /// dims [first, first + mask rank).
  static Value maskedWrite(OpBuilder &b, Location loc, Value self, Value mask,
                           int64_t first, Value values, bool accumulate,
                           RankedTensorType resultType) {
    int64_t rank = resultType.getRank();
    int64_t maskRank = cast<RankedTensorType>(mask.getType()).getRank();
    MLIRContext *context = b.getContext();
    SmallVector<AffineExpr> maskExprs;
    for (int64_t d = 0; d < maskRank; ++d)
      maskExprs.push_back(getAffineDimExpr(first + d, context));
    SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank),
                                AffineMap::get(rank, 0, maskExprs, context),
                                b.getMultiDimIdentityMap(rank)};
    auto valuesType = cast<RankedTensorType>(values.getType());
    SmallVector<Value> zeros(valuesType.getRank(),
                             b.create<arith::ConstantIndexOp>(loc, 0));
    Value value = b.create<tensor::ExtractOp>(loc, values, zeros);
    Value init = emptyTensor(b, loc, resultType, getSizes(b, loc, self));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = b.create<linalg::GenericOp>(
        loc, resultType, ValueRange{self, mask}, init, maps, iterators,
        [&](OpBuilder &nested, Location l, ValueRange args) {
          Value written = accumulate ? combine(nested, l, ReductionKind::Sum,
                                               args[0], value)
                                     : value;
          nested.create<linalg::YieldOp>(
              l, ValueRange{nested.create<arith::SelectOp>(l, args[1], written,
                                                           args[0])});
        });
    return generic.getResult(0);
  }
};

} // namespace

void mlir::torch::torch_to_linalg::populateScatterPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      ConvertScatter<AtenScatterSrcOp>, ConvertScatter<AtenScatterValueOp>,
      ConvertScatter<AtenScatterAddOp>, ConvertScatter<AtenScatterReduceTwoOp>,
      ConvertIndexPut<AtenIndexPutOp>,
      ConvertIndexPut<AtenIndexPutHackedTwinOp>>(converter, context);
}
