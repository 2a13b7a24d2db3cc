//===- Normalization.cpp - ONNX's normalizations --------------------------===//
//
// BatchNormalization, InstanceNormalization, LayerNormalization,
// LpNormalization, LRN and com.microsoft's SkipLayerNormalization and
// SkipSimplifiedLayerNormalization: ATen's op where it means what ONNX does
// (batch_norm, instance_norm, layer_norm, native_layer_norm), which the middle
// end breaks down; the rest written out.
//
//===----------------------------------------------------------------------===//

#include "Linear.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

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
  Value five = reshaped(n, squares, spread, dtype);
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
  Value window = reshaped(n, mean, s, dtype); // the sum / size
  Value base = n.create<AtenAddScalarOp>(
      full, n.create<AtenMulScalarOp>(full, window, n.constFloat(alpha)),
      n.constFloat(bias), n.constInt(1));
  Value denominator =
      n.create<AtenPowTensorScalarOp>(full, base, n.constFloat(beta));
  return n.replace(n.convert(n.create<AtenDivTensorOp>(full, x, denominator),
                             out.getDtype()));
}

/// A per-channel vector [C] as [C, 1, ...] to broadcast against [N, C, ...].
Value perChannel(OnnxNode &n, Value v, int64_t rank, Type dtype) {
  auto t = cast<ValueTensorType>(v.getType());
  SmallVector<int64_t> sizes{t.getSizes()[0]};
  sizes.append(rank - 2, 1);
  return reshaped(n, v, sizes, dtype);
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

/// Whether operands `scale` and `bias` (each if given) have the sizes of
/// `x`'s dims from `axis` on, as aten.layer_norm's weight and bias must;
/// ONNX lets them broadcast (fewer dims, or a 1 against another size).
bool fitsNormalizedShape(OnnxNode &n, ValueTensorType x, int64_t axis,
                         unsigned scale, unsigned bias) {
  ArrayRef<int64_t> normalized = x.getSizes().drop_front(axis);
  for (unsigned i : {scale, bias}) {
    if (!n.operand(i))
      continue;
    ValueTensorType t = n.operandType(i);
    if (!t || t.getSizes().size() != normalized.size())
      return false;
    for (auto [size, wanted] : llvm::zip(t.getSizes(), normalized))
      if (size != wanted &&
          (size == 1 || (size != kUnknownSize && wanted != kUnknownSize)))
        return false;
  }
  return true;
}

/// The sizes of `x`'s dims from `axis` on: layer_norm's normalized_shape.
Value normalizedShape(OnnxNode &n, Value x, int64_t axis) {
  auto type = cast<ValueTensorType>(x.getType());
  SmallVector<Value> sizes;
  for (int64_t d = axis; d < static_cast<int64_t>(type.getSizes().size()); ++d)
    sizes.push_back(n.sizeOf(x, d));
  return n.sizeList(sizes);
}

/// Operand `i`, or none where the node leaves it out.
Value operandOrNone(OnnxNode &n, unsigned i) {
  Value v = n.operand(i);
  return v ? v : n.none();
}

/// `x` normalized over its dims from `axis` on by aten.layer_norm, weight
/// and bias operands `scale` and `bias`, of `x`'s type.
Value layerNormOf(OnnxNode &n, Value x, int64_t axis, unsigned scale,
                  unsigned bias, double epsilon) {
  return n.create<AtenLayerNormOp>(
      x.getType(), x, normalizedShape(n, x, axis), operandOrNone(n, scale),
      operandOrNone(n, bias), n.constFloat(epsilon), n.constBool(false));
}

/// LayerNormalization over the dims from axis on: aten.layer_norm, or
/// aten.native_layer_norm where Mean or InvStdDev is used, which the middle
/// end breaks down; written out where Scale or B broadcast as ATen's weight
/// and bias do not. The statistics are computed in the input's dtype, then
/// converted to their outputs' (stash_type's).
LogicalResult layerNorm(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's or result's rank or dtype is unknown");
  int64_t rank = in.getSizes().size();
  int64_t axis = n.intAttr("axis", -1);
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    return n.fail("axis is out of range");
  SmallVector<int64_t> dims;
  for (int64_t d = axis; d < rank; ++d)
    dims.push_back(d);
  double epsilon = n.floatAttr("epsilon", 1e-5);
  bool statistics = false;
  for (unsigned i = 1; i < n.numResults(); ++i)
    statistics |= !n.op->getResult(i).use_empty();
  Value y, mean, rstd;
  if (!fitsNormalizedShape(n, in, axis, 1, 2)) {
    y = normalize(n, n.operand(0), dims, epsilon, out, &mean, &rstd);
    if (Value scale = n.operand(1))
      y = n.create<AtenMulTensorOp>(out, y, scale);
    if (Value bias = n.operand(2))
      y = n.create<AtenAddTensorOp>(out, y, bias, n.constInt(1));
  } else if (!statistics) {
    y = layerNormOf(n, n.operand(0), axis, 1, 2, epsilon);
  } else {
    // (y, mean, rstd), the statistics with the normalized dims kept.
    SmallVector<int64_t> kept(in.getSizes());
    for (int64_t d : dims)
      kept[d] = 1;
    ValueTensorType keptType = n.tensorType(kept, in.getDtype());
    auto norm = n.b.create<AtenNativeLayerNormOp>(
        n.loc, TypeRange{in, keptType, keptType}, n.operand(0),
        normalizedShape(n, n.operand(0), axis), operandOrNone(n, 1),
        operandOrNone(n, 2), n.constFloat(epsilon));
    y = norm->getResult(0);
    mean = norm->getResult(1);
    rstd = norm->getResult(2);
  }
  SmallVector<Value> results{y};
  // Mean and InvStdDev, in their own types (stash_type); none where unused
  // and not computed.
  Value stats[] = {mean, rstd};
  for (unsigned i = 1; i < n.numResults(); ++i) {
    ValueTensorType t = n.resultType(i);
    if (!t || !stats[i - 1]) {
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

/// SkipLayerNormalization and SkipSimplifiedLayerNormalization (RMS): the
/// sum s = input + skip (+ bias), normalized over the last dim, times gamma
/// (+ beta): aten.layer_norm (written out where gamma or beta broadcast);
/// the RMS normalization written out (the middle end does not break
/// aten.rms_norm down). Outputs: the result, then (unconverted, if used) mean
/// and inverse standard deviation, then s.
template <bool simplified> LogicalResult skipLayerNorm(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || !n.operandType(1) || !n.operandType(2))
    return n.fail("the input's, skip's, gamma's or result's type is unknown");
  if (in.getSizes().empty())
    return n.fail("the input is 0-d");
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
    y = n.create<AtenMulTensorOp>(out, y, n.operand(2));
  } else if (fitsNormalizedShape(n, out, rank - 1, 2, 3)) {
    y = layerNormOf(n, sum, rank - 1, 2, 3, epsilon);
  } else {
    y = normalize(n, sum, {rank - 1}, epsilon, out);
    y = n.create<AtenMulTensorOp>(out, y, n.operand(2));
    if (Value beta = n.operand(3))
      y = n.create<AtenAddTensorOp>(out, y, beta, n.constInt(1));
  }
  SmallVector<Value> results = {y};
  for (unsigned i = 1; i < n.numResults(); ++i) {
    if (isa<Torch::NoneType>(n.op->getResult(i).getType()))
      results.push_back(n.none()); // an output the node leaves out
    else
      results.push_back(i == 3 ? sum : y); // 1 and 2 are unused (checked)
  }
  return n.replace(results);
}

const OnnxConversion kNormalizationConversions[] = {
    {"com.microsoft.SkipLayerNormalization", 1, skipLayerNorm<false>},
    {"com.microsoft.SkipSimplifiedLayerNormalization", 1, skipLayerNorm<true>},
    {"LpNormalization", 1, lpNormalization},
    {"LRN", 1, lrn},
    {"BatchNormalization", 9, batchNorm},
    {"LayerNormalization", 17, layerNorm},
    {"InstanceNormalization", 6, instanceNorm},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::normalizationConversions() {
  return kNormalizationConversions;
}
