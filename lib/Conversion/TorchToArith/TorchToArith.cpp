//===- TorchToArith.cpp - Torch constants and scalar arithmetic to arith --===//

#include "torch-mlir/Conversion/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Transforms/DialectConversion.h"
#include "torch-mlir/Conversion/Utils.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/TorchConversion/Transforms/BackendTypeConverter.h"

namespace mlir::torch {
#define GEN_PASS_DEF_CONVERTTORCHTOARITH
#include "Conversion/Passes.h.inc"
} // namespace mlir::torch

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::conversion;
using namespace mlir::torch::Torch;

namespace {

/// torch.constant.int/float/bool: arith.constant of the converted type.
template <typename OpTy>
class ConvertConstant : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    TypedAttr value;
    if constexpr (std::is_same_v<OpTy, ConstantBoolOp>)
      value = rewriter.getBoolAttr(op.getValue());
    else if constexpr (std::is_same_v<OpTy, ConstantFloatOp>)
      value = rewriter.getFloatAttr(type, op.getValue().convertToDouble());
    else
      value =
          rewriter.getIntegerAttr(type, static_cast<int64_t>(op.getValue()));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

/// torch.vtensor.literal: arith.constant of the same data, its integers
/// signless.
class ConvertLiteral : public OpConversionPattern<ValueTensorLiteralOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ValueTensorLiteralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "not a ranked tensor");
    auto value = dyn_cast_or_null<TypedAttr>(builtinLiteral(op, type));
    if (!value)
      return rewriter.notifyMatchFailure(op, "literal is neither dense "
                                             "nor a resource");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

/// Binary arithmetic on Python ints and floats.
template <typename OpTy, typename IntOp, typename FloatOp>
class ConvertBinary : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    Location loc = op.getLoc();
    Value a = castScalar(rewriter, loc, adaptor.getA(), type);
    Value b = castScalar(rewriter, loc, adaptor.getB(), type);
    if (isa<mlir::FloatType>(type))
      rewriter.replaceOpWithNewOp<FloatOp>(op, a, b);
    else
      rewriter.replaceOpWithNewOp<IntOp>(op, a, b);
    return success();
  }
};

/// Comparisons of Python ints or floats.
template <typename OpTy, arith::CmpIPredicate intPredicate,
          arith::CmpFPredicate floatPredicate>
class ConvertCompare : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value a = adaptor.getA(), b = adaptor.getB();
    if (isa<mlir::FloatType>(a.getType()))
      rewriter.replaceOpWithNewOp<arith::CmpFOp>(op, floatPredicate, a, b);
    else
      rewriter.replaceOpWithNewOp<arith::CmpIOp>(op, intPredicate, a, b);
    return success();
  }
};

/// neg.int/neg.float, sqrt.int (a float), ceil.float (an int), and the
/// scalar casts Int.float, Int.bool, Float.Scalar, Bool.int, Bool.float:
/// castScalar to the converted result type.
template <typename OpTy> class ConvertUnary : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    Value a = adaptor.getOperands()[0];
    if (!type || !a.getType().isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "not a scalar");
    Location loc = op.getLoc();
    if constexpr (std::is_same_v<OpTy, AtenNegIntOp> ||
                  std::is_same_v<OpTy, AtenNegFloatOp>) {
      if (isa<mlir::FloatType>(type))
        rewriter.replaceOpWithNewOp<arith::NegFOp>(op, a);
      else
        rewriter.replaceOpWithNewOp<arith::SubIOp>(
            op, scalarConstant(rewriter, loc, type, 0), a);
      return success();
    }
    if constexpr (std::is_same_v<OpTy, AtenSqrtIntOp>) {
      rewriter.replaceOpWithNewOp<math::SqrtOp>(
          op, castScalar(rewriter, loc, a, type));
      return success();
    }
    if constexpr (std::is_same_v<OpTy, AtenCeilFloatOp>) {
      Value up = rewriter.create<math::CeilOp>(loc, a);
      rewriter.replaceOp(op, castScalar(rewriter, loc, up, type));
      return success();
    }
    rewriter.replaceOp(op, castScalar(rewriter, loc, a, type));
    return success();
  }
};

/// aten._assert_scalar (a condition on Python scalars, which torch.export
/// writes for its guards and the ONNX conversions for what only a run
/// reveals): cf.assert that the value is nonzero, with its message.
class ConvertAssertScalar : public OpConversionPattern<Aten_AssertScalarOp> {
public:
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Aten_AssertScalarOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<StringRef> message = constantString(op.getAssertMsg());
    if (!message)
      return rewriter.notifyMatchFailure(op, "the message is not a constant");
    Value value = adaptor.getSelf();
    Type type = value.getType();
    if (!type.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "not a scalar");
    Location loc = op.getLoc();
    Value holds = value;
    if (isa<mlir::FloatType>(type))
      holds = rewriter.create<arith::CmpFOp>(
          loc, arith::CmpFPredicate::UNE, value,
          scalarConstant(rewriter, loc, type, 0));
    else if (type.getIntOrFloatBitWidth() != 1)
      holds = rewriter.create<arith::CmpIOp>(
          loc, arith::CmpIPredicate::ne, value,
          scalarConstant(rewriter, loc, type, 0));
    rewriter.replaceOpWithNewOp<cf::AssertOp>(op, holds, *message);
    return success();
  }
};

class ConvertTorchToArith
    : public mlir::torch::impl::ConvertTorchToArithBase<ConvertTorchToArith> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    ConversionTarget target(*context);
    target.addLegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                           math::MathDialect,
                           TorchConversion::TorchConversionDialect>();
    TorchConversion::BackendTypeConverter converter(context);
    RewritePatternSet patterns(context);
    using IP = arith::CmpIPredicate;
    using FP = arith::CmpFPredicate;
    patterns.add<
        ConvertConstant<ConstantIntOp>, ConvertConstant<ConstantFloatOp>,
        ConvertConstant<ConstantBoolOp>, ConvertLiteral,
        ConvertBinary<AtenAddIntOp, arith::AddIOp, arith::AddFOp>,
        ConvertBinary<AtenSubIntOp, arith::SubIOp, arith::SubFOp>,
        ConvertBinary<AtenMulIntOp, arith::MulIOp, arith::MulFOp>,
        ConvertBinary<AtenFloordivIntOp, arith::FloorDivSIOp, arith::DivFOp>,
        ConvertBinary<AtenAddFloatOp, arith::AddIOp, arith::AddFOp>,
        ConvertBinary<AtenSubFloatOp, arith::SubIOp, arith::SubFOp>,
        ConvertBinary<AtenMulFloatOp, arith::MulIOp, arith::MulFOp>,
        ConvertBinary<AtenDivFloatOp, arith::DivSIOp, arith::DivFOp>,
        ConvertBinary<AtenDivIntOp, arith::DivSIOp, arith::DivFOp>,
        ConvertCompare<AtenEqIntOp, IP::eq, FP::OEQ>,
        ConvertCompare<AtenNeIntOp, IP::ne, FP::UNE>,
        ConvertCompare<AtenLtIntOp, IP::slt, FP::OLT>,
        ConvertCompare<AtenLeIntOp, IP::sle, FP::OLE>,
        ConvertCompare<AtenGtIntOp, IP::sgt, FP::OGT>,
        ConvertCompare<AtenGeIntOp, IP::sge, FP::OGE>,
        ConvertCompare<AtenEqFloatOp, IP::eq, FP::OEQ>,
        ConvertCompare<AtenLtFloatOp, IP::slt, FP::OLT>,
        ConvertCompare<AtenGtFloatOp, IP::sgt, FP::OGT>,
        ConvertCompare<AtenGeFloatOp, IP::sge, FP::OGE>,
        ConvertUnary<AtenNegIntOp>, ConvertUnary<AtenNegFloatOp>,
        ConvertUnary<AtenIntFloatOp>, ConvertUnary<AtenIntBoolOp>,
        ConvertUnary<AtenBoolIntOp>, ConvertUnary<AtenBoolFloatOp>,
        ConvertUnary<AtenFloatScalarOp>, ConvertUnary<AtenSqrtIntOp>,
        ConvertUnary<AtenCeilFloatOp>, ConvertAssertScalar>(converter, context);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
