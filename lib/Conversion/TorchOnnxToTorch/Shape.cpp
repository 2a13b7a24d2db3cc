//===- Shape.cpp - ONNX's shape and data-movement ops ---------------------===//
//
// Reshape, Flatten, Squeeze, Unsqueeze and Expand are all "this tensor in the
// result's shape": with the result's type known (ONNX's shape inference wrote
// it), they become one aten.reshape or aten.broadcast_to to it, whatever form
// their shape operand took. Shape and Size become literals where static.
// Transpose, Concat, Slice, Split, Pad and Tile, with every operand possibly
// known only at run time.
//
//===----------------------------------------------------------------------===//

#include "OnnxNode.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

/// A result size known only at run time, for dimension `d`; null if it
/// cannot be told.
using DynamicSize = function_ref<Value(int64_t d)>;

LogicalResult reshapeTo(OnnxNode &n, DynamicSize dynamicSize) {
  if (!n.operand(0))
    return n.fail("operand 0 is missing");
  std::optional<Value> shape = n.resultShapeList(dynamicSize);
  if (!shape)
    return failure();
  return n.replace(
      n.create<AtenReshapeOp>(n.resultType(), n.operand(0), *shape));
}

/// Reshape: a dynamic size is the shape operand's element, where 0 copies
/// the input's size (unless allowzero) and -1 is inferred.
LogicalResult reshape(OnnxNode &n) {
  ValueTensorType in = n.operandType(0);
  bool allowZero = n.intAttr("allowzero", 0);
  std::optional<SmallVector<Value>> given;
  bool read = false;
  return reshapeTo(n, [&](int64_t d) -> Value {
    if (!read) {
      given = n.intsOf(1);
      read = true;
    }
    if (!given || d >= static_cast<int64_t>(given->size()))
      return nullptr;
    Value v = (*given)[d];
    if (allowZero || !in || d >= static_cast<int64_t>(in.getSizes().size()))
      return v;
    if (std::optional<int64_t> c = constantInt(v))
      return *c == 0 ? n.sizeOf(n.operand(0), d) : v;
    return n.selectInt(n.eqInt(v, 0), n.sizeOf(n.operand(0), d), v);
  });
}

/// Flatten: [product of the sizes before axis, product of the rest].
LogicalResult flatten(OnnxNode &n) {
  ValueTensorType in = n.operandType(0);
  if (!in)
    return n.fail("the input's rank is unknown");
  int64_t rank = in.getSizes().size();
  int64_t axis = n.intAttr("axis", 1);
  if (axis < 0)
    axis += rank;
  return reshapeTo(n, [&](int64_t d) -> Value {
    Value product = n.constInt(1);
    for (int64_t k = d == 0 ? 0 : axis; k < (d == 0 ? axis : rank); ++k)
      product = n.mulInt(product, n.sizeOf(n.operand(0), k));
    return product;
  });
}

/// Squeeze/Unsqueeze's axes (an attribute before opset 13, an operand
/// after), counted from 0 in a tensor of `rank`; nullopt if not constant.
std::optional<SmallVector<int64_t>> squeezeAxes(OnnxNode &n, int64_t rank) {
  std::optional<SmallVector<int64_t>> axes =
      n.opset < 13 ? n.intsAttr("axes")
                   : (n.operand(1) ? n.constantInts(1) : std::nullopt);
  if (axes)
    for (int64_t &a : *axes)
      if (a < 0)
        a += rank;
  return axes;
}

/// Unsqueeze: the input's sizes with 1s at the axes.
LogicalResult unsqueeze(OnnxNode &n) {
  ValueTensorType out = n.resultType();
  if (!out)
    return n.fail("the result's rank or dtype is unknown");
  std::optional<SmallVector<int64_t>> axes =
      squeezeAxes(n, out.getSizes().size());
  return reshapeTo(n, [&](int64_t d) -> Value {
    if (!axes || llvm::is_contained(*axes, d))
      return nullptr;
    int64_t before = llvm::count_if(*axes, [&](int64_t a) { return a < d; });
    return n.sizeOf(n.operand(0), d - before);
  });
}

/// Squeeze: the input's sizes without the axes (without its static 1s when
/// there are none).
LogicalResult squeeze(OnnxNode &n) {
  ValueTensorType in = n.operandType(0);
  if (!in)
    return n.fail("the input's rank is unknown");
  int64_t rank = in.getSizes().size();
  bool hasAxes = n.opset < 13 ? bool(n.attr("axes")) : bool(n.operand(1));
  std::optional<SmallVector<int64_t>> axes = squeezeAxes(n, rank);
  SmallVector<int64_t> kept;
  for (int64_t k = 0; k < rank; ++k) {
    bool dropped = hasAxes ? (axes && llvm::is_contained(*axes, k))
                           : in.getSizes()[k] == 1;
    if (!dropped)
      kept.push_back(k);
  }
  return reshapeTo(n, [&](int64_t d) -> Value {
    if ((hasAxes && !axes) || d >= static_cast<int64_t>(kept.size()))
      return nullptr;
    return n.sizeOf(n.operand(0), kept[d]);
  });
}

/// Expand broadcasts both ways: each result size is the shape's element,
/// or the input's where that is 1 (or absent).
LogicalResult expand(OnnxNode &n) {
  ValueTensorType out = n.resultType(), in = n.operandType(0);
  if (!out || !in)
    return n.fail("the input's or result's rank or dtype is unknown");
  if (!llvm::is_contained(out.getSizes(), kUnknownSize))
    return n.replace(n.create<AtenBroadcastToOp>(out, n.operand(0),
                                                 n.intList(out.getSizes())));
  std::optional<SmallVector<Value>> shape = n.intsOf(1);
  if (!shape)
    return n.fail("the shape's length is unknown");
  int64_t rank = out.getSizes().size();
  int64_t shapeOffset = rank - static_cast<int64_t>(shape->size());
  int64_t inOffset = rank - static_cast<int64_t>(in.getSizes().size());
  if (shapeOffset < 0 || inOffset < 0)
    return n.fail("the result's rank is below the shape's or the input's");
  SmallVector<Value> sizes;
  for (int64_t j = 0; j < rank; ++j) {
    if (out.getSizes()[j] != kUnknownSize) {
      sizes.push_back(n.constInt(out.getSizes()[j]));
      continue;
    }
    int64_t i = j - inOffset;
    Value keep = n.constInt(-1); // aten.broadcast_to: the input's size
    if (j < shapeOffset) {
      sizes.push_back(keep);
      continue;
    }
    Value s = (*shape)[j - shapeOffset];
    std::optional<int64_t> c = constantInt(s);
    if (i < 0 || in.getSizes()[i] == 1)
      sizes.push_back(s);
    else if (c)
      sizes.push_back(*c == 1 ? keep : s);
    else
      sizes.push_back(n.selectInt(n.eqInt(s, 1), keep, s));
  }
  return n.replace(
      n.create<AtenBroadcastToOp>(out, n.operand(0), n.sizeList(sizes)));
}

LogicalResult transpose(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's or result's rank or dtype is unknown");
  int64_t rank = in.getSizes().size();
  SmallVector<int64_t> perm;
  if (auto given = n.intsAttr("perm"))
    perm = *given;
  else
    for (int64_t d = rank - 1; d >= 0; --d)
      perm.push_back(d);
  return n.replace(n.create<AtenPermuteOp>(out, n.operand(0), n.intList(perm)));
}

LogicalResult concat(OnnxNode &n) {
  ValueTensorType out = n.resultType();
  if (!out)
    return n.fail("the result's rank or dtype is unknown");
  SmallVector<Value> parts;
  for (unsigned i = 0; i < n.numOperands(); ++i)
    if (Value v = n.operand(i))
      parts.push_back(v);
  int64_t axis = n.intAttr("axis", 0);
  if (axis < 0)
    axis += out.getSizes().size();
  Value list = n.list(ValueTensorType::get(n.b.getContext()), parts);
  return n.replace(n.create<AtenCatOp>(out, list, n.constInt(axis)));
}

/// A literal of `type` holding the integers `values`.
Value intsLiteral(OnnxNode &n, ValueTensorType type, ArrayRef<int64_t> values) {
  return n.b.create<ValueTensorLiteralOp>(
      n.loc, type,
      DenseElementsAttr::get(
          RankedTensorType::get(type.getSizes(), type.getDtype()), values));
}

LogicalResult shape(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's rank is unknown");
  int64_t rank = in.getSizes().size();
  auto clampDim = [&](int64_t d) {
    return std::clamp<int64_t>(d < 0 ? d + rank : d, 0, rank);
  };
  int64_t start = clampDim(n.intAttr("start", 0));
  int64_t end = clampDim(n.intAttr("end", rank));
  SmallVector<int64_t> sizes;
  for (int64_t d = start; d < end; ++d)
    sizes.push_back(in.getSizes()[d]);
  if (!llvm::is_contained(sizes, kUnknownSize))
    return n.replace(intsLiteral(n, out, sizes));
  // Known at run time only: all the sizes, then the slice asked for.
  Value all = n.create<Aten_ShapeAsTensorOp>(
      n.tensorType({rank}, out.getDtype()), n.operand(0));
  if (start == 0 && end == rank)
    return n.replace(all);
  return n.replace(n.create<AtenSliceTensorOp>(out, all, n.constInt(0),
                                               n.constInt(start),
                                               n.constInt(end), n.constInt(1)));
}

LogicalResult size(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's rank is unknown");
  if (llvm::is_contained(in.getSizes(), kUnknownSize)) {
    Value count = n.constInt(1);
    for (size_t d = 0; d < in.getSizes().size(); ++d)
      count = n.mulInt(count, n.sizeOf(n.operand(0), d));
    return n.replace(n.create<PrimNumToTensorScalarOp>(out, count));
  }
  int64_t count = 1;
  for (int64_t s : in.getSizes())
    count *= s;
  return n.replace(intsLiteral(n, out, {count}));
}

/// Slices `x` along `dim` from `start` to `end` by `step` (> 0), Python's
/// clamping; the result's size is computed when the dim's size is static.
Value sliceDim(OnnxNode &n, Value x, int64_t dim, int64_t start, int64_t end,
               int64_t step, Type dtype) {
  auto t = cast<ValueTensorType>(x.getType());
  SmallVector<int64_t> sizes(t.getSizes());
  int64_t size = sizes[dim];
  if (size != kUnknownSize) {
    auto clampIndex = [&](int64_t i) {
      return std::clamp<int64_t>(i < 0 ? i + size : i, 0, size);
    };
    int64_t s = clampIndex(start), e = clampIndex(end);
    sizes[dim] = e > s ? (e - s + step - 1) / step : 0;
  }
  return n.create<AtenSliceTensorOp>(n.tensorType(sizes, dtype), x,
                                     n.constInt(dim), n.constInt(start),
                                     n.constInt(end), n.constInt(step));
}

/// x[start:end:step] along `dim` with a negative step, for a static size:
/// the positions ONNX picks (start clamped to [0, size-1], end to
/// [-1, size-1]) gathered by index_select.
Value reverseSliceDim(OnnxNode &n, Value x, int64_t dim, int64_t start,
                      int64_t end, int64_t step, Type dtype) {
  auto t = cast<ValueTensorType>(x.getType());
  int64_t size = t.getSizes()[dim];
  auto clampTo = [&](int64_t i) {
    if (i < 0)
      i = i < -size ? -1 : i + size; // (-inf, -size) -> before the first
    return std::clamp<int64_t>(i, -1, size - 1);
  };
  SmallVector<int64_t> positions;
  for (int64_t i = clampTo(start), e = clampTo(end); i > e; i += step)
    positions.push_back(i);
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  int64_t count = positions.size();
  Value index = n.b.create<ValueTensorLiteralOp>(
      n.loc, n.tensorType({count}, si64),
      DenseElementsAttr::get(RankedTensorType::get({count}, si64),
                             ArrayRef(positions)));
  SmallVector<int64_t> sizes(t.getSizes());
  sizes[dim] = count;
  return n.create<AtenIndexSelectOp>(n.tensorType(sizes, dtype), x,
                                     n.constInt(dim), index);
}

/// Integer arithmetic on !torch.int values for run-time bounds; the values
/// are kept well inside int64 (bounds are clamped to +-2^40 first), so
/// OnnxNode::selectInt's arithmetic cannot overflow.
struct RunTimeInts {
  OnnxNode &n;
  Type intType() { return Torch::IntType::get(n.b.getContext()); }
  Type boolType() { return Torch::BoolType::get(n.b.getContext()); }
  Value add(Value a, Value c) {
    return n.create<AtenAddIntOp>(intType(), a, c);
  }
  Value sub(Value a, Value c) {
    return n.create<AtenSubIntOp>(intType(), a, c);
  }
  Value lt(Value a, Value c) { return n.create<AtenLtIntOp>(boolType(), a, c); }
  Value gt(Value a, Value c) { return n.create<AtenGtIntOp>(boolType(), a, c); }
  Value min(Value a, Value c) { return n.selectInt(lt(a, c), a, c); }
  Value max(Value a, Value c) { return n.selectInt(lt(a, c), c, a); }
  /// `i`, counted from the end if negative.
  Value wrap(Value i, Value size) {
    return n.selectInt(lt(i, n.constInt(0)), add(i, size), i);
  }
  /// The values of a 1-D integer operand with static length, clamped to
  /// +-2^40 (ONNX writes INT64_MAX and INT64_MIN for "to the end").
  std::optional<SmallVector<Value>> bounds(unsigned i) {
    ValueTensorType t = n.operandType(i);
    if (!t || t.getSizes().size() != 1 || t.getSizes()[0] == kUnknownSize)
      return std::nullopt;
    constexpr int64_t kFar = int64_t(1) << 40;
    return n.intsOf(n.create<AtenClampOp>(t, n.operand(i), n.constInt(-kFar),
                                          n.constInt(kFar)));
  }
  /// For each of `rank` dims, the value of `values` whose axis (in `axes`,
  /// negative ones counted from the end) names it, else `otherwise(d)`.
  SmallVector<Value> perDim(int64_t rank, ArrayRef<Value> axes,
                            ArrayRef<Value> values,
                            function_ref<Value(int64_t)> otherwise) {
    SmallVector<Value> normalized;
    for (Value a : axes)
      normalized.push_back(wrap(a, n.constInt(rank)));
    SmallVector<Value> result;
    for (int64_t d = 0; d < rank; ++d) {
      Value v = otherwise(d);
      for (auto [axis, value] : llvm::zip(normalized, values))
        v = n.selectInt(n.eqInt(axis, d), value, v);
      result.push_back(v);
    }
    return result;
  }
  /// arange(start, end, step) as a 1-D si64 tensor of run-time length.
  Value arange(Value start, Value end, Value step) {
    auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
    return n.create<AtenArangeStartStepOp>(n.tensorType({kUnknownSize}, si64),
                                           start, end, step, n.constInt(4),
                                           n.none(), n.none(), n.none());
  }
};

/// x[start:end:step] along `dim`, every bound a run-time value: ONNX's
/// clamping (which depends on the step's sign), then index_select of
/// arange(start, end, step). A step of 0, which ONNX forbids, is checked
/// for by the caller.
Value sliceAtRunTime(OnnxNode &n, Value x, int64_t dim, Value start, Value end,
                     Value step, Type dtype) {
  RunTimeInts ints{n};
  Value size = n.sizeOf(x, dim), zero = n.constInt(0);
  Value forward = ints.gt(step, zero);
  Value high = n.selectInt(forward, size, ints.sub(size, n.constInt(1)));
  Value s = ints.max(ints.min(ints.wrap(start, size), high), zero);
  Value e = ints.max(ints.min(ints.wrap(end, size), high),
                     n.selectInt(forward, zero, n.constInt(-1)));
  Value stopped = n.eqInt(step, 0);
  e = n.selectInt(stopped, s, e);
  step = n.selectInt(stopped, n.constInt(1), step);
  SmallVector<int64_t> sizes(cast<ValueTensorType>(x.getType()).getSizes());
  sizes[dim] = kUnknownSize;
  return n.create<AtenIndexSelectOp>(n.tensorType(sizes, dtype), x,
                                     n.constInt(dim), ints.arange(s, e, step));
}

/// Slice whose axes or steps arrive at run time, or whose negative step
/// meets a dimension of unknown size: every dimension a bound names is
/// sliced by sliceAtRunTime.
LogicalResult sliceAtRunTime(OnnxNode &n, ValueTensorType in,
                             ValueTensorType out) {
  RunTimeInts ints{n};
  int64_t rank = in.getSizes().size();
  std::optional<SmallVector<Value>> starts = ints.bounds(1),
                                    ends = ints.bounds(2);
  if (!starts || !ends || starts->size() != ends->size())
    return n.fail("starts and ends must have one static length");
  size_t count = starts->size();
  std::optional<SmallVector<Value>> steps =
      n.operand(4) ? n.intsOf(4)
                   : std::optional<SmallVector<Value>>(
                         SmallVector<Value>(count, n.constInt(1)));
  if (!steps || steps->size() != count)
    return n.fail("steps must have the length of starts");
  for (Value step : *steps) {
    std::optional<int64_t> known = constantInt(step);
    if (known && *known == 0)
      return n.fail("a step is 0");
    if (!known)
      n.check(n.create<AtenNeIntOp>(n.b.getType<Torch::BoolType>(), step,
                                    n.constInt(0)),
              "a step is 0");
  }
  Value x = n.operand(0);
  Type dtype = out.getDtype();
  std::optional<SmallVector<int64_t>> axes =
      n.operand(3) ? n.constantInts(3)
                   : std::optional<SmallVector<int64_t>>(
                         llvm::to_vector(llvm::seq<int64_t>(0, count)));
  if (axes) {
    if (axes->size() != count)
      return n.fail("axes must have the length of starts");
    for (size_t i = 0; i < count; ++i) {
      int64_t axis = (*axes)[i] < 0 ? (*axes)[i] + rank : (*axes)[i];
      if (axis < 0 || axis >= rank)
        return n.fail("axis " + Twine((*axes)[i]) + " is out of range");
      x = sliceAtRunTime(n, x, axis, (*starts)[i], (*ends)[i], (*steps)[i],
                         dtype);
    }
    return n.replace(x);
  }
  // Axes at run time: each dimension takes the bounds whose axis names it,
  // or the whole of itself.
  std::optional<SmallVector<Value>> runAxes = n.intsOf(3);
  if (!runAxes || runAxes->size() != count)
    return n.fail("axes must have the length of starts");
  SmallVector<Value> dimStarts = ints.perDim(
      rank, *runAxes, *starts, [&](int64_t) { return n.constInt(0); });
  SmallVector<Value> dimEnds = ints.perDim(
      rank, *runAxes, *ends, [&](int64_t d) { return n.sizeOf(x, d); });
  SmallVector<Value> dimSteps = ints.perDim(
      rank, *runAxes, *steps, [&](int64_t) { return n.constInt(1); });
  for (int64_t d = 0; d < rank; ++d)
    x = sliceAtRunTime(n, x, d, dimStarts[d], dimEnds[d], dimSteps[d], dtype);
  return n.replace(x);
}

LogicalResult slice(OnnxNode &n, bool fromOperands) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's or result's rank is unknown");
  int64_t rank = in.getSizes().size();
  std::optional<SmallVector<int64_t>> starts, ends, axes, steps;
  // Bounds known only at run time (!torch.int values), where not constant.
  std::optional<SmallVector<Value>> runStarts, runEnds;
  if (fromOperands) {
    starts = n.constantInts(1);
    ends = n.constantInts(2);
    axes = n.operand(3) ? n.constantInts(3) : std::nullopt;
    steps = n.operand(4) ? n.constantInts(4) : std::nullopt;
    bool constantBounds = starts && ends;
    bool forwardSteps =
        !steps || llvm::all_of(*steps, [](int64_t s) { return s > 0; });
    // A negative step is gathered at positions computed here, which needs
    // its dimension's size.
    bool reversedUnknown = false;
    if (steps && (axes || !n.operand(3)))
      for (auto [i, step] : llvm::enumerate(*steps)) {
        int64_t axis = axes && i < axes->size() ? (*axes)[i] : i;
        axis = axis < 0 ? axis + rank : axis;
        reversedUnknown |= step < 0 && (axis < 0 || axis >= rank ||
                                        in.getSizes()[axis] == kUnknownSize);
      }
    if ((n.operand(3) && !axes) || (n.operand(4) && !steps) ||
        (!constantBounds && !forwardSteps) || reversedUnknown)
      return sliceAtRunTime(n, in, out);
    if (!starts || !ends) {
      runStarts = n.intsOf(1);
      runEnds = n.intsOf(2);
      if (!runStarts || !runEnds || runStarts->size() != runEnds->size())
        return n.fail("starts and ends must have a static length");
    }
  } else {
    starts = n.intsAttr("starts");
    ends = n.intsAttr("ends");
    axes = n.intsAttr("axes");
    if (!starts || !ends)
      return n.fail("starts and ends are required");
  }
  size_t count = starts && ends ? starts->size() : runStarts->size();
  Value x = n.operand(0);
  for (size_t i = 0; i < count; ++i) {
    int64_t axis = axes ? (*axes)[i] : static_cast<int64_t>(i);
    if (axis < 0)
      axis += rank;
    int64_t step = steps ? (*steps)[i] : 1;
    if (step == 0)
      return n.fail("a step is 0");
    if (starts && ends) {
      if (step < 0) { // the dimension's size is static (else sliceAtRunTime)
        x = reverseSliceDim(n, x, axis, (*starts)[i], (*ends)[i], step,
                            out.getDtype());
        continue;
      }
      // ONNX's INT64_MAX "to the end" fits aten.slice's clamping as it is.
      x = sliceDim(n, x, axis, (*starts)[i], (*ends)[i], step, out.getDtype());
      continue;
    }
    SmallVector<int64_t> sizes(cast<ValueTensorType>(x.getType()).getSizes());
    sizes[axis] = kUnknownSize;
    x = n.create<AtenSliceTensorOp>(n.tensorType(sizes, out.getDtype()), x,
                                    n.constInt(axis), (*runStarts)[i],
                                    (*runEnds)[i], n.constInt(step));
  }
  if (x.getType() != out) {
    auto got = cast<ValueTensorType>(x.getType());
    if (got.getSizes().size() != out.getSizes().size())
      return n.fail("the slices' rank differs from the result's");
    // Only the static knowledge differs: one type or the other knows more.
    x = n.create<TensorStaticInfoCastOp>(out, x);
  }
  return n.replace(x);
}

LogicalResult split(OnnxNode &n) {
  ValueTensorType in = n.operandType(0);
  if (!in)
    return n.fail("the input's rank is unknown");
  int64_t axis = n.intAttr("axis", 0);
  if (axis < 0)
    axis += in.getSizes().size();
  unsigned parts = n.numResults();
  // Each output's length along the axis: its type's size there, else the
  // `split` operand's (or attribute's) element, else ONNX's equal parts of
  // a length known only at run time.
  std::optional<SmallVector<Value>> given;
  if (n.operand(1))
    given = n.intsOf(1);
  else if (auto lengths = n.intsAttr("split")) {
    given.emplace();
    for (int64_t v : *lengths)
      given->push_back(n.constInt(v));
  }
  if (given && given->size() != parts)
    return n.fail("split gives " + Twine(given->size()) + " lengths for " +
                  Twine(parts) + " outputs");
  RunTimeInts ints{n};
  Value total = n.sizeOf(n.operand(0), axis);
  // Equal parts: ceil(total / parts) each (opset 18 on: the last one takes
  // what is left; before, parts divide the length evenly).
  Value chunk = n.create<AtenFloordivIntOp>(
      ints.intType(), ints.add(total, n.constInt(parts - 1)),
      n.constInt(parts));
  SmallVector<Value> results;
  Value offset = n.constInt(0);
  for (unsigned i = 0; i < parts; ++i) {
    ValueTensorType out = n.resultType(i);
    if (!out)
      return n.fail("output " + Twine(i) + "'s rank or dtype is unknown");
    int64_t size = out.getSizes()[axis];
    Value length = size != kUnknownSize ? n.constInt(size)
                   : given              ? (*given)[i]
                                        : chunk;
    Value end = i == 0 ? length : ints.add(offset, length);
    if (size == kUnknownSize && !given && i + 1 == parts)
      end = total; // the last part takes what is left
    results.push_back(n.create<AtenSliceTensorOp>(
        out, n.operand(0), n.constInt(axis), offset, end, n.constInt(1)));
    offset = end;
  }
  return n.replace(results);
}

/// `x` padded along `dim` by `begin` and `end` (run-time values; negative
/// ones crop) in an ONNX Pad mode: the source position of output position j
/// is j - begin, taken from arange(-begin, size + end), then made a valid
/// index by the mode (edge: clamped; wrap: modulo the size; reflect: folded
/// at the ends) and gathered with index_select. "constant" gathers clamped
/// and puts `fill` where the position is outside the input.
Value padAtRunTime(OnnxNode &n, Value x, int64_t dim, Value begin, Value end,
                   StringRef mode, Value fill, Type dtype) {
  RunTimeInts ints{n};
  auto type = cast<ValueTensorType>(x.getType());
  int64_t rank = type.getSizes().size();
  Value size = n.sizeOf(x, dim), zero = n.constInt(0), one = n.constInt(1);
  Value source = ints.arange(ints.sub(zero, begin), ints.add(size, end), one);
  auto indexType = cast<ValueTensorType>(source.getType());
  auto maskType = n.tensorType({kUnknownSize}, n.b.getI1Type());
  Value last = ints.sub(size, one);
  Value index;
  if (mode == "wrap") {
    index = n.create<AtenRemainderScalarOp>(indexType, source, size);
  } else if (mode == "reflect") {
    // Period 2 (size - 1) (1 for a size of 1, where every index is 0).
    Value period = n.selectInt(n.eqInt(size, 1), one, ints.add(last, last));
    Value folded = n.create<AtenRemainderScalarOp>(indexType, source, period);
    Value inside = n.create<AtenLtScalarOp>(maskType, folded, size);
    Value mirrored = n.create<AtenRsubScalarOp>(indexType, folded, period, one);
    index = n.create<AtenWhereSelfOp>(indexType, inside, folded, mirrored);
  } else { // edge, and constant's in-range gather
    index = n.create<AtenClampOp>(indexType, source, zero, last);
  }
  SmallVector<int64_t> sizes(type.getSizes());
  sizes[dim] = kUnknownSize;
  ValueTensorType resultType = n.tensorType(sizes, dtype);
  Value gathered =
      n.create<AtenIndexSelectOp>(resultType, x, n.constInt(dim), index);
  if (mode != "constant")
    return gathered;
  Value inside = n.create<AtenLogicalAndOp>(
      maskType, n.create<AtenGeScalarOp>(maskType, source, zero),
      n.create<AtenLtScalarOp>(maskType, source, size));
  // The mask along `dim`, 1 elsewhere, to broadcast against the result.
  SmallVector<int64_t> maskSizes(rank, 1);
  maskSizes[dim] = kUnknownSize;
  SmallVector<Value> maskShape(rank, one);
  maskShape[dim] = n.sizeOf(source, 0);
  Value mask = n.create<AtenViewOp>(n.tensorType(maskSizes, n.b.getI1Type()),
                                    inside, n.sizeList(maskShape));
  return n.create<AtenWhereScalarOtherOp>(resultType, mask, gathered, fill);
}

LogicalResult pad(OnnxNode &n, bool fromOperands) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's or result's rank is unknown");
  StringRef mode = n.stringAttr("mode", "constant");
  if (mode != "constant" && mode != "edge" && mode != "reflect" &&
      mode != "wrap")
    return n.fail("mode '" + mode + "' is not one ONNX defines");
  int64_t rank = in.getSizes().size();
  std::optional<SmallVector<int64_t>> pads =
      fromOperands ? n.constantInts(1) : n.intsAttr("pads");
  double value = n.floatAttr("value", 0.0);
  Value fill;
  if (fromOperands && n.operand(2)) {
    std::optional<SmallVector<double>> v = n.constantFloats(2);
    if (v && v->size() == 1) {
      value = (*v)[0];
    } else { // a 0-d tensor at run time: its element
      Type scalar = isa<mlir::FloatType>(out.getDtype())
                        ? Type(Torch::FloatType::get(n.b.getContext()))
                        : Type(Torch::IntType::get(n.b.getContext()));
      fill = n.create<AtenItemOp>(scalar, n.operand(2));
    }
  }
  if (!fill)
    fill = n.constFloat(value);
  std::optional<SmallVector<int64_t>> axes;
  if (fromOperands && n.operand(3)) {
    axes = n.constantInts(3);
    if (axes)
      for (int64_t &a : *axes)
        a = a < 0 ? a + rank : a;
  } else {
    axes = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  }

  // Constant pads, none negative, constant axes, constant mode: tensor.pad.
  if (pads && axes && mode == "constant" &&
      llvm::none_of(*pads, [](int64_t p) { return p < 0; })) {
    if (pads->size() != 2 * axes->size())
      return n.fail("pads must hold a begin and an end per axis");
    // aten.constant_pad_nd: (begin, end) pairs from the last dim backwards.
    SmallVector<int64_t> torchPads(2 * rank, 0);
    for (auto [i, axis] : llvm::enumerate(*axes)) {
      int64_t fromLast = rank - 1 - axis;
      torchPads[2 * fromLast] = (*pads)[i];
      torchPads[2 * fromLast + 1] = (*pads)[i + axes->size()];
    }
    return n.replace(n.create<AtenConstantPadNdOp>(out, n.operand(0),
                                                   n.intList(torchPads), fill));
  }

  // Otherwise per dimension, with run-time amounts.
  RunTimeInts ints{n};
  std::optional<SmallVector<Value>> amounts;
  if (pads) {
    amounts.emplace();
    for (int64_t p : *pads)
      amounts->push_back(n.constInt(p));
  } else {
    amounts = n.intsOf(1);
  }
  if (!amounts)
    return n.fail("pads must have a static length");
  size_t count = amounts->size() / 2;
  SmallVector<Value> axisValues;
  if (axes) {
    for (int64_t a : *axes)
      axisValues.push_back(n.constInt(a));
  } else if (auto runAxes = n.intsOf(3)) {
    axisValues = *runAxes;
  } else {
    return n.fail("axes must have a static length");
  }
  if (amounts->size() % 2 || axisValues.size() != count)
    return n.fail("pads must hold a begin and an end per axis");
  ArrayRef<Value> all(*amounts);
  SmallVector<Value> begins =
      ints.perDim(rank, axisValues, all.take_front(count),
                  [&](int64_t) { return n.constInt(0); });
  SmallVector<Value> ends = ints.perDim(rank, axisValues, all.drop_front(count),
                                        [&](int64_t) { return n.constInt(0); });
  Value x = n.operand(0);
  for (int64_t d = 0; d < rank; ++d) {
    // Dimensions no constant axis names are left alone.
    if (axes && !llvm::is_contained(*axes, d))
      continue;
    x = padAtRunTime(n, x, d, begins[d], ends[d], mode, fill, out.getDtype());
  }
  return n.replace(x);
}

LogicalResult tile(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's rank is unknown");
  // Repeats as !torch.int values: constants, or read as the graph runs.
  std::optional<SmallVector<Value>> repeats = n.intsOf(1);
  if (!repeats || repeats->size() != in.getSizes().size())
    return n.fail("repeats must have one static length, one per dim");
  // [d0, d1] -> [1, d0, 1, d1] -> broadcast [r0, d0, r1, d1] -> [r0*d0, r1*d1]
  // (sizes known only at run time from aten.size.int).
  SmallVector<int64_t> spread, broadcast, result;
  SmallVector<Value> spreadSizes, broadcastSizes, resultSizes;
  for (auto [d, size] : llvm::enumerate(in.getSizes())) {
    Value times = (*repeats)[d];
    int64_t staticTimes = constantInt(times).value_or(kUnknownSize);
    if (staticTimes == kUnknownSize)
      n.check(n.create<AtenGeIntOp>(n.b.getType<Torch::BoolType>(), times,
                                    n.constInt(0)),
              "a repeat count is negative");
    Value v = n.sizeOf(n.operand(0), d);
    spread.append({1, size});
    broadcast.append({staticTimes, size});
    result.push_back(sizeProduct(staticTimes, size));
    spreadSizes.append({n.constInt(1), v});
    broadcastSizes.append({times, v});
    resultSizes.push_back(n.mulInt(times, v));
  }
  Type dtype = out.getDtype();
  Value x = n.create<AtenReshapeOp>(n.tensorType(spread, dtype), n.operand(0),
                                    n.sizeList(spreadSizes));
  x = n.create<AtenBroadcastToOp>(n.tensorType(broadcast, dtype), x,
                                  n.sizeList(broadcastSizes));
  return n.replace(n.castTo(n.create<AtenReshapeOp>(n.tensorType(result, dtype),
                                                    x, n.sizeList(resultSizes)),
                            out));
}

const OnnxConversion kShapeConversions[] = {
    {"Reshape", 5, reshape},
    {"Flatten", 1, flatten},
    {"Squeeze", 1, squeeze},
    {"Unsqueeze", 1, unsqueeze},
    {"Expand", 8, expand},
    {"Transpose", 1, transpose},
    {"Concat", 4, concat},
    {"Shape", 1, shape},
    {"Size", 1, size},
    {"Slice", 1, [](OnnxNode &n) { return slice(n, false); }},
    {"Slice", 10, [](OnnxNode &n) { return slice(n, true); }},
    {"Split", 2, split},
    {"Pad", 2, [](OnnxNode &n) { return pad(n, false); }},
    {"Pad", 11, [](OnnxNode &n) { return pad(n, true); }},
    {"Tile", 6, tile},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::shapeConversions() {
  return kShapeConversions;
}
