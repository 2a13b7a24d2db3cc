//===- Passes.h - The reference backend: passes and its pipeline -*- C++
//-*-===//

#ifndef TORCH_MLIR_REFBACKEND_PASSES_H
#define TORCH_MLIR_REFBACKEND_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
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

/// The smallest iteration space (loop ranges multiplied; a convolution's
/// multiply-adds) worth a fork of the thread team: below it, threads cost
/// more than they save.
inline constexpr int64_t kMinParallelWork = 1 << 15;

/// Whether loops of these static ranges (a dynamic one counts as large) are
/// worth sharing among threads.
inline bool worthThreads(ArrayRef<int64_t> ranges) {
  int64_t work = 1;
  for (int64_t range : ranges) {
    if (ShapedType::isDynamic(range))
      return true;
    work = std::min(work * range, kMinParallelWork);
  }
  return work >= kMinParallelWork;
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

/// Registers the refback-* passes, the pipeline
/// `refback-linalg-on-tensors-to-llvm-pipeline`, and each MLIR pass it runs.
void registerRefBackendPassesAndPipeline();

} // namespace mlir::torch::RefBackend

#endif // TORCH_MLIR_REFBACKEND_PASSES_H
