//===- BackendTypeConverter.cpp - Torch value types to builtin ones -------===//

#include "torch-mlir/Dialect/TorchConversion/Transforms/BackendTypeConverter.h"

#include "mlir/IR/BuiltinTypes.h"
#include "torch-mlir/Dialect/TorchConversion/IR/TorchConversionOps.h"

using namespace mlir;
using namespace mlir::torch;

namespace mlir::torch::TorchConversion {

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

BackendTypeConverter::BackendTypeConverter(MLIRContext *context) {
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
  addTargetMaterialization([](OpBuilder &builder, Type type, ValueRange inputs,
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
      return builder.create<FromBuiltinTensorOp>(loc, type, input).getResult();
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

} // namespace mlir::torch::TorchConversion
