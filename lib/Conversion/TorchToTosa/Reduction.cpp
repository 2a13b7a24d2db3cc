//===- Reduction.cpp - Reductions as TOSA ---------------------------------===//
//
// TOSA reduces one axis at a time and keeps it (as a unit dim): a reduction
// over several dims is a chain, reshaped to the result's sizes at the end
// (keepdim or not). sum and prod compute in the result's dtype (PyTorch's
// dtype= or its promotion of integers to i64); mean is a sum times 1/N;
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

/// cumsum(self, dim, dtype) of floats: a product with a triangle of ones,
/// dim moved last: out[.., j] = sum_{i <= j} x[.., i].
Value lowerCumsum(Lowering &l) {
  RankedTensorType result = l.type();
  Value x = l.in(0);
  Type element = result.getElementType();
  if (!x || !isa<FloatType>(element) || !result.hasStaticShape() ||
      result.getRank() == 0)
    return l.fail("cumsum of integers, or of run-time sizes");
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
  SmallVector<double> triangle(n * n, 0);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = i; j < n; ++j)
      triangle[i * n + j] = 1;
  Value product = l.create<tosa::MatMulOp>(
      RankedTensorType::get({1, rows, n}, element), l.reshape(x, {1, rows, n}),
      l.constant(element, {1, n, n}, triangle));
  SmallVector<int64_t> inverse(rank);
  for (int64_t d = 0; d < rank; ++d)
    inverse[perm[d]] = d;
  return l.transpose(l.reshape(product, moved), inverse);
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
  l.add("aten.cumsum", lowerCumsum);
}

} // namespace mlir::torch::torch_to_tosa
