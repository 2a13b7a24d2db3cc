//===- TorchBuilder.h - Reading and building Torch IR -----------*- C++ -*-===//
//
// The one vocabulary every pass that reads or builds Torch ops uses: the ONNX
// conversions (through OnnxNode), the middle end's decompositions and the
// lowerings out of Torch. Matchers read what a value is when it is constant
// (an int, a list of ints, a literal's elements, a dim in range); TorchBuilder
// builds Torch values at one place (constants, run-time int arithmetic that
// folds when it can, dtype conversions, lists, loops and ifs).
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_MLIR_DIALECT_TORCH_BUILDER_TORCHBUILDER_H
#define TORCH_MLIR_DIALECT_TORCH_BUILDER_TORCHBUILDER_H

#include "mlir/IR/Builders.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/Torch/IR/TorchTypes.h"

#include <optional>

namespace mlir::torch::Torch {

// --- matchers ---------------------------------------------------------------

/// A tensor type of known sizes (some may be `?`) and dtype, else null.
ValueTensorType knownType(Type type);
inline ValueTensorType knownType(Value v) {
  return v ? knownType(v.getType()) : nullptr;
}

/// The value of an int constant (`torch.constant.int`, or another constant
/// op folding to a non-bool integer).
std::optional<int64_t> constantInt(Value v);
/// A float or int constant as a double.
std::optional<double> constantNumber(Value v);
std::optional<bool> constantBool(Value v);
std::optional<StringRef> constantString(Value v);
/// An omitted optional argument (`torch.constant.none`, any !torch.none).
bool isNone(Value v);

/// The elements of a `torch.prim.ListConstruct`; nullopt for another list.
std::optional<SmallVector<Value>> listElements(Value list);
/// The elements of a list of int constants.
std::optional<SmallVector<int64_t>> constantInts(Value list);
/// The elements of a list of float or int constants.
std::optional<SmallVector<double>> constantNumbers(Value list);

/// The elements of a `torch.vtensor.literal` (dense elements or a
/// dense_resource blob) as integers / doubles; nullopt for another value.
std::optional<SmallVector<int64_t>> literalInts(Value v);
std::optional<SmallVector<double>> literalFloats(Value v);

/// `dim` counted from the front, in [0, rank); nullopt if it is outside
/// [-rank, rank). For ops that take no dim of a 0-d tensor (select, ...).
std::optional<int64_t> normalizeDim(int64_t dim, int64_t rank);
/// PyTorch's dim wrapping (maybe_wrap_dim): as normalizeDim, but a 0-d
/// tensor takes dim 0 or -1 as if it had one dim. For reductions, softmax,
/// cat, ... which accept a 0-d tensor.
std::optional<int64_t> wrapDim(int64_t dim, int64_t rank);
/// A constant dim wrapped as wrapDim does; nullopt if not constant or out
/// of range.
std::optional<int64_t> constantDim(Value dim, int64_t rank);

/// The product of `sizes`, kUnknownSize if one of them is.
int64_t sizeProduct(ArrayRef<int64_t> sizes);
inline int64_t sizeProduct(int64_t a, int64_t b) {
  return sizeProduct(ArrayRef<int64_t>{a, b});
}
/// The sizes of broadcasting `a` with `b` (unknown where not static).
SmallVector<int64_t> broadcastSizes(ArrayRef<int64_t> a, ArrayRef<int64_t> b);

// --- promotion --------------------------------------------------------------

/// PyTorch's promotion category of a dtype: 0 bool, 1 integers, 2 floats,
/// 3 complex.
int dtypeCategory(Type dtype);
/// PyTorch's promoteTypes of two dtypes; null where PyTorch refuses (the
/// barebones unsigned types with signed ones, float8 with others). A null
/// dtype gives the other.
Type promoteDtypes(Type a, Type b);
/// The dtype a Python scalar operand takes in promotion (PyTorch's wrapped
/// numbers: int -> si64, float -> the default f32, bool -> i1); null if `v`
/// is not a scalar or its kind is not known (a !torch.number that is not a
/// constant).
Type wrappedScalarDtype(Value v);
/// The dtype PyTorch's result_type gives `operands` (value tensors and
/// Python scalars; null values and nones are skipped): tensors with dims,
/// then 0-d tensors, then scalars, a lower group counting only where it is
/// of a higher category. A tensor of unknown rank may be 0-d: with one, the
/// result is known only where every tensor has the same dtype and no scalar
/// is of a higher category. `scalarDtype` gives a scalar operand's dtype.
/// Null if a dtype is unknown or PyTorch refuses the mix.
Type resultDtype(ArrayRef<Value> operands,
                 function_ref<Type(Value)> scalarDtype = wrappedScalarDtype);

// --- building ---------------------------------------------------------------

/// The registered op `name` ("torch.aten.add.Tensor") of `operands`,
/// `resultTypes` and `attributes`, built at `builder`'s insertion point; null,
/// and nothing left behind, if no op has that name or this one would not
/// verify (its diagnostics are dropped: the caller keeps what it had).
Operation *createIfValid(OpBuilder &builder, Location loc, StringRef name,
                         ValueRange operands, TypeRange resultTypes,
                         ArrayRef<NamedAttribute> attributes = {});

/// Builds Torch values at the builder's insertion point, at `loc`.
class TorchBuilder {
public:
  TorchBuilder(OpBuilder &builder, Location loc) : builder(builder), loc(loc) {}

  OpBuilder &builder;
  Location loc;

  template <typename OpTy, typename... Args>
  Value create(Type result, Args &&...args) {
    return builder.create<OpTy>(loc, result, std::forward<Args>(args)...);
  }

  // Constants and types.
  Value constInt(int64_t v);
  Value constFloat(double v);
  Value constBool(bool v);
  Value constStr(StringRef v);
  Value none();
  Type intType();
  Type boolType();
  Type i64(); // si64
  Type i1();
  /// A tensor type of `sizes` with `dtype`.
  ValueTensorType tensorType(ArrayRef<int64_t> sizes, Type dtype);
  /// `type` with `dim` of size 1 (a keepdim reduction's result).
  static ValueTensorType reduced(ValueTensorType type, int64_t dim);

  // Lists.
  Value list(Type elementType, ValueRange values);
  /// A list of !torch.int values / of int constants / of tensors.
  Value sizeList(ValueRange ints);
  Value intList(ArrayRef<int64_t> values);
  Value tensorList(ValueRange tensors);

  // Run-time ints (!torch.int), folded where the operands are constants.
  Value addInt(Value a, Value c);
  Value subInt(Value a, Value c);
  Value mulInt(Value a, Value c);
  /// `a == v` as a !torch.bool.
  Value eqInt(Value a, int64_t v);
  /// `cond ? a : c` for !torch.int values, `cond` a !torch.bool.
  Value selectInt(Value cond, Value a, Value c);
  /// `x`'s size along `dim` (negative counts from the end): a constant where
  /// its type knows it, else aten.size.int.
  Value sizeOf(Value x, int64_t dim);

  // Dtypes.
  /// PyTorch's code for `dtype` as a constant (a `dtype=` operand).
  Value dtypeOf(Type dtype);
  /// `v` converted to `dtype` (itself if it has it already); null if
  /// `dtype` has no Torch dtype code.
  Value convert(Value v, Type dtype);
  /// f32 for the half-precision dtypes (f16, bf16), which products and
  /// normalizations compute in, rounding once at the end; else `dtype`.
  Type computeType(Type dtype);
  /// `v` as `type`, which knows less (or more) of its shape: itself if it
  /// has that type, else a `torch.tensor_static_info_cast`.
  Value castTo(Value v, Type type);

  // Tensors.
  /// arange(start, end) of `dtype` (si64 if null): `length` elements, or
  /// kUnknownSize when they are known only at run time.
  Value arange(Value start, Value end, int64_t length, Type dtype = nullptr);
  /// 0, 1, ..., size(x, dim) - 1 as si64.
  Value positions(Value x, int64_t dim);
  /// 0, 1, ..., size - 1 as an si64 literal along `dim` of a rank-`rank`
  /// tensor, unit dims elsewhere: positions to compare against.
  Value positionsLiteral(int64_t rank, int64_t dim, int64_t size);
  /// The 1-D (or 0-d) tensor `v` viewed with a rank of `rank`, its elements
  /// along `dim` (`size` of them), unit dims elsewhere: a per-channel tensor
  /// made to broadcast. Null if `v`'s dtype is not known.
  Value alongDim(Value v, int64_t rank, int64_t dim, int64_t size);
  /// `x` without its unit dims `dims` (sorted, ascending).
  Value squeezed(Value x, ArrayRef<int64_t> dims);
  /// `x` as a 1-D tensor (a 0-d one as [1]).
  Value flattened(Value x);

  // Control flow.
  /// A `torch.prim.Loop` of `tripCount` iterations while `condition`,
  /// carrying `inits` (as `carried`). Its body block (the iteration number,
  /// then the carried values) is made and the builder left at its start.
  std::pair<PrimLoopOp, Block *> makeLoop(Value tripCount, Value condition,
                                          ValueRange inits,
                                          ArrayRef<Type> carried);
  /// `cond ? thenValue() : elseValue()` as a `torch.prim.If` of result
  /// `type` (a !torch.bool `cond`): each value is built inside its branch,
  /// so only the one taken runs, and cast to `type`.
  Value ifElse(Value cond, Type type, function_ref<Value()> thenValue,
               function_ref<Value()> elseValue);
  /// A check at run time that `condition` (a !torch.bool) holds; if not, the
  /// compiled function fails with `message`.
  void check(Value condition, const Twine &message);
};

} // namespace mlir::torch::Torch

#endif // TORCH_MLIR_DIALECT_TORCH_BUILDER_TORCHBUILDER_H
