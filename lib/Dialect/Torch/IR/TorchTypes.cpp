//===- TorchTypes.cpp - Parsing, printing and verifying Torch types -------===//
//
// Textual forms, identical to upstream torch-mlir's:
//   !torch.int  !torch.list<int>  !torch.tuple<int, float>  !torch.dict<str, tensor>
//   !torch.nn.Module<"name">  !torch.vtensor<[3,?,4],f32>  !torch.vtensor<*,si64>
//   !torch.vtensor<[2],unk>  !torch.vtensor
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

/// Parses the rest of a Torch type whose mnemonic was already consumed.
static Type parseTypeAfterMnemonic(AsmParser &parser, StringRef mnemonic,
                                   SMLoc loc) {
  MLIRContext *ctx = parser.getContext();
  Type simple = llvm::StringSwitch<Type>(mnemonic)
                    .Case("int", IntType::get(ctx))
                    .Case("float", Torch::FloatType::get(ctx))
                    .Case("bool", BoolType::get(ctx))
                    .Case("str", StringType::get(ctx))
                    .Case("none", Torch::NoneType::get(ctx))
                    .Case("number", NumberType::get(ctx))
                    .Case("any", AnyType::get(ctx))
                    .Case("Device", DeviceType::get(ctx))
                    .Case("Generator", GeneratorType::get(ctx))
                    .Case("LinearParams", LinearParamsType::get(ctx))
                    .Case("qint8", QInt8Type::get(ctx))
                    .Case("quint8", QUInt8Type::get(ctx))
                    .Case("qint16", QInt16Type::get(ctx))
                    .Case("qint32", QInt32Type::get(ctx))
                    .Default(Type());
  if (simple)
    return simple;
  if (mnemonic == "list")
    return ListType::parse(parser);
  if (mnemonic == "optional")
    return OptionalType::parse(parser);
  if (mnemonic == "tuple")
    return Torch::TupleType::parse(parser);
  if (mnemonic == "union")
    return UnionType::parse(parser);
  if (mnemonic == "dict")
    return DictType::parse(parser);
  if (mnemonic == "nn.Module")
    return NnModuleType::parse(parser);
  if (mnemonic == "tensor")
    return NonValueTensorType::parse(parser);
  if (mnemonic == "vtensor")
    return ValueTensorType::parse(parser);
  parser.emitError(loc) << "unknown Torch type '" << mnemonic << "'";
  return Type();
}

/// A type inside a container: a Torch type by its bare mnemonic (`int`,
/// `vtensor<[2],f32>`), or any other type (`f32`, `!torch.int`). Mnemonics are
/// matched exactly first, since `tensor`, `tuple` and `none` are also builtin
/// type keywords.
static Type parseContainedType(AsmParser &parser) {
  static const char *const mnemonics[] = {
      "int",     "float",    "bool",     "str",       "none",      "number",
      "any",     "Device",   "Generator", "LinearParams", "qint8", "quint8",
      "qint16",  "qint32",   "list",     "optional",  "tuple",     "union",
      "dict",    "nn.Module", "tensor",  "vtensor"};
  SMLoc loc = parser.getCurrentLocation();
  for (const char *mnemonic : mnemonics) {
    if (succeeded(parser.parseOptionalKeyword(mnemonic)))
      return parseTypeAfterMnemonic(parser, mnemonic, loc);
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
    return width == 8 || width == 16 || width == 32 || width == 64;
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

template <typename TensorT>
static Type parseTensorType(AsmParser &parser) {
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
  if (failed(parser.parseOptionalKeyword("unk")) && parser.parseType(dtype))
    return Type();
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
