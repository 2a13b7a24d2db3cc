//===- Resize.cpp - ONNX's Resize -----------------------------------------===//
//
// Resize along each axis in turn: the source coordinate of every output
// position (ONNX's coordinate_transformation_mode), then one index_select
// (nearest) or two blended (linear). The coordinates are tensor arithmetic
// on the scale, so scales that arrive at run time work as constant ones do.
// A resized axis must have static sizes; an axis of a size known only at run
// time (a dynamic batch, say) must be left as it is, which is checked at run
// time where the scale or size arrives then.
//
//===----------------------------------------------------------------------===//

#include "OnnxNode.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::onnx_c;

namespace {

class Resizer {
public:
  explicit Resizer(OnnxNode &n) : n(n) {
    MLIRContext *ctx = n.b.getContext();
    f64 = Float64Type::get(ctx);
    si64 = IntegerType::get(ctx, 64, IntegerType::Signed);
  }

  /// A 1-D f64 literal.
  Value f64Literal(ArrayRef<double> values) {
    int64_t count = values.size();
    return n.b.create<ValueTensorLiteralOp>(
        n.loc, vector(count, f64),
        DenseElementsAttr::get(RankedTensorType::get({count}, f64), values));
  }

  ValueTensorType vector(int64_t size, Type dtype) {
    return n.tensorType({size}, dtype);
  }

  /// The source coordinate of each of `out` positions along an axis of
  /// `in`, scaled by `scale` (a [1] f64 tensor).
  Value coordinates(StringRef mode, int64_t in, int64_t out, Value scale) {
    SmallVector<double> iota;
    for (int64_t i = 0; i < out; ++i)
      iota.push_back(static_cast<double>(i));
    ValueTensorType t = vector(out, f64);
    Value x = f64Literal(iota);
    Value one = n.constInt(1);
    auto addScalar = [&](Value v, double c) {
      return n.create<AtenAddScalarOp>(t, v, n.constFloat(c), one);
    };
    auto divScale = [&](Value v) {
      return n.create<AtenDivTensorOp>(t, v, scale);
    };
    if (mode == "asymmetric")
      return divScale(x);
    if (mode == "half_pixel" || (mode == "pytorch_half_pixel" && out > 1))
      return addScalar(divScale(addScalar(x, 0.5)), -0.5);
    if (mode == "pytorch_half_pixel") // a single output: -0.5
      return f64Literal(SmallVector<double>(out, -0.5));
    if (mode == "half_pixel_symmetric")
      // in/2 * (1 - out / (scale * in)) + (x + 0.5) / scale - 0.5
      return addScalar(divScale(addScalar(x, 0.5 - out / 2.0)), in / 2.0 - 0.5);
    if (mode == "align_corners") {
      // x * (in - 1) / (scale * in - 1), ONNX's output width being scale * in
      Value width =
          n.create<AtenMulScalarOp>(vector(1, f64), scale, n.constFloat(in));
      width = n.create<AtenSubScalarOp>(vector(1, f64), width,
                                        n.constFloat(1.0), one);
      Value scaled = n.create<AtenMulScalarOp>(t, x, n.constFloat(in - 1));
      if (out == 1)
        return f64Literal(SmallVector<double>(out, 0.0));
      return n.create<AtenDivTensorOp>(t, scaled, width);
    }
    return nullptr;
  }

  /// Indices as si64, clamped into [0, size).
  Value indices(Value coordinates, int64_t count, int64_t size) {
    Value idx = n.convert(coordinates, si64);
    return n.create<AtenClampOp>(vector(count, si64), idx, n.constInt(0),
                                 n.constInt(size - 1));
  }

  OnnxNode &n;
  Type f64, si64;
};

LogicalResult resize(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || in.getSizes().size() != out.getSizes().size())
    return n.fail("the input and result must have one known rank and dtype");
  if (n.intAttr("antialias", 0))
    return n.fail("antialias=1 is not converted");
  StringRef mode = n.stringAttr("mode", "nearest");
  if (mode != "nearest" && mode != "linear" && mode != "cubic")
    return n.fail("mode '" + mode + "' is not converted");
  // Linear and cubic blend in the result's type.
  if (mode != "nearest" &&
      (!isa<mlir::FloatType>(out.getDtype()) || !n.dtypeCode(out.getDtype())))
    return n.fail("mode '" + mode + "' needs a float result");
  StringRef transform =
      n.stringAttr("coordinate_transformation_mode", "half_pixel");
  if (transform == "tf_crop_and_resize")
    return n.fail("tf_crop_and_resize is not converted");
  int64_t rank = in.getSizes().size();
  SmallVector<int64_t> axes;
  if (auto given = n.intsAttr("axes"))
    for (int64_t a : *given)
      axes.push_back(a < 0 ? a + rank : a);
  else
    for (int64_t d = 0; d < rank; ++d)
      axes.push_back(d);
  Resizer r(n);
  Value scales = n.operand(2); // [len(axes)] f32, possibly at run time
  std::optional<SmallVector<double>> constScales =
      scales ? n.constantFloats(2) : std::nullopt;
  if (scales && constScales && constScales->empty())
    scales = nullptr; // an empty tensor: sizes are given instead
  if (!scales &&
      n.stringAttr("keep_aspect_ratio_policy", "stretch") != "stretch")
    return n.fail("keep_aspect_ratio_policy other than stretch is not "
                  "converted");
  Value x = n.operand(0);
  SmallVector<int64_t> sizes(in.getSizes());
  std::optional<SmallVector<Value>> givenSizes;
  for (auto [i, axis] : llvm::enumerate(axes)) {
    if (axis < 0 || axis >= rank)
      return n.fail("axis " + Twine(axis) + " is out of range");
    int64_t inSize = in.getSizes()[axis], outSize = out.getSizes()[axis];
    bool dynamic = inSize == kUnknownSize || outSize == kUnknownSize;
    int64_t keptAxis = axis; // a lambda cannot capture a structured binding
    auto kept = [&] {
      return n.fail("axis " + Twine(keptAxis) +
                    " has a size known only at run time, so it can only be "
                    "left as it is, but it is resized");
    };
    StringRef keptAtRunTime = "an axis whose size is known only at run time "
                              "is resized; only static axes can be";
    // The scale, as a [1] f64 tensor: given, or implied by the sizes.
    Value scale;
    if (!scales) {
      if (!dynamic) {
        if (inSize == outSize)
          continue; // this axis is left as it is
        scale = r.f64Literal({static_cast<double>(outSize) / inSize});
      } else {
        // The given size must be the input's own.
        if (!givenSizes)
          givenSizes = n.intsOf(3);
        if (!givenSizes || givenSizes->size() != axes.size())
          return n.fail("sizes must have one static length, that of axes");
        Value want = (*givenSizes)[i], have = n.sizeOf(x, axis);
        std::optional<int64_t> wantKnown = constantIntValue(want),
                               haveKnown = constantIntValue(have);
        if (wantKnown && haveKnown && *wantKnown != *haveKnown)
          return kept();
        n.check(
            n.create<AtenEqIntOp>(n.b.getType<Torch::BoolType>(), want, have),
            keptAtRunTime);
        continue;
      }
    } else if (constScales) {
      if ((*constScales)[i] == 1.0)
        continue; // this axis is left as it is, whatever its size
      if (dynamic)
        return kept();
      scale = r.f64Literal({(*constScales)[i]});
    } else {
      auto scalesType = cast<ValueTensorType>(scales.getType());
      Value picked = n.create<AtenSliceTensorOp>(
          n.tensorType({1}, scalesType.getDtype()), scales, n.constInt(0),
          n.constInt(i), n.constInt(i + 1), n.constInt(1));
      if (dynamic) {
        Value isOne = n.create<AtenEqScalarOp>(
            n.tensorType({1}, n.b.getI1Type()), picked, n.constFloat(1.0));
        n.check(
            n.create<AtenBoolTensorOp>(n.b.getType<Torch::BoolType>(), isOne),
            keptAtRunTime);
        continue;
      }
      scale = n.convert(picked, r.f64);
    }
    Value coords = r.coordinates(transform, inSize, outSize, scale);
    if (!coords)
      return n.fail("coordinate_transformation_mode '" + transform +
                    "' is unknown");
    SmallVector<int64_t> next(sizes);
    next[axis] = outSize;
    ValueTensorType nextType = n.tensorType(next, out.getDtype());
    ValueTensorType t = r.vector(outSize, r.f64);
    if (mode == "nearest") {
      StringRef rounding = n.stringAttr("nearest_mode", "round_prefer_floor");
      Value c;
      if (rounding == "round_prefer_floor") // ties down: ceil(x - 0.5)
        c = n.create<AtenCeilOp>(t, n.create<AtenSubScalarOp>(t, coords,
                                                              n.constFloat(0.5),
                                                              n.constInt(1)));
      else if (rounding == "round_prefer_ceil") // ties up: floor(x + 0.5)
        c = n.create<AtenFloorOp>(
            t, n.create<AtenAddScalarOp>(t, coords, n.constFloat(0.5),
                                         n.constInt(1)));
      else if (rounding == "floor")
        c = n.create<AtenFloorOp>(t, coords);
      else if (rounding == "ceil")
        c = n.create<AtenCeilOp>(t, coords);
      else
        return n.fail("nearest_mode '" + rounding + "' is unknown");
      x = n.create<AtenIndexSelectOp>(nextType, x, n.constInt(axis),
                                      r.indices(c, outSize, inSize));
    } else if (mode == "cubic") {
      // Four neighbours, floor(x) - 1 .. floor(x) + 2 (clamped, as ONNX pads
      // with the edge), weighted by Keys' cubic of the fraction with
      // coefficient A; exclude_outside drops the neighbours outside the
      // input and renormalizes.
      double A = n.floatAttr("cubic_coeff_a", -0.75);
      bool exclude = n.intAttr("exclude_outside", 0);
      Value lower = n.create<AtenFloorOp>(t, coords);
      Value frac = n.create<AtenSubTensorOp>(t, coords, lower, n.constInt(1));
      auto affine = [&](Value v, double scale, double shift) {
        Value scaled = n.create<AtenMulScalarOp>(t, v, n.constFloat(scale));
        return n.create<AtenAddScalarOp>(t, scaled, n.constFloat(shift),
                                         n.constInt(1));
      };
      auto mul = [&](Value a, Value b) {
        return n.create<AtenMulTensorOp>(t, a, b);
      };
      // |d| in [1, 2): ((A d - 5A) d + 8A) d - 4A; |d| < 1:
      // ((A + 2) d - (A + 3)) d d + 1; d the distance to the neighbour.
      auto far = [&](Value d) {
        Value v = affine(d, A, -5 * A);
        v = affine(mul(v, d), 1.0, 8 * A);
        return affine(mul(v, d), 1.0, -4 * A);
      };
      auto near = [&](Value d) {
        Value v = affine(d, A + 2, -(A + 3));
        return affine(mul(mul(v, d), d), 1.0, 1.0);
      };
      Value d[4] = {affine(frac, 1.0, 1.0), frac, affine(frac, -1.0, 1.0),
                    affine(frac, -1.0, 2.0)};
      Value weights[4] = {far(d[0]), near(d[1]), near(d[2]), far(d[3])};
      Value taps[4];
      for (int k = 0; k < 4; ++k)
        taps[k] = n.create<AtenAddScalarOp>(t, lower, n.constFloat(k - 1.0),
                                            n.constInt(1));
      if (exclude) {
        ValueTensorType maskType = r.vector(outSize, n.b.getI1Type());
        Value total;
        for (int k = 0; k < 4; ++k) {
          Value below =
              n.create<AtenLtScalarOp>(maskType, taps[k], n.constFloat(0.0));
          Value above = n.create<AtenGtScalarOp>(maskType, taps[k],
                                                 n.constFloat(inSize - 1.0));
          Value outside = n.create<AtenLogicalOrOp>(maskType, below, above);
          weights[k] = n.create<AtenWhereScalarSelfOp>(
              t, outside, n.constFloat(0.0), weights[k]);
          total = total ? Value(n.create<AtenAddTensorOp>(t, total, weights[k],
                                                          n.constInt(1)))
                        : weights[k];
        }
        for (int k = 0; k < 4; ++k)
          weights[k] = n.create<AtenDivTensorOp>(t, weights[k], total);
      }
      SmallVector<int64_t> along(rank, 1);
      along[axis] = outSize;
      Value sum;
      for (int k = 0; k < 4; ++k) {
        Value picked = n.create<AtenIndexSelectOp>(
            nextType, x, n.constInt(axis), r.indices(taps[k], outSize, inSize));
        Value w = n.create<AtenReshapeOp>(n.tensorType(along, r.f64),
                                          weights[k], n.intList(along));
        w = n.convert(w, out.getDtype());
        Value term = n.create<AtenMulTensorOp>(nextType, picked, w);
        sum = sum ? Value(n.create<AtenAddTensorOp>(nextType, sum, term,
                                                    n.constInt(1)))
                  : term;
      }
      x = sum;
    } else {
      // Linear: the two neighbours (clamped, as ONNX pads with the edge),
      // blended by the fraction.
      Value lower = n.create<AtenFloorOp>(t, coords);
      Value fraction =
          n.create<AtenSubTensorOp>(t, coords, lower, n.constInt(1));
      Value i0 = r.indices(lower, outSize, inSize);
      Value above =
          n.create<AtenAddScalarOp>(t, lower, n.constFloat(1.0), n.constInt(1));
      Value i1 = r.indices(above, outSize, inSize);
      Value a = n.create<AtenIndexSelectOp>(nextType, x, n.constInt(axis), i0);
      Value b = n.create<AtenIndexSelectOp>(nextType, x, n.constInt(axis), i1);
      SmallVector<int64_t> along(rank, 1);
      along[axis] = outSize;
      Value w = n.create<AtenReshapeOp>(n.tensorType(along, r.f64), fraction,
                                        n.intList(along));
      w = n.convert(w, out.getDtype());
      Value diff = n.create<AtenSubTensorOp>(nextType, b, a, n.constInt(1));
      Value step = n.create<AtenMulTensorOp>(nextType, diff, w);
      x = n.create<AtenAddTensorOp>(nextType, a, step, n.constInt(1));
    }
    sizes = next;
  }
  // The result type may know a kept axis's size that the input's does not,
  // or the other way round; a static size on both sides must agree.
  auto resized = cast<ValueTensorType>(x.getType());
  for (auto [have, want] : llvm::zip(resized.getSizes(), out.getSizes()))
    if (have != want && have != kUnknownSize && want != kUnknownSize)
      return n.fail("the resized shape differs from the result's");
  if (resized.getDtype() != out.getDtype())
    return n.fail("the resized dtype differs from the result's");
  return n.replace(n.castTo(x, out));
}

const OnnxConversion kConversions[] = {
    {"Resize", 11, resize},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::resizeConversions() {
  return kConversions;
}
