//===- Resize.cpp - ONNX's Resize and GridSample --------------------------===//
//
// Resize along each axis in turn: the source coordinate of every output
// position (ONNX's coordinate_transformation_mode), then one index_select
// (nearest) or two blended (linear). The coordinates are tensor arithmetic
// on the scale, so scales that arrive at run time work as constant ones do.
// A resized axis must have static sizes; an axis of a size known only at run
// time (a dynamic batch, say) must be left as it is, which is checked at run
// time where the scale or size arrives then.
//
// GridSample reads the input at the positions a grid gives: per spatial axis
// the pixel coordinate, padded (border, reflection) as ONNX's reference
// does, then the taps of the mode (1 nearest, 2 linear, 4 cubic) each with
// its index and weight; every combination of taps across the axes is one
// aten.gather from the input flattened to [N, C, pixels], weighted, summed.
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

  /// 0, 1, ..., count - 1 as a [count] f64 literal.
  Value iota(int64_t count) {
    SmallVector<double> values;
    for (int64_t i = 0; i < count; ++i)
      values.push_back(static_cast<double>(i));
    return f64Literal(values);
  }

  /// The source coordinate of each of `out` positions along an axis of
  /// `in`, scaled by `scale` (a [1] f64 tensor).
  Value coordinates(StringRef mode, int64_t in, int64_t out, Value scale) {
    ValueTensorType t = vector(out, f64);
    Value x = iota(out);
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

  /// tf_crop_and_resize's source coordinates, from the region's `start`
  /// and `end` ([1] f64): start (in - 1) + o (end - start) (in - 1) /
  /// (out - 1); for one output, the region's middle.
  Value cropCoordinates(Value start, Value end, int64_t in, int64_t out) {
    ValueTensorType one = vector(1, f64), t = vector(out, f64);
    if (out == 1)
      return n.create<AtenMulScalarOp>(
          one, n.create<AtenAddTensorOp>(one, start, end, n.constInt(1)),
          n.constFloat(0.5 * (in - 1.0)));
    Value step = n.create<AtenMulScalarOp>(
        one, n.create<AtenSubTensorOp>(one, end, start, n.constInt(1)),
        n.constFloat((in - 1.0) / (out - 1.0)));
    Value offsets = n.create<AtenMulTensorOp>(t, iota(out), step);
    return n.create<AtenAddTensorOp>(
        t, offsets,
        n.create<AtenMulScalarOp>(one, start, n.constFloat(in - 1.0)),
        n.constInt(1));
  }

  /// Indices as si64, clamped into [0, size).
  Value indices(Value coordinates, int64_t count, int64_t size) {
    Value idx = n.convert(coordinates, si64);
    return n.create<AtenClampOp>(vector(count, si64), idx, n.constInt(0),
                                 n.constInt(size - 1));
  }

  /// `x` resampled along `axis` at `coords` ([out] f64) by the two
  /// neighbours (clamped, as ONNX pads with the edge), blended by the
  /// fraction, into `type`.
  Value linear(Value x, int64_t axis, Value coords, int64_t inSize,
               int64_t outSize, ValueTensorType type) {
    ValueTensorType t = vector(outSize, f64);
    Value lower = n.create<AtenFloorOp>(t, coords);
    Value fraction = n.create<AtenSubTensorOp>(t, coords, lower, n.constInt(1));
    Value i0 = indices(lower, outSize, inSize);
    Value above =
        n.create<AtenAddScalarOp>(t, lower, n.constFloat(1.0), n.constInt(1));
    Value i1 = indices(above, outSize, inSize);
    Value a = n.create<AtenIndexSelectOp>(type, x, n.constInt(axis), i0);
    Value b = n.create<AtenIndexSelectOp>(type, x, n.constInt(axis), i1);
    SmallVector<int64_t> along(type.getSizes().size(), 1);
    along[axis] = outSize;
    Value w = n.create<AtenReshapeOp>(n.tensorType(along, f64), fraction,
                                      n.intList(along));
    w = n.convert(w, type.getDtype());
    Value diff = n.create<AtenSubTensorOp>(type, b, a, n.constInt(1));
    Value step = n.create<AtenMulTensorOp>(type, diff, w);
    return n.create<AtenAddTensorOp>(type, a, step, n.constInt(1));
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
  if (mode != "nearest" && (!isa<mlir::FloatType>(out.getDtype()) ||
                            !scalarTypeCode(out.getDtype())))
    return n.fail("mode '" + mode + "' needs a float result");
  StringRef transform =
      n.stringAttr("coordinate_transformation_mode", "half_pixel");
  bool crop = transform == "tf_crop_and_resize";
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
  // keep_aspect_ratio_policy with sizes: one scale for every axis, the
  // smallest (not_larger) or largest (not_smaller) of size / input size.
  Value commonScale;
  StringRef policy = n.stringAttr("keep_aspect_ratio_policy", "stretch");
  if (!scales && policy != "stretch") {
    if (policy != "not_larger" && policy != "not_smaller")
      return n.fail("keep_aspect_ratio_policy '" + policy + "' is unknown");
    ValueTensorType sizesType = n.operandType(3);
    SmallVector<double> inSizes;
    for (int64_t a : axes)
      if (a >= 0 && a < rank && in.getSizes()[a] != kUnknownSize)
        inSizes.push_back(static_cast<double>(in.getSizes()[a]));
    if (!sizesType || sizesType.getSizes().size() != 1 ||
        sizesType.getSizes()[0] != static_cast<int64_t>(axes.size()) ||
        inSizes.size() != axes.size())
      return n.fail("keep_aspect_ratio_policy needs sizes, one per axis, and "
                    "the axes' input sizes static");
    int64_t k = axes.size();
    Value ratios = n.create<AtenDivTensorOp>(r.vector(k, r.f64),
                                             n.convert(n.operand(3), r.f64),
                                             r.f64Literal(inSizes));
    commonScale = policy == "not_larger"
                      ? n.create<AtenAminOp>(r.vector(1, r.f64), ratios,
                                             n.intList({0}), n.constBool(true))
                      : n.create<AtenAmaxOp>(r.vector(1, r.f64), ratios,
                                             n.intList({0}), n.constBool(true));
  }
  // tf_crop_and_resize reads the region of interest, [starts, ends] over
  // the axes, and fills what falls outside the input with
  // extrapolation_value.
  Value roi = n.operand(1);
  if (crop) {
    ValueTensorType roiType = n.operandType(1);
    if (!roi || !roiType || roiType.getSizes().size() != 1 ||
        roiType.getSizes()[0] != 2 * static_cast<int64_t>(axes.size()) ||
        !isa<mlir::FloatType>(roiType.getDtype()))
      return n.fail("tf_crop_and_resize needs a float roi of 2 values per "
                    "axis");
  }
  auto roiValue = [&](int64_t i) {
    auto roiType = cast<ValueTensorType>(roi.getType());
    return n.convert(
        n.create<AtenSliceTensorOp>(n.tensorType({1}, roiType.getDtype()), roi,
                                    n.constInt(0), n.constInt(i),
                                    n.constInt(i + 1), n.constInt(1)),
        r.f64);
  };
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
    if (crop && dynamic)
      return n.fail("tf_crop_and_resize needs the axes' sizes static");
    // The scale, as a [1] f64 tensor: given, or implied by the sizes.
    Value scale;
    if (commonScale) {
      if (dynamic)
        return kept();
      scale = commonScale;
    } else if (crop && inSize == 1 && outSize == 1) {
      continue; // the one position, whatever the region
    } else if (crop) {
      // (the region, not a scale, places the positions)
    } else if (!scales) {
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
        std::optional<int64_t> wantKnown = constantInt(want),
                               haveKnown = constantInt(have);
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
    Value coords =
        crop ? r.cropCoordinates(roiValue(i), roiValue(i + axes.size()), inSize,
                                 outSize)
             : r.coordinates(transform, inSize, outSize, scale);
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
      x = r.linear(x, axis, coords, inSize, outSize, nextType);
    }
    if (crop) {
      // Positions outside the input take extrapolation_value.
      ValueTensorType maskType = r.vector(outSize, n.b.getI1Type());
      Value outside = n.create<AtenLogicalOrOp>(
          maskType,
          n.create<AtenLtScalarOp>(maskType, coords, n.constFloat(0.0)),
          n.create<AtenGtScalarOp>(maskType, coords,
                                   n.constFloat(inSize - 1.0)));
      SmallVector<int64_t> along(rank, 1);
      along[axis] = outSize;
      outside = n.create<AtenReshapeOp>(n.tensorType(along, n.b.getI1Type()),
                                        outside, n.intList(along));
      x = n.create<AtenWhereScalarSelfOp>(
          nextType, outside,
          n.constFloat(n.floatAttr("extrapolation_value", 0.0)), x);
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

/// Upsample (opsets 7 and 9, since replaced by Resize): nearest (rounding
/// down) or linear, at x / scale (asymmetric); the scales an attribute
/// (opset 7) or an input (9, which may arrive at run time). Static sizes.
LogicalResult upsample(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), out = n.resultType();
  if (!in || !out || in.getSizes().size() != out.getSizes().size() ||
      llvm::is_contained(in.getSizes(), kUnknownSize) ||
      llvm::is_contained(out.getSizes(), kUnknownSize))
    return n.fail("the input's and result's shapes must be static");
  StringRef mode = n.stringAttr("mode", "nearest");
  if (mode == "bilinear")
    mode = "linear";
  if (mode != "nearest" && mode != "linear")
    return n.fail("mode '" + mode + "' is not converted");
  if (mode == "linear" && !isa<mlir::FloatType>(out.getDtype()))
    return n.fail("mode linear needs a float result");
  Resizer r(n);
  int64_t rank = in.getSizes().size();
  std::optional<SmallVector<double>> constant;
  if (n.opset < 9) {
    if (auto list = dyn_cast_or_null<ArrayAttr>(n.attr("scales"))) {
      constant.emplace();
      for (Attribute a : list)
        if (auto f = dyn_cast<FloatAttr>(a))
          constant->push_back(f.getValueAsDouble());
    }
  } else if (n.operand(1)) {
    constant = n.constantFloats(1);
  }
  ValueTensorType scalesType = n.opset < 9 ? nullptr : n.operandType(1);
  if (constant ? static_cast<int64_t>(constant->size()) != rank
               : !scalesType || scalesType.getSizes().size() != 1 ||
                     scalesType.getSizes()[0] != rank)
    return n.fail("scales must hold one value per dim");
  Value x = n.operand(0);
  SmallVector<int64_t> sizes(in.getSizes());
  for (int64_t d = 0; d < rank; ++d) {
    int64_t inSize = in.getSizes()[d], outSize = out.getSizes()[d];
    Value scale;
    if (constant) {
      if ((*constant)[d] == 1.0 && inSize == outSize)
        continue;
      scale = r.f64Literal({(*constant)[d]});
    } else {
      scale = n.convert(n.create<AtenSliceTensorOp>(
                            n.tensorType({1}, scalesType.getDtype()),
                            n.operand(1), n.constInt(0), n.constInt(d),
                            n.constInt(d + 1), n.constInt(1)),
                        r.f64);
    }
    Value coords = r.coordinates("asymmetric", inSize, outSize, scale);
    SmallVector<int64_t> next(sizes);
    next[d] = outSize;
    ValueTensorType nextType = n.tensorType(next, out.getDtype());
    if (mode == "nearest") {
      Value lower = n.create<AtenFloorOp>(r.vector(outSize, r.f64), coords);
      x = n.create<AtenIndexSelectOp>(nextType, x, n.constInt(d),
                                      r.indices(lower, outSize, inSize));
    } else {
      x = r.linear(x, d, coords, inSize, outSize, nextType);
    }
    sizes = next;
  }
  if (x.getType() != out)
    return n.fail("the upsampled shape differs from the result's");
  return n.replace(x);
}

/// Elementwise f32 arithmetic on GridSample's coordinates, [N, O...].
struct GridCoords {
  OnnxNode &n;
  ValueTensorType t, mask;

  Value addS(Value v, double c) {
    return n.create<AtenAddScalarOp>(t, v, n.constFloat(c), n.constInt(1));
  }
  Value mulS(Value v, double c) {
    return n.create<AtenMulScalarOp>(t, v, n.constFloat(c));
  }
  Value divS(Value v, double c) {
    return n.create<AtenDivScalarOp>(t, v, n.constFloat(c));
  }
  Value sub(Value a, Value b) {
    return n.create<AtenSubTensorOp>(t, a, b, n.constInt(1));
  }
  Value mul(Value a, Value b) { return n.create<AtenMulTensorOp>(t, a, b); }
  Value floor(Value v) { return n.create<AtenFloorOp>(t, v); }
  Value lt(Value v, double c) {
    return n.create<AtenLtScalarOp>(mask, v, n.constFloat(c));
  }
  Value gt(Value v, double c) {
    return n.create<AtenGtScalarOp>(mask, v, n.constFloat(c));
  }
  Value either(Value a, Value b) {
    return n.create<AtenLogicalOrOp>(mask, a, b);
  }
  Value where(Value m, Value a, Value b) {
    return n.create<AtenWhereSelfOp>(t, m, a, b);
  }
  Value clamp(Value v, double lo, double hi) {
    return n.create<AtenClampOp>(t, v, n.constFloat(lo), n.constFloat(hi));
  }
  /// `v` reflected by the near border into [lo, hi], as often as it takes.
  Value reflect(Value v, double lo, double hi) {
    double range = hi - lo;
    // The distance past a border, `k` whole ranges and `r` more: an even `k`
    // lands `r` inside that border, an odd one `r` inside the other.
    auto fold = [&](Value past, bool below) {
      Value k = floor(divS(past, range));
      Value r = sub(past, mulS(k, range));
      Value odd = gt(sub(k, mulS(floor(mulS(k, 0.5)), 2.0)), 0.5);
      Value fromLow = addS(r, lo), fromHigh = addS(mulS(r, -1.0), hi);
      return below ? where(odd, fromHigh, fromLow)
                   : where(odd, fromLow, fromHigh);
    };
    Value below = fold(addS(mulS(v, -1.0), lo), true);
    Value above = fold(addS(v, -hi), false);
    return where(lt(v, lo), below, where(gt(v, hi), above, v));
  }
};

/// GridSample (opset 16: modes bilinear/nearest/bicubic; 20: linear/
/// nearest/cubic, and any number of spatial dims): X [N, C, S...], grid
/// [N, O..., k] with x (the last spatial dim) first.
LogicalResult gridSample(OnnxNode &n) {
  ValueTensorType in = n.operandType(0), grid = n.operandType(1),
                  out = n.resultType();
  if (!in || !grid || !out)
    return n.fail("X's, the grid's or the result's type is unknown");
  int64_t rank = in.getSizes().size(), k = rank - 2;
  if (k < 1 || static_cast<int64_t>(grid.getSizes().size()) != k + 2 ||
      grid.getSizes().back() != k ||
      static_cast<int64_t>(out.getSizes().size()) != rank)
    return n.fail("X must be [N, C, spatial...] and the grid [N, out..., " +
                  Twine(k) + "], of as many spatial dims");
  ArrayRef<int64_t> spatial = in.getSizes().drop_front(2);
  if (llvm::is_contained(spatial, kUnknownSize))
    return n.fail("X's spatial sizes must be static");
  if (!isa<mlir::FloatType>(in.getDtype()) ||
      !isa<mlir::FloatType>(grid.getDtype()) || !scalarTypeCode(in.getDtype()))
    return n.fail("X and the grid must be float tensors");
  StringRef mode = n.stringAttr("mode", n.opset < 20 ? "bilinear" : "linear");
  if (mode == "bilinear")
    mode = "linear";
  else if (mode == "bicubic")
    mode = "cubic";
  if (mode != "nearest" && mode != "linear" && mode != "cubic")
    return n.fail("mode '" + mode + "' is unknown");
  StringRef padding = n.stringAttr("padding_mode", "zeros");
  if (padding != "zeros" && padding != "border" && padding != "reflection")
    return n.fail("padding_mode '" + padding + "' is unknown");
  bool align = n.intAttr("align_corners", 0);

  MLIRContext *ctx = n.b.getContext();
  Type f32 = Float32Type::get(ctx);
  auto si64 = IntegerType::get(ctx, 64, IntegerType::Signed);
  SmallVector<int64_t> at(grid.getSizes().drop_back()); // [N, O...]
  GridCoords c{n, n.tensorType(at, f32), n.tensorType(at, n.b.getI1Type())};
  Value g = n.convert(n.operand(1), f32);

  // Per spatial axis: its taps, each an index (integer valued, f32; padded)
  // and a weight (zero where a zeros-padded tap falls outside).
  struct Tap {
    Value index, weight;
  };
  SmallVector<SmallVector<Tap>> taps(k);
  for (int64_t i = 0; i < k; ++i) {
    double size = static_cast<double>(spatial[i]);
    Value gi = n.create<AtenSelectIntOp>(c.t, g, n.constInt(k + 1),
                                         n.constInt(k - 1 - i));
    Value v = align ? c.mulS(c.addS(gi, 1.0), (size - 1) / 2.0)
                    : c.divS(c.addS(c.mulS(c.addS(gi, 1.0), size), -1.0), 2.0);
    if (mode == "nearest")
      v = n.create<AtenRoundOp>(c.t, v); // half to even, as numpy's rint
    double lo = align ? 0.0 : -0.5, hi = align ? size - 1 : size - 0.5;
    if (padding == "border")
      v = c.where(c.either(c.lt(v, lo), c.gt(v, hi)), c.clamp(v, 0.0, size - 1),
                  v);
    else if (padding == "reflection")
      v = c.reflect(v, lo, hi);
    SmallVector<Tap> &axisTaps = taps[i];
    if (mode == "nearest") {
      axisTaps.push_back({v, Value()});
    } else {
      Value x0 = c.floor(v);
      Value t = c.sub(v, x0);
      if (mode == "linear") {
        axisTaps.push_back({x0, c.addS(c.mulS(t, -1.0), 1.0)});
        axisTaps.push_back({c.addS(x0, 1.0), t});
      } else {
        // Keys' cubic, A = -0.75, at distances t + 1, t, 1 - t, 2 - t.
        const double A = -0.75;
        auto far = [&](Value d) {
          Value p = c.addS(c.mulS(d, A), -5 * A);
          p = c.addS(c.mul(p, d), 8 * A);
          return c.addS(c.mul(p, d), -4 * A);
        };
        auto near = [&](Value d) {
          Value p = c.addS(c.mulS(d, A + 2), -(A + 3));
          return c.addS(c.mul(c.mul(p, d), d), 1.0);
        };
        Value oneMinus = c.addS(c.mulS(t, -1.0), 1.0);
        Value twoMinus = c.addS(c.mulS(t, -1.0), 2.0);
        axisTaps.push_back({c.addS(x0, -1.0), far(c.addS(t, 1.0))});
        axisTaps.push_back({x0, near(t)});
        axisTaps.push_back({c.addS(x0, 1.0), near(oneMinus)});
        axisTaps.push_back({c.addS(x0, 2.0), far(twoMinus)});
      }
    }
    for (Tap &tap : axisTaps) {
      if (padding == "zeros") {
        Value outside =
            c.either(c.lt(tap.index, 0.0), c.gt(tap.index, size - 1));
        Value zero = c.mulS(tap.index, 0.0);
        Value one = c.addS(zero, 1.0);
        tap.weight = c.where(outside, zero, tap.weight ? tap.weight : one);
      } else if (padding == "reflection" && mode != "nearest") {
        tap.index = c.reflect(tap.index, lo, hi);
      }
      // Truncated toward zero (as int() is), kept inside the axis.
      Value index = n.convert(c.clamp(tap.index, 0.0, size - 1), si64);
      tap.index = index;
    }
  }

  // X as [N, C, pixels]; each combination of taps one gather.
  Type dtype = n.computeType(in.getDtype());
  Value batch = n.sizeOf(n.operand(0), 0), channels = n.sizeOf(n.operand(0), 1);
  int64_t pixels = 1, outPixels = 1;
  for (int64_t s : spatial)
    pixels *= s;
  Value outPixelsValue = n.constInt(1);
  for (int64_t d = 1; d <= k; ++d) {
    outPixels = sizeProduct(outPixels, at[d]);
    outPixelsValue = n.mulInt(outPixelsValue, n.sizeOf(n.operand(1), d));
  }
  int64_t staticN = in.getSizes()[0], staticC = in.getSizes()[1];
  Value flat = n.create<AtenReshapeOp>(
      n.tensorType({staticN, staticC, pixels}, dtype),
      n.convert(n.operand(0), dtype),
      n.sizeList({batch, channels, n.constInt(pixels)}));
  auto si64Type = n.tensorType(at, si64);
  SmallVector<int64_t> rows = {staticN, 1, outPixels},
                       all = {staticN, staticC, outPixels};
  SmallVector<int64_t> weightSizes(at);
  weightSizes.insert(weightSizes.begin() + 1, 1);
  SmallVector<Value> weightValues;
  for (int64_t d = 0; d <= k; ++d)
    weightValues.push_back(n.sizeOf(n.operand(1), d));
  weightValues.insert(weightValues.begin() + 1, n.constInt(1));
  SmallVector<int64_t> outSizes(at);
  outSizes.insert(outSizes.begin() + 1, staticC);
  SmallVector<Value> outValues(weightValues);
  outValues[1] = channels;
  ValueTensorType outType = n.tensorType(outSizes, dtype);

  Value sum;
  SmallVector<size_t> choice(k, 0);
  while (true) {
    Value index, weight;
    int64_t stride = pixels;
    for (int64_t i = 0; i < k; ++i) {
      stride /= spatial[i];
      const Tap &tap = taps[i][choice[i]];
      Value term =
          n.create<AtenMulScalarOp>(si64Type, tap.index, n.constInt(stride));
      index = index ? Value(n.create<AtenAddTensorOp>(si64Type, index, term,
                                                      n.constInt(1)))
                    : term;
      if (tap.weight)
        weight = weight ? c.mul(weight, tap.weight) : tap.weight;
    }
    Value rowIndex = n.create<AtenReshapeOp>(
        n.tensorType(rows, si64), index,
        n.sizeList({batch, n.constInt(1), outPixelsValue}));
    Value fullIndex = n.create<AtenBroadcastToOp>(
        n.tensorType(all, si64), rowIndex,
        n.sizeList({batch, channels, outPixelsValue}));
    Value picked =
        n.create<AtenGatherOp>(n.tensorType(all, dtype), flat, n.constInt(2),
                               fullIndex, n.constBool(false));
    Value term =
        n.create<AtenReshapeOp>(outType, picked, n.sizeList(outValues));
    if (weight) {
      Value w = n.create<AtenReshapeOp>(n.tensorType(weightSizes, f32), weight,
                                        n.sizeList(weightValues));
      term = n.create<AtenMulTensorOp>(outType, term, n.convert(w, dtype));
    }
    sum = sum ? Value(n.create<AtenAddTensorOp>(outType, sum, term,
                                                n.constInt(1)))
              : term;
    // The next combination, the last axis fastest.
    int64_t i = k - 1;
    while (i >= 0 && ++choice[i] == taps[i].size())
      choice[i--] = 0;
    if (i < 0)
      break;
  }
  Value result = n.convert(sum, out.getDtype());
  auto got = cast<ValueTensorType>(result.getType());
  for (auto [a, b] : llvm::zip(got.getSizes(), out.getSizes()))
    if (a != b && a != kUnknownSize && b != kUnknownSize)
      return n.fail("the result's shape differs from the grid's");
  return n.replace(n.castTo(result, out));
}

const OnnxConversion kResizeConversions[] = {
    {"Resize", 11, resize},
    {"GridSample", 16, gridSample},
    {"Upsample", 7, upsample},
};

} // namespace

ArrayRef<OnnxConversion> mlir::torch::onnx_c::resizeConversions() {
  return kResizeConversions;
}
