//===- TorchOps.h - Torch dialect ops ---------------------------*- C++ -*-===//

#ifndef TORCH_MLIR_DIALECT_TORCH_IR_TORCHOPS_H
#define TORCH_MLIR_DIALECT_TORCH_IR_TORCHOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "torch-mlir/Dialect/Torch/IR/TorchDialect.h"
#include "torch-mlir/Dialect/Torch/IR/TorchTypes.h"

namespace mlir {
namespace torch {
namespace Torch {

/// The textual form shared by every generated ATen op:
///   %r = torch.aten.foo %a, %b : T_a, T_b -> T_r
/// numOperands < 0 means variadic, written as `torch.aten.foo(%a, %b) : ...`.
ParseResult parseDefaultTorchOp(OpAsmParser &parser, OperationState &result,
                                int numOperands, int numResults);
void printDefaultTorchOp(OpAsmPrinter &printer, Operation *op,
                         bool parenthesizedOperands);

/// True if a value of type `subtype` may be used where `type` is expected
/// (e.g. !torch.int for !torch.optional<int>, or a tensor with more static
/// information for one with less).
bool isValidSubtype(Type subtype, Type type);

} // namespace Torch
} // namespace torch
} // namespace mlir

#define GET_OP_CLASSES
#include "Dialect/Torch/IR/TorchOps.h.inc"

#endif // TORCH_MLIR_DIALECT_TORCH_IR_TORCHOPS_H
