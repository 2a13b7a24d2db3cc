//===- Pipelines.cpp - torch_c's named pipelines
//---------------------------===//

#include "torch-mlir/Dialect/TorchConversion/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "torch-mlir/Conversion/Passes.h"
#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

using namespace mlir;

void mlir::torch::TorchConversion::
    buildTorchBackendToLinalgOnTensorsBackendPipeline(OpPassManager &pm) {
  // Ops first (tensors, then control flow, then scalars and constants, which
  // the others read while they run), then the types at function boundaries;
  // canonicalize drops what became dead (lists, bridges, constants); then
  // the check names whatever did not lower.
  // What torch.export promised about argument sizes becomes checks first.
  pm.addNestedPass<func::FuncOp>(createSymbolicShapesToChecks());
  pm.addNestedPass<func::FuncOp>(createConvertTorchToLinalg());
  // Ops a Torch backend contract may keep whole that the conversion does
  // not take (upstream's keeps aten.matmul and __interpolate, say): the
  // middle end's decompositions, then the conversion again. Our own middle
  // end has decomposed them already, so for its output this finds nothing.
  pm.addNestedPass<func::FuncOp>(Torch::createDecomposeComplexOps());
  pm.addNestedPass<func::FuncOp>(createConvertTorchToLinalg());
  pm.addNestedPass<func::FuncOp>(createConvertTorchToSCF());
  pm.addNestedPass<func::FuncOp>(createConvertTorchToArith());
  pm.addPass(createFuncBackendTypeConversion());
  pm.addNestedPass<func::FuncOp>(createFinalizingBackendTypeConversion());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createVerifyLinalgOnTensorsBackendContract());
}

void mlir::torch::TorchConversion::buildTorchBackendToTosaBackendPipeline(
    OpPassManager &pm) {
  // As the linalg pipeline, with TOSA's conversion. TOSA has no run-time
  // checks, so what torch.export promised about sizes is dropped unchecked
  // (the symbolic-shape ops), and no control flow: torch.prim.If stays for
  // the contract check to name.
  pm.addNestedPass<func::FuncOp>(createSymbolicShapesToChecks(
      SymbolicShapesToChecksOptions{/*checks=*/false}));
  pm.addNestedPass<func::FuncOp>(createConvertTorchToTosa());
  pm.addNestedPass<func::FuncOp>(Torch::createDecomposeComplexOps());
  pm.addNestedPass<func::FuncOp>(createConvertTorchToTosa());
  pm.addNestedPass<func::FuncOp>(createConvertTorchToArith());
  pm.addPass(createFuncBackendTypeConversion());
  pm.addNestedPass<func::FuncOp>(createFinalizingBackendTypeConversion());
  pm.addPass(createCanonicalizerPass());
  // Again, for the tensor constants canonicalization made as arith.constant.
  pm.addNestedPass<func::FuncOp>(createConvertTorchToTosa());
  pm.addPass(createCSEPass());
  pm.addPass(createVerifyTosaBackendContract());
  tosa::TosaValidationOptions validation;
  validation.profile = tosa::TosaProfileEnum::MainInference;
  validation.level = tosa::TosaLevelEnum::EightK;
  validation.StrictOperationSpecAlignment = true;
  pm.addPass(tosa::createTosaValidation(validation));
}

void mlir::torch::TorchConversion::registerTorchConversionPassesAndPipelines() {
  registerTorchConversionPasses();
  registerConvertTorchPasses(); // convert-torch-to-linalg, -scf, -arith
  PassPipelineRegistration<>(
      "torch-backend-to-linalg-on-tensors-backend-pipeline",
      "Lowers Torch backend-contract IR (ours or upstream's) to "
      "linalg-on-tensors: the op conversions (what the conversion to linalg "
      "leaves, such as aten.matmul, decomposed and converted again), the "
      "backend type conversions, then the contract check",
      buildTorchBackendToLinalgOnTensorsBackendPipeline);
  PassPipelineRegistration<>(
      "torch-backend-to-tosa-backend-pipeline",
      "Lowers Torch backend-contract IR to TOSA (the pre-1.0 spec of LLVM "
      "19): convert-torch-to-tosa, the backend type conversions, the "
      "contract check, then tosa-validate (main inference profile, level "
      "8K)",
      buildTorchBackendToTosaBackendPipeline);
}
