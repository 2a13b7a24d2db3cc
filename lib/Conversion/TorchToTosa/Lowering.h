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
           ConversionPatternRewriter &rewriter, const TypeConverter &converter,
           bool unsignedAsI32 = false)
      : op(op), operands(operands), b(rewriter), loc(op->getLoc()),
        converter(converter), unsignedAsI32(unsignedAsI32) {}

  Operation *op;
  ArrayRef<Value> operands; // converted
  ConversionPatternRewriter &b;
  Location loc;
  const TypeConverter &converter;
  /// Unsigned tensors (ui8, ui16) are seen as i32 here: their operands come
  /// zero-extended and their results are truncated after the lowering
  /// (PyTorch's unsigned arithmetic wraps, as the truncation does). TOSA
  /// reads a signless i8 as signed, so computing in i8 would compare, divide
  /// and extend them wrongly.
  bool unsignedAsI32;

  // --- the op -------------------------------------------------------------
  /// Result `i`'s converted type, if a ranked tensor (else null); i32
  /// elements for an unsigned one.
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
  /// Floats rounded toward zero (x < 0 ? ceil(x) : floor(x)).
  Value truncate(Value x);
  /// `x` reshaped to `shape` (one dim may be dynamic).
  Value reshape(Value x, ArrayRef<int64_t> shape);
  /// `x` (static sizes) tiled to `shape` (unit dims in front first).
  Value broadcastTo(Value x, ArrayRef<int64_t> shape);
  /// `x` with unit dims in front up to `rank` dims.
  Value withRank(Value x, int64_t rank);
  Value transpose(Value x, ArrayRef<int64_t> perm);
  Value slice(Value x, ArrayRef<int64_t> start, ArrayRef<int64_t> size);
  /// The elements of `x` along `dim` at `indices` (a constant or a tensor of
  /// integers, any shape): x's dims before `dim`, then the indices' shape,
  /// then the dims after. Needs x's sizes known.
  Value gather(Value x, int64_t dim, Value indices);
  /// Integer division rounding toward zero, exact: {q, r} with a = q * c +
  /// r, r of a's sign (or zero) and |r| < |c|; a and c of one rank and one
  /// element type, i32 or i64 (TOSA's int_div takes only i32).
  std::pair<Value, Value> truncDivide(Value a, Value c);
  /// truncDivide's {q, r} made floor division's.
  std::pair<Value, Value> floorFromTrunc(Value q, Value r, Value c);
  /// Integer `positions` clamped into [0, size): an index out of range (an
  /// error in PyTorch) reads or writes inside the tensor, never past it.
  Value clampIndex(Value positions, int64_t size);
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
  /// `x` (signless bits of an unsigned tensor) zero-extended to i32.
  Value zeroExtend(Value x);
  /// An i1 tensor shaped like `x` (a comparison's result).
  RankedTensorType boolLike(Value x);

  /// Declines the op, with why (shown by --debug).
  Value fail(const Twine &why);
};

/// The most elements a lowering puts in a constant it computes (positions
/// of a gather or scatter): larger ones are declined, not built.
constexpr int64_t kMaxConstantElements = 1 << 20;

/// `dim` wrapped for `rank` dims; nullopt if out of range.
inline std::optional<int64_t> wrap(std::optional<int64_t> dim, int64_t rank) {
  if (!dim || *dim < -rank || *dim >= rank)
    return std::nullopt;
  return *dim < 0 ? *dim + rank : *dim;
}

/// Row-major strides of `shape`.
inline SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// The flat position in `self` (static sizes) of each element of `index`
/// (of self's rank) read as a position along `dim`: gather's and scatter's.
Value dimPositions(Lowering &l, RankedTensorType self, int64_t dim,
                   Value index);
/// The flat position in `self` (static sizes) of each element of
/// self[indices], an i32 tensor of that result's sizes; operand `list` is
/// the Torch list of optional index tensors (index.Tensor, index_put).
Value indexPositions(Lowering &l, RankedTensorType self, unsigned list);

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
void addScatters(Lowerings &l);

} // namespace mlir::torch::torch_to_tosa

#endif // TORCH_MLIR_CONVERSION_TORCHTOTOSA_LOWERING_H
