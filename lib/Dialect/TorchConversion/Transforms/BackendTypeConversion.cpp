//===- BackendTypeConversion.cpp - Torch types to builtin ones ------------===//
//
// torch-func-backend-type-conversion and torch-finalizing-backend-type-
// conversion; Passes.td says what each does.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/Dialect/TorchConversion/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"
#include "torch-mlir/Dialect/TorchConversion/IR/TorchConversionOps.h"
#include "torch-mlir/Dialect/TorchConversion/Transforms/BackendTypeConverter.h"

namespace mlir::torch::TorchConversion {
#define GEN_PASS_DEF_FUNCBACKENDTYPECONVERSION
#define GEN_PASS_DEF_FINALIZINGBACKENDTYPECONVERSION
#include "Dialect/TorchConversion/Transforms/Passes.h.inc"
} // namespace mlir::torch::TorchConversion

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::TorchConversion;

namespace {

class FuncBackendTypeConversion
    : public mlir::torch::TorchConversion::impl::FuncBackendTypeConversionBase<
          FuncBackendTypeConversion> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    BackendTypeConverter converter(context);
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

/// Uses of `To(From(x))` take `x`.
template <typename To, typename From>
void foldRoundTrips(func::FuncOp function) {
  function.walk([](To to) {
    if (auto from = to.getOperand().template getDefiningOp<From>())
      if (from.getOperand().getType() == to.getType())
        to.getResult().replaceAllUsesWith(from.getOperand());
  });
}

class FinalizingBackendTypeConversion
    : public mlir::torch::TorchConversion::impl::
          FinalizingBackendTypeConversionBase<FinalizingBackendTypeConversion> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    foldRoundTrips<ToBuiltinTensorOp, FromBuiltinTensorOp>(function);
    foldRoundTrips<FromBuiltinTensorOp, ToBuiltinTensorOp>(function);
    foldRoundTrips<ToI64Op, FromI64Op>(function);
    foldRoundTrips<FromI64Op, ToI64Op>(function);
    foldRoundTrips<ToF64Op, FromF64Op>(function);
    foldRoundTrips<FromF64Op, ToF64Op>(function);
    foldRoundTrips<ToI1Op, FromI1Op>(function);
    foldRoundTrips<FromI1Op, ToI1Op>(function);
    // Bridges without uses go, outermost first so their operands free up.
    SmallVector<Operation *> bridges;
    function.walk([&](Operation *op) {
      if (isa<ToBuiltinTensorOp, FromBuiltinTensorOp, ToI64Op, FromI64Op,
              ToF64Op, FromF64Op, ToI1Op, FromI1Op>(op))
        bridges.push_back(op);
    });
    for (Operation *op : llvm::reverse(bridges))
      if (op->use_empty())
        op->erase();
  }
};

} // namespace
