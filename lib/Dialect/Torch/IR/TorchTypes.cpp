//===- TorchTypes.cpp - Parsing, printing and verifying Torch types -------===//
//
// Textual forms, identical to upstream torch-mlir's:
//   !torch.int  !torch.list<int>  !torch.tuple<int, float>  !torch.dict<str,
//   tensor> !torch.nn.Module<"name">  !torch.vtensor<[3,?,4],f32>
//   !torch.vtensor<*,si64> !torch.vtensor<[2],unk>  !torch.vtensor
// Torch types nested in containers print without their `!torch.` prefix.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/Dialect/Torch/IR/TorchTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "torch-mlir/Dialect/Torch/IR/TorchDialect.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::torch::Torch;
namespace Torch = mlir::torch::Torch;

#define GET_TYPEDEF_CLASSES
#include "Dialect/Torch/IR/TorchTypes.cpp.inc"

void TorchDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "Dialect/Torch/IR/TorchTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Types nested in containers
//===----------------------------------------------------------------------===//

static void printContainedType(AsmPrinter &printer, Type type) {
  if (isa<TorchDialect>(type.getDialect()) &&
      succeeded(generatedTypePrinter(type, printer)))
    return;
  printer.printType(type);
}

/// Parses a Torch type after its mnemonic: parameterless types have nothing
/// more to read; the others have their own `parse`.
using ContainedTypeParser = Type (*)(AsmParser &);

template <typename T> static Type getParameterless(AsmParser &parser) {
  return T::get(parser.getContext());
}

/// A type inside a container: a Torch type by its bare mnemonic (`int`,
/// `vtensor<[2],f32>`), or any other type (`f32`, `!torch.int`). Mnemonics are
/// matched exactly first, since `tensor`, `tuple` and `none` are also builtin
/// type keywords.
static Type parseContainedType(AsmParser &parser) {
  static const std::pair<StringRef, ContainedTypeParser> torchTypes[] = {
      {IntType::getMnemonic(), getParameterless<IntType>},
      {Torch::FloatType::getMnemonic(), getParameterless<Torch::FloatType>},
      {BoolType::getMnemonic(), getParameterless<BoolType>},
      {StringType::getMnemonic(), getParameterless<StringType>},
      {Torch::NoneType::getMnemonic(), getParameterless<Torch::NoneType>},
      {NumberType::getMnemonic(), getParameterless<NumberType>},
      {AnyType::getMnemonic(), getParameterless<AnyType>},
      {DeviceType::getMnemonic(), getParameterless<DeviceType>},
      {GeneratorType::getMnemonic(), getParameterless<GeneratorType>},
      {LinearParamsType::getMnemonic(), getParameterless<LinearParamsType>},
      {QInt8Type::getMnemonic(), getParameterless<QInt8Type>},
      {QUInt8Type::getMnemonic(), getParameterless<QUInt8Type>},
      {QInt16Type::getMnemonic(), getParameterless<QInt16Type>},
      {QInt32Type::getMnemonic(), getParameterless<QInt32Type>},
      {ListType::getMnemonic(), ListType::parse},
      {OptionalType::getMnemonic(), OptionalType::parse},
      {Torch::TupleType::getMnemonic(), Torch::TupleType::parse},
      {UnionType::getMnemonic(), UnionType::parse},
      {DictType::getMnemonic(), DictType::parse},
      {NnModuleType::getMnemonic(), NnModuleType::parse},
      {NonValueTensorType::getMnemonic(), NonValueTensorType::parse},
      {ValueTensorType::getMnemonic(), ValueTensorType::parse},
  };
  for (const auto &[mnemonic, parse] : torchTypes) {
    if (succeeded(parser.parseOptionalKeyword(mnemonic)))
      return parse(parser);
  }
  Type type;
  if (parser.parseType(type))
    return Type();
  return type;
}

static ParseResult parseContainedTypeList(AsmParser &parser,
                                          SmallVectorImpl<Type> &types) {
  if (parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  do {
    Type type = parseContainedType(parser);
    if (!type)
      return failure();
    types.push_back(type);
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseGreater();
}

static void printContainedTypeList(AsmPrinter &printer, ArrayRef<Type> types) {
  printer << "<";
  llvm::interleave(
      types, [&](Type type) { printContainedType(printer, type); },
      [&] { printer << ", "; });
  printer << ">";
}

template <typename ContainerT>
static Type parseSingleContainer(AsmParser &parser) {
  SmallVector<Type> types;
  SMLoc loc = parser.getCurrentLocation();
  if (parseContainedTypeList(parser, types))
    return Type();
  if (types.size() != 1) {
    parser.emitError(loc) << "expected exactly one contained type";
    return Type();
  }
  return ContainerT::get(parser.getContext(), types[0]);
}

Type ListType::parse(AsmParser &parser) {
  return parseSingleContainer<ListType>(parser);
}
void ListType::print(AsmPrinter &printer) const {
  printContainedTypeList(printer, getContainedType());
}

Type OptionalType::parse(AsmParser &parser) {
  return parseSingleContainer<OptionalType>(parser);
}
void OptionalType::print(AsmPrinter &printer) const {
  printContainedTypeList(printer, getContainedType());
}

Type Torch::TupleType::parse(AsmParser &parser) {
  SmallVector<Type> types;
  if (parseContainedTypeList(parser, types))
    return Type();
  return Torch::TupleType::get(parser.getContext(), types);
}
void Torch::TupleType::print(AsmPrinter &printer) const {
  printContainedTypeList(printer, getContainedTypes());
}

Type UnionType::parse(AsmParser &parser) {
  SmallVector<Type> types;
  if (parseContainedTypeList(parser, types))
    return Type();
  return UnionType::get(parser.getContext(), types);
}
void UnionType::print(AsmPrinter &printer) const {
  printContainedTypeList(printer, getContainedTypes());
}

Type DictType::parse(AsmParser &parser) {
  SmallVector<Type> types;
  SMLoc loc = parser.getCurrentLocation();
  if (parseContainedTypeList(parser, types))
    return Type();
  if (types.size() != 2) {
    parser.emitError(loc) << "expected a key type and a value type";
    return Type();
  }
  return DictType::get(parser.getContext(), types[0], types[1]);
}
void DictType::print(AsmPrinter &printer) const {
  printContainedTypeList(printer, {getKeyType(), getValueType()});
}

Type NnModuleType::parse(AsmParser &parser) {
  std::string className;
  if (parser.parseLess() || parser.parseString(&className) ||
      parser.parseGreater())
    return Type();
  return NnModuleType::get(parser.getContext(), className);
}
void NnModuleType::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printString(getClassName());
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Tensor types
//===----------------------------------------------------------------------===//

bool mlir::torch::Torch::isValidTorchDtype(Type dtype) {
  if (isa<QInt8Type, QUInt8Type, QInt16Type, QInt32Type>(dtype))
    return true;
  if (auto complex = dyn_cast<ComplexType>(dtype))
    return isValidTorchDtype(complex.getElementType()) &&
           isa<mlir::FloatType>(complex.getElementType());
  if (dtype.isF16() || dtype.isBF16() || dtype.isF32() || dtype.isF64())
    return true;
  if (isa<Float8E5M2Type, Float8E4M3FNType, Float8E5M2FNUZType,
          Float8E4M3FNUZType>(dtype))
    return true;
  if (auto integer = dyn_cast<IntegerType>(dtype)) {
    unsigned width = integer.getWidth();
    if (integer.isSignless())
      return width == 1;
    // 2- and 4-bit integers: ONNX's packed INT2/UINT2/INT4/UINT4 (PyTorch
    // has uint4 too); they import, though nothing lowers them yet.
    return width == 2 || width == 4 || width == 8 || width == 16 ||
           width == 32 || width == 64;
  }
  return false;
}

static LogicalResult
verifyTensorType(function_ref<InFlightDiagnostic()> emitError,
                 std::optional<ArrayRef<int64_t>> sizes, Type dtype) {
  if (sizes) {
    for (int64_t size : *sizes) {
      if (size < 0 && size != kUnknownSize)
        return emitError() << "invalid tensor dimension size " << size;
    }
  }
  if (dtype && !isValidTorchDtype(dtype))
    return emitError() << "invalid dtype " << dtype
                       << " for a Torch tensor type (expected e.g. f32, si64, "
                          "i1, bf16, complex<f32>)";
  return success();
}

LogicalResult
NonValueTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                           std::optional<ArrayRef<int64_t>> optionalSizes,
                           Type optionalDtype) {
  return verifyTensorType(emitError, optionalSizes, optionalDtype);
}

LogicalResult
ValueTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                        std::optional<ArrayRef<int64_t>> optionalSizes,
                        Type optionalDtype) {
  return verifyTensorType(emitError, optionalSizes, optionalDtype);
}

template <typename TensorT> static Type parseTensorType(AsmParser &parser) {
  MLIRContext *ctx = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalLess()))
    return TensorT::get(ctx, std::nullopt, Type());
  std::optional<SmallVector<int64_t>> sizes;
  if (failed(parser.parseOptionalStar())) {
    if (parser.parseLSquare())
      return Type();
    sizes.emplace();
    if (failed(parser.parseOptionalRSquare())) {
      do {
        if (succeeded(parser.parseOptionalQuestion())) {
          sizes->push_back(kUnknownSize);
          continue;
        }
        SMLoc sizeLoc = parser.getCurrentLocation();
        int64_t size;
        if (parser.parseInteger(size))
          return Type();
        if (size < 0) {
          parser.emitError(sizeLoc)
              << "invalid tensor dimension size " << size
              << "; write `?` for a size that is not known";
          return Type();
        }
        sizes->push_back(size);
      } while (succeeded(parser.parseOptionalComma()));
      if (parser.parseRSquare())
        return Type();
    }
  }
  Type dtype;
  if (parser.parseComma())
    return Type();
  SMLoc dtypeLoc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalKeyword("unk"))) {
    OptionalParseResult parsed = parser.parseOptionalType(dtype);
    if (!parsed.has_value()) {
      // Not the start of a type: a word like `f99` is named in the error.
      StringRef word;
      InFlightDiagnostic diag = parser.emitError(dtypeLoc);
      if (succeeded(parser.parseOptionalKeyword(&word)))
        diag << "unknown dtype '" << word << "'";
      else
        diag << "expected a dtype";
      diag << " in !torch." << TensorT::getMnemonic()
           << " (expected a builtin element type such as f32, si64, ui8, "
              "i1, complex<f32>, or `unk`)";
      return Type();
    }
    if (failed(*parsed))
      return Type();
  }
  if (parser.parseGreater())
    return Type();
  std::optional<ArrayRef<int64_t>> optionalSizes;
  if (sizes)
    optionalSizes = ArrayRef<int64_t>(*sizes);
  return parser.getChecked<TensorT>(loc, ctx, optionalSizes, dtype);
}

static void printTensorType(AsmPrinter &printer,
                            std::optional<ArrayRef<int64_t>> sizes,
                            Type dtype) {
  if (!sizes && !dtype)
    return;
  printer << "<";
  if (sizes) {
    printer << "[";
    llvm::interleave(
        *sizes,
        [&](int64_t size) {
          if (size == kUnknownSize)
            printer << "?";
          else
            printer << size;
        },
        [&] { printer << ","; });
    printer << "]";
  } else {
    printer << "*";
  }
  printer << ",";
  if (dtype)
    printer.printType(dtype);
  else
    printer << "unk";
  printer << ">";
}

Type NonValueTensorType::parse(AsmParser &parser) {
  return parseTensorType<NonValueTensorType>(parser);
}
void NonValueTensorType::print(AsmPrinter &printer) const {
  printTensorType(printer, getOptionalSizes(), getOptionalDtype());
}

Type ValueTensorType::parse(AsmParser &parser) {
  return parseTensorType<ValueTensorType>(parser);
}
void ValueTensorType::print(AsmPrinter &printer) const {
  printTensorType(printer, getOptionalSizes(), getOptionalDtype());
}

//===----------------------------------------------------------------------===//
// BaseTensorType
//===----------------------------------------------------------------------===//

bool BaseTensorType::classof(Type type) {
  return llvm::isa<NonValueTensorType, ValueTensorType>(type);
}

std::optional<ArrayRef<int64_t>> BaseTensorType::getOptionalSizes() const {
  if (auto tensor = llvm::dyn_cast<NonValueTensorType>(*this))
    return tensor.getOptionalSizes();
  return llvm::cast<ValueTensorType>(*this).getOptionalSizes();
}

Type BaseTensorType::getOptionalDtype() const {
  if (auto tensor = llvm::dyn_cast<NonValueTensorType>(*this))
    return tensor.getOptionalDtype();
  return llvm::cast<ValueTensorType>(*this).getOptionalDtype();
}

ArrayRef<int64_t> BaseTensorType::getSizes() const {
  assert(hasSizes() && "tensor type has no sizes");
  return *getOptionalSizes();
}

Type BaseTensorType::getDtype() const {
  assert(hasDtype() && "tensor type has no dtype");
  return getOptionalDtype();
}

bool BaseTensorType::hasValueSemantics() const {
  return llvm::isa<ValueTensorType>(*this);
}

bool BaseTensorType::areAllSizesKnown() const {
  return hasSizes() && llvm::none_of(getSizes(), [](int64_t size) {
           return size == kUnknownSize;
         });
}

BaseTensorType
BaseTensorType::getWithSizesAndDtype(std::optional<ArrayRef<int64_t>> sizes,
                                     Type dtype) const {
  if (hasValueSemantics())
    return ValueTensorType::get(getContext(), sizes, dtype);
  return NonValueTensorType::get(getContext(), sizes, dtype);
}

ValueTensorType BaseTensorType::getWithValueSemantics() const {
  return ValueTensorType::get(getContext(), getOptionalSizes(),
                              getOptionalDtype());
}

NonValueTensorType BaseTensorType::getWithoutValueSemantics() const {
  return NonValueTensorType::get(getContext(), getOptionalSizes(),
                                 getOptionalDtype());
}

std::optional<int64_t> mlir::torch::Torch::scalarTypeCode(Type dtype) {
  if (dtype.isUnsignedInteger(8))
    return 0;
  if (dtype.isSignedInteger(8))
    return 1;
  if (dtype.isSignedInteger(16))
    return 2;
  if (dtype.isSignedInteger(32))
    return 3;
  if (dtype.isSignedInteger(64))
    return 4;
  if (dtype.isF16())
    return 5;
  if (dtype.isF32())
    return 6;
  if (dtype.isF64())
    return 7;
  if (auto c = dyn_cast<ComplexType>(dtype))
    return c.getElementType().isF32()   ? std::optional<int64_t>(9)
           : c.getElementType().isF64() ? std::optional<int64_t>(10)
                                        : std::nullopt;
  if (dtype.isSignlessInteger(1))
    return 11;
  if (dtype.isBF16())
    return 15;
  if (isa<Float8E5M2Type>(dtype))
    return 23;
  if (isa<Float8E4M3FNType>(dtype))
    return 24;
  if (isa<Float8E5M2FNUZType>(dtype))
    return 25;
  if (isa<Float8E4M3FNUZType>(dtype))
    return 26;
  if (dtype.isUnsignedInteger(16))
    return 27;
  if (dtype.isUnsignedInteger(32))
    return 28;
  if (dtype.isUnsignedInteger(64))
    return 29;
  // The sub-byte integers (one per byte in memory): PyTorch's UInt2, UInt4,
  // Int2, Int4.
  if (dtype.isUnsignedInteger(2))
    return 31;
  if (dtype.isUnsignedInteger(4))
    return 33;
  if (dtype.isSignedInteger(2))
    return 38;
  if (dtype.isSignedInteger(4))
    return 40;
  return std::nullopt;
}
