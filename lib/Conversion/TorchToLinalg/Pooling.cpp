//===- Pooling.cpp - Max and average pooling ------------------------------===//
//
// One linalg.generic per pooling op, for 1-D, 2-D and 3-D: loops over
// (N, C, outputs..., window...) with the window dimensions as reductions, and
// the padded input read at `output * stride + window * dilation`. An input of
// the window's shape (never read) gives the window loops their bounds. Max
// pooling yields values and flat indices into each unpadded input plane, as
// PyTorch does; average pooling sums, then divides by PyTorch's count.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "torch-mlir/Conversion/Utils.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::conversion;
using namespace mlir::torch::Torch;
using namespace mlir::torch::torch_to_linalg;

namespace {

struct Window {
  SmallVector<int64_t> kernel, stride, padding, dilation;
  bool ceilMode = false;
};

/// kernel_size, stride (empty: the kernel), padding, dilation (absent: 1),
/// each a constant list of one or `spatial` ints.
std::optional<Window> readWindow(Value kernel, Value stride, Value padding,
                                 Value dilation, Value ceilMode,
                                 int64_t spatial) {
  Window w;
  auto read = [&](Value list, SmallVector<int64_t> &out,
                  ArrayRef<int64_t> dflt) {
    std::optional<SmallVector<int64_t>> values;
    if (list)
      values = constantInts(list);
    else
      values = SmallVector<int64_t>(dflt);
    if (!values)
      return false;
    if (values->empty())
      values = SmallVector<int64_t>(dflt);
    if (values->size() == 1)
      values->assign(spatial, values->front());
    out = *values;
    return static_cast<int64_t>(out.size()) == spatial;
  };
  SmallVector<int64_t> ones(spatial, 1), zeros(spatial, 0);
  if (!read(kernel, w.kernel, {}) || !read(stride, w.stride, w.kernel) ||
      !read(padding, w.padding, zeros) || !read(dilation, w.dilation, ones))
    return std::nullopt;
  std::optional<bool> ceil = ceilMode ? constantBool(ceilMode) : false;
  if (!ceil)
    return std::nullopt;
  w.ceilMode = *ceil;
  return w;
}

/// Each output plane's size, `input`'s at run time where `result`'s type
/// does not say: (in + 2 * pad - dilation * (kernel - 1) - 1 [+ stride - 1
/// with ceil_mode]) / stride + 1, less one with ceil_mode where the last
/// window would start past the input and its left padding, as PyTorch's
/// pooling_output_shape.
SmallVector<OpFoldResult> outputPlanes(OpBuilder &b, Location loc, Value input,
                                       RankedTensorType result,
                                       const Window &w) {
  SmallVector<OpFoldResult> sizes;
  int64_t spatial = w.kernel.size();
  auto index = [&](int64_t v) {
    return b.create<arith::ConstantIndexOp>(loc, v);
  };
  for (int64_t i = 0; i < spatial; ++i) {
    if (!result.isDynamicDim(i + 2)) {
      sizes.push_back(b.getIndexAttr(result.getDimSize(i + 2)));
      continue;
    }
    Value in = b.create<tensor::DimOp>(loc, input, i + 2);
    int64_t span = 2 * w.padding[i] - w.dilation[i] * (w.kernel[i] - 1) - 1 +
                   (w.ceilMode ? w.stride[i] - 1 : 0);
    Value out = b.create<arith::AddIOp>(
        loc,
        b.create<arith::DivSIOp>(loc,
                                 b.create<arith::AddIOp>(loc, in, index(span)),
                                 index(w.stride[i])),
        index(1));
    if (w.ceilMode) {
      Value lastStart = b.create<arith::MulIOp>(
          loc, b.create<arith::SubIOp>(loc, out, index(1)), index(w.stride[i]));
      Value pastInput = b.create<arith::CmpIOp>(
          loc, arith::CmpIPredicate::sge, lastStart,
          b.create<arith::AddIOp>(loc, in, index(w.padding[i])));
      out = b.create<arith::SelectOp>(
          loc, pastInput, b.create<arith::SubIOp>(loc, out, index(1)), out);
    }
    sizes.push_back(out);
  }
  return sizes;
}

/// The input padded with `fill` (PyTorch's padding, plus what ceil_mode's
/// last window reads past the end), and the window loops' generic.
struct PoolingLoops {
  Value padded;
  Value window; // the never-read tensor of the window's shape
  SmallVector<AffineMap> inputMaps;
  AffineMap outputMap;
  SmallVector<utils::IteratorType> iterators;
};

PoolingLoops poolingLoops(OpBuilder &b, Location loc, Value input,
                          RankedTensorType resultType, const Window &w,
                          Value fill) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t spatial = w.kernel.size();
  MLIRContext *context = b.getContext();
  SmallVector<OpFoldResult> low(2, b.getIndexAttr(0)),
      high(2, b.getIndexAttr(0));
  SmallVector<int64_t> paddedShape(inputType.getShape());
  SmallVector<OpFoldResult> planes =
      w.ceilMode ? outputPlanes(b, loc, input, resultType, w)
                 : SmallVector<OpFoldResult>();
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t extra = 0;
    int64_t in = inputType.getDimSize(i + 2);
    int64_t out = resultType.getDimSize(i + 2);
    low.push_back(b.getIndexAttr(w.padding[i]));
    if (in != ShapedType::kDynamic && out != ShapedType::kDynamic) {
      // What the last window reads beyond the padded input (ceil_mode).
      int64_t reach =
          (out - 1) * w.stride[i] + w.dilation[i] * (w.kernel[i] - 1) + 1;
      extra = std::max<int64_t>(0, reach - (in + 2 * w.padding[i]));
      high.push_back(b.getIndexAttr(w.padding[i] + extra));
      paddedShape[i + 2] = in + 2 * w.padding[i] + extra;
    } else if (w.ceilMode) {
      // The same at run time.
      auto index = [&](int64_t v) {
        return b.create<arith::ConstantIndexOp>(loc, v);
      };
      Value outValue = isa<Value>(planes[i])
                           ? cast<Value>(planes[i])
                           : index(*getConstantIntValue(planes[i]));
      Value inValue = b.create<tensor::DimOp>(loc, input, i + 2);
      // The end of the last window, in padded coordinates, less the input
      // and its left padding: the right padding it needs, at least `pad`.
      Value reach = b.create<arith::AddIOp>(
          loc,
          b.create<arith::MulIOp>(
              loc, b.create<arith::SubIOp>(loc, outValue, index(1)),
              index(w.stride[i])),
          index(w.dilation[i] * (w.kernel[i] - 1) + 1 - w.padding[i]));
      Value right = b.create<arith::SubIOp>(loc, reach, inValue);
      high.push_back(b.create<arith::MaxSIOp>(loc, right, index(w.padding[i]))
                         .getResult());
      paddedShape[i + 2] = ShapedType::kDynamic;
    } else {
      high.push_back(b.getIndexAttr(w.padding[i]));
      if (in != ShapedType::kDynamic)
        paddedShape[i + 2] = in + 2 * w.padding[i];
    }
  }
  PoolingLoops loops;
  loops.padded = input;
  if (llvm::any_of(
          low, [](OpFoldResult r) { return getConstantIntValue(r) != 0; }) ||
      llvm::any_of(high,
                   [](OpFoldResult r) { return getConstantIntValue(r) != 0; }))
    loops.padded = b.create<tensor::PadOp>(loc, inputType.clone(paddedShape),
                                           input, low, high, fill);
  loops.window =
      b.create<tensor::EmptyOp>(loc, w.kernel, inputType.getElementType());
  int64_t rank = 2 + 2 * spatial;
  SmallVector<AffineExpr> inputExprs{getAffineDimExpr(0, context),
                                     getAffineDimExpr(1, context)};
  SmallVector<AffineExpr> windowExprs, outputExprs{inputExprs};
  for (int64_t i = 0; i < spatial; ++i) {
    AffineExpr o = getAffineDimExpr(2 + i, context);
    AffineExpr k = getAffineDimExpr(2 + spatial + i, context);
    inputExprs.push_back(o * w.stride[i] + k * w.dilation[i]);
    windowExprs.push_back(k);
    outputExprs.push_back(o);
  }
  loops.inputMaps = {AffineMap::get(rank, 0, inputExprs, context),
                     AffineMap::get(rank, 0, windowExprs, context)};
  loops.outputMap = AffineMap::get(rank, 0, outputExprs, context);
  loops.iterators.assign(2 + spatial, utils::IteratorType::parallel);
  loops.iterators.append(spatial, utils::IteratorType::reduction);
  return loops;
}

/// Each input plane's size (the dims after batch and channel) as i64: a
/// constant, or read at run time.
SmallVector<Value> inputPlanes(OpBuilder &b, Location loc, Value input) {
  auto type = cast<RankedTensorType>(input.getType());
  Type i64 = b.getI64Type();
  SmallVector<Value> planes;
  for (int64_t d = 2; d < type.getRank(); ++d)
    planes.push_back(
        type.isDynamicDim(d)
            ? castScalar(b, loc, b.create<tensor::DimOp>(loc, input, d), i64)
            : scalarConstant(b, loc, i64, type.getDimSize(d)));
  return planes;
}

/// max_pool{1,2,3}d(self, kernel_size, stride, padding, dilation, ceil_mode)
/// and the _with_indices forms.
template <typename OpTy, int64_t spatial>
class ConvertMaxPool : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getOperands()[0];
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op->getResult(0));
    if (!inputType || !resultType || inputType.getRank() != spatial + 2)
      return rewriter.notifyMatchFailure(op, "needs a batched input");
    std::optional<Window> w =
        readWindow(op->getOperand(1), op->getOperand(2), op->getOperand(3),
                   op->getOperand(4), op->getOperand(5), spatial);
    if (!w)
      return rewriter.notifyMatchFailure(op, "non-constant window");
    Location loc = op.getLoc();
    Type element = inputType.getElementType();
    Type i64 = rewriter.getI64Type();
    bool isUnsigned = isUnsignedTensor(op->getOperand(0));
    Value fill = reductionIdentity(rewriter, loc, ReductionKind::Max, element,
                                   isUnsigned);
    PoolingLoops loops =
        poolingLoops(rewriter, loc, input, resultType, *w, fill);
    SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, input);
    SmallVector<OpFoldResult> planes =
        outputPlanes(rewriter, loc, input, resultType, *w);
    for (int64_t i = 0; i < spatial; ++i)
      sizes[i + 2] = planes[i];
    Value values = filledTensor(rewriter, loc, resultType, sizes, fill);
    SmallVector<AffineMap> maps(loops.inputMaps);
    maps.push_back(loops.outputMap);
    if (op->getNumResults() == 1 || op->getResult(1).use_empty()) {
      // Values only (max_pool2d, or the _with_indices form torch.export
      // writes for it): a max, which NaN wins, as in PyTorch.
      auto generic = rewriter.create<linalg::GenericOp>(
          loc, TypeRange{resultType}, ValueRange{loops.padded, loops.window},
          ValueRange{values}, maps, loops.iterators,
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value max = reductionStep(b, l, ReductionKind::Max, args[0],
                                      args[2], isUnsigned);
            b.create<linalg::YieldOp>(l, max);
          });
      SmallVector<Value> results = {generic.getResult(0)};
      if (op->getNumResults() == 2) // unused: never computed
        results.push_back(rewriter.create<tensor::EmptyOp>(loc, sizes, i64));
      rewriter.replaceOp(op, results);
      return success();
    }
    RankedTensorType indicesType = resultType.clone(i64);
    Value indices = filledTensor(rewriter, loc, indicesType, sizes,
                                 scalarConstant(rewriter, loc, i64, -1));
    maps.push_back(loops.outputMap);
    SmallVector<Value> inputSpatial = inputPlanes(rewriter, loc, input);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{resultType, indicesType},
        ValueRange{loops.padded, loops.window}, ValueRange{values, indices},
        maps, loops.iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = args[0], best = args[2], bestIndex = args[3];
          // The flat index into the unpadded input plane.
          Value flat = scalarConstant(b, l, i64, 0);
          for (int64_t i = 0; i < spatial; ++i) {
            Value o = b.create<linalg::IndexOp>(l, 2 + i);
            Value k = b.create<linalg::IndexOp>(l, 2 + spatial + i);
            Value at = b.create<arith::AddIOp>(
                l,
                b.create<arith::MulIOp>(
                    l, o, b.create<arith::ConstantIndexOp>(l, w->stride[i])),
                b.create<arith::MulIOp>(
                    l, k, b.create<arith::ConstantIndexOp>(l, w->dilation[i])));
            Value unpadded = b.create<arith::SubIOp>(
                l, castScalar(b, l, at, i64),
                scalarConstant(b, l, i64, w->padding[i]));
            flat = b.create<arith::AddIOp>(
                l, b.create<arith::MulIOp>(l, flat, inputSpatial[i]), unpadded);
          }
          Value better;
          if (isa<mlir::FloatType>(element)) {
            better =
                b.create<arith::CmpFOp>(l, arith::CmpFPredicate::OGT, x, best);
            Value xNan =
                b.create<arith::CmpFOp>(l, arith::CmpFPredicate::UNO, x, x);
            better = b.create<arith::OrIOp>(l, better, xNan);
          } else {
            better = b.create<arith::CmpIOp>(
                l,
                integerPredicate(arith::CmpIPredicate::sgt, element,
                                 isUnsigned),
                x, best);
          }
          // The first window element always counts (all -inf windows).
          Value unset =
              b.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, bestIndex,
                                      scalarConstant(b, l, i64, 0));
          better = b.create<arith::OrIOp>(l, better, unset);
          b.create<linalg::YieldOp>(
              l, ValueRange{
                     b.create<arith::SelectOp>(l, better, x, best),
                     b.create<arith::SelectOp>(l, better, flat, bestIndex)});
        });
    if (op->getNumResults() == 1) {
      rewriter.replaceOp(op, generic.getResult(0));
      return success();
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// avg_pool{1,2,3}d(self, kernel_size, stride, padding, ceil_mode,
/// count_include_pad[, divisor_override]).
template <typename OpTy, int64_t spatial>
class ConvertAvgPool : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getOperands()[0];
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op->getResult(0));
    if (!inputType || !resultType || inputType.getRank() != spatial + 2 ||
        !isa<mlir::FloatType>(resultType.getElementType()))
      return rewriter.notifyMatchFailure(op, "needs a batched float input");
    std::optional<Window> w =
        readWindow(op->getOperand(1), op->getOperand(2), op->getOperand(3),
                   Value(), op->getOperand(4), spatial);
    std::optional<bool> includePad = constantBool(op->getOperand(5));
    std::optional<int64_t> divisor;
    if (op->getNumOperands() > 6 && !isNone(op->getOperand(6))) {
      divisor = constantInt(op->getOperand(6));
      if (!divisor)
        return rewriter.notifyMatchFailure(op, "non-constant divisor");
    }
    if (!w || !includePad)
      return rewriter.notifyMatchFailure(op, "non-constant window");
    Location loc = op.getLoc();
    Type element = resultType.getElementType();
    Value zero = scalarConstant(rewriter, loc, element, 0);
    PoolingLoops loops =
        poolingLoops(rewriter, loc, input, resultType, *w, zero);
    SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, input);
    SmallVector<OpFoldResult> planes =
        outputPlanes(rewriter, loc, input, resultType, *w);
    for (int64_t i = 0; i < spatial; ++i)
      sizes[i + 2] = planes[i];
    Value sums = filledTensor(rewriter, loc, resultType, sizes, zero);
    Type i64 = rewriter.getI64Type();
    SmallVector<Value> planesIn = inputPlanes(rewriter, loc, input);
    SmallVector<AffineMap> maps(loops.inputMaps);
    maps.push_back(loops.outputMap);
    Value summed =
        rewriter
            .create<linalg::GenericOp>(
                loc, resultType, ValueRange{loops.padded, loops.window}, sums,
                maps, loops.iterators,
                [&](OpBuilder &b, Location l, ValueRange args) {
                  b.create<linalg::YieldOp>(
                      l,
                      ValueRange{b.create<arith::AddFOp>(l, args[0], args[2])});
                })
            .getResult(0);
    // Divide by the count PyTorch uses: the override, else each window's
    // size clipped to the padded input (count_include_pad) or to the input.
    Value result = buildElementwise(
        rewriter, loc, summed, resultType,
        [&](OpBuilder &b, Location l, ValueRange x) -> Value {
          if (divisor)
            return b.create<arith::DivFOp>(
                l, x[0], scalarConstant(b, l, element, *divisor));
          Value count = scalarConstant(b, l, i64, 1);
          for (int64_t i = 0; i < spatial; ++i) {
            Value in = planesIn[i];
            int64_t p = w->padding[i];
            Value o =
                castScalar(b, l, b.create<linalg::IndexOp>(l, 2 + i), i64);
            Value start = b.create<arith::SubIOp>(
                l,
                b.create<arith::MulIOp>(
                    l, o, scalarConstant(b, l, i64, w->stride[i])),
                scalarConstant(b, l, i64, p));
            Value end = b.create<arith::MinSIOp>(
                l,
                b.create<arith::AddIOp>(
                    l, start, scalarConstant(b, l, i64, w->kernel[i])),
                b.create<arith::AddIOp>(l, in, scalarConstant(b, l, i64, p)));
            if (!*includePad) {
              start = b.create<arith::MaxSIOp>(l, start,
                                               scalarConstant(b, l, i64, 0));
              end = b.create<arith::MinSIOp>(l, end, in);
            }
            count = b.create<arith::MulIOp>(
                l, count, b.create<arith::SubIOp>(l, end, start));
          }
          return b.create<arith::DivFOp>(l, x[0],
                                         castScalar(b, l, count, element));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void mlir::torch::torch_to_linalg::populatePoolingPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      ConvertMaxPool<AtenMaxPool1dOp, 1>, ConvertMaxPool<AtenMaxPool2dOp, 2>,
      ConvertMaxPool<AtenMaxPool3dOp, 3>,
      ConvertMaxPool<AtenMaxPool1dWithIndicesOp, 1>,
      ConvertMaxPool<AtenMaxPool2dWithIndicesOp, 2>,
      ConvertMaxPool<AtenMaxPool3dWithIndicesOp, 3>,
      ConvertAvgPool<AtenAvgPool1dOp, 1>, ConvertAvgPool<AtenAvgPool2dOp, 2>,
      ConvertAvgPool<AtenAvgPool3dOp, 3>>(converter, context);
}
