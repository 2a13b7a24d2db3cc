//===- consumer-opt.cpp - The consumer's optimizer driver -----------------===//
//
// Everything torch-mlir-opt has (torch-mlir's InitAll: dialects, passes,
// pipelines), plus this workspace's own pass.
//
//===----------------------------------------------------------------------===//

#include "lib/FoldDoubleRelu.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "torch-mlir/InitAll/InitAll.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::torch::registerAllDialects(registry);
  mlir::torch::registerAllPasses();
  consumer::registerFoldDoubleReluPass();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "consumer optimizer driver\n", registry));
}
