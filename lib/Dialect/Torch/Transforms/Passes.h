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

/// The options of torch-function-to-torch-backend-pipeline, upstream's
/// names: each is passed to torch-lower-to-backend-contract.
struct TorchLoweringPipelineOptions
    : public PassPipelineOptions<TorchLoweringPipelineOptions> {
  Option<int> maxIterations{
      *this, "max-iterations",
      llvm::cl::desc("Rounds of refinement and decomposition at most"),
      llvm::cl::init(10)};
  Option<bool> decompose{*this, "decompose-complex-ops",
                         llvm::cl::desc("Run torch-decompose-complex-ops"),
                         llvm::cl::init(true)};
  Option<bool> shapeDtypeRefine{*this, "shape-dtype-refine",
                                llvm::cl::desc("Run torch-refine-types"),
                                llvm::cl::init(true)};
  ListOption<std::string> backendLegalOps{
      *this, "backend-legal-ops",
      llvm::cl::desc("Ops the backend keeps whole (aten.softmax.int, ...)")};
  Option<std::string> extraLibrary{
      *this, "extra-library",
      llvm::cl::desc("Upstream's shape-library splice; refused if set"),
      llvm::cl::init("")};
};

/// torch-function-to-torch-backend-pipeline: Torch IR from any producer,
/// its tensors typed or not (`!torch.vtensor`), mutable or not
/// (`!torch.tensor`), to the backend contract: operators raised, mutable
/// tensors made values (torch-adjust-calling-conventions,
/// torch-reduce-op-variants, torch-maximize-value-semantics), scalar shape
/// arithmetic, then
/// torch-lower-to-backend-contract (refinement, decompositions, folding,
/// until the contract holds).
void buildTorchFunctionToTorchBackendPipeline(
    OpPassManager &pm, const TorchLoweringPipelineOptions &options);

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
