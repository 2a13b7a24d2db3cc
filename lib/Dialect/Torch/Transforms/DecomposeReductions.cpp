//===- DecomposeReductions.cpp - Reductions
//---------------------------------===//
//
// Statistics over dims as sums and means.
//
//===----------------------------------------------------------------------===//

#include "Decompositions.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::Torch::decompositions;

namespace {

/// The dims a reduction's `dim` list names, normalized and sorted (None or
/// []: all of them), or none if not constants in range.
std::optional<SmallVector<int64_t>> reducedDims(Value dims, int64_t rank) {
  SmallVector<int64_t> out;
  std::optional<SmallVector<int64_t>> given;
  if (!isNone(dims)) {
    given = constantInts(dims);
    if (!given)
      return std::nullopt;
  }
  if (!given || given->empty()) {
    for (int64_t d = 0; d < rank; ++d)
      out.push_back(d);
    return out;
  }
  for (int64_t d : *given) {
    std::optional<int64_t> n = wrapDim(d, rank);
    if (!n)
      return std::nullopt;
    out.push_back(*n);
  }
  llvm::sort(out);
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

/// var, std and var_mean (.correction and .dim): centered first, then
/// sum((x - mean)^2) / (count - correction) over `dim` (None or []: all),
/// so that values far from 0 keep their precision.
template <typename OpTy, bool Std, bool WithMean>
class DecomposeVariance : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType result = knownType(op->getResult(0));
    std::optional<bool> keepdim = constantBool(op.getKeepdim());
    if (!type || !result || !keepdim ||
        !isa<mlir::FloatType>(type.getDtype()) || type.getSizes().empty())
      return rewriter.notifyMatchFailure(op, "not a float tensor of rank 1+");
    int64_t rank = type.getSizes().size();
    std::optional<SmallVector<int64_t>> dims = reducedDims(op.getDim(), rank);
    if (!dims)
      return rewriter.notifyMatchFailure(op, "dims not constants in range");
    // The correction: None means 1; unbiased (the .dim form) 1 or 0.
    double correction = 1;
    Value third = op->getOperand(2);
    if (isa<Torch::BoolType>(third.getType())) {
      std::optional<bool> unbiased = constantBool(third);
      if (!unbiased)
        return rewriter.notifyMatchFailure(op, "unbiased not a constant");
      correction = *unbiased ? 1 : 0;
    } else if (!isNone(third)) {
      std::optional<double> given = constantNumber(third);
      if (!given)
        return rewriter.notifyMatchFailure(op, "correction not a constant");
      correction = *given;
    }
    TorchBuilder b(rewriter, op.getLoc());
    SmallVector<int64_t> kept(type.getSizes());
    int64_t count = 1;
    Value dynamicCount;
    for (int64_t d : *dims) {
      kept[d] = 1;
      int64_t size = type.getSizes()[d];
      if (size != kUnknownSize) {
        count *= size;
        continue;
      }
      Value s = b.sizeOf(op.getSelf(), d);
      dynamicCount = dynamicCount ? b.mulInt(dynamicCount, s) : s;
    }
    Value dof;
    if (!dynamicCount) {
      dof = b.constFloat(count - correction);
    } else {
      if (correction != static_cast<int64_t>(correction))
        return rewriter.notifyMatchFailure(op, "a fractional correction of a "
                                               "dynamic count");
      Type intType = IntType::get(rewriter.getContext());
      Value total = count == 1 ? dynamicCount
                               : b.create<AtenMulIntOp>(intType, dynamicCount,
                                                        b.constInt(count));
      dof = b.create<AtenSubIntOp>(
          intType, total, b.constInt(static_cast<int64_t>(correction)));
    }
    ValueTensorType keptType = b.tensorType(kept, type.getDtype());
    Value dimList = b.intList(*dims);
    Value one = b.constInt(1);
    Value x = op.getSelf();
    Value mean = b.create<AtenMeanDimOp>(keptType, x, dimList,
                                         b.constBool(true), b.none());
    Value centered = b.create<AtenSubTensorOp>(type, x, mean, one);
    Value squares = b.create<AtenMulTensorOp>(type, centered, centered);
    ValueTensorType outType = *keepdim ? keptType : result;
    Value sum = b.create<AtenSumDimIntListOp>(outType, squares, dimList,
                                              op.getKeepdim(), b.none());
    Value var = b.create<AtenDivScalarOp>(outType, sum, dof);
    if (Std)
      var = b.create<AtenSqrtOp>(outType, var);
    if (var.getType() != result)
      return rewriter.notifyMatchFailure(op, "an unexpected result type");
    SmallVector<Value> values{var};
    if constexpr (WithMean) {
      // The kept mean, its reduced dims squeezed when keepdim is false.
      Value meanOut = *keepdim ? mean : b.squeezed(mean, *dims);
      if (meanOut.getType() != op->getResult(1).getType())
        return rewriter.notifyMatchFailure(op, "an unexpected mean type");
      values.push_back(meanOut);
    }
    rewriter.replaceOp(op, values);
    return success();
  }
};

/// The max of `x` over `dims` (kept as unit dims: `keptType`), 0 where it
/// is infinite: the shift that keeps exp(x - max) in range, and lets rows of
/// -inf give -inf rather than NaN.
Value finiteMax(TorchBuilder &b, Value x, Value dims,
                ValueTensorType keptType) {
  Value max = b.create<AtenAmaxOp>(keptType, x, dims, b.constBool(true));
  Value infinite = b.create<AtenEqScalarOp>(
      b.tensorType(keptType.getSizes(), b.i1()),
      b.create<AtenAbsOp>(keptType, max),
      b.constFloat(std::numeric_limits<double>::infinity()));
  return b.create<AtenMaskedFillScalarOp>(keptType, max, infinite,
                                          b.constFloat(0.0));
}

/// logsumexp(x, dims, keepdim) = log(sum(exp(x - m))) + m, m the max over
/// the dims (0 where it is infinite, so that -inf rows give -inf).
class DecomposeLogsumexp : public Decomposition<AtenLogsumexpOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenLogsumexpOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    std::optional<bool> keepdim = constantBool(op.getKeepdim());
    if (!type || !result || !keepdim || !isa<mlir::FloatType>(type.getDtype()))
      return rewriter.notifyMatchFailure(op, "not a float tensor");
    int64_t rank = type.getSizes().size();
    std::optional<SmallVector<int64_t>> dims = reducedDims(op.getDim(), rank);
    if (!dims || rank == 0)
      return rewriter.notifyMatchFailure(op, "dims not constants");
    TorchBuilder b(rewriter, op.getLoc());
    SmallVector<int64_t> kept(type.getSizes());
    for (int64_t d : *dims)
      kept[d] = 1;
    ValueTensorType keptType = b.tensorType(kept, type.getDtype());
    Value dimList = b.intList(*dims);
    Value one = b.constInt(1);
    Value max = finiteMax(b, op.getSelf(), dimList, keptType);
    Value shifted = b.create<AtenSubTensorOp>(type, op.getSelf(), max, one);
    Value exp = b.create<AtenExpOp>(type, shifted);
    Value sum = b.create<AtenSumDimIntListOp>(keptType, exp, dimList,
                                              b.constBool(true), b.none());
    Value out = b.create<AtenAddTensorOp>(
        keptType, b.create<AtenLogOp>(keptType, sum), max, one);
    if (!*keepdim)
      out = b.squeezed(out, *dims);
    if (out.getType() != result)
      return rewriter.notifyMatchFailure(op, "an unexpected result type");
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// linalg_vector_norm(x, ord, dims, keepdim) with no dtype, ord a constant:
/// 2 sqrt(sum(x * x)); 1 sum(|x|); inf max(|x|); -inf min(|x|); 0 the count
/// of nonzeros; else sum(|x|^p)^(1/p).
class DecomposeVectorNorm : public Decomposition<AtenLinalgVectorNormOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenLinalgVectorNormOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    std::optional<double> ord = constantNumber(op.getOrd());
    if (!type || !result || !ord || !isNone(op.getDtype()) ||
        !isa<mlir::FloatType>(type.getDtype()) ||
        result.getDtype() != type.getDtype())
      return rewriter.notifyMatchFailure(op, "a dtype, or ord not constant");
    int64_t rank = type.getSizes().size();
    std::optional<SmallVector<int64_t>> dims = reducedDims(op.getDim(), rank);
    if (!dims)
      return rewriter.notifyMatchFailure(op, "dims not constants");
    TorchBuilder b(rewriter, op.getLoc());
    Value dimList = b.intList(*dims);
    Value x = op.getSelf();
    Value magnitude = b.create<AtenAbsOp>(type, x);
    Value keep = op.getKeepdim();
    Value out;
    if (std::isinf(*ord)) {
      out = *ord > 0 ? b.create<AtenAmaxOp>(result, magnitude, dimList, keep)
                     : b.create<AtenAminOp>(result, magnitude, dimList, keep);
    } else if (*ord == 0) {
      Value nonzero = b.create<AtenNeScalarOp>(
          b.tensorType(type.getSizes(), b.i1()), x, b.constFloat(0.0));
      Value asFloat = b.convert(nonzero, type.getDtype());
      out = b.create<AtenSumDimIntListOp>(result, asFloat, dimList, keep,
                                          b.none());
    } else if (*ord == 1) {
      out = b.create<AtenSumDimIntListOp>(result, magnitude, dimList, keep,
                                          b.none());
    } else if (*ord == 2) {
      Value squares = b.create<AtenMulTensorOp>(type, x, x);
      Value sum = b.create<AtenSumDimIntListOp>(result, squares, dimList, keep,
                                                b.none());
      out = b.create<AtenSqrtOp>(result, sum);
    } else {
      Value powers =
          b.create<AtenPowTensorScalarOp>(type, magnitude, b.constFloat(*ord));
      Value sum = b.create<AtenSumDimIntListOp>(result, powers, dimList, keep,
                                                b.none());
      out = b.create<AtenPowTensorScalarOp>(result, sum,
                                            b.constFloat(1.0 / *ord));
    }
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// logcumsumexp(x, dim) = log(cumsum(exp(x - m))) + m, m the max along the
/// dim (0 where it is infinite).
class DecomposeLogcumsumexp : public Decomposition<AtenLogcumsumexpOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenLogcumsumexpOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    std::optional<int64_t> dim = constantInt(op.getDim());
    if (!type || !dim || !isa<mlir::FloatType>(type.getDtype()) ||
        knownType(op.getResult()) != type || type.getSizes().empty())
      return rewriter.notifyMatchFailure(op, "not a float tensor");
    std::optional<int64_t> d = normalizeDim(*dim, type.getSizes().size());
    if (!d)
      return rewriter.notifyMatchFailure(op, "dim out of range");
    TorchBuilder b(rewriter, op.getLoc());
    ValueTensorType keptType = TorchBuilder::reduced(type, *d);
    Value one = b.constInt(1);
    Value max = finiteMax(b, op.getSelf(), b.intList({*d}), keptType);
    Value shifted = b.create<AtenSubTensorOp>(type, op.getSelf(), max, one);
    Value exp = b.create<AtenExpOp>(type, shifted);
    Value sums = b.create<AtenCumsumOp>(type, exp, b.constInt(*d), b.none());
    Value log = b.create<AtenLogOp>(type, sums);
    rewriter.replaceOpWithNewOp<AtenAddTensorOp>(op, type, log, max, one);
    return success();
  }
};

} // namespace

void mlir::torch::Torch::decompositions::populateReductionDecompositions(
    RewritePatternSet &patterns, const LegalOps &legal) {
  patterns.add<DecomposeVariance<AtenVarCorrectionOp, false, false>,
               DecomposeVariance<AtenVarDimOp, false, false>,
               DecomposeVariance<AtenStdCorrectionOp, true, false>,
               DecomposeVariance<AtenStdDimOp, true, false>,
               DecomposeVariance<AtenVarMeanCorrectionOp, false, true>,
               DecomposeVariance<AtenVarMeanDimOp, false, true>,
               DecomposeLogsumexp, DecomposeVectorNorm, DecomposeLogcumsumexp>(
      patterns.getContext(), legal);
}
