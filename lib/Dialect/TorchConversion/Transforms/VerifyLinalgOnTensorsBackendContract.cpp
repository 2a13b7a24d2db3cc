//===- VerifyLinalgOnTensorsBackendContract.cpp ---------------------------===//
//
// torch-verify-linalg-on-tensors-backend-contract: names the first op (in
// module order) whose dialect or types a linalg-on-tensors backend cannot take.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/Dialect/TorchConversion/Transforms/Passes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/TorchConversion/IR/TorchConversionOps.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::torch::TorchConversion {
#define GEN_PASS_DEF_VERIFYLINALGONTENSORSBACKENDCONTRACT
#include "Dialect/TorchConversion/Transforms/Passes.h.inc"
} // namespace mlir::torch::TorchConversion

using namespace mlir;

namespace {

constexpr const char *kLegalDialects[] = {
    "builtin", "func", "linalg", "tensor",  "arith",      "math",
    "scf",     "cf",   "affine", "complex", "ml_program",
};

bool isLegalDialect(StringRef name) {
  for (const char *legal : kLegalDialects)
    if (name == legal)
      return true;
  return false;
}

bool isLegalScalarType(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return isa<FloatType>(complex.getElementType());
  return isa<IntegerType, FloatType, IndexType>(type);
}

bool isLegalType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return isLegalScalarType(tensor.getElementType()) && !tensor.getEncoding();
  if (auto function = dyn_cast<FunctionType>(type))
    return llvm::all_of(function.getInputs(), isLegalType) &&
           llvm::all_of(function.getResults(), isLegalType);
  return isLegalScalarType(type);
}

std::string allowedDialectsList() {
  std::string list;
  for (const char *legal : kLegalDialects)
    list += (list.empty() ? "" : ", ") + std::string(legal);
  return list;
}

/// Reports why `op`'s dialect or value types break the contract and returns
/// failure, or success.
LogicalResult checkOp(Operation *op) {
  StringRef dialect = op->getName().getDialectNamespace();
  // The one op the backend provides: a draw of its random-number generator
  // (refback-lower-get-next-seed in the reference backend).
  if (isa<mlir::torch::TorchConversion::GetNextSeedOp>(op))
    return success();
  if (!isLegalDialect(dialect)) {
    return op->emitOpError()
           << "is not part of the linalg-on-tensors backend contract: dialect '"
           << dialect << "' is not allowed (allowed: " << allowedDialectsList()
           << ")";
  }
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isLegalType(operand.get().getType()))
      return op->emitOpError()
             << "operand #" << operand.getOperandNumber() << " has type "
             << operand.get().getType()
             << ", which the linalg-on-tensors backend contract does not allow";
  }
  for (OpResult result : op->getResults()) {
    if (!isLegalType(result.getType()))
      return op->emitOpError()
             << "result #" << result.getResultNumber() << " has type "
             << result.getType()
             << ", which the linalg-on-tensors backend contract does not allow";
  }
  return success();
}

/// checkOp, except for constants, torch_c bridges and the list and tuple
/// plumbing (torch.prim.ListConstruct, ...): they only feed or carry the
/// values of the ops that did not lower, and have no source line.
LogicalResult checkComputingOp(Operation *op) {
  if (op->hasTrait<OpTrait::ConstantLike>() ||
      op->getName().getDialectNamespace() == "torch_c" ||
      isa<torch::Torch::PrimListConstructOp, torch::Torch::PrimListUnpackOp,
          torch::Torch::PrimTupleConstructOp, torch::Torch::PrimTupleIndexOp,
          torch::Torch::PrimTupleUnpackOp>(op))
    return success();
  return checkOp(op);
}

/// Reports a block argument or function type outside the contract.
LogicalResult checkSignatures(Operation *op) {
  if (auto function = dyn_cast<FunctionOpInterface>(op)) {
    if (!isLegalType(function.getFunctionType()))
      return op->emitOpError()
             << "has type " << function.getFunctionType()
             << ", which the linalg-on-tensors backend contract does not allow";
  }
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument arg : block.getArguments())
        if (!isLegalType(arg.getType()))
          return op->emitOpError()
                 << "has a block argument of type " << arg.getType()
                 << ", which the linalg-on-tensors backend contract does not "
                    "allow";
  return success();
}

/// Walks in module order and reports the first op `check` rejects.
bool anyFails(ModuleOp module, LogicalResult (*check)(Operation *)) {
  return module
      ->walk<WalkOrder::PreOrder>([&](Operation *op) -> WalkResult {
        if (isa<ModuleOp>(op))
          return WalkResult::advance();
        return failed(check(op)) ? WalkResult::interrupt()
                                 : WalkResult::advance();
      })
      .wasInterrupted();
}

class VerifyLinalgOnTensorsBackendContract
    : public mlir::torch::TorchConversion::impl::
          VerifyLinalgOnTensorsBackendContractBase<
              VerifyLinalgOnTensorsBackendContract> {
  void runOnOperation() override {
    // Ops before signatures, and ops that compute before constants and
    // bridges: what did not lower is more telling than the constants it reads
    // (the importer puts them first, without a source location), the bridges
    // a conversion left around it, or a signature.
    if (anyFails(getOperation(), checkComputingOp) ||
        anyFails(getOperation(), checkOp) ||
        anyFails(getOperation(), checkSignatures))
      signalPassFailure();
  }
};

} // namespace
