//===- LowerVectors.cpp - vector ops to loads, FMAs and LLVM --------------===//
//
// refback-lower-vectors and refback-convert-vector-to-llvm; Passes.td says
// what each does.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorTransforms.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_LOWERVECTORS
#define GEN_PASS_DEF_CONVERTVECTORTOLLVM
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;

namespace {

// Whether `root` holds an op of the vector dialect or one with a vector
// result: most functions of small ops have none, and then neither pass
// below makes its patterns.
bool hasVectors(Operation *root) {
  return root
      ->walk([](Operation *op) {
        if (isa_and_nonnull<vector::VectorDialect>(op->getDialect()) ||
            llvm::any_of(op->getResultTypes(), llvm::IsaPred<VectorType>))
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

// x / broadcast(s) as x * broadcast(1 / s): one scalar division where the
// divisor is made instead of a vector division per use (a softmax's row sum
// divides every element of the row; a vector division takes several times
// as long as a multiplication). The product is within an ulp or so of the
// quotient.
struct DivideByReciprocal : OpRewritePattern<arith::DivFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::DivFOp divide,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(divide.getType());
    if (!type ||
        (!type.getElementType().isF32() && !type.getElementType().isF64()))
      return failure();
    Operation *spread = divide.getRhs().getDefiningOp();
    Value scalar;
    if (auto splat = dyn_cast_or_null<vector::SplatOp>(spread))
      scalar = splat.getInput();
    else if (auto broadcast = dyn_cast_or_null<vector::BroadcastOp>(spread))
      scalar = broadcast.getSource();
    if (!scalar || isa<VectorType>(scalar.getType()))
      return failure();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(spread);
    Location loc = divide.getLoc();
    Value one = rewriter.create<arith::ConstantOp>(
        loc, rewriter.getFloatAttr(scalar.getType(), 1.0));
    Value reciprocal = rewriter.create<arith::DivFOp>(loc, one, scalar,
                                                      divide.getFastmathAttr());
    Value spreadReciprocal =
        rewriter.create<vector::SplatOp>(loc, type, reciprocal);
    rewriter.setInsertionPoint(divide);
    rewriter.replaceOpWithNewOp<arith::MulFOp>(
        divide, divide.getLhs(), spreadReciprocal, divide.getFastmathAttr());
    return success();
  }
};

class LowerVectors
    : public mlir::torch::RefBackend::impl::LowerVectorsBase<LowerVectors> {
public:
  void runOnOperation() override {
    if (!hasVectors(getOperation()))
      return;
    if (!patterns)
      patterns.emplace(&getContext());
    // Only the math on vectors: scalar code keeps libm's results.
    SmallVector<Operation *> vectorMath;
    getOperation().walk([&](Operation *op) {
      if (isa_and_nonnull<math::MathDialect>(op->getDialect()) &&
          op->getNumResults() == 1 &&
          isa<VectorType>(op->getResult(0).getType()))
        vectorMath.push_back(op);
    });
    GreedyRewriteConfig config;
    config.strictMode = GreedyRewriteStrictness::ExistingOps;
    (void)applyOpPatternsAndFold(vectorMath, patterns->math, config);

    if (failed(applyPatternsAndFoldGreedily(getOperation(), patterns->ops)) ||
        failed(applyPatternsAndFoldGreedily(getOperation(), patterns->rows)) ||
        failed(applyPatternsAndFoldGreedily(getOperation(), patterns->ops)))
      signalPassFailure();
  }

private:
  // The pattern sets, made for the first function with vector code.
  struct Patterns {
    explicit Patterns(MLIRContext *context);
    FrozenRewritePatternSet math;
    FrozenRewritePatternSet ops;
    FrozenRewritePatternSet rows;
  };
  std::optional<Patterns> patterns;
};

LowerVectors::Patterns::Patterns(MLIRContext *context) {
  // f32 tanh, exp, log, erf, ... on vectors as polynomials in vector
  // arithmetic. As LLVM intrinsics or libm calls, each lane would be a
  // scalar call.
  RewritePatternSet math(context);
  populateMathPolynomialApproximationPatterns(
      math, MathPolynomialApproximationOptions());
  this->math = FrozenRewritePatternSet(std::move(math));

  // Contractions become outer products and those FMAs on rows; the other
  // n-D ops become 1-D ones; transfers lose their permutations and
  // become loads and stores where they are contiguous.
  vector::VectorTransformsOptions products;
  products.setVectorTransformsOptions(
      vector::VectorContractLowering::OuterProduct);
  RewritePatternSet ops(context);
  ops.add<DivideByReciprocal>(context);
  vector::populateVectorToVectorCanonicalizationPatterns(ops);
  vector::populateVectorContractLoweringPatterns(ops, products);
  vector::populateVectorOuterProductLoweringPatterns(ops);
  vector::populateVectorMultiReductionLoweringPatterns(
      ops, vector::VectorMultiReductionLowering::InnerReduction);
  vector::populateVectorBroadcastLoweringPatterns(ops);
  vector::populateVectorTransposeLoweringPatterns(
      ops, vector::VectorTransformsOptions());
  vector::populateVectorShapeCastLoweringPatterns(ops);
  vector::populateVectorMaskOpLoweringPatterns(ops);
  vector::populateVectorInsertExtractStridedSliceTransforms(ops);
  vector::populateVectorTransferPermutationMapLoweringPatterns(ops);
  vector::populateVectorTransferLoweringPatterns(ops, /*maxTransferRank=*/1);
  this->ops = FrozenRewritePatternSet(std::move(ops));

  // What is left of n-D transfers (strided or over several rows): one
  // 1-D transfer per row, unrolled.
  RewritePatternSet rows(context);
  populateVectorToSCFConversionPatterns(
      rows, VectorTransferToSCFOptions().enableFullUnroll());
  vector::populateVectorTransferPermutationMapLoweringPatterns(rows);
  vector::populateVectorTransferLoweringPatterns(rows, /*maxTransferRank=*/1);
  vector::populateVectorToVectorCanonicalizationPatterns(rows);
  this->rows = FrozenRewritePatternSet(std::move(rows));
}

class ConvertVectorToLLVM
    : public mlir::torch::RefBackend::impl::ConvertVectorToLLVMBase<
          ConvertVectorToLLVM> {
  void runOnOperation() override {
    if (!hasVectors(getOperation()))
      return;
    MLIRContext *context = &getContext();
    // What the passes after refback-lower-vectors made (libm calls lane by
    // lane, transfers' broadcasts) down to 1-D ops first.
    RewritePatternSet lowering(context);
    vector::populateVectorBroadcastLoweringPatterns(lowering);
    vector::populateVectorShapeCastLoweringPatterns(lowering);
    vector::populateVectorTransposeLoweringPatterns(
        lowering, vector::VectorTransformsOptions());
    vector::populateVectorInsertExtractStridedSliceTransforms(lowering);
    vector::populateVectorTransferLoweringPatterns(lowering,
                                                   /*maxTransferRank=*/1);
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(lowering))))
      return signalPassFailure();

    LLVMTypeConverter converter(context);
    RewritePatternSet patterns(context);
    vector::populateVectorMaskMaterializationPatterns(
        patterns, /*force32BitVectorIndices=*/false);
    vector::populateVectorTransferLoweringPatterns(patterns);
    // Reductions may reassociate: a tree of shuffles, not a chain of adds.
    populateVectorToLLVMConversionPatterns(converter, patterns,
                                           /*reassociateFPReductions=*/true);
    LLVMConversionTarget target(*context);
    target.addIllegalDialect<vector::VectorDialect>();
    target.addLegalOp<UnrealizedConversionCastOp>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
