//===- TorchBuilder.cpp - Reading and building Torch IR -------------------===//

#include "torch-mlir/Dialect/Torch/Builder/TorchBuilder.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "torch-mlir/Dialect/Torch/IR/TorchTypes.h"
#include "llvm/ADT/APFloat.h"

#include <cstring>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;

// --- matchers ---------------------------------------------------------------

ValueTensorType Torch::knownType(Type type) {
  auto t = dyn_cast<ValueTensorType>(type);
  return t && t.hasSizes() && t.hasDtype() ? t : nullptr;
}

std::optional<int64_t> Torch::constantInt(Value v) {
  if (!v)
    return std::nullopt;
  if (auto c = v.getDefiningOp<ConstantIntOp>())
    return c.getValueAttr().getInt();
  IntegerAttr attr;
  if (matchPattern(v, m_Constant(&attr)) && !attr.getType().isInteger(1))
    return attr.getValue().getSExtValue();
  return std::nullopt;
}

std::optional<double> Torch::constantNumber(Value v) {
  if (!v)
    return std::nullopt;
  if (auto c = v.getDefiningOp<ConstantFloatOp>())
    return c.getValueAttr().getValueAsDouble();
  FloatAttr attr;
  if (matchPattern(v, m_Constant(&attr)))
    return attr.getValueAsDouble();
  if (std::optional<int64_t> i = constantInt(v))
    return static_cast<double>(*i);
  return std::nullopt;
}

std::optional<bool> Torch::constantBool(Value v) {
  if (!v)
    return std::nullopt;
  if (auto c = v.getDefiningOp<ConstantBoolOp>())
    return c.getValueAttr().getValue();
  return std::nullopt;
}

std::optional<StringRef> Torch::constantString(Value v) {
  if (auto c = v ? v.getDefiningOp<ConstantStrOp>() : nullptr)
    return c.getValue();
  return std::nullopt;
}

bool Torch::isNone(Value v) {
  return v && (isa<Torch::NoneType>(v.getType()) ||
               v.getDefiningOp<ConstantNoneOp>());
}

std::optional<SmallVector<Value>> Torch::listElements(Value list) {
  auto construct = list ? list.getDefiningOp<PrimListConstructOp>() : nullptr;
  if (!construct)
    return std::nullopt;
  return SmallVector<Value>(construct.getElements());
}

std::optional<SmallVector<int64_t>> Torch::constantInts(Value list) {
  std::optional<SmallVector<Value>> elements = listElements(list);
  if (!elements)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (Value element : *elements) {
    std::optional<int64_t> v = constantInt(element);
    if (!v)
      return std::nullopt;
    values.push_back(*v);
  }
  return values;
}

std::optional<SmallVector<double>> Torch::constantNumbers(Value list) {
  std::optional<SmallVector<Value>> elements = listElements(list);
  if (!elements)
    return std::nullopt;
  SmallVector<double> values;
  for (Value element : *elements) {
    std::optional<double> v = constantNumber(element);
    if (!v)
      return std::nullopt;
    values.push_back(*v);
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

std::optional<SmallVector<int64_t>> Torch::literalInts(Value v) {
  return literalValues<int64_t>(v);
}

std::optional<SmallVector<double>> Torch::literalFloats(Value v) {
  return literalValues<double>(v);
}

std::optional<int64_t> Torch::normalizeDim(int64_t dim, int64_t rank) {
  if (dim < -rank || dim >= rank)
    return std::nullopt;
  return dim < 0 ? dim + rank : dim;
}

std::optional<int64_t> Torch::wrapDim(int64_t dim, int64_t rank) {
  return normalizeDim(dim, std::max<int64_t>(rank, 1));
}

std::optional<int64_t> Torch::constantDim(Value dim, int64_t rank) {
  std::optional<int64_t> value = constantInt(dim);
  return value ? wrapDim(*value, rank) : std::nullopt;
}

int64_t Torch::sizeProduct(ArrayRef<int64_t> sizes) {
  int64_t product = 1;
  for (int64_t size : sizes) {
    if (size == kUnknownSize)
      return kUnknownSize;
    product *= size;
  }
  return product;
}

SmallVector<int64_t> Torch::broadcastSizes(ArrayRef<int64_t> a,
                                           ArrayRef<int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  SmallVector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t y = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (x == 1)
      out[i] = y;
    else if (y == 1 || x == y)
      out[i] = x;
    else
      out[i] = kUnknownSize;
  }
  return out;
}

// --- promotion --------------------------------------------------------------

static bool isBoolDtype(Type t) { return t && t.isSignlessInteger(1); }

int Torch::dtypeCategory(Type t) {
  if (isBoolDtype(t))
    return 0;
  if (isa_and_nonnull<IntegerType>(t))
    return 1;
  return isa_and_nonnull<mlir::FloatType>(t) ? 2 : 3;
}

Type Torch::promoteDtypes(Type a, Type b) {
  if (!a || a == b)
    return b;
  if (!b)
    return a;
  if (isBoolDtype(a))
    return b;
  if (isBoolDtype(b))
    return a;
  int ca = dtypeCategory(a), cb = dtypeCategory(b);
  if (ca != cb) {
    Type high = ca > cb ? a : b, low = ca > cb ? b : a;
    if (isa<ComplexType>(high) && isa<mlir::FloatType>(low)) {
      auto element = cast<ComplexType>(high).getElementType();
      return low.getIntOrFloatBitWidth() > element.getIntOrFloatBitWidth()
                 ? ComplexType::get(low)
                 : high;
    }
    if (isa<mlir::FloatType>(high) && high.getIntOrFloatBitWidth() == 8)
      return nullptr;
    return high;
  }
  if (ca == 1) {
    auto x = cast<IntegerType>(a), y = cast<IntegerType>(b);
    if (x.isUnsigned() && y.isUnsigned())
      return x.getWidth() > y.getWidth() ? a : b;
    if (x.isUnsigned() != y.isUnsigned()) {
      IntegerType u = x.isUnsigned() ? x : y, s = x.isUnsigned() ? y : x;
      if (u.getWidth() != 8)
        return nullptr;
      return s.getWidth() > 8
                 ? Type(s)
                 : IntegerType::get(a.getContext(), 16, IntegerType::Signed);
    }
    return x.getWidth() > y.getWidth() ? a : b;
  }
  if (ca == 2) {
    unsigned wa = a.getIntOrFloatBitWidth(), wb = b.getIntOrFloatBitWidth();
    if (wa == 8 || wb == 8)
      return nullptr;
    if (wa == wb) // f16 with bf16
      return Float32Type::get(a.getContext());
    return wa > wb ? a : b;
  }
  auto ea = cast<ComplexType>(a).getElementType();
  auto eb = cast<ComplexType>(b).getElementType();
  return ea.getIntOrFloatBitWidth() > eb.getIntOrFloatBitWidth() ? a : b;
}

Type Torch::wrappedScalarDtype(Value v) {
  MLIRContext *c = v.getContext();
  Type t = v.getType();
  if (isa<Torch::IntType>(t))
    return IntegerType::get(c, 64, IntegerType::Signed);
  if (isa<Torch::FloatType>(t))
    return Float32Type::get(c);
  if (isa<Torch::BoolType>(t))
    return IntegerType::get(c, 1);
  if (isa<Torch::NumberType>(t)) {
    if (constantInt(v))
      return IntegerType::get(c, 64, IntegerType::Signed);
    if (constantNumber(v))
      return Float32Type::get(c);
  }
  return nullptr;
}

Type Torch::resultDtype(ArrayRef<Value> operands,
                        function_ref<Type(Value)> scalarDtype) {
  Type dims, zeros, wrapped, first;
  bool unranked = false, mixed = false;
  for (Value v : operands) {
    if (!v || isNone(v))
      continue;
    if (auto t = dyn_cast<ValueTensorType>(v.getType())) {
      Type dtype = t.getOptionalDtype();
      if (!dtype)
        return nullptr;
      unranked |= !t.hasSizes();
      mixed |= first && first != dtype;
      if (!first)
        first = dtype;
      Type &group = t.hasSizes() && t.getSizes().empty() ? zeros : dims;
      group = promoteDtypes(group, dtype);
      if (!group)
        return nullptr;
      continue;
    }
    Type s = scalarDtype(v);
    if (!s)
      return nullptr;
    wrapped = promoteDtypes(wrapped, s);
  }
  if (unranked)
    return mixed || (wrapped && dtypeCategory(wrapped) > dtypeCategory(first))
               ? nullptr
               : first;
  // A lower group counts only where it is of a higher category.
  auto combine = [](Type high, Type low) -> Type {
    if (!high)
      return low;
    if (!low)
      return high;
    return dtypeCategory(low) > dtypeCategory(high) ? promoteDtypes(high, low)
                                                    : high;
  };
  return combine(dims, combine(zeros, wrapped));
}

// --- building ---------------------------------------------------------------

Operation *Torch::createIfValid(OpBuilder &builder, Location loc,
                                StringRef name, ValueRange operands,
                                TypeRange resultTypes,
                                ArrayRef<NamedAttribute> attributes) {
  MLIRContext *context = builder.getContext();
  std::optional<RegisteredOperationName> registered =
      RegisteredOperationName::lookup(name, context);
  if (!registered)
    return nullptr;
  OperationState state(loc, *registered);
  state.addOperands(operands);
  state.addTypes(resultTypes);
  state.addAttributes(attributes);
  Operation *made = builder.create(state);
  ScopedDiagnosticHandler quiet(context,
                                [](Diagnostic &) { return success(); });
  if (failed(verify(made))) {
    made->erase();
    return nullptr;
  }
  return made;
}

Value TorchBuilder::constInt(int64_t v) {
  return builder.create<ConstantIntOp>(loc, builder.getI64IntegerAttr(v));
}

Value TorchBuilder::constFloat(double v) {
  return builder.create<ConstantFloatOp>(loc, builder.getF64FloatAttr(v));
}

Value TorchBuilder::constBool(bool v) {
  return builder.create<ConstantBoolOp>(loc, builder.getBoolAttr(v));
}

Value TorchBuilder::constStr(StringRef v) {
  return builder.create<ConstantStrOp>(loc, builder.getStringAttr(v));
}

Value TorchBuilder::none() { return builder.create<ConstantNoneOp>(loc); }

Type TorchBuilder::intType() { return IntType::get(builder.getContext()); }

Type TorchBuilder::boolType() { return BoolType::get(builder.getContext()); }

Type TorchBuilder::i64() {
  return IntegerType::get(builder.getContext(), 64, IntegerType::Signed);
}

Type TorchBuilder::i1() { return IntegerType::get(builder.getContext(), 1); }

ValueTensorType TorchBuilder::tensorType(ArrayRef<int64_t> sizes, Type dtype) {
  return ValueTensorType::get(builder.getContext(), sizes, dtype);
}

ValueTensorType TorchBuilder::reduced(ValueTensorType type, int64_t dim) {
  SmallVector<int64_t> sizes(type.getSizes());
  sizes[dim] = 1;
  return cast<ValueTensorType>(
      type.getWithSizesAndDtype(sizes, type.getDtype()));
}

Value TorchBuilder::list(Type elementType, ValueRange values) {
  return builder.create<PrimListConstructOp>(loc, ListType::get(elementType),
                                             values);
}

Value TorchBuilder::sizeList(ValueRange ints) { return list(intType(), ints); }

Value TorchBuilder::intList(ArrayRef<int64_t> values) {
  SmallVector<Value> elements;
  for (int64_t v : values)
    elements.push_back(constInt(v));
  return sizeList(elements);
}

Value TorchBuilder::tensorList(ValueRange tensors) {
  return list(ValueTensorType::get(builder.getContext()), tensors);
}

Value TorchBuilder::addInt(Value a, Value c) {
  if (auto x = constantInt(a), y = constantInt(c); x && y)
    return constInt(*x + *y);
  return create<AtenAddIntOp>(intType(), a, c);
}

Value TorchBuilder::subInt(Value a, Value c) {
  if (auto x = constantInt(a), y = constantInt(c); x && y)
    return constInt(*x - *y);
  return create<AtenSubIntOp>(intType(), a, c);
}

Value TorchBuilder::mulInt(Value a, Value c) {
  if (auto x = constantInt(a), y = constantInt(c); x && y)
    return constInt(*x * *y);
  if (constantInt(a) == 1)
    return c;
  if (constantInt(c) == 1)
    return a;
  return create<AtenMulIntOp>(intType(), a, c);
}

Value TorchBuilder::eqInt(Value a, int64_t v) {
  return create<AtenEqIntOp>(boolType(), a, constInt(v));
}

Value TorchBuilder::selectInt(Value cond, Value a, Value c) {
  // c + int(cond) * (a - c)
  Value flag = create<AtenIntBoolOp>(intType(), cond);
  return addInt(c, mulInt(flag, subInt(a, c)));
}

Value TorchBuilder::sizeOf(Value x, int64_t dim) {
  auto t = cast<ValueTensorType>(x.getType());
  if (t.hasSizes()) {
    ArrayRef<int64_t> sizes = t.getSizes();
    if (dim < 0)
      dim += sizes.size();
    if (sizes[dim] != kUnknownSize)
      return constInt(sizes[dim]);
  }
  return create<AtenSizeIntOp>(intType(), x, constInt(dim));
}

Value TorchBuilder::dtypeOf(Type dtype) {
  return constInt(*scalarTypeCode(dtype));
}

Value TorchBuilder::convert(Value v, Type dtype) {
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
    v = convert(
        v, IntegerType::get(builder.getContext(), 32, IntegerType::Signed));
  return create<AtenToDtypeOp>(tensorType(t.getSizes(), dtype), v,
                               constInt(*code), constBool(false),
                               constBool(false), none());
}

Type TorchBuilder::computeType(Type dtype) {
  if (dtype.isF16() || dtype.isBF16())
    return builder.getF32Type();
  return dtype;
}

Value TorchBuilder::castTo(Value v, Type type) {
  return v.getType() == type ? v : create<TensorStaticInfoCastOp>(type, v);
}

Value TorchBuilder::arange(Value start, Value end, int64_t length, Type dtype) {
  dtype = dtype ? dtype : i64();
  return create<AtenArangeStartStepOp>(tensorType({length}, dtype), start, end,
                                       constInt(1), dtypeOf(dtype), none(),
                                       none(), none());
}

Value TorchBuilder::positions(Value x, int64_t dim) {
  ArrayRef<int64_t> sizes = cast<ValueTensorType>(x.getType()).getSizes();
  int64_t length = sizes[dim < 0 ? dim + sizes.size() : dim];
  return arange(constInt(0), sizeOf(x, dim), length);
}

Value TorchBuilder::positionsLiteral(int64_t rank, int64_t dim, int64_t size) {
  SmallVector<int64_t> sizes(rank, 1), values;
  sizes[dim] = size;
  for (int64_t i = 0; i < size; ++i)
    values.push_back(i);
  return builder.create<ValueTensorLiteralOp>(
      loc, tensorType(sizes, i64()),
      DenseElementsAttr::get(RankedTensorType::get(sizes, i64()),
                             ArrayRef(values)));
}

Value TorchBuilder::alongDim(Value v, int64_t rank, int64_t dim, int64_t size) {
  auto t = dyn_cast<ValueTensorType>(v.getType());
  if (!t || !t.hasDtype())
    return nullptr;
  SmallVector<int64_t> sizes(rank, 1), shape(rank, 1);
  sizes[dim] = size;
  shape[dim] = -1;
  return create<AtenViewOp>(tensorType(sizes, t.getDtype()), v, intList(shape));
}

Value TorchBuilder::squeezed(Value x, ArrayRef<int64_t> dims) {
  auto t = cast<ValueTensorType>(x.getType());
  SmallVector<int64_t> sizes(t.getSizes());
  for (int64_t d : llvm::reverse(dims)) {
    sizes.erase(sizes.begin() + d);
    x = create<AtenSqueezeDimOp>(tensorType(sizes, t.getDtype()), x,
                                 constInt(d));
  }
  return x;
}

Value TorchBuilder::flattened(Value x) {
  auto t = cast<ValueTensorType>(x.getType());
  int64_t rank = t.getSizes().size();
  if (rank == 1)
    return x;
  if (rank == 0)
    return create<AtenUnsqueezeOp>(tensorType({1}, t.getDtype()), x,
                                   constInt(0));
  return create<AtenFlattenUsingIntsOp>(
      tensorType({sizeProduct(t.getSizes())}, t.getDtype()), x, constInt(0),
      constInt(rank - 1));
}

std::pair<PrimLoopOp, Block *> TorchBuilder::makeLoop(Value tripCount,
                                                      Value condition,
                                                      ValueRange inits,
                                                      ArrayRef<Type> carried) {
  auto loop =
      builder.create<PrimLoopOp>(loc, carried, tripCount, condition, inits);
  SmallVector<Type> argTypes = {intType()};
  argTypes.append(carried.begin(), carried.end());
  SmallVector<Location> argLocs(argTypes.size(), loc);
  Block *block = builder.createBlock(&loop.getRegion(), {}, argTypes, argLocs);
  return {loop, block};
}

Value TorchBuilder::ifElse(Value cond, Type type,
                           function_ref<Value()> thenValue,
                           function_ref<Value()> elseValue) {
  auto branch = builder.create<PrimIfOp>(loc, TypeRange{type}, cond);
  OpBuilder::InsertionGuard guard(builder);
  for (auto [region, build] :
       {std::make_pair(&branch.getThenRegion(), thenValue),
        std::make_pair(&branch.getElseRegion(), elseValue)}) {
    builder.createBlock(region);
    Value value = castTo(build(), type);
    builder.create<PrimIfYieldOp>(loc, ValueRange{value});
  }
  return branch.getResult(0);
}

void TorchBuilder::check(Value condition, const Twine &message) {
  builder.create<Aten_AssertScalarOp>(loc, condition, constStr(message.str()));
}
