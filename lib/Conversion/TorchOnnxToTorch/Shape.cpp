//===- Shape.cpp - ONNX's shape and data-movement ops ---------------------===//
//
// Reshape, Flatten, Squeeze, Unsqueeze and Expand are all "this tensor in the
// result's shape": with the result's type known (ONNX's shape inference wrote
// it), they become one aten.reshape or aten.broadcast_to to it, whatever form
// their shape operand took. Constants (Constant, ConstantOfShape, Shape, Size)
// become literals.
//
//===----------------------------------------------------------------------===//

#include "OnnxNode.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

/// A result size known only at run time, for dimension `d`; null if it
/// cannot be told.
using DynamicSize = function_ref<Value(int64_t d)>;

/// The result's sizes as a shape list: static ones as constants; one unknown
/// size as -1; several from `dynamicSize` (the op's own rule for them).
/// Nullopt after reporting why.
std::optional<Value> resultShapeList(OnnxNode &n,
                                     DynamicSize dynamicSize = nullptr) {
  ValueTensorType out = n.resultType();
  if (!out) {
    (void)n.fail("the result's rank or dtype is unknown");
    return std::nullopt;
  }
  if (llvm::count(out.getSizes(), kUnknownSize) <= 1)
    return n.intList(out.getSizes());
  if (!dynamicSize) {
    (void)n.fail("the result has more than one dynamic dimension");
    return std::nullopt;
  }
  SmallVector<Value> sizes;
  for (auto [d, size] : llvm::enumerate(out.getSizes())) {
    Value v = size == kUnknownSize ? dynamicSize(d) : n.constInt(size);
    if (!v) {
      (void)n.fail("the result's dimension " + Twine(d) +
                   " cannot be computed at run time");
      return std::nullopt;
    }
    sizes.push_back(v);
  }
  return n.sizeList(sizes);
}

LogicalResult reshapeTo(OnnxNode &n, DynamicSize dynamicSize) {
  if (!n.operand(0))
    return n.fail("operand 0 is missing");
  std::optional<Value> shape = resultShapeList(n, dynamicSize);
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

/// A literal of `type` holding `attr`'s elements.
Value literal(OnnxNode &n, ValueTensorType type, ElementsAttr attr) {
  return n.b.create<ValueTensorLiteralOp>(n.loc, type, attr);
}

RankedTensorType builtinType(ValueTensorType t) {
  return RankedTensorType::get(t.getSizes(), t.getDtype());
}

LogicalResult constant(OnnxNode &n) {
  ValueTensorType out = n.resultType();
  if (!out)
    return n.fail("the result's rank or dtype is unknown");
  if (auto value = dyn_cast_or_null<ElementsAttr>(n.attr("value")))
    return n.replace(literal(n, out, value));
  RankedTensorType builtin = builtinType(out);
  if (auto f = dyn_cast_or_null<FloatAttr>(n.attr("value_float")))
    return n.replace(
        literal(n, out,
                DenseElementsAttr::get(
                    builtin, ArrayRef<Attribute>{FloatAttr::get(
                                 out.getDtype(), f.getValueAsDouble())})));
  if (auto i = n.intAttr("value_int"))
    return n.replace(
        literal(n, out, DenseElementsAttr::get(builtin, ArrayRef(*i))));
  if (auto ints = n.intsAttr("value_ints"))
    return n.replace(
        literal(n, out, DenseElementsAttr::get(builtin, ArrayRef(*ints))));
  if (auto floats = dyn_cast_or_null<ArrayAttr>(n.attr("value_floats"))) {
    SmallVector<Attribute> values;
    for (Attribute a : floats)
      values.push_back(FloatAttr::get(out.getDtype(),
                                      cast<FloatAttr>(a).getValueAsDouble()));
    return n.replace(literal(n, out, DenseElementsAttr::get(builtin, values)));
  }
  return n.fail("only tensor, float and int values are converted");
}

/// ConstantOfShape with a shape known at run time only: aten.full.
LogicalResult fullOfShape(OnnxNode &n, ValueTensorType out) {
  std::optional<SmallVector<Value>> sizes = n.intsOf(0);
  if (!sizes || sizes->size() != out.getSizes().size())
    return n.fail("the shape's length is unknown");
  double value = 0.0;
  if (auto given = dyn_cast_or_null<DenseElementsAttr>(n.attr("value"))) {
    if (given.getNumElements() != 1)
      return n.fail("`value` must hold one element");
    Attribute element = *given.value_begin<Attribute>();
    if (auto f = dyn_cast<FloatAttr>(element))
      value = f.getValueAsDouble();
    else if (auto i = dyn_cast<IntegerAttr>(element))
      value = i.getType().isInteger(1) || i.getType().isUnsignedInteger()
                  ? static_cast<double>(i.getValue().getZExtValue())
                  : static_cast<double>(i.getValue().getSExtValue());
    else
      return n.fail("`value` is not a number");
  } else if (n.attr("value")) {
    return n.fail("`value` is not a dense tensor");
  }
  std::optional<int64_t> code = scalarTypeCode(out.getDtype());
  if (!code)
    return n.fail("the result's dtype has no Torch dtype");
  Value fill = isa<mlir::FloatType>(out.getDtype())
                   ? n.constFloat(value)
                   : n.constInt(static_cast<int64_t>(value));
  return n.replace(n.create<AtenFullOp>(out, n.sizeList(*sizes), fill,
                                        n.constInt(*code), n.none(), n.none(),
                                        n.none()));
}

LogicalResult constantOfShape(OnnxNode &n) {
  ValueTensorType out = n.resultType();
  if (!out)
    return n.fail("the result's rank or dtype is unknown");
  if (llvm::is_contained(out.getSizes(), kUnknownSize))
    return fullOfShape(n, out);
  RankedTensorType builtin = builtinType(out);
  Attribute element;
  if (auto value = dyn_cast_or_null<DenseElementsAttr>(n.attr("value"))) {
    if (value.getNumElements() != 1)
      return n.fail("`value` must hold one element");
    element = *value.value_begin<Attribute>();
  } else if (n.attr("value")) {
    return n.fail("`value` is not a dense tensor");
  } else {
    element = FloatAttr::get(out.getDtype(), 0.0); // float32 zeros
  }
  if (isa<mlir::FloatType>(out.getDtype()) && !isa<FloatAttr>(element))
    return n.fail("`value`'s type differs from the result's");
  return n.replace(literal(n, out, DenseElementsAttr::get(builtin, element)));
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
    return n.replace(literal(
        n, out, DenseElementsAttr::get(builtinType(out), ArrayRef(sizes))));
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
  return n.replace(literal(
      n, out, DenseElementsAttr::get(builtinType(out), ArrayRef(count))));
}

/// `indices` with negative entries counted from the end of a dim of `size`
/// (a !torch.int).
Value wrapNegative(OnnxNode &n, Value indices, Value size) {
  auto t = cast<ValueTensorType>(indices.getType());
  Value negative = n.create<AtenLtScalarOp>(
      n.tensorType(t.getSizes(), n.b.getI1Type()), indices, n.constInt(0));
  Value shifted = n.create<AtenAddScalarOp>(t, indices, size, n.constInt(1));
  return n.create<AtenWhereSelfOp>(t, negative, shifted, indices);
}
Value wrapNegative(OnnxNode &n, Value indices, int64_t size) {
  return wrapNegative(n, indices, n.constInt(size));
}

/// NonZero (opset 9): the indices of the nonzero elements, [rank, count]
/// (aten.nonzero's [count, rank] transposed).
LogicalResult nonZero(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || out.getSizes().size() != 2)
    return n.fail("the input's rank or the result's type is unknown");
  int64_t rank = in.getSizes().size();
  if (rank == 0)
    return n.fail("a 0-d input is not converted");
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  Value indices = n.create<AtenNonzeroOp>(
      n.tensorType({kUnknownSize, rank}, si64), n.operand(0));
  Value transposed =
      n.create<AtenTransposeIntOp>(n.tensorType({rank, kUnknownSize}, si64),
                                   indices, n.constInt(0), n.constInt(1));
  return n.replace(n.castTo(transposed, out));
}

/// Compress (opset 9): the slices along `axis` (of the flattened input
/// without one) whose condition is true; the condition may be shorter than
/// the axis, not longer (checked as it runs).
LogicalResult compress(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), cond = n.operandType(1),
                  out = n.resultType();
  if (!in || !cond || !out || cond.getSizes().size() != 1)
    return n.fail("the input's, the 1-D condition's or the result's type is "
                  "unknown");
  Value x = n.operand(0);
  int64_t rank = in.getSizes().size();
  std::optional<int64_t> axis = n.intAttr("axis");
  if (!axis) {
    int64_t count = 1;
    for (int64_t size : in.getSizes())
      count = sizeProduct(count, size);
    x = n.create<AtenReshapeOp>(n.tensorType({count}, in.getDtype()), x,
                                n.intList({-1}));
    axis = 0;
    rank = 1;
  }
  if (*axis < 0)
    *axis += rank;
  if (*axis < 0 || *axis >= rank)
    return n.fail("axis is out of range");
  n.check(n.create<AtenLeIntOp>(n.b.getType<Torch::BoolType>(),
                                n.sizeOf(n.operand(1), 0), n.sizeOf(x, *axis)),
          "the condition is longer than the input along the axis");
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  Value hits = n.create<AtenNonzeroOp>(n.tensorType({kUnknownSize, 1}, si64),
                                       n.operand(1));
  Value index = n.create<AtenSelectIntOp>(n.tensorType({kUnknownSize}, si64),
                                          hits, n.constInt(1), n.constInt(0));
  SmallVector<int64_t> sizes(cast<ValueTensorType>(x.getType()).getSizes());
  sizes[*axis] = kUnknownSize;
  Value picked = n.create<AtenIndexSelectOp>(n.tensorType(sizes, in.getDtype()),
                                             x, n.constInt(*axis), index);
  return n.replace(n.castTo(picked, out));
}

LogicalResult gather(OnnxNode &n) {
  ValueTensorType data = n.operandType(0), indices = n.operandType(1),
                  out = n.resultType();
  if (!data || !indices || !out)
    return n.fail("an operand's or the result's rank is unknown");
  int64_t rank = data.getSizes().size();
  int64_t axis = n.intAttr("axis", 0);
  if (axis < 0)
    axis += rank;
  int64_t count = 1;
  for (int64_t s : indices.getSizes())
    count = sizeProduct(count, s);
  // One index_select by the indices flattened, then the result's shape.
  // Constant indices into a static dimension (a shape's, mostly) are wrapped
  // here, into a literal that torch-scalarize-shapes can read.
  Value flat;
  int64_t dimSize = data.getSizes()[axis];
  std::optional<SmallVector<int64_t>> constant = n.constantInts(1);
  if (constant && dimSize != kUnknownSize) {
    for (int64_t &i : *constant)
      i = i < 0 ? i + dimSize : i;
    auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
    int64_t k = constant->size();
    flat = n.b.create<ValueTensorLiteralOp>(
        n.loc, n.tensorType({k}, si64),
        DenseElementsAttr::get(RankedTensorType::get({k}, si64),
                               ArrayRef(*constant)));
  } else {
    flat = n.create<AtenReshapeOp>(
        n.tensorType({count}, indices.getDtype()), n.operand(1),
        n.intList({count == kUnknownSize ? -1 : count}));
    flat = wrapNegative(n, flat, n.sizeOf(n.operand(0), axis));
  }
  SmallVector<int64_t> selected(data.getSizes());
  selected[axis] = count;
  Value picked =
      n.create<AtenIndexSelectOp>(n.tensorType(selected, out.getDtype()),
                                  n.operand(0), n.constInt(axis), flat);
  int64_t indexRank = indices.getSizes().size();
  std::optional<Value> shape = resultShapeList(n, [&](int64_t d) -> Value {
    if (d < axis)
      return n.sizeOf(n.operand(0), d);
    if (d < axis + indexRank)
      return n.sizeOf(n.operand(1), d - axis);
    return n.sizeOf(n.operand(0), d - indexRank + 1);
  });
  if (!shape)
    return failure();
  return n.replace(n.create<AtenReshapeOp>(out, picked, *shape));
}

LogicalResult gatherElements(OnnxNode &n) {
  ValueTensorType data = n.operandType(0), out = n.resultType();
  if (!data || !out || !n.operandType(1))
    return n.fail("an operand's or the result's rank is unknown");
  int64_t axis = n.intAttr("axis", 0);
  if (axis < 0)
    axis += data.getSizes().size();
  Value index = wrapNegative(n, n.operand(1), n.sizeOf(n.operand(0), axis));
  return n.replace(n.create<AtenGatherOp>(out, n.operand(0), n.constInt(axis),
                                          index, n.constBool(false)));
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
      results.push_back(
          literal(n, mask,
                  DenseElementsAttr::get(
                      builtinType(mask),
                      isa<mlir::FloatType>(mask.getDtype())
                          ? Attribute(FloatAttr::get(mask.getDtype(), 1.0))
                          : Attribute(IntegerAttr::get(mask.getDtype(), 1)))));
  }
  return n.replace(results);
}

LogicalResult range(OnnxNode &n) {
  ValueTensorType out = n.resultType();
  std::optional<SmallVector<double>> start = n.constantFloats(0),
                                     limit = n.constantFloats(1),
                                     delta = n.constantFloats(2);
  if (!out)
    return n.fail("the result's type is unknown");
  if ((!start || !limit || !delta) && out.getSizes().size() == 1 &&
      out.getSizes()[0] == kUnknownSize) {
    // Of a length known only at run time: aten.arange of the operands'
    // values.
    std::optional<int64_t> code = scalarTypeCode(out.getDtype());
    if (!code)
      return n.fail("the result's dtype has no Torch dtype");
    bool isFloat = isa<mlir::FloatType>(out.getDtype());
    SmallVector<Value> bounds;
    for (unsigned i = 0; i < 3; ++i) {
      if (!n.operand(i))
        return n.fail("start, limit and delta are required");
      bounds.push_back(
          isFloat ? n.create<AtenFloatTensorOp>(
                        Torch::FloatType::get(n.b.getContext()), n.operand(i))
                  : n.create<AtenIntTensorOp>(
                        Torch::IntType::get(n.b.getContext()), n.operand(i)));
    }
    return n.replace(n.create<AtenArangeStartStepOp>(
        out, bounds[0], bounds[1], bounds[2], n.constInt(*code), n.none(),
        n.none(), n.none()));
  }
  if (!start || !limit || !delta) {
    // At run time: start + delta * [0, 1, ...], as many as the result's
    // static size says (0-d operands broadcast).
    if (out.getSizes().size() != 1)
      return n.fail("the result is not 1-D");
    int64_t count = out.getSizes()[0];
    Type dtype = out.getDtype();
    SmallVector<Attribute> iota;
    for (int64_t i = 0; i < count; ++i)
      iota.push_back(isa<mlir::FloatType>(dtype)
                         ? Attribute(FloatAttr::get(dtype, i))
                         : Attribute(IntegerAttr::get(dtype, i)));
    Value steps =
        literal(n, out, DenseElementsAttr::get(builtinType(out), iota));
    Value scaled = n.create<AtenMulTensorOp>(out, steps, n.operand(2));
    return n.replace(
        n.create<AtenAddTensorOp>(out, scaled, n.operand(0), n.constInt(1)));
  }
  double s = (*start)[0], l = (*limit)[0], d = (*delta)[0];
  if (d == 0)
    return n.fail("delta is 0");
  int64_t count =
      std::max<int64_t>(0, static_cast<int64_t>(std::ceil((l - s) / d)));
  ValueTensorType t = n.tensorType({count}, out.getDtype());
  SmallVector<Attribute> values;
  for (int64_t i = 0; i < count; ++i) {
    double v = s + i * d;
    if (isa<mlir::FloatType>(out.getDtype()))
      values.push_back(FloatAttr::get(out.getDtype(), v));
    else
      values.push_back(
          IntegerAttr::get(out.getDtype(), static_cast<int64_t>(v)));
  }
  return n.replace(
      literal(n, t, DenseElementsAttr::get(builtinType(t), values)));
}

/// Trilu: the elements on or above (upper) / on or below the k-th diagonal.
LogicalResult trilu(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || in.getSizes().size() < 2)
    return n.fail("the input's rank is unknown or below 2");
  int64_t rows = in.getSizes()[in.getSizes().size() - 2],
          cols = in.getSizes().back();
  if (rows == kUnknownSize || cols == kUnknownSize)
    return n.fail("the last two dims must be static");
  // col - row, as a literal: compared with k, it is the mask.
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  SmallVector<int64_t> diff;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      diff.push_back(c - r);
  ValueTensorType diffType = n.tensorType({rows, cols}, si64);
  Value offsets =
      literal(n, diffType,
              DenseElementsAttr::get(RankedTensorType::get({rows, cols}, si64),
                                     ArrayRef(diff)));
  ValueTensorType maskType = n.tensorType({rows, cols}, n.b.getI1Type());
  bool upper = n.intAttr("upper", 1);
  Value mask;
  std::optional<SmallVector<int64_t>> k =
      n.operand(1) ? n.constantInts(1) : SmallVector<int64_t>{0};
  if (k && k->size() == 1) {
    Value kv = n.constInt((*k)[0]);
    mask = upper ? n.create<AtenGeScalarOp>(maskType, offsets, kv)
                 : n.create<AtenLeScalarOp>(maskType, offsets, kv);
  } else if (!k) { // k at run time: a 0-d tensor, compared elementwise
    mask = upper ? n.create<AtenGeTensorOp>(maskType, offsets, n.operand(1))
                 : n.create<AtenLeTensorOp>(maskType, offsets, n.operand(1));
  } else {
    return n.fail("k must hold one value");
  }
  return n.replace(
      n.create<AtenWhereScalarOtherOp>(out, mask, n.operand(0), n.constInt(0)));
}

LogicalResult scatterElements(OnnxNode &n) {
  ValueTensorType data = n.operandType(0), out = n.resultType();
  if (!data || !out || !n.operandType(1) || !n.operandType(2))
    return n.fail("the operands' or result's types are unknown");
  int64_t axis = n.intAttr("axis", 0);
  if (axis < 0)
    axis += data.getSizes().size();
  Value index = wrapNegative(n, n.operand(1), n.sizeOf(n.operand(0), axis));
  StringRef reduction = n.stringAttr("reduction", "none");
  if (reduction == "none")
    return n.replace(n.create<AtenScatterSrcOp>(
        out, n.operand(0), n.constInt(axis), index, n.operand(2)));
  StringRef reduce = reduction == "add"   ? "sum"
                     : reduction == "mul" ? "prod"
                     : reduction == "max" ? "amax"
                     : reduction == "min" ? "amin"
                                          : "";
  if (reduce.empty())
    return n.fail("reduction '" + reduction + "' is unknown");
  Value mode = n.b.create<ConstantStrOp>(n.loc, n.b.getStringAttr(reduce));
  return n.replace(n.create<AtenScatterReduceTwoOp>(
      out, n.operand(0), n.constInt(axis), index, n.operand(2), mode,
      n.constBool(true)));
}

/// indices[..., j] for each j of the last dim: index tensors, one per
/// indexed dim of the data (as aten.index.Tensor and index_put take them).
std::optional<Value> indexList(OnnxNode &n, Value indices) {
  auto t = cast<ValueTensorType>(indices.getType());
  if (!t.hasSizes() || t.getSizes().empty() ||
      t.getSizes().back() == kUnknownSize)
    return std::nullopt;
  ArrayRef<int64_t> sizes = t.getSizes();
  ValueTensorType part = n.tensorType(sizes.drop_back(), t.getDtype());
  SmallVector<Value> parts;
  for (int64_t j = 0; j < sizes.back(); ++j)
    parts.push_back(n.create<AtenSelectIntOp>(
        part, indices, n.constInt(sizes.size() - 1), n.constInt(j)));
  return n.list(OptionalType::get(ValueTensorType::get(n.b.getContext())),
                parts);
}

/// GatherND: the indices' last dim as one index tensor per data dim
/// (aten.index.Tensor); with batch_dims, the leading dims are matched by
/// position (aranges shaped to broadcast as the batch).
LogicalResult gatherND(OnnxNode &n) {
  ValueTensorType out = n.resultType(), indices = n.operandType(1);
  if (!out || !n.operandType(0) || !indices)
    return n.fail("the operands' or result's types are unknown");
  int64_t batchDims = n.intAttr("batch_dims", 0);
  if (batchDims < 0 ||
      batchDims >= static_cast<int64_t>(indices.getSizes().size()))
    return n.fail("batch_dims must be below the indices' rank");
  std::optional<Value> list = indexList(n, n.operand(1));
  if (!list)
    return n.fail("the indices' last dim must be static");
  if (batchDims == 0)
    return n.replace(n.create<AtenIndexTensorOp>(out, n.operand(0), *list));
  // Index d < batch_dims is arange over dim d, shaped [1.., size, ..1] over
  // the indices' dims but the last.
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  int64_t indexRank = indices.getSizes().size() - 1;
  SmallVector<Value> parts;
  for (int64_t d = 0; d < batchDims; ++d) {
    int64_t size = indices.getSizes()[d];
    Value sizeValue = n.sizeOf(n.operand(1), d);
    Value range =
        n.create<AtenArangeOp>(n.tensorType({size}, si64), sizeValue,
                               n.constInt(4), n.none(), n.none(), n.none());
    SmallVector<int64_t> shape(indexRank, 1);
    shape[d] = size;
    SmallVector<Value> shapeValues(indexRank, n.constInt(1));
    shapeValues[d] = sizeValue;
    parts.push_back(n.create<AtenReshapeOp>(n.tensorType(shape, si64), range,
                                            n.sizeList(shapeValues)));
  }
  auto listOp = list->getDefiningOp<PrimListConstructOp>();
  parts.append(listOp.getElements().begin(), listOp.getElements().end());
  Value all = n.list(listOp.getType().getContainedType(), parts);
  return n.replace(n.create<AtenIndexTensorOp>(out, n.operand(0), all));
}

/// TensorScatter: `update` written into `past_cache` along `axis`, from
/// each batch's write index on (wrapping around in mode circular), by
/// aten.scatter.
LogicalResult tensorScatter(OnnxNode &n) {
  ValueTensorType past = n.operandType(0), update = n.operandType(1),
                  out = n.resultType();
  if (!past || !update || !out ||
      past.getSizes().size() != update.getSizes().size())
    return n.fail("the cache's and the update's ranks must be known and "
                  "equal");
  int64_t rank = past.getSizes().size();
  int64_t axis = n.intAttr("axis", -2);
  if (axis < 0)
    axis += rank;
  if (axis < 1 || axis >= rank)
    return n.fail("the axis must be past the batch dim");
  StringRef mode = n.stringAttr("mode", "linear");
  if (mode != "linear" && mode != "circular")
    return n.fail("mode '" + mode + "' is unknown");
  int64_t length = update.getSizes()[axis], batch = update.getSizes()[0];
  if (length == kUnknownSize || batch == kUnknownSize ||
      llvm::is_contained(update.getSizes(), kUnknownSize))
    return n.fail("the update's shape must be static");
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  // Positions [B, U]: write index + 0..U-1.
  Value start = n.operand(2)
                    ? n.convert(n.operand(2), si64)
                    : n.create<AtenZerosOp>(n.tensorType({batch}, si64),
                                            n.intList({batch}), n.constInt(4),
                                            n.none(), n.none(), n.none());
  start = n.create<AtenUnsqueezeOp>(n.tensorType({batch, 1}, si64), start,
                                    n.constInt(1));
  Value steps =
      n.create<AtenArangeOp>(n.tensorType({length}, si64), n.constInt(length),
                             n.constInt(4), n.none(), n.none(), n.none());
  ValueTensorType positionsType = n.tensorType({batch, length}, si64);
  Value positions =
      n.create<AtenAddTensorOp>(positionsType, start, steps, n.constInt(1));
  if (mode == "circular")
    positions = n.create<AtenRemainderScalarOp>(positionsType, positions,
                                                n.sizeOf(n.operand(0), axis));
  // Shaped [B, 1.., U (at axis), 1..] and broadcast to the update's shape.
  SmallVector<int64_t> shape(rank, 1);
  shape[0] = batch;
  shape[axis] = length;
  Value index = n.create<AtenReshapeOp>(n.tensorType(shape, si64), positions,
                                        n.intList(shape));
  index = n.create<AtenBroadcastToOp>(n.tensorType(update.getSizes(), si64),
                                      index, n.intList(update.getSizes()));
  return n.replace(n.create<AtenScatterSrcOp>(
      out, n.operand(0), n.constInt(axis), index, n.operand(1)));
}

/// ScatterND with reduction mul, max or min: data as [P, S] (P the
/// positions the indices' q components address, S the rest), each index as
/// its row P (strides of the first q dims), then aten.scatter_reduce of the
/// updates as [M, S] rows. Static shapes.
LogicalResult scatterNDReduced(OnnxNode &n, StringRef reduce) {
  ValueTensorType data = n.operandType(0), indices = n.operandType(1),
                  updates = n.operandType(2), out = n.resultType();
  ArrayRef<int64_t> sizes = data.getSizes();
  if (llvm::is_contained(sizes, kUnknownSize) || !indices.hasSizes() ||
      llvm::is_contained(indices.getSizes(), kUnknownSize) ||
      indices.getSizes().empty())
    return n.fail("a reduction other than add needs static shapes");
  int64_t q = indices.getSizes().back(), rank = sizes.size();
  if (q < 1 || q > rank)
    return n.fail("the indices' last dim must be 1 to the data's rank");
  int64_t rows = 1, cols = 1, updateRows = 1;
  for (int64_t d = 0; d < rank; ++d)
    (d < q ? rows : cols) *= sizes[d];
  for (int64_t size : indices.getSizes().drop_back())
    updateRows *= size;
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  ValueTensorType componentType =
      n.tensorType(indices.getSizes().drop_back(), si64);
  Value idx = n.convert(n.operand(1), si64);
  Value row;
  int64_t stride = rows;
  for (int64_t j = 0; j < q; ++j) {
    stride /= sizes[j];
    Value component = n.create<AtenSelectIntOp>(
        componentType, idx, n.constInt(indices.getSizes().size() - 1),
        n.constInt(j));
    component = wrapNegative(n, component, sizes[j]);
    Value term =
        n.create<AtenMulScalarOp>(componentType, component, n.constInt(stride));
    row = row ? Value(n.create<AtenAddTensorOp>(componentType, row, term,
                                                n.constInt(1)))
              : term;
  }
  Value rowIndex = n.create<AtenReshapeOp>(n.tensorType({updateRows, 1}, si64),
                                           row, n.intList({updateRows, 1}));
  rowIndex =
      n.create<AtenBroadcastToOp>(n.tensorType({updateRows, cols}, si64),
                                  rowIndex, n.intList({updateRows, cols}));
  Value table =
      n.create<AtenReshapeOp>(n.tensorType({rows, cols}, data.getDtype()),
                              n.operand(0), n.intList({rows, cols}));
  Value source = n.create<AtenReshapeOp>(
      n.tensorType({updateRows, cols}, updates.getDtype()), n.operand(2),
      n.intList({updateRows, cols}));
  Value mode = n.b.create<ConstantStrOp>(n.loc, n.b.getStringAttr(reduce));
  Value scattered = n.create<AtenScatterReduceTwoOp>(
      n.tensorType({rows, cols}, data.getDtype()), table, n.constInt(0),
      rowIndex, source, mode, n.constBool(true));
  return n.replace(
      n.create<AtenReshapeOp>(out, scattered, n.intList(out.getSizes())));
}

LogicalResult scatterND(OnnxNode &n) {
  ValueTensorType out = n.resultType();
  if (!out || !n.operandType(0) || !n.operandType(1) || !n.operandType(2))
    return n.fail("the operands' or result's types are unknown");
  StringRef reduction = n.stringAttr("reduction", "none");
  if (reduction == "mul" || reduction == "max" || reduction == "min")
    return scatterNDReduced(n, reduction == "mul"   ? "prod"
                               : reduction == "max" ? "amax"
                                                    : "amin");
  if (reduction != "none" && reduction != "add")
    return n.fail("reduction '" + reduction + "' is unknown");
  std::optional<Value> list = indexList(n, n.operand(1));
  if (!list)
    return n.fail("the indices' last dim must be static");
  return n.replace(n.create<AtenIndexPutOp>(
      out, n.operand(0), *list, n.operand(2), n.constBool(reduction == "add")));
}

/// on where the position along `axis` equals the index (negative ones
/// counted from depth), off elsewhere.
LogicalResult oneHot(OnnxNode &n) {
  ValueTensorType indices = n.operandType(0), out = n.resultType();
  if (!indices || !out || !n.operandType(2))
    return n.fail("the operands' or result's types are unknown");
  int64_t rank = out.getSizes().size();
  int64_t axis = n.intAttr("axis", -1);
  if (axis < 0)
    axis += rank;
  int64_t depth = out.getSizes()[axis];
  if (depth == kUnknownSize)
    return n.fail("the depth must be static");
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  SmallVector<int64_t> unsqueezed(indices.getSizes());
  unsqueezed.insert(unsqueezed.begin() + axis, 1);
  Value idx = n.operand(0);
  idx = n.convert(idx, si64);
  idx = wrapNegative(n, idx, depth);
  idx = n.create<AtenReshapeOp>(n.tensorType(unsqueezed, si64), idx,
                                n.intList(unsqueezed));
  SmallVector<int64_t> iotaSizes(rank, 1), iota;
  iotaSizes[axis] = depth;
  for (int64_t i = 0; i < depth; ++i)
    iota.push_back(i);
  Value positions =
      literal(n, n.tensorType(iotaSizes, si64),
              DenseElementsAttr::get(RankedTensorType::get(iotaSizes, si64),
                                     ArrayRef(iota)));
  Value mask = n.create<AtenEqTensorOp>(
      n.tensorType(out.getSizes(), n.b.getI1Type()), positions, idx);
  auto valuesType = n.operandType(2);
  auto pick = [&](int64_t i) {
    return n.create<AtenSliceTensorOp>(
        n.tensorType({1}, valuesType.getDtype()), n.operand(2), n.constInt(0),
        n.constInt(i), n.constInt(i + 1), n.constInt(1));
  };
  return n.replace(n.create<AtenWhereSelfOp>(out, mask, pick(1), pick(0)));
}

LogicalResult eyeLike(OnnxNode &n) {
  ValueTensorType out = n.resultType();
  if (!out || out.getSizes().size() != 2 ||
      llvm::is_contained(out.getSizes(), kUnknownSize))
    return n.fail("the result must be a matrix of static shape");
  int64_t rows = out.getSizes()[0], cols = out.getSizes()[1];
  int64_t k = n.intAttr("k", 0);
  Type dtype = out.getDtype();
  SmallVector<Attribute> values;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      double v = c - r == k ? 1.0 : 0.0;
      if (isa<mlir::FloatType>(dtype))
        values.push_back(FloatAttr::get(dtype, v));
      else if (dtype.isInteger(1))
        values.push_back(n.b.getBoolAttr(v != 0));
      else
        values.push_back(IntegerAttr::get(dtype, static_cast<int64_t>(v)));
    }
  return n.replace(
      literal(n, out, DenseElementsAttr::get(builtinType(out), values)));
}

const OnnxConversion kShapeConversions[] = {
    {"Reshape", 5, reshape},
    {"Flatten", 1, flatten},
    {"Squeeze", 1, squeeze},
    {"Unsqueeze", 1, unsqueeze},
    {"Expand", 8, expand},
    {"Transpose", 1, transpose},
    {"Concat", 4, concat},
    {"Constant", 1, constant},
    {"ConstantOfShape", 9, constantOfShape},
    {"Shape", 1, shape},
    {"Size", 1, size},
    {"Gather", 1, gather},
    {"NonZero", 9, nonZero},
    {"Compress", 9, compress},
    {"GatherElements", 11, gatherElements},
    {"Slice", 1, [](OnnxNode &n) { return slice(n, false); }},
    {"Slice", 10, [](OnnxNode &n) { return slice(n, true); }},
    {"Split", 2, split},
    {"Pad", 2, [](OnnxNode &n) { return pad(n, false); }},
    {"Pad", 11, [](OnnxNode &n) { return pad(n, true); }},
    {"Tile", 6, tile},
    {"Dropout", 1, dropout},
    {"Range", 11, range},
    {"Trilu", 14, trilu},
    {"Scatter", 9, scatterElements}, // ScatterElements' old name
    {"ScatterElements", 11, scatterElements},
    {"OneHot", 9, oneHot},
    {"GatherND", 11, gatherND},
    {"ScatterND", 11, scatterND},
    {"TensorScatter", 24, tensorScatter},
    {"EyeLike", 9, eyeLike},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::shapeConversions() {
  return kShapeConversions;
}
