//===- Pipelines.cpp - Torch-dialect pipelines ----------------------------===//

#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::torch::Torch::buildTorchDynamoExportToTorchBackendPipeline(
    OpPassManager &pm, const TorchBackendPipelineOptions &options) {
  pm.addNestedPass<func::FuncOp>(createRaiseOperators());
  pm.addNestedPass<func::FuncOp>(createScalarizeShapes());
  // The options hold a view of the names; the pass copies them when made.
  std::vector<std::string> legal(options.backendLegalOps.begin(),
                                 options.backendLegalOps.end());
  DecomposeComplexOpsOptions decompose;
  decompose.legalOps = legal;
  pm.addNestedPass<func::FuncOp>(createDecomposeComplexOps(decompose));
  pm.addPass(createCanonicalizerPass());
}

void mlir::torch::Torch::buildTorchFunctionToTorchBackendPipeline(
    OpPassManager &pm, const TorchLoweringPipelineOptions &options) {
  pm.addNestedPass<func::FuncOp>(createRaiseOperators());
  // Mutable tensors (!torch.tensor) to values, where they can be.
  pm.addPass(createAdjustCallingConventions());
  pm.addNestedPass<func::FuncOp>(createReduceOpVariants());
  pm.addNestedPass<func::FuncOp>(createMaximizeValueSemantics());
  pm.addNestedPass<func::FuncOp>(createScalarizeShapes());
  // The options hold a view of the names; the pass copies them when made.
  std::vector<std::string> legal(options.backendLegalOps.begin(),
                                 options.backendLegalOps.end());
  LowerToBackendContractOptions contract;
  contract.maxIterations = options.maxIterations;
  contract.decompose = options.decompose;
  contract.shapeDtypeRefine = options.shapeDtypeRefine;
  contract.backendLegalOps = legal;
  contract.extraLibrary = options.extraLibrary;
  pm.addPass(createLowerToBackendContract(contract));
}

void mlir::torch::Torch::registerTorchPipelines() {
  registerTorchTransformsPasses();
  PassPipelineRegistration<TorchBackendPipelineOptions>(
      "torchdynamo-export-to-torch-backend-pipeline",
      "Takes the FX importer's output to the Torch backend contract: "
      "operators raised to the ops they name, scalar shape arithmetic, "
      "torch-decompose-complex-ops (keeping "
      "backend-legal-ops), folding and dead-code removal",
      buildTorchDynamoExportToTorchBackendPipeline);
  PassPipelineRegistration<TorchLoweringPipelineOptions>(
      "torch-function-to-torch-backend-pipeline",
      "Takes Torch IR from any producer, its tensors typed or not, mutable "
      "or not, to the Torch backend contract: operators raised, "
      "torch-adjust-calling-conventions, torch-reduce-op-variants and "
      "torch-maximize-value-semantics, scalar shape arithmetic, "
      "then torch-lower-to-backend-contract (torch-refine-types, "
      "torch-decompose-complex-ops, canonicalize, until the contract holds)",
      buildTorchFunctionToTorchBackendPipeline);
}
