//===- LowerGetNextSeed.cpp - the module's random-number state ------------===//
//
// refback-lower-get-next-seed; Passes.td says what and why.
//
//===----------------------------------------------------------------------===//

#include "torch-mlir/RefBackend/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "torch-mlir/Dialect/TorchConversion/IR/TorchConversionOps.h"

namespace mlir::torch::RefBackend {
#define GEN_PASS_DEF_LOWERGETNEXTSEED
#include "RefBackend/Passes.h.inc"
} // namespace mlir::torch::RefBackend

using namespace mlir;
using namespace mlir::torch;

namespace {

class LowerGetNextSeed
    : public RefBackend::impl::LowerGetNextSeedBase<LowerGetNextSeed> {
  using LowerGetNextSeedBase::LowerGetNextSeedBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<TorchConversion::GetNextSeedOp> draws;
    module.walk(
        [&](TorchConversion::GetNextSeedOp op) { draws.push_back(op); });
    if (draws.empty())
      return;
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    Type i64 = builder.getI64Type();
    auto stateType = MemRefType::get({}, i64);
    auto state = builder.create<memref::GlobalOp>(
        module.getLoc(), "refback_rng_state", builder.getStringAttr("private"),
        stateType,
        DenseElementsAttr::get(RankedTensorType::get({}, i64),
                               builder.getI64IntegerAttr(seed).getValue()),
        /*constant=*/false, /*alignment=*/nullptr);
    // Unique among the module's symbols (renamed if the name is taken).
    SymbolTable(module).insert(state);
    for (TorchConversion::GetNextSeedOp draw : draws) {
      OpBuilder b(draw);
      Location loc = draw.getLoc();
      Value global =
          b.create<memref::GetGlobalOp>(loc, stateType, state.getSymName());
      Value current = b.create<memref::LoadOp>(loc, global);
      Value next = b.create<arith::AddIOp>(
          loc,
          b.create<arith::MulIOp>(
              loc, current,
              b.create<arith::ConstantIntOp>(loc, 6364136223846793005LL, 64)),
          b.create<arith::ConstantIntOp>(loc, 1442695040888963407LL, 64));
      b.create<memref::StoreOp>(loc, next, global);
      draw.replaceAllUsesWith(next);
      draw.erase();
    }
  }
};

} // namespace
