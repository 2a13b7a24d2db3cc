//===- BackendContract.cpp - Reaching and checking the backend contract ---===//
//
// torch-lower-to-backend-contract and
// torch-verify-backend-contract-no-decompositions; Passes.td says what the
// contract is and what each does.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

#include "mlir/IR/OperationSupport.h"
#include "mlir/Transforms/Passes.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/Torch/Transforms/RefineTypes.h"

namespace mlir::torch::Torch {
#define GEN_PASS_DEF_LOWERTOBACKENDCONTRACT
#define GEN_PASS_DEF_VERIFYBACKENDCONTRACTNODECOMPOSITIONS
#include "Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch::Torch

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;

namespace {

/// What `type` lacks for the contract ("" if nothing): a tensor needs value
/// semantics, a rank and a dtype; containers are checked by their
/// elements, lists and optionals of tensors excepted (their elements are
/// checked where they are made).
std::string missing(Type type) {
  if (isa<NonValueTensorType>(type))
    return "value semantics (a !torch.tensor, not a !torch.vtensor)";
  if (auto t = dyn_cast<ValueTensorType>(type)) {
    if (!t.hasSizes() && !t.hasDtype())
      return "a known rank and dtype";
    if (!t.hasSizes())
      return "a known rank";
    if (!t.hasDtype())
      return "a known dtype";
    return "";
  }
  if (auto tuple = dyn_cast<Torch::TupleType>(type)) {
    for (Type element : tuple.getContainedTypes())
      if (std::string m = missing(element); !m.empty())
        return m;
  }
  return "";
}

/// Why `op`'s result was not refined (or, a mutable tensor, not made a
/// value).
std::string why(Operation *op, Type resultType) {
  if (isa<NonValueTensorType>(resultType))
    return "torch-reduce-op-variants and torch-maximize-value-semantics "
           "could not make it a value (it is used in another block, called "
           "with, returned, written through a view they do not follow, or "
           "written by an op with no value variant)";
  if (!hasTypeRule(op))
    return ("torch-refine-types has no rule for '" +
            op->getName().getStringRef() + "'")
        .str();
  for (auto [i, operand] : llvm::enumerate(op->getOperands()))
    if (std::string m = missing(operand.getType()); !m.empty())
      return "its operand #" + std::to_string(i) + " lacks " + m + " too";
  return "its rule needs an argument that is not a constant (a dim, a size "
         "list or a dtype)";
}

/// The first place in `module`, in program order, that breaks the contract;
/// emits the error there if `report`. Success if there is none.
LogicalResult checkContract(ModuleOp module, bool report) {
  Operation *bad = nullptr;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<ModuleOp>(op))
      return WalkResult::advance();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument a : block.getArguments())
          if (std::string m = missing(a.getType()); !m.empty()) {
            bad = op;
            if (report)
              op->emitError() << "unsupported by backend contract: argument #"
                              << a.getArgNumber() << " has type " << a.getType()
                              << ", which lacks " << m;
            return WalkResult::interrupt();
          }
    for (OpResult r : op->getResults())
      if (std::string m = missing(r.getType()); !m.empty()) {
        bad = op;
        if (report)
          op->emitError() << "unsupported by backend contract: result #"
                          << r.getResultNumber() << " has type " << r.getType()
                          << ", which lacks " << m << ": "
                          << why(op, r.getType());
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(bad != nullptr);
}

class LowerToBackendContractPass
    : public Torch::impl::LowerToBackendContractBase<
          LowerToBackendContractPass> {
public:
  using LowerToBackendContractBase::LowerToBackendContractBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    LowerToBackendContractBase::getDependentDialects(registry);
    round().getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!extraLibrary.empty()) {
      module.emitError()
          << "extra-library is not supported: upstream's option splices "
             "shape and dtype functions written in Python into its "
             "library, and our rules (torch-refine-types) are C++";
      return signalPassFailure();
    }
    OpPassManager pm = round();
    for (int i = 0;; ++i) {
      OperationFingerPrint before(module);
      if (failed(runPipeline(pm, module)))
        return signalPassFailure();
      if (succeeded(checkContract(module, /*report=*/false)))
        return;
      // Another round changes nothing once a round changed nothing.
      if (i + 1 >= maxIterations || OperationFingerPrint(module) == before) {
        (void)checkContract(module, /*report=*/true);
        return signalPassFailure();
      }
    }
  }

private:
  /// One round: refine, decompose, fold.
  OpPassManager round() const {
    OpPassManager pm(ModuleOp::getOperationName());
    if (shapeDtypeRefine)
      pm.addNestedPass<func::FuncOp>(createRefineTypes());
    if (decompose) {
      // The options hold a view of the names; the pass copies them.
      std::vector<std::string> legal(backendLegalOps.begin(),
                                     backendLegalOps.end());
      DecomposeComplexOpsOptions options;
      options.legalOps = legal;
      pm.addNestedPass<func::FuncOp>(createDecomposeComplexOps(options));
    }
    pm.addPass(createCanonicalizerPass());
    return pm;
  }
};

class VerifyBackendContractNoDecompositionsPass
    : public Torch::impl::VerifyBackendContractNoDecompositionsBase<
          VerifyBackendContractNoDecompositionsPass> {
public:
  void runOnOperation() override {
    if (failed(checkContract(getOperation(), /*report=*/true)))
      signalPassFailure();
  }
};

} // namespace
