//===- Passes.h - torch_c passes: the backend contracts ---------*- C++ -*-===//

#ifndef TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_PASSES_H
#define TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <memory>

namespace mlir::torch::TorchConversion {

#define GEN_PASS_DECL
#include "Dialect/TorchConversion/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Dialect/TorchConversion/Transforms/Passes.h.inc"

/// torch-backend-to-linalg-on-tensors-backend-pipeline: Torch backend
/// contract IR to the linalg-on-tensors contract. Today it holds only the
/// final check, torch-verify-linalg-on-tensors-backend-contract, so every
/// Torch op fails there, named at its source location; the conversions
/// (TorchToLinalg, -SCF, -Arith, -Tensor, the backend type conversions) go in
/// front of it as they land.
void buildTorchBackendToLinalgOnTensorsBackendPipeline(OpPassManager &pm);

/// Registers the passes above and the pipeline.
void registerTorchConversionPassesAndPipelines();

} // namespace mlir::torch::TorchConversion

#endif // TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_PASSES_H
