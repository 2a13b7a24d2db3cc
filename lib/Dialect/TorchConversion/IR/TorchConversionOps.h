//===- TorchConversionOps.h - The torch_c dialect and its ops ----*- C++
//-*-===//

#ifndef TORCH_MLIR_DIALECT_TORCHCONVERSION_IR_TORCHCONVERSIONOPS_H
#define TORCH_MLIR_DIALECT_TORCHCONVERSION_IR_TORCHCONVERSIONOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "torch-mlir/Dialect/Torch/IR/TorchTypes.h"

#include "Dialect/TorchConversion/IR/TorchConversionDialect.h.inc"

#define GET_OP_CLASSES
#include "Dialect/TorchConversion/IR/TorchConversionOps.h.inc"

#endif // TORCH_MLIR_DIALECT_TORCHCONVERSION_IR_TORCHCONVERSIONOPS_H
