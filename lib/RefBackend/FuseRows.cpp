//===- FuseRows.cpp - row kernels: reductions fused with their consumers --===//
//
// refback-fuse-rows; Passes.td says what it does and why.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallBitVector.h"

#include <deque>

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_FUSEROWS
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;
using mlir::torch::RefBackend::kParallelLoopAttr;

namespace {

// The bytes of a row tile of one intermediate: half an L1 data cache, so
// that a tile's intermediates are still there when the next op reads them.
constexpr int64_t kRowTileBytes = 16 * 1024;

// An op a row kernel may contain: a structured op on tensors whose maps
// pick loops (or index 0 of a unit dimension) and whose results are each
// indexed by loops, other than a matrix product or a convolution (those
// tile their own way, and a row of them is not a row of work).
bool isRowOp(Operation *operation) {
  auto op = dyn_cast<linalg::LinalgOp>(operation);
  if (!op || !op.hasPureTensorSemantics() ||
      linalg::isaConvolutionOpInterface(op))
    return false;
  if (linalg::isaContractionOpInterface(op)) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (failed(dims) || (!dims->m.empty() && !dims->n.empty()))
      return false;
  }
  for (OpOperand &operand : op->getOpOperands()) {
    bool isInit = op.isDpsInit(&operand);
    for (AffineExpr expr : op.getMatchingIndexingMap(&operand).getResults()) {
      auto constant = dyn_cast<AffineConstantExpr>(expr);
      if (!isa<AffineDimExpr>(expr) &&
          (isInit || !constant || constant.getValue() != 0))
        return false;
    }
  }
  return true;
}

// The loops of the producer of `operand` (read by `user`, whose loops
// `tiled` are tiled) that a tile of `user` tiles: the loops of the
// producer's result dimensions that `user` indexes by tiled loops. None if
// the producer cannot join `user`'s row kernel, or if every tile of `user`
// would read all of it.
std::optional<llvm::SmallBitVector>
producerTiles(linalg::LinalgOp user, const llvm::SmallBitVector &tiled,
              OpOperand &operand) {
  auto result = dyn_cast<OpResult>(operand.get());
  if (!result || !isRowOp(result.getOwner()) ||
      result.getOwner()->getBlock() != user->getBlock())
    return std::nullopt;
  auto producer = cast<linalg::LinalgOp>(result.getOwner());
  AffineMap read = user.getMatchingIndexingMap(&operand);
  AffineMap written = producer.getIndexingMapMatchingResult(result);
  llvm::SmallBitVector tiles(producer.getNumLoops());
  for (auto [position, expr] : llvm::enumerate(read.getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (dim && tiled.test(dim.getPosition()))
      tiles.set(cast<AffineDimExpr>(written.getResult(position)).getPosition());
  }
  if (tiles.none())
    return std::nullopt;
  return tiles;
}

// The ops of the row kernel ending in `root` (whose loops `rootTiles` are
// tiled), each with the loops its tile tiles: `root` and, recursively,
// the producers its tiles read a part of, where every use of a producer is
// in the kernel and all of them read the same tiles of it. Empty if no op
// of the kernel reduces (then FuseElementwise has fused what there is), or
// if one has an empty loop.
llvm::MapVector<Operation *, llvm::SmallBitVector>
rowKernel(linalg::LinalgOp root, const llvm::SmallBitVector &rootTiles) {
  DenseSet<Operation *> excluded;
  llvm::MapVector<Operation *, llvm::SmallBitVector> kernel;
  for (bool changed = true; changed;) {
    changed = false;
    kernel.clear();
    kernel[root] = rootTiles;
    SmallVector<Operation *> worklist = {root};
    while (!worklist.empty()) {
      auto user = cast<linalg::LinalgOp>(worklist.pop_back_val());
      for (OpOperand &operand : user->getOpOperands()) {
        std::optional<llvm::SmallBitVector> tiles =
            producerTiles(user, kernel[user], operand);
        if (!tiles)
          continue;
        Operation *producer = operand.get().getDefiningOp();
        if (excluded.contains(producer))
          continue;
        auto [it, inserted] = kernel.insert({producer, *tiles});
        if (inserted)
          worklist.push_back(producer);
        else if (it->second != *tiles)
          excluded.insert(producer); // read in two tilings: stays outside
      }
    }
    for (auto &[op, tiles] : kernel) {
      if (op == root.getOperation() || excluded.contains(op))
        continue;
      if (llvm::any_of(op->getUsers(), [&](Operation *user) {
            return !kernel.contains(user);
          })) {
        excluded.insert(op); // used outside: computed once, outside
        changed = true;
      }
    }
    changed |= llvm::any_of(
        kernel, [&](auto &entry) { return excluded.contains(entry.first); });
  }
  bool reduces = llvm::any_of(kernel, [](auto &entry) {
    return cast<linalg::LinalgOp>(entry.first).getNumReductionLoops() > 0;
  });
  // (An empty loop, such as a sum over no elements, has no tiles: MLIR's
  // tiling of it would divide by zero.)
  bool empty = llvm::any_of(kernel, [](auto &entry) {
    return llvm::is_contained(
        cast<linalg::LinalgOp>(entry.first).getStaticLoopRanges(), 0);
  });
  if (!reduces || empty)
    kernel.clear();
  return kernel;
}

// Whether two slices read the same part of the same value.
bool sameSlice(tensor::ExtractSliceOp a, tensor::ExtractSliceOp b) {
  auto same = [](ArrayRef<OpFoldResult> x, ArrayRef<OpFoldResult> y) {
    return x.size() == y.size() &&
           llvm::all_of(llvm::zip_equal(x, y), [](auto pair) {
             return isEqualConstantIntOrValue(std::get<0>(pair),
                                              std::get<1>(pair));
           });
  };
  return a.getSource() == b.getSource() && a.getType() == b.getType() &&
         same(a.getMixedOffsets(), b.getMixedOffsets()) &&
         same(a.getMixedSizes(), b.getMixedSizes()) &&
         same(a.getMixedStrides(), b.getMixedStrides());
}

class FuseRows : public mlir::torch::RefBackend::impl::FuseRowsBase<FuseRows> {
public:
  using FuseRowsBase::FuseRowsBase;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> roots;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.getNumLoops() >= 2 &&
          op.getNumLoops() == op.getNumParallelLoops() && isRowOp(op) &&
          mlir::torch::RefBackend::hasPoints(op.getStaticLoopRanges(), minWork))
        roots.push_back(op);
    });
    // Last first: a root fused into a later kernel is gone.
    DenseSet<Operation *> fused;
    for (linalg::LinalgOp root : llvm::reverse(roots)) {
      if (fused.contains(root))
        continue;
      fuse(rewriter, root, fused);
    }
    // The full tiles' sizes, static (what tiling them for vectors needs).
    // (The patterns are made only then: most functions have no kernel.)
    if (fused.empty())
      return;
    if (!canonicalization)
      canonicalization.emplace(
          mlir::torch::RefBackend::canonicalizationPatterns(&getContext()));
    if (failed(applyPatternsAndFoldGreedily(getOperation(), *canonicalization)))
      signalPassFailure();
  }

private:
  // Tiles `root` by rows (its innermost loop whole, `rows` rows of the
  // loop outside it, one index of each loop outside that) and fuses into
  // each tile the producers of its row kernel, each computed once a tile.
  void fuse(IRRewriter &rewriter, linalg::LinalgOp root,
            DenseSet<Operation *> &fused) {
    unsigned rank = root.getNumLoops();
    llvm::SmallBitVector rootTiles(rank, true);
    rootTiles.reset(rank - 1);
    llvm::MapVector<Operation *, llvm::SmallBitVector> kernel =
        rowKernel(root, rootTiles);
    if (kernel.empty())
      return;

    SmallVector<int64_t> sizes(rank, 1);
    sizes[rank - 1] = 0;
    sizes[rank - 2] = rowsPerTile(root, kernel);
    scf::SCFTilingOptions options;
    options.setTileSizes(getAsIndexOpFoldResult(&getContext(), sizes));
    rewriter.setInsertionPoint(root);
    FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(root.getOperation()), options);
    if (failed(tiled))
      return;
    markParallelLoop(root, sizes, tiled->loops);
    rewriter.replaceOp(root, tiled->replacements);
    for (auto &entry : kernel)
      fused.insert(entry.first);

    // The producers, from the slices of them each tile reads. Two slices
    // alike (the exp of a softmax, read by its sum and by its division)
    // share one tile of the producer.
    std::deque<tensor::ExtractSliceOp> candidates;
    auto addCandidates = [&](Operation *op) {
      for (Value operand : op->getOperands())
        if (auto slice = operand.getDefiningOp<tensor::ExtractSliceOp>())
          candidates.push_back(slice);
    };
    addCandidates(tiled->tiledOps.back());
    SmallVector<std::pair<tensor::ExtractSliceOp, Value>> tiles;
    DominanceInfo dominance;
    while (!candidates.empty()) {
      tensor::ExtractSliceOp slice = candidates.front();
      candidates.pop_front();
      Operation *producer = slice.getSource().getDefiningOp();
      if (!producer || !kernel.contains(producer))
        continue;
      auto same = llvm::find_if(tiles, [&](auto &tile) {
        return sameSlice(tile.first, slice) &&
               dominance.properlyDominates(tile.second, slice);
      });
      if (same != tiles.end()) {
        rewriter.replaceAllUsesWith(slice, same->second);
        rewriter.eraseOp(slice);
        continue;
      }
      std::optional<scf::SCFFuseProducerOfSliceResult> tile =
          scf::tileAndFuseProducerOfSlice(rewriter, slice, tiled->loops);
      if (!tile)
        continue;
      tiles.push_back({slice, tile->tiledAndFusedProducer});
      if (Operation *op = tile->tiledAndFusedProducer.getDefiningOp())
        addCandidates(op);
    }
    for (auto &[slice, tile] : tiles)
      if (slice->use_empty())
        rewriter.eraseOp(slice);
    // The producers the tiles replaced (each used in the kernel only).
    DenseSet<Operation *> erased = {root.getOperation()};
    for (bool again = true; again;) {
      again = false;
      for (auto &entry : kernel) {
        Operation *op = entry.first;
        if (!erased.contains(op) && op->use_empty()) {
          rewriter.eraseOp(op);
          erased.insert(op);
          again = true;
        }
      }
    }

    // A tile's intermediate is a buffer of its own, not a part of one the
    // size of the producer's result.
    tiled->loops.front()->walk([&](tensor::ExtractSliceOp slice) {
      if (!slice.getSource().getDefiningOp<tensor::EmptyOp>() ||
          slice.getSourceType().getRank() != slice.getType().getRank())
        return;
      rewriter.setInsertionPoint(slice);
      SmallVector<Value> dynamicSizes;
      for (auto [size, extent] :
           llvm::zip_equal(slice.getMixedSizes(), slice.getType().getShape()))
        if (ShapedType::isDynamic(extent))
          dynamicSizes.push_back(cast<Value>(size));
      rewriter.replaceOpWithNewOp<tensor::EmptyOp>(slice, slice.getType(),
                                                   dynamicSizes);
    });

    // Full tiles of rows, then the rest.
    if (sizes[rank - 2] > 1) {
      auto rowLoop = cast<scf::ForOp>(tiled->loops[rank - 2].getOperation());
      scf::ForOp remainder;
      if (succeeded(
              scf::peelForLoopAndSimplifyBounds(rewriter, rowLoop, remainder)))
        remainder->removeAttr(kParallelLoopAttr);
    }
  }

  // The rows of a tile: as many as fit kRowTileBytes in the widest element
  // type of the kernel (a power of two, no more than there are).
  static int64_t rowsPerTile(
      linalg::LinalgOp root,
      const llvm::MapVector<Operation *, llvm::SmallBitVector> &kernel) {
    SmallVector<int64_t> ranges = root.getStaticLoopRanges();
    int64_t width = ranges.back(), height = ranges[ranges.size() - 2];
    if (ShapedType::isDynamic(width) || width == 0)
      return 1;
    int64_t elementBytes = 1;
    for (auto &entry : kernel)
      for (Value result : entry.first->getResults())
        elementBytes = std::max<int64_t>(
            elementBytes,
            getElementTypeOrSelf(result.getType()).getIntOrFloatBitWidth() / 8);
    auto rows = static_cast<int64_t>(llvm::bit_floor(static_cast<uint64_t>(
        std::max<int64_t>(1, kRowTileBytes / (width * elementBytes)))));
    return ShapedType::isDynamic(height) ? rows : std::min(rows, height);
  }

  // With `threads` above 1, marks the outermost tile loop with two tiles
  // or more, if `root` has work enough (refback-parallelize takes it; the
  // ops inside are not parallelized again).
  void markParallelLoop(linalg::LinalgOp root, ArrayRef<int64_t> sizes,
                        ArrayRef<LoopLikeOpInterface> loops) {
    SmallVector<int64_t> ranges = root.getStaticLoopRanges();
    if (threads <= 1 || !mlir::torch::RefBackend::worthThreads(ranges))
      return;
    for (auto [dim, loop] : llvm::enumerate(loops))
      if (ShapedType::isDynamic(ranges[dim]) || ranges[dim] >= 2 * sizes[dim]) {
        loop->setAttr(kParallelLoopAttr, UnitAttr::get(&getContext()));
        return;
      }
  }

  std::optional<FrozenRewritePatternSet> canonicalization;
};

} // namespace
