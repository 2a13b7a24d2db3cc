//===- TileAndVectorize.cpp - linalg ops as vector code -------------------===//
//
// refback-tile-and-vectorize; Passes.td says what it does and why.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/TargetParser/Host.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_TILEANDVECTORIZE
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;

namespace {

// Marks the full tiles this pass made, until they are vectorized.
constexpr llvm::StringLiteral kTileAttr = "refback.tile";

// The fewest elements a pad's copy must have to be shared by threads: a
// copy is cheap, a fork is not.
constexpr int64_t kMinParallelCopy = 1 << 18;

// The vector registers of a tile along a reduced innermost loop.
constexpr int64_t kReductionRegisters = 8;

// The fewest lanes of a tile along a row narrower than a register; a
// narrower row stays scalar.
constexpr int64_t kMinRowLanes = 4;

// The rows of a matrix product's register tile. With two vectors per row,
// its accumulators are 16 registers: AVX-512 has 32, and AVX2's 16 spill
// a few, which still beats the scalar loop by far.
constexpr int64_t kProductRows = 8;

// The bytes of a right operand above which a matrix product copies it, one
// column panel at a time, into a contiguous buffer: about an L1 data cache.
constexpr int64_t kPackedOperandBytes = 32 * 1024;

// The width of the host's vector registers, in bits.
int64_t hostVectorBits() {
  llvm::StringMap<bool, llvm::MallocAllocator> features =
      llvm::sys::getHostCPUFeatures();
  auto has = [&](llvm::StringRef name) { return features.lookup(name); };
  if (has("avx512f"))
    return 512;
  if (has("avx") || has("avx2"))
    return 256;
  return 128;
}

// Element types whose vectors have the memory layout of their scalars:
// f32, f64 and byte-multiple integers. (i1 vectors are bit-packed in LLVM,
// memrefs of i1 are not; f16 and bf16 arithmetic is expanded per scalar.)
bool hasVectorLayout(Type type) {
  if (type.isF32() || type.isF64())
    return true;
  auto integer = dyn_cast<IntegerType>(type);
  return integer && integer.getWidth() % 8 == 0 && integer.getWidth() <= 64;
}

// The bits of `op`'s widest element type, if all its shaped operands are
// tensors of element types with a vector layout (scalar operands, such as a
// fill's value, are broadcast).
std::optional<unsigned> widestElementBits(linalg::LinalgOp op) {
  unsigned widest = 8;
  for (Value operand : op->getOperands()) {
    if (operand.getType().isIntOrIndexOrFloat())
      continue;
    auto shaped = dyn_cast<RankedTensorType>(operand.getType());
    if (!shaped)
      return std::nullopt;
    Type element = shaped.getElementType();
    if (!hasVectorLayout(element))
      return std::nullopt;
    widest = std::max(widest, element.getIntOrFloatBitWidth());
  }
  return widest;
}

// Tile sizes for `op`'s loops (1: a loop per index; 0 never occurs).
// A contraction with an n dimension gets a register tile: kProductRows rows
// of its innermost m dimension by two vectors of its innermost n dimension,
// one step of k, so that vector.contract becomes outer products accumulated
// in registers. Everything else is vectorized along its innermost loop.
// `accumulatorDim` is set to the dimension of a vector accumulator that the
// loops over a reduction carry (a product's n), if there is one.
SmallVector<int64_t> tileSizesFor(linalg::LinalgOp op, int64_t lanes,
                                  std::optional<unsigned> &accumulatorDim) {
  accumulatorDim.reset();
  SmallVector<int64_t> sizes(op.getNumLoops(), 1);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (linalg::isaContractionOpInterface(op)) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (succeeded(dims) && !dims->n.empty()) {
      // Of several m or n dimensions (heads, batches folded into a
      // generic), the innermost one a full tile fits in. Where none does
      // (a batch of 1 to 7 rows, 10 classes), the innermost one whole.
      auto pick = [&](ArrayRef<unsigned> candidates,
                      ArrayRef<int64_t> tiles) -> unsigned {
        for (int64_t tile : tiles)
          for (unsigned dim : llvm::reverse(candidates))
            if (ShapedType::isDynamic(ranges[dim]) || ranges[dim] >= tile) {
              sizes[dim] = tile;
              return dim;
            }
        sizes[candidates.back()] = ranges[candidates.back()];
        return candidates.back();
      };
      if (!dims->m.empty())
        pick(dims->m, {kProductRows});
      accumulatorDim = pick(dims->n, {2 * lanes, lanes});
      return sizes;
    }
  }
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto fits = [&](unsigned dim, int64_t tile) {
    return ShapedType::isDynamic(ranges[dim]) || ranges[dim] >= tile;
  };
  if (linalg::isReductionIterator(iterators.back())) {
    // The innermost loop is reduced. Where the result's innermost
    // dimension is a parallel loop a register fits in, and an input is
    // contiguous along it (a product fused with what feeds it), that loop
    // takes the register, and each step of the reduction adds a vector
    // into an accumulator. (A row's sum would read a column of rows.)
    AffineMap result = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
    auto readAlong = [&](unsigned position) {
      return llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *input) {
        AffineMap map = op.getMatchingIndexingMap(input);
        return map.getNumResults() > 0 &&
               map.getResults().back() ==
                   getAffineDimExpr(position, op.getContext());
      });
    };
    if (result.getNumResults() > 0) {
      if (auto dim = dyn_cast<AffineDimExpr>(result.getResults().back())) {
        unsigned position = dim.getPosition();
        if (linalg::isParallelIterator(iterators[position]) &&
            fits(position, lanes) && readAlong(position)) {
          sizes[position] = lanes;
          accumulatorDim = position;
          return sizes;
        }
      }
    }
    // Else (a row's sum or max) each tile reduces to one element across
    // lanes; a tile of several registers spreads that cost, as they are
    // combined lane by lane first.
    if (fits(sizes.size() - 1, kReductionRegisters * lanes)) {
      sizes.back() = kReductionRegisters * lanes;
      return sizes;
    }
  }
  // A row narrower than a register (8 or 10 columns of a late CNN stage)
  // takes the widest power of two that fits it, down to kMinRowLanes.
  int64_t last = ranges.back();
  sizes.back() =
      !ShapedType::isDynamic(last) && last < lanes && last >= kMinRowLanes
          ? static_cast<int64_t>(llvm::bit_floor(static_cast<uint64_t>(last)))
          : lanes;
  return sizes;
}

// The order of `op`'s tile loops, outermost first (empty: as they are). A
// contraction's n tiles go outside its m tiles: one column panel of the
// right operand (k x two registers) stays in the L1 cache while the left
// operand's row tiles pass by it, instead of the whole right operand passing
// through the cache for every eight rows.
SmallVector<int64_t> loopOrderFor(linalg::LinalgOp op) {
  if (!linalg::isaContractionOpInterface(op))
    return {};
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims))
    return {};
  SmallVector<int64_t> order;
  for (ArrayRef<unsigned> group :
       {ArrayRef<unsigned>(dims->batch), ArrayRef<unsigned>(dims->n),
        ArrayRef<unsigned>(dims->m), ArrayRef<unsigned>(dims->k)})
    order.append(group.begin(), group.end());
  if (order.size() != op.getNumLoops())
    return {};
  return order;
}

// A contraction's right operand worth packing: a [k, n] matrix (one per
// batch, if it has batch dimensions), larger than kPackedOperandBytes, whose n
// dimension has at least two register tiles and is read by several row tiles.
// Its rows are far apart in memory: each step of k in a register tile loads
// from another page. A copy of one column panel, [k, n tile], is contiguous,
// and the row tiles that pass by it read it from the L1 cache.
OpOperand *packableOperand(linalg::LinalgOp op, ArrayRef<int64_t> sizes,
                           unsigned elementBits) {
  if (!linalg::isaContractionOpInterface(op))
    return nullptr;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.empty() || dims->n.size() != 1 ||
      dims->k.size() != 1)
    return nullptr;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  unsigned n = dims->n.front(), k = dims->k.front();
  int64_t rows = 1;
  for (unsigned m : dims->m)
    rows = ShapedType::isDynamic(ranges[m]) || ShapedType::isDynamic(rows)
               ? ShapedType::kDynamic
               : rows * ranges[m];
  if (ShapedType::isDynamic(ranges[n]) || ShapedType::isDynamic(ranges[k]) ||
      ranges[n] < 2 * sizes[n] ||
      (!ShapedType::isDynamic(rows) && rows < 2 * kProductRows) ||
      ranges[n] * ranges[k] * elementBits / 8 <= kPackedOperandBytes)
    return nullptr;
  // (batch..., k, n): a [k, n] matrix per batch.
  SmallVector<unsigned> positions(dims->batch.begin(), dims->batch.end());
  positions.append({k, n});
  AffineMap kn = AffineMap::getMultiDimMapWithTargets(
      op.getNumLoops(), positions, op->getContext());
  for (OpOperand *input : op.getDpsInputOperands())
    if (op.getMatchingIndexingMap(input) == kn)
      return input;
  return nullptr;
}

// Whether tiling `op` by `sizes` leaves at least one full tile: a loop whose
// static size is smaller than its tile would only ever run the scalar
// remainder.
bool hasFullTile(linalg::LinalgOp op, ArrayRef<int64_t> sizes) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (auto [range, size] : llvm::zip_equal(ranges, sizes))
    if (!ShapedType::isDynamic(range) && range < size)
      return false;
  return true;
}

// A generic op reading bools (a mask fused into a product or a select)
// reads them as bytes instead: the memory of an i1 tensor is a byte per
// element, but an i1 vector's is a bit per lane. A scalar op widens each
// bool (zero-extension) and the body narrows it back.
void readBoolsAsBytes(IRRewriter &rewriter, linalg::GenericOp op) {
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    if (!type || !type.getElementType().isInteger(1))
      continue;
    Location loc = op.getLoc();
    Type byte = rewriter.getI8Type();
    rewriter.setInsertionPoint(op);
    Value empty = rewriter.create<tensor::EmptyOp>(
        loc, tensor::getMixedSizes(rewriter, loc, input->get()), byte);
    AffineMap identity = rewriter.getMultiDimIdentityMap(type.getRank());
    auto widened = rewriter.create<linalg::GenericOp>(
        loc, type.clone(byte), ValueRange{input->get()}, ValueRange{empty},
        ArrayRef<AffineMap>{identity, identity},
        SmallVector<utils::IteratorType>(type.getRank(),
                                         utils::IteratorType::parallel),
        [&](OpBuilder &b, Location l, ValueRange args) {
          b.create<linalg::YieldOp>(
              l, b.create<arith::ExtUIOp>(l, byte, args[0]).getResult());
        });
    BlockArgument argument = op.getMatchingBlockArgument(input);
    rewriter.modifyOpInPlace(op, [&] {
      input->set(widened.getResult(0));
      argument.setType(byte);
    });
    rewriter.setInsertionPointToStart(op.getBody());
    auto narrowed =
        rewriter.create<arith::TruncIOp>(loc, rewriter.getI1Type(), argument);
    rewriter.replaceAllUsesExcept(argument, narrowed, narrowed);
  }
}

// Marks the loop threads will share (refback-parallelize): the outermost
// one over a parallel dimension that has at least two tiles, if `op` has
// work enough. `loops` has one loop per tiled dimension, in `order`.
void markParallelLoop(linalg::LinalgOp op, ArrayRef<int64_t> sizes,
                      ArrayRef<int64_t> order,
                      ArrayRef<LoopLikeOpInterface> loops) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  // The tiled dims (size 0: not tiled), in the order of their loops.
  SmallVector<int64_t> dims;
  for (int64_t position = 0, e = ranges.size(); position < e; ++position) {
    int64_t dim = order.empty() ? position : order[position];
    if (sizes[dim] != 0)
      dims.push_back(dim);
  }
  if (!mlir::torch::RefBackend::worthThreads(ranges) ||
      loops.size() != dims.size())
    return;
  // Inside a row kernel's tile (refback-fuse-rows), whose loop threads share.
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (parent->hasAttr(mlir::torch::RefBackend::kParallelLoopAttr))
      return;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (auto [dim, loop] : llvm::zip_equal(dims, loops)) {
    if (iterators[dim] != utils::IteratorType::parallel ||
        (!ShapedType::isDynamic(ranges[dim]) && ranges[dim] < 2 * sizes[dim]))
      continue;
    loop->setAttr(mlir::torch::RefBackend::kParallelLoopAttr,
                  UnitAttr::get(op->getContext()));
    return;
  }
}

// Ops whose vector forms this pass does not make: convolutions and pools
// (a 2-D one needs decomposing first; im2col takes the convolutions it can),
// and gathers from tensors of two dimensions or more (a body that reads an
// element by several indices, which `linalg::vectorize` declines without
// its n-D extract option: tiles of them would only be more scalar code to
// compile).
bool isCandidate(linalg::LinalgOp op) {
  if (op.getNumLoops() == 0 || !op.hasPureTensorSemantics() ||
      isa<linalg::ConvolutionOpInterface>(op.getOperation()))
    return false;
  return !op->walk([](tensor::ExtractOp extract) {
              return extract.getIndices().size() >= 2 ? WalkResult::interrupt()
                                                      : WalkResult::advance();
            }).wasInterrupted();
}

// The padding value of a pad padsAsCopies takes (null for one it leaves):
// static shapes and low padding, one padding value, an element type with a
// vector layout, a source with elements.
Value copiablePadValue(tensor::PadOp pad) {
  RankedTensorType type = pad.getResultType();
  RankedTensorType sourceType = pad.getSourceType();
  if (!type.hasStaticShape() || !sourceType.hasStaticShape() ||
      type.getRank() == 0 || sourceType.getNumElements() == 0 ||
      llvm::any_of(pad.getStaticLow(), ShapedType::isDynamic) ||
      !hasVectorLayout(type.getElementType()))
    return {};
  return pad.getConstantPaddingValue();
}

class TileAndVectorize
    : public mlir::torch::RefBackend::impl::TileAndVectorizeBase<
          TileAndVectorize> {
public:
  using TileAndVectorizeBase::TileAndVectorizeBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // What is worth vector code: candidate ops and pads padsAsCopies takes,
    // with min-work points or more (counting the loops around them).
    auto worth = [&](Operation *op, ArrayRef<int64_t> ranges) {
      return mlir::torch::RefBackend::hasPoints(
          mlir::torch::RefBackend::withEnclosingLoops(op, ranges), minWork);
    };
    SmallVector<tensor::PadOp> pads;
    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](Operation *op) {
      if (auto pad = dyn_cast<tensor::PadOp>(op)) {
        if (copiablePadValue(pad) && worth(pad, pad.getResultType().getShape()))
          pads.push_back(pad);
      } else if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
        if (isCandidate(linalgOp) &&
            worth(linalgOp, linalgOp.getStaticLoopRanges()))
          ops.push_back(linalgOp);
      }
    });
    if (pads.empty() && ops.empty())
      return;
    if (!patterns)
      patterns.emplace(&getContext());

    IRRewriter rewriter(&getContext());
    int64_t bits = vectorBits > 0 ? vectorBits : hostVectorBits();
    // (A pad's fill is tiled like any op.)
    ops.append(padsAsCopies(rewriter, pads));
    for (linalg::LinalgOp op : ops)
      tileOp(rewriter, op, bits, /*parallel=*/threads > 1);
    if (failed(applyPatternsAndFoldGreedily(func, patterns->canonicalization)))
      return signalPassFailure();
    vectorizeFullTiles(rewriter, func);
    if (failed(
            applyPatternsAndFoldGreedily(func, patterns->contractionCleanup)) ||
        failed(applyPatternsAndFoldGreedily(func, patterns->unitDimCleanup)))
      return signalPassFailure();
    hoistAccumulators(rewriter, func);
    if (failed(applyPatternsAndFoldGreedily(func, patterns->loopCleanup)))
      return signalPassFailure();
  }

private:
  // The pattern sets the pass applies, made on its first function with
  // work to do (a module of small ops needs none of them).
  struct Patterns {
    explicit Patterns(MLIRContext *context);
    FrozenRewritePatternSet canonicalization;
    FrozenRewritePatternSet contractionCleanup;
    FrozenRewritePatternSet unitDimCleanup;
    FrozenRewritePatternSet loopCleanup;
  };
  std::optional<Patterns> patterns;

  // A static tensor.pad with one padding value as a fill of its result
  // (tiled and vectorized like any op) with the source in its interior:
  // inserted, where the ops that make the source can write into the
  // interior (see below), else copied by loops a row of vectors at a time
  // (the loop over the outermost dimension with two rows or more marked
  // for threads, if there are enough elements). Bufferized as it is, a pad
  // copies its source element by element (a memref.copy into a strided
  // view), on one thread. `pads` are ones copiablePadValue takes. Returns
  // the fills.
  SmallVector<linalg::LinalgOp> padsAsCopies(IRRewriter &rewriter,
                                             ArrayRef<tensor::PadOp> pads) {
    SmallVector<linalg::LinalgOp> fills;
    for (tensor::PadOp pad : pads) {
      Value value = copiablePadValue(pad);
      RankedTensorType type = pad.getResultType();
      RankedTensorType sourceType = pad.getSourceType();
      ArrayRef<int64_t> low = pad.getStaticLow();
      Location loc = pad.getLoc();
      // Where the source is made by ops that write into a tensor.empty (in
      // this block), the fill goes ahead of that empty, with the padding
      // value (a constant, or an argument), and the source is inserted into
      // its interior: refback-in-place-destinations then has those ops
      // write into it. Else the fill goes where the pad is.
      Operation *producer = pad.getSource().getDefiningOp();
      OpOperand *init = mlir::torch::RefBackend::writtenEmpty(pad.getSource());
      Operation *written = init ? init->get().getDefiningOp() : nullptr;
      Operation *constant = value.getDefiningOp();
      if (!written || written->getBlock() != pad->getBlock() ||
          producer->getBlock() != pad->getBlock() ||
          (constant && !constant->hasTrait<OpTrait::ConstantLike>()))
        written = nullptr;
      rewriter.setInsertionPoint(written ? written : pad.getOperation());
      // (A constant the pad's region yields is cloned out of it, and one
      // ahead of the source's ops is cloned there.)
      if (constant && (written || pad->isAncestor(constant)))
        value = rewriter.clone(*constant)->getResult(0);
      Value empty = rewriter.create<tensor::EmptyOp>(loc, type.getShape(),
                                                     type.getElementType());
      auto fill = rewriter.create<linalg::FillOp>(loc, value, empty);
      fills.push_back(cast<linalg::LinalgOp>(fill.getOperation()));
      Value filled = fill.getResult(0);
      ArrayRef<int64_t> shape = sourceType.getShape();
      if (written) {
        // The insert goes right after the source is made, ahead of its other
        // readers (a residual), which refback-in-place-destinations has read
        // the padded tensor's interior instead.
        SmallVector<int64_t> unit(shape.size(), 1);
        rewriter.setInsertionPointAfter(producer);
        auto insert = rewriter.create<tensor::InsertSliceOp>(
            loc, pad.getSource(), filled, ValueRange{}, ValueRange{},
            ValueRange{}, low, shape, unit);
        rewriter.replaceOp(pad, insert.getResult());
        continue;
      }
      int64_t rank = shape.size();
      auto index = [&](int64_t v) -> Value {
        return rewriter.create<arith::ConstantIndexOp>(loc, v);
      };
      SmallVector<Value> lower, upper, steps;
      for (int64_t dim = 0; dim + 1 < rank; ++dim) {
        lower.push_back(index(0));
        upper.push_back(index(shape[dim]));
        steps.push_back(index(1));
      }
      Value source = pad.getSource();
      auto row = VectorType::get({shape.back()}, type.getElementType());
      auto copyRow = [&](OpBuilder &b, Location l, ValueRange ivs,
                         Value into) -> Value {
        Value zero = b.create<arith::ConstantIndexOp>(l, 0);
        SmallVector<Value> from(ivs), to;
        from.push_back(zero);
        for (int64_t dim = 0; dim < rank; ++dim) {
          Value at = dim + 1 < rank ? ivs[dim] : zero;
          to.push_back(b.createOrFold<arith::AddIOp>(
              l, at, b.create<arith::ConstantIndexOp>(l, low[dim])));
        }
        Value padding = b.create<arith::ConstantOp>(
            l, b.getZeroAttr(type.getElementType()));
        Value read = b.create<vector::TransferReadOp>(
            l, row, source, from, padding, ArrayRef<bool>{true});
        return b
            .create<vector::TransferWriteOp>(l, read, into, to,
                                             ArrayRef<bool>{true})
            .getResult();
      };
      // (One row, of a 1-D pad: no loops.)
      scf::LoopNest loops = scf::buildLoopNest(
          rewriter, loc, lower, upper, steps, ValueRange{filled},
          [&](OpBuilder &b, Location l, ValueRange ivs, ValueRange carried)
              -> scf::ValueVector { return {copyRow(b, l, ivs, carried[0])}; });
      if (threads > 1 && sourceType.getNumElements() >= kMinParallelCopy)
        for (auto [dim, loop] : llvm::enumerate(loops.loops))
          if (shape[dim] >= 2) {
            loop->setAttr(mlir::torch::RefBackend::kParallelLoopAttr,
                          rewriter.getUnitAttr());
            break;
          }
      rewriter.replaceOp(pad, loops.results.front());
    }
    return fills;
  }

  // One op as loops over tiles, each loop peeled so that all but its last
  // iteration take a full tile, which is marked (vectorizeFullTiles takes
  // it); with `parallel`, the loop threads share is marked too.
  void tileOp(IRRewriter &rewriter, linalg::LinalgOp op, int64_t bits,
              bool parallel) {
    auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (generic && llvm::all_of(generic.getDpsInits(), [](Value init) {
          return hasVectorLayout(getElementTypeOrSelf(init.getType()));
        }))
      readBoolsAsBytes(rewriter, generic);
    std::optional<unsigned> widest = widestElementBits(op);
    if (!widest)
      return;
    // One register of the widest element type.
    int64_t lanes = std::max<int64_t>(bits / *widest, 2);
    std::optional<unsigned> accumulatorDim;
    SmallVector<int64_t> sizes = tileSizesFor(op, lanes, accumulatorDim);
    if (accumulatorDim && splitOddAccumulators(rewriter, op, sizes,
                                               *accumulatorDim, bits, parallel))
      return;
    if (!hasFullTile(op, sizes))
      return;
    if (OpOperand *operand = packableOperand(op, sizes, *widest)) {
      tileByPanels(rewriter, op, operand->getOperandNumber(), sizes, bits,
                   parallel);
      return;
    }
    FailureOr<scf::SCFTilingResult> tiled =
        tileInPlace(rewriter, op, sizes, loopOrderFor(op), parallel);
    if (failed(tiled))
      return;
    tiled->tiledOps.back()->setAttr(kTileAttr, rewriter.getUnitAttr());
    peel(rewriter, tiled->loops);
  }

  // A vector accumulator carried through a loop must be a power of two
  // lanes wide: LLVM scalarizes a loop-carried vector of 17 or 10 floats,
  // lane by lane through the stack (a 512x4608x49 product took 22 ms
  // instead of 2). Where the tiles of `dim` leave such a remainder (or are
  // one such tile), `op` is split along `dim` first: the part the tiles
  // cover, then the rest in powers of two (17: 16 and 1), and each part is
  // tiled on its own. Returns whether it split `op`.
  bool splitOddAccumulators(IRRewriter &rewriter, linalg::LinalgOp op,
                            ArrayRef<int64_t> sizes, unsigned dim, int64_t bits,
                            bool parallel) {
    int64_t range = op.getStaticLoopRanges()[dim];
    if (ShapedType::isDynamic(range))
      return false;
    int64_t rest = sizes[dim] >= range ? range : range % sizes[dim];
    if (rest <= 1 || llvm::isPowerOf2_64(rest))
      return false;
    SmallVector<int64_t> lengths;
    if (range > rest)
      lengths.push_back(range - rest);
    for (int64_t piece =
             static_cast<int64_t>(llvm::bit_floor(static_cast<uint64_t>(rest)));
         piece > 0; piece /= 2)
      if (rest & piece)
        lengths.push_back(piece);
    SmallVector<linalg::LinalgOp> parts =
        splitAlong(rewriter, op, dim, lengths);
    for (linalg::LinalgOp part : parts)
      tileOp(rewriter, part, bits, parallel);
    return !parts.empty();
  }

  // `op` as ops on consecutive slices of its iteration space along `dim`,
  // of the given lengths (which sum to its range there), each inserting its
  // part of the results into the last's. Empty (and `op` left as it was) if
  // `op` cannot be tiled.
  SmallVector<linalg::LinalgOp> splitAlong(IRRewriter &rewriter,
                                           linalg::LinalgOp op, unsigned dim,
                                           ArrayRef<int64_t> lengths) {
    auto tileable = cast<TilingInterface>(op.getOperation());
    rewriter.setInsertionPoint(op);
    SmallVector<Range> domain = tileable.getIterationDomain(rewriter);
    SmallVector<OpFoldResult> offsets, sizes;
    for (Range range : domain) {
      offsets.push_back(range.offset);
      sizes.push_back(range.size);
    }
    SmallVector<Value> results(op.getDpsInits());
    SmallVector<linalg::LinalgOp> parts;
    int64_t start = 0;
    for (int64_t length : lengths) {
      offsets[dim] = rewriter.getIndexAttr(start);
      sizes[dim] = rewriter.getIndexAttr(length);
      start += length;
      FailureOr<TilingResult> part =
          tileable.getTiledImplementation(rewriter, offsets, sizes);
      // (What a failure leaves is unused; canonicalization erases it.)
      if (failed(part) || part->tiledOps.size() != 1 ||
          !isa<linalg::LinalgOp>(part->tiledOps.front()))
        return {};
      parts.push_back(cast<linalg::LinalgOp>(part->tiledOps.front()));
      for (auto [index, value] : llvm::enumerate(part->tiledValues)) {
        SmallVector<OpFoldResult> at, extent;
        if (failed(tileable.getResultTilePosition(rewriter, index, offsets,
                                                  sizes, at, extent)))
          return {};
        SmallVector<OpFoldResult> strides(at.size(), rewriter.getIndexAttr(1));
        results[index] = rewriter.create<tensor::InsertSliceOp>(
            op.getLoc(), value, results[index], at, extent, strides);
      }
    }
    rewriter.replaceOp(op, results);
    return parts;
  }

  // `op` tiled by `sizes` (0: not tiled), its loops in `order` (empty: as
  // they are), and replaced by the loops; with `parallel`, the loop threads
  // share is marked.
  FailureOr<scf::SCFTilingResult>
  tileInPlace(IRRewriter &rewriter, linalg::LinalgOp op,
              ArrayRef<int64_t> sizes, ArrayRef<int64_t> order, bool parallel) {
    scf::SCFTilingOptions options;
    options.setTileSizes(getAsIndexOpFoldResult(&getContext(), sizes));
    options.setInterchange(order);
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(op.getOperation()), options);
    if (failed(tiled))
      return failure();
    if (parallel)
      markParallelLoop(op, sizes, order, tiled->loops);
    rewriter.replaceOp(op, tiled->replacements);
    return tiled;
  }

  // Each loop peeled, outermost first, so that each stays the full-tile
  // part of its parent. A remainder is one iteration: not worth a fork.
  // Returns the remainder loops.
  SmallVector<scf::ForOp> peel(IRRewriter &rewriter,
                               ArrayRef<LoopLikeOpInterface> loops) {
    SmallVector<scf::ForOp> remainders;
    for (LoopLikeOpInterface loop : loops) {
      auto forOp = dyn_cast<scf::ForOp>(loop.getOperation());
      scf::ForOp remainder;
      if (forOp && succeeded(scf::peelForLoopAndSimplifyBounds(rewriter, forOp,
                                                               remainder))) {
        remainder->removeAttr(mlir::torch::RefBackend::kParallelLoopAttr);
        remainders.push_back(remainder);
      }
    }
    return remainders;
  }

  // A product whose right operand is packed (packableOperand): a loop over
  // column panels, each copied into a buffer of its own, then the product
  // of the panel tiled as usual. The panels' loop is the one threads share.
  void tileByPanels(IRRewriter &rewriter, linalg::LinalgOp op,
                    unsigned operandNumber, ArrayRef<int64_t> sizes,
                    int64_t bits, bool parallel) {
    linalg::ContractionDimensions dims = *linalg::inferContractionDims(op);
    unsigned n = dims.n.front();
    SmallVector<int64_t> panels(op.getNumLoops(), 0);
    panels[n] = sizes[n];
    for (unsigned b : dims.batch) // a panel of one batch's matrix
      panels[b] = 1;
    FailureOr<scf::SCFTilingResult> tiled =
        tileInPlace(rewriter, op, panels, {}, parallel);
    if (failed(tiled))
      return;
    auto product = cast<linalg::LinalgOp>(tiled->tiledOps.back());
    // The outermost loop, and the remainders outside it.
    SmallVector<Operation *> loops = {tiled->loops.front()};
    for (scf::ForOp remainder : peel(rewriter, tiled->loops))
      if (!loops.front()->isAncestor(remainder))
        loops.push_back(remainder);
    // The full panels' product reads the packed panel; the remainder's
    // (narrower) reads the operand in place.
    packPanel(rewriter, product->getOpOperand(operandNumber), sizes[n]);
    SmallVector<linalg::LinalgOp> inner;
    for (Operation *loop : loops)
      loop->walk([&](linalg::LinalgOp op) {
        if (isCandidate(op))
          inner.push_back(op);
      });
    for (linalg::LinalgOp op : inner)
      tileOp(rewriter, op, bits, /*parallel=*/false);
  }

  // Copies the [k, width] panel `operand` reads (after unit batch
  // dimensions, if any) into a buffer of its own, a row of vectors at a
  // time, and has `operand` read the copy.
  void packPanel(IRRewriter &rewriter, OpOperand &operand, int64_t width) {
    Operation *user = operand.getOwner();
    Location loc = user->getLoc();
    rewriter.setInsertionPoint(user);
    Value panel = operand.get();
    auto type = cast<RankedTensorType>(panel.getType());
    Value buffer = rewriter.create<tensor::EmptyOp>(
        loc, tensor::getMixedSizes(rewriter, loc, panel),
        type.getElementType());
    Value zero = rewriter.create<arith::ConstantIndexOp>(loc, 0);
    Value one = rewriter.create<arith::ConstantIndexOp>(loc, 1);
    int64_t rank = type.getRank();
    Value rows = rewriter.createOrFold<tensor::DimOp>(loc, panel, rank - 2);
    Value padding = rewriter.create<arith::ConstantOp>(
        loc, rewriter.getZeroAttr(type.getElementType()));
    auto row = VectorType::get({width}, type.getElementType());
    auto copy = rewriter.create<scf::ForOp>(
        loc, zero, rows, one, ValueRange{buffer},
        [&](OpBuilder &b, Location l, Value k, ValueRange into) {
          SmallVector<bool> inBounds = {true};
          SmallVector<Value> at(rank, zero);
          at[rank - 2] = k;
          Value read = b.create<vector::TransferReadOp>(l, row, panel, at,
                                                        padding, inBounds);
          Value written =
              b.create<vector::TransferWriteOp>(l, read, into[0], at, inBounds)
                  .getResult();
          b.create<scf::YieldOp>(l, written);
        });
    rewriter.modifyOpInPlace(user, [&] { operand.set(copy.getResult(0)); });
  }

  // The marked tiles that canonicalization made static become vector ops;
  // the others (the remainders) stay for convert-linalg-to-loops.
  void vectorizeFullTiles(IRRewriter &rewriter, func::FuncOp func) {
    SmallVector<linalg::LinalgOp> tiles;
    func.walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(kTileAttr))
        tiles.push_back(op);
    });
    for (linalg::LinalgOp op : tiles) {
      op->removeAttr(kTileAttr);
      if (!op.hasPureTensorSemantics() || op.hasDynamicShape() ||
          failed(linalg::vectorizeOpPrecondition(op)))
        continue;
      rewriter.setInsertionPoint(op);
      (void)linalg::vectorize(rewriter, op);
    }
  }

  // A tile's accumulator is read before and written after each step of the
  // loops over its reduction: hoisted out of them (innermost first), it is
  // carried in registers.
  void hoistAccumulators(IRRewriter &rewriter, func::FuncOp func) {
    SmallVector<scf::ForOp> loops;
    func.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      (void)hoistLoopInvariantSubsets(
          rewriter, cast<LoopLikeOpInterface>(loop.getOperation()));
  }
};

TileAndVectorize::Patterns::Patterns(MLIRContext *context)
    : canonicalization(
          mlir::torch::RefBackend::canonicalizationPatterns(context)) {
  // First the contractions form (multiplications reduced become
  // vector.contract, broadcasts and transposes fold into its maps), then
  // unit dims go: dropped first, a batch of one would leave broadcast
  // operands no contraction takes.
  RewritePatternSet contractions(context);
  vector::populateVectorTransferPermutationMapLoweringPatterns(contractions);
  vector::populateVectorReductionToContractPatterns(contractions);
  vector::populateSinkVectorBroadcastPatterns(contractions);
  RewritePatternSet unitDims(context);
  vector::populateCastAwayVectorLeadingOneDimPatterns(unitDims);
  vector::populateVectorTransferDropUnitDimsPatterns(unitDims);
  for (RegisteredOperationName op : context->getRegisteredOperations()) {
    if (op.getDialectNamespace() != "vector")
      continue;
    op.getCanonicalizationPatterns(contractions, context);
    op.getCanonicalizationPatterns(unitDims, context);
  }
  contractionCleanup = FrozenRewritePatternSet(std::move(contractions));
  unitDimCleanup = FrozenRewritePatternSet(std::move(unitDims));

  // Hoisted, an accumulator's tile is still carried through its loops,
  // unchanged; carried, bufferization copies it in and out of a fresh
  // buffer on every tile.
  RewritePatternSet loops(context);
  scf::ForOp::getCanonicalizationPatterns(loops, context);
  loopCleanup = FrozenRewritePatternSet(std::move(loops));
}

} // namespace
