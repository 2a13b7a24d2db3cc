//===- DecomposeDataMovement.cpp - Indexing and layout
//----------------------===//
//
// Ops that move, index or rearrange elements as the ones the lowering takes.
//
//===----------------------------------------------------------------------===//

#include "Decompositions.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::Torch::decompositions;

namespace {

/// index_put with a boolean mask beside other indices (`x[mask, i] = v`) or
/// with more than one value: each mask of rank k becomes the k columns of
/// nonzero(mask), integer indices over the same k dims, in the same place.
/// (One mask written with one value the lowering takes whole: a select.)
template <typename OpTy>
class DecomposeIndexPutMask : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    auto list = op.getIndices().template getDefiningOp<PrimListConstructOp>();
    ValueTensorType valuesType = knownType(op.getValues());
    if (!list || !valuesType)
      return rewriter.notifyMatchFailure(op, "indices not a list construct");
    bool anyMask = false;
    int64_t tensors = 0;
    for (Value entry : list.getElements()) {
      if (isNone(entry))
        continue;
      ++tensors;
      ValueTensorType type = knownType(entry);
      if (!type)
        return rewriter.notifyMatchFailure(op, "an index of unknown type");
      anyMask |= type.getDtype().isInteger(1);
    }
    bool oneValue = llvm::all_of(valuesType.getSizes(),
                                 [](int64_t size) { return size == 1; });
    if (!anyMask || (tensors == 1 && oneValue))
      return rewriter.notifyMatchFailure(op, "no mask, or one mask alone");
    TorchBuilder b(rewriter, op.getLoc());
    MLIRContext *context = rewriter.getContext();
    Type i64 = IntegerType::get(context, 64, IntegerType::Signed);
    SmallVector<Value> entries;
    for (Value entry : list.getElements()) {
      ValueTensorType type = isNone(entry) ? nullptr : knownType(entry);
      if (!type || !type.getDtype().isInteger(1)) {
        entries.push_back(entry);
        continue;
      }
      int64_t rank = type.getSizes().size();
      auto positionsType = ValueTensorType::get(
          context, ArrayRef<int64_t>{kUnknownSize, rank}, i64);
      Value positions = b.create<AtenNonzeroOp>(positionsType, entry);
      auto columnType =
          ValueTensorType::get(context, ArrayRef<int64_t>{kUnknownSize}, i64);
      for (int64_t d = 0; d < rank; ++d)
        entries.push_back(b.create<AtenSelectIntOp>(
            columnType, positions, b.constInt(1), b.constInt(d)));
    }
    Value indices = rewriter.create<PrimListConstructOp>(
        op.getLoc(), list.getType(), entries);
    rewriter.replaceOpWithNewOp<OpTy>(op, op.getType(), op.getSelf(), indices,
                                      op.getValues(), op.getAccumulate());
    return success();
  }
};

/// split.Tensor, split_with_sizes and unbind.int, read by a prim.ListUnpack:
/// each unpacked piece becomes its own slice along `dim` (a select for
/// unbind), so the list is never built.
class DecomposeSplitUnpack : public OpRewritePattern<PrimListUnpackOp> {
public:
  DecomposeSplitUnpack(MLIRContext *context, const LegalOps &legal)
      : OpRewritePattern(context), legal(legal) {}

  LogicalResult matchAndRewrite(PrimListUnpackOp op,
                                PatternRewriter &rewriter) const override {
    Operation *producer = op.getOperand().getDefiningOp();
    if (!producer ||
        !isa<AtenSplitTensorOp, AtenSplitWithSizesOp, AtenUnbindIntOp>(
            producer) ||
        legal.contains(producer))
      return rewriter.notifyMatchFailure(op, "not an unpacked split");
    Value self = producer->getOperand(0);
    ValueTensorType type = knownType(self);
    Value dimValue =
        producer->getOperand(isa<AtenUnbindIntOp>(producer) ? 1 : 2);
    std::optional<int64_t> dim = constantInt(dimValue);
    if (!type || !dim || !normalizeDim(*dim, type.getSizes().size()))
      return rewriter.notifyMatchFailure(op, "no constant dim in range");
    // The bounds of each piece.
    int64_t pieces = op.getNumResults();
    SmallVector<int64_t> starts, ends;
    if (auto split = dyn_cast<AtenSplitTensorOp>(producer)) {
      std::optional<int64_t> size = constantInt(split.getSplitSize());
      if (!size || *size <= 0)
        return rewriter.notifyMatchFailure(op, "split_size not a constant");
      for (int64_t i = 0; i < pieces; ++i) {
        starts.push_back(i * *size);
        ends.push_back((i + 1) * *size); // the last one clamps to the size
      }
    } else if (auto split = dyn_cast<AtenSplitWithSizesOp>(producer)) {
      std::optional<SmallVector<int64_t>> sizes =
          constantInts(split.getSplitSizes());
      if (!sizes || static_cast<int64_t>(sizes->size()) != pieces)
        return rewriter.notifyMatchFailure(op, "split_sizes not constants");
      int64_t at = 0;
      for (int64_t size : *sizes) {
        starts.push_back(at);
        ends.push_back(at += size);
      }
    }
    TorchBuilder b(rewriter, op.getLoc());
    SmallVector<Value> values;
    for (int64_t i = 0; i < pieces; ++i) {
      Type result = op.getResult(i).getType();
      if (isa<AtenUnbindIntOp>(producer))
        values.push_back(
            b.create<AtenSelectIntOp>(result, self, dimValue, b.constInt(i)));
      else
        values.push_back(b.create<AtenSliceTensorOp>(
            result, self, dimValue, b.constInt(starts[i]), b.constInt(ends[i]),
            b.constInt(1)));
    }
    rewriter.replaceOp(op, values);
    if (producer->use_empty())
      rewriter.eraseOp(producer);
    return success();
  }

private:
  const LegalOps &legal;
};

/// stack(tensors, dim): cat of the tensors, each unsqueezed at `dim`.
class DecomposeStack : public Decomposition<AtenStackOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenStackOp op,
                          PatternRewriter &rewriter) const override {
    auto list = op.getTensors().getDefiningOp<PrimListConstructOp>();
    std::optional<int64_t> dim = constantInt(op.getDim());
    if (!list || !dim || list.getElements().empty())
      return rewriter.notifyMatchFailure(op, "tensors not a list, or no dim");
    TorchBuilder b(rewriter, op.getLoc());
    SmallVector<Value> unsqueezed;
    for (Value element : list.getElements()) {
      ValueTensorType type = knownType(element);
      if (!type)
        return rewriter.notifyMatchFailure(op, "a tensor of unknown rank");
      int64_t rank = type.getSizes().size();
      std::optional<int64_t> at = normalizeDim(*dim, rank + 1);
      if (!at)
        return rewriter.notifyMatchFailure(op, "dim out of range");
      SmallVector<int64_t> sizes(type.getSizes());
      sizes.insert(sizes.begin() + *at, 1);
      unsqueezed.push_back(b.create<AtenUnsqueezeOp>(
          b.tensorType(sizes, type.getDtype()), element, b.constInt(*at)));
    }
    Value tensors = rewriter.create<PrimListConstructOp>(
        op.getLoc(), list.getType(), unsqueezed);
    rewriter.replaceOpWithNewOp<AtenCatOp>(op, op.getType(), tensors,
                                           op.getDim());
    return success();
  }
};

/// repeat(x, repeats): x viewed with a unit dim before each of its dims
/// (and leading unit dims up to len(repeats)), expanded to the repeats
/// there, and viewed as the products: [r0 * s0, r1 * s1, ...].
class DecomposeRepeat : public Decomposition<AtenRepeatOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenRepeatOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    std::optional<SmallVector<int64_t>> repeats = constantInts(op.getRepeats());
    if (!type || !result || !repeats)
      return rewriter.notifyMatchFailure(op, "repeats not constants");
    int64_t rank = type.getSizes().size(), n = repeats->size();
    if (n < rank)
      return rewriter.notifyMatchFailure(op, "fewer repeats than dims");
    TorchBuilder b(rewriter, op.getLoc());
    Type dtype = type.getDtype();
    SmallVector<Value> spread, expandTo, products;
    SmallVector<int64_t> spreadShape, expandedShape, resultShape;
    for (int64_t i = 0; i < n; ++i) {
      int64_t d = i - (n - rank);
      int64_t size = d < 0 ? 1 : type.getSizes()[d];
      Value sizeValue = d < 0 ? b.constInt(1) : b.sizeOf(op.getSelf(), d);
      int64_t r = (*repeats)[i];
      spread.append({b.constInt(1), sizeValue});
      spreadShape.append({1, size});
      expandTo.append({b.constInt(r), b.constInt(-1)});
      expandedShape.append({r, size});
      products.push_back(b.mulInt(b.constInt(r), sizeValue));
      resultShape.push_back(size == kUnknownSize ? kUnknownSize : r * size);
    }
    Value x = b.create<AtenViewOp>(b.tensorType(spreadShape, dtype),
                                   op.getSelf(), b.sizeList(spread));
    x = b.create<AtenExpandOp>(b.tensorType(expandedShape, dtype), x,
                               b.sizeList(expandTo), b.constBool(false));
    x = b.create<AtenViewOp>(b.tensorType(resultShape, dtype), x,
                             b.sizeList(products));
    if (x.getType() != result)
      x = b.create<TensorStaticInfoCastOp>(result, x);
    rewriter.replaceOp(op, x);
    return success();
  }
};

/// `x` read along `dim` at `index` (1-D si64 of `length` elements).
Value gatherAlong(TorchBuilder &b, Value x, int64_t dim, Value index,
                  int64_t length) {
  auto type = cast<ValueTensorType>(x.getType());
  SmallVector<int64_t> sizes(type.getSizes());
  sizes[dim] = length;
  return b.create<AtenIndexSelectOp>(b.tensorType(sizes, type.getDtype()), x,
                                     b.constInt(dim), index);
}

/// pad(x, pad, mode, value): "constant" is constant_pad_nd; "reflect",
/// "replicate" and "circular" read each padded dim (pairs from the last
/// dim) at positions i in [-left, n + right) mapped into [0, n):
/// reflect (n-1) - |(n-1) - |i||, replicate clamp(i, 0, n-1), circular
/// (i + n) mod n.
class DecomposePad : public Decomposition<AtenPadOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenPadOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    std::optional<SmallVector<int64_t>> pad = constantInts(op.getPad());
    auto mode = op.getMode().getDefiningOp<ConstantStrOp>();
    if (!type || !result || !pad || !mode || pad->size() % 2 ||
        pad->size() / 2 > type.getSizes().size())
      return rewriter.notifyMatchFailure(op, "pad or mode not constants");
    TorchBuilder b(rewriter, op.getLoc());
    StringRef how = mode.getValue();
    if (how == "constant") {
      Value value = isNone(op.getValue()) ? b.constFloat(0.0) : op.getValue();
      rewriter.replaceOpWithNewOp<AtenConstantPadNdOp>(op, result, op.getSelf(),
                                                       op.getPad(), value);
      return success();
    }
    if (how != "reflect" && how != "replicate" && how != "circular")
      return rewriter.notifyMatchFailure(op, "an unknown mode");
    int64_t rank = type.getSizes().size();
    Value x = op.getSelf();
    Value one = b.constInt(1);
    for (size_t p = 0; p < pad->size() / 2; ++p) {
      int64_t dim = rank - 1 - p;
      int64_t left = (*pad)[2 * p], right = (*pad)[2 * p + 1];
      int64_t n = type.getSizes()[dim];
      if (left < 0 || right < 0)
        return rewriter.notifyMatchFailure(op, "a negative pad");
      if (how == "reflect" && n != kUnknownSize && (left >= n || right >= n))
        return rewriter.notifyMatchFailure(op, "a reflection past the edge");
      Value size = b.sizeOf(x, dim);
      Value last = b.subInt(size, one);
      int64_t length = n == kUnknownSize ? kUnknownSize : n + left + right;
      Value i = b.arange(b.constInt(-left), b.addInt(size, b.constInt(right)),
                         length);
      ValueTensorType indexType = cast<ValueTensorType>(i.getType());
      Value index;
      if (how == "reflect") {
        Value a = b.create<AtenAbsOp>(indexType, i);
        Value fromLast = b.create<AtenRsubScalarOp>(indexType, a, last, one);
        Value folded = b.create<AtenAbsOp>(indexType, fromLast);
        index = b.create<AtenRsubScalarOp>(indexType, folded, last, one);
      } else if (how == "replicate") {
        index = b.create<AtenClampOp>(indexType, i, b.constInt(0), last);
      } else {
        Value shifted = b.create<AtenAddScalarOp>(indexType, i, size, one);
        index = b.create<AtenRemainderScalarOp>(indexType, shifted, size);
      }
      x = gatherAlong(b, x, dim, index, length);
    }
    if (x.getType() != result)
      x = b.create<TensorStaticInfoCastOp>(result, x);
    rewriter.replaceOp(op, x);
    return success();
  }
};

/// flip(x, dims): x read at n - 1 - i along each dim; roll(x, shifts,
/// dims): at (i - shift) mod n (a flattened roll when dims is empty is
/// left alone).
template <typename OpTy> class DecomposeFlipRoll : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    constexpr bool roll = std::is_same_v<OpTy, AtenRollOp>;
    ValueTensorType type = knownType(op.getSelf());
    std::optional<SmallVector<int64_t>> dims = constantInts(op.getDims());
    SmallVector<int64_t> shifts;
    if constexpr (roll) {
      std::optional<SmallVector<int64_t>> s = constantInts(op.getShifts());
      if (!s || !dims || s->size() != dims->size() || dims->empty())
        return rewriter.notifyMatchFailure(op, "shifts and dims not paired");
      shifts = *s;
    }
    if (!type || !dims || knownType(op.getResult()) != type)
      return rewriter.notifyMatchFailure(op, "dims not constants");
    TorchBuilder b(rewriter, op.getLoc());
    int64_t rank = type.getSizes().size();
    Value x = op.getSelf();
    Value one = b.constInt(1);
    for (size_t k = 0; k < dims->size(); ++k) {
      std::optional<int64_t> dim = normalizeDim((*dims)[k], rank);
      if (!dim)
        return rewriter.notifyMatchFailure(op, "a dim out of range");
      Value i = b.positions(x, *dim);
      ValueTensorType indexType = cast<ValueTensorType>(i.getType());
      Value size = b.sizeOf(x, *dim);
      Value index;
      if constexpr (roll) {
        Value moved =
            b.create<AtenSubScalarOp>(indexType, i, b.constInt(shifts[k]), one);
        index = b.create<AtenRemainderScalarOp>(indexType, moved, size);
      } else {
        index =
            b.create<AtenRsubScalarOp>(indexType, i, b.subInt(size, one), one);
      }
      x = gatherAlong(b, x, *dim, index, type.getSizes()[*dim]);
    }
    rewriter.replaceOp(op, x);
    return success();
  }
};

/// tril(x, k): x where col - row <= k, else 0; triu: where col - row >= k.
template <typename OpTy> class DecomposeTriangle : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    if (!type || type.getSizes().size() < 2 ||
        knownType(op.getResult()) != type)
      return rewriter.notifyMatchFailure(op, "not a matrix of known type");
    TorchBuilder b(rewriter, op.getLoc());
    Value diff = columnMinusRow(b, op.getSelf());
    auto maskType =
        b.tensorType(cast<ValueTensorType>(diff.getType()).getSizes(), b.i1());
    Value keep;
    if constexpr (std::is_same_v<OpTy, AtenTrilOp>)
      keep = b.create<AtenLeScalarOp>(maskType, diff, op.getDiagonal());
    else
      keep = b.create<AtenGeScalarOp>(maskType, diff, op.getDiagonal());
    rewriter.replaceOpWithNewOp<AtenWhereScalarOtherOp>(
        op, type, keep, op.getSelf(), b.constInt(0));
    return success();
  }
};

/// eye(n[, m]): (col - row == 0) in the result's dtype.
template <typename OpTy> class DecomposeEye : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    ValueTensorType result = knownType(op.getResult());
    if (!result || result.getSizes().size() != 2 ||
        !scalarTypeCode(result.getDtype()))
      return rewriter.notifyMatchFailure(op, "a result of unknown type");
    TorchBuilder b(rewriter, op.getLoc());
    Value rows = op.getN(), cols = rows;
    if constexpr (std::is_same_v<OpTy, AtenEyeMOp>)
      cols = op.getM();
    ArrayRef<int64_t> sizes = result.getSizes();
    Value r = b.arange(b.constInt(0), rows, sizes[0]);
    Value c = b.arange(b.constInt(0), cols, sizes[1]);
    Value column = b.create<AtenUnsqueezeOp>(
        b.tensorType({sizes[0], 1}, b.i64()), r, b.constInt(1));
    Value mask =
        b.create<AtenEqTensorOp>(b.tensorType(sizes, b.i1()), column, c);
    if (result.getDtype() == b.i1()) {
      rewriter.replaceOp(op, mask);
      return success();
    }
    rewriter.replaceOp(op, b.convert(mask, result.getDtype()));
    return success();
  }
};

/// linspace(start, end, steps) with constant bounds, as PyTorch computes
/// it: step = (end - start) / (steps - 1); the first half start + i * step,
/// the second end - (steps - 1 - i) * step; one step is [start].
class DecomposeLinspace : public Decomposition<AtenLinspaceOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenLinspaceOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType result = knownType(op.getResult());
    std::optional<double> start = constantNumber(op.getStart());
    std::optional<double> end = constantNumber(op.getEnd());
    std::optional<int64_t> steps = constantInt(op.getSteps());
    if (!result || !start || !end || !steps || *steps < 1 ||
        !isa<mlir::FloatType>(result.getDtype()))
      return rewriter.notifyMatchFailure(op, "not constants, or not floats");
    TorchBuilder b(rewriter, op.getLoc());
    Value one = b.constInt(1);
    Value i =
        b.arange(b.constInt(0), b.constInt(*steps), *steps, result.getDtype());
    double step = *steps == 1 ? 0.0 : (*end - *start) / (*steps - 1);
    Value fromStart = b.create<AtenAddScalarOp>(
        result, b.create<AtenMulScalarOp>(result, i, b.constFloat(step)),
        b.constFloat(*start), one);
    Value before = b.create<AtenRsubScalarOp>(
        result, i, b.constFloat(static_cast<double>(*steps - 1)), one);
    Value fromEnd = b.create<AtenRsubScalarOp>(
        result, b.create<AtenMulScalarOp>(result, before, b.constFloat(step)),
        b.constFloat(*end), one);
    // (One step is the start alone.)
    Value firstHalf =
        b.create<AtenLtScalarOp>(b.tensorType({*steps}, b.i1()), i,
                                 b.constInt(std::max<int64_t>(*steps / 2, 1)));
    rewriter.replaceOpWithNewOp<AtenWhereSelfOp>(op, result, firstHalf,
                                                 fromStart, fromEnd);
    return success();
  }
};

/// _index_put_impl(self, indices, values, accumulate, unsafe) is index_put.
class DecomposeIndexPutImpl : public Decomposition<Aten_IndexPutImplOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(Aten_IndexPutImplOp op,
                          PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<AtenIndexPutOp>(op, op.getType(), op.getSelf(),
                                                op.getIndices(), op.getValues(),
                                                op.getAccumulate());
    return success();
  }
};

/// scatter's old `reduce=` names ("add", "multiply") as scatter_reduce's
/// ("sum", "prod"), self included; none for another name.
std::optional<StringRef> scatterReduction(Value reduce) {
  auto name = reduce.getDefiningOp<ConstantStrOp>();
  if (!name)
    return std::nullopt;
  if (name.getValue() == "add")
    return StringRef("sum");
  if (name.getValue() == "multiply")
    return StringRef("prod");
  return std::nullopt;
}

/// scatter.reduce(self, dim, index, src, reduce) = scatter_reduce.two with
/// the reduction's new name, self included.
class DecomposeScatterReduce : public Decomposition<AtenScatterReduceOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenScatterReduceOp op,
                          PatternRewriter &rewriter) const override {
    std::optional<StringRef> reduce = scatterReduction(op.getReduce());
    if (!reduce)
      return rewriter.notifyMatchFailure(op, "an unknown reduction");
    TorchBuilder b(rewriter, op.getLoc());
    rewriter.replaceOpWithNewOp<AtenScatterReduceTwoOp>(
        op, op.getType(), op.getSelf(), op.getDim(), op.getIndex(), op.getSrc(),
        b.constStr(*reduce), b.constBool(true));
    return success();
  }
};

/// scatter.value_reduce(self, dim, index, value, reduce), an operator the
/// registry lacks: scatter_reduce.two of `value` filled to the index's
/// shape.
class DecomposeScatterValueReduce : public OperatorDecomposition {
public:
  DecomposeScatterValueReduce(MLIRContext *context, const LegalOps &legal)
      : OperatorDecomposition(context, legal, "aten.scatter.value_reduce", 5,
                              1) {}

  LogicalResult decompose(OperatorOp op,
                          PatternRewriter &rewriter) const override {
    ValueRange in = op->getOperands();
    ValueTensorType self = knownType(in[0]);
    ValueTensorType index = knownType(in[2]);
    std::optional<StringRef> reduce = scatterReduction(in[4]);
    if (!self || !index || !reduce || !scalarTypeCode(self.getDtype()))
      return rewriter.notifyMatchFailure(op, "unknown types or reduction");
    TorchBuilder b(rewriter, op.getLoc());
    Value src = b.create<AtenFullLikeOp>(
        b.tensorType(index.getSizes(), self.getDtype()), in[2], in[3],
        b.dtypeOf(self.getDtype()), b.none(), b.none(), b.none(), b.none());
    rewriter.replaceOpWithNewOp<AtenScatterReduceTwoOp>(
        op, op->getResult(0).getType(), in[0], in[1], in[2], src,
        b.constStr(*reduce), b.constBool(true));
    return success();
  }
};

/// index_add(self, dim, index, source, alpha), an operator the registry
/// lacks: scatter_add of alpha * source at the 1-D index, spread over
/// source's other dims.
class DecomposeIndexAdd : public OperatorDecomposition {
public:
  DecomposeIndexAdd(MLIRContext *context, const LegalOps &legal)
      : OperatorDecomposition(context, legal, "aten.index_add", 5, 1) {}

  LogicalResult decompose(OperatorOp op,
                          PatternRewriter &rewriter) const override {
    ValueRange in = op->getOperands();
    ValueTensorType self = knownType(in[0]);
    ValueTensorType index = knownType(in[2]);
    ValueTensorType source = knownType(in[3]);
    std::optional<int64_t> dim = constantInt(in[1]);
    std::optional<double> alpha = constantNumber(in[4]);
    if (!self || !index || !source || !dim || !alpha ||
        index.getSizes().size() > 1 ||
        source.getSizes().size() != self.getSizes().size())
      return rewriter.notifyMatchFailure(op, "not a 1-D index, or unknown");
    int64_t rank = self.getSizes().size();
    std::optional<int64_t> d = wrapDim(*dim, rank);
    if (!d || rank == 0)
      return rewriter.notifyMatchFailure(op, "dim out of range");
    TorchBuilder b(rewriter, op.getLoc());
    SmallVector<Value> shape, to;
    SmallVector<int64_t> shapeSizes(rank, 1);
    for (int64_t i = 0; i < rank; ++i) {
      shape.push_back(i == *d ? b.constInt(-1) : b.constInt(1));
      to.push_back(b.sizeOf(in[3], i));
    }
    shapeSizes[*d] = index.getSizes().empty() ? 1 : index.getSizes()[0];
    Type i64 = index.getDtype();
    Value spread = b.create<AtenViewOp>(b.tensorType(shapeSizes, i64), in[2],
                                        b.sizeList(shape));
    spread = b.create<AtenExpandOp>(b.tensorType(source.getSizes(), i64),
                                    spread, b.sizeList(to), b.constBool(false));
    Value src = in[3];
    if (*alpha != 1)
      src = b.create<AtenMulScalarOp>(source, src, in[4]);
    rewriter.replaceOpWithNewOp<AtenScatterAddOp>(
        op, op->getResult(0).getType(), in[0], in[1], spread, src);
    return success();
  }
};

/// constant_pad_nd with negative pads (crops): each negative side sliced
/// off first, then the non-negative pads (none if all were crops).
class DecomposeNegativePad : public Decomposition<AtenConstantPadNdOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenConstantPadNdOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    std::optional<SmallVector<int64_t>> pad = constantInts(op.getPad());
    if (!type || !pad || pad->size() % 2 ||
        pad->size() / 2 > type.getSizes().size() ||
        llvm::all_of(*pad, [](int64_t p) { return p >= 0; }))
      return rewriter.notifyMatchFailure(op, "no negative constant pad");
    TorchBuilder b(rewriter, op.getLoc());
    int64_t rank = type.getSizes().size();
    Value x = op.getSelf();
    SmallVector<int64_t> kept(*pad);
    for (size_t p = 0; p < pad->size() / 2; ++p) {
      int64_t dim = rank - 1 - p;
      int64_t left = (*pad)[2 * p], right = (*pad)[2 * p + 1];
      if (left >= 0 && right >= 0)
        continue;
      auto current = cast<ValueTensorType>(x.getType());
      SmallVector<int64_t> sizes(current.getSizes());
      int64_t start = std::max<int64_t>(-left, 0);
      int64_t cut = std::max<int64_t>(-right, 0);
      if (sizes[dim] != kUnknownSize)
        sizes[dim] = std::max<int64_t>(sizes[dim] - start - cut, 0);
      Value end = b.subInt(b.sizeOf(x, dim), b.constInt(cut));
      x = b.create<AtenSliceTensorOp>(b.tensorType(sizes, type.getDtype()), x,
                                      b.constInt(dim), b.constInt(start), end,
                                      b.constInt(1));
      kept[2 * p] = std::max<int64_t>(left, 0);
      kept[2 * p + 1] = std::max<int64_t>(right, 0);
    }
    // Only crops: the slices are the result.
    if (llvm::all_of(kept, [](int64_t p) { return p == 0; }) &&
        x.getType() == op.getType()) {
      rewriter.replaceOp(op, x);
      return success();
    }
    rewriter.replaceOpWithNewOp<AtenConstantPadNdOp>(
        op, op.getType(), x, b.intList(kept), op.getValue());
    return success();
  }
};

/// select_scatter(self, src, dim, index) as slice_scatter of src unsqueezed
/// at dim, over [index, index + 1) (a negative index counted from the end).
class DecomposeSelectScatter : public Decomposition<AtenSelectScatterOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenSelectScatterOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType self = knownType(op.getSelf());
    ValueTensorType src = knownType(op.getSrc());
    if (!self || !src)
      return rewriter.notifyMatchFailure(op, "operand types not known");
    int64_t rank = self.getSizes().size();
    std::optional<int64_t> dim = constantDim(op.getDim(), rank);
    std::optional<int64_t> index = constantInt(op.getIndex());
    if (!dim || !index)
      return rewriter.notifyMatchFailure(op, "dim or index not a constant");
    TorchBuilder b(rewriter, op.getLoc());
    Value start = *index >= 0 ? b.constInt(*index)
                              : b.addInt(b.constInt(*index),
                                         b.sizeOf(op.getSelf(), *dim));
    SmallVector<int64_t> sizes(src.getSizes());
    sizes.insert(sizes.begin() + *dim, 1);
    Value row = b.create<AtenUnsqueezeOp>(b.tensorType(sizes, src.getDtype()),
                                          op.getSrc(), b.constInt(*dim));
    rewriter.replaceOpWithNewOp<AtenSliceScatterOp>(
        op, op.getType(), op.getSelf(), row, b.constInt(*dim), start,
        b.addInt(start, b.constInt(1)), b.constInt(1));
    return success();
  }
};

/// PyTorch's prims as ATen ops: squeeze(a, dims) as squeeze.dim from the
/// last dim down; collapse(a, start, end) as flatten.using_ints; view_of(a)
/// as a itself; split_dim(a, dim, outer) as a view with [outer, -1] at dim.
class DecomposePrimsSqueeze : public Decomposition<PrimsSqueezeOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(PrimsSqueezeOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getA());
    std::optional<SmallVector<int64_t>> dims = constantInts(op.getDimensions());
    if (!type || !dims)
      return rewriter.notifyMatchFailure(op, "dimensions not constants");
    int64_t rank = type.getSizes().size();
    SmallVector<int64_t> sorted;
    for (int64_t d : *dims) {
      std::optional<int64_t> n = normalizeDim(d, rank);
      if (!n)
        return rewriter.notifyMatchFailure(op, "a dim out of range");
      sorted.push_back(*n);
    }
    llvm::sort(sorted);
    TorchBuilder b(rewriter, op.getLoc());
    Value x = b.squeezed(op.getA(), sorted);
    if (x.getType() != op.getType())
      x = b.create<TensorStaticInfoCastOp>(op.getType(), x);
    rewriter.replaceOp(op, x);
    return success();
  }
};

class DecomposePrimsCollapse : public Decomposition<PrimsCollapseOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(PrimsCollapseOp op,
                          PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<AtenFlattenUsingIntsOp>(
        op, op.getType(), op.getA(), op.getStart(), op.getEnd());
    return success();
  }
};

class DecomposePrimsViewOf : public Decomposition<PrimsViewOfOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(PrimsViewOfOp op,
                          PatternRewriter &rewriter) const override {
    if (op.getA().getType() != op.getType())
      return rewriter.notifyMatchFailure(op, "a type change");
    rewriter.replaceOp(op, op.getA());
    return success();
  }
};

class DecomposePrimsSplitDim : public Decomposition<PrimsSplitDimOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(PrimsSplitDimOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getA());
    std::optional<int64_t> dim = constantInt(op.getDim());
    if (!type || !dim || !normalizeDim(*dim, type.getSizes().size()))
      return rewriter.notifyMatchFailure(op, "no constant dim in range");
    int64_t d = *normalizeDim(*dim, type.getSizes().size());
    TorchBuilder b(rewriter, op.getLoc());
    SmallVector<Value> sizes;
    for (int64_t i = 0; i < static_cast<int64_t>(type.getSizes().size()); ++i) {
      if (i == d) {
        sizes.push_back(op.getOuterLength());
        sizes.push_back(b.constInt(-1));
      } else {
        sizes.push_back(b.sizeOf(op.getA(), i));
      }
    }
    rewriter.replaceOpWithNewOp<AtenViewOp>(op, op.getType(), op.getA(),
                                            b.sizeList(sizes));
    return success();
  }
};

/// tril_indices / triu_indices(row, col, offset) with constant arguments:
/// the [2, N] literal of the (row, col) pairs on or below (above) the
/// offset diagonal, row by row, as PyTorch lists them.
template <typename OpTy, bool Lower>
class DecomposeTriangleIndices : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    std::optional<int64_t> rows = constantInt(op.getRow());
    std::optional<int64_t> cols = constantInt(op.getCol());
    std::optional<int64_t> offset = constantInt(op.getOffset());
    ValueTensorType result = knownType(op.getResult());
    if (!rows || !cols || !offset || !result ||
        !isa<mlir::IntegerType>(result.getDtype()) || *rows < 0 || *cols < 0)
      return rewriter.notifyMatchFailure(op, "arguments not constants");
    SmallVector<int64_t> r, c;
    for (int64_t i = 0; i < *rows; ++i)
      for (int64_t j = 0; j < *cols; ++j)
        if (Lower ? j - i <= *offset : j - i >= *offset) {
          r.push_back(i);
          c.push_back(j);
        }
    int64_t n = r.size();
    if (result.getSizes() != ArrayRef<int64_t>{2, n})
      return rewriter.notifyMatchFailure(op, "an unexpected result type");
    unsigned width = result.getDtype().getIntOrFloatBitWidth();
    SmallVector<APInt> values;
    for (int64_t v : r)
      values.emplace_back(width, v, /*isSigned=*/true);
    for (int64_t v : c)
      values.emplace_back(width, v, /*isSigned=*/true);
    auto literal = DenseElementsAttr::get(
        RankedTensorType::get({2, n}, result.getDtype()), values);
    rewriter.replaceOpWithNewOp<ValueTensorLiteralOp>(op, result, literal);
    return success();
  }
};

/// masked_select(x, mask) with the mask of x's shape (or broadcast to it):
/// both flattened, x read at the positions of nonzero(mask).
class DecomposeMaskedSelect : public Decomposition<AtenMaskedSelectOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenMaskedSelectOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType mask = knownType(op.getMask());
    ValueTensorType result = knownType(op.getResult());
    if (!type || !mask || !result ||
        mask.getSizes().size() > type.getSizes().size())
      return rewriter.notifyMatchFailure(op, "a mask of a larger rank");
    TorchBuilder b(rewriter, op.getLoc());
    int64_t rank = type.getSizes().size();
    Value m = op.getMask();
    if (mask.getSizes() != type.getSizes()) {
      SmallVector<Value> to;
      for (int64_t d = 0; d < rank; ++d)
        to.push_back(b.sizeOf(op.getSelf(), d));
      m = b.create<AtenBroadcastToOp>(
          b.tensorType(type.getSizes(), mask.getDtype()), m, b.sizeList(to));
    }
    Value x = b.flattened(op.getSelf());
    m = b.flattened(m);
    Value positions =
        b.create<AtenNonzeroOp>(b.tensorType({kUnknownSize, 1}, b.i64()), m);
    Value index =
        b.create<AtenSelectIntOp>(b.tensorType({kUnknownSize}, b.i64()),
                                  positions, b.constInt(1), b.constInt(0));
    rewriter.replaceOpWithNewOp<AtenIndexSelectOp>(op, result, x, b.constInt(0),
                                                   index);
    return success();
  }
};

/// one_hot(x, num_classes) with a constant count: (x[..., None] ==
/// arange(num_classes)) as int64.
class DecomposeOneHot : public Decomposition<AtenOneHotOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenOneHotOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    std::optional<int64_t> classes = constantInt(op.getNumClasses());
    if (!type || !result || !classes || *classes < 1)
      return rewriter.notifyMatchFailure(op, "num_classes not a constant");
    TorchBuilder b(rewriter, op.getLoc());
    SmallVector<int64_t> column(type.getSizes());
    column.push_back(1);
    Value x = b.create<AtenUnsqueezeOp>(b.tensorType(column, type.getDtype()),
                                        op.getSelf(), b.constInt(-1));
    Value all = b.arange(b.constInt(0), b.constInt(*classes), *classes);
    Value hits = b.create<AtenEqTensorOp>(
        b.tensorType(result.getSizes(), b.i1()), x, all);
    rewriter.replaceOp(op, b.convert(hits, result.getDtype()));
    return success();
  }
};

} // namespace

void mlir::torch::Torch::decompositions::populateDataMovementDecompositions(
    RewritePatternSet &patterns, const LegalOps &legal) {
  patterns
      .add<DecomposeIndexPutMask<AtenIndexPutOp>,
           DecomposeIndexPutMask<AtenIndexPutHackedTwinOp>,
           DecomposeSplitUnpack, DecomposeStack, DecomposeRepeat, DecomposePad,
           DecomposeFlipRoll<AtenFlipOp>, DecomposeFlipRoll<AtenRollOp>,
           DecomposeTriangle<AtenTrilOp>, DecomposeTriangle<AtenTriuOp>,
           DecomposeEye<AtenEyeOp>, DecomposeEye<AtenEyeMOp>, DecomposeLinspace,
           DecomposeIndexPutImpl, DecomposeScatterReduce,
           DecomposeScatterValueReduce, DecomposeIndexAdd, DecomposeNegativePad,
           DecomposeSelectScatter, DecomposePrimsSqueeze,
           DecomposePrimsCollapse, DecomposePrimsViewOf, DecomposePrimsSplitDim,
           DecomposeTriangleIndices<AtenTrilIndicesOp, true>,
           DecomposeTriangleIndices<AtenTriuIndicesOp, false>,
           DecomposeMaskedSelect, DecomposeOneHot>(patterns.getContext(),
                                                   legal);
}
