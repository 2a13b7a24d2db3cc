//===- OnnxNode.cpp - One ONNX node, as conversions read it ---------------===//

#include "OnnxNode.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

Value OnnxNode::operand(unsigned i) {
  if (i >= operands.size())
    return nullptr;
  Value v = operands[i];
  if (isa<Torch::NoneType>(v.getType()))
    return nullptr;
  return v;
}

ValueTensorType OnnxNode::resultType(unsigned i) {
  if (i >= op->getNumResults())
    return nullptr;
  return knownType(op->getResult(i).getType());
}

ValueTensorType OnnxNode::operandType(unsigned i) {
  Value v = operand(i);
  return v ? knownType(v.getType()) : nullptr;
}

std::optional<int64_t> OnnxNode::intAttr(StringRef name) {
  if (auto a = dyn_cast_or_null<IntegerAttr>(attr(name)))
    return a.getValue().getSExtValue();
  return std::nullopt;
}

int64_t OnnxNode::intAttr(StringRef name, int64_t otherwise) {
  return intAttr(name).value_or(otherwise);
}

double OnnxNode::floatAttr(StringRef name, double otherwise) {
  Attribute a = attr(name);
  if (auto f = dyn_cast_or_null<FloatAttr>(a))
    return f.getValueAsDouble();
  if (auto i = dyn_cast_or_null<IntegerAttr>(a))
    return static_cast<double>(i.getValue().getSExtValue());
  return otherwise;
}

StringRef OnnxNode::stringAttr(StringRef name, StringRef otherwise) {
  if (auto s = dyn_cast_or_null<StringAttr>(attr(name)))
    return s.getValue();
  return otherwise;
}

std::optional<SmallVector<int64_t>> OnnxNode::intsAttr(StringRef name) {
  auto array = dyn_cast_or_null<ArrayAttr>(attr(name));
  if (!array)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (Attribute a : array) {
    auto i = dyn_cast<IntegerAttr>(a);
    if (!i)
      return std::nullopt;
    values.push_back(i.getValue().getSExtValue());
  }
  return values;
}

std::optional<SmallVector<int64_t>> OnnxNode::constantInts(unsigned i) {
  return literalInts(operand(i));
}

std::optional<SmallVector<double>> OnnxNode::constantFloats(unsigned i) {
  return literalFloats(operand(i));
}

LogicalResult OnnxNode::replace(ValueRange values) {
  if (values.size() != op->getNumResults())
    return fail("the conversion made " + Twine(values.size()) + " values for " +
                Twine(op->getNumResults()) + " results");
  SmallVector<Value> replacements;
  for (auto [result, value] : llvm::zip(op->getResults(), values)) {
    if (value && value.getType() != result.getType())
      value = b.create<TensorStaticInfoCastOp>(loc, result.getType(), value);
    if (!value && !result.use_empty())
      return fail("an output the conversion does not compute is used");
    replacements.push_back(value); // null: an unused output, dropped
  }
  b.replaceOp(op, replacements);
  return success();
}

LogicalResult OnnxNode::fail(const Twine &why) {
  return op->emitError() << op.getName() << " (opset " << opset << "): " << why;
}

std::optional<SmallVector<Value>> OnnxNode::intsOf(unsigned i) {
  if (std::optional<SmallVector<int64_t>> constant = constantInts(i)) {
    SmallVector<Value> values;
    for (int64_t v : *constant)
      values.push_back(constInt(v));
    return values;
  }
  Value tensor = operand(i);
  return tensor ? intsOf(tensor) : std::nullopt;
}

std::optional<SmallVector<Value>> OnnxNode::intsOf(Value tensor) {
  auto t = dyn_cast<ValueTensorType>(tensor.getType());
  if (!t || !t.hasSizes() || !t.hasDtype() || t.getSizes().size() != 1 ||
      t.getSizes()[0] == kUnknownSize)
    return std::nullopt;
  Type intType = Torch::IntType::get(b.getContext());
  SmallVector<Value> values;
  for (int64_t k = 0; k < t.getSizes()[0]; ++k) {
    Value element = create<AtenSelectIntOp>(tensorType({}, t.getDtype()),
                                            tensor, constInt(0), constInt(k));
    values.push_back(create<AtenIntTensorOp>(intType, element));
  }
  return values;
}

void OnnxNode::check(Value condition, const Twine &message) {
  TorchBuilder::check(condition, "onnx." + opType + ": " + message);
}

Value OnnxNode::intOf(unsigned i) {
  ValueTensorType t = operandType(i);
  if (!t || !isa<IntegerType>(t.getDtype()) || t.getSizes().size() > 1 ||
      (t.getSizes().size() == 1 && t.getSizes()[0] != 1))
    return nullptr;
  if (t.getSizes().empty()) {
    if (std::optional<SmallVector<int64_t>> c = constantInts(i);
        c && c->size() == 1)
      return constInt((*c)[0]);
    return create<AtenIntTensorOp>(Torch::IntType::get(b.getContext()),
                                   operand(i));
  }
  return (*intsOf(i))[0];
}

std::optional<Value>
OnnxNode::resultShapeList(function_ref<Value(int64_t d)> dynamicSize) {
  ValueTensorType out = resultType();
  if (!out) {
    (void)fail("the result's rank or dtype is unknown");
    return std::nullopt;
  }
  if (llvm::count(out.getSizes(), kUnknownSize) <= 1)
    return intList(out.getSizes());
  if (!dynamicSize) {
    (void)fail("the result has more than one dynamic dimension");
    return std::nullopt;
  }
  SmallVector<Value> sizes;
  for (auto [d, size] : llvm::enumerate(out.getSizes())) {
    Value v = size == kUnknownSize ? dynamicSize(d) : constInt(size);
    if (!v) {
      (void)fail("the result's dimension " + Twine(d) +
                 " cannot be computed at run time");
      return std::nullopt;
    }
    sizes.push_back(v);
  }
  return sizeList(sizes);
}

Value OnnxNode::axisAtRunTime(Value axis, int64_t rank, const Twine &what) {
  Type boolType = Torch::BoolType::get(b.getContext());
  Type intType = Torch::IntType::get(b.getContext());
  std::string message =
      (what + " is out of range for rank " + Twine(rank)).str();
  check(create<AtenGeIntOp>(boolType, axis, constInt(-rank)), message);
  check(create<AtenLtIntOp>(boolType, axis, constInt(rank)), message);
  Value negative = create<AtenLtIntOp>(boolType, axis, constInt(0));
  return selectInt(negative,
                   create<AtenAddIntOp>(intType, axis, constInt(rank)), axis);
}
