//===- MungeCallingConventions.cpp - results through a callback -----------===//
//
// refback-munge-calling-conventions; Passes.td says what and why.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_MUNGECALLINGCONVENTIONS
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;

namespace {

/// The type a result travels to the callback as: ranked memrefs become
/// unranked, scalars stay. Fails on anything the callback cannot take.
FailureOr<Type> callbackType(func::FuncOp function, unsigned index, Type type) {
  if (auto memref = dyn_cast<MemRefType>(type)) {
    if (!memref.getLayout().isIdentity())
      return function.emitOpError()
             << "result #" << index << " has type " << type
             << ": refback-munge-calling-conventions needs identity layouts "
                "(bufferize with function-boundary-type-conversion="
                "identity-layout-map)";
    return Type(UnrankedMemRefType::get(memref.getElementType(),
                                        memref.getMemorySpace()));
  }
  if (isa<IntegerType, FloatType>(type))
    return type;
  return function.emitOpError()
         << "result #" << index << " has type " << type
         << ", which the reference backend cannot return (memrefs, integers "
            "and floats only)";
}

LogicalResult mungeFunction(func::FuncOp function, SymbolTable &symbols) {
  MLIRContext *context = function.getContext();
  function->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                    UnitAttr::get(context));
  ArrayRef<Type> results = function.getFunctionType().getResults();
  if (results.empty())
    return success();

  SmallVector<Type> callbackTypes;
  for (auto [index, type] : llvm::enumerate(results)) {
    FailureOr<Type> converted = callbackType(function, index, type);
    if (failed(converted))
      return failure();
    callbackTypes.push_back(*converted);
  }

  std::string callbackName =
      (mlir::torch::RefBackend::kResultsCallbackPrefix + function.getName())
          .str();
  if (symbols.lookup(callbackName))
    return function.emitOpError()
           << "cannot declare its results callback: the symbol '"
           << callbackName << "' already exists";
  OpBuilder builder(function);
  auto callback = builder.create<func::FuncOp>(
      function.getLoc(), callbackName,
      FunctionType::get(context, callbackTypes, {}));
  callback.setPrivate();
  callback->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                    UnitAttr::get(context));
  symbols.insert(callback);

  SmallVector<func::ReturnOp> returns;
  function.walk([&](func::ReturnOp op) { returns.push_back(op); });
  for (func::ReturnOp ret : returns) {
    builder.setInsertionPoint(ret);
    SmallVector<Value> operands;
    for (auto [value, type] : llvm::zip(ret.getOperands(), callbackTypes)) {
      if (isa<UnrankedMemRefType>(type))
        value = builder.create<memref::CastOp>(ret.getLoc(), type, value);
      operands.push_back(value);
    }
    builder.create<func::CallOp>(ret.getLoc(), callback, operands);
    builder.create<func::ReturnOp>(ret.getLoc());
    ret.erase();
  }
  function.setFunctionType(
      FunctionType::get(context, function.getArgumentTypes(), {}));
  // The results' attributes (an importer's names for their dimensions, say)
  // went with the results.
  function.removeResAttrsAttr();
  return success();
}

class MungeCallingConventions
    : public mlir::torch::RefBackend::impl::MungeCallingConventionsBase<
          MungeCallingConventions> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> functions;
    for (auto function : module.getOps<func::FuncOp>())
      if (function.isPublic() && !function.isExternal())
        functions.push_back(function);
    for (func::FuncOp function : functions)
      if (failed(mungeFunction(function, symbols)))
        return signalPassFailure();
  }
};

} // namespace
