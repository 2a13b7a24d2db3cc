//===- VerifyBackendContracts.cpp - The backend contract checks -----------===//
//
// torch-verify-linalg-on-tensors-backend-contract and
// torch-verify-tosa-backend-contract: each names the first op (in module
// order) whose dialect or types its backend cannot take. The two differ only
// in what they allow (a Contract).
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/Dialect/TorchConversion/Transforms/Passes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/TorchConversion/IR/TorchConversionOps.h"

namespace mlir::torch::TorchConversion {
#define GEN_PASS_DEF_VERIFYLINALGONTENSORSBACKENDCONTRACT
#define GEN_PASS_DEF_VERIFYTOSABACKENDCONTRACT
#include "Dialect/TorchConversion/Transforms/Passes.h.inc"
} // namespace mlir::torch::TorchConversion

using namespace mlir;

namespace {

/// What a backend takes: ops of `dialects` (and `allowOp`'s), on values of
/// types `allowType` accepts.
struct Contract {
  const char *name;
  ArrayRef<const char *> dialects;
  bool (*allowOp)(Operation *);
  bool (*allowElement)(Type);
  /// Said after an op of a dialect the contract does not allow.
  const char *hint;
};

bool isLinalgElement(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return isa<FloatType>(complex.getElementType());
  return isa<IntegerType, FloatType, IndexType>(type);
}

/// The one op the reference backend provides: a draw of its random-number
/// generator (refback-lower-get-next-seed).
bool isLinalgExtraOp(Operation *op) {
  return isa<mlir::torch::TorchConversion::GetNextSeedOp>(op);
}

constexpr const char *kLinalgDialects[] = {
    "builtin", "func", "linalg", "tensor",  "arith",      "math",
    "scf",     "cf",   "affine", "complex", "ml_program",
};

const Contract kLinalgOnTensors = {"linalg-on-tensors", kLinalgDialects,
                                   isLinalgExtraOp, isLinalgElement, ""};

/// TOSA's element types (the main inference profile: no f64, no index).
bool isTosaElement(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.isSignless() &&
           llvm::is_contained({1u, 8u, 16u, 32u, 64u}, integer.getWidth());
  return type.isF32() || type.isF16() || type.isBF16();
}

/// Scalar constants (what a function returns as a Python number).
bool isTosaExtraOp(Operation *op) {
  return op->getName().getStringRef() == "arith.constant" &&
         op->getNumResults() == 1 &&
         !isa<ShapedType>(op->getResult(0).getType());
}

constexpr const char *kTosaDialects[] = {"builtin", "func", "tosa"};

const Contract kTosa = {
    "TOSA", kTosaDialects, isTosaExtraOp, isTosaElement,
    "; it has no TOSA form here (output_type 'linalg-on-tensors' may lower "
    "it)"};

bool isLegalType(const Contract &contract, Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return contract.allowElement(tensor.getElementType()) &&
           !tensor.getEncoding();
  if (auto function = dyn_cast<FunctionType>(type))
    return llvm::all_of(function.getInputs(),
                        [&](Type t) { return isLegalType(contract, t); }) &&
           llvm::all_of(function.getResults(),
                        [&](Type t) { return isLegalType(contract, t); });
  return contract.allowElement(type) ||
         (isa<IntegerType, FloatType>(type) && !isa<ShapedType>(type));
}

std::string allowedDialectsList(const Contract &contract) {
  std::string list;
  for (const char *legal : contract.dialects)
    list += (list.empty() ? "" : ", ") + std::string(legal);
  return list;
}

/// Reports why `op`'s dialect or value types break the contract and returns
/// failure, or success.
LogicalResult checkOp(const Contract &contract, Operation *op) {
  StringRef dialect = op->getName().getDialectNamespace();
  if (contract.allowOp(op))
    return success();
  if (!llvm::is_contained(contract.dialects, dialect)) {
    return op->emitOpError()
           << "is not part of the " << contract.name
           << " backend contract: dialect '" << dialect
           << "' is not allowed (allowed: " << allowedDialectsList(contract)
           << ")" << contract.hint;
  }
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isLegalType(contract, operand.get().getType()))
      return op->emitOpError()
             << "operand #" << operand.getOperandNumber() << " has type "
             << operand.get().getType() << ", which the " << contract.name
             << " backend contract does not allow";
  }
  for (OpResult result : op->getResults()) {
    if (!isLegalType(contract, result.getType()))
      return op->emitOpError()
             << "result #" << result.getResultNumber() << " has type "
             << result.getType() << ", which the " << contract.name
             << " backend contract does not allow";
  }
  return success();
}

/// checkOp, except for constants, torch_c bridges and the list and tuple
/// plumbing (torch.prim.ListConstruct, ...): they only feed or carry the
/// values of the ops that did not lower, and have no source line.
LogicalResult checkComputingOp(const Contract &contract, Operation *op) {
  if (op->hasTrait<OpTrait::ConstantLike>() ||
      op->getName().getDialectNamespace() == "torch_c" ||
      isa<torch::Torch::PrimListConstructOp, torch::Torch::PrimListUnpackOp,
          torch::Torch::PrimTupleConstructOp, torch::Torch::PrimTupleIndexOp,
          torch::Torch::PrimTupleUnpackOp>(op))
    return success();
  return checkOp(contract, op);
}

/// Reports a block argument or function type outside the contract.
LogicalResult checkSignatures(const Contract &contract, Operation *op) {
  if (auto function = dyn_cast<FunctionOpInterface>(op)) {
    if (!isLegalType(contract, function.getFunctionType()))
      return op->emitOpError()
             << "has type " << function.getFunctionType() << ", which the "
             << contract.name << " backend contract does not allow";
  }
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument arg : block.getArguments())
        if (!isLegalType(contract, arg.getType()))
          return op->emitOpError()
                 << "has a block argument of type " << arg.getType()
                 << ", which the " << contract.name
                 << " backend contract does not allow";
  return success();
}

using Check = LogicalResult (*)(const Contract &, Operation *);

/// Walks in module order and reports the first op `check` rejects.
bool anyFails(const Contract &contract, ModuleOp module, Check check) {
  return module
      ->walk<WalkOrder::PreOrder>([&](Operation *op) -> WalkResult {
        if (isa<ModuleOp>(op))
          return WalkResult::advance();
        return failed(check(contract, op)) ? WalkResult::interrupt()
                                           : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Ops before signatures, and ops that compute before constants and
/// bridges: what did not lower is more telling than the constants it reads
/// (the importer puts them first, without a source location), the bridges a
/// conversion left around it, or a signature.
bool violates(const Contract &contract, ModuleOp module) {
  return anyFails(contract, module, checkComputingOp) ||
         anyFails(contract, module, checkOp) ||
         anyFails(contract, module, checkSignatures);
}

class VerifyLinalgOnTensorsBackendContract
    : public mlir::torch::TorchConversion::impl::
          VerifyLinalgOnTensorsBackendContractBase<
              VerifyLinalgOnTensorsBackendContract> {
  void runOnOperation() override {
    if (violates(kLinalgOnTensors, getOperation()))
      signalPassFailure();
  }
};

class VerifyTosaBackendContract
    : public mlir::torch::TorchConversion::impl::VerifyTosaBackendContractBase<
          VerifyTosaBackendContract> {
  void runOnOperation() override {
    if (violates(kTosa, getOperation()))
      signalPassFailure();
  }
};

} // namespace
