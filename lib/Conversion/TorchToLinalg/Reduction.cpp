//===- Reduction.cpp - Reductions to linalg.generic -----------------------===//
//
// A reduction is one linalg.generic over the input's dimensions, reduction
// iterators on the reduced ones, into an accumulator filled with the
// operation's identity; `keepdim` puts size-1 dimensions back with
// tensor.expand_shape. max/min with indices carry a second accumulator.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "torch-mlir/Conversion/Utils.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

#include <limits>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::conversion;
using namespace mlir::torch::Torch;
using namespace mlir::torch::torch_to_linalg;

using Kind = ReductionKind;

/// The identity of a reduction, in `type`.
Value mlir::torch::torch_to_linalg::reductionIdentity(OpBuilder &b,
                                                      Location loc,
                                                      ReductionKind kind,
                                                      Type type,
                                                      bool isUnsigned) {
  bool isFloat = isa<mlir::FloatType>(type);
  switch (kind) {
  case Kind::Sum:
  case Kind::Mean:
  case Kind::Any:
    return scalarConstant(b, loc, type, 0);
  case Kind::Prod:
  case Kind::All:
    return scalarConstant(b, loc, type, 1);
  case Kind::Max:
  case Kind::ArgMax: {
    if (isFloat)
      return b.create<arith::ConstantOp>(
          loc, b.getFloatAttr(type, -std::numeric_limits<double>::infinity()));
    unsigned width = type.getIntOrFloatBitWidth();
    return b.create<arith::ConstantOp>(
        loc, b.getIntegerAttr(type, isUnsigned || width == 1
                                        ? APInt::getMinValue(width)
                                        : APInt::getSignedMinValue(width)));
  }
  case Kind::Min:
  case Kind::ArgMin: {
    if (isFloat)
      return b.create<arith::ConstantOp>(
          loc, b.getFloatAttr(type, std::numeric_limits<double>::infinity()));
    unsigned width = type.getIntOrFloatBitWidth();
    return b.create<arith::ConstantOp>(
        loc, b.getIntegerAttr(type, isUnsigned || width == 1
                                        ? APInt::getMaxValue(width)
                                        : APInt::getSignedMaxValue(width)));
  }
  }
  llvm_unreachable("every kind handled");
}

Value mlir::torch::torch_to_linalg::reductionStep(OpBuilder &b, Location loc,
                                                  ReductionKind kind, Value x,
                                                  Value acc, bool isUnsigned) {
  bool isFloat = isa<mlir::FloatType>(x.getType());
  bool isBool = x.getType().isInteger(1);
  switch (kind) {
  case Kind::Sum:
  case Kind::Mean:
    if (isFloat)
      return b.create<arith::AddFOp>(loc, x, acc);
    if (isBool)
      return b.create<arith::OrIOp>(loc, x, acc);
    return b.create<arith::AddIOp>(loc, x, acc);
  case Kind::Prod:
    if (isFloat)
      return b.create<arith::MulFOp>(loc, x, acc);
    if (isBool)
      return b.create<arith::AndIOp>(loc, x, acc);
    return b.create<arith::MulIOp>(loc, x, acc);
  case Kind::Max:
    if (isFloat)
      return b.create<arith::MaximumFOp>(loc, x, acc);
    if (isBool)
      return b.create<arith::OrIOp>(loc, x, acc);
    return isUnsigned ? b.create<arith::MaxUIOp>(loc, x, acc).getResult()
                      : b.create<arith::MaxSIOp>(loc, x, acc).getResult();
  case Kind::Min:
    if (isFloat)
      return b.create<arith::MinimumFOp>(loc, x, acc);
    if (isBool)
      return b.create<arith::AndIOp>(loc, x, acc);
    return isUnsigned ? b.create<arith::MinUIOp>(loc, x, acc).getResult()
                      : b.create<arith::MinSIOp>(loc, x, acc).getResult();
  case Kind::Any:
    return b.create<arith::OrIOp>(loc, x, acc);
  case Kind::All:
    return b.create<arith::AndIOp>(loc, x, acc);
  default:
    llvm_unreachable("arg reductions combine two values");
  }
}

namespace {

/// The reduced dimensions, sorted, from an int list, a single int, or None
/// (every dimension).
std::optional<SmallVector<int64_t>> reducedDims(Value dims, int64_t rank) {
  SmallVector<int64_t> raw;
  if (isNone(dims)) {
    raw = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  } else if (std::optional<int64_t> dim = constantInt(dims)) {
    raw.push_back(*dim);
  } else if (std::optional<SmallVector<int64_t>> list = constantInts(dims)) {
    raw = *list;
    if (raw.empty()) // sum(x, dim=[]) reduces everything
      raw = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  } else {
    return std::nullopt;
  }
  SmallVector<int64_t> result;
  for (int64_t dim : raw) {
    std::optional<int64_t> normalized = wrapDim(dim, rank);
    if (!normalized)
      return std::nullopt;
    if (rank > 0 && !llvm::is_contained(result, *normalized))
      result.push_back(*normalized);
  }
  llvm::sort(result);
  return result;
}

/// The result type without the kept size-1 dimensions.
RankedTensorType droppedType(RankedTensorType input, ArrayRef<int64_t> dims,
                             Type element) {
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < input.getRank(); ++i)
    if (!llvm::is_contained(dims, i))
      shape.push_back(input.getDimSize(i));
  return RankedTensorType::get(shape, element);
}

/// Puts size-1 dimensions back (keepdim=True), else returns `value`.
Value keepDims(OpBuilder &b, Location loc, Value value,
               RankedTensorType resultType, ArrayRef<int64_t> dims,
               int64_t inputRank) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getRank() == resultType.getRank())
    return value;
  // Each kept dimension groups with the reduced ones just before it; reduced
  // ones after the last kept dimension join the last group.
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (int64_t i = 0; i < inputRank; ++i) {
    pending.push_back(i);
    if (!llvm::is_contained(dims, i)) {
      groups.push_back(pending);
      pending.clear();
    }
  }
  if (groups.empty()) // every dimension reduced: a 0-d tensor expands to 1s
    return b.create<tensor::ExpandShapeOp>(loc, resultType, value,
                                           ArrayRef<ReassociationIndices>{});
  groups.back().append(pending.begin(), pending.end());
  SmallVector<OpFoldResult> sizes;
  SmallVector<OpFoldResult> valueSizes = getSizes(b, loc, value);
  for (int64_t i = 0, k = 0; i < inputRank; ++i)
    sizes.push_back(llvm::is_contained(dims, i) ? b.getIndexAttr(1)
                                                : valueSizes[k++]);
  return b.create<tensor::ExpandShapeOp>(loc, resultType, value, groups, sizes);
}

/// Accumulates `input` (cast to `element`) over `dims`; `inputUnsigned` and
/// `unsignedResult`: the input's and the accumulator's integers are unsigned.
Value reduce(OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> dims,
             Kind kind, Type element, bool inputUnsigned, bool unsignedResult) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  MLIRContext *context = b.getContext();
  RankedTensorType accumulatorType = droppedType(inputType, dims, element);
  SmallVector<OpFoldResult> inputSizes = getSizes(b, loc, input);
  SmallVector<OpFoldResult> sizes;
  SmallVector<AffineExpr> outputExprs;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t i = 0; i < rank; ++i) {
    bool reduced = llvm::is_contained(dims, i);
    iterators.push_back(reduced ? utils::IteratorType::reduction
                                : utils::IteratorType::parallel);
    if (!reduced) {
      sizes.push_back(inputSizes[i]);
      outputExprs.push_back(getAffineDimExpr(i, context));
    }
  }
  Value accumulator =
      filledTensor(b, loc, accumulatorType, sizes,
                   reductionIdentity(b, loc, kind, element, unsignedResult));
  SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank),
                              AffineMap::get(rank, 0, outputExprs, context)};
  auto generic = b.create<linalg::GenericOp>(
      loc, accumulatorType, input, accumulator, maps, iterators,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value x = castScalar(nb, nl, args[0], element, inputUnsigned);
        nb.create<linalg::YieldOp>(
            nl, reductionStep(nb, nl, kind, x, args[1], unsignedResult));
      });
  return generic.getResult(0);
}

/// The float type a sum of `element`s over `dims` of `inputType` accumulates
/// in (other types are returned as they are). A float accumulator stops
/// growing once the sum is 2^(mantissa bits) times an addend: 256 ones in
/// bf16, 2048 in f16, 2^24 in f32. PyTorch sums half-precision floats in f32,
/// and f32 pairwise; here f16 and bf16 accumulate in f32, and f32 in f64
/// once the extent summed is more than 2^16 or known only at run time (the
/// vectorized loop's partial sums then each still take up to that many).
Type sumAccumulator(OpBuilder &b, RankedTensorType inputType,
                    ArrayRef<int64_t> dims, Type element) {
  auto floatType = dyn_cast<mlir::FloatType>(element);
  if (!floatType || floatType.getWidth() >= 64)
    return element;
  if (floatType.getWidth() < 32)
    return b.getF32Type();
  constexpr int64_t kLongestF32Sum = int64_t(1) << 16;
  int64_t extent = 1;
  for (int64_t dim : dims) {
    int64_t size = inputType.getDimSize(dim);
    if (ShapedType::isDynamic(size) || size > kLongestF32Sum)
      return b.getF64Type();
    extent *= size;
    if (extent > kLongestF32Sum)
      return b.getF64Type();
  }
  return element;
}

/// The number of elements over `dims`, as a scalar of `type`.
Value count(OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> dims,
            Type type) {
  Value n = b.create<arith::ConstantIndexOp>(loc, 1);
  SmallVector<OpFoldResult> sizes = getSizes(b, loc, input);
  for (int64_t dim : dims)
    n = b.create<arith::MulIOp>(
        loc, n, getValueOrCreateConstantIndexOp(b, loc, sizes[dim]));
  return castScalar(b, loc, indexToI64(b, loc, n), type);
}

/// sum, mean, prod, amax, amin, max/min (all elements), any, all and their
/// .dim forms. Operands: (self, dims-or-None, keepdim, dtype) in the order of
/// each schema; `dimsIndex`/`keepdimIndex` < 0 means absent.
template <typename OpTy, Kind kind, int dimsIndex, int keepdimIndex>
class ConvertReduction : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op->getResult(0));
    Value input = adaptor.getOperands()[0];
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!resultType || !inputType)
      return rewriter.notifyMatchFailure(op, "not ranked tensors");
    int64_t rank = inputType.getRank();
    std::optional<SmallVector<int64_t>> dims;
    if constexpr (dimsIndex < 0)
      dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    else
      dims = reducedDims(op->getOperand(dimsIndex), rank);
    if (!dims)
      return rewriter.notifyMatchFailure(op, "non-constant dims");
    std::optional<bool> keepdim = false;
    if constexpr (keepdimIndex >= 0)
      keepdim = constantBool(op->getOperand(keepdimIndex));
    if (!keepdim)
      return rewriter.notifyMatchFailure(op, "non-constant keepdim");

    Location loc = op.getLoc();
    Type element = resultType.getElementType();
    if ((kind == Kind::Mean) && !isa<mlir::FloatType>(element))
      return rewriter.notifyMatchFailure(op, "mean of integers");
    // any/all reduce truth values; the result may be uint8 for uint8 input.
    Type accumulate = (kind == Kind::Any || kind == Kind::All)
                          ? rewriter.getI1Type()
                          : element;
    if (kind == Kind::Sum || kind == Kind::Mean)
      accumulate = sumAccumulator(rewriter, inputType, *dims, accumulate);
    bool inputUnsigned = isUnsignedTensor(op->getOperand(0));
    bool unsignedResult = isUnsignedTensor(op->getResult(0));
    Value result = reduce(rewriter, loc, input, *dims, kind, accumulate,
                          inputUnsigned, unsignedResult);
    if (kind == Kind::Mean) {
      Value n = count(rewriter, loc, input, *dims, accumulate);
      result = buildElementwise(
          rewriter, loc, result, cast<RankedTensorType>(result.getType()),
          [&](OpBuilder &b, Location l, ValueRange x) -> Value {
            return b.create<arith::DivFOp>(l, x[0], n);
          });
    }
    result = castElements(rewriter, loc, result, element);
    if (*keepdim)
      result = keepDims(rewriter, loc, result, resultType, *dims, rank);
    if (result.getType() != resultType)
      result = rewriter.create<tensor::CastOp>(loc, resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// max.dim / min.dim (values and indices), argmax / argmin (indices).
template <typename OpTy, Kind kind>
class ConvertArgReduction : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // max.dim(self, dim, keepdim); argmax(self, dim?, keepdim).
    Value input = adaptor.getOperands()[0];
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!inputType)
      return rewriter.notifyMatchFailure(op, "not a ranked tensor");
    Location loc = op.getLoc();
    std::optional<bool> keepdim = constantBool(op->getOperand(2));
    if (!keepdim)
      return rewriter.notifyMatchFailure(op, "non-constant keepdim");
    int64_t dim;
    if (isNone(op->getOperand(1))) {
      // Over every element: of the flattened tensor.
      if (inputType.getRank() != 1) {
        SmallVector<ReassociationIndices> all(1);
        for (int64_t i = 0; i < inputType.getRank(); ++i)
          all[0].push_back(i);
        int64_t n = inputType.hasStaticShape() ? inputType.getNumElements()
                                               : ShapedType::kDynamic;
        input = rewriter.create<tensor::CollapseShapeOp>(
            loc, RankedTensorType::get({n}, inputType.getElementType()), input,
            inputType.getRank() == 0 ? ArrayRef<ReassociationIndices>{}
                                     : ArrayRef<ReassociationIndices>(all));
        inputType = cast<RankedTensorType>(input.getType());
      }
      dim = 0;
    } else {
      std::optional<int64_t> normalized =
          constantDim(op->getOperand(1), inputType.getRank());
      if (!normalized)
        return rewriter.notifyMatchFailure(op, "non-constant dim");
      dim = *normalized;
    }
    if (inputType.getRank() == 0)
      return rewriter.notifyMatchFailure(op, "0-d input");

    Type element = inputType.getElementType();
    Type i64 = rewriter.getI64Type();
    int64_t rank = inputType.getRank();
    MLIRContext *context = rewriter.getContext();
    RankedTensorType valuesType = droppedType(inputType, dim, element);
    RankedTensorType indicesType = droppedType(inputType, dim, i64);
    SmallVector<OpFoldResult> inputSizes = getSizes(rewriter, loc, input);
    SmallVector<OpFoldResult> sizes;
    SmallVector<AffineExpr> outputExprs;
    SmallVector<utils::IteratorType> iterators;
    for (int64_t i = 0; i < rank; ++i) {
      iterators.push_back(i == dim ? utils::IteratorType::reduction
                                   : utils::IteratorType::parallel);
      if (i != dim) {
        sizes.push_back(inputSizes[i]);
        outputExprs.push_back(getAffineDimExpr(i, context));
      }
    }
    bool isMax = kind == Kind::ArgMax;
    bool isUnsigned = isUnsignedTensor(op->getOperand(0));
    Value values = filledTensor(rewriter, loc, valuesType, sizes,
                                reductionIdentity(rewriter, loc,
                                                  isMax ? Kind::Max : Kind::Min,
                                                  element, isUnsigned));
    Value indices = filledTensor(rewriter, loc, indicesType, sizes,
                                 scalarConstant(rewriter, loc, i64, 0));
    AffineMap outputMap = AffineMap::get(rank, 0, outputExprs, context);
    SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank),
                                outputMap, outputMap};
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{valuesType, indicesType}, input,
        ValueRange{values, indices}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = args[0], best = args[1], bestIndex = args[2];
          Value index =
              castScalar(b, l, b.create<linalg::IndexOp>(l, dim), i64);
          // Strictly better, or NaN over a number: the first such wins.
          Value better;
          if (isa<mlir::FloatType>(element)) {
            better = b.create<arith::CmpFOp>(l,
                                             isMax ? arith::CmpFPredicate::OGT
                                                   : arith::CmpFPredicate::OLT,
                                             x, best);
            Value xNan =
                b.create<arith::CmpFOp>(l, arith::CmpFPredicate::UNO, x, x);
            Value bestNumber = b.create<arith::CmpFOp>(
                l, arith::CmpFPredicate::ORD, best, best);
            better = b.create<arith::OrIOp>(
                l, better, b.create<arith::AndIOp>(l, xNan, bestNumber));
          } else {
            better = b.create<arith::CmpIOp>(
                l,
                integerPredicate(isMax ? arith::CmpIPredicate::sgt
                                       : arith::CmpIPredicate::slt,
                                 element, isUnsigned),
                x, best);
          }
          // The first element always replaces the identity.
          Value first = b.create<arith::CmpIOp>(
              l, arith::CmpIPredicate::eq, index, scalarConstant(b, l, i64, 0));
          better = b.create<arith::OrIOp>(l, better, first);
          b.create<linalg::YieldOp>(
              l, ValueRange{
                     b.create<arith::SelectOp>(l, better, x, best),
                     b.create<arith::SelectOp>(l, better, index, bestIndex)});
        });

    SmallVector<Value> results;
    // max.dim returns both (values, indices); argmax only the indices.
    ValueRange produced = generic.getResults().take_back(op->getNumResults());
    for (auto [value, original] : llvm::zip(produced, op->getResults())) {
      RankedTensorType resultType =
          convertedTensorType(this->getTypeConverter(), original);
      if (!resultType)
        return rewriter.notifyMatchFailure(op, "result is not ranked");
      Value result = value;
      if (*keepdim && !isNone(op->getOperand(1)))
        result = keepDims(rewriter, loc, result, resultType, dim, rank);
      else if (*keepdim)
        result = rewriter.create<tensor::ExpandShapeOp>(
            loc, resultType, result, ArrayRef<ReassociationIndices>{});
      result = castElements(rewriter, loc, result, resultType.getElementType());
      if (result.getType() != resultType)
        result = rewriter.create<tensor::CastOp>(loc, resultType, result);
      results.push_back(result);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// cumsum(self, dim, dtype): out[..i..] = sum over j <= i of self[..j..], as
/// one generic with an extra reduction loop over j (quadratic in the scanned
/// dimension, which the reference backend can afford).
/// cumsum and cumprod: each element combines those at or before it along
/// `dim` (the others contribute the identity).
template <typename OpTy, Kind kind>
class ConvertCumulative : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!resultType || !inputType || inputType.getRank() == 0)
      return rewriter.notifyMatchFailure(op, "not a ranked tensor");
    std::optional<int64_t> dim = constantDim(op.getDim(), inputType.getRank());
    if (!dim)
      return rewriter.notifyMatchFailure(op,
                                         "non-constant dim, or out of range");
    Location loc = op.getLoc();
    int64_t rank = inputType.getRank();
    MLIRContext *context = rewriter.getContext();
    Type element = resultType.getElementType();
    double identity = kind == Kind::Prod ? 1 : 0;
    Value zero = scalarConstant(rewriter, loc, element, identity);
    Value accumulator = filledTensor(rewriter, loc, resultType,
                                     getSizes(rewriter, loc, input), zero);
    SmallVector<AffineExpr> inputExprs, outputExprs;
    for (int64_t i = 0; i < rank; ++i) {
      inputExprs.push_back(getAffineDimExpr(i == *dim ? rank : i, context));
      outputExprs.push_back(getAffineDimExpr(i, context));
    }
    SmallVector<AffineMap> maps{
        AffineMap::get(rank + 1, 0, inputExprs, context),
        AffineMap::get(rank + 1, 0, outputExprs, context)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    bool inputUnsigned = isUnsignedTensor(op.getSelf());
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, input, accumulator, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value i = b.create<linalg::IndexOp>(l, *dim);
          Value j = b.create<linalg::IndexOp>(l, rank);
          Value before =
              b.create<arith::CmpIOp>(l, arith::CmpIPredicate::ule, j, i);
          Value x = castScalar(b, l, args[0], element, inputUnsigned);
          Value term = b.create<arith::SelectOp>(
              l, before, x, scalarConstant(b, l, element, identity));
          b.create<linalg::YieldOp>(l,
                                    reductionStep(b, l, kind, term, args[1]));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void mlir::torch::torch_to_linalg::populateReductionPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      // sum(self, dtype); sum.dim_IntList(self, dim, keepdim, dtype)
      ConvertReduction<AtenSumOp, Kind::Sum, -1, -1>,
      ConvertReduction<AtenSumDimIntListOp, Kind::Sum, 1, 2>,
      ConvertReduction<AtenMeanOp, Kind::Mean, -1, -1>,
      ConvertReduction<AtenMeanDimOp, Kind::Mean, 1, 2>,
      // prod(self, dtype); prod.dim_int(self, dim, keepdim, dtype)
      ConvertReduction<AtenProdOp, Kind::Prod, -1, -1>,
      ConvertReduction<AtenProdDimIntOp, Kind::Prod, 1, 2>,
      // amax(self, dim, keepdim); max(self)
      ConvertReduction<AtenAmaxOp, Kind::Max, 1, 2>,
      ConvertReduction<AtenAminOp, Kind::Min, 1, 2>,
      ConvertReduction<AtenMaxOp, Kind::Max, -1, -1>,
      ConvertReduction<AtenMinOp, Kind::Min, -1, -1>,
      ConvertReduction<AtenAnyOp, Kind::Any, -1, -1>,
      ConvertReduction<AtenAnyDimOp, Kind::Any, 1, 2>,
      ConvertReduction<AtenAnyDimsOp, Kind::Any, 1, 2>,
      ConvertReduction<AtenAllOp, Kind::All, -1, -1>,
      ConvertReduction<AtenAllDimOp, Kind::All, 1, 2>,
      ConvertArgReduction<AtenMaxDimOp, Kind::ArgMax>,
      ConvertArgReduction<AtenMinDimOp, Kind::ArgMin>,
      ConvertArgReduction<AtenArgmaxOp, Kind::ArgMax>,
      ConvertArgReduction<AtenArgminOp, Kind::ArgMin>,
      ConvertCumulative<AtenCumsumOp, Kind::Sum>,
      ConvertCumulative<AtenCumprodOp, Kind::Prod>>(converter, context);
}
