//===- Elementwise.cpp - ONNX's elementwise ops ---------------------------===//
//
// Math, activations, comparisons, logic, Cast, Where, Identity, Dropout (at
// inference) and QuantizeLinear/DequantizeLinear: one ATen op each where ATen
// has the same meaning (ONNX's multidirectional broadcasting is PyTorch's),
// which the middle end breaks down where it is a composite; a few ATen ops
// where it does not.
//
//===----------------------------------------------------------------------===//

#include "OnnxNode.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

LogicalResult needTypes(OnnxNode &n, unsigned operands) {
  if (!n.resultType())
    return n.fail("the result's rank or dtype is unknown");
  for (unsigned i = 0; i < operands; ++i)
    if (!n.operand(i))
      return n.fail("operand " + Twine(i) + " is missing");
  return success();
}

template <typename AtenOp> LogicalResult unary(OnnxNode &n) {
  if (failed(needTypes(n, 1)))
    return failure();
  // Half precision: computed in f32, rounded once.
  ValueTensorType t = n.resultType();
  Type dtype = n.computeType(t.getDtype());
  ValueTensorType operandType = n.operandType(0);
  if (dtype == t.getDtype() || !operandType ||
      operandType.getDtype() != t.getDtype())
    return n.replace(n.create<AtenOp>(t, n.operand(0)));
  Value x = n.convert(n.operand(0), dtype);
  Value y = n.create<AtenOp>(n.tensorType(t.getSizes(), dtype), x);
  return n.replace(n.convert(y, t.getDtype()));
}

template <typename AtenOp> LogicalResult binary(OnnxNode &n) {
  if (failed(needTypes(n, 2)))
    return failure();
  return n.replace(
      n.create<AtenOp>(n.resultType(), n.operand(0), n.operand(1)));
}

template <typename AtenOp> LogicalResult binaryWithAlpha(OnnxNode &n) {
  if (failed(needTypes(n, 2)))
    return failure();
  return n.replace(n.create<AtenOp>(n.resultType(), n.operand(0), n.operand(1),
                                    n.constInt(1)));
}

LogicalResult identity(OnnxNode &n) {
  if (!n.operand(0))
    return n.fail("operand 0 is missing");
  SmallVector<Value> same(n.numResults(), n.operand(0));
  return n.replace(same);
}

LogicalResult dropout(OnnxNode &n) { // inference: the input, and a true mask
  // Before opset 7, is_test=0 (the default) is training.
  if (n.opset < 7 && !n.intAttr("is_test", 0) &&
      n.floatAttr("ratio", 0.5) != 0.0)
    return n.fail("is_test must be 1 (or the ratio 0): random dropping is "
                  "not converted");
  if (n.operand(2)) {
    // Training with a ratio of 0 drops nothing either.
    std::optional<SmallVector<int64_t>> training = n.constantInts(2);
    std::optional<SmallVector<double>> ratio =
        n.operand(1) ? n.constantFloats(1) : std::nullopt;
    bool inference = training && training->size() == 1 && (*training)[0] == 0;
    bool dropsNothing = ratio && ratio->size() == 1 && (*ratio)[0] == 0.0;
    if (!inference && !dropsNothing)
      return n.fail("training_mode must be a constant false (or the ratio "
                    "a constant 0): random dropping is not converted");
  }
  SmallVector<Value> results{n.operand(0)};
  if (n.numResults() > 1) {
    ValueTensorType mask = n.resultType(1);
    if (!mask)
      results.push_back(nullptr);
    else if (llvm::is_contained(mask.getSizes(), kUnknownSize))
      return n.fail("the mask's shape is not static");
    else // ones of its dtype (bool; before opset 10 the input's float type)
      results.push_back(n.b.create<ValueTensorLiteralOp>(
          n.loc, mask,
          DenseElementsAttr::get(
              RankedTensorType::get(mask.getSizes(), mask.getDtype()),
              isa<mlir::FloatType>(mask.getDtype())
                  ? Attribute(FloatAttr::get(mask.getDtype(), 1.0))
                  : Attribute(IntegerAttr::get(mask.getDtype(), 1)))));
  }
  return n.replace(results);
}

LogicalResult div(OnnxNode &n) {
  if (failed(needTypes(n, 2)))
    return failure();
  ValueTensorType t = n.resultType();
  if (isa<mlir::FloatType, ComplexType>(t.getDtype()))
    return n.replace(n.create<AtenDivTensorOp>(t, n.operand(0), n.operand(1)));
  // Integers: the quotient rounded toward zero, as C and ONNX's reference.
  Value mode = n.b.create<ConstantStrOp>(n.loc, n.b.getStringAttr("trunc"));
  return n.replace(
      n.create<AtenDivTensorModeOp>(t, n.operand(0), n.operand(1), mode));
}

LogicalResult mod(OnnxNode &n) {
  if (failed(needTypes(n, 2)))
    return failure();
  ValueTensorType t = n.resultType();
  // fmod=1: the remainder has the dividend's sign (C's fmod); fmod=0: the
  // divisor's sign, as Python's % (integers; floats from opset 28).
  if (n.intAttr("fmod", 0))
    return n.replace(n.create<AtenFmodTensorOp>(t, n.operand(0), n.operand(1)));
  return n.replace(
      n.create<AtenRemainderTensorOp>(t, n.operand(0), n.operand(1)));
}

/// The operands of Sum, Max, Min or Mean combined pairwise, each step
/// typed by the broadcast of its operands; null after reporting why.
using Combine = Value (*)(OnnxNode &, Type, Value, Value);
Value chain(OnnxNode &n, Combine combine) {
  ValueTensorType t = n.resultType();
  if (!t || n.numOperands() == 0) {
    (void)n.fail("needs operands and a result of known rank and dtype");
    return nullptr;
  }
  Value acc = n.operand(0);
  for (unsigned i = 1; i < n.numOperands(); ++i) {
    auto accType = dyn_cast<ValueTensorType>(acc.getType());
    ValueTensorType next = n.operandType(i);
    if (!accType || !accType.hasSizes() || !next) {
      (void)n.fail("an operand's rank is unknown");
      return nullptr;
    }
    ValueTensorType step =
        i + 1 == n.numOperands()
            ? t
            : n.tensorType(broadcastSizes(accType.getSizes(), next.getSizes()),
                           t.getDtype());
    acc = combine(n, step, acc, n.operand(i));
  }
  if (acc.getType() != t) { // one operand: its type may say less
    (void)n.fail("a single operand of another type than the result");
    return nullptr;
  }
  return acc;
}

Value addOf(OnnxNode &n, Type t, Value a, Value b) {
  return n.create<AtenAddTensorOp>(t, a, b, n.constInt(1));
}
Value maxOf(OnnxNode &n, Type t, Value a, Value b) {
  return n.create<AtenMaximumOp>(t, a, b);
}
Value minOf(OnnxNode &n, Type t, Value a, Value b) {
  return n.create<AtenMinimumOp>(t, a, b);
}

template <Combine combine> LogicalResult variadic(OnnxNode &n) {
  Value out = chain(n, combine);
  return out ? n.replace(out) : failure();
}

LogicalResult mean(OnnxNode &n) { // the sum divided by the count
  Value sum = chain(n, addOf);
  if (!sum)
    return failure();
  return n.replace(n.create<AtenDivScalarOp>(
      n.resultType(), sum, n.constFloat(static_cast<double>(n.numOperands()))));
}

/// `x` clipped to the largest finite value of `type` (infinities too; NaN
/// stays): what ONNX's `saturate` does before rounding to a float8 type.
Value clipToLargest(OnnxNode &n, Value x, mlir::FloatType type) {
  double largest =
      APFloat::getLargest(type.getFloatSemantics()).convertToDouble();
  return n.create<AtenClampOp>(x.getType(), x, n.constFloat(-largest),
                               n.constFloat(largest));
}

/// Cast, CastLike. To a float8 type with `saturate` (opset 19 on; the
/// default), values beyond the type's largest finite one (infinities too)
/// become it, as ONNX clips before it rounds; without, they overflow to
/// infinity or NaN. From a float to a 2- or 4-bit integer: truncated toward
/// zero, and 0 where that is outside the type's range (NaN too), as the
/// reference (ml_dtypes) casts; from an integer, its low bits.
LogicalResult castTo(OnnxNode &n) {
  if (failed(needTypes(n, 1)))
    return failure();
  ValueTensorType t = n.resultType();
  std::optional<int64_t> code = scalarTypeCode(t.getDtype());
  if (!code)
    return n.fail("no Torch dtype for the target type");
  Value x = n.operand(0);
  auto target = dyn_cast<mlir::FloatType>(t.getDtype());
  if (target && target.getWidth() == 8 && n.intAttr("saturate", 1)) {
    auto source = cast<ValueTensorType>(x.getType());
    if (!isa<mlir::FloatType>(source.getDtype()))
      x = n.convert(x, n.b.getF32Type());
    x = clipToLargest(n, x, target);
  }
  auto subByte = dyn_cast<IntegerType>(t.getDtype());
  auto source = cast<ValueTensorType>(x.getType());
  if (subByte && subByte.getWidth() > 1 && subByte.getWidth() < 8) {
    if (isa<mlir::FloatType>(source.getDtype())) {
      unsigned width = subByte.getWidth();
      double lo = subByte.isUnsigned() ? 0.0 : -std::ldexp(1.0, width - 1);
      double hi = subByte.isUnsigned() ? std::ldexp(1.0, width) - 1
                                       : std::ldexp(1.0, width - 1) - 1;
      ValueTensorType mask = n.tensorType(source.getSizes(), n.b.getI1Type());
      Value whole = n.create<AtenTruncOp>(source, x);
      Value inside = n.create<AtenLogicalAndOp>(
          mask, n.create<AtenGeScalarOp>(mask, whole, n.constFloat(lo)),
          n.create<AtenLeScalarOp>(mask, whole, n.constFloat(hi)));
      x = n.create<AtenWhereScalarOtherOp>(source, inside, whole,
                                           n.constFloat(0.0));
    }
    return n.replace(n.convert(x, subByte));
  }
  return n.replace(n.create<AtenToDtypeOp>(t, x, n.constInt(*code),
                                           n.constBool(false),
                                           n.constBool(false), n.none()));
}

/// BitCast (opset 26): each element's bits as the other type, of the same
/// size.
LogicalResult bitCast(OnnxNode &n) {
  if (failed(needTypes(n, 1)))
    return failure();
  ValueTensorType t = n.resultType();
  std::optional<int64_t> code = scalarTypeCode(t.getDtype());
  if (!code)
    return n.fail("no Torch dtype for the target type");
  return n.replace(
      n.create<AtenViewDtypeOp>(t, n.operand(0), n.constInt(*code)));
}

LogicalResult where(OnnxNode &n) {
  if (failed(needTypes(n, 3)))
    return failure();
  return n.replace(n.create<AtenWhereSelfOp>(n.resultType(), n.operand(0),
                                             n.operand(1), n.operand(2)));
}

LogicalResult clipAttributes(OnnxNode &n) { // opsets 1-10: bounds as floats
  if (failed(needTypes(n, 1)))
    return failure();
  Value lo = n.attr("min") ? n.constFloat(n.floatAttr("min", 0)) : n.none();
  Value hi = n.attr("max") ? n.constFloat(n.floatAttr("max", 0)) : n.none();
  return n.replace(n.create<AtenClampOp>(n.resultType(), n.operand(0), lo, hi));
}

LogicalResult clipOperands(OnnxNode &n) { // opset 11: bounds as 0-d tensors
  if (failed(needTypes(n, 1)))
    return failure();
  Value lo = n.operand(1), hi = n.operand(2);
  ValueTensorType t = n.resultType();
  if (!lo && !hi)
    return n.replace(n.operand(0));
  return n.replace(n.create<AtenClampTensorOp>(
      t, n.operand(0), lo ? lo : n.none(), hi ? hi : n.none()));
}

LogicalResult elu(OnnxNode &n, double alpha, double scale, double inScale) {
  if (failed(needTypes(n, 1)))
    return failure();
  ValueTensorType t = n.resultType();
  Type dtype = n.computeType(t.getDtype()); // half precision: in f32
  Value y = n.create<AtenEluOp>(
      n.tensorType(t.getSizes(), dtype), n.convert(n.operand(0), dtype),
      n.constFloat(alpha), n.constFloat(scale), n.constFloat(inScale));
  return n.replace(n.convert(y, t.getDtype()));
}

/// clamp(alpha * x + beta, 0, 1), in the result's type.
Value hardSigmoidOf(OnnxNode &n, Value x, double alpha, double beta) {
  ValueTensorType t = n.resultType();
  Value scaled = n.create<AtenMulScalarOp>(t, x, n.constFloat(alpha));
  Value shifted =
      n.create<AtenAddScalarOp>(t, scaled, n.constFloat(beta), n.constInt(1));
  return n.create<AtenClampOp>(t, shifted, n.constFloat(0.0),
                               n.constFloat(1.0));
}

/// Whether `value`, an f32 attribute, is `wanted` (to f32's precision).
bool nearlyEquals(double value, double wanted) {
  return std::abs(value - wanted) <=
         4 * std::numeric_limits<float>::epsilon() * std::abs(wanted);
}

/// aten.hardsigmoid (clamp(x / 6 + 1 / 2, 0, 1)) where alpha and beta are
/// PyTorch's; else clamp(alpha * x + beta, 0, 1) written out.
LogicalResult hardSigmoid(OnnxNode &n) {
  if (failed(needTypes(n, 1)))
    return failure();
  double alpha = n.floatAttr("alpha", 0.2), beta = n.floatAttr("beta", 0.5);
  ValueTensorType in = n.operandType(0);
  if (in && in.getDtype() == n.resultType().getDtype() &&
      nearlyEquals(alpha, 1.0 / 6.0) && nearlyEquals(beta, 0.5))
    return n.replace(n.create<AtenHardsigmoidOp>(in, n.operand(0)));
  return n.replace(hardSigmoidOf(n, n.operand(0), alpha, beta));
}

LogicalResult hardSwish(OnnxNode &n) { // x * hardsigmoid(x, 1/6, 1/2)
  if (failed(needTypes(n, 1)))
    return failure();
  return n.replace(n.create<AtenHardswishOp>(n.resultType(), n.operand(0)));
}

LogicalResult softsign(OnnxNode &n) { // x / (1 + |x|)
  if (failed(needTypes(n, 1)))
    return failure();
  ValueTensorType t = n.resultType();
  Value x = n.operand(0);
  Value abs = n.create<AtenAbsOp>(t, x);
  Value den =
      n.create<AtenAddScalarOp>(t, abs, n.constFloat(1.0), n.constInt(1));
  return n.replace(n.create<AtenDivTensorOp>(t, x, den));
}

LogicalResult mish(OnnxNode &n) { // x * tanh(softplus(x))
  if (failed(needTypes(n, 1)))
    return failure();
  return n.replace(n.create<AtenMishOp>(n.resultType(), n.operand(0)));
}

/// x > alpha ? x : 0, which is aten.threshold(x, alpha, 0).
LogicalResult thresholdedRelu(OnnxNode &n) {
  if (failed(needTypes(n, 1)))
    return failure();
  return n.replace(n.create<AtenThresholdOp>(
      n.resultType(), n.operand(0), n.constFloat(n.floatAttr("alpha", 1.0)),
      n.constFloat(0.0)));
}

/// x < -lambd ? x + bias : x > lambd ? x - bias : 0. (That is
/// aten.hardshrink for a bias of 0 and aten.softshrink for a bias of lambd,
/// but the middle end breaks neither down, so it is written out.)
LogicalResult shrink(OnnxNode &n) {
  if (failed(needTypes(n, 1)))
    return failure();
  ValueTensorType t = n.resultType();
  if (!isa<mlir::FloatType>(t.getDtype()))
    return n.fail("Shrink of integers is not converted");
  double bias = n.floatAttr("bias", 0.0), lambd = n.floatAttr("lambd", 0.5);
  Value x = n.operand(0);
  auto mask = n.tensorType(t.getSizes(), n.b.getI1Type());
  Value below = n.create<AtenLtScalarOp>(mask, x, n.constFloat(-lambd));
  Value above = n.create<AtenGtScalarOp>(mask, x, n.constFloat(lambd));
  Value plus =
      n.create<AtenAddScalarOp>(t, x, n.constFloat(bias), n.constInt(1));
  Value minus =
      n.create<AtenSubScalarOp>(t, x, n.constFloat(bias), n.constInt(1));
  Value upper =
      n.create<AtenWhereScalarOtherOp>(t, above, minus, n.constFloat(0.0));
  return n.replace(n.create<AtenWhereSelfOp>(t, below, plus, upper));
}

LogicalResult prelu(OnnxNode &n) { // x < 0 ? slope * x : x
  if (failed(needTypes(n, 2)))
    return failure();
  ValueTensorType t = n.resultType();
  Value x = n.operand(0);
  Value mask = n.create<AtenLtScalarOp>(
      n.tensorType(t.getSizes(), n.b.getI1Type()), x, n.constFloat(0.0));
  Value scaled = n.create<AtenMulTensorOp>(t, x, n.operand(1));
  return n.replace(n.create<AtenWhereSelfOp>(t, mask, scaled, x));
}

LogicalResult gelu(OnnxNode &n) {
  if (failed(needTypes(n, 1)))
    return failure();
  Value approximate = n.b.create<ConstantStrOp>(
      n.loc, n.b.getStringAttr(n.stringAttr("approximate", "none")));
  return n.replace(
      n.create<AtenGeluOp>(n.resultType(), n.operand(0), approximate));
}

// ONNX Runtime's com.microsoft activations.

/// Gelu (erf) and FastGelu (tanh), the latter with an optional bias added
/// first; BiasGelu: gelu(A + B).
template <bool tanh, bool bias> LogicalResult contribGelu(OnnxNode &n) {
  ValueTensorType t = n.resultType();
  if (!t || !n.operandType(0) || (bias && n.operand(1) && !n.operandType(1)))
    return n.fail("the operands' or result's types are unknown");
  Value x = n.operand(0);
  if (bias && n.operand(1))
    x = n.create<AtenAddTensorOp>(t, x, n.operand(1), n.constInt(1));
  Value approximate = n.b.create<ConstantStrOp>(
      n.loc, n.b.getStringAttr(tanh ? "tanh" : "none"));
  return n.replace(n.create<AtenGeluOp>(t, x, approximate));
}

/// QuickGelu: x * sigmoid(alpha * x), alpha 1.702 by default.
LogicalResult quickGelu(OnnxNode &n) {
  if (failed(needTypes(n, 1)))
    return failure();
  ValueTensorType t = n.resultType();
  Value x = n.operand(0);
  Value scaled = n.create<AtenMulScalarOp>(
      t, x, n.constFloat(n.floatAttr("alpha", 1.702)));
  return n.replace(
      n.create<AtenMulTensorOp>(t, x, n.create<AtenSigmoidOp>(t, scaled)));
}

LogicalResult leakyRelu(OnnxNode &n) {
  if (failed(needTypes(n, 1)))
    return failure();
  return n.replace(n.create<AtenLeakyReluOp>(
      n.resultType(), n.operand(0), n.constFloat(n.floatAttr("alpha", 0.01))));
}

LogicalResult softplus(OnnxNode &n) {
  if (failed(needTypes(n, 1)))
    return failure();
  // PyTorch returns x itself past the threshold, where log1p(exp(x)) and x
  // agree to within float precision.
  return n.replace(n.create<AtenSoftplusOp>(
      n.resultType(), n.operand(0), n.constFloat(1.0), n.constFloat(20.0)));
}

LogicalResult bitShift(OnnxNode &n) {
  if (failed(needTypes(n, 2)))
    return failure();
  StringRef direction = n.stringAttr("direction", "");
  if (direction == "LEFT")
    return n.replace(n.create<AtenBitwiseLeftShiftTensorOp>(
        n.resultType(), n.operand(0), n.operand(1)));
  if (direction == "RIGHT") // unsigned operands: a logical shift
    return n.replace(n.create<AtenBitwiseRightShiftTensorOp>(
        n.resultType(), n.operand(0), n.operand(1)));
  return n.fail("direction must be LEFT or RIGHT");
}

/// aten.isinf, aten.isposinf or aten.isneginf, as detect_positive and
/// detect_negative say.
LogicalResult isInf(OnnxNode &n) {
  if (failed(needTypes(n, 1)))
    return failure();
  ValueTensorType t = n.resultType();
  Value x = n.operand(0);
  bool positive = n.intAttr("detect_positive", 1),
       negative = n.intAttr("detect_negative", 1);
  if (!positive && !negative) // nothing is infinite (NaN equals nothing)
    return n.replace(n.create<AtenEqScalarOp>(
        t, x, n.constFloat(std::numeric_limits<double>::quiet_NaN())));
  // The input's sizes, as the middle end's breaking down types them.
  ValueTensorType in = n.operandType(0);
  ValueTensorType mask = in ? n.tensorType(in.getSizes(), t.getDtype()) : t;
  Value y = positive && negative ? n.create<AtenIsinfOp>(mask, x)
            : positive           ? n.create<AtenIsposinfOp>(mask, x)
                                 : n.create<AtenIsneginfOp>(mask, x);
  return n.replace(y);
}

/// A per-tensor (0-d or one element) or per-axis (1-D) quantization
/// parameter, shaped to broadcast against a tensor of `rank` at `axis`; with
/// a `blockSize` (blocked quantization: the parameter has the tensor's rank,
/// one value per block of `blockSize` along `axis`), each value repeated
/// over its block, cut to `axisSize`. Null if a blocked parameter's shape
/// does not fit.
Value quantParam(OnnxNode &n, Value v, int64_t rank, int64_t axis,
                 int64_t blockSize = 0, int64_t axisSize = 0) {
  auto t = cast<ValueTensorType>(v.getType());
  if (blockSize > 0) {
    if (!t.hasSizes() || static_cast<int64_t>(t.getSizes().size()) != rank ||
        llvm::is_contained(t.getSizes(), kUnknownSize))
      return nullptr;
    // [.., K, ..] -> [.., K, 1, ..] -> [.., K, B, ..] -> [.., K * B, ..]
    SmallVector<int64_t> one(t.getSizes()), spread(t.getSizes()),
        merged(t.getSizes());
    int64_t blocks = t.getSizes()[axis];
    one.insert(one.begin() + axis + 1, 1);
    spread.insert(spread.begin() + axis + 1, blockSize);
    merged[axis] = blocks * blockSize;
    Value x = n.create<AtenUnsqueezeOp>(n.tensorType(one, t.getDtype()), v,
                                        n.constInt(axis + 1));
    x = n.create<AtenBroadcastToOp>(n.tensorType(spread, t.getDtype()), x,
                                    n.intList(spread));
    x = n.create<AtenReshapeOp>(n.tensorType(merged, t.getDtype()), x,
                                n.intList(merged));
    if (axisSize == merged[axis])
      return x;
    if (axisSize > merged[axis])
      return nullptr;
    merged[axis] = axisSize;
    return n.create<AtenSliceTensorOp>(n.tensorType(merged, t.getDtype()), x,
                                       n.constInt(axis), n.constInt(0),
                                       n.constInt(axisSize), n.constInt(1));
  }
  if (!t.hasSizes() || t.getSizes().size() != 1 || t.getSizes()[0] == 1)
    return v;
  SmallVector<int64_t> sizes(rank, 1);
  sizes[axis] = t.getSizes()[0];
  return n.create<AtenReshapeOp>(n.tensorType(sizes, t.getDtype()), v,
                                 n.intList(sizes));
}

/// (x - zero_point) * scale, in the scale's (the result's) type.
LogicalResult dequantize(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || !n.operandType(1))
    return n.fail("the operands' or result's types are unknown");
  if (!scalarTypeCode(in.getDtype()) || !scalarTypeCode(out.getDtype()))
    return n.fail("no Torch dtype for the input or the result");
  int64_t rank = in.getSizes().size();
  int64_t axis = n.intAttr("axis", 1);
  if (axis < 0)
    axis += rank;
  int64_t block = n.intAttr("block_size", 0);
  if (block &&
      (axis < 0 || axis >= rank || in.getSizes()[axis] == kUnknownSize))
    return n.fail("blocked quantization needs the axis' size static");
  int64_t axisSize = block ? in.getSizes()[axis] : 0;
  Type dtype = out.getDtype();
  Value x = n.convert(n.operand(0), dtype);
  if (Value zp = n.operand(2)) {
    zp = quantParam(n, zp, rank, axis, block, axisSize);
    if (!zp)
      return n.fail("the zero point's blocks do not fit the input");
    x = n.create<AtenSubTensorOp>(out, x, n.convert(zp, dtype), n.constInt(1));
  }
  Value scale = quantParam(n, n.operand(1), rank, axis, block, axisSize);
  if (!scale)
    return n.fail("the scale's blocks do not fit the input");
  scale = n.convert(scale, dtype);
  return n.replace(n.create<AtenMulTensorOp>(out, x, scale));
}

/// saturate(round(x / scale) + zero_point), halves to even. To a float8
/// type: x / scale + zero_point, clipped to its largest finite value when
/// `saturate` (the default), then rounded to it.
LogicalResult quantize(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || !n.operandType(1))
    return n.fail("the operands' or result's types are unknown");
  auto intType = dyn_cast<IntegerType>(out.getDtype());
  auto float8 = dyn_cast<mlir::FloatType>(out.getDtype());
  if (float8 && float8.getWidth() != 8)
    float8 = nullptr;
  if (!scalarTypeCode(out.getDtype()) ||
      !((intType && intType.getWidth() <= 32) || float8))
    return n.fail("only 2- to 32-bit integer and float8 results are "
                  "converted");
  int64_t rank = in.getSizes().size();
  int64_t axis = n.intAttr("axis", 1);
  if (axis < 0)
    axis += rank;
  int64_t block = n.intAttr("block_size", 0);
  if (block &&
      (axis < 0 || axis >= rank || in.getSizes()[axis] == kUnknownSize))
    return n.fail("blocked quantization needs the axis' size static");
  int64_t axisSize = block ? in.getSizes()[axis] : 0;
  Type f32 = n.b.getF32Type();
  ValueTensorType work = n.tensorType(in.getSizes(), f32);
  Value x = n.convert(n.operand(0), f32);
  Value scale = quantParam(n, n.operand(1), rank, axis, block, axisSize);
  if (!scale)
    return n.fail("the scale's blocks do not fit the input");
  scale = n.convert(scale, f32);
  x = n.create<AtenDivTensorOp>(work, x, scale);
  if (!float8)
    x = n.create<AtenRoundOp>(work, x);
  if (Value zp = n.operand(2)) {
    zp = quantParam(n, zp, rank, axis, block, axisSize);
    if (!zp)
      return n.fail("the zero point's blocks do not fit the input");
    x = n.create<AtenAddTensorOp>(work, x, n.convert(zp, f32), n.constInt(1));
  }
  if (float8) {
    if (n.intAttr("saturate", 1))
      x = clipToLargest(n, x, float8);
    return n.replace(n.convert(x, out.getDtype()));
  }
  unsigned width = intType.getWidth();
  double lo = intType.isUnsigned() ? 0.0 : -std::ldexp(1.0, width - 1);
  double hi = intType.isUnsigned() ? std::ldexp(1.0, width) - 1
                                   : std::ldexp(1.0, width - 1) - 1;
  x = n.create<AtenClampOp>(work, x, n.constFloat(lo), n.constFloat(hi));
  return n.replace(n.convert(x, out.getDtype()));
}

const OnnxConversion kElementwiseConversions[] = {
    // Arithmetic; before opset 7 these broadcast by a `broadcast` attribute.
    {"Add", 7, binaryWithAlpha<AtenAddTensorOp>},
    {"Sub", 7, binaryWithAlpha<AtenSubTensorOp>},
    {"Mul", 7, binary<AtenMulTensorOp>},
    {"Div", 7, div},
    {"Pow", 7, binary<AtenPowTensorTensorOp>},
    {"Mod", 10, mod},
    {"Sum", 8, variadic<addOf>},
    {"Max", 8, variadic<maxOf>},
    {"Min", 8, variadic<minOf>},
    {"Mean", 8, mean},
    // Unary math.
    {"Abs", 6, unary<AtenAbsOp>},
    {"Neg", 6, unary<AtenNegOp>},
    {"Exp", 6, unary<AtenExpOp>},
    {"Log", 6, unary<AtenLogOp>},
    {"Sqrt", 6, unary<AtenSqrtOp>},
    {"Reciprocal", 6, unary<AtenReciprocalOp>},
    {"Floor", 6, unary<AtenFloorOp>},
    {"Ceil", 6, unary<AtenCeilOp>},
    {"Sin", 7, unary<AtenSinOp>},
    {"Cos", 7, unary<AtenCosOp>},
    {"Tan", 7, unary<AtenTanOp>},
    {"Atan", 7, unary<AtenAtanOp>},
    {"Acos", 7, unary<AtenAcosOp>},
    {"Asin", 7, unary<AtenAsinOp>},
    {"Cosh", 9, unary<AtenCoshOp>},
    {"Sinh", 9, unary<AtenSinhOp>},
    {"Acosh", 9, unary<AtenAcoshOp>},
    {"Asinh", 9, unary<AtenAsinhOp>},
    {"Atanh", 9, unary<AtenAtanhOp>},
    {"IsInf", 10, isInf},
    {"Erf", 9, unary<AtenErfOp>},
    {"Sign", 9, unary<AtenSignOp>},
    {"IsNaN", 9, unary<AtenIsnanOp>},
    {"Round", 11, unary<AtenRoundOp>}, // halves to even, in both
    {"Identity", 1, identity},
    {"Dropout", 1, dropout},
    // Activations.
    {"Relu", 6, unary<AtenReluOp>},
    {"Sigmoid", 6, unary<AtenSigmoidOp>},
    {"Tanh", 6, unary<AtenTanhOp>},
    {"LeakyRelu", 6, leakyRelu},
    {"Elu", 6,
     [](OnnxNode &n) { return elu(n, n.floatAttr("alpha", 1.0), 1.0, 1.0); }},
    {"Selu", 6,
     [](OnnxNode &n) {
       return elu(n, n.floatAttr("alpha", 1.67326319217681884765625),
                  n.floatAttr("gamma", 1.05070102214813232421875), 1.0);
     }},
    {"Celu", 12,
     [](OnnxNode &n) {
       double alpha = n.floatAttr("alpha", 1.0);
       return elu(n, alpha, 1.0, 1.0 / alpha);
     }},
    {"HardSigmoid", 6, hardSigmoid},
    {"HardSwish", 14, hardSwish},
    {"Softplus", 1, softplus},
    {"Softsign", 1, softsign},
    {"Mish", 18, mish},
    {"Gelu", 20, gelu},
    {"com.microsoft.Gelu", 1, contribGelu<false, false>},
    {"com.microsoft.FastGelu", 1, contribGelu<true, true>},
    {"com.microsoft.BiasGelu", 1, contribGelu<false, true>},
    {"com.microsoft.QuickGelu", 1, quickGelu},
    {"ThresholdedRelu", 10, thresholdedRelu},
    {"Shrink", 9, shrink},
    {"PRelu", 7, prelu},
    {"Clip", 6, clipAttributes},
    {"Clip", 11, clipOperands},
    // Comparisons and logic.
    {"Equal", 7, binary<AtenEqTensorOp>},
    {"Less", 7, binary<AtenLtTensorOp>},
    {"LessOrEqual", 12, binary<AtenLeTensorOp>},
    {"Greater", 7, binary<AtenGtTensorOp>},
    {"GreaterOrEqual", 12, binary<AtenGeTensorOp>},
    {"And", 7, binary<AtenLogicalAndOp>},
    {"Or", 7, binary<AtenLogicalOrOp>},
    {"Xor", 7, binary<AtenLogicalXorOp>},
    {"Not", 1, unary<AtenLogicalNotOp>},
    {"BitwiseAnd", 18, binary<AtenBitwiseAndTensorOp>},
    {"BitwiseOr", 18, binary<AtenBitwiseOrTensorOp>},
    {"BitwiseXor", 18, binary<AtenBitwiseXorTensorOp>},
    {"BitwiseNot", 18, unary<AtenBitwiseNotOp>},
    {"BitShift", 11, bitShift},
    {"Where", 9, where},
    {"Cast", 6, castTo},
    {"DequantizeLinear", 10, dequantize},
    {"QuantizeLinear", 10, quantize},
    {"CastLike", 15, castTo}, // the target dtype is the result's
    {"BitCast", 26, bitCast},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::elementwiseConversions() {
  return kElementwiseConversions;
}
