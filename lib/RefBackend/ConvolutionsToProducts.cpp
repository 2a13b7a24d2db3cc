//===- ConvolutionsToProducts.cpp - 2-D convolutions as matrix products ---===//
//
// refback-convolutions-to-products; Passes.td says what it does and why.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_CONVOLUTIONSTOPRODUCTS
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;

namespace {

// The output columns an input row is copied in at a time (a vector each).
constexpr int64_t kColumnChunk = 16;

// The output columns of a row panel, and the fewest an output row must have
// for row panels (narrower, the product's register tiles would be too).
constexpr int64_t kPanelColumns = 32;
constexpr int64_t kMinPanelColumns = 16;

// Index arithmetic at a builder's insertion point (constants folded).
struct IndexMath {
  OpBuilder &b;
  Location l;
  Value constant(int64_t value) const {
    return b.create<arith::ConstantIndexOp>(l, value);
  }
  Value mul(Value x, int64_t y) const {
    return b.createOrFold<arith::MulIOp>(l, x, constant(y));
  }
  Value add(Value x, Value y) const {
    return b.createOrFold<arith::AddIOp>(l, x, y);
  }
  Value add(Value x, int64_t y) const { return add(x, constant(y)); }
  // The row of filter tap (c, kh, kw) in the [c * kh * kw, ...] matrices.
  Value tap(Value c, Value kh, Value kw, ArrayRef<int64_t> filterShape) const {
    return add(mul(add(mul(c, filterShape[2]), kh), filterShape[3]), kw);
  }
};

// Copies `width` input columns for output columns [ow0, ow0 + width) of
// filter tap (c, kh, kw) at output row oh, `input[n, c, oh * sh + kh,
// (ow0 + i) * sw + kw]`, into `into` at `at` (its last index advancing), as
// vectors of kColumnChunk columns: a contiguous read at stride 1; at stride
// s, a read of (chunk - 1) * s + 1 elements and a shuffle of every s-th.
Value copyRow(OpBuilder &b, Location l, Value input, Value n, Value c, Value h,
              Value w, int64_t width, int64_t strideW, Value into,
              SmallVector<Value> at) {
  Type element = cast<RankedTensorType>(input.getType()).getElementType();
  Value padding =
      b.create<arith::ConstantOp>(l, element, b.getZeroAttr(element));
  IndexMath math{b, l};
  Value first = at.back();
  for (int64_t start = 0; start < width; start += kColumnChunk) {
    int64_t length = std::min(kColumnChunk, width - start);
    int64_t span = (length - 1) * strideW + 1;
    Value column = math.add(w, start * strideW);
    Value read = b.create<vector::TransferReadOp>(
        l, VectorType::get({span}, element), input, ValueRange{n, c, h, column},
        padding, ArrayRef<bool>{true});
    if (span != length) {
      SmallVector<int64_t> every;
      for (int64_t lane = 0; lane < length; ++lane)
        every.push_back(lane * strideW);
      read = b.create<vector::ShuffleOp>(l, read, read, every);
    }
    at.back() = math.add(first, start);
    into = b.create<vector::TransferWriteOp>(l, read, into, at,
                                             ArrayRef<bool>{true})
               .getResult();
  }
  return into;
}

// The im2col tensor of an NCHW convolution, [n, c * kh * kw, oh * ow]: row
// (c, kh, kw) of batch n holds, for each output position (oh, ow), the
// input element the filter's (c, kh, kw) tap multiplies there,
// input[n, c, oh * sh + kh, ow * sw + kw]. Built by loops over (n, c, kh,
// kw, oh) that copy one output row's worth of input at a time, as vectors
// (copyRow).
Value im2col(OpBuilder &builder, Location loc, Value input,
             ArrayRef<int64_t> filterShape, ArrayRef<int64_t> outputShape,
             int64_t strideH, int64_t strideW) {
  auto inputType = cast<RankedTensorType>(input.getType());
  Type element = inputType.getElementType();
  int64_t batch = outputShape[0], rows = outputShape[2],
          columns = outputShape[3];
  int64_t channels = filterShape[1], kernelH = filterShape[2],
          kernelW = filterShape[3];
  // A 1x1 filter at stride 1 reads the input as it is.
  if (kernelH == 1 && kernelW == 1 && strideH == 1 && strideW == 1 &&
      inputType.getDimSize(2) == rows && inputType.getDimSize(3) == columns)
    return builder.create<tensor::CollapseShapeOp>(
        loc, input, SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});

  Value empty = builder.create<tensor::EmptyOp>(
      loc,
      ArrayRef<int64_t>{batch, channels * kernelH * kernelW, rows * columns},
      element);
  auto index = [math = IndexMath{builder, loc}](int64_t value) {
    return math.constant(value);
  };
  Value zero = index(0), one = index(1);
  SmallVector<Value> upper = {index(batch), index(channels), index(kernelH),
                              index(kernelW), index(rows)};
  SmallVector<Value> lower(upper.size(), zero), steps(upper.size(), one);
  scf::LoopNest loops = scf::buildLoopNest(
      builder, loc, lower, upper, steps, ValueRange{empty},
      [&](OpBuilder &b, Location l, ValueRange ivs,
          ValueRange carried) -> scf::ValueVector {
        Value n = ivs[0], c = ivs[1], kh = ivs[2], kw = ivs[3], oh = ivs[4];
        IndexMath math{b, l};
        Value h = math.add(math.mul(oh, strideH), kh);
        Value col = copyRow(
            b, l, input, n, c, h, kw, columns, strideW, carried[0],
            {n, math.tap(c, kh, kw, filterShape), math.mul(oh, columns)});
        return {col};
      });
  return loops.results.front();
}

// The op a convolution's result feeds that its row panels compute as well
// (an epilogue: a batch norm, a ReLU, a residual's addition), if there is
// one: the convolution's only user, a linalg.generic on tensors with four
// parallel loops and one result, reading the convolution's result and
// writing its own through identity maps, over the output's shape.
linalg::GenericOp epilogueOf(linalg::Conv2DNchwFchwOp op) {
  Value result = op->getResult(0);
  if (result.use_empty())
    return {};
  auto user = dyn_cast<linalg::GenericOp>(*result.getUsers().begin());
  if (!user || !user.hasPureTensorSemantics() || user.getNumDpsInits() != 1 ||
      user.getNumLoops() != 4 || user.getNumParallelLoops() != 4 ||
      user->getBlock() != op->getBlock() ||
      llvm::any_of(result.getUsers(),
                   [&](Operation *other) { return other != user; }))
    return {};
  AffineMap identity = AffineMap::getMultiDimIdentityMap(4, op->getContext());
  auto outputType = cast<RankedTensorType>(result.getType());
  auto initType = dyn_cast<RankedTensorType>(user.getDpsInits()[0].getType());
  if (!initType || initType.getShape() != outputType.getShape() ||
      user.getDpsInits()[0] == result ||
      user.getMatchingIndexingMap(user.getDpsInitOperand(0)) != identity)
    return {};
  for (OpOperand *input : user.getDpsInputOperands())
    if (input->get() == result &&
        user.getMatchingIndexingMap(input) != identity)
      return {};
  return user;
}

// A static NCHW convolution without dilation whose output rows have
// kMinPanelColumns or more (or narrower rows, kPanelColumns of them to a
// panel), as products by row panels: for each batch n, output row oh (or
// rows oh .. oh + r) and kPanelColumns output columns [ow0, ow0 + w) (the
// last panel of a row takes the rest), the panel [c * kh * kw, r * w] of
// the input the filter taps read is copied (a cache's worth, not a whole
// im2col tensor), and the filter matrix [f, c * kh * kw] times the panel is
// added into output[n, :, oh .. oh + r, ow0 : ow0 + w]. The loop over
// batches (over rows, for a batch of one) is marked for threads, if
// `parallel`.
LogicalResult convolutionByRowPanels(RewriterBase &rewriter,
                                     linalg::Conv2DNchwFchwOp op, Value matrix,
                                     bool parallel) {
  Value input = op.getInputs()[0], output = op.getOutputs()[0];
  auto outputType = cast<RankedTensorType>(output.getType());
  ArrayRef<int64_t> filterShape =
      cast<RankedTensorType>(op.getInputs()[1].getType()).getShape();
  int64_t batch = outputType.getDimSize(0), filters = outputType.getDimSize(1),
          rows = outputType.getDimSize(2), columns = outputType.getDimSize(3);
  int64_t kernelH = filterShape[2], kernelW = filterShape[3];
  int64_t depth = filterShape[1] * kernelH * kernelW;
  // Output rows to a panel: one, or as many narrow ones as fill it.
  int64_t rowsPerPanel = 1;
  if (columns < kMinPanelColumns) {
    if (kPanelColumns % columns != 0 || rows % (kPanelColumns / columns) != 0)
      return failure();
    rowsPerPanel = kPanelColumns / columns;
  }
  SmallVector<int64_t> strides(op.getStrides().getValues<int64_t>());
  Type element = outputType.getElementType();
  Location loc = op.getLoc();
  // With an epilogue, the loops compute its result instead, a tile at a
  // time from the product's tile, and carry it; they go where it is (its
  // other operands are defined by then). Not with several rows to a panel:
  // its tile's rows would be narrower than a vector.
  linalg::GenericOp epilogue = rowsPerPanel == 1 ? epilogueOf(op) : nullptr;
  if (epilogue)
    rewriter.setInsertionPoint(epilogue);
  auto fill = output.getDefiningOp<linalg::FillOp>();
  Value result = op->getResult(0);

  // The epilogue's tile at `at` (of `sizes`), reading the product's tile
  // [f, width] where it read the convolution's result, inserted into `out`.
  auto epilogueTile = [&](OpBuilder &b, Location l, Value product,
                          ArrayRef<OpFoldResult> at,
                          ArrayRef<OpFoldResult> sizes,
                          ArrayRef<OpFoldResult> unit, Value out) -> Value {
    // [f, width] as [1, f, 1, width], the type of a slice of the result.
    auto type = cast<RankedTensorType>(product.getType());
    Value productTile = b.create<tensor::ExpandShapeOp>(
        l,
        RankedTensorType::get({1, type.getDimSize(0), 1, type.getDimSize(1)},
                              type.getElementType()),
        product, SmallVector<ReassociationIndices>{{0, 1}, {2, 3}});
    FailureOr<TilingResult> tiled =
        cast<TilingInterface>(epilogue.getOperation())
            .getTiledImplementation(b, at, sizes);
    // (Tiling a generic op on tensors with static sizes does not fail.)
    Operation *tiledOp = tiled->tiledOps.front();
    for (OpOperand &operand : tiledOp->getOpOperands()) {
      auto slice = operand.get().getDefiningOp<tensor::ExtractSliceOp>();
      if (!slice)
        continue;
      if (slice.getSource() == result) {
        operand.set(productTile);
        slice->erase();
      } else if (&operand ==
                 cast<linalg::LinalgOp>(tiledOp).getDpsInitOperand(0)) {
        slice.getSourceMutable().assign(out);
      }
    }
    return b.create<tensor::InsertSliceOp>(l, tiled->tiledValues.front(), out,
                                           at, sizes, unit);
  };

  // The product of one panel, rows [oh, oh + rowsPerPanel) by columns
  // [ow0, ow0 + width), into `out` (the epilogue's result, if there is
  // one, else the convolution's).
  auto panelProduct = [&](OpBuilder &b, Location l, Value n, Value oh,
                          Value ow0, int64_t width, Value out) -> Value {
    auto index = [math = IndexMath{b, l}](int64_t value) {
      return math.constant(value);
    };
    Value zero = index(0), one = index(1);
    Value panel = b.create<tensor::EmptyOp>(
        l, ArrayRef<int64_t>{depth, rowsPerPanel * width}, element);
    SmallVector<Value> upper = {index(filterShape[1]), index(kernelH),
                                index(kernelW)};
    scf::LoopNest taps = scf::buildLoopNest(
        b, l, SmallVector<Value>(3, zero), upper, SmallVector<Value>(3, one),
        ValueRange{panel},
        [&](OpBuilder &tb, Location tl, ValueRange ivs,
            ValueRange carried) -> scf::ValueVector {
          Value c = ivs[0], kh = ivs[1], kw = ivs[2];
          IndexMath math{tb, tl};
          Value row = math.tap(c, kh, kw, filterShape);
          Value w = math.add(math.mul(ow0, strides[1]), kw);
          Value into = carried[0];
          for (int64_t r = 0; r < rowsPerPanel; ++r) {
            Value h = math.add(math.mul(math.add(oh, r), strides[0]), kh);
            into = copyRow(tb, tl, input, n, c, h, w, width, strides[1], into,
                           {row, math.constant(r * width)});
          }
          return {into};
        });
    SmallVector<OpFoldResult> at = {n, b.getIndexAttr(0), oh, ow0};
    SmallVector<OpFoldResult> sizes = {
        b.getIndexAttr(1), b.getIndexAttr(filters),
        b.getIndexAttr(rowsPerPanel), b.getIndexAttr(width)};
    SmallVector<OpFoldResult> unit(4, b.getIndexAttr(1));
    auto tileType =
        RankedTensorType::get({filters, rowsPerPanel, width}, element);
    // The output tile the product adds into: with an epilogue, a tile of
    // the convolution's initial value (a fill of one, if it is a fill).
    Value tile;
    if (!epilogue)
      tile =
          b.create<tensor::ExtractSliceOp>(l, tileType, out, at, sizes, unit);
    else if (fill)
      tile = b.create<linalg::FillOp>(
                  l, fill.getInputs()[0],
                  b.create<tensor::EmptyOp>(l, tileType.getShape(), element)
                      .getResult())
                 .getResult(0);
    else
      tile = b.create<tensor::ExtractSliceOp>(l, tileType, output, at, sizes,
                                              unit);
    // Several output rows of a panel are whole rows, adjacent in memory.
    SmallVector<ReassociationIndices> flat = {{0}, {1, 2}};
    Value matrixTile = b.create<tensor::CollapseShapeOp>(l, tile, flat);
    Value product =
        b.create<linalg::MatmulOp>(l, ValueRange{matrix, taps.results[0]},
                                   ValueRange{matrixTile})
            .getResult(0);
    if (epilogue)
      return epilogueTile(b, l, product, at, sizes, unit, out);
    Value rowsTile =
        b.create<tensor::ExpandShapeOp>(l, tileType, product, flat);
    return b.create<tensor::InsertSliceOp>(l, rowsTile, out, at, sizes, unit);
  };

  auto index = [math = IndexMath{rewriter, loc}](int64_t value) {
    return math.constant(value);
  };
  Value zero = index(0), one = index(1);
  int64_t full = columns / kPanelColumns * kPanelColumns;
  Value carried = epilogue ? epilogue.getDpsInits()[0] : output;
  scf::LoopNest loops = scf::buildLoopNest(
      rewriter, loc, {zero, zero}, {index(batch), index(rows)},
      {one, index(rowsPerPanel)}, ValueRange{carried},
      [&](OpBuilder &b, Location l, ValueRange ivs,
          ValueRange carried) -> scf::ValueVector {
        Value n = ivs[0], oh = ivs[1], out = carried[0];
        if (full > 0) {
          auto panels = b.create<scf::ForOp>(
              l, b.create<arith::ConstantIndexOp>(l, 0),
              b.create<arith::ConstantIndexOp>(l, full),
              b.create<arith::ConstantIndexOp>(l, kPanelColumns),
              ValueRange{out},
              [&](OpBuilder &pb, Location pl, Value ow0, ValueRange inner) {
                pb.create<scf::YieldOp>(
                    pl,
                    panelProduct(pb, pl, n, oh, ow0, kPanelColumns, inner[0]));
              });
          out = panels.getResult(0);
        }
        if (columns > full)
          out = panelProduct(b, l, n, oh,
                             b.create<arith::ConstantIndexOp>(l, full),
                             columns - full, out);
        return {out};
      });
  if (parallel && mlir::torch::RefBackend::worthThreads(
                      {batch, filters, rows, columns, depth}))
    loops.loops[batch > 1 ? 0 : 1]->setAttr(
        mlir::torch::RefBackend::kParallelLoopAttr, rewriter.getUnitAttr());
  if (epilogue) {
    rewriter.replaceOp(epilogue, loops.results);
    rewriter.eraseOp(op);
  } else {
    rewriter.replaceOp(op, loops.results);
  }
  return success();
}

// A static NCHW convolution without dilation, over floats, as the product
// of its filter, [f, c * kh * kw], and its input's im2col tensor, batched
// along n: [n, f, oh * ow] (+)= [f, k] x [n, k, oh * ow].
LogicalResult convolutionAsProduct(RewriterBase &rewriter,
                                   linalg::Conv2DNchwFchwOp op, bool parallel) {
  Value input = op.getInputs()[0], filter = op.getInputs()[1],
        output = op.getOutputs()[0];
  auto inputType = cast<RankedTensorType>(input.getType());
  auto filterType = cast<RankedTensorType>(filter.getType());
  auto outputType = cast<RankedTensorType>(output.getType());
  if (!inputType.hasStaticShape() || !filterType.hasStaticShape() ||
      !outputType.hasStaticShape() ||
      !llvm::all_of(op.getDilations().getValues<int64_t>(),
                    [](int64_t d) { return d == 1; }) ||
      inputType.getElementType() != outputType.getElementType() ||
      filterType.getElementType() != outputType.getElementType())
    return failure();
  SmallVector<int64_t> strides(op.getStrides().getValues<int64_t>());
  ArrayRef<int64_t> filterShape = filterType.getShape();
  ArrayRef<int64_t> outputShape = outputType.getShape();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value matrix = rewriter.create<tensor::CollapseShapeOp>(
      loc, filter, SmallVector<ReassociationIndices>{{0}, {1, 2, 3}});
  bool onePixel = filterShape[2] == 1 && filterShape[3] == 1 &&
                  strides[0] == 1 && strides[1] == 1;
  if (!onePixel &&
      succeeded(convolutionByRowPanels(rewriter, op, matrix, parallel)))
    return success();
  Value col = im2col(rewriter, loc, input, filterShape, outputShape, strides[0],
                     strides[1]);
  Value flat = rewriter.create<tensor::CollapseShapeOp>(
      loc, output, SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
  // Loops (n, f, p, k): filter (f, k), im2col (n, k, p), output (n, f, p).
  MLIRContext *context = rewriter.getContext();
  auto dims = [&](ArrayRef<unsigned> positions) {
    return AffineMap::getMultiDimMapWithTargets(4, positions, context);
  };
  SmallVector<utils::IteratorType> iterators(3, utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  auto product = rewriter.create<linalg::GenericOp>(
      loc, flat.getType(), ValueRange{matrix, col}, ValueRange{flat},
      SmallVector<AffineMap>{dims({1, 3}), dims({0, 3, 2}), dims({0, 1, 2})},
      iterators, [](OpBuilder &b, Location l, ValueRange args) {
        Value times = b.create<arith::MulFOp>(l, args[0], args[1]);
        b.create<linalg::YieldOp>(
            l, ValueRange{b.create<arith::AddFOp>(l, times, args[2])});
      });
  rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
      op, outputType, product.getResult(0),
      SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
  return success();
}

class ConvolutionsToProducts
    : public mlir::torch::RefBackend::impl::ConvolutionsToProductsBase<
          ConvolutionsToProducts> {
public:
  using ConvolutionsToProductsBase::ConvolutionsToProductsBase;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<Operation *> convolutions;
    getOperation().walk([&](Operation *op) {
      if (isa<linalg::Conv2DNchwFchwOp, linalg::Conv2DNhwcHwcfOp>(op))
        convolutions.push_back(op);
    });
    for (Operation *op : convolutions) {
      // f32 and f64: the element types whose products are vectorized.
      Type element = getElementTypeOrSelf(op->getResult(0).getType());
      if ((!element.isF32() && !element.isF64()) ||
          !mlir::torch::RefBackend::hasPoints(
              cast<linalg::LinalgOp>(op).getStaticLoopRanges(), minWork))
        continue;
      rewriter.setInsertionPoint(op);
      if (auto nchw = dyn_cast<linalg::Conv2DNchwFchwOp>(op))
        (void)convolutionAsProduct(rewriter, nchw, threads > 1);
      else // MLIR's im2col, element by element
        (void)linalg::rewriteInIm2Col(rewriter,
                                      cast<linalg::Conv2DNhwcHwcfOp>(op));
    }
  }
};

} // namespace
