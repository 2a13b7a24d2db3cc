//===- OnnxNode.cpp - One ONNX node, as conversions read it ---------------===//

#include "OnnxNode.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/APFloat.h"

#include <cstring>

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

static ValueTensorType knownTensorType(Type type) {
  auto t = dyn_cast<ValueTensorType>(type);
  if (!t || !t.hasSizes() || !t.hasDtype())
    return nullptr;
  return t;
}

ValueTensorType OnnxNode::resultType(unsigned i) {
  if (i >= op->getNumResults())
    return nullptr;
  return knownTensorType(op->getResult(i).getType());
}

ValueTensorType OnnxNode::operandType(unsigned i) {
  Value v = operand(i);
  return v ? knownTensorType(v.getType()) : nullptr;
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

/// The elements of a literal as doubles or (when `ints`) as integers.
template <typename T>
static std::optional<SmallVector<T>> literalValues(Value v) {
  auto literal = v ? v.getDefiningOp<ValueTensorLiteralOp>() : nullptr;
  if (!literal)
    return std::nullopt;
  ElementsAttr value = literal.getValue();
  Type element = value.getShapedType().getElementType();
  SmallVector<T> out;
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    if (auto intType = dyn_cast<IntegerType>(element)) {
      for (const APInt &i : dense.getValues<APInt>())
        out.push_back(
            static_cast<T>(intType.isUnsigned() || i.getBitWidth() == 1
                               ? static_cast<int64_t>(i.getZExtValue())
                               : i.getSExtValue()));
      return out;
    }
    if (isa<mlir::FloatType>(element)) {
      for (const APFloat &f : dense.getValues<APFloat>())
        out.push_back(static_cast<T>(f.convertToDouble()));
      return out;
    }
    return std::nullopt;
  }
  auto resource = dyn_cast<DenseResourceElementsAttr>(value);
  if (!resource)
    return std::nullopt;
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob)
    return std::nullopt;
  ArrayRef<char> data = blob->getData();
  int64_t count = value.getShapedType().getNumElements();
  unsigned width = element.getIntOrFloatBitWidth();
  if (width % 8 != 0 || data.size() != static_cast<size_t>(count) * width / 8)
    return std::nullopt;
  const char *p = data.data();
  for (int64_t k = 0; k < count; ++k, p += width / 8) {
    if (auto intType = dyn_cast<IntegerType>(element)) {
      bool isSigned = !intType.isUnsigned();
      int64_t i = 0;
      if (width == 64) {
        std::memcpy(&i, p, 8);
      } else if (width == 32) {
        int32_t s;
        uint32_t u;
        std::memcpy(&s, p, 4);
        std::memcpy(&u, p, 4);
        i = isSigned ? s : static_cast<int64_t>(u);
      } else if (width == 16) {
        int16_t s;
        uint16_t u;
        std::memcpy(&s, p, 2);
        std::memcpy(&u, p, 2);
        i = isSigned ? s : u;
      } else if (width == 8) {
        i = isSigned ? static_cast<int8_t>(*p) : static_cast<uint8_t>(*p);
      }
      out.push_back(static_cast<T>(i));
    } else if (element.isF32()) {
      float f;
      std::memcpy(&f, p, 4);
      out.push_back(static_cast<T>(f));
    } else if (element.isF64()) {
      double d;
      std::memcpy(&d, p, 8);
      out.push_back(static_cast<T>(d));
    } else {
      return std::nullopt;
    }
  }
  return out;
}

std::optional<SmallVector<int64_t>> OnnxNode::constantInts(unsigned i) {
  return literalValues<int64_t>(operand(i));
}

std::optional<SmallVector<int64_t>> mlir::torch::onnx_c::literalInts(Value v) {
  return literalValues<int64_t>(v);
}

std::optional<SmallVector<double>> OnnxNode::constantFloats(unsigned i) {
  return literalValues<double>(operand(i));
}

Value OnnxNode::constInt(int64_t v) {
  return b.create<ConstantIntOp>(loc, b.getI64IntegerAttr(v));
}

Value OnnxNode::constFloat(double v) {
  return b.create<ConstantFloatOp>(loc, b.getF64FloatAttr(v));
}

Value OnnxNode::constBool(bool v) {
  return b.create<ConstantBoolOp>(loc, b.getBoolAttr(v));
}

Value OnnxNode::none() { return b.create<ConstantNoneOp>(loc); }

Value OnnxNode::list(Type elementType, ValueRange values) {
  return b.create<PrimListConstructOp>(loc, ListType::get(elementType), values);
}

Value OnnxNode::intList(ArrayRef<int64_t> values) {
  SmallVector<Value> elements;
  for (int64_t v : values)
    elements.push_back(constInt(v));
  return list(IntType::get(b.getContext()), elements);
}

ValueTensorType OnnxNode::tensorType(ArrayRef<int64_t> sizes, Type dtype) {
  return ValueTensorType::get(b.getContext(), sizes, dtype);
}

Value OnnxNode::convert(Value v, Type dtype) {
  auto t = cast<ValueTensorType>(v.getType());
  if (t.getDtype() == dtype)
    return v;
  std::optional<int64_t> code = scalarTypeCode(dtype);
  if (!code)
    return nullptr;
  // Floats reach a sub-byte integer through int32 (a float-to-int4
  // conversion of 8..15 would overflow a signed 4-bit one; through int32 the
  // low bits are kept).
  if (auto to = dyn_cast<IntegerType>(dtype);
      to && to.getWidth() > 1 && to.getWidth() < 8 &&
      isa<mlir::FloatType>(t.getDtype()))
    v = convert(v, IntegerType::get(b.getContext(), 32, IntegerType::Signed));
  return b.create<AtenToDtypeOp>(loc, tensorType(t.getSizes(), dtype), v,
                                 constInt(*code), constBool(false),
                                 constBool(false), none());
}

Type OnnxNode::computeType(Type dtype) {
  if (dtype.isF16() || dtype.isBF16())
    return b.getF32Type();
  return dtype;
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

Value OnnxNode::sizeOf(Value x, int64_t dim) {
  auto t = cast<ValueTensorType>(x.getType());
  if (t.hasSizes() && t.getSizes()[dim] != kUnknownSize)
    return constInt(t.getSizes()[dim]);
  return create<AtenSizeIntOp>(Torch::IntType::get(b.getContext()), x,
                               constInt(dim));
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

Value OnnxNode::eqInt(Value a, int64_t v) {
  return create<AtenEqIntOp>(Torch::BoolType::get(b.getContext()), a,
                             constInt(v));
}

Value OnnxNode::mulInt(Value a, Value c) {
  return create<AtenMulIntOp>(Torch::IntType::get(b.getContext()), a, c);
}

Value OnnxNode::selectInt(Value cond, Value a, Value c) {
  // c + int(cond) * (a - c)
  Type intType = Torch::IntType::get(b.getContext());
  Value flag = create<AtenIntBoolOp>(intType, cond);
  Value diff = create<AtenSubIntOp>(intType, a, c);
  return create<AtenAddIntOp>(intType, c, mulInt(flag, diff));
}

Value OnnxNode::sizeList(ValueRange sizes) {
  return list(Torch::IntType::get(b.getContext()), sizes);
}

Value OnnxNode::castTo(Value v, Type type) {
  return v.getType() == type ? v : create<TensorStaticInfoCastOp>(type, v);
}

std::pair<PrimLoopOp, Block *> OnnxNode::makeLoop(Value tripCount,
                                                  Value condition,
                                                  ValueRange inits,
                                                  ArrayRef<Type> carried) {
  auto loop = b.create<PrimLoopOp>(loc, carried, tripCount, condition, inits);
  SmallVector<Type> argTypes = {b.getType<Torch::IntType>()};
  argTypes.append(carried.begin(), carried.end());
  SmallVector<Location> argLocs(argTypes.size(), loc);
  Block *block = b.createBlock(&loop.getRegion(), {}, argTypes, argLocs);
  return {loop, block};
}

void OnnxNode::check(Value condition, const Twine &message) {
  Value text = b.create<ConstantStrOp>(
      loc, b.getStringAttr("onnx." + opType + ": " + message));
  b.create<Aten_AssertScalarOp>(loc, condition, text);
}

Value OnnxNode::ifElse(Value cond, Type type, function_ref<Value()> thenValue,
                       function_ref<Value()> elseValue) {
  auto branch = b.create<PrimIfOp>(loc, TypeRange{type}, cond);
  OpBuilder::InsertionGuard guard(b);
  for (auto [region, build] :
       {std::make_pair(&branch.getThenRegion(), thenValue),
        std::make_pair(&branch.getElseRegion(), elseValue)}) {
    b.createBlock(region);
    Value value = castTo(build(), type);
    b.create<PrimIfYieldOp>(loc, ValueRange{value});
  }
  return branch.getResult(0);
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
