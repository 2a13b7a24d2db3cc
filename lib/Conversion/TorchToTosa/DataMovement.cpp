//===- DataMovement.cpp - Views, permutations, slices, gathers as TOSA ----===//
//
// Every view of a value tensor is a copy in TOSA: reshapes (view, flatten,
// squeeze, unsqueeze) are tosa.reshape to the result's sizes; permutations
// tosa.transpose; slices of step 1 tosa.slice, strided ones a tosa.gather of
// the positions, and writes of them (slice_scatter) a concat or a select;
// expand a tile; cat a concat; constant_pad_nd a pad.
// index_select, embedding and gather are tosa.gather of [N, K, C] values.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "torch-mlir/Dialect/Torch/Builder/TorchBuilder.h"

using namespace mlir;
namespace mlir::torch::torch_to_tosa {
namespace {

/// Operand 0 reshaped to the result's sizes (at most one known only at run
/// time).
Value toResultShape(Lowering &l) {
  Value x = l.in(0);
  RankedTensorType result = l.type();
  if (!x || result.getNumDynamicDims() > 1)
    return l.fail("more than one size known only at run time");
  if (cast<RankedTensorType>(x.getType()).getElementType() !=
      result.getElementType())
    return l.fail("another dtype");
  return l.reshape(x, result.getShape());
}

Value permute(Lowering &l) {
  Value x = l.in(0);
  auto dims = l.constInts(1);
  if (!x || !dims)
    return l.fail("non-constant dims");
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  SmallVector<int64_t> perm;
  for (int64_t d : *dims) {
    auto w = wrap(d, rank);
    if (!w)
      return l.fail("dim out of range");
    perm.push_back(*w);
  }
  return l.transpose(x, perm);
}

Value transposeTwo(Lowering &l) {
  Value x = l.in(0);
  if (!x)
    return {};
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  SmallVector<int64_t> perm;
  for (int64_t i = 0; i < rank; ++i)
    perm.push_back(i);
  if (l.op->getNumOperands() == 1) { // t, numpy_T: reversed
    std::reverse(perm.begin(), perm.end());
    return l.transpose(x, perm);
  }
  auto a = wrap(l.constInt(1), rank), c = wrap(l.constInt(2), rank);
  if (!a || !c)
    return l.fail("non-constant dims");
  std::swap(perm[*a], perm[*c]);
  return l.transpose(x, perm);
}

/// Elements [start, start + step * count) of `x` along `dim`, every
/// `step`-th.
Value strided(Lowering &l, Value x, int64_t dim, int64_t start, int64_t step,
              int64_t count) {
  auto type = cast<RankedTensorType>(x.getType());
  if (step == 1) {
    SmallVector<int64_t> begin(type.getRank(), 0);
    SmallVector<int64_t> size(type.getShape());
    begin[dim] = start;
    size[dim] = count;
    return l.slice(x, begin, size);
  }
  SmallVector<int64_t> positions;
  for (int64_t i = 0; i < count; ++i)
    positions.push_back(start + i * step);
  return l.gather(x, dim, l.i32s(positions));
}

/// A slice's constant (dim, start, end, step) from operands 1-4 for `type`,
/// start and end clamped as PyTorch clamps them (None: the whole dim).
struct SliceBounds {
  int64_t dim, start, end, step;
  int64_t count() const {
    return end > start ? (end - start + step - 1) / step : 0;
  }
};

std::optional<SliceBounds> sliceBounds(Lowering &l, RankedTensorType type,
                                       unsigned dimOperand) {
  auto dim = wrap(l.constInt(dimOperand), type.getRank());
  std::optional<int64_t> step = l.constInt(dimOperand + 3);
  if (!dim || !step || *step < 1 || type.isDynamicDim(*dim))
    return std::nullopt;
  int64_t size = type.getDimSize(*dim);
  auto bound = [&](unsigned i, int64_t fallback) -> std::optional<int64_t> {
    if (l.none(i))
      return fallback;
    std::optional<int64_t> v = l.constInt(i);
    if (!v)
      return std::nullopt;
    int64_t b = *v < 0 ? *v + size : *v;
    return std::clamp<int64_t>(b, 0, size);
  };
  std::optional<int64_t> start = bound(dimOperand + 1, 0),
                         end = bound(dimOperand + 2, size);
  if (!start || !end)
    return std::nullopt;
  return SliceBounds{*dim, *start, *end, *step};
}

/// slice.Tensor(self, dim, start, end, step).
Value lowerSlice(Lowering &l) {
  Value x = l.in(0);
  if (!x)
    return {};
  auto bounds = sliceBounds(l, cast<RankedTensorType>(x.getType()), 1);
  if (!bounds)
    return l.fail("non-constant slice, or of a size known only at run time");
  if (bounds->count() == 0)
    return l.fail("an empty slice");
  return l.reshape(
      strided(l, x, bounds->dim, bounds->start, bounds->step, bounds->count()),
      l.type().getShape());
}

/// slice_scatter(self, src, dim, start, end, step): self with src written
/// over the slice. Step 1 is a concat of self's ends and src; a larger step
/// spreads src over the dim (a gather) and selects it where the slice is.
Value lowerSliceScatter(Lowering &l) {
  RankedTensorType result = l.type();
  Value self = l.in(0);
  Value src = l.operand(1, result.getElementType(), result.getRank());
  if (!self || !src || !result.hasStaticShape())
    return l.fail("sizes known only at run time");
  auto bounds = sliceBounds(l, result, 2);
  if (!bounds)
    return l.fail("non-constant slice");
  auto [dim, start, end, step] = *bounds;
  int64_t size = result.getDimSize(dim), count = bounds->count();
  auto srcType = cast<RankedTensorType>(src.getType());
  if (!srcType.hasStaticShape() || srcType.getDimSize(dim) != count)
    return l.fail("src does not have the slice's size");
  if (count == 0)
    return self;
  if (step == 1) {
    SmallVector<Value> parts;
    if (start > 0)
      parts.push_back(strided(l, self, dim, 0, 1, start));
    parts.push_back(src);
    if (end < size)
      parts.push_back(strided(l, self, dim, end, 1, size - end));
    if (parts.size() == 1)
      return src;
    return l.create<tosa::ConcatOp>(result, parts, l.b.getI32IntegerAttr(dim));
  }
  // Position j of the dim reads src's (j - start) / step where the slice
  // holds it (`in`), anything (0) elsewhere.
  SmallVector<int64_t> reads, in;
  for (int64_t j = 0; j < size; ++j) {
    bool held = j >= start && j < end && (j - start) % step == 0;
    reads.push_back(held ? (j - start) / step : 0);
    in.push_back(held);
  }
  Value spread = l.gather(src, dim, l.i32s(reads));
  SmallVector<int64_t> placed(result.getRank(), 1);
  placed[dim] = size;
  Type i32 = l.b.getI32Type();
  Value mask = l.reshape(l.i32s(in), placed);
  Value where = l.create<tosa::EqualOp>(l.boolLike(mask), mask,
                                        l.scalar(i32, 1, result.getRank()));
  return l.create<tosa::SelectOp>(result, where, spread, self);
}

Value lowerSelect(Lowering &l) {
  Value x = l.in(0);
  if (!x)
    return {};
  auto type = cast<RankedTensorType>(x.getType());
  auto dim = wrap(l.constInt(1), type.getRank());
  std::optional<int64_t> index = l.constInt(2);
  if (!dim || !index || type.isDynamicDim(*dim))
    return l.fail("non-constant select");
  int64_t i = *index < 0 ? *index + type.getDimSize(*dim) : *index;
  return l.reshape(strided(l, x, *dim, i, 1, 1), l.type().getShape());
}

Value lowerNarrow(Lowering &l) {
  Value x = l.in(0);
  if (!x)
    return {};
  auto type = cast<RankedTensorType>(x.getType());
  auto dim = wrap(l.constInt(1), type.getRank());
  std::optional<int64_t> start = l.constInt(2), length = l.constInt(3);
  if (!dim || !start || !length || type.isDynamicDim(*dim) || *length < 1)
    return l.fail("non-constant narrow");
  int64_t s = *start < 0 ? *start + type.getDimSize(*dim) : *start;
  return strided(l, x, *dim, s, 1, *length);
}

Value lowerCat(Lowering &l) {
  RankedTensorType result = l.type();
  auto tensors = l.tensors(0);
  auto dim = wrap(l.constInt(1), result.getRank());
  if (!tensors || !dim)
    return l.fail("non-constant list or dim");
  SmallVector<Value> parts;
  for (Value t : *tensors) {
    auto type = cast<RankedTensorType>(t.getType());
    // PyTorch skips 1-D empty tensors in a cat of higher rank.
    if (type.getRank() != result.getRank())
      continue;
    if (type.getDimSize(*dim) == 0)
      continue;
    parts.push_back(l.convertTo(t, result.getElementType()));
  }
  if (parts.empty())
    return l.fail("nothing to concatenate");
  if (parts.size() == 1)
    return parts[0];
  return l.create<tosa::ConcatOp>(result, parts, l.b.getI32IntegerAttr(*dim));
}

/// expand / broadcast_to / repeat: operand 0 tiled to the result.
Value lowerTile(Lowering &l) {
  Value x = l.in(0);
  if (!x)
    return {};
  return l.broadcastTo(x, l.type().getShape());
}

/// copy(self, src): src in self's dtype, broadcast to self's sizes.
Value lowerCopy(Lowering &l) {
  RankedTensorType result = l.type();
  Value src = l.operand(1, result.getElementType(), result.getRank());
  if (!src)
    return {};
  return l.broadcastTo(src, result.getShape());
}

/// constant_pad_nd(self, pad, value): pad pairs from the last dim back.
Value lowerPad(Lowering &l) {
  Value x = l.in(0);
  RankedTensorType result = l.type();
  auto pads = l.constInts(1);
  std::optional<double> value = l.constNumber(2);
  if (!x || !pads || !value || pads->size() % 2 ||
      llvm::any_of(*pads, [](int64_t p) { return p < 0; }))
    return l.fail("non-constant or negative padding");
  int64_t rank = result.getRank();
  SmallVector<double> table(2 * rank, 0);
  for (size_t i = 0; i < pads->size() / 2; ++i) {
    int64_t d = rank - 1 - static_cast<int64_t>(i);
    table[2 * d] = (*pads)[2 * i];
    table[2 * d + 1] = (*pads)[2 * i + 1];
  }
  Type element = result.getElementType();
  return l.create<tosa::PadOp>(result, x,
                               l.constant(l.b.getI64Type(), {rank, 2}, table),
                               l.splat(element, *value, {}));
}

Value lowerIndexSelect(Lowering &l) {
  Value x = l.in(0), index = l.in(2);
  if (!x || !index)
    return {};
  auto dim = wrap(l.constInt(1), cast<RankedTensorType>(x.getType()).getRank());
  if (!dim)
    return l.fail("non-constant dim");
  Value r = l.gather(x, *dim, index);
  return r ? l.reshape(r, l.type().getShape()) : r;
}

Value lowerEmbedding(Lowering &l) {
  Value weight = l.in(0), indices = l.in(1);
  if (!weight || !indices)
    return {};
  return l.gather(weight, 0, indices);
}

/// gather(self, dim, index): out[p] = self[p with p[dim] = index[p]], a
/// tosa.gather of self's elements at dimPositions.
Value lowerGather(Lowering &l) {
  Value x = l.in(0), index = l.in(2);
  if (!x || !index)
    return {};
  auto type = cast<RankedTensorType>(x.getType());
  auto dim = wrap(l.constInt(1), type.getRank());
  if (!dim)
    return l.fail("non-constant dim");
  Value positions = dimPositions(l, type, *dim, index);
  if (!positions)
    return {};
  Value all = l.reshape(x, {type.getNumElements()});
  return l.reshape(l.gather(all, 0, positions), l.type().getShape());
}

/// The elements of `x` (static sizes) at flat positions computed for each
/// element of the result (`shape`) by `position` from its index: one
/// tosa.gather of a constant (as_strided, diagonal, unfold).
Value gatherConstant(Lowering &l, Value x, ArrayRef<int64_t> shape,
                     function_ref<int64_t(ArrayRef<int64_t>)> position) {
  auto type = cast<RankedTensorType>(x.getType());
  if (!type.hasStaticShape() || ShapedType::isDynamicShape(shape))
    return l.fail("sizes known only at run time");
  int64_t count = 1;
  for (int64_t n : shape)
    count *= n;
  if (count == 0) // an empty view (a diagonal past the end)
    return l.splat(type.getElementType(), 0, shape);
  if (count > kMaxConstantElements)
    return l.fail("a strided view too large for a constant of positions");
  SmallVector<double> positions;
  SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t flat = 0; flat < count; ++flat) {
    int64_t rest = flat;
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      index[d] = rest % shape[d];
      rest /= shape[d];
    }
    int64_t p = position(index);
    if (p < 0 || p >= type.getNumElements())
      return l.fail("a position outside the tensor");
    positions.push_back(p);
  }
  Value all = l.reshape(x, {type.getNumElements()});
  return l.gather(all, 0, l.constant(l.b.getI32Type(), shape, positions));
}

/// as_strided(self, size, stride, storage_offset) of a contiguous value.
Value lowerAsStrided(Lowering &l) {
  Value x = l.in(0);
  auto size = l.constInts(1), stride = l.constInts(2);
  std::optional<int64_t> offset = l.none(3) ? 0 : l.constInt(3);
  if (!x || !size || !stride || !offset || size->size() != stride->size())
    return l.fail("non-constant sizes, strides or offset");
  return gatherConstant(l, x, *size, [&](ArrayRef<int64_t> index) {
    int64_t p = *offset;
    for (auto [i, s] : llvm::zip(index, *stride))
      p += i * s;
    return p;
  });
}

/// diagonal(self, offset, dim1, dim2): the other dims, then the diagonal.
Value lowerDiagonal(Lowering &l) {
  Value x = l.in(0);
  if (!x)
    return {};
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  std::optional<int64_t> offset = l.constInt(1);
  auto d1 = wrap(l.constInt(2), rank), d2 = wrap(l.constInt(3), rank);
  if (!offset || !d1 || !d2 || *d1 == *d2)
    return l.fail("non-constant diagonal");
  SmallVector<int64_t> strides = stridesOf(type.getShape());
  SmallVector<int64_t> others;
  for (int64_t d = 0; d < rank; ++d)
    if (d != *d1 && d != *d2)
      others.push_back(d);
  return gatherConstant(l, x, l.type().getShape(), [&](ArrayRef<int64_t> i) {
    int64_t p = 0;
    for (auto [k, d] : llvm::enumerate(others))
      p += i[k] * strides[d];
    int64_t j = i.back();
    int64_t r1 = *offset >= 0 ? j : j - *offset;
    int64_t r2 = *offset >= 0 ? j + *offset : j;
    return p + r1 * strides[*d1] + r2 * strides[*d2];
  });
}

/// unfold(self, dim, size, step): windows along dim, each a new last dim.
Value lowerUnfold(Lowering &l) {
  Value x = l.in(0);
  if (!x)
    return {};
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  auto dim = wrap(l.constInt(1), std::max<int64_t>(rank, 1));
  std::optional<int64_t> step = l.constInt(3);
  if (!dim || !step || rank == 0)
    return l.fail("non-constant unfold, or of a 0-d tensor");
  SmallVector<int64_t> strides = stridesOf(type.getShape());
  return gatherConstant(l, x, l.type().getShape(), [&](ArrayRef<int64_t> i) {
    int64_t p = 0;
    for (int64_t d = 0; d < rank; ++d)
      p += (d == *dim ? i[d] * *step + i.back() : i[d]) * strides[d];
    return p;
  });
}

/// index.Tensor(self, indices): self's elements at indexPositions.
Value lowerIndex(Lowering &l) {
  Value x = l.in(0);
  RankedTensorType result = l.type();
  if (!x)
    return {};
  auto type = cast<RankedTensorType>(x.getType());
  Value flat = indexPositions(l, type, 1);
  if (!flat)
    return {};
  if (cast<RankedTensorType>(flat.getType()).getShape() != result.getShape())
    return l.fail("indexed sizes differ from the result's");
  Value all = l.reshape(x, {type.getNumElements()});
  return l.gather(all, 0, flat);
}

Value lowerFlip(Lowering &l) {
  Value x = l.in(0);
  auto dims = l.constInts(1);
  if (!x || !dims)
    return l.fail("non-constant dims");
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  for (int64_t d : *dims) {
    auto w = wrap(d, rank);
    if (!w)
      return l.fail("dim out of range");
    x = l.same<tosa::ReverseOp>(x, l.b.getI32IntegerAttr(*w));
  }
  return x;
}

} // namespace

Value dimPositions(Lowering &l, RankedTensorType self, int64_t dim,
                   Value index) {
  auto indexType = cast<RankedTensorType>(index.getType());
  if (!self.hasStaticShape() || !indexType.hasStaticShape())
    return l.fail("sizes known only at run time");
  int64_t rank = self.getRank();
  if (indexType.getRank() != rank)
    return l.fail("an index of another rank");
  SmallVector<int64_t> strides = stridesOf(self.getShape());
  // The flat offset of every other dim's position, a constant.
  ArrayRef<int64_t> shape = indexType.getShape();
  int64_t count = indexType.getNumElements();
  if (count > kMaxConstantElements)
    return l.fail("an index too large for a constant of positions");
  SmallVector<double> offsets(count, 0);
  for (int64_t flat = 0; flat < count; ++flat) {
    int64_t rest = flat;
    for (int64_t d = rank - 1; d >= 0; --d) {
      int64_t position = rest % shape[d];
      rest /= shape[d];
      if (d != dim)
        offsets[flat] += position * strides[d];
    }
  }
  Type i32 = l.b.getI32Type();
  Value i = l.convertTo(index, i32);
  return l.create<tosa::AddOp>(i.getType(),
                               l.mul(i, l.scalar(i32, strides[dim], rank)),
                               l.constant(i32, shape, offsets));
}

/// The flat position in `self` of each element of self[indices]: each index
/// tensor (wrapped, times its dim's stride), placed at the broadcast dims of
/// that result, plus a constant for the dims not indexed. The broadcast dims
/// go where the indexed dims were if those are adjacent, else in front
/// (PyTorch's advanced indexing).
Value indexPositions(Lowering &l, RankedTensorType self, unsigned list) {
  std::optional<SmallVector<Value>> elements =
      Torch::listElements(l.op->getOperand(list));
  if (!elements || !self.hasStaticShape())
    return l.fail("indices not a list, or sizes known only at run time");
  ArrayRef<int64_t> shape = self.getShape();
  SmallVector<int64_t> strides = stridesOf(shape);
  SmallVector<int64_t> indexed;
  SmallVector<Value> indices;
  SmallVector<int64_t> broadcast; // the index tensors' broadcast sizes
  for (auto [d, element] : llvm::enumerate(*elements)) {
    if (Torch::isNone(element))
      continue;
    auto converted = dyn_cast_or_null<RankedTensorType>(
        l.converter.convertType(element.getType()));
    if (!converted || !converted.hasStaticShape() ||
        !converted.getElementType().isSignlessInteger() ||
        converted.getElementType().isInteger(1))
      return l.fail("an index that is not a static integer tensor");
    indexed.push_back(d);
    indices.push_back(l.converter.materializeTargetConversion(
        l.b, l.loc, converted, element));
    // Broadcast from the right.
    ArrayRef<int64_t> sizes = converted.getShape();
    if (sizes.size() > broadcast.size())
      broadcast.insert(broadcast.begin(), sizes.size() - broadcast.size(), 1);
    for (auto [k, n] : llvm::enumerate(sizes)) {
      int64_t &at = broadcast[broadcast.size() - sizes.size() + k];
      if (at == 1)
        at = n;
      else if (n != 1 && n != at)
        return l.fail("index tensors that do not broadcast");
    }
  }
  if (indexed.empty())
    return l.fail("no index tensor");
  int64_t broadcastRank = broadcast.size();
  bool adjacent = indexed.back() - indexed.front() + 1 ==
                  static_cast<int64_t>(indexed.size());
  int64_t start = adjacent ? indexed.front() : 0;
  // The result's sizes, and where each dim not indexed goes in them.
  SmallVector<int64_t> result, plainDims, plainAt;
  for (int64_t d = 0; d < self.getRank(); ++d) {
    if (static_cast<int64_t>(result.size()) == start &&
        (adjacent ? d == indexed.front() : d == 0))
      llvm::append_range(result, broadcast);
    if (llvm::is_contained(indexed, d))
      continue;
    plainDims.push_back(d);
    plainAt.push_back(result.size());
    result.push_back(shape[d]);
  }
  int64_t rank = result.size();
  int64_t count = 1;
  for (int64_t n : result)
    count *= n;
  if (count > kMaxConstantElements)
    return l.fail("an indexed result too large for a constant of positions");
  Type i32 = l.b.getI32Type();
  Value flat;
  for (auto [d, index] : llvm::zip(indexed, indices)) {
    Value t = l.convertTo(index, i32);
    auto tType = cast<RankedTensorType>(t.getType());
    Value negative = l.create<tosa::GreaterOp>(
        l.boolLike(t), l.scalar(i32, 0, tType.getRank()), t);
    t = l.create<tosa::SelectOp>(
        tType, negative,
        l.create<tosa::AddOp>(tType, t,
                              l.scalar(i32, shape[d], tType.getRank())),
        t);
    // Placed at the broadcast dims of the result.
    SmallVector<int64_t> placed(rank, 1);
    for (int64_t k = 0; k < tType.getRank(); ++k)
      placed[start + broadcastRank - tType.getRank() + k] = tType.getDimSize(k);
    t = l.mul(l.reshape(t, placed), l.scalar(i32, strides[d], rank));
    flat = flat ? l.create<tosa::AddOp>(l.broadcastType(flat, t), flat, t) : t;
  }
  // The constant part: each plain dim's position times its stride.
  SmallVector<double> offsets;
  SmallVector<int64_t> index(rank, 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t rest = n;
    for (int64_t d = rank - 1; d >= 0; --d) {
      index[d] = rest % result[d];
      rest /= result[d];
    }
    double offset = 0;
    for (auto [d, at] : llvm::zip(plainDims, plainAt))
      offset += index[at] * strides[d];
    offsets.push_back(offset);
  }
  Value constantPart = l.constant(i32, result, offsets);
  return l.create<tosa::AddOp>(RankedTensorType::get(result, i32), constantPart,
                               flat);
}

void addDataMovement(Lowerings &l) {
  for (StringRef name :
       {"aten.view", "aten.reshape", "aten._unsafe_view",
        "aten.flatten.using_ints", "aten.unflatten.int", "aten.unsqueeze",
        "aten.squeeze", "aten.squeeze.dim", "aten.squeeze.dims",
        "aten.view_copy", "aten.unsqueeze_copy", "aten.squeeze_copy"})
    l.add(name, toResultShape);
  l.add("aten.permute", permute);
  l.add("aten.permute_copy", permute);
  for (StringRef name : {"aten.transpose.int", "aten.t", "aten.numpy_T",
                         "aten.transpose_copy.int"})
    l.add(name, transposeTwo);
  l.add("aten.slice.Tensor", lowerSlice);
  l.add("aten.slice_copy.Tensor", lowerSlice);
  l.add("aten.slice_scatter", lowerSliceScatter);
  l.add("aten.select.int", lowerSelect);
  l.add("aten.select_copy.int", lowerSelect);
  l.add("aten.narrow", lowerNarrow);
  l.add("aten.cat", lowerCat);
  for (StringRef name :
       {"aten.expand", "aten.broadcast_to", "aten.repeat", "aten.expand_copy"})
    l.add(name, lowerTile);
  l.add("aten.constant_pad_nd", lowerPad);
  l.add("aten.copy", lowerCopy);
  l.add("aten.index_select", lowerIndexSelect);
  l.add("aten.embedding", lowerEmbedding);
  l.add("aten.gather", lowerGather);
  l.add("aten.flip", lowerFlip);
  l.add("aten.as_strided", lowerAsStrided);
  l.add("aten.as_strided_copy", lowerAsStrided);
  l.add("aten.diagonal", lowerDiagonal);
  l.add("aten.diagonal_copy", lowerDiagonal);
  l.add("aten.unfold", lowerUnfold);
  l.add("aten.index.Tensor", lowerIndex);
  l.add("aten.index.Tensor_hacked_twin", lowerIndex);
}

} // namespace mlir::torch::torch_to_tosa
