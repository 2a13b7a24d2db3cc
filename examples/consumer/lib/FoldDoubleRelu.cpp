//===- FoldDoubleRelu.cpp - An example pass over Torch IR -----------------===//
//
// Uses torch-mlir's public C++ target @torch_mlir//lib/Dialect/Torch/IR: the
// generated op classes (AtenReluOp, with accessors named after the schema).
//
//===----------------------------------------------------------------------===//

#include "lib/FoldDoubleRelu.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using mlir::torch::Torch::AtenReluOp;

namespace {

struct FoldDoubleRelu : OpRewritePattern<AtenReluOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AtenReluOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSelf().getDefiningOp<AtenReluOp>();
    if (!inner || inner.getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, inner.getResult());
    return success();
  }
};

struct FoldDoubleReluPass : PassWrapper<FoldDoubleReluPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FoldDoubleReluPass)

  StringRef getArgument() const override { return "consumer-fold-double-relu"; }
  StringRef getDescription() const override {
    return "Rewrites relu(relu(x)) to relu(x)";
  }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldDoubleRelu>(&getContext());
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void consumer::registerFoldDoubleReluPass() {
  PassRegistration<FoldDoubleReluPass>();
}
