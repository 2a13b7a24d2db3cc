//===- TorchDialect.cpp - The Torch dialect -------------------------------===//

#include "torch-mlir/Dialect/Torch/IR/TorchDialect.h"

#include "mlir/IR/Builders.h"
#include "torch-mlir/Dialect/Torch/IR/TorchOps.h"
#include "torch-mlir/Dialect/Torch/IR/TorchTypes.h"

using namespace mlir;
using namespace mlir::torch::Torch;

#include "Dialect/Torch/IR/TorchDialect.cpp.inc"

void TorchDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Dialect/Torch/IR/TorchOps.cpp.inc"
      >();
  registerTypes();
}

/// Turns folded attributes back into constant ops.
Operation *TorchDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  if (isa<Torch::NoneType>(type))
    return builder.create<ConstantNoneOp>(loc);
  if (auto boolAttr = dyn_cast<BoolAttr>(value)) {
    if (isa<BoolType>(type))
      return builder.create<ConstantBoolOp>(loc, boolAttr);
    return nullptr;
  }
  if (auto intAttr = dyn_cast<IntegerAttr>(value)) {
    if (isa<IntType>(type))
      return builder.create<ConstantIntOp>(loc, intAttr);
    if (isa<BoolType>(type))
      return builder.create<ConstantBoolOp>(
          loc, builder.getBoolAttr(!intAttr.getValue().isZero()));
    if (isa<NumberType>(type))
      return builder.create<ConstantNumberOp>(loc, intAttr);
    return nullptr;
  }
  if (auto floatAttr = dyn_cast<FloatAttr>(value)) {
    if (isa<Torch::FloatType>(type))
      return builder.create<ConstantFloatOp>(loc, floatAttr);
    if (isa<NumberType>(type))
      return builder.create<ConstantNumberOp>(loc, floatAttr);
    return nullptr;
  }
  if (auto strAttr = dyn_cast<StringAttr>(value)) {
    if (isa<StringType>(type))
      return builder.create<ConstantStrOp>(loc, strAttr);
    if (isa<DeviceType>(type))
      return builder.create<ConstantDeviceOp>(loc, strAttr);
    return nullptr;
  }
  if (auto elements = dyn_cast<ElementsAttr>(value)) {
    if (auto tensorType = dyn_cast<ValueTensorType>(type))
      return builder.create<ValueTensorLiteralOp>(loc, tensorType, elements);
  }
  return nullptr;
}
