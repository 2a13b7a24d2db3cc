//===- Linear.cpp - ONNX's matrix products, convolutions, pooling, norms --===//

#include "OnnxNode.h"

#include <cmath>
#include <map>
#include <string>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

bool isStatic(ValueTensorType t) {
  return t && !llvm::is_contained(t.getSizes(), kUnknownSize);
}

Value reshape(OnnxNode &n, Value x, ArrayRef<int64_t> sizes, Type dtype) {
  return n.create<AtenReshapeOp>(n.tensorType(sizes, dtype), x,
                                 n.intList(sizes));
}

/// numpy.matmul of `lhs` and `rhs` (each already of the dtype it is
/// multiplied in) into `outSizes` of `dtype`: 1-D operands become a row or a
/// column, batch dims broadcast. A matrix on the right (a weight, mostly):
/// the left's rows of all batches at once, one aten.mm. Else one aten.bmm on
/// [batch, M, K] x [batch, K, N]. Sizes known only at run time are read with
/// aten.size.int. Null after reporting why.
Value matmulOf(OnnxNode &n, Value lhs, Value rhs, ArrayRef<int64_t> outSizes,
               Type dtype) {
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

/// The padding of a convolution or pooling over `spatial` dims: explicit
/// `pads`, or `auto_pad`'s. Begins and ends; nullopt after reporting why.
std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
padding(OnnxNode &n, ArrayRef<int64_t> inSizes, ArrayRef<int64_t> kernel,
        ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations) {
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

struct Window {
  SmallVector<int64_t> kernel, strides, dilations, padding;
  Value input;
};

/// kernel_shape, strides, dilations and pads of a convolution or pooling,
/// `input` (operand 0, or what was made of it) padded where ONNX pads
/// asymmetrically.
std::optional<Window> window(OnnxNode &n, Value input, ArrayRef<int64_t> kernel,
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

/// The convolution of `input` by `weight` (and `bias`, or none), each
/// already of `dtype`, into `out`'s sizes in `dtype`: the node's
/// kernel_shape, strides, dilations, pads (or auto_pad) and group. Null after
/// reporting why.
Value convolve(OnnxNode &n, Value input, Value weight, Value bias,
               ValueTensorType out, Type dtype) {
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
    Value x = reshape(n, w->input, inSizes, dtype);
    Value k = reshape(n, weight, wSizes, dtype);
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

/// x / ||x||_p along the axis (p is 1 or 2); 0 where the norm is 0.
LogicalResult lpNormalization(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's or result's type is unknown");
  int64_t p = n.intAttr("p", 2);
  if (p != 1 && p != 2)
    return n.fail("p must be 1 or 2");
  int64_t rank = in.getSizes().size();
  int64_t axis = n.intAttr("axis", -1);
  if (axis < 0)
    axis += rank;
  SmallVector<int64_t> kept(in.getSizes());
  kept[axis] = 1;
  ValueTensorType keptType = n.tensorType(kept, out.getDtype());
  Value x = n.operand(0);
  Value magnitude = p == 1 ? n.create<AtenAbsOp>(out, x)
                           : n.create<AtenMulTensorOp>(out, x, x);
  Value norm = n.create<AtenSumDimIntListOp>(
      keptType, magnitude, n.intList({axis}), n.constBool(true), n.none());
  if (p == 2)
    norm = n.create<AtenSqrtOp>(keptType, norm);
  // A zero norm gives zeros, not 0 / 0 (as ONNX's reference does).
  Value zero = n.create<AtenEqScalarOp>(n.tensorType(kept, n.b.getI1Type()),
                                        norm, n.constFloat(0.0));
  return n.replace(n.create<AtenWhereScalarSelfOp>(
      out, zero, n.constFloat(0.0), n.create<AtenDivTensorOp>(out, x, norm)));
}

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
  x = reshape(n, x, flatSizes, dtype);
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
  return reshape(n, summed, outSizes, dtype);
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
  Value flatIndices = reshape(n, n.convert(n.operand(1), si64), {values}, si64);
  Value flatValues = reshape(n, n.operand(0), {values}, dtype);
  Value y = n.create<AtenScatterSrcOp>(n.tensorType({total}, dtype), zeros,
                                       n.constInt(0), flatIndices, flatValues);
  y = reshape(n, y, unpooled, dtype);
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

/// LRN: x / (bias + alpha / size * the sum of squares over `size`
/// neighbouring channels)^beta; the window sum as a 3-D average pooling
/// (counting the zero padding) over a channel axis made spatial.
LogicalResult lrn(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!isStatic(in) || !out || in.getSizes().size() != 4)
    return n.fail("only inputs [N, C, H, W] of static shape are converted");
  int64_t size = n.intAttr("size", 0);
  if (size <= 0)
    return n.fail("size must be positive");
  double alpha = n.floatAttr("alpha", 1e-4), beta = n.floatAttr("beta", 0.75),
         bias = n.floatAttr("bias", 1.0);
  Type dtype = n.computeType(out.getDtype());
  Value x = n.convert(n.operand(0), dtype);
  ArrayRef<int64_t> s = in.getSizes();
  ValueTensorType full = n.tensorType(s, dtype);
  Value squares = n.create<AtenMulTensorOp>(full, x, x);
  SmallVector<int64_t> spread{s[0], 1, s[1], s[2], s[3]};
  Value five = reshape(n, squares, spread, dtype);
  int64_t before = (size - 1) / 2, after = size - 1 - before;
  SmallVector<int64_t> padded(spread);
  padded[2] += size - 1;
  five = n.create<AtenConstantPadNdOp>(n.tensorType(padded, dtype), five,
                                       n.intList({0, 0, 0, 0, before, after}),
                                       n.constFloat(0.0));
  Value mean = n.create<AtenAvgPool3dOp>(
      n.tensorType(spread, dtype), five, n.intList({size, 1, 1}),
      n.intList({1, 1, 1}), n.intList({0, 0, 0}), n.constBool(false),
      n.constBool(true), n.none());
  Value window = reshape(n, mean, s, dtype); // the sum / size
  Value base = n.create<AtenAddScalarOp>(
      full, n.create<AtenMulScalarOp>(full, window, n.constFloat(alpha)),
      n.constFloat(bias), n.constInt(1));
  Value denominator =
      n.create<AtenPowTensorScalarOp>(full, base, n.constFloat(beta));
  return n.replace(n.convert(n.create<AtenDivTensorOp>(full, x, denominator),
                             out.getDtype()));
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

/// A per-channel vector [C] as [C, 1, ...] to broadcast against [N, C, ...].
Value perChannel(OnnxNode &n, Value v, int64_t rank, Type dtype) {
  auto t = cast<ValueTensorType>(v.getType());
  SmallVector<int64_t> sizes{t.getSizes()[0]};
  sizes.append(rank - 2, 1);
  return reshape(n, v, sizes, dtype);
}

/// Inference: ATen's batch_norm. Training: (x - mean) / sqrt(var + epsilon)
/// * scale + B with the batch's statistics, and the running ones moved.
LogicalResult batchNorm(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || in.getSizes().size() < 2)
    return n.fail("the input's type is unknown");
  bool training = n.intAttr("training_mode", 0);
  for (unsigned i = 1; i < 5; ++i)
    if (!n.operandType(i) || n.operandType(i).getSizes().size() != 1)
      return n.fail("scale, B, mean and var must be vectors");
  if (!training)
    for (unsigned i = 1; i < n.numResults(); ++i)
      if (!n.op->getResult(i).use_empty())
        return n.fail("the running statistics outputs are given in training "
                      "mode only");
  int64_t rank = in.getSizes().size();
  Type dtype = out.getDtype();
  if (!training) // ATen's op, which the middle end breaks down
    return n.replace(n.create<AtenBatchNormOp>(
        out, n.operand(0), n.convert(n.operand(1), dtype),
        n.convert(n.operand(2), dtype), n.convert(n.operand(3), dtype),
        n.convert(n.operand(4), dtype), n.constBool(false),
        n.constFloat(1.0 - n.floatAttr("momentum", 0.9)),
        n.constFloat(n.floatAttr("epsilon", 1e-5)), n.constBool(false)));
  Value scale = perChannel(n, n.operand(1), rank, dtype);
  Value bias = perChannel(n, n.operand(2), rank, dtype);
  Value mean = perChannel(n, n.operand(3), rank, dtype);
  Value var = perChannel(n, n.operand(4), rank, dtype);
  Value runningMean, runningVar;
  if (training) {
    // The batch's statistics (the variance biased) normalize; the running
    // ones move toward them by 1 - momentum.
    SmallVector<int64_t> dims, kept(rank, 1);
    for (int64_t d = 0; d < rank; ++d)
      if (d != 1)
        dims.push_back(d);
    kept[1] = in.getSizes()[1];
    ValueTensorType keptType = n.tensorType(kept, dtype);
    Value batchMean = n.create<AtenMeanDimOp>(
        keptType, n.operand(0), n.intList(dims), n.constBool(true), n.none());
    Value centered =
        n.create<AtenSubTensorOp>(out, n.operand(0), batchMean, n.constInt(1));
    Value batchVar = n.create<AtenMeanDimOp>(
        keptType, n.create<AtenMulTensorOp>(out, centered, centered),
        n.intList(dims), n.constBool(true), n.none());
    double momentum = n.floatAttr("momentum", 0.9);
    auto moved = [&](unsigned i, Value batch) -> Value {
      ValueTensorType t = n.resultType(i);
      if (!t)
        return nullptr;
      auto given = n.operandType(i + 2); // input_mean, input_var
      Value flat =
          n.create<AtenReshapeOp>(n.tensorType(given.getSizes(), dtype), batch,
                                  n.intList({given.getSizes()[0]}));
      Value old = n.create<AtenMulScalarOp>(given, n.operand(i + 2),
                                            n.constFloat(momentum));
      Value step = n.create<AtenMulScalarOp>(flat.getType(), flat,
                                             n.constFloat(1.0 - momentum));
      return n.convert(
          n.create<AtenAddTensorOp>(
              given, old, n.convert(step, given.getDtype()), n.constInt(1)),
          t.getDtype());
    };
    if (n.numResults() > 1)
      runningMean = moved(1, batchMean);
    if (n.numResults() > 2)
      runningVar = moved(2, batchVar);
    mean = batchMean;
    var = batchVar;
  }
  Type param = var.getType();
  Value std = n.create<AtenSqrtOp>(
      param, n.create<AtenAddScalarOp>(
                 param, var, n.constFloat(n.floatAttr("epsilon", 1e-5)),
                 n.constInt(1)));
  Value centered =
      n.create<AtenSubTensorOp>(out, n.operand(0), mean, n.constInt(1));
  Value normed = n.create<AtenDivTensorOp>(out, centered, std);
  Value scaled = n.create<AtenMulTensorOp>(out, normed, scale);
  SmallVector<Value> results{
      n.create<AtenAddTensorOp>(out, scaled, bias, n.constInt(1))};
  if (training) {
    for (Value v : {runningMean, runningVar})
      if (results.size() < n.numResults())
        results.push_back(v);
  }
  results.append(n.numResults() - results.size(), nullptr);
  return n.replace(results);
}

/// (x - mean) / sqrt(var + epsilon) over `dims`; `mean` and `rstd` (the
/// reciprocal of the square root) are set to the statistics, dims kept.
Value normalize(OnnxNode &n, Value x, ArrayRef<int64_t> dims, double epsilon,
                ValueTensorType out, Value *mean = nullptr,
                Value *rstd = nullptr) {
  SmallVector<int64_t> kept(out.getSizes());
  for (int64_t d : dims)
    kept[d] = 1;
  ValueTensorType keptType = n.tensorType(kept, out.getDtype());
  Value m = n.create<AtenMeanDimOp>(keptType, x, n.intList(dims),
                                    n.constBool(true), n.none());
  Value centered = n.create<AtenSubTensorOp>(out, x, m, n.constInt(1));
  Value squared = n.create<AtenMulTensorOp>(out, centered, centered);
  Value var = n.create<AtenMeanDimOp>(keptType, squared, n.intList(dims),
                                      n.constBool(true), n.none());
  Value r = n.create<AtenRsqrtOp>(
      keptType, n.create<AtenAddScalarOp>(keptType, var, n.constFloat(epsilon),
                                          n.constInt(1)));
  if (mean)
    *mean = m;
  if (rstd)
    *rstd = r;
  return n.create<AtenMulTensorOp>(out, centered, r);
}

LogicalResult layerNorm(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's or result's rank or dtype is unknown");
  int64_t rank = in.getSizes().size();
  int64_t axis = n.intAttr("axis", -1);
  if (axis < 0)
    axis += rank;
  SmallVector<int64_t> dims;
  for (int64_t d = axis; d < rank; ++d)
    dims.push_back(d);
  Value mean, rstd;
  Value y = normalize(n, n.operand(0), dims, n.floatAttr("epsilon", 1e-5), out,
                      &mean, &rstd);
  y = n.create<AtenMulTensorOp>(out, y, n.operand(1));
  if (Value bias = n.operand(2))
    y = n.create<AtenAddTensorOp>(out, y, bias, n.constInt(1));
  SmallVector<Value> results{y};
  // Mean and InvStdDev, in their own types (stash_type).
  Value stats[] = {mean, rstd};
  for (unsigned i = 1; i < n.numResults(); ++i) {
    ValueTensorType t = n.resultType(i);
    if (!t) {
      results.push_back(nullptr);
      continue;
    }
    Value v = n.convert(stats[i - 1], t.getDtype());
    if (!v)
      return n.fail("no Torch dtype for output " + Twine(i));
    results.push_back(v);
  }
  return n.replace(results);
}

LogicalResult instanceNorm(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || in.getSizes().size() < 3)
    return n.fail("the input's rank is unknown or below 3");
  // ATen's op, which the middle end breaks down; half precision computed
  // in f32 and rounded once.
  Type dtype = n.computeType(out.getDtype());
  Value y = n.create<AtenInstanceNormOp>(
      n.tensorType(out.getSizes(), dtype), n.convert(n.operand(0), dtype),
      n.convert(n.operand(1), dtype), n.convert(n.operand(2), dtype), n.none(),
      n.none(), n.constBool(true), n.constFloat(0.1),
      n.constFloat(n.floatAttr("epsilon", 1e-5)), n.constBool(false));
  return n.replace(n.convert(y, out.getDtype()));
}

//===----------------------------------------------------------------------===//
// Integer and quantized products. The integers less their zero points are
// multiplied exactly in f64 (sums of 8-bit products stay exact far past any
// real K), then taken to int32 (MatMulInteger, ConvInteger) or requantized
// as ONNX's reference does it (QLinearMatMul, QLinearConv).
//===----------------------------------------------------------------------===//

/// A per-channel parameter (1-D, one per output channel of a weight of
/// `rank`) shaped [C, 1, ...] to broadcast against the weight's dims.
Value perChannel(OnnxNode &n, Value p, int64_t rank) {
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
  Value wZp = n.operand(3) ? perChannel(n, n.operand(3), rank) : Value();
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
  Value wZp = n.operand(5) ? perChannel(n, n.operand(5), rank) : Value();
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

// ONNX Runtime's com.microsoft products and norms.

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

/// SkipLayerNormalization and SkipSimplifiedLayerNormalization (RMS): the
/// sum s = input + skip (+ bias), normalized over the last dim, times gamma
/// (+ beta). Outputs: the result, then (unconverted, if used) mean and
/// inverse standard deviation, then s.
template <bool simplified> LogicalResult skipLayerNorm(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || !n.operandType(1) || !n.operandType(2))
    return n.fail("the input's, skip's, gamma's or result's type is unknown");
  if ((n.numResults() > 1 && !n.op->getResult(1).use_empty()) ||
      (n.numResults() > 2 && !n.op->getResult(2).use_empty()))
    return n.fail("the mean and inv_std_var outputs are not converted");
  unsigned biasIndex = simplified ? 3 : 4;
  Value sum =
      n.create<AtenAddTensorOp>(out, n.operand(0), n.operand(1), n.constInt(1));
  if (Value bias = n.operand(biasIndex))
    sum = n.create<AtenAddTensorOp>(out, sum, bias, n.constInt(1));
  int64_t rank = in.getSizes().size();
  double epsilon = n.floatAttr("epsilon", 1e-12);
  Value y;
  if (simplified) {
    // x / sqrt(mean(x^2) + epsilon), computed in f32 for half precision.
    Type dtype = n.computeType(out.getDtype());
    ValueTensorType work = n.tensorType(out.getSizes(), dtype);
    SmallVector<int64_t> kept(out.getSizes());
    kept.back() = 1;
    ValueTensorType keptType = n.tensorType(kept, dtype);
    Value x = n.convert(sum, dtype);
    Value meanSquare = n.create<AtenMeanDimOp>(
        keptType, n.create<AtenMulTensorOp>(work, x, x), n.intList({rank - 1}),
        n.constBool(true), n.none());
    Value rms = n.create<AtenRsqrtOp>(
        keptType,
        n.create<AtenAddScalarOp>(keptType, meanSquare, n.constFloat(epsilon),
                                  n.constInt(1)));
    y = n.convert(n.create<AtenMulTensorOp>(work, x, rms), out.getDtype());
  } else {
    y = normalize(n, sum, {rank - 1}, epsilon, out);
  }
  y = n.create<AtenMulTensorOp>(out, y, n.operand(2));
  if (!simplified)
    if (Value beta = n.operand(3))
      y = n.create<AtenAddTensorOp>(out, y, beta, n.constInt(1));
  SmallVector<Value> results = {y};
  for (unsigned i = 1; i < n.numResults(); ++i) {
    if (isa<Torch::NoneType>(n.op->getResult(i).getType()))
      results.push_back(n.none()); // an output the node leaves out
    else
      results.push_back(i == 3 ? sum : y); // 1 and 2 are unused (checked)
  }
  return n.replace(results);
}

const OnnxConversion kLinearConversions[] = {
    {"MatMul", 1, matmul},
    {"com.microsoft.FusedMatMul", 1, fusedMatmul},
    {"com.microsoft.SkipLayerNormalization", 1, skipLayerNorm<false>},
    {"com.microsoft.SkipSimplifiedLayerNormalization", 1, skipLayerNorm<true>},
    {"Gemm", 7, gemm},
    {"Einsum", 12, einsum},
    {"Conv", 1, conv},
    {"ConvTranspose", 1, convTranspose},
    {"MatMulInteger", 10, matmulInteger},
    {"QLinearMatMul", 10, qlinearMatmul},
    {"ConvInteger", 10, convInteger},
    {"QLinearConv", 10, qlinearConv},
    {"LpNormalization", 1, lpNormalization},
    {"MaxPool", 1, maxPool},
    {"AveragePool", 1, averagePool},
    {"GlobalAveragePool", 1, globalPool<false>},
    {"GlobalMaxPool", 1, globalPool<true>},
    {"LpPool", 11, lpPool},
    {"MaxUnpool", 9, maxUnpool},
    {"LRN", 1, lrn},
    {"BatchNormalization", 9, batchNorm},
    {"LayerNormalization", 17, layerNorm},
    {"InstanceNormalization", 6, instanceNorm},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::linearConversions() {
  return kLinearConversions;
}
