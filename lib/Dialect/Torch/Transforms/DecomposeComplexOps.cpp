//===- DecomposeComplexOps.cpp - ATen ops as simpler ATen ops -------------===//
//
// torch-decompose-complex-ops; Passes.td says what and why. Each pattern
// rewrites one op into ops convert-torch-to-linalg lowers, needing the
// operand's sizes (known or `?`) and dtype, and keeps the op when its name is
// in `legal-ops`.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/StringSet.h"

namespace mlir::torch::Torch {
#define GEN_PASS_DEF_DECOMPOSECOMPLEXOPS
#include "Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch::Torch

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;

namespace {

/// A tensor type of known sizes (some may be `?`) and dtype, else null.
ValueTensorType knownType(Value v) {
  auto type = dyn_cast<ValueTensorType>(v.getType());
  return type && type.hasSizes() && type.hasDtype() ? type : nullptr;
}

std::optional<int64_t> constantInt(Value v) {
  if (auto c = v.getDefiningOp<ConstantIntOp>())
    return c.getValueAttr().getInt();
  return std::nullopt;
}

std::optional<bool> constantBool(Value v) {
  if (auto c = v.getDefiningOp<ConstantBoolOp>())
    return c.getValueAttr().getValue();
  return std::nullopt;
}

bool isNone(Value v) { return isa<Torch::NoneType>(v.getType()); }

/// Builds Torch values at one place.
class TorchBuilder {
public:
  TorchBuilder(PatternRewriter &rewriter, Location loc)
      : rewriter(rewriter), loc(loc) {}

  Value constInt(int64_t v) {
    return rewriter.create<ConstantIntOp>(loc, rewriter.getI64IntegerAttr(v));
  }
  Value constBool(bool v) {
    return rewriter.create<ConstantBoolOp>(loc, rewriter.getBoolAttr(v));
  }
  Value constFloat(double v) {
    return rewriter.create<ConstantFloatOp>(loc, rewriter.getF64FloatAttr(v));
  }
  Value none() { return rewriter.create<ConstantNoneOp>(loc); }
  Value list(ValueRange ints) {
    return rewriter.create<PrimListConstructOp>(
        loc, ListType::get(IntType::get(rewriter.getContext())), ints);
  }
  /// `x`'s size along `dim`: a constant where its type knows it.
  Value sizeOf(Value x, int64_t dim) {
    ArrayRef<int64_t> sizes = cast<ValueTensorType>(x.getType()).getSizes();
    if (dim < 0)
      dim += sizes.size();
    if (sizes[dim] != kUnknownSize)
      return constInt(sizes[dim]);
    return rewriter.create<AtenSizeIntOp>(loc, IntType::get(x.getContext()), x,
                                          constInt(dim));
  }
  /// A tensor type of `sizes` and `dtype`.
  ValueTensorType type(ArrayRef<int64_t> sizes, Type dtype) {
    return ValueTensorType::get(rewriter.getContext(), sizes, dtype);
  }
  Value intList(ArrayRef<int64_t> values) {
    SmallVector<Value> elements;
    for (int64_t v : values)
      elements.push_back(constInt(v));
    return rewriter.create<PrimListConstructOp>(
        loc, ListType::get(IntType::get(rewriter.getContext())), elements);
  }

  /// `type` with `dim` of size 1 (a keepdim reduction's result).
  static ValueTensorType reduced(ValueTensorType type, int64_t dim) {
    SmallVector<int64_t> sizes(type.getSizes());
    sizes[dim] = 1;
    return cast<ValueTensorType>(
        type.getWithSizesAndDtype(sizes, type.getDtype()));
  }

  template <typename OpTy, typename... Args>
  Value create(Type result, Args &&...args) {
    return rewriter.create<OpTy>(loc, result, std::forward<Args>(args)...);
  }

  PatternRewriter &rewriter;
  Location loc;
};

/// The ops a pass run keeps whole, as "aten.softmax.int" (the op name
/// without the dialect prefix).
struct LegalOps {
  llvm::StringSet<> names;
  bool contains(Operation *op) const {
    StringRef name = op->getName().getStringRef();
    name.consume_front("torch.");
    return names.contains(name);
  }
};

template <typename OpTy> class Decomposition : public OpRewritePattern<OpTy> {
public:
  Decomposition(MLIRContext *context, const LegalOps &legal)
      : OpRewritePattern<OpTy>(context), legal(legal) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    if (legal.contains(op))
      return rewriter.notifyMatchFailure(op, "legal for the backend");
    return decompose(op, rewriter);
  }

  virtual LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const = 0;

private:
  const LegalOps &legal;
};

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

/// index_put with a boolean mask beside other indices (`x[mask, i] = v`) or
/// with more than one value: each mask of rank k becomes the k columns of
/// nonzero(mask), integer indices over the same k dims, in the same place.
/// (One mask written with one value the lowering takes whole: a select.)
template <typename OpTy>
class DecomposeIndexPutMask : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    auto list = op.getIndices().template getDefiningOp<PrimListConstructOp>();
    ValueTensorType valuesType = knownType(op.getValues());
    if (!list || !valuesType)
      return rewriter.notifyMatchFailure(op, "indices not a list construct");
    bool anyMask = false;
    int64_t tensors = 0;
    for (Value entry : list.getElements()) {
      if (isNone(entry))
        continue;
      ++tensors;
      ValueTensorType type = knownType(entry);
      if (!type)
        return rewriter.notifyMatchFailure(op, "an index of unknown type");
      anyMask |= type.getDtype().isInteger(1);
    }
    bool oneValue = llvm::all_of(valuesType.getSizes(),
                                 [](int64_t size) { return size == 1; });
    if (!anyMask || (tensors == 1 && oneValue))
      return rewriter.notifyMatchFailure(op, "no mask, or one mask alone");
    TorchBuilder b(rewriter, op.getLoc());
    MLIRContext *context = rewriter.getContext();
    Type i64 = IntegerType::get(context, 64, IntegerType::Signed);
    SmallVector<Value> entries;
    for (Value entry : list.getElements()) {
      ValueTensorType type = isNone(entry) ? nullptr : knownType(entry);
      if (!type || !type.getDtype().isInteger(1)) {
        entries.push_back(entry);
        continue;
      }
      int64_t rank = type.getSizes().size();
      auto positionsType = ValueTensorType::get(
          context, ArrayRef<int64_t>{kUnknownSize, rank}, i64);
      Value positions = b.create<AtenNonzeroOp>(positionsType, entry);
      auto columnType =
          ValueTensorType::get(context, ArrayRef<int64_t>{kUnknownSize}, i64);
      for (int64_t d = 0; d < rank; ++d)
        entries.push_back(b.create<AtenSelectIntOp>(
            columnType, positions, b.constInt(1), b.constInt(d)));
    }
    Value indices = rewriter.create<PrimListConstructOp>(
        op.getLoc(), list.getType(), entries);
    rewriter.replaceOpWithNewOp<OpTy>(op, op.getType(), op.getSelf(), indices,
                                      op.getValues(), op.getAccumulate());
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

/// linear(x, w, b) = matmul(x, t(w)) + b.
class DecomposeLinear : public Decomposition<AtenLinearOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenLinearOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType weight = knownType(op.getWeight());
    ValueTensorType result = knownType(op.getResult());
    if (!weight || !result || weight.getSizes().size() != 2)
      return rewriter.notifyMatchFailure(op, "weight not 2-D of known type");
    TorchBuilder b(rewriter, op.getLoc());
    ArrayRef<int64_t> w = weight.getSizes();
    Value transposed = b.create<AtenTOp>(
        b.type({w[1], w[0]}, weight.getDtype()), op.getWeight());
    Value product = b.create<AtenMatmulOp>(result, op.getInput(), transposed);
    if (!isNone(op.getBias()))
      product = b.create<AtenAddTensorOp>(result, product, op.getBias(),
                                          b.constInt(1));
    rewriter.replaceOp(op, product);
    return success();
  }
};

/// matmul(a, b) by the operands' ranks: mm for 2-D x 2-D; a 1-D operand
/// gets a unit dim (squeezed from the result); batched ones are expanded
/// to the broadcast batch dims, flattened to one, multiplied with bmm and
/// viewed as the result; a batched `a` with a 2-D `b` flattens a's batch
/// dims into its rows instead. 1-D x 1-D is sum(a * b).
class DecomposeMatmul : public Decomposition<AtenMatmulOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenMatmulOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType aType = knownType(op.getSelf());
    ValueTensorType bType = knownType(op.getOther());
    ValueTensorType result = knownType(op.getResult());
    if (!aType || !bType || !result)
      return rewriter.notifyMatchFailure(op, "operands of unknown rank");
    int64_t ra = aType.getSizes().size(), rb = bType.getSizes().size();
    if (ra == 0 || rb == 0)
      return rewriter.notifyMatchFailure(op, "a 0-d operand");
    Type dtype = result.getDtype();
    TorchBuilder b(rewriter, op.getLoc());
    Value a = op.getSelf(), other = op.getOther();
    if (ra == 1 && rb == 1) {
      Value product =
          b.create<AtenMulTensorOp>(b.type(aType.getSizes(), dtype), a, other);
      rewriter.replaceOpWithNewOp<AtenSumDimIntListOp>(
          op, result, product, b.intList({0}), b.constBool(false), b.none());
      return success();
    }
    // 1-D operands as a row ([1, k]) or a column ([k, 1]).
    auto unsqueezed = [&](Value v, ValueTensorType type, int64_t dim) {
      SmallVector<int64_t> sizes(type.getSizes());
      sizes.insert(sizes.begin() + (dim < 0 ? sizes.size() + dim + 1 : dim), 1);
      return b.create<AtenUnsqueezeOp>(b.type(sizes, type.getDtype()), v,
                                       b.constInt(dim));
    };
    if (ra == 1)
      a = unsqueezed(a, aType, 0);
    if (rb == 1)
      other = unsqueezed(other, bType, -1);
    auto aSizes = cast<ValueTensorType>(a.getType()).getSizes();
    auto bSizes = cast<ValueTensorType>(other.getType()).getSizes();
    int64_t m = aSizes[aSizes.size() - 2], n = bSizes.back();
    Value product;
    if (aSizes.size() == 2 && bSizes.size() == 2) {
      product = b.create<AtenMmOp>(b.type({m, n}, dtype), a, other);
    } else if (bSizes.size() == 2) {
      // [batch..., m, k] @ [k, n]: the batch dims join the rows.
      int64_t rows = 1;
      for (int64_t size : aSizes.drop_back())
        rows = size == kUnknownSize || rows == kUnknownSize ? kUnknownSize
                                                            : rows * size;
      Value flat = b.create<AtenFlattenUsingIntsOp>(
          b.type({rows, aSizes.back()}, dtype), a, b.constInt(0),
          b.constInt(aSizes.size() - 2));
      Value mm = b.create<AtenMmOp>(b.type({rows, n}, dtype), flat, other);
      SmallVector<Value> sizes;
      SmallVector<int64_t> staticSizes(aSizes.drop_back());
      for (int64_t d = 0; d + 1 < static_cast<int64_t>(aSizes.size()); ++d)
        sizes.push_back(b.sizeOf(a, d));
      sizes.push_back(b.sizeOf(other, 1));
      staticSizes.push_back(n);
      product =
          b.create<AtenViewOp>(b.type(staticSizes, dtype), mm, b.list(sizes));
    } else {
      // Batched: expand both to the broadcast batch dims, flatten, bmm.
      int64_t batchRank = std::max(aSizes.size(), bSizes.size()) - 2;
      SmallVector<Value> batch;
      SmallVector<int64_t> staticBatch;
      int64_t count = 1;
      for (int64_t d = 0; d < batchRank; ++d) {
        // Dim d of the batch, counted from the front of the longest.
        auto sizeIn = [&](Value v, ArrayRef<int64_t> sizes) -> int64_t {
          int64_t at =
              d - (batchRank - (static_cast<int64_t>(sizes.size()) - 2));
          return at < 0 ? 1 : sizes[at];
        };
        int64_t sa = sizeIn(a, aSizes), sb = sizeIn(other, bSizes);
        int64_t size = sa == 1              ? sb
                       : sb == 1            ? sa
                       : sa != kUnknownSize ? sa
                                            : sb;
        Value value;
        if (size != kUnknownSize) {
          value = b.constInt(size);
        } else {
          bool fromA = sa != 1;
          ArrayRef<int64_t> sizes = fromA ? aSizes : bSizes;
          int64_t at =
              d - (batchRank - (static_cast<int64_t>(sizes.size()) - 2));
          value = b.sizeOf(fromA ? a : other, at);
        }
        batch.push_back(value);
        staticBatch.push_back(size);
        count = size == kUnknownSize || count == kUnknownSize ? kUnknownSize
                                                              : count * size;
      }
      auto expanded = [&](Value v, ArrayRef<int64_t> sizes) -> Value {
        SmallVector<Value> to(batch);
        to.push_back(b.constInt(-1));
        to.push_back(b.constInt(-1));
        SmallVector<int64_t> shape(staticBatch);
        shape.append(sizes.end() - 2, sizes.end());
        Value e = b.create<AtenExpandOp>(b.type(shape, dtype), v, b.list(to),
                                         b.constBool(false));
        SmallVector<int64_t> flat{count};
        flat.append(sizes.end() - 2, sizes.end());
        return b.create<AtenFlattenUsingIntsOp>(
            b.type(flat, dtype), e, b.constInt(0), b.constInt(batchRank - 1));
      };
      Value bmm =
          b.create<AtenBmmOp>(b.type({count, m, n}, dtype), expanded(a, aSizes),
                              expanded(other, bSizes));
      SmallVector<Value> sizes(batch);
      sizes.push_back(b.sizeOf(a, -2));
      sizes.push_back(b.sizeOf(other, -1));
      SmallVector<int64_t> shape(staticBatch);
      shape.push_back(m);
      shape.push_back(n);
      product = b.create<AtenViewOp>(b.type(shape, dtype), bmm, b.list(sizes));
    }
    // Drop the unit dims the 1-D operands got.
    auto productSizes = [&]() {
      return cast<ValueTensorType>(product.getType()).getSizes();
    };
    if (rb == 1) {
      SmallVector<int64_t> sizes(productSizes().drop_back());
      product = b.create<AtenSqueezeDimOp>(b.type(sizes, dtype), product,
                                           b.constInt(-1));
    }
    if (ra == 1) {
      SmallVector<int64_t> sizes(productSizes());
      sizes.erase(sizes.end() - (rb == 1 ? 1 : 2));
      product = b.create<AtenSqueezeDimOp>(b.type(sizes, dtype), product,
                                           b.constInt(rb == 1 ? -1 : -2));
    }
    if (product.getType() != result)
      product = b.create<TensorStaticInfoCastOp>(result, product);
    rewriter.replaceOp(op, product);
    return success();
  }
};

/// layer_norm(x, normalized_shape, weight, bias, eps): over the last
/// len(normalized_shape) dims, (x - mean) * rsqrt(mean((x - mean)^2) + eps),
/// then * weight + bias (each broadcast over the leading dims).
class DecomposeLayerNorm : public Decomposition<AtenLayerNormOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenLayerNormOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getInput());
    auto shape = op.getNormalizedShape().getDefiningOp<PrimListConstructOp>();
    if (!type || !shape || !isa<mlir::FloatType>(type.getDtype()) ||
        knownType(op.getResult()) != type)
      return rewriter.notifyMatchFailure(op,
                                         "not a float tensor of known rank");
    int64_t rank = type.getSizes().size();
    int64_t normalized = shape.getElements().size();
    if (normalized < 1 || normalized > rank)
      return rewriter.notifyMatchFailure(op,
                                         "normalized_shape of wrong length");
    TorchBuilder b(rewriter, op.getLoc());
    SmallVector<int64_t> dims, kept(type.getSizes());
    for (int64_t d = rank - normalized; d < rank; ++d) {
      dims.push_back(d);
      kept[d] = 1;
    }
    ValueTensorType keptType = b.type(kept, type.getDtype());
    Value dimList = b.intList(dims);
    Value keep = b.constBool(true);
    Value one = b.constInt(1);
    Value x = op.getInput();
    Value mean = b.create<AtenMeanDimOp>(keptType, x, dimList, keep, b.none());
    Value centered = b.create<AtenSubTensorOp>(type, x, mean, one);
    Value squares = b.create<AtenMulTensorOp>(type, centered, centered);
    Value var =
        b.create<AtenMeanDimOp>(keptType, squares, dimList, keep, b.none());
    Value shifted = b.create<AtenAddScalarOp>(keptType, var, op.getEps(), one);
    Value rstd = b.create<AtenRsqrtOp>(keptType, shifted);
    Value out = b.create<AtenMulTensorOp>(type, centered, rstd);
    if (!isNone(op.getWeight()))
      out = b.create<AtenMulTensorOp>(type, out, op.getWeight());
    if (!isNone(op.getBias()))
      out = b.create<AtenAddTensorOp>(type, out, op.getBias(), one);
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// batch_norm outside training: (x - running_mean) * rsqrt(running_var +
/// eps) * weight + bias, the per-channel tensors viewed as [1, C, 1, ...].
class DecomposeBatchNormInference : public Decomposition<AtenBatchNormOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenBatchNormOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getInput());
    if (!type || type.getSizes().size() < 2 ||
        !isa<mlir::FloatType>(type.getDtype()) ||
        constantBool(op.getTraining()) != false ||
        isNone(op.getRunningMean()) || isNone(op.getRunningVar()) ||
        knownType(op.getResult()) != type)
      return rewriter.notifyMatchFailure(op, "training, or no statistics");
    TorchBuilder b(rewriter, op.getLoc());
    int64_t rank = type.getSizes().size();
    SmallVector<int64_t> shape(rank, 1);
    shape[1] = -1;
    SmallVector<int64_t> channelSizes(rank, 1);
    channelSizes[1] = type.getSizes()[1];
    Value shapeList = b.intList(shape);
    Value one = b.constInt(1);
    auto channel = [&](Value v) -> Value {
      ValueTensorType t = knownType(v);
      return b.create<AtenViewOp>(b.type(channelSizes, t.getDtype()), v,
                                  shapeList);
    };
    if (!knownType(op.getRunningMean()) || !knownType(op.getRunningVar()))
      return rewriter.notifyMatchFailure(op, "statistics of unknown type");
    ValueTensorType channelType = b.type(channelSizes, type.getDtype());
    Value var = channel(op.getRunningVar());
    Value shifted =
        b.create<AtenAddScalarOp>(channelType, var, op.getEps(), one);
    Value scale = b.create<AtenRsqrtOp>(channelType, shifted);
    Value centered = b.create<AtenSubTensorOp>(
        type, op.getInput(), channel(op.getRunningMean()), one);
    Value out = b.create<AtenMulTensorOp>(type, centered, scale);
    if (!isNone(op.getWeight())) {
      if (!knownType(op.getWeight()))
        return rewriter.notifyMatchFailure(op, "weight of unknown type");
      out = b.create<AtenMulTensorOp>(type, out, channel(op.getWeight()));
    }
    if (!isNone(op.getBias())) {
      if (!knownType(op.getBias()))
        return rewriter.notifyMatchFailure(op, "bias of unknown type");
      out = b.create<AtenAddTensorOp>(type, out, channel(op.getBias()), one);
    }
    rewriter.replaceOp(op, out);
    return success();
  }
};

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
    // The dims reduced, sorted and unique.
    SmallVector<bool> reduced(rank, isNone(op.getDim()));
    if (!isNone(op.getDim())) {
      auto list = op.getDim().template getDefiningOp<PrimListConstructOp>();
      if (!list)
        return rewriter.notifyMatchFailure(op, "dims not a list");
      for (Value v : list.getElements()) {
        std::optional<int64_t> d = constantInt(v);
        if (!d || *d < -rank || *d >= rank)
          return rewriter.notifyMatchFailure(op, "a dim not a constant");
        reduced[*d < 0 ? *d + rank : *d] = true;
      }
      if (list.getElements().empty())
        reduced.assign(rank, true);
    }
    // The correction: None means 1; unbiased (the .dim form) 1 or 0.
    double correction = 1;
    Value third = op->getOperand(2);
    if (isa<Torch::BoolType>(third.getType())) {
      std::optional<bool> unbiased = constantBool(third);
      if (!unbiased)
        return rewriter.notifyMatchFailure(op, "unbiased not a constant");
      correction = *unbiased ? 1 : 0;
    } else if (!isNone(third)) {
      if (std::optional<int64_t> c = constantInt(third))
        correction = *c;
      else if (auto f = third.template getDefiningOp<ConstantFloatOp>())
        correction = f.getValueAttr().getValueAsDouble();
      else
        return rewriter.notifyMatchFailure(op, "correction not a constant");
    }
    TorchBuilder b(rewriter, op.getLoc());
    SmallVector<int64_t> dims, kept(type.getSizes());
    int64_t count = 1;
    Value dynamicCount;
    for (int64_t d = 0; d < rank; ++d) {
      if (!reduced[d])
        continue;
      dims.push_back(d);
      kept[d] = 1;
      int64_t size = type.getSizes()[d];
      if (size != kUnknownSize) {
        count *= size;
        continue;
      }
      Value s = b.sizeOf(op.getSelf(), d);
      dynamicCount =
          dynamicCount
              ? b.create<AtenMulIntOp>(IntType::get(rewriter.getContext()),
                                       dynamicCount, s)
              : s;
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
    ValueTensorType keptType = b.type(kept, type.getDtype());
    Value dimList = b.intList(dims);
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
      Value meanOut =
          *keepdim
              ? mean
              : b.create<AtenMeanDimOp>(op->getResult(1).getType(), x, dimList,
                                        op.getKeepdim(), b.none());
      values.push_back(meanOut);
    }
    rewriter.replaceOp(op, values);
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

/// fft_fft, fft_ifft and fft_rfft with no `n` (no padding or trimming):
/// _fft_r2c of a real input (one-sided for rfft), _fft_c2c of a complex one,
/// along `dim`; `norm` ("backward" = None, "ortho", "forward") becomes the
/// scaling code (0: none, 1: 1/sqrt(n), 2: 1/n), the forward and inverse
/// transforms reading it from opposite ends.
template <typename OpTy> class DecomposeFft : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    constexpr bool inverse = std::is_same_v<OpTy, AtenFftIfftOp>;
    constexpr bool onesided = std::is_same_v<OpTy, AtenFftRfftOp>;
    ValueTensorType type = knownType(op.getSelf());
    std::optional<int64_t> dim = constantInt(op.getDim());
    if (!type || !dim || !isNone(op.getN()))
      return rewriter.notifyMatchFailure(op,
                                         "a length n, or a dim at run time");
    int64_t code = 0;
    if (!isNone(op.getNorm())) {
      auto norm = op.getNorm().template getDefiningOp<ConstantStrOp>();
      if (!norm)
        return rewriter.notifyMatchFailure(op, "norm not a constant");
      StringRef mode = norm.getValue();
      if (mode == "ortho")
        code = 1;
      else if (mode == "forward")
        code = inverse ? 0 : 2;
      else if (mode == "backward")
        code = inverse ? 2 : 0;
      else
        return rewriter.notifyMatchFailure(op, "an unknown norm");
    } else if (inverse) {
      code = 2;
    }
    bool complexInput = isa<ComplexType>(type.getDtype());
    if (onesided && complexInput)
      return rewriter.notifyMatchFailure(op, "rfft of a complex input");
    if (!complexInput && inverse)
      return rewriter.notifyMatchFailure(op, "ifft of a real input");
    TorchBuilder b(rewriter, op.getLoc());
    Value dims = b.intList({*dim});
    if (complexInput)
      rewriter.replaceOpWithNewOp<Aten_FftC2cOp>(op, op.getType(), op.getSelf(),
                                                 dims, b.constInt(code),
                                                 b.constBool(!inverse));
    else
      rewriter.replaceOpWithNewOp<Aten_FftR2cOp>(op, op.getType(), op.getSelf(),
                                                 dims, b.constInt(code),
                                                 b.constBool(onesided));
    return success();
  }
};

/// Activations PyTorch defines by others, on a tensor of known type whose
/// result has its type: relu6 = hardtanh(x, 0, 6); hardsigmoid =
/// hardtanh(x + 3, 0, 6) / 6; hardswish = x * hardsigmoid(x); square = x * x;
/// frac = x - trunc(x); mish = x * tanh(softplus(x)); selu and celu as elu
/// with their constants.
template <typename OpTy>
class DecomposeActivation : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    if (!type || knownType(op.getResult()) != type)
      return rewriter.notifyMatchFailure(op, "not a tensor of known type");
    bool isFloat = isa<mlir::FloatType>(type.getDtype());
    TorchBuilder b(rewriter, op.getLoc());
    Value x = op.getSelf();
    Value one = b.constInt(1);
    auto hardsigmoid = [&]() -> Value {
      Value shifted =
          b.create<AtenAddScalarOp>(type, x, b.constFloat(3.0), one);
      Value clamped = b.create<AtenHardtanhOp>(type, shifted, b.constFloat(0.0),
                                               b.constFloat(6.0));
      return b.create<AtenDivScalarOp>(type, clamped, b.constFloat(6.0));
    };
    Value out;
    if constexpr (std::is_same_v<OpTy, AtenSquareOp>) {
      out = b.create<AtenMulTensorOp>(type, x, x);
    } else {
      if (!isFloat)
        return rewriter.notifyMatchFailure(op, "not a float tensor");
      if constexpr (std::is_same_v<OpTy, AtenRelu6Op>) {
        out = b.create<AtenHardtanhOp>(type, x, b.constFloat(0.0),
                                       b.constFloat(6.0));
      } else if constexpr (std::is_same_v<OpTy, AtenHardsigmoidOp>) {
        out = hardsigmoid();
      } else if constexpr (std::is_same_v<OpTy, AtenHardswishOp>) {
        out = b.create<AtenMulTensorOp>(type, x, hardsigmoid());
      } else if constexpr (std::is_same_v<OpTy, AtenFracOp>) {
        out = b.create<AtenSubTensorOp>(type, x, b.create<AtenTruncOp>(type, x),
                                        one);
      } else if constexpr (std::is_same_v<OpTy, AtenMishOp>) {
        Value soft =
            b.create<AtenSoftplusOp>(type, x, b.constInt(1), b.constInt(20));
        out = b.create<AtenMulTensorOp>(type, x,
                                        b.create<AtenTanhOp>(type, soft));
      } else if constexpr (std::is_same_v<OpTy, AtenSeluOp>) {
        out = b.create<AtenEluOp>(type, x, b.constFloat(1.6732632423543772),
                                  b.constFloat(1.0507009873554805), one);
      } else if constexpr (std::is_same_v<OpTy, AtenCeluOp>) {
        std::optional<double> alpha;
        if (auto f = op.getAlpha().template getDefiningOp<ConstantFloatOp>())
          alpha = f.getValueAttr().getValueAsDouble();
        else if (std::optional<int64_t> i = constantInt(op.getAlpha()))
          alpha = *i;
        if (!alpha || *alpha == 0)
          return rewriter.notifyMatchFailure(op,
                                             "alpha not a nonzero constant");
        out = b.create<AtenEluOp>(type, x, op.getAlpha(), one,
                                  b.constFloat(1.0 / *alpha));
      }
    }
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// floor_divide(a, b) = div(a, b, rounding_mode="floor"); outer(a, b) =
/// a[:, None] * b.
class DecomposeFloorDivide : public Decomposition<AtenFloorDivideOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenFloorDivideOp op,
                          PatternRewriter &rewriter) const override {
    Value floor = rewriter.create<ConstantStrOp>(
        op.getLoc(), rewriter.getStringAttr("floor"));
    rewriter.replaceOpWithNewOp<AtenDivTensorModeOp>(
        op, op.getType(), op.getSelf(), op.getOther(), floor);
    return success();
  }
};

class DecomposeOuter : public Decomposition<AtenOuterOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenOuterOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType a = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    if (!a || !result || a.getSizes().size() != 1)
      return rewriter.notifyMatchFailure(op, "not a 1-D operand of known type");
    TorchBuilder b(rewriter, op.getLoc());
    Value column =
        b.create<AtenUnsqueezeOp>(b.type({a.getSizes()[0], 1}, a.getDtype()),
                                  op.getSelf(), b.constInt(1));
    rewriter.replaceOpWithNewOp<AtenMulTensorOp>(op, result, column,
                                                 op.getVec2());
    return success();
  }
};

class DecomposeComplexOpsPass
    : public Torch::impl::DecomposeComplexOpsBase<DecomposeComplexOpsPass> {
public:
  using DecomposeComplexOpsBase::DecomposeComplexOpsBase;

  void runOnOperation() override {
    for (const std::string &name : legalOps)
      legal.names.insert(name);
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<
        DecomposeSoftmax<AtenSoftmaxIntOp, false>,
        DecomposeSoftmax<Aten_SoftmaxOp, false>,
        DecomposeSoftmax<AtenLogSoftmaxIntOp, true>,
        DecomposeSoftmax<Aten_LogSoftmaxOp, true>,
        DecomposeIndexPutMask<AtenIndexPutOp>,
        DecomposeIndexPutMask<AtenIndexPutHackedTwinOp>,
        DecomposeConvNd<AtenConv1dOp>, DecomposeConvNd<AtenConv2dOp>,
        DecomposeConvNd<AtenConv3dOp>,
        DecomposeConvTransposeNd<AtenConvTranspose1dOp>,
        DecomposeConvTransposeNd<AtenConvTranspose2dInputOp>,
        DecomposeConvTransposeNd<AtenConvTranspose3dInputOp>, DecomposeLinear,
        DecomposeMatmul, DecomposeLayerNorm, DecomposeBatchNormInference,
        DecomposeVariance<AtenVarCorrectionOp, false, false>,
        DecomposeVariance<AtenVarDimOp, false, false>,
        DecomposeVariance<AtenStdCorrectionOp, true, false>,
        DecomposeVariance<AtenStdDimOp, true, false>,
        DecomposeVariance<AtenVarMeanCorrectionOp, false, true>,
        DecomposeGlobalAvgPool, DecomposeFft<AtenFftFftOp>,
        DecomposeFft<AtenFftIfftOp>, DecomposeFft<AtenFftRfftOp>,
        DecomposeActivation<AtenRelu6Op>,
        DecomposeActivation<AtenHardsigmoidOp>,
        DecomposeActivation<AtenHardswishOp>, DecomposeActivation<AtenSquareOp>,
        DecomposeActivation<AtenFracOp>, DecomposeActivation<AtenMishOp>,
        DecomposeActivation<AtenSeluOp>, DecomposeActivation<AtenCeluOp>,
        DecomposeFloorDivide, DecomposeOuter>(context, legal);
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }

private:
  LegalOps legal;
};

} // namespace
