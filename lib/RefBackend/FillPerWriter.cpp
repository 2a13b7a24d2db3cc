//===- FillPerWriter.cpp - a fill for each op that writes into it ---------===//
//
// refback-fill-per-writer; Passes.td says what it does and why.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_FILLPERWRITER
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;

namespace {

// Whether `op` computes its tensor results from nothing: no memory
// effects, no tensor operand but tensor.empty, no tensor from above read
// inside its regions. A linalg.fill, or the loops tiling made of one.
bool isMadeFromNothing(Operation *op) {
  if (op->getNumResults() == 0 || op->getNumRegions() == 0 ||
      !isMemoryEffectFree(op) ||
      !llvm::all_of(op->getResultTypes(),
                    [](Type type) { return isa<RankedTensorType>(type); }))
    return false;
  auto isTensor = [](Value value) {
    return isa<TensorType, BaseMemRefType>(value.getType());
  };
  for (Value operand : op->getOperands())
    if (isTensor(operand) && !operand.getDefiningOp<tensor::EmptyOp>())
      return false;
  SetVector<Value> above;
  for (Region &region : op->getRegions())
    getUsedValuesDefinedAbove(region, above);
  return llvm::none_of(above, isTensor);
}

// Whether `use` is an operand its owner writes into (and bufferizes in
// place): a destination-style op's init, a loop's initial iter_arg, the
// destination of an insert.
bool isWrittenInto(OpOperand &use) {
  Operation *owner = use.getOwner();
  if (auto destination = dyn_cast<DestinationStyleOpInterface>(owner))
    return destination.isDpsInit(&use);
  if (auto loop = dyn_cast<scf::ForOp>(owner))
    return llvm::is_contained(loop.getInitArgsMutable(), use);
  if (auto forall = dyn_cast<scf::ForallOp>(owner))
    return llvm::is_contained(forall.getOutputsMutable(), use);
  return false;
}

class FillPerWriter
    : public mlir::torch::RefBackend::impl::FillPerWriterBase<FillPerWriter> {
  void runOnOperation() override {
    SmallVector<Operation *> fills;
    getOperation().walk([&](Operation *op) {
      if (isMadeFromNothing(op))
        fills.push_back(op);
    });
    OpBuilder builder(&getContext());
    for (Operation *fill : fills) {
      for (OpResult result : fill->getResults()) {
        SmallVector<OpOperand *> writers, all;
        for (OpOperand &use : result.getUses()) {
          all.push_back(&use);
          if (isWrittenInto(use))
            writers.push_back(&use);
        }
        // With no other use, one writer keeps the original.
        if (writers.size() == all.size() && !writers.empty())
          writers.erase(writers.begin());
        if (all.size() < 2)
          continue;
        for (OpOperand *writer : writers) {
          builder.setInsertionPointAfter(fill);
          Operation *copy = builder.clone(*fill);
          writer->set(copy->getResult(result.getResultNumber()));
        }
      }
    }
  }
};

} // namespace
