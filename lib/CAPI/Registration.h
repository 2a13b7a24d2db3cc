/*===- Registration.h - C API: dialects and passes torch-mlir IR uses -*- C
 * -*-===*/

#ifndef TORCH_MLIR_C_REGISTRATION_H
#define TORCH_MLIR_C_REGISTRATION_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Adds torch, torch_c, the upstream dialects our IR and its lowering use
 * (func, arith, cf, tensor, linalg, math, scf, memref, llvm, ...) and their
 * bufferization interface models to `registry` (lib/InitAll). */
MLIR_CAPI_EXPORTED void
torchMlirRegisterRequiredDialects(MlirDialectRegistry registry);

/* Registers our passes and pipelines (refback-linalg-on-tensors-to-llvm-
 * pipeline, torch-verify-linalg-on-tensors-backend-contract, ...), MLIR's
 * generic passes (canonicalize, cse, ...) and the MLIR passes the reference
 * backend runs, so pass pipelines can name them. Idempotent. */
MLIR_CAPI_EXPORTED void torchMlirRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* TORCH_MLIR_C_REGISTRATION_H */
