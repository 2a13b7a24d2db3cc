/*===- Registration.h - C API: dialects and passes torch-mlir IR uses -*- C -*-===*/

#ifndef TORCH_MLIR_C_REGISTRATION_H
#define TORCH_MLIR_C_REGISTRATION_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Adds torch, torch_c and the upstream dialects our IR uses (func, arith, cf,
 * tensor) to `registry`. */
MLIR_CAPI_EXPORTED void torchMlirRegisterRequiredDialects(MlirDialectRegistry registry);

/* Registers MLIR's generic passes (canonicalize, cse, inline, ...) so pass
 * pipelines can name them. Idempotent. */
MLIR_CAPI_EXPORTED void torchMlirRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* TORCH_MLIR_C_REGISTRATION_H */
