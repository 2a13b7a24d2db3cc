//===- TorchToLinalg.cpp - The convert-torch-to-linalg pass ---------------===//

#include "Patterns.h"
#include "torch-mlir/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "torch-mlir/Dialect/TorchConversion/Transforms/BackendTypeConverter.h"

namespace mlir::torch {
#define GEN_PASS_DEF_CONVERTTORCHTOLINALG
#include "Conversion/Passes.h.inc"
} // namespace mlir::torch

using namespace mlir;
using namespace mlir::torch;

namespace {

class ConvertTorchToLinalg
    : public mlir::torch::impl::ConvertTorchToLinalgBase<ConvertTorchToLinalg> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    ConversionTarget target(*context);
    target.addLegalDialect<affine::AffineDialect, arith::ArithDialect,
                           cf::ControlFlowDialect, complex::ComplexDialect,
                           linalg::LinalgDialect, math::MathDialect,
                           scf::SCFDialect, tensor::TensorDialect,
                           TorchConversion::TorchConversionDialect>();
    TorchConversion::BackendTypeConverter converter(context);
    RewritePatternSet patterns(context);
    torch_to_linalg::populateElementwisePatterns(converter, patterns);
    torch_to_linalg::populateLinearPatterns(converter, patterns);
    torch_to_linalg::populateReductionPatterns(converter, patterns);
    torch_to_linalg::populateDataMovementPatterns(converter, patterns);
    torch_to_linalg::populateTensorConstructorPatterns(converter, patterns);
    torch_to_linalg::populatePoolingPatterns(converter, patterns);
    torch_to_linalg::populateScatterPatterns(converter, patterns);
    torch_to_linalg::populateSortingPatterns(converter, patterns);
    torch_to_linalg::populateSpectralPatterns(converter, patterns);
    torch_to_linalg::populateRandomPatterns(converter, patterns);
    // Partial: Torch ops are neither legal nor illegal, so one without a
    // pattern (or whose pattern declines) stays for the contract check to
    // name.
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
