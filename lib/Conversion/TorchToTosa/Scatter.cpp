//===- Scatter.cpp - Writes at computed positions as TOSA -----------------===//
//
// scatter, scatter_add, scatter_reduce and index_put write updates into a
// copy of self at flat positions computed as gather and index.Tensor read
// them (dimPositions, indexPositions in DataMovement.cpp).
//
// A plain write is one tosa.scatter of [1, K, 1] values. A position written
// twice keeps one of its writes, which PyTorch leaves undefined as well.
// A write that accumulates (sum, prod, mean, amax, amin) cannot be a
// tosa.scatter, whose repeated positions are undefined: it compares each of
// self's K positions with each of the W written (a [K, W] mask, capped at
// kMaxMaskElements) and reduces the updates each position selects.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "torch-mlir/Dialect/Torch/Builder/TorchBuilder.h"

#include "llvm/ADT/StringSwitch.h"

#include <limits>

using namespace mlir;
namespace mlir::torch::torch_to_tosa {
namespace {

/// How a write combines with what is at its position.
enum class Reduce { None, Sum, Prod, Mean, Max, Min };

std::optional<Reduce> reduceNamed(StringRef name) {
  return llvm::StringSwitch<std::optional<Reduce>>(name)
      .Cases("sum", "add", Reduce::Sum)
      .Cases("prod", "multiply", Reduce::Prod)
      .Case("mean", Reduce::Mean)
      .Case("amax", Reduce::Max)
      .Case("amin", Reduce::Min)
      .Default(std::nullopt);
}

/// The most elements of the [K, W] mask an accumulating write compares.
constexpr int64_t kMaxMaskElements = 1 << 24;

/// `self` (static sizes) with `updates` (self's element type) written at
/// `positions` (as many i32 flat positions), combined by `reduce`;
/// `includeSelf`: self's element takes part in the reduction where written.
Value write(Lowering &l, Value self, Value positions, Value updates,
            Reduce reduce, bool includeSelf) {
  auto type = cast<RankedTensorType>(self.getType());
  Type element = type.getElementType();
  int64_t k = type.getNumElements();
  int64_t w = cast<RankedTensorType>(positions.getType()).getNumElements();
  if (w == 0)
    return self;
  positions = l.clampIndex(l.reshape(positions, {1, w}), k);
  if (reduce == Reduce::None) {
    Value written = l.create<tosa::ScatterOp>(
        RankedTensorType::get({1, k, 1}, element), l.reshape(self, {1, k, 1}),
        positions, l.reshape(updates, {1, w, 1}));
    return l.reshape(written, type.getShape());
  }
  if (element.isInteger(1))
    return l.fail("an accumulating write of bools");
  if (k * w > kMaxMaskElements)
    return l.fail("an accumulating write too large for its [K, W] mask");
  Type i32 = l.b.getI32Type();
  SmallVector<double> rows;
  for (int64_t i = 0; i < k; ++i)
    rows.push_back(i);
  auto mask = RankedTensorType::get({k, w}, l.b.getI1Type());
  Value hit =
      l.create<tosa::EqualOp>(mask, l.constant(i32, {k, 1}, rows), positions);
  updates = l.reshape(updates, {1, w});
  // The updates each position selects, `neutral` where it selects none.
  auto selected = [&](double neutral) {
    return l.create<tosa::SelectOp>(RankedTensorType::get({k, w}, element), hit,
                                    updates, l.scalar(element, neutral, 2));
  };
  Value old = l.reshape(self, {k, 1});
  auto column = RankedTensorType::get({k, 1}, element);
  constexpr double inf = std::numeric_limits<double>::infinity();
  Value combined;
  switch (reduce) {
  case Reduce::Sum:
  case Reduce::Mean: {
    combined = l.reduce<tosa::ReduceSumOp>(selected(0), {1});
    if (includeSelf)
      combined = l.create<tosa::AddOp>(column, old, combined);
    if (reduce == Reduce::Sum)
      break;
    Value count = l.reduce<tosa::ReduceSumOp>(l.convertTo(hit, element), {1});
    if (includeSelf)
      count = l.create<tosa::AddOp>(column, count, l.scalar(element, 1, 2));
    // Positions not written keep self below; their count of 0 is not
    // divided by (an integer division by zero would trap).
    count = l.create<tosa::MaximumOp>(column, count, l.scalar(element, 1, 2));
    if (isa<FloatType>(element)) {
      combined = l.mul(combined, l.same<tosa::ReciprocalOp>(count));
    } else {
      // PyTorch's integer mean rounds down (computed in i32 or i64).
      Type work = element.getIntOrFloatBitWidth() > 32 ? l.b.getI64Type()
                                                       : l.b.getI32Type();
      count = l.convertTo(count, work);
      auto [q, r] = l.truncDivide(l.convertTo(combined, work), count);
      combined = l.convertTo(l.floorFromTrunc(q, r, count).first, element);
    }
    break;
  }
  case Reduce::Prod:
    combined = l.reduce<tosa::ReduceProdOp>(selected(1), {1});
    if (includeSelf)
      combined = l.mul(old, combined);
    break;
  case Reduce::Max:
    combined = l.reduce<tosa::ReduceMaxOp>(selected(-inf), {1});
    if (includeSelf)
      combined = l.create<tosa::MaximumOp>(column, old, combined);
    break;
  case Reduce::Min:
    combined = l.reduce<tosa::ReduceMinOp>(selected(inf), {1});
    if (includeSelf)
      combined = l.create<tosa::MinimumOp>(column, old, combined);
    break;
  case Reduce::None:
    llvm_unreachable("a plain write is a tosa.scatter");
  }
  Value written = l.reduce<tosa::ReduceAnyOp>(hit, {1});
  Value result = l.create<tosa::SelectOp>(column, written, combined, old);
  return l.reshape(result, type.getShape());
}

/// The reduction named by operand `i` (a constant string).
std::optional<Reduce> reduceOperand(Lowering &l, unsigned i) {
  std::optional<StringRef> name = Torch::constantString(l.op->getOperand(i));
  if (!name)
    return std::nullopt;
  return reduceNamed(*name);
}

/// scatter(self, dim, index, src or value[, reduce[, include_self]]):
/// self[p with p[dim] = index[p]] = src[p] (or value), for each p of
/// index's sizes. `value`: operand 3 is a Python number; `reduce`: how a
/// write combines (or nullopt: named by operand 4); `includeSelf`: operand
/// 5 says whether self takes part.
LowerOneFn scatter(bool value, std::optional<Reduce> reduce,
                   bool includeSelfOperand = false) {
  return [=](Lowering &l) -> Value {
    RankedTensorType result = l.type();
    Type element = result.getElementType();
    Value self = l.in(0), index = l.in(2);
    auto dim = wrap(l.constInt(1), result.getRank());
    if (!self || !index || !dim)
      return l.fail("non-constant dim");
    std::optional<Reduce> how = reduce ? reduce : reduceOperand(l, 4);
    std::optional<bool> includeSelf =
        includeSelfOperand ? l.constBool(5) : std::optional<bool>(true);
    if (!how || !includeSelf)
      return l.fail("reduction or include_self not a known constant");
    self = l.convertTo(self, element);
    auto selfType = cast<RankedTensorType>(self.getType());
    Value positions = dimPositions(l, selfType, *dim, index);
    if (!positions)
      return {};
    ArrayRef<int64_t> shape =
        cast<RankedTensorType>(index.getType()).getShape();
    Value updates;
    if (value) {
      std::optional<double> v = l.constNumber(3);
      if (!v)
        return l.fail("a value that is not a constant");
      updates = l.splat(element, *v, shape);
    } else {
      updates = l.operand(3, element, result.getRank());
      auto srcType = cast<RankedTensorType>(updates.getType());
      if (!srcType.hasStaticShape())
        return l.fail("src of sizes known only at run time");
      // src may be larger than index: the part index covers.
      if (srcType.getShape() != shape)
        updates =
            l.slice(updates, SmallVector<int64_t>(shape.size(), 0), shape);
    }
    return write(l, self, positions, updates, *how, *includeSelf);
  };
}

/// index_put(self, indices, values, accumulate): self[indices] = values
/// (broadcast), or += where accumulate.
Value lowerIndexPut(Lowering &l) {
  RankedTensorType result = l.type();
  Type element = result.getElementType();
  Value self = l.in(0);
  std::optional<bool> accumulate = l.constBool(3);
  if (!self || !accumulate)
    return l.fail("accumulate not a constant");
  self = l.convertTo(self, element);
  Value positions =
      indexPositions(l, cast<RankedTensorType>(self.getType()), 1);
  if (!positions)
    return {};
  ArrayRef<int64_t> shape =
      cast<RankedTensorType>(positions.getType()).getShape();
  Value values = l.operand(2, element, shape.size());
  if (!values)
    return l.fail("values not a tensor");
  values = l.broadcastTo(values, shape);
  if (!values)
    return {};
  return write(l, self, positions, values,
               *accumulate ? Reduce::Sum : Reduce::None, true);
}

} // namespace

void addScatters(Lowerings &l) {
  l.add("aten.scatter.src", scatter(false, Reduce::None));
  l.add("aten.scatter.value", scatter(true, Reduce::None));
  l.add("aten.scatter.reduce", scatter(false, std::nullopt));
  l.add("aten.scatter.value_reduce", scatter(true, std::nullopt));
  l.add("aten.scatter_add", scatter(false, Reduce::Sum));
  l.add("aten.scatter_reduce.two", scatter(false, std::nullopt, true));
  l.add("aten.index_put", lowerIndexPut);
  l.add("aten._index_put_impl", lowerIndexPut);
}

} // namespace mlir::torch::torch_to_tosa
