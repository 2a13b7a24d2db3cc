//===- Passes.h - ONNX operators to Torch ops -------------------*- C++ -*-===//

#ifndef TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_PASSES_H
#define TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "torch-mlir/Dialect/Torch/IR/TorchDialect.h"
#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

#include <memory>

namespace mlir::torch::onnx_c {

#define GEN_PASS_DECL
#include "Conversion/TorchOnnxToTorch/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Conversion/TorchOnnxToTorch/Passes.h.inc"

/// torch-onnx-to-torch-backend-pipeline: convert-torch-onnx-to-torch, then
/// the middle end the FX importer's output goes through
/// (Torch::buildTorchDynamoExportToTorchBackendPipeline: its decompositions,
/// keeping `options`' backend-legal ops), then cse: from the ONNX importer's
/// output to the Torch backend contract.
void buildTorchOnnxToTorchBackendPipeline(
    OpPassManager &pm, const Torch::TorchBackendPipelineOptions &options);

/// The pass and `torch-onnx-to-torch-backend-pipeline`.
void registerTorchOnnxToTorchPassesAndPipeline();

} // namespace mlir::torch::onnx_c

#endif // TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_PASSES_H
