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
  LegalOps legal;
};

} // namespace
