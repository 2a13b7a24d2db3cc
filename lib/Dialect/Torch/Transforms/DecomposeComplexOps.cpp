//===- DecomposeComplexOps.cpp - ATen ops as simpler ATen ops -------------===//
//
// torch-decompose-complex-ops; Passes.td says what and why. The patterns live
// in Decompose<Concept>.cpp, one file per kind of op; each rewrites one op
// into ops convert-torch-to-linalg lowers, needing the operand's sizes (known
// or `?`) and dtype, and keeps the op when its name is in `legal-ops`.
//
//===----------------------------------------------------------------------===//

#include "Decompositions.h"
#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::torch::Torch {
#define GEN_PASS_DEF_DECOMPOSECOMPLEXOPS
#include "Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch::Torch

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::Torch::decompositions;

namespace {

class DecomposeComplexOpsPass
    : public Torch::impl::DecomposeComplexOpsBase<DecomposeComplexOpsPass> {
public:
  using DecomposeComplexOpsBase::DecomposeComplexOpsBase;

  void runOnOperation() override {
    for (const std::string &name : legalOps)
      legal.names.insert(name);
    RewritePatternSet patterns(&getContext());
    populateNnDecompositions(patterns, legal);
    populateElementwiseDecompositions(patterns, legal);
    populateLinearAlgebraDecompositions(patterns, legal);
    populateReductionDecompositions(patterns, legal);
    populateDataMovementDecompositions(patterns, legal);
    populateSpectralDecompositions(patterns, legal);
    populateSortingDecompositions(patterns, legal);
    populateRandomDecompositions(patterns, legal);
    populateBackwardDecompositions(patterns, legal);
    // A function with no op a decomposition matches is left as it is (not
    // folded either): the backend pipeline runs this pass on what the
    // conversion to linalg left, which is usually nothing.
    if (!holdsARoot(patterns))
      return;
    // Not converging means a pattern changed the IR and then declined (or
    // two undo each other): say so, rather than fail without a word.
    if (failed(applyPatternsAndFoldGreedily(getOperation(),
                                            std::move(patterns)))) {
      getOperation()->emitError()
          << "torch-decompose-complex-ops did not converge: a decomposition "
             "keeps rewriting this function";
      signalPassFailure();
    }
  }

private:
  bool holdsARoot(RewritePatternSet &patterns) {
    llvm::DenseSet<OperationName> roots;
    for (const std::unique_ptr<RewritePattern> &pattern :
         patterns.getNativePatterns()) {
      std::optional<OperationName> root = pattern->getRootKind();
      if (!root)
        return true; // a pattern for any op: it might match anything
      roots.insert(*root);
    }
    return getOperation()
        ->walk([&](Operation *op) {
          return roots.contains(op->getName()) ? WalkResult::interrupt()
                                               : WalkResult::advance();
        })
        .wasInterrupted();
  }

  LegalOps legal;
};

} // namespace
