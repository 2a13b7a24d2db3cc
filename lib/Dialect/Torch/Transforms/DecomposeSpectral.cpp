//===- DecomposeSpectral.cpp - Fourier transforms
//---------------------------===//
//
// fft_* as the _fft_r2c / _fft_c2c / _fft_c2r primitives.
//
//===----------------------------------------------------------------------===//

#include "Decompositions.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::Torch::decompositions;

namespace {

/// PyTorch's scaling code of an fft `norm` ("backward" = None, "ortho",
/// "forward"): 0 none, 1 by 1/sqrt(n), 2 by 1/n; forward and inverse
/// transforms read the name from opposite ends. None if not a known constant.
std::optional<int64_t> normCode(Value norm, bool inverse) {
  if (isNone(norm))
    return inverse ? 2 : 0;
  auto name = norm.getDefiningOp<ConstantStrOp>();
  if (!name)
    return std::nullopt;
  StringRef mode = name.getValue();
  if (mode == "ortho")
    return 1;
  if (mode == "forward")
    return inverse ? 0 : 2;
  if (mode == "backward")
    return inverse ? 2 : 0;
  return std::nullopt;
}

/// fft_fft, fft_ifft and fft_rfft with no `n` (no padding or trimming):
/// _fft_r2c of a real input (one-sided for rfft), _fft_c2c of a complex one,
/// along `dim`, scaled as `norm` says.
template <typename OpTy> class DecomposeFft : public Decomposition<OpTy> {
public:
  using Decomposition<OpTy>::Decomposition;

  LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const override {
    constexpr bool inverse = std::is_same_v<OpTy, AtenFftIfftOp>;
    constexpr bool onesided = std::is_same_v<OpTy, AtenFftRfftOp>;
    ValueTensorType type = knownType(op.getSelf());
    std::optional<int64_t> dim = constantInt(op.getDim());
    if (!type || !dim || !isNone(op.getN()))
      return rewriter.notifyMatchFailure(op,
                                         "a length n, or a dim at run time");
    std::optional<int64_t> code = normCode(op.getNorm(), inverse);
    if (!code)
      return rewriter.notifyMatchFailure(op, "norm not a known constant");
    bool complexInput = isa<ComplexType>(type.getDtype());
    if (onesided && complexInput)
      return rewriter.notifyMatchFailure(op, "rfft of a complex input");
    if (!complexInput && inverse)
      return rewriter.notifyMatchFailure(op, "ifft of a real input");
    TorchBuilder b(rewriter, op.getLoc());
    Value dims = b.intList({*dim});
    if (complexInput)
      rewriter.replaceOpWithNewOp<Aten_FftC2cOp>(op, op.getType(), op.getSelf(),
                                                 dims, b.constInt(*code),
                                                 b.constBool(!inverse));
    else
      rewriter.replaceOpWithNewOp<Aten_FftR2cOp>(op, op.getType(), op.getSelf(),
                                                 dims, b.constInt(*code),
                                                 b.constBool(onesided));
    return success();
  }
};

/// The operators the registry lacks (fft_irfft(x, n, dim, norm),
/// fft_rfft2(x, s, dim, norm), fft_irfft2(x, s, dim, norm)) as _fft_r2c
/// (one-sided) and _fft_c2r. The real inverse takes the first n // 2 + 1
/// bins of its last dim (n = 2 * (m - 1) by default), trimming extra ones;
/// other sizes than the input's are left alone (they would zero-pad).
class DecomposeRealFft : public OperatorDecomposition {
public:
  DecomposeRealFft(MLIRContext *context, const LegalOps &legal, StringRef name,
                   bool inverse, bool twoDims)
      : OperatorDecomposition(context, legal, name, 4, 1), inverse(inverse),
        twoDims(twoDims) {}

  LogicalResult decompose(OperatorOp op,
                          PatternRewriter &rewriter) const override {
    ValueRange in = op->getOperands();
    Value x = in[0];
    ValueTensorType type = knownType(x);
    ValueTensorType result = knownType(op->getResult(0));
    std::optional<int64_t> code = normCode(in[3], inverse);
    if (!type || !result || !code ||
        isa<ComplexType>(type.getDtype()) != inverse)
      return rewriter.notifyMatchFailure(op, "operands of unexpected types");
    int64_t rank = type.getSizes().size();
    // The transformed dims, and the lengths asked for (-1: the default).
    SmallVector<int64_t> dims, lengths;
    if (twoDims) {
      std::optional<SmallVector<int64_t>> given = constantInts(in[2]);
      if (!given || given->size() != 2)
        return rewriter.notifyMatchFailure(op, "dims not two constants");
      dims = *given;
      lengths.assign(2, -1);
      if (!isNone(in[1])) {
        std::optional<SmallVector<int64_t>> s = constantInts(in[1]);
        if (!s || s->size() != 2)
          return rewriter.notifyMatchFailure(op, "s not two constants");
        lengths = *s;
      }
    } else {
      std::optional<int64_t> dim = constantInt(in[2]);
      if (!dim)
        return rewriter.notifyMatchFailure(op, "dim not a constant");
      dims = {*dim};
      lengths = {-1};
      if (!isNone(in[1])) {
        std::optional<int64_t> n = constantInt(in[1]);
        if (!n)
          return rewriter.notifyMatchFailure(op, "n not a constant");
        lengths = {*n};
      }
    }
    for (int64_t &d : dims) {
      std::optional<int64_t> n = normalizeDim(d, rank);
      if (!n)
        return rewriter.notifyMatchFailure(op, "a dim out of range");
      d = *n;
    }
    TorchBuilder b(rewriter, op.getLoc());
    // Leading dims: complex transforms of the input's own length.
    for (size_t i = 0; i + 1 < dims.size(); ++i)
      if (lengths[i] != -1 && lengths[i] != type.getSizes()[dims[i]])
        return rewriter.notifyMatchFailure(op, "a length that pads or trims");
    int64_t last = dims.back();
    int64_t m = type.getSizes()[last];
    Value out;
    if (!inverse) {
      if (lengths.back() != -1 && lengths.back() != m)
        return rewriter.notifyMatchFailure(op, "a length that pads or trims");
      out = b.create<Aten_FftR2cOp>(result, x, b.intList(dims),
                                    b.constInt(*code), b.constBool(true));
    } else {
      if (m == kUnknownSize)
        return rewriter.notifyMatchFailure(op, "bins known at run time");
      int64_t n = lengths.back() == -1 ? 2 * (m - 1) : lengths.back();
      int64_t bins = n / 2 + 1;
      if (n < 1 || bins > m)
        return rewriter.notifyMatchFailure(op, "a length that zero-pads");
      if (bins < m) {
        SmallVector<int64_t> sizes(type.getSizes());
        sizes[last] = bins;
        x = b.create<AtenSliceTensorOp>(b.tensorType(sizes, type.getDtype()), x,
                                        b.constInt(last), b.constInt(0),
                                        b.constInt(bins), b.constInt(1));
      }
      out = b.create<Aten_FftC2rOp>(result, x, b.intList(dims),
                                    b.constInt(*code), b.constInt(n));
    }
    rewriter.replaceOp(op, out);
    return success();
  }

private:
  bool inverse, twoDims;
};

/// view_as_complex(x [..., 2]) = complex(x[..., 0], x[..., 1]).
class DecomposeViewAsComplex : public Decomposition<AtenViewAsComplexOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenViewAsComplexOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType type = knownType(op.getSelf());
    if (!type || type.getSizes().empty() || type.getSizes().back() != 2 ||
        !isa<mlir::FloatType>(type.getDtype()))
      return rewriter.notifyMatchFailure(op, "not floats with a last dim of 2");
    TorchBuilder b(rewriter, op.getLoc());
    auto part = [&](int64_t i) -> Value {
      return b.create<AtenSelectIntOp>(
          b.tensorType(type.getSizes().drop_back(), type.getDtype()),
          op.getSelf(), b.constInt(-1), b.constInt(i));
    };
    rewriter.replaceOpWithNewOp<AtenComplexOp>(op, op.getType(), part(0),
                                               part(1));
    return success();
  }
};

} // namespace

void mlir::torch::Torch::decompositions::populateSpectralDecompositions(
    RewritePatternSet &patterns, const LegalOps &legal) {
  patterns.add<DecomposeFft<AtenFftFftOp>, DecomposeFft<AtenFftIfftOp>,
               DecomposeFft<AtenFftRfftOp>, DecomposeViewAsComplex>(
      patterns.getContext(), legal);
  MLIRContext *context = patterns.getContext();
  patterns.add<DecomposeRealFft>(context, legal, "aten.fft_irfft",
                                 /*inverse=*/true, /*twoDims=*/false);
  patterns.add<DecomposeRealFft>(context, legal, "aten.fft_rfft2",
                                 /*inverse=*/false, /*twoDims=*/true);
  patterns.add<DecomposeRealFft>(context, legal, "aten.fft_irfft2",
                                 /*inverse=*/true, /*twoDims=*/true);
}
