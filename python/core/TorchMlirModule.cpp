//===- TorchMlirModule.cpp - torch_mlir._mlir_libs._torchMlir
//--------------===//
//
// The Python face of our dialects: registration and the Torch types. Built
// only on the C API (libTorchMLIRAggregateCAPI.so), like MLIR's own extension
// _mlir, so the process holds one copy of MLIR whichever module makes a type.
//
//===----------------------------------------------------------------------===//

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir/Bindings/Python/PybindAdaptors.h"
#include "torch-mlir-c/Dialects.h"
#include "torch-mlir-c/Registration.h"
#include "torch-mlir-c/TorchTypes.h"

#include <optional>
#include <vector>

namespace py = pybind11;
using namespace mlir::python::adaptors;

namespace {

/// `name(context=None, load=True)`: registers, and by default loads, a dialect.
void defineRegisterDialect(py::module_ &m, const char *name,
                           MlirDialectHandle (*getHandle)(),
                           const std::string &dialect) {
  m.def(
      name,
      [getHandle](MlirContext context, bool load) {
        MlirDialectHandle handle = getHandle();
        mlirDialectHandleRegisterDialect(handle, context);
        if (load)
          mlirDialectHandleLoadDialect(handle, context);
      },
      py::arg("context") = py::none(), py::arg("load") = true,
      ("Registers (and by default loads) the " + dialect +
       " dialect in a context.")
          .c_str());
}

/// A parameterless type: `X.get(context=None)`.
void defineSimpleType(py::module_ &m, const char *name, bool (*isa)(MlirType),
                      MlirTypeID (*typeId)(), MlirType (*get)(MlirContext)) {
  mlir_type_subclass(m, name, isa, typeId)
      .def_classmethod(
          "get",
          [get](const py::object &cls, MlirContext context) {
            return cls(get(context));
          },
          py::arg("cls"), py::arg("context") = py::none());
}

/// `!torch.tensor` and `!torch.vtensor`: get(sizes=None, dtype=None,
/// context=None), .sizes (None if the rank is unknown, -1 for `?`), .dtype
/// (None if unknown).
template <MlirType (*Get)(MlirContext, intptr_t, const int64_t *, MlirType),
          int64_t (*Rank)(MlirType),
          MlirLogicalResult (*Sizes)(MlirType, int64_t *),
          MlirType (*Dtype)(MlirType)>
void defineTensorType(py::module_ &m, const char *name, bool (*isa)(MlirType),
                      MlirTypeID (*typeId)()) {
  mlir_type_subclass(m, name, isa, typeId)
      .def_classmethod(
          "get",
          [](const py::object &cls, std::optional<std::vector<int64_t>> sizes,
             std::optional<MlirType> dtype, MlirContext context) {
            MlirType elementType = dtype ? *dtype : MlirType{nullptr};
            if (!sizes)
              return cls(Get(context, -1, nullptr, elementType));
            for (int64_t size : *sizes) {
              if (size < -1)
                throw py::value_error("tensor sizes must be >= 0, or -1 for "
                                      "an unknown size; got " +
                                      std::to_string(size));
            }
            return cls(Get(context, static_cast<intptr_t>(sizes->size()),
                           sizes->data(), elementType));
          },
          py::arg("cls"), py::arg("sizes") = py::none(),
          py::arg("dtype") = py::none(), py::arg("context") = py::none())
      .def_property_readonly("sizes",
                             [](MlirType self) -> py::object {
                               int64_t rank = Rank(self);
                               if (rank < 0)
                                 return py::none();
                               std::vector<int64_t> sizes(rank);
                               (void)Sizes(self, sizes.data());
                               return py::cast(sizes);
                             })
      .def_property_readonly("dtype", [](MlirType self) -> py::object {
        MlirType dtype = Dtype(self);
        if (mlirTypeIsNull(dtype))
          return py::none();
        return py::cast(dtype);
      });
}

/// `!torch.tuple<...>` and `!torch.union<...>`: get(types, context=None),
/// .types.
void defineTypeListType(py::module_ &m, const char *name, bool (*isa)(MlirType),
                        MlirTypeID (*typeId)(),
                        MlirType (*get)(MlirContext, intptr_t,
                                        const MlirType *),
                        size_t (*size)(MlirType),
                        MlirType (*at)(MlirType, intptr_t)) {
  mlir_type_subclass(m, name, isa, typeId)
      .def_classmethod(
          "get",
          [get](const py::object &cls, const std::vector<MlirType> &types,
                MlirContext context) {
            return cls(get(context, static_cast<intptr_t>(types.size()),
                           types.data()));
          },
          py::arg("cls"), py::arg("types"), py::arg("context") = py::none())
      .def_property_readonly("types", [size, at](MlirType self) {
        std::vector<MlirType> types;
        for (size_t i = 0; i < size(self); ++i)
          types.push_back(at(self, static_cast<intptr_t>(i)));
        return types;
      });
}

} // namespace

PYBIND11_MODULE(_torchMlir, m) {
  m.doc() = "torch-mlir's dialects for the torch_mlir package: registration "
            "and the Torch types.";

  defineRegisterDialect(m, "register_dialect", mlirGetDialectHandle__torch__,
                        "torch");
  defineRegisterDialect(m, "register_torch_c_dialect",
                        mlirGetDialectHandle__torch_c__, "torch_c");
  m.def(
      "register_dialects",
      [](MlirDialectRegistry registry) {
        torchMlirRegisterRequiredDialects(registry);
        torchMlirRegisterAllPasses();
      },
      py::arg("registry"),
      "Adds torch, torch_c, func, arith, cf and tensor to a registry, and "
      "registers MLIR's generic passes.");

  defineSimpleType(m, "IntType", torchMlirTypeIsATorchInt,
                   torchMlirTorchIntTypeGetTypeID, torchMlirTorchIntTypeGet);
  defineSimpleType(m, "FloatType", torchMlirTypeIsATorchFloat,
                   torchMlirTorchFloatTypeGetTypeID,
                   torchMlirTorchFloatTypeGet);
  defineSimpleType(m, "BoolType", torchMlirTypeIsATorchBool,
                   torchMlirTorchBoolTypeGetTypeID, torchMlirTorchBoolTypeGet);
  defineSimpleType(m, "StringType", torchMlirTypeIsATorchString,
                   torchMlirTorchStringTypeGetTypeID,
                   torchMlirTorchStringTypeGet);
  defineSimpleType(m, "NoneType", torchMlirTypeIsATorchNone,
                   torchMlirTorchNoneTypeGetTypeID, torchMlirTorchNoneTypeGet);
  defineSimpleType(m, "NumberType", torchMlirTypeIsATorchNumber,
                   torchMlirTorchNumberTypeGetTypeID,
                   torchMlirTorchNumberTypeGet);
  defineSimpleType(m, "AnyType", torchMlirTypeIsATorchAny,
                   torchMlirTorchAnyTypeGetTypeID, torchMlirTorchAnyTypeGet);
  defineSimpleType(m, "DeviceType", torchMlirTypeIsATorchDevice,
                   torchMlirTorchDeviceTypeGetTypeID,
                   torchMlirTorchDeviceTypeGet);
  defineSimpleType(m, "GeneratorType", torchMlirTypeIsATorchGenerator,
                   torchMlirTorchGeneratorTypeGetTypeID,
                   torchMlirTorchGeneratorTypeGet);

  mlir_type_subclass(m, "ListType", torchMlirTypeIsATorchList,
                     torchMlirTorchListTypeGetTypeID)
      .def_classmethod(
          "get",
          [](const py::object &cls, MlirType containedType) {
            return cls(torchMlirTorchListTypeGet(containedType));
          },
          py::arg("cls"), py::arg("contained_type"))
      .def_property_readonly("contained_type", [](MlirType self) {
        return torchMlirTorchListTypeGetContainedType(self);
      });
  mlir_type_subclass(m, "OptionalType", torchMlirTypeIsATorchOptional,
                     torchMlirTorchOptionalTypeGetTypeID)
      .def_classmethod(
          "get",
          [](const py::object &cls, MlirType containedType) {
            return cls(torchMlirTorchOptionalTypeGet(containedType));
          },
          py::arg("cls"), py::arg("contained_type"))
      .def_property_readonly("contained_type", [](MlirType self) {
        return torchMlirTorchOptionalTypeGetContained(self);
      });
  defineTypeListType(
      m, "TupleType", torchMlirTypeIsATorchTuple,
      torchMlirTorchTupleTypeGetTypeID, torchMlirTorchTupleTypeGet,
      torchMlirTorchTupleTypeGetNumTypes, torchMlirTorchTupleTypeGetType);
  defineTypeListType(
      m, "UnionType", torchMlirTypeIsATorchUnion,
      torchMlirTorchUnionTypeGetTypeID, torchMlirTorchUnionTypeGet,
      torchMlirTorchUnionTypeGetNumTypes, torchMlirTorchUnionTypeGetType);
  mlir_type_subclass(m, "DictType", torchMlirTypeIsATorchDict,
                     torchMlirTorchDictTypeGetTypeID)
      .def_classmethod(
          "get",
          [](const py::object &cls, MlirType key, MlirType value) {
            return cls(torchMlirTorchDictTypeGet(key, value));
          },
          py::arg("cls"), py::arg("key_type"), py::arg("value_type"))
      .def_property_readonly("key_type", torchMlirTorchDictTypeGetKeyType)
      .def_property_readonly("value_type", torchMlirTorchDictTypeGetValueType);
  mlir_type_subclass(m, "NnModuleType", torchMlirTypeIsATorchNnModule,
                     torchMlirTorchNnModuleTypeGetTypeID)
      .def_classmethod(
          "get",
          [](const py::object &cls, const std::string &className,
             MlirContext context) {
            return cls(torchMlirTorchNnModuleTypeGet(
                context,
                mlirStringRefCreate(className.data(), className.size())));
          },
          py::arg("cls"), py::arg("class_name"),
          py::arg("context") = py::none())
      .def_property_readonly("class_name", [](MlirType self) {
        MlirStringRef name = torchMlirTorchNnModuleTypeGetClassName(self);
        return std::string(name.data, name.length);
      });

  defineTensorType<torchMlirTorchNonValueTensorTypeGet,
                   torchMlirTorchNonValueTensorTypeGetRank,
                   torchMlirTorchNonValueTensorTypeGetSizes,
                   torchMlirTorchNonValueTensorTypeGetDtype>(
      m, "NonValueTensorType", torchMlirTypeIsATorchNonValueTensor,
      torchMlirTorchNonValueTensorTypeGetTypeID);
  defineTensorType<torchMlirTorchValueTensorTypeGet,
                   torchMlirTorchValueTensorTypeGetRank,
                   torchMlirTorchValueTensorTypeGetSizes,
                   torchMlirTorchValueTensorTypeGetDtype>(
      m, "ValueTensorType", torchMlirTypeIsATorchValueTensor,
      torchMlirTorchValueTensorTypeGetTypeID);
}
