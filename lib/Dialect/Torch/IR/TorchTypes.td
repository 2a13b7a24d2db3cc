//===- TorchTypes.td - The Torch type system --------------------*- tablegen -*-===//

#ifndef TORCH_TYPES
#define TORCH_TYPES

include "mlir/IR/AttrTypeBase.td"
include "Dialect/Torch/IR/TorchBase.td"

class Torch_Type<string name, string typeMnemonic, string typeSummary,
                 string baseCppClass = "::mlir::Type">
    : TypeDef<Torch_Dialect, name, [], baseCppClass> {
  let mnemonic = typeMnemonic;
  let summary = typeSummary;
  // Parameterless types can be built from nothing; ops whose results have
  // them get builders (C++ and Python) that need no result type.
  let builderCall = "$_builder.getType<::mlir::torch::Torch::" # name # "Type>()";
}

//===----------------------------------------------------------------------===//
// Scalars and singletons: no parameters, printed as their mnemonic.
//===----------------------------------------------------------------------===//

def Torch_IntType : Torch_Type<"Int", "int", "torch.int"> {
  let description = [{ A Python `int`: a 64-bit signed integer. Example: `!torch.int`. }];
}
def Torch_FloatType : Torch_Type<"Float", "float", "torch.float"> {
  let description = [{ A Python `float`: a 64-bit float. Example: `!torch.float`. }];
}
def Torch_BoolType : Torch_Type<"Bool", "bool", "torch.bool"> {
  let description = [{ A Python `bool`. Example: `!torch.bool`. }];
}
def Torch_StringType : Torch_Type<"String", "str", "torch.str"> {
  let description = [{ A Python `str`. Example: `!torch.str`. }];
}
def Torch_NoneType : Torch_Type<"None", "none", "torch.none"> {
  let description = [{ Python's `None`. Example: `!torch.none`. }];
}
def Torch_NumberType : Torch_Type<"Number", "number", "torch.number"> {
  let description = [{ A `Scalar`: an int or a float, not known which. Example: `!torch.number`. }];
}
def Torch_AnyType : Torch_Type<"Any", "any", "torch.any"> {
  let description = [{ Any value; the top of the type lattice. Example: `!torch.any`. }];
}
def Torch_DeviceType : Torch_Type<"Device", "Device", "torch.Device"> {
  let description = [{ A `torch.device`. Example: `!torch.Device`. }];
}
def Torch_GeneratorType : Torch_Type<"Generator", "Generator", "torch.Generator"> {
  let description = [{ A random number generator. Example: `!torch.Generator`. }];
}
def Torch_LinearParamsType : Torch_Type<"LinearParams", "LinearParams", "torch.LinearParams"> {
  let description = [{ Packed quantized linear weights. Example: `!torch.LinearParams`. }];
}

// Quantized element types, used as tensor dtypes.
def Torch_QInt8Type : Torch_Type<"QInt8", "qint8", "torch.qint8">;
def Torch_QUInt8Type : Torch_Type<"QUInt8", "quint8", "torch.quint8">;
def Torch_QInt16Type : Torch_Type<"QInt16", "qint16", "torch.qint16">;
def Torch_QInt32Type : Torch_Type<"QInt32", "qint32", "torch.qint32">;

//===----------------------------------------------------------------------===//
// Containers. Contained Torch types print without the `!torch.` prefix.
//===----------------------------------------------------------------------===//

class Torch_ContainerType<string name, string typeMnemonic, string typeSummary>
    : Torch_Type<name, typeMnemonic, typeSummary> {
  let hasCustomAssemblyFormat = 1;
  let builderCall = "";
}

def Torch_ListType : Torch_ContainerType<"List", "list", "!torch.list<T>"> {
  let description = [{ A Python list of `T`. Example: `!torch.list<int>`. }];
  let parameters = (ins "::mlir::Type":$containedType);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$containedType), [{
      return $_get(containedType.getContext(), containedType);
    }]>
  ];
}
def Torch_OptionalType : Torch_ContainerType<"Optional", "optional", "!torch.optional<T>"> {
  let description = [{ A `T` or None. Example: `!torch.optional<vtensor>`. }];
  let parameters = (ins "::mlir::Type":$containedType);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$containedType), [{
      return $_get(containedType.getContext(), containedType);
    }]>
  ];
}
def Torch_TupleType : Torch_ContainerType<"Tuple", "tuple", "!torch.tuple<T...>"> {
  let description = [{ A Python tuple. Example: `!torch.tuple<int, float>`. }];
  let parameters = (ins ArrayRefParameter<"::mlir::Type", "contained types">:$containedTypes);
}
def Torch_UnionType : Torch_ContainerType<"Union", "union", "!torch.union<T...>"> {
  let description = [{ One of the listed types. Example: `!torch.union<int, float>`. }];
  let parameters = (ins ArrayRefParameter<"::mlir::Type", "contained types">:$containedTypes);
}
def Torch_DictType : Torch_ContainerType<"Dict", "dict", "!torch.dict<K, V>"> {
  let description = [{ A Python dict. Example: `!torch.dict<str, tensor>`. }];
  let parameters = (ins "::mlir::Type":$keyType, "::mlir::Type":$valueType);
}
def Torch_NnModuleType : Torch_ContainerType<"NnModule", "nn.Module", "!torch.nn.Module<\"name\">"> {
  let description = [{ An instance of the `torch.class_type` named. Example: `!torch.nn.Module<"Net">`. }];
  let parameters = (ins StringRefParameter<"class name">:$className);
}

//===----------------------------------------------------------------------===//
// Tensors: optional sizes (`?` for an unknown dimension) and optional dtype.
//===----------------------------------------------------------------------===//

// std::optional<ArrayRef<int64_t>>: absent sizes (unknown rank) differ from
// empty sizes (rank 0), which MLIR's own array parameters cannot express.
def Torch_OptionalSizesParameter
    : AttrOrTypeParameter<"::std::optional<::llvm::ArrayRef<int64_t>>",
                          "sizes, kUnknownSize for `?`; none if the rank is unknown"> {
  let allocator = [{
    if ($_self.has_value())
      $_dst = $_allocator.copyInto(*$_self);
  }];
}

class Torch_TensorType<string name, string typeMnemonic, string typeSummary>
    : Torch_Type<name, typeMnemonic, typeSummary,
                 "::mlir::torch::Torch::BaseTensorType"> {
  let parameters = (ins
    Torch_OptionalSizesParameter:$optionalSizes,
    "::mlir::Type":$optionalDtype
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builderCall = "";
  let builders = [
    TypeBuilder<(ins), [{
      return $_get($_ctxt, ::std::nullopt, ::mlir::Type());
    }]>
  ];
}

def Torch_NonValueTensorType : Torch_TensorType<"NonValueTensor", "tensor", "torch.tensor"> {
  let description = [{
    A tensor with reference semantics: it can be mutated in place and aliased.
    Examples: `!torch.tensor`, `!torch.tensor<[2,?],f32>`, `!torch.tensor<*,si64>`.
  }];
}

def Torch_ValueTensorType : Torch_TensorType<"ValueTensor", "vtensor", "torch.vtensor"> {
  let description = [{
    A tensor with value semantics: never mutated, never aliased. What
    `torch.export` programs use. Examples: `!torch.vtensor<[3,?,4],f32>`,
    `!torch.vtensor<*,si64>`, `!torch.vtensor<[],f32>` (rank 0), `!torch.vtensor`.
  }];
}

//===----------------------------------------------------------------------===//
// Type constraints for op operands and results.
//===----------------------------------------------------------------------===//

def AnyTorchTensorType : Type<
    CPred<"::llvm::isa<::mlir::torch::Torch::BaseTensorType>($_self)">,
    "Any Torch tensor type", "::mlir::torch::Torch::BaseTensorType">;
def AnyTorchType : AnyTypeOf<[AnyType], "Any type usable in TorchScript">;
def AnyTorchScalarType : AnyTypeOf<[Torch_IntType, Torch_FloatType, Torch_BoolType,
                                    Torch_NumberType], "A Python scalar">;

class TorchOptionalOf<Type type, string what>
    : AnyTypeOf<[type, Torch_OptionalType, Torch_NoneType], "optional " # what>;

def AnyTorchOptionalTensorType : TorchOptionalOf<AnyTorchTensorType, "tensor">;
def AnyTorchOptionalNonValueTensorType : TorchOptionalOf<Torch_NonValueTensorType, "non-value tensor">;
def AnyTorchOptionalIntType : TorchOptionalOf<Torch_IntType, "int">;
def AnyTorchOptionalFloatType : TorchOptionalOf<Torch_FloatType, "float">;
def AnyTorchOptionalBoolType : TorchOptionalOf<Torch_BoolType, "bool">;
def AnyTorchOptionalStringType : TorchOptionalOf<Torch_StringType, "str">;
def AnyTorchOptionalScalarType : TorchOptionalOf<AnyTorchScalarType, "scalar">;
def AnyTorchOptionalDeviceType : TorchOptionalOf<Torch_DeviceType, "Device">;
def AnyTorchOptionalGeneratorType : TorchOptionalOf<Torch_GeneratorType, "Generator">;

class TorchListOf<Type elementType, string what> : Type<
    And<[CPred<"::llvm::isa<::mlir::torch::Torch::ListType>($_self)">,
         SubstLeaves<"$_self",
                     "::llvm::cast<::mlir::torch::Torch::ListType>($_self).getContainedType()",
                     elementType.predicate>]>,
    "list of " # what, "::mlir::torch::Torch::ListType">;

def AnyTorchListType : Type<CPred<"::llvm::isa<::mlir::torch::Torch::ListType>($_self)">,
                            "Any Torch list type", "::mlir::torch::Torch::ListType">;
def AnyTorchListOfTensorType : TorchListOf<AnyTorchTensorType, "tensor">;
def AnyTorchListOfOptionalTensorType : TorchListOf<AnyTorchOptionalTensorType, "optional tensor">;
def AnyTorchListOfTorchIntType : TorchListOf<Torch_IntType, "int">;
def AnyTorchListOfTorchFloatType : TorchListOf<Torch_FloatType, "float">;
def AnyTorchListOfTorchBoolType : TorchListOf<Torch_BoolType, "bool">;
def AnyTorchListOfTorchStringType : TorchListOf<Torch_StringType, "str">;
def AnyTorchListOfTorchScalarType : TorchListOf<AnyTorchScalarType, "scalar">;

def AnyTorchOptionalListOfTorchIntType : TorchOptionalOf<AnyTorchListOfTorchIntType, "list of int">;
def AnyTorchOptionalListOfTorchFloatType : TorchOptionalOf<AnyTorchListOfTorchFloatType, "list of float">;
def AnyTorchOptionalListOfTensorType : TorchOptionalOf<AnyTorchListOfTensorType, "list of tensor">;

#endif // TORCH_TYPES
