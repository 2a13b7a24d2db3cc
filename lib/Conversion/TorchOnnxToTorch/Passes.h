//===- Passes.h - ONNX operators to Torch ops -------------------*- C++ -*-===//

#ifndef TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_PASSES_H
#define TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "torch-mlir/Dialect/Torch/IR/TorchDialect.h"

#include <memory>

namespace mlir::torch::onnx_c {

#define GEN_PASS_DECL
#include "Conversion/TorchOnnxToTorch/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Conversion/TorchOnnxToTorch/Passes.h.inc"

/// convert-torch-onnx-to-torch, then canonicalization: from the ONNX
/// importer's output to the Torch backend contract.
void buildTorchOnnxToTorchBackendPipeline(OpPassManager &pm);

/// The pass and `torch-onnx-to-torch-backend-pipeline`.
void registerTorchOnnxToTorchPassesAndPipeline();

} // namespace mlir::torch::onnx_c

#endif // TORCH_MLIR_CONVERSION_TORCHONNXTOTORCH_PASSES_H
