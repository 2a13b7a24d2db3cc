//===- TorchTypes.cpp - C API: build and inspect Torch types --------------===//

#include "torch-mlir-c/TorchTypes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "torch-mlir/Dialect/Torch/IR/TorchTypes.h"

using namespace mlir;
using namespace mlir::torch;

namespace {
std::optional<ArrayRef<int64_t>> sizesFrom(intptr_t numSizes,
                                           const int64_t *optionalSizes) {
  if (numSizes < 0)
    return std::nullopt;
  return ArrayRef<int64_t>(optionalSizes, numSizes);
}
} // namespace

// Predicate, constructor and TypeID of a parameterless type.
#define DEFINE_SIMPLE_TYPE(NAME)                                               \
  bool torchMlirTypeIsATorch##NAME(MlirType t) {                               \
    return isa<Torch::NAME##Type>(unwrap(t));                                  \
  }                                                                            \
  MlirType torchMlirTorch##NAME##TypeGet(MlirContext context) {                \
    return wrap(Torch::NAME##Type::get(unwrap(context)));                      \
  }                                                                            \
  MlirTypeID torchMlirTorch##NAME##TypeGetTypeID() {                           \
    return wrap(Torch::NAME##Type::getTypeID());                               \
  }

DEFINE_SIMPLE_TYPE(Int)
DEFINE_SIMPLE_TYPE(Float)
DEFINE_SIMPLE_TYPE(Bool)
DEFINE_SIMPLE_TYPE(String)
DEFINE_SIMPLE_TYPE(None)
DEFINE_SIMPLE_TYPE(Number)
DEFINE_SIMPLE_TYPE(Any)
DEFINE_SIMPLE_TYPE(Device)
DEFINE_SIMPLE_TYPE(Generator)
DEFINE_SIMPLE_TYPE(LinearParams)
DEFINE_SIMPLE_TYPE(QInt8)
DEFINE_SIMPLE_TYPE(QUInt8)
DEFINE_SIMPLE_TYPE(QInt16)
DEFINE_SIMPLE_TYPE(QInt32)
#undef DEFINE_SIMPLE_TYPE

// List and Optional.
bool torchMlirTypeIsATorchList(MlirType t) {
  return isa<Torch::ListType>(unwrap(t));
}
MlirType torchMlirTorchListTypeGet(MlirType containedType) {
  return wrap(Torch::ListType::get(unwrap(containedType)));
}
MlirType torchMlirTorchListTypeGetContainedType(MlirType t) {
  return wrap(cast<Torch::ListType>(unwrap(t)).getContainedType());
}
MlirTypeID torchMlirTorchListTypeGetTypeID() {
  return wrap(Torch::ListType::getTypeID());
}

bool torchMlirTypeIsATorchOptional(MlirType t) {
  return isa<Torch::OptionalType>(unwrap(t));
}
MlirType torchMlirTorchOptionalTypeGet(MlirType containedType) {
  return wrap(Torch::OptionalType::get(unwrap(containedType)));
}
MlirType torchMlirTorchOptionalTypeGetContained(MlirType t) {
  return wrap(cast<Torch::OptionalType>(unwrap(t)).getContainedType());
}
MlirTypeID torchMlirTorchOptionalTypeGetTypeID() {
  return wrap(Torch::OptionalType::getTypeID());
}

// Tuple and Union.
#define DEFINE_TYPE_LIST_TYPE(NAME)                                            \
  bool torchMlirTypeIsATorch##NAME(MlirType t) {                               \
    return isa<Torch::NAME##Type>(unwrap(t));                                  \
  }                                                                            \
  MlirType torchMlirTorch##NAME##TypeGet(MlirContext context,                  \
                                         intptr_t numContainedTypes,           \
                                         const MlirType *containedTypes) {     \
    SmallVector<Type> types;                                                   \
    for (intptr_t i = 0; i < numContainedTypes; ++i)                           \
      types.push_back(unwrap(containedTypes[i]));                              \
    return wrap(Torch::NAME##Type::get(unwrap(context), types));               \
  }                                                                            \
  size_t torchMlirTorch##NAME##TypeGetNumTypes(MlirType t) {                   \
    return cast<Torch::NAME##Type>(unwrap(t)).getContainedTypes().size();      \
  }                                                                            \
  MlirType torchMlirTorch##NAME##TypeGetType(MlirType t, intptr_t pos) {       \
    return wrap(cast<Torch::NAME##Type>(unwrap(t)).getContainedTypes()[pos]);  \
  }                                                                            \
  MlirTypeID torchMlirTorch##NAME##TypeGetTypeID() {                           \
    return wrap(Torch::NAME##Type::getTypeID());                               \
  }

DEFINE_TYPE_LIST_TYPE(Tuple)
DEFINE_TYPE_LIST_TYPE(Union)
#undef DEFINE_TYPE_LIST_TYPE

// Dict.
bool torchMlirTypeIsATorchDict(MlirType t) {
  return isa<Torch::DictType>(unwrap(t));
}
MlirType torchMlirTorchDictTypeGet(MlirType keyType, MlirType valueType) {
  Type key = unwrap(keyType);
  return wrap(Torch::DictType::get(key.getContext(), key, unwrap(valueType)));
}
MlirType torchMlirTorchDictTypeGetKeyType(MlirType t) {
  return wrap(cast<Torch::DictType>(unwrap(t)).getKeyType());
}
MlirType torchMlirTorchDictTypeGetValueType(MlirType t) {
  return wrap(cast<Torch::DictType>(unwrap(t)).getValueType());
}
MlirTypeID torchMlirTorchDictTypeGetTypeID() {
  return wrap(Torch::DictType::getTypeID());
}

// nn.Module.
bool torchMlirTypeIsATorchNnModule(MlirType t) {
  return isa<Torch::NnModuleType>(unwrap(t));
}
MlirType torchMlirTorchNnModuleTypeGet(MlirContext context,
                                       MlirStringRef className) {
  return wrap(Torch::NnModuleType::get(unwrap(context), unwrap(className)));
}
MlirStringRef torchMlirTorchNnModuleTypeGetClassName(MlirType t) {
  return wrap(cast<Torch::NnModuleType>(unwrap(t)).getClassName());
}
MlirTypeID torchMlirTorchNnModuleTypeGetTypeID() {
  return wrap(Torch::NnModuleType::getTypeID());
}

// Tensors.
#define DEFINE_TENSOR_TYPE(NAME)                                               \
  bool torchMlirTypeIsATorch##NAME(MlirType t) {                               \
    return isa<Torch::NAME##Type>(unwrap(t));                                  \
  }                                                                            \
  MlirType torchMlirTorch##NAME##TypeGet(                                      \
      MlirContext context, intptr_t numSizes, const int64_t *optionalSizes,    \
      MlirType optionalDtype) {                                                \
    Type dtype =                                                               \
        mlirTypeIsNull(optionalDtype) ? Type() : unwrap(optionalDtype);        \
    return wrap(Torch::NAME##Type::get(                                        \
        unwrap(context), sizesFrom(numSizes, optionalSizes), dtype));          \
  }                                                                            \
  MlirType torchMlirTorch##NAME##TypeGetWithLeastStaticInformation(            \
      MlirContext context) {                                                   \
    return wrap(Torch::NAME##Type::get(unwrap(context)));                      \
  }                                                                            \
  int64_t torchMlirTorch##NAME##TypeGetRank(MlirType t) {                      \
    auto type = cast<Torch::BaseTensorType>(unwrap(t));                        \
    return type.hasSizes() ? static_cast<int64_t>(type.getSizes().size())      \
                           : -1;                                               \
  }                                                                            \
  bool torchMlirTorch##NAME##TypeHasSizes(MlirType t) {                        \
    return cast<Torch::BaseTensorType>(unwrap(t)).hasSizes();                  \
  }                                                                            \
  bool torchMlirTorch##NAME##TypeHasDtype(MlirType t) {                        \
    return cast<Torch::BaseTensorType>(unwrap(t)).hasDtype();                  \
  }                                                                            \
  MlirLogicalResult torchMlirTorch##NAME##TypeGetSizes(MlirType t,             \
                                                       int64_t *sizes) {       \
    auto type = cast<Torch::BaseTensorType>(unwrap(t));                        \
    if (!type.hasSizes())                                                      \
      return mlirLogicalResultFailure();                                       \
    llvm::copy(type.getSizes(), sizes);                                        \
    return mlirLogicalResultSuccess();                                         \
  }                                                                            \
  MlirType torchMlirTorch##NAME##TypeGetDtype(MlirType t) {                    \
    return wrap(cast<Torch::BaseTensorType>(unwrap(t)).getOptionalDtype());    \
  }                                                                            \
  MlirTypeID torchMlirTorch##NAME##TypeGetTypeID() {                           \
    return wrap(Torch::NAME##Type::getTypeID());                               \
  }

DEFINE_TENSOR_TYPE(NonValueTensor)
DEFINE_TENSOR_TYPE(ValueTensor)
#undef DEFINE_TENSOR_TYPE
