/* The Torch C API builds every type, and the built types print, parse back,
 * and answer their predicates and accessors. Exits non-zero on the first
 * mismatch, naming it. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "torch-mlir-c/Dialects.h"
#include "torch-mlir-c/TorchTypes.h"

static int failures = 0;

static void appendToBuffer(MlirStringRef text, void *userData) {
  strncat((char *)userData, text.data, text.length);
}

/* The type prints as `expected`, and parsing `expected` gives the same type. */
static void expectPrints(MlirContext ctx, MlirType type, const char *expected) {
  char printed[512] = {0};
  mlirTypePrint(type, appendToBuffer, printed);
  if (strcmp(printed, expected) != 0) {
    fprintf(stderr, "FAIL: printed %s, expected %s\n", printed, expected);
    ++failures;
    return;
  }
  MlirType parsed =
      mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(expected));
  if (mlirTypeIsNull(parsed) || !mlirTypeEqual(parsed, type)) {
    fprintf(stderr, "FAIL: %s does not parse back to the same type\n",
            expected);
    ++failures;
  }
}

static void expectTrue(int condition, const char *what) {
  if (!condition) {
    fprintf(stderr, "FAIL: %s\n", what);
    ++failures;
  }
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__torch__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__torch_c__(), ctx);

  MlirType intType = torchMlirTorchIntTypeGet(ctx);
  MlirType floatType = torchMlirTorchFloatTypeGet(ctx);
  expectPrints(ctx, intType, "!torch.int");
  expectPrints(ctx, floatType, "!torch.float");
  expectPrints(ctx, torchMlirTorchBoolTypeGet(ctx), "!torch.bool");
  expectPrints(ctx, torchMlirTorchStringTypeGet(ctx), "!torch.str");
  expectPrints(ctx, torchMlirTorchNoneTypeGet(ctx), "!torch.none");
  expectPrints(ctx, torchMlirTorchNumberTypeGet(ctx), "!torch.number");
  expectPrints(ctx, torchMlirTorchAnyTypeGet(ctx), "!torch.any");
  expectPrints(ctx, torchMlirTorchDeviceTypeGet(ctx), "!torch.Device");
  expectPrints(ctx, torchMlirTorchGeneratorTypeGet(ctx), "!torch.Generator");
  expectPrints(ctx, torchMlirTorchQInt8TypeGet(ctx), "!torch.qint8");
  expectTrue(torchMlirTypeIsATorchInt(intType), "IsATorchInt(!torch.int)");
  expectTrue(!torchMlirTypeIsATorchInt(floatType),
             "!IsATorchInt(!torch.float)");

  MlirType list = torchMlirTorchListTypeGet(intType);
  expectPrints(ctx, list, "!torch.list<int>");
  expectTrue(
      mlirTypeEqual(torchMlirTorchListTypeGetContainedType(list), intType),
      "list contained type");
  MlirType optional = torchMlirTorchOptionalTypeGet(list);
  expectPrints(ctx, optional, "!torch.optional<list<int>>");
  expectTrue(torchMlirTypeIsATorchOptional(optional), "IsATorchOptional");

  MlirType pair[2] = {intType, floatType};
  MlirType tuple = torchMlirTorchTupleTypeGet(ctx, 2, pair);
  expectPrints(ctx, tuple, "!torch.tuple<int, float>");
  expectTrue(torchMlirTorchTupleTypeGetNumTypes(tuple) == 2, "tuple size");
  expectTrue(mlirTypeEqual(torchMlirTorchTupleTypeGetType(tuple, 1), floatType),
             "tuple element 1");
  expectPrints(ctx, torchMlirTorchUnionTypeGet(ctx, 2, pair),
               "!torch.union<int, float>");

  MlirType dict =
      torchMlirTorchDictTypeGet(torchMlirTorchStringTypeGet(ctx), intType);
  expectPrints(ctx, dict, "!torch.dict<str, int>");
  expectTrue(mlirTypeEqual(torchMlirTorchDictTypeGetValueType(dict), intType),
             "dict value");

  MlirType module =
      torchMlirTorchNnModuleTypeGet(ctx, mlirStringRefCreateFromCString("Net"));
  expectPrints(ctx, module, "!torch.nn.Module<\"Net\">");
  MlirStringRef className = torchMlirTorchNnModuleTypeGetClassName(module);
  expectTrue(className.length == 3 && strncmp(className.data, "Net", 3) == 0,
             "class name");

  int64_t sizes[3] = {3, -1, 4};
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType vtensor = torchMlirTorchValueTensorTypeGet(ctx, 3, sizes, f32);
  expectPrints(ctx, vtensor, "!torch.vtensor<[3,?,4],f32>");
  expectTrue(torchMlirTorchValueTensorTypeGetRank(vtensor) == 3, "rank 3");
  int64_t got[3] = {0, 0, 0};
  expectTrue(mlirLogicalResultIsSuccess(
                 torchMlirTorchValueTensorTypeGetSizes(vtensor, got)) &&
                 got[0] == 3 && got[1] == -1 && got[2] == 4,
             "sizes [3,?,4]");
  expectTrue(mlirTypeEqual(torchMlirTorchValueTensorTypeGetDtype(vtensor), f32),
             "dtype f32");

  MlirType unranked = torchMlirTorchValueTensorTypeGet(
      ctx, -1, NULL, mlirIntegerTypeSignedGet(ctx, 64));
  expectPrints(ctx, unranked, "!torch.vtensor<*,si64>");
  expectTrue(torchMlirTorchValueTensorTypeGetRank(unranked) == -1,
             "unknown rank");
  expectTrue(mlirLogicalResultIsFailure(
                 torchMlirTorchValueTensorTypeGetSizes(unranked, got)),
             "no sizes to get for an unranked tensor");

  MlirType rank0 = torchMlirTorchValueTensorTypeGet(ctx, 0, NULL, f32);
  expectPrints(ctx, rank0, "!torch.vtensor<[],f32>");
  expectTrue(torchMlirTorchValueTensorTypeHasSizes(rank0), "rank 0 has sizes");

  MlirType bare =
      torchMlirTorchNonValueTensorTypeGetWithLeastStaticInformation(ctx);
  expectPrints(ctx, bare, "!torch.tensor");
  expectTrue(!torchMlirTorchNonValueTensorTypeHasDtype(bare),
             "bare tensor has no dtype");
  expectTrue(torchMlirTypeIsATorchNonValueTensor(bare) &&
                 !torchMlirTypeIsATorchValueTensor(bare),
             "tensor is not vtensor");

  mlirContextDestroy(ctx);
  if (failures) {
    fprintf(stderr, "%d failures\n", failures);
    return 1;
  }
  printf("torch C API: all checks passed\n");
  return 0;
}
