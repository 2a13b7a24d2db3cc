//===- Indexing.cpp - ONNX's gathers, scatters and masks ------------------===//
//
// Gather, GatherElements, GatherND, Scatter, ScatterElements, ScatterND,
// TensorScatter, NonZero, Compress, OneHot and Trilu: ATen's index_select,
// gather, index.Tensor, scatter, scatter_reduce, index_put, nonzero, triu and
// tril, negative indices counted from the end first.
//
//===----------------------------------------------------------------------===//

#include "OnnxNode.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

/// `indices` with negative entries counted from the end of a dim of `size`
/// (a !torch.int).
Value wrapNegative(OnnxNode &n, Value indices, Value size) {
  auto t = cast<ValueTensorType>(indices.getType());
  Value negative = n.create<AtenLtScalarOp>(
      n.tensorType(t.getSizes(), n.b.getI1Type()), indices, n.constInt(0));
  Value shifted = n.create<AtenAddScalarOp>(t, indices, size, n.constInt(1));
  return n.create<AtenWhereSelfOp>(t, negative, shifted, indices);
}

Value wrapNegative(OnnxNode &n, Value indices, int64_t size) {
  return wrapNegative(n, indices, n.constInt(size));
}

/// NonZero (opset 9): the indices of the nonzero elements, [rank, count]
/// (aten.nonzero's [count, rank] transposed).
LogicalResult nonZero(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || out.getSizes().size() != 2)
    return n.fail("the input's rank or the result's type is unknown");
  int64_t rank = in.getSizes().size();
  if (rank == 0)
    return n.fail("a 0-d input is not converted");
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  Value indices = n.create<AtenNonzeroOp>(
      n.tensorType({kUnknownSize, rank}, si64), n.operand(0));
  Value transposed =
      n.create<AtenTransposeIntOp>(n.tensorType({rank, kUnknownSize}, si64),
                                   indices, n.constInt(0), n.constInt(1));
  return n.replace(n.castTo(transposed, out));
}

/// Compress (opset 9): the slices along `axis` (of the flattened input
/// without one) whose condition is true; the condition may be shorter than
/// the axis, not longer (checked as it runs).
LogicalResult compress(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), cond = n.operandType(1),
                  out = n.resultType();
  if (!in || !cond || !out || cond.getSizes().size() != 1)
    return n.fail("the input's, the 1-D condition's or the result's type is "
                  "unknown");
  Value x = n.operand(0);
  int64_t rank = in.getSizes().size();
  std::optional<int64_t> axis = n.intAttr("axis");
  if (!axis) {
    int64_t count = 1;
    for (int64_t size : in.getSizes())
      count = sizeProduct(count, size);
    x = n.create<AtenReshapeOp>(n.tensorType({count}, in.getDtype()), x,
                                n.intList({-1}));
    axis = 0;
    rank = 1;
  }
  if (*axis < 0)
    *axis += rank;
  if (*axis < 0 || *axis >= rank)
    return n.fail("axis is out of range");
  n.check(n.create<AtenLeIntOp>(n.b.getType<Torch::BoolType>(),
                                n.sizeOf(n.operand(1), 0), n.sizeOf(x, *axis)),
          "the condition is longer than the input along the axis");
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  Value hits = n.create<AtenNonzeroOp>(n.tensorType({kUnknownSize, 1}, si64),
                                       n.operand(1));
  Value index = n.create<AtenSelectIntOp>(n.tensorType({kUnknownSize}, si64),
                                          hits, n.constInt(1), n.constInt(0));
  SmallVector<int64_t> sizes(cast<ValueTensorType>(x.getType()).getSizes());
  sizes[*axis] = kUnknownSize;
  Value picked = n.create<AtenIndexSelectOp>(n.tensorType(sizes, in.getDtype()),
                                             x, n.constInt(*axis), index);
  return n.replace(n.castTo(picked, out));
}

LogicalResult gather(OnnxNode &n) {
  ValueTensorType data = n.operandType(0), indices = n.operandType(1),
                  out = n.resultType();
  if (!data || !indices || !out)
    return n.fail("an operand's or the result's rank is unknown");
  int64_t rank = data.getSizes().size();
  int64_t axis = n.intAttr("axis", 0);
  if (axis < 0)
    axis += rank;
  int64_t count = 1;
  for (int64_t s : indices.getSizes())
    count = sizeProduct(count, s);
  // One index_select by the indices flattened, then the result's shape.
  // Constant indices into a static dimension (a shape's, mostly) are wrapped
  // here, into a literal that torch-scalarize-shapes can read.
  Value flat;
  int64_t dimSize = data.getSizes()[axis];
  std::optional<SmallVector<int64_t>> constant = n.constantInts(1);
  if (constant && dimSize != kUnknownSize) {
    for (int64_t &i : *constant)
      i = i < 0 ? i + dimSize : i;
    auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
    int64_t k = constant->size();
    flat = n.b.create<ValueTensorLiteralOp>(
        n.loc, n.tensorType({k}, si64),
        DenseElementsAttr::get(RankedTensorType::get({k}, si64),
                               ArrayRef(*constant)));
  } else {
    flat = n.create<AtenReshapeOp>(
        n.tensorType({count}, indices.getDtype()), n.operand(1),
        n.intList({count == kUnknownSize ? -1 : count}));
    flat = wrapNegative(n, flat, n.sizeOf(n.operand(0), axis));
  }
  SmallVector<int64_t> selected(data.getSizes());
  selected[axis] = count;
  Value picked =
      n.create<AtenIndexSelectOp>(n.tensorType(selected, out.getDtype()),
                                  n.operand(0), n.constInt(axis), flat);
  int64_t indexRank = indices.getSizes().size();
  std::optional<Value> shape = n.resultShapeList([&](int64_t d) -> Value {
    if (d < axis)
      return n.sizeOf(n.operand(0), d);
    if (d < axis + indexRank)
      return n.sizeOf(n.operand(1), d - axis);
    return n.sizeOf(n.operand(0), d - indexRank + 1);
  });
  if (!shape)
    return failure();
  return n.replace(n.create<AtenReshapeOp>(out, picked, *shape));
}

LogicalResult gatherElements(OnnxNode &n) {
  ValueTensorType data = n.operandType(0), out = n.resultType();
  if (!data || !out || !n.operandType(1))
    return n.fail("an operand's or the result's rank is unknown");
  int64_t axis = n.intAttr("axis", 0);
  if (axis < 0)
    axis += data.getSizes().size();
  Value index = wrapNegative(n, n.operand(1), n.sizeOf(n.operand(0), axis));
  return n.replace(n.create<AtenGatherOp>(out, n.operand(0), n.constInt(axis),
                                          index, n.constBool(false)));
}

/// Trilu: the elements on or above (upper: aten.triu) or on or below
/// (aten.tril) the k-th diagonal of the last two dims, 0 elsewhere; the
/// middle end breaks them down. k, a 0-d tensor, may be known only at run
/// time.
LogicalResult trilu(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || in.getSizes().size() < 2)
    return n.fail("the input's rank is unknown or below 2");
  Value k = n.operand(1) ? n.intOf(1) : n.constInt(0);
  if (!k)
    return n.fail("k must hold one integer");
  if (n.intAttr("upper", 1))
    return n.replace(n.create<AtenTriuOp>(in, n.operand(0), k));
  return n.replace(n.create<AtenTrilOp>(in, n.operand(0), k));
}

LogicalResult scatterElements(OnnxNode &n) {
  ValueTensorType data = n.operandType(0), out = n.resultType();
  if (!data || !out || !n.operandType(1) || !n.operandType(2))
    return n.fail("the operands' or result's types are unknown");
  int64_t axis = n.intAttr("axis", 0);
  if (axis < 0)
    axis += data.getSizes().size();
  Value index = wrapNegative(n, n.operand(1), n.sizeOf(n.operand(0), axis));
  StringRef reduction = n.stringAttr("reduction", "none");
  if (reduction == "none")
    return n.replace(n.create<AtenScatterSrcOp>(
        out, n.operand(0), n.constInt(axis), index, n.operand(2)));
  StringRef reduce = reduction == "add"   ? "sum"
                     : reduction == "mul" ? "prod"
                     : reduction == "max" ? "amax"
                     : reduction == "min" ? "amin"
                                          : "";
  if (reduce.empty())
    return n.fail("reduction '" + reduction + "' is unknown");
  Value mode = n.b.create<ConstantStrOp>(n.loc, n.b.getStringAttr(reduce));
  return n.replace(n.create<AtenScatterReduceTwoOp>(
      out, n.operand(0), n.constInt(axis), index, n.operand(2), mode,
      n.constBool(true)));
}

/// indices[..., j] for each j of the last dim: index tensors, one per
/// indexed dim of the data (as aten.index.Tensor and index_put take them).
std::optional<Value> indexList(OnnxNode &n, Value indices) {
  auto t = cast<ValueTensorType>(indices.getType());
  if (!t.hasSizes() || t.getSizes().empty() ||
      t.getSizes().back() == kUnknownSize)
    return std::nullopt;
  ArrayRef<int64_t> sizes = t.getSizes();
  ValueTensorType part = n.tensorType(sizes.drop_back(), t.getDtype());
  SmallVector<Value> parts;
  for (int64_t j = 0; j < sizes.back(); ++j)
    parts.push_back(n.create<AtenSelectIntOp>(
        part, indices, n.constInt(sizes.size() - 1), n.constInt(j)));
  return n.list(OptionalType::get(ValueTensorType::get(n.b.getContext())),
                parts);
}

/// GatherND: the indices' last dim as one index tensor per data dim
/// (aten.index.Tensor); with batch_dims, the leading dims are matched by
/// position (aranges shaped to broadcast as the batch).
LogicalResult gatherND(OnnxNode &n) {
  ValueTensorType out = n.resultType(), indices = n.operandType(1);
  if (!out || !n.operandType(0) || !indices)
    return n.fail("the operands' or result's types are unknown");
  int64_t batchDims = n.intAttr("batch_dims", 0);
  if (batchDims < 0 ||
      batchDims >= static_cast<int64_t>(indices.getSizes().size()))
    return n.fail("batch_dims must be below the indices' rank");
  std::optional<Value> list = indexList(n, n.operand(1));
  if (!list)
    return n.fail("the indices' last dim must be static");
  if (batchDims == 0)
    return n.replace(n.create<AtenIndexTensorOp>(out, n.operand(0), *list));
  // Index d < batch_dims is arange over dim d, shaped [1.., size, ..1] over
  // the indices' dims but the last.
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  int64_t indexRank = indices.getSizes().size() - 1;
  SmallVector<Value> parts;
  for (int64_t d = 0; d < batchDims; ++d) {
    int64_t size = indices.getSizes()[d];
    Value sizeValue = n.sizeOf(n.operand(1), d);
    Value range =
        n.create<AtenArangeOp>(n.tensorType({size}, si64), sizeValue,
                               n.constInt(4), n.none(), n.none(), n.none());
    SmallVector<int64_t> shape(indexRank, 1);
    shape[d] = size;
    SmallVector<Value> shapeValues(indexRank, n.constInt(1));
    shapeValues[d] = sizeValue;
    parts.push_back(n.create<AtenReshapeOp>(n.tensorType(shape, si64), range,
                                            n.sizeList(shapeValues)));
  }
  auto listOp = list->getDefiningOp<PrimListConstructOp>();
  parts.append(listOp.getElements().begin(), listOp.getElements().end());
  Value all = n.list(listOp.getType().getContainedType(), parts);
  return n.replace(n.create<AtenIndexTensorOp>(out, n.operand(0), all));
}

/// TensorScatter: `update` written into `past_cache` along `axis`, from
/// each batch's write index on (wrapping around in mode circular), by
/// aten.scatter.
LogicalResult tensorScatter(OnnxNode &n) {
  ValueTensorType past = n.operandType(0), update = n.operandType(1),
                  out = n.resultType();
  if (!past || !update || !out ||
      past.getSizes().size() != update.getSizes().size())
    return n.fail("the cache's and the update's ranks must be known and "
                  "equal");
  int64_t rank = past.getSizes().size();
  int64_t axis = n.intAttr("axis", -2);
  if (axis < 0)
    axis += rank;
  if (axis < 1 || axis >= rank)
    return n.fail("the axis must be past the batch dim");
  StringRef mode = n.stringAttr("mode", "linear");
  if (mode != "linear" && mode != "circular")
    return n.fail("mode '" + mode + "' is unknown");
  int64_t length = update.getSizes()[axis], batch = update.getSizes()[0];
  if (length == kUnknownSize || batch == kUnknownSize ||
      llvm::is_contained(update.getSizes(), kUnknownSize))
    return n.fail("the update's shape must be static");
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  // Positions [B, U]: write index + 0..U-1.
  Value start = n.operand(2)
                    ? n.convert(n.operand(2), si64)
                    : n.create<AtenZerosOp>(n.tensorType({batch}, si64),
                                            n.intList({batch}), n.constInt(4),
                                            n.none(), n.none(), n.none());
  start = n.create<AtenUnsqueezeOp>(n.tensorType({batch, 1}, si64), start,
                                    n.constInt(1));
  Value steps =
      n.create<AtenArangeOp>(n.tensorType({length}, si64), n.constInt(length),
                             n.constInt(4), n.none(), n.none(), n.none());
  ValueTensorType positionsType = n.tensorType({batch, length}, si64);
  Value positions =
      n.create<AtenAddTensorOp>(positionsType, start, steps, n.constInt(1));
  if (mode == "circular")
    positions = n.create<AtenRemainderScalarOp>(positionsType, positions,
                                                n.sizeOf(n.operand(0), axis));
  // Shaped [B, 1.., U (at axis), 1..] and broadcast to the update's shape.
  SmallVector<int64_t> shape(rank, 1);
  shape[0] = batch;
  shape[axis] = length;
  Value index = n.create<AtenReshapeOp>(n.tensorType(shape, si64), positions,
                                        n.intList(shape));
  index = n.create<AtenBroadcastToOp>(n.tensorType(update.getSizes(), si64),
                                      index, n.intList(update.getSizes()));
  return n.replace(n.create<AtenScatterSrcOp>(
      out, n.operand(0), n.constInt(axis), index, n.operand(1)));
}

/// ScatterND with reduction mul, max or min: data as [P, S] (P the
/// positions the indices' q components address, S the rest), each index as
/// its row P (strides of the first q dims), then aten.scatter_reduce of the
/// updates as [M, S] rows. Static shapes.
LogicalResult scatterNDReduced(OnnxNode &n, StringRef reduce) {
  ValueTensorType data = n.operandType(0), indices = n.operandType(1),
                  updates = n.operandType(2), out = n.resultType();
  ArrayRef<int64_t> sizes = data.getSizes();
  if (llvm::is_contained(sizes, kUnknownSize) || !indices.hasSizes() ||
      llvm::is_contained(indices.getSizes(), kUnknownSize) ||
      indices.getSizes().empty())
    return n.fail("a reduction other than add needs static shapes");
  int64_t q = indices.getSizes().back(), rank = sizes.size();
  if (q < 1 || q > rank)
    return n.fail("the indices' last dim must be 1 to the data's rank");
  int64_t rows = 1, cols = 1, updateRows = 1;
  for (int64_t d = 0; d < rank; ++d)
    (d < q ? rows : cols) *= sizes[d];
  for (int64_t size : indices.getSizes().drop_back())
    updateRows *= size;
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  ValueTensorType componentType =
      n.tensorType(indices.getSizes().drop_back(), si64);
  Value idx = n.convert(n.operand(1), si64);
  Value row;
  int64_t stride = rows;
  for (int64_t j = 0; j < q; ++j) {
    stride /= sizes[j];
    Value component = n.create<AtenSelectIntOp>(
        componentType, idx, n.constInt(indices.getSizes().size() - 1),
        n.constInt(j));
    component = wrapNegative(n, component, sizes[j]);
    Value term =
        n.create<AtenMulScalarOp>(componentType, component, n.constInt(stride));
    row = row ? Value(n.create<AtenAddTensorOp>(componentType, row, term,
                                                n.constInt(1)))
              : term;
  }
  Value rowIndex = n.create<AtenReshapeOp>(n.tensorType({updateRows, 1}, si64),
                                           row, n.intList({updateRows, 1}));
  rowIndex =
      n.create<AtenBroadcastToOp>(n.tensorType({updateRows, cols}, si64),
                                  rowIndex, n.intList({updateRows, cols}));
  Value table =
      n.create<AtenReshapeOp>(n.tensorType({rows, cols}, data.getDtype()),
                              n.operand(0), n.intList({rows, cols}));
  Value source = n.create<AtenReshapeOp>(
      n.tensorType({updateRows, cols}, updates.getDtype()), n.operand(2),
      n.intList({updateRows, cols}));
  Value mode = n.b.create<ConstantStrOp>(n.loc, n.b.getStringAttr(reduce));
  Value scattered = n.create<AtenScatterReduceTwoOp>(
      n.tensorType({rows, cols}, data.getDtype()), table, n.constInt(0),
      rowIndex, source, mode, n.constBool(true));
  return n.replace(
      n.create<AtenReshapeOp>(out, scattered, n.intList(out.getSizes())));
}

LogicalResult scatterND(OnnxNode &n) {
  ValueTensorType out = n.resultType();
  if (!out || !n.operandType(0) || !n.operandType(1) || !n.operandType(2))
    return n.fail("the operands' or result's types are unknown");
  StringRef reduction = n.stringAttr("reduction", "none");
  if (reduction == "mul" || reduction == "max" || reduction == "min")
    return scatterNDReduced(n, reduction == "mul"   ? "prod"
                               : reduction == "max" ? "amax"
                                                    : "amin");
  if (reduction != "none" && reduction != "add")
    return n.fail("reduction '" + reduction + "' is unknown");
  std::optional<Value> list = indexList(n, n.operand(1));
  if (!list)
    return n.fail("the indices' last dim must be static");
  return n.replace(n.create<AtenIndexPutOp>(
      out, n.operand(0), *list, n.operand(2), n.constBool(reduction == "add")));
}

/// on where the position along `axis` equals the index (negative ones
/// counted from depth), off elsewhere.
LogicalResult oneHot(OnnxNode &n) {
  ValueTensorType indices = n.operandType(0), out = n.resultType();
  if (!indices || !out || !n.operandType(2))
    return n.fail("the operands' or result's types are unknown");
  int64_t rank = out.getSizes().size();
  int64_t axis = n.intAttr("axis", -1);
  if (axis < 0)
    axis += rank;
  int64_t depth = out.getSizes()[axis];
  if (depth == kUnknownSize)
    return n.fail("the depth must be static");
  auto si64 = IntegerType::get(n.b.getContext(), 64, IntegerType::Signed);
  SmallVector<int64_t> unsqueezed(indices.getSizes());
  unsqueezed.insert(unsqueezed.begin() + axis, 1);
  Value idx = n.operand(0);
  idx = n.convert(idx, si64);
  idx = wrapNegative(n, idx, depth);
  idx = n.create<AtenReshapeOp>(n.tensorType(unsqueezed, si64), idx,
                                n.intList(unsqueezed));
  Value positions = n.positionsLiteral(rank, axis, depth);
  Value mask = n.create<AtenEqTensorOp>(
      n.tensorType(out.getSizes(), n.b.getI1Type()), positions, idx);
  auto valuesType = n.operandType(2);
  auto pick = [&](int64_t i) {
    return n.create<AtenSliceTensorOp>(
        n.tensorType({1}, valuesType.getDtype()), n.operand(2), n.constInt(0),
        n.constInt(i), n.constInt(i + 1), n.constInt(1));
  };
  return n.replace(n.create<AtenWhereSelfOp>(out, mask, pick(1), pick(0)));
}

const OnnxConversion kIndexingConversions[] = {
    {"Gather", 1, gather},
    {"NonZero", 9, nonZero},
    {"Compress", 9, compress},
    {"GatherElements", 11, gatherElements},
    {"Trilu", 14, trilu},
    {"Scatter", 9, scatterElements}, // ScatterElements' old name
    {"ScatterElements", 11, scatterElements},
    {"OneHot", 9, oneHot},
    {"GatherND", 11, gatherND},
    {"ScatterND", 11, scatterND},
    {"TensorScatter", 24, tensorScatter},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::indexingConversions() {
  return kIndexingConversions;
}
