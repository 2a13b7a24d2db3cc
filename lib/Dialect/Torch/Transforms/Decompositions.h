//===- Decompositions.h - Shared by the torch-decompose-complex-ops files -===//
//
// The pattern base, the builder and the small queries each decomposition file
// uses, and the one populate function per file the pass calls.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHMLIR_DIALECT_TORCH_TRANSFORMS_DECOMPOSITIONS_H
#define TORCHMLIR_DIALECT_TORCH_TRANSFORMS_DECOMPOSITIONS_H

#include "mlir/IR/PatternMatch.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

#include "llvm/ADT/StringSet.h"

namespace mlir::torch::Torch::decompositions {

/// A tensor type of known sizes (some may be `?`) and dtype, else null.
inline ValueTensorType knownType(Value v) {
  auto type = dyn_cast<ValueTensorType>(v.getType());
  return type && type.hasSizes() && type.hasDtype() ? type : nullptr;
}

inline std::optional<int64_t> constantInt(Value v) {
  if (auto c = v.getDefiningOp<ConstantIntOp>())
    return c.getValueAttr().getInt();
  return std::nullopt;
}

inline std::optional<bool> constantBool(Value v) {
  if (auto c = v.getDefiningOp<ConstantBoolOp>())
    return c.getValueAttr().getValue();
  return std::nullopt;
}

inline bool isNone(Value v) { return isa<Torch::NoneType>(v.getType()); }

/// A float or int constant as a double.
inline std::optional<double> constantNumber(Value v) {
  if (auto c = v.getDefiningOp<ConstantFloatOp>())
    return c.getValueAttr().getValueAsDouble();
  if (std::optional<int64_t> i = constantInt(v))
    return static_cast<double>(*i);
  return std::nullopt;
}

/// The elements of a prim.ListConstruct of int constants.
inline std::optional<SmallVector<int64_t>> constantInts(Value list) {
  auto construct = list.getDefiningOp<PrimListConstructOp>();
  if (!construct)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (Value element : construct.getElements()) {
    std::optional<int64_t> v = constantInt(element);
    if (!v)
      return std::nullopt;
    values.push_back(*v);
  }
  return values;
}

/// The elements of a prim.ListConstruct of float or int constants.
inline std::optional<SmallVector<double>> constantNumbers(Value list) {
  auto construct = list.getDefiningOp<PrimListConstructOp>();
  if (!construct)
    return std::nullopt;
  SmallVector<double> values;
  for (Value element : construct.getElements()) {
    std::optional<double> v = constantNumber(element);
    if (!v)
      return std::nullopt;
    values.push_back(*v);
  }
  return values;
}

/// The product of `sizes`, kUnknownSize if one of them is.
inline int64_t sizeProduct(ArrayRef<int64_t> sizes) {
  int64_t product = 1;
  for (int64_t size : sizes) {
    if (size == kUnknownSize)
      return kUnknownSize;
    product *= size;
  }
  return product;
}

/// `dim` in [0, rank), or none if out of range.
inline std::optional<int64_t> normalDim(int64_t dim, int64_t rank) {
  if (dim < -rank || dim >= rank)
    return std::nullopt;
  return dim < 0 ? dim + rank : dim;
}

/// Builds Torch values at one place.
class TorchBuilder {
public:
  TorchBuilder(PatternRewriter &rewriter, Location loc)
      : rewriter(rewriter), loc(loc) {}

  Value constInt(int64_t v) {
    return rewriter.create<ConstantIntOp>(loc, rewriter.getI64IntegerAttr(v));
  }
  Value constBool(bool v) {
    return rewriter.create<ConstantBoolOp>(loc, rewriter.getBoolAttr(v));
  }
  Value constFloat(double v) {
    return rewriter.create<ConstantFloatOp>(loc, rewriter.getF64FloatAttr(v));
  }
  Value none() { return rewriter.create<ConstantNoneOp>(loc); }
  Value constStr(StringRef v) {
    return rewriter.create<ConstantStrOp>(loc, rewriter.getStringAttr(v));
  }
  Type intType() { return IntType::get(rewriter.getContext()); }
  Type i64() {
    return IntegerType::get(rewriter.getContext(), 64, IntegerType::Signed);
  }
  Type i1() { return IntegerType::get(rewriter.getContext(), 1); }
  /// Int arithmetic on !torch.int values, folded where both are constants.
  Value addInt(Value a, Value c) {
    if (auto x = constantInt(a), y = constantInt(c); x && y)
      return constInt(*x + *y);
    return rewriter.create<AtenAddIntOp>(loc, intType(), a, c);
  }
  Value subInt(Value a, Value c) {
    if (auto x = constantInt(a), y = constantInt(c); x && y)
      return constInt(*x - *y);
    return rewriter.create<AtenSubIntOp>(loc, intType(), a, c);
  }
  Value mulInt(Value a, Value c) {
    if (auto x = constantInt(a), y = constantInt(c); x && y)
      return constInt(*x * *y);
    if (constantInt(a) == 1)
      return c;
    if (constantInt(c) == 1)
      return a;
    return rewriter.create<AtenMulIntOp>(loc, intType(), a, c);
  }
  /// PyTorch's code for `dtype` as a constant (a `dtype=` operand).
  Value dtypeOf(Type dtype) { return constInt(*scalarTypeCode(dtype)); }
  /// `x` cast to `to`'s dtype (to.dtype; `to` has x's sizes).
  Value castTo(Value x, ValueTensorType to) {
    return rewriter.create<AtenToDtypeOp>(loc, to, x, dtypeOf(to.getDtype()),
                                          constBool(false), constBool(false),
                                          none());
  }
  /// arange(start, end) of `dtype` (si64 if null): `length` elements, or
  /// kUnknownSize when they are known only at run time.
  Value arange(Value start, Value end, int64_t length, Type dtype = nullptr) {
    dtype = dtype ? dtype : i64();
    return rewriter.create<AtenArangeStartStepOp>(
        loc, type({length}, dtype), start, end, constInt(1), dtypeOf(dtype),
        none(), none(), none());
  }
  /// 0, 1, ..., size(x, dim) - 1 as si64.
  Value positions(Value x, int64_t dim) {
    ArrayRef<int64_t> sizes = cast<ValueTensorType>(x.getType()).getSizes();
    int64_t length = sizes[dim < 0 ? dim + sizes.size() : dim];
    return arange(constInt(0), sizeOf(x, dim), length);
  }
  /// The 1-D (or 0-d) tensor `v` viewed with a rank of `rank`, its elements
  /// along `dim` (`size` of them, as the view's type says), unit dims
  /// elsewhere: a per-channel tensor made to broadcast. Null if `v`'s type
  /// is not known.
  Value alongDim(Value v, int64_t rank, int64_t dim, int64_t size) {
    auto t = dyn_cast<ValueTensorType>(v.getType());
    if (!t || !t.hasDtype())
      return nullptr;
    SmallVector<int64_t> sizes(rank, 1), shape(rank, 1);
    sizes[dim] = size;
    shape[dim] = -1;
    return rewriter.create<AtenViewOp>(loc, type(sizes, t.getDtype()), v,
                                       intList(shape));
  }
  /// `x` without its unit dims `dims` (sorted, ascending), squeezed from
  /// the last.
  Value squeezed(Value x, ArrayRef<int64_t> dims) {
    auto t = cast<ValueTensorType>(x.getType());
    SmallVector<int64_t> sizes(t.getSizes());
    for (int64_t d : llvm::reverse(dims)) {
      sizes.erase(sizes.begin() + d);
      x = rewriter.create<AtenSqueezeDimOp>(loc, type(sizes, t.getDtype()), x,
                                            constInt(d));
    }
    return x;
  }
  /// `x` as a 1-D tensor (a 0-d one as [1]).
  Value flattened(Value x) {
    auto t = cast<ValueTensorType>(x.getType());
    int64_t rank = t.getSizes().size();
    if (rank == 1)
      return x;
    if (rank == 0)
      return rewriter.create<AtenUnsqueezeOp>(loc, type({1}, t.getDtype()), x,
                                              constInt(0));
    return rewriter.create<AtenFlattenUsingIntsOp>(
        loc, type({sizeProduct(t.getSizes())}, t.getDtype()), x, constInt(0),
        constInt(rank - 1));
  }
  /// The [rows, cols] si64 tensor of col - row over `x`'s last two dims.
  Value columnMinusRow(Value x) {
    Value rows = positions(x, -2), cols = positions(x, -1);
    int64_t r = cast<ValueTensorType>(rows.getType()).getSizes()[0];
    int64_t c = cast<ValueTensorType>(cols.getType()).getSizes()[0];
    Value column = rewriter.create<AtenUnsqueezeOp>(loc, type({r, 1}, i64()),
                                                    rows, constInt(1));
    return rewriter.create<AtenSubTensorOp>(loc, type({r, c}, i64()), cols,
                                            column, constInt(1));
  }
  /// The bool [N, C] mask of each row's class in `target` ([N] ints) over
  /// `scores` ([N, C]), rows whose target is `ignoreIndex` all false: what
  /// nll_loss picks.
  Value classMask(Value scores, Value target, Value ignoreIndex) {
    auto t = cast<ValueTensorType>(scores.getType());
    int64_t n = t.getSizes()[0], c = t.getSizes()[1];
    Type targetDtype = cast<ValueTensorType>(target.getType()).getDtype();
    Value row = create<AtenUnsqueezeOp>(type({1, c}, i64()),
                                        positions(scores, 1), constInt(0));
    Value column =
        create<AtenUnsqueezeOp>(type({n, 1}, targetDtype), target, constInt(1));
    Value hit = create<AtenEqTensorOp>(type({n, c}, i1()), row, column);
    Value counted =
        create<AtenNeScalarOp>(type({n, 1}, i1()), column, ignoreIndex);
    return create<AtenLogicalAndOp>(type({n, c}, i1()), hit, counted);
  }
  /// A !torch.list<vtensor> of `tensors`.
  Value tensorList(ValueRange tensors) {
    return rewriter.create<PrimListConstructOp>(
        loc, ListType::get(ValueTensorType::get(rewriter.getContext())),
        tensors);
  }
  Value list(ValueRange ints) {
    return rewriter.create<PrimListConstructOp>(
        loc, ListType::get(IntType::get(rewriter.getContext())), ints);
  }
  /// `x`'s size along `dim`: a constant where its type knows it.
  Value sizeOf(Value x, int64_t dim) {
    ArrayRef<int64_t> sizes = cast<ValueTensorType>(x.getType()).getSizes();
    if (dim < 0)
      dim += sizes.size();
    if (sizes[dim] != kUnknownSize)
      return constInt(sizes[dim]);
    return rewriter.create<AtenSizeIntOp>(loc, IntType::get(x.getContext()), x,
                                          constInt(dim));
  }
  /// A tensor type of `sizes` and `dtype`.
  ValueTensorType type(ArrayRef<int64_t> sizes, Type dtype) {
    return ValueTensorType::get(rewriter.getContext(), sizes, dtype);
  }
  Value intList(ArrayRef<int64_t> values) {
    SmallVector<Value> elements;
    for (int64_t v : values)
      elements.push_back(constInt(v));
    return rewriter.create<PrimListConstructOp>(
        loc, ListType::get(IntType::get(rewriter.getContext())), elements);
  }

  /// `type` with `dim` of size 1 (a keepdim reduction's result).
  static ValueTensorType reduced(ValueTensorType type, int64_t dim) {
    SmallVector<int64_t> sizes(type.getSizes());
    sizes[dim] = 1;
    return cast<ValueTensorType>(
        type.getWithSizesAndDtype(sizes, type.getDtype()));
  }

  template <typename OpTy, typename... Args>
  Value create(Type result, Args &&...args) {
    return rewriter.create<OpTy>(loc, result, std::forward<Args>(args)...);
  }

  PatternRewriter &rewriter;
  Location loc;
};

/// Elementwise arithmetic on tensors of one type `t` (comparisons give
/// `t`'s shape in bool).
struct Elementwise {
  TorchBuilder &b;
  ValueTensorType t;

  ValueTensorType boolType() { return b.type(t.getSizes(), b.i1()); }
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
