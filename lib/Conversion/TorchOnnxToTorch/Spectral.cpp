//===- Spectral.cpp - DFT -------------------------------------------------===//
//
// ONNX's DFT holds a complex signal as a last dim of 2 (real, imaginary), or
// a real one as a last dim of 1. It becomes ATen's FFT primitives on a
// complex tensor (aten.complex of the two parts): _fft_r2c for a forward
// transform of a real signal, _fft_c2c for the other forward and inverse
// ones, _fft_c2r for an inverse onesided one (an irfft, real output), then
// view_as_real back to ONNX's layout. The signal is first cut or padded with
// zeros along the axis to dft_length (n // 2 + 1 for an irfft's input), as
// numpy's fft does with its `n`.
//
//===----------------------------------------------------------------------===//

#include "OnnxNode.h"

#include "mlir/IR/BuiltinTypes.h"

#include <functional>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

/// `x` cut or padded with zeros along `axis` to `length`.
Value fitLength(OnnxNode &n, Value x, int64_t axis, int64_t length) {
  auto t = cast<ValueTensorType>(x.getType());
  SmallVector<int64_t> sizes(t.getSizes());
  int64_t have = sizes[axis];
  if (have == length)
    return x;
  sizes[axis] = length;
  ValueTensorType fitted = n.tensorType(sizes, t.getDtype());
  if (have > length)
    return n.create<AtenSliceTensorOp>(fitted, x, n.constInt(axis),
                                       n.constInt(0), n.constInt(length),
                                       n.constInt(1));
  int64_t rank = sizes.size();
  SmallVector<int64_t> pads(2 * rank, 0);
  pads[2 * (rank - 1 - axis) + 1] = length - have; // at the end
  return n.create<AtenConstantPadNdOp>(fitted, x, n.intList(pads),
                                       n.constFloat(0.0));
}

/// The length a DFT of `in` along `axis` transforms: dft_length if given,
/// else the axis' size (2 (size - 1) for an irfft). Nullopt where it is
/// unknown, or the axis' size is unknown and the signal must be cut or
/// padded to it.
std::optional<int64_t> dftLength(ValueTensorType in, int64_t axis,
                                 std::optional<int64_t> given, bool inverse,
                                 bool onesided) {
  int64_t have = in.getSizes()[axis];
  std::optional<int64_t> length = given;
  if (!length && have != kUnknownSize)
    length = inverse && onesided ? 2 * (have - 1) : have;
  if (!length || *length < 1)
    return std::nullopt;
  int64_t read = inverse && onesided ? *length / 2 + 1 : *length;
  if (have == kUnknownSize && read != *length)
    return std::nullopt;
  return length;
}

/// The DFT of operand 0 along `axis` (not the last dim) of `length` (from
/// dftLength), in ONNX's layout, as `type`.
Value dftAlong(OnnxNode &n, int64_t axis, int64_t length, bool inverse,
               bool onesided, ValueTensorType type) {
  ValueTensorType in = n.operandType(0);
  int64_t rank = in.getSizes().size(), parts = in.getSizes().back();
  // An irfft reads n // 2 + 1 frequencies; the others n values.
  int64_t read = inverse && onesided ? length / 2 + 1 : length;
  // Computed in f32 (f64 stays), rounded to the input's dtype at the end.
  Type work = in.getDtype().isF64() ? in.getDtype() : n.b.getF32Type();
  auto complexType = ComplexType::get(work);
  Value x = n.convert(n.operand(0), work);
  if (in.getSizes()[axis] != kUnknownSize)
    x = fitLength(n, x, axis, read);
  SmallVector<int64_t> signal(cast<ValueTensorType>(x.getType()).getSizes());
  signal.pop_back();
  ValueTensorType realType = n.tensorType(signal, work);
  auto part = [&](int64_t i) {
    return n.create<AtenSelectIntOp>(realType, x, n.constInt(rank - 1),
                                     n.constInt(i));
  };
  Value re = part(0);
  auto complexSignal = [&]() -> Value {
    Value im = parts == 2
                   ? part(1)
                   : n.create<AtenZerosLikeOp>(realType, re, n.none(), n.none(),
                                               n.none(), n.none(), n.none());
    return n.create<AtenComplexOp>(n.tensorType(signal, complexType), re, im);
  };
  Value dims = n.intList({axis});
  SmallVector<int64_t> spectrum(signal);
  if (onesided && !inverse)
    spectrum[axis] = length / 2 + 1;
  ValueTensorType spectrumType = n.tensorType(spectrum, complexType);
  auto asReal = [&](Value z) {
    auto zt = cast<ValueTensorType>(z.getType());
    SmallVector<int64_t> sizes(zt.getSizes());
    sizes.push_back(2);
    return n.create<AtenViewAsRealOp>(n.tensorType(sizes, work), z);
  };
  Value result;
  if (!inverse && parts == 1) {
    result = asReal(n.create<Aten_FftR2cOp>(
        spectrumType, re, dims, n.constInt(0), n.constBool(onesided)));
  } else if (!inverse) {
    Value z = n.create<Aten_FftC2cOp>(n.tensorType(signal, complexType),
                                      complexSignal(), dims, n.constInt(0),
                                      n.constBool(true));
    if (onesided)
      z = n.create<AtenSliceTensorOp>(spectrumType, z, n.constInt(axis),
                                      n.constInt(0), n.constInt(spectrum[axis]),
                                      n.constInt(1));
    result = asReal(z);
  } else if (onesided) {
    // normalization 2: by 1/n, as an inverse DFT is.
    SmallVector<int64_t> sizes(signal);
    sizes[axis] = length;
    Value real =
        n.create<Aten_FftC2rOp>(n.tensorType(sizes, work), complexSignal(),
                                dims, n.constInt(2), n.constInt(length));
    sizes.push_back(1);
    result = n.create<AtenUnsqueezeOp>(n.tensorType(sizes, work), real,
                                       n.constInt(rank - 1));
  } else {
    result = asReal(n.create<Aten_FftC2cOp>(n.tensorType(signal, complexType),
                                            complexSignal(), dims,
                                            n.constInt(2), n.constBool(false)));
  }
  return n.castTo(n.convert(result, type.getDtype()), type);
}

/// DFT (opset 17: axis an attribute; 20: an input, default -2, which may
/// arrive at run time: then nested `torch.prim.If`s over the dims pick the
/// transform along each). dft_length must be a constant.
LogicalResult dft(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || !isa<mlir::FloatType>(in.getDtype()) ||
      !scalarTypeCode(in.getDtype()))
    return n.fail("the input must be a float tensor of known rank");
  int64_t rank = in.getSizes().size();
  int64_t parts = rank ? in.getSizes().back() : 0;
  if (rank < 2 || (parts != 1 && parts != 2))
    return n.fail("the input's last dim must be 1 (a real signal) or 2 (a "
                  "complex one)");
  if (out.getSizes().size() != static_cast<size_t>(rank))
    return n.fail("the result's rank differs from the input's");
  bool inverse = n.intAttr("inverse", 0), onesided = n.intAttr("onesided", 0);
  std::optional<int64_t> given;
  if (n.operand(1)) {
    std::optional<SmallVector<int64_t>> length = n.constantInts(1);
    if (!length || length->size() != 1 || (*length)[0] < 1)
      return n.fail("dft_length must be a positive constant");
    given = (*length)[0];
  }
  std::optional<int64_t> axis = -2;
  if (n.opset < 20) {
    axis = n.intAttr("axis", 1);
  } else if (n.operand(2)) {
    std::optional<SmallVector<int64_t>> constant = n.constantInts(2);
    axis = constant && constant->size() == 1
               ? std::optional<int64_t>((*constant)[0])
               : std::nullopt;
  }
  if (axis) {
    int64_t d = ((*axis % rank) + rank) % rank; // as Python's %
    if (d == rank - 1)
      return n.fail("the axis is the (real, imaginary) dim");
    std::optional<int64_t> length = dftLength(in, d, given, inverse, onesided);
    if (!length)
      return n.fail("the signal's length must be static or dft_length given");
    return n.replace(dftAlong(n, d, *length, inverse, onesided, out));
  }
  // The axis at run time: a 0-d or 1-element integer tensor. The dims a
  // transform can run along; the others (the last, (real, imaginary), too)
  // are refused as it runs.
  SmallVector<std::pair<int64_t, int64_t>> candidates; // dim, length
  SmallVector<int64_t> refused;
  for (int64_t d = 0; d + 1 < rank; ++d) {
    if (std::optional<int64_t> length =
            dftLength(in, d, given, inverse, onesided))
      candidates.push_back({d, *length});
    else
      refused.push_back(d);
  }
  if (candidates.empty())
    return n.fail("no dim has a static length (or dft_length is not given)");
  Value a = n.intOf(2);
  if (!a)
    return n.fail("the axis must be a tensor of one integer");
  Value dim = n.axisAtRunTime(a, rank, "the axis");
  n.check(n.create<AtenNeIntOp>(n.b.getType<Torch::BoolType>(), dim,
                                n.constInt(rank - 1)),
          "the axis is the (real, imaginary) dim");
  Type boolType = n.b.getType<Torch::BoolType>();
  for (int64_t d : refused)
    n.check(n.create<AtenNeIntOp>(boolType, dim, n.constInt(d)),
            "the signal along dim " + Twine(d) +
                " has no length to transform (an unknown size, or an "
                "irfft of 1 frequency)");
  // Each branch's shape differs: all but the last dim unknown.
  SmallVector<int64_t> joined(rank, kUnknownSize);
  joined.back() = out.getSizes().back();
  ValueTensorType joinedType = n.tensorType(joined, out.getDtype());
  std::function<Value(size_t)> from = [&](size_t i) -> Value {
    int64_t d = candidates[i].first, length = candidates[i].second;
    auto along = [&] {
      return dftAlong(n, d, length, inverse, onesided, joinedType);
    };
    if (i + 1 == candidates.size())
      return along();
    return n.ifElse(n.eqInt(dim, d), joinedType, along,
                    [&] { return from(i + 1); });
  };
  return n.replace(n.castTo(from(0), out));
}

const OnnxConversion kSpectralConversions[] = {
    {"DFT", 17, dft},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::spectralConversions() {
  return kSpectralConversions;
}
