//===- Pipelines.cpp - torch_c's named pipelines ---------------------------===//

#include "torch-mlir/Dialect/TorchConversion/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void mlir::torch::TorchConversion::
    buildTorchBackendToLinalgOnTensorsBackendPipeline(OpPassManager &pm) {
  // The conversions of ops go here as they land (TorchToLinalg, -SCF,
  // -Arith, -Tensor); then the types at function boundaries, then the check.
  pm.addPass(createFuncBackendTypeConversion());
  pm.addNestedPass<func::FuncOp>(createFinalizingBackendTypeConversion());
  pm.addPass(createVerifyLinalgOnTensorsBackendContract());
}

void mlir::torch::TorchConversion::registerTorchConversionPassesAndPipelines() {
  registerTorchConversionPasses();
  PassPipelineRegistration<>(
      "torch-backend-to-linalg-on-tensors-backend-pipeline",
      "Lowers Torch backend-contract IR to linalg-on-tensors (so far: "
      "builtin types at function boundaries, then the contract check)",
      buildTorchBackendToLinalgOnTensorsBackendPipeline);
}
