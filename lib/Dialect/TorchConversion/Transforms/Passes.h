//===- Passes.h - torch_c passes: the backend contracts ---------*- C++ -*-===//

#ifndef TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_PASSES_H
#define TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
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
/// contract IR to the linalg-on-tensors contract: convert-torch-to-linalg,
/// -scf and -arith, the backend type conversions at function boundaries,
/// cleanup, then the final check (torch-verify-linalg-on-tensors-backend-
/// contract), which names the first op that did not lower, at its source
/// location.
void buildTorchBackendToLinalgOnTensorsBackendPipeline(OpPassManager &pm);

/// torch-backend-to-tosa-backend-pipeline: Torch backend contract IR to
/// TOSA: convert-torch-to-tosa (then -arith for the scalars it reads), the
/// backend type conversions, cleanup, the contract check
/// (torch-verify-tosa-backend-contract), then TOSA's own validation
/// (tosa-validate, main inference profile, level 8K).
void buildTorchBackendToTosaBackendPipeline(OpPassManager &pm);

/// Registers the passes above, the conversions out of Torch
/// (torch-mlir/Conversion) and the pipeline.
void registerTorchConversionPassesAndPipelines();

} // namespace mlir::torch::TorchConversion

#endif // TORCH_MLIR_DIALECT_TORCHCONVERSION_TRANSFORMS_PASSES_H
