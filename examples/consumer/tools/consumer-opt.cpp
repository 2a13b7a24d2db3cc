//===- consumer-opt.cpp - The consumer's optimizer driver -----------------===//

#include "lib/FoldDoubleRelu.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "torch-mlir/Dialect/Torch/IR/TorchDialect.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::torch::Torch::TorchDialect, mlir::func::FuncDialect>();
  consumer::registerFoldDoubleReluPass();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "consumer optimizer driver\n", registry));
}
