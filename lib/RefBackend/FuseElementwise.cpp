//===- FuseElementwise.cpp - elementwise fusion without repeated work -----===//
//
// refback-fuse-elementwise; Passes.td says what it does.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_FUSEELEMENTWISE
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;

namespace {

// A producer whose result has one use (linalg's own fusion control).
bool usedOnce(OpOperand *fused) {
  Operation *producer = fused->get().getDefiningOp();
  return producer && producer->hasOneUse();
}

// A producer used once, whose every element the consumer reads once: its
// map in the consumer is a permutation. Through a projection (a matrix
// product reading a bias-and-ReLU result along k, for every n), the fused
// body would compute each element again for every point of the dimensions
// the map drops.
bool computedOnce(OpOperand *fused) {
  if (!usedOnce(fused))
    return false;
  auto consumer = dyn_cast<linalg::LinalgOp>(fused->getOwner());
  return !consumer || consumer.getMatchingIndexingMap(fused).isPermutation();
}

class FuseElementwise
    : public mlir::torch::RefBackend::impl::FuseElementwiseBase<
          FuseElementwise> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, computedOnce);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, usedOnce);
    linalg::populateConstantFoldLinalgOperations(patterns, usedOnce);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    GreedyRewriteConfig config;
    config.useTopDownTraversal = true;
    (void)applyPatternsAndFoldGreedily(getOperation(), std::move(patterns),
                                       config);
  }
};

} // namespace
