/*===- TorchTypes.h - C API: build and inspect Torch types ---------*- C
 * -*-===*/
/*
 * Every Torch type has a constructor (torchMlirTorch<X>TypeGet), a predicate
 * (torchMlirTypeIsATorch<X>) and its TypeID (torchMlirTorch<X>TypeGetTypeID).
 * The names are upstream torch-mlir's, so code written against its C API links
 * here.
 */

#ifndef TORCH_MLIR_C_TORCHTYPES_H
#define TORCH_MLIR_C_TORCHTYPES_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Types without parameters. */
/* !torch.int */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchInt(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchIntTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchIntTypeGetTypeID(void);
/* !torch.float */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchFloat(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchFloatTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchFloatTypeGetTypeID(void);
/* !torch.bool */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchBool(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchBoolTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchBoolTypeGetTypeID(void);
/* !torch.str */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchString(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchStringTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchStringTypeGetTypeID(void);
/* !torch.none */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchNone(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchNoneTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchNoneTypeGetTypeID(void);
/* !torch.number */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchNumber(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchNumberTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchNumberTypeGetTypeID(void);
/* !torch.any */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchAny(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchAnyTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchAnyTypeGetTypeID(void);
/* !torch.Device */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchDevice(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchDeviceTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchDeviceTypeGetTypeID(void);
/* !torch.Generator */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchGenerator(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchGeneratorTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchGeneratorTypeGetTypeID(void);
/* !torch.LinearParams */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchLinearParams(MlirType t);
MLIR_CAPI_EXPORTED MlirType
torchMlirTorchLinearParamsTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchLinearParamsTypeGetTypeID(void);
/* !torch.qint8 */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchQInt8(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchQInt8TypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchQInt8TypeGetTypeID(void);
/* !torch.quint8 */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchQUInt8(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchQUInt8TypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchQUInt8TypeGetTypeID(void);
/* !torch.qint16 */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchQInt16(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchQInt16TypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchQInt16TypeGetTypeID(void);
/* !torch.qint32 */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchQInt32(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchQInt32TypeGet(MlirContext context);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchQInt32TypeGetTypeID(void);

/* !torch.list<T> and !torch.optional<T> */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchList(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchListTypeGet(MlirType containedType);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchListTypeGetContainedType(MlirType t);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchListTypeGetTypeID(void);
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchOptional(MlirType t);
MLIR_CAPI_EXPORTED MlirType
torchMlirTorchOptionalTypeGet(MlirType containedType);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchOptionalTypeGetContained(MlirType t);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchOptionalTypeGetTypeID(void);

/* !torch.tuple<T...> and !torch.union<T...> */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchTuple(MlirType t);
MLIR_CAPI_EXPORTED MlirType
torchMlirTorchTupleTypeGet(MlirContext context, intptr_t numContainedTypes,
                           const MlirType *containedTypes);
MLIR_CAPI_EXPORTED size_t torchMlirTorchTupleTypeGetNumTypes(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchTupleTypeGetType(MlirType t,
                                                           intptr_t pos);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchTupleTypeGetTypeID(void);
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchUnion(MlirType t);
MLIR_CAPI_EXPORTED MlirType
torchMlirTorchUnionTypeGet(MlirContext context, intptr_t numContainedTypes,
                           const MlirType *containedTypes);
MLIR_CAPI_EXPORTED size_t torchMlirTorchUnionTypeGetNumTypes(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchUnionTypeGetType(MlirType t,
                                                           intptr_t pos);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchUnionTypeGetTypeID(void);

/* !torch.dict<K, V> */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchDict(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchDictTypeGet(MlirType keyType,
                                                      MlirType valueType);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchDictTypeGetKeyType(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchDictTypeGetValueType(MlirType t);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchDictTypeGetTypeID(void);

/* !torch.nn.Module<"name"> */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchNnModule(MlirType t);
MLIR_CAPI_EXPORTED MlirType
torchMlirTorchNnModuleTypeGet(MlirContext context, MlirStringRef className);
MLIR_CAPI_EXPORTED MlirStringRef
torchMlirTorchNnModuleTypeGetClassName(MlirType t);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchNnModuleTypeGetTypeID(void);

/* Tensors: !torch.tensor<...> (NonValueTensor) and !torch.vtensor<...>
 * (ValueTensor). numSizes == -1 means the rank is unknown (optionalSizes is
 * then ignored); a size of -1 is an unknown dimension (`?`). A null dtype means
 * unknown. */
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchNonValueTensor(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchNonValueTensorTypeGet(
    MlirContext context, intptr_t numSizes, const int64_t *optionalSizes,
    MlirType optionalDtype);
MLIR_CAPI_EXPORTED MlirType
torchMlirTorchNonValueTensorTypeGetWithLeastStaticInformation(
    MlirContext context);
MLIR_CAPI_EXPORTED int64_t torchMlirTorchNonValueTensorTypeGetRank(MlirType t);
MLIR_CAPI_EXPORTED bool torchMlirTorchNonValueTensorTypeHasSizes(MlirType t);
MLIR_CAPI_EXPORTED bool torchMlirTorchNonValueTensorTypeHasDtype(MlirType t);
/* Writes the rank-many sizes into `sizes`; fails if the rank is unknown. */
MLIR_CAPI_EXPORTED MlirLogicalResult
torchMlirTorchNonValueTensorTypeGetSizes(MlirType t, int64_t *sizes);
MLIR_CAPI_EXPORTED MlirType
torchMlirTorchNonValueTensorTypeGetDtype(MlirType t);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchNonValueTensorTypeGetTypeID(void);
MLIR_CAPI_EXPORTED bool torchMlirTypeIsATorchValueTensor(MlirType t);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchValueTensorTypeGet(
    MlirContext context, intptr_t numSizes, const int64_t *optionalSizes,
    MlirType optionalDtype);
MLIR_CAPI_EXPORTED MlirType
torchMlirTorchValueTensorTypeGetWithLeastStaticInformation(MlirContext context);
MLIR_CAPI_EXPORTED int64_t torchMlirTorchValueTensorTypeGetRank(MlirType t);
MLIR_CAPI_EXPORTED bool torchMlirTorchValueTensorTypeHasSizes(MlirType t);
MLIR_CAPI_EXPORTED bool torchMlirTorchValueTensorTypeHasDtype(MlirType t);
/* Writes the rank-many sizes into `sizes`; fails if the rank is unknown. */
MLIR_CAPI_EXPORTED MlirLogicalResult
torchMlirTorchValueTensorTypeGetSizes(MlirType t, int64_t *sizes);
MLIR_CAPI_EXPORTED MlirType torchMlirTorchValueTensorTypeGetDtype(MlirType t);
MLIR_CAPI_EXPORTED MlirTypeID torchMlirTorchValueTensorTypeGetTypeID(void);

#ifdef __cplusplus
}
#endif

#endif /* TORCH_MLIR_C_TORCHTYPES_H */
