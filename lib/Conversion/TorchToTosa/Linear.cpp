//===- Linear.cpp - Matrix products, convolutions and pooling as TOSA -----===//
//
// tosa.matmul multiplies batches of matrices ([B, M, K] x [B, K, N]): mm and
// addmm add a unit batch. TOSA convolves and pools NHWC tensors with OHWI
// weights: NCHW operands are transposed in and out; 1-D ones get a unit
// height. TOSA's sizes must be exact (the last window ends at the padded
// input's end), so the bottom and right padding are adjusted to the output
// size PyTorch computed: trimmed where the last rows are never read, grown
// where ceil_mode lets a last window hang over.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include <limits>

using namespace mlir;
namespace mlir::torch::torch_to_tosa {
namespace {

/// [B, M, K] x [B, K, N] in the result's element type (floats).
Value matmul(Lowering &l, Value a, Value c, Type element) {
  auto aType = cast<RankedTensorType>(a.getType());
  auto cType = cast<RankedTensorType>(c.getType());
  auto type = RankedTensorType::get(
      {aType.getDimSize(0), aType.getDimSize(1), cType.getDimSize(2)}, element);
  return l.create<tosa::MatMulOp>(type, l.convertTo(a, element),
                                  l.convertTo(c, element));
}

/// The most elements of the [M, K, N] products an integer matrix product
/// sums (tosa.matmul multiplies floats and i8/i16 only).
constexpr int64_t kMaxIntegerProducts = 1 << 24;

/// mm (and addmm's product): 2-D operands given a unit batch. Integers:
/// the [M, K, N] products summed over K.
Value mm(Lowering &l, Value a, Value c, RankedTensorType result) {
  auto aType = cast<RankedTensorType>(a.getType());
  auto cType = cast<RankedTensorType>(c.getType());
  Type element = result.getElementType();
  if (!isa<FloatType>(element)) {
    int64_t m = aType.getDimSize(0), k = aType.getDimSize(1),
            n = cType.getDimSize(1);
    if (ShapedType::isDynamic(m) || ShapedType::isDynamic(k) ||
        ShapedType::isDynamic(n) || m * k * n > kMaxIntegerProducts)
      return l.fail("an integer matrix product of unknown or large sizes");
    Value products = l.mul(l.reshape(l.convertTo(a, element), {m, k, 1}),
                           l.reshape(l.convertTo(c, element), {1, k, n}));
    return l.reshape(l.reduce<tosa::ReduceSumOp>(products, {1}), {m, n});
  }
  Value product =
      matmul(l, l.reshape(a, {1, aType.getDimSize(0), aType.getDimSize(1)}),
             l.reshape(c, {1, cType.getDimSize(0), cType.getDimSize(1)}),
             result.getElementType());
  return l.reshape(product, result.getShape());
}

/// Where one spatial dim's windows start and end: the padding before it,
/// the padding after it that makes the output size `outSize` exact, and how
/// many trailing input rows no window reads (trimmed instead).
struct Window {
  int64_t before, after, trim;
};
Window exactWindow(int64_t inSize, int64_t kernel, int64_t stride,
                   int64_t dilation, int64_t pad, int64_t outSize) {
  int64_t span = (outSize - 1) * stride + (kernel - 1) * dilation + 1;
  int64_t after = span - inSize - pad;
  if (after >= 0)
    return {pad, after, 0};
  return {pad, 0, -after};
}

/// `x` (NHWC) with `trim` rows/columns dropped from the end of H and W.
Value trimSpatial(Lowering &l, Value x, int64_t trimH, int64_t trimW) {
  if (trimH == 0 && trimW == 0)
    return x;
  auto type = cast<RankedTensorType>(x.getType());
  ArrayRef<int64_t> s = type.getShape();
  return l.slice(x, {0, 0, 0, 0}, {s[0], s[1] - trimH, s[2] - trimW, s[3]});
}

/// Operand `i`'s ints as exactly `n` values (one repeated; `fallback` if
/// empty).
std::optional<SmallVector<int64_t>> pairOf(Lowering &l, unsigned i, size_t n,
                                           ArrayRef<int64_t> fallback) {
  std::optional<SmallVector<int64_t>> values = l.constInts(i);
  if (!values)
    return std::nullopt;
  if (values->empty())
    return SmallVector<int64_t>(fallback);
  if (values->size() == 1)
    return SmallVector<int64_t>(n, (*values)[0]);
  if (values->size() != n)
    return std::nullopt;
  return values;
}

/// A transposed convolution as a plain one: the input (NHWC) with stride - 1
/// zeros between its elements, the weights [Cin, Cout/g, kH, kW] regrouped
/// as [Cout, Cin/g, kH, kW] and flipped, stride 1, and padding
/// dilation * (k - 1) - padding before (plus output_padding after); a
/// negative padding trims the input instead. Updates `x`, `weight`,
/// `stride` and `padding` (the padding before; the window computes the
/// padding after from the output size).
LogicalResult asPlainConvolution(Lowering &l, Value &x, Value &weight,
                                 SmallVector<int64_t> &stride,
                                 SmallVector<int64_t> &padding,
                                 ArrayRef<int64_t> dilation, int64_t groups) {
  auto xs = cast<RankedTensorType>(x.getType()).getShape();
  auto ws = cast<RankedTensorType>(weight.getType()).getShape();
  Type element = cast<RankedTensorType>(x.getType()).getElementType();
  int64_t n = xs[0], h = xs[1], w = xs[2], c = xs[3];
  if (stride[0] > 1 || stride[1] > 1) {
    int64_t sh = stride[0], sw = stride[1];
    x = l.reshape(x, {n, h, 1, w, 1, c});
    SmallVector<double> table = {
        0, 0, 0, 0, 0, double(sh - 1), 0, 0, 0, double(sw - 1), 0, 0};
    x = l.create<tosa::PadOp>(
        RankedTensorType::get({n, h, sh, w, sw, c}, element), x,
        l.constant(l.b.getI64Type(), {6, 2}, table), l.splat(element, 0, {}));
    x = l.reshape(x, {n, h * sh, w * sw, c});
    x = l.slice(x, {0, 0, 0, 0}, {n, (h - 1) * sh + 1, (w - 1) * sw + 1, c});
  }
  int64_t cin = ws[0], coutG = ws[1];
  if (cin % groups)
    return failure();
  int64_t cinG = cin / groups;
  Value regrouped = l.reshape(weight, {groups, cinG, coutG, ws[2], ws[3]});
  regrouped = l.transpose(regrouped, {0, 2, 1, 3, 4});
  regrouped = l.reshape(regrouped, {groups * coutG, cinG, ws[2], ws[3]});
  regrouped = l.same<tosa::ReverseOp>(regrouped, l.b.getI32IntegerAttr(2));
  weight = l.same<tosa::ReverseOp>(regrouped, l.b.getI32IntegerAttr(3));
  // Padding before each spatial dim; a negative one trims the input.
  auto now = cast<RankedTensorType>(x.getType()).getShape();
  SmallVector<int64_t> start = {0, 0, 0, 0};
  SmallVector<int64_t> size(now);
  for (int i = 0; i < 2; ++i) {
    int64_t before = dilation[i] * (ws[2 + i] - 1) - padding[i];
    if (before < 0) {
      start[1 + i] = -before;
      size[1 + i] -= -before;
      before = 0;
    }
    padding[i] = before;
    stride[i] = 1;
  }
  if (start[1] || start[2])
    x = l.slice(x, start, size);
  return success();
}

Value lowerConvolution(Lowering &l) {
  RankedTensorType result = l.type();
  Value input = l.in(0), weight = l.in(1);
  std::optional<bool> transposed = l.constBool(6);
  std::optional<int64_t> groups = l.constInt(8);
  if (!input || !weight || !transposed || !groups)
    return l.fail("non-constant operands");
  auto inType = cast<RankedTensorType>(input.getType());
  auto wType = cast<RankedTensorType>(weight.getType());
  int64_t rank = inType.getRank();
  if ((rank != 3 && rank != 4) || !inType.hasStaticShape() ||
      !wType.hasStaticShape() || !result.hasStaticShape())
    return l.fail("only 1-D and 2-D convolutions of static sizes");
  Type element = result.getElementType();
  if (!isa<FloatType>(element))
    return l.fail("integer convolution");
  bool oneD = rank == 3;
  size_t n = oneD ? 1 : 2;
  auto stride = pairOf(l, 3, n, {});
  auto padding = pairOf(l, 4, n, SmallVector<int64_t>(n, 0));
  auto dilation = pairOf(l, 5, n, SmallVector<int64_t>(n, 1));
  if (!stride || !padding || !dilation)
    return l.fail("non-constant stride, padding or dilation");
  if (oneD) {
    stride->insert(stride->begin(), 1);
    padding->insert(padding->begin(), 0);
    dilation->insert(dilation->begin(), 1);
    ArrayRef<int64_t> s = inType.getShape(), w = wType.getShape();
    input = l.reshape(input, {s[0], s[1], 1, s[2]});
    weight = l.reshape(weight, {w[0], w[1], 1, w[2]});
  }
  input = l.convertTo(input, element);
  weight = l.convertTo(weight, element);
  Value x = l.transpose(input, {0, 2, 3, 1});
  if (*transposed && failed(asPlainConvolution(l, x, weight, *stride, *padding,
                                               *dilation, *groups)))
    return l.fail("channels do not divide into the groups");
  auto in4 = cast<RankedTensorType>(x.getType()).getShape(); // NHWC
  auto w4 = cast<RankedTensorType>(weight.getType()).getShape();
  SmallVector<int64_t> out4(result.getShape());
  if (oneD)
    out4.insert(out4.begin() + 2, 1);
  int64_t outChannels = w4[0];
  Window h = exactWindow(in4[1], w4[2], (*stride)[0], (*dilation)[0],
                         (*padding)[0], out4[2]);
  Window w = exactWindow(in4[2], w4[3], (*stride)[1], (*dilation)[1],
                         (*padding)[1], out4[3]);
  x = trimSpatial(l, x, h.trim, w.trim);
  Value bias = l.none(2) ? l.splat(element, 0, {outChannels})
                         : (l.in(2) ? l.convertTo(l.in(2), element) : Value());
  if (!bias)
    return l.fail("bias is not a tensor");
  auto pad = l.b.getDenseI64ArrayAttr({h.before, h.after, w.before, w.after});
  auto strides = l.b.getDenseI64ArrayAttr(*stride);
  auto dilations = l.b.getDenseI64ArrayAttr(*dilation);
  auto outType =
      RankedTensorType::get({out4[0], out4[2], out4[3], outChannels}, element);
  Value y;
  int64_t inChannels = in4[3];
  if (*groups == 1) {
    y = l.create<tosa::Conv2DOp>(outType, x, l.transpose(weight, {0, 2, 3, 1}),
                                 bias, pad, strides, dilations);
  } else if (*groups == inChannels && outChannels % inChannels == 0) {
    // Depthwise: weights [C*M, 1, KH, KW] as [KH, KW, C, M].
    Value hwcm =
        l.reshape(l.transpose(weight, {2, 3, 0, 1}),
                  {w4[2], w4[3], inChannels, outChannels / inChannels});
    y = l.create<tosa::DepthwiseConv2DOp>(outType, x, hwcm, bias, pad, strides,
                                          dilations);
  } else {
    // Other groups: one convolution per group, concatenated.
    int64_t g = *groups;
    if (inChannels % g || outChannels % g)
      return l.fail("channels do not divide into the groups");
    int64_t ci = inChannels / g, co = outChannels / g;
    auto xs = cast<RankedTensorType>(x.getType()).getShape();
    SmallVector<Value> parts;
    for (int64_t i = 0; i < g; ++i) {
      Value xi = l.slice(x, {0, 0, 0, i * ci}, {xs[0], xs[1], xs[2], ci});
      Value wi = l.slice(weight, {i * co, 0, 0, 0}, {co, w4[1], w4[2], w4[3]});
      Value bi = l.slice(bias, {i * co}, {co});
      parts.push_back(l.create<tosa::Conv2DOp>(
          RankedTensorType::get({out4[0], out4[2], out4[3], co}, element), xi,
          l.transpose(wi, {0, 2, 3, 1}), bi, pad, strides, dilations));
    }
    y = l.create<tosa::ConcatOp>(outType, parts, l.b.getI32IntegerAttr(3));
  }
  Value nchw = l.transpose(y, {0, 3, 1, 2});
  return l.reshape(nchw, result.getShape());
}

SmallVector<Value> windowedMaxPool(Lowering &l, size_t n);

/// max_pool / avg_pool over 1 or 2 spatial dims. Operands: self, kernel,
/// stride, padding, then (max) dilation, ceil_mode or (avg) ceil_mode,
/// count_include_pad, divisor_override.
LowerOneFn pool(bool isMax, size_t n) {
  return [=](Lowering &l) -> Value {
    RankedTensorType result = l.type();
    Value input = l.in(0);
    if (!input)
      return {};
    auto inType = cast<RankedTensorType>(input.getType());
    Type element = result.getElementType();
    if (!inType.hasStaticShape() || !result.hasStaticShape() ||
        !isa<FloatType>(element))
      return l.fail("pooling needs static sizes and floats");
    auto kernel = pairOf(l, 1, n, {});
    if (!kernel)
      return l.fail("non-constant kernel");
    auto stride = pairOf(l, 2, n, *kernel);
    auto padding = pairOf(l, 3, n, SmallVector<int64_t>(n, 0));
    if (!stride || !padding)
      return l.fail("non-constant stride or padding");
    bool includePad = false;
    std::optional<int64_t> divisor; // avg_pool's divisor_override
    if (isMax) {
      auto dilation = pairOf(l, 4, n, SmallVector<int64_t>(n, 1));
      if (!dilation ||
          llvm::any_of(*dilation, [](int64_t d) { return d != 1; }))
        return windowedMaxPool(l, n).front();
    } else {
      std::optional<bool> include = l.constBool(5);
      if (!include)
        return l.fail("a non-constant count_include_pad");
      includePad = *include;
      if (l.op->getNumOperands() > 6 && !l.none(6)) {
        divisor = l.constInt(6);
        if (!divisor || *divisor == 0)
          return l.fail("a non-constant or zero divisor_override");
        // The sum of each whole window (padding counted as zeros), divided.
        includePad = true;
      }
    }
    // As NCHW with a batch (a unit height for 1-D).
    SmallVector<int64_t> shape(inType.getShape()), out(result.getShape());
    if (n == 1) {
      shape.insert(shape.end() - 1, 1);
      out.insert(out.end() - 1, 1);
      kernel->insert(kernel->begin(), 1);
      stride->insert(stride->begin(), 1);
      padding->insert(padding->begin(), 0);
    }
    if (shape.size() == 3) {
      shape.insert(shape.begin(), 1);
      out.insert(out.begin(), 1);
    }
    if (shape.size() != 4 || out.size() != 4)
      return l.fail("unexpected rank");
    Value x = l.transpose(l.reshape(input, shape), {0, 2, 3, 1});
    SmallVector<int64_t> nhwc = {shape[0], shape[2], shape[3], shape[1]};
    if (includePad && ((*padding)[0] || (*padding)[1])) {
      // Counted padding is explicit zeros.
      int64_t ph = (*padding)[0], pw = (*padding)[1];
      SmallVector<double> pads = {
          0, 0, double(ph), double(ph), double(pw), double(pw), 0, 0};
      Value table = l.constant(l.b.getI64Type(), {4, 2}, pads);
      nhwc = {shape[0], shape[2] + 2 * ph, shape[3] + 2 * pw, shape[1]};
      x = l.create<tosa::PadOp>(RankedTensorType::get(nhwc, element), x, table,
                                l.splat(element, 0, {}));
      shape[2] += 2 * ph;
      shape[3] += 2 * pw;
      (*padding)[0] = (*padding)[1] = 0;
    }
    Window h = exactWindow(shape[2], (*kernel)[0], (*stride)[0], 1,
                           (*padding)[0], out[2]);
    Window w = exactWindow(shape[3], (*kernel)[1], (*stride)[1], 1,
                           (*padding)[1], out[3]);
    x = trimSpatial(l, x, h.trim, w.trim);
    auto pad = l.b.getDenseI64ArrayAttr({h.before, h.after, w.before, w.after});
    auto outType =
        RankedTensorType::get({out[0], out[2], out[3], out[1]}, element);
    Value y;
    if (isMax)
      y = l.create<tosa::MaxPool2dOp>(outType, x,
                                      l.b.getDenseI64ArrayAttr(*kernel),
                                      l.b.getDenseI64ArrayAttr(*stride), pad);
    else
      y = l.create<tosa::AvgPool2dOp>(outType, x,
                                      l.b.getDenseI64ArrayAttr(*kernel),
                                      l.b.getDenseI64ArrayAttr(*stride), pad,
                                      TypeAttr::get(l.b.getF32Type()));
    if (divisor) {
      // TOSA divides by the window's elements inside the input: a window
      // hanging over the end (ceil_mode) would be divided by fewer.
      if (h.after > 0 || w.after > 0)
        return l.fail("divisor_override with windows over the input's end");
      double window = (*kernel)[0] * (*kernel)[1];
      y = l.mul(y, l.scalar(element, window / *divisor, 4));
    }
    return l.reshape(l.transpose(y, {0, 3, 1, 2}), result.getShape());
  };
}

/// max_pool over `n` spatial dims with the indices (operands: self, kernel,
/// stride, padding, dilation, ceil_mode), any dilation: a constant table
/// gives, for each output point and kernel offset, the flat position in the
/// input plane it reads (or one past its end, an appended -inf, where it
/// reads padding). The windows are gathered by it; the values are their
/// max, the indices the table's entry at their argmax (the first maximum,
/// as PyTorch's).
SmallVector<Value> windowedMaxPool(Lowering &l, size_t n) {
  RankedTensorType result = l.type(0);
  Value input = l.in(0);
  if (!input)
    return {Value()};
  auto inType = cast<RankedTensorType>(input.getType());
  Type element = result.getElementType();
  int64_t rank = inType.getRank();
  if (!inType.hasStaticShape() || !result.hasStaticShape() ||
      rank < static_cast<int64_t>(n))
    return {l.fail("pooling needs static sizes")};
  auto kernel = pairOf(l, 1, n, {});
  if (!kernel)
    return {l.fail("non-constant kernel")};
  auto stride = pairOf(l, 2, n, *kernel);
  auto padding = pairOf(l, 3, n, SmallVector<int64_t>(n, 0));
  auto dilation = pairOf(l, 4, n, SmallVector<int64_t>(n, 1));
  if (!stride || !padding || !dilation)
    return {l.fail("non-constant stride, padding or dilation")};
  ArrayRef<int64_t> in = inType.getShape().take_back(n);
  ArrayRef<int64_t> out = result.getShape().take_back(n);
  int64_t rows = 1, plane = 1, outs = 1, offsets = 1;
  for (int64_t d = 0; d < rank - static_cast<int64_t>(n); ++d)
    rows *= inType.getDimSize(d);
  for (size_t d = 0; d < n; ++d) {
    plane *= in[d];
    outs *= out[d];
    offsets *= (*kernel)[d];
  }
  if (outs * offsets > kMaxConstantElements)
    return {l.fail("pooling windows too many for a constant table")};
  SmallVector<int64_t> inStrides = stridesOf(in);
  SmallVector<double> table;
  SmallVector<int64_t> o(n), k(n);
  for (int64_t oi = 0; oi < outs; ++oi) {
    for (int64_t d = n - 1, rest = oi; d >= 0; --d) {
      o[d] = rest % out[d];
      rest /= out[d];
    }
    for (int64_t ki = 0; ki < offsets; ++ki) {
      for (int64_t d = n - 1, rest = ki; d >= 0; --d) {
        k[d] = rest % (*kernel)[d];
        rest /= (*kernel)[d];
      }
      int64_t flat = 0;
      bool inside = true;
      for (size_t d = 0; d < n; ++d) {
        int64_t p = o[d] * (*stride)[d] - (*padding)[d] + k[d] * (*dilation)[d];
        inside &= p >= 0 && p < in[d];
        flat += p * inStrides[d];
      }
      table.push_back(inside ? flat : plane);
    }
  }
  Type i32 = l.b.getI32Type();
  constexpr double inf = std::numeric_limits<double>::infinity();
  Value x = l.reshape(input, {rows, plane});
  x = l.create<tosa::ConcatOp>(
      RankedTensorType::get({rows, plane + 1}, element),
      ValueRange{x, l.splat(element, -inf, {rows, 1})},
      l.b.getI32IntegerAttr(1));
  Value positions = l.constant(i32, {outs * offsets}, table);
  Value windows = l.reshape(l.gather(x, 1, positions), {rows, outs, offsets});
  Value values = l.reduce<tosa::ReduceMaxOp>(windows, {2});
  values = l.reshape(values, result.getShape());
  if (l.op->getNumResults() == 1)
    return {values};
  Value at = l.create<tosa::ArgMaxOp>(RankedTensorType::get({rows, outs}, i32),
                                      windows, l.b.getI32IntegerAttr(2));
  SmallVector<double> firsts;
  for (int64_t oi = 0; oi < outs; ++oi)
    firsts.push_back(oi * offsets);
  at = l.create<tosa::AddOp>(RankedTensorType::get({rows, outs}, i32), at,
                             l.constant(i32, {1, outs}, firsts));
  RankedTensorType indices = l.type(1);
  Value read = l.gather(positions, 0, at);
  return {values, l.reshape(l.convertTo(read, indices.getElementType()),
                            indices.getShape())};
}

} // namespace

void addLinear(Lowerings &l) {
  l.add("aten.mm", [](Lowering &l) -> Value {
    RankedTensorType result = l.type();
    if (!l.in(0) || !l.in(1))
      return {};
    return mm(l, l.in(0), l.in(1), result);
  });
  l.add("aten.bmm", [](Lowering &l) -> Value {
    RankedTensorType result = l.type();
    if (!isa<FloatType>(result.getElementType()) || !l.in(0) || !l.in(1))
      return l.fail("integer matrix product");
    return matmul(l, l.in(0), l.in(1), result.getElementType());
  });
  l.add("aten.addmm", [](Lowering &l) -> Value {
    RankedTensorType result = l.type();
    Type element = result.getElementType();
    std::optional<double> beta = l.constNumber(3), alpha = l.constNumber(4);
    if (!isa<FloatType>(element) || !l.in(1) || !l.in(2) || !beta || !alpha)
      return l.fail("integer matrix product, or non-constant beta/alpha");
    Value product = mm(l, l.in(1), l.in(2), result);
    if (*alpha != 1)
      product = l.mul(product, l.scalar(element, *alpha, 2));
    if (*beta == 0)
      return product;
    Value bias = l.operand(0, element, 2);
    if (!bias)
      return {};
    if (*beta != 1)
      bias = l.mul(bias, l.scalar(element, *beta, 2));
    return l.create<tosa::AddOp>(result, product, bias);
  });
  l.add("aten.convolution", lowerConvolution);
  l.add("aten.max_pool2d", pool(true, 2));
  // With indices no one reads (what export makes of max_pool2d): the values,
  // and zeros for the dead indices. TOSA has no pooling with indices.
  // Read indices, or a dilation: the windows gathered (windowedMaxPool).
  l.addMulti(
      "aten.max_pool2d_with_indices", [](Lowering &l) -> SmallVector<Value> {
        auto dilation = pairOf(l, 4, 2, {1, 1});
        bool dilated = !dilation || (*dilation)[0] != 1 || (*dilation)[1] != 1;
        RankedTensorType indices = l.type(1);
        if (!l.op->getResult(1).use_empty() || dilated ||
            !indices.hasStaticShape())
          return windowedMaxPool(l, 2);
        Value values = pool(true, 2)(l);
        return {values,
                l.splat(indices.getElementType(), 0, indices.getShape())};
      });
  l.addMulti("aten.max_pool3d_with_indices",
             [](Lowering &l) { return windowedMaxPool(l, 3); });
  l.addMulti("aten.max_pool3d",
             [](Lowering &l) { return windowedMaxPool(l, 3); });
  l.add("aten.max_pool1d", pool(true, 1));
  l.add("aten.avg_pool2d", pool(false, 2));
  l.add("aten.avg_pool1d", pool(false, 1));
}

} // namespace mlir::torch::torch_to_tosa
