//===- DecomposeSorting.cpp - Sorting and searching -----------------------===//
//
// argsort, kthvalue, median along a dim and the bucket searches as a stable
// sort, slices of it, and counts of comparisons.
//
//===----------------------------------------------------------------------===//

#include "Decompositions.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::Torch::decompositions;

namespace {

/// sort.stable of `x` along `dim`: (values, indices).
std::pair<Value, Value> stableSort(TorchBuilder &b, Value x, int64_t dim,
                                   Value descending) {
  auto type = cast<ValueTensorType>(x.getType());
  auto sort = b.builder.create<AtenSortStableOp>(
      b.loc, type, b.tensorType(type.getSizes(), b.i64()), x, b.constBool(true),
      b.constInt(dim), descending);
  return {sort.getResult(0), sort.getResult(1)};
}

/// argsort(x, dim, descending): the indices of a stable sort (what
/// PyTorch's CPU sort gives on ties).
class DecomposeArgsort : public Decomposition<AtenArgsortOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenArgsortOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    std::optional<int64_t> dim = constantInt(op.getDim());
    if (!type || !dim || !wrapDim(*dim, type.getSizes().size()))
      return rewriter.notifyMatchFailure(op, "no constant dim");
    TorchBuilder b(rewriter, op.getLoc());
    Value indices =
        stableSort(b, op.getSelf(), *dim, op.getDescending()).second;
    if (indices.getType() != op.getType())
      return rewriter.notifyMatchFailure(op, "an unexpected result type");
    rewriter.replaceOp(op, indices);
    return success();
  }
};

/// The k-th smallest along `dim` (k from 1) of a stable sort, values and
/// indices, the dim kept or squeezed.
LogicalResult replaceWithKth(Operation *op, PatternRewriter &rewriter, Value x,
                             int64_t k, int64_t dim, bool keepdim) {
  auto type = cast<ValueTensorType>(x.getType());
  TorchBuilder b(rewriter, op->getLoc());
  auto [values, indices] = stableSort(b, x, dim, b.constBool(false));
  SmallVector<Value> outs, sortedPair{values, indices};
  for (auto [sorted, result] : llvm::zip(sortedPair, op->getResults())) {
    auto sortedType = cast<ValueTensorType>(sorted.getType());
    SmallVector<int64_t> sizes(type.getSizes());
    sizes[dim] = 1;
    Value picked = b.create<AtenSliceTensorOp>(
        b.tensorType(sizes, sortedType.getDtype()), sorted, b.constInt(dim),
        b.constInt(k - 1), b.constInt(k), b.constInt(1));
    if (!keepdim)
      picked =
          b.create<AtenSqueezeDimOp>(result.getType(), picked, b.constInt(dim));
    if (picked.getType() != result.getType())
      return rewriter.notifyMatchFailure(op, "an unexpected result type");
    outs.push_back(picked);
  }
  rewriter.replaceOp(op, outs);
  return success();
}

/// kthvalue(x, k, dim, keepdim).
class DecomposeKthvalue : public Decomposition<AtenKthvalueOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenKthvalueOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    std::optional<int64_t> k = constantInt(op.getK());
    std::optional<int64_t> dim = constantInt(op.getDim());
    std::optional<bool> keepdim = constantBool(op.getKeepdim());
    if (!type || !k || !dim || !keepdim || type.getSizes().empty())
      return rewriter.notifyMatchFailure(op, "k, dim or keepdim unknown");
    std::optional<int64_t> d = normalizeDim(*dim, type.getSizes().size());
    int64_t n = d ? type.getSizes()[*d] : kUnknownSize;
    if (!d || *k < 1 || (n != kUnknownSize && *k > n))
      return rewriter.notifyMatchFailure(op, "k or dim out of range");
    return replaceWithKth(op, rewriter, op.getSelf(), *k, *d, *keepdim);
  }
};

/// median.dim(x, dim, keepdim), an operator the registry lacks: the
/// ((n - 1) / 2 + 1)-th smallest (the lower of the two middle ones).
class DecomposeMedianDim : public OperatorDecomposition {
public:
  DecomposeMedianDim(MLIRContext *context, const LegalOps &legal)
      : OperatorDecomposition(context, legal, "aten.median.dim", 3, 2) {}

  LogicalResult decompose(OperatorOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op->getOperand(0));
    std::optional<int64_t> dim = constantInt(op->getOperand(1));
    std::optional<bool> keepdim = constantBool(op->getOperand(2));
    if (!type || !dim || !keepdim || type.getSizes().empty())
      return rewriter.notifyMatchFailure(op, "dim or keepdim unknown");
    std::optional<int64_t> d = normalizeDim(*dim, type.getSizes().size());
    if (!d || type.getSizes()[*d] == kUnknownSize || type.getSizes()[*d] < 1)
      return rewriter.notifyMatchFailure(op, "a length known at run time");
    int64_t n = type.getSizes()[*d];
    return replaceWithKth(op, rewriter, op->getOperand(0), (n - 1) / 2 + 1, *d,
                          *keepdim);
  }
};

/// How many of the 1-D `boundaries` are < x (or <= x when `right`), for
/// each element of x: its bucket, as `result`'s integer dtype.
Value bucketOf(TorchBuilder &b, Value x, Value boundaries, bool right,
               ValueTensorType result) {
  auto type = cast<ValueTensorType>(x.getType());
  int64_t count = cast<ValueTensorType>(boundaries.getType()).getSizes()[0];
  SmallVector<int64_t> spread(type.getSizes());
  spread.push_back(1);
  Value column = b.create<AtenUnsqueezeOp>(
      b.tensorType(spread, type.getDtype()), x, b.constInt(-1));
  spread.back() = count;
  Value below;
  if (right)
    below = b.create<AtenLeTensorOp>(b.tensorType(spread, b.i1()), boundaries,
                                     column);
  else
    below = b.create<AtenLtTensorOp>(b.tensorType(spread, b.i1()), boundaries,
                                     column);
  Value counted = b.convert(below, result.getDtype());
  return b.create<AtenSumDimIntListOp>(result, counted, b.intList({-1}),
                                       b.constBool(false), b.none());
}

/// bucketize.Tensor(x, boundaries, out_int32, right) with 1-D boundaries.
class DecomposeBucketize : public Decomposition<AtenBucketizeTensorOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenBucketizeTensorOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType boundaries = knownType(op.getBoundaries());
    ValueTensorType result = knownType(op.getResult());
    std::optional<bool> right = constantBool(op.getRight());
    if (!type || !boundaries || !result || !right ||
        boundaries.getSizes().size() != 1)
      return rewriter.notifyMatchFailure(op, "not 1-D boundaries");
    TorchBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(
        op, bucketOf(b, op.getSelf(), op.getBoundaries(), *right, result));
    return success();
  }
};

/// searchsorted.Tensor(sorted_sequence, x, out_int32, right, side, sorter),
/// an operator the registry lacks, on a 1-D sequence with no sorter: the
/// bucket of each element ("right" when right or side = "right").
class DecomposeSearchsorted : public OperatorDecomposition {
public:
  DecomposeSearchsorted(MLIRContext *context, const LegalOps &legal)
      : OperatorDecomposition(context, legal, "aten.searchsorted.Tensor", 6,
                              1) {}

  LogicalResult decompose(OperatorOp op,
                          PatternRewriter &rewriter) const override {
    ValueRange in = op->getOperands();
    ValueTensorType sequence = knownType(in[0]);
    ValueTensorType type = knownType(in[1]);
    ValueTensorType result = knownType(op->getResult(0));
    std::optional<bool> right = constantBool(in[3]);
    if (!sequence || !type || !result || !right ||
        sequence.getSizes().size() != 1 || !isNone(in[5]))
      return rewriter.notifyMatchFailure(op, "not a 1-D sequence, or sorted");
    if (!isNone(in[4])) {
      auto side = in[4].getDefiningOp<ConstantStrOp>();
      if (!side)
        return rewriter.notifyMatchFailure(op, "side not a constant");
      *right = *right || side.getValue() == "right";
    }
    TorchBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, bucketOf(b, in[1], in[0], *right, result));
    return success();
  }
};

/// histc(x, bins, min, max), an operator the registry lacks, with constant
/// min < max: each element's bin floor((x - min) * bins / (max - min)) (max
/// itself in the last), those outside [min, max] in none, counted per bin
/// in x's dtype.
class DecomposeHistc : public OperatorDecomposition {
public:
  DecomposeHistc(MLIRContext *context, const LegalOps &legal)
      : OperatorDecomposition(context, legal, "aten.histc", 4, 1) {}

  LogicalResult decompose(OperatorOp op,
                          PatternRewriter &rewriter) const override {
    ValueRange in = op->getOperands();
    ValueTensorType type = knownType(in[0]);
    ValueTensorType result = knownType(op->getResult(0));
    std::optional<int64_t> bins = constantInt(in[1]);
    std::optional<double> low = constantNumber(in[2]);
    std::optional<double> high = constantNumber(in[3]);
    if (!type || !result || !bins || !low || !high || *low >= *high ||
        *bins < 1 || !isa<mlir::FloatType>(type.getDtype()))
      return rewriter.notifyMatchFailure(op, "bounds not constants min < max");
    TorchBuilder b(rewriter, op.getLoc());
    Value x = b.flattened(in[0]);
    int64_t count = cast<ValueTensorType>(x.getType()).getSizes()[0];
    ValueTensorType flat = b.tensorType({count}, type.getDtype());
    ValueTensorType flatBool = b.tensorType({count}, b.i1());
    ValueTensorType flatInt = b.tensorType({count}, b.i64());
    Value one = b.constInt(1);
    Value shifted = b.create<AtenSubScalarOp>(flat, x, b.constFloat(*low), one);
    Value scaled = b.create<AtenMulScalarOp>(
        flat, shifted, b.constFloat(*bins / (*high - *low)));
    Value bin =
        b.convert(b.create<AtenFloorOp>(flat, scaled), flatInt.getDtype());
    bin = b.create<AtenClampOp>(flatInt, bin, b.constInt(0),
                                b.constInt(*bins - 1));
    Value inside = b.create<AtenLogicalAndOp>(
        flatBool, b.create<AtenGeScalarOp>(flatBool, x, b.constFloat(*low)),
        b.create<AtenLeScalarOp>(flatBool, x, b.constFloat(*high)));
    // Elements outside the range get bin -1, which no column matches.
    bin =
        b.create<AtenWhereScalarOtherOp>(flatInt, inside, bin, b.constInt(-1));
    Value column = b.create<AtenUnsqueezeOp>(b.tensorType({count, 1}, b.i64()),
                                             bin, b.constInt(1));
    Value all = b.arange(b.constInt(0), b.constInt(*bins), *bins);
    Value hits = b.create<AtenEqTensorOp>(b.tensorType({count, *bins}, b.i1()),
                                          column, all);
    Value asValues = b.convert(hits, result.getDtype());
    rewriter.replaceOpWithNewOp<AtenSumDimIntListOp>(
        op, result, asValues, b.intList({0}), b.constBool(false), b.none());
    return success();
  }
};

} // namespace

void mlir::torch::Torch::decompositions::populateSortingDecompositions(
    RewritePatternSet &patterns, const LegalOps &legal) {
  patterns.add<DecomposeArgsort, DecomposeKthvalue, DecomposeMedianDim,
               DecomposeBucketize, DecomposeSearchsorted, DecomposeHistc>(
      patterns.getContext(), legal);
}
