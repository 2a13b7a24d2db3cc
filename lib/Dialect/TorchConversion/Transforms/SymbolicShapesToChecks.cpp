//===- SymbolicShapesToChecks.cpp -----------------------------------------===//
//
// torch-symbolic-shapes-to-checks: what torch.export promised about the sizes
// of a public function's arguments (torch.bind_symbolic_shape on a block
// argument) becomes run-time checks (cf.assert); every symbolic-shape op is
// then erased.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/Dialect/TorchConversion/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/TorchConversion/IR/TorchConversionOps.h"
#include "torch-mlir/Dialect/TorchConversion/Transforms/BackendTypeConverter.h"
#include "llvm/ADT/MapVector.h"

#include <limits>

namespace mlir::torch::TorchConversion {
#define GEN_PASS_DEF_SYMBOLICSHAPESTOCHECKS
#include "Dialect/TorchConversion/Transforms/Passes.h.inc"
} // namespace mlir::torch::TorchConversion

using namespace mlir;
using namespace mlir::torch;

namespace {

/// One dimension of an argument that a binding speaks about.
struct BoundDim {
  Torch::BindSymbolicShapeOp bind;
  int64_t dim;
  AffineExpr expr;
};

/// `expr` over `symbols` (their index values) as arith ops. Sizes are never
/// negative, so floordiv, ceildiv and mod are the signed operations on them.
Value expand(OpBuilder &b, Location loc, AffineExpr expr,
             ArrayRef<Value> symbols) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return b.create<arith::ConstantIndexOp>(loc, constant.getValue());
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return symbols[symbol.getPosition()];
  // The verifier allows no dimensions, so this is a binary expression.
  auto binary = cast<AffineBinaryOpExpr>(expr);
  Value lhs = expand(b, loc, binary.getLHS(), symbols);
  Value rhs = expand(b, loc, binary.getRHS(), symbols);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return b.create<arith::AddIOp>(loc, lhs, rhs);
  case AffineExprKind::Mul:
    return b.create<arith::MulIOp>(loc, lhs, rhs);
  case AffineExprKind::FloorDiv:
    return b.create<arith::FloorDivSIOp>(loc, lhs, rhs);
  case AffineExprKind::CeilDiv:
    return b.create<arith::CeilDivSIOp>(loc, lhs, rhs);
  default:
    return b.create<arith::RemSIOp>(loc, lhs, rhs);
  }
}

/// `expr` with torch.export's names for its symbols: `2 * s35 + 1`.
std::string describe(AffineExpr expr, ValueRange symbols) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return std::to_string(constant.getValue());
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return symbols[symbol.getPosition()]
        .getDefiningOp<Torch::SymbolicIntOp>()
        .getSymbolName()
        .str();
  auto binary = cast<AffineBinaryOpExpr>(expr);
  StringRef op = expr.getKind() == AffineExprKind::Add        ? " + "
                 : expr.getKind() == AffineExprKind::Mul      ? " * "
                 : expr.getKind() == AffineExprKind::FloorDiv ? " floordiv "
                 : expr.getKind() == AffineExprKind::CeilDiv  ? " ceildiv "
                                                              : " mod ";
  auto operand = [&](AffineExpr e) {
    std::string text = describe(e, symbols);
    return isa<AffineBinaryOpExpr>(e) ? "(" + text + ")" : text;
  };
  return operand(binary.getLHS()) + op.str() + operand(binary.getRHS());
}

class SymbolicShapesToChecksPass
    : public TorchConversion::impl::SymbolicShapesToChecksBase<
          SymbolicShapesToChecksPass> {
  using SymbolicShapesToChecksBase::SymbolicShapesToChecksBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (checks && func.isPublic() && !func.isExternal())
      addChecks(func);
    func.walk([](Torch::BindSymbolicShapeOp op) { op.erase(); });
    func.walk([](Torch::SymbolicIntOp op) {
      if (op->use_empty())
        op.erase();
    });
  }

  /// Checks at the top of `func`: each argument dimension bound to a bare
  /// symbol lies in the symbol's range, all bound to one symbol are equal,
  /// and one bound to an expression has its value.
  void addChecks(func::FuncOp func) {
    Block &entry = func.getBody().front();
    SmallVector<BoundDim> bound;
    for (Operation &op : entry) {
      auto bind = dyn_cast<Torch::BindSymbolicShapeOp>(op);
      if (!bind)
        continue;
      auto arg = dyn_cast<BlockArgument>(bind.getOperand());
      if (!arg || arg.getOwner() != &entry ||
          !TorchConversion::builtinTensorType(
              cast<Torch::ValueTensorType>(arg.getType())))
        continue;
      for (auto [dim, expr] :
           llvm::enumerate(bind.getShapeExpressions().getResults()))
        if (!isa<AffineConstantExpr>(expr)) // the type says a constant one
          bound.push_back({bind, static_cast<int64_t>(dim), expr});
    }
    if (bound.empty())
      return;

    OpBuilder b(func.getContext());
    b.setInsertionPointToStart(&entry);
    // Sizes are read when a check needs them, each once.
    llvm::MapVector<Value, Value> tensors; // argument -> its builtin tensor
    DenseMap<std::pair<Value, int64_t>, Value> sizes;
    auto sizeOf = [&](BoundDim &d) -> Value {
      Value arg = d.bind.getOperand();
      Value &size = sizes[{arg, d.dim}];
      if (size)
        return size;
      Location loc = d.bind.getLoc();
      Value &tensor = tensors[arg];
      if (!tensor) {
        Type type = *TorchConversion::builtinTensorType(
            cast<Torch::ValueTensorType>(arg.getType()));
        tensor = b.create<TorchConversion::ToBuiltinTensorOp>(loc, type, arg);
      }
      return size = b.create<tensor::DimOp>(loc, tensor, d.dim);
    };
    auto check = [&](Location loc, Value ok, const Twine &message) {
      b.create<cf::AssertOp>(loc, ok, message.str());
    };
    auto argName = [&](BoundDim &d) {
      return "argument " +
             Twine(cast<BlockArgument>(d.bind.getOperand()).getArgNumber());
    };

    // Bare symbols: the first dimension bound to one gives its value; that
    // lies in the symbol's range, and every other such dimension equals it.
    DenseMap<Value, BoundDim *> firstOf; // torch.symbolic_int -> dim
    for (BoundDim &d : bound) {
      auto symbolExpr = dyn_cast<AffineSymbolExpr>(d.expr);
      if (!symbolExpr)
        continue;
      Value symbol = d.bind.getShapeSymbols()[symbolExpr.getPosition()];
      auto symbolic = symbol.getDefiningOp<Torch::SymbolicIntOp>();
      Location loc = d.bind.getLoc();
      auto [it, first] = firstOf.try_emplace(symbol, &d);
      std::string name = (argName(d) + " dimension " + Twine(d.dim) + " (" +
                          symbolic.getSymbolName() + ")")
                             .str();
      if (!first) {
        check(loc,
              b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, sizeOf(d),
                                      sizeOf(*it->second)),
              name + " differs from another dimension of the same symbol");
        continue;
      }
      int64_t low = symbolic.getMinVal(), high = symbolic.getMaxVal();
      bool bounded = high != std::numeric_limits<int64_t>::max();
      if (low <= 0 && !bounded)
        continue;
      Value size = sizeOf(d);
      Value ok =
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sge, size,
                                  b.create<arith::ConstantIndexOp>(loc, low));
      if (bounded)
        ok = b.create<arith::AndIOp>(
            loc, ok,
            b.create<arith::CmpIOp>(
                loc, arith::CmpIPredicate::sle, size,
                b.create<arith::ConstantIndexOp>(loc, high)));
      check(loc, ok,
            name + " is outside [" + Twine(low) + ", " +
                (bounded ? Twine(high) : Twine("inf")) +
                "], the range torch.export gave it");
    }

    // Expressions of symbols: the size they give.
    for (BoundDim &d : bound) {
      if (isa<AffineSymbolExpr>(d.expr))
        continue;
      if (!llvm::all_of(d.bind.getShapeSymbols(),
                        [&](Value symbol) { return firstOf.count(symbol); }))
        continue; // a symbol no argument shows alone
      Location loc = d.bind.getLoc();
      Value size = sizeOf(d);
      SmallVector<Value> symbols;
      for (Value symbol : d.bind.getShapeSymbols())
        symbols.push_back(sizeOf(*firstOf.lookup(symbol)));
      check(loc,
            b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, size,
                                    expand(b, loc, d.expr, symbols)),
            argName(d) + " dimension " + Twine(d.dim) + " is not " +
                describe(d.expr, d.bind.getShapeSymbols()) +
                ", the size torch.export gave it");
    }
  }
};

} // namespace
