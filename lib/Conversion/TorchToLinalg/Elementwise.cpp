//===- Elementwise.cpp - Elementwise ATen ops to linalg.generic -----------===//
//
// Every elementwise op becomes one `linalg.generic` over the result's shape.
// Tensor operands broadcast to it; Python scalar operands are converted
// values captured by the body. Operands are cast to the type the op computes
// in (the result's dtype, which the importer recorded as PyTorch promoted it;
// comparisons compute in the promoted operand type), then the body applies
// the op to one element.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "torch-mlir/Conversion/Utils.h"
#include "torch-mlir/Dialect/Torch/Builder/TorchBuilder.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"

#include <cmath>

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::conversion;
using namespace mlir::torch::Torch;

namespace mlir::torch::torch_to_linalg {

Value buildElementwise(
    OpBuilder &b, Location loc, ValueRange inputs, RankedTensorType resultType,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  int64_t rank = resultType.getRank();
  MLIRContext *context = b.getContext();

  // The operands' dimensions that are not a static 1 stretched, per result
  // dimension: (operand, its dimension).
  SmallVector<SmallVector<std::pair<unsigned, int64_t>>> contributors(rank);
  for (auto [k, input] : llvm::enumerate(inputs)) {
    auto type = cast<RankedTensorType>(input.getType());
    int64_t offset = rank - type.getRank();
    for (int64_t i = 0; i < type.getRank(); ++i)
      if (!(type.getDimSize(i) == 1 && resultType.getDimSize(i + offset) != 1))
        contributors[i + offset].push_back({k, i});
  }
  // Operand k's size along its dimension i, each tensor.dim made once; and
  // the index 1, made once.
  SmallVector<SmallVector<OpFoldResult>> dims(inputs.size());
  auto dimOf = [&](unsigned k, int64_t i) -> OpFoldResult {
    auto type = cast<RankedTensorType>(inputs[k].getType());
    if (!type.isDynamicDim(i))
      return b.getIndexAttr(type.getDimSize(i));
    if (dims[k].empty())
      dims[k].resize(type.getRank());
    if (!dims[k][i])
      dims[k][i] = b.create<tensor::DimOp>(loc, inputs[k], i).getResult();
    return dims[k][i];
  };
  Value one;
  auto indexOne = [&]() {
    if (!one)
      one = b.create<arith::ConstantIndexOp>(loc, 1);
    return one;
  };

  // Each result size: static from the type, or an operand's static size, or
  // (all dynamic) the first that is not 1 at run time.
  SmallVector<OpFoldResult> sizes(rank);
  // isOne[k][i]: operand k's dimension i is known only at run time and may
  // be 1 where the result's is not: it stretches then (read at index 0).
  SmallVector<SmallVector<Value>> isOne(inputs.size());
  for (auto [k, input] : llvm::enumerate(inputs))
    isOne[k].resize(cast<RankedTensorType>(input.getType()).getRank());
  for (int64_t j = 0; j < rank; ++j) {
    if (!resultType.isDynamicDim(j)) {
      sizes[j] = b.getIndexAttr(resultType.getDimSize(j));
    } else {
      for (auto [k, i] : contributors[j])
        if (!cast<RankedTensorType>(inputs[k].getType()).isDynamicDim(i)) {
          sizes[j] = dimOf(k, i);
          break;
        }
      if (!sizes[j] && contributors[j].size() == 1) {
        sizes[j] = dimOf(contributors[j][0].first, contributors[j][0].second);
        continue; // the one operand that sets it
      }
      if (!sizes[j] && !contributors[j].empty()) {
        Value size;
        for (auto [k, i] : contributors[j]) {
          Value d = getValueOrCreateConstantIndexOp(b, loc, dimOf(k, i));
          size =
              !size ? d
                    : b.create<arith::SelectOp>(
                          loc,
                          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq,
                                                  size, indexOne()),
                          d, size);
        }
        sizes[j] = size;
      }
    }
    if (!sizes[j])
      sizes[j] = b.getIndexAttr(1);
    std::optional<int64_t> staticSize = getConstantIntValue(sizes[j]);
    for (auto [k, i] : contributors[j]) {
      auto type = cast<RankedTensorType>(inputs[k].getType());
      if (!type.isDynamicDim(i))
        continue; // static: equal to a static result size, by its type
      Value d = getValueOrCreateConstantIndexOp(b, loc, dimOf(k, i));
      Value size = getValueOrCreateConstantIndexOp(b, loc, sizes[j]);
      Value same =
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, d, size);
      Value unit =
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, d, indexOne());
      b.create<cf::AssertOp>(
          loc, b.create<arith::OrIOp>(loc, same, unit),
          ("operand " + Twine(k) + "'s size along dimension " + Twine(j) +
           " of the result is neither the result's size nor 1 (the operands "
           "do not broadcast)")
              .str());
      if (staticSize != 1)
        isOne[k][i] = unit;
    }
  }

  // Operands read directly through their indexing map, and those with a
  // dimension that may stretch at run time, read with tensor.extract.
  SmallVector<Value> direct;
  SmallVector<AffineMap> maps;
  SmallVector<int> directIndex(inputs.size(), -1);
  for (auto [k, input] : llvm::enumerate(inputs)) {
    if (llvm::any_of(isOne[k], [](Value v) { return bool(v); }))
      continue;
    auto type = cast<RankedTensorType>(input.getType());
    int64_t offset = rank - type.getRank();
    SmallVector<AffineExpr> exprs;
    for (int64_t i = 0; i < type.getRank(); ++i) {
      bool stretched =
          type.getDimSize(i) == 1 && resultType.getDimSize(i + offset) != 1;
      exprs.push_back(stretched ? getAffineConstantExpr(0, context)
                                : getAffineDimExpr(i + offset, context));
    }
    directIndex[k] = direct.size();
    direct.push_back(input);
    maps.push_back(AffineMap::get(rank, 0, exprs, context));
  }
  maps.push_back(b.getMultiDimIdentityMap(rank));

  Value init = emptyTensor(b, loc, resultType, sizes);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = b.create<linalg::GenericOp>(
      loc, resultType, direct, init, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        SmallVector<Value> elements;
        for (auto [k, input] : llvm::enumerate(inputs)) {
          if (directIndex[k] >= 0) {
            elements.push_back(args[directIndex[k]]);
            continue;
          }
          auto type = cast<RankedTensorType>(input.getType());
          int64_t offset = rank - type.getRank();
          Value zero = nested.create<arith::ConstantIndexOp>(nestedLoc, 0);
          SmallVector<Value> at;
          for (int64_t i = 0; i < type.getRank(); ++i) {
            if (type.getDimSize(i) == 1 &&
                resultType.getDimSize(i + offset) != 1) {
              at.push_back(zero);
              continue;
            }
            Value index = nested.create<linalg::IndexOp>(nestedLoc, i + offset);
            if (isOne[k][i])
              index = nested.create<arith::SelectOp>(nestedLoc, isOne[k][i],
                                                     zero, index);
            at.push_back(index);
          }
          elements.push_back(
              nested.create<tensor::ExtractOp>(nestedLoc, input, at));
        }
        Value result = body(nested, nestedLoc, elements);
        nested.create<linalg::YieldOp>(nestedLoc, result);
      });
  return generic.getResult(0);
}

void checkSameSize(OpBuilder &b, Location loc, OpFoldResult a, OpFoldResult c,
                   const Twine &what) {
  if (getConstantIntValue(a) && getConstantIntValue(c))
    return;
  Value equal = b.create<arith::CmpIOp>(
      loc, arith::CmpIPredicate::eq, getValueOrCreateConstantIndexOp(b, loc, a),
      getValueOrCreateConstantIndexOp(b, loc, c));
  b.create<cf::AssertOp>(loc, equal, what.str());
}

Value castElements(OpBuilder &b, Location loc, Value tensor, Type element,
                   bool fromUnsigned) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (type.getElementType() == element)
    return tensor;
  return buildElementwise(b, loc, tensor, type.clone(element),
                          [&](OpBuilder &nb, Location nl, ValueRange x) {
                            return castScalar(nb, nl, x[0], element,
                                              fromUnsigned);
                          });
}

arith::CmpIPredicate integerPredicate(arith::CmpIPredicate signedPredicate,
                                      Type type, bool isUnsigned) {
  using IP = arith::CmpIPredicate;
  if (!isUnsigned && !type.isInteger(1))
    return signedPredicate;
  switch (signedPredicate) {
  case IP::slt:
    return IP::ult;
  case IP::sle:
    return IP::ule;
  case IP::sgt:
    return IP::ugt;
  case IP::sge:
    return IP::uge;
  default:
    return signedPredicate;
  }
}

} // namespace mlir::torch::torch_to_linalg

using namespace mlir::torch::torch_to_linalg;

namespace {

/// The type PyTorch computes a comparison (or another op whose result is not
/// the computation type) in: result_type of the op's operands (resultDtype:
/// tensors with dims, then 0-d tensors, then Python scalars; so a ui8 tensor
/// compared with a signed 0-d tensor computes in ui8, as eager does), as the
/// signless type holding it. `isUnsigned` is set when that type holds
/// unsigned integers (ui8; and bools, which order false < true). A scalar
/// whose kind Torch IR does not say (a !torch.number) counts by the type it
/// was converted to. Null if PyTorch refuses the mix.
Type promotedType(Operation *op, ArrayRef<Value> values, Builder &b,
                  bool &isUnsigned) {
  auto scalarDtype = [&](Value v) -> Type {
    if (Type t = wrappedScalarDtype(v))
      return t;
    for (auto [original, value] : llvm::zip(op->getOperands(), values)) {
      Type t = value.getType();
      if (original != v || t.isInteger(1))
        continue;
      if (isa<IntegerType>(t))
        return b.getIntegerType(64, /*isSigned=*/true);
      if (isa<mlir::FloatType>(t))
        return b.getF32Type();
    }
    return nullptr;
  };
  isUnsigned = false;
  Type dtype = resultDtype(SmallVector<Value>(op->getOperands()), scalarDtype);
  if (auto integer = dyn_cast_or_null<IntegerType>(dtype)) {
    isUnsigned = integer.isUnsigned() || integer.getWidth() == 1;
    return b.getIntegerType(integer.getWidth());
  }
  return dtype;
}

/// One result element of `op`, from its operands' elements (tensors) or
/// values (scalars), in operand order. Null if the op or its types are not
/// handled; the pattern then fails without changing anything.
class ElementBuilder {
public:
  ElementBuilder(OpBuilder &b, Location loc, Operation *op, ValueRange values,
                 Type resultType)
      : b(b), loc(loc), op(op), values(values), result(resultType),
        isUnsigned(isUnsignedTensor(op->getResult(0)) ||
                   resultType.isInteger(1)) {}

  Value build();

  // What the rows of kElementwiseOps build an element with.
  /// Operand `i` as a `type` (holding unsigned integers if `toUnsigned`);
  /// a ui8 operand widens as unsigned.
  Value in(unsigned i, Type type, bool toUnsigned = false) {
    bool fromUnsigned = isUnsignedTensor(op->getOperand(i));
    return castScalar(b, loc, values[i], type, fromUnsigned, toUnsigned);
  }
  Value in(unsigned i) { return in(i, result, isUnsigned); }
  bool isFloat() { return isa<mlir::FloatType>(result); }
  /// `predicate` (a signed one) for the result type's integers.
  arith::CmpIPredicate intPredicate(arith::CmpIPredicate predicate) {
    return integerPredicate(predicate, result, isUnsigned);
  }
  Value constant(double value) { return scalarConstant(b, loc, result, value); }
  /// `x * alpha` unless alpha is the constant 1.
  Value scaled(Value x, unsigned alphaIndex) {
    if (alphaIndex >= op->getNumOperands())
      return x;
    std::optional<double> alpha = constantNumber(op->getOperand(alphaIndex));
    if (alpha && *alpha == 1.0)
      return x;
    return mul(x, in(alphaIndex));
  }
  Value add(Value x, Value y) {
    if (isFloat())
      return b.create<arith::AddFOp>(loc, x, y);
    if (result.isInteger(1))
      return b.create<arith::OrIOp>(loc, x, y);
    return b.create<arith::AddIOp>(loc, x, y);
  }
  Value sub(Value x, Value y) {
    if (isFloat())
      return b.create<arith::SubFOp>(loc, x, y);
    return b.create<arith::SubIOp>(loc, x, y);
  }
  Value mul(Value x, Value y) {
    if (isFloat())
      return b.create<arith::MulFOp>(loc, x, y);
    if (result.isInteger(1))
      return b.create<arith::AndIOp>(loc, x, y);
    return b.create<arith::MulIOp>(loc, x, y);
  }
  Value div(Value x, Value y) { return b.create<arith::DivFOp>(loc, x, y); }
  Value maximum(Value x, Value y) {
    if (isFloat())
      return b.create<arith::MaximumFOp>(loc, x, y);
    if (isUnsigned)
      return b.create<arith::MaxUIOp>(loc, x, y);
    return b.create<arith::MaxSIOp>(loc, x, y);
  }
  Value minimum(Value x, Value y) {
    if (isFloat())
      return b.create<arith::MinimumFOp>(loc, x, y);
    if (isUnsigned)
      return b.create<arith::MinUIOp>(loc, x, y);
    return b.create<arith::MinSIOp>(loc, x, y);
  }
  Value sigmoid(Value x) {
    Value negExp = b.create<math::ExpOp>(loc, b.create<arith::NegFOp>(loc, x));
    return div(constant(1), add(constant(1), negExp));
  }
  Value select(Value condition, Value x, Value y) {
    return b.create<arith::SelectOp>(loc, condition, x, y);
  }
  /// `x > 0` in the result type.
  Value positive(Value x) {
    if (isFloat())
      return b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OGT, x,
                                     constant(0));
    return b.create<arith::CmpIOp>(loc, intPredicate(arith::CmpIPredicate::sgt),
                                   x, constant(0));
  }
  /// A float op of operand 0; integers are not handled.
  template <typename FloatOp> static Value floatUnary(ElementBuilder &e) {
    if (!e.isFloat())
      return nullptr;
    return e.b.create<FloatOp>(e.loc, e.in(0));
  }
  /// A float rounding op of operand 0; an integer is already whole.
  template <typename FloatOp> static Value roundingUnary(ElementBuilder &e) {
    return e.isFloat() ? floatUnary<FloatOp>(e) : e.in(0);
  }
  /// A bitwise op of operands 0 and 1, integers (and bools) only.
  template <typename IntOp> static Value bitwise(ElementBuilder &e) {
    if (e.isFloat())
      return nullptr;
    return e.b.create<IntOp>(e.loc, e.in(0), e.in(1));
  }
  /// A logical op of operands 0 and 1 as bools, cast to the result type.
  template <typename IntOp> Value logical() {
    Value x = in(0, b.getI1Type()), y = in(1, b.getI1Type());
    return castScalar(b, loc, b.create<IntOp>(loc, x, y), result);
  }
  /// A comparison in the promoted operand type; `signedPredicate` becomes
  /// its unsigned form for bools and unsigned integers.
  Value compare(arith::CmpFPredicate floatPredicate,
                arith::CmpIPredicate signedPredicate);
  /// Ops with a complex operand or result (or that make one): complex
  /// arithmetic, conj, complex/polar, and abs/angle back to floats.
  Value buildComplex();
  /// Operand `i` as an element of the (complex) result type.
  Value complexIn(unsigned i);
  Value clamp(Value x, Value low, Value high) {
    if (low)
      x = maximum(x, low);
    if (high)
      x = minimum(x, high);
    return x;
  }
  /// The value of an optional scalar operand, or null for None.
  Value optional(unsigned i) {
    if (isNone(op->getOperand(i)))
      return nullptr;
    return in(i);
  }

  OpBuilder &b;
  Location loc;
  Operation *op;
  ValueRange values;
  Type result;
  /// The result's dtype is an unsigned integer (ui8) or bool: integer ops on
  /// it compare, divide and convert as unsigned.
  bool isUnsigned;
};

Value ElementBuilder::complexIn(unsigned i) {
  auto type = cast<ComplexType>(result);
  Value v = values[i];
  if (auto from = dyn_cast<ComplexType>(v.getType())) {
    if (from == type)
      return v;
    Type element = type.getElementType();
    return b.create<complex::CreateOp>(
        loc, type, castScalar(b, loc, b.create<complex::ReOp>(loc, v), element),
        castScalar(b, loc, b.create<complex::ImOp>(loc, v), element));
  }
  Type element = type.getElementType();
  return b.create<complex::CreateOp>(loc, type, castScalar(b, loc, v, element),
                                     scalarConstant(b, loc, element, 0));
}

Value ElementBuilder::buildComplex() {
  // Complex results from complex (or real) operands, in the result's type.
  if (isa<ComplexType>(result)) {
    if (isa<AtenCloneOp, AtenDetachOp, AtenLiftFreshCopyOp, AtenAliasOp,
            AtenContiguousOp, Aten_ConjOp>(op)) {
      if (!isa<ComplexType>(values[0].getType()))
        return nullptr;
      return isa<Aten_ConjOp>(op)
                 ? b.create<complex::ConjOp>(loc, complexIn(0)).getResult()
                 : complexIn(0);
    }
    if (isa<AtenNegOp>(op))
      return b.create<complex::NegOp>(loc, complexIn(0));
    if (isa<AtenComplexOp>(op)) {
      Type element = cast<ComplexType>(result).getElementType();
      return b.create<complex::CreateOp>(
          loc, result, castScalar(b, loc, values[0], element),
          castScalar(b, loc, values[1], element));
    }
    if (isa<AtenPolarOp>(op)) {
      Type element = cast<ComplexType>(result).getElementType();
      Value magnitude = castScalar(b, loc, values[0], element);
      Value angle = castScalar(b, loc, values[1], element);
      return b.create<complex::CreateOp>(
          loc, result,
          b.create<arith::MulFOp>(loc, magnitude,
                                  b.create<math::CosOp>(loc, angle)),
          b.create<arith::MulFOp>(loc, magnitude,
                                  b.create<math::SinOp>(loc, angle)));
    }
    // Arithmetic; an alpha other than the constant 1 is not handled.
    if (isa<AtenAddTensorOp, AtenAddScalarOp, AtenSubTensorOp, AtenSubScalarOp>(
            op)) {
      std::optional<double> alpha = constantNumber(op->getOperand(2));
      if (!alpha || *alpha != 1.0)
        return nullptr;
      if (isa<AtenAddTensorOp, AtenAddScalarOp>(op))
        return b.create<complex::AddOp>(loc, complexIn(0), complexIn(1));
      return b.create<complex::SubOp>(loc, complexIn(0), complexIn(1));
    }
    if (isa<AtenMulTensorOp, AtenMulScalarOp>(op))
      return b.create<complex::MulOp>(loc, complexIn(0), complexIn(1));
    if (isa<AtenDivTensorOp, AtenDivScalarOp>(op))
      return b.create<complex::DivOp>(loc, complexIn(0), complexIn(1));
    return nullptr;
  }
  // Real results of complex operands.
  if (!isa<ComplexType>(values[0].getType()) || !isFloat())
    return nullptr;
  if (isa<AtenAbsOp>(op))
    return castScalar(b, loc, b.create<complex::AbsOp>(loc, values[0]), result);
  if (isa<AtenAngleOp>(op))
    return castScalar(b, loc, b.create<complex::AngleOp>(loc, values[0]),
                      result);
  return nullptr;
}

Value ElementBuilder::compare(arith::CmpFPredicate floatPredicate,
                              arith::CmpIPredicate signedPredicate) {
  bool promotedUnsigned;
  Type type = promotedType(op, SmallVector<Value>(values), b, promotedUnsigned);
  if (!type || isa<ComplexType>(type))
    return nullptr;
  Value x = in(0, type, promotedUnsigned), y = in(1, type, promotedUnsigned);
  if (isa<mlir::FloatType>(type))
    return b.create<arith::CmpFOp>(loc, floatPredicate, x, y);
  return b.create<arith::CmpIOp>(
      loc, integerPredicate(signedPredicate, type, promotedUnsigned), x, y);
}

/// One row of the elementwise table: the ops it covers, and how one element
/// of their result is built (null when the types are not handled).
struct ElementwiseRow {
  bool (*matches)(Operation *);
  Value (*build)(ElementBuilder &);
};

template <typename... Ops> bool isOneOf(Operation *op) {
  return isa<Ops...>(op);
}

using FP = arith::CmpFPredicate;
using IP = arith::CmpIPredicate;

/// Every op this file lowers as one elementwise computation: an op is
/// elementwise exactly when it has a row here. Complex elements take
/// ElementBuilder::buildComplex instead, for the ops whose rows say so.
const ElementwiseRow kElementwiseOps[] = {
    // Arithmetic, in the result type.
    {isOneOf<AtenAddTensorOp, AtenAddScalarOp>,
     [](ElementBuilder &e) -> Value {
       return e.add(e.in(0), e.scaled(e.in(1), 2));
     }},
    {isOneOf<AtenSubTensorOp, AtenSubScalarOp>,
     [](ElementBuilder &e) -> Value {
       return e.sub(e.in(0), e.scaled(e.in(1), 2));
     }},
    {isOneOf<AtenRsubScalarOp>,
     [](ElementBuilder &e) -> Value {
       return e.sub(e.in(1), e.scaled(e.in(0), 2));
     }},
    {isOneOf<AtenMulTensorOp, AtenMulScalarOp>,
     [](ElementBuilder &e) -> Value { return e.mul(e.in(0), e.in(1)); }},
    {isOneOf<AtenDivTensorOp, AtenDivScalarOp>,
     [](ElementBuilder &e) -> Value {
       return e.isFloat() ? e.div(e.in(0), e.in(1)) : nullptr;
     }},
    {isOneOf<AtenDivTensorModeOp, AtenDivScalarModeOp>,
     [](ElementBuilder &e) -> Value {
       OpBuilder &b = e.b;
       Location loc = e.loc;
       std::optional<StringRef> mode = constantString(e.op->getOperand(2));
       if (isNone(e.op->getOperand(2)))
         return e.isFloat() ? e.div(e.in(0), e.in(1)) : nullptr;
       if (!mode)
         return nullptr;
       if (e.isFloat()) {
         Value quotient = e.div(e.in(0), e.in(1));
         if (*mode == "trunc")
           return b.create<math::TruncOp>(loc, quotient);
         if (*mode == "floor")
           return b.create<math::FloorOp>(loc, quotient);
         return nullptr;
       }
       if (*mode != "trunc" && *mode != "floor")
         return nullptr;
       if (e.isUnsigned) // both modes round toward zero
         return b.create<arith::DivUIOp>(loc, e.in(0), e.in(1));
       if (*mode == "trunc")
         return b.create<arith::DivSIOp>(loc, e.in(0), e.in(1));
       return b.create<arith::FloorDivSIOp>(loc, e.in(0), e.in(1));
     }},
    {isOneOf<AtenRemainderTensorOp, AtenRemainderScalarOp>,
     [](ElementBuilder &e) -> Value {
       // Python's %: the sign of the divisor.
       OpBuilder &b = e.b;
       Location loc = e.loc;
       Value x = e.in(0), y = e.in(1);
       if (e.isFloat()) {
         Value r = b.create<arith::RemFOp>(loc, x, y);
         Value fix = b.create<arith::AndIOp>(
             loc, b.create<arith::CmpFOp>(loc, FP::UNE, r, e.constant(0)),
             b.create<arith::XOrIOp>(
                 loc, b.create<arith::CmpFOp>(loc, FP::OLT, r, e.constant(0)),
                 b.create<arith::CmpFOp>(loc, FP::OLT, y, e.constant(0))));
         return e.select(fix, e.add(r, y), r);
       }
       if (e.isUnsigned) // never negative: nothing to fix
         return b.create<arith::RemUIOp>(loc, x, y);
       Value r = b.create<arith::RemSIOp>(loc, x, y);
       Value fix = b.create<arith::AndIOp>(
           loc, b.create<arith::CmpIOp>(loc, IP::ne, r, e.constant(0)),
           b.create<arith::XOrIOp>(
               loc, b.create<arith::CmpIOp>(loc, IP::slt, r, e.constant(0)),
               b.create<arith::CmpIOp>(loc, IP::slt, y, e.constant(0))));
       return e.select(fix, e.add(r, y), r);
     }},
    {isOneOf<AtenFmodTensorOp, AtenFmodScalarOp>,
     [](ElementBuilder &e) -> Value {
       if (e.isFloat())
         return e.b.create<arith::RemFOp>(e.loc, e.in(0), e.in(1));
       if (e.isUnsigned)
         return e.b.create<arith::RemUIOp>(e.loc, e.in(0), e.in(1));
       return e.b.create<arith::RemSIOp>(e.loc, e.in(0), e.in(1));
     }},
    {isOneOf<AtenNegOp>,
     [](ElementBuilder &e) -> Value {
       if (e.isFloat())
         return e.b.create<arith::NegFOp>(e.loc, e.in(0));
       return e.sub(e.constant(0), e.in(0));
     }},
    {isOneOf<AtenAbsOp>,
     [](ElementBuilder &e) -> Value {
       if (e.isFloat())
         return e.b.create<math::AbsFOp>(e.loc, e.in(0));
       if (e.isUnsigned)
         return e.in(0);
       return e.b.create<math::AbsIOp>(e.loc, e.in(0));
     }},
    {isOneOf<AtenAtan2Op>,
     [](ElementBuilder &e) -> Value {
       if (!e.isFloat())
         return nullptr;
       return e.b.create<math::Atan2Op>(e.loc, e.in(0), e.in(1));
     }},
    {isOneOf<AtenMaximumOp>,
     [](ElementBuilder &e) -> Value { return e.maximum(e.in(0), e.in(1)); }},
    {isOneOf<AtenMinimumOp>,
     [](ElementBuilder &e) -> Value { return e.minimum(e.in(0), e.in(1)); }},
    {isOneOf<AtenPowTensorScalarOp, AtenPowTensorTensorOp, AtenPowScalarOp>,
     [](ElementBuilder &e) -> Value {
       if (e.isFloat()) {
         std::optional<double> exponent = constantNumber(e.op->getOperand(1));
         if (exponent && *exponent == 2.0)
           return e.mul(e.in(0), e.in(0));
         return e.b.create<math::PowFOp>(e.loc, e.in(0), e.in(1));
       }
       Type element = e.in(0).getType();
       if (e.isUnsigned && element.getIntOrFloatBitWidth() < 64) {
         // ATen raises an unsigned base to the exponent converted to the
         // same unsigned type (-2 is 254 for uint8), wrapping: the power of
         // the two zero-extended, truncated. math.ipowi would read the
         // exponent as signed (a negative one gives 0).
         Type wide = e.b.getI64Type();
         Value power = e.b.create<math::IPowIOp>(
             e.loc, e.b.create<arith::ExtUIOp>(e.loc, wide, e.in(0)),
             e.b.create<arith::ExtUIOp>(e.loc, wide, e.in(1)));
         return e.b.create<arith::TruncIOp>(e.loc, element, power);
       }
       Value base = e.in(0), exponent = e.in(1);
       if (element.isInteger(1))
         return e.b.create<math::IPowIOp>(e.loc, base, exponent);
       // ATen gives 0 for a 0 base and a negative exponent, where
       // math.ipowi would divide by the base: it raises to 0 instead, and
       // the 0 is selected.
       Value zero = e.constant(0);
       Value zeroBase = e.b.create<arith::AndIOp>(
           e.loc,
           e.b.create<arith::CmpIOp>(e.loc, arith::CmpIPredicate::eq, base,
                                     zero),
           e.b.create<arith::CmpIOp>(e.loc, arith::CmpIPredicate::slt, exponent,
                                     zero));
       Value power = e.b.create<math::IPowIOp>(
           e.loc, base,
           e.b.create<arith::SelectOp>(e.loc, zeroBase, zero, exponent));
       return e.b.create<arith::SelectOp>(e.loc, zeroBase, zero, power);
     }},
    {isOneOf<AtenReciprocalOp>,
     [](ElementBuilder &e) -> Value {
       return e.isFloat() ? e.div(e.constant(1), e.in(0)) : nullptr;
     }},
    {isOneOf<AtenRsqrtOp>, ElementBuilder::floatUnary<math::RsqrtOp>},
    {isOneOf<AtenSqrtOp>, ElementBuilder::floatUnary<math::SqrtOp>},
    {isOneOf<AtenExpOp>, ElementBuilder::floatUnary<math::ExpOp>},
    {isOneOf<AtenExp2Op>, ElementBuilder::floatUnary<math::Exp2Op>},
    {isOneOf<AtenExpm1Op>, ElementBuilder::floatUnary<math::ExpM1Op>},
    {isOneOf<AtenLogOp>, ElementBuilder::floatUnary<math::LogOp>},
    {isOneOf<AtenLog2Op>, ElementBuilder::floatUnary<math::Log2Op>},
    {isOneOf<AtenLog10Op>, ElementBuilder::floatUnary<math::Log10Op>},
    {isOneOf<AtenLog1pOp>, ElementBuilder::floatUnary<math::Log1pOp>},
    {isOneOf<AtenTanhOp>, ElementBuilder::floatUnary<math::TanhOp>},
    {isOneOf<AtenSinOp>, ElementBuilder::floatUnary<math::SinOp>},
    {isOneOf<AtenCosOp>, ElementBuilder::floatUnary<math::CosOp>},
    {isOneOf<AtenTanOp>, ElementBuilder::floatUnary<math::TanOp>},
    {isOneOf<AtenAtanOp>, ElementBuilder::floatUnary<math::AtanOp>},
    {isOneOf<AtenAcosOp>, ElementBuilder::floatUnary<math::AcosOp>},
    {isOneOf<AtenAsinOp>, ElementBuilder::floatUnary<math::AsinOp>},
    {isOneOf<AtenCoshOp>, ElementBuilder::floatUnary<math::CoshOp>},
    {isOneOf<AtenSinhOp>, ElementBuilder::floatUnary<math::SinhOp>},
    {isOneOf<AtenAcoshOp>, ElementBuilder::floatUnary<math::AcoshOp>},
    {isOneOf<AtenAsinhOp>, ElementBuilder::floatUnary<math::AsinhOp>},
    {isOneOf<AtenAtanhOp>, ElementBuilder::floatUnary<math::AtanhOp>},
    {isOneOf<AtenErfOp>, ElementBuilder::floatUnary<math::ErfOp>},
    // Rounding: integers are already whole.
    {isOneOf<AtenFloorOp>, ElementBuilder::roundingUnary<math::FloorOp>},
    {isOneOf<AtenCeilOp>, ElementBuilder::roundingUnary<math::CeilOp>},
    {isOneOf<AtenTruncOp>, ElementBuilder::roundingUnary<math::TruncOp>},
    {isOneOf<AtenRoundOp>, ElementBuilder::roundingUnary<math::RoundEvenOp>},
    // Activations.
    {isOneOf<AtenSigmoidOp>,
     [](ElementBuilder &e) -> Value {
       return e.isFloat() ? e.sigmoid(e.in(0)) : nullptr;
     }},
    {isOneOf<AtenReluOp>,
     [](ElementBuilder &e) -> Value {
       // NaN stays NaN, as in PyTorch.
       Value x = e.in(0);
       if (e.isFloat())
         return e.select(
             e.b.create<arith::CmpFOp>(e.loc, FP::UGT, x, e.constant(0)), x,
             e.constant(0));
       return e.maximum(x, e.constant(0));
     }},
    {isOneOf<AtenSiluOp>,
     [](ElementBuilder &e) -> Value {
       return e.isFloat() ? e.mul(e.in(0), e.sigmoid(e.in(0))) : nullptr;
     }},
    {isOneOf<AtenGeluOp>,
     [](ElementBuilder &e) -> Value {
       if (!e.isFloat())
         return nullptr;
       std::optional<StringRef> approximate =
           constantString(e.op->getOperand(1));
       Value x = e.in(0);
       Value half = e.mul(e.constant(0.5), x);
       if (approximate && *approximate == "tanh") {
         Value cube = e.mul(x, e.mul(x, x));
         Value inner = e.mul(e.constant(std::sqrt(2.0 / M_PI)),
                             e.add(x, e.mul(e.constant(0.044715), cube)));
         return e.mul(half, e.add(e.constant(1),
                                  e.b.create<math::TanhOp>(e.loc, inner)));
       }
       if (approximate && *approximate != "none")
         return nullptr;
       Value erf =
           e.b.create<math::ErfOp>(e.loc, e.mul(x, e.constant(M_SQRT1_2)));
       return e.mul(half, e.add(e.constant(1), erf));
     }},
    {isOneOf<AtenLeakyReluOp>,
     [](ElementBuilder &e) -> Value {
       Value x = e.in(0);
       return e.select(e.positive(x), x, e.mul(x, e.in(1)));
     }},
    {isOneOf<AtenEluOp>,
     [](ElementBuilder &e) -> Value {
       if (!e.isFloat())
         return nullptr;
       // scale * (x > 0 ? x : alpha * (exp(x * input_scale) - 1))
       Value x = e.in(0);
       Value expm1 = e.b.create<math::ExpM1Op>(e.loc, e.mul(x, e.in(3)));
       return e.mul(e.in(2), e.select(e.positive(x), x, e.mul(e.in(1), expm1)));
     }},
    {isOneOf<AtenSoftplusOp>,
     [](ElementBuilder &e) -> Value {
       if (!e.isFloat())
         return nullptr;
       // x * beta > threshold ? x : log1p(exp(x * beta)) / beta
       Value x = e.in(0), beta = e.in(1);
       Value scaledX = e.mul(x, beta);
       Value soft = e.div(e.b.create<math::Log1pOp>(
                              e.loc, e.b.create<math::ExpOp>(e.loc, scaledX)),
                          beta);
       return e.select(
           e.b.create<arith::CmpFOp>(e.loc, FP::OGT, scaledX, e.in(2)), x,
           soft);
     }},
    {isOneOf<AtenHardtanhOp>,
     [](ElementBuilder &e) -> Value {
       return e.clamp(e.in(0), e.in(1), e.in(2));
     }},
    {isOneOf<AtenClampOp, AtenClampTensorOp>,
     [](ElementBuilder &e) -> Value {
       return e.clamp(e.in(0), e.optional(1), e.optional(2));
     }},
    {isOneOf<AtenClampMinOp, AtenClampMinTensorOp>,
     [](ElementBuilder &e) -> Value { return e.maximum(e.in(0), e.in(1)); }},
    {isOneOf<AtenClampMaxOp, AtenClampMaxTensorOp>,
     [](ElementBuilder &e) -> Value { return e.minimum(e.in(0), e.in(1)); }},
    {isOneOf<AtenSignOp>,
     [](ElementBuilder &e) -> Value {
       Value x = e.in(0);
       // sign(NaN) is 0 in PyTorch: neither comparison holds.
       Value negative =
           e.isFloat()
               ? e.b.create<arith::CmpFOp>(e.loc, FP::OLT, x, e.constant(0))
                     .getResult()
               : e.b.create<arith::CmpIOp>(e.loc, e.intPredicate(IP::slt), x,
                                           e.constant(0))
                     .getResult();
       return e.select(e.positive(x), e.constant(1),
                       e.select(negative, e.constant(-1), e.constant(0)));
     }},

    // Comparisons and logic: i1 results.
    {isOneOf<AtenEqTensorOp, AtenEqScalarOp>,
     [](ElementBuilder &e) -> Value { return e.compare(FP::OEQ, IP::eq); }},
    {isOneOf<AtenNeTensorOp, AtenNeScalarOp>,
     [](ElementBuilder &e) -> Value { return e.compare(FP::UNE, IP::ne); }},
    {isOneOf<AtenLtTensorOp, AtenLtScalarOp>,
     [](ElementBuilder &e) -> Value { return e.compare(FP::OLT, IP::slt); }},
    {isOneOf<AtenLeTensorOp, AtenLeScalarOp>,
     [](ElementBuilder &e) -> Value { return e.compare(FP::OLE, IP::sle); }},
    {isOneOf<AtenGtTensorOp, AtenGtScalarOp>,
     [](ElementBuilder &e) -> Value { return e.compare(FP::OGT, IP::sgt); }},
    {isOneOf<AtenGeTensorOp, AtenGeScalarOp>,
     [](ElementBuilder &e) -> Value { return e.compare(FP::OGE, IP::sge); }},
    {isOneOf<AtenIsnanOp>,
     [](ElementBuilder &e) -> Value {
       Value x = e.values[0];
       if (!isa<mlir::FloatType>(x.getType()))
         return scalarConstant(e.b, e.loc, e.b.getI1Type(), 0);
       return e.b.create<arith::CmpFOp>(e.loc, FP::UNO, x, x);
     }},
    {isOneOf<AtenLogicalNotOp>,
     [](ElementBuilder &e) -> Value {
       Value x = e.in(0, e.b.getI1Type());
       Value one = scalarConstant(e.b, e.loc, e.b.getI1Type(), 1);
       return castScalar(e.b, e.loc, e.b.create<arith::XOrIOp>(e.loc, x, one),
                         e.result);
     }},
    {isOneOf<AtenLogicalAndOp>,
     [](ElementBuilder &e) -> Value { return e.logical<arith::AndIOp>(); }},
    {isOneOf<AtenLogicalOrOp>,
     [](ElementBuilder &e) -> Value { return e.logical<arith::OrIOp>(); }},
    {isOneOf<AtenLogicalXorOp>,
     [](ElementBuilder &e) -> Value { return e.logical<arith::XOrIOp>(); }},
    {isOneOf<AtenBitwiseAndTensorOp, AtenBitwiseAndScalarOp>,
     ElementBuilder::bitwise<arith::AndIOp>},
    {isOneOf<AtenBitwiseOrTensorOp>, ElementBuilder::bitwise<arith::OrIOp>},
    {isOneOf<AtenBitwiseXorTensorOp>, ElementBuilder::bitwise<arith::XOrIOp>},
    // Shifts by a negative amount or by the width or more shift every bit
    // out (arith leaves them undefined): 0, or the sign's copies.
    {isOneOf<AtenBitwiseLeftShiftTensorOp>,
     [](ElementBuilder &e) -> Value {
       if (e.isFloat())
         return nullptr;
       Value x = e.in(0), amount = e.in(1);
       Value zero = e.constant(0);
       Value width = e.constant(e.result.getIntOrFloatBitWidth());
       Value inRange = e.b.create<arith::CmpIOp>(
           e.loc, arith::CmpIPredicate::ult, amount, width);
       Value shifted = e.b.create<arith::ShLIOp>(e.loc, x, amount);
       return e.b.create<arith::SelectOp>(e.loc, inRange, shifted, zero);
     }},
    {isOneOf<AtenBitwiseRightShiftTensorOp>,
     [](ElementBuilder &e) -> Value {
       if (e.isFloat())
         return nullptr;
       // Logical for unsigned dtypes, arithmetic for signed ones.
       Value x = e.in(0), amount = e.in(1);
       unsigned bits = e.result.getIntOrFloatBitWidth();
       Value inRange = e.b.create<arith::CmpIOp>(
           e.loc, arith::CmpIPredicate::ult, amount, e.constant(bits));
       if (e.isUnsigned)
         return e.b.create<arith::SelectOp>(
             e.loc, inRange, e.b.create<arith::ShRUIOp>(e.loc, x, amount),
             e.constant(0));
       Value clamped = e.b.create<arith::SelectOp>(e.loc, inRange, amount,
                                                   e.constant(bits - 1));
       return e.b.create<arith::ShRSIOp>(e.loc, x, clamped);
     }},
    {isOneOf<AtenBitwiseNotOp>,
     [](ElementBuilder &e) -> Value {
       if (e.isFloat())
         return nullptr;
       Value allOnes = e.result.isInteger(1) ? e.constant(1) : e.constant(-1);
       return e.b.create<arith::XOrIOp>(e.loc, e.in(0), allOnes);
     }},

    // Selection.
    {isOneOf<AtenWhereSelfOp, AtenWhereScalarOp, AtenWhereScalarSelfOp,
             AtenWhereScalarOtherOp>,
     [](ElementBuilder &e) -> Value {
       return e.select(e.in(0, e.b.getI1Type()), e.in(1), e.in(2));
     }},
    {isOneOf<AtenMaskedFillScalarOp, AtenMaskedFillTensorOp>,
     [](ElementBuilder &e) -> Value {
       return e.select(e.in(1, e.b.getI1Type()), e.in(2), e.in(0));
     }},

    // Copies and casts: the result's dtype is the cast's target.
    {isOneOf<AtenToDtypeOp, AtenToDtypeLayoutOp, Aten_ToCopyOp, AtenCloneOp,
             AtenDetachOp, AtenLiftFreshCopyOp, AtenAliasOp, AtenTypeAsOp,
             AtenContiguousOp, AtenToOtherOp, AtenDropoutOp>,
     [](ElementBuilder &e) -> Value {
       // An unsigned Torch dtype on either side makes the conversion
       // zero-extend, or convert as unsigned (ElementBuilder::in).
       return e.in(0);
     }},
    {isOneOf<AtenFillScalarOp, AtenFillTensorOp, AtenCopyOp>,
     [](ElementBuilder &e) -> Value { return e.in(1); }},

    // Only for complex elements (buildComplex): made of or read from them.
    {isOneOf<AtenComplexOp, AtenPolarOp, AtenAngleOp, Aten_ConjOp>,
     [](ElementBuilder &) -> Value { return nullptr; }},
};

const ElementwiseRow *findRow(Operation *op) {
  for (const ElementwiseRow &row : kElementwiseOps)
    if (row.matches(op))
      return &row;
  return nullptr;
}

Value ElementBuilder::build() {
  bool complexOperand = llvm::any_of(
      values, [](Value v) { return isa<ComplexType>(v.getType()); });
  if (complexOperand || isa<ComplexType>(result) ||
      isa<AtenComplexOp, AtenPolarOp>(op))
    return buildComplex();
  const ElementwiseRow *row = findRow(op);
  return row ? row->build(*this) : nullptr;
}

/// Ops whose result is one elementwise computation over their operands.
bool isElementwise(Operation *op) { return findRow(op) != nullptr; }

/// Operands that are data for the computation, not options of it: a cast's
/// dtype or a dropout's train flag is not broadcast.
bool isDataOperand(Operation *op, unsigned index) {
  if (isa<AtenToDtypeOp, AtenToDtypeLayoutOp, Aten_ToCopyOp, AtenCloneOp,
          AtenContiguousOp, AtenDropoutOp>(op))
    return index == 0;
  if (isa<AtenTypeAsOp, AtenToOtherOp>(op))
    return index == 0;
  return true;
}

class ConvertElementwise : public ConversionPattern {
public:
  ConvertElementwise(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isElementwise(op) || op->getNumResults() != 1)
      return failure();
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op->getResult(0));
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result is not a ranked tensor");
    if (isa<AtenDropoutOp>(op) && constantBool(op->getOperand(2)) != false)
      return rewriter.notifyMatchFailure(op, "dropout in training mode");

    // Tensor operands are broadcast inputs; the others are captured values.
    SmallVector<Value> inputs;
    SmallVector<int> inputOf(op->getNumOperands(), -1);
    for (auto [i, original] : llvm::enumerate(op->getOperands())) {
      if (!isDataOperand(op, i))
        continue;
      if (isa<ValueTensorType>(original.getType())) {
        auto type = dyn_cast<RankedTensorType>(operands[i].getType());
        if (!type || type.getRank() > resultType.getRank())
          return rewriter.notifyMatchFailure(op, "operand is not a ranked "
                                                 "tensor that broadcasts");
        inputOf[i] = inputs.size();
        inputs.push_back(operands[i]);
      } else if (!isNone(original) && !operands[i].getType().isIntOrFloat() &&
                 !isa<Torch::StringType>(original.getType())) {
        return rewriter.notifyMatchFailure(op, "operand of unsupported type");
      }
    }

    bool supported = true;
    Value result = buildElementwise(
        rewriter, op->getLoc(), inputs, resultType,
        [&](OpBuilder &b, Location loc, ValueRange elements) -> Value {
          SmallVector<Value> values;
          for (auto [i, operand] : llvm::enumerate(operands))
            values.push_back(inputOf[i] >= 0 ? elements[inputOf[i]] : operand);
          Value element =
              ElementBuilder(b, loc, op, values, resultType.getElementType())
                  .build();
          if (!element) {
            // A placeholder so the region stays valid; the pattern fails.
            supported = false;
            Type type = resultType.getElementType();
            if (auto complexType = dyn_cast<ComplexType>(type)) {
              Value zero =
                  scalarConstant(b, loc, complexType.getElementType(), 0);
              return b.create<complex::CreateOp>(loc, complexType, zero, zero);
            }
            return scalarConstant(b, loc, type, 0);
          }
          return castScalar(b, loc, element, resultType.getElementType());
        });
    if (!supported)
      return rewriter.notifyMatchFailure(op, "no lowering for these dtypes");
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// A Python scalar from a 0-d (or one-element) tensor: Bool/Int/Float.Tensor,
/// item, and ScalarImplicit.
class ConvertTensorToScalar : public ConversionPattern {
public:
  ConvertTensorToScalar(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<AtenBoolTensorOp, AtenIntTensorOp, AtenFloatTensorOp, AtenItemOp,
             AtenScalarImplicitOp>(op))
      return failure();
    auto type = dyn_cast<RankedTensorType>(operands[0].getType());
    Type resultType =
        getTypeConverter()->convertType(op->getResult(0).getType());
    if (!type || !resultType || !resultType.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "not a ranked tensor to scalar");
    Location loc = op->getLoc();
    Value zero = rewriter.create<arith::ConstantIndexOp>(loc, 0);
    SmallVector<Value> indices(type.getRank(), zero);
    Value element =
        rewriter.create<tensor::ExtractOp>(loc, operands[0], indices);
    // An unsigned element (ui8) widens with zeros: 194 stays 194.
    rewriter.replaceOp(op, castScalar(rewriter, loc, element, resultType,
                                      isUnsignedTensor(op->getOperand(0))));
    return success();
  }
};

/// `prim.NumToTensor.Scalar`, `aten.scalar_tensor`, `aten.tensor.{int,float,
/// bool}`: a 0-d tensor holding a Python scalar.
class ConvertScalarToTensor : public ConversionPattern {
public:
  ConvertScalarToTensor(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<PrimNumToTensorScalarOp, AtenScalarTensorOp, AtenTensorIntOp,
             AtenTensorFloatOp, AtenTensorBoolOp>(op))
      return failure();
    RankedTensorType resultType =
        convertedTensorType(getTypeConverter(), op->getResult(0));
    if (!resultType || resultType.getNumElements() != 1 ||
        !operands[0].getType().isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "not a scalar to a 0-d tensor");
    Location loc = op->getLoc();
    Value element =
        castScalar(rewriter, loc, operands[0], resultType.getElementType());
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, resultType,
                                                        element);
    return success();
  }
};

/// `_assert_tensor_metadata(a, size, stride, dtype, ...)`, which export puts
/// after casts: the value tensor's type already states its dtype and sizes,
/// and a value tensor has no strides or device to check. It goes.
class EraseTensorMetadataAssert
    : public OpConversionPattern<Aten_AssertTensorMetadataOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Aten_AssertTensorMetadataOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!convertedTensorType(getTypeConverter(), op.getA()))
      return rewriter.notifyMatchFailure(op, "not a ranked value tensor");
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::torch::torch_to_linalg::populateElementwisePatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ConvertElementwise, ConvertTensorToScalar, ConvertScalarToTensor,
               EraseTensorMetadataAssert>(converter, context);
}
