//===- Registration.cpp - C API: dialects and passes torch-mlir IR uses
//----===//

#include "torch-mlir-c/Registration.h"

#include "mlir/CAPI/IR.h"
#include "torch-mlir/InitAll/InitAll.h"

void torchMlirRegisterRequiredDialects(MlirDialectRegistry registry) {
  mlir::torch::registerAllDialects(*unwrap(registry));
}

void torchMlirRegisterAllPasses() { mlir::torch::registerAllPasses(); }
