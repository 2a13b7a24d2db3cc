//===- RefineTypes.h - Sizes and dtypes from operands -----------*- C++ -*-===//
//
// What torch-refine-types does, for the passes that run it inside their own
// loop (torch-lower-to-backend-contract) or explain its gaps (the backend
// contract check).
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_REFINETYPES_H
#define TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_REFINETYPES_H

#include "mlir/IR/Operation.h"

namespace mlir::torch::Torch {

/// Gives the tensors `root` holds the sizes and dtypes their ops' rules
/// infer, where their types lack them, until nothing changes. True if a
/// type changed.
bool refineTypes(Operation *root);

/// Whether torch-refine-types has a rule for `op`'s results.
bool hasTypeRule(Operation *op);

/// Whether `use` may see its value's type gain sizes or a dtype: Torch ops
/// read any tensor type (a branch's yield a subtype of the branch's
/// result), but a function's return, a loop's carried values and a tuple
/// keep the type they declare.
bool acceptsRefinedType(OpOperand &use);

} // namespace mlir::torch::Torch

#endif // TORCH_MLIR_DIALECT_TORCH_TRANSFORMS_REFINETYPES_H
