//===- Generators.cpp - ONNX's generators ---------------------------------===//
//
// Constant, ConstantOfShape, Range and EyeLike: literals where the values are
// known as the model is converted, else aten.full and aten.arange.
//
//===----------------------------------------------------------------------===//

#include "OnnxNode.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

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

const OnnxConversion kGeneratorConversions[] = {
    {"Constant", 1, constant},
    {"ConstantOfShape", 9, constantOfShape},
    {"Range", 11, range},
    {"EyeLike", 9, eyeLike},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::generatorConversions() {
  return kGeneratorConversions;
}
