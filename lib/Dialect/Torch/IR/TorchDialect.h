//===- TorchDialect.h - The Torch dialect -----------------------*- C++ -*-===//

#ifndef TORCH_MLIR_DIALECT_TORCH_IR_TORCHDIALECT_H
#define TORCH_MLIR_DIALECT_TORCH_IR_TORCHDIALECT_H

#include "mlir/IR/Dialect.h"

#include "Dialect/Torch/IR/TorchDialect.h.inc"

#endif // TORCH_MLIR_DIALECT_TORCH_IR_TORCHDIALECT_H
