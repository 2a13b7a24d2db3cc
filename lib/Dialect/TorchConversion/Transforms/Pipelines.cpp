//===- Pipelines.cpp - torch_c's named pipelines ---------------------------===//

#include "torch-mlir/Dialect/TorchConversion/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void mlir::torch::TorchConversion::
    buildTorchBackendToLinalgOnTensorsBackendPipeline(OpPassManager &pm) {
  pm.addPass(createVerifyLinalgOnTensorsBackendContract());
}

void mlir::torch::TorchConversion::registerTorchConversionPassesAndPipelines() {
  registerTorchConversionPasses();
  PassPipelineRegistration<>(
      "torch-backend-to-linalg-on-tensors-backend-pipeline",
      "Lowers Torch backend-contract IR to linalg-on-tensors (the "
      "conversions are still to come: today only the contract check runs)",
      buildTorchBackendToLinalgOnTensorsBackendPipeline);
}
