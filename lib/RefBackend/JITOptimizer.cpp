//===- JITOptimizer.cpp - The JIT's LLVM IR optimizer ---------------------===//
//
// Part of the torch-mlir project, under the Apache License v2.0 with LLVM
// Exceptions.
//
//===----------------------------------------------------------------------===//
//
// mlir::makeOptimizingTransformer (mlir/ExecutionEngine/OptUtils.h), which
// MLIR's C API for the ExecutionEngine calls, for the reference backend's JIT.
//
// MLIR's own definition runs LLVM's -O<n> pipeline from the pass builder
// (llvm/lib/Passes), and that links LLVM's interprocedural, vectorizing and
// coroutine optimizers: about 75 compiles of a cold build, for
// programs that the refbackend pipeline has already tiled into loops over
// memrefs. This one runs a function pipeline of the scalar optimizations the
// code generator links anyway: promote what the lowering left in memory,
// fold and simplify, rotate loops and hoist their invariants (index
// arithmetic, and accumulators kept in registers) and remove redundancy. Code
// generation itself runs at the engine's optimization level as before, for
// the host's CPU but for its bf16 conversion instructions (below).
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/OptUtils.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/LoopPass.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/InitializePasses.h"
#include "llvm/PassRegistry.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar.h"
#include "llvm/Transforms/Scalar/GVN.h"
#include "llvm/Transforms/Utils/LoopRotationUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

namespace {

// Loop rotation (a loop's exit test moved from its header to its latch, the
// first test copied in front of it) as a legacy loop pass: LLVM 19 has it
// only for the new pass manager, over a utility this calls. The loops the
// lowering emits test at the top; rotated, their bodies are known to run
// whenever the loop is entered, which is what lets LICM keep an accumulator
// in a register instead of storing and reloading it on every iteration.
class RotateLoops : public llvm::LoopPass {
public:
  static char ID;
  RotateLoops() : llvm::LoopPass(ID) {}

  llvm::StringRef getPassName() const override {
    return "torch-mlir JIT: rotate loops";
  }

  void getAnalysisUsage(llvm::AnalysisUsage &usage) const override {
    usage.addRequired<llvm::AssumptionCacheTracker>();
    usage.addRequired<llvm::TargetTransformInfoWrapperPass>();
    llvm::getLoopAnalysisUsage(usage);
  }

  bool runOnLoop(llvm::Loop *loop, llvm::LPPassManager &) override {
    llvm::Function &function = *loop->getHeader()->getParent();
    auto &loops = getAnalysis<llvm::LoopInfoWrapperPass>().getLoopInfo();
    auto &dominators =
        getAnalysis<llvm::DominatorTreeWrapperPass>().getDomTree();
    auto &assumptions =
        getAnalysis<llvm::AssumptionCacheTracker>().getAssumptionCache(
            function);
    auto &costs =
        getAnalysis<llvm::TargetTransformInfoWrapperPass>().getTTI(function);
    auto &evolution = getAnalysis<llvm::ScalarEvolutionWrapperPass>().getSE();
    llvm::SimplifyQuery query(function.getDataLayout(), /*TLI=*/nullptr,
                              &dominators, &assumptions);
    // 16: the header size LLVM's own loop-rotate copies at most.
    return llvm::LoopRotation(loop, &loops, &costs, &assumptions, &dominators,
                              &evolution, /*MSSAU=*/nullptr, query,
                              /*RotationOnly=*/false, /*Threshold=*/16,
                              /*IsUtilMode=*/false);
  }
};

char RotateLoops::ID = 0;

// The passes in the order they run on each function, for -O1 and up. -O2
// and -O3 add a second round of value numbering and combining after loop
// invariants are hoisted, which exposes more of both.
void addFunctionPasses(llvm::legacy::FunctionPassManager &fpm,
                       unsigned optLevel) {
  fpm.add(llvm::createSROAPass());
  fpm.add(llvm::createEarlyCSEPass(/*UseMemorySSA=*/true));
  fpm.add(llvm::createInstructionCombiningPass());
  fpm.add(llvm::createCFGSimplificationPass());
  fpm.add(new RotateLoops());
  fpm.add(llvm::createLICMPass());
  if (optLevel >= 2) {
    fpm.add(llvm::createReassociatePass());
    fpm.add(llvm::createGVNPass());
    fpm.add(llvm::createInstructionCombiningPass());
  }
  fpm.add(llvm::createCFGSimplificationPass());
}

// The host's bf16 conversion instructions (AVX512-BF16's and AVX-NE-CONVERT's
// vcvtneps2bf16) flush subnormal inputs and results to zero whatever MXCSR
// says, where PyTorch's casts round them like any other value (1e-40f is
// bf16's smallest subnormal, not 0). Every function is compiled without
// them, so that a truncation to bf16 calls the runtime's __truncsfbf2 /
// __truncdfbf2 (Runtime/FloatConversions.cpp), which rounds to nearest even
// at every exponent, on every host alike.
void avoidFlushingBf16Conversions(llvm::Module &module,
                                  llvm::TargetMachine *targetMachine) {
  if (!targetMachine || !llvm::Triple(module.getTargetTriple()).isX86())
    return;
  std::string features = targetMachine->getTargetFeatureString().str();
  if (!features.empty())
    features += ",";
  features += "-avx512bf16,-avxneconvert";
  for (llvm::Function &function : module) {
    if (function.isDeclaration())
      continue;
    if (!function.hasFnAttribute("target-cpu"))
      function.addFnAttr("target-cpu", targetMachine->getTargetCPU());
    if (!function.hasFnAttribute("target-features"))
      function.addFnAttr("target-features", features);
  }
}

} // namespace

std::function<llvm::Error(llvm::Module *)>
mlir::makeOptimizingTransformer(unsigned optLevel, unsigned sizeLevel,
                                llvm::TargetMachine *targetMachine) {
  // sizeLevel (-Os/-Oz) changes nothing here: none of these passes trades
  // size for speed.
  (void)sizeLevel;
  return [optLevel, targetMachine](llvm::Module *module) -> llvm::Error {
    if (optLevel > 3)
      return llvm::make_error<llvm::StringError>(
          "invalid optimization level " + llvm::Twine(optLevel) + " (0 to 3)",
          llvm::inconvertibleErrorCode());
    avoidFlushingBf16Conversions(*module, targetMachine);
    if (optLevel == 0)
      return llvm::Error::success();

    // The legacy pass manager finds the analyses and utility passes a pass
    // requires (LoopSimplify, LCSSA, ...) in the pass registry; register
    // them all once, before the first pass is scheduled.
    static const bool registered = [] {
      llvm::PassRegistry &registry = *llvm::PassRegistry::getPassRegistry();
      llvm::initializeCore(registry);
      llvm::initializeAnalysis(registry);
      llvm::initializeTransformUtils(registry);
      llvm::initializeScalarOpts(registry);
      llvm::initializeInstCombine(registry);
      return true;
    }();
    (void)registered;

    llvm::legacy::FunctionPassManager fpm(module);
    // Cost models and library knowledge of the machine the code runs on.
    fpm.add(new llvm::TargetLibraryInfoWrapperPass(
        llvm::Triple(module->getTargetTriple())));
    if (targetMachine)
      fpm.add(llvm::createTargetTransformInfoWrapperPass(
          targetMachine->getTargetIRAnalysis()));
    addFunctionPasses(fpm, optLevel);

    fpm.doInitialization();
    for (llvm::Function &function : *module)
      if (!function.isDeclaration())
        fpm.run(function);
    fpm.doFinalization();
    return llvm::Error::success();
  };
}
