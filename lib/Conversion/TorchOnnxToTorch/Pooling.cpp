//===- Pooling.cpp - ONNX's pooling ---------------------------------------===//
//
// MaxPool, AveragePool, GlobalAveragePool, GlobalMaxPool, LpPool, MaxUnpool:
// ATen's pooling where it says what ONNX means (padded where ONNX pads
// asymmetrically), else window sums as ONNX's reference lays the windows out
// (dilated or uncounted asymmetric average pooling, LpPool).
//
//===----------------------------------------------------------------------===//

#include "Linear.h"

#include <limits>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

LogicalResult maxPool(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  std::optional<SmallVector<int64_t>> kernel = n.intsAttr("kernel_shape");
  if (!in || !out || !kernel)
    return n.fail("needs kernel_shape and known types");
  if (n.numResults() > 1 && !n.op->getResult(1).use_empty())
    return n.fail("the Indices output is not converted");
  if (n.intAttr("storage_order", 0))
    return n.fail("storage_order=1 is not converted");
  std::optional<Window> w = window(n, n.operand(0), *kernel,
                                   -std::numeric_limits<double>::infinity());
  if (!w)
    return failure();
  Value ceil = n.constBool(n.intAttr("ceil_mode", 0));
  Value kernelList = n.intList(w->kernel), strides = n.intList(w->strides),
        pads = n.intList(w->padding), dilations = n.intList(w->dilations);
  Value pooled;
  switch (kernel->size()) {
  case 1:
    pooled = n.create<AtenMaxPool1dOp>(out, w->input, kernelList, strides, pads,
                                       dilations, ceil);
    break;
  case 2:
    pooled = n.create<AtenMaxPool2dOp>(out, w->input, kernelList, strides, pads,
                                       dilations, ceil);
    break;
  case 3:
    pooled = n.create<AtenMaxPool3dOp>(out, w->input, kernelList, strides, pads,
                                       dilations, ceil);
    break;
  default:
    return n.fail("only 1-D, 2-D and 3-D pooling is converted");
  }
  SmallVector<Value> results{pooled};
  if (n.numResults() > 1)
    results.push_back(nullptr);
  return n.replace(results);
}

/// A pooling window as ONNX's reference lays it out: the input padded by
/// `begin`/`end` per spatial dim (the pads, plus what ceil_mode needs, split
/// half before and half after), windows of `kernel` dilated and strided
/// over that, each reading only positions below `limit` (the input and its
/// own pads, not ceil_mode's extra).
struct PoolWindow {
  SmallVector<int64_t> kernel, strides, dilations, begin, end, limit, outSizes;
};

/// The window of a static input of `spatial` sizes; nullopt after reporting
/// why.
std::optional<PoolWindow> poolWindow(OnnxNode &n, ArrayRef<int64_t> spatial,
                                     ArrayRef<int64_t> kernel) {
  size_t dims = spatial.size();
  PoolWindow w;
  w.kernel.assign(kernel.begin(), kernel.end());
  w.strides = n.intsAttr("strides").value_or(SmallVector<int64_t>(dims, 1));
  w.dilations = n.intsAttr("dilations").value_or(SmallVector<int64_t>(dims, 1));
  SmallVector<int64_t> pads =
      n.intsAttr("pads").value_or(SmallVector<int64_t>(2 * dims, 0));
  if (kernel.size() != dims || w.strides.size() != dims ||
      w.dilations.size() != dims || pads.size() != 2 * dims) {
    (void)n.fail("kernel_shape, strides, dilations and pads need one entry "
                 "per spatial dim");
    return std::nullopt;
  }
  StringRef autoPad = n.stringAttr("auto_pad", "NOTSET");
  bool ceil = n.intAttr("ceil_mode", 0);
  for (size_t i = 0; i < dims; ++i) {
    int64_t in = spatial[i], k = kernel[i], s = w.strides[i],
            d = w.dilations[i];
    int64_t span = (k - 1) * d + 1, out, b, e;
    if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER" ||
        autoPad == "VALID") {
      // (The reference sizes these pads by the undilated kernel.)
      out = autoPad == "VALID" ? (in - k) / s + 1 : (in - 1) / s + 1;
      int64_t total = autoPad == "VALID" ? 0 : (out - 1) * s + k - in;
      b = autoPad == "SAME_UPPER" ? total / 2 : total - total / 2;
      e = total - b;
      w.limit.push_back(in + b + e);
    } else if (autoPad == "NOTSET") {
      b = pads[i];
      e = pads[dims + i];
      int64_t room = in + b + e - span;
      out = room >= 0 ? room / s + 1 : 0;
      if (ceil && room >= 0) {
        out = (room + s - 1) / s + 1;
        if ((out - 1) * s >= in + b)
          --out;
      }
      w.limit.push_back(in + b + e);
      int64_t extra = (out - 1) * s + span - (in + b + e);
      if (extra > 0) {
        b += extra / 2;
        e += extra - extra / 2;
      }
    } else {
      (void)n.fail("auto_pad '" + autoPad + "' is unknown");
      return std::nullopt;
    }
    if (out < 1 || b < 0 || e < 0) {
      (void)n.fail("the window does not fit the input");
      return std::nullopt;
    }
    w.begin.push_back(b);
    w.end.push_back(e);
    w.outSizes.push_back(out);
  }
  return w;
}

/// The sum of `x` ([N, C, spatial...], static, already in its compute
/// dtype) over each window: padded with zeros, positions past the limit
/// zeroed, then a convolution by a kernel of ones over [N * C, 1, ...].
Value windowSum(OnnxNode &n, Value x, const PoolWindow &w) {
  auto t = cast<ValueTensorType>(x.getType());
  Type dtype = t.getDtype();
  ArrayRef<int64_t> sizes = t.getSizes();
  size_t dims = w.kernel.size();
  SmallVector<int64_t> padded(sizes), pads;
  for (size_t i = 0; i < dims; ++i)
    padded[2 + i] += w.begin[i] + w.end[i];
  for (size_t i = dims; i-- > 0;)
    pads.append({w.begin[i], w.end[i]});
  x = n.create<AtenConstantPadNdOp>(n.tensorType(padded, dtype), x,
                                    n.intList(pads), n.constFloat(0.0));
  // Positions at or past the limit read as 0.
  if (llvm::any_of(llvm::seq<size_t>(0, dims),
                   [&](size_t i) { return w.limit[i] < padded[2 + i]; })) {
    SmallVector<int64_t> maskSizes = {1, 1};
    maskSizes.append(padded.begin() + 2, padded.end());
    SmallVector<float> mask;
    int64_t count = 1;
    for (size_t i = 0; i < dims; ++i)
      count *= padded[2 + i];
    for (int64_t flat = 0; flat < count; ++flat) {
      int64_t rest = flat;
      bool inside = true;
      for (size_t i = dims; i-- > 0;) {
        inside &= rest % padded[2 + i] < w.limit[i];
        rest /= padded[2 + i];
      }
      mask.push_back(inside ? 1.0f : 0.0f);
    }
    auto f32 = n.b.getF32Type();
    Value literal = n.b.create<ValueTensorLiteralOp>(
        n.loc, n.tensorType(maskSizes, f32),
        DenseElementsAttr::get(RankedTensorType::get(maskSizes, f32),
                               ArrayRef(mask)));
    x = n.create<AtenMulTensorOp>(n.tensorType(padded, dtype), x,
                                  n.convert(literal, dtype));
  }
  int64_t planes = sizes[0] * sizes[1];
  SmallVector<int64_t> flatSizes = {planes, 1};
  flatSizes.append(padded.begin() + 2, padded.end());
  x = reshaped(n, x, flatSizes, dtype);
  SmallVector<int64_t> kernelSizes = {1, 1};
  kernelSizes.append(w.kernel.begin(), w.kernel.end());
  Value ones = n.create<AtenOnesOp>(
      n.tensorType(kernelSizes, dtype), n.intList(kernelSizes),
      n.constInt(*scalarTypeCode(dtype)), n.none(), n.none(), n.none());
  SmallVector<int64_t> summedSizes = {planes, 1};
  summedSizes.append(w.outSizes.begin(), w.outSizes.end());
  Value summed = n.create<AtenConvolutionOp>(
      n.tensorType(summedSizes, dtype), x, ones, n.none(), n.intList(w.strides),
      n.intList(SmallVector<int64_t>(dims, 0)), n.intList(w.dilations),
      n.constBool(false), n.intList(SmallVector<int64_t>(dims, 0)),
      n.constInt(1));
  SmallVector<int64_t> outSizes = {sizes[0], sizes[1]};
  outSizes.append(w.outSizes.begin(), w.outSizes.end());
  return reshaped(n, summed, outSizes, dtype);
}

/// How many positions each window reads: those below the limit, and
/// (without count_include_pad) inside the input. A [1, 1, out...] literal.
Value windowCounts(OnnxNode &n, const PoolWindow &w, ArrayRef<int64_t> spatial,
                   bool countPad, Type dtype) {
  size_t dims = w.kernel.size();
  SmallVector<int64_t> sizes = {1, 1};
  sizes.append(w.outSizes.begin(), w.outSizes.end());
  int64_t outCount = 1;
  for (int64_t o : w.outSizes)
    outCount *= o;
  SmallVector<double> counts;
  for (int64_t flat = 0; flat < outCount; ++flat) {
    SmallVector<int64_t> at(dims);
    int64_t rest = flat;
    for (size_t i = dims; i-- > 0;) {
      at[i] = rest % w.outSizes[i];
      rest /= w.outSizes[i];
    }
    // Per dim, the window's readable positions; the window's count is their
    // product.
    double count = 1;
    for (size_t i = 0; i < dims; ++i) {
      int64_t along = 0;
      for (int64_t k = 0; k < w.kernel[i]; ++k) {
        int64_t p = at[i] * w.strides[i] + k * w.dilations[i];
        bool readable =
            p < w.limit[i] &&
            (countPad || (p >= w.begin[i] && p < w.begin[i] + spatial[i]));
        along += readable;
      }
      count *= along;
    }
    counts.push_back(count);
  }
  auto f64 = n.b.getF64Type();
  Value literal = n.b.create<ValueTensorLiteralOp>(
      n.loc, n.tensorType(sizes, f64),
      DenseElementsAttr::get(RankedTensorType::get(sizes, f64),
                             ArrayRef(counts)));
  return n.convert(literal, dtype);
}

/// AveragePool that ATen's avg_pool cannot say (dilations; asymmetric pads
/// that must not be counted): window sums over window counts.
LogicalResult averagePoolByWindows(OnnxNode &n, ArrayRef<int64_t> kernel) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!isStatic(in) || !isStatic(out))
    return n.fail("dilations or uncounted asymmetric pads need static shapes");
  ArrayRef<int64_t> spatial = in.getSizes().drop_front(2);
  std::optional<PoolWindow> w = poolWindow(n, spatial, kernel);
  if (!w)
    return failure();
  if (ArrayRef<int64_t>(w->outSizes) != out.getSizes().drop_front(2))
    return n.fail("the result's spatial sizes differ from the windows'");
  Type dtype = n.computeType(out.getDtype());
  Value sum = windowSum(n, n.convert(n.operand(0), dtype), *w);
  Value counts =
      windowCounts(n, *w, spatial, n.intAttr("count_include_pad", 0), dtype);
  Value average = n.create<AtenDivTensorOp>(
      cast<ValueTensorType>(sum.getType()), sum, counts);
  return n.replace(n.convert(average, out.getDtype()));
}

LogicalResult averagePool(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  std::optional<SmallVector<int64_t>> kernel = n.intsAttr("kernel_shape");
  if (!in || !out || !kernel)
    return n.fail("needs kernel_shape and known types");
  if (auto d = n.intsAttr("dilations"))
    if (llvm::any_of(*d, [](int64_t x) { return x != 1; }))
      return averagePoolByWindows(n, *kernel);
  bool countPad = n.intAttr("count_include_pad", 0);
  if (!countPad) {
    // ATen's pooling pads symmetrically; ONNX's uncounted pads may not be.
    size_t dims = kernel->size();
    auto pads =
        padding(n, in.getSizes().take_back(dims), *kernel,
                n.intsAttr("strides").value_or(SmallVector<int64_t>(dims, 1)),
                SmallVector<int64_t>(dims, 1));
    if (!pads)
      return failure();
    if (pads->first != pads->second)
      return averagePoolByWindows(n, *kernel);
  }
  std::optional<Window> w = window(n, n.operand(0), *kernel, 0.0);
  if (!w)
    return failure();
  Value ceil = n.constBool(n.intAttr("ceil_mode", 0));
  Value include = n.constBool(countPad);
  Value kernelList = n.intList(w->kernel), strides = n.intList(w->strides),
        pads = n.intList(w->padding);
  Value pooled;
  switch (kernel->size()) {
  case 1:
    pooled = n.create<AtenAvgPool1dOp>(out, w->input, kernelList, strides, pads,
                                       ceil, include);
    break;
  case 2:
    pooled = n.create<AtenAvgPool2dOp>(out, w->input, kernelList, strides, pads,
                                       ceil, include, n.none());
    break;
  case 3:
    pooled = n.create<AtenAvgPool3dOp>(out, w->input, kernelList, strides, pads,
                                       ceil, include, n.none());
    break;
  default:
    return n.fail("only 1-D, 2-D and 3-D pooling is converted");
  }
  return n.replace(pooled);
}

/// MaxUnpool (opset 9): X's values written at their indices (flat in the
/// whole unpooled tensor, as MaxPool's Indices are) into zeros of the shape
/// the kernel, strides and pads imply, then padded with zeros at the end of
/// each dim to the result's (output_shape's) shape. Static shapes.
LogicalResult maxUnpool(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), indices = n.operandType(1),
                  out = n.resultType();
  std::optional<SmallVector<int64_t>> kernel = n.intsAttr("kernel_shape");
  if (!isStatic(in) || !isStatic(indices) || !isStatic(out) || !kernel ||
      in.getSizes() != indices.getSizes())
    return n.fail("needs kernel_shape and static shapes, the indices X's");
  size_t dims = kernel->size();
  SmallVector<int64_t> strides =
      n.intsAttr("strides").value_or(SmallVector<int64_t>(dims, 1));
  SmallVector<int64_t> pads =
      n.intsAttr("pads").value_or(SmallVector<int64_t>(2 * dims, 0));
  if (in.getSizes().size() != dims + 2 || strides.size() != dims ||
      pads.size() != 2 * dims)
    return n.fail("kernel_shape, strides and pads need one entry per spatial "
                  "dim");
  SmallVector<int64_t> unpooled(in.getSizes().take_front(2));
  int64_t total = unpooled[0] * unpooled[1], values = 1;
  for (size_t i = 0; i < dims; ++i) {
    unpooled.push_back((in.getSizes()[2 + i] - 1) * strides[i] -
                       (pads[i] + pads[dims + i]) + (*kernel)[i]);
    total *= unpooled.back();
  }
  for (int64_t size : in.getSizes())
    values *= size;
  SmallVector<int64_t> endPads;
  for (size_t d = out.getSizes().size(); d-- > 0;) {
    int64_t extra = out.getSizes()[d] - unpooled[d];
    if (extra < 0)
      return n.fail("output_shape is smaller than the unpooled shape");
    endPads.append({0, extra});
  }
  Type dtype = in.getDtype();
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  Value zeros = n.create<AtenZerosOp>(
      n.tensorType({total}, dtype), n.intList({total}),
      n.constInt(*scalarTypeCode(dtype)), n.none(), n.none(), n.none());
  Value flatIndices =
      reshaped(n, n.convert(n.operand(1), si64), {values}, si64);
  Value flatValues = reshaped(n, n.operand(0), {values}, dtype);
  Value y = n.create<AtenScatterSrcOp>(n.tensorType({total}, dtype), zeros,
                                       n.constInt(0), flatIndices, flatValues);
  y = reshaped(n, y, unpooled, dtype);
  if (ArrayRef<int64_t>(unpooled) != out.getSizes())
    y = n.create<AtenConstantPadNdOp>(out, y, n.intList(endPads),
                                      n.constFloat(0.0));
  return n.replace(y);
}

/// (sum of |x|^p over the window)^(1/p), the window as ONNX's reference
/// lays it out (any number of spatial dims, dilations, ceil_mode).
LogicalResult lpPool(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  std::optional<SmallVector<int64_t>> kernel = n.intsAttr("kernel_shape");
  if (!isStatic(in) || !isStatic(out) || !kernel)
    return n.fail("needs kernel_shape and static shapes");
  ArrayRef<int64_t> spatial = in.getSizes().drop_front(2);
  std::optional<PoolWindow> w = poolWindow(n, spatial, *kernel);
  if (!w)
    return failure();
  if (ArrayRef<int64_t>(w->outSizes) != out.getSizes().drop_front(2))
    return n.fail("the result's spatial sizes differ from the windows'");
  Type dtype = n.computeType(out.getDtype());
  ValueTensorType work = n.tensorType(in.getSizes(), dtype);
  double p = n.intAttr("p", 2);
  Value x = n.convert(n.operand(0), dtype);
  x = n.create<AtenPowTensorScalarOp>(work, n.create<AtenAbsOp>(work, x),
                                      n.constFloat(p));
  Value sum = windowSum(n, x, *w);
  Value root = n.create<AtenPowTensorScalarOp>(sum.getType(), sum,
                                               n.constFloat(1.0 / p));
  return n.replace(n.convert(root, out.getDtype()));
}

template <bool max> LogicalResult globalPool(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's or result's type is unknown");
  SmallVector<int64_t> dims;
  for (int64_t d = 2; d < static_cast<int64_t>(in.getSizes().size()); ++d)
    dims.push_back(d);
  if (max)
    return n.replace(n.create<AtenAmaxOp>(out, n.operand(0), n.intList(dims),
                                          n.constBool(true)));
  return n.replace(n.create<AtenMeanDimOp>(out, n.operand(0), n.intList(dims),
                                           n.constBool(true), n.none()));
}

const OnnxConversion kPoolingConversions[] = {
    {"MaxPool", 1, maxPool},
    {"AveragePool", 1, averagePool},
    {"GlobalAveragePool", 1, globalPool<false>},
    {"GlobalMaxPool", 1, globalPool<true>},
    {"LpPool", 11, lpPool},
    {"MaxUnpool", 9, maxUnpool},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::poolingConversions() {
  return kPoolingConversions;
}
