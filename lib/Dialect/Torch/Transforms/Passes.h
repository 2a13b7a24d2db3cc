//===- Passes.h - Torch-dialect pipelines -----------------------*- C++ -*-===//

#ifndef TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_PASSES_H
#define TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_PASSES_H

#include "mlir/Pass/PassManager.h"

namespace mlir::torch::Torch {

/// torchdynamo-export-to-torch-backend-pipeline: the importer's output of a
/// torch.export program to the Torch backend contract (value tensors with
/// known dtypes and ranks, no dead code). On this path PyTorch has already
/// decomposed the program (torch_mlir.decompositions) and functionalized it,
/// and the importer gave every tensor its full type, so what is left is
/// folding and erasing what became dead: canonicalize.
void buildTorchDynamoExportToTorchBackendPipeline(OpPassManager &pm);

/// Registers the pipeline above.
void registerTorchPipelines();

} // namespace mlir::torch::Torch

#endif // TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_PASSES_H
