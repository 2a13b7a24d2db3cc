//===- Linear.cpp - ONNX's matrix products and convolutions ---------------===//
//
// MatMul, Gemm, Einsum, Conv, ConvTranspose and com.microsoft's FusedMatMul.
// numpy.matmul (matmulOf) and the convolution windows (padding, window,
// convolve) are shared through Linear.h with the pooling, normalization and
// quantized conversions.
//
//===----------------------------------------------------------------------===//

#include "Linear.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

/// `x` padded with `value` where the begins and ends differ (what ATen's
/// symmetric padding cannot say); `symmetric` gets what is left for ATen.
Value padAsymmetric(OnnxNode &n, Value x, ArrayRef<int64_t> begin,
                    ArrayRef<int64_t> end, double value,
                    SmallVector<int64_t> &symmetric) {
  symmetric.assign(begin.begin(), begin.end());
  if (begin == end)
    return x;
  auto t = cast<ValueTensorType>(x.getType());
  size_t spatial = begin.size(), rank = t.getSizes().size();
  SmallVector<int64_t> pads, sizes(t.getSizes());
  for (size_t i = spatial; i-- > 0;)
    pads.append({begin[i], end[i]});
  for (size_t i = 0; i < spatial; ++i) {
    int64_t &s = sizes[rank - spatial + i];
    if (s != kUnknownSize)
      s += begin[i] + end[i];
  }
  symmetric.assign(spatial, 0);
  return n.create<AtenConstantPadNdOp>(n.tensorType(sizes, t.getDtype()), x,
                                       n.intList(pads), n.constFloat(value));
}

} // namespace

// What Linear.h shares with the pooling, normalization and quantized
// conversions.

bool mlir::torch::onnx_c::isStatic(ValueTensorType t) {
  return t && !llvm::is_contained(t.getSizes(), kUnknownSize);
}

Value mlir::torch::onnx_c::reshaped(OnnxNode &n, Value x,
                                    ArrayRef<int64_t> sizes, Type dtype) {
  return n.create<AtenReshapeOp>(n.tensorType(sizes, dtype), x,
                                 n.intList(sizes));
}

Value mlir::torch::onnx_c::matmulOf(OnnxNode &n, Value lhs, Value rhs,
                                    ArrayRef<int64_t> outSizes, Type dtype) {
  auto a = cast<ValueTensorType>(lhs.getType());
  auto b = cast<ValueTensorType>(rhs.getType());
  Type aType = a.getDtype(), bType = b.getDtype();
  auto fail = [&](const Twine &why) -> Value {
    (void)n.fail(why);
    return nullptr;
  };
  if (a.getSizes().empty() || b.getSizes().empty())
    return fail("0-d operands are not allowed by ONNX");
  // Each operand's sizes, static (or kUnknownSize) and as !torch.int values;
  // a 1-D operand as a row (left) or a column (right).
  auto sizesOf = [&](Value x, ValueTensorType t, bool row) {
    SmallVector<int64_t> fixed(t.getSizes());
    SmallVector<Value> values;
    for (size_t d = 0; d < fixed.size(); ++d)
      values.push_back(n.sizeOf(x, d));
    if (fixed.size() == 1) {
      fixed.insert(row ? fixed.begin() : fixed.end(), 1);
      values.insert(row ? values.begin() : values.end(), n.constInt(1));
    }
    return std::make_pair(fixed, values);
  };
  auto [as, av] = sizesOf(lhs, a, true);
  auto [bs, bv] = sizesOf(rhs, b, false);
  int64_t m = as[as.size() - 2], k = as.back(), nn = bs.back();
  int64_t bk = bs[bs.size() - 2];
  if (k != kUnknownSize && bk != kUnknownSize && bk != k)
    return fail("the operands' inner dimensions differ");
  auto reshapeTo = [&](Value x, ArrayRef<int64_t> fixed, ArrayRef<Value> values,
                       Type t) -> Value {
    if (cast<ValueTensorType>(x.getType()).getSizes() == fixed)
      return x;
    return n.create<AtenReshapeOp>(n.tensorType(fixed, t), x,
                                   n.sizeList(values));
  };

  // The result's sizes: the broadcast batch, then M and N (unless the
  // operand was 1-D).
  size_t aBatchRank = as.size() - 2, bBatchRank = bs.size() - 2;
  size_t rank = std::max(aBatchRank, bBatchRank);
  SmallVector<int64_t> batch;
  SmallVector<Value> batchValues;
  for (size_t i = 0; i < rank; ++i) {
    bool inA = i >= rank - aBatchRank, inB = i >= rank - bBatchRank;
    int64_t x = inA ? as[i - (rank - aBatchRank)] : 1;
    int64_t y = inB ? bs[i - (rank - bBatchRank)] : 1;
    Value xv = inA ? av[i - (rank - aBatchRank)] : n.constInt(1);
    Value yv = inB ? bv[i - (rank - bBatchRank)] : n.constInt(1);
    if (x != kUnknownSize && y != kUnknownSize && x != y && x != 1 && y != 1)
      return fail("the operands' batch dimensions do not broadcast");
    // A static 1 takes the other's; else a static size; else the left's
    // (the broadcast of the right one checks it at run time).
    bool takeB = x == 1 || (x == kUnknownSize && y != kUnknownSize && y != 1);
    batch.push_back(takeB ? y : x);
    batchValues.push_back(takeB ? yv : xv);
  }
  SmallVector<Value> outValues(batchValues);
  if (a.getSizes().size() != 1)
    outValues.push_back(av[av.size() - 2]);
  if (b.getSizes().size() != 1)
    outValues.push_back(bv.back());
  ValueTensorType computed = n.tensorType(outSizes, dtype);
  auto finish = [&](Value result) -> Value {
    return n.create<AtenReshapeOp>(computed, result, n.sizeList(outValues));
  };

  if (bBatchRank == 0) {
    // [..., M, K] as [rows, K], times [K, N].
    int64_t rows = m;
    Value rowsValue = av[av.size() - 2];
    for (size_t i = 0; i < aBatchRank; ++i) {
      rows = sizeProduct(rows, as[i]);
      rowsValue = n.mulInt(rowsValue, av[i]);
    }
    Value left = reshapeTo(lhs, {rows, k}, {rowsValue, av.back()}, aType);
    Value right = reshapeTo(rhs, {bk, nn}, {bv[0], bv[1]}, bType);
    return finish(
        n.create<AtenMmOp>(n.tensorType({rows, nn}, dtype), left, right));
  }
  int64_t count = 1;
  Value countValue = n.constInt(1);
  for (auto [size, value] : llvm::zip(batch, batchValues)) {
    count = sizeProduct(count, size);
    countValue = n.mulInt(countValue, value);
  }
  auto toBatched = [&](Value x, ArrayRef<int64_t> fixed, ArrayRef<Value> values,
                       Type t) {
    size_t own = fixed.size() - 2;
    SmallVector<int64_t> padded(rank - own, 1);
    padded.append(fixed.begin(), fixed.end());
    SmallVector<Value> paddedValues(rank - own, n.constInt(1));
    paddedValues.append(values.begin(), values.end());
    x = reshapeTo(x, padded, paddedValues, t);
    SmallVector<int64_t> full(batch);
    full.append(fixed.end() - 2, fixed.end());
    SmallVector<Value> fullValues(batchValues);
    fullValues.append(values.end() - 2, values.end());
    if (padded != full)
      x = n.create<AtenBroadcastToOp>(n.tensorType(full, t), x,
                                      n.sizeList(fullValues));
    return reshapeTo(x, {count, fixed[fixed.size() - 2], fixed.back()},
                     {countValue, values[values.size() - 2], values.back()}, t);
  };
  Value left = toBatched(lhs, as, av, aType);
  Value right = toBatched(rhs, bs, bv, bType);
  return finish(
      n.create<AtenBmmOp>(n.tensorType({count, m, nn}, dtype), left, right));
}

std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
mlir::torch::onnx_c::padding(OnnxNode &n, ArrayRef<int64_t> inSizes,
                             ArrayRef<int64_t> kernel,
                             ArrayRef<int64_t> strides,
                             ArrayRef<int64_t> dilations) {
  size_t spatial = kernel.size();
  SmallVector<int64_t> begin(spatial, 0), end(spatial, 0);
  StringRef autoPad = n.stringAttr("auto_pad", "NOTSET");
  if (autoPad == "NOTSET") {
    if (auto pads = n.intsAttr("pads")) {
      if (pads->size() != 2 * spatial) {
        (void)n.fail("pads must hold a begin and an end per spatial dim");
        return std::nullopt;
      }
      for (size_t i = 0; i < spatial; ++i) {
        begin[i] = (*pads)[i];
        end[i] = (*pads)[i + spatial];
      }
    }
  } else if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
    for (size_t i = 0; i < spatial; ++i) {
      int64_t in = inSizes[i];
      if (in == kUnknownSize) {
        (void)n.fail("auto_pad needs static spatial sizes");
        return std::nullopt;
      }
      int64_t outSize = (in + strides[i] - 1) / strides[i];
      int64_t total =
          std::max<int64_t>(0, (outSize - 1) * strides[i] +
                                   (kernel[i] - 1) * dilations[i] + 1 - in);
      int64_t small = total / 2, large = total - small;
      begin[i] = autoPad == "SAME_UPPER" ? small : large;
      end[i] = autoPad == "SAME_UPPER" ? large : small;
    }
  } else if (autoPad != "VALID") {
    (void)n.fail("auto_pad '" + autoPad + "' is unknown");
    return std::nullopt;
  }
  return std::make_pair(begin, end);
}

std::optional<Window> mlir::torch::onnx_c::window(OnnxNode &n, Value input,
                                                  ArrayRef<int64_t> kernel,
                                                  double padValue) {
  auto in = cast<ValueTensorType>(input.getType());
  size_t spatial = kernel.size();
  Window w;
  w.kernel.assign(kernel.begin(), kernel.end());
  w.strides = n.intsAttr("strides").value_or(SmallVector<int64_t>(spatial, 1));
  w.dilations =
      n.intsAttr("dilations").value_or(SmallVector<int64_t>(spatial, 1));
  if (w.strides.size() != spatial || w.dilations.size() != spatial) {
    (void)n.fail("strides and dilations need one entry per spatial dim");
    return std::nullopt;
  }
  auto pads = padding(n, in.getSizes().take_back(spatial), kernel, w.strides,
                      w.dilations);
  if (!pads)
    return std::nullopt;
  w.input =
      padAsymmetric(n, input, pads->first, pads->second, padValue, w.padding);
  return w;
}

Value mlir::torch::onnx_c::convolve(OnnxNode &n, Value input, Value weight,
                                    Value bias, ValueTensorType out,
                                    Type dtype) {
  auto in = cast<ValueTensorType>(input.getType());
  auto weightType = cast<ValueTensorType>(weight.getType());
  auto fail = [&](const Twine &why) -> Value {
    (void)n.fail(why);
    return nullptr;
  };
  if (weightType.getSizes().size() < 3)
    return fail("the weight must have a rank of at least 3");
  size_t spatial = weightType.getSizes().size() - 2;
  SmallVector<int64_t> kernel(weightType.getSizes().drop_front(2));
  if (auto given = n.intsAttr("kernel_shape"))
    kernel = *given;
  if (llvm::is_contained(kernel, kUnknownSize))
    return fail("the kernel's size is unknown");
  std::optional<Window> w = window(n, input, kernel, 0.0);
  if (!w)
    return nullptr;
  ValueTensorType result = n.tensorType(out.getSizes(), dtype);
  if (!bias)
    bias = n.none();
  int64_t groups = n.intAttr("group", 1);
  if (groups != 1 && spatial == 1) {
    // Grouped 1-D convolutions lower as 2-D ones over a height of 1.
    if (!isStatic(in) || !isStatic(weightType) || !isStatic(out))
      return fail("a grouped 1-D convolution needs static shapes");
    auto in2d = cast<ValueTensorType>(w->input.getType());
    SmallVector<int64_t> inSizes(in2d.getSizes()),
        wSizes(weightType.getSizes()), outSizes(out.getSizes());
    inSizes.insert(inSizes.begin() + 2, 1);
    wSizes.insert(wSizes.begin() + 2, 1);
    outSizes.insert(outSizes.begin() + 2, 1);
    Value x = reshaped(n, w->input, inSizes, dtype);
    Value k = reshaped(n, weight, wSizes, dtype);
    Value y = n.create<AtenConvolutionOp>(
        n.tensorType(outSizes, dtype), x, k, bias,
        n.intList({1, w->strides[0]}), n.intList({0, w->padding[0]}),
        n.intList({1, w->dilations[0]}), n.constBool(false), n.intList({0, 0}),
        n.constInt(groups));
    return n.create<AtenReshapeOp>(result, y, n.intList(out.getSizes()));
  }
  return n.create<AtenConvolutionOp>(
      result, w->input, weight, bias, n.intList(w->strides),
      n.intList(w->padding), n.intList(w->dilations), n.constBool(false),
      n.intList(SmallVector<int64_t>(spatial, 0)), n.constInt(groups));
}

namespace {

LogicalResult matmul(OnnxNode &n) {
  ValueTensorType a = n.operandType(0), b = n.operandType(1),
                  out = n.resultType();
  if (!a || !b || !out)
    return n.fail("the operands' or result's rank or dtype is unknown");
  // Half precision: computed in f32, rounded once (as PyTorch's CPU kernels
  // accumulate).
  Value lhs = n.convert(n.operand(0), n.computeType(a.getDtype()));
  Value rhs = n.convert(n.operand(1), n.computeType(b.getDtype()));
  Value product =
      matmulOf(n, lhs, rhs, out.getSizes(), n.computeType(out.getDtype()));
  if (!product)
    return failure();
  return n.replace(n.convert(product, out.getDtype()));
}

/// Einsum: ATen's einsum, which the middle end breaks down (one bmm for two
/// operands of static shape). Half precision computed in f32, rounded once.
LogicalResult einsum(OnnxNode &n) {
  ValueTensorType out = n.resultType();
  if (!out)
    return n.fail("the result's rank or dtype is unknown");
  Type dtype = n.computeType(out.getDtype());
  SmallVector<Value> xs;
  for (unsigned i = 0; i < n.numOperands(); ++i) {
    if (!n.operandType(i))
      return n.fail("operand " + Twine(i) + "'s rank or dtype is unknown");
    xs.push_back(n.convert(n.operand(i), dtype));
  }
  Value equation = n.b.create<ConstantStrOp>(
      n.loc, n.b.getStringAttr(n.stringAttr("equation", "")));
  Value y = n.create<AtenEinsumOp>(
      n.tensorType(out.getSizes(), dtype), equation,
      n.list(ValueTensorType::get(n.b.getContext()), xs), n.none());
  return n.replace(n.convert(y, out.getDtype()));
}

/// alpha * A' B' + beta * C: addmm.
LogicalResult gemm(OnnxNode &n) {
  ValueTensorType a = n.operandType(0), b = n.operandType(1),
                  out = n.resultType();
  if (!a || !b || !out || a.getSizes().size() != 2 || b.getSizes().size() != 2)
    return n.fail("A and B must be matrices of known type");
  auto transposed = [&](Value x, ValueTensorType t) {
    SmallVector<int64_t> sizes{t.getSizes()[1], t.getSizes()[0]};
    return n.create<AtenTransposeIntOp>(n.tensorType(sizes, t.getDtype()), x,
                                        n.constInt(0), n.constInt(1));
  };
  Value lhs =
      n.intAttr("transA", 0) ? transposed(n.operand(0), a) : n.operand(0);
  Value rhs =
      n.intAttr("transB", 0) ? transposed(n.operand(1), b) : n.operand(1);
  double alpha = n.floatAttr("alpha", 1.0), beta = n.floatAttr("beta", 1.0);
  // The one ATen op with Gemm's meaning: addmm (C broadcast, as ONNX's).
  if (Value c = n.operand(2); c && beta != 0.0)
    return n.replace(n.create<AtenAddmmOp>(out, c, lhs, rhs, n.constFloat(beta),
                                           n.constFloat(alpha)));
  Value y = n.create<AtenMmOp>(out, lhs, rhs);
  if (alpha != 1.0)
    y = n.create<AtenMulScalarOp>(out, y, n.constFloat(alpha));
  return n.replace(y);
}

LogicalResult conv(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), weight = n.operandType(1),
                  out = n.resultType();
  if (!in || !weight || !out)
    return n.fail("the input's, weight's or result's type is unknown");
  // Half precision: computed in f32, rounded once.
  Type dtype = n.computeType(out.getDtype());
  Value bias = n.operand(2) ? n.convert(n.operand(2), dtype) : Value();
  Value y = convolve(n, n.convert(n.operand(0), dtype),
                     n.convert(n.operand(1), dtype), bias, out, dtype);
  if (!y)
    return failure();
  return n.replace(n.convert(y, out.getDtype()));
}

/// A transposed convolution of the full extent (no padding), then the
/// result's window of it: ONNX's pads, auto_pad and output_shape all say
/// where the window begins. With groups, one per group, side by side.
LogicalResult convTranspose(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), weight = n.operandType(1),
                  out = n.resultType();
  if (!isStatic(in) || !isStatic(weight) || !isStatic(out))
    return n.fail("operands and result of static shape are converted");
  int64_t groups = n.intAttr("group", 1);
  int64_t inChannels = in.getSizes()[1], outChannels = out.getSizes()[1];
  if (groups < 1 || inChannels % groups || outChannels % groups ||
      weight.getSizes()[0] != inChannels ||
      weight.getSizes()[1] * groups != outChannels)
    return n.fail("group must divide the channels, and W be [C_in, C_out / "
                  "group, k...]");
  size_t spatial = weight.getSizes().size() - 2;
  SmallVector<int64_t> kernel(weight.getSizes().drop_front(2));
  auto strides =
      n.intsAttr("strides").value_or(SmallVector<int64_t>(spatial, 1));
  auto dilations =
      n.intsAttr("dilations").value_or(SmallVector<int64_t>(spatial, 1));
  auto extra =
      n.intsAttr("output_padding").value_or(SmallVector<int64_t>(spatial, 0));
  std::optional<SmallVector<int64_t>> pads = n.intsAttr("pads");
  StringRef autoPad = n.stringAttr("auto_pad", "NOTSET");
  SmallVector<int64_t> begins, outputPadding;
  SmallVector<int64_t> fullSizes{in.getSizes()[0], out.getSizes()[1]};
  for (size_t i = 0; i < spatial; ++i) {
    int64_t inSize = in.getSizes()[2 + i], outSize = out.getSizes()[2 + i];
    int64_t full =
        strides[i] * (inSize - 1) + (kernel[i] - 1) * dilations[i] + 1;
    // The padding the result leaves off the full extent; negative where the
    // result is longer (zeros at the end). Halved rounding down, as ONNX's
    // reference does.
    int64_t total = full + extra[i] - outSize;
    int64_t half = total >= 0 ? total / 2 : -((1 - total) / 2);
    int64_t begin;
    if (pads && !n.attr("output_shape"))
      begin = (*pads)[i];
    else if (autoPad == "SAME_UPPER")
      begin = half;
    else if (autoPad == "SAME_LOWER" || n.attr("output_shape"))
      begin = total - half;
    else
      begin = 0;
    if (begin < 0)
      return n.fail("the result begins before the transposed convolution's "
                    "extent (negative padding at the start)");
    begins.push_back(begin);
    outputPadding.push_back(std::max<int64_t>(0, begin + outSize - full));
    fullSizes.push_back(full + outputPadding.back());
  }
  // Each group's channels (the input's, W's first dim, the bias's) through
  // their own transposed convolution, the results side by side.
  auto channels = [&](Value v, int64_t dim, int64_t start, int64_t count) {
    auto t = cast<ValueTensorType>(v.getType());
    if (groups == 1)
      return v;
    SmallVector<int64_t> sizes(t.getSizes());
    sizes[dim] = count;
    return Value(n.create<AtenSliceTensorOp>(
        n.tensorType(sizes, t.getDtype()), v, n.constInt(dim),
        n.constInt(start), n.constInt(start + count), n.constInt(1)));
  };
  int64_t inPerGroup = inChannels / groups, outPerGroup = outChannels / groups;
  SmallVector<int64_t> groupSizes(fullSizes);
  groupSizes[1] = outPerGroup;
  SmallVector<Value> parts;
  for (int64_t g = 0; g < groups; ++g) {
    Value bias = n.operand(2)
                     ? channels(n.operand(2), 0, g * outPerGroup, outPerGroup)
                     : n.none();
    parts.push_back(n.create<AtenConvolutionOp>(
        n.tensorType(groupSizes, out.getDtype()),
        channels(n.operand(0), 1, g * inPerGroup, inPerGroup),
        channels(n.operand(1), 0, g * inPerGroup, inPerGroup), bias,
        n.intList(strides), n.intList(SmallVector<int64_t>(spatial, 0)),
        n.intList(dilations), n.constBool(true), n.intList(outputPadding),
        n.constInt(1)));
  }
  Value y = parts.size() == 1
                ? parts.front()
                : n.create<AtenCatOp>(
                      n.tensorType(fullSizes, out.getDtype()),
                      n.list(ValueTensorType::get(n.b.getContext()), parts),
                      n.constInt(1));
  SmallVector<int64_t> sizes(fullSizes);
  for (size_t i = 0; i < spatial; ++i) {
    int64_t outSize = out.getSizes()[2 + i];
    if (begins[i] == 0 && fullSizes[2 + i] == outSize)
      continue;
    sizes[2 + i] = outSize;
    y = n.create<AtenSliceTensorOp>(
        n.tensorType(sizes, out.getDtype()), y, n.constInt(2 + i),
        n.constInt(begins[i]), n.constInt(begins[i] + outSize), n.constInt(1));
  }
  return n.replace(y);
}

/// FusedMatMul: alpha * (A' @ B'), A' and B' transposed in their last two
/// dims where transA/transB say. transBatchA/B are refused.
LogicalResult fusedMatmul(OnnxNode &n) {
  ValueTensorType a = n.operandType(0), b = n.operandType(1),
                  out = n.resultType();
  if (!a || !b || !out)
    return n.fail("the operands' or result's rank or dtype is unknown");
  if (n.intAttr("transBatchA", 0) || n.intAttr("transBatchB", 0))
    return n.fail("transBatchA and transBatchB are not converted");
  auto transposed = [&](Value v, ValueTensorType t, bool flip) -> Value {
    if (!flip || t.getSizes().size() < 2)
      return v;
    SmallVector<int64_t> sizes(t.getSizes());
    int64_t r = sizes.size();
    std::swap(sizes[r - 1], sizes[r - 2]);
    return n.create<AtenTransposeIntOp>(n.tensorType(sizes, t.getDtype()), v,
                                        n.constInt(r - 2), n.constInt(r - 1));
  };
  Type dtype = n.computeType(out.getDtype());
  Value lhs =
      n.convert(transposed(n.operand(0), a, n.intAttr("transA", 0)), dtype);
  Value rhs =
      n.convert(transposed(n.operand(1), b, n.intAttr("transB", 0)), dtype);
  Value y = matmulOf(n, lhs, rhs, out.getSizes(), dtype);
  if (!y)
    return failure();
  double alpha = n.floatAttr("alpha", 1.0);
  if (alpha != 1.0)
    y = n.create<AtenMulScalarOp>(y.getType(), y, n.constFloat(alpha));
  return n.replace(n.convert(y, out.getDtype()));
}

const OnnxConversion kLinearConversions[] = {
    {"MatMul", 1, matmul},
    {"Gemm", 7, gemm},
    {"Einsum", 12, einsum},
    {"Conv", 1, conv},
    {"ConvTranspose", 1, convTranspose},
    // ONNX Runtime's.
    {"com.microsoft.FusedMatMul", 1, fusedMatmul},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::linearConversions() {
  return kLinearConversions;
}
