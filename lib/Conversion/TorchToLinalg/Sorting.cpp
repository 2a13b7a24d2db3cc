//===- Sorting.cpp - sort, topk and nonzero -------------------------------===//
//
// Sorting by ranks: a linalg.generic counts, for every element, the elements
// of its slice that come before it (a reduction over the sort dimension, so
// O(n^2) comparisons per slice, fine for the sizes models sort), then a loop
// (scf.for over the input) writes each element and its index to the position
// its rank names. Ties keep their input order (a stable sort) and NaN counts
// as larger than any number, as in PyTorch. topk is the same with only ranks
// below k written.
//
// nonzero, whose result size only the data says: one pass (scf.for over the
// input) counts the nonzero elements, a second writes each one's index at
// the next row of a [count, rank] tensor.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "torch-mlir/Conversion/Utils.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::conversion;
using namespace mlir::torch::Torch;
using namespace mlir::torch::torch_to_linalg;

namespace {

/// Whether `x` comes strictly before `y` in ascending (or descending) order;
/// NaN is the largest float; `isUnsigned` integers (ui8) order as unsigned.
/// `same` is set to whether neither comes first.
Value precedes(OpBuilder &b, Location loc, Value x, Value y, bool descending,
               bool isUnsigned, Value &same) {
  using FP = arith::CmpFPredicate;
  using IP = arith::CmpIPredicate;
  if (isa<mlir::FloatType>(x.getType())) {
    Value xNan = b.create<arith::CmpFOp>(loc, FP::UNO, x, x);
    Value yNan = b.create<arith::CmpFOp>(loc, FP::UNO, y, y);
    Value bothNan = b.create<arith::AndIOp>(loc, xNan, yNan);
    same = b.create<arith::OrIOp>(
        loc, b.create<arith::CmpFOp>(loc, FP::OEQ, x, y), bothNan);
    // Ascending: x < y, or only y is NaN. Descending: x > y, or only x is.
    Value ordered =
        b.create<arith::CmpFOp>(loc, descending ? FP::OGT : FP::OLT, x, y);
    Value nanFirst = descending ? xNan : yNan;
    Value otherNan = descending ? yNan : xNan;
    Value one = b.create<arith::ConstantIntOp>(loc, 1, 1);
    return b.create<arith::OrIOp>(
        loc, ordered,
        b.create<arith::AndIOp>(loc, nanFirst,
                                b.create<arith::XOrIOp>(loc, otherNan, one)));
  }
  same = b.create<arith::CmpIOp>(loc, IP::eq, x, y);
  IP order =
      integerPredicate(descending ? IP::sgt : IP::slt, x.getType(), isUnsigned);
  return b.create<arith::CmpIOp>(loc, order, x, y);
}

/// For each element of `input`, how many elements of its slice along `dim`
/// sort before it (i64).
Value buildRanks(OpBuilder &b, Location loc, Value input, int64_t dim,
                 bool descending, bool isUnsigned) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  MLIRContext *context = b.getContext();
  // Dims 0..rank-1: the element; dim `rank`: the one it is compared with.
  SmallVector<AffineExpr> self, other;
  for (int64_t d = 0; d < rank; ++d) {
    self.push_back(getAffineDimExpr(d, context));
    other.push_back(getAffineDimExpr(d == dim ? rank : d, context));
  }
  AffineMap selfMap = AffineMap::get(rank + 1, 0, self, context);
  SmallVector<AffineMap> maps{
      selfMap, AffineMap::get(rank + 1, 0, other, context), selfMap};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  Type i64 = b.getI64Type();
  auto ranksType = RankedTensorType::get(type.getShape(), i64);
  Value zeros = filledTensor(b, loc, ranksType, getSizes(b, loc, input),
                             scalarConstant(b, loc, i64, 0));
  auto generic = b.create<linalg::GenericOp>(
      loc, ranksType, ValueRange{input, input}, zeros, maps, iterators,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Value same;
        Value before =
            precedes(nb, l, args[1], args[0], descending, isUnsigned, same);
        Value earlier = nb.create<arith::CmpIOp>(
            l, arith::CmpIPredicate::ult, nb.create<linalg::IndexOp>(l, rank),
            nb.create<linalg::IndexOp>(l, dim));
        before = nb.create<arith::OrIOp>(
            l, before, nb.create<arith::AndIOp>(l, same, earlier));
        Value count = nb.create<arith::AddIOp>(
            l, args[2], nb.create<arith::ExtUIOp>(l, i64, before));
        nb.create<linalg::YieldOp>(l, count);
      });
  return generic.getResult(0);
}

/// The elements of `input` and their indices along `dim`, in order, keeping
/// the first `k` of each slice (all of them when `k` is null).
std::pair<Value, Value> buildSorted(OpBuilder &b, Location loc, Value input,
                                    int64_t dim, bool descending,
                                    bool isUnsigned, Value k,
                                    RankedTensorType valuesType,
                                    RankedTensorType indicesType) {
  Value ranks = buildRanks(b, loc, input, dim, descending, isUnsigned);
  SmallVector<OpFoldResult> inputSizes = getSizes(b, loc, input);
  SmallVector<OpFoldResult> sizes = inputSizes;
  if (k)
    sizes[dim] = i64ToIndex(b, loc, k);
  SmallVector<Value> outputs{emptyTensor(b, loc, valuesType, sizes),
                             emptyTensor(b, loc, indicesType, sizes)};
  SmallVector<Value> results = forEachIndex(
      b, loc, inputSizes, outputs,
      [&](OpBuilder &nb, Location l, ValueRange p, ValueRange args) {
        Value rank = nb.create<tensor::ExtractOp>(l, ranks, p);
        auto write = [&](OpBuilder &wb, Location wl) {
          SmallVector<Value> at(p);
          at[dim] = i64ToIndex(wb, wl, rank);
          Value value = wb.create<tensor::ExtractOp>(wl, input, p);
          Value index =
              castScalar(wb, wl, p[dim], indicesType.getElementType());
          return SmallVector<Value>{
              wb.create<tensor::InsertOp>(wl, value, args[0], at),
              wb.create<tensor::InsertOp>(wl, index, args[1], at)};
        };
        if (!k)
          return write(nb, l);
        Value kept =
            nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, rank, k);
        auto ifOp = nb.create<scf::IfOp>(
            l, kept,
            [&](OpBuilder &tb, Location tl) {
              tb.create<scf::YieldOp>(tl, write(tb, tl));
            },
            [&](OpBuilder &eb, Location el) {
              eb.create<scf::YieldOp>(el, args);
            });
        return SmallVector<Value>(ifOp.getResults());
      });
  return {results[0], results[1]};
}

/// sort(self, dim, descending), sort.stable(self, stable, dim, descending)
/// and topk(self, k, dim, largest, sorted). Every sort here is stable.
template <typename OpTy> class ConvertSort : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter *converter = this->getTypeConverter();
    RankedTensorType valuesType =
        convertedTensorType(converter, op->getResult(0));
    RankedTensorType indicesType =
        convertedTensorType(converter, op->getResult(1));
    Value input = adaptor.getSelf();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!valuesType || !indicesType || !inputType ||
        inputType.getElementType() != valuesType.getElementType())
      return rewriter.notifyMatchFailure(op, "not ranked tensors of one dtype");
    int64_t rank = std::max<int64_t>(inputType.getRank(), 1);
    std::optional<int64_t> dim = constantDim(op.getDim(), rank);
    Value k;
    std::optional<bool> descending;
    if constexpr (std::is_same_v<OpTy, AtenTopkOp>) {
      descending = constantBool(op.getLargest());
      k = adaptor.getK();
    } else {
      descending = constantBool(op.getDescending());
    }
    if (!dim || !descending)
      return rewriter.notifyMatchFailure(op,
                                         "dim or the order is not a constant");
    Location loc = op.getLoc();
    if (inputType.getRank() == 0) {
      // A 0-d tensor is its own sort; its index is 0.
      Value zero = filledTensor(
          rewriter, loc, indicesType, {},
          scalarConstant(rewriter, loc, indicesType.getElementType(), 0));
      rewriter.replaceOp(op, {input, zero});
      return success();
    }
    auto [values, indices] =
        buildSorted(rewriter, loc, input, *dim, *descending,
                    isUnsignedTensor(op.getSelf()), k, valuesType, indicesType);
    rewriter.replaceOp(op, {values, indices});
    return success();
  }
};

/// nonzero(self): the indices of the nonzero elements in row-major order,
/// [count, rank] of i64.
class ConvertNonzero : public OpConversionPattern<AtenNonzeroOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenNonzeroOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!resultType || !inputType || resultType.getRank() != 2 ||
        !resultType.getElementType().isInteger(64))
      return rewriter.notifyMatchFailure(op, "not a ranked input and an "
                                             "[N, rank] i64 result");
    Location loc = op.getLoc();
    Type i64 = rewriter.getI64Type(), i1 = rewriter.getI1Type();
    int64_t rank = inputType.getRank();
    SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, input);
    Value zero = scalarConstant(rewriter, loc, i64, 0);
    Value one = scalarConstant(rewriter, loc, i64, 1);
    Value count =
        forEachIndex(
            rewriter, loc, sizes, ValueRange{zero},
            [&](OpBuilder &b, Location l, ValueRange at, ValueRange carried) {
              Value v = b.create<tensor::ExtractOp>(l, input, at);
              Value hit =
                  b.create<arith::ExtUIOp>(l, i64, castScalar(b, l, v, i1));
              return SmallVector<Value>{
                  b.create<arith::AddIOp>(l, carried[0], hit)};
            })
            .front();
    SmallVector<OpFoldResult> resultSizes = {i64ToIndex(rewriter, loc, count),
                                             rewriter.getIndexAttr(rank)};
    auto dynamicType = RankedTensorType::get({ShapedType::kDynamic, rank}, i64);
    Value init = emptyTensor(rewriter, loc, dynamicType, resultSizes);
    SmallVector<Value> written = forEachIndex(
        rewriter, loc, sizes, ValueRange{init, zero},
        [&](OpBuilder &b, Location l, ValueRange at, ValueRange carried) {
          Value v = b.create<tensor::ExtractOp>(l, input, at);
          auto ifOp = b.create<scf::IfOp>(
              l, castScalar(b, l, v, i1),
              [&](OpBuilder &tb, Location tl) {
                Value row = i64ToIndex(tb, tl, carried[1]);
                Value t = carried[0];
                for (int64_t d = 0; d < rank; ++d)
                  t = tb.create<tensor::InsertOp>(
                      tl, castScalar(tb, tl, at[d], i64), t,
                      ValueRange{row,
                                 tb.create<arith::ConstantIndexOp>(tl, d)});
                Value next = tb.create<arith::AddIOp>(tl, carried[1], one);
                tb.create<scf::YieldOp>(tl, ValueRange{t, next});
              },
              [&](OpBuilder &eb, Location el) {
                eb.create<scf::YieldOp>(el, carried);
              });
          return SmallVector<Value>(ifOp.getResults());
        });
    Value result = written.front();
    if (result.getType() != resultType)
      result = rewriter.create<tensor::CastOp>(loc, resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void mlir::torch::torch_to_linalg::populateSortingPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ConvertSort<AtenSortOp>, ConvertSort<AtenSortStableOp>,
               ConvertSort<AtenTopkOp>, ConvertNonzero>(converter, context);
}
