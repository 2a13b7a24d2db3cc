//===- TorchConversionOps.cpp - The torch_c dialect and its ops -----------===//

#include "torch-mlir/Dialect/TorchConversion/IR/TorchConversionOps.h"

#include "mlir/IR/Builders.h"
#include "torch-mlir/Dialect/Torch/IR/TorchDialect.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::TorchConversion;

#include "Dialect/TorchConversion/IR/TorchConversionDialect.cpp.inc"

void TorchConversionDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Dialect/TorchConversion/IR/TorchConversionOps.cpp.inc"
      >();
}

/// The builtin element type a Torch dtype lowers to: signed and unsigned
/// integers become signless of the same width; everything else is itself.
static Type builtinElementType(Type dtype) {
  if (auto integer = dyn_cast<IntegerType>(dtype))
    return IntegerType::get(dtype.getContext(), integer.getWidth());
  return dtype;
}

/// Checks that `builtin` is the lowering of `torch`: same rank and static
/// sizes (`?` <-> dynamic), and the element type its dtype lowers to.
static LogicalResult verifyTensorBridge(Operation *op,
                                        Torch::ValueTensorType torch,
                                        TensorType builtin) {
  if (!torch.hasDtype())
    return op->emitOpError("needs a Torch tensor type with a known dtype");
  if (builtinElementType(torch.getDtype()) != builtin.getElementType())
    return op->emitOpError("element type ")
           << builtin.getElementType() << " is not the lowering of dtype "
           << torch.getDtype();
  if (!torch.hasSizes()) {
    if (builtin.hasRank())
      return op->emitOpError("unranked Torch tensor needs an unranked "
                             "builtin tensor");
    return success();
  }
  if (!builtin.hasRank() ||
      builtin.getRank() != static_cast<int64_t>(torch.getSizes().size()))
    return op->emitOpError("rank mismatch between ")
           << torch << " and " << builtin;
  for (auto [t, b] : llvm::zip(torch.getSizes(), builtin.getShape())) {
    bool tDynamic = t == Torch::kUnknownSize;
    if (tDynamic != ShapedType::isDynamic(b) || (!tDynamic && t != b))
      return op->emitOpError("sizes of ")
             << torch << " and " << builtin << " differ";
  }
  return success();
}

LogicalResult ToBuiltinTensorOp::verify() {
  return verifyTensorBridge(
      *this, cast<Torch::ValueTensorType>(getOperand().getType()),
      cast<TensorType>(getType()));
}

LogicalResult FromBuiltinTensorOp::verify() {
  return verifyTensorBridge(*this, cast<Torch::ValueTensorType>(getType()),
                            cast<TensorType>(getOperand().getType()));
}

#define GET_OP_CLASSES
#include "Dialect/TorchConversion/IR/TorchConversionOps.cpp.inc"
