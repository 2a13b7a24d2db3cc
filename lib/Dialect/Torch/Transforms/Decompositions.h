//===- Decompositions.h - Shared by the torch-decompose-complex-ops files -===//
//
// The pattern bases and the few builders only decompositions use (reading
// and building Torch IR is TorchBuilder.h's), and the one populate function
// per file the pass calls.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHMLIR_DIALECT_TORCH_TRANSFORMS_DECOMPOSITIONS_H
#define TORCHMLIR_DIALECT_TORCH_TRANSFORMS_DECOMPOSITIONS_H

#include "mlir/IR/PatternMatch.h"
#include "torch-mlir/Dialect/Torch/Builder/TorchBuilder.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/StringSet.h"

namespace mlir::torch::Torch::decompositions {

/// The [rows, cols] si64 tensor of col - row over `x`'s last two dims.
inline Value columnMinusRow(TorchBuilder &b, Value x) {
  Value rows = b.positions(x, -2), cols = b.positions(x, -1);
  int64_t r = cast<ValueTensorType>(rows.getType()).getSizes()[0];
  int64_t c = cast<ValueTensorType>(cols.getType()).getSizes()[0];
  Value column = b.create<AtenUnsqueezeOp>(b.tensorType({r, 1}, b.i64()), rows,
                                           b.constInt(1));
  return b.create<AtenSubTensorOp>(b.tensorType({r, c}, b.i64()), cols, column,
                                   b.constInt(1));
}

/// The bool [N, C] mask of each row's class in `target` ([N] ints) over
/// `scores` ([N, C]), rows whose target is `ignoreIndex` all false: what
/// nll_loss picks.
inline Value classMask(TorchBuilder &b, Value scores, Value target,
                       Value ignoreIndex) {
  auto t = cast<ValueTensorType>(scores.getType());
  int64_t n = t.getSizes()[0], c = t.getSizes()[1];
  Type targetDtype = cast<ValueTensorType>(target.getType()).getDtype();
  Value row = b.create<AtenUnsqueezeOp>(b.tensorType({1, c}, b.i64()),
                                        b.positions(scores, 1), b.constInt(0));
  Value column = b.create<AtenUnsqueezeOp>(b.tensorType({n, 1}, targetDtype),
                                           target, b.constInt(1));
  Value hit =
      b.create<AtenEqTensorOp>(b.tensorType({n, c}, b.i1()), row, column);
  Value counted = b.create<AtenNeScalarOp>(b.tensorType({n, 1}, b.i1()), column,
                                           ignoreIndex);
  return b.create<AtenLogicalAndOp>(b.tensorType({n, c}, b.i1()), hit, counted);
}

/// Elementwise arithmetic on tensors of one type `t` (comparisons give
/// `t`'s shape in bool).
struct Elementwise {
  TorchBuilder &b;
  ValueTensorType t;

  ValueTensorType boolType() { return b.tensorType(t.getSizes(), b.i1()); }
  Value mul(Value x, Value y) { return b.create<AtenMulTensorOp>(t, x, y); }
  Value add(Value x, Value y) {
    return b.create<AtenAddTensorOp>(t, x, y, b.constInt(1));
  }
  Value sub(Value x, Value y) {
    return b.create<AtenSubTensorOp>(t, x, y, b.constInt(1));
  }
  Value div(Value x, Value y) { return b.create<AtenDivTensorOp>(t, x, y); }
  /// x * k, x + k and k - x for a number (or a !torch.float/int value) k.
  Value scale(Value x, double k) { return scale(x, b.constFloat(k)); }
  Value scale(Value x, Value k) { return b.create<AtenMulScalarOp>(t, x, k); }
  Value shift(Value x, double k) {
    return b.create<AtenAddScalarOp>(t, x, b.constFloat(k), b.constInt(1));
  }
  Value rsub(double k, Value x) {
    return b.create<AtenRsubScalarOp>(t, x, b.constFloat(k), b.constInt(1));
  }
  template <typename OpTy> Value unary(Value x) { return b.create<OpTy>(t, x); }
  /// x where `cond`, else y; x where `cond`, else 0.
  Value where(Value cond, Value x, Value y) {
    return b.create<AtenWhereSelfOp>(t, cond, x, y);
  }
  Value whereElseZero(Value cond, Value x) {
    return b.create<AtenWhereScalarOtherOp>(t, cond, x, b.constFloat(0));
  }
  /// x <op> k with k a Scalar value.
  template <typename CmpOp> Value compare(Value x, Value k) {
    return b.create<CmpOp>(boolType(), x, k);
  }
  template <typename CmpOp> Value compare(Value x, double k) {
    return compare<CmpOp>(x, b.constFloat(k));
  }
};

/// The ops a pass run keeps whole, as "aten.softmax.int" (the op name
/// without the dialect prefix).
struct LegalOps {
  llvm::StringSet<> names;
  bool contains(Operation *op) const {
    StringRef name = op->getName().getStringRef();
    name.consume_front("torch.");
    return names.contains(name);
  }
};

template <typename OpTy> class Decomposition : public OpRewritePattern<OpTy> {
public:
  Decomposition(MLIRContext *context, const LegalOps &legal)
      : OpRewritePattern<OpTy>(context), legal(legal) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    if (legal.contains(op))
      return rewriter.notifyMatchFailure(op, "legal for the backend");
    return decompose(op, rewriter);
  }

  virtual LogicalResult decompose(OpTy op, PatternRewriter &rewriter) const = 0;

private:
  const LegalOps &legal;
};

/// A decomposition of a `torch.operator` named `name` ("aten.fft_irfft"):
/// an op the registry does not define arrives so, its operands in schema
/// order (`operands` of them, or `minOperands` up to that when trailing ones
/// have defaults), with `results` results. Legal ops name it the same way.
class OperatorDecomposition : public OpRewritePattern<OperatorOp> {
public:
  OperatorDecomposition(MLIRContext *context, const LegalOps &legal,
                        StringRef name, unsigned operands, unsigned results,
                        std::optional<unsigned> minOperands = std::nullopt)
      : OpRewritePattern<OperatorOp>(context), legal(legal), name(name),
        operands(operands), minOperands(minOperands.value_or(operands)),
        results(results) {}

  LogicalResult matchAndRewrite(OperatorOp op,
                                PatternRewriter &rewriter) const final {
    if (op.getName() != name || op->getNumRegions() != 0)
      return rewriter.notifyMatchFailure(op, "another operator");
    if (op->getNumOperands() < minOperands || op->getNumOperands() > operands ||
        op->getNumResults() != results)
      return rewriter.notifyMatchFailure(op, "not the schema's operands");
    if (legal.names.contains(name))
      return rewriter.notifyMatchFailure(op, "legal for the backend");
    return decompose(op, rewriter);
  }

  virtual LogicalResult decompose(OperatorOp op,
                                  PatternRewriter &rewriter) const = 0;

private:
  const LegalOps &legal;
  std::string name;
  unsigned operands, minOperands, results;
};

// One per file, by the concept its ops belong to.
void populateNnDecompositions(RewritePatternSet &patterns,
                              const LegalOps &legal);
void populateElementwiseDecompositions(RewritePatternSet &patterns,
                                       const LegalOps &legal);
void populateLinearAlgebraDecompositions(RewritePatternSet &patterns,
                                         const LegalOps &legal);
void populateReductionDecompositions(RewritePatternSet &patterns,
                                     const LegalOps &legal);
void populateDataMovementDecompositions(RewritePatternSet &patterns,
                                        const LegalOps &legal);
void populateSpectralDecompositions(RewritePatternSet &patterns,
                                    const LegalOps &legal);
void populateSortingDecompositions(RewritePatternSet &patterns,
                                   const LegalOps &legal);
void populateRandomDecompositions(RewritePatternSet &patterns,
                                  const LegalOps &legal);
void populateBackwardDecompositions(RewritePatternSet &patterns,
                                    const LegalOps &legal);

} // namespace mlir::torch::Torch::decompositions

#endif // TORCHMLIR_DIALECT_TORCH_TRANSFORMS_DECOMPOSITIONS_H
