//===- DecomposeNn.cpp - Neural-network ops
//---------------------------------===//
//
// Softmax, normalization, convolution and pooling ops as simpler ATen ops.
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

/// The softmax family along `dim`, stable: x - max(x) first.
/// softmax = exp(s) / sum(exp(s)); log_softmax = s - log(sum(exp(s))).
Value softmaxOf(TorchBuilder &b, Value x, ValueTensorType type, int64_t dim,
                bool logarithm) {
  ValueTensorType keptType = TorchBuilder::reduced(type, dim);
  Value dims = b.intList({dim});
  Value keep = b.constBool(true);
  Value one = b.constInt(1);
  Value max = b.create<AtenAmaxOp>(keptType, x, dims, keep);
  Value shifted = b.create<AtenSubTensorOp>(type, x, max, one);
  Value exp = b.create<AtenExpOp>(type, shifted);
  Value sum =
      b.create<AtenSumDimIntListOp>(keptType, exp, dims, keep, b.none());
  if (!logarithm)
    return b.create<AtenDivTensorOp>(type, exp, sum);
  Value log = b.create<AtenLogOp>(keptType, sum);
  return b.create<AtenSubTensorOp>(type, shifted, log, one);
}

/// softmax.int / log_softmax.int (no dtype) and _softmax / _log_softmax
/// (not half_to_float), on float tensors of known rank.
template <typename OpTy, bool Logarithm>
class DecomposeSoftmax : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    if (!type || !isa<mlir::FloatType>(type.getDtype()) ||
        knownType(op.getResult()) != type)
      return rewriter.notifyMatchFailure(op,
                                         "not a float tensor of known rank");
    Value third = op->getOperand(2);
    if (!isNone(third) && constantBool(third) != false)
      return rewriter.notifyMatchFailure(op, "a dtype or half_to_float");
    int64_t rank = type.getSizes().size();
    std::optional<int64_t> dim = constantInt(op.getDim());
    if (!dim || *dim < -std::max<int64_t>(rank, 1) ||
        *dim >= std::max<int64_t>(rank, 1) || rank == 0)
      return rewriter.notifyMatchFailure(op, "no constant dim in range");
    TorchBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, softmaxOf(b, op.getSelf(), type,
                                     *dim < 0 ? *dim + rank : *dim, Logarithm));
    return success();
  }
};

/// conv1d/2d/3d(input, weight, bias, stride, padding, dilation, groups):
/// convolution, not transposed, no output padding.
template <typename OpTy> class DecomposeConvNd : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType input = knownType(op.getInput());
    auto stride = op.getStride().template getDefiningOp<PrimListConstructOp>();
    if (!input || !stride)
      return rewriter.notifyMatchFailure(op, "unknown input rank or stride");
    int64_t spatial = input.getSizes().size() - 2;
    int64_t expected = std::is_same_v<OpTy, AtenConv1dOp>   ? 1
                       : std::is_same_v<OpTy, AtenConv2dOp> ? 2
                                                            : 3;
    if (spatial != expected)
      return rewriter.notifyMatchFailure(op, "an unbatched input");
    TorchBuilder b(rewriter, op.getLoc());
    Value outputPadding = b.intList(SmallVector<int64_t>(spatial, 0));
    rewriter.replaceOpWithNewOp<AtenConvolutionOp>(
        op, op.getType(), op.getInput(), op.getWeight(), op.getBias(),
        op.getStride(), op.getPadding(), op.getDilation(), b.constBool(false),
        outputPadding, op.getGroups());
    return success();
  }
};

/// conv_transpose1d/2d/3d(input, weight, bias, stride, padding,
/// output_padding, groups, dilation): convolution, transposed.
template <typename OpTy>
class DecomposeConvTransposeNd : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType input = knownType(op.getInput());
    if (!input || input.getSizes().size() < 3)
      return rewriter.notifyMatchFailure(op, "an unbatched input");
    TorchBuilder b(rewriter, op.getLoc());
    rewriter.replaceOpWithNewOp<AtenConvolutionOp>(
        op, op.getType(), op.getInput(), op.getWeight(), op.getBias(),
        op.getStride(), op.getPadding(), op.getDilation(), b.constBool(true),
        op.getOutputPadding(), op.getGroups());
    return success();
  }
};

/// `x` normalized over `dims` (biased variance): (x - mean) * rsqrt(var +
/// eps), the statistics kept as unit dims.
Value normalizedOver(TorchBuilder &b, Value x, ArrayRef<int64_t> dims,
                     Value eps, Value *meanOut = nullptr,
                     Value *rstdOut = nullptr) {
  auto type = cast<ValueTensorType>(x.getType());
  SmallVector<int64_t> kept(type.getSizes());
  for (int64_t d : dims)
    kept[d] = 1;
  ValueTensorType keptType = b.tensorType(kept, type.getDtype());
  Value dimList = b.intList(dims);
  Value keep = b.constBool(true);
  Value one = b.constInt(1);
  Value mean = b.create<AtenMeanDimOp>(keptType, x, dimList, keep, b.none());
  Value centered = b.create<AtenSubTensorOp>(type, x, mean, one);
  Value squares = b.create<AtenMulTensorOp>(type, centered, centered);
  Value var =
      b.create<AtenMeanDimOp>(keptType, squares, dimList, keep, b.none());
  Value shifted = b.create<AtenAddScalarOp>(keptType, var, eps, one);
  Value scale = b.create<AtenRsqrtOp>(keptType, shifted);
  if (meanOut)
    *meanOut = mean;
  if (rstdOut)
    *rstdOut = scale;
  return b.create<AtenMulTensorOp>(type, centered, scale);
}

/// `out` * weight + bias, each a [C] tensor (or None) viewed as [1, C, 1,
/// ...] against `out`'s rank; null if one has no known type.
Value channelAffine(TorchBuilder &b, Value out, Value weight, Value bias) {
  auto type = cast<ValueTensorType>(out.getType());
  int64_t rank = type.getSizes().size();
  auto channel = [&](Value v) {
    return b.alongDim(v, rank, 1, type.getSizes()[1]);
  };
  if (!isNone(weight)) {
    Value w = channel(weight);
    if (!w)
      return nullptr;
    out = b.create<AtenMulTensorOp>(type, out, w);
  }
  if (!isNone(bias)) {
    Value c = channel(bias);
    if (!c)
      return nullptr;
    out = b.create<AtenAddTensorOp>(type, out, c, b.constInt(1));
  }
  return out;
}

/// layer_norm(x, normalized_shape, weight, bias, eps): over the last
/// len(normalized_shape) dims, (x - mean) * rsqrt(mean((x - mean)^2) + eps),
/// then * weight + bias (each broadcast over the leading dims);
/// native_layer_norm also returns that mean and rsqrt.
template <typename OpTy> class DecomposeLayerNorm : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getInput());
    auto shape =
        op.getNormalizedShape().template getDefiningOp<PrimListConstructOp>();
    if (!type || !shape || !isa<mlir::FloatType>(type.getDtype()) ||
        knownType(op->getResult(0)) != type)
      return rewriter.notifyMatchFailure(op,
                                         "not a float tensor of known rank");
    int64_t rank = type.getSizes().size();
    int64_t normalized = shape.getElements().size();
    if (normalized < 1 || normalized > rank)
      return rewriter.notifyMatchFailure(op,
                                         "normalized_shape of wrong length");
    TorchBuilder b(rewriter, op.getLoc());
    SmallVector<int64_t> dims;
    SmallVector<int64_t> kept(type.getSizes());
    for (int64_t d = rank - normalized; d < rank; ++d) {
      dims.push_back(d);
      kept[d] = 1;
    }
    if constexpr (std::is_same_v<OpTy, AtenNativeLayerNormOp>) {
      // (out, mean, rstd), the statistics with the normalized dims kept.
      ValueTensorType stats = b.tensorType(kept, type.getDtype());
      if (op->getResult(1).getType() != stats ||
          op->getResult(2).getType() != stats)
        return rewriter.notifyMatchFailure(op, "unexpected statistics' types");
    }
    Value one = b.constInt(1);
    Value mean, rstd;
    Value out =
        normalizedOver(b, op.getInput(), dims, op.getEps(), &mean, &rstd);
    if (!isNone(op.getWeight()))
      out = b.create<AtenMulTensorOp>(type, out, op.getWeight());
    if (!isNone(op.getBias()))
      out = b.create<AtenAddTensorOp>(type, out, op.getBias(), one);
    if constexpr (std::is_same_v<OpTy, AtenNativeLayerNormOp>) {
      rewriter.replaceOp(op, {out, mean, rstd});
    } else {
      rewriter.replaceOp(op, out);
    }
    return success();
  }
};

/// batch_norm outside training: (x - running_mean) * rsqrt(running_var +
/// eps) * weight + bias, the per-channel tensors viewed as [1, C, 1, ...].
/// The result's type may know sizes the input's does not (Dynamo's symbolic
/// sizes: a plane it proved to be 1); the arithmetic takes the result's.
class DecomposeBatchNormInference : public Decomposition<AtenBatchNormOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenBatchNormOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType input = knownType(op.getInput());
    ValueTensorType type = knownType(op.getResult());
    if (!input || !type || type.getSizes().size() < 2 ||
        !isa<mlir::FloatType>(type.getDtype()) ||
        input.getDtype() != type.getDtype() || !isValidSubtype(type, input) ||
        type.getSizes()[1] == kUnknownSize ||
        constantBool(op.getTraining()) != false ||
        isNone(op.getRunningMean()) || isNone(op.getRunningVar()))
      return rewriter.notifyMatchFailure(
          op, "training, no statistics, or a result that is not the input's "
              "shape");
    if (!knownType(op.getRunningMean()) || !knownType(op.getRunningVar()) ||
        (!isNone(op.getWeight()) && !knownType(op.getWeight())) ||
        (!isNone(op.getBias()) && !knownType(op.getBias())))
      return rewriter.notifyMatchFailure(op, "operands of unknown type");
    TorchBuilder b(rewriter, op.getLoc());
    int64_t rank = type.getSizes().size();
    int64_t channels = type.getSizes()[1];
    Value one = b.constInt(1);
    Value var = b.alongDim(op.getRunningVar(), rank, 1, channels);
    ValueTensorType channelType = b.tensorType(
        cast<ValueTensorType>(var.getType()).getSizes(), type.getDtype());
    Value shifted =
        b.create<AtenAddScalarOp>(channelType, var, op.getEps(), one);
    Value scale = b.create<AtenRsqrtOp>(channelType, shifted);
    Value mean = b.alongDim(op.getRunningMean(), rank, 1, channels);
    Value centered = b.create<AtenSubTensorOp>(type, op.getInput(), mean, one);
    Value out = b.create<AtenMulTensorOp>(type, centered, scale);
    rewriter.replaceOp(op, channelAffine(b, out, op.getWeight(), op.getBias()));
    return success();
  }
};

/// adaptive_avg_pool2d to 1 x 1: the mean over the last two dims.
class DecomposeGlobalAvgPool : public Decomposition<AtenAdaptiveAvgPool2dOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenAdaptiveAvgPool2dOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    auto list = op.getOutputSize().getDefiningOp<PrimListConstructOp>();
    if (!type || !result || !list || type.getSizes().size() < 3 ||
        !isa<mlir::FloatType>(type.getDtype()) ||
        !llvm::all_of(list.getElements(),
                      [](Value v) { return constantInt(v) == 1; }))
      return rewriter.notifyMatchFailure(op, "not a global average");
    TorchBuilder b(rewriter, op.getLoc());
    rewriter.replaceOpWithNewOp<AtenMeanDimOp>(op, result, op.getSelf(),
                                               b.intList({-2, -1}),
                                               b.constBool(true), b.none());
    return success();
  }
};

/// scaled_dot_product_attention(q, k, v, mask, dropout_p = 0, is_causal,
/// scale) without dropout or grouped heads: softmax(q k^T * scale + bias)
/// v, where the scale defaults to 1/sqrt(E), a causal mask and a boolean
/// mask set -inf where they exclude, and a float mask is added.
class DecomposeAttention
    : public Decomposition<AtenScaledDotProductAttentionOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenScaledDotProductAttentionOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType q = knownType(op.getQuery());
    ValueTensorType k = knownType(op.getKey());
    ValueTensorType v = knownType(op.getValue());
    ValueTensorType result = knownType(op.getResult());
    std::optional<double> dropout = constantNumber(op.getDropoutP());
    std::optional<bool> causal = constantBool(op.getIsCausal());
    if (!q || !k || !v || !result || q.getSizes().size() < 2 ||
        k.getSizes().size() != q.getSizes().size() ||
        !isa<mlir::FloatType>(q.getDtype()))
      return rewriter.notifyMatchFailure(op, "operands of unknown type");
    if (dropout != 0.0 || !causal || constantBool(op.getEnableGqa()) != false)
      return rewriter.notifyMatchFailure(op, "dropout or grouped heads");
    int64_t rank = q.getSizes().size();
    int64_t l = q.getSizes()[rank - 2], e = q.getSizes()[rank - 1];
    int64_t s = k.getSizes()[rank - 2];
    double scale;
    if (isNone(op.getScale())) {
      if (e == kUnknownSize)
        return rewriter.notifyMatchFailure(op, "a head size known at run time");
      scale = 1.0 / std::sqrt(static_cast<double>(e));
    } else if (std::optional<double> given = constantNumber(op.getScale())) {
      scale = *given;
    } else {
      return rewriter.notifyMatchFailure(op, "scale not a constant");
    }
    TorchBuilder b(rewriter, op.getLoc());
    Type dtype = q.getDtype();
    Value one = b.constInt(1);
    SmallVector<int64_t> kt(k.getSizes()), scoreSizes(result.getSizes());
    std::swap(kt[rank - 2], kt[rank - 1]);
    scoreSizes[rank - 1] = s;
    scoreSizes[rank - 2] = l;
    ValueTensorType scoreType = b.tensorType(scoreSizes, dtype);
    Value keyT = b.create<AtenTransposeIntOp>(b.tensorType(kt, k.getDtype()),
                                              op.getKey(), b.constInt(-2),
                                              b.constInt(-1));
    Value scores = b.create<AtenMatmulOp>(scoreType, op.getQuery(), keyT);
    scores = b.create<AtenMulScalarOp>(scoreType, scores, b.constFloat(scale));
    Value minusInf = b.constFloat(-std::numeric_limits<double>::infinity());
    if (*causal) {
      // Key j is in query i's future when j - i > 0.
      Value diff = columnMinusRow(b, scores);
      ArrayRef<int64_t> ls = cast<ValueTensorType>(diff.getType()).getSizes();
      Value future = b.create<AtenGtScalarOp>(b.tensorType(ls, b.i1()), diff,
                                              b.constInt(0));
      scores =
          b.create<AtenMaskedFillScalarOp>(scoreType, scores, future, minusInf);
    }
    if (!isNone(op.getAttnMask())) {
      ValueTensorType mask = knownType(op.getAttnMask());
      if (!mask)
        return rewriter.notifyMatchFailure(op, "a mask of unknown type");
      if (mask.getDtype() == b.i1()) {
        Value excluded = b.create<AtenLogicalNotOp>(mask, op.getAttnMask());
        scores = b.create<AtenMaskedFillScalarOp>(scoreType, scores, excluded,
                                                  minusInf);
      } else {
        scores =
            b.create<AtenAddTensorOp>(scoreType, scores, op.getAttnMask(), one);
      }
    }
    Value weights =
        b.create<AtenSoftmaxIntOp>(scoreType, scores, b.constInt(-1), b.none());
    Value out = b.create<AtenMatmulOp>(result, weights, op.getValue());
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// group_norm(x, G, weight, bias, eps): x [N, C, ...] viewed as [N, G, -1],
/// normalized over the last dim, viewed back, then the per-channel affine.
class DecomposeGroupNorm : public Decomposition<AtenGroupNormOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenGroupNormOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getInput());
    std::optional<int64_t> groups = constantInt(op.getNumGroups());
    if (!type || type.getSizes().size() < 2 || !groups || *groups < 1 ||
        !isa<mlir::FloatType>(type.getDtype()) ||
        knownType(op.getResult()) != type)
      return rewriter.notifyMatchFailure(op, "not a float [N, C, ...] input");
    TorchBuilder b(rewriter, op.getLoc());
    Value x = op.getInput();
    int64_t rank = type.getSizes().size();
    int64_t perGroup = sizeProduct(type.getSizes().drop_front());
    if (perGroup != kUnknownSize)
      perGroup /= *groups;
    ValueTensorType grouped =
        b.tensorType({type.getSizes()[0], *groups, perGroup}, type.getDtype());
    Value g = b.create<AtenViewOp>(
        grouped, x,
        b.sizeList({b.sizeOf(x, 0), b.constInt(*groups), b.constInt(-1)}));
    Value normalized = normalizedOver(b, g, {2}, op.getEps());
    SmallVector<Value> back;
    for (int64_t d = 0; d < rank; ++d)
      back.push_back(b.sizeOf(x, d));
    Value out = b.create<AtenViewOp>(type, normalized, b.sizeList(back));
    out = channelAffine(b, out, op.getWeight(), op.getBias());
    if (!out)
      return rewriter.notifyMatchFailure(op, "weight or bias of unknown type");
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// instance_norm from the input's statistics (use_input_stats, no running
/// statistics to update): each [N, C] slice normalized over the spatial
/// dims, then the per-channel affine.
class DecomposeInstanceNorm : public Decomposition<AtenInstanceNormOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenInstanceNormOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getInput());
    if (!type || type.getSizes().size() < 3 ||
        !isa<mlir::FloatType>(type.getDtype()) ||
        knownType(op.getResult()) != type ||
        constantBool(op.getUseInputStats()) != true ||
        !isNone(op.getRunningMean()) || !isNone(op.getRunningVar()))
      return rewriter.notifyMatchFailure(op,
                                         "not from the input's own statistics");
    TorchBuilder b(rewriter, op.getLoc());
    SmallVector<int64_t> dims;
    for (int64_t d = 2; d < static_cast<int64_t>(type.getSizes().size()); ++d)
      dims.push_back(d);
    Value out = normalizedOver(b, op.getInput(), dims, op.getEps());
    out = channelAffine(b, out, op.getWeight(), op.getBias());
    if (!out)
      return rewriter.notifyMatchFailure(op, "weight or bias of unknown type");
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// _native_batch_norm_legit_no_training(x, weight, bias, running_mean,
/// running_var, momentum, eps), which the registry lacks, when only its
/// first result is read: batch_norm outside training.
class DecomposeNativeBatchNormNoTraining : public OperatorDecomposition {
public:
  DecomposeNativeBatchNormNoTraining(MLIRContext *context,
                                     const LegalOps &legal)
      : OperatorDecomposition(
            context, legal, "aten._native_batch_norm_legit_no_training", 7, 3) {
  }

  LogicalResult decompose(OperatorOp op,
                          PatternRewriter &rewriter) const override {
    if (!op->getResult(1).use_empty() || !op->getResult(2).use_empty())
      return rewriter.notifyMatchFailure(op, "its statistics are read");
    TorchBuilder b(rewriter, op.getLoc());
    ValueRange in = op->getOperands();
    Value out = b.create<AtenBatchNormOp>(
        op->getResult(0).getType(), in[0], in[1], in[2], in[3], in[4],
        b.constBool(false), in[5], in[6], b.constBool(false));
    rewriter.replaceAllUsesWith(op->getResult(0), out);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A grouped convolution the lowering does not take (transposed, or with
/// other than two spatial dims): one convolution per group, on the group's
/// slice of input channels with its slice of the weight (dim 0 forward,
/// where the output channels are; dim 0 transposed too, where the input
/// channels are) and bias, concatenated along the channels.
class DecomposeGroupedConvolution : public Decomposition<AtenConvolutionOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenConvolutionOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType input = knownType(op.getInput());
    ValueTensorType weight = knownType(op.getWeight());
    ValueTensorType result = knownType(op.getResult());
    std::optional<int64_t> groups = constantInt(op.getGroups());
    std::optional<bool> transposed = constantBool(op.getTransposed());
    if (!input || !weight || !result || !groups || !transposed ||
        *groups <= 1 || input.getSizes().size() < 3)
      return rewriter.notifyMatchFailure(op, "not a grouped convolution");
    int64_t spatial = input.getSizes().size() - 2;
    if (!*transposed && spatial == 2)
      return rewriter.notifyMatchFailure(op, "the lowering takes it whole");
    int64_t inChannels = input.getSizes()[1];
    int64_t weightRows = weight.getSizes()[0];
    int64_t outChannels = result.getSizes()[1];
    if (inChannels == kUnknownSize || weightRows == kUnknownSize ||
        outChannels == kUnknownSize || inChannels % *groups ||
        weightRows % *groups || outChannels % *groups)
      return rewriter.notifyMatchFailure(op, "channels not known multiples");
    TorchBuilder b(rewriter, op.getLoc());
    int64_t inPer = inChannels / *groups, rowsPer = weightRows / *groups;
    int64_t outPer = outChannels / *groups;
    auto slice = [&](Value v, ValueTensorType type, int64_t dim, int64_t start,
                     int64_t length) -> Value {
      SmallVector<int64_t> sizes(type.getSizes());
      sizes[dim] = length;
      return b.create<AtenSliceTensorOp>(
          b.tensorType(sizes, type.getDtype()), v, b.constInt(dim),
          b.constInt(start), b.constInt(start + length), b.constInt(1));
    };
    SmallVector<Value> pieces;
    SmallVector<int64_t> pieceSizes(result.getSizes());
    pieceSizes[1] = outPer;
    for (int64_t g = 0; g < *groups; ++g) {
      Value x = slice(op.getInput(), input, 1, g * inPer, inPer);
      Value w = slice(op.getWeight(), weight, 0, g * rowsPer, rowsPer);
      Value bias = op.getBias();
      if (!isNone(bias)) {
        ValueTensorType biasType = knownType(bias);
        if (!biasType)
          return rewriter.notifyMatchFailure(op, "a bias of unknown type");
        bias = slice(bias, biasType, 0, g * outPer, outPer);
      }
      pieces.push_back(b.create<AtenConvolutionOp>(
          b.tensorType(pieceSizes, result.getDtype()), x, w, bias,
          op.getStride(), op.getPadding(), op.getDilation(), op.getTransposed(),
          op.getOutputPadding(), b.constInt(1)));
    }
    rewriter.replaceOpWithNewOp<AtenCatOp>(op, result, b.tensorList(pieces),
                                           b.constInt(1));
    return success();
  }
};

/// conv1d/2d/3d with padding "valid" (none) or "same" (each dim padded by
/// dilation * (kernel - 1) in all, the odd one on the far side: a
/// constant_pad_nd of the input first when some dim's total is odd).
template <typename OpTy>
class DecomposeConvPaddingString : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType input = knownType(op.getInput());
    ValueTensorType weight = knownType(op.getWeight());
    auto mode = op.getPadding().template getDefiningOp<ConstantStrOp>();
    std::optional<SmallVector<int64_t>> dilation =
        constantInts(op.getDilation());
    if (!input || !weight || !mode || !dilation)
      return rewriter.notifyMatchFailure(op, "padding or dilation unknown");
    int64_t spatial = weight.getSizes().size() - 2;
    if (static_cast<int64_t>(input.getSizes().size()) != spatial + 2)
      return rewriter.notifyMatchFailure(op, "an unbatched input");
    TorchBuilder b(rewriter, op.getLoc());
    SmallVector<int64_t> symmetric(spatial, 0), extra(spatial, 0);
    if (mode.getValue() == "same") {
      for (int64_t d = 0; d < spatial; ++d) {
        int64_t k = weight.getSizes()[d + 2];
        int64_t dil = dilation->size() == 1 ? (*dilation)[0] : (*dilation)[d];
        if (k == kUnknownSize)
          return rewriter.notifyMatchFailure(op, "a kernel size unknown");
        int64_t total = dil * (k - 1);
        symmetric[d] = total / 2;
        extra[d] = total % 2;
      }
    } else if (mode.getValue() != "valid") {
      return rewriter.notifyMatchFailure(op, "an unknown padding");
    }
    Value x = op.getInput();
    if (llvm::any_of(extra, [](int64_t e) { return e != 0; })) {
      // constant_pad_nd lists (left, right) pairs from the last dim.
      SmallVector<int64_t> pads, sizes(input.getSizes());
      for (int64_t d = spatial - 1; d >= 0; --d) {
        pads.append({0, extra[d]});
        if (sizes[d + 2] != kUnknownSize)
          sizes[d + 2] += extra[d];
      }
      x = b.create<AtenConstantPadNdOp>(b.tensorType(sizes, input.getDtype()),
                                        x, b.intList(pads), b.constFloat(0.0));
    }
    rewriter.replaceOpWithNewOp<AtenConvolutionOp>(
        op, op.getType(), x, op.getWeight(), op.getBias(), op.getStride(),
        b.intList(symmetric), op.getDilation(), b.constBool(false),
        b.intList(SmallVector<int64_t>(spatial, 0)), op.getGroups());
    return success();
  }
};

/// conv_tbc(x [T, B, C], w [K, C, O], b, pad) = conv1d of x as [B, C, T]
/// with w as [O, C, K], the result back as [T, B, O].
class DecomposeConvTbc : public Decomposition<AtenConvTbcOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenConvTbcOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType input = knownType(op.getSelf());
    ValueTensorType weight = knownType(op.getWeight());
    ValueTensorType result = knownType(op.getResult());
    if (!input || !weight || !result || input.getSizes().size() != 3 ||
        weight.getSizes().size() != 3)
      return rewriter.notifyMatchFailure(op, "not 3-D operands");
    TorchBuilder b(rewriter, op.getLoc());
    auto permuted = [&](Value v, ValueTensorType t, ArrayRef<int64_t> order) {
      SmallVector<int64_t> sizes;
      for (int64_t d : order)
        sizes.push_back(t.getSizes()[d]);
      return b.create<AtenPermuteOp>(b.tensorType(sizes, t.getDtype()), v,
                                     b.intList(order));
    };
    Value x = permuted(op.getSelf(), input, {1, 2, 0});
    Value w = permuted(op.getWeight(), weight, {2, 1, 0});
    ArrayRef<int64_t> r = result.getSizes();
    Value conv = b.create<AtenConvolutionOp>(
        b.tensorType({r[1], r[2], r[0]}, result.getDtype()), x, w, op.getBias(),
        b.intList({1}), b.sizeList({op.getPad()}), b.intList({1}),
        b.constBool(false), b.intList({0}), b.constInt(1));
    rewriter.replaceOpWithNewOp<AtenPermuteOp>(op, result, conv,
                                               b.intList({2, 0, 1}));
    return success();
  }
};

/// nll_loss_forward(self [N, C], target [N], weight, reduction, ignore_index)
/// -> (output, total_weight): with w the weight of each row's class (0 for
/// ignored rows), the losses -self[n, target[n]] * w; none: those ([N]) and
/// total_weight 0; sum: their sum; mean: their sum / sum(w). total_weight is
/// sum(w) for sum and mean.
class DecomposeNllLossForward : public Decomposition<AtenNllLossForwardOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenNllLossForwardOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType target = knownType(op.getTarget());
    std::optional<int64_t> reduction = constantInt(op.getReduction());
    if (!type || !target || !reduction || *reduction < 0 || *reduction > 2 ||
        type.getSizes().size() != 2 || target.getSizes().size() != 1 ||
        !isa<mlir::FloatType>(type.getDtype()))
      return rewriter.notifyMatchFailure(op, "not [N, C] with known types");
    Type dtype = type.getDtype();
    int64_t n = type.getSizes()[0];
    auto scalarType =
        ValueTensorType::get(op.getContext(), ArrayRef<int64_t>{}, dtype);
    auto rowsType = ValueTensorType::get(op.getContext(), {n}, dtype);
    if (op->getResult(0).getType() !=
            (*reduction == 0 ? rowsType : scalarType) ||
        op->getResult(1).getType() != scalarType)
      return rewriter.notifyMatchFailure(op, "unexpected result types");
    TorchBuilder b(rewriter, op.getLoc());
    Value none = b.none();
    Value picked = b.convert(
        classMask(b, op.getSelf(), op.getTarget(), op.getIgnoreIndex()),
        type.getDtype());
    Value weights =
        isNone(op.getWeight())
            ? picked
            : b.create<AtenMulTensorOp>(type, picked, op.getWeight());
    Value weighted = b.create<AtenMulTensorOp>(type, op.getSelf(), weights);
    Value rows = b.create<AtenNegOp>(
        rowsType,
        b.create<AtenSumDimIntListOp>(rowsType, weighted, b.intList({1}),
                                      b.constBool(false), none));
    Value total = b.create<AtenSumOp>(scalarType, weights, none);
    Value output = rows;
    if (*reduction == 0) {
      total = b.create<AtenZerosLikeOp>(scalarType, total, none, none, none,
                                        none, none);
    } else {
      output = b.create<AtenSumOp>(scalarType, rows, none);
      if (*reduction == 1)
        output = b.create<AtenDivTensorOp>(scalarType, output, total);
    }
    rewriter.replaceOp(op, {output, total});
    return success();
  }
};

/// max_pool2d_with_indices of an unbatched [C, H, W] input: the batched op on
/// x.unsqueeze(0), both results squeezed back (the indices are per plane, so
/// the same).
class DecomposeUnbatchedMaxPoolWithIndices
    : public Decomposition<AtenMaxPool2dWithIndicesOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenMaxPool2dWithIndicesOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType values = knownType(op->getResult(0));
    ValueTensorType indices = knownType(op->getResult(1));
    if (!type || !values || !indices || type.getSizes().size() != 3)
      return rewriter.notifyMatchFailure(op, "not an unbatched input");
    TorchBuilder b(rewriter, op.getLoc());
    auto batched = [&](ValueTensorType t) {
      SmallVector<int64_t> sizes{1};
      sizes.append(t.getSizes().begin(), t.getSizes().end());
      return b.tensorType(sizes, t.getDtype());
    };
    Value input =
        b.create<AtenUnsqueezeOp>(batched(type), op.getSelf(), b.constInt(0));
    auto pool = rewriter.create<AtenMaxPool2dWithIndicesOp>(
        op.getLoc(), batched(values), batched(indices), input,
        op.getKernelSize(), op.getStride(), op.getPadding(), op.getDilation(),
        op.getCeilMode());
    rewriter.replaceOp(op, {b.squeezed(pool->getResult(0), {0}),
                            b.squeezed(pool->getResult(1), {0})});
    return success();
  }
};

/// adaptive_avg_pool2d/3d and adaptive_max_pool2d/3d whose output sizes
/// divide the input's: every window is in / out wide, so avg_pool and
/// max_pool_with_indices with that kernel and stride (the same windows,
/// the same flat indices).
template <typename OpTy, int64_t Spatial, bool Max>
class DecomposeAdaptivePoolEven : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    std::optional<SmallVector<int64_t>> out = constantInts(op.getOutputSize());
    if (!type || !out || static_cast<int64_t>(out->size()) != Spatial)
      return rewriter.notifyMatchFailure(op, "output size not constants");
    int64_t rank = type.getSizes().size();
    if (rank < Spatial + 1)
      return rewriter.notifyMatchFailure(op, "too few dims");
    SmallVector<int64_t> kernel;
    for (int64_t d = 0; d < Spatial; ++d) {
      int64_t in = type.getSizes()[rank - Spatial + d];
      int64_t o = (*out)[d];
      if (in == kUnknownSize || o <= 0 || in % o)
        return rewriter.notifyMatchFailure(op, "windows of unequal sizes");
      kernel.push_back(in / o);
    }
    if (llvm::all_of(*out, [](int64_t o) { return o == 1; }) && !Max &&
        Spatial == 2)
      return rewriter.notifyMatchFailure(op, "a global mean: another pattern");
    TorchBuilder b(rewriter, op.getLoc());
    Value k = b.intList(kernel);
    Value zero = b.intList(SmallVector<int64_t>(Spatial, 0));
    Value falseValue = b.constBool(false);
    if constexpr (Max) {
      Value one = b.intList(SmallVector<int64_t>(Spatial, 1));
      using PoolOp =
          std::conditional_t<Spatial == 2, AtenMaxPool2dWithIndicesOp,
                             AtenMaxPool3dWithIndicesOp>;
      auto pool = b.builder.create<PoolOp>(
          op.getLoc(), op->getResult(0).getType(), op->getResult(1).getType(),
          op.getSelf(), k, k, zero, one, falseValue);
      rewriter.replaceOp(op, pool->getResults());
    } else {
      if constexpr (Spatial == 2)
        rewriter.replaceOpWithNewOp<AtenAvgPool2dOp>(
            op, op.getType(), op.getSelf(), k, k, zero, falseValue,
            b.constBool(true), b.none());
      else
        rewriter.replaceOpWithNewOp<AtenAvgPool3dOp>(
            op, op.getType(), op.getSelf(), k, k, zero, falseValue,
            b.constBool(true), b.none());
    }
    return success();
  }
};

/// upsample_nearest2d.vec and upsample_bilinear2d.vec (no antialiasing) of
/// an [N, C, H, W] input with H, W and the output's known: separable, one
/// spatial dim at a time. Each output position o reads the input at
/// src = o * scale (scale = 1 / scale_factor when given, else in / out), as
/// PyTorch computes it in floats: nearest takes floor(src); bilinear
/// (half-pixel: src = (o + 0.5) * scale - 0.5, at least 0; align_corners:
/// o * (in - 1) / (out - 1)) blends the two neighbours floor(src) and the
/// next by src's fraction.
template <typename OpTy, bool Bilinear>
class DecomposeUpsample2d : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getInput());
    ValueTensorType result = knownType(op.getResult());
    if (!type || !result || type.getSizes().size() != 4 ||
        !isa<mlir::FloatType>(type.getDtype()))
      return rewriter.notifyMatchFailure(op, "not a float [N, C, H, W] input");
    std::optional<SmallVector<double>> factors;
    if (!isNone(op.getScaleFactors())) {
      factors = constantNumbers(op.getScaleFactors());
      if (!factors || factors->size() != 2)
        return rewriter.notifyMatchFailure(op, "scale factors not constants");
    }
    bool alignCorners = false;
    if constexpr (Bilinear) {
      std::optional<bool> align = constantBool(op.getAlignCorners());
      if (!align)
        return rewriter.notifyMatchFailure(op, "align_corners not a constant");
      alignCorners = *align;
    }
    for (int64_t d = 2; d < 4; ++d) {
      int64_t in = type.getSizes()[d], out = result.getSizes()[d];
      if (in == kUnknownSize || out == kUnknownSize || in < 1 || out < 1)
        return rewriter.notifyMatchFailure(op,
                                           "spatial sizes known at run time");
    }
    TorchBuilder b(rewriter, op.getLoc());
    Type f32 = rewriter.getF32Type();
    Value one = b.constInt(1);
    Value x = op.getInput();
    for (int64_t d = 2; d < 4; ++d) {
      int64_t in = type.getSizes()[d], out = result.getSizes()[d];
      double scale =
          factors ? 1.0 / (*factors)[d - 2] : static_cast<double>(in) / out;
      ValueTensorType posType = b.tensorType({out}, f32);
      ValueTensorType indexType = b.tensorType({out}, b.i64());
      Value pos = b.arange(b.constInt(0), b.constInt(out), out, f32);
      auto toIndex = [&](Value v) -> Value {
        Value i = b.convert(v, indexType.getDtype());
        return b.create<AtenClampOp>(indexType, i, b.constInt(0),
                                     b.constInt(in - 1));
      };
      auto current = cast<ValueTensorType>(x.getType());
      SmallVector<int64_t> sizes(current.getSizes());
      sizes[d] = out;
      ValueTensorType gathered = b.tensorType(sizes, type.getDtype());
      auto gather = [&](Value index) -> Value {
        return b.create<AtenIndexSelectOp>(gathered, x, b.constInt(d), index);
      };
      if constexpr (!Bilinear) {
        Value src =
            b.create<AtenMulScalarOp>(posType, pos, b.constFloat(scale));
        x = gather(toIndex(b.create<AtenFloorOp>(posType, src)));
        continue;
      }
      Value src;
      if (alignCorners) {
        double step = out > 1 ? static_cast<double>(in - 1) / (out - 1) : 0.0;
        src = b.create<AtenMulScalarOp>(posType, pos, b.constFloat(step));
      } else {
        Value centre =
            b.create<AtenAddScalarOp>(posType, pos, b.constFloat(0.5), one);
        Value scaled =
            b.create<AtenMulScalarOp>(posType, centre, b.constFloat(scale));
        src =
            b.create<AtenSubScalarOp>(posType, scaled, b.constFloat(0.5), one);
        src = b.create<AtenClampMinOp>(posType, src, b.constFloat(0.0));
      }
      Value low = b.create<AtenFloorOp>(posType, src);
      Value fraction = b.create<AtenSubTensorOp>(posType, src, low, one);
      Value i0 = toIndex(low);
      Value i1 = b.create<AtenClampOp>(
          indexType, b.create<AtenAddScalarOp>(indexType, i0, one, one),
          b.constInt(0), b.constInt(in - 1));
      Value a = gather(i0), c = gather(i1);
      SmallVector<int64_t> along(4, 1);
      along[d] = out;
      SmallVector<int64_t> shape(4, 1);
      shape[d] = -1;
      Value weight = b.create<AtenViewOp>(b.tensorType(along, f32), fraction,
                                          b.intList(shape));
      Value diff = b.create<AtenSubTensorOp>(gathered, c, a, one);
      Value step = b.create<AtenMulTensorOp>(gathered, diff, weight);
      x = b.create<AtenAddTensorOp>(gathered, a, step, one);
    }
    if (x.getType() != result)
      return rewriter.notifyMatchFailure(op, "an unexpected result type");
    rewriter.replaceOp(op, x);
    return success();
  }
};

/// __interpolate.size_list_scale_list(input, size?, scale_factor?, mode,
/// align_corners?, recompute_scale_factor?, antialias), as TorchScript and
/// upstream's Torch backend contract keep F.interpolate: for an [N, C, H, W]
/// input in mode "nearest" or "bilinear", the upsample_*2d.vec op
/// F.interpolate calls. A size is the output size; a scale factor gives
/// floor(in * scale) and is kept for the sampling positions unless
/// recompute_scale_factor says to sample by the sizes. One size or factor
/// stands for both dims. Other modes and ranks, and antialiasing, stay whole.
class DecomposeInterpolate
    : public Decomposition<Aten__InterpolateSizeListScaleListOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(Aten__InterpolateSizeListScaleListOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getInput());
    if (!type || type.getSizes().size() != 4)
      return rewriter.notifyMatchFailure(op, "not an [N, C, H, W] input");
    std::optional<StringRef> mode = constantString(op.getMode());
    if (!mode || (*mode != "nearest" && *mode != "bilinear"))
      return rewriter.notifyMatchFailure(op, "a mode other than nearest or "
                                             "bilinear");
    std::optional<bool> antialias = constantBool(op.getAntialias());
    if (!antialias || *antialias)
      return rewriter.notifyMatchFailure(op, "antialiasing");
    bool alignCorners = false;
    if (!isNone(op.getAlignCorners())) {
      std::optional<bool> align = constantBool(op.getAlignCorners());
      if (!align)
        return rewriter.notifyMatchFailure(op, "align_corners not a constant");
      alignCorners = *align;
    }
    bool recompute = false;
    if (!isNone(op.getRecomputeScaleFactor())) {
      std::optional<bool> value = constantBool(op.getRecomputeScaleFactor());
      if (!value)
        return rewriter.notifyMatchFailure(op, "recompute_scale_factor not a "
                                               "constant");
      recompute = *value;
    }
    // Every check before any op is made: a pattern that declines must leave
    // the IR as it was.
    std::optional<SmallVector<int64_t>> size;
    std::optional<SmallVector<double>> scales;
    if (!isNone(op.getSize())) {
      size = constantInts(op.getSize());
      if (!size || size->empty() || size->size() > 2)
        return rewriter.notifyMatchFailure(op, "size not 1 or 2 constants");
    } else {
      scales = constantNumbers(op.getScaleFactor());
      if (!scales || scales->empty() || scales->size() > 2)
        return rewriter.notifyMatchFailure(op,
                                           "neither a size nor 1 or 2 scales");
      if (recompute) {
        int64_t h = type.getSizes()[2], w = type.getSizes()[3];
        if (h == kUnknownSize || w == kUnknownSize)
          return rewriter.notifyMatchFailure(op, "sizes to recompute the "
                                                 "scales from not known");
        size = {static_cast<int64_t>(std::floor(h * scales->front())),
                static_cast<int64_t>(std::floor(w * scales->back()))};
        scales.reset();
      }
    }
    TorchBuilder b(rewriter, op.getLoc());
    Value outputSize =
        size ? b.intList({size->front(), size->back()}) : b.none();
    Value scaleFactors = b.none();
    if (scales) {
      Type f = Torch::FloatType::get(op.getContext());
      scaleFactors = b.list(
          f, {b.constFloat(scales->front()), b.constFloat(scales->back())});
    }
    if (*mode == "nearest") {
      rewriter.replaceOpWithNewOp<AtenUpsampleNearest2dVecOp>(
          op, op.getType(), op.getInput(), outputSize, scaleFactors);
    } else {
      rewriter.replaceOpWithNewOp<AtenUpsampleBilinear2dVecOp>(
          op, op.getType(), op.getInput(), outputSize,
          b.constBool(alignCorners), scaleFactors);
    }
    return success();
  }
};

} // namespace

void mlir::torch::Torch::decompositions::populateNnDecompositions(
    RewritePatternSet &patterns, const LegalOps &legal) {
  patterns.add<
      DecomposeSoftmax<AtenSoftmaxIntOp, false>,
      DecomposeSoftmax<Aten_SoftmaxOp, false>,
      DecomposeSoftmax<AtenLogSoftmaxIntOp, true>,
      DecomposeSoftmax<Aten_LogSoftmaxOp, true>, DecomposeConvNd<AtenConv1dOp>,
      DecomposeConvNd<AtenConv2dOp>, DecomposeConvNd<AtenConv3dOp>,
      DecomposeConvTransposeNd<AtenConvTranspose1dOp>,
      DecomposeConvTransposeNd<AtenConvTranspose2dInputOp>,
      DecomposeConvTransposeNd<AtenConvTranspose3dInputOp>,
      DecomposeLayerNorm<AtenLayerNormOp>, DecomposeUnbatchedMaxPoolWithIndices,
      DecomposeNllLossForward, DecomposeLayerNorm<AtenNativeLayerNormOp>,
      DecomposeBatchNormInference, DecomposeGlobalAvgPool, DecomposeAttention,
      DecomposeGroupNorm, DecomposeInstanceNorm,
      DecomposeNativeBatchNormNoTraining, DecomposeGroupedConvolution,
      DecomposeConvPaddingString<AtenConv1dPaddingOp>,
      DecomposeConvPaddingString<AtenConv2dPaddingOp>,
      DecomposeConvPaddingString<AtenConv3dPaddingOp>, DecomposeConvTbc,
      DecomposeAdaptivePoolEven<AtenAdaptiveAvgPool2dOp, 2, false>,
      DecomposeAdaptivePoolEven<AtenAdaptiveAvgPool3dOp, 3, false>,
      DecomposeAdaptivePoolEven<AtenAdaptiveMaxPool2dOp, 2, true>,
      DecomposeAdaptivePoolEven<AtenAdaptiveMaxPool3dOp, 3, true>,
      DecomposeUpsample2d<AtenUpsampleNearest2dVecOp, false>,
      DecomposeUpsample2d<AtenUpsampleBilinear2dVecOp, true>,
      DecomposeInterpolate>(patterns.getContext(), legal);
}
