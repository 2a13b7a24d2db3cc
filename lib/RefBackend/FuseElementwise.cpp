//===- FuseElementwise.cpp - elementwise fusion without repeated work -----===//
//
// refback-fuse-elementwise; Passes.td says what it does.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_FUSEELEMENTWISE
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;

namespace {

// A producer whose result has one use (linalg's own fusion control).
bool usedOnce(OpOperand *fused) {
  Operation *producer = fused->get().getDefiningOp();
  return producer && producer->hasOneUse();
}

// A producer used once, whose every element the consumer reads once: its
// map in the consumer is a permutation. Through a projection (a matrix
// product reading a bias-and-ReLU result along k, for every n), the fused
// body would compute each element again for every point of the dimensions
// the map drops.
bool computedOnce(OpOperand *fused) {
  if (!usedOnce(fused))
    return false;
  auto consumer = dyn_cast<linalg::LinalgOp>(fused->getOwner());
  return !consumer || consumer.getMatchingIndexingMap(fused).isPermutation();
}

// The matrix `value` repeats along its leading dimension, if it is a
// broadcast of one: a linalg.broadcast, or a generic copying its one input
// through the map (b, i, j) -> (i, j).
Value repeatedMatrix(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getRank() != 3)
    return {};
  if (auto broadcast = value.getDefiningOp<linalg::BroadcastOp>()) {
    ArrayRef<int64_t> added = broadcast.getDimensions();
    return added.size() == 1 && added[0] == 0 ? broadcast.getInput() : Value();
  }
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumParallelLoops() != 3)
    return {};
  MLIRContext *context = value.getContext();
  AffineMap rows = AffineMap::get(
      3, 0, {getAffineDimExpr(1, context), getAffineDimExpr(2, context)},
      context);
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  if (maps[0] != rows || !maps[1].isIdentity())
    return {};
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  if (yield.getValues() != ValueRange{generic.getBody()->getArgument(0)})
    return {};
  return generic.getDpsInputs()[0];
}

// A batched product whose right operand is one matrix broadcast along the
// batch (what PyTorch's matmul writes for a non-contiguous 3-D input, as in
// MultiheadAttention's in-projection) reads the matrix itself: a generic op
// whose batch is a second m dimension, [b, m, k] x [k, n]. The broadcast is
// never built, and the rows of all batches make up the register tiles.
// (A collapse to [b*m, k] would do too, but the expand back to [b, m, n]
// cannot be bufferized when b and m are both dynamic.)
struct ProductOfBroadcastMatrix
    : public OpRewritePattern<linalg::BatchMatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::BatchMatmulOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return failure();
    Value matrix = repeatedMatrix(op.getDpsInputs()[1]);
    if (!matrix)
      return rewriter.notifyMatchFailure(op, "right operand varies by batch");
    // Loops (b, m, n, k); the body is the batched product's own.
    MLIRContext *context = getContext();
    auto dims = [&](ArrayRef<unsigned> positions) {
      return AffineMap::getMultiDimMapWithTargets(4, positions, context);
    };
    SmallVector<AffineMap> maps = {dims({0, 1, 3}), dims({3, 2}),
                                   dims({0, 1, 2})};
    SmallVector<utils::IteratorType> iterators(3,
                                               utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    auto generic = rewriter.create<linalg::GenericOp>(
        op.getLoc(), op->getResultTypes(),
        ValueRange{op.getDpsInputs()[0], matrix}, op.getDpsInits(), maps,
        iterators);
    rewriter.cloneRegionBefore(op->getRegion(0), generic.getRegion(),
                               generic.getRegion().end());
    rewriter.replaceOp(op, generic->getResults());
    return success();
  }
};

// A generic op reading an expand_shape that only adds unit dimensions (the
// [rows, 1] form reshape propagation gives a row's max) reads its source,
// the unit dimensions dropped from its map. Producer and consumer are then
// adjacent, which row kernels (refback-fuse-rows) need. A loop the dropped
// results indexed must still be indexed (alone) elsewhere.
struct ReadThroughUnitExpansion : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return failure();
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto expand = input->get().getDefiningOp<tensor::ExpandShapeOp>();
      if (!expand)
        continue;
      ArrayRef<int64_t> shape = expand.getResultType().getShape();
      AffineMap map = op.getMatchingIndexingMap(input);
      // Of each group, the one dimension that is not 1 (or the first).
      SmallVector<AffineExpr> kept, dropped;
      bool expandsOnlyUnits = true;
      for (ReassociationIndices group : expand.getReassociationIndices()) {
        auto wide = llvm::make_filter_range(
            group, [&](int64_t dim) { return shape[dim] != 1; });
        int64_t wideCount = std::distance(wide.begin(), wide.end());
        if (wideCount > 1) {
          expandsOnlyUnits = false;
          break;
        }
        int64_t keep = wideCount == 1 ? *wide.begin() : group.front();
        for (int64_t dim : group)
          (dim == keep ? kept : dropped).push_back(map.getResult(dim));
      }
      if (!expandsOnlyUnits || dropped.empty())
        continue;
      SmallVector<AffineMap> maps = op.getIndexingMapsArray();
      maps[input->getOperandNumber()] =
          AffineMap::get(map.getNumDims(), 0, kept, getContext());
      auto indexedAlone = [&](AffineExpr expr) {
        return llvm::any_of(maps, [&](AffineMap other) {
          return llvm::is_contained(other.getResults(), expr);
        });
      };
      if (!llvm::all_of(dropped, [&](AffineExpr expr) {
            return !isa<AffineDimExpr>(expr) || indexedAlone(expr);
          }))
        continue;
      rewriter.modifyOpInPlace(op, [&] {
        input->set(expand.getSrc());
        op.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
      });
      return success();
    }
    return failure();
  }
};

/// A dense_resource constant (the ONNX importer's weights) that only a
/// transpose reads: the same values as dense elements, which linalg's
/// constant folding then transposes once, here, instead of on every call (as
/// it already does for the FX importer's literals, dense elements).
struct TransposedResourceAsElements : OpRewritePattern<arith::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::ConstantOp op,
                                PatternRewriter &rewriter) const override {
    auto resource = dyn_cast<DenseResourceElementsAttr>(op.getValue());
    if (!resource || !op->hasOneUse() ||
        !isa<linalg::TransposeOp>(*op->user_begin()))
      return failure();
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    auto type = cast<ShapedType>(resource.getType());
    bool splat = false;
    if (!blob || type.getElementType().isInteger(1) ||
        !DenseElementsAttr::isValidRawBuffer(type, blob->getData(), splat))
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, DenseElementsAttr::getFromRawBuffer(type, blob->getData()));
    return success();
  }
};

class FuseElementwise
    : public mlir::torch::RefBackend::impl::FuseElementwiseBase<
          FuseElementwise> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, computedOnce);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, usedOnce);
    linalg::populateConstantFoldLinalgOperations(patterns, usedOnce);
    patterns.add<ProductOfBroadcastMatrix, ReadThroughUnitExpansion,
                 TransposedResourceAsElements>(context);
    linalg::FillOp::getCanonicalizationPatterns(patterns, context);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    GreedyRewriteConfig config;
    config.useTopDownTraversal = true;
    (void)applyPatternsAndFoldGreedily(getOperation(), std::move(patterns),
                                       config);
  }
};

} // namespace
