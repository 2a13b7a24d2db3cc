//===- ChecksToErrors.cpp - failed checks return an error ----------------===//
//
// refback-checks-to-errors; Passes.td says what and why.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_CHECKSTOERRORS
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;
using namespace mlir::torch::RefBackend;

namespace {

/// Where a location points, for a message: a name (an ONNX node's, say),
/// file:line:col, or the first of a fused location's that says either.
std::optional<std::string> where(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().getValue().str();
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::optional<std::string> found = where(inner))
        return found;
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return where(callSite.getCallee());
  return std::nullopt;
}

class ChecksToErrors
    : public mlir::torch::RefBackend::impl::ChecksToErrorsBase<ChecksToErrors> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = module.getContext();
    SmallVector<cf::AssertOp> checks;
    for (auto function : module.getOps<func::FuncOp>()) {
      if (!function.isPublic() || function.isExternal())
        continue;
      if (function.getNumResults() != 0) {
        function.emitOpError("has results: refback-checks-to-errors runs "
                             "after refback-munge-calling-conventions");
        return signalPassFailure();
      }
      function.walk([&](cf::AssertOp check) {
        if (check->getParentOp() == function)
          checks.push_back(check);
      });
    }
    if (checks.empty())
      return;

    SymbolTable symbols(module);
    if (symbols.lookup(kCheckFailedCallback)) {
      module.emitError() << "cannot declare the check callback: the symbol '"
                         << kCheckFailedCallback << "' already exists";
      return signalPassFailure();
    }
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    Type i64 = builder.getI64Type();
    auto callback =
        builder.create<func::FuncOp>(module.getLoc(), kCheckFailedCallback,
                                     FunctionType::get(context, {i64}, {}));
    callback.setPrivate();
    callback->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                      UnitAttr::get(context));

    SmallVector<Attribute> messages;
    for (auto [index, check] : llvm::enumerate(checks)) {
      std::optional<std::string> at = where(check.getLoc());
      messages.push_back(builder.getStringAttr(
          (at ? *at + ": " : std::string()) + check.getMsg().str()));
      Location loc = check.getLoc();
      Block *block = check->getBlock();
      Block *rest = block->splitBlock(std::next(check->getIterator()));
      Block *failed = builder.createBlock(rest);
      builder.setInsertionPointToEnd(failed);
      Value code = builder.create<arith::ConstantIntOp>(loc, index, 64);
      builder.create<func::CallOp>(loc, callback, ValueRange{code});
      builder.create<func::ReturnOp>(loc);
      builder.setInsertionPoint(check);
      builder.create<cf::CondBranchOp>(loc, check.getArg(), rest, failed);
      check.erase();
    }
    module->setAttr(kChecksAttr, builder.getArrayAttr(messages));
  }
};

} // namespace
