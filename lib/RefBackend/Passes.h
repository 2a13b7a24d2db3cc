//===- Passes.h - The reference backend: passes and its pipeline -*- C++
//-*-===//

#ifndef TORCH_MLIR_REFBACKEND_PASSES_H
#define TORCH_MLIR_REFBACKEND_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

#include <memory>

namespace mlir::torch::RefBackend {

#define GEN_PASS_DECL
#include "RefBackend/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "RefBackend/Passes.h.inc"

/// The prefix of the callback `refback-munge-calling-conventions` calls with a
/// function's results: `refback_results_<function name>`.
inline constexpr const char *kResultsCallbackPrefix = "refback_results_";

/// The callback a failed check calls with its index
/// (`refback-checks-to-errors`), and the module attribute that lists the
/// checks' messages.
inline constexpr const char *kCheckFailedCallback = "refback_check_failed";
inline constexpr const char *kChecksAttr = "refback.checks";

/// Marks a tile loop whose iterations may run on threads of their own
/// (refback-tile-and-vectorize sets it, refback-parallelize reads it).
inline constexpr const char *kParallelLoopAttr = "refback.parallel";

/// The module attribute refback-parallel-loops-to-openmp sets, to the
/// threads its OpenMP constructs run on, where there are any.
inline constexpr const char *kThreadsAttr = "refback.threads";

/// The smallest iteration space (loop ranges multiplied; a convolution's
/// multiply-adds) worth a fork of the thread team: below it, threads cost
/// more than they save.
inline constexpr int64_t kMinParallelWork = 1 << 15;

/// The smallest iteration space the pipeline gives vector code (its
/// `min-vector-work`): below it, an op stays scalar loops. Tiles, vectors
/// and register tiles cost compile time (LLVM's above all) that an op of a
/// few thousand points never earns back: a scalar one takes microseconds.
inline constexpr int64_t kMinVectorWork = 1 << 12;

/// Whether loops of these static ranges (a dynamic one counts as large)
/// have at least `points` iterations in all.
inline bool hasPoints(ArrayRef<int64_t> ranges, int64_t points) {
  int64_t work = 1;
  for (int64_t range : ranges) {
    if (ShapedType::isDynamic(range))
      return true;
    work = std::min(work * range, points);
  }
  return work >= points;
}

/// Whether loops of these static ranges are worth sharing among threads.
inline bool worthThreads(ArrayRef<int64_t> ranges) {
  return hasPoints(ranges, kMinParallelWork);
}

/// `ranges` (an op's loops) and the trip count of each scf.for around `op`
/// (kDynamic where it is not constant): the work of an op that an earlier
/// pass placed in a loop (a row kernel's tile, a convolution's panel) is
/// that of all its iterations.
inline SmallVector<int64_t> withEnclosingLoops(Operation *op,
                                               ArrayRef<int64_t> ranges) {
  SmallVector<int64_t> all(ranges);
  for (auto loop = op->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>()) {
    std::optional<int64_t> trips = constantTripCount(
        loop.getLowerBound(), loop.getUpperBound(), loop.getStep());
    all.push_back(trips ? *trips : ShapedType::kDynamic);
  }
  return all;
}

/// The operand through which the ops that make `value` write into a
/// tensor.empty, following the inits of destination-style ops (linalg ops,
/// inserts) and loops back to it; null where `value` is not made that way
/// (a function argument, a reshape).
inline OpOperand *writtenEmpty(Value value) {
  OpOperand *init = nullptr;
  while (auto result = dyn_cast<OpResult>(value)) {
    Operation *op = result.getOwner();
    if (isa<tensor::EmptyOp>(op))
      return init;
    if (auto destination = dyn_cast<DestinationStyleOpInterface>(op))
      init = destination.getTiedOpOperand(result);
    else if (auto loop = dyn_cast<scf::ForOp>(op))
      init = loop.getTiedLoopInit(result);
    else if (auto forall = dyn_cast<scf::ForallOp>(op))
      init = forall.getTiedOpOperand(result);
    else
      return nullptr;
    value = init->get();
  }
  return nullptr;
}

/// Every canonicalization pattern of the context's dialects and ops (what
/// the canonicalizer pass applies), for a pass to run on what it made.
inline FrozenRewritePatternSet canonicalizationPatterns(MLIRContext *context) {
  RewritePatternSet patterns(context);
  for (Dialect *dialect : context->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : context->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, context);
  return FrozenRewritePatternSet(std::move(patterns));
}

struct LinalgOnTensorsToLLVMOptions
    : public PassPipelineOptions<LinalgOnTensorsToLLVMOptions> {
  Option<int64_t> seed{*this, "seed",
                       llvm::cl::desc("The random-number state the module "
                                      "starts from (refback-lower-get-next-"
                                      "seed)"),
                       llvm::cl::init(0)};
  Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Tile and vectorize linalg ops (refback-tile-and-"
                     "vectorize); false lowers every op to scalar loops"),
      llvm::cl::init(true)};
  Option<int64_t> threads{
      *this, "threads",
      llvm::cl::desc("Threads a compiled function may run on (1: none of "
                     "its own; the OpenMP entry points it calls are "
                     "torch-mlir's, lib/RefBackend/Runtime)"),
      llvm::cl::init(1)};
  Option<int64_t> minVectorWork{
      *this, "min-vector-work",
      llvm::cl::desc("With vectorize, the fewest iteration points (a "
                     "convolution's multiply-adds) an op needs to become "
                     "vector code; smaller ones stay scalar loops"),
      llvm::cl::init(kMinVectorWork)};
  Option<int64_t> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("The width of a vector register in bits (0: the "
                     "host's)"),
      llvm::cl::init(0)};
};

/// linalg-on-tensors (the contract torch-verify-linalg-on-tensors-backend-
/// contract checks) to the LLVM dialect, ready for MLIR's ExecutionEngine.
void buildLinalgOnTensorsToLLVMPipeline(
    OpPassManager &pm, const LinalgOnTensorsToLLVMOptions &options);

/// refback-tosa-to-linalg-on-tensors-pipeline: TOSA (the TOSA backend
/// contract) to linalg-on-tensors, so the reference backend runs it.
void buildTosaToLinalgOnTensorsPipeline(OpPassManager &pm);

/// Registers the refback-* passes, the pipeline
/// `refback-linalg-on-tensors-to-llvm-pipeline`, and each MLIR pass it runs.
void registerRefBackendPassesAndPipeline();

} // namespace mlir::torch::RefBackend

#endif // TORCH_MLIR_REFBACKEND_PASSES_H
