//===- RaiseOperators.cpp - torch.operator as the op it names -------------===//
//
// torch-raise-operators; Passes.td says what and why.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

#include "torch-mlir/Dialect/Torch/Builder/TorchBuilder.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

namespace mlir::torch::Torch {
#define GEN_PASS_DEF_RAISEOPERATORS
#include "Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch::Torch

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;

namespace {

/// `op` as the registered op its name names, with its operands and result
/// types, or null (and nothing changed) if there is none or the op would not
/// verify: another producer's operands may not fit the schema.
Operation *raised(OperatorOp op, OpBuilder &builder) {
  if (op->getNumRegions() != 0)
    return nullptr;
  builder.setInsertionPoint(op);
  return createIfValid(builder, op.getLoc(), ("torch." + op.getName()).str(),
                       op->getOperands(), op->getResultTypes());
}

class RaiseOperatorsPass
    : public Torch::impl::RaiseOperatorsBase<RaiseOperatorsPass> {
public:
  void runOnOperation() override {
    SmallVector<OperatorOp> operators;
    getOperation()->walk([&](OperatorOp op) { operators.push_back(op); });
    OpBuilder builder(&getContext());
    for (OperatorOp op : operators) {
      if (Operation *typed = raised(op, builder)) {
        op->replaceAllUsesWith(typed->getResults());
        op->erase();
      }
    }
  }
};

} // namespace
