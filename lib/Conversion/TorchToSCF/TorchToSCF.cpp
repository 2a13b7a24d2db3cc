//===- TorchToSCF.cpp - torch.prim.If to scf.if, prim.Loop to scf.for -----===//

#include "torch-mlir/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/TorchConversion/Transforms/BackendTypeConverter.h"

namespace mlir::torch {
#define GEN_PASS_DEF_CONVERTTORCHTOSCF
#include "Conversion/Passes.h.inc"
} // namespace mlir::torch

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;

namespace {

class ConvertIf : public OpConversionPattern<PrimIfOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PrimIfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    auto newIf = rewriter.create<scf::IfOp>(op.getLoc(), resultTypes,
                                            adaptor.getCondition(),
                                            /*addThenBlock=*/false,
                                            /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getThenRegion(), newIf.getThenRegion(),
                                newIf.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getElseRegion(), newIf.getElseRegion(),
                                newIf.getElseRegion().end());
    rewriter.replaceOp(op, newIf.getResults());
    return success();
  }
};

class ConvertIfYield : public OpConversionPattern<PrimIfYieldOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PrimIfYieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<scf::IfOp>(op->getParentOp()))
      return rewriter.notifyMatchFailure(op, "its torch.prim.If stays");
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getOperands());
    return success();
  }
};

/// True if `v` is `torch.constant.bool true`.
bool isConstantTrue(Value v) {
  auto constant = v.getDefiningOp<ConstantBoolOp>();
  return constant && constant.getValue();
}

/// A `torch.prim.Loop` that always continues (its initial condition and the
/// one its body yields are both constant true: a for loop, what Scan and
/// TorchScript's `for` make) becomes `scf.for` from 0 to the trip count.
/// The body's iteration number and carried values are rebuilt from the
/// for's induction variable and iteration arguments. A loop whose condition
/// can turn false stays, and the backend contract check names it.
class ConvertLoop : public OpConversionPattern<PrimLoopOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PrimLoopOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Block &body = op.getRegion().front();
    auto condition = cast<PrimLoopConditionOp>(body.getTerminator());
    if (!isConstantTrue(op.getInitialCondition()) ||
        !isConstantTrue(condition.getShouldContinue()))
      return rewriter.notifyMatchFailure(op, "a while loop, not a for loop");
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");

    Location loc = op.getLoc();
    Value tripCount = adaptor.getMaxTripCount(); // i64
    Value upper = rewriter.create<arith::IndexCastOp>(
        loc, rewriter.getIndexType(), tripCount);
    Value zero = rewriter.create<arith::ConstantIndexOp>(loc, 0);
    Value one = rewriter.create<arith::ConstantIndexOp>(loc, 1);
    auto loop = rewriter.create<scf::ForOp>(loc, zero, upper, one,
                                            adaptor.getIterArgsInit());
    Block *newBody = loop.getBody();
    // scf.for's builder adds a yield only when there is nothing to carry.
    if (!newBody->empty())
      rewriter.eraseOp(newBody->getTerminator());

    rewriter.setInsertionPointToStart(newBody);
    Value i64 = rewriter.create<arith::IndexCastOp>(loc, rewriter.getI64Type(),
                                                    loop.getInductionVar());
    SmallVector<Value> replacements = {
        rewriter.create<TorchConversion::FromI64Op>(
            loc, rewriter.getType<Torch::IntType>(), i64)};
    for (auto [oldArg, newArg] :
         llvm::zip(body.getArguments().drop_front(), loop.getRegionIterArgs()))
      replacements.push_back(getTypeConverter()->materializeSourceConversion(
          rewriter, loc, oldArg.getType(), newArg));
    rewriter.mergeBlocks(&body, newBody, replacements);
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

class ConvertLoopCondition : public OpConversionPattern<PrimLoopConditionOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PrimLoopConditionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<scf::ForOp>(op->getParentOp()))
      return rewriter.notifyMatchFailure(op, "its torch.prim.Loop stays");
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getIterArgs());
    return success();
  }
};

class ConvertTorchToSCF
    : public mlir::torch::impl::ConvertTorchToSCFBase<ConvertTorchToSCF> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    ConversionTarget target(*context);
    target.addLegalDialect<scf::SCFDialect, arith::ArithDialect,
                           TorchConversion::TorchConversionDialect>();
    TorchConversion::BackendTypeConverter converter(context);
    RewritePatternSet patterns(context);
    patterns.add<ConvertIf, ConvertIfYield, ConvertLoop, ConvertLoopCondition>(
        converter, context);
    // An If or Loop that does not convert stays, for the contract check.
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
