//===- TorchToTosa.cpp - The convert-torch-to-tosa pass -------------------===//
//
// The pass, the pattern that runs a lowering registered by op name, and the
// TOSA building blocks of Lowering (Lowering.h).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "torch-mlir/Conversion/Passes.h"
#include "torch-mlir/Conversion/Utils.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/TorchConversion/Transforms/BackendTypeConverter.h"

#include <limits>

namespace mlir::torch {
#define GEN_PASS_DEF_CONVERTTORCHTOTOSA
#include "Conversion/Passes.h.inc"
} // namespace mlir::torch

using namespace mlir;
using namespace mlir::torch;

namespace mlir::torch::torch_to_tosa {

// --- reading the op ---------------------------------------------------------

/// `type` with i32 elements where `torchValue` is an unsigned tensor seen
/// as i32 (Lowering::unsignedAsI32).
static RankedTensorType widened(RankedTensorType type, Value torchValue,
                                bool unsignedAsI32) {
  if (!type || !unsignedAsI32 || !conversion::isUnsignedTensor(torchValue))
    return type;
  return RankedTensorType::get(type.getShape(),
                               IntegerType::get(type.getContext(), 32));
}

RankedTensorType Lowering::type(unsigned i) const {
  Value result = op->getResult(i);
  return widened(dyn_cast_or_null<RankedTensorType>(
                     converter.convertType(result.getType())),
                 result, unsignedAsI32);
}

Value Lowering::in(unsigned i) const {
  if (i >= operands.size() || !isa<RankedTensorType>(operands[i].getType()))
    return {};
  return operands[i];
}

std::optional<int64_t> Lowering::constInt(unsigned i) const {
  return Torch::constantInt(op->getOperand(i));
}
std::optional<double> Lowering::constNumber(unsigned i) const {
  return Torch::constantNumber(op->getOperand(i));
}
std::optional<bool> Lowering::constBool(unsigned i) const {
  return Torch::constantBool(op->getOperand(i));
}
std::optional<SmallVector<int64_t>> Lowering::constInts(unsigned i) const {
  return Torch::constantInts(op->getOperand(i));
}
bool Lowering::none(unsigned i) const {
  return Torch::isNone(op->getOperand(i));
}

std::optional<SmallVector<Value>> Lowering::tensors(unsigned i) const {
  std::optional<SmallVector<Value>> elements =
      Torch::listElements(op->getOperand(i));
  if (!elements)
    return std::nullopt;
  SmallVector<Value> converted;
  for (Value element : *elements) {
    auto type = dyn_cast_or_null<RankedTensorType>(
        converter.convertType(element.getType()));
    if (!type)
      return std::nullopt;
    Value value = converter.materializeTargetConversion(b, loc, type, element);
    if (unsignedAsI32 && conversion::isUnsignedTensor(element))
      value = const_cast<Lowering *>(this)->zeroExtend(value);
    converted.push_back(value);
  }
  return converted;
}

/// A Torch dtype as a builtin element type (integers signless, unsigned
/// ones as i32: see Lowering::unsignedAsI32).
static Type builtinElement(Type dtype) {
  if (auto integer = dyn_cast_or_null<IntegerType>(dtype))
    return IntegerType::get(dtype.getContext(),
                            integer.isUnsigned() ? 32 : integer.getWidth());
  return dtype;
}

Type Lowering::promoted(ArrayRef<unsigned> among) const {
  SmallVector<Value> values;
  for (unsigned i : among)
    values.push_back(op->getOperand(i));
  return builtinElement(Torch::resultDtype(values));
}

Value Lowering::operand(unsigned i, Type element, int64_t rank) {
  if (Value x = in(i))
    return withRank(convertTo(x, element), rank);
  if (std::optional<double> v = constNumber(i))
    return scalar(element, *v, rank);
  if (std::optional<bool> v = constBool(i))
    return scalar(element, *v ? 1 : 0, rank);
  return {};
}

Value Lowering::fail(const Twine &why) {
  (void)b.notifyMatchFailure(op, why);
  return {};
}

RankedTensorType Lowering::broadcastType(Value x, Value y) {
  auto a = cast<RankedTensorType>(x.getType());
  auto c = cast<RankedTensorType>(y.getType());
  SmallVector<int64_t> shape(a.getShape());
  for (int64_t i = 0; i < a.getRank() && i < c.getRank(); ++i)
    if (shape[i] == 1)
      shape[i] = c.getDimSize(i);
  return RankedTensorType::get(shape, a.getElementType());
}

Value Lowering::zeroExtend(Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  auto i32 = RankedTensorType::get(type.getShape(), b.getI32Type());
  int64_t width = type.getElementType().getIntOrFloatBitWidth();
  // A cast sign-extends; the mask keeps the unsigned value's bits.
  return create<tosa::BitwiseAndOp>(
      i32, create<tosa::CastOp>(i32, x),
      scalar(b.getI32Type(), (int64_t(1) << width) - 1, type.getRank()));
}

RankedTensorType Lowering::boolLike(Value x) {
  return RankedTensorType::get(cast<RankedTensorType>(x.getType()).getShape(),
                               b.getI1Type());
}

// --- building ---------------------------------------------------------------

/// `value` as an attribute of `element` (integers saturate at their limits).
static Attribute elementAttr(OpBuilder &b, Type element, double value) {
  if (isa<FloatType>(element))
    return b.getFloatAttr(element, value);
  auto integer = cast<IntegerType>(element);
  if (integer.getWidth() == 1)
    return b.getIntegerAttr(element, APInt(1, value != 0));
  unsigned width = integer.getWidth();
  APInt max = APInt::getSignedMaxValue(width);
  APInt min = APInt::getSignedMinValue(width);
  if (value >= max.signedRoundToDouble())
    return b.getIntegerAttr(element, max);
  if (value <= min.signedRoundToDouble())
    return b.getIntegerAttr(element, min);
  return b.getIntegerAttr(element,
                          APInt(width, static_cast<int64_t>(value), true));
}

Value Lowering::splat(Type element, double value, ArrayRef<int64_t> shape) {
  auto type = RankedTensorType::get(shape, element);
  return b.create<tosa::ConstOp>(
      loc, type, DenseElementsAttr::get(type, elementAttr(b, element, value)));
}

Value Lowering::constant(Type element, ArrayRef<int64_t> shape,
                         ArrayRef<double> values) {
  auto type = RankedTensorType::get(shape, element);
  SmallVector<Attribute> attrs;
  for (double v : values)
    attrs.push_back(elementAttr(b, element, v));
  return b.create<tosa::ConstOp>(loc, type,
                                 DenseElementsAttr::get(type, attrs));
}

Value Lowering::i32s(ArrayRef<int64_t> values) {
  SmallVector<double> doubles(values.begin(), values.end());
  return constant(b.getI32Type(), {static_cast<int64_t>(values.size())},
                  doubles);
}

Value Lowering::convertTo(Value x, Type element) {
  auto type = cast<RankedTensorType>(x.getType());
  Type from = type.getElementType();
  if (from == element)
    return x;
  auto to = RankedTensorType::get(type.getShape(), element);
  // TOSA rounds floats to the nearest integer; PyTorch rounds toward zero.
  if (isa<FloatType>(from) && element.isInteger() && !element.isInteger(1))
    x = truncate(x);
  if (isa<FloatType>(from) && element.isInteger(64) && !from.isF16())
    return wholeFloatToI64(x);
  return create<tosa::CastOp>(to, x);
}

Value Lowering::wholeFloatToI64(Value x) {
  // LLVM 19's tosa-to-linalg saturates every f32 (or bf16) to i64's maximum
  // (its "max + 1" bound overflows), so a whole float t goes in three parts
  // of the same sign that each convert to i32 exactly:
  // t = q * 2^32 + r1 * 2^16 + r0.
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<int64_t> shape(type.getShape());
  int64_t rank = type.getRank();
  auto f32 = RankedTensorType::get(shape, b.getF32Type());
  if (type != f32)
    x = create<tosa::CastOp>(f32, x);
  auto part = [&](Value v, double unit) -> std::pair<Value, Value> {
    // (trunc(v / unit), v - that * unit), both exact.
    Value high = truncate(mul(v, scalar(b.getF32Type(), 1 / unit, rank)));
    Value low = create<tosa::SubOp>(
        f32, v, mul(high, scalar(b.getF32Type(), unit, rank)));
    return {high, low};
  };
  auto [q, r] = part(x, 4294967296.0);
  auto [r1, r0] = part(r, 65536.0);
  auto i32 = RankedTensorType::get(shape, b.getI32Type());
  auto i64 = RankedTensorType::get(shape, b.getI64Type());
  auto widen = [&](Value v, double unit) {
    Value i = create<tosa::CastOp>(i64, create<tosa::CastOp>(i32, v));
    return unit == 1 ? i : mul(i, scalar(b.getI64Type(), unit, rank));
  };
  Value sum =
      create<tosa::AddOp>(i64, widen(q, 4294967296.0), widen(r1, 65536.0));
  return create<tosa::AddOp>(i64, sum, widen(r0, 1));
}

Value Lowering::truncate(Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  Value negative = create<tosa::GreaterOp>(
      boolLike(x), scalar(type.getElementType(), 0, type.getRank()), x);
  return create<tosa::SelectOp>(type, negative, same<tosa::CeilOp>(x),
                                same<tosa::FloorOp>(x));
}

Value Lowering::reshape(Value x, ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(x.getType());
  if (type.getShape() == shape)
    return x;
  SmallVector<int64_t> newShape;
  for (int64_t size : shape)
    newShape.push_back(ShapedType::isDynamic(size) ? -1 : size);
  return b.create<tosa::ReshapeOp>(
      loc, RankedTensorType::get(shape, type.getElementType()), x,
      b.getDenseI64ArrayAttr(newShape));
}

Value Lowering::broadcastTo(Value x, ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(x.getType());
  if (!type.hasStaticShape() || ShapedType::isDynamicShape(shape) ||
      type.getRank() > static_cast<int64_t>(shape.size()))
    return fail("sizes known only at run time, or a rank too large");
  x = withRank(x, shape.size());
  ArrayRef<int64_t> have = cast<RankedTensorType>(x.getType()).getShape();
  SmallVector<int64_t> multiples;
  for (auto [n, want] : llvm::zip(have, shape)) {
    if (n == 0 ? want != 0 : want % n)
      return fail("sizes that do not tile");
    multiples.push_back(n == 0 ? 1 : want / n);
  }
  if (llvm::all_of(multiples, [](int64_t m) { return m == 1; }))
    return x;
  return create<tosa::TileOp>(
      RankedTensorType::get(shape, type.getElementType()), x,
      b.getDenseI64ArrayAttr(multiples));
}

Value Lowering::withRank(Value x, int64_t rank) {
  auto type = cast<RankedTensorType>(x.getType());
  if (type.getRank() >= rank)
    return x;
  SmallVector<int64_t> shape(rank - type.getRank(), 1);
  llvm::append_range(shape, type.getShape());
  return reshape(x, shape);
}

Value Lowering::transpose(Value x, ArrayRef<int64_t> perm) {
  bool identity = true;
  for (auto [i, p] : llvm::enumerate(perm))
    identity &= static_cast<int64_t>(i) == p;
  if (identity)
    return x;
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(type.getDimSize(p));
  return b.create<tosa::TransposeOp>(
      loc, RankedTensorType::get(shape, type.getElementType()), x, i32s(perm));
}

Value Lowering::slice(Value x, ArrayRef<int64_t> start,
                      ArrayRef<int64_t> size) {
  auto type = cast<RankedTensorType>(x.getType());
  // A size known only at run time is -1 (all of it) in the attribute.
  SmallVector<int64_t> sizes;
  for (int64_t n : size)
    sizes.push_back(ShapedType::isDynamic(n) ? -1 : n);
  return b.create<tosa::SliceOp>(
      loc, RankedTensorType::get(size, type.getElementType()), x,
      b.getDenseI64ArrayAttr(start), b.getDenseI64ArrayAttr(sizes));
}

Value Lowering::clampIndex(Value positions, int64_t size) {
  auto type = cast<RankedTensorType>(positions.getType());
  Type element = type.getElementType();
  Value low = create<tosa::MaximumOp>(type, positions,
                                      scalar(element, 0, type.getRank()));
  return create<tosa::MinimumOp>(type, low,
                                 scalar(element, size - 1, type.getRank()));
}

Value Lowering::gather(Value x, int64_t dim, Value indices) {
  auto type = cast<RankedTensorType>(x.getType());
  auto indexType = cast<RankedTensorType>(indices.getType());
  if (!type.hasStaticShape() || !indexType.hasStaticShape())
    return fail("gather needs static sizes");
  ArrayRef<int64_t> shape = type.getShape();
  int64_t n = 1, c = 1;
  for (int64_t i = 0; i < dim; ++i)
    n *= shape[i];
  for (int64_t i = dim + 1; i < type.getRank(); ++i)
    c *= shape[i];
  int64_t w = indexType.getNumElements();
  Value values = reshape(x, {n, shape[dim], c});
  Value flat = clampIndex(reshape(convertTo(indices, b.getI32Type()), {1, w}),
                          shape[dim]);
  if (n != 1)
    flat = b.create<tosa::TileOp>(loc,
                                  RankedTensorType::get({n, w}, b.getI32Type()),
                                  flat, b.getDenseI64ArrayAttr({n, 1}));
  Value gathered = b.create<tosa::GatherOp>(
      loc, RankedTensorType::get({n, w, c}, type.getElementType()), values,
      flat);
  SmallVector<int64_t> result(shape.take_front(dim));
  llvm::append_range(result, indexType.getShape());
  llvm::append_range(result, shape.drop_front(dim + 1));
  return reshape(gathered, result);
}

// --- the pattern ------------------------------------------------------------

namespace {

/// Runs the lowering registered for one op name.
class NamedLowering : public ConversionPattern {
public:
  NamedLowering(StringRef name, LowerFn fn, const TypeConverter &converter,
                MLIRContext *context)
      : ConversionPattern(converter, name, /*benefit=*/1, context),
        fn(std::move(fn)) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    // Unsigned integers (ui8) convert to signless ones, which TOSA's
    // comparisons, divisions and casts read as signed: the op computes them
    // zero-extended to i32 (Lowering::unsignedAsI32).
    auto isUnsigned = [](Value v) {
      if (!conversion::isUnsignedTensor(v))
        return false;
      return cast<Torch::BaseTensorType>(v.getType())
                 .getDtype()
                 .getIntOrFloatBitWidth() <= 16;
    };
    auto isWideUnsigned = [&](Value v) {
      return conversion::isUnsignedTensor(v) && !isUnsigned(v);
    };
    if (llvm::any_of(op->getOperands(), isWideUnsigned) ||
        llvm::any_of(op->getResults(), isWideUnsigned))
      return rewriter.notifyMatchFailure(op, "unsigned integers beyond 16 "
                                             "bits");
    bool unsignedAsI32 = llvm::any_of(op->getOperands(), isUnsigned) ||
                         llvm::any_of(op->getResults(), isUnsigned);
    SmallVector<Value> inputs(operands);
    Lowering lowering(op, inputs, rewriter, *getTypeConverter(), unsignedAsI32);
    if (unsignedAsI32)
      for (unsigned i = 0; i < inputs.size(); ++i)
        if (isUnsigned(op->getOperand(i)) &&
            isa<RankedTensorType>(inputs[i].getType()))
          inputs[i] = lowering.zeroExtend(inputs[i]);
    for (unsigned i = 0; i < op->getNumResults(); ++i)
      if (!lowering.type(i))
        return rewriter.notifyMatchFailure(op, "a result of unknown sizes "
                                               "or dtype");
    SmallVector<Value> results = fn(lowering);
    if (results.size() != op->getNumResults() ||
        llvm::any_of(results, [](Value v) { return !v; }))
      return failure();
    for (unsigned i = 0; i < results.size(); ++i) {
      if (results[i].getType() != lowering.type(i))
        return rewriter.notifyMatchFailure(op, "lowered to another type");
      // An unsigned result computed in i32 goes back to its own width
      // (truncating, as PyTorch's unsigned arithmetic wraps).
      Type own = getTypeConverter()->convertType(op->getResult(i).getType());
      if (own != results[i].getType())
        results[i] = lowering.create<tosa::CastOp>(own, results[i]);
    }
    rewriter.replaceOp(op, results);
    return success();
  }

private:
  LowerFn fn;
};

/// torch.vtensor.literal: tosa.const of the same data, integers signless.
Value lowerLiteral(Lowering &l) {
  auto literal = cast<Torch::ValueTensorLiteralOp>(l.op);
  auto own = cast<RankedTensorType>(l.converter.convertType(literal.getType()));
  ElementsAttr value = conversion::builtinLiteral(literal, own);
  if (!value)
    return l.fail("literal is neither dense nor a resource");
  Value constant = l.create<tosa::ConstOp>(own, value);
  // An unsigned literal, seen as i32 (Lowering::unsignedAsI32).
  return own == l.type() ? constant : l.zeroExtend(constant);
}

class ConvertTorchToTosa
    : public mlir::torch::impl::ConvertTorchToTosaBase<ConvertTorchToTosa> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    ConversionTarget target(*context);
    target.addLegalDialect<tosa::TosaDialect,
                           TorchConversion::TorchConversionDialect>();
    TorchConversion::BackendTypeConverter converter(context);
    RewritePatternSet patterns(context);
    Lowerings lowerings(converter, patterns);
    lowerings.add("torch.vtensor.literal", lowerLiteral);
    // A check of what export knew about a tensor: the types say it already.
    lowerings.addMulti("aten._assert_tensor_metadata",
                       [](Lowering &) { return SmallVector<Value>(); });
    addElementwise(lowerings);
    addLinear(lowerings);
    addReductions(lowerings);
    addDataMovement(lowerings);
    addScatters(lowerings);
    // Partial, as convert-torch-to-linalg: an op without a lowering stays
    // for the contract check to name.
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();
    // Tensor constants TOSA's own canonicalizations make as arith.constant
    // (the perms of two transposes combined) become tosa.const.
    getOperation().walk([](arith::ConstantOp constant) {
      auto type = dyn_cast<RankedTensorType>(constant.getType());
      auto value = dyn_cast<ElementsAttr>(constant.getValue());
      if (!type || !value)
        return;
      OpBuilder b(constant);
      Value replacement =
          b.create<tosa::ConstOp>(constant.getLoc(), type, value);
      constant.replaceAllUsesWith(replacement);
      constant.erase();
    });
  }
};

} // namespace

void Lowerings::add(StringRef name, LowerOneFn fn) {
  addMulti(name, [fn = std::move(fn)](Lowering &l) -> SmallVector<Value> {
    Value v = fn(l);
    if (!v)
      return {};
    return {v};
  });
}

void Lowerings::addMulti(StringRef name, LowerFn fn) {
  std::string full =
      name.starts_with("torch.") ? name.str() : ("torch." + name).str();
  patterns.add<NamedLowering>(full, std::move(fn), converter,
                              patterns.getContext());
}

} // namespace mlir::torch::torch_to_tosa
