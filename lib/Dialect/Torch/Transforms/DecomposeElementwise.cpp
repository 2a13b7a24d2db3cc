//===- DecomposeElementwise.cpp - Elementwise ops
//---------------------------===//
//
// Activations and arithmetic PyTorch defines by other elementwise ops.
//
//===----------------------------------------------------------------------===//

#include "Decompositions.h"

#include <cmath>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::Torch::decompositions;

namespace {

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

/// log_sigmoid(x) = -softplus(-x); round(x, decimals) = round(x * 10^d) /
/// 10^d (for d < 0, round(x / 10^-d) * 10^-d, as PyTorch); rrelu outside
/// training = leaky_relu with the mean slope (lower + upper) / 2; prelu(x,
/// w) = x where x > 0, else w * x, w of one element or one per channel
/// (dim 1).
class DecomposeLogSigmoid : public Decomposition<AtenLogSigmoidOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenLogSigmoidOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    if (!type || !isa<mlir::FloatType>(type.getDtype()) ||
        knownType(op.getResult()) != type)
      return rewriter.notifyMatchFailure(op, "not a float tensor");
    TorchBuilder b(rewriter, op.getLoc());
    Value negated = b.create<AtenNegOp>(type, op.getSelf());
    Value soft =
        b.create<AtenSoftplusOp>(type, negated, b.constInt(1), b.constInt(20));
    rewriter.replaceOpWithNewOp<AtenNegOp>(op, type, soft);
    return success();
  }
};

class DecomposeRoundDecimals : public Decomposition<AtenRoundDecimalsOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenRoundDecimalsOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    std::optional<int64_t> decimals = constantInt(op.getDecimals());
    if (!type || !decimals || !isa<mlir::FloatType>(type.getDtype()) ||
        knownType(op.getResult()) != type)
      return rewriter.notifyMatchFailure(op, "not a float tensor");
    TorchBuilder b(rewriter, op.getLoc());
    Value factor = b.constFloat(std::pow(10.0, std::abs(*decimals)));
    Value x = op.getSelf();
    if (*decimals >= 0) {
      Value scaled = b.create<AtenMulScalarOp>(type, x, factor);
      Value rounded = b.create<AtenRoundOp>(type, scaled);
      rewriter.replaceOpWithNewOp<AtenDivScalarOp>(op, type, rounded, factor);
    } else {
      Value scaled = b.create<AtenDivScalarOp>(type, x, factor);
      Value rounded = b.create<AtenRoundOp>(type, scaled);
      rewriter.replaceOpWithNewOp<AtenMulScalarOp>(op, type, rounded, factor);
    }
    return success();
  }
};

class DecomposeRreluEval : public Decomposition<AtenRreluOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenRreluOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    std::optional<double> lower = constantNumber(op.getLower());
    std::optional<double> upper = constantNumber(op.getUpper());
    if (!type || !lower || !upper || constantBool(op.getTraining()) != false ||
        knownType(op.getResult()) != type)
      return rewriter.notifyMatchFailure(op, "training, or bounds unknown");
    TorchBuilder b(rewriter, op.getLoc());
    rewriter.replaceOpWithNewOp<AtenLeakyReluOp>(
        op, type, op.getSelf(), b.constFloat((*lower + *upper) / 2));
    return success();
  }
};

class DecomposePrelu : public Decomposition<AtenPreluOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenPreluOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType weight = knownType(op.getWeight());
    if (!type || !weight || weight.getSizes().size() != 1 ||
        knownType(op.getResult()) != type)
      return rewriter.notifyMatchFailure(op, "not a 1-D weight");
    TorchBuilder b(rewriter, op.getLoc());
    int64_t rank = type.getSizes().size();
    Value w = op.getWeight();
    if (weight.getSizes()[0] != 1) {
      if (rank < 2)
        return rewriter.notifyMatchFailure(op, "channels without a dim 1");
      w = b.alongDim(w, rank, 1, weight.getSizes()[0]);
    }
    Value scaled = b.create<AtenMulTensorOp>(type, op.getSelf(), w);
    Value positive = b.create<AtenGtScalarOp>(
        b.tensorType(type.getSizes(), b.i1()), op.getSelf(), b.constInt(0));
    rewriter.replaceOpWithNewOp<AtenWhereSelfOp>(op, type, positive,
                                                 op.getSelf(), scaled);
    return success();
  }
};

/// a & b and a | b (Python's operators on tensors) = bitwise_and/or(a, b).
template <typename OpTy, typename BitwiseOp>
class DecomposeOperatorOnTensors : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<BitwiseOp>(op, op.getType(), op.getSelf(),
                                           op.getOther());
    return success();
  }
};

/// isfinite(x): x - x == 0, which is NaN for infinities and NaN (all true
/// for integers and bools).
class DecomposeIsfinite : public Decomposition<AtenIsfiniteOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenIsfiniteOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    if (!type || !result)
      return rewriter.notifyMatchFailure(op, "types unknown");
    TorchBuilder b(rewriter, op.getLoc());
    Value none = b.none();
    if (!isa<mlir::FloatType>(type.getDtype())) {
      rewriter.replaceOpWithNewOp<AtenOnesLikeOp>(
          op, result, op.getSelf(), b.dtypeOf(b.i1()), none, none, none, none);
      return success();
    }
    Value difference = b.create<AtenSubTensorOp>(type, op.getSelf(),
                                                 op.getSelf(), b.constInt(1));
    rewriter.replaceOpWithNewOp<AtenEqScalarOp>(op, result, difference,
                                                b.constFloat(0));
    return success();
  }
};

/// isclose(a, b, rtol, atol, equal_nan), PyTorch's definition: a == b, or
/// |a - b| finite and <= atol + rtol |b|, or (with equal_nan) both NaN.
class DecomposeIsclose : public Decomposition<AtenIscloseOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenIscloseOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType result = knownType(op.getResult());
    ValueTensorType a = knownType(op.getSelf());
    std::optional<bool> equalNan = constantBool(op.getEqualNan());
    if (!result || !a || knownType(op.getOther()) != a ||
        !isa<mlir::FloatType>(a.getDtype()) || !equalNan)
      return rewriter.notifyMatchFailure(op, "not two floats of one type");
    TorchBuilder b(rewriter, op.getLoc());
    Value one = b.constInt(1);
    Value x = op.getSelf(), y = op.getOther();
    Value equal = b.create<AtenEqTensorOp>(result, x, y);
    Value error =
        b.create<AtenAbsOp>(a, b.create<AtenSubTensorOp>(a, x, y, one));
    Value allowed = b.create<AtenAddScalarOp>(
        a,
        b.create<AtenMulScalarOp>(a, b.create<AtenAbsOp>(a, y), op.getRtol()),
        op.getAtol(), one);
    Value within = b.create<AtenLogicalAndOp>(
        result, b.create<AtenIsfiniteOp>(result, error),
        b.create<AtenLeTensorOp>(result, error, allowed));
    Value close = b.create<AtenLogicalOrOp>(result, equal, within);
    if (*equalNan)
      close = b.create<AtenLogicalOrOp>(
          result, close,
          b.create<AtenLogicalAndOp>(result, b.create<AtenIsnanOp>(result, x),
                                     b.create<AtenIsnanOp>(result, y)));
    rewriter.replaceOp(op, close);
    return success();
  }
};

/// x's elements as the signed integers of their width (bitcast: a
/// view.dtype), for sign bits; null for a dtype without one.
Value asSignedBits(TorchBuilder &b, Value x) {
  auto type = cast<ValueTensorType>(x.getType());
  unsigned width = type.getDtype().getIntOrFloatBitWidth();
  if (width != 16 && width != 32 && width != 64)
    return nullptr;
  Type integer =
      IntegerType::get(b.builder.getContext(), width, IntegerType::Signed);
  return b.create<AtenViewDtypeOp>(b.tensorType(type.getSizes(), integer), x,
                                   b.dtypeOf(integer));
}

/// Elementwise ops PyTorch defines by a formula of others, each on float
/// tensors (the result's type; operands broadcast to it):
///   copysign(a, b) = signbit(b) ? -|a| : |a|; signbit(x) = bits(x) < 0;
///   fmax/fmin: the other where one is NaN, else maximum/minimum;
///   isinf(x) = |x| == inf, isposinf, isneginf;
///   logaddexp(a, b) = max + log1p(exp(-|a - b|)) (a + ln 2 where a == b, so
///   that equal infinities stay), logaddexp2 likewise in base 2;
///   xlogy(x, y) = 0 where x == 0 and y is not NaN, else x log(y);
///   heaviside(x, v) = v where x == 0, else x > 0;
///   lerp(a, b, w) = a + w (b - a); addcmul/addcdiv(s, t1, t2, v) = s + v t1
///   (*|/) t2; deg2rad, rad2deg; sgn = sign; threshold(x, th, v) = x > th ?
///   x : v; logit(x, eps) = log(z / (1 - z)), z = clamp(x, eps, 1 - eps);
///   nan_to_num(x, nan, posinf, neginf) (infinities to the dtype's largest
///   finite values by default).
template <typename OpTy> class DecomposeFormula : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType result = knownType(op->getResult(0));
    ValueTensorType self = knownType(op->getOperand(0));
    if (!result || !self || !isa<mlir::FloatType>(self.getDtype()))
      return rewriter.notifyMatchFailure(op, "not a float tensor");
    for (Value operand : op->getOperands())
      if (isa<ValueTensorType>(operand.getType()) && !knownType(operand))
        return rewriter.notifyMatchFailure(op, "an operand of unknown type");
    TorchBuilder b(rewriter, op.getLoc());
    // Float results compute in the result's type; bool ones in self's.
    ValueTensorType floatType =
        isa<mlir::FloatType>(result.getDtype()) ? result : self;
    Elementwise e{b, floatType};
    ValueTensorType boolType = b.tensorType(result.getSizes(), b.i1());
    Value x = op->getOperand(0);
    auto isNan = [&](Value v) {
      auto t = cast<ValueTensorType>(v.getType());
      return b.create<AtenIsnanOp>(b.tensorType(t.getSizes(), b.i1()), v);
    };
    auto equalTo = [&](Value v, double k) {
      auto t = cast<ValueTensorType>(v.getType());
      return b.create<AtenEqScalarOp>(b.tensorType(t.getSizes(), b.i1()), v,
                                      b.constFloat(k));
    };
    auto signbit = [&](Value v) -> Value {
      Value bits = asSignedBits(b, v);
      if (!bits)
        return nullptr;
      auto t = cast<ValueTensorType>(v.getType());
      return b.create<AtenLtScalarOp>(b.tensorType(t.getSizes(), b.i1()), bits,
                                      b.constInt(0));
    };
    Value out;
    if constexpr (std::is_same_v<OpTy, AtenSignbitOp>) {
      out = signbit(x);
    } else if constexpr (std::is_same_v<OpTy, AtenCopysignTensorOp>) {
      Value negative = signbit(op.getOther());
      if (!negative)
        return rewriter.notifyMatchFailure(op, "no sign bit");
      Value magnitude = e.template unary<AtenAbsOp>(x);
      out =
          e.where(negative, e.template unary<AtenNegOp>(magnitude), magnitude);
    } else if constexpr (std::is_same_v<OpTy, AtenFmaxOp> ||
                         std::is_same_v<OpTy, AtenFminOp>) {
      Value y = op.getOther();
      using Extreme = std::conditional_t<std::is_same_v<OpTy, AtenFmaxOp>,
                                         AtenMaximumOp, AtenMinimumOp>;
      Value extreme = b.create<Extreme>(result, x, y);
      out = e.where(isNan(y), x, e.where(isNan(x), y, extreme));
    } else if constexpr (std::is_same_v<OpTy, AtenIsinfOp>) {
      out = equalTo(b.create<AtenAbsOp>(self, x), INFINITY);
    } else if constexpr (std::is_same_v<OpTy, AtenIsposinfOp>) {
      out = equalTo(x, INFINITY);
    } else if constexpr (std::is_same_v<OpTy, AtenIsneginfOp>) {
      out = equalTo(x, -INFINITY);
    } else if constexpr (std::is_same_v<OpTy, AtenLogaddexpOp> ||
                         std::is_same_v<OpTy, AtenLogaddexp2Op>) {
      constexpr bool base2 = std::is_same_v<OpTy, AtenLogaddexp2Op>;
      Value y = op.getOther();
      Value larger = b.create<AtenMaximumOp>(result, x, y);
      Value distance =
          e.template unary<AtenNegOp>(e.template unary<AtenAbsOp>(e.sub(x, y)));
      Value term;
      if (base2)
        term = e.scale(e.template unary<AtenLog1pOp>(
                           e.template unary<AtenExp2Op>(distance)),
                       1 / M_LN2);
      else
        term = e.template unary<AtenLog1pOp>(
            e.template unary<AtenExpOp>(distance));
      Value equal = b.create<AtenEqTensorOp>(boolType, x, y);
      out =
          e.where(equal, e.shift(x, base2 ? 1.0 : M_LN2), e.add(larger, term));
    } else if constexpr (std::is_same_v<OpTy, AtenXlogyTensorOp>) {
      Value y = op.getOther();
      Value zero = b.create<AtenLogicalAndOp>(
          boolType, equalTo(x, 0),
          b.create<AtenLogicalNotOp>(boolType, isNan(y)));
      Value product = e.mul(x, e.template unary<AtenLogOp>(y));
      out = b.create<AtenWhereScalarSelfOp>(result, zero, b.constFloat(0),
                                            product);
    } else if constexpr (std::is_same_v<OpTy, AtenHeavisideOp>) {
      Value positive = b.convert(e.template compare<AtenGtScalarOp>(x, 0.0),
                                 result.getDtype());
      out = e.where(equalTo(x, 0), op.getValues(), positive);
    } else if constexpr (std::is_same_v<OpTy, AtenLerpScalarOp>) {
      out = e.add(x, e.scale(e.sub(op.getEnd(), x), op.getWeight()));
    } else if constexpr (std::is_same_v<OpTy, AtenLerpTensorOp>) {
      out = e.add(x, e.mul(op.getWeight(), e.sub(op.getEnd(), x)));
    } else if constexpr (std::is_same_v<OpTy, AtenAddcmulOp>) {
      out = e.add(
          x, e.scale(e.mul(op.getTensor1(), op.getTensor2()), op.getValue()));
    } else if constexpr (std::is_same_v<OpTy, AtenAddcdivOp>) {
      out = e.add(
          x, e.scale(e.div(op.getTensor1(), op.getTensor2()), op.getValue()));
    } else if constexpr (std::is_same_v<OpTy, AtenDeg2radOp>) {
      out = e.scale(x, M_PI / 180);
    } else if constexpr (std::is_same_v<OpTy, AtenRad2degOp>) {
      out = e.scale(x, 180 / M_PI);
    } else if constexpr (std::is_same_v<OpTy, AtenSgnOp>) {
      out = e.template unary<AtenSignOp>(x);
    } else if constexpr (std::is_same_v<OpTy, AtenThresholdOp>) {
      out = b.create<AtenWhereScalarOtherOp>(
          result, e.template compare<AtenGtScalarOp>(x, op.getThreshold()), x,
          op.getValue());
    } else if constexpr (std::is_same_v<OpTy, AtenLogitOp>) {
      Value z = x;
      if (!isNone(op.getEps())) {
        std::optional<double> eps = constantNumber(op.getEps());
        if (!eps)
          return rewriter.notifyMatchFailure(op, "eps not a constant");
        z = b.create<AtenClampOp>(result, x, b.constFloat(*eps),
                                  b.constFloat(1 - *eps));
      }
      out = e.template unary<AtenLogOp>(e.div(z, e.rsub(1, z)));
    } else if constexpr (std::is_same_v<OpTy, AtenNanToNumOp>) {
      const llvm::fltSemantics &semantics =
          cast<mlir::FloatType>(result.getDtype()).getFloatSemantics();
      double largest = llvm::APFloat::getLargest(semantics).convertToDouble();
      auto valueOr = [&](Value v, double fallback) -> std::optional<double> {
        if (isNone(v))
          return fallback;
        return constantNumber(v);
      };
      std::optional<double> nan = valueOr(op.getNan(), 0.0);
      std::optional<double> posinf = valueOr(op.getPosinf(), largest);
      std::optional<double> neginf = valueOr(op.getNeginf(), -largest);
      if (!nan || !posinf || !neginf)
        return rewriter.notifyMatchFailure(op, "replacements not constants");
      out = b.create<AtenWhereScalarSelfOp>(result, equalTo(x, -INFINITY),
                                            b.constFloat(*neginf), x);
      out = b.create<AtenWhereScalarSelfOp>(result, equalTo(x, INFINITY),
                                            b.constFloat(*posinf), out);
      out = b.create<AtenWhereScalarSelfOp>(result, isNan(x),
                                            b.constFloat(*nan), out);
    }
    if (!out || out.getType() != op->getResult(0).getType())
      return rewriter.notifyMatchFailure(op, "no formula for this type");
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// glu(x, dim) = a * sigmoid(b), a and b the halves of x along dim.
class DecomposeGlu : public Decomposition<AtenGluOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenGluOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    std::optional<int64_t> dim = constantInt(op.getDim());
    if (!type || !result || !dim)
      return rewriter.notifyMatchFailure(op, "types or dim unknown");
    int64_t rank = type.getSizes().size();
    std::optional<int64_t> d = normalizeDim(*dim, rank);
    if (!d || type.getSizes()[*d] == kUnknownSize || type.getSizes()[*d] % 2)
      return rewriter.notifyMatchFailure(op, "not an even, static dim");
    TorchBuilder b(rewriter, op.getLoc());
    int64_t half = type.getSizes()[*d] / 2;
    auto slice = [&](int64_t start) {
      return b.create<AtenSliceTensorOp>(
          result, op.getSelf(), b.constInt(*d), b.constInt(start),
          b.constInt(start + half), b.constInt(1));
    };
    Value gate = b.create<AtenSigmoidOp>(result, slice(half));
    rewriter.replaceOpWithNewOp<AtenMulTensorOp>(op, result, slice(0), gate);
    return success();
  }
};

/// dot(a, b) = sum(a * b); mv(m, v) = matmul(m, v); trace(x) =
/// sum(diagonal(x)); count_nonzero(x, dims) = sum(x != 0, dims) (int64).
class DecomposeDot : public Decomposition<AtenDotOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenDotOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    if (!type || knownType(op.getTensor()) != type ||
        !knownType(op.getResult()))
      return rewriter.notifyMatchFailure(op, "not two tensors of one type");
    TorchBuilder b(rewriter, op.getLoc());
    Value product =
        b.create<AtenMulTensorOp>(type, op.getSelf(), op.getTensor());
    rewriter.replaceOpWithNewOp<AtenSumOp>(op, op.getType(), product, b.none());
    return success();
  }
};

class DecomposeMv : public Decomposition<AtenMvOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenMvOp op,
                          PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<AtenMatmulOp>(op, op.getType(), op.getSelf(),
                                              op.getVec());
    return success();
  }
};

class DecomposeTrace : public Decomposition<AtenTraceOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenTraceOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    if (!type || !result || type.getSizes().size() != 2 ||
        type.getSizes()[0] == kUnknownSize ||
        type.getSizes()[1] == kUnknownSize)
      return rewriter.notifyMatchFailure(op, "not a static matrix");
    TorchBuilder b(rewriter, op.getLoc());
    int64_t n = std::min(type.getSizes()[0], type.getSizes()[1]);
    Value diagonal = b.create<AtenDiagonalOp>(
        b.tensorType({n}, type.getDtype()), op.getSelf(), b.constInt(0),
        b.constInt(0), b.constInt(1));
    rewriter.replaceOpWithNewOp<AtenSumOp>(op, result, diagonal,
                                           b.dtypeOf(result.getDtype()));
    return success();
  }
};

template <typename OpTy>
class DecomposeCountNonzero : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    if (!type || !result)
      return rewriter.notifyMatchFailure(op, "types unknown");
    TorchBuilder b(rewriter, op.getLoc());
    Value nonzero = b.create<AtenNeScalarOp>(
        b.tensorType(type.getSizes(), b.i1()), op.getSelf(), b.constInt(0));
    Value dtype = b.dtypeOf(result.getDtype());
    Value dims = op.getDim();
    if constexpr (std::is_same_v<OpTy, AtenCountNonzeroOp>) {
      if (isNone(dims)) {
        rewriter.replaceOpWithNewOp<AtenSumOp>(op, result, nonzero, dtype);
        return success();
      }
      dims = b.sizeList({dims});
    }
    rewriter.replaceOpWithNewOp<AtenSumDimIntListOp>(op, result, nonzero, dims,
                                                     b.constBool(false), dtype);
    return success();
  }
};

/// prims.convert_element_type(a, dtype) = to.dtype(a, dtype).
class DecomposeConvertElementType
    : public Decomposition<PrimsConvertElementTypeOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(PrimsConvertElementTypeOp op,
                          PatternRewriter &rewriter) const override {
    TorchBuilder b(rewriter, op.getLoc());
    rewriter.replaceOpWithNewOp<AtenToDtypeOp>(
        op, op.getType(), op.getA(), op.getDtype(), b.constBool(false),
        b.constBool(false), b.none());
    return success();
  }
};

/// x << s and x >> s with a Scalar s: the shifts of x by s as a 0-d tensor
/// of x's dtype.
/// zero(x) (the value form of x.zero_()) as fill.Scalar(x, 0).
class DecomposeZero : public Decomposition<AtenZeroOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenZeroOp op,
                          PatternRewriter &rewriter) const override {
    TorchBuilder b(rewriter, op.getLoc());
    rewriter.replaceOpWithNewOp<AtenFillScalarOp>(op, op.getType(),
                                                  op.getSelf(), b.constInt(0));
    return success();
  }
};

template <typename OpTy, typename ShiftOp>
class DecomposeShiftScalar : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    if (!type || !isa<mlir::IntegerType>(type.getDtype()) ||
        !scalarTypeCode(type.getDtype()))
      return rewriter.notifyMatchFailure(op, "not an integer tensor");
    TorchBuilder b(rewriter, op.getLoc());
    Value amount = b.create<AtenScalarTensorOp>(
        b.tensorType({}, type.getDtype()), op.getOther(),
        b.dtypeOf(type.getDtype()), b.none(), b.none(), b.none());
    rewriter.replaceOpWithNewOp<ShiftOp>(op, op.getType(), op.getSelf(),
                                         amount);
    return success();
  }
};

/// _assert_async(t[, msg]), an operator the registry lacks (one_hot and
/// other decompositions write it): the run-time check _assert_scalar of
/// bool(t), with its message.
class DecomposeAssertAsync : public OperatorDecomposition {
public:
  DecomposeAssertAsync(MLIRContext *context, const LegalOps &legal,
                       StringRef name)
      : OperatorDecomposition(context, legal, name, 2, 0,
                              /*minOperands=*/1) {}

  LogicalResult decompose(OperatorOp op,
                          PatternRewriter &rewriter) const override {
    if (!knownType(op->getOperand(0)))
      return rewriter.notifyMatchFailure(op, "a tensor of unknown type");
    TorchBuilder b(rewriter, op.getLoc());
    Value message = op->getNumOperands() == 2
                        ? op->getOperand(1)
                        : b.constStr("_assert_async failed");
    Value holds = b.create<AtenBoolTensorOp>(
        Torch::BoolType::get(rewriter.getContext()), op->getOperand(0));
    Value asInt = b.create<AtenIntBoolOp>(b.intType(), holds);
    rewriter.replaceOpWithNewOp<Aten_AssertScalarOp>(op, asInt, message);
    return success();
  }
};

/// PT2E's quantized_decomposed operators, the registry lacking them:
/// quantize = clamp(round(x * (1 / scale)) + zero_point, qmin, qmax) as the
/// integer dtype; dequantize = (q as f32 - zero_point) * scale (as
/// PyTorch's reference kernels compute them). per_tensor takes a float
/// scale and an int zero point (`.tensor`: 0-d tensors); per_channel takes
/// [C] tensors, broadcast along `axis`.
class DecomposeQuantization : public OperatorDecomposition {
public:
  DecomposeQuantization(MLIRContext *context, const LegalOps &legal,
                        StringRef name, bool quantize, bool perChannel,
                        unsigned operands, unsigned minOperands)
      : OperatorDecomposition(context, legal, name, operands, 1, minOperands),
        quantize(quantize), perChannel(perChannel) {}

  LogicalResult decompose(OperatorOp op,
                          PatternRewriter &rewriter) const override {
    ValueRange in = op->getOperands();
    ValueTensorType type = knownType(in[0]);
    ValueTensorType result = knownType(op->getResult(0));
    if (!type || !result || !scalarTypeCode(result.getDtype()))
      return rewriter.notifyMatchFailure(op, "operands of unknown types");
    TorchBuilder b(rewriter, op.getLoc());
    int64_t rank = type.getSizes().size();
    Value scale = in[1], zeroPoint = in[2];
    // Operands 3.. : [axis,] quant_min, quant_max, dtype.
    unsigned bounds = perChannel ? 4 : 3;
    bool tensors = isa<ValueTensorType>(scale.getType());
    if (perChannel) {
      std::optional<int64_t> axis = constantInt(in[3]);
      if (!axis || !normalizeDim(*axis, rank) || !knownType(scale) ||
          (!isNone(zeroPoint) && !knownType(zeroPoint)))
        return rewriter.notifyMatchFailure(op, "axis or channels unknown");
      int64_t a = *normalizeDim(*axis, rank);
      auto alongAxis = [&](Value v) {
        ArrayRef<int64_t> sizes = knownType(v).getSizes();
        return b.alongDim(v, rank, a, sizes.empty() ? 1 : sizes[0]);
      };
      scale = alongAxis(scale);
      if (!isNone(zeroPoint))
        zeroPoint = alongAxis(zeroPoint);
    }
    Value one = b.constInt(1);
    Type f32 = rewriter.getF32Type();
    auto shaped = [&](Type dtype) {
      return b.tensorType(type.getSizes(), dtype);
    };
    if (quantize) {
      if (!isa<mlir::FloatType>(type.getDtype()))
        return rewriter.notifyMatchFailure(op, "quantizing a non-float tensor");
      ValueTensorType floats = shaped(type.getDtype());
      Value scaled;
      if (tensors) {
        ValueTensorType st = knownType(scale);
        if (!st)
          return rewriter.notifyMatchFailure(op, "a scale of unknown type");
        Value inverse = b.create<AtenReciprocalOp>(st, scale);
        scaled = b.create<AtenMulTensorOp>(floats, in[0], inverse);
      } else {
        std::optional<double> s = constantNumber(scale);
        scaled =
            s ? b.create<AtenMulScalarOp>(floats, in[0], b.constFloat(1.0 / *s))
              : b.create<AtenDivScalarOp>(floats, in[0], scale);
      }
      Value q = b.create<AtenRoundOp>(floats, scaled);
      if (!isNone(zeroPoint))
        q = tensors ? b.create<AtenAddTensorOp>(floats, q, zeroPoint, one)
                    : b.create<AtenAddScalarOp>(floats, q, zeroPoint, one);
      q = b.create<AtenClampOp>(floats, q, in[bounds], in[bounds + 1]);
      rewriter.replaceOp(op, b.convert(q, result.getDtype()));
      return success();
    }
    if (!isa<mlir::FloatType>(result.getDtype()))
      return rewriter.notifyMatchFailure(op, "dequantizing to a non-float");
    ValueTensorType floats = shaped(f32);
    Value x = b.convert(in[0], floats.getDtype());
    if (!isNone(zeroPoint))
      x = tensors ? b.create<AtenSubTensorOp>(floats, x, zeroPoint, one)
                  : b.create<AtenSubScalarOp>(floats, x, zeroPoint, one);
    x = tensors ? b.create<AtenMulTensorOp>(floats, x, scale)
                : b.create<AtenMulScalarOp>(floats, x, scale);
    if (x.getType() != result)
      x = b.convert(x, result.getDtype());
    rewriter.replaceOp(op, x);
    return success();
  }

private:
  bool quantize, perChannel;
};

} // namespace

void mlir::torch::Torch::decompositions::populateElementwiseDecompositions(
    RewritePatternSet &patterns, const LegalOps &legal) {
  patterns.add<
      DecomposeActivation<AtenRelu6Op>, DecomposeActivation<AtenHardsigmoidOp>,
      DecomposeActivation<AtenHardswishOp>, DecomposeActivation<AtenSquareOp>,
      DecomposeActivation<AtenFracOp>, DecomposeActivation<AtenMishOp>,
      DecomposeActivation<AtenSeluOp>, DecomposeActivation<AtenCeluOp>,
      DecomposeFloorDivide, DecomposeLogSigmoid, DecomposeRoundDecimals,
      DecomposeRreluEval, DecomposePrelu, DecomposeConvertElementType,
      DecomposeShiftScalar<Aten__Lshift__ScalarOp,
                           AtenBitwiseLeftShiftTensorOp>,
      DecomposeShiftScalar<Aten__Rshift__ScalarOp,
                           AtenBitwiseRightShiftTensorOp>,
      DecomposeOperatorOnTensors<Aten__And__TensorOp, AtenBitwiseAndTensorOp>,
      DecomposeOperatorOnTensors<Aten__Or__TensorOp, AtenBitwiseOrTensorOp>,
      DecomposeIsfinite, DecomposeIsclose, DecomposeFormula<AtenSignbitOp>,
      DecomposeFormula<AtenCopysignTensorOp>, DecomposeFormula<AtenFmaxOp>,
      DecomposeFormula<AtenFminOp>, DecomposeFormula<AtenIsinfOp>,
      DecomposeFormula<AtenIsposinfOp>, DecomposeFormula<AtenIsneginfOp>,
      DecomposeFormula<AtenLogaddexpOp>, DecomposeFormula<AtenLogaddexp2Op>,
      DecomposeFormula<AtenXlogyTensorOp>, DecomposeFormula<AtenHeavisideOp>,
      DecomposeFormula<AtenLerpScalarOp>, DecomposeFormula<AtenLerpTensorOp>,
      DecomposeFormula<AtenAddcmulOp>, DecomposeFormula<AtenAddcdivOp>,
      DecomposeFormula<AtenDeg2radOp>, DecomposeFormula<AtenRad2degOp>,
      DecomposeFormula<AtenSgnOp>, DecomposeFormula<AtenThresholdOp>,
      DecomposeFormula<AtenLogitOp>, DecomposeFormula<AtenNanToNumOp>,
      DecomposeGlu, DecomposeDot, DecomposeMv, DecomposeTrace, DecomposeZero,
      DecomposeCountNonzero<AtenCountNonzeroOp>,
      DecomposeCountNonzero<AtenCountNonzeroDimIntListOp>>(
      patterns.getContext(), legal);
  patterns.add<DecomposeAssertAsync>(patterns.getContext(), legal,
                                     "aten._assert_async");
  patterns.add<DecomposeAssertAsync>(patterns.getContext(), legal,
                                     "aten._assert_async.msg");
  // name, quantize, per channel, operands (the last, out_dtype, optional).
  struct Quantization {
    StringRef name;
    bool quantize, perChannel;
    unsigned operands, minOperands;
  };
  for (const Quantization &q : std::initializer_list<Quantization>{
           {"quantized_decomposed.quantize_per_tensor", true, false, 6, 6},
           {"quantized_decomposed.quantize_per_tensor.tensor", true, false, 6,
            6},
           {"quantized_decomposed.dequantize_per_tensor", false, false, 7, 6},
           {"quantized_decomposed.dequantize_per_tensor.tensor", false, false,
            7, 6},
           {"quantized_decomposed.quantize_per_channel", true, true, 7, 7},
           {"quantized_decomposed.dequantize_per_channel", false, true, 8, 7}})
    patterns.add<DecomposeQuantization>(patterns.getContext(), legal, q.name,
                                        q.quantize, q.perChannel, q.operands,
                                        q.minOperands);
}
