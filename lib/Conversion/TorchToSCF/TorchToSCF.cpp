//===- TorchToSCF.cpp - torch.prim.If and torch.prim.Loop to scf ----------===//

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

/// `torch.prim.Loop`: a `scf.for` from 0 to the trip count when it always
/// continues (its initial condition and the one its body yields are both
/// constant true: what Scan and TorchScript's `for` make), else a
/// `scf.while` that carries the iteration number and runs while it is below
/// the trip count and the condition holds. Either way the body's iteration
/// number and carried values are rebuilt from the new loop's, and its
/// `torch.prim.Loop.condition` becomes the yield (ConvertLoopCondition).
class ConvertLoop : public OpConversionPattern<PrimLoopOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PrimLoopOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Block &body = op.getRegion().front();
    auto condition = cast<PrimLoopConditionOp>(body.getTerminator());
    SmallVector<Type> resultTypes;
    if (failed(
            getTypeConverter()->convertTypes(op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    Value tripCount = adaptor.getMaxTripCount(); // i64
    Value start = adaptor.getInitialCondition(); // i1
    if (!tripCount.getType().isInteger(64) || !start.getType().isInteger(1))
      return rewriter.notifyMatchFailure(op, "trip count or condition do not "
                                             "convert");
    Location loc = op.getLoc();
    Type i64 = rewriter.getI64Type();
    Block *newBody;
    Value index; // the iteration number, an i64
    ValueRange carried;
    Operation *replacement;
    if (isConstantTrue(op.getInitialCondition()) &&
        isConstantTrue(condition.getShouldContinue())) {
      Value upper = rewriter.create<arith::IndexCastOp>(
          loc, rewriter.getIndexType(), tripCount);
      Value zero = rewriter.create<arith::ConstantIndexOp>(loc, 0);
      Value one = rewriter.create<arith::ConstantIndexOp>(loc, 1);
      auto loop = rewriter.create<scf::ForOp>(loc, zero, upper, one,
                                              adaptor.getIterArgsInit());
      newBody = loop.getBody();
      // scf.for's builder adds a yield only when there is nothing to carry.
      if (!newBody->empty())
        rewriter.eraseOp(newBody->getTerminator());
      rewriter.setInsertionPointToStart(newBody);
      index =
          rewriter.create<arith::IndexCastOp>(loc, i64, loop.getInductionVar());
      carried = loop.getRegionIterArgs();
      replacement = loop;
    } else {
      // before: (i, go, carried...) -> condition(i < n && go) i, carried...
      // after: (i, carried...) -> the body, then yield i + 1, its condition
      // and its carried values.
      SmallVector<Value> inits = {
          rewriter.create<arith::ConstantIntOp>(loc, 0, 64), start};
      llvm::append_range(inits, adaptor.getIterArgsInit());
      SmallVector<Type> afterTypes = {i64};
      llvm::append_range(afterTypes, resultTypes);
      auto loop = rewriter.create<scf::WhileOp>(loc, afterTypes, inits);
      SmallVector<Type> beforeTypes(ValueRange(inits).getTypes());
      Block *before =
          rewriter.createBlock(&loop.getBefore(), {}, beforeTypes,
                               SmallVector<Location>(inits.size(), loc));
      Value below = rewriter.create<arith::CmpIOp>(
          loc, arith::CmpIPredicate::slt, before->getArgument(0), tripCount);
      Value go =
          rewriter.create<arith::AndIOp>(loc, below, before->getArgument(1));
      SmallVector<Value> forwarded = {before->getArgument(0)};
      llvm::append_range(forwarded, before->getArguments().drop_front(2));
      rewriter.create<scf::ConditionOp>(loc, go, forwarded);
      newBody =
          rewriter.createBlock(&loop.getAfter(), {}, afterTypes,
                               SmallVector<Location>(afterTypes.size(), loc));
      index = newBody->getArgument(0);
      carried = newBody->getArguments().drop_front();
      replacement = loop;
    }
    SmallVector<Value> replacements = {
        rewriter.create<TorchConversion::FromI64Op>(
            loc, rewriter.getType<Torch::IntType>(), index)};
    for (auto [oldArg, newArg] :
         llvm::zip(body.getArguments().drop_front(), carried))
      replacements.push_back(getTypeConverter()->materializeSourceConversion(
          rewriter, loc, oldArg.getType(), newArg));
    rewriter.mergeBlocks(&body, newBody, replacements);
    ValueRange results = replacement->getResults();
    rewriter.replaceOp(op, isa<scf::WhileOp>(replacement) ? results.drop_front()
                                                          : results);
    return success();
  }
};

/// The yield of a converted loop: scf.for's carried values, or scf.while's
/// next iteration number, condition and carried values.
class ConvertLoopCondition : public OpConversionPattern<PrimLoopConditionOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PrimLoopConditionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    if (isa<scf::ForOp>(parent)) {
      rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getIterArgs());
      return success();
    }
    if (!isa<scf::WhileOp>(parent))
      return rewriter.notifyMatchFailure(op, "its torch.prim.Loop stays");
    Value go = adaptor.getShouldContinue();
    if (!go.getType().isInteger(1))
      return rewriter.notifyMatchFailure(op, "the condition does not convert");
    Location loc = op.getLoc();
    Value index = op->getBlock()->getArgument(0);
    SmallVector<Value> next = {
        rewriter.create<arith::AddIOp>(
            loc, index, rewriter.create<arith::ConstantIntOp>(loc, 1, 64)),
        go};
    llvm::append_range(next, adaptor.getIterArgs());
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, next);
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
