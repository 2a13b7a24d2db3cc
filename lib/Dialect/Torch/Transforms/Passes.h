//===- Passes.h - Torch-dialect pipelines -----------------------*- C++ -*-===//

#ifndef TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_PASSES_H
#define TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "torch-mlir/Dialect/Torch/IR/TorchDialect.h"

namespace mlir::torch::Torch {

#define GEN_PASS_DECL
#include "Dialect/Torch/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Dialect/Torch/Transforms/Passes.h.inc"

/// The options of the pipelines to the Torch backend contract.
struct TorchBackendPipelineOptions
    : public PassPipelineOptions<TorchBackendPipelineOptions> {
  ListOption<std::string> backendLegalOps{
      *this, "backend-legal-ops",
      llvm::cl::desc("Ops the backend keeps whole (aten.softmax.int, ...): "
                     "torch-decompose-complex-ops leaves them")};
};

/// torchdynamo-export-to-torch-backend-pipeline: the importer's output of a
/// torch.export program to the Torch backend contract (value tensors with
/// known dtypes and ranks, no dead code). PyTorch has usually decomposed
/// the program already (torch_mlir.decompositions) and functionalized it,
/// and the importer gave every tensor its full type; what is left is
/// operators to raise to typed ops (torch-raise-operators), scalar shape
/// arithmetic (torch-scalarize-shapes), our own decompositions
/// of what the table left (torch-decompose-complex-ops, keeping
/// `backend-legal-ops`), folding and erasing what became dead: canonicalize.
void buildTorchDynamoExportToTorchBackendPipeline(
    OpPassManager &pm, const TorchBackendPipelineOptions &options);

/// Registers the Torch-dialect passes and the pipeline above.
void registerTorchPipelines();

} // namespace mlir::torch::Torch

#endif // TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_PASSES_H
