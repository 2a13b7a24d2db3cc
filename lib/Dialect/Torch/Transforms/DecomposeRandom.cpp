//===- DecomposeRandom.cpp - Random ops as aten.uniform -------------------===//
//
// Every random op becomes arithmetic on aten.uniform, the one random op
// convert-torch-to-linalg lowers (each aten.uniform draws its own seed from
// the module's generator, so two of them are independent streams). Ops
// given an explicit generator are left alone: the module owns the only one.
//
//===----------------------------------------------------------------------===//

#include "Decompositions.h"

#include <cmath>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::Torch::decompositions;

namespace {

/// A float tensor result of known type, else null.
ValueTensorType floatResult(Value v) {
  ValueTensorType type = knownType(v);
  return type && isa<mlir::FloatType>(type.getDtype()) ? type : nullptr;
}

/// Uniform values in [from, to) of `type`, shaped like `like` (a tensor of
/// `type`'s sizes, any dtype).
Value uniformLike(TorchBuilder &b, ValueTensorType type, Value like,
                  double from, double to) {
  Value none = b.none();
  Value empty = b.create<AtenEmptyLikeOp>(
      type, like, b.dtypeOf(type.getDtype()), none, none, none, none);
  return b.create<AtenUniformOp>(type, empty, b.constFloat(from),
                                 b.constFloat(to), none);
}

/// Uniform values in [from, to) of `type`, of the sizes `sizes` (an int list).
Value uniformOfSizes(TorchBuilder &b, ValueTensorType type, Value sizes,
                     double from, double to) {
  Value none = b.none();
  Value empty = b.create<AtenEmptyMemoryFormatOp>(
      type, sizes, b.dtypeOf(type.getDtype()), none, none, none, none);
  return b.create<AtenUniformOp>(type, empty, b.constFloat(from),
                                 b.constFloat(to), none);
}

/// Standard normal values from two independent uniform tensors (Box-Muller):
/// sqrt(-2 log(1 - u1)) * cos(2 pi u2); 1 - u1 is in (0, 1], so the log is
/// finite.
Value boxMuller(TorchBuilder &b, ValueTensorType type, Value u1, Value u2) {
  Value one = b.constInt(1);
  Value complement = b.create<AtenRsubScalarOp>(type, u1, one, one);
  Value radius = b.create<AtenSqrtOp>(
      type,
      b.create<AtenMulScalarOp>(type, b.create<AtenLogOp>(type, complement),
                                b.constFloat(-2.0)));
  Value angle = b.create<AtenMulScalarOp>(type, u2, b.constFloat(2 * M_PI));
  return b.create<AtenMulTensorOp>(type, radius,
                                   b.create<AtenCosOp>(type, angle));
}

/// rand_like(self, dtype, ...) and randn_like: uniform [0, 1) or standard
/// normal values of the result's type, self's shape.
template <typename OpTy>
class DecomposeRandomLike : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = floatResult(op.getResult());
    if (!type || !knownType(op.getSelf()))
      return rewriter.notifyMatchFailure(op,
                                         "not a float result of known type");
    TorchBuilder b(rewriter, op.getLoc());
    Value out = uniformLike(b, type, op.getSelf(), 0.0, 1.0);
    if constexpr (std::is_same_v<OpTy, AtenRandnLikeOp>)
      out = boxMuller(b, type, out, uniformLike(b, type, op.getSelf(), 0, 1));
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// rand(size, dtype, ...) and randn(size, ...): as above, of the sizes given.
template <typename OpTy>
class DecomposeRandomOfSizes : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = floatResult(op.getResult());
    if (!type)
      return rewriter.notifyMatchFailure(op,
                                         "not a float result of known type");
    TorchBuilder b(rewriter, op.getLoc());
    Value out = uniformOfSizes(b, type, op.getSize(), 0.0, 1.0);
    if constexpr (std::is_same_v<OpTy, AtenRandnOp>)
      out =
          boxMuller(b, type, out, uniformOfSizes(b, type, op.getSize(), 0, 1));
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// randint(high, size, dtype) and randint.low(low, high, size, dtype):
/// floor(uniform [low, high) in f64), as the result's integer dtype.
template <typename OpTy> class DecomposeRandint : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getResult());
    std::optional<int64_t> low = 0, high = constantInt(op.getHigh());
    if constexpr (std::is_same_v<OpTy, AtenRandintLowOp>)
      low = constantInt(op.getLow());
    if (!type || !low || !high || *high <= *low)
      return rewriter.notifyMatchFailure(op, "bounds not constants low < high");
    TorchBuilder b(rewriter, op.getLoc());
    ValueTensorType f64 = b.tensorType(type.getSizes(), rewriter.getF64Type());
    Value u = uniformOfSizes(b, f64, op.getSize(), *low, *high);
    Value floored = b.create<AtenFloorOp>(f64, u);
    rewriter.replaceOp(op, b.convert(floored, type.getDtype()));
    return success();
  }
};

/// normal_functional(self, mean, std) = mean + std * standard normal;
/// exponential(self, lambd) = -log(1 - u) / lambd.
class DecomposeNormal : public Decomposition<AtenNormalFunctionalOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenNormalFunctionalOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = floatResult(op.getResult());
    if (!type || !isNone(op.getGenerator()))
      return rewriter.notifyMatchFailure(op, "a generator, or not a float");
    TorchBuilder b(rewriter, op.getLoc());
    Value z = boxMuller(b, type, uniformLike(b, type, op.getSelf(), 0, 1),
                        uniformLike(b, type, op.getSelf(), 0, 1));
    Value scaled = b.create<AtenMulScalarOp>(type, z, op.getStd());
    rewriter.replaceOpWithNewOp<AtenAddScalarOp>(op, type, scaled, op.getMean(),
                                                 b.constInt(1));
    return success();
  }
};

class DecomposeExponential : public Decomposition<AtenExponentialOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenExponentialOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = floatResult(op.getResult());
    if (!type || !isNone(op.getGenerator()))
      return rewriter.notifyMatchFailure(op, "a generator, or not a float");
    TorchBuilder b(rewriter, op.getLoc());
    Value one = b.constInt(1);
    Value u = uniformLike(b, type, op.getSelf(), 0, 1);
    Value log = b.create<AtenLogOp>(
        type, b.create<AtenRsubScalarOp>(type, u, one, one));
    Value negated = b.create<AtenNegOp>(type, log);
    rewriter.replaceOpWithNewOp<AtenDivScalarOp>(op, type, negated,
                                                 op.getLambd());
    return success();
  }
};

/// bernoulli(self) (probabilities self), bernoulli.p(self, p) and
/// bernoulli.Tensor(self, p): 1 where a uniform [0, 1) value is below the
/// probability, else 0, in self's dtype.
template <typename OpTy> class DecomposeBernoulli : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getResult());
    if (!type || !knownType(op.getSelf()) || !isNone(op.getGenerator()))
      return rewriter.notifyMatchFailure(op, "a generator, or types unknown");
    TorchBuilder b(rewriter, op.getLoc());
    // The uniform values in the probabilities' float type (f32 for an
    // integer self with a float p).
    Type floatType = isa<mlir::FloatType>(type.getDtype())
                         ? type.getDtype()
                         : Type(rewriter.getF32Type());
    ValueTensorType uniformType = b.tensorType(type.getSizes(), floatType);
    Value u = uniformLike(b, uniformType, op.getSelf(), 0, 1);
    ValueTensorType boolType = b.tensorType(type.getSizes(), b.i1());
    Value below;
    if constexpr (std::is_same_v<OpTy, AtenBernoulliPOp>)
      below = b.create<AtenLtScalarOp>(boolType, u, op.getP());
    else if constexpr (std::is_same_v<OpTy, AtenBernoulliTensorOp>)
      below = b.create<AtenLtTensorOp>(boolType, u, op.getP());
    else
      below = b.create<AtenLtTensorOp>(boolType, u, op.getSelf());
    rewriter.replaceOp(op, b.convert(below, type.getDtype()));
    return success();
  }
};

/// native_dropout(input, p, train) -> (output, mask) and dropout(input, p,
/// train): in training, mask = uniform < 1 - p (kept with probability 1 - p)
/// and output = input * mask / (1 - p), all zeros for p = 1; outside it,
/// (input, all true).
template <typename OpTy> class DecomposeDropout : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = floatResult(op->getResult(0));
    std::optional<double> p = constantNumber(op.getP());
    std::optional<bool> train = constantBool(op.getTrain());
    if (!type || !p || *p < 0 || *p > 1)
      return rewriter.notifyMatchFailure(op, "p not a constant in [0, 1]");
    if (!train && !isNone(op.getTrain()))
      return rewriter.notifyMatchFailure(op, "train not a constant");
    TorchBuilder b(rewriter, op.getLoc());
    ValueTensorType boolType = b.tensorType(type.getSizes(), b.i1());
    Value input = op.getInput();
    SmallVector<Value> results;
    if (train == false) {
      results.push_back(input);
      if (op->getNumResults() == 2) {
        Value none = b.none();
        results.push_back(b.create<AtenOnesLikeOp>(
            boolType, input, b.dtypeOf(b.i1()), none, none, none, none));
      }
    } else {
      Value u = uniformLike(b, type, input, 0, 1);
      Value keep =
          b.create<AtenLtScalarOp>(boolType, u, b.constFloat(1.0 - *p));
      Value kept = b.create<AtenMulTensorOp>(type, input,
                                             b.convert(keep, type.getDtype()));
      results.push_back(*p == 1.0
                            ? kept
                            : b.create<AtenMulScalarOp>(
                                  type, kept, b.constFloat(1 / (1 - *p))));
      if (op->getNumResults() == 2)
        results.push_back(keep);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// rrelu(self, lower, upper, training=True): negative elements times a
/// uniform [lower, upper) slope each. (Outside training it is leaky_relu:
/// DecomposeElementwise.cpp.)
class DecomposeRreluTraining : public Decomposition<AtenRreluOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenRreluOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = floatResult(op.getResult());
    std::optional<double> lower = constantNumber(op.getLower());
    std::optional<double> upper = constantNumber(op.getUpper());
    if (!type || !lower || !upper || constantBool(op.getTraining()) != true ||
        !isNone(op.getGenerator()) || knownType(op.getSelf()) != type)
      return rewriter.notifyMatchFailure(op, "not training with known bounds");
    TorchBuilder b(rewriter, op.getLoc());
    Value x = op.getSelf();
    Value slope = uniformLike(b, type, x, *lower, *upper);
    Value scaled = b.create<AtenMulTensorOp>(type, x, slope);
    Value nonNegative = b.create<AtenGeScalarOp>(
        b.tensorType(type.getSizes(), b.i1()), x, b.constInt(0));
    rewriter.replaceOpWithNewOp<AtenWhereSelfOp>(op, type, nonNegative, x,
                                                 scaled);
    return success();
  }
};

} // namespace

void mlir::torch::Torch::decompositions::populateRandomDecompositions(
    RewritePatternSet &patterns, const LegalOps &legal) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      DecomposeRandomLike<AtenRandLikeOp>, DecomposeRandomLike<AtenRandnLikeOp>,
      DecomposeRandomOfSizes<AtenRandOp>, DecomposeRandomOfSizes<AtenRandnOp>,
      DecomposeRandint<AtenRandintOp>, DecomposeRandint<AtenRandintLowOp>,
      DecomposeNormal, DecomposeExponential,
      DecomposeBernoulli<AtenBernoulliOp>, DecomposeBernoulli<AtenBernoulliPOp>,
      DecomposeBernoulli<AtenBernoulliTensorOp>,
      DecomposeDropout<AtenNativeDropoutOp>, DecomposeDropout<AtenDropoutOp>,
      DecomposeRreluTraining>(context, legal);
}
