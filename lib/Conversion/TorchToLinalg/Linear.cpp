//===- Linear.cpp - Matrix products and convolutions ----------------------===//
//
// mm, bmm and addmm become linalg.matmul / linalg.batch_matmul into a zero
// accumulator; convolution pads its input with tensor.pad and becomes the
// linalg.conv_*d op of its rank (grouped: the g-indexed 2-D form), plus the
// bias.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
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

/// The element type products of `element` accumulate in: f32 for f16 and
/// bf16 (rounded once at the end, as PyTorch's CPU kernels do), else itself.
Type accumulatorElement(Type element) {
  if (isa<Float16Type, BFloat16Type>(element))
    return Float32Type::get(element.getContext());
  return element;
}

/// `lhs @ rhs` for 2-D or 3-D (batched) operands of the result's dtype.
Value matmul(OpBuilder &b, Location loc, Value lhs, Value rhs,
             RankedTensorType resultType) {
  Type element = resultType.getElementType();
  auto accumulatorType = resultType.clone(accumulatorElement(element));
  lhs = castElements(b, loc, lhs, element);
  rhs = castElements(b, loc, rhs, element);
  SmallVector<OpFoldResult> lhsSizes = getSizes(b, loc, lhs);
  SmallVector<OpFoldResult> rhsSizes = getSizes(b, loc, rhs);
  int64_t rank = lhsSizes.size();
  checkSameSize(b, loc, lhsSizes[rank - 1], rhsSizes[rank - 2],
                "matmul: the left operand's columns and the right operand's "
                "rows differ");
  if (rank == 3)
    checkSameSize(b, loc, lhsSizes[0], rhsSizes[0],
                  "batched matmul: the operands' batch sizes differ");
  SmallVector<OpFoldResult> sizes(lhsSizes.begin(), lhsSizes.end() - 1);
  sizes.push_back(rhsSizes.back());
  Value zero = scalarConstant(b, loc, accumulatorType.getElementType(), 0);
  Value accumulator = filledTensor(b, loc, accumulatorType, sizes, zero);
  Value product;
  if (resultType.getRank() == 2)
    product = b.create<linalg::MatmulOp>(loc, accumulatorType,
                                         ValueRange{lhs, rhs}, accumulator)
                  .getResult(0);
  else
    product = b.create<linalg::BatchMatmulOp>(loc, accumulatorType,
                                              ValueRange{lhs, rhs}, accumulator)
                  .getResult(0);
  return castElements(b, loc, product, element);
}

template <typename OpTy>
class ConvertMatmul : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    ValueRange operands = adaptor.getOperands();
    // mm(self, mat2), bmm(self, mat2), addmm(self, mat1, mat2, beta, alpha).
    unsigned first = std::is_same_v<OpTy, AtenAddmmOp> ? 1 : 0;
    Value lhs = operands[first], rhs = operands[first + 1];
    auto lhsType = dyn_cast<RankedTensorType>(lhs.getType());
    auto rhsType = dyn_cast<RankedTensorType>(rhs.getType());
    int64_t rank = std::is_same_v<OpTy, AtenBmmOp> ? 3 : 2;
    if (!resultType || !lhsType || !rhsType || lhsType.getRank() != rank ||
        rhsType.getRank() != rank)
      return rewriter.notifyMatchFailure(op, "operands of the wrong rank");
    Location loc = op.getLoc();
    Value product = matmul(rewriter, loc, lhs, rhs, resultType);
    if constexpr (std::is_same_v<OpTy, AtenAddmmOp>) {
      // beta * self + alpha * product, self broadcast.
      Value beta = operands[3], alpha = operands[4];
      bool unitBeta = constantNumber(op->getOperand(3)) == 1.0;
      bool unitAlpha = constantNumber(op->getOperand(4)) == 1.0;
      Type element = resultType.getElementType();
      if (!isa<mlir::FloatType>(element) && !isa<IntegerType>(element))
        return rewriter.notifyMatchFailure(op, "unsupported dtype");
      product = buildElementwise(
          rewriter, loc, ValueRange{operands[0], product}, resultType,
          [&](OpBuilder &b, Location l, ValueRange x) -> Value {
            Value self = castScalar(b, l, x[0], element);
            Value p = x[1];
            bool isFloat = isa<mlir::FloatType>(element);
            auto mul = [&](Value u, Value v) -> Value {
              if (isFloat)
                return b.create<arith::MulFOp>(l, u, v);
              return b.create<arith::MulIOp>(l, u, v);
            };
            if (!unitBeta)
              self = mul(self, castScalar(b, l, beta, element));
            if (!unitAlpha)
              p = mul(p, castScalar(b, l, alpha, element));
            if (isFloat)
              return b.create<arith::AddFOp>(l, self, p);
            return b.create<arith::AddIOp>(l, self, p);
          });
    }
    rewriter.replaceOp(op, product);
    return success();
  }
};

/// aten.convolution(input, weight, bias, stride, padding, dilation,
/// transposed, output_padding, groups): 1-D, 2-D (grouped too) and 3-D, and
/// transposed ones (ungrouped, static shapes).
class ConvertConvolution : public OpConversionPattern<AtenConvolutionOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    Value input = adaptor.getInput(), weight = adaptor.getWeight();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    auto weightType = dyn_cast<RankedTensorType>(weight.getType());
    if (!resultType || !inputType || !weightType || inputType.getRank() < 3 ||
        inputType.getRank() > 5)
      return rewriter.notifyMatchFailure(op, "not a 1-D, 2-D or 3-D conv");
    int64_t spatial = inputType.getRank() - 2;
    std::optional<SmallVector<int64_t>> stride = constantInts(op.getStride());
    std::optional<SmallVector<int64_t>> padding = constantInts(op.getPadding());
    std::optional<SmallVector<int64_t>> dilation =
        constantInts(op.getDilation());
    std::optional<bool> transposed = constantBool(op.getTransposed());
    std::optional<int64_t> groups = constantInt(op.getGroups());
    if (!stride || !padding || !dilation || !transposed || !groups)
      return rewriter.notifyMatchFailure(op, "non-constant conv parameters");
    auto expand = [&](SmallVector<int64_t> &v) {
      if (v.size() == 1)
        v.assign(spatial, v[0]);
      return static_cast<int64_t>(v.size()) == spatial;
    };
    if (!expand(*stride) || !expand(*padding) || !expand(*dilation))
      return rewriter.notifyMatchFailure(op, "parameter lists of wrong size");
    if (*groups != 1 && spatial != 2)
      return rewriter.notifyMatchFailure(op, "grouped conv that is not 2-D");

    Location loc = op.getLoc();
    Type element = resultType.getElementType();
    if (!isa<mlir::FloatType>(element) && !isa<IntegerType>(element))
      return rewriter.notifyMatchFailure(op, "unsupported dtype");

    if (*transposed) {
      // A transposed convolution is a plain one, stride 1, over the input
      // spread out by the stride and padded by d*(k-1)-p (plus
      // output_padding at the end), with the weight's in/out channels
      // swapped and its window flipped.
      std::optional<SmallVector<int64_t>> outputPadding =
          constantInts(op.getOutputPadding());
      if (*groups != 1 || !outputPadding || !expand(*outputPadding) ||
          !inputType.hasStaticShape() || !weightType.hasStaticShape())
        return rewriter.notifyMatchFailure(
            op, "transposed convolution with groups or dynamic shapes");
      // Padding beyond the window (d * (k - 1) - p < 0) crops the spread
      // input instead.
      SmallVector<int64_t> low, high, cropLow, cropHigh;
      for (int64_t i = 0; i < spatial; ++i) {
        int64_t l =
            (*dilation)[i] * (weightType.getDimSize(i + 2) - 1) - (*padding)[i];
        int64_t h = l + (*outputPadding)[i];
        low.push_back(std::max<int64_t>(l, 0));
        high.push_back(std::max<int64_t>(h, 0));
        cropLow.push_back(std::max<int64_t>(-l, 0));
        cropHigh.push_back(std::max<int64_t>(-h, 0));
      }
      input = spreadInput(rewriter, loc, input, *stride, low, high);
      if (llvm::any_of(cropLow, [](int64_t c) { return c > 0; }) ||
          llvm::any_of(cropHigh, [](int64_t c) { return c > 0; })) {
        auto spreadType = cast<RankedTensorType>(input.getType());
        SmallVector<int64_t> shape(spreadType.getShape());
        SmallVector<OpFoldResult> offsets(2, rewriter.getIndexAttr(0));
        SmallVector<OpFoldResult> sizes{rewriter.getIndexAttr(shape[0]),
                                        rewriter.getIndexAttr(shape[1])};
        for (int64_t i = 0; i < spatial; ++i) {
          shape[i + 2] -= cropLow[i] + cropHigh[i];
          if (shape[i + 2] <= 0)
            return rewriter.notifyMatchFailure(op, "padding crops everything");
          offsets.push_back(rewriter.getIndexAttr(cropLow[i]));
          sizes.push_back(rewriter.getIndexAttr(shape[i + 2]));
        }
        SmallVector<OpFoldResult> unit(spatial + 2, rewriter.getIndexAttr(1));
        input = rewriter.create<tensor::ExtractSliceOp>(
            loc, spreadType.clone(shape), input, offsets, sizes, unit);
      }
      weight = flippedTransposedWeight(rewriter, loc, weight);
      inputType = cast<RankedTensorType>(input.getType());
      stride->assign(spatial, 1);
      padding->assign(spatial, 0);
    }

    // Zero padding of the spatial dimensions.
    if (llvm::any_of(*padding, [](int64_t p) { return p != 0; })) {
      SmallVector<OpFoldResult> low(2, rewriter.getIndexAttr(0));
      for (int64_t p : *padding)
        low.push_back(rewriter.getIndexAttr(p));
      SmallVector<int64_t> paddedShape(inputType.getShape());
      for (int64_t i = 0; i < spatial; ++i)
        if (!inputType.isDynamicDim(i + 2))
          paddedShape[i + 2] += 2 * (*padding)[i];
      auto paddedType = inputType.clone(paddedShape);
      Value zero = scalarConstant(rewriter, loc, inputType.getElementType(), 0);
      input = rewriter.create<tensor::PadOp>(loc, paddedType, input, low, low,
                                             zero);
    }

    SmallVector<OpFoldResult> sizes;
    SmallVector<OpFoldResult> inputSizes = getSizes(rewriter, loc, input);
    SmallVector<OpFoldResult> weightSizes = getSizes(rewriter, loc, weight);
    sizes.push_back(inputSizes[0]);
    sizes.push_back(weightSizes[0]);
    for (int64_t i = 0; i < spatial; ++i) {
      // (in + 2p - d*(k-1) - 1) / s + 1, with the padding already in `in`.
      if (!resultType.isDynamicDim(i + 2)) {
        sizes.push_back(rewriter.getIndexAttr(resultType.getDimSize(i + 2)));
        continue;
      }
      AffineExpr in, k;
      bindDims(rewriter.getContext(), in, k);
      AffineExpr out =
          (in - (k - 1) * (*dilation)[i] - 1).floorDiv((*stride)[i]) + 1;
      sizes.push_back(affine::makeComposedFoldedAffineApply(
          rewriter, loc, out, {inputSizes[i + 2], weightSizes[i + 2]}));
    }
    // Accumulated (and the bias added) in f32 for f16 and bf16, rounded once.
    RankedTensorType finalType = resultType;
    Type finalElement = element;
    resultType = resultType.clone(accumulatorElement(element));
    element = resultType.getElementType();
    Value zero = scalarConstant(rewriter, loc, element, 0);
    Value accumulator = filledTensor(rewriter, loc, resultType, sizes, zero);
    auto strides = rewriter.getI64TensorAttr(*stride);
    auto dilations = rewriter.getI64TensorAttr(*dilation);
    Value result;
    if (*groups == 1) {
      ValueRange ins{input, weight};
      if (spatial == 1)
        result = rewriter
                     .create<linalg::Conv1DNcwFcwOp>(
                         loc, resultType, ins, accumulator, strides, dilations)
                     .getResult(0);
      else if (spatial == 2)
        result = rewriter
                     .create<linalg::Conv2DNchwFchwOp>(
                         loc, resultType, ins, accumulator, strides, dilations)
                     .getResult(0);
      else
        result = rewriter
                     .create<linalg::Conv3DNcdhwFcdhwOp>(
                         loc, resultType, ins, accumulator, strides, dilations)
                     .getResult(0);
    } else {
      result = groupedConv2D(rewriter, loc, input, weight, accumulator, *groups,
                             strides, dilations);
      if (!result)
        return rewriter.notifyMatchFailure(op, "grouped conv with dynamic "
                                               "channels");
    }

    if (!isNone(op.getBias())) {
      auto biasType = dyn_cast<RankedTensorType>(adaptor.getBias().getType());
      if (!biasType || biasType.getRank() != 1)
        return rewriter.notifyMatchFailure(op, "bias is not 1-D");
      // The bias runs along the channel dimension: view it as [C, 1, ...].
      SmallVector<int64_t> biasShape{biasType.getDimSize(0)};
      biasShape.append(spatial, 1);
      SmallVector<ReassociationIndices> reassociation{{0}};
      reassociation.front().append(
          llvm::to_vector(llvm::seq<int64_t>(1, spatial + 1)));
      Value bias = rewriter.create<tensor::ExpandShapeOp>(
          loc, biasType.clone(biasShape), adaptor.getBias(), reassociation);
      result = buildElementwise(
          rewriter, loc, ValueRange{result, bias}, resultType,
          [&](OpBuilder &b, Location l, ValueRange x) -> Value {
            Value biasElement = castScalar(b, l, x[1], element);
            if (isa<mlir::FloatType>(element))
              return b.create<arith::AddFOp>(l, x[0], biasElement);
            return b.create<arith::AddIOp>(l, x[0], biasElement);
          });
    }
    if (finalType != resultType)
      result = castElements(rewriter, loc, result, finalElement);
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  /// N,C,spatial... -> zeros of N,C,((size-1)*stride+1+low+high)... with the
  /// input at low + i*stride.
  static Value spreadInput(OpBuilder &b, Location loc, Value input,
                           ArrayRef<int64_t> stride, ArrayRef<int64_t> low,
                           ArrayRef<int64_t> high) {
    auto type = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> shape(type.getShape());
    SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
    for (size_t i = 0; i < stride.size(); ++i) {
      shape[i + 2] = (shape[i + 2] - 1) * stride[i] + 1 + low[i] + high[i];
      offsets[i + 2] = b.getIndexAttr(low[i]);
      strides[i + 2] = b.getIndexAttr(stride[i]);
    }
    auto spreadType = type.clone(shape);
    SmallVector<OpFoldResult> sizes;
    for (int64_t size : shape)
      sizes.push_back(b.getIndexAttr(size));
    Value zeros =
        filledTensor(b, loc, spreadType, sizes,
                     scalarConstant(b, loc, type.getElementType(), 0));
    return b.create<tensor::InsertSliceOp>(loc, input, zeros, offsets,
                                           getSizes(b, loc, input), strides);
  }

  /// (C_in, C_out, k...) -> (C_out, C_in, k...) with every window reversed.
  static Value flippedTransposedWeight(OpBuilder &b, Location loc,
                                       Value weight) {
    auto type = cast<RankedTensorType>(weight.getType());
    int64_t rank = type.getRank();
    SmallVector<int64_t> shape(type.getShape());
    std::swap(shape[0], shape[1]);
    auto resultType = type.clone(shape);
    MLIRContext *context = b.getContext();
    SmallVector<AffineExpr> exprs{getAffineDimExpr(1, context),
                                  getAffineDimExpr(0, context)};
    for (int64_t i = 2; i < rank; ++i)
      exprs.push_back(getAffineConstantExpr(type.getDimSize(i) - 1, context) -
                      getAffineDimExpr(i, context));
    SmallVector<AffineMap> maps{AffineMap::get(rank, 0, exprs, context),
                                b.getMultiDimIdentityMap(rank)};
    SmallVector<OpFoldResult> sizes;
    for (int64_t size : shape)
      sizes.push_back(b.getIndexAttr(size));
    Value init = emptyTensor(b, loc, resultType, sizes);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    return b
        .create<linalg::GenericOp>(
            loc, resultType, weight, init, maps, iterators,
            [](OpBuilder &nb, Location nl, ValueRange args) {
              nb.create<linalg::YieldOp>(nl, args[0]);
            })
        .getResult(0);
  }

  /// NCHW input and FCHW weight viewed as N(G)(C/G)HW and (G)(F/G)(C/G)HW.
  static Value groupedConv2D(OpBuilder &b, Location loc, Value input,
                             Value weight, Value accumulator, int64_t groups,
                             DenseIntElementsAttr strides,
                             DenseIntElementsAttr dilations) {
    auto inputType = cast<RankedTensorType>(input.getType());
    auto weightType = cast<RankedTensorType>(weight.getType());
    auto resultType = cast<RankedTensorType>(accumulator.getType());
    if (inputType.isDynamicDim(1) || weightType.isDynamicDim(0) ||
        resultType.isDynamicDim(1))
      return nullptr;
    auto split = [&](RankedTensorType type, int64_t dim) {
      SmallVector<int64_t> shape(type.getShape());
      shape[dim] /= groups;
      shape.insert(shape.begin() + dim, groups);
      return type.clone(shape);
    };
    auto groupsAt = [](int64_t dim, int64_t rank) {
      SmallVector<ReassociationIndices> reassociation;
      for (int64_t i = 0; i < rank; ++i) {
        if (i < dim)
          reassociation.push_back({i});
        else if (i == dim)
          reassociation.push_back({i, i + 1});
        else
          reassociation.push_back({i + 1});
      }
      return reassociation;
    };
    auto outType = split(resultType, 1);
    auto inputGroups = groupsAt(1, 4), weightGroups = groupsAt(0, 4);
    SmallVector<OpFoldResult> inputSizes = getSizes(b, loc, input);
    SmallVector<OpFoldResult> outSizes = getSizes(b, loc, accumulator);
    auto expandSizes = [&](SmallVector<OpFoldResult> sizes, int64_t dim,
                           int64_t total) {
      sizes[dim] = b.getIndexAttr(total / groups);
      sizes.insert(sizes.begin() + dim, b.getIndexAttr(groups));
      return sizes;
    };
    Value groupedInput = b.create<tensor::ExpandShapeOp>(
        loc, split(inputType, 1), input, inputGroups,
        expandSizes(inputSizes, 1, inputType.getDimSize(1)));
    Value groupedWeight = b.create<tensor::ExpandShapeOp>(
        loc, split(weightType, 0), weight, weightGroups);
    Value groupedAccumulator = b.create<tensor::ExpandShapeOp>(
        loc, outType, accumulator, inputGroups,
        expandSizes(outSizes, 1, resultType.getDimSize(1)));
    Value conv = b.create<linalg::Conv2DNgchwGfchwOp>(
                      loc, outType, ValueRange{groupedInput, groupedWeight},
                      groupedAccumulator, strides, dilations)
                     .getResult(0);
    return b.create<tensor::CollapseShapeOp>(loc, resultType, conv,
                                             inputGroups);
  }
};

} // namespace

void mlir::torch::torch_to_linalg::populateLinearPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ConvertMatmul<AtenMmOp>, ConvertMatmul<AtenBmmOp>,
               ConvertMatmul<AtenAddmmOp>, ConvertConvolution>(converter,
                                                               context);
}
