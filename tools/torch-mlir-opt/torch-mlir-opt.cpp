//===- torch-mlir-opt.cpp - The torch-mlir optimizer driver
//----------------===//
//
// mlir-opt with what lib/InitAll registers: our dialects and the upstream ones
// our IR and its lowering use, our passes and pipelines (e.g.
// --refback-linalg-on-tensors-to-llvm-pipeline), MLIR's generic passes
// (--canonicalize, --cse, ...) and the MLIR passes the reference backend runs.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "torch-mlir/InitAll/InitAll.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::torch::registerAllDialects(registry);
  mlir::torch::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "torch-mlir modular optimizer driver\n", registry));
}
