//===- Reduction.cpp - reductions, Softmax, ArgMax, TopK, CumSum, Unique --===//

#include "OnnxNode.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <functional>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

/// The dims a Reduce* node reduces, counted from the front and sorted; nullopt
/// after reporting why. `axesOperand`: the axes arrive as operand 1 (newer
/// opsets), not as the `axes` attribute. An empty result with
/// noop_with_empty_axes set means "reduce nothing".
/// `atRunTime` is set (and nothing reported) where the axes are known only at
/// run time and the result's shape does not say which they are.
std::optional<SmallVector<int64_t>> reducedDims(OnnxNode &n, bool axesOperand,
                                                bool &atRunTime) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out) {
    (void)n.fail("the input's or result's rank or dtype is unknown");
    return std::nullopt;
  }
  int64_t rank = in.getSizes().size();
  bool keepdims = n.intAttr("keepdims", 1);
  std::optional<SmallVector<int64_t>> axes;
  ValueTensorType axesType = axesOperand ? n.operandType(1) : nullptr;
  if (!axesOperand)
    axes = n.intsAttr("axes").value_or(SmallVector<int64_t>{});
  else if (!n.operand(1))
    axes = SmallVector<int64_t>{};
  else if (axesType && axesType.getSizes().size() == 1 &&
           axesType.getSizes()[0] == 0)
    axes = SmallVector<int64_t>{}; // no elements, constant or not
  else
    axes = n.constantInts(1);
  if (!axes) {
    // Axes known only at run time: with keepdims and static sizes, they are
    // the dims the result keeps as 1 and the input does not (reducing a dim
    // of size 1 changes nothing).
    ArrayRef<int64_t> inSizes = in.getSizes(), outSizes = out.getSizes();
    if (!keepdims && !llvm::is_contained(inSizes, kUnknownSize) &&
        outSizes.size() < inSizes.size()) {
      // Dropped dims: implied when only one choice of them leaves the
      // result's sizes.
      std::optional<SmallVector<int64_t>> found;
      int count = 0;
      for (uint64_t mask = 0; mask < (1ull << rank) && rank < 16; ++mask) {
        SmallVector<int64_t> kept, dropped;
        for (int64_t d = 0; d < rank; ++d)
          (mask >> d & 1 ? dropped : kept).push_back(d);
        if (static_cast<int64_t>(kept.size()) !=
            static_cast<int64_t>(outSizes.size()))
          continue;
        if (llvm::all_of(llvm::enumerate(kept), [&](auto e) {
              return inSizes[e.value()] == outSizes[e.index()];
            })) {
          ++count;
          found = dropped;
        }
      }
      if (count == 1)
        return found;
    }
    if (!keepdims || llvm::is_contained(inSizes, kUnknownSize) ||
        outSizes.size() != inSizes.size()) {
      atRunTime = true;
      return std::nullopt;
    }
    axes.emplace();
    for (int64_t d = 0; d < rank; ++d)
      if (outSizes[d] == 1 && inSizes[d] != 1)
        axes->push_back(d);
    if (axes->empty()) // nothing reduced: keep it that way
      return axes;
  }
  if (axes->empty()) {
    if (n.intAttr("noop_with_empty_axes", 0))
      return axes;
    for (int64_t d = 0; d < rank; ++d)
      axes->push_back(d);
    return axes;
  }
  SmallVector<int64_t> dims;
  for (int64_t a : *axes) {
    int64_t d = a < 0 ? a + rank : a;
    if (d < 0 || d >= rank) {
      (void)n.fail("axis " + Twine(a) + " is out of range for rank " +
                   Twine(rank));
      return std::nullopt;
    }
    if (!llvm::is_contained(dims, d))
      dims.push_back(d);
  }
  llvm::sort(dims);
  return dims;
}

/// The type of `in` reduced over `dims`.
ValueTensorType reducedType(OnnxNode &n, ValueTensorType in,
                            ArrayRef<int64_t> dims, bool keepdim, Type dtype) {
  SmallVector<int64_t> sizes;
  for (auto [d, size] : llvm::enumerate(in.getSizes())) {
    if (!llvm::is_contained(dims, static_cast<int64_t>(d)))
      sizes.push_back(size);
    else if (keepdim)
      sizes.push_back(1);
  }
  return n.tensorType(sizes, dtype);
}

/// LogSumExp is ATen's logsumexp (the max subtracted first), L1 and L2 its
/// linalg_vector_norm of ord 1 and 2 (floats); the middle end breaks them
/// down.
enum class Kind { Sum, Mean, Max, Min, Prod, LogSumExp, L1, L2 };

/// `x` reduced over `dims` into `type`.
Value reduce(OnnxNode &n, Kind kind, Value x, ArrayRef<int64_t> dims,
             bool keepdim, ValueTensorType type) {
  Value keep = n.constBool(keepdim);
  switch (kind) {
  case Kind::Sum:
    return n.create<AtenSumDimIntListOp>(type, x, n.intList(dims), keep,
                                         n.none());
  case Kind::Mean:
    return n.create<AtenMeanDimOp>(type, x, n.intList(dims), keep, n.none());
  case Kind::Max:
    return n.create<AtenAmaxOp>(type, x, n.intList(dims), keep);
  case Kind::Min:
    return n.create<AtenAminOp>(type, x, n.intList(dims), keep);
  case Kind::Prod: {
    // prod.dim_int takes one dim: reduce the last first, so the others'
    // indices hold.
    auto current = cast<ValueTensorType>(x.getType());
    for (int64_t d : llvm::reverse(dims)) {
      ValueTensorType next =
          reducedType(n, current, {d}, keepdim, type.getDtype());
      x = n.create<AtenProdDimIntOp>(next, x, n.constInt(d), keep, n.none());
      current = next;
    }
    return x;
  }
  case Kind::LogSumExp:
    return n.create<AtenLogsumexpOp>(type, x, n.intList(dims), keep);
  case Kind::L1:
  case Kind::L2:
    return n.create<AtenLinalgVectorNormOp>(
        type, x, n.constFloat(kind == Kind::L1 ? 1.0 : 2.0), n.intList(dims),
        keep, n.none());
  }
  llvm_unreachable("every kind is handled");
}

/// `x` reduced over axes known only at run time (operand 1, of static
/// length, not 0) into `out`: each dim in turn is reduced (keeping it, as 1)
/// where an axis names it, in a `torch.prim.If`; without keepdims the reduced
/// dims are then dropped by a reshape to the sizes of the kept ones. Null
/// after reporting why.
Value reduceAtRunTime(OnnxNode &n, Kind kind, Value x, ValueTensorType out) {
  auto in = cast<ValueTensorType>(x.getType());
  int64_t rank = in.getSizes().size();
  int64_t outRank = out.getSizes().size();
  bool keepdims = n.intAttr("keepdims", 1);
  std::optional<SmallVector<Value>> axes = n.intsOf(1);
  if (!axes) {
    (void)n.fail("axes given at run time must have a static length");
    return nullptr;
  }
  if (keepdims ? outRank != rank : outRank > rank) {
    (void)n.fail("the result's rank " + Twine(outRank) +
                 " cannot come of reducing rank " + Twine(rank));
    return nullptr;
  }
  Type intType = n.b.getType<Torch::IntType>();
  Type boolType = n.b.getType<Torch::BoolType>();
  auto add = [&](Value a, Value c) {
    return n.create<AtenAddIntOp>(intType, a, c);
  };
  auto asInt = [&](Value flag) {
    return n.create<AtenIntBoolOp>(intType, flag);
  };
  SmallVector<Value> normalized;
  for (Value a : *axes)
    normalized.push_back(n.axisAtRunTime(a, rank, "an axis"));
  Value current = x;
  SmallVector<Value> reduced; // per dim, a !torch.bool
  for (int64_t d = 0; d < rank; ++d) {
    Value hits = n.constInt(0);
    for (Value a : normalized)
      hits = add(hits, asInt(n.eqInt(a, d)));
    Value flag = n.create<AtenGtIntOp>(boolType, hits, n.constInt(0));
    reduced.push_back(flag);
    auto type = cast<ValueTensorType>(current.getType());
    if (type.getSizes()[d] == 1)
      continue; // reducing a dim of 1 changes nothing
    SmallVector<int64_t> sizes(type.getSizes());
    sizes[d] = kUnknownSize;
    ValueTensorType one = reducedType(n, type, {d}, true, out.getDtype());
    Value before = current;
    current = n.ifElse(
        flag, n.tensorType(sizes, out.getDtype()),
        [&] { return reduce(n, kind, before, {d}, true, one); },
        [&] { return before; });
  }
  if (keepdims)
    return n.castTo(current, out);
  // The j-th size of the result: that of the j-th dim not reduced.
  SmallVector<Value> outSizes(outRank, n.constInt(0));
  Value keptSoFar = n.constInt(0);
  for (int64_t d = 0; d < rank; ++d) {
    Value kept =
        n.create<AtenSubIntOp>(intType, n.constInt(1), asInt(reduced[d]));
    Value size = n.mulInt(kept, n.sizeOf(current, d));
    for (int64_t j = 0; j < outRank; ++j)
      outSizes[j] =
          add(outSizes[j], n.mulInt(asInt(n.eqInt(keptSoFar, j)), size));
    keptSoFar = add(keptSoFar, kept);
  }
  n.check(n.eqInt(keptSoFar, outRank),
          "the axes leave a rank other than the result's " + Twine(outRank));
  return n.create<AtenReshapeOp>(out, current, n.sizeList(outSizes));
}

/// What a Reduce* node applies before and after a sum.
enum class Pre { None, Abs, Square };
enum class Post { None, Sqrt, Log };

/// `x` reduced over no axes (noop_with_empty_axes): the reduction is the
/// identity, the steps around it are not. |x| for the norms (sqrt(x * x)),
/// x for log-sum-exp (log(exp(x))), log(x) for ReduceLogSum.
Value overNoAxes(OnnxNode &n, Kind kind, Pre pre, Post post, Value x,
                 ValueTensorType type) {
  if (kind == Kind::L1 || kind == Kind::L2 || pre == Pre::Abs ||
      (pre == Pre::Square && post == Post::Sqrt))
    return n.create<AtenAbsOp>(type, x);
  if (pre == Pre::Square)
    x = n.create<AtenMulTensorOp>(type, x, x);
  if (post == Post::Sqrt)
    x = n.create<AtenSqrtOp>(type, x);
  else if (post == Post::Log)
    x = n.create<AtenLogOp>(type, x);
  return x;
}

template <Kind kind, Pre pre, Post post, bool axesOperand>
LogicalResult reduceNode(OnnxNode &n) {
  bool atRunTime = false;
  std::optional<SmallVector<int64_t>> dims =
      reducedDims(n, axesOperand, atRunTime);
  if (!dims && !atRunTime)
    return failure();
  ValueTensorType out = n.resultType(), in = n.operandType(0);
  if (!atRunTime && dims->empty()) { // noop_with_empty_axes
    Value y = overNoAxes(n, kind, pre, post, n.operand(0),
                         n.tensorType(in.getSizes(), out.getDtype()));
    if (y.getType() != out)
      return n.fail("an empty reduction whose result type differs");
    return n.replace(y);
  }
  bool isFloat = isa<mlir::FloatType>(out.getDtype());
  if constexpr (kind == Kind::L1 || kind == Kind::L2) {
    // linalg_vector_norm takes floats: integers, and axes known only at run
    // time (reduced one dim at a time), sum |x| or x * x.
    constexpr bool l1 = kind == Kind::L1;
    if (!isFloat || atRunTime)
      return reduceNode<Kind::Sum, (l1 ? Pre::Abs : Pre::Square),
                        (l1 ? Post::None : Post::Sqrt), axesOperand>(n);
  }
  // Where exp or squares under a root overflow half precision and the result
  // does not: computed in f32, rounded once. Log-sum-exp of integers in f64,
  // as ONNX's reference computes it.
  Type dtype = out.getDtype();
  if (kind == Kind::LogSumExp && !isFloat)
    dtype = n.b.getF64Type();
  else if (kind == Kind::LogSumExp || kind == Kind::L2 || post == Post::Sqrt)
    dtype = n.computeType(dtype);
  Value x = n.convert(n.operand(0), dtype);
  if (!x)
    return n.fail("no Torch dtype to compute in");
  ValueTensorType elementwise = n.tensorType(in.getSizes(), dtype);
  if (pre == Pre::Abs)
    x = n.create<AtenAbsOp>(elementwise, x);
  else if (pre == Pre::Square)
    x = n.create<AtenMulTensorOp>(elementwise, x, x);
  ValueTensorType reduced =
      dtype == out.getDtype() ? out : n.tensorType(out.getSizes(), dtype);
  Value r;
  if (atRunTime) {
    r = reduceAtRunTime(n, kind, x, reduced);
    if (!r)
      return failure();
  } else {
    r = reduce(n, kind, x, *dims, n.intAttr("keepdims", 1), reduced);
  }
  if (post == Post::Sqrt)
    r = n.create<AtenSqrtOp>(reduced, r);
  else if (post == Post::Log)
    r = n.create<AtenLogOp>(reduced, r);
  return n.replace(n.convert(r, out.getDtype()));
}

/// Softmax and LogSoftmax: over one dim, ATen's softmax.int / log_softmax.int;
/// over several (opset < 13), shifted by the max for stability here.
template <bool log> LogicalResult softmaxOver(OnnxNode &n, bool oneAxis) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's or result's rank or dtype is unknown");
  int64_t rank = in.getSizes().size();
  int64_t axis = n.intAttr("axis", oneAxis ? -1 : 1);
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= std::max<int64_t>(rank, 1))
    return n.fail("axis is out of range");
  // Before opset 13 the input is taken as a matrix: dims before `axis` rows,
  // the rest one row's elements.
  SmallVector<int64_t> dims;
  for (int64_t d = axis; d < (oneAxis ? axis + 1 : rank); ++d)
    dims.push_back(d);
  // Half precision: computed in f32, rounded once.
  Type dtype = n.computeType(out.getDtype());
  Value x = n.convert(n.operand(0), dtype);
  ValueTensorType full = n.tensorType(out.getSizes(), dtype);
  if (dims.size() == 1) { // ATen's op; the middle end breaks it down
    Value y =
        log ? n.create<AtenLogSoftmaxIntOp>(full, x, n.constInt(axis), n.none())
            : n.create<AtenSoftmaxIntOp>(full, x, n.constInt(axis), n.none());
    return n.replace(n.convert(y, out.getDtype()));
  }
  ValueTensorType kept = reducedType(n, in, dims, true, dtype);
  Value max = n.create<AtenAmaxOp>(kept, x, n.intList(dims), n.constBool(true));
  Value shifted = n.create<AtenSubTensorOp>(full, x, max, n.constInt(1));
  Value exp = n.create<AtenExpOp>(full, shifted);
  Value sum = n.create<AtenSumDimIntListOp>(kept, exp, n.intList(dims),
                                            n.constBool(true), n.none());
  Value result;
  if (!log) {
    result = n.create<AtenDivTensorOp>(full, exp, sum);
  } else {
    Value logSum = n.create<AtenLogOp>(kept, sum);
    result = n.create<AtenSubTensorOp>(full, shifted, logSum, n.constInt(1));
  }
  return n.replace(n.convert(result, out.getDtype()));
}

/// A literal [n-1, ..., 0]: index_select by it reverses a dim.
Value reversedIndices(OnnxNode &n, int64_t count) {
  SmallVector<int64_t> values;
  for (int64_t i = count - 1; i >= 0; --i)
    values.push_back(i);
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  ValueTensorType t = n.tensorType({count}, si64);
  return n.b.create<ValueTensorLiteralOp>(
      n.loc, t,
      DenseElementsAttr::get(RankedTensorType::get({count}, si64),
                             ArrayRef(values)));
}

template <typename AtenOp> LogicalResult argReduce(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's or result's rank or dtype is unknown");
  int64_t rank = in.getSizes().size();
  int64_t axis = n.intAttr("axis", 0);
  if (axis < 0)
    axis += rank;
  Value x = n.operand(0);
  Value keep = n.constBool(n.intAttr("keepdims", 1));
  if (!n.intAttr("select_last_index", 0))
    return n.replace(n.create<AtenOp>(out, x, n.constInt(axis), keep));
  // The last extreme: the first one of the reversed dim, counted back.
  int64_t size = in.getSizes()[axis];
  if (size == kUnknownSize)
    return n.fail("select_last_index=1 needs the axis' size static");
  x = n.create<AtenIndexSelectOp>(in, x, n.constInt(axis),
                                  reversedIndices(n, size));
  Value first = n.create<AtenOp>(out, x, n.constInt(axis), keep);
  return n.replace(n.create<AtenRsubScalarOp>(out, first, n.constInt(size - 1),
                                              n.constInt(1)));
}

/// 1 at the first maximum along the axis, 0 elsewhere (opset 13's single
/// axis; before, the dims from `axis` on as one, which only the last axis
/// alone agrees with).
LogicalResult hardmax(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || llvm::is_contained(in.getSizes(), kUnknownSize))
    return n.fail("the input's shape is not static");
  int64_t rank = in.getSizes().size();
  int64_t axis = n.intAttr("axis", n.opset >= 13 ? -1 : 1);
  if (axis < 0)
    axis += rank;
  if (n.opset < 13 && axis != rank - 1)
    return n.fail("before opset 13, only the last axis is converted");
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  int64_t size = in.getSizes()[axis];
  Value positions = n.positionsLiteral(rank, axis, size);
  SmallVector<int64_t> kept(in.getSizes());
  kept[axis] = 1;
  Value first = n.create<AtenArgmaxOp>(n.tensorType(kept, si64), n.operand(0),
                                       n.constInt(axis), n.constBool(true));
  Value mask = n.create<AtenEqTensorOp>(
      n.tensorType(in.getSizes(), n.b.getI1Type()), positions, first);
  Value result = n.convert(mask, out.getDtype());
  if (!result)
    return n.fail("no Torch dtype for the result");
  return n.replace(result);
}

LogicalResult topK(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), values = n.resultType(0),
                  indices = n.resultType(1);
  if (!in || !values || !indices)
    return n.fail("the input's or results' types are unknown");
  int64_t rank = in.getSizes().size();
  int64_t axis = n.intAttr("axis", -1);
  if (axis < 0)
    axis += rank;
  std::optional<int64_t> k;
  if (n.opset < 10)
    k = n.intAttr("k");
  else if (auto given = n.constantInts(1); given && given->size() == 1)
    k = (*given)[0];
  else if (values.getSizes()[axis] != kUnknownSize)
    k = values.getSizes()[axis]; // K at run time: the result's size says it
  if (!k)
    return n.fail("K must be a constant or implied by the result's shape");
  auto topk = n.b.create<AtenTopkOp>(
      n.loc, TypeRange{values, indices}, n.operand(0), n.constInt(*k),
      n.constInt(axis), n.constBool(n.intAttr("largest", 1)),
      n.constBool(n.intAttr("sorted", 1)));
  return n.replace(topk->getResults());
}

/// CumSum and CumProd; `reverse` runs from the end (the dim reversed
/// before and after), `exclusive` leaves each element out of its own total.
/// An axis known only at run time picks among the input's dims in nested
/// `torch.prim.If`s, each computing along its own.
template <typename AtenOp, bool product> LogicalResult cumulative(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out)
    return n.fail("the input's or result's rank or dtype is unknown");
  int64_t rank = in.getSizes().size();
  bool reverse = n.intAttr("reverse", 0), exclusive = n.intAttr("exclusive", 0);
  auto along = [&](int64_t dim) -> Value {
    int64_t size = in.getSizes()[dim];
    Value x = n.operand(0);
    if (reverse)
      x = n.create<AtenIndexSelectOp>(in, x, n.constInt(dim),
                                      reversedIndices(n, size));
    if (exclusive && product) {
      // The product of those before: the input shifted by one, a 1 first.
      SmallVector<int64_t> pads(2 * rank, 0);
      pads[2 * (rank - 1 - dim)] = 1;
      SmallVector<int64_t> padded(in.getSizes());
      padded[dim] += 1;
      x = n.create<AtenConstantPadNdOp>(n.tensorType(padded, in.getDtype()), x,
                                        n.intList(pads), n.constFloat(1.0));
      x = n.create<AtenSliceTensorOp>(in, x, n.constInt(dim), n.constInt(0),
                                      n.constInt(size), n.constInt(1));
    }
    Value total = n.create<AtenOp>(out, x, n.constInt(dim), n.none());
    if (exclusive && !product) // the sum of those before: minus itself
      total = n.create<AtenSubTensorOp>(out, total, x, n.constInt(1));
    if (reverse)
      total = n.create<AtenIndexSelectOp>(out, total, n.constInt(dim),
                                          reversedIndices(n, size));
    return total;
  };
  auto needsStatic = [&](int64_t dim) {
    return (reverse || (exclusive && product)) &&
           in.getSizes()[dim] == kUnknownSize;
  };
  if (rank == 0)
    return n.fail("the input must have a rank of at least 1");
  std::optional<SmallVector<int64_t>> axis = n.constantInts(1);
  if (!axis && rank == 1)
    axis = SmallVector<int64_t>{0}; // at run time, but a vector has one axis
  if (axis) {
    if (axis->size() != 1)
      return n.fail("the axis must be one integer");
    int64_t dim = (*axis)[0] < 0 ? (*axis)[0] + rank : (*axis)[0];
    if (dim < 0 || dim >= rank)
      return n.fail("axis " + Twine((*axis)[0]) + " is out of range");
    if (needsStatic(dim))
      return n.fail("reverse or exclusive needs the axis' size static");
    return n.replace(along(dim));
  }
  for (int64_t d = 0; d < rank; ++d)
    if (needsStatic(d))
      return n.fail("reverse or exclusive with the axis at run time needs "
                    "static sizes");
  Value a = n.intOf(1);
  if (!a)
    return n.fail("the axis must be a tensor of one integer");
  Value dim = n.axisAtRunTime(a, rank, "the axis");
  std::function<Value(int64_t)> from = [&](int64_t d) -> Value {
    if (d == rank - 1)
      return along(d);
    return n.ifElse(
        n.eqInt(dim, d), out, [&] { return along(d); },
        [&] { return from(d + 1); });
  };
  return n.replace(from(0));
}

/// Unique (opset 11): the distinct slices along `axis` (of the flattened
/// input without one), by pairwise comparison of the M slices (M static):
/// equal[i, j] and lexicographic less[i, j]; a slice's first occurrence is
/// the one no earlier slice equals; sorted, the output position of a first
/// occurrence is how many distinct slices are less; unsorted, their order.
/// Results: the slices, their first indices, each slice's output position,
/// the counts.
LogicalResult unique(OnnxNode &n) {
  ValueTensorType in = n.operandType(0);
  if (!in || llvm::is_contained(in.getSizes(), kUnknownSize))
    return n.fail("the input's shape must be static");
  for (unsigned r = 0; r < n.numResults(); ++r)
    if (!n.op->getResult(r).use_empty() && !n.resultType(r))
      return n.fail("output " + Twine(r) + "'s rank or dtype is unknown");
  MLIRContext *ctx = n.b.getContext();
  auto si64 = IntegerType::get(ctx, 64, IntegerType::Signed);
  Type i1 = n.b.getI1Type(), f64 = n.b.getF64Type();
  ArrayRef<int64_t> sizes = in.getSizes();
  int64_t rank = sizes.size();
  std::optional<int64_t> axis = n.intAttr("axis");
  Value x = n.operand(0);
  int64_t count = 1;
  for (int64_t size : sizes)
    count *= size;
  // The slices as rows [M, S], compared as f64 (exact for every dtype the
  // suite holds).
  int64_t m, width;
  SmallVector<int64_t> moved; // the input with `axis` first
  if (!axis) {
    m = count;
    width = 1;
  } else {
    if (*axis < 0)
      *axis += rank;
    if (*axis < 0 || *axis >= rank)
      return n.fail("axis is out of range");
    m = sizes[*axis];
    width = m ? count / m : 0;
    moved.push_back(m);
    for (int64_t d = 0; d < rank; ++d)
      if (d != *axis)
        moved.push_back(sizes[d]);
    SmallVector<int64_t> order = {*axis};
    for (int64_t d = 0; d < rank; ++d)
      if (d != *axis)
        order.push_back(d);
    x = n.create<AtenPermuteOp>(n.tensorType(moved, in.getDtype()), x,
                                n.intList(order));
  }
  if (m == 0)
    return n.fail("an empty input is not converted");
  Value rows = n.create<AtenReshapeOp>(n.tensorType({m, width}, in.getDtype()),
                                       x, n.intList({m, width}));
  Value exact = n.convert(rows, f64);
  ValueTensorType cubeMask = n.tensorType({m, m, width}, i1);
  ValueTensorType square = n.tensorType({m, m}, i1);
  Value a = n.create<AtenUnsqueezeOp>(n.tensorType({m, 1, width}, f64), exact,
                                      n.constInt(1));
  Value b = n.create<AtenUnsqueezeOp>(n.tensorType({1, m, width}, f64), exact,
                                      n.constInt(0));
  Value differs = n.create<AtenNeTensorOp>(cubeMask, a, b);
  Value anyDiff = n.create<AtenAnyDimOp>(square, differs, n.constInt(2),
                                         n.constBool(false));
  Value equal = n.create<AtenLogicalNotOp>(square, anyDiff);
  // Lexicographic: at the first differing position, a < b.
  Value first = n.create<AtenArgmaxOp>(n.tensorType({m, m, 1}, si64),
                                       n.convert(differs, si64), n.constInt(2),
                                       n.constBool(true));
  Value lower = n.create<AtenLtTensorOp>(cubeMask, a, b);
  Value lowerAtFirst =
      n.create<AtenGatherOp>(n.tensorType({m, m, 1}, i1), lower, n.constInt(2),
                             first, n.constBool(false));
  Value less = n.create<AtenLogicalAndOp>(
      square, anyDiff,
      n.create<AtenSqueezeDimOp>(square, lowerAtFirst, n.constInt(2)));
  // First occurrences: no earlier slice equals.
  SmallVector<bool> earlier;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < m; ++j)
      earlier.push_back(j < i);
  Value earlierMask = n.b.create<ValueTensorLiteralOp>(
      n.loc, square,
      DenseElementsAttr::get(RankedTensorType::get({m, m}, i1),
                             ArrayRef(earlier)));
  ValueTensorType vector = n.tensorType({m}, i1);
  Value seenBefore = n.create<AtenAnyDimOp>(
      vector, n.create<AtenLogicalAndOp>(square, equal, earlierMask),
      n.constInt(1), n.constBool(false));
  Value isFirst = n.create<AtenLogicalNotOp>(vector, seenBefore);
  ValueTensorType some = n.tensorType({kUnknownSize}, si64);
  Value firsts = n.create<AtenSelectIntOp>(
      some,
      n.create<AtenNonzeroOp>(n.tensorType({kUnknownSize, 1}, si64), isFirst),
      n.constInt(1), n.constInt(0));
  Value picked = firsts; // the first occurrences in output order
  if (n.intAttr("sorted", 1)) {
    // rank[i]: the distinct slices less than slice i.
    ValueTensorType counts = n.tensorType({m}, si64);
    Value distinctLess = n.create<AtenLogicalAndOp>(
        square,
        n.create<AtenUnsqueezeOp>(n.tensorType({m, 1}, i1), isFirst,
                                  n.constInt(1)),
        less);
    Value ranks = n.create<AtenSumDimIntListOp>(
        counts, n.convert(distinctLess, si64), n.intList({0}),
        n.constBool(false), n.none());
    Value firstRanks =
        n.create<AtenIndexSelectOp>(some, ranks, n.constInt(0), firsts);
    auto sort = n.b.create<AtenSortOp>(n.loc, TypeRange{some, some}, firstRanks,
                                       n.constInt(0), n.constBool(false));
    picked = n.create<AtenIndexSelectOp>(some, firsts, n.constInt(0),
                                         sort.getResult(1));
  }
  SmallVector<Value> results;
  // Y: the picked slices, the axis back in place.
  SmallVector<int64_t> ySizes =
      moved.empty() ? SmallVector<int64_t>{} : SmallVector<int64_t>(moved);
  Value y;
  if (!axis) {
    Value flat = n.create<AtenReshapeOp>(n.tensorType({m}, in.getDtype()), rows,
                                         n.intList({m}));
    y = n.create<AtenIndexSelectOp>(n.tensorType({kUnknownSize}, in.getDtype()),
                                    flat, n.constInt(0), picked);
  } else {
    ySizes[0] = kUnknownSize;
    y = n.create<AtenIndexSelectOp>(n.tensorType(ySizes, in.getDtype()), x,
                                    n.constInt(0), picked);
    SmallVector<int64_t> back, backSizes;
    for (int64_t d = 0; d < rank; ++d) {
      // Dim d of the result is dim `from` of the moved tensor.
      int64_t from = d == *axis ? 0 : (d < *axis ? d + 1 : d);
      back.push_back(from);
      backSizes.push_back(ySizes[from]);
    }
    y = n.create<AtenPermuteOp>(n.tensorType(backSizes, in.getDtype()), y,
                                n.intList(back));
  }
  results.push_back(y);
  results.push_back(picked);
  // inverse_indices: each slice's first occurrence's output position.
  ValueTensorType positionsType = n.tensorType({m}, si64);
  Value equalAsInt = n.convert(equal, si64);
  Value firstEqual = n.create<AtenArgmaxOp>(positionsType, equalAsInt,
                                            n.constInt(1), n.constBool(false));
  Value outputOrder = n.create<AtenArangeOp>(
      some,
      n.create<AtenSizeIntOp>(n.b.getType<Torch::IntType>(), picked,
                              n.constInt(0)),
      n.constInt(4), n.none(), n.none(), n.none());
  Value zeros =
      n.create<AtenZerosOp>(positionsType, n.intList({m}), n.constInt(4),
                            n.none(), n.none(), n.none());
  Value positionOf = n.create<AtenScatterSrcOp>(
      positionsType, zeros, n.constInt(0), picked, outputOrder);
  results.push_back(n.create<AtenIndexSelectOp>(positionsType, positionOf,
                                                n.constInt(0), firstEqual));
  // counts: how many slices equal each picked one.
  Value perSlice = n.create<AtenSumDimIntListOp>(
      positionsType, equalAsInt, n.intList({1}), n.constBool(false), n.none());
  results.push_back(
      n.create<AtenIndexSelectOp>(some, perSlice, n.constInt(0), picked));
  SmallVector<Value> replaced;
  for (unsigned r = 0; r < n.numResults(); ++r) {
    if (n.op->getResult(r).use_empty() || !n.resultType(r)) {
      replaced.push_back(results[r]);
      continue;
    }
    replaced.push_back(n.castTo(results[r], n.resultType(r)));
  }
  return n.replace(replaced);
}

const OnnxConversion kReductionConversions[] = {
    {"ReduceSum", 1, reduceNode<Kind::Sum, Pre::None, Post::None, false>},
    {"ReduceSum", 13, reduceNode<Kind::Sum, Pre::None, Post::None, true>},
    {"ReduceMean", 1, reduceNode<Kind::Mean, Pre::None, Post::None, false>},
    {"ReduceMean", 18, reduceNode<Kind::Mean, Pre::None, Post::None, true>},
    {"ReduceMax", 1, reduceNode<Kind::Max, Pre::None, Post::None, false>},
    {"ReduceMax", 18, reduceNode<Kind::Max, Pre::None, Post::None, true>},
    {"ReduceMin", 1, reduceNode<Kind::Min, Pre::None, Post::None, false>},
    {"ReduceMin", 18, reduceNode<Kind::Min, Pre::None, Post::None, true>},
    {"ReduceProd", 1, reduceNode<Kind::Prod, Pre::None, Post::None, false>},
    {"ReduceProd", 18, reduceNode<Kind::Prod, Pre::None, Post::None, true>},
    {"ReduceL1", 1, reduceNode<Kind::L1, Pre::None, Post::None, false>},
    {"ReduceL1", 18, reduceNode<Kind::L1, Pre::None, Post::None, true>},
    {"ReduceL2", 1, reduceNode<Kind::L2, Pre::None, Post::None, false>},
    {"ReduceL2", 18, reduceNode<Kind::L2, Pre::None, Post::None, true>},
    {"ReduceSumSquare", 1,
     reduceNode<Kind::Sum, Pre::Square, Post::None, false>},
    {"ReduceSumSquare", 18,
     reduceNode<Kind::Sum, Pre::Square, Post::None, true>},
    {"ReduceLogSum", 1, reduceNode<Kind::Sum, Pre::None, Post::Log, false>},
    {"ReduceLogSum", 18, reduceNode<Kind::Sum, Pre::None, Post::Log, true>},
    {"ReduceLogSumExp", 1,
     reduceNode<Kind::LogSumExp, Pre::None, Post::None, false>},
    {"ReduceLogSumExp", 18,
     reduceNode<Kind::LogSumExp, Pre::None, Post::None, true>},
    {"Softmax", 1, [](OnnxNode &n) { return softmaxOver<false>(n, false); }},
    {"Softmax", 13, [](OnnxNode &n) { return softmaxOver<false>(n, true); }},
    {"LogSoftmax", 1, [](OnnxNode &n) { return softmaxOver<true>(n, false); }},
    {"LogSoftmax", 13, [](OnnxNode &n) { return softmaxOver<true>(n, true); }},
    {"ArgMax", 1, argReduce<AtenArgmaxOp>},
    {"ArgMin", 1, argReduce<AtenArgminOp>},
    {"CumSum", 11, cumulative<AtenCumsumOp, false>},
    {"CumProd", 26, cumulative<AtenCumprodOp, true>},
    {"Hardmax", 1, hardmax},
    {"TopK", 1, topK},
    {"Unique", 11, unique},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::reductionConversions() {
  return kReductionConversions;
}
