//===- InitAll.h - Everything torch-mlir registers, in one place -*- C++
//-*-===//
//
// torch-mlir-opt, the C API (hence Python) and consumers call these, so the
// list of dialects, interface models, passes and pipelines lives once.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_MLIR_INITALL_INITALL_H
#define TORCH_MLIR_INITALL_INITALL_H

#include "mlir/IR/DialectRegistry.h"

namespace mlir::torch {

/// torch, torch_c, and the upstream dialects our IR and its lowering use
/// (func, arith, cf, tensor, linalg, math, scf, affine, complex, memref,
/// bufferization, index, ub, llvm), with the external interface models that
/// bufferization, buffer deallocation and linalg need.
void registerAllDialects(DialectRegistry &registry);

/// Our passes and pipelines (with each MLIR pass the reference backend's
/// pipeline runs, so it can be replayed step by step) and MLIR's generic
/// passes (canonicalize, cse, ...). Idempotent.
void registerAllPasses();

} // namespace mlir::torch

#endif // TORCH_MLIR_INITALL_INITALL_H
