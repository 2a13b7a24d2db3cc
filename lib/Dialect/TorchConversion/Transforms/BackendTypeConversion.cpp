//===- BackendTypeConversion.cpp - Torch types to builtin ones ------------===//
//
// torch-func-backend-type-conversion and torch-finalizing-backend-type-
// conversion; Passes.td says what each does.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/Dialect/TorchConversion/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"
#include "torch-mlir/Dialect/Torch/IR/TorchTypes.h"
#include "torch-mlir/Dialect/TorchConversion/IR/TorchConversionOps.h"

namespace mlir::torch::TorchConversion {
#define GEN_PASS_DEF_FUNCBACKENDTYPECONVERSION
#define GEN_PASS_DEF_FINALIZINGBACKENDTYPECONVERSION
#include "Dialect/TorchConversion/Transforms/Passes.h.inc"
} // namespace mlir::torch::TorchConversion

using namespace mlir;
using namespace mlir::torch;
using namespace mlir::torch::TorchConversion;

namespace {

std::optional<Type> builtinTensorType(Torch::ValueTensorType type) {
  if (!type.hasDtype())
    return std::nullopt;
  Type element = type.getDtype();
  if (auto integer = dyn_cast<IntegerType>(element))
    element = IntegerType::get(type.getContext(), integer.getWidth());
  if (!type.hasSizes())
    return Type(UnrankedTensorType::get(element));
  SmallVector<int64_t> shape;
  for (int64_t size : type.getSizes())
    shape.push_back(size == Torch::kUnknownSize ? ShapedType::kDynamic : size);
  return Type(RankedTensorType::get(shape, element));
}

/// Torch -> builtin for values crossing a function boundary, with the torch_c
/// bridges as materializations both ways.
class BackendTypeConverter : public TypeConverter {
public:
  explicit BackendTypeConverter(MLIRContext *context) {
    addConversion([](Type type) { return type; });
    addConversion([](Torch::ValueTensorType type) -> std::optional<Type> {
      std::optional<Type> converted = builtinTensorType(type);
      return converted ? converted : Type(type);
    });
    addConversion([context](Torch::IntType) -> Type {
      return IntegerType::get(context, 64);
    });
    addConversion([context](Torch::FloatType) -> Type {
      return Float64Type::get(context);
    });
    addConversion([context](Torch::BoolType) -> Type {
      return IntegerType::get(context, 1);
    });

    // Torch -> builtin (before a return or call).
    addTargetMaterialization([](OpBuilder &builder, Type type,
                                ValueRange inputs,
                                Location loc) -> std::optional<Value> {
      if (inputs.size() != 1)
        return std::nullopt;
      Value input = inputs.front();
      if (isa<Torch::ValueTensorType>(input.getType()) && isa<TensorType>(type))
        return builder.create<ToBuiltinTensorOp>(loc, type, input).getResult();
      if (isa<Torch::IntType>(input.getType()))
        return builder.create<ToI64Op>(loc, type, input).getResult();
      if (isa<Torch::FloatType>(input.getType()))
        return builder.create<ToF64Op>(loc, type, input).getResult();
      if (isa<Torch::BoolType>(input.getType()))
        return builder.create<ToI1Op>(loc, type, input).getResult();
      return std::nullopt;
    });
    // Builtin -> Torch (for the body's uses of an argument or call result).
    auto toTorch = [](OpBuilder &builder, Type type, ValueRange inputs,
                      Location loc) -> std::optional<Value> {
      if (inputs.size() != 1)
        return std::nullopt;
      Value input = inputs.front();
      if (isa<Torch::ValueTensorType>(type))
        return builder.create<FromBuiltinTensorOp>(loc, type, input)
            .getResult();
      if (isa<Torch::IntType>(type))
        return builder.create<FromI64Op>(loc, type, input).getResult();
      if (isa<Torch::FloatType>(type))
        return builder.create<FromF64Op>(loc, type, input).getResult();
      if (isa<Torch::BoolType>(type))
        return builder.create<FromI1Op>(loc, type, input).getResult();
      return std::nullopt;
    };
    addSourceMaterialization(toTorch);
    addArgumentMaterialization(toTorch);
  }
};

class FuncBackendTypeConversion
    : public mlir::torch::TorchConversion::impl::FuncBackendTypeConversionBase<FuncBackendTypeConversion> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    BackendTypeConverter converter(context);
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

/// Uses of `To(From(x))` take `x`.
template <typename To, typename From>
void foldRoundTrips(func::FuncOp function) {
  function.walk([](To to) {
    if (auto from = to.getOperand().template getDefiningOp<From>())
      if (from.getOperand().getType() == to.getType())
        to.getResult().replaceAllUsesWith(from.getOperand());
  });
}

class FinalizingBackendTypeConversion
    : public mlir::torch::TorchConversion::impl::FinalizingBackendTypeConversionBase<
          FinalizingBackendTypeConversion> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    foldRoundTrips<ToBuiltinTensorOp, FromBuiltinTensorOp>(function);
    foldRoundTrips<FromBuiltinTensorOp, ToBuiltinTensorOp>(function);
    foldRoundTrips<ToI64Op, FromI64Op>(function);
    foldRoundTrips<FromI64Op, ToI64Op>(function);
    foldRoundTrips<ToF64Op, FromF64Op>(function);
    foldRoundTrips<FromF64Op, ToF64Op>(function);
    foldRoundTrips<ToI1Op, FromI1Op>(function);
    foldRoundTrips<FromI1Op, ToI1Op>(function);
    // Bridges without uses go, outermost first so their operands free up.
    SmallVector<Operation *> bridges;
    function.walk([&](Operation *op) {
      if (isa<ToBuiltinTensorOp, FromBuiltinTensorOp, ToI64Op, FromI64Op,
              ToF64Op, FromF64Op, ToI1Op, FromI1Op>(op))
        bridges.push_back(op);
    });
    for (Operation *op : llvm::reverse(bridges))
      if (op->use_empty())
        op->erase();
  }
};

} // namespace
