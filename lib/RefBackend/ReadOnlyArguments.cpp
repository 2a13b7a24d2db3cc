//===- ReadOnlyArguments.cpp - public functions only read their arguments -===//
//
// refback-read-only-arguments; Passes.td says why.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_READONLYARGUMENTS
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;

namespace {

class ReadOnlyArguments
    : public mlir::torch::RefBackend::impl::ReadOnlyArgumentsBase<
          ReadOnlyArguments> {
  void runOnOperation() override {
    Builder builder(&getContext());
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || !func.isPublic())
        continue;
      for (unsigned index = 0; index < func.getNumArguments(); ++index)
        if (isa<TensorType>(func.getArgument(index).getType()))
          func.setArgAttr(
              index, bufferization::BufferizationDialect::kWritableAttrName,
              builder.getBoolAttr(false));
    }
  }
};

} // namespace
