//===- DecomposeLinearAlgebra.cpp - Products
//--------------------------------===//
//
// linear, matmul and outer as mm, bmm and elementwise products.
//
//===----------------------------------------------------------------------===//

#include "Decompositions.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::Torch;
using namespace mlir::torch::Torch::decompositions;

namespace {

/// linear(x, w, b) = matmul(x, t(w)) + b.
class DecomposeLinear : public Decomposition<AtenLinearOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenLinearOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType weight = knownType(op.getWeight());
    ValueTensorType result = knownType(op.getResult());
    if (!weight || !result || weight.getSizes().size() != 2)
      return rewriter.notifyMatchFailure(op, "weight not 2-D of known type");
    TorchBuilder b(rewriter, op.getLoc());
    ArrayRef<int64_t> w = weight.getSizes();
    Value transposed = b.create<AtenTOp>(
        b.tensorType({w[1], w[0]}, weight.getDtype()), op.getWeight());
    Value product = b.create<AtenMatmulOp>(result, op.getInput(), transposed);
    if (!isNone(op.getBias()))
      product = b.create<AtenAddTensorOp>(result, product, op.getBias(),
                                          b.constInt(1));
    rewriter.replaceOp(op, product);
    return success();
  }
};

/// matmul(a, b) by the operands' ranks: mm for 2-D x 2-D; a 1-D operand
/// gets a unit dim (squeezed from the result); batched ones are expanded
/// to the broadcast batch dims, flattened to one, multiplied with bmm and
/// viewed as the result; a batched `a` with a 2-D `b` flattens a's batch
/// dims into its rows instead. 1-D x 1-D is sum(a * b).
class DecomposeMatmul : public Decomposition<AtenMatmulOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenMatmulOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType aType = knownType(op.getSelf());
    ValueTensorType bType = knownType(op.getOther());
    ValueTensorType result = knownType(op.getResult());
    if (!aType || !bType || !result)
      return rewriter.notifyMatchFailure(op, "operands of unknown rank");
    int64_t ra = aType.getSizes().size(), rb = bType.getSizes().size();
    if (ra == 0 || rb == 0)
      return rewriter.notifyMatchFailure(op, "a 0-d operand");
    Type dtype = result.getDtype();
    TorchBuilder b(rewriter, op.getLoc());
    Value a = op.getSelf(), other = op.getOther();
    if (ra == 1 && rb == 1) {
      Value product = b.create<AtenMulTensorOp>(
          b.tensorType(aType.getSizes(), dtype), a, other);
      rewriter.replaceOpWithNewOp<AtenSumDimIntListOp>(
          op, result, product, b.intList({0}), b.constBool(false), b.none());
      return success();
    }
    // 1-D operands as a row ([1, k]) or a column ([k, 1]).
    auto unsqueezed = [&](Value v, ValueTensorType type, int64_t dim) {
      SmallVector<int64_t> sizes(type.getSizes());
      sizes.insert(sizes.begin() + (dim < 0 ? sizes.size() + dim + 1 : dim), 1);
      return b.create<AtenUnsqueezeOp>(b.tensorType(sizes, type.getDtype()), v,
                                       b.constInt(dim));
    };
    if (ra == 1)
      a = unsqueezed(a, aType, 0);
    if (rb == 1)
      other = unsqueezed(other, bType, -1);
    auto aSizes = cast<ValueTensorType>(a.getType()).getSizes();
    auto bSizes = cast<ValueTensorType>(other.getType()).getSizes();
    int64_t m = aSizes[aSizes.size() - 2], n = bSizes.back();
    Value product;
    if (aSizes.size() == 2 && bSizes.size() == 2) {
      product = b.create<AtenMmOp>(b.tensorType({m, n}, dtype), a, other);
    } else if (bSizes.size() == 2) {
      // [batch..., m, k] @ [k, n]: the batch dims join the rows.
      int64_t rows = sizeProduct(aSizes.drop_back());
      Value flat = b.create<AtenFlattenUsingIntsOp>(
          b.tensorType({rows, aSizes.back()}, dtype), a, b.constInt(0),
          b.constInt(aSizes.size() - 2));
      Value mm =
          b.create<AtenMmOp>(b.tensorType({rows, n}, dtype), flat, other);
      SmallVector<Value> sizes;
      SmallVector<int64_t> staticSizes(aSizes.drop_back());
      for (int64_t d = 0; d + 1 < static_cast<int64_t>(aSizes.size()); ++d)
        sizes.push_back(b.sizeOf(a, d));
      sizes.push_back(b.sizeOf(other, 1));
      staticSizes.push_back(n);
      product = b.create<AtenViewOp>(b.tensorType(staticSizes, dtype), mm,
                                     b.sizeList(sizes));
    } else {
      // Batched: expand both to the broadcast batch dims, flatten, bmm.
      int64_t batchRank = std::max(aSizes.size(), bSizes.size()) - 2;
      SmallVector<Value> batch;
      SmallVector<int64_t> staticBatch;
      int64_t count = 1;
      for (int64_t d = 0; d < batchRank; ++d) {
        // Dim d of the batch, counted from the front of the longest.
        auto sizeIn = [&](Value v, ArrayRef<int64_t> sizes) -> int64_t {
          int64_t at =
              d - (batchRank - (static_cast<int64_t>(sizes.size()) - 2));
          return at < 0 ? 1 : sizes[at];
        };
        int64_t sa = sizeIn(a, aSizes), sb = sizeIn(other, bSizes);
        int64_t size = sa == 1              ? sb
                       : sb == 1            ? sa
                       : sa != kUnknownSize ? sa
                                            : sb;
        Value value;
        if (size != kUnknownSize) {
          value = b.constInt(size);
        } else {
          bool fromA = sa != 1;
          ArrayRef<int64_t> sizes = fromA ? aSizes : bSizes;
          int64_t at =
              d - (batchRank - (static_cast<int64_t>(sizes.size()) - 2));
          value = b.sizeOf(fromA ? a : other, at);
        }
        batch.push_back(value);
        staticBatch.push_back(size);
        count = size == kUnknownSize || count == kUnknownSize ? kUnknownSize
                                                              : count * size;
      }
      auto expanded = [&](Value v, ArrayRef<int64_t> sizes) -> Value {
        SmallVector<Value> to(batch);
        to.push_back(b.constInt(-1));
        to.push_back(b.constInt(-1));
        SmallVector<int64_t> shape(staticBatch);
        shape.append(sizes.end() - 2, sizes.end());
        Value e = b.create<AtenExpandOp>(b.tensorType(shape, dtype), v,
                                         b.sizeList(to), b.constBool(false));
        SmallVector<int64_t> flat{count};
        flat.append(sizes.end() - 2, sizes.end());
        return b.create<AtenFlattenUsingIntsOp>(b.tensorType(flat, dtype), e,
                                                b.constInt(0),
                                                b.constInt(batchRank - 1));
      };
      Value bmm =
          b.create<AtenBmmOp>(b.tensorType({count, m, n}, dtype),
                              expanded(a, aSizes), expanded(other, bSizes));
      SmallVector<Value> sizes(batch);
      sizes.push_back(b.sizeOf(a, -2));
      sizes.push_back(b.sizeOf(other, -1));
      SmallVector<int64_t> shape(staticBatch);
      shape.push_back(m);
      shape.push_back(n);
      product = b.create<AtenViewOp>(b.tensorType(shape, dtype), bmm,
                                     b.sizeList(sizes));
    }
    // Drop the unit dims the 1-D operands got.
    auto productSizes = [&]() {
      return cast<ValueTensorType>(product.getType()).getSizes();
    };
    if (rb == 1) {
      SmallVector<int64_t> sizes(productSizes().drop_back());
      product = b.create<AtenSqueezeDimOp>(b.tensorType(sizes, dtype), product,
                                           b.constInt(-1));
    }
    if (ra == 1) {
      SmallVector<int64_t> sizes(productSizes());
      sizes.erase(sizes.end() - (rb == 1 ? 1 : 2));
      product = b.create<AtenSqueezeDimOp>(b.tensorType(sizes, dtype), product,
                                           b.constInt(rb == 1 ? -1 : -2));
    }
    if (product.getType() != result)
      product = b.create<TensorStaticInfoCastOp>(result, product);
    rewriter.replaceOp(op, product);
    return success();
  }
};

class DecomposeOuter : public Decomposition<AtenOuterOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenOuterOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType a = knownType(op.getSelf());
    ValueTensorType result = knownType(op.getResult());
    if (!a || !result || a.getSizes().size() != 1)
      return rewriter.notifyMatchFailure(op, "not a 1-D operand of known type");
    TorchBuilder b(rewriter, op.getLoc());
    Value column = b.create<AtenUnsqueezeOp>(
        b.tensorType({a.getSizes()[0], 1}, a.getDtype()), op.getSelf(),
        b.constInt(1));
    rewriter.replaceOpWithNewOp<AtenMulTensorOp>(op, result, column,
                                                 op.getVec2());
    return success();
  }
};

/// baddbmm(self, b1, b2, beta, alpha) = beta * self + alpha * bmm(b1, b2)
/// (self not read when beta is 0, as PyTorch: its NaNs do not leak).
class DecomposeBaddbmm : public Decomposition<AtenBaddbmmOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenBaddbmmOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType result = knownType(op.getResult());
    std::optional<double> beta = constantNumber(op.getBeta());
    std::optional<double> alpha = constantNumber(op.getAlpha());
    if (!result || result.getSizes().size() != 3 || !beta || !alpha)
      return rewriter.notifyMatchFailure(op, "beta or alpha not constants");
    TorchBuilder b(rewriter, op.getLoc());
    Value product = b.create<AtenBmmOp>(result, op.getBatch1(), op.getBatch2());
    if (*alpha != 1)
      product = b.create<AtenMulScalarOp>(result, product, op.getAlpha());
    if (*beta == 0) {
      rewriter.replaceOp(op, product);
      return success();
    }
    Value self = op.getSelf();
    if (*beta != 1) {
      ValueTensorType selfType = knownType(self);
      if (!selfType)
        return rewriter.notifyMatchFailure(op, "self of unknown type");
      self = b.create<AtenMulScalarOp>(selfType, self, op.getBeta());
    }
    rewriter.replaceOpWithNewOp<AtenAddTensorOp>(op, result, product, self,
                                                 b.constInt(1));
    return success();
  }
};

/// Two einsum operands `xs` with letters `ts` (no letter repeated within
/// one), static sizes, contracted into the letters `out` with one bmm.
template <typename ShapeOf>
Value contracted(TorchBuilder &b, SmallVector<Value> &xs,
                 SmallVector<std::string> &ts, StringRef out, ShapeOf shapeOf,
                 Type dtype) {
  // A letter only one operand has and the output lacks: summed away first.
  for (size_t k = 0; k < 2; ++k) {
    SmallVector<int64_t> dims;
    std::string keep;
    for (auto [i, c] : llvm::enumerate(ts[k])) {
      if (out.contains(c) || StringRef(ts[1 - k]).contains(c))
        keep.push_back(c);
      else
        dims.push_back(i);
    }
    if (dims.empty())
      continue;
    xs[k] = b.create<AtenSumDimIntListOp>(b.tensorType(shapeOf(keep), dtype),
                                          xs[k], b.intList(dims),
                                          b.constBool(false), b.none());
    ts[k] = keep;
  }
  std::string batch, kept0, kept1, inner;
  for (char c : ts[0]) {
    bool inOther = StringRef(ts[1]).contains(c), inOut = out.contains(c);
    (inOther ? (inOut ? batch : inner) : kept0).push_back(c);
  }
  for (char c : ts[1])
    if (!StringRef(ts[0]).contains(c))
      kept1.push_back(c);
  auto product = [&](StringRef l) {
    int64_t p = 1;
    for (int64_t size : shapeOf(l))
      p *= size;
    return p;
  };
  auto permuted = [&](Value x, StringRef from, StringRef to) {
    if (from == to)
      return x;
    SmallVector<int64_t> order;
    for (char c : to)
      order.push_back(from.find(c));
    return b.create<AtenPermuteOp>(b.tensorType(shapeOf(to), dtype), x,
                                   b.intList(order));
  };
  auto reshaped = [&](Value x, ArrayRef<int64_t> sizes) -> Value {
    ValueTensorType type = b.tensorType(sizes, dtype);
    if (x.getType() == type)
      return x;
    return b.create<AtenReshapeOp>(type, x, b.intList(sizes));
  };
  int64_t n = product(batch), m = product(kept0), k = product(inner),
          p = product(kept1);
  Value lhs =
      reshaped(permuted(xs[0], ts[0], batch + kept0 + inner), {n, m, k});
  Value rhs =
      reshaped(permuted(xs[1], ts[1], batch + inner + kept1), {n, k, p});
  Value mm = b.create<AtenBmmOp>(b.tensorType({n, m, p}, dtype), lhs, rhs);
  std::string order = batch + kept0 + kept1;
  return permuted(reshaped(mm, shapeOf(order)), order, out);
}

/// einsum(equation, tensors) without "...": each operand's repeated letters
/// taken as diagonals. Two operands of static shape contract as one bmm: the
/// letters only one operand has and the output lacks summed first, then the
/// operands permuted and reshaped to [batch, kept, contracted] and [batch,
/// contracted, kept], and the product reshaped and permuted into the
/// output's order. Otherwise each operand's dims are permuted into the order
/// letters first appear, with unit dims for the letters it lacks; the
/// operands multiplied (broadcasting), the letters missing from the output
/// summed away, and the rest permuted into the output's order (a product
/// over all letters: general, but its memory grows with every letter).
class DecomposeEinsum : public Decomposition<AtenEinsumOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenEinsumOp op,
                          PatternRewriter &rewriter) const override {
    auto equation = op.getEquation().getDefiningOp<ConstantStrOp>();
    auto list = op.getTensors().getDefiningOp<PrimListConstructOp>();
    ValueTensorType result = knownType(op.getResult());
    if (!equation || !list || !result || !isNone(op.getPath()))
      return rewriter.notifyMatchFailure(op, "equation not a constant");
    std::string text;
    for (char c : equation.getValue())
      if (c != ' ')
        text.push_back(c);
    if (StringRef(text).contains("..."))
      return rewriter.notifyMatchFailure(op, "an ellipsis");
    StringRef eq(text);
    auto [inputs, output] = eq.split("->");
    SmallVector<StringRef> terms;
    inputs.split(terms, ',');
    ValueRange tensors = list.getElements();
    if (terms.size() != tensors.size())
      return rewriter.notifyMatchFailure(op, "terms and tensors differ");
    // Letters in order of first appearance, and their sizes.
    std::string letters;
    llvm::DenseMap<char, int64_t> sizeOf;
    for (auto [term, tensor] : llvm::zip(terms, tensors)) {
      ValueTensorType type = knownType(tensor);
      if (!type || type.getSizes().size() != term.size())
        return rewriter.notifyMatchFailure(op, "a term unlike its tensor");
      for (auto [c, size] : llvm::zip(term, type.getSizes())) {
        if (!llvm::isAlpha(c))
          return rewriter.notifyMatchFailure(op, "not a letter");
        if (!sizeOf.count(c)) {
          letters.push_back(c);
          sizeOf[c] = size;
        } else if (sizeOf[c] == kUnknownSize) {
          sizeOf[c] = size;
        }
      }
    }
    std::string out = output.str();
    if (!eq.contains("->")) { // implicit: the letters seen once, sorted
      out.clear();
      for (char c : letters) {
        int64_t count = 0;
        for (StringRef term : terms)
          count += llvm::count(term, c);
        if (count == 1)
          out.push_back(c);
      }
      llvm::sort(out);
    }
    TorchBuilder b(rewriter, op.getLoc());
    Type dtype = result.getDtype();
    auto shapeOf = [&](StringRef term) {
      SmallVector<int64_t> shape;
      for (char c : term)
        shape.push_back(sizeOf[c]);
      return shape;
    };
    // Each operand with its repeated letters taken as diagonals (over the
    // first two dims of the letter, moved last).
    SmallVector<Value> xs;
    SmallVector<std::string> ts;
    for (auto [term, tensor] : llvm::zip(terms, tensors)) {
      std::string t = term.str();
      Value x = tensor;
      Type elem = knownType(x).getDtype();
      for (size_t i = 0; i < t.size(); ++i) {
        size_t j = t.find(t[i], i + 1);
        if (j == std::string::npos)
          continue;
        char c = t[i];
        t.erase(j, 1);
        t.erase(i, 1);
        t.push_back(c);
        x = b.create<AtenDiagonalOp>(b.tensorType(shapeOf(t), elem), x,
                                     b.constInt(0), b.constInt(i),
                                     b.constInt(j));
        i = -1; // look again from the start
      }
      xs.push_back(x);
      ts.push_back(t);
    }
    bool isStatic = llvm::all_of(
        letters, [&](char c) { return sizeOf[c] != kUnknownSize; });
    if (xs.size() == 2 && isStatic && llvm::all_of(xs, [&](Value x) {
          return knownType(x).getDtype() == dtype;
        })) {
      Value product = contracted(b, xs, ts, out, shapeOf, dtype);
      if (product.getType() != result)
        product = b.create<TensorStaticInfoCastOp>(result, product);
      rewriter.replaceOp(op, product);
      return success();
    }
    Value product;
    for (auto [t, x] : llvm::zip(ts, xs)) {
      Type elem = knownType(x).getDtype();
      // Into letter order, then a unit dim for each letter it lacks.
      SmallVector<int64_t> order;
      std::string sorted;
      for (char c : letters)
        if (size_t at = t.find(c); at != std::string::npos) {
          order.push_back(at);
          sorted.push_back(c);
        }
      x = b.create<AtenPermuteOp>(b.tensorType(shapeOf(sorted), elem), x,
                                  b.intList(order));
      SmallVector<Value> full;
      SmallVector<int64_t> fullShape;
      for (char c : letters) {
        size_t at = sorted.find(c);
        full.push_back(at == std::string::npos ? b.constInt(1)
                                               : b.sizeOf(x, at));
        fullShape.push_back(at == std::string::npos ? 1 : sizeOf[c]);
      }
      x = b.create<AtenViewOp>(b.tensorType(fullShape, elem), x,
                               b.sizeList(full));
      product = product ? b.create<AtenMulTensorOp>(
                              b.tensorType(shapeOf(letters), dtype), product, x)
                        : x;
    }
    // Sum the letters the output lacks, then order the rest as it says.
    SmallVector<int64_t> summed;
    std::string kept;
    for (auto [i, c] : llvm::enumerate(letters)) {
      if (out.find(c) == std::string::npos)
        summed.push_back(i);
      else
        kept.push_back(c);
    }
    if (!summed.empty())
      product = b.create<AtenSumDimIntListOp>(
          b.tensorType(shapeOf(kept), dtype), product, b.intList(summed),
          b.constBool(false), b.none());
    SmallVector<int64_t> order;
    for (char c : out) {
      size_t at = kept.find(c);
      if (at == std::string::npos)
        return rewriter.notifyMatchFailure(op, "an output letter no input has");
      order.push_back(at);
    }
    product = b.create<AtenPermuteOp>(b.tensorType(shapeOf(out), dtype),
                                      product, b.intList(order));
    if (product.getType() != result)
      product = b.create<TensorStaticInfoCastOp>(result, product);
    rewriter.replaceOp(op, product);
    return success();
  }
};

/// _trilinear(i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim)
/// (bilinear's ATen form): each input gets unit dims at its expand dims (a
/// set, inserted in increasing order, so that all three have one rank), the
/// three are multiplied, broadcasting, and summed over sumdim, which the
/// result drops. unroll_dim only orders ATen's own loops.
class DecomposeTrilinear : public Decomposition<Aten_TrilinearOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(Aten_TrilinearOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType result = knownType(op.getResult());
    if (!result)
      return rewriter.notifyMatchFailure(op, "a result of unknown type");
    std::optional<SmallVector<int64_t>> sumDims = constantInts(op.getSumdim());
    if (!sumDims)
      return rewriter.notifyMatchFailure(op, "sumdim not constants");
    TorchBuilder b(rewriter, op.getLoc());
    Type dtype = result.getDtype();
    int64_t total = -1;
    SmallVector<Value> expanded;
    SmallVector<int64_t> sizes;
    for (auto [input, expand] : {std::pair{op.getI1(), op.getExpand1()},
                                 {op.getI2(), op.getExpand2()},
                                 {op.getI3(), op.getExpand3()}}) {
      ValueTensorType type = knownType(input);
      std::optional<SmallVector<int64_t>> dims = constantInts(expand);
      if (!type || !dims)
        return rewriter.notifyMatchFailure(op, "an input of unknown rank or "
                                               "expand dims not constants");
      int64_t rank = type.getSizes().size() + dims->size();
      if (total >= 0 && rank != total)
        return rewriter.notifyMatchFailure(op, "inputs of different ranks");
      total = rank;
      llvm::SmallSet<int64_t, 4> set;
      for (int64_t d : *dims)
        set.insert(d < 0 ? d + rank : d);
      Value v = input;
      SmallVector<int64_t> vSizes(type.getSizes());
      for (int64_t d = 0; d < rank; ++d) {
        if (!set.contains(d))
          continue;
        vSizes.insert(vSizes.begin() + d, 1);
        v = b.create<AtenUnsqueezeOp>(b.tensorType(vSizes, type.getDtype()), v,
                                      b.constInt(d));
      }
      sizes = expanded.empty() ? vSizes : broadcastSizes(sizes, vSizes);
      expanded.push_back(v);
    }
    Value product = b.create<AtenMulTensorOp>(b.tensorType(sizes, dtype),
                                              expanded[0], expanded[1]);
    product = b.create<AtenMulTensorOp>(b.tensorType(sizes, dtype), product,
                                        expanded[2]);
    if (!sumDims->empty())
      product = b.create<AtenSumDimIntListOp>(
          b.tensorType(result.getSizes(), dtype), product, b.intList(*sumDims),
          b.constBool(false), b.none());
    if (product.getType() != result)
      product = b.create<TensorStaticInfoCastOp>(result, product);
    rewriter.replaceOp(op, product);
    return success();
  }
};

/// bilinear(x1 [..., I], x2 [..., J], w [O, I, J], b) = einsum("ni,oij,nj->no")
/// over the leading dims flattened to one, viewed back, plus b.
class DecomposeBilinear : public Decomposition<AtenBilinearOp> {
public:
  using Decomposition::Decomposition;

  LogicalResult decompose(AtenBilinearOp op,
                          PatternRewriter &rewriter) const override {
    ValueTensorType a = knownType(op.getInput1());
    ValueTensorType c = knownType(op.getInput2());
    ValueTensorType w = knownType(op.getWeight());
    ValueTensorType result = knownType(op.getResult());
    if (!a || !c || !w || !result || a.getSizes().empty() ||
        a.getSizes().size() != c.getSizes().size() || w.getSizes().size() != 3)
      return rewriter.notifyMatchFailure(op, "operands of unexpected ranks");
    TorchBuilder b(rewriter, op.getLoc());
    Type dtype = result.getDtype();
    int64_t rank = a.getSizes().size();
    int64_t o = w.getSizes()[0];
    Value x1 = op.getInput1(), x2 = op.getInput2();
    StringRef equation = "i,oij,j->o";
    SmallVector<int64_t> productShape{o};
    if (rank > 1) {
      int64_t rows = sizeProduct(a.getSizes().drop_back());
      auto flat = [&](Value v, ValueTensorType t) -> Value {
        return b.create<AtenViewOp>(
            b.tensorType({rows, t.getSizes().back()}, t.getDtype()), v,
            b.sizeList({b.constInt(-1), b.sizeOf(v, -1)}));
      };
      x1 = flat(x1, a);
      x2 = flat(x2, c);
      equation = "ni,oij,nj->no";
      productShape = {rows, o};
    }
    Value tensors = b.tensorList({x1, op.getWeight(), x2});
    Value product =
        b.create<AtenEinsumOp>(b.tensorType(productShape, dtype),
                               b.constStr(equation), tensors, b.none());
    if (rank > 1) {
      SmallVector<Value> sizes;
      for (int64_t d = 0; d + 1 < rank; ++d)
        sizes.push_back(b.sizeOf(op.getInput1(), d));
      sizes.push_back(b.constInt(o));
      product = b.create<AtenViewOp>(result, product, b.sizeList(sizes));
    }
    if (!isNone(op.getBias()))
      product = b.create<AtenAddTensorOp>(result, product, op.getBias(),
                                          b.constInt(1));
    if (product.getType() != result)
      product = b.create<TensorStaticInfoCastOp>(result, product);
    rewriter.replaceOp(op, product);
    return success();
  }
};

/// cdist and _cdist_forward(x1 [..., P, M], x2 [..., R, M], p, mode),
/// operators the registry lacks: linalg_vector_norm(x1[..., :, None, :] -
/// x2[..., None, :,
/// :], p) over the last dim.
class DecomposeCdist : public OperatorDecomposition {
public:
  DecomposeCdist(MLIRContext *context, const LegalOps &legal, StringRef name)
      : OperatorDecomposition(context, legal, name, 4, 1) {}

  LogicalResult decompose(OperatorOp op,
                          PatternRewriter &rewriter) const override {
    ValueRange in = op->getOperands();
    ValueTensorType a = knownType(in[0]);
    ValueTensorType c = knownType(in[1]);
    ValueTensorType result = knownType(op->getResult(0));
    if (!a || !c || !result || a.getSizes().size() < 2 ||
        a.getSizes().size() != c.getSizes().size() ||
        !isa<mlir::FloatType>(a.getDtype()) || !constantNumber(in[2]))
      return rewriter.notifyMatchFailure(op, "operands of unexpected types");
    TorchBuilder b(rewriter, op.getLoc());
    int64_t rank = a.getSizes().size();
    SmallVector<int64_t> left(a.getSizes()), right(c.getSizes());
    left.insert(left.end() - 1, 1);
    right.insert(right.end() - 2, 1);
    Value x1 = b.create<AtenUnsqueezeOp>(b.tensorType(left, a.getDtype()),
                                         in[0], b.constInt(rank - 1));
    Value x2 = b.create<AtenUnsqueezeOp>(b.tensorType(right, c.getDtype()),
                                         in[1], b.constInt(rank - 2));
    SmallVector<int64_t> diffSizes(result.getSizes());
    diffSizes.push_back(a.getSizes().back());
    Value diff = b.create<AtenSubTensorOp>(
        b.tensorType(diffSizes, a.getDtype()), x1, x2, b.constInt(1));
    rewriter.replaceOpWithNewOp<AtenLinalgVectorNormOp>(
        op, result, diff, in[2], b.intList({-1}), b.constBool(false), b.none());
    return success();
  }
};

} // namespace

void mlir::torch::Torch::decompositions::populateLinearAlgebraDecompositions(
    RewritePatternSet &patterns, const LegalOps &legal) {
  patterns
      .add<DecomposeLinear, DecomposeMatmul, DecomposeOuter, DecomposeBaddbmm,
           DecomposeEinsum, DecomposeBilinear, DecomposeTrilinear>(
          patterns.getContext(), legal);
  for (StringRef name : {"aten.cdist", "aten._cdist_forward"})
    patterns.add<DecomposeCdist>(patterns.getContext(), legal, name);
}
