//===- Elementwise.cpp - Elementwise ATen ops, casts, constants as TOSA ---===//
//
// Operands are cast to the element type the op computes in (the result's,
// or for comparisons the operands' promoted type) and reshaped to the
// result's rank; Python scalars must be constants (they become splat
// constants). Ops TOSA lacks are composed: sqrt as reciprocal(rsqrt), gelu
// from erf or tanh, log2 and log10 as scaled logs, true division as a
// product with the reciprocal.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "torch-mlir/Dialect/Torch/Builder/TorchBuilder.h"

#include <cmath>
#include <limits>

using namespace mlir;
namespace mlir::torch::torch_to_tosa {
namespace {

/// The result's element type and rank.
struct Out {
  Type element;
  int64_t rank;
  RankedTensorType type;
};
Out out(Lowering &l, unsigned i = 0) {
  RankedTensorType type = l.type(i);
  return {type.getElementType(), type.getRank(), type};
}

bool isFloat(Type t) { return isa<FloatType>(t); }

/// A unary op computed in the result's element type.
template <typename TosaOp> LowerOneFn unary() {
  return [](Lowering &l) -> Value {
    Out o = out(l);
    Value x = l.operand(0, o.element, o.rank);
    if (!x)
      return {};
    return l.create<TosaOp>(o.type, x);
  };
}

/// A float unary computed by `fn` from the operand (cast to the result's
/// float type).
LowerOneFn composedFloat(std::function<Value(Lowering &, Value, Out &)> fn) {
  return [fn](Lowering &l) -> Value {
    Out o = out(l);
    if (!isFloat(o.element))
      return l.fail("not a float result");
    Value x = l.operand(0, o.element, o.rank);
    if (!x)
      return {};
    return fn(l, x, o);
  };
}

/// A unary op on floats only.
template <typename TosaOp> LowerOneFn floatUnary() {
  return composedFloat([](Lowering &l, Value x, Out &o) -> Value {
    return l.create<TosaOp>(o.type, x);
  });
}

Value scalarLike(Lowering &l, Value x, double v) {
  auto type = cast<RankedTensorType>(x.getType());
  return l.scalar(type.getElementType(), v, type.getRank());
}

Value sqrtOf(Lowering &l, Value x) {
  return l.same<tosa::ReciprocalOp>(l.same<tosa::RsqrtOp>(x));
}

/// a + alpha * b (alpha: operand `alphaIndex`, 1 if absent), or a - alpha *
/// b; `reversed`: b and a swapped (rsub).
LowerOneFn addSub(bool subtract, bool reversed, unsigned alphaIndex) {
  return [=](Lowering &l) -> Value {
    Out o = out(l);
    Value a = l.operand(0, o.element, o.rank);
    Value c = l.operand(1, o.element, o.rank);
    if (!a || !c)
      return {};
    if (reversed)
      std::swap(a, c);
    if (alphaIndex < l.op->getNumOperands()) {
      std::optional<double> alpha = l.constNumber(alphaIndex);
      if (!alpha)
        return l.fail("alpha is not a constant");
      if (*alpha != 1)
        c = l.mul(c, l.scalar(o.element, *alpha, o.rank));
    }
    if (subtract)
      return l.create<tosa::SubOp>(o.type, a, c);
    return l.create<tosa::AddOp>(o.type, a, c);
  };
}

/// A binary op computed in the result's element type.
template <typename TosaOp> LowerOneFn binary(bool floatOnly = false) {
  return [=](Lowering &l) -> Value {
    Out o = out(l);
    if (floatOnly && !isFloat(o.element))
      return l.fail("not a float result");
    Value a = l.operand(0, o.element, o.rank);
    Value c = l.operand(1, o.element, o.rank);
    if (!a || !c)
      return {};
    if constexpr (std::is_same_v<TosaOp, tosa::MulOp>)
      return l.mul(a, c);
    else
      return l.create<TosaOp>(o.type, a, c);
  };
}

Value divide(Lowering &l, Value a, Value c) {
  return l.mul(a, l.same<tosa::ReciprocalOp>(c));
}

/// The type integer division computes `element` in: i32 up to 32 bits (TOSA's
/// int_div), else i64.
Type divisionType(Lowering &l, Type element) {
  return element.getIntOrFloatBitWidth() > 32 ? l.b.getI64Type()
                                              : l.b.getI32Type();
}

/// True division (floats), or with a rounding mode (operand 2): "trunc" or
/// "floor".
LowerOneFn div(bool withMode) {
  return [=](Lowering &l) -> Value {
    Out o = out(l);
    std::string mode;
    if (withMode && !l.none(2)) {
      auto str = Torch::constantString(l.op->getOperand(2));
      if (!str)
        return l.fail("rounding mode is not a constant");
      mode = str->str();
    }
    if (!isFloat(o.element)) {
      if (mode.empty())
        return l.fail("true division to an integer result");
      Type work = divisionType(l, o.element);
      Value a = l.operand(0, work, o.rank), c = l.operand(1, work, o.rank);
      if (!a || !c)
        return {};
      auto [q, r] = l.truncDivide(a, c);
      if (mode == "floor")
        q = l.floorFromTrunc(q, r, c).first;
      return l.convertTo(q, o.element);
    }
    Value a = l.operand(0, o.element, o.rank);
    Value c = l.operand(1, o.element, o.rank);
    if (!a || !c)
      return {};
    Value q = divide(l, a, c);
    if (mode.empty())
      return q;
    // Rounded: the quotient's floor (or truncation), corrected by one where
    // the product with the reciprocal rounded across an integer.
    if (mode == "floor")
      return l.same<tosa::FloorOp>(q);
    if (mode == "trunc")
      return l.truncate(q);
    return l.fail("unknown rounding mode");
  };
}

/// A comparison: operands in their promoted type; `swap` compares b with a;
/// `negate` takes the opposite.
template <typename TosaOp> LowerOneFn compare(bool swap, bool negate = false) {
  return [=](Lowering &l) -> Value {
    Out o = out(l);
    Type element = l.promoted({0, 1});
    if (!element)
      return l.fail("operand dtypes do not promote");
    // TOSA compares i1 as signed (true < false): bools compare as i32.
    if (element.isInteger(1))
      element = l.b.getI32Type();
    Value a = l.operand(0, element, o.rank);
    Value c = l.operand(1, element, o.rank);
    if (!a || !c)
      return {};
    if (swap)
      std::swap(a, c);
    Value r = l.create<TosaOp>(o.type, a, c);
    if (negate)
      r = l.create<tosa::LogicalNotOp>(o.type, r);
    return r;
  };
}

/// A logical op: operands as bools.
template <typename TosaOp> LowerOneFn logical() {
  return [](Lowering &l) -> Value {
    Out o = out(l);
    Value a = l.operand(0, l.b.getI1Type(), o.rank);
    Value c = l.operand(1, l.b.getI1Type(), o.rank);
    if (!a || !c)
      return {};
    Value r = l.create<TosaOp>(
        RankedTensorType::get(o.type.getShape(), l.b.getI1Type()), a, c);
    return l.convertTo(r, o.element);
  };
}

/// A bitwise op: on bools, its logical twin.
template <typename BitOp, typename BoolOp> LowerOneFn bitwise() {
  return [](Lowering &l) -> Value {
    Out o = out(l);
    Value a = l.operand(0, o.element, o.rank);
    Value c = l.operand(1, o.element, o.rank);
    if (!a || !c)
      return {};
    if (o.element.isInteger(1))
      return l.create<BoolOp>(o.type, a, c);
    return l.create<BitOp>(o.type, a, c);
  };
}

/// 2^s for each element of `s` (i64, 0 <= s < 64): the product of 2^(2^b)
/// over the bits b set in s (2^63 wraps to i64's minimum, the same bits).
Value powerOfTwo(Lowering &l, Value s) {
  auto type = cast<RankedTensorType>(s.getType());
  Type i64 = type.getElementType();
  int64_t rank = type.getRank();
  Value power = l.scalar(i64, 1, rank);
  for (int bit = 0; bit < 6; ++bit) {
    Value set = l.create<tosa::EqualOp>(
        l.boolLike(s),
        l.create<tosa::BitwiseAndOp>(type, s, l.scalar(i64, 1 << bit, rank)),
        l.scalar(i64, 1 << bit, rank));
    Value factor = l.create<tosa::SelectOp>(
        type, set, l.scalar(i64, std::ldexp(1.0, 1 << bit), rank),
        l.scalar(i64, 1, rank));
    power = l.mul(power, factor);
  }
  return power;
}

/// x << s or x >> s (arithmetic), in the result's integer type. TOSA shifts
/// up to i32; i64 shifts left as a product with 2^s and right as a floor
/// division by it. Shifts of 64 or more give 0 (or -1 for a negative x
/// shifted right), as PyTorch's do.
LowerOneFn shift(bool left) {
  return [=](Lowering &l) -> Value {
    Out o = out(l);
    if (isFloat(o.element) || o.element.isInteger(1))
      return l.fail("shifts of floats or bools");
    Value x = l.operand(0, o.element, o.rank);
    Value s = l.operand(1, o.element, o.rank);
    if (!x || !s)
      return {};
    if (o.element.getIntOrFloatBitWidth() <= 32) {
      if (left)
        return l.create<tosa::LogicalLeftShiftOp>(o.type, x, s);
      return l.create<tosa::ArithmeticRightShiftOp>(o.type, x, s,
                                                    l.b.getBoolAttr(false));
    }
    Value tooFar = l.create<tosa::GreaterOp>(
        l.boolLike(s), s, l.scalar(o.element, left ? 63 : 62, o.rank));
    Value power = powerOfTwo(l, s);
    Value shifted, beyond;
    if (left) {
      shifted = l.mul(x, power);
      beyond = l.scalar(o.element, 0, o.rank);
    } else {
      auto [q, r] = l.truncDivide(x, power);
      shifted = l.floorFromTrunc(q, r, power).first;
      Value negative = l.create<tosa::GreaterOp>(
          l.boolLike(x), l.scalar(o.element, 0, o.rank), x);
      beyond = l.create<tosa::SelectOp>(o.type, negative,
                                        l.scalar(o.element, -1, o.rank),
                                        l.scalar(o.element, 0, o.rank));
    }
    return l.create<tosa::SelectOp>(o.type, tooFar, beyond, shifted);
  };
}

/// select(cond, a, b) from operands `cond`, `a`, `b`.
LowerOneFn where(unsigned cond, unsigned a, unsigned c) {
  return [=](Lowering &l) -> Value {
    Out o = out(l);
    Value p = l.operand(cond, l.b.getI1Type(), o.rank);
    Value x = l.operand(a, o.element, o.rank);
    Value y = l.operand(c, o.element, o.rank);
    if (!p || !x || !y)
      return {};
    return l.create<tosa::SelectOp>(o.type, p, x, y);
  };
}

/// tosa.clamp between two constants (nullopt: unbounded on that side).
Value clampTo(Lowering &l, Value x, std::optional<double> lo,
              std::optional<double> hi) {
  auto type = cast<RankedTensorType>(x.getType());
  Type element = type.getElementType();
  if (isFloat(element)) {
    double inf = std::numeric_limits<double>::infinity();
    // TOSA's attributes are f32 whatever the operand.
    return l.create<tosa::ClampOp>(
        type, x, l.b.getI64IntegerAttr(std::numeric_limits<int64_t>::min()),
        l.b.getI64IntegerAttr(std::numeric_limits<int64_t>::max()),
        l.b.getF32FloatAttr(lo.value_or(-inf)),
        l.b.getF32FloatAttr(hi.value_or(inf)));
  }
  unsigned width = element.getIntOrFloatBitWidth();
  if (width == 1)
    return l.fail("clamp of bools");
  int64_t min = APInt::getSignedMinValue(width).getSExtValue();
  int64_t max = APInt::getSignedMaxValue(width).getSExtValue();
  int64_t loInt = lo ? static_cast<int64_t>(std::ceil(*lo)) : min;
  int64_t hiInt = hi ? static_cast<int64_t>(std::floor(*hi)) : max;
  return l.create<tosa::ClampOp>(
      type, x, l.b.getI64IntegerAttr(loInt), l.b.getI64IntegerAttr(hiInt),
      l.b.getF32FloatAttr(loInt), l.b.getF32FloatAttr(hiInt));
}

/// clamp-like ops: operand 0 between constants `lo` and `hi` (indices; -1
/// for none), or between tensors with maximum/minimum.
LowerOneFn clamp(int lo, int hi) {
  return [=](Lowering &l) -> Value {
    Out o = out(l);
    Value x = l.operand(0, o.element, o.rank);
    if (!x)
      return {};
    std::optional<double> loValue, hiValue;
    Value loTensor, hiTensor;
    if (lo >= 0 && !l.none(lo)) {
      if (!(loValue = l.constNumber(lo)) &&
          !(loTensor = l.operand(lo, o.element, o.rank)))
        return l.fail("clamp bound is not a constant");
    }
    if (hi >= 0 && !l.none(hi)) {
      if (!(hiValue = l.constNumber(hi)) &&
          !(hiTensor = l.operand(hi, o.element, o.rank)))
        return l.fail("clamp bound is not a constant");
    }
    if (loTensor)
      x = l.create<tosa::MaximumOp>(o.type, x, loTensor);
    if (hiTensor)
      x = l.create<tosa::MinimumOp>(o.type, x, hiTensor);
    if (loValue || hiValue)
      x = clampTo(l, x, loValue, hiValue);
    return x;
  };
}

/// A cast to the result's element type (operand 0).
Value castToResult(Lowering &l) {
  Out o = out(l);
  Value x = l.in(0);
  if (!x)
    return l.fail("not a tensor");
  return l.convertTo(x, o.element);
}

/// The operand itself (clone, detach, contiguous, dropout in inference...).
Value identity(Lowering &l) {
  Value x = l.in(0);
  if (!x || x.getType() != l.type())
    return l.fail("not the result's type");
  return x;
}

/// A constant filled with operand `value`'s constant (or `fixed`).
LowerOneFn fill(int value, double fixed = 0) {
  return [=](Lowering &l) -> Value {
    Out o = out(l);
    if (!o.type.hasStaticShape())
      return l.fail("sizes known only at run time");
    double v = fixed;
    if (value >= 0) {
      std::optional<double> n = l.constNumber(value);
      std::optional<bool> flag = l.constBool(value);
      if (!n && !flag)
        return l.fail("fill value is not a constant");
      v = n ? *n : (*flag ? 1 : 0);
    }
    return l.splat(o.element, v, o.type.getShape());
  };
}

/// arange(start, end, step) with constant operands (indices; -1: default).
LowerOneFn arange(int start, int end, int step) {
  return [=](Lowering &l) -> Value {
    Out o = out(l);
    if (!o.type.hasStaticShape() || o.rank != 1)
      return l.fail("sizes known only at run time");
    std::optional<double> s = start >= 0 ? l.constNumber(start) : 0.0;
    std::optional<double> d = step >= 0 ? l.constNumber(step) : 1.0;
    if (!s || !d || !l.constNumber(end))
      return l.fail("arange bounds are not constants");
    SmallVector<double> values;
    for (int64_t i = 0; i < o.type.getDimSize(0); ++i)
      values.push_back(*s + *d * i);
    return l.constant(o.element, o.type.getShape(), values);
  };
}

/// PyTorch's gelu: x * (1 + erf(x / sqrt 2)) / 2, or its tanh approximation.
Value gelu(Lowering &l, Value x, Out &o) {
  std::optional<StringRef> approximate =
      Torch::constantString(l.op->getOperand(1));
  Value half = l.mul(x, scalarLike(l, x, 0.5));
  Value inner;
  if (approximate && *approximate == "tanh") {
    Value cube = l.mul(l.mul(x, x), x);
    Value sum = l.create<tosa::AddOp>(o.type, x,
                                      l.mul(cube, scalarLike(l, x, 0.044715)));
    inner = l.same<tosa::TanhOp>(
        l.mul(sum, scalarLike(l, x, std::sqrt(2.0 / M_PI))));
  } else if (!approximate || *approximate == "none") {
    inner = l.same<tosa::ErfOp>(l.mul(x, scalarLike(l, x, M_SQRT1_2)));
  } else {
    return l.fail("unknown gelu approximation");
  }
  return l.mul(half, l.create<tosa::AddOp>(o.type, inner, scalarLike(l, x, 1)));
}

/// x ** e for a constant exponent: products for small integer ones, else
/// tosa.pow (floats, a base >= 0).
Value powScalar(Lowering &l, Value x, double e, Out &o) {
  if (e == 0)
    return l.splat(o.element, 1, o.type.getShape());
  if (e == 0.5 && isFloat(o.element))
    return sqrtOf(l, x);
  if (e == std::floor(e) && std::fabs(e) <= 8) {
    Value result = x;
    for (int i = 1; i < std::fabs(e); ++i)
      result = l.mul(result, x);
    if (e < 0) {
      if (!isFloat(o.element))
        return l.fail("negative integer power of integers");
      result = l.same<tosa::ReciprocalOp>(result);
    }
    return result;
  }
  if (!isFloat(o.element))
    return l.fail("power of integers");
  return l.create<tosa::PowOp>(o.type, x, scalarLike(l, x, e));
}

Value lowerPow(Lowering &l) {
  Out o = out(l);
  if (std::optional<double> e = l.constNumber(1)) {
    Value x = l.operand(0, o.element, o.rank);
    if (!x)
      return {};
    return powScalar(l, x, *e, o);
  }
  if (!isFloat(o.element))
    return l.fail("power of integers");
  Value a = l.operand(0, o.element, o.rank),
        c = l.operand(1, o.element, o.rank);
  if (!a || !c)
    return {};
  return l.create<tosa::PowOp>(o.type, a, c);
}

/// x > 0 ? x : negative(x) (leaky_relu, elu).
Value positiveElse(Lowering &l, Value x, Out &o, Value negative) {
  Value positive =
      l.create<tosa::GreaterOp>(l.boolLike(x), x, scalarLike(l, x, 0));
  return l.create<tosa::SelectOp>(o.type, positive, x, negative);
}

/// maximum / minimum: bools computed as i32 (TOSA reads an i1 as signed).
template <typename TosaOp> LowerOneFn extreme() {
  return [](Lowering &l) -> Value {
    Out o = out(l);
    Type element = o.element.isInteger(1) ? l.b.getI32Type() : o.element;
    Value a = l.operand(0, element, o.rank);
    Value c = l.operand(1, element, o.rank);
    if (!a || !c)
      return {};
    Value r = l.create<TosaOp>(
        RankedTensorType::get(o.type.getShape(), element), a, c);
    return l.convertTo(r, o.element);
  };
}

/// PyTorch's remainder (the divisor's sign; `floor`) or fmod (the dividend's
/// sign). Integers: truncDivide's remainder. Floats: a - q * b for the
/// quotient q = a * (1 / b) rounded, then corrected by one divisor where that
/// rounding crossed an integer.
LowerOneFn remainder(bool floor) {
  return [=](Lowering &l) -> Value {
    Out o = out(l);
    if (!isFloat(o.element)) {
      Type work = divisionType(l, o.element);
      Value a = l.operand(0, work, o.rank), c = l.operand(1, work, o.rank);
      if (!a || !c)
        return {};
      auto [q, r] = l.truncDivide(a, c);
      if (floor)
        r = l.floorFromTrunc(q, r, c).second;
      return l.convertTo(r, o.element);
    }
    Value a = l.operand(0, o.element, o.rank);
    Value c = l.operand(1, o.element, o.rank);
    if (!a || !c)
      return {};
    Value q = divide(l, a, c);
    q = floor ? l.same<tosa::FloorOp>(q) : l.truncate(q);
    Value r = l.create<tosa::SubOp>(o.type, a, l.mul(q, c));
    // The result's sign must be the divisor's (remainder) or the dividend's
    // (fmod), and its magnitude below the divisor's.
    Value zero = l.scalar(o.element, 0, o.rank);
    Value sign = floor ? c : a;
    auto isNeg = [&](Value v) {
      return l.create<tosa::GreaterOp>(l.boolLike(v), zero, v);
    };
    auto isPos = [&](Value v) {
      return l.create<tosa::GreaterOp>(l.boolLike(v), v, zero);
    };
    RankedTensorType bools =
        RankedTensorType::get(o.type.getShape(), l.b.getI1Type());
    Value absC = l.same<tosa::AbsOp>(c);
    // Wrong sign: move by |b| toward it.
    Value low = l.create<tosa::LogicalAndOp>(bools, isNeg(r), isPos(sign));
    Value high = l.create<tosa::LogicalAndOp>(bools, isPos(r), isNeg(sign));
    r = l.create<tosa::SelectOp>(o.type, low,
                                 l.create<tosa::AddOp>(o.type, r, absC), r);
    r = l.create<tosa::SelectOp>(o.type, high,
                                 l.create<tosa::SubOp>(o.type, r, absC), r);
    // A whole divisor too much: remove it.
    Value absR = l.same<tosa::AbsOp>(r);
    Value over = l.create<tosa::GreaterEqualOp>(bools, absR, absC);
    Value toward = l.create<tosa::SelectOp>(
        o.type, isNeg(r), l.create<tosa::AddOp>(o.type, r, absC),
        l.create<tosa::SubOp>(o.type, r, absC));
    return l.create<tosa::SelectOp>(o.type, over, toward, r);
  };
}

/// Round half to even: floor(x + 1/2), less one where x + 1/2 was an odd
/// whole number (a tie rounded up to an odd one).
Value roundEven(Lowering &l, Value x, Out &o) {
  Value half = scalarLike(l, x, 0.5);
  Value up = l.create<tosa::AddOp>(o.type, x, half);
  Value r = l.same<tosa::FloorOp>(up);
  Value tie = l.create<tosa::EqualOp>(l.boolLike(x), r, up);
  // r is odd where r - 2 * floor(r / 2) is 1.
  Value halfR = l.same<tosa::FloorOp>(l.mul(r, half));
  Value odd =
      l.create<tosa::SubOp>(o.type, r, l.mul(halfR, scalarLike(l, x, 2)));
  Value isOdd =
      l.create<tosa::EqualOp>(l.boolLike(x), odd, scalarLike(l, x, 1));
  Value adjust = l.create<tosa::LogicalAndOp>(l.boolLike(x), tie, isOdd);
  return l.create<tosa::SelectOp>(
      o.type, adjust, l.create<tosa::SubOp>(o.type, r, scalarLike(l, x, 1)), r);
}

/// atan(x): for |x| > 1, pi/2 - atan(1/|x|); below, a = |x| reduced by
/// atan(a) = pi/4 + atan((a - 1) / (a + 1)) where a > tan(pi/8), then an odd
/// polynomial (Taylor to x^15 on |t| <= tan(pi/8): error below 2e-8); the
/// sign put back.
Value atanOf(Lowering &l, Value x, RankedTensorType type) {
  auto bools = RankedTensorType::get(type.getShape(), l.b.getI1Type());
  auto k = [&](double v) { return scalarLike(l, x, v); };
  Value a = l.same<tosa::AbsOp>(x);
  Value big = l.create<tosa::GreaterOp>(bools, a, k(1));
  Value inv =
      l.same<tosa::ReciprocalOp>(l.create<tosa::SelectOp>(type, big, a, k(1)));
  Value u = l.create<tosa::SelectOp>(type, big, inv, a); // in [0, 1]
  Value mid = l.create<tosa::GreaterOp>(bools, u, k(0.41421356237309503));
  Value shifted = divide(l, l.create<tosa::SubOp>(type, u, k(1)),
                         l.create<tosa::AddOp>(type, u, k(1)));
  Value t = l.create<tosa::SelectOp>(type, mid, shifted, u);
  Value t2 = l.mul(t, t);
  Value poly = k(-1.0 / 15);
  for (int n = 13; n >= 1; n -= 2)
    poly = l.create<tosa::AddOp>(type, l.mul(poly, t2),
                                 k((n % 4 == 1 ? 1.0 : -1.0) / n));
  Value r = l.mul(poly, t);
  r = l.create<tosa::SelectOp>(type, mid,
                               l.create<tosa::AddOp>(type, r, k(M_PI_4)), r);
  r = l.create<tosa::SelectOp>(type, big,
                               l.create<tosa::SubOp>(type, k(M_PI_2), r), r);
  Value negative = l.create<tosa::GreaterOp>(bools, k(0), x);
  return l.create<tosa::SelectOp>(type, negative, l.same<tosa::NegateOp>(r), r);
}

/// asin(x) = atan(x / sqrt(1 - x^2)) (|x| = 1: +-pi/2; beyond: NaN).
Value asinOf(Lowering &l, Value x, RankedTensorType type) {
  Value one = scalarLike(l, x, 1);
  Value root = sqrtOf(l, l.create<tosa::SubOp>(type, one, l.mul(x, x)));
  return atanOf(l, divide(l, x, root), type);
}

/// (e^x + sign * e^-x) / 2.
Value hyperbolic(Lowering &l, Value x, Out &o, double sign) {
  Value ex = l.same<tosa::ExpOp>(x);
  Value emx = l.same<tosa::ExpOp>(l.same<tosa::NegateOp>(x));
  Value sum = sign > 0 ? l.create<tosa::AddOp>(o.type, ex, emx)
                       : l.create<tosa::SubOp>(o.type, ex, emx);
  return l.mul(sum, scalarLike(l, x, 0.5));
}

} // namespace

/// Integer division rounding toward zero, exact: {q, r} with a = q * c + r,
/// r of a's sign (or zero) and |r| < |c|. a and c have one rank and one
/// element type, i32 or i64. TOSA divides only i32 (int_div). An i64
/// quotient is estimated in f32 three times, each time from what the last
/// left over (each round gains about 21 bits of the quotient), then stepped
/// by one exactly (twice) until the remainder is in range.
std::pair<Value, Value> Lowering::truncDivide(Value a, Value c) {
  Lowering &l = *this;
  RankedTensorType type = l.broadcastType(a, c);
  Type element = type.getElementType();
  int64_t rank = type.getRank();
  auto remainderOf = [&](Value q) {
    return l.create<tosa::SubOp>(type, a, l.mul(q, c));
  };
  if (element.isInteger(32)) {
    // A zero divisor (an error in PyTorch) must not trap here: it divides
    // by one instead.
    Value zero = l.scalar(element, 0, rank);
    Value safe = l.create<tosa::SelectOp>(
        c.getType(), l.create<tosa::EqualOp>(l.boolLike(c), c, zero),
        l.scalar(element, 1, rank), c);
    Value q = l.create<tosa::IntDivOp>(type, a, safe);
    return {q, remainderOf(q)};
  }
  auto toF32 = [&](Value v) {
    auto shape = cast<RankedTensorType>(v.getType()).getShape();
    return l.create<tosa::CastOp>(
        RankedTensorType::get(shape, l.b.getF32Type()), v);
  };
  Value reciprocal = l.same<tosa::ReciprocalOp>(toF32(c));
  auto estimate = [&](Value dividend) {
    return l.wholeFloatToI64(l.truncate(l.mul(toF32(dividend), reciprocal)));
  };
  Value q = estimate(a);
  Value r = remainderOf(q);
  for (int round = 0; round < 2; ++round) {
    q = l.create<tosa::AddOp>(type, q, estimate(r));
    r = remainderOf(q);
  }
  Value zero = l.scalar(element, 0, rank);
  auto signOf = [&](Value v) {
    Value negative = l.create<tosa::GreaterOp>(l.boolLike(v), zero, v);
    return l.create<tosa::SelectOp>(v.getType(), negative,
                                    l.scalar(element, -1, rank),
                                    l.scalar(element, 1, rank));
  };
  Value signA = signOf(a);
  // Stepping the quotient's magnitude by one moves q by sign(a) * sign(c).
  Value direction = l.mul(signA, signOf(c));
  Value absC = l.same<tosa::AbsOp>(c);
  RankedTensorType bools = l.boolLike(r);
  for (int round = 0; round < 2; ++round) {
    // r * sign(a) belongs in [0, |c|).
    Value t = l.mul(r, signA);
    Value up = l.create<tosa::GreaterEqualOp>(bools, t, absC);
    Value down = l.create<tosa::GreaterOp>(bools, zero, t);
    Value step = l.create<tosa::SelectOp>(
        type, up, l.scalar(element, 1, rank),
        l.create<tosa::SelectOp>(type, down, l.scalar(element, -1, rank),
                                 zero));
    q = l.create<tosa::AddOp>(type, q, l.mul(step, direction));
    r = remainderOf(q);
  }
  return {q, r};
}

/// {q, r} of truncDivide made floor division's: one less where the
/// remainder is not zero and its sign differs from the divisor's.
std::pair<Value, Value> Lowering::floorFromTrunc(Value q, Value r, Value c) {
  Lowering &l = *this;
  auto type = cast<RankedTensorType>(q.getType());
  Value zero = l.scalar(type.getElementType(), 0, type.getRank());
  RankedTensorType bools = l.boolLike(r);
  Value signs = l.create<tosa::LogicalXorOp>(
      bools, l.create<tosa::GreaterOp>(bools, zero, r),
      l.create<tosa::GreaterOp>(l.boolLike(c), zero, c));
  Value nonzero = l.create<tosa::LogicalNotOp>(
      bools, l.create<tosa::EqualOp>(bools, r, zero));
  Value adjust = l.create<tosa::LogicalAndOp>(bools, signs, nonzero);
  q = l.create<tosa::SelectOp>(
      type, adjust,
      l.create<tosa::SubOp>(type, q,
                            l.scalar(type.getElementType(), 1, type.getRank())),
      q);
  r = l.create<tosa::SelectOp>(type, adjust, l.create<tosa::AddOp>(type, r, c),
                               r);
  return {q, r};
}

void addElementwise(Lowerings &l) {
  // Unary.
  l.add("aten.abs", unary<tosa::AbsOp>());
  l.add("aten.neg", unary<tosa::NegateOp>());
  l.add("aten.exp", floatUnary<tosa::ExpOp>());
  l.add("aten.log", floatUnary<tosa::LogOp>());
  l.add("aten.tanh", floatUnary<tosa::TanhOp>());
  l.add("aten.sigmoid", floatUnary<tosa::SigmoidOp>());
  l.add("aten.reciprocal", floatUnary<tosa::ReciprocalOp>());
  l.add("aten.rsqrt", floatUnary<tosa::RsqrtOp>());
  l.add("aten.erf", floatUnary<tosa::ErfOp>());
  l.add("aten.sin", floatUnary<tosa::SinOp>());
  l.add("aten.cos", floatUnary<tosa::CosOp>());
  for (StringRef name : {"aten.floor", "aten.ceil"}) {
    bool floor = name == "aten.floor";
    l.add(name, [floor](Lowering &l) -> Value {
      Out o = out(l);
      Value x = l.operand(0, o.element, o.rank);
      if (!x || !isFloat(o.element))
        return x; // integers are their own floor
      if (floor)
        return l.same<tosa::FloorOp>(x);
      return l.same<tosa::CeilOp>(x);
    });
  }
  l.add("aten.trunc", composedFloat([](Lowering &l, Value x, Out &) {
          return l.truncate(x);
        }));
  l.add("aten.sqrt", composedFloat([](Lowering &l, Value x, Out &) {
          return sqrtOf(l, x);
        }));
  l.add("aten.log2", composedFloat([](Lowering &l, Value x, Out &) {
          return l.mul(l.same<tosa::LogOp>(x), scalarLike(l, x, 1 / M_LN2));
        }));
  l.add("aten.log10", composedFloat([](Lowering &l, Value x, Out &) {
          return l.mul(l.same<tosa::LogOp>(x), scalarLike(l, x, 1 / M_LN10));
        }));
  l.add("aten.log1p", composedFloat([](Lowering &l, Value x, Out &o) {
          return l.same<tosa::LogOp>(
              l.create<tosa::AddOp>(o.type, x, scalarLike(l, x, 1)));
        }));
  l.add("aten.expm1", composedFloat([](Lowering &l, Value x, Out &o) {
          return l.create<tosa::SubOp>(o.type, l.same<tosa::ExpOp>(x),
                                       scalarLike(l, x, 1));
        }));
  l.add("aten.tan", composedFloat([](Lowering &l, Value x, Out &) {
          return divide(l, l.same<tosa::SinOp>(x), l.same<tosa::CosOp>(x));
        }));
  l.add("aten.round", [](Lowering &l) -> Value {
    Out o = out(l);
    Value x = l.operand(0, o.element, o.rank);
    if (!x || !isFloat(o.element))
      return x; // integers are whole already
    return roundEven(l, x, o);
  });
  l.add("aten.exp2", composedFloat([](Lowering &l, Value x, Out &) {
          return l.same<tosa::ExpOp>(l.mul(x, scalarLike(l, x, M_LN2)));
        }));
  l.add("aten.sinh", composedFloat([](Lowering &l, Value x, Out &o) {
          return hyperbolic(l, x, o, -1);
        }));
  l.add("aten.cosh", composedFloat([](Lowering &l, Value x, Out &o) {
          return hyperbolic(l, x, o, 1);
        }));
  l.add("aten.asinh", composedFloat([](Lowering &l, Value x, Out &o) {
          // log(x + sqrt(x^2 + 1)), odd: computed on |x|, the sign put back.
          Value ax = l.same<tosa::AbsOp>(x);
          Value root = sqrtOf(l, l.create<tosa::AddOp>(o.type, l.mul(ax, ax),
                                                       scalarLike(l, x, 1)));
          Value r =
              l.same<tosa::LogOp>(l.create<tosa::AddOp>(o.type, ax, root));
          Value negative =
              l.create<tosa::GreaterOp>(l.boolLike(x), scalarLike(l, x, 0), x);
          return l.create<tosa::SelectOp>(o.type, negative,
                                          l.same<tosa::NegateOp>(r), r);
        }));
  l.add("aten.acosh", composedFloat([](Lowering &l, Value x, Out &o) {
          Value root = sqrtOf(l, l.create<tosa::SubOp>(o.type, l.mul(x, x),
                                                       scalarLike(l, x, 1)));
          return l.same<tosa::LogOp>(l.create<tosa::AddOp>(o.type, x, root));
        }));
  l.add("aten.atanh", composedFloat([](Lowering &l, Value x, Out &o) {
          Value one = scalarLike(l, x, 1);
          Value ratio = divide(l, l.create<tosa::AddOp>(o.type, one, x),
                               l.create<tosa::SubOp>(o.type, one, x));
          return l.mul(l.same<tosa::LogOp>(ratio), scalarLike(l, x, 0.5));
        }));
  l.add("aten.atan", composedFloat([](Lowering &l, Value x, Out &o) {
          return atanOf(l, x, o.type);
        }));
  l.add("aten.asin", composedFloat([](Lowering &l, Value x, Out &o) {
          return asinOf(l, x, o.type);
        }));
  l.add("aten.acos", composedFloat([](Lowering &l, Value x, Out &o) {
          return l.create<tosa::SubOp>(o.type, scalarLike(l, x, M_PI_2),
                                       asinOf(l, x, o.type));
        }));
  l.add("aten.atan2", [](Lowering &l) -> Value {
    // atan(y / x), moved by pi into the left half plane; x = 0: +-pi/2.
    Out o = out(l);
    if (!isFloat(o.element))
      return l.fail("not a float result");
    Value y = l.operand(0, o.element, o.rank),
          x = l.operand(1, o.element, o.rank);
    if (!y || !x)
      return {};
    Value zero = l.scalar(o.element, 0, o.rank);
    Value r = atanOf(l, divide(l, y, x), o.type);
    Value left = l.create<tosa::GreaterOp>(l.boolLike(x), zero, x);
    Value below = l.create<tosa::GreaterOp>(l.boolLike(y), zero, y);
    Value pi = l.create<tosa::SelectOp>(o.type, below,
                                        l.scalar(o.element, -M_PI, o.rank),
                                        l.scalar(o.element, M_PI, o.rank));
    r = l.create<tosa::SelectOp>(o.type, left,
                                 l.create<tosa::AddOp>(o.type, r, pi), r);
    Value onAxis = l.create<tosa::EqualOp>(l.boolLike(x), x, zero);
    Value half = l.create<tosa::SelectOp>(o.type, below,
                                          l.scalar(o.element, -M_PI_2, o.rank),
                                          l.scalar(o.element, M_PI_2, o.rank));
    Value origin = l.create<tosa::EqualOp>(l.boolLike(y), y, zero);
    half = l.create<tosa::SelectOp>(o.type, origin, zero, half);
    return l.create<tosa::SelectOp>(o.type, onAxis, half, r);
  });
  l.add("aten.silu", composedFloat([](Lowering &l, Value x, Out &) {
          return l.mul(x, l.same<tosa::SigmoidOp>(x));
        }));
  l.add("aten.gelu", composedFloat(gelu));
  l.add("aten.relu", [](Lowering &l) -> Value {
    Out o = out(l);
    Value x = l.operand(0, o.element, o.rank);
    if (!x)
      return {};
    return clampTo(l, x, 0.0, std::nullopt);
  });
  l.add("aten.leaky_relu", composedFloat([](Lowering &l, Value x, Out &o) {
          std::optional<double> slope = l.constNumber(1);
          if (!slope)
            return l.fail("slope is not a constant");
          return positiveElse(l, x, o, l.mul(x, scalarLike(l, x, *slope)));
        }));
  l.add("aten.elu", composedFloat([](Lowering &l, Value x, Out &o) {
          std::optional<double> alpha = l.constNumber(1),
                                scale = l.constNumber(2),
                                inputScale = l.constNumber(3);
          if (!alpha || !scale || !inputScale)
            return l.fail("elu's parameters are not constants");
          Value em1 = l.create<tosa::SubOp>(
              o.type,
              l.same<tosa::ExpOp>(l.mul(x, scalarLike(l, x, *inputScale))),
              scalarLike(l, x, 1));
          Value r = positiveElse(l, x, o, l.mul(em1, scalarLike(l, x, *alpha)));
          return *scale == 1 ? r : l.mul(r, scalarLike(l, x, *scale));
        }));
  l.add("aten.sign", [](Lowering &l) -> Value {
    Out o = out(l);
    Value x = l.operand(0, o.element, o.rank);
    if (!x || o.element.isInteger(1))
      return x;
    Value zero = scalarLike(l, x, 0);
    Value up = l.convertTo(l.create<tosa::GreaterOp>(l.boolLike(x), x, zero),
                           o.element);
    Value down = l.convertTo(l.create<tosa::GreaterOp>(l.boolLike(x), zero, x),
                             o.element);
    return l.create<tosa::SubOp>(o.type, up, down);
  });
  l.add("aten.isnan", [](Lowering &l) -> Value {
    Value x = l.in(0);
    if (!x)
      return {};
    if (!isFloat(cast<RankedTensorType>(x.getType()).getElementType()))
      return l.splat(l.b.getI1Type(), 0, l.type().getShape());
    return l.create<tosa::LogicalNotOp>(
        l.type(), l.create<tosa::EqualOp>(l.boolLike(x), x, x));
  });
  l.add("aten.bitwise_not", [](Lowering &l) -> Value {
    Out o = out(l);
    Value x = l.operand(0, o.element, o.rank);
    if (!x)
      return {};
    if (o.element.isInteger(1))
      return l.create<tosa::LogicalNotOp>(o.type, x);
    return l.create<tosa::BitwiseNotOp>(o.type, x);
  });
  l.add("aten.logical_not", [](Lowering &l) -> Value {
    Out o = out(l);
    Value x = l.operand(0, l.b.getI1Type(), o.rank);
    if (!x)
      return {};
    return l.convertTo(l.create<tosa::LogicalNotOp>(l.boolLike(x), x),
                       o.element);
  });
  l.add("aten.hardtanh", clamp(1, 2));
  l.add("aten.clamp", clamp(1, 2));
  l.add("aten.clamp.Tensor", clamp(1, 2));
  l.add("aten.clamp_min", clamp(1, -1));
  l.add("aten.clamp_min.Tensor", clamp(1, -1));
  l.add("aten.clamp_max", clamp(-1, 1));
  l.add("aten.clamp_max.Tensor", clamp(-1, 1));

  // Binary.
  l.add("aten.add.Tensor", addSub(false, false, 2));
  l.add("aten.add.Scalar", addSub(false, false, 2));
  l.add("aten.sub.Tensor", addSub(true, false, 2));
  l.add("aten.sub.Scalar", addSub(true, false, 2));
  l.add("aten.rsub.Scalar", addSub(true, true, 2));
  l.add("aten.mul.Tensor", binary<tosa::MulOp>());
  l.add("aten.mul.Scalar", binary<tosa::MulOp>());
  l.add("aten.div.Tensor", div(false));
  l.add("aten.div.Scalar", div(false));
  l.add("aten.div.Tensor_mode", div(true));
  l.add("aten.div.Scalar_mode", div(true));
  l.add("aten.maximum", extreme<tosa::MaximumOp>());
  l.add("aten.minimum", extreme<tosa::MinimumOp>());
  l.add("aten.remainder.Tensor", remainder(true));
  l.add("aten.remainder.Scalar", remainder(true));
  l.add("aten.fmod.Tensor", remainder(false));
  l.add("aten.fmod.Scalar", remainder(false));
  l.add("aten.pow.Tensor_Scalar", lowerPow);
  l.add("aten.pow.Tensor_Tensor", lowerPow);
  l.add("aten.pow.Scalar", lowerPow);
  l.add("aten.eq.Tensor", compare<tosa::EqualOp>(false));
  l.add("aten.eq.Scalar", compare<tosa::EqualOp>(false));
  l.add("aten.ne.Tensor", compare<tosa::EqualOp>(false, true));
  l.add("aten.ne.Scalar", compare<tosa::EqualOp>(false, true));
  l.add("aten.gt.Tensor", compare<tosa::GreaterOp>(false));
  l.add("aten.gt.Scalar", compare<tosa::GreaterOp>(false));
  l.add("aten.ge.Tensor", compare<tosa::GreaterEqualOp>(false));
  l.add("aten.ge.Scalar", compare<tosa::GreaterEqualOp>(false));
  l.add("aten.lt.Tensor", compare<tosa::GreaterOp>(true));
  l.add("aten.lt.Scalar", compare<tosa::GreaterOp>(true));
  l.add("aten.le.Tensor", compare<tosa::GreaterEqualOp>(true));
  l.add("aten.le.Scalar", compare<tosa::GreaterEqualOp>(true));
  l.add("aten.logical_and", logical<tosa::LogicalAndOp>());
  l.add("aten.logical_or", logical<tosa::LogicalOrOp>());
  l.add("aten.logical_xor", logical<tosa::LogicalXorOp>());
  l.add("aten.bitwise_and.Tensor",
        bitwise<tosa::BitwiseAndOp, tosa::LogicalAndOp>());
  l.add("aten.bitwise_and.Scalar",
        bitwise<tosa::BitwiseAndOp, tosa::LogicalAndOp>());
  l.add("aten.bitwise_or.Tensor",
        bitwise<tosa::BitwiseOrOp, tosa::LogicalOrOp>());
  l.add("aten.bitwise_xor.Tensor",
        bitwise<tosa::BitwiseXorOp, tosa::LogicalXorOp>());
  for (StringRef name :
       {"aten.bitwise_left_shift.Tensor",
        "aten.bitwise_left_shift.Tensor_Scalar", "aten.__lshift__.Scalar"})
    l.add(name, shift(true));
  for (StringRef name :
       {"aten.bitwise_right_shift.Tensor",
        "aten.bitwise_right_shift.Tensor_Scalar", "aten.__rshift__.Scalar"})
    l.add(name, shift(false));
  l.add("aten.where.self", where(0, 1, 2));
  l.add("aten.where.ScalarSelf", where(0, 1, 2));
  l.add("aten.where.ScalarOther", where(0, 1, 2));
  l.add("aten.where.Scalar", where(0, 1, 2));
  l.add("aten.masked_fill.Scalar", where(1, 2, 0));
  l.add("aten.masked_fill.Tensor", where(1, 2, 0));

  // Casts and copies.
  for (StringRef name : {"aten.to.dtype", "aten._to_copy", "aten.type_as",
                         "aten.to.dtype_layout", "aten.to.other"})
    l.add(name, castToResult);
  for (StringRef name : {"aten.clone", "aten.contiguous", "aten.detach",
                         "aten.alias", "aten.lift_fresh_copy"})
    l.add(name, identity);
  l.add("aten.dropout", [](Lowering &l) -> Value {
    std::optional<bool> train = l.constBool(2);
    std::optional<double> p = l.constNumber(1);
    if (!(train && !*train) && !(p && *p == 0))
      return l.fail("dropout in training");
    return identity(l);
  });

  // Constants.
  for (StringRef name : {"aten.zeros", "aten.zeros_like", "aten.new_zeros",
                         "aten.empty.memory_format", "aten.empty_like",
                         "aten.new_empty", "aten.empty_permuted"})
    l.add(name, fill(-1, 0));
  for (StringRef name : {"aten.ones", "aten.ones_like", "aten.new_ones"})
    l.add(name, fill(-1, 1));
  l.add("aten.full", fill(1));
  l.add("aten.full_like", fill(1));
  l.add("aten.new_full", fill(2));
  l.add("aten.fill.Scalar", fill(1));
  l.add("aten.scalar_tensor", fill(0));
  l.add("prim.NumToTensor.Scalar", fill(0));
  l.add("aten.arange", arange(-1, 0, -1));
  l.add("aten.arange.start", arange(0, 1, -1));
  l.add("aten.arange.start_step", arange(0, 1, 2));
}

} // namespace mlir::torch::torch_to_tosa
