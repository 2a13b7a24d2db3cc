//===- Parallelize.cpp - tile loops over parallel dimensions as scf.parallel
//===//
//
// refback-parallelize; Passes.td says what it does.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Conversion/SCFToOpenMP/SCFToOpenMP.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_PARALLELIZE
#define GEN_PASS_DEF_PARALLELLOOPSTOOPENMP
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;
using mlir::torch::RefBackend::kParallelLoopAttr;

namespace {

// Drops the iter_args the loop yields back unchanged (after bufferization,
// the buffer its tiles were written into); false if another one is left.
bool dropUnchangedIterArgs(RewriterBase &rewriter, scf::ForOp loop) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [argument, yielded] :
       llvm::zip_equal(loop.getRegionIterArgs(), yield.getOperands()))
    if (yielded != argument)
      return false;
  for (auto [argument, init, result] : llvm::zip_equal(
           loop.getRegionIterArgs(), loop.getInitArgs(), loop.getResults())) {
    rewriter.replaceAllUsesWith(argument, init);
    rewriter.replaceAllUsesWith(result, init);
  }
  return true;
}

class Parallelize
    : public mlir::torch::RefBackend::impl::ParallelizeBase<Parallelize> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> marked;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kParallelLoopAttr))
        marked.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : marked) {
      loop->removeAttr(kParallelLoopAttr);
      // One level of threads: a marked loop inside another stays a loop.
      if (loop->getParentOfType<scf::ParallelOp>() ||
          !dropUnchangedIterArgs(rewriter, loop))
        continue;
      rewriter.setInsertionPoint(loop);
      auto parallel = rewriter.create<scf::ParallelOp>(
          loop.getLoc(), ValueRange{loop.getLowerBound()},
          ValueRange{loop.getUpperBound()}, ValueRange{loop.getStep()});
      Block *body = loop.getBody();
      rewriter.eraseOp(body->getTerminator());
      SmallVector<Value> arguments{parallel.getInductionVars().front()};
      for (BlockArgument argument : loop.getRegionIterArgs())
        arguments.push_back(loop.getInitArgs()[argument.getArgNumber() - 1]);
      rewriter.inlineBlockBefore(body, parallel.getBody()->getTerminator(),
                                 arguments);
      rewriter.eraseOp(loop);
    }
  }
};

class ParallelLoopsToOpenMP
    : public mlir::torch::RefBackend::impl::ParallelLoopsToOpenMPBase<
          ParallelLoopsToOpenMP> {
public:
  using ParallelLoopsToOpenMPBase::ParallelLoopsToOpenMPBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool parallel =
        module->walk([](scf::ParallelOp) { return WalkResult::interrupt(); })
            .wasInterrupted();
    if (!parallel)
      return;
    OpPassManager pipeline(ModuleOp::getOperationName());
    ConvertSCFToOpenMPPassOptions team;
    team.numThreads = threads;
    pipeline.addPass(createConvertSCFToOpenMPPass(team));
    pipeline.addPass(createCanonicalizerPass());
    if (failed(runPipeline(pipeline, module)))
      return signalPassFailure();
    module->setAttr(
        mlir::torch::RefBackend::kThreadsAttr,
        IntegerAttr::get(IntegerType::get(&getContext(), 64), threads));
  }
};

} // namespace
