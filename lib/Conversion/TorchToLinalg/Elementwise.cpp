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
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "torch-mlir/Conversion/Utils.h"
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
  SmallVector<AffineMap> maps;
  SmallVector<OpFoldResult> sizes(rank);
  for (int64_t j = 0; j < rank; ++j)
    if (!resultType.isDynamicDim(j))
      sizes[j] = b.getIndexAttr(resultType.getDimSize(j));

  for (Value input : inputs) {
    auto type = cast<RankedTensorType>(input.getType());
    int64_t offset = rank - type.getRank();
    SmallVector<AffineExpr> exprs;
    for (int64_t i = 0; i < type.getRank(); ++i) {
      int64_t j = i + offset;
      bool stretched = type.getDimSize(i) == 1 && resultType.getDimSize(j) != 1;
      exprs.push_back(stretched ? getAffineConstantExpr(0, context)
                                : getAffineDimExpr(j, context));
      if (!stretched && !sizes[j]) {
        if (type.isDynamicDim(i))
          sizes[j] = b.create<tensor::DimOp>(loc, input, i).getResult();
        else
          sizes[j] = b.getIndexAttr(type.getDimSize(i));
      }
    }
    maps.push_back(AffineMap::get(rank, 0, exprs, context));
  }
  for (OpFoldResult &size : sizes)
    if (!size)
      size = b.getIndexAttr(1);
  maps.push_back(b.getMultiDimIdentityMap(rank));

  Value init = emptyTensor(b, loc, resultType, sizes);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = b.create<linalg::GenericOp>(
      loc, resultType, inputs, init, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value result = body(nested, nestedLoc, args.drop_back());
        nested.create<linalg::YieldOp>(nestedLoc, result);
      });
  return generic.getResult(0);
}

Value castElements(OpBuilder &b, Location loc, Value tensor, Type element) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (type.getElementType() == element)
    return tensor;
  return buildElementwise(b, loc, tensor, type.clone(element),
                          [&](OpBuilder &nb, Location nl, ValueRange x) {
                            return castScalar(nb, nl, x[0], element);
                          });
}

} // namespace mlir::torch::torch_to_linalg

using namespace mlir::torch::torch_to_linalg;

namespace {

/// 0 bool, 1 int, 2 float: PyTorch's promotion categories.
int category(Type type) {
  if (type.isInteger(1))
    return 0;
  return isa<mlir::FloatType>(type) ? 2 : 1;
}

/// The type PyTorch computes a comparison (or another op whose result is not
/// the computation type) in: the widest type of the highest category among the
/// tensor operands, unless a Python scalar is of a higher category (then the
/// default float, f32, or i64).
Type promotedType(Operation *op, ArrayRef<Value> values, Builder &b) {
  Type best;
  int scalarCategory = -1;
  for (auto [original, value] : llvm::zip(op->getOperands(), values)) {
    Type type = value.getType();
    if (isa<ValueTensorType>(original.getType())) {
      if (!best || category(type) > category(best) ||
          (category(type) == category(best) &&
           type.getIntOrFloatBitWidth() > best.getIntOrFloatBitWidth()))
        best = type;
    } else if (type.isIntOrFloat()) {
      scalarCategory = std::max(scalarCategory, category(type));
    }
  }
  if (!best)
    return b.getF32Type();
  if (scalarCategory > category(best))
    return scalarCategory == 2 ? Type(b.getF32Type()) : Type(b.getI64Type());
  return best;
}

/// One result element of `op`, from its operands' elements (tensors) or
/// values (scalars), in operand order. Null if the op or its types are not
/// handled; the pattern then fails without changing anything.
class ElementBuilder {
public:
  ElementBuilder(OpBuilder &b, Location loc, Operation *op, ValueRange values,
                 Type resultType)
      : b(b), loc(loc), op(op), values(values), result(resultType) {}

  Value build();

private:
  Value in(unsigned i, Type type) { return castScalar(b, loc, values[i], type); }
  Value in(unsigned i) { return in(i, result); }
  bool isFloat() { return isa<mlir::FloatType>(result); }
  Value constant(double value) { return scalarConstant(b, loc, result, value); }
  /// `x * alpha` unless alpha is the constant 1.
  Value scaled(Value x, unsigned alphaIndex) {
    if (alphaIndex >= op->getNumOperands())
      return x;
    std::optional<double> alpha = getConstantFloat(op->getOperand(alphaIndex));
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
    return b.create<arith::MaxSIOp>(loc, x, y);
  }
  Value minimum(Value x, Value y) {
    if (isFloat())
      return b.create<arith::MinimumFOp>(loc, x, y);
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
    return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, x,
                                   constant(0));
  }
  template <typename FloatOp>
  Value floatUnary() {
    if (!isFloat())
      return nullptr;
    return b.create<FloatOp>(loc, in(0));
  }
  Value compare(arith::CmpFPredicate floatPredicate,
                arith::CmpIPredicate signedPredicate,
                arith::CmpIPredicate boolPredicate);
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
      return b.create<complex::CreateOp>(loc, result,
                                         castScalar(b, loc, values[0], element),
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
    if (isa<AtenAddTensorOp, AtenAddScalarOp, AtenSubTensorOp,
            AtenSubScalarOp>(op)) {
      std::optional<double> alpha = getConstantFloat(op->getOperand(2));
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
    return castScalar(b, loc, b.create<complex::AngleOp>(loc, values[0]), result);
  return nullptr;
}

Value ElementBuilder::compare(arith::CmpFPredicate floatPredicate,
                              arith::CmpIPredicate signedPredicate,
                              arith::CmpIPredicate boolPredicate) {
  Type type = promotedType(op, SmallVector<Value>(values), b);
  Value x = in(0, type), y = in(1, type);
  if (isa<mlir::FloatType>(type))
    return b.create<arith::CmpFOp>(loc, floatPredicate, x, y);
  return b.create<arith::CmpIOp>(
      loc, type.isInteger(1) ? boolPredicate : signedPredicate, x, y);
}

Value ElementBuilder::build() {
  using FP = arith::CmpFPredicate;
  using IP = arith::CmpIPredicate;
  bool complexOperand = llvm::any_of(values, [](Value v) {
    return isa<ComplexType>(v.getType());
  });
  if (complexOperand || isa<ComplexType>(result) ||
      isa<AtenComplexOp, AtenPolarOp>(op))
    return buildComplex();
  // Arithmetic, in the result type.
  if (isa<AtenAddTensorOp, AtenAddScalarOp>(op))
    return add(in(0), scaled(in(1), 2));
  if (isa<AtenSubTensorOp, AtenSubScalarOp>(op))
    return sub(in(0), scaled(in(1), 2));
  if (isa<AtenRsubScalarOp>(op))
    return sub(in(1), scaled(in(0), 2));
  if (isa<AtenMulTensorOp, AtenMulScalarOp>(op))
    return mul(in(0), in(1));
  if (isa<AtenDivTensorOp, AtenDivScalarOp>(op))
    return isFloat() ? div(in(0), in(1)) : nullptr;
  if (isa<AtenDivTensorModeOp, AtenDivScalarModeOp>(op)) {
    std::optional<StringRef> mode = getConstantString(op->getOperand(2));
    if (isNone(op->getOperand(2)))
      return isFloat() ? div(in(0), in(1)) : nullptr;
    if (!mode)
      return nullptr;
    if (isFloat()) {
      Value quotient = div(in(0), in(1));
      if (*mode == "trunc")
        return b.create<math::TruncOp>(loc, quotient);
      if (*mode == "floor")
        return b.create<math::FloorOp>(loc, quotient);
      return nullptr;
    }
    if (*mode == "trunc")
      return b.create<arith::DivSIOp>(loc, in(0), in(1));
    if (*mode == "floor")
      return b.create<arith::FloorDivSIOp>(loc, in(0), in(1));
    return nullptr;
  }
  if (isa<AtenRemainderTensorOp, AtenRemainderScalarOp>(op)) {
    // Python's %: the sign of the divisor.
    Value x = in(0), y = in(1);
    if (isFloat()) {
      Value r = b.create<arith::RemFOp>(loc, x, y);
      Value fix = b.create<arith::AndIOp>(
          loc,
          b.create<arith::CmpFOp>(loc, FP::UNE, r, constant(0)),
          b.create<arith::XOrIOp>(
              loc, b.create<arith::CmpFOp>(loc, FP::OLT, r, constant(0)),
              b.create<arith::CmpFOp>(loc, FP::OLT, y, constant(0))));
      return select(fix, add(r, y), r);
    }
    Value r = b.create<arith::RemSIOp>(loc, x, y);
    Value fix = b.create<arith::AndIOp>(
        loc, b.create<arith::CmpIOp>(loc, IP::ne, r, constant(0)),
        b.create<arith::XOrIOp>(
            loc, b.create<arith::CmpIOp>(loc, IP::slt, r, constant(0)),
            b.create<arith::CmpIOp>(loc, IP::slt, y, constant(0))));
    return select(fix, add(r, y), r);
  }
  if (isa<AtenFmodTensorOp, AtenFmodScalarOp>(op)) {
    if (isFloat())
      return b.create<arith::RemFOp>(loc, in(0), in(1));
    return b.create<arith::RemSIOp>(loc, in(0), in(1));
  }
  if (isa<AtenNegOp>(op))
    return isFloat() ? b.create<arith::NegFOp>(loc, in(0)).getResult()
                     : sub(constant(0), in(0));
  if (isa<AtenAbsOp>(op))
    return isFloat() ? b.create<math::AbsFOp>(loc, in(0)).getResult()
                     : b.create<math::AbsIOp>(loc, in(0)).getResult();
  if (isa<AtenAtan2Op>(op))
    return isFloat() ? b.create<math::Atan2Op>(loc, in(0), in(1)).getResult()
                     : nullptr;
  if (isa<AtenMaximumOp>(op))
    return maximum(in(0), in(1));
  if (isa<AtenMinimumOp>(op))
    return minimum(in(0), in(1));
  if (isa<AtenPowTensorScalarOp, AtenPowTensorTensorOp, AtenPowScalarOp>(op)) {
    if (isFloat()) {
      std::optional<double> exponent = getConstantFloat(op->getOperand(1));
      if (exponent && *exponent == 2.0)
        return mul(in(0), in(0));
      return b.create<math::PowFOp>(loc, in(0), in(1));
    }
    return b.create<math::IPowIOp>(loc, in(0), in(1));
  }
  if (isa<AtenReciprocalOp>(op))
    return isFloat() ? div(constant(1), in(0)) : nullptr;
  if (isa<AtenRsqrtOp>(op))
    return floatUnary<math::RsqrtOp>();
  if (isa<AtenSqrtOp>(op))
    return floatUnary<math::SqrtOp>();
  if (isa<AtenExpOp>(op))
    return floatUnary<math::ExpOp>();
  if (isa<AtenExp2Op>(op))
    return floatUnary<math::Exp2Op>();
  if (isa<AtenExpm1Op>(op))
    return floatUnary<math::ExpM1Op>();
  if (isa<AtenLogOp>(op))
    return floatUnary<math::LogOp>();
  if (isa<AtenLog2Op>(op))
    return floatUnary<math::Log2Op>();
  if (isa<AtenLog10Op>(op))
    return floatUnary<math::Log10Op>();
  if (isa<AtenLog1pOp>(op))
    return floatUnary<math::Log1pOp>();
  if (isa<AtenTanhOp>(op))
    return floatUnary<math::TanhOp>();
  if (isa<AtenSinOp>(op))
    return floatUnary<math::SinOp>();
  if (isa<AtenCosOp>(op))
    return floatUnary<math::CosOp>();
  if (isa<AtenTanOp>(op))
    return floatUnary<math::TanOp>();
  if (isa<AtenAtanOp>(op))
    return floatUnary<math::AtanOp>();
  if (isa<AtenErfOp>(op))
    return floatUnary<math::ErfOp>();
  if (isa<AtenFloorOp>(op))
    return isFloat() ? floatUnary<math::FloorOp>() : in(0);
  if (isa<AtenCeilOp>(op))
    return isFloat() ? floatUnary<math::CeilOp>() : in(0);
  if (isa<AtenTruncOp>(op))
    return isFloat() ? floatUnary<math::TruncOp>() : in(0);
  if (isa<AtenRoundOp>(op))
    return isFloat() ? floatUnary<math::RoundEvenOp>() : in(0);
  if (isa<AtenSigmoidOp>(op))
    return isFloat() ? sigmoid(in(0)) : nullptr;
  if (isa<AtenReluOp>(op)) {
    // NaN stays NaN, as in PyTorch.
    Value x = in(0);
    if (isFloat())
      return select(b.create<arith::CmpFOp>(loc, FP::UGT, x, constant(0)), x,
                    constant(0));
    return maximum(x, constant(0));
  }
  if (isa<AtenSiluOp>(op))
    return isFloat() ? mul(in(0), sigmoid(in(0))) : nullptr;
  if (isa<AtenGeluOp>(op)) {
    if (!isFloat())
      return nullptr;
    std::optional<StringRef> approximate = getConstantString(op->getOperand(1));
    Value x = in(0);
    Value half = mul(constant(0.5), x);
    if (approximate && *approximate == "tanh") {
      Value cube = mul(x, mul(x, x));
      Value inner = mul(constant(std::sqrt(2.0 / M_PI)),
                        add(x, mul(constant(0.044715), cube)));
      return mul(half, add(constant(1), b.create<math::TanhOp>(loc, inner)));
    }
    if (approximate && *approximate != "none")
      return nullptr;
    Value erf = b.create<math::ErfOp>(loc, mul(x, constant(M_SQRT1_2)));
    return mul(half, add(constant(1), erf));
  }
  if (isa<AtenLeakyReluOp>(op)) {
    Value x = in(0);
    return select(positive(x), x, mul(x, in(1)));
  }
  if (isa<AtenEluOp>(op)) {
    if (!isFloat())
      return nullptr;
    // scale * (x > 0 ? x : alpha * (exp(x * input_scale) - 1))
    Value x = in(0);
    Value expm1 = b.create<math::ExpM1Op>(loc, mul(x, in(3)));
    return mul(in(2), select(positive(x), x, mul(in(1), expm1)));
  }
  if (isa<AtenSoftplusOp>(op)) {
    if (!isFloat())
      return nullptr;
    // x * beta > threshold ? x : log1p(exp(x * beta)) / beta
    Value x = in(0), beta = in(1);
    Value scaledX = mul(x, beta);
    Value soft = div(b.create<math::Log1pOp>(
                         loc, b.create<math::ExpOp>(loc, scaledX)),
                     beta);
    return select(b.create<arith::CmpFOp>(loc, FP::OGT, scaledX, in(2)), x,
                  soft);
  }
  if (isa<AtenHardtanhOp>(op))
    return clamp(in(0), in(1), in(2));
  if (isa<AtenClampOp, AtenClampTensorOp>(op))
    return clamp(in(0), optional(1), optional(2));
  if (isa<AtenClampMinOp, AtenClampMinTensorOp>(op))
    return maximum(in(0), in(1));
  if (isa<AtenClampMaxOp, AtenClampMaxTensorOp>(op))
    return minimum(in(0), in(1));
  if (isa<AtenSignOp>(op)) {
    Value x = in(0);
    if (isFloat()) // sign(NaN) is 0 in PyTorch: neither comparison holds
      return select(positive(x), constant(1),
                    select(b.create<arith::CmpFOp>(loc, FP::OLT, x,
                                                   constant(0)),
                           constant(-1), constant(0)));
    return select(positive(x), constant(1),
                  select(b.create<arith::CmpIOp>(loc, IP::slt, x, constant(0)),
                         constant(-1), constant(0)));
  }

  // Comparisons and logic: i1 results.
  if (isa<AtenEqTensorOp, AtenEqScalarOp>(op))
    return compare(FP::OEQ, IP::eq, IP::eq);
  if (isa<AtenNeTensorOp, AtenNeScalarOp>(op))
    return compare(FP::UNE, IP::ne, IP::ne);
  if (isa<AtenLtTensorOp, AtenLtScalarOp>(op))
    return compare(FP::OLT, IP::slt, IP::ult);
  if (isa<AtenLeTensorOp, AtenLeScalarOp>(op))
    return compare(FP::OLE, IP::sle, IP::ule);
  if (isa<AtenGtTensorOp, AtenGtScalarOp>(op))
    return compare(FP::OGT, IP::sgt, IP::ugt);
  if (isa<AtenGeTensorOp, AtenGeScalarOp>(op))
    return compare(FP::OGE, IP::sge, IP::uge);
  if (isa<AtenIsnanOp>(op)) {
    Value x = values[0];
    if (!isa<mlir::FloatType>(x.getType()))
      return scalarConstant(b, loc, b.getI1Type(), 0);
    return b.create<arith::CmpFOp>(loc, FP::UNO, x, x);
  }
  if (isa<AtenLogicalNotOp>(op))
    return castScalar(b, loc,
                      b.create<arith::XOrIOp>(
                          loc, in(0, b.getI1Type()),
                          scalarConstant(b, loc, b.getI1Type(), 1)),
                      result);
  if (isa<AtenLogicalAndOp, AtenLogicalOrOp, AtenLogicalXorOp>(op)) {
    Value x = in(0, b.getI1Type()), y = in(1, b.getI1Type());
    Value r;
    if (isa<AtenLogicalAndOp>(op))
      r = b.create<arith::AndIOp>(loc, x, y);
    else if (isa<AtenLogicalOrOp>(op))
      r = b.create<arith::OrIOp>(loc, x, y);
    else
      r = b.create<arith::XOrIOp>(loc, x, y);
    return castScalar(b, loc, r, result);
  }
  if (isa<AtenBitwiseAndTensorOp, AtenBitwiseAndScalarOp, AtenBitwiseOrTensorOp,
          AtenBitwiseXorTensorOp, AtenBitwiseNotOp>(op)) {
    if (isFloat())
      return nullptr;
    if (isa<AtenBitwiseNotOp>(op))
      return b.create<arith::XOrIOp>(
          loc, in(0),
          result.isInteger(1) ? constant(1) : constant(-1));
    if (isa<AtenBitwiseAndTensorOp, AtenBitwiseAndScalarOp>(op))
      return b.create<arith::AndIOp>(loc, in(0), in(1));
    if (isa<AtenBitwiseOrTensorOp>(op))
      return b.create<arith::OrIOp>(loc, in(0), in(1));
    return b.create<arith::XOrIOp>(loc, in(0), in(1));
  }

  // Selection.
  if (isa<AtenWhereSelfOp, AtenWhereScalarOp, AtenWhereScalarSelfOp,
          AtenWhereScalarOtherOp>(op))
    return select(in(0, b.getI1Type()), in(1), in(2));
  if (isa<AtenMaskedFillScalarOp, AtenMaskedFillTensorOp>(op))
    return select(in(1, b.getI1Type()), in(2), in(0));

  // Copies and casts: the result's dtype is the cast's target.
  if (isa<AtenToDtypeOp, AtenToDtypeLayoutOp, Aten_ToCopyOp, AtenCloneOp,
          AtenDetachOp, AtenLiftFreshCopyOp, AtenAliasOp, AtenTypeAsOp,
          AtenContiguousOp, AtenToOtherOp, AtenDropoutOp>(op))
    return in(0);
  if (isa<AtenFillScalarOp, AtenFillTensorOp, AtenCopyOp>(op))
    return in(1);
  return nullptr;
}

/// Ops whose result is one elementwise computation over their operands.
bool isElementwise(Operation *op) {
  return isa<
      AtenAddTensorOp, AtenAddScalarOp, AtenSubTensorOp, AtenSubScalarOp,
      AtenRsubScalarOp, AtenMulTensorOp, AtenMulScalarOp, AtenDivTensorOp,
      AtenDivScalarOp, AtenDivTensorModeOp, AtenDivScalarModeOp,
      AtenRemainderTensorOp, AtenRemainderScalarOp, AtenFmodTensorOp,
      AtenFmodScalarOp, AtenNegOp, AtenAbsOp, AtenAtan2Op, AtenMaximumOp,
      AtenMinimumOp,
      AtenPowTensorScalarOp, AtenPowTensorTensorOp, AtenPowScalarOp,
      AtenReciprocalOp, AtenRsqrtOp, AtenSqrtOp, AtenExpOp, AtenExp2Op,
      AtenExpm1Op, AtenLogOp, AtenLog2Op, AtenLog10Op, AtenLog1pOp, AtenTanhOp,
      AtenSinOp, AtenCosOp, AtenTanOp, AtenAtanOp, AtenErfOp, AtenFloorOp,
      AtenCeilOp, AtenTruncOp, AtenRoundOp, AtenSigmoidOp, AtenReluOp,
      AtenSiluOp, AtenGeluOp, AtenLeakyReluOp, AtenEluOp, AtenSoftplusOp,
      AtenHardtanhOp, AtenClampOp, AtenClampTensorOp, AtenClampMinOp,
      AtenClampMinTensorOp, AtenClampMaxOp, AtenClampMaxTensorOp, AtenSignOp,
      AtenEqTensorOp, AtenEqScalarOp, AtenNeTensorOp, AtenNeScalarOp,
      AtenLtTensorOp, AtenLtScalarOp, AtenLeTensorOp, AtenLeScalarOp,
      AtenGtTensorOp, AtenGtScalarOp, AtenGeTensorOp, AtenGeScalarOp,
      AtenIsnanOp, AtenLogicalNotOp, AtenLogicalAndOp, AtenLogicalOrOp,
      AtenLogicalXorOp, AtenBitwiseAndTensorOp, AtenBitwiseAndScalarOp,
      AtenBitwiseOrTensorOp, AtenBitwiseXorTensorOp, AtenBitwiseNotOp,
      AtenWhereSelfOp, AtenWhereScalarOp, AtenWhereScalarSelfOp,
      AtenWhereScalarOtherOp, AtenMaskedFillScalarOp, AtenMaskedFillTensorOp,
      AtenToDtypeOp, AtenToDtypeLayoutOp, Aten_ToCopyOp, AtenCloneOp,
      AtenDetachOp, AtenLiftFreshCopyOp, AtenAliasOp, AtenTypeAsOp,
      AtenContiguousOp, AtenToOtherOp, AtenDropoutOp, AtenFillScalarOp,
      AtenFillTensorOp, AtenCopyOp, AtenComplexOp, AtenPolarOp, AtenAngleOp,
      Aten_ConjOp>(op);
}

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
    if (isa<AtenDropoutOp>(op) && getConstantBool(op->getOperand(2)) != false)
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
          Value element = ElementBuilder(b, loc, op, values,
                                         resultType.getElementType())
                              .build();
          if (!element) {
            // A placeholder so the region stays valid; the pattern fails.
            supported = false;
            Type type = resultType.getElementType();
            if (auto complexType = dyn_cast<ComplexType>(type)) {
              Value zero = scalarConstant(b, loc, complexType.getElementType(), 0);
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
    rewriter.replaceOp(op, castScalar(rewriter, loc, element, resultType));
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
  patterns.add<ConvertElementwise, ConvertTensorToScalar,
               ConvertScalarToTensor, EraseTensorMetadataAssert>(converter,
                                                                 context);
}
