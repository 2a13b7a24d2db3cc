//===- Lowering.h - What TorchToTosa's op families share --------*- C++ -*-===//
//
// convert-torch-to-tosa lowers each ATen op by a function registered under
// the op's name (`add("aten.exp", ...)`). The function gets a Lowering: the
// op, its converted operands, and the TOSA building blocks (casts, reshapes,
// constants, transposes) every family uses. It returns the op's results, or
// nothing to leave the op for the contract check to name.
//
// TOSA (the pre-1.0 spec LLVM 19 implements) has no implicit broadcasting of
// ranks, one element type per elementwise op, constant attributes for sizes
// and windows, and no f64: operands are cast to the result's element type and
// reshaped to its rank before each op, and sizes must be constants.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_MLIR_CONVERSION_TORCHTOTOSA_LOWERING_H
#define TORCH_MLIR_CONVERSION_TORCHTOTOSA_LOWERING_H

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Transforms/DialectConversion.h"

#include <functional>
#include <optional>

namespace mlir::torch::torch_to_tosa {

class Lowering {
public:
  Lowering(Operation *op, ArrayRef<Value> operands,
           ConversionPatternRewriter &rewriter, const TypeConverter &converter)
      : op(op), operands(operands), b(rewriter), loc(op->getLoc()),
        converter(converter) {}

  Operation *op;
  ArrayRef<Value> operands; // converted
  ConversionPatternRewriter &b;
  Location loc;
  const TypeConverter &converter;

  // --- the op -------------------------------------------------------------
  /// Result `i`'s converted type, if a ranked tensor (else null).
  RankedTensorType type(unsigned i = 0) const;
  /// Operand `i` as a builtin ranked tensor, or null.
  Value in(unsigned i) const;
  /// Constants among the Torch operands.
  std::optional<int64_t> constInt(unsigned i) const;
  std::optional<double> constNumber(unsigned i) const;
  std::optional<bool> constBool(unsigned i) const;
  std::optional<SmallVector<int64_t>> constInts(unsigned i) const;
  bool none(unsigned i) const;
  /// The elements of a list operand, each as a builtin ranked tensor; nullopt
  /// if it is not a list of such.
  std::optional<SmallVector<Value>> tensors(unsigned i) const;
  /// The element type operand `i` (a tensor or a Python scalar) has in
  /// PyTorch's promotion with the others of `among`, as a builtin type.
  Type promoted(ArrayRef<unsigned> among) const;

  /// Operand `i` (a tensor, or a constant Python scalar) as a tensor of
  /// `element` with `rank` dims (unit dims in front), null if it is neither.
  Value operand(unsigned i, Type element, int64_t rank);

  // --- building TOSA --------------------------------------------------------
  /// A constant of `shape` whose every element is `value` (in `element`).
  Value splat(Type element, double value, ArrayRef<int64_t> shape);
  /// A scalar constant broadcastable to rank `rank` ([1, ..., 1]).
  Value scalar(Type element, double value, int64_t rank) {
    return splat(element, value, SmallVector<int64_t>(rank, 1));
  }
  /// A constant of `shape` holding `values`.
  Value constant(Type element, ArrayRef<int64_t> shape,
                 ArrayRef<double> values);
  Value i32s(ArrayRef<int64_t> values);
  /// `x` with elements of `element` (PyTorch's casts: floats to integers
  /// round toward zero; to bool, x != 0).
  Value convertTo(Value x, Type element);
  /// A tensor of whole floats as i64 (convertTo's, for f32 and bf16).
  Value wholeFloatToI64(Value x);
  /// `x` reshaped to `shape` (one dim may be dynamic).
  Value reshape(Value x, ArrayRef<int64_t> shape);
  /// `x` with unit dims in front up to `rank` dims.
  Value withRank(Value x, int64_t rank);
  Value transpose(Value x, ArrayRef<int64_t> perm);
  Value slice(Value x, ArrayRef<int64_t> start, ArrayRef<int64_t> size);
  /// The elements of `x` along `dim` at `indices` (a constant or a tensor of
  /// integers, any shape): x's dims before `dim`, then the indices' shape,
  /// then the dims after. Needs x's sizes known.
  Value gather(Value x, int64_t dim, Value indices);
  /// A reduction op of `kind` over `dims` (keeping them as unit dims).
  template <typename ReduceOp> Value reduce(Value x, ArrayRef<int64_t> dims) {
    for (int64_t dim : dims) {
      auto type = cast<RankedTensorType>(x.getType());
      SmallVector<int64_t> shape(type.getShape());
      shape[dim] = 1;
      x = b.create<ReduceOp>(
          loc, RankedTensorType::get(shape, type.getElementType()), x,
          b.getI32IntegerAttr(dim));
    }
    return x;
  }

  template <typename OpTy, typename... Args>
  Value create(Type type, Args &&...args) {
    return b.create<OpTy>(loc, type, std::forward<Args>(args)...);
  }
  /// An elementwise op whose result has `like`'s type (its first operand).
  template <typename OpTy, typename... Args>
  Value same(Value like, Args &&...args) {
    return b.create<OpTy>(loc, like.getType(), like,
                          std::forward<Args>(args)...);
  }
  /// x * y, broadcast (operands of one rank).
  Value mul(Value x, Value y) {
    return b.create<tosa::MulOp>(loc, broadcastType(x, y), x, y,
                                 b.getI8IntegerAttr(0));
  }
  /// The type of an elementwise op of `x` and `y` (one rank): x's element
  /// type, the broadcast sizes.
  RankedTensorType broadcastType(Value x, Value y);
  /// An i1 tensor shaped like `x` (a comparison's result).
  RankedTensorType boolLike(Value x);

  /// Declines the op, with why (shown by --debug).
  Value fail(const Twine &why);
};

using LowerFn = std::function<SmallVector<Value>(Lowering &)>;
using LowerOneFn = std::function<Value(Lowering &)>;

/// The lowerings, by op name ("aten.exp"), added to a pattern set.
class Lowerings {
public:
  Lowerings(const TypeConverter &converter, RewritePatternSet &patterns)
      : converter(converter), patterns(patterns) {}
  /// `fn` lowers the op `name` (of one result).
  void add(StringRef name, LowerOneFn fn);
  /// `fn` lowers the op `name` (of several results).
  void addMulti(StringRef name, LowerFn fn);

private:
  const TypeConverter &converter;
  RewritePatternSet &patterns;
};

void addElementwise(Lowerings &l);
void addLinear(Lowerings &l);
void addReductions(Lowerings &l);
void addDataMovement(Lowerings &l);

} // namespace mlir::torch::torch_to_tosa

#endif // TORCH_MLIR_CONVERSION_TORCHTOTOSA_LOWERING_H
