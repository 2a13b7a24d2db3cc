//===- Quantized.cpp - ONNX's integer and quantized products --------------===//
//
// MatMulInteger, QLinearMatMul, ConvInteger, QLinearConv. The integers less
// their zero points are multiplied exactly in f64 (sums of 8-bit products
// stay exact far past any real K), then taken to int32 (MatMulInteger,
// ConvInteger) or requantized as ONNX's reference does it (QLinearMatMul,
// QLinearConv). QuantizeLinear and DequantizeLinear are elementwise
// (Elementwise.cpp).
//
//===----------------------------------------------------------------------===//

#include "Linear.h"

#include <cmath>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

/// A per-channel parameter (1-D, one per output channel of a weight of
/// `rank`) shaped [C, 1, ...] to broadcast against the weight's dims.
Value perOutputChannel(OnnxNode &n, Value p, int64_t rank) {
  auto t = cast<ValueTensorType>(p.getType());
  if (t.getSizes().size() != 1 || rank < 2)
    return p;
  SmallVector<int64_t> sizes = {t.getSizes()[0]};
  sizes.append(rank - 1, 1);
  return n.create<AtenReshapeOp>(n.tensorType(sizes, t.getDtype()), p,
                                 n.intList(sizes));
}

/// Integer tensor `q` as f64, less its zero point `zp` (if given), which
/// broadcasts as numpy's would.
Value lessZeroPoint(OnnxNode &n, Value q, Value zp) {
  auto t = cast<ValueTensorType>(q.getType());
  Type f64 = n.b.getF64Type();
  Value x = n.convert(q, f64);
  if (!zp)
    return x;
  return n.create<AtenSubTensorOp>(n.tensorType(t.getSizes(), f64), x,
                                   n.convert(zp, f64), n.constInt(1));
}

/// ONNX's requantization of an exact product `acc` (f64): times
/// a_scale * b_scale / y_scale, each step rounded to the scales' dtype (as
/// numpy computes it), plus y's zero point, rounded half to even, clamped to
/// `dtype`'s range. `channelShaped` shapes a per-channel scale to
/// broadcast against `acc`.
Value requantize(OnnxNode &n, Value acc, Value aScale, Value bScale,
                 Value yScale, Value yZp, IntegerType dtype,
                 function_ref<Value(Value)> channelShaped) {
  auto accType = cast<ValueTensorType>(acc.getType());
  Type f32 = n.b.getF32Type(), f64 = n.b.getF64Type();
  Type scaleDtype = cast<ValueTensorType>(aScale.getType()).getDtype();
  auto step = [&](Value x, Value y, bool divide) -> Value {
    auto xt = cast<ValueTensorType>(x.getType());
    auto yt = cast<ValueTensorType>(y.getType());
    ValueTensorType t =
        n.tensorType(broadcastSizes(xt.getSizes(), yt.getSizes()), f32);
    Value xf = n.convert(x, f32), yf = n.convert(y, f32);
    Value r = divide ? n.create<AtenDivTensorOp>(t, xf, yf)
                     : n.create<AtenMulTensorOp>(t, xf, yf);
    return n.convert(r, scaleDtype);
  };
  Value multiplier = step(step(aScale, bScale, false), yScale, true);
  multiplier = channelShaped(n.convert(multiplier, f64));
  ValueTensorType work = n.tensorType(accType.getSizes(), f64);
  Value y = n.create<AtenMulTensorOp>(work, acc, multiplier);
  if (yZp)
    y = n.create<AtenAddTensorOp>(work, y, n.convert(yZp, f64), n.constInt(1));
  y = n.create<AtenRoundOp>(work, y);
  unsigned width = dtype.getWidth();
  double lo = dtype.isUnsigned() ? 0.0 : -std::ldexp(1.0, width - 1);
  double hi = dtype.isUnsigned() ? std::ldexp(1.0, width) - 1
                                 : std::ldexp(1.0, width - 1) - 1;
  y = n.create<AtenClampOp>(work, y, n.constFloat(lo), n.constFloat(hi));
  return n.convert(y, dtype);
}

/// The operands at `indices` have known types; operand `i`'s dtype is an
/// integer of at most 32 bits.
bool quantizedOperands(OnnxNode &n, ArrayRef<unsigned> indices,
                       ArrayRef<unsigned> integers) {
  for (unsigned i : indices)
    if (n.operand(i) && !n.operandType(i))
      return false;
  for (unsigned i : integers) {
    if (!n.operand(i))
      continue;
    auto t = dyn_cast<IntegerType>(n.operandType(i).getDtype());
    if (!t || t.getWidth() > 32 || t.getWidth() == 1)
      return false;
  }
  return true;
}

/// numpy.matmul of operands `a` and `b` less their zero points (operands
/// `aZp`, `bZp`, if given), exact in f64, into `out`'s sizes; null after
/// reporting why.
Value integerProduct(OnnxNode &n, unsigned a, unsigned aZp, unsigned b,
                     unsigned bZp, ValueTensorType out) {
  return matmulOf(n, lessZeroPoint(n, n.operand(a), n.operand(aZp)),
                  lessZeroPoint(n, n.operand(b), n.operand(bZp)),
                  out.getSizes(), n.b.getF64Type());
}

/// MatMulInteger (opset 10): A and B less their zero points, multiplied, as
/// int32.
LogicalResult matmulInteger(OnnxNode &n) {
  ValueTensorType out = n.resultType();
  if (!out || !n.operand(0) || !n.operand(1) ||
      !quantizedOperands(n, {0, 1, 2, 3}, {0, 1, 2, 3}))
    return n.fail("A, B and the zero points must be integer tensors of known "
                  "rank");
  Value product = integerProduct(n, 0, 2, 1, 3, out);
  if (!product)
    return failure();
  return n.replace(n.convert(product, out.getDtype()));
}

/// QLinearMatMul (opset 10): a, a_scale, a_zero_point, b, b_scale,
/// b_zero_point, y_scale, y_zero_point.
LogicalResult qlinearMatmul(OnnxNode &n) {
  ValueTensorType out = n.resultType();
  auto dtype = out ? dyn_cast<IntegerType>(out.getDtype()) : nullptr;
  if (!dtype || !n.operand(0) || !n.operand(3) || !n.operand(1) ||
      !n.operand(4) || !n.operand(6) ||
      !quantizedOperands(n, {0, 1, 2, 3, 4, 5, 6, 7}, {0, 2, 3, 5, 7}))
    return n.fail("a, b, the scales and zero points must be tensors of known "
                  "rank, a, b and y integers");
  Value product = integerProduct(n, 0, 2, 3, 5, out);
  if (!product)
    return failure();
  return n.replace(requantize(n, product, n.operand(1), n.operand(4),
                              n.operand(6), n.operand(7), dtype,
                              [](Value v) { return v; }));
}

/// ConvInteger (opset 10): X and W less their zero points (W's per output
/// channel, or one), convolved, as int32.
LogicalResult convInteger(OnnxNode &n) {
  ValueTensorType out = n.resultType(), weight = n.operandType(1);
  if (!out || !n.operand(0) || !weight ||
      !quantizedOperands(n, {0, 1, 2, 3}, {0, 1, 2, 3}))
    return n.fail("X, W and the zero points must be integer tensors of known "
                  "rank");
  int64_t rank = weight.getSizes().size();
  Value wZp = n.operand(3) ? perOutputChannel(n, n.operand(3), rank) : Value();
  Value y = convolve(n, lessZeroPoint(n, n.operand(0), n.operand(2)),
                     lessZeroPoint(n, n.operand(1), wZp), Value(), out,
                     n.b.getF64Type());
  if (!y)
    return failure();
  return n.replace(n.convert(y, out.getDtype()));
}

/// QLinearConv (opset 10): x, x_scale, x_zero_point, w, w_scale,
/// w_zero_point, y_scale, y_zero_point, B (int32). w's scale and zero point
/// may be per output channel.
LogicalResult qlinearConv(OnnxNode &n) {
  ValueTensorType out = n.resultType(), weight = n.operandType(3);
  auto dtype = out ? dyn_cast<IntegerType>(out.getDtype()) : nullptr;
  if (!dtype || !n.operand(0) || !weight || !n.operand(1) || !n.operand(4) ||
      !n.operand(6) ||
      !quantizedOperands(n, {0, 1, 2, 3, 4, 5, 6, 7, 8}, {0, 2, 3, 5, 7, 8}))
    return n.fail("x, w, the scales, zero points and B must be tensors of "
                  "known rank, x, w, y and B integers");
  int64_t rank = weight.getSizes().size();
  Value wZp = n.operand(5) ? perOutputChannel(n, n.operand(5), rank) : Value();
  Type f64 = n.b.getF64Type();
  Value bias = n.operand(8) ? n.convert(n.operand(8), f64) : Value();
  Value y = convolve(n, lessZeroPoint(n, n.operand(0), n.operand(2)),
                     lessZeroPoint(n, n.operand(3), wZp), bias, out, f64);
  if (!y)
    return failure();
  // A per-channel multiplier [C] goes along the result's dim 1.
  auto channelShaped = [&](Value m) -> Value {
    auto t = cast<ValueTensorType>(m.getType());
    if (t.getSizes().size() != 1 || t.getSizes()[0] == 1)
      return m;
    SmallVector<int64_t> sizes = {t.getSizes()[0]};
    sizes.append(rank - 2, 1);
    return n.create<AtenReshapeOp>(n.tensorType(sizes, t.getDtype()), m,
                                   n.intList(sizes));
  };
  return n.replace(requantize(n, y, n.operand(1), n.operand(4), n.operand(6),
                              n.operand(7), dtype, channelShaped));
}

const OnnxConversion kQuantizedConversions[] = {
    {"MatMulInteger", 10, matmulInteger},
    {"QLinearMatMul", 10, qlinearMatmul},
    {"ConvInteger", 10, convInteger},
    {"QLinearConv", 10, qlinearConv},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::quantizedConversions() {
  return kQuantizedConversions;
}
