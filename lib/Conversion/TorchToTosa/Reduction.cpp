//===- Reduction.cpp - Reductions as TOSA ---------------------------------===//
//
// TOSA reduces one axis at a time and keeps it (as a unit dim): a reduction
// over several dims is a chain, reshaped to the result's sizes at the end
// (keepdim or not). sum and prod compute in the result's dtype (PyTorch's
// dtype= or its promotion of integers to i64); mean is a sum times 1/N;
// cumsum and
// cumprod reduce a selection (a float cumsum is a product with a triangle);
// any and all reduce bools; max.dim's and argmax's indices are
// tosa.argmax's (i32), cast to the result's.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

using namespace mlir;
namespace mlir::torch::torch_to_tosa {
namespace {

/// The dims operand `i` names (an int, a list, or none: all of them; an
/// empty list is all of them too), wrapped; nullopt if not constant.
std::optional<SmallVector<int64_t>> dimsOf(Lowering &l, int i, int64_t rank) {
  SmallVector<int64_t> dims;
  if (i >= 0 && !l.none(i)) {
    if (std::optional<int64_t> one = l.constInt(i))
      dims.push_back(*one);
    else if (auto list = l.constInts(i))
      dims = *list;
    else
      return std::nullopt;
  }
  if (dims.empty())
    for (int64_t d = 0; d < rank; ++d)
      dims.push_back(d);
  for (int64_t &d : dims) {
    if (d < -std::max<int64_t>(rank, 1) || d >= std::max<int64_t>(rank, 1))
      return std::nullopt;
    if (d < 0)
      d += std::max<int64_t>(rank, 1);
  }
  if (rank == 0)
    dims.clear();
  return dims;
}

enum class Kind { Sum, Mean, Prod, Max, Min, Any, All };

/// A reduction of `kind` of operand 0 over the dims of operand `dimIndex`
/// (-1: all), reshaped to the result.
LowerOneFn reduction(Kind kind, int dimIndex) {
  return [=](Lowering &l) -> Value {
    RankedTensorType result = l.type();
    Value x = l.in(0);
    if (!x)
      return {};
    auto type = cast<RankedTensorType>(x.getType());
    std::optional<SmallVector<int64_t>> dims =
        dimsOf(l, dimIndex, type.getRank());
    if (!dims)
      return l.fail("dims are not constants");
    Type element = result.getElementType();
    bool logical = kind == Kind::Any || kind == Kind::All;
    x = l.convertTo(x, logical ? l.b.getI1Type() : element);
    switch (kind) {
    case Kind::Sum:
    case Kind::Mean:
      x = l.reduce<tosa::ReduceSumOp>(x, *dims);
      break;
    case Kind::Prod:
      x = l.reduce<tosa::ReduceProdOp>(x, *dims);
      break;
    case Kind::Max:
      x = l.reduce<tosa::ReduceMaxOp>(x, *dims);
      break;
    case Kind::Min:
      x = l.reduce<tosa::ReduceMinOp>(x, *dims);
      break;
    case Kind::Any:
      x = l.reduce<tosa::ReduceAnyOp>(x, *dims);
      break;
    case Kind::All:
      x = l.reduce<tosa::ReduceAllOp>(x, *dims);
      break;
    }
    if (kind == Kind::Mean) {
      if (!isa<FloatType>(element))
        return l.fail("mean of integers");
      int64_t count = 1;
      for (int64_t d : *dims) {
        if (type.isDynamicDim(d))
          return l.fail("mean over a size known only at run time");
        count *= type.getDimSize(d);
      }
      auto reduced = cast<RankedTensorType>(x.getType());
      x = l.mul(x, l.scalar(element, 1.0 / count, reduced.getRank()));
    }
    x = l.convertTo(x, element);
    return l.reshape(x, result.getShape());
  };
}

/// The index of the largest (`isMax`) or smallest element along `dim`, as
/// `indexType` (keepdim or not).
Value argExtreme(Lowering &l, Value x, int64_t dim, bool isMax,
                 RankedTensorType indexType) {
  auto type = cast<RankedTensorType>(x.getType());
  if (!isMax) {
    if (type.getElementType().isInteger(1))
      x = l.create<tosa::LogicalNotOp>(type, x);
    else
      x = l.same<tosa::NegateOp>(x);
  }
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + dim);
  Value index =
      l.create<tosa::ArgMaxOp>(RankedTensorType::get(shape, l.b.getI32Type()),
                               x, l.b.getI32IntegerAttr(dim));
  return l.reshape(l.convertTo(index, indexType.getElementType()),
                   indexType.getShape());
}

/// max.dim / min.dim: the values and their indices.
LowerFn extremeWithIndex(bool isMax) {
  return [=](Lowering &l) -> SmallVector<Value> {
    Value x = l.in(0);
    if (!x)
      return {};
    auto type = cast<RankedTensorType>(x.getType());
    std::optional<SmallVector<int64_t>> dims = dimsOf(l, 1, type.getRank());
    if (!dims || dims->size() != 1)
      return {l.fail("dim is not a constant")};
    Value values = isMax ? l.reduce<tosa::ReduceMaxOp>(x, *dims)
                         : l.reduce<tosa::ReduceMinOp>(x, *dims);
    values = l.reshape(l.convertTo(values, l.type(0).getElementType()),
                       l.type(0).getShape());
    return {values, argExtreme(l, x, (*dims)[0], isMax, l.type(1))};
  };
}

/// argmax / argmin (self, dim or none, keepdim).
LowerOneFn argReduction(bool isMax) {
  return [=](Lowering &l) -> Value {
    Value x = l.in(0);
    if (!x)
      return {};
    auto type = cast<RankedTensorType>(x.getType());
    if (l.none(1)) {
      if (!type.hasStaticShape())
        return l.fail("argmax of all elements of run-time sizes");
      x = l.reshape(x, {type.getNumElements()});
      return argExtreme(l, x, 0, isMax, l.type());
    }
    std::optional<SmallVector<int64_t>> dims = dimsOf(l, 1, type.getRank());
    if (!dims || dims->size() != 1)
      return l.fail("dim is not a constant");
    return argExtreme(l, x, (*dims)[0], isMax, l.type());
  };
}

/// The most elements of the [rows, N, N] selection an integer cumsum or a
/// cumprod reduces.
constexpr int64_t kMaxCumulativeElements = 1 << 24;

/// cumsum / cumprod(self, dim, dtype), dim moved last: out[.., j] = the sum
/// (product) of x[.., i] for i <= j. A float cumsum is a product with a
/// triangle of ones; the others reduce a [rows, N, N] selection of x (the
/// neutral element above the diagonal).
LowerOneFn cumulative(bool product) {
  return [=](Lowering &l) -> Value {
    RankedTensorType result = l.type();
    Value x = l.in(0);
    Type element = result.getElementType();
    if (!x || !result.hasStaticShape() || result.getRank() == 0 ||
        element.isInteger(1))
      return l.fail("a cumulative op of bools, or of run-time sizes");
    int64_t rank = result.getRank();
    std::optional<SmallVector<int64_t>> dims = dimsOf(l, 1, rank);
    if (!dims || dims->size() != 1)
      return l.fail("dim is not a constant");
    int64_t dim = (*dims)[0];
    SmallVector<int64_t> perm;
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim)
        perm.push_back(d);
    perm.push_back(dim);
    x = l.transpose(l.convertTo(x, element), perm);
    auto moved = cast<RankedTensorType>(x.getType()).getShape();
    int64_t n = moved.back(), rows = result.getNumElements() / n;
    // below[j][i]: output j takes input i.
    SmallVector<double> below(n * n, 0);
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i <= j; ++i)
        below[j * n + i] = 1;
    Value out;
    if (!product && isa<FloatType>(element)) {
      // x [rows, N] times above, above[i][j] = below[j][i].
      SmallVector<double> above(n * n, 0);
      for (int64_t j = 0; j < n; ++j)
        for (int64_t i = 0; i < n; ++i)
          above[i * n + j] = below[j * n + i];
      out = l.create<tosa::MatMulOp>(
          RankedTensorType::get({1, rows, n}, element),
          l.reshape(x, {1, rows, n}), l.constant(element, {1, n, n}, above));
    } else {
      if (rows * n * n > kMaxCumulativeElements)
        return l.fail("a cumulative op too large for its selection");
      Value selected = l.create<tosa::SelectOp>(
          RankedTensorType::get({rows, n, n}, element),
          l.constant(l.b.getI1Type(), {1, n, n}, below),
          l.reshape(x, {rows, 1, n}), l.scalar(element, product ? 1 : 0, 3));
      out = product ? l.reduce<tosa::ReduceProdOp>(selected, {2})
                    : l.reduce<tosa::ReduceSumOp>(selected, {2});
    }
    SmallVector<int64_t> inverse(rank);
    for (int64_t d = 0; d < rank; ++d)
      inverse[perm[d]] = d;
    return l.transpose(l.reshape(out, moved), inverse);
  };
}

} // namespace

void addReductions(Lowerings &l) {
  l.add("aten.sum", reduction(Kind::Sum, -1));
  l.add("aten.sum.dim_IntList", reduction(Kind::Sum, 1));
  l.add("aten.mean", reduction(Kind::Mean, -1));
  l.add("aten.mean.dim", reduction(Kind::Mean, 1));
  l.add("aten.prod", reduction(Kind::Prod, -1));
  l.add("aten.prod.dim_int", reduction(Kind::Prod, 1));
  l.add("aten.amax", reduction(Kind::Max, 1));
  l.add("aten.amin", reduction(Kind::Min, 1));
  l.add("aten.max", reduction(Kind::Max, -1));
  l.add("aten.min", reduction(Kind::Min, -1));
  l.add("aten.any", reduction(Kind::Any, -1));
  l.add("aten.any.dim", reduction(Kind::Any, 1));
  l.add("aten.any.dims", reduction(Kind::Any, 1));
  l.add("aten.all", reduction(Kind::All, -1));
  l.add("aten.all.dim", reduction(Kind::All, 1));
  l.addMulti("aten.max.dim", extremeWithIndex(true));
  l.addMulti("aten.min.dim", extremeWithIndex(false));
  l.add("aten.argmax", argReduction(true));
  l.add("aten.argmin", argReduction(false));
  l.add("aten.cumsum", cumulative(false));
  l.add("aten.cumprod", cumulative(true));
}

} // namespace mlir::torch::torch_to_tosa
