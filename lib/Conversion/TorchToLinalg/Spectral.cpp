//===- Spectral.cpp - Discrete Fourier transforms -------------------------===//
//
// _fft_r2c (rfft, and fft of a real tensor), _fft_c2c (fft/ifft of a
// complex one) and _fft_c2r (irfft) as the DFT's definition,
// out[k] = sum_j x[j] w^(jk): one linalg.generic per transformed dimension
// with a reduction over j. That is O(n^2) per slice where an FFT is
// O(n log n), and it needs no FFT library.
// Sums are taken in complex<f64> whatever the dtype, then rounded to the
// result's; the exponent jk is reduced mod n in integers first, so the
// angle stays exact for large n. view_as_real splits complex elements.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "torch-mlir/Conversion/Utils.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

#include <cmath>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::conversion;
using namespace mlir::torch::Torch;
using namespace mlir::torch::torch_to_linalg;

namespace {

/// `value` (a float or complex element) as complex<f64>.
Value toComplexF64(OpBuilder &b, Location loc, Value value) {
  Type f64 = b.getF64Type();
  auto c64 = ComplexType::get(f64);
  if (auto complex = dyn_cast<ComplexType>(value.getType())) {
    if (complex == c64)
      return value;
    Value re = castScalar(b, loc, b.create<complex::ReOp>(loc, value), f64);
    Value im = castScalar(b, loc, b.create<complex::ImOp>(loc, value), f64);
    return b.create<complex::CreateOp>(loc, c64, re, im);
  }
  return b.create<complex::CreateOp>(loc, c64, castScalar(b, loc, value, f64),
                                     scalarConstant(b, loc, f64, 0));
}

/// The indexing of a sum over `dim` of a rank-`rank` input: iteration dims
/// 0..rank-1 are the output element, dim `rank` runs along the input's
/// `dim` (a reduction). Maps: input, output.
std::pair<SmallVector<AffineMap>, SmallVector<utils::IteratorType>>
sumOverDim(MLIRContext *context, int64_t rank, int64_t dim) {
  SmallVector<AffineExpr> inputExprs, outputExprs;
  for (int64_t d = 0; d < rank; ++d) {
    inputExprs.push_back(getAffineDimExpr(d == dim ? rank : d, context));
    outputExprs.push_back(getAffineDimExpr(d, context));
  }
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  return {{AffineMap::get(rank + 1, 0, inputExprs, context),
           AffineMap::get(rank + 1, 0, outputExprs, context)},
          iterators};
}

/// PyTorch's normalization code of an _fft_* op (0: none, 1: by 1/sqrt(n),
/// 2: by 1/n, per transformed dimension); nullopt unless a constant in range.
std::optional<int64_t> getNormalization(Value normalization) {
  std::optional<int64_t> code = constantInt(normalization);
  if (!code || *code < 0 || *code > 2)
    return std::nullopt;
  return code;
}

/// The constant dim list of an _fft_* op, each normalized for `rank`, in
/// the op's order; nullopt if not constant, empty, or a dim is out of range.
std::optional<SmallVector<int64_t>> getFftDims(Value dimList, int64_t rank) {
  std::optional<SmallVector<int64_t>> dims = constantInts(dimList);
  if (!dims || dims->empty())
    return std::nullopt;
  for (int64_t &dim : *dims) {
    std::optional<int64_t> d = wrapDim(dim, rank);
    if (!d)
      return std::nullopt;
    dim = *d;
  }
  return dims;
}

/// The f64 factor of `normalization` for a transform of length `n` (i64).
Value dftScale(OpBuilder &b, Location loc, Value n, int64_t normalization) {
  Type f64 = b.getF64Type();
  Value one = scalarConstant(b, loc, f64, 1);
  if (normalization == 1)
    return b.create<math::RsqrtOp>(loc, castScalar(b, loc, n, f64));
  if (normalization == 2)
    return b.create<arith::DivFOp>(loc, one, castScalar(b, loc, n, f64));
  return one;
}

/// The DFT of `input` along `dim` (forward: w = e^(-2 pi i / n); inverse:
/// e^(+2 pi i / n)), keeping the first `length` outputs (null: all n, else
/// `staticLength` in the type), scaled by PyTorch's `normalization` code,
/// with elements of `complexType`.
Value buildDft(OpBuilder &b, Location loc, Value input, int64_t dim,
               bool inverse, Value length, int64_t normalization,
               ComplexType complexType, int64_t staticLength) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  MLIRContext *context = b.getContext();
  Type f64 = b.getF64Type();
  auto c64 = ComplexType::get(f64);

  Value n = indexToI64(b, loc, b.create<tensor::DimOp>(loc, input, dim));
  SmallVector<OpFoldResult> sizes = getSizes(b, loc, input);
  SmallVector<int64_t> shape(inputType.getShape());
  if (length) {
    sizes[dim] = i64ToIndex(b, loc, length);
    shape[dim] = staticLength;
  }
  // Dims 0..rank-1: the output element (k at `dim`); dim `rank`: j.
  auto [maps, iterators] = sumOverDim(context, rank, dim);
  auto sumType = RankedTensorType::get(shape, c64);
  Value zero = b.create<complex::CreateOp>(
      loc, c64, scalarConstant(b, loc, f64, 0), scalarConstant(b, loc, f64, 0));
  Value init = filledTensor(b, loc, sumType, sizes, zero);
  // The angle step 2 pi / n, signed for the direction.
  Value step = b.create<arith::DivFOp>(
      loc, scalarConstant(b, loc, f64, (inverse ? 2 : -2) * M_PI),
      castScalar(b, loc, n, f64));
  auto sums = b.create<linalg::GenericOp>(
      loc, sumType, input, init, maps, iterators,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Value k = indexToI64(nb, l, nb.create<linalg::IndexOp>(l, dim));
        Value j = indexToI64(nb, l, nb.create<linalg::IndexOp>(l, rank));
        Value turns =
            nb.create<arith::RemSIOp>(l, nb.create<arith::MulIOp>(l, j, k), n);
        Value angle =
            nb.create<arith::MulFOp>(l, castScalar(nb, l, turns, f64), step);
        Value w = nb.create<complex::CreateOp>(
            l, c64, nb.create<math::CosOp>(l, angle),
            nb.create<math::SinOp>(l, angle));
        Value term =
            nb.create<complex::MulOp>(l, toComplexF64(nb, l, args[0]), w);
        nb.create<linalg::YieldOp>(
            l, ValueRange{nb.create<complex::AddOp>(l, args[1], term)});
      });

  // Scale, and round to the result's element type.
  Value scale = dftScale(b, loc, n, normalization);
  Type element = complexType.getElementType();
  auto resultType = RankedTensorType::get(shape, complexType);
  return buildElementwise(
      b, loc, sums.getResult(0), resultType,
      [&](OpBuilder &nb, Location l, ValueRange args) -> Value {
        Value re = nb.create<arith::MulFOp>(
            l, nb.create<complex::ReOp>(l, args[0]), scale);
        Value im = nb.create<arith::MulFOp>(
            l, nb.create<complex::ImOp>(l, args[0]), scale);
        return nb.create<complex::CreateOp>(l, complexType,
                                            castScalar(nb, l, re, element),
                                            castScalar(nb, l, im, element));
      });
}

/// The real inverse DFT of `input` (complex, the first n // 2 + 1 outputs of
/// a real signal's DFT) along `dim`: x[j] = sum_k c_k Re(X[k] w^(-jk)), with
/// c_k = 1 for k = 0 and k = n / 2, 2 for the bins between (they stand for
/// their mirror images too), 0 past n / 2. `n` is the output length.
Value buildInverseRealDft(OpBuilder &b, Location loc, Value input, int64_t dim,
                          Value n, int64_t staticN, int64_t normalization,
                          mlir::FloatType element) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  MLIRContext *context = b.getContext();
  Type f64 = b.getF64Type(), i64 = b.getI64Type();
  SmallVector<OpFoldResult> sizes = getSizes(b, loc, input);
  sizes[dim] = i64ToIndex(b, loc, n);
  SmallVector<int64_t> shape(inputType.getShape());
  shape[dim] = staticN;
  // Dims 0..rank-1: the output element (j at `dim`); dim `rank`: the bin k.
  auto [maps, iterators] = sumOverDim(context, rank, dim);
  auto sumType = RankedTensorType::get(shape, f64);
  Value init =
      filledTensor(b, loc, sumType, sizes, scalarConstant(b, loc, f64, 0));
  Value step = b.create<arith::DivFOp>(
      loc, scalarConstant(b, loc, f64, 2 * M_PI), castScalar(b, loc, n, f64));
  auto sums = b.create<linalg::GenericOp>(
      loc, sumType, input, init, maps, iterators,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        using IP = arith::CmpIPredicate;
        Value j = indexToI64(nb, l, nb.create<linalg::IndexOp>(l, dim));
        Value k = indexToI64(nb, l, nb.create<linalg::IndexOp>(l, rank));
        Value turns =
            nb.create<arith::RemSIOp>(l, nb.create<arith::MulIOp>(l, j, k), n);
        Value angle =
            nb.create<arith::MulFOp>(l, castScalar(nb, l, turns, f64), step);
        Value x = toComplexF64(nb, l, args[0]);
        Value term = nb.create<arith::SubFOp>(
            l,
            nb.create<arith::MulFOp>(l, nb.create<complex::ReOp>(l, x),
                                     nb.create<math::CosOp>(l, angle)),
            nb.create<arith::MulFOp>(l, nb.create<complex::ImOp>(l, x),
                                     nb.create<math::SinOp>(l, angle)));
        Value twiceK = nb.create<arith::AddIOp>(l, k, k);
        Value edge = nb.create<arith::OrIOp>(
            l,
            nb.create<arith::CmpIOp>(l, IP::eq, k,
                                     scalarConstant(nb, l, i64, 0)),
            nb.create<arith::CmpIOp>(l, IP::eq, twiceK, n));
        Value inside = nb.create<arith::CmpIOp>(l, IP::slt, twiceK, n);
        Value weight = nb.create<arith::SelectOp>(
            l, edge, scalarConstant(nb, l, f64, 1),
            nb.create<arith::SelectOp>(l, inside, scalarConstant(nb, l, f64, 2),
                                       scalarConstant(nb, l, f64, 0)));
        nb.create<linalg::YieldOp>(
            l, ValueRange{nb.create<arith::AddFOp>(
                   l, args[1], nb.create<arith::MulFOp>(l, weight, term))});
      });
  Value scale = dftScale(b, loc, n, normalization);
  return buildElementwise(
      b, loc, sums.getResult(0), RankedTensorType::get(shape, element),
      [&](OpBuilder &nb, Location l, ValueRange args) -> Value {
        return castScalar(nb, l, nb.create<arith::MulFOp>(l, args[0], scale),
                          element);
      });
}

/// _fft_c2r(self, dim, normalization, last_dim_size): the inverse of
/// _fft_r2c. The leading listed dims get complex inverse DFTs, the last one
/// the real inverse DFT with `last_dim_size` outputs.
class ConvertFftC2r : public OpConversionPattern<Aten_FftC2rOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Aten_FftC2rOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!resultType || !inputType || inputType.getRank() == 0 ||
        !isa<ComplexType>(inputType.getElementType()))
      return rewriter.notifyMatchFailure(op, "not a ranked complex tensor");
    auto element = dyn_cast<mlir::FloatType>(resultType.getElementType());
    std::optional<SmallVector<int64_t>> dims =
        getFftDims(op.getDim(), inputType.getRank());
    std::optional<int64_t> normalization =
        getNormalization(op.getNormalization());
    Value n = adaptor.getLastDimSize();
    if (!element || !dims || !normalization || !n.getType().isInteger(64))
      return rewriter.notifyMatchFailure(
          op, "dims (constant, in range), normalization or the output length "
              "are not usable");
    ArrayRef<int64_t> order = *dims;
    Location loc = op.getLoc();
    auto complexType = cast<ComplexType>(inputType.getElementType());
    Value result = input;
    for (int64_t dim : order.drop_back())
      result = buildDft(rewriter, loc, result, dim, /*inverse=*/true, Value(),
                        *normalization, complexType, ShapedType::kDynamic);
    result = buildInverseRealDft(rewriter, loc, result, order.back(), n,
                                 resultType.getDimSize(order.back()),
                                 *normalization, element);
    rewriter.replaceOpWithNewOp<tensor::CastOp>(op, resultType, result);
    return success();
  }
};

/// view_as_real(self): a complex tensor as floats with a last dim of 2
/// (real, imaginary).
class ConvertViewAsReal : public OpConversionPattern<AtenViewAsRealOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AtenViewAsRealOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!resultType || !inputType ||
        !isa<ComplexType>(inputType.getElementType()))
      return rewriter.notifyMatchFailure(op, "not a ranked complex tensor");
    Location loc = op.getLoc();
    int64_t rank = resultType.getRank();
    MLIRContext *context = rewriter.getContext();
    SmallVector<AffineExpr> inputExprs;
    for (int64_t d = 0; d + 1 < rank; ++d)
      inputExprs.push_back(getAffineDimExpr(d, context));
    SmallVector<AffineMap> maps{AffineMap::get(rank, 0, inputExprs, context),
                                rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<OpFoldResult> sizes = getSizes(rewriter, loc, input);
    sizes.push_back(rewriter.getIndexAttr(2));
    Value init = emptyTensor(rewriter, loc, resultType, sizes);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Type element = resultType.getElementType();
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, input, init, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value imaginary =
              b.create<arith::CmpIOp>(l, arith::CmpIPredicate::eq,
                                      b.create<linalg::IndexOp>(l, rank - 1),
                                      b.create<arith::ConstantIndexOp>(l, 1));
          Value part = b.create<arith::SelectOp>(
              l, imaginary, b.create<complex::ImOp>(l, args[0]),
              b.create<complex::ReOp>(l, args[0]));
          b.create<linalg::YieldOp>(l, castScalar(b, l, part, element));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

/// _fft_r2c(self, dim, normalization, onesided) and
/// _fft_c2c(self, dim, normalization, forward): one DFT per listed dim. For
/// r2c the last listed dim goes first and, when onesided, keeps n // 2 + 1
/// outputs (the rest mirror them). `normalization` is PyTorch's: 0 none,
/// 1 by 1/sqrt(n), 2 by 1/n, applied per dimension.
template <typename OpTy> class ConvertFft : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    constexpr bool realInput = std::is_same_v<OpTy, Aten_FftR2cOp>;
    RankedTensorType resultType =
        convertedTensorType(this->getTypeConverter(), op.getResult());
    Value input = adaptor.getSelf();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!resultType || !inputType || inputType.getRank() == 0)
      return rewriter.notifyMatchFailure(op, "not ranked tensors");
    auto complexType = dyn_cast<ComplexType>(resultType.getElementType());
    if (!complexType ||
        isa<ComplexType>(inputType.getElementType()) == realInput)
      return rewriter.notifyMatchFailure(op, "unexpected element types");
    std::optional<SmallVector<int64_t>> dims =
        getFftDims(op.getDim(), inputType.getRank());
    std::optional<int64_t> normalization =
        getNormalization(op.getNormalization());
    bool inverse = false, onesided = false;
    if constexpr (realInput) {
      std::optional<bool> flag = constantBool(op.getOnesided());
      if (!flag)
        return rewriter.notifyMatchFailure(op, "onesided is not a constant");
      onesided = *flag;
    } else {
      std::optional<bool> forward = constantBool(op.getForward());
      if (!forward)
        return rewriter.notifyMatchFailure(op, "forward is not a constant");
      inverse = !*forward;
    }
    if (!dims || !normalization)
      return rewriter.notifyMatchFailure(
          op, "dims (constant, in range) or normalization are not usable");
    SmallVector<int64_t> order(llvm::reverse(*dims));
    Location loc = op.getLoc();
    Value result = input;
    for (auto [i, dim] : llvm::enumerate(order)) {
      Value length;
      int64_t staticLength = ShapedType::kDynamic;
      if (onesided && i == 0) {
        Value n = indexToI64(rewriter, loc,
                             rewriter.create<tensor::DimOp>(loc, input, dim));
        Type i64 = rewriter.getI64Type();
        length = rewriter.create<arith::AddIOp>(
            loc,
            rewriter.create<arith::DivSIOp>(
                loc, n, scalarConstant(rewriter, loc, i64, 2)),
            scalarConstant(rewriter, loc, i64, 1));
        staticLength = resultType.getDimSize(dim);
      }
      result = buildDft(rewriter, loc, result, dim, inverse, length,
                        *normalization, complexType, staticLength);
    }
    rewriter.replaceOpWithNewOp<tensor::CastOp>(op, resultType, result);
    return success();
  }
};

} // namespace

void mlir::torch::torch_to_linalg::populateSpectralPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ConvertFft<Aten_FftR2cOp>, ConvertFft<Aten_FftC2cOp>,
               ConvertFftC2r, ConvertViewAsReal>(converter, context);
}
