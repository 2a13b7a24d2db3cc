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
    Value positive = b.create<AtenGtScalarOp>(b.type(type.getSizes(), b.i1()),
                                              op.getSelf(), b.constInt(0));
    rewriter.replaceOpWithNewOp<AtenWhereSelfOp>(op, type, positive,
                                                 op.getSelf(), scaled);
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
        b.type({}, type.getDtype()), op.getOther(), b.dtypeOf(type.getDtype()),
        b.none(), b.none(), b.none());
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
      if (!axis || !normalDim(*axis, rank) || !knownType(scale) ||
          (!isNone(zeroPoint) && !knownType(zeroPoint)))
        return rewriter.notifyMatchFailure(op, "axis or channels unknown");
      int64_t a = *normalDim(*axis, rank);
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
    auto shaped = [&](Type dtype) { return b.type(type.getSizes(), dtype); };
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
      rewriter.replaceOpWithNewOp<AtenToDtypeOp>(
          op, result, q, b.dtypeOf(result.getDtype()), b.constBool(false),
          b.constBool(false), b.none());
      return success();
    }
    if (!isa<mlir::FloatType>(result.getDtype()))
      return rewriter.notifyMatchFailure(op, "dequantizing to a non-float");
    ValueTensorType floats = shaped(f32);
    Value x = b.create<AtenToDtypeOp>(floats, in[0], b.dtypeOf(f32),
                                      b.constBool(false), b.constBool(false),
                                      b.none());
    if (!isNone(zeroPoint))
      x = tensors ? b.create<AtenSubTensorOp>(floats, x, zeroPoint, one)
                  : b.create<AtenSubScalarOp>(floats, x, zeroPoint, one);
    x = tensors ? b.create<AtenMulTensorOp>(floats, x, scale)
                : b.create<AtenMulScalarOp>(floats, x, scale);
    if (x.getType() != result)
      x = b.create<AtenToDtypeOp>(result, x, b.dtypeOf(result.getDtype()),
                                  b.constBool(false), b.constBool(false),
                                  b.none());
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
                           AtenBitwiseRightShiftTensorOp>>(
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
