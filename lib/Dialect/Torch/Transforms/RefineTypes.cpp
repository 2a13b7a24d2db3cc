//===- RefineTypes.cpp - Sizes and dtypes of results from operands --------===//
//
// torch-refine-types; Passes.td says what and why. One table maps each op
// class to the rule of its family (elementwise, reductions, views,
// constructors, ...); a rule reads the operands' types and constant
// arguments and says what it knows of each result. The pass applies the
// rules in program order until nothing changes, and only ever adds to a
// type: sizes where it had none, a dtype where it had none.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/Dialect/Torch/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "torch-mlir/Dialect/Torch/Builder/TorchBuilder.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/Torch/Transforms/RefineTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallSet.h"

namespace mlir::torch::Torch {
#define GEN_PASS_DEF_REFINETYPES
#include "Dialect/Torch/Transforms/Passes.h.inc"
} // namespace mlir::torch::Torch

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;

namespace {

using Sizes = SmallVector<int64_t>;

/// What is known of one tensor: its sizes (none if the rank is unknown) and
/// its dtype (null if unknown).
struct Known {
  std::optional<Sizes> sizes;
  Type dtype;

  static Known of(Value v) {
    auto t = v ? dyn_cast<ValueTensorType>(v.getType()) : nullptr;
    if (!t)
      return {};
    Known k;
    if (t.hasSizes())
      k.sizes = Sizes(t.getSizes());
    k.dtype = t.getOptionalDtype();
    return k;
  }
  bool ranked() const { return sizes.has_value(); }
  int64_t rank() const { return sizes->size(); }
};

using Results = SmallVector<Known, 1>;
using Rule = Results (*)(Operation *);

Value arg(Operation *op, unsigned i) {
  return i < op->getNumOperands() ? op->getOperand(i) : Value();
}
Known known(Operation *op, unsigned i) { return Known::of(arg(op, i)); }

// --- dtypes
// -------------------------------------------------------------------

MLIRContext *ctx(Operation *op) { return op->getContext(); }
Type si64(MLIRContext *c) {
  return IntegerType::get(c, 64, IntegerType::Signed);
}
Type i1(MLIRContext *c) { return IntegerType::get(c, 1); }
Type f32(MLIRContext *c) { return Float32Type::get(c); }

bool isBool(Type t) { return t && t.isSignlessInteger(1); }
bool isInt(Type t) { return t && isa<IntegerType>(t) && !isBool(t); }
bool isFloat(Type t) { return t && isa<mlir::FloatType>(t); }
bool isComplex(Type t) { return t && isa<ComplexType>(t); }

/// The float an integer or bool computes as (f32); floats and complex
/// stay.
Type floatOf(Type t) {
  if (!t)
    return nullptr;
  return isFloat(t) || isComplex(t) ? t : f32(t.getContext());
}
/// A complex dtype's real part; others stay.
Type realOf(Type t) {
  if (auto c = dyn_cast_or_null<ComplexType>(t))
    return c.getElementType();
  return t;
}
/// Sums and products of integers and bools give si64.
Type sumOf(Type t) { return isBool(t) || isInt(t) ? si64(t.getContext()) : t; }

/// The dtype PyTorch's ScalarType code `code` names: the inverse of
/// scalarTypeCode, over every dtype that names.
Type dtypeOfCode(MLIRContext *c, int64_t code) {
  Builder b(c);
  auto sint = [&](unsigned w) {
    return IntegerType::get(c, w, IntegerType::Signed);
  };
  auto uint = [&](unsigned w) {
    return IntegerType::get(c, w, IntegerType::Unsigned);
  };
  Type candidates[] = {uint(8),
                       sint(8),
                       sint(16),
                       sint(32),
                       sint(64),
                       b.getF16Type(),
                       b.getF32Type(),
                       b.getF64Type(),
                       ComplexType::get(b.getF32Type()),
                       ComplexType::get(b.getF64Type()),
                       b.getI1Type(),
                       b.getBF16Type(),
                       b.getFloat8E5M2Type(),
                       b.getFloat8E4M3FNType(),
                       b.getFloat8E5M2FNUZType(),
                       b.getFloat8E4M3FNUZType(),
                       uint(16),
                       uint(32),
                       uint(64),
                       uint(2),
                       uint(4),
                       sint(2),
                       sint(4)};
  for (Type t : candidates)
    if (scalarTypeCode(t) == code)
      return t;
  return nullptr;
}

/// A `dtype=` operand: the dtype it names, null for None, nullopt if it is
/// not a constant.
std::optional<Type> dtypeArg(Value v) {
  if (!v || isNone(v))
    return Type();
  std::optional<int64_t> code = constantInt(v);
  if (!code)
    return std::nullopt;
  Type t = dtypeOfCode(v.getContext(), *code);
  if (!t)
    return std::nullopt;
  return t;
}
/// The `dtype=` operand `i`'s dtype, else `otherwise` when it is None; null
/// when unknown.
Type dtypeOr(Operation *op, unsigned i, Type otherwise) {
  std::optional<Type> t = dtypeArg(arg(op, i));
  if (!t)
    return nullptr;
  return *t ? *t : otherwise;
}

// --- sizes
// --------------------------------------------------------------------

/// The elements of an int list, kUnknownSize for each that is not a
/// constant; nullopt if the list itself is not a construct.
std::optional<Sizes> intList(Value list) {
  std::optional<SmallVector<Value>> elements = listElements(list);
  if (!elements)
    return std::nullopt;
  Sizes out;
  for (Value e : *elements)
    out.push_back(constantInt(e).value_or(kUnknownSize));
  return out;
}

/// A size list where -1 stands for the one size that keeps `self`'s
/// number of elements.
std::optional<Sizes> viewSizes(const Known &self, Value list) {
  std::optional<Sizes> sizes = intList(list);
  if (!sizes)
    return std::nullopt;
  int64_t inferred = -1, product = 1;
  for (auto [i, s] : llvm::enumerate(*sizes)) {
    // A -1 written as a constant; a non-constant size is kUnknownSize too,
    // so a -1 is only trusted when it came from a constant.
    if (s == -1 && constantInt((*listElements(list))[i]) == -1) {
      inferred = i;
      continue;
    }
    product = s == kUnknownSize || product == kUnknownSize ? kUnknownSize
                                                           : product * s;
  }
  if (inferred >= 0) {
    int64_t total = self.ranked() ? sizeProduct(*self.sizes) : kUnknownSize;
    (*sizes)[inferred] =
        total == kUnknownSize || product == kUnknownSize || product == 0
            ? kUnknownSize
            : total / product;
  }
  return sizes;
}

/// The broadcast of several operands' sizes; nullopt if a rank is unknown.
std::optional<Sizes> broadcast(ArrayRef<Value> operands) {
  Sizes out;
  for (Value v : operands) {
    if (!v || isNone(v) || !isa<ValueTensorType>(v.getType()))
      continue;
    Known k = Known::of(v);
    if (!k.ranked())
      return std::nullopt;
    out = broadcastSizes(out, *k.sizes);
  }
  return out;
}

/// `sizes` reduced over `dims` (all when empty), kept as 1s if `keepdim`.
std::optional<Sizes> reduced(const Sizes &sizes, ArrayRef<int64_t> dims,
                             bool keepdim) {
  int64_t rank = sizes.size();
  SmallVector<bool> gone(rank, dims.empty());
  for (int64_t d : dims) {
    std::optional<int64_t> w = wrapDim(d, rank);
    if (!w)
      return std::nullopt;
    if (rank)
      gone[*w] = true;
  }
  Sizes out;
  for (int64_t i = 0; i < rank; ++i)
    if (!gone[i])
      out.push_back(sizes[i]);
    else if (keepdim)
      out.push_back(1);
  return out;
}

/// A reduction of `self` over the dims operand `dims` (an int, an int list,
/// or None for all), `keepdim` (operand index, or -1 for false).
std::optional<Sizes> reduction(Operation *op, Value dims, int keepdimArg) {
  Known self = known(op, 0);
  if (!self.ranked())
    return std::nullopt;
  bool keepdim = false;
  if (keepdimArg >= 0) {
    std::optional<bool> k = constantBool(arg(op, keepdimArg));
    if (!k)
      return std::nullopt;
    keepdim = *k;
  }
  SmallVector<int64_t> list;
  if (dims && !isNone(dims)) {
    if (std::optional<int64_t> d = constantInt(dims)) {
      list.push_back(*d);
    } else {
      std::optional<SmallVector<int64_t>> ds = constantInts(dims);
      if (!ds)
        return std::nullopt;
      list = *ds;
    }
  }
  return reduced(*self.sizes, list, keepdim);
}

Known tensor(std::optional<Sizes> sizes, Type dtype) {
  Known k;
  k.sizes = std::move(sizes);
  k.dtype = dtype;
  return k;
}
Results one(std::optional<Sizes> sizes, Type dtype) {
  return {tensor(std::move(sizes), dtype)};
}

// --- rules: elementwise
// -------------------------------------------------------

/// The result is operand 0's sizes and dtype.
Results sameAsSelf(Operation *op) { return {known(op, 0)}; }
/// Operand 0's sizes in the float it computes in.
Results unaryFloat(Operation *op) {
  Known k = known(op, 0);
  return one(k.sizes, floatOf(k.dtype));
}
/// Operand 0's sizes, bool.
Results unaryBool(Operation *op) {
  return one(known(op, 0).sizes, i1(ctx(op)));
}
/// Operand 0's sizes, the real part of its dtype (abs and angle of complex).
Results unaryReal(Operation *op) {
  Known k = known(op, 0);
  return one(k.sizes, realOf(k.dtype));
}
/// Operands 0 and 1 broadcast, promoted.
Results binary(Operation *op) {
  return one(broadcast({arg(op, 0), arg(op, 1)}),
             resultDtype({arg(op, 0), arg(op, 1)}));
}
/// As binary, computed in float (true division, atan2, ...).
Results binaryFloat(Operation *op) {
  return one(broadcast({arg(op, 0), arg(op, 1)}),
             floatOf(resultDtype({arg(op, 0), arg(op, 1)})));
}
/// Operands 0 and 1 broadcast, bool (comparisons, logical ops).
Results binaryBool(Operation *op) {
  return one(broadcast({arg(op, 0), arg(op, 1)}), i1(ctx(op)));
}
/// Operands 0, 1 and 2 broadcast, promoted (addcmul, lerp, clamp.Tensor).
Results ternary(Operation *op) {
  return one(broadcast({arg(op, 0), arg(op, 1), arg(op, 2)}),
             resultDtype({arg(op, 0), arg(op, 1), arg(op, 2)}));
}
/// div with rounding_mode (operand 2): true division when None.
Results divMode(Operation *op) {
  Results r = binary(op);
  if (isNone(arg(op, 2)))
    r[0].dtype = floatOf(r[0].dtype);
  return r;
}
/// where(cond, x, y): all three broadcast, x and y promoted.
Results where(Operation *op) {
  return one(broadcast({arg(op, 0), arg(op, 1), arg(op, 2)}),
             resultDtype({arg(op, 1), arg(op, 2)}));
}
/// pow(scalar, exponent).
Results powScalar(Operation *op) {
  return one(known(op, 1).sizes, resultDtype({arg(op, 0), arg(op, 1)}));
}
/// float_power computes in f64 (complex128 for complex).
Results floatPower(Operation *op) {
  Type t = resultDtype({arg(op, 0), arg(op, 1)});
  Type f64 = Float64Type::get(ctx(op));
  return one(broadcast({arg(op, 0), arg(op, 1)}),
             !t             ? t
             : isComplex(t) ? Type(ComplexType::get(f64))
                            : f64);
}
/// Self's sizes, broadcast with operand 1 (masked_fill's mask).
Results maskedFill(Operation *op) {
  return one(broadcast({arg(op, 0), arg(op, 1)}), known(op, 0).dtype);
}
/// Operand 0's sizes, operand 1's dtype (type_as, to.other).
Results typeAs(Operation *op) {
  return one(known(op, 0).sizes, known(op, 1).dtype);
}
/// Operand 0's sizes, the dtype operand `I`.
template <unsigned I> Results convertTo(Operation *op) {
  Known self = known(op, 0);
  return one(self.sizes, dtypeOr(op, I, self.dtype));
}
/// view.dtype(self, dtype): the last dim scales by the ratio of the
/// element sizes.
Results viewDtype(Operation *op) {
  Known self = known(op, 0);
  std::optional<Type> to = dtypeArg(arg(op, 1));
  if (!to || !*to)
    return one(self.sizes, nullptr);
  auto bits = [](Type t) -> int64_t {
    if (auto c = dyn_cast<ComplexType>(t))
      return 2 * c.getElementType().getIntOrFloatBitWidth();
    return t.isIntOrFloat() ? std::max<int64_t>(8, t.getIntOrFloatBitWidth())
                            : 0;
  };
  if (!self.ranked() || !self.dtype || !bits(self.dtype) || !bits(*to))
    return one(std::nullopt, *to);
  Sizes s = *self.sizes;
  int64_t from = bits(self.dtype), into = bits(*to);
  if (from != into) {
    if (s.empty())
      return one(std::nullopt, *to);
    int64_t &last = s.back();
    last = last == kUnknownSize || (last * from) % into ? kUnknownSize
                                                        : last * from / into;
  }
  return one(s, *to);
}
/// softmax and friends: operand 0's sizes; dtype operand 2 if given.
Results softmax(Operation *op) {
  Known self = known(op, 0);
  return one(self.sizes, dtypeOr(op, 2, self.dtype));
}
/// cumsum(self, dim, dtype): integers accumulate in si64.
Results cumsum(Operation *op) {
  Known self = known(op, 0);
  return one(self.sizes, dtypeOr(op, 2, sumOf(self.dtype)));
}
/// complex(real, imag).
Results makeComplex(Operation *op) {
  Type t = resultDtype({arg(op, 0), arg(op, 1)});
  return one(broadcast({arg(op, 0), arg(op, 1)}),
             isFloat(t) ? ComplexType::get(t) : Type());
}
/// An elementwise backward op (grad_output, self or output, ...): the two
/// broadcast and promoted.
Results likeGrad(Operation *op) {
  return one(broadcast({arg(op, 0), arg(op, 1)}),
             resultDtype({arg(op, 0), arg(op, 1)}));
}
/// A backward op whose gradient has the input's sizes (operand 1).
Results likeInput(Operation *op) {
  return one(known(op, 1).sizes, known(op, 0).dtype);
}

// --- rules: reductions
// --------------------------------------------------------

/// A reduction to a 0-d tensor.
Results toScalar(Operation *op) { return one(Sizes(), known(op, 0).dtype); }
Results toScalarFloat(Operation *op) {
  return one(Sizes(), realOf(floatOf(known(op, 0).dtype)));
}
/// any/all keep uint8 as uint8 and give bool otherwise.
Type anyAllDtype(Operation *op) {
  Type t = known(op, 0).dtype;
  return t && t.isUnsignedInteger(8) ? t : i1(ctx(op));
}
Results toScalarBool(Operation *op) { return one(Sizes(), anyAllDtype(op)); }
/// sum(self, dtype) / prod(self, dtype).
Results sumAll(Operation *op) {
  return one(Sizes(), dtypeOr(op, 1, sumOf(known(op, 0).dtype)));
}
/// mean(self, dtype).
Results meanAll(Operation *op) {
  return one(Sizes(), dtypeOr(op, 1, known(op, 0).dtype));
}
/// (self, dims, keepdim, dtype): sum.dim_IntList, mean.dim.
Results sumDims(Operation *op) {
  return one(reduction(op, arg(op, 1), 2),
             dtypeOr(op, 3, sumOf(known(op, 0).dtype)));
}
Results meanDims(Operation *op) {
  return one(reduction(op, arg(op, 1), 2), dtypeOr(op, 3, known(op, 0).dtype));
}
/// (self, dim(s), keepdim) keeping self's dtype: amax, amin, logsumexp.
Results keepDims(Operation *op) {
  return one(reduction(op, arg(op, 1), 2), known(op, 0).dtype);
}
Results floatDims(Operation *op) {
  return one(reduction(op, arg(op, 1), 2), floatOf(known(op, 0).dtype));
}
/// any.dim / all.dim / any.dims.
Results boolDims(Operation *op) {
  return one(reduction(op, arg(op, 1), 2), anyAllDtype(op));
}
/// argmax / argmin (self, dim?, keepdim).
Results argReduce(Operation *op) {
  return one(reduction(op, arg(op, 1), 2), si64(ctx(op)));
}
/// max.dim / min.dim / kthvalue-like (self, dim, keepdim) -> values, indices.
template <unsigned Dim, unsigned Keepdim> Results valuesIndices(Operation *op) {
  std::optional<Sizes> s = reduction(op, arg(op, Dim), Keepdim);
  return {tensor(s, known(op, 0).dtype), tensor(s, si64(ctx(op)))};
}
/// var/std: (self, dims, <unbiased or correction>, keepdim): real floats.
Results varDims(Operation *op) {
  return one(reduction(op, arg(op, 1), 3), realOf(floatOf(known(op, 0).dtype)));
}
/// var_mean.correction / var_mean.dim: two results alike.
Results varMeanDims(Operation *op) {
  std::optional<Sizes> s = reduction(op, arg(op, 1), 3);
  Type t = floatOf(known(op, 0).dtype);
  return {tensor(s, realOf(t)), tensor(s, t)};
}
Results varMeanAll(Operation *op) {
  Type t = floatOf(known(op, 0).dtype);
  return {tensor(Sizes(), realOf(t)), tensor(Sizes(), t)};
}
/// linalg_vector_norm(self, ord, dim, keepdim, dtype) and
/// norm.ScalarOpt_dim(self, p, dim, keepdim).
Results vectorNorm(Operation *op) {
  Type t = realOf(floatOf(known(op, 0).dtype));
  if (op->getNumOperands() > 4)
    t = dtypeOr(op, 4, t);
  return one(reduction(op, arg(op, 2), 3), t);
}
/// count_nonzero(self, dim?) / count_nonzero.dim_IntList.
Results countNonzero(Operation *op) {
  return one(reduction(op, arg(op, 1), -1), si64(ctx(op)));
}
/// prims.sum / prims.prod / prims.var (inp, dims, ..., output_dtype).
Results primsReduce(Operation *op) {
  Known self = known(op, 0);
  Type t = dtypeOr(op, op->getNumOperands() - 1, self.dtype);
  return one(reduction(op, arg(op, 1), -1), t);
}
/// trace: a 0-d sum of the diagonal.
Results trace(Operation *op) { return one(Sizes(), sumOf(known(op, 0).dtype)); }

// --- rules: linear algebra
// ----------------------------------------------------

/// mm(a [n,k], b [k,m]) -> [n,m]; bmm likewise with a batch.
Results mm(Operation *op) {
  Known a = known(op, 0), b = known(op, 1);
  std::optional<Sizes> s;
  if (a.ranked() && b.ranked() && a.rank() >= 2 && a.rank() == b.rank()) {
    s = Sizes(a.sizes->begin(), a.sizes->end() - 1);
    s->push_back(b.sizes->back());
  }
  return one(s, resultDtype({arg(op, 0), arg(op, 1)}));
}
/// matmul's general broadcasting product.
Results matmul(Operation *op) {
  Known a = known(op, 0), b = known(op, 1);
  Type t = resultDtype({arg(op, 0), arg(op, 1)});
  if (!a.ranked() || !b.ranked() || !a.rank() || !b.rank())
    return one(std::nullopt, t);
  Sizes x = *a.sizes, y = *b.sizes;
  bool vecA = x.size() == 1, vecB = y.size() == 1;
  if (vecA)
    x.insert(x.begin(), 1);
  if (vecB)
    y.push_back(1);
  Sizes batch = broadcastSizes(ArrayRef<int64_t>(x).drop_back(2),
                               ArrayRef<int64_t>(y).drop_back(2));
  Sizes out = batch;
  if (!vecA)
    out.push_back(x[x.size() - 2]);
  if (!vecB)
    out.push_back(y.back());
  return one(out, t);
}
/// linear(input [..., k], weight [m, k] or [k], bias).
Results linear(Operation *op) {
  Known x = known(op, 0), w = known(op, 1);
  std::optional<Sizes> s;
  if (x.ranked() && w.ranked() && x.rank() >= 1) {
    s = Sizes(x.sizes->begin(), x.sizes->end() - 1);
    if (w.rank() == 2)
      s->push_back((*w.sizes)[0]);
  }
  return one(s, resultDtype({arg(op, 0), arg(op, 1)}));
}
/// addmm(self, a, b) / baddbmm(self, a, b): the product's sizes.
Results addmm(Operation *op) {
  Known a = known(op, 1), b = known(op, 2);
  std::optional<Sizes> s;
  if (a.ranked() && b.ranked() && a.rank() >= 2 && a.rank() == b.rank()) {
    s = Sizes(a.sizes->begin(), a.sizes->end() - 1);
    s->push_back(b.sizes->back());
  }
  return one(s, resultDtype({arg(op, 0), arg(op, 1), arg(op, 2)}));
}
/// mv(a [n,k], v [k]) -> [n].
Results mv(Operation *op) {
  Known a = known(op, 0);
  return one(a.ranked() && a.rank() == 2
                 ? std::optional<Sizes>(Sizes{(*a.sizes)[0]})
                 : std::nullopt,
             resultDtype({arg(op, 0), arg(op, 1)}));
}
Results dot(Operation *op) {
  return one(Sizes(), resultDtype({arg(op, 0), arg(op, 1)}));
}
/// outer(a [n], b [m]) -> [n, m].
Results outer(Operation *op) {
  Known a = known(op, 0), b = known(op, 1);
  std::optional<Sizes> s;
  if (a.ranked() && b.ranked() && a.rank() == 1 && b.rank() == 1)
    s = Sizes{(*a.sizes)[0], (*b.sizes)[0]};
  return one(s, resultDtype({arg(op, 0), arg(op, 1)}));
}
/// einsum(equation, tensors, path): each output letter's size (a letter of
/// size 1 in one operand broadcasts), the ellipsis's dims broadcast across
/// operands; without `->`, the ellipsis then the letters used once, sorted.
Results einsum(Operation *op) {
  std::optional<StringRef> equation = constantString(arg(op, 0));
  std::optional<SmallVector<Value>> tensors = listElements(arg(op, 1));
  if (!equation || !tensors)
    return one(std::nullopt, nullptr);
  Type dtype = resultDtype(*tensors);
  std::string text;
  for (char c : *equation)
    if (c != ' ')
      text.push_back(c);
  StringRef lhs = text, rhs;
  bool explicitOutput = lhs.contains("->");
  if (explicitOutput)
    std::tie(lhs, rhs) = lhs.split("->");
  SmallVector<StringRef> terms;
  lhs.split(terms, ',');
  if (terms.size() != tensors->size())
    return one(std::nullopt, dtype);
  auto merge = [](int64_t a, int64_t b) {
    return a == 1 ? b : b == 1 ? a : a == kUnknownSize ? b : a;
  };
  llvm::DenseMap<char, int64_t> sizes;
  llvm::DenseMap<char, int> uses;
  std::optional<Sizes> ellipsis;
  for (auto [term, tensor] : llvm::zip(terms, *tensors)) {
    Known k = Known::of(tensor);
    if (!k.ranked())
      return one(std::nullopt, dtype);
    size_t dots = term.find("...");
    int64_t letters = term.size() - (dots == StringRef::npos ? 0 : 3);
    int64_t spread = k.rank() - letters;
    if (spread < 0 || (dots == StringRef::npos && spread != 0))
      return one(std::nullopt, dtype);
    int64_t dim = 0;
    for (size_t i = 0; i < term.size();) {
      if (i == dots) {
        Sizes part(k.sizes->begin() + dim, k.sizes->begin() + dim + spread);
        ellipsis = ellipsis ? broadcastSizes(*ellipsis, part) : part;
        dim += spread;
        i += 3;
        continue;
      }
      char c = term[i++];
      int64_t n = (*k.sizes)[dim++];
      auto [it, fresh] = sizes.try_emplace(c, n);
      if (!fresh)
        it->second = merge(it->second, n);
      ++uses[c];
    }
  }
  Sizes out;
  if (!explicitOutput) {
    if (ellipsis)
      out = *ellipsis;
    SmallVector<char> once;
    for (auto [c, n] : uses)
      if (n == 1)
        once.push_back(c);
    llvm::sort(once);
    for (char c : once)
      out.push_back(sizes[c]);
    return one(out, dtype);
  }
  for (size_t i = 0; i < rhs.size();) {
    if (rhs.substr(i).starts_with("...")) {
      if (ellipsis)
        out.append(ellipsis->begin(), ellipsis->end());
      i += 3;
      continue;
    }
    auto it = sizes.find(rhs[i++]);
    if (it == sizes.end())
      return one(std::nullopt, dtype);
    out.push_back(it->second);
  }
  return one(out, dtype);
}

// --- rules: views and data movement
// -------------------------------------------

/// view / reshape (self, sizes).
Results view(Operation *op) {
  Known self = known(op, 0);
  return one(viewSizes(self, arg(op, 1)), self.dtype);
}
/// expand / broadcast_to (self, sizes): -1 keeps self's size.
Results expand(Operation *op) {
  Known self = known(op, 0);
  std::optional<Sizes> s = intList(arg(op, 1));
  if (s) {
    std::optional<SmallVector<Value>> elements = listElements(arg(op, 1));
    int64_t offset = s->size() - (self.ranked() ? self.rank() : 0);
    for (auto [i, v] : llvm::enumerate(*elements)) {
      if (constantInt(v) != -1)
        continue;
      int64_t j = i - offset;
      (*s)[i] = self.ranked() && j >= 0 ? (*self.sizes)[j] : kUnknownSize;
    }
  }
  return one(s, self.dtype);
}
/// expand_as / reshape_as / broadcast to another tensor's sizes.
Results asOther(Operation *op) {
  return one(known(op, 1).sizes, known(op, 0).dtype);
}
/// The sizes of self with a rule applied when its rank is known.
template <typename F> Results withSizes(Operation *op, F f) {
  Known self = known(op, 0);
  std::optional<Sizes> s;
  if (self.ranked())
    s = f(*self.sizes);
  return one(s, self.dtype);
}
Results flatten(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    int64_t rank = s.size();
    std::optional<int64_t> start = constantDim(arg(op, 1), rank),
                           end = constantDim(arg(op, 2), rank);
    if (!start || !end || *start > *end)
      return std::nullopt;
    if (rank == 0)
      return Sizes{1};
    Sizes out(s.begin(), s.begin() + *start);
    out.push_back(
        sizeProduct(ArrayRef<int64_t>(s).slice(*start, *end - *start + 1)));
    out.append(s.begin() + *end + 1, s.end());
    return out;
  });
}
Results unflatten(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> dim = constantDim(arg(op, 1), s.size());
    std::optional<Sizes> parts = intList(arg(op, 2));
    if (!dim || !parts)
      return std::nullopt;
    int64_t known = 1, inferred = -1;
    for (auto [i, p] : llvm::enumerate(*parts)) {
      if (p == -1 && constantInt((*listElements(arg(op, 2)))[i]) == -1)
        inferred = i;
      else
        known = p == kUnknownSize || known == kUnknownSize ? kUnknownSize
                                                           : known * p;
    }
    if (inferred >= 0)
      (*parts)[inferred] =
          s[*dim] == kUnknownSize || known == kUnknownSize || known == 0
              ? kUnknownSize
              : s[*dim] / known;
    Sizes out(s.begin(), s.begin() + *dim);
    out.append(*parts);
    out.append(s.begin() + *dim + 1, s.end());
    return out;
  });
}
Results squeezeAll(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    Sizes out;
    for (int64_t x : s) {
      if (x == kUnknownSize)
        return std::nullopt;
      if (x != 1)
        out.push_back(x);
    }
    return out;
  });
}
/// squeeze.dim(self, dim) and squeeze.dims / prims.squeeze (self, dims).
Results squeezeDims(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    SmallVector<int64_t> dims;
    if (std::optional<int64_t> d = constantInt(arg(op, 1)))
      dims.push_back(*d);
    else if (std::optional<SmallVector<int64_t>> ds = constantInts(arg(op, 1)))
      dims = *ds;
    else
      return std::nullopt;
    SmallVector<bool> drop(s.size(), false);
    for (int64_t d : dims) {
      std::optional<int64_t> w = wrapDim(d, s.size());
      if (!w)
        return std::nullopt;
      if (s.empty())
        continue;
      if (s[*w] == kUnknownSize)
        return std::nullopt;
      drop[*w] = s[*w] == 1;
    }
    Sizes out;
    for (auto [i, x] : llvm::enumerate(s))
      if (!drop[i])
        out.push_back(x);
    return out;
  });
}
Results unsqueeze(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> d = constantInt(arg(op, 1));
    int64_t rank = s.size() + 1;
    if (!d || *d < -rank || *d >= rank)
      return std::nullopt;
    s.insert(s.begin() + (*d < 0 ? *d + rank : *d), 1);
    return s;
  });
}
Results transpose(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> a = constantDim(arg(op, 1), s.size()),
                           b = constantDim(arg(op, 2), s.size());
    if (!a || !b)
      return std::nullopt;
    if (!s.empty())
      std::swap(s[*a], s[*b]);
    return s;
  });
}
/// t / numpy_T: the dims reversed (t takes rank <= 2).
Results reversed(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::reverse(s.begin(), s.end());
    return s;
  });
}
Results permute(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<SmallVector<int64_t>> dims = constantInts(arg(op, 1));
    if (!dims || dims->size() != s.size())
      return std::nullopt;
    Sizes out;
    for (int64_t d : *dims) {
      std::optional<int64_t> w = normalizeDim(d, s.size());
      if (!w)
        return std::nullopt;
      out.push_back(s[*w]);
    }
    return out;
  });
}
Results movedim(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> from = constantDim(arg(op, 1), s.size()),
                           to = constantDim(arg(op, 2), s.size());
    if (!from || !to)
      return std::nullopt;
    if (s.empty())
      return s;
    int64_t x = s[*from];
    s.erase(s.begin() + *from);
    s.insert(s.begin() + *to, x);
    return s;
  });
}
/// select.int(self, dim, index): the dim goes.
Results select(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> d = constantDim(arg(op, 1), s.size());
    if (!d || s.empty())
      return std::nullopt;
    s.erase(s.begin() + *d);
    return s;
  });
}
/// The length of [start, end) by `step` within a dim of `size`, PyTorch's
/// clamping of out-of-range bounds included.
int64_t sliceLength(int64_t size, std::optional<int64_t> start,
                    std::optional<int64_t> end, int64_t step) {
  if (size == kUnknownSize || step <= 0)
    return kUnknownSize;
  auto clampBound = [&](int64_t v) {
    if (v < 0)
      v += size;
    return std::min(std::max<int64_t>(v, 0), size);
  };
  int64_t b = clampBound(start.value_or(0));
  int64_t e = clampBound(end.value_or(size));
  return e <= b ? 0 : (e - b + step - 1) / step;
}
/// slice.Tensor(self, dim, start?, end?, step).
Results slice(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> d = constantDim(arg(op, 1), s.size());
    std::optional<int64_t> step = constantInt(arg(op, 4));
    if (!d || s.empty())
      return std::nullopt;
    std::optional<int64_t> start = isNone(arg(op, 2))
                                       ? std::optional<int64_t>(0)
                                       : constantInt(arg(op, 2));
    std::optional<int64_t> end = isNone(arg(op, 3))
                                     ? std::optional<int64_t>(INT64_MAX)
                                     : constantInt(arg(op, 3));
    s[*d] = start && end && step ? sliceLength(s[*d], start, end, *step)
                                 : kUnknownSize;
    return s;
  });
}
/// narrow(self, dim, start, length).
Results narrow(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> d = constantDim(arg(op, 1), s.size());
    if (!d || s.empty())
      return std::nullopt;
    s[*d] = constantInt(arg(op, 3)).value_or(kUnknownSize);
    return s;
  });
}
/// repeat(self, repeats) and tile(self, dims).
Results repeat(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<Sizes> r = intList(arg(op, 1));
    if (!r)
      return std::nullopt;
    bool isTile = isa<AtenTileOp>(op);
    if (r->size() < s.size()) {
      if (!isTile)
        return std::nullopt;
      r->insert(r->begin(), s.size() - r->size(), 1);
    }
    Sizes out = *r;
    int64_t offset = r->size() - s.size();
    for (auto [i, x] : llvm::enumerate(s))
      out[i + offset] = sizeProduct(x, (*r)[i + offset]);
    return out;
  });
}
/// diagonal(self, offset, dim1, dim2).
Results diagonal(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> offset = constantInt(arg(op, 1));
    std::optional<int64_t> a = constantDim(arg(op, 2), s.size()),
                           b = constantDim(arg(op, 3), s.size());
    if (!offset || !a || !b || *a == *b)
      return std::nullopt;
    int64_t n = kUnknownSize;
    if (s[*a] != kUnknownSize && s[*b] != kUnknownSize)
      n = std::max<int64_t>(0, *offset >= 0 ? std::min(s[*a], s[*b] - *offset)
                                            : std::min(s[*a] + *offset, s[*b]));
    Sizes out;
    for (auto [i, x] : llvm::enumerate(s))
      if ((int64_t)i != *a && (int64_t)i != *b)
        out.push_back(x);
    out.push_back(n);
    return out;
  });
}
/// unfold(self, dimension, size, step): the dim becomes the window count,
/// and a dim of `size` is appended.
Results unfold(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> d = constantDim(arg(op, 1), s.size());
    std::optional<int64_t> size = constantInt(arg(op, 2)),
                           step = constantInt(arg(op, 3));
    if (!d || !size || !step || *step <= 0)
      return std::nullopt;
    if (s.empty()) {
      s.push_back(*size);
      return s;
    }
    s[*d] = s[*d] == kUnknownSize ? kUnknownSize : (s[*d] - *size) / *step + 1;
    s.push_back(*size);
    return s;
  });
}
/// atleast_1d / atleast_2d.
template <int64_t N> Results atLeast(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    if (s.size() < N)
      s.insert(s.begin(), N - s.size(), 1);
    return s;
  });
}
/// pad / constant_pad_nd / reflection_pad / replication_pad (self, pad):
/// pairs of (before, after) from the last dim backwards.
Results pad(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<Sizes> p = intList(arg(op, 1));
    if (!p || p->size() % 2 || p->size() / 2 > s.size())
      return std::nullopt;
    for (size_t i = 0; i < p->size() / 2; ++i) {
      int64_t &x = s[s.size() - 1 - i];
      int64_t lo = (*p)[2 * i], hi = (*p)[2 * i + 1];
      x = x == kUnknownSize || lo == kUnknownSize || hi == kUnknownSize
              ? kUnknownSize
              : x + lo + hi;
    }
    return s;
  });
}
/// pixel_shuffle(self, r): [..., C, H, W] -> [..., C/r^2, H*r, W*r].
template <bool Shuffle> Results pixelShuffle(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> r = constantInt(arg(op, 1));
    if (!r || s.size() < 3 || *r <= 0)
      return std::nullopt;
    int64_t &c = s[s.size() - 3], &h = s[s.size() - 2], &w = s[s.size() - 1];
    auto scale = [&](int64_t x, int64_t num, int64_t den) {
      return x == kUnknownSize ? kUnknownSize : x * num / den;
    };
    if (Shuffle) {
      c = scale(c, 1, *r * *r), h = scale(h, *r, 1), w = scale(w, *r, 1);
    } else {
      c = scale(c, *r * *r, 1), h = scale(h, 1, *r), w = scale(w, 1, *r);
    }
    return s;
  });
}
/// view_as_real adds a trailing 2; view_as_complex drops it.
Results viewAsReal(Operation *op) {
  Known self = known(op, 0);
  if (self.ranked())
    self.sizes->push_back(2);
  return one(self.sizes, realOf(self.dtype));
}
Results viewAsComplex(Operation *op) {
  Known self = known(op, 0);
  if (self.ranked() && self.rank())
    self.sizes->pop_back();
  return one(self.sizes,
             isFloat(self.dtype) ? ComplexType::get(self.dtype) : Type());
}
/// prims.split_dim(a, dim, outer_length).
Results splitDim(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> d = constantDim(arg(op, 1), s.size());
    std::optional<int64_t> outer = constantInt(arg(op, 2));
    if (!d || s.empty())
      return std::nullopt;
    int64_t o = outer.value_or(kUnknownSize);
    int64_t inner = s[*d] == kUnknownSize || o == kUnknownSize || o == 0
                        ? kUnknownSize
                        : s[*d] / o;
    s[*d] = inner;
    s.insert(s.begin() + *d, o);
    return s;
  });
}
/// rot90(self, k, dims): odd k swaps the two dims.
Results rot90(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> k = constantInt(arg(op, 1));
    std::optional<SmallVector<int64_t>> dims = constantInts(arg(op, 2));
    if (!k || !dims || dims->size() != 2)
      return std::nullopt;
    std::optional<int64_t> a = normalizeDim((*dims)[0], s.size()),
                           b = normalizeDim((*dims)[1], s.size());
    if (!a || !b)
      return std::nullopt;
    if (((*k % 4) + 4) % 2)
      std::swap(s[*a], s[*b]);
    return s;
  });
}

/// cat(tensors, dim) and stack(tensors, dim).
template <bool Stack> Results join(Operation *op) {
  std::optional<SmallVector<Value>> tensors = listElements(arg(op, 0));
  if (!tensors || tensors->empty())
    return {};
  // The tensors' dtypes promoted (cat takes no 0-d tensors, and stack's
  // are unsqueezed first, so all count as tensors with dims).
  Type dtype;
  for (Value t : *tensors) {
    Type d = Known::of(t).dtype;
    dtype = d ? promoteDtypes(dtype, d) : nullptr;
    if (!dtype)
      break;
  }
  std::optional<Sizes> out;
  for (Value t : *tensors) {
    Known k = Known::of(t);
    if (!k.ranked())
      return one(std::nullopt, dtype);
    // cat skips legacy empty [0] tensors.
    if (!Stack && k.rank() == 1 && (*k.sizes)[0] == 0 && tensors->size() > 1)
      continue;
    if (!out) {
      out = k.sizes;
      continue;
    }
    if (k.rank() != (int64_t)out->size())
      return one(std::nullopt, dtype);
  }
  if (!out)
    return one(std::nullopt, dtype);
  int64_t rank = out->size() + (Stack ? 1 : 0);
  std::optional<int64_t> d = constantDim(arg(op, 1), rank);
  if (!d)
    return one(std::nullopt, dtype);
  if (Stack) {
    out->insert(out->begin() + *d, tensors->size());
    return one(out, dtype);
  }
  int64_t total = 0;
  for (Value t : *tensors) {
    Known k = Known::of(t);
    if (k.rank() == 1 && (*k.sizes)[0] == 0 && out->size() != 1)
      continue;
    int64_t x = (*k.sizes)[*d];
    total =
        x == kUnknownSize || total == kUnknownSize ? kUnknownSize : total + x;
  }
  (*out)[*d] = total;
  return one(out, dtype);
}

/// index_select(self, dim, index): the dim takes the index's length.
Results indexSelect(Operation *op) {
  Known index = known(op, 2);
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> d = constantDim(arg(op, 1), s.size());
    if (!d)
      return std::nullopt;
    if (!s.empty())
      s[*d] = index.ranked() && index.rank() == 1   ? (*index.sizes)[0]
              : index.ranked() && index.rank() == 0 ? 1
                                                    : kUnknownSize;
    return s;
  });
}
/// gather(self, dim, index): the index's sizes.
Results gather(Operation *op) {
  return one(known(op, 2).sizes, known(op, 0).dtype);
}
/// embedding(weight [n, d], indices) -> indices' sizes + [d].
Results embedding(Operation *op) {
  Known w = known(op, 0), idx = known(op, 1);
  std::optional<Sizes> s;
  if (w.ranked() && w.rank() == 2 && idx.ranked()) {
    s = *idx.sizes;
    s->push_back((*w.sizes)[1]);
  }
  return one(s, w.dtype);
}
/// index.Tensor(self, indices): the index tensors broadcast together; they
/// replace the dims they index, in place if adjacent, else in front.
Results indexTensor(Operation *op) {
  Known self = known(op, 0);
  std::optional<SmallVector<Value>> indices = listElements(arg(op, 1));
  if (!self.ranked() || !indices || indices->size() > (size_t)self.rank())
    return one(std::nullopt, self.dtype);
  Sizes indexed;
  int64_t first = -1, last = -1;
  bool adjacent = true;
  for (auto [i, v] : llvm::enumerate(*indices)) {
    if (isNone(v))
      continue;
    Known k = Known::of(v);
    if (!k.ranked() || isBool(k.dtype) ||
        (k.dtype && k.dtype.isUnsignedInteger(8)))
      return one(std::nullopt, self.dtype);
    indexed = broadcastSizes(indexed, *k.sizes);
    if (first < 0)
      first = i;
    else if (last != (int64_t)i - 1)
      adjacent = false;
    last = i;
  }
  if (first < 0)
    return {known(op, 0)};
  Sizes out;
  const Sizes &s = *self.sizes;
  if (adjacent) {
    out.append(s.begin(), s.begin() + first);
    out.append(indexed);
    out.append(s.begin() + last + 1, s.end());
  } else {
    out = indexed;
    for (auto [i, x] : llvm::enumerate(s))
      if (i >= indices->size() || isNone((*indices)[i]))
        out.push_back(x);
  }
  return one(out, self.dtype);
}
/// index_put and the scatters: self's sizes and dtype.
Results likeSelf(Operation *op) { return {known(op, 0)}; }

/// topk(self, k, dim, ...) -> values, indices.
Results topk(Operation *op) {
  Known self = known(op, 0);
  std::optional<Sizes> s;
  if (self.ranked()) {
    std::optional<int64_t> d = constantDim(arg(op, 2), self.rank());
    if (d) {
      s = *self.sizes;
      if (!s->empty())
        (*s)[*d] = constantInt(arg(op, 1)).value_or(kUnknownSize);
    }
  }
  return {tensor(s, self.dtype), tensor(s, si64(ctx(op)))};
}
/// sort -> values, indices of self's sizes.
Results sort(Operation *op) {
  Known self = known(op, 0);
  return {self, tensor(self.sizes, si64(ctx(op)))};
}
Results argsort(Operation *op) {
  return one(known(op, 0).sizes, si64(ctx(op)));
}
/// The pieces a list-producing op's `prim.ListUnpack` takes apart:
/// split.Tensor (size), split_with_sizes / split.sizes (sizes), unbind.int,
/// chunk (count).
Results unpack(Operation *op) {
  Value list = arg(op, 0);
  Operation *producer = list.getDefiningOp();
  unsigned n = op->getNumResults();
  if (auto construct = dyn_cast_or_null<PrimListConstructOp>(producer)) {
    Results out;
    for (Value element : construct.getElements())
      out.push_back(Known::of(element));
    return out;
  }
  if (!isa_and_nonnull<AtenSplitTensorOp, AtenSplitCopyTensorOp,
                       AtenSplitWithSizesOp, AtenSplitSizesOp,
                       AtenSplitWithSizesCopyOp, AtenChunkOp, AtenUnbindIntOp,
                       AtenUnbindCopyIntOp>(producer))
    return {};
  Known self = Known::of(producer->getOperand(0));
  Results out(n, tensor(std::nullopt, self.dtype));
  if (!self.ranked())
    return out;
  auto along = [&](Value dimValue, auto sizeOf) {
    std::optional<int64_t> d = constantDim(dimValue, self.rank());
    if (!d || !self.rank())
      return;
    for (unsigned i = 0; i < n; ++i) {
      Sizes s = *self.sizes;
      s[*d] = sizeOf(i, s[*d]);
      out[i].sizes = s;
    }
  };
  if (isa<AtenSplitTensorOp, AtenSplitCopyTensorOp>(producer)) {
    std::optional<int64_t> size = constantInt(producer->getOperand(1));
    along(producer->getOperand(2), [&](unsigned i, int64_t total) {
      if (!size || total == kUnknownSize)
        return kUnknownSize;
      return std::min(*size, total - (int64_t)i * *size);
    });
  } else if (isa<AtenSplitWithSizesOp, AtenSplitSizesOp,
                 AtenSplitWithSizesCopyOp>(producer)) {
    std::optional<Sizes> sizes = intList(producer->getOperand(1));
    along(producer->getOperand(2), [&](unsigned i, int64_t) {
      return sizes && i < sizes->size() ? (*sizes)[i] : kUnknownSize;
    });
  } else if (isa<AtenChunkOp>(producer)) {
    std::optional<int64_t> chunks = constantInt(producer->getOperand(1));
    along(producer->getOperand(2), [&](unsigned i, int64_t total) {
      if (!chunks || *chunks <= 0 || total == kUnknownSize)
        return kUnknownSize;
      int64_t size = (total + *chunks - 1) / *chunks;
      return std::min(size, total - (int64_t)i * size);
    });
  } else if (isa<AtenUnbindIntOp, AtenUnbindCopyIntOp>(producer)) {
    std::optional<int64_t> d =
        constantDim(producer->getOperand(1), self.rank());
    if (d && self.rank())
      for (unsigned i = 0; i < n; ++i) {
        Sizes s = *self.sizes;
        s.erase(s.begin() + *d);
        out[i].sizes = s;
      }
  } else {
    return {};
  }
  return out;
}

// --- rules: constructors
// ------------------------------------------------------

/// zeros / ones / empty / rand / randn (size, dtype, ...): default f32.
Results fromSize(Operation *op) {
  return one(intList(arg(op, 0)), dtypeOr(op, 1, f32(ctx(op))));
}
/// randn.generator(size, generator, dtype, ...).
Results fromSizeAfterGenerator(Operation *op) {
  return one(intList(arg(op, 0)), dtypeOr(op, 2, f32(ctx(op))));
}
/// empty_strided / empty_permuted (size, stride|layout, dtype).
Results fromSizeSkipOne(Operation *op) {
  return one(intList(arg(op, 0)), dtypeOr(op, 2, f32(ctx(op))));
}
/// full(size, fill_value, dtype): the fill value's kind when no dtype.
Results full(Operation *op) {
  Type fill = wrappedScalarDtype(arg(op, 1));
  return one(intList(arg(op, 0)), dtypeOr(op, 2, fill));
}
/// randint(high, size, dtype) / randint.low(low, high, size, dtype).
template <unsigned SizeArg> Results randint(Operation *op) {
  return one(intList(arg(op, SizeArg)),
             dtypeOr(op, SizeArg + 1, si64(ctx(op))));
}
/// new_zeros / new_ones / new_empty (self, size, dtype): self's dtype when
/// none is given.
Results newFromSize(Operation *op) {
  return one(intList(arg(op, 1)), dtypeOr(op, 2, known(op, 0).dtype));
}
/// new_full(self, size, fill_value, dtype) / new_empty_strided(self, size,
/// stride, dtype).
Results newFromSizeSkipOne(Operation *op) {
  return one(intList(arg(op, 1)), dtypeOr(op, 3, known(op, 0).dtype));
}
/// zeros_like & co (self, dtype, ...).
Results like(Operation *op) {
  Known self = known(op, 0);
  return one(self.sizes, dtypeOr(op, 1, self.dtype));
}
/// full_like(self, fill_value, dtype, ...).
Results fullLike(Operation *op) {
  Known self = known(op, 0);
  return one(self.sizes, dtypeOr(op, 2, self.dtype));
}
/// arange(end) / arange.start(start, end) / arange.start_step(start, end,
/// step): si64 if every bound is an int, else f32; the length from
/// constants.
Results arange(Operation *op) {
  unsigned bounds = isa<AtenArangeOp>(op)        ? 1
                    : isa<AtenArangeStartOp>(op) ? 2
                                                 : 3;
  // si64 if every bound is an int, f32 if one is a float; unknown if a
  // bound's kind is.
  Type fallback = si64(ctx(op));
  for (unsigned i = 0; i < bounds; ++i) {
    Type t = wrappedScalarDtype(arg(op, i));
    if (!t) {
      fallback = nullptr;
      break;
    }
    if (isFloat(t))
      fallback = f32(ctx(op));
  }
  std::optional<double> start =
      bounds == 1 ? std::optional<double>(0) : constantNumber(arg(op, 0));
  std::optional<double> end = constantNumber(arg(op, bounds == 1 ? 0 : 1));
  std::optional<double> step =
      bounds == 3 ? constantNumber(arg(op, 2)) : std::optional<double>(1);
  int64_t length = kUnknownSize;
  if (start && end && step && *step != 0)
    length = std::max<int64_t>(
        0, static_cast<int64_t>(std::ceil((*end - *start) / *step)));
  return one(Sizes{length}, dtypeOr(op, bounds, fallback));
}
/// linspace(start, end, steps, dtype).
Results linspace(Operation *op) {
  return one(Sizes{constantInt(arg(op, 2)).value_or(kUnknownSize)},
             dtypeOr(op, 3, f32(ctx(op))));
}
/// eye(n, dtype) / eye.m(n, m, dtype).
Results eye(Operation *op) {
  bool square = isa<AtenEyeOp>(op);
  int64_t n = constantInt(arg(op, 0)).value_or(kUnknownSize);
  int64_t m = square ? n : constantInt(arg(op, 1)).value_or(kUnknownSize);
  return one(Sizes{n, m}, dtypeOr(op, square ? 1 : 2, f32(ctx(op))));
}
/// scalar_tensor(s, dtype): 0-d, the default f32 unless given.
Results scalarTensor(Operation *op) {
  return one(Sizes(), dtypeOr(op, 1, f32(ctx(op))));
}
/// tensor.int / tensor.float / tensor.bool (t, dtype).
Results tensorOfScalar(Operation *op) {
  return one(Sizes(), dtypeOr(op, 1, wrappedScalarDtype(arg(op, 0))));
}
/// prim.NumToTensor.Scalar: 0-d, ints si64, floats f64, bools i1.
Results numToTensor(Operation *op) {
  Value v = arg(op, 0);
  Type t = wrappedScalarDtype(v);
  if (t && isFloat(t))
    t = Float64Type::get(ctx(op));
  return one(Sizes(), t);
}
/// _shape_as_tensor(self): [rank] si64.
Results shapeAsTensor(Operation *op) {
  Known self = known(op, 0);
  return one(self.ranked() ? std::optional<Sizes>(Sizes{self.rank()})
                           : std::nullopt,
             si64(ctx(op)));
}
/// one_hot(self, num_classes): self's sizes + [num_classes], si64.
Results oneHot(Operation *op) {
  Known self = known(op, 0);
  std::optional<int64_t> n = constantInt(arg(op, 1));
  if (self.ranked())
    self.sizes->push_back(n && *n >= 0 ? *n : kUnknownSize);
  return one(self.sizes, si64(ctx(op)));
}
/// bucketize.Tensor(self, boundaries, out_int32, right).
Results bucketize(Operation *op) {
  std::optional<bool> i32 = constantBool(arg(op, 2));
  Type t = !i32   ? Type()
           : *i32 ? Type(IntegerType::get(ctx(op), 32, IntegerType::Signed))
                  : si64(ctx(op));
  return one(known(op, 0).sizes, t);
}

// --- rules: neural networks
// ---------------------------------------------------

/// The output size of a window of `kernel` (dilated) over `in` padded by
/// `pad` on both sides, by `stride`.
int64_t windows(int64_t in, int64_t kernel, int64_t stride, int64_t pad,
                int64_t dilation, bool ceil) {
  if (in == kUnknownSize || kernel == kUnknownSize || stride <= 0)
    return kUnknownSize;
  int64_t span = in + 2 * pad - dilation * (kernel - 1) - 1;
  int64_t out = (ceil ? (span + stride - 1) / stride : span / stride) + 1;
  // With ceil_mode, a last window starting in the right padding is dropped.
  if (ceil && (out - 1) * stride >= in + pad)
    --out;
  return out;
}
/// An int list operand of `n` entries (one entry repeats), else nullopt.
std::optional<Sizes> perDim(Value list, size_t n, int64_t otherwise) {
  std::optional<Sizes> v = intList(list);
  if (!v)
    return std::nullopt;
  if (v->empty())
    return Sizes(n, otherwise);
  if (v->size() == 1)
    return Sizes(n, (*v)[0]);
  if (v->size() != n)
    return std::nullopt;
  return v;
}
/// convolution(input, weight, bias, stride, padding, dilation, transposed,
/// output_padding, groups) and the conv*d forms (input, weight, bias,
/// stride, padding, dilation, groups) and conv_transpose*d (input, weight,
/// bias, stride, padding, output_padding, groups, dilation).
Results convolution(Operation *op) {
  Known x = known(op, 0), w = known(op, 1);
  Type t = resultDtype({arg(op, 0), arg(op, 1)});
  if (!x.ranked() || !w.ranked() || x.rank() < 3 || w.rank() != x.rank())
    return one(std::nullopt, t);
  size_t n = x.rank() - 2;
  bool transposed = false;
  unsigned dilationArg = 5, outPadArg = 0;
  int64_t groups = 1;
  if (isa<AtenConvolutionOp, Aten_ConvolutionOp, Aten_ConvolutionDeprecatedOp>(
          op)) {
    std::optional<bool> tr = constantBool(arg(op, 6));
    if (!tr)
      return one(std::nullopt, t);
    transposed = *tr;
    outPadArg = 7;
    groups = constantInt(arg(op, 8)).value_or(-1);
  } else if (isa<AtenConvTranspose1dOp, AtenConvTranspose2dInputOp,
                 AtenConvTranspose3dInputOp>(op)) {
    transposed = true;
    outPadArg = 5;
    groups = constantInt(arg(op, 6)).value_or(-1);
    dilationArg = 7;
  } else {
    groups = constantInt(arg(op, 6)).value_or(-1);
  }
  std::optional<Sizes> stride = perDim(arg(op, 3), n, 1);
  std::optional<Sizes> dilation = perDim(arg(op, dilationArg), n, 1);
  std::optional<Sizes> padding;
  std::optional<StringRef> padMode = constantString(arg(op, 4));
  if (padMode && *padMode == "valid")
    padding = Sizes(n, 0);
  else if (!padMode)
    padding = perDim(arg(op, 4), n, 0);
  std::optional<Sizes> outPad =
      transposed ? perDim(arg(op, outPadArg), n, 0) : Sizes(n, 0);
  Sizes s{(*x.sizes)[0]};
  int64_t outChannels = transposed
                            ? ((*w.sizes)[1] == kUnknownSize || groups <= 0
                                   ? kUnknownSize
                                   : (*w.sizes)[1] * groups)
                            : (*w.sizes)[0];
  s.push_back(outChannels);
  for (size_t i = 0; i < n; ++i) {
    int64_t in = (*x.sizes)[i + 2], k = (*w.sizes)[i + 2];
    if (padMode && *padMode == "same") {
      s.push_back(in);
      continue;
    }
    if (!stride || !dilation || !padding || !outPad ||
        (*stride)[i] == kUnknownSize || (*padding)[i] == kUnknownSize ||
        (*dilation)[i] == kUnknownSize || (*outPad)[i] == kUnknownSize) {
      s.push_back(kUnknownSize);
      continue;
    }
    if (transposed)
      s.push_back(in == kUnknownSize || k == kUnknownSize
                      ? kUnknownSize
                      : (in - 1) * (*stride)[i] - 2 * (*padding)[i] +
                            (*dilation)[i] * (k - 1) + (*outPad)[i] + 1);
    else
      s.push_back(
          windows(in, k, (*stride)[i], (*padding)[i], (*dilation)[i], false));
  }
  return one(s, t);
}
/// The pooled sizes of max_pool*d (self, kernel, stride, padding,
/// dilation, ceil_mode) and avg_pool*d (self, kernel, stride, padding,
/// ceil_mode, ...).
std::optional<Sizes> pooled(Operation *op, size_t n, bool isMax) {
  Known x = known(op, 0);
  if (!x.ranked() || x.rank() < (int64_t)n)
    return std::nullopt;
  std::optional<Sizes> kernel = perDim(arg(op, 1), n, kUnknownSize);
  if (!kernel)
    return std::nullopt;
  // An empty stride list means the kernel's.
  std::optional<Sizes> strides = intList(arg(op, 2));
  std::optional<Sizes> stride = strides && strides->empty()
                                    ? kernel
                                    : perDim(arg(op, 2), n, kUnknownSize);
  std::optional<Sizes> padding = perDim(arg(op, 3), n, 0);
  std::optional<Sizes> dilation =
      isMax ? perDim(arg(op, 4), n, 1) : Sizes(n, 1);
  std::optional<bool> ceil = constantBool(arg(op, isMax ? 5 : 4));
  Sizes s(x.sizes->begin(), x.sizes->end() - n);
  for (size_t i = 0; i < n; ++i) {
    int64_t in = (*x.sizes)[x.rank() - n + i];
    int64_t st = stride ? (*stride)[i] : kUnknownSize;
    if (!stride || !padding || !dilation || !ceil ||
        (*padding)[i] == kUnknownSize || (*dilation)[i] == kUnknownSize) {
      s.push_back(kUnknownSize);
      continue;
    }
    s.push_back(
        windows(in, (*kernel)[i], st, (*padding)[i], (*dilation)[i], *ceil));
  }
  return s;
}
template <size_t N> Results maxPool(Operation *op) {
  return one(pooled(op, N, true), known(op, 0).dtype);
}
template <size_t N> Results maxPoolWithIndices(Operation *op) {
  std::optional<Sizes> s = pooled(op, N, true);
  return {tensor(s, known(op, 0).dtype), tensor(s, si64(ctx(op)))};
}
template <size_t N> Results avgPool(Operation *op) {
  return one(pooled(op, N, false), known(op, 0).dtype);
}
/// adaptive pools (self, output_size): the last dims take output_size.
std::optional<Sizes> adaptive(Operation *op) {
  Known x = known(op, 0);
  std::optional<Sizes> out = intList(arg(op, 1));
  if (!x.ranked() || !out || x.rank() < (int64_t)out->size())
    return std::nullopt;
  Sizes s(x.sizes->begin(), x.sizes->end() - out->size());
  s.append(*out);
  return s;
}
/// adaptive average pools and upsample_* (self, output_size, ...).
Results outputSize(Operation *op) {
  return one(adaptive(op), known(op, 0).dtype);
}
Results adaptiveMaxPool(Operation *op) {
  std::optional<Sizes> s = adaptive(op);
  return {tensor(s, known(op, 0).dtype), tensor(s, si64(ctx(op)))};
}
/// native_layer_norm(input, normalized_shape, ...) -> out, mean, rstd (the
/// normalized dims as 1s).
Results nativeLayerNorm(Operation *op) {
  Known x = known(op, 0);
  std::optional<Sizes> normalized = intList(arg(op, 1));
  std::optional<Sizes> stats;
  if (x.ranked() && normalized && normalized->size() <= (size_t)x.rank()) {
    stats = *x.sizes;
    for (size_t i = 0; i < normalized->size(); ++i)
      (*stats)[x.rank() - 1 - i] = 1;
  }
  Type t = floatOf(x.dtype);
  return {x, tensor(stats, t), tensor(stats, t)};
}
/// native_batch_norm -> out, save_mean and save_invstd: [C] in training,
/// empty ([0]) outside it.
Results nativeBatchNorm(Operation *op) {
  Known x = known(op, 0);
  std::optional<bool> training = constantBool(arg(op, 5));
  std::optional<Sizes> c;
  if (training && !*training)
    c = Sizes{0};
  else if (training && x.ranked() && x.rank() >= 2)
    c = Sizes{(*x.sizes)[1]};
  return {x, tensor(c, x.dtype), tensor(c, x.dtype)};
}
/// native_group_norm(input, weight, bias, N, C, HxW, group, eps) -> out,
/// mean [N, group], rstd [N, group].
Results nativeGroupNorm(Operation *op) {
  Known x = known(op, 0);
  Sizes stats{constantInt(arg(op, 3)).value_or(kUnknownSize),
              constantInt(arg(op, 6)).value_or(kUnknownSize)};
  return {x, tensor(stats, x.dtype), tensor(stats, x.dtype)};
}
/// native_dropout(input, p, train) -> out, mask (bool).
Results nativeDropout(Operation *op) {
  Known x = known(op, 0);
  return {x, tensor(x.sizes, i1(ctx(op)))};
}
/// scaled_dot_product_attention(q [..., L, E], k, v [..., S, Ev]).
Results attention(Operation *op) {
  Known q = known(op, 0), v = known(op, 2);
  std::optional<Sizes> s;
  if (q.ranked() && v.ranked() && q.rank() >= 2 && v.rank() >= 1) {
    s = *q.sizes;
    s->back() = v.sizes->back();
  }
  return one(s, q.dtype);
}
/// Losses (self, target, ..., reduction at `R`): reduction none keeps the
/// broadcast of self and target, mean and sum give 0-d.
template <unsigned R> Results loss(Operation *op) {
  std::optional<int64_t> reduction = constantInt(arg(op, R));
  Type t = known(op, 0).dtype;
  if (!reduction)
    return one(std::nullopt, t);
  if (*reduction != 0)
    return one(Sizes(), t);
  return one(broadcast({arg(op, 0), arg(op, 1)}), t);
}
/// cross_entropy_loss(self [N, C, ...] or [C], target, weight, reduction).
Results crossEntropy(Operation *op) {
  std::optional<int64_t> reduction = constantInt(arg(op, 3));
  Known self = known(op, 0), target = known(op, 1);
  if (!reduction)
    return one(std::nullopt, self.dtype);
  if (*reduction != 0)
    return one(Sizes(), self.dtype);
  // Class indices: the target's sizes; probabilities: self's without C.
  if (target.dtype && (isInt(target.dtype)))
    return one(target.sizes, self.dtype);
  std::optional<Sizes> s;
  if (self.ranked() && self.rank() >= 2) {
    s = *self.sizes;
    s->erase(s->begin() + 1);
  } else if (self.ranked()) {
    s = Sizes();
  }
  return one(s, self.dtype);
}
/// nll_loss_forward(self, target, weight, reduction, ignore_index) ->
/// output, total_weight (0-d).
Results nllLossForward(Operation *op) {
  std::optional<int64_t> reduction = constantInt(arg(op, 3));
  Known self = known(op, 0), target = known(op, 1);
  std::optional<Sizes> s;
  if (reduction)
    s = *reduction != 0 ? std::optional<Sizes>(Sizes()) : target.sizes;
  return {tensor(s, self.dtype), tensor(Sizes(), self.dtype)};
}
/// upsample_*.vec(input, output_size?, ..., scale_factors?): from the
/// output size, else floor(size * scale).
Results upsampleVec(Operation *op) {
  Known x = known(op, 0);
  if (!isNone(arg(op, 1)))
    return outputSize(op);
  Value scalesArg = arg(op, op->getNumOperands() - 1);
  std::optional<SmallVector<double>> scales = constantNumbers(scalesArg);
  if (!x.ranked() || !scales || scales->size() > (size_t)x.rank())
    return one(std::nullopt, x.dtype);
  Sizes s = *x.sizes;
  size_t offset = s.size() - scales->size();
  for (auto [i, k] : llvm::enumerate(*scales)) {
    int64_t &d = s[offset + i];
    d = d == kUnknownSize ? kUnknownSize
                          : static_cast<int64_t>(std::floor(d * k));
  }
  return one(s, x.dtype);
}
/// cosine_similarity(x1, x2, dim, eps): the broadcast without dim.
Results cosineSimilarity(Operation *op) {
  std::optional<Sizes> s = broadcast({arg(op, 0), arg(op, 1)});
  Type t = resultDtype({arg(op, 0), arg(op, 1)});
  if (!s)
    return one(s, t);
  std::optional<int64_t> d = constantDim(arg(op, 2), s->size());
  if (!d)
    return one(std::nullopt, t);
  if (!s->empty())
    s->erase(s->begin() + *d);
  return one(s, t);
}
/// glu(self, dim): the dim halves.
Results glu(Operation *op) {
  return withSizes(op, [&](Sizes s) -> std::optional<Sizes> {
    std::optional<int64_t> d = constantDim(arg(op, 1), s.size());
    if (!d || s.empty())
      return std::nullopt;
    if (s[*d] != kUnknownSize)
      s[*d] /= 2;
    return s;
  });
}
/// embedding_dense_backward(grad [..., D], indices, num_weights, ...).
Results embeddingBackward(Operation *op) {
  Known g = known(op, 0);
  std::optional<Sizes> s;
  if (g.ranked() && g.rank() >= 1)
    s = Sizes{constantInt(arg(op, 2)).value_or(kUnknownSize), g.sizes->back()};
  return one(s, g.dtype);
}

/// __interpolate(input, size?, scale_factor?, ...): as upsample_*.vec with
/// the scales in operand 2.
Results interpolate(Operation *op) {
  Known x = known(op, 0);
  if (!isNone(arg(op, 1)))
    return outputSize(op);
  std::optional<SmallVector<double>> scales = constantNumbers(arg(op, 2));
  if (!x.ranked() || !scales || x.rank() < 3)
    return one(std::nullopt, x.dtype);
  Sizes s = *x.sizes;
  size_t spatial = s.size() - 2;
  for (size_t i = 0; i < spatial; ++i) {
    double k = (*scales)[scales->size() == 1 ? 0 : i];
    int64_t &d = s[2 + i];
    d = d == kUnknownSize ? kUnknownSize
                          : static_cast<int64_t>(std::floor(d * k));
  }
  return one(s, x.dtype);
}
/// grid_sampler(input [N, C, ...], grid [N, H', W', 2]) -> [N, C, H', W'].
Results gridSampler(Operation *op) {
  Known x = known(op, 0), g = known(op, 1);
  std::optional<Sizes> s;
  if (x.ranked() && g.ranked() && x.rank() >= 2 && g.rank() >= 2) {
    s = Sizes{(*x.sizes)[0], (*x.sizes)[1]};
    s->append(g.sizes->begin() + 1, g.sizes->end() - 1);
  }
  return one(s, x.dtype);
}
/// bilinear(x1 [..., a], x2 [..., b], weight [o, a, b], bias) -> [..., o].
Results bilinear(Operation *op) {
  Known x = known(op, 0), w = known(op, 2);
  std::optional<Sizes> s;
  if (x.ranked() && w.ranked() && x.rank() >= 1 && w.rank() == 3) {
    s = Sizes(x.sizes->begin(), x.sizes->end() - 1);
    s->push_back((*w.sizes)[0]);
  }
  return one(s, resultDtype({arg(op, 0), arg(op, 1), arg(op, 2)}));
}
/// _trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim):
/// each input with unit dims at its expand dims (a set, inserted in
/// increasing order), broadcast together, less the summed dims.
Results trilinear(Operation *op) {
  Type dtype = resultDtype({arg(op, 0), arg(op, 1), arg(op, 2)});
  std::optional<SmallVector<int64_t>> summed = constantInts(arg(op, 6));
  std::optional<Sizes> all;
  for (unsigned i = 0; i < 3; ++i) {
    Known x = known(op, i);
    std::optional<SmallVector<int64_t>> expand = constantInts(arg(op, 3 + i));
    if (!x.ranked() || !expand || !summed)
      return one(std::nullopt, dtype);
    int64_t rank = x.rank() + expand->size();
    llvm::SmallSet<int64_t, 4> unit;
    for (int64_t d : *expand)
      unit.insert(d < 0 ? d + rank : d);
    Sizes s = *x.sizes;
    for (int64_t d = 0; d < rank; ++d)
      if (unit.contains(d))
        s.insert(s.begin() + std::min<int64_t>(d, s.size()), 1);
    if (all && all->size() != s.size())
      return one(std::nullopt, dtype);
    all = all ? broadcastSizes(*all, s) : s;
  }
  llvm::SmallSet<int64_t, 4> gone;
  for (int64_t d : *summed)
    gone.insert(d < 0 ? d + static_cast<int64_t>(all->size()) : d);
  Sizes s;
  for (int64_t d = 0, e = all->size(); d < e; ++d)
    if (!gone.contains(d))
      s.push_back((*all)[d]);
  return one(s, dtype);
}
/// repeat_interleave.self_int(self, repeats, dim?, output_size?).
Results repeatInterleave(Operation *op) {
  Known self = known(op, 0);
  std::optional<int64_t> r = constantInt(arg(op, 1));
  if (!self.ranked())
    return one(std::nullopt, self.dtype);
  if (isNone(arg(op, 2)))
    return one(
        Sizes{r ? sizeProduct(sizeProduct(*self.sizes), *r) : kUnknownSize},
        self.dtype);
  std::optional<int64_t> d = constantDim(arg(op, 2), self.rank());
  if (!d || !self.rank())
    return one(std::nullopt, self.dtype);
  Sizes s = *self.sizes;
  s[*d] = r ? sizeProduct(s[*d], *r) : kUnknownSize;
  return one(s, self.dtype);
}
/// aminmax(self, dim?, keepdim) -> min, max.
Results aminmax(Operation *op) {
  std::optional<Sizes> s = reduction(op, arg(op, 1), 2);
  Type t = known(op, 0).dtype;
  return {tensor(s, t), tensor(s, t)};
}
/// tensor(data, dtype, ...) of a flat list of numbers.
Results tensorOfList(Operation *op) {
  std::optional<SmallVector<Value>> elements = listElements(arg(op, 0));
  if (!elements)
    return {};
  Type t;
  for (Value e : *elements) {
    Type w = wrappedScalarDtype(e);
    if (!w) // a nested list, or a value of unknown kind
      return {};
    t = promoteDtypes(t, w);
  }
  if (elements->empty())
    t = f32(ctx(op));
  return one(Sizes{(int64_t)elements->size()}, dtypeOr(op, 1, t));
}
/// prims.iota(length, start, step, dtype, ...).
Results iota(Operation *op) {
  return one(Sizes{constantInt(arg(op, 0)).value_or(kUnknownSize)},
             dtypeOr(op, 3, nullptr));
}
/// fft_fft / fft_ifft (self, n?, dim, norm): complex, the dim n long.
template <bool Real> Results fft(Operation *op) {
  Known self = known(op, 0);
  Type t = floatOf(self.dtype);
  Type c = isFloat(t) ? Type(ComplexType::get(t)) : isComplex(t) ? t : Type();
  if (!self.ranked() || !self.rank())
    return one(std::nullopt, c);
  std::optional<int64_t> d = constantDim(arg(op, 2), self.rank());
  if (!d)
    return one(std::nullopt, c);
  Sizes s = *self.sizes;
  if (!isNone(arg(op, 1)))
    s[*d] = constantInt(arg(op, 1)).value_or(kUnknownSize);
  if (Real && s[*d] != kUnknownSize)
    s[*d] = s[*d] / 2 + 1;
  return one(s, c);
}
/// _fft_r2c(self, dims, normalization, onesided): complex; the last dim
/// transformed halves (+1) if onesided.
Results fftR2c(Operation *op) {
  Known self = known(op, 0);
  Type c = isFloat(self.dtype) ? Type(ComplexType::get(self.dtype)) : Type();
  std::optional<SmallVector<int64_t>> dims = constantInts(arg(op, 1));
  std::optional<bool> onesided = constantBool(arg(op, 3));
  if (!self.ranked() || !dims || dims->empty() || !onesided)
    return one(std::nullopt, c);
  std::optional<int64_t> last = normalizeDim(dims->back(), self.rank());
  if (!last)
    return one(std::nullopt, c);
  Sizes s = *self.sizes;
  if (*onesided && s[*last] != kUnknownSize)
    s[*last] = s[*last] / 2 + 1;
  return one(s, c);
}
/// _fft_c2r(self, dims, normalization, last_dim_size): real.
Results fftC2r(Operation *op) {
  Known self = known(op, 0);
  std::optional<SmallVector<int64_t>> dims = constantInts(arg(op, 1));
  Type r = realOf(self.dtype);
  if (!self.ranked() || !dims || dims->empty())
    return one(std::nullopt, r);
  std::optional<int64_t> last = normalizeDim(dims->back(), self.rank());
  if (!last)
    return one(std::nullopt, r);
  Sizes s = *self.sizes;
  s[*last] = constantInt(arg(op, 3)).value_or(kUnknownSize);
  return one(s, r);
}
/// convolution_backward(grad, input, weight, bias_sizes, ...) ->
/// grad_input, grad_weight, grad_bias.
Results convolutionBackward(Operation *op) {
  Type t = known(op, 0).dtype;
  return {tensor(known(op, 1).sizes, t), tensor(known(op, 2).sizes, t),
          tensor(intList(arg(op, 3)), t)};
}
/// native_layer_norm_backward(grad, input, normalized_shape, mean, rstd,
/// weight, bias, output_mask) -> grad_input, grad_weight, grad_bias.
Results layerNormBackward(Operation *op) {
  Type t = known(op, 0).dtype;
  return {tensor(known(op, 1).sizes, t), tensor(known(op, 5).sizes, t),
          tensor(known(op, 6).sizes, t)};
}
/// native_batch_norm_backward / native_group_norm_backward (grad, input,
/// ...) -> grad_input, then [C] twice.
Results normBackward(Operation *op) {
  Known x = known(op, 1);
  Type t = known(op, 0).dtype;
  std::optional<Sizes> c;
  if (x.ranked() && x.rank() >= 2)
    c = Sizes{(*x.sizes)[1]};
  return {tensor(x.sizes, t), tensor(c, t), tensor(c, t)};
}

/// tril_indices / triu_indices (row, col, offset, dtype): [2, count].
template <bool Lower> Results triangleIndices(Operation *op) {
  std::optional<int64_t> rows = constantInt(arg(op, 0)),
                         cols = constantInt(arg(op, 1)),
                         offset = constantInt(arg(op, 2));
  int64_t count = kUnknownSize;
  if (rows && cols && offset && *rows >= 0 && *cols >= 0) {
    count = 0;
    for (int64_t i = 0; i < *rows; ++i) {
      // Columns j with j - i <= offset (lower) or >= offset (upper).
      int64_t lower = std::clamp<int64_t>(i + *offset + 1, 0, *cols);
      count +=
          Lower ? lower : *cols - std::clamp<int64_t>(i + *offset, 0, *cols);
    }
  }
  return one(Sizes{2, count}, dtypeOr(op, 3, si64(ctx(op))));
}

/// PT2E's quantized_decomposed operators (the registry lacks them; they
/// reach us as torch.operator): quantize gives operand 0's sizes in the
/// dtype its `dtype` operand names, dequantize gives them in f32 (or its
/// `out_dtype`).
Results quantizedOperator(Operation *op, StringRef name) {
  if (!name.consume_front("quantized_decomposed."))
    return {};
  bool perChannel = name.contains("per_channel");
  // The `dtype` operand follows [axis,] quant_min, quant_max.
  unsigned dtypeArgIndex = perChannel ? 6 : 5;
  Known self = known(op, 0);
  if (name.starts_with("quantize_per_"))
    return one(self.sizes, dtypeOr(op, dtypeArgIndex, nullptr));
  if (name.starts_with("dequantize_per_"))
    return one(self.sizes, dtypeOr(op, dtypeArgIndex + 1, f32(ctx(op))));
  return {};
}

/// The two-dim and inverse FFT operators the registry lacks:
/// fft_rfft2(self, s, dim, norm), fft_irfft2(self, s, dim, norm) and
/// fft_irfft(self, n, dim, norm), with no `s` (the sizes as they are).
Results fftOperator(Operation *op, StringRef name) {
  Known self = known(op, 0);
  bool inverse = name != "aten.fft_rfft2";
  Type t = inverse               ? realOf(floatOf(self.dtype))
           : isFloat(self.dtype) ? Type(ComplexType::get(self.dtype))
                                 : Type();
  if (!self.ranked() || !self.rank() || op->getNumOperands() < 3)
    return one(std::nullopt, t);
  std::optional<int64_t> last;
  if (name == "aten.fft_irfft") {
    last = constantDim(arg(op, 2), self.rank());
  } else if (std::optional<SmallVector<int64_t>> dims =
                 constantInts(arg(op, 2));
             dims && !dims->empty()) {
    last = normalizeDim(dims->back(), self.rank());
  }
  if (!last)
    return one(std::nullopt, t);
  Sizes s = *self.sizes;
  int64_t &n = s[*last];
  if (name == "aten.fft_irfft" && !isNone(arg(op, 1)))
    n = constantInt(arg(op, 1)).value_or(kUnknownSize);
  else if (!isNone(arg(op, 1)))
    return one(std::nullopt, t); // fft_rfft2/irfft2 with s=: not taken
  else if (n != kUnknownSize)
    n = inverse ? 2 * (n - 1) : n / 2 + 1;
  return one(s, t);
}

/// torch.operator: the operators the registry lacks that the middle end
/// takes, by name.
Results operatorRule(Operation *op) {
  StringRef name = cast<OperatorOp>(op).getName();
  if (name.starts_with("quantized_decomposed."))
    return quantizedOperator(op, name);
  if (name == "aten.fft_rfft2" || name == "aten.fft_irfft2" ||
      name == "aten.fft_irfft")
    return fftOperator(op, name);
  return {};
}
bool hasOperatorRule(OperatorOp op) {
  StringRef name = op.getName();
  return name.starts_with("quantized_decomposed.quantize_per_") ||
         name.starts_with("quantized_decomposed.dequantize_per_") ||
         name == "aten.fft_rfft2" || name == "aten.fft_irfft2" ||
         name == "aten.fft_irfft";
}

// --- rules: control flow
// ------------------------------------------------------

/// prim.If: what both branches' yields agree on.
Results primIf(Operation *op) {
  auto ifOp = cast<PrimIfOp>(op);
  Operation *a = ifOp.getThenRegion().front().getTerminator();
  Operation *b = ifOp.getElseRegion().front().getTerminator();
  Results out;
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    Known x = Known::of(a->getOperand(i)), y = Known::of(b->getOperand(i));
    Known k;
    if (x.dtype == y.dtype)
      k.dtype = x.dtype;
    if (x.ranked() && y.ranked() && x.rank() == y.rank()) {
      k.sizes = *x.sizes;
      for (auto [s, t] : llvm::zip(*k.sizes, *y.sizes))
        if (s != t)
          s = kUnknownSize;
    }
    out.push_back(k);
  }
  return out;
}

// --- the table
// ----------------------------------------------------------------

class Table {
public:
  Table() { populate(); }

  Rule lookup(Operation *op) const {
    auto it = rules.find(op->getName().getTypeID());
    return it == rules.end() ? nullptr : it->second;
  }

private:
  template <typename... Ops> void add(Rule rule) {
    (rules.try_emplace(TypeID::get<Ops>(), rule), ...);
  }
  void populate();

  DenseMap<TypeID, Rule> rules;
};

void Table::populate() {
  // Elementwise, the result as operand 0.
  add<AtenNegOp, AtenReluOp, AtenRelu6Op, AtenGeluOp, AtenSiluOp,
      AtenHardtanhOp, AtenLeakyReluOp, AtenEluOp, AtenCeluOp, AtenSeluOp,
      AtenHardsigmoidOp, AtenHardswishOp, AtenMishOp, AtenSoftplusOp,
      AtenHardshrinkOp, AtenSoftshrinkOp, AtenCloneOp, AtenContiguousOp,
      AtenDetachOp, AtenDetachCopyOp, AtenAliasOp, AtenAliasCopyOp,
      AtenLiftFreshCopyOp, AtenFloorOp, AtenCeilOp, AtenRoundOp,
      AtenRoundDecimalsOp, AtenTruncOp, AtenFixOp, AtenFracOp, AtenSignOp,
      AtenSgnOp, AtenBitwiseNotOp, AtenFillScalarOp, AtenFillTensorOp,
      AtenZeroOp, AtenTrilOp, AtenTriuOp, AtenFlipOp, AtenFliplrOp,
      AtenFlipudOp, AtenRollOp, AtenLogcumsumexpOp, AtenNanToNumOp,
      AtenThresholdOp, AtenRreluOp, AtenBernoulliOp, AtenBernoulliPOp,
      AtenBernoulliTensorOp, AtenUniformOp, AtenNormalFunctionalOp,
      AtenExponentialOp, AtenRandomOp, AtenRandomFromOp, AtenCpuOp, AtenCudaOp,
      AtenDropoutOp, AtenPreluOp, AtenRenormOp, AtenChannelShuffleOp,
      AtenCopyOp, PrimsViewOfOp, Aten_ConjOp, PrimsSqrtOp>(sameAsSelf);
  add<AtenIndexPutOp, AtenIndexPutHackedTwinOp, Aten_IndexPutImplOp,
      Aten_UnsafeIndexPutHackedTwinOp, AtenScatterSrcOp, AtenScatterValueOp,
      AtenScatterReduceOp, AtenScatterAddOp, AtenScatterReduceTwoOp,
      AtenSelectScatterOp, AtenSliceScatterOp, AtenDiagonalScatterOp,
      AtenAsStridedScatterOp>(likeSelf);
  add<AtenAcosOp, AtenAcoshOp, AtenAsinOp, AtenAsinhOp, AtenAtanOp, AtenAtanhOp,
      AtenCosOp, AtenCoshOp, AtenSinOp, AtenSinhOp, AtenTanOp, AtenTanhOp,
      AtenExpOp, AtenExp2Op, AtenExpm1Op, AtenSpecialExpm1Op, AtenLogOp,
      AtenLog10Op, AtenLog1pOp, AtenLog2Op, AtenSqrtOp, AtenRsqrtOp,
      AtenReciprocalOp, AtenSigmoidOp, AtenErfOp, AtenErfinvOp,
      AtenLogSigmoidOp, AtenDeg2radOp, AtenRad2degOp, AtenLogitOp>(unaryFloat);
  add<AtenSquareOp>(+[](Operation *op) -> Results {
    // pow(self, 2): bools give si64.
    Known k = known(op, 0);
    return one(k.sizes, isBool(k.dtype) ? si64(ctx(op)) : k.dtype);
  });
  add<AtenAngleOp>(+[](Operation *op) -> Results {
    Known k = known(op, 0);
    return one(k.sizes, realOf(floatOf(k.dtype)));
  });
  add<AtenRealOp, AtenImagOp, AtenAbsOp, AtenAbsoluteOp>(unaryReal);
  add<AtenLogicalNotOp, AtenIsnanOp, AtenIsinfOp, AtenIsfiniteOp,
      AtenIsneginfOp, AtenIsposinfOp, AtenSignbitOp>(unaryBool);
  add<AtenAddTensorOp, AtenSubTensorOp, AtenMulTensorOp, AtenMaximumOp,
      AtenMinimumOp, AtenMaxOtherOp, AtenMinOtherOp, AtenFmodTensorOp,
      AtenRemainderTensorOp, AtenBitwiseAndTensorOp, AtenBitwiseOrTensorOp,
      AtenBitwiseXorTensorOp, AtenBitwiseLeftShiftTensorOp,
      AtenBitwiseRightShiftTensorOp, Aten__And__TensorOp, AtenPowTensorTensorOp,
      AtenFloorDivideOp, AtenFmaxOp, AtenFminOp, AtenHeavisideOp,
      AtenAddScalarOp, AtenSubScalarOp, AtenMulScalarOp, AtenRsubScalarOp,
      AtenRemainderScalarOp, AtenFmodScalarOp, AtenFloorDivideScalarOp,
      AtenPowTensorScalarOp, AtenBitwiseAndScalarOp, Aten__And__ScalarOp,
      Aten__Lshift__ScalarOp, Aten__Rshift__ScalarOp, AtenClampMinOp,
      AtenClampMaxOp, AtenClampMinTensorOp, AtenClampMaxTensorOp>(binary);
  add<AtenClampOp, AtenClampTensorOp, AtenLerpTensorOp, AtenLerpScalarOp,
      AtenAddcmulOp>(ternary);
  add<AtenAddcdivOp>(+[](Operation *op) -> Results {
    Results r = ternary(op);
    r[0].dtype = floatOf(r[0].dtype);
    return r;
  });
  add<AtenDivTensorOp, AtenDivScalarOp, AtenAtan2Op, AtenCopysignTensorOp,
      AtenLogaddexpOp, AtenLogaddexp2Op, AtenXlogyTensorOp, AtenLdexpTensorOp>(
      binaryFloat);
  add<AtenDivTensorModeOp, AtenDivScalarModeOp>(divMode);
  add<AtenFloatPowerTensorTensorOp>(floatPower);
  add<AtenPowScalarOp>(powScalar);
  add<AtenEqTensorOp, AtenNeTensorOp, AtenLtTensorOp, AtenLeTensorOp,
      AtenGtTensorOp, AtenGeTensorOp, AtenEqScalarOp, AtenNeScalarOp,
      AtenLtScalarOp, AtenLeScalarOp, AtenGtScalarOp, AtenGeScalarOp,
      AtenLogicalAndOp, AtenLogicalOrOp, AtenLogicalXorOp, AtenIscloseOp>(
      binaryBool);
  add<AtenWhereSelfOp, AtenWhereScalarOtherOp, AtenWhereScalarSelfOp,
      AtenWhereScalarOp>(where);
  add<AtenMaskedFillScalarOp, AtenMaskedFillTensorOp, AtenMaskedScatterOp>(
      maskedFill);
  add<AtenTypeAsOp, AtenToOtherOp>(typeAs);
  add<AtenToDtypeOp, PrimsConvertElementTypeOp>(convertTo<1>);
  add<AtenViewDtypeOp, AtenViewCopyDtypeOp>(viewDtype);
  add<Aten_ToCopyOp, AtenToDtypeLayoutOp>(convertTo<1>);
  add<AtenToDeviceOp, AtenToPrimDeviceOp>(convertTo<2>);
  add<Aten_CastFloatOp>(+[](Operation *op) -> Results {
    return one(known(op, 0).sizes, f32(ctx(op)));
  });
  add<Aten_CastLongOp>(+[](Operation *op) -> Results {
    return one(known(op, 0).sizes, si64(ctx(op)));
  });
  add<AtenSoftmaxIntOp, AtenLogSoftmaxIntOp, Aten_SafeSoftmaxOp>(softmax);
  add<Aten_SoftmaxOp, Aten_LogSoftmaxOp>(+[](Operation *op) -> Results {
    // half_to_float (operand 2) gives f32.
    Known self = known(op, 0);
    std::optional<bool> toFloat = constantBool(arg(op, 2));
    return one(self.sizes, !toFloat   ? Type()
                           : *toFloat ? f32(ctx(op))
                                      : self.dtype);
  });
  add<AtenCumsumOp, AtenCumprodOp>(cumsum);
  add<AtenComplexOp, AtenPolarOp>(makeComplex);
  add<Aten_SoftmaxBackwardDataOp, Aten_LogSoftmaxBackwardDataOp>(
      +[](Operation *op) -> Results {
        // The input's dtype, operand 3.
        Known grad = known(op, 0);
        return one(grad.sizes, dtypeOr(op, 3, grad.dtype));
      });
  add<AtenSigmoidBackwardOp, AtenTanhBackwardOp, AtenNativeDropoutBackwardOp,
      AtenGeluBackwardOp, AtenThresholdBackwardOp, AtenHardtanhBackwardOp,
      AtenLeakyReluBackwardOp, AtenSoftplusBackwardOp, AtenLogSigmoidBackwardOp,
      AtenRreluWithNoiseBackwardOp>(likeGrad);
  add<AtenEluBackwardOp>(+[](Operation *op) -> Results {
    return one(known(op, 5).sizes, known(op, 0).dtype);
  });
  add<AtenMseLossBackwardOp, AtenAvgPool2dBackwardOp, AtenAvgPool3dBackwardOp,
      AtenMaxPool2dWithIndicesBackwardOp, AtenMaxPool3dWithIndicesBackwardOp,
      Aten_AdaptiveAvgPool2dBackwardOp, Aten_AdaptiveAvgPool3dBackwardOp,
      AtenNllLossBackwardOp, AtenNllLoss2dBackwardOp,
      AtenBinaryCrossEntropyBackwardOp>(likeInput);
  add<AtenEmbeddingDenseBackwardOp>(embeddingBackward);

  // Reductions.
  add<AtenMaxOp, AtenMinOp>(toScalar);
  add<AtenStdOp, AtenVarOp, AtenNormScalarOp>(toScalarFloat);
  add<AtenAllOp, AtenAnyOp>(toScalarBool);
  add<AtenSumOp, AtenProdOp>(sumAll);
  add<AtenMeanOp>(meanAll);
  add<AtenTraceOp>(trace);
  add<AtenSumDimIntListOp, AtenProdDimIntOp>(sumDims);
  add<AtenMeanDimOp>(meanDims);
  add<AtenAmaxOp, AtenAminOp>(keepDims);
  add<AtenLogsumexpOp, AtenFrobeniusNormDimOp>(floatDims);
  add<AtenAllDimOp, AtenAnyDimOp, AtenAnyDimsOp>(boolDims);
  add<AtenArgmaxOp, AtenArgminOp>(argReduce);
  add<AtenMaxDimOp, AtenMinDimOp>(valuesIndices<1, 2>);
  add<AtenKthvalueOp>(valuesIndices<2, 3>);
  add<AtenStdCorrectionOp, AtenStdDimOp, AtenVarCorrectionOp, AtenVarDimOp>(
      varDims);
  add<AtenVarMeanCorrectionOp, AtenVarMeanDimOp>(varMeanDims);
  add<AtenVarMeanOp>(varMeanAll);
  add<AtenLinalgVectorNormOp, AtenNormScalarOptDimOp>(vectorNorm);
  add<AtenCountNonzeroOp, AtenCountNonzeroDimIntListOp>(countNonzero);
  add<PrimsSumOp, PrimsProdOp, PrimsVarOp>(primsReduce);

  // Linear algebra.
  add<AtenMmOp, AtenBmmOp>(mm);
  add<Aten_IntMmOp>(+[](Operation *op) -> Results {
    Results r = mm(op);
    r[0].dtype = IntegerType::get(ctx(op), 32, IntegerType::Signed);
    return r;
  });
  add<AtenMatmulOp>(matmul);
  add<AtenLinearOp>(linear);
  add<AtenAddmmOp, AtenBaddbmmOp>(addmm);
  add<AtenMvOp>(mv);
  add<AtenDotOp>(dot);
  add<AtenOuterOp>(outer);
  add<AtenEinsumOp>(einsum);

  // Views and data movement.
  add<AtenViewOp, AtenReshapeOp, Aten_UnsafeViewOp, AtenViewCopyOp,
      Aten_ReshapeAliasOp, Aten_ReshapeAliasCopyOp, AtenAsStridedOp,
      AtenAsStridedCopyOp>(view);
  add<AtenExpandOp, AtenExpandCopyOp, AtenBroadcastToOp>(expand);
  add<AtenExpandAsOp, AtenReshapeAsOp>(asOther);
  add<AtenFlattenUsingIntsOp, PrimsCollapseOp>(flatten);
  add<AtenUnflattenIntOp>(unflatten);
  add<AtenSqueezeOp, AtenSqueezeCopyOp>(squeezeAll);
  add<AtenSqueezeDimOp, AtenSqueezeCopyDimOp, PrimsSqueezeOp>(squeezeDims);
  add<AtenUnsqueezeOp, AtenUnsqueezeCopyOp>(unsqueeze);
  add<AtenTransposeIntOp, AtenTransposeCopyIntOp>(transpose);
  add<AtenTOp, AtenTCopyOp, AtenNumpyTOp>(reversed);
  add<AtenPermuteOp, AtenPermuteCopyOp>(permute);
  add<AtenMovedimIntOp>(movedim);
  add<AtenSelectIntOp, AtenSelectCopyIntOp>(select);
  add<AtenSliceTensorOp, AtenSliceCopyTensorOp>(slice);
  add<AtenNarrowOp, AtenNarrowTensorOp>(narrow);
  add<AtenRepeatOp, AtenTileOp>(repeat);
  add<AtenDiagonalOp, AtenDiagonalCopyOp>(diagonal);
  add<AtenUnfoldOp, AtenUnfoldCopyOp>(unfold);
  add<AtenAtleast1dOp>(atLeast<1>);
  add<AtenAtleast2dOp>(atLeast<2>);
  add<AtenConstantPadNdOp, AtenPadOp, AtenReflectionPad1dOp,
      AtenReflectionPad2dOp, AtenReflectionPad3dOp, AtenReplicationPad1dOp,
      AtenReplicationPad2dOp, AtenReplicationPad3dOp>(pad);
  add<AtenPixelShuffleOp>(pixelShuffle<true>);
  add<AtenPixelUnshuffleOp>(pixelShuffle<false>);
  add<AtenViewAsRealOp>(viewAsReal);
  add<AtenViewAsComplexOp>(viewAsComplex);
  add<PrimsSplitDimOp>(splitDim);
  add<AtenRot90Op>(rot90);
  add<AtenCatOp>(join<false>);
  add<AtenStackOp>(join<true>);
  add<AtenIndexSelectOp>(indexSelect);
  add<AtenGatherOp>(gather);
  add<AtenEmbeddingOp>(embedding);
  add<AtenIndexTensorOp, AtenIndexTensorHackedTwinOp>(indexTensor);
  add<AtenTopkOp>(topk);
  add<AtenSortOp, AtenSortStableOp>(sort);
  add<AtenArgsortOp>(argsort);
  add<PrimListUnpackOp>(unpack);

  // Constructors.
  add<AtenZerosOp, AtenOnesOp, AtenEmptyMemoryFormatOp, AtenRandOp,
      AtenRandnOp>(fromSize);
  add<AtenRandnGeneratorOp>(fromSizeAfterGenerator);
  add<AtenEmptyStridedOp, AtenEmptyPermutedOp>(fromSizeSkipOne);
  add<AtenFullOp>(full);
  add<AtenRandintOp>(randint<1>);
  add<AtenRandintLowOp>(randint<2>);
  add<AtenNewZerosOp, AtenNewOnesOp, AtenNewEmptyOp>(newFromSize);
  add<AtenNewFullOp, AtenNewEmptyStridedOp>(newFromSizeSkipOne);
  add<AtenZerosLikeOp, AtenOnesLikeOp, AtenEmptyLikeOp, AtenRandLikeOp,
      AtenRandnLikeOp>(like);
  add<AtenFullLikeOp>(fullLike);
  add<AtenArangeOp, AtenArangeStartOp, AtenArangeStartStepOp>(arange);
  add<AtenLinspaceOp>(linspace);
  add<AtenEyeOp, AtenEyeMOp>(eye);
  add<AtenScalarTensorOp>(scalarTensor);
  add<AtenTensorIntOp, AtenTensorFloatOp, AtenTensorBoolOp>(tensorOfScalar);
  add<PrimNumToTensorScalarOp>(numToTensor);
  add<Aten_ShapeAsTensorOp>(shapeAsTensor);
  add<AtenOneHotOp>(oneHot);
  add<AtenBucketizeTensorOp>(bucketize);

  // Neural networks.
  add<AtenConvolutionOp, Aten_ConvolutionOp, Aten_ConvolutionDeprecatedOp,
      AtenConv1dOp, AtenConv2dOp, AtenConv3dOp, AtenConv1dPaddingOp,
      AtenConv2dPaddingOp, AtenConv3dPaddingOp, AtenConvTranspose1dOp,
      AtenConvTranspose2dInputOp, AtenConvTranspose3dInputOp>(convolution);
  add<AtenMaxPool1dOp>(maxPool<1>);
  add<AtenMaxPool2dOp>(maxPool<2>);
  add<AtenMaxPool3dOp>(maxPool<3>);
  add<AtenMaxPool1dWithIndicesOp>(maxPoolWithIndices<1>);
  add<AtenMaxPool2dWithIndicesOp>(maxPoolWithIndices<2>);
  add<AtenMaxPool3dWithIndicesOp>(maxPoolWithIndices<3>);
  add<AtenAvgPool1dOp>(avgPool<1>);
  add<AtenAvgPool2dOp>(avgPool<2>);
  add<AtenAvgPool3dOp>(avgPool<3>);
  add<AtenAdaptiveAvgPool1dOp, AtenAdaptiveAvgPool2dOp, AtenAdaptiveAvgPool3dOp,
      Aten_AdaptiveAvgPool2dOp, Aten_AdaptiveAvgPool3dOp>(outputSize);
  add<AtenAdaptiveMaxPool1dOp, AtenAdaptiveMaxPool2dOp,
      AtenAdaptiveMaxPool3dOp>(adaptiveMaxPool);
  add<AtenLayerNormOp, AtenRmsNormOp, AtenGroupNormOp, AtenInstanceNormOp,
      AtenBatchNormOp>(sameAsSelf);
  add<AtenNativeLayerNormOp>(nativeLayerNorm);
  add<AtenNativeBatchNormOp>(nativeBatchNorm);
  add<AtenNativeGroupNormOp>(nativeGroupNorm);
  add<AtenNativeDropoutOp>(nativeDropout);
  add<AtenScaledDotProductAttentionOp>(attention);
  add<AtenMseLossOp, AtenL1LossOp>(loss<2>);
  add<AtenBinaryCrossEntropyOp>(loss<3>);
  add<AtenKlDivOp>(loss<2>);
  add<AtenBinaryCrossEntropyWithLogitsOp>(loss<4>);
  add<AtenCrossEntropyLossOp>(crossEntropy);
  add<AtenNllLossForwardOp, AtenNllLoss2dForwardOp>(nllLossForward);
  add<AtenUpsampleNearest1dOp, AtenUpsampleNearest2dOp,
      AtenUpsampleBilinear2dOp>(outputSize);
  add<AtenUpsampleNearest1dVecOp, AtenUpsampleNearest2dVecOp,
      AtenUpsampleBilinear2dVecOp>(upsampleVec);
  add<AtenCosineSimilarityOp>(cosineSimilarity);
  add<AtenGluOp>(glu);

  add<Aten__InterpolateSizeListScaleListOp>(interpolate);
  add<AtenGridSamplerOp>(gridSampler);
  add<AtenBilinearOp>(bilinear);
  add<Aten_TrilinearOp>(trilinear);
  add<AtenRepeatInterleaveSelfIntOp>(repeatInterleave);
  add<AtenAminmaxOp>(aminmax);
  add<AtenTensorOp>(tensorOfList);
  add<PrimsIotaOp>(iota);
  add<AtenFftFftOp, AtenFftIfftOp>(fft<false>);
  add<AtenFftRfftOp>(fft<true>);
  add<Aten_FftR2cOp>(fftR2c);
  add<Aten_FftC2cOp>(sameAsSelf);
  add<Aten_FftC2rOp>(fftC2r);
  add<AtenConvolutionBackwardOp>(convolutionBackward);
  add<AtenNativeLayerNormBackwardOp>(layerNormBackward);
  add<AtenNativeBatchNormBackwardOp, AtenNativeGroupNormBackwardOp>(
      normBackward);
  add<AtenFakeQuantizePerTensorAffineOp,
      AtenFakeQuantizePerTensorAffineTensorQparamsOp,
      AtenFakeQuantizePerChannelAffineOp>(sameAsSelf);
  add<AtenLinalgCrossOp>(binary);

  add<AtenTrilIndicesOp>(triangleIndices<true>);
  add<AtenTriuIndicesOp>(triangleIndices<false>);
  add<OperatorOp>(operatorRule);

  add<PrimIfOp>(primIf);
}

const Table &table() {
  static const Table t;
  return t;
}

/// Refines `op`'s results by its rule; true if a type changed.
bool refine(Operation *op, OpBuilder &builder) {
  bool pending = llvm::any_of(op->getResultTypes(), [](Type t) {
    auto v = dyn_cast<ValueTensorType>(t);
    return v && (!v.hasSizes() || !v.hasDtype());
  });
  if (!pending)
    return false;
  Rule rule = table().lookup(op);
  if (!rule)
    return false;
  Results inferred = rule(op);
  bool changed = false;
  for (auto [result, k] : llvm::zip(op->getResults(), inferred)) {
    auto old = dyn_cast<ValueTensorType>(result.getType());
    if (!old || (old.hasSizes() && old.hasDtype()))
      continue;
    std::optional<ArrayRef<int64_t>> sizes = old.getOptionalSizes();
    if (!sizes && k.sizes)
      sizes = ArrayRef<int64_t>(*k.sizes);
    Type dtype = old.hasDtype() ? old.getDtype() : k.dtype;
    if (dtype && !isValidTorchDtype(dtype))
      dtype = nullptr;
    auto refined = ValueTensorType::get(op->getContext(), sizes, dtype);
    if (refined == old)
      continue;
    result.setType(refined);
    changed = true;
    // Users that must keep the old type read it through a cast.
    Value cast;
    for (OpOperand &use : llvm::make_early_inc_range(result.getUses())) {
      if (acceptsRefinedType(use))
        continue;
      if (!cast) {
        builder.setInsertionPointAfterValue(result);
        cast = builder.create<TensorStaticInfoCastOp>(result.getLoc(), old,
                                                      result);
      }
      if (use.getOwner() != cast.getDefiningOp())
        use.set(cast);
    }
  }
  return changed;
}

/// A public function whose results were declared without sizes or dtype
/// returns what its body computes: the casts refine() put before the
/// return go, and the function's type says the refined types.
void refineReturnTypes(func::FuncOp func) {
  if (!func.isPublic() || func.getBlocks().size() != 1)
    return;
  auto ret = dyn_cast<func::ReturnOp>(func.front().getTerminator());
  if (!ret)
    return;
  SmallVector<Type> results(func.getResultTypes());
  bool changed = false;
  for (OpOperand &operand : ret->getOpOperands()) {
    auto cast = operand.get().getDefiningOp<TensorStaticInfoCastOp>();
    if (!cast)
      continue;
    auto declared =
        dyn_cast<ValueTensorType>(results[operand.getOperandNumber()]);
    auto computed = dyn_cast<ValueTensorType>(cast.getOperand().getType());
    if (!declared || !computed || declared.hasSizes() || declared.hasDtype())
      continue;
    results[operand.getOperandNumber()] = computed;
    operand.set(cast.getOperand());
    if (cast->use_empty())
      cast->erase();
    changed = true;
  }
  if (changed)
    func.setFunctionType(
        FunctionType::get(func.getContext(), func.getArgumentTypes(), results));
}

class RefineTypesPass : public Torch::impl::RefineTypesBase<RefineTypesPass> {
public:
  void runOnOperation() override {
    refineTypes(getOperation());
    refineReturnTypes(getOperation());
  }
};

} // namespace

bool Torch::acceptsRefinedType(OpOperand &use) {
  Operation *user = use.getOwner();
  if (!isa<TorchDialect>(user->getDialect()))
    return false;
  return !isa<PrimLoopConditionOp, PrimTupleConstructOp, GlobalSlotSetOp,
              OperatorTerminatorOp>(user);
}

bool Torch::hasTypeRule(Operation *op) {
  if (auto operatorOp = dyn_cast<OperatorOp>(op))
    return hasOperatorRule(operatorOp);
  return static_cast<bool>(table().lookup(op));
}

bool Torch::refineTypes(Operation *root) {
  OpBuilder builder(root->getContext());
  bool any = false;
  // Program order reaches operands before their users; a sweep more
  // settles branches whose yields were refined after the branch.
  for (int sweep = 0; sweep < 8; ++sweep) {
    bool changed = false;
    root->walk([&](Operation *op) { changed |= refine(op, builder); });
    any |= changed;
    if (!changed)
      break;
  }
  return any;
}
