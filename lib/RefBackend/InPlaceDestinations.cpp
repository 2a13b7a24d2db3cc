//===- InPlaceDestinations.cpp - destinations written in place ------------===//
//
// refback-in-place-destinations; Passes.td says what it does and why.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_INPLACEDESTINATIONS
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
// place): a destination-style op's init (an insert's destination too), a
// loop's initial iter_arg.
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

class InPlaceDestinations
    : public mlir::torch::RefBackend::impl::InPlaceDestinationsBase<
          InPlaceDestinations> {
  void runOnOperation() override {
    OpBuilder builder(&getContext());
    clonePerWriter(builder);
    writeInsertsInPlace(builder);
  }

  // A fill several ops write into is cloned for each of them but one.
  void clonePerWriter(OpBuilder &builder) {
    SmallVector<Operation *> fills;
    getOperation().walk([&](Operation *op) {
      if (isMadeFromNothing(op))
        fills.push_back(op);
    });
    for (Operation *fill : fills) {
      for (OpResult result : fill->getResults()) {
        SmallVector<OpOperand *> writers;
        for (OpOperand &use : result.getUses())
          if (isWrittenInto(use))
            writers.push_back(&use);
        if (writers.size() < 2)
          continue;
        for (OpOperand *writer : llvm::drop_begin(writers)) {
          builder.setInsertionPointAfter(fill);
          Operation *copy = builder.clone(*fill);
          writer->set(copy->getResult(result.getResultNumber()));
        }
      }
    }
  }

  // The ops that make an insert's source write into the slice of its
  // destination it takes, instead of a tensor.empty, where the destination
  // is defined before the first of them and the insert before the source's
  // other readers, which then read the slice of the insert's result. (A
  // read of the source after the insert would be a conflict to one-shot
  // analysis, which would copy the slice out.)
  void writeInsertsInPlace(OpBuilder &builder) {
    SmallVector<tensor::InsertSliceOp> inserts;
    getOperation().walk(
        [&](tensor::InsertSliceOp insert) { inserts.push_back(insert); });
    DominanceInfo dominance(getOperation());
    for (tensor::InsertSliceOp insert : inserts) {
      Value source = insert.getSource();
      OpOperand *init = mlir::torch::RefBackend::writtenEmpty(source);
      if (!init || insert.getSourceType() != init->get().getType() ||
          !insert.getOffsets().empty() || !insert.getSizes().empty() ||
          !insert.getStrides().empty() ||
          !dominance.properlyDominates(insert.getDest(), init->getOwner()) ||
          llvm::any_of(source.getUsers(), [&](Operation *user) {
            return user != insert &&
                   !dominance.properlyDominates(insert.getOperation(), user);
          }))
        continue;
      builder.setInsertionPoint(init->getOwner());
      Value slice = builder.create<tensor::ExtractSliceOp>(
          insert.getLoc(), insert.getSourceType(), insert.getDest(),
          insert.getMixedOffsets(), insert.getMixedSizes(),
          insert.getMixedStrides());
      init->set(slice);
      if (source.hasOneUse())
        continue;
      builder.setInsertionPointAfter(insert);
      Value interior = builder.create<tensor::ExtractSliceOp>(
          insert.getLoc(), insert.getSourceType(), insert.getResult(),
          insert.getMixedOffsets(), insert.getMixedSizes(),
          insert.getMixedStrides());
      source.replaceUsesWithIf(interior, [&](OpOperand &use) {
        return use.getOwner() != insert.getOperation();
      });
    }
  }
};

} // namespace
