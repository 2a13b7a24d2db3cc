//===- ScalarizeShapes.cpp - shape tensors read as scalar ints ------------===//
//
// torch-scalarize-shapes; Passes.td says what and why.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "torch-mlir/Dialect/Torch/Builder/TorchBuilder.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

namespace mlir::torch::Torch {
#define GEN_PASS_DEF_SCALARIZESHAPES
#include "Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch::Torch

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;

namespace {

/// The static length of a 1-D tensor, else nullopt.
std::optional<int64_t> length(Value t) {
  auto type = dyn_cast<ValueTensorType>(t.getType());
  if (!type || !type.hasSizes() || type.getSizes().size() != 1 ||
      type.getSizes()[0] == kUnknownSize)
    return std::nullopt;
  return type.getSizes()[0];
}

bool isIntegerTensor(Value t) {
  auto type = dyn_cast<ValueTensorType>(t.getType());
  return type && type.hasDtype() && isa<IntegerType>(type.getDtype()) &&
         !type.getDtype().isInteger(1);
}

/// Builds !torch.int values for the elements of integer shape tensors, or
/// nothing when the producer is not one it sees through.
class Scalarizer {
public:
  Scalarizer(PatternRewriter &rewriter, Location loc)
      : rewriter(rewriter), loc(loc) {}

  /// Element `k` of the 1-D integer tensor `t`.
  Value element(Value t, int64_t k, unsigned depth = 0) {
    std::optional<int64_t> n = length(t);
    if (!n || k < 0 || k >= *n || depth > kMaxDepth || !isIntegerTensor(t))
      return nullptr;
    Operation *op = t.getDefiningOp();
    if (!op)
      return nullptr;
    if (auto shape = dyn_cast<Aten_ShapeAsTensorOp>(op))
      return rewriter.create<AtenSizeIntOp>(loc, shape.getSelf(), constInt(k));
    if (auto literal = dyn_cast<ValueTensorLiteralOp>(op)) {
      auto dense = dyn_cast<DenseIntElementsAttr>(literal.getValue());
      if (!dense)
        return nullptr;
      return constInt(dense.getValues<APInt>()[k].getSExtValue());
    }
    if (auto cat = dyn_cast<AtenCatOp>(op)) {
      auto list = cat.getTensors().getDefiningOp<PrimListConstructOp>();
      std::optional<int64_t> dim = constantInt(cat.getDim());
      if (!list || !dim || (*dim != 0 && *dim != -1))
        return nullptr;
      for (Value part : list.getElements()) {
        std::optional<int64_t> m = length(part);
        if (!m)
          return nullptr;
        if (k < *m)
          return element(part, k, depth + 1);
        k -= *m;
      }
      return nullptr;
    }
    if (auto slice = dyn_cast<AtenSliceTensorOp>(op)) {
      std::optional<int64_t> inLength = length(slice.getSelf());
      std::optional<int64_t> start = constantInt(slice.getStart());
      std::optional<int64_t> step = constantInt(slice.getStep());
      if (!inLength || !start || !step || *step <= 0)
        return nullptr;
      int64_t s = std::clamp<int64_t>(*start < 0 ? *start + *inLength : *start,
                                      0, *inLength);
      return element(slice.getSelf(), s + k * *step, depth + 1);
    }
    if (auto select = dyn_cast<AtenIndexSelectOp>(op)) {
      std::optional<int64_t> inLength = length(select.getSelf());
      Value index = scalar(select.getIndex(), k, depth + 1);
      std::optional<int64_t> i = index ? constantInt(index) : std::nullopt;
      if (!inLength || !i)
        return nullptr;
      return element(select.getSelf(), *i < 0 ? *i + *inLength : *i, depth + 1);
    }
    if (isa<AtenReshapeOp, AtenViewOp, AtenUnsqueezeOp, AtenSqueezeOp,
            AtenSqueezeDimOp, AtenToDtypeOp, TensorStaticInfoCastOp>(op))
      return scalar(op->getOperand(0), k, depth + 1);
    return arithmetic(op, k, depth);
  }

  /// Element `k` (in row-major order) of an integer tensor of any rank whose
  /// elements are `element`'s: 0-d, or 1-D.
  Value scalar(Value t, int64_t k, unsigned depth = 0) {
    auto type = dyn_cast<ValueTensorType>(t.getType());
    if (!type || !type.hasSizes() || depth > kMaxDepth || !isIntegerTensor(t))
      return nullptr;
    if (type.getSizes().size() == 1)
      return element(t, k, depth);
    int64_t count = 1;
    for (int64_t s : type.getSizes())
      count = s == kUnknownSize ? -1 : count * s;
    if (count != 1 || k != 0)
      return nullptr;
    // One element, 0-d or [1, 1, ...]: its producer's element.
    Operation *op = t.getDefiningOp();
    if (!op)
      return nullptr;
    if (auto number = dyn_cast<PrimNumToTensorScalarOp>(op))
      return isa<Torch::IntType>(number.getA().getType()) ? number.getA()
                                                          : nullptr;
    if (auto select = dyn_cast<AtenSelectIntOp>(op)) {
      std::optional<int64_t> dim = constantInt(select.getDim());
      std::optional<int64_t> i = constantInt(select.getIndex());
      std::optional<int64_t> inLength = length(select.getSelf());
      if (!dim || (*dim != 0 && *dim != -1) || !i || !inLength)
        return nullptr;
      return element(select.getSelf(), *i < 0 ? *i + *inLength : *i, depth + 1);
    }
    if (auto literal = dyn_cast<ValueTensorLiteralOp>(op)) {
      auto dense = dyn_cast<DenseIntElementsAttr>(literal.getValue());
      if (!dense || dense.getNumElements() != 1)
        return nullptr;
      return constInt(dense.getValues<APInt>()[0].getSExtValue());
    }
    if (isa<AtenReshapeOp, AtenViewOp, AtenUnsqueezeOp, AtenSqueezeOp,
            AtenSqueezeDimOp, AtenToDtypeOp, TensorStaticInfoCastOp>(op))
      return scalar(op->getOperand(0), 0, depth + 1);
    return arithmetic(op, 0, depth);
  }

private:
  static constexpr unsigned kMaxDepth = 16;

  Value constInt(int64_t v) {
    return rewriter.create<ConstantIntOp>(loc, rewriter.getI64IntegerAttr(v));
  }

  /// add/sub/mul of integer tensors (or a tensor and a scalar int), element
  /// by element; an operand of one element broadcasts.
  Value arithmetic(Operation *op, int64_t k, unsigned depth) {
    auto operandElement = [&](Value v) -> Value {
      if (isa<Torch::IntType>(v.getType()))
        return v;
      auto type = dyn_cast<ValueTensorType>(v.getType());
      if (!type || !type.hasSizes())
        return nullptr;
      int64_t count = 1;
      for (int64_t s : type.getSizes())
        count = s == kUnknownSize ? -1 : count * s;
      return scalar(v, count == 1 ? 0 : k, depth + 1);
    };
    Type intType = Torch::IntType::get(op->getContext());
    auto alphaIsOne = [&](Value alpha) { return constantInt(alpha) == 1; };
    if (isa<AtenAddTensorOp, AtenSubTensorOp, AtenAddScalarOp, AtenSubScalarOp>(
            op)) {
      if (!alphaIsOne(op->getOperand(2)))
        return nullptr;
      Value a = operandElement(op->getOperand(0));
      Value b = a ? operandElement(op->getOperand(1)) : nullptr;
      if (!b)
        return nullptr;
      if (isa<AtenAddTensorOp, AtenAddScalarOp>(op))
        return rewriter.create<AtenAddIntOp>(loc, intType, a, b);
      return rewriter.create<AtenSubIntOp>(loc, intType, a, b);
    }
    if (isa<AtenMulTensorOp, AtenMulScalarOp>(op)) {
      Value a = operandElement(op->getOperand(0));
      Value b = a ? operandElement(op->getOperand(1)) : nullptr;
      if (!b)
        return nullptr;
      return rewriter.create<AtenMulIntOp>(loc, intType, a, b);
    }
    // where(a == b, x, y), which exporters write for Expand's -1s: x or y,
    // as y + int(a == b) * (x - y).
    if (auto where = dyn_cast<AtenWhereSelfOp>(op)) {
      auto equal = where.getCondition().getDefiningOp<AtenEqTensorOp>();
      if (!equal)
        return nullptr;
      Value a = operandElement(equal.getSelf());
      Value b = a ? operandElement(equal.getOther()) : nullptr;
      Value x = b ? operandElement(where.getSelf()) : nullptr;
      Value y = x ? operandElement(where.getOther()) : nullptr;
      if (!y)
        return nullptr;
      Value same = rewriter.create<AtenEqIntOp>(
          loc, Torch::BoolType::get(op->getContext()), a, b);
      Value flag = rewriter.create<AtenIntBoolOp>(loc, intType, same);
      Value diff = rewriter.create<AtenSubIntOp>(loc, intType, x, y);
      return rewriter.create<AtenAddIntOp>(
          loc, intType, y,
          rewriter.create<AtenMulIntOp>(loc, intType, flag, diff));
    }
    return nullptr;
  }

  PatternRewriter &rewriter;
  Location loc;
};

/// Int.Tensor of a 0-d (or one-element) integer tensor whose element the
/// scalarizer can tell: that int.
struct ScalarizeIntTensor : public OpRewritePattern<AtenIntTensorOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AtenIntTensorOp op,
                                PatternRewriter &rewriter) const override {
    Scalarizer scalarizer(rewriter, op.getLoc());
    Value v = scalarizer.scalar(op.getA(), 0);
    if (!v)
      return rewriter.notifyMatchFailure(op, "not a shape computation");
    rewriter.replaceOp(op, v);
    return success();
  }
};

/// `a` and `b` are one int: one value, or the size of one tensor along one
/// dimension (before CSE, two aten.size.int ops).
bool sameInt(Value a, Value b) {
  if (a == b)
    return true;
  auto sa = a.getDefiningOp<AtenSizeIntOp>(),
       sb = b.getDefiningOp<AtenSizeIntOp>();
  return sa && sb && sa.getSelf() == sb.getSelf() &&
         constantInt(sa.getDim()).has_value() &&
         constantInt(sa.getDim()) == constantInt(sb.getDim());
}

/// Integer identities the ops' folders leave (they fold constants only):
/// a - a = 0, a * 0 = 0, a * 1 = a, a + 0 = a. What is left of ONNX's
/// "0 copies the input's size" once the sizes are scalars.
struct SimplifyIntArithmetic : public RewritePattern {
  SimplifyIntArithmetic(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<AtenSubIntOp, AtenMulIntOp, AtenAddIntOp>(op))
      return failure();
    Value a = op->getOperand(0), b = op->getOperand(1);
    std::optional<int64_t> ca = constantInt(a), cb = constantInt(b);
    auto zero = [&]() {
      rewriter.replaceOpWithNewOp<ConstantIntOp>(op,
                                                 rewriter.getI64IntegerAttr(0));
      return success();
    };
    if (isa<AtenSubIntOp>(op) && sameInt(a, b))
      return zero();
    if (isa<AtenMulIntOp>(op)) {
      if (ca == 0 || cb == 0)
        return zero();
      if (ca == 1 || cb == 1) {
        rewriter.replaceOp(op, ca == 1 ? b : a);
        return success();
      }
    }
    if (isa<AtenAddIntOp>(op) && (ca == 0 || cb == 0)) {
      rewriter.replaceOp(op, ca == 0 ? b : a);
      return success();
    }
    return failure();
  }
};

class ScalarizeShapes
    : public mlir::torch::Torch::impl::ScalarizeShapesBase<ScalarizeShapes> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<ScalarizeIntTensor, SimplifyIntArithmetic>(context);
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
