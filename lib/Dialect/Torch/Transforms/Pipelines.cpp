//===- Pipelines.cpp - Torch-dialect pipelines ----------------------------===//

#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::torch::Torch::buildTorchDynamoExportToTorchBackendPipeline(
    OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createScalarizeShapes());
  pm.addPass(createCanonicalizerPass());
}

void mlir::torch::Torch::registerTorchPipelines() {
  registerTorchTransformsPasses();
  PassPipelineRegistration<>(
      "torchdynamo-export-to-torch-backend-pipeline",
      "Takes the FX importer's output to the Torch backend contract (on this "
      "path: scalar shape arithmetic, folding and dead-code removal)",
      buildTorchDynamoExportToTorchBackendPipeline);
}
