//===- Registration.cpp - C API: dialects and passes torch-mlir IR uses ----===//

#include "torch-mlir-c/Registration.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/Passes.h"
#include "torch-mlir/Dialect/Torch/IR/TorchDialect.h"
#include "torch-mlir/Dialect/TorchConversion/IR/TorchConversionOps.h"

void torchMlirRegisterRequiredDialects(MlirDialectRegistry registry) {
  unwrap(registry)->insert<mlir::torch::Torch::TorchDialect,
                           mlir::torch::TorchConversion::TorchConversionDialect,
                           mlir::func::FuncDialect, mlir::arith::ArithDialect,
                           mlir::cf::ControlFlowDialect,
                           mlir::tensor::TensorDialect>();
}

void torchMlirRegisterAllPasses() {
  static bool registered = [] {
    mlir::registerTransformsPasses();
    return true;
  }();
  (void)registered;
}
