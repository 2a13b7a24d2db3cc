//===- DataMovement.cpp - Views, permutations, slices, concatenation ------===//
//
// Value semantics make every view a copy-free reshape of an immutable tensor:
// view/reshape/flatten/squeeze/unsqueeze collapse to 1-D and expand to the
// result (or reshape directly when only unit dimensions move); permute is
// linalg.transpose; slice and select are tensor.extract_slice; cat is
// tensor.insert_slice into an empty tensor; expand is a broadcasting
// linalg.generic; embedding and index_select gather with tensor.extract.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "torch-mlir/Conversion/Utils.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::conversion;
using namespace mlir::torch::Torch;
using namespace mlir::torch::torch_to_linalg;

namespace {

/// `input` reshaped to `resultType`, whose sizes are `sizes` (empty if all
/// are static): collapsed to 1-D (or expanded from 0-d), then expanded; to
/// several dynamic sizes, tensor.reshape.
Value reshape(OpBuilder &b, Location loc, Value input,
              RankedTensorType resultType, ArrayRef<OpFoldResult> sizes) {
  auto inputType = cast<RankedTensorType>(input.getType());
  if (inputType == resultType && resultType.hasStaticShape())
    return input;
  SmallVector<OpFoldResult> allSizes(sizes);
  if (allSizes.empty())
    for (int64_t size : resultType.getShape())
      allSizes.push_back(b.getIndexAttr(size));
  // Expanding to two or more sizes known only at run time: tensor.reshape of
  // the sizes. (One expand_shape group of several dynamic sizes is valid IR,
  // but bufferizing it infers the sizes, which LLVM 19 cannot, and crashes.)
  if (resultType.getNumDynamicDims() > 1) {
    SmallVector<Value> shape;
    for (OpFoldResult size : allSizes)
      shape.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
    Value shapeTensor = b.create<tensor::FromElementsOp>(
        loc, RankedTensorType::get({resultType.getRank()}, b.getIndexType()),
        shape);
    return b.create<tensor::ReshapeOp>(loc, resultType, input, shapeTensor);
  }
  int64_t n = inputType.hasStaticShape() ? inputType.getNumElements()
                                         : ShapedType::kDynamic;
  auto flatType = RankedTensorType::get({n}, inputType.getElementType());
  Value flat;
  if (inputType.getRank() == 0) {
    flat = b.create<tensor::ExpandShapeOp>(loc, flatType, input,
                                           ArrayRef<ReassociationIndices>{});
  } else if (inputType.getRank() == 1) {
    flat = input;
  } else {
    ReassociationIndices all;
    for (int64_t i = 0; i < inputType.getRank(); ++i)
      all.push_back(i);
    flat = b.create<tensor::CollapseShapeOp>(
        loc, flatType, input, ArrayRef<ReassociationIndices>{all});
  }
  // A static result of an input of run-time sizes: the flat length is the
  // result's (the caller checked the element count).
  if (resultType.hasStaticShape() && !inputType.hasStaticShape())
    flat = b.create<tensor::CastOp>(
        loc,
        RankedTensorType::get({resultType.getNumElements()},
                              inputType.getElementType()),
        flat);
  if (resultType.getRank() == 0)
    return b.create<tensor::CollapseShapeOp>(loc, resultType, flat,
                                             ArrayRef<ReassociationIndices>{});
  if (resultType.getRank() == 1) {
    if (flat.getType() == resultType)
      return flat;
    return b.create<tensor::CastOp>(loc, resultType, flat);
  }
  ReassociationIndices all;
  for (int64_t i = 0; i < resultType.getRank(); ++i)
    all.push_back(i);
  return b.create<tensor::ExpandShapeOp>(
      loc, resultType, flat, ArrayRef<ReassociationIndices>{all}, allSizes);
}

/// view(self, size), reshape(self, shape), _unsafe_view(self, size): the
/// result sizes from the list (static ones from the result type); a -1,
/// constant or known only at run time, is the element count over the product
/// of the others. When a size is known only at run time, a check that the
/// element count is kept.
template <typename OpTy> class ConvertView : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getOperands()[0];
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!resultType || !inputType)
      return rewriter.notifyMatchFailure(op, "not ranked tensors");
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes;
    if (!resultType.hasStaticShape()) {
      std::optional<SmallVector<Value>> elements =
          listElements(op->getOperand(1));
      if (!elements ||
          static_cast<int64_t>(elements->size()) != resultType.getRank())
        return rewriter.notifyMatchFailure(op, "sizes are not a list");
      Type i64 = rewriter.getI64Type();
      Value one = scalarConstant(rewriter, loc, i64, 1);
      Value minusOne = scalarConstant(rewriter, loc, i64, -1);
      // Each size as an i64, and whether it may be -1 (only a size that is
      // not a constant may be, at run time).
      SmallVector<Value> given;
      SmallVector<bool> mayInfer;
      for (auto [i, element] : llvm::enumerate(*elements)) {
        if (!resultType.isDynamicDim(i)) {
          given.push_back(
              scalarConstant(rewriter, loc, i64, resultType.getDimSize(i)));
          mayInfer.push_back(false);
          continue;
        }
        std::optional<int64_t> constant = constantInt(element);
        if (constant) {
          given.push_back(scalarConstant(rewriter, loc, i64, *constant));
          mayInfer.push_back(*constant == -1);
          continue;
        }
        Value size = this->getTypeConverter()->materializeTargetConversion(
            rewriter, loc, i64, element);
        if (!size)
          return rewriter.notifyMatchFailure(op, "size is not an int");
        given.push_back(size);
        mayInfer.push_back(true);
      }
      // known: the product of the sizes that are not -1.
      Value known = one;
      SmallVector<Value> isInferred(given.size());
      for (auto [i, size] : llvm::enumerate(given)) {
        Value factor = size;
        if (mayInfer[i]) {
          isInferred[i] = rewriter.create<arith::CmpIOp>(
              loc, arith::CmpIPredicate::eq, size, minusOne);
          factor =
              rewriter.create<arith::SelectOp>(loc, isInferred[i], one, size);
        }
        known = rewriter.create<arith::MulIOp>(loc, known, factor);
      }
      Value total = one;
      for (OpFoldResult size : getSizes(rewriter, loc, input))
        total = rewriter.create<arith::MulIOp>(
            loc, total,
            indexToI64(rewriter, loc,
                       getValueOrCreateConstantIndexOp(rewriter, loc, size)));
      Value inferred = rewriter.create<arith::DivSIOp>(
          loc, total, rewriter.create<arith::MaxSIOp>(loc, known, one));
      Value count = one;
      for (auto [i, size] : llvm::enumerate(given)) {
        Value actual = size;
        if (mayInfer[i])
          actual = rewriter.create<arith::SelectOp>(loc, isInferred[i],
                                                    inferred, size);
        count = rewriter.create<arith::MulIOp>(loc, count, actual);
        sizes.push_back(resultType.isDynamicDim(i)
                            ? OpFoldResult(i64ToIndex(rewriter, loc, actual))
                            : OpFoldResult(rewriter.getIndexAttr(
                                  resultType.getDimSize(i))));
      }
      // (canonicalization drops the check where both are constants)
      rewriter.create<cf::AssertOp>(
          loc,
          rewriter.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, total,
                                         count),
          "view/reshape: the sizes asked for do not hold the input's element "
          "count");
    } else if (!inputType.hasStaticShape()) {
      Value total = rewriter.create<arith::ConstantIndexOp>(loc, 1);
      for (OpFoldResult size : getSizes(rewriter, loc, input))
        total = rewriter.create<arith::MulIOp>(
            loc, total, getValueOrCreateConstantIndexOp(rewriter, loc, size));
      checkSameSize(rewriter, loc, total,
                    rewriter.getIndexAttr(resultType.getNumElements()),
                    "view/reshape: the input's element count differs from "
                    "the result's static shape");
    }
    rewriter.replaceOp(op, reshape(rewriter, loc, input, resultType, sizes));
    return success();
  }
};

/// The result sizes of ops that insert or drop unit dimensions or merge a
/// run of them, from the input's sizes; nullopt if the op is not understood.
std::optional<SmallVector<OpFoldResult>>
unitReshapeSizes(Operation *op, OpBuilder &b, Location loc, Value input,
                 RankedTensorType resultType) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  SmallVector<OpFoldResult> sizes = getSizes(b, loc, input);
  if (isa<AtenUnsqueezeOp>(op)) {
    std::optional<int64_t> at = constantDim(op->getOperand(1), rank + 1);
    if (!at)
      return std::nullopt;
    sizes.insert(sizes.begin() + *at, b.getIndexAttr(1));
    return sizes;
  }
  if (isa<AtenFlattenUsingIntsOp>(op)) {
    if (rank == 0)
      return SmallVector<OpFoldResult>{b.getIndexAttr(1)};
    std::optional<int64_t> first = constantDim(op->getOperand(1), rank);
    std::optional<int64_t> last = constantDim(op->getOperand(2), rank);
    if (!first || !last || *first > *last)
      return std::nullopt;
    Value product = b.create<arith::ConstantIndexOp>(loc, 1);
    for (int64_t i = *first; i <= *last; ++i)
      product = b.create<arith::MulIOp>(
          loc, product, getValueOrCreateConstantIndexOp(b, loc, sizes[i]));
    sizes.erase(sizes.begin() + *first, sizes.begin() + *last + 1);
    sizes.insert(sizes.begin() + *first, product);
    return sizes;
  }
  // squeeze, squeeze.dim, squeeze.dims: the named (or all) dimensions of
  // static size 1 go.
  SmallVector<int64_t> candidates;
  if (isa<AtenSqueezeOp>(op)) {
    candidates = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  } else if (isa<AtenSqueezeDimOp>(op)) {
    std::optional<int64_t> dim = constantInt(op->getOperand(1));
    if (!dim)
      return std::nullopt;
    candidates.push_back(*dim);
  } else {
    std::optional<SmallVector<int64_t>> dims = constantInts(op->getOperand(1));
    if (!dims)
      return std::nullopt;
    candidates = *dims;
  }
  SmallVector<OpFoldResult> kept;
  for (int64_t i = 0; i < rank; ++i) {
    bool named = llvm::any_of(candidates,
                              [&](int64_t c) { return wrapDim(c, rank) == i; });
    if (!(named && inputType.getDimSize(i) == 1))
      kept.push_back(sizes[i]);
  }
  if (static_cast<int64_t>(kept.size()) != resultType.getRank())
    return std::nullopt; // a dynamic dimension that was 1 at run time
  return kept;
}

/// flatten, squeeze, unsqueeze: reshapes whose sizes follow from the input's.
template <typename OpTy>
class ConvertUnitReshape : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getOperands()[0];
    if (!resultType || !isa<RankedTensorType>(input.getType()))
      return rewriter.notifyMatchFailure(op, "not ranked tensors");
    Location loc = op.getLoc();
    std::optional<SmallVector<OpFoldResult>> sizes =
        unitReshapeSizes(op, rewriter, loc, input, resultType);
    if (!sizes)
      return rewriter.notifyMatchFailure(op, "non-constant dims, or a "
                                             "dynamic dimension squeezed");
    rewriter.replaceOp(op, reshape(rewriter, loc, input, resultType, *sizes));
    return success();
  }
};

/// `input` with its dimensions in the order `dims`: linalg.transpose.
/// linalg.transpose wants the input's and the result's sizes to agree, known
/// or not, so where only one type knows a size, both are given it: a size
/// only the result's type knows is checked at run time first (a producer's
/// claim, such as an exporter's declared output shape), and the result is
/// cast back to `resultType`.
Value permuted(OpBuilder &b, Location loc, Value input,
               RankedTensorType resultType, ArrayRef<int64_t> dims) {
  auto inputType = cast<RankedTensorType>(input.getType());
  SmallVector<OpFoldResult> inputSizes = getSizes(b, loc, input);
  SmallVector<int64_t> known(inputType.getShape());
  for (auto [i, dim] : llvm::enumerate(dims)) {
    if (resultType.isDynamicDim(i) || !inputType.isDynamicDim(dim))
      continue;
    int64_t size = resultType.getDimSize(i);
    checkSameSize(b, loc, inputSizes[dim], b.getIndexAttr(size),
                  "permute: input dimension " + Twine(dim) + " is not " +
                      Twine(size) + ", the size the result's type gives it");
    known[dim] = size;
    inputSizes[dim] = b.getIndexAttr(size);
  }
  if (known != inputType.getShape())
    input = b.create<tensor::CastOp>(loc, inputType.clone(known), input);
  SmallVector<OpFoldResult> sizes;
  SmallVector<int64_t> resultKnown;
  for (int64_t dim : dims) {
    sizes.push_back(inputSizes[dim]);
    resultKnown.push_back(known[dim]);
  }
  Value init = emptyTensor(b, loc, resultType.clone(resultKnown), sizes);
  Value result =
      b.create<linalg::TransposeOp>(loc, input, init, dims).getResult()[0];
  if (result.getType() != resultType)
    result = b.create<tensor::CastOp>(loc, resultType, result);
  return result;
}

/// permute(self, dims): linalg.transpose.
class ConvertPermute : public OpConversionPattern<AtenPermuteOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenPermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getSelf().getType());
    std::optional<SmallVector<int64_t>> dims = constantInts(op.getDims());
    if (!resultType || !inputType || !dims ||
        static_cast<int64_t>(dims->size()) != inputType.getRank())
      return rewriter.notifyMatchFailure(op, "not a constant permutation");
    for (int64_t &dim : *dims) {
      std::optional<int64_t> normalized = wrapDim(dim, inputType.getRank());
      if (!normalized)
        return rewriter.notifyMatchFailure(op, "dim out of range");
      dim = *normalized;
    }
    if (inputType.getRank() == 0) {
      rewriter.replaceOp(op, adaptor.getSelf());
      return success();
    }
    rewriter.replaceOp(op, permuted(rewriter, op.getLoc(), adaptor.getSelf(),
                                    resultType, *dims));
    return success();
  }
};

/// transpose.int(self, dim0, dim1) and t(self): a permutation.
template <typename OpTy>
class ConvertTranspose : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getOperands()[0];
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!resultType || !inputType)
      return rewriter.notifyMatchFailure(op, "not ranked tensors");
    int64_t rank = inputType.getRank();
    SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    if (rank < 2) {
      rewriter.replaceOp(op, input);
      return success();
    }
    int64_t d0 = 0, d1 = 1;
    if (op->getNumOperands() == 3) {
      std::optional<int64_t> na = constantDim(op->getOperand(1), rank);
      std::optional<int64_t> nb = constantDim(op->getOperand(2), rank);
      if (!na || !nb)
        return rewriter.notifyMatchFailure(op, "non-constant dims");
      d0 = *na;
      d1 = *nb;
    }
    std::swap(dims[d0], dims[d1]);
    rewriter.replaceOp(
        op, permuted(rewriter, op.getLoc(), input, resultType, dims));
    return success();
  }
};

/// expand(self, size, implicit) and broadcast_to(self, size): a broadcasting
/// copy; -1 keeps a size. A result size known only at run time comes from the
/// list; an input dimension whose size is known only at run time stretches
/// when it is 1 then (and must otherwise equal the result's: checked).
template <typename OpTy>
class ConvertExpand : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getOperands()[0];
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!resultType || !inputType || inputType.getRank() > resultType.getRank())
      return rewriter.notifyMatchFailure(op, "not a broadcast");
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    int64_t rank = resultType.getRank();
    int64_t offset = rank - inputType.getRank();
    std::optional<SmallVector<Value>> elements =
        listElements(op->getOperand(1));
    if (elements && static_cast<int64_t>(elements->size()) != rank)
      return rewriter.notifyMatchFailure(op, "sizes of the wrong length");
    SmallVector<OpFoldResult> inSizes = getSizes(rewriter, loc, input);
    Type i64 = rewriter.getI64Type();

    // The result's sizes; keeps[j]: the size is the input's own.
    SmallVector<OpFoldResult> sizes(rank);
    SmallVector<bool> keeps(rank, false);
    for (int64_t j = 0; j < rank; ++j) {
      int64_t i = j - offset;
      if (!resultType.isDynamicDim(j)) {
        sizes[j] = rewriter.getIndexAttr(resultType.getDimSize(j));
        continue;
      }
      Value element = elements ? (*elements)[j] : Value();
      std::optional<int64_t> constant =
          element ? constantInt(element) : std::nullopt;
      if ((!element || constant == -1) && i >= 0) {
        sizes[j] = inSizes[i];
        keeps[j] = true;
      } else if (constant && *constant >= 0) {
        sizes[j] = rewriter.getIndexAttr(*constant);
      } else if (element && !constant) {
        Value v = this->getTypeConverter()->materializeTargetConversion(
            rewriter, loc, i64, element);
        if (!v)
          return rewriter.notifyMatchFailure(op, "size is not an int");
        if (i >= 0) {
          Value keep = rewriter.create<arith::CmpIOp>(
              loc, arith::CmpIPredicate::eq, v,
              scalarConstant(rewriter, loc, i64, -1));
          v = rewriter.create<arith::SelectOp>(
              loc, keep,
              indexToI64(
                  rewriter, loc,
                  getValueOrCreateConstantIndexOp(rewriter, loc, inSizes[i])),
              v);
        }
        sizes[j] = i64ToIndex(rewriter, loc, v);
      } else {
        return rewriter.notifyMatchFailure(op, "a new dimension of size -1");
      }
    }

    // Each input dimension: stretched (static 1), the result's own, or
    // stretched when it is 1 at run time.
    enum class Read { Zero, Same, OneAtRunTime };
    SmallVector<Read> reads;
    // For an input dimension read OneAtRunTime: whether it is 1 (computed
    // once, here, not per element).
    SmallVector<Value> isOne(inputType.getRank());
    for (int64_t i = 0; i < inputType.getRank(); ++i) {
      int64_t j = i + offset;
      if (inputType.getDimSize(i) == 1 && resultType.getDimSize(j) != 1) {
        reads.push_back(Read::Zero);
      } else if (!inputType.isDynamicDim(i) || keeps[j]) {
        reads.push_back(Read::Same);
        checkSameSize(rewriter, loc, inSizes[i], sizes[j],
                      "expand: dimension " + Twine(i) +
                          " of the input is neither 1 nor the size asked "
                          "for");
      } else {
        reads.push_back(Read::OneAtRunTime);
        Value in = getValueOrCreateConstantIndexOp(rewriter, loc, inSizes[i]);
        Value out = getValueOrCreateConstantIndexOp(rewriter, loc, sizes[j]);
        Value one = rewriter.create<arith::ConstantIndexOp>(loc, 1);
        isOne[i] = rewriter.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                                  in, one);
        Value ok = rewriter.create<arith::OrIOp>(
            loc, isOne[i],
            rewriter.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, in,
                                           out));
        rewriter.create<cf::AssertOp>(
            loc, ok,
            ("expand: dimension " + Twine(i) +
             " of the input is neither 1 nor the size asked for")
                .str());
      }
    }

    Value init = emptyTensor(rewriter, loc, resultType, sizes);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    Value result;
    if (!llvm::is_contained(reads, Read::OneAtRunTime)) {
      SmallVector<AffineExpr> exprs;
      for (auto [i, read] : llvm::enumerate(reads))
        exprs.push_back(read == Read::Zero
                            ? getAffineConstantExpr(0, context)
                            : getAffineDimExpr(i + offset, context));
      result = rewriter
                   .create<linalg::GenericOp>(
                       loc, resultType, input, init,
                       ArrayRef<AffineMap>{
                           AffineMap::get(rank, 0, exprs, context), identity},
                       iterators,
                       [](OpBuilder &b, Location l, ValueRange args) {
                         b.create<linalg::YieldOp>(l, args[0]);
                       })
                   .getResult(0);
    } else {
      // Read the input at each position, index 0 along a dimension that is
      // 1 at run time.
      result =
          rewriter
              .create<linalg::GenericOp>(
                  loc, resultType, ValueRange{}, init,
                  ArrayRef<AffineMap>{identity}, iterators,
                  [&](OpBuilder &b, Location l, ValueRange) {
                    Value zero = b.create<arith::ConstantIndexOp>(l, 0);
                    SmallVector<Value> at;
                    for (auto [i, read] : llvm::enumerate(reads)) {
                      if (read == Read::Zero) {
                        at.push_back(zero);
                        continue;
                      }
                      Value index = b.create<linalg::IndexOp>(l, i + offset);
                      if (read == Read::OneAtRunTime)
                        index =
                            b.create<arith::SelectOp>(l, isOne[i], zero, index);
                      at.push_back(index);
                    }
                    b.create<linalg::YieldOp>(
                        l,
                        b.create<tensor::ExtractOp>(l, input, at).getResult());
                  })
              .getResult(0);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// A slice bound (an i64) as ATen reads one: negative counts from the end
/// of a dimension of `size`, and the result is clamped to [0, size].
Value clampedBound(OpBuilder &b, Location loc, Value bound, Value size) {
  Value zero = scalarConstant(b, loc, b.getI64Type(), 0);
  Value negative =
      b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, bound, zero);
  bound = b.create<arith::SelectOp>(
      loc, negative, b.create<arith::AddIOp>(loc, bound, size), bound);
  bound = b.create<arith::MaxSIOp>(loc, bound, zero);
  return b.create<arith::MinSIOp>(loc, bound, size);
}

/// slice.Tensor(self, dim, start?, end?, step): tensor.extract_slice with
/// Python's clamping of start and end.
class ConvertSlice : public OpConversionPattern<AtenSliceTensorOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenSliceTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!resultType || !inputType)
      return rewriter.notifyMatchFailure(op, "not ranked tensors");
    std::optional<int64_t> dim = constantDim(op.getDim(), inputType.getRank());
    std::optional<int64_t> step = constantInt(op.getStep());
    if (!dim || !step || *step <= 0)
      return rewriter.notifyMatchFailure(op, "non-constant dim or step");
    Type i64 = rewriter.getI64Type();
    for (Value v : {adaptor.getStart(), adaptor.getEnd()})
      if (!isNone(v) && v.getType() != i64)
        return rewriter.notifyMatchFailure(op, "start or end is not an int");
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, input);
    SmallVector<OpFoldResult> offsets(inputType.getRank(),
                                      rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(inputType.getRank(),
                                      rewriter.getIndexAttr(1));
    strides[*dim] = rewriter.getIndexAttr(*step);
    // start/end: None is 0/size; negative counts from the end; both clamp to
    // [0, size]. Constant bounds on a static dimension give a static slice.
    std::optional<int64_t> staticSize = getConstantIntValue(sizes[*dim]);
    auto staticBound = [&](Value original,
                           int64_t dflt) -> std::optional<int64_t> {
      if (isNone(original))
        return dflt;
      std::optional<int64_t> v = constantInt(original);
      if (!v || !staticSize)
        return std::nullopt;
      int64_t b = *v < 0 ? *v + *staticSize : *v;
      return std::clamp<int64_t>(b, 0, *staticSize);
    };
    std::optional<int64_t> staticStart = staticBound(op.getStart(), 0);
    std::optional<int64_t> staticEnd =
        staticBound(op.getEnd(), staticSize.value_or(0));
    if (staticStart && staticEnd) {
      int64_t n = std::max<int64_t>(*staticEnd - *staticStart, 0);
      offsets[*dim] = rewriter.getIndexAttr(*staticStart);
      sizes[*dim] = rewriter.getIndexAttr((n + *step - 1) / *step);
    } else {
      Value size = indexToI64(
          rewriter, loc,
          getValueOrCreateConstantIndexOp(rewriter, loc, sizes[*dim]));
      Value zero = scalarConstant(rewriter, loc, i64, 0);
      auto bound = [&](Value original, Value converted, Value dflt) -> Value {
        if (isNone(original))
          return dflt;
        // An i64 already: adaptor operands are converted.
        return clampedBound(rewriter, loc, converted, size);
      };
      Value start = bound(op.getStart(), adaptor.getStart(), zero);
      Value end = bound(op.getEnd(), adaptor.getEnd(), size);
      end = rewriter.create<arith::MaxSIOp>(loc, end, start);
      // ceil((end - start) / step)
      Value length = rewriter.create<arith::CeilDivSIOp>(
          loc, rewriter.create<arith::SubIOp>(loc, end, start),
          scalarConstant(rewriter, loc, i64, *step));
      offsets[*dim] = i64ToIndex(rewriter, loc, start);
      sizes[*dim] = i64ToIndex(rewriter, loc, length);
    }
    Value slice = rewriter.create<tensor::ExtractSliceOp>(loc, input, offsets,
                                                          sizes, strides);
    if (slice.getType() != resultType)
      slice = rewriter.create<tensor::CastOp>(loc, resultType, slice);
    rewriter.replaceOp(op, slice);
    return success();
  }
};

/// select.int(self, dim, index): a rank-reducing extract_slice.
class ConvertSelect : public OpConversionPattern<AtenSelectIntOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenSelectIntOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!resultType || !inputType || inputType.getRank() == 0)
      return rewriter.notifyMatchFailure(op, "not ranked tensors");
    std::optional<int64_t> dim = constantDim(op.getDim(), inputType.getRank());
    if (!dim)
      return rewriter.notifyMatchFailure(op, "non-constant dim");
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, input);
    Type i64 = rewriter.getI64Type();
    SmallVector<OpFoldResult> offsets(inputType.getRank(),
                                      rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(inputType.getRank(),
                                      rewriter.getIndexAttr(1));
    std::optional<int64_t> constantIndex = constantInt(op.getIndex());
    std::optional<int64_t> staticSize = getConstantIntValue(sizes[*dim]);
    if (constantIndex && (*constantIndex >= 0 || staticSize)) {
      int64_t at =
          *constantIndex < 0 ? *constantIndex + *staticSize : *constantIndex;
      offsets[*dim] = rewriter.getIndexAttr(at);
    } else {
      Value index = adaptor.getIndex();
      if (index.getType() != i64)
        return rewriter.notifyMatchFailure(op, "index is not an int");
      Value size = indexToI64(
          rewriter, loc,
          getValueOrCreateConstantIndexOp(rewriter, loc, sizes[*dim]));
      Value negative =
          rewriter.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, index,
                                         scalarConstant(rewriter, loc, i64, 0));
      index = rewriter.create<arith::SelectOp>(
          loc, negative, rewriter.create<arith::AddIOp>(loc, index, size),
          index);
      offsets[*dim] = i64ToIndex(rewriter, loc, index);
    }
    sizes[*dim] = rewriter.getIndexAttr(1);
    // The input's shape without `dim`: named, not inferred (inference drops
    // the first unit dimensions, which need not be `dim`).
    SmallVector<int64_t> reduced(inputType.getShape());
    reduced.erase(reduced.begin() + *dim);
    auto reducedType =
        RankedTensorType::get(reduced, inputType.getElementType());
    Value slice = rewriter.create<tensor::ExtractSliceOp>(
        loc, reducedType, input, offsets, sizes, strides);
    if (slice.getType() != resultType)
      slice = rewriter.create<tensor::CastOp>(loc, resultType, slice);
    rewriter.replaceOp(op, slice);
    return success();
  }
};

/// slice_scatter(self, src, dim, start, end, step): `src` inserted into
/// `self` along `dim` from `start` (None: 0; negative: from the end; clamped
/// to [0, size]) every `step` (a constant >= 1). `src`'s shape is the slice's,
/// as ATen requires, so `end` is implied by it.
class ConvertSliceScatter : public OpConversionPattern<AtenSliceScatterOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenSliceScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    Value self = adaptor.getSelf(), src = adaptor.getSrc();
    auto selfType = dyn_cast<RankedTensorType>(self.getType());
    auto srcType = dyn_cast<RankedTensorType>(src.getType());
    if (!resultType || !selfType || !srcType ||
        srcType.getRank() != selfType.getRank())
      return rewriter.notifyMatchFailure(op, "not ranked tensors of one rank");
    std::optional<int64_t> dim = constantDim(op.getDim(), selfType.getRank());
    std::optional<int64_t> step = constantInt(op.getStep());
    if (!dim || !step || *step <= 0)
      return rewriter.notifyMatchFailure(op, "non-constant dim or step");
    Location loc = op.getLoc();
    Type element = resultType.getElementType();
    self = castElements(rewriter, loc, self, element,
                        isUnsignedTensor(op.getSelf()));
    src = castElements(rewriter, loc, src, element,
                       isUnsignedTensor(op.getSrc()));
    SmallVector<OpFoldResult> offsets(selfType.getRank(),
                                      rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(selfType.getRank(),
                                      rewriter.getIndexAttr(1));
    strides[*dim] = rewriter.getIndexAttr(*step);
    if (!isNone(op.getStart())) {
      Value start = adaptor.getStart();
      if (start.getType() != rewriter.getI64Type())
        return rewriter.notifyMatchFailure(op, "start is not an int");
      Value size = indexToI64(rewriter, loc,
                              rewriter.create<tensor::DimOp>(loc, self, *dim));
      offsets[*dim] =
          i64ToIndex(rewriter, loc, clampedBound(rewriter, loc, start, size));
    }
    Value result = rewriter.create<tensor::InsertSliceOp>(
        loc, src, self, offsets, getSizes(rewriter, loc, src), strides);
    if (result.getType() != resultType)
      result = rewriter.create<tensor::CastOp>(loc, resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// view.dtype(self, dtype) between element types of one size: each element's
/// bits read as the other type (a bool, one byte in memory, reads as 0 or 1;
/// a byte as a bool is whether it is nonzero). Sizes that differ, which
/// change the last dimension, are not converted.
class ConvertViewDtype : public OpConversionPattern<AtenViewDtypeOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenViewDtypeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    Value self = adaptor.getSelf();
    auto selfType = dyn_cast<RankedTensorType>(self.getType());
    if (!resultType || !selfType)
      return rewriter.notifyMatchFailure(op, "not ranked tensors");
    Type from = selfType.getElementType(), to = resultType.getElementType();
    auto bytes = [](Type t) { return (t.getIntOrFloatBitWidth() + 7) / 8; };
    if (!from.isIntOrFloat() || !to.isIntOrFloat() || bytes(from) != bytes(to))
      return rewriter.notifyMatchFailure(op, "element sizes differ");
    Value result = buildElementwise(
        rewriter, op.getLoc(), self, resultType,
        [&](OpBuilder &b, Location loc, ValueRange x) -> Value {
          if (from == to)
            return x[0];
          if (from.isInteger(1))
            return castScalar(b, loc, x[0], to);
          if (to.isInteger(1))
            return castScalar(
                b, loc, b.create<arith::BitcastOp>(loc, b.getI8Type(), x[0]),
                to);
          return b.create<arith::BitcastOp>(loc, to, x[0]);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// cat(tensors, dim): each tensor inserted at its offset. Empty 1-D tensors
/// (which PyTorch skips) are skipped.
class ConvertCat : public OpConversionPattern<AtenCatOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenCatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    std::optional<SmallVector<Value>> elements = listElements(op.getTensors());
    if (!resultType || !elements)
      return rewriter.notifyMatchFailure(op, "not a constant list");
    std::optional<int64_t> dim = constantDim(op.getDim(), resultType.getRank());
    if (!dim)
      return rewriter.notifyMatchFailure(op,
                                         "non-constant dim, or out of range");
    Location loc = op.getLoc();
    SmallVector<Value> tensors;
    for (Value element : *elements) {
      Type type = getTypeConverter()->convertType(element.getType());
      auto ranked = dyn_cast_or_null<RankedTensorType>(type);
      if (!ranked)
        return rewriter.notifyMatchFailure(op, "an unranked operand");
      if (ranked.getRank() == 1 && ranked.getDimSize(0) == 0 &&
          resultType.getRank() != 1)
        continue;
      Value tensor = getTypeConverter()->materializeTargetConversion(
          rewriter, loc, ranked, element);
      tensors.push_back(castElements(rewriter, loc, tensor,
                                     resultType.getElementType(),
                                     isUnsignedTensor(element)));
    }
    if (tensors.empty())
      return rewriter.notifyMatchFailure(op, "nothing to concatenate");
    SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, tensors[0]);
    Value total = rewriter.create<arith::ConstantIndexOp>(loc, 0);
    SmallVector<Value> offsets;
    for (Value tensor : tensors) {
      offsets.push_back(total);
      OpFoldResult size = getSizes(rewriter, loc, tensor)[*dim];
      total = rewriter.create<arith::AddIOp>(
          loc, total, getValueOrCreateConstantIndexOp(rewriter, loc, size));
    }
    sizes[*dim] = total;
    Value result = emptyTensor(rewriter, loc, resultType, sizes);
    for (auto [tensor, offset] : llvm::zip(tensors, offsets)) {
      SmallVector<OpFoldResult> at(resultType.getRank(),
                                   rewriter.getIndexAttr(0));
      at[*dim] = offset;
      SmallVector<OpFoldResult> strides(resultType.getRank(),
                                        rewriter.getIndexAttr(1));
      result = rewriter.create<tensor::InsertSliceOp>(
          loc, tensor, result, at, getSizes(rewriter, loc, tensor), strides);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// embedding(weight, indices, ...) and index_select(self, dim, index): a
/// gather; each result element is tensor.extract of the source at the
/// looked-up index.
template <typename OpTy>
class ConvertGather : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    constexpr bool isEmbedding = std::is_same_v<OpTy, AtenEmbeddingOp>;
    Value source = adaptor.getOperands()[0];
    Value indices = adaptor.getOperands()[isEmbedding ? 1 : 2];
    auto sourceType = dyn_cast<RankedTensorType>(source.getType());
    auto indicesType = dyn_cast<RankedTensorType>(indices.getType());
    if (!resultType || !sourceType || !indicesType)
      return rewriter.notifyMatchFailure(op, "not ranked tensors");
    int64_t dim = 0;
    if constexpr (!isEmbedding) {
      std::optional<int64_t> normalized =
          constantDim(op->getOperand(1), sourceType.getRank());
      if (!normalized || indicesType.getRank() > 1)
        return rewriter.notifyMatchFailure(op, "non-constant dim");
      dim = *normalized;
    }
    // Result dims: source dims before `dim`, the index dims, source dims
    // after `dim` (embedding: dim 0).
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    if (!isEmbedding && indicesType.getRank() == 0) {
      // index_select reads a 0-d index as one of length 1: `dim` stays.
      indicesType = RankedTensorType::get({1}, indicesType.getElementType());
      indices = rewriter.create<tensor::FromElementsOp>(
          loc, indicesType,
          ValueRange{
              rewriter.create<tensor::ExtractOp>(loc, indices, ValueRange{})});
    }
    int64_t indexRank = indicesType.getRank();
    int64_t rank = resultType.getRank();
    SmallVector<OpFoldResult> sourceSizes = getSizes(rewriter, loc, source);
    SmallVector<OpFoldResult> indexSizes = getSizes(rewriter, loc, indices);
    SmallVector<OpFoldResult> sizes(sourceSizes.begin(),
                                    sourceSizes.begin() + dim);
    sizes.append(indexSizes.begin(), indexSizes.end());
    sizes.append(sourceSizes.begin() + dim + 1, sourceSizes.end());
    SmallVector<AffineExpr> indexExprs;
    for (int64_t i = 0; i < indexRank; ++i)
      indexExprs.push_back(getAffineDimExpr(dim + i, context));
    SmallVector<AffineMap> maps{AffineMap::get(rank, 0, indexExprs, context),
                                rewriter.getMultiDimIdentityMap(rank)};
    Value init = emptyTensor(rewriter, loc, resultType, sizes);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, indices, init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> at;
          for (int64_t i = 0; i < dim; ++i)
            at.push_back(b.create<linalg::IndexOp>(l, i));
          Value index = castScalar(b, l, args[0], b.getI64Type());
          at.push_back(i64ToIndex(b, l, index));
          for (int64_t i = dim + 1; i < sourceType.getRank(); ++i)
            at.push_back(b.create<linalg::IndexOp>(l, i - 1 + indexRank));
          Value element = b.create<tensor::ExtractOp>(l, source, at);
          b.create<linalg::YieldOp>(
              l, castScalar(b, l, element, resultType.getElementType()));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

/// size.int(self, dim): tensor.dim as i64.
class ConvertSizeInt : public OpConversionPattern<AtenSizeIntOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenSizeIntOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(adaptor.getSelf().getType());
    std::optional<int64_t> dim =
        type ? constantDim(op.getDim(), type.getRank()) : std::nullopt;
    if (!dim || type.getRank() == 0)
      return rewriter.notifyMatchFailure(op, "non-constant dim");
    Location loc = op.getLoc();
    Value size = rewriter.create<tensor::DimOp>(loc, adaptor.getSelf(), *dim);
    rewriter.replaceOp(op, indexToI64(rewriter, loc, size));
    return success();
  }
};

/// _shape_as_tensor(self): the sizes, as a 1-D tensor (of the result's
/// integer type), from tensor.dim.
class ConvertShapeAsTensor : public OpConversionPattern<Aten_ShapeAsTensorOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Aten_ShapeAsTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    auto type = dyn_cast<RankedTensorType>(adaptor.getSelf().getType());
    if (!resultType || !type || resultType.getRank() != 1 ||
        !isa<IntegerType>(resultType.getElementType()))
      return rewriter.notifyMatchFailure(op, "not a ranked input");
    Location loc = op.getLoc();
    SmallVector<Value> sizes;
    for (OpFoldResult size : getSizes(rewriter, loc, adaptor.getSelf()))
      sizes.push_back(rewriter.create<arith::IndexCastOp>(
          loc, resultType.getElementType(),
          getValueOrCreateConstantIndexOp(rewriter, loc, size)));
    Value shape = rewriter.create<tensor::FromElementsOp>(
        loc,
        RankedTensorType::get({static_cast<int64_t>(sizes.size())},
                              resultType.getElementType()),
        sizes);
    if (shape.getType() != resultType)
      shape = rewriter.create<tensor::CastOp>(loc, resultType, shape);
    rewriter.replaceOp(op, shape);
    return success();
  }
};

/// tensor_static_info_cast: tensor.cast, and a run-time check for each size
/// the result claims static where the operand's was known only at run time.
class ConvertTensorStaticInfoCast
    : public OpConversionPattern<TensorStaticInfoCastOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TensorStaticInfoCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    Value input = adaptor.getOperand();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!resultType || !inputType ||
        !tensor::CastOp::areCastCompatible(inputType, resultType))
      return rewriter.notifyMatchFailure(op, "not compatible ranked tensors");
    Location loc = op.getLoc();
    for (int64_t d = 0; d < resultType.getRank(); ++d)
      if (inputType.isDynamicDim(d) && !resultType.isDynamicDim(d))
        checkSameSize(rewriter, loc,
                      rewriter.create<tensor::DimOp>(loc, input, d).getResult(),
                      rewriter.getIndexAttr(resultType.getDimSize(d)),
                      "dimension " + Twine(d) + " is not the static size " +
                          Twine(resultType.getDimSize(d)) +
                          " the program was compiled for");
    Value result = input;
    if (inputType != resultType)
      result = rewriter.create<tensor::CastOp>(loc, resultType, input);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// constant_pad_nd(self, pad, value): tensor.pad. `pad` lists (low, high)
/// pairs from the last dimension backwards; negative amounts crop.
class ConvertConstantPad : public OpConversionPattern<AtenConstantPadNdOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenConstantPadNdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getSelf().getType());
    std::optional<SmallVector<int64_t>> pad = constantInts(op.getPad());
    Value value = adaptor.getValue();
    if (!resultType || !inputType || !pad || pad->size() % 2 ||
        static_cast<int64_t>(pad->size()) > 2 * inputType.getRank() ||
        !value.getType().isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "non-constant padding");
    if (llvm::any_of(*pad, [](int64_t p) { return p < 0; }))
      return rewriter.notifyMatchFailure(op, "negative padding (cropping)");
    Location loc = op.getLoc();
    int64_t rank = inputType.getRank();
    SmallVector<OpFoldResult> low(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> high(rank, rewriter.getIndexAttr(0));
    for (size_t i = 0; i < pad->size() / 2; ++i) {
      low[rank - 1 - i] = rewriter.getIndexAttr((*pad)[2 * i]);
      high[rank - 1 - i] = rewriter.getIndexAttr((*pad)[2 * i + 1]);
    }
    Value fill = castScalar(rewriter, loc, value, inputType.getElementType());
    Value padded = rewriter.create<tensor::PadOp>(
        loc, resultType, adaptor.getSelf(), low, high, fill);
    rewriter.replaceOp(op, padded);
    return success();
  }
};

/// gather(self, dim, index): out[i..][j][k..] =
/// self[i..][index[i..][j][k..]][k..].
class ConvertGatherDim : public OpConversionPattern<AtenGatherOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenGatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    Value source = adaptor.getSelf(), index = adaptor.getIndex();
    auto sourceType = dyn_cast<RankedTensorType>(source.getType());
    auto indexType = dyn_cast<RankedTensorType>(index.getType());
    if (!resultType || !sourceType || !indexType ||
        indexType.getRank() != sourceType.getRank())
      return rewriter.notifyMatchFailure(op, "not ranked tensors of one rank");
    std::optional<int64_t> dim = constantDim(op.getDim(), sourceType.getRank());
    if (!dim)
      return rewriter.notifyMatchFailure(op,
                                         "non-constant dim, or out of range");
    Location loc = op.getLoc();
    int64_t rank = resultType.getRank();
    Value init =
        emptyTensor(rewriter, loc, resultType, getSizes(rewriter, loc, index));
    SmallVector<AffineMap> maps(2, rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, index, init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> at;
          for (int64_t i = 0; i < rank; ++i)
            at.push_back(
                i == *dim ? i64ToIndex(
                                b, l, castScalar(b, l, args[0], b.getI64Type()))
                          : b.create<linalg::IndexOp>(l, i).getResult());
          b.create<linalg::YieldOp>(
              l, ValueRange{b.create<tensor::ExtractOp>(l, source, at)});
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

/// index.Tensor(self, indices) with the index tensors (the non-None entries)
/// next to each other: the result is self's leading dims, the index tensors'
/// broadcast shape, then self's remaining dims. Negative indices wrap.
class ConvertIndexTensor : public OpConversionPattern<AtenIndexTensorOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenIndexTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    Value source = adaptor.getSelf();
    auto sourceType = dyn_cast<RankedTensorType>(source.getType());
    std::optional<SmallVector<Value>> elements = listElements(op.getIndices());
    if (!resultType || !sourceType || !elements)
      return rewriter.notifyMatchFailure(op, "indices are not a list");
    Location loc = op.getLoc();
    // The indexed dims [first, first + count) and their index tensors.
    int64_t first = -1;
    SmallVector<Value> indices;
    for (auto [i, element] : llvm::enumerate(*elements)) {
      if (isNone(element))
        continue;
      if (first < 0)
        first = i;
      else if (static_cast<int64_t>(i) !=
               first + static_cast<int64_t>(indices.size()))
        return rewriter.notifyMatchFailure(op,
                                           "index tensors are not adjacent");
      auto type = dyn_cast_or_null<RankedTensorType>(
          getTypeConverter()->convertType(element.getType()));
      if (!type || !isa<IntegerType>(type.getElementType()) ||
          type.getElementType().isInteger(1))
        return rewriter.notifyMatchFailure(op, "an index is not an int tensor");
      indices.push_back(getTypeConverter()->materializeTargetConversion(
          rewriter, loc, type, element));
    }
    if (indices.empty())
      return rewriter.notifyMatchFailure(op, "no index tensor");
    int64_t count = indices.size();
    int64_t rank = resultType.getRank();
    int64_t broadcastRank = rank - (sourceType.getRank() - count);
    MLIRContext *context = rewriter.getContext();
    SmallVector<AffineMap> maps;
    SmallVector<OpFoldResult> sizes;
    SmallVector<OpFoldResult> sourceSizes = getSizes(rewriter, loc, source);
    for (int64_t i = 0; i < first; ++i)
      sizes.push_back(sourceSizes[i]);
    SmallVector<OpFoldResult> broadcastSizes(broadcastRank);
    for (Value index : indices) {
      auto type = cast<RankedTensorType>(index.getType());
      int64_t offset = broadcastRank - type.getRank();
      SmallVector<AffineExpr> exprs;
      for (int64_t d = 0; d < type.getRank(); ++d) {
        int64_t j = first + offset + d;
        bool stretched =
            type.getDimSize(d) == 1 && resultType.getDimSize(j) != 1;
        exprs.push_back(stretched ? getAffineConstantExpr(0, context)
                                  : getAffineDimExpr(j, context));
        if (!stretched && !broadcastSizes[offset + d])
          broadcastSizes[offset + d] = getSizes(rewriter, loc, index)[d];
      }
      maps.push_back(AffineMap::get(rank, 0, exprs, context));
    }
    for (OpFoldResult &size : broadcastSizes)
      sizes.push_back(size ? size : rewriter.getIndexAttr(1));
    for (int64_t i = first + count; i < sourceType.getRank(); ++i)
      sizes.push_back(sourceSizes[i]);
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    Value init = emptyTensor(rewriter, loc, resultType, sizes);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, indices, init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> at;
          for (int64_t i = 0; i < first; ++i)
            at.push_back(b.create<linalg::IndexOp>(l, i));
          for (int64_t k = 0; k < count; ++k)
            at.push_back(wrapIndex(
                b, l, args[k], b.create<tensor::DimOp>(l, source, first + k)));
          for (int64_t i = first + count; i < sourceType.getRank(); ++i)
            at.push_back(b.create<linalg::IndexOp>(l, first + broadcastRank +
                                                          (i - first - count)));
          Value element = b.create<tensor::ExtractOp>(l, source, at);
          b.create<linalg::YieldOp>(l, element);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

/// Index arithmetic on sizes and strides that folds constants.
OpFoldResult addSizes(OpBuilder &b, Location loc, OpFoldResult x,
                      OpFoldResult y) {
  std::optional<int64_t> cx = getConstantIntValue(x),
                         cy = getConstantIntValue(y);
  if (cx && cy)
    return b.getIndexAttr(*cx + *cy);
  return b
      .create<arith::AddIOp>(loc, getValueOrCreateConstantIndexOp(b, loc, x),
                             getValueOrCreateConstantIndexOp(b, loc, y))
      .getResult();
}

OpFoldResult mulSizes(OpBuilder &b, Location loc, OpFoldResult x,
                      OpFoldResult y) {
  std::optional<int64_t> cx = getConstantIntValue(x),
                         cy = getConstantIntValue(y);
  if (cx && cy)
    return b.getIndexAttr(*cx * *cy);
  return b
      .create<arith::MulIOp>(loc, getValueOrCreateConstantIndexOp(b, loc, x),
                             getValueOrCreateConstantIndexOp(b, loc, y))
      .getResult();
}

/// The strides of a contiguous (row-major) tensor of `sizes`.
SmallVector<OpFoldResult> contiguousStrides(OpBuilder &b, Location loc,
                                            ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> strides(sizes.size(), b.getIndexAttr(1));
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 2; d >= 0; --d)
    strides[d] = mulSizes(b, loc, strides[d + 1], sizes[d + 1]);
  return strides;
}

/// A strided view of `source`'s elements in row-major order, as value
/// semantics reads one: element (i0, ..., ik) of the result, of `sizes`, is
/// element `offset + sum(ij * strides[j])` of the flattened source. A
/// linalg.generic reading the flat source with tensor.extract.
Value stridedView(OpBuilder &b, Location loc, Value source,
                  RankedTensorType resultType, ArrayRef<OpFoldResult> sizes,
                  ArrayRef<OpFoldResult> strides, OpFoldResult offset) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t count = sourceType.hasStaticShape() ? sourceType.getNumElements()
                                              : ShapedType::kDynamic;
  Value flat =
      reshape(b, loc, source,
              RankedTensorType::get({count}, sourceType.getElementType()), {});
  int64_t rank = resultType.getRank();
  Value init = emptyTensor(b, loc, resultType, sizes);
  SmallVector<Value> strideValues, sizeValues;
  for (OpFoldResult stride : strides)
    strideValues.push_back(getValueOrCreateConstantIndexOp(b, loc, stride));
  Value offsetValue = getValueOrCreateConstantIndexOp(b, loc, offset);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = b.create<linalg::GenericOp>(
      loc, resultType, ValueRange{}, init,
      ArrayRef<AffineMap>{b.getMultiDimIdentityMap(rank)}, iterators,
      [&](OpBuilder &nb, Location l, ValueRange) {
        Value at = offsetValue;
        for (int64_t d = 0; d < rank; ++d)
          at = nb.create<arith::AddIOp>(
              l, at,
              nb.create<arith::MulIOp>(l, nb.create<linalg::IndexOp>(l, d),
                                       strideValues[d]));
        nb.create<linalg::YieldOp>(
            l, nb.create<tensor::ExtractOp>(l, flat, at).getResult());
      });
  return generic.getResult(0);
}

/// as_strided(self, size, stride, storage_offset) and as_strided_copy, with
/// constant lists: a strided view of `self`'s elements in row-major order
/// (what a functional graph means by it: a view of a contiguous tensor).
template <typename OpTy>
class ConvertAsStrided : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    Value source = adaptor.getSelf();
    if (!resultType || !isa<RankedTensorType>(source.getType()))
      return rewriter.notifyMatchFailure(op, "not ranked tensors");
    // as_strided reads its input's storage; of a view that reorders or
    // offsets it, value semantics no longer knows that storage, and reading
    // the value in row-major order would be wrong (torch_mlir's own
    // decompositions rewrite those on the strides export knew).
    Operation *producer = op.getSelf().getDefiningOp();
    if (producer &&
        isa<AtenTransposeIntOp, AtenPermuteOp, AtenTOp, AtenNumpyTOp,
            AtenMovedimIntOp, AtenSelectIntOp, AtenSliceTensorOp, AtenNarrowOp,
            AtenExpandOp, AtenBroadcastToOp, AtenDiagonalOp, AtenAsStridedOp,
            AtenUnfoldOp>(producer))
      return rewriter.notifyMatchFailure(
          op, "as_strided of a view whose storage value semantics lost");
    std::optional<SmallVector<int64_t>> sizes = constantInts(op.getSize());
    std::optional<SmallVector<int64_t>> strides = constantInts(op.getStride());
    std::optional<int64_t> offset = 0;
    if (!isNone(op.getStorageOffset()))
      offset = constantInt(op.getStorageOffset());
    if (!sizes || !strides || !offset || sizes->size() != strides->size() ||
        static_cast<int64_t>(sizes->size()) != resultType.getRank())
      return rewriter.notifyMatchFailure(
          op, "sizes, strides and offset must be constants");
    auto sourceType = cast<RankedTensorType>(source.getType());
    if (sourceType.hasStaticShape()) {
      // The last element read must lie inside the source.
      int64_t last = *offset;
      bool empty = false;
      for (auto [size, stride] : llvm::zip(*sizes, *strides)) {
        empty |= size == 0;
        last += (size - 1) * stride;
      }
      if (!empty && (last >= sourceType.getNumElements() || *offset < 0))
        return rewriter.notifyMatchFailure(op,
                                           "the view reads past the source");
    }
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizeFolds, strideFolds;
    for (auto [size, stride] : llvm::zip(*sizes, *strides)) {
      sizeFolds.push_back(rewriter.getIndexAttr(size));
      strideFolds.push_back(rewriter.getIndexAttr(stride));
    }
    rewriter.replaceOp(op, stridedView(rewriter, loc, source, resultType,
                                       sizeFolds, strideFolds,
                                       rewriter.getIndexAttr(*offset)));
    return success();
  }
};

/// diagonal(self, offset, dim1, dim2) and diagonal_copy: the other dims in
/// order, then the diagonal, a strided view whose step along the diagonal is
/// the sum of dim1's and dim2's strides.
template <typename OpTy>
class ConvertDiagonal : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    Value source = adaptor.getSelf();
    auto sourceType = dyn_cast<RankedTensorType>(source.getType());
    if (!resultType || !sourceType || sourceType.getRank() < 2)
      return rewriter.notifyMatchFailure(op, "not ranked tensors of rank 2+");
    int64_t rank = sourceType.getRank();
    std::optional<int64_t> offset = constantInt(op.getOffset());
    std::optional<int64_t> dim1 = constantDim(op.getDim1(), rank);
    std::optional<int64_t> dim2 = constantDim(op.getDim2(), rank);
    if (!offset || !dim1 || !dim2 || *dim1 == *dim2)
      return rewriter.notifyMatchFailure(op, "non-constant offset or dims");
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sourceSizes = getSizes(rewriter, loc, source);
    SmallVector<OpFoldResult> sourceStrides =
        contiguousStrides(rewriter, loc, sourceSizes);
    SmallVector<OpFoldResult> sizes, strides;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == *dim1 || d == *dim2)
        continue;
      sizes.push_back(sourceSizes[d]);
      strides.push_back(sourceStrides[d]);
    }
    // The diagonal starts at (0, offset) or (-offset, 0); its length is what
    // is left of both dims from there (0 if nothing).
    int64_t skip1 = *offset < 0 ? -*offset : 0;
    int64_t skip2 = *offset > 0 ? *offset : 0;
    OpFoldResult start =
        addSizes(rewriter, loc,
                 mulSizes(rewriter, loc, rewriter.getIndexAttr(skip1),
                          sourceStrides[*dim1]),
                 mulSizes(rewriter, loc, rewriter.getIndexAttr(skip2),
                          sourceStrides[*dim2]));
    auto remaining = [&](OpFoldResult size, int64_t skip) -> OpFoldResult {
      if (std::optional<int64_t> c = getConstantIntValue(size))
        return rewriter.getIndexAttr(std::max<int64_t>(*c - skip, 0));
      Value value = getValueOrCreateConstantIndexOp(rewriter, loc, size);
      Value left = rewriter.create<arith::SubIOp>(
          loc, value, rewriter.create<arith::ConstantIndexOp>(loc, skip));
      return rewriter
          .create<arith::MaxSIOp>(
              loc, left, rewriter.create<arith::ConstantIndexOp>(loc, 0))
          .getResult();
    };
    OpFoldResult left1 = remaining(sourceSizes[*dim1], skip1);
    OpFoldResult left2 = remaining(sourceSizes[*dim2], skip2);
    std::optional<int64_t> c1 = getConstantIntValue(left1),
                           c2 = getConstantIntValue(left2);
    OpFoldResult length =
        c1 && c2
            ? OpFoldResult(rewriter.getIndexAttr(std::min(*c1, *c2)))
            : OpFoldResult(
                  rewriter
                      .create<arith::MinSIOp>(
                          loc,
                          getValueOrCreateConstantIndexOp(rewriter, loc, left1),
                          getValueOrCreateConstantIndexOp(rewriter, loc, left2))
                      .getResult());
    sizes.push_back(length);
    strides.push_back(
        addSizes(rewriter, loc, sourceStrides[*dim1], sourceStrides[*dim2]));
    if (static_cast<int64_t>(sizes.size()) != resultType.getRank())
      return rewriter.notifyMatchFailure(op, "result rank is not rank - 1");
    rewriter.replaceOp(op, stridedView(rewriter, loc, source, resultType, sizes,
                                       strides, start));
    return success();
  }
};

/// unfold(self, dimension, size, step) and unfold_copy: `dimension` becomes
/// the number of windows, (n - size) / step + 1, read every `step`, and a
/// last dim of `size` reads each window.
template <typename OpTy>
class ConvertUnfold : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    Value source = adaptor.getSelf();
    auto sourceType = dyn_cast<RankedTensorType>(source.getType());
    if (!resultType || !sourceType || sourceType.getRank() == 0 ||
        resultType.getRank() != sourceType.getRank() + 1)
      return rewriter.notifyMatchFailure(op, "not ranked tensors of rank 1+");
    std::optional<int64_t> dim =
        constantDim(op.getDimension(), sourceType.getRank());
    std::optional<int64_t> size = constantInt(op.getSize());
    std::optional<int64_t> step = constantInt(op.getStep());
    if (!dim || !size || !step || *size < 0 || *step < 1)
      return rewriter.notifyMatchFailure(op, "non-constant dim, size or step");
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, source);
    SmallVector<OpFoldResult> strides = contiguousStrides(rewriter, loc, sizes);
    OpFoldResult windows;
    if (std::optional<int64_t> n = getConstantIntValue(sizes[*dim])) {
      if (*n < *size)
        return rewriter.notifyMatchFailure(op,
                                           "the window is larger than the dim");
      windows = rewriter.getIndexAttr((*n - *size) / *step + 1);
    } else {
      Value length =
          getValueOrCreateConstantIndexOp(rewriter, loc, sizes[*dim]);
      Value left = rewriter.create<arith::SubIOp>(
          loc, length, rewriter.create<arith::ConstantIndexOp>(loc, *size));
      rewriter.create<cf::AssertOp>(
          loc,
          rewriter.create<arith::CmpIOp>(
              loc, arith::CmpIPredicate::sge, left,
              rewriter.create<arith::ConstantIndexOp>(loc, 0)),
          "unfold: the window is larger than the dimension");
      windows =
          rewriter
              .create<arith::AddIOp>(
                  loc,
                  rewriter.create<arith::DivSIOp>(
                      loc, left,
                      rewriter.create<arith::ConstantIndexOp>(loc, *step)),
                  rewriter.create<arith::ConstantIndexOp>(loc, 1))
              .getResult();
    }
    OpFoldResult along = strides[*dim];
    sizes[*dim] = windows;
    strides[*dim] =
        mulSizes(rewriter, loc, along, rewriter.getIndexAttr(*step));
    sizes.push_back(rewriter.getIndexAttr(*size));
    strides.push_back(along);
    rewriter.replaceOp(op, stridedView(rewriter, loc, source, resultType, sizes,
                                       strides, rewriter.getIndexAttr(0)));
    return success();
  }
};

} // namespace

void mlir::torch::torch_to_linalg::populateDataMovementPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      ConvertView<AtenViewOp>, ConvertView<AtenReshapeOp>,
      ConvertView<Aten_UnsafeViewOp>,
      ConvertUnitReshape<AtenFlattenUsingIntsOp>,
      ConvertUnitReshape<AtenSqueezeOp>, ConvertUnitReshape<AtenSqueezeDimOp>,
      ConvertUnitReshape<AtenUnsqueezeOp>, ConvertPermute,
      ConvertTranspose<AtenTransposeIntOp>, ConvertTranspose<AtenTOp>,
      ConvertExpand<AtenExpandOp>, ConvertExpand<AtenBroadcastToOp>,
      ConvertSlice, ConvertSliceScatter, ConvertViewDtype, ConvertSelect,
      ConvertCat, ConvertGather<AtenEmbeddingOp>,
      ConvertGather<AtenIndexSelectOp>, ConvertSizeInt, ConvertShapeAsTensor,
      ConvertTensorStaticInfoCast, ConvertConstantPad, ConvertGatherDim,
      ConvertIndexTensor, ConvertAsStrided<AtenAsStridedOp>,
      ConvertAsStrided<AtenAsStridedCopyOp>, ConvertDiagonal<AtenDiagonalOp>,
      ConvertDiagonal<AtenDiagonalCopyOp>, ConvertUnfold<AtenUnfoldOp>,
      ConvertUnfold<AtenUnfoldCopyOp>>(converter, context);
}
