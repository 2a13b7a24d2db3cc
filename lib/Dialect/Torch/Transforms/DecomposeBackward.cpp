//===- DecomposeBackward.cpp - Gradient ops as forward ops ----------------===//
//
// The *_backward ops a training graph (AOT autograd's joint graph, or a
// program calling them) holds: activations' derivatives as elementwise
// arithmetic, softmax's as a reduction, convolution's as a transposed
// convolution and a convolution, max pooling's as a scatter-add through its
// indices, and embedding's as an accumulating index_put.
//
//===----------------------------------------------------------------------===//

#include "Decompositions.h"

#include <cmath>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::Torch::decompositions;

namespace {

/// A backward op's output_mask (which of its results to compute): the
/// constant bools of the list, empty if it is not one.
SmallVector<bool> outputMask(Value list) {
  SmallVector<bool> wanted;
  auto construct = list.getDefiningOp<PrimListConstructOp>();
  if (!construct)
    return wanted;
  for (Value v : construct.getElements()) {
    std::optional<bool> w = constantBool(v);
    if (!w)
      return {};
    wanted.push_back(*w);
  }
  return wanted;
}

/// The float type shared by an op's `operands` and its result, else null.
ValueTensorType sharedFloatType(Operation *op, ValueRange operands) {
  ValueTensorType type = knownType(op->getResult(0));
  if (!type || !isa<mlir::FloatType>(type.getDtype()))
    return nullptr;
  for (Value operand : operands)
    if (knownType(operand) != type)
      return nullptr;
  return type;
}

/// The result's type when every one of `operands` has its shape (of any
/// dtype: the result's is their promotion, as PyTorch's), else null.
ValueTensorType sameShapeType(Operation *op, ValueRange operands) {
  ValueTensorType type = knownType(op->getResult(0));
  if (!type)
    return nullptr;
  for (Value operand : operands) {
    ValueTensorType operandType = knownType(operand);
    if (!operandType || operandType.getSizes() != type.getSizes())
      return nullptr;
  }
  return type;
}

/// The derivative of an activation: grad times f'(x) (or of its output y),
/// each op's formula as PyTorch's derivatives define it.
template <typename OpTy>
class DecomposeActivationBackward : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    Value grad = op->getOperand(0);
    Value x = op->getOperand(std::is_same_v<OpTy, AtenEluBackwardOp> ? 5 : 1);
    // threshold_backward only selects: an int grad with a float x is float
    // (their promotion), as in PyTorch.
    ValueTensorType type = std::is_same_v<OpTy, AtenThresholdBackwardOp>
                               ? sameShapeType(op, {grad, x})
                               : sharedFloatType(op, {grad, x});
    if (!type)
      return rewriter.notifyMatchFailure(op, "operands of another type");
    TorchBuilder b(rewriter, op.getLoc());
    Elementwise e{b, type};
    Value out;
    if constexpr (std::is_same_v<OpTy, AtenThresholdBackwardOp>) {
      // x <= threshold: 0
      Value above = e.compare<AtenGtScalarOp>(x, op.getThreshold());
      out = e.whereElseZero(above, grad);
    } else if constexpr (std::is_same_v<OpTy, AtenTanhBackwardOp>) {
      // y = tanh: grad * (1 - y^2)
      out = e.mul(grad, e.rsub(1, e.mul(x, x)));
    } else if constexpr (std::is_same_v<OpTy, AtenSigmoidBackwardOp>) {
      // y = sigmoid: grad * y * (1 - y)
      out = e.mul(grad, e.mul(x, e.rsub(1, x)));
    } else if constexpr (std::is_same_v<OpTy, AtenGeluBackwardOp>) {
      std::optional<std::string> approximate;
      if (auto s = op.getApproximate().template getDefiningOp<ConstantStrOp>())
        approximate = s.getValue().str();
      if (approximate == "none") {
        // cdf(x) + x * pdf(x)
        Value cdf = e.scale(
            e.shift(e.unary<AtenErfOp>(e.scale(x, M_SQRT1_2)), 1.0), 0.5);
        Value pdf = e.scale(e.unary<AtenExpOp>(e.scale(e.mul(x, x), -0.5)),
                            0.5 * M_2_SQRTPI * M_SQRT1_2);
        out = e.mul(grad, e.add(cdf, e.mul(x, pdf)));
      } else if (approximate == "tanh") {
        // 0.5 x (1 + tanh(u)), u = sqrt(2/pi) (x + 0.044715 x^3):
        // 0.5 (1 + t) + 0.5 x (1 - t^2) u'
        const double beta = M_SQRT2 * M_2_SQRTPI * 0.5, kappa = 0.044715;
        Value square = e.mul(x, x);
        Value inner = e.scale(e.add(x, e.scale(e.mul(square, x), kappa)), beta);
        Value t = e.unary<AtenTanhOp>(inner);
        Value innerDerivative =
            e.scale(e.shift(e.scale(square, 3 * kappa), 1.0), beta);
        Value left = e.scale(e.shift(t, 1.0), 0.5);
        Value right = e.mul(e.scale(x, 0.5),
                            e.mul(e.rsub(1, e.mul(t, t)), innerDerivative));
        out = e.mul(grad, e.add(left, right));
      } else {
        return rewriter.notifyMatchFailure(op, "approximate not a constant");
      }
    } else if constexpr (std::is_same_v<OpTy, AtenEluBackwardOp>) {
      // is_result: y <= 0 ? grad * input_scale * (y + alpha * scale)
      // else: x <= 0 ? grad * input_scale * alpha * scale * exp(x *
      // input_scale) otherwise grad * scale.
      std::optional<double> alpha = constantNumber(op.getAlpha());
      std::optional<double> scale = constantNumber(op.getScale());
      std::optional<double> inputScale = constantNumber(op.getInputScale());
      std::optional<bool> isResult = constantBool(op.getIsResult());
      if (!alpha || !scale || !inputScale || !isResult)
        return rewriter.notifyMatchFailure(op, "parameters not constants");
      Value negative;
      if (*isResult)
        negative =
            e.scale(e.mul(grad, e.shift(x, *alpha * *scale)), *inputScale);
      else
        negative =
            e.scale(e.mul(grad, e.unary<AtenExpOp>(e.scale(x, *inputScale))),
                    *inputScale * *alpha * *scale);
      out = e.where(e.compare<AtenGtScalarOp>(x, 0.0), e.scale(grad, *scale),
                    negative);
    } else if constexpr (std::is_same_v<OpTy, AtenLeakyReluBackwardOp>) {
      out = e.where(e.compare<AtenGtScalarOp>(x, 0.0), grad,
                    e.scale(grad, op.getNegativeSlope()));
    } else if constexpr (std::is_same_v<OpTy, AtenHardtanhBackwardOp>) {
      // grad inside (min, max), else 0.
      Value inside = b.create<AtenLogicalAndOp>(
          e.boolType(), e.compare<AtenGtScalarOp>(x, op.getMinVal()),
          e.compare<AtenLtScalarOp>(x, op.getMaxVal()));
      out = e.whereElseZero(inside, grad);
    } else if constexpr (std::is_same_v<OpTy, AtenSoftplusBackwardOp>) {
      // x * beta > threshold: grad, else grad * z / (z + 1), z = exp(x beta)
      Value scaled = e.scale(x, op.getBeta());
      Value z = e.unary<AtenExpOp>(scaled);
      Value soft = e.mul(grad, e.div(z, e.shift(z, 1.0)));
      out = e.where(e.compare<AtenGtScalarOp>(scaled, op.getThreshold()), grad,
                    soft);
    } else if constexpr (std::is_same_v<OpTy, AtenLogSigmoidBackwardOp>) {
      // grad * sigmoid(-x) (the buffer is only the CPU kernel's)
      out = e.mul(grad, e.unary<AtenSigmoidOp>(e.unary<AtenNegOp>(x)));
    }
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// The same for the activations whose backward the registry lacks
/// (`torch.operator "aten.silu_backward"`, hardswish's, hardsigmoid's):
/// (grad, self) -> grad * f'(self).
class DecomposeActivationBackwardOperator : public OperatorDecomposition {
public:
  DecomposeActivationBackwardOperator(MLIRContext *context,
                                      const LegalOps &legal, StringRef name)
      : OperatorDecomposition(context, legal, name, 2, 1), name(name) {}

  LogicalResult decompose(OperatorOp op,
                          PatternRewriter &rewriter) const override {
    Value grad = op->getOperand(0), x = op->getOperand(1);
    ValueTensorType type = sharedFloatType(op, {grad, x});
    if (!type)
      return rewriter.notifyMatchFailure(op, "operands of another type");
    TorchBuilder b(rewriter, op.getLoc());
    Elementwise e{b, type};
    Value out;
    if (name == "aten.silu_backward") {
      // s (1 + x (1 - s)), s = sigmoid(x)
      Value s = e.unary<AtenSigmoidOp>(x);
      out = e.mul(grad, e.mul(s, e.shift(e.mul(x, e.rsub(1, s)), 1.0)));
    } else if (name == "aten.hardswish_backward") {
      // 0 below -3, x / 3 + 1/2 up to 3, 1 above
      Value middle = e.mul(grad, e.shift(e.scale(x, 1.0 / 3), 0.5));
      Value upper = e.where(e.compare<AtenLeScalarOp>(x, 3.0), middle, grad);
      out = e.whereElseZero(e.compare<AtenGeScalarOp>(x, -3.0), upper);
    } else {
      // hardsigmoid: 1/6 strictly inside (-3, 3), else 0
      Value inside = b.create<AtenLogicalAndOp>(
          e.boolType(), e.compare<AtenGtScalarOp>(x, -3.0),
          e.compare<AtenLtScalarOp>(x, 3.0));
      out = e.whereElseZero(inside, e.scale(grad, 1.0 / 6));
    }
    rewriter.replaceOp(op, out);
    return success();
  }

private:
  std::string name;
};

/// _softmax_backward_data(grad, y, dim, input_dtype) = y * (grad -
/// sum(grad * y, dim)); _log_softmax_backward_data = grad - exp(y) *
/// sum(grad, dim).
template <typename OpTy>
class DecomposeSoftmaxBackward : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type =
        sharedFloatType(op, {op.getGradOutput(), op.getOutput()});
    std::optional<int64_t> dim = constantInt(op.getDim());
    if (!type || !dim)
      return rewriter.notifyMatchFailure(op, "types or dim unknown");
    int64_t rank = type.getSizes().size();
    std::optional<int64_t> d = wrapDim(*dim, rank);
    if (!d)
      return rewriter.notifyMatchFailure(op, "dim out of range");
    TorchBuilder b(rewriter, op.getLoc());
    Elementwise e{b, type};
    Value grad = op.getGradOutput(), y = op.getOutput();
    auto sumAlong = [&](Value v) -> Value {
      if (rank == 0)
        return v;
      return b.create<AtenSumDimIntListOp>(TorchBuilder::reduced(type, *d), v,
                                           b.intList({*d}), b.constBool(true),
                                           b.none());
    };
    Value out;
    if constexpr (std::is_same_v<OpTy, Aten_SoftmaxBackwardDataOp>)
      out = e.mul(y, e.sub(grad, sumAlong(e.mul(grad, y))));
    else
      out = e.sub(grad, e.mul(e.unary<AtenExpOp>(y), sumAlong(grad)));
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// The loss reduction's divisor: the element count for mean (1), else 1.
std::optional<double> lossDivisor(Value reduction, ValueTensorType type) {
  std::optional<int64_t> mode = constantInt(reduction);
  if (!mode || *mode < 0 || *mode > 2)
    return std::nullopt;
  if (*mode != 1)
    return 1.0;
  int64_t count = sizeProduct(type.getSizes());
  if (count == kUnknownSize || count == 0)
    return std::nullopt;
  return static_cast<double>(count);
}

/// mse_loss_backward(grad, x, target, reduction) = 2 (x - target) grad / n;
/// binary_cross_entropy_backward(grad, x, target, weight, reduction) =
/// grad (x - target) / max((1 - x) x, 1e-12) * weight / n (n: the element
/// count for a mean, else 1).
template <typename OpTy>
class DecomposeLossBackward : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = sharedFloatType(op, {op.getSelf(), op.getTarget()});
    ValueTensorType gradType = knownType(op.getGradOutput());
    if (!type || !gradType)
      return rewriter.notifyMatchFailure(op, "operands of another type");
    std::optional<double> divisor = lossDivisor(op.getReduction(), type);
    if (!divisor)
      return rewriter.notifyMatchFailure(op, "reduction or sizes unknown");
    TorchBuilder b(rewriter, op.getLoc());
    Elementwise e{b, type};
    Value difference = e.sub(op.getSelf(), op.getTarget());
    Value out;
    if constexpr (std::is_same_v<OpTy, AtenMseLossBackwardOp>) {
      out = e.scale(e.mul(difference, op.getGradOutput()), 2.0 / *divisor);
    } else {
      Value x = op.getSelf();
      Value denominator = b.create<AtenClampMinOp>(type, e.mul(e.rsub(1, x), x),
                                                   b.constFloat(1e-12));
      out = e.scale(e.div(e.mul(difference, op.getGradOutput()), denominator),
                    1.0 / *divisor);
      if (!isNone(op.getWeight()))
        out = e.mul(out, op.getWeight());
    }
    rewriter.replaceOp(op, out);
    return success();
  }
};

/// native_dropout_backward(grad, mask, scale) = grad * mask * scale;
/// rrelu_with_noise_backward(grad, x, noise, lower, upper, training, _) =
/// grad * noise in training (noise holds each slope, 1 where x > 0), else
/// leaky_relu's derivative at the mean slope.
class DecomposeDropoutBackward
    : public Decomposition<AtenNativeDropoutBackwardOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenNativeDropoutBackwardOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = sharedFloatType(op, {op.getGradOutput()});
    ValueTensorType mask = knownType(op.getMask());
    if (!type || !mask || mask.getSizes() != type.getSizes())
      return rewriter.notifyMatchFailure(op, "operands of another type");
    TorchBuilder b(rewriter, op.getLoc());
    Elementwise e{b, type};
    Value maskAsFloat = b.convert(op.getMask(), type.getDtype());
    rewriter.replaceOp(
        op, e.scale(e.mul(op.getGradOutput(), maskAsFloat), op.getScale()));
    return success();
  }
};

class DecomposeRreluBackward
    : public Decomposition<AtenRreluWithNoiseBackwardOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenRreluWithNoiseBackwardOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type =
        sharedFloatType(op, {op.getGradOutput(), op.getSelf()});
    std::optional<double> lower = constantNumber(op.getLower());
    std::optional<double> upper = constantNumber(op.getUpper());
    std::optional<bool> training = constantBool(op.getTraining());
    if (!type || !lower || !upper || !training)
      return rewriter.notifyMatchFailure(op, "parameters not constants");
    TorchBuilder b(rewriter, op.getLoc());
    Elementwise e{b, type};
    Value grad = op.getGradOutput();
    if (*training && *upper - *lower > 1e-6) {
      rewriter.replaceOp(op, e.mul(grad, op.getNoise()));
      return success();
    }
    Value positive = e.compare<AtenGtScalarOp>(op.getSelf(), 0.0);
    rewriter.replaceOp(
        op, e.where(positive, grad, e.scale(grad, (*lower + *upper) / 2)));
    return success();
  }
};

/// The constant int list `list`, `n` long (a single element repeated).
std::optional<SmallVector<int64_t>> intsOfLength(Value list, size_t n) {
  std::optional<SmallVector<int64_t>> values = constantInts(list);
  if (values && values->size() == 1 && n > 1)
    values = SmallVector<int64_t>(n, (*values)[0]);
  if (!values || values->size() != n)
    return std::nullopt;
  return values;
}

/// x.transpose(0, 1) for a tensor of static `sizes`.
Value swapFirstTwo(TorchBuilder &b, Value x) {
  auto t = cast<ValueTensorType>(x.getType());
  SmallVector<int64_t> sizes(t.getSizes());
  std::swap(sizes[0], sizes[1]);
  return b.create<AtenTransposeIntOp>(b.tensorType(sizes, t.getDtype()), x,
                                      b.constInt(0), b.constInt(1));
}

/// `x` (of static spatial sizes from dim 2) cropped or zero-padded at each
/// spatial dim's ends: `before[i]` elements off the front (crop) and the end
/// moved so that the dim has `sizes[i]` elements.
Value cropOrPad(TorchBuilder &b, Value x, ArrayRef<int64_t> before,
                ArrayRef<int64_t> sizes) {
  auto t = cast<ValueTensorType>(x.getType());
  SmallVector<int64_t> shape(t.getSizes()), pad;
  bool any = false;
  // constant_pad_nd's list runs from the last dim: (front, back) each.
  for (int64_t i = sizes.size() - 1; i >= 0; --i) {
    int64_t have = shape[2 + i];
    int64_t front = -before[i], back = sizes[i] - (have - before[i]);
    any |= front != 0 || back != 0;
    pad.append({front, back});
    shape[2 + i] = sizes[i];
  }
  if (!any)
    return x;
  return b.create<AtenConstantPadNdOp>(b.tensorType(shape, t.getDtype()), x,
                                       b.intList(pad), b.constFloat(0));
}

/// convolution_backward(grad, input, weight, bias_sizes, stride, padding,
/// dilation, transposed=False, output_padding, groups=1, output_mask) of a
/// convolution of static sizes:
/// - grad_input: the transposed convolution of grad by weight (stride and
///   dilation the forward's, no padding), cropped by `padding` in front and
///   padded or cropped at the back to the input's size;
/// - grad_weight: the convolution of input^T ([C, N, ...]) by grad^T
///   ([F, N, ...]) with stride and dilation swapped and the forward's
///   padding, cut to the kernel's size and transposed back;
/// - grad_bias: grad summed over all dims but 1.
/// Results output_mask leaves out are none.
class DecomposeConvolutionBackward
    : public Decomposition<AtenConvolutionBackwardOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenConvolutionBackwardOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType grad = knownType(op.getGradOutput());
    ValueTensorType input = knownType(op.getInput());
    ValueTensorType weight = knownType(op.getWeight());
    if (!grad || !input || !weight || !grad.areAllSizesKnown() ||
        !input.areAllSizesKnown() || !weight.areAllSizesKnown() ||
        !isa<mlir::FloatType>(grad.getDtype()))
      return rewriter.notifyMatchFailure(op, "not static float tensors");
    size_t spatial = input.getSizes().size() - 2;
    if (spatial < 1 || spatial > 3 || weight.getSizes().size() != spatial + 2)
      return rewriter.notifyMatchFailure(op, "not a 1-3 D convolution");
    std::optional<SmallVector<int64_t>> stride =
        intsOfLength(op.getStride(), spatial);
    std::optional<SmallVector<int64_t>> padding =
        intsOfLength(op.getPadding(), spatial);
    std::optional<SmallVector<int64_t>> dilation =
        intsOfLength(op.getDilation(), spatial);
    SmallVector<bool> wanted = outputMask(op.getOutputMask());
    if (!stride || !padding || !dilation || wanted.size() != 3 ||
        constantBool(op.getTransposed()) != false ||
        constantInt(op.getGroups()) != 1)
      return rewriter.notifyMatchFailure(
          op, "not an ungrouped, untransposed convolution of constant "
              "parameters");
    for (unsigned i = 0; i < 3; ++i)
      if (!wanted[i] && !isa<Torch::NoneType>(op->getResult(i).getType()))
        return rewriter.notifyMatchFailure(op, "a masked result is used");
    TorchBuilder b(rewriter, op.getLoc());
    Type dtype = grad.getDtype();
    ArrayRef<int64_t> inSizes = input.getSizes(), wSizes = weight.getSizes(),
                      gSizes = grad.getSizes();
    SmallVector<int64_t> zeros(spatial, 0);
    SmallVector<Value> results(3);
    if (wanted[0]) {
      SmallVector<int64_t> full{gSizes[0], inSizes[1]}, target;
      for (size_t i = 0; i < spatial; ++i) {
        full.push_back((gSizes[2 + i] - 1) * (*stride)[i] +
                       (*dilation)[i] * (wSizes[2 + i] - 1) + 1);
        target.push_back(inSizes[2 + i]);
      }
      Value transposed = b.create<AtenConvolutionOp>(
          b.tensorType(full, dtype), op.getGradOutput(), op.getWeight(),
          b.none(), b.intList(*stride), b.intList(zeros), b.intList(*dilation),
          b.constBool(true), b.intList(zeros), b.constInt(1));
      results[0] = cropOrPad(b, transposed, *padding, target);
    }
    if (wanted[1]) {
      Value inputT = swapFirstTwo(b, op.getInput());
      Value gradT = swapFirstTwo(b, op.getGradOutput());
      SmallVector<int64_t> full{inSizes[1], gSizes[1]};
      for (size_t i = 0; i < spatial; ++i)
        full.push_back((inSizes[2 + i] + 2 * (*padding)[i] -
                        (*stride)[i] * (gSizes[2 + i] - 1) - 1) /
                           (*dilation)[i] +
                       1);
      Value correlated = b.create<AtenConvolutionOp>(
          b.tensorType(full, dtype), inputT, gradT, b.none(),
          b.intList(*dilation), b.intList(*padding), b.intList(*stride),
          b.constBool(false), b.intList(zeros), b.constInt(1));
      // Cut to the kernel (the last rows reach only padding).
      SmallVector<int64_t> sizes(full);
      for (size_t i = 0; i < spatial; ++i) {
        if (sizes[2 + i] == wSizes[2 + i])
          continue;
        sizes[2 + i] = wSizes[2 + i];
        correlated = b.create<AtenSliceTensorOp>(
            b.tensorType(sizes, dtype), correlated, b.constInt(2 + i),
            b.constInt(0), b.constInt(wSizes[2 + i]), b.constInt(1));
      }
      results[1] = swapFirstTwo(b, correlated);
    }
    if (wanted[2]) {
      SmallVector<int64_t> dims{0};
      for (size_t i = 0; i < spatial; ++i)
        dims.push_back(2 + i);
      results[2] = b.create<AtenSumDimIntListOp>(
          b.tensorType({gSizes[1]}, dtype), op.getGradOutput(), b.intList(dims),
          b.constBool(false), b.none());
    }
    for (unsigned i = 0; i < 3; ++i)
      if (!results[i])
        results[i] = b.none();
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// max_pool2d_with_indices_backward(grad, self, ..., indices): grad added
/// into zeros of self's shape at the flat (per-channel) positions indices
/// holds, one scatter_add over the flattened spatial dims.
class DecomposeMaxPoolBackward
    : public Decomposition<AtenMaxPool2dWithIndicesBackwardOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenMaxPool2dWithIndicesBackwardOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType self = knownType(op.getSelf());
    ValueTensorType grad = knownType(op.getGradOutput());
    ValueTensorType indices = knownType(op.getIndices());
    if (!self || !grad || !indices || knownType(op.getResult()) != self ||
        self.getSizes().size() < 3 || grad.getSizes() != indices.getSizes())
      return rewriter.notifyMatchFailure(op, "types unknown");
    TorchBuilder b(rewriter, op.getLoc());
    // [..., H, W] -> [..., H * W]
    auto flatSpatial = [&](Value x, ValueTensorType t) -> Value {
      SmallVector<int64_t> sizes(t.getSizes());
      int64_t rank = sizes.size();
      int64_t product = sizeProduct({sizes[rank - 2], sizes[rank - 1]});
      sizes.pop_back();
      sizes.back() = product;
      return b.create<AtenFlattenUsingIntsOp>(b.tensorType(sizes, t.getDtype()),
                                              x, b.constInt(rank - 2),
                                              b.constInt(rank - 1));
    };
    Value none = b.none();
    Value zeros = b.create<AtenZerosLikeOp>(self, op.getSelf(), none, none,
                                            none, none, none);
    Value flatZeros = flatSpatial(zeros, self);
    int64_t rank = self.getSizes().size();
    Value summed = b.create<AtenScatterAddOp>(
        flatZeros.getType(), flatZeros, b.constInt(rank - 2),
        flatSpatial(op.getIndices(), indices),
        flatSpatial(op.getGradOutput(), grad));
    SmallVector<Value> shape;
    for (int64_t d = 0; d < rank; ++d)
      shape.push_back(b.sizeOf(op.getSelf(), d));
    rewriter.replaceOpWithNewOp<AtenViewOp>(op, self, summed,
                                            b.sizeList(shape));
    return success();
  }
};

/// embedding_dense_backward(grad [..., D], indices [...], num_weights,
/// padding_idx, scale_grad_by_freq=False): grad's rows added into zeros
/// [num_weights, D] at their indices (an accumulating index_put), rows of
/// padding_idx left out.
class DecomposeEmbeddingBackward
    : public Decomposition<AtenEmbeddingDenseBackwardOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenEmbeddingDenseBackwardOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType grad = knownType(op.getGradOutput());
    ValueTensorType indices = knownType(op.getIndices());
    ValueTensorType result = knownType(op.getResult());
    std::optional<int64_t> padding = constantInt(op.getPaddingIdx());
    if (!grad || !indices || !result || !padding ||
        constantBool(op.getScaleGradByFreq()) != false ||
        result.getSizes().size() != 2 ||
        grad.getSizes().size() != indices.getSizes().size() + 1)
      return rewriter.notifyMatchFailure(
          op, "types unknown, or scale_grad_by_freq");
    TorchBuilder b(rewriter, op.getLoc());
    int64_t width = result.getSizes()[1];
    int64_t count = sizeProduct(indices.getSizes());
    Value flatIndices = b.flattened(op.getIndices());
    Value rows = b.create<AtenViewOp>(
        b.tensorType({count, width}, grad.getDtype()), op.getGradOutput(),
        b.sizeList({b.constInt(-1), b.sizeOf(op.getGradOutput(), -1)}));
    if (*padding >= 0) {
      ValueTensorType flatType = cast<ValueTensorType>(flatIndices.getType());
      Value kept =
          b.create<AtenNeScalarOp>(b.tensorType(flatType.getSizes(), b.i1()),
                                   flatIndices, b.constInt(*padding));
      Value column = b.create<AtenUnsqueezeOp>(b.tensorType({count, 1}, b.i1()),
                                               kept, b.constInt(1));
      rows = b.create<AtenWhereScalarOtherOp>(rows.getType(), column, rows,
                                              b.constFloat(0));
    }
    Value none = b.none();
    Value zeros = b.create<AtenZerosOp>(
        result,
        b.sizeList({op.getNumWeights(), b.sizeOf(op.getGradOutput(), -1)}),
        b.dtypeOf(result.getDtype()), none, none, none);
    rewriter.replaceOpWithNewOp<AtenIndexPutHackedTwinOp>(
        op, result, zeros, b.tensorList({flatIndices}), rows,
        b.constBool(true));
    return success();
  }
};

/// A constant float tensor of `sizes` and `dtype` (row-major `values`).
Value floatLiteral(TorchBuilder &b, ArrayRef<int64_t> sizes,
                   mlir::FloatType dtype, ArrayRef<double> values) {
  SmallVector<APFloat> elements;
  for (double v : values) {
    APFloat element(v);
    bool lost;
    element.convert(dtype.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                    &lost);
    elements.push_back(element);
  }
  auto attr =
      DenseElementsAttr::get(RankedTensorType::get(sizes, dtype), elements);
  return b.create<ValueTensorLiteralOp>(b.tensorType(sizes, dtype), attr);
}

/// avg_pool2d_backward(grad, self, kernel, stride, padding, ceil_mode,
/// count_include_pad, divisor_override) of static sizes: grad divided by
/// each window's divisor (a literal: the override, or the window's count of
/// elements in the padded or the unpadded input, as the forward counted),
/// then spread over the windows by a transposed convolution with a kernel of
/// ones, cropped by `padding` in front and to the input's size.
class DecomposeAvgPoolBackward : public Decomposition<AtenAvgPool2dBackwardOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenAvgPool2dBackwardOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType self = knownType(op.getSelf());
    ValueTensorType grad = knownType(op.getGradOutput());
    std::optional<SmallVector<int64_t>> kernel =
        intsOfLength(op.getKernelSize(), 2);
    std::optional<SmallVector<int64_t>> stride = constantInts(op.getStride());
    std::optional<SmallVector<int64_t>> padding =
        intsOfLength(op.getPadding(), 2);
    std::optional<bool> includePad = constantBool(op.getCountIncludePad());
    if (stride && stride->empty())
      stride = kernel;
    else if (stride)
      stride = intsOfLength(op.getStride(), 2);
    if (!self || !grad || !self.areAllSizesKnown() ||
        !grad.areAllSizesKnown() || knownType(op.getResult()) != self ||
        !isa<mlir::FloatType>(self.getDtype()) || !kernel || !stride ||
        !padding || !includePad)
      return rewriter.notifyMatchFailure(op, "not static, constant arguments");
    std::optional<int64_t> override;
    if (!isNone(op.getDivisorOverride())) {
      override = constantInt(op.getDivisorOverride());
      if (!override || *override == 0)
        return rewriter.notifyMatchFailure(op, "divisor not a constant");
    }
    int64_t rank = self.getSizes().size();
    if (rank != 3 && rank != 4)
      return rewriter.notifyMatchFailure(op, "not [C,] H, W with a batch");
    ArrayRef<int64_t> in = self.getSizes().take_back(2);
    ArrayRef<int64_t> out = grad.getSizes().take_back(2);
    // Each window's divisor, the forward's.
    auto counts = [&](int64_t d) {
      SmallVector<int64_t> c;
      for (int64_t o = 0; o < out[d]; ++o) {
        int64_t start = o * (*stride)[d] - (*padding)[d];
        int64_t end = std::min(start + (*kernel)[d], in[d] + (*padding)[d]);
        if (!*includePad) {
          start = std::max<int64_t>(start, 0);
          end = std::min(end, in[d]);
        }
        c.push_back(end - start);
      }
      return c;
    };
    SmallVector<int64_t> rows = counts(0), cols = counts(1);
    SmallVector<double> divisors;
    for (int64_t r : rows)
      for (int64_t c : cols)
        divisors.push_back(override ? *override : r * c);
    TorchBuilder b(rewriter, op.getLoc());
    auto dtype = cast<mlir::FloatType>(self.getDtype());
    Value divisor = floatLiteral(b, out, dtype, divisors);
    Value scaled = b.create<AtenDivTensorOp>(grad, op.getGradOutput(), divisor);
    // [..., Ho, Wo] -> [N * C, 1, Ho, Wo]: one channel per plane.
    int64_t planes = sizeProduct(grad.getSizes().drop_back(2));
    Value asPlanes =
        b.create<AtenViewOp>(b.tensorType({planes, 1, out[0], out[1]}, dtype),
                             scaled, b.intList({planes, 1, out[0], out[1]}));
    SmallVector<double> ones((*kernel)[0] * (*kernel)[1], 1.0);
    Value kernelOfOnes =
        floatLiteral(b, {1, 1, (*kernel)[0], (*kernel)[1]}, dtype, ones);
    SmallVector<int64_t> full{planes, 1};
    for (int64_t d = 0; d < 2; ++d)
      full.push_back((out[d] - 1) * (*stride)[d] + (*kernel)[d]);
    Value zeros = b.intList({0, 0});
    Value spread = b.create<AtenConvolutionOp>(
        b.tensorType(full, dtype), asPlanes, kernelOfOnes, b.none(),
        b.intList(*stride), zeros, b.intList({1, 1}), b.constBool(true), zeros,
        b.constInt(1));
    Value cropped = cropOrPad(b, spread, *padding, in);
    rewriter.replaceOpWithNewOp<AtenViewOp>(op, self, cropped,
                                            b.intList(self.getSizes()));
    return success();
  }
};

/// The [out, in] matrix of adaptive average pooling along one dim: row o
/// averages input elements floor(o * in / out) to ceil((o + 1) * in / out).
SmallVector<double> adaptiveMeans(int64_t in, int64_t out) {
  SmallVector<double> m(out * in, 0.0);
  for (int64_t o = 0; o < out; ++o) {
    int64_t start = (o * in) / out, end = ((o + 1) * in + out - 1) / out;
    for (int64_t i = start; i < end; ++i)
      m[o * in + i] = 1.0 / (end - start);
  }
  return m;
}

/// The transpose of a row-major [rows, cols] matrix.
SmallVector<double> transposed(ArrayRef<double> m, int64_t rows, int64_t cols) {
  SmallVector<double> t(m.size());
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      t[c * rows + r] = m[r * cols + c];
  return t;
}

/// x [..., A, B] @ m [B, C] with m a literal.
Value timesLiteral(TorchBuilder &b, Value x, ArrayRef<double> m, int64_t rows,
                   int64_t cols) {
  auto t = cast<ValueTensorType>(x.getType());
  auto dtype = cast<mlir::FloatType>(t.getDtype());
  SmallVector<int64_t> sizes(t.getSizes());
  sizes.back() = cols;
  return b.create<AtenMatmulOp>(b.tensorType(sizes, dtype), x,
                                floatLiteral(b, {rows, cols}, dtype, m));
}

/// The last two dims of x swapped.
Value swapLastTwo(TorchBuilder &b, Value x) {
  auto t = cast<ValueTensorType>(x.getType());
  SmallVector<int64_t> sizes(t.getSizes());
  int64_t rank = sizes.size();
  std::swap(sizes[rank - 1], sizes[rank - 2]);
  return b.create<AtenTransposeIntOp>(b.tensorType(sizes, t.getDtype()), x,
                                      b.constInt(rank - 2),
                                      b.constInt(rank - 1));
}

/// Adaptive average pooling over the last two dims as two products with
/// the per-dim averaging matrices (any window sizes, uneven ones too):
/// adaptive_avg_pool2d(x) = Mh x Mw^T, and its backward Mh^T grad Mw.
/// Static sizes; the forward only where the windows are uneven (even ones
/// are avg_pool2d: DecomposeNn.cpp).
Value adaptivePool2d(TorchBuilder &b, Value x, ArrayRef<int64_t> from,
                     ArrayRef<int64_t> to) {
  SmallVector<double> h = adaptiveMeans(from[0], to[0]);
  SmallVector<double> w = adaptiveMeans(from[1], to[1]);
  // x Mw^T: [..., H, W] -> [..., H, Wo]; then (Mh (x Mw^T)) via transposes.
  Value cols =
      timesLiteral(b, x, transposed(w, to[1], from[1]), from[1], to[1]);
  Value rows = timesLiteral(b, swapLastTwo(b, cols),
                            transposed(h, to[0], from[0]), from[0], to[0]);
  return swapLastTwo(b, rows);
}

Value adaptivePool2dBackward(TorchBuilder &b, Value grad, ArrayRef<int64_t> in,
                             ArrayRef<int64_t> out) {
  SmallVector<double> h = adaptiveMeans(in[0], out[0]);
  SmallVector<double> w = adaptiveMeans(in[1], out[1]);
  // grad Mw: [..., Ho, Wo] -> [..., Ho, W]; then Mh^T of that.
  Value cols = timesLiteral(b, grad, w, out[1], in[1]);
  Value rows = timesLiteral(b, swapLastTwo(b, cols), h, out[0], in[0]);
  return swapLastTwo(b, rows);
}

template <typename OpTy>
class DecomposeAdaptiveAvgPoolUneven : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType self = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    std::optional<SmallVector<int64_t>> out = constantInts(op.getOutputSize());
    if (!self || !result || !out || out->size() != 2 ||
        self.getSizes().size() < 3 || !isa<mlir::FloatType>(self.getDtype()))
      return rewriter.notifyMatchFailure(op, "output size not constants");
    ArrayRef<int64_t> in = self.getSizes().take_back(2);
    if (in[0] == kUnknownSize || in[1] == kUnknownSize || (*out)[0] <= 0 ||
        (*out)[1] <= 0)
      return rewriter.notifyMatchFailure(op, "dynamic spatial sizes");
    if (in[0] % (*out)[0] == 0 && in[1] % (*out)[1] == 0)
      return rewriter.notifyMatchFailure(op, "even windows: avg_pool2d");
    TorchBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op, adaptivePool2d(b, op.getSelf(), in, *out));
    return success();
  }
};

class DecomposeAdaptiveAvgPoolBackward
    : public Decomposition<Aten_AdaptiveAvgPool2dBackwardOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(Aten_AdaptiveAvgPool2dBackwardOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType self = knownType(op.getSelf());
    ValueTensorType grad = knownType(op.getGradOutput());
    if (!self || !grad || self.getSizes().size() < 3 ||
        knownType(op.getResult()) != self ||
        !isa<mlir::FloatType>(self.getDtype()))
      return rewriter.notifyMatchFailure(op, "types unknown");
    ArrayRef<int64_t> in = self.getSizes().take_back(2);
    ArrayRef<int64_t> out = grad.getSizes().take_back(2);
    for (int64_t size : {in[0], in[1], out[0], out[1]})
      if (size == kUnknownSize)
        return rewriter.notifyMatchFailure(op, "dynamic spatial sizes");
    TorchBuilder b(rewriter, op.getLoc());
    rewriter.replaceOp(op,
                       adaptivePool2dBackward(b, op.getGradOutput(), in, out));
    return success();
  }
};

/// native_layer_norm_backward(grad, x, normalized_shape, mean, rstd, weight,
/// bias, output_mask), with xhat = (x - mean) rstd and g = grad * weight,
/// the means over the normalized (last) dims:
///   grad_input = rstd (g - mean(g) - xhat mean(g xhat)),
///   grad_weight = sum(grad xhat) and grad_bias = sum(grad) over the others.
class DecomposeLayerNormBackward
    : public Decomposition<AtenNativeLayerNormBackwardOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenNativeLayerNormBackwardOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type =
        sharedFloatType(op, {op.getGradOut(), op.getInput()});
    ValueTensorType stats = knownType(op.getMean());
    std::optional<SmallVector<int64_t>> shape =
        constantInts(op.getNormalizedShape());
    SmallVector<bool> wanted = outputMask(op.getOutputMask());
    if (!type || !stats || !shape || wanted.size() != 3 ||
        knownType(op.getRstd()) != stats)
      return rewriter.notifyMatchFailure(op, "types or arguments unknown");
    int64_t rank = type.getSizes().size();
    int64_t k = shape->size();
    if (k > rank || stats.getSizes().size() != static_cast<size_t>(rank))
      return rewriter.notifyMatchFailure(op, "unexpected ranks");
    // A result is computed where asked for and its input exists (weight,
    // bias); else it must be none.
    bool computed[3] = {wanted[0], wanted[1] && !isNone(op.getWeight()),
                        wanted[2] && !isNone(op.getBias())};
    for (unsigned i = 0; i < 3; ++i)
      if (!computed[i] && !isa<Torch::NoneType>(op->getResult(i).getType()))
        return rewriter.notifyMatchFailure(op, "a result not computed");
    if ((computed[1] && !knownType(op.getWeight())) ||
        (computed[2] && !knownType(op.getBias())))
      return rewriter.notifyMatchFailure(op, "weight or bias of unknown type");
    TorchBuilder b(rewriter, op.getLoc());
    Elementwise e{b, type};
    SmallVector<int64_t> inner, outer;
    for (int64_t d = 0; d < rank; ++d)
      (d >= rank - k ? inner : outer).push_back(d);
    Value x = op.getInput(), grad = op.getGradOut();
    Value xhat = e.mul(e.sub(x, op.getMean()), op.getRstd());
    SmallVector<Value> results(3);
    if (wanted[0]) {
      Value g = isNone(op.getWeight()) ? grad : e.mul(grad, op.getWeight());
      auto meanInner = [&](Value v) -> Value {
        return b.create<AtenMeanDimOp>(stats, v, b.intList(inner),
                                       b.constBool(true), b.none());
      };
      Value centered =
          e.sub(e.sub(g, meanInner(g)), e.mul(xhat, meanInner(e.mul(g, xhat))));
      results[0] = e.mul(centered, op.getRstd());
    }
    auto sumOuter = [&](Value v, Value like) -> Value {
      ValueTensorType t = knownType(like);
      if (!t)
        return nullptr;
      if (outer.empty())
        return v;
      return b.create<AtenSumDimIntListOp>(t, v, b.intList(outer),
                                           b.constBool(false), b.none());
    };
    if (wanted[1] && !isNone(op.getWeight()))
      results[1] = sumOuter(e.mul(grad, xhat), op.getWeight());
    if (wanted[2] && !isNone(op.getBias()))
      results[2] = sumOuter(grad, op.getBias());
    for (unsigned i = 0; i < 3; ++i)
      if (!results[i])
        results[i] = b.none();
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// nll_loss_backward(grad, self [N, C], target [N], weight, reduction,
/// ignore_index, total_weight): -grad * weight[c] at (n, target[n]) for
/// targets not ignored, divided by total_weight for a mean; 0 elsewhere.
class DecomposeNllLossBackward : public Decomposition<AtenNllLossBackwardOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenNllLossBackwardOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = sharedFloatType(op, {op.getSelf()});
    ValueTensorType target = knownType(op.getTarget());
    ValueTensorType grad = knownType(op.getGradOutput());
    std::optional<int64_t> reduction = constantInt(op.getReduction());
    if (!type || !target || !grad || !reduction || *reduction < 0 ||
        *reduction > 2 || type.getSizes().size() != 2 ||
        target.getSizes().size() != 1)
      return rewriter.notifyMatchFailure(op, "not [N, C] with known types");
    TorchBuilder b(rewriter, op.getLoc());
    Elementwise e{b, type};
    int64_t n = type.getSizes()[0];
    Value picked =
        classMask(b, op.getSelf(), op.getTarget(), op.getIgnoreIndex());
    Value g = op.getGradOutput();
    if (*reduction == 0)
      g = b.create<AtenUnsqueezeOp>(b.tensorType({n, 1}, grad.getDtype()), g,
                                    b.constInt(1));
    Value none = b.none();
    Value ones = b.create<AtenOnesLikeOp>(type, op.getSelf(), none, none, none,
                                          none, none);
    Value out = e.mul(e.whereElseZero(picked, ones), g);
    if (!isNone(op.getWeight()))
      out = e.mul(out, op.getWeight());
    if (*reduction == 1)
      out = e.div(out, op.getTotalWeight());
    rewriter.replaceOp(op, e.scale(out, -1.0));
    return success();
  }
};

} // namespace

void mlir::torch::Torch::decompositions::populateBackwardDecompositions(
    RewritePatternSet &patterns, const LegalOps &legal) {
  MLIRContext *context = patterns.getContext();
  patterns.add<DecomposeActivationBackward<AtenThresholdBackwardOp>,
               DecomposeActivationBackward<AtenTanhBackwardOp>,
               DecomposeActivationBackward<AtenSigmoidBackwardOp>,
               DecomposeActivationBackward<AtenGeluBackwardOp>,
               DecomposeActivationBackward<AtenEluBackwardOp>,
               DecomposeActivationBackward<AtenLeakyReluBackwardOp>,
               DecomposeActivationBackward<AtenHardtanhBackwardOp>,
               DecomposeActivationBackward<AtenSoftplusBackwardOp>,
               DecomposeActivationBackward<AtenLogSigmoidBackwardOp>,
               DecomposeSoftmaxBackward<Aten_SoftmaxBackwardDataOp>,
               DecomposeSoftmaxBackward<Aten_LogSoftmaxBackwardDataOp>,
               DecomposeLossBackward<AtenMseLossBackwardOp>,
               DecomposeLossBackward<AtenBinaryCrossEntropyBackwardOp>,
               DecomposeDropoutBackward, DecomposeRreluBackward,
               DecomposeConvolutionBackward, DecomposeMaxPoolBackward,
               DecomposeEmbeddingBackward, DecomposeAvgPoolBackward,
               DecomposeAdaptiveAvgPoolUneven<AtenAdaptiveAvgPool2dOp>,
               DecomposeAdaptiveAvgPoolUneven<Aten_AdaptiveAvgPool2dOp>,
               DecomposeAdaptiveAvgPoolBackward, DecomposeLayerNormBackward,
               DecomposeNllLossBackward>(context, legal);
  for (StringRef name : {"aten.silu_backward", "aten.hardswish_backward",
                         "aten.hardsigmoid_backward"})
    patterns.add<DecomposeActivationBackwardOperator>(context, legal, name);
}
