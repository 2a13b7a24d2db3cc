/*===- Dialects.h - C API: registering torch-mlir's dialects ------*- C -*-===*/

#ifndef TORCH_MLIR_C_DIALECTS_H
#define TORCH_MLIR_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mlirGetDialectHandle__torch__() and mlirGetDialectHandle__torch_c__(). */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Torch, torch);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TorchConversion, torch_c);

#ifdef __cplusplus
}
#endif

#endif /* TORCH_MLIR_C_DIALECTS_H */
